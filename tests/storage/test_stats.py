"""Statistics: what a hand's events count for the player, and the book on disk."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from game.rules import brag, ninehalf
from game.rules import sabacc_events as ev
from game.storage import stats
from game.storage.stats import GameStats, StatsBook, load_stats, outcome_from_events, record_hand

FIELDS = [f.name for f in fields(GameStats)]


def sabacc_hand(winner: int, kind: str) -> list:
    return [
        ev.HandRevealed(0, ("idiot", "2c", "3s"), kind, 0),
        ev.HandRevealed(1, ("15c", "8f"), "normal", 23),
        ev.PotAwarded(winner, 14, "hand"),
        ev.PotAwarded(winner, 6, "sabacc"),
        ev.HandEnded(3, (winner,), "showdown"),
    ]


def test_sabacc_win_with_an_idiots_array_counts_the_pot_and_the_hand() -> None:
    outcome = outcome_from_events("sabacc", sabacc_hand(0, "idiots-array"), seat=0)
    assert outcome.won and outcome.collected == 20 and outcome.idiots_array
    assert not outcome.pure_sabacc
    lost = outcome_from_events("sabacc", sabacc_hand(1, "normal"), seat=0)
    assert not lost.won and lost.collected == 0


def test_brag_crash_and_ninehalf_natural_are_seen() -> None:
    deal = [
        brag.PointsScored(0, 5, 5, "crash"),
        brag.CrashMade(0, 2),
        brag.PointsScored(1, 0, 0, "showdown"),
        brag.DealEnded(1, (5, 0, 0, 0)),
    ]
    outcome = outcome_from_events("brag", deal, seat=0)
    assert outcome.won and outcome.crash
    settled = ninehalf.ChallengeSettled(2, 0, "9S", "natural", 9.5, "normal", 7.0, True, 6)
    nine = [settled, ninehalf.DealEnded(1, (-6, 0, 6), (34, 40, 46))]
    mine = outcome_from_events("ninehalf", nine, seat=2)
    assert mine.won and mine.natural and mine.collected == 6
    dealer = outcome_from_events("ninehalf", nine, seat=0)
    assert not dealer.won and not dealer.natural


def test_record_hand_keeps_counts_across_loads(tmp_path: Path) -> None:
    record_hand("sabacc", sabacc_hand(0, "pure-sabacc"), 0, bankroll=120, directory=tmp_path)
    record_hand("sabacc", sabacc_hand(1, "normal"), 0, bankroll=110, directory=tmp_path)
    book = load_stats(tmp_path)
    counts = book.games["sabacc"]
    assert (counts.hands_played, counts.hands_won, counts.pure_sabaccs) == (2, 1, 1)
    assert counts.biggest_pot == 20
    assert book.bankroll == [120, 110]


def test_a_damaged_stats_file_is_set_aside_and_counting_restarts(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text(
        '{"schema_version": 1, "games": {"sabacc": {"hands', "utf-8"
    )
    told: list[str] = []
    book = load_stats(tmp_path, told.append)
    assert book.games["sabacc"].hands_played == 0
    assert len(told) == 1 and any(
        p.name.startswith("stats.json.corrupt-") for p in tmp_path.iterdir()
    )
    wrong = StatsBook().to_json()
    wrong["games"]["brag"]["crashes"] = "many"
    (tmp_path / "stats.json").write_text(json.dumps(wrong), "utf-8")
    assert load_stats(tmp_path, told.append).games["brag"].crashes == 0
    assert len(told) == 2


def test_a_brag_deal_that_wins_the_game_ends_there() -> None:
    """The deal that takes a Brag game to its target emits GameWon, not DealEnded:
    it must still end the history entry, before the next game's first deal."""
    import random

    from game.rules.base import BETWEEN, CHANCE, TERMINAL
    from game.storage.stats import hand_ended

    state = brag.new_game(3, chips=100)
    rng = random.Random(4)
    batches: list[list] = []
    for _ in range(20000):
        who = state.to_act()
        if who in (BETWEEN, TERMINAL):
            break
        if who == CHANCE:
            batches.append(list(state.sample_chance(rng)))
        else:
            batches.append(list(state.apply(rng.choice(state.legal_actions()))))
    won = [b for b in batches if any(e.kind == "GameWon" for e in b)]
    assert len(won) == 1 and not any(e.kind == "DealEnded" for e in won[0])
    assert hand_ended("brag", won[0])
    assert not hand_ended("ninehalf", won[0]) and not hand_ended("sabacc", won[0])


def test_a_hands_statistics_are_complete_on_disk_after_a_flush(tmp_path: Path) -> None:
    """Statistics are written in the background; after ``flush_writes`` the file holds
    every hand, and a load never reads an older file than the last save."""
    from game.storage import files

    for hands in range(1, 6):
        book = stats.load_stats(tmp_path)
        book.games["sabacc"].hands_played = hands
        assert stats.save_stats(book, tmp_path)
        assert stats.load_stats(tmp_path).games["sabacc"].hands_played == hands
    files.flush_writes()
    saved = json.loads((tmp_path / "stats.json").read_text("utf-8"))
    assert saved["games"]["sabacc"]["hands_played"] == 5


def test_an_older_stats_book_is_brought_up_to_date_by_its_migrations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Like the saves: a book of an older schema is migrated step by step when read."""
    from game.storage import stats as stats_module

    old = {
        "schema_version": 1,
        "games": {"brag": {**{n: 0 for n in FIELDS}, "hands_played": 4, "hands_won": 1}},
        "bankroll": [100, 120],
    }
    (tmp_path / "stats.json").write_text(json.dumps(old), encoding="utf-8")
    steps: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        steps.append(1)
        return {**data, "bankroll": [*data["bankroll"], 130]}

    monkeypatch.setattr(stats_module, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(stats_module, "MIGRATIONS", {1: one_to_two})
    told: list[str] = []
    book = stats_module.load_stats(tmp_path, told.append)
    assert steps == [1] and told == []
    assert book.games["brag"].hands_played == 4 and book.bankroll == [100, 120, 130]
    assert book.to_json()["schema_version"] == 2
    monkeypatch.setattr(stats_module, "MIGRATIONS", {})  # a step missing: damage, told
    assert stats_module.load_stats(tmp_path, told.append).games["brag"].hands_played == 0
    assert len(told) == 1
