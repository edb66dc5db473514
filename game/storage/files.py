"""Safe file writes shared by settings and (later) saves.

A write either lands completely or leaves the previous file untouched: the new text goes
to a temporary file in the same directory (same filesystem, so os.replace is atomic),
is flushed and fsynced, then replaces the target. The last good file is kept as .bak.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path


class StorageError(OSError):
    """A file could not be written; the message is fit to show the player."""


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
