"""``python -m game --check-data``: what state the player's files are in, changing none.

One entry per data file -- ``settings``, ``campaign``, ``quickplay``, ``stats`` and
``history`` (one per game) -- each ``{"status": "ok" | "missing" | "damaged" | "newer",
"file": <path>}`` plus, where they apply, ``"hands"`` (statistics: hands counted over
every game; history: hands kept), ``"resumable"`` (campaign and quick play: a table is
saved and replays), and ``"backup"`` (the status of the ``.bak`` beside a damaged file,
which the game would use). Reading goes through the same loaders the game uses, told
never to move, repair or write anything.

    >>> import tempfile, pathlib
    >>> report = check_data(pathlib.Path(tempfile.mkdtemp()), pathlib.Path(tempfile.mkdtemp()))
    >>> report["settings"]["status"], report["history"]["brag"]["status"], exit_code(report)
    ('missing', 'missing', 0)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.storage.files import flush_writes, read_json

OK, MISSING, DAMAGED, NEWER = "ok", "missing", "damaged", "newer"


def _status_of_read(status: str) -> str:
    return MISSING if status == "missing" else DAMAGED


def check_settings(config_dir: Path) -> dict[str, Any]:
    from game.storage.settings import SETTINGS_FILE, from_json

    path = config_dir / SETTINGS_FILE
    got = read_json(path)
    entry: dict[str, Any] = {"file": str(path)}
    if got.status != "ok":
        entry["status"] = _status_of_read(got.status)
    else:
        entry["status"] = OK if not from_json(got.data)[1] else DAMAGED
    if entry["status"] == DAMAGED:
        backup = read_json(path.with_name(path.name + ".bak"))
        entry["backup"] = (
            _status_of_read(backup.status)
            if backup.status != "ok"
            else (OK if not from_json(backup.data)[1] else DAMAGED)
        )
    return entry


def check_slot(name: str, saves_dir: Path) -> dict[str, Any]:
    from game.storage.saves import CAMPAIGN, SaveSlot

    validate: Callable[[dict[str, Any]], object] | None = None
    if name == CAMPAIGN:
        from game.campaign.campaign import _validate

        validate = _validate
    slot = SaveSlot(name, saves_dir, None, validate)

    def one(path: Path) -> tuple[str, bool]:
        result = slot._read_file(path, set_aside=False, full=True)
        if result.kind == "newer":
            return NEWER, False
        if result.payload is None:
            return (MISSING if result.kind == "" else DAMAGED), False
        if result.kind == "table":  # the file reads, its table does not: nothing to resume
            return DAMAGED, False
        snapshot = slot._snapshot
        slot._snapshot = None
        return OK, snapshot is not None and snapshot.abandoned is None

    status, resumable = one(slot.path)
    entry: dict[str, Any] = {"status": status, "file": str(slot.path), "resumable": resumable}
    if status == DAMAGED:
        entry["backup"], entry["resumable"] = one(slot.backup_path)
    return entry


def check_stats(data_dir: Path) -> dict[str, Any]:
    from game.storage.stats import StatsBook, stats_path

    path = stats_path(data_dir)
    entry = _check_stats(path)
    _with_backup(entry, path, lambda data: not StatsBook.salvage(data)[1])
    return entry


def _check_stats(path: Path) -> dict[str, Any]:
    from game.storage.stats import SCHEMA_VERSION, StatsBook, hands_counted

    got = read_json(path)
    entry: dict[str, Any] = {"file": str(path), "hands": 0}
    if got.status != "ok":
        entry["status"] = _status_of_read(got.status)
        return entry
    version = got.data.get("schema_version") if isinstance(got.data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        entry["status"] = NEWER
        return entry
    book, problems = StatsBook.salvage(got.data)
    entry["status"] = DAMAGED if problems else OK
    entry["hands"] = hands_counted(book)
    return entry


def _with_backup(entry: dict[str, Any], path: Path, whole: Callable[[Any], bool]) -> None:
    """A damaged file's entry says whether the ``.bak`` the game would use is good."""
    if entry["status"] != DAMAGED:
        return
    backup = read_json(path.with_name(path.name + ".bak"))
    if backup.status != "ok":
        entry["backup"] = _status_of_read(backup.status)
    else:
        entry["backup"] = OK if whole(backup.data) else DAMAGED


def check_history(game: str, data_dir: Path) -> dict[str, Any]:
    from game.storage.history import _salvage, history_path

    path = history_path(game, data_dir / "history")
    entry = _check_history(game, path)
    _with_backup(entry, path, lambda data: _salvage(game, data)[1])
    return entry


def _check_history(game: str, path: Path) -> dict[str, Any]:
    from game.storage.history import SCHEMA_VERSION, _salvage

    got = read_json(path)
    entry: dict[str, Any] = {"file": str(path), "hands": 0}
    if got.status != "ok":
        entry["status"] = _status_of_read(got.status)
        return entry
    version = got.data.get("schema_version") if isinstance(got.data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        entry["status"] = NEWER
        return entry
    records, whole = _salvage(game, got.data)
    entry["status"] = OK if whole else DAMAGED
    entry["hands"] = len(records)
    return entry


def _guarded(make: Callable[[], dict[str, Any]], file: Path) -> dict[str, Any]:
    """Whatever a file holds, the answer is an entry (a check must never crash)."""
    try:
        return make()
    except Exception:  # noqa: BLE001 - any damage at all is "damaged", never a traceback
        return {"status": DAMAGED, "file": str(file)}


def check_data(config_dir: Path | None = None, data_dir: Path | None = None) -> dict[str, Any]:
    """The report (see the module docstring) for the given folders (default: the app's)."""
    from game.storage import settings as settings_module
    from game.storage.history import GAMES
    from game.storage.saves import CAMPAIGN, QUICK_PLAY

    config_dir = config_dir or settings_module.config_dir()
    data_dir = data_dir or settings_module.data_dir()
    saves = data_dir / "saves"
    flush_writes()  # what this program queued is looked at as it will be on disk
    return {
        "settings": _guarded(lambda: check_settings(config_dir), config_dir),
        "campaign": _guarded(lambda: check_slot(CAMPAIGN, saves), saves / "campaign.json"),
        "quickplay": _guarded(lambda: check_slot(QUICK_PLAY, saves), saves / "quickplay.json"),
        "stats": _guarded(lambda: check_stats(data_dir), data_dir / "stats.json"),
        "history": {
            game: _guarded(lambda g=game: check_history(g, data_dir), data_dir / "history")  # type: ignore[misc]
            for game in GAMES
        },
    }


def _entries(report: dict[str, Any]) -> list[dict[str, Any]]:
    out = [report[key] for key in ("settings", "campaign", "quickplay", "stats")]
    return out + list(report["history"].values())


def exit_code(report: dict[str, Any]) -> int:
    """0 when every file present is readable, 1 otherwise."""
    return 0 if all(e["status"] in (OK, MISSING) for e in _entries(report)) else 1


def main() -> int:
    """Print the report as one JSON line; the exit status as ``exit_code``."""
    try:
        report = check_data()
    except Exception:  # noqa: BLE001 - even the folders themselves may be unusable
        print(json.dumps({"status": DAMAGED}))
        return 1
    print(json.dumps(report, ensure_ascii=False))
    return exit_code(report)
