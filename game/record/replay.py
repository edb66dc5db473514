"""A hand record replayed through the rules engine, and checked against its result.

``replay(record)`` builds the table as the hand began (game.record.table.begin) and
applies the recorded chance outcomes with ``apply_chance`` and the recorded moves with
``apply``, in order. Anything that does not hold -- a version this game does not read, a
card not in the deck, the same card dealt twice, a move out of turn or against the
rules, a hand cut short, a result the replay does not reach -- raises
:class:`RecordError` whose message says which move and why, in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.record import FORMAT, VERSION
from game.record.table import Started, begin, result_words
from game.record.words import Family, RecordError, action_of, chance_outcome, family

__all__ = ["RecordError", "Replayed", "check", "fault", "replay", "start_state", "step"]
from game.rules.base import CHANCE, Event

#: At most this many moves in one hand (a real hand has a few hundred at most).
MAX_MOVES = 20_000
MAX_STACK = 10**12


@dataclass
class Replayed:
    """A replayed hand: the state after its last move, every event, and its result."""

    state: Any
    events: list[Event] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)
    ended: bool = False
    start: Any = None  # the state as the hand began (a copy)
    before: Any = None  # the table just before the hand was started (its antes unpaid)


def _require(record: Any) -> tuple[str, str | None, Family]:
    if not isinstance(record, dict):
        raise RecordError.of("not_object")
    if record.get("format") != FORMAT:
        raise RecordError.of("not_record", format=FORMAT)
    version = record.get("version")
    if type(version) is not int:
        raise RecordError.of("no_version")
    if version > VERSION:
        raise RecordError.of("newer", version=version, reads=VERSION)
    if version != VERSION:
        raise RecordError.of("unknown_version", version=version)
    game = record.get("game")
    from game import games

    if game not in games.GAME_IDS:
        raise RecordError(f"unknown game {game!r}")
    rule_set = record.get("rule_set")
    entry = games.get(game)
    if entry.has_presets:
        if rule_set not in entry.preset_names:
            raise RecordError(f"{game} has no rule set {rule_set!r}")
    elif rule_set is not None:
        raise RecordError(f"{game} has no rule sets (rule_set must be null)")
    return game, rule_set, family(game, rule_set or "")


def _stacks(value: Any, what: str) -> list[int]:
    if (
        not isinstance(value, list)
        or not value
        or not all(type(c) is int and 0 <= c <= MAX_STACK for c in value)
    ):
        raise RecordError(f"{what} must list every seat's chips")
    return list(value)


def start_state(record: Any, started: Started | None = None) -> tuple[Any, str, str | None, Family]:
    """``(state, game, rule_set, family)``: the table as the recorded hand began."""
    game, rule_set, fam = _require(record)
    stacks = _stacks(record.get("stacks"), "stacks")
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != len(stacks):
        raise RecordError("seats and stacks do not match (one of each per seat)")
    if not all(isinstance(s, dict) and isinstance(s.get("name", ""), str) for s in seats):
        raise RecordError("every seat must be an object with a name")
    dealer = record.get("dealer")
    if dealer is not None and type(dealer) is not int:
        raise RecordError("dealer must be a seat number")
    state = begin(
        game,
        rule_set or "",
        fam,
        record.get("options", {}),
        stacks,
        dealer,
        record.get("table", {}),
        started,
    )
    return state, game, rule_set, fam


def replay(record: Any, check_result: bool = True, partial: bool = False) -> Replayed:
    """The record replayed (see the module docstring). ``partial``: a hand in progress
    (a save's), which may stop before its end and has no result."""
    from game import games

    started = Started()
    state, game, rule_set, fam = start_state(record, started)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError.of("no_moves")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"more than {MAX_MOVES} moves in one hand")
    done = Replayed(state, list(started.events), start=state.clone(), before=started.before)
    entry = games.get(game)
    seen: dict[str, int] = {}  # card -> the move that last dealt it
    for index, move in enumerate(moves, start=1):
        if done.ended:
            raise RecordError.of("over_early", move=index - 1, more=len(moves) - index + 1)
        got = step(fam, state, move, index, seen)
        done.events.extend(got)
        done.ended = entry.unit_ended(got, rule_set)
    if partial:
        return done
    if not done.ended:
        who = state.to_act()
        if who == CHANCE:
            raise RecordError.of("cut_short_chance", moves=len(moves))
        raise RecordError.of("cut_short_seat", moves=len(moves), seat=who)
    done.result = result_words(fam, state, done.start)
    if check_result:
        _compare(record.get("result"), done.result)
    return done


def step(fam: Family, state: Any, move: Any, index: int, seen: dict[str, int]) -> list[Event]:
    """Apply one written move (a chance outcome or a seat's move) to ``state``;
    RecordError naming move ``index`` and why when it cannot be."""
    if not isinstance(move, list) or len(move) < 2:
        raise RecordError(f"move {index} is not a move: {move!r}")
    who = state.to_act()
    if isinstance(move[0], str):  # a chance outcome
        kind = move[0]
        if who != CHANCE:
            raise RecordError.of("chance_for_seat", move=index, kind=kind, seat=who)
        due, seat = fam.pending(state)
        if kind != due:
            raise RecordError.of("wrong_chance", move=index, kind=kind, due=due)
        if len(move) == 3:
            if move[1] != seat:
                raise RecordError.of(
                    "wrong_seat", move=index, kind=kind, seat=str(move[1]), due=seat
                )
        elif len(move) != 2:
            raise RecordError(f"move {index} is not a move: {move!r}")
        value = move[-1]
        try:
            outcome = chance_outcome(fam, kind, value)
        except RecordError as error:
            raise RecordError.of("at_move", move=index, reason=error) from error
        try:
            events = list(state.apply_chance(outcome))
        except (ValueError, TypeError, IndexError) as error:
            if isinstance(value, str) and value.lower() in seen:
                raise RecordError.of(
                    "dealt_twice", move=index, card=value, first=seen[value.lower()]
                ) from error
            if isinstance(value, str) and "not in the deck" in str(error):
                raise RecordError.of("not_in_deck", move=index, kind=kind, card=value) from error
            raise RecordError.of(
                "chance_refused", move=index, kind=kind, value=str(value), reason=str(error)
            ) from error
        if isinstance(value, str) and kind not in ("shift", "dice-take"):
            seen[value.lower()] = index
        return events
    if type(move[0]) is not int:
        raise RecordError(f"move {index} names no seat: {move!r}")
    try:
        seat, action = action_of(fam, move)
    except RecordError as error:
        raise RecordError.of("at_move", move=index, reason=error) from error
    if who == CHANCE:
        raise RecordError.of("seat_for_chance", move=index, seat=seat)
    if seat != who:
        raise RecordError.of("out_of_turn", move=index, seat=seat, who=who)
    try:
        return list(state.apply(action))
    except (ValueError, TypeError, IndexError) as error:
        words = " ".join(str(w) for w in move[1:])
        raise RecordError.of(
            "illegal", move=index, seat=seat, words=words, reason=str(error)
        ) from error


def _compare(written: Any, replayed: dict[str, Any]) -> None:
    if not isinstance(written, dict):
        raise RecordError.of("no_result")
    if written.get("winners") != replayed["winners"]:
        raise RecordError.of(
            "winners", written=str(written.get("winners")), replayed=str(replayed["winners"])
        )
    if written.get("stacks") != replayed["stacks"]:
        raise RecordError.of(
            "stacks", written=str(written.get("stacks")), replayed=str(replayed["stacks"])
        )
    for key in ("pots", "scores"):
        if key in replayed and written.get(key) != replayed[key]:
            raise RecordError.of(key, written=str(written.get(key)), replayed=str(replayed[key]))


def fault(record: Any) -> tuple[RecordError | None, Replayed | None]:
    """``(why, None)`` when the record does not hold, ``(None, replayed)`` when it does."""
    try:
        return None, replay(record)
    except RecordError as error:
        return error, None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        # The engine refused something the checks above let through: still a reason.
        return RecordError.of("engine", reason=str(error)), None


def check(record: Any) -> tuple[bool, str]:
    """``(ok, why)`` for one record: why it does not hold, or what it came to."""
    error, done = fault(record)
    if done is None:
        return False, str(error)
    winners = done.result["winners"]
    said = "no winner" if not winners else "won by seat " + ", ".join(str(w) for w in winners)
    return True, f"replays: {len(record['moves'])} moves, {said}, stacks {done.result['stacks']}"
