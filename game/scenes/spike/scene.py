"""The Corellian Spike / Coruscant Shift table (RULES.md §4.2, §4.3): the engine loop
and the hooks the kit table calls, each handed to one of the table's roles:

- ``places`` (``layout.SpikeLayout``): where everything sits for the size and seats;
- ``anim`` (``animate.SpikeAnimate``): engine events -> steps; it owns the display
  model (``anim.model``, ``model.SpikeModel``), which only those steps change;
- ``painter`` (``paint.SpikePaint``): draws the model, never the engine;
- ``inputs`` (``controls.SpikeControls``): controls from the legal actions, card
  picks, clicks and keys, and the autoplayer's plan.

One table serves both rule sets: the engine's state type says which (Coruscant
Shift's has a target die and selections).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pygame

from ai import advice
from game import games, i18n, spike_text
from game.app import App
from game.rules import coruscant, spike
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.kit.director import DirectorFactory
from game.scenes.kit.hint import advice_words
from game.scenes.kit.ink import Role, Shade
from game.scenes.kit.table import Table, campaign_config, resumed_config
from game.scenes.kit.worker import think_ahead
from game.scenes.spike.animate import SpikeAnimate
from game.scenes.spike.controls import SpikeControls
from game.scenes.spike.layout import SpikeLayout
from game.scenes.spike.paint import SpikePaint
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import spike_cards as art
from game.ui.palette import Colour
from game.ui.tween import Wait


def create(app: App, config: QuickPlayConfig) -> SpikeTable:
    return SpikeTable(app, config)


def create_campaign(app: App, campaign: Any) -> SpikeTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    session = campaign.session or campaign.sit_down()
    config = dataclasses.replace(
        campaign_config(app, campaign, "sabacc"), preset=session.venue.preset
    )
    return SpikeTable(app, config, campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> SpikeTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    if isinstance(snapshot.state, coruscant.CoruscantState):
        config = resumed_config(snapshot, coruscant.CoruscantState, "Coruscant Shift")
    else:
        config = resumed_config(snapshot, spike.SpikeState, "Corellian Spike")
    if config.preset not in spike_text.PRESETS:
        raise SerializeError("the saved table is not a Corellian Spike or Coruscant Shift table")
    return SpikeTable(app, config, resume=snapshot)


class SpikeTable(Table):
    """The table of both modern rule sets (see the module's docstring)."""

    painter: SpikePaint  # the roles, made in __init__
    inputs: SpikeControls

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
        director: DirectorFactory | None = None,
    ) -> None:
        super().__init__(app, config, campaign, resume, director)
        n = self.num_seats
        self.places = SpikeLayout(self)
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
        self.anim = SpikeAnimate(self)  # an empty felt, then the engine's numbers
        self.painter = SpikePaint(self)
        self.inputs = SpikeControls(self)
        self.synced()
        self.thinking = -1
        self.between_noted = False
        self.say(self.you("spiketable.log.welcome", preset=i18n.t(f"preset.{self.preset}")),
                 "gold")  # fmt: skip

    # ------------------------------------------------------- the roles' hooks
    def layout(self) -> None:
        self.places.layout()

    def banner_centre(self) -> tuple[int, int]:
        return self.places.banner_centre()

    def banner_width(self) -> int:
        return self.places.banner_width()

    def speech_keep_clear(self) -> list[pygame.Rect]:
        return list(self.places.hand_boxes.values())

    def play(self, events: list[Any]) -> None:
        self.anim.play(events)

    def synced(self) -> None:
        self.anim.model.sync(self.state)

    def card(self, code: str | None, height: int) -> pygame.Surface:
        key = (code, height, self.palette_name)
        image = self._card_cache.get(key)
        if image is None:
            size = (max(8, round(height * 2 / 3)), height)
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

    # ---------------------------------------------------------- the engine loop
    def advance(self) -> None:
        actor = self.state.to_act()
        if actor == CHANCE:
            assert self.driver is not None
            events = self.driver.chance()
            self.loop.mark_progress()
            self.play(events)
        elif actor == BETWEEN and self.state.hand_no == 0 and not self.driver_over():
            self.loop.deal_next_unit()  # the first game is dealt as the table opens
        elif actor in (BETWEEN, TERMINAL):
            if not self.between_noted:
                self.between_noted = True
                self.result.rounds_played = self.state.completed
                self.result.chips_end = list(self.state.chips)
                if actor == TERMINAL:
                    self.screenshot("match-over")
        elif actor != self.human:
            self.thinking = actor
            assert self.driver is not None  # the seat chooses on the worker as it thinks
            think_ahead((self, actor, self.progress), *self.driver.bot_job(actor))
            self.queue.push(Wait(self.think_time() * 0.5))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.inputs.prepare_decision()
            phase = self.state.phase
            if phase == "select":
                phase = f"select-{getattr(self.seen.view, 'selection_no', 1)}"
            self.screenshot(phase)

    def driver_over(self) -> bool:
        return self.driver is None or self.driver.over()

    def screenshot(self, label: str) -> None:
        short = "coruscant" if self.coruscant else "spike"
        super().screenshot(f"{short}-{label}")

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return actor in (BETWEEN, TERMINAL) or actor == self.human

    def ai_move(self, seat: int) -> None:
        self.thinking = -1
        self.loop.bot_turn(seat)

    def status_line(self) -> str:
        return i18n.t(f"preset.{self.preset}")

    def info_lines(self) -> list[tuple[str, Colour]]:
        ink = self.ink
        lines = [(self.status_line(), ink.gold)]
        if self.coruscant:
            lines.append((i18n.t("spiketable.hand_info", number=max(1, self.anim.model.game_no),
                                 seat=self.seat_name(self.anim.model.dealer)), ink.text))  # fmt: skip
        else:
            lines.append((i18n.t("spiketable.game_info", number=max(1, self.anim.model.game_no),
                                 round=max(1, self.anim.model.round_no)), ink.text))  # fmt: skip
        return lines

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision, on the worker thread."""
        if self.state.to_act() != self.human:
            self.hint.clear()
            return
        view = self.state.view(self.human)
        facts: list[tuple[str, Role]] = []
        text = self.painter.own_hand_text()
        if text:
            facts.append((text, "text"))
        self.hint.request(
            ("spike", self.progress),
            facts,
            advice.advise,
            (
                "spike",
                self.hint_bot,
                view,
                self.state.legal_actions(),
                random.Random(self.progress),
            ),
            lambda advised: advice_words(
                spike_text.action_label(advised.action, self.preset),
                advised.reason,
                self.seat_name,
                {"stave": lambda name: i18n.t(f"spike.stave.{name}")},
            ),
            synchronous=self.queue.instant,
        )
