"""Menus built ahead and rebuilt behind the screen (issue 24, hitches): the main menu is
built out of sight while the title waits, Quick play while the main menu shows, and a
choice that changes the whole Quick play form rebuilds it over a few frames with the
old form on screen. With no input at all each ends up exactly as one built at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.scenes import base
from game.scenes.base import MenuScene, click_events
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.main_menu import MainMenuScene
from game.scenes.quick_play import QuickPlayScene
from game.scenes.title import TitleScene

pytestmark = pytest.mark.usefixtures("data_home")


@pytest.fixture
def over_frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Background work as players get it, and no time budget: a piece a frame."""
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    monkeypatch.setattr(base, "BUILD_BUDGET_S", 0.0)
    yield


def picture(app: App) -> bytes:
    surface = pygame.Surface(app.size, 0, 32)
    app.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def steps(app: App, count: int) -> None:
    for _ in range(count):
        app.step(0.016)


def click(app: App, element: object) -> None:
    for event in click_events(element):  # type: ignore[arg-type]
        app.handle_event(event)


def at_once(app: App, scene: MenuScene) -> bytes:
    """``scene`` built in one go over the same stack, as it looks a few frames later."""
    app.push(scene)
    steps(app, 3)
    shown = picture(app)
    app.pop()
    return shown


def test_quick_play_is_built_while_the_main_menu_shows_and_opens_at_once(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    steps(app, 200)  # no input: the next screen is built out of sight meanwhile
    assert app.top is menu
    before = picture(app)
    click(app, menu.buttons[0].button)  # Quick play
    app.step(0.016)
    quick = app.top
    assert isinstance(quick, QuickPlayScene)  # in the frame of the click
    steps(app, 3)
    shown = picture(app)
    app.pop()
    steps(app, 3)
    assert picture(app) == before  # the menu, as it was
    monkeypatch_inline = pytest.MonkeyPatch()
    monkeypatch_inline.setattr(BackgroundChoice, "inline", True)
    try:
        assert shown == at_once(app, QuickPlayScene(app))
    finally:
        monkeypatch_inline.undo()


def test_a_screen_built_ahead_goes_when_the_player_chooses_another(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    steps(app, 5)  # Quick play half built
    ahead = next(hook for hook in app.frame_hooks if isinstance(hook, base._MenuOpening))  # noqa: SLF001
    menu.statistics()
    steps(app, 40)
    assert type(app.top).__name__ == "StatsScene"
    assert ahead.scene.container is None  # its widgets are gone
    assert not any(isinstance(hook, base._MenuOpening) for hook in app.frame_hooks)  # noqa: SLF001


def test_the_title_builds_the_main_menu_ahead_and_a_key_shows_it(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    app.push(TitleScene(app))
    for _ in range(400):
        app.step(0.016)
        hook = next((h for h in app.frame_hooks if isinstance(h, base._MenuOpening)), None)  # noqa: SLF001
        if hook is not None and hook.build.built:
            break
    else:
        raise AssertionError("the main menu was never built ahead")
    for event in base.key_events(pygame.K_SPACE):
        app.handle_event(event)
    app.step(0.016)
    assert isinstance(app.top, MainMenuScene)
    assert all(element.visible for element in app.top.interactive_elements())


def test_a_new_game_rebuilds_quick_play_behind_the_old_form(
    make_app: Callable[..., App], over_frames: None
) -> None:
    app = make_app()
    app.push(MainMenuScene(app))
    quick = QuickPlayScene(app)
    app.push(quick)
    steps(app, 3)
    old = quick.container
    assert old is not None
    click(app, quick.game_selector.right)
    steps(app, 2)
    assert quick.game == "brag"  # chosen at once
    assert old.alive() and old.visible  # the old form stays on screen meanwhile
    # A click meanwhile (on the old form) reaches the new form's widget in its place.
    click(app, quick.game_selector.right)
    steps(app, 400)
    assert not old.alive()
    assert quick.game == "ninehalf"
    shown = picture(app)
    again = QuickPlayScene(app)
    again.game = quick.game
    again._clamp()  # noqa: SLF001
    app.pop()
    inline = pytest.MonkeyPatch()
    inline.setattr(BackgroundChoice, "inline", True)
    try:
        app.push(again)
        again.ring.focus_item(again.game_selector)  # the focus stays on the game's row
        steps(app, 3)
        assert picture(app) == shown
    finally:
        inline.undo()
