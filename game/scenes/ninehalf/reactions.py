"""How faces react at the Nine and a Half table (game.scenes.kit.moods): a challenge
settled, a big one spoken of."""

from __future__ import annotations

from game.campaign.voices import Moment
from game.rules import ninehalf
from game.rules.base import Event
from game.scenes.kit.moods import BIG_POT, Reaction


def reactions(event: Event, human: int) -> list[Reaction]:
    if isinstance(event, ninehalf.ChallengeSettled):
        winner, loser = (
            (event.seat, event.dealer) if event.player_wins else (event.dealer, event.seat)
        )
        big = abs(event.amount) >= BIG_POT
        return [
            (winner, "happy", Moment.BIG_WIN if big else None),
            (loser, "grim", Moment.BIG_LOSS if big else None),
        ]
    return []
