"""The Sabacc table scene: its session and the hooks the kit calls, handed to its
roles (``places``, ``anim``, ``painter``, ``inputs``, ``engine``).

Data flows one way (STYLE.md): a button, key or card click becomes an engine action
(``controls``); the engine answers at once with events (``engine``); each event
becomes queued animation steps (``animate``, ``showdown``, ``flows``) that update
the display model (``model``) as they play; ``paint`` and ``seats`` draw only that
model. The human (seat 0) only ever sees events
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
from typing import Any

import pygame

import ai
from game import games, i18n
from game.app import App
from game.campaign import Campaign
from game.campaign.venues import CHARACTERS
from game.rules import sabacc as sb
from game.rules.base import Event
from game.scenes.kit.autoplay import Pacer
from game.scenes.kit.bar import ActionBar
from game.scenes.kit.cast import Seat, campaign_cast, quick_cast
from game.scenes.kit.director import DirectorFactory
from game.scenes.kit.shots import PhaseShots
from game.scenes.kit.table import Table
from game.scenes.kit.text import table_unit
from game.scenes.kit.words import player_names
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.sabacc.animate import SabaccAnimate
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.controls import SabaccControls
from game.scenes.sabacc.engine import SabaccLoop
from game.scenes.sabacc.layout import SabaccLayout, compute_layout
from game.scenes.sabacc.paint import SabaccPaint
from game.scenes.table import QuickPlayConfig, engine_options
from game.session import config as session_config
from game.session import drivers
from game.session.config import seat_personality
from game.storage.generators import SeededRandom
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import fonts as ui_fonts
from game.ui.palette import Colour


class SabaccTable(Table):
    """The table: its session (engine state, driver, the player's decision) and the
    hooks the kit calls, each handed to a role: ``places`` (the layout), ``anim``
    (events -> steps, the display model), ``painter``, ``inputs`` (the controls)
    and ``engine`` (the engine loop)."""

    painter: SabaccPaint  # the roles, made in __init__
    inputs: SabaccControls

    name = "sabacc-table"
    game = "sabacc"
    card_loop = False  # its own engine loop and action bar (``engine``, ``inputs``)
    hint_tip = "sabacc.tip.hint"

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Campaign | None = None,
        resume: TableSnapshot | None = None,
        director: DirectorFactory | None = None,
    ) -> None:
        """A quick-play table; with ``campaign``, that campaign's sitting (every step
        through ``Campaign.step``); with ``resume``, a saved quick-play table exactly as
        it was; with ``director``, a replay or a lesson (``kit.director``)."""
        super().__init__(app, config, director=director)
        # game.ui keeps Font objects across pygame.quit() (a new App in the same
        # process, as in tests): drop them so its text renders with live fonts.
        ui_fonts.clear_caches()
        self.campaign = campaign
        # Saved as its seed and its count of draws (game.storage.generators).
        self.rng: random.Random = SeededRandom(config.seed)
        # The autoplayer and the hint get their own generators: asking for a hint
        # never changes what the opponents or the deck do.
        self.autoplay_rng: random.Random = SeededRandom((config.seed or 0) + 1)
        seats = 1 + len(config.opponents)
        self.unplayable = ""
        self._places: SabaccLayout | None = None
        self._places_faces = 0
        # The roles, each with this table: the display model and the events' steps,
        # the painting, the controls, the engine loop.
        self.anim = SabaccAnimate(self)
        self.painter = SabaccPaint(self)
        self.inputs = SabaccControls(self)
        self.engine = SabaccLoop(self)
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
            self.driver.saving = not (self.replaying or self.unplayable)
            self.driver.preset = config.preset
        self.autoplayer = ai.make_player("sabacc", "normal")
        self.hint_player = ai.make_player("sabacc", "hard")
        self.anim.model = self.anim.new_model(cast, [int(c) for c in self.state.chips])
        self.anim.register()
        self.shots = PhaseShots(app, "sabacc")
        self.mode = "wait"  # wait | human | between | over
        self.decision: tuple[Any, ...] = ()
        self.legal: list[Any] = []
        self.hands_played = 0
        self.sent: list[Any] = []  # every action the player's inputs sent to the engine
        self.bar = ActionBar(self.add_button)
        self.worker = BackgroundChoice()  # AI seats and the autoplayer
        self.pacer = Pacer(app, "sabacc table", gap=0)
        if self.unplayable:
            self.mode = "over"
            self.inputs.current_specs = self.inputs.specs()
            self.log.add(
                i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{config.preset}")), "bad"
            )
        self.hands_played = int(self.state.completed) if resume is not None else 0
        if self.driver.hand_events:
            self.engine.catch_up(self.driver.hand_events)

    @property
    def places(self) -> SabaccLayout:
        """Every rectangle of the table for the window's size (built again on resize)."""
        size, unit = self.app.size, table_unit(self.app)
        lay = self._places
        # A campaign table (its characters' faces by their plates) leaves them room.
        faces = round(106 * unit) if self.felt_extras is not None else 0
        if (lay is None or lay.size != size or lay.u != unit or lay.ui != self.u
                or self._places_faces != faces):  # fmt: skip
            self._places_faces = faces
            lay = self._places = compute_layout(
                size, unit, self.state.num_seats, self.u, 3 + len(self.campaign_lines()), faces
            )
        return lay

    def _save_data(self) -> dict[str, Any]:
        """The table's own part of a quick-play save: enough to build it again."""
        return {"config": session_config.config_to_json(self.config), "names": self.driver.names}

    # ------------------------------------------------------------ the session
    def play(self, events: list[Event]) -> None:
        """The engine's events, shown: their animations queue up (``anim``)."""
        self.anim.play(events)

    def submit(self, action: Any) -> bool:
        """The player's action to the engine, as the controls send it (``inputs``)."""
        return self.inputs.submit(action)

    def next_hand(self) -> None:
        if self.mode == "between":
            self.engine.start_hand()

    def shutdown(self) -> None:
        self.worker.close()
        super().shutdown()

    def leave_table(self) -> None:
        if self.director is not None:
            self.director.leave()
            return
        if self.campaign is not None:
            self.sitting.stand_up(self.driver.mid_hand() and not self.driver.over())
            return
        self.queue.clear()
        self.driver.end()  # left normally: nothing to resume
        self.result.rounds_played = self.hands_played
        self.result.chips_end = list(self.state.chips)
        super().leave_table()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.director is not None and self.director.event(event):
            return None
        if (
            event.type == pygame.KEYDOWN
            and event.key != pygame.K_ESCAPE
            and (self.inputs.handle_key(event) or self.common_key(event))
        ):
            return None
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.inputs.click_card(event.pos)
        ):
            return None
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event, self.places.log):
            return None
        return super().process_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.inputs.tick(dt)
        self.queue.update(dt)
        self.hint.poll()
        director = self.director
        if director is not None:
            director.update(dt)
        if self.unplayable or self.queue.busy or (director and not director.may_advance()):
            return
        self.engine.advance(dt)

    def autoplay_step(self) -> None:
        if self.director is None or not self.director.autoplay_step():
            self.inputs.autoplay_step()

    def ask_hint(self) -> None:
        self.inputs.ask_hint()

    def toggle_hint(self) -> None:
        super().toggle_hint()
        self.ask_hint()

    # -------------------------------------------------------------- controls
    def build(self) -> None:
        self.inputs.build()

    def resume(self) -> None:
        super().resume()
        self.inputs.resume()

    def action_buttons(self) -> list[tuple[str, bool, Any]]:
        return self.inputs.action_buttons()

    # --------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps);
        only the cards in the field keep shimmering, at 6 of the shimmer's 12 steps/s,
        and the hint shows the AI's suggestion within 0.1 s of its arrival."""
        rest = self.director.redraw_in() if self.director is not None else None
        if rest is not None:
            return rest
        model = self.anim.model
        if self.queue.busy or model.flights or self.mode not in ("human", "between", "over"):
            return 0.0
        if self.inputs.refusal is not None:
            return 0.1  # the reason goes away on its own
        if self.hint.key is not None and self.hint.choice is None:
            return 0.1
        if any(card.in_field for seat in model.seats for card in seat.cards):
            return min(1 / 6, self.moods_rest())
        return self.moods_rest()

    def table_key(self) -> object:
        """The cached picture's signature less the field's shimmer (``redraw_in`` paces
        it), the decision, its action bar and a refusal."""
        window, (centre, *seats) = self.painter.layer_signature(self.app.size)
        inputs = self.inputs
        return (window, centre, tuple(seat[:-1] for seat in seats), self.mode, self.decision,
                inputs.card_mode, inputs.built_signature, inputs.refusal)  # fmt: skip

    def palette_changed(self) -> None:
        self.painter.seats.shift_frames.clear()

    def notice_keep_clear(self) -> list[pygame.Rect]:
        return self.painter.notice_keep_clear()

    def legend_keep_clear(self) -> list[pygame.Rect]:
        return super().legend_keep_clear() + self.painter.keep_clear()

    def legend_area(self) -> pygame.Rect:
        return self.painter.legend_area()

    # ------------------------------------------------------------ the seats
    def table_cast(self) -> list[Seat]:
        return [seat.cast for seat in self.anim.model.seats]

    def seat_name(self, seat: int) -> str:
        return self.anim.seat_name(seat)

    def relabel_player(self) -> None:
        """After a language switch, the player's seat in the new language."""
        view = self.anim.model.seats[HUMAN]
        if view.name in player_names():
            view.name = i18n.t("campaign.you" if self.campaign is not None else "results.you")

    def info_lines(self) -> list[tuple[str, Colour]]:
        model, ink = self.anim.model, self.ink
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
