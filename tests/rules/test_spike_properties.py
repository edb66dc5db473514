"""Invariants of Corellian Spike and Coruscant Shift under random play:
chips and cards conserved, every game ends, same seed -> same game, and no
view leaks a card its seat may not know."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import make_player
from game.rules import coruscant as co
from game.rules import spike
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL

MAX_ACTIONS_PER_HAND = 400

spike_options = st.builds(
    spike.SpikeOptions,
    hand_ante=st.integers(1, 3),
    sabacc_ante=st.integers(0, 2),
    betting=st.booleans(),
    fees=st.sampled_from(spike.FEES),
    strict_one_pair=st.booleans(),
    exact_named_hands=st.booleans(),
    bet_after_dice=st.booleans(),
)
coruscant_options = st.builds(
    co.CoruscantOptions,
    selections=st.sampled_from([1, 2]),
    ante_step=st.sampled_from(co.ANTE_STEPS),
    ante=st.integers(1, 4),
    min_bet=st.integers(1, 3),
    pure_sabacc=st.booleans(),
)


def scrambled(state: Any, seat: int, rng: random.Random) -> Any:
    """A copy in which every card ``seat`` cannot see is swapped with a draw-pile card."""
    other = state.clone()
    for s in range(other.num_seats):
        if s == seat or other.revealed[s] is not None:
            continue
        piles = [other.hands[s]] + ([other.selected[s]] if hasattr(other, "selected") else [])
        for pile in piles:
            for i, card in enumerate(pile):
                if not other.deck:
                    continue
                j = rng.randrange(len(other.deck))
                pile[i], other.deck[j] = other.deck[j], card
                if hasattr(other, "new_cards") and card in other.new_cards[s]:
                    other.new_cards[s][other.new_cards[s].index(card)] = pile[i]
    return other


def play(
    make: Any, options: Any, seed: int, players: int, games: int, levels: list[str]
) -> list[str]:
    rng = random.Random(seed)
    state = make(players, options=options, chips=30, seed_dealer=seed % players)
    bots = [
        make_player("sabacc", levels[i % len(levels)], preset=options.preset)
        for i in range(players)
    ]
    seat_rngs = [random.Random(seed + i) for i in range(players)]
    chips = state.total_chips()
    deck = Counter(kc.full_deck())
    trace: list[str] = []
    steps = 0
    while state.completed < games:
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            for s in range(players):
                if not state.can_continue(s):
                    state.rebuy(s, 30)
                    chips += 30
            events = state.start_next()
            steps = 0
        elif who == CHANCE:
            events = state.sample_chance(rng)
        else:
            view = state.view(who)
            assert view == scrambled(state, who, rng).view(who), "a view shows a hidden card"
            assert all(e.for_seat(None) == e for e in view.log)
            action = bots[who].choose(view, state.legal_actions(), seat_rngs[who])
            events = state.apply(action)
            steps += 1
            assert steps < MAX_ACTIONS_PER_HAND, "a game did not end"
        trace.extend(repr(e) for e in events)
        assert state.total_chips() == chips
        assert Counter(state.all_cards()) == deck
        assert min(state.chips) >= 0
    return trace


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), options=spike_options)
def test_spike_conserves_chips_and_cards_and_ends(
    seed: int, players: int, options: spike.SpikeOptions
) -> None:
    play(spike.new_game, options, seed, players, 4, ["random", "easy"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), options=coruscant_options)
def test_coruscant_conserves_chips_and_cards_and_ends(
    seed: int, players: int, options: co.CoruscantOptions
) -> None:
    play(co.new_game, options, seed, players, 4, ["random", "easy"])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_same_seed_same_game(seed: int, players: int) -> None:
    for make, options in (
        (spike.new_game, spike.SpikeOptions()),
        (co.new_game, co.CoruscantOptions()),
    ):
        levels = ["hard", "normal", "easy", "random"]
        a = play(make, options, seed, players, 2, levels)
        b = play(make, options, seed, players, 2, levels)
        assert a == b
