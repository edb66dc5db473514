"""The illustrated rules: every page in every language, scrolled to its end, never cut."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.app import App
from game.help.pages import SABACC_PRESETS, all_pages, page
from game.i18n.linebreak import NO_LINE_START
from game.scenes.kit.text import wrap
from game.scenes.rules import RulesScene, render_page

pytestmark = pytest.mark.usefixtures("data_home")


def key(app: App, code: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_page_opens_and_scrolls_to_its_end(make_app: Callable[..., App], lang: str) -> None:
    app = make_app((1280, 720), lang)
    for name in all_pages():
        game, _, preset = name.partition(":")
        rules = RulesScene(app, game, preset or None)
        app.push(rules)
        app.step(0.016)
        image = rules.page_image()
        assert image.get_height() > rules.visible_height() // 2  # a real page, not a line
        key(app, pygame.K_END)
        assert rules.scroll_y == max(0, image.get_height() - rules.visible_height())
        key(app, pygame.K_HOME)
        assert rules.scroll_y == 0
        app.pop()


def test_the_page_follows_the_preset_and_the_summary_line(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 720), "en")
    rules = RulesScene(app, "sabacc", "great-khan")
    app.push(rules)
    app.step(0.016)
    assert rules.page_name == "sabacc:great-khan"
    assert rules.preset_selector is not None
    rules.preset_selector.right.select()  # pygame_gui press on ">"
    for event in (
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, button=1, pos=rules.preset_selector.right.get_abs_rect().center
        ),
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, button=1, pos=rules.preset_selector.right.get_abs_rect().center
        ),
    ):
        app.handle_event(event)
    app.step(0.016)
    assert rules.preset == SABACC_PRESETS[SABACC_PRESETS.index("great-khan") + 1]
    assert rules.scroll_y == 0


def test_japanese_lines_obey_kinsoku() -> None:
    pygame.init()
    i18n.set_language("ja")
    try:
        for name in all_pages():
            for block in page(name):
                for line in wrap(i18n.t(block.key), 18, 420):
                    assert line[:1] not in NO_LINE_START, (block.key, line)
    finally:
        i18n.set_language("en")


def test_a_page_is_drawn_again_in_the_new_language(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 720), "en")
    rules = RulesScene(app, "brag")
    app.push(rules)
    app.step(0.016)
    english = rules.page_image()
    i18n.set_language("es")
    app.step(0.016)
    assert rules.page_image() is not english
    render_page.cache_clear()


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_small_and_huge_windows_lay_the_page_out(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(size, "es")
    rules = RulesScene(app, "ninehalf")
    app.push(rules)
    app.step(0.016)
    width, height = app.size  # the window never gets smaller than the game's minimum
    assert rules.page_rect.right <= width and rules.page_rect.bottom <= height
    assert rules.page_image().get_width() < rules.page_rect.width
