"""Faces that act and lines that land: what happens to a character (a win, a loss,
bombing out, a shift that hurts, a bluff called, the player's big win) changes their
face and may be spoken of; a hand gets about one line; the bubble stays up long enough
to read, shows the speaker's face large, and the log keeps the line."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.campaign import Campaign
from game.campaign.voices import MIN_SECONDS, Moment, reading_seconds
from game.rules import ninehalf
from game.rules import sabacc_events as ev
from game.scenes.kit.moods import Moods

SPEAKERS = {1: "tesk", 2: "mabbet"}


def fresh() -> Moods:
    return Moods(3, dict(SPEAKERS), random.Random(2))


def said(moods: Moods) -> list[tuple[int, Moment]]:
    return [(b.seat, b.moment) for b in moods.take_spoken()]


def test_a_win_and_a_loss() -> None:
    moods = fresh()
    moods.react([ev.HandStarted(1, 0, (0, 1, 2)), ev.PotAwarded(1, 6, "hand")], now=1.0)
    assert moods.expression(1, 1.5) == "happy"
    assert said(moods) == [(1, Moment.HAND_WON)]  # the hand's only line: always said
    lost = ninehalf.ChallengeSettled(2, 0, "9S", "natural", 9.5, "normal", 7.0, False, -4)
    moods.react([lost], now=20.0)
    assert moods.expression(2, 20.5) == "grim" and moods.expression(0, 20.5) == "happy"
    assert said(moods) == [(2, Moment.HAND_LOST)]


def test_bombing_out_and_a_shift_that_hurts() -> None:
    moods = fresh()
    moods.react([ev.HandRevealed(2, ("15c", "12s"), "bombed-out", 27)], now=1.0)
    assert moods.expression(2, 1.1) == "shocked"
    assert said(moods) == [(2, Moment.BOMB_OUT)]
    moods.react([ev.CardShifted(1, "14f", "3c")], now=30.0)
    assert moods.expression(1, 30.1) == "shocked"
    moods.react([ev.CardShifted(2, "3f", "14c")], now=60.0)
    assert moods.expression(2, 60.1) == "smug"


def test_a_bluff_called() -> None:
    moods = fresh()
    hand = [
        ev.HandStarted(3, 0, (0, 1, 2)),
        ev.Raised(1, 6, 6),
        ev.Called(0, 6),
        ev.HandRevealed(0, ("10c", "11s"), "normal", 21),
        ev.HandRevealed(1, ("2c", "5s"), "normal", 7),
        ev.PotAwarded(0, 8, "hand"),
        ev.HandEnded(3, (0,), "showdown"),
    ]
    moods.react(hand, now=5.0)
    assert moods.expression(1, 5.5) == "shocked"
    assert moods.expression(2, 5.5) == "neutral"  # never raised: no bluff to call
    # The raiser who won is no bluffer.
    honest = fresh()
    honest.react(
        [ev.HandStarted(4, 0, (0, 1, 2)), ev.Raised(1, 6, 6),
         ev.HandRevealed(1, ("15c", "8s"), "pure-sabacc", 23), ev.PotAwarded(1, 14, "hand"),
         ev.HandEnded(4, (1,), "showdown")],
        now=5.0,
    )  # fmt: skip
    assert honest.expression(1, 5.5) == "happy"


def test_the_players_big_win_worries_every_opponent() -> None:
    moods = fresh()
    moods.react([ev.PotAwarded(0, 40, "hand")], now=2.0)
    assert [moods.expression(s, 2.5) for s in range(3)] == ["happy", "worried", "worried"]
    assert said(moods)[0][1] is Moment.PLAYER_BIG_WIN


def test_about_one_line_a_hand() -> None:
    moods = fresh()
    lines = 0
    for hand in range(12):
        t = hand * 15.0
        moods.react([ev.HandStarted(hand, 0, (0, 1, 2))], now=t)
        moods.react([ev.PotAwarded(hand % 3, 4, "hand")], now=t + 12.0)
        lines += len(moods.take_spoken())
    # Every hand an opponent won gets its word; the player's own small wins may pass
    # in silence or draw a rueful line.
    assert 8 <= lines <= 12


def test_a_bubble_stays_up_long_enough_to_read() -> None:
    assert reading_seconds("Deal.") == MIN_SECONDS >= 3.0
    long = "At The Lantern Hall you won 5 hands to my 2. Not this time, friend, not this time."
    assert reading_seconds(long) > 5.5
    assert reading_seconds("あなたは私から四十チップ持っていった。今度はそうはいかない。") > 5.0
    moods = Moods(3, dict(SPEAKERS), random.Random(2), reading=lambda k, p: 7.0)
    moods.react([ev.HandRevealed(2, ("15c", "12s"), "bombed-out", 27)], now=1.0)
    assert moods.bubble(7.9) is not None and moods.bubble(8.0) is None


@pytest.mark.usefixtures("data_home")
@pytest.mark.parametrize("venue", ["brinewater", "glasswater"])
def test_at_the_table_the_speaker_shows_a_big_face_off_the_cards_and_the_log_keeps_it(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, venue: str
) -> None:
    """A character with room by their plate sits there face to face (100 px) and speaks
    in a bubble by it; one without speaks on a card that carries the face."""
    from game.scenes.campaign_table import make_campaign_table
    from game.ui import callout, speaker

    drawn: list[tuple[pygame.Rect, int]] = []
    card, bubble = speaker.draw_speaker, callout.draw_bubble

    def spy_card(surface, box, seat_rect, who, expression, face, *rest):  # type: ignore[no-untyped-def]
        drawn.append((box, face))
        return card(surface, box, seat_rect, who, expression, face, *rest)

    def spy_bubble(surface, box, *rest):  # type: ignore[no-untyped-def]
        drawn.append((box, 0))
        return bubble(surface, box, *rest)

    monkeypatch.setattr(speaker, "draw_speaker", spy_card)
    monkeypatch.setattr(callout, "draw_bubble", spy_bubble)
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = venue
    campaign.progress.credits = 200
    campaign.sit_down()
    table = make_campaign_table(app, campaign)
    app.push(table)
    for _ in range(5):
        app.step(1 / 60)
    said = table.moods.bubble(table.clock)
    assert drawn and said is not None, "nobody greeted the table"
    box, face = drawn[-1]
    seated = table.felt_extras.seated.get(said.seat)
    if face == 0:  # a bubble by a face at the table
        assert seated is not None and seated.height >= 96
    else:
        assert face >= 96
    assert all(place.height >= 96 for place in table.felt_extras.seated.values())
    assert table.voices.speech is not None
    box = box.move(table.voices.speech[2])  # drawn once into a picture of its own, then placed
    lay = table.places
    for thing in (lay.deck, lay.discard, lay.hand_pot, lay.sabacc_pot, lay.bar):
        assert not box.colliderect(thing)
    assert not any(box.colliderect(place.plate) for place in lay.seats)
    assert not any(box.colliderect(place) for place in table.felt_extras.seated.values())
    assert any("“" in line for line, _ in table.log.lines)  # the greeting, kept
