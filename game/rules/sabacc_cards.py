"""Sabacc cards, decks and text codes (RULES.md §1.1, §1.7; CONTRACT §1).

Inside the engine a card is a small int, so hands copy and compare fast:

* ``0..59``  suit cards: ``suit * 15 + (value - 1)``, suits Coins, Flasks,
  Sabres, Staves (``c f s t``) and values 1..15 (12 Commander, 13 Mistress,
  14 Master, 15 Ace);
* ``60..67`` the eight standard face cards (two copies of each in the deck);
* ``68..73`` Centran's extra faces; ``74..77`` Centran's Legates.

    >>> code(parse("Idiot")), code(parse("15T")), base_value(parse("star"))
    ('idiot', '15t', -17)
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import whole_number

SUITS = "cfst"
SUIT_NAMES = ("Coins", "Flasks", "Sabres", "Staves")
RANK_NAMES = {12: "Commander", 13: "Mistress", 14: "Master", 15: "Ace"}

Card = int

FACE_CODES = (
    "idiot",
    "queen",
    "endurance",
    "balance",
    "demise",
    "moderation",
    "evil-one",
    "star",
)
FACE_VALUES = (0, -2, -8, -11, -13, -14, -15, -17)
FACE_NAMES = (
    "The Idiot",
    "Queen of Air and Darkness",
    "Endurance",
    "Balance",
    "Demise",
    "Moderation",
    "The Evil One",
    "The Star",
)
CENTRAN_CODES = ("chance", "wheel", "starship", "satellite", "hazard", "universe")
CENTRAN_VALUES = (-6, -10, -16, -18, -20, -21)
CENTRAN_NAMES = (
    "Chance",
    "The Wheel",
    "The Destroyed Starship",
    "The Satellite",
    "Hazard",
    "The Universe",
)
LEGATE_CODES = ("Lc", "Lf", "Ls", "Lt")

FIRST_FACE = 60
FIRST_CENTRAN = 68
FIRST_LEGATE = 74
NUM_CARD_KINDS = 78

IDIOT: Card = FIRST_FACE
QUEEN: Card = FIRST_FACE + 1
ENDURANCE: Card = FIRST_FACE + 2
BALANCE: Card = FIRST_FACE + 3
DEMISE: Card = FIRST_FACE + 4
MODERATION: Card = FIRST_FACE + 5
EVIL_ONE: Card = FIRST_FACE + 6
STAR: Card = FIRST_FACE + 7

CODES: tuple[str, ...] = tuple(
    [f"{v}{s}" for s in SUITS for v in range(1, 16)]
    + list(FACE_CODES)
    + list(CENTRAN_CODES)
    + list(LEGATE_CODES)
)
BASE_VALUES: tuple[int, ...] = tuple(
    [v for _ in SUITS for v in range(1, 16)] + list(FACE_VALUES) + list(CENTRAN_VALUES) + [11] * 4
)
_BY_CODE = {c.lower(): i for i, c in enumerate(CODES)}
# Friendly spellings accepted on input.
_BY_CODE.update({"evilone": EVIL_ONE, "the-star": STAR, "the-idiot": IDIOT})


def is_suit_card(card: Card) -> bool:
    return card < FIRST_FACE


def is_legate(card: Card) -> bool:
    return card >= FIRST_LEGATE


def is_face(card: Card) -> bool:
    return FIRST_FACE <= card < FIRST_LEGATE


def suit_of(card: Card) -> int | None:
    """0..3 for suit cards and Legates, ``None`` for face cards."""
    if card < FIRST_FACE:
        return card // 15
    if card >= FIRST_LEGATE:
        return card - FIRST_LEGATE
    return None


def rank_of(card: Card) -> int | None:
    """The printed rank 1..15 of a suit card (11 for a Legate), else ``None``."""
    if card < FIRST_FACE:
        return card % 15 + 1
    if card >= FIRST_LEGATE:
        return 11
    return None


def base_value(card: Card) -> int:
    return BASE_VALUES[card]


def code(card: Card) -> str:
    """The text code of ``card``; ``ValueError`` for a number that is no card
    (never a neighbour's code through a negative index)."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < NUM_CARD_KINDS:
        return CODES[card]
    raise ValueError(
        f"there is no Sabacc card {card!r} (cards are numbered 0 to {NUM_CARD_KINDS - 1})"
    )


def check_card(card: object) -> Card:
    """``card`` when it is a card number 0..77; ``ValueError`` (``TypeError``
    for a value that is not a whole number) naming it otherwise."""
    number = whole_number(card, "a card")
    if not 0 <= number < NUM_CARD_KINDS:
        raise ValueError(
            f"there is no Sabacc card {number} (cards are numbered 0 to {NUM_CARD_KINDS - 1})"
        )
    return number


def codes(cards: Iterable[Card]) -> list[str]:
    return [CODES[c] for c in cards]


def parse(text: str) -> Card:
    """A text code to a card; ``ValueError`` naming the code when it is not one."""
    if not isinstance(text, str):
        raise ValueError(f"unknown Sabacc card code {text!r}")
    card = _BY_CODE.get(text.strip().lower())
    if card is None:
        raise ValueError(f"unknown Sabacc card code {text!r}")
    return card


def parse_all(items: Iterable[str]) -> list[Card]:
    return [parse(c) for c in items]


def card_name(card: Card) -> str:
    """English display name, e.g. ``"Master of Sabres"`` (the UI translates)."""
    if card < FIRST_FACE:
        value = card % 15 + 1
        suit = SUIT_NAMES[card // 15]
        return f"{RANK_NAMES[value]} of {suit}" if value in RANK_NAMES else f"{value} of {suit}"
    if card < FIRST_CENTRAN:
        return FACE_NAMES[card - FIRST_FACE]
    if card < FIRST_LEGATE:
        return CENTRAN_NAMES[card - FIRST_CENTRAN]
    return f"Legate of {SUIT_NAMES[card - FIRST_LEGATE]}"


def standard_deck() -> list[Card]:
    """The 76-card deck: 60 suit cards and two copies of each face card."""
    return list(range(FIRST_FACE)) + [f for f in range(FIRST_FACE, FIRST_CENTRAN) for _ in (0, 1)]


def centran_deck() -> list[Card]:
    """The 78-card Centran deck: 60 suit cards, four Legates, every face once."""
    return list(range(FIRST_FACE)) + list(range(FIRST_FACE, NUM_CARD_KINDS))
