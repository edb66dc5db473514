"""The journey's end: the champion's scene with rivals and numbers, in every language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.campaign import Campaign
from game.campaign.progress import Rival
from game.campaign.venues import VENUES
from game.scenes.campaign_ending import CampaignEndingScene
from game.scenes.campaign_tournament import TournamentScene
from game.scenes.main_menu import MainMenuScene

pytestmark = pytest.mark.usefixtures("data_home")


def champion(tmp_path: Path) -> Campaign:
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    progress = campaign.progress
    progress.venues_cleared = [v.id for v in VENUES[:-1]]
    progress.venue = VENUES[-1].id
    progress.finished = True
    progress.hands_played = 240
    progress.rivals = {
        "tesk": Rival(hands=40, their_wins=12, your_wins=15),
        "ilse": Rival(hands=30, their_wins=14, your_wins=9),
        "mabbet": Rival(hands=10, their_wins=2, your_wins=6),
        "odile": Rival(hands=5, their_wins=1, your_wins=2),
    }
    return campaign


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
def test_the_ending_shows_rivals_and_numbers(
    make_app: Callable[..., App], tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    app = make_app(size, lang)
    scene = CampaignEndingScene(app, champion(tmp_path))
    app.push(scene)
    app.step(0.016)
    assert [cid for cid, _, _ in scene.rivals()] == ["tesk", "ilse", "mabbet"]
    assert len(scene.stat_lines()) == 5


def test_winning_the_final_leads_to_the_ending(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app()
    app.push(MainMenuScene(app))
    campaign = champion(tmp_path)
    board = TournamentScene(app, campaign, "won")
    app.push(board)
    app.step(0.016)
    board.next.on_press()
    assert isinstance(app.top, CampaignEndingScene)
    app.top.done.on_press()
    assert isinstance(app.top, MainMenuScene)
