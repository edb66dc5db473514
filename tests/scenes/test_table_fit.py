"""Every table phase, in every language, at the smallest and a large window: no text
wider than its box — the action buttons and the side panel's controls (pygame_gui),
and what the tables draw themselves (nameplates, the panel's boxes, captions),
which report through ``kit.text.overflows``.

Each table is played by its own autoplayer through the real inputs; at every new set
of controls the whole frame is drawn afresh and measured.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from game import games
from game.app import App
from game.rules import ninehalf as nh
from game.scenes.kit import plate as kit_plate
from game.scenes.kit import text as kt
from game.scenes.kit.motion import banner_image
from game.scenes.table import QuickPlayConfig
from game.ui import cards, fonts
from game.ui import draw as furniture

SIZES = [(960, 600), (1920, 1080)]
LANGS = ["en", "ja", "es"]
SABACC = games.get("sabacc")
#: Every rule set the Sabacc table seats a player at (variants with tables of their
#: own are measured by their own tests).
PRESETS = [
    p for p in SABACC.table_preset_names if SABACC.table_module(p) == "game.scenes.sabacc_table"
]


def _cases(names: list[str], quick: set[tuple[str, str]]) -> list[Any]:
    """Every (name, language) pair: those in ``quick`` run in make test, the rest in make
    soak (the whole matrix takes minutes; the quick pairs still put every rule set under
    a long-word and a CJK language between them)."""
    return [
        pytest.param(name, lang, marks=() if (name, lang) in quick else pytest.mark.slow)
        for name in names
        for lang in LANGS
    ]


SABACC_CASES = _cases(PRESETS, {(p, ("es", "ja")[i % 2]) for i, p in enumerate(PRESETS)})


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()
    return tmp_path / "data"


def widget_problems(app: App, scene: Any) -> list[str]:
    """Buttons and labels on screen whose words are wider (or taller) than the box."""
    problems = []
    window = pygame.Rect((0, 0), app.size)
    for element in scene.text_elements():
        if not element.visible or not isinstance(element, UIButton | UILabel):
            continue
        if element.font is None or not element.text:
            continue
        rect = element.get_abs_rect()
        if not window.contains(rect):
            problems.append(f"{element.text!r} outside the window {rect}")
        text_w, text_h = element.font.size(element.text)
        # A button's border and shadow take a few pixels each side of its words.
        room = rect.width - (12 if isinstance(element, UIButton) else 0)
        if text_w > room or text_h > rect.height:
            problems.append(f"{element.text!r} needs {text_w}x{text_h}, box {rect.size}")
    return problems


def drawn_problems(app: App, table: Any) -> list[str]:
    """Draw the whole table afresh (no cached pictures) and collect what did not fit."""
    kit_plate.plate_image.cache_clear()
    banner_image.cache_clear()
    kt.clear_caches()
    canvas = getattr(table, "canvas", None)
    if canvas is not None:
        canvas.layer.state = canvas.layer.image = None
    panel = getattr(table, "panel", None)
    if panel is not None:
        panel._info_cache.clear()
        panel._hint_cache.clear()
    kt.overflows = []
    try:
        app.draw(app.screen)
        return list(kt.overflows)
    finally:
        kt.overflows = None


def shown_controls(table: Any) -> tuple[str, ...]:
    return tuple(e.text for e in table.text_elements() if e.visible and hasattr(e, "text"))


def play_and_measure(app: App, table: Any, settled: Callable[[], bool], frames: int = 6000
                     ) -> tuple[list[str], int]:  # fmt: skip
    """Autoplay the table until it is left; measure every new set of controls."""
    problems: list[str] = []
    seen: set[tuple[str, ...]] = set()
    table.toggle_hint()  # the hint box is measured too (its lines wrap inside it)
    for _ in range(frames):
        if app.top is not table:
            break
        app.step(1 / 60)
        if app.top is not table:
            break
        if settled():
            shown = shown_controls(table)
            if shown not in seen:
                seen.add(shown)
                where = " | ".join(shown)
                problems += [f"[{where}] {p}" for p in widget_problems(app, table)]
                problems += [f"[{where}] {p}" for p in drawn_problems(app, table)]
        table.autoplay_step()
    return sorted(set(problems)), len(seen)


def open_app(make_app: Callable[..., App], size: tuple[int, int], lang: str) -> App:
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    app.options.autoplay = True
    return app


@pytest.mark.parametrize(("preset", "lang"), SABACC_CASES)
def test_sabacc_tables_fit(make_app: Callable[..., App], preset: str, lang: str) -> None:
    from game.scenes.sabacc_table import SabaccTable

    problems = []
    for size in SIZES:
        app = open_app(make_app, size, lang)
        table = SabaccTable(app, QuickPlayConfig(preset=preset, seed=7, rounds=2,
                                                 opponents=("easy", "normal", "hard")))  # fmt: skip
        app.push(table)
        found, phases = play_and_measure(
            app, table, lambda t=table: t.mode in ("human", "between", "over") and not t.queue.busy
        )
        assert phases >= 3, f"{preset} {size}: the table showed only {phases} sets of controls"
        problems += [f"{size} {p}" for p in found]
        app.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_brag_table_fits(make_app: Callable[..., App], lang: str) -> None:
    from game.scenes.brag_table import BragTable

    problems = []
    for size in SIZES:
        app = open_app(make_app, size, lang)
        table = BragTable(app, QuickPlayConfig(game="brag", seed=7, rounds=1,
                                               opponents=("easy", "normal", "hard")))  # fmt: skip
        app.push(table)
        found, phases = play_and_measure(app, table, lambda t=table: t.idle())
        assert phases >= 2
        problems += [f"{size} {p}" for p in found]
        app.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    ("dealer", "lang"),
    [
        pytest.param(dealer, lang, marks=() if (dealer, lang) in {(0, "ja"), (1, "es")}
                     else pytest.mark.slow, id=f"{('dealer', 'player')[dealer]}-{lang}")
        for dealer in (0, 1)
        for lang in LANGS
    ],
)  # fmt: skip
def test_ninehalf_table_fits(make_app: Callable[..., App], lang: str, dealer: int) -> None:
    from game.scenes.ninehalf_table import NineHalfTable

    problems = []
    for size in SIZES:
        app = open_app(make_app, size, lang)
        table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, rounds=1,
                                                   opponents=("easy",) * 3, starting_chips=40))  # fmt: skip
        # A known dealer: the player deals, or plays against the dealer.
        table.state = nh.new_game(4, nh.NineHalfOptions(), chips=40, dealer=dealer)
        table.anim.dealer = dealer
        app.push(table)
        found, phases = play_and_measure(app, table, lambda t=table: t.idle())
        assert phases >= 2
        problems += [f"{size} {p}" for p in found]
        app.close()
    assert problems == [], "\n".join(problems)
