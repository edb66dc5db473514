"""What Corellian Spike and Coruscant Shift share: the 62-card piles, seats,
the betting round with a table-stakes cap, and the actions.

Both engines follow game/rules/base.py.  A card drawn from the draw pile is a
chance step whose outcomes are the cards still in the pile (the pile is a
multiset: its order is unknown to everybody, so drawing "the top card" is
drawing a random one).  When the draw pile runs out it is refilled from the
discard pile except its top card (RULES.md §4.0).

Betting (RULES.md §4.2.3, §4.3.3): check or bet; once a bet is made, call,
raise or fold (Spike calls the fold "junk"); at most three raises a round;
no bet or raise may take the round's level above what the poorest player
still in can pay, so there are never side pots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import sabacc_events as ev
from . import spike_cards as kc
from .base import BETWEEN, CHANCE, TERMINAL, Event, rebuy_amount, seat_number, whole_number

MAX_RAISES = 3
UNLIMITED = 10**9  # the top of a bet-size range with no limit but the table stakes


def _capped(sizes: range, limit: int) -> range:
    return range(sizes.start, max(sizes.start, min(sizes.stop, limit + 1)), sizes.step)


# -- actions ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check:
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int  # the round's new level (chips put in)

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Call:
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Raise:
    amount: int  # how far above the current level

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Fold:
    """Spike's *junk* (the hand goes face up on the discard pile) and Coruscant's fold."""

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class Stand:
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Gain:
    """Spike: take the top draw-pile card, then keep it or discard it."""

    def __str__(self) -> str:
        return "gain"


@dataclass(frozen=True, slots=True)
class KeepGained:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class DiscardGained:
    def __str__(self) -> str:
        return "discard the gained card"


@dataclass(frozen=True, slots=True)
class SwapDraw:
    """Spike: put ``card`` face up on the discard pile, then take the top draw-pile card."""

    card: int

    def __str__(self) -> str:
        return f"swap {kc.code(self.card)} with the draw pile"


@dataclass(frozen=True, slots=True)
class SwapDiscard:
    """Spike: take the top discard, then put ``card`` (held before) face up."""

    card: int

    def __str__(self) -> str:
        return f"swap {kc.code(self.card)} with the discard pile"


@dataclass(frozen=True, slots=True)
class Select:
    """Coruscant: the cards placed face down in the selection (first selection),
    or the new cards added to it (second selection; may be empty)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "select " + (" ".join(kc.codes(self.cards)) or "nothing")


CHECK = Check()
CALL = Call()
FOLD = Fold()
STAND = Stand()
GAIN = Gain()
KEEP_GAINED = KeepGained()
DISCARD_GAINED = DiscardGained()


ACTION_TYPES: tuple[type, ...] = (
    Check, Bet, Call, Raise, Fold, Stand, Gain, KeepGained, DiscardGained, SwapDraw,
    SwapDiscard, Select,
)  # fmt: skip


def verify_form(action: object) -> None:
    """Is ``action`` a well-formed Spike or Coruscant action?  Whether it is legal *now*
    is the state's to say; this refuses what no moment allows: another game's action, a
    card number past the decks, a fractional or non-numeric amount, a selection that is
    not a tuple of cards.  ``ValueError`` naming the problem (``TypeError`` for a field of
    the wrong Python type)."""
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"{action!r} is not a Corellian Spike or Coruscant Shift action")
    if isinstance(action, SwapDraw | SwapDiscard):
        kc.check_card(action.card)
    elif isinstance(action, Bet):
        whole_number(action.amount, "a bet")
    elif isinstance(action, Raise):
        whole_number(action.amount, "a raise")
    elif isinstance(action, Select):
        if not isinstance(action.cards, tuple):
            raise TypeError(f"a selection is a tuple of cards, not {action.cards!r}")
        for card in action.cards:
            kc.check_card(card)


class ModernTable:
    """Seats, chips, piles and betting shared by the two engines."""

    num_seats: int
    chips: list[int]
    completed: int
    wins: list[int]
    deck: list[int]
    discards: list[int]
    hands: list[list[int]]
    in_match: list[bool]
    in_hand: list[bool]
    dealt_in: list[bool]
    dealer: int
    seat: int
    phase: str
    pending: list[int]
    chance: list[tuple[int, int]]
    level: int
    round_bets: list[int]
    raises: int
    log: list[Event]
    hand_no: int

    def _init_table(self, num_seats: int, chips: int, dealer: int) -> None:
        if not 2 <= num_seats <= 8:
            raise ValueError(f"this Sabacc is played by 2 to 8 players, not {num_seats}")
        if chips < 0:
            raise ValueError("starting chips cannot be negative")
        if not 0 <= dealer < num_seats:
            raise ValueError(f"no seat {dealer} to deal")
        self.num_seats = num_seats
        self.chips = [chips] * num_seats
        self.completed = 0
        self.wins = [0] * num_seats
        self.deck = kc.full_deck()
        self.discards = []
        self.hands = [[] for _ in range(num_seats)]
        self.in_match = [True] * num_seats
        self.in_hand = [False] * num_seats
        self.dealt_in = [False] * num_seats
        self.dealer = dealer
        self.seat = BETWEEN
        self.pending = []
        self.chance = []
        self.level = 0
        self.round_bets = [0] * num_seats
        self.raises = 0
        self.log = []
        self.hand_no = 0

    def _copy_table(self, new: ModernTable) -> None:
        new.num_seats = self.num_seats
        new.chips = self.chips[:]
        new.completed = self.completed
        new.wins = self.wins[:]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.hands = [h[:] for h in self.hands]
        new.in_match = self.in_match[:]
        new.in_hand = self.in_hand[:]
        new.dealt_in = self.dealt_in[:]
        new.dealer = self.dealer
        new.seat = self.seat
        new.phase = self.phase
        new.pending = self.pending[:]
        new.chance = self.chance[:]
        new.level = self.level
        new.round_bets = self.round_bets[:]
        new.raises = self.raises
        new.log = self.log[:]
        new.hand_no = self.hand_no

    # -- seats --------------------------------------------------------------------
    def to_act(self) -> int:
        return self.seat

    def _left_of(self, seat: int, among: Sequence[bool]) -> int:
        n = self.num_seats
        for step in range(1, n + 1):
            s = (seat + step) % n
            if among[s]:
                return s
        return seat

    def _order_from(self, first: int, among: Sequence[bool]) -> list[int]:
        n = self.num_seats
        return [(first + k) % n for k in range(n) if among[(first + k) % n]]

    def _players_in(self) -> list[int]:
        return [s for s in range(self.num_seats) if self.in_hand[s]]

    def _emit(self, events: list[Event], event: Event) -> None:
        events.append(event)
        self.log.append(event.for_seat(None))

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        seat = seat_number(seat, self.num_seats)
        amount = rebuy_amount(amount)
        if self.seat != BETWEEN:
            raise ValueError("re-buys happen only between hands")
        self.chips[seat] += amount
        self.in_match[seat] = True
        return [ev.Rebought(seat, amount)]

    def _betting_done(self, events: list[Event]) -> None:
        raise NotImplementedError  # each engine's step after a betting round

    def _betting_step(self, seat: int, action: object, events: list[Event]) -> None:
        """One betting action; when the round is over with two or more still in, the
        engine's next step (``_betting_done``), else the next seat to bet."""
        if self._apply_betting(seat, action, events):
            if self.seat >= 0 and sum(self.in_hand) >= 2:
                self._betting_done(events)
        elif self.seat >= 0:
            self.seat = self.pending[0]

    def _check_seat_to_act(self, action: object) -> int:
        """The seat to act, after checking the action's form (``verify_form``)."""
        verify_form(action)
        seat = self.seat
        if seat == TERMINAL:
            raise ValueError("the match is over")
        if seat == CHANCE:
            raise ValueError("a chance step is due (a card or the dice), not a player's move")
        if seat == BETWEEN:
            raise ValueError("no player is to act between hands")
        return seat

    # -- piles --------------------------------------------------------------------
    def _refill(self, events: list[Event]) -> None:
        """RULES.md §4.0: the discard pile except its top card becomes the draw pile."""
        if not self.deck and len(self.discards) > 1:
            top = self.discards[-1]
            self.deck = self.discards[:-1]
            self.discards = [top]
            self._emit(events, ev.DeckReshuffled(len(self.deck)))

    def _draw_outcomes(self) -> list[tuple[int, float]]:
        counts: dict[int, int] = {}
        for c in self.deck:
            counts[c] = counts.get(c, 0) + 1
        n = len(self.deck)
        if not n:
            raise ValueError("the draw pile and the discard pile are both empty")
        return [(c, k / n) for c, k in counts.items()]

    def _take(self, card: int) -> None:
        """Remove ``card`` from the draw pile (``ValueError`` when it is not there)."""
        try:
            i = self.deck.index(card)
        except ValueError:
            raise ValueError(f"card {kc.code(card)!r} is not in the draw pile") from None
        last = self.deck.pop()
        if i < len(self.deck):
            self.deck[i] = last

    def all_cards(self) -> list[int]:
        out = self.deck + self.discards
        for h in self.hands:
            out += h
        return out

    # -- betting ------------------------------------------------------------------
    def _bet_unit(self) -> int:
        return 1

    def _bet_sizes(self) -> range:
        """Chips a bet or a raise may add above the level (before the cap)."""
        raise NotImplementedError

    def _into_pot(self, seat: int, amount: int) -> None:
        raise NotImplementedError

    def _max_level(self) -> int:
        """Table stakes: the poorest player still in must be able to match."""
        return min(self.chips[s] + self.round_bets[s] for s in self._players_in())

    def _begin_betting(self, first: int, events: list[Event]) -> None:
        self.level = 0
        self.raises = 0
        self.round_bets = [0] * self.num_seats
        self.pending = self._order_from(first, self.in_hand)
        self.seat = self.pending[0]

    def _betting_actions(self, seat: int) -> list[object]:
        cap = self._max_level()
        if self.level == 0:
            out: list[object] = [CHECK]
            out += [Bet(n) for n in _capped(self._bet_sizes(), cap)]
            out.append(FOLD)
            return out
        out = []
        if self.round_bets[seat] < self.level:
            out.append(CALL)
        else:
            out.append(CHECK)
        if self.raises < MAX_RAISES:
            out += [Raise(n) for n in _capped(self._bet_sizes(), cap - self.level)]
        out.append(FOLD)
        return out

    def _apply_betting(self, seat: int, action: object, events: list[Event]) -> bool:
        """Apply a betting action; ``True`` when the betting round is over."""
        cap = self._max_level()
        if isinstance(action, Check):
            if self.round_bets[seat] < self.level:
                raise ValueError("you cannot check facing a bet: call, raise or fold")
            self.pending.pop(0)
            self._emit(events, ev.Checked(seat))
        elif isinstance(action, Bet):
            if self.level:
                raise ValueError("a bet is already made: call, raise or fold")
            if action.amount not in self._bet_sizes():
                raise ValueError(self._size_rule("bet", action.amount))
            if action.amount > cap:
                raise ValueError(
                    f"a bet of {action.amount} is more than the poorest player still in "
                    f"can pay ({cap}): no side pots"
                )
            self.level = action.amount
            self._pay_bet(seat, action.amount)
            self._emit(events, ev.BetPlaced(seat, action.amount))
            self._reopen(seat)
        elif isinstance(action, Call):
            if self.round_bets[seat] >= self.level:
                raise ValueError("there is no bet to call: check or bet")
            amount = self.level - self.round_bets[seat]
            self._pay_bet(seat, amount)
            self.pending.pop(0)
            self._emit(events, ev.Called(seat, amount))
        elif isinstance(action, Raise):
            if not self.level:
                raise ValueError("nothing to raise: open with a bet")
            if self.raises >= MAX_RAISES:
                raise ValueError(f"at most {MAX_RAISES} raises a betting round")
            if action.amount not in self._bet_sizes():
                raise ValueError(self._size_rule("raise", action.amount))
            if self.level + action.amount > cap:
                raise ValueError(
                    f"a raise to {self.level + action.amount} is more than the poorest "
                    f"player still in can pay ({cap}): no side pots"
                )
            self.level += action.amount
            self.raises += 1
            amount = self.level - self.round_bets[seat]
            self._pay_bet(seat, amount)
            self._emit(events, ev.Raised(seat, amount, self.level))
            self._reopen(seat)
        elif isinstance(action, Fold):
            self.pending.pop(0)
            self._fold(seat, events)
        else:
            raise ValueError(f"{action} is not a betting action")
        return not self.pending or sum(self.in_hand) < 2

    def _size_rule(self, what: str, amount: int) -> str:
        sizes = self._bet_sizes()
        if sizes.stop > UNLIMITED // 2:
            return f"a {what} of {amount} is not allowed: {what}s are at least {sizes.start}"
        return (
            f"a {what} of {amount} is not allowed: {what}s are {sizes.start} to "
            f"{sizes.stop - 1}" + (f" in steps of {sizes.step}" if sizes.step > 1 else "")
        )

    def _pay_bet(self, seat: int, amount: int) -> None:
        self.chips[seat] -= amount
        self.round_bets[seat] += amount
        self._into_pot(seat, amount)

    def _reopen(self, seat: int) -> None:
        self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]

    def _fold(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError
