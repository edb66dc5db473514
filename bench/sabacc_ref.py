"""An independent reference Sabacc player (Classic flow), for arenas only.

It shares no code with ``ai/``: it reads the seat's ``SabaccView`` and uses
the engine's ranking alone.  It plays the way a careful human with a
calculator would:

* **equity** -- deal the unseen cards into the opponents' hidden hands many
  times, weighting each deal by an opponent model (a player who bet or
  raised this hand, or stood, more likely holds a hand near ±23), and count
  how often its own hand is best;
* **short rollouts** -- the same deals played one draw further (everybody
  draws a card and keeps the best hand) to see whether waiting helps;
* **pot odds** -- call a bet when its share of the pot pays for the call
  (folding costs the fold fee anyway), open and raise with a clear edge,
  call the hand when it is ahead now and waiting does not help.

Phases outside Classic's betting, calling, drawing and discarding take the
first legal action.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.sabacc_rank import HandRank, rank_cards


def _deck(view: sb.SabaccView) -> list[int]:
    if view.options.deck == "centran":
        return sc.centran_deck()
    return sc.standard_deck()


def _unseen(view: sb.SabaccView) -> list[int]:
    pool = Counter(_deck(view))
    pool.subtract(view.hand)
    for field in view.fields:
        pool.subtract(field)
    pool.subtract(view.discards)
    return sorted((+pool).elements())


def _gap(rank: HandRank) -> int:
    """How far a hand is from the top: 0 for ±23 or an Idiot's Array, 99 bombed."""
    if rank.bombed_out:
        return 99
    if rank.takes_sabacc_pot:
        return 0
    return 23 - abs(rank.total)


class ReferencePlayer:
    """Equity by weighted deals, decisions by short rollouts and pot odds."""

    level = "reference"

    def __init__(self, deals: int = 120) -> None:
        self.deals = deals

    # -- reading ------------------------------------------------------------
    def _rank(self, view: sb.SabaccView, cards: Sequence[int]) -> HandRank:
        return rank_cards(cards, view.values, view.options)

    def _best_keep(self, view: sb.SabaccView, hand: list[int], fixed: Sequence[int]) -> HandRank:
        best = self._rank(view, [*hand, *fixed])
        if len(hand) + len(fixed) > 2:
            for i in range(len(hand)):
                rest = hand[:i] + hand[i + 1 :]
                r = self._rank(view, [*rest, *fixed])
                if r > best:
                    best = r
        return best

    def _signals(self, view: sb.SabaccView) -> dict[int, float]:
        """Per opponent, how sharply its play says "near ±23" (0: no sign)."""
        out: dict[int, float] = {}
        for e in view.log:
            if isinstance(e, ev.BetPlaced | ev.Raised):
                out[e.seat] = out.get(e.seat, 0.0) + 1.0
            elif isinstance(e, ev.Stood):
                out[e.seat] = out.get(e.seat, 0.0) + 0.5
            elif isinstance(e, ev.CardShifted):
                out[e.seat] = out.get(e.seat, 0.0) * 0.5
        return out

    def equities(self, view: sb.SabaccView, rng: random.Random) -> tuple[float, float]:
        """(share of the pot if all showed now, share after one more draw each)."""
        me = view.seat
        pool = _unseen(view)
        opps = [s for s in range(view.num_seats) if s != me and view.in_hand[s]]
        if not opps:
            return 1.0, 1.0
        need = {s: view.card_counts[s] - len(view.fields[s]) for s in opps}
        signals = self._signals(view)
        mine = list(view.hand)
        my_field = view.fields[me]
        my_now = self._rank(view, [*mine, *my_field])
        now_sum = after_sum = weight_sum = 0.0
        for _ in range(self.deals):
            total_need = sum(need.values()) + 1 + len(opps)
            if total_need > len(pool):
                break
            drawn = rng.sample(pool, total_need)
            weight = 1.0
            hands: dict[int, list[int]] = {}
            k = 0
            for s in opps:
                hands[s] = drawn[k : k + need[s]]
                k += need[s]
                sig = signals.get(s, 0.0)
                if sig:
                    gap = _gap(self._rank(view, [*hands[s], *view.fields[s]]))
                    weight *= math.exp(-sig * min(gap, 12) / 6.0)
            ranks_now = [self._rank(view, [*hands[s], *view.fields[s]]) for s in opps]
            now_sum += weight * _share(my_now, ranks_now)
            my_after = self._best_keep(view, [*mine, drawn[k]], my_field)
            k += 1
            ranks_after = []
            for s in opps:
                ranks_after.append(self._best_keep(view, [*hands[s], drawn[k]], view.fields[s]))
                k += 1
            after_sum += weight * _share(my_after, ranks_after)
            weight_sum += weight
        if weight_sum <= 0:
            fair = 1.0 / (len(opps) + 1)
            return fair, fair
        return now_sum / weight_sum, after_sum / weight_sum

    # -- deciding -----------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action")
        if not isinstance(view, sb.SabaccView) or getattr(view, "flow", "classic") != "classic":
            return legal[0]
        if view.phase == sb.DRAWING:
            if sb.DRAW in legal and _gap(view.rank()) > 0:
                return sb.DRAW
            return sb.STAND if sb.STAND in legal else legal[0]
        if view.phase == sb.DISCARDING:
            return self._discard(view, legal)
        if view.phase == sb.CALLING:
            if sb.CALL_HAND not in legal:
                return sb.PASS_CALL if sb.PASS_CALL in legal else legal[0]
            now, after = self.equities(view, rng)
            late = max(0, view.round_no - view.min_rounds)
            fair = 1.0 / max(1, sum(view.in_hand))
            want = max(fair + 0.05, fair * 1.15) - 0.03 * late
            if now >= want and now >= after - 0.03 or late >= 12:
                return sb.CALL_HAND
            return sb.PASS_CALL
        if view.phase == sb.BETTING:
            return self._bet(view, legal, rng)
        return legal[0]

    def _discard(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        hand = list(view.hand)
        field = view.fields[view.seat]
        best: Any = sb.KEEP
        best_rank = self._rank(view, [*hand, *field])
        if len(hand) + len(field) > 2:
            for card in sorted(set(hand)):
                rest = list(hand)
                rest.remove(card)
                r = self._rank(view, [*rest, *field])
                if r > best_rank and sb.Discard(card) in legal:
                    best, best_rank = sb.Discard(card), r
        return best if best in legal else sb.KEEP

    def _bet(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        bets = sorted((a for a in legal if isinstance(a, sb.Bet)), key=lambda a: a.amount)
        raises = sorted((a for a in legal if isinstance(a, sb.Raise)), key=lambda a: a.amount)
        if sb.CHECK in legal and not bets:
            return sb.CHECK
        now, after = self.equities(view, rng)
        callable_now = view.round_no >= view.min_rounds
        e = 0.5 * (now + after) if callable_now else after
        fair = 1.0 / max(1, sum(view.in_hand))
        if bets:
            if e > fair + 0.25 and len(bets) >= 3:
                return bets[2]
            if e > fair + 0.15 and len(bets) >= 2:
                return bets[1]
            if e > fair + 0.07:
                return bets[0]
            return sb.CHECK
        owe = view.level - view.round_bets[view.seat]
        pot = view.hand_pot
        if raises and e > fair + 0.22:
            return raises[min(1, len(raises) - 1)]
        fee = min(view.options.fold_fee, view.chips[view.seat])
        if sb.CALL in legal and (e * (pot + owe) - owe >= -fee or sb.FOLD not in legal):
            return sb.CALL
        if sb.FOLD in legal:
            return sb.FOLD
        return sb.CALL if sb.CALL in legal else legal[0]


def _share(mine: HandRank, others: Sequence[HandRank]) -> float:
    top = max(others)
    if mine > top:
        return 1.0
    if mine < top:
        return 0.0
    return 1.0 / (1 + sum(1 for r in others if r == mine))
