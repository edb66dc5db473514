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


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winner: int | None
