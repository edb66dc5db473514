"""The Nine and a Half (九点半) table (RULES.md §3): the engine loop and the hooks the
kit's table calls, each handed to one of the table's roles:

- ``places`` (``layout.NineHalfLayout``): the seats' pods, the centre, the banner's room;
- ``anim`` (``animate.NineHalfAnimate``): engine events -> steps, and the display model;
- ``painter`` (``paint.NineHalfPaint``): draws the display model in its places;
- ``inputs`` (``controls.NineHalfControls``): the controls, clicks, the autoplay plan.

Each role takes the table and reaches the others through it (``self.t.places``)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from ai import advice, make_player
from game import games, i18n
from game.app import App
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.kit.director import DirectorFactory
from game.scenes.kit.hint import advice_words
from game.scenes.kit.ink import Role
from game.scenes.kit.table import Table, campaign_config, resumed_config
from game.scenes.ninehalf.animate import NineHalfAnimate
from game.scenes.ninehalf.controls import NineHalfControls
from game.scenes.ninehalf.layout import NineHalfLayout
from game.scenes.ninehalf.paint import NineHalfPaint
from game.scenes.table import QuickPlayConfig, engine_options
from game.session.config import seat_personality
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


class NineHalfTable(Table):
    """The Nine and a Half table (see the module docstring)."""

    painter: NineHalfPaint  # the roles, made in __init__
    inputs: NineHalfControls

    name = "ninehalf-table"
    game = "ninehalf"
    turn_keys = ("nh.turn.between", "nh.match_over", "nh.turn.{phase}")

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
        director: DirectorFactory | None = None,
    ) -> None:
        super().__init__(app, config, campaign, resume, director)
        self.places = NineHalfLayout(self)
        self.anim = NineHalfAnimate(self)
        self.painter = NineHalfPaint(self)
        self.inputs = NineHalfControls(self)
        n = self.num_seats
        self.state = self.new_state(
            lambda: games.get(self.game).new_state(
                n,
                config.starting_chips,
                options=engine_options(config),
                dealer=self.rng.randrange(n),
            )
        )
        self.options = self.state.options
        self.bots = {
            s: make_player("ninehalf", config.opponents[s - 1], seat_personality(config, s))
            for s in range(1, n)
        }
        self.attach_driver(self.bots)
        self.autoplay_bot = make_player("ninehalf", "normal")
        self.anim.synced()  # the display model lags the engine while the animation plays
        self.between_noted = False
        self.thinking = -1  # no computer seat is thinking (kit: Table.thinking)
        self.say(self.you("nh.log.welcome", seat=self.seat_name(self.anim.dealer)), "gold")

    # ---------------------------------------------------------- the engine's side
    def human_view(self) -> nh.NineHalfView:
        return self.state.view(self.human)

    def open_seats(self) -> list[int]:
        """The seats the player, dealing, may challenge now (a replay: none)."""
        if self.state.phase != nh.DEALER or self.state.to_act() != self.human:
            return []
        return [a.seat for a in self.state.legal_actions() if isinstance(a, nh.Challenge)]

    def stakes_for(self, seat: int) -> int:
        """The seat's ante + bet as the engine has it (the display may lag behind), or
        as a replay counts them from its events."""
        counted = self.director.stakes_for(seat) if self.director is not None else None
        if counted is not None:
            return counted
        return self.state.antes[seat] + self.state.bets[seat]

    def observe(self) -> None:
        super().observe()
        self.painter.open_targets = self.open_seats()  # the seats painting may show

    def synced(self) -> None:
        self.anim.synced()

    def play(self, events: list[Event]) -> None:
        self.anim.play(events)

    def animate(self, event: Event) -> None:
        """One event's steps (``anim``'s handlers, through the kit's router; a replay
        counts the stakes as they go down)."""
        if self.director is not None:
            self.director.animate(event, self.router.route)
        else:
            self.router.route(event)

    def human_acts(self, action: Any) -> None:
        if self.state.to_act() != self.human or not self.idle():
            return
        if action not in self.state.legal_actions():
            return  # never reaches the engine: the controls offer only legal actions
        assert self.driver is not None
        events = self.driver.human(action)
        self.loop.mark_progress()
        self.play(events)

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
            self.inputs.prepare_decision()
            self.screenshot(
                f"{self.state.phase}-{'dealer' if actor == self.anim.dealer else 'player'}"
            )

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return actor in (BETWEEN, TERMINAL) or actor == self.human

    def ai_move(self, seat: int) -> None:
        self.thinking = -1
        self.loop.bot_turn(seat)

    def status_line(self) -> str:
        return i18n.t("nh.limit_plaque", limit=self.anim.limit)

    def info_lines(self) -> list[tuple[str, Colour]]:
        deal = self.you(
            "nh.deal_info", deal=self.anim.deal_no, seat=self.seat_name(self.anim.dealer)
        )
        return [(self.status_line(), self.ink.gold), (deal, self.ink.text)]

    def duty_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The dealer's duty counter, shown while the player deals (a replay: none)."""
        if self.human != self.anim.dealer or self.seen.phase != nh.DEALER or self.queue.busy:
            return None
        view = self.seen.view
        left = view.duty - view.challenges
        if left > 0:
            return i18n.t("nh.duty", count=left), self.ink.bad
        if view.must_challenge:
            return i18n.t("nh.duty_after_draw"), self.ink.bad
        return i18n.t("nh.duty_met"), self.ink.good

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision, worked out on the worker thread
        when the decision comes up; the player's hand value at once."""
        if self.state.to_act() != self.human:
            self.hint.clear()
            return
        view = self.human_view()
        value = self.anim.my_value()
        facts: list[tuple[str, Role]] = []
        if value is not None:
            facts.append((i18n.t("nh.your_hand", value=self.anim.value_text(value)), "text"))
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

    # ------------------------------------------------- the kit's hooks, by role
    def layout(self) -> None:
        self.places.layout()

    def speech_keep_clear(self) -> list[pygame.Rect]:
        return self.places.speech_keep_clear()

    def banner_centre(self) -> tuple[int, int]:
        return self.places.banner_centre()

    def banner_width(self) -> int:
        return self.places.banner_width()

    def banner_image(self, words: str, colour: Colour) -> pygame.Surface:
        return self.places.banner_image(words, colour)
