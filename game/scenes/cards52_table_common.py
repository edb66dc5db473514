"""What the two 52-card tables (Thirteen Card Brag, Nine and a Half) share.

``Cards52Table`` is a :class:`TableScene` with:

- an engine loop: chance and computer seats are played whenever the animation queue
  is idle; the human seat (seat 0) waits for input, which is accepted only then;
- an action column on the right: the game log on top, below it rows of controls
  built from :class:`Control` descriptions (only legal actions are ever described),
  each with a keyboard shortcut and a tooltip;
- cached text, plates, banners and flying sprites (cards and chips) for the display
  model that the subclasses draw;
- the autoplay hook: the human seat is played by a bot through posted input events
  (mouse clicks on buttons and cards, key presses), never by calling the engine.

``Cards52Replay`` turns either table into the hand-history replay: the recorded events
stepped through with the table's own animations, no engine and no driver.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.rules import cards52
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.base import backdrop
from game.scenes.table import QuickPlayConfig, TableScene
from game.scenes.table_common import (
    CampaignDriver,
    QuickDriver,
    TableDriver,
    config_from_json,
    config_to_json,
    decode_events,
    personal,
)
from game.scenes.table_common import wrap as wrap_text
from game.scenes.widgets import ButtonItem
from game.storage import history
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import cards as card_art
from game.ui import draw as furniture
from game.ui.palette import Palette, get_palette
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue, Call, Tween, ease_out

# The short effect each engine event makes as its animation starts (game/ui/sound.py
# generates them; a machine without audio plays nothing).
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

Colour = tuple[int, int, int]
Point = tuple[float, float]

# Seconds of animation are divided by this: the player's "animation speed" setting.
ANIMATION_SPEED = {"slow": 0.6, "normal": 1.0, "fast": 2.2, "instant": 1.0}
AUTOPLAY_INPUT_FRAMES = 4  # frames between two synthetic inputs: each shows on screen
AUTOPLAY_STUCK_FRAMES = 60 * 90  # no engine progress for this long means a broken input path
WIN = (120, 220, 120)
LOSE = (236, 110, 96)
GOLD = (246, 214, 140)
INK = (242, 232, 212)
DIM = (170, 160, 140)


def left_click(pos: Point) -> list[pygame.event.Event]:
    """A mouse click at ``pos``, as a player's mouse sends it."""
    at = (round(pos[0]), round(pos[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False),
    ]


def drag(start: Point, end: Point, steps: int = 4) -> list[pygame.event.Event]:
    """Press at ``start``, move in a few steps, release at ``end``."""
    a = (round(start[0]), round(start[1]))
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)]
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps),
             round(start[1] + (end[1] - start[1]) * i / steps))  # fmt: skip
        events.append(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
        )
    b = (round(end[0]), round(end[1]))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False))
    return events


def campaign_config(app: App, campaign: Any, game: str) -> QuickPlayConfig:
    """The config of a campaign venue's table: its characters and the buy-in."""
    from game.campaign.venues import CHARACTERS
    from game.scenes import campaign_table

    session = campaign.session or campaign.sit_down()
    return QuickPlayConfig(
        game=game,
        opponents=tuple(CHARACTERS[s].level for s in session.opponents),
        starting_chips=session.venue.buy_in,
        seed=campaign.progress.seed,
        rounds=campaign_table.autoplay_rounds_left(app, campaign),
    )


def resumed_config(snapshot: TableSnapshot, state_type: type, what: str) -> QuickPlayConfig:
    """The config of a saved quick-play table, after checking the save is of ``state_type``."""
    config = config_from_json(snapshot.table.get("config"))
    if not isinstance(snapshot.state, state_type) or "chance" not in snapshot.rngs:
        raise SerializeError(f"the saved table is not a {what} table")
    return config


def press_key(key: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
    ]


def half_points(points: float) -> str:
    """7.5 -> "7½", 0.5 -> "½", 10.0 -> "10"."""
    whole = int(points)
    if points - whole >= 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole)


@dataclass(slots=True)
class Control:
    """One widget in the action column. ``on_press`` None makes it a plain label."""

    key: str
    text: str
    tooltip: str = ""
    on_press: Callable[[], object] | None = None
    shortcut: int | None = None
    primary: bool = False
    weight: float = 1.0  # share of the row's width


@dataclass(slots=True)
class Sprite:
    """A card or chip stack in flight, drawn above the table."""

    image: pygame.Surface
    pos: Point
    scale_x: float = 1.0


class TextCache:
    """Rendered strings keyed by (text, size, colour, bold): a frame only blits."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > 3000:
                self._cache.clear()
            font = resources.font(max(8, size), UI_FONT_LANGUAGE, bold)
            image = font.render(text, True, colour)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            self._cache[key] = image
        return image

    def fit(
        self, text: str, max_width: int, size: int, colour: Colour, bold: bool = False
    ) -> pygame.Surface:
        """The largest size <= ``size`` at which ``text`` fits ``max_width``."""
        image = self.render(text, size, colour, bold)
        while image.get_width() > max_width and size > 9:
            size = max(9, int(size * 0.9))
            image = self.render(text, size, colour, bold)
        return image

    def wrap(self, text: str, max_width: int, size: int) -> list[str]:
        """Split ``text`` into lines no wider than ``max_width``: Latin at spaces,
        Japanese between characters (table_common.wrap, shared with the Sabacc table)."""
        return wrap_text(text, max(8, size), max_width)


class GameLog:
    """The scrolling table log: newest at the bottom, the wheel scrolls back."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, Colour]] = []
        self.scroll = 0  # lines scrolled back from the newest
        self._image: pygame.Surface | None = None
        self._key: tuple[Any, ...] = ()
        self.version = 0  # bumped on every change, so a cached picture knows it is stale

    def add(self, text: str, colour: Colour = INK) -> None:
        self.version += 1
        self.entries.append((text, colour))
        if len(self.entries) > 400:
            del self.entries[:100]
        self.scroll = 0

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, text: TextCache, size: int, title: str
    ) -> None:
        key: tuple[Any, ...] = (rect.size, self.version, size, self.scroll, title)
        if self._image is None or key != self._key:
            self._image = self._render(rect.size, text, size, title)
            self._key = key
        surface.blit(self._image, rect)

    def _render(
        self, size: tuple[int, int], text: TextCache, font_size: int, title: str
    ) -> pygame.Surface:
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(image, (14, 10, 7, 215), image.get_rect(), border_radius=10)
        pygame.draw.rect(image, (140, 107, 62), image.get_rect(), 2, border_radius=10)
        heading = text.fit(title, w - 20, font_size + 1, GOLD, bold=True)
        image.blit(heading, (10, 6))
        top = 10 + heading.get_height()
        pygame.draw.line(image, (96, 74, 40), (8, top), (w - 8, top))
        line_h = round(font_size * 1.35)
        lines: list[tuple[str, Colour]] = []
        for entry, colour in self.entries[-120:]:
            for part in text.wrap(entry, w - 22, font_size):
                lines.append((part, colour))
        room = max(1, (h - top - 8) // line_h)
        self.scroll = max(0, min(self.scroll, len(lines) - room))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - room) : end]
        y = top + 4
        for part, colour in shown:
            image.blit(text.render(part, font_size, colour), (12, y))
            y += line_h
        if self.scroll:
            more = text.render("▼", font_size, GOLD)
            image.blit(more, more.get_rect(bottomright=(w - 8, h - 4)))
        return image


class Cards52Table(TableScene):
    """Base of the Brag and Nine and a Half tables (see the module docstring)."""

    game = ""
    human = 0

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
    ) -> None:
        """A quick-play table; with ``campaign``, that campaign's sitting (every step
        through ``Campaign.step``); with ``resume``, a saved quick-play table."""
        super().__init__(app, config)
        self.rng = random.Random(config.seed)
        self.campaign = campaign
        self.resumed = resume
        if resume is not None:
            self.rng = resume.rngs["chance"]
        self.names: list[str] = []
        self.levels: list[str] = []
        self.driver: TableDriver | None = None
        self._caught_up = False
        self.num_seats = 1 + len(config.opponents)
        speed_name = app.settings.animation_speed
        self.queue = AnimationQueue(
            speed=ANIMATION_SPEED.get(speed_name, 1.0), instant=speed_name == "instant"
        )
        self.text = TextCache()
        self.log = GameLog()
        volume = app.settings.master_volume * app.settings.effects_volume / 10000
        self.sounds = SoundBank(volume, init_mixer=app.audio_available)
        self.sprites: list[Sprite] = []
        self.banner: tuple[str, Colour, float] | None = None  # text, colour, seconds left
        self.message: tuple[str, float] | None = None  # a warning for the player
        self.clock = 0.0
        self.rows: list[list[Control]] = []
        self._signature: tuple[Any, ...] = ()
        self.widgets: dict[str, UIButton | UILabel] = {}
        self.controls: dict[str, Control] = {}
        self.table = pygame.Rect(0, 0, 1, 1)
        self.column = pygame.Rect(0, 0, 1, 1)
        self.log_rect = pygame.Rect(0, 0, 1, 1)
        self.finished = False  # the session is over (results next)
        # Autoplay: the bot that plays seat 0 through the input path.
        self.autoplay_bot: Any = None
        self._autoplay_plan: list[Callable[[], list[pygame.event.Event]]] = []
        self._autoplay_wait = 0
        self._autoplay_idle = 0
        self._autoplay_shots: set[str] = set()
        self._pending_shots: list[tuple[str, int]] = []
        self.progress = 0  # engine actions applied (autoplay watches it)
        self._card_cache: dict[tuple[str | None, int, str], pygame.Surface] = {}
        self._unit = app.scale
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] | None = None
        self._base: pygame.Surface | None = None
        self._base_key: tuple[Any, ...] | None = None
        self._plates: dict[tuple[Any, ...], pygame.Surface] = {}

    # ------------------------------------------------------------ engine driver
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
        """The engine state to play: the campaign's, the saved one, or ``make()``."""
        if self.campaign is not None:
            session = self.campaign.session or self.campaign.sit_down()
            return session.state
        if self.resumed is not None:
            return self.resumed.state
        return make()

    def attach_driver(self, bots: dict[int, Any]) -> None:
        """Route the engine steps (call once ``self.state`` exists; see table_common)."""
        if self.campaign is not None:
            from game.campaign.tournament import PLAYER
            from game.campaign.venues import CHARACTERS

            seat_ids = self.campaign.session.seat_ids
            self.names = [
                i18n.t("campaign.you") if s == PLAYER else CHARACTERS[s].name for s in seat_ids
            ]
            self.levels = ["", *(CHARACTERS[s].level for s in seat_ids[1:])]
            self.driver = CampaignDriver(self.campaign, self.names)
        else:
            self.names = [self.seat_name(seat) for seat in range(self.num_seats)]
            saved = self.resumed.table.get("hand_events", []) if self.resumed else None
            self.driver = QuickDriver(
                self.app,
                self.game,
                self.state,
                self.rng,
                bots,
                self.names,
                lambda: {"config": config_to_json(self.config), "names": self.names},
                rebuy_to=self.config.starting_chips,
                hand_events=decode_events(saved) if saved else None,
                resumed_table=self.resumed.table if self.resumed else None,
                resumed_rngs=self.resumed.rngs if self.resumed else None,
                seed=self.config.seed,
            )

    def seat_rng(self, seat: int) -> random.Random:
        """The generator ``seat`` thinks with (seat 0: the autoplayer), never the deck's."""
        assert self.driver is not None
        return self.driver.seat_rng(seat)

    def catch_up(self) -> None:
        """Show a hand already under way (a resumed save or campaign sitting): its
        events play instantly, then ``synced()`` sets the numbers from the engine."""
        assert self.driver is not None
        events = self.driver.hand_events
        if events:
            was = self.queue.instant
            self.queue.instant = True
            self.play(events)
            self.queue.instant = was
        self.banner = None
        self.synced()

    def synced(self) -> None:
        """After a catch-up: take chips and scores from the engine (subclasses)."""

    def play(self, events: list[Any]) -> None:
        """Animate ``events`` (subclasses)."""

    def cue_sound(self, event: Any) -> None:
        """Queue ``event``'s sound effect so it plays when its animation starts."""
        # By class name: Brag's SetRevealed has a field ``kind`` (the set's rank) that
        # hides Event.kind.
        name = SOUND_FOR_EVENT.get(type(event).__name__)
        if name is not None and not self.queue.instant:
            self.queue.push(Call(lambda: self.sounds.play(name)))

    def deal_next_unit(self) -> None:
        """Start the next game or deal: re-buys whoever ran dry, then deals."""
        assert self.driver is not None
        self.between_noted = False
        events = self.driver.next_hand()
        self.mark_progress()
        self.play(events)

    def leave_now(self) -> None:
        """Leave for the results (quick play) or through the campaign flow."""
        if self.campaign is not None:
            self.leave_campaign()
            return
        self.flush_screenshots()
        self.result.rounds_played = self.state.completed
        self.result.chips_end = list(self.state.chips)
        self.finished = True
        self.leave_table()

    def bot_turn(self, seat: int) -> None:
        """A computer seat's move, through the driver."""
        assert self.driver is not None
        if self.state.to_act() != seat:
            return
        choose, args = self.driver.bot_job(seat)
        events = self.driver.bot_move(seat, choose(*args))
        self.mark_progress()
        self.play(events)

    def leave_campaign(self) -> bool:
        """Leave a campaign sitting between hands; False if a hand is under way."""
        from game.scenes import campaign_table

        assert self.driver is not None
        if self.driver.mid_hand() and not self.driver.over():
            self.app.notify(i18n.t("campaign.finish_hand_first"))
            return False
        self.flush_screenshots()
        self.queue.clear()
        self.finished = True
        self.app.pop_until(self)
        if self.app.options.autoplay:
            self.app.autoplay_finished = campaign_table.autoplay_run_over(self.app, self.campaign)
        campaign_table.leave(self.app, self.campaign)
        return True

    def leave_table(self) -> None:
        if self.campaign is not None:
            self.leave_campaign()
            return
        if self.driver is not None:
            self.driver.end()  # left normally: nothing to resume
        super().leave_table()

    def autoplay_leaves(self) -> bool:
        """In the campaign, autoplay stands up after ``config.rounds`` hands, between
        hands (or when the sitting is over)."""
        if self.campaign is None or self.driver is None:
            return False
        if self.driver.over():
            return True
        return self.driver.hands_done >= self.config.rounds and not self.driver.mid_hand()

    def save_data(self) -> dict[str, Any]:
        return {"config": config_to_json(self.config), "names": self.names}

    # ------------------------------------------------------------ subclass hooks
    def seat_name(self, seat: int) -> str:
        if self.names:
            return self.names[seat]
        if seat == self.human:
            return i18n.t("results.you")
        return i18n.t("quick.opponent", number=seat)

    def seat_level(self, seat: int) -> str:
        if seat == self.human:
            return ""
        if self.levels:
            return i18n.t(f"level.{self.levels[seat]}")
        return i18n.t(f"level.{self.config.opponents[seat - 1]}")

    def you(self, key: str, **params: Any) -> str:
        """``i18n.t`` in the player's grammar: "You stayed.", "Tesk paid you 4 chips."
        (``table_common.personal``)."""
        return personal(key, self.seat_name(self.human), **params)

    def log_line(self, key: str, colour: Colour = INK, **params: Any) -> None:
        self.say(self.you(key, **params), colour)

    def layout(self) -> None:
        """Place the table's own things inside ``self.table`` (after a resize)."""

    def legal_rows(self) -> list[list[Control]]:
        """The controls for the human's current decision (only legal actions)."""
        return []

    def advance(self) -> None:
        """The queue is idle: move the engine on (chance, computer seats, between)."""

    def awaiting_human(self) -> bool:
        return False

    def draw_table(self, surface: pygame.Surface) -> None:
        """The felt's contents: seats, cards, chips, labels."""

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """Inputs (built lazily, at posting time) for the human's next decision."""
        return []

    # ------------------------------------------------------------------ helpers
    @property
    def palette_name(self) -> str:
        if self.app.settings.high_contrast:
            return "high-contrast"
        return "colorblind" if self.app.settings.colour_blind else "cantina"

    @property
    def palette(self) -> Palette:
        return get_palette(self.palette_name)

    def card(self, code: str | None, height: int) -> pygame.Surface:
        # The card library caches too, but binding its arguments costs more than the
        # blit; a plain dict keeps a frame cheap.
        key = (code, height, self.palette_name)
        image = self._card_cache.get(key)
        if image is None:
            size = card_art.card_size(height)
            if code is None:
                image = card_art.render_card52_back(size, self.palette_name)
            else:
                image = card_art.render_card52(code, size, self.palette_name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()  # display format: blits several times faster
            if len(self._card_cache) > 600:
                self._card_cache.clear()
            self._card_cache[key] = image
        return image

    @property
    def u(self) -> float:
        # Fixed between rebuilds (a resize or a language change rebuilds the scene).
        return self._unit

    def layer_key(self) -> tuple[Any, ...] | None:
        """A signature of everything ``draw_table`` shows; None: redraw every frame."""
        return None

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Things that move every frame (the turn marker's pulse), over the cached layer."""

    def font_px(self, size: float) -> int:
        return max(10, round(size * self.u))

    def say(self, text: str, colour: Colour = INK) -> None:
        self.log.add(text, colour)

    def announce(self, text: str, colour: Colour = GOLD, seconds: float = 1.6) -> None:
        self.banner = (text, colour, seconds)

    def warn(self, text: str) -> None:
        self.message = (text, 6.0)

    def screenshot(self, label: str) -> None:
        """Under autoplay, one picture per phase label (and per round for the first two)."""
        if not self.app.options.autoplay or label in self._autoplay_shots:
            return
        self._autoplay_shots.add(label)
        # The screen still holds the previous frame: take the picture two frames on,
        # once this state has been drawn (with its controls).
        self._pending_shots.append((f"{self.game}-{label}", 2))

    def flush_screenshots(self) -> None:
        """Take any picture still waiting (the table is about to be left)."""
        for label, _ in self._pending_shots:
            self.app.screenshot(label)
        self._pending_shots = []

    def idle(self) -> bool:
        return not self.queue.busy and not self.finished

    def fly(
        self,
        image: pygame.Surface,
        start: Point,
        end: Point,
        duration: float,
        on_finish: Callable[[], object] | None = None,
        flip_to: pygame.Surface | None = None,
    ) -> Tween:
        """A tween moving ``image`` from ``start`` to ``end`` (turning to ``flip_to``)."""
        sprite = Sprite(image, start)

        def update(p: float) -> None:
            if sprite not in self.sprites and p < 1.0:
                self.sprites.append(sprite)
            sprite.pos = (start[0] + (end[0] - start[0]) * p, start[1] + (end[1] - start[1]) * p)
            if flip_to is not None:
                # Turn over half-way: the width shrinks to nothing, then the face grows.
                sprite.scale_x = abs(1 - 2 * p)
                if p >= 0.5:
                    sprite.image = flip_to

        def finish() -> None:
            if sprite in self.sprites:
                self.sprites.remove(sprite)
            if on_finish is not None:
                on_finish()

        return Tween(duration, update, ease_out, finish)

    # ---------------------------------------------------------------- lifecycle
    def build(self) -> None:
        self._unit = self.app.scale
        self._layer_key = None
        width, height = self.app.size
        margin = self.px(14)
        column_w = max(self.px(230), min(self.px(300), round(width * 0.22)))
        self.column = pygame.Rect(width - margin - column_w, margin, column_w, height - 2 * margin)
        self.table = pygame.Rect(margin, margin, self.column.x - 2 * margin, height - 2 * margin)
        self.layout()
        if not self._caught_up:
            # A hand already under way is shown once the table has its places.
            self._caught_up = True
            self.catch_up()
        self.rows = self.legal_rows()
        self._signature = self._rows_signature(self.rows)
        self._build_controls()

    def _build_controls(self) -> None:
        assert self.container is not None
        self.widgets = {}
        self.controls = {}
        row_h, gap = self.px(44), self.px(8)
        rows = self.rows
        bottom = self.column.bottom
        top = bottom - len(rows) * row_h - max(0, len(rows) - 1) * gap
        # The log fills the column down to a gap above the first row of controls.
        self.log_rect = pygame.Rect(
            self.column.x,
            self.column.y,
            self.column.width,
            max(self.px(80), top - gap * 2 - self.column.y),
        )
        y = top
        for row in rows:
            total = sum(c.weight for c in row) or 1.0
            x = self.column.x
            inner = self.column.width - gap * (len(row) - 1)
            for i, control in enumerate(row):
                w = (
                    round(inner * control.weight / total)
                    if i < len(row) - 1
                    else self.column.right - x
                )
                rect = pygame.Rect(x, y, w, row_h)
                self.controls[control.key] = control
                if control.on_press is None:
                    self.widgets[control.key] = self.add_label(rect, control.text, "#centered")
                else:
                    self.widgets[control.key] = self._add_action_button(rect, control)
                x += w + gap
            y += row_h + gap

    def _add_action_button(self, rect: pygame.Rect, control: Control) -> UIButton:
        assert self.container is not None and control.on_press is not None
        tooltip = control.tooltip
        if control.shortcut is not None:
            key = pygame.key.name(control.shortcut).upper()
            hint = i18n.t("cards.shortcut", shortcut=key)
            tooltip = f"{tooltip}<br>{hint}" if tooltip else hint
        button = UIButton(
            rect,
            control.text,
            self.app.manager,
            self.container,
            tool_tip_text=tooltip or None,
            object_id=ObjectID("#primary", None) if control.primary else None,
        )
        press = control.on_press

        def guarded() -> None:
            # A press while cards are still flying would act on a table the player
            # has not seen yet: only an idle table takes input.
            if self.accepts_input():
                press()

        self.ring.add(ButtonItem(button, guarded))
        return button

    @staticmethod
    def _rows_signature(rows: list[list[Control]]) -> tuple[Any, ...]:
        return tuple(
            tuple((c.key, c.text, c.tooltip, c.primary, c.on_press is None) for c in row)
            for row in rows
        )

    def refresh_controls(self) -> None:
        """Rebuild the action column when the set of legal actions changed."""
        rows = self.legal_rows() if self.accepts_input() else []
        signature = self._rows_signature(rows)
        if signature != self._signature:
            self.rows = rows
            self._signature = signature
            if self.container is not None:
                self.recreate_ui()

    # ------------------------------------------------------------------- events
    def accepts_input(self) -> bool:
        """Whether the action column shows its controls and they act (a live table: only
        when idle, so nothing acts on a table the player has not seen yet)."""
        return self.idle()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and self.accepts_input():
            for control in list(self.controls.values()):
                if control.shortcut == event.key and control.on_press is not None:
                    control.on_press()
                    return None
        if event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.log_rect.collidepoint(mouse):
                self.log.scroll = max(0, self.log.scroll + int(event.y) * 2)
                return None
        return super().process_event(event)

    # ------------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        self.queue.update(dt)
        if self.banner is not None:
            text, colour, left = self.banner
            self.banner = (text, colour, left - dt) if left - dt > 0 else None
        if self.message is not None:
            text_, left_ = self.message
            self.message = (text_, left_ - dt) if left_ - dt > 0 else None
        if self.idle():
            self.advance()
        self.refresh_controls()

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps):
        only the turn marker pulses, which 6 pictures a second show well enough."""
        if self.queue.busy or self.banner is not None or self.message is not None:
            return 0.0
        return 1 / 6 if self.finished or self.awaiting_human() else 0.0

    def animated_rects(self) -> list[pygame.Rect] | None:
        """At rest only the turn marker moves (the App sends just it to the screen)."""
        marker: pygame.Rect | None = getattr(self, "marker_rect", None)
        return [marker] if marker is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        log_size = {"small": 13, "medium": 15, "large": 18}.get(self.app.settings.log_text_size, 15)
        base_key = (
            size,
            self.app.settings.high_contrast,
            log_size,
            self.log.version,
            self.log.scroll,
            tuple(self.log_rect),  # the log shrinks and grows as rows of controls come and go
        )
        if base_key != self._base_key or self._base is None:
            # The felt and the log change rarely: one cached picture under the table.
            self._base = self._new_layer(self._base, size)
            self._base.blit(backdrop(size, self.app.settings.high_contrast), (0, 0))
            self.log.draw(
                self._base, self.log_rect, self.text, self.font_px(log_size), i18n.t("cards.log")
            )
            self._base_key = base_key
            self._layer_key = None
        key = self.layer_key()
        if key is None or key != self._layer_key or self._layer is None:
            self._layer = self._new_layer(self._layer, size)
            self._layer.blit(self._base, (0, 0))
            self.draw_table(self._layer)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self.draw_overlay(surface)
        for sprite in self.sprites:
            image = sprite.image
            if sprite.scale_x < 0.999:
                w = max(1, round(image.get_width() * sprite.scale_x))
                image = pygame.transform.scale(image, (w, image.get_height()))
            surface.blit(image, image.get_rect(center=(round(sprite.pos[0]), round(sprite.pos[1]))))
        self.draw_banner(surface)

    @staticmethod
    def _new_layer(old: pygame.Surface | None, size: tuple[int, int]) -> pygame.Surface:
        if old is not None and old.get_size() == size:
            return old
        return furniture.display_ready(pygame.Surface(size, 0, 32))  # 30-bit screens too

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None:
            return
        text, colour, left = self.banner
        image = self.banner_image(text, colour)
        box = self.banner_rect(image)
        alpha = max(0, min(255, round(255 * min(1.0, left / 0.3))))
        panel = self._banner_panel(box.size)
        panel.set_alpha(alpha)
        surface.blit(panel, box)
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=box.center))
        image.set_alpha(None)

    def banner_rect(self, image: pygame.Surface) -> pygame.Rect:
        """The banner's panel round its words ``image``."""
        return image.get_rect(center=self.banner_centre()).inflate(self.px(40), self.px(16))

    def banner_width(self) -> int:
        """The widest the banner's panel may be (a table narrows it to free felt)."""
        return self.table.width - self.px(20)

    _banner_images: dict[tuple[str, Colour, int, int], pygame.Surface] = {}

    def banner_image(self, text: str, colour: Colour) -> pygame.Surface:
        """The banner's words inside ``banner_width()``: on one line if a slightly
        smaller type allows, else on two, else three in smaller type (cached)."""
        room = max(self.px(80), self.banner_width() - self.px(40))
        key = (text, colour, room, self.font_px(30))
        image = self._banner_images.get(key)
        if image is not None:
            return image
        size = self.font_px(30)
        lines = self.text.wrap(text, room, size)
        for most, smallest in ((1, self.font_px(24)), (2, self.font_px(20)), (3, self.font_px(14))):
            while len(lines) > most and size > smallest:
                size = max(smallest, round(size * 0.9))
                lines = self.text.wrap(text, room, size)
        images = [self.text.fit(line, room, size, colour, True) for line in lines]
        width = max(i.get_width() for i in images)
        image = pygame.Surface((width, sum(i.get_height() for i in images)), pygame.SRCALPHA)
        y = 0
        for line in images:
            image.blit(line, line.get_rect(midtop=(width // 2, y)))
            y += line.get_height()
        if len(self._banner_images) > 64:
            self._banner_images.clear()
        self._banner_images[key] = image
        return image

    _banner_panels: dict[tuple[int, int], pygame.Surface] = {}

    def _banner_panel(self, size: tuple[int, int]) -> pygame.Surface:
        panel = self._banner_panels.get(size)
        if panel is None:
            panel = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (20, 12, 8, 225), panel.get_rect(), border_radius=14)
            pygame.draw.rect(panel, (201, 161, 74), panel.get_rect(), 2, border_radius=14)
            if len(self._banner_panels) > 32:
                self._banner_panels.clear()
            self._banner_panels[size] = panel
        return panel

    def banner_centre(self) -> tuple[int, int]:
        return self.table.center

    def draw_plate(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        chips: int,
        active: bool,
        extra: str = "",
        dim: bool = False,
        extra_colour: Colour | None = None,
    ) -> None:
        """A seat's nameplate: name, chips, level (or a note: in ``extra_colour``, bold
        and larger, when it is news such as a challenge's result); glowing on their turn."""
        key = (rect.size, seat, chips, active, extra, dim, extra_colour, self.palette_name,
               i18n.get_language())  # fmt: skip
        image = self._plates.get(key)
        if image is None:
            margin = self.px(8)
            image = pygame.Surface(
                (rect.width + 2 * margin, rect.height + 2 * margin), pygame.SRCALPHA
            )
            self._draw_plate(image, pygame.Rect(margin, margin, rect.width, rect.height), seat, chips,
                             active, extra, dim, extra_colour)  # fmt: skip
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            if len(self._plates) > 200:
                self._plates.clear()
            self._plates[key] = image
        surface.blit(image, (rect.x - self.px(8), rect.y - self.px(8)))

    def _draw_plate(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        chips: int,
        active: bool,
        extra: str,
        dim: bool,
        extra_colour: Colour | None = None,
    ) -> None:
        pal = self.palette
        if active:
            glow = rect.inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, pal.turn_glow, glow, 3, border_radius=self.px(12))
        pygame.draw.rect(surface, (24, 18, 14) if not dim else (16, 14, 12), rect, border_radius=10)
        edge = pal.turn_glow if active else pal.plate_edge
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
        pad = self.px(8)
        name = self.text.fit(
            self.seat_name(seat), rect.width - 2 * pad, self.font_px(16), DIM if dim else INK, True
        )
        surface.blit(name, (rect.x + pad, rect.y + self.px(3)))
        chip = furniture.render_chip(5, self.px(16), self.palette_name)
        y = rect.y + self.px(3) + name.get_height() + self.px(2)
        surface.blit(chip, (rect.x + pad, y + self.px(2)))
        amount = self.text.render(i18n.format_number(chips), self.font_px(15), GOLD, True)
        surface.blit(amount, (rect.x + pad + chip.get_width() + self.px(4), y))
        note = extra or self.seat_level(seat)
        if note:
            room = rect.right - pad - (rect.x + pad + chip.get_width() + amount.get_width() + 12)
            if extra_colour is not None and extra:
                image = self.text.fit(note, max(20, room), self.font_px(16), extra_colour, True)
            else:
                image = self.text.fit(note, max(20, room), self.font_px(13), DIM)
            surface.blit(
                image, image.get_rect(bottomright=(rect.right - pad, y + amount.get_height()))
            )

    def draw_turn_marker(
        self, surface: pygame.Surface, at: tuple[int, int], direction: str = "down"
    ) -> None:
        """The pulsing chevron: over a plate pointing down, or (``"right"``) left of it."""
        t = round((self.clock % 1.0) * 16) / 16
        image = furniture.render_turn_indicator(self.px(22), t, self.palette_name, direction)
        anchor = "midbottom" if direction == "down" else "midright"
        self.marker_rect = surface.blit(image, image.get_rect(**{anchor: at}))

    def draw_message(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """The warning box (a refused layout, say), red-edged so it is not missed."""
        if self.message is None:
            return
        text, _ = self.message
        lines = self.text.wrap(text, self.table.width - self.px(120), self.font_px(18))
        images = [self.text.render(line, self.font_px(18), (255, 226, 214), True) for line in lines]
        w = max(i.get_width() for i in images) + self.px(36)
        h = sum(i.get_height() for i in images) + self.px(20)
        box = pygame.Rect(0, 0, w, h)
        box.center = centre
        pygame.draw.rect(surface, (90, 22, 18), box, border_radius=10)
        pygame.draw.rect(surface, (236, 110, 96), box, 2, border_radius=10)
        y = box.y + self.px(10)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()

    def caption(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: float = 16,
        colour: Colour = INK,
        bold: bool = False,
        anchor: str = "center",
        max_width: int | None = None,
    ) -> pygame.Rect:
        if max_width is not None:
            image = self.text.fit(text, max_width, self.font_px(size), colour, bold)
        else:
            image = self.text.render(text, self.font_px(size), colour, bold)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    # ------------------------------------------------------------------ autoplay
    def autoplay_step(self) -> None:
        """Called every frame under --autoplay: one input at a time, through the queue."""
        if self.app.top is not self:
            return
        if self._pending_shots:
            due = [(label, frames - 1) for label, frames in self._pending_shots]
            for label, frames in due:
                if frames <= 0:
                    self.app.screenshot(label)
            self._pending_shots = [(label, frames) for label, frames in due if frames > 0]
            return  # no input until the picture of this moment is taken
        self._autoplay_idle += 1
        if self._autoplay_idle > AUTOPLAY_STUCK_FRAMES:
            print(f"autoplay: no progress at the {self.game} table", file=sys.stderr)
            self.app.quit(1)
            return
        if self._autoplay_wait > 0:
            self._autoplay_wait -= 1
            return
        if not self.idle() or not self.awaiting_human():
            return
        if not self._autoplay_plan:
            self._autoplay_plan = self.autoplay_plan()
            if not self._autoplay_plan:
                return
        events = self._autoplay_plan.pop(0)()
        for event in events:
            pygame.event.post(event)
        self._autoplay_wait = AUTOPLAY_INPUT_FRAMES

    def mark_progress(self) -> None:
        self.progress += 1
        self._autoplay_idle = 0
        self._autoplay_plan = []  # a new decision: plan it afresh from what is shown

    def click_control(self, key: str) -> list[pygame.event.Event]:
        widget = self.widgets.get(key)
        if widget is None:
            return []
        return left_click(widget.get_abs_rect().center)

    def step_to(self, key_down: str, key_up: str, current: int, wanted: int) -> list[Any]:
        """Plan clicks on a stepper's − / + until it shows ``wanted``."""
        key = key_up if wanted > current else key_down
        return [lambda k=key: self.click_control(k)] * abs(wanted - current)

    # ------------------------------------------------------------- engine glue
    @staticmethod
    def engine_marker(actor: int) -> str:
        return {CHANCE: "chance", TERMINAL: "terminal", BETWEEN: "between"}.get(actor, "seat")


# ------------------------------------------------------------------------ replays
StepJoin = Callable[[Event, Event], bool]


def group_steps(events: list[Event], joins: StepJoin) -> list[list[Event]]:
    """Cut a hand's events into replay steps: an event joins the step before it when
    ``joins(last event of that step, event)`` (a deal of 52 cards is one step)."""
    steps: list[list[Event]] = []
    for event in events:
        if steps and joins(steps[-1][-1], event):
            steps[-1].append(event)
        else:
            steps.append([event])
    return steps


SEAT_FIELDS = ("seat", "dealer", "payer", "payee", "winner")
CARD_FIELDS = ("card", "cards", "hole_card", "sets")


def check_record(events: list[Event], seats: int) -> None:
    """SerializeError when an event names a seat the recorded table does not have, or
    a card that is not a card (a damaged record would otherwise fail half-way through
    an animation, or in the middle of drawing a frame)."""
    for event in events:
        for name in SEAT_FIELDS:
            value = getattr(event, name, None)
            if isinstance(value, int) and not isinstance(value, bool) and value >= seats:
                what = type(event).__name__
                raise SerializeError(f"{what} names seat {value} at a table of {seats}")
        for name in CARD_FIELDS:
            for code in _card_codes(getattr(event, name, None)):
                try:
                    known = cards52.code(cards52.parse(code)) == code
                except ValueError:
                    known = False
                if not known:
                    what = type(event).__name__
                    raise SerializeError(f"{what} holds {code!r}, which is not a card")


def _card_codes(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple | list):
        return [code for item in value for code in _card_codes(item)]
    return []  # None: a card face down


def replay_config(
    game: str, seats: int, chips: list[int], house_rules: Any = ()
) -> QuickPlayConfig:
    """The config a replay builds its (never played) engine with: the recorded seat
    count and options, so everything the table reads from them is as it was."""
    return QuickPlayConfig(
        game=game,
        opponents=("normal",) * (seats - 1),
        starting_chips=max([1, *chips]),
        house_rules=tuple(house_rules),
    )


def open_replay(
    app: App,
    record: history.HandRecord,
    view_type: type,
    make: Callable[[list[Event], Any], Cards52Table],
) -> Cards52Table | None:
    """The ``create_replay`` hook shared by the two tables: decode and check the
    record, then ``make(events, start_view)``; a damaged record is reported to the
    player (``history.damaged``) and gives None."""
    try:
        events = record.events()
        start = record.view()
        if len(record.seats) < 2:
            raise SerializeError("the record names fewer than two seats")
        if start is not None and not isinstance(start, view_type):
            raise SerializeError("the record's table view is of another game")
        check_record(events, len(record.seats))
        return make(events, start)
    except ValueError as error:  # SerializeError, or an engine refusing the recorded table
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


class Cards52Replay(Cards52Table):
    """A hand from the history on the table it was played at; mixed in before the
    table's own class (``class BragReplay(Cards52Replay, BragTable)``).

    The events are the ones the player saw, so the engine is never asked anything and
    there is no driver: nothing is saved, counted or recorded. Next (→) plays the next
    step with the table's own animations and sounds; Previous (←) sets the table back
    to the hand's start and replays the steps before instantly and muted; Back (or
    Esc) leaves. A table subclass says how events group into steps (``joins_step``)
    and how its display looked as the hand began (``reset_replay_view``).
    """

    record: history.HandRecord
    recorded: list[Event]
    steps: list[list[Event]]
    shown: int  # steps played so far

    def begin_replay(self, record: history.HandRecord, events: list[Event]) -> None:
        """Call before the table's ``__init__`` (its ``attach_driver`` reads the names)."""
        self.record = record
        self.recorded = events
        self.steps = []
        self.shown = 0

    def finish_replay_setup(self) -> None:
        """Call at the end of the subclass's ``__init__``."""
        self.steps = group_steps(self.recorded, self.joins_step)
        self.restart_view()

    # ------------------------------------------------------------ subclass hooks
    def joins_step(self, previous: Event, event: Event) -> bool:
        """Whether ``event`` plays in the same step as ``previous`` (default: never)."""
        return False

    def reset_replay_view(self) -> None:
        """Set the display model as it was when the hand began."""

    def start_chips(self, view: Any) -> list[int]:
        """The stacks as the hand began: the record's, else the start view's."""
        chips = list(self.record.chips)
        if len(chips) == self.num_seats:
            return chips
        from_view = list(getattr(view, "chips", ()))
        return from_view if len(from_view) == self.num_seats else [0] * self.num_seats

    # --------------------------------------------------- no engine, no driver
    def attach_driver(self, bots: dict[int, Any]) -> None:
        from game.scenes.history import shown_names

        names = shown_names(self.record)[: self.num_seats]
        self.names = names + [
            i18n.t("quick.opponent", number=seat) for seat in range(len(names), self.num_seats)
        ]
        self.levels = []
        self.driver = None

    def catch_up(self) -> None:
        """Nothing is under way: the first step has not been played yet."""

    def advance(self) -> None:
        """Only recorded events play; the engine never moves."""

    def seat_level(self, seat: int) -> str:
        return ""  # the history does not keep the computer players' levels

    def accepts_input(self) -> bool:
        # Next works while the last step still animates: it finishes it first.
        return not self.finished

    def screenshot(self, label: str) -> None:
        """The table's phase pictures are for live play (see ``autoplay_step``)."""

    def build(self) -> None:
        super().build()
        # Enter or Space steps on: the keyboard focus starts on Next.
        next_button = self.widgets.get("next")
        for item in self.ring.items:
            if getattr(item, "button", None) is next_button:
                self.ring.focus_item(item)

    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        return [
            [
                Control("previous", i18n.t("history.previous"), "", self.step_back, k.K_LEFT),
                Control("next", i18n.t("history.next"), "", self.step_forward, k.K_RIGHT, True),
            ],
            [Control("back", i18n.t("common.back"), "", self.leave_replay)],
        ]

    def step_text(self) -> str:
        from game.scenes.history import shown_label

        """The step prompt: "Step 3 of 12 · Quick play"."""
        return i18n.t(
            "history.step",
            number=self.shown,
            total=len(self.steps),
            label=shown_label(self.record),
        )

    # ------------------------------------------------------------------ stepping
    def step_forward(self) -> None:
        self.queue.finish_all()  # a quick reader skips the rest of the last step
        if self.shown < len(self.steps):
            step = self.steps[self.shown]
            self.shown += 1
            self.play(step)

    def step_back(self) -> None:
        self.show_steps(max(0, self.shown - 1))

    def show_steps(self, count: int) -> None:
        """The table as it stood after ``count`` steps: from the hand's start, the
        steps replayed instantly and without sound."""
        self.restart_view()
        was_instant, was_muted = self.queue.instant, self.sounds.muted
        self.sounds.set_muted(True)
        self.queue.instant = True
        for step in self.steps[:count]:
            self.play(step)
        self.queue.instant = was_instant
        self.sounds.set_muted(was_muted)
        self.shown = count
        self.banner = None  # a banner belongs to the moment it was shown

    def restart_view(self) -> None:
        self.queue.clear()
        self.sprites = []
        self.banner = None
        self.message = None
        self.log = GameLog()
        self.shown = 0
        self.reset_replay_view()

    def leave_replay(self) -> None:
        self.queue.clear()
        self.finished = True
        self.app.pop()

    def go_back(self) -> None:
        self.leave_replay()

    def leave_table(self) -> None:
        self.leave_replay()

    def leave_now(self) -> None:
        self.leave_replay()

    def autoplay_step(self) -> None:
        """Under --autoplay: step to the end (a picture of the last step), then leave."""
        if self.app.top is not self or self.app.frame % 6:
            return
        if pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return
        key = "next" if self.shown < len(self.steps) else "back"
        if key == "back":
            if self.queue.busy:
                return  # the last step's animation ends before the picture
            self.app.screenshot(f"{self.game}-replay-end")
        for event in self.click_control(key):
            pygame.event.post(event)


def seat_order(seats: Iterable[int], first: int, count: int) -> list[int]:
    """``seats`` in clockwise order starting at ``first``."""
    return sorted(seats, key=lambda s: (s - first) % count)


def chip_image(amount: int, diameter: int, palette: str) -> pygame.Surface:
    return furniture.render_chip_stack(max(1, amount), diameter, palette, label=False)


__all__ = [
    "Cards52Replay",
    "Cards52Table",
    "Control",
    "GameLog",
    "TextCache",
    "drag",
    "half_points",
    "left_click",
    "press_key",
]
