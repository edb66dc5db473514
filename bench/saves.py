"""Save size and time against match length: a save is the match's start plus every move
and chance draw since (game.storage.journal), so it grows with the match and loading
replays it. Prints, per game and match length, the file size, the time to write the
JSON (what an autosave costs) and to load it (replay and checks), medians of 5 runs.

    python bench/saves.py [--quick]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import brag, ninehalf, sabacc  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL, resolve_chance  # noqa: E402
from game.storage.journal import record  # noqa: E402
from game.storage.serialize import TableSnapshot  # noqa: E402

MAKERS = {
    "sabacc": lambda: sabacc.new_game(4, chips=100, seed_dealer=0),
    "brag": lambda: brag.new_game(4, chips=50),
    "ninehalf": lambda: ninehalf.new_game(4),
}


def play_units(game: str, units: int, seed: int = 1) -> tuple[Any, random.Random]:
    rng = random.Random(seed)
    state = record(game, MAKERS[game]())
    while state.completed < units:
        who = state.to_act()
        if who == TERMINAL:
            state = record(game, MAKERS[game]())  # a new match: keep counting
            continue
        if who == CHANCE:
            resolve_chance(state, rng)
        elif who == BETWEEN:
            state.start_next()
        else:
            state.apply(rng.choice(state.legal_actions()))
    # Stop mid-hand at a seat's turn, as an autosave does.
    while state.to_act() < 0 and state.to_act() != TERMINAL:
        if state.to_act() == CHANCE:
            resolve_chance(state, rng)
        else:
            state.start_next()
    return state, rng


def median_ms(action: Any, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    lengths = (1, 10) if "--quick" in sys.argv else (1, 10, 50, 200)
    print(f"{'game':9} {'units':>5} {'moves':>6} {'bytes':>9} {'write ms':>9} {'load ms':>8}")
    for game in MAKERS:
        for units in lengths:
            state, rng = play_units(game, units)
            snapshot = TableSnapshot(game, state, {"chance": rng}, {})
            text = json.dumps(snapshot.to_json())
            write = median_ms(lambda s=snapshot: json.dumps(s.to_json()))
            load = median_ms(lambda t=text: TableSnapshot.from_json(json.loads(t)))
            moves = len(json.loads(text)["journal"])
            print(f"{game:9} {units:5} {moves:6} {len(text):9} {write:9.1f} {load:8.1f}")


if __name__ == "__main__":
    main()
