"""The hand history as the player reads it: every one of the 50 kept hands reachable a
page at a time, newest first, each row with its date, game, rule set and what the hand
won or lost; history from release 0.1.0 still listed; a damaged file still opens the
screen; the replay plays on by itself with Play and stops at the hand's end."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.history import HistoryScene, ReplayScene, result_text
from game.scenes.kit.replay import Replay
from game.scenes.main_menu import MainMenuScene
from game.storage import history

pytestmark = pytest.mark.usefixtures("data_home")

V010 = Path(__file__).resolve().parents[1] / "data" / "v0.1.0" / "data" / "sabacc-parlor"


def v010_hands(game: str) -> list[dict[str, Any]]:
    data = json.loads((V010 / "history" / f"{game}.json").read_text(encoding="utf-8"))
    hands: list[dict[str, Any]] = data["hands"]
    return hands


def write_history(data_home: Path, game: str, hands: list[dict[str, Any]]) -> Path:
    folder = data_home / "sabacc-parlor" / "history"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}.json"
    path.write_text(json.dumps({"schema_version": 1, "hands": hands}), encoding="utf-8")
    return path


def fifty_hands() -> list[dict[str, Any]]:
    """50 Nine and a Half deals, oldest first: hand n played on day n (n = 1..50), the
    player's stack going 100 -> 100 + n (won) or 100 - n (lost, every third hand)."""
    template = v010_hands("ninehalf")[0]
    hands = []
    for n in range(1, 51):
        hand = dict(template)
        hand["played_at"] = f"2026-{10 + n // 29:02d}-{n % 28 + 1:02d}T12:{n:02d}:00"
        hand["chips"] = [100, 100, 40, 40]
        delta = -n if n % 3 == 0 else n
        hand["chips_after"] = [100 + delta, 100 - delta, 40, 40]
        hands.append(hand)
    return hands


def open_history(make_app: Callable[..., App], game: str, **kw: Any) -> tuple[App, HistoryScene]:
    app = make_app(**kw)
    app.push(MainMenuScene(app))
    scene = HistoryScene(app, game)
    app.push(scene)
    app.step(0.016)
    return app, scene


def rows(scene: HistoryScene) -> list[tuple[str, str]]:
    """The rows shown: (row text, result text), top to bottom."""
    return [
        (item.button.text, label.text)
        for item, label in zip(scene.hand_buttons, scene.result_labels, strict=True)
    ]


def press(app: App, item: Any) -> None:
    from game.scenes.base import click_events

    for event in click_events(item.button):
        app.handle_event(event)
    app.step(0.016)


def test_every_one_of_fifty_hands_is_reached_page_by_page_newest_first(
    make_app: Callable[..., App], data_home: Path
) -> None:
    write_history(data_home, "ninehalf", fifty_hands())
    app, scene = open_history(make_app, "ninehalf")
    seen: list[tuple[str, str]] = []
    pages = 0
    while True:
        pages += 1
        shown = rows(scene)
        assert 0 < len(shown) <= scene.per_page
        seen += shown
        if not scene.older.enabled:
            break
        press(app, scene.older)
        assert pages < 50
    assert len(seen) == 50
    assert pages == -(-50 // scene.per_page)
    # Newest first: hand 50 on top of the first page, hand 1 last on the last page.
    expected = list(reversed(fifty_hands()))
    for (text, result), hand in zip(seen, expected, strict=True):
        assert text.startswith(hand["played_at"].replace("T", " ")[:16])
        assert "Nine and a Half" in text and "Quick play" in text
        net = hand["chips_after"][0] - hand["chips"][0]
        chips = "chip" if abs(net) == 1 else "chips"
        assert result == (f"+{net} {chips}" if net > 0 else f"−{-net} {chips}")
    first = 50 - len(rows(scene)) + 1
    assert scene.page_label.text == f"{first}–50 of 50 · page {pages} of {pages}"
    # And back to the newest with Page Up.
    for _ in range(pages):
        app.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0)
        )
    assert scene.page == 0 and not scene.newer.enabled
    assert rows(scene)[0][1] == "+50 chips"


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=str)
def test_history_rows_fit_their_boxes(
    make_app: Callable[..., App], data_home: Path, lang: str, size: tuple[int, int]
) -> None:
    from tests.scenes.test_layout import check_scene

    write_history(data_home, "ninehalf", fifty_hands())
    app, scene = open_history(make_app, "ninehalf", size=size, lang=lang)
    assert check_scene(app, scene) == []
    assert len(scene.hand_buttons) >= 5


def test_history_from_release_0_1_0_still_shows(
    make_app: Callable[..., App], data_home: Path
) -> None:
    folder = data_home / "sabacc-parlor" / "history"
    shutil.copytree(V010 / "history", folder)
    app, scene = open_history(make_app, "ninehalf")
    shown = rows(scene)
    assert len(shown) == 3
    # Newest first; 0.1.0 kept no stacks at the end, so a row says whether the deal won.
    assert [text[:16] for text, _ in shown] == sorted(
        (h["played_at"].replace("T", " ")[:16] for h in v010_hands("ninehalf")), reverse=True
    )
    assert {result for _, result in shown} <= {"Won", "Not won"}
    assert app.notices == []
    scene.set_game("brag")
    assert len(rows(scene)) == 5
    # Each of those hands still replays on its table, to its last step.
    for game in ("brag", "ninehalf"):
        scene.set_game(game)
        for item in scene.hand_buttons:
            item.activate()
            replay: Any = app.top
            assert replay is not scene and replay.director.steps
            while not replay.director.at_end:
                replay.director.step_forward()
                app.step(1 / 60)
            app.pop()
            app.step(1 / 60)
    assert app.notices == []


def test_a_damaged_history_file_still_opens_the_screen(
    make_app: Callable[..., App], data_home: Path
) -> None:
    hands = fifty_hands()[:4]
    hands.insert(2, {"game": "ninehalf", "seat": "me"})  # one hand damaged
    write_history(data_home, "ninehalf", hands)
    app, scene = open_history(make_app, "ninehalf")
    assert len(rows(scene)) == 4  # the sound hands stay
    assert app.notices, "the player was not told"
    path = write_history(data_home, "ninehalf", [])
    path.write_bytes(b"\x00{not json")
    scene.set_game("ninehalf")
    assert rows(scene) == [] and scene.back.enabled


def test_result_of_a_hand_counts_rebuys_out() -> None:
    record = history.HandRecord.from_json(
        {**fifty_hands()[0], "chips": [0, 80, 40, 40], "chips_after": [52, 68, 40, 40]}
    )
    record.encoded_events.insert(
        0, {"$dc": "game.rules.ninehalf:Rebought", "fields": {"seat": 0, "amount": 40}}
    )
    assert record.net() == 12
    assert result_text(record) == ("+12 chips", "won")
    i18n.set_language("es")
    assert result_text(record) == ("+12 fichas", "won")
    i18n.set_language("en")


def test_replay_play_button_plays_the_hand_to_its_end_then_reads_play_again(
    make_app: Callable[..., App], data_home: Path
) -> None:
    write_history(data_home, "ninehalf", v010_hands("ninehalf"))
    app, scene = open_history(make_app, "ninehalf")
    press(app, scene.hand_buttons[0])
    replay = app.top
    assert replay is not scene
    assert isinstance(getattr(replay, "director", None), Replay)
    steps = len(replay.director.steps)
    button = replay.widgets["play"]  # type: ignore[attr-defined]
    assert button.text == "Play  [P]"  # with its key, as every replay bar says it
    for event in _click(button):
        app.handle_event(event)
    app.step(0.016)
    assert replay.director.playing  # type: ignore[attr-defined]
    assert replay.widgets["play"].text == "Pause  [P]"  # type: ignore[attr-defined]
    for _ in range(4000):
        app.step(1 / 30)
        if not replay.director.playing:  # type: ignore[attr-defined]
            break
    assert replay.director.shown == steps  # type: ignore[attr-defined]
    app.step(1 / 30)
    assert replay.widgets["play"].text == "Play  [P]"  # type: ignore[attr-defined]


def _click(element: Any) -> list[pygame.event.Event]:
    from game.scenes.base import click_events

    return click_events(element)


def test_stepper_replay_plays_on_by_itself(make_app: Callable[..., App], data_home: Path) -> None:
    app = make_app()
    record = history.HandRecord.from_json(fifty_hands()[0])
    scene = ReplayScene(app, record, record.events())
    app.push(scene)
    app.step(0.016)
    press(app, scene.play)
    assert scene.playing and scene.play.button.text == "Pause"
    for _ in range(len(scene.events) * 30):
        app.step(0.05)
    assert scene.index == len(scene.events) - 1
    assert not scene.playing and scene.play.button.text == "Play"


def test_sabacc_replay_play_key_plays_the_hand_on_the_table_to_its_end(
    make_app: Callable[..., App], data_home: Path
) -> None:
    from tests.scenes.test_campaign_scenes import one_hand

    events = one_hand()
    history.record("sabacc", events, 0, "Quick play", ["You", "A", "B"], chips=[100] * 3,
                   chips_after=[100] * 3, preset="classic")  # fmt: skip
    app, scene = open_history(make_app, "sabacc")
    assert rows(scene)[0][1] == "±0 chips" and "Classic" in rows(scene)[0][0]
    scene.hand_buttons[0].activate()
    replay: Any = app.top
    assert replay.bar.button("play").text.startswith("Play")
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    app.step(1 / 30)
    assert replay.director.playing and replay.bar.button("play").text.startswith("Pause")
    for _ in range(len(replay.director.steps) * 200):
        app.step(1 / 30)
        if not replay.director.playing:
            break
    assert replay.director.at_end and replay.bar.button("play").text.startswith("Play")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_history_and_results_fit_at_twice_the_interface_size(
    app_with: Callable[..., App], data_home: Path, lang: str
) -> None:
    from tests.scenes.test_layout import check_scene
    from tests.scenes.test_results_screen import known_session

    write_history(data_home, "ninehalf", fifty_hands())
    app = app_with(window_size=[1024, 640], language=lang, ui_scale=2.0, high_contrast=True)
    app.push(MainMenuScene(app))
    history_scene = HistoryScene(app, "ninehalf")
    app.push(history_scene)
    app.step(0.016)
    assert check_scene(app, history_scene) == []
    assert len(history_scene.hand_buttons) >= 3
    from game.scenes.results import ResultsScene

    results = ResultsScene(app, known_session())
    app.push(results)
    app.step(0.016)
    assert check_scene(app, results) == []


def test_paging_with_the_keyboard_keeps_the_focus_on_the_pager(
    make_app: Callable[..., App], data_home: Path
) -> None:
    write_history(data_home, "ninehalf", fifty_hands())
    app, scene = open_history(make_app, "ninehalf")
    scene.ring.focus_item(scene.older)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    while scene.older.enabled:
        app.handle_event(enter)
        assert scene.ring.current in (scene.older, scene.hand_buttons[0])
    assert scene.ring.current is scene.hand_buttons[0]
    assert rows(scene)[-1][0].startswith(fifty_hands()[0]["played_at"].replace("T", " ")[:16])
