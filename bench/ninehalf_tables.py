"""Rebuild the Nine and a Half dealer-challenge table by play against our hard dealer.

    python bench/ninehalf_tables.py                 # writes ai/ninehalf_table.py
    python bench/ninehalf_tables.py --deals 2000 --out /tmp/t.py   # a quick look

A permanent ``hard`` dealer deals to five players who ante the most, hit or
stand by a policy with some exploration (one choice in five flipped) and
bet one of the three bet buckets (1, half the limit, the top) at random, so
every visible situation is seen with every bet.  For each player the
situation the dealer saw -- dealer's up card, face-up total, number of
hits, bet bucket -- is counted with whether it was challenged and on which
dealer total.  Round 0 plays the old policy (hit or stand against a dealer
standing on 7); every later round plays the best response to the previous
round's table, so the table follows the players the dealer really meets.
It prints how far each round moved the challenge rates.  Same seed, same file.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import ninehalf_ai as nh  # noqa: E402
from ai.ninehalf_bots import ExpectedChipsPlayer  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402
from game.rules.ninehalf import (  # noqa: E402
    Ante,
    Bet,
    ChallengeSettled,
    Hit,
    NineHalfOptions,
    NineHalfView,
    Stay,
    new_game,
)

OUT = Path(__file__).resolve().parent.parent / "ai" / "ninehalf_table.py"
SEATS = 6
CHIPS = 100_000  # stacks never limit a bet
EXPLORE = 0.2


def dealer_up(view: NineHalfView) -> int:
    return nh.halves(nh.rank_of_code(view.dealer_cards[0])) if view.dealer_cards else 0


class Explorer:
    """A player that hits by ``policy`` (flipped now and then) and bets at random."""

    level = "explorer"

    def __init__(self, best_response: bool) -> None:
        self.best_response = best_response

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Ante):
            return max((a for a in legal if isinstance(a, Ante)), key=lambda a: a.amount)
        if isinstance(first, Hit | Stay):
            if Hit() not in legal:
                return Stay()
            ranks = [nh.rank_of_code(c) for c in view.my_cards]
            counts = nh.unseen_counts(view)
            if self.best_response:
                top = min(view.limit, view.chips[view.seat])
                br = nh.BestResponse(dealer_up(view), view.antes[view.seat], top, counts)
                hit = br.decide(ranks)[2]
            else:
                hit = nh.player_decision(ranks, dealer_up(view), counts, 14)[1]
            if rng.random() < EXPLORE:
                hit = not hit
            return Hit() if hit else Stay()
        if isinstance(first, Bet):
            return Bet(nh.bet_choices(len(legal))[rng.randrange(nh.BET_BUCKETS)])
        raise ValueError(f"an explorer never deals: {legal!r}")


def count(deals: int, seed: int, best_response: bool) -> dict[tuple[int, ...], list[int]]:
    """Counts per visible situation: [seen, challenged on 0, ..., challenged on 19]."""
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 7919 + s) for s in range(SEATS)]
    state = new_game(SEATS, NineHalfOptions(permanent_dealer=True), chips=CHIPS)
    dealer = ExpectedChipsPlayer("hard")
    explorer = Explorer(best_response)
    cells: dict[tuple[int, ...], list[int]] = {}
    keys: dict[int, tuple[int, ...]] = {}
    while state.completed < deals:
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            keys = {}
            state.start_next()
            continue
        if who == CHANCE:
            events = state.sample_chance(rng)
        else:
            view = state.view(who)
            legal = state.legal_actions()
            if who == state.dealer:
                if not keys and state.phase == "dealer":
                    keys = _situations(view)
                    for key in keys.values():
                        cells.setdefault(key, [0] * 21)[0] += 1
                action = dealer.choose(view, legal, seat_rngs[who])
            else:
                action = explorer.choose(view, legal, seat_rngs[who])
            events = state.apply(action)
        for event in events:
            if isinstance(event, ChallengeSettled) and event.seat in keys:
                d = 0 if event.dealer_kind == "bust" else round(event.dealer_points * 2)
                cells[keys[event.seat]][1 + d] += 1
    return cells


def _situations(view: NineHalfView) -> dict[int, tuple[int, ...]]:
    out = {}
    up = dealer_up(view)
    for seat in range(view.num_seats):
        if seat == view.dealer or not view.in_deal[seat]:
            continue
        ranks = [nh.rank_of_code(c) for c in view.face_up[seat]]
        top = min(view.limit, view.chips[seat] + view.bets[seat])
        bucket = nh.bet_bucket(view.bets[seat], top)
        out[seat] = nh.visible_key(up, sum(nh.halves(r) for r in ranks), len(ranks), bucket)
    return out


def with_coarse(cells: dict[tuple[int, ...], list[int]]) -> nh.Cells:
    """Add the coarser cells: any dealer up card; then any number of hits too."""
    out: dict[tuple[int, ...], list[int]] = {}
    for (du, up, cards, bucket), row in cells.items():
        for key in ((du, up, cards, bucket), (-1, up, cards, bucket), (-1, up, -1, bucket)):
            acc = out.setdefault(key, [0] * 21)
            for i, x in enumerate(row):
                acc[i] += x
    return {k: tuple(v) for k, v in sorted(out.items())}


def rate(row: Sequence[int]) -> float:
    return sum(row[1:]) / row[0] if row[0] else 0.0


def write(cells: nh.Cells, path: Path, command: str) -> None:
    lines = [
        '"""How our hard Nine and a Half dealer challenges, by what it sees (generated).',
        "",
        f"Rebuilt by ``{command}``; do not edit by hand.",
        "Key: (dealer up card in half points or -1 for any, player's face-up total",
        "in half points (20: bust), face-up cards (2: two or more; -1 any), bet bucket",
        "(0: bet 1, 1: half the limit, 2: the top)).  Value: (times seen, times",
        'challenged with the dealer on strength 0 (bust), 1, ..., 19)."""',
        "",
        "# fmt: off",
        "CELLS: dict[tuple[int, ...], tuple[int, ...]] = {",
    ]
    for key, row in cells.items():
        lines.append(f"    {key!r}: {row!r},")
    lines.append("}")
    lines.append("# fmt: on")
    path.write_text("\n".join(lines) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=3, help="best-response rounds after round 0")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    command = "python bench/ninehalf_tables.py" + (
        f" --deals {args.deals} --rounds {args.rounds} --seed {args.seed}"
    )
    previous: nh.Cells | None = None
    cells: nh.Cells = {}
    for r in range(args.rounds + 1):
        started = time.perf_counter()
        if previous is not None:
            nh.use_cells(previous)
        cells = with_coarse(count(args.deals, args.seed + r, best_response=r > 0))
        if previous is None:
            moved = float("nan")
        else:
            moved = max(
                abs(rate(row) - rate(previous.get(key, (0,) * 21)))
                for key, row in cells.items()
                if key[0] == -1 and key[2] == -1 and row[0] >= 200
            )
        print(
            f"round {r}: {len(cells)} cells, largest move of a coarse challenge rate "
            f"{moved:.3f} ({time.perf_counter() - started:.0f} s)"
        )
        previous = cells
    write(cells, args.out, command)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
