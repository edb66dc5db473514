"""Corellian Spike (RULES.md §4.2): the Galaxy's Edge deck and the spike dice.

A :class:`SpikeState` is a whole match; each *game* (one hand pot) is a unit
for the simulator.  It follows game/rules/base.py: chance steps are the deal,
the card that starts the discard pile, every draw-pile card (gain, swap,
the Sabacc Shift's new hands, blind draws) and the spike dice.

    >>> import random
    >>> from game.rules.base import resolve_chance
    >>> s = new_game(3)
    >>> _ = s.start_next(); _ = resolve_chance(s, random.Random(1))
    >>> s.phase, s.to_act(), s.hand_pot, s.sabacc_pot, [len(h) for h in s.hands]
    ('cards', 1, 6, 3, [2, 2, 2])

A game: everyone antes (2 to the hand pot, 1 to the Sabacc pot), two cards
each, one card face up on the discard pile; then three rounds of a card
phase (stand, gain, swap with either pile, or junk), a betting phase and a
spike phase (the dealer's two dice: doubles are a Sabacc Shift, every hand
still in is thrown away and dealt again at the same size).  The best hand
at the reveal takes the hand pot, and the Sabacc pot too if its total is 0;
ties go to a single blind draw, so pots never split.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from . import sabacc_events as ev
from . import spike_cards as kc
from . import spike_events as sev
from .base import BETWEEN, CHANCE, TERMINAL, Event, seat_number, whole_number
from .spike_base import (
    DISCARD_GAINED,
    FOLD,
    GAIN,
    KEEP_GAINED,
    STAND,
    DiscardGained,
    Fold,
    Gain,
    KeepGained,
    ModernTable,
    Stand,
    SwapDiscard,
    SwapDraw,
)
from .spike_rank import ModernRank, rank_spike_cards

PRESET = "corellian-spike"
FEES = ("none", "solo")
ROUNDS = 3
MAX_HAND = 5
MIN_HAND = 2

# -- phases ---------------------------------------------------------------------
CARDS = "cards"
GAINED = "gained"  # the gainer decides: keep the card or discard it
BETTING = "betting"
HAND_OVER = "hand-over"
MATCH_OVER = "match-over"

# -- chance tasks -----------------------------------------------------------------
_DEAL = 0
_FLIP = 1  # the card that starts the discard pile
_GAIN = 2
_SWAP = 3  # the draw-pile card after a swap's discard
_DICE = 4  # outcome 6 * (first - 1) + (second - 1)
_SHIFT = 5  # a card of a Sabacc Shift's new hand
_BLIND = 6  # a blind-draw card for a tie
_CARD_TASKS = (_DEAL, _FLIP, _GAIN, _SWAP, _SHIFT, _BLIND)


@dataclass(frozen=True, slots=True)
class SpikeOptions:
    """Every switch of Corellian Spike (RULES.md §4.2.7), defaults first."""

    preset: str = PRESET
    hand_ante: int = 2
    sabacc_ante: int = 1
    betting: bool = True
    fees: str = "none"  # "solo": Gain 1, taking the discard 2, into the hand pot
    strict_one_pair: bool = False
    exact_named_hands: bool = False
    bet_after_dice: bool = False  # the spike phase before the betting phase
    games_limit: int = 0  # 0: until only one player can pay the antes

    def __post_init__(self) -> None:
        if self.fees not in FEES:
            raise ValueError(f"unknown fees rule {self.fees!r}; choose from {', '.join(FEES)}")
        if self.hand_ante < 0 or self.sabacc_ante < 0 or self.games_limit < 0:
            raise ValueError("antes and limits cannot be negative")

    @property
    def gain_fee(self) -> int:
        return 1 if self.fees == "solo" else 0

    @property
    def discard_fee(self) -> int:
        return 2 if self.fees == "solo" else 0

    def with_(self, **changes: Any) -> SpikeOptions:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class SpikeView:
    """What one seat may know: its own hand, the counts of the others, the
    discard pile, the pots, the bets, the dice and the hands shown at the reveal."""

    seat: int
    num_seats: int
    options: SpikeOptions
    phase: str
    to_act: int
    hand_no: int
    round_no: int
    dealer: int
    hand: tuple[int, ...]
    gained: int | None  # own card just gained (deciding keep or discard)
    card_counts: tuple[int, ...]
    chips: tuple[int, ...]
    in_hand: tuple[bool, ...]
    dealt_in: tuple[bool, ...]
    in_match: tuple[bool, ...]
    hand_pot: int
    sabacc_pot: int
    level: int
    round_bets: tuple[int, ...]
    raises: int
    deck_size: int
    discards: tuple[int, ...]  # face up, top last
    dice: tuple[int, int] | None  # this round's spike dice once rolled
    spike_done: bool  # this round's spike phase is over
    shifts: int  # Sabacc Shifts this game
    revealed: tuple[tuple[int, ...] | None, ...]
    log: tuple[Event, ...] = field(repr=False)

    def rank(self) -> ModernRank:
        return rank_spike_cards(
            self.hand, self.options.strict_one_pair, self.options.exact_named_hands
        )


class SpikeState(ModernTable):
    """A match of Corellian Spike.  See the module docstring."""

    def __init__(self, options: SpikeOptions, num_seats: int, chips: int, dealer: int) -> None:
        self._init_table(num_seats, chips, dealer)
        self.options = options
        self.hand_pot = 0
        self.sabacc_pot = 0
        self.phase = HAND_OVER
        self.round_no = 0
        self.gained: int | None = None
        self.dice: tuple[int, int] | None = None
        self.spike_done = False
        self.shifts = 0
        self.revealed: list[tuple[int, ...] | None] = [None] * num_seats
        self.tied: list[int] = []
        self.blind: list[tuple[int, int]] = []  # (seat, card) drawn in this blind draw

    def clone(self) -> SpikeState:
        new = SpikeState.__new__(SpikeState)
        self._copy_table(new)
        new.options = self.options
        new.hand_pot = self.hand_pot
        new.sabacc_pot = self.sabacc_pot
        new.round_no = self.round_no
        new.gained = self.gained
        new.dice = self.dice
        new.spike_done = self.spike_done
        new.shifts = self.shifts
        new.revealed = self.revealed[:]
        new.tied = self.tied[:]
        new.blind = self.blind[:]
        return new

    # -- helpers --------------------------------------------------------------------
    def rank_of(self, seat: int) -> ModernRank:
        o = self.options
        return rank_spike_cards(self.hands[seat], o.strict_one_pair, o.exact_named_hands)

    def ante_due(self) -> int:
        return self.options.hand_ante + self.options.sabacc_ante

    def can_continue(self, seat: int) -> bool:
        return self.chips[seat] >= self.ante_due()

    def total_chips(self) -> int:
        return sum(self.chips) + self.hand_pot + self.sabacc_pot

    def table_chips(self) -> int:
        return self.hand_pot + self.sabacc_pot

    def all_cards(self) -> list[int]:
        out = super().all_cards()
        if self.gained is not None:
            out.append(self.gained)
        out += [c for _, c in self.blind]
        return out

    def _first(self) -> int:
        return self._left_of(self.dealer, self.in_hand)

    def _bet_sizes(self) -> range:
        unit = max(1, self.options.hand_ante)
        return range(unit, 5 * unit + 1, unit)

    def _into_pot(self, seat: int, amount: int) -> None:
        self.hand_pot += amount

    # -- between games -----------------------------------------------------------------
    def start_next(self) -> list[Event]:
        if self.seat != BETWEEN:
            raise ValueError("a new game starts only when the last one is over")
        events: list[Event] = []
        self.log = []
        for s in range(self.num_seats):
            if self.in_match[s] and not self.can_continue(s):
                # RULES.md §4.2.2: a player who cannot pay both antes is out.
                self.in_match[s] = False
                self._emit(events, ev.PlayerOut(s, "cannot pay the ante"))
        players = [s for s in range(self.num_seats) if self.in_match[s]]
        limit = self.options.games_limit
        if len(players) < 2 or (limit and self.completed >= limit):
            return events + self._end_match()
        if self.hand_no or not self.in_match[self.dealer]:
            # The deal passes left every game, skipping players who are out.
            self.dealer = self._left_of(self.dealer, self.in_match)
        self.hand_no += 1
        self.deck = kc.full_deck()
        self.discards = []
        self.hands = [[] for _ in range(self.num_seats)]
        self.dealt_in = self.in_match[:]
        self.in_hand = self.in_match[:]
        self.revealed = [None] * self.num_seats
        self.round_bets = [0] * self.num_seats
        self.gained = None
        self.dice = None
        self.spike_done = False
        self.shifts = 0
        self.tied = []
        self.blind = []
        self._emit(events, ev.HandStarted(self.hand_no, self.dealer, tuple(players)))
        order = self._order_from(self._first(), self.in_hand)
        for s in order:
            h, k = self.options.hand_ante, self.options.sabacc_ante
            self.chips[s] -= h + k
            self.hand_pot += h
            self.sabacc_pot += k
            self._emit(events, ev.AntePaid(s, h, k))
        self.chance = [(_DEAL, s) for _ in range(2) for s in order] + [(_FLIP, -1)]
        self.round_no = 1
        self.phase = CARDS
        self.seat = CHANCE
        return events

    def _end_match(self) -> list[Event]:
        events: list[Event] = []
        players = [s for s in range(self.num_seats) if self.in_match[s]]
        pool = players or list(range(self.num_seats))
        leader = max(pool, key=lambda s: (self.chips[s], -s))
        # RULES.md §4.2.5: a leftover Sabacc pot goes to the chip leader.
        for pot in ("hand", "sabacc"):
            amount = self.hand_pot if pot == "hand" else self.sabacc_pot
            if amount:
                self.chips[leader] += amount
                self._emit(events, ev.PotAwarded(leader, amount, pot))
        self.hand_pot = self.sabacc_pot = 0
        self.phase = MATCH_OVER
        self.seat = TERMINAL
        self._emit(events, ev.MatchEnded(players[0] if len(players) == 1 else leader))
        return events

    # -- chance ------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _ = self.chance[0]
        if task == _DICE:
            return [(k, 1 / 36) for k in range(36)]
        return self._draw_outcomes()

    def sample_chance(self, rng: random.Random) -> list[Event]:
        return self.apply_chance(self.sample_outcome(rng))

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _ = self.chance[0]
        if task == _DICE:
            return rng.randrange(36)
        return self.deck[rng.randrange(len(self.deck))]

    def _go_chance(self, events: list[Event]) -> None:
        self.seat = CHANCE
        if self.chance[0][0] in _CARD_TASKS and not self.deck:
            self._refill(events)

    def apply_chance(self, outcome: int) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        outcome = whole_number(outcome, "a chance outcome")
        task, seat = self.chance[0]
        events: list[Event] = []
        if task == _DICE:
            if not 0 <= outcome < 36:
                raise ValueError(f"two dice give an outcome 0 to 35, not {outcome}")
            self.chance.pop(0)
            self._spike_roll(outcome // 6 + 1, outcome % 6 + 1, events)
            return events
        self._take(outcome)
        self.chance.pop(0)
        code = kc.code(outcome)
        if task == _DEAL:
            self.hands[seat].append(outcome)
            self._emit(events, ev.CardDealt(seat, code))
        elif task == _FLIP:
            self.discards.append(outcome)
            self._emit(events, sev.DiscardStarted(code))
        elif task == _GAIN:
            self.gained = outcome
            self._emit(events, ev.CardDrawn(seat, code))
        elif task in (_SWAP, _SHIFT):
            self.hands[seat].append(outcome)
            self._emit(events, ev.CardDrawn(seat, code))
        elif task == _BLIND:
            self.blind.append((seat, outcome))
            self._emit(events, sev.BlindDraw(seat, code))
        if self.chance:
            self._go_chance(events)
            return events
        if task in (_DEAL, _FLIP):
            self._begin_card_phase(events)
        elif task == _GAIN:
            self.phase = GAINED
            self.seat = seat
        elif task == _SWAP:
            self._next_card_player(events)
        elif task == _SHIFT:
            self._after_spike(events)
        elif task == _BLIND:
            self._settle_blind(events)
        return events

    # -- the card phase ------------------------------------------------------------------
    def _begin_card_phase(self, events: list[Event]) -> None:
        self.phase = CARDS
        self.dice = None
        self.spike_done = False
        self._emit(events, ev.RoundStarted(self.round_no, self._first()))
        self.pending = self._order_from(self._first(), self.in_hand)
        self.seat = self.pending[0]

    def _card_actions(self, seat: int) -> list[object]:
        hand = self.hands[seat]
        chips = self.chips[seat]
        out: list[object] = [STAND]
        if chips >= self.options.gain_fee:
            out.append(GAIN)
        out += [SwapDraw(c) for c in _distinct(hand)]
        if self.discards and chips >= self.options.discard_fee:
            out += [SwapDiscard(c) for c in _distinct(hand)]
        out.append(FOLD)
        return out

    def _apply_card(self, seat: int, action: object, events: list[Event]) -> None:
        hand = self.hands[seat]
        if isinstance(action, Stand):
            self._emit(events, ev.Stood(seat))
            self._next_card_player(events)
        elif isinstance(action, Gain):
            fee = self.options.gain_fee
            if self.chips[seat] < fee:
                raise ValueError(f"a gain costs {fee} (fees: solo) and you have {self.chips[seat]}")
            self._fee(seat, fee, "gain", events)
            self.chance = [(_GAIN, seat)]
            self._go_chance(events)
        elif isinstance(action, SwapDraw):
            if action.card not in hand:
                raise ValueError(f"you hold no {kc.code(action.card)!r} to swap")
            hand.remove(action.card)
            self.discards.append(action.card)
            self._emit(events, ev.CardDiscarded(seat, kc.code(action.card)))
            self.chance = [(_SWAP, seat)]
            self._go_chance(events)
        elif isinstance(action, SwapDiscard):
            fee = self.options.discard_fee
            if not self.discards:
                raise ValueError("the discard pile is empty: there is no card to take")
            if action.card not in hand:
                raise ValueError(
                    f"you hold no {kc.code(action.card)!r}: the card you put down must be "
                    "one you held before taking the discard"
                )
            if self.chips[seat] < fee:
                raise ValueError(
                    f"taking the discard costs {fee} (fees: solo) and you have {self.chips[seat]}"
                )
            self._fee(seat, fee, "discard", events)
            taken = self.discards.pop()
            hand.remove(action.card)
            hand.append(taken)
            self.discards.append(action.card)
            self._emit(events, sev.DiscardTaken(seat, kc.code(taken)))
            self._emit(events, ev.CardDiscarded(seat, kc.code(action.card)))
            self._next_card_player(events)
        elif isinstance(action, Fold):
            self.pending.pop(0)
            self._fold(seat, events)
            if sum(self.in_hand) >= 2:
                self._card_phase_step(events)
            return
        else:
            raise ValueError(f"{action} is not a card-phase action (stand, gain, swap or junk)")

    def _fee(self, seat: int, fee: int, reason: str, events: list[Event]) -> None:
        if fee:
            self.chips[seat] -= fee
            self.hand_pot += fee
            self._emit(events, sev.FeePaid(seat, fee, reason))

    def _gained_actions(self, seat: int) -> list[object]:
        if len(self.hands[seat]) >= MAX_HAND:
            return [DISCARD_GAINED]
        return [KEEP_GAINED, DISCARD_GAINED]

    def _apply_gained(self, seat: int, action: object, events: list[Event]) -> None:
        card = self.gained
        assert card is not None
        if isinstance(action, KeepGained):
            if len(self.hands[seat]) >= MAX_HAND:
                raise ValueError(f"a hand holds at most {MAX_HAND} cards: discard the gained card")
            self.hands[seat].append(card)
            self._emit(events, sev.GainKept(seat))
        elif isinstance(action, DiscardGained):
            self.discards.append(card)
            self._emit(events, ev.CardDiscarded(seat, kc.code(card)))
        else:
            raise ValueError(f"{action}: after a gain, keep the card or discard it")
        self.gained = None
        self._next_card_player(events)

    def _next_card_player(self, events: list[Event]) -> None:
        self.pending.pop(0)
        self._card_phase_step(events)

    def _card_phase_step(self, events: list[Event]) -> None:
        self.phase = CARDS
        if self.pending:
            self.seat = self.pending[0]
            return
        if self.options.betting and not self.options.bet_after_dice:
            self._start_betting(events)
        else:
            self._start_spike(events)

    # -- betting -------------------------------------------------------------------------
    def _start_betting(self, events: list[Event]) -> None:
        self.phase = BETTING
        self._emit(events, ev.PhaseStarted(BETTING, self.round_no))
        self._begin_betting(self._first(), events)

    def _betting_done(self, events: list[Event]) -> None:
        if self.options.bet_after_dice:
            self._end_round(events)
        else:
            self._start_spike(events)

    # -- the spike phase ------------------------------------------------------------------
    def _start_spike(self, events: list[Event]) -> None:
        self.phase = "spike"
        self.chance = [(_DICE, self.dealer)]
        self._go_chance(events)

    def _spike_roll(self, first: int, second: int, events: list[Event]) -> None:
        shift = first == second
        self.dice = (first, second)
        self._emit(events, sev.SpikeDiceRolled(first, second, shift))
        if not shift:
            self._after_spike(events)
            return
        # The Sabacc Shift: every hand still in goes face up on the discard
        # pile, then each is dealt as many new cards (RULES.md §4.2.3).
        self.shifts += 1
        order = self._order_from(self._first(), self.in_hand)
        sizes = {}
        for s in order:
            sizes[s] = len(self.hands[s])
            self._emit(events, sev.HandDissolved(s, kc.codes(self.hands[s])))
            self.discards += self.hands[s]
            self.hands[s] = []
        self.chance = [(_SHIFT, s) for s in order for _ in range(sizes[s])]
        self._go_chance(events)

    def _after_spike(self, events: list[Event]) -> None:
        self.spike_done = True
        if self.options.betting and self.options.bet_after_dice:
            self._start_betting(events)
        else:
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        if self.round_no < ROUNDS:
            self.round_no += 1
            self._begin_card_phase(events)
        else:
            self._reveal(events)

    # -- the reveal ----------------------------------------------------------------------
    def _reveal(self, events: list[Event]) -> None:
        self.phase = "reveal"
        order = self._order_from(self._first(), self.in_hand)
        ranks = {}
        for s in order:
            r = self.rank_of(s)
            ranks[s] = r
            self.revealed[s] = tuple(self.hands[s])
            self._emit(events, ev.HandRevealed(s, kc.codes(self.hands[s]), r.kind, r.total))
        best = max(ranks.values())
        tied = [s for s in order if ranks[s] == best]
        if len(tied) == 1:
            self._award(tied[0], best.takes_sabacc_pot, "showdown", events)
            return
        self._blind_draw(tied, events)

    def _blind_draw(self, tied: list[int], events: list[Event]) -> None:
        # RULES.md §4.2.6: a single blind draw among the tied players.
        self.tied = tied
        self.blind = []
        self.chance = [(_BLIND, s) for s in tied]
        self._go_chance(events)

    def _settle_blind(self, events: list[Event]) -> None:
        keys = {s: _blind_key(c) for s, c in self.blind}
        best = max(keys.values())
        still = [s for s in self.tied if keys[s] == best]
        for _, c in self.blind:
            self.discards.append(c)
        self.blind = []
        if len(still) > 1:
            self._blind_draw(still, events)
            return
        self.tied = []
        self._award(still[0], self.rank_of(still[0]).takes_sabacc_pot, "showdown", events)

    def _award(self, winner: int, with_sabacc: bool, reason: str, events: list[Event]) -> None:
        if self.hand_pot:
            self.chips[winner] += self.hand_pot
            self._emit(events, ev.PotAwarded(winner, self.hand_pot, "hand"))
            self.hand_pot = 0
        if with_sabacc and self.sabacc_pot:
            self.chips[winner] += self.sabacc_pot
            self._emit(events, ev.PotAwarded(winner, self.sabacc_pot, "sabacc"))
            self.sabacc_pot = 0
        self.wins[winner] += 1
        self.completed += 1
        self.phase = HAND_OVER
        self.pending = []
        self.chance = []
        self.seat = BETWEEN
        self._emit(events, ev.HandEnded(self.hand_no, (winner,), reason))

    def _fold(self, seat: int, events: list[Event]) -> None:
        self.in_hand[seat] = False
        cards = self.hands[seat]
        self.discards += cards
        self.hands[seat] = []
        self._emit(events, sev.Junked(seat, kc.codes(cards)))
        if sum(self.in_hand) == 1:
            # The last player left takes the hand pot at once, never the
            # Sabacc pot, and shows nothing (RULES.md §4.2.3).
            self._award(self._players_in()[0], False, "fold", events)

    # -- protocol ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        seat = self.seat
        if seat < 0:
            return []
        if self.phase == CARDS:
            return self._card_actions(seat)
        if self.phase == GAINED:
            return self._gained_actions(seat)
        if self.phase == BETTING:
            return self._betting_actions(seat)
        return []

    def apply(self, action: Any) -> list[Event]:
        """Apply the seat to act's action.  Illegal: ``ValueError``, state unchanged."""
        seat = self._check_seat_to_act(action)
        events: list[Event] = []
        if self.phase == CARDS:
            self._apply_card(seat, action, events)
        elif self.phase == GAINED:
            self._apply_gained(seat, action, events)
        elif self.phase == BETTING:
            self._betting_step(seat, action, events)
        else:
            raise ValueError(f"nothing can be played in the {self.phase} phase")
        return events

    def view(self, seat: int) -> SpikeView:
        seat = seat_number(seat, self.num_seats)
        return SpikeView(
            seat=seat,
            num_seats=self.num_seats,
            options=self.options,
            phase=self.phase,
            to_act=self.seat,
            hand_no=self.hand_no,
            round_no=self.round_no,
            dealer=self.dealer,
            hand=tuple(self.hands[seat]),
            gained=self.gained if self.seat == seat and self.phase == GAINED else None,
            card_counts=tuple(len(h) for h in self.hands),
            chips=tuple(self.chips),
            in_hand=tuple(self.in_hand),
            dealt_in=tuple(self.dealt_in),
            in_match=tuple(self.in_match),
            hand_pot=self.hand_pot,
            sabacc_pot=self.sabacc_pot,
            level=self.level,
            round_bets=tuple(self.round_bets),
            raises=self.raises,
            deck_size=len(self.deck),
            discards=tuple(self.discards),
            dice=self.dice,
            spike_done=self.spike_done,
            shifts=self.shifts,
            revealed=tuple(self.revealed),
            log=tuple(self.log),
        )


def _distinct(cards: list[int]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def _blind_key(card: int) -> tuple[int, int]:
    """Nearest 0 wins, positive beats negative; a Sylop (0) is best."""
    v = kc.VALUES[card]
    return (-abs(v), 1 if v >= 0 else 0)


def new_game(
    num_players: int,
    options: SpikeOptions | None = None,
    chips: int = 100,
    seed_dealer: int = 0,
) -> SpikeState:
    """A new match, waiting for ``start_next()`` to deal the first game."""
    return SpikeState(options or SpikeOptions(), num_players, chips, seed_dealer)
