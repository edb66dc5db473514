"""Iterate Nine and a Half player and dealer best responses (fictitious play).

    python bench/ninehalf_tables.py                 # writes ai/ninehalf_table.py
    python bench/ninehalf_tables.py --deals 1500 --measure 300 --rounds 2 --out /tmp/t.py

The hard player is a best response to a *table*: for each situation a dealer
sees -- its up card, the player's face-up total, number of hits, bet bucket
(1, half the limit, the top) -- how often the dealer challenged and on which
dealer total (``ninehalf_ai.BestResponse``).  The hard dealer is a best
response to hard players: it weighs each face-down card by how likely a
player solving against a table was to hit, stand and bet as it did
(``ninehalf_ai.br_likelihood``; it expects half the players to bet by their
cards like ``normal`` instead, and lets each seat's play say which it is)
and plans challenges and draws on that (``DealerPlan``).  Pure best responses chase each other round the cycle
(measured: the players' value swung between -1.96 and -1.56 a deal and the
dealer's between +9.8 and +7.8, and back, at 6000 deals a round), so the
rounds play fictitious play, each side answering the other's *average*:

* round 0: players hit or stand against a dealer standing on 7; the dealer
  reads them as ``normal`` players (the first hard dealer, D_0).  Its
  challenges are counted: table M_0.
* round r >= 1: player P_r best-responds to M_0 + ... + M_r-1 (the counts of
  every dealer so far, i.e. the average dealer); dealer D_r models a player
  as any of P_1 .. P_r, equally likely.  D_r's challenges are counted: M_r.

The file keeps every M_r; the hard player plays P_R+1 and the hard dealer
models P_1 .. P_R+1 (``ninehalf_ai.shipped_mixture``).  To see every
situation with every bet, the counting players flip one hit-or-stand choice
in five and bet a random bucket.  Each round also plays ``--measure`` deals
without exploration (the same seeds every round) and prints

* ``dealer``: D_r against the average player (each deal each seat plays one
  of P_1 .. P_r), the dealer's chips per deal;
* ``player``: P_r+1 against the average dealer (each deal one of D_1 .. D_r;
  round 0: D_0), chips per deal per player;
* how far the coarse challenge rates of the average table moved.

As the averages settle, the two best responses' values close in on the
value of the game.  Same seed, same file.  The shipped table (``--deals 5000
--measure 1000 --rounds 5 --seed 19``, 10 min on a loaded machine):

    round  dealer D_r vs avg player   player P_r+1 vs avg dealer   avg table move
        0        (D_0 reads normal)    +0.568 chips/deal/player   nan
        1         +7.708 chips/deal    -0.154 chips/deal/player   0.314
        2         +4.798 chips/deal    -0.033 chips/deal/player   0.074
        3         +3.524 chips/deal    -0.168 chips/deal/player   0.046
        4         +1.839 chips/deal    -0.374 chips/deal/player   0.037
        5         +2.776 chips/deal    -0.238 chips/deal/player   0.038

(five players a deal: a player's -0.24 is the dealer's +1.2, so the value
of the game for the dealer lies between about +1.2 and +2.8 a deal).
"""

from __future__ import annotations

import argparse
import math
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

    def __init__(self, table: int | None) -> None:
        self.table = table  # None: hit or stand against a dealer standing on 7

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Ante):
            return max((a for a in legal if isinstance(a, Ante)), key=lambda a: a.amount)
        if isinstance(first, Hit | Stay):
            if Hit() not in legal:
                return Stay()
            ranks = [nh.rank_of_code(c) for c in view.my_cards]
            counts = nh.unseen_counts(view)
            if self.table is not None:
                top = min(view.limit, view.chips[view.seat])
                br = nh.BestResponse(
                    dealer_up(view), view.antes[view.seat], top, counts, table=self.table
                )
                hit = br.decide(ranks)[2]
            else:
                hit = nh.player_decision(ranks, dealer_up(view), counts, 14)[1]
            if rng.random() < EXPLORE:
                hit = not hit
            return Hit() if hit else Stay()
        if isinstance(first, Bet):
            return Bet(nh.bet_choices(len(legal))[rng.randrange(nh.BET_BUCKETS)])
        raise ValueError(f"an explorer never deals: {legal!r}")


def hard(table: int | None, mixture: tuple[int, ...] = ()) -> ExpectedChipsPlayer:
    """Our hard level: as a player solving against ``table``; as the dealer
    modelling players who solve against any of ``mixture`` (empty: reading
    players as ``normal``)."""
    bot = ExpectedChipsPlayer("hard")
    if table is not None:
        bot.model_table = table
    if mixture:
        bot.model_tables = mixture
    else:
        bot.player_model = "normal"
    return bot


class Mixed:
    """Each deal each seat plays one of ``bots``, drawn at its first choice."""

    level = "mixed"

    def __init__(self, bots: Sequence[Any]) -> None:
        self.bots = list(bots)
        self.pick: dict[tuple[int, int], Any] = {}

    def choose(self, view: NineHalfView, legal: Sequence[Any], rng: random.Random) -> Any:
        key = (view.completed, view.seat)
        if key not in self.pick:
            self.pick[key] = self.bots[rng.randrange(len(self.bots))]
        return self.pick[key].choose(view, legal, rng)


def play(deals: int, seed: int, dealer: Any, players: Any, cells: dict | None = None) -> float:
    """Play ``deals`` deals; the players' mean chips per deal per player.

    With ``cells``, count each player's situation as the dealer saw it:
    [seen, challenged on 0, ..., challenged on 19].
    """
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 7919 + s) for s in range(SEATS)]
    state = new_game(SEATS, NineHalfOptions(permanent_dealer=True), chips=CHIPS)
    start = list(state.chips)
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
                if cells is not None and not keys and state.phase == "dealer":
                    keys = _situations(view)
                    for key in keys.values():
                        cells.setdefault(key, [0] * 21)[0] += 1
                action = dealer.choose(view, legal, seat_rngs[who])
            else:
                action = players.choose(view, legal, seat_rngs[who])
            events = state.apply(action)
        if cells is None:
            continue
        for event in events:
            if isinstance(event, ChallengeSettled) and event.seat in keys:
                d = 0 if event.dealer_kind == "bust" else round(event.dealer_points * 2)
                cells[keys[event.seat]][1 + d] += 1
    net = sum(
        c - s
        for seat, (c, s) in enumerate(zip(state.chips, start, strict=True))
        if seat != state.dealer
    )
    return net / (SEATS - 1) / max(state.completed, 1)


def count(deals: int, seed: int, dealer: Any, table: int | None) -> nh.Cells:
    """How ``dealer`` challenges explorers around the players of ``table``."""
    cells: dict[tuple[int, ...], list[int]] = {}
    play(deals, seed, dealer, Explorer(table), cells)
    return {k: tuple(v) for k, v in sorted(cells.items())}


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


def rate(row: Sequence[int]) -> float:
    return sum(row[1:]) / row[0] if row[0] else 0.0


def write(rounds: Sequence[nh.Cells], path: Path, command: str) -> None:
    lines = [
        '"""How our hard Nine and a Half dealers challenged, round by round (generated).',
        "",
        f"Rebuilt by ``{command}``; do not edit by hand.",
        "ROUNDS[r] counts the dealer of round r of the fictitious play (see the",
        "bench), one situation a line (text: a big literal of tuples takes a",
        "noticeable time to compile).  A line is the key -- dealer up card in half",
        "points, player's face-up total in half points (20: bust), face-up cards",
        "(2: two or more), bet bucket (0: bet 1, 1: half the limit, 2: the top) --",
        "then times seen and times challenged with the dealer on strength 0 (bust),",
        '1, ..., 19 (``ninehalf_ai.parse_cells``)."""',
        "",
        "ROUNDS: tuple[str, ...] = (",
    ]
    for cells in rounds:
        lines.append('    """')
        for key, row in cells.items():
            lines.append(" ".join(str(x) for x in (*key, *row)))
        lines.append('""",')
    lines.append(")")
    path.write_text("\n".join(lines) + "\n")


def moved(before: nh.Cells, after: nh.Cells) -> float:
    """The largest change of a well-seen coarse challenge rate."""
    return max(
        (
            abs(rate(row) - rate(before.get(key, (0,) * 21)))
            for key, row in after.items()
            if key[0] == -1 and key[2] == -1 and row[0] >= 200
        ),
        default=float("nan"),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="counted deals per round")
    parser.add_argument("--measure", type=int, default=1000, help="measured deals per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds after round 0")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    command = "python bench/ninehalf_tables.py" + (
        f" --deals {args.deals} --measure {args.measure} --rounds {args.rounds} --seed {args.seed}"
    )
    mseed = args.seed * 1000 + 1
    rounds: list[nh.Cells] = []
    dealers: list[Any] = []
    average: nh.Cells = {}
    print("round  dealer D_r vs avg player   player P_r+1 vs avg dealer   avg table move")
    for r in range(args.rounds + 1):
        started = time.perf_counter()
        mixture = tuple(range(1, r + 1))  # table r is M_0 + ... + M_r-1
        dealer = hard(None, mixture)
        if r:
            players = Mixed([hard(t) for t in mixture])
            took = -play(args.measure, mseed, dealer, players) * (SEATS - 1)
            took_text = f"{took:+7.3f} chips/deal"
        else:
            took_text = "(D_0 reads normal)"
        rounds.append(count(args.deals, args.seed + r, dealer, r or None))
        dealers.append(dealer)
        before = average
        average = nh.with_coarse(nh.add_cells(*rounds))
        nh.use_cells(average, r + 1)
        rivals = Mixed(dealers[1:] or dealers)
        gain = play(args.measure, mseed, rivals, hard(r + 1)) if args.measure else math.nan
        print(
            f"{r:>5}  {took_text:>24}   {gain:+7.3f} chips/deal/player   "
            f"{moved(before, average) if before else math.nan:.3f} "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    write(rounds, args.out, command)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
