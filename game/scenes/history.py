"""Hand history: pick a game and one of its last 50 hands, then step through its events.

*Export* writes the game's kept hands as hand records (docs/record-format.md) to a
``.jsonl`` file in the data folder's ``records`` and says where; *Open a record* (or a
file dropped on the window) replays a record file from anywhere at its game's table, and
a file that is not one gets one plain line in the player's language.

A table module offers ``create_replay(app, record) -> Scene | None`` to replay a hand
with its own animations (Sabacc, Brag and Nine and a Half all do; None means the record
was damaged and the player has been told). A game without one falls back to the stepper
here, which shows each event in words, with the cards it names drawn by game.ui.cards.
"""

from __future__ import annotations

import functools
import importlib
import json
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App, Scene
from game.rules.base import Event
from game.scenes.base import BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.campaign_table import describe

# How a replay names the seats and the place moved to the kit, whose replays say them.
from game.scenes.kit.replay import shown_label, shown_names
from game.scenes.widgets import ButtonItem
from game.storage import history
from game.storage.serialize import SerializeError

SHOWN = 8  # hands listed per page, newest first


def make_replay(app: App, record: history.HandRecord) -> Scene | None:
    module_name = games.get(record.game).table_module(record.preset or None)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        module = None
    create = getattr(module, "create_replay", None)
    if callable(create):
        scene: Scene | None = create(app, record)
        return scene
    try:
        return ReplayScene(app, record, record.events())
    except SerializeError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


def record_scene(app: App, path: Path) -> tuple[Scene | None, str | None]:
    """What opening a record file shows: the replay of its hand, or for a file of
    several hands a list to choose one from (``RecordFileScene``); else one line in the
    player's language (a file that is no record, a hand that does not replay: the
    record and the reason ``check`` gives), never a crash."""
    from game.record import FORMAT
    from game.record.__main__ import read_lines

    name = path.name
    try:
        lines = read_lines(path)
    except (OSError, UnicodeDecodeError):
        return None, i18n.t("records.open_unreadable", name=name)
    found: list[Any] = []
    for line in lines:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            data = None  # a damaged line is still one of the file's hands
        found.append(data)
    if not any(isinstance(data, dict) and data.get("format") == FORMAT for data in found):
        return None, i18n.t("records.open_not_record", name=name)
    if len(found) > 1:
        return RecordFileScene(app, name, found), None
    return open_hand(app, name, found, 0)


def record_fault(record: Any) -> str | None:
    """Why a hand record does not replay, in the player's language (the reason
    ``python -m game.record check`` gives, said again), or None when it does."""
    from game.record.replay import RecordError, fault
    from game.scenes.refusals import refusal

    if not isinstance(record, dict):
        error: RecordError | None = RecordError.of("not_object")
    else:
        error, _ = fault(record)
    if error is None:
        return None
    if i18n.get_language() == "en":
        return error.said()  # the engine's reasons are English already, and name the rule
    return error.said(lambda reason: str(refusal(reason)))


def open_hand(
    app: App, name: str, records: list[Any], index: int
) -> tuple[Scene | None, str | None]:
    """The replay of hand ``index`` of a record file, or the line that says why not."""
    record = records[index]
    why = record_fault(record)
    hand = None
    if why is None:
        try:
            hand = history.HandRecord.from_record(record)
        except ValueError as error:
            why = i18n.t("records.why.other", detail=str(error))
    if hand is None:
        reason = why or ""
        return None, i18n.t("records.open_bad_hand", name=name, number=index + 1, reason=reason)
    return make_replay(app, hand), None


def row_text(record: history.HandRecord) -> str:
    """A history row: when, which game and rule set, where ("2026-11-23 18:47 ·
    Sabacc · Classic · Quick play")."""
    when = record.played_at.replace("T", " ")[:16]
    entry = games.get(record.game)
    game = i18n.t(entry.name_key)
    if entry.has_presets and record.preset:
        try:
            rules = i18n.t(entry.preset(record.preset).label_key)
        except ValueError:
            rules = record.preset
        return i18n.t("screens.history.row", when=when, game=game, rules=rules,
                      label=shown_label(record))  # fmt: skip
    return i18n.t("screens.history.row_plain", when=when, game=game, label=shown_label(record))


def file_row_text(record: history.HandRecord) -> str:
    """A record file's row: what it says of itself -- when, the game and rule set, the
    players, where -- leaving out what a record from elsewhere does not say."""
    entry = games.get(record.game)
    parts = [record.played_at.replace("T", " ")[:16], i18n.t(entry.name_key)]
    if entry.has_presets and record.preset:
        try:
            parts.append(i18n.t(entry.preset(record.preset).label_key))
        except ValueError:
            parts.append(record.preset)
    parts.append(i18n.join_list(shown_names(record)))
    parts.append(shown_label(record))
    return " · ".join(part for part in parts if part)


def result_text(record: history.HandRecord) -> tuple[str, str]:
    """What the hand did for the player, and its tone ("won", "lost", "even"): the
    chips won or lost; records from before the stacks at the end were kept say only
    whether the player won the hand ("—" when even that cannot be read)."""
    net = record.net()
    if net is not None:
        if net > 0:
            return i18n.t("screens.history.won", count=net), "won"
        if net < 0:
            return i18n.t("screens.history.lost", count=-net), "lost"
        return i18n.t("screens.history.even"), "even"
    try:
        outcome = games.get(record.game).hand_outcome(record.events(), record.seat)
    except (SerializeError, KeyError, TypeError, ValueError, IndexError):
        return "—", "even"
    if outcome.won:
        return i18n.t("screens.history.won_hand"), "won"
    return i18n.t("screens.history.not_won"), "even"


def add_pager(
    scene: Any, x: int, form_w: int, pager_y: int
) -> tuple[ButtonItem, ButtonItem, int, int]:
    """A paged list's ◀ Newer and Older ▶ buttons at ``pager_y`` across ``form_w`` (the
    scene has ``page``, ``pages`` and ``turn_page``): the two, their width and height."""
    newer, older = i18n.t("screens.history.newer"), i18n.t("screens.history.older")
    pager_w = max(scene.px(150), *(scene.text_width(t) + scene.px(60) for t in (newer, older)))
    pager_h = scene.px(42)
    newer_button = scene.add_button(
        pygame.Rect(x, pager_y, pager_w, pager_h),
        f"◀ {newer}",
        lambda: scene.turn_page(-1),
        enabled=scene.page > 0,
    )
    older_button = scene.add_button(
        pygame.Rect(x + form_w - pager_w, pager_y, pager_w, pager_h),
        f"{older} ▶",
        lambda: scene.turn_page(1),
        enabled=scene.page < scene.pages - 1,
    )
    return newer_button, older_button, pager_w, pager_h


class HistoryScene(MenuScene):
    """The kept hands of one game, newest first, a page at a time (◀ Newer / Older ▶,
    Page Up / Page Down); a row opens the hand's replay."""

    name = "history"
    cache_decor = True

    def __init__(self, app: App, game: str = "sabacc") -> None:
        super().__init__(app)
        self.game = game
        self.page = 0
        self.per_page = SHOWN
        self.records = history.load(game, notify=app.notify)
        self.dialog: Any = None  # Open a record's file dialog while it is up

    def set_game(self, game: str) -> None:
        self.game = game
        self.page = 0
        self.records = history.load(game, notify=self.app.notify)
        self.recreate_ui()

    @property
    def newest_first(self) -> list[history.HandRecord]:
        return list(reversed(self.records))

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // self.per_page))

    def shown_records(self) -> list[history.HandRecord]:
        """The rows of the open page, newest first."""
        first = self.page * self.per_page
        return self.newest_first[first : first + self.per_page]

    def turn_page(self, delta: int) -> None:
        page = min(self.pages - 1, max(0, self.page + delta))
        if page != self.page:
            self.page = page
            self.recreate_ui()
            # The focus stays on the pager's button that turned the page (on the first
            # row when that button has nothing more to show).
            pager = self.older if delta > 0 else self.newer
            target = pager if pager.enabled else (self.hand_buttons or [self.back])[0]
            self.ring.focus_item(target)

    def build(self) -> None:
        width, height = self.app.size
        form_w = min(width - self.px(120), self.px(1000))
        x = (width - form_w) // 2
        self.game_selector = self.add_selector(
            pygame.Rect(x, self.px(98), form_w, self.px(42)),
            [(g, i18n.t(games.get(g).name_key)) for g in history.GAMES],
            self.game,
            self.set_game,
        )
        top, step, row_h = self.px(152), self.px(46), self.px(40)
        pager_y = height - self.px(142)
        self.per_page = max(1, (pager_y - self.px(8) - top) // step)
        self.page = min(self.page, self.pages - 1)
        shown = self.shown_records()
        results = [result_text(record) for record in shown]
        result_w = max(
            [self.px(150), *(self.text_width(text, "label") + self.px(16) for text, _ in results)]
        )
        row_w = form_w - result_w - self.px(12)
        self.hand_buttons = []
        self.result_labels = []
        y = top
        for record, (text, tone) in zip(shown, results, strict=True):
            item = self.add_button(
                pygame.Rect(x, y, row_w, row_h),
                row_text(record),
                functools.partial(self.open, record),
                object_id="#row",
            )
            self.hand_buttons.append(item)
            label = self.add_label(
                pygame.Rect(x + form_w - result_w, y, result_w, row_h), text, f"#{tone}"
            )
            self.result_labels.append(label)
            y += step
        if not shown:
            self.add_label(pygame.Rect(x, y, form_w, self.px(34)), i18n.t("history.empty"), "#hint")
        # The pager: ◀ Newer · "Hands 1–9 of 50 · page 1 of 6" · Older ▶
        self.newer, self.older, pager_w, pager_h = add_pager(self, x, form_w, pager_y)
        if shown:
            first = self.page * self.per_page + 1
            self.page_label = self.add_label(
                pygame.Rect(
                    x + pager_w + self.px(8), pager_y, form_w - 2 * pager_w - self.px(16), pager_h
                ),
                i18n.t(
                    "screens.history.page",
                    first=first,
                    last=first + len(shown) - 1,
                    total=len(self.records),
                    page=self.page + 1,
                    pages=self.pages,
                ),
                "#hint",
            )
        back, export, open_ = (
            i18n.t("common.back"),
            i18n.t("records.export"),
            i18n.t("records.open"),
        )
        button_w = max(
            self.px(200), *(self.text_width(t) + self.px(48) for t in (back, export, open_))
        )
        button_w = min(button_w, (form_w - 2 * self.px(12)) // 3)
        bottom = height - self.px(80)
        self.export_button = self.add_button(
            pygame.Rect(x, bottom, button_w, self.px(50)), export, self.export_records
        )
        self.back = self.add_button(
            pygame.Rect((width - button_w) // 2, bottom, button_w, self.px(50)),
            back,
            self.go_back,
        )
        self.open_button = self.add_button(
            pygame.Rect(x + form_w - button_w, bottom, button_w, self.px(50)),
            open_,
            self.ask_for_record,
        )

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.close_dialog():
            return None  # Esc closes the file dialog first, then leaves the history
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.open_record_file(Path(event.text))
            return None
        if (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.dialog is not None
            and event.ui_element is self.dialog.delete_button
        ):
            self.word_delete_confirmation()  # the dialog has just asked, in its words
        if event.type == pygame.DROPFILE:
            self.open_record_file(Path(event.file))
            return None
        return super().process_event(event)

    # ------------------------------------------------------------------ records
    def export_records(self) -> Path | None:
        """Write this game's kept hands as records; the player is told where."""
        from game.storage.settings import data_dir

        hands = [hand.record for hand in self.records if hand.record is not None]
        if not hands:
            self.app.notify(i18n.t("records.export_none"))
            return None
        folder = data_dir() / "records"
        path = folder / f"{self.game}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        text = "".join(
            json.dumps(hand, ensure_ascii=False, separators=(",", ":")) + "\n" for hand in hands
        )
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(path, "x", encoding="utf-8") as out:  # never over another file
                out.write(text)
        except OSError:
            self.app.notify(i18n.t("records.export_failed", path=str(path)))
            return None
        self.app.notify(i18n.t("records.exported", count=len(hands), path=str(path)))
        return path

    def ask_for_record(self) -> None:
        """A file dialog for a record file (a file dropped on the window opens too)."""
        from pygame_gui.windows import UIFileDialog

        from game.storage.settings import data_dir

        width, height = self.app.size
        rect = pygame.Rect(
            0, 0, min(width - self.px(40), self.px(640)), min(height - self.px(40), self.px(480))
        )
        rect.center = (width // 2, height // 2)
        folder = data_dir() / "records"
        self.close_dialog()  # one at a time
        self.dialog = UIFileDialog(
            rect,
            self.app.manager,
            window_title=i18n.t("records.open_title"),
            initial_file_path=str(folder if folder.is_dir() else Path.home()),
            allow_existing_files_only=True,
        )
        # Our own words, not pygame_gui's ("了解 / 取消" in Japanese read as OK / cancel).
        self.dialog.ok_button.set_text(i18n.t("records.dialog_ok"))
        self.dialog.cancel_button.set_text(i18n.t("records.dialog_cancel"))
        for button, key in (
            (self.dialog.home_button, "records.dialog_home"),
            (self.dialog.parent_directory_button, "records.dialog_up"),
            (self.dialog.refresh_button, "records.dialog_refresh"),
            (self.dialog.delete_button, "records.dialog_delete"),
        ):
            button.set_tooltip(i18n.t(key))
        # pygame_gui lays its list out in 20-pixel rows: the theme's words need more.
        listing = self.dialog.file_selection_list
        listing.list_item_height = self.app.font_for("button").get_linesize() + self.px(4)
        listing.set_item_list(self.dialog.current_file_list)

    def word_delete_confirmation(self) -> None:
        """The file dialog's "Delete?" window in our words, not pygame_gui's ("削除" and
        "pygame-gui.Delete_filename"'s sentence were its own, in its own language)."""
        import html

        assert self.dialog is not None
        asking = self.dialog.delete_confirmation_dialog
        path = self.dialog.current_file_path
        if asking is None or not asking.alive() or path is None:
            return
        # pygame_gui's 300x200 window cut our sentence into a scrolled box: room for it.
        place = pygame.Rect(0, 0, self.px(460), self.px(230))
        place.center = self.dialog.rect.center
        asking.set_dimensions(place.size)
        asking.set_position(place.topleft)
        asking.set_display_title(i18n.t("records.delete_title"))
        asking.confirmation_text.set_text(
            html.escape(i18n.t("records.delete_ask", name=path.name), quote=False)
        )
        asking.confirm_button.set_text(i18n.t("records.delete_yes"))
        asking.cancel_button.set_text(i18n.t("records.dialog_cancel"))

    def close_dialog(self) -> bool:
        """Close the file dialog if it is up (whether it was). It is a window of the app's
        own, not of this screen: left open, it stayed over every screen after this one."""
        dialog, self.dialog = self.dialog, None
        if dialog is None or not dialog.alive():
            return False
        dialog.kill()
        return True

    def pause(self) -> None:
        self.close_dialog()
        super().pause()

    def destroy_ui(self) -> None:
        self.close_dialog()
        super().destroy_ui()

    def open_record_file(self, path: Path) -> None:
        scene, message = record_scene(self.app, path)
        if message:
            self.app.notify(message)
        if scene is not None:
            self.app.push(scene)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("history.title"), self.px(52), 38)

    def open(self, record: history.HandRecord) -> None:
        scene = make_replay(self.app, record)
        if scene is not None:
            self.app.push(scene)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


class RecordFileScene(MenuScene):
    """The hands of a record file that holds several, in the file's order, a page at a
    time like the history list; a row (mouse, or the arrow keys and Enter) opens that
    hand's replay, or says in one line why it does not replay."""

    name = "record-file"
    cache_decor = True

    def __init__(self, app: App, file_name: str, records: list[Any]) -> None:
        super().__init__(app)
        self.file_name = file_name
        self.records = records
        self.page = 0
        self.per_page = SHOWN

    @staticmethod
    def _row(index: int, record: Any) -> tuple[str, str, str]:
        """(row text, result text, tone) for hand ``index`` (read for shape only: a
        hand is replayed when it is chosen)."""
        try:
            hand = history.HandRecord.from_record(record) if isinstance(record, dict) else None
        except ValueError:
            hand = None
        if hand is None:
            text = i18n.t("records.hand_row", number=index + 1)
            return text, i18n.t("records.damaged_row"), "lost"
        result, tone = result_text(hand)
        return f"{index + 1}. {file_row_text(hand)}", result, tone

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // self.per_page))

    def turn_page(self, delta: int) -> None:
        page = min(self.pages - 1, max(0, self.page + delta))
        if page != self.page:
            self.page = page
            self.recreate_ui()
            pager = self.older if delta > 0 else self.newer
            self.ring.focus_item(pager if pager.enabled else (self.hand_buttons or [self.back])[0])

    def build(self) -> None:
        width, height = self.app.size
        form_w = min(width - self.px(120), self.px(1000))
        x = (width - form_w) // 2
        top, step, row_h = self.px(110), self.px(46), self.px(40)
        pager_y = height - self.px(142)
        self.per_page = max(1, (pager_y - self.px(8) - top) // step)
        self.page = min(self.page, self.pages - 1)
        first = self.page * self.per_page
        # Read for shape only, in the language shown (a hand replays when chosen).
        shown = [
            self._row(index, record)
            for index, record in enumerate(self.records[first : first + self.per_page], first)
        ]
        result_w = max(
            [self.px(150), *(self.text_width(text, "label") + self.px(16) for _, text, _ in shown)]
        )
        row_w = form_w - result_w - self.px(12)
        self.hand_buttons = []
        y = top
        for index, (text, result, tone) in enumerate(shown, start=first):
            self.hand_buttons.append(
                self.add_button(
                    pygame.Rect(x, y, row_w, row_h),
                    text,
                    functools.partial(self.choose, index),
                    object_id="#row",
                )
            )
            self.add_label(
                pygame.Rect(x + form_w - result_w, y, result_w, row_h), result, f"#{tone}"
            )
            y += step
        self.newer, self.older, pager_w, pager_h = add_pager(self, x, form_w, pager_y)
        self.add_label(
            pygame.Rect(
                x + pager_w + self.px(8), pager_y, form_w - 2 * pager_w - self.px(16), pager_h
            ),
            i18n.t(
                "screens.history.page",
                first=first + 1,
                last=first + len(shown),
                total=len(self.records),
                page=self.page + 1,
                pages=self.pages,
            ),
            "#hint",
        )
        back = i18n.t("common.back")
        button_w = max(self.px(200), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(80), button_w, self.px(50)),
            back,
            self.go_back,
        )
        if self.hand_buttons:
            self.ring.focus_item(self.hand_buttons[0])

    def choose(self, index: int) -> None:
        """Open hand ``index`` of the file (or say why it does not replay)."""
        scene, message = open_hand(self.app, self.file_name, self.records, index)
        if message:
            self.app.notify(message)
        if scene is not None:
            self.app.push(scene)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return None
        return super().process_event(event)

    def draw_decor(self, surface: pygame.Surface) -> None:
        title = i18n.t("records.file_title", name=self.file_name, count=len(self.records))
        self.draw_title(surface, title, self.px(52), 32)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


def event_cards(event: Event) -> list[str | None]:
    """Card codes an event shows (None: a card face down to the player)."""
    cards: list[str | None] = []
    for name in ("card", "cards", "hole_card"):
        if not hasattr(event, name):
            continue
        value = getattr(event, name)
        if isinstance(value, str) or value is None:
            cards.append(value)
        elif isinstance(value, tuple | list):
            cards.extend(v if isinstance(v, str) or v is None else None for v in value)
    return cards


class ReplayScene(MenuScene):
    """Step through one hand's events: Left/Right or the Previous / Next buttons."""

    name = "replay"

    def __init__(self, app: App, record: history.HandRecord, events: list[Event]) -> None:
        super().__init__(app)
        self.record = record
        self.events = events
        self.index = 0
        self.playing = False
        self.rest = 0.0

    def build(self) -> None:
        width, height = self.app.size
        texts = [i18n.t("history.previous"), i18n.t("common.back"), i18n.t("history.next")]
        plays = [i18n.t("screens.replay.play"), i18n.t("screens.replay.pause")]
        button_w = max(self.px(180), *(self.text_width(t) + self.px(48) for t in texts + plays))
        gap = self.px(16)
        x = (width - 3 * button_w - 2 * gap) // 2
        by = height - self.px(84)
        self.play = self.add_button(
            pygame.Rect((width - button_w) // 2, by - self.px(62), button_w, self.px(50)),
            plays[1] if self.playing else plays[0],
            self.toggle_play,
        )
        self.previous = self.add_button(
            pygame.Rect(x, by, button_w, self.px(50)), texts[0], self.step_back
        )
        self.back = self.add_button(
            pygame.Rect(x + button_w + gap, by, button_w, self.px(50)), texts[1], self.go_back
        )
        self.next = self.add_button(
            pygame.Rect(x + 2 * (button_w + gap), by, button_w, self.px(50)),
            texts[2],
            self.step_forward,
            object_id="#primary",
        )
        self.ring.focus_item(self.next)

    def step_forward(self) -> None:
        self.index = min(len(self.events) - 1, self.index + 1)

    def toggle_play(self) -> None:
        """Play / Pause: one event after another (from the first again at the end)."""
        if not self.playing and self.index >= len(self.events) - 1:
            self.index = 0
        self.playing = not self.playing
        self.rest = 0.0
        self.recreate_ui()

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.rest += dt
        if self.rest >= 0.8:
            self.rest = 0.0
            self.step_forward()
            if self.index >= len(self.events) - 1:
                self.playing = False
                self.recreate_ui()
            self.app.wake()

    def redraw_in(self) -> float:
        return 0.1 if self.playing else super().redraw_in()

    def step_back(self) -> None:
        self.index = max(0, self.index - 1)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            (self.step_back if event.key == pygame.K_LEFT else self.step_forward)()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.toggle_play()
            return None
        return super().process_event(event)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t(f"game.{self.record.game}"), self.px(56), 40)
        font = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE)
        width = surface.get_width()
        header = i18n.t(
            "history.step",
            number=self.index + 1,
            total=len(self.events),
            label=shown_label(self.record),
        )
        image = font.render(header, True, BRASS_LIGHT)
        surface.blit(image, image.get_rect(center=(width // 2, self.px(110))))
        if self.record.seats:
            seats = " · ".join(f"{i}: {name}" for i, name in enumerate(shown_names(self.record)))
            image = font.render(seats, True, CREAM)
            surface.blit(image, image.get_rect(center=(width // 2, self.px(140))))
        if not self.events:
            return
        # The current event large, the ones before it fading above.
        y = self.px(200)
        for offset in range(-3, 1):
            i = self.index + offset
            if i < 0:
                continue
            colour = CREAM if offset == 0 else (130, 140, 120)
            line = font.render(describe(self.events[i]), True, colour)
            surface.blit(line, line.get_rect(center=(width // 2, y)), None)
            y += self.px(30)
        self.draw_cards(surface, event_cards(self.events[self.index]), y + self.px(20))

    def draw_cards(self, surface: pygame.Surface, codes: list[str | None], top: int) -> None:
        if not codes:
            return
        from game.ui import cards

        size = cards.card_size(self.px(150))
        gap = self.px(12)
        x = (surface.get_width() - len(codes) * (size[0] + gap) + gap) // 2
        entry, preset = games.get(self.record.game), self.record.preset or None
        for code in codes:
            try:
                if code is None:
                    image = entry.render_back(size, preset)
                else:
                    image = entry.render_card(code, size, preset)
            except (ValueError, KeyError):
                image = None
            if image is not None:
                surface.blit(image, (x, top))
            x += size[0] + gap

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        if self.index < len(self.events) - 1:
            return click_events(self.next.button)
        return click_events(self.back.button)
