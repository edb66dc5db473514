"""A match as its start plus the moves made since: what a save holds instead of the
engine's private fields.

The engines are deterministic: the same start and the same actions and chance results
give the same state. So a table's engine state is saved as

- ``base``: how the match began -- ``{"params": {"seats", "chips", "dealer", "options"}}``
  (the arguments of the game's ``new_game``; ``options`` field by field), or, for a
  state that did not start here (a 0.1.0 save, a test's hand-built state), ``{"legacy":
  <the state as 0.1.0 wrote it>, "params": ...}`` where ``params`` is only a fallback;
- ``journal``: every step since, in order: ``["a", "Bet", {"amount": 5}]`` an action
  (the class's name in the game's engine module and its fields), ``["c", draws]`` a
  chance step sampled from a generator (``draws``: the generator's raw results --
  an int from ``getrandbits``, a float from ``random()`` -- which the engine
  turns into the same card or die again; ``["c", draws, n]`` for ``n`` chance steps in
a row), ``["o", outcome]`` a chance outcome given
  directly, ``["r", seat, amount]`` a re-buy and ``["n"]`` the next hand's start;
- ``check``: the stacks, whose move it is and the player's view when saved, compared
  after the replay so that a replay that went differently (the rules changed) is caught
  instead of resuming another hand.

:class:`Recorded` wraps a live engine state and keeps the journal as the table plays; it
passes everything else through (``isinstance`` still sees the engine's class, ``clone()``
gives a plain unrecorded copy for the AI). :func:`replay` turns a saved base and journal
back into a Recorded state, raising :class:`ReplayError` when it cannot.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from collections.abc import Callable
from typing import Any

from game.rules.base import Event
from game.storage.serialize import Later, SerializeError, decode, encode

ENGINE_MODULES = {
    "sabacc": "game.rules.sabacc",
    "brag": "game.rules.brag",
    "ninehalf": "game.rules.ninehalf",
}
OPTIONS_CLASSES = {
    "sabacc": ("game.rules.sabacc_presets", "SabaccOptions"),
    "brag": ("game.rules.brag", "BragOptions"),
    "ninehalf": ("game.rules.ninehalf", "NineHalfOptions"),
}
#: The most seats and chips a saved match may claim (anything beyond is damage).
MAX_SEATS = 16
MAX_CHIPS = 10**12


class ReplayError(SerializeError):
    """A saved match cannot be rebuilt, or rebuilt it is not the match that was saved."""


# ------------------------------------------------------------------ random draws
class RecordingRandom(random.Random):
    """Passes ``inner``'s results through and keeps them: the engine draws exactly what
    it would have drawn from ``inner`` (every Random method ends in ``random()`` or
    ``getrandbits()``)."""

    def __init__(self, inner: random.Random) -> None:
        super().__init__(0)
        self.inner = inner
        self.draws: list[Any] = []

    def random(self) -> float:
        value = self.inner.random()
        self.draws.append(value)
        return value

    def getrandbits(self, k: int) -> int:
        value = self.inner.getrandbits(k)
        self.draws.append(value)
        return value


class PlaybackRandom(random.Random):
    """Gives back the draws a RecordingRandom kept, in order; ReplayError if the engine
    asks for anything else (it changed how it samples)."""

    def __init__(self, draws: list[Any]) -> None:
        super().__init__(0)
        self.draws = draws
        self.used = 0

    def _next(self) -> Any:
        if self.used >= len(self.draws):
            raise ReplayError("the engine draws more chance than was saved")
        value = self.draws[self.used]
        self.used += 1
        return value

    def random(self) -> float:
        value = self._next()
        if not isinstance(value, float) or not 0.0 <= value < 1.0:
            raise ReplayError("saved chance draw does not match the engine's")
        return value

    def getrandbits(self, k: int) -> int:
        value = self._next()
        if not _is_int(value) or not 0 <= value < (1 << k):
            raise ReplayError("saved chance draw does not match the engine's")
        return int(value)


# ------------------------------------------------------------------ match start
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _engine_module(game: str, params: Any) -> str:
    """The engine module a match was played on: the game's own, or a variant's (a
    modern Sabacc has its own engine); only modules of game.rules are allowed."""
    module = params.get("engine") if isinstance(params, dict) else None
    if module is None:
        return ENGINE_MODULES[game]
    if not isinstance(module, str) or not module.startswith("game.rules."):
        raise ReplayError("saved match names an engine that is not one of the game's")
    return module


def _options_class(game: str, params: Any = None) -> type:
    name = params.get("options_class") if isinstance(params, dict) else None
    if name is None:
        module, attribute = OPTIONS_CLASSES[game]
    elif not isinstance(name, str) or not name.startswith("game.rules.") or ":" not in name:
        raise ReplayError("saved match names options that are not the game's")
    else:
        module, attribute = name.split(":", 1)
    try:
        cls = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise ReplayError(f"saved match's options are unknown here: {name}") from error
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
        raise ReplayError(f"saved match's options are unknown here: {name}")
    return cls


def params_of(game: str, state: Any) -> dict[str, Any]:
    """The ``new_game`` arguments that would rebuild ``state``'s match from its start, read
    from what every engine shows (its seats, stacks, dealer and options), and which
    engine and options class it is (a Sabacc variant may have its own)."""
    options = state.options
    params: dict[str, Any] = {
        "seats": int(state.num_seats),
        "chips": [int(c) for c in state.chips],
        "dealer": int(getattr(state, "dealer", 0)),
        "options": {f.name: encode(getattr(options, f.name)) for f in dataclasses.fields(options)},
    }
    module = type(state).__module__
    if module != ENGINE_MODULES[game]:
        params["engine"] = module
        params["options_class"] = f"{type(options).__module__}:{type(options).__qualname__}"
    return params


def build(game: str, params: Any, lenient: bool = False) -> Any:
    """A new match from saved ``params``; ReplayError when they do not make one.
    ``lenient``: options this version does not know are left out (to abandon a hand at
    its starting stacks, a rule from elsewhere need not stop the match)."""
    if game not in ENGINE_MODULES:
        raise ReplayError(f"unknown game {game!r}")
    if not isinstance(params, dict):
        raise ReplayError("saved match start must be an object")
    seats: Any = params.get("seats")
    chips: Any = params.get("chips")
    dealer: Any = params.get("dealer")
    if not _is_int(seats) or not 2 <= seats <= MAX_SEATS:
        raise ReplayError("saved match has an impossible number of seats")
    if (
        not isinstance(chips, list)
        or len(chips) != seats
        or not all(_is_int(c) and 0 <= c <= MAX_CHIPS for c in chips)
    ):
        raise ReplayError("saved match has impossible stacks")
    if not _is_int(dealer) or not 0 <= dealer < seats:
        raise ReplayError("saved match has no such dealer")
    options = _build_options(game, params.get("options"), lenient, params)
    engine = _engine_module(game, params)
    try:
        # Built the way the game registry builds every match (a variant with an engine
        # of its own included); the saved stacks are set afterwards, seat by seat.
        from game import games

        preset = getattr(options, "preset", None)
        state = games.get(game).new_state(seats, max(1, chips[0]), preset, options, dealer)
        if type(state).__module__ != engine:
            raise ReplayError("saved match's engine is not the game's")
    except (TypeError, ValueError, ImportError, AttributeError, KeyError) as error:
        if isinstance(error, ReplayError):
            raise
        raise ReplayError(f"saved match does not start: {error}") from error
    if list(state.chips) != chips:
        state.chips = list(chips)
    return state


def _build_options(game: str, saved: Any, lenient: bool = False, params: Any = None) -> Any:
    cls = _options_class(game, params)
    if not isinstance(saved, dict) or not all(isinstance(k, str) for k in saved):
        raise ReplayError("saved options must be an object")
    known = {f.name for f in dataclasses.fields(cls)}
    if lenient:
        saved = {name: value for name, value in saved.items() if name in known}
    unknown = set(saved) - known
    if unknown:
        raise ReplayError(f"saved options name a rule this version lacks: {sorted(unknown)[0]}")
    try:
        return cls(**{name: decode(value) for name, value in saved.items()})
    except (TypeError, ValueError) as error:
        raise ReplayError(f"saved options do not load: {error}") from error


def is_fresh(game: str, state: Any, params: dict[str, Any]) -> bool:
    """Whether ``state`` is exactly the match ``params`` start (nothing played yet)."""
    try:
        candidate = build(game, params)
        return bool(encode(candidate) == encode(state))
    except (SerializeError, TypeError, ValueError, AttributeError):
        return False


# ------------------------------------------------------------------ the journal
def encode_action(action: Any, engine: str | None = None) -> list[Any]:
    """``["a", name, fields]``; ``["a", name, fields, module]`` when the action's class
    lives in another module of game.rules than the engine's own."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        raise SerializeError(f"cannot record the action {action!r}")
    entry = [
        "a",
        type(action).__name__,
        {f.name: encode(getattr(action, f.name)) for f in dataclasses.fields(action)},
    ]
    module = type(action).__module__
    if engine is not None and module != engine:
        entry.append(module)
    return entry


def decode_action(
    game: str, name: Any, fields: Any, engine: str | None = None, module: Any = None
) -> Any:
    where = module if module is not None else engine or ENGINE_MODULES[game]
    if not isinstance(where, str) or not where.startswith("game.rules."):
        raise ReplayError("saved action names a module that is not the game's")
    try:
        found = importlib.import_module(where)
    except ImportError as error:
        raise ReplayError(f"saved action's module is unknown here: {where}") from error
    cls = getattr(found, name, None) if isinstance(name, str) else None
    if (
        not isinstance(cls, type)
        or not dataclasses.is_dataclass(cls)
        or not cls.__module__.startswith("game.rules.")
        or issubclass(cls, Event)
    ):
        raise ReplayError(f"saved action {name!r} is not one of this game's")
    if not isinstance(fields, dict):
        raise ReplayError("saved action must hold its fields")
    try:
        return cls(**{str(k): decode(v) for k, v in fields.items()})
    except (TypeError, ValueError) as error:
        raise ReplayError(f"saved action {name} does not load: {error}") from error


class Recorded:
    """An engine state that keeps its journal (see the module docstring)."""

    __slots__ = ("_state", "_game", "_base", "_journal")

    def __init__(self, game: str, state: Any, base: dict[str, Any], journal: list[Any]) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_base", base)
        object.__setattr__(self, "_journal", journal)

    # isinstance() and the tables see the engine's own class.
    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return type(object.__getattribute__(self, "_state"))

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_state"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_state"), name, value)

    def __repr__(self) -> str:
        return f"Recorded({object.__getattribute__(self, '_state')!r})"

    # --------------------------------------------------------- the recorded steps
    def apply(self, action: Any) -> list[Event]:
        entry = encode_action(action, type(self._state).__module__)
        events = self._state.apply(action)
        self._journal.append(entry)
        return events

    def apply_chance(self, outcome: Any) -> list[Event]:
        entry = ["o", encode(outcome)]
        events = self._state.apply_chance(outcome)
        self._journal.append(entry)
        return events

    def sample_chance(self, rng: random.Random) -> list[Event]:
        recorder = RecordingRandom(rng)
        events = self._state.sample_chance(recorder)
        journal = self._journal
        if journal and journal[-1][0] == "c":  # a run of chance steps: one entry
            last = journal[-1]
            journal[-1] = ["c", last[1] + recorder.draws, last[2] + 1]
        else:
            journal.append(["c", recorder.draws, 1])
        return events

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        events = self._state.rebuy(seat, amount)
        self._journal.append(["r", seat, amount])
        return events

    def start_next(self) -> list[Event]:
        events = self._state.start_next()
        self._journal.append(["n"])
        return events

    # --------------------------------------------------------- for the save
    @property
    def engine(self) -> Any:
        """The plain engine state inside."""
        return self._state

    def saved(self, later: bool = False) -> dict[str, Any]:
        """``{"base", "journal", "check"}`` as JSON-ready data (``later``: the seats'
        views in the check are taken now and encoded when written, see
        game.storage.serialize.Later; the journal's entries are never changed)."""
        return {
            "base": self._base,
            "journal": list(self._journal),
            "check": fingerprint(self._state, later),
        }


def record(game: str, state: Any) -> Any:
    """``state`` wrapped so it keeps its journal (a Recorded one is returned as it is).

    A state that is a match's very start gets a ``params`` base; any other (a resumed
    0.1.0 hand, a test's hand-built state) gets a ``legacy`` base with its fields as
    0.1.0 wrote them, so it still saves and resumes."""
    if type(state) is Recorded or game not in ENGINE_MODULES:
        return state
    try:
        params = params_of(game, state)
    except (AttributeError, TypeError, ValueError, SerializeError):
        return state
    if is_fresh(game, state, params):
        base: dict[str, Any] = {"params": params}
    else:
        try:
            base = {"legacy": encode(state), "params": params}
        except SerializeError:
            return state
    return Recorded(game, state, base, [])


def is_recorded(state: Any) -> bool:
    return type(state) is Recorded


def fingerprint(state: Any, later: bool = False) -> dict[str, Any]:
    """What a replay must reproduce: stacks, whose move, and what every seat sees (the
    views are the engines' public face, so a refactor of their insides changes none).
    ``later``: the views (frozen) are encoded when the save is written."""
    views = [state.view(seat) for seat in range(state.num_seats)]
    return {
        "chips": [int(c) for c in state.chips],
        "to_act": int(state.to_act()),
        "views": Later(lambda: [encode(v) for v in views]) if later else [encode(v) for v in views],
    }


def _check(state: Any, check: Any) -> None:
    if not isinstance(check, dict):
        return
    now = fingerprint(state)
    if check.get("chips") != now["chips"] or check.get("to_act") != now["to_act"]:
        raise ReplayError("the replayed hand is not the saved one (the rules changed)")
    saved_views = check.get("views")
    if not isinstance(saved_views, list) or len(saved_views) != len(now["views"]):
        raise ReplayError("the replayed table is not the saved one")
    for saved_view, view in zip(saved_views, now["views"], strict=True):
        if not isinstance(saved_view, dict) or not isinstance(view, dict):
            raise ReplayError("the replayed table is not the saved one")
        # Compare what both versions' views hold: a field added since is no difference.
        old, new = saved_view.get("fields"), view.get("fields")
        if (
            isinstance(old, dict)
            and isinstance(new, dict)
            and any(old[name] != new[name] for name in set(old) & set(new))
        ):
            raise ReplayError("the replayed hand shows other cards than the saved one")


def _playout(state: Any, steps: int = 3000) -> None:
    """Play a copy of the hand in play to its end with arbitrary legal moves: a card
    that is not in the game (9999) or a broken pot shows up as an error here, at load,
    not in the middle of the player's table."""
    from game.rules.base import BETWEEN, CHANCE, TERMINAL

    rng = random.Random(0)
    copy = state.clone()
    for _ in range(steps):
        who = copy.to_act()
        if who in (BETWEEN, TERMINAL):
            break
        if who == CHANCE:
            copy.sample_chance(rng)
        else:
            legal = list(copy.legal_actions())
            copy.apply(legal[rng.randrange(len(legal))])
    for seat in range(copy.num_seats):
        encode(copy.view(seat))


def replay(
    game: str,
    base: Any,
    journal: Any,
    check: Any = None,
    hand_ended: Callable[[str, list[Event]], bool] | None = None,
) -> tuple[Recorded, list[Event], list[int], Any]:
    """The saved match rebuilt: ``(state, hand_events, hand_start_chips,
    hand_start_view)`` where the last three describe the hand (unit) in play as a
    driver saw it. ReplayError (a SerializeError) when it cannot be rebuilt exactly."""
    if game not in ENGINE_MODULES:
        raise ReplayError(f"unknown game {game!r}")
    if not isinstance(base, dict) or not isinstance(journal, list):
        raise ReplayError("saved match lacks its start or its moves")
    if "legacy" in base:
        state = decode(base["legacy"])
        if type(state).__module__ != ENGINE_MODULES[game] and not type(state).__module__.startswith(
            "game.rules."
        ):
            raise ReplayError("saved legacy state is not an engine state")
    else:
        state = build(game, base.get("params"))
    ended = hand_ended or _default_hand_ended
    events: list[Event] = []
    start_chips = [int(c) for c in state.chips]
    start_view: Any = state.view(0)
    try:
        for entry in journal:
            if not events:
                start_chips = [int(c) for c in state.chips]
                start_view = state.view(0)
            step = _replay_step(game, state, entry)
            events.extend(step)
            if ended(game, step):
                events = []
    except ReplayError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        # An action the engine now refuses: the rules changed since the save.
        raise ReplayError(f"a saved move no longer plays: {error}") from error
    _check(state, check)
    _sane(state)
    return Recorded(game, state, base, list(journal)), events, start_chips, start_view


def _sane(state: Any) -> None:
    """Values, not only shapes: a state a table can show and play (a hand-edited save
    may claim seat 99, 10^30 chips, card 9999 or one seat); ReplayError otherwise."""
    from game.rules.base import BETWEEN, CHANCE, TERMINAL

    try:
        seats = state.num_seats
        chips = list(state.chips)
        if not _is_int(seats) or not 2 <= seats <= MAX_SEATS or len(chips) != seats:
            raise ReplayError("the saved table has an impossible number of seats")
        if not all(_is_int(c) and 0 <= c <= MAX_CHIPS for c in chips):
            raise ReplayError("the saved table has impossible stacks")
        who = state.to_act()
        if not _is_int(who) or not (who in (CHANCE, BETWEEN, TERMINAL) or 0 <= who < seats):
            raise ReplayError("the saved table waits for a seat that is not there")
        for seat in range(seats):
            encode(state.view(seat))
        if 0 <= who < seats:
            legal = list(state.legal_actions())
            if not legal:
                raise ReplayError("the saved table's player has no move")
            for action in legal[:40]:  # the moves the table offers really play
                state.clone().apply(action)
        elif who == CHANCE:
            state.clone().sample_chance(random.Random(0))
        _playout(state)
    except ReplayError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, SerializeError) as error:
        raise ReplayError(f"the saved table does not hold together: {error}") from error


def _replay_step(game: str, state: Any, entry: Any) -> list[Event]:
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
        raise ReplayError("a saved move is malformed")
    kind = entry[0]
    if kind == "a" and len(entry) in (3, 4):
        engine = type(state).__module__
        module = entry[3] if len(entry) == 4 else None
        return list(state.apply(decode_action(game, entry[1], entry[2], engine, module)))
    if kind == "c" and len(entry) == 3 and isinstance(entry[1], list) and _is_int(entry[2]):
        rng = PlaybackRandom(entry[1])
        events = []
        for _ in range(entry[2]):
            events.extend(state.sample_chance(rng))
        if rng.used != len(entry[1]):
            raise ReplayError("the engine draws less chance than was saved")
        return events
    if kind == "o" and len(entry) == 2:
        return list(state.apply_chance(decode(entry[1])))
    if kind == "r" and len(entry) == 3 and _is_int(entry[1]) and _is_int(entry[2]):
        if not 0 <= entry[1] < state.num_seats or not 0 < entry[2] <= MAX_CHIPS:
            raise ReplayError("a saved re-buy is impossible")
        return list(state.rebuy(entry[1], entry[2]))
    if kind == "n" and len(entry) == 1:
        return list(state.start_next())
    raise ReplayError(f"a saved move is malformed: {json.dumps(entry)[:40]}")


def _default_hand_ended(game: str, events: list[Event]) -> bool:
    from game.storage.stats import hand_ended

    return hand_ended(game, events)
