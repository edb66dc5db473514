"""The journey's story: an opening when a new journey starts (once), the final table,
and the ending; the ``--finale`` route plays a fresh journey's last venue through."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App, AppOptions
from game.campaign import Campaign, tournament
from game.campaign.venues import VENUES
from game.scenes.autoplay import AutoplayDriver
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_ending import CampaignEndingScene
from game.scenes.campaign_opening import PAGES, CampaignOpeningScene
from game.scenes.main_menu import MainMenuScene

pytestmark = pytest.mark.usefixtures("data_home")


def test_a_new_journey_opens_with_its_story_once(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    menu.campaign()
    opening = app.top
    assert isinstance(opening, CampaignOpeningScene)
    for page in range(len(PAGES)):
        assert opening.page == page
        app.step(0.016)
        opening.next.on_press()
    assert isinstance(app.top, CampaignScene)
    app.pop()
    menu.campaign()  # the same journey again: straight to the map
    assert isinstance(app.top, CampaignScene)


def test_the_opening_can_be_skipped_from_its_first_page(make_app: Callable[..., App]) -> None:
    app = make_app(lang="ja")
    menu = MainMenuScene(app)
    app.push(menu)
    menu.campaign()
    assert isinstance(app.top, CampaignOpeningScene)
    app.step(0.016)
    app.top.skip.on_press()
    assert isinstance(app.top, CampaignScene)
    assert not app.top.campaign.fresh


def test_out_of_credits_shows_only_when_it_applies(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    scene = CampaignScene(app, campaign)
    app.push(scene)
    texts = [item.button.text for item in scene.ring.items]  # type: ignore[attr-defined]
    assert "Out of credits…" not in texts
    campaign.progress.credits = 5
    scene.recreate_ui()
    texts = [item.button.text for item in scene.ring.items]  # type: ignore[attr-defined]
    assert "Out of credits…" in texts


def test_a_lost_final_still_has_its_ending(make_app: Callable[..., App], tmp_path: Path) -> None:
    from game.scenes.campaign_tournament import TournamentScene

    app = make_app(lang="es")
    app.push(MainMenuScene(app))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    board = TournamentScene(app, campaign, "lost")
    app.push(board)
    app.step(0.016)
    board.next.on_press()
    ending = app.top
    assert isinstance(ending, CampaignEndingScene) and not ending.won
    app.step(0.016)
    assert ending.next is not None
    ending.next.on_press()  # the credits
    assert ending.page == 1
    app.step(0.016)
    ending.done.on_press()
    assert isinstance(app.top, MainMenuScene)


def test_the_finale_route_plays_the_last_venue_and_the_ending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One hand a round keeps the route quick; everything else is what players get.
    monkeypatch.setattr(tournament, "ROUND_HANDS", (1, 1))
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"animation_speed": "instant"}), encoding="utf-8")
    saves = tmp_path / "data"
    app = App(
        AppOptions(
            autoplay=True, campaign=True, finale=True, headless=True, settings_file=settings, seed=4
        )
    )
    driver = AutoplayDriver(app)
    app.frame_hooks.append(driver)
    app.push(MainMenuScene(app))
    try:
        for _ in range(20000):
            if not app.running:
                break
            app.step(1 / 60)
    finally:
        app.close()
    assert not app.running and app.exit_code == 0
    seen = driver.visited
    for name in ("campaign-opening", "campaign", "campaign-venue", "campaign-tournament"):
        assert name in seen
    assert "sabacc-table" in seen
    assert seen.index("campaign-ending") > seen.index("sabacc-table")
    progress = Campaign.load(saves / "sabacc-parlor" / "saves").progress
    assert progress.venue == VENUES[-1].id and progress.hands_played >= 1
    assert progress.venues_cleared[: len(VENUES) - 1] == [v.id for v in VENUES[:-1]]


def test_the_rewards_screen_keeps_the_maps_secrets(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import i18n
    from game.scenes import achievements
    from game.scenes.achievements import AchievementsScene, map_known

    assert map_known(set()) == {"brinewater", "lantern-hall"}
    assert map_known({"brinewater", "lantern-hall"}) == {
        "brinewater", "lantern-hall", "orchid-terrace", "glasswater"
    }  # fmt: skip
    written: list[str] = []
    real = i18n.t

    def spy(key: str, **params: object) -> str:
        words = real(key, **params)
        written.append(words)
        return words

    monkeypatch.setattr(achievements.i18n, "t", spy)
    app = make_app()
    app.push(AchievementsScene(app, None, ["brinewater"]))
    app.draw(app.screen)
    hidden = [real(f"venue.{v.id}.name") for v in VENUES[3:]]
    assert not [w for w in written for name in hidden if name in w]
    assert "Clear Orchid Terrace to unlock" in written  # the next stop is named


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_venues_regulars_meet_you_face_to_face(
    make_app: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    from game.scenes.campaign_venue import VenueIntroScene

    app = make_app((1280, 720), lang)
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    for venue in VENUES:
        campaign.progress.venue = venue.id
        scene = VenueIntroScene(app, campaign)
        app.push(scene)
        app.step(1 / 60)
        assert scene.face_px >= 200, venue.id
        labels = [label.get_abs_rect() for label in scene.character_labels]
        assert max(r.bottom for r in labels) < scene.sit.button.get_abs_rect().top
        app.pop()


def test_the_board_waits_for_the_other_tables_without_freezing(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standing up from a championship round: the other tables play it out on a
    worker while the board is drawn, then the board shows how the round ended."""
    import time

    from game.scenes.campaign_table import leave
    from game.scenes.campaign_tournament import TournamentScene
    from game.scenes.kit.worker import BackgroundChoice

    monkeypatch.setattr(tournament, "ROUND_HANDS", (1, 1))
    app = make_app()
    app.push(MainMenuScene(app))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.start_at_finale(3)
    campaign.sit_down()
    app.push(CampaignScene(app, campaign))
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    leave(app, campaign)
    board = app.top
    assert isinstance(board, TournamentScene) and board.outcome == "pending"
    frames = 0
    while board.outcome == "pending" and frames < 3000:
        app.step(1 / 60)  # every frame is drawn while the worker plays
        frames += 1
        time.sleep(0.002)
    assert board.outcome in ("round", "lost")
    assert campaign.progress.tournament is None or campaign.progress.tournament.round == 1
    assert "you" in board.last_results  # the board shows how the round ended


def test_the_board_shows_the_decided_round_in_the_frame_it_arrives(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player sitting still while the other tables finish: the frame in which the
    round is decided is drawn, so the board never keeps saying "the other tables play
    out the round" over a round that is over (nor a screenshot of it)."""
    import time
    import types

    from game import app as app_module
    from game.scenes.campaign_table import leave
    from game.scenes.campaign_tournament import TournamentScene
    from game.scenes.kit.worker import BackgroundChoice

    monkeypatch.setattr(tournament, "ROUND_HANDS", (1, 1))
    app = make_app()
    app.push(MainMenuScene(app))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.start_at_finale(3)
    campaign.sit_down()
    app.push(CampaignScene(app, campaign))
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    leave(app, campaign)
    board = app.top
    assert isinstance(board, TournamentScene) and board.outcome == "pending"
    for _ in range(4):
        app.step(1 / 60)  # the waiting board is on the screen
    # The App's clock stands still from here, the player idle for a while: only a
    # change in what the board shows makes a frame.
    still = time.perf_counter()
    monkeypatch.setattr(app_module, "time", types.SimpleNamespace(perf_counter=lambda: still))
    frames = 0
    drew = False
    while board.outcome == "pending" and frames < 3000:
        app._last_activity = still - 60.0
        drew = app.step(1 / 60)
        frames += 1
        time.sleep(0.002)
    assert board.outcome in ("round", "lost")
    assert drew, "the decided round waited for a later frame to be drawn"


def test_a_championship_lost_at_once_still_shows_how_it_ended(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other tables can be done before the board has opened (the final has none to
    play): the board still lists the entrants with their last stacks, never an empty
    board under "Knocked out of the championship"."""
    from game.campaign.session import VenueSession
    from game.scenes.campaign_table import leave
    from game.scenes.campaign_tournament import TournamentScene
    from game.scenes.kit.worker import BackgroundChoice

    monkeypatch.setattr(tournament, "ROUND_HANDS", (1, 1))
    monkeypatch.setattr(BackgroundChoice, "inline", True)  # the worker done at once
    app = make_app()
    app.push(MainMenuScene(app))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.start_at_finale(3)
    campaign.sit_down()
    table = campaign.progress.tournament.player_table()  # type: ignore[union-attr]
    busted = {entrant: 0 if entrant == tournament.PLAYER else 100 for entrant in table}
    monkeypatch.setattr(VenueSession, "stacks", lambda self: dict(busted))
    app.push(CampaignScene(app, campaign))
    leave(app, campaign)
    board = app.top
    assert isinstance(board, TournamentScene)
    for _ in range(3):
        app.step(1 / 60)
    assert board.outcome == "lost"
    assert campaign.progress.tournament is None  # the championship is over
    assert board.last_results.get("you") == 0
    assert len(board.last_results) == tournament.TABLES * tournament.SEATS
