"""Rebuild the Thirteen Card Brag win-probability tables by self-play.

    python bench/brag_tables.py                  # writes game/rules/brag_win_tables.py
    python bench/brag_tables.py --deals 4000 --out /tmp/t.py   # a quick look

For each table size (2, 3 and 4 players) random deals are dealt and every
seat lays out its 13 cards; the set each seat shows at each position is
counted.  Round 0 lays out greedily; every later round lays out with
``brag.best_layout_cards`` over the previous round's tables, so the tables
converge on what a table of best-layout players actually shows.  The same
seed writes the same file.  It prints, per round, how far the tables moved
(the largest change of a beat chance) so the fixed point can be seen.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import brag  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "game" / "rules" / "brag_win_tables.py"
Tables = dict[int, list[Counter[int]]]


def _play_chunk(job: tuple[int, int, int, Tables | None]) -> list[Counter[int]]:
    """Count shown keys per position over ``deals`` deals of ``players`` seats."""
    players, deals, seed, tables = job
    if tables is not None:
        brag.use_win_tables(tables)
    rng = random.Random(seed)
    counts = [Counter[int]() for _ in range(4)]
    deck = list(range(52))
    for _ in range(deals):
        rng.shuffle(deck)
        for seat in range(players):
            hand = deck[seat * 13 : seat * 13 + 13]
            if tables is None:
                layout = brag.greedy_layout(hand)
            else:
                layout = brag.best_layout_cards(hand, players - 1)
            for pos in range(4):
                counts[pos][brag.set_key(*layout[pos]) if pos < len(layout) else 0] += 1
    return counts


def build(deals: int, rounds: int, seed: int, workers: int) -> tuple[Tables, Tables]:
    """(round 0's tables: greedy opponents, the last round's: best-layout opponents)."""
    tables: Tables | None = None
    first: Tables | None = None
    for rnd in range(rounds + 1):
        started = time.perf_counter()
        new: Tables = {}
        for players in (2, 3, 4):
            chunks = [
                (players, deals // workers, seed * 1000 + rnd * 100 + players * 10 + w, tables)
                for w in range(workers)
            ]
            with Pool(workers) as pool:
                parts = pool.map(_play_chunk, chunks)
            merged = [sum((p[pos] for p in parts), Counter[int]()) for pos in range(4)]
            new[players - 1] = merged
        moved = _largest_move(tables, new) if tables is not None else float("nan")
        print(
            f"round {rnd}: {time.perf_counter() - started:.1f} s, "
            f"largest beat-chance change {moved:.4f}",
            flush=True,
        )
        tables = new
        first = first or new
    assert tables is not None and first is not None
    return first, tables


def _largest_move(old: Tables, new: Tables) -> float:
    worst = 0.0
    for n in new:
        for pos in range(4):
            a = brag._PositionTable.from_counts(old[n][pos])
            b = brag._PositionTable.from_counts(new[n][pos])
            for key in set(a.keys) | set(b.keys):
                worst = max(worst, abs(a.beaten(key) - b.beaten(key)))
    return worst


def write(first: Tables, tables: Tables, deals: int, rounds: int, seed: int, out: Path) -> None:
    lines = [
        '"""Thirteen Card Brag win-probability tables (generated: do not edit by hand).',
        "",
        "Rebuild with ``python bench/brag_tables.py "
        f"--deals {deals} --rounds {rounds} --seed {seed}``.",
        "COUNTS[opponents][position] counts the set keys (hex, 0 = no set) that one",
        "opponent showed at that position over self-play of best_layout at a table",
        "of ``opponents + 1`` players; GREEDY_COUNTS the same when every seat laid",
        "out greedily (round 0).",
        '"""',
        "",
    ]
    lines += _table_lines("GREEDY_COUNTS", first) + [""] + _table_lines("COUNTS", tables)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _table_lines(name: str, tables: Tables) -> list[str]:
    lines = [f"{name}: dict[int, tuple[str, ...]] = {{"]
    for n in sorted(tables):
        lines.append(f"    {n}: (")
        for pos in range(4):
            items = [f"{key:x}:{count}" for key, count in sorted(tables[n][pos].items())]
            # Ten items a line keeps the generated file readable in a diff.
            for i in range(0, len(items), 10):
                sep = " " if i + 10 < len(items) else ""
                lines.append(f'        "{" ".join(items[i : i + 10])}{sep}"')
            lines[-1] += ","
        lines.append("    ),")
    lines.append("}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals per table size per round")
    parser.add_argument("--rounds", type=int, default=3, help="best-layout rounds after round 0")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    first, tables = build(args.deals, args.rounds, args.seed, args.workers)
    write(first, tables, args.deals, args.rounds, args.seed, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
