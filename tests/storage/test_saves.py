"""Save slots: atomic writes, bad saves set aside with the player told, migrations."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from game.rules import sabacc
from game.storage import files, saves
from game.storage.generators import SeededRandom
from game.storage.saves import SaveFormatError, SaveSlot, require
from game.storage.serialize import TableSnapshot


def slot(tmp_path: Path, told: list[str] | None = None) -> SaveSlot:
    def validate(payload: dict[str, Any]) -> None:
        require(require(payload, "campaign", dict), "credits", int, "campaign")

    return SaveSlot("campaign", tmp_path, (told.append if told is not None else None), validate)


def good_payload(credits: int = 120) -> dict[str, Any]:
    return {"kind": "campaign", "campaign": {"credits": credits}, "table": None}


def test_write_then_read_round_trips_with_schema_version(tmp_path: Path) -> None:
    assert slot(tmp_path).write(good_payload(120))
    raw = json.loads((tmp_path / "campaign.json").read_text(encoding="utf-8"))
    assert raw["schema_version"] == saves.SCHEMA_VERSION
    result = slot(tmp_path).read()
    assert result.problem is None
    assert result.payload is not None and result.payload["campaign"] == {"credits": 120}


def test_a_write_interrupted_half_way_leaves_the_old_save_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    assert slot(tmp_path).write(good_payload(120))
    real_fdopen = os.fdopen

    class HalfWriter:
        """Writes half the text, then the 'power goes out'."""

        def __init__(self, stream: Any) -> None:
            self.stream = stream

        def __enter__(self) -> HalfWriter:
            return self

        def __exit__(self, *exc: object) -> None:
            self.stream.close()

        def write(self, text: str) -> None:
            self.stream.write(text[: len(text) // 2])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
    broken = slot(tmp_path, told)
    assert broken.write(good_payload(999)) is False
    assert broken.write(good_payload(998)) is False
    assert len(told) == 1 and "No space left" in told[0]  # told once, not on every move
    monkeypatch.undo()
    result = slot(tmp_path).read()
    assert result.payload is not None and result.payload["campaign"]["credits"] == 120
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_unwritable_folder_tells_the_player_and_the_game_goes_on(tmp_path: Path) -> None:
    # A folder that cannot be created stands in for a read-only disk (root ignores chmod).
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    told: list[str] = []
    unwritable = SaveSlot("campaign", blocker / "saves", told.append)
    assert unwritable.write(good_payload()) is False
    assert len(told) == 1 and "cannot be saved" in told[0] and "goes on" in told[0]
    assert unwritable.payload is None  # nothing pretends to be saved


BAD_SAVES = {
    "truncated": lambda text: text[: len(text) // 2],
    "garbage": lambda text: "\x00\x13 not json at all {{{",
    "missing-key": lambda text: text.replace('"credits"', '"kredits"'),
    "wrong-type": lambda text: text.replace('"credits":120', '"credits":"lots"'),
    "not-an-object": lambda text: "[1, 2, 3]",
}


@pytest.mark.parametrize("damage", sorted(BAD_SAVES))
def test_bad_save_is_moved_aside_and_the_player_told(tmp_path: Path, damage: str) -> None:
    assert slot(tmp_path).write(good_payload(120))
    path = tmp_path / "campaign.json"
    bad_text = BAD_SAVES[damage](path.read_text(encoding="utf-8"))
    path.write_text(bad_text, encoding="utf-8")
    told: list[str] = []
    result = slot(tmp_path, told).read()
    assert result.payload is None  # there is no .bak: a new game starts
    assert result.moved_to is not None and result.moved_to.name.startswith("campaign.json.corrupt-")
    assert result.moved_to.read_text(encoding="utf-8") == bad_text  # kept, not overwritten
    assert not path.exists()
    assert len(told) == 1 and result.moved_to.name in told[0]


def test_a_newer_versions_save_is_left_untouched_and_never_written_over(tmp_path: Path) -> None:
    assert slot(tmp_path).write(good_payload(120))
    path = tmp_path / "campaign.json"
    newer = path.read_text(encoding="utf-8").replace(
        f'"schema_version":{saves.SCHEMA_VERSION}', '"schema_version":99'
    )
    path.write_text(newer, encoding="utf-8")
    told: list[str] = []
    later = slot(tmp_path, told)
    result = later.read()
    assert result.payload is None and result.kind == "newer"
    assert len(told) == 1 and "newer version" in told[0] and "update" in told[0]
    assert later.write(good_payload(5)) is False  # the game plays on, unsaved
    later.delete()
    assert path.read_text(encoding="utf-8") == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json"]


def test_bad_save_falls_back_to_the_last_good_backup(tmp_path: Path) -> None:
    first = slot(tmp_path)
    assert first.write(good_payload(100))
    assert first.write(good_payload(140))  # the 100 save is now campaign.json.bak
    (tmp_path / "campaign.json").write_text('{"schema_version": 1, "kind": "camp', "utf-8")
    told: list[str] = []
    result = slot(tmp_path, told).read()
    assert result.payload is not None and result.payload["campaign"]["credits"] == 100
    assert any(p.name.startswith("campaign.json.corrupt-") for p in tmp_path.iterdir())
    assert len(told) == 1 and "last good copy" in told[0]


def test_older_schema_is_migrated_step_by_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "campaign.json").write_text(
        json.dumps({"schema_version": 1, "kind": "campaign", "campaign": {"cash": 70}}), "utf-8"
    )
    steps: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        steps.append(1)
        data["campaign"] = {"credits": data["campaign"].pop("cash")}
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        steps.append(2)
        data["campaign"]["credits"] *= 2
        return data

    monkeypatch.setattr(saves, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(saves, "MIGRATIONS", {1: one_to_two, 2: two_to_three})
    result = slot(tmp_path).read()
    assert steps == [1, 2]
    assert result.payload is not None
    assert result.payload["campaign"] == {"credits": 140}
    assert result.payload["schema_version"] == 3


def test_autosave_keeps_the_campaign_and_resumes_the_table(tmp_path: Path) -> None:
    first = slot(tmp_path)
    first.write(good_payload(120))
    state = sabacc.new_game(3)
    state.start_next()
    rng = SeededRandom(5)  # a table's generators: seed and draws (game.storage.generators)
    assert saves.autosave(first, TableSnapshot("sabacc", state, {"chance": rng}, {"n": 1}))
    again = slot(tmp_path)
    assert again.current()["campaign"] == {"credits": 120}
    snapshot = again.load_table()
    assert snapshot is not None and snapshot.table == {"n": 1}
    assert snapshot.state.chips == state.chips
    assert snapshot.rngs["chance"].random() == rng.random()
    assert again.clear_table()
    assert slot(tmp_path).load_table() is None


def test_a_table_that_no_longer_loads_is_dropped_but_progress_kept(tmp_path: Path) -> None:
    told: list[str] = []
    payload = good_payload(120)
    payload["table"] = {
        "game": "sabacc",
        "state": {"$obj": "os:system", "attrs": {}},
        "rngs": {},
        "table": {},
    }
    assert slot(tmp_path).write(payload)
    again = slot(tmp_path, told)
    assert again.load_table() is None
    assert again.current()["campaign"] == {"credits": 120}  # the progress is kept
    assert len(told) == 1 and "could not be restored" in told[0]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("campaign.json.corrupt-")]
    assert len(kept) == 1 and "os:system" in kept[0].read_text(encoding="utf-8")


def test_require_names_what_is_wrong() -> None:
    with pytest.raises(SaveFormatError, match="lacks 'credits'"):
        require({}, "credits", int)
    with pytest.raises(SaveFormatError, match="wrong type"):
        require({"credits": True}, "credits", int)


def test_autosaves_land_in_the_background_newest_last_and_never_after_a_delete(
    tmp_path: Path,
) -> None:
    from game.storage import files
    from game.storage.saves import SaveSlot

    slot = SaveSlot("quickplay", directory=tmp_path)
    for n in range(30):  # a burst: only the newest text needs to land
        assert slot.write({"kind": "quickplay", "n": n}, background=True)
    slot.flush()
    assert json.loads((tmp_path / "quickplay.json").read_text("utf-8"))["n"] == 29
    # A write queued just before the session ends never brings the file back.
    slot.write({"kind": "quickplay", "n": 30}, background=True)
    slot.delete()
    files.wait_for_writes(tmp_path / "quickplay.json")
    assert not (tmp_path / "quickplay.json").exists()
    # A fresh slot reading the file waits for what another slot queued.
    slot.write({"kind": "quickplay", "n": 31}, background=True)
    assert SaveSlot("quickplay", directory=tmp_path).read().payload["n"] == 31


def test_a_background_write_that_fails_is_told_once(tmp_path: Path) -> None:
    from game.storage.saves import SaveSlot

    told: list[str] = []
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the folder should be", "utf-8")
    slot = SaveSlot("quickplay", directory=blocker, notify=told.append)
    slot.write({"kind": "quickplay"}, background=True)
    slot.flush()
    slot.write({"kind": "quickplay"}, background=True)
    slot.flush()
    assert len(told) == 1 and slot.failing


def test_a_background_write_queued_just_before_exit_lands(tmp_path: Path) -> None:
    """The writer thread is shared and lives as long as the program; an exit right after
    queueing a write still finds the file complete on disk."""
    import subprocess
    import sys

    target = tmp_path / "quickplay.json"
    code = (
        "import sys; from pathlib import Path; from game.storage import files\n"
        "for n in range(20):\n"
        "    files.write_in_background(Path(sys.argv[1]), '{\"n\": %d}\\n' % n)\n"
    )
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code, str(target)], cwd=root, check=True)
    assert json.loads(target.read_text("utf-8")) == {"n": 19}


def test_writes_of_several_files_share_one_writer(tmp_path: Path) -> None:
    from game.storage import files

    for n in range(5):
        files.write_in_background(tmp_path / f"f{n}.json", f'{{"n": {n}}}\n')
    for n in range(5):
        assert files.wait_for_writes(tmp_path / f"f{n}.json") is None
        assert json.loads((tmp_path / f"f{n}.json").read_text("utf-8")) == {"n": n}
    writers = [t for t in threading.enumerate() if t.name == "file writer"]
    assert len(writers) == 1


def test_a_background_write_whose_text_fails_is_told_at_the_next_write(tmp_path: Path) -> None:
    """The writer thread makes an autosave's JSON; should that fail (a table's bug), the
    game goes on and the player hears once that saving failed, as for a full disk."""
    from game.storage import files

    target = tmp_path / "x.json"

    def broken() -> str:
        raise ValueError("not encodable")

    assert files.write_in_background(target, broken) is None
    files.flush_writes()
    assert not target.exists()
    error = files.write_in_background(target, lambda: "{}\n")
    assert error is not None and "not encodable" in str(error)
    files.flush_writes()
    assert target.read_text("utf-8") == "{}\n"
