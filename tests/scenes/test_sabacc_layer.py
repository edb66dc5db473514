"""The Sabacc table's cached picture: what the player sees is the same as a full
redraw, and the picture is drawn again when a seat's chips, the pots or the log change
(and only the panel when just a log line arrives)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def open_table(make_app: Callable[..., App]) -> tuple[App, SabaccTable]:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    scene = SabaccTable(app, QuickPlayConfig(seed=4, opponents=("easy",) * 2))
    app.push(scene)
    for _ in range(400):
        if scene.mode == "human" and not scene.queue.busy:
            break
        app.step(1 / 60)
    return app, scene


def cached(scene: SabaccTable) -> bytes:
    surface = pygame.Surface((1280, 720), 0, 32)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def fresh(scene: SabaccTable) -> bytes:
    surface = pygame.Surface((1280, 720), 0, 32)
    scene.painter.draw_still(surface)
    scene.painter.draw_moving(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_cached_picture_matches_a_full_redraw_through_a_hand(
    make_app: Callable[..., App],
) -> None:
    app, scene = open_table(make_app)
    assert cached(scene) == fresh(scene)
    scene.anim.model.seats[1].chips += 7  # an opponent wins a few chips
    assert cached(scene) == fresh(scene)
    scene.anim.model.hand_pot += 5
    assert cached(scene) == fresh(scene)
    scene.log.add("A new line in the log")
    assert cached(scene) == fresh(scene)
    scene.anim.model.seats[2].status = "Folds"
    assert cached(scene) == fresh(scene)
    scene.anim.model.seats[2].cards.pop()  # a seat's part shrinks: its old place is repainted
    assert cached(scene) == fresh(scene)
    scene.anim.model.deck -= 1
    scene.anim.model.seats[0].chips -= 2
    assert cached(scene) == fresh(scene)


def test_picture_drawn_again_when_a_seats_chips_change(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app)
    cached(scene)
    assert scene.painter.table_layer is not None
    first = scene.painter.table_layer.key
    cached(scene)
    assert scene.painter.table_layer.key == first  # nothing changed: the same picture
    scene.anim.model.seats[1].chips += 3
    cached(scene)
    assert scene.painter.table_layer.key != first
    # Only seat 1's part of the picture changed, and only there was it painted again.
    assert scene.painter.table_layer.key[1][0] == first[1][0]  # the centre
    assert scene.painter.table_layer.key[1][2] != first[1][2]  # seat 1


def test_log_line_redraws_only_the_panel(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app)
    cached(scene)
    assert scene.painter.table_layer is not None
    table_key, panel_key = scene.painter.table_layer.key, scene.painter.table_layer.panel_key
    scene.log.add("Another line")
    cached(scene)
    assert scene.painter.table_layer.key == table_key
    assert scene.painter.table_layer.panel_key != panel_key
