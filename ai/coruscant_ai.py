"""Coruscant Shift players (RULES.md §4.3) at every level.

They read only a :class:`~game.rules.coruscant.CoruscantView` and use only
the ``random.Random`` handed to ``choose``.

* ``random`` picks any legal action.
* ``easy`` selects the one or two cards nearest the target and bets by its
  distance to it.
* ``normal`` selects the cards whose sum is nearest the target now (suit,
  total and top card as the ranking breaks ties), adds the best new cards at
  the second selection, and bets on its chance of winning: its selection
  against opponent hands dealt from the unseen cards.
* ``hard`` chooses the first selection by its *chance of winning* after the
  shift: for every possible selection it deals the same sampled new cards
  from the unseen cards, adds the best of them, as the second selection
  will, and scores the finished selection by the chance that every
  opponent's finished selection (a table of played-out hands) is worse.  It
  bets on a determinized search (:mod:`ai.coruscant_search`): the opponents'
  face-down cards dealt many times from the unseen cards, each deal played
  to the reveal, a tight opponent's bets (and, less, its calls) weighing the
  deals; a book of each opponent's betting over the match
  (:mod:`ai.modern_reads`) tells the tight from the loose (who bets at every
  turn and shows nothing).  Its bets and raises are half as large again as
  normal's (a pot share).
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from game.rules import coruscant as co
from game.rules import spike_cards as kc
from game.rules.spike_base import CALL, CHECK, FOLD, Bet, Raise, Select

from .base import Personality, RandomPlayer, check_level, checkpoint
from .modern_reads import Book

_VAL = kc.VALUES
_STAVE = tuple(-1 if c == kc.SYLOP else c // 20 for c in range(kc.NUM_KINDS))


def key_of(cards: Sequence[int], target: int, suit: int) -> tuple[int, int, int, int]:
    """The ranking key of RULES.md §4.3.4 (larger is better), without objects."""
    total = 0
    in_suit = 0
    top = 0
    for c in cards:
        v = _VAL[c]
        total += v
        if v > top:
            top = v
        s = _STAVE[c]
        if s == suit or s < 0:
            in_suit += 1
    return (-abs(total - target), in_suit, total, top)


def best_subset(
    fixed: Sequence[int], extra: Sequence[int], target: int, suit: int, minimum: int = 0
) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """The best ``fixed`` + subset of ``extra`` (at least ``minimum`` cards in all)."""
    best: tuple[int, int, int, int] | None = None
    chosen: tuple[int, ...] = ()
    for k in range(len(extra) + 1):
        for combo in combinations(extra, k):
            if len(fixed) + k < max(1, minimum):
                continue
            key = key_of(list(fixed) + list(combo), target, suit)
            if best is None or key > best:
                best, chosen = key, combo
    assert best is not None
    return best, chosen


def unseen_cards(view: co.CoruscantView) -> list[int]:
    left = Counter(kc.full_deck())
    left.subtract(view.hand)
    left.subtract(view.selection)
    left.subtract(view.discards)
    for shown in view.revealed:
        if shown:
            left.subtract(shown)
    return [c for c, k in left.items() for _ in range(max(0, k))]


_FINISHED: dict[tuple[int, int, bool], list[tuple[int, int, int, int]]] = {}


def _finished(target: int, suit: int, lookahead: bool) -> list[tuple[int, int, int, int]]:
    """Sorted keys of finished selections for ``target`` and ``suit``."""
    cached = _FINISHED.get((target, suit, lookahead))
    if cached is not None:
        return cached
    rng = random.Random(7919 + 31 * target + suit + (1000 if lookahead else 0))
    deck = kc.full_deck()
    keys = []
    for _ in range(300 if lookahead else 600):
        checkpoint()
        cards = rng.sample(deck, 9)
        hand, new = cards[:5], cards[5:]
        if not lookahead:
            keys.append(best_subset((), hand, target, suit, minimum=1)[0])
            continue
        best = None
        for k in range(1, 6):
            for first in combinations(hand, k):
                key, _ = best_subset(first, new[: 5 - k], target, suit)
                if best is None or key > best:
                    best = key
        assert best is not None
        keys.append(best)
    keys.sort()
    _FINISHED[(target, suit, lookahead)] = keys
    return keys


def preload_tables() -> None:
    """Build every table of finished selections now (``game.scenes.preload`` calls
    this on a worker thread as the table's modules are imported): built at a seat's
    first bet after the dice (``normal``, about 12 ms) or first selection (``hard``,
    about 40 ms), on the frame loop of a table that thinks inline, each cost a frame
    that long. The tables come from fixed seeds: the same whenever they are built."""
    for lookahead in (False, True):
        for target in sorted(set(co.GOLD_FACES)):
            for suit in range(len(kc.STAVES)):
                _finished(target, suit, lookahead)


def _percentile(table: list[tuple[int, int, int, int]], key: tuple[int, int, int, int]) -> float:
    lo = bisect.bisect_left(table, key)
    hi = bisect.bisect_right(table, key)
    return (lo + 0.5 * (hi - lo)) / len(table)


class CoruscantPlayer:
    """``easy``, ``normal`` or ``hard`` (see the module doc)."""

    samples = {"easy": 0, "normal": 16, "hard": 48}
    search = True  # hard: bet on a determinized search (ai/coruscant_search.py)
    search_deals = 200  # p95 about 15 ms a decision on one idle core
    read_bets = True  # ... whose deals tight opponents' bets weigh
    select_by_odds = True  # hard's first selection: chance of winning, not distance
    shift_call_margin = 0.0  # hard: extra equity to call before the shift
    open_margin = 0.0  # hard: opens this much equity below normal's line
    size_scale = 1.5  # hard: its bets and raises, as a share of normal's size
    call_floor = 0.2  # hard: a call weighs call_floor + (1/(1+distance))^2 (< 0: nothing)
    bet_sharpness = 4.0  # how sharply a tight opponent's bet reads as a hand near the target

    def __init__(self, level: str, personality: Personality | None = None) -> None:
        self.level = check_level(level)
        self.personality = personality or Personality()
        self.book = Book()  # hard: how far each opponent's bets can be read
        # The last decision's estimates (None: not worked out), which the hint quotes
        # as the reason for the move they chose (ai.advice): the chance of winning the
        # pot a bet, call or fold was decided on, and the chance of winning after the
        # shift that chose a first selection.
        self.win_chance: float | None = None
        self.select_chance: float | None = None
        self.bluffed = False  # the last bet was a bluff (its chance was below the line)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        v: co.CoruscantView = view
        self.win_chance = self.select_chance = None
        self.bluffed = False
        if self.level == "hard":
            self.book.update(v)
        if v.phase == co.SELECT:
            action = self._select(v, legal, rng)
        else:
            action = self._bet(v, legal, rng)
        return action if action in legal else legal[0]

    # -- selections --------------------------------------------------------------------
    def _select(self, v: co.CoruscantView, legal: Sequence[Any], rng: random.Random) -> Any:
        t, u = v.target or 0, v.suit_index
        selects = [a for a in legal if isinstance(a, Select)]
        if v.selection_no == 2:
            if self.level == "easy":
                return self._easy_add(v, selects)
            return max(selects, key=lambda a: key_of(a.cards, t, u))
        if self.level == "easy":
            small = [a for a in selects if len(a.cards) <= 2]
            return max(
                small, key=lambda a: (-abs(sum(_VAL[c] for c in a.cards) - t), -len(a.cards))
            )
        if self.level == "normal" or v.options.selections == 1:
            return max(selects, key=lambda a: key_of(a.cards, t, u))
        return self._lookahead_select(v, selects, rng)

    def _easy_add(self, v: co.CoruscantView, selects: list[Select]) -> Select:
        t = v.target or 0
        chosen = list(v.selection)
        for c in v.new_cards:
            if abs(sum(_VAL[x] for x in chosen) + _VAL[c] - t) < abs(
                sum(_VAL[x] for x in chosen) - t
            ):
                chosen.append(c)
        want = tuple(sorted(chosen))
        return next((a for a in selects if a.cards == want), selects[0])

    def _lookahead_select(
        self, v: co.CoruscantView, selects: list[Select], rng: random.Random
    ) -> Select:
        """Hard: the selection with the best chance of beating every opponent after
        the shift and the best second selection (``select_by_odds`` off: the
        smallest expected distance to the target, suit count breaking ties)."""
        t, u = v.target or 0, v.suit_index
        unseen = unseen_cards(v)
        draws = [rng.sample(unseen, min(4, len(unseen))) for _ in range(self.samples["hard"])]
        k = max(1, sum(1 for s in range(v.num_seats) if v.in_hand[s] and s != v.seat))
        table = _finished(t, u, lookahead=True) if self.select_by_odds else []
        best: Select | None = None
        best_score = -1e18
        for a in selects:
            need = co.HAND_SIZE - len(a.cards)
            score = 0.0
            for d in draws:
                key, _ = best_subset(a.cards, d[:need], t, u)
                if table:
                    # The chance that every opponent's finished selection is worse.
                    score += 100.0 * _percentile(table, key) ** k
                else:
                    score += key[0] * 100 + key[1]
            score /= len(draws)
            score += key_of(a.cards, t, u)[0] * 1e-3  # a made hand now, at equal odds
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        if table:
            self.select_chance = max(0.0, min(1.0, best_score / 100.0))
        return best

    # -- equity ------------------------------------------------------------------------
    def equity(self, v: co.CoruscantView, rng: random.Random) -> float:
        """The chance of winning the pot against every opponent still in.

        An opponent's final selection is drawn from a table of finished
        selections for this target and suit (built once per target and suit
        from a fixed seed): ``normal`` uses the best selection of five random
        cards; ``hard`` plays the whole hand out for them (first selection,
        shift, second selection) and in the first betting round values its own
        selection after the shift.  (Reading opponents' bets into these
        tables measured worse: every selection is face down.  ``hard`` bets
        on :mod:`ai.coruscant_search` instead unless ``search`` is off.)"""
        t, u = v.target or 0, v.suit_index
        opponents = [s for s in range(v.num_seats) if v.in_hand[s] and s != v.seat]
        hard = self.level == "hard"
        table = _finished(t, u, lookahead=hard and v.options.selections == 2)
        shift_to_come = v.selection_no == 1 and v.options.selections == 2
        if hard and shift_to_come:
            unseen = unseen_cards(v)
            need = co.HAND_SIZE - len(v.selection)
            mine = [
                best_subset(v.selection, rng.sample(unseen, min(need, len(unseen))), t, u)[0]
                for _ in range(self.samples["hard"])
            ]
        else:
            mine = [key_of(v.selection, t, u)]
        k = max(1, len(opponents))
        return sum(_percentile(table, key) ** k for key in mine) / len(mine)

    # -- betting -------------------------------------------------------------------------
    def _bet(self, v: co.CoruscantView, legal: Sequence[Any], rng: random.Random) -> Any:
        p = self.personality
        to_call = v.level - v.round_bets[v.seat]
        if self.level == "easy":
            dist = abs(sum(_VAL[c] for c in v.selection) - (v.target or 0))
            equity = max(0.05, 0.8 - 0.12 * dist)
        elif self.level == "hard" and self.search:
            from . import coruscant_search as cs

            equity = cs.equity(
                v,
                unseen_cards(v),
                self.search_deals,
                cs.search_rng(rng),
                self.book,
                self.read_bets,
                self.bet_sharpness,
                self.call_floor if self.call_floor >= 0 else None,
            )
        else:
            equity = self.equity(v, rng)
        self.win_chance = equity
        bets = [a for a in legal if isinstance(a, (Bet, Raise))]
        # The character's lines: normal and hard move them further than easy
        # (steady sits in the middle, so plays as without them).
        lean, guard = (_LEAN, _GUARD) if self.level != "easy" else (0.2, 0.1)
        if to_call > 0:
            need = to_call / (v.pot + to_call)
            if self.level == "hard" and v.selection_no == 1 and v.options.selections == 2:
                need += self.shift_call_margin
            if equity < need + guard * (p.caution - 0.5):
                return FOLD
            if bets and self.level != "easy" and equity > 0.6 - lean * (p.aggression - 0.5):
                return self._size(v, bets, equity)
            return CALL
        bluff = self.level == "hard" and rng.random() < p.bluff * 0.5
        line = 0.5 - (self.open_margin if self.level == "hard" else 0.0)
        worth = equity > line - lean * (p.aggression - 0.5)
        if bets and (worth or bluff):
            self.bluffed = not worth
            return self._size(v, bets, equity)
        return CHECK

    def _size(self, v: co.CoruscantView, bets: list[Any], equity: float) -> Any:
        p = self.personality
        fraction = 0.25 + 0.5 * max(0.0, equity - 0.5) + 0.25 * p.aggression
        if self.level == "hard":
            fraction *= self.size_scale
        want = max(1, round(v.pot * fraction))
        return min(bets, key=lambda a: abs(a.amount - want))


# How far a personality moves normal's and hard's lines: the equity to open or
# raise on, per unit of aggression, and the extra equity a call needs, per unit
# of caution.
_LEAN = 0.5
_GUARD = 0.3


def make_player(level: str, personality: Personality | None = None) -> Any:
    """A Coruscant Shift player of ``level`` (random, easy, normal, hard)."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return CoruscantPlayer(level, personality)
