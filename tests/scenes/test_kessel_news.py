"""Kessel with six to eight seats on a small window: each opponent's news ("Stood",
"Embargo · Stood", "difference 2" at the reveal) hangs under the plate whole, never
cut short, and no pod of cards sits on it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.app import App
from game.scenes.kessel_table import KesselTable
from game.scenes.kit import plate as kit_plate
from game.scenes.kit import text as kt
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")


@pytest.mark.parametrize(("lang", "opponents"), [("es", 7), ("ja", 5), ("en", 6)])
def test_every_news_tag_is_whole_and_clear_of_the_cards(
    make_app: Callable[..., App], lang: str, opponents: int
) -> None:
    app = make_app((960, 600), lang)
    app.settings.animation_speed = "instant"
    app.options.autoplay = True
    config = QuickPlayConfig(game="sabacc", preset="kessel-shift", starting_chips=6, seed=3,
                             opponents=("easy", "normal", "hard", "easy", "normal", "hard", "easy")[:opponents],
                             rounds=2)  # fmt: skip
    table = KesselTable(app, config)
    app.push(table)
    news_seen: set[str] = set()
    problems: list[str] = []
    for _ in range(4000):
        if app.top is not table:
            break
        app.step(1 / 60)
        shown = {table.painter.plate_news(s)[0] for s in range(1, table.num_seats)} - {""}
        if shown - news_seen:
            news_seen |= shown
            kit_plate.plate_image.cache_clear()
            kt.clear_caches()
            table.canvas.layer.state = None
            kt.overflows = []
            try:
                app.draw(app.screen)
                problems += kt.overflows
            finally:
                kt.overflows = None
        table.autoplay_step()
    assert any(table.anim.model.ranks) or len(news_seen) >= 3, news_seen  # the hand got far enough
    assert problems == []
    for seat in range(1, table.num_seats):
        tag = table.places.news_tag(seat)
        for other, pod in table.places.pods.items():
            assert not tag.colliderect(pod), f"seat {seat}'s news under seat {other}'s cards"
        for other, plate in table.places.plates.items():
            if other != seat:
                assert not tag.colliderect(plate)
    # The longest news of the game at the tag's type size fits its tag.
    for news in news_seen:
        width = kt.text(news, table.font_px(12), table.ink.gold, True).get_width()
        assert width <= table.places.news_tag(1).width - table.px(10), news
    app.close()
