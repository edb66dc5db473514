"""The headless simulator (CONTRACT §3).

    python -m game.sim --game sabacc --preset classic --players 4 --hands 1000 \\
        --seed 7 --ai hard,easy,easy,easy --json

Seats are played by AI levels; a seat whose chips run out is re-bought to
its starting stack and the re-buy is subtracted from its net, so long runs
measure strength.  The same seed gives the same result.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from ai import LEVELS, make_player
from game import games
from game.rules.base import BETWEEN, CHANCE, TERMINAL, GameState

GAMES = games.GAME_IDS
UNIT_FLAG = {game.id: game.unit for game in games.all_games()}
DEFAULT_CHIPS = {game.id: game.sim_chips for game in games.all_games()}
DEFAULT_UNITS = {game.id: game.sim_units for game in games.all_games()}
# Every number on the command line is bounded, so a typo cannot ask for a run that
# never ends or a table that does not fit in memory (the seats are the game's own).
MAX_UNITS = 1_000_000
MAX_CHIPS = 1_000_000_000
MAX_SEED = 2**63 - 1


class _OneLineParser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _whole(text: str) -> int:
    """A whole number of at most 19 digits (the bounds are checked with the game)."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or len(digits) > 19:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    p = _OneLineParser(
        prog="python -m game.sim",
        description=(
            "Play AI seats against each other without a window and print the results. "
            "AI levels: random, easy, normal, hard."
        ),
    )
    p.add_argument(
        "--game",
        default=games.DEFAULT_GAME,
        help=f"{', '.join(GAMES)} (default {games.DEFAULT_GAME})",
    )
    p.add_argument("--preset", default=None, help="Sabacc preset (default classic)")
    p.add_argument("--players", type=_whole, default=4, help="number of seats (default 4)")
    p.add_argument("--hands", type=_whole, default=None, help="Sabacc: hands to play")
    p.add_argument("--games", type=_whole, default=None, help="Brag: games to play")
    p.add_argument("--deals", type=_whole, default=None, help="Nine and a Half: deals to play")
    p.add_argument("--seed", type=_whole, default=0, help="random seed (default 0)")
    p.add_argument(
        "--ai",
        default="normal",
        help="one level per seat, comma-separated (one level: every seat); default normal",
    )
    p.add_argument("--chips", type=_whole, default=None, help="starting chips per seat")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


@dataclass
class SimConfig:
    game: str
    preset: str | None
    players: int
    units: int
    seed: int
    levels: list[str]
    chips: int


@dataclass
class SimResult:
    config: SimConfig
    chips_end: list[int]
    rebuys: list[int]
    wins: list[int]
    actions: int
    elapsed_s: float
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    invariant_violations: int = 0

    def to_json(self) -> dict[str, Any]:
        c = self.config
        seats = []
        for i, level in enumerate(c.levels):
            seats.append(
                {
                    "ai": level,
                    "chips_start": c.chips,
                    "chips_end": self.chips_end[i],
                    "net": self.chips_end[i] - c.chips - self.rebuys[i],
                    "rebuys": self.rebuys[i],
                    "wins": self.wins[i],
                }
            )
        out: dict[str, Any] = {"game": c.game}
        if games.get(c.game).has_presets:
            out["preset"] = c.preset
        out["seed"] = c.seed
        out[UNIT_FLAG[c.game]] = c.units
        out["seats"] = seats
        out["actions"] = self.actions
        out["elapsed_s"] = round(self.elapsed_s, 3)
        out["decision_ms"] = {
            level: _percentiles(times) for level, times in sorted(self.decision_ms.items())
        }
        out["invariant_violations"] = self.invariant_violations
        return out


def _percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {
        "p50": round(statistics.median(ordered), 3),
        "p95": round(p95, 3),
        "max": round(ordered[-1], 3),
    }


def new_state(game: str, players: int, chips: int, preset: str | None) -> GameState:
    """A fresh match of ``game``; ``ValueError`` for a bad game, preset or seat count."""
    entry = games.get(game)
    if preset is not None and not entry.has_presets:
        raise ValueError(f"--preset is not for {game}")
    return entry.new_state(players, chips, preset)


def _card_census(state: GameState) -> Counter[int] | None:
    all_cards: Callable[[], list[int]] | None = getattr(state, "all_cards", None)
    return Counter(all_cards()) if all_cards else None


def run(config: SimConfig) -> SimResult:
    state = new_state(config.game, config.players, config.chips, config.preset)
    chance_rng = random.Random(config.seed)
    seat_rngs = [
        random.Random(config.seed * 1_000_003 + 17 * (i + 1)) for i in range(config.players)
    ]
    bots = [make_player(config.game, level, preset=config.preset) for level in config.levels]
    rebuys = [0] * config.players
    decision_ms: dict[str, list[float]] = {level: [] for level in set(config.levels)}
    violations = 0
    actions = 0
    expected_chips = _accounted(state)
    census = _card_census(state)
    started = time.perf_counter()
    while True:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance_rng)
        elif who == BETWEEN:
            if _accounted(state) != expected_chips:
                violations += 1
                expected_chips = _accounted(state)
            if census is not None and _card_census(state) != census:
                violations += 1
            if state.completed >= config.units:
                break
            expected_chips += _rebuy_broke(state, config, rebuys)
            state.start_next()
        elif who == TERMINAL:
            if state.completed >= config.units:
                break
            # Some engines end the match as soon as a seat cannot go on (the
            # simulator re-buys), and a Great Khan Pure Sabacc wins the whole
            # game (a new match starts with the same stacks): carry on until
            # the count is reached.
            try:
                expected_chips += _rebuy_broke(state, config, rebuys)
                state.start_next()
            except ValueError:
                if _accounted(state) != expected_chips:
                    violations += 1
                old, state = state, _next_match(state, config)
                # Chips are counted across matches: the new match starts with
                # the old one's stacks, so a chip the old match kept in its pots
                # (instead of handing it out) is missing here.
                carried = _accounted(old) - int(getattr(old, "destroyed", 0))
                if _accounted(state) != carried:
                    violations += 1
                expected_chips = _accounted(state)
        else:
            view = state.view(who)
            legal = state.legal_actions()
            t0 = time.perf_counter()
            action = bots[who].choose(view, legal, seat_rngs[who])
            decision_ms[config.levels[who]].append((time.perf_counter() - t0) * 1000.0)
            state.apply(action)
            actions += 1
    elapsed = time.perf_counter() - started
    return SimResult(
        config=config,
        chips_end=list(state.chips),
        rebuys=rebuys,
        wins=list(state.wins),
        actions=actions,
        elapsed_s=elapsed,
        decision_ms=decision_ms,
        invariant_violations=violations,
    )


def _next_match(old: GameState, config: SimConfig) -> GameState:
    """A fresh match that keeps the stacks, hands played and wins of ``old``.

    The old match hands out its pots when it ends (the winner sweeps them, or
    the chip leader takes what is left); any chip it kept is lost here, and
    ``run``'s invariant check counts it.
    """
    state = new_state(config.game, config.players, config.chips, config.preset)
    state.chips = list(old.chips)
    state.completed = old.completed
    state.wins = list(old.wins)
    return state


def _rebuy_broke(state: GameState, config: SimConfig, rebuys: list[int]) -> int:
    """Top every seat that cannot go on back up to its start stack; chips added."""
    added = 0
    for seat in range(config.players):
        if not state.can_continue(seat):
            top_up = config.chips - state.chips[seat]
            if top_up <= 0:
                top_up = config.chips
            state.rebuy(seat, top_up)
            rebuys[seat] += top_up
            added += top_up
    return added


def _accounted(state: GameState) -> int:
    """Every chip the match has had: stacks, pots, and chips destroyed (Kessel's
    penalties and tariffs destroy chips; the engine counts them)."""
    return sum(state.chips) + _pots(state) + int(getattr(state, "destroyed", 0))


def _pots(state: GameState) -> int:
    """Chips on the table but in no seat's stack (pots, antes and bets in play)."""
    table_chips: Callable[[], int] | None = getattr(state, "table_chips", None)
    if table_chips is not None:
        return table_chips()
    total: Callable[[], int] | None = getattr(state, "total_chips", None)
    if total is not None:
        return total() - sum(state.chips)
    return 0


def parse_levels(text: str, players: int) -> list[str]:
    items = [t.strip().lower() for t in text.split(",") if t.strip()]
    if items and items[-1] == "...":
        items = items[:-1]
        if not items:
            raise ValueError("--ai needs at least one level before '...'")
        items += [items[-1]] * (players - len(items))
    if len(items) == 1:
        items = items * players
    if len(items) != players:
        raise ValueError(f"--ai lists {len(items)} levels for {players} players")
    for level in items:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")
    return items


def config_from_args(args: argparse.Namespace) -> SimConfig:
    game = args.game.lower()
    entry = games.get(game)
    unit = entry.unit
    for other in set(UNIT_FLAG.values()) - {unit}:
        if getattr(args, other) is not None:
            raise ValueError(f"--{other} is not for {game}; use --{unit}")
    low, high = entry.seats
    if not low <= args.players <= high:
        raise ValueError(f"--players for {game} must be from {low} to {high}")
    units = getattr(args, unit)
    units = entry.sim_units if units is None else units
    if not 1 <= units <= MAX_UNITS:
        raise ValueError(f"--{unit} must be from 1 to {MAX_UNITS}")
    preset_name = (
        entry.preset(args.preset.lower()).name if args.preset and entry.has_presets else None
    )
    chips = entry.sim_chips_for(preset_name) if args.chips is None else args.chips
    if not 1 <= chips <= MAX_CHIPS:
        raise ValueError(f"--chips must be from 1 to {MAX_CHIPS}")
    if not -MAX_SEED <= args.seed <= MAX_SEED:
        raise ValueError(f"--seed must be within ±{MAX_SEED}")
    preset = None
    if args.preset is not None:
        if not entry.has_presets:
            raise ValueError(f"--preset is not for {game}")
        preset = entry.preset(args.preset.lower()).name
    elif entry.has_presets:
        preset = entry.preset(None).name
    return SimConfig(
        game=game,
        preset=preset,
        players=args.players,
        units=units,
        seed=args.seed,
        levels=parse_levels(args.ai, args.players),
        chips=chips,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
        new_state(config.game, config.players, config.chips, config.preset)
    except ValueError as exc:
        parser.error(str(exc))
    result = run(config)
    data = result.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        _print_table(data)
    return 0


def _print_table(data: dict[str, Any]) -> None:
    unit = next(k for k in ("hands", "games", "deals") if k in data)
    title = data["game"] + (f" ({data['preset']})" if data.get("preset") else "")
    print(
        f"{title}: {data[unit]} {unit}, seed {data['seed']}, {data['actions']} actions "
        f"in {data['elapsed_s']} s"
    )
    print(f"{'seat':>4} {'ai':>7} {'start':>6} {'end':>6} {'net':>7} {'wins':>6}")
    for i, s in enumerate(data["seats"]):
        print(
            f"{i:>4} {s['ai']:>7} {s['chips_start']:>6} {s['chips_end']:>6} "
            f"{s['net']:>7} {s['wins']:>6}"
        )
    for level, p in data["decision_ms"].items():
        print(f"decision ms {level:>7}: p50 {p['p50']}  p95 {p['p95']}  max {p['max']}")
    print(f"invariant violations: {data['invariant_violations']}")


if __name__ == "__main__":
    sys.exit(main())
