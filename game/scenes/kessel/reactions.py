"""How faces react at the Kessel table (game.scenes.kit.moods): a round won, a token
aimed at someone (a shift that hurt them, one that helped its player), a player out of
chips, the player's Pure Sabacc."""

from __future__ import annotations

from game.campaign.voices import Moment
from game.rules import kessel_events as kev
from game.rules.base import Event
from game.scenes.kit.moods import Reaction


def reactions(event: Event, human: int) -> list[Reaction]:
    if isinstance(event, kev.RoundWon):
        return [(seat, "happy", Moment.HAND_WON) for seat in event.winners]
    if isinstance(event, kev.TokenPlayed) and event.target is not None:
        return [
            (event.seat, "smug", Moment.SHIFT_HELPED),
            (event.target, "grim", Moment.SHIFT_HURT),
        ]
    if isinstance(event, kev.PlayerOut):
        return [(event.seat, "grim", Moment.LEAVE_BROKE)]
    if (
        isinstance(event, kev.HandRanked)
        and event.seat == human
        and event.rank_kind == "pure-sabacc"
    ):
        return [(human, "happy", None), (-1, "worried", Moment.PLAYER_PURE)]
    return []
