"""Thirteen Card Brag (RULES.md §2): a pure, seeded engine.

A *match* is a run of **games**; a game is a run of **deals** until one
player reaches the target score.  Each deal:

1. ``DEALING`` (chance): 52 cards, one per chance step, into four hand slots —
   clockwise from the dealer's left.  Slots ``0..n-1`` belong to the seats,
   slots ``n..3`` are spare hands (two and three players).
2. ``EXCHANGE`` (two or three players): the spare-hand swap of RULES.md §2.
3. Thirteen-card run (option, automatic: nobody would decline it) and
   ``SIX_PAIRS`` (option: the holder may demand a redeal by the same dealer).
4. ``SETTING``: from the dealer's left each seat submits a :class:`SetLayout`.
   Views show *who* has set, never *what*, until the reveal.
5. ``DECLARING`` (option "crash must be declared"): :class:`Declare` or
   :class:`NoDeclare`, from the dealer's left, for seats with four sets.
6. The four showdowns, then crash and four-of-a-kind scoring.  The game ends
   the moment a score reaches the target (``BETWEEN``; the match is
   ``TERMINAL`` while fewer than two seats have chips).

Cards are ints (``cards52``) inside; events and views carry text codes.

    >>> rank_set(["3S", "3H", "3D"]) > rank_set(["AS", "AH", "AD"])
    True
    >>> rank_set(["2S", "AS", "KS"]).kind
    'flush'
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from game.rules import cards52
from game.rules.base import (
    BETWEEN,
    CHANCE,
    TERMINAL,
    Event,
    rebuy_amount,
    seat_number,
    whole_number,
)

Card = int
Layout = tuple[tuple[Card, ...], ...]

# --------------------------------------------------------------------------
# Set ranking
# --------------------------------------------------------------------------

HIGH_CARD, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
KINDS = ("high-card", "pair", "flush", "run", "running-flush", "prial")
VALID_MIN = PAIR << 12  # every key at or above this is a valid set


def _compute_key(ra: int, rb: int, rc: int, flush: bool) -> int:
    """Strength of a 3-card set as one int: higher beats lower, equal ties.

    Layout: kind << 12 | three 4-bit rank fields.  The special orders of
    RULES.md §2 are folded into the rank fields: a prial of 3s counts as rank
    15 (above aces), and the run 3-2-A counts as top card 15 (above A-K-Q).
    """
    ra, rb, rc = sorted((ra, rb, rc), reverse=True)
    if ra == rc:
        return PRIAL << 12 | (15 if ra == 3 else ra) << 8
    if ra == rb or rb == rc:
        # The middle card always belongs to the pair; the odd one is the kicker.
        return PAIR << 12 | rb << 8 | (rc if ra == rb else ra) << 4
    # 2-A-K is not a run: the Ace bridges only to 2-3 (low) or K-Q (high).
    top = ra if ra - rc == 2 else (15 if (ra, rb, rc) == (14, 3, 2) else 0)
    if top:
        return (RUNNING_FLUSH if flush else RUN) << 12 | top << 8
    return (FLUSH if flush else HIGH_CARD) << 12 | ra << 8 | rb << 4 | rc


# Every (rank, rank, rank, same suit?) combination, so set_key is one lookup.
_KEY_TABLE = [
    _compute_key(i + 2, j + 2, k + 2, bool(f))
    for i in range(13)
    for j in range(13)
    for k in range(13)
    for f in range(2)
]


def set_key(a: Card, b: Card, c: Card) -> int:
    """Strength of the set of three int cards (see ``_compute_key``)."""
    return _KEY_TABLE[(a >> 2) * 338 + (b >> 2) * 26 + (c >> 2) * 2 + (a & 3 == b & 3 == c & 3)]


@dataclass(frozen=True, order=True, slots=True)
class SetRank:
    """A set's strength, totally ordered: ``a > b`` means a beats b."""

    key: int
    kind: str = field(compare=False)
    cards: tuple[str, ...] = field(compare=False, default=())

    @property
    def valid(self) -> bool:
        return self.key >= VALID_MIN


def _parse_distinct(codes: Sequence[str]) -> list[Card]:
    cards = cards52.parse_all(codes)
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"card {cards52.code(dup)} appears twice")
    return cards


def rank_set(codes: Sequence[str]) -> SetRank:
    """Rank three cards (CONTRACT §2); ValueError for bad codes or not 3 distinct cards."""
    cards = _parse_distinct(codes)
    if len(cards) != 3:
        raise ValueError(f"a brag set has exactly 3 cards, got {len(cards)}")
    key = set_key(*cards)
    return SetRank(key, KINDS[key >> 12], tuple(cards52.codes(cards)))


def _layout_problem(sets: Sequence[Sequence[Card]]) -> str | None:
    """Why ``sets`` (int cards) is not a valid layout, or None when it is."""
    if len(sets) > 4:
        return "at most four sets may be laid out"
    seen: set[Card] = set()
    previous = None
    for i, s in enumerate(sets):
        if len(s) != 3:
            return f"set {i + 1} does not have exactly 3 cards"
        if seen.intersection(s) or len(set(s)) != 3:
            return "a card is used twice in the layout"
        seen.update(s)
        key = set_key(*s)
        if key < VALID_MIN:
            return f"set {i + 1} is not a valid set (three unrelated cards)"
        if previous is not None and key > previous:
            return f"fouled layout: set {i + 1} is stronger than set {i}; sets go strongest first"
        previous = key
    return None


def is_valid_layout(sets: Sequence[Sequence[str]]) -> bool:
    """Each set valid, strength non-increasing, no card twice, at most four sets."""
    return _layout_problem([cards52.parse_all(s) for s in sets]) is None


# --------------------------------------------------------------------------
# Layout search over win-probability tables
# --------------------------------------------------------------------------

# How strong a set one opponent shows at each position: counts of every set
# key (0 = no set there), gathered by self-play of best_layout over random
# deals at each table size, iterated until the layouts and the tables agree
# (model "best").  Model "greedy" is the first round, where every seat laid out
# greedily: a plainer picture of the opponents that the normal AI plays against.
# bench/brag_tables.py rebuilds both reproducibly into brag_win_tables.py.
MODELS = ("best", "greedy")


@dataclass(frozen=True, slots=True)
class _PositionTable:
    """One position's distribution: ``below[i]`` is P(opponent's key < keys[i])."""

    keys: tuple[int, ...]
    below: tuple[float, ...]

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> _PositionTable:
        total = sum(counts.values())
        keys = tuple(sorted(counts))
        below: list[float] = []
        seen = 0
        for key in keys:
            below.append(seen / total)
            seen += counts[key]
        return cls(keys, tuple(below))

    def beaten(self, key: int) -> float:
        """P(one opponent's set here is strictly weaker than ``key``).

        A prial cannot be tied: one deck holds only one prial of a rank, so
        an opponent's equal key is in fact impossible and counts as beaten.
        """
        if key >> 12 == PRIAL:
            key += 1
        i = bisect_left(self.keys, key)
        if i < len(self.keys):
            return self.below[i]
        return 1.0


_TABLES: dict[str, dict[int, tuple[_PositionTable, ...]]] = {}
_WIN_CACHE: dict[tuple[int, int, int, str], float] = {}


def parse_win_counts(text: str) -> dict[int, int]:
    """``"hexkey:count ..."`` (the shipped format) to a dict."""
    out: dict[int, int] = {}
    for item in text.split():
        key, count = item.split(":")
        out[int(key, 16)] = int(count)
    return out


def use_win_tables(counts: Mapping[int, Sequence[Mapping[int, int]]], model: str = "best") -> None:
    """Install ``model``'s tables: for each opponent count, four {key: count} positions.

    The shipped tables are installed at import; bench/brag_tables.py installs
    each round's tables while it iterates towards the fixed point.
    """
    _WIN_CACHE.clear()
    _TABLES[model] = {
        opponents: tuple(_PositionTable.from_counts(c) for c in positions)
        for opponents, positions in counts.items()
    }


def _install_shipped_tables() -> None:
    try:
        from game.rules.brag_win_tables import COUNTS, GREEDY_COUNTS
    except ImportError:  # only while bench/brag_tables.py builds them afresh
        return
    for model, shipped in (("best", COUNTS), ("greedy", GREEDY_COUNTS)):
        counts = {n: [parse_win_counts(text) for text in texts] for n, texts in shipped.items()}
        use_win_tables(counts, model)


_install_shipped_tables()


def beat_chance(position: int, key: int, opponents: int = 3, model: str = "best") -> float:
    """P(``key`` is strictly stronger than one opponent's set at ``position``).

    ``opponents`` picks the table measured at that table size (1 to 3).
    """
    table = _TABLES[model][min(max(opponents, 1), 3)][position]
    return table.beaten(key)


def win_chance(position: int, key: int, opponents: int = 3, model: str = "best") -> float:
    """Estimated chance that a set of strength ``key`` takes showdown ``position``.

    Taking a showdown needs the single strongest set (a tie scores nobody), so
    it is the chance of beating each opponent, taken as independent.
    """
    if key < VALID_MIN:
        return 0.0
    k = (position, key, opponents, model)
    p = _WIN_CACHE.get(k)
    if p is None:
        p = beat_chance(position, key, opponents, model) ** max(opponents, 1)
        _WIN_CACHE[k] = p
    return p


def layout_value(sets: Sequence[Sequence[Card]], opponents: int = 3) -> float:
    """Expected points of a layout (int cards), by the per-position estimate."""
    return sum(win_chance(i, set_key(*s), opponents) for i, s in enumerate(sets))


def valid_sets(hand: Sequence[Card]) -> list[tuple[int, int, tuple[Card, ...]]]:
    """Every valid set in ``hand`` as (key, card bit mask, cards), strongest first."""
    cands: list[tuple[int, int, tuple[Card, ...]]] = []
    for a, b, c in combinations(hand, 3):
        key = set_key(a, b, c)
        if key >= VALID_MIN:
            cands.append((key, 1 << a | 1 << b | 1 << c, (a, b, c)))
    cands.sort(key=lambda t: -t[0])
    return cands


def search_layout(
    cands: Sequence[tuple[int, int, tuple[Card, ...]]], worth: Sequence[Sequence[float]]
) -> list[int]:
    """Branch and bound: the indices into ``cands`` whose layout has most worth.

    ``cands`` are sorted strongest first and ``worth[i][p]`` is what candidate
    ``i`` earns at position ``p``; worth must not grow as sets get weaker.  A
    layout is then a strictly increasing sequence of indices (non-increasing
    strength for free).  Because no later set can be stronger than the
    candidate being tried, ``value + the candidate's worth at every remaining
    position`` bounds the branch, and the loop stops at the first candidate
    whose bound cannot beat the best found.  Splitting 13 cards has 200,200
    ways; this visits a few hundred nodes on a typical hand.
    """
    tail = [[sum(wc[p:]) for p in range(5)] for wc in worth]
    masks = [c[1] for c in cands]
    count = len(cands)
    best_value = -1.0
    best: list[int] = []
    chosen: list[int] = []

    def search(pos: int, start: int, used: int, value: float) -> None:
        nonlocal best_value, best
        if value > best_value + 1e-12:
            best_value = value
            best = chosen[:]
        if pos == 4:
            return
        for idx in range(start, count):
            if value + tail[idx][pos] <= best_value + 1e-12:
                break
            m = masks[idx]
            if used & m:
                continue
            chosen.append(idx)
            search(pos + 1, idx + 1, used | m, value + worth[idx][pos])
            chosen.pop()

    search(0, 0, 0, 0.0)
    return best


def best_layout_cards(
    hand: Sequence[Card], opponents: int = 3, model: str = "best"
) -> list[tuple[Card, ...]]:
    """The layout of ``hand`` (int cards) with most expected points, strongest first.

    ``model`` is the picture of the opponents' sets (see ``MODELS``).
    """
    cands = valid_sets(hand)
    worth = [[win_chance(p, c[0], opponents, model) for p in range(4)] for c in cands]
    return [cands[i][2] for i in search_layout(cands, worth)]


def best_layout(hand13: Sequence[str], opponents: int = 3) -> list[list[str]]:
    """A valid layout of the given cards that maximises estimated points (CONTRACT §2).

    Sets are lists of codes, strongest first; cards not used are discarded.
    """
    hand = _parse_distinct(hand13)
    # Each set high card first, as a player would fan it.
    return [cards52.codes(sorted(s, reverse=True)) for s in best_layout_cards(hand, opponents)]


def greedy_layout(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The naive layout: repeatedly take the strongest set left (cheap)."""
    cands = [(set_key(*t), t) for t in combinations(hand, 3)]
    cands.sort(key=lambda kt: -kt[0])
    used: set[Card] = set()
    out: list[tuple[Card, ...]] = []
    for key, t in cands:
        if key < VALID_MIN or len(out) == 4:
            break
        if used.isdisjoint(t):
            out.append(t)
            used.update(t)
    return out


# --------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------

TARGETS = (7, 10, 11, 13, 15, 21)
PAYMENTS = ("fixed", "per-point")
CRASH_METHODS = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class BragOptions:
    """Every house rule of RULES.md §2 as a switch (defaults: plain pagat game).

    target               -- points that win a game: 7, 10, 11, 13, 15 or 21.
    payment              -- "fixed": each loser pays ``stake`` to the winner;
                            "per-point": each loser pays (target - own points) x ``rate``.
    stake                -- the game stake (also what a crash under method 3 and a
                            thirteen-card run collect from each opponent).
    rate                 -- chips per point under "per-point".
    double_for_zero      -- a loser with 0 points pays double.
    treble_if_all_zero   -- when every loser has 0 points, each pays treble.
    crash                -- winning all four showdowns of a deal: 0 no bonus,
                            1 wins the game outright, 2 scores 5 instead of 4,
                            3 scores 4 and each opponent pays an extra stake.
    crash_must_declare   -- a crash counts only when declared after everyone has set
                            and before the first reveal; undeclared it scores just 4;
                            a failed declaration scores the declarer nothing that deal
                            (methods 1, 2) or pays each opponent a stake (method 3).
    four_of_a_kind       -- one card of a four-of-a-kind in each of four valid sets
                            collects ``four_of_a_kind_bonus`` from each opponent (only the
                            highest: four 4s, then A, K ... 5, 3, 2) ...
    four_of_a_kind_point -- ... and an extra point (pagat).
    six_pairs_redeal     -- a player holding six pairs may demand a redeal (same dealer).
    thirteen_card_run    -- a player holding A..K collects ``stake`` from each opponent
                            and the deal passes without play.
    allow_foul           -- accept a fouled layout (that player sits the deal out)
                            instead of refusing it with ValueError.
    """

    target: int = 7
    payment: str = "fixed"
    stake: int = 10
    rate: int = 1
    double_for_zero: bool = True
    treble_if_all_zero: bool = True
    crash: int = 2
    crash_must_declare: bool = False
    four_of_a_kind: bool = False
    four_of_a_kind_bonus: int = 5
    four_of_a_kind_point: bool = True
    six_pairs_redeal: bool = False
    thirteen_card_run: bool = False
    allow_foul: bool = False

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target score must be one of {TARGETS}, not {self.target}")
        if self.payment not in PAYMENTS:
            raise ValueError(f"payment must be 'fixed' or 'per-point', not {self.payment!r}")
        if self.crash not in CRASH_METHODS:
            raise ValueError(f"crash method must be 0 (none), 1, 2 or 3, not {self.crash}")
        if min(self.stake, self.rate, self.four_of_a_kind_bonus) < 0:
            raise ValueError("stakes, rates and bonuses cannot be negative")


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetLayout:
    """Up to four 3-card sets (int cards), strongest first; other cards are discarded."""

    sets: Layout

    @classmethod
    def from_codes(cls, sets: Sequence[Sequence[str]]) -> SetLayout:
        return cls(tuple(tuple(cards52.parse_all(s)) for s in sets))


@dataclass(frozen=True, slots=True)
class SwapHand:
    """Take spare hand ``spare`` (0 or 1, in dealing order) unseen."""

    spare: int = 0


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Keep the dealt hand (spare-hand exchange)."""


@dataclass(frozen=True, slots=True)
class DemandRedeal:
    """Six pairs: throw the deal in; the same dealer deals again."""


@dataclass(frozen=True, slots=True)
class PlayOn:
    """Six pairs: play the hand as dealt."""


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a crash (all four showdowns) before the first reveal."""


@dataclass(frozen=True, slots=True)
class NoDeclare:
    """Do not declare a crash."""


BragAction = SetLayout | SwapHand | KeepHand | DemandRedeal | PlayOn | Declare | NoDeclare

# --------------------------------------------------------------------------
# Events (cards as text codes)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    game: int
    dealer: int


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    deal: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card into hand slot ``slot``; ``seat`` is its holder, -1 for a spare."""

    _private = ("card",)
    seat: int
    slot: int
    card: str | None


@dataclass(frozen=True, slots=True)
class HandKept(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class HandSwapped(Event):
    """``seat`` took spare ``spare``; ``cards`` is the new hand (private)."""

    _private = ("cards",)
    seat: int
    spare: int
    cards: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class ThirteenCardRun(Event):
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RedealDemanded(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class LayoutSet(Event):
    """``seat`` has set; the sets stay face down (private) until the reveal."""

    _private = ("sets",)
    seat: int
    sets: tuple[tuple[str, ...] | None, ...]


@dataclass(frozen=True, slots=True)
class CrashDeclaration(Event):
    seat: int
    declared: bool


@dataclass(frozen=True, slots=True)
class LayoutFouled(Event):
    """Shown at the first reveal: the layout breaks the order; the seat sits out."""

    seat: int
    sets: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class SetRevealed(Event):
    seat: int
    position: int  # 0..3, left to right
    cards: tuple[str, ...]
    kind: str


@dataclass(frozen=True, slots=True)
class SetShown(Event):
    """A set turned face up after the game was won mid-reveal: shown so the deal ends
    with every set on view, never played (no showdown, no points: RULES.md §2)."""

    seat: int
    position: int
    cards: tuple[str, ...]
    kind: str


@dataclass(frozen=True, slots=True)
class ShowdownResult(Event):
    """Who took showdown ``position`` (None: a tie for strongest, or no sets)."""

    position: int
    winner: int | None
    scored: bool  # False when the point is held back by a crash declaration


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    seat: int
    points: int
    score: int
    reason: str  # "showdown" | "crash" | "four-of-a-kind"


@dataclass(frozen=True, slots=True)
class CrashMade(Event):
    seat: int
    method: int


@dataclass(frozen=True, slots=True)
class CrashFailed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class FourOfAKind(Event):
    seat: int
    rank: str


@dataclass(frozen=True, slots=True)
class ChipsPaid(Event):
    payer: int
    payee: int
    amount: int
    reason: str  # "game" | "crash" | "failed-crash" | "four-of-a-kind" | "thirteen-card-run"


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    deal: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winner: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rebought(Event):
    seat: int
    amount: int


# --------------------------------------------------------------------------
# View
# --------------------------------------------------------------------------


class Phase(StrEnum):
    DEALING = "dealing"
    EXCHANGE = "exchange"
    SIX_PAIRS = "six-pairs"
    SETTING = "setting"
    DECLARING = "declaring"
    BETWEEN = "between"


@dataclass(frozen=True, slots=True)
class BragView:
    """What ``seat`` may know: own cards, public table state, never others' cards."""

    seat: int
    num_seats: int
    options: BragOptions
    phase: str
    to_act: int
    dealer: int
    game: int
    deal: int
    hand: tuple[str, ...]  # own cards, sorted
    layout: tuple[tuple[str, ...], ...] | None  # own sets once submitted
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    has_set: tuple[bool, ...]  # who has set (not what)
    declared: tuple[bool, ...]  # crash declarations (public)
    fouled: tuple[bool, ...]  # public only once the reveal has begun
    revealed: tuple[tuple[tuple[str, ...] | None, ...], ...]  # [position][seat]
    spares_left: int  # spare hands still on offer in this exchange
    swapped: tuple[bool, ...]  # who took a spare hand this deal
    may_redeal: bool  # this seat may demand a six-pairs redeal now


# --------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------


def has_six_pairs(hand: Sequence[Card]) -> bool:
    counts = [0] * 13
    for c in hand:
        counts[c // 4] += 1
    # A prial holds one pair, a four-of-a-kind two (a pair is two cards of a rank).
    return sum(n // 2 for n in counts) >= 6


def is_thirteen_card_run(hand: Sequence[Card]) -> bool:
    return len(hand) == 13 and len({c // 4 for c in hand}) == 13


def _four_kind_order(rank: int) -> int:
    """Four 4s rank above four aces (RULES.md §2); otherwise by rank."""
    return 15 if rank == 4 else rank


class BragState:
    """A whole Thirteen Card Brag match; see the module docstring for the flow."""

    def __init__(self, num_players: int, options: BragOptions, chips: int, dealer: int) -> None:
        num_players = whole_number(num_players, "the number of players")
        chips = whole_number(chips, "a starting stack")
        dealer = whole_number(dealer, "the dealer's seat")
        if num_players not in (2, 3, 4):
            raise ValueError(f"Thirteen Card Brag is for 2 to 4 players, not {num_players}")
        if not 0 <= dealer < num_players:
            raise ValueError(f"no seat {dealer} to deal")
        if chips < 0:
            raise ValueError("chips cannot be negative")
        self.num_seats = num_players
        self.options = options
        self.chips = [chips] * num_players
        self.completed = 0
        self.wins = [0] * num_players
        self.dealer = dealer
        self.game_no = 1
        self.deal_no = 0
        self.scores = [0] * num_players
        self.phase = Phase.DEALING
        self.deck: list[Card] = []
        self.hands: list[list[Card]] = [[], [], [], []]  # hand slots, see module doc
        self.holder: list[int] = []  # slot held by each seat
        self.spares: list[int] = []  # slots still on offer as spares
        self.swapped: list[bool] = []
        self.turn: list[int] = []  # seats still to act in this phase, first is next
        self.layouts: list[Layout | None] = []
        self.fouled: list[bool] = []
        self.declared: list[bool] = []
        self.revealed_sets: list[list[tuple[Card, ...] | None]] = []
        self.showdowns_won: list[int] = []
        self.held_points: list[int] = []
        self._deal_order: list[int] = []
        self._start_deal()

    # ---- protocol -------------------------------------------------------

    def to_act(self) -> int:
        if self.phase is Phase.DEALING:
            return CHANCE
        if self.phase is Phase.BETWEEN:
            alive = sum(1 for s in range(self.num_seats) if self.can_continue(s))
            return BETWEEN if alive >= 2 else TERMINAL
        return self.turn[0]

    def legal_actions(self) -> list[BragAction]:
        phase = self.phase
        if phase is Phase.EXCHANGE:
            spare_index = [slot - self.num_seats for slot in self.spares]
            return [KeepHand(), *(SwapHand(i) for i in spare_index)]
        if phase is Phase.SIX_PAIRS:
            return [DemandRedeal(), PlayOn()]
        if phase is Phase.DECLARING:
            return [Declare(), NoDeclare()]
        if phase is Phase.SETTING:
            # Any valid layout of the seat's own cards is legal; too many to list,
            # so offer a cheap sample: the greedy layout and laying nothing.
            hand = self.hands[self.holder[self.turn[0]]]
            return [SetLayout(tuple(greedy_layout(hand))), SetLayout(())]
        return []

    def apply(self, action: BragAction) -> list[Event]:
        phase = self.phase
        if phase is Phase.DEALING or phase is Phase.BETWEEN:
            raise ValueError(f"no seat is to act while {phase.value}")
        seat = self.turn[0]
        if phase is Phase.SETTING:
            if not isinstance(action, SetLayout):
                raise ValueError("every player must now set their layout (SetLayout)")
            return self._apply_layout(seat, action)
        if phase is Phase.EXCHANGE:
            if isinstance(action, KeepHand):
                return self._apply_keep(seat)
            if isinstance(action, SwapHand):
                return self._apply_swap(seat, action.spare)
            raise ValueError("spare-hand exchange: swap for a spare hand or keep your own")
        if phase is Phase.SIX_PAIRS:
            if isinstance(action, DemandRedeal):
                return [RedealDemanded(seat), *self._start_deal(rotate=False)]
            if isinstance(action, PlayOn):
                self.turn.pop(0)
                return [] if self.turn else self._begin_setting()
            raise ValueError("six pairs: demand a redeal or play on")
        if isinstance(action, Declare | NoDeclare):
            declared = isinstance(action, Declare)
            self.declared[seat] = declared
            self.turn.pop(0)
            events: list[Event] = [CrashDeclaration(seat, declared)]
            if not self.turn:
                events.extend(self._showdowns())
            return events
        raise ValueError("crash declaration: Declare or NoDeclare")

    def chance_outcomes(self) -> list[tuple[Card, float]]:
        if self.phase is not Phase.DEALING:
            return []
        p = 1.0 / len(self.deck)
        return [(c, p) for c in self.deck]

    def apply_chance(self, outcome: Card | str) -> list[Event]:
        if self.phase is not Phase.DEALING:
            raise ValueError("no card is being dealt now")
        card = cards52.check_card(outcome)
        if card not in self.deck:
            raise ValueError(f"card {cards52.code(card)} is not left in the deck")
        self.deck.remove(card)
        return self._deal_card(card)

    def sample_chance(self, rng: random.Random) -> list[Event]:
        card = self.sample_outcome(rng)
        self.deck.remove(card)  # the deck holds each card once: as pop(index) would
        return self._deal_card(card)

    def sample_outcome(self, rng: random.Random) -> Card:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.phase is not Phase.DEALING:
            raise ValueError("no card is being dealt now")
        return self.deck[rng.randrange(len(self.deck))]

    def start_next(self) -> list[Event]:
        if self.phase is not Phase.BETWEEN:
            raise ValueError("the game is still in progress")
        if self.to_act() == TERMINAL:
            raise ValueError("fewer than two players have chips left")
        self.game_no += 1
        self.scores = [0] * self.num_seats
        return [GameStarted(self.game_no, self.dealer), *self._start_deal(rotate=False)]

    def can_continue(self, seat: int) -> bool:
        return self.chips[seat] > 0

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        seat = seat_number(seat, self.num_seats)
        amount = rebuy_amount(amount)
        if self.phase is not Phase.BETWEEN:
            raise ValueError("re-buys happen only between games")
        self.chips[seat] += amount
        return [Rebought(seat, amount)]

    def clone(self) -> BragState:
        new = BragState.__new__(BragState)
        new.num_seats = self.num_seats
        new.options = self.options
        new.chips = self.chips[:]
        new.completed = self.completed
        new.wins = self.wins[:]
        new.dealer = self.dealer
        new.game_no = self.game_no
        new.deal_no = self.deal_no
        new.scores = self.scores[:]
        new.phase = self.phase
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.holder = self.holder[:]
        new.spares = self.spares[:]
        new.swapped = self.swapped[:]
        new.turn = self.turn[:]
        new.layouts = self.layouts[:]  # layouts are tuples: immutable
        new.fouled = self.fouled[:]
        new.declared = self.declared[:]
        new.revealed_sets = [r[:] for r in self.revealed_sets]
        new.showdowns_won = self.showdowns_won[:]
        new.held_points = self.held_points[:]
        new._deal_order = self._deal_order
        return new

    def view(self, seat: int) -> BragView:
        seat = seat_number(seat, self.num_seats)
        hand = self.hands[self.holder[seat]]
        own = self.layouts[seat]
        revealing = bool(self.revealed_sets)
        return BragView(
            seat=seat,
            num_seats=self.num_seats,
            options=self.options,
            phase=self.phase.value,
            to_act=self.to_act(),
            dealer=self.dealer,
            game=self.game_no,
            deal=self.deal_no,
            hand=tuple(cards52.codes(sorted(hand))),
            layout=None if own is None else tuple(tuple(cards52.codes(s)) for s in own),
            scores=tuple(self.scores),
            chips=tuple(self.chips),
            has_set=tuple(lay is not None for lay in self.layouts),
            declared=tuple(self.declared),
            fouled=tuple(self.fouled) if revealing else (False,) * self.num_seats,
            revealed=tuple(
                tuple(None if s is None else tuple(cards52.codes(s)) for s in row)
                for row in self.revealed_sets
            ),
            spares_left=len(self.spares) if self.phase is Phase.EXCHANGE else 0,
            swapped=tuple(self.swapped),
            may_redeal=self.phase is Phase.SIX_PAIRS and self.turn[0] == seat,
        )

    def all_cards(self) -> list[Card]:
        """Every card in play: the deck plus every hand slot (always all 52)."""
        return self.deck + [c for hand in self.hands for c in hand]

    # ---- test and tutorial helper -------------------------------------------

    def deal_fixed(self, hands: Sequence[Sequence[str]]) -> list[Event]:
        """Deal the given hands (one per slot: seats, then spares) through chance steps.

        Stacks the deck for tests and tutorials; any slot left out, or short,
        is filled from the remaining cards in deck order.
        """
        wanted = [list(cards52.parse_all(h)) for h in hands]
        chosen = [c for h in wanted for c in h]
        if len(set(chosen)) != len(chosen):
            raise ValueError("a card is stacked into two hands")
        if self.phase is not Phase.DEALING:
            raise ValueError("no card is being dealt now")
        events: list[Event] = []
        # Count the steps: a deal that passes (thirteen-card run) starts the next one.
        for _ in range(len(self.deck)):
            slot = self._deal_order[(52 - len(self.deck)) % 4]
            pending = wanted[slot] if slot < len(wanted) else []
            if pending:
                card = pending.pop(0)
            else:
                card = next(c for c in self.deck if c not in chosen)
            events.extend(self.apply_chance(card))
        return events

    # ---- deal flow ------------------------------------------------------

    def _start_deal(self, rotate: bool = False) -> list[Event]:
        n = self.num_seats
        if rotate:
            self.dealer = (self.dealer + 1) % n
        self.deal_no += 1
        self.phase = Phase.DEALING
        self.deck = cards52.full_deck()
        self.hands = [[], [], [], []]
        self.holder = list(range(n))
        self.spares = []
        self.swapped = [False] * n
        self.turn = []
        self.layouts = [None] * n
        self.fouled = [False] * n
        self.declared = [False] * n
        self.revealed_sets = []
        self.showdowns_won = [0] * n
        self.held_points = [0] * n
        # Clockwise from the dealer's left, then the spare hands (RULES.md §2).
        self._deal_order = [(self.dealer + 1 + k) % n for k in range(n)] + list(range(n, 4))
        return [DealStarted(self.deal_no, self.dealer)]

    def _left_of_dealer(self) -> list[int]:
        n = self.num_seats
        return [(self.dealer + 1 + k) % n for k in range(n)]

    def _deal_card(self, card: Card) -> list[Event]:
        slot = self._deal_order[(51 - len(self.deck)) % 4]
        self.hands[slot].append(card)
        owner = slot if slot < self.num_seats else -1
        events: list[Event] = [CardDealt(owner, slot, cards52.code(card))]
        if not self.deck:
            events.extend(self._after_deal())
        return events

    def _after_deal(self) -> list[Event]:
        n = self.num_seats
        if n == 4:
            return self._after_exchange()
        self.phase = Phase.EXCHANGE
        self.spares = list(range(n, 4))
        # Three players: dealer's left first, dealer last.  Two: non-dealer, then dealer.
        self.turn = self._left_of_dealer()
        return []

    def _apply_keep(self, seat: int) -> list[Event]:
        self.turn.pop(0)
        events: list[Event] = [HandKept(seat)]
        if not self.turn:
            events.extend(self._after_exchange())
        return events

    def _apply_swap(self, seat: int, spare: int) -> list[Event]:
        slot = self.num_seats + whole_number(spare, "a spare hand")
        if slot not in self.spares:
            raise ValueError(f"spare hand {spare} is not on offer")
        # The hand given up is dead: it is never offered again.
        self.spares.remove(slot)
        self.holder[seat] = slot
        self.swapped[seat] = True
        self.turn.pop(0)
        if self.num_seats == 3:
            self.turn = []  # once one player swaps, no one else may
        events: list[Event] = [HandSwapped(seat, spare, tuple(cards52.codes(self.hands[slot])))]
        if not self.turn:
            events.extend(self._after_exchange())
        return events

    def _after_exchange(self) -> list[Event]:
        self.spares = []
        events: list[Event] = []
        order = self._left_of_dealer()
        if self.options.thirteen_card_run:
            runs = [s for s in order if is_thirteen_card_run(self.hands[self.holder[s]])]
            for seat in runs:
                hand = sorted(self.hands[self.holder[seat]])
                events.append(ThirteenCardRun(seat, tuple(cards52.codes(hand))))
                for other in order:
                    if other != seat:
                        events.extend(
                            self._pay(other, seat, self.options.stake, "thirteen-card-run")
                        )
            if runs:
                events.append(DealEnded(self.deal_no, tuple(self.scores)))
                events.extend(self._start_deal(rotate=True))
                return events
        if self.options.six_pairs_redeal:
            self.turn = [s for s in order if has_six_pairs(self.hands[self.holder[s]])]
            if self.turn:
                self.phase = Phase.SIX_PAIRS
                return events
        events.extend(self._begin_setting())
        return events

    def _begin_setting(self) -> list[Event]:
        self.phase = Phase.SETTING
        self.turn = self._left_of_dealer()
        return []

    def _apply_layout(self, seat: int, action: SetLayout) -> list[Event]:
        # Accept text codes too (a table may hand them over as shown).
        if not isinstance(action.sets, tuple | list):
            raise TypeError(f"a layout is a sequence of sets, not {action.sets!r}")
        for s in action.sets:
            if not isinstance(s, tuple | list):
                raise TypeError(f"a set is a sequence of 3 cards, not {s!r}")
        sets = tuple(tuple(cards52.check_card(c) for c in s) for s in action.sets)
        hand = self.hands[self.holder[seat]]
        if len(sets) > 4:
            raise ValueError("at most four sets may be laid out")
        used: set[Card] = set()
        for i, s in enumerate(sets):
            if len(s) != 3:
                raise ValueError(f"set {i + 1} does not have exactly 3 cards")
            for c in s:
                if c not in hand:
                    raise ValueError(f"card {cards52.code(c)} is not in your hand")
                if c in used:
                    raise ValueError(f"card {cards52.code(c)} is used twice")
                used.add(c)
        problem = _layout_problem(sets)
        fouled = problem is not None
        if fouled and not self.options.allow_foul:
            raise ValueError(str(problem))
        self.layouts[seat] = tuple(tuple(s) for s in sets)
        self.fouled[seat] = fouled
        self.turn.pop(0)
        events: list[Event] = [LayoutSet(seat, tuple(tuple(cards52.codes(s)) for s in sets))]
        if self.turn:
            return events
        if self.options.crash_must_declare and self.options.crash:
            # Only a seat that can still win all four showdowns is asked.
            self.turn = [
                s
                for s in self._left_of_dealer()
                if not self.fouled[s] and len(self.layouts[s] or ()) == 4
            ]
            if self.turn:
                self.phase = Phase.DECLARING
                return events
        events.extend(self._showdowns())
        return events

    def _unplayed_sets(self, order: list[int], start: int) -> list[Event]:
        events: list[Event] = []
        for pos in range(start, 4):
            for seat in order:
                lay = self.layouts[seat]
                if self.fouled[seat] or lay is None or len(lay) <= pos:
                    continue
                s = lay[pos]
                kind = KINDS[set_key(*s) >> 12]
                events.append(SetShown(seat, pos, tuple(cards52.codes(s)), kind))
        return events

    def _holds_points(self, seat: int) -> bool:
        """A declared crash under methods 1 and 2 scores only if it succeeds."""
        return self.declared[seat] and self.options.crash in (1, 2)

    def _showdowns(self) -> list[Event]:
        opts = self.options
        order = self._left_of_dealer()
        events: list[Event] = []
        for seat in order:
            lay = self.layouts[seat]
            if self.fouled[seat] and lay is not None:
                events.append(LayoutFouled(seat, tuple(tuple(cards52.codes(s)) for s in lay)))
        for pos in range(4):
            row: list[tuple[Card, ...] | None] = [None] * self.num_seats
            best_key, best_seats = -1, []
            for seat in order:
                lay = self.layouts[seat]
                if self.fouled[seat] or lay is None or len(lay) <= pos:
                    continue
                s = lay[pos]
                row[seat] = s
                key = set_key(*s)
                events.append(SetRevealed(seat, pos, tuple(cards52.codes(s)), KINDS[key >> 12]))
                if key > best_key:
                    best_key, best_seats = key, [seat]
                elif key == best_key:
                    best_seats.append(seat)
            self.revealed_sets.append(row)
            if len(best_seats) != 1:
                events.append(ShowdownResult(pos, None, False))
                continue
            winner = best_seats[0]
            self.showdowns_won[winner] += 1
            if self._holds_points(winner):
                self.held_points[winner] += 1
                events.append(ShowdownResult(pos, winner, False))
                continue
            events.append(ShowdownResult(pos, winner, True))
            events.extend(self._score(winner, 1, "showdown"))
            if self.scores[winner] >= opts.target:
                # The game ends at once; a pending declaration has failed. The sets not
                # yet played are still turned up, unplayed, so the deal ends in full view.
                events.extend(self._failed_declarations(deal_completed=False))
                events.extend(self._unplayed_sets(order, pos + 1))
                events.extend(self._end_game(winner))
                return events
        events.extend(self._crash_scoring())
        if self.phase is Phase.BETWEEN:
            return events
        events.extend(self._four_of_a_kind())
        if self.phase is Phase.BETWEEN:
            return events
        events.append(DealEnded(self.deal_no, tuple(self.scores)))
        events.extend(self._start_deal(rotate=True))
        return events

    def _crash_scoring(self) -> list[Event]:
        opts = self.options
        events = self._failed_declarations(deal_completed=True)
        if not opts.crash:
            return events
        crasher = next((s for s in range(self.num_seats) if self.showdowns_won[s] == 4), None)
        if crasher is None:
            return events
        if opts.crash_must_declare and not self.declared[crasher]:
            return events  # an undeclared crash scores just its 4 points
        events.append(CrashMade(crasher, opts.crash))
        if opts.crash == 1:
            if self.held_points[crasher]:
                events.extend(self._score(crasher, self.held_points[crasher], "crash"))
            events.extend(self._end_game(crasher))
        elif opts.crash == 2:
            # 5 instead of 4: the held points when declared, else one on top.
            extra = 5 - (4 - self.held_points[crasher])
            events.extend(self._score(crasher, extra, "crash"))
            if self.scores[crasher] >= opts.target:
                events.extend(self._end_game(crasher))
        else:
            for other in range(self.num_seats):
                if other != crasher:
                    events.extend(self._pay(other, crasher, opts.stake, "crash"))
        return events

    def _failed_declarations(self, deal_completed: bool) -> list[Event]:
        """Settle declarations that did not make a crash.

        When the game ends mid-deal no crash can be completed, so every
        pending declaration fails (seed 001: "宣言をしている場合には失敗になる").
        """
        events: list[Event] = []
        for seat in self._left_of_dealer():
            if not self.declared[seat]:
                continue
            if deal_completed and self.showdowns_won[seat] == 4:
                continue
            events.append(CrashFailed(seat))
            self.held_points[seat] = 0
            if self.options.crash == 3:
                for other in range(self.num_seats):
                    if other != seat:
                        events.extend(self._pay(seat, other, self.options.stake, "failed-crash"))
        return events

    def _four_of_a_kind(self) -> list[Event]:
        opts = self.options
        if not opts.four_of_a_kind:
            return []
        best_seat, best_rank = -1, -1
        for seat in range(self.num_seats):
            lay = self.layouts[seat]
            if self.fouled[seat] or lay is None or len(lay) != 4:
                continue
            per_set = [{c // 4 + 2 for c in s} for s in lay]
            for rank in per_set[0].intersection(*per_set[1:]):
                if _four_kind_order(rank) > _four_kind_order(best_rank):
                    best_seat, best_rank = seat, rank
        if best_seat < 0:
            return []
        events: list[Event] = [FourOfAKind(best_seat, cards52.RANK_CHARS[best_rank - 2])]
        for other in range(self.num_seats):
            if other != best_seat:
                events.extend(
                    self._pay(other, best_seat, opts.four_of_a_kind_bonus, "four-of-a-kind")
                )
        if opts.four_of_a_kind_point:
            events.extend(self._score(best_seat, 1, "four-of-a-kind"))
            if self.scores[best_seat] >= opts.target:
                events.extend(self._end_game(best_seat))
        return events

    def _score(self, seat: int, points: int, reason: str) -> list[Event]:
        self.scores[seat] += points
        return [PointsScored(seat, points, self.scores[seat], reason)]

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> list[Event]:
        """Move chips; a player who cannot pay in full pays what they have."""
        amount = min(amount, self.chips[payer])
        if amount <= 0:
            return []
        self.chips[payer] -= amount
        self.chips[payee] += amount
        return [ChipsPaid(payer, payee, amount, reason)]

    def _end_game(self, winner: int) -> list[Event]:
        opts = self.options
        losers = [s for s in self._left_of_dealer() if s != winner]
        all_zero = all(self.scores[s] == 0 for s in losers)
        events: list[Event] = []
        for loser in losers:
            if opts.payment == "fixed":
                base = opts.stake
            else:
                base = max(0, opts.target - self.scores[loser]) * opts.rate
            factor = 1
            if self.scores[loser] == 0:
                if all_zero and opts.treble_if_all_zero:
                    factor = 3
                elif opts.double_for_zero:
                    factor = 2
            events.extend(self._pay(loser, winner, base * factor, "game"))
        self.completed += 1
        self.wins[winner] += 1
        events.insert(0, GameWon(winner, tuple(self.scores)))
        self.phase = Phase.BETWEEN
        self.turn = []
        self.dealer = (self.dealer + 1) % self.num_seats
        return events


def new_game(
    num_players: int, options: BragOptions | None = None, chips: int = 100, dealer: int = 0
) -> BragState:
    """A match at its first deal (waiting for chance to deal the cards)."""
    return BragState(num_players, options or BragOptions(), chips, dealer)
