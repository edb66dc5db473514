"""The campaign: money rules, loans, retries, the tournament, and progress surviving restarts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.campaign import VENUES, Campaign, CampaignError, CampaignProgress, campaign_status
from game.campaign.session import VenueSession
from game.campaign.tournament import PLAYER, Tournament, simulate_table
from game.storage import files
from game.storage.saves import SaveFormatError


def play_hands(campaign: Campaign, hands: int) -> None:
    session = campaign.session or campaign.sit_down()
    target = campaign.progress.hands_played + hands
    while campaign.progress.hands_played < target and not session.over():
        campaign.step(session.suggest() if session.player_to_act() else None)


def test_buy_in_and_cash_out_move_credits_between_purse_and_table() -> None:
    progress = CampaignProgress()
    assert progress.sit_down() == 20
    assert (progress.credits, progress.at_table, progress.bankroll) == (80, 20, 100)
    progress.after_hand(35, ["mabbet", "tesk"], [PLAYER], True)
    assert progress.hands_played == 1 and progress.at_table == 35
    assert progress.rivals["mabbet"].hands == 1 and progress.rivals["mabbet"].your_wins == 1
    assert progress.stand_up() == 35
    assert (progress.credits, progress.at_table) == (115, 0)
    with pytest.raises(CampaignError):
        progress.move_on()  # 115 < goal 150


def test_moving_on_repays_the_debt_and_unlocks_the_next_rules() -> None:
    progress = CampaignProgress(credits=10, arrival_credits=10)
    assert progress.broke() and progress.can_borrow()
    assert progress.loan_offer() == (40, 50)
    assert progress.take_loan() == 40
    assert (progress.credits, progress.debt) == (50, 50)
    with pytest.raises(CampaignError):
        progress.take_loan()  # one loan at a time
    progress.credits = 199
    assert not progress.cleared()  # net worth 149 < 150
    progress.credits = 200
    following = progress.move_on()
    assert following.id == "lantern-hall" and following.game == "brag"
    assert (progress.credits, progress.debt) == (150, 0)
    assert progress.venues_cleared == ["brinewater"]
    assert progress.unlocked == ["sabacc:classic", "brag"]
    assert (progress.arrival_credits, progress.arrival_debt) == (150, 0)


def test_retry_restores_the_purse_the_player_arrived_with() -> None:
    progress = CampaignProgress(credits=5, arrival_credits=100, debt=50, arrival_debt=0)
    progress.retry_venue()
    assert (progress.credits, progress.debt) == (100, 0)


def test_progress_json_round_trips_and_is_strict() -> None:
    progress = CampaignProgress(seed=3, credits=77, venue="glasswater", hands_played=9)
    progress.after_hand(0, ["corvin"], ["corvin"], False)
    progress.tournament = Tournament.new(4)
    data = json.loads(json.dumps(progress.to_json()))
    again = CampaignProgress.from_json(data)
    assert again.to_json() == progress.to_json()
    for key, bad in [("credits", "77"), ("venue", "atlantis"), ("finished", 1), ("rivals", [])]:
        broken = dict(data, **{key: bad})
        with pytest.raises(SaveFormatError):
            CampaignProgress.from_json(broken)
    missing = dict(data)
    del missing["hands_played"]
    with pytest.raises(SaveFormatError, match="hands_played"):
        CampaignProgress.from_json(missing)


def test_every_venue_builds_its_engine_with_its_house_rules() -> None:
    for venue in VENUES:
        session = VenueSession.start(venue.id, venue.buy_in, seed=1)
        assert session.state.num_seats == 1 + len(venue.characters)
        assert session.state.chips == [venue.buy_in] * session.state.num_seats
    glasswater = next(v for v in VENUES if v.id == "glasswater").options()
    assert glasswater.zero_hands and glasswater.bombout_penalty


def test_progress_survives_restarts(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    campaign = Campaign.load(saves, seed=11, data_directory=tmp_path)
    assert campaign_status(saves) == {
        "venue": "brinewater",
        "venues_cleared": 0,
        "credits": 100,
        "hands_played": 0,
        "unlocked": [],
        "achievements": 0,
    }
    play_hands(campaign, 2)
    status = campaign_status(saves)
    assert status["hands_played"] == 2
    assert status["credits"] == campaign.progress.bankroll
    again = Campaign.load(saves, data_directory=tmp_path)
    assert again.progress.to_json() == campaign.progress.to_json()
    assert again.session is not None  # still seated at the table
    assert again.session.stacks() == campaign.session.stacks()  # type: ignore[union-attr]
    files.flush_writes()  # statistics and history are written in the background
    stats_file = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert stats_file["games"]["sabacc"]["hands_played"] == 2
    # Clearing venues unlocks their rewards; earned achievements are counted.
    from game.campaign.rewards import AchievementBook, HandFacts, achievements_slot, save_book

    again.progress.venues_cleared = ["brinewater", "lantern-hall"]
    again.save()
    book = AchievementBook()
    book.record(HandFacts("sabacc", player_won=True, hand_kind="idiots-array"))
    save_book(achievements_slot(directory=saves), book)
    status = campaign_status(saves)
    assert status["unlocked"] == ["back-brinewater", "felt-lantern"]
    assert status["achievements"] == 2
    assert len(stats_file["bankroll"]) == 2
    history_file = json.loads((tmp_path / "history" / "sabacc.json").read_text(encoding="utf-8"))
    assert len(history_file["hands"]) == 2


def test_a_killed_game_resumes_mid_hand_exactly(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    campaign = Campaign.load(saves, seed=21, data_directory=tmp_path)
    session = campaign.sit_down()
    # Play into the middle of the first hand, stopping where the player must act.
    while not (session.player_to_act() and session.state.actions_taken > 3):
        campaign.step(session.suggest() if session.player_to_act() else None)
    # "Kill" the process: a new Campaign from disk, and the original carrying on.
    resumed = Campaign.load(saves, data_directory=tmp_path / "other")
    assert resumed.session is not None
    original_events, resumed_events = [], []
    for _ in range(300):
        for game, log in ((campaign, original_events), (resumed, resumed_events)):
            s = game.session
            assert s is not None
            if not s.over():
                log.extend(
                    e.to_dict() for e in game.step(s.suggest() if s.player_to_act() else None)
                )
    assert resumed_events == original_events and len(original_events) > 50
    assert resumed.progress.to_json() == campaign.progress.to_json()
    # The history of the hand that was cut in two shows its real start in both.
    from game.storage import history

    first = history.load("sabacc", tmp_path / "history")[0]
    again = history.load("sabacc", tmp_path / "other" / "history")[0]
    assert again.record == {**first.record, "played_at": again.record["played_at"]}
    assert again.view() == first.view() and first.chips != [0] * len(first.chips)


def test_campaign_status_is_empty_without_a_save_and_never_touches_a_bad_one(
    tmp_path: Path,
) -> None:
    assert campaign_status(tmp_path) == {}
    (tmp_path / "campaign.json").write_text("{ garbage", encoding="utf-8")
    assert campaign_status(tmp_path) == {}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json"]


def test_a_bad_save_starts_a_new_journey_and_tells_the_player(tmp_path: Path) -> None:
    (tmp_path / "campaign.json").write_text('{"schema_version": 1, "kind": "campaign"}', "utf-8")
    told: list[str] = []
    campaign = Campaign.load(tmp_path, told.append, seed=1, data_directory=tmp_path)
    assert campaign.progress.venue == "brinewater" and campaign.progress.hands_played == 0
    assert len(told) == 1 and "moved to campaign.json.corrupt-" in told[0]
    assert any(p.name.startswith("campaign.json.corrupt-") for p in tmp_path.iterdir())


@pytest.fixture
def short_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # The other tables are played by the real bots: two hands a round keep the test quick.
    from game.campaign import tournament

    monkeypatch.setattr(tournament, "ROUND_HANDS", (2, 2))


@pytest.mark.usefixtures("short_rounds")
def test_tournament_seats_twelve_and_the_final_decides_the_champion() -> None:
    tournament = Tournament.new(9)
    entrants = [e for table in tournament.tables for e in table]
    assert len(entrants) == len(set(entrants)) == 12 and PLAYER in entrants
    assert {"ilse", "tobias", "amaru"} <= set(entrants)
    table = tournament.player_table()
    assert table[0] == PLAYER
    # The player takes every chip at their table: they reach the final table of six.
    tournament.finish_round({e: (400 if e == PLAYER else 0) for e in table})
    assert tournament.round == 1 and not tournament.eliminated
    assert len(tournament.tables[0]) == 6 and PLAYER in tournament.tables[0]
    final = tournament.player_table()
    tournament.finish_round({e: (600 if e == PLAYER else 0) for e in final})
    assert tournament.winner == PLAYER and not tournament.in_play


@pytest.mark.usefixtures("short_rounds")
def test_a_player_with_no_chips_is_knocked_out_of_the_tournament() -> None:
    tournament = Tournament.new(2)
    table = tournament.player_table()
    tournament.finish_round({e: (0 if e == PLAYER else 100) for e in table})
    assert tournament.eliminated and not tournament.in_play


def test_simulated_tables_conserve_chips_and_repeat_with_the_seed() -> None:
    entrants = ["ilse", "mabbet", "tesk", "odile"]
    first = simulate_table(entrants, 3, seed=3)
    assert first == simulate_table(entrants, 3, seed=3)
    assert sum(first.values()) <= 400 and sum(first.values()) >= 390  # pots of an unfinished hand


def test_cli_autoplay_plays_on_in_the_campaign_and_status_shows_it(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "c"),
        "XDG_DATA_HOME": str(tmp_path / "d"),
    }

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "game", *args],
            capture_output=True,
            text=True,
            timeout=180,
            cwd=root,
            env=env,
        )

    # Instant animations: this test is about saving progress, not drawing it.
    (tmp_path / "c" / "sabacc-parlor").mkdir(parents=True)
    (tmp_path / "c" / "sabacc-parlor" / "settings.json").write_text(
        '{"animation_speed": "instant"}', encoding="utf-8"
    )
    assert json.loads(run("--campaign-status").stdout) == {}
    played = run("--autoplay", "--campaign", "--hands", "2", "--headless", "--seed", "5")
    assert played.returncode == 0, played.stderr
    status = run("--campaign-status")
    assert status.stdout.count("\n") == 1
    data = json.loads(status.stdout)
    assert data["venue"] == "brinewater" and data["hands_played"] == 2
    assert set(data) == {
        "venue",
        "venues_cleared",
        "credits",
        "hands_played",
        "unlocked",
        "achievements",
    }
    again = run("--autoplay", "--campaign", "--hands", "1", "--headless")
    assert again.returncode == 0, again.stderr
    assert json.loads(run("--campaign-status").stdout)["hands_played"] == 3
