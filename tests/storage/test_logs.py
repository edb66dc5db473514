"""The log in user_log_dir: written, rotated, crash tracebacks kept, and a folder that
cannot be written never stops the game."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.storage import logs


@pytest.fixture(autouse=True)
def closed_log() -> Iterator[None]:
    yield
    logs.shutdown()


def test_log_goes_to_the_platform_log_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    path = logs.setup()
    assert path == tmp_path / "state" / "sabacc-parlor" / "log" / "sabacc-parlor.log"
    logging.getLogger("sabacc.app").info("notice: %s", "saving failed")
    logs.shutdown()
    line = path.read_text(encoding="utf-8").strip()
    assert line.endswith("INFO    sabacc.app: notice: saving failed")


def test_the_app_logs_each_notice_the_player_sees(tmp_path: Path) -> None:
    path = logs.setup(path=tmp_path / "app.log")
    from game.app import App, AppOptions

    app = App(AppOptions(headless=True, settings_file=tmp_path / "settings.json"))
    try:
        app.notify("Could not save: disk full")
    finally:
        app.close()
    logs.shutdown()
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "notice: Could not save: disk full" in text
    assert "window " in text  # the start line with window size, language and sound


def test_debug_lines_are_left_out_at_the_default_level(tmp_path: Path) -> None:
    path = logs.setup(path=tmp_path / "app.log")
    logs.log.debug("scene title pushed")
    logs.log.warning("history file moved aside")
    logs.shutdown()
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "moved aside" in text and "pushed" not in text


def test_the_log_rotates_and_keeps_three_old_files(tmp_path: Path) -> None:
    path = logs.setup(path=tmp_path / "app.log")
    assert path is not None
    line = "x" * 1000
    for _ in range(logs.MAX_BYTES * 5 // 1000):
        logs.log.info(line)
    logs.shutdown()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["app.log", "app.log.1", "app.log.2", "app.log.3"]
    assert all(p.stat().st_size <= logs.MAX_BYTES for p in tmp_path.iterdir())


def test_a_crash_leaves_its_traceback_in_the_log(tmp_path: Path) -> None:
    path = logs.setup(path=tmp_path / "app.log")
    assert path is not None and sys.excepthook is not sys.__excepthook__
    try:
        raise RuntimeError("the table fell over")
    except RuntimeError:
        kind, error, trace = sys.exc_info()
    assert kind is not None and error is not None
    sys.excepthook(kind, error, trace)
    logs.shutdown()
    text = path.read_text(encoding="utf-8")
    assert "CRITICAL sabacc: crash" in text
    assert "RuntimeError: the table fell over" in text and "Traceback" in text


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_log_folder_is_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert logs.setup(path=locked / "log" / "app.log") is None
        logs.log.info("still running")  # no handler: nothing raised
    finally:
        locked.chmod(0o700)
    assert "no log file" in capsys.readouterr().err


def test_a_file_in_place_of_the_log_folder_is_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "log"
    blocker.write_text("not a folder", encoding="utf-8")
    assert logs.setup(path=blocker / "app.log") is None
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert "no log file" in capsys.readouterr().err
