"""Every way into a table opens it the same way as quick play (the felt and a shuffling
deck while it is set up over a few frames): a campaign table and a resumed save open
over several frames and then look exactly as the table built at once; a save that no
longer loads takes the opening away and the menu drops Resume."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.campaign import Campaign
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_table import open_campaign_table
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.main_menu import MainMenuScene
from game.scenes.opening import TableOpening
from game.scenes.quick_play import resume_quick_play
from game.storage.saves import QUICK_PLAY, SaveSlot
from tests.scenes.test_resume import instant_app, open_quick, play_hand
from tests.scenes.test_table_opening import _frame, _open

pytestmark = pytest.mark.usefixtures("data_home")


def _campaign(tmp_path: Path, name: str) -> Campaign:
    campaign = Campaign.load(tmp_path / name / "saves", seed=3, data_directory=tmp_path / name)
    campaign.progress.venue = "lantern-hall"
    campaign.progress.credits = 500
    campaign.sit_down()
    return campaign


def test_a_campaign_table_opened_over_several_frames_looks_as_one_built_at_once(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    app = make_app()
    opened_campaign = _campaign(tmp_path, "a")
    menu = CampaignScene(app, opened_campaign)
    app.push(menu)
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    menu.play()  # the player's "Play": a sitting is under way
    table = _open(app, app.top)
    assert app.stack == [menu, table]
    session = opened_campaign.session
    assert session is not None and table.state.options == session.venue.options()
    assert list(table.state.chips) == [session.venue.buy_in] * len(session.seat_ids)
    opened = _frame(app)
    # The same sitting (another campaign from the same seed) built at once, as before.
    monkeypatch.setattr(BackgroundChoice, "inline", True)
    direct = open_campaign_table(app, _campaign(tmp_path, "b"))
    assert type(direct) is type(table)
    app.replace(direct)
    assert _frame(app) == opened


def _saved_mid_hand(make_app: Callable[..., App]) -> tuple[str, list[int], list[int]]:
    """A sabacc quick-play save mid-hand; the save, and the hand's events and chips as
    it ends when played on."""
    app = instant_app(make_app)
    table = open_quick(app, "sabacc")
    play_hand(app, table, stop_before=1)
    SaveSlot(QUICK_PLAY).flush()
    saved = SaveSlot(QUICK_PLAY).path.read_text(encoding="utf-8")
    play_hand(app, table)
    result = (saved, list(table.driver.last_hand), list(table.state.chips))
    app.close()
    return result


def test_a_resumed_table_opened_over_several_frames_plays_on_exactly(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved, last_hand, chips = _saved_mid_hand(make_app)
    path = SaveSlot(QUICK_PLAY).path
    path.write_text(saved, encoding="utf-8")
    app = instant_app(make_app)
    menu = MainMenuScene(app)
    app.push(menu)
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    menu.resume_table()
    table = _open(app, app.top)
    assert app.stack == [menu, table]
    opened = _frame(app)
    # The same save resumed at once, in the frame of the click, as before.
    monkeypatch.setattr(BackgroundChoice, "inline", True)
    path.write_text(saved, encoding="utf-8")
    direct = resume_quick_play(app)
    assert direct is not None and type(direct) is type(table)
    app.replace(direct)
    assert _frame(app) == opened
    # Opened again from the save, it plays the hand on exactly as if never left.
    app.pop()
    path.write_text(saved, encoding="utf-8")
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    menu.resume_table()
    table = _open(app, app.top)
    play_hand(app, table)
    assert list(table.driver.last_hand) == last_hand
    assert list(table.state.chips) == chips


def test_a_save_that_no_longer_loads_takes_the_opening_away(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = SaveSlot(QUICK_PLAY)
    slot.write({"table": {"game": "sabacc", "table": {"config": {"preset": "classic"}}}})
    slot.flush()
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    assert menu.can_resume
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    menu.resume_table()
    opening = app.top
    assert isinstance(opening, TableOpening)
    deadline = time.monotonic() + 60
    while app.top is opening and time.monotonic() < deadline:
        app.step(0.016)
        time.sleep(0.002)
    assert app.stack == [menu]
    assert menu.resume_failed and not menu.can_resume  # Resume quick play is gone
    assert menu.buttons[0].button.text != "Resume quick play"


def test_a_campaign_opening_shows_the_venues_own_felt(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Lantern Hall's felt is its own colour: the opening shows that felt, not the
    quick-play green, so the table does not change colour as it appears."""
    from game.ui.palette import get_palette, scale

    app = make_app()
    campaign = _campaign(tmp_path, "felt")
    monkeypatch.setattr(BackgroundChoice, "inline", False)
    opening = open_campaign_table(app, campaign)
    assert isinstance(opening, TableOpening)
    app.push(opening)
    surface = pygame.Surface(app.size, 0, 32)
    opening.draw(surface)
    venue_felt = get_palette("cantina@lantern-hall").felt
    assert venue_felt != get_palette("cantina").felt
    assert tuple(surface.get_at((5, 5)))[:3] == scale(venue_felt, 0.8)
    table = _open(app, opening)
    assert getattr(table, "palette_name", None) == opening.palette_name
