"""What one finished Kessel round meant for a seat (statistics, achievements).

>>> from game.rules import kessel_events as ev
>>> o = kessel_outcome([ev.HandRanked(0, ("s-sylop", "b-sylop"), "pure-sabacc", 0),
...                     ev.RoundWon((0,)), ev.ChipsMoved(0, 3, "pot", "stock", 0, "won")])
>>> o.won, o.collected, o.pure_sabacc
(True, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import kessel_events as ev
from game.rules.base import Event
from game.storage.stats import HandOutcome

# The events that end a Kessel "hand" (one round) for histories and statistics.
UNIT_ENDS = ("RoundWon",)


def kessel_outcome(events: Sequence[Event], seat: int = 0) -> HandOutcome:
    winners: tuple[int, ...] = ()
    collected = 0
    pure = False
    for event in events:
        if isinstance(event, ev.RoundWon):
            winners = event.winners
        elif isinstance(event, ev.ChipsMoved) and event.reason == "won" and event.seat == seat:
            collected += event.amount
        elif isinstance(event, ev.HandRanked) and event.seat == seat:
            pure = pure or event.rank_kind == "pure-sabacc"
    return HandOutcome(seat in winners, collected, winners, pure_sabacc=pure)
