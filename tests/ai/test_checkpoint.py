"""The computer players' searches and table builds call ``ai.base.checkpoint`` between
steps; the app makes it wait while a frame is drawn when they run on a worker thread
(game.ui.frame_gate.install). A player notices none of it: the same seeds play the same
games, and a worker still finishes when no frame ever ends (the resting loop)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ai import base, coruscant_ai, make_player
from game.rules import coruscant as co
from game.rules import sabacc as sb
from game.rules import spike
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.ui import frame_gate

SEATS = ("hard", "normal", "hard")


NEW_GAME = {"classic": sb.new_game, "spike": spike.new_game, "coruscant": co.new_game}
PRESET = {"classic": "classic", "spike": "corellian-spike", "coruscant": "coruscant-shift"}


def play(preset: str, seed: int) -> list[Any]:
    """One seeded hand (a Spike game of three rounds) by SEATS: every action taken,
    chance and players', in order."""
    state: Any = NEW_GAME[preset](len(SEATS))
    name = PRESET[preset]
    players = [make_player("sabacc", level, preset=name) for level in SEATS]
    if preset == "spike":
        for player in players[::2]:
            # Spike's hard player ships with its search off (measured no stronger);
            # its variants search every card action and bet.
            player.search_cards, player.search_bets_from = True, 1
    deck_rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 10 + seat) for seat in range(len(SEATS))]
    taken: list[Any] = []
    state.start_next()
    while True:
        actor = state.to_act()
        if actor in (BETWEEN, TERMINAL):
            return taken
        if actor == CHANCE:
            outcome = state.sample_outcome(deck_rng)
            state.apply_chance(outcome)
            taken.append(("chance", outcome))
            continue
        action = players[actor].choose(state.view(actor), state.legal_actions(), seat_rngs[actor])
        state.apply(action)
        taken.append((actor, action))


@pytest.fixture
def hook() -> Iterator[Callable[[Callable[[], None] | None], None]]:
    yield base.set_checkpoint
    base.set_checkpoint(None)


@pytest.mark.parametrize("preset", ["classic", "spike", "coruscant"])
def test_the_same_seeds_play_the_same_games_with_a_checkpoint_that_yields(
    preset: str, hook: Callable[[Callable[[], None] | None], None]
) -> None:
    calls = 0

    def busy_checkpoint() -> None:
        # What a frame's wait does to a search: other code runs, the clock moves.
        nonlocal calls
        calls += 1
        random.random()  # the module's generator, never a seat's
        if calls % 64 == 0:
            time.sleep(0)

    for seed in (3, 8):
        plain = play(preset, seed)
        hook(busy_checkpoint)
        before = calls
        checked = play(preset, seed)
        hook(None)
        assert checked == plain
        assert calls > before  # the hard seats' searches went through the checkpoint


def _build_on_worker(key: tuple[int, int, bool]) -> tuple[threading.Thread, list[Any]]:
    built: list[Any] = []

    def work() -> None:
        coruscant_ai._FINISHED.pop(key, None)
        built.append(coruscant_ai._finished(*key))

    return threading.Thread(target=work, daemon=True), built


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(coruscant_ai, "_FINISHED", {})
    frame_gate.install()  # as the App does: the checkpoint gives way to frames
    yield
    frame_gate.frame_ends()
    base.set_checkpoint(None)


def test_a_table_built_on_a_worker_waits_while_a_frame_is_drawn(
    gate: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Coruscant's table of finished selections (about 12 ms of work) built on a
    worker makes no progress inside a frame, and is the table the loop would build."""
    monkeypatch.setattr(frame_gate, "LONGEST_WAIT", 5.0)
    expected = coruscant_ai._finished(5, 1, False)
    frame_gate.frame_begins()
    thread, built = _build_on_worker((5, 1, False))
    thread.start()
    time.sleep(0.15)
    assert not built  # held at a checkpoint while the frame is drawn
    frame_gate.frame_ends()
    thread.join(5)
    assert built == [expected]


def test_a_worker_finishes_when_no_frame_is_drawn_or_a_frame_never_ends(
    gate: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At rest the loop draws nothing: the worker runs free. A frame that never ends
    (it may be waiting for that worker) holds it once, for LONGEST_WAIT, not at every
    one of its 600 checkpoints."""
    monkeypatch.setattr(frame_gate, "LONGEST_WAIT", 0.05)
    for stuck in (False, True):
        if stuck:
            frame_gate.frame_begins()
        thread, built = _build_on_worker((-5, 2, False))
        started = time.perf_counter()
        thread.start()
        thread.join(5)
        assert built and time.perf_counter() - started < 1.5
        frame_gate.frame_ends()


def test_every_table_a_coruscant_seat_can_ask_for_is_built_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[int, int, bool]] = []
    monkeypatch.setattr(coruscant_ai, "_finished", lambda t, u, la: asked.append((t, u, la)))
    coruscant_ai.preload_tables()
    every = {(t, u, la) for t in co.GOLD_FACES for u in range(len(kc.STAVES)) for la in (0, 1)}
    assert set(asked) == every and len(asked) == len(every)


def _coruscant_decisions(count: int) -> list[tuple[Any, Any, list[Any], int]]:
    """The first bets of seeded Coruscant hands (selections made by ``normal``):
    (a hard player, its view, the legal actions, the seed of its generator); a hard
    bet searches 200 deals, 7-10 ms."""
    found: list[tuple[Any, Any, list[Any], int]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state: Any = co.new_game(3)
        deck_rng = random.Random(seed)
        normal = make_player("sabacc", "normal", preset="coruscant-shift")
        state.start_next()
        while state.to_act() not in (BETWEEN, TERMINAL):
            actor = state.to_act()
            if actor == CHANCE:
                state.apply_chance(state.sample_outcome(deck_rng))
            elif state.phase == co.BETTING:
                player = make_player("sabacc", "hard", preset="coruscant-shift")
                found.append((player, state.view(actor), state.legal_actions(), seed))
                break
            else:
                state.apply(normal.choose(state.view(actor), state.legal_actions(), deck_rng))
    return found


def test_a_seat_thinking_ahead_on_the_worker_chooses_what_it_would_choose_in_the_frame(
    gate: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kit table's seat starts its choice as its thinking pause starts
    (``think_ahead``) and takes it when the pause ends (``chosen``), inside a frame:
    the same choice as computed in the frame, and the frame does not wait LONGEST_WAIT
    for a worker that gives way to it (the gate opens while the loop waits)."""
    from game.scenes.kit import worker

    monkeypatch.setattr(worker.BackgroundChoice, "inline", False)
    monkeypatch.setattr(frame_gate, "LONGEST_WAIT", 5.0)
    for n, (player, view, legal, seed) in enumerate(_coruscant_decisions(4)):
        expected = player.choose(view, legal, random.Random(seed))
        key = ("table", n)
        worker.think_ahead(key, player.choose, (view, legal, random.Random(seed)))
        frame_gate.frame_begins()
        started = time.perf_counter()
        got = worker.chosen(key, player.choose, (view, legal, random.Random(seed)))
        assert time.perf_counter() - started < 2.0
        assert frame_gate.in_frame()  # still the frame's: the gate closed again
        frame_gate.frame_ends()
        assert got == expected
    # A decision nobody started ahead (another table, a catch-up) is computed at once.
    player, view, legal, seed = _coruscant_decisions(1)[0]
    assert worker.chosen(("other", 0), player.choose, (view, legal, random.Random(seed))) == (
        player.choose(view, legal, random.Random(seed))
    )
