"""Computer players.  ``make_player(game, level)`` is the one way in."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import LEVELS, Personality, Player, RandomPlayer, check_level

GAMES = {
    "sabacc": "ai.sabacc_ai",
    "brag": "ai.brag_bots",
    "ninehalf": "ai.ninehalf_bots",
    "kessel": "ai.kessel_ai",  # Sabacc presets kessel and kessel-shift (their own engine)
}

__all__ = ["LEVELS", "Personality", "Player", "RandomPlayer", "make_player"]


def make_player(game: str, level: str, personality: Personality | None = None) -> Any:
    """A player of ``level`` for ``game`` ("sabacc", "brag", "ninehalf", or "kessel"
    for the Kessel Sabacc presets)."""
    check_level(level)
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    module = import_module(GAMES[game])
    if personality is not None:
        try:
            return module.make_player(level, personality)
        except TypeError:
            pass
    return module.make_player(level)
