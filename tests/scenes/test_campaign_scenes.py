"""Campaign, statistics and history screens: what the player sees and can press."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from ai import make_player
from game.app import App
from game.campaign import Campaign
from game.rules import sabacc
from game.rules.base import BETWEEN, CHANCE, Event
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_loan import LoanScene
from game.scenes.campaign_table import CampaignTableScene
from game.scenes.history import HistoryScene, ReplayScene, event_cards
from game.scenes.kit.replay import Replay
from game.scenes.main_menu import MainMenuScene
from game.scenes.sabacc_table import SabaccTable
from game.scenes.stats import StatsScene, chart_points
from game.storage import history
from game.storage.stats import StatsBook


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def one_hand() -> list[Event]:
    state = sabacc.new_game(3)
    rng = random.Random(4)
    bots = [make_player("sabacc", "easy") for _ in range(3)]
    events = list(state.start_next())
    while state.to_act() != BETWEEN:
        who = state.to_act()
        if who == CHANCE:
            events.extend(state.sample_chance(rng))
        else:
            events.extend(
                state.apply(bots[who].choose(state.view(who), state.legal_actions(), rng))
            )
    return events


def test_main_menu_offers_campaign_statistics_and_history(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = MainMenuScene(app)
    app.push(menu)
    texts = [item.button.text for item in menu.ring.items]  # type: ignore[attr-defined]
    assert texts[:4] == ["Quick play", "Campaign", "Statistics", "Hand history"]
    assert all(item.enabled for item in menu.ring.items)
    menu.campaign()
    # A new journey: its opening over the map, then the map.
    assert app.top.name == "campaign-opening"
    app.top.skip.on_press()
    assert isinstance(app.top, CampaignScene)


def test_adviser_button_plays_the_players_move_and_hand_end_is_saved(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    app.push(CampaignScene(app, campaign))
    table = CampaignTableScene(app, campaign)
    app.push(table)
    assert campaign.progress.at_table == 20 and campaign.progress.credits == 80
    for _ in range(400):
        table.update(1.0)
        if table.session.player_to_act():
            before = table.session.state.actions_taken
            table.adviser.activate()
            assert table.session.state.actions_taken == before + 1
        if campaign.progress.hands_played:
            break
    assert campaign.progress.hands_played == 1
    # Others' hidden cards never reach the log the player reads.
    assert not any(
        "CardDealt(seat=1" in line and "None" not in line and "?" not in line for line in table.log
    )
    reloaded = Campaign.load(tmp_path / "saves", data_directory=tmp_path)
    assert reloaded.progress.hands_played == 1


def test_leaving_mid_hand_is_refused(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    app.push(CampaignScene(app, campaign))
    table = CampaignTableScene(app, campaign)
    app.push(table)
    table.update(1.0)
    table.leave_table()
    assert app.top is table
    assert campaign.session is not None


def test_broke_player_is_offered_a_loan(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app()
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.credits = 5
    scene = CampaignScene(app, campaign)
    app.push(scene)
    assert scene.broke_button.enabled and not scene.play_button.enabled
    loan = LoanScene(app, campaign)
    app.push(loan)
    loan.items[0].activate()
    assert campaign.progress.credits == 45 and campaign.progress.debt == 50
    assert app.top is scene and scene.play_button.enabled


def test_stats_screen_draws_the_bankroll_chart(make_app: Callable[..., App]) -> None:
    app = make_app()
    book = StatsBook()
    book.bankroll = [100, 80, 140, 120]
    scene = StatsScene(app, book)
    app.push(scene)
    app.draw(app.screen)
    rect = scene.chart_rect(app.screen).inflate(-scene.px(16), -scene.px(16))
    points = chart_points(book.bankroll, rect)
    assert points[0][0] == rect.left and points[-1][0] == rect.right
    assert points[2][1] == rect.top  # the highest bankroll touches the top
    x, y = points[2]
    assert app.screen.get_at((x, y))[:3] == (242, 200, 106)  # the line is drawn there


def test_history_lists_hands_and_the_replay_steps_through_events(
    make_app: Callable[..., App], data_home: Path
) -> None:
    events = one_hand()
    history.record("sabacc", events, 0, "Brinewater Cantina", ["You", "A", "B"])
    app = make_app()
    scene = HistoryScene(app)
    app.push(scene)
    assert len(scene.hand_buttons) == 1
    scene.hand_buttons[0].activate()
    # Sabacc hands replay on the Sabacc table itself, event by event.
    replay = app.top
    assert isinstance(replay, SabaccTable) and isinstance(replay.director, Replay)
    assert replay.name == "sabacc-replay"
    assert [e.kind for e in replay.director.recorded] == [e.kind for e in events]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    app.step(1 / 60)
    assert replay.director.shown == 1
    replay.director.step_back()
    replay.director.step_back()
    assert replay.director.shown == 0
    # Up to the first reveal, the opponents' cards lie face down on the table.
    kinds = [e.kind for e in replay.director.recorded]
    reveal = kinds.index("HandRevealed") if "HandRevealed" in kinds else len(kinds)
    for _ in range(reveal):
        replay.director.step_forward()
    app.draw(app.screen)
    assert len(replay.anim.model.seats[1].cards) >= 2
    assert all(card.code is None for card in replay.anim.model.seats[1].cards)
    assert all(card.code is not None for card in replay.anim.model.seats[0].cards)
    # The plain stepper (for tables without their own replay) keeps others' cards hidden.
    (record,) = history.load("sabacc")
    stepper = ReplayScene(app, record, record.events())
    app.push(stepper)
    stepper.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert stepper.index == 1
    stepper.step_back()
    stepper.step_back()
    assert stepper.index == 0
    app.draw(app.screen)
    dealt = [e for e in stepper.events if e.kind == "CardDealt"]
    theirs = [e for e in dealt if getattr(e, "seat", 0) != 0]
    assert theirs and all(event_cards(e) == [None] for e in theirs)  # kept face down
