"""What a seat learns of its opponents' betting over a match (Corellian Spike
and Coruscant Shift): how often each one bets or raises when it acts in a
betting round.

A player who bets only on a good hand (most of the time it checks, calls or
folds) tells something with a bet; one who bets or raises at nearly every
turn tells nothing, and its hands are no better than any.  The book reads
only the public events of the views handed to its player, counting each
event once, so it never sees a hidden card and the same games give the same
figures.
"""

from __future__ import annotations

from typing import Any

from game.rules import sabacc_events as ev

PRIOR_ACTS = 6.0  # the book starts as if it had seen this many actions ...
PRIOR_RATE = 0.3  # ... at this share of bets and raises
TIGHT_RATE = 0.4  # up to this share a bet is read in full
LOOSE_RATE = 0.6  # from this share a bet is read as nothing


class Book:
    def __init__(self) -> None:
        self.bets: dict[int, int] = {}
        self.acts: dict[int, int] = {}
        self._hand: Any = None
        self._seen = 0

    def update(self, view: Any) -> None:
        """Count the betting actions of the view's log not counted yet."""
        log = view.log
        if view.hand_no != self._hand or len(log) < self._seen:
            self._hand, self._seen = view.hand_no, 0
        for e in log[self._seen :]:
            seat = getattr(e, "seat", None)
            if seat is None or seat == view.seat:
                continue
            if isinstance(e, ev.BetPlaced | ev.Raised):
                self.bets[seat] = self.bets.get(seat, 0) + 1
                self.acts[seat] = self.acts.get(seat, 0) + 1
            elif isinstance(e, ev.Checked | ev.Called | ev.Folded):
                self.acts[seat] = self.acts.get(seat, 0) + 1
        self._seen = len(log)

    def bet_rate(self, seat: int) -> float:
        acts = self.acts.get(seat, 0)
        return (self.bets.get(seat, 0) + PRIOR_RATE * PRIOR_ACTS) / (acts + PRIOR_ACTS)

    def looseness(self, seat: int) -> float:
        """0: its bets mean a good hand; 1: its bets mean nothing."""
        f = self.bet_rate(seat)
        return min(1.0, max(0.0, (f - TIGHT_RATE) / (LOOSE_RATE - TIGHT_RATE)))
