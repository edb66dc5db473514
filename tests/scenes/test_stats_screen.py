"""The statistics chart as the player reads it: credits up the side and campaign hands
along the bottom, both axes named and numbered, inside the window without overlaps, in
every language; a damaged statistics file still opens the screen."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.main_menu import MainMenuScene
from game.scenes.stats import StatsScene
from game.storage.stats import StatsBook

pytestmark = pytest.mark.usefixtures("data_home")

WORDS = {"en": ("Credits", "Campaign hand"), "ja": ("クレジット", "キャンペーンのハンド"),
         "es": ("Créditos", "Mano de campaña")}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=str)
def test_bankroll_chart_has_named_numbered_axes(
    make_app: Callable[..., App], lang: str, size: tuple[int, int]
) -> None:
    app = make_app(size=size, lang=lang)
    book = StatsBook()
    book.bankroll = [500, 520, 480, 610, 590, 700, 660, 820, 760, 1200]
    app.push(MainMenuScene(app))
    scene = StatsScene(app, book)
    app.push(scene)
    app.step(0.016)
    labels = dict(scene.axis_labels)
    credits, hands = WORDS[lang]
    assert credits in labels and hands in labels
    # Credits 0 to the highest, hands 1 to the last.
    assert {"0", "1", "10"} <= set(labels)
    assert "1,200" in labels or "1200" in labels
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(rect) for rect in labels.values())
    for (a, ra), (b, rb) in combinations(scene.axis_labels, 2):
        assert not ra.colliderect(rb), f"{a!r} overlaps {b!r}"


def test_a_damaged_stats_file_still_opens_the_screen(
    make_app: Callable[..., App], data_home: Path
) -> None:
    folder = data_home / "sabacc-parlor"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stats.json").write_text('{"schema_version": 1, "games": 7', encoding="utf-8")
    app = make_app()
    app.push(MainMenuScene(app))
    scene = StatsScene(app)
    app.push(scene)
    app.step(0.016)
    assert app.notices and scene.back.enabled
    assert scene.book.bankroll == []
