"""Rule-of-thumb Sabacc players (the ``easy`` level).

They read only a ``SabaccView``.  The ``normal`` and ``hard`` levels live in
:mod:`ai.sabacc_ai` and hand the phases they do not model to this player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules import sabacc as sb
from game.rules.sabacc_rank import HandRank, rank_cards

from .base import Personality, RandomPlayer, check_level


def _distance(total: int) -> int:
    """How far a live total is from ±23 (bombed totals are far)."""
    if total == 0 or abs(total) > 23:
        return 99
    return 23 - abs(total)


def _discard_order(rank: HandRank, total: int) -> tuple[tuple[int, ...], int]:
    """Rank first; between two bombed-out hands the total nearer to ±23, so a
    bombed hand sheds its worst card instead of keeping every card it draws."""
    return rank.key, -abs(abs(total) - 23) if rank.bombed_out else 0


class EasySabaccPlayer:
    """Plays by thresholds on its own total; never bluffs much."""

    def __init__(self, level: str = "easy", personality: Personality | None = None) -> None:
        self.level = level
        self.personality = personality or Personality()

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        v: sb.SabaccView = view
        rank = v.rank()
        dist = 0 if rank.takes_sabacc_pot else _distance(rank.total)
        if v.phase == sb.BETTING:
            return self._bet(v, legal, dist, rng)
        if v.phase == sb.CALLING:
            # Call a hand that is close; grow less picky as the hand drags on.
            patience = max(0, v.round_no - v.min_rounds)
            return sb.CALL_HAND if dist <= 2 + patience // 3 else sb.PASS_CALL
        if v.phase == sb.DRAWING:
            if sb.DRAW in legal and dist > 4:
                return sb.DRAW
            return sb.STAND
        if v.phase == sb.DISCARDING:
            return self._discard(v, legal)
        if v.phase == sb.HITTING:  # Two-Exchange: draw until standing
            if sb.DRAW in legal and dist > 4 and len(v.my_cards) < 6:
                return sb.DRAW
            return sb.STAND
        if v.phase == sb.EXCHANGING:
            return self._exchange(v, legal, dist)
        if v.phase == sb.TURNS:  # Great Khan: draw, exchange one card, or stay
            return self._turn(v, legal, dist)
        if v.phase == sb.DECLARING:  # Force: the side the first card leans to
            first = v.my_cards[0] if v.my_cards else 0
            return sb.DECLARE_DARK if v.values[first] < 0 else sb.DECLARE_LIGHT
        if v.phase in (sb.FINAL_DISCARD, sb.SWAPPING):
            return self._improve_by_one(v, legal, dist)
        return legal[0]

    def _exchange(self, v: sb.SabaccView, legal: Sequence[Any], dist: int) -> Any:
        """Lock what already points at the target; exchange the rest."""
        locks = [a for a in legal if isinstance(a, sb.Lock)]
        if not locks:
            return sb.EXCHANGE
        if dist <= 4:
            return locks[0]  # a good hand: lock it all, card by card
        total = v.my_total
        sign = 1 if total >= 0 else -1
        kept = sum(v.values[c] for c in v.locked)
        # Lock the largest cards of the hand's sign while they stay under 23.
        for a in sorted(locks, key=lambda a: -abs(v.values[a.card])):
            value = v.values[a.card]
            if value * sign > 0 and abs(kept + value) <= 20:
                return a
        return sb.EXCHANGE

    def _turn(self, v: sb.SabaccView, legal: Sequence[Any], dist: int) -> Any:
        freezes = [a for a in legal if isinstance(a, sb.Freeze)]
        if freezes and dist <= 1 and (v.stasis_paid or v.chips[v.seat] > 4 * v.options.stake):
            return freezes[0]  # keep a near-perfect hand safe from the dice
        if sb.DRAW in legal and dist > 7 and len(v.my_cards) < 5:
            return sb.DRAW
        if dist > 3:
            swaps = [a for a in legal if isinstance(a, sb.ExchangeCard)]
            best = self._best_removal(v, [a.card for a in swaps])
            if best is not None:
                return next(a for a in swaps if a.card == best)
        return sb.STAY

    def _improve_by_one(self, v: sb.SabaccView, legal: Sequence[Any], dist: int) -> Any:
        """Force's final discard / Empress Teta's swap: let go of the card whose
        absence ranks best (an inverted card that switched sides first)."""
        cards = [a.card for a in legal if isinstance(a, (sb.Discard, sb.Swap))]
        if v.phase == sb.FINAL_DISCARD:
            side = v.sides[v.seat] if v.sides else None
            wrong = (side == sb.LIGHT and v.my_total < 0) or (side == sb.DARK and v.my_total > 0)
            if wrong and v.my_inverted and v.my_inverted[0] in cards:
                return sb.Discard(v.my_inverted[0])
            best = self._best_removal(v, cards, must_improve=True)
            return sb.Discard(best) if best is not None else sb.KEEP
        if dist > 4:
            best = self._best_removal(v, cards)
            if best is not None:
                return sb.Swap(best)
        return sb.KEEP

    def _best_removal(
        self, v: sb.SabaccView, choices: Sequence[int], must_improve: bool = False
    ) -> int | None:
        best: int | None = None
        best_key = v.rank().key if must_improve else None
        mine = list(v.my_cards)
        for c in choices:
            rest = mine[:]
            rest.remove(c)
            key = rank_cards(rest, v.values, v.options).key
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best

    def _bet(self, v: sb.SabaccView, legal: Sequence[Any], dist: int, rng: random.Random) -> Any:
        bets = [a for a in legal if isinstance(a, sb.Bet)]
        raises = [a for a in legal if isinstance(a, sb.Raise)]
        strong = dist <= 2
        # Great Khan: call when close, and grow less picky as the hand drags on.
        if sb.CALL_HAND in legal and dist <= 1 + v.round_no // 3:
            return sb.CALL_HAND
        if v.options.open_betting and sb.CHECK in legal:  # poker style: anyone opens
            if bets and (strong or rng.random() < self.personality.bluff):
                return bets[min(len(bets), 2) - 1]
            return sb.CHECK
        if sb.CHECK in legal and bets:  # the lead opening
            if strong or rng.random() < self.personality.bluff:
                return bets[min(len(bets), 2) - 1]
            return sb.CHECK
        if sb.CHECK in legal:
            return sb.CHECK
        owe = v.level - v.round_bets[v.seat]
        if strong and raises and rng.random() < self.personality.aggression:
            return raises[0]
        if sb.CALL in legal and (dist <= 8 or owe <= 1 or sb.FOLD not in legal):
            return sb.CALL
        return sb.FOLD if sb.FOLD in legal else legal[0]

    def _discard(self, v: sb.SabaccView, legal: Sequence[Any]) -> Any:
        best: sb.Action = sb.KEEP
        now = v.rank()
        best_key = _discard_order(now, v.my_total)
        cards = list(v.my_cards)
        for a in legal:
            if isinstance(a, sb.Discard):
                rest = cards[:]
                rest.remove(a.card)
                rank = rank_cards(rest, v.values, v.options)
                key = _discard_order(rank, sum(v.values[c] for c in rest))
                if key > best_key:
                    best, best_key = a, key
        return best


def make_player(level: str, personality: Personality | None = None) -> Any:
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return EasySabaccPlayer(level, personality)
