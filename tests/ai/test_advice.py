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
from game.rules import brag, kessel, ninehalf, spike
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
