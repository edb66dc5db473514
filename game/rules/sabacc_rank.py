"""Ranking Sabacc hands (RULES.md §1.2 and the preset hooks of §1.6-1.7).

A rank is a key tuple: a larger key beats a smaller one, equal keys tie.

    category 6  Idiot's Array (The Idiot, one 2, one 3 — exactly three cards)
    category 5  Pure Sabacc (+23 above -23)
    category 4  zero (Cloud City: exactly 0 with four or five cards)
    category 3  straight (Empress Teta: five consecutive ranks)
    category 2  every other live hand, by distance to its target (the Fairy
                Empress of §1.8 tops the hands at |22|)
    category 0  bombed out (> +23, < -23, or exactly 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import total_ordering

from . import sabacc_cards as sc
from .sabacc_presets import SabaccOptions

IDIOTS_ARRAY = "idiots-array"
PURE_SABACC = "pure-sabacc"
ZERO = "zero"
STRAIGHT = "straight"
FAIRY_EMPRESS = "fairy-empress"  # RULES.md §1.8 house rule
NORMAL = "normal"
BOMBED_OUT = "bombed-out"

SPECIAL_KINDS = (IDIOTS_ARRAY, PURE_SABACC)  # the hands that take the Sabacc pot

_BOMBED_KEY = (0,)


@total_ordering
@dataclass(frozen=True, slots=True)
class HandRank:
    kind: str
    total: int
    key: tuple[int, ...] = field(repr=False)

    @property
    def takes_sabacc_pot(self) -> bool:
        return self.kind in SPECIAL_KINDS

    @property
    def bombed_out(self) -> bool:
        return self.kind == BOMBED_OUT

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: HandRank) -> bool:
        return self.key < other.key


def _plain_key(total: int, ncards: int, options: SabaccOptions) -> tuple[tuple[int, ...], str]:
    """Key and kind of a hand that is not an Idiot's Array or a straight."""
    if total > 23 or total < -23:
        return _BOMBED_KEY, BOMBED_OUT
    # RULES.md §1.8 ``negative_wins_ties``: at equal |total| the negative wins.
    positive_wins = 0 if options.negative_wins_ties else 1
    if total == 23:
        return (5, positive_wins), PURE_SABACC
    if total == -23:
        return (5, 1 - positive_wins), PURE_SABACC
    if options.zero_hands and 4 <= ncards <= 5:
        if total == 0:
            return (4,), ZERO
        # Playing for zero or for 23, whichever is nearer; at equal distance
        # the ±23 target wins (RULES.md §1.7, Cloud City).
        to_23 = 23 - abs(total)
        to_zero = abs(total)
        if to_zero < to_23:
            return (2, -to_zero, 0, 0), NORMAL
    if total == 0:
        return _BOMBED_KEY, BOMBED_OUT
    return (2, abs(total) - 23, 1, positive_wins if total > 0 else 1 - positive_wins), NORMAL


def _is_straight(ranks: Sequence[int]) -> tuple[bool, int]:
    if len(ranks) != 5:
        return False, 0
    ordered = sorted(ranks)
    if all(ordered[i + 1] == ordered[i] + 1 for i in range(4)):
        return True, ordered[-1]
    return False, 0


def rank_cards(cards: Sequence[int], values: Sequence[int], options: SabaccOptions) -> HandRank:
    """Rank ``cards`` (ints) under ``values`` (a value table) and ``options``."""
    n = len(cards)
    wild = 0
    aces = 0
    total = 0
    figg = options.figg_faces
    for c in cards:
        v = values[c]
        if options.wild_fives and c < sc.FIRST_FACE and c % 15 == 4:
            wild += 1
            continue
        if figg and c in (sc.BALANCE, sc.DEMISE, sc.EVIL_ONE, sc.STAR):
            v = abs(v)
        if options.ace_low_option and c < sc.FIRST_FACE and c % 15 == 14:
            aces += 1
        total += v

    best: HandRank | None = None
    # Idiot's Array: The Idiot, one 2, one 3, exactly three cards (wild fives
    # may stand in for the 2 or the 3).
    if n == 3 and sc.IDIOT in cards:
        ranks = sorted(sc.rank_of(c) or 0 for c in cards if c != sc.IDIOT)
        if len(ranks) == 2:
            fits = ranks == [2, 3]
            if options.wild_fives and not fits:
                fits = ranks in ([2, 5], [3, 5], [5, 5])
            if fits:
                return HandRank(IDIOTS_ARRAY, total, (6,))

    if options.fairy_empress and n == 2 and cards[0] == cards[1] == sc.QUEEN:
        # RULES.md §1.8: the two Queens of Air and Darkness count -22 and beat
        # every other hand whose |total| is 22, never an Array or a Pure Sabacc.
        return HandRank(FAIRY_EMPRESS, -22, (2, -1, 2, 0))

    if options.straights and n == 5 and all(c < sc.FIRST_FACE for c in cards):
        ok, top = _is_straight([c % 15 + 1 for c in cards])
        if ok:
            best = HandRank(STRAIGHT, total, (3, top))

    legates = sum(1 for c in cards if c >= sc.FIRST_LEGATE) if options.legate_tiebreak else 0

    # Claims: wild fives add any of wild..15*wild (sign as the table says for
    # a five of that suit is not tracked: wilds claim positive values); aces
    # may drop by 14 each.
    totals: list[int]
    if wild:
        totals = [total + w for w in range(wild, 15 * wild + 1)]
    else:
        totals = [total]
    if aces:
        totals = [t - 14 * k for t in totals for k in range(aces + 1)]
    for t in totals:
        key, kind = _plain_key(t, n, options)
        if options.legate_tiebreak and kind != BOMBED_OUT:
            key = key + (legates,)
        cand = HandRank(kind, t, key)
        if best is None or cand.key > best.key:
            best = cand
    assert best is not None
    return best


_DECK_COPIES = {
    "standard": Counter(sc.standard_deck()),
    "centran": Counter(sc.centran_deck()),
}
_COPIES_IN_WORDS = {1: "one", 2: "two"}


def check_deck(cards: Sequence[int], options: SabaccOptions) -> None:
    """``ValueError`` for a card that is not in the preset's deck, or held in
    more copies than the deck has (RULES.md §1.2: two 7 of Coins, three Stars)."""
    in_deck = _DECK_COPIES[options.deck]
    for c in cards:
        if options.deck == "standard" and c >= sc.FIRST_CENTRAN:
            raise ValueError(
                f"card {sc.code(c)!r} is not in the {options.preset} deck "
                "(Centran cards belong to the Centran preset)"
            )
    for c, held in Counter(cards).items():
        copies = in_deck[c]
        if held > copies:
            raise ValueError(
                f"impossible hand: {held} x {sc.code(c)!r} ({sc.card_name(c)}), but the "
                f"{options.preset} deck has only {_COPIES_IN_WORDS.get(copies, copies)}"
            )
