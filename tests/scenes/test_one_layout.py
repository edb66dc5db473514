"""Issue 26: one layout language. Every table kind, at the player's turn, puts its
action bar in the same place (``kit.bar.bar_place``: across the foot of the felt,
under the player's own hand), and nothing overlaps: the bar's buttons, the player's
cards, the nameplates, the side panel, its log and the hint box.

The rectangles are those the tables lay out and draw with (no picture is compared);
each table is opened once and taken through the window sizes and languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.kit.bar import bar_place
from game.scenes.kit.panel import sidebar_width
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig, make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
LANGS = ["en", "ja", "es"]
KINDS: dict[str, dict[str, str]] = {
    "classic": {"game": "sabacc", "preset": "classic"},
    "force": {"game": "sabacc", "preset": "force"},
    "kessel": {"game": "sabacc", "preset": "kessel"},
    "kessel-shift": {"game": "sabacc", "preset": "kessel-shift"},
    "spike": {"game": "sabacc", "preset": "corellian-spike"},
    "coruscant": {"game": "sabacc", "preset": "coruscant-shift"},
    "brag": {"game": "brag"},
    "ninehalf": {"game": "ninehalf"},
}


def at_turn(table: Any) -> bool:
    if hasattr(table, "mode"):  # the Sabacc table
        return bool(table.mode == "human" and not table.queue.busy)
    return bool(table.awaiting_human() and table.idle())


def open_at_turn(make_app: Callable[..., App], kind: str, size: tuple[int, int], lang: str
                 ) -> tuple[App, Any]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(seed=7, rounds=2, opponents=("easy", "normal", "hard"),
                             **KINDS[kind])  # type: ignore[arg-type]  # fmt: skip
    table = make_table_scene(app, config)
    app.push(table)
    for _ in range(3000):
        app.step(1 / 60)
        if at_turn(table):
            break
    assert at_turn(table), f"{kind}: the player's turn never came"
    return app, table


def switch(app: App, table: Any, size: tuple[int, int], lang: str) -> None:
    """The same table at another window size and language (as a player resizing the
    window and switching the language in the settings would)."""
    app.set_window_size(size)
    i18n.set_language(lang)
    for _ in range(2):
        app.step(1 / 60)
    assert app.size == size and at_turn(table)
    app.draw(app.screen)  # the plates' places are where they are drawn


def bar_of(table: Any) -> pygame.Rect:
    return table.places.bar if isinstance(table, SabaccTable) else table.bar_rect


def buttons_of(table: Any) -> list[tuple[str, pygame.Rect]]:
    """The decision's controls on screen (the action bar's buttons and labels)."""
    if hasattr(table, "bar") and hasattr(table.bar, "items"):
        items = [(k, i.button) for k, i in table.bar.items.items()]
        if isinstance(table, SabaccTable) and table.inputs.stepper_items:
            items += [(i.button.text, i.button) for i in table.inputs.stepper_items]
    else:
        items = list(table.widgets.items())
    return [(str(k), w.get_abs_rect()) for k, w in items if w.visible]


def hand_of(table: Any) -> list[pygame.Rect]:
    """Where the player's own cards (and their sets, their drawn card) lie."""
    if isinstance(table, SabaccTable):
        place = table.places.seats[0]
        count = len(table.anim.model.seats[0].cards)
        return [place.card_rect(i, count) for i in range(count)]
    if hasattr(getattr(table, "places", None), "slot_rects"):  # Brag: hand and four set slots
        return [table.places.hand_rect, *table.places.slot_rects]
    if hasattr(getattr(table, "places", None), "human_hand"):  # Kessel
        return [table.places.human_hand, table.places.drawn_rect]
    return [table.places.hand_boxes[0]]  # Spike, Coruscant, Nine and a Half


def plates_of(table: Any) -> list[pygame.Rect]:
    if isinstance(table, SabaccTable):
        return [place.plate for place in table.places.seats]
    return [rect for rect in table._plates.values() if rect.width]


def panel_of(table: Any) -> Any:
    return table.places.panel if isinstance(table, SabaccTable) else table.side


def problems_at(table: Any, size: tuple[int, int]) -> list[str]:
    u, ui = table.table_u, table.app.scale
    width, height = size
    felt = pygame.Rect(0, 0, width - sidebar_width(width, u), height)
    bar = bar_of(table)
    out: list[str] = []
    if bar != bar_place(felt, u, ui):
        out.append(f"the bar is at {bar}, not where every table has it {bar_place(felt, u, ui)}")
    buttons = buttons_of(table)
    if not buttons:
        out.append("no controls at the player's turn")
    for key, rect in buttons:
        if not bar.contains(rect):
            out.append(f"{key!r} {rect} outside the action bar {bar}")
    for (a, ra), (b, rb) in combinations(buttons, 2):
        if ra.colliderect(rb):
            out.append(f"{a!r} overlaps {b!r}")
    hand, plates = hand_of(table), plates_of(table)
    panel = panel_of(table)
    # Under the player's own hand: nothing of the table's reaches into the bar.
    for rect in hand:
        if rect.colliderect(bar):
            out.append(f"the player's cards {rect} reach into the bar {bar}")
    for rect in plates:
        if rect.colliderect(bar):
            out.append(f"a nameplate {rect} reaches into the bar {bar}")
    if bar.top < max(r.bottom for r in hand) or bar.colliderect(panel.rect):
        out.append(f"the bar {bar} is not under the hand on the felt")
    for n, a in enumerate(plates):
        for b in plates[n + 1 :]:
            if a.colliderect(b):
                out.append(f"nameplates {a} and {b} overlap")
        for rect in hand:
            if a.colliderect(rect) and a not in plates[:1]:
                out.append(f"a nameplate {a} on the player's cards {rect}")
    # The panel: the log whole, the hint box under it, never over it.
    table.panel.hint_open = True
    log = table.panel.log_rect(panel, u)
    if log.colliderect(panel.hint) or log.height < 3 * round(20 * u):
        out.append(f"the hint box {panel.hint} hides the log {log}")
    table.panel.hint_open = False
    for rect in (panel.buttons, panel.info, panel.log):
        if not panel.rect.contains(rect) or rect.colliderect(felt):
            out.append(f"the panel's {rect} leaves the panel")
    return out


def sweep(make_app: Callable[..., App], kind: str, cases: list[tuple[tuple[int, int], str]]
          ) -> Iterator[str]:  # fmt: skip
    app, table = open_at_turn(make_app, kind, *cases[0])
    try:
        for size, lang in cases:
            switch(app, table, size, lang)
            yield from (f"{kind} {size[0]}x{size[1]} {lang}: {p}" for p in problems_at(table, size))
    finally:
        app.close()
        i18n.set_language("en")


#: In ``make test`` each kind at one size and language (every size and language
#: among them); the whole matrix in ``make soak``.
QUICK = {kind: (SIZES[n % 3], LANGS[(n + n // 3) % 3]) for n, kind in enumerate(KINDS)}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_table_puts_its_bar_in_the_same_place(make_app: Callable[..., App], kind: str
                                                    ) -> None:  # fmt: skip
    assert list(sweep(make_app, kind, [QUICK[kind]])) == []


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_table_at_every_size_and_language(make_app: Callable[..., App], kind: str) -> None:
    cases = [(size, lang) for size in SIZES for lang in LANGS]
    assert list(sweep(make_app, kind, cases)) == []
