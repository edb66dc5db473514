"""The journey's screens import what the next click opens while the player reads: the
venue's intro starts importing its table (rules, AI, scene), so taking the seat no
longer spends a frame of 120-170 ms on imports; the map starts the intro's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.campaign import Campaign
from game.scenes import preload

pytestmark = pytest.mark.usefixtures("data_home")


def test_the_venue_intro_warms_its_table_and_the_map_its_intro(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.campaign import CampaignScene
    from game.scenes.campaign_venue import VenueIntroScene

    warmed: list[tuple[str | None, ...]] = []
    monkeypatch.setattr(preload, "_start", lambda key, names: warmed.append(key))
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = "ember-dock"
    CampaignScene(app, campaign)
    assert any("game.scenes.campaign_venue" in key for key in warmed)
    warmed.clear()
    VenueIntroScene(app, campaign)
    assert ("sabacc", "corellian-spike") in warmed
    assert any("game.scenes.campaign_table" in key for key in warmed)
