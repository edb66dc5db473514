"""Every scene renders at the three reference sizes in every language, at every UI scale
and in high contrast, with no overlapping interactive elements and no text wider than
its box."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from game import i18n
from game.app import App
from game.scenes.base import MenuScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.pause import ConfirmScene, PauseScene
from game.scenes.quick_play import QuickPlayScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.table import QuickPlayConfig, SessionResult, TableScene
from game.scenes.title import TitleScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


def build_scenes(app: App) -> list[MenuScene]:
    """Push a realistic stack and return every scene to inspect, each built while on top."""
    config = QuickPlayConfig(game="sabacc", opponents=("easy",) * 7)
    table = TableScene(app, config)
    quick_nine = QuickPlayScene(app)
    quick_nine.game, quick_nine.opponent_count = "ninehalf", 9
    crowded = SessionResult(QuickPlayConfig(game="ninehalf"), 12, [40] * 10, 0)
    return [
        MainMenuScene(app),
        quick_nine,
        RulesScene(app, "brag"),
        SettingsScene(app),
        table,
        PauseScene(app, table),
        ConfirmScene(app, i18n.t("pause.leave_confirm"), lambda: None),
        ResultsScene(app, crowded),
    ]


def visible_rect(element: object) -> pygame.Rect:
    rect: pygame.Rect = element.get_abs_rect()  # type: ignore[attr-defined]
    return rect


def check_scene(app: App, scene: MenuScene) -> list[str]:
    problems: list[str] = []
    window = pygame.Rect((0, 0), app.size)
    interactive = scene.interactive_elements()
    for a, b in combinations(interactive, 2):
        if visible_rect(a).colliderect(visible_rect(b)):
            problems.append(f"{scene.name}: {a.text!r} overlaps {b.text!r}")
    for element in scene.text_elements():
        rect = visible_rect(element)
        if not window.contains(rect):
            problems.append(f"{scene.name}: {element.text!r} outside the window {rect}")
        if isinstance(element, UIButton | UILabel) and element.font is not None and element.text:
            text_w, text_h = element.font.size(element.text)
            room = rect.width - (8 if isinstance(element, UIButton) else 0)
            if text_w > room or text_h > rect.height:
                problems.append(
                    f"{scene.name}: {element.text!r} needs {text_w}x{text_h}, box {rect.size}"
                )
    return problems


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_scenes_fit_without_overlap(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app = make_app(size, lang)
    assert app.size == size
    problems: list[str] = []
    app.push(TitleScene(app))
    app.step(0.016)
    for scene in build_scenes(app):
        app.push(scene)
        app.step(0.016)  # draws: a crash in any draw() fails here
        assert scene.visible and scene.container is not None
        problems += check_scene(app, scene)
    assert problems == []


@pytest.mark.parametrize(
    ("ui_scale", "high_contrast"), [(1.0, True), (1.5, False), (2.0, True)], ids=str
)
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_scenes_fit_at_every_ui_scale_in_the_smallest_window(
    app_with: Callable[..., App], lang: str, ui_scale: float, high_contrast: bool
) -> None:
    app = app_with(
        window_size=[1024, 640], language=lang, ui_scale=ui_scale, high_contrast=high_contrast
    )
    problems: list[str] = []
    app.push(TitleScene(app))
    app.step(0.016)
    for scene in build_scenes(app):
        app.push(scene)
        app.step(0.016)
        problems += check_scene(app, scene)
    assert problems == []


def test_ui_scale_enlarges_text_and_says_when_the_window_holds_it_back(
    app_with: Callable[..., App],
) -> None:
    big = app_with(window_size=[1920, 1080], ui_scale=1.0)
    normal_font = big.font_for("button").get_height()
    big.settings.ui_scale = 2.0
    big.rebuild_ui()
    assert big.scale > big.base_scale
    assert big.font_for("button").get_height() > normal_font
    big.close()
    # 200% cannot fit 1024x640: the scale stops where the menus still fit, and the
    # settings screen tells the player instead of silently ignoring the choice.
    small = app_with(window_size=[1024, 640], ui_scale=2.0)
    settings = SettingsScene(small)
    small.push(settings)
    assert 1.0 < small.effective_ui_scale < 2.0
    assert settings.scale_note is not None
    shown = round(small.effective_ui_scale * 100)
    assert settings.scale_note.text == i18n.t("settings.ui_scale_limited", shown=shown)
    roomy = app_with(window_size=[1920, 1080], ui_scale=1.0)
    roomy_settings = SettingsScene(roomy)
    roomy.push(roomy_settings)
    assert roomy_settings.scale_note is None


def test_language_switch_rebuilds_every_scene(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    settings = SettingsScene(app)
    app.push(settings)
    old_container = settings.container
    language_selector = settings.ring.items[0]
    assert language_selector.value == "en"  # type: ignore[attr-defined]
    # The Right key on the focused language selector: English -> 日本語.
    app.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    )
    assert i18n.get_language() == "ja"
    assert settings.container is not old_container
    assert settings.labels[0].text == "言語"
    assert settings.back.button.text == "戻る"
    # The hidden menu below was rebuilt too, and stays hidden until it is back on top.
    assert menu.buttons[0].button.text == "クイックプレイ"
    assert not menu.buttons[0].button.visible
    assert app.settings.language == "ja"
    app.pop()
    assert menu.buttons[0].button.visible


def test_resize_rebuilds_layout(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 720))
    app.push(MainMenuScene(app))
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    # The window manager resizes the window (its surface follows), then tells us.
    assert app.window is not None
    app.window.size = (1600, 900)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    assert app.size == (1600, 900)
    assert abs(menu.buttons[0].button.get_abs_rect().centerx - 800) <= 1
    assert app.settings.window_size == (1600, 900)


def test_escape_at_table_opens_pause_and_leave_needs_confirmation(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.push(MainMenuScene(app))
    table = TableScene(app, QuickPlayConfig())
    app.push(table)
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.handle_event(escape)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.buttons[3].activate()
    assert isinstance(app.top, ConfirmScene)
    app.handle_event(escape)  # Esc answers "no"
    assert app.top is pause
    pause.buttons[3].activate()
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    confirm.yes.activate()
    assert isinstance(app.top, ResultsScene)
    assert [type(s) for s in app.stack] == [MainMenuScene, ResultsScene]
