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
        ("--preset", "corellian-spike", "--players", "9"),
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


@pytest.mark.parametrize("preset", ["kessel", "kessel-shift"])
def test_kessel_rounds_are_hands_and_destroyed_chips_are_counted(preset: str) -> None:
    args = ["--game", "sabacc", "--preset", preset, "--players", "4", "--hands", "150"]
    args += ["--seed", "7", "--ai", "hard,easy,random,normal"]
    data = run_json(*args)
    assert data["preset"] == preset and data["hands"] == 150
    assert data["invariant_violations"] == 0
    for seat in data["seats"]:
        assert seat["chips_start"] == 6  # the default buy-in's stock (RULES.md §4.1.2)
        assert seat["net"] == seat["chips_end"] - 6 - seat["rebuys"]
    # Kessel destroys chips: with re-buys subtracted, the table as a whole loses.
    assert sum(s["net"] for s in data["seats"]) < 0
    assert sum(s["wins"] for s in data["seats"]) >= 150
    assert run_json(*args)["seats"] == data["seats"]


def test_kessel_chips_flag_sets_the_stock() -> None:
    config = sim.config_from_args(
        sim.build_parser().parse_args(["--preset", "kessel", "--chips", "8", "--players", "3"])
    )
    assert config.chips == 8
    result = sim.run(sim.SimConfig("sabacc", "kessel", 3, 20, 1, ["easy"] * 3, 8))
    assert result.invariant_violations == 0


@pytest.mark.parametrize("preset", ["corellian-spike", "coruscant-shift"])
def test_modern_presets_run_with_their_own_engines(preset: str) -> None:
    args = ("--game", "sabacc", "--preset", preset, "--players", "4", "--hands", "30")
    data = run_json(*args, "--seed", "3", "--ai", "hard,easy,normal,random")
    assert data["preset"] == preset
    assert data["invariant_violations"] == 0
    assert sum(s["wins"] for s in data["seats"]) >= 30
    chips = sum(s["chips_end"] for s in data["seats"])
    rebuys = sum(s["rebuys"] for s in data["seats"])
    assert chips <= 400 + rebuys  # the rest waits in the pots (the Sabacc pot, odd chips)
    again = run_json(*args, "--seed", "3", "--ai", "hard,easy,normal,random")
    assert again["seats"] == data["seats"] and again["actions"] == data["actions"]


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


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["kessel", "kessel-shift"])
def test_kessel_soak_thousands_of_rounds_without_a_violation(preset: str) -> None:
    levels = ["hard", "easy", "normal", "random"]
    result = sim.run(sim.SimConfig("sabacc", preset, 4, 3000, 11, levels, 6))
    assert result.invariant_violations == 0
    assert sum(result.wins) >= 3000
