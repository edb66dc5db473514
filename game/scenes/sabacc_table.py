"""The Sabacc table: felt, seats, the two pots, deck, discards, the shift die — played.

Data flows one way (STYLE.md): a button, key or card click becomes an engine action;
the engine answers at once with events; each event becomes queued animation steps
(``game.ui.tween.AnimationQueue``) that update the *display model* (:class:`TableModel`)
as they play. ``draw`` reads only that model, so the table shows each step in turn
while the rules have already moved on. The human (seat 0) only ever sees events
redacted for seat 0 (``Event.for_seat(0)``): other seats' hidden cards are ``None``
in the model and drawn face down.

Human input is taken only when the queue is idle and it is seat 0's turn; the
action bar holds buttons for the legal actions only (Bet/Raise share the bet stepper,
a Discard is a click on the card). AI seats act after a delay scaled by the
animation-speed setting ("instant" for tests).

Under ``--autoplay`` the AI plays seat 0 *through the same inputs*: it posts the
click or key events for its choice (``autoplay_step``), takes a screenshot of each
phase (deal, bet, shift, draw, reveal, sudden demise), and after ``config.rounds``
hands presses "Leave table".
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

import ai
from game import i18n
from game.app import App
from game.campaign import Campaign
from game.campaign.tournament import PLAYER
from game.campaign.venues import CHARACTERS
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.rules.sabacc_rank import rank_cards
from game.scenes import table_common as tc
from game.scenes.base import backdrop, click_events, key_events
from game.scenes.table import QuickPlayConfig, TableScene, engine_options
from game.scenes.widgets import ButtonItem
from game.storage import history
from game.storage.serialize import SerializeError, TableSnapshot
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui import fonts as ui_fonts
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue, Call, Parallel, Sequence, Step, Tween, Wait

HUMAN = 0
OPPONENT_NAMES = (
    "Kessa Vrin",
    "Odo Tarn",
    "Mira Solt",
    "Jax Ordo",
    "Tev Rallis",
    "Nima Kor",
    "Bex Dunn",
)
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 1.0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
AUTOPLAY_SPEED = 8.0  # real animations, played briskly so a 3-hand run takes seconds
THINK_SECONDS = 0.75  # an AI seat "thinks" this long (at speed 1) so a player can follow
AUTOPLAY_RETRY_FRAMES = 45  # re-post an input that did not take (a dropped click)
SPECIAL_KINDS = ("idiots-array", "pure-sabacc")
LOG_SIZES = {"small": 12, "medium": 14, "large": 17}  # the log's text, before UI scale


# ============================================================================ layout
@dataclass(slots=True)
class SeatPlace:
    """Where one seat sits: the centre of its card fan and its nameplate."""

    centre: tuple[int, int]
    plate: pygame.Rect
    card: tuple[int, int]
    step: int  # horizontal offset between fanned cards
    max_width: int = 10**6  # a long hand overlaps more rather than grow past this

    def card_rect(self, index: int, count: int) -> pygame.Rect:
        step = self.step
        if count > 1:
            step = min(step, (self.max_width - self.card[0]) // (count - 1))
        width = self.card[0] + step * max(0, count - 1)
        left = self.centre[0] - width // 2 + step * index
        return pygame.Rect(left, self.centre[1] - self.card[1] // 2, *self.card)


@dataclass(slots=True)
class SabaccLayout:
    """Every rectangle of the table for one window size (rebuilt on resize)."""

    size: tuple[int, int]
    u: float
    table: pygame.Rect
    sidebar: pygame.Rect
    bar: pygame.Rect
    side_buttons: pygame.Rect
    info: pygame.Rect
    log: pygame.Rect
    hint: pygame.Rect
    centre: pygame.Rect
    deck: pygame.Rect
    discard: pygame.Rect
    die: pygame.Rect
    hand_pot: pygame.Rect
    sabacc_pot: pygame.Rect
    total_badge: pygame.Rect
    prompt_y: int
    seats: list[SeatPlace]
    font: int
    #: The unit of pygame_gui widgets (action bar, sidebar buttons): the App's UI scale,
    #: which sets their theme fonts. ``u`` (the felt's furniture) follows the window
    #: further, so a 4K table reads like the 1280x720 one instead of shrinking.
    ui: float = 0.0

    def px(self, value: float) -> int:
        return round(value * self.u)

    def wpx(self, value: float) -> int:
        """``value`` widget units in pixels."""
        return round(value * (self.ui or self.u))


def _side_split(opponents: int) -> tuple[int, int, int]:
    """Opponents on the left rail, along the top and on the right rail, clockwise."""
    return {1: (0, 1, 0), 2: (0, 2, 0), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2)}.get(
        opponents, (2, opponents - 4, 2)
    )


def compute_layout(
    size: tuple[int, int], u: float, seats: int, ui: float | None = None
) -> SabaccLayout:
    """Seat 0 (the player) at the bottom; the others clockwise: up the left rail, along
    the top, down the right rail; deck, die and the two pots in the middle.

    ``u`` sizes what the table draws itself; ``ui`` (default ``u``) sizes the pygame_gui
    buttons, whose fonts come from the App's theme."""
    width, height = size
    ui = u if ui is None else ui
    pad = max(8, round(12 * u))
    rim = max(8, min(width, height) // 28) + pad // 2  # the wooden rail of render_felt
    side_w = max(220, min(round(width * 0.23), round(400 * u)))
    table = pygame.Rect(0, 0, width - side_w, height)
    sidebar = pygame.Rect(table.right, 0, side_w, height)
    bar_h = max(38, round(50 * ui))
    bar = pygame.Rect(rim + pad, height - rim - bar_h, table.width - 2 * (rim + pad), bar_h)
    # The player's hand: big cards above the action bar, plate left, total right.
    me_h = round(min(height * 0.2, table.width * 0.17))
    me_card = card_art.card_size(me_h)
    prompt_h = round(26 * u)
    me_cy = bar.top - pad // 2 - prompt_h - me_h // 2
    me_plate = pygame.Rect((0, 0), (round(190 * u), round(52 * u)))
    me_plate.midleft = (rim + pad, me_cy + round(10 * u))
    badge = pygame.Rect(0, 0, round(170 * u), round(64 * u))
    badge.midright = (table.right - rim - pad, me_cy + round(10 * u))
    me_place = SeatPlace(
        ((me_plate.right + badge.left) // 2, me_cy),
        me_plate,
        me_card,
        round(me_card[0] * 0.8),
        badge.left - me_plate.right - 2 * pad,
    )
    # Opponents: small face-down fans over their plates, along the rails.
    left_n, top_n, right_n = _side_split(seats - 1)
    crowded = 0.85 if seats >= 7 else 1.0
    op_h = max(44, round(height * 0.1 * crowded))
    op_card = card_art.card_size(op_h)
    op_step = max(10, round(op_card[0] * 0.42))
    op_plate = (round(168 * u * crowded), round(46 * u))
    tag_h = round(26 * u)
    block_w = max(op_plate[0], op_card[0] + op_step * 4) + pad
    block_h = op_h + op_plate[1] + round(4 * u) + tag_h  # cards, plate, status tag
    area = pygame.Rect(rim, rim, table.width - 2 * rim, height - 2 * rim)
    places: list[SeatPlace] = [me_place]

    def place_at(cx: int, top: int) -> SeatPlace:
        plate = pygame.Rect((0, 0), op_plate)
        plate.midtop = (cx, top + op_h + round(4 * u))
        return SeatPlace((cx, top + op_h // 2), plate, op_card, op_step, block_w - pad)

    # The rails run from under the top row down to just above the player's plate.
    rail_bottom = min(me_plate.top, badge.top) - pad - block_h
    side_tops = _spread(area.top + block_h + pad, rail_bottom, max(left_n, right_n))
    left_x = area.left + block_w // 2
    right_x = area.right - block_w // 2
    for i in range(left_n):  # clockwise from the player: up the left rail
        places.append(place_at(left_x, side_tops[left_n - 1 - i]))
    top_left = area.left + (block_w if left_n else 0)
    top_right = area.right - (block_w if right_n else 0)
    slot = (top_right - top_left) / max(1, top_n)
    for i in range(top_n):
        places.append(place_at(round(top_left + slot * (i + 0.5)), area.top))
    for i in range(right_n):  # then down the right rail
        places.append(place_at(right_x, side_tops[i]))
    # The middle: deck, discards and die in a row above the two pots, centred in the
    # space between the top row, the rails and the player's cards.
    centre = pygame.Rect(
        area.left + (block_w if left_n else 0),
        area.top + block_h,
        max(0, area.width - (block_w if left_n else 0) - (block_w if right_n else 0)),
        max(0, (me_cy - me_h // 2 - pad) - (area.top + block_h)),
    )  # never negative, however small the window (a Surface of a pot would fail)
    small_h = round(22 * u)  # the captions under deck, discards and die
    pot_w = max(1, min(round(200 * u), (centre.width - 3 * pad) // 2))
    pot_h = max(1, min(round(104 * u), centre.height // 2))
    pile_h = max(30, min(op_h, centre.height - pot_h - small_h - 2 * pad))
    pile = card_art.card_size(pile_h)
    stack_h = pile[1] + small_h + pad + pot_h
    top = centre.top + max(0, (centre.height - stack_h) // 2)
    pots_y = top + pile[1] + small_h + pad
    hand_pot = pygame.Rect(centre.centerx - pad // 2 - pot_w, pots_y, pot_w, pot_h)
    sabacc_pot = pygame.Rect(centre.centerx + pad // 2, pots_y, pot_w, pot_h)
    deck = pygame.Rect(0, top, *pile)
    deck.centerx = hand_pot.centerx
    discard = pygame.Rect(0, top, *pile)
    discard.centerx = centre.centerx
    die_size = round(min(pile[1] * 0.75, 56 * u))
    die = pygame.Rect(0, 0, die_size, die_size)
    die.center = (sabacc_pot.centerx, discard.centery)
    line_h = round(28 * u)
    buttons = pygame.Rect(
        sidebar.x + pad, pad, side_w - 2 * pad, round(40 * ui) * 2 + round(8 * ui)
    )
    info = pygame.Rect(sidebar.x + pad, buttons.bottom + pad, side_w - 2 * pad, line_h * 4)
    log = pygame.Rect(
        sidebar.x + pad, info.bottom + pad, side_w - 2 * pad, max(1, height - info.bottom - 2 * pad)
    )
    hint_h = max(1, min(round(220 * u), log.height * 2 // 3))
    hint = pygame.Rect(log.x, log.bottom - hint_h, log.width, hint_h)
    return SabaccLayout(
        size=size,
        u=u,
        table=table,
        sidebar=sidebar,
        bar=bar,
        side_buttons=buttons,
        info=info,
        log=log,
        hint=hint,
        centre=centre,
        deck=deck,
        discard=discard,
        die=die,
        hand_pot=hand_pot,
        sabacc_pot=sabacc_pot,
        total_badge=badge,
        prompt_y=bar.top - pad // 2 - prompt_h // 2,
        seats=places,
        font=max(12, round(16 * u)),
        ui=ui,
    )


def _spread(first: int, last: int, count: int) -> list[int]:
    """``count`` evenly spaced values from ``first`` to ``last``."""
    if count <= 1:
        return [max(first, (first + last) // 2) if count else first]
    step = (last - first) / (count - 1)
    return [round(first + step * i) for i in range(count)]


# ====================================================================== display model
@dataclass(slots=True)
class CardView:
    code: str | None  # None: a card this player may not see (drawn face down)
    in_field: bool = False
    shift_from: str | None = None  # the old face while a shift glitch plays
    shift_t: float = 1.0
    glitch: float = 0.0  # a face-down card flickering during a shift
    locked: bool = False  # Two-Exchange: laid face down, kept through both exchanges


@dataclass(slots=True)
class SeatView:
    name: str
    level: str
    chips: int
    cards: list[CardView] = field(default_factory=list)
    in_hand: bool = False
    out: bool = False
    status: str = ""
    status_colour: tc.Colour = tc.INK
    hand_label: str = ""
    label_colour: tc.Colour = tc.INK
    winner: bool = False
    side: str = ""  # Force: "light" / "dark" once declared or inverted


@dataclass(slots=True)
class TableModel:
    """What the player sees right now; only animation steps change it."""

    seats: list[SeatView]
    hand_pot: int = 0
    sabacc_pot: int = 0
    deck: int = 0
    discard_top: str | None = None
    discards: int = 0
    die_value: int | None = None
    die_t: float = 1.0
    die_seed: int = 0
    die_text: str = ""
    die2_value: int | None = None  # Great Khan rolls two dice
    dealer: int = 0
    lead: int = 0
    hand_no: int = 0
    round_no: int = 0
    phase: str = ""
    turn: int | None = None
    flights: list[tc.Flight] = field(default_factory=list)
    banner: tc.Banner = field(default_factory=tc.Banner)


def action_label(action: Any, owe: int = 0) -> str:
    """A button's text for any action: a catalog entry per kind, else ``str(action)``
    (so actions of presets added later still get a readable button)."""
    kind = type(action).__name__.lower()
    if isinstance(getattr(action, "side", None), str):
        kind = f"{kind}_{action.side}"  # Force: "declare_light" / "declare_dark"
    params: dict[str, Any] = {"amount": getattr(action, "amount", owe)}
    if hasattr(action, "card") and isinstance(action.card, int):
        params["card"] = card_name(sc.code(action.card))
    key = f"sabacc.action.{kind}"
    label = i18n.t(key, **params)
    return str(action) if label == key else label


def hand_name(kind: str, total: int) -> str:
    key = f"sabacc.kind.{kind}"
    label = i18n.t(key, total=total)
    return i18n.t("sabacc.kind.normal", total=total) if label == key else label


# ============================================================================= scene
class SabaccTable(TableScene):
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
        self.rng = random.Random(config.seed)
        # The autoplayer and the hint get their own generators: asking for a hint
        # never changes what the opponents or the deck do.
        self.autoplay_rng = random.Random((config.seed or 0) + 1)
        seats = 1 + len(config.opponents)
        self.unplayable = ""
        names = [i18n.t("results.you"), *OPPONENT_NAMES[: seats - 1]]
        levels = ["", *config.opponents]
        self.bots: dict[int, Any] = {
            seat + 1: ai.make_player("sabacc", level) for seat, level in enumerate(config.opponents)
        }
        self.driver: tc.TableDriver
        if campaign is not None:
            session = campaign.session or campaign.sit_down()
            names = campaign_names(session.seat_ids)
            levels = ["", *(CHARACTERS[s].level for s in session.opponents)]
            self.driver = tc.CampaignDriver(campaign, names)
            self.state = self.driver.state
        else:
            if resume is not None:
                self.state = resume.state
                self.rng = resume.rngs["chance"]
                self.autoplay_rng = resume.rngs.get("autoplay", self.autoplay_rng)
            else:
                try:
                    self.state = sb.new_game(
                        seats,
                        config.preset,
                        options=engine_options(config),  # the preset plus house rules
                        chips=config.starting_chips,
                        seed_dealer=self.rng.randrange(seats),
                    )
                except (TypeError, ValueError) as error:
                    # A rule set the engine cannot run yet: say so instead of crashing.
                    self.unplayable = str(error)
                    self.state = sb.new_game(seats, "classic", chips=config.starting_chips)
            self.driver = tc.QuickDriver(
                app,
                "sabacc",
                self.state,
                self.rng,
                self.bots,
                names,
                self._save_data,
                {"autoplay": self.autoplay_rng},
                hand_events=tc.decode_events(resume.table.get("hand_events", []))
                if resume is not None
                else None,
                resumed_table=resume.table if resume is not None else None,
                resumed_rngs=resume.rngs if resume is not None else None,
                seed=config.seed,
            )
            # Nothing to save for a replay or a table that cannot be played.
            self.driver.saving = not (replay or self.unplayable)
            self.driver.preset = config.preset
        self.autoplayer = ai.make_player("sabacc", "normal")
        self.hint_player = ai.make_player("sabacc", "hard")
        self.model = TableModel(
            [
                SeatView(n, lv, int(c))
                for n, lv, c in zip(names, levels, self.state.chips, strict=True)
            ]
        )
        self.model.deck = len(self.state.deck)
        self.model.dealer = self.state.dealer
        self.autoplay = app.options.autoplay
        self.queue = AnimationQueue()
        self._apply_speed()
        self.router = tc.EventRouter(self._on_unknown)
        self._register_handlers()
        self.log = tc.GameLog()
        self.hint_open = False
        self._hint_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.shots = tc.PhaseShots(app, "sabacc")
        volume = app.settings.master_volume * app.settings.effects_volume / 10000
        self.sounds = SoundBank(volume, init_mixer=app.audio_available)
        self.mode = "wait"  # wait | human | between | over
        self.decision: tuple[Any, ...] = ()
        self.legal: list[Any] = []
        self.card_mode = ""  # "discard" / "field" when a card click is an action
        self.card_actions: dict[str, type] = {}
        self.thinking: int | None = None
        self.think_left = 0.0
        self.clock = 0.0
        self.hands_played = 0
        self.sent: list[Any] = []  # every action the player's inputs sent to the engine
        self.bar = tc.ActionBar(self.add_button)
        self.stepper: tc.BetStepper | None = None
        self._stepper_items: tuple[ButtonItem, ButtonItem] | None = None
        self._built_signature: tuple[Any, ...] = ()
        self.amount_kinds: dict[str, Callable[[int], Any]] = {}
        self.spec_actions: dict[str, Any] = {}
        self._shifting: CardView | None = None  # the card a shift glitch is playing on
        self.worker = tc.BackgroundChoice()  # AI seats and the autoplayer
        self.hint_worker = tc.BackgroundChoice()
        self._hint_choice: tuple[Any, str] = (None, "")
        self._hint_lines: dict[tuple[Any, ...], list[tuple[str, tc.Colour]]] = {}
        self._layout: SabaccLayout | None = None
        self._background: pygame.Surface | None = None
        self._autoplay_posted: tuple[tuple[Any, ...], int] | None = None
        self._shift_frames: dict[tuple[str, str, tuple[int, int], int], pygame.Surface] = {}
        self._palette_seen = self.palette_name
        self.current_specs: list[tc.ActionSpec] = []
        if self.unplayable:
            self.mode = "over"
            self.current_specs = self._specs()
            self.log.add(
                i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{config.preset}")), tc.BAD
            )
        self.hands_played = int(self.state.completed) if resume is not None else 0
        if self.driver.hand_events:
            self._catch_up(self.driver.hand_events)

    # ------------------------------------------------------------ save & resume
    def _save_data(self) -> dict[str, Any]:
        """The table's own part of a quick-play save: enough to build it again."""
        return {"config": tc.config_to_json(self.config), "names": self.driver.names}

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

    # ------------------------------------------------------------ speed & layout
    def _apply_speed(self) -> None:
        speed = self.app.settings.animation_speed
        self.queue.instant = speed == "instant"
        self.queue.speed = AUTOPLAY_SPEED if self.autoplay else SPEEDS.get(speed, 1.0)

    def think_time(self) -> float:
        if self.queue.instant:
            return 0.0
        return THINK_SECONDS / max(0.1, self.queue.speed)

    @property
    def layout(self) -> SabaccLayout:
        size = self.app.size
        unit = tc.table_unit(self.app)
        lay = self._layout
        if lay is None or lay.size != size or lay.u != unit or lay.ui != self.u:
            lay = self._layout = compute_layout(size, unit, self.state.num_seats, self.u)
            self._background = None
        return lay

    # --------------------------------------------------------------------- build
    def build(self) -> None:
        lay = self.layout
        self.bar = tc.ActionBar(self.add_button)
        self._stepper_items = None
        specs = self.current_specs
        bar_rect = lay.bar.copy()
        self.stepper_rect: pygame.Rect | None = None
        if self.stepper is not None:
            step_w = lay.bar.height * 2 + lay.wpx(110)
            self.stepper_rect = pygame.Rect(lay.bar.x, lay.bar.y, step_w, lay.bar.height)
            bar_rect = pygame.Rect(
                self.stepper_rect.right + lay.wpx(16),
                lay.bar.y,
                lay.bar.right - self.stepper_rect.right - lay.wpx(16),
                lay.bar.height,
            )
        self.bar.build(bar_rect, specs, self.text_width, gap=lay.wpx(10))
        if self.stepper is not None and self.stepper_rect is not None:
            side = lay.bar.height
            minus = self.add_button(
                pygame.Rect(self.stepper_rect.x, lay.bar.y, side, side), "−", lambda: self._step(-1)
            )
            plus = self.add_button(
                pygame.Rect(self.stepper_rect.right - side, lay.bar.y, side, side),
                "+",
                lambda: self._step(1),
            )
            minus.button.set_tooltip(i18n.t("sabacc.tip.minus"), delay=0.6)
            plus.button.set_tooltip(i18n.t("sabacc.tip.plus"), delay=0.6)
            self.stepper.attach(minus, plus)
            self._stepper_items = (minus, plus)
            self._relabel_amount_buttons()
        # The sidebar: menu and hint on one row, the animation speed below.
        row_h = lay.wpx(40)
        half = (lay.side_buttons.width - lay.wpx(8)) // 2
        menu = self.add_button(
            pygame.Rect(lay.side_buttons.x, lay.side_buttons.y, half, row_h),
            i18n.t("sabacc.menu"),
            self.go_back,
        )
        menu.button.set_tooltip(i18n.t("sabacc.tip.menu"), delay=0.6)
        self.hint_button = self.add_button(
            pygame.Rect(lay.side_buttons.right - half, lay.side_buttons.y, half, row_h),
            i18n.t("sabacc.hint"),
            self.toggle_hint,
        )
        self.hint_button.button.set_tooltip(i18n.t("sabacc.tip.hint"), delay=0.6)
        self.speed_button = self.add_button(
            pygame.Rect(
                lay.side_buttons.x,
                lay.side_buttons.y + row_h + lay.wpx(8),
                lay.side_buttons.width,
                row_h,
            ),
            i18n.t("sabacc.speed", speed=i18n.t(f"speed.{self.app.settings.animation_speed}")),
            self.cycle_speed,
        )
        self.speed_button.button.set_tooltip(i18n.t("sabacc.tip.speed"), delay=0.6)
        if self.bar.items:
            self.ring.focus(0)
        self._built_signature = self._signature(specs)

    def _step(self, delta: int) -> None:
        if self.stepper is not None:
            self.stepper.step(delta)

    def _relabel_amount_buttons(self) -> None:
        if self.stepper is None:
            return
        for spec in self.bar.specs:
            if spec.key in self.amount_kinds:
                label = action_label(self.amount_kinds[spec.key](self.stepper.value))
                spec.label = label
                button = self.bar.button(spec.key)
                if button is not None:
                    button.set_text(tc.ActionBar.caption(spec))

    # ------------------------------------------------------------------- actions
    def _specs(self) -> list[tc.ActionSpec]:
        """Buttons for exactly the legal actions of the current decision."""
        self.amount_kinds = {}
        self.spec_actions = {}
        self.card_actions = {}
        self.card_mode = ""
        specs: list[tc.ActionSpec] = []
        if self.mode == "between":
            return [
                tc.ActionSpec(
                    "next",
                    i18n.t("sabacc.next_hand"),
                    pygame.K_n,
                    "N",
                    i18n.t("sabacc.tip.next"),
                    self.next_hand,
                    True,
                ),
                tc.ActionSpec(
                    "leave",
                    i18n.t("sabacc.leave"),
                    pygame.K_l,
                    "L",
                    i18n.t("sabacc.tip.leave"),
                    self.leave_table,
                ),
            ]
        if self.mode == "over":
            return [
                tc.ActionSpec(
                    "leave",
                    i18n.t("sabacc.leave"),
                    pygame.K_l,
                    "L",
                    i18n.t("sabacc.tip.leave"),
                    self.leave_table,
                    True,
                )
            ]
        if self.mode != "human":
            self.stepper = None
            return specs
        view: sb.SabaccView = self.state.view(HUMAN)
        owe = max(0, view.level - view.round_bets[HUMAN])
        known: dict[type, tuple[str, int, str]] = {
            sb.Check: ("check", pygame.K_c, "C"),
            sb.Call: ("call", pygame.K_c, "C"),
            sb.CallHand: ("callhand", pygame.K_c, "C"),
            sb.PassCall: ("passcall", pygame.K_p, "P"),
            sb.Fold: ("fold", pygame.K_f, "F"),
            sb.Draw: ("draw", pygame.K_d, "D"),
            sb.Stand: ("stand", pygame.K_s, "S"),
            sb.Keep: ("keep", pygame.K_k, "K"),
            sb.Exchange: ("exchange", pygame.K_x, "X"),
        }
        sides = {sb.LIGHT: (pygame.K_l, "L"), sb.DARK: (pygame.K_d, "D")}
        amount_keys = {sb.Bet: ("bet", pygame.K_b, "B"), sb.Raise: ("raise", pygame.K_r, "R")}
        amounts: dict[type, list[int]] = {}
        stepper_needed = False
        for action in self.legal:
            kind = type(action)
            if isinstance(getattr(action, "amount", None), int):
                amounts.setdefault(kind, []).append(action.amount)
                stepper_needed = True
            elif isinstance(getattr(action, "card", None), int):
                name = (
                    "discard"
                    if kind is sb.Discard
                    else "field"
                    if kind is sb.PlaceInField
                    else kind.__name__.lower()
                )
                self.card_actions[name] = kind
        used_amounts: set[type] = set()
        for action in self.legal:
            kind = type(action)
            if kind in amounts:
                if kind in used_amounts:
                    continue
                used_amounts.add(kind)
                key, shortcut, shown = amount_keys.get(kind, (kind.__name__.lower(), None, ""))
                self.amount_kinds[key] = kind
                specs.append(
                    tc.ActionSpec(
                        key,
                        action_label(kind(max(amounts[kind]))),
                        shortcut,
                        shown,
                        i18n.t(f"sabacc.tip.{key}", cap=self.state.options.bet_cap),
                        functools.partial(self._submit_amount, kind),
                    )
                )
            elif kind in known:
                key, shortcut, shown = known[kind]
                self.spec_actions[key] = action
                specs.append(
                    tc.ActionSpec(
                        key,
                        action_label(action, owe),
                        shortcut,
                        shown,
                        i18n.t(f"sabacc.tip.{key}", fee=self.state.options.fold_fee),
                        functools.partial(self.submit, action),
                        primary=key in ("check", "call", "callhand", "draw", "keep"),
                    )
                )
            elif isinstance(getattr(action, "card", None), int):
                continue
            elif isinstance(action, sb.Declare):
                key = f"declare-{action.side}"
                shortcut, shown = sides.get(action.side, (None, ""))
                self.spec_actions[key] = action
                specs.append(
                    tc.ActionSpec(
                        key,
                        action_label(action),
                        shortcut,
                        shown,
                        i18n.t("sabacc.tip.declare"),
                        functools.partial(self.submit, action),
                    )
                )
            else:
                key = f"other-{len(specs)}"
                self.spec_actions[key] = action
                specs.append(
                    tc.ActionSpec(
                        key,
                        action_label(action),
                        None,
                        "",
                        "",
                        functools.partial(self.submit, action),
                    )
                )
        # A card click is the action: at once when only one kind of card action is
        # legal (discard, Two-Exchange's lock, Teta's swap), else after a mode button.
        modes = {
            "field": ("sabacc.action.field", pygame.K_i, "I"),
            "lock": ("sabacc.mode.lock", None, ""),
            "exchangecard": ("sabacc.mode.exchangecard", pygame.K_e, "E"),
            "freeze": ("sabacc.mode.freeze", pygame.K_z, "Z"),
            "swap": ("sabacc.mode.swap", pygame.K_w, "W"),
        }
        # Freezing costs the Stake and locking in the field is a side option: those
        # always take a deliberate press first, never a stray click on a card.
        direct = [n for n in self.card_actions if n in ("discard", "lock", "swap")]
        if len(self.card_actions) == 1 and direct:
            self.card_mode = direct[0]
        for name in self.card_actions:
            if name in (self.card_mode, "discard"):
                continue
            label_key, shortcut, shown = modes.get(name, (name, None, ""))
            tip = "sabacc.tip.field" if name == "field" else f"sabacc.tip.{name}"
            specs.append(
                tc.ActionSpec(
                    name,
                    i18n.t(label_key),
                    shortcut,
                    shown,
                    i18n.t(tip),
                    functools.partial(self._choose_card_mode, name),
                )
            )
        if "discard" in self.card_actions and not self.card_mode:
            self.card_mode = "discard"  # clicking a card discards it: no button needed
        if stepper_needed:
            low = min(min(v) for v in amounts.values())
            high = max(max(v) for v in amounts.values())
            start = self.stepper.value if self.stepper is not None else low
            self.stepper = tc.BetStepper(low, high, start)
            self.stepper.listeners.append(lambda _v: self._relabel_amount_buttons())
        else:
            self.stepper = None
        return specs

    def _choose_card_mode(self, name: str) -> None:
        self.card_mode = "" if self.card_mode == name else name

    def _submit_amount(self, kind: Callable[[int], Any]) -> None:
        if self.stepper is None:
            return
        wanted = self.stepper.value
        options = sorted(a.amount for a in self.legal if type(a) is kind)
        if not options:
            return
        amount = min(options, key=lambda n: abs(n - wanted))
        self.submit(kind(amount))

    def submit(self, action: Any) -> bool:
        """Send the player's action to the engine — only on their turn, with nothing
        still animating, and only an action the engine lists as legal."""
        if self.mode != "human" or self.queue.busy or self.state.to_act() != HUMAN:
            return False
        if action not in self.legal:
            return False
        self.sent.append(action)
        events = self.driver.human(action)
        self._set_mode("wait", ("wait",))
        self.play(events)
        return True

    def click_card(self, pos: tuple[int, int]) -> bool:
        """A click on one of the player's cards: discard it / lock it in the field."""
        if self.mode != "human" or not self.card_mode:
            return False
        seat = self.model.seats[HUMAN]
        place = self.layout.seats[HUMAN]
        for index in reversed(range(len(seat.cards))):  # topmost card first
            card = seat.cards[index]
            if card.code is None or card.in_field or card.locked:
                continue
            if place.card_rect(index, len(seat.cards)).collidepoint(pos):
                kind = self.card_actions.get(self.card_mode)
                if kind is None:
                    return False
                return self.submit(kind(sc.parse(card.code)))
        return False

    def _hand_card_by_digit(self, digit: int) -> bool:
        hand = [
            c
            for c in self.model.seats[HUMAN].cards
            if c.code is not None and not c.in_field and not c.locked
        ]
        if not (1 <= digit <= len(hand)) or not self.card_mode:
            return False
        kind = self.card_actions.get(self.card_mode)
        code = hand[digit - 1].code
        return kind is not None and code is not None and self.submit(kind(sc.parse(code)))

    def next_hand(self) -> None:
        if self.mode == "between":
            self._start_hand()

    def toggle_hint(self) -> None:
        self.hint_open = not self.hint_open

    def cycle_speed(self) -> None:
        settings = self.app.settings
        settings.animation_speed = SPEED_ORDER[
            (SPEED_ORDER.index(settings.animation_speed) + 1) % len(SPEED_ORDER)
        ]
        self._apply_speed()
        self.app.save_settings()
        self.speed_button.button.set_text(
            i18n.t("sabacc.speed", speed=i18n.t(f"speed.{settings.animation_speed}"))
        )

    def shutdown(self) -> None:
        self.worker.close()
        self.hint_worker.close()
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
        from game.scenes import campaign_table

        assert self.campaign is not None
        if self.driver.mid_hand() and not self.driver.over():
            # Standing up mid-hand would forfeit the chips in the pot.
            self.app.notify(i18n.t("campaign.finish_hand_first"))
            return
        self.queue.clear()
        self.app.pop_until(self)
        if self.autoplay:
            self.app.autoplay_finished = campaign_table.autoplay_run_over(self.app, self.campaign)
        campaign_table.leave(self.app, self.campaign)

    # -------------------------------------------------------------------- events
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            if self.bar.handle_key(event):
                return None
            if self.stepper is not None and self.mode == "human" and self.stepper.handle_key(event):
                return None
            if event.key in tc.DIGIT_KEYS and self._hand_card_by_digit(tc.DIGIT_KEYS[event.key]):
                return None
            if event.key == pygame.K_h:
                self.toggle_hint()
                return None
            if event.key == pygame.K_v:
                self.cycle_speed()
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

    # -------------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.stepper is not None:
            self.stepper.update(dt)
        self.queue.update(dt)
        if self.unplayable or self.queue.busy:
            return
        self._advance(dt)

    def redraw_in(self) -> float:
        """At rest while the player decides and nothing plays (the App then sleeps);
        only the cards in the field keep shimmering, at 6 of the shimmer's 12 steps/s."""
        if self.queue.busy or self.model.flights or self.mode not in ("human", "between", "over"):
            return 0.0
        if any(card.in_field for seat in self.model.seats for card in seat.cards):
            return 1 / 6
        return math.inf

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

    def _set_mode(self, mode: str, decision: tuple[Any, ...]) -> None:
        if decision == self.decision:
            return
        self.mode, self.decision = mode, decision
        self.legal = self.state.legal_actions() if mode == "human" else []
        self._hint_cache.clear()
        self.current_specs = self._specs()
        if self.container is None:
            return
        if mode == "wait":
            # Hide rather than destroy: the player's next decision often shows the same
            # buttons, and building pygame_gui buttons is the slowest thing a frame does.
            self._show_bar(False)
        elif self._signature(self.current_specs) == self._built_signature:
            self._rebind()
        else:
            self.recreate_ui()

    def _signature(self, specs: list[tc.ActionSpec]) -> tuple[Any, ...]:
        labels = tuple((s.key, "" if s.key in self.amount_kinds else s.label) for s in specs)
        return (labels, self.stepper is not None)

    def _rebind(self) -> None:
        """Point the built buttons at the new decision's actions and show them."""
        self.bar.specs = self.current_specs
        for spec in self.current_specs:
            self.bar.items[spec.key].on_press = spec.on_press
        if self.stepper is not None and self._stepper_items is not None:
            self.stepper.attach(*self._stepper_items)
            self._relabel_amount_buttons()
        self._show_bar(True)
        if self.bar.items:
            self.ring.focus(0)

    def _show_bar(self, visible: bool) -> None:
        elements = list(self.bar.elements())
        if self._stepper_items is not None:
            elements += [item.button for item in self._stepper_items]
        for element in elements:
            if visible:
                element.show()
            else:
                element.hide()

    def _start_hand(self) -> None:
        for seat in range(self.state.num_seats):
            if not self.state.in_match[seat]:
                self.model.seats[seat].out = True
        self._set_mode("wait", ("wait",))
        self.play(self.driver.next_hand())

    # ------------------------------------------------------------ event -> steps
    def play(self, events: list[Event]) -> None:
        for event in events:
            self.router.route(event.for_seat(HUMAN))

    def _push(self, *steps: Step) -> None:
        self.queue.push(*steps)

    def _log(self, key: str, colour: tc.Colour = tc.INK, **params: Any) -> Call:
        """A log line as a queued step; lines about the player use the second person
        ("You check.") where the catalog has a ``<key>_you`` form."""
        you = self.model.seats[HUMAN].name
        return Call(lambda: self.log.add(tc.personal(key, you, **params), colour))

    def seat_name(self, seat: int) -> str:
        return self.model.seats[seat].name

    def _on_unknown(self, event: Event) -> None:
        # An event of a preset this table does not know yet: tell it in the log.
        self._push(Call(lambda: self.log.add(tc.describe_event(event), tc.INK_DIM)))

    def _register_handlers(self) -> None:
        on = self.router.on
        on("HandStarted", self._ev_hand_started)
        on("AntePaid", self._ev_ante)
        on("PlayerOut", self._ev_player_out)
        on(
            "Rebought",
            lambda e: self._push(
                self._log("sabacc.log.rebought", seat=self.seat_name(e.seat), amount=e.amount)
            ),
        )
        on("CardDealt", self._ev_card_dealt)
        on("RoundStarted", self._ev_round)
        on("RulesChanged", self._ev_rules_changed)
        on(
            "Checked",
            lambda e: self._bet_step(
                e.seat, 0, "hand", i18n.t("sabacc.status.check"), "sabacc.log.check"
            ),
        )
        on(
            "BetPlaced",
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                i18n.t("sabacc.status.bet", amount=e.amount),
                "sabacc.log.bet",
            ),
        )
        on(
            "Called",
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                i18n.t("sabacc.status.call", amount=e.amount),
                "sabacc.log.call",
            ),
        )
        on(
            "Raised",
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                i18n.t("sabacc.status.raise", amount=e.level),
                "sabacc.log.raise",
                level=e.level,
            ),
        )
        on("Folded", self._ev_folded)
        on("DieRolled", self._ev_die)
        on("CardShifted", self._ev_shifted)
        on("ShiftReturned", lambda e: None)
        on(
            "PassedCall",
            lambda e: self._push(
                self._status(e.seat, i18n.t("sabacc.status.pass")),
                self._log("sabacc.log.pass", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on("HandCalled", self._ev_called)
        on("CardPlacedInField", self._ev_field)
        on("CardDrawn", self._ev_drawn)
        on(
            "Stood",
            lambda e: self._push(
                self._status(e.seat, i18n.t("sabacc.status.stand")),
                self._log("sabacc.log.stand", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on(
            "KeptAll",
            lambda e: self._push(self._status(e.seat, i18n.t("sabacc.status.keep")), Wait(0.15)),
        )
        on("CardDiscarded", self._ev_discarded)
        on("DeckReshuffled", self._ev_reshuffled)
        on("HandRevealed", self._ev_revealed)
        on("PenaltyPaid", self._ev_penalty)
        on("SuddenDemise", self._ev_demise)
        on("SuddenDemiseCard", self._ev_demise_card)
        on("PotAwarded", self._ev_pot_awarded)
        on("PotMoved", self._ev_pot_moved)
        on("HandEnded", self._ev_hand_ended)
        on("MatchEnded", self._ev_match_ended)
        # The preset flows (RULES.md §1.5-1.7): Two-Exchange, Great Khan, Force, Teta.
        on("PhaseStarted", self._ev_phase)
        on("CardLocked", self._ev_locked)
        on("CardsExchanged", self._ev_cards_exchanged)
        on("CardExchanged", self._ev_card_exchanged)
        on("StakePaid", self._ev_stake)
        on("CardFrozen", self._ev_frozen)
        on("DiceRolled", self._ev_dice)
        on("PlayerDieRolled", self._ev_player_die)
        on("SideDeclared", lambda e: self._ev_side(e, "sabacc.log.side"))
        on("CardInverted", lambda e: self._ev_side(e, "sabacc.log.inverted"))
        on("SidesScored", self._ev_sides_scored)
        on("GameWon", self._ev_game_won)

    def _status(self, seat: int, words: str, colour: tc.Colour = tc.INK) -> Call:
        def set_status() -> None:
            view = self.model.seats[seat]
            view.status, view.status_colour = words, colour

        return Call(set_status)

    def _chips(
        self, source: tuple[Any, ...], target: tuple[Any, ...], amount: int, duration: float = 0.3
    ) -> Step:
        """Chips sliding from ``source`` to ``target``; seat and pot numbers change as they move."""
        model = self.model

        def take() -> None:
            if source[0] == "seat":
                model.seats[source[1]].chips -= amount
            elif source == ("pot", "hand"):
                model.hand_pot -= amount
            elif source == ("pot", "sabacc"):
                model.sabacc_pot -= amount

        def land() -> None:
            if target[0] == "seat":
                model.seats[target[1]].chips += amount
            elif target == ("pot", "hand"):
                model.hand_pot += amount
            elif target == ("pot", "sabacc"):
                model.sabacc_pot += amount
            self.sounds.play("chip_clink")

        size = self.layout.px(22)
        flight = tc.Flight(
            lambda: tc.memo(art.render_chip_stack, amount, size, self.palette_name, False),
            source,
            target,
            lift=0.08,
        )
        return Sequence(Call(take), tc.fly(model.flights, flight, duration, land))

    def _ev_hand_started(self, e: Any) -> None:
        def reset() -> None:
            self.shots.new_unit(e.hand_no)
            model = self.model
            model.hand_no, model.dealer, model.round_no = e.hand_no, e.dealer, 0
            model.phase = "sabacc.phase.deal"
            model.discard_top, model.discards = None, 0
            model.die_value = model.die2_value = None
            for seat, view in enumerate(model.seats):
                view.cards = []
                view.in_hand = seat in e.seats
                view.status = view.hand_label = view.side = ""
                view.winner = False
            self.log.add(
                tc.personal(
                    "sabacc.log.hand",
                    self.seat_name(HUMAN),
                    hand=e.hand_no,
                    dealer=self.seat_name(e.dealer),
                ),
                tc.GOLD,
            )

        self._push(Call(reset))

    def _ev_ante(self, e: Any) -> None:
        steps: list[Step] = []
        if e.hand_pot:
            steps.append(self._chips(("seat", e.seat), ("pot", "hand"), e.hand_pot, 0.25))
        if e.sabacc_pot:
            steps.append(self._chips(("seat", e.seat), ("pot", "sabacc"), e.sabacc_pot, 0.3))
        if steps:
            self._push(Parallel(*steps))

    def _ev_player_out(self, e: Any) -> None:
        def out() -> None:
            view = self.model.seats[e.seat]
            view.out, view.in_hand = True, False
            view.status, view.status_colour = i18n.t("sabacc.status.out"), tc.BAD

        self._push(Call(out), self._log("sabacc.log.out", tc.BAD, seat=self.seat_name(e.seat)))

    def _card_to_seat(
        self, seat: int, code: str | None, duration: float, face_up: bool = False
    ) -> Step:
        """A card tossed from the deck to the end of ``seat``'s fan (face up only for the
        player's own cards and cards the rules show to everybody)."""
        model = self.model
        shown = code if (seat == HUMAN or face_up) else None

        def image() -> pygame.Surface:
            size = self.layout.seats[seat].card
            return (
                tc.memo(card_art.render_sabacc_card, shown, size, self.palette_name)
                if shown
                else tc.memo(card_art.render_sabacc_back, size, self.palette_name)
            )

        flight = tc.Flight(image, ("deck",), ("slot", seat, 0), lift=0.1)

        def leave_deck() -> None:
            flight.target = ("slot", seat, len(model.seats[seat].cards))
            model.deck = max(0, model.deck - 1)
            self.sounds.play("card_slide")

        def land() -> None:
            model.seats[seat].cards.append(CardView(shown))
            self.sounds.play("card_flick")

        return Sequence(Call(leave_deck), tc.fly(model.flights, flight, duration, land))

    def _ev_card_dealt(self, e: Any) -> None:
        steps: list[Step] = [self._card_to_seat(e.seat, e.card, 0.2)]
        if e.seat == HUMAN:
            steps.append(Call(self._maybe_deal_shot))
        self._push(*steps)

    def _maybe_deal_shot(self) -> None:
        if len(self.model.seats[HUMAN].cards) >= 2:
            self.shots.request("deal")

    def _ev_round(self, e: Any) -> None:
        def begin() -> None:
            self.model.round_no, self.model.lead = e.round_no, e.lead
            self.model.phase = "sabacc.phase.betting"
            for view in self.model.seats:
                if view.in_hand and view.status_colour != tc.BAD:
                    view.status = ""

        self._push(
            Call(begin),
            self._log("sabacc.log.round", tc.GOLD, round=e.round_no, seat=self.seat_name(e.lead)),
        )

    def _ev_rules_changed(self, e: Any) -> None:
        rule = i18n.t(f"sabacc.rule.{e.value_rule}")
        self._push(
            self._log("sabacc.log.rules", tc.CYAN, rule=rule),
            self.model.banner.steps(i18n.t("sabacc.banner.rules"), rule, tc.CYAN, 1.0),
        )

    def _bet_step(
        self, seat: int, amount: int, pot: str, status: str, log_key: str, **params: Any
    ) -> None:
        steps: list[Step] = [self._status(seat, status)]
        if amount:
            steps.append(self._chips(("seat", seat), ("pot", pot), amount))
        steps.append(self._log(log_key, seat=self.seat_name(seat), amount=amount, **params))
        steps.append(Wait(0.2))
        self._push(*steps)

    def _ev_folded(self, e: Any) -> None:
        def fold() -> None:
            view = self.model.seats[e.seat]
            view.in_hand = False
            view.status, view.status_colour = i18n.t("sabacc.status.fold"), tc.INK_DIM

        steps: list[Step] = [Call(fold)]
        if e.fee:
            steps.append(self._chips(("seat", e.seat), ("pot", "sabacc"), e.fee))
        steps.append(self._log("sabacc.log.fold", seat=self.seat_name(e.seat), fee=e.fee))
        self._push(*steps)

    def _ev_die(self, e: Any) -> None:
        model = self.model

        def start() -> None:
            model.phase = "sabacc.phase.shift"
            model.die_value, model.die_t, model.die_seed = (
                e.value,
                0.0,
                e.value * 17 + model.round_no,
            )
            model.die_text = ""
            self.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = i18n.t("sabacc.shift_yes" if e.shift else "sabacc.shift_no")

        self._push(
            Call(start),
            Tween(0.8, roll, "linear", settle),
            self._log(
                "sabacc.log.die",
                tc.CYAN if e.shift else tc.INK,
                seat=self.seat_name(e.seat),
                value=e.value,
            ),
            Wait(0.45),
        )

    def _ev_shifted(self, e: Any) -> None:
        model = self.model

        def begin() -> None:
            cards = model.seats[e.seat].cards
            candidates = [c for c in cards if not c.in_field and (e.old is None or c.code == e.old)]
            self._shifting = candidates[-1] if candidates else None
            if self._shifting is not None:
                card = self._shifting
                if e.new is not None:
                    card.shift_from, card.code, card.shift_t = e.old, e.new, 0.0
                else:
                    card.glitch = 1.0
            self.sounds.play("shift_hum")

        def glitch(p: float) -> None:
            card = self._shifting
            if card is None:
                return
            if e.new is not None:
                card.shift_t = p
                if p >= 0.45 and e.seat == HUMAN:
                    self.shots.request("shift")
            else:
                card.glitch = 1.0 - p

        def done() -> None:
            card = self._shifting
            if card is not None:
                card.shift_from, card.shift_t, card.glitch = None, 1.0, 0.0

        duration = 0.9 if e.seat == HUMAN else 0.4
        steps: list[Step] = [Call(begin), Tween(duration, glitch, "linear", done)]
        if e.seat == HUMAN and e.old and e.new:
            steps.append(
                self._log(
                    "sabacc.log.shift_mine", tc.CYAN, old=card_name(e.old), new=card_name(e.new)
                )
            )
        else:
            steps.append(self._log("sabacc.log.shift", tc.INK_DIM, seat=self.seat_name(e.seat)))
        self._push(*steps)

    def _ev_called(self, e: Any) -> None:
        def calling() -> None:
            self.model.phase = "sabacc.phase.reveal"

        self._push(
            self._status(e.seat, i18n.t("sabacc.status.called"), tc.GOLD),
            Call(calling),
            self._log("sabacc.log.called", tc.GOLD, seat=self.seat_name(e.seat)),
            self.model.banner.steps(
                tc.personal(
                    "sabacc.banner.called", self.seat_name(HUMAN), seat=self.seat_name(e.seat)
                ),
                "",
                tc.GOLD,
                0.6,
            ),
        )

    def _ev_field(self, e: Any, log_key: str = "sabacc.log.field") -> None:
        def lock() -> None:
            cards = self.model.seats[e.seat].cards
            match = next((c for c in cards if not c.in_field and c.code == e.card), None)
            if match is None:  # another seat's hidden card (public as it locks, or not)
                match = next((c for c in cards if not c.in_field and c.code is None), None)
            if match is not None:
                match.code, match.in_field = e.card, True
                cards.remove(match)
                cards.insert(sum(1 for c in cards if c.in_field), match)
            self.sounds.play("shift_hum")

        card = card_name(e.card) if e.card else ""
        self._push(
            Call(lock),
            self._log(log_key, tc.CYAN, seat=self.seat_name(e.seat), card=card),
            Wait(0.3),
        )

    # ------------------------------------------------------- the preset flows
    def _ev_phase(self, e: Any) -> None:
        phase = "exchange" if e.phase == "exchanging" else e.phase

        def begin() -> None:
            self.model.phase = f"sabacc.phase.{phase}"
            for view in self.model.seats:
                view.status = ""

        self._push(
            Call(begin),
            self._log(f"sabacc.log.phase.{phase}", tc.GOLD, number=e.number),
            Wait(0.2),
        )

    def _ev_locked(self, e: Any) -> None:
        def lock() -> None:
            cards = self.model.seats[e.seat].cards
            match = next((c for c in cards if not c.locked and c.code == e.card), None)
            if match is None:
                match = next((c for c in cards if not c.locked and c.code is None), None)
            if match is not None:
                match.locked = True

        card = card_name(e.card) if e.card else ""
        self._push(
            Call(lock),
            self._status(e.seat, i18n.t("sabacc.status.lock")),
            self._log("sabacc.log.locked", seat=self.seat_name(e.seat), card=card),
            Wait(0.15),
        )

    def _ev_cards_exchanged(self, e: Any) -> None:
        """Two-Exchange: every unlocked card goes back into the deck, face down."""
        model = self.model
        count = len(e.cards)

        def send_back() -> None:
            view = model.seats[e.seat]
            keep = [c for c in view.cards if c.locked or c.in_field]
            view.cards = keep
            model.deck += count
            if count:
                self.sounds.play("card_slide")

        self._push(
            Call(send_back),
            self._status(e.seat, i18n.t("sabacc.status.exchange")),
            self._log("sabacc.log.exchanged", seat=self.seat_name(e.seat), count=count),
            Wait(0.2),
        )

    def _ev_card_exchanged(self, e: Any) -> None:
        """Great Khan / Empress Teta: one card face up onto the discards (the new card
        arrives as a draw)."""
        self._ev_discarded(e, "sabacc.log.exchanged_card", "sabacc.status.exchange")

    def _ev_stake(self, e: Any) -> None:
        self._push(
            self._chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self._log("sabacc.log.stake", seat=self.seat_name(e.seat), amount=e.amount),
        )

    def _ev_frozen(self, e: Any) -> None:
        self._push(self._status(e.seat, i18n.t("sabacc.status.freeze"), tc.CYAN))
        self._ev_field(e, "sabacc.log.frozen")

    def _ev_dice(self, e: Any) -> None:
        model = self.model

        def start() -> None:
            model.die_value, model.die2_value, model.die_t = e.first, e.second, 0.0
            model.die_seed = e.first * 17 + e.second * 5 + model.round_no
            model.die_text = ""
            self.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = ""  # the log says what the dice mean

        key = "sabacc.log.dice_doubles" if e.doubles else "sabacc.log.dice"
        self._push(
            Call(start),
            Tween(0.7, roll, "linear", settle),
            self._log(key, tc.CYAN if e.doubles else tc.INK_DIM, first=e.first, second=e.second),
            Wait(0.35 if e.doubles else 0.15),
        )

    def _ev_player_die(self, e: Any) -> None:
        steps: list[Step] = []
        if e.target >= 0:
            steps.append(self._status(e.target, i18n.t("sabacc.status.must_exchange"), tc.CYAN))
            steps.append(
                self._log(
                    "sabacc.log.player_die", tc.CYAN, value=e.value, seat=self.seat_name(e.target)
                )
            )
        else:
            steps.append(self._log("sabacc.log.player_die_none", tc.INK_DIM, value=e.value))
        self._push(*steps, Wait(0.3))

    def _ev_side(self, e: Any, log_key: str) -> None:
        def choose() -> None:
            self.model.seats[e.seat].side = e.side

        self._push(
            Call(choose),
            self._log(
                log_key,
                tc.GOLD if e.side == sb.LIGHT else tc.CYAN,
                seat=self.seat_name(e.seat),
                side=i18n.t(f"sabacc.side.{e.side}"),
            ),
            Wait(0.2),
        )

    def _ev_sides_scored(self, e: Any) -> None:
        verdict = i18n.t(f"sabacc.verdict.{e.winner}")
        self._push(
            self._log("sabacc.log.sides", tc.GOLD, light=e.light, dark=e.dark, verdict=verdict),
            Wait(0.3),
        )

    def _ev_game_won(self, e: Any) -> None:
        name = self.seat_name(e.seat)
        self._push(
            self._log("sabacc.log.game_won", tc.GOLD, seat=name),
            self.model.banner.steps(
                tc.personal("sabacc.banner.game_won", self.seat_name(HUMAN), seat=name),
                "",
                tc.GOLD,
                1.2,
            ),
        )

    def _ev_drawn(self, e: Any) -> None:
        def phase() -> None:
            self.model.phase = "sabacc.phase.draw"

        steps: list[Step] = [
            Call(phase),
            self._status(e.seat, i18n.t("sabacc.status.draw")),
            self._card_to_seat(e.seat, e.card, 0.3),
        ]
        if e.seat == HUMAN and e.card:
            steps.append(self._log("sabacc.log.draw_mine", card=card_name(e.card)))
        else:
            steps.append(self._log("sabacc.log.draw", seat=self.seat_name(e.seat)))
        self._push(*steps)

    def _ev_discarded(
        self,
        e: Any,
        log_key: str = "sabacc.log.discard",
        status_key: str = "sabacc.status.discard",
    ) -> None:
        model = self.model
        size_of = lambda: self.layout.deck.size  # noqa: E731 - resolved at draw time
        flight = tc.Flight(
            lambda: tc.memo(card_art.render_sabacc_card, e.card, size_of(), self.palette_name),
            ("seat", e.seat),
            ("discard",),
            lift=0.1,
        )

        def pick() -> None:
            cards = model.seats[e.seat].cards
            match = next((c for c in cards if not c.in_field and c.code == e.card), None)
            if match is None:
                match = next(
                    (c for c in reversed(cards) if not c.in_field and c.code is None), None
                )
            if match is not None:
                index = cards.index(match)
                flight.source = ("slot", e.seat, index, len(cards))
                cards.remove(match)
            self.sounds.play("card_slide")

        def land() -> None:
            model.discard_top = e.card
            model.discards += 1

        self._push(
            Call(pick),
            self._status(e.seat, i18n.t(status_key)),
            tc.fly(model.flights, flight, 0.3, land),
            self._log(log_key, seat=self.seat_name(e.seat), card=card_name(e.card)),
        )

    def _ev_reshuffled(self, e: Any) -> None:
        def reshuffle() -> None:
            self.model.deck += e.count
            self.model.discard_top, self.model.discards = None, 0

        self._push(
            Call(reshuffle), self._log("sabacc.log.reshuffle", tc.INK_DIM, count=e.count), Wait(0.3)
        )

    def _ev_revealed(self, e: Any) -> None:
        model = self.model
        label = hand_name(e.hand_kind, e.total)
        colour = (
            tc.GOLD
            if e.hand_kind in SPECIAL_KINDS
            else tc.BAD
            if e.hand_kind == "bombed-out"
            else tc.INK
        )

        def reveal() -> None:
            model.phase = "sabacc.phase.reveal"
            view = model.seats[e.seat]
            fields = [c for c in view.cards if c.in_field]
            field_codes = [c.code for c in fields]
            rest = list(e.cards)
            for code in field_codes:
                if code in rest:
                    rest.remove(code)
            view.cards = fields + [CardView(code) for code in rest]
            view.hand_label, view.label_colour = label, colour
            self.sounds.play("card_flick")
            self.shots.request("reveal")

        steps: list[Step] = [
            Call(reveal),
            self._log("sabacc.log.reveal", colour, seat=self.seat_name(e.seat), hand=label),
        ]
        if e.hand_kind in SPECIAL_KINDS:
            steps.append(model.banner.steps(label, self.seat_name(e.seat), tc.GOLD, 1.0))
        elif e.hand_kind == "bombed-out" and e.seat == HUMAN:
            steps.append(Call(lambda: self.sounds.play("bust_thud")))
            steps.append(model.banner.steps(label, self.seat_name(e.seat), tc.BAD, 0.7))
        else:
            steps.append(Wait(0.45))
        self._push(*steps)

    def _ev_penalty(self, e: Any) -> None:
        self._push(
            self._chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self._log(
                f"sabacc.log.penalty_{e.reason}",
                tc.BAD,
                seat=self.seat_name(e.seat),
                amount=e.amount,
            ),
        )

    def _ev_demise(self, e: Any) -> None:
        names = ", ".join(self.seat_name(s) for s in e.seats)

        def shot() -> None:
            self.model.phase = "sabacc.phase.demise"
            self.shots.request("sudden-demise")

        self._push(
            self._log("sabacc.log.demise", tc.BAD, seats=names),
            self.model.banner.steps(i18n.t("sabacc.banner.demise"), names, tc.BAD, 1.2),
            Call(shot),
        )

    def _ev_demise_card(self, e: Any) -> None:
        label = hand_name(e.hand_kind, e.total)
        colour = (
            tc.GOLD
            if e.hand_kind in SPECIAL_KINDS
            else tc.BAD
            if e.hand_kind == "bombed-out"
            else tc.INK
        )

        def relabel() -> None:
            view = self.model.seats[e.seat]
            view.hand_label, view.label_colour = label, colour

        self._push(
            self._card_to_seat(e.seat, e.card, 0.35, face_up=True),
            Call(relabel),
            self._log(
                "sabacc.log.demise_card",
                colour,
                seat=self.seat_name(e.seat),
                card=card_name(e.card),
                hand=label,
            ),
            Wait(0.4),
        )

    def _ev_pot_awarded(self, e: Any) -> None:
        def crown() -> None:
            self.model.seats[e.seat].winner = True
            self.sounds.play("win_fanfare" if e.seat == HUMAN else "chip_stack")

        key = "sabacc.log.won_sabacc" if e.pot == "sabacc" else "sabacc.log.won_hand"
        self._push(
            Call(crown),
            self._chips(("pot", e.pot), ("seat", e.seat), e.amount, 0.55),
            self._log(key, tc.GOOD, seat=self.seat_name(e.seat), amount=e.amount),
        )

    def _ev_pot_moved(self, e: Any) -> None:
        self._push(
            self._chips(("pot", e.source), ("pot", e.target), e.amount, 0.5),
            self._log("sabacc.log.pot_moved", tc.INK_DIM, amount=e.amount),
        )

    def _ev_hand_ended(self, e: Any) -> None:
        names = ", ".join(self.seat_name(s) for s in e.winners)
        if e.reason == "all-bombed" or not e.winners:
            title, colour = i18n.t("sabacc.banner.no_winner"), tc.BAD
        elif HUMAN in e.winners:
            title, colour = i18n.t("sabacc.banner.you_win"), tc.GOOD
        else:
            title, colour = i18n.t("sabacc.banner.wins", seat=names), tc.GOLD
        subtitle = i18n.t(f"sabacc.reason.{e.reason}")

        def finish() -> None:
            self.hands_played += 1
            self.model.phase = "sabacc.phase.over"
            self.model.turn = None
            self.result.rounds_played = self.hands_played
            self.result.chips_end = list(self.state.chips)

        self._push(
            self._log("sabacc.log.hand_end", colour, hand=e.hand_no, winners=names or "—"),
            Call(finish),
            self.model.banner.steps(title, subtitle, colour, 1.4),
        )

    def _ev_match_ended(self, e: Any) -> None:
        if e.winner is None:
            title = i18n.t("sabacc.banner.match_over")
        else:
            title = tc.personal(
                "sabacc.banner.match_won", self.seat_name(HUMAN), seat=self.seat_name(e.winner)
            )
        self.result.winner = e.winner
        self._push(
            self._log("sabacc.log.match", tc.GOLD, winner=title),
            self.model.banner.steps(title, "", tc.GOLD, 1.6),
        )

    # ----------------------------------------------------------------------- hint
    def hint_lines(self) -> list[tuple[str, tc.Colour]]:
        """What the hint box says: the chance a draw busts and the hard AI's choice."""
        if self.mode != "human":
            return [(i18n.t("sabacc.hint_wait"), tc.INK_DIM)]
        view: sb.SabaccView = self.state.view(HUMAN)
        rank = view.rank()
        lines = [(i18n.t("sabacc.hint_total", hand=hand_name(rank.kind, rank.total)), tc.INK)]
        lines.append((i18n.t("sabacc.hint_bust", percent=round(100 * bust_chance(view))), tc.INK))
        key = ("hint", self.decision)
        if self.hint_worker.key != key and self._hint_choice[0] != key:
            seed = zlib.crc32(repr(self.decision).encode())
            self.hint_worker.start(
                key,
                self.hint_player.choose,
                view,
                self.legal,
                random.Random(seed),
                synchronous=self.queue.instant,
            )
        if self.hint_worker.ready(key):
            try:
                choice = action_label(self.hint_worker.take())
            except Exception:  # a hint must never end the game; say it is unavailable
                choice = i18n.t("sabacc.hint_unavailable")
            self._hint_choice = (key, choice)
        if self._hint_choice[0] == key:
            lines.append((i18n.t("sabacc.hint_ai", action=self._hint_choice[1]), tc.GOLD))
        else:
            lines.append((i18n.t("sabacc.hint_ai", action="…"), tc.INK_DIM))
        return lines

    # ----------------------------------------------------------------------- draw
    def _anchor(self, anchor: tuple[Any, ...]) -> tuple[float, float]:
        lay = self.layout
        kind = anchor[0]
        if kind == "deck":
            return lay.deck.center
        if kind == "discard":
            return lay.discard.center
        if kind == "pot":
            return (lay.hand_pot if anchor[1] == "hand" else lay.sabacc_pot).center
        if kind == "seat":
            return lay.seats[anchor[1]].plate.center
        if kind == "slot":
            seat, index = anchor[1], anchor[2]
            count = anchor[3] if len(anchor) > 3 else index + 1
            return lay.seats[seat].card_rect(index, count).center
        return lay.centre.center

    @property
    def palette_name(self) -> str:
        """The colour set the player chose (Settings): high contrast, colour-blind safe
        (Okabe-Ito signal colours), or the cantina's own."""
        settings = self.app.settings
        if settings.high_contrast:
            return "high-contrast"
        return "colorblind" if settings.colour_blind else "cantina"

    def resume(self) -> None:
        # Back from the pause menu or Settings: speed and colours may have changed.
        self._apply_speed()
        if self._palette_seen != self.palette_name:
            self._palette_seen = self.palette_name
            self._background = None
            self._shift_frames.clear()
        super().resume()

    def _log_size(self, lay: SabaccLayout) -> int:
        """The game log's text size: the player's setting, scaled with the table."""
        return max(10, lay.px(LOG_SIZES.get(self.app.settings.log_text_size, 14)))

    def _draw_background(self, lay: SabaccLayout) -> pygame.Surface:
        if self._background is None:
            out = pygame.Surface(lay.size, 0, 32)  # never a 30-bit display format
            if self.app.settings.high_contrast:
                out.blit(backdrop(lay.table.size, True), lay.table.topleft)
            else:
                out.blit(art.render_felt(lay.table.size, self.palette_name), lay.table.topleft)
            side = art.vertical_gradient(lay.sidebar.size, (46, 28, 16), (20, 12, 7))
            out.blit(side, lay.sidebar.topleft)
            pygame.draw.line(out, tc.BRASS, lay.sidebar.topleft, lay.sidebar.bottomleft, 2)
            self._background = art.display_ready(out)
        return self._background

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(self._draw_background(lay), (0, 0))
        if self.unplayable:
            self._draw_unplayable(surface, lay)
            return
        self._draw_centre(surface, lay)
        for seat in range(len(self.model.seats)):
            self._draw_seat(surface, lay, seat)
        for flight in self.model.flights:
            image = flight.image()
            point = tc.flight_point(
                self._anchor(flight.source),
                self._anchor(flight.target),
                flight.progress,
                flight.lift,
            )
            surface.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))
        self._draw_prompt(surface, lay)
        self.model.banner.draw(surface, lay.centre.center, lay.px(44), lay.table.width - lay.px(40))
        self._draw_sidebar(surface, lay)

    def _draw_unplayable(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        words = i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{self.config.preset}"))
        for i, line in enumerate(tc.wrap(words, lay.font + 4, lay.table.width - lay.px(120))):
            image = tc.text(line, lay.font + 4, tc.GOLD, bold=True)
            surface.blit(
                image,
                image.get_rect(
                    center=(lay.table.centerx, lay.table.centery - lay.px(40) + i * lay.px(32))
                ),
            )
        self._draw_sidebar(surface, lay)

    def _draw_centre(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        model = self.model
        # The deck: a few backs offset to look like a pile, with the count on it.
        back = tc.memo(card_art.render_sabacc_back, lay.deck.size, self.palette_name)
        for k in range(min(3, max(1, model.deck // 20 + 1)) if model.deck else 0):
            surface.blit(back, lay.deck.move(-k * 2, -k * 2))
        small = max(10, lay.font - 3)
        count = tc.pill(i18n.t("sabacc.deck", count=model.deck), small, tc.INK, (12, 8, 5, 210))
        surface.blit(count, count.get_rect(midtop=(lay.deck.centerx, lay.deck.bottom + 3)))
        if model.discard_top is not None:
            surface.blit(
                tc.memo(
                    card_art.render_sabacc_card,
                    model.discard_top,
                    lay.discard.size,
                    self.palette_name,
                ),
                lay.discard,
            )
        else:
            pygame.draw.rect(
                surface, (90, 120, 90), lay.discard, 1, border_radius=lay.discard.width // 10
            )
        caption = tc.pill(i18n.t("sabacc.discards"), small, tc.INK_DIM, (12, 8, 5, 180))
        surface.blit(
            caption, caption.get_rect(midtop=(lay.discard.centerx, lay.discard.bottom + 3))
        )
        if model.die_value is not None:
            # The roll has 12 distinct frames; quantising t lets the memo hold them.
            t = 1.0 if model.die_t >= 1 else int(model.die_t * 12) / 12
            die = tc.memo(
                art.render_dice_roll_frame,
                6,
                model.die_value,
                lay.die.width,
                t,
                model.die_seed,
                self.palette_name,
            )
            centre = lay.die.center
            if model.die2_value is not None:
                # Great Khan's two dice side by side where the shift die sits.
                second = tc.memo(
                    art.render_dice_roll_frame,
                    6,
                    model.die2_value,
                    lay.die.width,
                    t,
                    model.die_seed + 7,
                    self.palette_name,
                )
                half = lay.die.width // 2 + 3
                surface.blit(second, second.get_rect(center=(centre[0] + half, centre[1])))
                centre = (centre[0] - half, centre[1])
            surface.blit(die, die.get_rect(center=centre))
            if model.die_text and model.die_t >= 1:
                tag = tc.pill(model.die_text, small, tc.CYAN, (12, 8, 5, 210))
                surface.blit(tag, tag.get_rect(midtop=(lay.die.centerx, lay.die.bottom + 3)))
        # The two pots, apart and named: the hand pot is won every hand, the Sabacc pot
        # only with Pure Sabacc or an Idiot's Array.
        for rect, amount, key, colour in (
            (lay.hand_pot, model.hand_pot, "sabacc.hand_pot", tc.GOLD),
            (lay.sabacc_pot, model.sabacc_pot, "sabacc.sabacc_pot", tc.CYAN),
        ):
            surface.blit(tc.memo(art.render_pot, amount, "", rect.size, self.palette_name), rect)
            pygame.draw.rect(surface, colour, rect, 2, border_radius=rect.height // 3)
            title = tc.fit(
                i18n.t(key), rect.width - lay.px(20), max(10, lay.font - 2), colour, bold=True
            )
            surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + lay.px(5))))

    def _draw_seat(self, surface: pygame.Surface, lay: SabaccLayout, seat: int) -> None:
        model = self.model
        view = model.seats[seat]
        place = lay.seats[seat]
        active = model.turn == seat and self.mode in ("human", "wait") and view.in_hand
        plate = tc.memo(
            art.render_nameplate, "", view.chips, "", active, place.plate.size, self.palette_name
        )
        pad = (plate.get_width() - place.plate.width) // 2
        dim = view.out or (not view.in_hand and model.hand_no > 0)
        surface.blit(plate, (place.plate.x - pad, place.plate.y - pad))
        h = place.plate.height
        name_colour = tc.INK_DIM if dim else tc.INK
        name = tc.fit(
            view.name, int(place.plate.width * 0.62), max(10, int(h * 0.34)), name_colour, bold=True
        )
        surface.blit(
            name, name.get_rect(midleft=(place.plate.x + h // 4, place.plate.y + h * 0.32))
        )
        if view.level:
            level = tc.fit(
                i18n.t(f"level.{view.level}"),
                int(place.plate.width * 0.34),
                max(9, int(h * 0.26)),
                tc.INK_DIM,
            )
            surface.blit(
                level,
                level.get_rect(midright=(place.plate.right - h // 4, place.plate.y + h * 0.72)),
            )
        # Cards; an opponent's revealed hand fans wider so its values can be read.
        count = len(view.cards)
        if seat != HUMAN and count > 1 and any(c.code is not None for c in view.cards):
            room = round(place.plate.width * 1.25) - place.card[0]
            place = dataclasses.replace(
                place, step=max(place.step, min(round(place.card[0] * 0.72), room // (count - 1)))
            )
        hover = (
            pygame.mouse.get_pos()
            if seat == HUMAN and self.card_mode and self.mode == "human"
            else None
        )
        hovered = -1
        if hover is not None:
            for index in reversed(range(count)):
                card = view.cards[index]
                if (
                    card.code
                    and not card.in_field
                    and place.card_rect(index, count).collidepoint(hover)
                ):
                    hovered = index
                    break
        for index, card in enumerate(view.cards):
            rect = place.card_rect(index, count)
            if index == hovered:
                rect = rect.move(0, -lay.px(16))
            self._draw_card(surface, card, rect, dim)
        for index, card in enumerate(view.cards):
            if card.locked:
                # On the strip of the card that the next one leaves showing.
                rect = place.card_rect(index, count)
                shown_w = rect.width
                if index + 1 < count:
                    shown_w = min(shown_w, place.card_rect(index + 1, count).left - rect.left)
                tag = tc.fit(
                    i18n.t("sabacc.locked_mark"),
                    max(12, shown_w - 4),
                    max(9, lay.font - 4),
                    tc.GOLD,
                    bold=True,
                )
                if tag.get_width() > shown_w - 4:
                    # A tight fan (an opponent's five cards): the word would run under
                    # the next card's tag, so the strip shows a padlock instead.
                    tag = padlock(max(8, min(shown_w - 6, lay.font)))
                box = tag.get_rect(midbottom=(rect.left + shown_w // 2, rect.bottom - 3))
                surface.blit(
                    tc.panel(box.inflate(6, 2).size, radius=4, alpha=235), box.inflate(6, 2)
                )
                surface.blit(tag, box)
        if seat == HUMAN and self.card_mode and self.mode == "human":
            # Number the clickable cards: the digit keys pick them too.
            number = 0
            for index, card in enumerate(view.cards):
                if card.code is None or card.in_field or card.locked:
                    continue
                number += 1
                rect = place.card_rect(index, count)
                tag = tc.pill(str(number), max(10, lay.font - 2), tc.GOLD, (12, 8, 5, 230))
                surface.blit(
                    tag,
                    tag.get_rect(
                        midbottom=(
                            rect.centerx,
                            rect.top - 2 - (lay.px(16) if index == hovered else 0),
                        )
                    ),
                )
        # Dealer button and lead marker inside the plate, right of the name.
        marker = max(9, int(h * 0.28))
        right = place.plate.right - h // 5
        if model.hand_no and seat == model.dealer:
            disc = tc.pill(i18n.t("sabacc.dealer_mark"), marker, (30, 20, 10), (242, 200, 106, 255))
            rect = disc.get_rect(midright=(right, place.plate.top + h * 0.3))
            surface.blit(disc, rect)
            right = rect.left - 3
        if model.round_no and seat == model.lead and view.in_hand:
            tag = tc.pill(i18n.t("sabacc.lead_mark"), marker, tc.CYAN, (12, 8, 5, 230))
            rect = tag.get_rect(midright=(right, place.plate.top + h * 0.3))
            surface.blit(tag, rect)
            right = rect.left - 3
        if view.side:
            # Force: the side a seat plays for, light on pale, dark on deep violet.
            ink, fill = (
                ((40, 28, 12), (250, 236, 190, 255))
                if view.side == sb.LIGHT
                else ((226, 214, 255), (52, 30, 84, 255))
            )
            tag = tc.pill(i18n.t(f"sabacc.side.{view.side}"), marker, ink, fill)
            surface.blit(tag, tag.get_rect(midright=(right, place.plate.top + h * 0.3)))
        if active and seat != HUMAN:
            # The player's own turn shows as the glowing plate and the prompt above the
            # buttons; an opponent's turn gets a chevron over their cards as well.
            chevron = tc.memo(
                art.render_turn_indicator,
                max(14, h // 2),
                round((self.clock % 1.0) * 16) / 16,
                self.palette_name,
            )
            surface.blit(
                chevron,
                chevron.get_rect(midbottom=(place.centre[0], place.card_rect(0, 1).top + 4)),
            )
        # Status (last action) and, after the reveal, the hand's name.
        tag_size = max(10, lay.font - 2)
        below = place.plate.bottom + 3
        if seat == HUMAN:
            self._draw_total(surface, lay, view)
            below = place.plate.bottom + 3
        if view.hand_label and seat != HUMAN:
            tag = tc.pill(view.hand_label, tag_size, view.label_colour, (12, 8, 5, 235))
            surface.blit(tag, tag.get_rect(midtop=(place.plate.centerx, below)))
        elif view.status:
            tag = tc.pill(view.status, tag_size, view.status_colour, (12, 8, 5, 200))
            surface.blit(tag, tag.get_rect(midtop=(place.plate.centerx, below)))
        if view.winner:
            crown = tc.pill(i18n.t("sabacc.winner"), tag_size, tc.GOOD, (12, 30, 12, 235))
            top = place.card_rect(0, max(1, count)).top
            surface.blit(crown, crown.get_rect(midbottom=(place.centre[0], top - 2)))

    def _draw_card(
        self, surface: pygame.Surface, card: CardView, rect: pygame.Rect, dim: bool
    ) -> None:
        size = rect.size
        if card.code is None:
            image = tc.memo(card_art.render_sabacc_back, size, self.palette_name)
            if card.glitch > 0:
                # A face-down card shifting: the back tears and flickers for a moment.
                phase = int(card.glitch * 10)
                image = self._shift_frame("back", "back", size, phase) or image
        elif card.shift_from is not None and card.shift_t < 1:
            step = int(card.shift_t * 16)
            key = (card.shift_from, card.code, size, step)
            cached = self._shift_frames.get(key)
            if cached is None:
                if len(self._shift_frames) > 64:
                    self._shift_frames.clear()
                cached = card_art.render_shift_frame(
                    card.shift_from, card.code, size, step / 16, self.palette_name
                )
                self._shift_frames[key] = cached
            image = cached
        else:
            image = tc.memo(card_art.render_sabacc_card, card.code, size, self.palette_name)
        if dim and not card.in_field:
            image = _dimmed(image)
        surface.blit(image, rect)
        if card.in_field:
            shimmer = round(self.clock * 12) % 24 / 24  # the overlay has 24 cached phases
            overlay = tc.memo(card_art.render_stasis_overlay, size, shimmer, self.palette_name)
            margin = card_art.stasis_margin(size)
            surface.blit(overlay, (rect.x - margin, rect.y - margin))

    def _shift_frame(
        self, old: str, new: str, size: tuple[int, int], phase: int
    ) -> pygame.Surface | None:
        # Hidden cards glitch with a stand-in pair of faces tinted by the back colour.
        key = (old, new, size, phase)
        image = self._shift_frames.get(key)
        if image is None:
            image = card_art.render_shift_frame(
                "idiot", "star", size, 0.35 + phase * 0.03, self.palette_name
            )
            image = image.copy()
            back = tc.memo(card_art.render_sabacc_back, size, self.palette_name).copy()
            back.set_alpha(150)
            image.blit(back, (0, 0))
            self._shift_frames[key] = image
        return image

    def _draw_total(self, surface: pygame.Surface, lay: SabaccLayout, view: SeatView) -> None:
        codes = tuple(c.code for c in view.cards if c.code is not None)
        if not codes:
            return
        kind, total = self._rank_codes(codes)
        badge = lay.total_badge
        surface.blit(tc.panel(badge.size, radius=badge.height // 3), badge)
        special = kind in SPECIAL_KINDS
        colour = tc.GOLD if special else tc.BAD if kind == "bombed-out" else tc.INK
        caption = tc.fit(
            i18n.t("sabacc.your_total"), badge.width - lay.px(12), max(10, lay.font - 3), tc.INK_DIM
        )
        surface.blit(caption, caption.get_rect(midtop=(badge.centerx, badge.y + lay.px(4))))
        shown = view.hand_label or (art.signed(total) if not special else hand_name(kind, total))
        value = tc.fit(shown, badge.width - lay.px(12), lay.px(28), colour, bold=True)
        surface.blit(value, value.get_rect(midbottom=(badge.centerx, badge.bottom - lay.px(4))))

    def _rank_codes(self, codes: tuple[str, ...]) -> tuple[str, int]:
        cache: dict[tuple[str, ...], tuple[str, int]] = self.__dict__.setdefault("_rank_cache", {})
        found = cache.get(codes)
        if found is None:
            cards = sc.parse_all(codes)
            rank = rank_cards(cards, self.state.values, self.state.options)
            found = (rank.kind, rank.total)
            if len(cache) > 256:
                cache.clear()
            cache[codes] = found
        return found

    def _draw_prompt(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        """The turn indicator in words, just above the action bar."""
        if self.mode == "human":
            phase = i18n.t(f"sabacc.phase.{self.state.phase}")
            words = i18n.t("sabacc.your_turn", phase=phase)
            if self.card_mode == "discard":
                words = i18n.t("sabacc.discard_prompt")
            elif self.card_mode == "field":
                words = i18n.t("sabacc.field_prompt")
            elif self.card_mode:
                words = i18n.t(f"sabacc.prompt.{self.card_mode}")
            colour = tc.GOLD
        elif self.mode == "between":
            words, colour = i18n.t("sabacc.between_prompt"), tc.INK
        elif self.mode == "over":
            words, colour = i18n.t("sabacc.over_prompt"), tc.INK
        elif self.model.turn is not None and self.model.turn != HUMAN and self.thinking is not None:
            words, colour = (
                i18n.t("sabacc.thinking", seat=self.seat_name(self.model.turn)),
                tc.INK_DIM,
            )
        else:
            return
        image = tc.fit(words, lay.table.width - lay.px(40), lay.font, colour, bold=True)
        surface.blit(image, image.get_rect(center=(lay.table.centerx, lay.prompt_y)))
        if (
            self.stepper is not None
            and getattr(self, "stepper_rect", None) is not None
            and self.mode == "human"
        ):
            rect = self.stepper_rect
            assert rect is not None
            middle = pygame.Rect(
                rect.x + rect.height, rect.y, rect.width - 2 * rect.height, rect.height
            )
            surface.blit(tc.panel(middle.size, radius=6, alpha=230), middle)
            amount = tc.text(
                str(self.stepper.value), max(12, int(rect.height * 0.48)), tc.GOLD, bold=True
            )
            surface.blit(amount, amount.get_rect(midtop=(middle.centerx, middle.y + 1)))
            cap = tc.fit(
                i18n.t("sabacc.stepper_max", max=self.stepper.high),
                middle.width - 6,
                max(9, int(rect.height * 0.26)),
                tc.INK_DIM,
            )
            surface.blit(cap, cap.get_rect(midbottom=(middle.centerx, middle.bottom - 2)))

    def _draw_sidebar(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        model = self.model
        size = max(11, lay.font - 2)
        info_lines = [
            (i18n.t("table.preset", preset=i18n.t(f"preset.{self.config.preset}")), tc.GOLD),
            (
                i18n.t(
                    "sabacc.hand_round", hand=max(1, model.hand_no), round=max(1, model.round_no)
                ),
                tc.INK,
            ),
            (
                i18n.t(f"sabacc.phase.{self.state.phase}")
                if self.mode == "human"
                else i18n.t(model.phase or "sabacc.phase.deal"),
                tc.INK,
            ),
        ]
        title = i18n.t("sabacc.table_title")
        if self.campaign is not None and self.campaign.session is not None:
            title = i18n.t(f"venue.{self.campaign.session.venue_id}.name")
        tc.draw_text_box(
            surface,
            lay.info,
            title,
            info_lines,
            size,
            self.__dict__.setdefault("_info_cache", {}),
        )
        log_rect = lay.log
        if self.hint_open:
            log_rect = pygame.Rect(
                lay.log.x, lay.log.y, lay.log.width, lay.hint.top - lay.log.y - lay.px(8)
            )
        self.log.draw(surface, log_rect, self._log_size(lay), i18n.t("sabacc.log_title"))
        if self.hint_open:
            tc.draw_text_box(
                surface,
                lay.hint,
                i18n.t("sabacc.hint_title"),
                self._cached_hint(),
                size,
                self._hint_cache,
            )

    def _cached_hint(self) -> list[tuple[str, tc.Colour]]:
        """The hint's lines, worked out once per decision and again when the hard AI's
        answer arrives from the worker thread."""
        hint_key = ("hint", self.decision)
        ready = self._hint_choice[0] == hint_key
        cached = self._hint_lines.get(("lines", self.decision, ready))
        if cached is None or (not ready and self.hint_worker.ready(hint_key)):
            cached = self.hint_lines()
            ready = self._hint_choice[0] == hint_key
            self._hint_lines = {("lines", self.decision, ready): cached}
        return cached

    # ------------------------------------------------------------------ autoplay
    def autoplay_step(self) -> None:
        """Play seat 0 with the AI by posting the inputs a player would make."""
        self.shots.flush()
        if self.queue.busy:
            return
        if self.mode == "human":
            pending = self._autoplay_posted
            if (
                pending is not None
                and pending[0] == self.decision
                and self.app.frame - pending[1] < AUTOPLAY_RETRY_FRAMES
            ):
                return
            if self.shots.pending:
                return  # let the phase's picture be taken before the buttons change
            key = ("autoplay", self.decision)
            if self.worker.key != key:
                self.worker.start(
                    key,
                    self.autoplayer.choose,
                    self.state.view(HUMAN),
                    self.legal,
                    self.autoplay_rng,
                )
            if not self.worker.ready(key):
                return
            action = self.worker.take()
            for event in self.inputs_for(action):
                pygame.event.post(event)
            self._autoplay_posted = (self.decision, self.app.frame)
        elif self.mode in ("between", "over"):
            pending = self._autoplay_posted
            if (
                pending is not None
                and pending[0] == self.decision
                and self.app.frame - pending[1] < AUTOPLAY_RETRY_FRAMES
            ):
                return
            done = self.mode == "over" or self.hands_played >= self.config.rounds
            button = self.bar.button("leave" if done else "next")
            if button is not None:
                for event in click_events(button):
                    pygame.event.post(event)
            self._autoplay_posted = (self.decision, self.app.frame)

    def inputs_for(self, action: Any) -> list[pygame.event.Event]:
        """The clicks and key presses that make this scene send ``action``."""
        if isinstance(getattr(action, "card", None), int):
            code = sc.code(action.card)
            seat = self.model.seats[HUMAN]
            place = self.layout.seats[HUMAN]
            events: list[pygame.event.Event] = []
            kind_name = next((n for n, k in self.card_actions.items() if k is type(action)), "")
            if kind_name and kind_name != "discard" and self.card_mode != kind_name:
                button = self.bar.button(kind_name)
                if button is not None:
                    events += click_events(button)
            for index, card in enumerate(seat.cards):
                if card.code == code and not card.in_field and not card.locked:
                    pos = place.card_rect(index, len(seat.cards)).center
                    events.append(
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
                    )
                    events.append(
                        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
                    )
                    return events
            return events
        for spec in self.bar.specs:
            if (
                spec.key in getattr(self, "amount_kinds", {})
                and type(action) is self.amount_kinds[spec.key]
            ):
                events = []
                if self.stepper is not None:
                    delta = action.amount - self.stepper.value
                    press = pygame.K_PLUS if delta > 0 else pygame.K_MINUS
                    for _ in range(abs(delta)):
                        events += key_events(press)
                button = self.bar.button(spec.key)
                return events + (click_events(button) if button is not None else [])
        for key, listed in self.spec_actions.items():
            if listed == action:
                button = self.bar.button(key)
                if button is not None:
                    return click_events(button)
        return []


def bust_chance(view: sb.SabaccView) -> float:
    """The chance that drawing one card bombs this hand out, over the cards this seat
    has not seen (the deck's make-up minus every card in sight)."""
    deck = sc.centran_deck() if view.options.deck == "centran" else sc.standard_deck()
    unseen = Counter(deck)
    seen: list[int] = list(view.hand) + list(view.discards)
    for seat in range(view.num_seats):
        revealed = view.revealed[seat] if seat != view.seat else None
        seen += list(revealed) if revealed is not None else list(view.fields[seat])
    for card in seen:
        if unseen[card] > 0:
            unseen[card] -= 1
    total = sum(unseen.values())
    if total == 0:
        return 0.0
    mine = list(view.my_cards)
    busts = sum(
        count
        for card, count in unseen.items()
        if count and rank_cards([*mine, card], view.values, view.options).bombed_out
    )
    return busts / total


def card_name(code: str) -> str:
    """A card's name in the player's language ("Mistress of Flasks", "フラスクのミストレス")."""
    if not code:
        return "?"
    card = card_art.parse_sabacc(code)
    if card.kind == "face":
        key = f"sabacc.card.{card.code}"
        name = i18n.t(key)
        return card.name if name == key else name
    suit = i18n.t(f"sabacc.suit.{card.suit}")
    if card.kind == "legate":
        return i18n.t("sabacc.card.legate", suit=suit)
    rank = i18n.t(f"sabacc.rank.{card.value}") if card.value >= 12 else str(card.value)
    return i18n.t("sabacc.card.suited", rank=rank, suit=suit)


_dim_cache: dict[int, pygame.Surface] = {}


def _dimmed(image: pygame.Surface) -> pygame.Surface:
    """A darker copy for folded seats (cached per source surface)."""
    key = id(image)
    out = _dim_cache.get(key)
    if out is None:
        out = image.copy()
        out.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_dim_cache) > 128:
            _dim_cache.clear()
        _dim_cache[key] = out
    return out


@functools.lru_cache(maxsize=16)
def padlock(size: int) -> pygame.Surface:
    """A small gold padlock, drawn by code: the locked mark where the word has no room."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, size * 4 // 9, size, size - size * 4 // 9)
    shackle = pygame.Rect(size // 5, 0, size - 2 * (size // 5), size * 8 // 9)
    pygame.draw.arc(image, tc.GOLD, shackle, 0, math.pi, max(1, size // 7))
    pygame.draw.line(image, tc.GOLD, (shackle.left, size // 2 - 1), (shackle.left, body.top),
                     max(1, size // 7))  # fmt: skip
    pygame.draw.line(image, tc.GOLD, (shackle.right - 1, size // 2 - 1),
                     (shackle.right - 1, body.top), max(1, size // 7))  # fmt: skip
    pygame.draw.rect(image, tc.GOLD, body, border_radius=max(1, size // 6))
    return image


class SabaccReplay(SabaccTable):
    """A hand from the history, stepped through with the table's own animations.

    Next (→) plays the next recorded event as the table played it; Previous (←) sets
    the table back by replaying the events before it instantly. The engine is never
    asked for anything: the events are already the ones the player saw.
    """

    name = "sabacc-replay"

    def __init__(self, app: App, record: history.HandRecord, events: list[Event]) -> None:
        seats = max(2, len(record.seats))
        chips = list(record.chips) if len(record.chips) == seats else [0] * seats
        config = QuickPlayConfig(
            preset=record.preset or "classic",
            opponents=("normal",) * (seats - 1),
            starting_chips=max(chips),
        )
        super().__init__(app, config, replay=True)
        self.record = record
        self.events = events
        self.shown = 0  # events played so far
        from game.scenes.history import shown_names

        self.names = shown_names(record) or [s.name for s in self.model.seats]
        self.start_chips = chips
        self._reset_model()
        self.mode = "replay"
        self.decision = ("replay",)
        self.current_specs = self._specs()

    def _reset_model(self) -> None:
        levels = [""] * len(self.names)
        self.model = TableModel(
            [
                SeatView(n, lv, c)
                for n, lv, c in zip(self.names, levels, self.start_chips, strict=True)
            ]
        )
        self.model.deck = len(self.state.deck)
        self.log = tc.GameLog()

    def _specs(self) -> list[tc.ActionSpec]:
        if self.mode != "replay":
            return super()._specs()
        self.stepper = None
        return [
            tc.ActionSpec(
                "previous",
                i18n.t("history.previous"),
                pygame.K_LEFT,
                "←",
                "",
                self.step_back,
            ),
            tc.ActionSpec(
                "next",
                i18n.t("history.next"),
                pygame.K_RIGHT,
                "→",
                "",
                self.step_forward,
                True,
            ),
            tc.ActionSpec("back", i18n.t("common.back"), None, "", "", self.app.pop),
        ]

    def update(self, dt: float) -> None:
        self.clock += dt
        self.queue.update(dt)  # the engine never moves: only recorded events play

    def step_forward(self) -> None:
        self.queue.finish_all()  # a quick reader skips the rest of the last animation
        if self.shown < len(self.events):
            self.play([self.events[self.shown]])
            self.shown += 1

    def step_back(self) -> None:
        target = max(0, self.shown - 1)
        self.queue.clear()
        self._reset_model()
        self.shown = 0
        self._catch_up_display(self.events[:target])
        self.shown = target

    def _catch_up_display(self, events: list[Event]) -> None:
        was_instant, was_muted = self.queue.instant, self.sounds.muted
        self.sounds.set_muted(True)
        self.queue.instant = True
        self.play(events)
        self.queue.instant = was_instant
        self.sounds.set_muted(was_muted)
        self.model.banner.alpha = 0.0

    def go_back(self) -> None:
        self.app.pop()

    def leave_table(self) -> None:
        self.app.pop()

    def _draw_prompt(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        from game.scenes.history import shown_label

        words = i18n.t(
            "history.step",
            number=self.shown,
            total=len(self.events),
            label=shown_label(self.record),
        )
        image = tc.fit(words, lay.table.width - lay.px(40), lay.font, tc.GOLD, bold=True)
        surface.blit(image, image.get_rect(center=(lay.table.centerx, lay.prompt_y)))

    def autoplay_step(self) -> None:
        """Under --autoplay: step to the end (a picture of the last step), then leave."""
        if self.app.frame % 6 or pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return
        key = "next" if self.shown < len(self.events) else "back"
        if key == "back":
            self.app.screenshot("sabacc-replay-end")
        button = self.bar.button(key)
        if button is not None:
            for event in click_events(button):
                pygame.event.post(event)


def create_replay(app: App, record: history.HandRecord) -> SabaccTable | None:
    """The hook ``game.scenes.history.make_replay`` calls."""
    try:
        events = record.events()
    except SerializeError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None
    return SabaccReplay(app, record, events)


def campaign_names(seat_ids: list[str]) -> list[str]:
    return [i18n.t("campaign.you") if s == PLAYER else CHARACTERS[s].name for s in seat_ids]


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
    config = tc.config_from_json(snapshot.table.get("config"))
    if not isinstance(snapshot.state, sb.SabaccState) or "chance" not in snapshot.rngs:
        raise SerializeError("the saved table is not a Sabacc table")
    return SabaccTable(app, config, resume=snapshot)
