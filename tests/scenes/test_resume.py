"""Saving and resuming through the real tables: quick play killed mid-hand resumes with
exactly the same events and chips, the campaign plays at the real tables, every hand's
end is counted in the statistics and kept in the hand history (replayed with the
table's own animations), the Sabacc table honours the accessibility settings, and log
lines about the player read in the second person."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ai
from game import i18n
from game.app import App
from game.campaign import CHARACTERS, Campaign
from game.rules.base import Event
from game.scenes import brag_table, ninehalf_table, sabacc_table
from game.scenes import table_common as tc
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_table import CampaignTableScene, make_campaign_table
from game.scenes.history import make_replay
from game.scenes.kit import text as kt
from game.scenes.main_menu import MainMenuScene
from game.scenes.quick_play import resume_quick_play
from game.scenes.table import QuickPlayConfig
from game.storage import history, stats
from game.storage.saves import QUICK_PLAY, SaveSlot
from game.ui import cards

ROOT = Path(__file__).resolve().parents[2]
MODULES = {"sabacc": sabacc_table, "brag": brag_table, "ninehalf": ninehalf_table}


pytestmark = pytest.mark.usefixtures("data_home")


def instant_app(make_app: Callable[..., App]) -> App:
    app = make_app((1024, 640))
    app.settings.animation_speed = "instant"  # every animation completes at once
    return app


def players_turn(table: Any) -> bool:
    if isinstance(table, sabacc_table.SabaccTable):
        return table.mode == "human" and not table.queue.busy
    return bool(
        table.idle()
        and (table.state.to_act() == 0 or getattr(getattr(table, "anim", None), "hold", False))
    )


def act(table: Any, decision: int) -> None:
    """The player's move through the table's own handlers: a fixed easy player, seeded
    by the decision number, so two runs choose alike."""
    if getattr(getattr(table, "anim", None), "hold", False):
        table.inputs.continue_after_reveal()
        return
    game = table.driver.game
    chooser = ai.make_player(game, "easy")
    action = chooser.choose(
        table.state.view(0), table.state.legal_actions(), random.Random(decision)
    )
    if game == "sabacc":
        assert table.submit(action)
    elif game == "brag":
        table.apply_human(action)
    else:
        table.human_acts(action)


def play_hand(app: App, table: Any, stop_before: int | None = None) -> int:
    """Play until the first hand ends (or until the player's ``stop_before``-th move)."""
    decisions = 0
    for _ in range(3000):
        if table.driver.hands_done:
            return decisions
        if players_turn(table):
            if decisions == stop_before:
                return decisions
            act(table, decisions)
            decisions += 1
        app.step(1 / 60)
    raise AssertionError("the hand never ended")


def open_quick(app: App, game: str) -> Any:
    opponents = ("easy",) * (3 if game == "ninehalf" else 2)
    config = QuickPlayConfig(game=game, opponents=opponents, seed=5, starting_chips=40)
    table = MODULES[game].create(app, config)
    app.push(table)
    return table


@pytest.mark.parametrize("game", ["sabacc", "brag", "ninehalf"])
def test_quick_play_killed_mid_hand_resumes_with_the_same_events_and_chips(
    make_app: Callable[..., App], game: str
) -> None:
    app = instant_app(make_app)
    table = open_quick(app, game)
    play_hand(app, table, stop_before=1)
    SaveSlot(QUICK_PLAY).flush()  # the autosave's writer thread has landed it
    slot_path = SaveSlot(QUICK_PLAY).path
    # The process "dies" here: what is on disk is all a new start has.
    saved = slot_path.read_text(encoding="utf-8")
    assert json.loads(saved)["table"]["hand"]["moves"], "the save is mid-hand"
    play_hand(app, table)
    uninterrupted, chips = table.driver.last_hand, list(table.state.chips)
    kept = history.load(game)[-1]
    hand_start, start_view, hand_record = kept.chips, kept.view(), kept.record
    assert hand_record is not None
    app.close()

    slot_path.write_text(saved, encoding="utf-8")
    app = instant_app(make_app)
    menu = MainMenuScene(app)
    app.push(menu)
    assert menu.buttons[0].button.text == "Resume quick play"
    resumed = resume_quick_play(app)
    assert resumed is not None and type(resumed) is type(table)
    app.push(resumed)
    play_hand(app, resumed)
    assert resumed.driver.last_hand == uninterrupted
    assert list(resumed.state.chips) == chips
    # The history shows the stacks as the hand began, not as they were at the resume.
    again = history.load(game)[-1]
    assert again.chips == hand_start
    assert again.view() == start_view is not None
    # The hand cut in two is kept as one record, the same as played without the stop.
    assert again.record == {**hand_record, "played_at": again.record["played_at"]}


def test_leaving_the_table_deletes_the_save_and_the_menu_drops_resume(
    make_app: Callable[..., App],
) -> None:
    app = instant_app(make_app)
    menu = MainMenuScene(app)
    app.push(menu)
    assert menu.buttons[0].button.text == "Quick play"
    table = open_quick(app, "sabacc")
    play_hand(app, table, stop_before=0)
    assert SaveSlot(QUICK_PLAY).exists()
    table.leave_table()  # the results screen replaces the table
    assert not SaveSlot(QUICK_PLAY).exists()
    app.pop()
    assert app.top is menu and menu.buttons[0].button.text == "Quick play"


def test_hand_end_is_counted_kept_in_history_and_replayed_on_the_table(
    make_app: Callable[..., App],
) -> None:
    app = instant_app(make_app)
    table = open_quick(app, "sabacc")
    play_hand(app, table)
    played: list[Event] = table.driver.last_hand
    book = stats.load_stats()
    assert book.games["sabacc"].hands_played == 1
    won = 0 in next(e for e in played if e.kind == "HandEnded").winners  # type: ignore[attr-defined]
    assert book.games["sabacc"].hands_won == int(won)
    (record,) = history.load("sabacc")
    assert record.label == "Quick play" and record.seats == table.driver.names
    assert record.chips == [40, 40, 40] and record.preset == "classic"
    assert record.events() == [e.for_seat(0) for e in played]

    replay = make_replay(app, record)
    assert isinstance(replay, sabacc_table.SabaccTable) and replay.name == "sabacc-replay"
    app.push(replay)
    for _ in record.events():
        replay.director.step_forward()
        app.step(1 / 60)
    final = table.anim.model.seats
    assert [c.code for c in replay.anim.model.seats[0].cards] == [c.code for c in final[0].cards]
    assert [s.chips for s in replay.anim.model.seats] == list(table.state.chips)
    replay.director.step_back()
    assert replay.director.shown == len(played) - 1


@pytest.mark.parametrize(
    ("venue", "kind"),
    [
        ("brinewater", sabacc_table.SabaccTable),
        ("lantern-hall", brag_table.BragTable),
        ("orchid-terrace", ninehalf_table.NineHalfTable),
    ],
)
def test_campaign_plays_a_hand_at_the_real_table(
    make_app: Callable[..., App], tmp_path: Path, venue: str, kind: type
) -> None:
    app = instant_app(make_app)
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = venue
    campaign.progress.credits = 500
    app.push(CampaignScene(app, campaign))
    table = make_campaign_table(app, campaign)
    assert type(table) is kind and not isinstance(table, CampaignTableScene)
    app.push(table)
    session = campaign.session
    assert session is not None
    # The venue's characters, its buy-in and its house rules are at the table.
    assert table.driver.names[1:] == [CHARACTERS[s].name for s in session.opponents]
    assert list(table.state.chips) == [session.venue.buy_in] * len(session.seat_ids)
    assert table.state.options == session.venue.options()
    play_hand(app, table)
    assert campaign.progress.hands_played == 1
    # Statistics count a Brag game when it ends (one deal of a first-to-7 game is not
    # a game played); a Sabacc hand or a Nine and a Half deal counts at once.
    counted = 0 if kind is brag_table.BragTable else 1
    assert stats.load_stats(tmp_path).games[session.game].hands_played == counted
    (record,) = history.load(session.game, tmp_path / "history")
    assert record.label == i18n.t(f"venue.{venue}.name")
    table.leave_table()
    assert campaign.session is None and app.top is not table


def test_campaign_autoplay_through_the_real_table_then_status(tmp_path: Path) -> None:
    config = tmp_path / "config" / "sabacc-parlor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text('{"animation_speed": "instant"}', encoding="utf-8")
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    shots = tmp_path / "shots"
    # Seed 3 loses the first sitting's buy-in in two hands: the run must sit down again
    # to play its three hands (a new journey would otherwise take the clock's seed).
    run = [sys.executable, "-m", "game", "--autoplay", "--campaign", "--hands", "3", "--seed", "3"]
    done = subprocess.run(
        [*run, "--headless", "--screenshots", str(shots)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    names = sorted(p.name for p in shots.iterdir())
    assert any("sabacc-table" in n for n in names) and any("reveal" in n for n in names)
    assert not any("campaign-table" in n for n in names)  # not the stand-in
    assert sum("sabacc-table" in n for n in names) == 2  # two sittings
    status = subprocess.run(
        [sys.executable, "-m", "game", "--campaign-status"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    line = json.loads(status.stdout.decode())
    assert line["hands_played"] == 3 and line["venue"] == "brinewater"


def test_sabacc_table_draws_with_the_palette_the_player_chose(
    make_app: Callable[..., App],
) -> None:
    app = instant_app(make_app)
    app.settings.colour_blind = True
    table = open_quick(app, "sabacc")
    play_hand(app, table, stop_before=0)
    assert table.palette_name == "colorblind"
    kt._memo.clear()
    table.painter.draw_still(app.screen)  # the cached table picture, painted afresh
    drawn = [key for key in kt._memo if key[0] is cards.render_sabacc_card]
    # a memo key is (render, code, size, palette, printed value)
    assert drawn and all(key[3] == "colorblind" for key in drawn)
    app.settings.colour_blind = False
    app.settings.high_contrast = True
    table.resume()  # back from Settings
    assert table.palette_name == "high-contrast"
    sizes = {}
    for size in ("small", "large"):
        app.settings.log_text_size = size
        sizes[size] = table.canvas.log_text_px()
    assert sizes["small"] < sizes["large"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["You raise to 7.", "Tesk paid you 4 chips.", "You challenged Wen.", "You stayed."]),
        ("es", ["Subes a 7.", "Tesk te paga 4 fichas.", "Desafías a Wen.", "Te plantas."]),
    ],
)
def test_lines_about_the_player_read_in_the_second_person(lang: str, expected: list[str]) -> None:
    i18n.set_language(lang)
    try:
        you = i18n.t("results.you")
        lines = [
            tc.personal("sabacc.log.raise", you, seat=you, level=7),
            tc.personal("brag.log.paid", you, payer="Tesk", payee=you, count=4),
            tc.personal("nh.log.challenge", you, dealer=you, seat="Wen"),
            tc.personal("nh.log.stay", you, seat=you),
        ]
        assert lines == expected
        # Anyone else keeps the third person.
        assert tc.personal("nh.log.stay", you, seat="Wen") == i18n.t("nh.log.stay", seat="Wen")
    finally:
        i18n.set_language("en")
