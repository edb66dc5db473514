"""Classic Sabacc (RULES.md §1.2-1.4): every rule on stacked decks, exact chips and cards."""

from __future__ import annotations

import pytest
from sabacc_helpers import check_round, deal, kinds, new, play, snapshot, stand_all

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL

# -- card codes -----------------------------------------------------------------


def test_card_codes_round_trip_and_are_case_insensitive() -> None:
    assert sc.code(sc.parse("7C")) == "7c"
    assert sc.code(sc.parse("15t")) == "15t"
    assert sc.code(sc.parse("Evil-One")) == "evil-one"
    assert sc.code(sc.parse("lc")) == "Lc"
    assert len(sc.standard_deck()) == 76
    assert len(sc.centran_deck()) == 78


@pytest.mark.parametrize("bad", ["16c", "0c", "7x", "joker", "", "c7"])
def test_unknown_card_code_names_the_code(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad).replace("'", ".")):
        sc.parse(bad)


# -- hand ranking (§1.2) ----------------------------------------------------------


def r(*cards: str) -> sb.HandRank:
    return sb.rank_hand(list(cards))


def test_idiots_array_beats_pure_sabacc() -> None:
    array = r("idiot", "2c", "3s")
    assert array.kind == "idiots-array" and array.total == 5
    assert array > r("15c", "8f")  # +23
    assert r("idiot", "2f", "3t") == array  # any suits: a tie


def test_idiot_2_3_with_a_fourth_card_is_no_array() -> None:
    assert r("idiot", "2c", "3s", "1f").kind == "normal"


def test_pure_sabacc_plus_beats_minus() -> None:
    plus, minus = r("15c", "8f"), r("star", "endurance", "2c")
    assert plus.kind == minus.kind == "pure-sabacc"
    assert minus.total == -23 and plus > minus


def test_distance_to_23_with_positive_winning_ties() -> None:
    order = [r("11c", "11f"), r("star", "queen", "moderation", "11c"), r("10c", "11f")]
    assert [h.total for h in order] == [22, -22, 21]
    assert order[0] > order[1] > order[2]


@pytest.mark.parametrize("cards", [("15c", "9f"), ("star", "evil-one"), ("idiot", "2c", "queen")])
def test_bombed_out_hands_lose_to_everything(cards: tuple[str, ...]) -> None:
    bombed = r(*cards)
    assert bombed.kind == "bombed-out"
    assert bombed < r("1c", "1f")  # total 2, the weakest live hand


def test_equal_totals_tie() -> None:
    assert r("10c", "10f") == r("12s", "8t")


def test_rank_hand_refuses_unknown_preset_and_foreign_cards() -> None:
    with pytest.raises(ValueError, match="preset"):
        sb.rank_hand(["1c", "2c"], preset="poker")
    with pytest.raises(ValueError, match="universe"):
        sb.rank_hand(["universe", "2c"], preset="classic")
    with pytest.raises(ValueError, match="Lc"):
        sb.rank_hand(["Lc", "2c"])


# -- antes (§1.4) -------------------------------------------------------------------


def test_first_ante_feeds_both_pots_then_only_the_hand_pot() -> None:
    s = new(3, chips=20)
    events = s.start_next()
    assert [(e.seat, e.hand_pot, e.sabacc_pot) for e in events if isinstance(e, ev.AntePaid)] == [
        (1, 1, 1),
        (2, 1, 1),
        (0, 1, 1),
    ]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([18, 18, 18], 3, 3)
    # Play the hand out by folds: seat 1 (the lead) bets, the others fold.
    while s.to_act() == CHANCE:
        s.sample_chance(__import__("random").Random(0))
    play(s, sb.Bet(1), sb.FOLD, sb.FOLD)
    assert s.to_act() == BETWEEN
    assert s.chips == [17, 21, 17] and s.sabacc_pot == 5  # two fold fees
    s.start_next()
    assert s.sabacc_pot == 5 and s.hand_pot == 3  # no second Sabacc-pot ante
    assert s.chips == [16, 20, 16]


def test_a_player_who_cannot_ante_is_out() -> None:
    s = new(3, chips=20)
    s.chips[2] = 1  # the first ante costs 2 (hand pot + empty Sabacc pot)
    events = s.start_next()
    assert any(isinstance(e, ev.PlayerOut) and e.seat == 2 for e in events)
    assert s.in_match == [True, True, False] and s.chips[2] == 1
    assert s.hand_pot == 2


def test_match_ends_when_one_player_is_left_and_they_sweep_the_pots() -> None:
    s = new(2, chips=20)
    s.sabacc_pot = 0
    s.chips = [30, 1]
    s.chips[0] += 9  # keep 40 chips in play overall
    events = s.start_next()
    assert s.to_act() == TERMINAL
    assert isinstance(events[-1], ev.MatchEnded) and events[-1].winner == 0


# -- betting (§1.4) -------------------------------------------------------------


def test_lead_may_open_others_may_only_check_or_fold_after_a_check() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    assert s.to_act() == 1  # the dealer's left leads
    legal = s.legal_actions()
    assert sb.CHECK in legal and sb.Bet(1) in legal and sb.FOLD not in legal
    play(s, sb.CHECK)
    assert s.legal_actions() == [sb.CHECK, sb.FOLD]
    before = snapshot(s)
    with pytest.raises(ValueError, match="only the lead may open"):
        s.apply(sb.Bet(2))
    assert snapshot(s) == before


def test_lead_cannot_fold_and_state_is_unchanged() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    before = snapshot(s)
    with pytest.raises(ValueError, match="lead may not fold"):
        s.apply(sb.FOLD)
    assert snapshot(s) == before


def test_call_and_raise_move_exact_chips() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    events = play(s, sb.Bet(2), sb.Raise(3), sb.CALL)
    assert [type(e).__name__ for e in events] == ["RoundStarted"][:0] + [
        "BetPlaced",
        "Raised",
        "Called",
    ]
    # Seat 2 raised to 5; seat 0 called 5; the lead (seat 1) must answer.
    assert s.to_act() == 1 and sb.FOLD not in s.legal_actions()
    play(s, sb.CALL)
    assert s.chips == [13, 13, 13] and s.hand_pot == 3 + 15
    assert s.phase == sb.SHIFTING and s.to_act() == CHANCE


def test_ten_chip_cap_per_player_per_hand() -> None:
    s = new(3, chips=50)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    bets = [a for a in s.legal_actions() if isinstance(a, sb.Bet)]
    assert max(b.amount for b in bets) == 10
    play(s, sb.Bet(6), sb.CALL)
    before = snapshot(s)
    with pytest.raises(ValueError, match="10-chip cap"):
        s.apply(sb.Raise(5))  # would take seat 0 to 11
    assert snapshot(s) == before
    play(s, sb.Raise(4), sb.CALL, sb.CALL, 1)
    stand_all(s)
    # Round 2: every player has bet 10 this hand: nothing more may be bet.
    assert s.to_act() == 2
    assert s.legal_actions() == [sb.CHECK]


def test_wookiee_rules_lift_the_cap() -> None:
    s = new(3, chips=50, wookiee=True)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    bets = [a for a in s.legal_actions() if isinstance(a, sb.Bet)]
    assert max(b.amount for b in bets) == 48  # all the lead has
    play(s, sb.Bet(15), sb.CALL, sb.CALL)
    assert s.hand_pot == 3 + 45


def test_no_bet_may_ask_more_than_the_lead_can_pay() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    s.chips[1] = 3  # the lead is short
    play(s, sb.Bet(2))
    raises = [a.amount for a in s.legal_actions() if isinstance(a, sb.Raise)]
    assert raises == [1]  # to a level of 3: what the lead can still pay
    with pytest.raises(ValueError, match="more than the lead can pay"):
        s.apply(sb.Raise(2))


def test_a_player_who_cannot_pay_to_stay_must_fold_and_pays_what_they_have() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    s.chips[2] = 0  # sabacc pot and hand pot untouched: chips leave play in this test only
    play(s, sb.Bet(2))
    assert s.legal_actions() == [sb.FOLD]
    events = play(s, sb.FOLD)
    assert [e for e in events if isinstance(e, ev.Folded)] == [ev.Folded(2, 0)]


def test_fold_fee_goes_to_the_sabacc_pot() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.Bet(2), sb.FOLD)
    assert s.chips[2] == 17 and s.sabacc_pot == 4


def test_fold_win_takes_the_hand_pot_never_the_sabacc_pot() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["15c", "8c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})  # seat 1 holds +23
    events = play(s, sb.Bet(2), sb.FOLD, sb.FOLD)
    awards = [e for e in events if isinstance(e, ev.PotAwarded)]
    assert awards == [ev.PotAwarded(1, 5, "hand")]
    assert s.sabacc_pot == 5 and s.chips == [17, 21, 17]
    assert events[-1] == ev.HandEnded(1, (1,), "fold")


# -- shifting (§1.4) ---------------------------------------------------------------


def test_die_below_4_shifts_nothing() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK)
    events = play(s, 3)
    assert events[0] == ev.DieRolled(1, 3, False)
    assert not any(isinstance(e, ev.CardShifted) for e in events)
    assert s.phase == sb.DRAWING  # round 1 of 3: no calling yet


@pytest.mark.parametrize("die", [4, 5, 6])
def test_shift_replaces_one_card_per_player_on_4_to_6(die: int) -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, die)
    assert s.to_act() == CHANCE
    # The shift takes 2c from seat 1, 3c from seat 2, 6c from seat 0 ...
    events = play(s, "2c", "3c", "6c")
    assert isinstance(events[-1], ev.ShiftReturned) and events[-1].count == 3
    # ... and deals replacements from the reshuffled deck (which holds them again).
    events = play(s, "star", "2c", "11f")
    shifted = [e for e in events if isinstance(e, ev.CardShifted)]
    assert shifted == [
        ev.CardShifted(1, "2c", "star"),
        ev.CardShifted(2, "3c", "2c"),
        ev.CardShifted(0, "6c", "11f"),
    ]
    assert sorted(sc.codes(s.hands[1])) == ["1c", "star"]
    assert sorted(sc.codes(s.hands[2])) == ["2c", "4c"]
    assert sorted(sc.codes(s.hands[0])) == ["11f", "5c"]


def test_shift_events_hide_cards_from_other_seats() -> None:
    e = ev.CardShifted(1, "2c", "star")
    assert e.for_seat(1) == e
    assert e.for_seat(0) == ev.CardShifted(1, None, None)
    assert e.for_seat(None) == ev.CardShifted(1, None, None)


def test_folded_players_are_not_shifted() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.Bet(1), sb.FOLD, sb.CALL, 6)
    assert [seat for _, seat in s.chance] == [1, 0, 1, 0]


def test_interference_field_cards_are_immune_to_shifts() -> None:
    s = new(3, interference_field=True)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    check_round(s)
    # Round 2, lead seat 2: everybody checks.  Before that, in round 1's
    # drawing the players stood; now place cards while drawing in round 2.
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    events = play(s, sb.PlaceInField(sc.parse("3c")), sb.PlaceInField(sc.parse("4c")))
    assert kinds(events) == ["CardPlacedInField", "CardPlacedInField"]
    assert sc.codes(s.fields[2]) == ["3c", "4c"] and s.hands[2] == []
    stand_all(s)
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 5)  # round 3, lead seat 0: a shift
    # Seat 2 has nothing outside the field: only seats 0 and 1 lose a card.
    assert [seat for task, seat in s.chance] == [0, 1, 0, 1]
    assert s.view(1).fields[2] == (sc.parse("3c"), sc.parse("4c"))  # public


def test_field_is_refused_without_the_local_rule() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    with pytest.raises(ValueError, match="interference field"):
        s.apply(sb.PlaceInField(sc.parse("1c")))


# -- calling (§1.4) ----------------------------------------------------------------


def test_no_call_before_every_player_has_led() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    check_round(s)  # round 1, lead 1: no calling phase
    assert s.round_no == 2 and s.lead == 2
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    assert s.phase == sb.DRAWING  # round 2: still no calling
    stand_all(s)
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    assert s.round_no == 3 and s.lead == 0 and s.phase == sb.CALLING
    assert s.to_act() == 1  # from the lead's left; the lead cannot call
    assert s.legal_actions() == [sb.CALL_HAND, sb.PASS_CALL]


def test_minimum_rounds_option_delays_the_call() -> None:
    s = new(3, min_rounds=5)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    for _ in range(4):
        check_round(s)
    assert s.round_no == 5
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    assert s.phase == sb.CALLING


def to_calling(s: sb.SabaccState) -> None:
    """Quiet rounds (checks, no shift, nobody draws) until the calling phase."""
    while True:
        while s.phase == sb.BETTING and s.to_act() >= 0:
            s.apply(sb.CHECK)
        s.apply_chance(1)
        if s.phase == sb.CALLING:
            return
        stand_all(s)


# -- drawing (§1.4) ------------------------------------------------------------------


def test_draw_then_discard_or_keep() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    assert s.to_act() == 1 and s.legal_actions()[:2] == [sb.DRAW, sb.STAND]
    with pytest.raises(ValueError, match="draw or stand"):
        s.apply(sb.Discard(sc.parse("1c")))
    events = play(s, sb.DRAW, "11f")
    assert events == [ev.CardDrawn(1, "11f")]
    assert s.phase == sb.DISCARDING and s.to_act() == 1
    events = play(s, sb.Discard(sc.parse("1c")))
    assert events == [ev.CardDiscarded(1, "1c")]
    assert sorted(sc.codes(s.hands[1])) == ["11f", "2c"]
    assert s.discards == [sc.parse("1c")] and s.view(0).discards == (sc.parse("1c"),)
    play(s, sb.DRAW, "9f", sb.KEEP)
    assert len(s.hands[2]) == 3


def test_a_hand_never_goes_below_two_cards() -> None:
    s = new(3, interference_field=True)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    # Seat 1 locks both cards in the field, draws: the drawn card is the only
    # discardable one and discarding it leaves two cards.
    play(s, sb.PlaceInField(sc.parse("1c")), sb.PlaceInField(sc.parse("2c")), sb.DRAW, "9f")
    assert s.legal_actions() == [sb.KEEP, sb.Discard(sc.parse("9f"))]
    with pytest.raises(ValueError, match="interference field cannot be discarded"):
        s.apply(sb.Discard(sc.parse("1c")))
    play(s, sb.Discard(sc.parse("9f")))
    assert len(s.cards_of(1)) == 2


def test_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    s = new(3)
    deal(s, {1: ["1c", "2c"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    # Move the whole deck to the discard pile (cards stay conserved).
    s.discards = s.deck
    s.deck = []
    events = play(s, sb.DRAW, "11f")
    assert isinstance(events[0], ev.DeckReshuffled) and events[0].count == 70
    assert events[1] == ev.CardDrawn(1, "11f")
    assert len(s.deck) == 69 and s.discards == []


# -- showdown (§1.2-1.4) ---------------------------------------------------------------


def test_called_showdown_best_hand_wins_the_hand_pot() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["10c", "11c"], 2: ["10f", "9f"], 0: ["star", "queen"]})  # 21, 19, -19
    play(s, sb.Bet(2), sb.CALL, sb.CALL, 1)
    stand_all(s)
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    revealed = [(e.seat, e.hand_kind, e.total) for e in events if isinstance(e, ev.HandRevealed)]
    assert revealed == [(0, "normal", -19), (1, "normal", 21), (2, "normal", 19)]
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [ev.PotAwarded(1, 9, "hand")]
    assert s.chips == [16, 25, 16] and s.sabacc_pot == 3 and s.hand_pot == 0
    assert events[-1] == ev.HandEnded(1, (1,), "showdown") and s.wins == [0, 1, 0]


def test_pure_sabacc_takes_both_pots() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["15c", "8c"], 2: ["10f", "9f"], 0: ["star", "queen"]})
    to_calling(s)
    events = play(s, sb.PASS_CALL, sb.CALL_HAND)
    awards = [e for e in events if isinstance(e, ev.PotAwarded)]
    assert awards == [ev.PotAwarded(1, 3, "hand"), ev.PotAwarded(1, 3, "sabacc")]
    assert s.chips == [18, 24, 18] and s.sabacc_pot == 0


def test_idiots_array_takes_both_pots_over_pure_sabacc() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["15c", "8c"], 2: ["idiot", "2f"], 0: ["star", "queen"]})
    play(s, sb.CHECK, sb.CHECK, sb.CHECK, 1)
    play(s, sb.STAND, sb.DRAW, "3t", sb.KEEP, sb.STAND)
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [
        ev.PotAwarded(2, 3, "hand"),
        ev.PotAwarded(2, 3, "sabacc"),
    ]


def test_sudden_demise_decides_a_tie() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["10c", "10f"], 2: ["11c", "9f"], 0: ["1c", "2c"]})  # 20, 20, 3
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert events[-1] == ev.SuddenDemise((1, 2), False)
    events = play(s, "2f", "3s")  # seat 1 -> 22, seat 2 -> 23
    assert [e for e in events if isinstance(e, ev.SuddenDemiseCard)] == [
        ev.SuddenDemiseCard(1, "2f", "normal", 22),
        ev.SuddenDemiseCard(2, "3s", "pure-sabacc", 23),
    ]
    # A Pure Sabacc made in Sudden Demise wins the hand pot only: the tie
    # was not for a special hand.
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [ev.PotAwarded(2, 3, "hand")]
    assert s.sabacc_pot == 3


def test_sudden_demise_bomb_out_is_out() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["10c", "10f"], 2: ["11c", "9f"], 0: ["1c", "2c"]})
    to_calling(s)
    play(s, sb.CALL_HAND)
    events = play(s, "15s", "1f")  # seat 1 -> 35 bombs out, seat 2 -> 21
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [ev.PotAwarded(2, 3, "hand")]


def test_still_tied_splits_the_pot_odd_chip_stays() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["10c", "10f"], 2: ["11c", "9f"], 0: ["1c", "2c"]})
    to_calling(s)
    play(s, sb.CALL_HAND)
    events = play(s, "1s", "1t")  # both 21: still tied
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [
        ev.PotAwarded(1, 1, "hand"),
        ev.PotAwarded(2, 1, "hand"),
    ]
    assert s.hand_pot == 1  # the odd chip waits for the next hand
    assert events[-1] == ev.HandEnded(1, (1, 2), "split")
    s.start_next()
    assert s.hand_pot == 4


def test_all_demise_players_bombed_best_of_all_including_folded_wins() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["10c", "10f"], 2: ["11c", "9f"], 0: ["7c", "8c"]})  # 20, 20, 15
    play(s, sb.Bet(1), sb.CALL, sb.FOLD, 1)  # seat 0 folds with 15
    stand_all(s)
    to_calling(s)
    play(s, sb.CALL_HAND)
    events = play(s, "15s", "15t")  # both bomb out
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [ev.PotAwarded(0, 5, "hand")]
    assert events[-1].reason == "fallback"


def test_everyone_bombed_moves_the_hand_pot_to_the_sabacc_pot() -> None:
    s = new(2, chips=20)
    deal(s, {1: ["15c", "15f"], 0: ["15s", "14t"]})  # 30 and 29
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert ev.PotMoved(2, "hand", "sabacc") in events
    assert s.sabacc_pot == 4 and s.hand_pot == 0
    assert events[-1] == ev.HandEnded(1, (), "all-bombed")


def test_everyone_bombed_in_demise_and_no_live_hand_anywhere() -> None:
    s = new(2, chips=20)
    deal(s, {1: ["10c", "10f"], 0: ["11c", "9f"]})
    to_calling(s)
    play(s, sb.CALL_HAND)
    events = play(s, "15s", "15t")
    assert ev.PotMoved(2, "hand", "sabacc") in events


def test_tied_special_hands_play_sudden_demise_for_both_pots() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["15c", "8c"], 2: ["15f", "8f"], 0: ["1c", "2c"]})
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert events[-1] == ev.SuddenDemise((1, 2), True)
    events = play(s, "queen", "2s")  # seat 1 -> 21, seat 2 -> 25 (bombed)
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [
        ev.PotAwarded(1, 3, "hand"),
        ev.PotAwarded(1, 3, "sabacc"),
    ]


# -- local rules (§1.4) -------------------------------------------------------------


def test_suit_signs_make_sabres_and_staves_negative() -> None:
    s = new(2, value_rule="suit-signs")
    deal(s, {1: ["10s", "11t"], 0: ["10c", "11f"]})
    assert s.total_of(1) == -21 and s.total_of(0) == 21


def test_random_sabacc_announces_value_changes() -> None:
    s = new(3, random_sabacc=True)
    deal(s, {1: ["10s", "11t"], 2: ["3c", "4c"], 0: ["5c", "6c"]})
    check_round(s)
    assert s.to_act() == CHANCE  # does the venue change its rules?
    outcomes = dict(s.chance_outcomes())
    assert outcomes[-1] == pytest.approx(5 / 6)
    events = play(s, 1)  # index 1: suit signs
    assert events[0] == ev.RulesChanged("suit-signs")
    assert s.total_of(1) == -21 and s.view(0).values[sc.parse("10s")] == -10


def test_bombout_penalty_pays_the_hand_pot_into_the_sabacc_pot() -> None:
    s = new(3, chips=20, bombout_penalty=True)
    deal(s, {1: ["10c", "11c"], 2: ["15f", "14f"], 0: ["1c", "2c"]})
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert ev.PenaltyPaid(2, 3, "bombed-out") in events
    assert s.chips[2] == 15 and s.sabacc_pot == 6


def test_failed_call_penalty() -> None:
    s = new(3, chips=20, failed_call_penalty=True)
    deal(s, {1: ["10c", "9c"], 2: ["15f", "7f"], 0: ["1c", "2c"]})  # 19, 22, 3
    to_calling(s)
    events = play(s, sb.CALL_HAND)  # seat 1 calls and loses to seat 2
    assert ev.PenaltyPaid(1, 3, "failed-call") in events
    assert s.chips == [18, 15, 21] and s.sabacc_pot == 6


# -- views ----------------------------------------------------------------------------


def test_view_shows_own_cards_and_only_counts_of_others() -> None:
    s = new(3)
    deal(s, {1: ["10c", "11c"], 2: ["15f", "14f"], 0: ["1c", "2c"]})
    v = s.view(0)
    assert v.hand == (sc.parse("1c"), sc.parse("2c"))
    assert v.card_counts == (2, 2, 2)
    assert all(e.for_seat(None) == e for e in v.log)
    assert "15f" not in repr(v) and "10c" not in repr(v)
