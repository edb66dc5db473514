"""Figures for the Brag and Nine and a Half computer players.

    python bench/cards_ai.py            # timings and strength, a few minutes
    python bench/cards_ai.py --quick    # fewer games

Prints ``brag.best_layout`` time per hand (p50 / p95 / max over random
hands), then the simulator's target runs (seed 11) with decision-time
percentiles per level, then pairwise arenas with the levels rotated through
every seat, as mean net chips per seat of each level.  A benchmark reports;
it does not pass or fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import games  # noqa: E402
from game.rules import brag, cards52  # noqa: E402
from game.sim import SimConfig, run  # noqa: E402


def layout_timing(hands: int) -> None:
    rng = random.Random(11)
    times: list[float] = []
    for _ in range(hands):
        deck = list(range(52))
        rng.shuffle(deck)
        codes = cards52.codes(deck[:13])
        t0 = time.perf_counter()
        brag.best_layout(codes)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"best_layout over {hands} hands: p50 {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms"
    )


def target_run(game: str, levels: list[str], units: int) -> None:
    chips = games.get(game).sim_chips
    result = run(SimConfig(game, None, len(levels), units, 11, levels, chips)).to_json()
    nets = ", ".join(f"{s['ai']} {s['net']:+d}" for s in result["seats"])
    print(f"{game} seed 11, {units} units: {nets}")
    for level, p in result["decision_ms"].items():
        print(f"    decision ms {level:>6}: p50 {p['p50']}  p95 {p['p95']}  max {p['max']}")


def arena(game: str, a: str, b: str, players: int, units: int, seeds: int) -> None:
    """Seats alternate a, b, a, b ...; every rotation of that pattern, several seeds."""
    chips = games.get(game).sim_chips
    nets: dict[str, list[int]] = {a: [], b: []}
    diffs: list[float] = []  # per run: a's mean net minus b's, per unit
    pattern = [a if i % 2 == 0 else b for i in range(players)]
    for seed in range(seeds):
        for shift in range(2):
            levels = pattern[shift:] + pattern[:shift]
            result = run(SimConfig(game, None, players, units, seed, levels, chips)).to_json()
            run_nets: dict[str, list[int]] = {a: [], b: []}
            for seat in result["seats"]:
                nets[seat["ai"]].append(seat["net"])
                run_nets[seat["ai"]].append(seat["net"])
            diffs.append((statistics.mean(run_nets[a]) - statistics.mean(run_nets[b])) / units)
    summary = ", ".join(
        f"{lv} mean {statistics.mean(v):+.1f} (sd {statistics.pstdev(v):.1f}, n {len(v)})"
        for lv, v in nets.items()
    )
    # Runs are independent, so their spread gives the standard error of the gap.
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    gap = statistics.mean(diffs)
    print(
        f"{game} arena {a} vs {b}: {summary}; {a} - {b} {gap:+.3f} per unit "
        f"(se {se:.3f}, {gap / se if se else float('nan'):+.1f} se, {len(diffs)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Brag and Nine and a Half AI figures")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    scale = 1 if args.quick else 3
    layout_timing(300 * scale)
    target_run("brag", ["hard", "normal", "normal", "normal"], 150)
    target_run("ninehalf", ["hard"] + ["normal"] * 5, 300)
    for a, b in (("hard", "normal"), ("normal", "easy"), ("easy", "random")):
        arena("brag", a, b, 4, 50, 2 * scale)
        arena("ninehalf", a, b, 6, 300, 2 * scale)


if __name__ == "__main__":
    main()
