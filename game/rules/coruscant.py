"""Coruscant Shift (RULES.md §4.3): the Galactic Starcruiser's gold and silver dice.

A :class:`CoruscantState` is a whole match; each hand is a unit.  Chance
steps are the deal, the gold die (the target number), the silver die (the
target suit) and the cards of the shift.

    >>> import random
    >>> from game.rules.base import resolve_chance
    >>> s = new_game(3)
    >>> _ = s.start_next(); _ = resolve_chance(s, random.Random(1))
    >>> s.phase, s.to_act(), s.pot, [len(h) for h in s.hands], s.target is not None
    ('select', 0, 6, [5, 5, 5], True)

A hand: everyone antes; five cards each; the dice set the target T and the
suit U; each player places 1-5 cards face down as the selection (all at
once: nobody sees how many the others chose until all have chosen); a
betting round; the shift (unselected cards go face up on the discard pile
and each hand is filled back to five); the second selection may add new
cards (the first picks stay); a second betting round; the reveal: the
selection nearest T wins the pot (ties split it, odd chips stay for the next
hand).  The ante rises after each hand by a step set by the number of
players (``ante_step``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from . import sabacc_events as ev
from . import spike_cards as kc
from . import spike_events as sev
from .base import BETWEEN, CHANCE, TERMINAL, Event, seat_number, whole_number
from .spike_base import UNLIMITED, Fold, ModernTable, Select
from .spike_rank import ModernRank, rank_coruscant_cards

PRESET = "coruscant-shift"
ANTE_STEPS = ("dynamic", "fixed")
HAND_SIZE = 5
GOLD_FACES = (0, 0, 5, -5, 10, -10)
SILVER_FACES = ("o", "o", "t", "t", "s", "s")

# -- phases --------------------------------------------------------------------------
SELECT = "select"
BETTING = "betting"
HAND_OVER = "hand-over"
MATCH_OVER = "match-over"

# -- chance tasks ----------------------------------------------------------------------
_DEAL = 0
_GOLD = 1
_SILVER = 2
_SHIFT = 3


@dataclass(frozen=True, slots=True)
class CoruscantOptions:
    """Every switch of Coruscant Shift (RULES.md §4.3.6), defaults first."""

    preset: str = PRESET
    selections: int = 2  # 1: a single selection, then the reveal
    ante_step: str = "dynamic"  # "fixed": the ante never rises
    ante: int = 2
    min_bet: int = 1
    pure_sabacc: bool = False  # exactly two Sylops beat every hand
    hands_limit: int = 0  # 0: until one player holds every chip

    def __post_init__(self) -> None:
        if self.selections not in (1, 2):
            raise ValueError("Coruscant Shift has 1 or 2 selections")
        if self.ante_step not in ANTE_STEPS:
            raise ValueError(
                f"unknown ante step {self.ante_step!r}; choose from {', '.join(ANTE_STEPS)}"
            )
        if self.ante < 0 or self.min_bet < 1 or self.hands_limit < 0:
            raise ValueError("the ante and limits cannot be negative; the minimum bet is 1 or more")

    def with_(self, **changes: Any) -> CoruscantOptions:
        return replace(self, **changes)


def ante_step(players: int) -> int:
    """RULES.md §4.3.2: +5 with 2 players, +3 with 3, +2 with 4, +1 with 5 or more."""
    return {2: 5, 3: 3, 4: 2}.get(players, 1 if players >= 5 else 0)


@dataclass(frozen=True, slots=True)
class CoruscantView:
    """What one seat may know.  Other seats' selections are face down: the view
    shows how many cards each selected only once every player has chosen."""

    seat: int
    num_seats: int
    options: CoruscantOptions
    phase: str
    to_act: int
    hand_no: int
    starter: int
    selection_no: int  # 1 or 2 while selecting or betting after that selection
    target: int | None
    suit: str | None
    hand: tuple[int, ...]  # own cards not selected
    selection: tuple[int, ...]  # own selection (face down to the others)
    new_cards: tuple[int, ...]  # own cards dealt by the shift
    selected_counts: tuple[int, ...]  # public: cards each seat has selected so far
    card_counts: tuple[int, ...]
    chips: tuple[int, ...]
    in_hand: tuple[bool, ...]
    dealt_in: tuple[bool, ...]
    in_match: tuple[bool, ...]
    pot: int
    ante: int
    level: int
    round_bets: tuple[int, ...]
    raises: int
    deck_size: int
    discards: tuple[int, ...]
    revealed: tuple[tuple[int, ...] | None, ...]
    log: tuple[Event, ...] = field(repr=False)

    @property
    def suit_index(self) -> int:
        return kc.STAVES.index(self.suit) if self.suit else 0

    def rank(self, cards: tuple[int, ...] | None = None) -> ModernRank:
        chosen = self.selection if cards is None else cards
        return rank_coruscant_cards(
            chosen, self.target or 0, self.suit_index, self.options.pure_sabacc
        )


class CoruscantState(ModernTable):
    """A match of Coruscant Shift.  See the module docstring."""

    def __init__(self, options: CoruscantOptions, num_seats: int, chips: int, dealer: int) -> None:
        self._init_table(num_seats, chips, dealer)
        self.options = options
        self.pot = 0
        self.ante_now = options.ante
        self.fresh_ladder = True  # the next hand's ante does not rise (first hand, re-buy)
        self.phase = HAND_OVER
        self.target: int | None = None
        self.suit: int | None = None
        self.selection_no = 0
        self.selected: list[list[int]] = [[] for _ in range(num_seats)]
        self.new_cards: list[list[int]] = [[] for _ in range(num_seats)]
        self.public_counts = [0] * num_seats
        self.mucked: list[int] = []  # folded cards, face down
        self.revealed: list[tuple[int, ...] | None] = [None] * num_seats

    def clone(self) -> CoruscantState:
        new = CoruscantState.__new__(CoruscantState)
        self._copy_table(new)
        new.options = self.options
        new.pot = self.pot
        new.ante_now = self.ante_now
        new.fresh_ladder = self.fresh_ladder
        new.target = self.target
        new.suit = self.suit
        new.selection_no = self.selection_no
        new.selected = [c[:] for c in self.selected]
        new.new_cards = [c[:] for c in self.new_cards]
        new.public_counts = self.public_counts[:]
        new.mucked = self.mucked[:]
        new.revealed = self.revealed[:]
        return new

    # -- helpers ---------------------------------------------------------------------
    def rank_of(self, seat: int) -> ModernRank:
        return rank_coruscant_cards(
            self.selected[seat], self.target or 0, self.suit or 0, self.options.pure_sabacc
        )

    def ante_due(self) -> int:
        """The ante of the next hand (RULES.md §4.3.2: the step counts the
        players who will play it: those still in the match with chips)."""
        if self.fresh_ladder or self.options.ante_step == "fixed":
            return self.ante_now
        players = sum(1 for s in range(self.num_seats) if self.in_match[s] and self.chips[s] > 0)
        return self.ante_now + ante_step(players)

    def can_continue(self, seat: int) -> bool:
        return self.chips[seat] >= self.ante_due()

    def total_chips(self) -> int:
        return sum(self.chips) + self.pot

    def table_chips(self) -> int:
        return self.pot

    def all_cards(self) -> list[int]:
        out = super().all_cards() + self.mucked
        for c in self.selected:
            out += c
        return out

    def _bet_sizes(self) -> range:
        return range(self.options.min_bet, UNLIMITED)

    def _into_pot(self, seat: int, amount: int) -> None:
        self.pot += amount

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        events = super().rebuy(seat, amount)
        # A re-buy seats a fresh stack: the ante ladder starts again, as at the
        # start of a match (otherwise the ante would outgrow every stack).
        self.ante_now = self.options.ante
        self.fresh_ladder = True
        return events

    # -- between hands --------------------------------------------------------------------
    def start_next(self) -> list[Event]:
        if self.seat != BETWEEN:
            raise ValueError("a new hand starts only when the last one is over")
        events: list[Event] = []
        self.log = []
        ante = self.ante_due()
        for s in range(self.num_seats):
            if self.in_match[s] and self.chips[s] < ante:
                self.in_match[s] = False
                self._emit(events, ev.PlayerOut(s, "cannot pay the ante"))
        players = [s for s in range(self.num_seats) if self.in_match[s]]
        limit = self.options.hands_limit
        if len(players) < 2 or (limit and self.completed >= limit):
            return events + self._end_match()
        if ante != self.ante_now:
            self._emit(events, sev.AnteRaised(ante))
        self.ante_now = ante
        self.fresh_ladder = False
        if self.hand_no or not self.in_match[self.dealer]:
            # The starting player passes left each hand (RULES.md §4.3.2).
            self.dealer = self._left_of(self.dealer, self.in_match)
        self.hand_no += 1
        self.deck = kc.full_deck()
        self.discards = []
        self.mucked = []
        self.hands = [[] for _ in range(self.num_seats)]
        self.selected = [[] for _ in range(self.num_seats)]
        self.new_cards = [[] for _ in range(self.num_seats)]
        self.public_counts = [0] * self.num_seats
        self.revealed = [None] * self.num_seats
        self.round_bets = [0] * self.num_seats
        self.dealt_in = self.in_match[:]
        self.in_hand = self.in_match[:]
        self.target = self.suit = None
        self.selection_no = 0
        self._emit(events, ev.HandStarted(self.hand_no, self.dealer, tuple(players)))
        order = self._order_from(self.dealer, self.in_hand)
        for s in order:
            self.chips[s] -= ante
            self.pot += ante
            self._emit(events, ev.AntePaid(s, ante, 0))
        self.chance = [(_DEAL, s) for _ in range(HAND_SIZE) for s in order]
        self.chance += [(_GOLD, -1), (_SILVER, -1)]
        self.phase = "deal"
        self.seat = CHANCE
        return events

    def _end_match(self) -> list[Event]:
        events: list[Event] = []
        players = [s for s in range(self.num_seats) if self.in_match[s]]
        pool = players or list(range(self.num_seats))
        leader = max(pool, key=lambda s: (self.chips[s], -s))
        if self.pot:
            self.chips[leader] += self.pot
            self._emit(events, ev.PotAwarded(leader, self.pot, "hand"))
            self.pot = 0
        self.phase = MATCH_OVER
        self.seat = TERMINAL
        self._emit(events, ev.MatchEnded(leader))
        return events

    # -- chance ------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _ = self.chance[0]
        if task == _GOLD:
            return [(face, GOLD_FACES.count(face) / 6) for face in (0, 5, -5, 10, -10)]
        if task == _SILVER:
            return [(i, 1 / 3) for i in range(3)]
        return self._draw_outcomes()

    def sample_chance(self, rng: random.Random) -> list[Event]:
        return self.apply_chance(self.sample_outcome(rng))

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _ = self.chance[0]
        if task == _GOLD:
            return GOLD_FACES[rng.randrange(6)]
        if task == _SILVER:
            return kc.STAVES.index(SILVER_FACES[rng.randrange(6)])
        return self.deck[rng.randrange(len(self.deck))]

    def _go_chance(self, events: list[Event]) -> None:
        self.seat = CHANCE
        if self.chance[0][0] in (_DEAL, _SHIFT) and not self.deck:
            self._refill(events)

    def apply_chance(self, outcome: int) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        outcome = whole_number(outcome, "a chance outcome")
        task, seat = self.chance[0]
        events: list[Event] = []
        if task == _GOLD:
            if outcome not in GOLD_FACES:
                raise ValueError(f"the gold die shows 0, +5, -5, +10 or -10, not {outcome}")
            self.chance.pop(0)
            self.target = outcome
        elif task == _SILVER:
            if not 0 <= outcome < 3:
                raise ValueError(f"the silver die shows a suit 0-2 (o, t, s), not {outcome}")
            self.chance.pop(0)
            self.suit = outcome
            self._emit(events, sev.TargetRolled(self.target or 0, kc.STAVES[outcome]))
        else:
            self._take(outcome)
            self.chance.pop(0)
            self.hands[seat].append(outcome)
            if task == _SHIFT:
                self.new_cards[seat].append(outcome)
                self._emit(events, ev.CardDrawn(seat, kc.code(outcome)))
            else:
                self._emit(events, ev.CardDealt(seat, kc.code(outcome)))
        if self.chance:
            self._go_chance(events)
        elif task == _SILVER:
            self._begin_selection(1, events)
        elif task == _SHIFT:
            self._begin_selection(2, events)
        return events

    # -- selections -----------------------------------------------------------------------
    def _begin_selection(self, number: int, events: list[Event]) -> None:
        self.phase = SELECT
        self.selection_no = number
        self._emit(events, ev.PhaseStarted(SELECT, number))
        self.pending = self._order_from(self.dealer, self.in_hand)
        self.seat = self.pending[0]

    def _select_actions(self, seat: int) -> list[Select]:
        if self.selection_no == 1:
            hand = sorted(self.hands[seat])
            options = {combo for k in range(1, HAND_SIZE + 1) for combo in combinations(hand, k)}
            return [Select(c) for c in sorted(options, key=lambda c: (len(c), c))]
        first = tuple(sorted(self.selected[seat]))
        new = sorted(self.new_cards[seat])
        adds = {combo for k in range(len(new) + 1) for combo in combinations(new, k)}
        return [Select(tuple(sorted(first + a))) for a in sorted(adds, key=lambda c: (len(c), c))]

    def _apply_select(self, seat: int, action: Any, events: list[Event]) -> None:
        if isinstance(action, Fold):
            self.pending.pop(0)
            self._fold(seat, events)
            if self.seat != BETWEEN:
                self._selection_step(events)
            return
        if not isinstance(action, Select):
            raise ValueError(f"{action} is not a selection: place 1 to 5 cards face down")
        cards = list(action.cards)
        if not 1 <= len(cards) <= HAND_SIZE:
            raise ValueError(
                f"a selection holds 1 to {HAND_SIZE} cards, not {len(cards)} (RULES.md §4.3.7)"
            )
        if self.selection_no == 1:
            pool = self.hands[seat][:]
            for c in cards:
                if c not in pool:
                    raise ValueError(f"you hold no {kc.code(c)!r} to select")
                pool.remove(c)
            self.selected[seat] = cards
            self.hands[seat] = pool
        else:
            kept = self.selected[seat][:]
            rest = cards[:]
            for c in kept:
                if c not in rest:
                    raise ValueError(
                        f"the second selection cannot drop {kc.code(c)!r}: first-selection "
                        "cards stay in the selection"
                    )
                rest.remove(c)
            new = self.new_cards[seat][:]
            for c in rest:
                if c not in new:
                    raise ValueError(
                        f"{kc.code(c)!r} is not one of your new cards: the second selection "
                        "adds only cards dealt by the shift"
                    )
                new.remove(c)
            self.selected[seat] = kept + rest
            for c in rest:
                self.hands[seat].remove(c)
        self.pending.pop(0)
        self._selection_step(events)

    def _selection_step(self, events: list[Event]) -> None:
        if self.pending:
            self.seat = self.pending[0]
            return
        # Everyone has chosen: the selections are laid down together (face down).
        for s in self._order_from(self.dealer, self.in_hand):
            self.public_counts[s] = len(self.selected[s])
            self._emit(events, sev.SelectionMade(s, self.selection_no, kc.codes(self.selected[s])))
            if self.selection_no == 2 or self.options.selections == 1:
                # The rest is discarded face up (RULES.md §4.3.3 step 7).
                self._discard_rest(s, events)
        self.phase = BETTING
        self._emit(events, ev.PhaseStarted(BETTING, self.selection_no))
        self._begin_betting(
            self.dealer if self.in_hand[self.dealer] else self._left_of(self.dealer, self.in_hand),
            events,
        )

    def _discard_rest(self, seat: int, events: list[Event]) -> None:
        rest = self.hands[seat]
        if rest:
            self.discards += rest
            self._emit(events, sev.CardsDiscarded(seat, kc.codes(rest)))
        self.hands[seat] = []
        self.new_cards[seat] = []

    def _betting_done(self, events: list[Event]) -> None:
        if self.selection_no == 1 and self.options.selections == 2:
            self._shift(events)
        else:
            self._reveal(events)

    def _shift(self, events: list[Event]) -> None:
        """Step 6: unselected cards go face up on the discard pile; every hand is
        filled back to five cards from the starting player."""
        self.phase = "shift"
        self._emit(events, ev.PhaseStarted("shift", 1))
        order = self._order_from(self.dealer, self.in_hand)
        for s in order:
            self._discard_rest(s, events)
        self.chance = [(_SHIFT, s) for s in order for _ in range(HAND_SIZE - len(self.selected[s]))]
        if self.chance:
            self._go_chance(events)
        else:
            self._begin_selection(2, events)

    # -- the reveal -------------------------------------------------------------------------
    def _reveal(self, events: list[Event]) -> None:
        self.phase = "reveal"
        order = self._order_from(self.dealer, self.in_hand)
        ranks = {}
        for s in order:
            r = self.rank_of(s)
            ranks[s] = r
            self.revealed[s] = tuple(self.selected[s])
            self._emit(events, ev.HandRevealed(s, kc.codes(self.selected[s]), r.kind, r.total))
        best = max(ranks.values())
        winners = tuple(s for s in order if ranks[s] == best)
        if len(winners) == 1:
            self._award(winners, "showdown", events)
        else:
            self._award(winners, "split", events)

    def _award(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        each, left = divmod(self.pot, len(winners))
        for w in winners:
            self.chips[w] += each
            self.wins[w] += 1
        if len(winners) > 1:
            self._emit(events, sev.PotSplit(winners, each, left))
        elif each:
            self._emit(events, ev.PotAwarded(winners[0], each, "hand"))
        # RULES.md §4.3.4: odd chips of a split stay in the pot for the next hand.
        self.pot = left
        self.completed += 1
        self.phase = HAND_OVER
        self.pending = []
        self.chance = []
        self.seat = BETWEEN
        self._emit(events, ev.HandEnded(self.hand_no, winners, reason))

    def _fold(self, seat: int, events: list[Event]) -> None:
        self.in_hand[seat] = False
        # A folded hand is forfeited face down: nobody learns its cards.
        self.mucked += self.hands[seat] + self.selected[seat]
        self.hands[seat] = []
        self.selected[seat] = []
        self.new_cards[seat] = []
        self.public_counts[seat] = 0
        self._emit(events, ev.Folded(seat, 0))
        if sum(self.in_hand) == 1:
            self._award((self._players_in()[0],), "fold", events)

    # -- protocol ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        seat = self.seat
        if seat < 0:
            return []
        if self.phase == SELECT:
            return [*self._select_actions(seat), Fold()]
        if self.phase == BETTING:
            return self._betting_actions(seat)
        return []

    def apply(self, action: Any) -> list[Event]:
        """Apply the seat to act's action.  Illegal: ``ValueError``, state unchanged."""
        seat = self._check_seat_to_act(action)
        events: list[Event] = []
        if self.phase == SELECT:
            self._apply_select(seat, action, events)
        elif self.phase == BETTING:
            self._betting_step(seat, action, events)
        else:
            raise ValueError(f"nothing can be played in the {self.phase} phase")
        return events

    def view(self, seat: int) -> CoruscantView:
        seat = seat_number(seat, self.num_seats)
        return CoruscantView(
            seat=seat,
            num_seats=self.num_seats,
            options=self.options,
            phase=self.phase,
            to_act=self.seat,
            hand_no=self.hand_no,
            starter=self.dealer,
            selection_no=self.selection_no,
            target=self.target if self.suit is not None else None,
            suit=kc.STAVES[self.suit] if self.suit is not None else None,
            hand=tuple(self.hands[seat]),
            selection=tuple(self.selected[seat]),
            new_cards=tuple(self.new_cards[seat]),
            selected_counts=tuple(self.public_counts),
            card_counts=tuple(
                len(h) + len(c) for h, c in zip(self.hands, self.selected, strict=True)
            ),
            chips=tuple(self.chips),
            in_hand=tuple(self.in_hand),
            dealt_in=tuple(self.dealt_in),
            in_match=tuple(self.in_match),
            pot=self.pot,
            ante=self.ante_now,
            level=self.level,
            round_bets=tuple(self.round_bets),
            raises=self.raises,
            deck_size=len(self.deck),
            discards=tuple(self.discards),
            revealed=tuple(self.revealed),
            log=tuple(self.log),
        )


def new_game(
    num_players: int,
    options: CoruscantOptions | None = None,
    chips: int = 100,
    seed_dealer: int = 0,
) -> CoruscantState:
    """A new match, waiting for ``start_next()`` to deal the first hand."""
    return CoruscantState(options or CoruscantOptions(), num_players, chips, seed_dealer)
