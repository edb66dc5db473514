"""The display model of the Corellian Spike / Coruscant Shift table: what the player
sees right now.

Only animation steps change it (``animate``, which owns it as ``anim.model``);
painting reads only it (``paint``). Other seats' cards are ``None`` (drawn face down)
until the reveal shows them.
"""

from __future__ import annotations

from typing import Any

from game.scenes.kit.ink import Shade

Code = str | None  # a card's code, None when this player may not see it


def code(card: int) -> str:
    from game.rules import spike_cards as kc

    return kc.code(card)


class SpikeModel:
    """The felt of one table: every seat's cards, stacks and words, the piles, the dice
    and the pots (``clear`` empties it as a game/hand begins; ``sync`` takes the numbers
    from the engine)."""

    def __init__(self, seats: int, state: Any, coruscant: bool) -> None:
        self.seats = seats
        self.coruscant = coruscant
        self.chips = [int(c) for c in state.chips]
        self.dealer = int(state.dealer)
        self.clear(state)

    def clear(self, state: Any) -> None:
        """An empty felt as a game/hand begins."""
        n = self.seats
        self.hands: list[list[Code]] = [[] for _ in range(n)]
        self.picks: list[list[Code]] = [[] for _ in range(n)]  # Coruscant selections
        self.locked = 0  # the player's first-selection cards (they stay)
        self.folded = [False] * n
        self.hand_names: list[str] = [""] * n  # the named hand / distance at the reveal
        self.label_shade: list[Shade] = ["text"] * n
        self.notes: list[tuple[str, Shade]] = [("", "text")] * n  # the last action
        self.revealed = [False] * n
        self.winners: set[int] = set()
        self.gained: list[Code | bool] = [False] * n  # False: none; None: face down
        self.dissolve: dict[int, float] = {}  # seat -> progress of a Sabacc Shift
        self.dice: tuple[int, int] | None = None
        self.dice_spin = 1.0  # 1: settled
        self.dice_round = 0  # the round of the dice shown (an earlier one: shown dimmed)
        self.spin_seed = 0
        self.shift_flash = 0.0
        self.target: int | None = None
        self.suit: str | None = None
        self.deck = 62
        self.hand_pot = self.sabacc_pot = self.pot = 0  # sync() sets them from the engine
        self.ante = int(getattr(state, "ante_now", 0))
        self.round_no = 0
        self.game_no = int(state.hand_no)
        self.in_match = [bool(x) for x in state.in_match]
        self.phase_note = ""
        self.discards: list[str] = []

    def sync(self, state: Any) -> None:
        """After a catch-up: the numbers from the engine, so nothing can drift."""
        self.chips = [int(c) for c in state.chips]
        self.dealer = int(state.dealer)
        self.deck = len(state.deck)
        self.discards = [code(c) for c in state.discards[-1:]]
        self.ante = int(getattr(state, "ante_now", 0))
        if self.coruscant:
            self.pot = int(state.pot)
        else:
            self.hand_pot, self.sabacc_pot = int(state.hand_pot), int(state.sabacc_pot)

    def seat_cards(self, seat: int) -> list[Code]:
        """What the seat shows in its row: the selection first (Coruscant), then the hand."""
        return list(self.picks[seat]) + list(self.hands[seat])

    def in_play(self, seat: int) -> bool:
        return bool(self.hands[seat] or self.picks[seat]) and not self.folded[seat]
