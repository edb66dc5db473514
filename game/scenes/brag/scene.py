"""The Thirteen Card Brag table (RULES.md §2): the engine loop and the table's hooks.

The player arranges by clicking a card and then a slot, by dragging, or with the
keyboard (Left/Right pick a card, 1-4 put it in a slot). The reveal then turns over
one column at a time and marks its winner; points, crashes and payments follow, and
the reveal stays on the table until the player presses Continue.
"""

from __future__ import annotations

import random
from typing import Any

from ai import advice, make_player
from game import i18n
from game.app import App
from game.rules import brag, cards52
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.brag.controls import BragControls
from game.scenes.kit.hint import advice_words
from game.scenes.kit.table import campaign_config, resumed_config
from game.scenes.table import QuickPlayConfig
from game.storage.serialize import TableSnapshot
from game.ui.tween import Wait


def create(app: App, config: QuickPlayConfig) -> BragTable:
    return BragTable(app, config)


def create_campaign(app: App, campaign: Any) -> BragTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    return BragTable(app, campaign_config(app, campaign, "brag"), campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> BragTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    return BragTable(app, resumed_config(snapshot, brag.BragState, "Brag"), resume=snapshot)


class BragTable(BragControls):
    """The Brag table (see the module docstring)."""

    def ai_move(self, seat: int) -> None:
        self.loop.bot_turn(seat)

    def advance(self) -> None:
        if self.hold:
            return
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
                self.result.winner = self.game_winner
                self.screenshot(f"game-over-{self.state.completed}")
        elif actor != self.human:
            think = 0.45 if self.state.phase is not brag.Phase.SETTING else 0.55
            self.queue.push(Wait(think))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.screenshot(f"{self.state.phase.value}-{min(self.deal_no, 3)}")

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return self.hold or actor in (BETWEEN, TERMINAL) or actor == self.human

    def status_line(self) -> str:
        target = self.seen.options.target if self.seen.options is not None else 0
        return i18n.t("brag.status", game=self.game_no, deal=max(1, self.deal_no), target=target)

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision (its layout, when arranging),
        worked out on the worker thread when the decision comes up."""
        if self.hold or self.state.to_act() != self.human:
            self.hint.clear()
            return
        view = self.state.view(self.human)
        legal = self.state.legal_actions()
        self.hint.request(
            ("brag", self.progress),
            [],
            advice.advise,
            ("brag", make_player("brag", "hard"), view, legal, random.Random(self.progress)),
            lambda advised: advice_words(
                self.describe_action(advised.action), advised.reason, self.seat_name,
                {"kind": lambda kind: i18n.t(f"brag.kind.{kind}")},
            ),
            synchronous=self.queue.instant,
        )  # fmt: skip

    def describe_action(self, action: Any) -> str:
        if isinstance(action, brag.SetLayout):
            kinds = [i18n.t(f"brag.kind.{brag.rank_set(list(cards52.codes(s))).kind}")
                     for s in action.sets]  # fmt: skip
            return " / ".join(kinds)
        return self.action_control(action).text
