"""The command line: one-line errors, --version, --campaign-status, a full autoplay run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], tmp_path: Path, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),  # the log (user_log_dir)
    }
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "poker"],
        ["--hands", "0"],
        ["--hands", "lots"],
        ["--hands", "100000000000000000000"],
        ["--hands", "10**20"],
        ["--seed", "1" * 30],
        ["--campaign", "--game", "brag"],
        ["--finale"],
        ["--campaign", "--finale"],
        ["--resume"],
        ["--autoplay", "--resume", "--game", "brag"],
        ["--autoplay", "--resume", "--hands", "2", "--deals", "3"],
        ["--preset", "nope"],
        ["--lang", "fr"],
        ["--game", "brag", "--preset", "classic"],
        ["--game", "brag", "--hands", "3"],
        ["--no-such-flag"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], tmp_path: Path) -> None:
    result = run(args, tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "error" in result.stderr


def test_version_and_campaign_status(tmp_path: Path) -> None:
    version = run(["--version"], tmp_path)
    assert version.returncode == 0
    assert version.stdout.strip() and version.stdout.count("\n") == 1
    status = run(["--campaign-status"], tmp_path)
    assert status.returncode == 0
    assert json.loads(status.stdout) == {}


def test_autoplay_headless_walks_the_scenes_and_writes_screenshots(tmp_path: Path) -> None:
    shots, stats = tmp_path / "shots", tmp_path / "frames.json"
    result = run(
        [
            "--autoplay",
            "--game",
            "sabacc",
            "--preset",
            "centran",
            "--hands",
            "2",
            "--headless",
            "--screenshots",
            str(shots),
            "--frame-stats",
            str(stats),
            "--lang",
            "ja",
        ],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    scenes = [name.split("-", 1)[1].removesuffix(".png") for name in names]
    assert scenes[:3] == ["title", "main-menu", "quick-play"]
    assert "sabacc-table" in scenes
    # Each phase of a hand is shot: deal, betting, and the reveal at least.
    for phase in ("deal", "bet", "reveal"):
        assert any(s.startswith("sabacc-") and s.endswith(phase) for s in scenes), phase
    assert "results" in scenes and scenes[-1] == "main-menu"
    summary = json.loads(stats.read_text(encoding="utf-8"))
    assert set(summary) == {"frames", "p50_ms", "p95_ms", "p99_ms", "max_ms"}
    assert summary["frames"] > 10 and summary["max_ms"] >= summary["p50_ms"] > 0
    # --lang is for this run only: nothing was written to the settings.
    assert not (tmp_path / "config" / "sabacc-parlor" / "settings.json").exists()
    # The run is in the log a maintainer would ask for: how it started and ended.
    text = (tmp_path / "state" / "sabacc-parlor" / "log" / "sabacc-parlor.log").read_text("utf-8")
    assert "Sabacc Parlor" in text and "'preset': 'centran'" in text
    assert re.search(r"window \d+x\d+ \(dummy\), language ja, sound ", text)
    assert text.rstrip().endswith("app closed with exit code 0")


def test_autoplay_other_game(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    # Instant animations: this run checks the scene walk, not the drawing pace.
    (tmp_path / "config" / "sabacc-parlor").mkdir(parents=True)
    (tmp_path / "config" / "sabacc-parlor" / "settings.json").write_text(
        '{"animation_speed": "instant"}', encoding="utf-8"
    )
    result = run(
        [
            "--autoplay",
            "--game",
            "ninehalf",
            "--deals",
            "1",
            "--headless",
            "--screenshots",
            str(shots),
        ],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert len(list(shots.glob("*.png"))) >= 6


@pytest.mark.parametrize(
    "game",
    [
        "sabacc",
        "ninehalf",
        "kessel",
        "centran",
        "cloud-city",
        "figg",
        "empress-teta",
        "random",
        "corellian-spike",
    ],
)
def test_tutorial_plays_the_coached_hand_with_a_picture_of_every_step(
    tmp_path: Path, game: str
) -> None:
    from game.help.coach import lesson

    shots = tmp_path / "shots"
    args = ["--autoplay", "--tutorial", game, "--headless", "--screenshots", str(shots)]
    result = run([*args, "--lang", "ja"], tmp_path)
    assert result.returncode == 0, result.stderr
    current = lesson(game)
    steps = [*current.steps, *current.ending]
    names = sorted(p.name for p in shots.glob(f"tutorial-{game}-*.png"))
    assert len(names) == len(steps) + 1  # every step, then "lesson complete"
    assert names[0] == f"tutorial-{game}-01-{steps[0].key.rsplit('.', 1)[-1]}.png"
    assert names[-1] == f"tutorial-{game}-{len(steps) + 1:02d}-done.png"


def test_tutorial_of_an_unknown_game_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run(["--autoplay", "--tutorial", "poker", "--headless"], tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "--tutorial" in result.stderr
    clash = run(["--autoplay", "--tutorial", "brag", "--game", "sabacc", "--headless"], tmp_path)
    assert clash.returncode == 2 and len(clash.stderr.strip().splitlines()) == 1
