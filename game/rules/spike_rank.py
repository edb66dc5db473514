"""Ranking Corellian Spike (RULES.md §4.2.6) and Coruscant Shift (§4.3.4) hands.

A rank is a key tuple: a larger key beats a smaller one, equal keys tie.

Corellian Spike: a card's *rank* is its absolute value; Sylops have no rank.
Named hands need a total of 0; a hand takes the highest kind it satisfies.
After the kind's own key every kind compares the *general chain*: more
cards, then the higher sum of positive cards, then the higher single
positive card.

    >>> rank_spike(["+5o", "-5t", "sylop"]).kind
    'yee-haa'
    >>> rank_spike(["sylop", "sylop"]) > rank_spike(["+10o", "+10t", "-10s", "-10o", "sylop"])
    True
    >>> rank_coruscant(["+6o"], target=5, suit="o").kind
    'coruscant'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import total_ordering

from . import spike_cards as kc

PURE_SABACC = "pure-sabacc"
FULL_SABACC = "full-sabacc"
FLEET = "fleet"
YEE_HAA = "yee-haa"
RHYLET = "rhylet"
SQUADRON = "squadron"
GEE_WHIZ = "gee-whiz"
STRAIGHT_STAVES = "straight-staves"
BANTHAS_WILD = "banthas-wild"
RULE_OF_TWO = "rule-of-two"
ONE_PAIR = "one-pair"
SABACC = "sabacc"
NULRHEK = "nulrhek"
CORUSCANT = "coruscant"

# Best first (RULES.md §4.2.6's table).
SPIKE_KINDS = (
    PURE_SABACC,
    FULL_SABACC,
    FLEET,
    YEE_HAA,
    RHYLET,
    SQUADRON,
    GEE_WHIZ,
    STRAIGHT_STAVES,
    BANTHAS_WILD,
    RULE_OF_TWO,
    ONE_PAIR,
    SABACC,
    NULRHEK,
)
_CATEGORY = {kind: len(SPIKE_KINDS) - i for i, kind in enumerate(SPIKE_KINDS)}


@total_ordering
@dataclass(frozen=True, slots=True)
class ModernRank:
    """A Spike or Coruscant rank: ``kind``, ``total`` and an ordering key."""

    kind: str
    total: int
    key: tuple[int, ...] = field(repr=False)

    @property
    def takes_sabacc_pot(self) -> bool:
        """Spike: any total-0 hand at a reveal takes the Sabacc pot (§4.2.5)."""
        return self.kind != CORUSCANT and self.total == 0

    @property
    def bombed_out(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ModernRank):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: ModernRank) -> bool:
        return self.key < other.key


def _chain(values: Sequence[int]) -> tuple[int, int, int]:
    positives = [v for v in values if v > 0]
    return (len(values), sum(positives), max(positives, default=0))


def _exact(values: Sequence[int], wanted: Sequence[int]) -> bool:
    return sorted(values) == sorted(wanted)


def _spike_kind(
    values: Sequence[int], strict_one_pair: bool, exact_named_hands: bool
) -> tuple[str, tuple[int, ...]]:
    """Kind and kind key of a total-0 hand (``values``: the card values)."""
    n = len(values)
    sylops = sum(1 for v in values if v == 0)
    ranks = [abs(v) for v in values if v != 0]
    counts = Counter(ranks)
    pairs = sorted(r for r, k in counts.items() if k >= 2)
    if n == 2 and sylops == 2:
        return PURE_SABACC, ()
    if sylops == 1 and _exact([v for v in values if v != 0], [10, 10, -10, -10]):
        return FULL_SABACC, ()
    if n == 5 and sylops == 1 and len(counts) == 1 and ranks[0] <= 9:
        return FLEET, (-ranks[0],)
    if sylops >= 1 and pairs and (n == 3 or not exact_named_hands):
        return YEE_HAA, (-pairs[0],)
    if n == 5 and sylops == 0:
        signed = Counter(values)
        if len(signed) == 2:
            (a, ka), (b, kb) = signed.most_common()
            if ka == 3 and kb == 2 and (a > 0) != (b > 0):
                return RHYLET, (-abs(a),)
    quads = sorted(r for r, k in counts.items() if k >= 4)
    if quads and (n == 4 or not exact_named_hands):
        return SQUADRON, (-quads[0],)
    if _exact(values, [1, 2, 3, 4, -10]) or _exact(values, [-1, -2, -3, -4, 10]):
        return GEE_WHIZ, ()
    if n == 4 or not exact_named_hands:
        distinct = set(ranks)
        for first in range(1, 8):
            if all(first + k in distinct for k in range(4)):
                return STRAIGHT_STAVES, (-first,)
    trips = sorted(r for r, k in counts.items() if k >= 3)
    if trips:
        return BANTHAS_WILD, (-trips[0],)
    if len(pairs) >= 2:
        return RULE_OF_TWO, (-pairs[0], -pairs[1])
    if pairs and (not strict_one_pair or n == 2):
        return ONE_PAIR, (-pairs[0],)
    return SABACC, ()


def spike_rank_values(
    values: Sequence[int], strict_one_pair: bool = False, exact_named_hands: bool = False
) -> ModernRank:
    """Rank a hand given as card values (the engines' fast path)."""
    total = sum(values)
    chain = _chain(values)
    if total != 0:
        return ModernRank(NULRHEK, total, (1, -abs(total), 1 if total > 0 else 0) + chain)
    kind, key = _spike_kind(values, strict_one_pair, exact_named_hands)
    return ModernRank(kind, 0, (_CATEGORY[kind],) + key + chain)


def rank_spike_cards(
    cards: Sequence[int], strict_one_pair: bool = False, exact_named_hands: bool = False
) -> ModernRank:
    if not cards:
        raise ValueError("an empty hand has no rank")
    return spike_rank_values([kc.VALUES[c] for c in cards], strict_one_pair, exact_named_hands)


def rank_spike(
    cards: Sequence[str], strict_one_pair: bool = False, exact_named_hands: bool = False
) -> ModernRank:
    """Rank a Corellian Spike hand given as codes (RULES.md §4.2.6)."""
    return rank_spike_cards(kc.parse_all(cards), strict_one_pair, exact_named_hands)


def parse_suit(suit: str) -> int:
    s = suit.strip().lower() if isinstance(suit, str) else ""
    if len(s) != 1 or s not in kc.STAVES:
        raise ValueError(f"unknown target suit {suit!r}; choose from o, t, s")
    return kc.STAVES.index(s)


def rank_coruscant_cards(
    cards: Sequence[int], target: int, suit: int, pure_sabacc: bool = False
) -> ModernRank:
    """Coruscant Shift (RULES.md §4.3.4); ``suit`` is 0, 1, 2 for o, t, s."""
    if not cards:
        raise ValueError("an empty selection has no total (RULES.md §4.3.7: 1 to 5 cards)")
    values = [kc.VALUES[c] for c in cards]
    total = sum(values)
    if pure_sabacc and len(cards) == 2 and all(c == kc.SYLOP for c in cards):
        return ModernRank(PURE_SABACC, 0, (1,))
    # A Sylop counts as every suit (§4.3.1).
    in_suit = sum(1 for c in cards if c == kc.SYLOP or c // 20 == suit)
    top = max((v for v in values if v > 0), default=0)
    return ModernRank(CORUSCANT, total, (0, -abs(total - target), in_suit, total, top))


def rank_coruscant(
    cards: Sequence[str], target: int = 0, suit: str = "o", pure_sabacc: bool = False
) -> ModernRank:
    """Rank a Coruscant Shift selection given as codes against ``target`` and ``suit``."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise ValueError(f"the target must be a whole number, not {target!r}")
    return rank_coruscant_cards(kc.parse_all(cards), target, parse_suit(suit), pure_sabacc)
