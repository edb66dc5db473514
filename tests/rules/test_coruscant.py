"""Coruscant Shift engine (RULES.md §4.3): exact chips, cards and winners."""

from __future__ import annotations

import pytest
from spike_helpers import cards, feed

from game.rules import coruscant as co
from game.rules import sabacc_events as ev
from game.rules import spike_cards as kc
from game.rules import spike_events as sev
from game.rules.base import BETWEEN, CHANCE
from game.rules.spike_base import CHECK, FOLD, Bet, Select


def deal(hands: list[str], target: int, suit: str, **opts: object) -> co.CoruscantState:
    """A hand with the starting player at seat 0; ``hands[s]`` is seat s's five cards."""
    s = co.new_game(len(hands), options=co.CoruscantOptions(**opts))  # type: ignore[arg-type]
    s.start_next()
    parsed = [cards(h) for h in hands]
    feed(s, [parsed[seat][i] for i in range(5) for seat in range(len(hands))])
    feed(s, [target, kc.STAVES.index(suit)])
    return s


def sel(text: str) -> Select:
    return Select(tuple(sorted(cards(text))))


def check_round(s: co.CoruscantState) -> None:
    while s.phase == co.BETTING and s.to_act() >= 0:
        s.apply(CHECK)


HANDS3 = ["+3o +2t -9s -8o +1s", "+3t +2o -7s -6o +1t", "+10o -10t +9o -1o -2o"]


def test_die_faces() -> None:
    s = co.new_game(2)
    s.start_next()
    feed(s, cards("+1o +2o +3o +4o +5o +6o +7o +8o +9o +10o"))
    assert dict(s.chance_outcomes()) == {0: 2 / 6, 5: 1 / 6, -5: 1 / 6, 10: 1 / 6, -10: 1 / 6}
    events = s.apply_chance(-5)
    assert dict(s.chance_outcomes()) == {0: 1 / 3, 1: 1 / 3, 2: 1 / 3}
    events = s.apply_chance(2)
    assert sev.TargetRolled(-5, "s") in events
    assert s.view(1).target == -5 and s.view(1).suit == "s"
    with pytest.raises(ValueError):
        co.new_game(2).apply_chance(3)


def test_split_pot_odd_chip_stays() -> None:
    s = deal(HANDS3, 5, "s", ante=3)
    assert s.pot == 9
    s.apply(sel("+3o +2t"))
    s.apply(sel("+3t +2o"))
    s.apply(sel("+10o"))
    check_round(s)
    feed(s, cards("-1t -2t -3t -4t -5t -6t -7t -8t -9t -10s"))
    s.apply(sel("+3o +2t"))
    s.apply(sel("+3t +2o"))
    s.apply(sel("+10o"))
    events: list[object] = []
    while s.phase == co.BETTING:
        events += s.apply(CHECK)
    assert sev.PotSplit((0, 1), 4, 1) in events
    assert s.chips == [101, 101, 97]
    assert s.pot == 1  # the odd chip waits for the next hand
    assert s.to_act() == BETWEEN
    assert s.total_chips() == 300


def test_selection_flow_and_shift_fills_every_hand_to_five() -> None:
    s = deal(HANDS3, 10, "t")
    s.apply(sel("+3o"))
    s.apply(sel("+3t +2o"))
    s.apply(sel("+10o -10t +9o -1o -2o"))
    check_round(s)
    assert s.phase == "shift"
    new = cards("-1t -2t -3t -4t -5t -6t -7t")
    feed(s, new)
    assert [len(s.hands[i]) + len(s.selected[i]) for i in range(3)] == [5, 5, 5]
    assert s.new_cards[0] == new[:4] and s.new_cards[1] == new[4:] and s.new_cards[2] == []
    assert s.discards == cards("+2t -9s -8o +1s -7s -6o +1t")
    # The second selection keeps the first picks; dropping one is illegal.
    with pytest.raises(ValueError, match="cannot drop"):
        s.apply(sel("-1t"))
    with pytest.raises(ValueError, match="not one of your new cards"):
        s.apply(sel("+3o +2t"))
    assert len(s.legal_actions()) == 2**4 + 1  # subsets of the new cards, and fold
    s.apply(sel("+3o -1t"))
    assert s.selected[0] == cards("+3o -1t")
    assert s.hands[0] == cards("-2t -3t -4t")  # discarded when everyone has chosen
    s.apply(sel("+3t +2o"))
    s.apply(sel("+10o -10t +9o -1o -2o"))
    assert s.hands[0] == []
    assert s.discards[-6:] == cards("-2t -3t -4t -5t -6t -7t")
    assert s.phase == co.BETTING and s.selection_no == 2


def test_empty_and_six_card_selections_are_illegal() -> None:
    s = deal(HANDS3, 0, "o")
    with pytest.raises(ValueError, match="1 to 5 cards, not 0"):
        s.apply(Select(()))
    with pytest.raises(ValueError, match="1 to 5 cards, not 6"):
        s.apply(Select(tuple(cards("+3o +2t -9s -8o +1s +5t"))))
    with pytest.raises(ValueError, match="hold no"):
        s.apply(sel("+5t"))
    assert s.to_act() == 0 and s.selected[0] == [] and len(s.hands[0]) == 5
    assert len(s.legal_actions()) == 31 + 1


def test_selections_are_face_down_until_everyone_has_chosen() -> None:
    s = deal(HANDS3, 0, "o")
    s.apply(sel("+3o +2t"))
    v1 = s.view(1)
    assert v1.selected_counts == (0, 0, 0)
    assert v1.card_counts == (5, 5, 5)
    assert v1.selection == () and s.view(0).selection == tuple(cards("+3o +2t"))
    s.apply(sel("+3t"))
    events = s.apply(sel("+10o"))
    assert sev.SelectionMade(0, 1, ("+3o", "+2t")) in events
    assert s.view(1).selected_counts == (2, 1, 1)
    for e in s.view(1).log:
        if isinstance(e, sev.SelectionMade):
            assert e.cards == (None,) * len(e.cards)


def test_all_but_one_fold_in_betting_one() -> None:
    s = deal(HANDS3, 0, "o")
    s.apply(sel("+3o"))
    s.apply(sel("+3t"))
    s.apply(sel("+10o"))
    s.apply(Bet(5))
    s.apply(FOLD)
    events = s.apply(FOLD)
    assert s.to_act() == BETWEEN
    assert s.chips == [98 - 5 + 11, 98, 98]
    assert not any(isinstance(e, ev.HandRevealed) for e in events)
    assert s.selection_no == 1
    assert s.revealed == [None, None, None]


def test_ante_ladder_four_and_two_players() -> None:
    def antes(n: int, hands: int) -> list[int]:
        s = co.new_game(n)
        out = []
        for _ in range(hands):
            events = s.start_next()
            out.append(next(e.hand_pot for e in events if isinstance(e, ev.AntePaid)))
            while s.to_act() == CHANCE:
                s.apply_chance(s.chance_outcomes()[0][0])
            while s.to_act() >= 0:
                s.apply(FOLD)
        return out

    assert antes(4, 3) == [2, 4, 6]
    assert antes(2, 3) == [2, 7, 12]
    fixed = co.new_game(2, options=co.CoruscantOptions(ante_step="fixed"))
    fixed.start_next()
    assert fixed.pot == 4


def test_single_selection_option_reveals_after_one_betting_round() -> None:
    s = deal(HANDS3, 5, "s", selections=1)
    s.apply(sel("+3o +2t"))
    s.apply(sel("+3t"))
    s.apply(sel("+10o -10t +9o -1o"))
    check_round(s)
    assert s.to_act() == BETWEEN
    assert s.chips == [104, 98, 98]  # +5 exactly wins


def test_reveal_winner_and_betting_cap() -> None:
    s = deal(HANDS3, -10, "o")
    s.chips[2] = 8
    s.apply(sel("-9s"))
    s.apply(sel("-7s"))
    s.apply(sel("-10t"))
    assert max(a.amount for a in s.legal_actions() if isinstance(a, Bet)) == 8
    with pytest.raises(ValueError, match="poorest"):
        s.apply(Bet(9))
    s.apply(Bet(8))
    while s.phase == co.BETTING:
        s.apply(s.legal_actions()[0])  # call
    feed(s, cards("-1t -2t -3t -4t -5t -6t -7t -8t -9t -10s -1s -2s"))
    s.apply(sel("-9s -2t"))
    s.apply(sel("-7s"))
    s.apply(sel("-10t"))
    check_round(s)
    assert s.chips == [90, 90, 30]
