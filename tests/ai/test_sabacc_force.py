"""Force Sabacc decisions of the normal and hard players (ai/sabacc_force.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import make_player
from ai import sabacc_force as sf
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL


def _play(level: str, hands: int, seed: int) -> tuple[list[Any], dict[str, int]]:
    """``hands`` Force hands with ``level`` in every seat, every decision asked
    of ``sabacc_force.decide`` directly (calling the hand included) and
    checked legal; the players and how many decisions each phase had."""
    state = sb.new_game(4, preset="force")
    chance = random.Random(seed)
    players = [make_player("sabacc", level) for _ in range(4)]
    rngs = [random.Random(seed * 7 + i) for i in range(4)]
    phases: dict[str, int] = {}
    state.start_next()
    done = 0
    while done < hands:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            done += 1
            for seat in range(4):
                if not state.can_continue(seat):
                    state.rebuy(seat, 100)
            state.start_next()
        else:
            view = state.view(who)
            legal = state.legal_actions()
            action = sf.decide(players[who], view, legal, rngs[who])
            assert action in legal, (view.phase, action, legal)
            phases[view.phase] = phases.get(view.phase, 0) + 1
            state.apply(action)
    return players, phases


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_force_phase_is_answered_legally_without_easy(level: str) -> None:
    _, phases = _play(level, 4, 3)
    # Declaring, betting, calling the hand and the final discard all came up
    # and every one was answered by the Force strategy itself (a hand-off to
    # easy is ``None``, which ``_play`` finds not legal).
    assert set(phases) == {sb.DECLARING, sb.BETTING, sb.CALLING, sb.FINAL_DISCARD}
    assert phases[sb.DECLARING] == 16


def _calling_state(my_values: tuple[int, ...], side: str) -> sb.SabaccState:
    """A fresh Force hand driven to the call after the third betting round
    (everyone checks), with seat 0's hand replaced by suit cards of
    ``my_values`` (the replaced cards go back to the deck) and seat 0
    playing ``side``."""
    state = sb.new_game(4, preset="force")
    chance = random.Random(11)
    state.start_next()
    while not (state.phase == sb.CALLING and state.to_act() >= 0):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif state.phase == sb.DECLARING:
            state.apply(sb.DECLARE_LIGHT if who % 2 == 0 else sb.DECLARE_DARK)
        else:
            state.apply(sb.CHECK)
    state.deck.extend(state.hands[0])
    my_cards = _from_deck(state, my_values)
    for c in my_cards:
        state.deck.remove(c)
    state.hands[0] = list(my_cards)
    state.inverted[0] = []
    state.sides[0] = side
    state.seat = 0
    state.pending = [0, 1, 2, 3]
    return state


def _from_deck(state: sb.SabaccState, values: tuple[int, ...]) -> list[int]:
    """Suit cards of these values still in the deck (one each)."""
    out: list[int] = []
    for v in values:
        out.append(
            next(c for c in state.deck if c < sc.FIRST_FACE and c % 15 + 1 == v and c not in out)
        )
    return out


def test_normal_calls_the_hand_on_a_pure_sabacc() -> None:
    # 15 + 5 + 3 = +23 on Light: nothing the fourth card brings can hurt (it
    # can be discarded), so normal's share clears its bar and it calls.
    state = _calling_state((15, 5, 3), sb.LIGHT)
    view = state.view(0)
    assert view.my_total == 23
    player = make_player("sabacc", "normal")
    assert sf.decide(player, view, state.legal_actions(), random.Random(2)) == sb.CALL_HAND


def test_hard_keeps_the_betting_open_on_a_pure_sabacc() -> None:
    # The same +23: the fourth card comes whether or not the hand is called,
    # so calling only gives up the fourth betting round.  Hard's playouts see
    # the chips a made hand wins there and pass.
    state = _calling_state((15, 5, 3), sb.LIGHT)
    view = state.view(0)
    player = make_player("sabacc", "hard")
    assert sf.decide(player, view, state.legal_actions(), random.Random(2)) == sb.PASS_CALL


def test_final_discard_drops_the_card_that_makes_23() -> None:
    # 15 + 10 + 5 + 8 = 38 bombs out; letting the 15 go leaves exactly 23.
    state = _calling_state((10, 5, 8), sb.LIGHT)
    state.apply(sb.CALL_HAND)
    chance = random.Random(1)
    while state.to_act() == CHANCE:
        state.sample_chance(chance)
    assert state.phase == sb.FINAL_DISCARD
    # Seat 0's fourth card becomes a 15.
    state.deck.append(state.hands[0].pop())
    fifteen = _from_deck(state, (15,))[0]
    state.deck.remove(fifteen)
    state.hands[0].append(fifteen)
    state.inverted[0] = []
    state.sides[0] = sb.LIGHT
    state.seat = 0
    state.pending = [s for s in (0, 1, 2, 3) if state.in_hand[s]]
    view = state.view(0)
    assert view.my_total == 38
    for level in ("normal", "hard"):
        player = make_player("sabacc", level)
        action = sf.decide(player, view, state.legal_actions(), random.Random(4))
        assert action == sb.Discard(fifteen)


def test_hard_is_the_same_for_the_same_seed() -> None:
    # A close call, searched by playouts: the same seed, the same answer and
    # the same draws from the generator.
    state = _calling_state((10, 9, 1), sb.LIGHT)
    view = state.view(0)
    legal = state.legal_actions()
    player = make_player("sabacc", "hard")
    answers = set()
    tails = set()
    for _ in range(3):
        rng = random.Random(77)
        answers.add(sf.decide(player, view, legal, rng))
        tails.add(rng.random())
    assert len(answers) == 1 and len(tails) == 1


def test_share_counts_only_a_winning_side() -> None:
    # Light 20 and Light 18 against Dark 22: Light scores 38, Dark 22, so
    # Light wins and its best hand (20) takes the pot even though Dark's 22
    # is the best hand at the table.
    hands = {0: (100 + 2 * (20 - 23) + 1, 20, False, False)}
    hands[1] = (100 + 2 * (18 - 23) + 1, 18, False, False)
    hands[2] = (100 + 2 * (22 - 23), 22, False, False)
    sides = {0: sb.LIGHT, 1: sb.LIGHT, 2: sb.DARK}
    assert sf.force_share(hands, sides, 0) == 1.0
    assert sf.force_share(hands, sides, 2) == 0.0


def _first_opening() -> tuple[sb.SabaccState, sb.SabaccView]:
    """The lead's first decision of a fresh Force hand (everyone on Light)."""
    state = sb.new_game(4, preset="force")
    chance = random.Random(5)
    state.start_next()
    while not (state.phase == sb.BETTING and state.to_act() >= 0):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        else:
            state.apply(sb.DECLARE_LIGHT)
    return state, state.view(state.to_act())


def test_hard_opens_big_enough_to_take_the_antes() -> None:
    # The four antes are the pot.  Hard opens 9: a caller puts in 9 to win
    # 13 and saves the fold fee, so the pot odds ask for (9 - 1) / 13 = 62%
    # of the pot, which no single early card gives anyone in a four-hand pot.
    state, view = _first_opening()
    assert view.hand_pot == 4 and view.to_act == view.lead
    hard = make_player("sabacc", "hard")
    assert sf.decide(hard, view, state.legal_actions(), random.Random(1)) == sb.Bet(9)
    # Normal bets only what its share is worth: with one card, nothing much.
    normal = make_player("sabacc", "normal")
    assert sf.decide(normal, view, state.legal_actions(), random.Random(1)) in (
        sb.CHECK,
        sb.Bet(1),
        sb.Bet(2),
        sb.Bet(3),
    )
