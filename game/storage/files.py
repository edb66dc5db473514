"""Safe file writes shared by settings and (later) saves.

A write either lands completely or leaves the previous file untouched: the new text goes
to a temporary file in the same directory (same filesystem, so os.replace is atomic),
is flushed and fsynced, then replaces the target. The last good file is kept as .bak.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Longest number a data file may hold: a count of chips or hands needs a dozen digits;
#: thousands of digits are damage (and would cost seconds to parse).
MAX_NUMBER_CHARS = 40
#: Largest data file read (a full history of 50 hands is well under 1 MiB).
MAX_FILE_BYTES = 64 * 1024 * 1024


class StorageError(OSError):
    """A file could not be written; the message is fit to show the player, ``reason``
    is the system's own words for why ("Permission denied", "No space left on device")."""

    @property
    def reason(self) -> str:
        text = str(self)
        return text.rsplit(": ", 1)[-1] if ": " in text else text


def atomic_write_text(path: Path, text: str, keep_backup: bool = True) -> None:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
    except OSError as error:
        raise StorageError(f"cannot write in {path.parent}: {error.strerror or error}") from error
    temp_path = Path(temp_name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if keep_backup and path.is_file():
            backup = path.with_name(path.name + ".bak")
            # A hard link would be cheaper, but not every filesystem has them.
            backup.write_bytes(path.read_bytes())
        os.replace(temp_path, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp_path.unlink()
        raise StorageError(f"cannot write {path}: {error.strerror or error}") from error
    _fsync_directory(path.parent)


# -- writes in the background ------------------------------------------------------------
# An autosave at every decision must not stall a frame for the disk's fsync (10-40 ms on
# a busy machine): the atomic write happens on one writer thread, and so may the text
# itself (a function making it from data that no longer changes: a save's JSON). Only the newest text of a file waits (an older one still queued is
# dropped: it would be overwritten at once). The writer lives as long as the program:
# starting a thread per write made the frame wait until the new thread was scheduled
# (tens of milliseconds on a busy machine). It is a daemon, so an exit is never held up
# by it, and at exit every queued write is finished first (``_finish_at_exit``); readers
# and deleters of a file wait for (or cancel) what is queued for it first.
@dataclass
class _Queued:
    text: str | Callable[[], str] | None = None
    keep_backup: bool = True
    writing: bool = False
    error: StorageError | None = None


_QUEUED: dict[Path, _Queued] = {}
_CHANGED = threading.Condition(threading.Lock())
_WRITER: threading.Thread | None = None


def write_in_background(
    path: Path, text: str | Callable[[], str], keep_backup: bool = True
) -> StorageError | None:
    """Queue ``text`` to be written to ``path`` atomically (``atomic_write_text``) on the
    writer thread; ``text`` may be a function the writer calls for it (it must read only
    data nobody changes any more; an exception of its is the write's error). Returns the error of an earlier background write of this file (once),
    so the caller tells the player as it would for a write of its own."""
    global _WRITER
    with _CHANGED:
        queued = _QUEUED.setdefault(Path(path), _Queued())
        error, queued.error = queued.error, None
        queued.text, queued.keep_backup = text, keep_backup
        if _WRITER is None or not _WRITER.is_alive():
            _WRITER = threading.Thread(target=_writer, name="file writer", daemon=True)
            _WRITER.start()
        _CHANGED.notify_all()
    return error


def _writer() -> None:
    while True:
        with _CHANGED:
            job = _next_job()
            while job is None:
                _CHANGED.wait()
                job = _next_job()
            path, queued = job
            text, keep_backup = queued.text, queued.keep_backup
            queued.text, queued.writing = None, True
        assert text is not None
        error: StorageError | None = None
        try:
            atomic_write_text(path, text() if callable(text) else text, keep_backup)
        except StorageError as failed:
            error = failed
        except Exception as failed:  # never leave a waiting reader hanging
            error = StorageError(f"cannot write {path}: {failed}")
        with _CHANGED:
            queued.writing = False
            if error is not None:
                queued.error = error
            _CHANGED.notify_all()


def _next_job() -> tuple[Path, _Queued] | None:
    return next(((p, q) for p, q in _QUEUED.items() if q.text is not None), None)


def wait_for_writes(path: Path, cancel: bool = False) -> StorageError | None:
    """Wait until nothing is queued or being written for ``path`` (``cancel``: drop what is
    queued first, finishing only the write in progress). Returns a background write's
    error not yet reported."""
    with _CHANGED:
        queued = _QUEUED.get(Path(path))
        if queued is None:
            return None
        if cancel:
            queued.text = None
        if threading.current_thread() is not _WRITER:
            while queued.text is not None or queued.writing:
                _CHANGED.wait()
        error, queued.error = queued.error, None
    return error


def writes_settled(path: Path) -> bool:
    """Whether nothing is queued or being written for ``path`` and no write's error waits
    to be told (``wait_for_writes`` tells it; this only looks)."""
    with _CHANGED:
        queued = _QUEUED.get(Path(path))
        return queued is None or (
            queued.text is None and not queued.writing and queued.error is None
        )


def flush_writes() -> None:
    """Wait until every queued background write is on disk (a reader of the files
    outside this module, a test, the end of the program)."""
    with _CHANGED:
        while any(q.text is not None or q.writing for q in _QUEUED.values()):
            _CHANGED.wait()


def _finish_at_exit() -> None:
    """Every queued write lands before the program ends (the writer is a daemon)."""
    with _CHANGED:
        while (
            _WRITER is not None
            and _WRITER.is_alive()
            and any(q.text is not None or q.writing for q in _QUEUED.values())
        ):
            _CHANGED.wait(timeout=1.0)


atexit.register(_finish_at_exit)


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable on POSIX; not possible (nor needed) on Windows.
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def move_aside(path: Path, now: float | None = None) -> Path:
    """Rename an unreadable file to ``<name>.corrupt-<timestamp>`` so nothing overwrites it."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except OSError as error:
        raise StorageError(f"cannot move aside {path}: {error.strerror or error}") from error
    return target


def copy_aside(path: Path, now: float | None = None) -> Path:
    """Keep a copy of ``path`` as ``<name>.corrupt-<timestamp>`` (the file itself stays:
    the part of it that was good is still in use)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    try:
        target.write_bytes(path.read_bytes())
    except OSError as error:
        raise StorageError(f"cannot copy {path}: {error.strerror or error}") from error
    return target


# --------------------------------------------------------------------------- reading
@dataclass(slots=True)
class JsonRead:
    """What ``read_json`` found. ``status``: ``"ok"`` (``data`` holds the JSON),
    ``"missing"``, ``"unreadable"`` (not UTF-8, cut short, empty, not JSON, numbers of
    absurd length, nesting too deep, too big), ``"folder"`` (a folder where the file
    should be) or ``"io"`` (the system refused: permissions, a disk error).
    ``detail`` is for the log, never for the player."""

    status: str
    data: Any = None
    detail: str = ""


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} digits")
    return int(text)


def _finite_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS * 2:
        raise ValueError(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number too large")
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number")


def parse_json(text: str) -> Any:
    """``json.loads`` that refuses what no file of ours holds: NaN/Infinity, numbers of
    absurd length (ValueError); nesting too deep raises RecursionError."""
    return json.loads(
        text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant
    )


def read_json(path: Path) -> JsonRead:
    """The file's JSON, or what stopped it; never raises."""
    path = Path(path)
    try:
        if path.is_dir():
            return JsonRead("folder", detail=f"{path} is a folder")
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return JsonRead("missing")
    except IsADirectoryError:
        return JsonRead("folder", detail=f"{path} is a folder")
    except OSError as error:
        return JsonRead("io", detail=f"{path}: {error.strerror or error}")
    if len(raw) > MAX_FILE_BYTES:
        return JsonRead("unreadable", detail="file too large")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return JsonRead("unreadable", detail=f"not UTF-8: {error}")
    if not text.strip():
        return JsonRead("unreadable", detail="empty file")
    try:
        return JsonRead("ok", parse_json(text))
    except RecursionError:
        return JsonRead("unreadable", detail="nesting too deep")
    except ValueError as error:  # JSONDecodeError included
        return JsonRead("unreadable", detail=f"not JSON: {error}")


def nesting_ok(data: Any, limit: int = 64) -> bool:
    """Whether ``data`` nests no deeper than ``limit`` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def set_aside_bad_backup(path: Path, backup: JsonRead, used: bool) -> None:
    """A damaged file's ``.bak`` that could not stand in for it is moved aside as well:
    the next save would copy over it (a ``.bak`` is never overwritten while damaged)."""
    if used or backup.status == "missing":
        return
    with contextlib.suppress(StorageError):
        move_aside(path.with_name(path.name + ".bak"))


# ------------------------------------------------------------------ telling once
_told: set[str] = set()


def tell_once(notify: Callable[[str], None] | None, key: str, text: str) -> None:
    """Show ``text`` once per run for ``key`` (a read-only folder is said once, not at
    every hand); it always goes to the log."""
    # The game's logger by name: game.storage.logs (its file) builds on the settings,
    # which build on this module.
    logging.getLogger("sabacc").warning("%s", text)
    if notify is None or key in _told:
        return
    _told.add(key)
    notify(text)


def forget_told() -> None:
    """Tell everything again (tests; a new run)."""
    _told.clear()


def tell_not_saved(notify: Callable[[str], None] | None, folder: Path, reason: str) -> None:
    """Once per folder and run: the player's progress cannot be saved there."""
    from game import i18n

    tell_once(
        notify,
        "write",  # one folder or three (saves, stats, history): said once
        i18n.t("data.not_saved", folder=str(folder), reason=reason or "?"),
    )
