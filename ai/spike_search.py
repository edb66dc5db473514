"""Determinized search for Corellian Spike's ``hard`` level (RULES.md §4.2).

From one seat's view only: the opponents' hidden hands are dealt many times
from the cards this seat cannot see (their sizes are public), each deal
weighted by how likely it makes what the opponents did this round (a Stand
or a bet shows a hand near zero, a check one further off).  In every deal
the rest of the game is played out quickly: each player still in takes the
card action that brings its total nearest zero, the spike dice dissolve
every hand one time in six, and the finished hands are ranked in full.
Each candidate action is tried on the same deals (common random numbers),
so the comparison between actions is sharper than the deals are many.

Nothing here reads another seat's cards: the deals come from
:func:`ai.spike_ai.unseen_cards`, and the generator is the one handed to
the player, so the same seed gives the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rules import sabacc_events as ev
from game.rules import spike as sp
from game.rules import spike_cards as kc
from game.rules.spike_base import DISCARD_GAINED, GAIN, KEEP_GAINED, STAND, SwapDiscard, SwapDraw
from game.rules.spike_rank import spike_rank_values

from .base import checkpoint
from .modern_reads import Book

_V = kc.VALUES
SHIFT_CHANCE = 1 / 6
CANDIDATES = 8  # hands drawn for an opponent who acted, one kept by its likelihood


@dataclass
class Deal:
    """One guess at the hidden cards: opponents' hands, the draw pile (top
    last), the spike dice to come (True = a Sabacc Shift) and its weight."""

    hands: dict[int, list[int]]
    deck: list[int]
    shifts: list[bool]
    weight: float


def _plain(hand: Sequence[int]) -> tuple[int, int]:
    return (-abs(sum(hand)), len(hand))


def _reads(v: sp.SpikeView) -> dict[int, list[str]]:
    """What each other seat did this round: "stand", "bet", "check", "call"."""
    out: dict[int, list[str]] = {}
    for e in reversed(v.log):
        if isinstance(e, ev.RoundStarted):
            break
        seat = getattr(e, "seat", None)
        if seat is None or seat == v.seat:
            continue
        if isinstance(e, ev.Stood):
            out.setdefault(seat, []).append("stand")
        elif isinstance(e, ev.BetPlaced | ev.Raised):
            out.setdefault(seat, []).append("bet")
        elif isinstance(e, ev.Checked):
            out.setdefault(seat, []).append("check")
        elif isinstance(e, ev.Called):
            out.setdefault(seat, []).append("call")
    return out


def likelihood(hand: Sequence[int], reads: Sequence[str], loose: float = 0.0) -> float:
    """How likely a hand of these values makes the actions read (unnormalised);
    ``loose`` (0..1, :mod:`ai.modern_reads`): how little this player's bets mean."""
    z = abs(sum(hand))
    q = 0.5**z  # 1 for a zero total, halving with each step away
    w = 1.0
    for r in reads:
        if r == "stand":
            lik = 0.2 + q
        elif r == "bet":
            lik = 0.005 + q**4
        elif r == "check":
            lik = 1.05 - q
        else:  # a call
            lik = 0.05 + q * q
        w *= loose + (1.0 - loose) * lik if r != "stand" else lik
    return w


def _order(v: sp.SpikeView) -> list[int]:
    """Seats still in, from the dealer's left."""
    n = v.num_seats
    return [(v.dealer + 1 + i) % n for i in range(n) if v.in_hand[(v.dealer + 1 + i) % n]]


def deals(
    v: sp.SpikeView,
    unseen: Sequence[int],
    count: int,
    rng: random.Random,
    book: Book | None = None,
) -> list[Deal]:
    reads = _reads(v)
    others = [s for s in _order(v) if s != v.seat]
    spikes = sp.ROUNDS - v.round_no + (0 if v.spike_done else 1)
    pool = [_V[c] for c in unseen]
    out = []
    for _ in range(count):
        checkpoint()
        cards = pool[:]
        rng.shuffle(cards)
        hands = {}
        w = 1.0
        for s in others:
            k = min(v.card_counts[s], len(cards))
            if s not in reads:
                hands[s] = cards[len(cards) - k :]
                del cards[len(cards) - k :]
                continue
            # A player who acted: a few candidate hands, one kept in proportion
            # to how likely it makes what the player did (the deal's weight is
            # their mean likelihood), so reads sharpen the deals, not thin them.
            loose = book.looseness(s) if book else 0.0
            picks = [rng.sample(range(len(cards)), k) for _ in range(CANDIDATES)]
            liks = [likelihood([cards[i] for i in p], reads[s], loose) for p in picks]
            total = sum(liks)
            x = rng.random() * total
            chosen = picks[-1]
            for p, lk in zip(picks, liks, strict=True):
                x -= lk
                if x <= 0:
                    chosen = p
                    break
            hands[s] = [cards[i] for i in chosen]
            for i in sorted(chosen, reverse=True):
                del cards[i]
            w *= total / CANDIDATES
        shifts = [rng.random() < SHIFT_CHANCE for _ in range(spikes)]
        out.append(Deal(hands, cards, shifts, w))
    return out


def _greedy(hand: list[int], top: int | None, disc: int | None) -> tuple[list[int], int | None]:
    """The plain player's card action: the hand nearest zero (ties: more
    cards); returns the new hand and the new top of the discard pile."""
    best, best_score, new_disc = hand, _plain(hand), disc
    if top is not None:
        if len(hand) < 5:
            cand = hand + [top]
            if _plain(cand) > best_score:
                best, best_score, new_disc = cand, _plain(cand), disc
        for i in range(len(hand)):
            cand = hand[:i] + hand[i + 1 :] + [top]
            if _plain(cand) > best_score:
                best, best_score, new_disc = cand, _plain(cand), hand[i]
    if disc is not None:
        for i in range(len(hand)):
            cand = hand[:i] + hand[i + 1 :] + [disc]
            if _plain(cand) > best_score:
                best, best_score, new_disc = cand, _plain(cand), hand[i]
    return best, new_disc


class Search:
    """Plays the rest of one game out over a set of deals for one seat."""

    def __init__(
        self,
        v: sp.SpikeView,
        unseen: Sequence[int],
        count: int,
        rng: random.Random,
        book: Book | None = None,
    ):
        self.v = v
        self.order = _order(v)
        self.deals = deals(v, unseen, count, rng, book)
        self.total_weight = sum(d.weight for d in self.deals) or 1.0
        o = v.options
        self._rank_opts = (o.strict_one_pair, o.exact_named_hands)

    def _key(self, hand: Sequence[int]) -> tuple[int, ...]:
        return spike_rank_values(hand, *self._rank_opts).key

    def play_out(self, d: Deal, mine: list[int], later_this_round: bool) -> tuple[float, bool]:
        """(my share of a win, my final total is zero) in deal ``d`` with my
        hand ``mine`` now; ``later_this_round``: the seats after me still take
        this round's card action."""
        checkpoint()
        v = self.v
        hands = {s: h[:] for s, h in d.hands.items()}
        hands[v.seat] = mine[:]
        deck = d.deck[:]
        disc = _V[v.discards[-1]] if v.discards else None
        me_at = self.order.index(v.seat) if v.seat in self.order else 0
        shifts = list(d.shifts)
        if later_this_round:
            for s in self.order[me_at + 1 :]:
                if deck:
                    hands[s], disc = _greedy(hands[s], deck.pop(), disc)
        rounds_left = sp.ROUNDS - v.round_no
        if shifts and len(shifts) > rounds_left:
            self._spike(hands, deck, shifts.pop(0))
        for _ in range(rounds_left):
            for s in self.order:
                if deck:
                    hands[s], disc = _greedy(hands[s], deck.pop(), disc)
            if shifts:
                self._spike(hands, deck, shifts.pop(0))
        mine_final = hands[v.seat]
        my_key = self._key(mine_final)
        ties = 0
        for s, h in hands.items():
            if s == v.seat:
                continue
            k = self._key(h)
            if k > my_key:
                return 0.0, False
            if k == my_key:
                ties += 1
        return 1.0 / (ties + 1), sum(mine_final) == 0

    def _spike(self, hands: dict[int, list[int]], deck: list[int], shift: bool) -> None:
        if not shift or sum(len(h) for h in hands.values()) > len(deck):
            return
        for s in hands:
            hands[s] = [deck.pop() for _ in hands[s]]

    def value(self, hand_now: Any, later_this_round: bool) -> tuple[float, float]:
        """(chance of winning, expected chips won) for a hand, given as a
        list, or as a function of the deal (a blind draw's card)."""
        v = self.v
        win = chips = 0.0
        for d in self.deals:
            mine = hand_now(d) if callable(hand_now) else hand_now
            share, zero = self.play_out(d, mine, later_this_round)
            if share:
                win += d.weight * share
                chips += d.weight * share * (v.hand_pot + (v.sabacc_pot if zero else 0))
        return win / self.total_weight, chips / self.total_weight


def _top(d: Deal) -> int | None:
    return d.deck[-1] if d.deck else None


def _pop_top(d: Deal) -> Deal:
    return Deal(d.hands, d.deck[:-1], d.shifts, d.weight)


def card_action(
    v: sp.SpikeView, legal: Sequence[Any], unseen: Sequence[int], count: int, rng: random.Random
) -> Any:
    """The card action (Stand, Gain, a swap) with the most chips expected."""
    search = Search(v, unseen, count, rng)
    hand = [_V[c] for c in v.hand]
    fee_gain, fee_discard = v.options.gain_fee, v.options.discard_fee
    best: Any = STAND
    best_value = search.value(hand, True)[1]
    for action in legal:
        if isinstance(action, SwapDiscard):
            new = [_V[c] for c in v.hand if c != action.card] + [_V[v.discards[-1]]]
            val = search.value(new, True)[1] - fee_discard
        elif isinstance(action, SwapDraw):
            rest = [_V[c] for c in v.hand if c != action.card]
            val = _blind(search, rest, None)
        elif action == GAIN:
            val = _blind(search, hand, hand) - fee_gain
        else:
            continue
        if val > best_value + 1e-9:
            best, best_value = action, val
    return best


def _blind(search: Search, rest: list[int], keep_or: list[int] | None) -> float:
    """A draw from the pile in every deal: the deal's top card joins ``rest``
    (a Gain may also put it back: ``keep_or`` is the hand kept then)."""
    total = 0.0
    for d in search.deals:
        top = _top(d)
        after = _pop_top(d)
        if top is None:
            cand = rest
        else:
            cand = rest + [top]
            if keep_or is not None and (len(keep_or) >= 5 or _plain(keep_or) > _plain(cand)):
                cand = keep_or
        share, zero = search.play_out(after, cand, True)
        v = search.v
        total += d.weight * share * (v.hand_pot + (v.sabacc_pot if zero else 0))
    return total / search.total_weight


def keep_gained(v: sp.SpikeView, unseen: Sequence[int], count: int, rng: random.Random) -> Any:
    assert v.gained is not None
    search = Search(v, unseen, count, rng)
    hand = [_V[c] for c in v.hand]
    keep = search.value(hand + [_V[v.gained]], True)[1]
    back = search.value(hand, True)[1]
    return KEEP_GAINED if keep > back else DISCARD_GAINED


def equity(
    v: sp.SpikeView,
    unseen: Sequence[int],
    count: int,
    rng: random.Random,
    book: Book | None = None,
) -> tuple[float, float]:
    """(chance of winning, chips the win is worth) with the current hand."""
    search = Search(v, unseen, count, rng, book)
    win, chips = search.value([_V[c] for c in v.hand], False)
    return win, (chips / win if win > 0 else float(v.hand_pot))
