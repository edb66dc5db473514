"""Characters speak in their own voice, one bubble at a time, never in a flood."""

from __future__ import annotations

import random

import pytest

from game import i18n
from game.campaign.venues import CHARACTERS
from game.campaign.voices import Chatter, Moment, Voice, line_keys, voice_of


def test_every_voice_has_every_line_in_every_language() -> None:
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for voice in Voice:
            for moment in Moment:
                for key in line_keys(voice, moment):
                    assert catalog.get(key), f"{language} lacks {key}"


def test_voices_match_the_ai_personalities() -> None:
    assert voice_of(CHARACTERS["tesk"]) is Voice.RECKLESS  # "reckless"
    assert voice_of(CHARACTERS["pim"]) is Voice.CAUTIOUS  # "timid"
    assert voice_of(CHARACTERS["dario"]) is Voice.BLUFFER  # "showman"
    assert voice_of(CHARACTERS["corvin"]) is Voice.CALCULATOR  # "cold"
    assert voice_of(CHARACTERS["odile"]) is Voice.STEADY
    # Every campaign character has a voice from its personality's name.
    assert {voice_of(c) for c in CHARACTERS.values()} == set(Voice)


def test_one_bubble_at_a_time_then_a_quiet_gap() -> None:
    chatter = Chatter(random.Random(1), show_seconds=3.0, quiet_seconds=4.0)
    first = chatter.speak("tesk", 1, Moment.SIT_DOWN, now=0.0)
    assert first is not None and first.key.startswith("voice.reckless.sit_down.")
    # Another sit-down while the first shows: no second bubble.
    assert chatter.speak("mabbet", 2, Moment.SIT_DOWN, now=1.0) is None
    assert chatter.current(2.9) == first
    assert chatter.current(3.0) is None
    # The quiet gap holds ordinary talk back ...
    assert chatter.speak("mabbet", 2, Moment.LEAVE_BROKE, now=5.0) is None
    # ... but not the player's Pure Sabacc.
    pure = chatter.speak("mabbet", 2, Moment.PLAYER_PURE, now=5.5)
    assert pure is not None and pure.key.startswith("voice.cautious.player_pure.")
    assert chatter.speak("tesk", 1, Moment.LEAVE_BROKE, now=12.6) is not None


def test_a_weightier_moment_replaces_a_light_one() -> None:
    chatter = Chatter(random.Random(3))
    assert chatter.speak("tesk", 1, Moment.SIT_DOWN, now=0.0) is not None
    bomb = chatter.speak("mabbet", 2, Moment.LEAVE_BROKE, now=0.5)
    assert bomb is not None and chatter.current(0.6) == bomb


def test_the_same_line_never_twice_in_a_row() -> None:
    chatter = Chatter(random.Random(5), show_seconds=0.1, quiet_seconds=0.0)
    said = [chatter.speak("tesk", 1, Moment.SIT_DOWN, now=float(i)) for i in range(10)]
    keys = [b.key for b in said if b is not None]
    assert len(keys) == 10
    assert all(a != b for a, b in zip(keys, keys[1:], strict=False))


@pytest.mark.parametrize("seed", range(5))
def test_ordinary_moments_are_not_all_spoken(seed: int) -> None:
    chatter = Chatter(random.Random(seed), show_seconds=0.1, quiet_seconds=0.0, chance=0.5)
    spoken = sum(
        chatter.speak("corvin", 1, Moment.BIG_WIN, now=float(i)) is not None for i in range(200)
    )
    assert 60 < spoken < 140


def test_unknown_characters_stay_quiet() -> None:
    assert Chatter(random.Random(0)).speak("nobody", 1, Moment.SIT_DOWN, now=0.0) is None
