"""Hand records (CONTRACT §10, docs/record-format.md): every game and rule set written
and replayed to the same winners and stacks, the RULES.md hands written by hand replay to
their documented results, damaged records are named with their reason, and a record
holds nothing of the program."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.record import FORMAT, VERSION
from game.record.__main__ import main
from game.record.replay import check, replay
from game.record.writer import simulate
from game.rules import brag, ninehalf
from game.rules import sabacc_events as ev

sys.path.insert(0, str(Path(__file__).resolve().parent))
from internals import internals  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
ROOT = Path(__file__).resolve().parents[2]
CASES = [("sabacc", name) for name in games.get("sabacc").preset_names] + [
    ("brag", None),
    ("ninehalf", None),
]


def examples() -> list[dict[str, Any]]:
    lines = (DATA / "rules-examples.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize(("game", "rule_set"), CASES)
def test_seeded_hands_of_every_rule_set_replay_to_their_winners_and_stacks(
    game: str, rule_set: str | None
) -> None:
    seats = 3 if game != "brag" else 2
    records = simulate(game, rule_set, players=seats, hands=3, seed=11, levels=("normal", "easy"))
    assert len(records) == 3
    for record in records:
        written = json.loads(json.dumps(record))  # what a file holds
        assert written["format"] == FORMAT and written["version"] == VERSION
        assert written["game"] == game and written["rule_set"] == rule_set
        assert len(written["seats"]) == len(written["stacks"]) == seats
        done = replay(written)
        assert done.result == written["result"]
        assert done.state.chips == written["result"]["stacks"]
        assert check(written)[0]
        assert internals(written) == set()
    # Hands follow on: each one's stacks are where the one before left them (re-buys
    # aside, which only add).
    for before, after in zip(records, records[1:], strict=False):
        assert all(a >= b for a, b in zip(after["stacks"], before["result"]["stacks"], strict=True))


def test_a_record_is_written_in_the_games_own_words() -> None:
    (record,) = simulate("sabacc", "classic", players=2, hands=1, seed=3)
    kinds = {move[0] for move in record["moves"] if isinstance(move[0], str)}
    verbs = {move[1] for move in record["moves"] if isinstance(move[0], int)}
    assert kinds <= {"deal", "die", "shift", "shift-deal", "draw", "demise"}
    assert "deal" in kinds and verbs <= {
        "check",
        "bet",
        "call",
        "raise",
        "fold",
        "call-hand",
        "pass-call",
        "draw",
        "stand",
        "discard",
        "keep",
    }
    dealt = [move[-1] for move in record["moves"] if move[0] == "deal"]
    assert len(dealt) == 4 and all(isinstance(card, str) for card in dealt)
    assert record["options"]["bet_cap"] == 10 and "preset" not in record["options"]
    assert record["table"]["sabacc_pot"] == 0 and record["dealer"] == 0


# ------------------------------------------------------------------ RULES.md hands
def test_a_classic_hand_with_a_shift_ends_in_a_pure_sabacc_that_takes_both_pots() -> None:
    record = examples()[0]
    assert record["rule_set"] == "classic" and ["die", 1, 5] in record["moves"]
    done = replay(record)
    shifted = [(e.seat, e.old, e.new) for e in done.events if isinstance(e, ev.CardShifted)]
    assert shifted == [(1, "8s", "13c"), (0, "7t", "4f")]  # a 5: every hand loses a card
    revealed = {
        e.seat: (e.hand_kind, e.total) for e in done.events if isinstance(e, ev.HandRevealed)
    }
    assert revealed == {0: ("normal", 18), 1: ("pure-sabacc", 23)}
    awarded = [(e.seat, e.amount, e.pot) for e in done.events if isinstance(e, ev.PotAwarded)]
    assert awarded == [(1, 6, "hand"), (1, 2, "sabacc")]  # RULES.md §1.3: Pure Sabacc
    assert done.result == {"winners": [1], "stacks": [16, 24], "pots": {"hand": 0, "sabacc": 0}}


def test_a_brag_deal_where_the_prial_of_threes_takes_the_first_showdown() -> None:
    record = examples()[1]
    done = replay(record)
    first = [e for e in done.events if isinstance(e, brag.SetRevealed) and e.position == 0]
    assert [(e.seat, e.kind) for e in first] == [
        (1, "prial"),
        (2, "prial"),
        (3, "run"),
        (0, "run"),
    ]
    won = [(e.position, e.winner) for e in done.events if isinstance(e, brag.ShowdownResult)]
    assert won == [(0, 1), (1, 1), (2, 2), (3, 3)]  # 3-3-3 beats A-A-A (RULES.md §2)
    assert done.result == {"winners": [1], "stacks": [40] * 4, "scores": [0, 2, 1, 1]}


def test_a_nine_and_a_half_deal_where_a_challenged_tie_goes_to_the_player() -> None:
    record = examples()[2]
    done = replay(record)
    (settled,) = [e for e in done.events if isinstance(e, ninehalf.ChallengeSettled)]
    assert (settled.seat, settled.player_points, settled.dealer_points) == (2, 9.0, 9.0)
    assert settled.player_wins and settled.amount == 5  # ante 2 + bet 3 (RULES.md §3)
    # Seat 1 (a natural 9½) was never challenged: ante and bet come back.
    assert done.result == {"winners": [2], "stacks": [45, 40, 45]}


# ------------------------------------------------------------------ check
def damaged() -> list[tuple[str, dict[str, Any], str]]:
    classic, brag_deal, deal = examples()
    cut = copy.deepcopy(classic)
    del cut["moves"][-3:]
    newer = {**copy.deepcopy(deal), "version": VERSION + 1}
    not_in_deck = copy.deepcopy(classic)
    not_in_deck["moves"][0] = ["deal", 1, "universe"]  # Centran's, not Classic's deck
    twice = copy.deepcopy(brag_deal)
    twice["moves"][4] = ["deal", twice["moves"][0][1]]
    illegal = copy.deepcopy(classic)
    illegal["moves"][4] = [1, "bet", 50]
    stacks = copy.deepcopy(deal)
    stacks["result"]["stacks"] = [45, 40, 46]
    return [
        ("cut short", cut, "cut short: the hand is not over after 16 moves"),
        ("newer version", newer, "written in version 2 of the notation"),
        ("card not in the deck", not_in_deck, "move 1: deal universe: card 'universe' is not"),
        ("same card twice", twice, "move 5: 3S dealt twice (already at move 1)"),
        ("illegal action", illegal, "move 5: seat 1 bet 50:"),
        ("stacks", stacks, "final stacks do not add up: [45, 40, 46] written"),
    ]


def test_check_names_every_damaged_record_and_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = examples()
    bad = damaged()
    lines = [json.dumps(good[0])] + [json.dumps(record) for _, record, _ in bad] + ["{not json"]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["index"] for r in out] == list(range(len(lines)))
    assert out[0]["ok"] is True
    for result, (what, _, reason) in zip(out[1:], bad, strict=False):
        assert result["ok"] is False and reason in result["why"], what
    assert out[-1]["ok"] is False and out[-1]["why"].startswith("not a JSON object")


def test_check_and_export_from_the_command_line(tmp_path: Path) -> None:
    """The real tool: exit 0 for good records, 1 for a bad one, 2 for a file it cannot
    read -- one line on stderr, never a traceback."""
    good = tmp_path / "good.jsonl"
    good.write_bytes((DATA / "rules-examples.jsonl").read_bytes())
    garbled = tmp_path / "garbled.jsonl"
    garbled.write_bytes(b"\xff\xfe\x00 not text")
    script = (
        "import sys; from game.record.__main__ import main\n"
        "for args in (['check', sys.argv[1]], ['check', sys.argv[2]], ['check', sys.argv[3]],"
        " ['check'], ['lint', 'x']):\n"
        "    try:\n        code = main(args)\n    except SystemExit as exit:\n        code = exit.code\n"
        "    print('exit', code, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(good), str(garbled), str(tmp_path / "missing.jsonl")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    err = done.stderr.splitlines()
    assert [line for line in err if line.startswith("exit")] == [
        "exit 0",
        "exit 2",
        "exit 2",
        "exit 2",
        "exit 2",
    ]
    assert "Traceback" not in done.stderr
    told = [line for line in err if not line.startswith("exit")]
    assert len(told) == 4 and all(line.startswith("game.record:") for line in told)
    assert "cannot read" in told[0] and "missing.jsonl" in told[1]
    assert len(done.stdout.splitlines()) == 3


def test_export_writes_the_history_as_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.storage import files, history

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    hands = simulate("ninehalf", None, players=3, hands=2, seed=5)
    for hand in hands:
        history.record("ninehalf", [], 0, "Quick play", hand=hand)
    (hand,) = simulate("sabacc", "kessel", players=2, hands=1, seed=5)
    history.record("sabacc", [], 0, "Quick play", hand=hand)
    files.flush_writes()
    for game in ("ninehalf", "sabacc"):  # the history files hold records, nothing else
        kept = history.history_path(game).read_text(encoding="utf-8")
        assert internals(json.loads(kept)) == set()
    out = tmp_path / "mine.jsonl"
    assert main(["export", "--out", str(out)]) == 0
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["game"] for r in written] == ["sabacc", "ninehalf", "ninehalf"]
    assert written[1]["moves"] == hands[0]["moves"] and written[1]["label"] == "Quick play"
    assert "3 records written to" in capsys.readouterr().err
    assert main(["export", "--game", "ninehalf"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert main(["check", str(out)]) == 0


def test_a_deal_with_a_seat_out_of_chips_replays() -> None:
    """A seat with no chips left sits the deal out; the record still starts (a new
    match would want 2 chips a seat)."""
    record = copy.deepcopy(examples()[2])
    record["seats"].append({"name": "Lin", "player": "computer", "level": "easy"})
    record["stacks"].append(0)
    record["result"]["stacks"].append(0)
    assert check(record) == (True, "replays: 18 moves, won by seat 2, stacks [45, 40, 45, 0]")


@pytest.mark.parametrize(
    ("game", "rule_set"), [("ninehalf", None), ("brag", None), ("sabacc", "classic")]
)
def test_a_replay_shows_exactly_the_steps_the_table_showed(game: str, rule_set: str | None) -> None:
    """Every hand's replay (the history's, from its record) has the events the live table
    had, no more: Nine and a Half's first deal, dealt as the match is made, shows no
    "deal started" step the table never showed."""
    import random

    from game.rules.base import BETWEEN, CHANCE, TERMINAL
    from game.storage import history, journal

    entry = games.get(game)
    state: Any = journal.record(game, entry.new_state(3, entry.sim_chips_for(rule_set), rule_set))
    bots = [entry.make_player("easy", preset=rule_set) for _ in range(3)]
    rng = random.Random(7)
    shown: list[list[Any]] = [[]]
    while len(state.writer.records) < 2:
        who = state.to_act()
        if who == CHANCE:
            got = state.sample_chance(rng)
        elif who in (BETWEEN, TERMINAL):
            got = state.start_next()
        else:
            got = state.apply(bots[who].choose(state.view(who), state.legal_actions(), rng))
        shown[-1].extend(got)
        if len(state.writer.records) == len(shown):
            shown.append([])
    for record, live in zip(state.writer.records, shown, strict=False):
        replayed = history.HandRecord.from_record(json.loads(json.dumps(record))).events()
        assert replayed == [e.for_seat(0) for e in live]
