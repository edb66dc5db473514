"""Settings rows scrolled under the title (or behind Back) fade into the backdrop at the
view's edge, and a chevron says there is more that way; with every row in view there
is neither (issue 24: the rows were cut off with no hint)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.scenes.base import BRASS_LIGHT
from game.scenes.kit.inputs import left_click
from game.scenes.main_menu import MainMenuScene
from game.scenes.settings import SettingsScene


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(1 / 60)


def cues_drawn(app: App, scene: SettingsScene) -> tuple[bool, bool]:
    """Whether the chevron above and the one below are on the screen."""
    app.draw(app.screen)
    shown = []
    for spot in scene.cue_spots():
        colour = app.screen.get_at((spot.centerx, spot.centery))[:3]
        shown.append(tuple(colour) == BRASS_LIGHT)
    return shown[0], shown[1]


def test_the_cue_shows_only_while_rows_are_hidden(app_with: Callable[..., App]) -> None:
    app = app_with(language="en", window_size=[1280, 720], ui_scale=1.0)
    app.push(MainMenuScene(app))
    app.push(SettingsScene(app))
    frames(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    assert scene.rows_hidden() == (False, False)
    assert cues_drawn(app, scene) == (False, False)
    # Interface size, twice by the same spot: the first rows go up under the title.
    pos = scene.ring.items[9].elements()[2].get_abs_rect().center
    for _ in range(2):
        for event in left_click(pos):
            pygame.event.post(event)
        frames(app)
    scene = app.top
    assert scene.rows_hidden() == (True, False)
    assert cues_drawn(app, scene) == (True, False)
    # The first row, cut by the view's top, fades into the backdrop there.
    view = scene.view.get_abs_rect()
    label = scene.ring.items[0].elements()[1].get_abs_rect()
    assert label.top < view.top < label.bottom
    before = app.screen.copy()
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app, 1)
    assert scene.rows_hidden() == (False, False)
    assert cues_drawn(app, scene) == (False, False)
    assert before.get_at(scene.cue_spots()[0].center) != app.screen.get_at(
        scene.cue_spots()[0].center
    )
    # Rows held down past Back (the sheet kept under the pointer): the cue below.
    scene.set_scroll(scene.px(60), keep=True)
    assert scene.rows_hidden() == (False, True)
    assert cues_drawn(app, scene) == (False, True)
