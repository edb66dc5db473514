"""The display model of the Corellian Spike / Coruscant Shift table.

The table is one scene built from role modules, each a class in one chain:
``SpikeBase`` (this: the display model) -> ``SpikeLayout`` (where things sit) ->
``SpikeAnimate`` (events -> steps) -> ``SpikePaint`` (draws the model) ->
``SpikeControls`` (legal actions -> controls, card picks, input) -> ``SpikeTable``
(the engine loop, ``scene.py``).

One package serves both rule sets: the engine's state type says which (Coruscant
Shift's has a target die and selections). Only animation steps change the model;
painting reads only it. Other seats' cards are ``None`` in the model (drawn face
down) until the reveal shows them.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import games, i18n
from game.app import App
from game.rules import coruscant
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import Table
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage.serialize import TableSnapshot
from game.ui import spike_cards as art

Code = str | None  # a card's code, None when this player may not see it


class SpikeBase(Table):
    name = "spike-table"
    game = "sabacc"
    turn_keys = ("spiketable.between", "spiketable.match_over", "spiketable.turn.{phase}")
    hint_tip = "sabacc.tip.hint"

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
    ) -> None:
        super().__init__(app, config, campaign, resume)
        n = self.num_seats
        # Queue-time bookkeeping of the animation (see ``animate``).
        self.incoming = [0] * n  # cards on their way to each seat's row
        self.swap_pending = [False] * n
        self.gain_pending = [False] * n
        self.took_discard = [False] * n
        self.shifting = False  # cards drawn now refill a Sabacc Shift's hands
        self.register_handlers()
        self.preset = config.preset
        entry = games.get("sabacc")
        if campaign is not None:
            self.preset = (campaign.session or campaign.sit_down()).venue.preset
        self.state = self.new_state(
            lambda: entry.new_state(
                n,
                config.starting_chips,
                config.preset,
                options=engine_options(config),
                dealer=self.rng.randrange(n),
            )
        )
        self.coruscant = isinstance(self.state, coruscant.CoruscantState)
        self.options = self.state.options
        self.bots = {
            s: entry.make_player(config.opponents[s - 1], None, self.preset) for s in range(1, n)
        }
        if campaign is not None:
            self.bots = {}
        self.attach_driver(self.bots)
        if self.driver is not None and hasattr(self.driver, "preset"):
            self.driver.preset = self.preset  # the hand history names the rule set
        self.autoplay_bot = entry.make_player("normal", None, self.preset)
        self.hint_bot = entry.make_player("hard", None, self.preset)
        self.clear_model()
        self.synced()
        self.thinking = -1
        self.between_noted = False
        # The player's picks: the card a swap would put down (Spike), the cards
        # toggled into the selection (Coruscant).
        self.pick: int | None = None
        self.toggled: set[int] = set()
        self.stepper = 0
        self.stepper_for: tuple[Any, ...] = ()
        self.hover: int | None = None
        self.say(self.you("spiketable.log.welcome", preset=i18n.t(f"preset.{self.preset}")),
                 "gold")  # fmt: skip

    # ---------------------------------------------------------------- the model
    def clear_model(self) -> None:
        """An empty felt as a game/hand begins."""
        n = self.num_seats
        state = self.state
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
        self.hand_pot = self.sabacc_pot = self.pot = 0  # synced() sets them from the engine
        self.ante = int(getattr(state, "ante_now", 0))
        self.round_no = 0
        self.game_no = int(state.hand_no)
        self.in_match = [bool(x) for x in state.in_match]
        self.phase_note = ""
        self.discards: list[str] = []

    def synced(self) -> None:
        """After a catch-up: the numbers from the engine, so nothing can drift."""
        state = self.state
        self.chips = [int(c) for c in state.chips]
        self.dealer = int(state.dealer)
        self.deck = len(state.deck)
        self.discards = [self.code(c) for c in state.discards[-1:]]
        self.ante = int(getattr(state, "ante_now", 0))
        if self.coruscant:
            self.pot = int(state.pot)
        else:
            self.hand_pot, self.sabacc_pot = int(state.hand_pot), int(state.sabacc_pot)

    @staticmethod
    def code(card: int) -> str:
        from game.rules import spike_cards as kc

        return kc.code(card)

    def in_play(self, seat: int) -> bool:
        return bool(self.hands[seat] or self.picks[seat]) and not self.folded[seat]

    # ------------------------------------------------------------------ helpers
    def card(self, code: str | None, height: int) -> pygame.Surface:
        key = (code, height, self.palette_name)
        image = self._card_cache.get(key)
        if image is None:
            size = art_size(height)
            if code is None:
                image = art.render_spike_back(size, self.palette_name)
            else:
                image = art.render_spike_card(code, size, self.palette_name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            if len(self._card_cache) > 600:
                self._card_cache.clear()
            self._card_cache[key] = image
        return image

    def announce(self, words: str, shade: Shade = "gold", seconds: float = 1.6) -> None:
        """A banner; with instant animations it clears quickly, as everything else does."""
        super().announce(words, shade, min(seconds, 0.5) if self.queue.instant else seconds)

    def register_handlers(self) -> None:
        """Route each event type to its animation (``animate.py``)."""


def art_size(height: int) -> tuple[int, int]:
    return (max(8, round(height * 2 / 3)), height)
