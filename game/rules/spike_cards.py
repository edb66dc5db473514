"""The 62-card deck of Corellian Spike and Coruscant Shift (RULES.md §4.0, §4.2.1).

Three staves (circle ``o``, triangle ``t``, square ``s``), each with +1..+10
and -1..-10, and two Sylops worth 0.  Inside the engines a card is a small
int, so hands copy and compare fast:

* ``stave * 20 + (value - 1)`` for the positive cards,
* ``stave * 20 + 10 + (value - 1)`` for the negative cards,
* ``60`` for a Sylop (two copies in the deck).

Text codes carry a mandatory sign, which keeps them apart from Classic's
codes (``7s`` is Classic's 7 of Sabres; ``+7s`` is this deck's green 7 square).

    >>> code(parse("+7O")), value(parse("-3t")), parse_all(["sylop", "+10s"])
    ('+7o', -3, [60, 49])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .base import whole_number

STAVES = "ots"
STAVE_NAMES = ("circle", "triangle", "square")
SYLOP = 60
NUM_KINDS = 61
SYLOP_COPIES = 2

Card = int


def make(sign: int, rank: int, stave: str) -> Card:
    """The card ``sign`` (+1 / -1) ``rank`` (1..10) of ``stave`` (``o t s``)."""
    return STAVES.index(stave) * 20 + (0 if sign > 0 else 10) + rank - 1


def _value(card: Card) -> int:
    if card == SYLOP:
        return 0
    within = card % 20
    return within + 1 if within < 10 else -(within - 9)


VALUES: tuple[int, ...] = tuple(_value(c) for c in range(NUM_KINDS))
RANKS: tuple[int, ...] = tuple(abs(v) for v in VALUES)


def value(card: Card) -> int:
    return VALUES[card]


def stave(card: Card) -> str | None:
    """``o``, ``t`` or ``s``; ``None`` for a Sylop (it has no stave)."""
    return None if card == SYLOP else STAVES[card // 20]


def check_card(card: object) -> Card:
    """``card`` when it is a card number of these decks; ``ValueError`` naming it (a
    ``TypeError`` for something that is not a whole number at all)."""
    number = whole_number(card, "a card")
    if not 0 <= number < NUM_KINDS:
        raise ValueError(f"no Spike card {number}: cards are numbered 0 to {NUM_KINDS - 1}")
    return number


def code(card: Card) -> str:
    if card == SYLOP:
        return "sylop"
    if not (isinstance(card, int) and 0 <= card < NUM_KINDS):
        return f"card {card!r}"  # words for a refused action, never a card in play
    v = VALUES[card]
    return f"{'+' if v > 0 else '-'}{abs(v)}{STAVES[card // 20]}"


def parse(text: str) -> Card:
    """A card from its code; ``ValueError`` naming the code when it does not parse."""
    t = text.strip().lower()
    if t == "sylop":
        return SYLOP
    if len(t) >= 3 and t[0] in "+-" and t[-1] in STAVES and t[1:-1].isdigit():
        rank = int(t[1:-1])
        if 1 <= rank <= 10 and t[1] != "0":
            return make(1 if t[0] == "+" else -1, rank, t[-1])
    raise ValueError(
        f"unknown card code {text!r}: Spike and Coruscant cards are a sign, a value "
        "1-10 and a stave (o, t, s), like '+7o' or '-3t', or 'sylop'"
    )


def parse_all(codes: Iterable[str]) -> list[Card]:
    """Parse a hand; ``ValueError`` naming a card held more often than the deck has it."""
    cards = [parse(c) for c in codes]
    check_copies(cards)
    return cards


def check_copies(cards: Sequence[Card]) -> None:
    for card, n in Counter(cards).items():
        limit = SYLOP_COPIES if card == SYLOP else 1
        if n > limit:
            raise ValueError(
                f"card {code(card)!r} appears {n} times; the 62-card deck holds "
                f"{limit} {'copies' if limit > 1 else 'copy'}"
            )


def full_deck() -> list[Card]:
    """The 62 cards, in a fixed order (the engines draw from it at random)."""
    return [c for c in range(SYLOP)] + [SYLOP] * SYLOP_COPIES


def codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(code(c) for c in cards)
