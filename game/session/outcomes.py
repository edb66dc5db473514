"""What one finished hand (Sabacc), deal (Brag, Nine and a Half) meant for a seat.

Each game's reader is named by its entry in :mod:`game.games` (``outcome``); the
statistics and the campaign's achievements read hands through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.base import Event
from game.storage.stats import HandOutcome


def sabacc_outcome(events: Sequence[Event], seat: int = 0) -> HandOutcome:
    winners: tuple[int, ...] = ()
    collected = 0
    pure = idiots = zero = False
    for event in events:
        kind, data = event.kind, event.to_dict()
        if kind == "HandEnded":
            winners = tuple(data["winners"])
        elif kind == "PotAwarded" and data["seat"] == seat:
            collected += data["amount"]
        elif kind == "PotSplit" and seat in data["seats"]:  # Coruscant Shift's ties
            collected += data["each"]
        elif kind == "HandRevealed" and data["seat"] == seat:
            pure = pure or data["hand_kind"] == "pure-sabacc"
            idiots = idiots or data["hand_kind"] == "idiots-array"
            zero = zero or data["hand_kind"] == "zero"
    return HandOutcome(seat in winners, collected, winners, pure_sabacc=pure, idiots_array=idiots,
                       zero_hand=zero)  # fmt: skip


def brag_outcome(events: Sequence[Event], seat: int = 0) -> HandOutcome:
    """The deal's winners are the seats that scored the most points in it (if any);
    whether it ended the game, and who won that, is said apart (``game_won``)."""
    collected = 0
    crash = False
    game_winner: int | None = None
    deal_points: dict[int, int] = {}
    for event in events:
        kind, data = event.kind, event.to_dict()
        if kind == "GameWon":
            game_winner = data["winner"]
        elif kind == "PointsScored":
            deal_points[data["seat"]] = deal_points.get(data["seat"], 0) + data["points"]
        elif kind == "ChipsPaid" and data["payee"] == seat:
            collected += data["amount"]
        elif kind == "CrashMade" and data["seat"] == seat:
            crash = True
    winners: tuple[int, ...] = ()
    if deal_points:
        best = max(deal_points.values())
        winners = tuple(s for s, p in sorted(deal_points.items()) if p == best and p > 0)
    # The deal's points win no game by themselves: the game is won by reaching the
    # target (GameWon), which may come in a deal another seat took more points in.
    return HandOutcome(seat in winners, collected, winners, crash=crash,
                       game_over=game_winner is not None, game_won=game_winner == seat)  # fmt: skip


def ninehalf_outcome(events: Sequence[Event], seat: int = 0) -> HandOutcome:
    winners: tuple[int, ...] = ()
    collected = 0
    natural = False
    for event in events:
        kind, data = event.kind, event.to_dict()
        if kind == "DealEnded":
            net = data["net"]
            winners = tuple(s for s, n in enumerate(net) if n > 0)
            collected = max(0, net[seat]) if seat < len(net) else 0
        elif kind == "ChallengeSettled":
            if data["seat"] == seat and data["player_kind"] == "natural":
                natural = True
            if data["dealer"] == seat and data["dealer_kind"] == "natural":
                natural = True
    return HandOutcome(seat in winners, collected, winners, natural=natural)


def kessel_outcome(events: Sequence[Event], seat: int = 0) -> HandOutcome:
    """A Kessel round: its winners, the chips that came back to ``seat``, a Pure Sabacc."""
    winners: tuple[int, ...] = ()
    collected = 0
    pure = False
    for event in events:
        kind, data = event.kind, event.to_dict()
        if kind == "RoundWon":
            winners = tuple(data["winners"])
        elif kind == "ChipsMoved" and data["reason"] == "won" and data["seat"] == seat:
            # the pot won back (a refund is the player's own chips, not chips taken in)
            collected += data["amount"]
        elif kind == "HandRanked" and data["seat"] == seat:
            pure = pure or data["rank_kind"] == "pure-sabacc"
    return HandOutcome(seat in winners, collected, winners, pure_sabacc=pure)
