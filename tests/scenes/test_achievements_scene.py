"""The rewards & achievements screen: earned and locked rows in every language, any size."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.app import App
from game.campaign.rewards import REWARDS, AchievementBook, HandFacts
from game.scenes.achievements import AchievementsScene, reward_swatch

pytestmark = pytest.mark.usefixtures("data_home")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
def test_the_screen_shows_progress_without_a_crash(
    make_app: Callable[..., App], lang: str, size: tuple[int, int]
) -> None:
    app = make_app(size, lang)
    book = AchievementBook()
    book.record(HandFacts("sabacc", player_won=True, hand_kind="pure-sabacc"))
    for _ in range(3):
        book.record(HandFacts("ninehalf", dealer_duty_met=True))
    scene = AchievementsScene(app, book, ["brinewater", "lantern-hall"])
    app.push(scene)
    app.step(0.016)
    assert scene.book.progress("dealer-duty") == (3, 5)
    assert app.top is scene


def test_with_no_saves_nothing_is_unlocked(make_app: Callable[..., App]) -> None:
    app = make_app()
    scene = AchievementsScene(app)
    assert scene.cleared == set() and scene.book.earned == {}
    app.push(scene)
    app.step(0.016)


def test_every_reward_has_a_picture() -> None:
    import pygame

    pygame.init()
    for reward in REWARDS:
        image = reward_swatch(reward, 40)
        opaque = sum(image.get_at((x, y)).a > 0 for x in range(0, 40, 4) for y in range(0, 40, 4))
        assert opaque > 10, reward.id
