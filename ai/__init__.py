"""Computer players.  ``make_player(game, level)`` is the one way in."""

from __future__ import annotations

from typing import Any

from .base import LEVELS, Personality, Player, RandomPlayer, check_level

__all__ = ["LEVELS", "Personality", "Player", "RandomPlayer", "make_player"]


def make_player(
    game: str, level: str, personality: Personality | None = None, preset: str | None = None
) -> Any:
    """A player of ``level`` for ``game`` (and its rule set ``preset``, which may bring
    its own players): the game's entry in game.games names the factory.

    >>> make_player("brag", "easy").level
    'easy'
    """
    from game import games

    check_level(level)
    entry = games.get(game)
    if personality is not None:
        try:
            return entry.make_player(level, personality, preset)
        except TypeError:
            pass
    return entry.make_player(level, None, preset)
