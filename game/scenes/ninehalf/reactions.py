"""How faces react at the Nine and a Half table (game.scenes.kit.moods): a challenge
settled (a bust shocks, the player's big win worries), a big one spoken of."""

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
        out: list[Reaction] = [
            (winner, "happy", Moment.BIG_WIN if big else Moment.HAND_WON),
            (loser, "grim", Moment.BIG_LOSS if big else Moment.HAND_LOST),
        ]
        if big and winner == human:
            out.append((loser, "worried", Moment.PLAYER_BIG_WIN))
        if (event.dealer_kind if event.player_wins else event.player_kind) == "bust":
            out[1] = (loser, "shocked", Moment.BOMB_OUT)
        return out
    return []
