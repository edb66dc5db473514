"""The few frames a table takes to open: the felt, the game's name and a shuffling deck.

Setting a table up in the frame of the click froze the window for a quarter of a second
(imports, the scene, its controls, its first picture). Here each frame does one piece:
the modules are imported on a worker thread (game.scenes.preload), the scene is built in
one frame, its controls in the next (hidden under this scene), and its first picture is
drawn on a worker thread while this scene animates; then the table takes the screen,
looking exactly as it would have built at once.

Every way into a table opens this way: quick play and "play again" (``open_table``), a
campaign table, a resumed save, an achievement's reward table and a coached lesson
(``open_scene`` with the callable that builds the table).
"""

from __future__ import annotations

import gc
import math
import threading
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.app import App, Scene
from game.scenes import preload
from game.scenes.base import CREAM, rendered
from game.scenes.kit.ink import palette_name
from game.scenes.table import game_name, make_table_scene
from game.session.config import QuickPlayConfig
from game.ui.frame_gate import spawn, when_idle
from game.ui.palette import get_palette, scale


def open_table(app: App, config: QuickPlayConfig) -> Scene:
    """The scene to put on the stack to open ``config``'s table without a long frame
    (the table itself, built at once, when background work runs inline: tests)."""
    scene = open_scene(app, config.game, config.preset, lambda: make_table_scene(app, config))
    assert scene is not None
    return scene


def open_scene(
    app: App,
    game: str,
    preset: str | None,
    build: Callable[[], Scene | None],
    failed: Callable[[], None] | None = None,
    venue: str = "",
) -> Scene | None:
    """The scene to put on the stack to open the table ``build`` makes (of ``game``,
    rule set ``preset``: its name on the felt, its modules imported meanwhile) without
    a long frame. When background work runs inline (tests) the table itself, built at
    once, or None when ``build`` gives none; opened over frames, a ``build`` giving None
    takes the opening off the stack and calls ``failed``."""
    from game.scenes.kit.worker import BackgroundChoice

    if BackgroundChoice.inline:
        return build()
    return TableOpening(app, game=game, preset=preset, build=build, failed=failed, venue=venue)


#: What the end of a hand opens (imported on a worker while the table opens, not in the
#: frame that leaves the table).
AFTER_THE_TABLE = ("game.scenes.results", "game.scenes.pause")


class TableOpening(Scene):
    name = "opening"
    #: Draw the table's first picture on a worker thread (tests may turn it off).
    threaded = True

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig | None = None,
        *,
        game: str | None = None,
        preset: str | None = None,
        build: Callable[[], Scene | None] | None = None,
        failed: Callable[[], None] | None = None,
        venue: str = "",
    ) -> None:
        super().__init__(app)
        if config is not None:
            game, preset = config.game, config.preset
            if build is None:
                build = lambda: make_table_scene(app, config)  # noqa: E731
        assert game is not None and build is not None
        self.config = config
        self.game, self.preset = game, preset
        self._builder = build
        self._failed = failed
        self.venue = venue  # a campaign venue's felt (its own colours), "" elsewhere
        self.table: Scene | None = None
        self.step = "import"
        self.age = 0.0
        self.frames = 0
        self._work: _Work | None = None
        self._laid_out: tuple[tuple[int, int], str] | None = None
        self._texts: tuple[str, list[pygame.Surface]] | None = None
        preload.warm(game, preset)
        preload.warm_modules(*AFTER_THE_TABLE)

    # ---------------------------------------------------------------- the steps
    def update(self, dt: float) -> None:
        self.age += dt
        self.frames += 1
        if self.frames < 2:
            return  # the first frame only shows the felt
        if self._work is not None:
            if not self._work.done():
                return  # the worker is still at it: this frame only animates
            result = self._work.take()
            self._work = None
            if self.step == "building":
                if result is None:
                    self._give_up()
                    return
                self.table = result
                self.step = "controls"
            elif self.step == "painting":
                self.step = "tidy"
            return
        if self.step == "import":
            if preload.ready(self.game, self.preset):
                self.step = "building"
                # The scene (its engine, players and the save's first read) on a worker.
                self._run(self._build)
        elif self.step == "controls":
            self._set_up_controls()
        elif self.step == "tidy":
            # The collection in a frame of its own: with the table's reveal in the same
            # frame the two came to 13-25 ms.
            self._tidy()
            self.step = "reveal"
        elif self.step == "reveal":
            self.reveal()

    def _build(self) -> Scene | None:
        # Every language's words (a table names the player's seat in each, to tell it in
        # any log line): read here, not in the frame that builds the controls (16 ms).
        for language in i18n.LANGUAGES:
            i18n.load_catalog(language)
        table = self._builder()
        if table is None:
            return None
        from game.storage import history

        # The history is read now, not in the frame the first hand ends.
        game = getattr(getattr(table, "driver", None), "game", None)
        if isinstance(game, str):
            history.warm(game)
        return table

    def _give_up(self) -> None:
        """The table did not come (a save that no longer loads): back to where the
        player was, who is told."""
        self.step = "done"
        stack = self.app.stack
        if stack and stack[-1] is self:
            self.app.pop()
        elif self in stack:
            stack.remove(self)
        if self._failed is not None:
            self._failed()
        self.app.wake()

    def _run(self, fn: Callable[..., Any], *args: Any) -> None:
        self._work = _Work(fn, *args, threaded=self.threaded)

    def _tidy(self) -> None:
        """Collect the garbage now, behind the shuffle, then set what lives on aside (the
        table, its pictures, the rule and AI tables): the collector's full passes in play
        then look only at what the game makes meanwhile, never at the whole heap (a
        16-20 ms pause every so often). See ``tidy_heap``."""
        tidy_heap()

    def _set_up_controls(self) -> None:
        """The table goes under this scene with its controls built but hidden, and its
        first picture is drawn off screen."""
        table = self.table
        assert table is not None
        # Kept off the stack until it shows: a resize or a language switch meanwhile
        # rebuilds the scenes on the stack, never this one while a worker draws it.
        self._laid_out = (self.app.size, i18n.get_language())
        table.resume()
        container = getattr(table, "container", None)
        if container is not None:
            container.hide()
        self.step = "painting"
        self._run(table.draw, pygame.Surface(self.app.screen.get_size(), 0, 32))

    def reveal(self) -> None:
        """The table takes the screen (its first picture is ready)."""
        table = self.table
        assert table is not None
        stack = self.app.stack
        if self in stack:
            stack[stack.index(self)] = table
        if self._laid_out != (self.app.size, i18n.get_language()):
            table.recreate_ui()  # the window or the language changed meanwhile
        container = getattr(table, "container", None)
        if container is not None:
            container.show()
        self.step = "done"
        self.app.wake()

    def shutdown(self) -> None:
        if self._work is not None:
            self._work.wait()
        if self.table is not None and self.step != "done":
            self.table.shutdown()  # left before the table showed (the window closed)

    # ------------------------------------------------------------------ drawing
    @property
    def palette_name(self) -> str:
        """The felt the table will show: a campaign venue's own, a look unlocked on the
        journey at quick play, or the player's colour set (as ``KitScene.palette_name``)."""
        settings = self.app.settings
        base = palette_name(settings.high_contrast, settings.colour_blind)
        if base != "cantina":
            return base
        if self.venue:
            return f"{base}@{self.venue}"
        style = getattr(settings, "table_style", "")
        return f"{base}@{style}" if style else base

    def draw(self, surface: pygame.Surface) -> None:
        pal = get_palette(self.palette_name)
        surface.fill(scale(pal.felt, 0.8))
        width, height = surface.get_size()
        u = self.app.scale
        language = i18n.get_language()
        if self._texts is None or self._texts[0] != language:
            title = game_name(self.game)
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


#: Whether objects were set aside (frozen) at a table's opening and not looked at since:
#: that table, once left, may have dropped some of them (see ``tidy_heap``).
_table_set_aside = False


def tidy_heap() -> None:
    """At a table's opening: collect the garbage and set everything alive aside (frozen),
    without a long frame.

    A full collection looks at the whole heap (~40,000 objects, 18-23 ms in one frame at
    the first table). It is needed only when a table set aside at an earlier opening may
    since have dropped objects that only a full look finds (cycles). So the opening
    collects in full only then (a "play again" straight from the results); otherwise it
    collects the young objects (under a millisecond) and sets the rest aside, and the
    full collection of the next table's leftovers is left to the app's next moment at
    rest (``frame_gate.when_idle``: the player reading the results, at the menu)."""
    global _table_set_aside
    if _table_set_aside:
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect(1)
    gc.freeze()
    _table_set_aside = True
    when_idle(full_collection)


def full_collection() -> None:
    """Look at every object set aside again (nothing dropped is kept for good), then set
    what lives on aside once more."""
    global _table_set_aside
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _table_set_aside = False


class _Work:
    """One call on a worker thread (or at once, when not ``threaded``); its result or its
    exception is taken in a later frame."""

    def __init__(self, fn: Callable[..., Any], *args: Any, threaded: bool = True) -> None:
        self._fn, self._args = fn, args
        self._result: Any = None
        self._error: BaseException | None = None
        self._done: threading.Event | None = None
        if threaded:
            self._done = spawn(self._call)  # started without waiting for the scheduler
        else:
            self._call()

    def _call(self) -> None:
        try:
            self._result = self._fn(*self._args)
        except BaseException as error:  # re-raised in the frame that takes the result
            self._error = error

    def done(self) -> bool:
        return self._done is None or self._done.is_set()

    def wait(self) -> None:
        if self._done is not None:
            self._done.wait()

    def take(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._result
