"""Corellian Spike players (RULES.md §4.2) at every level.

They read only a :class:`~game.rules.spike.SpikeView` and use only the
``random.Random`` handed to ``choose``.

* ``random`` picks any legal action.
* ``easy`` plays by its total: it takes the discard or gains when that brings
  the total nearer to 0, calls small bets, bets a made Sabacc.
* ``normal`` values a hand by its *strength*: the chance that it beats every
  opponent still in, from a reference table of finished hands (built once,
  from a fixed seed).  Card actions are valued with the exact odds of the
  next draw over the unseen cards (every card not in its hand or face up on
  the discard pile is equally likely to be on top of the draw pile).  It
  bets and calls on that strength against the pot odds.
* ``hard`` reads the table and the dice: an opponent who bets or raises this
  round holds a hand above the betting threshold, one who checks a hand
  below it, and its chance against each is taken within that range.  While
  a card phase is still to come it bets on what its best next card action
  is expected to make of the hand (exact draw odds again).  It reads the
  spike dice risk in what a zero-total hand plays for: the Sabacc pot is
  won only if the hand survives the k spike rolls still to come, with
  probability (5/6)^k (a Sabacc Shift dissolves every hand).  It bluffs at
  its personality's rate.  It keeps a book of each opponent's betting over
  the match (:mod:`ai.modern_reads`): a bet is read in full only from a
  player who bets now and then, not from one who bets at every turn.

``hard`` can also search (:mod:`ai.spike_search`: deals of the unseen cards
weighted by the opponents' actions, the rest of the game played out in each)
for its card actions (``search_cards``) and its bets (``search_bets_from``).  Both
are off: in paired matches against three ``normal`` players neither beat the
exact draw odds and the reads above (bench/paired_arena.py, see its doc).
"""

from __future__ import annotations

import bisect
import random
import threading
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.rules import sabacc_events as ev
from game.rules import spike as sp
from game.rules import spike_cards as kc
from game.rules.spike_base import (
    CALL,
    CHECK,
    DISCARD_GAINED,
    FOLD,
    GAIN,
    KEEP_GAINED,
    STAND,
    Bet,
    Raise,
    SwapDiscard,
    SwapDraw,
)
from game.rules.spike_rank import spike_rank_values

from . import spike_search
from .base import Personality, RandomPlayer, check_level, checkpoint
from .modern_reads import Book

_REFERENCE: list[tuple[int, ...]] = []
_REFERENCE_LOCK = threading.Lock()  # the table's AI, hint and autoplay workers share it
_SURVIVE = 5 / 6


def _reference() -> list[tuple[int, ...]]:
    """Rank keys of finished hands, sorted: a hand's strength is where it falls.

    Each reference hand is played the way a plain player would: two cards,
    then three rounds of drawing a card and keeping the hand whose total is
    nearest 0 (a Sabacc Shift, one time in six, deals a new hand).

    Built at a player's first decision (on the table's worker thread), not when the
    player is made: building it takes about 0.2 s, a frame as the table opens."""
    if _REFERENCE:
        return _REFERENCE
    with _REFERENCE_LOCK:
        if not _REFERENCE:
            _REFERENCE.extend(_build_reference())
    return _REFERENCE


def preload_tables() -> None:
    """Build the reference hands now (``game.scenes.preload`` calls this on a worker
    thread as the table's modules are imported): built at a computer player's first
    move, on the frame loop of a table that thinks inline, it cost a 120 ms frame."""
    _reference()


def _build_reference() -> list[tuple[int, ...]]:
    rng = random.Random(20241118)
    deck = kc.full_deck()
    keys = []
    for _ in range(6000):
        pool = deck[:]
        checkpoint()
        rng.shuffle(pool)
        hand = [pool.pop(), pool.pop()]
        for _round in range(3):
            c = pool.pop()
            best = hand
            options = [hand + [c]] if len(hand) < 5 else []
            options += [hand[:i] + hand[i + 1 :] + [c] for i in range(len(hand))]
            for cand in options:
                if _plain_score(cand) > _plain_score(best):
                    best = cand
            hand = best
            if rng.randrange(6) == 0:
                hand = [pool.pop() for _ in hand]
        keys.append(spike_rank_values([kc.VALUES[c] for c in hand]).key)
    keys.sort()
    return keys


def _this_betting_round(v: sp.SpikeView) -> list[Any]:
    """The public events of the betting round under way."""
    out: list[Any] = []
    for e in reversed(v.log):
        if isinstance(e, ev.PhaseStarted):
            break
        out.append(e)
    return out[::-1]


def _plain_score(hand: Sequence[int]) -> tuple[int, int]:
    return (-abs(sum(kc.VALUES[c] for c in hand)), len(hand))


def _percentile(key: tuple[int, ...]) -> float:
    ref = _reference()
    lo = bisect.bisect_left(ref, key)
    hi = bisect.bisect_right(ref, key)
    return (lo + 0.5 * (hi - lo)) / len(ref)


def unseen_cards(view: sp.SpikeView) -> list[int]:
    """Every card this seat cannot see (one entry per copy)."""
    left = Counter(kc.full_deck())
    left.subtract(view.hand)
    left.subtract(view.discards)
    if view.gained is not None:
        left.subtract([view.gained])
    for shown in view.revealed:
        if shown:
            left.subtract(shown)
    return [c for c, k in left.items() for _ in range(max(0, k))]


class SpikePlayer:
    """``easy``, ``normal`` or ``hard`` (see the module doc)."""

    lookahead = True  # hard: bet on what the next card phase can make of the hand
    # hard: determinized search over the unseen cards (ai/spike_search.py) ...
    search_cards = False  # ... for card actions (measured no better than exact odds)
    search_bets_from = 4  # ... for betting from this round on (4: never; measured worse)
    card_deals = 40  # deals each card action is tried on
    bet_deals = 160  # deals a betting decision reads its chance from

    def __init__(self, level: str, personality: Personality | None = None) -> None:
        self.level = check_level(level)
        self.personality = personality or Personality()
        self.book = Book()  # hard: how far each opponent's bets can be read

    # -- valuing a hand ------------------------------------------------------------
    def _opponents(self, view: sp.SpikeView) -> int:
        return max(1, sum(view.in_hand) - 1)

    def _spikes_left(self, view: sp.SpikeView) -> int:
        return sp.ROUNDS - view.round_no + (0 if view.spike_done else 1)

    def value(self, view: sp.SpikeView, hand: Sequence[int]) -> float:
        """The chance ``hand`` wins the game (0..1) as this level reads it."""
        if not hand:
            return 0.0
        o = view.options
        key = spike_rank_values(
            [kc.VALUES[c] for c in hand], o.strict_one_pair, o.exact_named_hands
        ).key
        strength = _percentile(key)
        return float(strength ** self._opponents(view))

    # -- choosing --------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        v: sp.SpikeView = view
        if self.level == "hard":
            self.book.update(v)
        if v.phase == sp.BETTING:
            action = self._bet(v, legal, rng)
        elif v.phase == sp.GAINED:
            if self._searching() and self.search_cards:
                action = spike_search.keep_gained(
                    v, unseen_cards(v), self.card_deals, _sub_rng(rng)
                )
            else:
                action = self._gained(v, legal)
        elif self._searching() and self.search_cards:
            action = spike_search.card_action(
                v, legal, unseen_cards(v), self.card_deals, _sub_rng(rng)
            )
        else:
            action = self._cards(v, legal) if self.level != "easy" else self._easy_cards(v, legal)
        return action if action in legal else legal[0]

    def _searching(self) -> bool:
        return self.level == "hard"

    def read_equity(self, v: sp.SpikeView) -> float:
        """Hard: the chance to beat each opponent, read from how each has bet
        this round.  A player who bets or raises shows a hand above the
        betting threshold t; one who checks shows a hand below it."""
        hand = list(v.hand)
        if self.lookahead and v.round_no < sp.ROUNDS:
            # A card phase is still to come: the hand is worth what its best
            # next card action is expected to make of it (exact draw odds).
            mine = self.potential(v, hand, per_opponent=True)
        else:
            mine = self.strength(v, hand)
        opponents = [s for s in range(v.num_seats) if v.in_hand[s] and s != v.seat]
        t = 0.55 ** (1 / max(1, len(opponents)))
        shown: dict[int, str] = {}
        for e in _this_betting_round(v):
            if isinstance(e, (ev.BetPlaced, ev.Raised)):
                shown[e.seat] = "strong"
            elif isinstance(e, ev.Checked) and e.seat not in shown:
                shown[e.seat] = "weak"
        equity = 1.0
        for s in opponents:
            read = shown.get(s)
            if read == "strong":
                p = max(0.02, (mine - t) / (1 - t))
            elif read == "weak":
                p = min(1.0, mine / t)
            else:
                p = mine
            loose = self.book.looseness(s)  # a player who bets at every turn shows nothing
            equity *= loose * mine + (1 - loose) * p
        return equity

    def strength(self, v: sp.SpikeView, hand: Sequence[int]) -> float:
        """The hand's percentile among finished hands (one opponent's view)."""
        o = v.options
        key = spike_rank_values(
            [kc.VALUES[c] for c in hand], o.strict_one_pair, o.exact_named_hands
        ).key
        return _percentile(key)

    def potential(self, v: sp.SpikeView, hand: list[int], per_opponent: bool = False) -> float:
        """The expected value of ``hand`` after its best card action
        (``per_opponent``: as a percentile against one opponent)."""
        unseen = unseen_cards(v)
        n = len(unseen) or 1
        value = self.strength if per_opponent else self.value
        best = value(v, hand)
        top = v.discards[-1] if v.discards else None
        for i in range(len(hand)):
            rest = hand[:i] + hand[i + 1 :]
            if top is not None:
                best = max(best, value(v, rest + [top]))
            best = max(best, sum(value(v, rest + [c]) for c in unseen) / n)
        if len(hand) < 5:
            now = value(v, hand)
            gain = sum(max(now, value(v, hand + [c])) for c in unseen) / n
            best = max(best, gain)
        return best

    def _cards(self, v: sp.SpikeView, legal: Sequence[Any]) -> Any:
        hand = list(v.hand)
        unseen = unseen_cards(v)
        n = len(unseen) or 1
        best: Any = STAND
        best_value = self.value(v, hand)
        fee_weight = 1.0 / max(8, v.hand_pot + v.sabacc_pot)
        for action in legal:
            if isinstance(action, SwapDiscard):
                new = hand[:]
                new.remove(action.card)
                new.append(v.discards[-1])
                val = self.value(v, new) - v.options.discard_fee * fee_weight
            elif isinstance(action, SwapDraw):
                rest = hand[:]
                rest.remove(action.card)
                val = sum(self.value(v, rest + [c]) for c in unseen) / n
            elif action == GAIN:
                now = best_value if best is STAND else self.value(v, hand)
                total = 0.0
                for c in unseen:
                    kept = self.value(v, hand + [c]) if len(hand) < 5 else 0.0
                    total += max(now, kept)
                val = total / n - v.options.gain_fee * fee_weight
            else:
                continue
            if val > best_value + 1e-9:
                best, best_value = action, val
        return best

    def _easy_cards(self, v: sp.SpikeView, legal: Sequence[Any]) -> Any:
        hand = list(v.hand)
        total = sum(kc.VALUES[c] for c in hand)
        if total == 0:
            return STAND
        top = v.discards[-1] if v.discards else None
        best: Any = STAND
        best_dist = abs(total)
        if top is not None:
            for action in legal:
                if isinstance(action, SwapDiscard):
                    d = abs(total - kc.VALUES[action.card] + kc.VALUES[top])
                    if d < best_dist:
                        best, best_dist = action, d
        if best is STAND and abs(total) > 2 and GAIN in legal:
            return GAIN
        return best

    def _gained(self, v: sp.SpikeView, legal: Sequence[Any]) -> Any:
        if KEEP_GAINED not in legal or v.gained is None:
            return DISCARD_GAINED
        hand = list(v.hand)
        if self.level == "easy":
            now = abs(sum(kc.VALUES[c] for c in hand))
            after = abs(sum(kc.VALUES[c] for c in hand) + kc.VALUES[v.gained])
            return KEEP_GAINED if after < now or (after == now == 0) else DISCARD_GAINED
        keep = self.value(v, hand + [v.gained])
        return KEEP_GAINED if keep > self.value(v, hand) else DISCARD_GAINED

    # -- betting ---------------------------------------------------------------------
    def _bet(self, v: sp.SpikeView, legal: Sequence[Any], rng: random.Random) -> Any:
        p = self.personality
        to_call = v.level - v.round_bets[v.seat]
        searched = self._searching() and v.round_no >= self.search_bets_from
        worth = 0.0
        if self.level == "easy":
            total = abs(sum(kc.VALUES[c] for c in v.hand))
            equity = 0.8 if total == 0 else max(0.05, 0.6 - 0.08 * total)
        elif searched:
            equity, worth = spike_search.equity(
                v, unseen_cards(v), self.bet_deals, _sub_rng(rng), self.book
            )
        elif self.level == "hard":
            equity = self.read_equity(v)
        else:
            equity = self.value(v, v.hand)
        pot: float = v.hand_pot
        if searched:
            pot = worth
        elif self.level == "hard" and sum(kc.VALUES[c] for c in v.hand) == 0:
            pot += v.sabacc_pot * _SURVIVE ** self._spikes_left(v)
        bets = [a for a in legal if isinstance(a, (Bet, Raise))]
        # The character's lines: normal and hard move them further than easy,
        # whose rough play shows its character anyway (steady: the middle).
        lean, guard = (_LEAN, _GUARD) if self.level != "easy" else (0.2, 0.1)
        if to_call > 0:
            need = to_call / (pot + to_call)
            margin = guard * (p.caution - 0.5)
            if equity < need + margin and not (self.level == "easy" and to_call <= 2):
                return FOLD
            if bets and equity > 0.65 - lean * (p.aggression - 0.5) and self.level != "easy":
                return self._size(bets, equity, rng)
            return CALL
        strong = equity > 0.55 - lean * (p.aggression - 0.5)
        bluff = self.level == "hard" and rng.random() < p.bluff * 0.5
        if bets and (strong or bluff):
            return self._size(bets, equity, rng)
        return CHECK

    def _size(self, bets: list[Any], equity: float, rng: random.Random) -> Any:
        p = self.personality
        index = int(len(bets) * min(0.99, max(0.0, (equity - 0.5) * 1.5 + 0.3 * p.aggression)))
        return bets[min(index, len(bets) - 1)]


# How far a personality moves normal's and hard's lines: the equity to open or
# raise on, per unit of aggression, and the extra equity a call needs, per unit
# of caution (steady sits in the middle, so plays as without these).
_LEAN = 0.5
_GUARD = 0.3


def _sub_rng(rng: random.Random) -> random.Random:
    """A generator for one search, seeded from the player's (one draw of it)."""
    return random.Random(rng.getrandbits(64))


def make_player(level: str, personality: Personality | None = None) -> Any:
    """A Corellian Spike player of ``level`` (random, easy, normal, hard)."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return SpikePlayer(level, personality)
