"""How faces react at a Sabacc table (game.scenes.kit.moods): a pot won (the player's
big one worries every opponent), a hand bombed out, a card the Sabacc shift changed (one
far lower is a shift that hurts), a player out of chips, the player's best hands.
Corellian Spike and Coruscant Shift speak of their pots in these events too. (A bluff
called needs the whole hand: ``Moods`` watches for it.)"""

from __future__ import annotations

from typing import Any

from game.campaign.voices import Moment
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import Event
from game.scenes.kit.moods import BIG_POT, Reaction


def reactions(event: Event, human: int) -> list[Reaction]:
    if isinstance(event, ev.PotAwarded):
        big = event.amount >= BIG_POT
        out: list[Reaction] = [(event.seat, "happy", Moment.BIG_WIN if big else Moment.HAND_WON)]
        if big and event.seat == human:
            out.append((-1, "worried", Moment.PLAYER_BIG_WIN))  # your big win
        return out
    if isinstance(event, ev.HandRevealed):
        if event.hand_kind == "bombed-out":
            return [(event.seat, "shocked", Moment.BOMB_OUT)]
        if event.hand_kind in ("pure-sabacc", "idiots-array") and event.seat == human:
            return [(human, "happy", None), (-1, "worried", Moment.PLAYER_PURE)]
    if isinstance(event, ev.CardShifted):
        if _better(event.old, event.new):
            return [(event.seat, "smug", Moment.SHIFT_HELPED)]
        if _hurts(event.old, event.new):
            return [(event.seat, "shocked", Moment.SHIFT_HURT)]
        return [(event.seat, "grim", None)]
    if isinstance(event, ev.PlayerOut):
        return [(event.seat, "grim", Moment.LEAVE_BROKE)]
    return []


def _better(old: Any, new: Any) -> bool:
    """A shifted card that moved the hand up in value reads as luck (a rough sign)."""
    try:
        return sc.base_value(sc.parse(str(new))) > sc.base_value(sc.parse(str(old)))
    except (ValueError, TypeError):
        return False


SHIFT_HURTS = 6  # a shifted card this much lower in value is a shift that hurts


def _hurts(old: Any, new: Any) -> bool:
    try:
        return sc.base_value(sc.parse(str(old))) - sc.base_value(sc.parse(str(new))) >= SHIFT_HURTS
    except (ValueError, TypeError):
        return False
