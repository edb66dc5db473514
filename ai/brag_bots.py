"""Computer players for Thirteen Card Brag (see ``game.rules.brag``).

Every player reads only a :class:`BragView` and returns one action:

* ``random`` -- a random valid layout (random sets, random length), random
  swap / declaration / redeal choices.
* ``easy``   -- the naive greedy layout (strongest set first, repeatedly);
  swaps a below-average hand a little too readily, always demands a six-pairs
  redeal, never declares a crash.
* ``normal`` -- the layout whose sets most often beat one opponent pictured
  as a greedy player (``brag`` tables, model "greedy"), forgetting that a
  showdown is won only by beating every opponent; swap, redeal and declare
  by comparing expected points with a fixed average hand.
* ``hard``   -- the layout with most expected points against opponents who
  lay out as well as it does (the self-play fixed point, model "best": this is
  ``brag.best_layout``); the spare hand and the six-pairs redeal are valued by
  dealing sample hands from the cards it has not seen, and a crash is
  declared when its estimated chance makes the declaration pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ai.base import Personality, check_level
from game.rules import brag, cards52

SPARE_SAMPLES = 12  # sample hands the hard player deals itself to value an unseen hand
CRASH_SAMPLES = 16  # sample deals behind the hard player's crash declaration


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


def one_opponent_layout(hand: Sequence[int], opponents: int) -> list[tuple[int, ...]]:
    """The normal player's layout: most sets expected to beat one greedy opponent.

    It pictures a single opponent who lays out greedily and counts how often
    each set beats that opponent's set; it forgets that a showdown must be won
    against every opponent at once, which is what ``brag.best_layout`` weighs.
    """
    cands = brag.valid_sets(hand)
    worth = [[brag.beat_chance(p, c[0], opponents, "greedy") for p in range(4)] for c in cands]
    return [cands[i][2] for i in brag.search_layout(cands, worth)]


def hand_value(hand: Sequence[int], opponents: int) -> float:
    """Expected points of ``hand`` laid out at its best (model "best")."""
    return brag.layout_value(brag.best_layout_cards(hand, opponents), opponents)


def unseen_hand_value(hand: Sequence[int], opponents: int, rng: random.Random) -> float:
    """Expected points of a hand dealt from the cards ``hand`` does not hold.

    The spare hand is unseen, so it is worth what a random 13 of the other 39
    cards is worth; a few sample deals estimate that (card removal included:
    holding the aces makes the spare poorer in aces).
    """
    held = set(hand)
    rest = [c for c in range(52) if c not in held]
    total = 0.0
    for _ in range(SPARE_SAMPLES):
        total += hand_value(rng.sample(rest, 13), opponents)
    return total / SPARE_SAMPLES


def crash_chance(view: brag.BragView, model: str = "best") -> float:
    """Estimated chance of winning all four showdowns with the own layout."""
    if view.layout is None or len(view.layout) != 4:
        return 0.0
    p = 1.0
    for pos, codes in enumerate(view.layout):
        key = brag.set_key(*cards52.parse_all(codes))
        p *= brag.win_chance(pos, key, view.num_seats - 1, model)
    return p


def crash_estimate(
    layout: Sequence[Sequence[int]], hand: Sequence[int], num_seats: int, rng: random.Random
) -> tuple[float, float]:
    """(chance of a crash, expected points) of ``layout`` by sample deals.

    The opponents are dealt from the 39 cards this seat has not seen and lay
    out as the hard player would, so the estimate knows, say, that nobody
    else can hold a prial of a rank this seat holds three of.
    """
    held = set(hand)
    rest = [c for c in range(52) if c not in held]
    keys = [brag.set_key(*s) for s in layout]
    crashes = 0
    points = 0
    for _ in range(CRASH_SAMPLES):
        rng.shuffle(rest)
        best = [0] * len(keys)
        for seat in range(num_seats - 1):
            theirs = brag.best_layout_cards(rest[seat * 13 : seat * 13 + 13], num_seats - 1)
            for pos, s in enumerate(theirs[: len(keys)]):
                best[pos] = max(best[pos], brag.set_key(*s))
        won = sum(1 for mine, top in zip(keys, best, strict=True) if mine > top)
        points += won
        crashes += won == 4
    return crashes / CRASH_SAMPLES, points / CRASH_SAMPLES


def should_declare(view: brag.BragView, chance: float, points: float) -> bool:
    """Declare when the declaration's expected gain beats its expected cost.

    ``points`` is the layout's expected points.  Method 3 stakes a game stake
    from each opponent either way, so it pays above even chances.  Under
    methods 1 and 2 a failed declaration forfeits the deal's points: what the
    layout would score when it is not a crash, points - 4 x chance.  Success
    is worth one extra point (method 2) or the rest of the game (method 1:
    the points still missing after these four).
    """
    options = view.options
    if options.crash == 3:
        return chance > 0.5
    if options.crash == 2:
        bonus = 1.0
    else:
        bonus = max(1.0, options.target - view.scores[view.seat] - 4)
    return chance * bonus > max(points - 4.0 * chance, 0.0)


class BragPlayer:
    """One level of computer player; ``choose`` follows ``ai.base.Player``."""

    def __init__(self, level: str, personality: Personality | None = None) -> None:
        self.level = check_level(level)
        self.personality = personality or Personality()
        self.model = "best" if level == "hard" else "greedy"

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
            return self._redeal(view, rng)
        if isinstance(first, brag.Declare | brag.NoDeclare):
            return self._declare(view, rng)
        return legal[0]

    def _layout(self, view: brag.BragView, rng: random.Random) -> brag.Layout:
        hand = cards52.parse_all(view.hand)
        if self.level == "random":
            return random_layout(hand, rng)
        if self.level == "easy":
            return tuple(brag.greedy_layout(hand))
        if self.level == "hard":
            return tuple(brag.best_layout_cards(hand, view.num_seats - 1))
        return tuple(one_opponent_layout(hand, view.num_seats - 1))

    def _values(self, view: brag.BragView, rng: random.Random) -> tuple[float, float]:
        """(own hand's expected points, an unseen hand's expected points)."""
        opponents = view.num_seats - 1
        hand = cards52.parse_all(view.hand)
        own = hand_value(hand, opponents)
        if self.level == "hard":
            return own, unseen_hand_value(hand, opponents, rng)
        return own, average_hand_value(view.num_seats)

    def _exchange(self, view: brag.BragView, legal: Sequence[Any], rng: random.Random) -> Any:
        swaps = [a for a in legal if isinstance(a, brag.SwapHand)]
        keep = next(a for a in legal if isinstance(a, brag.KeepHand))
        if not swaps:
            return keep
        own, unseen = self._values(view, rng)
        # The easy player swaps a little too readily; caution keeps a hand it knows.
        factor = 1.1 if self.level == "easy" else 1.0
        factor -= (self.personality.caution - 0.5) * 0.1
        if own < unseen * factor:
            return swaps[rng.randrange(len(swaps))]
        return keep

    def _redeal(self, view: brag.BragView, rng: random.Random) -> Any:
        if self.level == "easy":
            return brag.DemandRedeal()
        own, unseen = self._values(view, rng)
        return brag.DemandRedeal() if own < unseen else brag.PlayOn()

    def _declare(self, view: brag.BragView, rng: random.Random) -> Any:
        if self.level == "easy" or view.layout is None:
            return brag.NoDeclare()
        opponents = view.num_seats - 1
        sets = [cards52.parse_all(s) for s in view.layout]
        if self.level == "hard":
            hand = cards52.parse_all(view.hand)
            chance, points = crash_estimate(sets, hand, view.num_seats, rng)
        else:
            chance = crash_chance(view, self.model)
            points = sum(
                brag.win_chance(pos, brag.set_key(*s), opponents, self.model)
                for pos, s in enumerate(sets)
            )
        # A bold character declares on a little less (aggression above 0.5).
        chance *= 1.0 + (self.personality.aggression - 0.5) * 0.2
        return brag.Declare() if should_declare(view, chance, points) else brag.NoDeclare()


def make_player(level: str, personality: Personality | None = None) -> BragPlayer:
    """A brag player of ``level``: random, easy, normal or hard."""
    return BragPlayer(level, personality)
