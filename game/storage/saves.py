"""Save slots: the campaign and quick play, resumable mid-hand, under user_data_dir/saves.

A slot is one JSON file (``campaign.json``, ``quickplay.json``)::

    {"schema_version": 3, "kind": "campaign", "saved_at": "2025-01-31T20:15:02",
     "campaign": {...progress...},        # campaign slot only
     "table": {...TableSnapshot...} | null}

The table is the hand records of its match (game.storage.journal, game.record,
docs/record-format.md) and its generators as seeds and counts of draws: the game's own
words and plain integers, nothing of the program's classes or generator state.

Writing is atomic (game.storage.files: temporary file in the same folder, fsync,
os.replace, a ``.bak`` of the last good file), so a crash or a kill mid-write leaves the
previous save whole. Reading never raises: a file that is not JSON (truncated, garbage,
not UTF-8, absurd numbers or nesting, a folder in its place), or lacks a key / holds a
wrong type or an impossible value, is moved aside as ``<name>.corrupt-<timestamp>``; if
the ``.bak`` beside it is good, that is used instead. A file with a newer
``schema_version`` is left untouched and the slot refuses to write over it (the player is
told to update). ``ReadResult.problem`` says what happened, in words for the player.
Older schema versions are brought up to date one step at a time by ``MIGRATIONS``
(schema 1, 0.1.0's, saved the engine's fields; schema 2 how the match began and the
moves since, by the engine's class names and the generators' raw draws: its table is
replayed through game.storage.legacy when read, which writes its hands as records;
schema 3 is hand records).

How a table uses this (it is handed a SaveSlot, e.g. ``SaveSlot(QUICK_PLAY, notify=app.notify)``
or the campaign's slot):

- after every action/event batch it animates: ``slot.autosave(TableSnapshot(game, state,
  {"chance": rng, "seat1": ...}, {...table data...}))`` — or the module function
  ``autosave(slot, snapshot)``. A full or read-only disk calls ``notify`` once with a clear
  message and returns False; the game goes on unsaved.
- on start: ``slot.load_table()`` -> the TableSnapshot to resume, or None.
- when the session ends: ``slot.clear_table()`` (quick play: ``slot.delete()``).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n
from game.storage.files import (
    StorageError,
    atomic_write_text,
    copy_aside,
    move_aside,
    read_json,
    tell_not_saved,
    tell_once,
    wait_for_writes,
    write_in_background,
)
from game.storage.serialize import (
    SerializeError,
    TableSnapshot,
    json_default,
    migrate_table,
    resolved,
)
from game.storage.settings import data_dir

SCHEMA_VERSION = 3
CAMPAIGN = "campaign"
QUICK_PLAY = "quickplay"
SLOTS = (CAMPAIGN, QUICK_PLAY)


class SaveFormatError(ValueError):
    """Saved data has a missing key or a value of the wrong type (message names it)."""


def _migrate_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (0.1.0) -> 2: the table's engine state becomes a journal's start."""
    table = data.get("table")
    if isinstance(table, dict) and "state" in table and "base" not in table:
        data["table"] = migrate_table(table)
    return data


def _migrate_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: the campaign's progress is the same; the table keeps its journal
    until it is read (TableSnapshot.from_json replays it, through game.storage.legacy,
    into hand records) and is written as records from the next save on."""
    return data


#: ``MIGRATIONS[n]`` turns a schema-n save into a schema-(n+1) save. Add one per change.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _migrate_1,
    2: _migrate_2,
}


def saves_dir() -> Path:
    return data_dir() / "saves"


def require(data: Any, key: str, kind: type | tuple[type, ...], where: str = "save") -> Any:
    """``data[key]`` when it exists and has type ``kind``; SaveFormatError naming it otherwise.

    ``bool`` is never accepted where an ``int`` is asked for (JSON true is not a number).
    """
    if not isinstance(data, dict):
        raise SaveFormatError(f"{where} is not an object")
    if key not in data:
        raise SaveFormatError(f"{where} lacks {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise SaveFormatError(f"{where}.{key} has the wrong type")
    if not isinstance(value, kinds):
        raise SaveFormatError(f"{where}.{key} has the wrong type")
    return value


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Apply MIGRATIONS step by step up to SCHEMA_VERSION (the caller checked the version)."""
    version = data["schema_version"]
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveFormatError(f"no way to update a schema {version} save")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


@dataclass(slots=True)
class ReadResult:
    payload: dict[str, Any] | None  # None: there is no usable save
    problem: str | None = None  # for the player: what was wrong and where the file went
    moved_to: Path | None = None
    kind: str = ""  # "", "unreadable", "newer", "invalid", "io"


def check_payload(
    payload: dict[str, Any], validate: Callable[[dict[str, Any]], object] | None
) -> TableSnapshot | None:
    """The payload's table, replayed (None when there is none); SaveFormatError when the
    save itself is malformed, SerializeError when only its table does not load. A hand
    that no longer replays is not damage: the snapshot comes back ``abandoned``."""
    require(payload, "kind", str)
    table = payload.get("table")
    if validate is not None:
        validate(payload)
    _sane_numbers(payload.get("campaign"))
    if table is None:
        return None
    if not isinstance(table, dict):
        raise SerializeError("save.table has the wrong type")
    return TableSnapshot.from_json(table)


#: No count of credits, chips or hands in a real save comes near this.
MAX_NUMBER = 10**15


def _sane_numbers(progress: Any) -> None:
    """Values, not only shapes: campaign numbers a game could have reached (no negative
    credits, nothing astronomically large); SaveFormatError otherwise."""
    if not isinstance(progress, dict):
        return
    stack: list[Any] = [progress]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, int | float) and not abs(value) <= MAX_NUMBER:
            raise SaveFormatError("campaign holds an impossible number")
    for key in ("credits", "arrival_credits", "debt", "at_table"):
        value = progress.get(key)
        if isinstance(value, int) and value < 0:
            raise SaveFormatError(f"campaign {key} cannot be negative")


class SaveSlot:
    """One save file. ``validate(payload)`` raises SaveFormatError for a bad payload."""

    def __init__(
        self,
        name: str,
        directory: Path | None = None,
        notify: Callable[[str], None] | None = None,
        validate: Callable[[dict[str, Any]], object] | None = None,
    ) -> None:
        self.name = name
        self.directory = directory
        self.notify = notify
        self.validate = validate
        self.payload: dict[str, Any] | None = None  # what is on disk, as last read or written
        self.failing = False  # the last write failed: tell the player once, not every move
        self.blocked = False  # a newer version's file is there: never write over it
        self._snapshot: TableSnapshot | None = None  # the table checked when read
        self._read_done = False
        self._version_checked = False

    @property
    def path(self) -> Path:
        return (self.directory or saves_dir()) / f"{self.name}.json"

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    def peek(self) -> dict[str, Any] | None:
        """The payload the game would resume, touching no file (for --campaign-status and
        the menu's Resume). Like ``read``: the ``.bak`` only stands in for a damaged file,
        never for one that is gone (a finished session leaves its old ``.bak``)."""
        self._wait_for_writes()
        main = self._read_file(self.path, set_aside=False, full=False)
        if main.payload is not None or main.kind in ("", "newer", "io"):
            return main.payload
        return self._read_file(self.backup_path, set_aside=False, full=False).payload

    def exists(self) -> bool:
        self._wait_for_writes()
        return self.path.is_file()

    # ----------------------------------------------------------------- reading
    def read(self) -> ReadResult:
        """The save's payload, or None with the problem told (and the bad file moved aside)."""
        self._wait_for_writes()
        self._read_done = True
        result = self._read_file(self.path)
        if result.kind == "newer":
            self.blocked = True
        if result.kind in ("unreadable", "invalid"):
            fallback = self._read_file(self.backup_path)
            if fallback.payload is not None:
                result.payload = fallback.payload
                result.problem = i18n.t(
                    "data.damaged_backup", name=self.path.name, moved=_moved_name(result)
                )
        if result.payload is not None:
            self.payload = result.payload
        if result.problem and result.kind in ("newer", "io"):
            # Still there at every look: said once a run, not at every slot opened.
            tell_once(self.notify, f"{result.kind}:{self.path}", result.problem)
        elif result.problem:
            self._tell(result.problem)
        return result

    def _read_file(self, path: Path, set_aside: bool = True, full: bool = True) -> ReadResult:
        got = read_json(path)
        if got.status == "missing":
            return ReadResult(None)
        if got.status == "io":
            return ReadResult(None, i18n.t("data.unreadable_io", name=path.name), None, "io")
        if got.status != "ok":
            return self._set_aside(path, "unreadable", set_aside)
        data = got.data
        version = data.get("schema_version") if isinstance(data, dict) else None
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return self._set_aside(path, "invalid", set_aside)
        if version > SCHEMA_VERSION:
            return ReadResult(None, i18n.t("data.newer", name=path.name), None, "newer")
        try:
            payload = migrate(data)
            if full:
                try:
                    snapshot = check_payload(payload, self.validate)
                except (SerializeError, IndexError, AttributeError) as error:
                    if isinstance(error, SaveFormatError):
                        raise
                    return self._table_lost(path, payload, set_aside)
            else:
                require(payload, "kind", str)
                if payload.get("table") is not None:
                    require(payload, "table", dict)
                snapshot = None
        except (ValueError, RecursionError, TypeError, KeyError, IndexError, AttributeError):
            # SaveFormatError and a campaign's own checks: the save cannot be taken whole.
            return self._set_aside(path, "invalid", set_aside)
        if full:
            self._snapshot = snapshot
            if snapshot is not None and snapshot.abandoned is not None and set_aside:
                # The hand is given up: keep the file as it was, for whoever looks into it.
                with contextlib.suppress(StorageError):
                    copy_aside(path)
        return ReadResult(payload)

    def _table_lost(self, path: Path, payload: dict[str, Any], set_aside: bool) -> ReadResult:
        """Only the table does not load: keep everything else (campaign progress), keep
        a copy of the whole file aside, and go on without the hand."""
        payload = {**payload, "table": None}
        if not set_aside:
            return ReadResult(payload, None, None, "table")
        try:
            moved = copy_aside(path)
        except StorageError:
            return ReadResult(payload, i18n.t("data.hand_lost", moved="-"), None, "table")
        return ReadResult(payload, i18n.t("data.hand_lost", moved=moved.name), moved, "table")

    def _set_aside(self, path: Path, kind: str, set_aside: bool = True) -> ReadResult:
        if not set_aside:
            return ReadResult(None, kind, None, kind)
        try:
            moved = move_aside(path)
        except StorageError:
            return ReadResult(None, i18n.t("data.damaged_stuck", name=path.name), None, kind)
        return ReadResult(
            None, i18n.t("data.damaged_moved", name=path.name, moved=moved.name), moved, kind
        )

    def _tell(self, text: str) -> None:
        if self.notify is not None:
            self.notify(text)

    # ----------------------------------------------------------------- writing
    def write(self, payload: dict[str, Any], background: bool = False) -> bool:
        """Write ``payload`` atomically; False (player told once) when the disk refuses or
        a newer version's save is there. ``background``: the disk write happens on a
        writer thread (``files.write_in_background``); a failure is told at the next
        write, read or delete of this slot."""
        if self._newer_on_disk():
            return False
        data = {
            **payload,
            "schema_version": SCHEMA_VERSION,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        data.setdefault("kind", self.name)

        def text() -> str:
            return _dumps(data) + "\n"

        try:
            if background:
                # The JSON is made on the writer thread too (an autosave's table holds
                # views and events encoded only then: TableSnapshot.to_json(later=True)).
                earlier = write_in_background(self.path, text)
                if earlier is not None:
                    raise earlier
            else:
                self._wait_for_writes()
                atomic_write_text(self.path, text())
        except StorageError as error:
            if not self.failing:
                tell_not_saved(self.notify, self.path.parent, error.reason)
            self.failing = True
            return False
        self.payload = data
        if background:
            return True  # on its way: whether it landed is known at the next look
        if self.failing and self.notify is not None:
            self.notify(i18n.t("notice.save_working_again"))
        self.failing = False
        return True

    def _newer_on_disk(self) -> bool:
        """Whether the file is a newer version's (then it is never written or removed);
        looked at once, before the first write of a slot that was not read."""
        if self.blocked or self._read_done or self._version_checked:
            return self.blocked
        self._version_checked = True
        got = read_json(self.path)
        version = got.data.get("schema_version") if isinstance(got.data, dict) else None
        if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
            self.blocked = True
            tell_once(self.notify, f"newer:{self.path}", i18n.t("data.newer", name=self.path.name))
        return self.blocked

    def current(self) -> dict[str, Any]:
        """The payload to build on: what was last read or written (read once if needed)."""
        if self.payload is None and not self._read_done:
            self.read()
        return dict(self.payload or {"kind": self.name})

    def autosave(self, snapshot: TableSnapshot) -> bool:
        """Store the table's snapshot alongside the rest of the slot (campaign progress)."""
        try:
            table = snapshot.to_json(later=True)  # the frame only gathers; the writer encodes
        except SerializeError as error:
            # A programming error in a table, but the player must not lose the game to it.
            from game.storage.logs import log

            log.error("table snapshot failed: %s", error)
            if not self.failing:
                tell_not_saved(self.notify, self.path.parent, str(error))
            self.failing = True
            return False
        payload = self.current()
        payload["table"] = table
        self._snapshot = None
        return self.write(payload, background=True)

    def flush(self) -> None:
        """Wait until this slot's background writes are on disk (another reader of the
        file, a test, the end of the program)."""
        self._wait_for_writes()

    def _wait_for_writes(self, cancel: bool = False) -> None:
        """Let this file's background writes land (or drop them: ``cancel``) before it is
        read, written in the foreground or removed; a failure of theirs is told here."""
        error = wait_for_writes(self.path, cancel)
        if error is not None and not self.failing:
            tell_not_saved(self.notify, self.path.parent, error.reason)
            self.failing = True

    def load_table(self) -> TableSnapshot | None:
        """The table to resume, or None. A hand that no longer replays is abandoned at the
        stacks it began with (the player told); a table that does not load at all was set
        aside with its file when it was read."""
        payload = self.current()
        table = payload.get("table")
        if table is None:
            return None
        snapshot = self._snapshot
        if snapshot is None:
            try:
                snapshot = TableSnapshot.from_json(resolved(table))
            except (SerializeError, RecursionError):
                self.set_aside()
                return None
        self._snapshot = None
        if snapshot.abandoned is not None:
            from game.storage.logs import log

            log.warning("saved hand abandoned: %s", snapshot.abandoned)
            self._tell(i18n.t("data.hand_abandoned"))
        return snapshot

    def set_aside(self) -> None:
        """The save on disk turned out unusable (a table rejected it): move it aside as
        ``<name>.corrupt-<timestamp>``, tell the player, and forget it."""
        self._wait_for_writes(cancel=True)
        try:
            moved = move_aside(self.path)
        except StorageError:
            self._tell(i18n.t("data.damaged_stuck", name=self.path.name))
        else:
            self._tell(i18n.t("data.damaged_moved", name=self.path.name, moved=moved.name))
        self.payload = None
        self._snapshot = None

    def clear_table(self) -> bool:
        payload = self.current()
        if payload.get("table") is None and self.exists():
            return True
        payload["table"] = None
        return self.write(payload)

    def delete(self) -> None:
        """The session ended: its save and the save's backup go (an old backup left
        behind would offer a Resume that leads nowhere). A folder that refuses is told
        once; the game goes on."""
        if self._newer_on_disk():
            return
        self._wait_for_writes(cancel=True)
        for path in (self.path, self.backup_path):
            try:
                path.unlink()
            except FileNotFoundError:
                continue
            except OSError as error:
                tell_not_saved(self.notify, path.parent, error.strerror or "")
        self.payload = None
        self._snapshot = None


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(
        data, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=json_default
    )


def _moved_name(result: ReadResult) -> str:
    return result.moved_to.name if result.moved_to is not None else "?"


def autosave(slot: SaveSlot, snapshot: TableSnapshot) -> bool:
    """``slot.autosave(snapshot)``: the call a table makes after each action it shows."""
    return slot.autosave(snapshot)
