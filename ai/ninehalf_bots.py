"""Computer players for Nine and a Half (九点半).

They read only a ``NineHalfView``; the arithmetic is in ``ai.ninehalf_ai``.

* ``random`` -- any legal action.
* ``easy`` -- rules of thumb.  As a player: ante 1, hit below 6, bet more the
  stronger the hand (an occasional big bet on a weak hand).  As the dealer:
  the default limit, draw below 6 before challenging, then challenge the
  players whose face-up cards look weakest until the duty is met, and anyone
  else it clearly beats.
* ``normal`` -- expected chips.  The dealer loses on average (players win
  ties and are paid double for a Natural or a Jack-Ten), so it antes the
  most it may and, dealing, sets the smallest limit (hard: the limit at which a
  hard player expects to win least from it a deal, ``limit_worth``).  As a player: hit or
  stay by the value of the hand against a dealer who stands on 7, with a
  full deck in mind; bet by that value (top bet when well ahead, half when
  a little, 1 when behind).
  As the dealer: each face-down card's chances come from the cards it has
  not seen; each challenge, each draw and stopping are worth what they are
  expected to win, planned over the dealer's possible totals while keeping
  the duty (⌊n/2⌋ challenges, one more after any draw).
* ``hard`` -- as a player, a best response to how our dealer really
  challenges: ``ai.ninehalf_table`` (built by ``bench/ninehalf_tables.py``)
  says how often a hand that shows this much, with this bet, against this
  dealer card, is challenged and on which dealer total; hit, stand and the
  bet are solved exactly against it, counting the cards it has seen
  (``ninehalf_ai.BestResponse``).  It bluffs at its personality's rate (a
  weak hand bets the top).  As the dealer it also reads behaviour: each
  hole card's chance is weighted by how likely it made that player hit,
  stay and bet as they did -- as a hard player would, solving against this
  dealer's own table, or (half the players, it expects) as one who bets by
  its cards like ``normal``, with room for surprises.  Player and dealer are
  each other's best responses: ``bench/ninehalf_tables.py`` iterates them
  (fictitious play) and writes the table both read.

Personalities (``ai.base.Personality``) shade normal and hard play: caution
makes players stand and dealers draw a little earlier, aggression raises bets
(for hard: a lean towards bigger stakes in the solved bet), bluff is how often
a weak hand represents a strong one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ai.base import Personality, Player, RandomPlayer, check_level
from ai.ninehalf_ai import (
    BUST,
    FORCED_STOP,
    FULL_DECK,
    JACK,
    NINE,
    NINE_HALF,
    SHIPPED,
    TEN,
    BestResponse,
    Counts,
    DealerPlan,
    bet_choices,
    challenge_profile,
    challenge_values,
    challenge_win,
    dealer_outcomes,
    halves,
    hand_strength,
    hole_posterior,
    mixture_likelihood,
    player_decision,
    rank_of_code,
    shipped_mixture,
    stay_value,
    strength,
    unseen_counts,
    visible_key,
)
from ai.personalities import BASE_BLUFF
from game.rules.ninehalf import (
    Ante,
    Bet,
    Challenge,
    Draw,
    Hit,
    NineHalfView,
    SetLimit,
    SitOut,
    Stay,
    Stop,
    hand_value,
)

HIT_BELOW = 6.0  # the easy player (and dealer) draws while under this total
AVERAGE_HOLE = 4.5  # what an unseen face-down card is worth on average (≈ 4.35)
LIKELY_BUST = 10.0  # face-up total + average hole at or above this looks bust
DEALER_STANDS = 14  # half points: the dealer players picture stands on 7
STRONG_EDGE = 0.2  # value per chip above which the normal player bets the top
NORMAL_LEAN = 0.3  # normal: value a bet leans on per unit of aggression above the middle
SURPRISE = 0.15  # how often the hard dealer expects a player to stray from the model


def _points(codes: Sequence[str], dealer: bool = False) -> tuple[str, float]:
    if not codes:
        return "normal", 0.0
    value = hand_value(codes, dealer=dealer)
    return value.kind, value.points


def looks_like(view: NineHalfView, seat: int) -> float:
    """How strong a player's hand looks from outside: lower looks weaker.

    A revealed card counts as it is; a hidden one as an average card.  A
    hand that probably went bust ranks below everything.
    """
    _, shown = _points(view.face_up[seat])
    guess = shown + AVERAGE_HOLE
    return -1.0 if guess >= LIKELY_BUST else guess


def _ranks(codes: Sequence[str]) -> list[int]:
    return [rank_of_code(c) for c in codes]


def _dealer_up(view: NineHalfView) -> int:
    """The dealer's first card in half points: all the players saw when they drew."""
    return halves(rank_of_code(view.dealer_cards[0])) if view.dealer_cards else 0


def _dealer_strength(view: NineHalfView) -> int:
    total = sum(halves(r) for r in _ranks(view.dealer_cards))
    return 0 if total >= BUST else total


def _bet_fraction(value: float, strong: float) -> float:
    """The normal player's bet, as a share of the top bet, for a value per chip."""
    if value > strong:
        return 1.0
    if value > 0.0:
        return 0.5
    return 0.0


def _bet_amount(fraction: float, top: int) -> int:
    return max(1, min(top, round(fraction * top))) if fraction > 0 else 1


class EasyNineHalfPlayer:
    """Rule-of-thumb play, as a player and as the dealer."""

    def __init__(self, level: str = "easy", personality: Personality | None = None) -> None:
        self.level = level
        self.personality = personality or Personality()

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        first = legal[0]
        if isinstance(first, SetLimit):
            return self._limit(view, legal)
        if isinstance(first, Ante | SitOut):
            return Ante(1) if Ante(1) in legal else legal[0]
        if isinstance(first, Hit | Stay):
            return self._hit_or_stay(view, legal, rng)
        if isinstance(first, Bet):
            return self._bet(view, legal, rng)
        return self._dealer(view, legal)

    def _limit(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        if SetLimit(10) in legal:
            return SetLimit(10)
        return legal[len(legal) // 2]

    def _hit_or_stay(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        _, total = _points(view.my_cards)
        if total < HIT_BELOW and Hit() in legal:
            return Hit()
        return Stay()

    def _bet(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        top = len(legal)  # legal bets are 1..top
        kind, total = _points(view.my_cards)
        if kind in ("natural", "jack-ten"):
            want = top
        elif kind == "bust":
            want = 1
        elif total >= 8:
            want = max(1, round(top * 0.6))
        elif total >= 6:
            want = min(3, top)
        else:
            want = 1
        # A weak hand sometimes bets big so the dealer cannot read bets blindly.
        if want <= 1 and rng.random() < self.personality.bluff:
            want = max(1, round(top * 0.6))
        return Bet(min(max(want, 1), top))

    def _dealer(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        kind, total = _points(view.dealer_cards, dealer=True)
        # Draw before the first challenge: a draw then costs no extra duty.
        if Draw() in legal and view.challenges == 0 and total < HIT_BELOW:
            return Draw()
        targets = [a for a in legal if isinstance(a, Challenge)]
        targets.sort(key=lambda a: (looks_like(view, a.seat), a.seat))
        if targets and (view.challenges < view.duty or view.must_challenge):
            return targets[0]
        # Beyond the duty, take on whoever still looks clearly beaten.
        if targets and kind != "bust" and looks_like(view, targets[0].seat) < total - 1:
            return targets[0]
        if Stop() in legal:
            return Stop()
        return targets[0] if targets else legal[0]


class ExpectedChipsPlayer(EasyNineHalfPlayer):
    """``normal`` and ``hard``: every choice by expected chips (see the module doc)."""

    player_model = "best-response"  # how the hard dealer reads players ("normal": as normal)
    # The challenge table (``ninehalf_ai.use_cells``) hard plays against as a player.
    model_table = SHIPPED
    # As the dealer: the tables its model players respond to, any of them equally
    # likely (None: one per round of the shipped iteration, ``shipped_mixture``).
    model_tables: tuple[int, ...] | None = None
    # The share of players the dealer expects to bet by their cards like
    # ``normal`` (a human, a cruder player) rather than as a best response:
    # each seat's likelihood is the mixture, so its own play says which it is.
    normal_share = 0.5

    def __init__(self, level: str, personality: Personality | None = None) -> None:
        super().__init__(level, personality)
        self.hard = level == "hard"
        # The last decision's numbers, which the hint quotes as its reason (ai.advice):
        # hard's ante, the chips each ante amount is expected to bring over the deal;
        # hard's bet, the chips it expects, the chance the dealer challenges a hand
        # that shows this much and bets this, and the chance such a challenge is won
        # (``bluffed``: the top bet on a hand the numbers said to bet less on).
        self.ante_worths: dict[int, float] | None = None
        self.bet_numbers: dict[str, Any] | None = None
        # As the dealer: hard's limit, what a hard player expects to win from the
        # dealer a deal at each limit; a draw, stop or challenge, every option's
        # expected chips for the rest of the deal, best first (``options``), each open
        # seat's challenge alone (``gains``) and its chance to be won (``wins``), and
        # the challenges still owed (``need``).
        self.limit_worths: dict[int, float] | None = None
        self.dealer_numbers: dict[str, Any] | None = None

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        self.ante_worths = self.bet_numbers = None
        self.limit_worths = self.dealer_numbers = None
        antes = [a for a in legal if isinstance(a, Ante)]
        if antes:
            if self.hard:
                # Each ante's chips over the deal, played as hard plays it against
                # how our dealer challenges: the best of them goes in.
                worths = {a.amount: ante_worth(view, a.amount) for a in antes}
                self.ante_worths = worths
                return max(antes, key=lambda a: (round(worths[a.amount], 6), a.amount))
            # A player's stake earns more than it costs on average (ties and
            # a dealer's 10 go to the players), so the most chips go in.
            return max(antes, key=lambda a: a.amount)
        return super().choose(view, legal, rng)

    def _limit(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        # The dealer loses on average (the players win ties and are paid
        # double for a Natural or a Jack-Ten), so the smallest limit keeps
        # the strong hands' big bets small. Hard weighs it: the limit at which a
        # hard player expects to win least from the dealer a deal.
        limits = [a for a in legal if isinstance(a, SetLimit)]
        if self.hard:
            worths = {a.limit: limit_worth(view, a.limit) for a in limits}
            self.limit_worths = worths
            return min(limits, key=lambda a: (round(worths[a.limit], 6), a.limit))
        return min(limits, key=lambda a: a.limit)

    # -- as a player --------------------------------------------------------

    def _counts(self, view: NineHalfView) -> Counts:
        # The hard player counts every card it has seen; normal keeps a full deck in mind.
        return unseen_counts(view) if self.hard else FULL_DECK

    def _decision(self, view: NineHalfView) -> tuple[float, bool]:
        ranks = _ranks(view.my_cards)
        return player_decision(ranks, _dealer_up(view), self._counts(view), DEALER_STANDS)

    def _best_response(self, view: NineHalfView) -> BestResponse:
        top = min(view.limit, view.chips[view.seat] + view.bets[view.seat])
        lean = (self.personality.aggression - 0.5) * 0.5
        ante = max(view.antes[view.seat], 1)
        return BestResponse(
            _dealer_up(view), ante, max(top, 1), unseen_counts(view), lean, self.model_table
        )

    def _hit_or_stay(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        if Hit() not in legal:
            return Stay()
        ranks = _ranks(view.my_cards)
        if self.hard:
            # Solved against how our dealer really challenges (see BestResponse).
            hit_value, stand_value, hit = self._best_response(view).decide(ranks)
            stake = max(view.antes[view.seat], 1) + 1
            # Caution leans towards standing: a hit must beat standing by a margin.
            if hit and hit_value - stand_value <= (self.personality.caution - 0.5) * 0.3 * stake:
                hit = False
            return Hit() if hit else Stay()
        value, hit = self._decision(view)
        gain = value - self._stand_value(view, ranks)
        # Caution leans towards standing: a hit must beat standing by a margin.
        if hit and gain <= (self.personality.caution - 0.5) * 0.1:
            hit = False
        # Standing on a face-up J represents a possible Jack-Ten (seed advice):
        # when hitting is barely better, the bluff is worth more.
        bluffing = rng.random() < self.personality.bluff * 3
        if self.hard and hit and ranks[1:] == [JACK] and gain < 0.05 and bluffing:
            return Stay()
        return Hit() if hit else Stay()

    def _stand_value(self, view: NineHalfView, ranks: Sequence[int]) -> float:
        dealer = dealer_outcomes(_dealer_up(view), DEALER_STANDS, self._counts(view))
        return stay_value(hand_strength(ranks), dealer)

    def _bet(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        top = len(legal)
        aggression = self.personality.aggression - 0.5
        if self.hard:
            ranks = _ranks(view.my_cards)
            total = sum(halves(r) for r in ranks)
            jack_ten = sorted(ranks) == [TEN, JACK]
            br = self._best_response(view)
            up = total - halves(ranks[0])
            worth, bet = br.stand(total, up, len(ranks) - 1, jack_ten)
            bluffed = bet < top and rng.random() < self.personality.bluff
            if bluffed:
                bet = top  # represent a strong hand
            bet = max(1, min(bet, top))
            self.bet_numbers = {"worth": worth, "bluffed": bluffed,
                                **bet_odds(br, total, up, len(ranks) - 1, jack_ten, bet)}  # fmt: skip
            return Bet(bet)
        value = self._stand_value(view, _ranks(view.my_cards))
        # The character leans the value it bets on, and a bluffer shows more
        # than the level's own bluffs (steady and the default character: neither).
        fraction = _bet_fraction(value + NORMAL_LEAN * aggression, STRONG_EDGE - 0.2 * aggression)
        extra = self.personality.bluff - BASE_BLUFF
        if fraction == 0.0 and extra > 0 and rng.random() < extra:
            fraction = 0.5
        return Bet(_bet_amount(fraction, top))

    # -- as the dealer ------------------------------------------------------

    def _likelihood(self, view: NineHalfView, seat: int) -> Sequence[float]:
        """P(this player's hits, stay and bet | hole rank), for each rank.

        The hard dealer models a player as our hard player (a best response
        to how this dealer challenges, ``ninehalf_ai.br_likelihood``) or, with
        chance ``normal_share``, as a player who hits and bets by its cards
        like ``normal``; ``player_model = "normal"`` models only the latter.
        """
        normal = self._normal_likelihood(view, seat)
        if self.player_model == "normal":
            return normal
        top = min(view.limit, view.chips[seat] + view.bets[seat])
        tables = self.model_tables if self.model_tables is not None else shipped_mixture()
        best = mixture_likelihood(
            _dealer_up(view),
            view.antes[seat],
            top,
            tuple(_ranks(view.face_up[seat])),
            view.bets[seat],
            tables,
        )
        w = self.normal_share
        return [(1.0 - w) * b + w * n for b, n in zip(best, normal, strict=True)]

    def _normal_likelihood(self, view: NineHalfView, seat: int) -> list[float]:
        """P(hits, stay and bet | hole rank) for a player who plays like ``normal``."""
        ups = _ranks(view.face_up[seat])
        dealer_up = _dealer_up(view)
        top = min(view.limit, view.chips[seat] + view.bets[seat])
        out: list[float] = []
        for rank in range(2, 15):
            like = 1.0
            hand = [rank]
            for card in ups:
                like *= self._fits(player_decision(hand, dealer_up, FULL_DECK, DEALER_STANDS)[1])
                hand.append(card)
            up_total = sum(halves(r) for r in ups)
            forced = bool(ups) and (ups[-1] in (NINE, TEN) or up_total >= FORCED_STOP)
            value, hit = player_decision(hand, dealer_up, FULL_DECK, DEALER_STANDS)
            if not forced:
                like *= self._fits(not hit)
            stand = _stand_value_for(hand, dealer_up)
            expected = _bet_amount(_bet_fraction(stand, STRONG_EDGE), top)
            like *= 1.0 - SURPRISE if expected == view.bets[seat] else SURPRISE
            out.append(like)
        return out

    @staticmethod
    def _fits(matches: bool) -> float:
        return 1.0 - SURPRISE if matches else SURPRISE

    def _dealer(self, view: NineHalfView, legal: Sequence[Any]) -> Any:
        counts = unseen_counts(view)
        open_seats = tuple(a.seat for a in legal if isinstance(a, Challenge))
        d = _dealer_strength(view)
        values: dict[int, list[float]] = {}
        wins: dict[int, float] = {}
        for seat in open_seats:
            likelihood = self._likelihood(view, seat) if self.hard else None
            posterior = hole_posterior(counts, likelihood)
            stake = view.stakes[seat]
            values[seat] = challenge_values(posterior, _ranks(view.face_up[seat]), stake)
            wins[seat] = challenge_win(posterior, _ranks(view.face_up[seat]), d)
        size = sum(counts) or 1
        plan = DealerPlan(
            values,
            [n / size for n in counts],
            caution=(self.personality.caution - 0.5) * 0.5,
        )
        need = max(view.duty - view.challenges, 1 if view.must_challenge else 0)
        options: list[tuple[float, int, Any]] = []
        if Stop() in legal:
            options.append((0.0, 0, Stop()))
        if Draw() in legal:
            options.append((plan.draw_value(open_seats, d, need), 1, Draw()))
        for seat in open_seats:
            rest = tuple(s for s in open_seats if s != seat)
            value = values[seat][d] + plan.best(rest, d, max(need - 1, 0))
            options.append((value, 2, Challenge(seat)))
        # Highest value; on a tie challenge rather than draw, draw rather than stop.
        options.sort(key=lambda o: (-o[0], -o[1]))
        self.dealer_numbers = {
            "options": [(value, action) for value, _, action in options],
            "gains": {seat: values[seat][d] for seat in open_seats},
            "wins": wins,
            "need": need,
        }
        return options[0][2]


def bet_odds(
    br: BestResponse, total: int, up: int, up_cards: int, jack_ten: bool, bet: int
) -> dict[str, float]:
    """For a stand on this hand with ``bet``: the chance the dealer challenges it
    (``challenged``) and the chance such a challenge is won (``win``), read from the
    challenge table the bet was solved against."""
    buckets = bet_choices(br.top)
    bucket = min(range(len(buckets)), key=lambda i: abs(buckets[i] - bet))
    key = visible_key(br.dealer_up, min(up, BUST), min(up_cards, 2), bucket)
    profile = challenge_profile(key, br.table)
    cap = min(strength(total, jack_ten), NINE_HALF)
    challenged = sum(profile)
    won = sum(profile[: cap + 1])
    return {"challenged": challenged, "win": won / challenged if challenged else 0.0}


def ante_worth(view: NineHalfView, ante: int) -> float:
    """Chips a player expects over the deal after anting ``ante``: every dealer's up
    card and hole card the unseen cards may give, each hand then hit, stood and bet
    on as hard plays it (``BestResponse``); a dealer's 10 pays the ante back at once."""
    top = max(1, min(view.limit, view.chips[view.seat] - ante))
    return _ante_worth(unseen_counts(view), ante, top)


@lru_cache(maxsize=256)
def _ante_worth(counts: Counts, ante: int, top: int) -> float:
    size = sum(counts)
    if not size:
        return 0.0
    total = 0.0
    for i, n_up in enumerate(counts):
        if not n_up:
            continue
        if i + 2 == TEN:
            total += n_up * ante  # the dealer's 10 is bust: each ante is paid
            continue
        br = BestResponse(halves(i + 2), ante, top, counts)
        worth = 0.0
        for j, n in enumerate(counts):
            if n:
                hit, stand, _ = br.decide([j + 2])
                worth += n * max(hit, stand)
        total += n_up * worth / size
    return total / size


ANTES = (1, 2, 3)  # the antes a player weighs at the limit (the default house rule's)


def limit_worth(view: NineHalfView, limit: int) -> float:
    """Chips a hard player expects to win from the dealer a deal at ``limit``: the
    best of its antes (``ante_worth``), each hand played on as hard plays it."""
    counts = unseen_counts(view)
    return max(_ante_worth(counts, ante, limit) for ante in ANTES)


def _stand_value_for(ranks: Sequence[int], dealer_up: int) -> float:
    dealer = dealer_outcomes(dealer_up, DEALER_STANDS, FULL_DECK)
    return stay_value(hand_strength(ranks), dealer)


def make_player(level: str, personality: Personality | None = None) -> Player:
    """A Nine and a Half player for ``level``: random, easy, normal or hard."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    if level == "easy":
        return EasyNineHalfPlayer(level, personality)
    return ExpectedChipsPlayer(level, personality)
