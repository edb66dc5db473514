"""Title: the game's name, its version and "press any key"."""

from __future__ import annotations

import functools
import importlib.metadata
import math

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.scenes import preload
from game.scenes.base import BRASS, CREAM, MenuScene, key_events, prepare_menu, rendered


@functools.cache
def app_version() -> str:
    """The installed version (looked up once: the lookup scans every installed package,
    ~4 ms, too slow for each picture of the title)."""
    try:
        return importlib.metadata.version("sabacc-parlor")
    except importlib.metadata.PackageNotFoundError:
        # Running from a source tree that was never installed, or frozen without metadata.
        return "0.0.0-dev"


MENU_MODULES = (
    "game.scenes.main_menu",
    "game.scenes.quick_play",
    "game.scenes.lesson_offer",  # asked at Quick play's Start
    "game.storage.saves",
)


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.prompt_rect: pygame.Rect | None = None
        # What the main menu opens with is imported while the title waits for a key,
        # then the menu is built out of sight (prepare_menu): a key shows it at once.
        preload.warm_modules(*MENU_MODULES)
        self.menu_prepared = False
        # And the journey's first screens (the opening and the map: ~100 ms of imports).
        preload.warm_modules(
            "game.campaign", "game.scenes.campaign", "game.scenes.campaign_opening"
        )

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.menu_prepared and self.app.top is self and preload.warmed(*MENU_MODULES):
            self.menu_prepared = True
            prepare_menu(self.app, "main-menu")

    def redraw_in(self) -> float:
        # The prompt's slow pulse (2.5 s) reads well at 6 pictures a second, and each
        # picture sent to the screen costs ~5 ms of CPU on X11 whatever its size.
        return 1 / 6

    def animated_rects(self) -> list[pygame.Rect] | None:
        return [self.prompt_rect] if self.prompt_rect is not None else None

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key != pygame.K_F11:
            if event.key == pygame.K_ESCAPE:
                self.app.quit(0)
            else:
                self.continue_to_menu()
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.continue_to_menu()
            return None
        return event

    def continue_to_menu(self) -> None:
        self.app.open("main-menu", replace=True)

    def draw_decor(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        self.draw_title(surface, i18n.t("app.title"), round(height * 0.36), 76)
        subtitle = rendered(i18n.t("title.subtitle"), max(14, self.px(22)), CREAM)
        surface.blit(
            subtitle, subtitle.get_rect(center=(width // 2, round(height * 0.36) + self.px(110)))
        )
        # A slow pulse, not a blink: easier on the eyes and still draws attention.
        pulse = 0.55 + 0.45 * math.sin(self.clock * 2.5)
        prompt_font = resources.font(max(16, self.px(26)), UI_FONT_LANGUAGE, bold=True)
        colour = tuple(round(c * pulse + 40 * (1 - pulse)) for c in (242, 200, 106))
        prompt = prompt_font.render(i18n.t("title.press_any_key"), True, colour)
        self.prompt_rect = prompt.get_rect(center=(width // 2, round(height * 0.70)))
        surface.blit(prompt, self.prompt_rect)
        version = rendered(
            i18n.t("title.version", version=app_version()), max(12, self.px(16)), BRASS
        )
        surface.blit(
            version, version.get_rect(bottomright=(width - self.px(36), height - self.px(28)))
        )

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return key_events(pygame.K_SPACE)
