"""Coruscant Shift hand by hand: one seat's level swapped on the very same hand.

    python bench/coruscant_hands.py --seeds 6 --units 100 --seed 9000
    python bench/coruscant_hands.py --strong hard:size_scale=2.0 --weak hard --seeds 6

Prints figures, passes or fails nothing.  A match of four ``normal``
players is played hand by hand (re-buys as in ``bench/paired_arena.py``);
before each hand the table is copied and the hand is played again with
``--strong`` in one seat, then with ``--weak`` in that seat, for every seat,
with the chance and the seats' generators seeded by (seed, hand) exactly as
``bench/paired_arena.py`` seeds them.  The figure is that seat's chips won
in the hand with the strong player minus with the weak one: the cards, the
stacks and the ante are the same, so a hand where both decide alike counts
zero and nothing carries over into later hands (the ante ladder, re-buys).
The hard players' books read every hand of the match.

Each differing hand is also put down to the first decision where the strong
player chose otherwise than the weak one would have in its place (``bet1:
Call>Fold``: in the first betting round the strong player called where the
weak one would have folded), with the hands' mean outcome per kind.  By
default the figures are also split by seat and by the seat's place after
the starting player, which tells a seat-number effect from a card-stream one
(``--dealer`` starts the match at another seat: the cards follow the place).
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player  # noqa: E402
from game import games  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402
from game.rules.spike_base import Select  # noqa: E402

PRESET = "coruscant-shift"
SEATS = 4


def player(spec: str) -> Any:
    """``level`` or ``level:attribute=value,...`` (hard's switches, e.g. size_scale=2.0)."""
    level, _, rest = spec.partition(":")
    p = make_player("sabacc", level, preset=PRESET)
    for item in filter(None, rest.split(",")):
        name, value = item.split("=")
        old = getattr(p, name)
        setattr(p, name, value == "1" if isinstance(old, bool) else type(old)(value))
    return p


def _kind(action: Any) -> str:
    return "select" if isinstance(action, Select) else type(action).__name__


def play_hand(
    state: Any, bots: Sequence[Any], seed: int, unit: int, watch: int = -1, ref: Any = None
) -> tuple[list[int], str]:
    """Chips each seat wins in the hand; the first decision where seat ``watch``
    chose otherwise than ``ref`` would have ("" if none)."""
    chance = random.Random(seed * 100_003 + unit)
    rngs = [random.Random((seed * 100_003 + unit) * 31 + i) for i in range(state.num_seats)]
    start = list(state.chips)
    first = ""
    while True:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
            continue
        if who in (BETWEEN, TERMINAL):
            break
        view, legal = state.view(who), state.legal_actions()
        other = None
        if who == watch and ref is not None and not first:
            twin = random.Random()
            twin.setstate(rngs[who].getstate())
            other = ref.choose(view, legal, twin)
        action = bots[who].choose(view, legal, rngs[who])
        if other is not None and action != other:
            phase = "sel" if view.phase == "select" else "bet"
            first = f"{phase}{view.selection_no}:{_kind(action)}>{_kind(other)}"
        state.apply(action)
    return [state.chips[s] - start[s] for s in range(state.num_seats)], first


def run(args: argparse.Namespace, seed: int, out: dict[str, Any]) -> list[float]:
    entry = games.get("sabacc")
    state: Any = entry.new_state(SEATS, args.chips, PRESET, dealer=args.dealer)
    normals = [player("normal") for _ in range(SEATS)]
    strong = [player(args.strong) for _ in range(SEATS)]
    weak = [player(args.weak) for _ in range(SEATS)]
    diffs = []
    for unit in range(1, args.units + 1):
        for s in range(SEATS):
            if not state.can_continue(s):
                top = args.chips - state.chips[s]
                state.rebuy(s, top if top > 0 else args.chips)
        state.start_next()
        state.deck.sort()
        for k in range(SEATS):
            nets = []
            first = ""
            for side, bot in ((strong, copy.deepcopy(weak[k])), (weak, None)):
                bots = list(normals)
                bots[k] = side[k]
                kept = copy.deepcopy(getattr(side[k], "book", None))
                net, why = play_hand(state.clone(), bots, seed, unit, k, bot)
                if kept is not None:
                    side[k].book = kept
                nets.append(net[k])
                first = first or why
            d = nets[0] - nets[1]
            diffs.append(d)
            out["seat"][k].append(d)
            out["place"][(k - state.dealer) % SEATS].append(d)
            if first:
                out["kinds"][first].append(d)
        play_hand(state, normals, seed, unit)
        for k in range(SEATS):
            for side in (strong, weak):
                if hasattr(side[k], "book"):
                    side[k].book.update(state.view(k))
    return diffs


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    return m, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strong", default="hard")
    parser.add_argument("--weak", default="normal")
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9000, help="the first seed")
    parser.add_argument("--units", type=int, default=100, help="hands per seed")
    parser.add_argument("--chips", type=int, default=100)
    parser.add_argument("--dealer", type=int, default=0, help="the first starting player")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {
        "seat": defaultdict(list),
        "place": defaultdict(list),
        "kinds": defaultdict(list),
    }
    every: list[float] = []
    for r in range(args.seeds):
        diffs = run(args, args.seed + r, out)
        every += diffs
        print(f"  seed {args.seed + r}: {statistics.fmean(diffs):+.2f}", flush=True)
    m, ci = mean_ci(every)
    differ = sum(1 for d in every if d)
    print(
        f"{args.strong} - {args.weak}, same hand, {args.seeds} seeds x {args.units} hands x "
        f"{SEATS} seats: {m:+.3f} ±{ci:.3f} chips/hand ({differ} hands differ)"
    )
    for name in ("seat", "place"):
        cells = "  ".join(
            f"{k}: {mean_ci(v)[0]:+.2f} ±{mean_ci(v)[1]:.2f}" for k, v in sorted(out[name].items())
        )
        print(f"  by {name}: {cells}")
    print("  first differing decision (strong>weak): hands, chips in all, mean")
    for kind, xs in sorted(out["kinds"].items(), key=lambda kv: sum(kv[1])):
        print(f"    {kind:24} {len(xs):5d} {sum(xs):+8.0f} {statistics.fmean(xs):+7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
