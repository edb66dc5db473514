"""Coached hands on the real tables: each plays to its end through the scene's own
input path, and the coach's callout never covers what it explains."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App, AppOptions
from game.help.coach import LESSONS
from game.scenes.autoplay import AutoplayDriver
from game.scenes.kit.coach import CoachTable, make_coached
from game.scenes.main_menu import MainMenuScene

pytestmark = pytest.mark.usefixtures("data_home")


def lesson_app(tmp_path: Path, game: str, size: tuple[int, int], lang: str) -> App:
    settings = tmp_path / f"settings-{game}-{lang}-{size[0]}.json"
    settings.write_text(
        json.dumps({"window_size": list(size), "language": lang, "animation_speed": "instant"}),
        encoding="utf-8",
    )
    return App(AppOptions(autoplay=True, tutorial=game, settings_file=settings, headless=True))


def play_lesson(
    app: App, game: str, each_frame: Callable[[CoachTable], None] | None = None
) -> CoachTable:
    table = make_coached(app, game)
    assert isinstance(table, CoachTable)
    app.frame_hooks.append(AutoplayDriver(app))
    for scene in (MainMenuScene(app), table):
        app.push(scene)
    for _ in range(6000):
        if not app.running:
            break
        app.step(1 / 60)
        if each_frame is not None and app.running and app.top is table:
            each_frame(table)
    return table


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_coached_hand_plays_to_its_end_on_its_table(tmp_path: Path, game: str) -> None:
    app = lesson_app(tmp_path, game, (1280, 720), "en")
    seen: list[str] = []

    def note(table: CoachTable) -> None:
        shown = table.visible_step()
        if shown is not None and shown[1] is not None and shown[1].key not in seen:
            seen.append(shown[1].key)

    try:
        table = play_lesson(app, game, note)
        assert not app.running and app.exit_code == 0
        assert table.coach.over
        current = table.lesson
        assert seen == [step.key for step in (*current.steps, *current.ending)]
        assert game in app.settings.lessons_seen
    finally:
        app.close()
        i18n.set_language("en")


def test_a_coached_hand_plays_through_in_japanese(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, "sabacc", (1280, 720), "ja")
    try:
        table = play_lesson(app, "sabacc")
        assert table.coach.over and app.exit_code == 0
        awarded = [e for e in table.coach.events if e.kind == "PotAwarded" and e.seat == 0]
        assert [(e.pot, e.amount) for e in awarded] == [("hand", 13), ("sabacc", 4)]
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(LESSONS))
def test_the_callout_never_covers_its_target(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = lesson_app(tmp_path, game, size, "en")
    checked: dict[int, Any] = {}

    def check(table: CoachTable) -> None:
        shown = table.visible_step()
        if shown is None or shown[0] in checked:
            return
        box, target = table.coach_rects()
        assert box is not None
        assert pygame.Rect((0, 0), app.size).contains(box)
        if target is not None:
            assert not box.colliderect(target), (shown, box, target)
        checked[shown[0]] = (box, target)

    try:
        table = play_lesson(app, game, check)
        assert table.coach.over
        assert len(checked) == table.steps_total + 1
    finally:
        app.close()
        i18n.set_language("en")


def test_a_wrong_move_is_refused_in_the_coachs_words(tmp_path: Path) -> None:
    """At the first action step of the Sabacc lesson, Check is refused: nothing changes
    and the callout says so; the asked-for bet then goes through."""
    from game.rules.sabacc import Bet, Check

    app = lesson_app(tmp_path, "sabacc", (1280, 720), "en")
    app.options.autoplay = False
    try:
        table = make_coached(app, "sabacc")
        assert isinstance(table, CoachTable)
        app.push(table)
        for _ in range(400):
            app.step(1 / 60)
            step = table.asked()
            if step is not None:
                break
            shown = table.visible_step()
            if shown is not None and shown[1] is not None and shown[1].wants is None:
                table.coach_press("continue")
        assert table.asked() is not None and table.asked().action == Bet(2)
        chips = list(table.state.chips)
        assert table.submit(Check()) is True  # the table sends it; the coach refuses
        for _ in range(5):
            app.step(1 / 60)
        assert list(table.state.chips) == chips and table.coach.turns == 0
        assert table.coach_refused
        words = [i18n.t("coach.not_now")]
        assert words and table._coach_lines  # the refusal is in the callout
        assert table.submit(Bet(2)) is True
        assert table.coach.turns == 1
    finally:
        app.close()
