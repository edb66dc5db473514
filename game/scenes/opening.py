"""The few frames a table takes to open: the felt, the game's name and a shuffling deck.

Setting a table up in the frame of the click froze the window for a quarter of a second
(imports, the scene, its controls, its first picture). Here each frame does one piece:
the modules are imported on a worker thread (game.scenes.preload), the scene is built in
one frame, its controls in the next (hidden under this scene), and its first picture is
drawn on a worker thread while this scene animates; then the table takes the screen,
looking exactly as it would have built at once.
"""

from __future__ import annotations

import gc
import math
import threading

import pygame

from game import i18n
from game.app import App, Scene
from game.scenes import preload
from game.scenes.base import CREAM, rendered
from game.scenes.kit.ink import palette_name
from game.session.config import QuickPlayConfig
from game.ui.palette import get_palette, scale


def open_table(app: App, config: QuickPlayConfig) -> Scene:
    """The scene to put on the stack to open ``config``'s table without a long frame
    (the table itself, built at once, when background work runs inline: tests)."""
    from game.scenes.kit.worker import BackgroundChoice

    if BackgroundChoice.inline:
        from game.scenes.table import make_table_scene

        return make_table_scene(app, config)
    return TableOpening(app, config)


class TableOpening(Scene):
    name = "opening"
    #: Draw the table's first picture on a worker thread (tests may turn it off).
    threaded = True

    def __init__(self, app: App, config: QuickPlayConfig) -> None:
        super().__init__(app)
        self.config = config
        self.table: Scene | None = None
        self.step = "import"
        self.age = 0.0
        self.frames = 0
        self._painter: threading.Thread | None = None
        self._texts: tuple[str, list[pygame.Surface]] | None = None
        preload.warm(config.game, config.preset)

    # ---------------------------------------------------------------- the steps
    def update(self, dt: float) -> None:
        self.age += dt
        self.frames += 1
        if self.frames < 2:
            return  # the first frame only shows the felt
        if self.step == "import":
            if preload.ready(self.config.game, self.config.preset):
                self.step = "build"
        elif self.step == "build":
            from game.scenes.table import make_table_scene

            self.table = make_table_scene(self.app, self.config)
            self.step = "controls"
        elif self.step == "controls":
            self._set_up_controls()
            self.step = "paint"
        elif self.step == "paint" and (self._painter is None or not self._painter.is_alive()):
            self.step = "tidy"
        elif self.step == "tidy":
            self._tidy()
            self.reveal()

    def _tidy(self) -> None:
        """Collect the garbage now, behind the shuffle, then set what lives on aside (the
        table, its pictures, the rule and AI tables): the collector's full passes in play
        then look only at what the game makes meanwhile, never at the whole heap (a
        16-20 ms pause every so often). The last table's objects, set aside when it
        opened, are looked at again here, so nothing it dropped is kept for good."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _set_up_controls(self) -> None:
        """The table goes under this scene with its controls built but hidden, and its
        first picture is drawn off screen."""
        table = self.table
        assert table is not None
        stack = self.app.stack
        stack.insert(stack.index(self), table)
        table.resume()
        container = getattr(table, "container", None)
        if container is not None:
            container.hide()
        surface = pygame.Surface(self.app.screen.get_size(), 0, 32)
        if self.threaded:
            self._painter = threading.Thread(
                target=table.draw, args=(surface,), name="table-paint", daemon=True
            )
            self._painter.start()
        else:
            table.draw(surface)

    def reveal(self) -> None:
        """The table takes the screen (its first picture is ready)."""
        table = self.table
        assert table is not None
        if self.app.top is self:
            self.app.stack.pop()
        elif self in self.app.stack:
            self.app.stack.remove(self)
        container = getattr(table, "container", None)
        if container is not None:
            container.show()
        self.step = "done"
        self.app.wake()

    def shutdown(self) -> None:
        if self._painter is not None:
            self._painter.join()
        if self.table is not None and self.step != "done":
            # Left before the table showed (the window closed): release it too.
            if self.table in self.app.stack:
                self.app.stack.remove(self.table)
            self.table.shutdown()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        pal = get_palette(palette_name(settings.high_contrast, settings.colour_blind))
        surface.fill(scale(pal.felt, 0.8))
        width, height = surface.get_size()
        u = self.app.scale
        language = i18n.get_language()
        if self._texts is None or self._texts[0] != language:
            from game.scenes.table import game_name

            title = game_name(self.config.game)
            self._texts = (
                language,
                [
                    rendered(title, max(18, round(40 * u)), CREAM, bold=True),
                    rendered(
                        i18n.t("opening.shuffling"), max(12, round(20 * u)), scale(CREAM, 0.8)
                    ),
                ],
            )
        title_image, words = self._texts[1]
        centre_y = height // 2
        surface.blit(
            title_image, title_image.get_rect(midbottom=(width // 2, centre_y - round(70 * u)))
        )
        # A small deck whose top cards slide out and back: something moves.
        card_w, card_h = round(46 * u), round(66 * u)
        for index in range(3):
            phase = self.age * 2.4 + index * 2.1
            dx = round(math.sin(phase) * 34 * u)
            rect = pygame.Rect(0, 0, card_w, card_h)
            rect.center = (width // 2 + dx, centre_y)
            pygame.draw.rect(surface, (92, 24, 30), rect, border_radius=max(2, round(5 * u)))
            pygame.draw.rect(
                surface,
                pal.brass,
                rect,
                width=max(1, round(2 * u)),
                border_radius=max(2, round(5 * u)),
            )
        surface.blit(words, words.get_rect(midtop=(width // 2, centre_y + round(54 * u))))
