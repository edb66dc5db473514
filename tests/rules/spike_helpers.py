"""Helpers for driving the Spike and Coruscant engines card by card in tests."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event


def cards(text: str) -> list[int]:
    return [kc.parse(c) for c in text.split()]


def dice(first: int, second: int) -> int:
    """The chance outcome of Corellian Spike's two spike dice."""
    return 6 * (first - 1) + (second - 1)


def feed(state: Any, outcomes: Iterable[int]) -> list[Event]:
    """Apply the given chance outcomes while the state waits for chance."""
    events: list[Event] = []
    for o in outcomes:
        assert state.to_act() == CHANCE, f"no chance step is due for outcome {o}"
        events += state.apply_chance(o)
    return events


def play_random(state: Any, rng: random.Random, units: int, rebuy: bool = True) -> list[Event]:
    """Play ``units`` hands with random legal actions, re-buying broke seats."""
    events: list[Event] = []
    done = 0
    while True:
        who = state.to_act()
        if who == CHANCE:
            events += state.sample_chance(rng)
        elif who == BETWEEN:
            if done >= units:
                return events
            if rebuy:
                for s in range(state.num_seats):
                    if not state.can_continue(s):
                        state.rebuy(s, 100)
            events += state.start_next()
            done += 1
        elif who == TERMINAL:
            return events
        else:
            legal = state.legal_actions()
            events += state.apply(legal[rng.randrange(len(legal))])
