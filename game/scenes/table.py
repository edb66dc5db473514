"""The hook where game tables plug in, and the placeholder shown until they exist.

A real table is the module a game's (or rule set's) entry in game.games names
(sabacc_table, brag_table, ninehalf_table) with ``create(app, config) -> Scene``. The
scene should:
- subclass TableScene (Esc opens the pause menu, ``leave_table()`` shows results);
- offer ``autoplay_step()``: called every frame under --autoplay, it plays the human
  seat with an AI player through the scene's own input path, calls
  ``app.screenshot("<phase>")`` at each phase, and calls ``leave_table()`` after
  ``config.rounds`` hands/games/deals.
"""

from __future__ import annotations

import importlib

import pygame

from game import games, i18n
from game.app import App, Scene
from game.scenes.base import MenuScene, key_events

# The configuration moved to game.session (no pygame); importable from here meanwhile.
from game.session.config import (  # noqa: F401
    GAMES,
    LEVELS,
    LIMITS,
    PRESETS,
    GameLimits,
    QuickPlayConfig,
    SessionResult,
    default_options,
    engine_options,
)


def game_name(game: str) -> str:
    return i18n.t(f"game.{game}")


def make_table_scene(app: App, config: QuickPlayConfig) -> Scene:
    """The real table for ``config.game`` (its rule set's own table, when it has one)
    when its module exists, else the placeholder."""
    module_name = games.get(config.game).table_module(config.preset)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # a real table failing to import is a bug to see, not to hide
        return TableScene(app, config)
    scene: Scene = module.create(app, config)
    return scene


class TableScene(MenuScene):
    """Base for tables; on its own it is the placeholder: the game's name and 'Back'."""

    name = "table"
    hover_focuses = False  # a table's focus stays where the keyboard put it

    def __init__(self, app: App, config: QuickPlayConfig) -> None:
        super().__init__(app)
        self.config = config
        self.result = SessionResult(config)
        self._autoplay_paused = False

    def build(self) -> None:
        width, height = self.app.size
        panel_w = min(width - self.px(120), self.px(760))
        x = (width - panel_w) // 2
        self.add_label(
            pygame.Rect(x, self.px(150), panel_w, self.px(40)), self.subtitle(), "#centered"
        )
        self.add_label(
            pygame.Rect(x, self.px(200), panel_w, self.px(40)),
            i18n.t("table.opponents", count=len(self.config.opponents)),
            "#centered",
        )
        self.add_label(
            pygame.Rect(x, height // 2, panel_w, self.px(34)), i18n.t("table.coming_soon"), "#hint"
        )
        self.add_label(
            pygame.Rect(x, height // 2 + self.px(34), panel_w, self.px(34)),
            i18n.t("table.pause_hint"),
            "#hint",
        )
        button_w = max(self.px(220), self.text_width(i18n.t("common.back")) + self.px(48))
        self.back_button = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(120), button_w, self.px(52)),
            i18n.t("common.back"),
            self.leave_table,
        )

    def redraw_in(self) -> float:
        """Tables animate unless they say otherwise (each table knows when it waits)."""
        return 0.0

    def subtitle(self) -> str:
        if games.get(self.config.game).has_presets:
            return i18n.t("table.preset", preset=i18n.t(f"preset.{self.config.preset}"))
        return i18n.t("table.chips", count=self.config.starting_chips)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, game_name(self.config.game), self.px(80), 44)

    def go_back(self) -> None:
        # Esc at a table never leaves it directly: it opens the pause menu.
        self.app.open("pause", self)

    def leave_table(self) -> None:
        # The session hand by hand and the seats' names, from the table's driver.
        driver = getattr(self, "driver", None)
        log = getattr(driver, "session_log", None)
        if log is not None and self.result.log is None:
            self.result.log = log
        if not self.result.names:
            self.result.names = list(getattr(driver, "names", None) or [])
        # A game that keeps points (Brag): the last game's final points, for the finale.
        for event in reversed(list(getattr(driver, "last_hand", None) or [])):
            scores = getattr(event, "scores", None)
            if isinstance(scores, tuple | list) and len(scores) == len(self.result.chips_end):
                self.result.scores = [int(s) for s in scores]
                break
        self.app.pop_until(self)
        self.app.open("results", self.result, replace=True)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        # The placeholder has no hand to play: leave through the pause menu, as a player would.
        return key_events(pygame.K_ESCAPE)
