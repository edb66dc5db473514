"""Kessel card codes and ranking: every rank case of RULES.md §4.1.11."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import kessel_cards as kc
from game.rules.sabacc import rank_hand


def r(text: str, **kw: object) -> object:
    return rank_hand(text.split(), preset="kessel", **kw)  # type: ignore[arg-type]


def test_1_pure_sabacc_beats_the_best_pair() -> None:
    pure = rank_hand(["s-sylop", "b-sylop"], preset="kessel")
    assert pure.kind == "pure-sabacc"
    assert pure > r("s1 b1")


def test_2_low_pairs_beat_high_pairs() -> None:
    assert r("s1 b1") > r("s2 b2") > r("s6 b6")


def test_3_sylop_copies_the_other_card() -> None:
    a = rank_hand(["s-sylop", "b4"], preset="kessel")
    assert a == r("s4 b4")
    assert (a.kind, a.total) == ("sabacc", 0)


def test_4_any_sabacc_beats_any_difference() -> None:
    assert r("s6 b6") > r("s1 b2")


def test_5_smaller_difference_wins() -> None:
    a, b = r("s4 b6"), r("s2 b5")
    assert (a.kind, a.total, b.total) == ("no-sabacc", 2, 3)
    assert a > b


def test_6_equal_difference_lower_card_wins_and_order_does_not_matter() -> None:
    assert r("s1 b3") > r("s4 b6")
    assert r("s3 b1") == r("s1 b3")
    assert rank_hand(["b3", "s1"], preset="kessel") == r("s1 b3")


def test_7_resolved_impostors_equal_natural_pairs() -> None:
    assert r("s-imp:3 b3") == r("s3 b3")
    assert r("s-sylop b-imp:5") == r("s5 b5")
    assert r("s-imp:2 b-imp:2") == r("s2 b2")
    assert r("s-imp:2 b-imp:5").total == 3


def test_8_unresolved_impostor_and_two_sands_are_errors() -> None:
    with pytest.raises(ValueError, match="s-imp"):
        r("s-imp b3")
    with pytest.raises(ValueError, match="one Sand and one Blood"):
        r("s1 s2")
    with pytest.raises(ValueError, match="one Sand and one Blood"):
        r("s1 b2 b3")


def test_9_markdown_lone_sylop_is_zero() -> None:
    a = r("s-sylop b4", markdown=True)
    assert (a.kind, a.total) == ("no-sabacc", 4)
    assert r("s-sylop b-sylop", markdown=True).kind == "pure-sabacc"


def test_10_cook_the_books_reverses_sabacc() -> None:
    kw = {"cook_the_books": True}
    assert r("s6 b6", **kw) > r("s1 b1", **kw) > r("s-sylop b-sylop", **kw) > r("s1 b2", **kw)


def test_11_prime_pair_is_second_only_to_pure() -> None:
    assert r("s-sylop b-sylop", prime=4) > r("s4 b4", prime=4) > r("s1 b1", prime=4)


def test_12_major_fraud_makes_impostors_six() -> None:
    assert r("s-imp b6", major_fraud=True) == r("s6 b6")
    assert r("s-imp b-sylop", major_fraud=True) == r("s6 b6")


def test_cook_and_prime_together_put_the_prime_pair_first() -> None:
    kw = {"cook_the_books": True, "prime": 2}
    assert r("s2 b2", **kw) > r("s6 b6", **kw) > r("s-sylop b-sylop", **kw)


def test_options_pure_under_cook_sylop_bonus_prime_above_pure() -> None:
    keep = kc.Modifiers(cook_the_books=True, cook_keeps_pure=True)
    pure = kc.rank_values(0, 0, True, True, keep)
    assert pure > kc.rank_values(6, 6, False, False, keep)
    bonus = kc.Modifiers(sylop_bonus=True)
    assert kc.rank_values(0, 3, True, False, bonus) > kc.rank_values(3, 3, False, False, bonus)
    above = kc.Modifiers(prime=5, prime_above_pure=True)
    assert kc.rank_values(5, 5, False, False, above) > kc.rank_values(0, 0, True, True, above)


def test_codes_are_case_insensitive_and_bad_codes_are_named() -> None:
    assert r("S-SYLOP B-Sylop").kind == "pure-sabacc"
    assert kc.parse_code("S-Imp:4") == (kc.card(kc.SAND, kc.IMPOSTOR), 4)
    for bad in ("s7", "b0", "x1", "s-imp:7", "sylop", "s-imp:", "+3o"):
        with pytest.raises(ValueError, match="unknown Kessel card code"):
            kc.parse(bad)
    with pytest.raises(ValueError, match="'s9'"):
        r("s9 b1")


def test_deck_has_22_cards_per_family() -> None:
    for fam in kc.FAMILIES:
        d = kc.deck(fam)
        assert len(d) == 22
        assert sum(1 for c in d if kc.is_impostor(c)) == 3
        assert sum(1 for c in d if kc.is_sylop(c)) == 1
        assert all(kc.family_of(c) == fam for c in d)
    codes = {kc.code(c) for fam in kc.FAMILIES for c in kc.deck(fam)}
    assert len(codes) == 16 and "s-imp" in codes and "b6" in codes


def test_bad_prime_and_unknown_kessel_preset() -> None:
    with pytest.raises(ValueError, match="prime"):
        r("s1 b1", prime=7)
    with pytest.raises(ValueError, match="kessel-x"):
        kc.rank_hand(["s1", "b1"], preset="kessel-x")


values = st.integers(1, 6)


@given(values, values, values, values)
def test_ranks_are_totally_ordered_by_the_settled_key(a: int, b: int, c: int, d: int) -> None:
    x = kc.rank_values(a, b, False, False)
    y = kc.rank_values(c, d, False, False)
    # exactly one of <, ==, > holds
    assert (x < y) + (x == y) + (x > y) == 1
    if a == b and c != d:
        assert x > y
    if a != b and c != d:
        if abs(a - b) != abs(c - d):
            assert (x > y) == (abs(a - b) < abs(c - d))
        else:
            assert (x > y) == (min(a, b) < min(c, d))
