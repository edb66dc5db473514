"""The table as a hand begins, and as it ends, in words -- and a match set up from them.

A record starts where its hand starts: the stacks, the dealer and what the table carries
from the hands before (the Sabacc pot, who is out of the match, Brag's scores in the
game...). ``begin`` builds an engine state at exactly that point from a fresh match, so a
record replays on its own, without the hands before it. What each engine's table carries
is its family's (game.record.words.Family, in game/record/<game>.py).

Two kinds of start, by family (``Family.started_by_table``):

- Sabacc's, Kessel's, Corellian Spike's and Coruscant Shift's: the hand begins when the
  last one is over (the antes are the hand's first events): the table is read just
  before the hand is started, and ``begin`` starts it again from there.
- Brag's and Nine and a Half's: a deal is read at its first step (Brag deals the next
  deal of a game itself; Nine and a Half's first deal is dealt as the match is made).
"""

from __future__ import annotations

from typing import Any

from game.record.words import Family, RecordError, options_of
from game.rules.base import BETWEEN, TERMINAL


def out_seats(flags: list[bool]) -> list[int]:
    """The seats out of the match, for ``table.out``."""
    return [seat for seat, playing in enumerate(flags) if not playing]


def start_words(fam: Family, state: Any) -> dict[str, Any]:
    """What the table carries into the hand (``state``: just before the hand is started
    for a family started by the table, at the deal's first step for the others), with
    ``won``: the hands (Brag: games) each seat has won so far in the match."""
    return {**fam.start_words(state), "won": [int(w) for w in state.wins]}


def dealer_of(fam: Family, state: Any) -> int | None:
    """The hand's dealer (Kessel: the round's first player; None while it is drawn)."""
    return fam.dealer_of(state)


def result_words(fam: Family, state: Any, start: Any) -> dict[str, Any]:
    """The hand's result: who won it, the pots left and every stack. ``start``: the
    table as the hand began (a copy). The winners are the seats the engine counts as
    winning the hand -- a Brag deal: the winner of the game if it ended, else whoever
    scored most points in the deal; a Nine and a Half deal: every seat that gained."""
    winners = [s for s in range(state.num_seats) if state.wins[s] > start.wins[s]]
    out: dict[str, Any] = {"winners": winners, "stacks": [int(c) for c in state.chips]}
    fam.result(state, start, out)
    return out


# ------------------------------------------------------------------ reading a start
def number_at(table: dict[str, Any], key: str, low: int = 0, high: int = 10**12) -> int:
    value = table.get(key)
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"table.{key} must be a whole number from {low}")
    return value


def per_seat(table: dict[str, Any], key: str, seats: int) -> list[int]:
    value = table.get(key)
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(type(n) is int and 0 <= n <= 10**9 for n in value)
    ):
        raise RecordError(f"table.{key} must hold a whole number per seat")
    return list(value)


def seats_out(table: dict[str, Any], seats: int) -> list[bool]:
    out = table.get("out", [])
    if not isinstance(out, list) or not all(type(s) is int and 0 <= s < seats for s in out):
        raise RecordError("table.out must list seats of this table")
    return [seat not in out for seat in range(seats)]


def lists_of_words(value: Any, seats: int, key: str) -> list[list[str]]:
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(isinstance(x, list) and all(isinstance(t, str) for t in x) for x in value)
    ):
        raise RecordError(f"table.{key} must hold a list of words per seat")
    return [list(x) for x in value]


class Started:
    """What starting the hand gave: the table just before (for a view of the hand's start)
    and the events of the start itself (antes, the deal's announcement)."""

    def __init__(self) -> None:
        self.before: Any = None
        self.events: list[Any] = []

    def start(self, state: Any) -> None:
        self.before = state.clone()
        self.events = list(state.start_next())


def begin(
    game: str,
    rule_set: str,
    fam: Family,
    options_words: Any,
    stacks: list[int],
    dealer: int | None,
    table: Any,
    started: Started | None = None,
) -> Any:
    """An engine state at the start of the recorded hand; RecordError when the start
    cannot be (an impossible stack, a dealer who is not at the table...). ``started``
    receives the table just before the hand began and the events of its start."""
    from game import games

    if not isinstance(table, dict):
        raise RecordError("table must be an object")
    seats = len(stacks)
    options = options_of(game, rule_set, options_words)
    entry = games.get(game)
    low, high = entry.seats
    if not low <= seats <= high:
        raise RecordError(f"{game} seats {low} to {high} players, not {seats}")
    if dealer is not None and not 0 <= dealer < seats:
        raise RecordError(f"no seat {dealer} to deal")
    try:
        if fam.own_state is not None:
            state: Any = fam.own_state(seats, rule_set, options, stacks)
        else:
            made = [max(fam.least_stack, c) for c in stacks]
            state = entry.new_state(seats, made, rule_set, options, dealer or 0)
        state.chips = list(stacks)
        if "won" in table:  # records written before it was kept start from none won
            state.wins = per_seat(table, "won", seats)
        started = started if started is not None else Started()
        fam.set_table(state, table, seats, dealer, started)
        if fam.first_deal_silent and table.get("deal") == 1:
            # A match's first deal is dealt as the match is made: its table never
            # announced it, so neither does its replay.
            started.events = []
        if state.to_act() in (BETWEEN, TERMINAL):
            raise RecordError("the hand cannot start: fewer than two players can play it")
    except (TypeError, ValueError, IndexError, KeyError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"the hand cannot start: {error}") from error
    return state
