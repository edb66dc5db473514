"""The preset flows of the Sabacc engine: Two-Exchange, Great Khan, Force and
Empress Teta's swaps (see :mod:`game.rules.sabacc` for the turn structures).

:class:`PresetFlows` is a mixin of :class:`game.rules.sabacc.SabaccState`: the
attributes and the Classic steps it uses are the state's, declared here for the
type checker only.  Classic's own four phases stay in ``sabacc.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import sabacc_cards as sc
from . import sabacc_events as ev
from .base import CHANCE, Event
from .sabacc_actions import (
    _CARD,
    _DEMISE,
    _DICE,
    _DICE_PICK,
    _DICE_SWAP,
    _EXCHANGES,
    _FREEZES,
    _INVERT,
    _LOCKS,
    _PLAYER_DIE,
    CALL,
    CALL_HAND,
    CHECK,
    DARK,
    DRAW,
    EXCHANGE,
    EXCHANGING,
    FOLD,
    HITTING,
    LIGHT,
    STAND,
    STAY,
    TURNS,
    Action,
    Bet,
    Call,
    CallHand,
    Check,
    Draw,
    Exchange,
    ExchangeCard,
    Fold,
    Freeze,
    Lock,
    Raise,
    Stand,
    _bet,
    _raise,
)
from .sabacc_presets import SabaccOptions
from .sabacc_rank import HandRank


def _beyond_key(total: int, negative_wins: bool = False) -> tuple[int, int]:
    """Two-Exchange tie cards: nearer to +23 or -23 is better, even beyond
    them; at equal distance the positive total wins (RULES.md §1.5), or the
    negative one with §1.8's ``negative_wins_ties``."""
    favoured = total < 0 if negative_wins else total > 0
    return (-abs(abs(total) - 23), 1 if favoured else 0)


class PresetFlows:
    """The flows beyond Classic's; mixed into ``SabaccState``."""

    if not TYPE_CHECKING:  # the state's own slots hold these
        __slots__ = ()

    completed: int
    hand_no: int
    in_match: list[bool]
    match_winner: int
    min_rounds: int
    revealed: list[tuple[int, ...] | None]
    wins: list[int]
    log: list[Event]
    values: tuple[int, ...]
    value_rule: str
    actions_taken: int
    caller: int
    cap_level: int
    chance: list[tuple[int, int]]
    chips: list[int]
    dealer: int
    dealt_in: list[bool]
    deck: list[int]
    demise: list[int]
    demise_special: bool
    discards: list[int]
    exchange_no: int
    fields: list[list[int]]
    hand_bets: list[int]
    hand_pot: int
    hands: list[list[int]]
    in_hand: list[bool]
    inverted: list[list[int]]
    lead: int
    level: int
    locked: list[list[int]]
    num_seats: int
    opened: bool
    options: SabaccOptions
    pending: list[int]
    phase: str
    round_bets: list[int]
    round_no: int
    sabacc_pot: int
    seat: int
    shift_taken: list[tuple[int, int]]
    sides: list[str | None]
    stasis_paid: bool
    tie_rounds: int

    if TYPE_CHECKING:  # provided by SabaccState

        def _after_betting_step(self, events: list[Event]) -> None: ...
        def _award(
            self, winners: tuple[int, ...], with_sabacc: bool, events: list[Event]
        ) -> None: ...
        def _begin_betting(self, events: list[Event]) -> None: ...
        def _betting_over(self, events: list[Event]) -> None: ...
        def _emit(self, events: list[Event], event: Event) -> None: ...
        def _end_hand(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None: ...
        def _failed_call_penalty(
            self, winners: tuple[int, ...], stake: int, events: list[Event]
        ) -> None: ...
        def _fold(self, seat: int, events: list[Event]) -> None: ...
        def _left_of(self, seat: int, among: Sequence[bool]) -> int: ...
        def _order_from(self, first: int, among: Sequence[bool]) -> list[int]: ...
        def _put_in(self, seat: int, amount: int) -> None: ...
        def _showdown(self, events: list[Event]) -> None: ...
        def _take_from_deck(self, card: int, events: list[Event]) -> None: ...
        def apply_chance(self, outcome: int) -> list[Event]: ...
        def rank_of(self, seat: int) -> HandRank: ...

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

    # -- Empress Teta: the swap before the showdown -----------------------------------
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

    def _flow_outcome(self, task: int, seat: int, rng: random.Random) -> int:
        if task == _DICE:
            return 10 * rng.randint(1, 6) + rng.randint(1, 6)
        if task == _PLAYER_DIE:
            return rng.randint(1, self._player_die_size())
        if task == _INVERT:
            return 1 if rng.random() < self.options.inverted_chance else 0
        pool = self._unlocked(seat) if task == _DICE_PICK else (self.deck or self.discards)
        if not pool:
            return -1
        return pool[rng.randrange(len(pool))]

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
