"""Two-Exchange strategy of the normal and hard Sabacc players (ai/sabacc_twoex.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai import Personality, make_player
from ai import sabacc_twoex as tx
from ai.personalities import personality
from ai.sabacc_bots import EasySabaccPlayer
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL


def cards(*codes: str) -> tuple[int, ...]:
    return tuple(sc.parse(c) for c in codes)


def play(levels: list[str], hands: int, seed: int) -> tuple[list[Any], dict[str, int]]:
    """``hands`` Two-Exchange hands; every action is checked legal.  Returns
    the players and how many decisions each phase asked of them."""
    state = sb.new_game(len(levels), preset="two-exchange")
    chance = random.Random(seed)
    players = [make_player("sabacc", level) for level in levels]
    rngs = [random.Random(seed * 7 + i) for i in range(len(levels))]
    phases: dict[str, int] = {}
    for _ in range(50_000):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if state.completed >= hands or who == TERMINAL:
                break
            for s in range(state.num_seats):
                if not state.can_continue(s):
                    state.rebuy(s, 100)
            state.start_next()
        else:
            legal = state.legal_actions()
            action = players[who].choose(state.view(who), legal, rngs[who])
            assert action in legal, f"{levels[who]} chose {action} in {state.phase}: {legal}"
            phases[state.phase] = phases.get(state.phase, 0) + 1
            state.apply(action)
    return players, phases


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_decision_is_legal_and_its_own(level: str) -> None:
    players, phases = play([level] * 4, hands=6, seed=3)
    # Hitting, both exchanges and the betting were all asked for ...
    assert phases[sb.HITTING] > 10 and phases[sb.EXCHANGING] > 10 and phases[sb.BETTING] > 4
    # ... and none of them went to the easy player.
    assert [p.fallbacks for p in players] == [0, 0, 0, 0]


def test_mixed_table_stays_legal() -> None:
    players, _ = play(["hard", "normal", "easy", "random"], hands=6, seed=11)
    assert players[0].fallbacks == 0 and players[1].fallbacks == 0


def _table(phase: str, seed: int = 2) -> sb.SabaccState:
    """A real Two-Exchange table at the first decision of ``phase`` (easy
    players take every earlier decision)."""
    state = sb.new_game(4, preset="two-exchange", seed_dealer=0)
    state.start_next()
    chance = random.Random(seed)
    easy = EasySabaccPlayer()
    rng = random.Random(seed)
    for _ in range(2_000):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif state.phase == phase:
            return state
        else:
            state.apply(easy.choose(state.view(who), state.legal_actions(), rng))
    raise AssertionError(f"no {phase} decision reached")


def _with_hand(view: sb.SabaccView, hand: tuple[int, ...], locked: tuple[int, ...]) -> Any:
    """The seat's view with ``hand`` (``locked`` of it face down); every
    opponent holds three cards and has locked one (no made hand shown)."""
    counts = [3] * view.num_seats
    counts[view.seat] = len(hand)
    locks = [1] * view.num_seats
    locks[view.seat] = len(locked)
    return replace(
        view, hand=hand, locked=locked, card_counts=tuple(counts), locked_counts=tuple(locks)
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_pure_sabacc_stands_and_a_weak_start_draws(level: str) -> None:
    state = _table(sb.HITTING)
    view = state.view(state.to_act())
    legal = state.legal_actions()
    player = make_player("sabacc", level)
    made = _with_hand(view, cards("11c", "12f"), ())  # 23 in two cards
    assert player.choose(made, legal, random.Random(1)) == sb.STAND
    weak = _with_hand(view, cards("1c", "2f"), ())  # 3: nothing worth keeping yet
    assert player.choose(weak, legal, random.Random(1)) == sb.DRAW
    assert player.fallbacks == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_first_exchange_locks_a_made_23_card_by_card(level: str) -> None:
    state = _table(sb.EXCHANGING)
    seat = state.to_act()
    player = make_player("sabacc", level)
    # 15 + 5 + 3 = 23, nothing to exchange; cards from the deck or the own
    # hand, so the table still holds every card once.
    state.deck.extend(state.hands[seat])
    hand = tuple(next(c for c in state.deck if state.values[c] == v) for v in (15, 5, 3))
    for c in hand:
        state.deck.remove(c)
    state.hands[seat] = list(hand)
    actions = []
    while state.to_act() == seat:
        action = player.choose(state.view(seat), state.legal_actions(), random.Random(5))
        actions.append(action)
        state.apply(action)
    assert actions == [*(sb.Lock(c) for c in sorted(hand)), sb.EXCHANGE]
    assert sorted(state.locked[seat]) == sorted(hand)
    assert player.fallbacks == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_locked_22_opens_the_betting(level: str) -> None:
    state = _table(sb.BETTING)
    view = state.view(state.to_act())
    legal = state.legal_actions()
    assert sb.CHECK in legal and sb.Bet(1) in legal
    hand = cards("11c", "11f")  # 22, both locked: the final hand
    action = make_player("sabacc", level).choose(
        _with_hand(view, hand, hand), legal, random.Random(1)
    )
    assert isinstance(action, sb.Bet)


def _facing_a_bet(amount: int) -> tuple[sb.SabaccState, int]:
    state = _table(sb.BETTING)
    state.apply(sb.Bet(amount))  # the first seat opens
    return state, state.to_act()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_hopeless_locked_hand_folds_to_a_bet_and_a_pure_sabacc_raises(level: str) -> None:
    state, seat = _facing_a_bet(10)
    view = state.view(seat)
    legal = state.legal_actions()
    player = make_player("sabacc", level)
    low = cards("2c", "3f")  # 5, locked: it can only lose
    assert player.choose(_with_hand(view, low, low), legal, random.Random(1)) == sb.FOLD
    pure = cards("10c", "13f")  # a locked Pure Sabacc
    action = player.choose(_with_hand(view, pure, pure), legal, random.Random(1))
    assert isinstance(action, sb.Raise)
    assert player.fallbacks == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_first_exchange_keeps_the_two_cards_of_a_22(level: str) -> None:
    """11 + 11 with a Star: keep the pair and replace the Star (a 0 or a 1
    next would make 22 or 23); never keep the Star's -6."""
    state = _table(sb.EXCHANGING)
    view = _with_hand(state.view(state.to_act()), cards("11c", "11f", "star"), ())
    keep, _ = tx.best_first_lock(view, tx.LEVELS[level])
    assert sorted(keep) == sorted(cards("11c", "11f"))


def test_the_second_exchange_keeps_a_pure_sabacc() -> None:
    view = _with_hand(
        replace(_table(sb.BETTING).view(0), phase=sb.EXCHANGING, exchange_no=2),
        cards("10c", "12f", "1s"),
        cards("10c"),
    )
    final = tx.best_final(view, tx.LEVELS["normal"], 20.0)
    assert sorted(final.keep) == sorted(cards("10c", "12f", "1s"))
    assert final.pure == 1.0


def test_hard_decisions_repeat_for_a_seed() -> None:
    def decisions(seed: int) -> list[Any]:
        state = sb.new_game(4, preset="two-exchange")
        state.start_next()
        chance = random.Random(seed)
        player = make_player("sabacc", "hard")
        rng = random.Random(seed)
        out = []
        while len(out) < 40 and state.to_act() not in (BETWEEN, TERMINAL):
            who = state.to_act()
            if who == CHANCE:
                state.sample_chance(chance)
                continue
            action = player.choose(state.view(who), state.legal_actions(), rng)
            out.append(action)
            state.apply(action)
        return out

    assert decisions(4) == decisions(4)
    assert len(decisions(4)) > 8


def test_the_first_lock_values_a_pure_sabacc_by_the_sabacc_pot() -> None:
    """A bigger Sabacc pot makes the exact 23 worth more than a safe 22."""
    view = _table(sb.EXCHANGING).view(0)
    small = tx.first_lock_table(replace(view, sabacc_pot=0), 1.5)
    big = tx.first_lock_table(replace(view, sabacc_pot=200), 1.5)
    assert big.value(0, 23) > small.value(0, 23) + 100
    assert big.value(0, 22) == pytest.approx(small.value(0, 22))


# -- hard's reads of the second exchange -------------------------------------------------
def _second_exchange_shown(view: sb.SabaccView, replaced: int) -> sb.SabaccView:
    """``view`` at the second exchange after seats 1-3 have each replaced
    ``replaced`` cards (only the count is public)."""
    log = (
        *view.log,
        ev.PhaseStarted("exchange", 2),
        *(ev.CardsExchanged(s, (None,) * replaced) for s in (1, 2, 3)),
    )
    return replace(view, log=log)


def test_hard_keeps_a_19_when_everyone_else_drew_at_the_second_exchange() -> None:
    """11 + 8 at the second exchange: three opponents who replaced cards hold
    a spread of totals, so hard keeps its 19; normal (no read) and hard facing
    three callers who stood pat throw the 11 and draw to the 8."""
    base = replace(_table(sb.BETTING).view(0), phase=sb.EXCHANGING, exchange_no=2)
    view = _with_hand(base, cards("11c", "8f"), ())
    drew = _second_exchange_shown(view, 1)
    pat = _second_exchange_shown(view, 0)
    assert sorted(tx.best_final(drew, tx.LEVELS["hard"], 20.0).keep) == sorted(cards("11c", "8f"))
    assert tx.best_final(drew, tx.LEVELS["normal"], 20.0).keep == cards("8f")
    assert tx.best_final(pat, tx.LEVELS["hard"], 20.0).keep == cards("8f")


def test_hard_chases_23_from_a_20_against_three_made_hands() -> None:
    """11 + 9 = 20 loses to the 22s that stand pat: hard replaces the 11."""
    base = replace(_table(sb.BETTING).view(0), phase=sb.EXCHANGING, exchange_no=2)
    view = _with_hand(base, cards("11c", "9f"), ())
    assert tx.best_final(_second_exchange_shown(view, 0), tx.LEVELS["hard"], 20.0).keep == cards(
        "9f"
    )
    assert sorted(tx.best_final(view, tx.LEVELS["normal"], 20.0).keep) == sorted(cards("11c", "9f"))


def test_the_second_exchange_reads_only_public_counts() -> None:
    """Hard's second-exchange decisions are the same whatever the other
    seats' hidden cards (their own cards and the cards they threw away)."""
    checked = 0
    for seed in range(40):
        state = sb.new_game(4, preset="two-exchange", seed_dealer=seed % 4)
        state.start_next()
        chance = random.Random(seed)
        players = [make_player("sabacc", "hard") for _ in range(4)]
        for _ in range(2_000):
            who = state.to_act()
            if who == CHANCE:
                state.sample_chance(chance)
                continue
            if who in (BETWEEN, TERMINAL):
                break
            if state.phase == sb.EXCHANGING and state.exchange_no == 2:
                view = state.view(who)
                assert all(
                    c is None
                    for e in view.log
                    if isinstance(e, ev.CardsExchanged) and e.seat != who
                    for c in e.cards
                )
                other = state.clone()
                for s in range(4):  # another unlocked card for every other seat
                    free = [c for c in other.hands[s] if c not in other.locked[s]]
                    if s != who and free and other.deck:
                        i = other.hands[s].index(free[0])
                        other.hands[s][i], other.deck[0] = other.deck[0], other.hands[s][i]
                assert other.view(who) == view
                legal = state.legal_actions()
                a = make_player("sabacc", "hard").choose(view, legal, random.Random(seed))
                b = make_player("sabacc", "hard").choose(
                    other.view(who), legal, random.Random(seed)
                )
                assert a == b
                checked += 1
            state.apply(
                players[who].choose(state.view(who), state.legal_actions(), random.Random(who))
            )
    assert checked >= 12


# -- personalities on top of the level ---------------------------------------------------
def _character(level: str, name: str) -> Any:
    return make_player("sabacc", level, personality(name), preset="two-exchange")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_default_character_plays_the_level_unchanged(level: str) -> None:
    state, seat = _facing_a_bet(2)
    view = _with_hand(state.view(seat), cards("11c", "10f"), cards("11c", "10f"))
    legal = state.legal_actions()
    plain = make_player("sabacc", level)
    steady = make_player("sabacc", level, Personality())
    assert plain.choose(view, legal, random.Random(3)) == steady.choose(
        view, legal, random.Random(3)
    )


def test_a_reckless_hard_player_opens_a_20_a_steady_one_checks() -> None:
    state = _table(sb.BETTING)
    view = state.view(state.to_act())
    legal = state.legal_actions()
    hand = cards("11c", "9f")  # 20, locked
    view = _with_hand(view, hand, hand)
    assert _character("hard", "steady").choose(view, legal, random.Random(1)) == sb.CHECK
    assert isinstance(_character("hard", "reckless").choose(view, legal, random.Random(1)), sb.Bet)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_cautious_player_folds_a_long_shot_a_steady_one_calls(level: str) -> None:
    state, seat = _facing_a_bet(2)
    view = _with_hand(state.view(seat), cards("11c", "9f"), cards("11c"))
    legal = state.legal_actions()
    assert _character(level, "steady").choose(view, legal, random.Random(1)) == sb.CALL
    assert _character(level, "cautious").choose(view, legal, random.Random(1)) == sb.FOLD


def test_hard_reads_the_bet_size_a_locked_22_folds_to_a_big_bet_raises_a_small_one() -> None:
    """A big opening bet is a 23 or a 22; a 2-chip one mostly a 21.  Hard
    lays down its locked 22 to the big bet and raises the small one; normal,
    who reads every bettor alike, calls both."""
    hand = cards("11c", "11f")
    for amount in (4, 2):
        state, seat = _facing_a_bet(amount)
        view = _with_hand(state.view(seat), hand, hand)
        legal = state.legal_actions()
        hard = make_player("sabacc", "hard").choose(view, legal, random.Random(1))
        assert hard == sb.FOLD if amount == 4 else isinstance(hard, sb.Raise)
        assert make_player("sabacc", "normal").choose(view, legal, random.Random(1)) == sb.CALL


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_reckless_player_calls_a_long_shot_a_steady_one_folds(level: str) -> None:
    state, seat = _facing_a_bet(4)
    view = _with_hand(state.view(seat), cards("11c", "9f"), cards("11c"))
    legal = state.legal_actions()
    assert _character(level, "steady").choose(view, legal, random.Random(1)) == sb.FOLD
    assert _character(level, "reckless").choose(view, legal, random.Random(1)) == sb.CALL


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_only_a_bluffing_character_opens_a_hopeless_hand(level: str) -> None:
    state = _table(sb.BETTING)
    hand = cards("2c", "3f")  # 5, locked: it can only lose
    view = _with_hand(state.view(state.to_act()), hand, hand)
    legal = state.legal_actions()

    def opens(name: str) -> int:
        player = _character(level, name)
        return sum(
            isinstance(player.choose(view, legal, random.Random(i)), sb.Bet) for i in range(200)
        )

    assert opens("steady") == 0 and opens("calculator") == 0
    assert 40 <= opens("bluffer") <= 100  # about 35 times in a hundred
    assert opens("bluffer") > opens("reckless") > 0
