"""Shortcut keys are named as players know them ("Enter", not pygame's "RETURN"), in
every language, on the table's tooltips."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules import ninehalf as nh
from game.scenes.kit.keys import key_name
from game.scenes.ninehalf_table import NineHalfTable
from game.scenes.table import QuickPlayConfig

NAMES = {
    "en": ("Enter", "Space", "Esc", "Shortcut: Enter"),
    "ja": ("Enter", "スペース", "Esc", "ショートカット：Enter"),
    "es": ("Intro", "Espacio", "Esc", "Atajo: Intro"),
}


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_keys_have_their_players_names(lang: str) -> None:
    i18n.set_language(lang)
    try:
        enter, space, esc, _ = NAMES[lang]
        assert key_name(pygame.K_RETURN) == key_name(pygame.K_KP_ENTER) == enter
        assert (key_name(pygame.K_SPACE), key_name(pygame.K_ESCAPE)) == (space, esc)
        assert key_name(pygame.K_a) == "A" and key_name(pygame.K_KP_PLUS) == "+"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_set_limit_tooltip_names_the_enter_key(make_app: Callable[..., App], lang: str) -> None:
    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", opponents=("easy",) * 3,
                                               starting_chips=40, seed=3))  # fmt: skip
    table.state = nh.new_game(4, nh.NineHalfOptions(), chips=40, dealer=0)  # the player deals
    table.anim.dealer = 0
    app.push(table)
    for _ in range(600):
        app.step(1 / 60)
        if "confirm_limit" in table.widgets:
            break
    tip = table.widgets["confirm_limit"].tool_tip_text
    assert tip.endswith(NAMES[lang][3]), tip
    assert "RETURN" not in tip
