"""Events of Corellian Spike and Coruscant Shift that Classic's list lacks.

The shared ones (antes, deals, bets, reveals, pots) are the classes of
:mod:`game.rules.sabacc_events`; cards are text codes (RULES.md §4.0).
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Event


@dataclass(frozen=True, slots=True)
class DiscardStarted(Event):
    """The top card of the draw pile turned face up to start the discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class FeePaid(Event):
    """Spike's ``fees`` option: a fee for a card action, into the hand pot."""

    seat: int
    amount: int
    reason: str  # "gain" | "discard"


@dataclass(frozen=True, slots=True)
class GainKept(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DiscardTaken(Event):
    """The top discard (face up, so public) went into ``seat``'s hand."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Junked(Event):
    """The hand goes face up on the discard pile; the player is out of this game."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SpikeDiceRolled(Event):
    """The dealer's two spike dice (faces 1-6); equal faces are a Sabacc Shift."""

    first: int
    second: int
    shift: bool


@dataclass(frozen=True, slots=True)
class HandDissolved(Event):
    """Sabacc Shift: ``seat``'s whole hand goes face up on the discard pile."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BlindDraw(Event):
    """A tied player's blind-draw card (face up; it goes to the discard pile)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class TargetRolled(Event):
    """Coruscant Shift: the gold die's target number and the silver die's suit."""

    target: int
    suit: str


@dataclass(frozen=True, slots=True)
class SelectionMade(Event):
    """Cards placed face down in a selection; only the owner sees which."""

    _private = ("cards",)
    seat: int
    number: int  # 1: first selection, 2: second
    cards: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Cards put face up on the discard pile (Coruscant's shift and second selection)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PotSplit(Event):
    """Coruscant ties: each winner takes ``each``; ``left`` odd chips stay in the pot."""

    seats: tuple[int, ...]
    each: int
    left: int


@dataclass(frozen=True, slots=True)
class AnteRaised(Event):
    ante: int
