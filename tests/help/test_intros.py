"""The Sabacc rule sets' short intros: each plays on its own rule set's engine, the
same way every time, and shows its one scripted moment."""

from __future__ import annotations

import pytest

from game import i18n
from game.help.coach import CoachDriver, lesson
from game.help.intros import INTROS
from game.rules import sabacc_cards as sc


def play_through(preset: str) -> CoachDriver:
    driver = CoachDriver(lesson(preset))
    for _ in range(50):
        step = driver.current()
        if step is None:
            break
        if step.wants is None:
            driver.acknowledge()
        else:
            driver.play(step.action)
    assert driver.over
    return driver


@pytest.mark.parametrize("preset", list(INTROS))
def test_each_intro_plays_on_its_rule_set_and_is_the_same_every_time(preset: str) -> None:
    driver = play_through(preset)
    assert driver.state.options.preset == preset
    assert [repr(e) for e in play_through(preset).events] == [repr(e) for e in driver.events]


@pytest.mark.parametrize(
    ("preset", "moment"),
    [
        ("two-exchange", "CardLocked"),
        ("two-exchange", "CardsExchanged"),
        ("great-khan", "CardFrozen"),
        ("force", "SideDeclared"),
    ],
)
def test_the_scripted_moment_happens(preset: str, moment: str) -> None:
    kinds = [e.kind for e in play_through(preset).events if getattr(e, "seat", 0) == 0]
    assert moment in kinds


def _yours(driver: CoachDriver) -> list[str]:
    return [sc.code(c) for c in driver.state.hands[0]]


def test_centran_you_keep_a_drawn_five_and_it_claims_three_for_23() -> None:
    driver = play_through("centran")
    assert _yours(driver) == ["Lc", "9s", "5c"]  # 25 in Classic: bombed out
    rank = driver.state.rank_of(0)
    assert (rank.kind, rank.total) == ("pure-sabacc", 23)
    assert [e.kind for e in driver.events if getattr(e, "seat", None) == 0][-2:] == [
        "CardDrawn",
        "KeptAll",
    ]


def test_cloud_city_your_four_cards_come_to_zero_and_play_for_zero() -> None:
    driver = play_through("cloud-city")
    assert _yours(driver) == ["8c", "8s", "moderation", "queen"]
    rank = driver.state.rank_of(0)
    assert (rank.kind, rank.total) == ("zero", 0)
    assert not rank.takes_sabacc_pot
    assert driver.state.chips == [28, 28, 28]


def test_figg_you_throw_away_the_two_and_the_star_counts_plus_17() -> None:
    driver = play_through("figg")
    assert _yours(driver) == ["6c", "star"]
    assert [sc.code(c) for c in driver.state.discards] == ["2s"]
    rank = driver.state.rank_of(0)
    assert (rank.kind, rank.total) == ("pure-sabacc", 23)  # -11 in Classic


def test_empress_teta_you_call_then_swap_the_nine_for_an_eleven_and_take_both_pots() -> None:
    driver = play_through("empress-teta")
    kinds = [e.kind for e in driver.events]
    assert kinds.index("HandCalled") < kinds.index("CardExchanged") < kinds.index("HandRevealed")
    exchanged = next(e for e in driver.events if e.kind == "CardExchanged")
    assert (exchanged.seat, exchanged.card) == (0, "9s")
    mine = next(e for e in driver.events if e.kind == "HandRevealed" and e.seat == 0)
    assert (mine.cards, mine.hand_kind, mine.total) == (("12c", "11f"), "pure-sabacc", 23)
    # Both antes of each seat: 2 in the hand pot and 2 in the Sabacc pot, all yours.
    assert driver.state.chips == [32, 28]


def test_random_the_rules_turn_to_mirror_and_your_drawn_four_makes_minus_23() -> None:
    driver = play_through("random")
    changed = [e for e in driver.events if e.kind == "RulesChanged"]
    assert [e.value_rule for e in changed] == ["mirror"]
    assert _yours(driver) == ["10s", "9c", "4c"]
    rank = driver.state.rank_of(0)
    assert (rank.kind, rank.total) == ("pure-sabacc", -23)
    kinds = [e.kind for e in driver.events]
    assert kinds.index("RulesChanged") < max(i for i, k in enumerate(kinds) if k == "CardDrawn")


@pytest.mark.parametrize("preset", list(INTROS))
def test_every_intro_step_has_words_in_every_language(preset: str) -> None:
    current = lesson(preset)
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for step in (*current.steps, *current.ending):
            assert catalog.get(step.key), f"{language} lacks {step.key}"


def test_a_wrong_move_in_an_intro_is_refused() -> None:
    from game.rules.sabacc import DECLARE_DARK

    driver = CoachDriver(lesson("force"))
    driver.acknowledge()
    with pytest.raises(ValueError, match="coach"):
        driver.play(DECLARE_DARK)
    assert driver.turns == 0
