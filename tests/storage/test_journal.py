"""Saves hold how a match began and the moves since, never the engine's fields: the
replay rebuilds the very same match, and a hand that no longer replays (the rules
changed) is abandoned at the stacks it began with, the player told, nothing else lost."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import brag, ninehalf, sabacc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, resolve_chance
from game.storage.journal import PlaybackRandom, Recorded, RecordingRandom, record
from game.storage.saves import SaveSlot
from game.storage.serialize import TableSnapshot, encode
from game.storage.stats import hand_ended

MAKERS = {
    "sabacc": lambda: sabacc.new_game(4, chips=60, seed_dealer=2),
    "brag": lambda: brag.new_game(3, chips=30, dealer=1),
    "ninehalf": lambda: ninehalf.new_game(4),
}


def play(state: Any, rng: random.Random, steps: int, stop_mid_hand: bool = True) -> None:
    """Random legal play; stops at a seat's turn inside a hand when asked."""
    in_hand = False
    for done in range(steps):
        who = state.to_act()
        if who == TERMINAL:
            return
        if done > steps // 2 and stop_mid_hand and in_hand and who >= 0:
            return
        if who == CHANCE:
            events = resolve_chance(state, rng)
        elif who == BETWEEN:
            events = state.start_next()
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        in_hand = not hand_ended(type_game(state), events) and (in_hand or bool(events))


def type_game(state: Any) -> str:
    return {sabacc.SabaccState: "sabacc", brag.BragState: "brag"}.get(state.__class__, "ninehalf")


def round_trip(game: str, state: Any, rng: random.Random) -> TableSnapshot:
    text = json.dumps(TableSnapshot(game, state, {"chance": rng}, {"seen": 1}).to_json())
    return TableSnapshot.from_json(json.loads(text))


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_a_recorded_match_saves_no_engine_fields_and_replays_exactly(game: str) -> None:
    rng = random.Random(11)
    state = record(game, MAKERS[game]())
    assert type(state) is Recorded and isinstance(state, type(state.engine))
    play(state, rng, 900)
    saved = TableSnapshot(game, state, {"chance": rng}, {"seen": 1}).to_json()
    text = json.dumps(saved)
    assert "$obj" not in text and "legacy" not in saved["base"]  # no engine fields at all
    back = TableSnapshot.from_json(json.loads(text))
    assert back.abandoned is None and back.table["seen"] == 1
    assert encode(back.state.engine) == encode(state.engine)
    # The replay tells the table the hand in play as the driver saw it.
    assert back.table["hand_start_chips"] == [int(c) for c in back.table["hand_start_chips"]]
    # Both go on alike, and the clone the AI searches with is a plain engine state.
    assert type(state.clone()) is type(state.engine)
    play(state, rng, 200, stop_mid_hand=False)
    play(back.state, back.rngs["chance"], 200, stop_mid_hand=False)
    assert encode(back.state.engine) == encode(state.engine)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), calls=st.lists(st.integers(0, 5), max_size=30))
def test_recording_draws_changes_nothing_and_playback_repeats_them(
    seed: int, calls: list[int]
) -> None:
    plain, inner = random.Random(seed), random.Random(seed)
    recorder = RecordingRandom(inner)

    def draw(rng: random.Random, kind: int) -> Any:
        return [
            lambda: rng.randrange(76),
            lambda: rng.random(),
            lambda: rng.randint(1, 6),
            lambda: rng.choice("abcdefg"),
            lambda: rng.sample(range(52), 5),
            lambda: rng.choices([1, 2, 3], weights=[1, 5, 2]),
        ][kind]()

    expected = [draw(plain, k) for k in calls]
    assert [draw(recorder, k) for k in calls] == expected
    playback = PlaybackRandom(json.loads(json.dumps(recorder.draws)))
    assert [draw(playback, k) for k in calls] == expected
    assert playback.used == len(recorder.draws)


def saved_mid_hand(game: str = "sabacc") -> tuple[dict[str, Any], Any]:
    rng = random.Random(4)
    state = record(game, MAKERS[game]())
    play(state, rng, 300)
    assert state.to_act() >= 0
    table = {"hand_start_chips": None}
    data = TableSnapshot(game, state, {"chance": rng}, table).to_json()
    # What the driver would have saved as the hand's start (the replay recomputes it).
    data["table"]["hand_start_chips"] = TableSnapshot.from_json(data).table["hand_start_chips"]
    return data, state


def tamper_last_action(data: dict[str, Any], name: str, fields: dict[str, Any]) -> None:
    for entry in reversed(data["journal"]):
        if entry[0] == "a":
            entry[1], entry[2] = name, fields
            return
    raise AssertionError("no action in the journal")


@pytest.mark.parametrize(
    "change",
    [
        "an action the rules now refuse",
        "an action this version does not know",
        "a chance draw that gives another card",
        "a match option this version lacks",
    ],
)
def test_a_hand_that_no_longer_replays_is_abandoned_at_its_starting_stacks(change: str) -> None:
    data, live = saved_mid_hand()
    start_chips = list(data["table"]["hand_start_chips"])
    assert start_chips != list(live.chips)  # the hand really was under way
    if change == "an action the rules now refuse":
        tamper_last_action(data, "Bet", {"amount": 10**6})
    elif change == "an action this version does not know":
        tamper_last_action(data, "Teleport", {})
    elif change == "a chance draw that gives another card":
        entry = next(e for e in reversed(data["journal"]) if e[0] == "c")
        entry[1] = [(v + 1) % 2 if isinstance(v, int) else v for v in entry[1]]
    else:
        data["base"]["params"]["options"]["hyperdrive"] = True
    back = TableSnapshot.from_json(json.loads(json.dumps(data)))
    assert back.abandoned is not None
    assert list(back.state.chips) == start_chips
    assert back.state.to_act() in (BETWEEN, CHANCE)  # a fresh hand follows
    assert back.table["hand_events"] == [] and back.table["hand_start_chips"] == start_chips


def test_an_abandoned_hand_is_told_and_the_rest_of_the_save_kept(tmp_path: Any) -> None:
    data, _ = saved_mid_hand()
    tamper_last_action(data, "Bet", {"amount": 10**6})
    payload = {"kind": "campaign", "campaign": {"credits": 120}, "table": data}
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps({**payload, "schema_version": 2}), encoding="utf-8")
    told: list[str] = []
    slot = SaveSlot("campaign", tmp_path, told.append)
    snapshot = slot.load_table()
    assert snapshot is not None and snapshot.abandoned is not None
    assert slot.current()["campaign"] == {"credits": 120}
    assert len(told) == 1 and "abandoned" in told[0] and "chips they had" in told[0]
    assert "Error" not in told[0] and "10000" not in told[0]  # plain words, no exception text
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("campaign.json.corrupt-")]
    assert len(copies) == 1 and json.loads(copies[0].read_text("utf-8"))["table"] == data


@pytest.mark.parametrize("preset", __import__("game.games").games.get("sabacc").preset_names)
def test_every_sabacc_rule_set_saves_as_moves_and_replays_exactly(preset: str) -> None:
    """Variants with their own engines (Kessel, Corellian Spike, Coruscant Shift) too:
    the save names their engine and options, and their actions wherever they live."""
    from game import games

    sabacc_game = games.get("sabacc")
    rng = random.Random(21)
    state = record("sabacc", sabacc_game.new_state(4, sabacc_game.sim_chips_for(preset), preset))
    for _ in range(400):
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == CHANCE:
            resolve_chance(state, rng)
        elif who == BETWEEN:
            state.start_next()
        else:
            state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(TableSnapshot("sabacc", state, {"chance": rng}, {}).to_json()))
    assert "legacy" not in data["base"] and "$obj" not in json.dumps(data)
    back = TableSnapshot.from_json(data)
    assert back.abandoned is None
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
    tamper_last_action(data["table"], "Teleport", {})
    path.write_text(json.dumps(data), "utf-8")
    told: list[str] = []
    again = Campaign.load(tmp_path, told.append, data_directory=tmp_path)
    assert again.session is not None and list(again.session.state.chips) == start
    assert again.session.hand_events == []
    assert again.progress.to_json() == campaign.progress.to_json()
    assert len(told) == 1 and "abandoned" in told[0]
    assert path.exists() and len(list(tmp_path.glob("campaign.json.corrupt-*"))) == 1


def _states_for_every_engine() -> list[tuple[str, Any]]:
    from game import games

    sabacc_game = games.get("sabacc")
    made: list[tuple[str, Any]] = [(game, lambda game=game: MAKERS[game]()) for game in MAKERS]
    for preset in sabacc_game.preset_names:
        made.append(
            (
                "sabacc",
                lambda preset=preset: sabacc_game.new_state(
                    4, sabacc_game.sim_chips_for(preset), preset
                ),
            )
        )
    return made


@pytest.mark.parametrize("seed", [5, 9])
def test_an_autosave_encoded_on_the_writer_holds_the_table_as_it_was_taken(seed: int) -> None:
    """An autosave gathers the views and events and hands their encoding to the file
    writer's thread: however far the table has moved on by the time the writer gets to
    it, the file holds exactly what an at-once save held (every engine, every rule set)."""
    from game.storage.serialize import encode_later, json_default

    for game, make in _states_for_every_engine():
        rng = random.Random(seed)
        state = record(game, make())
        events: list[Any] = []
        play(state, rng, 120)
        start_view = state.view(0)
        for _ in range(6):  # some of a hand's events, as a driver keeps them
            who = state.to_act()
            if who < 0:
                break
            events.extend(state.apply(rng.choice(state.legal_actions())))
        table = {"names": ["You", "Ana"], "config": {"seats": [1, 2]}}
        now = {"hand_events": list(events), "start": start_view}
        plain = {key: encode(value) for key, value in now.items()}
        gathered = {key: encode_later(value) for key, value in now.items()}
        at_once = json.dumps(
            TableSnapshot(game, state, {"chance": rng}, {**table, **plain}).to_json()
        )
        later = TableSnapshot(game, state, {"chance": rng}, {**table, **gathered}).to_json(
            later=True
        )
        table["names"].append("Bo")  # the table's own data changes: the save's does not
        play(state, rng, 200, stop_mid_hand=False)  # and the match goes on
        events.append(events[0] if events else None)
        assert json.dumps(later, default=json_default) == at_once, game
        back = TableSnapshot.from_json(json.loads(at_once))
        assert back.abandoned is None


def test_a_slot_resumes_the_table_it_autosaved_without_reading_it_back(tmp_path: Any) -> None:
    from game.storage.files import flush_writes

    rng = random.Random(3)
    state = record("brag", MAKERS["brag"]())
    play(state, rng, 60)
    slot = SaveSlot("quickplay", tmp_path)
    assert slot.autosave(TableSnapshot("brag", state, {"chance": rng}, {"seen": 1}))
    snapshot = slot.load_table()  # from the slot's memory: the encodings made on demand
    assert snapshot is not None and snapshot.abandoned is None
    assert encode(snapshot.state.engine) == encode(state.engine)
    flush_writes()
    on_disk = json.loads(slot.path.read_text("utf-8"))["table"]
    assert on_disk == json.loads(
        json.dumps(TableSnapshot("brag", state, {"chance": rng}, {"seen": 1}).to_json())
    )
