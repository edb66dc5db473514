"""The kit tables' cached picture (Kessel, Spike, Coruscant, Brag, Nine and a Half):
painted again only where a part changed (a die turning, a seat's chips, a log line,
the facts box),
it is the same, pixel for pixel, as the picture painted afresh, frame after frame of
an autoplayed hand with its dice, reveals, swaps and flourishes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.table import QuickPlayConfig, make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")

# (game, rule set, seed, at least this many frames painted only in part)
CASES = [
    ("sabacc", "kessel-shift", 6, 100),  # hits and Sylop flourishes
    ("sabacc", "kessel-shift", 3, 100),
    ("sabacc", "kessel", 2, 100),
    ("sabacc", "corellian-spike", 2, 100),
    ("sabacc", "coruscant-shift", 2, 100),
    ("brag", "", 2, 100),
    ("ninehalf", "", 2, 100),
]


def afresh(table: Any) -> bytes:
    """The table's picture painted whole, the cached one left as it was."""
    layer = table.canvas.layer
    kept = layer.image, layer.state, table.canvas.panel_picture
    layer.image = layer.state = table.canvas.panel_picture = None
    try:
        table.draw(pygame.Surface(table.app.size, 0, 32))
        return pygame.image.tobytes(table.canvas.layer.image, "RGB")
    finally:
        layer.image, layer.state, table.canvas.panel_picture = kept


@pytest.mark.parametrize(("game", "preset", "seed", "least"), CASES)
def test_cached_picture_matches_a_whole_repaint_through_a_hand(
    make_app: Callable[..., App], game: str, preset: str, seed: int, least: int
) -> None:
    app = make_app((960, 600), "en")
    app.options.autoplay = True
    config = QuickPlayConfig(game=game, preset=preset or "classic", seed=seed, rounds=4,
                             opponents=("easy", "normal", "hard"), starting_chips=40)  # fmt: skip
    table = make_table_scene(app, config)
    app.push(table)
    partial = 0
    for frame in range(5000):
        if app.top is not table:
            break
        before = table.canvas.layer.state
        app.step(1 / 60)
        table.autoplay_step()
        key = table.canvas.layer.state
        if before is None or key is None or before[0] != key[0]:
            continue  # painted whole this frame
        if before[1] == key[1] and before[3] == key[3]:
            continue  # nothing painted again
        partial += 1
        if table.canvas.layer.panel_late:
            continue  # a log line waits a frame (checked on the next one)
        cached = pygame.image.tobytes(table.canvas.layer.image, "RGB")
        fresh = afresh(table)
        assert cached == fresh, f"frame {frame}: the cached picture differs"
    assert partial >= least  # parts were painted on their own, often


def test_panel_boxes_painted_again_on_their_own_match_a_whole_repaint(
    make_app: Callable[..., App],
) -> None:
    app = make_app((960, 600), "en")
    app.options.autoplay = True
    config = QuickPlayConfig(game="brag", seed=3, opponents=("easy", "normal"))
    table = make_table_scene(app, config)
    app.push(table)
    for _ in range(120):
        app.step(1 / 60)
        table.autoplay_step()
    steps: list[Callable[[], object]] = [
        lambda: table.log.add("A line in the log"),
        table.panel.toggle_hint,  # the hint box opens over the log's lower part
        lambda: table.log.add("Another line, under the hint box"),
        table.panel.toggle_hint,
        lambda: table.log.scroll_by(2),
    ]
    for change in steps:
        change()
        table.draw(app.screen)
        assert pygame.image.tobytes(table.canvas.layer.image, "RGB") == afresh(table)
