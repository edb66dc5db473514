"""GUI fuzz: random input through the real App and scenes, headless.

Clicks (on widgets and anywhere), keys, wheel, drags, focus changes and window resizes
(tiny, huge, odd aspect: a real window size change, VIDEORESIZE / WINDOWSIZECHANGED
events, stale ones too) go through pygame's event queue, ``App.step`` and every scene's
own handling, on every scene and every table. Nothing may raise. A failure names the
scenario, the seed and the last inputs, so ``fuzz(<scenario>, <seed>, ...)`` replays it.

The short run is part of ``make test``; ``make soak`` runs the long one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import MIN_WINDOW, App, Scene
from game.campaign import Campaign
from game.scenes.base import MenuScene
from game.scenes.campaign import CampaignScene
from game.scenes.history import HistoryScene
from game.scenes.house_rules import HouseRulesScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.pause import PauseScene
from game.scenes.quick_play import QuickPlayScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.stats import StatsScene
from game.scenes.table import PRESETS, QuickPlayConfig, SessionResult, make_table_scene
from game.scenes.title import TitleScene

pytestmark = pytest.mark.usefixtures("data_home")

SABACC_PRESETS = [p for p in PRESETS if p != "random"]
KEYS = [
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_UP,
    pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_F11,
    pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END,
    *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_a, pygame.K_z + 1),
]  # fmt: skip
# Window sizes a window manager may give: tiny, huge, odd aspect, the usual ones.
SIZES = [
    (480, 360), (320, 200), (1, 1), (960, 600), (1024, 640), (1280, 720), (1920, 1080),
    (3840, 2160), (5000, 400), (400, 1500), (2560, 1080), (700, 900), (1366, 768),
]  # fmt: skip


def _table(game: str, preset: str = "classic") -> Callable[[App], list[Scene]]:
    def build(app: App) -> list[Scene]:
        opponents = ("easy", "normal", "hard") if game != "ninehalf" else ("easy", "hard")
        config = QuickPlayConfig(game=game, preset=preset, opponents=opponents, seed=7)
        return [MainMenuScene(app), make_table_scene(app, config)]

    return build


def _paused(app: App) -> list[Scene]:
    menu, table = _table("sabacc", "great-khan")(app)
    assert isinstance(table, MenuScene)
    return [menu, table, PauseScene(app, table)]  # type: ignore[arg-type]


def _campaign(app: App) -> list[Scene]:
    return [MainMenuScene(app), CampaignScene(app, Campaign.load(seed=3))]


def _campaign_table(app: App) -> list[Scene]:
    from game.scenes.campaign_table import make_campaign_table

    campaign = Campaign.load(seed=5)
    return [MainMenuScene(app), CampaignScene(app, campaign), make_campaign_table(app, campaign)]


def _campaign_screen(kind: str) -> Callable[[App], list[Scene]]:
    """A campaign screen a player reaches from the journey. (The tournament screen
    needs a campaign at a tournament venue; the journey's own buttons lead there.)"""

    def build(app: App) -> list[Scene]:
        from game.scenes.campaign_loan import LoanScene
        from game.scenes.campaign_venue import VenueIntroScene

        campaign = Campaign.load(seed=9)
        screen: Scene = {
            "venue": lambda: VenueIntroScene(app, campaign),
            "loan": lambda: LoanScene(app, campaign),
        }[kind]()
        return [MainMenuScene(app), CampaignScene(app, campaign), screen]

    return build


def _history_full(app: App) -> list[Scene]:
    """The history with all 50 hands kept (Nine and a Half: pages, replays, Play)."""
    import os
    from pathlib import Path

    from tests.scenes.test_history_screens import fifty_hands, write_history

    write_history(Path(os.environ["XDG_DATA_HOME"]), "ninehalf", fifty_hands())
    return [MainMenuScene(app), HistoryScene(app, "ninehalf")]


def _results_session(app: App) -> list[Scene]:
    """The results of a known session: standings, pot, best hand, the chart."""
    from tests.scenes.test_results_screen import known_session

    return [MainMenuScene(app), ResultsScene(app, known_session())]


def _house_rules(app: App) -> list[Scene]:
    return [
        MainMenuScene(app),
        QuickPlayScene(app),
        HouseRulesScene(app, "sabacc", "great-khan", {}, lambda overrides: None),
    ]


SCENARIOS: dict[str, Callable[[App], list[Scene]]] = {
    "title": lambda app: [TitleScene(app)],
    "menus": lambda app: [MainMenuScene(app)],
    "quick-play": lambda app: [MainMenuScene(app), QuickPlayScene(app)],
    "settings": lambda app: [MainMenuScene(app), SettingsScene(app)],
    "house-rules": _house_rules,
    "rules": lambda app: [MainMenuScene(app), RulesScene(app, "sabacc")],
    "stats": lambda app: [MainMenuScene(app), StatsScene(app)],
    "history": lambda app: [MainMenuScene(app), HistoryScene(app)],
    "history-full": _history_full,
    "results-session": _results_session,
    "results": lambda app: [
        MainMenuScene(app),
        ResultsScene(app, SessionResult(QuickPlayConfig(), 3, [120, 80, 60, 40], 0)),
    ],
    "campaign": _campaign,
    "campaign-table": _campaign_table,
    "campaign-venue": _campaign_screen("venue"),
    "campaign-loan": _campaign_screen("loan"),
    "pause": _paused,
    **{f"sabacc-{preset}": _table("sabacc", preset) for preset in SABACC_PRESETS},
    "brag": _table("brag"),
    "ninehalf": _table("ninehalf"),
}


class Fuzzer:
    """Random input for one App; ``log`` keeps what was sent, to replay a failure."""

    def __init__(self, app: App, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.log: list[str] = []
        self.held = False

    def point(self) -> tuple[int, int]:
        """A widget's centre half the time (so buttons really get pressed), else anywhere
        in the window, now and then just outside it."""
        top = self.app.top
        elements = top.interactive_elements() if isinstance(top, MenuScene) else []
        if elements and self.rng.random() < 0.5:
            element = self.rng.choice(elements)
            rect = element.get_abs_rect()
            return rect.center
        width, height = self.app.window_size
        return self.rng.randint(-5, width + 5), self.rng.randint(-5, height + 5)

    def post(self, kind: int, **attributes: Any) -> None:
        self.log.append(f"{pygame.event.event_name(kind)} {attributes}")
        pygame.event.post(pygame.event.Event(kind, attributes))

    def click(self, button: int = 1) -> None:
        pos = self.point()
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)

    def drag(self) -> None:
        start, end = self.point(), self.point()
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        for i in range(1, 4):
            pos = (
                start[0] + (end[0] - start[0]) * i // 3,
                start[1] + (end[1] - start[1]) * i // 3,
            )
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)

    def key(self) -> None:
        key = self.rng.choice(KEYS)
        if key == pygame.K_ESCAPE and isinstance(self.app.top, TitleScene):
            key = pygame.K_SPACE  # Esc on the title quits: covered, but ends the run
        mod = self.rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        char = chr(key) if 32 <= key < 127 else ""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        if char and self.rng.random() < 0.3:
            self.post(pygame.TEXTINPUT, text=char)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)

    def wheel(self) -> None:
        y = self.rng.choice([-3, -1, 1, 3])
        self.post(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))

    def focus(self) -> None:
        kind = self.rng.choice(
            [
                pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE,
                pygame.WINDOWENTER, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                pygame.WINDOWEXPOSED, pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN,
            ]
        )  # fmt: skip
        self.post(kind)
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.post(pygame.ACTIVEEVENT, gain=int(kind == pygame.WINDOWFOCUSGAINED), state=1)

    def resize(self) -> None:
        """Resize the real window (as a window manager would, ignoring the minimum size
        now and then), then send what SDL sends, or a stale size, or nothing at all."""
        size = self.rng.choice(SIZES)
        if self.rng.random() < 0.3:
            size = (self.rng.randint(1, 4000), self.rng.randint(1, 2500))
        window = self.app.window
        if window is not None:
            window.minimum_size = (1, 1) if self.rng.random() < 0.6 else MIN_WINDOW
            self.log.append(f"window.size = {size}")
            window.size = size
            size = window.size
        reported = self.rng.choice([size, size, self.rng.choice(SIZES)])
        how = self.rng.random()
        if how < 0.4:
            self.post(pygame.VIDEORESIZE, w=reported[0], h=reported[1], size=reported)
            self.post(pygame.WINDOWSIZECHANGED, x=reported[0], y=reported[1])
        elif how < 0.7:
            self.post(pygame.WINDOWRESIZED, x=reported[0], y=reported[1])

    def act(self) -> None:
        roll = self.rng.random()
        if roll < 0.40:
            self.click(self.rng.choice([1, 1, 1, 3]))
        elif roll < 0.68:
            self.key()
        elif roll < 0.76:
            self.wheel()
        elif roll < 0.84:
            self.drag()
        elif roll < 0.90:
            self.post(
                pygame.MOUSEMOTION, pos=self.point(), rel=(3, 2), buttons=(0, 0, 0), touch=False
            )
        elif roll < 0.95:
            self.focus()
        else:
            self.resize()


def fuzz(app: App, scenario: str, seed: int, inputs: int) -> None:
    """Send ``inputs`` random inputs, stepping the App between bursts; a scene stack that
    quits or empties is built again (the fuzz covers leaving, not only staying)."""
    rng = random.Random(f"{scenario}/{seed}")
    fuzzer = Fuzzer(app, rng)
    build = SCENARIOS[scenario]
    for scene in build(app):
        app.push(scene)
    sent = 0
    try:
        while sent < inputs:
            for _ in range(rng.randint(1, 6)):
                fuzzer.act()
                sent += 1
            # Frames of every length: a stalled machine (0.1 s) to a fast one.
            for _ in range(rng.randint(1, 3)):
                app.step(rng.choice([0.0, 0.004, 0.016, 0.033, 0.1]))
            if not app.running or not app.stack:
                while app.stack:
                    app.stack.pop().shutdown()
                app.running = True
                for scene in build(app):
                    app.push(scene)
    except Exception as error:  # noqa: BLE001 - re-raised with the way to replay it
        recent = "\n  ".join(fuzzer.log[-25:])
        stack = [s.name for s in app.stack]
        raise AssertionError(
            f"fuzz({scenario!r}, seed={seed}) failed after {sent} inputs on {stack}: "
            f"{error!r}\nlast inputs:\n  {recent}"
        ) from error


SHORT_INPUTS = 90


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_random_input_never_crashes(
    make_app: Callable[..., App], scenario: str, tmp_path: Path
) -> None:
    app = make_app((1280, 720))
    fuzz(app, scenario, seed=1, inputs=SHORT_INPUTS)
    # Whatever happened, the App still draws a frame at a sane size.
    app.running = True
    app.step(0.016)
    assert app.size[0] >= MIN_WINDOW[0] and app.size[1] >= MIN_WINDOW[1]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 6))
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_random_input_never_crashes_soak(
    make_app: Callable[..., App], scenario: str, seed: int
) -> None:
    app = make_app((1280, 720), lang=["en", "ja", "es"][seed % 3])
    fuzz(app, scenario, seed=seed, inputs=1500)


# ------------------------------------------------------------------ the cases it found
def test_a_window_below_the_minimum_shows_the_game_scaled_and_clicks_still_land(
    make_app: Callable[..., App],
) -> None:
    app = make_app((1280, 720))
    menu = MainMenuScene(app)
    app.push(menu)
    assert app.window is not None
    app.window.minimum_size = (1, 1)  # a window manager that ignores the minimum
    app.window.size = (480, 360)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=480, h=360, size=(480, 360)))
    app.step(0.016)
    assert app.window_size == (480, 360)
    assert app.size == (960, 720)  # laid out at the minimum, scaled by one half
    display = pygame.display.get_surface()
    assert display is not None
    centre = menu.ring.items[0].button.get_abs_rect().center  # type: ignore[attr-defined]
    assert display.get_at((centre[0] // 2, centre[1] // 2)) != (0, 0, 0, 255)
    for kind, extra in (
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        pos = (centre[0] // 2, centre[1] // 2)  # where the player sees the button
        pygame.event.post(pygame.event.Event(kind, pos=pos, touch=False, **extra))
    app.step(0.016)  # the click: pygame_gui posts "pressed"
    app.step(0.016)  # which the menu acts on
    assert isinstance(app.top, QuickPlayScene)


def test_a_window_of_an_odd_shape_is_letterboxed(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 720))
    app.push(MainMenuScene(app))
    assert app.window is not None
    app.window.size = (4000, 700)
    app.step(0.016)
    width, height = app.size
    assert height == 700 and width == round(700 * 2.4)
    display = pygame.display.get_surface()
    assert display is not None
    assert display.get_at((5, 350)) == (0, 0, 0, 255)  # the bar beside the game


@pytest.mark.parametrize("seats", [2, 5, 8])
@pytest.mark.parametrize("size", [(480, 360), (640, 480), (960, 600), (5000, 400)], ids=str)
def test_the_sabacc_layout_has_no_negative_size_in_any_window(
    size: tuple[int, int], seats: int
) -> None:
    import dataclasses

    from game.scenes.sabacc_table import compute_layout

    for unit in (0.5, 1.0, 2.0):
        lay = compute_layout(size, unit, seats)
        for field in dataclasses.fields(lay):
            rect = getattr(lay, field.name)
            if isinstance(rect, pygame.Rect):
                assert rect.width >= 0 and rect.height >= 0, (field.name, rect)
                pygame.Surface(rect.size)  # what crashed: "Invalid resolution for Surface"


def test_the_loop_rests_when_nothing_moves_and_wakes_on_input(
    make_app: Callable[..., App],
) -> None:
    from game.app import REST_TICK, SETTLE_FRAMES

    app = make_app((1280, 720))
    app.push(MainMenuScene(app))
    assert app.step(0.016)  # a new scene is drawn
    app._last_activity -= 60  # a minute without input
    drawn = [app.step(0.016) for _ in range(SETTLE_FRAMES + 2)]
    assert drawn == [True] * SETTLE_FRAMES + [False, False]  # settled: nothing drawn
    assert app.rest_for() == REST_TICK
    app.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert app.step(0.016)  # input: drawn again
    app._last_activity -= 60
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app._last_activity -= 60
    assert app.step(0.016) is False  # minimised: never drawn
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.step(0.016)


def test_the_title_pulses_at_a_low_rate_and_autoplay_never_sleeps(
    make_app: Callable[..., App],
) -> None:
    from game.app import SETTLE_FRAMES

    app = make_app((1280, 720))
    title = TitleScene(app)
    app.push(title)
    app.step(0.016)
    app._last_activity -= 60
    for _ in range(SETTLE_FRAMES):
        app.step(0.016)
    assert 0 < title.redraw_in() <= 1 / 5
    assert 0 < app.rest_for() <= 1 / 5
    assert not app.needs_frame()  # the pulse's next picture is not due yet
    app.options.autoplay = True
    assert app.rest_for() == 0  # its inputs come every few frames: no sleep...
    assert not app.needs_frame()  # ...but frames are drawn only when due, as for players
    app.options.frame_stats = Path("stats.json")
    assert app.rest_for() == 0 and app.needs_frame()  # the cost of every frame
    app.options.frame_stats = None  # nothing written when the App closes


def test_at_rest_the_title_sends_only_its_pulsing_prompt_to_the_screen(
    make_app: Callable[..., App],
) -> None:
    from game.app import SETTLE_FRAMES

    app = make_app((1280, 720))
    title = TitleScene(app)
    app.push(title)
    app.step(0.016)
    app._last_activity -= 60
    for _ in range(SETTLE_FRAMES):
        assert app.step(0.016)  # the settled picture is drawn and shown whole...
        assert app._send is None
    assert app._partial == [title.prompt_rect]  # ...and says where the next one moves
    app._due -= 1
    assert app.step(0.2)  # the next is drawn and shown inside the prompt only
    assert app._send == [title.prompt_rect]
    app.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert app.step(0.016)
    assert app._send is None and app._partial is None  # input: whole frames again
