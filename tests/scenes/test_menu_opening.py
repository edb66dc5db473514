"""Menus that took a long frame to build (Quick play's 24 buttons, the results, the main
menu) are built a group of widgets per frame while the screen that asked stays as it
is, then shown whole: the player sees the same screen as one built at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.app import App
from game.scenes import base
from game.scenes.base import MenuScene, click_events, open_menu
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.main_menu import MainMenuScene
from game.scenes.quick_play import QuickPlayScene


@pytest.fixture
def over_frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Background work as players get it (tests build at once otherwise), and no
    time budget at all: every frame builds exactly one group, whatever the machine."""
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    monkeypatch.setattr(base, "BUILD_BUDGET_S", 0.0)
    yield


def widgets(scene: MenuScene) -> list[tuple[str, str, tuple[int, int, int, int], bool]]:
    """What a player sees of a menu's widgets: kind, text, place, shown."""
    assert scene.container is not None
    return [
        (type(e).__name__, str(getattr(e, "text", "")), tuple(e.get_abs_rect()), e.visible)
        for e in scene.container.elements
    ]


def built_at_once(app: App, scene: MenuScene) -> list[Any]:
    """``scene`` pushed over the stack as tests push screens: built in one go."""
    assert app.stack
    app.push(scene)
    shown = widgets(scene)
    app.pop()
    return shown


def frames_until(app: App, kind: type, limit: int = 200) -> int:
    for frame in range(1, limit + 1):
        app.step(0.016)
        if isinstance(app.top, kind):
            return frame
    raise AssertionError(f"{kind.__name__} never showed")


def test_quick_play_opens_over_frames_looking_as_built_at_once(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    expected = built_at_once(app, QuickPlayScene(app))
    app.step(0.016)
    button = menu.buttons[0].button  # Quick play (no save to resume)
    for event in click_events(button):
        app.handle_event(event)
    app.step(0.016)
    # The menu stays on screen, its buttons shown, while the next screen is built.
    assert app.top is menu and button.visible
    frames = frames_until(app, QuickPlayScene)
    assert frames >= 5  # a group a frame: rows, levels, buttons
    scene = app.top
    assert isinstance(scene, QuickPlayScene)
    assert widgets(scene) == expected
    assert all(shown for *_, shown in widgets(scene))
    # It answers at once: the game row's arrow changes the game.
    game = scene.game
    for event in click_events(scene.game_selector.right):
        app.handle_event(event)
    app.step(0.016)
    assert scene.game != game


def test_a_second_click_while_building_opens_one_screen(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    app.step(0.016)
    open_menu(app, QuickPlayScene(app))
    open_menu(app, QuickPlayScene(app))
    frames_until(app, QuickPlayScene)
    for _ in range(10):
        app.step(0.016)
    assert [type(s) for s in app.stack] == [MainMenuScene, QuickPlayScene]


def test_a_resize_while_building_lays_the_screen_out_for_the_new_size(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    app.step(0.016)
    open_menu(app, QuickPlayScene(app))
    app.step(0.016)
    app.step(0.016)
    app.set_window_size((1600, 900))
    frames_until(app, QuickPlayScene)
    scene = app.top
    assert isinstance(scene, QuickPlayScene)
    shown = widgets(scene)
    app.pop()
    assert shown == built_at_once(app, QuickPlayScene(app))


def test_leaving_the_screen_that_asked_drops_the_half_built_one(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    app.step(0.016)
    asked = QuickPlayScene(app)
    open_menu(app, asked)
    app.step(0.016)
    other = QuickPlayScene(app)
    app.push(other)  # something else took the screen first
    for _ in range(20):
        app.step(0.016)
    assert app.top is other and asked.container is None
    assert not app.frame_hooks or all(
        type(hook).__name__ != "_MenuOpening" for hook in app.frame_hooks
    )
