"""AI strength and speed arenas: prints figures, passes or fails nothing.

    python bench/ai.py            # a few minutes
    python bench/ai.py --quick    # about a minute
    python bench/ai.py --games sabacc-classic,brag

Every arena runs ``python -m game.sim ... --json`` (CONTRACT §3) as a
subprocess, over several seeds and with the stronger level rotated through
the seats, for each pairing of neighbouring levels (easy vs random, normal
vs easy, hard vs normal) and for every game.  It prints each level's mean
chips per unit (hand / game / deal) with a 95% confidence interval over the
runs, the difference between the two levels of the arena, and decision-time
percentiles per level (p50: median over runs; p95 and max: the worst run).
It also replays the headline tables: one ``hard`` seat against three
``normal`` seats, seed 11, 400 Classic hands and 300 Great Khan hands.

The Classic-flow presets (Random, Centran, Cloud City, Figg, Empress Teta)
have normal-easy gaps of about 1-2 chips a hand, inside Classic's noise at
8 runs, so they play four times the runs.

The ladder of 2026-11-27: each level's lead over the level below (mean
chips per hand, per game in Brag, per deal in Nine and a Half, ± 95%
interval over the runs; ``!`` marks an interval that reaches zero), hard's
decision p95 / max in ms (wall clock, worst run, on a shared two-core
machine at load 4-11 under ``nice -n 19``), runs x units per pair.  "full":
``nice -n 19 python bench/ai.py --games G --jobs 1``; "quick": ``nice -n 10
python bench/ai.py --quick --jobs 1`` (all games, 31 min).  A mixed row
names each pair's source: F the full run, P that pair alone at full size
(``bench.ai.arena``, the same seeds and seatings), q the quick run.

    game            easy-random    normal-easy    hard-normal    hard ms   runs x units
    classic         +12.51 ±0.80   +1.39 ±0.47    +2.97 ±1.00     62/863   8x120/16x300/8x120 qPq
    great-khan      +33.15 ±4.99   +0.93 ±0.62    +3.61 ±1.91     41/62    16x120/32x300/16x120 qPq
    two-exchange    +46.53 ±3.60   +5.70 ±1.83    +2.12 ±0.84      1/60    16x150/16x150/32x300 qqP
    force           +3.46 ±0.68    +1.46 ±0.31    +0.66 ±0.30     26/132   16x150/16x150/32x300 qqP
    random          +11.09 ±0.34   +1.60 ±0.36    +1.35 ±0.45    113/449   32x300  full
    centran         +14.94 ±0.36   +0.80 ±0.44    +2.52 ±0.65     70/356   32x300/32x300/16x300 PPP
    cloud-city      +12.44 ±0.39   +1.39 ±0.39    +2.49 ±1.13     52/81    32x300/32x300/16x120 PPq
    figg            +14.27 ±0.41   +1.82 ±0.46    +2.00 ±0.41     78/592   32x300  full
    empress-teta    +12.55 ±0.39   +0.82 ±0.33    +1.62 ±0.67     52/234   32x300/32x300/16x300 PPP
    corellian-spike +38.31 ±1.52   +4.44 ±1.11    +3.32 ±0.76      1/172   16x150  quick
    coruscant-shift +119.0 ±1.6    +48.2 ±1.7     +22.3 ±5.9      53/-     16x300  full
    kessel          +1.75 ±0.04    +0.12 ±0.04    +0.23 ±0.04      1/2     8x600   quick
    kessel-shift    +1.47 ±0.07    +0.12 ±0.05    +0.19 ±0.04      2/14    8x600   quick
    brag            +99.39 ±0.40   +8.65 ±1.29    +3.19 ±1.13      1/8     16x60/16x60/32x60 qqP
    ninehalf        +4.04 ±0.81    +1.64 ±0.80    +1.31 ±0.54      2/194   4x120/8x300/4x120 qPq

Coruscant Shift: the full run after its hard was reworked the same day
(first selection by its chance of beating every opponent after the shift,
sharper bet reads, larger bets); the quick run before the rework gave
hard-normal +1.63 ±11.04.  With the same cards for both sides,
``bench/paired_arena.py --game coruscant-shift --seeds 12 --units 100 --seed
9000`` gives +12.74 ±3.32 chips a hand.
Wall-clock times above 100 ms come from the load: Random's hard in CPU time
(``game.sim`` timed by ``time.process_time``, hard against three normal, 150
hands, seed 1021) has p95 35 ms, max 101 ms.

Against players that are not ours: ``bench/sabacc_arena.py`` (Classic
heads-up against the independent reference of ``bench/sabacc_ref.py``, with
the equity calibration table) and ``bench/ninehalf_arena.py`` (players
against our hard dealer, hard against a player solved for a dealer standing
on 6).  Hard against normal with the same cards for both (a duplicate
design that separates in short runs): ``bench/paired_arena.py`` for
Two-Exchange, Brag, Kessel, Spike and Coruscant; ``bench/coruscant_hands.py``
swaps one seat's level on the very same hand and puts each difference down
to the first decision that differed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


@dataclass(frozen=True)
class Game:
    name: str  # the arena's label
    game: str  # --game
    preset: str | None
    players: int
    unit: str  # hands / games / deals
    units: int  # per run, full mode
    quick_units: int
    runs_factor: int = 1  # noisy games get more runs
    headline_units: int = 0  # the hard-vs-3-normal table at seed 11 (0: none)


GAMES = (
    Game("sabacc-classic", "sabacc", "classic", 4, "hands", 300, 120, 2, 400),
    # A Great Khan hand can sweep a Sabacc pot of a hundred chips: four times the runs.
    Game("sabacc-great-khan", "sabacc", "great-khan", 4, "hands", 300, 120, 4, 300),
    # Two-Exchange feeds every all-check hand into the Sabacc pot: noisy, so more runs.
    Game("sabacc-two-exchange", "sabacc", "two-exchange", 4, "hands", 300, 150, 4),
    Game("sabacc-force", "sabacc", "force", 4, "hands", 300, 150, 4),
    # The Classic-flow presets with their own ranking hooks (RULES.md §1.7) and
    # Classic with Random Sabacc's rule changes (§1.4).
    Game("sabacc-random", "sabacc", "random", 4, "hands", 300, 120, 4),
    Game("sabacc-centran", "sabacc", "centran", 4, "hands", 300, 120, 4),
    Game("sabacc-cloud-city", "sabacc", "cloud-city", 4, "hands", 300, 120, 4),
    Game("sabacc-figg", "sabacc", "figg", 4, "hands", 300, 120, 4),
    Game("sabacc-empress-teta", "sabacc", "empress-teta", 4, "hands", 300, 120, 4),
    # The modern presets (RULES.md §4): a Spike game can carry a growing Sabacc pot.
    Game("sabacc-corellian-spike", "sabacc", "corellian-spike", 4, "hands", 300, 150, 4),
    Game("sabacc-coruscant-shift", "sabacc", "coruscant-shift", 4, "hands", 300, 150, 2),
    # A Kessel "hand" is one round; rounds are short, so many of them.
    Game("sabacc-kessel", "sabacc", "kessel", 4, "hands", 2000, 600, 2),
    Game("sabacc-kessel-shift", "sabacc", "kessel-shift", 4, "hands", 2000, 600, 2),
    # A Brag game is a few deals and pays a stake or double: many runs of many games.
    Game("brag", "brag", None, 4, "games", 60, 60, 4),
    Game("ninehalf", "ninehalf", None, 6, "deals", 300, 120),
)


def sim(game: Game, levels: Sequence[str], seed: int, units: int) -> dict:
    cmd = [sys.executable, "-m", "game.sim", "--game", game.game, "--players", str(game.players)]
    if game.preset:
        cmd += ["--preset", game.preset]
    cmd += [f"--{game.unit}", str(units), "--seed", str(seed), "--ai", ",".join(levels), "--json"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def seatings(strong: str, weak: str, players: int, runs: int) -> list[list[str]]:
    """One strong seat among weak ones, rotated round the table run by run."""
    out = []
    for r in range(runs):
        seats = [weak] * players
        seats[r % players] = strong
        out.append(seats)
    return out


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def arena(
    pool: ThreadPoolExecutor, game: Game, strong: str, weak: str, runs: int, units: int
) -> tuple[dict[str, list[float]], list[float], dict[str, list[dict]]]:
    jobs = [
        (levels, pool.submit(sim, game, levels, 1000 + r, units))
        for r, levels in enumerate(seatings(strong, weak, game.players, runs))
    ]
    per_level: dict[str, list[float]] = {strong: [], weak: []}
    diffs: list[float] = []
    times: dict[str, list[dict]] = {strong: [], weak: []}
    for levels, job in jobs:
        data = job.result()
        means: dict[str, list[float]] = {strong: [], weak: []}
        for level, seat in zip(levels, data["seats"], strict=True):
            means[level].append(seat["net"] / units)
        for level in (strong, weak):
            per_level[level].append(statistics.fmean(means[level]))
            if level in data["decision_ms"]:
                times[level].append(data["decision_ms"][level])
        diffs.append(per_level[strong][-1] - per_level[weak][-1])
    return per_level, diffs, times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and units (~1 minute)")
    parser.add_argument("--runs", type=int, default=None, help="runs per arena")
    parser.add_argument(
        "--games", default=",".join(g.name for g in GAMES), help="comma-separated arena names"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    chosen = [g for g in GAMES if g.name in args.games.split(",")]
    runs = args.runs or (4 if args.quick else 8)
    started = time.perf_counter()
    all_times: dict[tuple[str, str], list[dict]] = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        for game in chosen:
            units = game.quick_units if args.quick else game.units
            game_runs = runs * game.runs_factor
            print(
                f"\n== {game.name}: {game_runs} runs x {units} {game.unit}, "
                f"1 strong seat of {game.players}"
            )
            for strong, weak in PAIRS:
                per_level, diffs, times = arena(pool, game, strong, weak, game_runs, units)
                d, dci = mean_ci(diffs)
                parts = []
                for level in (strong, weak):
                    m, ci = mean_ci(per_level[level])
                    parts.append(f"{level:>6} {m:+7.3f} ±{ci:.3f}")
                    all_times.setdefault((game.name, level), []).extend(times[level])
                verdict = "yes" if d - dci > 0 else "not with confidence"
                print(
                    f"  {strong:>6} vs {weak:<6}: "
                    + "  ".join(parts)
                    + f"   diff {d:+.3f} ±{dci:.3f} ({strong} ahead: {verdict})"
                )
        for game in chosen:
            if not game.headline_units:
                continue
            hands = game.headline_units // 2 if args.quick else game.headline_units
            data = sim(game, ["hard", "normal", "normal", "normal"], 11, hands)
            nets = [s["net"] for s in data["seats"]]
            best = max(range(4), key=lambda i: nets[i])
            print(
                f"\n== headline: hard vs 3 normal, {game.preset}, {hands} hands, seed 11: "
                f"nets {nets} (hard {'positive' if nets[0] > 0 else 'not positive'}, "
                f"{'best' if best == 0 else 'not best'} at the table)"
            )
            for level, p in data["decision_ms"].items():
                all_times.setdefault((game.name, level), []).append(p)
    print("\n== decision time per level (ms): p50 median over runs, p95 / max worst run")
    for game in chosen:
        for level in ("random", "easy", "normal", "hard"):
            rows = all_times.get((game.name, level), [])
            if not rows:
                continue
            p50 = statistics.median(r["p50"] for r in rows)
            p95 = max(r["p95"] for r in rows)
            top = max(r["max"] for r in rows)
            print(f"  {game.name:<18} {level:>6}: p50 {p50:7.3f}  p95 {p95:7.3f}  max {top:8.3f}")
    print(f"\n(finished in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
