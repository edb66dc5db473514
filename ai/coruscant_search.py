"""Determinized search for Coruscant Shift's ``hard`` level (RULES.md §4.3).

From one seat's view only, the cards the opponents hold face down are dealt
many times from the cards this seat cannot see (how many each selected is
public), and each deal is played to the reveal:

* a *tight* opponent (one whose bets have meant a good hand, see
  :mod:`ai.modern_reads`) selects the cards nearest the target and adds the
  best of its new cards after the shift; its bets and checks this round
  weight the deal by how likely its selection makes them;
* a *loose* one (it bets or raises at nearly every turn) selects any cards
  and its bets weigh nothing.

This seat's own selection takes the best of the deal's new cards.  The
chance of winning is the weighted share of deals won (a tie splits the pot).
The deals use the generator handed to the player, so the same seed gives the
same decisions, and nothing reads another seat's cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from game.rules import coruscant as co
from game.rules import sabacc_events as ev
from game.rules import spike_events as sev

from .base import checkpoint
from .coruscant_ai import best_subset, key_of
from .modern_reads import Book

PRE_SHIFT_POOL = 7  # cards a finished selection is taken from after the shift
BET_SHARPNESS = 4.0  # a tight bet's weight falls as (1 / (1 + distance)) ** this


def _counts(v: co.CoruscantView) -> tuple[dict[int, int], dict[int, int]]:
    """Cards each seat placed in its first and its second selection."""
    first: dict[int, int] = {}
    second: dict[int, int] = {}
    for e in v.log:
        if isinstance(e, sev.SelectionMade):
            (first if e.number == 1 else second)[e.seat] = len(e.cards)
    return first, second


def _reads(v: co.CoruscantView) -> dict[int, list[str]]:
    """Bets ("bet") and checks ("check") of this betting round, per seat."""
    out: dict[int, list[str]] = {}
    for e in reversed(v.log):
        if isinstance(e, sev.SelectionMade):
            break
        seat = getattr(e, "seat", None)
        if seat is None or seat == v.seat:
            continue
        if isinstance(e, ev.BetPlaced | ev.Raised):
            out.setdefault(seat, []).append("bet")
        elif isinstance(e, ev.Checked):
            out.setdefault(seat, []).append("check")
        elif isinstance(e, ev.Called):
            out.setdefault(seat, []).append("call")
    return out


def likelihood(
    cards: Sequence[int],
    target: int,
    reads: Sequence[str],
    sharpness: float = BET_SHARPNESS,
    call_floor: float | None = None,
) -> float:
    """How likely a selection makes a tight player's bets and checks (unnormalised)."""
    dist = abs(sum(co.kc.VALUES[c] for c in cards) - target)
    q = 1.0 / (1.0 + dist)
    w = 1.0
    for r in reads:
        if r == "bet":
            w *= 0.05 + q**sharpness
        elif r == "call":
            if call_floor is not None:  # None: a call tells nothing
                w *= call_floor + q * q
        else:
            w *= 1.1 - 0.6 * q
    return w


def _best_of_size(cards: Sequence[int], k: int, t: int, u: int) -> tuple[int, ...]:
    best: tuple[int, ...] = tuple(cards[:k])
    best_key = key_of(best, t, u)
    for combo in combinations(cards, k):
        key = key_of(combo, t, u)
        if key > best_key:
            best, best_key = combo, key
    return best


def equity(
    v: co.CoruscantView,
    unseen: Sequence[int],
    count: int,
    rng: random.Random,
    book: Book,
    read_bets: bool = True,
    sharpness: float = BET_SHARPNESS,
    call_floor: float | None = None,
) -> float:
    """The chance of taking the pot against every opponent still in."""
    t, u = v.target or 0, v.suit_index
    # Opponents in table order from this seat: the deals do not depend on which
    # seat number this player sits in (a table turned round plays alike).
    n = v.num_seats
    opponents = [(v.seat + d) % n for d in range(1, n) if v.in_hand[(v.seat + d) % n]]
    first, second = _counts(v)
    reads = _reads(v) if read_bets else {}
    shift_to_come = v.selection_no == 1 and v.options.selections == 2
    need = co.HAND_SIZE - len(v.selection)
    loose = {s: book.looseness(s) for s in opponents}
    pool = list(unseen)
    won = total = 0.0
    for _ in range(count):
        checkpoint()
        cards = pool[:]
        rng.shuffle(cards)
        if shift_to_come:
            mine = best_subset(v.selection, cards[:need], t, u)[0]
            del cards[:need]
        else:
            mine = key_of(v.selection, t, u)
        w = 1.0
        beaten = False
        ties = 0
        for s in opponents:
            lo = loose[s]
            tight = rng.random() >= lo
            if shift_to_come:
                hand, cards = cards[:5], cards[5:]
                k = max(1, min(first.get(s, 1), len(hand)))
                pick = _best_of_size(hand, k, t, u) if tight else tuple(rng.sample(hand, k))
                new, cards = cards[: 5 - k], cards[5 - k :]
                if tight:
                    final = best_subset(pick, new, t, u)[0]
                else:
                    final = key_of(list(pick) + [c for c in new if rng.random() < 0.5], t, u)
                shown: Sequence[int] = pick
            else:
                k = max(1, min(second.get(s, first.get(s, 1)), len(cards)))
                if tight:
                    hand, cards = cards[:PRE_SHIFT_POOL], cards[PRE_SHIFT_POOL:]
                    shown = _best_of_size(hand, min(k, len(hand)), t, u)
                else:
                    shown, cards = cards[:k], cards[k:]
                final = key_of(shown, t, u)
            if s in reads and tight:
                w *= likelihood(shown, t, reads[s], sharpness, call_floor)
            if final > mine:
                beaten = True
            elif final == mine:
                ties += 1
        total += w
        if not beaten:
            won += w / (ties + 1)
    return won / total if total else 0.0


def search_rng(rng: random.Random) -> random.Random:
    """A generator for one search, seeded from the player's (one draw of it)."""
    return random.Random(rng.getrandbits(64))
