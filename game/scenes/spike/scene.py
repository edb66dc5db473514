"""The Corellian Spike / Coruscant Shift table (RULES.md §4.2, §4.3): the engine loop
and its hooks."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ai import advice
from game import i18n, spike_text
from game.app import App
from game.rules import coruscant, spike
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.kit.hint import advice_words
from game.scenes.kit.ink import Role
from game.scenes.kit.table import campaign_config, resumed_config
from game.scenes.kit.worker import think_ahead
from game.scenes.spike.controls import SpikeControls
from game.scenes.table import QuickPlayConfig
from game.storage.serialize import SerializeError, TableSnapshot
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


class SpikeTable(SpikeControls):
    """The table of both modern rule sets (see the package's docstring)."""

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
            self.prepare_decision()
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
            lines.append((i18n.t("spiketable.hand_info", number=max(1, self.game_no),
                                 seat=self.seat_name(self.dealer)), ink.text))  # fmt: skip
        else:
            lines.append((i18n.t("spiketable.game_info", number=max(1, self.game_no),
                                 round=max(1, self.round_no)), ink.text))  # fmt: skip
        return lines

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision, on the worker thread."""
        if self.state.to_act() != self.human:
            self.hint.clear()
            return
        view = self.state.view(self.human)
        facts: list[tuple[str, Role]] = []
        text = self.own_hand_text()
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
