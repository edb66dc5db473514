"""Every text on the felt follows a language switch (issue 24): the same seeded table
switched en -> es -> ja at the reveal draws exactly the words of the table played in
that language from the start. The Corellian Spike's named hands and Coruscant's
distances stayed in the language they were revealed in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules.base import BETWEEN
from game.scenes.kit import plate
from game.scenes.kit import text as kt
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")


def table_kind(kind: str) -> tuple[type, str, str]:
    if kind in ("spike", "coruscant"):
        from game.scenes.spike_table import SpikeTable

        return SpikeTable, "sabacc", {"spike": "corellian-spike"}.get(kind, "coruscant-shift")
    if kind == "kessel":
        from game.scenes.kessel_table import KesselTable

        return KesselTable, "sabacc", "kessel"
    if kind == "brag":
        from game.scenes.brag_table import BragTable

        return BragTable, "brag", ""
    from game.scenes.ninehalf_table import NineHalfTable

    return NineHalfTable, "ninehalf", ""


def at_the_reveal(kind: str, table: Any) -> bool:
    if not table.idle():
        return False
    if kind in ("spike", "coruscant"):
        return any(table.anim.model.hand_names)  # the hands named on the felt
    if kind == "brag":
        return any(table.anim.scores)  # a set's showdown shown
    if kind == "ninehalf":
        return any(result is not None for result in table.anim.results)
    return bool(table.state.to_act() == BETWEEN)  # Kessel: the round's hands ranked


def seat(make_app: Callable[..., App], kind: str, lang: str) -> tuple[App, Any]:
    i18n.set_language(lang)
    app = make_app(lang=lang)
    app.settings.animation_speed = "instant"
    scene, game, preset = table_kind(kind)
    table = scene(app, QuickPlayConfig(game=game, preset=preset, opponents=("easy",) * 2, seed=5))
    app.push(table)
    for _ in range(600):
        if at_the_reveal(kind, table):
            return app, table
        table.autoplay_step()
        app.step(1 / 60)
    raise AssertionError("the table never reached the reveal")


def felt_words(table: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the felt shows, painted whole (no cached picture)."""
    drawn: list[str] = []
    original = kt.text

    def noted(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(str(words))
        return original(words, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(kt, "text", noted)
        patch.setattr(plate, "text", noted)
        surface = pygame.Surface(table.app.size)
        table.draw_table(surface)
        table.draw_overlay(surface)
        table.notices.draw_banner(surface)
    return drawn


@pytest.mark.parametrize("kind", ["spike", "coruscant", "kessel", "brag", "ninehalf"])
def test_the_felt_speaks_the_language_switched_to_at_the_reveal(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    app, table = seat(make_app, kind, "en")
    english = felt_words(table, monkeypatch)
    switched: dict[str, list[str]] = {}
    for lang in ("es", "ja"):
        i18n.set_language(lang)  # as Settings does: the App rebuilds every scene's UI
        app.draw(app.screen)
        switched[lang] = felt_words(table, monkeypatch)
    app.close()
    # Japanese, last, would show a word left from either; Spike's names are checked in both.
    for lang in ("es", "ja") if kind == "spike" else ("ja",):
        other, fresh = seat(make_app, kind, lang)
        assert switched[lang] == felt_words(fresh, monkeypatch), lang
        other.close()
    assert switched["es"] != english != switched["ja"]  # words the language changes
    i18n.set_language("en")
