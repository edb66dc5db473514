"""The app's log: platformdirs' user_log_dir("sabacc-parlor")/sabacc-parlor.log.

What goes in: the start (version, platform, library versions, window, language), every
notice the player was shown (a save that could not be written, a file moved aside), scene
changes at debug level, and the traceback of a crash — what a maintainer asks a player
for when something went wrong.

The file rotates at 512 KiB and keeps three old files, so it never grows without bound.
A log folder that cannot be created or written (a read-only disk) is not an error: the
app runs on without a log file and says so once on stderr. Everything is logged through
the ``sabacc`` logger; nothing outside this module configures handlers.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path
from types import TracebackType

import platformdirs

from game.storage.settings import APP_NAME

LOG_FILE = "sabacc-parlor.log"
MAX_BYTES = 512 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger("sabacc")

_handler: logging.Handler | None = None
_previous_hook = sys.excepthook


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME))


def log_path() -> Path:
    return log_dir() / LOG_FILE


def setup(level: int = logging.INFO, path: Path | None = None) -> Path | None:
    """Send the ``sabacc`` logger to the rotating log file; the file's path, or None
    when it cannot be written. Calling it again replaces the earlier handler."""
    global _handler
    shutdown()
    target = path or log_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            target, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as error:
        print(f"sabacc-parlor: no log file ({error.strerror or error})", file=sys.stderr)
        log.setLevel(level)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    log.setLevel(level)
    # The log is ours alone: records must not also reach whatever the root logger does.
    log.propagate = False
    _handler = handler
    sys.excepthook = _log_crash
    return target


def shutdown() -> None:
    """Close the log file (the app's end, or before a test removes its folder)."""
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None
    if sys.excepthook is _log_crash:
        sys.excepthook = _previous_hook


def _log_crash(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    if not issubclass(kind, KeyboardInterrupt):
        log.critical("crash", exc_info=(kind, error, trace))
    _previous_hook(kind, error, trace)
