"""RULES.md §1.8: the canon house rules ``fairy_empress`` and ``negative_wins_ties``."""

from __future__ import annotations

import pytest
from sabacc_helpers import deal, new, play, stand_all

from game.rules import sabacc as sb
from game.rules import sabacc_events as ev
from game.scenes.house_rules import CANON, house_rule_pages


def r(*cards: str, preset: str = "classic", **options: bool) -> sb.HandRank:
    return sb.rank_hand(list(cards), preset=preset, **options)  # type: ignore[no-any-return]


def test_fairy_empress_is_minus_22_above_every_other_22() -> None:
    fairy = r("queen", "queen", fairy_empress=True)
    assert (fairy.kind, fairy.total) == ("fairy-empress", -22)
    assert fairy > r("11c", "11f", fairy_empress=True)
    assert fairy > r("moderation", "endurance", fairy_empress=True)
    assert fairy < r("15c", "8f", fairy_empress=True)  # Pure Sabacc
    assert fairy < r("evil-one", "endurance", fairy_empress=True)  # -23 is Pure too
    assert fairy < r("idiot", "2c", "3s", fairy_empress=True)


def test_fairy_empress_is_off_by_default_and_needs_exactly_the_two_queens() -> None:
    plain = r("queen", "queen")  # an ordinary -4
    assert (plain.kind, plain.total) == ("normal", -4)
    assert plain < r("2c", "3f")
    assert r("queen", "queen", "1c", fairy_empress=True).total == -3


def test_negative_wins_ties() -> None:
    assert r("15c", "8f") > r("evil-one", "endurance")
    assert r("evil-one", "endurance", negative_wins_ties=True) > r(
        "15c", "8f", negative_wins_ties=True
    )
    assert r("moderation", "endurance", negative_wins_ties=True) > r(
        "11c", "11f", negative_wins_ties=True
    )
    assert r("11c", "11f", negative_wins_ties=True) > r("10c", "11f", negative_wins_ties=True)


@pytest.mark.parametrize("preset", ["two-exchange", "great-khan", "cloud-city", "empress-teta"])
def test_every_1_2_preset_takes_the_switches(preset: str) -> None:
    plus, minus = r("15c", "8f", preset=preset), r("evil-one", "endurance", preset=preset)
    assert plus > minus
    plus = r("15c", "8f", preset=preset, negative_wins_ties=True)
    minus = r("evil-one", "endurance", preset=preset, negative_wins_ties=True)
    assert minus > plus
    assert r("queen", "queen", preset=preset, fairy_empress=True).kind == "fairy-empress"


def test_unknown_ranking_options_are_refused() -> None:
    with pytest.raises(ValueError, match="no ranking options"):
        sb.rank_hand(["1c", "2c"], preset="classic", target=3)


def test_minus_23_takes_both_pots_with_negative_wins_ties() -> None:
    s = new(3, chips=20, negative_wins_ties=True)
    deal(s, {1: ["15c", "8c"], 2: ["10f", "9f"], 0: ["evil-one", "endurance"]})
    while True:
        while s.phase == sb.BETTING and s.to_act() >= 0:
            s.apply(sb.CHECK)
        s.apply_chance(1)
        if s.phase == sb.CALLING:
            break
        stand_all(s)
    events = play(s, sb.PASS_CALL, sb.CALL_HAND)
    awards = [e for e in events if isinstance(e, ev.PotAwarded)]
    assert awards == [ev.PotAwarded(0, 3, "hand"), ev.PotAwarded(0, 3, "sabacc")]
    assert s.chips == [24, 18, 18]


@pytest.mark.parametrize(
    "preset", ["classic", "centran", "cloud-city", "two-exchange", "great-khan", "empress-teta"]
)
def test_house_rules_screen_offers_both(preset: str) -> None:
    shown = [rule for _, rules in house_rule_pages("sabacc", preset) for rule in rules]
    assert all(rule in shown for rule in CANON)
