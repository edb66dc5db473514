"""Random illegal calls at random moments of the modern Sabacc engines (issue 14).

Kessel (and its shift tokens), Corellian Spike and Coruscant Shift are played by
random legal moves; at random moments the fuzzer builds every action of the
engine with fields no moment allows (other seats' cards, card numbers past the
deck, fractional, negative, huge and non-numeric values, unknown tokens and
sources) and the calls of ``test_engine_fuzz`` (chance outcomes not on offer,
re-buys of seats that do not exist, a new hand mid-hand). Each must be refused
with ``ValueError`` (``TypeError`` for a value of the wrong Python type) and
leave the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from test_engine_fuzz import HUGE, NOT_NUMBERS, ODD_NUMBERS, Match
from test_engine_fuzz import fuzz as fuzz_with

from game.rules import coruscant, kessel, spike
from game.rules import spike_base as sb
from game.rules.base import BETWEEN, CHANCE, TERMINAL

GAMES = ["kessel", "kessel-shift", "corellian-spike", "coruscant-shift"]
WEIRD_TEXT: list[Any] = ["", "sand", "blood", "nope", "SAND", None, 3, 1.5, ("sand",)]


def new_match(game: str, rng: random.Random) -> Match:
    players = rng.randint(2, 6)
    if game.startswith("kessel"):
        state: Any = kessel.new_game(players, preset=game)
        return Match(state, game, state.chips[0])
    chips = rng.choice([5, 20, 100])
    if game == "corellian-spike":
        state = spike.new_game(players, chips=chips, seed_dealer=rng.randrange(players))
    else:
        state = coruscant.new_game(players, chips=chips, seed_dealer=rng.randrange(players))
    return Match(state, game, chips)


def _values(rng: random.Random, top: int) -> list[Any]:
    return (
        rng.sample(NOT_NUMBERS, 2)
        + rng.sample(ODD_NUMBERS, 3)
        + rng.sample(HUGE, 2)
        + [rng.randint(0, top) for _ in range(4)]
    )


def _field_values(field: dataclasses.Field[Any], rng: random.Random) -> list[Any]:
    kind = str(field.type)
    if "tuple" in kind:  # a selection or a pick of tokens
        singles = _values(rng, 70) + WEIRD_TEXT[:4]
        out: list[Any] = [tuple(rng.sample(singles, k)) for k in (1, 2, 3)]
        return out + [(5, 5), (1, 2, 3, 4, 5, 6, 7), None, "ab", 3]
    if "str" in kind:
        texts = list(kessel.TOKENS) + list(kessel.SOURCES) if hasattr(kessel, "SOURCES") else []
        return WEIRD_TEXT + rng.sample(texts, min(3, len(texts)))
    return _values(rng, 70)


def _actions(module: Any, rng: random.Random) -> list[Any]:
    kinds = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
        and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
        and not value.__name__.endswith(("View", "Options"))
    ]
    acts: list[Any] = []
    for kind in kinds:
        fields = dataclasses.fields(kind)
        if not fields:
            acts.append(kind())
            continue
        for _ in range(4):
            acts.append(kind(*(rng.choice(_field_values(f, rng)) for f in fields)))
    return acts


def illegal_calls(match: Match, rng: random.Random) -> list[tuple[str, Any]]:
    state = match.state
    who = state.to_act()
    module = kessel if match.game.startswith("kessel") else sb
    legal = {repr(a) for a in state.legal_actions()} if who >= 0 else set()
    calls: list[tuple[str, Any]] = []
    foreign: list[Any] = [None, "stand", 3, kessel.Stand(), sb.CHECK, sb.Select((1,))]
    for action in _actions(module, rng) + foreign:
        if repr(action) in legal:
            continue
        calls.append((f"apply({action!r})", lambda a=action: state.apply(a)))
    on_offer = {repr(o) for o, _ in state.chance_outcomes()} if who == CHANCE else set()
    for outcome in _values(rng, 80) + [-1, 99, "s1", "+7o"]:
        if repr(outcome) not in on_offer:
            calls.append((f"apply_chance({outcome!r})", lambda o=outcome: state.apply_chance(o)))
    n = state.num_seats
    for seat in [n, 99, -1, 1.5, None, "0", True]:
        calls.append((f"rebuy({seat!r}, 5)", lambda s=seat: state.rebuy(s, 5)))
        calls.append((f"view({seat!r})", lambda s=seat: state.view(s)))
    for amount in [0, -5, 1.5, None, "5", True]:
        calls.append((f"rebuy(0, {amount!r})", lambda a=amount: state.rebuy(0, a)))
    if who not in (BETWEEN, TERMINAL):
        calls.append(("rebuy(0, 5) mid-hand", lambda: state.rebuy(0, 5)))
    if who != BETWEEN:
        calls.append(("start_next()", state.start_next))
    if who != CHANCE:
        calls.append(("sample_chance()", lambda: state.sample_chance(random.Random(0))))
    rng.shuffle(calls)
    return calls


def fuzz(game: str, seed: int, steps: int, rate: float, per_point: int) -> int:
    return fuzz_with(game, seed, steps, rate, per_point, new_match, illegal_calls)


@pytest.mark.parametrize("game", GAMES)
def test_illegal_calls_are_refused_and_change_nothing(game: str) -> None:
    refused = sum(fuzz(game, seed, steps=250, rate=0.1, per_point=8) for seed in range(3))
    assert refused > 60  # the fuzzer did reach the engine


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_illegal_calls_soak(game: str) -> None:
    for seed in range(1000, 1030):
        fuzz(game, seed, steps=1500, rate=0.1, per_point=12)
