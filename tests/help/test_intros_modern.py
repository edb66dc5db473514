"""The intros of today's Sabacc rule sets (Kessel, Kessel with shift tokens, Corellian
Spike, Coruscant Shift): each plays on its own engine with its prepared cards and
shows its one scripted moment; anything else is refused and changes nothing."""

from __future__ import annotations

import pytest

from game.help.coach import CoachDriver, lesson
from game.help.intros import INTROS
from game.help.intros_modern import MODERN_INTROS
from game.rules import kessel as kg
from game.rules import kessel_cards as kc
from game.rules import spike_cards as spc


def play_through(preset: str) -> CoachDriver:
    driver = CoachDriver(lesson(preset))
    for _ in range(100):
        step = driver.current()
        if step is None:
            break
        if step.wants is None:
            driver.acknowledge()
        else:
            driver.play(step.action)
    assert driver.over
    return driver


def test_every_modern_rule_set_has_an_intro() -> None:
    assert set(MODERN_INTROS) == {"kessel", "kessel-shift", "corellian-spike", "coruscant-shift"}
    assert set(MODERN_INTROS) <= set(INTROS)


def events_of(driver: CoachDriver, kind: str) -> list[object]:
    return [e for e in driver.events if e.kind == kind]


def test_the_kessel_lesson_plays_a_round_to_its_settlement() -> None:
    """The Impostor's dice, the Sylop, Sabacc as a pair and what losing costs: your
    Impostor takes the 1 for Sabacc 1/1; Kessa's Sylop Sabacc of 2s loses 1 chip
    besides her pot, Odo's difference of 2 costs him 2."""
    driver = play_through("kessel")
    state = driver.state
    ranked = {e.seat: (e.cards, e.rank_kind, e.total) for e in events_of(driver, "HandRanked")}
    assert ranked == {
        0: (("s1", "b-imp:1"), "sabacc", 0),
        1: (("s-sylop", "b2"), "sabacc", 0),
        2: (("s5", "b3"), "no-sabacc", 2),
    }
    assert [e.dice for e in events_of(driver, "DiceRolled")] == [(1, 6)]
    assert [e.winners for e in events_of(driver, "RoundWon")] == [(0,)]
    penalties = [(e.seat, e.amount) for e in events_of(driver, "ChipsDestroyed")]
    assert penalties == [(1, 1), (1, 1), (2, 1), (2, 2)]  # pot, then the penalty
    assert state.chips == [6, 4, 3] and state.pots == [0, 0, 0]


def test_the_kessel_shift_lesson_plays_each_of_your_tokens_and_wins_the_round() -> None:
    """Immunity keeps Odo's General Tariff off you, Target Tariff costs Kessa 2, and a
    Free Draw brings the Sand 1 at no cost."""
    driver = play_through("kessel-shift")
    state = driver.state
    assert [(e.seat, e.token) for e in events_of(driver, "TokenPlayed")] == [
        (0, "immunity"),
        (2, "general-tariff"),
        (0, "target-tariff"),
        (0, "free-draw"),
    ]
    tariffs = [(e.seat, e.amount) for e in events_of(driver, "ChipsDestroyed")
               if e.reason == "tariff"]  # fmt: skip
    assert tariffs == [(1, 1), (1, 2)]
    assert [e.paid for e in events_of(driver, "DrewFromDeck") if e.seat == 0] == [0]
    assert state.tokens[0] == []
    assert [e.winners for e in events_of(driver, "RoundWon")] == [(0,)]
    assert state.chips == [6, 1, 4]


def test_the_spike_lesson_plays_zero_a_named_hand_a_shift_and_a_nulrhek() -> None:
    driver = CoachDriver(lesson("corellian-spike"))
    for _ in range(4):  # three words, then the swap
        step = driver.current()
        assert step is not None
        driver.play(step.action) if step.wants else driver.acknowledge()
    state = driver.state
    assert sorted(spc.code(c) for c in state.hands[0]) == ["+5o", "-5s"]
    assert spc.code(state.discards[-1]) == "+8t"
    assert state.rank_of(0).kind == "one-pair" and state.rank_of(0).total == 0
    driver = play_through("corellian-spike")
    state = driver.state
    dissolved = [(e.seat, e.cards) for e in events_of(driver, "HandDissolved")]
    assert dissolved[0] == (0, ("+5o", "-5s", "sylop"))  # your Yee-Haa, thrown away
    assert [e.seat for e in events_of(driver, "Junked")] == [2]
    shown = {e.seat: (e.hand_kind, e.total) for e in events_of(driver, "HandRevealed")}
    assert shown == {0: ("sabacc", 0), 1: ("nulrhek", 1)}
    awarded = [(e.seat, e.pot, e.amount) for e in events_of(driver, "PotAwarded")]
    assert awarded == [(0, "hand", 10), (0, "sabacc", 3)]
    assert state.shifts == 1 and state.chips == [108, 95, 97]


def test_the_coruscant_lesson_wins_on_the_suit_at_the_same_distance() -> None:
    driver = play_through("coruscant-shift")
    state = driver.state
    assert state.target == 5 and state.suit == spc.STAVES.index("s")
    made = [(e.seat, e.number, e.cards) for e in events_of(driver, "SelectionMade") if e.seat == 0]
    assert made == [(0, 1, ("+8s", "-1s")), (0, 2, ("+8s", "-1s", "-2s"))]
    shown = {e.seat: (e.cards, e.total) for e in events_of(driver, "HandRevealed")}
    assert shown == {0: (("+8s", "-1s", "-2s"), 5), 1: (("+5o",), 5)}
    assert [(e.seat, e.amount) for e in events_of(driver, "PotAwarded")] == [(0, 18)]
    assert state.chips == [111, 93, 96]


@pytest.mark.parametrize("preset", list(MODERN_INTROS))
def test_each_modern_intro_is_the_same_every_time(preset: str) -> None:
    first = [repr(e) for e in play_through(preset).events]
    assert first == [repr(e) for e in play_through(preset).events]


def test_a_draw_the_coach_did_not_ask_for_is_refused_and_changes_nothing() -> None:
    driver = CoachDriver(lesson("kessel"))
    for _ in range(3):
        driver.acknowledge()
    chips = list(driver.state.chips)
    with pytest.raises(ValueError, match="coach"):
        driver.play(kg.Draw("sand"))
    assert driver.turns == 0 and driver.state.chips == chips
    assert [kc.code(c) for c in driver.state.hands[0]] == ["s1", "b4"]
