"""Two-Exchange (RULES.md §1.5) decisions of the normal and hard Sabacc players.

``decide`` answers for a :class:`~ai.sabacc_ai.NormalSabaccPlayer` (its level's
parameters are in :data:`LEVELS`, keyed by ``player.level``); ``None`` hands
the decision to the easy player.

What the hand is worth is measured in chips, not in "closeness to 23": a
final total ``t`` wins the hand pot with the chance that it beats every
opponent still in at the showdown, a Pure Sabacc also takes the Sabacc pot
(often several hand pots: every all-check hand and every ante feeds it), and
a bombed-out hand pays its fine.  Only card *values* matter for that, so the
model works on value multisets:

* the **final lock** (second exchange) is exact: for every keep set, the sum
  of the replacement cards is convolved with the chip value of each total;
* the **first lock** looks one exchange further: a keep set is worth the
  mean, over replacement deals, of the best second lock the deal allows
  (folding when even that is worth less than nothing).  Those values depend
  only on (cards replaced, kept total, pots), so they are tabulated once per
  process from fixed-seed deals of the whole deck and shared by every seat;
* **hitting** draws while the expected first-lock value after one more card
  beats standing;
* **betting** weighs the chips of the best second lock against the pot:
  open for value, raise with a made hand, call when continuing is worth more
  than the chips asked, otherwise fold (folding is free in this preset);
* a **personality** moves these lines, never the card choices: aggression
  opens and raises lighter and bets bigger, caution stands earlier and calls
  only with a margin, a bluffing character sometimes opens a weak hand;
* ``hard`` also **reads the table**: a seat that locked every card holds a
  made hand, and at the second exchange a seat that has already replaced
  cards holds a spread of totals while a caller who stood pat holds a made one.
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ai.base import Personality
from game.rules import sabacc as sb
from game.rules import sabacc_events as ev
from game.rules.sabacc_rank import rank_cards

from . import sabacc_model as m

if TYPE_CHECKING:
    from .sabacc_ai import NormalSabaccPlayer


# -- the level table --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TwoExLevel:
    """How one level plays Two-Exchange."""

    showdown_foes: float  # opponents a first-lock total expects to beat (exponent)
    hit_limit: int  # never hold more cards than this after hitting
    hit_margin: float  # a draw must gain this many chips over standing
    open_at: float  # chance of winning the showdown needed to open the betting
    raise_at: float  # ... needed to raise
    big_at: float  # ... needed to bet or raise big
    big_share: float  # a big bet: this share of the room the cap and stacks leave
    locked_reads: bool  # an opponent who locked every card is read as a made hand
    exchange_reads: bool = False  # at the second exchange, read who stood pat and who drew
    size_reads: bool = False  # once someone has bet, read each seat by its bet size and locks


LEVELS: dict[str, TwoExLevel] = {
    "normal": TwoExLevel(
        showdown_foes=1.5,
        hit_limit=6,
        hit_margin=0.0,
        open_at=0.5,
        raise_at=0.75,
        big_at=0.7,
        big_share=0.5,
        locked_reads=False,
    ),
    # Measured against normal (bench-style arena, 32 runs x 300 hands): opening
    # lighter and betting a quarter of the room instead of half gains about
    # 2.4 chips a hand; against easy, who calls any size, half the room is better.
    # The reads (bench/paired_arena.py, 10 seeds x 4 seats x 150 hands, same
    # cards as an all-normal table): bet sizes and locks +2.9 chips a hand
    # over normal against +1.6 without them; the second-exchange read alone
    # measured level (+1.4 either way) and stays because it is sound.
    "hard": TwoExLevel(
        showdown_foes=1.5,
        hit_limit=6,
        hit_margin=0.0,
        open_at=0.35,
        raise_at=0.75,
        big_at=0.7,
        big_share=0.25,
        locked_reads=True,
        exchange_reads=True,
        size_reads=True,
    ),
}


def level_of(player: NormalSabaccPlayer) -> TwoExLevel:
    return LEVELS.get(player.level, LEVELS["normal"])


# -- opponents' final hands -------------------------------------------------------------
# Shares of the final totals shown at Two-Exchange showdowns in self-play of
# the easy and normal players (game.sim, 4 seats, 2400 hands): the seat that
# opened or raised, and a seat that only called.  The rest of the mass lies
# below every listed total.
_AGGRESSOR = {23: 0.28, -23: 0.03, 22: 0.30, -22: 0.026, 21: 0.28, -21: 0.03, 20: 0.02, 19: 0.025}
_CALLER = {
    23: 0.07,
    -23: 0.005,
    22: 0.08,
    -22: 0.009,
    21: 0.07,
    -21: 0.007,
    20: 0.30,
    -20: 0.03,
    19: 0.30,
    -19: 0.035,
    18: 0.04,
    -18: 0.005,
    17: 0.03,
    16: 0.03,
    15: 0.02,
}
# The same self-play (normal players, 6000 hands), final totals by what a seat
# showed at the second exchange before the reveal: a caller who replaced no
# card stands on a made hand; a seat who replaced cards holds a spread of
# totals, and four times in ten it falls below them all or bombs out.
_CALLER_PAT = {22: 0.823, -22: 0.039, 21: 0.137}
_DREW = {
    23: 0.05,
    22: 0.051,
    21: 0.056,
    20: 0.044,
    19: 0.061,
    18: 0.056,
    17: 0.056,
    16: 0.047,
    15: 0.044,
    14: 0.028,
    13: 0.033,
    12: 0.032,
    11: 0.023,
    10: 0.013,
}
# The same self-play (normal players, 5000 hands), once somebody has bet: final
# totals by the size of a seat's biggest bet or raise (a big one, more than
# two chips, is a 23 or a 22; a small one mostly a 21) and, for a seat that
# only called, by whether it had locked every card at the first exchange.
_BIG = {23: 0.73, -23: 0.05, 22: 0.21}
_SMALL = {23: 0.01, 22: 0.01, -22: 0.07, 21: 0.89}
_CALLER_FULL = {22: 0.80, -22: 0.067, 21: 0.131}
_CALLER_OPEN = {
    23: 0.046,
    22: 0.14,
    21: 0.056,
    20: 0.042,
    19: 0.05,
    18: 0.047,
    17: 0.037,
    16: 0.038,
    15: 0.036,
    14: 0.029,
    13: 0.034,
    12: 0.028,
    11: 0.02,
    10: 0.014,
}
_LO, _HI = -260, 260  # totals the tables cover (any hand of a few cards and its deals)
_SPAN = _HI - _LO + 1


def _strength(total: int) -> int:
    """Orders live totals like RULES.md §1.2 (higher is better); bombed: -1."""
    if total == 0 or abs(total) > 23:
        return -1
    return 2 * abs(total) + (1 if total > 0 else 0)


def _beat_table(shares: dict[int, float]) -> list[float]:
    """Per total: the chance of beating one such opponent, ties split."""
    rest = max(0.0, 1.0 - sum(shares.values()))
    by_strength: dict[int, float] = {}
    for t, p in shares.items():
        by_strength[_strength(t)] = by_strength.get(_strength(t), 0.0) + p
    low = min(by_strength)
    out = []
    for t in range(_LO, _HI + 1):
        s = _strength(t)
        if s < 0:
            out.append(0.0)
            continue
        below = sum(p for k, p in by_strength.items() if k < s)
        same = by_strength.get(s, 0.0)
        below += rest if s > low else rest * 0.5
        out.append(below + 0.5 * same)
    return out


_BEAT_AGG = _beat_table(_AGGRESSOR)
_BEAT_CALL = _beat_table(_CALLER)
_BEAT_MIX = [0.5 * (a + c) for a, c in zip(_BEAT_AGG, _BEAT_CALL, strict=True)]
_BEAT_PAT = _beat_table(_CALLER_PAT)
_BEAT_DREW = _beat_table(_DREW)
_BEAT_BY_READ = {
    "big": _beat_table(_BIG),
    "small": _beat_table(_SMALL),
    "full": _beat_table(_CALLER_FULL),
    "open": _beat_table(_CALLER_OPEN),
    "pat": _BEAT_PAT,
    "drew": _BEAT_DREW,
}


def _fine(total: int, options: Any) -> float:
    if not options.bombout_penalty or _strength(total) >= 0:
        return 0.0
    if total == 0:
        return float(options.zero_fine)
    return float(abs(total) - 23)


class _Deck:
    """Card values dealt from the whole deck (draws treated as independent:
    a hand's few cards barely change a 76-card deck)."""

    def __init__(self, values: tuple[int, ...]) -> None:
        counts = Counter(values[c] for c in m.full_deck(_two_ex_options()))
        n = sum(counts.values())
        self.single = sorted((v, k / n) for v, k in counts.items())
        self._sums: list[dict[int, float]] = [{0: 1.0}]

    def sums(self, j: int) -> dict[int, float]:
        """Distribution of the sum of ``j`` dealt cards."""
        while len(self._sums) <= j:
            out: dict[int, float] = {}
            for s, p in self._sums[-1].items():
                for v, q in self.single:
                    out[s + v] = out.get(s + v, 0.0) + p * q
            self._sums.append(out)
        return self._sums[j]

    def spread(self, base: list[float], depth: int) -> list[list[float]]:
        """``base`` per total, then its mean after 1, 2 ... ``depth`` more cards."""
        rows = [base]
        for _ in range(depth):
            prev = rows[-1]
            row = [0.0] * _SPAN
            for v, q in self.single:
                for i in range(max(0, -v), min(_SPAN, _SPAN - v)):
                    row[i] += q * prev[i + v]
            # Beyond the table every total is bombed far out: keep the edge.
            rows.append(row)
        return rows


_MAX_CARDS = 8  # the tables cover hands this big


class _Model:
    """For one opponent picture (``win``: the chance each final total beats
    them all): per total kept and cards still to come, the expected win
    chance, Pure-Sabacc win chance and fine.  The chips of a keep set are
    then hand_pot * A + sabacc_pot * B - C."""

    def __init__(self, deck: _Deck, win: list[float], options: Any) -> None:
        a0 = win
        b0 = [w if abs(t) == 23 else 0.0 for w, t in zip(win, range(_LO, _HI + 1), strict=True)]
        c0 = [_fine(t, options) for t in range(_LO, _HI + 1)]
        self.a = deck.spread(a0, _MAX_CARDS)
        self.b = deck.spread(b0, _MAX_CARDS)
        self.c = deck.spread(c0, _MAX_CARDS)
        self.deck = deck

    def chips(self, j: int, kept: int, hand_pot: float, sabacc_pot: float) -> float:
        i = min(_SPAN - 1, max(0, kept - _LO))
        return hand_pot * self.a[j][i] + sabacc_pot * self.b[j][i] - self.c[j][i]

    def win(self, j: int, kept: int) -> float:
        i = min(_SPAN - 1, max(0, kept - _LO))
        return self.a[j][i]

    def pure(self, j: int, kept: int) -> float:
        d = self.deck.sums(j)
        return d.get(23 - kept, 0.0) + d.get(-23 - kept, 0.0)


_DECKS: dict[tuple[int, ...], _Deck] = {}
_MODELS: dict[tuple[Any, ...], _Model] = {}


def _model(values: tuple[int, ...], options: Any, picture: tuple[Any, ...]) -> _Model:
    """The model for an opponent picture: ("mix", exponent) for the first
    lock, ("seen", aggressors, callers) at the betting and second lock, or
    ("seen", aggressors, callers, stood pat, drew) when the second exchange
    has shown who replaced cards (an aggressor who stood pat stays one), or
    ("read", (kind, seats) ...) when each seat is read by its bet (hard)."""
    key = (values, options, picture)
    got = _MODELS.get(key)
    if got is None:
        deck = _DECKS.get(values)
        if deck is None:
            deck = _DECKS[values] = _Deck(values)
        if picture[0] == "mix":
            win = [b ** picture[1] for b in _BEAT_MIX]
        elif picture[0] == "read":
            win = [1.0] * _SPAN
            for name, count in picture[1:]:
                win = [w * b**count for w, b in zip(win, _BEAT_BY_READ[name], strict=True)]
        else:
            pat, drew = (picture[3], picture[4]) if len(picture) > 3 else (0, 0)
            win = [
                a ** picture[1] * c ** picture[2] * p**pat * d**drew
                for a, c, p, d in zip(_BEAT_AGG, _BEAT_CALL, _BEAT_PAT, _BEAT_DREW, strict=True)
            ]
        got = _MODELS[key] = _Model(deck, win, options)
    return got


# -- the first-lock table, shared by every seat of the process --------------------------
_FIRST_DEALS = 64  # replacement deals per (cards replaced) in the first-lock table


class _FirstLock:
    """Value of keeping a total with ``m`` cards replaced at the first
    exchange, the second exchange played as well as the model can."""

    def __init__(
        self, values: tuple[int, ...], model: _Model, hand_pot: float, sabacc_pot: float
    ) -> None:
        self._values = values
        self._g = [
            [hand_pot * a + sabacc_pot * b - c for a, b, c in zip(ra, rb, rc, strict=True)]
            for ra, rb, rc in zip(model.a, model.b, model.c, strict=True)
        ]
        self._h: dict[tuple[int, int], float] = {}
        self.hands: dict[tuple[int, ...], float] = {}  # hand_value memo by card values

    def value(self, m: int, kept: int) -> float:
        key = (m, kept)
        h = self._h.get(key)
        if h is None:
            g = self._g
            x = kept - _LO
            if m == 0:
                h = max(0.0, g[0][min(_SPAN - 1, max(0, x))])
            else:
                total = 0.0
                deals = _deal_pairs(self._values, m)
                for pairs in deals:
                    best = 0.0  # folding is free: a hopeless hand costs nothing more
                    for k, s in pairs:
                        i = x + s
                        v = g[m - k][i if 0 <= i < _SPAN else (0 if i < 0 else _SPAN - 1)]
                        if v > best:
                            best = v
                    total += best
                h = total / len(deals)
            self._h[key] = h
        return h


_PAIRS: dict[tuple[tuple[int, ...], int], list[list[tuple[int, int]]]] = {}


def _deal_pairs(values: tuple[int, ...], k: int) -> list[list[tuple[int, int]]]:
    """For ``k`` cards replaced: fixed-seed deals of values from the standard
    deck, each as the distinct (cards kept, their sum) the second lock may
    choose (the same deals for every seat and table: common luck)."""
    out = _PAIRS.get((values, k))
    if out is None:
        deck_values = [values[c] for c in m.full_deck(_two_ex_options())]
        rng = random.Random(7919 * k + 1)
        out = []
        for _ in range(_FIRST_DEALS):
            deal = rng.sample(deck_values, k)
            out.append(sorted(_subset_sums(deal)))
        _PAIRS[values, k] = out
    return out


def _two_ex_options() -> Any:
    from game.rules.sabacc_presets import options_for

    return options_for("two-exchange")


def _subset_sums(vals: Sequence[int]) -> set[tuple[int, int]]:
    """Every (size, sum) of a sub-multiset of ``vals``."""
    out = {(0, 0)}
    for v in vals:
        out |= {(k + 1, s + v) for k, s in out}
    return out


_TABLES: dict[tuple[Any, ...], _FirstLock] = {}


def _bucket(chips: int) -> int:
    """Pots rounded so that nearby pots share one table (each new table
    costs its first decisions a few milliseconds)."""
    if chips <= 40:
        return 10 * round(chips / 10)
    if chips <= 160:
        return 20 * round(chips / 20)
    return 50 * round(chips / 50)


def first_lock_table(view: sb.SabaccView, foes: float) -> _FirstLock:
    hand_pot = _bucket(view.hand_pot)
    sabacc_pot = _bucket(view.sabacc_pot)
    picture = ("mix", round(foes, 2))
    key = (view.values, view.options, hand_pot, sabacc_pot, picture)
    table = _TABLES.get(key)
    if table is None:
        model = _model(view.values, view.options, picture)
        table = _TABLES[key] = _FirstLock(view.values, model, hand_pot, sabacc_pot)
        if len(_TABLES) > 200:  # a very long session: forget the oldest tables
            _TABLES.pop(next(iter(_TABLES)))
    return table


# -- keep sets ------------------------------------------------------------------------------
def _keep_sets(cards: Sequence[int], must: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of ``cards`` holding ``must`` (sorted tuples)."""
    free = list(cards)
    for c in must:
        free.remove(c)
    out: set[tuple[int, ...]] = set()
    for mask in range(1 << len(free)):
        out.add(tuple(sorted([*must, *(c for i, c in enumerate(free) if mask >> i & 1)])))
    return sorted(out)


def best_first_lock(view: sb.SabaccView, level: TwoExLevel) -> tuple[tuple[int, ...], float]:
    """The keep set for the first exchange and its value in chips."""
    table = first_lock_table(view, level.showdown_foes * _foes_share(view))
    hand = list(view.hand)
    whole = rank_cards(hand, view.values, view.options)
    if whole.takes_sabacc_pot:
        return tuple(sorted(hand)), float("inf")  # a made Sabacc-pot hand never changes
    vals = view.values
    best: tuple[int, ...] = ()
    best_v = float("-inf")
    for keep in _keep_sets(hand, view.locked):
        v = table.value(len(hand) - len(keep), sum(vals[c] for c in keep))
        if v > best_v + 1e-9 or (abs(v - best_v) <= 1e-9 and len(keep) > len(best)):
            best, best_v = keep, v
    return best, best_v


def _foes_share(view: sb.SabaccView) -> float:
    """More opponents in the hand: more hands to beat (4 seats: 1)."""
    return max(1, sum(view.in_hand) - 1) / 3.0


def hand_value(values: tuple[int, ...], table: _FirstLock, cards: Sequence[int]) -> float:
    """The best first-lock value of a whole hand."""
    key = tuple(sorted(values[c] for c in cards))
    got = table.hands.get(key)
    if got is not None:
        return got
    n = len(cards)
    best = 0.0
    for size, s in _subset_sums(key):
        v = table.value(n - size, s)
        if v > best:
            best = v
    table.hands[key] = best
    return best


# -- the second (final) lock and the showdown chances --------------------------------------
@dataclass(frozen=True, slots=True)
class Final:
    keep: tuple[int, ...]
    value: float  # chips expected from the showdown (pot share, Sabacc pot, fines)
    win: float  # chance of winning the showdown against the modelled opponents
    pure: float  # chance the final hand is a Pure Sabacc / Idiot's Array


def _picture(view: sb.SabaccView, level: TwoExLevel) -> tuple[Any, ...]:
    """The live opponents as (aggressors, callers): a seat that bet or raised
    this hand (or, read by ``hard``, locked every card) holds a made hand.
    With ``exchange_reads``, a caller who has already replaced nothing at the
    second exchange counts as standing pat, and any seat who replaced cards
    there as drawing (its total is then anybody's guess)."""
    bets = _bet_sizes(view)
    if level.size_reads and bets:
        return _read_picture(view, bets)
    agg = _aggressors(view)
    if level.locked_reads:
        agg |= _full_locks(view)
    foes = m.opponents(view)
    replaced = _second_exchange(view) if level.exchange_reads else {}
    strong = callers = pat = drew = 0
    for s in foes:
        r = replaced.get(s)
        if r is not None and r > 0:
            drew += 1
        elif s in agg:
            strong += 1
        elif r == 0:
            pat += 1
        else:
            callers += 1
    if not replaced:
        return ("seen", strong, callers)
    return ("seen", strong, callers, pat, drew)


def _bet_sizes(view: sb.SabaccView) -> dict[int, int]:
    """Each opponent's biggest bet this hand; a raise counts as big (the
    chips it put in, the call included: a seat raises only a made hand)."""
    out: dict[int, int] = {}
    for e in view.log:
        if isinstance(e, ev.BetPlaced | ev.Raised) and e.seat != view.seat:
            size = e.amount if isinstance(e, ev.BetPlaced) else max(e.amount, _BIG_BET)
            out[e.seat] = max(out.get(e.seat, 0), size)
    return out


_BIG_BET = 3  # a bet or raise of this many chips reads as a 23 or a 22


def _read_picture(view: sb.SabaccView, bets: dict[int, int]) -> tuple[Any, ...]:
    """Every live opponent read on its own: a seat that replaced cards at
    the second exchange drew; a bettor by its size; a caller by whether it
    stood pat at the second exchange or had locked every card at the first."""
    replaced = _second_exchange(view)
    full = _full_locks(view)
    kinds: Counter[str] = Counter()
    for s in m.opponents(view):
        r = replaced.get(s)
        if r is not None and r > 0:
            kinds["drew"] += 1
        elif s in bets:
            kinds["big" if bets[s] >= _BIG_BET else "small"] += 1
        elif r == 0:
            kinds["pat"] += 1
        else:
            kinds["full" if s in full else "open"] += 1
    return ("read", *sorted(kinds.items()))


def _second_exchange(view: sb.SabaccView) -> dict[int, int]:
    """Cards each seat has replaced at the second exchange so far (public:
    the count of cards exchanged, never which)."""
    out: dict[int, int] = {}
    second = False
    for e in view.log:
        if isinstance(e, ev.PhaseStarted) and e.phase == "exchange":
            second = e.number == 2
        elif second and isinstance(e, ev.CardsExchanged):
            out[e.seat] = len(e.cards)
    return out


def _aggressors(view: sb.SabaccView) -> set[int]:
    out: set[int] = set()
    for e in view.log:
        if isinstance(e, ev.BetPlaced | ev.Raised):
            out.add(e.seat)
    out.discard(view.seat)
    return out


def _full_locks(view: sb.SabaccView) -> set[int]:
    """Opponents who locked every card at the first exchange: a made hand."""
    out: set[int] = set()
    if not view.locked_counts:
        return out
    for s in m.opponents(view):
        if view.locked_counts[s] and view.locked_counts[s] >= view.card_counts[s]:
            out.add(s)
    return out


def best_final(view: sb.SabaccView, level: TwoExLevel, pot: float) -> Final:
    """The best keep set for the second exchange (``locked`` cards stay), with
    the hand pot at ``pot`` chips."""
    model = _model(view.values, view.options, _picture(view, level))
    hand = list(view.hand)
    vals = view.values
    sabacc_pot = float(view.sabacc_pot)
    best: Final | None = None
    for keep in _keep_sets(hand, view.locked):
        j = len(hand) - len(keep)
        kept = sum(vals[c] for c in keep)
        win = model.win(j, kept)
        pure = model.pure(j, kept)
        value = model.chips(j, kept, pot, sabacc_pot)
        if j == 0 and abs(kept) != 23:
            rank = rank_cards(list(keep), vals, view.options)
            if rank.takes_sabacc_pot:  # an Idiot's Array: as good as +23
                win = model.win(0, 23)
                pure = 1.0
                value = model.chips(0, 23, pot, sabacc_pot)
        if (
            best is None
            or value > best.value + 1e-9
            or (abs(value - best.value) <= 1e-9 and len(keep) > len(best.keep))
        ):
            best = Final(keep, value, win, pure)
    assert best is not None
    return best


# -- the decisions ----------------------------------------------------------------------------
_PLANS: weakref.WeakKeyDictionary[Any, tuple[Any, tuple[int, ...]]] = weakref.WeakKeyDictionary()


def decide(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
) -> Any:
    level = level_of(player)
    if view.phase == sb.HITTING:
        return _hit(player, view, legal, level)
    if view.phase == sb.EXCHANGING:
        return _lock(player, view, legal, level)
    if view.phase == sb.BETTING:
        return _bet(player, view, legal, level, rng)
    return None


def _hit(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], level: TwoExLevel
) -> Any:
    """Draw while one more card is worth more at the first exchange than
    standing (every card drawn may be exchanged again, so a draw that bombs
    out is not a loss, only a card to lock around)."""
    if sb.DRAW not in legal or len(view.hand) >= level.hit_limit:
        return sb.STAND
    if rank_cards(view.hand, view.values, view.options).takes_sabacc_pot:
        return sb.STAND
    table = first_lock_table(view, level.showdown_foes * _foes_share(view))
    pool = m.draw_pool(view)
    n = sum(pool.values())
    if n == 0:
        return sb.STAND
    vals = view.values
    hand = list(view.hand)
    stand = hand_value(vals, table, hand)
    by_value: Counter[int] = Counter()
    sample: dict[int, int] = {}
    for c, k in pool.items():
        by_value[vals[c]] += k
        sample.setdefault(vals[c], c)
    draw = sum(k * hand_value(vals, table, [*hand, sample[v]]) for v, k in by_value.items()) / n
    # A cautious character stands a little earlier, a reckless one draws on.
    margin = level.hit_margin + _HIT_CAUTION * (player.personality.caution - 0.5)
    return sb.DRAW if draw > stand + margin else sb.STAND


def _lock(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], level: TwoExLevel
) -> Any:
    """Lock the next card of the keep set, then exchange the rest.  The keep
    set is worked out once per exchange (each lock is its own decision)."""
    key = (view.hand_no, view.exchange_no, view.seat, tuple(sorted(view.hand)))
    plan = _PLANS.get(player)
    if plan is not None and plan[0] == key:
        keep = plan[1]
    else:
        if view.exchange_no <= 1:
            keep, _ = best_first_lock(view, level)
        else:
            keep = best_final(view, level, float(view.hand_pot)).keep
        _PLANS[player] = (key, keep)
    todo = Counter(keep)
    todo.subtract(view.locked)
    for card in sorted(+todo):
        action = sb.Lock(card)
        if action in legal:
            return action
    return sb.EXCHANGE


def _bet(
    player: NormalSabaccPlayer,
    view: sb.SabaccView,
    legal: Sequence[Any],
    level: TwoExLevel,
    rng: random.Random,
) -> Any:
    """Open for value, raise a made hand, call when going on is worth the
    chips asked, fold otherwise (folding is free in this preset)."""
    bets = [a for a in legal if isinstance(a, sb.Bet)]
    raises = [a for a in legal if isinstance(a, sb.Raise)]
    owe = view.level - view.round_bets[view.seat]
    live = [s for s in m.opponents(view)]
    # The pot at the showdown if the others still to answer match the bet.
    pending = sum(max(0, view.level - view.round_bets[s]) for s in live)
    pot = view.hand_pot + owe + 0.5 * pending
    final = best_final(view, level, pot)
    player.share = final.win  # the chance the hint's reason quotes (ai.advice)
    char = _Character.of(player.personality)
    if bets:  # nobody has opened: every opponent may still call
        if final.win >= level.open_at + char.lean or final.pure >= 0.5:
            size = _size(final.win, final.pure, bets, level, char)
            return bets[size - 1]
        if char.bluff > 0 and rng.random() < char.bluff:
            return bets[min(len(bets), 2) - 1]  # represents a made hand
        return sb.CHECK if sb.CHECK in legal else None
    if sb.CHECK in legal:
        return sb.CHECK
    gain = final.value - owe
    if raises and (final.win >= level.raise_at + char.lean or final.pure >= 0.9):
        size = _size(final.win, final.pure, raises, level, char)
        return raises[size - 1]
    if sb.CALL in legal and (gain > char.call_margin * pot or sb.FOLD not in legal):
        return sb.CALL
    return sb.FOLD if sb.FOLD in legal else None


_HIT_CAUTION = 2.0  # chips a draw must gain per unit of caution above the middle
_LEAN = 0.3  # open / raise thresholds move this much per unit of aggression
_CALL_CAUTION = 0.25  # a call must gain this share of the pot per unit of caution
_DEFAULT_BLUFF = Personality().bluff  # the level's own play already bluffs this much


@dataclass(frozen=True, slots=True)
class _Character:
    """What a personality changes in Two-Exchange, on top of the level: the
    default character (every knob in the middle) plays the level unchanged."""

    lean: float  # added to the win chance needed to open or raise
    size: float  # multiplies the share of the room a big bet takes
    call_margin: float  # a call must gain this share of the pot
    bluff: float  # chance a hand too weak to open opens anyway

    @staticmethod
    def of(p: Personality) -> _Character:
        return _Character(
            lean=-_LEAN * (p.aggression - 0.5),
            size=1.0 + (p.aggression - 0.5),
            call_margin=_CALL_CAUTION * (p.caution - 0.5),
            bluff=max(0.0, p.bluff - _DEFAULT_BLUFF),
        )


def _size(
    win: float, pure: float, options: Sequence[Any], level: TwoExLevel, char: _Character
) -> int:
    """Chips for a bet or raise: big with a made hand, small otherwise."""
    room = len(options)
    if win >= level.big_at + char.lean or pure >= 0.9:
        return max(1, min(room, round(min(1.0, level.big_share * char.size) * room)))
    return min(room, 2)
