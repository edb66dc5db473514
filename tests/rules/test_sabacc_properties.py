"""Invariants of the Sabacc engine over thousands of random games (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import make_player
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.sabacc_presets import SabaccOptions

MAX_ACTIONS_PER_HAND = 3000

options_strategy = st.builds(
    SabaccOptions,
    interference_field=st.booleans(),
    wookiee=st.booleans(),
    bombout_penalty=st.booleans(),
    failed_call_penalty=st.booleans(),
    random_sabacc=st.booleans(),
    value_rule=st.sampled_from(["standard", "suit-signs"]),
    min_rounds=st.integers(0, 4),
)


def _hidden_leak(view: sb.SabaccView, state: sb.SabaccState) -> bool:
    """Does ``view`` show any card of another seat that is not public?"""
    for e in view.log:
        if e.for_seat(None) != e:
            return True
    return view.hand != tuple(state.hands[view.seat])


def play_random_match(
    seed: int, players: int, options: SabaccOptions, hands: int, levels: list[str]
) -> tuple[list[int], list[str]]:
    rng = random.Random(seed)
    state = sb.new_game(players, options=options, chips=30, seed_dealer=seed % players)
    bots = [make_player("sabacc", levels[i % len(levels)]) for i in range(players)]
    deck = Counter(sc.standard_deck())
    chips_in_play = state.total_chips()
    trace: list[str] = []
    actions_this_hand = 0
    while state.completed < hands:
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            for seat in range(players):
                if not state.can_continue(seat):
                    state.rebuy(seat, 30)
                    chips_in_play += 30
            events = state.start_next()
            actions_this_hand = 0
        elif who == CHANCE:
            events = state.sample_chance(rng)
        else:
            view = state.view(who)
            assert not _hidden_leak(view, state)
            action = bots[who].choose(view, state.legal_actions(), rng)
            events = state.apply(action)
            actions_this_hand += 1
            assert actions_this_hand < MAX_ACTIONS_PER_HAND, "a hand did not end"
        trace.extend(repr(e) for e in events)
        # Chips and cards are conserved at every step.
        assert state.total_chips() == chips_in_play
        assert Counter(state.all_cards()) == deck
        assert min(state.chips) >= 0 and state.hand_pot >= 0 and state.sabacc_pot >= 0
    return state.chips, trace


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 8),
    options=options_strategy,
)
def test_random_matches_conserve_chips_and_cards_and_end(
    seed: int, players: int, options: SabaccOptions
) -> None:
    play_random_match(seed, players, options, hands=8, levels=["random", "easy"])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_same_seed_replays_the_same_game(seed: int, players: int) -> None:
    a = play_random_match(seed, players, SabaccOptions(), hands=5, levels=["easy", "random"])
    b = play_random_match(seed, players, SabaccOptions(), hands=5, levels=["easy", "random"])
    assert a == b


def test_views_never_show_hidden_cards_of_other_seats() -> None:
    rng = random.Random(5)
    state = sb.new_game(4)
    state.start_next()
    seen = 0
    while state.completed < 30:
        who = state.to_act()
        if who == BETWEEN:
            for seat in range(4):
                if not state.can_continue(seat):
                    state.rebuy(seat, 100)
            state.start_next()
            continue
        if who == CHANCE:
            state.sample_chance(rng)
            continue
        for seat in range(4):
            v = state.view(seat)
            assert v.hand == tuple(state.hands[seat])
            text = repr(v)
            for other in range(4):
                if other != seat and state.in_hand[other] and state.revealed[other] is None:
                    # Another seat's hidden cards appear nowhere in this view:
                    # not as codes in events nor as ints in a hand field.
                    assert all(
                        getattr(e, "card", None) is None
                        for e in v.log
                        if getattr(e, "seat", None) == other
                        and e.kind in ("CardDealt", "CardDrawn")
                    )
            seen += len(text) > 0
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert seen > 100


def test_two_thousand_random_hands_keep_every_invariant() -> None:
    """Thousands of hands of pure random play, invariants checked at every step."""
    for seed in range(40):
        play_random_match(
            seed, 2 + seed % 7, SabaccOptions(interference_field=seed % 2 == 0), 50, ["random"]
        )
