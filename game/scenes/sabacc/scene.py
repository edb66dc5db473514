"""The Sabacc table scene: lifecycle, input and the engine loop.

Data flows one way (STYLE.md): a button, key or card click becomes an engine action
(``controls``); the engine answers at once with events; each event becomes queued
animation steps (``animate``) that update the display model (``model``) as they
play; ``paint`` draws only that model. The human (seat 0) only ever sees events
redacted for seat 0 (``Event.for_seat(0)``): other seats' hidden cards are ``None``
in the model and drawn face down.

Human input is taken only when the queue is idle and it is seat 0's turn. AI seats
"think" for a delay scaled by the animation speed while they compute on a worker
thread.

Under ``--autoplay`` the AI plays seat 0 *through the same inputs*: it posts the
click or key events for its choice (``autoplay_step``), takes a screenshot of each
phase (deal, bet, shift, draw, reveal, sudden demise), and after ``config.rounds``
hands presses "Leave table".
"""

from __future__ import annotations

import random
import typing
import zlib
from collections.abc import Callable
from typing import Any

import pygame

import ai
from ai import advice
from game import games, i18n
from game.app import App
from game.campaign import Campaign
from game.campaign.venues import CHARACTERS
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.kit.autoplay import Pacer
from game.scenes.kit.bar import DIGIT_KEYS, ActionBar, ActionSpec, BetStepper
from game.scenes.kit.cast import Seat, campaign_cast, quick_cast
from game.scenes.kit.ink import Role
from game.scenes.kit.inputs import click_events
from game.scenes.kit.shots import PhaseShots
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.controls import SabaccControls
from game.scenes.sabacc.layout import SabaccLayout
from game.scenes.sabacc.model import (
    CardView,
    SeatView,
    TableModel,
    bust_chance,
    draw_can_bomb,
    hand_name,
    hint_words,
)
from game.scenes.table import QuickPlayConfig, engine_options
from game.scenes.widgets import ButtonItem
from game.session import config as session_config
from game.session import drivers
from game.session.config import seat_personality
from game.storage.generators import SeededRandom
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import fonts as ui_fonts
from game.ui.palette import Colour


class SabaccTable(SabaccControls):
    name = "sabacc-table"

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Campaign | None = None,
        resume: TableSnapshot | None = None,
        replay: bool = False,
    ) -> None:
        """A quick-play table; with ``campaign``, that campaign's sitting (every step
        through ``Campaign.step``); with ``resume``, a saved quick-play table exactly as
        it was; with ``replay``, a table that only shows recorded events."""
        super().__init__(app, config)
        # game.ui keeps Font objects across pygame.quit() (a new App in the same
        # process, as in tests): drop them so its text renders with live fonts.
        ui_fonts.clear_caches()
        self.campaign = campaign
        self.replaying = replay
        # Saved as its seed and its count of draws (game.storage.generators).
        self.rng: random.Random = SeededRandom(config.seed)
        # The autoplayer and the hint get their own generators: asking for a hint
        # never changes what the opponents or the deck do.
        self.autoplay_rng: random.Random = SeededRandom((config.seed or 0) + 1)
        seats = 1 + len(config.opponents)
        self.unplayable = ""
        self.refusal: tuple[str, float] | None = None  # why a key did nothing, for a while
        self._specs_language = ""  # the language the action bar's words are in
        cast = quick_cast(config.opponents, config.rivals)
        self.bots: dict[int, Any] = {
            seat + 1: ai.make_player("sabacc", level, seat_personality(config, seat + 1))
            for seat, level in enumerate(config.opponents)
        }
        self.driver: drivers.TableDriver
        if campaign is not None:
            session = campaign.session or campaign.sit_down()
            cast = campaign_cast(session.seat_ids)
            self.driver = drivers.CampaignDriver(campaign, [seat.name for seat in cast])
            self.state = self.driver.state
        else:
            if resume is not None:
                self.state = resume.state
                self.rng = resume.rngs["chance"]
                self.autoplay_rng = resume.rngs.get("autoplay", self.autoplay_rng)
            else:
                entry = games.get(self.game)
                try:
                    self.state = typing.cast(
                        sb.SabaccState,
                        entry.new_state(
                            seats,
                            config.starting_chips,
                            config.preset,
                            engine_options(config),  # the preset plus house rules
                            dealer=self.rng.randrange(seats),
                        ),
                    )
                except (TypeError, ValueError) as error:
                    # A rule set the engine cannot run yet: say so instead of crashing
                    # (and seat the player at the game's default rule set).
                    self.unplayable = str(error)
                    self.state = typing.cast(
                        sb.SabaccState, entry.new_state(seats, config.starting_chips)
                    )
            self.driver = drivers.QuickDriver(
                app,
                "sabacc",
                self.state,
                self.rng,
                self.bots,
                [seat.name for seat in cast],
                self._save_data,
                {"autoplay": self.autoplay_rng},
                hand_events=drivers.decode_events(resume.table.get("hand_events", []))
                if resume is not None
                else None,
                resumed_table=resume.table if resume is not None else None,
                resumed_rngs=resume.rngs if resume is not None else None,
                seed=config.seed,
                stack=config.starting_chips,
            )
            # Nothing to save for a replay or a table that cannot be played.
            self.driver.saving = not (replay or self.unplayable)
            self.driver.preset = config.preset
        self.autoplayer = ai.make_player("sabacc", "normal")
        self.hint_player = ai.make_player("sabacc", "hard")
        self.model = self.new_model(cast, [int(c) for c in self.state.chips])
        self._register_handlers()
        self.shots = PhaseShots(app, "sabacc")
        self.mode = "wait"  # wait | human | between | over
        self.decision: tuple[Any, ...] = ()
        self.legal: list[Any] = []
        self.card_mode = ""  # "discard" / "field" when a card click is an action
        self.card_actions: dict[str, type] = {}
        self.thinking: int | None = None
        self.think_left = 0.0
        self.hands_played = 0
        self.sent: list[Any] = []  # every action the player's inputs sent to the engine
        self.bar = ActionBar(self.add_button)
        self.stepper: BetStepper | None = None
        self._stepper_items: tuple[ButtonItem, ButtonItem] | None = None
        self._built_signature: tuple[Any, ...] = ()
        self.amount_kinds: dict[str, Callable[[int], Any]] = {}
        self.spec_actions: dict[str, Any] = {}
        self._shifting: CardView | None = None  # the card a shift glitch is playing on
        self.worker = BackgroundChoice()  # AI seats and the autoplayer
        self._layout: SabaccLayout | None = None
        self.stepper_rect: pygame.Rect | None = None
        self.pacer = Pacer(app, "sabacc table", gap=0)
        self._shift_frames: dict[tuple[str, str, tuple[int, int], int], pygame.Surface] = {}
        self.current_specs: list[ActionSpec] = []
        if self.unplayable:
            self.mode = "over"
            self.current_specs = self._specs()
            self.log.add(
                i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{config.preset}")), "bad"
            )
        self.hands_played = int(self.state.completed) if resume is not None else 0
        if self.driver.hand_events:
            self._catch_up(self.driver.hand_events)

    def _save_data(self) -> dict[str, Any]:
        """The table's own part of a quick-play save: enough to build it again."""
        return {"config": session_config.config_to_json(self.config), "names": self.driver.names}

    def _catch_up(self, events: list[Event]) -> None:
        """Show a hand already under way (a resumed save): its events play instantly,
        silently, then the numbers are set from the engine so nothing can drift."""
        was_instant, was_muted = self.queue.instant, self.sounds.muted
        self.sounds.set_muted(True)
        self.queue.instant = True
        self.play(events)
        self.queue.instant = was_instant
        self.sounds.set_muted(was_muted)
        model, state = self.model, self.state
        for seat, view in enumerate(model.seats):
            view.chips = int(state.chips[seat])
        model.hand_pot, model.sabacc_pot = int(state.hand_pot), int(state.sabacc_pot)
        model.deck = len(state.deck)
        model.discards = len(state.discards)
        model.discard_top = sc.code(state.discards[-1]) if state.discards else None
        model.banner.alpha = 0.0

    def next_hand(self) -> None:
        if self.mode == "between":
            self._start_hand()

    def shutdown(self) -> None:
        self.worker.close()
        super().shutdown()

    def leave_table(self) -> None:
        if self.campaign is not None:
            self._leave_campaign()
            return
        self.queue.clear()
        self.driver.end()  # left normally: nothing to resume
        self.result.rounds_played = self.hands_played
        self.result.chips_end = list(self.state.chips)
        super().leave_table()

    def _leave_campaign(self) -> None:
        self.sitting.stand_up(self.driver.mid_hand() and not self.driver.over())

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            if self.bar.handle_key(event):
                return None
            if event.key in DIGIT_KEYS and self.card_mode and self.mode == "human":
                # A card prompt is open ("its number"): digits pick cards, never the bet.
                self._hand_card_by_digit(DIGIT_KEYS[event.key])
                return None
            if self.stepper is not None and self.mode == "human" and self.stepper.handle_key(event):
                return None
            if self.common_key(event):
                return None
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.click_card(event.pos)
        ):
            return None
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event, self.layout.log):
            return None
        return super().process_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.stepper is not None:
            self.stepper.update(dt)
        if self.refusal is not None:
            words, left = self.refusal
            self.refusal = (words, left - dt) if left > dt else None
        self.queue.update(dt)
        self.hint.poll()
        if self.unplayable or self.queue.busy:
            return
        self._advance(dt)

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps);
        only the cards in the field keep shimmering, at 6 of the shimmer's 12 steps/s,
        and the hint shows the AI's suggestion within 0.1 s of its arrival."""
        if self.queue.busy or self.model.flights or self.mode not in ("human", "between", "over"):
            return 0.0
        if self.refusal is not None:
            return 0.1  # the reason goes away on its own
        if self.hint.key is not None and self.hint.choice is None:
            return 0.1
        if any(card.in_field for seat in self.model.seats for card in seat.cards):
            return min(1 / 6, self.moods_rest())
        return self.moods_rest()

    def table_key(self) -> object:
        """The cached picture's signature less the field's shimmer (``redraw_in`` paces
        it), the decision, its action bar and a refusal."""
        window, (centre, *seats) = self.layer_signature(self.app.size)
        return (window, centre, tuple(seat[:-1] for seat in seats), self.mode, self.decision,
                self.card_mode, self._built_signature, self.refusal)  # fmt: skip

    def table_cast(self) -> list[Seat]:
        return [seat.cast for seat in self.model.seats]

    def _advance(self, dt: float) -> None:
        to_act = self.state.to_act()
        if to_act == CHANCE:
            self.play(self.driver.chance())
        elif to_act == BETWEEN:
            if self.state.hand_no == 0 and not self.driver.over():
                self._start_hand()
            elif self.driver.over() or not self.state.can_continue(HUMAN):
                self._set_mode("over", ("over", "broke"))
            else:
                self._set_mode("between", ("between", self.state.hand_no))
        elif to_act == TERMINAL:
            self._set_mode("over", ("over",))
        elif to_act == HUMAN:
            self.model.turn = HUMAN
            self.thinking = None
            self._set_mode("human", ("human", self.state.hand_no, self.state.actions_taken))
            phase_shot = {sb.BETTING: "bet", sb.DRAWING: "draw", sb.CALLING: "call"}
            if self.state.phase in phase_shot:
                self.shots.request(phase_shot[self.state.phase])
        else:
            self._set_mode("wait", ("wait",))
            key = ("seat", to_act, self.state.hand_no, self.state.actions_taken)
            if self.worker.key != key:
                # The seat starts thinking: the on-screen delay and the AI's search
                # run together, the search on the worker thread.
                self.thinking = to_act
                self.model.turn = to_act
                self.think_left = self.think_time()
                choose, args = self.driver.bot_job(to_act)
                self.worker.start(key, choose, *args, synchronous=self.queue.instant)
            self.think_left -= dt
            if self.think_left <= 0 and self.worker.ready(key):
                self.thinking = None
                self.play(self.driver.bot_move(to_act, self.worker.take()))

    def _start_hand(self) -> None:
        for seat in range(self.state.num_seats):
            if not self.state.in_match[seat]:
                self.model.seats[seat].out = True
        self._set_mode("wait", ("wait",))
        self.play(self.driver.next_hand())

    def ask_hint(self) -> None:
        """The hint for this decision: the hand's total and the chance a draw busts at
        once, the hard AI's choice from the worker thread (only while the box is open)."""
        if self.mode != "human" or not self.panel.hint_open:
            return
        view: sb.SabaccView = self.state.view(HUMAN)
        rank = view.rank()
        facts: list[tuple[str, Role]] = [
            (i18n.t("sabacc.hint_total", hand=hand_name(rank.kind, rank.total)), "text"),
        ]
        if draw_can_bomb(view, self.legal):
            facts.append(
                (i18n.t("sabacc.hint_bust", percent=round(100 * bust_chance(view))), "text")
            )
        owe = max(0, view.level - view.round_bets[HUMAN])
        seed = zlib.crc32(repr(self.decision).encode())
        self.hint.request(
            ("hint", self.decision),
            facts,
            advice.advise,
            ("sabacc", self.hint_player, view, self.legal, random.Random(seed)),
            lambda advised: hint_words(advised, owe, self.seat_name),
            synchronous=self.queue.instant,
        )

    def toggle_hint(self) -> None:
        super().toggle_hint()
        self.ask_hint()

    def info_lines(self) -> list[tuple[str, Colour]]:
        model, ink = self.model, self.ink
        phase = (
            i18n.t(f"sabacc.phase.{model.decision_phase}")
            if self.mode == "human"
            else i18n.t(model.phase or "sabacc.phase.deal")
        )
        return [
            (i18n.t("table.preset", preset=i18n.t(f"preset.{self.config.preset}")), ink.gold),
            (
                i18n.t(
                    "sabacc.hand_round", hand=max(1, model.hand_no), round=max(1, model.round_no)
                ),
                ink.text,
            ),  # fmt: skip
            (phase, ink.text),
        ]

    def new_model(self, cast: list[Seat], chips: list[int]) -> TableModel:
        model = TableModel(
            [
                SeatView(
                    seat.name,
                    seat.level,
                    c,
                    personality=seat.personality,
                    face=seat.face,
                    voice=seat.voice,
                )
                for seat, c in zip(cast, chips, strict=True)
            ]
        )
        model.deck = len(self.state.deck)
        model.dealer = self.state.dealer
        model.values, model.options = self.state.values, self.state.options
        return model

    def palette_changed(self) -> None:
        self._shift_frames.clear()

    def autoplay_step(self) -> None:
        """Play seat 0 with the AI by posting the inputs a player would make (the kit's
        ``Pacer``: a batch per decision, posted again if it did not take)."""
        self.shots.flush()
        if not self.pacer.tick() or self.queue.busy:
            return
        if self.mode == "human":
            if self.pacer.sent_for(self.decision) or self.shots.pending:
                return  # the last inputs are on their way; the phase's picture comes first
            key = ("autoplay", self.decision)
            if self.worker.key != key:
                self.worker.start(
                    key,
                    self.autoplayer.choose,
                    self.state.view(HUMAN),
                    self.legal,
                    self.autoplay_rng,
                )
            if self.worker.ready(key):
                self.pacer.post(self.inputs_for(self.worker.take()), self.decision)
        elif self.mode in ("between", "over") and not self.pacer.sent_for(self.decision):
            done = self.mode == "over" or self.hands_played >= self.config.rounds
            button = self.bar.button("leave" if done else "next")
            self.pacer.post(click_events(button) if button is not None else [], self.decision)


def create(app: App, config: QuickPlayConfig) -> SabaccTable:
    """The hook ``game.scenes.table.make_table_scene`` calls."""
    return SabaccTable(app, config)


def create_campaign(app: App, campaign: Campaign) -> SabaccTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls: the venue's
    table with its characters, house rules and the player's chips."""
    from game.scenes import campaign_table

    session = campaign.session or campaign.sit_down()
    config = QuickPlayConfig(
        game="sabacc",
        preset=session.venue.preset,
        opponents=tuple(CHARACTERS[s].level for s in session.opponents),
        starting_chips=session.venue.buy_in,
        seed=campaign.progress.seed,
        rounds=campaign_table.autoplay_rounds_left(app, campaign),
    )
    return SabaccTable(app, config, campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> SabaccTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    config = session_config.config_from_json(snapshot.table.get("config"))
    if not isinstance(snapshot.state, sb.SabaccState) or "chance" not in snapshot.rngs:
        raise SerializeError("the saved table is not a Sabacc table")
    return SabaccTable(app, config, resume=snapshot)
