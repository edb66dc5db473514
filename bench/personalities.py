"""Do the personalities show?  Behaviour a player notices, per rule set x level x personality.

    nice -n 10 python bench/personalities.py --quick            # a couple of minutes
    nice -n 10 python bench/personalities.py --games sabacc:classic,brag --hands 200
    nice -n 10 python bench/personalities.py --levels hard --personalities cautious,reckless

Prints figures, passes or fails nothing.  Each table seats the personality
under test in seat 0 and ``steady`` players of the same level elsewhere
(two seats for the Sabacc family -- heads-up is where the hard models play
on -- three for Nine and a Half).  Every personality of a rule set and level
plays the same seeds: the chance generator and every seat's generator are
seeded by (seed, table), so the figures of two personalities differ by
their play, not by their cards.

Columns (all of seat 0's own decisions; '-' where the rule set has none):
  bet%    bets or raises when a bet or raise is legal (Nine and a Half, where a
          bet is owed: bets more than the least)
  fold%   folds when facing a bet (a fold is legal)
  call%   calls the hand when it may (Classic-family Sabacc)
  bluff%  bets or raises when it may, with a hand below the median strength of
          all that level's seats-0 hands at that kind of decision (what the
          ranking says of its cards: Sabacc ranks, Nine and a Half points)
  size    average chips of a bet or raise (Nine and a Half: the bet; Brag: -)
  hit56%  Nine and a Half: hits on a total of 5 to 6 1/2
  ante    Nine and a Half: average ante; in its place Brag shows swaps% / declares%
          (Thirteen Card Brag has no betting: its stakes are the rule set's) and
          Sabacc rule sets "draw" and how often the seat draws when it may stand
  chips   net chips per hand (deal, game) after re-buys: what a personality costs
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player  # noqa: E402
from ai.personalities import PERSONALITIES, personality  # noqa: E402
from game import games, sim  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL  # noqa: E402

QUICK_CASES = (
    "sabacc:classic",
    "sabacc:two-exchange",
    "sabacc:great-khan",
    "sabacc:force",
    "sabacc:kessel",
    "sabacc:corellian-spike",
    "sabacc:coruscant-shift",
    "brag",
    "ninehalf",
)


def all_cases() -> list[str]:
    out: list[str] = []
    for game in games.all_games():
        if game.has_presets:
            out.extend(f"{game.id}:{p}" for p in game.preset_names)
        else:
            out.append(game.id)
    return out


@dataclass
class Tally:
    """Seat 0's decisions at one table (or several pooled)."""

    bet_chances: int = 0
    bets: int = 0
    fold_chances: int = 0
    folds: int = 0
    call_chances: int = 0
    calls: int = 0
    sizes: list[int] = field(default_factory=list)
    hit_chances: int = 0
    hits: int = 0
    antes: list[int] = field(default_factory=list)
    swap_chances: int = 0
    swaps: int = 0
    declare_chances: int = 0
    declares: int = 0
    draw_chances: int = 0
    draws: int = 0
    # (strength, bet or raised) at every decision where a bet or raise was legal
    bet_spots: list[tuple[Any, bool]] = field(default_factory=list)
    net: int = 0
    units: int = 0


def _name(action: Any) -> str:
    return type(action).__name__


def _amount(action: Any) -> int | None:
    for attr in ("amount", "chips", "by", "to"):
        value = getattr(action, attr, None)
        if isinstance(value, int):
            return value
    return None


def _strength(view: Any) -> Any:
    """An ordering of the seat's own cards (never another seat's)."""
    if type(view).__name__ == "NineHalfView":
        from ai.ninehalf_bots import _points

        return (_points(view.my_cards)[1],)
    rank = getattr(view, "rank", None)
    if callable(rank):
        try:
            r = rank()
        except (TypeError, ValueError):
            return None
        if getattr(r, "bombed_out", False):
            return (-1,)
        key = getattr(r, "key", None)
        return (0, *key) if isinstance(key, tuple) else None
    return None


def _record(t: Tally, view: Any, legal: Sequence[Any], action: Any) -> None:
    names = {_name(a) for a in legal}
    chosen = _name(action)
    aggressive = {"Bet", "Raise"}
    if names & aggressive:
        t.bet_chances += 1
        amounts = [_amount(a) for a in legal if _name(a) in aggressive]
        if names <= aggressive | {"Stay", "Hit"} and None not in amounts:
            # A bet is owed (Nine and a Half): "betting" is more than the least.
            bet = chosen in aggressive and _amount(action) > min(amounts)  # type: ignore[operator]
        else:
            bet = chosen in aggressive
        t.bets += bet
        if bet:
            amount = _amount(action)
            if amount is not None:
                t.sizes.append(amount)
        strength = _strength(view)
        if strength is not None:
            t.bet_spots.append((strength, bet))
    if "Fold" in names and "Call" in names:  # facing a bet
        t.fold_chances += 1
        t.folds += chosen == "Fold"
    if "CallHand" in names:
        t.call_chances += 1
        t.calls += chosen == "CallHand"
    if "Hit" in names and "Stay" in names and type(view).__name__ == "NineHalfView":
        from ai.ninehalf_bots import _points

        pts = _points(view.my_cards)[1]
        if 5.0 <= pts <= 6.5:
            t.hit_chances += 1
            t.hits += chosen == "Hit"
    if "Ante" in names and chosen == "Ante":
        amount = _amount(action)
        if amount is not None:
            t.antes.append(amount)
    if "SwapHand" in names:
        t.swap_chances += 1
        t.swaps += chosen == "SwapHand"
    if "Declare" in names and "NoDeclare" in names:
        t.declare_chances += 1
        t.declares += chosen == "Declare"
    if "Draw" in names and "Stand" in names:
        t.draw_chances += 1
        t.draws += chosen == "Draw"


def play_table(
    case: str, level: str, who: str, seed: int, units: int, players: int
) -> tuple[Tally, float]:
    game, _, preset_name = case.partition(":")
    preset = preset_name or None
    entry = games.get(game)
    chips = entry.sim_chips_for(preset) if entry.has_presets else entry.sim_chips
    lo = entry.seats[0]
    seats = max(players, lo)
    cfg = sim.SimConfig(game, preset, seats, units, seed, [level] * seats, chips)
    state = sim.new_state(game, seats, chips, preset)
    chance_rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(seats)]
    bots = [make_player(game, level, personality(who), preset=preset)]
    bots += [
        make_player(game, level, personality("steady"), preset=preset) for _ in range(seats - 1)
    ]
    rebuys = [0] * seats
    t = Tally()
    started = time.perf_counter()
    while True:
        to_act = state.to_act()
        if to_act == CHANCE:
            state.sample_chance(chance_rng)
        elif to_act in (BETWEEN, TERMINAL):
            if state.completed >= units:
                break
            try:
                sim._rebuy_broke(state, cfg, rebuys)
                state.start_next()
            except ValueError:
                state = sim._next_match(state, cfg)
        else:
            view = state.view(to_act)
            legal = state.legal_actions()
            action = bots[to_act].choose(view, legal, seat_rngs[to_act])
            if to_act == 0:
                _record(t, view, legal, action)
            state.apply(action)
    t.net = state.chips[0] - chips - rebuys[0]
    t.units = state.completed
    return t, time.perf_counter() - started


def _pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:5.1f}" if d else "    -"


def _bluff(spots: list[tuple[Any, bool]], median: Any) -> str:
    weak = [bet for s, bet in spots if s < median]
    return _pct(sum(weak), len(weak))


def merge(a: Tally, b: Tally) -> Tally:
    out = Tally()
    for f in out.__dataclass_fields__:
        setattr(out, f, getattr(a, f) + getattr(b, f))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="main rule sets, few hands")
    ap.add_argument("--games", default=None, help="comma list like sabacc:classic,brag")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--personalities", default=",".join(PERSONALITIES))
    ap.add_argument("--hands", type=int, default=None, help="units per table")
    ap.add_argument("--seeds", type=int, default=None, help="tables per cell")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="accepted for the house rules; 1 only")
    args = ap.parse_args(argv)
    cases = (
        args.games.split(",") if args.games else list(QUICK_CASES if args.quick else all_cases())
    )
    units = args.hands or (12 if args.quick else 60)
    seeds = args.seeds or (2 if args.quick else 3)
    levels = args.levels.split(",")
    people = args.personalities.split(",")
    print(
        f"# {units} units x {seeds} seeds per cell, personality in seat 0 vs steady, "
        f"same seeds for every personality"
    )
    head = (
        f"{'rule set':24} {'level':6} {'persona':10} {'bet%':>5} {'fold%':>5} {'call%':>5} "
        f"{'bluff%':>6} {'size':>5} {'hit56%':>6} {'ante':>11} {'chips':>6} {'s':>5}"
    )
    for case in cases:
        game = case.partition(":")[0]
        # A deal (Nine and a Half) is quick and seat 0 bets in few of them: a dealer
        # and two players, five times the units.
        per_deal = games.get(game).unit == "deals"
        players = max(args.players, 3) if per_deal else args.players
        n = units * 5 if per_deal and not args.hands else units
        print(head)
        for level in levels:
            cells: dict[str, tuple[Tally, float]] = {}
            for who in people:
                total = Tally()
                secs = 0.0
                for k in range(seeds):
                    t, s = play_table(case, level, who, args.seed + 7919 * k, n, players)
                    total = merge(total, t)
                    secs += s
                cells[who] = (total, secs)
            strengths = sorted(s for t, _ in cells.values() for s, _ in t.bet_spots)
            median = strengths[len(strengths) // 2] if strengths else None
            for who, (t, secs) in cells.items():
                size = f"{statistics.fmean(t.sizes):5.2f}" if t.sizes else "    -"
                if t.antes:
                    extra = f"{statistics.fmean(t.antes):11.2f}"
                elif t.swap_chances or t.declare_chances:
                    extra = f"{_pct(t.swaps, t.swap_chances)}/{_pct(t.declares, t.declare_chances)}"
                elif t.draw_chances:
                    extra = f"draw{_pct(t.draws, t.draw_chances)}  "
                else:
                    extra = f"{'-':>11}"
                bluff = _bluff(t.bet_spots, median) if median is not None else "    -"
                print(
                    f"{case:24} {level:6} {who:10} {_pct(t.bets, t.bet_chances)} "
                    f"{_pct(t.folds, t.fold_chances)} {_pct(t.calls, t.call_chances)} "
                    f"{bluff:>6} {size} {_pct(t.hits, t.hit_chances):>6} {extra:>11} "
                    f"{t.net / max(1, t.units):6.2f} {secs:5.1f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
