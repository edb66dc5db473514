"""Corellian Spike and Coruscant Shift cards and ranking (RULES.md §4.0, §4.2.9, §4.3.8)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import sabacc
from game.rules import spike_cards as kc


def spike(codes: str, **kw: bool) -> Any:
    return sabacc.rank_hand(codes.split(), preset="corellian-spike", **kw)


def cor(codes: str, target: int, suit: str = "o", **kw: bool) -> Any:
    return sabacc.rank_hand(codes.split(), preset="coruscant-shift", target=target, suit=suit, **kw)


# -- card codes (§4.0) -----------------------------------------------------------


def test_codes_round_trip_and_are_case_insensitive() -> None:
    assert [kc.code(c) for c in kc.full_deck()].count("sylop") == 2
    assert len(kc.full_deck()) == 62
    assert len(set(kc.code(c) for c in kc.full_deck())) == 61
    assert kc.code(kc.parse("+7O")) == "+7o"
    assert kc.code(kc.parse("-10S")) == "-10s"
    assert kc.code(kc.parse("SYLOP")) == "sylop"
    assert kc.value(kc.parse("-3t")) == -3
    assert kc.stave(kc.parse("+10s")) == "s"


@pytest.mark.parametrize("bad", ["7o", "+11o", "+0t", "-3x", "+07o", "sylops", "", "+o", "7s"])
def test_bad_codes_name_the_code(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        kc.parse(bad)
    if bad:
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            sabacc.rank_hand(["+1o", bad], preset="corellian-spike")


def test_too_many_copies_name_the_card() -> None:
    with pytest.raises(ValueError, match=r"'\+7o'"):
        spike("+7o +7O")
    with pytest.raises(ValueError, match="'sylop'"):
        spike("sylop sylop sylop")
    with pytest.raises(ValueError, match="'-2t'"):
        cor("-2t -2t", 0)


def test_classic_codes_are_not_spike_cards() -> None:
    with pytest.raises(ValueError, match="'7s'"):
        spike("7s +3o")


def test_unknown_options_and_suits_are_refused() -> None:
    with pytest.raises(ValueError, match="suit"):
        cor("+3o", 0, suit="x")
    with pytest.raises(TypeError):
        sabacc.rank_hand(["+3o"], preset="corellian-spike", target=3)
    with pytest.raises(ValueError, match="no ranking options"):
        sabacc.rank_hand(["7c"], preset="classic", target=3)
    with pytest.raises(ValueError, match="empty"):
        sabacc.rank_hand([], preset="coruscant-shift", target=0, suit="o")


# -- §4.2.9 -----------------------------------------------------------------------


def test_1_pure_beats_full() -> None:
    pure, full = spike("sylop sylop"), spike("+10o +10t -10s -10o sylop")
    assert (pure.kind, full.kind) == ("pure-sabacc", "full-sabacc")
    assert pure > full


def test_2_full_beats_fleet() -> None:
    fleet = spike("+5o +5t -5s -5o sylop")
    assert fleet.kind == "fleet"
    assert spike("+10o +10t -10s -10o sylop") > fleet


def test_3_lower_fleet_wins() -> None:
    assert spike("+2o +2t -2s -2o sylop") > spike("+5o +5t -5s -5o sylop")


def test_4_yee_haa() -> None:
    y, r = spike("+5o -5t sylop"), spike("+2o +2t +2s -3o -3t")
    assert (y.kind, r.kind) == ("yee-haa", "rhylet")
    assert y > r
    assert spike("+2o -2t sylop") > spike("+7o -7t sylop")


def test_5_rhylet_then_squadron() -> None:
    low, high = spike("+2o +2t +2s -3o -3t"), spike("-4o -4t -4s +6o +6t")
    sq = spike("+1o +1t -1s -1o")
    assert (high.kind, sq.kind) == ("rhylet", "squadron")
    assert low > high > sq


def test_6_squadron_beats_gee_whiz() -> None:
    gw = spike("+1o +2t +3s +4o -10t")
    assert gw.kind == "gee-whiz"
    assert spike("-1o -2t -3s -4o +10t").kind == "gee-whiz"
    assert spike("+1o +1t -1s -1o") > gw


def test_7_gee_whiz_beats_straight() -> None:
    st_ = spike("+7o -8t -9s +10o")
    assert st_.kind == "straight-staves"
    assert spike("+1o +2t +3s +4o -10t") > st_


def test_8_lower_straight_wins() -> None:
    assert spike("-4o +5t +6s -7o") > spike("+7o -8t -9s +10o")


def test_9_straight_with_extra_card() -> None:
    s, b = spike("+1o +2t +3s -4o -2s"), spike("+4o +4t +4s -3o -9t")
    assert (s.kind, b.kind) == ("straight-staves", "banthas-wild")
    assert s > b


def test_10_banthas_rule_of_two_one_pair() -> None:
    b, r, p = spike("+4o +4t +4s -3o -9t"), spike("+9o -9t +4s -4o"), spike("+5o -5t")
    assert (r.kind, p.kind) == ("rule-of-two", "one-pair")
    assert b > r > p


def test_11_one_pair_and_strict_one_pair() -> None:
    three = spike("+3o +3t -6s")
    assert three.kind == "one-pair"
    assert spike("+1o -1t") > three > spike("+5o -5t")
    strict = spike("+3o +3t -6s", strict_one_pair=True)
    assert strict.kind == "sabacc"
    assert strict < spike("+5o -5t", strict_one_pair=True)
    assert spike("+5o -5t", strict_one_pair=True).kind == "one-pair"


def test_12_sabacc_more_cards() -> None:
    a, b = spike("+1o +8t -2s -7o"), spike("+9o -2t -7s")
    assert (a.kind, b.kind) == ("sabacc", "sabacc")
    assert a > b


def test_13_sabacc_positive_sum() -> None:
    assert spike("+4o +6t -10s") > spike("+4t +5s -9o")


def test_14_sabacc_top_positive_card() -> None:
    assert spike("+1o +8t -9s") > spike("+4o +5t -9t")


def test_15_sabacc_beats_nulrhek() -> None:
    n = spike("+2o -1t")
    assert (n.kind, n.total) == ("nulrhek", 1)
    assert spike("+1o +2t -3s") > n


def test_16_nulrhek_distance_then_sign() -> None:
    assert spike("+4o -5t") > spike("+3o +5t -1s -5o")
    assert spike("+3o -2t") > spike("+2o -3t")


def test_17_nulrhek_more_cards() -> None:
    assert spike("+4o +9t -1s -3o -8t") > spike("+5o +10t -7s -7o")


def test_18_nulrhek_positive_sum_and_ties() -> None:
    assert spike("+4o +9t -6s -6o") > spike("+5o +7t -4s -7t")
    assert spike("+2o -1t") == spike("+2t -1s")


def test_exact_named_hands() -> None:
    assert spike("+5o -5t sylop +2s -2o", exact_named_hands=True).kind != "yee-haa"
    assert spike("+5o -5t sylop", exact_named_hands=True).kind == "yee-haa"
    assert spike("+1o +1t -1s -1o", exact_named_hands=True).kind == "squadron"
    assert spike("+1o +2t +3s -4o -2s", exact_named_hands=True).kind == "one-pair"


def test_total_zero_takes_the_sabacc_pot() -> None:
    assert spike("+5o -5t").takes_sabacc_pot
    assert not spike("+2o -1t").takes_sabacc_pot


# -- §4.3.8 -----------------------------------------------------------------------


def test_c1_distance_first() -> None:
    assert cor("+3o -3t", 0, "t") > cor("+2o -1t", 0, "t")
    assert cor("+3o -3t", 0, "t").kind == "coruscant"


def test_c2() -> None:
    assert cor("+10o", 10) > cor("+6o +3t", 10)


def test_c3_suit_count() -> None:
    assert cor("-5s", -5, "s") > cor("-2o -3t", -5, "s")


def test_c4_sylop_counts_as_every_suit() -> None:
    assert cor("sylop +1t -1t", 0, "o") > cor("+5s -5t", 0, "o")


def test_c5_higher_total() -> None:
    assert cor("+6o", 5, "s") > cor("+4o", 5, "s")


def test_c6_top_positive_card() -> None:
    assert cor("+7o -2t", 5, "s") > cor("+4t +1o", 5, "s")


def test_c7_tie() -> None:
    assert cor("+3o +2t", 5, "s") == cor("+3t +2o", 5, "s")


def test_c8_distance_before_suit() -> None:
    assert cor("+9o", 10, "t") > cor("+5t +3t", 10, "t")


def test_c9_suit_before_sign() -> None:
    assert cor("-1t", 0, "t") > cor("+1o", 0, "t")


def test_c10() -> None:
    assert cor("-10o", -10) > cor("-9t -2s", -10)


def test_pure_sabacc_option() -> None:
    assert cor("sylop sylop", 10, "t") < cor("+10t", 10, "t")
    assert cor("sylop sylop", 10, "t", pure_sabacc=True) > cor("+10t", 10, "t", pure_sabacc=True)


# -- properties -------------------------------------------------------------------

hands = st.lists(st.sampled_from(kc.full_deck()), min_size=2, max_size=5).filter(
    lambda h: h.count(kc.SYLOP) <= 2 and len(set(h)) + max(0, h.count(kc.SYLOP) - 1) == len(h)
)


@settings(max_examples=300, deadline=None)
@given(hands, hands)
def test_spike_order_is_total_and_kind_matches_total(a: list[int], b: list[int]) -> None:
    ra, rb = spike(" ".join(kc.codes(a))), spike(" ".join(kc.codes(b)))
    assert (ra < rb) + (ra == rb) + (ra > rb) == 1
    assert ra.total == sum(kc.value(c) for c in a)
    assert (ra.kind == "nulrhek") == (ra.total != 0)
    if ra.kind != "nulrhek" and rb.kind == "nulrhek":
        assert ra > rb
