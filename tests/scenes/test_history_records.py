"""The hand history's Export and Open a record: the kept hands written as a .jsonl file
the player is pointed to, and a record file from anywhere (the dialog or a file dropped on
the window) replayed at its game's own table; a file that is not one gets one plain line
in the player's language, never a crash."""

from __future__ import annotations

import copy
import json
import random
import sys
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
from game.scenes.base import click_events, key_events
from game.scenes.history import HistoryScene, RecordFileScene, record_scene
from game.scenes.main_menu import MainMenuScene
from game.storage import files, history

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "record"))
from test_records import damaged  # noqa: E402

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
    # Dropped on the window: a file of three hands lists them to choose from.
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(elsewhere)))
    app.step(1 / 60)
    chooser = app.top
    assert isinstance(chooser, RecordFileScene)
    rows = [button.button.text for button in chooser.hand_buttons]
    assert len(rows) == 3 and rows[0].startswith("1. ") and "Sabacc · Classic" in rows[0]
    assert "Thirteen Card Brag" in rows[1] and "Nine and a Half" in rows[2]
    # The keyboard: the first row has the focus; Down twice and Enter opens the third.
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step(1 / 60)
    assert app.top.name == "ninehalf-replay"
    app.pop()
    # The mouse: a click on the first row opens the Classic hand on the Sabacc table.
    for event in click_events(chooser.hand_buttons[0].button):
        pygame.event.post(event)
    app.step(1 / 60)
    app.step(1 / 60)
    assert app.top.name == "sabacc-replay"
    assert [seat.cast.name for seat in app.top.anim.model.seats] == ["Lando", "Han"]
    app.pop()
    app.pop()
    # A file of one hand opens it at once; the dialog's pick does the same.
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
    assert app.top.name == "ninehalf-replay"
    app.close()


def test_a_long_record_file_is_listed_a_page_at_a_time(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    hands = simulate("brag", None, players=2, hands=12, seed=3)
    path = tmp_path / "brag.jsonl"
    path.write_text("".join(json.dumps(h) + "\n" for h in hands), encoding="utf-8")
    app, scene = open_history(make_app, "brag")
    scene.open_record_file(path)
    chooser = app.top
    assert isinstance(chooser, RecordFileScene)
    shown = len(chooser.hand_buttons)
    assert 1 <= shown < 12 and chooser.older.enabled
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    app.step(1 / 60)
    assert chooser.hand_buttons[0].button.text.startswith(f"{shown + 1}. ")
    app.close()


def bad_files(tmp_path: Path) -> dict[str, Path]:
    made = {
        "records.open_unreadable": b"\xff\xfe\x00\x01",
        "records.open_not_record": b'{"hands": []}\n',
    }
    paths = {}
    for key, content in made.items():
        path = tmp_path / f"{key.rpartition('_')[2]}.jsonl"
        path.write_bytes(content)
        paths[key] = path
    return paths


#: The reason each damaged record gets, in part, in each language.
SAID = {
    "en": {
        "cut short": "cut short: the hand is not over after 16 moves (seat 1 is next)",
        "newer version": "written in version 2 of the notation; this game reads up to 1",
        "card not in the deck": "move 1: deal universe: card 'universe' is not in the deck",
        "same card twice": "move 5: 3S dealt twice (already at move 1)",
        "illegal action": "move 5: seat 1 bet 50: ",
        "stacks": "final stacks do not add up: [45, 40, 46] written, the hand gives [45, 40, 45]",
    },
    "ja": {
        "cut short": "途中で切れています：16 手のあともハンドが終わっていません（次は席 1）",
        "newer version": "記法のバージョン 2 で書かれています",
        "card not in the deck": "1 手目：deal universe：universe はこのゲームのデッキにないカードです",
        "same card twice": "5 手目：3S が二度配られています（1 手目で配り済み）",
        "illegal action": "5 手目：席 1 の「bet 50」はルール違反です：",
        "stacks": "最終スタックが合いません：[45, 40, 46] と書かれていますが、再生すると [45, 40, 45] です",
    },
    "es": {
        "cut short": "incompleto: la mano no ha terminado tras 16 jugadas (le toca al asiento 1)",
        "newer version": "escrito en la versión 2 de la notación; este juego lee hasta la 1",
        "card not in the deck": "jugada 1: deal universe: universe no es una carta de la baraja",
        "same card twice": "jugada 5: 3S repartida dos veces (ya en la jugada 1)",
        "illegal action": "jugada 5: el asiento 1 no puede «bet 50»: ",
        "stacks": "las fichas finales no cuadran: escritas [45, 40, 46], la mano da [45, 40, 45]",
    },
}


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


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_damaged_record_shows_checks_reason_in_the_players_language(
    make_app: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    """The record and the reason, as ``check`` gives them (the same words in English),
    in one line."""
    app, scene = open_history(make_app, "sabacc", lang=lang)
    for what, record, _ in damaged():
        path = tmp_path / "friend.jsonl"
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
        told = len(app.notices)
        scene.open_record_file(path)
        assert app.top is scene and len(app.notices) == told + 1, what
        line = app.notices[-1][0]
        assert "\n" not in line
        head = {"en": "friend.jsonl, hand 1: ", "ja": "friend.jsonl の 1 番目のハンド：",
                "es": "friend.jsonl, mano 1: "}[lang]  # fmt: skip
        assert line.startswith(head + SAID[lang][what]), (what, line)
        if lang == "en":
            assert line == head + check(record)[1]
        elif what == "illegal action":  # the rule's reason is in the player's language too
            assert "bet" not in line.rpartition("：" if lang == "ja" else ": ")[2]
    app.close()


def test_a_damaged_hand_in_a_file_of_several_is_named_by_its_number(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    good = EXAMPLES.read_text(encoding="utf-8").splitlines()
    stacks = dict((what, record) for what, record, _ in damaged())["stacks"]
    path = tmp_path / "three.jsonl"
    path.write_text("\n".join([good[0], "{not json", json.dumps(stacks)]) + "\n", encoding="utf-8")
    app, scene = open_history(make_app, "sabacc")
    scene.open_record_file(path)
    chooser = app.top
    assert isinstance(chooser, RecordFileScene)
    assert chooser.hand_buttons[1].button.text == "2. A hand that cannot be read"
    chooser.hand_buttons[2].activate()
    assert app.top is chooser
    assert app.notices[-1][0] == "three.jsonl, hand 3: " + SAID["en"]["stacks"]
    chooser.hand_buttons[1].activate()
    assert app.notices[-1][0].startswith("three.jsonl, hand 2: a record must be a JSON object")
    app.close()


def damage(rng: random.Random, record: dict[str, Any]) -> bytes:
    """One random harm to a real record's file: bytes cut or changed, moves dropped,
    swapped or rewritten, fields set to odd values."""
    text = json.dumps(record)
    how = rng.randrange(6)
    if how == 0:
        return text.encode()[: rng.randrange(len(text))]
    if how == 1:
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    harmed = copy.deepcopy(record)
    moves = harmed["moves"]
    odd = rng.choice([None, -1, 0, 10**30, "x", [], {}, [1, "bet"], True, 2.5, "ZZ"])
    if how == 2 and moves:
        del moves[rng.randrange(len(moves)) :]
    elif how == 3 and len(moves) > 1:
        i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == 4 and moves:
        move = moves[rng.randrange(len(moves))]
        move[rng.randrange(len(move))] = odd
    else:
        key = rng.choice(["stacks", "seats", "table", "options", "dealer", "result", "rule_set",
                          "version", "game", "moves"])  # fmt: skip
        if isinstance(harmed.get(key), dict) and harmed[key] and rng.random() < 0.7:
            harmed[key][rng.choice(list(harmed[key]))] = odd
        elif isinstance(harmed.get(key), list) and harmed[key] and rng.random() < 0.7:
            harmed[key][rng.randrange(len(harmed[key]))] = odd
        else:
            harmed[key] = odd
    return json.dumps(harmed).encode()


def test_opening_randomly_damaged_records_never_crashes(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """Real exported records, harmed at random (seeded): Open shows a replay, a list
    or one line, and never raises."""
    sources = [
        *simulate("sabacc", "classic", players=3, hands=1, seed=2),
        *simulate("sabacc", "kessel", players=2, hands=1, seed=2),
        *simulate("sabacc", "coruscant-shift", players=2, hands=1, seed=2),
        *simulate("brag", None, players=2, hands=1, seed=2),
        *simulate("ninehalf", None, players=3, hands=2, seed=2),
    ]
    app, scene = open_history(make_app, "sabacc")
    rng = random.Random(25)
    path = tmp_path / "harmed.jsonl"
    opened = told = 0
    for _ in range(120):
        path.write_bytes(damage(rng, rng.choice(sources)))
        before = len(app.notices)
        shown, message = record_scene(app, path)
        assert (shown is None) == (message is not None)
        if message is not None:
            told += 1
            assert "\n" not in message and "Traceback" not in message
            assert message.startswith(path.name)
        else:
            opened += 1
        assert len(app.notices) == before
    assert told > 80 and opened > 0
    app.close()


@pytest.mark.parametrize(
    ("lang", "title", "ask", "yes", "no"),
    [
        ("en", "Delete a file", "Delete sabacc-20261128-114710.jsonl? This cannot be undone.", "Delete",
         "Cancel"),
        ("ja", "ファイルの削除", "sabacc-20261128-114710.jsonl を削除しますか？元に戻せません。", "削除する",
         "キャンセル"),
        ("es", "Borrar un archivo", "¿Borrar sabacc-20261128-114710.jsonl? No se puede deshacer.",
         "Borrar", "Cancelar"),
    ],
)  # fmt: skip
def test_the_file_dialogs_delete_question_speaks_our_words(
    make_app: Callable[..., App], data_home: Path, lang: str, title: str, ask: str, yes: str,
    no: str,
) -> None:  # fmt: skip
    """The dialog's Delete asked in pygame_gui's words ("pygame-gui.Delete", its own
    Japanese): the question, its title and its buttons are ours."""
    records = data_home / "sabacc-parlor" / "records"
    records.mkdir(parents=True)
    (records / "sabacc-20261128-114710.jsonl").write_bytes(EXAMPLES.read_bytes())
    app, scene = open_history(make_app, "sabacc", lang)
    scene.open_button.activate()
    app.step(1 / 60)
    dialog = scene.dialog
    dialog.current_file_path = (
        records / "sabacc-20261128-114710.jsonl"
    )  # the file picked in its list
    app.handle_event(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=dialog.delete_button)
    )
    app.step(1 / 60)
    asking = dialog.delete_confirmation_dialog
    assert asking is not None and asking.alive()
    assert asking.window_display_title == title
    assert asking.confirmation_text.html_text == ask
    assert (asking.confirm_button.text, asking.cancel_button.text) == (yes, no)
    assert asking.confirmation_text.scroll_bar is None  # whole, not scrolled (300x200 cut it)
    app.close()
