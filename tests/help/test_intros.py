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


@pytest.mark.parametrize(
    ("preset", "cards"),
    [
        ("figg", ["star", "6c"]),
        ("centran", ["Lc", "5s"]),
        ("empress-teta", ["4c", "5f"]),
        ("cloud-city", ["8c", "8s"]),
        ("random", ["10s", "9c"]),
    ],
)
def test_your_prepared_cards_are_the_ones_the_coach_talks_about(
    preset: str, cards: list[str]
) -> None:
    driver = play_through(preset)
    assert [sc.code(c) for c in driver.state.hands[0]] == cards


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
