"""Changing Interface size lays Settings out again; the control clicked stays under
the pointer, so a second click on the same spot changes the size again (it turned
High contrast on: that row had come to lie under the pointer). The rows scroll back
with the wheel and to the keyboard's focus."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.base import key_events
from game.scenes.kit.inputs import left_click
from game.scenes.main_menu import MainMenuScene
from game.scenes.settings import SettingsScene


def click_at(app: App, pos: tuple[int, int]) -> None:
    for event in left_click(pos):
        pygame.event.post(event)
    for _ in range(3):
        app.step(1 / 60)


def under(scene: SettingsScene, pos: tuple[int, int]) -> tuple[int, int] | None:
    """(item, part) of the control whose visible part holds ``pos``."""
    view = scene.view.get_abs_rect()
    for index, item in enumerate(scene.ring.items):
        for part, element in enumerate(item.elements()):
            rect = element.get_abs_rect()
            shown = rect.clip(view) if element.ui_container is not scene.container else rect
            if shown.collidepoint(pos):
                return index, part
    return None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_interface_size_control_stays_under_the_pointer(
    app_with: Callable[..., App], lang: str
) -> None:
    app = app_with(language=lang, window_size=[1280, 720], ui_scale=1.0)
    app.push(MainMenuScene(app))
    app.push(SettingsScene(app))
    app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    size_row = 9  # Interface size, in the second column
    pos = scene.ring.items[size_row].elements()[2].get_abs_rect().center  # its ">"
    click_at(app, pos)
    assert app.settings.ui_scale == 1.25
    click_at(app, pos)  # the same spot again: the size again, not High contrast
    assert (app.settings.ui_scale, app.settings.high_contrast) == (1.5, False)
    assert under(app.top, pos) == (size_row, 2)
    # The first rows were scrolled up under the title to keep it there: the wheel
    # brings them back (and no further), and so does the keyboard's focus.
    scene = app.top
    language = scene.ring.items[0].elements()[1]
    hidden = language.get_abs_rect()
    assert hidden.top < scene.view.get_abs_rect().top
    click_at(app, (hidden.centerx, hidden.top + 2))  # under the title: not the language
    assert app.top is scene and app.settings.language == lang
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1 / 60)
    assert scene.scroll == 0
    assert scene.view.get_abs_rect().contains(language.get_abs_rect())
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(1 / 60)
    assert scene.scroll == scene.scroll_range()[0]
    last = scene.ring.items[len(scene.ring.items) - 2].elements()[1]  # Table log text
    assert scene.view.get_abs_rect().contains(last.get_abs_rect())
    scene.ring.focus(1)
    for event in key_events(pygame.K_UP):
        pygame.event.post(event)
    app.step(1 / 60)
    assert scene.ring.index == 0
    assert scene.view.get_abs_rect().contains(language.get_abs_rect())
