"""Nine and a Half, player side: who loses least to our hard dealer?

    python bench/ninehalf_arena.py                 # 8 runs x 1500 deals
    python bench/ninehalf_arena.py --runs 4 --deals 500

A permanent ``hard`` dealer (a best response to hard players, see
``bench/ninehalf_tables.py``) deals to five players who all play the same
way; each run is one seed, and every kind of player meets the same seeds
(same cards as long as the players choose alike).  Players:

* ``hard``   -- our hard level (best response to the dealer's challenges);
  measured at ``--runs 4 --deals 500``: hard -0.390 ±0.104 chips/deal/player,
  stand6 -0.893 ±0.088, normal -1.282 ±0.080; hard - stand6 +0.502 ±0.154
  (against the earlier dealer, who read players as ``normal``: hard +0.779,
  stand6 -1.094, normal -1.726);
* ``stand6`` -- solved exactly against a dealer who stands on 6 and
  challenges everyone: hit or stand by ``player_decision`` with the cards it
  has seen, ante the most, bet the top when the hand is worth it, else 1;
* ``stand7`` -- the same against a dealer standing on 7 (the old hard);
* ``normal`` -- our normal level.

Prints each kind's mean chips per deal per player with a 95% interval over
the runs, the paired difference to ``stand6`` per run, and how often a hand
that hit ended bust and how often a visible 6½+ was challenged.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import ninehalf_ai as nh  # noqa: E402
from ai.ninehalf_bots import make_player  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402
from game.rules.ninehalf import (  # noqa: E402
    Ante,
    Bet,
    ChallengeSettled,
    DealEnded,
    Hit,
    NineHalfOptions,
    NineHalfView,
    Stay,
    new_game,
)

SEATS = 6
CHIPS = 100_000


class SolvedAgainstStand:
    """Hit, stand and bet solved exactly against a dealer standing on ``stand_at``."""

    def __init__(self, stand_at: int) -> None:
        self.stand_at = stand_at
        self.level = f"stand{stand_at // 2}"

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Ante):
            return max((a for a in legal if isinstance(a, Ante)), key=lambda a: a.amount)
        ranks = [nh.rank_of_code(c) for c in view.my_cards]
        counts = nh.unseen_counts(view)
        up = nh.halves(nh.rank_of_code(view.dealer_cards[0]))
        if isinstance(first, Hit | Stay):
            hit = Hit() in legal and nh.player_decision(ranks, up, counts, self.stand_at)[1]
            return Hit() if hit else Stay()
        if isinstance(first, Bet):
            dealer = nh.dealer_outcomes(up, self.stand_at, counts)
            value = nh.stay_value(nh.hand_strength(ranks), dealer)
            return Bet(len(legal)) if value > 0 else Bet(1)
        raise ValueError(f"a player never deals: {legal!r}")


def player(kind: str) -> Any:
    if kind.startswith("stand"):
        return SolvedAgainstStand(int(kind[5:]) * 2)
    return make_player(kind)


def run(kind: str, seed: int, deals: int) -> tuple[float, list[int]]:
    """Mean chips per deal per player, and [hits, hit and bust, 6½+ shown, those challenged]."""
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 7919 + s) for s in range(SEATS)]
    state = new_game(SEATS, NineHalfOptions(permanent_dealer=True), chips=CHIPS)
    dealer = make_player("hard")
    players = player(kind)
    start = list(state.chips)
    stats = [0, 0, 0, 0]
    while state.completed < deals:
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            state.start_next()
            continue
        if who == CHANCE:
            state.sample_chance(rng)
            continue
        bot = dealer if who == state.dealer else players
        action = bot.choose(state.view(who), state.legal_actions(), seat_rngs[who])
        for event in state.apply(action):
            shown = isinstance(event, ChallengeSettled) and state.up[event.seat]
            if shown and sum(_halves(c) for c in shown) >= 13:
                stats[3] += 1
            if isinstance(event, DealEnded):
                for seat in range(SEATS):
                    if seat == state.dealer or not state.in_deal[seat]:
                        continue
                    ups = state.up[seat]
                    if ups:
                        stats[0] += 1
                        cards = [state.hole[seat], *ups]
                        stats[1] += sum(_halves(c) for c in cards) >= nh.BUST
                    if sum(_halves(c) for c in ups) >= 13:
                        stats[2] += 1
    players_net = sum(
        c - s
        for seat, (c, s) in enumerate(zip(state.chips, start, strict=True))
        if seat != state.dealer
    )
    return players_net / (SEATS - 1) / deals, stats


def _code(card: int) -> str:
    from game.rules import cards52

    return cards52.code(card)


def _halves(card: int | None) -> int:
    return 0 if card is None else nh.halves(nh.rank_of_code(_code(card)))


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    return mean, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--players", default="hard,stand6,stand7,normal")
    args = parser.parse_args(argv)
    kinds = args.players.split(",")
    results: dict[str, list[float]] = {}
    for kind in kinds:
        nets: list[float] = []
        totals = [0, 0, 0, 0]
        for r in range(args.runs):
            net, stats = run(kind, 4000 + r, args.deals)
            nets.append(net)
            totals = [a + b for a, b in zip(totals, stats, strict=True)]
        results[kind] = nets
        m, ci = mean_ci(nets)
        bust = totals[1] / totals[0] if totals[0] else 0.0
        chal = totals[3] / totals[2] if totals[2] else 0.0
        print(
            f"{kind:>7}: {m:+.3f} ±{ci:.3f} chips/deal/player; hit and bust {bust:.0%}, "
            f"face-up 6½+ challenged {chal:.0%}",
            flush=True,
        )
    if "stand6" in results:
        for kind in kinds:
            if kind == "stand6":
                continue
            diffs = [a - b for a, b in zip(results[kind], results["stand6"], strict=True)]
            d, ci = mean_ci(diffs)
            verdict = "yes" if d - ci > 0 else "no"
            print(f"{kind} - stand6: {d:+.3f} ±{ci:.3f} chips/deal (better than stand6: {verdict})")
    print(f"({args.runs} runs x {args.deals} deals, permanent hard dealer, 5 players of a kind)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
