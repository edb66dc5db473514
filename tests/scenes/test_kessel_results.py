"""Kessel is a game of its own to the player: its results speak of Kessel Sabacc and
rounds (not Sabacc hands), and its rounds count in their own statistics column, apart
from Sabacc's hands; statistics written before Kessel had a column still load whole."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game import games
from game.app import App
from game.rules.base import CHANCE, Event, resolve_chance
from game.scenes.main_menu import MainMenuScene
from game.scenes.results import ResultsScene
from game.scenes.stats import StatsScene
from game.session import QuickPlayConfig, SessionResult
from game.session.summary import SessionLog
from game.storage import stats

pytestmark = pytest.mark.usefixtures("data_home")

V010 = Path(__file__).resolve().parents[1] / "data" / "v0.1.0" / "data" / "sabacc-parlor"


def kessel_rounds(preset: str, count: int, seed: int = 4) -> list[tuple[list[Event], list[int]]]:
    """``count`` Kessel rounds played by random legal moves: each round's events and the
    stacks it began with."""
    entry = games.get("sabacc")
    state = entry.new_state(3, 6, preset)
    rng = random.Random(seed)
    rounds: list[tuple[list[Event], list[int]]] = []
    events: list[Event] = []
    start = [int(c) for c in state.chips]
    while len(rounds) < count:
        if state.to_act() == CHANCE:
            new = list(resolve_chance(state, rng))
        elif state.to_act() < 0:
            try:
                new = list(state.start_next())
            except ValueError:  # one player left: a new match
                state = entry.new_state(3, 6, preset)
                start = [int(c) for c in state.chips]
                continue
        else:
            new = list(state.apply(rng.choice(state.legal_actions())))
        events += new
        if entry.unit_ended(new):
            rounds.append((events, start))
            events, start = [], [int(c) for c in state.chips]
    return rounds


def kessel_session(preset: str = "kessel") -> SessionResult:
    log = SessionLog()
    end: list[int] = []
    played = kessel_rounds(preset, 2)
    for index, (events, start) in enumerate(played):
        end = played[index + 1][1] if index + 1 < len(played) else start
        log.add("sabacc", events, start, end)
    config = QuickPlayConfig(
        game="sabacc", preset=preset, opponents=("normal", "normal"), starting_chips=6
    )
    return SessionResult(config, 2, end, None, ["You", "Odo Tarn", "Kessa Vrin"], log)


def shown(make_app: Callable[..., App], result: SessionResult, lang: str = "en") -> ResultsScene:
    app = make_app(lang=lang)
    app.push(MainMenuScene(app))
    scene = ResultsScene(app, result)
    app.push(scene)
    app.step(0.016)
    return scene


@pytest.mark.parametrize(
    ("lang", "subtitle", "round_word"),
    [
        ("en", "Kessel Sabacc · 2 rounds played", "round 2"),
        ("ja", "ケッセル・サバック · 2ラウンドをプレイ", "第2ラウンド"),
        ("es", "Sabacc Kessel · 2 rondas jugadas", "ronda 2"),
    ],
)
def test_kessel_results_speak_of_kessel_and_rounds(
    make_app: Callable[..., App], lang: str, subtitle: str, round_word: str
) -> None:
    scene = shown(make_app, kessel_session(), lang)
    assert scene.subtitle_label.text == subtitle
    assert scene.which(2) == round_word
    summary = " ".join(label.text for label in scene.summary_labels)
    assert "hand" not in summary.lower() and "ハンド" not in summary and "mano" not in summary


@pytest.mark.parametrize(
    ("lang", "subtitle"),
    [
        ("en", "Kessel Sabacc with shift tokens · 2 rounds played"),
        ("ja", "ケッセル・サバック（シフトトークンあり） · 2ラウンドをプレイ"),
        ("es", "Sabacc Kessel con fichas de cambio · 2 rondas jugadas"),
    ],
)
def test_kessel_shift_results_name_the_game_once_with_its_rule_set(
    make_app: Callable[..., App], lang: str, subtitle: str
) -> None:
    """Not "Kessel Sabacc · Kessel Sabacc with shift tokens": the rule set names its game."""
    scene = shown(make_app, kessel_session("kessel-shift"), lang)
    assert scene.subtitle_label.text == subtitle
    if lang != "en":
        return
    # Classic Sabacc keeps its hands.
    config = QuickPlayConfig(game="sabacc", preset="classic", opponents=("easy",))
    classic = shown(make_app, SessionResult(config, 3, [110, 90]))
    assert classic.subtitle_label.text == "Sabacc · Classic · 3 hands played"


def test_kessel_rounds_count_apart_from_sabacc_hands(tmp_path: Path) -> None:
    shutil.copy(V010 / "stats.json", tmp_path / "stats.json")  # written before Kessel's column
    for events, _ in kessel_rounds("kessel-shift", 3):
        stats.record_hand("sabacc", events, 0, directory=tmp_path)
    book = stats.load_stats(tmp_path)
    assert book.games["kessel"].hands_played == 3
    assert book.games["sabacc"].hands_played == 7  # the older file's Sabacc hands, untouched
    assert book.games["brag"].hands_played == 5
    saved = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert saved["games"]["kessel"]["hands_played"] == 3


def test_the_statistics_screen_has_a_kessel_column(
    make_app: Callable[..., App], data_home: Path
) -> None:
    for events, _ in kessel_rounds("kessel", 2):
        stats.record_hand("sabacc", events, 0)
    app = make_app()
    app.push(MainMenuScene(app))
    scene = StatsScene(app)
    app.push(scene)
    app.step(0.016)
    totals = {line.name: line.cells for line in scene.lines if line.total}
    assert list(totals) == [
        "Sabacc (hands)",
        "Kessel Sabacc (rounds)",
        "Thirteen Card Brag (games)",
        "Nine and a Half (deals)",
    ]
    assert totals["Kessel Sabacc (rounds)"][0] == "2" and totals["Sabacc (hands)"][0] == "0"
    # Kessel has Pure Sabaccs, no Idiot's Arrays, crashes or Naturals.
    kessel = totals["Kessel Sabacc (rounds)"]
    assert kessel[3] != "" and kessel[4:] == ("", "", "")
