"""Engine states, events and random generators <-> plain JSON, never pickle.

The encoder walks values generically, so SabaccState, BragState and NineHalfState (and
attributes a future preset adds) are saved without the engines knowing about files:

- ``None``, ``bool``, ``int``, ``str`` and finite ``float`` stay as they are;
  lists stay lists.
- ``tuple`` -> ``{"$tuple": [...]}``, ``set``/``frozenset`` -> ``{"$set"/"$frozenset": [...]}``,
  ``dict`` -> ``{"$dict": [[key, value], ...]}`` (keys need not be strings),
  a non-finite float -> ``{"$float": "inf"}``.
- An ``Enum`` member -> ``{"$enum": "module:Qualname", "value": ...}``.
- A dataclass instance (options, actions, events) ->
  ``{"$dc": "module:Qualname", "fields": {...}}``, rebuilt through its constructor so its
  own validation runs again.
- Any other object (an engine state, with ``__slots__`` or a ``__dict__``) ->
  ``{"$obj": "module:Qualname", "attrs": {...}}``, rebuilt with ``cls.__new__`` and
  ``setattr`` — no constructor, no engine edits.

Only classes defined in an allow-listed module (``ALLOWED_MODULES``: the rules engines
and the AI) are encoded or decoded; a save naming anything else is refused with
SerializeError, so a crafted save can never make the game import or build arbitrary code.

``random.Random`` goes through ``getstate()``/``setstate()`` as JSON lists
(``rng_to_json`` / ``rng_from_json``).

    >>> import random
    >>> from game.rules import sabacc
    >>> state = sabacc.new_game(3)
    >>> copy = loads_state(dumps_state(state))
    >>> copy.chips == state.chips and type(copy) is type(state)
    True
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Module prefixes whose classes may appear in a save.
ALLOWED_MODULES: tuple[str, ...] = ("game.rules.", "ai.")

_MARKERS = ("$tuple", "$set", "$frozenset", "$dict", "$float", "$enum", "$dc", "$obj")


class SerializeError(ValueError):
    """A value cannot be saved, or saved JSON cannot be turned back into one."""


# ------------------------------------------------------------------ classes by name
def _allowed_module(module: str) -> bool:
    return any(module.startswith(prefix) for prefix in ALLOWED_MODULES)


def type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def resolve_type(name: Any) -> type:
    """The class a save names, only from an allow-listed module; SerializeError otherwise."""
    if not isinstance(name, str) or name.count(":") != 1:
        raise SerializeError(f"bad class name in save: {name!r}")
    module_name, qualname = name.split(":")
    if not _allowed_module(module_name):
        raise SerializeError(f"class {name} is not allowed in a save")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise SerializeError(f"unknown module in save: {module_name}") from error
    for part in qualname.split("."):
        if part.startswith("__"):
            raise SerializeError(f"bad class name in save: {name!r}")
        target = getattr(target, part, None)
    # The class must really live where the save says (no re-exports of other modules).
    if not isinstance(target, type) or target.__module__ != module_name:
        raise SerializeError(f"unknown class in save: {name}")
    return target


def _check_encodable(cls: type) -> None:
    if not _allowed_module(cls.__module__):
        raise SerializeError(f"cannot save a value of type {cls.__module__}.{cls.__qualname__}")


# ------------------------------------------------------------------------- encode
def encode(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring for the shapes)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, enum.Enum):
        _check_encodable(type(value))
        return {"$enum": type_name(type(value)), "value": encode(value.value)}
    if isinstance(value, int | str):
        # Plain builtins only: an int/str subclass from elsewhere would lose its type.
        if type(value) not in (int, str):
            raise SerializeError(f"cannot save a value of type {type(value).__qualname__}")
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"$float": repr(value)}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, tuple):
        return {"$tuple": [encode(item) for item in value]}
    if isinstance(value, frozenset | set):
        marker = "$frozenset" if isinstance(value, frozenset) else "$set"
        # Sorted by their JSON text so the same set always saves the same way.
        items = sorted((encode(item) for item in value), key=_sort_key)
        return {marker: items}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    cls = type(value)
    _check_encodable(cls)
    if dataclasses.is_dataclass(value):
        return {
            "$dc": type_name(cls),
            "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    return {"$obj": type_name(cls), "attrs": {name: encode(v) for name, v in _attributes(value)}}


class Later:
    """JSON-ready data made when it is written rather than when the save is taken: an
    autosave hands the encoding of a table's views and events to the file writer's
    thread (game.storage.files), so the frame that takes the save only gathers them.
    ``make`` must read only values nobody changes any more (frozen views and events, a
    generator's state tuple). ``json_default`` resolves it inside ``json.dumps``; it is
    made once, whichever thread asks first."""

    __slots__ = ("_lock", "_make", "_made")

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make: Callable[[], Any] | None = make
        self._made: Any = None
        self._lock = threading.Lock()

    def value(self) -> Any:
        with self._lock:
            if self._make is not None:
                self._made, self._make = self._make(), None
            return self._made


def encode_later(value: Any) -> Later:
    """``encode(value)`` made when written; ``value`` must be frozen (a view, an event)."""
    return Later(lambda: encode(value))


def json_default(value: Any) -> Any:
    """``json.dumps(..., default=json_default)``: a ``Later`` written as what it makes."""
    if isinstance(value, Later):
        return value.value()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _copied(value: Any) -> Any:
    """Plain JSON data copied (``Later`` values kept as they are); SerializeError for
    anything else, as ``json.dumps`` would refuse it."""
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise SerializeError("table data is not plain JSON: a key is not a string")
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise SerializeError(f"table data is not plain JSON: {value!r}")
    if value is None or isinstance(value, str | int | float | Later):
        return value
    raise SerializeError(f"table data is not plain JSON: a {type(value).__qualname__}")


def resolved(data: Any) -> Any:
    """``data`` with every ``Later`` in it made: plain JSON data again."""
    return json.loads(json.dumps(data, default=json_default))


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        names.extend(s for s in slots if s not in ("__dict__", "__weakref__"))
    return names


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    """Every attribute an object holds: its filled slots, then its ``__dict__``."""
    found: list[tuple[str, Any]] = []
    for name in _slot_names(type(obj)):
        try:
            found.append((name, getattr(obj, name)))
        except AttributeError:
            continue  # a slot never assigned stays unassigned
    found.extend(getattr(obj, "__dict__", {}).items())
    return found


# ------------------------------------------------------------------------- decode
def decode(data: Any) -> Any:
    """The value ``encode`` turned into ``data``; SerializeError for anything malformed."""
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        return data
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        raise SerializeError(f"unexpected {type(data).__name__} in save")
    markers = [key for key in data if key in _MARKERS]
    if len(markers) != 1:
        raise SerializeError(f"unrecognised object in save: keys {sorted(data)[:4]}")
    marker = markers[0]
    body = data[marker]
    if marker == "$tuple":
        return tuple(decode(item) for item in _list(body, marker))
    if marker == "$set":
        return {decode(item) for item in _list(body, marker)}
    if marker == "$frozenset":
        return frozenset(decode(item) for item in _list(body, marker))
    if marker == "$dict":
        pairs = _list(body, marker)
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs):
            raise SerializeError("a saved mapping must hold [key, value] pairs")
        return {decode(k): decode(v) for k, v in pairs}
    if marker == "$float":
        if body not in ("inf", "-inf", "nan"):
            raise SerializeError(f"bad float in save: {body!r}")
        return float(body)
    cls = resolve_type(body)
    if marker == "$enum":
        if not issubclass(cls, enum.Enum):
            raise SerializeError(f"{body} is not an enumeration")
        try:
            return cls(decode(data.get("value")))
        except ValueError as error:
            raise SerializeError(f"bad value for {body}: {error}") from error
    if marker == "$dc":
        return _decode_dataclass(cls, data.get("fields"))
    return _decode_object(cls, data.get("attrs"))


def _list(body: Any, marker: str) -> list[Any]:
    if not isinstance(body, list):
        raise SerializeError(f"{marker} must hold a list")
    return body


def _decode_dataclass(cls: type, saved: Any) -> Any:
    if not dataclasses.is_dataclass(cls) or not isinstance(saved, dict):
        raise SerializeError(f"bad saved dataclass {cls.__qualname__}")
    known = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(saved) - set(known)
    if unknown:
        raise SerializeError(f"{cls.__qualname__} has no field {sorted(unknown)[0]!r}")
    values = {name: decode(value) for name, value in saved.items()}
    init_args = {name: v for name, v in values.items() if known[name].init}
    try:
        obj = cls(**init_args)
    except (TypeError, ValueError) as error:
        # A missing field without default, or a value its own validation rejects.
        raise SerializeError(f"cannot rebuild {cls.__qualname__}: {error}") from error
    for name, value in values.items():
        if not known[name].init:
            object.__setattr__(obj, name, value)
    return obj


def _decode_object(cls: type, saved: Any) -> Any:
    if dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum) or not isinstance(saved, dict):
        raise SerializeError(f"bad saved object {cls.__qualname__}")
    obj = cls.__new__(cls)
    slots = set(_slot_names(cls))
    has_dict = hasattr(obj, "__dict__")
    for name, value in saved.items():
        if not isinstance(name, str) or (name not in slots and not has_dict):
            raise SerializeError(f"{cls.__qualname__} has no attribute {name!r}")
        object.__setattr__(obj, name, decode(value))
    # A slot the class declares but the save lacks: the engine grew since this save.
    missing = slots - set(saved)
    if missing:
        raise SerializeError(
            f"saved {cls.__qualname__} lacks attribute {sorted(missing)[0]!r} "
            "(saved by another version of the game)"
        )
    return obj


# ---------------------------------------------------------------------- generators
def rng_to_json(rng: random.Random) -> dict[str, Any]:
    return _rng_state_json(rng.getstate())


def _rng_state_json(state: tuple[Any, ...]) -> dict[str, Any]:
    version, internal, gauss_next = state
    return {"version": version, "internal": list(internal), "gauss_next": gauss_next}


def rng_from_json(data: Any) -> random.Random:
    if not isinstance(data, dict):
        raise SerializeError("a saved random generator must be an object")
    version, internal, gauss_next = (
        data.get("version"),
        data.get("internal"),
        data.get("gauss_next"),
    )
    if (
        not isinstance(version, int)
        or not isinstance(internal, list)
        or not all(isinstance(word, int) and not isinstance(word, bool) for word in internal)
        or not (gauss_next is None or isinstance(gauss_next, float))
    ):
        raise SerializeError("malformed random generator state")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss_next))
    except (TypeError, ValueError, OverflowError) as error:
        raise SerializeError(f"malformed random generator state: {error}") from error
    return rng


# ------------------------------------------------------------------ a table's snapshot
#: Table data the replay works out again (from a save with a ``params`` base).
REPLAYED_KEYS = ("hand_events", "hand_start_chips", "hand_start_view")


@dataclass(slots=True)
class TableSnapshot:
    """Everything a table needs to resume mid-hand exactly where it stopped.

    ``state``  -- the engine state (any of the engines); saved not as its fields but as
                  the hand records of its match (game.storage.journal, game.record), and
                  rebuilt by replaying them;
    ``rngs``   -- named generators, e.g. ``{"chance": ..., "seat1": ...}``: the chance
                  draws and each bot's decisions continue from the same point; saved as
                  ``{"seed", "draws"}`` (game.storage.generators);
    ``table``  -- the table's own JSON-ready data: its config, seat names, anything else
                  it needs. ``hand_events``, ``hand_start_chips`` and ``hand_start_view``
                  (REPLAYED_KEYS) are never written: the replay works them out again.
    ``abandoned`` -- set by ``from_json`` when the saved hand could not be replayed
                  (the rules changed): ``state`` is then the match again at the stacks
                  the hand began with, no hand in play; the text says why.

    Written::

        {"game": "sabacc", "hands": [record, ...], "hand": record | null,
         "now": {"stacks": [...], "to_act": n},
         "generators": {"chance": {"seed": 7, "draws": 1234}, ...}, "table": {...}}
    """

    game: str
    state: Any
    rngs: dict[str, random.Random] = field(default_factory=dict)
    table: dict[str, Any] = field(default_factory=dict)
    abandoned: str | None = None

    def to_json(self, later: bool = False) -> dict[str, Any]:
        """The snapshot as JSON-ready data. ``later``: the table data may hold ``Later``
        values (made when the save is written); nothing the save holds changes with the
        table after this call."""
        from game.storage.generators import to_words
        from game.storage.journal import Recorded, record

        state = record(self.game, self.state)
        if type(state) is not Recorded:
            raise SerializeError(f"cannot save a {type(self.state).__qualname__} table")
        saved = state.saved()
        kept = dict(self.table)
        if "legacy" not in saved:  # a 0.1.0 hand still in play keeps its own record of it
            kept = {key: value for key, value in kept.items() if key not in REPLAYED_KEYS}
        if later:
            table = _copied(kept)
        else:
            try:
                json.dumps(kept, allow_nan=False)
            except (TypeError, ValueError) as error:
                raise SerializeError(f"table data is not plain JSON: {error}") from error
            table = dict(kept)
        return {
            "game": self.game,
            **saved,
            "generators": {name: to_words(rng) for name, rng in self.rngs.items()},
            # As the table gave it; on loading, REPLAYED_KEYS come from the replay.
            "table": table,
        }

    @classmethod
    def from_json(cls, data: Any) -> TableSnapshot:
        """The snapshot, its match replayed; SerializeError when it cannot be had at all
        (when only the hand in play cannot be replayed, ``abandoned`` says so). Reads the
        tables of every schema: records (3), a journal of the moves (2, replayed through
        game.storage.legacy) and 0.1.0's engine fields (1)."""
        from game.storage.journal import ReplayError, rebuild, record

        if not isinstance(data, dict):
            raise SerializeError("a saved table must be an object")
        game, table = data.get("game"), data.get("table")
        if not isinstance(game, str) or not isinstance(table, dict):
            raise SerializeError("a saved table needs game and table")
        generators = _generators(data)
        table = dict(table)
        if "base" not in data and "state" in data:
            data = migrate_table(data)  # a schema-1 table: its state as it was written
        try:
            if "base" in data:
                from game.storage.legacy import replay_journal

                state, events, chips, view = replay_journal(
                    game, data.get("base"), data.get("journal"), data.get("check")
                )
            else:
                state, events, chips, view = rebuild(game, data)
        except (ReplayError, SerializeError, RecursionError) as error:
            # Keep the match; only the hand in play is lost, at the stacks it began with.
            fresh = _abandoned(game, data, table)
            if fresh is None:
                raise SerializeError(f"saved table does not load: {error}") from error
            # No hand in play any more: the table starts the next one from these stacks.
            table.update(hand_events=[], hand_start_chips=list(fresh.chips), hand_start_view=None)
            _check_table_config(table, fresh)
            return cls(game, record(game, fresh), generators, table, str(error) or "replay")
        base = data.get("base")
        legacy = "legacy" in data or (isinstance(base, dict) and "legacy" in base)
        if not legacy or state.writer.records or state.writer.hand is not None:
            table["hand_events"] = [encode(e) for e in events]
            table["hand_start_chips"] = chips
            table["hand_start_view"] = encode(view)
        else:
            _check_hand_data(table, state)
        _check_table_config(table, state)
        return cls(game=game, state=state, rngs=generators, table=table)


def _generators(data: dict[str, Any]) -> dict[str, random.Random]:
    """The saved generators: ``{"seed", "draws"}`` each; a save from before (schema 2 and
    0.1.0: the generator's whole state) gives generators seeded from those states, which
    go on from here as saved ones do."""
    from game.storage.generators import SeededRandom, from_words

    saved = data.get("generators")
    if isinstance(saved, dict):
        try:
            return {str(name): from_words(value) for name, value in saved.items()}
        except ValueError as error:
            raise SerializeError(str(error)) from error
    old = data.get("rngs")
    if not isinstance(old, dict):
        raise SerializeError("a saved table needs its generators")
    return {
        str(name): SeededRandom(rng_from_json(value).getrandbits(64)) for name, value in old.items()
    }


def _abandoned(game: str, data: dict[str, Any], table: dict[str, Any]) -> Any:
    """The match again at the stacks the hand in play began with (None when even that
    cannot be had): the rule set, options and seats of its hands or its start."""
    from game.storage.journal import build_opening

    base = data.get("base")
    if isinstance(base, dict):  # schema 2 or 1: the old way
        from game.storage.legacy import build

        params = base.get("params")
        if isinstance(params, dict):
            params = {**params, "chips": _start_chips(table, params.get("chips"))}
        try:
            return build(game, params, lenient=True)
        except SerializeError:
            return None
    hands = data.get("hands") if isinstance(data.get("hands"), list) else []
    hand = data.get("hand")
    last = hand if isinstance(hand, dict) else (hands[-1] if hands else None)
    opening = data.get("opening")
    if "legacy" in data and isinstance(opening, dict):  # a 0.1.0 hand saved again
        opening = {**opening, "stacks": _start_chips(table, opening.get("stacks"))}
    elif isinstance(last, dict):
        stacks = (
            last.get("stacks")
            if isinstance(hand, dict)
            else (last.get("result") or {}).get("stacks")
        )
        opening = {
            "rule_set": last.get("rule_set"),
            "options": last.get("options", {}),
            "seats": len(stacks) if isinstance(stacks, list) else 0,
            "stacks": stacks,
            "dealer": last.get("dealer") if isinstance(last.get("dealer"), int) else 0,
        }
    try:
        return build_opening(game, opening, lenient=True)
    except SerializeError:
        return None


def _check_table_config(table: dict[str, Any], state: Any) -> None:
    """The quick-play table's saved set-up must fit the match: one opponent per seat
    but the player's, a starting stack a game could have (re-buys pay it again)."""
    from game.storage.journal import MAX_CHIPS

    config = table.get("config")
    if not isinstance(config, dict):
        return
    opponents = config.get("opponents")
    if isinstance(opponents, list) and len(opponents) + 1 != state.num_seats:
        raise SerializeError("the saved table's opponents do not fit its seats")
    chips = config.get("starting_chips")
    if isinstance(chips, int) and not 0 < chips <= MAX_CHIPS:
        raise SerializeError("the saved table's starting stack is impossible")
    rounds = config.get("rounds")
    if isinstance(rounds, int) and not 0 <= rounds <= MAX_CHIPS:
        raise SerializeError("the saved table's length is impossible")


def _check_hand_data(table: dict[str, Any], state: Any) -> None:
    """A legacy table's own record of the hand in play must be what the table can use:
    events, stacks a table could have, a view of the right game; SerializeError if not."""
    from game.rules.base import Event
    from game.storage.journal import MAX_CHIPS

    try:
        events = [decode(item) for item in _list(table.get("hand_events", []), "hand_events")]
        view = table.get("hand_start_view")
        if view is not None and type(decode(view)) is not type(state.view(0)):
            raise SerializeError("the saved hand's start is another game's")
    except RecursionError as error:
        raise SerializeError("the saved hand nests too deep") from error
    if not all(isinstance(e, Event) for e in events):
        raise SerializeError("the saved hand holds something that is not an event")
    chips = table.get("hand_start_chips")
    if chips is not None and not (
        isinstance(chips, list)
        and len(chips) == state.num_seats
        and all(type(c) is int and 0 <= c <= MAX_CHIPS for c in chips)
    ):
        raise SerializeError("the saved hand began with impossible stacks")


def _start_chips(table: dict[str, Any], fallback: Any) -> Any:
    chips = table.get("hand_start_chips")
    if (
        isinstance(chips, list)
        and isinstance(fallback, list)
        and len(chips) == len(fallback)
        and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in chips)
    ):
        return chips
    return fallback


def migrate_table(data: dict[str, Any]) -> dict[str, Any]:
    """A schema-1 table (its engine state field by field) as a schema-2 one: the old
    state becomes the ``legacy`` start of a journal with no moves yet, with the match's
    seats, stacks (as the hand began), dealer and options beside it as the fallback."""
    old = data.get("state")
    params: Any = None
    attrs = old.get("attrs") if isinstance(old, dict) else None
    if isinstance(attrs, dict):
        options = attrs.get("options")
        fields_ = options.get("fields") if isinstance(options, dict) else None
        chips = attrs.get("chips")
        table = data.get("table")
        if isinstance(table, dict):
            chips = _start_chips(table, chips)
        params = {
            "seats": attrs.get("num_seats"),
            "chips": chips,
            "dealer": attrs.get("dealer", 0),
            "options": fields_,
        }
    out = {key: value for key, value in data.items() if key != "state"}
    out["base"] = {"legacy": old, "params": params}
    out["journal"] = []
    return out


# ---------------------------------------------------------------------- text helpers
def dumps_state(state: Any) -> str:
    return json.dumps(encode(state), separators=(",", ":"), allow_nan=False)


def loads_state(text: str) -> Any:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SerializeError(f"not JSON: {error}") from error
    return decode(data)


def hand_start(table: dict[str, Any], state: Any) -> tuple[list[int], Any]:
    """The saved stacks and player's view as the hand in play began (a table save's
    ``hand_start_chips`` / ``hand_start_view``); the state's own when missing or
    damaged — a flaw there must never cost the player the save."""
    chips = table.get("hand_start_chips")
    if not (
        isinstance(chips, list)
        and len(chips) == state.num_seats
        and all(isinstance(c, int) and not isinstance(c, bool) for c in chips)
    ):
        chips = [int(c) for c in state.chips]
    view: Any = None
    if table.get("hand_start_view") is not None:
        try:
            view = decode(table["hand_start_view"])
        except (SerializeError, ValueError, TypeError, KeyError):
            view = None
    if view is None or type(view) is not type(state.view(0)):
        view = state.view(0)
    return list(chips), view
