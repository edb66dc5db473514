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

A hand is rounds of four phases: betting, shifting, calling, drawing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import sabacc_cards as sc
from . import sabacc_events as ev
from .base import BETWEEN, CHANCE, TERMINAL, Event
from .sabacc_presets import (
    PLAYABLE_PRESETS,
    PRESET_NAMES,
    VALUE_RULES,
    SabaccOptions,
    options_for,
    value_table,
)
from .sabacc_rank import HandRank, check_deck, rank_cards

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
)

CHECK = Check()
CALL = Call()
FOLD = Fold()
CALL_HAND = CallHand()
PASS_CALL = PassCall()
DRAW = Draw()
STAND = Stand()
KEEP = Keep()
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
        return self.options.hand_ante + (self.options.sabacc_ante if self.sabacc_pot == 0 else 0)

    def can_continue(self, seat: int) -> bool:
        return self.chips[seat] >= self.ante_due()

    # -- between hands ------------------------------------------------------------
    def rebuy(self, seat: int, amount: int) -> list[Event]:
        if self.seat != BETWEEN:
            raise ValueError("re-buys happen only between hands")
        if amount <= 0:
            raise ValueError("a re-buy must add chips")
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
        self._emit(events, ev.HandStarted(self.hand_no, self.dealer, tuple(players)))
        pay_sabacc = self.sabacc_pot == 0
        for s in self._order_from(self._left_of(self.dealer, self.dealt_in), self.dealt_in):
            hand_part = self.options.hand_ante
            sabacc_part = self.options.sabacc_ante if pay_sabacc else 0
            self.chips[s] -= hand_part + sabacc_part
            self.hand_pot += hand_part
            self.sabacc_pot += sabacc_part
            self._emit(events, ev.AntePaid(s, hand_part, sabacc_part))
        order = self._order_from(self._left_of(self.dealer, self.dealt_in), self.dealt_in)
        self.chance = [(_DEAL, s) for _ in range(2) for s in order]
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
            for pot in ("hand", "sabacc"):
                amount = self.hand_pot if pot == "hand" else self.sabacc_pot
                if amount:
                    self.chips[winner] += amount
                    self._emit(events, ev.PotAwarded(winner, amount, pot))
            self.hand_pot = self.sabacc_pot = 0
        self.phase = MATCH_OVER
        self.seat = TERMINAL
        self._emit(events, ev.MatchEnded(winner))
        return events

    # -- chance -----------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat = self.chance[0]
        if task == _DIE:
            return [(v, 1 / 6) for v in range(1, 7)]
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

    def _take_from_deck(self, card: int, events: list[Event]) -> None:
        self._refill_if_needed(events)
        try:
            i = self.deck.index(card)
        except ValueError:
            raise ValueError(f"card {sc.code(card)!r} is not in the deck") from None
        last = self.deck.pop()
        if i < len(self.deck):
            self.deck[i] = last

    def apply_chance(self, outcome: int) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat = self.chance[0]
        events: list[Event] = []
        if task == _DIE:
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
        if not self.chance:
            self._after_chance(task, events)
        return events

    def _after_chance(self, task: int, events: list[Event]) -> None:
        if task in (_DEAL, _RULES):
            self._begin_betting(events)
        elif task in (_DIE, _SHIFT_PICK, _SHIFT_DEAL):
            self._begin_calling(events)
        elif task == _DRAW:
            self.phase = DISCARDING
            self.seat = self.pending[0]
        elif task == _DEMISE:
            self._settle_demise(events)

    # -- betting ------------------------------------------------------------------
    def _begin_betting(self, events: list[Event]) -> None:
        self.phase = BETTING
        self.level = 0
        self.opened = False
        self.round_bets = [0] * self.num_seats
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
        if self.pending:
            self.seat = self.pending[0]
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
            self._showdown(events)
        elif isinstance(action, PassCall):
            self._emit(events, ev.PassedCall(seat))
            self.pending.pop(0)
            if self.pending:
                self.seat = self.pending[0]
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
                    self._penalty(s, stake, "bombed-out", events)
        best = max(ranks.values())
        if best.bombed_out:
            self._no_winner(events)
            return
        tied = [s for s in live if ranks[s] == best]
        if len(tied) == 1:
            winner = tied[0]
            self._failed_call_penalty((winner,), stake, events)
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
        if self.options.bombout_penalty:
            for s in self.demise:
                if ranks[s].bombed_out:
                    self._penalty(s, stake, "bombed-out", events)
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
            self._failed_call_penalty((), stake, events)
            self._no_winner(events)
            return
        winners = tuple(s for s in dealt if all_ranks[s] == best)
        self._failed_call_penalty(winners, stake, events)
        self._award(winners, False, events)
        self._end_hand(winners, "fallback", events)

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

    def _no_winner(self, events: list[Event]) -> None:
        # Every hand bombed out: the hand pot moves to the Sabacc pot.
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
        return []

    def apply(self, action: Action) -> list[Event]:
        """Apply the seat to act's action.  Illegal: ``ValueError``, state unchanged."""
        seat = self.seat
        if seat < 0:
            raise ValueError("no player is to act now" if seat != TERMINAL else "the match is over")
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
        else:
            raise ValueError(f"nothing can be played in the {phase} phase")
        self.actions_taken += 1
        return events

    # -- protocol: views ------------------------------------------------------------
    def view(self, seat: int) -> SabaccView:
        if not 0 <= seat < self.num_seats:
            raise ValueError(f"no seat {seat}")
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
        )

    # -- bookkeeping for tests and invariants -------------------------------------
    def all_cards(self) -> list[int]:
        """Every card on the table, wherever it is (a shift's cards in flight too)."""
        out = self.deck + self.discards
        if any(task == _SHIFT_PICK for task, _ in self.chance):
            # Taken by a shift and not yet shuffled back into the deck.
            out += [c for _, c in self.shift_taken]
        for h, f in zip(self.hands, self.fields, strict=True):
            out += h
            out += f
        return out

    def total_chips(self) -> int:
        return sum(self.chips) + self.hand_pot + self.sabacc_pot


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


def rank_hand(cards: Sequence[str], preset: str = "classic") -> HandRank:
    """Rank a hand given as text codes under ``preset`` (CONTRACT §2)."""
    opts = options_for(preset)
    ints = sc.parse_all(cards)
    check_deck(ints, opts)
    return rank_cards(ints, value_table(opts), opts)
