"""The session layer drives a quick-play match without pygame, and a bot's thinking
never touches the generator that deals the cards."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

import ai
from game.rules import brag, ninehalf, sabacc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.session import QuickDriver, QuickPlayConfig, config_from_json, config_to_json
from game.storage.serialize import TableSnapshot


class Quiet:
    def __init__(self) -> None:
        self.told: list[str] = []

    def notify(self, message: str) -> None:
        self.told.append(message)


class Ponderer:
    """Makes the same choice as an easy bot with its own fixed generator, after
    drawing ``burn`` numbers from the generator it is handed (a bot that thinks
    more or less: a deeper search, a longer Monte Carlo run)."""

    def __init__(self, game: str, seat: int, burn: int) -> None:
        self.inner = ai.make_player(game, "easy")
        self.own = random.Random(1000 + seat)
        self.burn = burn

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        for _ in range(self.burn):
            rng.random()
        return self.inner.choose(view, legal, self.own)


def new_state(game: str, seats: int) -> Any:
    if game == "sabacc":
        return sabacc.new_game(seats, "classic", chips=100)
    if game == "brag":
        return brag.new_game(seats, chips=100)
    return ninehalf.new_game(seats, chips=40)


def play(game: str, burn: int, seed: int = 11, seats: int = 3, units: int = 3) -> list[Event]:
    """``units`` hands/deals of a quick-play match; every event, in order."""
    state = new_state(game, seats)
    bots = {seat: Ponderer(game, seat, burn) for seat in range(1, seats)}
    driver = QuickDriver(
        Quiet(),
        game,
        state,
        random.Random(seed),
        bots,
        ["You", "A", "B"][:seats],
        lambda: {},
        rebuy_to=100,
        seed=seed,
    )
    driver.saving = False
    you = Ponderer(game, 0, burn)
    events: list[Event] = []
    while driver.hands_done < units:
        who = state.to_act()
        if who == CHANCE:
            events += driver.chance()
        elif who == BETWEEN:
            events += driver.next_hand()
        elif who == TERMINAL:
            break
        elif who == 0:
            # The autoplayer (or the hint) thinks with seat 0's own generator.
            events += driver.human(
                you.choose(state.view(0), state.legal_actions(), driver.seat_rng(0))
            )
        else:
            choose, args = driver.bot_job(who)
            events += driver.bot_move(who, choose(*args))
    return events


@pytest.mark.parametrize("game", ["sabacc", "brag", "ninehalf"])
def test_thinking_more_or_less_never_changes_the_cards_dealt(game: str) -> None:
    calm = play(game, burn=0)
    assert sum("Dealt" in type(e).__name__ or "Drawn" in type(e).__name__ for e in calm) > 0
    assert play(game, burn=1) == calm
    assert play(game, burn=500) == calm


def test_each_seat_thinks_with_its_own_generator() -> None:
    state = sabacc.new_game(4, "classic")
    chance = random.Random(5)
    driver = QuickDriver(Quiet(), "sabacc", state, chance, {}, ["a"] * 4, lambda: {}, seed=5)
    rngs = [driver.seat_rng(seat) for seat in range(4)]
    assert len({id(r) for r in rngs}) == 4 and chance not in rngs
    # The same seed seeds the same seats; another seed other ones.
    again = QuickDriver(
        Quiet(), "sabacc", state, random.Random(5), {}, ["a"] * 4, lambda: {}, seed=5
    )
    other = QuickDriver(
        Quiet(), "sabacc", state, random.Random(6), {}, ["a"] * 4, lambda: {}, seed=6
    )
    firsts = [r.random() for r in rngs]
    assert firsts == [again.seat_rng(s).random() for s in range(4)]
    assert firsts != [other.seat_rng(s).random() for s in range(4)]


def test_the_seats_generators_are_saved_and_come_back() -> None:
    state = sabacc.new_game(3, "classic")
    driver = QuickDriver(
        Quiet(), "sabacc", state, random.Random(3), {}, ["a"] * 3, lambda: {}, seed=3
    )
    driver.seat_rng(2).random()
    snapshot = TableSnapshot.from_json(json.loads(json.dumps(driver.snapshot().to_json())))
    assert {"chance", "seat0", "seat1", "seat2"} <= set(snapshot.rngs)
    resumed = QuickDriver(
        Quiet(),
        "sabacc",
        state,
        snapshot.rngs["chance"],
        {},
        ["a"] * 3,
        lambda: {},
        resumed_rngs=snapshot.rngs,
        seed=3,
    )
    assert resumed.seat_rng(2).random() == driver.seat_rng(2).random()


def test_config_round_trips_through_json() -> None:
    config = QuickPlayConfig(
        game="ninehalf",
        opponents=("easy", "hard"),
        starting_chips=40,
        seed=9,
        house_rules=(("limit_choices", (2, 4)),),
    )
    assert config_from_json(config_to_json(config)) == config


def test_the_session_layer_imports_no_pygame() -> None:
    """The session layer, the registry (every entry's engine, options and players) and
    the simulator run without pygame."""
    code = (
        "import sys, pkgutil, importlib, game.session, game.games, game.sim, ai\n"
        "for m in pkgutil.iter_modules(game.session.__path__):\n"
        "    importlib.import_module('game.session.' + m.name)\n"
        "for g in game.games.all_games():\n"
        "    for v in g.variants or (game.games.Variant(''),):\n"
        "        g.new_state(g.seats[0], g.sim_chips, v.name or None)\n"
        "        g.make_player('hard', None, v.name or None)\n"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
