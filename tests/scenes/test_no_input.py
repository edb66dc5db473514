"""With no input at all, every table shows what it does on its own (issue 24).

A new player who clicked "Deal me in" and then touched nothing saw frozen tables: the
seat before theirs still marked, a deal half done, a banner that never went, until the
mouse moved. These tests run the loop players get (``App.run``, its real rest and
partial drawing) on a fake clock with no input event at all, and look at the picture
sent to the screen (what ``pygame.display.flip`` / ``update`` showed), never at the
scene's own state: each time the table comes to rest (the player's turn, a banner
gone, the reveal between hands) the screen must show exactly that table within
SHOWN_WITHIN seconds, and the player's turn must arrive within its animation time.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

import game.app as app_module
from game.app import REST_TICK, App, Scene
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.coach import CoachTable, make_coached
from game.scenes.main_menu import MainMenuScene
from game.scenes.table import QuickPlayConfig, make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")

SHOWN_WITHIN = 0.1  # seconds: "at once" (6 frames at 60 fps)
TURN_WITHIN = 12.0  # seconds of play before the player's first turn (deal and bots)
REVEAL_WITHIN = 30.0  # seconds from the player's last move to the next hand's offer
LEFT_ALONE = 120.0  # seconds of play after which a test gives up


class FakeClock:
    """Time for the App: ``time.perf_counter``, its frame cap and its waits for input.

    Nothing ever arrives while the loop waits (no input), so a wait only moves time on;
    an event already queued (pygame_gui's own) ends a wait at once, as in SDL."""

    def __init__(self) -> None:
        self.now = 100.0
        self.last_tick = self.now
        self.slept = 0.0

    def perf_counter(self) -> float:
        return self.now

    def tick(self, fps: float = 0) -> int:
        self.now = max(self.now, self.last_tick + (1 / fps if fps else 0))
        elapsed = self.now - self.last_tick
        self.last_tick = self.now
        return round(elapsed * 1000)

    def wait(self, timeout: int = 0) -> pygame.event.Event:
        queued = pygame.event.poll()
        if queued.type != pygame.NOEVENT:
            return queued
        self.now += timeout / 1000
        self.slept += timeout / 1000
        return pygame.event.Event(pygame.NOEVENT)


class Screen:
    """What the player sees: the display's pixels as of each flip, or only the rects
    of each update (a part drawn at rest)."""

    def __init__(self) -> None:
        self.picture: pygame.Surface | None = None
        self.sent = 0

    def flip(self) -> None:
        self.picture = pygame.display.get_surface().copy()
        self.sent += 1

    def update(self, rects: Any = None) -> None:
        display = pygame.display.get_surface()
        if self.picture is None or rects is None:
            self.flip()
            return
        for rect in [rects] if isinstance(rects, pygame.Rect) else rects:
            self.picture.blit(display, rect, rect)
        self.sent += 1


@pytest.fixture
def loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeClock, Screen]]:
    clock, screen = FakeClock(), Screen()
    monkeypatch.setattr(app_module, "time", types.SimpleNamespace(perf_counter=clock.perf_counter))
    monkeypatch.setattr(pygame.event, "wait", clock.wait)
    monkeypatch.setattr(pygame.display, "flip", screen.flip)
    monkeypatch.setattr(pygame.display, "update", screen.update)
    yield clock, screen


def banner_of(scene: Scene) -> Any:
    banner = getattr(scene, "banner", None)
    if banner is None:
        banner = getattr(getattr(scene, "model", None), "banner", None)
    return banner


def between_hands(scene: Scene) -> bool:
    """The hand is over and its end is on the table (the next hand, or Brag's next set,
    waits for the player)."""
    if getattr(scene, "hold", False):
        return True
    mode = getattr(scene, "mode", None)
    if mode is not None:
        return bool(mode in ("between", "over"))
    seen = getattr(scene, "seen", None)
    return seen is not None and seen.to_act in (BETWEEN, TERMINAL)


def press_quietly(scene: Scene, last: str | None) -> str | None:
    """The player's move, made without any input event (the handler a click would run):
    Brag's sets arranged first, then the decision's main action, else its first safe
    one. Returns its key."""
    buttons = list(scene.action_buttons())  # type: ignore[attr-defined]
    safe = [entry for entry in buttons if entry[0] not in ("fold", "leave", "sitout", "stop")]
    arrange = [entry for entry in safe if entry[0] == "auto" and last != "auto"]
    choice = next((e for e in arrange + safe if e[1] or e in arrange), safe[0] if safe else None)
    if choice is None:
        return None
    for item in scene.ring.items:  # type: ignore[attr-defined]
        if getattr(item, "button", None) is choice[2]:
            item.activate()
            return str(choice[0])
    return None


@dataclass
class Watch:
    """Follows the table frame by frame (a frame hook: after the last frame was shown,
    before the next update) and checks the screen each time the table comes to rest."""

    clock: FakeClock
    screen: Screen
    table: Scene
    moves: int = 0  # player's moves to make quietly (to reach the reveal)
    # What the player waits on: the decision's controls (a lesson: the coach's words).
    turn: Callable[[Scene], bool] = lambda scene: bool(scene.action_buttons())  # type: ignore[attr-defined]
    opened: float = 0.0
    rest_since: float | None = None
    checked_rest: bool = False
    turn_shown: float | None = None
    last_move: float | None = None
    reveal_shown: float | None = None
    banners: int = 0
    banner_up: bool = False
    banners_gone_shown: int = 0
    problems: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)

    def __call__(self, app: App, dt: float) -> None:
        scene, now = app.top, self.clock.now
        if now - self.opened > LEFT_ALONE:
            self.problems.append(f"after {LEFT_ALONE}s the table had not come to rest")
            app.quit(1)
            return
        if scene is not self.table:
            return
        banner = banner_of(scene)
        up = banner is not None and banner.alpha > 0
        if up and not self.banner_up:
            self.banners += 1
        gone = self.banner_up and not up
        self.banner_up = up
        if scene.redraw_in() <= 0:
            self.rest_since, self.checked_rest = None, False
            return
        if self.rest_since is None:
            self.rest_since = now
        if self.checked_rest or now - self.rest_since < SHOWN_WITHIN:
            return
        self.checked_rest = True
        if not self.shows_the_table(app):
            moment = "between hands" if between_hands(scene) else "at rest"
            if self.turn(scene):
                moment = "the player's turn"
            self.problems.append(
                f"{now - self.opened:.2f}s in ({moment}): the screen shows an older picture"
            )
            app.quit(1)
            return
        if gone or not up:
            self.banners_gone_shown = self.banners
        if self.turn_shown is None and self.turn(scene):
            self.turn_shown = now - self.opened
        if self.last_move is not None and between_hands(scene):
            self.reveal_shown = now - self.last_move
            app.quit(0)
            return
        if self.turn_shown is not None and len(self.moved) >= self.moves:
            app.quit(0)
            return
        if self.turn_shown is not None and scene.action_buttons():  # type: ignore[attr-defined]
            key = press_quietly(scene, self.moved[-1] if self.moved else None)
            if key is not None:
                self.moved.append(key)
                self.last_move = now
                self.rest_since, self.checked_rest = None, False

    def shows_the_table(self, app: App) -> bool:
        """The picture on the screen is the table as it is now (its turn marker's
        pulse, which the App draws a few times a second, aside)."""
        if self.screen.picture is None:
            return False
        now = pygame.Surface(app.size, 0, 32)
        app.draw(now)
        shown = self.screen.picture.copy()
        for rect in self.table.animated_rects() or []:
            now.fill((0, 0, 0), rect)
            shown.fill((0, 0, 0), rect)
        return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(now, "RGB")


def play_without_input(
    app: App, clock: FakeClock, screen: Screen, table: Scene, moves: int, **watch_as: Any
) -> Watch:
    watch = Watch(clock, screen, table, moves=moves, opened=clock.now, **watch_as)
    app.clock = clock  # type: ignore[assignment]
    app.frame_hooks.append(watch)
    app.run([MainMenuScene(app), table])
    return watch


# Every kind of table, and whether the player's moves (made without input) are played
# to the reveal: Coruscant Shift's moves are card picks, its table is Corellian Spike's.
TABLES = [
    ("sabacc", "classic", True),
    ("sabacc", "kessel", True),
    ("sabacc", "corellian-spike", True),
    ("sabacc", "coruscant-shift", False),
    ("brag", "classic", True),
    ("ninehalf", "classic", True),
]


@pytest.mark.parametrize(("game", "preset", "reveal"), TABLES)
def test_a_table_left_alone_shows_the_turn_the_banners_going_and_the_reveal(
    app_with: Callable[..., App],
    loop: tuple[FakeClock, Screen],
    game: str,
    preset: str,
    reveal: bool,
) -> None:
    clock, screen = loop
    # "Fast" animations: half the frames to draw, the same loop.
    app = app_with(window_size=[1280, 720], animation_speed="fast")
    config = QuickPlayConfig(game=game, preset=preset, seed=11)
    table = make_table_scene(app, config)
    watch = play_without_input(app, clock, screen, table, moves=40 if reveal else 0)
    assert watch.problems == []
    assert watch.turn_shown is not None and watch.turn_shown <= TURN_WITHIN
    assert watch.banners_gone_shown == watch.banners  # each banner seen to go
    assert clock.slept > 0  # the loop did rest, waiting for input
    if reveal:
        assert watch.reveal_shown is not None and watch.reveal_shown <= REVEAL_WITHIN
        assert watch.banners >= 1


# The lessons of the three games, and the coached hands of the Kessel and Spike tables.
@pytest.mark.parametrize("lesson", ["sabacc", "brag", "ninehalf", "kessel", "corellian-spike"])
def test_a_coached_hand_left_alone_reaches_the_screen(
    make_app: Callable[..., App], loop: tuple[FakeClock, Screen], lesson: str
) -> None:
    clock, screen = loop
    app = make_app()
    table = make_coached(app, lesson)
    assert isinstance(table, CoachTable)
    watch = play_without_input(
        app, clock, screen, table, moves=0, turn=lambda scene: scene.visible_step() is not None
    )
    assert watch.problems == []
    assert watch.turn_shown is not None and watch.turn_shown <= TURN_WITHIN


class Lamp(Scene):
    """A scene whose picture changes once on its own, ``after`` seconds in: said ahead
    (``redraw_in`` counts down) or only shown (its ``picture_key``)."""

    def __init__(self, app: App, after: float, said: bool) -> None:
        super().__init__(app)
        self.after, self.said, self.elapsed = after, said, 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt  # the scene's own timer: the sum of the dt it was given

    def lit(self) -> bool:
        return self.elapsed >= self.after

    def redraw_in(self) -> float:
        return max(0.0, self.after - self.elapsed) if self.said and not self.lit() else math.inf

    def picture_key(self) -> object:
        return self.lit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((200, 40, 40) if self.lit() else (0, 0, 0))


@pytest.mark.parametrize(("said", "late"), [(True, 2 / 60), (False, REST_TICK + 2 / 60)])
def test_a_change_on_a_timer_is_shown_when_due_and_the_timer_keeps_time_at_rest(
    make_app: Callable[..., App], loop: tuple[FakeClock, Screen], said: bool, late: float
) -> None:
    clock, screen = loop
    app = make_app()
    app.clock = clock  # type: ignore[assignment]
    lamp = Lamp(app, 3.0, said)
    start, lit_at = clock.now, []

    def look(app: App, dt: float) -> None:
        picture = screen.picture
        if not lit_at and picture is not None and picture.get_at((5, 5))[0] == 200:
            lit_at.append(clock.now - start)
        if clock.now - start > 5:
            app.quit(0)

    app.frame_hooks.append(look)
    app.run([lamp])
    assert lit_at and 3.0 <= lit_at[0] <= 3.0 + late  # on the screen when due
    assert clock.slept > 3  # the loop slept through the wait (after REST_AFTER)...
    assert lamp.elapsed == pytest.approx(clock.now - start, abs=0.05)  # ...and lost no time
