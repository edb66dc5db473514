"""Rivals remember the last time they met the player: who won, by how much, and how;
the memory rides in the campaign save (older saves carry over without one)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game import i18n
from game.campaign import Campaign
from game.campaign.memory import greetings, memory_line, record_hand
from game.campaign.progress import CampaignProgress, Meeting
from game.campaign.tournament import PLAYER, Tournament
from game.campaign.voices import Moment
from game.rules import sabacc_events as ev

DATA = Path(__file__).resolve().parents[1] / "data" / "v0.1.0"


def test_a_sitting_is_remembered_hand_by_hand() -> None:
    progress = CampaignProgress(sittings=1)
    seats = [PLAYER, "mabbet", "tesk"]
    record_hand(progress, "brinewater", seats, [20, 20, 20], [32, 14, 14], [PLAYER])
    record_hand(progress, "brinewater", seats, [32, 14, 14], [27, 19, 14], ["mabbet"])
    tesk = progress.meetings["tesk"]
    assert (tesk.venue, tesk.your_wins, tesk.their_wins, tesk.your_net, tesk.their_net) == (
        "brinewater",
        1,
        0,
        7,
        -6,
    )
    assert progress.meetings["mabbet"].their_wins == 1
    # A Pure Sabacc is how the player is remembered.
    pure = [ev.HandRevealed(0, ("15c", "8f"), "pure-sabacc", 23)]
    record_hand(progress, "brinewater", seats, [27, 19, 14], [40, 12, 8], [PLAYER], pure)
    assert progress.meetings["tesk"].how == "pure"
    # The next sitting starts a new memory.
    progress.sittings = 2
    record_hand(progress, "brinewater", seats, [20, 20, 20], [15, 25, 20], ["mabbet"])
    assert progress.meetings["mabbet"] == Meeting("brinewater", 2, 0, 1, -5, 5, "")


@pytest.mark.parametrize(
    ("meeting", "key", "words"),
    [
        (Meeting("lantern-hall", 1, 5, 2, 40, -25), "memory.you_won.1",
         "At The Lantern Hall you won 5 hands to my 2. Not this time."),
        (Meeting("lantern-hall", 2, 5, 2, 40, -25), "memory.you_won.2",
         "I remember The Lantern Hall: you left 40 chips up on me."),
        (Meeting("brinewater", 1, 1, 4, -30, 22), "memory.they_won.1",
         "At Brinewater Cantina I took 4 hands to your 1. Shall we go again?"),
        (Meeting("brinewater", 1, 2, 2, 0, 0), "memory.even.2",
         "We split it at Brinewater Cantina. Not again."),
        (Meeting("glasswater", 3, 1, 1, -12, 5, "bomb"), "memory.bomb",
         "At Glasswater Casino you bombed out. I haven't forgotten."),
    ],
)  # fmt: skip
def test_what_a_rival_says_of_the_last_meeting(meeting: Meeting, key: str, words: str) -> None:
    from game.campaign.voices import line_words

    said, params = memory_line(meeting)
    assert said == key
    assert line_words(said, params) == words
    i18n.set_language("ja")
    assert "{" not in line_words(said, params)


def test_rivals_greet_with_their_memory_and_the_final_with_its_own_word() -> None:
    progress = CampaignProgress(venue="glasswater", sittings=4)
    progress.meetings = {
        "tesk": Meeting("brinewater", 1, 6, 2, 60, -40),
        "corvin": Meeting("glasswater", 4, 1, 0, 5, -5),  # this very sitting: not "last time"
    }
    lines, opening = greetings(progress, [PLAYER, "corvin", "tesk"])
    assert opening is None
    assert [(seat, key) for seat, key, _ in lines] == [(2, "memory.you_won.1")]
    progress.tournament = Tournament.new(3)
    progress.tournament.round = 1
    assert greetings(progress, [PLAYER, "tesk"]) == ([], Moment.FINAL_TABLE)


def test_memories_are_saved_and_older_saves_carry_over_without_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress = CampaignProgress()
    progress.meetings["tesk"] = Meeting("brinewater", 1, 3, 1, 12, -8, "pure")
    again = CampaignProgress.from_json(json.loads(json.dumps(progress.to_json())))
    assert again.meetings == progress.meetings
    # The 0.1.0 campaign: its progress whole, no memories yet, and a hand played on
    # through it is remembered and saved.
    shutil.copytree(DATA / "data", tmp_path / "data")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "data" / "sabacc-parlor" / "saves" / "campaign.json"
    raw = json.loads(path.read_text("utf-8"))["campaign"]
    assert "meetings" not in raw
    campaign = Campaign.load(data_directory=tmp_path / "stats")
    assert campaign.progress.meetings == {}
    assert campaign.progress.hands_played == raw["hands_played"]
    assert {
        k: [r.hands, r.their_wins, r.your_wins] for k, r in campaign.progress.rivals.items()
    } == raw["rivals"]
    session = campaign.session
    assert session is not None
    for _ in range(3000):
        campaign.step(session.suggest() if session.to_act() == 0 else None)
        if campaign.progress.hands_played > raw["hands_played"]:
            break
    assert set(campaign.progress.meetings) == set(session.opponents)
    saved = json.loads(path.read_text("utf-8"))["campaign"]["meetings"]
    assert set(saved) == set(session.opponents)
