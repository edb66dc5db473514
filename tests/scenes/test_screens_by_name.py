"""Screens open each other by name (``app.open``): every name in the registry builds a
screen, each goes on the stack as its entry says, and an unknown name says which exist."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes import screens
from game.scenes.base import key_events
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.main_menu import MainMenuScene
from game.scenes.pause import PauseScene
from game.scenes.quick_play import QuickPlayScene
from game.scenes.rules import RulesScene
from game.scenes.table import TableScene
from game.session.config import QuickPlayConfig


def test_every_registered_screen_names_something_that_builds_it() -> None:
    for name in screens.SCREENS:
        assert callable(screens.builder(name)), name


def test_an_unknown_screen_is_refused_by_name(make_app: Callable[..., App]) -> None:
    app = make_app()
    with pytest.raises(ValueError, match=r"no screen named 'jukebox'.*'main-menu'"):
        app.open("jukebox")
    assert app.stack == []


def test_a_screen_is_pushed_over_the_one_that_asked(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    opened = app.open("rules", "brag")
    assert isinstance(opened, RulesScene) and opened.game == "brag"
    assert app.stack == [menu, opened]
    app.pop()
    assert app.top is menu


def test_esc_at_a_table_opens_the_pause_menu_by_name(make_app: Callable[..., App]) -> None:
    app = make_app()
    table = TableScene(app, QuickPlayConfig(game="ninehalf"))
    app.push(table)
    for event in key_events(pygame.K_ESCAPE):
        app.top.process_event(event)  # type: ignore[union-attr]
    assert isinstance(app.top, PauseScene) and app.top.table is table


def test_a_menu_is_built_over_frames_then_replaces_the_top(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    opened = app.open("quick-play", replace=True)
    assert isinstance(opened, QuickPlayScene)
    assert app.top is menu  # the screen that asked stays while the menu is built
    for _ in range(200):
        app.step(0.016)
        if app.top is opened:
            break
    assert app.stack == [opened]


def test_rules_from_a_tables_pause_menu_open_at_its_rule_set(
    make_app: Callable[..., App],
) -> None:
    """Rules & help from a Kessel table's pause menu showed Classic's page."""
    app = make_app()
    table = TableScene(app, QuickPlayConfig(game="sabacc", preset="kessel-shift"))
    app.push(table)
    app.open("pause", table)
    app.top.open_rules()  # type: ignore[union-attr]
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert (rules.game, rules.page_name) == ("sabacc", "sabacc:kessel-shift")
    assert rules.preset_selector is not None and rules.preset_selector.value == "kessel-shift"
