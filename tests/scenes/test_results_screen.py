"""The results screen as the player reads it after a known session: the standings in
order with exact stacks and chips won or lost, the biggest pot and the player's best
hand, the characters' names, Brag's final points and winner; it fits its boxes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.scenes.main_menu import MainMenuScene
from game.scenes.results import ResultsScene
from game.session import QuickPlayConfig, SessionResult
from game.session.summary import SessionLog
from game.storage import history

pytestmark = pytest.mark.usefixtures("data_home")

V010 = Path(__file__).resolve().parents[1] / "data" / "v0.1.0" / "data" / "sabacc-parlor"
NAMES = ["You", "Mabbet Quill", "Odo Tarn", "Kessa Vrin"]


def known_session() -> SessionResult:
    """The three Nine and a Half deals release 0.1.0 played with seed 13 (the stacks
    went 40 each -> 56/32/32/40 -> 64/28/32/36 -> 64/23/29/44)."""
    data = json.loads((V010 / "history" / "ninehalf.json").read_text(encoding="utf-8"))
    log = SessionLog()
    end: list[int] = []
    for hand in data["hands"]:
        record = history.HandRecord.from_json(hand)
        events = record.events()
        end = list(next(e for e in reversed(events) if e.kind == "DealEnded").chips)
        log.add("ninehalf", events, record.chips, end)
    config = QuickPlayConfig(game="ninehalf", opponents=("normal",) * 3, starting_chips=40)
    return SessionResult(config, 3, end, None, list(NAMES), log)


def shown(make_app: Callable[..., App], result: SessionResult, **kw: object) -> ResultsScene:
    app = make_app(**kw)
    app.push(MainMenuScene(app))
    scene = ResultsScene(app, result)
    app.push(scene)
    app.step(0.016)
    return scene


def table(scene: ResultsScene) -> list[list[str]]:
    return [[label.text for label in row] for row in scene.standing_labels]


def test_known_session_shows_exact_standings_pot_and_best_hand(
    make_app: Callable[..., App],
) -> None:
    scene = shown(make_app, known_session())
    assert scene.subtitle_label.text == "Nine and a Half · 3 deals played"
    assert table(scene) == [
        ["Player", "Chips", "Won / lost"],
        ["1. You", "64", "+24"],
        ["2. Kessa Vrin", "44", "+4"],
        ["3. Odo Tarn", "29", "−11"],
        ["4. Mabbet Quill", "23", "−17"],
    ]
    assert [label.text for label in scene.summary_labels] == [
        "Biggest pot: 16 chips, yours (deal 1)",
        "Your best hand: deal 1, +16 chips, a Natural",
    ]
    assert scene.log is not None
    assert scene.log.stacks()[0] == [40, 56, 64, 64]  # the player's line in the chart
    assert scene.chart_area is not None


def test_results_name_characters_not_numbered_opponents(make_app: Callable[..., App]) -> None:
    config = QuickPlayConfig(game="sabacc", opponents=("easy", "hard"), starting_chips=100)
    scene = shown(make_app, SessionResult(config, 2, [90, 130, 80]))
    names = [row[0] for row in table(scene)[1:]]
    assert names[1] == "2. You" and names[2].startswith("3. ")
    assert not any("Opponent" in name for name in names)
    assert [row[2] for row in table(scene)[1:]] == ["+30", "−10", "−20"]


def test_brag_finale_shows_the_final_points_and_the_winner(make_app: Callable[..., App]) -> None:
    config = QuickPlayConfig(game="brag", opponents=("normal",) * 3, starting_chips=50)
    result = SessionResult(config, 1, [40, 80, 40, 40], 1, list(NAMES), None, [1, 7, 3, 2])
    scene = shown(make_app, result)
    assert table(scene) == [
        ["Player", "Chips", "Won / lost", "Points"],
        ["1. Mabbet Quill", "80", "+30", "7"],
        ["2. Odo Tarn", "40", "−10", "3"],
        ["3. Kessa Vrin", "40", "−10", "2"],
        ["4. You", "40", "−10", "1"],
    ]
    assert scene.summary_labels[0].text == "Mabbet Quill wins the game"


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=str)
def test_results_fit_their_boxes(
    make_app: Callable[..., App], lang: str, size: tuple[int, int]
) -> None:
    from tests.scenes.test_layout import check_scene

    scene = shown(make_app, known_session(), size=size, lang=lang)
    assert check_scene(scene.app, scene) == []


def test_a_table_left_before_any_hand_says_so_without_an_empty_table(
    make_app: Callable[..., App],
) -> None:
    scene = shown(make_app, SessionResult(QuickPlayConfig()))
    assert scene.subtitle_label.text == "Sabacc · Classic · No hands were finished at this table."
    assert scene.standing_labels == [] and scene.summary_labels == []
    assert scene.chart_area is None and scene.again.enabled


def test_chart_keeps_opponents_that_lose_alike_apart(make_app: Callable[..., App]) -> None:
    """Three opponents whose stacks run the same way are three lines the player can
    see, not one line in the last-drawn colour."""
    import pygame

    from game.scenes.results import SEAT_COLOURS

    scene = shown(make_app, known_session())
    surface = pygame.Surface((640, 420))
    rect = pygame.Rect(60, 30, 520, 330)
    scene.draw_chart(surface, rect, [[6, 6, 6], [6, 5, 4], [6, 5, 4], [6, 5, 4]])
    seen = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }
    for seat in (1, 2, 3):
        assert SEAT_COLOURS[seat] in seen, f"seat {seat}'s line is hidden"
