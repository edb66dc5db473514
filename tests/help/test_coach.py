"""Coached hands: each plays through on the real engine, the same way every time."""

from __future__ import annotations

import pytest

from game import i18n
from game.help.coach import LESSONS, CoachDriver, lesson
from game.rules.base import BETWEEN


def play_through(game: str) -> CoachDriver:
    driver = CoachDriver(lesson(game))
    for _ in range(200):
        step = driver.current()
        if step is None:
            break
        if step.wants is None:
            driver.acknowledge()
        else:
            driver.play(step.action)
    assert driver.over
    return driver


def test_the_sabacc_lesson_plays_every_rule_of_a_classic_hand() -> None:
    """Betting, the fold fee, the shift, a draw and a discard, the call, Sudden Demise,
    a bomb-out and its penalty, and both pots: all in the one lesson hand."""
    driver = play_through("sabacc")
    kinds = [e.kind for e in driver.events]
    for kind in ("BetPlaced", "Folded", "CardShifted", "CardDrawn", "CardDiscarded"):
        assert kind in kinds, kind
    assert ("HandCalled", 0) in [(e.kind, getattr(e, "seat", None)) for e in driver.events]
    assert [e.fee for e in driver.events if e.kind == "Folded"] == [1]
    assert [e.card for e in driver.events if e.kind == "CardDiscarded"] == ["6f"]
    shifted = [(e.seat, e.old, e.new) for e in driver.events if e.kind == "CardShifted"]
    assert (0, "9c", "10f") in shifted
    demise = [
        (e.seat, e.card, e.hand_kind, e.total)
        for e in driver.events
        if e.kind == "SuddenDemiseCard"
    ]
    assert demise == [(2, "7c", "bombed-out", 30), (0, "queen", "normal", 21)]
    penalties = [(e.seat, e.amount) for e in driver.events if e.kind == "PenaltyPaid"]
    assert penalties == [(2, 13)]
    awarded = [(e.pot, e.amount) for e in driver.events if e.kind == "PotAwarded" and e.seat == 0]
    assert awarded == [("hand", 13), ("sabacc", 17)]
    assert driver.state.chips == [54, 25, 11]


def test_the_brag_lesson_scores_two_columns_for_you() -> None:
    driver = play_through("brag")
    results = [e.winner for e in driver.events if e.kind == "ShowdownResult"]
    assert results == [0, 0, 2, 2, 0, 0, 0, 0]  # deal 1, then deal 2's crash
    ended = [e for e in driver.events if e.kind == "DealEnded"]
    assert ended[0].scores == (2, 0, 2, 0)


def test_the_brag_lesson_ends_with_a_crash_and_the_games_settlement() -> None:
    """Deal 2: all four showdowns yours, a crash (5 points): 2 + 5 = 7 wins the game,
    and each loser pays the stake of 10, doubled for a loser with no points; a step
    names each as it happens."""
    driver = play_through("brag")
    assert [e.seat for e in driver.events if e.kind == "CrashMade"] == [0]
    won = [e for e in driver.events if e.kind == "GameWon"]
    assert [(e.winner, e.scores) for e in won] == [(0, (7, 0, 2, 0))]
    paid = [(e.payer, e.amount) for e in driver.events if e.kind == "ChipsPaid"]
    assert paid == [(1, 20), (2, 10), (3, 20)]
    assert list(driver.state.chips) == [100, 30, 40, 30]
    keys = [step.key for step in (*driver.lesson.steps, *driver.lesson.ending)]
    for key in ("coach.brag.order", "coach.brag.layout", "lesson.brag.compare"):
        assert key in keys
    assert keys[-2:] == ["lesson.brag.crash", "lesson.brag.settled"]


def test_the_ninehalf_lesson_plays_a_deal_as_player_then_one_as_dealer() -> None:
    driver = play_through("ninehalf")
    settled = [(e.dealer, e.seat, e.player_kind, e.amount)
               for e in driver.events if e.kind == "ChallengeSettled"]  # fmt: skip
    assert settled == [
        (3, 1, "bust", -2),
        (3, 0, "natural", 12),  # your Natural, paid double
        (0, 1, "normal", -3),  # you deal: your 9 beats Kessa's 8
    ]
    started = [e.dealer for e in driver.events if e.kind == "DealStarted"]
    assert started == [0]  # the second deal is yours
    returned = [(e.seat, e.amount) for e in driver.events if e.kind == "StakeReturned"]
    assert returned == [(2, 5), (2, 7), (3, 2)]  # never challenged: stakes back
    assert driver.state.to_act() == BETWEEN
    assert list(driver.state.chips) == [45, 25, 30, 20]


def test_next_deal_is_refused_in_the_middle_of_a_deal() -> None:
    from game.help.coach import NEXT_UNIT

    driver = CoachDriver(lesson("ninehalf"))
    while (step := driver.current()) is not None and step.wants is None:
        driver.acknowledge()
    with pytest.raises(ValueError, match="coach"):
        driver.play(NEXT_UNIT)
    assert driver.turns == 0


@pytest.mark.parametrize("game", list(LESSONS))
def test_a_wrong_move_is_refused_and_changes_nothing(game: str) -> None:
    driver = CoachDriver(lesson(game))
    while (step := driver.current()) is not None and step.wants is None:
        driver.acknowledge()
    assert step is not None
    before = (driver.state.clone().view(0), list(driver.state.chips), driver.shown, driver.turns)
    wrong = [a for a in driver.state.legal_actions() if not step.wants(a)]
    assert wrong, "every asked-for move has a wrong alternative to refuse"
    with pytest.raises(ValueError, match="coach"):
        driver.play(wrong[0])
    with pytest.raises(ValueError, match="coach"):
        driver.acknowledge()
    after = (driver.state.clone().view(0), list(driver.state.chips), driver.shown, driver.turns)
    assert repr(after) == repr(before)


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_step_has_words_in_every_language(game: str) -> None:
    current = lesson(game)
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for step in (*current.steps, *current.ending):
            assert catalog.get(step.key), f"{language} lacks {step.key}"


@pytest.mark.parametrize("game", list(LESSONS))
def test_the_lesson_is_the_same_every_time(game: str) -> None:
    first = [repr(e) for e in play_through(game).events]
    assert [repr(e) for e in play_through(game).events] == first


def test_an_unknown_lesson_is_refused() -> None:
    with pytest.raises(ValueError):
        lesson("poker")


def test_the_command_line_knows_every_lesson_and_intro() -> None:
    from game import cli
    from game.help.intros import INTROS

    assert (tuple(LESSONS), tuple(INTROS)) == (cli.LESSONS, cli.INTROS)


def test_the_sabacc_lesson_stops_at_the_tie_before_sudden_demise_deals() -> None:
    """The coach names Sudden Demise when it is called, before its cards come."""
    driver = CoachDriver(lesson("sabacc"))
    while (step := driver.current()) is not None and step.key != "lesson.sabacc.reveal":
        driver.play(step.action) if step.wants else driver.acknowledge()
    assert step is not None and step.at == "SuddenDemise"
    kinds = [e.kind for e in driver.events]
    assert "SuddenDemise" in kinds and "SuddenDemiseCard" not in kinds
    assert driver.advance() == [] and not driver.finished  # the hand waits for the words
    driver.acknowledge()
    assert [e.card for e in driver.events if e.kind == "SuddenDemiseCard"] == ["7c", "queen"]
    assert driver.finished


def play_until(driver: CoachDriver, key: str) -> None:
    """Continue and take the asked-for moves up to the step ``key``."""
    while (step := driver.current()) is not None and step.key != key:
        driver.play(step.action) if step.wants else driver.acknowledge()
    assert step is not None and step.key == key


def test_brag_honours_either_odd_card_for_the_pair_of_twos() -> None:
    """The player keeps the 6 of Spades with the 2s and throws the King away: the same
    pair, so the coach takes it, and the four showdowns go as the words say."""
    from game.rules import brag

    driver = CoachDriver(lesson("brag"))
    play_until(driver, "coach.brag.layout")
    mine = (("QS", "QH", "QD"), ("9H", "8H", "7H"), ("5C", "4D", "3S"), ("2C", "6S", "2D"))
    driver.play(brag.SetLayout.from_codes(mine))
    assert driver.turns == 1
    while (step := driver.current()) is not None:
        driver.play(step.action) if step.wants else driver.acknowledge()
    laid = next(e.sets for e in driver.events if e.kind == "LayoutSet" and e.seat == 0)
    assert laid[3] == ("2C", "6S", "2D")
    results = [e.winner for e in driver.events if e.kind == "ShowdownResult"]
    assert results[:4] == [0, 0, 2, 2]


def test_brag_refuses_a_layout_that_would_change_the_showdowns() -> None:
    from game.rules import brag

    driver = CoachDriver(lesson("brag"))
    play_until(driver, "coach.brag.layout")
    # Valid and in order, but the 5-4-3 broken up: Odo's run would no longer face it.
    other = (("QS", "QH", "QD"), ("9H", "8H", "7H"), ("4D", "3S", "2C"), ("KS", "6S", "5C"))
    with pytest.raises(ValueError, match=r"coach\.brag\.refuse"):
        driver.play(brag.SetLayout.from_codes(other))
    assert driver.turns == 0 and driver.current().key == "coach.brag.layout"


def test_ninehalf_honours_a_bet_of_your_own_size_and_counts_what_it_won() -> None:
    """The coach suggests the limit, 5; a bet of 3 is the player's to make: the dealer
    still challenges, and the words count the chips that bet won (1 + 3, doubled)."""
    from game.rules.ninehalf import Bet

    driver = CoachDriver(lesson("ninehalf"))
    play_until(driver, "coach.ninehalf.bet")
    driver.play(Bet(3))
    play_until(driver, "coach.ninehalf.paid")
    step = driver.current()
    assert step is not None
    with i18n.speaking("en"):
        words = i18n.t(step.key, **driver.facts(step))
    assert words == (
        "Your Natural beat the dealer's 8: ante and bet, 4 chips, paid double — 8 chips."
    )


def test_sabacc_refuses_discarding_the_9_with_the_steps_reason() -> None:
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import Discard

    driver = CoachDriver(lesson("sabacc"))
    play_until(driver, "lesson.sabacc.discard")
    hand = list(driver.state.view(0).hand)
    with pytest.raises(ValueError, match=r"lesson\.sabacc\.refuse\.discard"):
        driver.play(Discard(sc.parse("9c")))
    assert list(driver.state.view(0).hand) == hand and driver.turns == 2
    assert driver.current().refusal == "lesson.sabacc.refuse.discard"
    with i18n.speaking("en"):
        assert i18n.t(driver.current().refusal).startswith("Throw away the 6 of Flasks:")
