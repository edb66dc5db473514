"""Save slots: the campaign and quick play, resumable mid-hand, under user_data_dir/saves.

A slot is one JSON file (``campaign.json``, ``quickplay.json``)::

    {"schema_version": 1, "kind": "campaign", "saved_at": "2025-01-31T20:15:02",
     "campaign": {...progress...},        # campaign slot only
     "table": {...TableSnapshot...} | null}

Writing is atomic (game.storage.files: temporary file in the same folder, fsync,
os.replace, a ``.bak`` of the last good file), so a crash or a kill mid-write leaves the
previous save whole. Reading never raises: a file that is not JSON (truncated, garbage),
has a newer ``schema_version``, or lacks a key / holds a wrong type is moved aside as
``<name>.corrupt-<timestamp>``; if the ``.bak`` beside it is good, that is used instead.
``ReadResult.problem`` says what happened, in words for the player. Older schema versions
are brought up to date one step at a time by ``MIGRATIONS``.

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
from game.storage.files import StorageError, atomic_write_text, move_aside
from game.storage.serialize import SerializeError, TableSnapshot
from game.storage.settings import data_dir

SCHEMA_VERSION = 1
CAMPAIGN = "campaign"
QUICK_PLAY = "quickplay"
SLOTS = (CAMPAIGN, QUICK_PLAY)

#: ``MIGRATIONS[n]`` turns a schema-n save into a schema-(n+1) save. Add one per change.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveFormatError(ValueError):
    """Saved data has a missing key or a value of the wrong type (message names it)."""


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
    kind: str = ""  # "", "unreadable", "newer", "invalid"


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

    @property
    def path(self) -> Path:
        return (self.directory or saves_dir()) / f"{self.name}.json"

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    def peek(self) -> dict[str, Any] | None:
        """The payload the game would resume, touching no file (for --campaign-status)."""
        for path in (self.path, self.backup_path):
            result = self._read_file(path, set_aside=False)
            if result.payload is not None:
                return result.payload
        return None

    def exists(self) -> bool:
        return self.path.is_file()

    # ----------------------------------------------------------------- reading
    def read(self) -> ReadResult:
        """The save's payload, or None with the problem told (and the bad file moved aside)."""
        result = self._read_file(self.path)
        if result.problem is None:
            self.payload = result.payload
            return result
        fallback = self._read_file(self.backup_path)
        if fallback.payload is not None:
            self.payload = fallback.payload
            result.payload = fallback.payload
            result.problem = i18n.t(
                "notice.save_restored_backup", name=self.path.name, moved=_moved_name(result)
            )
        if self.notify is not None and result.problem:
            self.notify(result.problem)
        return result

    def _read_file(self, path: Path, set_aside: bool = True) -> ReadResult:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ReadResult(None)
        except (OSError, UnicodeDecodeError) as error:
            if isinstance(error, UnicodeDecodeError):
                return self._set_aside(path, "unreadable", set_aside)
            return ReadResult(
                None, i18n.t("notice.save_unreadable_io", name=path.name, detail=str(error)), None
            )
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return self._set_aside(path, "unreadable", set_aside)
        version = data.get("schema_version") if isinstance(data, dict) else None
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return self._set_aside(path, "invalid", set_aside)
        if version > SCHEMA_VERSION:
            return self._set_aside(path, "newer", set_aside)
        try:
            payload = migrate(data)
            require(payload, "kind", str)
            if "table" in payload and payload["table"] is not None:
                require(payload, "table", dict)
            if self.validate is not None:
                self.validate(payload)
        except SaveFormatError:
            return self._set_aside(path, "invalid", set_aside)
        return ReadResult(payload)

    def _set_aside(self, path: Path, kind: str, set_aside: bool = True) -> ReadResult:
        if not set_aside:
            return ReadResult(None, kind, None, kind)
        try:
            moved = move_aside(path)
        except StorageError as error:
            return ReadResult(
                None, i18n.t("notice.save_unreadable_io", name=path.name, detail=str(error)), None
            )
        return ReadResult(
            None, i18n.t(f"notice.save_{kind}", name=path.name, moved=moved.name), moved, kind
        )

    # ----------------------------------------------------------------- writing
    def write(self, payload: dict[str, Any]) -> bool:
        """Write ``payload`` atomically; False (player told once) when the disk refuses."""
        data = {
            **payload,
            "schema_version": SCHEMA_VERSION,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        data.setdefault("kind", self.name)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        try:
            atomic_write_text(self.path, text + "\n")
        except StorageError as error:
            if not self.failing and self.notify is not None:
                self.notify(i18n.t("notice.save_failed", detail=str(error)))
            self.failing = True
            return False
        if self.failing and self.notify is not None:
            self.notify(i18n.t("notice.save_working_again"))
        self.failing = False
        self.payload = data
        return True

    def current(self) -> dict[str, Any]:
        """The payload to build on: what was last read or written (read once if needed)."""
        if self.payload is None:
            self.read()
        return dict(self.payload or {"kind": self.name})

    def autosave(self, snapshot: TableSnapshot) -> bool:
        """Store the table's snapshot alongside the rest of the slot (campaign progress)."""
        try:
            table = snapshot.to_json()
        except SerializeError as error:
            # A programming error in a table, but the player must not lose the game to it.
            if self.notify is not None and not self.failing:
                self.notify(i18n.t("notice.save_failed", detail=str(error)))
            self.failing = True
            return False
        payload = self.current()
        payload["table"] = table
        return self.write(payload)

    def load_table(self) -> TableSnapshot | None:
        """The table to resume, or None. A table that no longer loads is dropped, told."""
        payload = self.current()
        table = payload.get("table")
        if table is None:
            return None
        try:
            return TableSnapshot.from_json(table)
        except SerializeError as error:
            # Keep a copy of the whole file for inspection, then carry on without the hand.
            with contextlib.suppress(OSError):
                copy = self.path.with_name(
                    f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
                )
                if self.path.is_file() and not copy.exists():
                    atomic_write_text(copy, self.path.read_text(encoding="utf-8"), False)
            if self.notify is not None:
                self.notify(i18n.t("notice.save_hand_dropped", detail=str(error)))
            payload["table"] = None
            self.payload = payload
            return None

    def clear_table(self) -> bool:
        payload = self.current()
        if payload.get("table") is None and self.exists():
            return True
        payload["table"] = None
        return self.write(payload)

    def delete(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.payload = None


def _moved_name(result: ReadResult) -> str:
    return result.moved_to.name if result.moved_to is not None else "?"


def autosave(slot: SaveSlot, snapshot: TableSnapshot) -> bool:
    """``slot.autosave(snapshot)``: the call a table makes after each action it shows."""
    return slot.autosave(snapshot)
