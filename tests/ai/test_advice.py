"""The hint's reason fits its advice (issue 27 item 5): in constructed positions of
each game the hard player's move comes with a reason picked for that move and
quoting the numbers that chose it: the player's own share of the pot, the odds that a
card improves or busts the hand, the pot and the price, what the others showed.
The old hint said "Keep all — staying in costs nothing" at a discard."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

import ai
from ai import advice
from ai import sabacc_model as m
from game import i18n
from game.rules import brag, coruscant, kessel, ninehalf, spike
from game.rules import kessel_cards as kc
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import spike_base as sp_base
from game.rules import spike_cards as spc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.kit.hint import advice_words


def play_to(state: Any, wanted: Callable[[Any], bool], seed: int = 1, steps: int = 3000) -> Any:
    """Play safe random moves (no folds) until seat 0 faces a decision ``wanted``."""
    rng = random.Random(seed)
    for _ in range(steps):
        actor = state.to_act()
        if actor == CHANCE:
            state.sample_chance(rng)
        elif actor == BETWEEN:
            state.start_next()
        elif actor == TERMINAL:
            break
        elif actor == 0 and wanted(state):
            return state.view(0)
        else:
            legal = state.legal_actions()
            calm = [a for a in legal if "Fold" not in type(a).__name__]
            state.apply(rng.choice(calm or legal))
    raise AssertionError("the decision never came")


def words(advised: advice.Advice, label: str = "X") -> str:
    return advice_words(label, advised.reason, str)


# ------------------------------------------------------------------------ Sabacc
def sabacc_view(phase: str, hand: list[str], **changes: Any) -> sb.SabaccView:
    state = sb.new_game(3, seed_dealer=0)
    view = play_to(state, lambda s: s.phase == phase)
    cards = tuple(sc.parse(code) for code in hand)
    return dataclasses.replace(view, hand=cards, **changes)


def sabacc_advice(view: sb.SabaccView, legal: list[Any]) -> advice.Advice:
    player = ai.make_player("sabacc", "hard")
    return advice.advise("sabacc", player, view, legal, random.Random(3))


@pytest.mark.parametrize(
    ("hand", "total"), [(["7c", "5f", "2c"], "+14"), (["10c", "9f", "2s"], "+21")]
)
def test_keep_all_says_no_discard_helps_not_that_staying_is_free(
    hand: list[str], total: str
) -> None:
    # The old hint said "Keep all — staying in costs nothing" at +14.
    view = sabacc_view(sb.DISCARDING, hand)  # every discard moves the total away from 23
    legal = [sb.Discard(c) for c in view.hand] + [sb.KEEP]
    advised = sabacc_advice(view, legal)
    assert advised.action == sb.KEEP
    assert advised.reason is not None and advised.reason.key == "advice.sabacc.keep_all"
    assert (
        words(advised, "Keep all") == f"Keep all — no discard would bring your {total} nearer ±23"
    )


def test_a_discard_names_the_card_and_the_new_total() -> None:
    view = sabacc_view(sb.DISCARDING, ["10c", "9f", "5s"])  # 10 + 9 − 5 = +14; without −5: +19
    legal = [sb.Discard(c) for c in view.hand] + [sb.KEEP]
    advised = sabacc_advice(view, legal)
    assert advised.action == sb.Discard(sc.parse("5s"))
    assert advised.reason is not None and advised.reason.key == "advice.sabacc.discard"
    assert advised.reason.params["new"] == "+19"


def test_a_draw_quotes_the_exact_odds_that_a_card_improves_the_hand() -> None:
    view = sabacc_view(sb.DRAWING, ["7c", "5f"])
    advised = sabacc_advice(view, [sb.DRAW, sb.STAND])
    assert advised.action == sb.DRAW
    assert advised.reason is not None and advised.reason.key == "advice.sabacc.draw_free"
    outcomes = m.draw_outcomes(view)
    assert advised.reason.params["improve"] == advice.percent(outcomes.p_better)
    assert advised.reason.params["total"] == "+12"


def test_a_check_nobody_opened_is_free_and_said_so() -> None:
    view = sabacc_view(sb.BETTING, ["7c", "5f"])
    view = dataclasses.replace(view, level=0, round_bets=(0,) * view.num_seats)
    advised = sabacc_advice(view, [sb.CHECK, sb.FOLD])
    assert advised.action == sb.CHECK
    assert advised.reason is not None and advised.reason.key == "advice.sabacc.check_free"


@pytest.mark.parametrize(("hand", "level", "pot"), [(["11c", "11f"], 2, 14), (["3c", "2f"], 10, 4)])
def test_a_call_or_fold_quotes_the_share_it_was_decided_on_against_the_price(
    hand: list[str], level: int, pot: int
) -> None:
    view = sabacc_view(sb.BETTING, hand)
    view = dataclasses.replace(view, level=level, round_bets=(0, level, level), hand_pot=pot,
                               in_hand=(True, True, True))  # fmt: skip
    player = ai.make_player("sabacc", "hard")
    advised = advice.advise("sabacc", player, view, [sb.CALL, sb.FOLD], random.Random(3))
    reason = advised.reason
    assert reason is not None
    need = advice.percent(level / (pot + level))
    assert reason.params["need"] == need and reason.params["owe"] == level
    assert reason.params["win"] == advice.percent(player.share)  # the AI's own figure
    if advised.action == sb.FOLD:
        assert reason.key == "advice.sabacc.fold_raised"  # seat 1 set the bet
        assert reason.params["win"] < need and reason.params["seat"] == 1
    else:
        assert reason.key == ("advice.sabacc.call_odds" if reason.params["win"] >= need
                              else "advice.sabacc.call_fee")  # fmt: skip
    # +22 calls 2 into 14; +5 folds rather than pay 10 into 4.
    assert advised.action == (sb.CALL if hand == ["11c", "11f"] else sb.FOLD)
    text = words(advised)
    assert f"{reason.params['win']}%" in text and f"{need}%" in text


def test_a_pure_sabacc_says_it_takes_the_sabacc_pot() -> None:
    view = sabacc_view(sb.DRAWING, ["15c", "8f"])
    advised = sabacc_advice(view, [sb.DRAW, sb.STAND])
    assert advised.reason is not None and advised.reason.key == "advice.sabacc.special"


def test_calling_the_hand_or_passing_says_the_share_if_all_showed_now() -> None:
    """The hard player's played-on call (three or more live) kept no share: the hint
    said "Call the hand" or "Pass" with no reason at most of Classic's calls."""
    state = sb.new_game(4, seed_dealer=0)
    view = play_to(state, lambda s: s.phase == sb.CALLING and sb.CALL_HAND in s.legal_actions())
    assert sum(view.in_hand) >= 3
    advised = sabacc_advice(view, [sb.CALL_HAND, sb.PASS_CALL])
    reason = advised.reason
    key = "advice.sabacc.callhand" if advised.action == sb.CALL_HAND else "advice.sabacc.pass"
    assert reason is not None and reason.key == key
    assert 0 <= reason.params["win"] <= 100


def test_force_calling_the_hand_or_passing_says_the_share_on_its_side() -> None:
    """Force's hard player searches its calls and keeps no share: no reason was given."""
    state = sb.new_game(4, preset="force", seed_dealer=0)
    view = play_to(state, lambda s: s.phase == sb.CALLING and sb.CALL_HAND in s.legal_actions())
    player = ai.make_player("sabacc", "hard", preset="force")
    advised = advice.advise("sabacc", player, view, [sb.CALL_HAND, sb.PASS_CALL],
                            random.Random(3))  # fmt: skip
    reason = advised.reason
    key = "advice.sabacc.callhand" if advised.action == sb.CALL_HAND else "advice.sabacc.pass"
    assert reason is not None and reason.key == key
    assert 0 <= reason.params["win"] <= 100


def test_two_exchange_call_or_fold_quotes_the_chance_it_was_decided_on() -> None:
    """Two-Exchange's hard player kept no share: calls and folds came without a reason."""
    state = sb.new_game(4, preset="two-exchange", seed_dealer=0)
    view = play_to(state, lambda s: s.phase == sb.BETTING and sb.FOLD in s.legal_actions())
    player = ai.make_player("sabacc", "hard", preset="two-exchange")
    legal_now = state.legal_actions()
    advised = advice.advise("sabacc", player, view, legal_now, random.Random(3))
    assert isinstance(advised.action, sb.Call | sb.Fold | sb.Raise)
    reason = advised.reason
    assert reason is not None and reason.params["win"] == advice.percent(player.share)
    # A call short of the price is never explained by a fold fee this preset has not.
    assert view.options.fold_fee == 0 and sb.CALL in legal_now
    player.share = 0.01
    assert advice.sabacc_reason(view, legal_now, sb.CALL, player) is None


# ------------------------------------------------------------------------ Kessel
def kessel_view(hand: tuple[str, str], **changes: Any) -> kessel.KesselView:
    state = kessel.new_game(3, "kessel")
    view = play_to(state, lambda s: s.phase == kessel.TURN)
    cards = tuple(kc.parse(code) for code in hand)
    return dataclasses.replace(view, hand=cards, **changes)


def test_kessel_draw_and_stand_quote_the_chance_to_narrow_the_difference() -> None:
    view = kessel_view(("s1", "b6"))  # difference 5, the worst hand
    legal_now = [kessel.Stand(), *(kessel.Draw(src) for src in kessel.SOURCES[:2])]
    player = ai.make_player("sabacc", "hard", preset="kessel")
    advised = advice.advise("kessel", player, view, legal_now, random.Random(2))
    reason = advised.reason
    assert reason is not None and reason.params["diff"] == 5
    expected = (
        "advice.kessel.draw" if isinstance(advised.action, kessel.Draw) else "advice.kessel.stand"
    )
    assert reason.key == expected
    assert reason.params["sand"] > 50 and reason.params["blood"] > 50  # nearly any card helps


def test_kessel_keeping_a_drawn_card_that_makes_sabacc_says_so() -> None:
    view = kessel_view(("s3", "b5"), phase=kessel.DRAWN, drawn=kc.parse("b3"), drawn_family=1)
    advised = advice.advise("kessel", ai.make_player("sabacc", "hard", preset="kessel"), view,
                            [kessel.KeepDrawn(), kessel.ReturnDrawn()], random.Random(2))  # fmt: skip
    assert advised.action == kessel.KeepDrawn()
    assert advised.reason is not None and advised.reason.key == "advice.kessel.keep_sabacc"


def test_kessel_drawing_on_a_sabacc_says_a_better_one_may_come() -> None:
    """A draw on 6/6 (the weakest Sabacc) was explained "you already hold Sabacc"."""
    view = kessel_view(("s6", "b6"))
    player = ai.make_player("sabacc", "hard", preset="kessel")
    legal_now = [kessel.Stand(), *(kessel.Draw(src) for src in kessel.SOURCES[:2])]
    drawing = advice.kessel_reason(view, legal_now, kessel.Draw(kessel.SOURCES[0]), player)
    assert drawing is not None and drawing.key == "advice.kessel.better_sabacc"
    assert i18n.t(drawing.key, **drawing.params) == (
        "you hold Sabacc, but another may beat it; you may give back the card you draw"
    )
    standing = advice.kessel_reason(view, legal_now, kessel.Stand(), player)
    assert standing is not None and standing.key == "advice.kessel.hold_sabacc"


# ---------------------------------------------------------------- Nine and a Half
def ninehalf_view(hole: str, up: tuple[str, ...]) -> ninehalf.NineHalfView:
    state = ninehalf.new_game(4)
    view = play_to(state, lambda s: s.phase == ninehalf.HIT)
    face_down = (hole, *view.face_down[1:])
    face_up = (up, *view.face_up[1:])
    return dataclasses.replace(view, face_down=face_down, face_up=face_up)


@pytest.mark.parametrize(("hole", "up", "move"), [("9S", (), "stay"), ("AS", (), "hit")])
# Ace is 1: only a ten busts it; at 9 every card but a court card does.
def test_nine_and_a_half_hit_or_stay_quotes_the_chance_to_bust(
    hole: str, up: tuple[str, ...], move: str
) -> None:
    view = ninehalf_view(hole, up)
    assert view.seat != view.dealer
    advised = advice.advise("ninehalf", ai.make_player("ninehalf", "hard"), view,
                            [ninehalf.Hit(), ninehalf.Stay()], random.Random(1))  # fmt: skip
    reason = advised.reason
    assert reason is not None and reason.key == f"advice.ninehalf.{move}"
    bust = reason.params["bust"]
    if move == "stay":  # at 9 everything but a court card busts
        assert isinstance(advised.action, ninehalf.Stay) and bust > 60
    else:  # at 1 nothing busts
        assert isinstance(advised.action, ninehalf.Hit) and 0 < bust < 20


# --------------------------------------------------------------- Corellian Spike
def test_spike_stand_on_zero_says_the_total_is_zero() -> None:
    state = spike.new_game(3)
    view = play_to(state, lambda s: s.phase == spike.CARDS)
    view = dataclasses.replace(view, hand=tuple(spc.parse(c) for c in ("+5o", "-5t")))
    legal = [a for a in state.legal_actions() if isinstance(a, sp_base.Stand | sp_base.Gain)]
    entry_player = ai.make_player("sabacc", "hard", preset="corellian-spike")
    advised = advice.advise("spike", entry_player, view, legal, random.Random(1))
    reason = advised.reason
    assert reason is not None
    if isinstance(advised.action, sp_base.Stand):
        assert reason.key == "advice.spike.zero"
    else:
        assert reason.key == "advice.spike.gain" and reason.params["total"] == "0"


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_spike_betting_at_total_zero_says_zero_not_0_from_zero(language: str) -> None:
    """A hand at total 0 was told "your total 0 is 0 from zero": it says it is zero."""
    state = spike.new_game(3)
    view = play_to(state, lambda s: s.phase == spike.BETTING)
    view = dataclasses.replace(view, hand=tuple(spc.parse(c) for c in ("+5o", "-5t")))
    bets = [a for a in state.legal_actions() if not isinstance(a, sp_base.Stand | sp_base.Gain)]
    i18n.set_language(language)
    try:
        for action in bets:
            reason = advice.spike_reason(view, bets, action, None)
            assert reason is not None
            text = i18n.t(reason.key, **reason.params)
            assert "{" not in text
            if isinstance(action, sp_base.Check):
                continue
            assert reason.key.endswith("_zero"), reason.key
            assert {"en": "your total is zero", "ja": "合計は0", "es": "tu total es cero"}[
                language
            ] in text
            assert "0 from zero" not in text and "0は0から" not in text
    finally:
        i18n.set_language("en")


# --------------------------------------------------------------------- Brag
def test_brag_layout_names_its_leading_set() -> None:
    state = brag.new_game(4)
    view = play_to(state, lambda s: True)
    advised = advice.advise("brag", ai.make_player("brag", "hard"), view,
                            state.legal_actions(), random.Random(1))  # fmt: skip
    assert isinstance(advised.action, brag.SetLayout)
    reason = advised.reason
    assert reason is not None and reason.key == "advice.brag.layout"
    from game.rules import cards52

    lead = brag.rank_set(list(cards52.codes(advised.action.sets[0])))
    assert reason.params["kind"] == lead.kind


# ------------------------------------------- the moves that had no reason (issue 27)
def test_force_light_or_dark_quotes_the_share_each_side_brings() -> None:
    state = sb.new_game(4, "force")
    view = play_to(state, lambda s: s.phase == sb.DECLARING)
    view = dataclasses.replace(view, hand=(sc.parse("12c"),))
    player = ai.make_player("sabacc", "hard", preset="force")
    advised = advice.advise("sabacc", player, view, [sb.DECLARE_LIGHT, sb.DECLARE_DARK],
                            random.Random(1))  # fmt: skip
    reason = advised.reason
    assert reason is not None and player.side_shares is not None
    light, dark = player.side_shares[sb.LIGHT], player.side_shares[sb.DARK]
    assert reason.params["light"] == advice.percent(light)
    assert reason.params["dark"] == advice.percent(dark)
    # The side it names first is the side it advises, and the one with the larger share.
    side = sb.DARK if dark > light else sb.LIGHT
    assert advised.action == sb.Declare(side)
    assert reason.key == f"advice.sabacc.declare_{side}"
    assert reason.params["value"] == "+12"
    text = words(advised)
    assert (
        text.index(f"{reason.params[side]}%")
        < text.index(f"{reason.params[sb.LIGHT if side == sb.DARK else sb.DARK]}%")
        or light == dark
    )


def khan_view(hand: list[str], **changes: Any) -> sb.SabaccView:
    state = sb.new_game(4, "great-khan")
    view = play_to(state, lambda s: s.phase == sb.TURNS)
    cards = tuple(sc.parse(code) for code in hand)
    return dataclasses.replace(view, hand=cards, locked=(), **changes)


def khan_odds(view: sb.SabaccView, rest: list[int]) -> tuple[int, int]:
    """The draw pile's chance that one more card beats the hand now, and bombs it out."""
    from game.rules.sabacc_rank import rank_cards

    pool = m.draw_pool(view)
    now = m.quality(view.rank())
    n = sum(pool.values())
    better = sum(k for c, k in pool.items()
                 if m.quality(rank_cards([*rest, c], view.values, view.options)) > now)  # fmt: skip
    bust = sum(k for c, k in pool.items()
               if rank_cards([*rest, c], view.values, view.options).bombed_out)  # fmt: skip
    return advice.percent(better / n), advice.percent(bust / n)


@pytest.mark.parametrize(
    ("hand", "move"),
    [(["7c", "7f"], "draw"), (["11c", "11f"], "stay"), (["15c", "11f"], "exchange")],
)
def test_great_khan_turns_quote_the_draw_piles_odds_for_the_move_chosen(
    hand: list[str], move: str
) -> None:
    # +14 draws, +22 stays, +26 (bombed out) exchanges a card: the old hint quoted a
    # Classic draw's odds (drawn, then the worst card discarded) for every one of them.
    view = khan_view(hand)
    legal = [sb.DRAW, sb.STAY, *(sb.ExchangeCard(c) for c in view.hand)]
    advised = sabacc_advice(view, legal)
    reason = advised.reason
    assert reason is not None
    if move == "draw":
        assert advised.action == sb.DRAW and reason.key == "advice.sabacc.draw_risk"
        improve, bust = khan_odds(view, list(view.hand))
    elif move == "stay":
        assert advised.action == sb.STAY and reason.key == "advice.sabacc.khan_stay"
        improve, bust = khan_odds(view, list(view.hand))
        assert bust > improve  # a card would more likely bomb +22 out than better it
    else:
        assert isinstance(advised.action, sb.ExchangeCard)
        assert reason.key == "advice.sabacc.khan_exchange_bombed"
        rest = list(view.hand)
        rest.remove(advised.action.card)
        improve, bust = khan_odds(view, rest)
        assert reason.params["card"] == advised.action.card
    assert reason.params["improve"] == improve
    if "bust" in reason.params:
        assert reason.params["bust"] == bust


def test_great_khan_freezing_once_the_stake_is_paid_says_it_costs_nothing() -> None:
    view = khan_view(["11c", "11f"], stasis_paid=True)
    legal = [sb.DRAW, sb.STAY, *(sb.Freeze(c) for c in view.hand)]
    advised = sabacc_advice(view, legal)
    assert isinstance(advised.action, sb.Freeze)
    assert advised.reason is not None
    assert advised.reason.key == "advice.sabacc.khan_freeze_paid"


def coruscant_view(phase: str) -> tuple[Any, Any]:
    state = coruscant.new_game(3)
    view = play_to(state, lambda s: s.phase == phase and (phase != coruscant.BETTING
                                                           or s.level > s.round_bets[0]))  # fmt: skip
    return state, view


def test_coruscant_first_selection_quotes_its_distance_and_its_chance_after_the_shift() -> None:
    state, view = coruscant_view(coruscant.SELECT)
    player = ai.make_player("sabacc", "hard", preset="coruscant-shift")
    advised = advice.advise("spike", player, view, state.legal_actions(), random.Random(1))
    reason = advised.reason
    assert isinstance(advised.action, sp_base.Select) and reason is not None
    assert reason.key == "advice.coruscant.select_odds"
    total = sum(spc.value(c) for c in advised.action.cards)
    assert reason.params["distance"] == abs(total - view.target)
    assert player.select_chance is not None
    assert reason.params["win"] == advice.percent(player.select_chance)


@pytest.mark.parametrize("near", [True, False])
def test_coruscant_call_or_fold_quotes_the_chance_the_search_gave_against_the_price(
    near: bool,
) -> None:
    state, view = coruscant_view(coruscant.BETTING)
    # A selection right on the target (a made hand) calls; one 10 away folds.
    from itertools import combinations

    own = view.hand + view.selection
    made = next(combo for k in (1, 2) for combo in combinations(own, k)
                if sum(spc.value(c) for c in combo) == view.target)  # fmt: skip
    far = spc.parse("+10o") if view.target <= 0 else spc.parse("-10o")
    view = dataclasses.replace(view, selection=made if near else (far,))
    player = ai.make_player("sabacc", "hard", preset="coruscant-shift")
    legal = state.legal_actions()
    advised = advice.advise("spike", player, view, legal, random.Random(1))
    reason = advised.reason
    assert reason is not None and player.win_chance is not None
    owe = view.level - view.round_bets[view.seat]
    need = advice.percent(owe / (view.pot + owe))
    assert reason.params["win"] == advice.percent(player.win_chance)
    assert reason.params["need"] == need and reason.params["owe"] == owe
    if isinstance(advised.action, sp_base.Fold):
        assert reason.key == "advice.sabacc.fold_odds" and player.win_chance < owe / (
            view.pot + owe
        )
    elif isinstance(advised.action, sp_base.Call):
        assert reason.key == "advice.sabacc.call_odds"
    else:
        assert reason.key in ("advice.coruscant.bet", "advice.sabacc.bet_bluff")
    assert f"{reason.params['win']}%" in words(advised)


def test_nine_and_a_half_ante_quotes_what_each_ante_brings_and_takes_the_best() -> None:
    state = ninehalf.new_game(4)
    view = play_to(state, lambda s: s.phase == ninehalf.ANTE)
    player = ai.make_player("ninehalf", "hard")
    advised = advice.advise("ninehalf", player, view, state.legal_actions(), random.Random(1))
    reason = advised.reason
    assert isinstance(advised.action, ninehalf.Ante) and reason is not None
    worths = player.ante_worths
    assert worths is not None and set(worths) == {1, 2, 3}
    assert advised.action.amount == max(worths, key=lambda a: (round(worths[a], 6), a))
    assert reason.key == "advice.ninehalf.ante"
    assert reason.params["worth"] == advice._chips(worths[advised.action.amount], 2)
    other = reason.params["other"]
    assert other != advised.action.amount and reason.params["other_worth"] == advice._chips(
        worths[other], 2
    )


@pytest.mark.parametrize(("hole", "key"), [("9S", "bet_high"), ("3S", "bet_low")])
def test_nine_and_a_half_bet_quotes_the_challenge_odds_it_was_solved_against(
    hole: str, key: str
) -> None:
    # A 9 is challenged less and wins nearly every challenge: it bets high; a 3 wins
    # only when the dealer busts, so the smallest bet loses least.
    state = ninehalf.new_game(4)
    view = play_to(state, lambda s: s.phase == ninehalf.BET)
    view = dataclasses.replace(view, face_down=(hole, *view.face_down[1:]),
                               face_up=((), *view.face_up[1:]))  # fmt: skip
    player = ai.make_player("ninehalf", "hard")
    advised = advice.advise("ninehalf", player, view, state.legal_actions(), random.Random(1))
    reason = advised.reason
    assert isinstance(advised.action, ninehalf.Bet) and reason is not None
    numbers = player.bet_numbers
    assert numbers is not None and not numbers["bluffed"]
    assert reason.key == f"advice.ninehalf.{key}"
    assert reason.params["challenged"] == advice.percent(numbers["challenged"])
    assert reason.params["win"] == advice.percent(numbers["win"])
    assert reason.params["worth"] == advice._chips(numbers["worth"])
    assert (advised.action.amount > 1) == (key == "bet_high")
    if key == "bet_high":
        assert numbers["win"] > 0.9 and numbers["worth"] > 0
    else:
        assert numbers["win"] < 0.6


# The dealer (issue 27): the limit, a draw, a stop and each challenge by the expected
# chips the dealer AI chose by; the old hint quoted the player's words ("a card busts
# you", "{seat} shows ... against your ...") or nothing at all.
def dealer_position(dealer_cards: tuple[str, ...], ups: tuple[tuple[str, ...], ...],
                    done: int = 0, deck: int = 40) -> tuple[ninehalf.NineHalfView, list[Any]]:  # fmt: skip
    """Seat 0 deals to seats 1-3 (each ante 1, bet 3, duty 1); the first ``done`` of
    them are already challenged (seat 1 showed a 3 in the hole); ``deck`` cards left."""
    state = ninehalf.new_game(4)
    view = play_to(state, lambda s: s.phase == ninehalf.DEALER)
    assert view.dealer == 0
    challenged = (False, *(seat <= done for seat in (1, 2, 3)))
    view = dataclasses.replace(
        view, dealer_cards=dealer_cards, face_up=((), *ups), in_deal=(False, True, True, True),
        antes=(0, 1, 1, 1), bets=(0, 3, 3, 3), stakes=(0, 4, 4, 4), challenged=challenged,
        challenges=done, duty=1, must_challenge=False, deck_left=deck,
        face_down=(None, "3H" if done else None, None, None),
    )  # fmt: skip
    bust = ninehalf.hand_value(list(dealer_cards), dealer=True).kind == "bust"
    legal: list[Any] = [ninehalf.Challenge(s) for s in (1, 2, 3) if not challenged[s]]
    if not bust and deck:
        legal.append(ninehalf.Draw())
    if done >= 1:
        legal.append(ninehalf.Stop())
    return view, legal


def test_nine_and_a_half_dealer_limit_quotes_what_a_player_expects_at_each_limit() -> None:
    state = ninehalf.new_game(4)
    view = play_to(state, lambda s: s.phase == ninehalf.LIMIT)
    assert view.dealer == 0
    player = ai.make_player("ninehalf", "hard")
    advised = advice.advise("ninehalf", player, view, state.legal_actions(), random.Random(1))
    worths = player.limit_worths
    assert worths is not None and set(worths) == {5, 10, 15, 20}
    # The players expect more the higher the limit: the dealer sets the smallest.
    assert worths[5] < worths[10] < worths[15] < worths[20]
    assert advised.action == ninehalf.SetLimit(5)
    reason = advised.reason
    assert reason is not None and reason.key == "advice.ninehalf.limit"
    assert reason.params == {"limit": 5, "worth": advice._chips(worths[5], 2), "other": 20,
                             "other_worth": advice._chips(worths[20], 2)}  # fmt: skip
    assert words(advised) == (
        f"X — each player expects to win about {reason.params['worth']} chips a deal from you"
        f" at a limit of 5, {reason.params['other_worth']} at 20: players win ties and are"
        " paid double for a Natural or a Jack-Ten"
    )


DEALER_CASES = [
    # A 9 against a face-up 10 (bust unless a Jack is under it): challenge, not draw.
    (("9S",), (("TD",), (), ()), 0, ninehalf.Challenge(1), "dealer_challenge_draw"),
    # An Ace: every challenge loses more than a card risks.
    (("AS",), ((), (), ()), 0, ninehalf.Draw(), "dealer_draw_challenge"),
    # Bust, duty owed: the least bad challenge.
    (("9S", "8D"), (("QH",), ("2C",), ("9D",)), 0, ninehalf.Challenge(2), "dealer_challenge_bust"),
    # Bust, duty met: stop.
    (("9S", "8D"), (("QH",), ("2C",), ("9D",)), 1, ninehalf.Stop(), "dealer_stop_nodraw"),
    # A 4, duty met, against a 2 and a 5 showing: neither a card nor a challenge pays.
    (("4S",), (("QH",), ("2C",), ("5D",)), 1, ninehalf.Stop(), "dealer_stop"),
    # A 9, duty met, the deck spent: the 10 showing is worth challenging, not stopping.
    (("9S",), (("QH",), ("TC",), ("9D",)), 1, ninehalf.Challenge(2), "dealer_challenge_stop"),
]  # fmt: skip


@pytest.mark.parametrize(("dealer_cards", "ups", "done", "move", "key"), DEALER_CASES)
def test_nine_and_a_half_dealer_moves_quote_the_chips_the_dealer_ai_chose_by(
    dealer_cards: tuple[str, ...],
    ups: tuple[tuple[str, ...], ...],
    done: int,
    move: Any,
    key: str,
) -> None:
    deck = 0 if key == "dealer_challenge_stop" else 40
    view, legal = dealer_position(dealer_cards, ups, done, deck)
    player = ai.make_player("ninehalf", "hard")
    advised = advice.advise("ninehalf", player, view, legal, random.Random(1))
    assert advised.action == move
    reason = advised.reason
    assert reason is not None and reason.key == f"advice.ninehalf.{key}"
    numbers = player.dealer_numbers
    assert numbers is not None
    options = numbers["options"]  # the AI's own figures, best first
    assert options[0][1] == move
    chosen = options[0][0]
    params = reason.params
    text = words(advised)
    if isinstance(move, ninehalf.Challenge):
        assert params["seat"] == move.seat
        assert params["win"] == advice.percent(numbers["wins"][move.seat])
        assert params["gain"] == advice._chips(numbers["gains"][move.seat])
    if key == "dealer_challenge_draw":
        draw = next(v for v, a in options if a == ninehalf.Draw())
        assert chosen >= draw and params["worth"] == advice._chips(chosen)
        assert params["draw"] == advice._chips(draw)
        assert params["win"] > 80  # only a Jack under the 10 beats the dealer's 9
        assert text == (f"X — 1 shows 10: your 9 beats them about {params['win']}% of the time,"
                        f" and challenging now expects {params['worth']} chips for the rest of"
                        f" the deal, drawing first {params['draw']}")  # fmt: skip
    if key == "dealer_draw_challenge":
        best, challenge = options[1]
        assert isinstance(challenge, ninehalf.Challenge) and params["seat"] == challenge.seat
        assert chosen > best
        assert params["worth"] == advice._chips(chosen) and params["other"] == advice._chips(best)
        assert params["value"] == "1" and params["bust"] == 16  # 8 nines and tens of 49
        assert text.startswith("X — you have 1 and a card busts you 16% of the time: drawing on")
    if key == "dealer_challenge_bust":
        assert params["count"] == 1 and params["win"] == 0
        assert numbers["gains"][2] == max(numbers["gains"].values()) < 0
        assert text == ("X — you are bust and must challenge 1 more player: 2 shows 2"
                        f" ({params['gain']} chips expected)")  # fmt: skip
    if key == "dealer_challenge_stop":
        assert numbers["gains"][2] > 0 and params["win"] > 80
        assert text == (f"X — 2 shows 10: your 9 beats them about {params['win']}% of the time,"
                        f" {params['gain']} chips expected, more than stopping")  # fmt: skip
    if key.startswith("dealer_stop"):
        best, challenge = next((v, a) for v, a in options if isinstance(a, ninehalf.Challenge))
        assert chosen == 0.0 and best <= 0.0
        assert params["seat"] == challenge.seat and params["other"] == advice._chips(best)
        if key == "dealer_stop":
            draw = next(v for v, a in options if a == ninehalf.Draw())
            assert draw <= 0.0 and params["draw"] == advice._chips(draw)
            assert text == (f"X — your duty is met: drawing on expects {params['draw']} chips and"
                            f" challenging {challenge.seat} {params['other']}, stopping 0")  # fmt: skip


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_nine_and_a_half_dealer_reasons_read_with_their_numbers_in_every_language(
    language: str,
) -> None:
    from game import i18n

    view, legal = dealer_position(("9S",), (("TD",), (), ()))
    player = ai.make_player("ninehalf", "hard")
    advised = advice.advise("ninehalf", player, view, legal, random.Random(1))
    assert advised.reason is not None
    i18n.set_language(language)
    try:
        text = advice_words("X", advised.reason, lambda seat: f"Seat{seat}")
    finally:
        i18n.set_language("en")
    for name in ("win", "worth", "draw"):
        assert str(advised.reason.params[name]) in text, (language, name, text)
    assert "Seat1" in text and "{" not in text and "advice." not in text


@pytest.mark.parametrize(("chips", "plays"), [(3, True), (30, False)])
def test_kessel_free_draw_token_quotes_the_chance_to_win_that_made_it_worth_playing(
    chips: int, plays: bool
) -> None:
    # The worst hand (difference 5) and a stock of 3: the free draw is played; with 30
    # chips in stock the token is kept for a bigger payoff, and the hand just draws.
    state = kessel.new_game(3, "kessel-shift")
    view = play_to(state, lambda s: s.phase == kessel.TURN
                   and any(isinstance(a, kessel.PlayToken) for a in s.legal_actions()))  # fmt: skip
    view = dataclasses.replace(view, hand=(kc.parse("s1"), kc.parse("b6")), tokens=("free-draw",),
                               chips=(chips, *view.chips[1:]))  # fmt: skip
    legal = [a for a in state.legal_actions() if not isinstance(a, kessel.PlayToken)]
    legal.append(kessel.PlayToken("free-draw"))
    player = ai.make_player("sabacc", "hard", preset="kessel-shift")
    advised = advice.advise("kessel", player, view, legal, random.Random(1))
    reason = advised.reason
    assert reason is not None
    if plays:
        assert advised.action == kessel.PlayToken("free-draw")
        why = player.token_why
        assert why is not None and why["token"] == "free-draw"
        assert reason.key == "advice.kessel.token_free_draw"
        assert reason.params["win"] == advice.percent(why["win"])
    else:
        assert isinstance(advised.action, kessel.Draw) and player.token_why is None
        assert reason.key == "advice.kessel.draw"


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_every_new_reason_reads_in_every_language(language: str) -> None:
    from game import i18n

    catalog = i18n.load_catalog(language)
    keys = [
        "advice.sabacc.declare_light", "advice.sabacc.declare_dark",
        "advice.sabacc.khan_freeze", "advice.sabacc.khan_freeze_paid",
        "advice.sabacc.khan_exchange", "advice.sabacc.khan_exchange_bombed",
        "advice.sabacc.khan_stay", "advice.sabacc.khan_stay_full",
        *(f"advice.kessel.token_{kind}" for kind in set(advice._TOKEN_REASONS.values())),
        "advice.kessel.token_last", "advice.coruscant.select_odds", "advice.coruscant.select",
        "advice.coruscant.check", "advice.coruscant.bet", "advice.ninehalf.bet_high",
        "advice.ninehalf.bet_low", "advice.ninehalf.bet_bluff", "advice.ninehalf.ante",
        "advice.ninehalf.limit", "advice.ninehalf.dealer_challenge_draw",
        "advice.ninehalf.dealer_challenge_stop", "advice.ninehalf.dealer_challenge_owed_other",
        "advice.ninehalf.dealer_challenge_bust_other", "advice.ninehalf.dealer_draw_challenge",
        "advice.ninehalf.dealer_draw_stop", "advice.ninehalf.dealer_stop",
        "advice.ninehalf.dealer_stop_nodraw",
    ]  # fmt: skip
    for key in keys:
        assert catalog.get(key), (language, key)
