"""The arithmetic behind the Nine and a Half players (RULES.md §3).

Everything here works on *ranks* (2..14, the Ace 14) and *half points* (an
Ace is 2, a Jack 1, a Nine 18), as the engine does, so no float ever decides
a hand.  Three pieces:

* ``unseen_counts`` -- the cards a seat has not seen, by rank: every card of
  the deck(s) minus the dealer's cards, every face-up hit and every hole
  card the seat knows (its own, and those shown by challenges).
* the player's side -- ``dealer_outcomes`` (how a dealer standing on a total
  ends up), ``stay_value`` (what one chip of stake earns if challenged) and
  ``hand_worth`` (the same, hitting on optimally), which pick hit or stay and
  the bet.
* the dealer's side -- ``hole_posterior`` (the chance of each hole rank for a
  player given the unseen cards and, optionally, what that player did), and
  ``DealerPlan`` (expected chips of each challenge and of drawing, planned
  over the dealer's totals while keeping the duty).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from game.rules import cards52
from game.rules.ninehalf import NineHalfView

RANKS = tuple(range(2, 15))
JACK, TEN, NINE = 11, 10, 9
BUST = 20  # half points: 10 or more is bust
NINE_HALF = 19
JACK_TEN = 21  # strength of a player's Jack-Ten: above any 9½
FORCED_STOP = 18  # a face-up total of 9 or more ends a player's drawing

Counts = tuple[int, ...]  # cards per rank, index rank - 2


def halves(rank: int) -> int:
    if rank == 14:
        return 2
    if rank >= 11:
        return 1
    return rank * 2


def rank_of_code(code: str) -> int:
    return cards52.rank_of(cards52.parse(code))


def strength(total: int, jack_ten: bool = False) -> int:
    """A challenge compares strengths: bust 0, else half points; Jack-Ten 21."""
    if jack_ten:
        return JACK_TEN
    return 0 if total >= BUST else total


def multiplier(player_strength: int) -> int:
    """A player's Natural (any 9½) or Jack-Ten is paid double."""
    return 2 if player_strength in (NINE_HALF, JACK_TEN) else 1


def hand_strength(ranks: Sequence[int], dealer: bool = False) -> int:
    total = sum(halves(r) for r in ranks)
    jack_ten = not dealer and sorted(ranks) == [TEN, JACK]
    return strength(total, jack_ten)


def decks_for(num_seats: int) -> int:
    return 2 if num_seats > 10 else 1


def unseen_counts(view: NineHalfView) -> Counts:
    """Cards per rank this seat has not seen (they are in the deck or face down)."""
    counts = [4 * decks_for(view.num_seats)] * 13
    seen: list[str] = list(view.dealer_cards)
    for cards in view.face_up:
        seen.extend(cards)
    seen.extend(c for c in view.face_down if c is not None)
    for code in seen:
        counts[rank_of_code(code) - 2] -= 1
    return tuple(max(c, 0) for c in counts)


FULL_DECK: Counts = (4,) * 13


# ---------------------------------------------------------------------------
# The player's side


@lru_cache(maxsize=4096)
def dealer_outcomes(total: int, stand_at: int, counts: Counts) -> tuple[float, ...]:
    """P(the dealer ends on each strength 0..19) drawing while below ``stand_at``.

    A model of the dealer for the players: it draws from ``counts`` (with
    replacement, which is close enough for a handful of cards) until its
    total reaches ``stand_at`` or busts.
    """
    out = [0.0] * 20
    if total >= BUST:
        out[0] = 1.0
        return tuple(out)
    if total >= stand_at:
        out[total] = 1.0
        return tuple(out)
    size = sum(counts)
    for i, n in enumerate(counts):
        if n:
            sub = dealer_outcomes(total + halves(i + 2), stand_at, counts)
            p = n / size
            for s in range(20):
                out[s] += p * sub[s]
    return tuple(out)


def stay_value(player_strength: int, dealer: Sequence[float]) -> float:
    """Chips won per chip of stake by standing on ``player_strength`` if challenged.

    Ties go to the player, busts included (RULES.md §3), so the player wins
    whenever the dealer's strength is not above theirs.
    """
    cap = min(player_strength, 19)
    win = sum(dealer[: cap + 1])
    return win * multiplier(player_strength) - (1.0 - win)


@lru_cache(maxsize=1024)
def stay_values(dealer: tuple[float, ...]) -> tuple[float, ...]:
    """``stay_value`` for every strength 0..21 at once (index = strength)."""
    return tuple(stay_value(s, dealer) for s in range(22))


def hand_worth(
    total: int, up: int, cards: int, hole: int, stays: tuple[float, ...], counts: Counts
) -> tuple[float, bool]:
    """(value per chip of stake, whether to hit) for a player playing on optimally.

    ``total`` and ``up`` are half points of the whole hand and of its face-up
    part, ``cards`` how many cards it holds, ``hole`` the face-down rank (only
    a Jack-Ten needs it), ``stays`` the value of standing on each strength.
    Drawing stops on a drawn 9 or 10 and at a face-up total of 9, as the
    rules force.
    """
    return _worth(total, up, min(cards, 3), _jack_ten_hole(cards, hole), stays, counts)


def _jack_ten_hole(cards: int, hole: int) -> int:
    """The hole rank where it can still matter (a lone J or 10), else 0.

    Folding the others together lets the memo share their states.
    """
    return hole if cards <= 2 and hole in (JACK, TEN) else 0


@lru_cache(maxsize=65536)
def _worth(
    total: int, up: int, cards: int, hole: int, stays: tuple[float, ...], counts: Counts
) -> tuple[float, bool]:
    jack_ten = cards == 2 and total == halves(JACK) + halves(TEN) and hole in (JACK, TEN)
    stay = stays[strength(total, jack_ten)]
    size = sum(counts)
    if up >= FORCED_STOP or size == 0:
        return stay, False
    if total >= BUST and not (cards == 1 and hole == TEN):
        # Bust for good: only a Jack on a lone 10 can still mend a hand.
        return stay, False
    hit = 0.0
    for i, n in enumerate(counts):
        if not n:
            continue
        rank = i + 2
        new_total, new_up = total + halves(rank), up + halves(rank)
        if rank in (NINE, TEN) or new_up >= FORCED_STOP:
            jt = cards == 1 and {hole, rank} == {JACK, TEN}
            value = stays[strength(new_total, jt)]
        else:
            nxt = min(cards + 1, 3)
            value = _worth(new_total, new_up, nxt, _jack_ten_hole(nxt, hole), stays, counts)[0]
        hit += n / size * value
    return (hit, True) if hit > stay + 1e-9 else (stay, False)


def player_decision(
    ranks: Sequence[int], dealer_up: int, counts: Counts, stand_at: int
) -> tuple[float, bool]:
    """(value per chip, hit?) for the hand ``ranks`` (hole first) against the dealer."""
    stays = stay_values(dealer_outcomes(dealer_up, stand_at, counts))
    total = sum(halves(r) for r in ranks)
    up = total - halves(ranks[0])
    return hand_worth(total, up, len(ranks), ranks[0], stays, counts)


# ---------------------------------------------------------------------------
# The dealer's side


def hole_posterior(counts: Counts, likelihood: Sequence[float] | None = None) -> list[float]:
    """P(hole rank = index + 2) from the unseen cards, times a behaviour likelihood."""
    weights = [n * (1.0 if likelihood is None else likelihood[i]) for i, n in enumerate(counts)]
    total = sum(weights)
    if total <= 0.0:  # behaviour that fits no card: fall back on the cards alone
        weights = [float(n) for n in counts]
        total = sum(weights) or 1.0
    return [w / total for w in weights]


def challenge_values(
    posterior: Sequence[float], up_ranks: Sequence[int], stake: int
) -> list[float]:
    """The dealer's expected chips from challenging this player, per dealer strength.

    Index 0 is a bust dealer, 1..19 the dealer's total in half points.  The
    player wins ties, so the dealer gains the stake only when strictly above.
    """
    up_total = sum(halves(r) for r in up_ranks)
    by_strength: dict[int, float] = {}
    for i, p in enumerate(posterior):
        if p <= 0.0:
            continue
        rank = i + 2
        jt = len(up_ranks) == 1 and {rank, up_ranks[0]} == {JACK, TEN}
        s = strength(up_total + halves(rank), jt)
        by_strength[s] = by_strength.get(s, 0.0) + p
    values = []
    for d in range(20):
        gain = 0.0
        for s, p in by_strength.items():
            gain += p * (-multiplier(s) if s >= d else 1.0)
        values.append(gain * stake)
    return values


def challenge_win(posterior: Sequence[float], up_ranks: Sequence[int], dealer: int) -> float:
    """The chance that a dealer on strength ``dealer`` wins a challenge of this player
    (strictly above them: ties go to the player), by the same posterior as
    ``challenge_values``; the hint quotes it beside the challenge's expected chips."""
    up_total = sum(halves(r) for r in up_ranks)
    win = 0.0
    for i, p in enumerate(posterior):
        rank = i + 2
        jt = len(up_ranks) == 1 and {rank, up_ranks[0]} == {JACK, TEN}
        if p > 0.0 and strength(up_total + halves(rank), jt) < dealer:
            win += p
    return win


@dataclass
class DealerPlan:
    """Expected chips for the dealer's choices, by the dealer's total.

    ``values[seat][d]`` is the expected gain of challenging ``seat`` with
    strength ``d``; ``draw`` is the chance of each rank for the next card.
    The plan stands or draws on each total and, standing, challenges every
    player worth challenging plus the cheapest others the duty still needs.
    Every draw raises the total, so the plan ends; each (players left,
    total, challenges owed) is worked out once.
    """

    values: dict[int, list[float]]
    draw: list[float]
    caution: float = 0.0  # extra expected loss a draw must beat
    _steps: list[tuple[int, float]] = field(default_factory=list)
    _memo: dict[tuple[tuple[int, ...], int, int], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # J, Q and K all add ½: merge ranks that add the same.
        by_halves: dict[int, float] = {}
        for i, p in enumerate(self.draw):
            if p > 0.0:
                by_halves[halves(i + 2)] = by_halves.get(halves(i + 2), 0.0) + p
        self._steps = sorted(by_halves.items())

    def stand(self, seats: Sequence[int], d: int, need: int) -> float:
        gains = sorted((self.values[s][d] for s in seats), reverse=True)
        need = min(need, len(gains))
        return sum(g for k, g in enumerate(gains) if g > 0.0 or k < need)

    def best(self, seats: tuple[int, ...], d: int, need: int) -> float:
        """Value of the rest of the deal from strength ``d`` owing ``need`` challenges."""
        key = (seats, d, need)
        value = self._memo.get(key)
        if value is None:
            value = self.stand(seats, d, need)
            if d != 0 and seats:
                value = max(value, self.draw_value(seats, d, need))
            self._memo[key] = value
        return value

    def draw_value(self, seats: tuple[int, ...], d: int, need: int) -> float:
        """Draw one card, then play on; a draw owes one more challenge (RULES.md §3)."""
        value = -self.caution
        after = max(need, 1)
        for step, p in self._steps:
            new = d + step
            value += p * self.best(seats, 0 if new >= BUST else new, after)
        return value


# ---------------------------------------------------------------------------
# The player's best response to a dealer who challenges selectively
#
# A dealer that reads the cards does not challenge at random: a face-up
# bust is challenged at once, a strong-looking hand may be left alone.  What
# a player stands to win therefore depends on what the dealer sees -- the
# dealer's up card, the player's face-up total and number of hits, and the
# bet -- not only on the player's own strength.  ``ai.ninehalf_table`` holds,
# for each such visible situation, how often our hard dealer challenged and
# on which total (counted by ``bench/ninehalf_tables.py``); ``BestResponse``
# solves hitting, standing and the bet exactly against it.

BET_BUCKETS = 3  # bet 1, the half-limit bet, the top bet
PRIOR = 12.0  # pseudo-observations a thin cell borrows from its coarser cell
Profile = tuple[float, ...]  # P(challenged and dealer strength d), d = 0..19


def visible_key(dealer_up: int, up_total: int, up_cards: int, bucket: int) -> tuple[int, ...]:
    """What the dealer sees of a player (up totals at 10 or more are all bust)."""
    return (dealer_up, min(up_total, BUST), min(up_cards, 2), bucket)


def bet_choices(top: int) -> tuple[int, ...]:
    """The bets of each bucket: 1, half the limit (rounded as ``round``), the top."""
    mid = max(1, min(top, round(0.5 * top)))
    return (1, mid, top)


def bet_bucket(bet: int, top: int) -> int:
    if bet <= 1:
        return 0
    return 2 if bet >= top else 1


def _profile(counts: Sequence[int] | None, prior: Profile | None) -> Profile:
    """Challenge profile of a cell: its own counts shrunk towards ``prior``."""
    if prior is None:
        prior = (0.0,) * 20
    if not counts:
        return prior
    n = counts[0]
    return tuple((counts[1 + d] + PRIOR * prior[d]) / (n + PRIOR) for d in range(20))


Cells = dict[tuple[int, ...], tuple[int, ...]]
SHIPPED = 0  # the table id of ``ai.ninehalf_table`` (what the hard level plays)
_cells: dict[int, Cells] = {}
_mixture: tuple[int, ...] | None = None


def use_cells(cells: Cells | None, table: int = SHIPPED) -> None:
    """Solve against ``cells`` from now on under the id ``table`` (None: the
    shipped table).  Other ids let a bench hold several dealers' tables at
    once (a player solved against one, a dealer modelling players of others)."""
    global _mixture
    if cells is None:
        _cells.pop(table, None)
        if table == SHIPPED:
            _mixture = None
    else:
        _cells[table] = cells
    for cached in (challenge_profile, _stand, _br_worth, br_likelihood):
        cached.cache_clear()


def add_cells(*tables: Cells) -> Cells:
    """Counts of several tables added cell by cell."""
    out: dict[tuple[int, ...], list[int]] = {}
    for cells in tables:
        for key, row in cells.items():
            acc = out.setdefault(key, [0] * len(row))
            for i, x in enumerate(row):
                acc[i] += x
    return {k: tuple(v) for k, v in sorted(out.items())}


def with_coarse(cells: Cells) -> Cells:
    """Add the coarser cells: any dealer up card; then any number of hits too."""
    out: dict[tuple[int, ...], list[int]] = {}
    for (du, up, cards, bucket), row in cells.items():
        if du < 0:
            continue  # already coarse
        for key in ((du, up, cards, bucket), (-1, up, cards, bucket), (-1, up, -1, bucket)):
            acc = out.setdefault(key, [0] * 21)
            for i, x in enumerate(row):
                acc[i] += x
    return {k: tuple(v) for k, v in sorted(out.items())}


def parse_cells(text: str) -> Cells:
    """A table written as text, one cell a line: the 4 key numbers, then the row."""
    cells: Cells = {}
    for line in text.split("\n"):
        if line.strip():
            numbers = tuple(int(x) for x in line.split())
            cells[numbers[:4]] = numbers[4:]
    return cells


def _shipped_rounds() -> list[Cells]:
    from ai.ninehalf_table import ROUNDS  # generated by bench/ninehalf_tables.py

    return [parse_cells(text) for text in ROUNDS]


def _table(table: int = SHIPPED) -> Cells:
    cells = _cells.get(table)
    if cells is None:
        if table != SHIPPED:
            raise ValueError(f"no challenge table registered as {table}")
        cells = _cells[SHIPPED] = with_coarse(add_cells(*_shipped_rounds()))
    return cells


def shipped_mixture() -> tuple[int, ...]:
    """The table ids of the players the hard dealer models, one per round.

    The shipped tables come from fictitious play (``bench/ninehalf_tables.py``):
    round j's players best-respond to the dealers of rounds 0..j-1 together
    (their challenges counted into one table), so the dealer models a player
    as any of those best responses, equally likely.  The last one is what
    the hard player plays (``SHIPPED``); the earlier ones get ids -1, -2, ...
    """
    global _mixture
    if _mixture is None:
        rounds = _shipped_rounds()
        ids: list[int] = []
        for j in range(1, len(rounds)):
            _cells[-j] = with_coarse(add_cells(*rounds[:j]))
            ids.append(-j)
        _mixture = (*ids, SHIPPED)
    return _mixture


@lru_cache(maxsize=8192)
def challenge_profile(key: tuple[int, ...], table: int = SHIPPED) -> Profile:
    """P(challenged with the dealer on d) for a visible situation, d = 0..19.

    Cells seen rarely lean on coarser ones: first without the dealer's up
    card, then without the number of hits either.
    """
    CELLS = _table(table)
    dealer_up, up, cards, bucket = key
    coarsest = _profile(CELLS.get((-1, up, -1, bucket)), None)
    coarse = _profile(CELLS.get((-1, up, cards, bucket)), coarsest)
    return _profile(CELLS.get(key), coarse)


def challenged_value(player_strength: int, profile: Profile) -> float:
    """Chips per chip of stake over the deal: a challenge settles, no challenge is 0."""
    mult = multiplier(player_strength)
    cap = min(player_strength, 19)
    win = sum(profile[: cap + 1])
    lose = sum(profile[cap + 1 :])
    return win * mult - lose


@dataclass(frozen=True)
class BestResponse:
    """Hit/stand and the bet solved against the table's dealer.

    ``ante`` is the player's ante and ``top`` the highest bet it may make;
    values are in chips (the stake is ante + bet).  ``lean`` tilts the bet
    towards bigger stakes (a personality's aggression), in chips per chip.
    """

    dealer_up: int
    ante: int
    top: int
    counts: Counts
    lean: float = 0.0
    table: int = SHIPPED  # which dealer's challenge table (``use_cells``)

    def stand(self, total: int, up: int, up_cards: int, jack_ten: bool) -> tuple[float, int]:
        """(chips expected, best bet) for standing on this hand."""
        return _stand(
            self.dealer_up,
            self.ante,
            self.top,
            self.lean,
            strength(total, jack_ten),
            min(up, BUST),
            min(up_cards, 2),
            self.table,
        )

    def decide(self, ranks: Sequence[int]) -> tuple[float, float, bool]:
        """(value of hitting on optimally, value of standing now, hit?) for a hand."""
        total = sum(halves(r) for r in ranks)
        up = total - halves(ranks[0])
        hole = _jack_ten_hole(len(ranks), ranks[0])
        jack_ten = len(ranks) == 2 and sorted(ranks) == [TEN, JACK]
        stand = self.stand(total, up, len(ranks) - 1, jack_ten)[0]
        best = _br_worth(
            self.dealer_up,
            self.ante,
            self.top,
            self.lean,
            total,
            up,
            min(len(ranks), 3),
            hole,
            self.counts,
            self.table,
        )
        return best[0], stand, best[1]


@lru_cache(maxsize=65536)
def _stand(
    dealer_up: int,
    ante: int,
    top: int,
    lean: float,
    s: int,
    up: int,
    up_cards: int,
    table: int = SHIPPED,
) -> tuple[float, int]:
    best = (-1e9, 1)
    for bucket, bet in enumerate(bet_choices(top)):
        profile = challenge_profile(visible_key(dealer_up, up, up_cards, bucket), table)
        value = (ante + bet) * (challenged_value(s, profile) + lean)
        if value > best[0] + 1e-9:
            best = (value, bet)
    return best[0] - lean * (ante + best[1]), best[1]


@lru_cache(maxsize=65536)
def _br_worth(
    dealer_up: int,
    ante: int,
    top: int,
    lean: float,
    total: int,
    up: int,
    cards: int,
    hole: int,
    counts: Counts,
    table: int = SHIPPED,
) -> tuple[float, bool]:
    jack_ten = cards == 2 and total == halves(JACK) + halves(TEN) and hole in (JACK, TEN)
    stay = _stand(
        dealer_up,
        ante,
        top,
        lean,
        strength(total, jack_ten),
        min(up, BUST),
        min(cards - 1, 2),
        table,
    )[0]
    size = sum(counts)
    if up >= FORCED_STOP or size == 0:
        return stay, False
    hit = 0.0
    for i, n in enumerate(counts):
        if not n:
            continue
        rank = i + 2
        new_total, new_up = total + halves(rank), up + halves(rank)
        nxt = min(cards + 1, 3)
        if rank in (NINE, TEN) or new_up >= FORCED_STOP:
            jt = cards == 1 and {hole, rank} == {JACK, TEN}
            value = _stand(
                dealer_up,
                ante,
                top,
                lean,
                strength(new_total, jt),
                min(new_up, BUST),
                min(nxt - 1, 2),
                table,
            )[0]
        else:
            value = _br_worth(
                dealer_up,
                ante,
                top,
                lean,
                new_total,
                new_up,
                nxt,
                _jack_ten_hole(nxt, hole),
                counts,
                table,
            )[0]
        hit += n / size * value
    return (hit, True) if hit > stay + 1e-9 else (stay, False)


# ---------------------------------------------------------------------------
# The dealer's best response to players who best-respond
#
# A hard player hits, stands and bets by ``BestResponse`` against a table, so
# what it did says something about its face-down card: a lone card that
# stood and bet the top is rarely a 2.  ``br_likelihood`` gives, for each
# hole rank, the chance that such a player showed exactly these hits and
# this bet; the dealer's ``hole_posterior`` weighs the unseen cards by it and
# ``DealerPlan`` solves the challenges and draws against the result.  Player
# and dealer best responses are iterated by ``bench/ninehalf_tables.py``.

BLUFF = 0.1  # the model player's bluff rate (the default personality's)
SURPRISE = 0.15  # how often the dealer expects a player to stray from the model


def _fit(matches: bool, surprise: float) -> float:
    return 1.0 - surprise if matches else surprise


def mixture_likelihood(
    dealer_up: int, ante: int, top: int, ups: tuple[int, ...], bet: int, tables: Sequence[int]
) -> list[float]:
    """``br_likelihood`` for a player who is any of the best responses to
    ``tables``, equally likely (the mean of their likelihoods)."""
    rows = [br_likelihood(dealer_up, ante, top, ups, bet, t) for t in tables]
    return [sum(col) / len(rows) for col in zip(*rows, strict=True)]


@lru_cache(maxsize=16384)
def br_likelihood(
    dealer_up: int,
    ante: int,
    top: int,
    ups: tuple[int, ...],
    bet: int,
    table: int = SHIPPED,
    bluff: float = BLUFF,
    surprise: float = SURPRISE,
) -> tuple[float, ...]:
    """P(these face-up hits, the stay and this bet | hole rank), one per rank 2..14.

    The model player solves ``BestResponse`` against ``table`` with a full
    deck in mind, and with chance ``bluff`` turns a bet below the top into
    the top; each of its choices strays from the model with chance
    ``surprise`` (a human, a personality, the cards it has seen).
    """
    br = BestResponse(dealer_up, max(ante, 1), max(top, 1), FULL_DECK, table=table)
    up_total = sum(halves(r) for r in ups)
    forced = bool(ups) and (ups[-1] in (NINE, TEN) or up_total >= FORCED_STOP)
    out: list[float] = []
    for rank in RANKS:
        like = 1.0
        hand = [rank]
        for card in ups:
            like *= _fit(br.decide(hand)[2], surprise)
            hand.append(card)
        if not forced:
            like *= _fit(not br.decide(hand)[2], surprise)
        total = up_total + halves(rank)
        jack_ten = len(hand) == 2 and sorted(hand) == [TEN, JACK]
        solved = br.stand(total, up_total, len(ups), jack_ten)[1]
        p = float(bet == solved) if solved >= top else (1.0 - bluff) * (bet == solved)
        if solved < top and bet == top:
            p += bluff
        like *= (1.0 - surprise) * p + surprise
        out.append(like)
    return tuple(out)
