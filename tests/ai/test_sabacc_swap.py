"""Empress Teta's swap before the showdown, as normal and hard play it (ai/sabacc_swap.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import make_player
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import CHANCE

ACTION_TYPES: tuple[type, ...] = sb.Action.__args__  # type: ignore[attr-defined]


def play(state: sb.SabaccState, *steps: Any) -> None:
    for step in steps:
        if state.to_act() == CHANCE:
            state.apply_chance(sc.parse(step) if isinstance(step, str) else step)
        else:
            state.apply(step)


def called(seat1: list[str], seat0: list[str]) -> sb.SabaccState:
    """Two players; seat 1 calls the hand in round 2 (no shifts, no draws);
    seat 0 is the first to swap."""
    state = sb.new_game(2, preset="empress-teta")
    state.start_next()
    queues = {1: list(seat1), 0: list(seat0)}
    while state.to_act() == CHANCE and state.chance[0][0] == 0:
        state.apply_chance(sc.parse(queues[state.chance[0][1]].pop(0)))
    play(state, sb.CHECK, sb.CHECK, 1, sb.STAND, sb.STAND, sb.CHECK, sb.CHECK, 2, sb.CALL_HAND)
    assert state.phase == sb.SWAPPING and state.to_act() == 0
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_far_hand_swaps_the_card_that_leaves_the_most_chances(level: str) -> None:
    # 8 + 7 = 15 against a caller: keeping the 8 needs a 13, 14 or 15 for 21-23;
    # keeping the 7 only a 14 or 15.  The easy player would swap too, but which
    # card it lets go is its worst-now rule; here it is the 7.
    state = called(["10c", "9c"], ["8f", "7f"])
    player = make_player("sabacc", level)
    action = player.choose(state.view(0), state.legal_actions(), random.Random(3))
    assert action == sb.Swap(sc.parse("7f"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_pure_sabacc_and_a_close_hand_keep(level: str) -> None:
    player = make_player("sabacc", level)
    state = called(["10c", "9c"], ["12f", "11f"])  # 23: nothing to gain
    assert player.choose(state.view(0), state.legal_actions(), random.Random(3)) == sb.KEEP
    state = called(["10c", "9c"], ["12f", "10f"])  # 22 beats nearly every hand
    assert player.choose(state.view(0), state.legal_actions(), random.Random(3)) == sb.KEEP
