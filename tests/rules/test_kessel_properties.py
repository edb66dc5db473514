"""Invariants of the Kessel engine over many random games (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import kessel
from game.rules import kessel_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL

option_sets = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(kessel.PRESETS),
        "buy_in": st.sampled_from(sorted(kessel.BUY_INS)),
        "early_reveal": st.booleans(),
        "impostor_roll": st.sampled_from(["per-card", "shared"]),
        "token_mode": st.sampled_from(["choose", "random", "draft"]),
        "tax_to": st.sampled_from(["burn", "pot"]),
        "embezzle_from": st.sampled_from(["pot", "stock"]),
        "audit_timing": st.sampled_from(["retrospective", "prospective"]),
        "cook_keeps_pure": st.booleans(),
        "prime_above_pure": st.booleans(),
        "sylop_bonus": st.booleans(),
    }
)


def play_game(opts: dict[str, object], players: int, seed: int) -> tuple[kessel.KesselState, int]:
    """Random legal play to the end of a game, checking invariants at every step."""
    if opts["token_mode"] == "draft":
        players = min(players, 5)
    s = kessel.new_game(players, **opts)  # type: ignore[arg-type]
    rng = random.Random(seed)
    census = Counter(s.all_cards())
    start = sum(s.chips)
    steps = 0
    while s.to_act() != TERMINAL:
        who = s.to_act()
        if who == CHANCE:
            events = s.sample_chance(rng)
        elif who == BETWEEN:
            events = s.start_next()
        else:
            legal = s.legal_actions()
            assert legal, "a seat to act always has a legal action"
            if s.phase == kessel.TURN:
                # The list is exactly what apply() accepts among every candidate.
                cands: list[object] = [kessel.Stand()]
                cands += [kessel.Draw(src) for src in kessel.SOURCES]
                for tok in kessel.TOKENS:
                    cands += [kessel.PlayToken(tok, t) for t in [None, *range(s.num_seats)]]
                accepted = [a for a in cands if s._why_illegal(a) is None]
                assert sorted(map(str, accepted)) == sorted(map(str, legal))
            events = s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20_000, "the game must end"
        # Chips: every chip is in a stock, a pot, or counted as destroyed.
        assert sum(s.chips) + sum(s.pots) + s.destroyed == start
        assert min(s.chips) >= 0 and min(s.pots) >= 0
        destroyed = sum(e.amount for e in events if isinstance(e, ev.ChipsDestroyed))
        assert destroyed >= 0
        assert Counter(s.all_cards()) == census
        for seat in range(s.num_seats):
            if s.in_game[seat] and s.hands[seat] and s.phase != kessel.SETUP:
                fams = [c // 8 for c in s.hands[seat]]
                assert fams in ([0, 1], [], [0], [1]) or s.phase == kessel.DRAWN
    return s, start


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option_sets, st.integers(2, 8), st.integers(0, 2**32))
def test_every_game_ends_with_chips_conserved_or_destroyed(
    opts: dict[str, object], players: int, seed: int
) -> None:
    s, start = play_game(opts, players, seed)
    assert sum(s.pots) == 0
    assert s.destroyed == start - sum(s.chips)
    assert len(s.game_winners) >= 1
    assert sum(s.credits) == s.credits_pot
    assert sum(1 for x in s.in_game if x) <= 1


@settings(max_examples=15, deadline=None)
@given(option_sets, st.integers(2, 6), st.integers(0, 2**32))
def test_same_seed_same_game(opts: dict[str, object], players: int, seed: int) -> None:
    a, _ = play_game(opts, players, seed)
    b, _ = play_game(opts, players, seed)
    assert (a.chips, a.wins, a.destroyed, a.completed) == (
        b.chips,
        b.wins,
        b.destroyed,
        b.completed,
    )
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(kessel.PRESETS), st.integers(2, 6), st.integers(0, 2**32))
def test_views_leak_no_hidden_cards_or_tokens(preset: str, players: int, seed: int) -> None:
    """Changing another seat's hidden hand and secret tokens never changes a view."""
    s = kessel.new_game(players, preset)
    rng = random.Random(seed)
    for _ in range(400):
        who = s.to_act()
        if who == TERMINAL:
            break
        if who == CHANCE:
            s.sample_chance(rng)
            continue
        if who == BETWEEN:
            s.start_next()
            continue
        viewer = rng.randrange(players)
        other = s.clone()
        changed = False
        for t in range(players):
            if t == viewer:
                continue
            if other.hands[t] and not other.revealed and other.piles[0]:
                old = other.hands[t][0]
                new = other.piles[0][0]
                other.hands[t][0], other.piles[0][0] = new, old
                changed = True
            if other.tokens[t] and not other.tokens_public:
                other.tokens[t] = [x for x in kessel.TOKENS if x not in other.tokens[t]][
                    : len(other.tokens[t])
                ]
                changed = True
        if changed:
            a, b = s.view(viewer), other.view(viewer)
            # Draw piles are face down: only their sizes show.
            assert a == b
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(kessel.PRESETS), st.integers(2, 5), st.integers(0, 2**32))
def test_chance_is_explicit_and_clones_are_independent(
    preset: str, players: int, seed: int
) -> None:
    """Every chance step lists outcomes summing to 1, each of which applies; a
    clone moves on without touching the original."""
    s = kessel.new_game(players, preset, token_mode="random")
    rng = random.Random(seed)
    for _ in range(300):
        who = s.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            s.start_next()
            continue
        if who == CHANCE:
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            pick = outcomes[rng.randrange(len(outcomes))][0]
            probe = s.clone()
            probe.apply_chance(pick)
            s.apply_chance(pick)
            assert s.view(0) == probe.view(0)
            continue
        before = s.view(who)
        legal = s.legal_actions()
        other = s.clone()
        other.apply(legal[rng.randrange(len(legal))])
        assert s.view(who) == before and s.legal_actions() == legal
        s.apply(legal[rng.randrange(len(legal))])
