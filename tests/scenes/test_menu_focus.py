"""Menus show one highlight: the mouse coming over a button moves the keyboard focus
there (hover and focus look the same), so one item at a time is lit; a table keeps
its focus where the keyboard put it. Tooltips wrap at a readable width."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.app import App
from game.scenes.main_menu import MainMenuScene
from game.scenes.table import QuickPlayConfig, TableScene


def lit(scene: MainMenuScene) -> list[str]:
    return [item.button.text for item in scene.buttons.values() if item.button.is_selected]


def test_hover_moves_the_one_highlight_in_a_menu(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    app.step(0.016)
    assert len(lit(menu)) == 1
    target = [item for item in menu.buttons.values() if item.enabled][-1]  # Quit
    # The mouse comes over it (what pygame_gui sends when it does).
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=target.button))
    app.step(0.016)
    assert lit(menu) == [target.button.text]
    # Down from there goes on from where the mouse left the focus.
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert len(lit(menu)) == 1 and lit(menu) != [target.button.text]


def test_a_table_keeps_its_focus_under_the_mouse(make_app: Callable[..., App]) -> None:
    app = make_app()
    table = TableScene(app, QuickPlayConfig())
    app.push(table)
    app.step(0.016)
    before = table.ring.index
    hovered = pygame.event.Event(
        pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=table.back_button.button
    )
    table.process_event(hovered)
    assert table.ring.index == before


def test_tooltips_wrap_wide_enough_to_read_as_lines(make_app: Callable[..., App]) -> None:
    app = make_app(size=(1920, 1080))
    width = int(app.theme["tool_tip"]["misc"]["rect_width"])
    assert width >= 400 * app.scale - 1
