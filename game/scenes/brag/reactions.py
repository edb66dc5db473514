"""How faces react at the Brag table (game.scenes.kit.moods): a scored showdown won,
a crash made, a crash declared and failed (a bluff called), a game won or lost."""

from __future__ import annotations

from game.campaign.voices import Moment
from game.rules import brag
from game.rules.base import Event
from game.scenes.kit.moods import Reaction


def reactions(event: Event, human: int) -> list[Reaction]:
    if isinstance(event, brag.ShowdownResult) and event.scored and event.winner is not None:
        return [(event.winner, "smug", None)]
    if isinstance(event, brag.CrashMade):
        return [(event.seat, "happy", Moment.BIG_WIN)]
    if isinstance(event, brag.CrashFailed):
        return [(event.seat, "shocked", Moment.BLUFF_CALLED)]  # a crash declared and lost
    if isinstance(event, brag.GameWon):
        out: list[Reaction] = [(event.winner, "happy", Moment.HAND_WON)]
        if event.winner == human:
            out.append((-1, "grim", Moment.HAND_LOST))
        return out
    return []
