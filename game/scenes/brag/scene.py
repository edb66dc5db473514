"""The Thirteen Card Brag table (RULES.md §2): the engine loop and the table's hooks.

The player arranges by clicking a card and then a slot, by dragging, or with the
keyboard (Left/Right pick a card, 1-4 put it in a slot). The reveal then turns over
one column at a time and marks its winner; points, crashes and payments follow, and
the reveal stays on the table until the player presses Continue.

``BragTable`` is the kit table with the game's hooks; each hook hands over to one of
its roles (``base.py`` names them): ``places``, ``anim``, ``painter``, ``inputs``.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from ai import advice, make_player
from game import games, i18n
from game.app import App
from game.rules import brag, cards52
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.brag.animate import BragAnimate
from game.scenes.brag.controls import BragControls
from game.scenes.brag.layout import BragLayout
from game.scenes.brag.paint import BragPaint
from game.scenes.kit.director import DirectorFactory
from game.scenes.kit.hint import advice_words
from game.scenes.kit.table import Table, campaign_config, resumed_config
from game.scenes.kit.words import tw
from game.scenes.table import QuickPlayConfig, engine_options
from game.session.config import seat_personality
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


class BragTable(Table):
    """The Brag table (see the module docstring)."""

    painter: BragPaint  # the roles, made in __init__
    inputs: BragControls

    name = "brag-table"
    game = "brag"

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
        self.state = self.new_state(
            lambda: games.get(self.game).new_state(
                n,
                config.starting_chips,
                options=engine_options(config),
                dealer=self.rng.randrange(n),
            )
        )
        self.places = BragLayout(self)
        self.anim = BragAnimate(self)
        self.painter = BragPaint(self)
        self.inputs = BragControls(self)
        self.anim.register_handlers()
        self.bots = {
            seat: make_player("brag", config.opponents[seat - 1], seat_personality(config, seat))
            for seat in range(1, n)
        }
        self.attach_driver(self.bots)
        self.autoplay_bot = make_player("brag", "normal")
        self.between_noted = False
        self.say(self.you("brag.log.welcome", target=self.state.options.target))
        self.say(tw("brag.hint"), "dim")  # how to arrange, by mouse and by keys

    # ------------------------------------------------------------ engine loop
    def synced(self) -> None:
        self.anim.synced()

    def play(self, events: list[Any]) -> None:
        self.anim.play(events)

    def ai_move(self, seat: int) -> None:
        self.loop.bot_turn(seat)

    def advance(self) -> None:
        if self.anim.hold:
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
                self.result.winner = self.anim.game_winner
                self.screenshot(f"game-over-{self.state.completed}")
        elif actor != self.human:
            think = 0.45 if self.state.phase is not brag.Phase.SETTING else 0.55
            self.queue.push(Wait(think))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.screenshot(f"{self.state.phase.value}-{min(self.anim.deal_no, 3)}")

    def apply_human(self, action: Any) -> None:
        """The player's move, through the driver (a lesson checks it first)."""
        assert self.driver is not None
        events = self.driver.human(action)
        self.loop.mark_progress()
        self.play(events)

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return self.anim.hold or actor in (BETWEEN, TERMINAL) or actor == self.human

    @property
    def arranging(self) -> bool:
        """Whether the player is laying out their thirteen cards (never in a replay)."""
        if self.replaying:
            return False  # the recorded layout is shown; nothing is arranged here
        anim = self.anim
        return self.state.phase is brag.Phase.SETTING and not anim.laid and bool(anim.all_cards())

    # ------------------------------------------------------------ words
    def status_line(self) -> str:
        target = self.seen.options.target if self.seen.options is not None else 0
        deal = max(1, self.anim.deal_no)
        return i18n.t("brag.status", game=self.anim.game_no, deal=deal, target=target)

    def turn_text(self) -> str:
        """The status line's right-hand words (a replay says its step instead)."""
        return self.painter.turn_text()

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision (its layout, when arranging),
        worked out on the worker thread when the decision comes up."""
        if self.anim.hold or self.state.to_act() != self.human:
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
        return self.inputs.action_control(action).text

    # ------------------------------------------------------------ places
    def layout(self) -> None:
        self.places.layout()

    def banner_centre(self) -> tuple[int, int]:
        return self.places.banner_centre()

    def banner_width(self) -> int:
        return self.places.banner_width()

    def message_area(self) -> pygame.Rect:
        return self.places.message_area()

    def speech_keep_clear(self) -> list[pygame.Rect]:
        return self.places.speech_keep_clear()

    # ------------------------------------------------------------ painting
    def result_rects(self) -> list[pygame.Rect]:
        return self.painter.result_rects()

    def draw_finale(self, surface: pygame.Surface) -> None:
        """The game's result, on the table until the player moves on (a lesson's coach
        takes its place while it talks)."""
        self.painter.draw_finale(surface)

    # ------------------------------------------------------------ input
