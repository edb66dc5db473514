"""Computer players for Nine and a Half (九点半).

They read only a ``NineHalfView``.  ``random`` picks any legal action;
``easy`` plays rules of thumb:

* as a player: ante 1, hit below 6, bet more the stronger the hand (with an
  occasional big bet on a weak hand, since bets are what the dealer reads);
* as dealer: the default limit, draw below 6 before challenging, then
  challenge the players whose face-up cards look weakest until the duty is
  met, and anyone else it clearly beats.

``normal`` and ``hard`` play as ``easy`` for now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.base import Personality, Player, RandomPlayer, check_level
from game.rules.ninehalf import (
    Ante,
    Bet,
    Challenge,
    Draw,
    Hit,
    NineHalfView,
    SetLimit,
    SitOut,
    Stay,
    Stop,
    hand_value,
)

HIT_BELOW = 6.0  # a player (or the dealer) draws while under this total
AVERAGE_HOLE = 4.5  # what an unseen face-down card is worth on average (≈ 4.35)
LIKELY_BUST = 10.0  # face-up total + average hole at or above this looks bust


def _points(codes: Sequence[str], dealer: bool = False) -> tuple[str, float]:
    if not codes:
        return "normal", 0.0
    value = hand_value(codes, dealer=dealer)
    return value.kind, value.points


def looks_like(view: NineHalfView, seat: int) -> float:
    """How strong a player's hand looks from outside: lower looks weaker.

    A revealed card counts as it is; a hidden one as an average card.  A
    hand that probably went bust ranks below everything.
    """
    _, shown = _points(view.face_up[seat])
    guess = shown + AVERAGE_HOLE
    return -1.0 if guess >= LIKELY_BUST else guess


class EasyNineHalfPlayer:
    """Rule-of-thumb play, as a player and as the dealer."""

    def __init__(self, level: str = "easy", personality: Personality | None = None) -> None:
        self.level = level
        self.personality = personality or Personality()

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        first = legal[0]
        if isinstance(first, SetLimit):
            return self._limit(legal)
        if isinstance(first, Ante | SitOut):
            return Ante(1) if Ante(1) in legal else legal[0]
        if isinstance(first, Hit | Stay):
            return self._hit_or_stay(view, legal)
        if isinstance(first, Bet):
            return self._bet(view, legal, rng)
        return self._dealer(view, legal)

    def _limit(self, legal: Sequence[Any]) -> Any:
        if SetLimit(10) in legal:
            return SetLimit(10)
        return legal[len(legal) // 2]

    def _hit_or_stay(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        _, total = _points(view.my_cards)
        if total < HIT_BELOW and Hit() in legal:
            return Hit()
        return Stay()

    def _bet(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        top = len(legal)  # legal bets are 1..top
        kind, total = _points(view.my_cards)
        if kind in ("natural", "jack-ten"):
            want = top
        elif kind == "bust":
            want = 1
        elif total >= 8:
            want = max(1, round(top * 0.6))
        elif total >= 6:
            want = min(3, top)
        else:
            want = 1
        # A weak hand sometimes bets big so the dealer cannot read bets blindly.
        if want <= 1 and rng.random() < self.personality.bluff:
            want = max(1, round(top * 0.6))
        return Bet(min(max(want, 1), top))

    def _dealer(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        kind, total = _points(view.dealer_cards, dealer=True)
        # Draw before the first challenge: a draw then costs no extra duty.
        if Draw() in legal and view.challenges == 0 and total < HIT_BELOW:
            return Draw()
        targets = [a for a in legal if isinstance(a, Challenge)]
        targets.sort(key=lambda a: (looks_like(view, a.seat), a.seat))
        if targets and (view.challenges < view.duty or view.must_challenge):
            return targets[0]
        # Beyond the duty, take on whoever still looks clearly beaten.
        if targets and kind != "bust" and looks_like(view, targets[0].seat) < total - 1:
            return targets[0]
        if Stop() in legal:
            return Stop()
        return targets[0] if targets else legal[0]


def make_player(level: str) -> Player:
    """A Nine and a Half player for ``level``: random, easy, normal or hard."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return EasyNineHalfPlayer(level)
