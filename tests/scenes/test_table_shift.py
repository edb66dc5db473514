"""A shift at the Sabacc table: the hand's total changes when the glitch lands, not
before; the changed card keeps an "old → new" mark until the player's next action
(an opponent's hidden card a "shifted" mark); at the showdown a shifted card stays
where it was instead of jumping to the end of the hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.rules import sabacc_events as ev
from game.scenes.sabacc.model import SHIFT_LANDS, CardView
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def quiet_table(make_app: Callable[..., App]) -> tuple[App, SabaccTable]:
    app = make_app((1280, 720), "en")
    table = SabaccTable(app, QuickPlayConfig(seed=5, opponents=("easy",)))
    app.push(table)
    table.queue.clear()
    table.anim.model.seats[0].cards = [CardView("7c"), CardView("9s"), CardView("5f")]  # 21
    table.anim.model.seats[1].cards = [CardView(None), CardView(None)]
    return app, table


def total(table: SabaccTable) -> int:
    codes = tuple(c.counted_code() for c in table.anim.model.seats[0].cards)
    return table.painter.seats.rank_codes(tuple(c for c in codes if c is not None))[1]


def run(table: SabaccTable, seconds: float, step: float = 0.02) -> None:
    for _ in range(round(seconds / step)):
        table.queue.update(step)


def test_the_total_waits_for_the_glitch_to_land(make_app: Callable[..., App]) -> None:
    app, table = quiet_table(make_app)
    table.anim._ev_shifted(ev.CardShifted(0, "9s", "2s"))
    run(table, 0.02)
    card = table.anim.model.seats[0].cards[1]
    assert card.shift_from == "9s" and total(table) == 21  # the glitch begins: old total
    run(table, 0.9 * SHIFT_LANDS - 0.1)
    assert card.shift_t < SHIFT_LANDS and total(table) == 21
    run(table, 0.5)
    assert total(table) == 14  # landed: 7 + 2 + 5
    assert card.shifted == "9s" and table.anim.model.seats[0].cards.index(card) == 1
    app.step(1 / 60)  # the mark draws ("+9 → +2")


def test_the_mark_lasts_until_the_next_action_and_opponents_get_one(
    make_app: Callable[..., App],
) -> None:
    app, table = quiet_table(make_app)
    table.anim._ev_shifted(ev.CardShifted(1, None, None))  # an opponent's hidden card
    run(table, 1.0)
    assert table.anim.model.seats[1].cards[-1].shifted == "?"
    for _ in range(3000):  # the player's turn comes; acting clears every mark
        if table.mode == "human" and not table.queue.busy:
            break
        app.step(1 / 60)
    assert table.submit(table.legal[0])
    assert all(c.shifted is None for seat in table.anim.model.seats for c in seat.cards)


def test_a_shifted_card_keeps_its_place_at_the_showdown(make_app: Callable[..., App]) -> None:
    app, table = quiet_table(make_app)
    table.anim._ev_shifted(ev.CardShifted(0, "7c", "2s"))
    run(table, 1.0)
    # The engine keeps the new card at the end of the hand; the table keeps it first.
    table.anim.showdown._ev_revealed(ev.HandRevealed(0, ("9s", "5f", "2s"), "normal", 16))
    run(table, 1.0)
    assert [c.code for c in table.anim.model.seats[0].cards] == ["2s", "9s", "5f"]
    assert table.anim.model.seats[0].cards[0].shifted == "7c"
    table.anim.showdown._ev_revealed(ev.HandRevealed(1, ("3c", "4c"), "normal", 7))
    run(table, 1.0)
    assert [c.code for c in table.anim.model.seats[1].cards] == ["3c", "4c"]
