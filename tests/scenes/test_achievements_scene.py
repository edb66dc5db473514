"""The rewards & achievements screen: earned and locked rows in every language, any size."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.app import App
from game.campaign.rewards import REWARDS, AchievementBook, HandFacts, reward_config
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


ALL_VENUES = ["brinewater", "lantern-hall", "orchid-terrace", "glasswater", "drifting-crown",
              "meridian"]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_unlocked_house_rules_and_the_rematch_open_their_tables(
    make_app: Callable[..., App], lang: str
) -> None:
    from game.campaign.progress import Rival
    from game.scenes.kit.table import Table

    app = make_app((1280, 720), lang)
    # A journey where Quenby beat the player most: the rematch seats her first.
    rivals = {"quenby": Rival(10, 7, 2), "ilse": Rival(12, 6, 5)}
    scene = AchievementsScene(app, AchievementBook(), ALL_VENUES)
    scene.playable = [
        (reward, config) for reward, config in scene.playable if reward.kind != "rematch"
    ] + [(r, reward_config(r, rivals)) for r in REWARDS if r.kind == "rematch"]
    app.push(scene)
    app.step(0.016)
    labels = [button.button.text for _, _, button in scene.play_buttons]
    assert len(labels) == 3 and "Quenby Tallis" in labels[-1]
    # Every Play button fits its words and sits inside the rewards panel.
    left = scene._panels(*app.size)[0]
    for _, rect, button in scene.play_buttons:
        assert left.contains(rect)
        assert scene.text_width(button.button.text) <= rect.width
    scene.play_buttons[-1][2].on_press()
    table = app.top
    assert table is not scene and table.config.rivals[0] == "quenby"
    assert table.config.preset == "random" and table.config.house_rules == (
        ("value_rule", "suit-signs"),
    )
    names = [seat.name for seat in table.table_cast()]
    assert names[1:] == ["Quenby Tallis", "Marguerite Oyelaran", "Fenwick Dray", "Jory Pellam"]
    assert isinstance(table, Table)


def test_a_rival_plays_with_their_own_personality() -> None:
    from game.campaign.venues import CHARACTERS
    from game.session.config import (
        QuickPlayConfig,
        config_from_json,
        config_to_json,
        seat_personality,
    )

    config = reward_config(REWARDS[-1], {})
    assert config.rivals == ("ilse", "tobias", "amaru")
    assert seat_personality(config, 1) == CHARACTERS["ilse"].personality
    assert seat_personality(QuickPlayConfig(), 1) is None
    # The quick-play save keeps the rivals; a save from before rematches has none.
    assert config_from_json(config_to_json(config)) == config
    old = config_to_json(QuickPlayConfig())
    del old["rivals"]
    assert config_from_json(old).rivals == ()
    from game.storage.serialize import SerializeError

    bad = config_to_json(config) | {"rivals": ["nobody"]}
    with pytest.raises(SerializeError):
        config_from_json(bad)


def test_every_rival_has_a_rematch_table_that_seats_them() -> None:
    from game import games
    from game.campaign.progress import Rival
    from game.campaign.venues import CHARACTERS
    from game.session.config import engine_options

    rematch = next(r for r in REWARDS if r.kind == "rematch")
    for cid in CHARACTERS:
        config = reward_config(rematch, {cid: Rival(3, 3, 0)})
        assert config.rivals[0] == cid
        entry = games.get(config.game)
        assert config.starting_chips == entry.default_chips_for(config.preset)
        engine_options(config)  # the venue's house rules load on a quick-play table
