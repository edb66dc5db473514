"""A match as the records of its hands: what a save holds instead of the engine's insides.

The engines are deterministic: the same start, the same chance outcomes and the same
moves give the same state. So a table's engine state is saved as the hand records of
its match (game.record, docs/record-format.md) -- the game's own words, no class names,
no generator state -- and rebuilt by replaying them:

- ``hands``: the records of the hands played so far in this match, in order;
- ``hand``: the hand in progress as a record without its result (``null`` between hands);
  every record after the first leaves out what it shares with the first (``format``,
  ``version``, ``game``, ``rule_set``, ``options``, ``seats``, ``label``: SHARED), so a
  long match does not repeat its options hand after hand;
- ``opening``: instead of both, a match where no hand has begun yet: its rule set,
  options, seats, stacks and dealer in the same words;
- ``now``: the stacks and whose move it is when saved, checked after the replay so that
  a replay that went differently (the rules changed) is caught instead of resuming
  another hand.

The first record is set up from its own start (game.record.table.begin); each later one
continues the same table: the re-buys its stacks show, the hand's start, its moves. A
Brag or Nine and a Half match whose last record keeps the hands won (``table.won``) is
rebuilt from that record alone (``Family.resumes_alone``): its start holds everything the
table carries into the hand, so a long match loads as fast as a short one; the records
before it are kept as saved (``check`` replays each of them).

A hand resumed from a save of 0.1.0 (its engine state field by field) is kept as
``legacy`` until it ends; from the next hand on the match is records again.

:class:`Recorded` wraps a live engine state and writes the records as the table plays; it
passes everything else through (``isinstance`` still sees the engine's class, ``clone()``
gives a plain unrecorded copy for the AI). :func:`rebuild` turns a saved table back into a
Recorded state, raising :class:`ReplayError` when it cannot.
"""

from __future__ import annotations

import random
from typing import Any

from game.record.replay import RecordError, start_state, step
from game.record.table import Started, dealer_of
from game.record.words import Family, family, options_of, options_words
from game.record.writer import HandWriter
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.storage.codec import SerializeError, encode

#: What a save's later records share with its first and leave out.
SHARED = ("format", "version", "game", "rule_set", "options", "seats", "label")

#: The most seats and chips a saved match may claim (anything beyond is damage).
MAX_SEATS = 16
MAX_CHIPS = 10**12
GAMES = ("sabacc", "brag", "ninehalf")


class ReplayError(SerializeError):
    """A saved match cannot be rebuilt, or rebuilt it is not the match that was saved."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------ the match's start
def rule_set_of(game: str, state: Any) -> str | None:
    """The Sabacc rule set a match is played under (None for Brag and Nine and a Half)."""
    from game import games

    if not games.get(game).has_presets:
        return None
    preset = getattr(state.options, "preset", None)
    if isinstance(preset, str):
        return preset
    from game.rules import coruscant

    return "coruscant-shift" if isinstance(state, coruscant.CoruscantState) else "corellian-spike"


def default_seats(seats: int) -> list[dict[str, Any]]:
    """The player at seat 0, computers elsewhere, until the table says more."""
    return [
        {"name": f"Seat {i + 1}", "player": "human" if i == 0 else "computer"} for i in range(seats)
    ]


def opening_of(game: str, state: Any) -> dict[str, Any]:
    """A match's start in the records' words."""
    rule_set = rule_set_of(game, state)
    return {
        "rule_set": rule_set,
        "options": options_words(state.options),
        "seats": int(state.num_seats),
        "stacks": [int(c) for c in state.chips],
        "dealer": int(getattr(state, "dealer", 0)),
    }


def build_opening(game: str, opening: Any, lenient: bool = False) -> Any:
    """A fresh match from ``opening``; ReplayError when it does not make one
    (``lenient``: options this version does not know are left out)."""
    from game import games

    if game not in GAMES or not isinstance(opening, dict):
        raise ReplayError("the saved match's start is not one")
    seats: Any = opening.get("seats")
    stacks: Any = opening.get("stacks")
    dealer: Any = opening.get("dealer")
    rule_set = opening.get("rule_set")
    if not _is_int(seats) or not 2 <= seats <= MAX_SEATS:
        raise ReplayError("saved match has an impossible number of seats")
    if (
        not isinstance(stacks, list)
        or len(stacks) != seats
        or not all(_is_int(c) and 0 <= c <= MAX_CHIPS for c in stacks)
    ):
        raise ReplayError("saved match has impossible stacks")
    if not _is_int(dealer) or not 0 <= dealer < seats:
        raise ReplayError("saved match has no such dealer")
    if rule_set is not None and not isinstance(rule_set, str):
        raise ReplayError("saved match names no rule set")
    try:
        options = options_of(game, rule_set or "", opening.get("options", {}), lenient)
        own_state = family(game, rule_set or "").own_state
        if own_state is not None:  # made with the saved options as they are (Kessel's)
            state: Any = own_state(seats, rule_set or "", options, list(stacks))
        else:
            state = games.get(game).new_state(seats, list(stacks), rule_set, options, dealer)
    except (RecordError, TypeError, ValueError, KeyError) as error:
        raise ReplayError(f"saved match does not start: {error}") from error
    state.chips = list(stacks)
    return state


def is_fresh(game: str, state: Any) -> bool:
    """Whether ``state`` is exactly a match's start (nothing played yet)."""
    try:
        return bool(encode(build_opening(game, opening_of(game, state))) == encode(state))
    except (SerializeError, TypeError, ValueError, AttributeError, KeyError):
        return False


# ------------------------------------------------------------------ the recording table
class Recorded:
    """An engine state that writes the records of its hands (see the module docstring)."""

    __slots__ = ("_state", "_game", "_writer", "_legacy")

    def __init__(
        self, game: str, state: Any, writer: HandWriter | None = None, legacy: Any = None
    ) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_game", game)
        if writer is None:
            writer = HandWriter(game, rule_set_of(game, state), default_seats(state.num_seats))
        object.__setattr__(self, "_writer", writer)
        object.__setattr__(self, "_legacy", legacy)

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
        state, writer = self._state, self._writer
        writer.action(state, state.to_act(), action)
        try:
            events = state.apply(action)
        except (ValueError, TypeError):
            writer.drop_last()
            raise
        writer.after(state, events)
        return events

    def apply_chance(self, outcome: Any) -> list[Event]:
        state, writer = self._state, self._writer
        writer.chance(state, outcome)
        try:
            events = state.apply_chance(outcome)
        except (ValueError, TypeError):
            writer.drop_last()
            raise
        writer.after(state, events)
        return events

    def sample_chance(self, rng: random.Random) -> list[Event]:
        return self.apply_chance(self._state.sample_outcome(rng))

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        # Not written: the next record's stacks show it.
        return list(self._state.rebuy(seat, amount))

    def start_next(self) -> list[Event]:
        self._writer.before_start(self._state)
        events = self._state.start_next()
        self._writer.after(self._state, events, started=True)
        return events

    # --------------------------------------------------------- hand records
    @property
    def engine(self) -> Any:
        """The plain engine state inside."""
        return self._state

    @property
    def writer(self) -> HandWriter:
        """The records of the hands played at this table (game.record)."""
        return self._writer

    def describe(self, seats: list[dict[str, Any]], label: str = "") -> None:
        """Who sits where (names, human or computer, levels), for the records."""
        self._writer.seats = seats
        self._writer.label = label
        if self._writer.hand is not None:
            self._writer.hand["seats"] = [dict(s) for s in seats]
            if label:
                self._writer.hand["label"] = label

    def saved(self) -> dict[str, Any]:
        """The match as JSON-ready data (see the module docstring); nothing in it is
        changed afterwards by the table."""
        state, writer = self._state, self._writer
        now = {"stacks": [int(c) for c in state.chips], "to_act": int(state.to_act())}
        if writer.records or writer.hand is not None:
            hands = list(writer.records)
            hand = writer.partial()
            first = hands[0] if hands else hand
            return {
                "hands": [r if r is first else _shared_left_out(r, first) for r in hands],
                "hand": hand if hand is None or hand is first else _shared_left_out(hand, first),
                "now": now,
            }
        if self._legacy is not None:
            # The match's seats, options and dealer beside it: if the hand cannot be
            # had again, the table goes on from its stacks as the hand began.
            # The hand began before any record of it: its state as 0.1.0 wrote one.
            legacy = encode(state)
            return {"legacy": legacy, "opening": opening_of(self._game, state), "now": now}
        return {"opening": opening_of(self._game, state), "hands": [], "hand": None, "now": now}


def _shared_left_out(hand: dict[str, Any], first: Any) -> dict[str, Any]:
    return {k: v for k, v in hand.items() if not (k in SHARED and first.get(k) == v)}


def _shared_put_back(hand: Any, first: dict[str, Any]) -> Any:
    if not isinstance(hand, dict):
        return hand
    return {**{k: first[k] for k in SHARED if k in first}, **hand}


def record(game: str, state: Any) -> Any:
    """``state`` wrapped so it writes the records of its hands (a Recorded one is
    returned as it is). A state that is not a match's start (a resumed 0.1.0 hand, a
    test's hand-built state) is kept as ``legacy`` until its hand ends."""
    if type(state) is Recorded or game not in GAMES:
        return state
    if not type(state).__module__.startswith("game.rules."):
        return state  # not an engine's state: nothing a save can hold
    try:
        fresh = is_fresh(game, state)
    except (AttributeError, TypeError, ValueError):
        return state
    if fresh:
        recorded = Recorded(game, state)
        recorded.writer.begin_match(state)
        return recorded
    try:
        legacy = encode(state)
    except SerializeError:
        return state
    return Recorded(game, state, legacy=legacy)


def is_recorded(state: Any) -> bool:
    return type(state) is Recorded


# ------------------------------------------------------------------ rebuilding
def rebuild(game: str, saved: Any) -> tuple[Recorded, list[Event], list[int], Any]:
    """The saved match rebuilt: ``(state, hand_events, hand_start_chips,
    hand_start_view)`` where the last three describe the hand in play as a driver saw it
    (its events so far, its stacks and the player's view as it began). ReplayError when
    it cannot be rebuilt exactly."""
    if game not in GAMES or not isinstance(saved, dict):
        raise ReplayError("saved match lacks its hands")
    try:
        found = _rebuild(game, saved)
    except ReplayError:
        raise
    except RecordError as error:
        raise ReplayError(f"a saved hand does not replay: {error}") from error
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayError(f"a saved move no longer plays: {error}") from error
    recorded = found[0]
    now = saved.get("now")
    if isinstance(now, dict) and (
        now.get("stacks") != [int(c) for c in recorded.chips]
        or now.get("to_act") != recorded.to_act()
    ):
        raise ReplayError("the replayed hand is not the saved one (the rules changed)")
    sane(recorded.engine, game)
    return found


def _rebuild(
    game: str, saved: dict[str, Any], whole: bool = False
) -> tuple[Recorded, list[Event], list[int], Any]:
    if "legacy" in saved:
        from game.storage.codec import decode

        state = decode(saved["legacy"])
        if not type(state).__module__.startswith("game.rules."):
            raise ReplayError("saved legacy state is not an engine state")
        chips = [int(c) for c in state.chips]
        return Recorded(game, state, legacy=saved["legacy"]), [], chips, state.view(0)
    hands, hand = saved.get("hands"), saved.get("hand")
    if not isinstance(hands, list) or not (hand is None or isinstance(hand, dict)):
        raise ReplayError("saved match lacks its hands")
    if not hands and hand is None:
        state = build_opening(game, saved.get("opening"))
        fresh = Recorded(game, state)
        fresh.writer.begin_match(state)
        return fresh, [], [int(c) for c in state.chips], state.view(0)
    records = [*hands, *([hand] if hand is not None else [])]
    if isinstance(records[0], dict):
        records = [records[0], *(_shared_put_back(r, records[0]) for r in records[1:])]
    if not all(isinstance(r, dict) and r.get("game") == game for r in records):
        raise ReplayError("a saved hand is not one of this game's")
    recorded: Recorded | None = None
    fam: Family  # set with the first hand's start
    events: list[Event] = []
    start_chips: list[int] = []
    start_view: Any = None
    first = 0 if whole else _resume_from(game, records)
    for index, rec in enumerate(records):
        if index < first:
            continue
        in_progress = hand is not None and index == len(records) - 1
        stacks = rec.get("stacks")
        if recorded is None:
            started = Started()
            state, _, rule_set, fam = start_state(rec, started)
            writer = HandWriter(game, rule_set, list(rec.get("seats", [])))
            writer.records = list(records[:index])
            opened_at = started.before if fam.started_by_table else state
            writer._open(opened_at)
            assert writer.hand is not None
            writer.hand["dealer"] = dealer_of(fam, state)
            recorded = Recorded(game, state, writer)
            events = list(started.events)
            start_view = started.before.view(0)
        else:
            start_view = recorded.view(0)
            events = _to_start(recorded, fam, stacks)
        start_chips = list(stacks) if isinstance(stacks, list) else []
        moves = rec.get("moves")
        if not isinstance(moves, list):
            raise ReplayError("a saved hand has no moves")
        seen: dict[str, int] = {}
        ended = False
        writer = recorded.writer
        kept = len(writer.records)
        for number, move in enumerate(moves, start=1):
            if ended:
                raise ReplayError(f"saved hand {index + 1} goes on after its end")
            events.extend(step(fam, recorded, move, number, seen))
            ended = len(writer.records) > kept  # the writer saw the hand end
        if in_progress:
            if ended or writer.hand is None:
                raise ReplayError("the saved hand in progress is over")
            _keep_words(writer.hand, rec)
            continue
        if not ended or not writer.records:
            raise ReplayError(f"saved hand {index + 1} is cut short")
        if writer.records[-1].get("result") != rec.get("result"):
            raise ReplayError(f"saved hand {index + 1} does not come to its result")
        writer.records[-1] = rec
    assert recorded is not None
    if hand is None:
        events = []
        start_chips = [int(c) for c in recorded.chips]
        start_view = recorded.view(0)
    return recorded, events, start_chips, start_view


def _resume_from(game: str, records: list[dict[str, Any]]) -> int:
    """The first record to replay: the last one -- the hand in progress, else the last
    hand played -- when its start holds all the table carries into it (the stacks, the
    dealer, the table's words and the hands won so far: ``Family.resumes_alone``, a
    Brag or Nine and a Half deal), so resuming costs one hand however long the match;
    else the first (every hand replayed, as ``check`` does). A Sabacc table carries the
    deck's order and its betting from hand to hand: its match is replayed whole. The
    hands before the one replayed stay as they were saved."""
    last = records[-1]
    try:
        fam = family(game, last.get("rule_set") or "")
    except RecordError:
        return 0
    table = last.get("table")
    if fam.resumes_alone and isinstance(table, dict) and "won" in table:
        return len(records) - 1
    return 0


def _to_start(recorded: Recorded, fam: Family, stacks: Any) -> list[Event]:
    """Bring the table from the end of one saved hand to the start of the next: its
    re-buys (what its stacks add) and its start."""
    if (
        not isinstance(stacks, list)
        or len(stacks) != recorded.num_seats
        or not all(_is_int(c) and 0 <= c <= MAX_CHIPS for c in stacks)
    ):
        raise ReplayError("a saved hand has impossible stacks")
    events: list[Event] = []
    if recorded.to_act() == BETWEEN:
        for seat, want in enumerate(stacks):
            more = want - int(recorded.chips[seat])
            if more > 0:
                events.extend(recorded.rebuy(seat, more))
        if fam.started_by_table and [int(c) for c in recorded.chips] != stacks:
            raise ReplayError("a saved hand does not begin where the one before ended")
        events.extend(recorded.start_next())
    opened = recorded.writer.hand
    if opened is None or opened["stacks"] != stacks:
        raise ReplayError("a saved hand does not begin where the one before ended")
    return events


def _keep_words(rebuilt: dict[str, Any], saved: dict[str, Any]) -> None:
    """The hand in progress keeps what was written of it for people (when, where, who)."""
    for key in ("played_at", "label", "seats"):
        if key in saved:
            rebuilt[key] = saved[key]


# ------------------------------------------------------------------ sanity
def _playout(state: Any, steps: int = 3000, game: str | None = None) -> None:
    """Play a copy of the hand in play to its end with arbitrary legal moves: a card
    that is not in the game (9999) or a broken pot shows up as an error here, at load,
    not in the middle of the player's table. (``game``: stop where its hand ends -- a
    Brag deal, not the rest of its game.)"""
    from game import games

    ended = None
    if game in GAMES:
        entry, rule_set = games.get(game), rule_set_of(game, state)
        ended = lambda events: entry.unit_ended(events, rule_set)  # noqa: E731
    rng = random.Random(0)
    copy = state.clone()
    for _ in range(steps):
        who = copy.to_act()
        if who in (BETWEEN, TERMINAL):
            break
        if who == CHANCE:
            events = copy.sample_chance(rng)
        else:
            legal = list(copy.legal_actions())
            events = copy.apply(legal[rng.randrange(len(legal))])
        if ended is not None and ended(events):
            break
    for seat in range(copy.num_seats):
        encode(copy.view(seat))


def sane(state: Any, game: str | None = None) -> None:
    """Values, not only shapes: a state a table can show and play (a hand-edited save
    may claim seat 99, 10^30 chips, card 9999 or one seat); ReplayError otherwise."""
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
        _playout(state, game=game)
    except ReplayError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, SerializeError) as error:
        raise ReplayError(f"the saved table does not hold together: {error}") from error
