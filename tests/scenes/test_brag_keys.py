"""Brag's keyboard picks several cards as clicks do (issue 24): ←/→ move along the
hand, Space picks the card there up, a number (or Enter) puts the picked cards in a set."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")

HAND = ["2S", "2H", "2D", "AS", "KS", "QS", "5C", "5D", "9H", "7C", "8D", "JC", "3H"]


def press(app: App, *keys: int) -> None:
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step(1 / 60)


def arranging(make_app: Callable[..., App]) -> tuple[App, Any]:
    from game.scenes.brag_table import BragTable

    app = make_app()
    app.settings.animation_speed = "instant"
    table = BragTable(app, QuickPlayConfig(game="brag", opponents=("easy",) * 3, seed=5))
    app.push(table)
    table.play(table.state.deal_fixed([HAND]))  # the scene's own path, a known hand
    for _ in range(200):
        if table.idle() and table.awaiting_human() and table.arranging:
            return app, table
        app.step(1 / 60)
    raise AssertionError("never arranging")


def walk_to(app: App, table: Any, code: str) -> None:
    """→ until the keyboard is on ``code``."""
    for _ in range(14):
        if table.inputs.card_focus == code:
            return
        press(app, pygame.K_RIGHT)
    raise AssertionError(f"the keyboard never reached {code}")


def test_brag_keys_pick_several_cards_and_put_them_in_a_set(
    make_app: Callable[..., App],
) -> None:
    app, table = arranging(make_app)
    for code in ("2S", "2H", "2D"):
        walk_to(app, table, code)
        press(app, pygame.K_SPACE)
    assert sorted(table.inputs.picked) == ["2D", "2H", "2S"]
    press(app, pygame.K_2)
    assert sorted(table.anim.slots[1]) == ["2D", "2H", "2S"] and table.inputs.picked == []
    assert table.inputs.card_focus in table.anim.hand  # the keyboard stays in the hand
    # Space again puts a card back down; Enter fills the first set with room.
    for code in ("AS", "KS", "9H", "QS"):
        walk_to(app, table, code)
        press(app, pygame.K_SPACE)
    walk_to(app, table, "9H")
    press(app, pygame.K_SPACE)
    assert table.inputs.picked == ["AS", "KS", "QS"]
    press(app, pygame.K_RETURN)
    assert (
        table.anim.slots[0] == ["AS", "KS", "QS"]
        and table.anim.slots[1]
        and table.inputs.picked == []
    )
    # With nothing picked, a number puts the card the keyboard is on in that set.
    walk_to(app, table, "5C")
    press(app, pygame.K_3)
    assert table.anim.slots[2] == ["5C"]
    press(app, pygame.K_BACKSPACE)
    assert table.anim.slots[2] == [] and "5C" in table.anim.hand


def test_the_keyboard_is_shown_on_the_card_it_is_on(make_app: Callable[..., App]) -> None:
    app, table = arranging(make_app)
    press(app, pygame.K_RIGHT)
    code = table.anim.hand[0]
    assert table.inputs.card_focus == code
    rect = dict(table.places.hand_card_rects())[code]
    app.draw(app.screen)
    mark = app.screen.get_at((rect.centerx, rect.top - table.px(6)))[:3]
    assert tuple(mark) == tuple(table.ink.info)  # the mark under the card
    press(app, pygame.K_RIGHT)
    app.draw(app.screen)
    assert tuple(app.screen.get_at((rect.centerx, rect.top - table.px(6)))[:3]) != tuple(
        table.ink.info
    )


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_table_key_help_names_the_keys(lang: str) -> None:
    i18n.set_language(lang)
    try:
        help_line = i18n.t("brag.hint")
        for key in ("key.space", "key.enter", "key.backspace"):
            assert i18n.t(key) in help_line, (key, help_line)
        assert "←/→" in help_line
    finally:
        i18n.set_language("en")
