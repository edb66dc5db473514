"""Computer players for Thirteen Card Brag (see ``game.rules.brag``).

Every player reads only a :class:`BragView` and returns one action:

* ``random`` -- a random valid layout (random sets, random length), random
  swap / declaration / redeal choices.
* ``easy``   -- the naive greedy layout (strongest set first, repeatedly);
  swaps a below-average hand a little too readily, always demands a six-pairs
  redeal, never declares a crash.
* ``normal`` / ``hard`` -- ``brag.best_layout`` (expected-points search);
  swap, redeal and declare by comparing estimated expected points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ai.base import check_level
from game.rules import brag, cards52


def average_hand_value(num_seats: int) -> float:
    """Expected points of an unseen hand: four showdowns shared by the seats.

    brag.layout_value is calibrated to this (measured over random deals:
    2.05, 1.36 and 1.01 for two, three and four players).
    """
    return 4.0 / num_seats


def random_layout(hand: Sequence[int], rng: random.Random) -> brag.Layout:
    """A random valid layout: random sets, each no stronger than the one before."""
    rest = list(hand)
    sets: list[tuple[int, ...]] = []
    limit = 1 << 16
    wanted = rng.randint(0, 4)
    while len(sets) < wanted:
        options = [
            (key, t)
            for t in combinations(rest, 3)
            if brag.VALID_MIN <= (key := brag.set_key(*t)) <= limit
        ]
        if not options:
            break
        key, chosen = options[rng.randrange(len(options))]
        sets.append(chosen)
        limit = key
        rest = [c for c in rest if c not in chosen]
    return tuple(sets)


def _hand_value(view: brag.BragView) -> float:
    opponents = view.num_seats - 1
    hand = cards52.parse_all(view.hand)
    return brag.layout_value(brag.best_layout_cards(hand, opponents), opponents)


def _crash_chance(view: brag.BragView) -> float:
    """Estimated chance of winning all four showdowns with the own layout."""
    if view.layout is None or len(view.layout) != 4:
        return 0.0
    p = 1.0
    for pos, codes in enumerate(view.layout):
        key = brag.set_key(*cards52.parse_all(codes))
        p *= brag.win_chance(pos, key, view.num_seats - 1)
    return p


class BragPlayer:
    """One level of computer player; ``choose`` follows ``ai.base.Player``."""

    def __init__(self, level: str) -> None:
        self.level = check_level(level)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        if not isinstance(view, brag.BragView):
            raise ValueError("a brag player needs a BragView")
        first = legal[0]
        if isinstance(first, brag.SetLayout):
            return brag.SetLayout(self._layout(view, rng))
        if self.level == "random":
            return legal[rng.randrange(len(legal))]
        if isinstance(first, brag.KeepHand | brag.SwapHand):
            return self._exchange(view, legal, rng)
        if isinstance(first, brag.DemandRedeal | brag.PlayOn):
            return self._redeal(view, legal)
        if isinstance(first, brag.Declare | brag.NoDeclare):
            return self._declare(view, legal)
        return legal[0]

    def _layout(self, view: brag.BragView, rng: random.Random) -> brag.Layout:
        hand = cards52.parse_all(view.hand)
        if self.level == "random":
            return random_layout(hand, rng)
        if self.level == "easy":
            return tuple(brag.greedy_layout(hand))
        return tuple(brag.best_layout_cards(hand, view.num_seats - 1))

    def _exchange(self, view: brag.BragView, legal: Sequence[Any], rng: random.Random) -> Any:
        swaps = [a for a in legal if isinstance(a, brag.SwapHand)]
        keep = next(a for a in legal if isinstance(a, brag.KeepHand))
        if not swaps:
            return keep
        value = _hand_value(view)
        # The unseen spare is worth the average hand; the easy player swaps a
        # little too readily.
        threshold = average_hand_value(view.num_seats) * (1.1 if self.level == "easy" else 1.0)
        if value < threshold:
            return swaps[rng.randrange(len(swaps))]
        return keep

    def _redeal(self, view: brag.BragView, legal: Sequence[Any]) -> Any:
        if self.level == "easy":
            return brag.DemandRedeal()
        average = average_hand_value(view.num_seats)
        return brag.DemandRedeal() if _hand_value(view) < average else brag.PlayOn()

    def _declare(self, view: brag.BragView, legal: Sequence[Any]) -> Any:
        if self.level == "easy":
            return brag.NoDeclare()
        p = _crash_chance(view)
        # Method 3 is a fair bet at even odds; under 1 and 2 a failure throws
        # away the whole deal's points, so ask for more confidence.
        needed = 0.5 if view.options.crash == 3 else 0.65
        return brag.Declare() if p >= needed else brag.NoDeclare()


def make_player(level: str) -> BragPlayer:
    """A brag player of ``level``: random, easy, normal or hard."""
    return BragPlayer(level)
