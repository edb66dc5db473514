"""Engine speed: random-play hands/s and actions/s for 4-player Classic Sabacc.

    python bench/engine.py [--hands 3000] [--runs 5] [--preset kessel]

Any Sabacc preset of the registry runs (a Kessel "hand" is one round; a
Kessel game that ends starts a new one).

Prints the median of several runs (this machine is shared and noisy) and the
cost of clone() and view(), which bound how much search the AI can afford.
Goal (issue 2): at least 50,000 actions/s on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import games  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL, GameState  # noqa: E402


def new_state(preset: str) -> GameState:
    sabacc = games.get("sabacc")
    return sabacc.new_state(4, sabacc.sim_chips_for(preset), preset)


def one_run(hands: int, seed: int, preset: str) -> tuple[float, float, int]:
    rng = random.Random(seed)
    state = new_state(preset)
    chips = games.get("sabacc").sim_chips_for(preset)
    actions = 0
    done = 0
    started = time.perf_counter()
    while done + state.completed < hands:
        who = state.to_act()
        if who == TERMINAL:
            done += state.completed
            state = new_state(preset)
        elif who == BETWEEN:
            for seat in range(4):
                if not state.can_continue(seat):
                    state.rebuy(seat, chips)
            state.start_next()
        elif who == CHANCE:
            state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - started
    return actions / elapsed, hands / elapsed, actions


def micro(state: GameState, what: str, n: int = 20000) -> float:
    fn = state.clone if what == "clone" else (lambda: state.view(0))
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - started) / n * 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--preset", default="classic")
    args = p.parse_args()
    results = [one_run(args.hands, seed, args.preset) for seed in range(args.runs)]
    aps = statistics.median(r[0] for r in results)
    hps = statistics.median(r[1] for r in results)
    print(f"{args.preset}, 4 players, random play, {args.hands} hands x {args.runs} runs")
    print(
        f"  actions/s  median {aps:10.0f}   (min {min(r[0] for r in results):.0f}, "
        f"max {max(r[0] for r in results):.0f})"
    )
    print(f"  hands/s    median {hps:10.0f}")
    print(f"  actions per hand  {statistics.median(r[2] for r in results) / args.hands:.1f}")
    rng = random.Random(1)
    state = new_state(args.preset)
    state.start_next()
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    print(f"  clone()  {micro(state, 'clone'):6.2f} us    view(0)  {micro(state, 'view'):6.2f} us")


if __name__ == "__main__":
    main()
