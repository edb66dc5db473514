"""Set up Kessel tables card by card through the engine's chance steps."""

from __future__ import annotations

import random
from typing import Any

from game.rules import kessel
from game.rules import kessel_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL


def c(code: str) -> int:
    return kc.parse(code)


def new(
    players: int = 3,
    preset: str = "kessel",
    starting: int = 0,
    tokens: dict[int, tuple[str, ...]] | None = None,
    **options: Any,
) -> kessel.KesselState:
    """A game whose first round waits for its deal (starting player fixed)."""
    s = kessel.new_game(players, preset, **options)
    s.start_next()
    s.apply_chance(starting)
    if s.phase == kessel.PICKING and s.seat != CHANCE:
        picks = tokens or {}
        while s.phase == kessel.PICKING:
            seat = s.to_act()
            default = ("free-draw", "refund", "immunity")
            s.apply(kessel.PickTokens(tuple(picks.get(seat, default))))
    return s


def deal(state: kessel.KesselState, hands: dict[int, str], flips: str = "s3 b4") -> None:
    """Deal ``hands`` (seat -> "s1 b1") and turn ``flips`` up; turn 1 begins."""
    assert state.to_act() == CHANCE
    while state.to_act() == CHANCE:
        task, seat, family = state.chance[0]
        if task == kessel._DEAL:
            code = hands[seat].split()[family]
        else:
            code = flips.split()[family]
        state.apply_chance(c(code))


def next_round(state: kessel.KesselState, hands: dict[int, str], flips: str = "s3 b4") -> None:
    assert state.to_act() == BETWEEN
    state.start_next()
    deal(state, hands, flips)


def stand_all(state: kessel.KesselState) -> None:
    """Everybody still to act this turn stands."""
    turn = state.turn
    while state.to_act() >= 0 and state.phase == kessel.TURN and state.turn == turn:
        state.apply(kessel.Stand())


def play_out(state: kessel.KesselState, rng: random.Random) -> None:
    """Random legal play to the end of the round (or game)."""
    while state.to_act() not in (BETWEEN, TERMINAL):
        if state.to_act() == CHANCE:
            state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
