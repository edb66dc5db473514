"""The hand history's Export and Open a record: the kept hands written as a .jsonl file
the player is pointed to, and a record file from anywhere (the dialog or a file dropped on
the window) replayed at its game's own table; a file that is not one gets one plain line
in the player's language, never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game import i18n
from game.app import App
from game.record.replay import check
from game.record.writer import simulate
from game.scenes.base import key_events
from game.scenes.history import HistoryScene, record_scene
from game.scenes.main_menu import MainMenuScene
from game.scenes.ninehalf.replay import NineHalfReplay
from game.scenes.sabacc.replay import SabaccReplay
from game.storage import files, history

pytestmark = pytest.mark.usefixtures("data_home")

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "records" / "rules-examples.jsonl"


def open_history(make_app: Callable[..., App], game: str, lang: str = "en") -> tuple[App, Any]:
    app = make_app(lang=lang)
    app.push(MainMenuScene(app))
    scene = HistoryScene(app, game)
    app.push(scene)
    app.step(1 / 60)
    return app, scene


def test_export_writes_the_games_hands_and_says_where(
    make_app: Callable[..., App], data_home: Path
) -> None:
    hands = simulate("ninehalf", None, players=3, hands=2, seed=4)
    for hand in hands:
        history.record("ninehalf", [], 0, "Quick play", hand=hand)
    files.flush_writes()
    app, scene = open_history(make_app, "ninehalf")
    scene.export_button.activate()
    app.step(1 / 60)
    (path,) = (data_home / "sabacc-parlor" / "records").glob("ninehalf-*.jsonl")
    assert app.notices[-1][0] == f"2 hands written to {path}"
    written = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["moves"] for r in written] == [h["moves"] for h in hands]
    assert all(check(record)[0] for record in written)
    # A game with nothing to export says so, and writes nothing.
    scene.set_game("brag")
    scene.export_button.activate()
    assert app.notices[-1][0].startswith("No hand of this game can be exported yet")
    assert len(list(path.parent.iterdir())) == 1
    app.close()


def test_a_record_file_from_anywhere_replays_at_its_table(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, scene = open_history(make_app, "brag")
    elsewhere = tmp_path / "from a friend" / "hands.jsonl"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(EXAMPLES.read_bytes())
    # Dropped on the window: the first hand (a Classic hand) opens on the Sabacc table.
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(elsewhere)))
    app.step(1 / 60)
    assert isinstance(app.top, SabaccReplay)
    assert app.notices[-1][0] == "hands.jsonl holds 3 hands: this is the first."
    assert app.top.names == ["Lando", "Han"]
    # The dialog's pick does the same.
    app.pop()
    one = tmp_path / "deal.jsonl"
    one.write_text(EXAMPLES.read_text(encoding="utf-8").splitlines()[2] + "\n", encoding="utf-8")
    scene.open_button.activate()
    app.step(1 / 60)
    assert isinstance(scene.dialog, pygame_gui.windows.UIFileDialog)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(one), ui_element=scene.dialog
        )
    )
    app.step(1 / 60)
    assert isinstance(app.top, NineHalfReplay)
    app.close()


def bad_files(tmp_path: Path) -> dict[str, Path]:
    good = json.loads(EXAMPLES.read_text(encoding="utf-8").splitlines()[0])
    made = {
        "records.open_unreadable": b"\xff\xfe\x00\x01",
        "records.open_not_record": b'{"hands": []}\n',
        "records.open_newer": json.dumps({**good, "version": 2}).encode(),
        "records.open_damaged": json.dumps({**good, "moves": good["moves"][:-1]}).encode(),
    }
    paths = {}
    for key, content in made.items():
        path = tmp_path / f"{key.rpartition('_')[2]}.jsonl"
        path.write_bytes(content)
        paths[key] = path
    return paths


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_file_that_is_no_record_gets_one_line_in_the_players_language(
    make_app: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    app, scene = open_history(make_app, "sabacc", lang=lang)
    for key, path in bad_files(tmp_path).items():
        told = len(app.notices)
        assert record_scene(app, path) == (None, i18n.t(key, name=path.name))
        scene.open_record_file(path)
        assert app.top is scene and len(app.notices) == told + 1
        assert app.notices[-1][0] == i18n.t(key, name=path.name)
    scene.open_record_file(tmp_path / "nowhere.jsonl")
    assert app.notices[-1][0] == i18n.t("records.open_unreadable", name="nowhere.jsonl")
    app.close()


def file_dialogs(app: App) -> list[Any]:
    return [
        window
        for window in app.manager.get_sprite_group().sprites()
        if isinstance(window, pygame_gui.windows.UIFileDialog)
    ]


def test_the_file_dialog_goes_with_the_history(
    make_app: Callable[..., App], data_home: Path
) -> None:
    """Open a record's dialog is the app's window, not the screen's: Back under it (the
    dialog leaves the Back button free) left it over the main menu and every screen after."""
    records = data_home / "sabacc-parlor" / "records"
    records.mkdir(parents=True)
    (records / "sabacc-20261128-114710.jsonl").write_bytes(EXAMPLES.read_bytes())
    app, scene = open_history(make_app, "sabacc")
    scene.open_button.activate()
    scene.open_button.activate()  # a second press does not stack a second dialog
    app.step(1 / 60)
    assert len(file_dialogs(app)) == 1
    # Its rows are tall enough for the file names (pygame_gui's 20 pixels cut them).
    (item,) = scene.dialog.file_selection_list.item_list
    assert item["text"] == "sabacc-20261128-114710.jsonl"
    row = item["button_element"].rect
    assert row.height >= app.font_for("button").get_linesize()
    # Esc closes the dialog first; the history stays.
    for event in key_events(pygame.K_ESCAPE):
        app.handle_event(event)
    assert file_dialogs(app) == [] and app.top is scene
    # Back with the dialog up: the main menu shows without it.
    scene.open_button.activate()
    app.step(1 / 60)
    scene.back.activate()
    app.step(1 / 60)
    assert isinstance(app.top, MainMenuScene)
    assert file_dialogs(app) == []
    app.close()


def test_the_file_dialogs_words_fit_its_buttons_on_a_large_window(
    app_with: Callable[..., App],
) -> None:
    """pygame_gui sizes the dialog's title bar and buttons in fixed pixels: at 1920x1080
    the theme's scaled words were cut at the bottom of each."""
    app = app_with(window_size=[1920, 1080], language="en")
    app.push(MainMenuScene(app))
    scene = HistoryScene(app, "sabacc")
    app.push(scene)
    app.step(1 / 60)
    scene.open_button.activate()
    app.step(1 / 60)
    dialog = scene.dialog
    for button in (dialog.title_bar, dialog.ok_button, dialog.cancel_button):
        assert button.font.size(button.text)[1] <= button.rect.height, button.text
    app.close()


@pytest.mark.parametrize(
    ("lang", "ok", "cancel"),
    [("en", "Open", "Cancel"), ("ja", "開く", "キャンセル"), ("es", "Abrir", "Cancelar")],
)
def test_the_file_dialogs_buttons_speak_our_words_in_every_language(
    make_app: Callable[..., App], lang: str, ok: str, cancel: str
) -> None:
    """pygame_gui's own words showed ("了解 / 取消" in Japanese): the buttons say ours, whole."""
    app, scene = open_history(make_app, "sabacc", lang)
    scene.open_button.activate()
    app.step(1 / 60)
    dialog = scene.dialog
    assert (dialog.ok_button.text, dialog.cancel_button.text) == (ok, cancel)
    for button in (dialog.ok_button, dialog.cancel_button):
        width, height = button.font.size(button.text)
        assert width <= button.rect.width and height <= button.rect.height, button.text
    assert dialog.home_button.tool_tip_text == i18n.t("records.dialog_home")
    app.close()
