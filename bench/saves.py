"""Record and save size, and save time, against match length: a save is the hand
records of its match (game.storage.journal, docs/record-format.md), so it grows with the
match and loading replays every hand. Prints, per game and match length, the hands
recorded, the mean size of one hand's record (as exported) and of a hand in the save
(which leaves out what every hand shares with the first), the save's size, the time to write the
JSON (what an autosave costs) and to load it (replay and checks), medians of 5 runs;
then the time ``check`` takes per record.

    python bench/saves.py [--quick]

A Brag or Nine and a Half save resumes from its last record alone (its start keeps all
the table carries into the hand, the hands won included), so its load costs one hand
plus reading the JSON, however long the match; a Sabacc table carries its deck's order
from hand to hand, which records do not write, so its save still replays every hand.
Figures on the 2-core shared build machine (busy; timings vary by 2x from run to run),
``python bench/saves.py``, load ms, before -> after resuming from the last record:

    sabacc     1 hand   2.4 ->  2.9     brag       1 game   5.3 ->  1.2
    sabacc    10       6.8 ->  5.0      brag      10       17.1 ->  1.6
    sabacc    50      22.8 -> 18.3      brag      50       90.3 ->  4.3
    sabacc   200      58.9 -> 38.2      brag     200      357.5 -> 66.0 (mostly the
    ninehalf   1 deal  0.5 ->  0.6                          JSON of a 1.1 MB save)
    ninehalf  10       1.7 ->  0.4
    ninehalf  50       6.5 ->  0.5
    ninehalf 200      18.0 ->  1.2

Record sizes: Sabacc ~1.8-2.6 kB a record (0.66-2.6 kB a hand in a save), Brag ~1.9 kB
(1.3 kB), Nine and a Half ~0.8-0.9 kB (0.34-0.8 kB); ``check`` 0.24 / 0.27 / 0.09 ms a
record. (Sabacc's 200 hands went from 59 to 38 ms as the record writer stopped asking
the game registry for the rule set's hand-ending events at every step.)
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

from game.record.replay import check  # noqa: E402
from game.rules import brag, ninehalf, sabacc  # noqa: E402
from game.rules.base import BETWEEN, CHANCE, TERMINAL, resolve_chance  # noqa: E402
from game.storage.generators import SeededRandom  # noqa: E402
from game.storage.journal import record  # noqa: E402
from game.storage.serialize import TableSnapshot  # noqa: E402

MAKERS = {
    "sabacc": lambda: sabacc.new_game(4, chips=100, seed_dealer=0),
    "brag": lambda: brag.new_game(4, chips=50),
    "ninehalf": lambda: ninehalf.new_game(4),
}


def play_units(game: str, units: int, seed: int = 1) -> tuple[Any, random.Random]:
    rng: random.Random = SeededRandom(seed)
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
    print(
        f"{'game':9} {'units':>5} {'hands':>5} {'moves':>6} {'B/rec':>6} {'B/hand':>6} {'save B':>9}"
        f" {'write ms':>9} {'load ms':>8}"
    )
    checks: dict[str, float] = {}
    for game in MAKERS:
        for units in lengths:
            state, rng = play_units(game, units)
            snapshot = TableSnapshot(game, state, {"chance": rng}, {})
            text = json.dumps(snapshot.to_json())
            write = median_ms(lambda s=snapshot: json.dumps(s.to_json()))
            load = median_ms(lambda t=text: TableSnapshot.from_json(json.loads(t)))
            saved = json.loads(text)
            hands = saved["hands"]
            moves = sum(len(h["moves"]) for h in hands) + len(
                (saved["hand"] or {}).get("moves", [])
            )
            records = state.writer.records
            per_hand = statistics.mean(len(json.dumps(h)) for h in hands) if hands else 0.0
            per_record = statistics.mean(len(json.dumps(r)) for r in records) if records else 0.0
            print(
                f"{game:9} {units:5} {len(hands):5} {moves:6} {per_record:6.0f} {per_hand:6.0f}"
                f" {len(text):9} {write:9.1f} {load:8.1f}"
            )
            if records:
                assert all(check(r)[0] for r in records)
                checks[game] = median_ms(lambda h=records: [check(r) for r in h]) / len(records)
    print()
    for game, ms in checks.items():
        print(f"check: {game:9} {ms:6.2f} ms per record")


if __name__ == "__main__":
    main()
