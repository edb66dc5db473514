"""Engine state + RNG <-> JSON: a saved and reloaded game plays on exactly like the original."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ai import make_player
from game.rules import brag, ninehalf, sabacc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.storage.generators import SeededRandom
from game.storage.serialize import (
    SerializeError,
    TableSnapshot,
    decode,
    encode,
    rng_from_json,
    rng_to_json,
)


def new_match(game: str, preset: str = "classic") -> Any:
    if game == "sabacc":
        return sabacc.new_game(4, preset=preset, chips=60)
    if game == "brag":
        return brag.new_game(3, chips=60)  # spare hands in play
    return ninehalf.new_game(4, chips=40)


def play(
    state: Any, chance: random.Random, seats: list[random.Random], game: str, steps: int
) -> list[Event]:
    """Drive ``steps`` engine steps with easy bots; returns every event in order."""
    bots = [make_player(game, "easy") for _ in range(state.num_seats)]
    events: list[Event] = []
    for _ in range(steps):
        who = state.to_act()
        if who == CHANCE:
            events.extend(state.sample_chance(chance))
        elif who == BETWEEN:
            events.extend(state.start_next())
        elif who == TERMINAL:
            break
        else:
            action = bots[who].choose(state.view(who), state.legal_actions(), seats[who])
            events.extend(state.apply(action))
    return events


GAMES = [
    ("sabacc", "classic"),
    ("sabacc", "centran"),
    ("sabacc", "random"),
    ("brag", ""),
    ("ninehalf", ""),
]


@pytest.mark.parametrize(("game", "preset"), GAMES)
@pytest.mark.parametrize("cut", [37, 211])
def test_saved_mid_hand_game_continues_like_the_unsaved_one(
    game: str, preset: str, cut: int
) -> None:
    state = new_match(game, preset or "classic")
    chance = SeededRandom(1234)
    seats: list[random.Random] = [SeededRandom(100 + i) for i in range(state.num_seats)]
    play(state, chance, seats, game, cut)
    assert state.to_act() not in (TERMINAL,)

    snapshot = TableSnapshot(
        game,
        state,
        {"chance": chance, **{f"seat{i}": r for i, r in enumerate(seats)}},
        {"hands_seen": 3},
    )
    text = json.dumps(snapshot.to_json())
    assert "pickle" not in text
    restored = TableSnapshot.from_json(json.loads(text))
    assert restored.state.__class__ is type(state)  # the engine class, journal-wrapped
    assert restored.table["hands_seen"] == 3

    original = play(state, chance, seats, game, 400)
    copy_seats = [restored.rngs[f"seat{i}"] for i in range(state.num_seats)]
    resumed = play(restored.state, restored.rngs["chance"], copy_seats, game, 400)
    assert [e.to_dict() for e in resumed] == [e.to_dict() for e in original]
    assert len(original) > 20  # the continuation really played on
    assert restored.state.chips == state.chips
    assert restored.state.wins == state.wins


def test_random_generator_round_trips_exactly() -> None:
    rng = random.Random(99)
    rng.random()
    rng.gauss(0, 1)  # leaves a cached gauss_next, which must survive too
    copy = rng_from_json(json.loads(json.dumps(rng_to_json(rng))))
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    assert copy.gauss(0, 1) == rng.gauss(0, 1)


def test_values_keep_their_types() -> None:
    options = sabacc.SabaccOptions(preset="classic", value_rule="suit-signs", min_rounds=3)
    value = {
        "pair": (1, (2, 3)),
        4: [None, True, 1.5, float("inf")],
        "set": frozenset({3, 1}),
        "phase": brag.Phase.SETTING,
        "options": options,
    }
    back = decode(json.loads(json.dumps(encode(value))))
    assert back == value
    assert type(back["pair"]) is tuple and back["phase"] is brag.Phase.SETTING
    assert back["options"].value_rule == "suit-signs"


@pytest.mark.parametrize(
    "bad",
    [
        {"$obj": "os:system", "attrs": {}},
        {"$dc": "subprocess:Popen", "fields": {}},
        {"$obj": "game.rules.sabacc:__class__", "attrs": {}},
        {"$dc": "game.rules.sabacc:Nope", "fields": {}},
        {"$dc": "game.rules.sabacc_presets:SabaccOptions", "fields": {"deck": "tarot"}},
        {"$dc": "game.rules.sabacc_presets:SabaccOptions", "fields": {"colour": 1}},
        {"$tuple": 5},
        {"$enum": "game.rules.brag:Phase", "value": "napping"},
        {"plain": "dict"},
        {"version": 3, "internal": "x"},
    ],
)
def test_malformed_or_foreign_data_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(SerializeError):
        decode(bad)


def test_state_missing_an_attribute_is_refused() -> None:
    data = encode(sabacc.new_game(3))
    del data["attrs"]["hand_pot"]
    with pytest.raises(SerializeError, match="hand_pot"):
        decode(data)


def test_values_from_outside_the_allow_list_cannot_be_saved() -> None:
    with pytest.raises(SerializeError):
        encode(random.Random(1))
    with pytest.raises(SerializeError):
        TableSnapshot("sabacc", 1, {}, {"bad": object()}).to_json()
