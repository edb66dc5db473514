"""Computer players.  ``make_player(game, level)`` is the one way in."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import LEVELS, Personality, Player, RandomPlayer, check_level

GAMES = {"sabacc": "ai.sabacc_ai", "brag": "ai.brag_bots", "ninehalf": "ai.ninehalf_bots"}
# Sabacc presets with their own engine have their own players (RULES.md §4).
PRESET_AI = {
    "kessel": "ai.kessel_ai",
    "kessel-shift": "ai.kessel_ai",
    "corellian-spike": "ai.spike_ai",
    "coruscant-shift": "ai.coruscant_ai",
}

__all__ = ["LEVELS", "Personality", "Player", "RandomPlayer", "make_player"]


def make_player(
    game: str, level: str, personality: Personality | None = None, preset: str | None = None
) -> Any:
    """A player of ``level`` for ``game`` ("sabacc", "brag" or "ninehalf");
    ``preset`` picks the player of a Sabacc preset that has its own engine."""
    check_level(level)
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    name = PRESET_AI.get(preset or "", GAMES[game]) if game == "sabacc" else GAMES[game]
    module = import_module(name)
    if personality is not None:
        try:
            return module.make_player(level, personality)
        except TypeError:
            pass
    return module.make_player(level)
