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
from . import sabacc_force
from .base import BETWEEN, CHANCE, TERMINAL, Event, rebuy_amount, seat_number, whole_number
from .sabacc_actions import (
    _CARD,
    _DEAL,
    _DEMISE,
    _DICE,
    _DICE_SWAP,
    _DIE,
    _DRAW,
    _INVERT,
    _PLAYER_DIE,
    _RULES,
    _SHIFT_DEAL,
    _SHIFT_PICK,
)
from .sabacc_actions import (
    ACTION_TYPES as ACTION_TYPES,
)
from .sabacc_actions import (
    BETTING as BETTING,
)
from .sabacc_actions import (
    CALL as CALL,
)
from .sabacc_actions import (
    CALL_HAND as CALL_HAND,
)
from .sabacc_actions import (
    CALLING as CALLING,
)
from .sabacc_actions import (
    CHECK as CHECK,
)
from .sabacc_actions import (
    DARK as DARK,
)
from .sabacc_actions import (
    DECLARE_DARK as DECLARE_DARK,
)
from .sabacc_actions import (
    DECLARE_LIGHT as DECLARE_LIGHT,
)
from .sabacc_actions import (
    DECLARING as DECLARING,
)
from .sabacc_actions import (
    DISCARDING as DISCARDING,
)
from .sabacc_actions import (
    DRAW as DRAW,
)
from .sabacc_actions import (
    DRAWING as DRAWING,
)
from .sabacc_actions import (
    EXCHANGE as EXCHANGE,
)
from .sabacc_actions import (
    EXCHANGING as EXCHANGING,
)
from .sabacc_actions import (
    FINAL_DISCARD as FINAL_DISCARD,
)
from .sabacc_actions import (
    FOLD as FOLD,
)
from .sabacc_actions import (
    HAND_OVER as HAND_OVER,
)
from .sabacc_actions import (
    HITTING as HITTING,
)
from .sabacc_actions import (
    KEEP as KEEP,
)
from .sabacc_actions import (
    LIGHT as LIGHT,
)
from .sabacc_actions import (
    MATCH_OVER as MATCH_OVER,
)
from .sabacc_actions import (
    PASS_CALL as PASS_CALL,
)
from .sabacc_actions import (
    SHIFTING as SHIFTING,
)
from .sabacc_actions import (
    SHOWDOWN as SHOWDOWN,
)
from .sabacc_actions import (
    STAND as STAND,
)
from .sabacc_actions import (
    STAY as STAY,
)
from .sabacc_actions import (
    SWAPPING as SWAPPING,
)
from .sabacc_actions import (
    TURNS as TURNS,
)
from .sabacc_actions import (
    Action as Action,
)
from .sabacc_actions import (
    Bet as Bet,
)
from .sabacc_actions import (
    Call as Call,
)
from .sabacc_actions import (
    CallHand as CallHand,
)
from .sabacc_actions import (
    Check as Check,
)
from .sabacc_actions import (
    Declare as Declare,
)
from .sabacc_actions import (
    Discard as Discard,
)
from .sabacc_actions import (
    Draw as Draw,
)
from .sabacc_actions import (
    Exchange as Exchange,
)
from .sabacc_actions import (
    ExchangeCard as ExchangeCard,
)
from .sabacc_actions import (
    Fold as Fold,
)
from .sabacc_actions import (
    Freeze as Freeze,
)
from .sabacc_actions import (
    Keep as Keep,
)
from .sabacc_actions import (
    Lock as Lock,
)
from .sabacc_actions import (
    PassCall as PassCall,
)
from .sabacc_actions import (
    PlaceInField as PlaceInField,
)
from .sabacc_actions import (
    Raise as Raise,
)
from .sabacc_actions import (
    Stand as Stand,
)
from .sabacc_actions import (
    Swap as Swap,
)
from .sabacc_actions import (
    verify_form as verify_form,
)
from .sabacc_phases import ClassicPhases
from .sabacc_presets import (
    PLAYABLE_PRESETS,
    PRESET_NAMES,
    VALUE_RULES,
    SabaccOptions,
    deck_of,
    options_for,
    value_table,
)
from .sabacc_rank import HandRank, check_deck, rank_cards
from .spike_rank import rank_coruscant, rank_spike

__all__ = [
    "PRESET_NAMES",
    "SabaccOptions",
    "SabaccState",
    "SabaccView",
    "new_game",
    "rank_hand",
]


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
class SabaccState(ClassicPhases):
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
        num_seats = whole_number(num_seats, "the number of players")
        chips = whole_number(chips, "a starting stack")
        dealer = whole_number(dealer, "the dealer's seat")
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
        self.deck = deck_of(options)
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
        return self.apply_chance(self.sample_outcome(rng))

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat = self.chance[0]
        if task == _DIE:
            return rng.randint(1, 6)
        if task >= _DICE:
            return self._flow_outcome(task, seat, rng)
        if task == _RULES:
            if rng.random() < self.options.random_change_chance:
                others = [i for i, r in enumerate(VALUE_RULES) if r != self.value_rule]
                return others[rng.randrange(len(others))]
            return -1
        if task == _SHIFT_PICK:
            pool = self.hands[seat]
            return pool[rng.randrange(len(pool))]
        pool = self.deck or self.discards
        if not pool:
            return -1
        return pool[rng.randrange(len(pool))]

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

    # -- shared steps -------------------------------------------------------------
    def _after_deal(self, events: list[Event]) -> None:
        flow = self.options.flow
        if flow == "two-exchange":
            self._begin_hitting(events)
        elif flow == "great-khan":
            self._begin_turns(events)
        else:
            sabacc_force.force_after_deal(self, events)

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
            sabacc_force.next_swapper(self, events)
        else:  # pragma: no cover - every queued card belongs to a phase above
            raise AssertionError(f"no flow resumes after chance task {task} in {self.phase}")

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
            return sabacc_force.final_discard_actions(self, seat)
        if phase == SWAPPING:
            return sabacc_force.swap_actions(self, seat)
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
            sabacc_force.apply_declaring(self, seat, action, events)
        elif phase == FINAL_DISCARD:
            sabacc_force.apply_final_discard(self, seat, action, events)
        elif phase == SWAPPING:
            sabacc_force.apply_swapping(self, seat, action, events)
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
