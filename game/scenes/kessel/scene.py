"""The Kessel Sabacc table (RULES.md §4.1, presets ``kessel`` and ``kessel-shift``):
the engine loop and the hooks the kit's table calls, each handed to one of the
table's roles: ``places`` (``layout.py``: where things sit), ``anim`` (``animate.py``:
events -> steps that change the display model, ``model.py``), ``painter``
(``paint.py`` and ``tokens.py``: draws the model) and ``inputs`` (``controls.py``:
legal actions -> controls, the pickers, clicks, the autoplayer's plan).

A round is three turns round the table; each player in turn may play one shift token
(``kessel-shift``), then draws (a chip into their own pot) or stands. At the reveal
Impostors are rolled for (the player picks a face), Sylops copy their partner with a
flourish, hands are ranked and named, winners take their pots back and losers'
pots and penalties are destroyed. The last player with chips wins.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from ai import advice, make_player
from game import games, i18n
from game import kessel_text as kt_words
from game.app import App
from game.rules import kessel as kg
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.kessel.animate import KesselAnimate
from game.scenes.kessel.controls import KesselControls
from game.scenes.kessel.layout import KesselLayout
from game.scenes.kessel.paint import KesselPaint
from game.scenes.kit.director import DirectorFactory
from game.scenes.kit.hint import advice_words
from game.scenes.kit.ink import Role
from game.scenes.kit.table import Table, campaign_config, resumed_config
from game.scenes.kit.words import tw
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.refusals import refusal
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage.serialize import TableSnapshot
from game.ui.palette import Colour


def create(app: App, config: QuickPlayConfig) -> KesselTable:
    return KesselTable(app, config)


def create_campaign(app: App, campaign: Any) -> KesselTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    session = campaign.session or campaign.sit_down()
    config = campaign_config(app, campaign, "sabacc")
    from dataclasses import replace

    config = replace(config, preset=session.venue.preset, house_rules=session.venue.house_rules)
    return KesselTable(app, config, campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> KesselTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    config = resumed_config(snapshot, kg.KesselState, "Kessel")
    return KesselTable(app, config, resume=snapshot)


def fresh_game(config: QuickPlayConfig, seats: int) -> tuple[kg.KesselState, str]:
    """A new match by the config's rules, and the house rules the engine refused for
    this table in words ("" for none): a refused rule (a token draft for six or
    more) gives way to the preset's defaults."""
    entry = games.get("sabacc")
    refused = ""
    try:
        options = engine_options(config)
        state = entry.new_state(seats, config.starting_chips, config.preset, options)
    except (TypeError, ValueError) as error:
        refused = refusal(error)
        state = entry.new_state(seats, config.starting_chips, config.preset)
    assert isinstance(state, kg.KesselState)
    return state, refused


class KesselTable(Table):
    """The Kessel table (see the module docstring)."""

    painter: KesselPaint  # the roles, made in __init__
    inputs: KesselControls

    name = "kessel-table"
    game = "sabacc"
    turn_keys = ("kt.turn.between", "kt.turn.over", "kt.turn.{phase}")

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
        director: DirectorFactory | None = None,
    ) -> None:
        self.worker = BackgroundChoice()  # the computer seats' choices
        self.think_until = 0.0
        super().__init__(app, config, campaign, resume, director)
        n = self.num_seats
        self.refused = ""  # house rules the engine refused for this table (the player is told)

        def make() -> kg.KesselState:
            state, self.refused = fresh_game(config, n)
            return state

        self.state = self.new_state(make)
        self.options: kg.KesselOptions = self.state.options
        self.places = KesselLayout(self)
        self.anim = KesselAnimate(self)  # routes each event type to its animation
        self.painter = KesselPaint(self)
        self.inputs = KesselControls(self)
        preset = self.options.preset
        self.bots = {
            s: make_player("sabacc", config.opponents[s - 1], preset=preset) for s in range(1, n)
        }
        self.attach_driver(self.bots)
        if self.campaign is None and self.driver is not None:
            # Kessel is played to the last one standing: nobody buys back in.
            self.driver.rebuy_to = None  # type: ignore[attr-defined]
            self.driver.preset = preset  # type: ignore[attr-defined]
        self.autoplay_bot = make_player("sabacc", "normal", preset=preset)
        self.reset_model()
        self.say(self.you("kt.log.welcome", count=self.state.chips[0]), "gold")
        if self.refused:
            self.say(tw("kt.log.refused", reason=self.refused), "bad")

    # ------------------------------------------------------------ the model
    def reset_model(self) -> None:
        """The display model from the engine as it stands, nothing picked or aimed."""
        self.anim.reset()
        self.inputs.reset()
        self.between_noted = False
        self.thinking = -1

    def synced(self) -> None:
        self.anim.model.synced(self.state)

    def human_view(self) -> kg.KesselView:
        return self.state.view(self.human)

    def play(self, events: list[Event]) -> None:
        self.anim.play(events)

    # ------------------------------------------------------------ the engine

    def advance(self) -> None:
        actor = self.state.to_act()
        if actor == CHANCE:
            assert self.driver is not None
            events = self.driver.chance()
            self.loop.mark_progress()
            self.play(events)
        elif actor == BETWEEN and self.state.round_no == 0 and self.driver is not None:
            self.loop.deal_next_unit()  # the first round starts as the player sits down
        elif actor in (BETWEEN, TERMINAL):
            if not self.between_noted:
                self.between_noted = True
                self.result.rounds_played = self.state.completed
                self.result.chips_end = list(self.state.chips)
                if actor == TERMINAL and self.state.game_winners:
                    self.result.winner = self.state.game_winners[0]
                self.screenshot(f"round-over-{min(self.state.completed, 3)}")
        elif actor != self.human:
            self.computer_turn(actor)
        else:
            self.banner_left = min(self.banner_left, 0.4)  # the player's move: clear the felt
            phase = self.state.phase
            self.screenshot(f"{phase}-{min(self.state.turn, 3)}" if phase == kg.TURN else phase)

    def computer_turn(self, seat: int) -> None:
        """A computer seat thinks on screen while its choice is worked out on the worker
        thread (a searching AI never freezes a frame); then its move is played."""
        assert self.driver is not None
        key = ("seat", seat, self.progress)
        if self.worker.key != key:
            self.thinking = seat
            pause = 0.45 if self.state.phase == kg.TURN else 0.3
            self.think_until = self.clock + (
                0.0 if self.queue.instant else pause / max(0.1, self.queue.speed)
            )
            choose, args = self.driver.bot_job(seat)
            self.worker.start(key, choose, *args, synchronous=self.queue.instant)
        if self.clock >= self.think_until and self.worker.ready(key):
            self.thinking = -1
            events = self.driver.bot_move(seat, self.worker.take())
            self.loop.mark_progress()
            self.play(events)

    def shutdown(self) -> None:
        self.worker.close()
        super().shutdown()

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        if actor == BETWEEN and self.state.round_no == 0:
            return False  # the first round deals itself
        return actor in (BETWEEN, TERMINAL) or actor == self.human

    def panel_title(self) -> str:
        if self.campaign is not None:
            return super().panel_title()
        return i18n.t(f"preset.{self.options.preset}")

    def status_line(self) -> str:
        return i18n.t("table.preset", preset=i18n.t(f"preset.{self.options.preset}"))

    def info_lines(self) -> list[tuple[str, Colour]]:
        model = self.anim.model
        stock = i18n.t("kt.info.stock", count=model.chips[self.human], pot=model.pots[self.human])
        lines = [(stock, self.ink.text)]
        if self.options.shift_tokens and model.my_tokens:
            names = i18n.join_list(kt_words.token_name(t) for t in model.my_tokens)
            lines.append((i18n.t("kt.info.tokens", tokens=names), self.ink.dim))
        return lines

    def campaign_lines(self) -> list[tuple[str, Colour]]:
        """A Kessel venue's goal is rounds won (chips only shrink here)."""
        progress = getattr(self.campaign, "progress", None) if self.campaign is not None else None
        goal = getattr(getattr(progress, "current", None), "rounds_goal", 0)
        if progress is None or not goal:
            return super().campaign_lines()
        won = progress.rounds_won
        return [
            (i18n.t("kt.goal_line", won=won, goal=goal), self.ink.gold),
            (i18n.t("campaign.stake_line", buy_in=progress.current.buy_in, debt=progress.debt),
             self.ink.dim),
        ]  # fmt: skip

    def ask_hint(self) -> None:
        """The hard AI's move for the player's decision, on the worker thread."""
        if self.state.to_act() != self.human:
            self.hint.clear()
            return
        facts: list[tuple[str, Role]] = []
        words = self.painter.hand_words()
        if words:
            facts.append((words, "text"))
        player = make_player("sabacc", "hard", preset=self.options.preset)
        view, legal = self.human_view(), self.state.legal_actions()
        self.hint.request(
            ("kessel", self.progress),
            facts,
            advice.advise,
            ("kessel", player, view, legal, random.Random(self.progress)),
            self.describe_advice,
            synchronous=self.queue.instant,
        )

    def describe_action(self, action: Any) -> str:
        return kt_words.action_label(action, self.seat_name)

    def describe_advice(self, advised: advice.Advice) -> str:
        """The advised move and its reason from the numbers (``ai.advice``)."""
        return advice_words(self.describe_action(advised.action), advised.reason, self.seat_name)

    # ------------------------------------------------------------ the controls
    def my_turn_text(self) -> str:
        targeting = self.inputs.targeting
        if targeting:
            return i18n.t("kt.turn.target", token=kt_words.token_name(targeting))
        view = self.seen.view
        if self.seen.phase == kg.TURN and view is not None and view.free_draw:
            return i18n.t("kt.turn.turn_free")  # Free Draw played: this turn's draw costs nothing
        return super().my_turn_text()

    # ------------------------------------------------------------ the felt
    def layout(self) -> None:
        self.places.layout()

    def banner_centre(self) -> tuple[int, int]:
        return self.places.banner_centre()

    def banner_width(self) -> int:
        return self.places.banner_width()

    def speech_keep_clear(self) -> list[pygame.Rect]:
        return self.places.speech_keep_clear()

    def felt_covered(self) -> bool:
        return self.inputs.picking()

    def legend_keep_clear(self) -> list[pygame.Rect]:
        rects = super().legend_keep_clear()
        if self.inputs.picking():
            return rects + self.painter.tokens.picker_keep_clear()
        return rects
