"""Hand history: the newest 50 hands per game, as the player saw them."""

from __future__ import annotations

from pathlib import Path

from game.rules import sabacc_events as ev
from game.storage import history
from game.storage.files import flush_writes


def test_keeps_the_newest_fifty_hands_with_hidden_cards_blanked(tmp_path: Path) -> None:
    for hand in range(53):
        events = [
            ev.CardDealt(0, f"{hand % 15 + 1}c"),
            ev.CardDealt(1, "7s"),
            ev.HandEnded(hand, (0,), "fold"),
        ]
        history.record("sabacc", events, 0, "Brinewater Cantina", ["You", "Tesk"], tmp_path)
    kept = history.load("sabacc", tmp_path)
    assert len(kept) == 50
    assert [e.hand_no for e in (r.events()[-1] for r in kept)][:2] == [3, 4]  # type: ignore[attr-defined]
    first = kept[0].events()
    assert first[0] == ev.CardDealt(0, "4c")  # the player's own card
    assert first[1] == ev.CardDealt(1, None)  # another seat's card stays face down
    assert kept[0].seats == ["You", "Tesk"] and kept[0].label == "Brinewater Cantina"


def test_a_damaged_history_file_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "brag.json").write_text("[not json", "utf-8")
    told: list[str] = []
    assert history.load("brag", tmp_path, told.append) == []
    assert len(told) == 1
    assert any(p.name.startswith("brag.json.corrupt-") for p in tmp_path.iterdir())


def test_warming_reads_the_history_ahead_and_leaves_a_damaged_file_for_the_player(
    tmp_path: Path,
) -> None:
    events = [ev.CardDealt(0, "3c"), ev.CardDealt(1, "7s"), ev.HandEnded(1, (0,), "fold")]
    history.record("sabacc", events, 0, "Quick play", ["You", "Tesk"], tmp_path)
    path = tmp_path / "sabacc.json"
    history.warm("sabacc", tmp_path)  # still being written: left for the hand's end
    flush_writes()
    history._known.clear()
    history.warm("sabacc", tmp_path)
    assert path in history._known  # the first hand's end then only checks the digest
    assert [r.label for r in history.load("sabacc", tmp_path)] == ["Quick play"]
    # A damaged file is neither set aside nor told about by warming: only by a load.
    (tmp_path / "brag.json").write_text("[not json", "utf-8")
    history.warm("brag", tmp_path)
    assert (tmp_path / "brag.json").exists() and tmp_path / "brag.json" not in history._known
    told: list[str] = []
    assert history.load("brag", tmp_path, told.append) == [] and len(told) == 1
