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
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import i18n, resources
from game.storage.files import StorageError
from game.storage.settings import LoadResult, Settings, load_settings, save_settings

log = logging.getLogger("sabacc.app")

FPS = 60
MIN_WINDOW = (960, 600)
DESIGN_SIZE = (1280, 720)
NOTICE_SECONDS = 5.0
# Every scene is verified (tests/scenes/test_layout.py) to fit a window this many layout
# units wide and tall; a larger UI scale is held back to what the window has room for.
LAYOUT_ROOM = (1000, 600)
UI_FONT_LANGUAGE = "ja"  # every UI text uses Noto Sans JP (see build_theme)


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
        for problem in loaded.problems:
            self.notify(i18n.t("notice.settings_problem", detail=problem))
        language = self.options.lang or self.settings.language
        i18n.set_language(language)

        pygame.init()
        # Computer players think on a worker thread; a short GIL switch
        # interval lets the frame loop take the GIL back within a millisecond
        # instead of the default five, so thinking never stalls a frame.
        sys.setswitchinterval(0.0005)
        self.audio_available = self._init_audio()
        size = self.settings.window_size
        # The window icon is drawn by our code (no image files to ship).
        from game.ui.icon import draw_icon

        pygame.display.set_icon(draw_icon(64))
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if self.settings.fullscreen else 0)
        try:
            self.screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(i18n.t("app.title"))
        log.info(
            "window %dx%d (%s), language %s, sound %s",
            *self.screen.get_size(),
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
        # last table left (game.scenes.campaign_table.autoplay_rounds_left)
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

    def _init_audio(self) -> bool:
        # A machine without a sound device must still play: sound is never required.
        try:
            pygame.mixer.init()
        except pygame.error:
            return False
        return True

    # ------------------------------------------------------------------- layout
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

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
        manager = pygame_gui.UIManager(
            self.size,
            self.theme,
            enable_live_theme_updates=False,
            starting_language=i18n.get_language(),
        )
        # Load every face the theme names now: pygame_gui would otherwise load each on
        # first use mid-frame, with a warning on stderr each time.
        # Text boxes show <b> in their block's size, so each size gets both styles.
        wanted: dict[tuple[int, str], dict[str, Any]] = {}
        for block in self.theme.values():
            entries = block.get("font") if isinstance(block, dict) else None
            for entry in entries if isinstance(entries, list) else []:
                for style in ("regular", "bold"):
                    wanted[(int(entry["size"]), style)] = {
                        "name": "noto_sans_jp",
                        "point_size": int(entry["size"]),
                        "style": style,
                        "antialiased": "1",
                    }
        fonts = manager.get_theme().get_font_dictionary()
        missing = [
            spec
            for (size, style), spec in wanted.items()
            if not fonts.check_font_preloaded(
                fonts.create_font_id(size, "noto_sans_jp", style == "bold", False)
            )
        ]
        manager.preload_fonts(missing)
        return manager

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
            *self.screen.get_size(),
            pygame.display.get_driver(),
            i18n.get_language(),
            "on" if self.audio_available else "unavailable",
        )
        self.rebuild_ui()

    def set_window_size(self, size: tuple[int, int]) -> None:
        if self.settings.fullscreen:
            return
        width, height = max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])
        self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.rebuild_ui()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        try:
            if self.settings.fullscreen:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
        except pygame.error as error:
            self.notify(i18n.t("notice.display_error", detail=str(error)))
        self.rebuild_ui()

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

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.shutdown()
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

    def pop_until(self, scene: Scene) -> None:
        """Pop overlays until ``scene`` is on top (it is resumed, not shut down)."""
        while self.stack and self.stack[-1] is not scene:
            self.stack.pop().shutdown()
            if self.stack and self.stack[-1] is scene:
                scene.resume()

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    # ---------------------------------------------------------------- notices
    def notify(self, text: str) -> None:
        """A short message at the bottom of the window (saving failed, file moved aside)."""
        log.info("notice: %s", text)
        self.notices.append((text, NOTICE_SECONDS))

    def _draw_notices(self, surface: pygame.Surface) -> None:
        if not self.notices:
            return
        font = resources.font(max(14, round(16 * self.scale)), UI_FONT_LANGUAGE)
        width, height = surface.get_size()
        y = height - 12
        for text, _ in reversed(self.notices[-3:]):
            image = font.render(text, True, (250, 236, 205))
            if image.get_width() > width - 40:
                image = pygame.transform.smoothscale(
                    image,
                    (width - 40, max(1, image.get_height() * (width - 40) // image.get_width())),
                )
            box = image.get_rect(midbottom=(width // 2, y)).inflate(24, 10)
            pygame.draw.rect(surface, (20, 12, 8), box, border_radius=6)
            pygame.draw.rect(surface, (176, 141, 87), box, width=1, border_radius=6)
            surface.blit(image, image.get_rect(center=box.center))
            y = box.top - 6

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
        pygame.image.save(self.screen, str(path))
        return path

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.settings.window_size = (max(event.w, MIN_WINDOW[0]), max(event.h, MIN_WINDOW[1]))
            self.set_window_size(self.settings.window_size)
            return
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
        scene.process_event(event)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw. The loop times exactly this."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        for hook in list(self.frame_hooks):
            hook(self, dt)
        self.manager.update(dt)
        scene = self.top
        if scene is None:
            self.running = False
            return
        scene.update(dt)
        self.notices = [(text, left - dt) for text, left in self.notices if left - dt > 0]
        self.draw(self.screen)
        self.frame += 1

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
        self._draw_notices(surface)

    def run(self, first: Scene | Iterable[Scene]) -> int:
        scenes = [first] if isinstance(first, Scene) else list(first)
        for scene in scenes:
            self.push(scene)
        while self.running:
            # tick() sleeps to hold 60 fps; that sleep is outside the timed region.
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
            started = time.perf_counter()
            self.step(dt)
            if self.running:
                pygame.display.flip()
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
        from game.ui import cards, draw, fonts

        fonts.clear_caches()
        cards.clear_cache()
        draw.clear_cache()
