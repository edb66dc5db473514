"""Kessel Sabacc's shift tokens (``kessel-shift``, RULES.md §4.1.8): who a token may
target, why a token may not be played, and what playing one does to the game.

Functions of a :class:`~game.rules.kessel.KesselState`, split from it by topic; the
state calls them from ``legal_actions``, ``apply`` and its legality check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kessel_cards as kc
from . import kessel_events as ev
from .base import CHANCE, Event, whole_number
from .kessel_phases import _EXHAUST, _PRIME, _ROLL, TARGETED, TOKENS

if TYPE_CHECKING:
    from .kessel import KesselState


def token_targets(state: KesselState, seat: int, token: str) -> list[int]:
    out = []
    for t in state.order:
        if t == seat or not state.in_game[t] or state.immune[t]:
            continue
        if token == "target-audit":
            if state.options.audit_timing == "retrospective":
                if state.latest[t] != "stand":
                    continue
            elif t not in state.order[state.pos + 1 :]:
                continue
        out.append(t)
    return out


def why_not_token(state: KesselState, seat: int, token: str, target: int | None) -> str | None:
    if not state.options.shift_tokens:
        return "shift tokens are played only in kessel-shift (RULES.md §4.1.8)"
    if token not in TOKENS:
        return f"unknown shift token {token!r}"
    if state.token_played:
        return "at most one shift token per turn, before Draw or Stand (RULES.md §4.1.8)"
    if token not in state.tokens[seat]:
        return f"you do not hold {token!r} (each token is single-use per game)"
    if token in TARGETED:
        if target is None:
            return f"{token} needs a target player"
        whole_number(target, "a target seat")
        if target not in token_targets(state, seat, token):
            if token == "target-audit":
                return (
                    f"Target Audit needs another player still in, not immune, whose latest "
                    f"action this round was Stand; seat {target} is not (RULES.md §4.1.8)"
                )
            return (
                f"{token} needs another player still in and not immune; seat {target} "
                "is not (RULES.md §4.1.8)"
            )
    elif target is not None:
        return f"{token} takes no target"
    return None


def play_token(
    state: KesselState, seat: int, token: str, target: int | None, events: list[Event]
) -> None:
    state.tokens[seat].remove(token)
    state.played[seat].append(token)
    state.token_played = True
    state.emit(events, ev.TokenPlayed(seat, token, target))
    if token == "free-draw":
        state.free_draw = True
    elif token in ("refund", "extra-refund"):
        back = min(2 if token == "refund" else 3, state.pots[seat])
        if back:
            state.pots[seat] -= back
            state.chips[seat] += back
            state.emit(events, ev.ChipsMoved(seat, back, "pot", "stock", seat, token))
    elif token == "embezzlement":
        src = state.options.embezzle_from
        for t in others(state, seat):
            have = state.pots[t] if src == "pot" else state.chips[t]
            if have > 0:
                if src == "pot":
                    state.pots[t] -= 1
                else:
                    state.chips[t] -= 1
                state.pots[seat] += 1
                state.emit(events, ev.ChipsMoved(t, 1, src, "pot", seat, token))
    elif token in ("major-fraud", "cook-the-books", "markdown", "immunity"):
        if token == "major-fraud":
            state.fraud = True
        elif token == "cook-the-books":
            state.cook = True
        elif token == "markdown":
            state.markdown = True
        else:
            state.immune[seat] = True
        state.emit(events, ev.RuleChanged(seat, token))
    elif token == "prime-sabacc":
        state.chance = [(_ROLL, seat, _PRIME)]
        state.seat = CHANCE
    elif token == "general-tariff":
        for t in others(state, seat):
            charge(state, t, 1, "tariff", events)
    elif token == "target-tariff":
        assert target is not None
        charge(state, target, 2, "tariff", events)
    elif token in ("general-audit", "target-audit"):
        amount = 2 if token == "general-audit" else 3
        victims: list[int] = others(state, seat) if target is None else [target]
        if state.options.audit_timing == "prospective":
            state.audits.append((seat, amount, -1 if target is None else target))
        else:
            for t in victims:
                if state.latest[t] == "stand":
                    charge(state, t, amount, "audit", events)
    elif token == "embargo":
        i = state.order.index(seat)
        nxt = state.order[(i + 1) % len(state.order)]
        # Their next turn is still this round unless the round's last turn
        # has already passed them (RULES.md §4.1.8).
        has_turn = i + 1 < len(state.order) or state.turn < 3
        if nxt != seat and not state.immune[nxt] and has_turn:
            state.embargoed[nxt] = True
            state.emit(events, ev.Embargoed(nxt, seat))
    elif token == "exhaustion":
        assert target is not None
        state.emit(events, ev.HandExhausted(target, seat))
        for fam in kc.FAMILIES:
            c = state.hands[target][fam]
            state.discards[fam].append(c)
            state.emit(events, ev.CardDiscarded(target, kc.FAMILY_NAMES[fam], kc.code(c), False))
        state.hands[target] = []
        state.chance = [(_EXHAUST, target, kc.SAND), (_EXHAUST, target, kc.BLOOD)]
        state.seat = CHANCE
    elif token == "direct-transaction":
        assert target is not None
        state.hands[seat], state.hands[target] = state.hands[target], state.hands[seat]
        state.emit(events, ev.HandsSwapped(seat, target))
        for s in (seat, target):
            cards = tuple(kc.code(c) for c in state.hands[s])
            state.emit(events, ev.HandReceived(s, cards))


def charge(state: KesselState, seat: int, amount: int, reason: str, events: list[Event]) -> None:
    """A tariff or audit: capped at the stock; destroyed unless tax_to=pot."""
    paid = min(amount, state.chips[seat])
    if paid <= 0:
        return
    state.chips[seat] -= paid
    if state.options.tax_to == "pot":
        state.pots[seat] += paid
        state.emit(events, ev.ChipsMoved(seat, paid, "stock", "pot", seat, reason))
    else:
        state.destroyed += paid
        state.emit(events, ev.ChipsDestroyed(seat, paid, "stock", reason))


def others(state: KesselState, seat: int) -> list[int]:
    return [t for t in state.order if t != seat and state.in_game[t] and not state.immune[t]]
