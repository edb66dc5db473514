"""Classic Sabacc's four phases and the showdown (RULES.md §1.2-1.4).

:class:`ClassicPhases` is the part of :class:`game.rules.sabacc.SabaccState`
that plays betting, the shift, calling, drawing and the showdown with its
settlement; the preset flows (:mod:`game.rules.sabacc_flows`) build on these
steps.  The state's attributes are declared in ``PresetFlows``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from . import sabacc_cards as sc
from . import sabacc_events as ev
from . import sabacc_force
from .base import BETWEEN, CHANCE, TERMINAL, Event
from .sabacc_actions import (
    _DEMISE,
    _DICE,
    _DIE,
    _DISCARDS,
    _DRAW,
    _FIELDS,
    _RULES,
    _SHIFT_DEAL,
    _SHIFT_PICK,
    BETTING,
    CALL,
    CALLING,
    CHECK,
    DRAW,
    DRAWING,
    FOLD,
    HAND_OVER,
    KEEP,
    MATCH_OVER,
    SHIFTING,
    SHOWDOWN,
    STAND,
    Action,
    Bet,
    Call,
    CallHand,
    Check,
    Discard,
    Draw,
    Fold,
    Keep,
    PassCall,
    PlaceInField,
    Raise,
    Stand,
    _bet,
    _raise,
)
from .sabacc_flows import PresetFlows
from .sabacc_rank import HandRank

if TYPE_CHECKING:
    from .sabacc import SabaccState


class ClassicPhases(PresetFlows):
    """Betting, shifting, calling, drawing and the showdown; mixed into ``SabaccState``."""

    if not TYPE_CHECKING:  # the state's own slots hold the attributes
        __slots__ = ()

    def _whole(self) -> SabaccState:
        """This object as the whole state (for the functions split by topic)."""
        return cast("SabaccState", self)

    if TYPE_CHECKING:  # provided by SabaccState

        def _emit(self, events: list[Event], event: Event) -> None: ...
        def _left_of(self, seat: int, among: Sequence[bool]) -> int: ...
        def _order_from(self, first: int, among: Sequence[bool]) -> list[int]: ...
        def cards_of(self, seat: int) -> list[int]: ...
        def rank_of(self, seat: int) -> HandRank: ...

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
                sabacc_force.force_deal_round(self._whole(), events)
            elif self.options.swap_before_showdown:
                sabacc_force.begin_swapping(self._whole(), events)
            else:
                self._showdown(events)
        elif isinstance(action, PassCall):
            self._emit(events, ev.PassedCall(seat))
            self.pending.pop(0)
            if self.pending:
                self.seat = self.pending[0]
            elif self.options.flow == "force":
                sabacc_force.force_deal_round(self._whole(), events)
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
            live
            if self.options.flow != "force"
            else sabacc_force.force_sides(self._whole(), live, ranks, events)
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

    # -- the end of betting and of the match (moved from the state by topic) ----------
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
            sabacc_force.force_after_betting(self._whole(), events)
