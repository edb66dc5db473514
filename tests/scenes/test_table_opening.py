"""Opening a table spreads its setting up over several frames (issue 15): no frame
freezes, the player sees the felt and a shuffling deck meanwhile, and the table then
looks exactly as one built at once."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

from game.app import App, Scene
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.opening import TableOpening, open_table
from game.scenes.quick_play import QuickPlayScene
from game.scenes.table import make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")


def _frame(app: App) -> bytes:
    surface = pygame.Surface(app.size, 0, 32)
    app.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _open(app: App, opening: Scene) -> Scene:
    """Frames until the table takes the screen; the table."""
    assert isinstance(opening, TableOpening)
    app.step(0.016)
    assert app.top is opening  # the first frame shows the felt, nothing built yet
    steps = 0
    deadline = time.monotonic() + 60
    while app.top is opening and time.monotonic() < deadline:
        app.step(0.016)
        steps += 1
        time.sleep(0.002)  # let the worker threads run
    assert app.top is opening.table is not None
    assert steps >= 3  # built a piece per frame: the scene, its controls, its picture
    return app.top


@pytest.mark.parametrize(("game", "preset"), [("sabacc", "classic"), ("brag", "classic")])
def test_a_table_opened_over_several_frames_looks_as_one_built_at_once(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, game: str, preset: str
) -> None:
    app = make_app()
    quick = QuickPlayScene(app)
    app.push(quick)
    quick.set_game(game)
    config = quick.config()
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    opening = open_table(app, config)
    app.replace(opening)
    table = _open(app, opening)
    assert app.stack == [table]
    opened = _frame(app)
    # The same table built at once, in the frame of the click, as before.
    monkeypatch.setattr(BackgroundChoice, "inline", True)
    direct = make_table_scene(app, config)
    app.replace(direct)
    assert type(direct) is type(table)
    assert _frame(app) == opened


def test_the_opening_shows_the_game_on_the_felt(make_app: Callable[..., App]) -> None:
    app = make_app()
    quick = QuickPlayScene(app)
    app.push(quick)
    opening = TableOpening(app, quick.config())
    app.replace(opening)
    surface = pygame.Surface(app.size, 0, 32)
    opening.draw(surface)
    corner = surface.get_at((5, 5))
    assert corner.g > corner.r and corner.g > corner.b  # the felt's green
    # Something is written and drawn in the middle (the name, the deck).
    middle = pygame.Rect(0, app.size[1] // 3, app.size[0], app.size[1] // 3)
    colours = {
        tuple(surface.get_at((x, y)))
        for x in range(middle.left, middle.right, 4)
        for y in range(middle.top, middle.bottom, 4)
    }
    assert len(colours) > 10
    opening.shutdown()


def test_a_language_switch_while_the_table_opens_reaches_the_table(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import i18n

    app = make_app()
    quick = QuickPlayScene(app)
    app.push(quick)
    config = quick.config()
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    opening = open_table(app, config)
    assert isinstance(opening, TableOpening)
    app.replace(opening)
    deadline = time.monotonic() + 60
    while opening.step not in ("painting", "tidy") and time.monotonic() < deadline:
        app.step(0.016)
        time.sleep(0.002)
    assert opening.table is not None and opening.table not in app.stack
    i18n.set_language("es")  # the stack is rebuilt; the table, off it, when it shows
    while app.top is opening and time.monotonic() < deadline:
        app.step(0.016)
        time.sleep(0.002)
    table = app.top
    assert table is opening.table
    opened = _frame(app)
    monkeypatch.setattr(BackgroundChoice, "inline", True)
    app.replace(make_table_scene(app, config))
    assert _frame(app) == opened


def _rest(app: App) -> None:
    """Steps with no input for longer than REST_AFTER and nothing moving: at rest."""
    from game import app as app_module

    for _ in range(10):
        app._last_activity = time.perf_counter() - app_module.REST_AFTER - 1  # noqa: SLF001
        if not app.step(0.016):
            return
    raise AssertionError("the app never came to rest")


def test_a_table_left_is_let_go_at_the_next_rest_or_opening(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opening sets the live heap aside (frozen) cheaply, collecting only the young
    objects; what a table left behind is still looked at again: at the app's next rest,
    or at the next opening when no rest came between."""
    import gc
    import weakref

    from game.scenes import opening
    from game.scenes.main_menu import MainMenuScene

    opening.full_collection()
    app = make_app()
    app.push(MainMenuScene(app))
    quick = QuickPlayScene(app)
    app.push(quick)
    config = quick.config()
    monkeypatch.setattr(BackgroundChoice, "inline", False)

    def play_and_leave() -> weakref.ref[Scene]:
        first = open_table(app, config)
        app.push(first)
        table = _open(app, first)
        table.cycle = table  # type: ignore[attr-defined]  # found only by a full look
        app.pop()
        gone = weakref.ref(table)
        del table
        gc.collect()  # the young objects only: the table was set aside
        return gone

    left = play_and_leave()
    assert left() is not None
    _rest(app)
    assert left() is None  # the next rest looked at it again
    left = play_and_leave()
    again = open_table(app, config)
    app.push(again)
    _open(app, again)
    assert left() is None  # no rest between: the next opening did
