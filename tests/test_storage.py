"""Settings survive bad files, failed writes and read-only disks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.storage import files
from game.storage.files import StorageError, atomic_write_text, move_aside
from game.storage.settings import Settings, load_settings, save_settings, settings_path


def test_round_trip_keeps_every_value(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(
        language="es",
        master_volume=30,
        effects_volume=0,
        animation_speed="instant",
        window_size=(1920, 1080),
        fullscreen=True,
        default_opponents=5,
        colour_blind=True,
        high_contrast=True,
        ui_scale=1.3,
        log_text_size="large",
    )
    save_settings(chosen, path)
    loaded = load_settings(path)
    assert loaded.problems == []
    assert loaded.settings == chosen


def test_invalid_values_fall_back_to_defaults_and_unknown_keys_survive(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "language": "klingon",
                "master_volume": 250,
                "fullscreen": "yes",
                "default_opponents": 3,
                "from_the_future": [1, 2],
            }
        ),
        encoding="utf-8",
    )
    loaded = load_settings(path)
    assert loaded.settings.language == "en"
    assert loaded.settings.master_volume == 80
    assert loaded.settings.fullscreen is False
    assert loaded.settings.default_opponents == 3
    # Told in plain words which were reset (as the Settings screen names them); the
    # file itself kept aside, not rewritten.
    assert loaded.problems[-1].endswith("reset: Language, Master volume, Full screen.")
    assert loaded.moved_to is not None and "klingon" in loaded.moved_to.read_text("utf-8")
    save_settings(loaded.settings, path)
    assert json.loads(path.read_text(encoding="utf-8"))["from_the_future"] == [1, 2]


def test_corrupt_file_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "ja", "master_vol', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.moved_to is not None
    assert loaded.moved_to.name.startswith("settings.json.corrupt-")
    assert loaded.moved_to.read_text(encoding="utf-8") == '{"language": "ja", "master_vol'
    assert not path.exists()


def test_move_aside_never_clobbers_an_earlier_corrupt_copy(tmp_path: Path) -> None:
    first = tmp_path / "save.json"
    first.write_text("one", encoding="utf-8")
    a = move_aside(first, now=0)
    first.write_text("two", encoding="utf-8")
    b = move_aside(first, now=0)
    assert a != b
    assert a.read_text(encoding="utf-8") == "one" and b.read_text(encoding="utf-8") == "two"


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    atomic_write_text(path, "old good text")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken_replace)
    with pytest.raises(StorageError):
        atomic_write_text(path, "new text that never lands")
    assert path.read_text(encoding="utf-8") == "old good text"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_backup_holds_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    atomic_write_text(path, "first")
    atomic_write_text(path, "second")
    assert path.read_text(encoding="utf-8") == "second"
    assert (tmp_path / "settings.json.bak").read_text(encoding="utf-8") == "first"


def test_unwritable_location_gives_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("", encoding="utf-8")  # a file where the config folder should be
    with pytest.raises(StorageError, match="cannot write"):
        save_settings(Settings(), blocker / "settings.json")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores permissions")
def test_read_only_directory(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StorageError):
            save_settings(Settings(), tmp_path / "settings.json")
    finally:
        tmp_path.chmod(0o700)


def test_xdg_config_home_redirects_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    if os.name == "posix" and os.uname().sysname != "Darwin":
        assert settings_path() == tmp_path / "sabacc-parlor" / "settings.json"
