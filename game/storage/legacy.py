"""Reading saves written before hand records (schema 2): a match as how it began plus a
journal of the moves since, with actions by class name, options by field name and chance
as the generator's raw draws. Only read, to bring such a save over (game.storage.journal
writes hand records); replaying it through a recording table writes the records of its
hands as it goes, the hand in progress included.

- ``base``: ``{"params": {"seats", "chips", "dealer", "options"}}`` (``options`` field by
  field; a Sabacc variant adds ``engine`` and ``options_class``), or ``{"legacy": <the
  state as 0.1.0 wrote it>, "params": ...}``;
- ``journal``: ``["a", "Bet", {"amount": 5}]`` an action, ``["c", draws, n]`` ``n``
  chance steps sampled from the raw ``draws``, ``["o", outcome]`` a chance outcome,
  ``["r", seat, amount]`` a re-buy, ``["n"]`` the next hand's start;
- ``check``: stacks, whose move and every seat's view when saved.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from collections.abc import Callable
from typing import Any

from game.rules.base import Event
from game.storage.codec import Later, SerializeError, decode, encode
from game.storage.journal import MAX_CHIPS, MAX_SEATS, Recorded, ReplayError, sane


def _saved_engine(game: str) -> str:
    """The module of ``game``'s engine classes as schema 2 saves named it (its registry
    entry's ``legacy_engine``); "" for a game such saves never held."""
    from game import games

    entry = games.GAMES.get(game)
    return entry.legacy_engine if entry is not None else ""


# ------------------------------------------------------------------ random draws
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
        return _saved_engine(game)
    if not isinstance(module, str) or not module.startswith("game.rules."):
        raise ReplayError("saved match names an engine that is not one of the game's")
    return module


def _options_class(game: str, params: Any = None) -> type:
    name = params.get("options_class") if isinstance(params, dict) else None
    if name is None:
        from game import games

        module, _, attribute = games.get(game).legacy_options.partition(":")
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
    if module != _saved_engine(game):
        params["engine"] = module
        params["options_class"] = f"{type(options).__module__}:{type(options).__qualname__}"
    return params


def build(game: str, params: Any, lenient: bool = False) -> Any:
    """A new match from saved ``params``; ReplayError when they do not make one.
    ``lenient``: options this version does not know are left out (to abandon a hand at
    its starting stacks, a rule from elsewhere need not stop the match)."""
    if not _saved_engine(game):
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
    where = module if module is not None else engine or _saved_engine(game)
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


def replay_journal(
    game: str,
    base: Any,
    journal: Any,
    check: Any = None,
    hand_ended: Callable[[str, list[Event]], bool] | None = None,
) -> tuple[Recorded, list[Event], list[int], Any]:
    """The saved match rebuilt: ``(state, hand_events, hand_start_chips,
    hand_start_view)`` where the last three describe the hand (unit) in play as a
    driver saw it. ReplayError (a SerializeError) when it cannot be rebuilt exactly."""
    if not _saved_engine(game):
        raise ReplayError(f"unknown game {game!r}")
    if not isinstance(base, dict) or not isinstance(journal, list):
        raise ReplayError("saved match lacks its start or its moves")
    if "legacy" in base:
        state = decode(base["legacy"])
        if type(state).__module__ != _saved_engine(game) and not type(state).__module__.startswith(
            "game.rules."
        ):
            raise ReplayError("saved legacy state is not an engine state")
    else:
        # Replayed through a recording table: the hand records are written as the moves
        # are made (game.record), the hand in progress included.
        state = Recorded(game, build(game, base.get("params")))
        state.writer.begin_match(state.engine)
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
    if type(state) is Recorded:
        recorded = state
        state = recorded.engine
    else:
        recorded = Recorded(game, state, legacy=base["legacy"])
    _check(state, check)
    sane(state)
    return recorded, events, start_chips, start_view


def _replay_step(game: str, state: Any, entry: Any) -> list[Event]:
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
        raise ReplayError("a saved move is malformed")
    kind = entry[0]
    if kind == "a" and len(entry) in (3, 4):
        engine = type(getattr(state, "engine", state)).__module__
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
