"""An achievement's notice waits until the table has shown the hand's result (issue 24):
told at the engine's step, it gave the outcome away before the reveal had played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game import i18n
from game.app import App
from game.scenes.kit.table import apply_speed
from game.scenes.kit.words import live
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")

STEP = 0.05  # seconds of the table's clock a frame (a fake clock: no sleeping)


def earned_notices(app: App) -> list[str]:
    return [text for text, _ in app.notices if text.startswith("Achievement")]


def play_to_the_hand_end(app: App, table: Any, banner: Callable[[], str]) -> list[str]:
    """Play (the AI in the player's seat, through the inputs) to the step that ends the
    hand, then on until the queue is idle; returns the banners shown before the notice."""
    done = table.driver.hands_done
    for _ in range(3000):
        if table.driver.hands_done > done:
            break
        table.autoplay_step()
        app.step(STEP)
    else:
        raise AssertionError("the hand never ended")
    # The engine has ended the hand: the table is still showing it.
    assert table.queue.busy
    assert earned_notices(app) == []
    shown: list[str] = []
    for _ in range(600):
        if earned_notices(app):
            break
        assert table.queue.busy  # not told before the whole hand has been shown
        if banner() and banner() not in shown:
            shown.append(banner())
        app.step(STEP)
    else:
        raise AssertionError("the achievement was never told")
    return shown


def test_sabacc_tells_the_first_pot_after_the_you_win_banner(
    make_app: Callable[..., App],
) -> None:
    from game.scenes.sabacc_table import SabaccTable

    app = make_app()
    config = QuickPlayConfig(game="sabacc", preset="classic", opponents=("easy",) * 2, seed=9)
    table = SabaccTable(app, config)
    app.push(table)
    banner = table.anim.model.banner
    shown = play_to_the_hand_end(app, table, lambda: str(banner.title) if banner.shown else "")
    assert "You win the hand!" in shown, shown
    assert earned_notices(app) == ["Achievement: First pot"]
    # Still up when the player switches language: it is said again in the new one.
    i18n.set_language("es")
    try:
        notice = app.notices[-1][0]
        name = i18n.t("achievement.first-win.name")
        assert live(notice) == i18n.t("achievements.earned_notice", name=name) != notice
    finally:
        i18n.set_language("en")


CRASH_HAND = ["3S", "3H", "3D", "AS", "AH", "AD", "KS", "KH", "KD", "QS", "QH", "QD", "2C"]


def test_brag_tells_the_crash_after_the_sets_are_shown(make_app: Callable[..., App]) -> None:
    from game.scenes.brag_table import BragTable

    app = make_app()
    app.settings.animation_speed = "instant"  # the deal and the arranging at once...
    config = QuickPlayConfig(game="brag", opponents=("easy",) * 3, seed=5)
    table = BragTable(app, config)
    app.push(table)
    table.play(table.state.deal_fixed([CRASH_HAND]))  # the scene's own path, a known hand
    for _ in range(100):
        table.autoplay_step()
        app.step(1 / 60)
        if table.idle() and table.awaiting_human() and table.arranging:
            break
    app.settings.animation_speed = "normal"  # ...and the showdown at a player's pace
    apply_speed(table)
    banner = table.banner
    shown = play_to_the_hand_end(app, table, lambda: str(banner.title) if banner.shown else "")
    assert "Crash! You won all four sets!" in shown, shown
    assert earned_notices(app) == ["Achievement: Crash"]
