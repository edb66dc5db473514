"""Each game's engine behind the registry's one signature (``game.games.Game.engine``):
``(seats, options, chips, dealer) -> GameState`` and ``(preset) -> options``."""

from __future__ import annotations

from typing import Any

from game.rules.base import GameState


def sabacc_state(seats: int, options: Any, chips: int, dealer: int) -> GameState:
    from game.rules import sabacc

    return sabacc.new_game(seats, options=options, chips=chips, seed_dealer=dealer)


def brag_state(seats: int, options: Any, chips: int, dealer: int) -> GameState:
    from game.rules import brag

    state: GameState = brag.new_game(seats, options=options, chips=chips, dealer=dealer)
    return state


def ninehalf_state(seats: int, options: Any, chips: int, dealer: int) -> GameState:
    from game.rules import ninehalf

    state: GameState = ninehalf.new_game(seats, options=options, chips=chips, dealer=dealer)
    return state


def brag_options(preset: str = "") -> Any:
    from game.rules.brag import BragOptions

    return BragOptions()


def ninehalf_options(preset: str = "") -> Any:
    from game.rules.ninehalf import NineHalfOptions

    return NineHalfOptions()
