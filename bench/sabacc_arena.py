"""Sabacc arena: our ``hard`` against the independent reference player.

    python bench/sabacc_arena.py                       # 8 runs x 250 hands, Classic heads-up
    python bench/sabacc_arena.py --runs 4 --hands 100  # a quick look
    python bench/sabacc_arena.py --opponent normal     # hard against our own normal
    python bench/sabacc_arena.py --duplicate --runs 16 --hands 500
    python bench/sabacc_arena.py --seats 4 --duplicate --baseline --runs 3 --hands 40
    python bench/sabacc_arena.py --preset centran --seats 4 --duplicate --baseline

The reference player (bench/sabacc_ref.py) shares no code with ``ai/``.
``--seats N`` seats hard with N - 1 opponents.  ``--duplicate`` plays every
seed once per seat with the same cards: each hand starts from the deck in
one order and its chance steps, and every seat's choices, come from
generators seeded by the seed and the hand number (the rules are unchanged:
every hand still deals from the whole deck at random).  The interval is
then taken over the hands, each averaged over the seatings, which removes
most of the luck of the deal.  ``--baseline`` plays today's hard (the
switches in ``BASELINE`` off) on the same seeds and seatings and reports
hard's gain over it, paired hand by hand.  ``--set name=value`` tries a
setting of the hard player under test.

Without ``--duplicate`` each run is one seed at one seat.  A seat that runs
out of chips is re-bought, as in ``game.sim``.  Prints hard's mean chips per
hand with a 95% interval, the CPU time of its decisions, and a calibration
table: hard's equity estimates (the share of the hand pot it expects at the
showdown), binned, against the share of the hand it really won.
"""

from __future__ import annotations

import argparse
import ast
import json
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

# Today's hard (before multi-seat play-on and the replayed reads): the
# switches that turn the newer parts off, for paired comparisons.
BASELINE = {
    "play_on_multi": False,
    "replay_reads": False,
    "khan_play_on": False,
    "swap_deals": 0,
    "multi_shrink": 1.0,
    "heads_up_stretch": 1.0,
}


# ``--set name=value`` switches of the hard player under test.
TRIAL: dict[str, Any] = {}


def make_hard(variant: str) -> Any:
    hard = make_player("sabacc", "hard")
    for name, value in (BASELINE if variant == "base" else TRIAL).items():
        if not hasattr(hard, name):
            raise SystemExit(f"hard has no setting {name!r}")
        setattr(hard, name, value)
    return hard


def run(
    seed: int,
    hands: int,
    hard_seat: int,
    opponent: str,
    preset: str,
    duplicate: bool = False,
    seats: int = 2,
    variant: str = "new",
) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """Hard's net chips in each hand, its decision times (ms), (estimate, realised) pairs."""
    state = sb.new_game(seats, preset=preset, chips=CHIPS, seed_dealer=seed % seats)
    chance = random.Random(seed)
    rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(seats)]
    hard = make_hard(variant)
    hard.trace = []
    bots: list[Any] = [
        ReferencePlayer() if opponent == "reference" else make_player("sabacc", opponent)
        for _ in range(seats)
    ]
    bots[hard_seat] = hard
    times: list[float] = []
    pairs: list[tuple[float, float]] = []
    per_hand: list[float] = []
    before = state.chips[hard_seat]
    while True:
        who = state.to_act()
        if who == CHANCE:
            events = state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if len(per_hand) >= hands:
                break
            if who == TERMINAL:  # Great Khan: a lone Pure Sabacc won the game
                state = sb.new_game(seats, preset=preset, chips=CHIPS, seed_dealer=state.dealer)
            for seat in range(seats):
                if not state.can_continue(seat):
                    top = CHIPS - state.chips[seat]
                    state.rebuy(seat, top if top > 0 else CHIPS)
            before = state.chips[hard_seat]
            if duplicate:
                state.deck.sort()
                chance = random.Random(seed * 100_003 + len(per_hand))
                # Every seat's choices draw on a stream of their own per hand,
                # so a hand plays the same until somebody decides differently.
                rngs = [
                    random.Random((seed * 100_003 + len(per_hand)) * 31 + i) for i in range(seats)
                ]
            events = state.start_next()
        else:
            view = state.view(who)
            legal = state.legal_actions()
            t0 = time.process_time()
            action = bots[who].choose(view, legal, rngs[who])
            if who == hard_seat:
                # CPU time: what a decision costs on one core, however busy the machine.
                times.append((time.process_time() - t0) * 1000.0)
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


def seatings(
    seed: int, args: argparse.Namespace, variant: str
) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """One seed: per hand, hard's net averaged over the seatings played (every
    seat once with ``--duplicate``, else the seat ``seed`` picks)."""
    n = args.seats
    where = range(n) if args.duplicate else [seed % n]
    nets: list[list[float]] = []
    times: list[float] = []
    pairs: list[tuple[float, float]] = []
    for seat in where:
        a, t, p = run(
            seed, args.hands, seat, args.opponent, args.preset, args.duplicate, n, variant
        )
        nets.append(a)
        times += t
        pairs += p
    per_hand = [statistics.fmean(xs) for xs in zip(*nets, strict=False)]
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
    parser.add_argument("--seats", type=int, default=2, help="players at the table (2-8)")
    parser.add_argument("--seed", type=int, default=7000, help="the first run's seed")
    parser.add_argument(
        "--duplicate", action="store_true", help="each seed once per seat, same cards"
    )
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also play today's hard (see BASELINE) on the same seeds; report the gain",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the hard player under test (a Python literal), repeatable",
    )
    parser.add_argument("--dump", help="write every hand's nets (and today's hard's) as JSON")
    args = parser.parse_args(argv)
    for item in args.set:
        name, _, value = item.partition("=")
        TRIAL[name] = ast.literal_eval(value)
    hand_nets: list[float] = []
    base_nets: list[float] = []
    gains: list[float] = []
    times: list[float] = []
    pairs: list[tuple[float, float]] = []
    for r in range(args.runs):
        seed = args.seed + r
        a, t, p = seatings(seed, args, "new")
        hand_nets += a
        times += t
        pairs += p
        line = f"  run {r}: hard {statistics.fmean(a):+.3f} chips/hand"
        if args.baseline:
            b, _, _ = seatings(seed, args, "base")
            gains += [x - y for x, y in zip(a, b, strict=False)]
            base_nets += b
            line += f", today's hard {statistics.fmean(b):+.3f}"
        print(line, flush=True)
    if args.dump:
        Path(args.dump).write_text(json.dumps({"new": hand_nets, "base": base_nets}))
    mean, ci = mean_ci(hand_nets)
    verdict = "yes" if mean - ci > 0 else "no"
    how = f"{args.runs} seeds x {args.seats if args.duplicate else 1} seatings x {args.hands}"
    table = "heads-up" if args.seats == 2 else f"{args.seats} seats"
    print(
        f"hard vs {args.opponent} ({args.preset}, {table}, {how} "
        f"hands): {mean:+.3f} ±{ci:.3f} chips/hand (above zero: {verdict})"
    )
    if args.baseline:
        g, gci = mean_ci(gains)
        print(f"gain over today's hard (paired hands): {g:+.3f} ±{gci:.3f} chips/hand")
    times.sort()
    if times:
        p50 = times[len(times) // 2]
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"hard decision CPU ms: p50 {p50:.2f}  p95 {p95:.2f}  max {times[-1]:.1f}")
    print("calibration (hard's equity estimate -> share of the hand won):")
    gap = 0.0
    for lo in range(10):
        cell = [(e, w) for e, w in pairs if min(9, int(e * 10)) == lo]
        if cell:
            est = statistics.fmean(e for e, _ in cell)
            real = statistics.fmean(w for _, w in cell)
            gap += len(cell) * abs(est - real)
            print(
                f"  {lo / 10:.1f}-{(lo + 1) / 10:.1f}: n {len(cell):5d}  estimated {est:.2f}"
                f"  realised {real:.2f}"
            )
    if pairs:
        brier = statistics.fmean((e - w) ** 2 for e, w in pairs)
        print(
            f"  calibration error (mean |estimated - realised| per bin, by count) "
            f"{gap / len(pairs):.3f}; Brier {brier:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
