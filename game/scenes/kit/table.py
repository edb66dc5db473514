"""``CardTable``: a kit table whose controls are rows in the side panel (Brag, Nine
and a Half).

On top of :class:`~game.scenes.kit.scene.KitTable` (felt, side panel, speed, hint,
log, sounds) it has:

- an engine loop: chance and computer seats are played whenever the animation queue
  is idle; the human seat (seat 0) waits for input, which is accepted only then;
- rows of controls at the foot of the side panel, built from :class:`Control`
  descriptions (only legal actions are ever described), each with a keyboard
  shortcut and a tooltip; the log fills the panel down to them;
- ``seen``: what the engine has told the table so far (whose turn, the phase, the
  player's view), copied in ``update`` so painting never asks the engine;
- flying sprites (cards, chips), nameplates, the banner and the warning box;
- the autoplay hook: the human seat is played by a bot through posted input events
  (mouse clicks on buttons and cards, key presses), never by calling the engine.

``CardReplay`` turns such a table into the hand-history replay.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from game import i18n
from game.app import App
from game.rules import cards52
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.kit import text as kt
from game.scenes.kit.autoplay import Pacer, autoplay_rounds_left
from game.scenes.kit.bar import (
    BLOCKS,
    LABEL_BLOCKS,
    OFF_SCREEN,
    UNAVAILABLE,
    ActionBar,
    bar_place,
    plan_groups,
    relabel,
    warm_bar_looks,
)
from game.scenes.kit.cast import Seat, campaign_cast, named_cast, quick_cast
from game.scenes.kit.felt import rail_width
from game.scenes.kit.ink import Shade
from game.scenes.kit.inputs import left_click
from game.scenes.kit.keys import key_name
from game.scenes.kit.layer import PartLayer
from game.scenes.kit.motion import Banner, Sprite, draw_sprites, fly_sprite
from game.scenes.kit.panel import PanelLayout, panel_layout, sidebar_width
from game.scenes.kit.plate import draw_plate, draw_portrait, portrait_split
from game.scenes.kit.replay import ReplaySteps, play_silently, replay_specs, shown_names
from game.scenes.kit.scene import KitTable
from game.scenes.kit.words import live, personal, player_names, refreshed, words
from game.scenes.kit.worker import chosen
from game.scenes.widgets import ButtonItem
from game.session.config import QuickPlayConfig, config_from_json, config_to_json
from game.session.drivers import CampaignDriver, QuickDriver, TableDriver, decode_events
from game.storage import history
from game.storage.generators import SeededRandom
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import cards as card_art
from game.ui import draw as furniture
from game.ui.palette import Colour, Palette, get_palette
from game.ui.tween import Call, Tween

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


BUTTON_AIR = 12  # a button's border and shadow, and a little air, round its words
SPARE_CONTROLS = 12  # old control buttons kept hidden for a later decision


def _take_button(
    spare: list[tuple[UIButton, str | None]] | None,
    rect: pygame.Rect,
    text: str,
    block: str | None,
    visible: bool,
) -> UIButton | None:
    """An old button of ``rect``'s size and ``block`` from ``spare`` (one with the same
    words first), moved and relabelled: building pygame_gui buttons is the slowest
    thing a frame does."""
    if not spare:
        return None
    fits = [n for n, (b, k) in enumerate(spare) if k == block and b.relative_rect.size == rect.size]
    if not fits:
        return None
    same = [n for n in fits if spare[n][0].text == text]
    button, _ = spare.pop((same or fits)[-1])
    button.set_relative_position(rect.topleft)
    relabel(button, text)
    button.enable()
    button.unselect()
    if visible:
        button.show()
    return button


@dataclass(slots=True)
class Control:
    """One widget in the controls. ``on_press`` None makes it a plain label."""

    key: str
    text: str
    tooltip: str = ""
    on_press: Callable[[], object] | None = None
    shortcut: int | None = None
    primary: bool = False
    weight: float = 1.0  # share of the row's width
    # Why it cannot be pressed now (a coached step asks for another move): greyed,
    # its tooltip says why and a press (or its key) says it again instead of acting.
    reason: str = ""


@dataclass(slots=True)
class Seen:
    """What the engine has told the table (copied in ``update``; painting reads this)."""

    to_act: int = TERMINAL
    phase: Any = None
    options: Any = None
    view: Any = None  # the player's view


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


class CardTable(KitTable):
    """Base of the Brag and Nine and a Half tables (see the module docstring)."""

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
        self._caught_up = False
        self.sprites: list[Sprite] = []
        self.banner = Banner()
        self.banner_left = 0.0  # seconds the banner stays up
        self.message: tuple[str, float] | None = None  # a warning for the player
        self.seen = Seen()
        self.rows: list[list[Control]] = []
        self._signature: tuple[Any, ...] = ()
        self.widgets: dict[str, UIButton | UILabel] = {}
        self.controls: dict[str, Control] = {}
        self.felt = pygame.Rect(0, 0, 1, 1)
        self.table = pygame.Rect(0, 0, 1, 1)
        self.column = pygame.Rect(0, 0, 1, 1)  # where the controls are: the action bar
        self.bar_rect = pygame.Rect(0, 0, 1, 1)
        self.log_rect = pygame.Rect(0, 0, 1, 1)
        self.side: PanelLayout = panel_layout(pygame.Rect(0, 0, 200, 400), 1.0, 1.0)
        self.finished = False  # the session is over (results next)
        # Autoplay: the bot that plays seat 0 through the input path.
        self.autoplay_bot: Any = None
        self._autoplay_plan: list[Callable[[], list[pygame.event.Event]]] = []
        self.pacer = Pacer(app, f"{self.game} table")
        self._autoplay_shots: set[str] = set()
        self._pending_shots: list[tuple[str, int]] = []
        self.progress = 0  # engine actions applied (autoplay watches it)
        self._hint_asked: tuple[Any, ...] | None = None
        self._card_cache: dict[tuple[str | None, int, str], pygame.Surface] = {}
        self._unit = app.scale
        # The felt, the table and the side panel: one cached picture painted again
        # part by part (``_cached_layer``).
        self.part_layer = PartLayer(
            self._paint_layer, self._paint_layer_panel, self._paint_layer_area, panel_waits=True
        )
        self._plates: dict[int, pygame.Rect] = {}  # where each plate was last drawn
        self._message_box: pygame.Rect | None = None  # where the warning was last drawn
        # Portrait plates (a layout with room sets them): each opponent's face this tall
        # beside a plate this tall, both inside the rect the layout gives the plate.
        self.portrait_px = 0
        self.portrait_plate_h = 0

    def table_cast(self) -> list[Seat]:
        return self.cast

    def speech_keep_clear(self) -> list[pygame.Rect]:
        """What a speech bubble must not cover besides the plates (the tables' cards)."""
        return []

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
            self.cast = campaign_cast(self.campaign.session.seat_ids)
            self.names = [seat.name for seat in self.cast]
            self.driver = CampaignDriver(self.campaign, self.names)
        else:
            saved = self.resumed.table.get("hand_events", []) if self.resumed else None
            self.driver = QuickDriver(
                self.app,
                self.game,
                self.state,
                self.rng,
                bots,
                self.names,
                self.save_data,
                rebuy_to=self.config.starting_chips,
                hand_events=decode_events(saved) if saved else None,
                resumed_table=self.resumed.table if self.resumed else None,
                resumed_rngs=self.resumed.rngs if self.resumed else None,
                seed=self.config.seed,
            )
        self.observe()

    def seat_rng(self, seat: int) -> random.Random:
        """The generator ``seat`` thinks with (seat 0: the autoplayer), never the deck's."""
        assert self.driver is not None
        return self.driver.seat_rng(seat)

    def observe(self) -> None:
        """Copy what the engine says into ``seen`` (after every engine step)."""
        state = self.state
        self.seen = Seen(state.to_act(), state.phase, state.options, state.view(self.human))

    def catch_up(self) -> None:
        """Show a hand already under way (a resumed save or campaign sitting): its
        events play instantly, then ``synced()`` sets the numbers from the engine."""
        assert self.driver is not None
        events = self.driver.hand_events
        if events:
            play_silently(self.queue, self.sounds, self.play, events)
        self.banner.hide()
        self.synced()

    def synced(self) -> None:
        """After a catch-up: take chips and scores from the engine (subclasses)."""

    def play(self, events: list[Any]) -> None:
        """Animate ``events`` (subclasses)."""

    def cue_sound(self, event: Any) -> None:
        """Queue ``event``'s sound effect so it plays when its animation starts."""
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
            self.stand_up()
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
        events = self.driver.bot_move(seat, chosen((self, seat, self.progress), choose, args))
        self.mark_progress()
        self.play(events)

    def stand_up(self) -> bool:
        """Leave a campaign sitting between hands; False if a hand is under way."""
        assert self.driver is not None
        mid_hand = self.driver.mid_hand() and not self.driver.over()
        if not mid_hand:
            self.flush_screenshots()
            self.finished = True
        return self.leave_campaign(mid_hand)

    def leave_table(self) -> None:
        if self.campaign is not None:
            self.stand_up()
            return
        if self.driver is not None:
            self.driver.end()  # left normally: nothing to resume
        # Left through the pause menu, mid-game: the standings are the stacks now.
        self.result.rounds_played = self.state.completed
        self.result.chips_end = list(self.state.chips)
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
        """The seat's name, said again after a language switch (``kit.words``)."""
        return words(lambda: self.cast[seat].name if seat < len(self.cast) else str(seat))

    def relabel_player(self) -> None:
        if self.cast and self.cast[0].name in player_names():
            name = i18n.t("campaign.you" if self.campaign is not None else "results.you")
            self.cast[0] = dataclasses.replace(self.cast[0], name=name)

    def you(self, key: str, **params: Any) -> str:
        """``i18n.t`` in the player's grammar: "You stayed.", "Tesk paid you 4 chips."
        (``table_common.personal``), said again after a language switch."""
        return words(lambda: personal(key, self.seat_name(self.human), **refreshed(params)))

    def log_say(self, key: str, shade: Shade = "text", **params: Any) -> None:
        self.say(self.you(key, **params), shade)

    def layout(self) -> None:
        """Place the table's own things inside ``self.table`` (after a resize)."""

    def legal_rows(self) -> list[list[Control]]:
        """The controls for the human's current decision (only legal actions)."""
        return []

    def advance(self) -> None:
        """The queue is idle: move the engine on (chance, computer seats, between)."""

    def awaiting_human(self) -> bool:
        return False

    def ask_hint(self) -> None:
        """Work out the hint for the player's decision (subclasses; never in draw)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """The felt's contents: seats, cards, chips, labels."""

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """Inputs (built lazily, at posting time) for the human's next decision."""
        return []

    def leave_control(self) -> Control:
        """Leave the table: back to the campaign (L) or on to the results (R)."""
        if self.campaign is not None:
            return Control("leave", i18n.t("campaign.leave_table"), "", self.leave_now, pygame.K_l)
        return Control("leave", i18n.t("cards.results"), i18n.t("cards.tip.results"),
                       self.leave_now, pygame.K_r)  # fmt: skip

    def between_rows(
        self, label: str, tip: str, on_next: Callable[[], None]
    ) -> list[list[Control]]:
        """The bar between units or at the match's end: Next (while the match goes
        on) above Leave."""
        rows: list[list[Control]] = []
        if self.state.to_act() == BETWEEN and not (self.driver is not None and self.driver.over()):
            rows.append([Control("next", label, tip, on_next, pygame.K_n, primary=True)])
        rows.append([self.leave_control()])
        return rows

    def autoplay_between(self) -> list[Callable[[], list[pygame.event.Event]]] | None:
        """Between hands or at the match's end, the press autoplay makes: Leave once the
        run (or the campaign sitting) is done or there is no Next, else Next. None while
        a hand is in play."""
        actor = self.state.to_act()
        if actor not in (BETWEEN, TERMINAL):
            return None
        done = self.state.completed >= self.config.rounds or actor == TERMINAL
        if (
            self.autoplay_leaves()
            or "next" not in self.controls
            or (self.campaign is None and done)
        ):
            return [lambda: self.click_control("leave")]
        return [lambda: self.click_control("next")]

    # ------------------------------------------------------------------ helpers
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

    def say(self, words: str, shade: Shade = "text") -> None:
        self.log.add(words, shade)

    def announce(self, words: str, shade: Shade = "gold", seconds: float = 1.6) -> None:
        self.banner.show(words, shade)
        self.banner_left = seconds

    def warn(self, words: str) -> None:
        self.message = (words, 6.0)

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
        return fly_sprite(self.sprites, image, start, end, duration, on_finish, flip_to)

    # ---------------------------------------------------------------- lifecycle
    def build(self) -> None:
        self._unit = self.app.scale
        self.part_layer.forget()
        self._spare_controls: list[tuple[UIButton, str | None]] = []
        self._control_blocks: dict[int, str | None] = {}
        width, height = self.app.size
        u = self.table_u
        side_w = sidebar_width(width, u)
        self.felt = pygame.Rect(0, 0, width - side_w, height)
        inset = rail_width(self.felt.size) + self.px(10)
        self.table = self.felt.inflate(-2 * inset, -2 * inset)
        # The action bar across the foot of the felt (kit.bar.bar_place, as at every
        # table); the table lays its things out above it.
        self.bar_rect = bar_place(self.felt, u, self.u)
        self.table.height = max(1, self.bar_rect.top - self.px(4) - self.table.top)
        self.layout()
        if not self._caught_up:
            # A hand already under way is shown once the table has its places.
            self._caught_up = True
            self.catch_up()
        self.observe()
        self.rows = self.legal_rows()
        self._signature = self._rows_signature(self.rows)
        self._build_controls()

    def recreate_ui(self) -> None:
        super().recreate_ui()
        # The keyboard focus belongs to the decision's controls; with none on screen,
        # nothing is focused (the side panel's Menu is not a move).
        panel = {id(b) for b in (self.panel.menu, self.panel.hint_button, self.panel.speed_button)}
        if id(self.ring.current) in panel:
            self.ring.focus(0 if self.rows else -1)
        self.focus_safely()

    def action_buttons(self) -> list[tuple[str, bool, Any]]:
        return [
            (control.key, control.primary, self.widgets[control.key])
            for row in self.rows
            for control in row
            if control.on_press is not None and control.key in self.widgets and not control.reason
        ]

    def row_height(self) -> int:
        return self.bar_rect.height

    def _control_rows(self) -> tuple[list[list[Control]], PanelLayout]:
        """The decision's groups of controls, and the side panel's layout (the log
        fills the panel: the controls are in the action bar on the felt)."""
        width, height = self.app.size
        sidebar = pygame.Rect(self.felt.right, 0, width - self.felt.right, height)
        side = panel_layout(sidebar, self.table_u, self.u, 3 + len(self.campaign_lines()))
        return self.rows, side

    def _build_controls(self, spare: list[tuple[UIButton, str | None]] | None = None) -> None:
        """The decision's controls in the action bar (``kit.bar.bar_place``, the same
        place at every table): each row the table gives is a group, the groups side by
        side (``kit.bar.plan_groups``); with ``spare`` (old buttons), one of the same
        size and look is moved and relabelled rather than built (the panel stays)."""
        assert self.container is not None
        self.widgets = {}
        self.controls = {}
        self._control_blocks = {}
        rows, self.side = self._control_rows()
        self.column = self.bar_rect
        self.log_rect = self.side.log
        groups = [[(c.text, c.on_press is not None, c.primary) for c in row] for row in rows]
        places, compact = plan_groups(self.bar_rect, groups, self.text_width, self.px(10))
        for row, rects in zip(rows, places, strict=True):
            for control, rect in zip(row, rects, strict=True):
                self.controls[control.key] = control
                if control.on_press is None:
                    self.widgets[control.key] = self.add_label(
                        rect, control.text, LABEL_BLOCKS[compact]
                    )
                else:
                    block = BLOCKS[(compact, control.primary)]
                    if control.reason:
                        block = UNAVAILABLE[compact]
                    button = self._add_action_button(rect, control, block, spare)
                    self._control_blocks[id(button)] = block
                    self.widgets[control.key] = button
        if spare is None:
            # After the controls, so the keyboard focus starts on the decision, not on Menu.
            self.build_panel(self.side)
            # The looks of later decisions, drawn ahead (a crowded bar's compact rows too).
            warm_bar_looks(self.app, self.bar_rect.height, two_rows=True)

    def resume(self) -> None:
        super().resume()
        for button, _ in getattr(self, "_spare_controls", []):
            button.hide()  # showing the scene showed its spare buttons too

    def _rebuild_controls(self) -> bool:
        """A new decision: only its controls are built again, from the old buttons where
        they fit; the panel's buttons stay (the log and the boxes are drawn, and follow
        the new layout). False, nothing done, when the panel's buttons must move: the
        whole scene is built again."""
        _, side = self._control_rows()
        old_side = self.side
        if self.container is None or (side.buttons, side.row_h, side.gap) != (
            old_side.buttons,
            old_side.row_h,
            old_side.gap,
        ):
            return False
        old = list(self.widgets.values())
        gone = {id(widget) for widget in old}
        current = self.ring.current
        if current is not None:
            current.set_focus(False)
        rest = [item for item in self.ring.items if id(getattr(item, "button", None)) not in gone]
        self.ring.items, self.ring.index = [], -1
        spare = self._spare_controls + [
            (w, self._control_blocks.get(id(w))) for w in old if isinstance(w, UIButton)
        ]
        for widget in old:
            if not isinstance(widget, UIButton):
                widget.kill()
        self.labels = [label for label in self.labels if id(label) not in gone]
        self._build_controls(spare)
        # Unused buttons wait hidden for a later decision (the newest kept).
        keep = spare[-SPARE_CONTROLS:]
        for button, _ in spare[: len(spare) - len(keep)]:
            button.kill()
        for button, _ in keep:
            button.unselect()
            button.hide()
            # Off the screen too: a scene shown again shows all its elements.
            button.set_relative_position(OFF_SCREEN)
        self._spare_controls = keep
        self.ring.items.extend(rest)
        return True

    def _add_action_button(
        self,
        rect: pygame.Rect,
        control: Control,
        block: str | None = None,
        spare: list[tuple[UIButton, str | None]] | None = None,
    ) -> UIButton:
        assert self.container is not None and control.on_press is not None
        tooltip = control.reason or control.tooltip
        if control.shortcut is not None and not control.reason:
            hint = i18n.t("cards.shortcut", shortcut=key_name(control.shortcut))
            tooltip = f"{tooltip}<br>{hint}" if tooltip else hint
        button = _take_button(spare, rect, control.text, block, self.visible)
        if button is None:
            button = UIButton(
                rect,
                control.text,
                self.app.manager,
                self.container,
                object_id=ObjectID(block, None) if block else None,
            )
        elif not tooltip:
            button.set_tooltip(None)
        if tooltip:
            button.set_tooltip(tooltip, wrap_width=self.tip_width())
        press = control.on_press
        if control.reason:
            press = functools.partial(self.control_refused, control)

        def guarded() -> None:
            # A press while cards are still flying would act on a table the player
            # has not seen yet: only an idle table takes input.
            if self.accepts_input():
                press()

        self.ring.add(ButtonItem(button, guarded))
        return button

    def control_refused(self, control: Control) -> None:
        """A greyed control was pressed: say why (a coached table's coach says it)."""
        self.warn(control.reason)

    @staticmethod
    def _rows_signature(rows: list[list[Control]]) -> tuple[Any, ...]:
        return tuple(
            tuple((c.key, c.text, c.tooltip, c.primary, c.on_press is None, c.reason) for c in row)
            for row in rows
        )

    def refresh_controls(self) -> None:
        """Rebuild the controls when the set of legal actions changed."""
        rows = self.legal_rows() if self.accepts_input() else []
        signature = self._rows_signature(rows)
        if signature != self._signature:
            self.rows = rows
            self._signature = signature
            if self.container is not None:
                if not self._rebuild_controls():
                    self.recreate_ui()
                # A new decision: the keyboard focus starts on its main action.
                self.focus_safely(reset=True)

    # ------------------------------------------------------------------- events
    def accepts_input(self) -> bool:
        """Whether the controls show and act (a live table: only when idle, so nothing
        acts on a table the player has not seen yet)."""
        return self.idle()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and self.accepts_input():
            for control in list(self.controls.values()):
                if control.shortcut == event.key and control.on_press is not None:
                    if control.reason:
                        self.control_refused(control)
                    else:
                        control.on_press()
                    return None
        if self.common_key(event):
            return None
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(
            event, self.panel.log_rect(self.side, self.table_u)
        ):
            return None
        return super().process_event(event)

    def toggle_hint(self) -> None:
        super().toggle_hint()
        self._hint_asked = None  # ask now that the box is open

    # ------------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        self.queue.update(dt)
        if self.banner_left > 0:
            # The banner keeps the table's pace: at a fast speed (autoplay) the moves it
            # announced ("You set the limit at 5.") were over long before its seconds were.
            self.banner_left -= dt * max(1.0, self.queue.speed)
            self.banner.alpha = max(0.0, min(1.0, self.banner_left / 0.3))
            if self.banner_left <= 0:
                self.banner.hide()
        if self.message is not None:
            words, left = self.message
            self.message = (words, left - dt) if left - dt > 0 else None
        if self.idle():
            self.advance()
        self.observe()
        self.refresh_controls()
        self.hint.poll()
        decision = (self.progress, self.awaiting_human() and self.idle())
        if self.panel.hint_open and decision != self._hint_asked:
            self._hint_asked = decision
            if decision[1]:
                self.ask_hint()
            else:
                self.hint.clear()

    def info_lines(self) -> list[tuple[str, Colour]]:
        return [(self.status_line(), self.ink.gold)]

    # ------------------------------------------------------- whose turn it is
    #: The "whose turn" line's words (``status_text``) at a table where one seat acts
    #: at a time: between hands, at the match's end, and the player's decision by
    #: phase ("{phase}" is filled in).
    turn_keys: tuple[str, str, str] = ("", "", "cards.your_turn")
    #: The computer seat whose thinking pause is playing: it glows and is named in
    #: the status line even though the queue is busy with its pause.
    thinking = -1

    def acting(self) -> int:
        """The seat the table shows as deciding (the engine's, at a live table)."""
        return int(self.seen.to_act)

    def status_text(self) -> str:
        """Whose turn it is: "Waiting for Tesk…" while a computer seat thinks, what
        the player is to do on their turn, nothing while the table animates."""
        actor = self.acting()
        if self.queue.busy:
            if actor >= 0 and actor == self.thinking:
                return i18n.t("cards.waiting", seat=self.seat_name(actor))
            return ""
        between, over, _ = self.turn_keys
        if actor == BETWEEN:
            return i18n.t(between) if between else ""
        if actor == TERMINAL:
            return i18n.t(over) if over else ""
        if actor == self.human:
            return self.my_turn_text()
        if actor >= 0:
            return i18n.t("cards.waiting", seat=self.seat_name(actor))
        return ""

    def my_turn_text(self) -> str:
        """The status line on the player's turn: what the phase asks of them."""
        return i18n.t(self.turn_keys[2].format(phase=self.seen.phase))

    def status_line(self) -> str:
        """The first line of the panel's facts box (subclasses)."""
        return ""

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps):
        only the turn marker pulses, which 6 pictures a second show well enough, and
        the hint shows the AI's suggestion within 0.1 s of its arrival."""
        if self.queue.busy or self.banner_left > 0 or self.message is not None:
            return 0.0
        if not (self.finished or self.awaiting_human()):
            return 0.0
        if self.hint.key is not None and self.hint.choice is None:
            return 0.1
        return min(1 / 6, self.moods_rest())

    def table_key(self) -> object:
        """The felt's cached picture's signatures (``layer_key``, ``layer_parts``), the
        controls, the banner and the warning."""
        parts = tuple(sign for sign, _ in self.layer_parts())
        return (self.layer_key(), parts, self._signature, self.banner.title,
                self.banner.alpha > 0, self.message)  # fmt: skip

    def animated_rects(self) -> list[pygame.Rect] | None:
        """At rest only the turn marker moves (the App sends just it to the screen);
        while a hint is on its way, or a face or speech bubble is showing, the whole
        window (the hint box, a plate or the bubble changes)."""
        if self.hint.key is not None and self.hint.choice is None:
            return None
        if self.moods_rest() != math.inf:
            return None
        marker: pygame.Rect | None = getattr(self, "marker_rect", None)
        return [marker] if marker is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        # Where each caption lands (the ``?`` labels keep off words): the cached
        # picture's, noted when it is painted (kept while it is reused), and this frame's.
        painted: list[pygame.Rect] = []
        self.__dict__["_caption_sink"] = painted
        key = self.layer_key()
        if key is None:
            layer = self.part_layer.paint_whole(surface.get_size())
        else:
            layer = self._cached_layer(surface.get_size(), key)
        if painted or key is None:
            self.__dict__["_layer_captions"] = painted
        surface.blit(layer, (0, 0))
        overlay: list[pygame.Rect] = []
        self.__dict__["_caption_sink"] = self.__dict__["_overlay_captions"] = overlay
        self.draw_overlay(surface)
        draw_sprites(surface, self.sprites)
        self.draw_speech(surface, self._plates, self.speech_keep_clear())
        self.draw_banner(surface)
        self.draw_legend(surface)

    def _cached_layer(self, size: tuple[int, int], key: tuple[Any, ...]) -> pygame.Surface:
        """The felt, the table and the side panel, one cached picture (``part_layer``)
        painted again only where what it shows changed: everywhere when ``layer_key``
        changes, only in a part's places (before and after) when just that part of
        ``layer_parts`` changes (a die turning, a seat's chips, a face), only the panel
        when just a log line arrives. A 4K picture is several milliseconds to paint whole."""
        ink = self.ink
        panel = (self.log.version, self.panel.hint_open, tuple(self.hint.lines(ink)),
                 tuple(self.info_lines() + self.campaign_lines()), self.log_text_px(),
                 self.side.log.size)  # fmt: skip
        parts = self.layer_parts() + [
            (face, rect.inflate(self.px(4), self.px(4)))
            for face, rect in zip(self.faces_key(), self.plate_places(), strict=False)
        ]
        whole = (*key, self.palette_name, size, len(parts))
        return self.part_layer.picture(
            size, whole, [sign for sign, _ in parts], [rect for _, rect in parts], panel,
            self.felt, self.side.rect,
        )  # fmt: skip

    def _paint_layer(self, layer: pygame.Surface) -> None:
        """The whole cached picture: the felt, everything on it, the panel."""
        self.draw_frame(layer, self.felt, self.side)
        self.draw_table(layer)
        self.draw_panel(layer, self.side, self.table_u)

    def _paint_layer_panel(self, layer: pygame.Surface) -> None:
        """The panel alone, over its picture as it was (only the boxes that changed)."""
        self.draw_panel(layer, self.side, self.table_u, changes=True)

    def _paint_layer_area(self, layer: pygame.Surface, rect: pygame.Rect) -> None:
        """The cached picture inside ``rect`` (the clip is set): the felt's picture
        copied, everything on it and the panel, in their order."""
        frame = self._frame
        if frame is not None and frame[1].get_size() == layer.get_size():
            layer.blit(frame[1], rect, rect)
        else:
            self.draw_frame(layer, self.felt, self.side)
        self.draw_table(layer)
        if rect.colliderect(self.side.rect):
            self.draw_panel(layer, self.side, self.table_u)

    # The cached picture's surface and what it remembers, by their former names.
    @property
    def _layer(self) -> pygame.Surface | None:
        return self.part_layer.image

    @_layer.setter
    def _layer(self, image: pygame.Surface | None) -> None:
        self.part_layer.image = image

    @property
    def _layer_key(self) -> tuple[Any, ...] | None:
        return self.part_layer.state

    @_layer_key.setter
    def _layer_key(self, state: tuple[Any, ...] | None) -> None:
        self.part_layer.state = state

    @property
    def _panel_late(self) -> bool:
        return self.part_layer.panel_late

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """Parts of the cached picture that change on their own: each a signature of
        what the part shows and the place it paints now (everything it may draw
        there, rings and captions too). When only parts change, the picture is painted
        again in their places, old and new; what is in no part is in ``layer_key``."""
        return []

    def plate_faces(self) -> dict[int, pygame.Rect]:
        if not self.portrait_px:
            return {}
        return {seat: portrait_split(rect, self.portrait_px, self.portrait_plate_h,
                                     self.px(4))[0]
                for seat, rect in self._plates.items()
                if seat != self.human and seat < len(self.cast) and self.cast[seat].face}  # fmt: skip

    def plate_places(self) -> list[pygame.Rect]:
        """Where each seat's plate is (a face on it changes on its own)."""
        return [self._plates.get(seat, pygame.Rect(0, 0, 0, 0))
                for seat in range(len(self.table_cast()))]  # fmt: skip

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner.shown:
            return
        # In the language of the moment (a banner up when the language changes).
        image = self.banner_image(live(self.banner.title), self.ink(self.banner.shade))
        if self.banner.alpha < 0.99:
            image = image.copy()
            image.set_alpha(round(255 * self.banner.alpha))
        surface.blit(image, image.get_rect(center=self.banner_centre()))

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """Notices keep off the plates, the banner, the warning box, the log's newest
        lines and the table's result (``result_rects``); the App adds the buttons."""
        rects = [*self._plates.values(), self.log_keep_clear(self.side, self.table_u)]
        if self.banner.shown:
            image = self.banner_image(live(self.banner.title), self.ink(self.banner.shade))
            rects.append(self.banner_rect(image))
        if self.message is not None and self._message_box is not None:
            rects.append(self._message_box)
        return rects + self.result_rects()

    def legend_keep_clear(self) -> list[pygame.Rect]:
        """Every caption on the table (status lines, piles' and tokens' names, pots)
        and, while it shows, the banner ("Game 1", "Round won")."""
        rects = super().legend_keep_clear()
        rects += self.__dict__.get("_layer_captions", []) + self.__dict__.get(
            "_overlay_captions", []
        )
        if self.banner.shown:
            image = self.banner_image(live(self.banner.title), self.ink(self.banner.shade))
            rects.append(self.banner_rect(image))
        return rects

    def result_rects(self) -> list[pygame.Rect]:
        """Where the table shows a result that stays up (Brag's finale)."""
        return []

    def banner_rect(self, image: pygame.Surface) -> pygame.Rect:
        """The banner's panel (``image`` is the whole banner, panel and words)."""
        return image.get_rect(center=self.banner_centre())

    def banner_width(self) -> int:
        """The widest the banner's panel may be (a table narrows it to free felt)."""
        return self.table.width - self.px(20)

    def banner_image(self, words: str, colour: Colour) -> pygame.Surface:
        """The banner inside ``banner_width()``: on one line if a slightly smaller type
        allows, else on two, else three in smaller type (kit.motion.banner_image)."""
        from game.scenes.kit.motion import banner_image

        return banner_image(
            live(words), "", colour, self.font_px(30), self.banner_width(), self.ink,
            (self.px(20), self.px(8)),
        )  # fmt: skip

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
        news_tab: pygame.Rect | None = None,
    ) -> None:
        """A seat's nameplate (kit.plate): name, chips, skill and personality; ``extra``
        (a score) top right, or news for the seat in ``extra_colour`` instead of the
        skill; glowing on their turn."""
        cast = self.cast[seat] if seat < len(self.cast) else Seat(str(seat))
        self._plates[seat] = rect
        face = self.expression_of(seat)
        if self.portrait_px and seat != self.human and cast.face:
            # A portrait plate: the face large beside the plate, which then needs none.
            place, rect = portrait_split(rect, self.portrait_px, self.portrait_plate_h,
                                         self.px(4))  # fmt: skip
            draw_portrait(surface, place, cast.face, face)
            cast = dataclasses.replace(cast, face="")
        if extra_colour is not None:
            draw_plate(surface, rect, cast, chips, active, self.palette_name, self.ink,
                       news=extra, news_colour=extra_colour, dim=dim, expression=face,
                       news_tab=news_tab)  # fmt: skip
        else:
            draw_plate(surface, rect, cast, chips, active, self.palette_name, self.ink,
                       corner=extra, dim=dim, expression=face)  # fmt: skip

    def draw_turn_marker(
        self, surface: pygame.Surface, at: tuple[int, int], direction: str = "down"
    ) -> None:
        """The pulsing chevron: over a plate pointing down, or (``"right"``) left of it."""
        t = round((self.clock % 1.0) * 16) / 16
        image = kt.memo(
            furniture.render_turn_indicator, self.px(22), t, self.palette_name, direction
        )
        anchor = "midbottom" if direction == "down" else "midright"
        self.marker_rect = surface.blit(image, image.get_rect(**{anchor: at}))

    def marker_shown(self) -> bool:
        # The tables draw it on the player's turn while nothing moves (draw_overlay).
        return self.acting() == self.human and self.idle()

    def message_area(self) -> pygame.Rect:
        """Where the warning box may be: inside the felt, clear of its edge."""
        return self.table.inflate(-self.px(84), 0)

    def draw_message(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """The warning box (a refused layout, say), edged in the palette's bad colour."""
        if self.message is None:
            return
        words = live(self.message[0])  # in the language of the moment
        ink = self.ink
        size = self.font_px(18)
        # Wrapped to its area and kept in it (a box centred off the felt's middle, as
        # Brag's is, would otherwise run under the side panel and cut its words).
        area = self.message_area()
        lines = kt.wrap(words, size, max(self.px(120), area.width - self.px(36)))
        images = [kt.text(line, size, ink.text, True) for line in lines]
        w = min(max(i.get_width() for i in images) + self.px(36), area.width)
        h = sum(i.get_height() for i in images) + self.px(20)
        box = pygame.Rect(0, 0, w, h)
        box.center = centre
        box.clamp_ip(area)
        self._message_box = box
        pygame.draw.rect(surface, ink.panel, box, border_radius=10)
        pygame.draw.rect(surface, ink.bad, box, 2, border_radius=10)
        y = box.y + self.px(10)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()

    def caption(
        self,
        surface: pygame.Surface,
        words: str,
        pos: tuple[int, int],
        size: float = 16,
        colour: Colour | None = None,
        bold: bool = False,
        anchor: str = "center",
        max_width: int | None = None,
    ) -> pygame.Rect:
        colour = self.ink.text if colour is None else colour
        if max_width is not None:
            image = kt.fit(words, max_width, self.font_px(size), colour, bold)
        else:
            image = kt.text(words, self.font_px(size), colour, bold)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        sink: list[pygame.Rect] | None = self.__dict__.get("_caption_sink")
        if sink is not None:
            sink.append(rect)
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
        if not self.pacer.tick():
            return
        if not self.idle() or not self.awaiting_human():
            return
        if not self._autoplay_plan:
            self._autoplay_plan = self.autoplay_plan()
            if not self._autoplay_plan:
                return
        self.pacer.post(self._autoplay_plan.pop(0)())

    def mark_progress(self) -> None:
        self.progress += 1
        self.pacer.progressed()
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
    make: Callable[[list[Event], Any], CardTable],
) -> CardTable | None:
    """The ``create_replay`` hook of the card tables: decode and check the record, then
    ``make(events, start_view)``; a damaged record is reported to the player
    (``history.damaged``) and gives None."""
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


class CardReplay(CardTable):
    """A hand from the history on the table it was played at (``kit.replay``); mixed in
    before the table's own class (``class BragReplay(CardReplay, BragTable)``). A table
    says how events group into steps (``joins_step``) and how its display looked as the
    hand began (``reset_replay_view``)."""

    record: history.HandRecord
    recorded: list[Event]
    replay: ReplaySteps
    replaying = True

    def begin_replay(self, record: history.HandRecord, events: list[Event]) -> None:
        """Call before the table's ``__init__`` (its ``attach_driver`` reads the names)."""
        self.record = record
        self.recorded = events
        self.replay = ReplaySteps(record, [])

    def finish_replay_setup(self) -> None:
        """Call at the end of the subclass's ``__init__``."""
        self.replay = ReplaySteps(self.record, self.recorded, self.joins_step)
        self.restart_view()

    @property
    def steps(self) -> list[list[Event]]:
        return self.replay.steps

    @property
    def shown(self) -> int:
        return self.replay.shown

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
        self.cast = named_cast(shown_names(self.record), self.num_seats)
        self.names = [seat.name for seat in self.cast]
        self.driver = None
        self.observe()

    def catch_up(self) -> None:
        """Nothing is under way: the first step has not been played yet."""

    def advance(self) -> None:
        """Only recorded events play; the engine never moves."""

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
        """The replay's controls, one group in the action bar in the order of every
        table's replay (``kit.replay.replay_specs``): Previous, Next, Play, Back."""
        specs = replay_specs(
            self.step_back, self.step_forward, self.leave_replay, self.toggle_play,
            self.replay.play_label(),
        )  # fmt: skip
        return [
            [
                Control(s.key, ActionBar.caption(s), s.tooltip, s.on_press, s.shortcut, s.primary)
                for s in specs
            ]
        ]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.replay.tick(dt, self.queue.busy) == "step":
            self.step_forward()

    def redraw_in(self) -> float:
        """A replay rests between its steps, whatever its recorded table's turn: until
        auto-play's next step, or (paused) the player's key."""
        if self.queue.busy or self.banner_left > 0 or self.message is not None:
            return 0.0
        return min(1 / 6, self.moods_rest(), self.replay.next_in())

    def toggle_play(self) -> None:
        """Play / Pause (from the first step again when the hand has played to its end);
        the controls relabel themselves (``refresh_controls``)."""
        if not self.replay.playing and self.replay.at_end:
            self.show_steps(0)
        self.replay.toggle()

    def step_text(self) -> str:
        """The step prompt: "Step 3 of 12 · Quick play"."""
        return self.replay.text()

    # ------------------------------------------------------------------ stepping
    def step_forward(self) -> None:
        self.queue.finish_all()  # a quick reader skips the rest of the last step
        self.play(self.replay.next())

    def step_back(self) -> None:
        self.show_steps(max(0, self.replay.shown - 1))

    def show_steps(self, count: int) -> None:
        """The table as it stood after ``count`` steps: from the hand's start, the
        steps replayed instantly and without sound."""
        self.restart_view()
        play_silently(self.queue, self.sounds, self.play, self.replay.before(count))
        self.banner.hide()  # a banner belongs to the moment it was shown

    def restart_view(self) -> None:
        self.queue.clear()
        self.sprites = []
        self.banner.hide()
        self.message = None
        self.log.clear()
        self.replay.shown = 0
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
        key = "back" if self.replay.at_end else "next"
        if key == "back":
            if self.queue.busy:
                return  # the last step's animation ends before the picture
            self.app.screenshot(f"{self.game}-replay-end")
        for event in self.click_control(key):
            pygame.event.post(event)
