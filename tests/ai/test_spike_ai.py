"""Corellian Spike and Coruscant Shift players: decisions a player would notice."""

from __future__ import annotations

import random

import pytest

from ai import make_player
from ai.coruscant_ai import CoruscantPlayer, key_of
from ai.personalities import CAUTIOUS, RECKLESS
from ai.spike_ai import SpikePlayer
from game.rules import coruscant as co
from game.rules import spike
from game.rules import spike_cards as kc
from game.rules.base import CHANCE
from game.rules.spike_base import (
    CALL,
    CHECK,
    DISCARD_GAINED,
    FOLD,
    GAIN,
    KEEP_GAINED,
    STAND,
    Bet,
    Raise,
    Select,
    SwapDiscard,
)


def cards(text: str) -> list[int]:
    return [kc.parse(c) for c in text.split()]


def spike_table(seat1: str, seat0: str, flip: str) -> spike.SpikeState:
    s = spike.new_game(2)
    s.start_next()
    a, b = cards(seat1), cards(seat0)
    for c in (a[0], b[0], a[1], b[1], *cards(flip)):
        s.apply_chance(c)
    return s


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_make_player_gives_each_preset_its_own_player(level: str) -> None:
    for preset in ("corellian-spike", "coruscant-shift"):
        player = make_player("sabacc", level, preset=preset)
        assert player.level == level
    assert isinstance(make_player("sabacc", "hard", preset="corellian-spike"), SpikePlayer)
    assert isinstance(make_player("sabacc", "hard", preset="coruscant-shift"), CoruscantPlayer)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_takes_the_discard_that_makes_sabacc(level: str) -> None:
    s = spike_table("+5o +3t", "+9o +9t", flip="-5s")
    player = make_player("sabacc", level, preset="corellian-spike")
    action = player.choose(s.view(1), s.legal_actions(), random.Random(1))
    assert action == SwapDiscard(kc.parse("+3t"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_stands_on_pure_sabacc_and_keeps_a_zero_card(level: str) -> None:
    s = spike_table("sylop sylop", "+9o +9t", flip="-5s")
    player = make_player("sabacc", level, preset="corellian-spike")
    assert player.choose(s.view(1), s.legal_actions(), random.Random(1)) == STAND
    s = spike_table("+4o -1t", "+9o +9t", flip="-5s")
    s.apply(GAIN)
    s.apply_chance(kc.parse("-3s"))
    assert player.choose(s.view(1), s.legal_actions(), random.Random(1)) == KEEP_GAINED
    s = spike_table("+4o -4t", "+9o +9t", flip="-5s")
    s.apply(GAIN)
    s.apply_chance(kc.parse("+9s"))
    assert player.choose(s.view(1), s.legal_actions(), random.Random(1)) == DISCARD_GAINED


def _last_round_betting(seat1: str, seat0: str) -> spike.SpikeState:
    s = spike_table(seat1, seat0, flip="-5s")
    for _ in range(2):
        s.apply(STAND)
        s.apply(STAND)
        s.apply(CHECK)
        s.apply(CHECK)
        s.apply_chance(1)  # no Sabacc Shift
    s.apply(STAND)
    s.apply(STAND)
    assert s.round_no == 3 and s.phase == spike.BETTING
    return s


def test_hard_bets_pure_sabacc_and_folds_a_far_hand_to_a_big_bet() -> None:
    hard = make_player("sabacc", "hard", preset="corellian-spike")
    s = _last_round_betting("sylop sylop", "+9o +7t")
    assert isinstance(hard.choose(s.view(1), s.legal_actions(), random.Random(2)), Bet)
    s.apply(Bet(10))
    assert hard.choose(s.view(0), s.legal_actions(), random.Random(2)) == FOLD
    s = _last_round_betting("+9o +7t", "+1o -1t")
    s.apply(Bet(10))
    choice = hard.choose(s.view(0), s.legal_actions(), random.Random(2))
    assert choice == CALL or isinstance(choice, Raise)


def test_hard_reads_a_bet_as_strength() -> None:
    hard = SpikePlayer("hard")
    s = _last_round_betting("+9o +8t", "+4o -1t")
    s.apply(CHECK)
    after_check = hard.read_equity(s.view(0))
    s = _last_round_betting("+9o +8t", "+4o -1t")
    s.apply(Bet(2))
    after_bet = hard.read_equity(s.view(0))
    assert after_bet < after_check


def test_personality_moves_the_calling_threshold() -> None:
    s = _last_round_betting("+9o +7t", "+6o -4t")
    s.apply(Bet(6))
    view, legal = s.view(0), s.legal_actions()
    equity = SpikePlayer("normal").value(view, view.hand)
    need = 6 / (s.hand_pot + 6)
    # The hand sits between what a reckless and a cautious player need to call.
    assert need + 0.1 * (RECKLESS.caution - 0.5) <= equity < need + 0.1 * (CAUTIOUS.caution - 0.5)
    cautious = make_player("sabacc", "normal", CAUTIOUS, preset="corellian-spike")
    reckless = make_player("sabacc", "normal", RECKLESS, preset="corellian-spike")
    assert cautious.choose(view, legal, random.Random(3)) == FOLD
    assert reckless.choose(view, legal, random.Random(3)) == CALL


# -- Coruscant Shift ------------------------------------------------------------------


def coruscant_table(
    hands: list[str], target: int, suit: str, selections: int = 2
) -> co.CoruscantState:
    s = co.new_game(len(hands), options=co.CoruscantOptions(selections=selections))
    s.start_next()
    parsed = [cards(h) for h in hands]
    for i in range(5):
        for seat in range(len(hands)):
            s.apply_chance(parsed[seat][i])
    s.apply_chance(target)
    s.apply_chance(kc.STAVES.index(suit))
    return s


def test_second_selection_hits_the_target() -> None:
    s = coruscant_table(["+3o +2t -9s -8o +1s", "+3t +2o -7s -6o +1t"], 10, "o")
    s.apply(Select(tuple(cards("+3o"))))
    s.apply(Select(tuple(cards("+3t"))))
    while s.phase == co.BETTING:
        s.apply(CHECK)
    for c in cards("+7t -1o -2o -3o -4o -5o -4t -5t"):
        s.apply_chance(c)
    for level in ("normal", "hard"):
        player = make_player("sabacc", level, preset="coruscant-shift")
        action = player.choose(s.view(0), s.legal_actions(), random.Random(1))
        assert key_of(action.cards, 10, 0)[0] == 0  # +3 +7 = 10 exactly
        assert sorted(action.cards) == sorted(cards("+3o +7t"))


def test_hard_keeps_room_for_new_cards_when_far_from_the_target() -> None:
    s = coruscant_table(["+1o -1t +2s -2o +1s", "+9o +8t -7s -6o +1t"], 10, "o")
    view, legal = s.view(0), s.legal_actions()
    hard = make_player("sabacc", "hard", preset="coruscant-shift")
    normal = make_player("sabacc", "normal", preset="coruscant-shift")
    h = hard.choose(view, legal, random.Random(4))
    n = normal.choose(view, legal, random.Random(4))
    assert len(h.cards) < len(n.cards)
    assert len(h.cards) <= 2


def test_easy_and_hard_bet_or_fold_on_the_distance() -> None:
    s = coruscant_table(["+4t +6t -9s -8o +1s", "+3t +2o -7s -6o +1t"], 10, "t", selections=1)
    s.apply(Select(tuple(cards("+4t +6t"))))
    s.apply(Select(tuple(cards("-7s"))))
    hard = make_player("sabacc", "hard", preset="coruscant-shift")
    assert isinstance(hard.choose(s.view(0), s.legal_actions(), random.Random(5)), Bet)
    s.apply(Bet(8))
    easy = make_player("sabacc", "easy", preset="coruscant-shift")
    assert easy.choose(s.view(1), s.legal_actions(), random.Random(5)) == FOLD


def test_views_at_chance_are_not_decisions() -> None:
    s = co.new_game(2)
    s.start_next()
    assert s.to_act() == CHANCE and s.legal_actions() == []


def test_reference_table_is_built_once_at_the_first_decision_not_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Making the players (as a table opens) builds nothing; workers asking at once
    share one build (the same sorted table a single build gives)."""
    import threading

    from ai import spike_ai

    expected = spike_ai._build_reference()
    monkeypatch.setattr(spike_ai, "_REFERENCE", [])
    spike_ai.make_player("hard")
    spike_ai.make_player("normal")
    assert not spike_ai._REFERENCE
    threads = [threading.Thread(target=spike_ai._reference) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    built = spike_ai._REFERENCE
    assert built == expected
