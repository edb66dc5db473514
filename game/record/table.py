"""The table as a hand begins, and as it ends, in words -- and a match set up from them.

A record starts where its hand starts: the stacks, the dealer and what the table carries
from the hands before (the Sabacc pot, who is out of the match, Brag's scores in the
game...). ``begin`` builds an engine state at exactly that point from a fresh match, so a
record replays on its own, without the hands before it.

Two kinds of start, by family:

- ``sabacc``, ``kessel``, ``spike``, ``coruscant``: the hand begins when the last one is
  over (the antes are the hand's first events): the table is read just before the hand
  is started, and ``begin`` starts it again from there.
- ``brag``, ``ninehalf``: a deal is read at its first step (Brag deals the next deal of
  a game itself; Nine and a Half's first deal is dealt as the match is made).
"""

from __future__ import annotations

from typing import Any

from game.record.words import RecordError, options_of
from game.rules.base import BETWEEN, TERMINAL

#: The families whose hand is read just before it is started.
STARTED_BY_TABLE = ("sabacc", "kessel", "spike", "coruscant")


def _out(flags: list[bool]) -> list[int]:
    return [seat for seat, playing in enumerate(flags) if not playing]


def start_words(fam: str, state: Any) -> dict[str, Any]:
    """What the table carries into the hand (``state``: just before the hand is started
    for STARTED_BY_TABLE, at the deal's first step for the others), with ``won``: the
    hands (Brag: games) each seat has won so far in the match."""
    return {**_start_words(fam, state), "won": [int(w) for w in state.wins]}


def _start_words(fam: str, state: Any) -> dict[str, Any]:
    if fam == "sabacc":
        return {
            "hand": state.hand_no + 1,
            "hands_completed": state.completed,
            "hand_pot": state.hand_pot,
            "sabacc_pot": state.sabacc_pot,
            "value_rule": state.value_rule,
            "out": _out(state.in_match),
        }
    if fam == "spike":
        return {
            "game": state.hand_no + 1,
            "games_completed": state.completed,
            "hand_pot": state.hand_pot,
            "sabacc_pot": state.sabacc_pot,
            "out": _out(state.in_match),
        }
    if fam == "coruscant":
        return {
            "hand": state.hand_no + 1,
            "hands_completed": state.completed,
            "pot": state.pot,
            "ante": state.ante_now,
            "ante_ladder_restarts": state.fresh_ladder,
            "out": _out(state.in_match),
        }
    if fam == "kessel":
        return {
            "round": state.round_no + 1,
            "rounds_completed": state.completed,
            "pots": list(state.pots),
            "destroyed": state.destroyed,
            "credits_pot": state.credits_pot,
            "credits": list(state.credits),
            "tokens": [list(t) for t in state.tokens],
            "tokens_played": [list(t) for t in state.played],
            "out": _out(state.in_game),
        }
    if fam == "brag":
        return {
            "game": state.game_no,
            "deal": state.deal_no,
            "games_completed": state.completed,
            "scores": list(state.scores),
        }
    if fam == "ninehalf":
        return {
            "deal": state.completed + 1,
            "dealer_deals": state.dealer_deals,
            "limit": state.limit,
            "limit_chosen": state.limit_chosen,
        }
    raise RecordError(f"unknown family {fam}")


def dealer_of(fam: str, state: Any) -> int | None:
    """The hand's dealer (Kessel: the round's first player; None while it is drawn)."""
    if fam == "kessel":
        return state.starting if state.starting >= 0 else None
    return int(state.dealer)


def result_words(fam: str, state: Any, start: Any) -> dict[str, Any]:
    """The hand's result: who won it, the pots left and every stack. ``start``: the
    table as the hand began (a copy). The winners are the seats the engine counts as
    winning the hand -- a Brag deal: the winner of the game if it ended, else whoever
    scored most points in the deal; a Nine and a Half deal: every seat that gained."""
    winners = [s for s in range(state.num_seats) if state.wins[s] > start.wins[s]]
    if fam == "brag" and not winners:
        gained = [now - before for now, before in zip(state.scores, start.scores, strict=True)]
        best = max(gained) if gained else 0
        winners = [s for s, g in enumerate(gained) if best > 0 and g == best]
    out: dict[str, Any] = {"winners": winners, "stacks": [int(c) for c in state.chips]}
    if fam in ("sabacc", "spike"):
        out["pots"] = {"hand": state.hand_pot, "sabacc": state.sabacc_pot}
    elif fam == "coruscant":
        out["pots"] = {"pot": state.pot}
    elif fam == "kessel":
        out["pots"] = {"at_risk": list(state.pots), "destroyed": state.destroyed}
    elif fam == "brag":
        out["scores"] = list(state.scores)
    return out


# ------------------------------------------------------------------ reading a start
def _int(table: dict[str, Any], key: str, low: int = 0, high: int = 10**12) -> int:
    value = table.get(key)
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"table.{key} must be a whole number from {low}")
    return value


def _per_seat(table: dict[str, Any], key: str, seats: int) -> list[int]:
    value = table.get(key)
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(type(n) is int and 0 <= n <= 10**9 for n in value)
    ):
        raise RecordError(f"table.{key} must hold a whole number per seat")
    return list(value)


def _seats_out(table: dict[str, Any], seats: int) -> list[bool]:
    out = table.get("out", [])
    if not isinstance(out, list) or not all(type(s) is int and 0 <= s < seats for s in out):
        raise RecordError("table.out must list seats of this table")
    return [seat not in out for seat in range(seats)]


def _lists_of_words(value: Any, seats: int, key: str) -> list[list[str]]:
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
    fam: str,
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
        if fam == "kessel":
            from game.rules import kessel

            # Built with the record's options as they are (the table's factory reads a
            # buy-in from the first stack).
            state: Any = kessel.new_game(seats, rule_set, options=options, chips=max(1, stacks[0]))
        else:
            # Made with stacks a new match accepts (Nine and a Half seats need 2 chips
            # each); the hand's own stacks are set next, before it starts.
            made = [max(2, c) for c in stacks] if fam == "ninehalf" else list(stacks)
            state = entry.new_state(seats, made, rule_set, options, dealer or 0)
        state.chips = list(stacks)
        if "won" in table:  # records written before it was kept start from none won
            state.wins = _per_seat(table, "won", seats)
        started = started if started is not None else Started()
        _set(fam, state, table, seats, dealer, started)
    except (TypeError, ValueError, IndexError, KeyError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"the hand cannot start: {error}") from error
    return state


def _set(
    fam: str, state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    if fam == "sabacc":
        from game.rules.sabacc_presets import VALUE_RULES, value_table

        rule = table.get("value_rule", state.options.value_rule)
        if rule not in VALUE_RULES:
            raise RecordError(f"{rule!r} is not a value rule")
        state.hand_pot = _int(table, "hand_pot")
        state.sabacc_pot = _int(table, "sabacc_pot")
        state.in_match = _seats_out(table, seats)
        state.value_rule = rule
        state.values = value_table(state.options, rule)
        state.completed = _int(table, "hands_completed")
        state.hand_no = _int(table, "hand", 1) - 1
        started.start(state)
    elif fam in ("spike", "coruscant"):
        number = "game" if fam == "spike" else "hand"
        done = "games_completed" if fam == "spike" else "hands_completed"
        if fam == "spike":
            state.hand_pot = _int(table, "hand_pot")
            state.sabacc_pot = _int(table, "sabacc_pot")
        else:
            state.pot = _int(table, "pot")
            state.ante_now = _int(table, "ante", 1)
            fresh = table.get("ante_ladder_restarts")
            if not isinstance(fresh, bool):
                raise RecordError("table.ante_ladder_restarts must be true or false")
            state.fresh_ladder = fresh
        state.in_match = _seats_out(table, seats)
        state.completed = _int(table, done)
        # Started from the hand's own dealer: the deal does not pass on again.
        state.hand_no = 0
        started.start(state)
        state.hand_no = _int(table, number, 1)
    elif fam == "kessel":
        pots = table.get("pots")
        credits = table.get("credits")
        if (
            not isinstance(pots, list)
            or len(pots) != seats
            or not all(type(p) is int and p >= 0 for p in pots)
        ):
            raise RecordError("table.pots must hold chips per seat")
        if (
            not isinstance(credits, list)
            or len(credits) != seats
            or not all(type(p) is int for p in credits)
        ):
            raise RecordError("table.credits must hold credits per seat")
        state.pots = list(pots)
        state.credits = list(credits)
        state.credits_pot = _int(table, "credits_pot")
        state.destroyed = _int(table, "destroyed")
        state.tokens = _lists_of_words(table.get("tokens"), seats, "tokens")
        state.played = _lists_of_words(table.get("tokens_played"), seats, "tokens_played")
        state.in_game = _seats_out(table, seats)
        state.completed = _int(table, "rounds_completed")
        rounds = _int(table, "round", 1)
        if dealer is None:  # the game's first round: the first player is drawn
            state.starting, state.round_no = -1, rounds - 1
            started.start(state)
        else:  # started from the round's own first player: no passing on again
            state.starting, state.round_no = dealer, 0
            started.start(state)
            state.round_no = rounds
    elif fam == "brag":
        scores = table.get("scores")
        if (
            not isinstance(scores, list)
            or len(scores) != seats
            or not all(type(p) is int and p >= 0 for p in scores)
        ):
            raise RecordError("table.scores must hold points per seat")
        state.scores = list(scores)
        state.game_no = _int(table, "game", 1)
        state.deal_no = _int(table, "deal", 1)
        state.completed = _int(table, "games_completed")
        started.before = state.clone()
    elif fam == "ninehalf":
        from game.rules import ninehalf

        limit_chosen = table.get("limit_chosen")
        if not isinstance(limit_chosen, bool):
            raise RecordError("table.limit_chosen must be true or false")
        state.dealer_deals = _int(table, "dealer_deals")
        state.limit = _int(table, "limit", 1)
        state.limit_chosen = limit_chosen
        state.completed = _int(table, "deal", 1) - 1
        state.phase = ninehalf.PHASE_BETWEEN
        started.start(state)
        if state.completed == 0:
            # A match's first deal is dealt as the match is made: the table never
            # announced it, so neither does its replay.
            started.events = []
    if state.to_act() in (BETWEEN, TERMINAL):
        raise RecordError("the hand cannot start: fewer than two players can play it")
