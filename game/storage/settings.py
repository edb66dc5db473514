"""Player settings: JSON in platformdirs' user_config_dir("sabacc-parlor").

Loading never fails. A file that cannot be taken whole (not UTF-8, not JSON, not an
object, a value out of range, a folder in its place) is moved aside as
``settings.json.corrupt-<timestamp>``; the good ``settings.json.bak`` is used when there
is one, else every sound value of the file is kept and the rest are defaults; the
player is told in plain words (``LoadResult.problems``). Unknown keys (a newer version's)
are kept. Saving is atomic; a read-only directory raises StorageError with a message the
App shows the player.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.storage.files import (
    StorageError,
    atomic_write_text,
    move_aside,
    nesting_ok,
    read_json,
    set_aside_bad_backup,
)

APP_NAME = "sabacc-parlor"
SETTINGS_FILE = "settings.json"

LANGUAGES = ("en", "ja", "es")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
# The player may pick up to 200%; the App then holds the scale back to what the window
# has room for (game.app.LAYOUT_ROOM layout units). The results screen puts ten seats
# in two columns and the campaign map closes up, so every menu now fits a room of
# 1000x600 units (tests/scenes/test_table_look.py) -- LAYOUT_ROOM can shrink to that.
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
LOG_TEXT_SIZES = ("small", "medium", "large")
VOLUME_STEPS = tuple(range(0, 101, 10))
MIN_OPPONENTS, MAX_OPPONENTS = 1, 7


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


@dataclass(slots=True)
class Settings:
    language: str = "en"
    master_volume: int = 80  # percent
    effects_volume: int = 80
    animation_speed: str = "normal"
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    default_opponents: int = 3
    colour_blind: bool = False
    high_contrast: bool = False
    ui_scale: float = 1.0
    log_text_size: str = "medium"
    table_style: str = ""  # a campaign venue whose look the player unlocked ("": the house's)
    lessons_seen: tuple[str, ...] = ()  # coached hands and intros already offered or played
    last_game: str = ""  # what quick play was last started with ("": the default game)
    last_preset: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # keys from newer versions, kept

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("extra")
        data["window_size"] = list(self.window_size)
        data["lessons_seen"] = list(self.lessons_seen)
        return {**self.extra, **data}


def _valid(name: str, value: Any) -> Any:
    """The value if it is acceptable for setting ``name``; raises ValueError otherwise."""
    if name == "language" and value in LANGUAGES:
        return value
    if name in ("master_volume", "effects_volume") and _is_int(value) and 0 <= value <= 100:
        return int(value)
    if name == "animation_speed" and value in ANIMATION_SPEEDS:
        return value
    if name == "window_size" and isinstance(value, list | tuple) and len(value) == 2:
        width, height = value
        if _is_int(width) and _is_int(height) and 640 <= width <= 7680 and 480 <= height <= 4320:
            return (int(width), int(height))
    if name in ("fullscreen", "colour_blind", "high_contrast") and isinstance(value, bool):
        return value
    if name == "default_opponents" and _is_int(value) and MIN_OPPONENTS <= value <= MAX_OPPONENTS:
        return int(value)
    if (
        name == "ui_scale"
        and isinstance(value, int | float)
        and not isinstance(value, bool)
        and 0.5 <= value <= 2.0
    ):
        return float(value)
    if name == "table_style" and isinstance(value, str) and re.fullmatch(r"[a-z-]{0,40}", value):
        return value
    if name == "log_text_size" and value in LOG_TEXT_SIZES:
        return value
    if (
        name in ("last_game", "last_preset")
        and isinstance(value, str)
        and re.fullmatch(r"[a-z0-9-]{0,40}", value)
    ):
        return value  # quick play checks the name against the registry
    if (
        name == "lessons_seen"
        and isinstance(value, list | tuple)
        and len(value) <= 64
        and all(isinstance(v, str) and re.fullmatch(r"[a-z0-9:-]{1,40}", v) for v in value)
    ):
        return tuple(dict.fromkeys(value))
    raise ValueError(f"invalid value for {name}: {value!r}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON plus a list of values that were replaced by defaults."""
    settings = Settings()
    problems: list[str] = []
    if not isinstance(data, dict):
        return settings, ["settings file does not hold an object; defaults used"]
    known = {f.name for f in fields(Settings)} - {"extra"}
    for key, value in data.items():
        if key not in known:
            # Kept for a newer version, when it is something such a version could write.
            if len(str(key)) <= 64 and nesting_ok(value, 8) and len(settings.extra) < 64:
                settings.extra[str(key)] = value
            else:
                problems.append(f"invalid value for {str(key)[:64]}: unusable")
            continue
        try:
            setattr(settings, key, _valid(key, value))
        except ValueError as error:
            problems.append(str(error))
    return settings, problems


@dataclass(slots=True)
class LoadResult:
    settings: Settings
    problems: list[str]
    moved_to: Path | None = None


def _reset_names(problems: list[str]) -> list[str]:
    return [p.split(":")[0].removeprefix("invalid value for ") for p in problems]


def _label(name: str) -> str:
    """A setting as the Settings screen names it ("Default opponents"), else its key."""
    from game import i18n

    key = f"settings.{name}"
    label = i18n.t(key)
    return name if label == key else label


def load_settings(path: Path | None = None) -> LoadResult:
    """The player's settings (see the module docstring); never raises."""
    from game import i18n

    path = path or settings_path()
    got = read_json(path)
    if got.status == "missing":
        return LoadResult(Settings(), [])
    if got.status == "io":
        return LoadResult(Settings(), [i18n.t("data.settings_defaults")])
    if got.status == "ok":
        settings, problems = from_json(got.data)
        if not problems:
            return LoadResult(settings, [])
        whole_object = isinstance(got.data, dict)
    else:
        settings, problems, whole_object = Settings(), ["unreadable"], False
    backup = read_json(path.with_name(path.name + ".bak"))
    used_backup = False
    if backup.status == "ok":
        spare, spare_problems = from_json(backup.data)
        if not spare_problems:
            if whole_object:
                # The file's sound values are newer than the backup's: keep them.
                sound = from_json(
                    {k: v for k, v in got.data.items() if k not in _reset_names(problems)}
                )[0]
                for name in _reset_names(problems):
                    if hasattr(spare, name):
                        setattr(sound, name, getattr(spare, name))
                settings = sound
            else:
                settings = spare
            used_backup = True
    set_aside_bad_backup(path, backup, used_backup)
    # Told in the language these settings choose (the App switches to it only after).
    with i18n.speaking(settings.language):
        try:
            moved = move_aside(path)
        except StorageError:
            return LoadResult(settings, [i18n.t("data.damaged_stuck", name=path.name)])
        told = [
            i18n.t(
                "data.damaged_backup" if used_backup else "data.damaged_moved",
                name=path.name,
                moved=moved.name,
            )
        ]
        if whole_object and not used_backup:
            names = i18n.join_list(_label(name) for name in _reset_names(problems))
            told.append(i18n.t("data.settings_reset", names=names))
    return LoadResult(settings, told, moved)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically; raises StorageError (for the player to see) when it cannot."""
    path = path or settings_path()
    text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    atomic_write_text(path, text)
