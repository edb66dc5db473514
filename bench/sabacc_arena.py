"""Sabacc heads-up arena: our ``hard`` against the independent reference player.

    python bench/sabacc_arena.py                       # 8 runs x 250 hands, Classic
    python bench/sabacc_arena.py --runs 4 --hands 100  # a quick look
    python bench/sabacc_arena.py --opponent normal     # hard against our own normal
    python bench/sabacc_arena.py --duplicate --runs 16 --hands 500

The reference player (bench/sabacc_ref.py) shares no code with ``ai/``.
``--duplicate`` plays every seed twice with the seats swapped and the same
cards: each hand starts from the deck in one order and its chance steps
come from a generator seeded by the seed and the hand number (the rules are
unchanged: every hand still deals from the whole deck at random).  The
interval is then taken over the hand pairs, which removes most of the luck
of the deal.

Each run is one seed; the seats swap every run.  A seat that runs out of
chips is re-bought and the re-buy subtracted, as in ``game.sim``.  Prints
hard's mean chips per hand with a 95% interval over the runs, the decision
times, and a calibration table: hard's showdown-equity estimates, binned,
against the share of the hand it really won.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player  # noqa: E402
from bench.sabacc_ref import ReferencePlayer  # noqa: E402
from game.rules import sabacc as sb  # noqa: E402
from game.rules import sabacc_events as ev  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402

CHIPS = 100


def run(
    seed: int, hands: int, hard_seat: int, opponent: str, preset: str, duplicate: bool = False
) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """Hard's net chips in each hand, its decision times (ms), (estimate, realised) pairs."""
    state = sb.new_game(2, preset=preset, chips=CHIPS, seed_dealer=seed % 2)
    chance = random.Random(seed)
    rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(2)]
    hard = make_player("sabacc", "hard")
    hard.trace = []
    other: Any = ReferencePlayer() if opponent == "reference" else make_player("sabacc", opponent)
    bots = [other, other]
    bots[hard_seat] = hard
    rebuys = [0, 0]
    times: list[float] = []
    pairs: list[tuple[float, float]] = []
    per_hand: list[float] = []
    before = state.chips[hard_seat]
    while True:
        who = state.to_act()
        if who == CHANCE:
            events = state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if state.completed >= hands:
                break
            for seat in range(2):
                if not state.can_continue(seat):
                    top = CHIPS - state.chips[seat]
                    state.rebuy(seat, top if top > 0 else CHIPS)
                    rebuys[seat] += top if top > 0 else CHIPS
            before = state.chips[hard_seat]
            if duplicate:
                state.deck.sort()
                chance = random.Random(seed * 100_003 + state.hand_no)
            events = state.start_next()
        else:
            view = state.view(who)
            legal = state.legal_actions()
            t0 = time.perf_counter()
            action = bots[who].choose(view, legal, rngs[who])
            if who == hard_seat:
                times.append((time.perf_counter() - t0) * 1000.0)
            events = state.apply(action)
        for e in events:
            if isinstance(e, ev.HandEnded):
                per_hand.append(state.chips[hard_seat] - before)
                share = 1.0 / len(e.winners) if hard_seat in e.winners else 0.0
                for hand_no, estimate in hard.trace:
                    if hand_no == e.hand_no:
                        pairs.append((estimate, share))
                hard.trace.clear()
    return per_hand, times, pairs


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    return mean, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--hands", type=int, default=250)
    parser.add_argument("--opponent", default="reference", help="reference or an AI level")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--seed", type=int, default=7000, help="the first run's seed")
    parser.add_argument(
        "--duplicate", action="store_true", help="each seed twice, seats swapped, same cards"
    )
    args = parser.parse_args(argv)
    nets: list[float] = []
    hand_pairs: list[float] = []
    times: list[float] = []
    pairs: list[tuple[float, float]] = []
    for r in range(args.runs):
        if args.duplicate:
            a, t, p = run(args.seed + r, args.hands, 0, args.opponent, args.preset, True)
            b, t2, p2 = run(args.seed + r, args.hands, 1, args.opponent, args.preset, True)
            hand_pairs.extend((x + y) / 2 for x, y in zip(a, b, strict=False))
            t, p = t + t2, p + p2
            net = statistics.fmean(a + b)
        else:
            a, t, p = run(args.seed + r, args.hands, r % 2, args.opponent, args.preset)
            net = statistics.fmean(a)
        nets.append(net)
        times.extend(t)
        pairs.extend(p)
        print(f"  run {r}: hard {net:+.3f} chips/hand", flush=True)
    m, ci = mean_ci(hand_pairs if args.duplicate else nets)
    verdict = "yes" if m - ci > 0 else "no"
    how = (
        f"{args.runs} seeds x 2 seatings x {args.hands}"
        if args.duplicate
        else (f"{args.runs} runs x {args.hands}")
    )
    print(
        f"hard vs {args.opponent} ({args.preset}, heads-up, {how} "
        f"hands): {m:+.3f} ±{ci:.3f} chips/hand (above zero: {verdict})"
    )
    times.sort()
    if times:
        p50 = times[len(times) // 2]
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"hard decision ms: p50 {p50:.2f}  p95 {p95:.2f}  max {times[-1]:.1f}")
    print("calibration (hard's showdown equity estimate -> share of the hand won):")
    for lo in range(10):
        cell = [w for e, w in pairs if lo / 10 <= e < (lo + 1) / 10 or (lo == 9 and e >= 1.0)]
        if cell:
            print(
                f"  {lo / 10:.1f}-{(lo + 1) / 10:.1f}: n {len(cell):5d}  realised "
                f"{statistics.fmean(cell):.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
