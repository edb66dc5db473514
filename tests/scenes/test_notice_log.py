"""An achievement notice never covers the newest lines of the side panel's log, on any
table, at either window size, in English or Japanese: what the player just read in the
log stays in view for the notice's few seconds."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.kit.table import Table
from game.scenes.kit.text import line_height
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")

TABLES = (
    ("sabacc", "game.scenes.sabacc_table", "classic", 50),
    ("brag", "game.scenes.brag_table", None, 50),
    ("ninehalf", "game.scenes.ninehalf_table", None, 50),
    ("sabacc", "game.scenes.kessel_table", "kessel", 6),
    ("sabacc", "game.scenes.spike_table", "corellian-spike", 50),
)


def open_table(
    make_app: Callable[..., App], table: tuple[str, str, str | None, int],
    size: tuple[int, int], lang: str,
) -> tuple[App, Table]:  # fmt: skip
    game, module, preset, chips = table
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game=game, preset=preset, opponents=("easy", "easy"),
                             starting_chips=chips, seed=9)  # fmt: skip
    scene = importlib.import_module(module).create(app, config)
    app.push(scene)
    for _ in range(30):
        app.step(1 / 60)
    return app, scene


def log_tail(table: Table) -> pygame.Rect:
    """Where the log's newest three lines are painted (the bottom of its box)."""
    if isinstance(table, SabaccTable):
        lay, u = table.places.panel, table.places.u
    else:
        lay, u = table.side, table.table_u  # type: ignore[attr-defined]
    assert lay is not None
    rect = table.panel.log_rect(lay, u)
    lines = 3 * line_height(table.canvas.log_text_px(u)) + 6
    return pygame.Rect(rect.x, rect.bottom - lines, rect.width, lines)


@pytest.mark.parametrize("table", TABLES, ids=[t[1].rsplit(".", 1)[1] for t in TABLES])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_achievement_notice_keeps_off_the_logs_newest_lines(
    make_app: Callable[..., App], table: tuple[str, str, str | None, int],
    size: tuple[int, int], lang: str,
) -> None:  # fmt: skip
    app, scene = open_table(make_app, table, size, lang)
    try:
        scene.log.add("The newest line of the log, which the player is reading")
        app.step(1 / 60)
        before = pygame.Surface(app.size)
        app.draw(before)
        for name in ("first-win", "comeback", "brag-crash"):
            app.notify(i18n.t("achievements.earned_notice",
                              name=i18n.t(f"achievement.{name}.name")))  # fmt: skip
        after = pygame.Surface(app.size)
        app.draw(after)
        tail = log_tail(scene)
        assert tail.height > 0 and app.screen.get_rect().contains(tail)
        part = tail.clip(before.get_rect())
        assert pygame.image.tobytes(before.subsurface(part), "RGB") == pygame.image.tobytes(
            after.subsurface(part), "RGB"
        ), "a notice covers the log's last lines"
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    finally:
        i18n.set_language("en")
