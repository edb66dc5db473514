"""Helpers to stack Sabacc decks and script hands in tests."""

from __future__ import annotations

from typing import Any

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import CHANCE
from game.rules.sabacc_presets import SabaccOptions


def new(players: int = 3, chips: int = 20, dealer: int = 0, **options: Any) -> sb.SabaccState:
    opts = SabaccOptions(**options) if options else None
    return sb.new_game(players, options=opts, chips=chips, seed_dealer=dealer)


def deal(state: sb.SabaccState, hands: dict[int, list[str]]) -> None:
    """Start a hand and deal exactly ``hands`` (two cards per seat)."""
    state.start_next()
    given = {seat: list(cards) for seat, cards in hands.items()}
    while state.to_act() == CHANCE:
        seat = state.chance[0][1]
        state.apply_chance(sc.parse(given[seat].pop(0)))
    assert all(not rest for rest in given.values()), "not every stacked card was dealt"


def play(state: sb.SabaccState, *steps: Any) -> list[Any]:
    """Apply actions and chance outcomes in order; return every event.

    A step is an action object, a card code (str) for a card chance step, or
    an int for a die roll.
    """
    events: list[Any] = []
    for step in steps:
        if state.to_act() == CHANCE:
            outcome = sc.parse(step) if isinstance(step, str) else step
            events += state.apply_chance(outcome)
        else:
            events += state.apply(step)
    return events


def stand_all(state: sb.SabaccState) -> list[Any]:
    """Everybody still to draw this round stands."""
    events: list[Any] = []
    while state.phase == sb.DRAWING:
        events += state.apply(sb.STAND)
    return events


def check_round(state: sb.SabaccState, die: int = 1) -> list[Any]:
    """A quiet round: everyone checks, the die shows no shift, nobody draws."""
    events: list[Any] = []
    while state.phase == sb.BETTING and state.to_act() >= 0:
        events += state.apply(sb.CHECK)
    events += state.apply_chance(die)
    if state.phase == sb.CALLING:
        while state.phase == sb.CALLING:
            events += state.apply(sb.PASS_CALL)
    events += stand_all(state)
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def snapshot(state: sb.SabaccState) -> tuple[Any, ...]:
    return (
        state.phase,
        state.seat,
        tuple(state.chips),
        state.hand_pot,
        state.sabacc_pot,
        tuple(tuple(h) for h in state.hands),
        tuple(tuple(f) for f in state.fields),
        tuple(sorted(state.deck)),
        tuple(state.discards),
        tuple(state.pending),
        tuple(state.round_bets),
        state.level,
        tuple(state.in_hand),
    )
