"""The Kessel engine: every rule of RULES.md §4.1 with exact chips, cards and winners."""

from __future__ import annotations

import random

import pytest
from kessel_helpers import c, deal, new, next_round, stand_all

from game.rules import kessel
from game.rules import kessel_cards as kc
from game.rules import kessel_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.kessel import ChooseFace, Draw, KeepDrawn, PlayToken, ReturnDrawn, Stand


def setup_chips(s: kessel.KesselState, stocks: list[int], pots: list[int]) -> None:
    s.chips[:] = stocks
    s.pots[:] = pots


# -- setup -----------------------------------------------------------------------
def test_setup_stock_by_buy_in_and_first_deal() -> None:
    for buy_in, stock in ((50, 4), (100, 5), (150, 6), (200, 8)):
        assert kessel.new_game(4, buy_in=buy_in).chips == [stock] * 4
    s = new(3, starting=1)
    deal(s, {0: "s1 b2", 1: "s3 b4", 2: "s5 b6"}, flips="s6 b-imp")
    assert s.hands == [[c("s1"), c("b2")], [c("s3"), c("b4")], [c("s5"), c("b6")]]
    assert s.discards == [[c("s6")], [c("b-imp")]]
    assert len(s.piles[0]) == 22 - 4 and len(s.piles[1]) == 22 - 4
    assert (s.turn, s.to_act(), s.order) == (1, 1, [1, 2, 0])
    assert s.credits_pot == 450


def test_bad_options_and_seat_counts() -> None:
    with pytest.raises(ValueError, match="buy_in"):
        kessel.new_game(4, buy_in=120)
    with pytest.raises(ValueError, match="2 to 8"):
        kessel.new_game(9)
    with pytest.raises(ValueError, match="draft"):
        kessel.new_game(6, "kessel-shift", token_mode="draft")
    with pytest.raises(ValueError, match="unknown Kessel option"):
        kessel.new_game(4, colour="red")


# -- actions ------------------------------------------------------------------------
def test_draw_from_the_deck_keep_puts_the_old_card_on_the_discards() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    s.apply(Draw("blood"))
    assert s.to_act() == CHANCE
    s.apply_chance(c("b1"))
    assert (s.chips[0], s.pots[0]) == (5, 1)
    assert s.legal_actions() == [KeepDrawn(), ReturnDrawn()]
    s.apply(KeepDrawn())
    assert s.hands[0] == [c("s1"), c("b1")]
    assert s.discards[1] == [c("b4"), c("b5")]
    assert s.to_act() == 1


def test_draw_from_a_discard_and_return_it() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"}, flips="s2 b4")
    events = s.apply(Draw("sand-discard"))
    assert isinstance(events[0], ev.DrewFromDiscard) and events[0].card == "s2"
    assert s.discards[0] == []
    s.apply(ReturnDrawn())
    assert s.hands[0] == [c("s1"), c("b5")]
    assert s.discards[0] == [c("s2")]
    assert (s.chips[0], s.pots[0]) == (5, 1)


def test_empty_pile_refills_from_its_discards_but_the_top() -> None:
    s = new(2)
    deal(s, {0: "s1 b5", 1: "s3 b4"}, flips="s2 b4")
    s.discards[0] += s.piles[0]
    s.piles[0] = []
    top = s.discards[0][-1]
    n = len(s.discards[0])
    s.apply(Draw("sand"))
    events = s.apply_chance(s.chance_outcomes()[0][0])
    assert any(isinstance(e, ev.PileReshuffled) and e.cards == n - 1 for e in events)
    assert s.discards[0] == [top]
    assert len(s.piles[0]) == n - 2


def test_16_draw_with_no_stock_needs_free_draw() -> None:
    s = new(3, "kessel-shift", tokens={0: ("free-draw", "refund", "immunity")})
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    s.chips[0] = 0
    assert s.legal_actions().count(Stand()) == 1
    assert not any(isinstance(a, Draw) for a in s.legal_actions())
    before = s.clone()
    with pytest.raises(ValueError, match="stock is empty"):
        s.apply(Draw("sand"))
    assert s.chips == before.chips and s.seat == before.seat and s.phase == before.phase
    s.apply(PlayToken("free-draw"))
    s.apply(Draw("sand"))
    s.apply_chance(c("s5"))
    s.apply(KeepDrawn())
    assert (s.chips[0], s.pots[0]) == (0, 0)
    assert s.hands[0] == [c("s5"), c("b5")]


def test_free_draw_is_wasted_on_stand_and_one_token_per_turn() -> None:
    s = new(2, "kessel-shift", tokens={0: ("free-draw", "refund", "immunity")})
    deal(s, {0: "s1 b5", 1: "s3 b4"})
    s.apply(PlayToken("free-draw"))
    with pytest.raises(ValueError, match="one shift token per turn"):
        s.apply(PlayToken("refund"))
    s.apply(Stand())
    s.apply(Draw("sand"))  # seat 1
    s.apply_chance(c("s4"))
    s.apply(KeepDrawn())
    assert s.tokens[0] == ["refund", "immunity"]
    s.apply(Draw("sand"))  # seat 0, turn 2: pays
    assert s.chips[0] == 5
    with pytest.raises(ValueError, match="do not hold"):
        kessel_state = s.clone()
        kessel_state.phase = kessel.TURN
        kessel_state.seat = 0
        kessel_state.apply(PlayToken("free-draw"))


# -- resolution -------------------------------------------------------------------
def test_13_resolution_exact_chips() -> None:
    s = new(3)
    deal(s, {0: "s1 b1", 1: "s3 b3", 2: "s2 b6"})
    setup_chips(s, [3, 4, 5], [2, 1, 2])
    stand_all(s)
    assert s.to_act() == BETWEEN
    assert s.chips == [5, 3, 1]
    assert s.pots == [0, 0, 0]
    assert s.destroyed == 1 + 1 + 2 + 4
    assert s.wins == [1, 0, 0] and s.completed == 1
    assert all(s.in_game)


def test_14_a_loser_who_cannot_pay_in_full_is_out() -> None:
    s = new(3)
    deal(s, {0: "s6 b1", 1: "s2 b2", 2: "s3 b1"})
    setup_chips(s, [2, 6, 6], [1, 0, 0])
    stand_all(s)
    assert s.chips[0] == 0 and s.pots[0] == 0
    assert s.in_game == [False, True, True]
    assert s.to_act() == BETWEEN
    s.start_next()
    deal(s, {1: "s1 b2", 2: "s3 b4"})
    assert s.order == [1, 2] and s.starting == 1


def test_15_tied_winners_recover_their_pots() -> None:
    s = new(3)
    deal(s, {0: "s2 b2", 1: "s-sylop b2", 2: "s5 b1"})
    setup_chips(s, [5, 5, 5], [1, 2, 1])
    events: list[ev.Event] = []
    while s.to_act() >= 0:
        events += s.apply(Stand())
    won = [e for e in events if isinstance(e, ev.RoundWon)]
    assert won == [ev.RoundWon((0, 1))]
    assert s.chips == [6, 7, 1]
    assert s.wins == [1, 1, 0]


def test_losing_sabacc_pays_one_and_penalty_is_capped() -> None:
    s = new(3)
    deal(s, {0: "s-sylop b-sylop", 1: "s6 b6", 2: "s1 b6"})
    setup_chips(s, [5, 5, 3], [0, 0, 0])
    stand_all(s)
    assert s.chips == [5, 4, 0]
    assert s.in_game == [True, True, False]


def test_19_all_stand_reveals_early_and_can_be_switched_off() -> None:
    s = new(3)
    deal(s, {0: "s1 b1", 1: "s3 b3", 2: "s2 b6"})
    stand_all(s)
    assert s.turn == 1 and s.revealed and s.to_act() == BETWEEN
    s2 = new(3, early_reveal=False)
    deal(s2, {0: "s1 b1", 1: "s3 b3", 2: "s2 b6"})
    stand_all(s2)
    assert s2.turn == 2 and not s2.revealed and s2.to_act() == 0


def test_a_round_is_three_turns() -> None:
    s = new(2)
    deal(s, {0: "s1 b5", 1: "s3 b4"})
    for turn in (1, 2, 3):
        assert s.turn == turn
        s.apply(Draw("sand"))
        s.apply_chance(c("s6"))
        s.apply(ReturnDrawn())
        s.apply(Stand())
    # seat 0 paid 3 draws, lost them and its difference of 4 (capped): out
    assert s.revealed and s.to_act() == TERMINAL
    assert s.chips == [0, 6] and s.destroyed == 6
    assert s.credits == [0, 300]


def test_20_last_player_standing_wins_the_credits_pot() -> None:
    s = new(3, starting=0)
    hands = {0: "s1 b1", 1: "s1 b6", 2: "s2 b6"}
    deal(s, hands)
    stand_all(s)
    rounds = 1
    while s.to_act() == BETWEEN:
        live = {seat: hands[seat] for seat in range(3) if s.in_game[seat]}
        next_round(s, live)
        stand_all(s)
        rounds += 1
    assert s.to_act() == TERMINAL
    assert s.in_game == [True, False, False]
    assert s.game_winners == (0,)
    assert s.credits == [450, 0, 0]
    assert s.wins[0] == rounds == s.completed
    with pytest.raises(ValueError, match="game is over"):
        s.start_next()


def test_starting_player_passes_left_each_round() -> None:
    s = new(3, starting=2)
    deal(s, {0: "s1 b1", 1: "s1 b2", 2: "s2 b1"})
    stand_all(s)
    next_round(s, {0: "s1 b1", 1: "s1 b2", 2: "s2 b1"})
    assert s.starting == 0 and s.order == [0, 1, 2]


# -- reveal and Impostors ---------------------------------------------------------
def test_impostors_roll_and_choose_then_sylop_copies() -> None:
    s = new(3)
    deal(s, {0: "s-imp b-sylop", 1: "s2 b-imp", 2: "s4 b1"})
    stand_all(s)
    # seat 0's Impostor first (seat order from the starting player)
    assert s.to_act() == CHANCE and s.chance[0][:2] == (kessel._ROLL, 0)
    s.apply_chance(25)
    assert s.legal_actions() == [ChooseFace(2), ChooseFace(5)]
    with pytest.raises(ValueError, match="two faces"):
        s.apply(ChooseFace(3))
    s.apply(ChooseFace(5))
    s.apply_chance(33)
    assert s.legal_actions() == [ChooseFace(3)]
    events = s.apply(ChooseFace(3))
    ranked = {e.seat: e for e in events if isinstance(e, ev.HandRanked)}
    assert ranked[0].cards == ("s-imp:5", "b-sylop") and ranked[0].rank_kind == "sabacc"
    assert ranked[1].total == 1
    assert s.wins == [1, 0, 0]


def test_shared_roll_gives_either_face_to_each_impostor() -> None:
    s = new(2, impostor_roll="shared")
    deal(s, {0: "s-imp b-imp", 1: "s4 b1"})
    stand_all(s)
    s.apply_chance(16)
    s.apply(ChooseFace(6))
    s.apply(ChooseFace(6))
    assert s.imp_values[0] == [6, 6]
    assert s.wins == [1, 0]


def test_major_fraud_skips_the_rolls() -> None:
    s = new(2, "kessel-shift", tokens={0: ("major-fraud", "refund", "immunity")})
    deal(s, {0: "s-imp b6", 1: "s1 b1"})
    s.apply(PlayToken("major-fraud"))
    assert s.fraud
    s.apply(Stand())
    s.apply(Stand())
    assert s.to_act() == BETWEEN
    assert s.wins == [0, 1]  # 6/6 loses to 1/1


# -- shift tokens -----------------------------------------------------------------
def shift(
    tokens: dict[int, tuple[str, ...]], players: int = 3, **opts: object
) -> kessel.KesselState:
    opts.setdefault("early_reveal", False)
    s = new(players, "kessel-shift", tokens=tokens, **opts)  # type: ignore[arg-type]
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6", 3: "s2 b2"})
    return s


def test_tokens_only_in_kessel_shift() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    assert not any(isinstance(a, PlayToken) for a in s.legal_actions())
    with pytest.raises(ValueError, match="kessel-shift"):
        s.apply(PlayToken("refund"))


def test_17_general_tariff_skips_the_immune() -> None:
    s = shift({0: ("general-tariff", "refund", "free-draw"), 1: ("immunity", "refund", "markdown")})
    s.apply(Stand())
    s.apply(PlayToken("immunity"))
    s.apply(Stand())
    s.apply(Stand())
    s.apply(PlayToken("general-tariff"))
    assert s.chips == [6, 6, 5]
    assert s.destroyed == 1


def test_18_target_audit_only_on_a_player_who_stood() -> None:
    s = shift({2: ("target-audit", "general-audit", "refund")})
    s.apply(Draw("sand"))
    s.apply_chance(c("s6"))
    s.apply(ReturnDrawn())
    s.apply(Stand())  # seat 1 stands
    with pytest.raises(ValueError, match="Target Audit"):
        s.apply(PlayToken("target-audit", 0))
    assert PlayToken("target-audit", 0) not in s.legal_actions()
    s.apply(PlayToken("target-audit", 1))
    assert s.chips == [5, 3, 6] and s.destroyed == 3


def test_general_audit_hits_players_whose_latest_action_was_stand() -> None:
    s = shift({2: ("general-audit", "refund", "free-draw")})
    s.apply(Draw("sand"))
    s.apply_chance(c("s6"))
    s.apply(ReturnDrawn())
    s.apply(Stand())
    s.apply(PlayToken("general-audit"))
    assert s.chips == [5, 4, 6]


def test_prospective_audit_hits_later_stands() -> None:
    s = shift({0: ("general-audit", "refund", "free-draw")}, audit_timing="prospective")
    s.apply(PlayToken("general-audit"))
    s.apply(Stand())
    s.apply(Stand())
    s.apply(Draw("blood"))
    assert s.chips == [6, 4, 5]


def test_tax_to_pot_keeps_the_chips_at_risk() -> None:
    s = shift({0: ("target-tariff", "refund", "free-draw")}, tax_to="pot")
    s.apply(PlayToken("target-tariff", 2))
    assert (s.chips[2], s.pots[2], s.destroyed) == (4, 2, 0)


def test_refunds_and_embezzlement() -> None:
    s = shift(
        {0: ("refund", "embezzlement", "extra-refund"), 1: ("immunity", "refund", "markdown")}
    )
    setup_chips(s, [2, 2, 2], [3, 2, 1])
    s.apply(PlayToken("refund"))
    assert (s.chips[0], s.pots[0]) == (4, 1)
    s.apply(Stand())
    s.apply(PlayToken("immunity"))
    s.apply(Stand())
    s.apply(Stand())
    s.apply(PlayToken("embezzlement"))
    assert s.pots == [2, 2, 0]
    for _ in range(3):
        s.apply(Stand())
    s.apply(PlayToken("extra-refund"))
    assert (s.chips[0], s.pots[0]) == (6, 0)


def test_embezzle_from_stock_option() -> None:
    s = shift({0: ("embezzlement", "refund", "free-draw")}, embezzle_from="stock")
    s.apply(PlayToken("embezzlement"))
    assert s.chips == [6, 5, 5] and s.pots == [2, 0, 0]


def test_embargo_stops_the_next_players_draw() -> None:
    s = shift({0: ("embargo", "refund", "free-draw")})
    s.apply(PlayToken("embargo"))
    s.apply(Stand())
    assert not any(isinstance(a, Draw) for a in s.legal_actions())
    with pytest.raises(ValueError, match="Embargo"):
        s.apply(Draw("sand"))
    s.apply(Stand())
    s.apply(Draw("sand"))  # seat 2 unaffected
    s.apply_chance(c("s6"))
    s.apply(ReturnDrawn())
    s.apply(Stand())
    assert any(isinstance(a, Draw) for a in s.legal_actions())  # seat 1, turn 2


def test_exhaustion_redeals_the_target() -> None:
    s = shift({0: ("exhaustion", "refund", "free-draw")})
    s.apply(PlayToken("exhaustion", 2))
    assert s.discards == [[c("s3"), c("s5")], [c("b4"), c("b6")]]
    assert s.to_act() == CHANCE
    s.apply_chance(c("s1"))
    s.apply_chance(c("b1"))
    assert s.hands[2] == [c("s1"), c("b1")]
    assert s.to_act() == 0 and s.chips == [6, 6, 6]


def test_direct_transaction_swaps_hands() -> None:
    s = shift({0: ("direct-transaction", "refund", "free-draw")})
    setup_chips(s, [6, 6, 6], [1, 0, 2])
    events = s.apply(PlayToken("direct-transaction", 2))
    assert s.hands[0] == [c("s5"), c("b6")] and s.hands[2] == [c("s1"), c("b5")]
    assert s.pots == [1, 0, 2]
    received = [e for e in events if isinstance(e, ev.HandReceived)]
    assert received[0].for_seat(1) == ev.HandReceived(0, (None, None))
    assert received[0].for_seat(0) == ev.HandReceived(0, ("s5", "b6"))


def test_immunity_blocks_targets_but_not_rule_changes() -> None:
    s = shift(
        {0: ("immunity", "refund", "free-draw"), 1: ("target-tariff", "markdown", "free-draw")}
    )
    s.apply(PlayToken("immunity"))
    s.apply(Stand())
    assert PlayToken("target-tariff", 0) not in s.legal_actions()
    with pytest.raises(ValueError, match="not immune"):
        s.apply(PlayToken("target-tariff", 0))
    s.apply(PlayToken("markdown"))
    assert s.markdown


def test_prime_sabacc_rolls_and_chooses_then_ranks() -> None:
    s = new(2, "kessel-shift", tokens={1: ("prime-sabacc", "refund", "free-draw")})
    deal(s, {0: "s1 b1", 1: "s4 b4"})
    s.apply(Stand())
    s.apply(PlayToken("prime-sabacc"))
    s.apply_chance(46)
    s.apply(ChooseFace(4))
    assert s.prime == 4 and s.to_act() == 1
    s.apply(Stand())
    assert s.wins == [0, 1]


def test_cook_the_books_makes_six_six_best() -> None:
    s = new(2, "kessel-shift", tokens={1: ("cook-the-books", "refund", "free-draw")})
    deal(s, {0: "s1 b1", 1: "s6 b6"})
    s.apply(Stand())
    s.apply(PlayToken("cook-the-books"))
    s.apply(Stand())
    assert s.wins == [0, 1]


def test_random_and_draft_token_modes() -> None:
    s = kessel.new_game(3, "kessel-shift", token_mode="random")
    s.start_next()
    s.apply_chance(0)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 560
    s.apply_chance(("refund", "embargo", "immunity"))
    assert s.tokens[0] == ["refund", "embargo", "immunity"]
    d = kessel.new_game(2, "kessel-shift", token_mode="draft")
    d.start_next()
    d.apply_chance(1)
    order = []
    while d.phase == kessel.DRAFTING:
        order.append(d.to_act())
        d.apply(d.legal_actions()[0])
    assert order == [1, 0, 0, 1, 1, 0]
    assert d.tokens[1] == ["free-draw", "embezzlement", "major-fraud"]


def test_picking_is_secret_and_needs_three_different_tokens() -> None:
    s = kessel.new_game(3, "kessel-shift")
    s.start_next()
    s.apply_chance(0)
    with pytest.raises(ValueError, match="3 different"):
        s.apply(kessel.PickTokens(("refund", "refund", "embargo")))
    s.apply(kessel.PickTokens(("refund", "embargo", "immunity")))
    v = s.view(1)
    assert v.public_tokens[0] is None and v.token_counts[0] == 3
    assert "'refund'" not in repr(v) and "'embargo'" not in repr(v)


def test_views_hide_other_hands_until_the_reveal() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    v = s.view(1)
    assert v.hand == (c("s3"), c("b4"))
    assert v.revealed == (None, None, None)
    assert all(getattr(e, "card", None) is None for e in v.log if isinstance(e, ev.CardDealt))
    stand_all(s)
    assert s.view(1).revealed[0] == (c("s1"), c("b5"))


def test_illegal_actions_leave_the_state_unchanged() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    before = s.view(0)
    for bad in (KeepDrawn(), ChooseFace(3), Draw("middle"), kessel.PickTokens(()), "fold"):
        with pytest.raises(ValueError):
            s.apply(bad)
    assert s.view(0) == before


def test_same_seed_same_game() -> None:
    from kessel_helpers import play_out

    def run(seed: int) -> list[int]:
        s = kessel.new_game(4, "kessel-shift")
        rng = random.Random(seed)
        while s.to_act() != TERMINAL and s.completed < 5:
            if s.to_act() == BETWEEN:
                s.start_next()
            play_out(s, rng)
        return s.chips + s.pots + [s.destroyed]

    assert run(3) == run(3)
    assert kc.PRESETS == kessel.PRESETS


def test_round_outcome_for_statistics() -> None:
    from game.session.outcomes import kessel_outcome

    t = new(3, "kessel-shift", tokens={0: ("refund", "immunity", "embargo")})
    deal(t, {0: "s-sylop b-sylop", 1: "s3 b3", 2: "s2 b6"})
    t.pots[0], t.chips[0] = 3, 3
    events: list[ev.Event] = t.apply(PlayToken("refund"))
    while t.to_act() >= 0:
        events += t.apply(Stand())
    mine = kessel_outcome(events, 0)
    # The refund is the player's own chips coming back, not chips taken in.
    assert (mine.won, mine.collected, mine.winners, mine.pure_sabacc) == (True, 1, (0,), True)
    theirs = kessel_outcome(events, 2)
    assert (theirs.won, theirs.collected) == (False, 0)


def test_malformed_calls_are_refused_before_touching_the_state() -> None:
    s = new(3, "kessel-shift", tokens={0: ("target-tariff", "refund", "embargo")})
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"})
    before = s.view(0)
    with pytest.raises(ValueError, match="no seat 5"):
        s.view(5)
    with pytest.raises(TypeError):
        s.apply(PlayToken("target-tariff", "1"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        s.apply(PlayToken("target-tariff", 1.5))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="between rounds"):
        s.rebuy(1, 3)
    with pytest.raises(ValueError, match="at least 1"):
        s.rebuy(1, 0)
    with pytest.raises(ValueError, match="no seat"):
        s.can_continue(-1)
    s.apply(Draw("sand"))
    with pytest.raises(ValueError, match="whole number"):
        s.apply_chance(2.5)
    with pytest.raises(TypeError):
        s.apply_chance("s4")
    s.apply_chance(c("s4"))
    s.apply(ReturnDrawn())
    assert before.chips == (6, 6, 6) and s.view(0).chips == (5, 6, 6)
    s2 = new(2)
    deal(s2, {0: "s-imp b4", 1: "s2 b5"})
    s2.apply(Stand())
    s2.apply(Stand())
    s2.apply_chance(14)
    with pytest.raises(ValueError, match="whole number"):
        s2.apply(ChooseFace(4.0))  # type: ignore[arg-type]


def test_ranking_options_reach_the_table() -> None:
    # diff_tiebreak "none": equal differences tie, so both keep their pots.
    s = new(3, diff_tiebreak="none")
    deal(s, {0: "s1 b3", 1: "s4 b6", 2: "s1 b6"})
    stand_all(s)
    assert s.wins == [1, 1, 0]
    # sylop_bonus: a Sylop Sabacc beats the natural pair of its value.
    b = new(2, sylop_bonus=True)
    deal(b, {0: "s3 b3", 1: "s-sylop b3"})
    stand_all(b)
    assert b.wins == [0, 1]
    # cook_keeps_pure: Pure Sabacc stays best under Cook the Books.
    k = new(
        2, "kessel-shift", tokens={1: ("cook-the-books", "refund", "embargo")}, cook_keeps_pure=True
    )
    deal(k, {0: "s-sylop b-sylop", 1: "s6 b6"})
    k.apply(Stand())
    k.apply(PlayToken("cook-the-books"))
    k.apply(Stand())
    assert k.wins == [1, 0]
