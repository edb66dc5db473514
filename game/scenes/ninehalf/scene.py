"""The Nine and a Half (九点半) table (RULES.md §3): the engine loop and its hooks."""

from __future__ import annotations

import random
from typing import Any

from ai import advice, make_player
from game import i18n
from game.app import App
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.kit.hint import advice_words
from game.scenes.kit.ink import Role
from game.scenes.kit.table import campaign_config, resumed_config
from game.scenes.ninehalf.controls import NineHalfControls
from game.scenes.table import QuickPlayConfig
from game.storage.serialize import TableSnapshot
from game.ui.palette import Colour
from game.ui.tween import Wait


def create(app: App, config: QuickPlayConfig) -> NineHalfTable:
    return NineHalfTable(app, config)


def create_campaign(app: App, campaign: Any) -> NineHalfTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    return NineHalfTable(app, campaign_config(app, campaign, "ninehalf"), campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> NineHalfTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    config = resumed_config(snapshot, nh.NineHalfState, "Nine and a Half")
    return NineHalfTable(app, config, resume=snapshot)


class NineHalfTable(NineHalfControls):
    """The Nine and a Half table (see the module docstring)."""

    def advance(self) -> None:
        actor = self.state.to_act()
        if actor == CHANCE:
            assert self.driver is not None
            events = self.driver.chance()
            self.loop.mark_progress()
            self.play(events)
        elif actor in (BETWEEN, TERMINAL):
            if not self.between_noted:
                self.between_noted = True
                self.result.rounds_played = self.state.completed
                self.result.chips_end = list(self.state.chips)
                self.screenshot(f"deal-over-{min(self.state.completed, 3)}")
        elif actor != self.human:
            self.thinking = actor
            self.queue.push(Wait(0.4 if self.state.phase != nh.DEALER else 0.6))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.prepare_decision()
            self.screenshot(f"{self.state.phase}-{'dealer' if actor == self.dealer else 'player'}")

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return actor in (BETWEEN, TERMINAL) or actor == self.human

    def ai_move(self, seat: int) -> None:
        self.thinking = -1
        self.loop.bot_turn(seat)

    def status_line(self) -> str:
        return i18n.t("nh.limit_plaque", limit=self.limit)

    def info_lines(self) -> list[tuple[str, Colour]]:
        deal = self.you("nh.deal_info", deal=self.deal_no, seat=self.seat_name(self.dealer))
        return [(self.status_line(), self.ink.gold), (deal, self.ink.text)]

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision, worked out on the worker thread
        when the decision comes up; the player's hand value at once."""
        if self.state.to_act() != self.human:
            self.hint.clear()
            return
        view = self.human_view()
        value = self.my_value()
        facts: list[tuple[str, Role]] = []
        if value is not None:
            facts.append((i18n.t("nh.your_hand", value=self.value_text(value)), "text"))
        player = make_player("ninehalf", "hard")
        self.hint.request(
            ("ninehalf", self.progress),
            facts,
            advice.advise,
            ("ninehalf", player, view, self.state.legal_actions(), random.Random(self.progress)),
            lambda advised: advice_words(
                self.describe_action(advised.action), advised.reason, self.seat_name
            ),
            synchronous=self.queue.instant,
        )

    def describe_action(self, action: Any) -> str:
        names = {
            nh.Hit: "nh.hit", nh.Stay: "nh.stay", nh.Draw: "nh.draw", nh.Stop: "nh.stop",
            nh.SitOut: "nh.sit_out",
        }  # fmt: skip
        for kind, key in names.items():
            if isinstance(action, kind):
                return i18n.t(key)
        if isinstance(action, nh.Challenge):
            return i18n.t("nh.challenge", seat=self.seat_name(action.seat))
        if isinstance(action, nh.Bet):
            return f"{i18n.t('nh.bet')} {action.amount}"
        if isinstance(action, nh.Ante):
            return f"{i18n.t('nh.ante')} {action.amount}"
        if isinstance(action, nh.SetLimit):
            return f"{i18n.t('nh.set_limit')} {action.limit}"
        return str(action)
