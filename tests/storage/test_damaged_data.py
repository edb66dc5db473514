"""Every data file x every kind of damage, through the real loaders, ``--check-data`` and
a headless start: nothing raises, the player is told in plain words, a file that cannot
be taken whole is kept aside as ``<name>.corrupt-<timestamp>`` (never overwritten, never
deleted), the good ``.bak`` is used when there is one, a newer version's file is left
untouched, and every other file stays exactly as it was.

The data is the real thing: the folders 0.1.0 wrote (tests/data/v0.1.0)."""

from __future__ import annotations

import copy
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.storage import history, stats
from game.storage.check import check_data, exit_code
from game.storage.saves import CAMPAIGN, QUICK_PLAY, SaveSlot
from game.storage.settings import Settings, load_settings, settings_path

DATA = Path(__file__).resolve().parents[1] / "data" / "v0.1.0"

FILES = {
    "settings": "config/sabacc-parlor/settings.json",
    "campaign": "data/sabacc-parlor/saves/campaign.json",
    "quickplay": "data/sabacc-parlor/saves/quickplay.json",
    "stats": "data/sabacc-parlor/stats.json",
    "history-sabacc": "data/sabacc-parlor/history/sabacc.json",
    "history-brag": "data/sabacc-parlor/history/brag.json",
    "history-ninehalf": "data/sabacc-parlor/history/ninehalf.json",
}
HUGE = "9" * 5000
DEEP = "[" * 5000 + "]" * 5000
PLACEHOLDER = "__damage__"


def _first_number_path(data: Any) -> list[Any]:
    """Where the first number (other than the schema version) sits, breadth first."""
    queue: list[tuple[Any, list[Any]]] = [(data, [])]
    while queue:
        value, path = queue.pop(0)
        if isinstance(value, dict):
            queue.extend((v, [*path, k]) for k, v in value.items() if k != "schema_version")
        elif isinstance(value, list):
            queue.extend((v, [*path, i]) for i, v in enumerate(value))
        elif isinstance(value, int | float) and not isinstance(value, bool) and path:
            return path
    raise AssertionError("no number to damage")


def _put(data: Any, path: list[Any], value: Any) -> Any:
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _retyped(data: Any) -> Any:
    """Every top-level value of the wrong type (the version left, so it is read)."""
    swap = {int: "seven", str: 7, list: {"not": "a list"}, dict: [1, 2], bool: "yes"}
    return {k: v if k == "schema_version" else swap.get(type(v)) for k, v in data.items()}


def _with_text_at_number(data: Any, text: str) -> str:
    placed = _put(data, _first_number_path(data), PLACEHOLDER)
    return json.dumps(placed).replace(f'"{PLACEHOLDER}"', text)


# Values that make no sense, per file (seat 99, negative or 10^30 chips, card 9999,
# one seat, negative credits, ...).
def _nonsense(name: str, data: Any) -> list[Any]:
    if name == "settings":
        return [{**data, "ui_scale": 10**30, "master_volume": -5, "default_opponents": 99}]
    if name == "campaign":
        return [
            _put(data, ["campaign", "credits"], -50),
            _put(data, ["campaign", "at_table"], 10**30),
        ]
    if name == "quickplay":
        attrs = ["table", "state", "attrs"]
        hand = data["table"]["state"]["attrs"]["hands"][0]
        return [
            _put(data, [*attrs, "seat"], 99),
            _put(data, [*attrs, "hands", 0], [9999, *hand[1:]]),
            _put(data, [*attrs, "num_seats"], 1),
            _put(data, [*attrs, "chips", 1], 10**30),
            _put(data, ["table", "table", "hand_start_chips"], [-5, 10**30, 0, 1]),
            _put(data, ["table", "table", "config", "opponents"], ["easy"] * 7),
            _put(data, ["table", "table", "config", "starting_chips"], 10**30),
        ]
    if name == "stats":
        return [
            _put(data, ["games", "sabacc", "hands_won"], -3),
            _put(data, ["games", "brag", "hands_played"], 10**30),
            _put(data, ["bankroll", 0], -40),
        ]
    events = data["hands"][0]["events"]
    at = next(i for i, e in enumerate(events) if isinstance(e["fields"].get("seat"), int))
    return [
        _put(data, ["hands", 0, "seat"], 99),
        _put(data, ["hands", 0, "chips"], [-5, 10**30]),
        _put(data, ["hands", 0, "events", at, "fields", "seat"], 99),  # breaks the replay
    ]


DAMAGES: dict[str, Callable[[str, str, Any], list[str | bytes]]] = {
    "not-utf8": lambda name, text, data: [bytes(range(128, 256)) * 3],
    "cut-short": lambda name, text, data: [text[: len(text) // 2]],
    "empty": lambda name, text, data: [""],
    "wrong-shape": lambda name, text, data: ["[1, 2, 3]", '"settings"', "null"],
    "wrong-types": lambda name, text, data: [json.dumps(_retyped(data))],
    "huge-number": lambda name, text, data: [_with_text_at_number(data, HUGE)],
    "deep-nesting": lambda name, text, data: [_with_text_at_number(data, DEEP), DEEP],
    "nonsense-values": lambda name, text, data: [json.dumps(v) for v in _nonsense(name, data)],
}
CASES = [
    pytest.param(name, damage, i, id=f"{name}-{damage}-{i}")
    for name in FILES
    for damage, make in DAMAGES.items()
    for i in range(
        len(
            make(
                name,
                (DATA / FILES[name]).read_text("utf-8"),
                json.loads((DATA / FILES[name]).read_text("utf-8")),
            )
        )
    )
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(DATA / "config", tmp_path / "config")
    shutil.copytree(DATA / "data", tmp_path / "data")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file and folder under root with its bytes (None for a folder)."""
    out: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        out[str(path.relative_to(root))] = None if path.is_dir() else path.read_bytes()
    return out


def damage(home: Path, name: str, kind: str, variant: int) -> bytes | None:
    """Damage the file; its damaged bytes (None: a folder now stands in its place)."""
    path = home / FILES[name]
    if kind == "folder":
        path.unlink()
        path.mkdir()
        (path / "inside.txt").write_text("a folder where the file should be", "utf-8")
        return None
    text = path.read_text("utf-8")
    if kind == "newer":
        data = json.loads(text)
        data["schema_version"] = 99
        new: str | bytes = json.dumps(data)
    else:
        new = DAMAGES[kind](name, text, json.loads(text))[variant]
    raw = new if isinstance(new, bytes) else new.encode("utf-8")
    path.write_bytes(raw)
    return raw


def load(name: str, told: list[str]) -> Any:
    """The real loader of that file, as the game calls it."""
    if name == "settings":
        result = load_settings(settings_path())
        told.extend(result.problems)
        return result.settings
    if name == "campaign":
        from game.campaign import Campaign

        return Campaign.load(notify=told.append).progress.to_json()
    if name == "quickplay":
        from game.scenes.quick_play import saved_table_waiting

        saved_table_waiting()
        snapshot = SaveSlot(QUICK_PLAY, notify=told.append).load_table()
        return None if snapshot is None else list(snapshot.state.chips)
    if name == "stats":
        book = stats.load_stats(notify=told.append)
        return {game: s.hands_played for game, s in book.games.items()}
    game = name.split("-")[1]
    return [h.to_json() for h in history.load(game, notify=told.append)]


def expected_from_backup(name: str, backup: Path) -> Any:
    """What the loader must give when it falls back to ``backup``."""
    data = json.loads(backup.read_text("utf-8"))
    if name == "settings":
        return load_settings(backup).settings
    if name == "campaign":
        return None  # checked by credits below
    if name == "quickplay":
        return None
    if name == "stats":
        return {game: counts["hands_played"] for game, counts in data["games"].items()}
    return data["hands"]


def assert_plain(told: list[str]) -> None:
    for text in told:
        for raw in ("Traceback", "Error", "Exception", "errno", "Expecting", "column", "$obj"):
            assert raw not in text, f"raw exception text shown to the player: {text!r}"


def set_aside_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def check_entry(report: dict[str, Any], name: str) -> dict[str, Any]:
    if name.startswith("history-"):
        return dict(report["history"][name.split("-")[1]])
    return dict(report[name])


@pytest.mark.parametrize("with_backup", [False, True], ids=["no-bak", "good-bak"])
@pytest.mark.parametrize(("name", "kind", "variant"), CASES)
def test_a_damaged_file_is_set_aside_told_and_nothing_valid_lost(
    home: Path, name: str, kind: str, variant: int, with_backup: bool
) -> None:
    path = home / FILES[name]
    backup = path.with_name(path.name + ".bak")
    if with_backup:
        if not backup.exists():
            shutil.copyfile(path, backup)
    elif backup.exists():
        backup.unlink()
    damaged = damage(home, name, kind, variant)
    before = tree(home)

    # --check-data: one answer, the file named damaged, nothing changed.
    report = check_data()
    json.dumps(report)
    assert tree(home) == before
    entry = check_entry(report, name)
    if not (kind == "nonsense-values" and name == "quickplay"):
        assert entry["status"] == "damaged" and exit_code(report) == 1
    if with_backup and entry["status"] == "damaged":
        assert entry.get("backup", "ok") == "ok"

    told: list[str] = []
    loaded = load(name, told)
    assert told, "the player was not told"
    assert_plain(told)
    # Kept aside, byte for byte: moved (the whole file is unusable) or copied (only the
    # hand in it is: the campaign's progress or the match are still used).
    copies = set_aside_copies(path)
    assert len(copies) == 1
    assert copies[0].read_bytes() == damaged
    if path.exists() and name != "quickplay":
        assert path.read_bytes() != damaged  # never used as it was, never left to rot
    # Every other file exactly as it was.
    after = tree(home)
    for key, value in before.items():
        if key == str(path.relative_to(home)) or key.startswith(str(path.relative_to(home))):
            continue
        if key == str(backup.relative_to(home)):
            assert after.get(key) == value  # the backup is read, never written
            continue
        assert after.get(key) == value, f"{key} changed"
    if with_backup:
        want = expected_from_backup(name, backup)
        if want is not None:
            assert loaded == want
        if name == "campaign":
            raw = json.loads(backup.read_text("utf-8"))
            assert loaded["credits"] == raw["campaign"]["credits"]
        # The settings speak the language they choose (the restored copy's: Spanish).
        good_copy = "última copia buena" if name == "settings" else "last good copy"
        assert any(good_copy in text for text in told) or name == "quickplay"


@pytest.mark.parametrize("name", [n for n in FILES if n != "settings"])
def test_a_newer_versions_file_is_left_untouched_and_never_written_over(
    home: Path, name: str
) -> None:
    path = home / FILES[name]
    raw = damage(home, name, "newer", 0)
    report = check_data()
    assert check_entry(report, name)["status"] == "newer" and exit_code(report) == 1
    told: list[str] = []
    load(name, told)
    assert any("newer version" in text and "update" in text for text in told)
    assert_plain(told)
    # The game plays on and records, but never over that file.
    if name == "stats":
        stats.record_hand("sabacc", [], notify=told.append)
    elif name.startswith("history-"):
        history.record(name.split("-")[1], [], notify=told.append)
    elif name == "quickplay":
        SaveSlot(QUICK_PLAY, notify=told.append).write({"table": None})
        SaveSlot(QUICK_PLAY, notify=told.append).delete()
    else:
        from game.campaign import Campaign

        Campaign.load(notify=told.append).save()
    assert path.read_bytes() == raw and set_aside_copies(path) == []
    assert len([t for t in told if "newer version" in t]) == 1  # told once, not every hand


@pytest.mark.parametrize("name", list(FILES))
def test_a_folder_where_the_file_should_be_is_set_aside(home: Path, name: str) -> None:
    path = home / FILES[name]
    damage(home, name, "folder", 0)
    assert check_entry(check_data(), name)["status"] == "damaged"
    told: list[str] = []
    load(name, told)
    assert told and not path.is_dir()
    (moved,) = set_aside_copies(path)
    assert (moved / "inside.txt").exists()


def test_a_data_folder_that_cannot_be_written_is_told_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # XDG_DATA_HOME under a file: nothing can be created there (root ignores chmod).
    blocker = tmp_path / "a-file"
    blocker.write_text("x", "utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "data"))
    told: list[str] = []
    report = check_data()
    assert report["stats"]["status"] == "missing" and exit_code(report) == 0
    slot = SaveSlot(QUICK_PLAY, notify=told.append)
    assert slot.write({"table": None}) is False
    slot.delete()  # leaving the table: no crash
    stats.record_hand("sabacc", [], notify=told.append)
    history.record("sabacc", [], notify=told.append)
    assert SaveSlot(CAMPAIGN, notify=told.append).write({"campaign": {}}) is False
    assert len(told) == 1 and "cannot be saved" in told[0]  # once, not per file or hand
    assert_plain(told)


def test_a_finished_quick_play_session_leaves_no_resume_button(home: Path) -> None:
    from game.scenes.quick_play import saved_table_waiting

    assert saved_table_waiting()
    slot = SaveSlot(QUICK_PLAY)
    assert slot.load_table() is not None
    slot.delete()  # the session ended normally
    folder = slot.path.parent
    assert not slot.path.exists() and not slot.backup_path.exists()
    assert not saved_table_waiting()
    assert sorted(p.name for p in folder.iterdir()) == ["campaign.json", "campaign.json.bak"]


def test_damaged_settings_with_a_good_backup_restore_the_last_good_settings(home: Path) -> None:
    path = settings_path()
    shutil.copyfile(path, path.with_name("settings.json.bak"))
    path.write_bytes(b"\xff\xfe garbage")
    result = load_settings(path)
    assert result.settings.language == "es" and result.settings.ui_scale == 1.25
    assert result.settings != Settings()


HEADLESS = [
    *(c for c in CASES if c.values[2] == 0),
    *(pytest.param(name, "folder", 0, id=f"{name}-folder") for name in FILES),
    *(pytest.param(name, "newer", 0, id=f"{name}-newer") for name in FILES if name != "settings"),
]


@pytest.mark.parametrize(("name", "kind", "variant"), HEADLESS)
def test_the_game_starts_headless_and_plays_on_with_that_damage(
    home: Path, name: str, kind: str, variant: int
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App, AppOptions
    from game.scenes.main_menu import MainMenuScene

    damage(home, name, kind, variant)
    app = App(AppOptions(headless=True))
    try:
        app.push(MainMenuScene(app))
        for _ in range(3):
            app.step(1 / 60)
        if name == "quickplay":
            from game.scenes.quick_play import resume_quick_play

            scene = resume_quick_play(app)
            if scene is not None:
                app.push(scene)
        elif name == "campaign":
            from game.scenes.campaign import CampaignScene

            app.push(CampaignScene(app))
        elif name == "stats":
            from game.scenes.stats import StatsScene

            app.push(StatsScene(app))
        elif name.startswith("history-"):
            from game.scenes.history import HistoryScene

            app.push(HistoryScene(app, name.split("-")[1]))
        for _ in range(5):
            app.step(1 / 60)
        notices = [text for text, _ in app.notices]
        assert notices, "the player was not told"
        assert_plain(notices)
    finally:
        app.close()


def test_check_data_on_the_command_line_answers_one_line_whatever_it_finds(home: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "XDG_CONFIG_HOME": str(home / "config")}
    env["XDG_DATA_HOME"] = str(home / "data")
    root = Path(__file__).resolve().parents[2]

    def run() -> tuple[int, dict[str, Any]]:
        done = subprocess.run(
            [sys.executable, "-m", "game", "--check-data"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        lines = done.stdout.splitlines()
        assert len(lines) == 1 and done.stderr == ""
        return done.returncode, json.loads(lines[0])

    code, report = run()
    assert code == 0 and report["quickplay"] == {
        "status": "ok",
        "file": str(home / FILES["quickplay"]),
        "resumable": True,
    }
    assert report["stats"]["hands"] == 15 and report["history"]["sabacc"]["hands"] == 7
    damage(home, "stats", "deep-nesting", 1)
    damage(home, "history-brag", "not-utf8", 0)
    damage(home, "campaign", "newer", 0)
    before = tree(home)
    code, report = run()
    assert code == 1 and tree(home) == before
    assert report["stats"]["status"] == "damaged" and report["stats"]["backup"] == "ok"
    assert report["history"]["brag"]["status"] == "damaged"
    assert report["campaign"]["status"] == "newer" and report["settings"]["status"] == "ok"


@pytest.mark.parametrize("name", list(FILES))
def test_a_damaged_file_with_a_damaged_backup_keeps_both_aside(home: Path, name: str) -> None:
    path = home / FILES[name]
    backup = path.with_name(path.name + ".bak")
    backup.write_bytes(b"\x00\xff cut sho")
    damaged = damage(home, name, "cut-short", 0)
    assert check_entry(check_data(), name).get("backup") == "damaged"
    told: list[str] = []
    load(name, told)
    assert told and not any("last good copy" in text for text in told)
    assert_plain(told)
    assert [p.read_bytes() for p in set_aside_copies(path)] == [damaged]
    assert [p.read_bytes() for p in set_aside_copies(backup)] == [b"\x00\xff cut sho"]
    assert not backup.exists()  # nothing left for the next save to copy over


@pytest.mark.parametrize(
    ("kind", "variant"), [("not-utf8", 0), ("deep-nesting", 0), ("nonsense-values", 0)]
)
def test_autoplay_resume_on_a_damaged_quick_play_save_never_shows_a_traceback(
    home: Path, kind: str, variant: int
) -> None:
    import subprocess
    import sys

    path = home / FILES["quickplay"]
    path.with_name(path.name + ".bak").unlink()
    damaged = damage(home, "quickplay", kind, variant)
    env = {**os.environ, "XDG_CONFIG_HOME": str(home / "config")}
    env.update(XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"))
    done = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--resume", "--hands", "1", "--headless"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "Traceback" not in done.stderr
    if done.returncode == 2:  # nothing to resume: one line says why
        assert len(done.stderr.strip().splitlines()) == 1
    else:
        assert done.returncode == 0, done.stderr
    # Whatever happened, the damaged save is kept aside or still there, byte for byte.
    kept = [p.read_bytes() for p in set_aside_copies(path)]
    assert damaged in kept or (path.exists() and path.read_bytes() == damaged)
