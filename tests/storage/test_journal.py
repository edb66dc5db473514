"""Saves hold the hand records of the match (docs/record-format.md) and the generators as
seeds and counts of draws, never the engine's fields or a class name: the replay
rebuilds the very same match, it goes on exactly as the unsaved one does, and a hand that
no longer replays (the rules changed) is abandoned at the stacks it began with, the
player told, nothing else lost."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.rules import brag, ninehalf, sabacc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, resolve_chance
from game.storage.generators import SeededRandom
from game.storage.journal import Recorded, record
from game.storage.saves import SaveSlot
from game.storage.serialize import TableSnapshot, encode
from game.storage.stats import hand_ended

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "record"))
from internals import internals  # noqa: E402

MAKERS = {
    "sabacc": lambda: sabacc.new_game(4, chips=60, seed_dealer=2),
    "brag": lambda: brag.new_game(3, chips=300, dealer=1),
    "ninehalf": lambda: ninehalf.new_game(4),
}


def every_engine() -> list[tuple[str, str, Any]]:
    sabacc_game = games.get("sabacc")
    made: list[tuple[str, str, Any]] = [(game, game, MAKERS[game]) for game in MAKERS]
    for preset in sabacc_game.preset_names:
        if preset == "classic":
            continue
        chips = sabacc_game.sim_chips_for(preset)
        made.append(
            (
                "sabacc",
                preset,
                lambda preset=preset, chips=chips: sabacc_game.new_state(4, chips, preset),
            )
        )
    return made


def play(state: Any, rng: random.Random, steps: int, stop_mid_hand: bool = True) -> None:
    """Random legal play (re-buys between hands); stops at a seat's turn inside a hand
    when asked."""
    in_hand = False
    game = type_game(state)
    for done in range(steps):
        who = state.to_act()
        if who == TERMINAL:
            return
        if done > steps // 2 and stop_mid_hand and in_hand and who >= 0:
            return
        if who == CHANCE:
            events = resolve_chance(state, rng)
        elif who == BETWEEN:
            for seat in range(state.num_seats):
                if not state.can_continue(seat):
                    state.rebuy(seat, 30)
            events = state.start_next()
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        in_hand = not hand_ended(game, events) and (in_hand or bool(events))


def type_game(state: Any) -> str:
    return {brag.BragState: "brag", ninehalf.NineHalfState: "ninehalf"}.get(
        state.__class__, "sabacc"
    )


@pytest.mark.parametrize(("game", "name", "make"), every_engine(), ids=lambda v: str(v)[:20])
def test_a_save_is_hand_records_and_resumes_to_the_same_game(
    game: str, name: str, make: Any
) -> None:
    rng = SeededRandom(11)
    state = record(game, make())
    assert type(state) is Recorded and isinstance(state, type(state.engine))
    play(state, rng, 500)
    saved = TableSnapshot(game, state, {"chance": rng}, {"seen": 1}).to_json()
    text = json.dumps(saved)
    assert internals(json.loads(text)) == set()  # no class, module or generator state
    assert saved["hands"] and (saved["hand"] is not None or state.to_act() < 0)
    assert saved["generators"]["chance"] == {"seed": 11, "draws": rng.draws}
    back = TableSnapshot.from_json(json.loads(text))
    assert back.abandoned is None and back.table["seen"] == 1
    assert encode(back.state.engine) == encode(state.engine)
    assert untimed(back.state.writer.records) == untimed(state.writer.records)
    # The replay tells the table the hand in play as the driver saw it.
    if saved["hand"] is not None:
        assert back.table["hand_start_chips"] == saved["hand"]["stacks"]
    # Both go on alike -- the same cards, the same moves -- and keep the same records.
    assert type(state.clone()) is type(state.engine)
    play(state, rng, 300, stop_mid_hand=False)
    play(back.state, back.rngs["chance"], 300, stop_mid_hand=False)
    assert encode(back.state.engine) == encode(state.engine)
    assert untimed(back.state.writer.records) == untimed(state.writer.records)


def untimed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records without the moment they were written (the clock moves on)."""
    return [{k: v for k, v in r.items() if k != "played_at"} for r in records]


def saved_mid_hand(game: str = "sabacc") -> tuple[dict[str, Any], Any]:
    rng = SeededRandom(4)
    state = record(game, MAKERS[game]())
    play(state, rng, 300)
    assert state.to_act() >= 0
    data = TableSnapshot(game, state, {"chance": rng}, {}).to_json()
    return json.loads(json.dumps(data)), state


def tamper_last_action(hand: dict[str, Any], words: list[Any]) -> None:
    for index in range(len(hand["moves"]) - 1, -1, -1):
        if isinstance(hand["moves"][index][0], int):
            hand["moves"][index] = [hand["moves"][index][0], *words]
            return
    raise AssertionError("no move in the hand")


@pytest.mark.parametrize(
    "change",
    [
        "a move the rules now refuse",
        "a move this version does not know",
        "a card that is not in the deck",
        "a match option this version lacks",
    ],
)
def test_a_hand_that_no_longer_replays_is_abandoned_at_its_starting_stacks(change: str) -> None:
    data, live = saved_mid_hand()
    start_chips = list(data["hand"]["stacks"])
    assert start_chips != list(live.chips)  # the hand really was under way
    if change == "a move the rules now refuse":
        tamper_last_action(data["hand"], ["bet", 10**6])
    elif change == "a move this version does not know":
        tamper_last_action(data["hand"], ["teleport"])
    elif change == "a card that is not in the deck":
        deal = next(m for m in reversed(data["hand"]["moves"]) if m[0] in ("deal", "draw"))
        deal[-1] = "universe"
    else:
        for hand in [*data["hands"], data["hand"]]:  # later hands share the first's
            if "options" in hand:
                hand["options"]["hyperdrive"] = True
    back = TableSnapshot.from_json(json.loads(json.dumps(data)))
    assert back.abandoned is not None
    assert list(back.state.chips) == start_chips
    assert back.state.to_act() in (BETWEEN, CHANCE)  # a fresh hand follows
    assert back.table["hand_events"] == [] and back.table["hand_start_chips"] == start_chips


def test_an_abandoned_hand_is_told_and_the_rest_of_the_save_kept(tmp_path: Any) -> None:
    data, _ = saved_mid_hand()
    tamper_last_action(data["hand"], ["bet", 10**6])
    payload = {"kind": "campaign", "campaign": {"credits": 120}, "table": data}
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps({**payload, "schema_version": 3}), encoding="utf-8")
    told: list[str] = []
    slot = SaveSlot("campaign", tmp_path, told.append)
    snapshot = slot.load_table()
    assert snapshot is not None and snapshot.abandoned is not None
    assert slot.current()["campaign"] == {"credits": 120}
    assert len(told) == 1 and "abandoned" in told[0] and "chips they had" in told[0]
    assert "Error" not in told[0] and "10000" not in told[0]  # plain words, no exception text
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("campaign.json.corrupt-")]
    assert len(copies) == 1 and json.loads(copies[0].read_text("utf-8"))["table"] == data


def test_a_match_saved_before_its_first_hand_starts_from_its_opening() -> None:
    state = record("sabacc", MAKERS["sabacc"]())
    data = json.loads(json.dumps(TableSnapshot("sabacc", state, {}, {}).to_json()))
    assert data["hands"] == [] and data["hand"] is None
    assert data["opening"]["stacks"] == [60] * 4 and data["opening"]["dealer"] == 2
    back = TableSnapshot.from_json(data)
    assert encode(back.state.engine) == encode(state.engine)


def test_a_campaign_hand_that_no_longer_replays_goes_on_at_its_starting_stacks(
    tmp_path: Any,
) -> None:
    from game.campaign import Campaign

    campaign = Campaign.load(tmp_path, seed=3, data_directory=tmp_path)
    if campaign.session is None:
        campaign.sit_down()
    session = campaign.session
    assert session is not None
    for _ in range(400):  # into the second hand, then stop at the player's turn
        if session.state.completed >= 1 and session.to_act() == 0 and session.hand_events:
            break
        campaign.step(session.suggest() if session.to_act() == 0 else None)
    start = list(session.start_chips)
    assert session.hand_events and start != list(session.state.chips)
    campaign.save()
    path = tmp_path / "campaign.json"
    data = json.loads(path.read_text("utf-8"))
    assert data["schema_version"] == 3 and internals(data) == set()
    tamper_last_action(data["table"]["hand"], ["teleport"])
    path.write_text(json.dumps(data), "utf-8")
    told: list[str] = []
    again = Campaign.load(tmp_path, told.append, data_directory=tmp_path)
    assert again.session is not None and list(again.session.state.chips) == start
    assert again.session.hand_events == []
    assert again.progress.to_json() == campaign.progress.to_json()
    assert len(told) == 1 and "abandoned" in told[0]
    assert path.exists() and len(list(tmp_path.glob("campaign.json.corrupt-*"))) == 1


def test_an_autosave_taken_then_written_later_holds_the_table_as_it_was_taken() -> None:
    """An autosave hands its JSON to the file writer's thread: however far the table has
    moved on by then, the file holds exactly what an at-once save held."""
    from game.storage.serialize import encode_later, json_default

    for game, _, make in every_engine():
        rng = SeededRandom(5)
        state = record(game, make())
        play(state, rng, 120)
        events = [*state.log] if hasattr(state, "log") else []
        table = {"names": ["You", "Ana"], "config": {"seats": [1, 2]}}
        at_once = json.dumps(
            TableSnapshot(game, state, {"chance": rng}, {**table, "hand_events": []}).to_json()
        )
        later = TableSnapshot(
            game, state, {"chance": rng}, {**table, "hand_events": encode_later(events)}
        ).to_json(later=True)
        table["names"].append("Bo")  # the table's own data changes: the save's does not
        play(state, rng, 200, stop_mid_hand=False)  # and the match goes on
        assert json.dumps(later, default=json_default) == at_once, game
        assert TableSnapshot.from_json(json.loads(at_once)).abandoned is None


def test_a_slot_resumes_the_table_it_autosaved_without_reading_it_back(tmp_path: Any) -> None:
    from game.storage.files import flush_writes

    rng = SeededRandom(3)
    state = record("brag", MAKERS["brag"]())
    play(state, rng, 60)
    slot = SaveSlot("quickplay", tmp_path)
    assert slot.autosave(TableSnapshot("brag", state, {"chance": rng}, {"seen": 1}))
    snapshot = slot.load_table()  # from the slot's memory
    assert snapshot is not None and snapshot.abandoned is None
    assert encode(snapshot.state.engine) == encode(state.engine)
    flush_writes()
    on_disk = json.loads(slot.path.read_text("utf-8"))["table"]
    assert on_disk == json.loads(
        json.dumps(TableSnapshot("brag", state, {"chance": rng}, {"seen": 1}).to_json())
    )


@pytest.mark.parametrize("game", ["brag", "ninehalf"])
def test_resuming_a_long_match_replays_only_the_hand_in_play(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each record's start holds what the table carries into it (stacks, dealer, the
    table's words, the hands won): loading a long save replays the hand in progress
    alone, and resumes to the very same game; a save whose records lack the hands won
    (written before they were kept) is replayed whole, to the same game."""
    from game.storage import journal

    rng = SeededRandom(8)
    state = record(game, MAKERS[game]())
    play(state, rng, 1500)
    saved = json.loads(json.dumps(TableSnapshot(game, state, {"chance": rng}, {}).to_json()))
    assert len(saved["hands"]) >= 10 and saved["hand"] is not None
    steps: list[int] = []
    real_step = journal.step

    def counted(*args: Any) -> Any:
        steps.append(1)
        return real_step(*args)

    monkeypatch.setattr(journal, "step", counted)
    back = TableSnapshot.from_json(saved)
    assert len(steps) == len(saved["hand"]["moves"])
    assert encode(back.state.engine) == encode(state.engine)
    assert untimed(back.state.writer.records) == untimed(state.writer.records)
    older = json.loads(json.dumps(saved))
    for hand in [*older["hands"], older["hand"]]:
        hand["table"].pop("won")
    steps.clear()
    back = TableSnapshot.from_json(older)
    assert len(steps) == sum(len(h["moves"]) for h in [*saved["hands"], saved["hand"]])
    assert encode(back.state.engine) == encode(state.engine)
