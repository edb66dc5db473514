"""Everything the Kessel engine reports, one frozen dataclass per happening.

Cards are text codes (CONTRACT §1, ``s4``, ``b-imp``).  Fields only their
owner may see are listed in ``_private``; ``Event.for_seat`` blanks them for
everybody else.  Families are ``"sand"`` / ``"blood"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Event


@dataclass(frozen=True, slots=True)
class StartingPlayerDrawn(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TokensChosen(Event):
    """A seat's shift tokens for the game (secret in ``choose`` / ``random``)."""

    _private = ("tokens",)
    seat: int
    tokens: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class TokenDrafted(Event):
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    starting: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    _private = ("card",)
    seat: int
    family: str
    card: str | None


@dataclass(frozen=True, slots=True)
class DiscardStarted(Event):
    family: str
    card: str


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    family: str
    cards: int  # how many went back into the draw pile


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int


@dataclass(frozen=True, slots=True)
class TokenPlayed(Event):
    seat: int
    token: str
    target: int | None


@dataclass(frozen=True, slots=True)
class ChipsMoved(Event):
    """Chips between a seat's stock and pot (``to_pot`` False: back to stock),
    or from one seat's pot or stock to another's pot (Embezzlement)."""

    seat: int
    amount: int
    source: str  # "stock" | "pot"
    dest: str  # "stock" | "pot"
    dest_seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class ChipsDestroyed(Event):
    seat: int
    amount: int
    source: str  # "stock" | "pot"
    reason: str  # "tariff" | "audit" | "penalty" | "lost-pot"


@dataclass(frozen=True, slots=True)
class Stood(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DrewFromDeck(Event):
    _private = ("card",)
    seat: int
    family: str
    card: str | None
    paid: int


@dataclass(frozen=True, slots=True)
class DrewFromDiscard(Event):
    seat: int
    family: str
    card: str
    paid: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card goes face up on its family's discard pile (kept-over or returned)."""

    seat: int
    family: str
    card: str
    kept_drawn: bool  # True: the drawn card replaced this one


@dataclass(frozen=True, slots=True)
class Embargoed(Event):
    seat: int
    by: int


@dataclass(frozen=True, slots=True)
class HandExhausted(Event):
    seat: int
    by: int


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    seat: int
    other: int


@dataclass(frozen=True, slots=True)
class HandReceived(Event):
    """After a Direct Transaction: the new hand, seen by its holder."""

    _private = ("cards",)
    seat: int
    cards: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class RuleChanged(Event):
    seat: int
    rule: str  # markdown | major-fraud | cook-the-books | prime-sabacc | immunity
    value: int = 0  # the prime face


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, int]
    purpose: str  # "impostor" | "prime"


@dataclass(frozen=True, slots=True)
class ImpostorResolved(Event):
    seat: int
    family: str
    value: int


@dataclass(frozen=True, slots=True)
class HandsRevealed(Event):
    hands: tuple[tuple[str, str] | None, ...]


@dataclass(frozen=True, slots=True)
class HandRanked(Event):
    seat: int
    cards: tuple[str, str]
    rank_kind: str  # pure-sabacc | sabacc | no-sabacc
    total: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Rebought(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winners: tuple[int, ...]
    credits: int  # the credits pot, shared by the winners
