"""The application shell: window, one pygame_gui UIManager, a scene stack, the frame loop.

Scene lifecycle (after Tuxemon's StateManager):
- ``push(scene)``: the current top is ``pause()``d, the new scene is ``resume()``d.
- ``pop()``: the top is ``shutdown()``, the scene below is ``resume()``d.
- ``replace(scene)``: the top is ``shutdown()``, the new scene is ``resume()``d.
Each frame the top scene gets ``process_event`` for every event (returning the event
when it did not consume it), then ``update(dt)``, then ``draw(surface)`` which only draws.
"""

from __future__ import annotations

import json
import logging
import math
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import i18n, resources
from game.storage.files import StorageError
from game.storage.settings import LoadResult, Settings, load_settings, save_settings
from game.ui import frame_gate
from game.ui.gui_manager import UI_FONT_LANGUAGE, make_manager
from game.ui.notices import draw_notices

log = logging.getLogger("sabacc.app")

FPS = 60
MIN_WINDOW = (960, 600)
# A window the window manager makes narrower or taller than this (a tiling manager, a
# phone-shaped screen) shows the game letterboxed at this aspect instead.
ASPECT_RANGE = (1.25, 2.4)  # 5:4 to 21:9; the tables are laid out for landscape
# At rest (the top scene says when its picture next changes, no input for REST_AFTER
# seconds) the loop sleeps until an input or that change, waking at least every
# REST_TICK seconds to run the scenes' timers, and draws only when something changed.
REST_AFTER = 1.25  # covers pygame_gui's hover fades and its 1 s tooltip delay
REST_TICK = 0.5
MAX_DT = 0.1  # the longest step a frame's animations take (a hitch is not a jump)
# Whole frames drawn after the top scene's picture last changed: pygame_gui shows a
# button built in an update only after its own next update.
SETTLE_FRAMES = 2
DESIGN_SIZE = (1280, 720)
NOTICE_SECONDS = 5.0
# Every scene is verified (tests/scenes/test_layout.py) to fit a window this many layout
# units wide and tall; a larger UI scale is held back to what the window has room for.
LAYOUT_ROOM = (1000, 600)
#: Caches of rendered text that die with pygame.quit(): a module keeping one adds its
#: clearing here (the app imports no scene module to clear it).
CLEAR_ON_CLOSE: list[Callable[[], None]] = []


@dataclass(slots=True)
class AppOptions:
    """What the command line asked for; defaults open the window at the title."""

    autoplay: bool = False
    game: str = "sabacc"
    preset: str = "classic"
    hands: int | None = None
    games: int | None = None
    deals: int | None = None
    headless: bool = False
    screenshots: Path | None = None
    frame_stats: Path | None = None
    lang: str | None = None
    seed: int | None = None
    campaign: bool = False
    resume: bool = False  # --autoplay --resume: play on from the saved quick-play hand
    finale: bool = False  # --autoplay --campaign --finale: a fresh journey's last venue
    tutorial: str | None = None  # --tutorial GAME: open at that game's coached hand
    settings_file: Path | None = None  # tests point this at tmp_path
    max_frames: int | None = None  # a safety stop for autoplay runs

    def rounds(self) -> int:
        """Hands / games / deals to play, whichever applies to the chosen game."""
        from game import games

        chosen: int | None = getattr(self, games.get(self.game).unit)
        return chosen if chosen is not None else 1


class Scene:
    """Base class for everything on the scene stack. Override what you need."""

    name = "scene"
    #: Overlays (pause menu, confirmations) let the scene below be drawn first.
    transparent = False

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """The scene became the top of the stack (first time or after a pop)."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def shutdown(self) -> None:
        """The scene leaves the stack for good: release UI elements here."""

    def recreate_ui(self) -> None:
        """The window size, language or UI scale changed: rebuild layouts."""

    def destroy_ui(self) -> None:
        """Kill UI elements before the App swaps its UIManager."""

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this scene's own graphics (the UIManager draws widgets afterwards)."""

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """Draw what goes over this scene's widgets (the top scene's only): the fade
        where a scrolling sheet of rows meets its edges, say."""

    def redraw_in(self) -> float:
        """Seconds until this scene looks different when no input arrives, asked after
        each ``update``: 0 while anything of its own moves or is about to (a tween, a
        timer, a computer's move, an engine step: every frame is drawn), ``math.inf``
        when only input can change it (the App then sleeps until an event). The App
        draws the frame after the last 0 by itself (the picture the table settled on),
        and after any input."""
        return 0.0

    def picture_key(self) -> object:
        """A cheap signature of what this scene shows apart from its own timed
        animations (whose turn, the phase, the controls, the log...): when it differs
        from the last frame drawn, the App draws the whole window at once, whatever
        ``redraw_in`` said. None: the scene has none."""
        return None

    def animated_rects(self) -> list[pygame.Rect] | None:
        """Where a frame drawn at rest (see redraw_in) differs from the one before: the
        App then sends only these rects to the screen. None: the whole window."""
        return None

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """What a notice ("Achievement: …") must not cover on this screen: a table's
        result, its banner, its plates and controls. The App keeps clear of every
        visible button on its own; the notices go to the first free spot (bottom
        centre, a bottom corner, then the top)."""
        return []

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        """Synthetic input events the autoplay driver posts next (empty: wait)."""
        return []


@dataclass(slots=True)
class FrameStats:
    """Milliseconds spent per frame on events + update + draw, never the cap's sleep."""

    frame_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        times = sorted(self.frame_ms)
        if not times:
            return {"frames": 0, "p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}

        def pct(p: float) -> float:
            index = min(len(times) - 1, max(0, round(p / 100 * len(times)) - 1))
            return round(times[index], 3)

        return {
            "frames": len(times),
            "p50_ms": round(statistics.median(times), 3),
            "p95_ms": pct(95),
            "p99_ms": pct(99),
            "max_ms": round(times[-1], 3),
        }


def build_theme(settings: Settings, scale: float) -> dict[str, Any]:
    """The pygame_gui theme: assets/theme.json with font sizes scaled and, per language,
    the Noto face that has the glyphs (Noto Sans JP for Japanese)."""
    theme: dict[str, Any] = resources.read_json("theme.json")
    if settings.high_contrast:
        overrides = theme.pop("@high_contrast", {})
        for block, colours in overrides.items():
            theme.setdefault(block, {}).setdefault("colours", {}).update(colours)
    else:
        theme.pop("@high_contrast", None)
    for block in theme.values():
        misc = block.get("misc") if isinstance(block, dict) else None
        if isinstance(misc, dict) and "rect_width" in misc:  # tooltips: lines, not a column
            misc["rect_width"] = str(round(int(misc["rect_width"]) * scale))
        if isinstance(misc, dict) and "title_bar_height" in misc:  # a window's title
            misc["title_bar_height"] = str(round(int(misc["title_bar_height"]) * scale))
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict):
            continue
        size = str(max(10, round(int(font.get("size", "16")) * scale)))
        entries = []
        for language in i18n.LANGUAGES:
            # Noto Sans JP also covers Latin-1, so one face shows all three languages and
            # the language selector can name each language in its own script.
            entries.append(
                {
                    **font,
                    "name": "noto_sans_jp",
                    "size": size,
                    "locale": language,
                    "regular_path": resources.font_file("ja", bold=False),
                    "bold_path": resources.font_file("ja", bold=True),
                    "italic_path": resources.font_file("ja", bold=False),
                    "bold_italic_path": resources.font_file("ja", bold=True),
                }
            )
        block["font"] = entries
    return theme


class App:
    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        loaded = self._load_settings()
        self.settings = loaded.settings
        self.notices: list[tuple[str, float]] = []
        language = self.options.lang or self.settings.language
        i18n.set_language(language)  # first: the settings' notices speak it too
        for problem in loaded.problems:
            self.notify(i18n.t("notice.settings_problem", detail=problem))

        pygame.init()
        from game.ui import gui_shapes

        gui_shapes.install()  # pygame_gui's button backgrounds drawn once, at any size
        frame_gate.install()  # a worker's imports wait while a frame is drawn
        # Computer players think on a worker thread; a short GIL switch
        # interval lets the frame loop take the GIL back within a millisecond
        # instead of the default five, so thinking never stalls a frame.
        sys.setswitchinterval(0.0005)
        self.audio_available = _start_audio()
        # The window icon is drawn by our code (no image files to ship).
        from game.ui.icon import draw_icon

        pygame.display.set_icon(draw_icon(64))
        if pygame.display.get_driver() == "x11":
            # SDL's default on X11 puts the window surface through a renderer (on a
            # machine without a GPU driver, software OpenGL): 10+ ms of CPU for every
            # frame shown at 1080p, even for an 8x8 update. The plain X11 framebuffer
            # (shared memory) shows a frame for a fraction of a millisecond.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # set_mode is called once: with pygame-ce the window's surface follows every
        # resize by itself, and a second set_mode would free the surface that code
        # holding on to it then blits to. Fullscreen goes through the Window object.
        width, height = self.settings.window_size
        pygame.display.set_mode(
            (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])), pygame.RESIZABLE
        )
        self.window = _display_window()
        if self.window is not None:
            self.window.minimum_size = MIN_WINDOW
        self._canvas: pygame.Surface | None = None  # see frame_surface
        self._view = pygame.Rect(0, 0, 0, 0)
        self._laid_out = (0, 0)
        self.minimised = False
        self._pending: list[pygame.event.Event] = []
        self._last_activity = time.perf_counter()
        # When the top scene's picture next changes (see Scene.redraw_in), as it said
        # after the last frame; the picture_key it was last drawn with; the seconds the
        # loop last slept waiting for input (they count in the next frame's dt).
        self._due = -math.inf
        self._drawn_key: object = _MOVING
        self._slept = 0.0
        self._settle = 0  # whole frames still to draw after a change (SETTLE_FRAMES)
        self._partial: list[pygame.Rect] | None = None  # where a frame at rest moves
        self.step_started = time.perf_counter()  # when the frame being made began
        self._send: list[pygame.Rect] | None = None  # what flip() shows (None: all)
        if self.settings.fullscreen:
            self._set_fullscreen(True)
        self._sync_view()
        self._laid_out = self.size
        pygame.display.set_caption(i18n.t("app.title"))
        log.info(
            "window %dx%d (%s), language %s, sound %s",
            *self.window_size,
            pygame.display.get_driver(),
            i18n.get_language(),
            "on" if self.audio_available else "unavailable",
        )
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frame = 0
        self.stats = FrameStats()
        self.manager = self._make_manager()
        self.frame_hooks: list[Callable[[App, float], None]] = []
        self.screenshot_count = 0
        self.autoplay_finished = False  # set by the results scene under --autoplay
        # --autoplay --campaign: the journey's hands when the run began, and at the
        # last table left (game.scenes.kit.autoplay.autoplay_rounds_left)
        self.autoplay_campaign_start: int | None = None
        self.autoplay_last_hands: int | None = None
        i18n.add_listener(self._on_language)

    # ----------------------------------------------------------- settings & audio
    def _load_settings(self) -> LoadResult:
        return load_settings(self.options.settings_file)

    def save_settings(self) -> bool:
        """Persist settings; on a read-only disk tell the player and carry on."""
        try:
            save_settings(self.settings, self.options.settings_file)
        except StorageError as error:
            self.notify(i18n.t("notice.settings_not_saved", detail=str(error)))
            return False
        return True

    # ------------------------------------------------------------------- layout
    @property
    def window_size(self) -> tuple[int, int]:
        """The window's size in pixels now (it may differ from ``size``, see frame_surface)."""
        display = pygame.display.get_surface()
        return display.get_size() if display is not None else self._laid_out

    @property
    def size(self) -> tuple[int, int]:
        """The size every scene lays out for: the window, or the canvas standing in for
        a window smaller than MIN_WINDOW or of an odd shape."""
        return self._canvas.get_size() if self._canvas is not None else self.window_size

    @property
    def screen(self) -> pygame.Surface:
        """The surface scenes draw on this frame. Fetched anew every time: never keep it
        across frames (a resize or fullscreen switch may replace it)."""
        if self._canvas is not None:
            return self._canvas
        display = pygame.display.get_surface()
        if display is None:  # after close(): draw nowhere rather than crash
            return pygame.Surface(self._laid_out or MIN_WINDOW)
        return display

    def _sync_view(self) -> None:
        """Choose how the window shows the game. A window at least MIN_WINDOW, of a sane
        aspect and a 24/32-bit format is drawn on directly. Otherwise scenes draw on a
        32-bit canvas at least MIN_WINDOW in size, which is scaled into the window
        (letterboxed when the window's aspect is outside ASPECT_RANGE)."""
        display = pygame.display.get_surface()
        if display is None:
            return
        width, height = display.get_size()
        width, height = max(1, width), max(1, height)
        view_w, view_h = width, height
        if width / height > ASPECT_RANGE[1]:
            view_w = max(1, round(height * ASPECT_RANGE[1]))
        elif width / height < ASPECT_RANGE[0]:
            view_h = max(1, round(width / ASPECT_RANGE[0]))
        view = pygame.Rect(0, 0, view_w, view_h)
        view.center = (width // 2, height // 2)
        factor = max(1.0, MIN_WINDOW[0] / view_w, MIN_WINDOW[1] / view_h)
        canvas = (math.ceil(view_w * factor - 1e-6), math.ceil(view_h * factor - 1e-6))
        direct = view.size == (width, height) and factor == 1.0
        if direct and display.get_bitsize() in (24, 32):
            self._canvas = None
        elif self._canvas is None or self._canvas.get_size() != canvas:
            # 32 bits whatever the display's format (a 30-bit screen: pygame.draw
            # cannot draw on it).
            self._canvas = pygame.Surface(canvas, 0, 32)
        self._view = view

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position (the mouse's) in the coordinates scenes lay out in."""
        if self._canvas is None:
            return int(pos[0]), int(pos[1])
        view = self._view
        width, height = self._canvas.get_size()
        return (
            int((pos[0] - view.x) * width / max(1, view.width)),
            int((pos[1] - view.y) * height / max(1, view.height)),
        )

    def mouse_pos(self) -> tuple[int, int]:
        """``pygame.mouse.get_pos()`` in the coordinates scenes lay out in."""
        return self.to_canvas(pygame.mouse.get_pos())

    def _present(self) -> None:
        """Put the canvas (when there is one) on the window."""
        if self._canvas is None:
            return
        display = pygame.display.get_surface()
        if display is None:
            return
        view = self._view
        if view.size != display.get_size():
            display.fill((0, 0, 0))
        if view.size == self._canvas.get_size():
            display.blit(self._canvas, view)
        else:
            display.blit(pygame.transform.smoothscale(self._canvas, view.size), view)

    @property
    def base_scale(self) -> float:
        """The layout unit at UI scale 100%: the window's size class. It grows with the
        window without a cap, so a 4K screen shows the 1280x720 layout, only sharper."""
        width, height = self.size
        window = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
        return max(0.8, window)

    @property
    def scale(self) -> float:
        """Layout and font scale: the player's UI scale times the window's size class,
        but never so large that the window holds fewer than LAYOUT_ROOM layout units
        (past that, menus and tables would run off the window)."""
        width, height = self.size
        base = self.base_scale
        room = min(width / LAYOUT_ROOM[0], height / LAYOUT_ROOM[1])
        return min(self.settings.ui_scale * base, max(base, room))

    @property
    def effective_ui_scale(self) -> float:
        """The UI scale the player actually gets in this window (1.0 = 100%)."""
        return self.scale / self.base_scale

    def _make_manager(self) -> pygame_gui.UIManager:
        self.theme = build_theme(self.settings, self.scale)
        return make_manager(self, self.size, self.theme)

    def font_for(self, block: str) -> pygame.font.Font:
        """The font pygame_gui uses for theme ``block`` (to measure or draw text alike)."""
        entries = self.theme.get(block, {}).get("font") or self.theme["button"]["font"]
        language = i18n.get_language()
        entry = next((e for e in entries if e["locale"] == language), entries[0])
        return resources.font(int(entry["size"]), UI_FONT_LANGUAGE, entry.get("bold", "0") == "1")

    def rebuild_ui(self) -> None:
        """Throw the widgets away and build them again for the new size/language/scale."""
        for scene in self.stack:
            scene.destroy_ui()
        self.manager.clear_and_reset()
        self.manager = self._make_manager()
        for scene in self.stack:
            scene.recreate_ui()

    def _on_language(self, language: str) -> None:
        pygame.display.set_caption(i18n.t("app.title"))
        log.info(
            "window %dx%d (%s), language %s, sound %s",
            *self.window_size,
            pygame.display.get_driver(),
            i18n.get_language(),
            "on" if self.audio_available else "unavailable",
        )
        self.rebuild_ui()

    def set_window_size(self, size: tuple[int, int]) -> None:
        if self.settings.fullscreen:
            return
        width, height = max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])
        if self.window is not None:
            self.window.size = (width, height)
        self.sync_size()

    def _set_fullscreen(self, fullscreen: bool) -> bool:
        if self.window is None:
            return False
        try:
            if fullscreen:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                width, height = self.settings.window_size
                self.window.size = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))
        except pygame.error as error:
            self.notify(i18n.t("notice.display_error", detail=str(error)))
            return False
        return True

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self._set_fullscreen(self.settings.fullscreen)
        self.sync_size()

    def sync_size(self) -> None:
        """Lay the scenes out again if the window's size changed since the last layout."""
        self._sync_view()
        if self.size != self._laid_out:
            self._laid_out = self.size
            self.rebuild_ui()
        self.wake()

    def wake(self) -> None:
        """Something changed: draw every frame again for a while."""
        self._last_activity = time.perf_counter()

    # --------------------------------------------------------------- the stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        log.debug("scene %s pushed", scene.name)
        scene.resume()
        self.wake()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.shutdown()
        self.wake()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().shutdown()
        self.stack.append(scene)
        scene.resume()
        self.wake()

    def pop_until(self, scene: Scene) -> None:
        """Pop overlays until ``scene`` is on top (it is resumed, not shut down)."""
        while self.stack and self.stack[-1] is not scene:
            self.stack.pop().shutdown()
            if self.stack and self.stack[-1] is scene:
                scene.resume()

    def open(self, name: str, *args: Any, replace: bool = False, **kwargs: Any) -> Scene | None:
        """Open the screen registered as ``name`` (game.scenes.screens), built with
        ``args``: pushed, or with ``replace`` in place of the top; a menu is built over a
        few frames and a table through its opening, as the screen's entry says. Returns
        the scene opened, or None when nothing opened (a save that no longer loads)."""
        from game.scenes.screens import open_screen

        return open_screen(self, name, *args, replace=replace, **kwargs)

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    # ---------------------------------------------------------------- notices
    def notify(self, text: str) -> None:
        """A short message at the bottom of the window (saving failed, file moved aside)."""
        log.info("notice: %s", text)
        self.notices.append((text, NOTICE_SECONDS))
        self.wake()

    def _draw_notices(self, surface: pygame.Surface) -> None:
        if self.notices:
            draw_notices(surface, self.notices, self.scale, self.notice_keep_clear())

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """What the notices must not cover: the visible scenes' own rects (see
        ``Scene.notice_keep_clear``) and every visible button."""
        if not self.stack:
            return []
        top = self.stack[-1]
        scenes = [top]
        if top.transparent:
            base = next((s for s in reversed(self.stack) if not s.transparent), None)
            if base is not None:
                scenes.insert(0, base)
        rects = [rect for scene in scenes for rect in scene.notice_keep_clear()]
        for element in self.manager.get_sprite_group().sprites():
            if isinstance(element, pygame_gui.elements.UIButton) and element.visible:
                rects.append(pygame.Rect(element.get_abs_rect()))
        return rects

    # ------------------------------------------------------------------- frames
    def screenshot(self, label: str) -> Path | None:
        """Save the current frame when --screenshots is on (scenes call this per phase)."""
        folder = self.options.screenshots
        if folder is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        self.screenshot_count += 1
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in label)
        path = folder / f"{self.screenshot_count:03d}-{safe}.png"
        display = pygame.display.get_surface()
        pygame.image.save(display if display is not None else self.screen, str(path))
        return path

    def handle_event(self, event: pygame.event.Event) -> None:
        self.wake()
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            # The window's surface has already followed the resize: no set_mode here.
            width, height = self.window_size
            if not self.settings.fullscreen and width >= MIN_WINDOW[0] and height >= MIN_WINDOW[1]:
                self.settings.window_size = (width, height)
            self.sync_size()
            return
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.minimised = True
        elif event.type in (
            pygame.WINDOWRESTORED,
            pygame.WINDOWSHOWN,
            pygame.WINDOWEXPOSED,
            pygame.WINDOWMAXIMIZED,
        ):
            self.minimised = False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        scene = self.top
        if scene is None:
            return
        # pygame_gui's own notifications (button pressed...) must reach the scene even
        # though the manager "consumed" the mouse click that produced them.
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        if self._canvas is not None and hasattr(event, "pos"):
            # pygame_gui maps window positions itself (_Manager); scenes get them mapped.
            attributes = dict(event.dict)
            attributes["pos"] = self.to_canvas(event.pos)
            event = pygame.event.Event(event.type, attributes)
        scene.process_event(event)

    def may_rest(self) -> bool:
        """Whether the loop may skip frames when nothing changes, draw only what moves
        and sleep while it waits: everywhere, autoplay and tests included, but with
        --frame-stats (whose figures are the cost of drawing every frame)."""
        return self.options.frame_stats is None

    def needs_frame(self) -> bool:
        """Whether this frame must be drawn (asked after the update; see _must_draw)."""
        scene = self.top
        if scene is None:
            return True
        wait = scene.redraw_in()
        return self._must_draw(wait, scene.picture_key() if wait > 0 else _MOVING)

    def _must_draw(self, wait: float, key: object) -> bool:
        """After input, with notices up, when the top scene moves (``wait``, its
        redraw_in, is 0), when the change it announced is due (the frames after its
        last move included: SETTLE_FRAMES) or when its picture_key changed."""
        if not self.may_rest():
            return True
        if self.minimised:
            return False
        now = time.perf_counter()
        if self.notices or now - self._last_activity < REST_AFTER or not self.stack:
            return True
        return wait <= 0 or now >= self._due or key != self._drawn_key

    def rest_for(self) -> float:
        """Seconds the loop may sleep waiting for input before the next frame (0: none):
        until the top scene's next change, at most REST_TICK (timers keep running).
        Under --autoplay, none: its inputs come every few frames."""
        if not self.may_rest() or not self.running or self.options.autoplay:
            return 0.0
        if self.minimised:
            return REST_TICK
        now = time.perf_counter()
        if self.notices or not self.stack:
            return 0.0
        if self._last_activity + REST_AFTER - now > 0:
            return 0.0
        return max(0.0, min(REST_TICK, self._due - now))

    def rest(self, seconds: float) -> None:
        """Sleep until an event arrives or ``seconds`` pass (the event is kept for step).
        A sleep that ran its course counts in the next frame's dt (see run): the scene's
        timers reach the change it announced. One cut short by input does not: what
        the input starts begins at its first frame, not part-way through."""
        self._slept = 0.0
        if seconds <= 0:
            return
        started = time.perf_counter()
        event = pygame.event.wait(max(1, round(seconds * 1000)))
        if event.type != pygame.NOEVENT:
            self._pending.append(event)
            return
        self._slept = max(0.0, time.perf_counter() - started)

    def step(self, dt: float) -> bool:
        """One frame: events, update, and the draw when it is needed (returns whether it
        drew). The loop times exactly this."""
        self.step_started = time.perf_counter()  # work spread over frames reads it
        events, self._pending = [*self._pending, *pygame.event.get()], []
        for event in events:
            self.handle_event(event)
            if not self.running:
                return False
        self._sync_view()
        if self.size != self._laid_out:
            self.sync_size()  # a resize whose event has not arrived (yet)
        for hook in list(self.frame_hooks):
            hook(self, dt)
        self.manager.update(dt)
        scene = self.top
        if scene is None:
            self.running = False
            return False
        scene.update(dt)
        self.notices = [(text, left - dt) for text, left in self.notices if left - dt > 0]
        self.frame += 1
        # Asked once, after the update: when the picture the scene now holds changes,
        # and (at rest only: moving, it is drawn anyway) what that picture shows.
        wait = scene.redraw_in()
        key = scene.picture_key() if wait > 0 else _MOVING
        now = time.perf_counter()
        if not self._must_draw(wait, key):
            self._due = min(self._due, now + wait)  # a nearer change said meanwhile
            frame_gate.idle_job()  # at rest: work no picture waits for
            return False
        changed = wait <= 0 or key != self._drawn_key
        # At rest only the scene's own animation changes (a pulse): once the picture
        # it settled on is shown whole, draw and send to the screen only where it moves.
        quiet = (
            self.may_rest()
            and not self.notices
            and now - self._last_activity >= REST_AFTER
            and self._canvas is None
            and wait > 0
        )
        clip = self._partial if quiet and not changed and self._settle == 0 else None
        if changed:
            self._settle = SETTLE_FRAMES
        elif self._settle > 0:
            self._settle -= 1
        self._due = now if self._settle > 0 else now + wait
        self._drawn_key = key
        if clip == [] and scene.animated_rects() == []:
            frame_gate.idle_job()  # at rest: work no picture waits for
            return False  # at rest with nothing moving at all: nothing to draw
        surface = self.screen
        area = clip[0].unionall(clip[1:]) if clip else None
        if area is not None:
            surface.set_clip(area)
        try:
            self.draw(surface)
        finally:
            surface.set_clip(None)
        rects = scene.animated_rects() if quiet else None
        if area is not None and (rects is None or not _covers([area], rects)):
            self.draw(surface)  # something moved outside the clip: the whole frame
            area = None
        self._present()
        # The next frame at rest is drawn inside these (once the settled picture is shown).
        self._partial = rects if self._settle == 0 else None
        self._send = [area] if area is not None else None  # exactly what was drawn
        return True

    def flip(self) -> None:
        """Show the frame just drawn: the whole window, or the part drawn at rest."""
        if self._send is not None:
            pygame.display.update(self._send)
        else:
            pygame.display.flip()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.stack:
            return
        # An overlay draws over the nearest opaque scene below it; overlays in between
        # (the pause menu under its confirmation) are hidden, not stacked up.
        top = self.stack[-1]
        if top.transparent:
            base = next((s for s in reversed(self.stack) if not s.transparent), None)
            if base is not None:
                base.draw(surface)
        top.draw(surface)
        self.manager.draw_ui(surface)
        top.draw_over_ui(surface)
        self._draw_notices(surface)

    def run(self, first: Scene | Iterable[Scene]) -> int:
        scenes = [first] if isinstance(first, Scene) else list(first)
        for scene in scenes:
            self.push(scene)
        while self.running:
            # At rest, wait for input (or the scene's next change) without drawing.
            self.rest(self.rest_for())
            # tick() sleeps to hold 60 fps; that sleep is outside the timed region. The
            # time slept at rest is time that passed for the table's timers too (a
            # computer's pause, a banner's stay): only a hitch is cut to MAX_DT.
            dt = min(self.clock.tick(FPS) / 1000.0, MAX_DT + self._slept)
            started = time.perf_counter()
            with frame_gate.drawing():  # workers wait while the frame is made and shown
                if self.step(dt) and self.running:
                    self.flip()
                    self.stats.frame_ms.append((time.perf_counter() - started) * 1000.0)
            if self.options.max_frames is not None and self.frame >= self.options.max_frames:
                self.notify("frame limit reached")
                self.quit(1)
        self.close()
        return self.exit_code

    def close(self) -> None:
        while self.stack:
            self.stack.pop().shutdown()
        i18n.remove_listener(self._on_language)
        if self.options.frame_stats is not None:
            path = self.options.frame_stats
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(self.stats.summary()) + "\n", encoding="utf-8")
        pygame.quit()
        resources.clear_font_cache()
        # Fonts and rendered surfaces die with pygame.quit(); a second App in
        # the same process (tests, a restart) must not reuse them.
        from game.ui import cards, draw, fonts, gui_shapes

        gui_shapes.clear()
        for clear in CLEAR_ON_CLOSE:
            clear()
        fonts.clear_caches()
        cards.clear_cache()
        draw.clear_cache()


_MOVING = object()  # the picture_key noted for a frame drawn while the scene moved


def _covers(clip: list[pygame.Rect], rects: list[pygame.Rect]) -> bool:
    """Whether every rect lies inside the clip the frame was drawn with."""
    if not rects:
        return True
    if not clip:
        return False
    area = clip[0].unionall(clip[1:])
    return all(area.contains(rect) for rect in rects)


def _display_window() -> pygame.Window | None:
    """The Window behind the display surface (for its minimum size and fullscreen)."""
    try:
        with warnings.catch_warnings():
            # pygame-ce nudges toward Window.get_surface; we keep the display module's.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def _start_audio() -> bool:
    """The mixer started and the effects warming (False: no sound device; play goes on)."""
    from game.ui.sound import start_audio  # not at import: the app starts faster

    return start_audio()
