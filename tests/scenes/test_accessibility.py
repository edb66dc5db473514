"""Accessibility: every menu action by keyboard with a focus the eye can find, in the
normal and the high-contrast theme, and the accessibility settings changed by keys alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_layout import build_scenes  # tests/scenes is on sys.path (no package)

from game import i18n
from game.app import App
from game.scenes.base import MenuScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.scenes.widgets import FocusRing


@pytest.fixture
def app_with(app_with: Callable[..., App]) -> Callable[..., App]:
    """The shared factory (conftest), in the smallest common window unless told."""
    return lambda **settings: app_with(**{"window_size": [1024, 640], **settings})


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def luminance(colour: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def fill_colour(app: App, element: Any) -> tuple[int, ...]:
    """The button's face colour, sampled inside its border beside the text."""
    rect = element.get_abs_rect()
    return tuple(app.screen.get_at((rect.x + 7, rect.centery)))


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
def test_every_menu_control_is_reachable_by_tab_and_the_focus_is_plain_to_see(
    app_with: Callable[..., App], high_contrast: bool
) -> None:
    app = app_with(high_contrast=high_contrast)
    app.push(TitleScene(app))
    for scene in build_scenes(app):
        if not isinstance(scene, MenuScene) or type(scene).__name__ == "TableScene":
            continue
        app.push(scene)
        app.step(0.016)
        ring = scene.ring
        reachable = {id(e) for item in ring.items for e in item.elements()}
        assert {id(e) for e in scene.interactive_elements()} <= reachable
        # Tab walks every enabled control once and comes back to where it started.
        start = ring.index
        visited = [start]
        enabled = {i for i, item in enumerate(ring.items) if item.enabled}
        for _ in range(len(enabled)):
            press(app, pygame.K_TAB)
            visited.append(ring.index)
        assert set(visited) == enabled, scene.name
        assert visited[-1] == start
        # Shift+Tab goes back the same way.
        if len(enabled) > 1:
            press(app, pygame.K_TAB)
            forward = ring.index
            press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
            assert ring.index == start != forward
        # The focused control's face stands out from every other control at 3:1 or better
        # (WCAG's contrast for non-text cues), so the eye finds the focus at once.
        ring.focus(start)
        app.step(0.016)

        def face(index: int, ring: FocusRing = ring) -> tuple[int, ...]:
            elements = ring.items[index].elements()
            return fill_colour(app, elements[1] if len(elements) == 3 else elements[0])

        for other in sorted(enabled - {start}):
            ratio = contrast(face(start), face(other))
            assert ratio >= 3.0, (scene.name, other, round(ratio, 2))
        app.pop()


def test_accessibility_settings_change_by_keyboard_alone(app_with: Callable[..., App]) -> None:
    app = app_with()
    settings = SettingsScene(app)
    app.push(settings)
    labels = [label.text for label in settings.labels]

    def row(key: str) -> int:
        return labels.index(i18n.t(key))

    def focus_row(index: int) -> None:
        while settings.ring.index != index:
            press(app, pygame.K_DOWN)

    focus_row(row("settings.animation_speed"))
    while app.settings.animation_speed != "instant":
        press(app, pygame.K_RIGHT)
    focus_row(row("settings.log_text_size"))
    press(app, pygame.K_RIGHT)
    assert app.settings.log_text_size == "large"
    focus_row(row("settings.colour_blind"))
    press(app, pygame.K_RIGHT)
    assert app.settings.colour_blind
    old_container = settings.container
    focus_row(row("settings.high_contrast"))
    press(app, pygame.K_RIGHT)
    assert app.settings.high_contrast
    # The widgets were rebuilt in the high-contrast theme, and the focus stayed put.
    assert settings.container is not old_container
    assert app.theme["defaults"]["colours"]["normal_bg"] == "#000000"
    assert settings.ring.index == row("settings.high_contrast")
    focus_row(row("settings.ui_scale"))
    press(app, pygame.K_RIGHT)
    assert app.settings.ui_scale == 1.25
    selector = settings.ring.current
    assert selector is not None and selector.label == i18n.t("common.percent", value=125)  # type: ignore[attr-defined]
    # Every choice was saved as it was made.
    saved = json.loads(Path(app.options.settings_file or "").read_text(encoding="utf-8"))
    assert saved["animation_speed"] == "instant" and saved["high_contrast"] is True
    assert saved["ui_scale"] == 1.25 and saved["log_text_size"] == "large"


def test_ui_scale_runs_from_100_to_200_percent(app_with: Callable[..., App]) -> None:
    app = app_with()
    settings = SettingsScene(app)
    app.push(settings)
    scale_row = [label.text for label in settings.labels].index(i18n.t("settings.ui_scale"))
    selector: Any = settings.ring.items[scale_row]
    assert [value for value, _ in selector.options] == [1.0, 1.25, 1.5, 1.75, 2.0]
