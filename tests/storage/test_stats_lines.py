"""Statistics count what the player played: a Brag game when it is won or lost (not a
deal's points), each Sabacc rule set on its own line under the game's totals, and a
book written before rule sets were counted still loads and adds up.

Seen by a new player: Statistics said Brag "won 1" with "biggest pot 0" after one deal
of an unfinished game, and Corellian Spike and Coruscant Shift hands appeared only as
"Sabacc".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game import i18n
from game.rules import brag
from game.rules import sabacc_events as ev
from game.scenes.stats import stat_lines
from game.storage.stats import load_stats, record_hand

V010 = Path(__file__).resolve().parents[1] / "data" / "v0.1.0" / "data" / "sabacc-parlor"


def test_a_brag_game_counts_when_it_ends_not_at_each_deal(tmp_path: Path) -> None:
    first_deal = [
        brag.ShowdownResult(0, 0, True),
        brag.PointsScored(0, 1, 1, "showdown"),
        brag.ShowdownResult(1, 0, True),
        brag.PointsScored(0, 1, 2, "showdown"),
        brag.ShowdownResult(2, 0, True),
        brag.PointsScored(0, 1, 3, "showdown"),
        brag.ShowdownResult(3, 1, True),
        brag.PointsScored(1, 1, 1, "showdown"),
        brag.DealEnded(1, (3, 1, 0, 0)),
    ]
    record_hand("brag", first_deal, 0, directory=tmp_path)
    counts = load_stats(tmp_path).games["brag"]
    assert (counts.hands_played, counts.hands_won, counts.biggest_pot) == (0, 0, 0)
    winning_deal = [
        brag.ShowdownResult(0, 1, True),
        brag.PointsScored(1, 1, 7, "showdown"),
        brag.GameWon(1, (6, 7, 0, 0)),
        brag.ChipsPaid(0, 1, 10, "game"),
    ]
    record_hand("brag", winning_deal, 0, directory=tmp_path)
    counts = load_stats(tmp_path).games["brag"]
    assert (counts.hands_played, counts.hands_won) == (1, 0)
    mine = [brag.PointsScored(0, 1, 7, "showdown"), brag.GameWon(0, (7, 2, 0, 0)),
            brag.ChipsPaid(1, 0, 10, "game"), brag.ChipsPaid(2, 0, 20, "game")]  # fmt: skip
    record_hand("brag", mine, 0, directory=tmp_path)
    counts = load_stats(tmp_path).games["brag"]
    assert (counts.hands_played, counts.hands_won, counts.biggest_pot) == (2, 1, 30)


def sabacc_hand(winner: int, pot: int) -> list:
    return [ev.PotAwarded(winner, pot, "hand"), ev.HandEnded(1, (winner,), "showdown")]


def test_each_rule_set_has_its_line_under_the_games_totals(tmp_path: Path) -> None:
    # A book from v0.1.0: 7 Sabacc hands, before rule sets (or Kessel) were counted.
    shutil.copy(V010 / "stats.json", tmp_path / "stats.json")
    record_hand("sabacc", sabacc_hand(0, 30), 0, directory=tmp_path, preset="corellian-spike")
    record_hand("sabacc", sabacc_hand(1, 12), 0, directory=tmp_path, preset="coruscant-shift")
    record_hand("sabacc", sabacc_hand(0, 8), 0, directory=tmp_path, preset="classic")
    book = load_stats(tmp_path)
    assert book.games["sabacc"].hands_played == 10  # the totals keep counting
    assert book.games["sabacc:corellian-spike"].biggest_pot == 30
    saved = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert saved["schema_version"] == 1  # the same schema: an older version reads it
    i18n.set_language("en")
    lines = [(line.name, line.cells[:3], line.total) for line in stat_lines(book)]
    assert lines[:5] == [
        ("Sabacc (hands)", ("10", "5", "44"), True),
        ("Classic", ("1", "1", "8"), False),
        ("Corellian Spike", ("1", "1", "30"), False),
        ("Coruscant Shift", ("1", "0", "0"), False),
        ("Before rule sets were counted", ("7", "3", ""), False),
    ]
    assert lines[5][0] == "Kessel Sabacc (rounds)" and lines[5][2]


def test_past_the_room_the_least_played_rule_sets_share_one_line() -> None:
    from game import games
    from game.storage.stats import HandOutcome, StatsBook, rule_set_entry

    book = StatsBook()
    for index, preset in enumerate(games.get("sabacc").preset_names):
        entry = "kessel" if preset.startswith("kessel") else "sabacc"
        for _ in range(index + 1):
            book.record(
                entry, HandOutcome(True, 10 + index), None, rule_set_entry("sabacc", preset)
            )
    i18n.set_language("en")
    everything = stat_lines(book)
    assert len(everything) == 4 + 13  # every rule set on its own line
    lines = stat_lines(book, room=11)
    assert len(lines) == 11
    sabacc = lines[: next(i for i, line in enumerate(lines[1:], 1) if line.total)]
    assert [line.name for line in sabacc].count("Other rule sets") == 1
    assert sum(int(line.cells[0]) for line in sabacc[1:]) == int(sabacc[0].cells[0])


def test_check_data_counts_a_rule_sets_hand_once(tmp_path: Path) -> None:
    from game.storage.check import check_stats
    from game.storage.files import flush_writes

    record_hand("sabacc", sabacc_hand(0, 30), 0, directory=tmp_path, preset="corellian-spike")
    flush_writes()
    assert check_stats(tmp_path)["hands"] == 1
