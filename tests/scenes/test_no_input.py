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
import random
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.app as app_module
from ai import make_player
from game.app import REST_AFTER, REST_TICK, App, Scene
from game.campaign import Campaign
from game.rules import sabacc
from game.rules import spike_base as sb
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_venue import VenueIntroScene
from game.scenes.history import HistoryScene
from game.scenes.kit.coach import Coach, make_coached
from game.scenes.kit.replay import AUTO_PAUSE
from game.scenes.main_menu import MainMenuScene
from game.scenes.table import QuickPlayConfig, make_table_scene
from game.storage import history

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
    if not getattr(scene, "card_loop", True):  # Sabacc: its display model's banner
        return scene.anim.model.banner  # type: ignore[attr-defined]
    return getattr(scene, "banner", None)


def between_hands(scene: Scene) -> bool:
    """The hand is over and its end is on the table (the next hand, or Brag's next set,
    waits for the player)."""
    if getattr(getattr(scene, "anim", None), "hold", False):  # Brag's reveal, held
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
    pick_selection(scene)
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


def pick_selection(scene: Scene) -> None:
    """Coruscant Shift's selection: the cards of a legal one picked as a click on each
    does (the table's own ``toggle_card``), before Place is pressed."""
    state: Any = getattr(scene, "state", None)
    table: Any = scene
    if getattr(state, "phase", None) != "select" or table.inputs.toggled:
        return
    selections = [a for a in state.legal_actions() if isinstance(a, sb.Select)]
    if not selections:
        return
    picked = [kc.code(card) for card in selections[0].cards]
    model = table.anim.model
    for code in model.picks[table.human]:
        if code in picked:
            picked.remove(code)
    for code in picked:
        table.inputs.toggle_card(model.hands[table.human].index(code))


@dataclass
class Watch:
    """Follows the table frame by frame (a frame hook: after the last frame was shown,
    before the next update) and checks the screen each time the table comes to rest."""

    clock: FakeClock
    screen: Screen
    table: Scene | None  # None: the first table to come on top (opened by a menu)
    moves: int = 0  # player's moves to make quietly (to reach the reveal)
    # What the player waits on: the decision's controls (a lesson: the coach's words).
    turn: Callable[[Scene], bool] = lambda scene: bool(scene.action_buttons())  # type: ignore[attr-defined]
    # The player's move at their turn (its key; None: none to make).
    press: Callable[[Scene, str | None], str | None] = press_quietly
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
        if self.table is None and hasattr(scene, "action_buttons"):
            self.table = scene
        if scene is None or scene is not self.table:
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
        if self.turn_shown is not None and self.turn(scene):
            key = self.press(scene, self.moved[-1] if self.moved else None)
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
        for rect in app.top.animated_rects() or [] if app.top is not None else []:
            now.fill((0, 0, 0), rect)
            shown.fill((0, 0, 0), rect)
        return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(now, "RGB")


def play_without_input(
    app: App,
    clock: FakeClock,
    screen: Screen,
    table: Scene | None,
    moves: int,
    under: Scene | None = None,
    **watch_as: Any,
) -> Watch:
    """Run the App from the main menu and ``table`` (or ``under``, a menu that opens
    the table) with no input until the Watch ends it."""
    watch = Watch(clock, screen, table, moves=moves, opened=clock.now, **watch_as)
    app.clock = clock  # type: ignore[assignment]
    app.frame_hooks.append(watch)
    first = under if under is not None else table
    assert first is not None
    app.run([MainMenuScene(app), first])
    return watch


# Every kind of table, and whether the player's moves (made without input) are played
# to the reveal: Coruscant Shift's include card picks (pick_selection).
TABLES = [
    ("sabacc", "classic", True),
    ("sabacc", "kessel", True),
    ("sabacc", "corellian-spike", True),
    ("sabacc", "coruscant-shift", True),
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
    if preset == "coruscant-shift":
        assert "select" in watch.moved  # the selection's cards were picked and placed


def test_a_campaign_table_left_alone_shows_the_turn_the_banners_going_and_the_reveal(
    make_app: Callable[..., App], loop: tuple[FakeClock, Screen], tmp_path: Path
) -> None:
    """The venue's table, reached through the campaign's own scenes: the journey's Play
    and the venue's Take a seat, each by the handler its click runs."""
    clock, screen = loop
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    journey = CampaignScene(app, campaign)
    seated: list[Scene] = []

    def sit_down(app: App, dt: float) -> None:
        if app.top is journey and not seated:
            journey.play()
        elif isinstance(app.top, VenueIntroScene) and not seated:
            seated.append(app.top)
            app.top.take_seat()

    app.frame_hooks.append(sit_down)
    watch = play_without_input(app, clock, screen, None, moves=40, under=journey)
    assert seated and campaign.session is not None  # sat at the venue's table
    assert watch.table is not None and watch.table.name != "campaign-table"  # a real table
    assert watch.problems == []
    assert watch.turn_shown is not None and watch.turn_shown <= TURN_WITHIN
    assert watch.reveal_shown is not None and watch.reveal_shown <= REVEAL_WITHIN
    assert watch.banners >= 1 and watch.banners_gone_shown == watch.banners
    assert clock.slept > 0


def one_sabacc_hand() -> list[Event]:
    state = sabacc.new_game(3)
    rng = random.Random(4)
    bots = [make_player("sabacc", "easy") for _ in range(3)]
    events = list(state.start_next())
    while state.to_act() != BETWEEN:
        who = state.to_act()
        if who == CHANCE:
            events.extend(state.sample_chance(rng))
        else:
            events.extend(
                state.apply(bots[who].choose(state.view(who), state.legal_actions(), rng))
            )
    return events


@dataclass
class ReplayWatch:
    """Follows a replay from the hand history: Play and Pause pressed by their handlers,
    each step's picture checked on the screen once the table is still."""

    clock: FakeClock
    screen: Screen
    history: Scene
    pause_after: int = 5  # steps played before Pause
    paused_for: float = 5.0  # seconds left paused, then Play again to the end
    replay: Any = None
    shown: int = 0
    still_since: float | None = None  # the replay's animation ended (its step's pause runs)
    waits: list[float] = field(default_factory=list)  # still -> the next step, seconds
    unseen: list[int] = field(default_factory=list)  # steps whose picture never showed
    checked: bool = True
    paused_at: float | None = None
    pause_shown: int = 0
    resting_from: float | None = None  # REST_AFTER after Pause: the loop may rest
    paused_slept: float = 0.0
    paused_sent: int = 0
    ended_at: float | None = None

    def __call__(self, app: App, dt: float) -> None:
        now = self.clock.now
        if now > 300:
            app.quit(1)
            return
        if self.replay is None:
            if app.top is self.history:
                self.history.hand_buttons[0].activate()  # type: ignore[attr-defined]
                self.replay = app.top
                self.replay.director.toggle_play()  # Play
            return
        replay = self.replay
        if replay.director.shown != self.shown:  # a step played by itself
            if not self.checked:
                self.unseen.append(self.shown)
            if self.still_since is not None:
                self.waits.append(now - self.still_since)
            self.shown, self.still_since, self.checked = replay.director.shown, None, False
        still = replay.redraw_in() > 0
        if not still:
            self.still_since = None
            return
        if self.still_since is None:
            self.still_since = now
        if not self.checked and now - self.still_since >= SHOWN_WITHIN:
            self.checked = True
            if not shows(app, self.screen):
                self.unseen.append(self.shown)
        if self.paused_at is None and self.shown >= self.pause_after and self.checked:
            replay.director.toggle_play()  # Pause (the App stays awake REST_AFTER, as after a click)
            self.paused_at, self.pause_shown = now, self.shown
        elif self.paused_at is not None and self.ended_at is None:
            if self.resting_from is None and now - self.paused_at >= REST_AFTER + SHOWN_WITHIN:
                self.resting_from = now
                self.paused_slept, self.paused_sent = self.clock.slept, self.screen.sent
            paused = not replay.director.playing and replay.director.shown == self.pause_shown
            if now - self.paused_at >= self.paused_for and paused and self.checked:
                self.paused_slept = self.clock.slept - self.paused_slept
                self.paused_sent = self.screen.sent - self.paused_sent
                self.ended_at = -1.0  # now playing to the end
                self.still_since = None
                replay.director.toggle_play()  # Play again
        ended = replay.director.at_end and not replay.director.playing
        if self.ended_at == -1.0 and ended and self.checked:
            self.ended_at = now
            app.quit(0)


def shows(app: App, screen: Screen) -> bool:
    """The screen shows the top scene as it is now (its moving parts aside)."""
    if screen.picture is None:
        return False
    now = pygame.Surface(app.size, 0, 32)
    app.draw(now)
    shown = screen.picture.copy()
    for rect in (app.top.animated_rects() or []) if app.top is not None else []:
        now.fill((0, 0, 0), rect)
        shown.fill((0, 0, 0), rect)
    return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(now, "RGB")


def test_a_replay_steps_on_by_itself_when_playing_and_rests_when_paused(
    make_app: Callable[..., App], loop: tuple[FakeClock, Screen]
) -> None:
    clock, screen = loop
    events = one_sabacc_hand()
    history.record("sabacc", events, 0, "Brinewater Cantina", ["You", "A", "B"])
    app = make_app()
    app.clock = clock  # type: ignore[assignment]
    listing = HistoryScene(app)
    watch = ReplayWatch(clock, screen, listing)
    app.frame_hooks.append(watch)
    app.run([MainMenuScene(app), listing])
    assert watch.replay is not None and watch.replay.director.shown == len(
        events
    )  # played to the end
    assert watch.unseen == []  # every step's picture reached the screen
    # Each step followed the one before by auto-play's pause, at rest as when moving.
    assert watch.waits and max(watch.waits) <= AUTO_PAUSE + SHOWN_WITHIN
    # Paused: no step, the loop asleep (at most the field's shimmer drawn, 6 a second).
    assert watch.resting_from is not None and watch.paused_at is not None
    resting = watch.paused_at + watch.paused_for - watch.resting_from
    assert watch.paused_slept >= 0.8 * resting
    assert watch.paused_sent <= 6 * resting + 2
    assert watch.ended_at is not None and watch.ended_at > 0


def read_on(scene: Scene, last: str | None) -> str | None:
    """The callout's Continue (its handler), on a callout that explains (one that asks
    for a move waits for it)."""
    coached: Any = scene
    shown = coached.director.visible_step()
    if shown is None or shown[1] is None:
        return None
    step = shown[1]
    if step.wants is None:
        coached.director.press("continue")
        return f"continue {shown[0]}"
    if isinstance(step.action, sb.Select):  # the cards it asks for picked, then Place
        picked = [kc.code(card) for card in step.action.cards]
        model = coached.anim.model
        for code in model.picks[coached.human]:
            if code in picked:
                picked.remove(code)
        for code in picked:
            coached.inputs.toggle_card(model.hands[coached.human].index(code))
        return "select" if press_control(scene, "select") else None
    return None


def press_control(scene: Scene, key: str) -> bool:
    """Run the handler a click on the table's control ``key`` runs."""
    for entry in scene.action_buttons():  # type: ignore[attr-defined]
        if entry[0] != key:
            continue
        for item in scene.ring.items:  # type: ignore[attr-defined]
            if getattr(item, "button", None) is entry[2]:
                item.activate()
                return True
    return False


# The lessons of the three games, and the coached hands of the Kessel (plain and with
# tokens), Corellian Spike and Coruscant Shift tables: to the first callout; Coruscant
# Shift's read on through the callouts that explain and makes the selection the fourth
# asks for (each callout, and the table after the move, on the screen at once).
@pytest.mark.parametrize(
    ("lesson", "callouts"),
    [("sabacc", 0), ("brag", 0), ("ninehalf", 0), ("kessel", 0), ("kessel-shift", 0),
     ("corellian-spike", 0), ("coruscant-shift", 4)],
)  # fmt: skip
def test_a_coached_hand_left_alone_reaches_the_screen(
    make_app: Callable[..., App], loop: tuple[FakeClock, Screen], lesson: str, callouts: int
) -> None:
    clock, screen = loop
    app = make_app()
    table = make_coached(app, lesson)
    assert isinstance(table.director, Coach)
    watch = play_without_input(
        app,
        clock,
        screen,
        table,
        moves=callouts,
        turn=lambda scene: scene.director.visible_step() is not None,
        press=read_on,
    )
    assert watch.problems == []
    assert watch.turn_shown is not None and watch.turn_shown <= TURN_WITHIN
    assert len(watch.moved) == callouts  # each callout read on (or done), the next shown
    if callouts:
        assert watch.moved[-1] == "select"


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
