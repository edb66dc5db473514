"""The game log a player reads is the same picture whether a new line was painted on
its own (the old lines moved up) or the whole log was drawn again: across lines that
arrive and wrap, entries going out at the top, scrolling back and forth, a resized
window, a language switch and a palette switch."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.kit.ink import Ink, ink_for
from game.scenes.kit.log import GameLog
from game.scenes.table import QuickPlayConfig, make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")

LINES = (
    ("Kessa Vrin raises to 12.", "text"),
    (
        "Pure Sabacc! The pot of 140 goes to Dash Rendar, who shows the Idiot's Array "
        "and grins across the table at everyone still holding cards.",
        "gold",
    ),  # fmt: skip
    ("Kessa Vrinが2に上げる。「ピュア・サバック」で勝つ。", "bad"),
    ("The dealer shifts the cards.", "dim"),
    ("Nadie iguala: la mano termina y el bote se reparte entre dos jugadores.", "good"),
)


def whole(log: GameLog, rect: pygame.Rect, size: int, ink: Ink) -> bytes:
    """The log drawn from nothing, as it was before pictures were kept."""
    rows = log._layout(rect.size, size, "Log", ink)
    return pygame.image.tobytes(log._render(rect.size, size, "Log", ink, rows), "RGBA")


@pytest.mark.parametrize(("box", "size"), [((860, 1580), 42), ((280, 300), 12), ((300, 420), 17)])
def test_a_line_painted_alone_matches_the_whole_log_drawn_again(
    make_app: Callable[..., App], box: tuple[int, int], size: int
) -> None:
    make_app((1280, 720), "en")
    screen = pygame.display.get_surface()
    log = GameLog(limit=40)
    followed = []
    follow = log._follow
    log._follow = lambda *args: followed.append(follow(*args)) or followed[-1]  # type: ignore[method-assign]
    rect = pygame.Rect((10, 10), box)
    ink = ink_for("cantina")

    def check() -> None:
        log.draw(screen, rect, size, "Log", ink)
        assert log._cache is not None
        assert pygame.image.tobytes(log._cache, "RGBA") == whole(log, rect, size, ink)

    for n in range(70):  # past the box's height and past the log's limit
        words, shade = LINES[n % len(LINES)]
        log.add(f"{n}: {words}", shade)
        check()
        if n == 30:
            log.scroll_by(3)
            check()
            log.scroll_by(-3)
            check()
        if n == 40:
            assert log.remove_recent(f"{n}: {words}")
            check()
        if n == 50:
            rect = pygame.Rect((10, 10), (box[0] - 40, box[1] + 30))  # the window resized
        if n == 55:
            i18n.set_language("ja")
        if n == 60:
            ink = ink_for("high-contrast")
    assert followed.count(True) > 40  # most lines were painted on their own
    i18n.set_language("en")


def test_a_new_line_copies_only_the_log_box_into_the_table_picture(
    make_app: Callable[..., App],
) -> None:
    app = make_app((1600, 900), "en")
    table = make_table_scene(app, QuickPlayConfig(game="sabacc", preset="kessel", seed=3))
    app.push(table)
    table.draw(app.screen)
    lay = table.side
    table.canvas.draw_panel(app.screen, lay, table.table_u)  # the panel's picture, up to date
    table.log.add("A line in the log, and nothing else changes")
    marked = pygame.Surface(app.screen.get_size())
    marked.fill((255, 0, 255))
    table.canvas.draw_panel(marked, lay, table.table_u, changes=True)
    touched = pygame.mask.from_threshold(marked, (255, 0, 255), (1, 1, 1, 255))
    touched.invert()
    assert touched.count()  # the log was painted again...
    assert touched.get_bounding_rects() == [lay.log]  # ...and only the log box copied
