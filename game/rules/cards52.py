"""The standard 52-card deck used by Thirteen Card Brag and Nine and a Half.

Cards are small ints ``0..51`` inside the engines (fast to copy and compare)
and text codes at the edges (CONTRACT §1): rank ``A 2 3 4 5 6 7 8 9 T J Q K``
followed by suit ``S H D C``.  ``10`` is accepted for ``T``; input is
case-insensitive.

    >>> code(parse("10h"))
    'TH'
    >>> rank_of(parse("AS")), suit_of(parse("AS"))
    (14, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import whole_number

RANK_CHARS = "23456789TJQKA"  # index + 2 == rank number; the Ace is 14
SUIT_CHARS = "SHDC"
SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")

Card = int  # rank_index * 4 + suit, rank_index 0 (two) .. 12 (ace)


def make(rank: int, suit: int) -> Card:
    """``rank`` 2..14 (Ace high), ``suit`` 0..3 (S H D C)."""
    if not 2 <= rank <= 14 or not 0 <= suit <= 3:
        raise ValueError(f"no such card: rank {rank}, suit {suit}")
    return (rank - 2) * 4 + suit


def rank_of(card: Card) -> int:
    """2..14, the Ace being 14."""
    return card // 4 + 2


def suit_of(card: Card) -> int:
    return card % 4


def code(card: Card) -> str:
    """The text code of ``card``; ``ValueError`` for a number that is no card."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]
    raise ValueError(f"there is no card {card!r} (cards are numbered 0 to 51)")


def check_card(card: object) -> Card:
    """A card given as a number 0..51 or a text code; ``ValueError`` naming
    it otherwise (``TypeError`` for a value that is neither)."""
    if isinstance(card, str):
        return parse(card)
    number = whole_number(card, "a card")
    if not 0 <= number < 52:
        raise ValueError(f"there is no card {number} (cards are numbered 0 to 51)")
    return number


def parse(text: str) -> Card:
    """A text code to a card; ``ValueError`` naming the code when it is not one."""
    if not isinstance(text, str):
        raise ValueError(f"unknown card code {text!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise ValueError(f"unknown card code {text!r}")
    return RANK_CHARS.index(t[0]) * 4 + SUIT_CHARS.index(t[1])


def parse_all(codes: Iterable[str]) -> list[Card]:
    return [parse(c) for c in codes]


def codes(cards: Iterable[Card]) -> list[str]:
    return [code(c) for c in cards]


def full_deck(copies: int = 1) -> list[Card]:
    """Every card ``copies`` times, in a fixed order (shuffling is the caller's)."""
    return [c for _ in range(copies) for c in range(52)]
