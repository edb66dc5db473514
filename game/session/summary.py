"""What a quick-play session was, hand by hand, for the results screen: each seat's
chips won or lost, the stacks after every hand, the biggest pot and the player's best
hand. No pygame; the driver adds a hand as it ends, the results screen reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.base import Event

#: Special hands a game's outcome reader marks (game.storage.stats.HandOutcome), with
#: the words the results screen names them by.
SPECIAL_HANDS = (
    ("pure_sabacc", "screens.special.pure_sabacc"),
    ("idiots_array", "screens.special.idiots_array"),
    ("zero_hand", "screens.special.zero_hand"),
    ("crash", "screens.special.crash"),
    ("natural", "screens.special.natural"),
)


@dataclass(frozen=True, slots=True)
class HandSummary:
    number: int  # 1 for the session's first hand
    net: tuple[int, ...]  # chips each seat won (+) or lost (-), re-buys left out
    stacks: tuple[int, ...]  # each seat's stack as the hand ended
    pot: int  # the most chips one seat took in during the hand
    pot_seat: int | None  # that seat (None: nobody took anything in)
    special: str = ""  # the player's special hand (a key of SPECIAL_HANDS' words)


def rebought(events: Sequence[Event], seats: int) -> list[int]:
    """Chips each seat bought back in with during ``events`` (every game's Rebought)."""
    bought = [0] * seats
    for event in events:
        if event.kind == "Rebought":
            seat, amount = getattr(event, "seat", -1), getattr(event, "amount", 0)
            if 0 <= seat < seats:
                bought[seat] += int(amount)
    return bought


def summarize(
    game: str,
    number: int,
    events: Sequence[Event],
    start: Sequence[int],
    end: Sequence[int],
    seat: int = 0,
) -> HandSummary:
    """One finished hand: ``start`` and ``end`` are the stacks as it began and ended."""
    from game import games

    entry = games.get(game)
    seats = len(end)
    bought = rebought(events, seats)
    begun = list(start) + [0] * (seats - len(start))
    net = tuple(int(end[s]) - int(begun[s]) - bought[s] for s in range(seats))
    pot, pot_seat = 0, None
    for other in range(seats):
        collected = entry.hand_outcome(events, other).collected
        if collected > pot:
            pot, pot_seat = collected, other
    outcome = entry.hand_outcome(events, seat)
    special = next((key for name, key in SPECIAL_HANDS if getattr(outcome, name, False)), "")
    return HandSummary(number, net, tuple(int(c) for c in end), pot, pot_seat, special)


@dataclass(slots=True)
class SessionLog:
    """The hands of one session, in order; ``start`` the stacks as it began."""

    start: list[int] = field(default_factory=list)
    hands: list[HandSummary] = field(default_factory=list)

    def add(
        self, game: str, events: Sequence[Event], start: Sequence[int], end: Sequence[int]
    ) -> HandSummary:
        if not self.start:
            self.start = [int(c) for c in start]
        hand = summarize(game, len(self.hands) + 1, events, start, end)
        self.hands.append(hand)
        return hand

    def net(self) -> list[int]:
        """Each seat's chips won (+) or lost (-) over the session, re-buys left out."""
        seats = max((len(h.net) for h in self.hands), default=0)
        return [sum(h.net[s] for h in self.hands if s < len(h.net)) for s in range(seats)]

    def stacks(self) -> list[list[int]]:
        """Each seat's stack before the first hand and after every hand (the chart)."""
        seats = len(self.start)
        series = [[int(c)] for c in self.start]
        for hand in self.hands:
            for s in range(seats):
                series[s].append(hand.stacks[s] if s < len(hand.stacks) else series[s][-1])
        return series

    def biggest_pot(self) -> HandSummary | None:
        best = max(self.hands, key=lambda h: h.pot, default=None)
        return best if best is not None and best.pot > 0 else None

    def best_hand(self, seat: int = 0) -> HandSummary | None:
        """The player's best hand: the most chips won in one hand (a special hand first
        when two won as much); None when no hand won anything."""
        best = max(
            (h for h in self.hands if seat < len(h.net)),
            key=lambda h: (h.net[seat], bool(h.special), -h.number),
            default=None,
        )
        return best if best is not None and best.net[seat] > 0 else None
