"""Rule-of-thumb Sabacc players (the ``easy`` level).

They read only a ``SabaccView``.  The strong levels live in the AI package's
search players; until those land, ``normal`` and ``hard`` play as ``easy``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules import sabacc as sb
from game.rules.sabacc_rank import rank_cards

from .base import Personality, RandomPlayer, check_level


def _distance(total: int) -> int:
    """How far a live total is from ±23 (bombed totals are far)."""
    if total == 0 or abs(total) > 23:
        return 99
    return 23 - abs(total)


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
        return legal[0]

    def _bet(self, v: sb.SabaccView, legal: Sequence[Any], dist: int, rng: random.Random) -> Any:
        bets = [a for a in legal if isinstance(a, sb.Bet)]
        raises = [a for a in legal if isinstance(a, sb.Raise)]
        strong = dist <= 2
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
        best_key = v.rank().key
        cards = list(v.my_cards)
        for a in legal:
            if isinstance(a, sb.Discard):
                rest = cards[:]
                rest.remove(a.card)
                key = rank_cards(rest, v.values, v.options).key
                if key > best_key:
                    best, best_key = a, key
        return best


def make_player(level: str, personality: Personality | None = None) -> Any:
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return EasySabaccPlayer(level, personality)
