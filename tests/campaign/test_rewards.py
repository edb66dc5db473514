"""Rewards unlock with venues; achievements count, persist, and survive damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import i18n
from game.campaign.rewards import (
    ACHIEVEMENTS,
    REWARDS,
    AchievementBook,
    HandFacts,
    achievements_slot,
    load_book,
    save_book,
    unlocked_rewards,
)
from game.campaign.venues import VENUE_BY_ID


def test_every_reward_belongs_to_a_venue_and_has_words() -> None:
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for reward in REWARDS:
            assert reward.venue in VENUE_BY_ID
            assert catalog.get(f"reward.{reward.id}.name")
        for achievement in ACHIEVEMENTS:
            assert catalog.get(f"achievement.{achievement.id}.name")
            assert catalog.get(f"achievement.{achievement.id}.how")


def test_clearing_venues_unlocks_their_rewards_in_order() -> None:
    assert unlocked_rewards([]) == []
    assert [r.id for r in unlocked_rewards(["brinewater"])] == ["back-brinewater"]
    ids = [r.id for r in unlocked_rewards(["brinewater", "lantern-hall", "glasswater"])]
    assert ids == ["back-brinewater", "felt-lantern", "rules-glasswater", "felt-glasswater"]
    rules = unlocked_rewards(["glasswater"])[0]
    assert (rules.game, rules.preset, dict(rules.house_rules)) == (
        "sabacc",
        "cloud-city",
        {"bombout_penalty": True},
    )


def test_an_idiots_array_win_earns_two_achievements_once() -> None:
    book = AchievementBook()
    facts = HandFacts("sabacc", player_won=True, hand_kind="idiots-array", pot=40)
    assert book.record(facts) == ["first-win", "idiots-array"]
    assert book.record(facts) == []
    assert book.counts["idiots-array"] == 2 and book.earned == {"first-win": 1, "idiots-array": 1}


def test_a_lost_hand_with_an_array_earns_nothing() -> None:
    book = AchievementBook()
    assert book.record(HandFacts("sabacc", player_won=False, hand_kind="idiots-array")) == []


def test_dealer_duty_needs_five_deals() -> None:
    book = AchievementBook()
    duty = HandFacts("ninehalf", dealer_duty_met=True)
    assert [book.record(duty) for _ in range(5)] == [[], [], [], [], ["dealer-duty"]]
    assert book.progress("dealer-duty") == (5, 5)


def test_shift_survivor_crash_comeback_and_big_pot() -> None:
    book = AchievementBook()
    shifted = HandFacts("sabacc", True, "pure-sabacc", shift_to_pure=True, chips_before=4, pot=120)
    assert book.record(shifted) == [
        "first-win",
        "pure-sabacc",
        "shift-survivor",
        "comeback",
        "big-pot",
    ]
    assert book.record(HandFacts("brag", True, "prial", brag_crash=True)) == [
        "brag-crash",
        "brag-prial",
    ]


def test_the_book_persists_and_a_damaged_file_is_moved_aside(tmp_path: Path) -> None:
    told: list[str] = []
    slot = achievements_slot(directory=tmp_path, notify=told.append)
    book = AchievementBook()
    book.record(HandFacts("sabacc", player_won=True))
    assert save_book(slot, book)
    again = load_book(achievements_slot(directory=tmp_path))
    assert again.earned == {"first-win": 1} and again.hands == 1
    # A second save keeps a .bak of the first; damage the main file: the .bak is used.
    book.record(HandFacts("brag", brag_crash=True))
    assert save_book(slot, book)
    (tmp_path / "achievements.json").write_bytes(b"\xff\xfe not json")
    restored = load_book(achievements_slot(directory=tmp_path, notify=told.append))
    assert restored.earned == {"first-win": 1}
    assert told and any(p.name.startswith("achievements.json.corrupt-") for p in tmp_path.iterdir())


@pytest.mark.parametrize(
    "payload",
    [
        {"kind": "achievements", "hands": -1},
        {"kind": "achievements", "hands": 10**30},
        {"kind": "achievements", "counts": {"first-win": "many"}},
        {"kind": "achievements", "earned": [1, 2]},
        {"kind": "achievements", "counts": {"x" * 500: 1}},
        {"kind": "campaign"},
    ],
)
def test_nonsense_values_are_refused_not_believed(tmp_path: Path, payload: dict) -> None:
    told: list[str] = []
    (tmp_path / "achievements.json").write_text(
        json.dumps({**payload, "schema_version": 1}), encoding="utf-8"
    )
    book = load_book(achievements_slot(directory=tmp_path, notify=told.append))
    assert book == AchievementBook()
    assert told
    assert not (tmp_path / "achievements.json").exists()


def _lesson_events(game: str) -> list:
    """The events of the coached lesson's first hand (or deal) of ``game``."""
    from game.help.coach import CoachDriver, lesson

    driver = CoachDriver(lesson(game))
    while (step := driver.current()) is not None:
        driver.acknowledge() if step.wants is None else driver.play(step.action)
    ends = driver.lesson.ends_with
    first = next(i for i, e in enumerate(driver.events) if e.kind == ends)
    return driver.events[: first + 1]


def _shift_to_pure_events() -> list:
    """A real Classic hand on the engine: a Sabacc Shift turns your 22 into a Pure
    Sabacc, you call in the third round and take both pots (3 seats, 30 chips)."""
    from game.help.coach import CoachDriver, Lesson, Step, _sabacc_outcome
    from game.rules import sabacc
    from game.rules.sabacc import Bet, Call, CallHand, Check, Draw, Fold, Keep, Stand

    mine = (Bet(2), Draw(), Keep(), Check(), Stand(), Call(), CallHand())
    hand = Lesson(
        id="shift-to-pure",
        game="sabacc",
        preset="classic",
        new_state=lambda: sabacc.new_game(3, preset="classic", chips=30, seed_dealer=2),
        player=0,
        chance=("10c", "9s", "11t", "5f", "balance", "4c", 2, "7s", 5)
        + ("balance", "4c", "5f", "demise", "8s", "6c", 1),
        moves={
            1: (Call(), Stand(), Check(), Stand(), Fold()),
            2: (Call(), Stand(), Check(), Stand(), Bet(2)),
        },
        steps=tuple(
            Step(f"move{i}", "actions", i, lambda a, m=move: a == m, move)
            for i, move in enumerate(mine)
        ),
        outcome_of=_sabacc_outcome,
        ends_with="HandEnded",
    )
    driver = CoachDriver(hand)
    while (step := driver.current()) is not None:
        driver.acknowledge() if step.wants is None else driver.play(step.action)
    return driver.events


def test_facts_are_read_from_a_real_hand() -> None:
    from game.campaign.rewards import facts_from_events

    sabacc = facts_from_events("sabacc", _shift_to_pure_events(), 0, chips_before=30)
    assert sabacc.player_won and sabacc.hand_kind == "pure-sabacc" and sabacc.shift_to_pure
    assert sabacc.pot == 17
    loser = facts_from_events("sabacc", _shift_to_pure_events(), 2)
    assert not loser.player_won and not loser.shift_to_pure
    # The Classic lesson: your Pure Sabacc tied, and Sudden Demise left you at 21.
    lesson = facts_from_events("sabacc", _lesson_events("sabacc"), 0, chips_before=30)
    assert lesson.player_won and lesson.hand_kind == "normal" and not lesson.shift_to_pure
    assert lesson.pot == 30
    brag = facts_from_events("brag", _lesson_events("brag"), 0)
    assert brag.hand_kind == "prial" and not brag.brag_crash
    dealer = facts_from_events("ninehalf", _lesson_events("ninehalf"), 3)
    assert dealer.dealer_duty_met
    player = facts_from_events("ninehalf", _lesson_events("ninehalf"), 0)
    assert not player.dealer_duty_met and player.player_won


def test_recording_a_hand_saves_the_book_and_tells_the_player(tmp_path: Path) -> None:
    from game.campaign.rewards import record_achievements

    told: list[str] = []
    new = record_achievements(
        "sabacc", _shift_to_pure_events(), 0, 30, directory=tmp_path, notify=told.append
    )
    assert new == ["first-win", "pure-sabacc", "shift-survivor"]
    assert told == ["Achievement: First pot", "Achievement: Pure", "Achievement: Rode the shift"]
    again = record_achievements("sabacc", _shift_to_pure_events(), 0, 30, directory=tmp_path)
    assert again == []
    assert load_book(achievements_slot(directory=tmp_path)).counts["pure-sabacc"] == 2
