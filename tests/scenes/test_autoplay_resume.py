"""``python -m game --autoplay --resume --hands N --headless`` (CONTRACT §8): plays on
from the quick-play hand in progress exactly where it stopped, through the real
scenes; with no hand to resume it exits 2 with one line and changes no file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.storage import history, stats
from game.storage.saves import QUICK_PLAY, SaveSlot

sys.path.insert(0, str(Path(__file__).parent))
from test_resume import instant_app, open_quick, play_hand  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("data_home")


def run_game(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Instant animations: the run plays the same moves, without waiting to show them.
    settings = data.parent / "config" / "sabacc-parlor" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('{"animation_speed": "instant"}', encoding="utf-8")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(data.parent / "config"),
        "XDG_DATA_HOME": str(data),
        "XDG_STATE_HOME": str(data.parent / "state"),
    }
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize(("game", "flag"), [("sabacc", "--hands"), ("ninehalf", "--hands")])
def test_resume_plays_on_from_the_hand_in_progress(
    make_app: Callable[..., App], data_home: Path, game: str, flag: str
) -> None:
    app = instant_app(make_app)
    table = open_quick(app, game)
    play_hand(app, table, stop_before=1)
    SaveSlot(QUICK_PLAY).flush()  # autosaves land on a writer thread
    saved = json.loads(SaveSlot(QUICK_PLAY).path.read_text(encoding="utf-8"))
    before = saved["table"]["hand"]["moves"]
    assert before, "the save is mid-hand"
    app.close()

    result = run_game(data_home, "--autoplay", "--resume", flag, "2", "--headless")
    assert result.returncode == 0, result.stderr
    # Two units were played: the one in progress, finished from where it stopped (its
    # history record begins with the moves saved before the stop), and one more.
    records = history.load(game)
    assert len(records) == 2
    assert records[0].record is not None
    kept = records[0].record["moves"]
    assert kept[: len(before)] == before and len(kept) > len(before)
    assert stats.load_stats().games[game].hands_played == 2
    # The session ended normally: nothing is left to resume.
    assert not SaveSlot(QUICK_PLAY).exists()
    again = run_game(data_home, "--autoplay", "--resume", "--hands", "1", "--headless")
    assert again.returncode == 2
    assert again.stderr.strip() == "python -m game: no quick-play hand to resume"


@pytest.mark.parametrize(
    "content",
    [None, b"\xff\xfe not json", b'{"schema_version": 1, "kind": "quickplay", "table": null}'],
    ids=["missing", "damaged", "no-table"],
)
def test_resume_without_a_hand_exits_2_with_one_line(
    data_home: Path, content: bytes | None
) -> None:
    path = SaveSlot(QUICK_PLAY).path
    if content is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    result = run_game(data_home, "--autoplay", "--resume", "--hands", "1", "--headless")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    # Nothing was moved aside, repaired or written.
    files = sorted(p.name for p in path.parent.iterdir()) if path.parent.exists() else []
    assert files == ([] if content is None else [path.name])
    if content is not None:
        assert path.read_bytes() == content
