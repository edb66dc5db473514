"""The table kit: every table names its seats the same way, takes its colours from the
player's palette, routes events by type and works out the hint outside of drawing."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.app import App
from game.rules.base import Event
from game.scenes.kit.events import EventRouter
from game.scenes.kit.ink import ink_for
from game.scenes.kit.table import Table
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")

GAMES = ("sabacc", "brag", "ninehalf")


def open_table(make_app: Callable[..., App], game: str, **settings: Any) -> tuple[App, Table]:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    for name, value in settings.items():
        setattr(app.settings, name, value)
    module = importlib.import_module(f"game.scenes.{game}_table")
    config = QuickPlayConfig(game=game, opponents=("easy", "hard"), starting_chips=50, seed=9)
    table = module.create(app, config)
    app.push(table)
    app.step(1 / 60)
    return app, table


def seat_names(table: Table) -> list[str]:
    return [table.seat_name(seat) for seat in range(3)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_table_seats_the_same_named_regulars_with_skill_and_personality(
    make_app: Callable[..., App], game: str
) -> None:
    app, table = open_table(make_app, game)
    assert seat_names(table) == ["You", "Kessa Vrin", "Odo Tarn"]
    cast = table.table_cast()
    assert [seat.note() for seat in cast] == ["", "Easy · Steady", "Hard · Steady"]
    assert not any("Opponent" in line for line, _ in table.log.lines)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("palette", ["colorblind", "high-contrast"])
def test_the_players_palette_colours_every_table(
    make_app: Callable[..., App], game: str, palette: str
) -> None:
    app, table = open_table(
        make_app,
        game,
        colour_blind=palette == "colorblind",
        high_contrast=palette == "high-contrast",
    )
    assert table.palette_name == palette
    assert table.ink == ink_for(palette)
    assert ink_for(palette).gold != ink_for("cantina").gold
    table.log.add("A line of news.", "gold")
    surface = pygame.Surface(app.size)
    table.draw(surface)  # the log draws its roles in the palette's colours
    assert table.log.lines[-1] == ("A line of news.", "gold")


@dataclass(frozen=True)
class Knock(Event):
    seat: int


@dataclass(frozen=True)
class LoudKnock(Knock):
    volume: int


def test_the_router_goes_by_event_type_and_tells_the_unknown() -> None:
    heard: list[str] = []
    router = EventRouter(lambda e: heard.append(f"? {e.kind}"))
    router.on(Knock, lambda e: heard.append(f"knock {e.seat}"))
    router.route(Knock(1))
    router.route(LoudKnock(2, 11))  # a subclass reaches its parent's handler
    router.route(Event())
    assert heard == ["knock 1", "knock 2", "? Event"]


@pytest.mark.parametrize("game", GAMES)
def test_drawing_never_starts_the_hint(
    make_app: Callable[..., App], game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = open_table(make_app, game)
    table.toggle_hint()  # open: the hint is worked out when the decision comes up
    for _ in range(600):
        app.step(1 / 60)
        if not table.hint.waiting:
            break
    assert not table.hint.waiting, "the player never had a decision to hint at"
    started: list[Any] = []
    monkeypatch.setattr(BackgroundChoice, "start", lambda self, *a, **k: started.append(a))
    surface = pygame.Surface(app.size)
    for _ in range(5):
        table.draw(surface)
    assert started == []
    lines = [words for words, _ in table.hint.lines(table.ink)]
    assert any("hard AI" in line for line in lines)


def test_background_choice_thinks_on_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off tests' inline mode, a choice runs on the worker thread and its result (or
    its exception) is handed over once; the frame loop's thread never runs it."""
    import threading
    import time

    monkeypatch.setattr(BackgroundChoice, "inline", False)
    worker = BackgroundChoice()
    ran_on: list[str] = []

    def choose(x: int) -> int:
        ran_on.append(threading.current_thread().name)
        return x * 2

    def fail() -> int:
        raise ValueError("no legal move")

    try:
        worker.start("seat 1", choose, 21)
        for _ in range(500):
            if worker.ready("seat 1"):
                break
            time.sleep(0.01)
        assert worker.take() == 42
        assert ran_on and ran_on[0].startswith("table-ai")
        worker.start("seat 2", fail)
        for _ in range(500):
            if worker.ready("seat 2"):
                break
            time.sleep(0.01)
        with pytest.raises(ValueError, match="no legal move"):
            worker.take()
    finally:
        worker.close()
