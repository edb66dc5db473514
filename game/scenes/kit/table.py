"""``Table``: the one kit table every game's table builds on (``XTable(Table)``).

It owns the felt with its rail, the side panel (Menu, Hint, Speed, the table's
facts, the log, the hint box), one animation queue run at the player's speed, the
sounds, the palette's ink, flying sprites, nameplates, the banner and the warning box,
and the ``?`` labels. Its parts are collaborators, each in its own kit module:

- ``canvas`` (kit.canvas): the felt's picture, the panel's picture and the cached
  layer painted again part by part;
- ``voices`` (kit.voices): the faces' moods, the speech bubble, the earned notices;
- ``rows_ui`` (kit.rows): the decision's ``Control`` rows built into the action bar;
- ``loop`` (kit.loop): the card tables' engine loop and driver (chance and computer
  seats play whenever the queue is idle; the human seat waits for input);
- ``auto`` (kit.autoplay): the autoplayed hand (inputs posted through the same path
  a player uses) and the phase screenshots;
- ``notices`` (kit.notices): the banner and the warning box;
- ``nameplates`` (kit.seats): the seats' plates, portrait plates, the turn marker;
- ``sitting`` (kit.sitting): what leaving asks first, standing up from a campaign.

A game's table implements the hooks (``layout``, ``legal_rows``, ``advance``,
``play``, ``draw_table``, ``layer_parts``, ``autoplay_plan``...), delegating to its
role objects. Sabacc runs its own engine loop and action bar (``card_loop = False``).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Callable, Iterable
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from game import i18n
from game.app import App
from game.rules.base import Event
from game.scenes.kit import speed
from game.scenes.kit import text as kt
from game.scenes.kit.autoplay import AutoHand, Pacer, autoplay_rounds_left
from game.scenes.kit.bar import bar_place
from game.scenes.kit.canvas import Canvas
from game.scenes.kit.cast import Seat, quick_cast
from game.scenes.kit.director import Director, DirectorFactory
from game.scenes.kit.events import EventRouter, describe_event
from game.scenes.kit.felt import rail_width
from game.scenes.kit.hint import Hint
from game.scenes.kit.ink import Ink, Shade, ink_for, table_palette
from game.scenes.kit.legend import Legend, Mark
from game.scenes.kit.log import GameLog
from game.scenes.kit.loop import CardLoop
from game.scenes.kit.moods import Moods
from game.scenes.kit.motion import Banner, Sprite, fly_sprite
from game.scenes.kit.notices import Notices
from game.scenes.kit.panel import PanelLayout, SidePanel, panel_layout, sidebar_width
from game.scenes.kit.rows import DESTRUCTIVE, BarRows, Control, Seen
from game.scenes.kit.seats import Plates
from game.scenes.kit.sitting import Sitting
from game.scenes.kit.speed import apply_speed, cycle_speed
from game.scenes.kit.voices import Voices
from game.scenes.kit.words import personal, player_names, refreshed, words
from game.scenes.table import TableScene, game_name
from game.session.config import QuickPlayConfig, config_from_json
from game.session.drivers import TableDriver
from game.storage.generators import SeededRandom
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import draw as furniture
from game.ui.palette import Colour, Palette, get_palette
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue, Call, Tween

__all__ = ["DESTRUCTIVE", "Control", "Seen", "Table", "apply_speed"]

Point = tuple[float, float]

# The short effect each engine event makes as its animation starts (game/ui/sound.py
# generates them; a machine without audio plays nothing). By class name: the events
# of two engines share these names.
SOUND_FOR_EVENT = {
    "CardDealt": "card_flick",
    "HoleCardDealt": "card_flick",
    "DealerCardDealt": "card_flick",
    "UpCardDealt": "card_flick",
    "DealerDrew": "card_flick",
    "SetRevealed": "card_slide",
    "Anted": "chip_clink",
    "BetPlaced": "chip_clink",
    "StakeReturned": "chip_clink",
    "ChipsPaid": "chip_stack",
    "ChallengeSettled": "chip_stack",
    "CrashMade": "win_fanfare",
    "GameWon": "win_fanfare",
    "DealerTenBust": "bust_thud",
    "LayoutFouled": "bust_thud",
}


def campaign_config(app: App, campaign: Any, game: str) -> QuickPlayConfig:
    """The config of a campaign venue's table: its characters and the buy-in."""
    from game.campaign.venues import CHARACTERS

    session = campaign.session or campaign.sit_down()
    return QuickPlayConfig(
        game=game,
        opponents=tuple(CHARACTERS[s].level for s in session.opponents),
        starting_chips=session.venue.buy_in,
        seed=campaign.progress.seed,
        rounds=autoplay_rounds_left(app, campaign),
    )


def resumed_config(snapshot: TableSnapshot, state_type: type, what: str) -> QuickPlayConfig:
    """The config of a saved quick-play table, after checking the save is of ``state_type``."""
    config = config_from_json(snapshot.table.get("config"))
    if not isinstance(snapshot.state, state_type) or "chance" not in snapshot.rngs:
        raise SerializeError(f"the saved table is not a {what} table")
    return config


def half_points(points: float) -> str:
    """7.5 -> "7½", 0.5 -> "½", 10.0 -> "10"."""
    whole = int(points)
    if points - whole >= 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole)


def seat_order(seats: Iterable[int], first: int, count: int) -> list[int]:
    """``seats`` in clockwise order starting at ``first``."""
    return sorted(seats, key=lambda s: (s - first) % count)


def chip_image(amount: int, diameter: int, palette: str) -> pygame.Surface:
    return furniture.render_chip_stack(max(1, amount), diameter, palette, label=False)


def log_unknown(table: Table, event: Event) -> None:
    """An event of a preset the table does not know yet: told in the log."""
    table.queue.push(Call(lambda: table.log.add(describe_event(event), "dim")))


def campaign_lines(table: Table) -> list[tuple[str, Colour]]:
    """At a campaign table, the goal in sight: net worth against what it takes to
    travel on, the buy-in and what is owed."""
    campaign = table.campaign
    progress = getattr(campaign, "progress", None) if campaign is not None else None
    if progress is None:
        return []
    venue = progress.current
    lines: list[tuple[str, Colour]] = []
    if not venue.tournament:
        goal = i18n.t("campaign.goal_line", worth=progress.net_worth, goal=venue.goal)
        lines.append((goal, table.ink.gold))
    stake = i18n.t("campaign.stake_line", buy_in=venue.buy_in, debt=progress.debt)
    lines.append((stake, table.ink.dim))
    return lines


class Table(TableScene):
    """The kit table (see the module docstring)."""

    game = ""
    human = 0
    #: Card tables run the kit's engine loop and its rows of controls (``loop``,
    #: ``rows_ui``); Sabacc runs its own (False).
    card_loop = True
    hint_tip = "kit.tip.hint"  # the Hint button's tooltip (Sabacc's also names the bust odds)
    #: A hand from the history, shown step by step: there is no decision to hint at,
    #: and the panel's first button goes back to the history (as Esc does).
    replaying = False
    #: The "whose turn" line's words (``status_text``) at a table where one seat acts
    #: at a time: between hands, at the match's end, and the player's decision by
    #: phase ("{phase}" is filled in).
    turn_keys: tuple[str, str, str] = ("", "", "cards.your_turn")
    #: The computer seat whose thinking pause is playing: it glows and is named in
    #: the status line even though the queue is busy with its pause.
    thinking: int | None = -1
    marker_rect: pygame.Rect | None = None  # where the turn marker was last drawn
    painter: Any  # a kit.roles.CardPainter at a card table
    inputs: Any  # a kit.roles.CardInputs at a card table

    def __init__(self, app: App, config: QuickPlayConfig, campaign: Any = None,
                 resume: TableSnapshot | None = None,
                 director: DirectorFactory | None = None) -> None:  # fmt: skip
        """A quick-play table; with ``campaign``, that campaign's sitting (every step
        through ``Campaign.step``); with ``resume``, a saved quick-play table; with
        ``director``, a replay or a lesson (``kit.director``): made first, as the
        table's engine state and driver come from it."""
        self.director: Director | None = director(self) if director is not None else None
        super().__init__(app, config)
        if self.director is not None:
            self.name = self.director.name
            self.replaying = self.director.replaying
        self.autoplay = app.options.autoplay
        self.queue = AnimationQueue()
        self.log = GameLog()
        self.panel = SidePanel()
        self.hint = Hint()
        self.legend = Legend()  # the symbols' words: hover tooltips, ``?`` labels
        self.router = EventRouter(functools.partial(log_unknown, self))
        self.clock = 0.0
        volume = app.settings.master_volume * app.settings.effects_volume / 10000
        self.sounds = SoundBank(volume, init_mixer=app.audio_available)
        # What a campaign table draws on its felt (its faces, its goal): set by the
        # campaign when it seats the player (game.scenes.campaign_table).
        self.felt_extras: Any = None
        # Saved as its seed and its count of draws (game.storage.generators).
        self.rng: random.Random = SeededRandom(config.seed)
        self.campaign = campaign
        self.resumed = resume
        if resume is not None:
            self.rng = resume.rngs["chance"]
        self.num_seats = 1 + len(config.opponents)
        self.cast: list[Seat] = quick_cast(config.opponents, config.rivals)
        self.names: list[str] = [seat.name for seat in self.cast]
        self.driver: TableDriver | None = None
        self.sprites: list[Sprite] = []
        self.banner = Banner()
        self.banner_left = 0.0  # seconds the banner stays up
        self.message: tuple[str, float] | None = None  # a warning for the player
        self.seen = Seen()
        self.rows: list[list[Control]] = []
        self.widgets: dict[str, UIButton | UILabel] = {}
        self.controls: dict[str, Control] = {}
        self.felt = pygame.Rect(0, 0, 1, 1)
        self.table = pygame.Rect(0, 0, 1, 1)
        self.column = pygame.Rect(0, 0, 1, 1)  # where the controls are: the action bar
        self.bar_rect = pygame.Rect(0, 0, 1, 1)
        self.log_rect = pygame.Rect(0, 0, 1, 1)
        self.side: PanelLayout = panel_layout(pygame.Rect(0, 0, 200, 400), 1.0, 1.0)
        self.finished = False  # the session is over (results next)
        self.between_noted = False  # the unit's end is told (once per unit)
        self.autoplay_bot: Any = None  # the bot that plays seat 0 through the input path
        self.pacer = Pacer(app, f"{self.game} table")
        self.progress = 0  # engine actions applied (autoplay watches it)
        self._card_cache: dict[tuple[str | None, int, str], pygame.Surface] = {}
        self._unit = app.scale
        self._plates: dict[int, pygame.Rect] = {}  # where each plate was last drawn
        # Portrait plates (a layout with room sets them): each opponent's face this tall
        # beside a plate this tall, both inside the rect the layout gives the plate.
        self.portrait_px = 0
        self.portrait_plate_h = 0
        self._palette_seen = self.palette_name
        self.canvas = Canvas(self)
        self.voices = Voices(self)
        self.rows_ui = BarRows(self)
        self.loop = CardLoop(self)
        self.auto = AutoHand(self)
        self.notices = Notices(self)
        self.nameplates = Plates(self)
        self.sitting = Sitting(self)
        apply_speed(self)

    # ----------------------------------------------------------------- colours
    @property
    def palette_name(self) -> str:
        """The colour set the player chose (Settings; kit.ink.table_palette)."""
        return table_palette(self.app.settings, self.campaign)

    @property
    def ink(self) -> Ink:
        return ink_for(self.palette_name)

    @property
    def palette(self) -> Palette:
        return get_palette(self.palette_name)

    @property
    def table_u(self) -> float:
        return kt.table_unit(self.app)

    @property
    def u(self) -> float:
        # Fixed between rebuilds (a resize or a language change rebuilds the scene).
        return self._unit

    def font_px(self, size: float) -> int:
        return max(10, round(size * self.u))

    def card(self, code: str | None, height: int) -> pygame.Surface:
        """A playing card's face (None: its back), cached (kit.canvas)."""
        return self.canvas.card(code, height)

    # ------------------------------------------------------------ faces, voices
    def table_cast(self) -> list[Seat]:
        """Who sits at this table, seat by seat."""
        return self.cast

    @property
    def moods(self) -> Moods:
        return self.voices.moods

    def react(self, events: list[Event]) -> None:
        """Faces and voices answer ``events`` when their animations reach them; the
        notices of achievements they earned come after (kit.voices)."""
        self.voices.react(events)

    def expression_of(self, seat: int) -> str:
        return self.moods.expression(seat, self.clock)

    def moods_rest(self) -> float:
        """Seconds until a face or a speech bubble changes (inf: none pending)."""
        return self.voices.rest()

    def felt_covered(self) -> bool:
        """Whether a picker covers the felt now (Kessel's tokens): the faces on the
        felt wait under it, and a speaker card keeps off it."""
        return False

    def plate_faces(self) -> dict[int, pygame.Rect]:
        """Seats whose plate carries their face large (a portrait plate), and where the
        face is; a campaign places the other characters' faces on the felt."""
        return self.nameplates.faces()

    def draw_speech(
        self, surface: pygame.Surface, plates: dict[int, pygame.Rect], keep: list[pygame.Rect]
    ) -> None:
        """The one speech bubble, by its speaker's plate and off ``keep`` (kit.voices)."""
        self.voices.draw(surface, plates, keep)

    def speech_keep_clear(self) -> list[pygame.Rect]:
        """What a speech bubble must not cover besides the plates (the tables' cards)."""
        return []

    def think_time(self) -> float:
        if self.queue.instant:
            return 0.0
        return speed.THINK_SECONDS / max(0.1, self.queue.speed)

    def toggle_hint(self) -> None:
        self.panel.toggle_hint()
        self.loop.hint_asked = None  # ask now that the box is open

    # --------------------------------------------------------------- lifecycle
    def build(self) -> None:
        self._unit = self.app.scale
        self.canvas.layer.forget()
        width, height = self.app.size
        u = self.table_u
        self.felt = pygame.Rect(0, 0, width - sidebar_width(width, u), height)
        inset = rail_width(self.felt.size) + self.px(10)
        self.table = self.felt.inflate(-2 * inset, -2 * inset)
        # The action bar across the foot of the felt (kit.bar.bar_place, as at every
        # table); the table lays its things out above it.
        self.bar_rect = bar_place(self.felt, u, self.u)
        self.table.height = max(1, self.bar_rect.top - self.px(4) - self.table.top)
        self.layout()
        self.loop.build()
        self.observe()
        self.rows_ui.start()
        if self.director is not None:
            self.director.built()

    def resume(self) -> None:
        # Back from the pause menu or Settings: speed and colours may have changed.
        apply_speed(self)
        if self._palette_seen != self.palette_name:
            self._palette_seen = self.palette_name
            self.palette_changed()
        super().resume()
        if self.replaying and self.panel.hint_button is not None:
            self.panel.hint_button.button.hide()  # showing the scene showed it again
        self.rows_ui.hide_spare()

    def palette_changed(self) -> None:
        """Drop pictures drawn in the old palette (tables with caches of their own)."""

    def shutdown(self) -> None:
        self.hint.close()
        self.voices.tell_all()
        super().shutdown()

    def recreate_ui(self) -> None:
        self.relabel_player()  # a language switch rebuilds the scene: name them anew
        super().recreate_ui()
        if self.card_loop:
            self.rows_ui.refocus()
        self.focus_safely()

    def relabel_player(self) -> None:
        """After a language switch, the player's seat in the new language."""
        if self.cast and self.cast[0].name in player_names():
            name = i18n.t("campaign.you" if self.campaign is not None else "results.you")
            self.cast[0] = dataclasses.replace(self.cast[0], name=name)

    # ------------------------------------------------------------------ events
    def common_key(self, event: pygame.event.Event) -> bool:
        """H opens the hint, V changes the speed, F1 the rules, ``?`` held labels every
        symbol on the table (every table)."""
        if self.legend.handle(event, self.clock):
            return True
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if event.key == pygame.K_h and not self.replaying:
            self.toggle_hint()
        elif event.key == pygame.K_v:
            cycle_speed(self)
        elif event.key == pygame.K_F1:
            # Rules & help at the page of the game and rule set being played.
            self.app.open("rules", self.config.game or self.game, self.config.preset)
        else:
            return False
        return True

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.card_loop and self.inputs.handle(event):  # the game's own picks and clicks
            return None
        if self.director is not None and self.director.event(event):
            return None
        if self.card_loop:
            if self.rows_ui.shortcut(event) or self.common_key(event):
                return None
            log = self.panel.log_rect(self.side, self.table_u)
            if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event, log):
                return None
        # The labels key's release and the mouse reach the legend whoever else takes them.
        if self.legend.handle(event, self.clock):
            return None
        result: pygame.event.Event | None = super().process_event(event)
        return result

    def accepts_input(self) -> bool:
        """Whether the controls show and act (a live table: only when idle, so nothing
        acts on a table the player has not seen yet; a replay's Next works while the
        last step still animates: it finishes it first)."""
        return not self.finished if self.replaying else self.idle()

    def control_refused(self, control: Control) -> None:
        """A greyed control was pressed: say why (a coached table's coach says it)."""
        if self.director is not None:
            self.director.control_refused(control)
        else:
            self.warn(control.reason)

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the table now, with the glossary term that names it."""
        return self.painter.glossary_marks()

    def legend_keep_clear(self) -> list[pygame.Rect]:
        """Words the ``?`` labels must not cover (``Legend.kit_keep_clear``, and a table's)."""
        return self.legend.kit_keep_clear(self)

    def legend_area(self) -> pygame.Rect:
        """Where the ``?`` labels may go (the felt)."""
        return self.felt

    # --------------------------------------------------------------- the panel
    def picture_key(self) -> object:
        """What the table shows apart from its timed animations (the App draws at once
        when it changes, even at rest): the log, the hint box, the facts and the
        table's own (``table_key``): a move made without input (a coach's, a direct
        call) or a model change no tween carries shows in the next frame."""
        hint = (self.panel.hint_open, self.hint.key, self.hint.choice is None)
        shown = self.director.picture_key() if self.director is not None else None
        return (self.log.version, hint, tuple(self.info_lines()), self.table_key(), shown)

    def table_key(self) -> object:
        """The felt's cached picture's signatures (``layer_key``, ``layer_parts``), the
        controls, the banner and the warning."""
        parts = tuple(sign for sign, _ in self.layer_parts())
        return (self.layer_key(), parts, self.rows_ui.signature, self.banner.title,
                self.banner.alpha > 0, self.message)  # fmt: skip

    def action_buttons(self) -> list[tuple[str, bool, Any]]:
        """The decision's controls as (key, primary, button), in order."""
        return [
            (control.key, control.primary, self.widgets[control.key])
            for row in self.rows
            for control in row
            if control.on_press is not None and control.key in self.widgets and not control.reason
        ]

    def focus_safely(self, reset: bool = False) -> None:
        """Keep the keyboard focus off a destructive control (kit.rows)."""
        self.rows_ui.focus_safely(reset)

    def build_panel(self, lay: PanelLayout) -> None:
        """The side panel's buttons: Menu, Hint (Back in a replay) and Speed."""
        self.rows_ui.build_panel(lay)

    def tip_width(self) -> int:
        """How wide a tooltip grows before it wraps: lines across, never a column."""
        return round(360 * self.u)

    def panel_title(self) -> str:
        session = getattr(self.campaign, "session", None) if self.campaign is not None else None
        if session is not None:
            return i18n.t(f"venue.{session.venue_id}.name")
        return game_name(self.config.game or self.game)

    def info_lines(self) -> list[tuple[str, Colour]]:
        """The facts box's lines (from the display model, never the engine)."""
        return [(self.status_line(), self.ink.gold)]

    def campaign_lines(self) -> list[tuple[str, Colour]]:
        """At a campaign table, the goal in sight (kit.table.campaign_lines)."""
        return campaign_lines(self)

    # ---------------------------------------------------------------- leaving
    def leave_blocked(self) -> str:
        """Why the table may not be left now ("" if it may; kit.sitting)."""
        return self.sitting.blocked()

    def leave_question(self) -> str:
        """What the pause menu asks before leaving (kit.sitting)."""
        return self.sitting.question()

    def leave_table(self) -> None:
        if self.director is not None:
            self.director.leave()
        elif not self.card_loop or self.loop.leave():
            super().leave_table()

    # ------------------------------------------------------------ engine hooks
    @property
    def state(self) -> Any:
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        # The driver plays whatever state the table holds (tests set one up directly).
        self._state = value
        driver: TableDriver | None = getattr(self, "driver", None)
        if driver is not None:
            driver.state = value

    def new_state(self, make: Callable[[], Any]) -> Any:
        """The engine state to play: the director's, the campaign's, the saved one, or
        ``make()``."""
        return self.director.new_state(make) if self.director else self.loop.new_state(make)

    def attach_driver(self, bots: dict[int, Any]) -> None:
        """Route the engine steps (call once ``self.state`` exists; kit.loop)."""
        if self.director is not None:
            self.director.attach_driver()
            self.observe()
        else:
            self.loop.attach_driver(bots)

    def observe(self) -> None:
        """Copy what the engine says into ``seen`` (after every engine step)."""
        state = self.state
        self.seen = Seen(state.to_act(), state.phase, state.options, state.view(self.human))

    def synced(self) -> None:
        """After a catch-up: take chips and scores from the engine (tables)."""

    def play(self, events: list[Any]) -> None:
        """Animate ``events`` (tables)."""

    def cue_sound(self, event: Any) -> None:
        """Queue ``event``'s sound effect so it plays when its animation starts."""
        name = SOUND_FOR_EVENT.get(type(event).__name__)
        if name is not None and not self.queue.instant:
            self.queue.push(Call(lambda: self.sounds.play(name)))

    def layout(self) -> None:
        """Place the table's own things inside ``self.table`` (after a resize)."""

    def legal_rows(self) -> list[list[Control]]:
        """The controls for the human's current decision (only legal actions)."""
        return self.inputs.legal_rows()

    def advance(self) -> None:
        """The queue is idle: move the engine on (chance, computer seats, between)."""

    def awaiting_human(self) -> bool:
        return False

    def ask_hint(self) -> None:
        """Work out the hint for the player's decision (tables; never in draw)."""

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """Inputs (built lazily, at posting time) for the human's next decision."""
        return self.inputs.autoplay_plan()

    def idle(self) -> bool:
        return not self.queue.busy and not self.finished

    # ------------------------------------------------------------------ words
    def seat_name(self, seat: int) -> str:
        """The seat's name, said again after a language switch (``kit.words``)."""
        return words(lambda: self.cast[seat].name if seat < len(self.cast) else str(seat))

    def you(self, key: str, **params: Any) -> str:
        """``i18n.t`` in the player's grammar: "You stayed.", "Tesk paid you 4 chips."
        (``table_common.personal``), said again after a language switch."""
        return words(lambda: personal(key, self.seat_name(self.human), **refreshed(params)))

    def log_say(self, key: str, shade: Shade = "text", **params: Any) -> None:
        self.say(self.you(key, **params), shade)

    def say(self, words: str, shade: Shade = "text") -> None:
        self.log.add(words, shade)

    def announce(self, words: str, shade: Shade = "gold", seconds: float = 1.6) -> None:
        self.banner.show(words, shade)
        self.banner_left = seconds

    def warn(self, words: str) -> None:
        self.message = (words, 6.0)

    def screenshot(self, label: str) -> None:
        """Under autoplay, one picture per phase label (kit.autoplay.AutoHand.shot); a
        lesson takes one of each step instead, a replay one of its end."""
        if self.director is None:
            self.auto.shot(label)

    def fly(self, image: pygame.Surface, start: Point, end: Point, duration: float,
            on_finish: Callable[[], object] | None = None,
            flip_to: pygame.Surface | None = None) -> Tween:  # fmt: skip
        """A tween moving ``image`` from ``start`` to ``end`` (turning to ``flip_to``)."""
        return fly_sprite(self.sprites, image, start, end, duration, on_finish, flip_to)

    # ------------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        self.queue.update(dt)
        self.notices.tick(dt)
        self.loop.update()
        if self.director is not None:
            self.director.update(dt)

    def acting(self) -> int:
        """The seat the table shows as deciding (the engine's, at a live table)."""
        acting = self.director.acting() if self.director is not None else None
        return int(self.seen.to_act) if acting is None else acting

    def status_text(self) -> str:
        """Whose turn it is: "Waiting for Tesk…" while a computer seat thinks, what
        the player is to do on their turn, nothing while the table animates."""
        said = self.director.status_text() if self.director is not None else None
        return self.loop.status_text() if said is None else said

    def my_turn_text(self) -> str:
        """The status line on the player's turn: what the phase asks of them."""
        return i18n.t(self.turn_keys[2].format(phase=self.seen.phase))

    def status_line(self) -> str:
        """The first line of the panel's facts box (tables)."""
        return ""

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps):
        only the turn marker pulses, which 6 pictures a second show well enough, and
        the hint shows the AI's suggestion within 0.1 s of its arrival."""
        rest = self.director.redraw_in() if self.director is not None else None
        if rest is not None:
            return rest
        if self.queue.busy or self.banner_left > 0 or self.message is not None:
            return 0.0
        if not (self.finished or self.awaiting_human()):
            return 0.0
        if self.hint.key is not None and self.hint.choice is None:
            return 0.1
        return min(1 / 6, self.moods_rest())

    def animated_rects(self) -> list[pygame.Rect] | None:
        """At rest only the turn marker moves (the App sends just it to the screen);
        while a hint is on its way, or a face or speech bubble is showing, the whole
        window (the hint box, a plate or the bubble changes)."""
        if self.director is not None and self.director.whole_window():
            return None
        if not self.card_loop:
            return super().animated_rects()
        if self.hint.key is not None and self.hint.choice is None:
            return None
        if self.moods_rest() != math.inf:
            return None
        marker = self.marker_rect
        return [marker] if marker is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        self.canvas.draw(surface)
        if self.director is not None:
            self.director.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        """The felt's contents: seats, cards, chips, labels."""
        self.painter.draw_table(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Things that move every frame (the turn marker's pulse), over the cached layer."""
        self.painter.draw_overlay(surface)

    def layer_key(self) -> tuple[Any, ...] | None:
        """A signature of everything ``draw_table`` shows; None: redraw every frame."""
        return self.painter.layer_key()

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """Parts of the picture that change on their own: (signature, place) (kit.canvas)."""
        return self.painter.layer_parts()

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """Notices keep off the plates, the banner, the warning box, the log's newest
        lines and the table's result (``result_rects``); the App adds the buttons."""
        log = self.canvas.log_keep_clear(self.side, self.table_u)
        rects = [*self._plates.values(), log, *self.notices.keep_clear()]
        return rects + self.result_rects()

    def result_rects(self) -> list[pygame.Rect]:
        """Where the table shows a result that stays up (Brag's finale)."""
        return []

    # ------------------------------------------------------- banner, warning
    def banner_rect(self, image: pygame.Surface) -> pygame.Rect:
        """The banner's panel (``image`` is the whole banner, panel and words)."""
        return image.get_rect(center=self.banner_centre())

    def banner_width(self) -> int:
        """The widest the banner's panel may be (a table narrows it to free felt)."""
        return self.table.width - self.px(20)

    def banner_image(self, words: str, colour: Colour) -> pygame.Surface:
        """The banner inside ``banner_width()`` (kit.notices)."""
        return self.notices.image_for(words, colour)

    def banner_centre(self) -> tuple[int, int]:
        return self.table.center

    def message_area(self) -> pygame.Rect:
        """Where the warning box may be: inside the felt, clear of its edge."""
        return self.table.inflate(-self.px(84), 0)

    # ------------------------------------------------------- plates, captions
    def draw_plate(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, chips: int,
                   active: bool, extra: str = "", dim: bool = False,
                   extra_colour: Colour | None = None, news_tab: pygame.Rect | None = None,
                   ) -> None:  # fmt: skip
        """A seat's nameplate, glowing on their turn (kit.seats)."""
        self.nameplates.draw(surface, rect, seat, chips, active, extra, dim, extra_colour, news_tab)

    def draw_turn_marker(
        self, surface: pygame.Surface, at: tuple[int, int], direction: str = "down"
    ) -> None:
        """The pulsing chevron: over a plate pointing down, or (``"right"``) left of it."""
        self.nameplates.marker(surface, at, direction)

    def caption(self, surface: pygame.Surface, words: str, pos: tuple[int, int],
                size: float = 16, colour: Colour | None = None, bold: bool = False,
                anchor: str = "center", max_width: int | None = None) -> pygame.Rect:  # fmt: skip
        """Words on the felt (noted for the ``?`` labels; kit.canvas)."""
        return self.canvas.caption(surface, words, pos, size, colour, bold, anchor, max_width)

    # ------------------------------------------------------------------ autoplay
    def autoplay_step(self) -> None:
        """Called every frame under --autoplay: one input at a time (kit.autoplay)."""
        if self.director is None or not self.director.autoplay_step():
            self.auto.step()

    def click_control(self, key: str) -> list[pygame.event.Event]:
        """The clicks on control ``key`` (none when it is not shown)."""
        return self.rows_ui.click(key)

    def step_to(self, key_down: str, key_up: str, current: int, wanted: int) -> list[Any]:
        """Plan clicks on a stepper's − / + until it shows ``wanted``."""
        key = key_up if wanted > current else key_down
        return [lambda k=key: self.click_control(k)] * abs(wanted - current)
