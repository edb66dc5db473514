"""Nine and a Half (九点半) — the engine for RULES.md §3.

One dealer plays against every other player at the table, one by one.  A
*match* is a sequence of *deals*; the dealer's seat rotates every
``rotate_every`` deals (or never, with ``permanent_dealer``).

Flow of one deal (``phase`` names in brackets)::

    [limit]  the new dealer chooses the limit for their whole turn (option)
    [ante]   from the dealer's left: Ante(1..3) or SitOut()
    [deal]   CHANCE: one face-down card per anted player, then the dealer's
             face-up card.  A dealer's 10 is a bust: antes are paid, deal over.
    [hit]    from the dealer's left: Hit() (a face-up card) or Stay()
    [bet]    from the dealer's left: Bet(1..limit)
    [dealer] the dealer: Draw(), Challenge(seat) or Stop()

then ``to_act() == BETWEEN`` until ``start_next()``.

Card values are kept in *half points* (an Ace is 2, a Jack 1, a Nine 18) so
that no float ever decides a hand; floats appear only at the edges
(``HandValue.points``).

Readings of points RULES.md leaves open (also stated where they apply):

* A player must be able to ante *and* bet 1, so a seat needs 2 chips to play
  (``can_continue``) and may ante at most ``chips - 1``.  A bet is capped by
  the chips the player has left after the ante (and by the limit).
* The limit does not grow with a bigger ante (seed: "アンティを余計出しても
  リミットが変わるわけではありません").
* A player whose hidden card makes them bust may go on hitting: stopping them
  would tell the dealer what the face-down card is.
* A dealer who busts by drawing still owes their challenge duties (at least
  ⌊n/2⌋ challenges, and one more after any draw); being bust they lose every
  challenge, since busts are equal and ties go to the player.
* A dealer who cannot pay pays what they have left; challenges are settled
  one at a time in the order the dealer makes them (and a dealer's 10
  up-card pays antes from the dealer's left), so a broke dealer short-pays
  whoever comes last.
* Each deal is played from a freshly shuffled deck.  When the deck runs out
  nobody can Hit or Draw any more.
* After a deal the state is BETWEEN; ``start_next()`` moves to TERMINAL when
  fewer than two seats can continue, so a driver may ``rebuy()`` first.

Example — a stacked deal, three players, seat 0 deals::

    >>> s = new_game(3, NineHalfOptions(dealer_sets_limit=False))
    >>> _ = s.apply(Ante(1)); _ = s.apply(Ante(1))
    >>> for code in ("9S", "5H", "QD"):
    ...     _ = s.apply_chance(code)
    >>> _ = s.apply(Stay()); _ = s.apply(Stay())
    >>> _ = s.apply(Bet(3)); _ = s.apply(Bet(1))
    >>> _ = s.apply(Challenge(2))  # dealer's Q (0.5) vs seat 2's 5: seat 2 wins 2
    >>> _ = s.apply(Stop())  # duty met (1 of 2); seat 1 takes back ante and bet
    >>> s.chips
    [38, 40, 42]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

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

MIN_PLAYERS = 3
MAX_PLAYERS = 20  # two decks above 10 players (RULES §3)

# Phases of a deal, as exposed in views.
LIMIT = "limit"
ANTE = "ante"
DEAL = "deal"
HIT = "hit"
BET = "bet"
DEALER = "dealer"
PHASE_BETWEEN = "between"
PHASE_TERMINAL = "terminal"

BUST_HALVES = 20  # a total of 10 points or more is bust
NINE_HALF = 19  # 9½ in half points
FORCED_STOP_HALVES = 18  # a face-up total of 9 or more ends the drawing

_JACK, _TEN, _NINE = 11, 10, 9


def _halves_of(card: int) -> int:
    rank = cards52.rank_of(card)
    if rank == 14:  # the Ace counts 1
        return 2
    if rank >= 11:  # J Q K count ½
        return 1
    return rank * 2


_HALVES: tuple[int, ...] = tuple(_halves_of(c) for c in range(52))

# Strength of a hand for a challenge: bigger is better, busts are all 0.
_JACK_TEN_STRENGTH = 21  # above any 9½: it is a player's hand that beats them all


def _total(cards: Sequence[int]) -> int:
    return sum(_HALVES[c] for c in cards)


def _is_jack_ten(cards: Sequence[int]) -> bool:
    if len(cards) != 2:
        return False
    ranks = sorted(cards52.rank_of(c) for c in cards)
    return ranks == [_TEN, _JACK]


def _strength(cards: Sequence[int], dealer: bool) -> int:
    """0 for a bust, the total in half points otherwise; Jack-Ten above all."""
    if not dealer and _is_jack_ten(cards):
        return _JACK_TEN_STRENGTH
    total = _total(cards)
    return 0 if total >= BUST_HALVES else total


def _kind(cards: Sequence[int], dealer: bool) -> str:
    strength = _strength(cards, dealer)
    if strength == _JACK_TEN_STRENGTH:
        return "jack-ten"
    if strength == 0:
        return "bust"
    if strength == NINE_HALF and not dealer:
        return "natural"
    return "normal"


def _player_gain(dealer: Sequence[int], player: Sequence[int], stake: int) -> int:
    """Chips the player gains from the dealer for ``stake`` = ante + bet."""
    player_strength = _strength(player, dealer=False)
    if player_strength >= _strength(dealer, dealer=True):  # ties go to the player
        doubled = player_strength in (NINE_HALF, _JACK_TEN_STRENGTH)
        return stake * 2 if doubled else stake
    return -stake


# ---------------------------------------------------------------------------
# Public pure functions (CONTRACT §2)


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a hand is worth.  ``kind``: jack-ten | natural | normal | bust."""

    kind: str
    points: float  # the plain total (J + 10 -> 10.5)
    strength: int  # for comparing: bust 0, else half points; Jack-Ten 21


def hand_value(codes: Sequence[str], dealer: bool = False) -> HandValue:
    """Value of a hand of card codes; the dealer has no Natural or Jack-Ten.

    >>> hand_value(["JS", "TD"]).kind, hand_value(["JS", "TD"], dealer=True).kind
    ('jack-ten', 'bust')
    """
    cards = cards52.parse_all(codes)
    if not cards:
        raise ValueError("a hand needs at least one card")
    return HandValue(_kind(cards, dealer), _total(cards) / 2, _strength(cards, dealer))


def settle(dealer: Sequence[str], player: Sequence[str], ante: int = 1, bet: int = 1) -> int:
    """Chips the player gains from the dealer in a challenge (negative: loses).

    >>> settle(dealer=["9S", "QH"], player=["5C", "4D", "JS"], ante=1, bet=3)
    8
    """
    dealer_cards = cards52.parse_all(dealer)
    player_cards = cards52.parse_all(player)
    if not dealer_cards or not player_cards:
        raise ValueError("a challenge needs a card in each hand")
    if ante < 0 or bet < 0:
        raise ValueError("ante and bet cannot be negative")
    return _player_gain(dealer_cards, player_cards, ante + bet)


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True, slots=True)
class NineHalfOptions:
    """House rules of Nine and a Half; every field is a switch on the rules screen."""

    rotate_every: int = 3  # deals per dealer's turn before the deal passes left
    permanent_dealer: bool = False  # the dealer never changes (unless out of chips)
    limit: int = 10  # the limit when the dealer does not choose one
    dealer_sets_limit: bool = True  # the dealer picks the limit when their turn starts
    limit_choices: tuple[int, ...] = (5, 10, 15, 20)  # what the dealer may pick
    max_ante: int = 3  # a player antes 1..max_ante
    allow_sit_out: bool = True  # a player may skip a deal (not dealt in)
    decks: int = 0  # 1 or 2 decks; 0 = one deck up to 10 players, two above

    def __post_init__(self) -> None:
        if self.rotate_every < 1:
            raise ValueError("rotate_every must be at least 1")
        if self.limit < 1 or any(c < 1 for c in self.limit_choices):
            raise ValueError("a limit must be at least 1")
        if self.dealer_sets_limit and not self.limit_choices:
            raise ValueError("the dealer needs at least one limit to choose from")
        if self.max_ante < 1:
            raise ValueError("max_ante must be at least 1")
        if self.decks not in (0, 1, 2):
            raise ValueError("decks must be 0 (automatic), 1 or 2")


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class SetLimit:
    limit: int


@dataclass(frozen=True, slots=True)
class Ante:
    amount: int


@dataclass(frozen=True, slots=True)
class SitOut:
    pass


@dataclass(frozen=True, slots=True)
class Hit:
    pass


@dataclass(frozen=True, slots=True)
class Stay:
    pass


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int


@dataclass(frozen=True, slots=True)
class Challenge:
    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class Stop:
    pass


Action = SetLimit | Ante | SitOut | Hit | Stay | Bet | Challenge | Draw | Stop
ACTION_TYPES: tuple[type, ...] = Action.__args__


def verify_form(action: object) -> None:
    """Is ``action`` a well-formed Nine and a Half action?  Whether it is legal
    now is the state's to say; this refuses what no moment allows: another
    game's action, a fractional or non-numeric limit, ante, bet or seat."""
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"{action!r} is not a Nine and a Half action")
    if isinstance(action, SetLimit):
        whole_number(action.limit, "a limit")
    elif isinstance(action, Ante):
        whole_number(action.amount, "an ante")
    elif isinstance(action, Bet):
        whole_number(action.amount, "a bet")
    elif isinstance(action, Challenge):
        whole_number(action.seat, "a challenged seat")


# ---------------------------------------------------------------------------
# Events (card fields are text codes)


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    deal: int  # 1-based number of the deal in the match
    dealer: int
    dealer_deal: int  # 1..rotate_every within the dealer's turn


@dataclass(frozen=True, slots=True)
class LimitSet(Event):
    seat: int
    limit: int


@dataclass(frozen=True, slots=True)
class Anted(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class SatOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class HoleCardDealt(Event):
    """The face-down card; only its owner sees ``card``."""

    _private = ("card",)
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class DealerCardDealt(Event):
    seat: int  # the dealer
    card: str
    total: float
    bust: bool


@dataclass(frozen=True, slots=True)
class DealerTenBust(Event):
    """The dealer's up-card is a 10: every player is paid their ante."""

    seat: int  # the dealer
    paid: tuple[tuple[int, int], ...]  # (player seat, chips paid)


@dataclass(frozen=True, slots=True)
class HitTaken(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class UpCardDealt(Event):
    seat: int
    card: str
    face_up_total: float


@dataclass(frozen=True, slots=True)
class Stayed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DrawingEnded(Event):
    """A player's drawing was ended by the rules, not by choice."""

    seat: int
    reason: str  # "nine-or-ten" | "face-up-nine"


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealerDrew(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class ChallengeSettled(Event):
    """A challenge: the player's face-down card is shown and chips move."""

    seat: int  # the challenged player
    dealer: int
    hole_card: str
    player_kind: str
    player_points: float
    dealer_kind: str
    dealer_points: float
    player_wins: bool
    amount: int  # chips the player gained (negative: lost), after any short-pay


@dataclass(frozen=True, slots=True)
class DealerStopped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class StakeReturned(Event):
    """An unchallenged player takes back their ante and bet."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    deal: int
    net: tuple[int, ...]  # chips won (or lost) by each seat in this deal
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rebought(Event):
    seat: int
    amount: int


# ---------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class NineHalfView:
    """Everything one seat may know, and nothing more."""

    seat: int
    num_seats: int
    dealer: int
    phase: str
    to_act: int
    limit: int
    dealer_deal: int  # deals already played in this dealer's turn
    rotate_every: int
    completed: int
    chips: tuple[int, ...]
    stakes: tuple[int, ...]  # ante + bet still on the table per seat
    antes: tuple[int, ...]  # 0: not in this deal
    bets: tuple[int, ...]
    in_deal: tuple[bool, ...]
    face_down: tuple[str | None, ...]  # own card, and cards shown by challenges
    face_up: tuple[tuple[str, ...], ...]  # each player's hits
    dealer_cards: tuple[str, ...]
    challenged: tuple[bool, ...]
    results: tuple[int | None, ...]  # chips each challenged player gained
    duty: int  # challenges the dealer owes this deal
    challenges: int  # challenges made so far
    must_challenge: bool  # the dealer drew since their last challenge
    deck_left: int

    @property
    def my_cards(self) -> tuple[str, ...]:
        """This seat's own hand: the dealer's face-up cards, or hole + hits."""
        if self.seat == self.dealer:
            return self.dealer_cards
        hole = self.face_down[self.seat]
        if hole is None:
            return ()
        return (hole, *self.face_up[self.seat])


# ---------------------------------------------------------------------------
# The state


class NineHalfState:
    """A whole match of Nine and a Half (see the module docstring)."""

    def __init__(
        self,
        num_players: int,
        options: NineHalfOptions,
        chips: Sequence[int],
        dealer: int,
    ) -> None:
        self.num_seats = num_players
        self.options = options
        self.decks = options.decks or (2 if num_players > 10 else 1)
        self.chips = list(chips)
        self.completed = 0
        self.wins = [0] * num_players
        self.dealer = dealer
        self.dealer_deals = 0  # deals finished in the current dealer's turn
        self.limit = options.limit
        self.limit_chosen = False
        self._reset_deal()

    # -- set-up ------------------------------------------------------------

    def _reset_deal(self) -> None:
        n = self.num_seats
        self.phase = ANTE
        self.deck: list[int] = cards52.full_deck(self.decks)
        self.start_chips = list(self.chips)
        self.order: list[int] = []  # seats asked in this phase, from dealer's left
        self.cursor = 0
        self.pending = False  # a card is owed to the seat acting (chance)
        self.deal_queue: list[int] = []
        self.antes = [0] * n
        self.bets = [0] * n
        self.stakes = [0] * n
        self.in_deal = [False] * n
        self.hole: list[int | None] = [None] * n
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.dealer_cards: list[int] = []
        self.challenged = [False] * n
        self.results: list[int | None] = [None] * n
        self.challenges = 0
        self.duty = 0
        self.owes_challenge = False

    def _from_left(self, seats: Sequence[int]) -> list[int]:
        """``seats`` (never the dealer) in play order, starting at the dealer's left."""
        n = self.num_seats
        return sorted(seats, key=lambda s: (s - self.dealer - 1) % n)

    def _begin_deal(self) -> list[Event]:
        self._reset_deal()
        events: list[Event] = [DealStarted(self.completed + 1, self.dealer, self.dealer_deals + 1)]
        if not self.limit_chosen and not self.options.dealer_sets_limit:
            self.limit = self.options.limit
            self.limit_chosen = True
        if not self.limit_chosen:
            self.phase = LIMIT
        else:
            self._begin_antes()
        return events

    def _begin_antes(self) -> None:
        self.phase = ANTE
        candidates = [s for s in range(self.num_seats) if s != self.dealer and self.can_continue(s)]
        self.order = self._from_left(candidates)
        self.cursor = 0

    # -- protocol ----------------------------------------------------------

    def to_act(self) -> int:
        phase = self.phase
        if phase == LIMIT:
            return self.dealer
        if phase == ANTE:
            return self.order[self.cursor]
        if phase == DEAL:
            return CHANCE
        if phase in (HIT, BET):
            return CHANCE if self.pending else self.order[self.cursor]
        if phase == DEALER:
            return CHANCE if self.pending else self.dealer
        if phase == PHASE_BETWEEN:
            return BETWEEN
        return TERMINAL

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == LIMIT:
            return [SetLimit(x) for x in self.options.limit_choices]
        if phase == ANTE:
            seat = self.order[self.cursor]
            top = min(self.options.max_ante, self.chips[seat] - 1)
            acts: list[Action] = [Ante(a) for a in range(1, top + 1)]
            if self.options.allow_sit_out:
                acts.append(SitOut())
            return acts
        if self.pending:
            return []
        if phase == HIT:
            return [Hit(), Stay()] if self.deck else [Stay()]
        if phase == BET:
            seat = self.order[self.cursor]
            return [Bet(b) for b in range(1, self._max_bet(seat) + 1)]
        if phase == DEALER:
            open_seats = [s for s in self.order if not self.challenged[s]]
            acts = [Challenge(s) for s in open_seats]
            if self._can_draw():
                acts.append(Draw())
            if self._can_stop():
                acts.append(Stop())
            return acts
        return []

    def _max_bet(self, seat: int) -> int:
        return min(self.limit, self.chips[seat])

    def _dealer_bust(self) -> bool:
        return _total(self.dealer_cards) >= BUST_HALVES

    def _can_draw(self) -> bool:
        # Drawing is pointless (and the after-draw duty impossible) once every
        # player has been challenged, so it is not offered then.
        return (
            not self._dealer_bust()
            and bool(self.deck)
            and any(not self.challenged[s] for s in self.order)
        )

    def _can_stop(self) -> bool:
        return self.challenges >= self.duty and not self.owes_challenge

    def apply(self, action: Action) -> list[Event]:
        """Perform ``action`` for the seat to act; ``ValueError`` if illegal."""
        verify_form(action)
        phase = self.phase
        if phase == LIMIT:
            return self._apply_limit(action)
        if phase == ANTE:
            return self._apply_ante(action)
        if phase in (DEAL, PHASE_BETWEEN, PHASE_TERMINAL) or self.pending:
            raise ValueError(f"no seat acts now (phase {phase}): {action!r} is not allowed")
        if phase == HIT:
            return self._apply_hit(action)
        if phase == BET:
            return self._apply_bet(action)
        return self._apply_dealer(action)

    def _apply_limit(self, action: Action) -> list[Event]:
        if not isinstance(action, SetLimit):
            raise ValueError(f"the dealer must set the limit first, not {action!r}")
        if action.limit not in self.options.limit_choices:
            raise ValueError(
                f"limit {action.limit} is not one of the table's limits "
                f"{list(self.options.limit_choices)}"
            )
        self.limit = action.limit
        self.limit_chosen = True
        self._begin_antes()
        return [LimitSet(self.dealer, action.limit)]

    def _apply_ante(self, action: Action) -> list[Event]:
        seat = self.order[self.cursor]
        events: list[Event]
        if isinstance(action, SitOut):
            if not self.options.allow_sit_out:
                raise ValueError("sitting out is not allowed at this table")
            events = [SatOut(seat)]
        elif isinstance(action, Ante):
            top = min(self.options.max_ante, self.chips[seat] - 1)
            if not 1 <= action.amount <= top:
                raise ValueError(
                    f"ante must be 1 to {top} (at most {self.options.max_ante}, "
                    f"keeping a chip for the bet): {action.amount}"
                )
            self.chips[seat] -= action.amount
            self.stakes[seat] += action.amount
            self.antes[seat] = action.amount
            self.in_deal[seat] = True
            events = [Anted(seat, action.amount)]
        else:
            raise ValueError(f"each player antes or sits out now, not {action!r}")
        self.cursor += 1
        if self.cursor < len(self.order):
            return events
        players = [s for s in self.order if self.in_deal[s]]
        if not players:  # everybody sat out: nothing to play
            return events + self._finish_deal()
        self.order = players
        self.duty = len(players) // 2
        self.phase = DEAL
        self.deal_queue = [*players, self.dealer]
        return events

    def _apply_hit(self, action: Action) -> list[Event]:
        seat = self.order[self.cursor]
        if isinstance(action, Stay):
            return [Stayed(seat), *self._next_hitter()]
        if isinstance(action, Hit):
            if not self.deck:
                raise ValueError("the deck is empty: no more cards can be dealt")
            self.pending = True
            return [HitTaken(seat)]
        raise ValueError(f"player {seat} may hit or stay now, not {action!r}")

    def _next_hitter(self) -> list[Event]:
        self.cursor += 1
        if self.cursor >= len(self.order):
            self.phase = BET
            self.cursor = 0
        return []

    def _apply_bet(self, action: Action) -> list[Event]:
        seat = self.order[self.cursor]
        if not isinstance(action, Bet):
            raise ValueError(f"player {seat} must bet now, not {action!r}")
        top = self._max_bet(seat)
        if action.amount < 1:
            raise ValueError(f"every player bets at least 1, even when bust: {action.amount}")
        if action.amount > self.limit:
            raise ValueError(f"bet {action.amount} is above the limit of {self.limit}")
        if action.amount > top:
            raise ValueError(f"bet {action.amount} is more than the {top} chips player {seat} has")
        self.chips[seat] -= action.amount
        self.stakes[seat] += action.amount
        self.bets[seat] = action.amount
        self.cursor += 1
        if self.cursor >= len(self.order):
            self.phase = DEALER
        return [BetPlaced(seat, action.amount)]

    def _apply_dealer(self, action: Action) -> list[Event]:
        if isinstance(action, Challenge):
            seat = action.seat
            if not (0 <= seat < self.num_seats and self.in_deal[seat]):
                raise ValueError(f"seat {seat} is not a player in this deal")
            if self.challenged[seat]:
                raise ValueError(f"player {seat} has already been challenged")
            events = self._settle_challenge(seat)
            if all(self.challenged[s] for s in self.order):
                events += self._finish_deal()
            return events
        if isinstance(action, Draw):
            if self._dealer_bust():
                raise ValueError("the dealer is bust and may not draw again")
            if not self.deck:
                raise ValueError("the deck is empty: no more cards can be dealt")
            if not self._can_draw():
                raise ValueError("every player has been challenged: nothing to draw for")
            self.pending = True
            # RULES §3: the dealer never draws and then stops without a challenge.
            self.owes_challenge = True
            return [DealerDrew(self.dealer)]
        if isinstance(action, Stop):
            if self.challenges < self.duty:
                raise ValueError(
                    f"the dealer must challenge at least {self.duty} of the "
                    f"{len(self.order)} players (half, rounded down) before stopping; "
                    f"{self.challenges} so far"
                )
            if self.owes_challenge:
                raise ValueError(
                    "a dealer who draws must challenge at least one more player before stopping"
                )
            return [DealerStopped(self.dealer), *self._finish_deal()]
        raise ValueError(f"the dealer may draw, challenge or stop now, not {action!r}")

    def _settle_challenge(self, seat: int) -> list[Event]:
        hole = self.hole[seat]
        assert hole is not None
        player_cards = [hole, *self.up[seat]]
        stake = self.stakes[seat]
        gain = _player_gain(self.dealer_cards, player_cards, stake)
        self.stakes[seat] = 0
        if gain >= 0:
            paid = min(gain, self.chips[self.dealer])  # a broke dealer pays what they have
            self.chips[self.dealer] -= paid
            self.chips[seat] += stake + paid
            amount = paid
        else:
            self.chips[self.dealer] += stake
            amount = -stake
        self.challenged[seat] = True
        self.results[seat] = amount
        self.challenges += 1
        self.owes_challenge = False
        player_value = _value(player_cards, dealer=False)
        dealer_value = _value(self.dealer_cards, dealer=True)
        return [
            ChallengeSettled(
                seat=seat,
                dealer=self.dealer,
                hole_card=cards52.code(hole),
                player_kind=player_value.kind,
                player_points=player_value.points,
                dealer_kind=dealer_value.kind,
                dealer_points=dealer_value.points,
                player_wins=gain >= 0,
                amount=amount,
            )
        ]

    def _finish_deal(self) -> list[Event]:
        events: list[Event] = []
        for seat in self.order:
            if self.stakes[seat]:  # never challenged: ante and bet go back
                events.append(StakeReturned(seat, self.stakes[seat]))
                self.chips[seat] += self.stakes[seat]
                self.stakes[seat] = 0
        net = tuple(c - s for c, s in zip(self.chips, self.start_chips, strict=True))
        for seat, gained in enumerate(net):
            if gained > 0:
                self.wins[seat] += 1
        self.completed += 1
        self.dealer_deals += 1
        self.phase = PHASE_BETWEEN
        self.pending = False
        events.append(DealEnded(self.completed, net, tuple(self.chips)))
        return events

    # -- chance ------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.to_act() != CHANCE:
            return []
        counts = Counter(self.deck)
        size = len(self.deck)
        return [(card, counts[card] / size) for card in sorted(counts)]

    def sample_chance(self, rng: random.Random) -> list[Event]:
        return self.apply_chance(self.sample_outcome(rng))

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.to_act() != CHANCE:
            raise ValueError("no card is due now")
        return self.deck[rng.randrange(len(self.deck))]

    def apply_chance(self, outcome: int | str) -> list[Event]:
        """Deal ``outcome`` (a card int or a code such as ``"9S"``) where one is due.

        Tests stack the deck by choosing the cards here.
        """
        card = cards52.check_card(outcome)
        if self.to_act() != CHANCE:
            raise ValueError(f"no card is due now; cannot deal {cards52.code(card)}")
        if card not in self.deck:
            raise ValueError(f"card {cards52.code(card)} is not in the deck")
        self.deck.remove(card)
        if self.phase == DEAL:
            return self._deal_card(card)
        self.pending = False
        if self.phase == HIT:
            return self._hit_card(card)
        return self._dealer_card(card)

    def _deal_card(self, card: int) -> list[Event]:
        seat = self.deal_queue.pop(0)
        if seat != self.dealer:
            self.hole[seat] = card
            return [HoleCardDealt(seat, cards52.code(card))]
        self.dealer_cards.append(card)
        ten = cards52.rank_of(card) == _TEN
        events: list[Event] = [DealerCardDealt(seat, cards52.code(card), _HALVES[card] / 2, ten)]
        if ten:
            # RULES §3: a dealer's 10 up-card is a bust and the players win at
            # once — only their antes, no bets are made.
            paid: list[tuple[int, int]] = []
            for player in self.order:
                pay = min(self.antes[player], self.chips[self.dealer])
                self.chips[self.dealer] -= pay
                self.chips[player] += pay
                paid.append((player, pay))
            events.append(DealerTenBust(self.dealer, tuple(paid)))
            return events + self._finish_deal()
        self.phase = HIT
        self.cursor = 0
        return events

    def _hit_card(self, card: int) -> list[Event]:
        seat = self.order[self.cursor]
        self.up[seat].append(card)
        up_total = _total(self.up[seat])
        events: list[Event] = [UpCardDealt(seat, cards52.code(card), up_total / 2)]
        rank = cards52.rank_of(card)
        if rank in (_NINE, _TEN):
            events.append(DrawingEnded(seat, "nine-or-ten"))
            events += self._next_hitter()
        elif up_total >= FORCED_STOP_HALVES:
            events.append(DrawingEnded(seat, "face-up-nine"))
            events += self._next_hitter()
        return events

    def _dealer_card(self, card: int) -> list[Event]:
        self.dealer_cards.append(card)
        total = _total(self.dealer_cards)
        return [DealerCardDealt(self.dealer, cards52.code(card), total / 2, total >= BUST_HALVES)]

    # -- between deals -----------------------------------------------------

    def can_continue(self, seat: int) -> bool:
        """A seat plays on with at least 2 chips: an ante of 1 and a bet of 1."""
        return self.chips[seat] >= 2

    def start_next(self) -> list[Event]:
        if self.phase != PHASE_BETWEEN:
            raise ValueError(f"the deal is not over (phase {self.phase})")
        if sum(1 for s in range(self.num_seats) if self.can_continue(s)) < 2:
            self.phase = PHASE_TERMINAL
            return [MatchOver(tuple(self.chips))]
        rotate = not self.options.permanent_dealer and (
            self.dealer_deals >= self.options.rotate_every
        )
        if rotate or not self.can_continue(self.dealer):
            self.dealer = self._next_dealer()
            self.dealer_deals = 0
            self.limit_chosen = False  # a new dealer sets their own limit
        return self._begin_deal()

    def _next_dealer(self) -> int:
        for step in range(1, self.num_seats + 1):
            seat = (self.dealer + step) % self.num_seats
            if self.can_continue(seat):
                return seat
        return self.dealer

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        seat = seat_number(seat, self.num_seats)
        amount = rebuy_amount(amount)
        if self.phase not in (PHASE_BETWEEN, PHASE_TERMINAL):
            raise ValueError("re-buys happen only between deals")
        self.chips[seat] += amount
        self.start_chips[seat] += amount
        return [Rebought(seat, amount)]

    # -- what seats may know -----------------------------------------------

    def view(self, seat: int) -> NineHalfView:
        seat = seat_number(seat, self.num_seats)
        code = cards52.code
        face_down = tuple(
            code(card) if card is not None and (s == seat or self.challenged[s]) else None
            for s, card in enumerate(self.hole)
        )
        return NineHalfView(
            seat=seat,
            num_seats=self.num_seats,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            limit=self.limit,
            dealer_deal=self.dealer_deals,
            rotate_every=self.options.rotate_every,
            completed=self.completed,
            chips=tuple(self.chips),
            stakes=tuple(self.stakes),
            antes=tuple(self.antes),
            bets=tuple(self.bets),
            in_deal=tuple(self.in_deal),
            face_down=face_down,
            face_up=tuple(tuple(code(c) for c in cards) for cards in self.up),
            dealer_cards=tuple(code(c) for c in self.dealer_cards),
            challenged=tuple(self.challenged),
            results=tuple(self.results),
            duty=self.duty,
            challenges=self.challenges,
            must_challenge=self.owes_challenge,
            deck_left=len(self.deck),
        )

    # -- checks and copies -------------------------------------------------

    def total_chips(self) -> int:
        """Chips in stacks plus chips on the table: constant except for re-buys."""
        return sum(self.chips) + sum(self.stakes)

    def cards_in_play(self) -> list[int]:
        """Every dealt card plus the deck: always the full deck(s)."""
        dealt = [c for c in self.hole if c is not None]
        for cards in self.up:
            dealt.extend(cards)
        return dealt + self.dealer_cards + self.deck

    def clone(self) -> NineHalfState:
        other = object.__new__(NineHalfState)
        other.__dict__.update(self.__dict__)
        other.chips = list(self.chips)
        other.wins = list(self.wins)
        other.deck = list(self.deck)
        other.start_chips = list(self.start_chips)
        other.order = list(self.order)
        other.deal_queue = list(self.deal_queue)
        other.antes = list(self.antes)
        other.bets = list(self.bets)
        other.stakes = list(self.stakes)
        other.in_deal = list(self.in_deal)
        other.hole = list(self.hole)
        other.up = [list(cards) for cards in self.up]
        other.dealer_cards = list(self.dealer_cards)
        other.challenged = list(self.challenged)
        other.results = list(self.results)
        return other


def _value(cards: Sequence[int], dealer: bool) -> HandValue:
    return HandValue(_kind(cards, dealer), _total(cards) / 2, _strength(cards, dealer))


def new_game(
    num_players: int,
    options: NineHalfOptions | None = None,
    chips: int | Sequence[int] = 40,
    dealer: int = 0,
) -> NineHalfState:
    """A match of ``num_players`` seats (the dealer among them), first deal ready.

    ``chips`` is every seat's stack (RULES: 30-50, default 40), or one stack
    per seat when the dealer takes more.
    """
    opts = options or NineHalfOptions()
    num_players = whole_number(num_players, "the number of players")
    dealer = whole_number(dealer, "the dealer's seat")
    top = 10 if opts.decks == 1 else MAX_PLAYERS  # one deck holds 10 players at most
    if not MIN_PLAYERS <= num_players <= top:
        raise ValueError(f"Nine and a Half needs {MIN_PLAYERS} to {top} players: {num_players}")
    stacks = [chips] * num_players if isinstance(chips, int) else list(chips)
    stacks = [whole_number(c, "a starting stack") for c in stacks]
    if len(stacks) != num_players:
        raise ValueError(f"{len(stacks)} stacks given for {num_players} seats")
    if any(c < 2 for c in stacks):
        raise ValueError("every seat needs at least 2 chips (an ante and a bet)")
    if not 0 <= dealer < num_players:
        raise ValueError(f"no seat {dealer} to deal")
    state = NineHalfState(num_players, opts, stacks, dealer)
    state._begin_deal()
    return state
