"""The Sabacc engine: Classic Sabacc (RULES.md §1.2-1.4) and its options.

A :class:`SabaccState` is a whole match.  It follows game/rules/base.py:
``to_act()`` names the seat to move (or CHANCE / BETWEEN / TERMINAL),
``legal_actions()`` lists what it may do, ``apply()`` does it and returns
events, and chance — the deal, the shift die, the shifted card, the Sudden
Demise card, Random Sabacc's rule changes — is explicit.

    >>> import random
    >>> from game.rules.base import resolve_chance
    >>> s = new_game(3, seed_dealer=0)
    >>> _ = s.start_next(); _ = resolve_chance(s, random.Random(1))
    >>> s.phase, s.to_act(), s.hand_pot, s.sabacc_pot
    ('betting', 1, 3, 3)

A Classic hand is rounds of four phases: betting, shifting, calling, drawing.
The other presets are data (``SabaccOptions``) plus named hooks here; the
turn structure is ``options.flow``:

* ``"classic"`` (Classic, Random, Centran, Cloud City, Figg, Empress Teta):
  the four phases above.  Empress Teta adds a *swapping* step between the
  call and the showdown (``swap_before_showdown``).
* ``"two-exchange"`` (RULES.md §1.5): hitting (draw until standing), the
  first exchange (lock cards, exchange the rest), one poker-style betting
  round, the second exchange, the showdown.  Ties: extra cards, even beyond
  ±23.  Locked cards lie face down: other seats see how many, not which.
* ``"great-khan"`` (§1.6): rounds of *turns* (draw, exchange one card, stay)
  and poker-style betting with a *call* (match and pay the Stake again).
  After every player's turn the dealer rolls 2d6 (one chance step) and, on
  doubles, the player die (another); the seat it names swaps a random
  unfrozen card with the deck (two more chance steps).  Freezing puts cards
  in the stasis field: the player pays the Stake once per turn, however many
  cards they freeze in it.  The seed lays frozen cards face down, so other
  seats see how many are frozen, not which.  A lone Pure Sabacc or Idiot's
  Array wins the game: the match ends there (``sabacc_wins_match``).
* ``"force"`` (§1.7): one card per round to four, each seat declaring Light
  or Dark on its first card; Classic betting after each of the first three
  cards; after the third round any player may call (then the fourth card
  comes with no more betting), otherwise the fourth card and a fourth betting
  round; then each player may discard one card face up; sides are scored.
  Cards 2-4 may come inverted (a chance step each): the inversion is public
  (the table sees the card upside down and the player switch sides), the
  card's face stays hidden.  No shifts in Force.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import sabacc_cards as sc
from . import sabacc_events as ev
from .base import BETWEEN, CHANCE, TERMINAL, Event, rebuy_amount, seat_number, whole_number
from .sabacc_presets import (
    PLAYABLE_PRESETS,
    PRESET_NAMES,
    VALUE_RULES,
    SabaccOptions,
    options_for,
    value_table,
)
from .sabacc_rank import PURE_SABACC, HandRank, check_deck, rank_cards
from .spike_rank import rank_coruscant, rank_spike

__all__ = [
    "PRESET_NAMES",
    "SabaccOptions",
    "SabaccState",
    "SabaccView",
    "new_game",
    "rank_hand",
]

# -- phases -------------------------------------------------------------------
BETTING = "betting"
SHIFTING = "shifting"
CALLING = "calling"
DRAWING = "drawing"
DISCARDING = "discarding"  # the drawer, after drawing, discards or keeps
HITTING = "hitting"  # Two-Exchange: draw one card at a time until standing
EXCHANGING = "exchanging"  # Two-Exchange: lock cards, then exchange the rest
TURNS = "turns"  # Great Khan step 1: draw, exchange one card, or stay
DECLARING = "declaring"  # Force: Light or Dark on the first card
FINAL_DISCARD = "final-discard"  # Force: one face-up discard before scoring
SWAPPING = "swapping"  # Empress Teta: one swap each before the showdown
SHOWDOWN = "showdown"
HAND_OVER = "hand-over"
MATCH_OVER = "match-over"

# -- chance tasks ---------------------------------------------------------------
_DEAL = 0  # a card to a seat at the start of the hand
_DIE = 1  # the lead's shift die
_SHIFT_PICK = 2  # the card a shift takes from a seat
_SHIFT_DEAL = 3  # the replacement after a shift
_DRAW = 4  # the drawing phase's card
_DEMISE = 5  # a Sudden Demise card
_RULES = 6  # Random Sabacc: do the local rules change?
_CARD = 7  # one card to a seat mid-flow (hit, exchange, swap); the flow resumes
_DICE = 8  # Great Khan: the dealer's 2d6 (outcome 10 * first + second)
_PLAYER_DIE = 9  # Great Khan: the player die after doubles
_DICE_PICK = 10  # Great Khan: the random unfrozen card the dice take
_DICE_SWAP = 11  # Great Khan: the deck's card in exchange
_INVERT = 12  # Force: does the card just dealt come inverted? (1 yes, 0 no)

LIGHT = "light"
DARK = "dark"


# -- actions ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check:
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Call:
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Raise:
    amount: int  # how far above the current highest bet

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Fold:
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class CallHand:
    """Call the hand: everybody reveals (the calling phase)."""

    def __str__(self) -> str:
        return "call the hand"


@dataclass(frozen=True, slots=True)
class PassCall:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Stand:
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class PlaceInField:
    card: int

    def __str__(self) -> str:
        return f"field {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Lock:
    """Two-Exchange: lay a card face down; it stays through both exchanges."""

    card: int

    def __str__(self) -> str:
        return f"lock {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Two-Exchange: discard every unlocked card and receive as many."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class ExchangeCard:
    """Great Khan: swap one card with the deck (it goes face up on the pile)."""

    card: int

    def __str__(self) -> str:
        return f"exchange {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Freeze:
    """Great Khan: put a card in the stasis field (the Stake, once a turn)."""

    card: int

    def __str__(self) -> str:
        return f"freeze {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Declare:
    """Force: play for the Light (+23) or the Dark (-23)."""

    side: str

    def __str__(self) -> str:
        return f"declare {self.side}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Empress Teta: swap one card with the deck before the showdown."""

    card: int

    def __str__(self) -> str:
        return f"swap {sc.code(self.card)}"


Action = (
    Check
    | Bet
    | Call
    | Raise
    | Fold
    | CallHand
    | PassCall
    | Draw
    | Stand
    | Discard
    | Keep
    | PlaceInField
    | Lock
    | Exchange
    | ExchangeCard
    | Freeze
    | Declare
    | Swap
)

ACTION_TYPES: tuple[type, ...] = Action.__args__
_CARD_ACTIONS = (Discard, PlaceInField, Lock, ExchangeCard, Freeze, Swap)


def verify_form(action: object) -> None:
    """Is ``action`` a well-formed Sabacc action?  Whether it is legal *now*
    is the state's to say; this only refuses what no moment allows: another
    game's action, a card number past the deck, a fractional or non-numeric
    amount.  ``ValueError`` naming the problem (``TypeError`` for a field of
    the wrong Python type)."""
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"{action!r} is not a Sabacc action")
    if isinstance(action, _CARD_ACTIONS):
        sc.check_card(action.card)
    elif isinstance(action, Bet):
        whole_number(action.amount, "a bet")
    elif isinstance(action, Raise):
        whole_number(action.amount, "a raise")


CHECK = Check()
CALL = Call()
FOLD = Fold()
CALL_HAND = CallHand()
PASS_CALL = PassCall()
DRAW = Draw()
STAND = Stand()
KEEP = Keep()
EXCHANGE = Exchange()
STAY = STAND  # Great Khan's "stay" is a stand
DECLARE_LIGHT = Declare(LIGHT)
DECLARE_DARK = Declare(DARK)
_LOCKS = [Lock(c) for c in range(sc.NUM_CARD_KINDS)]
_EXCHANGES = [ExchangeCard(c) for c in range(sc.NUM_CARD_KINDS)]
_FREEZES = [Freeze(c) for c in range(sc.NUM_CARD_KINDS)]
_SWAPS = [Swap(c) for c in range(sc.NUM_CARD_KINDS)]
_BETS = [Bet(n) for n in range(0, 201)]
_RAISES = [Raise(n) for n in range(0, 201)]
_DISCARDS = [Discard(c) for c in range(sc.NUM_CARD_KINDS)]
_FIELDS = [PlaceInField(c) for c in range(sc.NUM_CARD_KINDS)]


def _bet(n: int) -> Bet:
    return _BETS[n] if n < len(_BETS) else Bet(n)


def _raise(n: int) -> Raise:
    return _RAISES[n] if n < len(_RAISES) else Raise(n)


# -- the view -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SabaccView:
    """What one seat may know.  Other seats' hands appear only as counts,
    their interference-field cards and, after a call, their revealed hands."""

    seat: int
    num_seats: int
    options: SabaccOptions
    values: tuple[int, ...]  # the value of every card kind right now
    phase: str
    to_act: int
    hand_no: int
    round_no: int
    min_rounds: int
    dealer: int
    lead: int
    hand: tuple[int, ...]  # own cards not in the field
    fields: tuple[tuple[int, ...], ...]  # every seat's field cards (public)
    card_counts: tuple[int, ...]  # cards each seat holds (field included)
    chips: tuple[int, ...]
    in_hand: tuple[bool, ...]  # still in this hand (not folded)
    dealt_in: tuple[bool, ...]
    in_match: tuple[bool, ...]
    hand_pot: int
    sabacc_pot: int
    level: int  # the round's highest bet
    round_bets: tuple[int, ...]  # chips each seat has put in this round
    hand_bets: tuple[int, ...]  # chips each seat has bet this hand (the cap counts these)
    deck_size: int
    discards: tuple[int, ...]  # the face-up discard pile
    revealed: tuple[tuple[int, ...] | None, ...]  # hands shown at the showdown
    log: tuple[Event, ...]  # this hand's public events
    # -- the preset flows (added fields; Classic leaves them empty) ---------
    flow: str = "classic"
    locked: tuple[int, ...] = ()  # own locked (Two-Exchange) / frozen (Great Khan) cards
    locked_counts: tuple[int, ...] = ()  # how many each seat has face down (public)
    sides: tuple[str | None, ...] = ()  # Force: the side each seat plays now (public)
    inverted_counts: tuple[int, ...] = ()  # Force: inverted cards each seat holds (public)
    my_inverted: tuple[int, ...] = ()  # Force: which of own cards are inverted
    caller: int = -1  # who called the hand (-1: nobody yet)
    exchange_no: int = 0  # Two-Exchange: 1 or 2 during an exchange
    stasis_paid: bool = False  # Great Khan: the Stake is paid for this turn's freezing

    @property
    def my_cards(self) -> tuple[int, ...]:
        return self.hand + self.fields[self.seat]

    @property
    def my_total(self) -> int:
        return sum(self.values[c] for c in self.my_cards)

    def rank(self) -> HandRank:
        return rank_cards(self.my_cards, self.values, self.options)


# -- the state ------------------------------------------------------------------
class SabaccState:
    """A match of Sabacc.  See the module docstring."""

    __slots__ = (
        "options",
        "num_seats",
        "chips",
        "completed",
        "wins",
        "hand_pot",
        "sabacc_pot",
        "hands",
        "fields",
        "deck",
        "discards",
        "in_match",
        "in_hand",
        "dealt_in",
        "dealer",
        "lead",
        "round_no",
        "min_rounds",
        "phase",
        "seat",
        "level",
        "round_bets",
        "hand_bets",
        "cap_level",
        "opened",
        "pending",
        "chance",
        "shift_taken",
        "value_rule",
        "values",
        "revealed",
        "demise",
        "demise_special",
        "caller",
        "log",
        "hand_no",
        "actions_taken",
        "locked",
        "sides",
        "inverted",
        "exchange_no",
        "stasis_paid",
        "tie_rounds",
        "match_winner",
    )

    def __init__(self, options: SabaccOptions, num_seats: int, chips: int, dealer: int) -> None:
        if not 2 <= num_seats <= 8:
            raise ValueError(f"Sabacc is played by 2 to 8 players, not {num_seats}")
        if chips < 0:
            raise ValueError("starting chips cannot be negative")
        if not 0 <= dealer < num_seats:
            raise ValueError(f"no seat {dealer} to deal")
        self.options = options
        self.num_seats = num_seats
        self.chips = [chips] * num_seats
        self.completed = 0
        self.wins = [0] * num_seats
        self.hand_pot = 0
        self.sabacc_pot = 0
        self.hands: list[list[int]] = [[] for _ in range(num_seats)]
        self.fields: list[list[int]] = [[] for _ in range(num_seats)]
        self.deck = sc.centran_deck() if options.deck == "centran" else sc.standard_deck()
        self.discards: list[int] = []
        self.in_match = [True] * num_seats
        self.in_hand = [False] * num_seats
        self.dealt_in = [False] * num_seats
        self.dealer = dealer
        self.lead = dealer
        self.round_no = 0
        self.min_rounds = 0
        self.phase = HAND_OVER
        self.seat = BETWEEN
        self.level = 0
        self.round_bets = [0] * num_seats
        self.hand_bets = [0] * num_seats
        self.cap_level = 0
        self.opened = False
        self.pending: list[int] = []  # seats still to act in this phase, in order
        self.chance: list[tuple[int, int]] = []  # queued chance tasks (task, seat)
        self.shift_taken: list[tuple[int, int]] = []  # (seat, card) taken by a shift
        self.value_rule = options.value_rule
        self.values = value_table(options)
        self.revealed: list[tuple[int, ...] | None] = [None] * num_seats
        self.demise: list[int] = []
        self.demise_special = False
        self.caller = -1
        self.log: list[Event] = []
        self.hand_no = 0
        self.actions_taken = 0
        # Preset flows: locked / frozen cards stay in ``hands`` and are listed
        # here too; Force sides and inverted cards per seat.
        self.locked: list[list[int]] = [[] for _ in range(num_seats)]
        self.sides: list[str | None] = [None] * num_seats
        self.inverted: list[list[int]] = [[] for _ in range(num_seats)]
        self.exchange_no = 0
        self.stasis_paid = False
        self.tie_rounds = 0
        self.match_winner = -1

    # -- protocol: whose move ---------------------------------------------
    def to_act(self) -> int:
        return self.seat

    def clone(self) -> SabaccState:
        new = SabaccState.__new__(SabaccState)
        new.options = self.options
        new.num_seats = self.num_seats
        new.chips = self.chips[:]
        new.completed = self.completed
        new.wins = self.wins[:]
        new.hand_pot = self.hand_pot
        new.sabacc_pot = self.sabacc_pot
        new.hands = [h[:] for h in self.hands]
        new.fields = [f[:] for f in self.fields]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.in_match = self.in_match[:]
        new.in_hand = self.in_hand[:]
        new.dealt_in = self.dealt_in[:]
        new.dealer = self.dealer
        new.lead = self.lead
        new.round_no = self.round_no
        new.min_rounds = self.min_rounds
        new.phase = self.phase
        new.seat = self.seat
        new.level = self.level
        new.round_bets = self.round_bets[:]
        new.hand_bets = self.hand_bets[:]
        new.cap_level = self.cap_level
        new.opened = self.opened
        new.pending = self.pending[:]
        new.chance = self.chance[:]
        new.shift_taken = self.shift_taken[:]
        new.value_rule = self.value_rule
        new.values = self.values
        new.revealed = self.revealed[:]
        new.demise = self.demise[:]
        new.demise_special = self.demise_special
        new.caller = self.caller
        new.log = self.log[:]
        new.hand_no = self.hand_no
        new.actions_taken = self.actions_taken
        if self.options.flow == "classic":
            # The Classic flow never touches these (kept cheap for search).
            new.locked = self.locked
            new.sides = self.sides
            new.inverted = self.inverted
        else:
            new.locked = [c[:] for c in self.locked]
            new.sides = self.sides[:]
            new.inverted = [c[:] for c in self.inverted]
        new.exchange_no = self.exchange_no
        new.stasis_paid = self.stasis_paid
        new.tie_rounds = self.tie_rounds
        new.match_winner = self.match_winner
        return new

    # -- helpers ----------------------------------------------------------------
    def cards_of(self, seat: int) -> list[int]:
        return self.hands[seat] + self.fields[seat]

    def total_of(self, seat: int) -> int:
        values = self.values
        return sum(values[c] for c in self.hands[seat]) + sum(values[c] for c in self.fields[seat])

    def rank_of(self, seat: int) -> HandRank:
        return rank_cards(self.cards_of(seat), self.values, self.options)

    def _left_of(self, seat: int, among: Sequence[bool]) -> int:
        n = self.num_seats
        for step in range(1, n + 1):
            s = (seat + step) % n
            if among[s]:
                return s
        return seat

    def _order_from(self, first: int, among: Sequence[bool]) -> list[int]:
        """Seats in ``among`` clockwise starting at ``first`` (included)."""
        n = self.num_seats
        return [(first + k) % n for k in range(n) if among[(first + k) % n]]

    def _emit(self, events: list[Event], event: Event) -> None:
        events.append(event)
        self.log.append(event.for_seat(None))

    def ante_due(self) -> int:
        opts = self.options
        pay_sabacc = self.sabacc_pot == 0 or opts.sabacc_ante_always
        return opts.hand_ante + (opts.sabacc_ante if pay_sabacc else 0)

    def can_continue(self, seat: int) -> bool:
        return self.chips[seat] >= self.ante_due()

    # -- between hands ------------------------------------------------------------
    def rebuy(self, seat: int, amount: int) -> list[Event]:
        seat = seat_number(seat, self.num_seats)
        amount = rebuy_amount(amount)
        if self.seat != BETWEEN:
            raise ValueError("re-buys happen only between hands")
        self.chips[seat] += amount
        self.in_match[seat] = True
        return [ev.Rebought(seat, amount)]

    def start_next(self) -> list[Event]:
        if self.seat != BETWEEN:
            raise ValueError("a new hand starts only when the last one is over")
        events: list[Event] = []
        self.log = []
        due = self.ante_due()
        for s in range(self.num_seats):
            if self.in_match[s] and self.chips[s] < due:
                # RULES.md §1.4: a player who cannot pay the ante is out.
                self.in_match[s] = False
                self._emit(events, ev.PlayerOut(s, "cannot pay the ante"))
        players = [s for s in range(self.num_seats) if self.in_match[s]]
        limit = self.options.hands_limit
        if len(players) < 2 or (limit and self.completed >= limit):
            return events + self._end_match(players)
        if not self.in_match[self.dealer]:
            self.dealer = self._left_of(self.dealer, self.in_match)
        self.hand_no += 1
        self.dealt_in = self.in_match[:]
        self.in_hand = self.in_match[:]
        self.hands = [[] for _ in range(self.num_seats)]
        self.fields = [[] for _ in range(self.num_seats)]
        self.revealed = [None] * self.num_seats
        self.round_bets = [0] * self.num_seats
        self.hand_bets = [0] * self.num_seats
        self.demise = []
        self.demise_special = False
        self.caller = -1
        flow = self.options.flow
        if flow != "classic":
            self.locked = [[] for _ in range(self.num_seats)]
            self.sides = [None] * self.num_seats
            self.inverted = [[] for _ in range(self.num_seats)]
            self.exchange_no = 0
            self.stasis_paid = False
        self.tie_rounds = 0
        self._emit(events, ev.HandStarted(self.hand_no, self.dealer, tuple(players)))
        pay_sabacc = self.sabacc_pot == 0 or self.options.sabacc_ante_always
        for s in self._order_from(self._left_of(self.dealer, self.dealt_in), self.dealt_in):
            hand_part = self.options.hand_ante
            sabacc_part = self.options.sabacc_ante if pay_sabacc else 0
            self.chips[s] -= hand_part + sabacc_part
            self.hand_pot += hand_part
            self.sabacc_pot += sabacc_part
            self._emit(events, ev.AntePaid(s, hand_part, sabacc_part))
        order = self._order_from(self._left_of(self.dealer, self.dealt_in), self.dealt_in)
        # Force deals one card per round; every other flow starts with two.
        first_cards = 1 if flow == "force" else 2
        self.chance = [(_DEAL, s) for _ in range(first_cards) for s in order]
        self.min_rounds = self.options.min_rounds or len(players)
        self.lead = self._left_of(self.dealer, self.dealt_in)
        self.round_no = 1
        self.phase = BETTING
        self.seat = CHANCE
        return events

    def _end_match(self, players: list[int]) -> list[Event]:
        events: list[Event] = []
        winner = players[0] if len(players) == 1 else None
        if winner is not None:
            # The last player standing sweeps what is left on the table.
            self._sweep_pots((winner,), events)
        elif self.hand_pot or self.sabacc_pot:
            # The match ends with chips still in the pots and no one left to win
            # them: nobody can pay the ante (Great Khan's Stake with small
            # stacks) or the agreed number of hands is played.  RULES.md is
            # silent for these presets; as §4.2.5 settles for Corellian Spike,
            # what is left goes to the chip leader — ties share it, odd chips
            # one each from the dealer's left — so that every chip stays in a
            # stack or a pot (§1.3) and none vanishes with the match.
            pool = players or [s for s in range(self.num_seats) if self.dealt_in[s]]
            pool = pool or list(range(self.num_seats))
            top = max(self.chips[s] for s in pool)
            leaders = [s for s in pool if self.chips[s] == top]
            is_leader = [s in leaders for s in range(self.num_seats)]
            first = (self.dealer + 1) % self.num_seats
            self._sweep_pots(tuple(self._order_from(first, is_leader)), events)
        self.phase = MATCH_OVER
        self.seat = TERMINAL
        self._emit(events, ev.MatchEnded(winner))
        return events

    def _sweep_pots(self, takers: tuple[int, ...], events: list[Event]) -> None:
        """Both pots to ``takers`` (in order): equal shares, the odd chips one
        each to the first of them, so the pots end empty."""
        for pot in ("hand", "sabacc"):
            amount = self.hand_pot if pot == "hand" else self.sabacc_pot
            share, odd = divmod(amount, len(takers))
            for i, seat in enumerate(takers):
                got = share + (1 if i < odd else 0)
                if got:
                    self.chips[seat] += got
                    self._emit(events, ev.PotAwarded(seat, got, pot))
        self.hand_pot = self.sabacc_pot = 0

    # -- chance -----------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat = self.chance[0]
        if task == _DIE:
            return [(v, 1 / 6) for v in range(1, 7)]
        if task >= _DICE:
            return self._flow_chance_outcomes(task, seat)
        if task == _RULES:
            p = self.options.random_change_chance
            others = [i for i, r in enumerate(VALUE_RULES) if r != self.value_rule]
            return [(-1, 1 - p)] + [(i, p / len(others)) for i in others]
        if task == _SHIFT_PICK:
            pool = self.hands[seat]
        else:
            pool = self.deck + self.discards if not self.deck else self.deck
            if not pool:
                return [(-1, 1.0)]  # nothing left to deal: the card is skipped
        counts: dict[int, int] = {}
        for c in pool:
            counts[c] = counts.get(c, 0) + 1
        n = len(pool)
        return [(c, k / n) for c, k in counts.items()]

    def sample_chance(self, rng: random.Random) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat = self.chance[0]
        if task == _DIE:
            return self.apply_chance(rng.randint(1, 6))
        if task >= _DICE:
            return self._sample_flow_chance(task, seat, rng)
        if task == _RULES:
            if rng.random() < self.options.random_change_chance:
                others = [i for i, r in enumerate(VALUE_RULES) if r != self.value_rule]
                return self.apply_chance(others[rng.randrange(len(others))])
            return self.apply_chance(-1)
        if task == _SHIFT_PICK:
            pool = self.hands[seat]
            return self.apply_chance(pool[rng.randrange(len(pool))])
        pool = self.deck or self.discards
        if not pool:
            return self.apply_chance(-1)
        return self.apply_chance(pool[rng.randrange(len(pool))])

    def _refill_if_needed(self, events: list[Event]) -> None:
        if not self.deck and self.discards:
            # RULES.md §1.4: the discard pile is reshuffled when the deck runs out.
            self.deck = self.discards
            self.discards = []
            self._emit(events, ev.DeckReshuffled(len(self.deck)))

    def _verify_in_deck(self, card: int) -> None:
        """The next card comes from the deck, or from the discards that will be
        shuffled into it when the deck is empty: ``card`` must be there."""
        if card not in (self.deck or self.discards):
            raise ValueError(f"card {sc.code(card)!r} is not in the deck")

    def _take_from_deck(self, card: int, events: list[Event]) -> None:
        # Checked before the discards are shuffled in: a refused card changes nothing.
        self._verify_in_deck(card)
        self._refill_if_needed(events)
        i = self.deck.index(card)
        last = self.deck.pop()
        if i < len(self.deck):
            self.deck[i] = last

    def apply_chance(self, outcome: int) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        outcome = whole_number(outcome, "a chance outcome")
        task, seat = self.chance[0]
        if task not in (_DIE, _RULES, _DICE, _PLAYER_DIE, _INVERT) and outcome != -1:
            sc.check_card(outcome)  # a card, or -1 for "no card left"
        events: list[Event] = []
        if task >= _DICE:
            self._apply_flow_chance(task, seat, outcome, events)
        elif task == _DIE:
            if not 1 <= outcome <= 6:
                raise ValueError(f"a die shows 1 to 6, not {outcome}")
            self.chance.pop(0)
            self._shift_roll(outcome, events)
        elif task == _RULES:
            if outcome != -1 and not (0 <= outcome < len(VALUE_RULES)):
                raise ValueError(f"no value rule {outcome}")
            self.chance.pop(0)
            if outcome != -1 and VALUE_RULES[outcome] != self.value_rule:
                self.value_rule = VALUE_RULES[outcome]
                self.values = value_table(self.options, self.value_rule)
                self._emit(events, ev.RulesChanged(self.value_rule))
        elif task == _SHIFT_PICK:
            if outcome not in self.hands[seat]:
                raise ValueError(f"seat {seat} holds no shiftable {sc.code(outcome)!r}")
            self.chance.pop(0)
            self.hands[seat].remove(outcome)
            self.shift_taken.append((seat, outcome))
            if not any(t == _SHIFT_PICK for t, _ in self.chance):
                # Every taken card goes back into the deck before the
                # replacements are dealt (RULES.md §1.4, shifting).
                for _, card in self.shift_taken:
                    self.deck.append(card)
                self._emit(events, ev.ShiftReturned(len(self.shift_taken)))
        elif outcome == -1:
            # Deck and discards are both empty (a very long hand): no card.
            if self.deck or self.discards:
                raise ValueError("cards remain in the deck: a card must be dealt")
            self.chance.pop(0)
            if task == _DRAW:
                self._emit(events, ev.KeptAll(seat))
        else:
            self._take_from_deck(outcome, events)
            self.chance.pop(0)
            code = sc.code(outcome)
            if task == _DEAL:
                self.hands[seat].append(outcome)
                self._emit(events, ev.CardDealt(seat, code))
            elif task == _SHIFT_DEAL:
                old = next(c for s, c in self.shift_taken if s == seat)
                self.shift_taken = [(s, c) for s, c in self.shift_taken if s != seat]
                self.hands[seat].append(outcome)
                self._emit(events, ev.CardShifted(seat, sc.code(old), code))
            elif task == _DRAW:
                self.hands[seat].append(outcome)
                self._emit(events, ev.CardDrawn(seat, code))
            elif task == _DEMISE:
                self.hands[seat].append(outcome)
                self.revealed[seat] = tuple(self.cards_of(seat))
                r = self.rank_of(seat)
                self._emit(events, ev.SuddenDemiseCard(seat, code, r.kind, r.total))
            elif task == _CARD:
                self.hands[seat].append(outcome)
                self._emit(events, ev.CardDrawn(seat, code))
        if not self.chance:
            self._after_chance(task, events)
        return events

    def _after_chance(self, task: int, events: list[Event]) -> None:
        if task in (_DEAL, _RULES):
            if self.options.flow == "classic":
                self._begin_betting(events)
            else:
                self._after_deal(events)
        elif task in (_DIE, _SHIFT_PICK, _SHIFT_DEAL):
            self._begin_calling(events)
        elif task == _DRAW:
            self.phase = DISCARDING
            self.seat = self.pending[0]
        elif task == _DEMISE:
            if self.options.tie_break == "extra-cards":
                self._settle_extra_cards(events)
            else:
                self._settle_demise(events)
        else:
            self._resume_flow(task, events)

    # -- betting ------------------------------------------------------------------
    def _begin_betting(self, events: list[Event]) -> None:
        self.phase = BETTING
        self.level = 0
        self.opened = False
        self.round_bets = [0] * self.num_seats
        if self.options.open_betting:
            self._begin_open_betting(events)
            return
        bet_so_far = self.hand_bets[self.lead]
        self.cap_level = self.options.bet_cap - bet_so_far if self.options.capped else 10**9
        self.pending = [self.lead]
        self.seat = self.lead
        self._emit(events, ev.RoundStarted(self.round_no, self.lead))

    def _max_level(self) -> int:
        """The highest round bet allowed: the cap, and what the lead can pay."""
        lead_can = self.round_bets[self.lead] + self.chips[self.lead]
        return min(self.cap_level, lead_can)

    def _betting_actions(self, seat: int) -> list[Action]:
        if self.options.open_betting:
            return self._open_betting_actions(seat)
        if not self.opened:
            if seat == self.lead:
                top = min(self._max_level(), self.chips[seat])
                opening: list[Action] = [CHECK]
                opening.extend(_bet(n) for n in range(1, top + 1))
                return opening
            return [CHECK, FOLD]
        owe = self.level - self.round_bets[seat]
        acts: list[Action] = []
        if owe <= self.chips[seat]:
            acts.append(CALL)
            room = min(self._max_level(), self.round_bets[seat] + self.chips[seat]) - self.level
            acts.extend(_raise(n) for n in range(1, room + 1))
        if seat != self.lead:
            acts.append(FOLD)
        return acts

    def _apply_betting(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.options.open_betting:
            self._apply_open_betting(seat, action, events)
            return
        if isinstance(action, Fold):
            if seat == self.lead:
                raise ValueError("the lead may not fold (RULES.md §1.4, betting)")
            self._fold(seat, events)
        elif not self.opened:
            if isinstance(action, Check):
                self._emit(events, ev.Checked(seat))
                self._next_bettor_after_check(seat)
            elif isinstance(action, Bet):
                if seat != self.lead:
                    raise ValueError("only the lead may open the betting (RULES.md §1.4)")
                self._check_level(action.amount, seat, "bet")
                self._put_in(seat, action.amount)
                self.level = action.amount
                self.opened = True
                self._emit(events, ev.BetPlaced(seat, action.amount))
                self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]
            else:
                raise ValueError(f"{action} is not allowed before the lead opens: check or fold")
        elif isinstance(action, Call):
            owe = self.level - self.round_bets[seat]
            if owe > self.chips[seat]:
                raise ValueError(
                    "cannot call: not enough chips to stay, so the player must fold (RULES.md §1.4)"
                )
            self._put_in(seat, owe)
            self._emit(events, ev.Called(seat, owe))
            self.pending.pop(0)
        elif isinstance(action, Raise):
            new_level = self.level + action.amount
            self._check_level(new_level, seat, "raise", minimum=self.level + 1)
            pay = new_level - self.round_bets[seat]
            self._put_in(seat, pay)
            self.level = new_level
            self._emit(events, ev.Raised(seat, pay, new_level))
            # Everyone else still in must answer the raise, the lead included.
            self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]
        else:
            raise ValueError(f"{action} is not a betting action: call, raise or fold")
        self._after_betting_step(events)

    def _check_level(self, level: int, seat: int, what: str, minimum: int = 1) -> None:
        if level < minimum:
            raise ValueError(f"a {what} must be at least 1 chip")
        if self.options.capped and level > self.cap_level:
            raise ValueError(
                f"the {what} breaks the {self.options.bet_cap}-chip cap per player per hand "
                "(RULES.md §1.4; Wookiee rules lift it)"
            )
        if level - self.round_bets[self.lead] > self.chips[self.lead]:
            raise ValueError(
                f"the {what} asks more than the lead can pay (RULES.md §1.4: the lead "
                "cannot be priced out)"
            )
        if level - self.round_bets[seat] > self.chips[seat]:
            raise ValueError(f"not enough chips for that {what}")

    def _put_in(self, seat: int, amount: int) -> None:
        self.chips[seat] -= amount
        self.hand_pot += amount
        self.round_bets[seat] += amount
        self.hand_bets[seat] += amount

    def _next_bettor_after_check(self, seat: int) -> None:
        if seat == self.lead:
            self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]
        else:
            self.pending.pop(0)

    def _fold(self, seat: int, events: list[Event]) -> None:
        fee = min(self.options.fold_fee, self.chips[seat])
        self.chips[seat] -= fee
        self.sabacc_pot += fee
        self.in_hand[seat] = False
        self._emit(events, ev.Folded(seat, fee))
        if seat in self.pending:
            self.pending.remove(seat)

    def _after_betting_step(self, events: list[Event]) -> None:
        live = [s for s in range(self.num_seats) if self.in_hand[s]]
        if len(live) == 1:
            self._win_by_fold(live[0], events)
            return
        if self.options.flow == "great-khan" and self.options.dice_exchange:
            # RULES.md §1.6: the dice after every player's turn, betting too.
            self.chance = [(_DICE, -1)]
            self.seat = CHANCE
            return
        if self.pending:
            self.seat = self.pending[0]
            return
        if self.options.flow != "classic":
            self._betting_over(events)
            return
        # Betting is over: the lead rolls the shift die.
        self.phase = SHIFTING
        self.chance = [(_DIE, self.lead)]
        self.seat = CHANCE

    def _win_by_fold(self, winner: int, events: list[Event]) -> None:
        # A fold-win never takes the Sabacc pot (RULES.md §1.3).
        amount = self.hand_pot
        self.chips[winner] += amount
        self.hand_pot = 0
        self._emit(events, ev.PotAwarded(winner, amount, "hand"))
        self._end_hand((winner,), "fold", events)

    # -- shifting -----------------------------------------------------------------
    def _shift_roll(self, value: int, events: list[Event]) -> None:
        shift = value >= 4
        self._emit(events, ev.DieRolled(self.lead, value, shift))
        if not shift:
            return
        order = self._order_from(self.lead, self.in_hand)
        # Cards in the interference field are immune; a player with nothing
        # outside the field loses nothing.
        victims = [s for s in order if self.hands[s]]
        self.shift_taken = []
        self.chance = [(_SHIFT_PICK, s) for s in victims] + [(_SHIFT_DEAL, s) for s in victims]

    # -- calling ------------------------------------------------------------------
    def _begin_calling(self, events: list[Event]) -> None:
        if self.round_no >= self.min_rounds:
            self.phase = CALLING
            self.pending = [s for s in self._order_from(self.lead, self.in_hand) if s != self.lead]
            self.seat = self.pending[0]
        else:
            self._begin_drawing(events)

    def _apply_calling(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, CallHand):
            self.caller = seat
            self._emit(events, ev.HandCalled(seat))
            if self.options.flow == "force":
                self._force_deal_round(events)
            elif self.options.swap_before_showdown:
                self._begin_swapping(events)
            else:
                self._showdown(events)
        elif isinstance(action, PassCall):
            self._emit(events, ev.PassedCall(seat))
            self.pending.pop(0)
            if self.pending:
                self.seat = self.pending[0]
            elif self.options.flow == "force":
                self._force_deal_round(events)
            else:
                self._begin_drawing(events)
        else:
            raise ValueError(f"{action} is not a calling action: call the hand or pass")

    # -- drawing ------------------------------------------------------------------
    def _begin_drawing(self, events: list[Event]) -> None:
        self.phase = DRAWING
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]

    def _drawing_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        if self.deck or self.discards:
            acts.append(DRAW)
        acts.append(STAND)
        if self.options.interference_field:
            seen: set[int] = set()
            for c in self.hands[seat]:
                if c not in seen:
                    seen.add(c)
                    acts.append(_FIELDS[c])
        return acts

    def _apply_drawing(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Draw):
            if not self.deck and not self.discards:
                raise ValueError("the deck and the discard pile are both empty: nothing to draw")
            self.chance = [(_DRAW, seat)]
            self.seat = CHANCE
        elif isinstance(action, Stand):
            self._emit(events, ev.Stood(seat))
            self._next_drawer(events)
        elif isinstance(action, PlaceInField):
            if not self.options.interference_field:
                raise ValueError("this table has no interference field (a local rule)")
            if action.card not in self.hands[seat]:
                raise ValueError(f"you hold no {sc.code(action.card)!r} outside the field")
            self.hands[seat].remove(action.card)
            self.fields[seat].append(action.card)
            self._emit(events, ev.CardPlacedInField(seat, sc.code(action.card)))
        else:
            raise ValueError(f"{action} is not a drawing action: draw or stand")

    def _discard_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = [KEEP]
        # A hand never goes below two cards; field cards stay locked.
        if len(self.hands[seat]) + len(self.fields[seat]) > 2:
            seen: set[int] = set()
            for c in self.hands[seat]:
                if c not in seen:
                    seen.add(c)
                    acts.append(_DISCARDS[c])
        return acts

    def _apply_discarding(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Keep):
            self._emit(events, ev.KeptAll(seat))
        elif isinstance(action, Discard):
            if action.card not in self.hands[seat]:
                if action.card in self.fields[seat]:
                    raise ValueError("cards in the interference field cannot be discarded")
                raise ValueError(f"you hold no {sc.code(action.card)!r} to discard")
            if len(self.hands[seat]) + len(self.fields[seat]) <= 2:
                raise ValueError("a hand never goes below 2 cards (RULES.md §1.4, drawing)")
            self.hands[seat].remove(action.card)
            self.discards.append(action.card)
            self._emit(events, ev.CardDiscarded(seat, sc.code(action.card)))
        else:
            raise ValueError(f"{action} is not allowed after drawing: discard a card or keep")
        self._next_drawer(events)

    def _next_drawer(self, events: list[Event]) -> None:
        self.pending.pop(0)
        if self.pending:
            self.phase = DRAWING
            self.seat = self.pending[0]
            return
        # The round is over; the lead passes left.
        self.round_no += 1
        self.lead = self._left_of(self.lead, self.in_hand)
        if self.options.random_sabacc:
            self.chance = [(_RULES, -1)]
            self.phase = BETTING
            self.seat = CHANCE
        else:
            self._begin_betting(events)

    # -- showdown -----------------------------------------------------------------
    def _showdown(self, events: list[Event]) -> None:
        self.phase = SHOWDOWN
        live = self._order_from(self.lead, self.in_hand)
        ranks: dict[int, HandRank] = {}
        for s in live:
            r = self.rank_of(s)
            ranks[s] = r
            self.revealed[s] = tuple(self.cards_of(s))
            self._emit(
                events, ev.HandRevealed(s, tuple(sc.codes(self.cards_of(s))), r.kind, r.total)
            )
        stake = self.hand_pot
        if self.options.bombout_penalty:
            for s in live:
                if ranks[s].bombed_out:
                    self._penalty(s, self._bombout_fine(ranks[s], stake), "bombed-out", events)
        contenders = (
            live if self.options.flow != "force" else self._force_sides(live, ranks, events)
        )
        best = max(ranks[s] for s in contenders) if contenders else ranks[live[0]]
        if best.bombed_out or not contenders:
            self._no_winner(stake, events)
            return
        tied = [s for s in contenders if ranks[s] == best]
        if len(tied) == 1:
            winner = tied[0]
            self._failed_call_penalty((winner,), stake, events)
            if self.options.sabacc_wins_match and best.takes_sabacc_pot:
                # Great Khan (RULES.md §1.6): only a *lone* Pure Sabacc or Idiot's
                # Array wins the game; when two or more show, the hand is settled
                # as usual (both pots to the best) and play goes on.
                shown = sum(1 for s in live if ranks[s].takes_sabacc_pot)
                if shown == 1:
                    self.match_winner = winner
            self._award((winner,), best.takes_sabacc_pot, events)
            self._end_hand((winner,), "showdown", events)
            return
        # Sudden Demise: one more card to each tied player (RULES.md §1.4).
        self.demise = tied
        self.demise_special = best.takes_sabacc_pot
        self._emit(events, ev.SuddenDemise(tuple(tied), self.demise_special))
        self.chance = [(_DEMISE, s) for s in tied]
        self.seat = CHANCE

    def _settle_demise(self, events: list[Event]) -> None:
        stake = self.hand_pot
        ranks = {s: self.rank_of(s) for s in self.demise}
        survivors = [s for s in self.demise if not ranks[s].bombed_out]
        if self.options.bombout_penalty and self.options.demise_penalty:
            for s in self.demise:
                if ranks[s].bombed_out:
                    self._penalty(s, self._bombout_fine(ranks[s], stake), "bombed-out", events)
        if not survivors and not self.options.demise_fallback:
            # Great Khan: every Sudden Demise player bombed out, so the hand
            # pot moves to the Sabacc pot (RULES.md §1.6).
            self._no_winner(stake, events)
            return
        if survivors:
            best = max(ranks[s] for s in survivors)
            winners = tuple(s for s in survivors if ranks[s] == best)
            self._failed_call_penalty(winners, stake, events)
            self._award(winners, self.demise_special, events)
            self._end_hand(winners, "showdown" if len(winners) == 1 else "split", events)
            return
        # Every Sudden Demise player bombed out: the best hand among all
        # players of the hand, folded ones included, wins the hand pot.
        dealt = [s for s in range(self.num_seats) if self.dealt_in[s]]
        all_ranks = {s: self.rank_of(s) for s in dealt}
        best = max(all_ranks.values())
        if best.bombed_out:
            self._no_winner(stake, events)
            return
        winners = tuple(s for s in dealt if all_ranks[s] == best)
        self._failed_call_penalty(winners, stake, events)
        self._award(winners, False, events)
        self._end_hand(winners, "fallback", events)

    def _bombout_fine(self, rank: HandRank, hand_pot: int) -> int:
        """What a bombed-out hand pays into the Sabacc pot (when fines are on)."""
        kind = self.options.bombout_fine
        if kind == "hand-pot":
            return hand_pot  # Classic's local rule (RULES.md §1.4)
        if kind == "stake":
            return self.options.stake  # Great Khan (RULES.md §1.6)
        # Two-Exchange (RULES.md §1.5): a chip per point beyond ±23, or a flat
        # fine for exactly 0.
        if rank.total == 0:
            return self.options.zero_fine
        return abs(rank.total) - 23

    def _penalty(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        pay = min(amount, self.chips[seat])
        if pay <= 0:
            return
        self.chips[seat] -= pay
        self.sabacc_pot += pay
        self._emit(events, ev.PenaltyPaid(seat, pay, reason))

    def _failed_call_penalty(
        self, winners: tuple[int, ...], stake: int, events: list[Event]
    ) -> None:
        if self.options.failed_call_penalty and self.caller >= 0 and self.caller not in winners:
            self._penalty(self.caller, stake, "failed-call", events)

    def _award(self, winners: tuple[int, ...], with_sabacc: bool, events: list[Event]) -> None:
        pots = [("hand", self.hand_pot)]
        if with_sabacc:
            pots.append(("sabacc", self.sabacc_pot))
        for pot, amount in pots:
            share = amount // len(winners)
            if share:
                for w in winners:
                    self.chips[w] += share
                    self._emit(events, ev.PotAwarded(w, share, pot))
            # Odd chips stay in their pot for the next hand (RULES.md §1.4).
            left = amount - share * len(winners)
            if pot == "hand":
                self.hand_pot = left
            else:
                self.sabacc_pot = left

    def _no_winner(self, stake: int, events: list[Event]) -> None:
        # Every hand bombed out: nobody won, so a caller pays the failed-call
        # penalty too, on top of their own bomb-out fine (RULES.md §1.4), and the
        # hand pot moves to the Sabacc pot.
        self._failed_call_penalty((), stake, events)
        amount = self.hand_pot
        self.sabacc_pot += amount
        self.hand_pot = 0
        self._emit(events, ev.PotMoved(amount, "hand", "sabacc"))
        self._end_hand((), "all-bombed", events)

    def _end_hand(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        for w in winners:
            self.wins[w] += 1
        self.completed += 1
        self._emit(events, ev.HandEnded(self.hand_no, winners, reason))
        if self.options.flow != "classic":
            self.locked = [[] for _ in range(self.num_seats)]
            self.inverted = [[] for _ in range(self.num_seats)]
            self.stasis_paid = False
        # Every card goes back to the deck for the next hand.
        for s in range(self.num_seats):
            self.deck.extend(self.hands[s])
            self.deck.extend(self.fields[s])
            self.hands[s] = []
            self.fields[s] = []
        self.deck.extend(self.discards)
        self.discards = []
        self.pending = []
        self.chance = []
        self.shift_taken = []
        self.dealer = self._left_of(self.dealer, self.in_match)
        self.phase = HAND_OVER
        self.seat = BETWEEN
        if self.match_winner >= 0:
            # Great Khan: the lone Pure Sabacc / Idiot's Array won the game.
            self._emit(events, ev.GameWon(self.match_winner))
            self.phase = MATCH_OVER
            self.seat = TERMINAL
            self._emit(events, ev.MatchEnded(self.match_winner))

    # == the preset flows (RULES.md §1.5-1.7) ======================================
    # -- shared steps -------------------------------------------------------------
    def _after_deal(self, events: list[Event]) -> None:
        flow = self.options.flow
        if flow == "two-exchange":
            self._begin_hitting(events)
        elif flow == "great-khan":
            self._begin_turns(events)
        else:
            self._force_after_deal(events)

    def _resume_flow(self, task: int, events: list[Event]) -> None:
        """A mid-flow chance step (a card, the dice) is over: carry on."""
        if task == _INVERT:
            self._after_deal(events)
        elif self.options.flow == "great-khan":
            self._khan_after_turn(events)
        elif self.phase == HITTING:
            self.seat = self.pending[0]
        elif self.phase == EXCHANGING:
            self._exchange_done(events)
        elif self.phase == SWAPPING:
            self._next_swapper(events)
        else:  # pragma: no cover - every queued card belongs to a phase above
            raise AssertionError(f"no flow resumes after chance task {task} in {self.phase}")

    def _betting_over(self, events: list[Event]) -> None:
        """Every player still in has matched: the flow's next step."""
        flow = self.options.flow
        if flow == "two-exchange":
            if not self.opened and self.options.all_check_no_winner:
                # RULES.md §1.5: everyone checked in the first betting round, so
                # the hand has no winner and the hand pot feeds the Sabacc pot.
                amount = self.hand_pot
                self.sabacc_pot += amount
                self.hand_pot = 0
                self._emit(events, ev.PotMoved(amount, "hand", "sabacc"))
                self._end_hand((), "all-checked", events)
                return
            self._begin_exchange(2, events)
        elif flow == "great-khan":
            if self.caller >= 0:
                self._showdown(events)
                return
            self.round_no += 1
            limit = self.options.round_limit
            if limit and self.round_no > limit:
                # House rule: after the last allowed round the dealer calls.
                self.caller = self.dealer
                self._emit(events, ev.HandCalled(self.dealer))
                self._showdown(events)
                return
            self._begin_turns(events)
        else:
            self._force_after_betting(events)

    def _unlocked(self, seat: int) -> list[int]:
        """The seat's cards that are neither locked nor frozen."""
        locked = self.locked[seat]
        if not locked:
            return self.hands[seat][:]
        rest = self.hands[seat][:]
        for c in locked:
            rest.remove(c)
        return rest

    def _cards_left(self) -> bool:
        return bool(self.deck or self.discards)

    # -- open (poker-style) betting: Two-Exchange, Great Khan --------------------------
    def _begin_open_betting(self, events: list[Event]) -> None:
        live = [s for s in range(self.num_seats) if self.in_hand[s]]
        if self.options.capped:
            # The cap is per player per hand: what the biggest spender so far
            # has left bounds the round.
            spent = max(self.hand_bets[s] for s in live)
            self.cap_level = max(0, self.options.bet_cap - spent)
        else:
            self.cap_level = 10**9
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self.stasis_paid = False
        self._emit(events, ev.RoundStarted(self.round_no, self.lead))

    def _open_max_level(self) -> int:
        """Table stakes without side pots: no bet or raise may ask more than a
        player still in the hand can pay (nobody is priced out)."""
        top = self.cap_level
        for s in range(self.num_seats):
            if self.in_hand[s]:
                top = min(top, self.round_bets[s] + self.chips[s])
        return top

    def _open_betting_actions(self, seat: int) -> list[Action]:
        owe = self.level - self.round_bets[seat]
        chips = self.chips[seat]
        acts: list[Action] = []
        if owe == 0:
            acts.append(CHECK)
        elif owe <= chips:
            acts.append(CALL)
        room = min(self._open_max_level(), self.round_bets[seat] + chips) - self.level
        if room > 0:
            if self.level == 0:
                acts.extend(_bet(n) for n in range(1, room + 1))
            else:
                acts.extend(_raise(n) for n in range(1, room + 1))
        if self.options.flow == "great-khan":
            if self.caller < 0 and owe + self.options.stake <= chips:
                acts.append(CALL_HAND)
            acts.extend(self._freeze_actions(seat))
        acts.append(FOLD)
        return acts

    def _check_open_level(self, level: int, what: str, minimum: int = 1) -> None:
        if level < minimum:
            raise ValueError(f"a {what} must be at least 1 chip")
        if self.options.capped and level > self.cap_level:
            raise ValueError(
                f"the {what} breaks the {self.options.bet_cap}-chip cap per player per hand "
                "(a house rule of this table)"
            )
        for s in range(self.num_seats):
            if self.in_hand[s] and level - self.round_bets[s] > self.chips[s]:
                raise ValueError(
                    f"the {what} asks more than a player still in can pay "
                    "(table stakes: no side pots)"
                )

    def _apply_open_betting(self, seat: int, action: Action, events: list[Event]) -> None:
        owe = self.level - self.round_bets[seat]
        if isinstance(action, Freeze) and self.options.flow == "great-khan":
            self._apply_freeze(seat, action, events)  # freezing does not end the turn
            return
        if isinstance(action, Fold):
            self._fold(seat, events)
        elif isinstance(action, Check):
            if owe:
                raise ValueError("cannot check: there is a bet to call, raise or fold against")
            self._emit(events, ev.Checked(seat))
            self.pending.pop(0)
        elif isinstance(action, Call):
            if owe == 0:
                raise ValueError("there is no bet to call: check or bet")
            if owe > self.chips[seat]:
                raise ValueError("cannot call: not enough chips to stay, so the player must fold")
            self._put_in(seat, owe)
            self._emit(events, ev.Called(seat, owe))
            self.pending.pop(0)
        elif isinstance(action, Bet):
            if self.level:
                raise ValueError("there is already a bet: call, raise or fold")
            self._check_open_level(action.amount, "bet")
            self._put_in(seat, action.amount)
            self.level = action.amount
            self.opened = True
            self._emit(events, ev.BetPlaced(seat, action.amount))
            self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]
        elif isinstance(action, Raise):
            if not self.level:
                raise ValueError("there is no bet to raise: bet instead")
            new_level = self.level + action.amount
            self._check_open_level(new_level, "raise", minimum=self.level + 1)
            pay = new_level - self.round_bets[seat]
            self._put_in(seat, pay)
            self.level = new_level
            self._emit(events, ev.Raised(seat, pay, new_level))
            self.pending = [s for s in self._order_from(seat, self.in_hand) if s != seat]
        elif isinstance(action, CallHand) and self.options.flow == "great-khan":
            stake = self.options.stake
            if self.caller >= 0:
                raise ValueError("the hand is already called")
            if owe + stake > self.chips[seat]:
                raise ValueError(
                    "calling the hand takes the bet plus the Stake again (RULES.md §1.6): "
                    "not enough chips"
                )
            if owe:
                self._put_in(seat, owe)
                self._emit(events, ev.Called(seat, owe))
            self.chips[seat] -= stake
            self.sabacc_pot += stake
            self._emit(events, ev.StakePaid(seat, stake, "call"))
            self.caller = seat
            self._emit(events, ev.HandCalled(seat))
            self.pending.pop(0)
        else:
            raise ValueError(f"{action} is not a betting action: check, bet, call, raise or fold")
        self.stasis_paid = False
        self._after_betting_step(events)

    # -- Two-Exchange (RULES.md §1.5) -----------------------------------------------
    def _begin_hitting(self, events: list[Event]) -> None:
        self.phase = HITTING
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self._emit(events, ev.PhaseStarted(HITTING, 1))

    def _hitting_actions(self, seat: int) -> list[Action]:
        return [DRAW, STAND] if self._cards_left() else [STAND]

    def _apply_hitting(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Draw):
            if not self._cards_left():
                raise ValueError("the deck is empty: nothing to draw")
            self.chance = [(_CARD, seat)]
            self.seat = CHANCE
        elif isinstance(action, Stand):
            self._emit(events, ev.Stood(seat))
            self.pending.pop(0)
            if self.pending:
                self.seat = self.pending[0]
            else:
                self._begin_exchange(1, events)
        else:
            raise ValueError(f"{action} is not allowed now: draw a card or stand (RULES.md §1.5)")

    def _begin_exchange(self, number: int, events: list[Event]) -> None:
        self.phase = EXCHANGING
        self.exchange_no = number
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self.shift_taken = []  # (seat, count) owed once everyone has exchanged
        self._emit(events, ev.PhaseStarted("exchange", number))

    def _exchanging_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = [EXCHANGE]
        for c in dict.fromkeys(self._unlocked(seat)):
            acts.append(_LOCKS[c])
        return acts

    def _apply_exchanging(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Lock):
            if action.card not in self._unlocked(seat):
                raise ValueError(f"you hold no unlocked {sc.code(action.card)!r} to lock")
            self.locked[seat].append(action.card)
            self._emit(events, ev.CardLocked(seat, sc.code(action.card)))
            return
        if not isinstance(action, Exchange):
            raise ValueError(f"{action} is not allowed now: lock cards, then exchange the rest")
        out = self._unlocked(seat)
        for c in out:
            self.hands[seat].remove(c)
        # The discards go straight back into the deck; the deck is shuffled
        # before anyone receives a card, which a random deal from it is.
        self.deck.extend(out)
        if out:
            self.shift_taken.append((seat, len(out)))
        self._emit(events, ev.CardsExchanged(seat, tuple(sc.codes(out))))
        self.pending.pop(0)
        if self.pending:
            self.seat = self.pending[0]
            return
        owed = self.shift_taken
        self.shift_taken = []
        self.chance = [(_CARD, s) for s, count in owed for _ in range(count)]
        if self.chance:
            self.seat = CHANCE
        else:
            self._exchange_done(events)

    def _exchange_done(self, events: list[Event]) -> None:
        if self.exchange_no == 1:
            self._begin_betting(events)
        else:
            self._showdown(events)

    def _settle_extra_cards(self, events: list[Event]) -> None:
        """Two-Exchange ties (RULES.md §1.5): after each extra card the total
        nearest to ±23 wins even beyond it; still tied, another card."""
        negative = self.options.negative_wins_ties
        keys = {s: _beyond_key(self.rank_of(s).total, negative) for s in self.demise}
        best = max(keys.values())
        tied = [s for s in self.demise if keys[s] == best]
        self.tie_rounds += 1
        if len(tied) > 1 and self.tie_rounds < self.options.tie_rounds_limit and self._cards_left():
            self.demise = tied
            self._emit(events, ev.SuddenDemise(tuple(tied), self.demise_special))
            self.chance = [(_DEMISE, s) for s in tied]
            self.seat = CHANCE
            return
        # Decided, or the deck / the patience of the table ran out: split.
        winners = tuple(tied)
        self._failed_call_penalty(winners, self.hand_pot, events)
        self._award(winners, self.demise_special, events)
        self._end_hand(winners, "showdown" if len(winners) == 1 else "split", events)

    # -- Great Khan (RULES.md §1.6) ---------------------------------------------------
    def _begin_turns(self, events: list[Event]) -> None:
        self.phase = TURNS
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self.stasis_paid = False
        self._emit(events, ev.PhaseStarted(TURNS, self.round_no))

    def _freeze_actions(self, seat: int) -> list[Action]:
        if not self.options.stasis_field:
            return []
        if not self.stasis_paid and self.chips[seat] < self.options.stake:
            return []
        return [_FREEZES[c] for c in dict.fromkeys(self._unlocked(seat))]

    def _apply_freeze(self, seat: int, action: Freeze, events: list[Event]) -> None:
        if not self.options.stasis_field:
            raise ValueError("this table has no stasis field")
        if action.card not in self._unlocked(seat):
            raise ValueError(f"you hold no unfrozen {sc.code(action.card)!r} to freeze")
        if not self.stasis_paid:
            stake = self.options.stake
            if self.chips[seat] < stake:
                raise ValueError("freezing costs the Stake (RULES.md §1.6): not enough chips")
            self.chips[seat] -= stake
            self.sabacc_pot += stake
            self.stasis_paid = True
            self._emit(events, ev.StakePaid(seat, stake, "freeze"))
        self.locked[seat].append(action.card)
        self._emit(events, ev.CardFrozen(seat, sc.code(action.card)))

    def _turn_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        left = self._cards_left()
        if left:
            acts.append(DRAW)
        acts.append(STAY)
        if left:
            acts.extend(_EXCHANGES[c] for c in dict.fromkeys(self._unlocked(seat)))
        acts.extend(self._freeze_actions(seat))
        return acts

    def _apply_turn(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Freeze):
            self._apply_freeze(seat, action, events)
            return
        chance: list[tuple[int, int]] = []
        if isinstance(action, Draw):
            if not self._cards_left():
                raise ValueError("the deck is empty: nothing to draw")
            chance.append((_CARD, seat))
        elif isinstance(action, ExchangeCard):
            if not self._cards_left():
                raise ValueError("the deck is empty: nothing to exchange with")
            if action.card not in self._unlocked(seat):
                if action.card in self.hands[seat]:
                    raise ValueError("frozen cards stay in the stasis field")
                raise ValueError(f"you hold no {sc.code(action.card)!r} to exchange")
            self.hands[seat].remove(action.card)
            self.discards.append(action.card)
            self._emit(events, ev.CardExchanged(seat, sc.code(action.card)))
            chance.append((_CARD, seat))
        elif isinstance(action, Stand):
            self._emit(events, ev.Stood(seat))
        else:
            raise ValueError(f"{action} is not allowed now: draw, exchange a card or stay")
        self.pending.pop(0)
        self.stasis_paid = False
        if self.options.dice_exchange:
            chance.append((_DICE, -1))  # RULES.md §1.6: the dice after every turn
        if chance:
            self.chance = chance
            self.seat = CHANCE
        else:
            self._khan_after_turn(events)

    def _khan_after_turn(self, events: list[Event]) -> None:
        if self.pending:
            self.seat = self.pending[0]
        elif self.phase == TURNS:
            self._begin_betting(events)
        else:
            self._betting_over(events)

    def _player_die_size(self) -> int:
        n = sum(self.dealt_in)
        return 2 if n <= 2 else 4 if n <= 4 else 6 if n <= 6 else 8

    # -- Force (RULES.md §1.7) ----------------------------------------------------------
    def side_of(self, seat: int) -> str | None:
        """The side a Force player plays now: declared, flipped per inverted card."""
        side = self.sides[seat]
        if side is None or len(self.inverted[seat]) % 2 == 0:
            return side
        return DARK if side == LIGHT else LIGHT

    def _force_after_deal(self, events: list[Event]) -> None:
        if self.round_no == 1:
            self.phase = DECLARING
            self.pending = self._order_from(self.lead, self.in_hand)
            self.seat = self.pending[0]
            self._emit(events, ev.PhaseStarted(DECLARING, 1))
        elif self.round_no >= 4 and self.caller >= 0:
            self._begin_final_discard(events)  # called: no more betting
        else:
            self._begin_betting(events)

    def _apply_declaring(self, seat: int, action: Action, events: list[Event]) -> None:
        if not isinstance(action, Declare) or action.side not in (LIGHT, DARK):
            raise ValueError(f"{action} is not allowed now: declare Light or Dark (RULES.md §1.7)")
        self.sides[seat] = action.side
        self._emit(events, ev.SideDeclared(seat, action.side))
        self.pending.pop(0)
        if self.pending:
            self.seat = self.pending[0]
        else:
            self._begin_betting(events)

    def _force_deal_round(self, events: list[Event]) -> None:
        self.round_no += 1
        self.lead = self._left_of(self.lead, self.in_hand)
        order = self._order_from(self._left_of(self.dealer, self.in_hand), self.in_hand)
        invert = self.options.inverted_chance > 0
        chance: list[tuple[int, int]] = []
        for s in order:
            chance.append((_DEAL, s))
            if invert:
                chance.append((_INVERT, s))
        self.chance = chance
        self.phase = BETTING
        self.seat = CHANCE

    def _force_after_betting(self, events: list[Event]) -> None:
        if self.round_no >= 4:
            self._begin_final_discard(events)
        elif self.round_no == 3:
            # RULES.md §1.7: after the third betting round any player may call.
            self.phase = CALLING
            self.pending = self._order_from(self.lead, self.in_hand)
            self.seat = self.pending[0]
        else:
            self._force_deal_round(events)

    def _begin_final_discard(self, events: list[Event]) -> None:
        self.phase = FINAL_DISCARD
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self._emit(events, ev.PhaseStarted(FINAL_DISCARD, 1))

    def _final_discard_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = [KEEP]
        if len(self.hands[seat]) > 1:
            acts.extend(_DISCARDS[c] for c in dict.fromkeys(self.hands[seat]))
        return acts

    def _apply_final_discard(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Keep):
            self._emit(events, ev.KeptAll(seat))
        elif isinstance(action, Discard):
            if action.card not in self.hands[seat]:
                raise ValueError(f"you hold no {sc.code(action.card)!r} to discard")
            if len(self.hands[seat]) <= 1:
                raise ValueError("the last card cannot be discarded")
            self.hands[seat].remove(action.card)
            if action.card in self.inverted[seat]:
                # Of two identical cards, the inverted one is the one let go.
                self.inverted[seat].remove(action.card)
            self.discards.append(action.card)
            self._emit(events, ev.CardDiscarded(seat, sc.code(action.card)))
        else:
            raise ValueError(f"{action} is not allowed now: discard one card (shown) or keep")
        self.pending.pop(0)
        if self.pending:
            self.seat = self.pending[0]
        else:
            self._showdown(events)

    def _force_sides(
        self, live: list[int], ranks: dict[int, HandRank], events: list[Event]
    ) -> list[int]:
        """Score the sides (RULES.md §1.7) and return the players who may win:
        the winning side's live hands, or everyone's when the sides are even."""
        alive = [s for s in live if not ranks[s].bombed_out]
        score = {LIGHT: 0, DARK: 0}
        for s in alive:
            score[self.side_of(s) or LIGHT] += abs(ranks[s].total)
        pures = [s for s in alive if ranks[s].kind == PURE_SABACC]
        winner: str | None = None
        if pures:
            top = max(ranks[s] for s in pures)  # +23 beats -23
            sides = {self.side_of(s) or LIGHT for s in pures if ranks[s] == top}
            winner = sides.pop() if len(sides) == 1 else None
            verdict = f"pure-{winner}" if winner else "even"
        elif not alive:
            verdict = "none"
        elif score[LIGHT] != score[DARK]:
            winner = LIGHT if score[LIGHT] > score[DARK] else DARK
            verdict = winner
        else:
            verdict = "even"  # the best hand at the table decides
        self._emit(events, ev.SidesScored(score[LIGHT], score[DARK], verdict))
        if winner is None:
            return alive
        return [s for s in alive if (self.side_of(s) or LIGHT) == winner]

    # -- Empress Teta: the swap before the showdown -----------------------------------
    def _begin_swapping(self, events: list[Event]) -> None:
        self.phase = SWAPPING
        self.pending = self._order_from(self.lead, self.in_hand)
        self.seat = self.pending[0]
        self._emit(events, ev.PhaseStarted(SWAPPING, 1))

    def _swap_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = [KEEP]
        if self._cards_left():
            acts.extend(_SWAPS[c] for c in dict.fromkeys(self.hands[seat]))
        return acts

    def _apply_swapping(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Keep):
            self._emit(events, ev.KeptAll(seat))
            self.pending.pop(0)
            self._next_swapper(events)
            return
        if not isinstance(action, Swap):
            raise ValueError(f"{action} is not allowed now: swap one card with the deck or keep")
        if action.card not in self.hands[seat]:
            if action.card in self.fields[seat]:
                raise ValueError("cards in the interference field cannot be swapped")
            raise ValueError(f"you hold no {sc.code(action.card)!r} to swap")
        if not self._cards_left():
            raise ValueError("the deck is empty: nothing to swap with")
        self.hands[seat].remove(action.card)
        self.discards.append(action.card)
        self._emit(events, ev.CardExchanged(seat, sc.code(action.card)))
        self.pending.pop(0)
        self.chance = [(_CARD, seat)]
        self.seat = CHANCE

    def _next_swapper(self, events: list[Event]) -> None:
        if self.pending:
            self.seat = self.pending[0]
        else:
            self._showdown(events)

    # -- chance of the preset flows -----------------------------------------------------
    def _flow_chance_outcomes(self, task: int, seat: int) -> list[tuple[int, float]]:
        if task == _DICE:
            return [(10 * a + b, 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        if task == _PLAYER_DIE:
            k = self._player_die_size()
            return [(v, 1 / k) for v in range(1, k + 1)]
        if task == _INVERT:
            p = self.options.inverted_chance
            return [(o, q) for o, q in ((1, p), (0, 1 - p)) if q > 0]
        if task == _DICE_PICK:
            pool = self._unlocked(seat)
        else:
            pool = self.deck or self.discards
            if not pool:
                return [(-1, 1.0)]
        counts: dict[int, int] = {}
        for c in pool:
            counts[c] = counts.get(c, 0) + 1
        return [(c, k / len(pool)) for c, k in counts.items()]

    def _sample_flow_chance(self, task: int, seat: int, rng: random.Random) -> list[Event]:
        if task == _DICE:
            return self.apply_chance(10 * rng.randint(1, 6) + rng.randint(1, 6))
        if task == _PLAYER_DIE:
            return self.apply_chance(rng.randint(1, self._player_die_size()))
        if task == _INVERT:
            return self.apply_chance(1 if rng.random() < self.options.inverted_chance else 0)
        pool = self._unlocked(seat) if task == _DICE_PICK else (self.deck or self.discards)
        if not pool:
            return self.apply_chance(-1)
        return self.apply_chance(pool[rng.randrange(len(pool))])

    def _apply_flow_chance(self, task: int, seat: int, outcome: int, events: list[Event]) -> None:
        if task == _DICE:
            first, second = divmod(outcome, 10)
            if not (1 <= first <= 6 and 1 <= second <= 6):
                raise ValueError(f"2d6 show two faces 1 to 6 (10 * first + second), not {outcome}")
            self.chance.pop(0)
            doubles = first == second
            self._emit(events, ev.DiceRolled(first, second, doubles))
            if doubles:
                self.chance.insert(0, (_PLAYER_DIE, -1))
        elif task == _PLAYER_DIE:
            k = self._player_die_size()
            if not 1 <= outcome <= k:
                raise ValueError(f"the player die is a d{k}: 1 to {k}, not {outcome}")
            self.chance.pop(0)
            # Counted from the dealer's left; a seat past the table, a folded
            # player or one with every card frozen: nothing happens, no re-roll.
            order = self._order_from(self._left_of(self.dealer, self.dealt_in), self.dealt_in)
            target = order[outcome - 1] if outcome <= len(order) else -1
            if target >= 0 and not (
                self.in_hand[target] and self._unlocked(target) and self._cards_left()
            ):
                target = -1
            self._emit(events, ev.PlayerDieRolled(outcome, target))
            if target >= 0:
                self.chance[0:0] = [(_DICE_PICK, target), (_DICE_SWAP, target)]
        elif task == _DICE_PICK:
            if outcome not in self._unlocked(seat):
                raise ValueError(f"seat {seat} holds no unfrozen {sc.code(outcome)!r}")
            self.chance.pop(0)
            self.hands[seat].remove(outcome)
            self.shift_taken = [(seat, outcome)]
        elif task == _DICE_SWAP:
            old = self.shift_taken[0][1]
            if outcome == -1:
                if self._cards_left():
                    raise ValueError("cards remain in the deck: a card must be dealt")
                self.chance.pop(0)
                self.hands[seat].append(old)  # nothing to exchange with
            else:
                self._take_from_deck(outcome, events)
                self.chance.pop(0)
                self.hands[seat].append(outcome)
                self.deck.append(old)
                self._emit(events, ev.CardShifted(seat, sc.code(old), sc.code(outcome)))
            self.shift_taken = []
        else:  # _INVERT
            if outcome not in (0, 1):
                raise ValueError(f"a card is inverted (1) or not (0), not {outcome}")
            self.chance.pop(0)
            if outcome == 1:
                self.inverted[seat].append(self.hands[seat][-1])
                self._emit(events, ev.CardInverted(seat, self.side_of(seat) or LIGHT))

    # -- protocol: actions ----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.seat
        if seat < 0:
            return []
        phase = self.phase
        if phase == BETTING:
            return self._betting_actions(seat)
        if phase == CALLING:
            return [CALL_HAND, PASS_CALL]
        if phase == DRAWING:
            return self._drawing_actions(seat)
        if phase == DISCARDING:
            return self._discard_actions(seat)
        if phase == HITTING:
            return self._hitting_actions(seat)
        if phase == EXCHANGING:
            return self._exchanging_actions(seat)
        if phase == TURNS:
            return self._turn_actions(seat)
        if phase == DECLARING:
            return [DECLARE_LIGHT, DECLARE_DARK]
        if phase == FINAL_DISCARD:
            return self._final_discard_actions(seat)
        if phase == SWAPPING:
            return self._swap_actions(seat)
        return []

    def apply(self, action: Action) -> list[Event]:
        """Apply the seat to act's action.  Illegal: ``ValueError``, state unchanged."""
        seat = self.seat
        if seat < 0:
            raise ValueError("no player is to act now" if seat != TERMINAL else "the match is over")
        verify_form(action)
        events: list[Event] = []
        phase = self.phase
        # Handlers check everything before they change anything.
        if phase == BETTING:
            self._apply_betting(seat, action, events)
        elif phase == CALLING:
            self._apply_calling(seat, action, events)
        elif phase == DRAWING:
            self._apply_drawing(seat, action, events)
        elif phase == DISCARDING:
            self._apply_discarding(seat, action, events)
        elif phase == HITTING:
            self._apply_hitting(seat, action, events)
        elif phase == EXCHANGING:
            self._apply_exchanging(seat, action, events)
        elif phase == TURNS:
            self._apply_turn(seat, action, events)
        elif phase == DECLARING:
            self._apply_declaring(seat, action, events)
        elif phase == FINAL_DISCARD:
            self._apply_final_discard(seat, action, events)
        elif phase == SWAPPING:
            self._apply_swapping(seat, action, events)
        else:
            raise ValueError(f"nothing can be played in the {phase} phase")
        self.actions_taken += 1
        return events

    # -- protocol: views ------------------------------------------------------------
    def view(self, seat: int) -> SabaccView:
        seat = seat_number(seat, self.num_seats)
        return SabaccView(
            seat=seat,
            num_seats=self.num_seats,
            options=self.options,
            values=self.values,
            phase=self.phase,
            to_act=self.seat,
            hand_no=self.hand_no,
            round_no=self.round_no,
            min_rounds=self.min_rounds,
            dealer=self.dealer,
            lead=self.lead,
            hand=tuple(self.hands[seat]),
            fields=tuple(tuple(f) for f in self.fields),
            card_counts=tuple(
                len(h) + len(f) for h, f in zip(self.hands, self.fields, strict=True)
            ),
            chips=tuple(self.chips),
            in_hand=tuple(self.in_hand),
            dealt_in=tuple(self.dealt_in),
            in_match=tuple(self.in_match),
            hand_pot=self.hand_pot,
            sabacc_pot=self.sabacc_pot,
            level=self.level,
            round_bets=tuple(self.round_bets),
            hand_bets=tuple(self.hand_bets),
            deck_size=len(self.deck),
            discards=tuple(self.discards),
            revealed=tuple(self.revealed),
            log=tuple(self.log),
            caller=self.caller,
            **(_NO_FLOW_FIELDS if self.options.flow == "classic" else self._flow_view(seat)),
        )

    def _flow_view(self, seat: int) -> dict[str, Any]:
        """The view fields the preset flows make public (or own)."""
        return {
            "flow": self.options.flow,
            "locked": tuple(self.locked[seat]),
            "locked_counts": tuple(len(c) for c in self.locked),
            "sides": tuple(self.side_of(s) for s in range(self.num_seats)),
            "inverted_counts": tuple(len(c) for c in self.inverted),
            "my_inverted": tuple(self.inverted[seat]),
            "exchange_no": self.exchange_no,
            "stasis_paid": self.stasis_paid and self.seat == seat,
        }

    # -- bookkeeping for tests and invariants -------------------------------------
    def all_cards(self) -> list[int]:
        """Every card on the table, wherever it is (a shift's cards in flight too)."""
        out = self.deck + self.discards
        if any(task in (_SHIFT_PICK, _DICE_SWAP) for task, _ in self.chance):
            # Taken by a shift and not yet shuffled back into the deck.
            out += [c for _, c in self.shift_taken]
        for h, f in zip(self.hands, self.fields, strict=True):
            out += h
            out += f
        return out

    def total_chips(self) -> int:
        return sum(self.chips) + self.hand_pot + self.sabacc_pot


_NO_FLOW_FIELDS: dict[str, Any] = {}  # Classic's views keep the defaults

# RULES.md §1.8: house rules from other rule books for every preset ranking by §1.2.
CANON_RANK_OPTIONS = ("fairy_empress", "negative_wins_ties")


# The presets of RULES.md §4 rank on their own decks; each names its ranker.
def _rank_kessel(preset: str) -> Any:
    def rank(cards: Sequence[str], **kwargs: Any) -> Any:
        from . import kessel_cards

        return kessel_cards.rank_hand(cards, preset, **kwargs)

    return rank


MODERN_RANKERS: dict[str, Any] = {
    "kessel": _rank_kessel("kessel"),
    "kessel-shift": _rank_kessel("kessel-shift"),
    "corellian-spike": rank_spike,
    "coruscant-shift": rank_coruscant,
}


def _beyond_key(total: int, negative_wins: bool = False) -> tuple[int, int]:
    """Two-Exchange tie cards: nearer to +23 or -23 is better, even beyond
    them; at equal distance the positive total wins (RULES.md §1.5), or the
    negative one with §1.8's ``negative_wins_ties``."""
    favoured = total < 0 if negative_wins else total > 0
    return (-abs(abs(total) - 23), 1 if favoured else 0)


def new_game(
    num_players: int,
    preset: str = "classic",
    options: SabaccOptions | None = None,
    chips: int = 100,
    seed_dealer: int = 0,
) -> SabaccState:
    """A new match, waiting for ``start_next()`` to deal the first hand."""
    opts = options if options is not None else options_for(preset)
    if opts.preset not in PLAYABLE_PRESETS:
        raise ValueError(
            f"the {opts.preset} preset cannot be played on this engine yet; "
            f"playable: {', '.join(PLAYABLE_PRESETS)}"
        )
    return SabaccState(opts, num_players, chips, seed_dealer)


def rank_hand(cards: Sequence[str], preset: str = "classic", **kwargs: Any) -> Any:
    """Rank a hand given as text codes under ``preset`` (CONTRACT §2).

    The modern presets (RULES.md §4.0) take keyword arguments and have their
    own rank objects, totally ordered like ``HandRank``.  The presets that rank
    by §1.2 take the house rules of §1.8: ``fairy_empress`` and
    ``negative_wins_ties`` (both off by default).
    """
    if preset in MODERN_RANKERS:
        return MODERN_RANKERS[preset](cards, **kwargs)
    unknown = set(kwargs) - set(CANON_RANK_OPTIONS)
    if unknown:
        raise ValueError(
            f"the {preset} preset takes no ranking options ({', '.join(sorted(unknown))}); "
            f"only {', '.join(CANON_RANK_OPTIONS)}"
        )
    opts = options_for(preset)
    if kwargs:
        opts = opts.with_(**{name: bool(value) for name, value in kwargs.items()})
    ints = sc.parse_all(cards)
    check_deck(ints, opts)
    return rank_cards(ints, value_table(opts), opts)
