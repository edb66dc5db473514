"""Paired (duplicate) arenas for Two-Exchange, Kessel, Corellian Spike, Coruscant Shift and Brag.

    python bench/paired_arena.py --game two-exchange --seeds 12 --units 300
    python bench/paired_arena.py --game brag --seeds 12 --units 40
    python bench/paired_arena.py --game brag --deals 4000     # layouts only, per deal
    python bench/paired_arena.py --game corellian-spike --seeds 6 --units 100
    python bench/paired_arena.py --game coruscant-shift --mix hard,normal,easy,random --seeds 4

Prints figures, passes or fails nothing.  Every match is played in process
(no subprocess per run) with its luck tied to the seed and the unit: each
hand (Sabacc) or deal (Brag) starts from the deck in one order with a chance
generator seeded by (seed, hand or deal number), and every seat's generator
is re-seeded the same way.  For each seed the match is played once with
every seat ``--weak`` (the baseline) and once with ``--strong`` in each seat
in turn; the figure for a seating is the strong seat's net chips per unit
minus that same seat's net in the baseline, so the cards each seat is dealt
cancel out.  The 95% interval is over the (seed, seat) pairs.

``--deals`` (Brag only) plays no match: it deals ``N`` random deals and, for
every seat, scores the strong level's layout and the weak level's layout
against the other three seats' weak layouts (points of the deal: showdowns
won, a crash counted as the rules' option says).  That is the layout skill
alone, without the noise of who reaches the target first.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player  # noqa: E402
from game import games  # noqa: E402
from game.rules import brag  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402

PRESETS = {
    "two-exchange": ("sabacc", "two-exchange"),
    "brag": ("brag", None),
    "kessel": ("sabacc", "kessel"),
    "kessel-shift": ("sabacc", "kessel-shift"),
    "corellian-spike": ("sabacc", "corellian-spike"),
    "coruscant-shift": ("sabacc", "coruscant-shift"),
}
# A Kessel unit is one round with a stock of a few chips (the buy-in's).
CHIPS = {"kessel": 6, "kessel-shift": 6}


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, math.nan
    mean = statistics.fmean(xs)
    return mean, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan)


def _unit_no(state: Any) -> int:
    for name in ("hand_no", "deal_no", "round_no"):
        if getattr(state, name, 0):
            return int(getattr(state, name))
    return 0


def play(
    name: str,
    levels: Sequence[str],
    seed: int,
    units: int,
    chips: int,
    times: dict[str, list],
) -> list[int]:
    """Net chips of every seat (re-buys subtracted) after ``units`` hands / games."""
    game_id, preset = PRESETS[name]
    chips = CHIPS.get(name, chips)
    entry = games.get(game_id)
    state: Any = entry.new_state(len(levels), chips, preset)
    bots = [make_player(game_id, lv, preset=preset) for lv in levels]
    rebuys = [0] * len(levels)
    start = list(state.chips)
    current = -1
    done = 0  # units of earlier matches (Kessel ends a match when one player is left)
    carried = [0] * len(levels)
    chance = random.Random(seed)
    rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(len(levels))]
    while True:
        unit = done + _unit_no(state)
        if unit != current:  # a new hand or deal: its luck depends on (seed, unit) only
            current = unit
            if hasattr(state, "deck") and isinstance(state.deck, list):
                state.deck.sort()
            for pile in getattr(state, "piles", ()):  # Kessel's two draw piles
                if isinstance(pile, list):
                    pile.sort()
            chance = random.Random(seed * 100_003 + unit)
            rngs = [random.Random((seed * 100_003 + unit) * 31 + i) for i in range(len(levels))]
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if done + state.completed >= units:
                break
            if who == TERMINAL:  # a new match with fresh stocks; the old one's nets carried
                for s in range(len(levels)):
                    carried[s] += state.chips[s] - start[s] - rebuys[s]
                done += state.completed
                state = entry.new_state(len(levels), chips, preset)
                rebuys = [0] * len(levels)
                start = list(state.chips)
                continue
            for seat in range(len(levels)):
                if not state.can_continue(seat):
                    top = chips - state.chips[seat]
                    top = top if top > 0 else chips
                    state.rebuy(seat, top)
                    rebuys[seat] += top
            state.start_next()
        else:
            view = state.view(who)
            legal = state.legal_actions()
            t0 = time.perf_counter()
            action = bots[who].choose(view, legal, rngs[who])
            times.setdefault(levels[who], []).append((time.perf_counter() - t0) * 1000.0)
            state.apply(action)
    return [carried[s] + state.chips[s] - start[s] - rebuys[s] for s in range(len(levels))]


def paired(args: argparse.Namespace) -> None:
    game_id, _ = PRESETS[args.game]
    seats = 4
    unit = "hand" if game_id == "sabacc" else "game"
    diffs: list[float] = []
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    for r in range(args.seeds):
        seed = args.seed + r
        base = play(args.game, [args.weak] * seats, seed, args.units, args.chips, {})
        row = []
        for k in range(seats):
            levels = [args.weak] * seats
            levels[k] = args.strong
            net = play(args.game, levels, seed, args.units, args.chips, times)
            d = (net[k] - base[k]) / args.units
            diffs.append(d)
            row.append(d)
        print(f"  seed {seed}: " + "  ".join(f"{d:+7.2f}" for d in row), flush=True)
    m, ci = mean_ci(diffs)
    print(
        f"{args.game}: {args.strong} - {args.weak} (same seat, same cards), "
        f"{args.seeds} seeds x {seats} seats x {args.units} {unit}s: "
        f"{m:+.3f} ±{ci:.3f} chips/{unit} "
        f"(interval above zero: {'yes' if m - ci > 0 else 'no'})"
    )
    for level, ts in sorted(times.items()):
        ts.sort()
        p50 = ts[len(ts) // 2]
        p95 = ts[min(len(ts) - 1, int(len(ts) * 0.95))]
        print(f"  {level:>6} decision ms: p50 {p50:.2f}  p95 {p95:.2f}  max {ts[-1]:.1f}")
    print(f"(finished in {time.perf_counter() - started:.0f} s)")


def rotate(args: argparse.Namespace) -> None:
    """The mixed table (``--mix``, one level per seat) with the levels rotated
    through the seats: each level sits in every seat once per seed, so the
    seat-order effect cancels from the levels' figures and is shown apart."""
    mix = args.mix.split(",")
    n = len(mix)
    by_level: dict[str, list[float]] = {lv: [] for lv in mix}
    by_seat: list[list[float]] = [[] for _ in range(n)]
    diffs: list[float] = []
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    for r in range(args.seeds):
        seed = args.seed + r
        for k in range(n):
            levels = mix[k:] + mix[:k]  # seat s plays mix[(s + k) % n]
            net = play(args.game, levels, seed, args.units, args.chips, times)
            per = {levels[s]: net[s] / args.units for s in range(n)}
            for s in range(n):
                by_seat[s].append(net[s] / args.units)
                by_level[levels[s]].append(net[s] / args.units)
            diffs.append(per[args.strong] - per[args.weak])
        print(f"  seed {seed} done", flush=True)
    print(
        f"{args.game}: mixed table {args.mix}, levels rotated, {args.seeds} seeds x {n} rotations"
    )
    for lv in mix:
        m, ci = mean_ci(by_level[lv])
        print(f"  {lv:>6}: {m:+.3f} ±{ci:.3f} chips/hand")
    for s in range(n):
        m, ci = mean_ci(by_seat[s])
        print(f"  seat {s}: {m:+.3f} ±{ci:.3f} chips/hand (any level)")
    m, ci = mean_ci(diffs)
    print(f"  {args.strong} - {args.weak} at the same table: {m:+.3f} ±{ci:.3f} chips/hand")
    print(f"(finished in {time.perf_counter() - started:.0f} s)")


def _deal_points(layouts: Sequence[Sequence[tuple[int, ...]]], seat: int, crash: int) -> int:
    """Points ``seat`` scores in a 4-seat deal with these layouts (ties score nobody)."""
    won = 0
    for pos in range(4):
        keys = [brag.set_key(*lay[pos]) if pos < len(lay) else 0 for lay in layouts]
        top = max(keys)
        if top > 0 and keys[seat] == top and keys.count(top) == 1:
            won += 1
    return 5 if won == 4 and crash == 2 else won


def brag_deals(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    strong = make_player("brag", args.strong)
    weak = make_player("brag", args.weak)
    view_rng = random.Random(0)
    diffs: list[float] = []
    started = time.perf_counter()
    for _ in range(args.deals):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[i * 13 : i * 13 + 13] for i in range(4)]
        weak_l = [tuple(weak._layout(_HandView(h), view_rng)) for h in hands]
        for k in range(4):
            mine = tuple(strong._layout(_HandView(hands[k]), view_rng))
            with_strong = list(weak_l)
            with_strong[k] = mine
            diffs.append(_deal_points(with_strong, k, 2) - _deal_points(weak_l, k, 2))
    m, ci = mean_ci(diffs)
    print(
        f"brag layouts: {args.strong} - {args.weak} against three {args.weak} seats, "
        f"{args.deals} deals x 4 seats: {m:+.4f} ±{ci:.4f} points/deal "
        f"(interval above zero: {'yes' if m - ci > 0 else 'no'}; "
        f"{time.perf_counter() - started:.0f} s)"
    )


class _HandView:
    """The part of a BragView a layout decision reads."""

    def __init__(self, hand: Sequence[int]) -> None:
        from game.rules import cards52

        self.hand = tuple(cards52.code(c) for c in hand)
        self.num_seats = 4


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PRESETS), default="two-exchange")
    parser.add_argument("--strong", default="hard")
    parser.add_argument("--weak", default="normal")
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=5000, help="the first seed")
    parser.add_argument("--units", type=int, default=200, help="hands (Sabacc) / games (Brag)")
    parser.add_argument("--chips", type=int, default=100)
    parser.add_argument(
        "--mix",
        default="",
        help="rotate these levels through the seats, e.g. hard,normal,easy,random",
    )
    parser.add_argument("--deals", type=int, default=0, help="Brag: layouts only, N deals")
    parser.add_argument(
        "--set",
        default="",
        help="Two-Exchange: try other hard parameters, e.g. open_at=0.3,big_share=0.2",
    )
    args = parser.parse_args(argv)
    if args.set:
        from ai import sabacc_twoex

        changes = {}
        for item in args.set.split(","):
            key, value = item.split("=")
            old = getattr(sabacc_twoex.LEVELS["hard"], key)
            changes[key] = type(old)(value) if not isinstance(old, bool) else value == "1"
        sabacc_twoex.LEVELS["hard"] = replace(sabacc_twoex.LEVELS["hard"], **changes)
        print(f"hard with {changes}")
    if args.mix:
        rotate(args)
    elif args.deals:
        brag_deals(args)
    else:
        paired(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
