"""The headless simulator's contract (CONTRACT §3)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game import sim


def run_json(*args: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "game.sim", *args, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1, "--json prints exactly one object"
    return json.loads(lines[0])


def test_sabacc_json_has_every_contract_field() -> None:
    data = run_json(
        "--game",
        "sabacc",
        "--preset",
        "classic",
        "--players",
        "4",
        "--hands",
        "40",
        "--seed",
        "7",
        "--ai",
        "easy,easy,random,random",
    )
    assert data["game"] == "sabacc" and data["preset"] == "classic"
    assert data["seed"] == 7 and data["hands"] == 40
    assert [s["ai"] for s in data["seats"]] == ["easy", "easy", "random", "random"]
    for seat in data["seats"]:
        assert set(seat) >= {"ai", "chips_start", "chips_end", "net", "wins"}
        assert seat["chips_start"] == 100
    assert data["actions"] > 40 and data["elapsed_s"] >= 0
    assert set(data["decision_ms"]) == {"easy", "random"}
    assert set(data["decision_ms"]["easy"]) == {"p50", "p95", "max"}
    assert data["invariant_violations"] == 0


def test_same_seed_same_result_and_net_subtracts_rebuys() -> None:
    cfg = sim.SimConfig("sabacc", "classic", 4, 150, 3, ["easy", "random", "easy", "random"], 20)
    a, b = sim.run(cfg).to_json(), sim.run(cfg).to_json()
    for x in (a, b):
        x.pop("elapsed_s")
        x.pop("decision_ms")
    assert a == b
    seats = a["seats"]
    assert any(s["rebuys"] > 0 for s in seats)  # 20-chip stacks run out
    for s in seats:
        assert s["net"] == s["chips_end"] - s["chips_start"] - s["rebuys"]


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "brag", "--players", "4", "--games", "5", "--ai", "easy,random,easy,random"),
        ("--game", "ninehalf", "--players", "6", "--deals", "30", "--ai", "easy,random,..."),
        (
            "--game",
            "sabacc",
            "--preset",
            "great-khan",
            "--players",
            "5",
            "--hands",
            "60",
            "--ai",
            "easy,random,easy,random,easy",
        ),
    ],
)
def test_every_game_runs_headless(args: tuple[str, ...]) -> None:
    data = run_json(*args, "--seed", "1")
    assert data["invariant_violations"] == 0
    unit = {"brag": "games", "ninehalf": "deals", "sabacc": "hands"}[data["game"]]
    assert data[unit] == int(args[args.index("--" + unit) + 1])


@pytest.mark.parametrize(
    "args",
    [
        ("--preset", "nope"),
        ("--game", "poker"),
        ("--ai", "easy,hard"),
        ("--ai", "genius"),
        ("--players", "9"),
        ("--game", "brag", "--hands", "3"),
        ("--hands", "0"),
        ("--seed", "x"),
        ("--bogus",),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "game.sim", *args], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "1000000000"),
        ("--players", "10**20"),
        ("--players", "100000000000000000000"),
        ("--players", "-3"),
        ("--game", "ninehalf", "--players", "21"),
        ("--hands", "1000000000000"),
        ("--hands", "9" * 5000),
        ("--game", "brag", "--games", "10000000"),
        ("--game", "ninehalf", "--deals", "-1"),
        ("--chips", "10**30"),
        ("--chips", "1000000000000000"),
        ("--chips", "0"),
        ("--seed", "1e9"),
        ("--seed", "99999999999999999999999"),
    ],
)
def test_every_number_is_bounded(args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """Absurd numbers are refused at once (in-process: no table is built, no run starts)
    with exit status 2 and one line naming the argument."""
    from game import sim

    with pytest.raises(SystemExit) as stopped:
        sim.main([*args, "--json"])
    assert stopped.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert len(out.err.strip().splitlines()) == 1
    flag = next(a for a in args if a.startswith("--") and a != "--game")
    assert flag in out.err
