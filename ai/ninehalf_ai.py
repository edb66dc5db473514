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
