"""Pieces every card table shares: cached text, the action bar, the bet stepper, the game
log, the hint box, banners, flights across the felt, the event router and phase shots.

A table scene (``game.scenes.<game>_table``) keeps the engine state, asks it for the
human's legal actions and shows them with an :class:`ActionBar` (plus a
:class:`BetStepper` for amounts). Engine events go through an :class:`EventRouter`, whose
handlers push steps onto a ``game.ui.tween.AnimationQueue``; those steps change the
scene's *display model*, which is all ``draw`` reads. Kinds nobody registered fall to
the router's fallback (the log), so a new engine event never crashes a table.

Everything here draws with cached surfaces: a frame only blits.

    bar = ActionBar(add_button)          # add_button: MenuScene.add_button
    bar.build(rect, [ActionSpec("fold", "Fold", pygame.K_f, "F", "Give up", fold)])
    bar.handle_key(event)                # a shortcut key presses its button
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from game import resources
from game.app import DESIGN_SIZE, UI_FONT_LANGUAGE, App
from game.rules.base import Event
from game.scenes.widgets import ButtonItem

# The drivers, the table configuration and their save format live in game.session (no
# pygame there); these names stay importable from here while the tables move over.
from game.session.config import _house_rules_from_json, config_from_json, config_to_json  # noqa: F401
from game.session.drivers import (  # noqa: F401
    QUICK_PLAY_LABEL,
    CampaignDriver,
    QuickDriver,
    TableDriver,
    decode_events,
)
from game.ui.tween import Sequence as StepSequence
from game.ui.tween import Tween, Wait

Colour = tuple[int, int, int]

INK = (243, 230, 200)
INK_DIM = (178, 162, 130)
GOLD = (242, 200, 106)
BRASS = (201, 161, 74)
PANEL = (22, 14, 9)
PANEL_EDGE = (140, 107, 62)
GOOD = (140, 224, 150)
BAD = (240, 110, 96)
CYAN = (110, 220, 240)


# ---------------------------------------------------------------------------- scale
def table_unit(app: App) -> float:
    """The layout unit of what a table draws itself (nameplates, pots, log, cards).

    The menus' unit (``App.scale``) stops growing at the size class of a 2048x1152
    window; a table keeps growing with the window, so at 2560x1440 or 4K it reads
    like the 1280x720 table, only sharper. The player's UI scale applies on top.
    """
    width, height = app.size
    window = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    return app.scale * max(1.0, window / app.base_scale)


# ----------------------------------------------------------------------------- text
@lru_cache(maxsize=4096)
def text(words: str, size: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
    """``words`` rendered once in the UI face (Noto Sans JP covers en/ja/es); shared surface."""
    font = resources.font(max(6, size), UI_FONT_LANGUAGE, bold)
    return font.render(words, True, colour)


def fit(
    words: str, max_width: int, size: int, colour: Colour = INK, bold: bool = False
) -> pygame.Surface:
    """``text`` at the largest size <= ``size`` that fits ``max_width`` (never cut off)."""
    surface = text(words, size, colour, bold)
    while surface.get_width() > max_width and size > 8:
        size = max(8, int(size * 0.9))
        surface = text(words, size, colour, bold)
    return surface


_WRAP_TOKENS = re.compile(r"\s+|[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+")


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``words`` into lines no wider than ``width``.

    Latin words break at spaces; Japanese breaks between characters (a mixed
    line like "Kessa Vrinが2に上げる。" does both) under the kinsoku rules of
    game.i18n.linebreak: 。、）」 and small kana never start a line, （「 never ends
    one. Where the break would fall on such a pair, the last characters of the line
    move down with it; a mark that cannot move hangs past the edge instead. A single
    word wider than the line is cut by character.
    """
    from game.i18n.linebreak import NO_LINE_END, NO_LINE_START

    font = resources.font(max(6, size), UI_FONT_LANGUAGE, bold)
    if font.size(words)[0] <= width:
        return [words]

    def fits(tokens: list[str]) -> bool:
        return font.size("".join(tokens).rstrip())[0] <= width

    def may_break(before: list[str], after: list[str]) -> bool:
        return (
            bool(before) and before[-1][-1] not in NO_LINE_END and after[0][0] not in NO_LINE_START
        )

    lines: list[str] = []
    line: list[str] = []
    for token in _WRAP_TOKENS.findall(words):
        if token.isspace():
            if line and not fits([*line, token]):
                lines.append("".join(line).rstrip())
                line = []
            elif line:
                line.append(token)
            continue
        if not line or fits([*line, token]):
            line.append(token)
            continue
        carried = [token]
        while line and not may_break(line, carried) and len(carried) < 3:
            carried.insert(0, line.pop())
        if line and may_break(line, carried):
            lines.append("".join(line).rstrip())
            line = carried
        else:
            line = [*line, *carried]  # nothing may move: the mark hangs
        while len(line) == 1 and font.size(line[0])[0] > width and len(line[0]) > 1:
            # One overlong word: cut it where it overflows.
            word = line[0]
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            lines.append(word[:cut])
            line = [word[cut:]]
    if "".join(line).strip():
        lines.append("".join(line).rstrip())
    return lines


@lru_cache(maxsize=256)
def pill(words: str, size: int, colour: Colour, fill: tuple[int, int, int, int]) -> pygame.Surface:
    """A rounded tag with ``words`` in it (seat status, hand names, chips owed)."""
    label = text(words, size, colour, bold=True)
    pad_x, pad_y = max(6, size // 2), max(2, size // 5)
    out = pygame.Surface(
        (label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y), pygame.SRCALPHA
    )
    radius = out.get_height() // 2
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, (*colour, 200), out.get_rect(), 1, border_radius=radius)
    out.blit(label, (pad_x, pad_y))
    return out


@lru_cache(maxsize=32)
def panel(size: tuple[int, int], radius: int = 10, alpha: int = 215) -> pygame.Surface:
    """A dark translucent box with a brass edge (log, hint, info)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (*PANEL, alpha), out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, PANEL_EDGE, out.get_rect(), 1, border_radius=radius)
    return out


_memo: dict[tuple[Any, ...], Any] = {}


def memo(fn: Callable[..., pygame.Surface], *args: Any) -> pygame.Surface:
    """``fn(*args)`` remembered by its positional arguments.

    game.ui's caches bind every call to its signature first (about 50 µs); a table
    blits dozens of cards, plates and chips per frame, so it asks here instead.
    """
    key = (fn, *args)
    hit = _memo.get(key)
    if hit is None:
        if len(_memo) > 4096:
            _memo.clear()
        hit = _memo[key] = fn(*args)
    return hit


# ----------------------------------------------------------------------- action bar
@dataclass(slots=True)
class ActionSpec:
    """One button of the action bar: a legal action (or group) the player may take now."""

    key: str  # stable id ("check", "bet", ...) so tests and autoplay find the button
    label: str
    shortcut: int | None  # a pygame key, or None
    shortcut_label: str  # what the player reads for the key ("C")
    tooltip: str
    on_press: Callable[[], object]
    primary: bool = False


class ActionBar:
    """The row of buttons for the human's legal actions — and only those.

    ``add_button`` is the scene's ``MenuScene.add_button`` so the buttons join the focus
    ring (Tab/arrows/Enter) and clicks arrive through pygame_gui like any other button.
    """

    def __init__(self, add_button: Callable[..., ButtonItem]) -> None:
        self._add_button = add_button
        self.specs: list[ActionSpec] = []
        self.items: dict[str, ButtonItem] = {}

    def build(
        self,
        rect: pygame.Rect,
        specs: Sequence[ActionSpec],
        measure: Callable[[str], int],
        gap: int = 10,
    ) -> None:
        """Lay ``specs`` out centred in ``rect``; buttons share the width if it is short."""
        self.specs = list(specs)
        self.items = {}
        if not self.specs:
            return
        labels = [self.caption(spec) for spec in self.specs]
        pad = rect.height // 2 + 8
        wanted = [measure(label) + 2 * pad for label in labels]
        total = sum(wanted) + gap * (len(wanted) - 1)
        if total > rect.width:
            # Too wide: give every button an equal share (the text was measured to fit
            # the widest label; the layout tests catch a share that is still too small).
            share = (rect.width - gap * (len(wanted) - 1)) // len(wanted)
            wanted = [share] * len(wanted)
            total = rect.width
        x = rect.centerx - total // 2
        for spec, label, width in zip(self.specs, labels, wanted, strict=True):
            item = self._add_button(
                pygame.Rect(x, rect.y, width, rect.height),
                label,
                spec.on_press,
                True,
                "#primary" if spec.primary else None,
            )
            if spec.tooltip:
                item.button.set_tooltip(spec.tooltip, delay=0.6)
            self.items[spec.key] = item
            x += width + gap

    @staticmethod
    def caption(spec: ActionSpec) -> str:
        return f"{spec.label}  [{spec.shortcut_label}]" if spec.shortcut_label else spec.label

    def button(self, key: str) -> UIButton | None:
        item = self.items.get(key)
        return item.button if item is not None else None

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A shortcut key presses its button (Shift and Ctrl combinations are left alone)."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        for spec in self.specs:
            if spec.shortcut is not None and event.key == spec.shortcut:
                spec.on_press()
                return True
        return False

    def elements(self) -> list[UIElement]:
        return [item.button for item in self.items.values()]


# ---------------------------------------------------------------------- bet stepper
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}
TYPING_SECONDS = 1.2  # digits typed within this time build one number ("1" then "0" = 10)


class BetStepper:
    """An amount between ``low`` and ``high`` with − and + buttons; the cap is shown.

    Keys: + / = raise by one, − lowers, digits type an amount (clamped to the range).
    """

    def __init__(self, low: int, high: int, value: int) -> None:
        self.low, self.high = low, max(low, high)
        self.value = max(self.low, min(self.high, value))
        self.minus: ButtonItem | None = None
        self.plus: ButtonItem | None = None
        self._typed = ""
        self._typed_age = 0.0
        self.listeners: list[Callable[[int], object]] = []

    def attach(self, minus: ButtonItem, plus: ButtonItem) -> None:
        self.minus, self.plus = minus, plus
        self._refresh()

    def set_range(self, low: int, high: int) -> None:
        self.low, self.high = low, max(low, high)
        self.set_value(self.value)

    def set_value(self, value: int) -> None:
        clamped = max(self.low, min(self.high, value))
        changed = clamped != self.value
        self.value = clamped
        self._refresh()
        if changed:
            for listener in self.listeners:
                listener(self.value)

    def step(self, delta: int) -> None:
        self._typed = ""
        self.set_value(self.value + delta)

    def _refresh(self) -> None:
        for item, enabled in (
            (self.minus, self.value > self.low),
            (self.plus, self.value < self.high),
        ):
            if item is None:
                continue
            item.enabled = enabled
            if enabled:
                item.button.enable()
            else:
                item.button.disable()

    def update(self, dt: float) -> None:
        self._typed_age += dt

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in PLUS_KEYS:
            self.step(1)
            return True
        if event.key in MINUS_KEYS:
            self.step(-1)
            return True
        if event.key in DIGIT_KEYS:
            if self._typed_age > TYPING_SECONDS:
                self._typed = ""
            self._typed = (self._typed + str(DIGIT_KEYS[event.key]))[-3:]
            self._typed_age = 0.0
            self.set_value(int(self._typed))
            return True
        return False

    def elements(self) -> list[UIElement]:
        return [item.button for item in (self.minus, self.plus) if item is not None]


# ------------------------------------------------------------------------- game log
class GameLog:
    """A scrolling list of what happened, newest at the bottom; the wheel scrolls back.

    The panel is drawn to a cached surface and redrawn only when a line arrives, the
    view scrolls or the rect changes.
    """

    def __init__(self, limit: int = 300) -> None:
        self.lines: list[tuple[str, Colour]] = []
        self.limit = limit
        self.scroll = 0  # lines scrolled back from the newest
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[Any, ...] = ()

    def add(self, line: str, colour: Colour = INK) -> None:
        self.lines.append((line, colour))
        if len(self.lines) > self.limit:
            del self.lines[: len(self.lines) - self.limit]
        self.scroll = 0
        self._cache = None

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + lines))
        self._cache = None

    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(event.y * 2)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int, title: str) -> None:
        key = (rect.size, size, title, len(self.lines), self.scroll)
        if self._cache is None or key != self._cache_key:
            self._cache = self._render(rect.size, size, title)
            self._cache_key = key
        surface.blit(self._cache, rect)

    def _render(self, box: tuple[int, int], size: int, title: str) -> pygame.Surface:
        out = panel(box).copy()
        pad = max(6, size // 2)
        heading = text(title, size, GOLD, bold=True)
        out.blit(heading, (pad, pad // 2))
        top = pad // 2 + heading.get_height() + 2
        pygame.draw.line(out, PANEL_EDGE, (pad, top), (box[0] - pad, top))
        line_h = resources.font(size, UI_FONT_LANGUAGE).get_linesize()
        y = box[1] - pad
        end = len(self.lines) - self.scroll
        for words, colour in reversed(self.lines[max(0, end - 60) : end]):
            wrapped = wrap(words, size, box[0] - 2 * pad)
            if y - line_h * len(wrapped) < top + 2:
                break  # show whole entries only, never the tail of a cut one
            for part in reversed(wrapped):
                y -= line_h
                out.blit(text(part, size, colour), (pad, y))
        if self.scroll:
            more = text("▼", size, GOLD)
            out.blit(more, more.get_rect(bottomright=(box[0] - pad, box[1] - 2)))
        return out


def draw_text_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    lines: Sequence[tuple[str, Colour]],
    size: int,
    cache: dict[tuple[Any, ...], pygame.Surface],
) -> None:
    """A titled panel of wrapped lines (the hint box), cached by its content."""
    key = (rect.size, title, tuple(lines), size)
    image = cache.get(key)
    if image is None:
        image = panel(rect.size).copy()
        pad = max(6, size // 2)
        heading = text(title, size, GOLD, bold=True)
        image.blit(heading, (pad, pad // 2))
        y = pad // 2 + heading.get_height() + 4
        line_h = resources.font(size, UI_FONT_LANGUAGE).get_linesize()
        for words, colour in lines:
            for part in wrap(words, size, rect.width - 2 * pad):
                if y + line_h > rect.height - 2:
                    break
                image.blit(text(part, size, colour), (pad, y))
                y += line_h
        cache.clear()  # one hint on screen at a time
        cache[key] = image
    surface.blit(image, rect)


# -------------------------------------------------------------------------- banners
@dataclass(slots=True)
class Banner:
    """A big centred message ("Pure Sabacc!", "Sudden Demise!") that fades in and out."""

    title: str = ""
    subtitle: str = ""
    colour: Colour = GOLD
    alpha: float = 0.0

    def steps(self, title: str, subtitle: str, colour: Colour, hold: float) -> StepSequence:
        def start() -> None:
            self.title, self.subtitle, self.colour = title, subtitle, colour

        def fade(p: float) -> None:
            self.alpha = p

        def out(p: float) -> None:
            self.alpha = 1.0 - p

        return StepSequence(
            Tween(0.0, None, on_finish=start),
            Tween(0.22, fade, "ease-out"),
            Wait(hold),
            Tween(0.28, out, "ease-in"),
        )

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], size: int, width: int) -> None:
        if self.alpha <= 0.01 or not self.title:
            return
        image = _banner_image(self.title, self.subtitle, self.colour, size, width)
        if self.alpha < 0.99:
            image = image.copy()
            image.set_alpha(round(255 * self.alpha))
        surface.blit(image, image.get_rect(center=centre))


@lru_cache(maxsize=32)
def _banner_image(
    title: str, subtitle: str, colour: Colour, size: int, width: int
) -> pygame.Surface:
    big = fit(title, width - 2 * size, size, colour, bold=True)
    small = fit(subtitle, width - 2 * size, max(10, size // 2), INK) if subtitle else None
    h = big.get_height() + (small.get_height() + 4 if small else 0) + size
    w = min(width, max(big.get_width(), small.get_width() if small else 0) + 2 * size)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (12, 8, 5, 225), out.get_rect(), border_radius=h // 4)
    pygame.draw.rect(out, colour, out.get_rect(), 2, border_radius=h // 4)
    out.blit(big, big.get_rect(midtop=(w // 2, size // 2)))
    if small is not None:
        out.blit(small, small.get_rect(midtop=(w // 2, size // 2 + big.get_height() + 4)))
    return out


# -------------------------------------------------------------------------- flights
@dataclass(slots=True)
class Flight:
    """Something travelling across the table (a card, some chips) between two anchors.

    Anchors are names the scene resolves to points every frame (``("seat", 2)``,
    ``("pot", "hand")``), so a flight in the air survives a window resize.
    """

    image: Callable[[], pygame.Surface]
    source: tuple[Any, ...]
    target: tuple[Any, ...]
    progress: float = 0.0
    lift: float = 0.12  # how high the arc rises, as a share of the distance


def flight_point(
    start: tuple[float, float], end: tuple[float, float], p: float, lift: float
) -> tuple[float, float]:
    """A point on a shallow arc from ``start`` to ``end`` (cards are tossed, not slid)."""
    x = start[0] + (end[0] - start[0]) * p
    y = start[1] + (end[1] - start[1]) * p
    distance = math.hypot(end[0] - start[0], end[1] - start[1])
    return (x, y - math.sin(math.pi * p) * distance * lift)


def fly(
    flights: list[Flight], flight: Flight, duration: float, on_land: Callable[[], object] | None
) -> Tween:
    """A tween that moves ``flight`` along its arc and removes it when it lands."""

    def move(p: float) -> None:
        flight.progress = p
        if flight not in flights:
            flights.append(flight)

    def land() -> None:
        if flight in flights:
            flights.remove(flight)
        if on_land is not None:
            on_land()

    return Tween(duration, move, "ease-in-out", land)


# ---------------------------------------------------------------------- event router
class EventRouter:
    """Sends each engine event to the handler registered for its kind (class name).

    Unregistered kinds go to ``fallback`` (the game log), so events from a preset the
    table does not know yet are shown rather than crashing it.
    """

    def __init__(self, fallback: Callable[[Event], object]) -> None:
        self.handlers: dict[str, Callable[[Any], object]] = {}
        self.fallback = fallback

    def on(self, kind: str, handler: Callable[[Any], object]) -> None:
        self.handlers[kind] = handler

    def route(self, event: Event) -> None:
        handler = self.handlers.get(event.kind)
        if handler is None:
            self.fallback(event)
        else:
            handler(event)


def describe_event(event: Event) -> str:
    """A plain fallback description of any event: its kind and fields."""
    try:
        fields_text = ", ".join(f"{k}={v}" for k, v in event.to_dict().items() if k != "kind")
    except TypeError:
        fields_text = ""
    return f"{event.kind}({fields_text})"


# ------------------------------------------------------------------- AI off the loop
class BackgroundChoice:
    """Runs a computer player's ``choose`` on a worker thread, one at a time.

    A searching AI can take longer than a frame; run in the frame it would freeze the
    table. The worker computes while the seat "thinks" on screen (the frame loop
    sleeps most of each frame, so the worker gets the time). Engines are pure and
    views immutable, so the worker touches nothing the frame loop draws. With
    ``synchronous`` (tests, "instant" speed) the call runs at once in the caller.
    """

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None
        self.key: Any = None

    def start(
        self, key: Any, fn: Callable[..., Any], *args: Any, synchronous: bool = False
    ) -> None:
        """Begin computing ``fn(*args)`` for ``key`` (a no-op if ``key`` is already running)."""
        if self.key == key and self._future is not None:
            return
        self.key = key
        if synchronous:
            future: Future[Any] = Future()
            try:
                future.set_result(fn(*args))
            except Exception as error:  # delivered by result(), like a thread's
                future.set_exception(error)
            self._future = future
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-ai")
        self._future = self._pool.submit(fn, *args)

    def ready(self, key: Any) -> bool:
        return self.key == key and self._future is not None and self._future.done()

    def take(self) -> Any:
        """The finished result (re-raising the player's exception); clears the slot."""
        assert self._future is not None
        future, self._future, self.key = self._future, None, None
        return future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._future, self.key = None, None


# ---------------------------------------------------------------------- phase shots
@dataclass(slots=True)
class PhaseShots:
    """Screenshots of each phase of a hand under ``--screenshots`` (once per phase per hand).

    ``request(phase)`` marks a phase; the picture is saved by ``flush()`` on a later
    frame, after the frame showing that phase has been drawn (the autoplay hook runs
    before drawing, so saving at once would catch the previous frame).
    """

    app: App
    prefix: str
    unit: int = 0
    taken: set[str] = field(default_factory=set)
    pending: list[tuple[str, int]] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)

    def new_unit(self, unit: int) -> None:
        self.unit = unit
        self.taken = set()

    def request(self, phase: str) -> None:
        if self.app.options.screenshots is None or phase in self.taken:
            return
        self.taken.add(phase)
        self.pending.append((phase, self.app.frame))

    def flush(self) -> None:
        # pygame_gui draws a new button only after its first update: wait two frames.
        while self.pending and self.pending[0][1] + 1 < self.app.frame:
            phase, _ = self.pending.pop(0)
            path = self.app.screenshot(f"{self.prefix}-{self.unit}-{phase}")
            if path is not None:
                self.saved.append(path.name)


# ------------------------------------------------------------------- engine drivers
#: Lines whose subject is not ``seat``: (who acts, who is acted on).
LINE_ROLES: dict[str, tuple[str, str]] = {
    "sabacc.log.hand": ("dealer", ""),
    "brag.log.paid": ("payer", "payee"),
    "nh.log.challenge": ("dealer", "seat"),
}


def personal(key: str, you: str, **params: Any) -> str:
    """``i18n.t(key)``, or its second-person form when the line is about the player:
    ``<key>_you`` when they act ("You raise to 7." rather than "You raises to 7."),
    ``<key>_to_you`` when they are acted on ("Tesk paid you 4 chips.").

    Who acts is ``seat`` unless LINE_ROLES says otherwise. A catalog without the form
    falls back to the plain line.
    """
    from game import i18n

    subject, target = LINE_ROLES.get(key, ("seat", ""))
    variant = ""
    if params.get(subject) == you:
        variant = f"{key}_you"
    elif target and params.get(target) == you:
        variant = f"{key}_to_you"
    if variant:
        words = i18n.t(variant, **params)
        if words != variant:
            return words
    return i18n.t(key, **params)
