"""Saved tables: a table's snapshot (its match as hand records, its generators as seeds
and counts of draws, its own settings) to JSON and back, and the older saves' shapes.

The generic codec of values (engine states, events, views <-> plain JSON, never pickle)
is game.storage.codec; its names are also reachable here.

    >>> from game.rules import sabacc
    >>> state = sabacc.new_game(3)
    >>> copy = loads_state(dumps_state(state))
    >>> copy.chips == state.chips and type(copy) is type(state)
    True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from game.storage.codec import (
    ALLOWED_MODULES,
    Later,
    SerializeError,
    _copied,
    _list,
    decode,
    encode,
    encode_later,
    json_default,
    resolve_type,
    resolved,
    type_name,
)

__all__ = [
    "ALLOWED_MODULES",
    "Later",
    "REPLAYED_KEYS",
    "SerializeError",
    "TableSnapshot",
    "decode",
    "dumps_state",
    "encode",
    "encode_later",
    "hand_start",
    "json_default",
    "loads_state",
    "migrate_table",
    "resolve_type",
    "resolved",
    "rng_from_json",
    "rng_to_json",
    "type_name",
]


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
