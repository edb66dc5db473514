"""Leaving a Brag game through the pause menu after a deal or two, before anyone
reached the target: the results show the table's stacks and say that deals were
played but no game finished (they said "No hands were finished" over an empty table,
while Statistics counted a game played and won)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.base import click_events, key_events
from game.scenes.brag_table import BragTable
from game.scenes.pause import ConfirmScene, PauseScene
from game.scenes.results import ResultsScene
from game.scenes.table import QuickPlayConfig
from game.storage.stats import load_stats

pytestmark = pytest.mark.usefixtures("data_home")

SUBTITLE = {
    "en": "Thirteen Card Brag · no game finished (1 deal played)",
    "ja": "13枚ブラッグ · 終わったゲームなし（1ディールをプレイ）",
    "es": "Brag de trece cartas · ninguna partida terminada (1 reparto jugado)",
}


def post(app: App, events: list[pygame.event.Event], frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    for _ in range(frames):
        app.step(1 / 60)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_leaving_mid_game_shows_the_stacks_and_the_deal(
    make_app: Callable[..., App], lang: str
) -> None:
    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    table = BragTable(app, QuickPlayConfig(game="brag", opponents=("easy",) * 3,
                                           starting_chips=50, seed=11))  # fmt: skip
    app.push(table)
    for _ in range(3000):  # one deal: arrange automatically, lay down, see the reveal
        if table.anim.hold:
            break
        if table.idle() and table.awaiting_human():
            post(app, key_events(pygame.K_a))
            post(app, table.click_control("lay"))
        app.step(1 / 60)
    assert table.anim.hold and table.state.completed == 0
    post(app, key_events(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseScene)
    post(app, click_events(app.top.buttons[3].button))  # Leave table
    assert isinstance(app.top, ConfirmScene)
    post(app, click_events(app.top.yes.button))
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.subtitle_label.text == SUBTITLE[lang]
    rows = [[label.text for label in row] for row in results.standing_labels]
    assert len(rows) == 5  # the heading and the four seats
    assert sorted(int(row[1].replace(",", "")) for row in rows[1:]) == sorted(table.state.chips)
    # Statistics count no Brag game yet: none was finished.
    counts = load_stats().games["brag"]
    assert (counts.hands_played, counts.hands_won) == (0, 0)
