"""The record words of Kessel's engine: ``kessel`` and ``kessel-shift`` (RULES.md §4.1;
the registry's ``record`` of Kessel, game.games)."""

from __future__ import annotations

from typing import Any

from game.record.table import Started, lists_of_words, number_at, out_seats, seats_out
from game.record.words import Cards, Family, RecordError, Verb, number, verbs
from game.rules import kessel
from game.rules import kessel_cards as kc

_KINDS = {
    kessel._START: "first-player",
    kessel._TOKENS: "tokens",
    kessel._DEAL: "deal",
    kessel._FLIP: "flip",
    kessel._DRAW: "draw",
    kessel._EXHAUST: "exhaust-deal",
    kessel._ROLL: "dice",
}


def _pending(state: Any) -> tuple[str, int | None]:
    task = state.chance[0]
    return _KINDS[task[0]], (task[1] if task[1] >= 0 else None)


def _parse(text: str) -> int:
    card, value = kc.parse_code(text)
    if value is not None:
        raise ValueError(f"{text!r}: a card from a pile has no Impostor value yet")
    return card


def _tokens(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise RecordError(f"{value!r} is not a list of shift tokens")
    return tuple(value)


def _start_words(state: Any) -> dict[str, Any]:
    return {
        "round": state.round_no + 1,
        "rounds_completed": state.completed,
        "pots": list(state.pots),
        "destroyed": state.destroyed,
        "credits_pot": state.credits_pot,
        "credits": list(state.credits),
        "tokens": [list(t) for t in state.tokens],
        "tokens_played": [list(t) for t in state.played],
        "out": out_seats(state.in_game),
    }


def _dealer_of(state: Any) -> int | None:
    """The round's first player; None while it is drawn."""
    return state.starting if state.starting >= 0 else None


def _result(state: Any, start: Any, out: dict[str, Any]) -> None:
    out["pots"] = {"at_risk": list(state.pots), "destroyed": state.destroyed}


def _own_state(seats: int, rule_set: str, options: Any, stacks: list[int]) -> Any:
    # Built with the record's options as they are (the table's factory reads a buy-in
    # from the first stack).
    return kessel.new_game(seats, rule_set, options=options, chips=max(1, stacks[0]))


def _set_table(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
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
    state.credits_pot = number_at(table, "credits_pot")
    state.destroyed = number_at(table, "destroyed")
    state.tokens = lists_of_words(table.get("tokens"), seats, "tokens")
    state.played = lists_of_words(table.get("tokens_played"), seats, "tokens_played")
    state.in_game = seats_out(table, seats)
    state.completed = number_at(table, "rounds_completed")
    rounds = number_at(table, "round", 1)
    if dealer is None:  # the game's first round: the first player is drawn
        state.starting, state.round_no = -1, rounds - 1
        started.start(state)
    else:  # started from the round's own first player: no passing on again
        state.starting, state.round_no = dealer, 0
        started.start(state)
        state.round_no = rounds


KESSEL = Family(
    name="kessel",
    cards=Cards(lambda c: kc.code(c), _parse),
    verbs=verbs(
        Verb("stand", kessel.Stand),
        Verb("draw", kessel.Draw, (("source", "w"),)),
        Verb("keep", kessel.KeepDrawn),
        Verb("return", kessel.ReturnDrawn),
        Verb("token", kessel.PlayToken, (("token", "w"), ("target", "seat?"))),
        Verb("face", kessel.ChooseFace, (("value", "n"),)),
        Verb("pick-tokens", kessel.PickTokens, (("tokens", "ws"),)),
        Verb("draft", kessel.DraftToken, (("token", "w"),)),
    ),
    pending=_pending,
    start_words=_start_words,
    set_table=_set_table,
    chance_words={
        "first-player": (int, lambda value: number(value, "a seat")),
        "tokens": (list, _tokens),
    },
    dealer_of=_dealer_of,
    result=_result,
    own_state=_own_state,
)
