"""Corellian Spike engine (RULES.md §4.2): exact chips, cards and winners."""

from __future__ import annotations

import pytest
from spike_helpers import cards, dice, feed

from game.rules import sabacc_events as ev
from game.rules import spike
from game.rules import spike_events as sev
from game.rules.base import BETWEEN, CHANCE, TERMINAL
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
    SwapDiscard,
    SwapDraw,
)

NO_DOUBLE = dice(1, 2)


def two_player(seat1: str, seat0: str, flip: str = "+9s", **opts: object) -> spike.SpikeState:
    """Two players, dealer 0 (seat 1 acts first); deal as given."""
    s = spike.new_game(2, options=spike.SpikeOptions(**opts))  # type: ignore[arg-type]
    s.start_next()
    a, b = cards(seat1), cards(seat0)
    feed(s, [a[0], b[0], a[1], b[1], *cards(flip)])
    return s


def quiet_round(s: spike.SpikeState, roll: int = NO_DOUBLE) -> None:
    """Everyone stands and checks; the spike dice show ``roll``."""
    while s.phase == spike.CARDS and s.to_act() >= 0:
        s.apply(STAND)
    while s.phase == spike.BETTING and s.to_act() >= 0:
        s.apply(CHECK)
    feed(s, [roll])


def test_setup_antes_two_cards_and_a_face_up_discard() -> None:
    s = spike.new_game(4)
    events = s.start_next()
    assert [e for e in events if isinstance(e, ev.AntePaid)][0] == ev.AntePaid(1, 2, 1)
    assert s.chips == [97, 97, 97, 97]
    assert (s.hand_pot, s.sabacc_pot) == (8, 4)
    from random import Random

    while s.to_act() == CHANCE:
        s.sample_chance(Random(3))
    assert [len(h) for h in s.hands] == [2, 2, 2, 2]
    assert len(s.discards) == 1
    assert s.to_act() == 1 and s.phase == spike.CARDS


def test_zero_total_winner_takes_both_pots() -> None:
    s = two_player("+5o -5t", "+3o -2t")
    for _ in range(3):
        quiet_round(s)
    assert s.to_act() == BETWEEN
    assert s.chips == [97, 103]
    assert (s.hand_pot, s.sabacc_pot) == (0, 0)
    assert s.wins == [0, 1]


def test_plus_one_winner_takes_the_hand_pot_only() -> None:
    s = two_player("+3o -2t", "+9o -2s")
    for _ in range(3):
        quiet_round(s)
    assert s.chips == [97, 101]
    assert s.sabacc_pot == 2
    # The Sabacc pot carries over: the next game adds to it.
    s.start_next()
    assert s.sabacc_pot == 4


def test_last_player_after_junk_takes_the_hand_pot_and_shows_nothing() -> None:
    s = two_player("+5o -5t", "sylop sylop")
    events = s.apply(FOLD)
    assert s.to_act() == BETWEEN
    assert s.chips == [101, 97]
    assert s.sabacc_pot == 2
    assert not any(isinstance(e, ev.HandRevealed) for e in events)
    assert sev.Junked(1, ("+5o", "-5t")) in events
    assert s.discards[-2:] == cards("+5o -5t")


def test_sabacc_shift_redeals_the_same_number_of_new_cards() -> None:
    s = spike.new_game(3)
    s.start_next()  # dealer 0: order 1, 2, 0
    feed(s, cards("+1o +2o +3o +4o +5o +6o +7o"))
    s.apply(FOLD)  # seat 1 junks
    s.apply(GAIN)
    feed(s, cards("+8o"))
    s.apply(KEEP_GAINED)  # seat 2 holds three cards
    s.apply(STAND)
    while s.phase == spike.BETTING:
        s.apply(CHECK)
    events = feed(s, [dice(4, 4)])
    assert sev.SpikeDiceRolled(4, 4, True) in events
    assert sev.HandDissolved(2, ("+2o", "+5o", "+8o")) in events
    assert sev.HandDissolved(0, ("+3o", "+6o")) in events
    feed(s, cards("-1t -2t -3t -4t -5t"))
    assert s.hands[2] == cards("-1t -2t -3t")
    assert s.hands[0] == cards("-4t -5t")
    assert s.hands[1] == []
    assert s.round_no == 2 and s.phase == spike.CARDS


def test_gain_keep_is_illegal_at_five_cards() -> None:
    s = two_player("+1o +2o", "+1t +2t")
    for extra in ("+3o", "+4o", "+5o"):
        s.apply(GAIN)
        feed(s, cards(extra))
        s.apply(KEEP_GAINED)
        s.apply(STAND)
        while s.phase == spike.BETTING:
            s.apply(CHECK)
        feed(s, [NO_DOUBLE])
    assert s.to_act() == BETWEEN  # three rounds done
    s2 = two_player("+1o +2o", "+1t +2t")
    s2.hands[1] += cards("+3o +4o +5o")
    s2.apply(GAIN)
    feed(s2, cards("+6o"))
    assert s2.legal_actions() == [DISCARD_GAINED]
    with pytest.raises(ValueError, match="at most 5"):
        s2.apply(KEEP_GAINED)
    s2.apply(DISCARD_GAINED)
    assert s2.discards[-1] == cards("+6o")[0]
    assert len(s2.hands[1]) == 5


def test_swaps_with_both_piles() -> None:
    s = two_player("+1o +2o", "+1t +2t", flip="+7s")
    s.apply(SwapDiscard(cards("+1o")[0]))
    assert sorted(s.hands[1]) == sorted(cards("+2o +7s"))
    assert s.discards == cards("+1o")
    s.apply(SwapDraw(cards("+2t")[0]))
    assert s.discards == cards("+1o +2t")
    feed(s, cards("-9o"))
    assert sorted(s.hands[0]) == sorted(cards("+1t -9o"))
    assert s.phase == spike.BETTING


def test_illegal_card_actions_leave_the_state_unchanged() -> None:
    s = two_player("+1o +2o", "+1t +2t")
    before = (s.hands[1][:], s.discards[:], s.chips[:], s.to_act())
    with pytest.raises(ValueError, match="hold no"):
        s.apply(SwapDraw(cards("+9t")[0]))
    with pytest.raises(ValueError, match="not a card-phase action"):
        s.apply(CHECK)
    with pytest.raises(ValueError, match="chance step"):
        s2 = spike.new_game(2)
        s2.start_next()
        s2.apply(STAND)
    assert (s.hands[1], s.discards, s.chips, s.to_act()) == before


def test_solo_fees_go_into_the_hand_pot() -> None:
    s = two_player("+1o +2o", "+1t +2t", fees="solo")
    s.apply(GAIN)
    assert (s.chips[1], s.hand_pot) == (96, 5)
    feed(s, cards("+3o"))
    s.apply(DISCARD_GAINED)
    s.apply(SwapDiscard(cards("+1t")[0]))
    assert (s.chips[0], s.hand_pot) == (95, 7)


def test_betting_units_cap_and_three_raises() -> None:
    s = two_player("+1o +2o", "+1t +2t")
    s.apply(STAND)
    s.apply(STAND)
    legal = s.legal_actions()
    assert [a.amount for a in legal if isinstance(a, Bet)] == [2, 4, 6, 8, 10]
    with pytest.raises(ValueError, match="bets are 2 to 10 in steps of 2"):
        s.apply(Bet(3))
    s.apply(Bet(4))
    with pytest.raises(ValueError, match="facing a bet"):
        s.apply(CHECK)
    s.apply(Raise(2))
    s.apply(Raise(2))
    s.apply(Raise(2))
    assert not any(isinstance(a, Raise) for a in s.legal_actions())
    with pytest.raises(ValueError, match="at most 3 raises"):
        s.apply(Raise(2))
    s.apply(CALL)
    assert s.chips == [87, 87]
    assert s.hand_pot == 4 + 20
    assert s.to_act() == CHANCE  # the spike dice


def test_no_bet_above_what_the_poorest_can_pay() -> None:
    s = two_player("+1o +2o", "+1t +2t")
    s.chips[0] = 5
    s.apply(STAND)
    s.apply(STAND)
    assert [a.amount for a in s.legal_actions() if isinstance(a, Bet)] == [2, 4]
    with pytest.raises(ValueError, match="poorest"):
        s.apply(Bet(6))


def test_tie_goes_to_a_blind_draw() -> None:
    s = two_player("+2o -1t", "+2t -1s")
    for _ in range(3):
        quiet_round(s)
    assert s.to_act() == CHANCE
    events = feed(s, cards("-3o +3s"))
    assert sev.BlindDraw(1, "-3o") in events and sev.BlindDraw(0, "+3s") in events
    assert s.chips == [101, 97]  # +1 totals: the hand pot only
    assert s.sabacc_pot == 2


def test_blind_draw_repeats_while_still_tied() -> None:
    s = two_player("+2o -1t", "+2t -1s")
    for _ in range(3):
        quiet_round(s)
    feed(s, cards("sylop sylop"))
    assert s.to_act() == CHANCE
    feed(s, cards("-4o -1o"))
    assert s.chips == [101, 97]


def test_betting_off_and_bet_after_dice() -> None:
    s = two_player("+1o +2o", "+1t +2t", betting=False)
    s.apply(STAND)
    s.apply(STAND)
    assert s.to_act() == CHANCE and s.phase == "spike"
    s = two_player("+1o +2o", "+1t +2t", bet_after_dice=True)
    s.apply(STAND)
    s.apply(STAND)
    feed(s, [NO_DOUBLE])
    assert s.phase == spike.BETTING
    s.apply(CHECK)
    s.apply(CHECK)
    assert s.round_no == 2 and s.phase == spike.CARDS


def test_player_who_cannot_pay_both_antes_is_out_and_match_ends() -> None:
    s = spike.new_game(2, chips=3)
    s.start_next()
    feed(s, cards("+5o +3o -5t -2t +9s"))
    for _ in range(3):
        quiet_round(s)
    assert s.chips == [0, 6]
    events = s.start_next()
    assert ev.PlayerOut(0, "cannot pay the ante") in events
    assert s.to_act() == TERMINAL
    # A leftover Sabacc pot goes to the chip leader (here it was already won).
    assert s.total_chips() == 6


def test_leftover_sabacc_pot_goes_to_the_chip_leader() -> None:
    s = spike.new_game(2, chips=10, options=spike.SpikeOptions(games_limit=1))
    s.start_next()
    feed(s, cards("+3o +9o -2t -2s +9s"))
    for _ in range(3):
        quiet_round(s)
    assert s.chips == [7, 11] and s.sabacc_pot == 2
    events = s.start_next()
    assert ev.PotAwarded(1, 2, "sabacc") in events
    assert s.chips == [7, 13] and s.to_act() == TERMINAL


def test_views_hide_other_hands_and_the_gained_card() -> None:
    s = two_player("+1o +2o", "+1t +2t")
    s.apply(GAIN)
    feed(s, cards("+8o"))
    mine, theirs = s.view(1), s.view(0)
    assert mine.gained == cards("+8o")[0] and theirs.gained is None
    assert theirs.hand == tuple(cards("+1t +2t"))
    assert all(getattr(e, "card", None) is None for e in theirs.log if isinstance(e, ev.CardDrawn))
    assert theirs.card_counts == (2, 2)
