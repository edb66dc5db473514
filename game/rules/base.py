"""The protocol every game engine in ``game.rules`` follows.

Shape after OpenSpiel's game states and PokerKit's operations:

* A *state* is a whole match (hand after hand, game after game, deal after
  deal).  ``to_act()`` says who moves next: a seat number, or one of the
  markers below.
* ``legal_actions()`` lists what the seat to act may do; ``apply(action)``
  performs it and returns the :class:`Event` objects a table can animate one
  by one.  An illegal action raises ``ValueError`` naming the rule it breaks
  and leaves the state unchanged.
* Chance is explicit: when ``to_act() == CHANCE`` the state waits for a chance
  outcome (a card from the deck, a die).  ``chance_outcomes()`` lists them with
  their probabilities (so a search can enumerate), ``apply_chance(outcome)``
  applies one, and ``sample_chance(rng)`` draws one from an injected
  ``random.Random`` and applies it.  Engines never own a random generator.
* ``BETWEEN`` means a unit (hand, game or deal) has ended and the next has not
  started: the driver may re-buy seats, count results or stop, then calls
  ``start_next()``.  ``TERMINAL`` means the match is over.
* ``view(seat)`` builds the seat's ``PlayerView``: only what that seat may
  know.  Events carry ``for_seat(seat)`` to hide other seats' cards.
* ``clone()`` is cheap: AI search copies states thousands of times.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Protocol, TypeVar

CHANCE = -1
TERMINAL = -2
BETWEEN = -3

HIDDEN = None  # what a redacted card looks like in an event or a view

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of everything an engine reports.

    Subclasses that carry cards a seat may not see list those fields in
    ``_private`` and name the owner in ``seat``; ``for_seat`` blanks them for
    anybody else.
    """

    _private: ClassVar[tuple[str, ...]] = ()

    @property
    def kind(self) -> str:
        return type(self).__name__

    def for_seat(self, viewer: int | None) -> Event:
        if not self._private:
            return self
        owner = getattr(self, "seat", None)
        if viewer is not None and viewer == owner:
            return self
        return replace(self, **{name: _blank(getattr(self, name)) for name in self._private})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out


def _blank(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(HIDDEN for _ in value)
    if isinstance(value, list):
        return [HIDDEN for _ in value]
    return HIDDEN


def redact(events: Sequence[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` may see them (``None``: a spectator)."""
    return [e.for_seat(viewer) for e in events]


class GameState(Protocol):
    """What the simulator, the AI and the scenes rely on."""

    num_seats: int
    chips: list[int]
    completed: int  # units (hands / games / deals) finished so far
    wins: list[int]  # units won per seat

    def to_act(self) -> int: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> list[Event]: ...

    def chance_outcomes(self) -> list[tuple[Any, float]]: ...

    def apply_chance(self, outcome: Any) -> list[Event]: ...

    def sample_chance(self, rng: random.Random) -> list[Event]: ...

    def start_next(self) -> list[Event]: ...

    def can_continue(self, seat: int) -> bool: ...

    def rebuy(self, seat: int, amount: int) -> list[Event]: ...

    def view(self, seat: int) -> Any: ...

    def clone(self: S) -> S: ...


def whole_number(value: object, what: str) -> int:
    """``value`` when it is a whole number (an ``int``, never a ``bool``).

    Chips, cards, seats and dice are counted in whole numbers: a fractional
    number raises ``ValueError`` naming ``what``; anything that is not a
    number at all (text, ``None``, a bool) raises ``TypeError``.

    >>> whole_number(3, "a bet")
    3
    >>> whole_number(1.5, "a bet")
    Traceback (most recent call last):
    ...
    ValueError: a bet must be a whole number, not 1.5
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    raise TypeError(f"{what} must be an int, not {type(value).__name__} {value!r}")


def seat_number(value: object, num_seats: int) -> int:
    """``value`` when it names a seat of a ``num_seats`` table; else ValueError/TypeError."""
    seat = whole_number(value, "a seat")
    if not 0 <= seat < num_seats:
        raise ValueError(f"no seat {seat}: this table has seats 0 to {num_seats - 1}")
    return seat


def rebuy_amount(value: object) -> int:
    """A re-buy adds a whole number of chips, at least 1."""
    amount = whole_number(value, "a re-buy")
    if amount < 1:
        raise ValueError(f"a re-buy must add at least 1 chip, not {amount}")
    return amount


def resolve_chance(state: GameState, rng: random.Random) -> list[Event]:
    """Apply chance steps with ``rng`` until a seat must act (or the unit ends)."""
    events: list[Event] = []
    while state.to_act() == CHANCE:
        events.extend(state.sample_chance(rng))
    return events
