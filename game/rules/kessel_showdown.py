"""Kessel Sabacc's reveal (RULES.md §4.1.6–4.1.7): hands shown, Impostors rolled
for and their faces chosen, hands ranked, pots won or destroyed, penalties paid,
players out and the game's winners.

Functions of a :class:`~game.rules.kessel.KesselState`, split from it by topic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kessel_cards as kc
from . import kessel_events as ev
from .base import BETWEEN, CHANCE, TERMINAL, Event
from .kessel_phases import _BOTH, _PRIME, _ROLL, DIE, GAME_OVER, ROUND_OVER, TURN

if TYPE_CHECKING:
    from .kessel import KesselState


def choose_face(state: KesselState, seat: int, value: int, events: list[Event]) -> None:
    if state.die_families == [_PRIME]:
        state.prime = value
        state.dice = None
        state.die_families = []
        state.emit(events, ev.RuleChanged(seat, "prime-sabacc", value))
        state.phase = TURN
        state.seat = state.order[state.pos]
        return
    family = state.die_families.pop(0)
    state.imp_values[seat][family] = value
    state.emit(events, ev.ImpostorResolved(seat, kc.FAMILY_NAMES[family], value))
    if state.die_families:
        return  # the shared roll's second Impostor takes either face too
    state.dice = None
    next_impostor(state, events)


def reveal(state: KesselState, events: list[Event]) -> None:
    state.revealed = True
    hands: list[tuple[str, str] | None] = [None] * state.num_seats
    for s in state.order:
        h = state.hands[s]
        hands[s] = (kc.code(h[0]), kc.code(h[1]))
    state.emit(events, ev.HandsRevealed(tuple(hands)))
    state.reveal_queue = []
    if not state.fraud:
        for s in state.order:
            imps = [f for f in kc.FAMILIES if kc.is_impostor(state.hands[s][f])]
            if len(imps) == 2 and state.options.impostor_roll == "shared":
                state.reveal_queue.append((s, _BOTH))
            else:
                state.reveal_queue += [(s, f) for f in imps]
    next_impostor(state, events)


def next_impostor(state: KesselState, events: list[Event]) -> None:
    if state.reveal_queue:
        s, family = state.reveal_queue.pop(0)
        state.chance = [(_ROLL, s, family)]
        state.phase = DIE
        state.seat = CHANCE
        return
    resolve(state, events)


def resolve(state: KesselState, events: list[Event]) -> None:
    ranks = {s: state.rank_of(s) for s in state.order}
    for s in state.order:
        h, iv = state.hands[s], state.imp_values[s]
        cards = (kc.code(h[0], iv[0]), kc.code(h[1], iv[1]))
        state.emit(events, ev.HandRanked(s, cards, ranks[s].kind, ranks[s].total))
    best = max(ranks.values())
    winners = tuple(s for s in state.order if ranks[s] == best)
    state.emit(events, ev.RoundWon(winners))
    for s in state.order:
        pot = state.pots[s]
        state.pots[s] = 0
        if s in winners:
            state.wins[s] += 1
            if pot:
                state.chips[s] += pot
                state.emit(events, ev.ChipsMoved(s, pot, "pot", "stock", s, "won"))
            continue
        if pot:
            state.destroyed += pot
            state.emit(events, ev.ChipsDestroyed(s, pot, "pot", "lost-pot"))
        r = ranks[s]
        due = 1 if r.kind in (kc.SABACC, kc.PURE_SABACC) else r.total
        paid = min(due, state.chips[s])
        if paid:
            state.chips[s] -= paid
            state.destroyed += paid
            state.emit(events, ev.ChipsDestroyed(s, paid, "stock", "penalty"))
    state.completed += 1
    for s in state.order:
        if state.chips[s] == 0:
            state.in_game[s] = False
            state.emit(events, ev.PlayerOut(s))
    left = state.players()
    if len(left) <= 1:
        state.game_winners = tuple(left) if left else winners
        share, extra = divmod(state.credits_pot, len(state.game_winners))
        for i, w in enumerate(state.game_winners):
            state.credits[w] += share + (1 if i < extra else 0)
        state.emit(events, ev.GameWon(state.game_winners, state.credits_pot))
        state.phase = GAME_OVER
        state.seat = TERMINAL
        return
    state.phase = ROUND_OVER
    state.seat = BETWEEN
