"""Each game's engine behind the registry's one signature (``game.games.Game.engine``):
``(seats, options, chips, dealer) -> GameState`` and ``(preset) -> options``.

``chips`` is every seat's stack, or one stack per seat (a saved match's start): an
engine that takes one stack gets the first and the caller sets the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.base import GameState

Chips = int | Sequence[int]


def _one(chips: Chips) -> int:
    return chips if isinstance(chips, int) else int(chips[0])


def sabacc_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    from game.rules import sabacc

    return sabacc.new_game(seats, options=options, chips=_one(chips), seed_dealer=dealer)


def brag_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    from game.rules import brag

    state: GameState = brag.new_game(seats, options=options, chips=_one(chips), dealer=dealer)
    return state


def ninehalf_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    # Nine and a Half takes a stack per seat (a dealer may hold more).
    from game.rules import ninehalf

    state: GameState = ninehalf.new_game(seats, options=options, chips=chips, dealer=dealer)
    return state


def brag_options(preset: str = "") -> Any:
    from game.rules.brag import BragOptions

    return BragOptions()


def ninehalf_options(preset: str = "") -> Any:
    from game.rules.ninehalf import NineHalfOptions

    return NineHalfOptions()


def kessel_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    """Kessel seats its first player by the engine's own draw (RULES.md §4.0)."""
    import dataclasses

    from game.rules import kessel

    del dealer
    stock = _one(chips)
    # A stack that is one of the buy-ins' stocks plays for that buy-in's credits pot.
    buy_in = {chips_: credits for credits, chips_ in kessel.BUY_INS.items()}.get(stock)
    if buy_in is not None and buy_in != options.buy_in:
        options = dataclasses.replace(options, buy_in=buy_in)
    state: GameState = kessel.new_game(seats, options.preset, options=options, chips=stock)
    return state


def kessel_options(preset: str = "kessel") -> Any:
    from game.rules.kessel import KesselOptions

    return KesselOptions(preset=preset)


def spike_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    from game.rules import spike

    state: GameState = spike.new_game(seats, options=options, chips=_one(chips), seed_dealer=dealer)
    return state


def spike_options(preset: str = "corellian-spike") -> Any:
    from game.rules.spike import SpikeOptions

    return SpikeOptions()


def coruscant_state(seats: int, options: Any, chips: Chips, dealer: int) -> GameState:
    from game.rules import coruscant

    state: GameState = coruscant.new_game(
        seats, options=options, chips=_one(chips), seed_dealer=dealer
    )
    return state


def coruscant_options(preset: str = "coruscant-shift") -> Any:
    from game.rules.coruscant import CoruscantOptions

    return CoruscantOptions()
