"""Kessel Sabacc cards, codes and ranking (RULES.md §4.0, §4.1.1, §4.1.6).

Inside the engine a Kessel card is a small int ``family * 8 + kind``:
family 0 Sand, 1 Blood; kind 0 the Sylop, 1..6 the value cards, 7 an
Impostor.  Each family's deck holds the values 1-6 three times, three
Impostors and one Sylop (22 cards).

    >>> code(parse("S-IMP")), code(parse("b4")), family_of(parse("b-sylop"))
    ('s-imp', 'b4', 1)
    >>> rank_hand(["s-sylop", "b4"]).kind
    'sabacc'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .sabacc_rank import HandRank

SAND = 0
BLOOD = 1
FAMILIES = (SAND, BLOOD)
FAMILY_CODES = ("s", "b")
FAMILY_NAMES = ("sand", "blood")

SYLOP = 0
IMPOSTOR = 7
KINDS_PER_FAMILY = 8

Card = int

PURE_SABACC = "pure-sabacc"
SABACC = "sabacc"
NO_SABACC = "no-sabacc"
KINDS = (PURE_SABACC, SABACC, NO_SABACC)

PRESETS = ("kessel", "kessel-shift")


def card(family: int, kind: int) -> Card:
    return family * KINDS_PER_FAMILY + kind


def family_of(c: Card) -> int:
    return c // KINDS_PER_FAMILY


def kind_of(c: Card) -> int:
    return c % KINDS_PER_FAMILY


def is_impostor(c: Card) -> bool:
    return c % KINDS_PER_FAMILY == IMPOSTOR


def is_sylop(c: Card) -> bool:
    return c % KINDS_PER_FAMILY == SYLOP


def deck(family: int) -> list[Card]:
    """One family's 22 cards (RULES.md §4.1.1)."""
    cards = [card(family, v) for v in range(1, 7) for _ in range(3)]
    cards += [card(family, IMPOSTOR)] * 3
    cards.append(card(family, SYLOP))
    return cards


COPIES = {kind: (1 if kind == SYLOP else 3) for kind in range(KINDS_PER_FAMILY)}


def code(c: Card, impostor_value: int | None = None) -> str:
    fam = FAMILY_CODES[family_of(c)]
    k = kind_of(c)
    if k == SYLOP:
        return f"{fam}-sylop"
    if k == IMPOSTOR:
        return f"{fam}-imp" if impostor_value is None else f"{fam}-imp:{impostor_value}"
    return f"{fam}{k}"


def parse_code(text: str) -> tuple[Card, int | None]:
    """A card and, for ``s-imp:4``, the Impostor's fixed value."""
    raw = str(text).strip().lower()
    bad = ValueError(
        f"unknown Kessel card code {text!r}: use s1..s6, b1..b6, s-imp, b-imp, "
        "s-sylop, b-sylop or s-imp:4"
    )
    if len(raw) < 2 or raw[0] not in "sb":
        raise bad
    fam = FAMILY_CODES.index(raw[0])
    rest = raw[1:]
    if rest == "-sylop":
        return card(fam, SYLOP), None
    if rest == "-imp":
        return card(fam, IMPOSTOR), None
    if rest.startswith("-imp:"):
        value = rest[5:]
        if len(value) == 1 and value in "123456":
            return card(fam, IMPOSTOR), int(value)
        raise bad
    if len(rest) == 1 and rest in "123456":
        return card(fam, int(rest)), None
    raise bad


def parse(text: str) -> Card:
    return parse_code(text)[0]


# -- ranking ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Modifiers:
    """What the shift tokens and options change in the ranking (RULES.md §4.1.8-9)."""

    markdown: bool = False
    cook_the_books: bool = False
    prime: int | None = None
    major_fraud: bool = False
    cook_keeps_pure: bool = False
    prime_above_pure: bool = False
    sylop_bonus: bool = False
    diff_tiebreak: str = "lower-cards"


PLAIN = Modifiers()

# Sabacc sub-scores: a larger score beats a smaller one.
_PURE_TOP = 20
_PRIME = 15


def _sabacc_score(pair: int, mods: Modifiers) -> int:
    """The score of a Sabacc of ``pair`` (0 = Pure Sabacc, the 0/0 pair)."""
    if mods.prime is not None and pair == mods.prime:
        return _PURE_TOP + 1 if mods.prime_above_pure else _PRIME
    if pair == 0:
        if mods.cook_the_books and not mods.cook_keeps_pure:
            return 0  # RULES.md §4.1.10.12: Pure is the 0/0 pair, last under Cook
        return _PURE_TOP
    return pair if mods.cook_the_books else 7 - pair


def rank_values(
    sand: int, blood: int, sand_sylop: bool, blood_sylop: bool, mods: Modifiers = PLAIN
) -> HandRank:
    """Rank a hand whose Impostors are resolved.  ``sand``/``blood`` are card
    values (ignored for a Sylop)."""
    if sand_sylop and blood_sylop:
        return HandRank(PURE_SABACC, 0, (2, _sabacc_score(0, mods), 0))
    lone_sylop = sand_sylop or blood_sylop
    if lone_sylop:
        if mods.markdown:
            # Markdown: the Sylop is worth 0 and copies nothing.
            if sand_sylop:
                sand = 0
            else:
                blood = 0
        elif sand_sylop:
            sand = blood
        else:
            blood = sand
    if sand == blood:
        bonus = 1 if (mods.sylop_bonus and lone_sylop) else 0
        return HandRank(SABACC, 0, (2, _sabacc_score(sand, mods), bonus))
    diff = abs(sand - blood)
    low = min(sand, blood) if mods.diff_tiebreak == "lower-cards" else 0
    return HandRank(NO_SABACC, diff, (1, -diff, -low))


@lru_cache(maxsize=4096)
def rank_cards(
    sand: Card, blood: Card, sand_imp: int | None, blood_imp: int | None, mods: Modifiers
) -> HandRank:
    """Rank a Sand card and a Blood card; Impostors need their value unless
    Major Fraud fixes every Impostor at 6."""
    values: list[int] = []
    for c, imp in ((sand, sand_imp), (blood, blood_imp)):
        k = kind_of(c)
        if k == IMPOSTOR:
            if mods.major_fraud:
                values.append(6)
            elif imp is None:
                raise ValueError(
                    f"the Impostor {code(c)!r} has no value yet: resolve it at the reveal "
                    "(write it as "
                    f"{code(c)}:4) or rank with major_fraud=True"
                )
            else:
                values.append(imp)
        else:
            values.append(k)
    return rank_values(values[0], values[1], is_sylop(sand), is_sylop(blood), mods)


def parse_hand(cards: Sequence[str]) -> tuple[Card, Card, int | None, int | None]:
    """``(sand, blood, sand_imp, blood_imp)`` from exactly one Sand and one Blood code."""
    parsed = [parse_code(c) for c in cards]
    families = sorted(family_of(c) for c, _ in parsed)
    if families != [SAND, BLOOD]:
        shown = " ".join(str(c) for c in cards)
        raise ValueError(
            f"a Kessel hand is exactly one Sand and one Blood card, not {shown!r} (RULES.md §4.0)"
        )
    parsed.sort(key=lambda p: family_of(p[0]))
    (s, si), (b, bi) = parsed
    return s, b, si, bi


def rank_hand(
    cards: Sequence[str],
    preset: str = "kessel",
    markdown: bool = False,
    cook_the_books: bool = False,
    prime: int | None = None,
    major_fraud: bool = False,
) -> HandRank:
    """Rank a Kessel hand given as codes (RULES.md §4.0 evaluation API)."""
    if preset not in PRESETS:
        raise ValueError(f"{preset!r} is not a Kessel preset; choose from {', '.join(PRESETS)}")
    if prime is not None and prime not in range(1, 7):
        raise ValueError(f"prime must be a die face 1-6, not {prime!r}")
    s, b, si, bi = parse_hand(cards)
    mods = Modifiers(
        markdown=bool(markdown),
        cook_the_books=bool(cook_the_books),
        prime=prime,
        major_fraud=bool(major_fraud),
    )
    return rank_cards(s, b, si, bi, mods)
