"""Force Sabacc's Light and Dark sides and final discard (RULES.md §1.7) and Empress
Teta's swaps: functions of a :class:`~game.rules.sabacc.SabaccState`,
split by topic from the preset flows (``sabacc_flows``) that call them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import sabacc_cards as sc
from . import sabacc_events as ev
from .base import CHANCE, Event
from .sabacc_actions import (
    _CARD,
    _DEAL,
    _DISCARDS,
    _INVERT,
    _SWAPS,
    BETTING,
    CALLING,
    DARK,
    DECLARING,
    FINAL_DISCARD,
    KEEP,
    LIGHT,
    SWAPPING,
    Action,
    Declare,
    Discard,
    Keep,
    Swap,
)
from .sabacc_rank import PURE_SABACC, HandRank

if TYPE_CHECKING:
    from .sabacc import SabaccState


def force_after_deal(state: SabaccState, events: list[Event]) -> None:
    if state.round_no == 1:
        state.phase = DECLARING
        state.pending = state._order_from(state.lead, state.in_hand)
        state.seat = state.pending[0]
        state._emit(events, ev.PhaseStarted(DECLARING, 1))
    elif state.round_no >= 4 and state.caller >= 0:
        begin_final_discard(state, events)  # called: no more betting
    else:
        state._begin_betting(events)


def apply_declaring(state: SabaccState, seat: int, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Declare) or action.side not in (LIGHT, DARK):
        raise ValueError(f"{action} is not allowed now: declare Light or Dark (RULES.md §1.7)")
    state.sides[seat] = action.side
    state._emit(events, ev.SideDeclared(seat, action.side))
    state.pending.pop(0)
    if state.pending:
        state.seat = state.pending[0]
    else:
        state._begin_betting(events)


def force_deal_round(state: SabaccState, events: list[Event]) -> None:
    state.round_no += 1
    state.lead = state._left_of(state.lead, state.in_hand)
    order = state._order_from(state._left_of(state.dealer, state.in_hand), state.in_hand)
    invert = state.options.inverted_chance > 0
    chance: list[tuple[int, int]] = []
    for s in order:
        chance.append((_DEAL, s))
        if invert:
            chance.append((_INVERT, s))
    state.chance = chance
    state.phase = BETTING
    state.seat = CHANCE


def force_after_betting(state: SabaccState, events: list[Event]) -> None:
    if state.round_no >= 4:
        begin_final_discard(state, events)
    elif state.round_no == 3:
        # RULES.md §1.7: after the third betting round any player may call.
        state.phase = CALLING
        state.pending = state._order_from(state.lead, state.in_hand)
        state.seat = state.pending[0]
    else:
        force_deal_round(state, events)


def begin_final_discard(state: SabaccState, events: list[Event]) -> None:
    state.phase = FINAL_DISCARD
    state.pending = state._order_from(state.lead, state.in_hand)
    state.seat = state.pending[0]
    state._emit(events, ev.PhaseStarted(FINAL_DISCARD, 1))


def final_discard_actions(state: SabaccState, seat: int) -> list[Action]:
    acts: list[Action] = [KEEP]
    if len(state.hands[seat]) > 1:
        acts.extend(_DISCARDS[c] for c in dict.fromkeys(state.hands[seat]))
    return acts


def apply_final_discard(state: SabaccState, seat: int, action: Action, events: list[Event]) -> None:
    if isinstance(action, Keep):
        state._emit(events, ev.KeptAll(seat))
    elif isinstance(action, Discard):
        if action.card not in state.hands[seat]:
            raise ValueError(f"you hold no {sc.code(action.card)!r} to discard")
        if len(state.hands[seat]) <= 1:
            raise ValueError("the last card cannot be discarded")
        state.hands[seat].remove(action.card)
        if action.card in state.inverted[seat]:
            # Of two identical cards, the inverted one is the one let go.
            state.inverted[seat].remove(action.card)
        state.discards.append(action.card)
        state._emit(events, ev.CardDiscarded(seat, sc.code(action.card)))
    else:
        raise ValueError(f"{action} is not allowed now: discard one card (shown) or keep")
    state.pending.pop(0)
    if state.pending:
        state.seat = state.pending[0]
    else:
        state._showdown(events)


def force_sides(
    state: SabaccState, live: list[int], ranks: dict[int, HandRank], events: list[Event]
) -> list[int]:
    """Score the sides (RULES.md §1.7) and return the players who may win:
    the winning side's live hands, or everyone's when the sides are even."""
    alive = [s for s in live if not ranks[s].bombed_out]
    score = {LIGHT: 0, DARK: 0}
    for s in alive:
        score[state.side_of(s) or LIGHT] += abs(ranks[s].total)
    pures = [s for s in alive if ranks[s].kind == PURE_SABACC]
    winner: str | None = None
    if pures:
        top = max(ranks[s] for s in pures)  # +23 beats -23
        sides = {state.side_of(s) or LIGHT for s in pures if ranks[s] == top}
        winner = sides.pop() if len(sides) == 1 else None
        verdict = f"pure-{winner}" if winner else "even"
    elif not alive:
        verdict = "none"
    elif score[LIGHT] != score[DARK]:
        winner = LIGHT if score[LIGHT] > score[DARK] else DARK
        verdict = winner
    else:
        verdict = "even"  # the best hand at the table decides
    state._emit(events, ev.SidesScored(score[LIGHT], score[DARK], verdict))
    if winner is None:
        return alive
    return [s for s in alive if (state.side_of(s) or LIGHT) == winner]


def begin_swapping(state: SabaccState, events: list[Event]) -> None:
    state.phase = SWAPPING
    state.pending = state._order_from(state.lead, state.in_hand)
    state.seat = state.pending[0]
    state._emit(events, ev.PhaseStarted(SWAPPING, 1))


def swap_actions(state: SabaccState, seat: int) -> list[Action]:
    acts: list[Action] = [KEEP]
    if state._cards_left():
        acts.extend(_SWAPS[c] for c in dict.fromkeys(state.hands[seat]))
    return acts


def apply_swapping(state: SabaccState, seat: int, action: Action, events: list[Event]) -> None:
    if isinstance(action, Keep):
        state._emit(events, ev.KeptAll(seat))
        state.pending.pop(0)
        next_swapper(state, events)
        return
    if not isinstance(action, Swap):
        raise ValueError(f"{action} is not allowed now: swap one card with the deck or keep")
    if action.card not in state.hands[seat]:
        if action.card in state.fields[seat]:
            raise ValueError("cards in the interference field cannot be swapped")
        raise ValueError(f"you hold no {sc.code(action.card)!r} to swap")
    if not state._cards_left():
        raise ValueError("the deck is empty: nothing to swap with")
    state.hands[seat].remove(action.card)
    state.discards.append(action.card)
    state._emit(events, ev.CardExchanged(seat, sc.code(action.card)))
    state.pending.pop(0)
    state.chance = [(_CARD, seat)]
    state.seat = CHANCE


def next_swapper(state: SabaccState, events: list[Event]) -> None:
    if state.pending:
        state.seat = state.pending[0]
    else:
        state._showdown(events)
