"""A table's modules imported on a worker thread before the click that opens it.

Importing a table (its scene, paint, engine, AI and their rule tables) takes a few
hundred milliseconds of CPU; done in the frame that opens the table it froze the window.
The quick-play menu starts the import as soon as a game is chosen; the opening scene
(game.scenes.opening) waits for it frame by frame instead of blocking. A module with a
``preload_tables()`` function (tables it would otherwise build at first use, in a frame)
has it run on another worker thread once imported.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable

from game import games
from game.ui.frame_gate import give_way, spawn

log = logging.getLogger(__name__)

_lock = threading.Lock()
_threads: dict[tuple[str | None, ...], threading.Event] = {}  # set: imported

# Everything a table loads as it is set up and deals its first hand (games.Game).
_FIELDS = ("table", "engine", "options", "ai", "outcome", "card_face", "card_back")


def table_modules(game: str, preset: str | None) -> list[str]:
    """The modules ``game``/``preset``'s table imports, its scene module first."""
    entry = games.get(game).member(preset)
    names: list[str] = []
    for field in _FIELDS:
        ref = getattr(entry, field)
        if ref:
            module = ref.partition(":")[0]
            if module not in names:
                names.append(module)
    return names


def _import_all(names: list[str]) -> None:
    hooks = []
    for name in names:
        try:
            module = importlib.import_module(name)
        except Exception:  # the frame that opens the table imports it again and shows why
            log.debug("preloading %s failed", name, exc_info=True)
            continue
        hook = getattr(module, "preload_tables", None)
        if callable(hook):
            hooks.append(hook)
    if hooks:
        # A module's tables built at its first use (a computer player's reference
        # hands) would cost that frame; built here, off the frame loop, and apart
        # from the imports the opening waits for (``ready``).
        threading.Thread(target=_run_all, args=(hooks,), name="preload-tables", daemon=True).start()


def _run_all(hooks: list[Callable[[], object]]) -> None:
    for hook in hooks:
        give_way()
        try:
            hook()
        except Exception:  # built again at first use, where a failure shows
            log.debug("preloading tables failed", exc_info=True)


def warm_modules(*names: str) -> None:
    """Start importing ``names`` on a worker thread (once per list)."""
    _start(names, list(names))


def warmed(*names: str) -> bool:
    """Whether ``warm_modules(*names)`` has finished (starting it if nobody has yet)."""
    return _start(names, list(names)).is_set()


def _start(key: tuple[str | None, ...], names: list[str]) -> threading.Event:
    """The imports of ``names`` begun on a worker (once per key): set when done."""
    with _lock:
        done = _threads.get(key)
        if done is None:
            done = _threads[key] = spawn(lambda: _import_all(names))
        return done


def warm(game: str, preset: str | None = None) -> None:
    """Start importing ``game``/``preset``'s table on a worker thread (once per table)."""
    _start((game, preset), table_modules(game, preset))


def ready(game: str, preset: str | None = None) -> bool:
    """Whether the table's modules are imported (warming them if nobody has yet)."""
    return _start((game, preset), table_modules(game, preset)).is_set()
