"""Kessel players: decisions a player would notice, on set-up tables."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from ai import kessel_ai as ka
from ai import make_player
from ai.personalities import PERSONALITIES
from game.rules import kessel
from game.rules import kessel_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.kessel import ChooseFace, Draw, KeepDrawn, PlayToken, ReturnDrawn, Stand

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from kessel_helpers import c, deal, new  # noqa: E402


def decide(state: kessel.KesselState, level: str = "hard") -> object:
    player = make_player("sabacc", level, preset="kessel")
    seat = state.to_act()
    return player.choose(state.view(seat), state.legal_actions(), random.Random(1))


def test_unseen_counts_are_exact() -> None:
    s = new(3)
    deal(s, {0: "s1 b5", 1: "s3 b4", 2: "s5 b6"}, flips="s1 b-sylop")
    counts = ka.unseen(s.view(0))
    assert counts[0][1] == 1  # three s1, one in hand, one on the discards
    assert counts[1][kc.SYLOP] == 0 and counts[1][5] == 2
    assert sum(counts[0]) == 22 - 2 and sum(counts[1]) == 22 - 2


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_everyone_stands_on_the_best_sabacc(level: str) -> None:
    s = new(3)
    deal(s, {0: "s1 b1", 1: "s3 b4", 2: "s5 b6"})
    assert decide(s, level) == Stand()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_keeps_a_card_that_makes_sabacc_and_returns_a_bad_one(level: str) -> None:
    s = new(3)
    deal(s, {0: "s2 b6", 1: "s3 b4", 2: "s5 b6"})
    s.apply(Draw("blood"))
    s.apply_chance(c("b2"))
    assert decide(s, level) == KeepDrawn()
    t = new(3)
    deal(t, {0: "s2 b3", 1: "s3 b4", 2: "s5 b6"})
    t.apply(Draw("blood"))
    t.apply_chance(c("b6"))
    assert decide(t, level) == ReturnDrawn()


def test_hard_draws_from_the_discard_when_its_top_makes_sabacc() -> None:
    s = new(3)
    deal(s, {0: "s3 b6", 1: "s3 b4", 2: "s5 b6"}, flips="s1 b3")
    assert decide(s, "hard") == Draw("blood-discard")


def test_hard_draws_to_a_bad_hand() -> None:
    s = new(3)
    deal(s, {0: "s1 b6", 1: "s3 b4", 2: "s5 b6"}, flips="s4 b5")
    assert decide(s, "hard") in (Draw("sand"), Draw("blood"))


def test_impostor_face_makes_the_pair() -> None:
    s = new(2)
    deal(s, {0: "s-imp b4", 1: "s2 b5"})
    s.apply(Stand())
    s.apply(Stand())
    s.apply_chance(14)  # dice 1 and 4
    assert decide(s, "normal") == ChooseFace(4)
    assert decide(s, "hard") == ChooseFace(4)


def test_hard_cooks_the_books_on_six_six() -> None:
    s = new(2, "kessel-shift", tokens={0: ("cook-the-books", "refund", "embargo")})
    deal(s, {0: "s6 b6", 1: "s3 b4"})
    assert decide(s, "hard") == PlayToken("cook-the-books")


def test_hard_swaps_a_poor_hand_with_a_player_who_stood() -> None:
    s = new(
        3,
        "kessel-shift",
        starting=1,
        tokens={0: ("direct-transaction", "refund", "embargo")},
        early_reveal=False,
    )
    deal(s, {0: "s1 b6", 1: "s3 b4", 2: "s5 b6"})
    s.apply(Stand())
    s.apply(Stand())
    action = decide(s, "hard")
    assert isinstance(action, PlayToken) and action.token == "direct-transaction"
    assert action.target in (1, 2)


def test_hard_refunds_a_pot_it_expects_to_lose_on_its_last_turn() -> None:
    s = new(
        2, "kessel-shift", tokens={0: ("extra-refund", "immunity", "embargo")}, early_reveal=False
    )
    deal(s, {0: "s1 b6", 1: "s2 b2"})
    s.pots[0], s.chips[0] = 3, 3
    s.turn = 3
    assert decide(s, "hard") == PlayToken("extra-refund")


@pytest.mark.parametrize("preset", kessel.PRESETS)
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_whole_games_legally(preset: str, level: str) -> None:
    s = kessel.new_game(4, preset, token_mode="draft" if level == "normal" else "choose")
    players = [
        make_player("sabacc", level, PERSONALITIES["reckless"], preset="kessel") for _ in range(4)
    ]
    rng = random.Random(5)
    while s.to_act() != TERMINAL and s.completed < 12:
        who = s.to_act()
        if who == CHANCE:
            s.sample_chance(rng)
        elif who == BETWEEN:
            s.start_next()
        else:
            legal = s.legal_actions()
            action = players[who].choose(s.view(who), legal, rng)
            assert action in legal
            s.apply(action)
    assert s.completed >= 1


def test_personalities_change_thresholds_not_legality() -> None:
    for p in PERSONALITIES.values():
        assert make_player("sabacc", "hard", p, preset="kessel").personality is p


def test_the_last_seat_knows_its_stand_brings_the_early_reveal() -> None:
    s = new(3)
    deal(s, {0: "s1 b6", 1: "s3 b4", 2: "s5 b6"})
    s.apply(Stand())
    s.apply(Stand())
    assert ka.stand_ends_round(s.view(2))
    t = new(3)
    deal(t, {0: "s1 b6", 1: "s3 b4", 2: "s5 b6"})
    t.apply(Draw("sand"))
    t.apply_chance(c("s6"))
    t.apply(ReturnDrawn())
    t.apply(Stand())
    assert not ka.stand_ends_round(t.view(2))
    assert not ka.stand_ends_round(s.clone().view(0))


def test_hard_exhausts_the_player_who_stood_when_much_is_at_stake() -> None:
    s = new(
        3,
        "kessel-shift",
        starting=1,
        tokens={0: ("exhaustion", "immunity", "embargo")},
        early_reveal=False,
    )
    deal(s, {0: "s2 b6", 1: "s3 b4", 2: "s5 b6"})
    s.apply(Stand())  # seat 1 stands: a good hand
    s.apply(Draw("sand"))  # seat 2 is still looking
    s.apply_chance(c("s6"))
    s.apply(ReturnDrawn())
    s.chips[0], s.pots[0] = 2, 3  # three chips at risk, few left behind them
    s.turn = 3  # the last turn: no later draw will mend the hand
    assert decide(s, "hard") == PlayToken("exhaustion", 1)
    s.pots[0] = 0  # nothing at risk: the token waits for a better moment
    assert not isinstance(decide(s, "hard"), PlayToken)


def test_hard_taxes_the_player_a_tariff_puts_out() -> None:
    s = new(
        3, "kessel-shift", tokens={0: ("target-tariff", "refund", "embargo")}, early_reveal=False
    )
    deal(s, {0: "s2 b2", 1: "s3 b4", 2: "s5 b6"})
    s.chips[0], s.chips[2] = 2, 2
    assert decide(s, "hard") == PlayToken("target-tariff", 2)
