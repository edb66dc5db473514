"""Scene stack lifecycle and the frame loop's bookkeeping."""

from __future__ import annotations

from collections.abc import Callable
from unittest.mock import Mock, call

import pygame

from game.app import App, FrameStats, Scene
from game.scenes.main_menu import MainMenuScene
from game.scenes.rules import RulesScene
from game.scenes.title import TitleScene


def scene() -> Mock:
    # A scene that moves (the base Scene's redraw_in): every frame is drawn.
    return Mock(spec=Scene, transparent=False, **{"redraw_in.return_value": 0.0})


def test_push_pauses_the_old_top_and_resumes_the_new(make_app: Callable[..., App]) -> None:
    app = make_app()
    first, second = scene(), scene()
    app.push(first)
    first.resume.assert_called_once_with()
    app.push(second)
    first.pause.assert_called_once_with()
    second.resume.assert_called_once_with()
    assert app.top is second
    first.shutdown.assert_not_called()


def test_pop_shuts_down_the_top_and_resumes_the_one_below(make_app: Callable[..., App]) -> None:
    app = make_app()
    first, second = scene(), scene()
    app.push(first)
    app.push(second)
    assert app.pop() is second
    second.shutdown.assert_called_once_with()
    assert first.resume.call_args_list == [call(), call()]
    assert app.top is first
    app.pop()
    assert app.running is False  # an empty stack ends the program


def test_replace_shuts_down_without_resuming_the_scene_below(make_app: Callable[..., App]) -> None:
    app = make_app()
    bottom, middle, new = scene(), scene(), scene()
    app.push(bottom)
    app.push(middle)
    app.replace(new)
    middle.shutdown.assert_called_once_with()
    new.resume.assert_called_once_with()
    assert bottom.resume.call_count == 1  # only its first resume
    assert app.stack == [bottom, new]


def test_pop_until_shuts_down_overlays_and_resumes_the_target(make_app: Callable[..., App]) -> None:
    app = make_app()
    table, pause, confirm = scene(), scene(), scene()
    for s in (table, pause, confirm):
        app.push(s)
    app.pop_until(table)
    pause.shutdown.assert_called_once_with()
    confirm.shutdown.assert_called_once_with()
    assert table.resume.call_count == 2
    assert app.stack == [table]


def test_events_reach_only_the_top_scene(make_app: Callable[..., App]) -> None:
    app = make_app()
    below, top = scene(), scene()
    app.push(below)
    app.push(top)
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    app.handle_event(event)
    top.process_event.assert_called_once_with(event)
    below.process_event.assert_not_called()


def test_step_updates_then_draws_the_top_scene(make_app: Callable[..., App]) -> None:
    app = make_app()
    top = scene()
    app.push(top)
    app.step(0.016)
    top.update.assert_called_once_with(0.016)
    top.draw.assert_called_once_with(app.screen)


def test_unconsumed_event_is_returned_by_menu_scenes(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    stray = pygame.event.Event(pygame.USEREVENT, code=7)
    assert menu.process_event(stray) is stray
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    assert menu.process_event(down) is None


def test_keyboard_walks_the_menu_and_opens_rules(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.push(MainMenuScene(app))
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    assert menu.ring.index == 0  # Quick play has the focus at first
    # Quick play, Campaign, Statistics, History, Rules: four steps down.
    for key in (pygame.K_DOWN,) * 4 + (pygame.K_RETURN,):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert isinstance(app.top, RulesScene)


def test_title_goes_to_main_menu_on_any_key(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.push(TitleScene(app))
    app.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)
    )
    assert isinstance(app.top, MainMenuScene)
    assert len(app.stack) == 1


def test_frame_stats_summary_percentiles() -> None:
    stats = FrameStats(frame_ms=[float(n) for n in range(1, 101)])
    assert stats.summary() == {
        "frames": 100,
        "p50_ms": 50.5,
        "p95_ms": 95.0,
        "p99_ms": 99.0,
        "max_ms": 100.0,
    }
    assert FrameStats().summary()["frames"] == 0
