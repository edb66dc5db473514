"""The lesson offer over Quick play leaves the player's choices in sight: the rows
(game, rule set, opponents, chips, skills) are drawn, dimmed, under it, and the offer
stands below them, not over them. (The rows vanished behind it: the screen below hid
its widgets and only its felt showed.)"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.base import backdrop, click_events
from game.scenes.lesson_offer import LessonOffer
from game.scenes.main_menu import MainMenuScene
from game.scenes.pause import dim
from game.scenes.quick_play import QuickPlayScene


@pytest.mark.parametrize(
    ("lang", "game"), [("en", "sabacc"), ("ja", "sabacc"), ("es", "sabacc"), ("en", "ninehalf")]
)
def test_the_offer_leaves_the_rows_in_sight(
    app_with: Callable[..., App], lang: str, game: str
) -> None:
    app = app_with(language=lang, lessons_seen=[], window_size=[1280, 720])
    app.push(MainMenuScene(app))
    quick = QuickPlayScene(app)
    app.push(quick)
    quick.set_game(game)
    app.step(1 / 60)
    rows = [
        element.get_abs_rect()
        for element in quick.interactive_elements()
        if element not in (quick.back.button, quick.rules_button.button, quick.start.button)
    ]
    for event in click_events(quick.start.button):
        pygame.event.post(event)
    for _ in range(3):
        app.step(1 / 60)
    offer = app.top
    assert isinstance(offer, LessonOffer)
    if game == "sabacc":  # room below the rows: the offer stands there
        assert not any(offer.panel.colliderect(rect) for rect in rows)
    app.draw(app.screen)
    felt = backdrop(app.size, False).copy()
    dim(felt)
    # Every row not under the offer shows on the screen (not the bare, dimmed felt).
    for rect in rows:
        if offer.panel.colliderect(rect):
            continue
        shown = pygame.Surface(rect.size)
        shown.blit(app.screen, (0, 0), rect)
        bare = pygame.Surface(rect.size)
        bare.blit(felt, (0, 0), rect)
        differing = sum(
            shown.get_at((x, y)) != bare.get_at((x, y))
            for x in range(0, rect.width, 3)
            for y in range(0, rect.height, 3)
        )
        assert differing > 10, f"nothing of the row at {rect} shows"
