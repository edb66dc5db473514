"""Everything the Sabacc engine reports, one frozen dataclass per happening.

Cards in events are text codes (CONTRACT §1) so a table or a log can show
them directly.  Events whose cards only their owner may see list those fields
in ``_private``; ``Event.for_seat`` blanks them for everybody else.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Event


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    hand_no: int
    dealer: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AntePaid(Event):
    seat: int
    hand_pot: int
    sabacc_pot: int


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Rebought(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    _private = ("card",)
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    lead: int


@dataclass(frozen=True, slots=True)
class RulesChanged(Event):
    value_rule: str


@dataclass(frozen=True, slots=True)
class Checked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Called(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Raised(Event):
    seat: int
    amount: int  # chips put in now
    level: int  # the round's new highest bet


@dataclass(frozen=True, slots=True)
class Folded(Event):
    seat: int
    fee: int


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    seat: int
    value: int
    shift: bool


@dataclass(frozen=True, slots=True)
class CardShifted(Event):
    _private = ("old", "new")
    seat: int
    old: str | None
    new: str | None


@dataclass(frozen=True, slots=True)
class ShiftReturned(Event):
    count: int


@dataclass(frozen=True, slots=True)
class PassedCall(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class HandCalled(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlacedInField(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    _private = ("card",)
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class Stood(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class KeptAll(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    count: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    seat: int
    cards: tuple[str, ...]
    hand_kind: str
    total: int


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Event):
    seat: int
    amount: int
    reason: str  # "bombed-out" | "failed-call"


@dataclass(frozen=True, slots=True)
class SuddenDemise(Event):
    seats: tuple[int, ...]
    for_sabacc_pot: bool


@dataclass(frozen=True, slots=True)
class SuddenDemiseCard(Event):
    seat: int
    card: str
    hand_kind: str
    total: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    seat: int
    amount: int
    pot: str  # "hand" | "sabacc"


@dataclass(frozen=True, slots=True)
class PotMoved(Event):
    amount: int
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    hand_no: int
    winners: tuple[int, ...]
    reason: str  # "showdown" | "fold" | "split" | "all-bombed" | "fallback"


# -- the preset flows (RULES.md §1.5-1.7) ----------------------------------------
@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """A step of a preset's flow begins: "hitting", "exchange", "turns",
    "declaring", "final-discard", "swapping" (the table announces it)."""

    phase: str
    number: int  # which exchange / round it is (1-based)


@dataclass(frozen=True, slots=True)
class CardLocked(Event):
    """Two-Exchange: a card placed face down; it never changes again."""

    _private = ("card",)
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """Two-Exchange: the unlocked cards go back into the deck (face down)."""

    _private = ("cards",)
    seat: int
    cards: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class CardExchanged(Event):
    """Great Khan's exchange or Empress Teta's swap: ``card`` goes face up on
    the discard pile; the replacement arrives as a ``CardDrawn``."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class StakePaid(Event):
    seat: int
    amount: int
    reason: str  # "call" | "freeze"


@dataclass(frozen=True, slots=True)
class CardFrozen(Event):
    """Great Khan: a card laid face down in the stasis field (immune to the dice)."""

    _private = ("card",)
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Great Khan: the dealer's 2d6 after a turn; doubles bring the player die."""

    first: int
    second: int
    doubles: bool


@dataclass(frozen=True, slots=True)
class PlayerDieRolled(Event):
    value: int
    target: int  # the seat that must exchange a card, or -1 when nobody does


@dataclass(frozen=True, slots=True)
class SideDeclared(Event):
    seat: int
    side: str  # "light" | "dark"


@dataclass(frozen=True, slots=True)
class CardInverted(Event):
    """Force: the card just dealt came inverted; its holder now plays ``side``."""

    seat: int
    side: str


@dataclass(frozen=True, slots=True)
class SidesScored(Event):
    light: int
    dark: int
    winner: str  # "light" | "dark" | "pure-light" | "pure-dark" | "even" | "none"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """Great Khan: a lone Pure Sabacc or Idiot's Array wins the whole game."""

    seat: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winner: int | None
