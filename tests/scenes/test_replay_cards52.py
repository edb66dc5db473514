"""Hand-history replays of Thirteen Card Brag and Nine and a Half on their own tables.

A real seeded quick-play deal is played through the table (which records it), opened
from the history screen and stepped through with the keys and buttons. At the end the
replay shows what the player saw when the deal ended; a step back sets exactly the
earlier table; a damaged record is reported instead of replayed; and a replay writes no
history, statistics or save.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

import ai
from game.app import App
from game.campaign import Campaign
from game.rules import brag
from game.rules import ninehalf as nh
from game.rules.base import Event
from game.scenes import brag_table, ninehalf_table
from game.scenes.autoplay import AutoplayDriver
from game.scenes.campaign import CampaignScene
from game.scenes.campaign_table import make_campaign_table
from game.scenes.history import HistoryScene, make_replay
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.kit.replay import Replay
from game.scenes.table import QuickPlayConfig
from game.storage import files, history
from game.storage.serialize import encode

GAMES = ["brag", "ninehalf"]
MODULES: dict[str, Any] = {"brag": brag_table, "ninehalf": ninehalf_table}
TABLES: dict[str, type] = {"brag": brag_table.BragTable, "ninehalf": ninehalf_table.NineHalfTable}


def is_replay(scene: Any, game: str) -> bool:
    """``scene`` is ``game``'s ordinary table replaying a hand (``kit.replay.Replay``)."""
    return (
        isinstance(scene, TABLES[game])
        and isinstance(scene.director, Replay)
        and scene.name == f"{game}-replay"
    )


pytestmark = pytest.mark.usefixtures("data_home")


def open_quick(make_app: Callable[..., App], game: str) -> tuple[App, Any]:
    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"  # the same code path, without the waiting
    config = QuickPlayConfig(game=game, opponents=("easy",) * 3, seed=5, starting_chips=40)
    table = MODULES[game].create(app, config)
    app.push(table)
    return app, table


def play_deal(app: App, table: Any) -> None:
    """Play the first deal to its end; the player's moves go through the table's own
    handlers, chosen by an easy player seeded by the move number."""
    moves = 0
    for _ in range(4000):
        if table.driver.hands_done:
            for _ in range(3):
                app.step(1 / 60)
            return
        if table.idle() and table.state.to_act() == 0:
            chooser = ai.make_player(table.game, "easy")
            view, legal = table.state.view(0), table.state.legal_actions()
            action = chooser.choose(view, legal, random.Random(moves))
            if table.game == "brag":
                table.apply_human(action)
            else:
                table.human_acts(action)
            moves += 1
        app.step(1 / 60)
    raise AssertionError("the deal never ended")


def post(app: App, events: list[pygame.event.Event]) -> None:
    for event in events:
        pygame.event.post(event)
    for _ in range(2):  # a button's press reaches the scene a frame after the click
        app.step(1 / 60)


def chips(table: Any) -> list[int]:
    """The stacks the table shows (each table's display model is its ``anim`` role's)."""
    return list(table.anim.chips)


def shown(table: Any) -> tuple[Any, ...]:
    """Everything the table shows of the deal (its display model)."""
    if table.game == "brag":
        return (
            list(table.anim.hand),
            [list(s) for s in table.anim.slots],
            [list(row) for row in table.anim.opp_sets],
            list(table.anim.dealt),
            list(table.anim.column_winner),
            list(table.anim.scores),
            list(table.anim.chips),
            list(table.anim.fouled),
            table.anim.laid,
            table.anim.deal_no,
            table.anim.game_no,
        )
    model = table.anim
    return (
        [model.seat_cards(seat) for seat in range(table.num_seats)],
        list(model.chips),
        list(model.stakes),
        list(model.results),
        list(model.sat_out),
        model.dealer,
        model.limit,
        model.deal_no,
    )


def stakes(table: Any) -> list[int]:
    """The chips staked on the felt (Brag keeps none there)."""
    return list(table.anim.stakes) if table.game == "ninehalf" else []


def open_from_history(app: App, game: str) -> Any:
    screen = HistoryScene(app, game)
    app.push(screen)
    assert len(screen.hand_buttons) == 1
    screen.hand_buttons[0].activate()
    replay = app.top
    assert is_replay(replay, game)
    app.step(1 / 60)
    return replay


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_deal_replays_on_its_table_and_steps_back_exactly(
    make_app: Callable[..., App], game: str
) -> None:
    app, table = open_quick(make_app, game)
    play_deal(app, table)
    (record,) = history.load(game)
    assert record.seats == table.names and record.chips == [40, 40, 40, 40]
    assert record.view() is not None  # the dealer, limit, scores as the deal began
    events = record.events()

    replay = open_from_history(app, game)
    assert replay.names == table.names
    total = len(replay.director.steps)
    assert replay.director.text() == f"Step 0 of {total} · Quick play"
    assert chips(replay) == [40, 40, 40, 40]
    # Every recorded event of the deal plays once, in order (a Brag record also holds
    # the next deal's opening, which belongs to the next replay).
    played = [event for step in replay.director.steps for event in step]
    assert played == events[: len(played)]
    assert all(e.kind == "DealStarted" for e in events[len(played) :])
    assert total < len(played)  # a deal of cards, a hit and its card: one step each

    before: list[tuple[Any, ...]] = [shown(replay)]
    for _ in range(total):
        post(app, press_key(pygame.K_RIGHT))
        before.append(shown(replay))
        # No chip appears or vanishes on the way: stacks plus stakes on the felt.
        on_table = sum(chips(replay)) + sum(stakes(replay))
        assert on_table == 4 * 40, f"step {replay.director.shown}: {on_table} chips on the table"
    post(app, press_key(pygame.K_RIGHT))  # past the end: nothing more happens
    assert replay.director.shown == total
    assert replay.director.text() == f"Step {total} of {total} · Quick play"

    # What the player saw as the deal ended: the same table, the engine's stacks.
    assert shown(replay) == shown(table)
    assert chips(replay) == list(table.state.chips)
    if game == "brag":
        for event in events:
            if isinstance(event, brag.SetRevealed) and event.seat != 0:
                assert replay.anim.opp_sets[event.seat][event.position] == event.cards
            elif isinstance(event, brag.SetRevealed):
                assert replay.anim.slots[event.position] == list(event.cards)
        assert replay.anim.scores == list(table.state.scores)
    else:
        settled = [e for e in events if isinstance(e, nh.ChallengeSettled)]
        assert settled
        for event in settled:
            assert replay.anim.hole[event.seat] == event.hole_card
            assert replay.anim.results[event.seat] == event.amount

    # Previous (the button, then ←) sets the table back exactly as it stood.
    post(app, replay.click_control("previous"))
    assert replay.director.shown == total - 1
    assert shown(replay) == before[total - 1]
    post(app, press_key(pygame.K_LEFT))
    assert shown(replay) == before[total - 2]
    for _ in range(total):
        replay.director.step_back()
    assert replay.director.shown == 0 and shown(replay) == before[0]
    post(app, replay.click_control("next"))
    assert shown(replay) == before[1]
    # Back leaves for the history screen, and the table under it is untouched.
    post(app, replay.click_control("back"))
    assert isinstance(app.top, HistoryScene)


@pytest.mark.parametrize(
    ("venue", "game"), [("lantern-hall", "brag"), ("orchid-terrace", "ninehalf")]
)
def test_a_campaign_deal_replays_with_the_venues_rules_and_characters(
    make_app: Callable[..., App], tmp_path: Path, venue: str, game: str
) -> None:
    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = venue
    campaign.progress.credits = 500
    app.push(CampaignScene(app, campaign))
    table = make_campaign_table(app, campaign)
    app.push(table)
    play_deal(app, table)
    (record,) = history.load(game, tmp_path / "history")
    replay = make_replay(app, record)
    assert is_replay(replay, game)
    app.push(replay)
    assert replay.names == table.names  # the venue's characters
    if game == "brag":
        assert replay.state.options == table.state.options  # the venue's house rules
    for _ in replay.director.steps:
        replay.director.step_forward()
        app.step(1 / 60)
    assert shown(replay) == shown(table)
    assert chips(replay) == list(table.state.chips)


def test_brag_deal_of_cards_is_one_step_with_the_players_own_hand_face_up(
    make_app: Callable[..., App],
) -> None:
    app, table = open_quick(make_app, "brag")
    play_deal(app, table)
    (record,) = history.load("brag")
    dealt = [e for e in record.events() if isinstance(e, brag.CardDealt)]
    assert len(dealt) == 52
    replay = make_replay(app, record)
    assert is_replay(replay, "brag")
    app.push(replay)
    replay.director.step_forward()
    app.step(1 / 60)
    mine = {e.card for e in dealt if e.seat == 0}
    assert len(mine) == 13 and set(replay.anim.hand) == mine
    assert replay.anim.dealt[1:] == [13, 13, 13]  # face down in front of each opponent
    assert all(e.card is None for e in dealt if e.seat != 0)  # never known, never shown


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_writes_no_history_statistics_or_save(
    make_app: Callable[..., App], data_home: Path, game: str
) -> None:
    from game.storage.files import flush_writes

    app, table = open_quick(make_app, game)
    play_deal(app, table)
    # Every background write has landed, the history's too (not only the autosave's:
    # the writer makes their JSON, so the history may still be being written).
    flush_writes()
    files = {p: p.read_bytes() for p in data_home.rglob("*") if p.is_file()}
    assert any("history" in p.parts for p in files) and any("quickplay" in p.name for p in files)
    (record,) = history.load(game)
    replay = make_replay(app, record)
    assert replay is not None
    app.push(replay)
    for _ in replay.director.steps:
        replay.director.step_forward()
        app.step(1 / 60)
    replay.director.step_back()
    post(app, press_key(pygame.K_ESCAPE))  # Esc leaves, as Back does
    assert app.top is table
    flush_writes()
    assert {p: p.read_bytes() for p in data_home.rglob("*") if p.is_file()} == files


def engine_record(game: str) -> history.HandRecord:
    """One deal played on the engine alone by easy players and recorded as a table
    records it (fast: for the tests that damage the record)."""
    from game.rules.base import CHANCE, resolve_chance

    rng = random.Random(2)
    module: Any = brag if game == "brag" else nh
    state = module.new_game(4, chips=40, dealer=1)
    start = state.view(0)
    bots = [ai.make_player(game, "easy") for _ in range(4)]
    events: list[Event] = []
    while not any(e.kind == "DealEnded" for e in events):
        actor = state.to_act()
        if actor == CHANCE:
            events += resolve_chance(state, rng)
        else:
            action = bots[actor].choose(state.view(actor), state.legal_actions(), rng)
            events += state.apply(action)
    names = ["You", "Ada", "Bo", "Cy"]
    return history.record(game, events, 0, "Quick play", names, chips=[40] * 4, start_view=start)


def damage(record: history.HandRecord, how: str, game: str) -> None:
    if how == "event":
        record.encoded_events[2] = {"$dc": "os:system", "fields": {}}
    elif how == "seat":
        stray = brag.HandKept(seat=7) if game == "brag" else nh.Stayed(seat=7)
        record.encoded_events.insert(1, encode(stray))
    elif how == "card":
        bogus = (
            brag.CardDealt(seat=0, slot=0, card="1X")
            if game == "brag"
            else nh.UpCardDealt(seat=0, card="1X", face_up_total=1.0)
        )
        record.encoded_events.insert(1, encode(bogus))
    elif how == "view":
        other = nh.new_game(4) if game == "brag" else brag.new_game(4)
        record.start_view = encode(other.view(0))
    else:
        record.start_view = {"$dc": "game.rules.brag:BragView", "fields": {"seat": "x"}}


@pytest.mark.parametrize("how", ["event", "seat", "card", "view", "garbled-view"])
@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_record_is_reported_not_replayed(
    make_app: Callable[..., App], game: str, how: str
) -> None:
    app = make_app()
    record = engine_record(game)
    damage(record, how, game)
    assert make_replay(app, record) is None
    assert any(text.startswith("This hand's record is damaged") for text, _ in app.notices)
    app.step(1 / 60)  # and the app goes on


@pytest.mark.parametrize("game", GAMES)
def test_a_record_kept_before_start_views_still_replays(
    make_app: Callable[..., App], data_home: Path, game: str
) -> None:
    app, table = open_quick(make_app, game)
    play_deal(app, table)
    path = data_home / "sabacc-parlor" / "history" / f"{game}.json"
    files.flush_writes()  # the history is written in the background
    (kept,) = history.load(game)
    # The same deal as a hand was kept before records and start views existed (its
    # events as the player saw them).
    path.unlink()
    history.record(
        game,
        kept.events(),
        0,
        kept.label,
        kept.seats,
        chips=kept.chips,
        chips_after=kept.chips_after,
    )
    files.flush_writes()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "format" not in data["hands"][0] and data["hands"][0]["start_view"] is None
    (record,) = history.load(game)
    assert record.start_view is None and record.record is None
    replay = make_replay(app, record)
    assert is_replay(replay, game)
    app.push(replay)
    for _ in replay.director.steps:
        replay.director.step_forward()
        app.step(1 / 60)
    assert chips(replay) == list(table.state.chips)
    if game == "ninehalf":
        # The dealer and limit come from the events that show them.
        model, live = replay.anim, table.anim
        assert (model.dealer, model.limit, model.deal_no) == (live.dealer, live.limit, 1)
    else:
        assert replay.anim.scores == table.anim.scores


@pytest.mark.parametrize("game", GAMES)
def test_autoplay_steps_the_replay_to_its_end_and_takes_its_picture(
    make_app: Callable[..., App], tmp_path: Path, game: str
) -> None:
    app = make_app()
    record = engine_record(game)
    app.options.autoplay = True
    app.options.screenshots = tmp_path / "shots"
    app.frame_hooks.append(AutoplayDriver(app))
    replay = make_replay(app, record)
    assert replay is not None
    app.push(HistoryScene(app, game))
    app.push(replay)
    for _ in range(3000):
        if app.top is not replay:
            break
        app.step(1 / 60)
    assert app.top is not replay and replay.director.shown == len(replay.director.steps)
    assert any(p.name.endswith(f"{game}-replay-end.png") for p in app.options.screenshots.iterdir())


def test_the_replay_keeps_its_buttons_while_a_step_animates(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.settings.animation_speed = "normal"
    record = engine_record("ninehalf")
    replay = make_replay(app, record)
    assert replay is not None
    app.push(replay)
    app.step(1 / 60)
    for _ in range(4):  # a quick reader: each press finishes the step before it
        post(app, left_click(replay.widgets["next"].get_abs_rect().center))
    assert replay.director.shown == 4
    assert replay.queue.busy and set(replay.widgets) == {"previous", "next", "play", "back"}


def test_names_the_game_gave_follow_the_language_of_the_replay() -> None:
    """A hand played in English and replayed in Spanish shows "Tú" and "Rival 2", not
    "You" and "Opponent 2"; a character's own name and an unknown label stay."""
    from game import i18n
    from game.scenes.history import shown_label, shown_names
    from game.storage.history import HandRecord

    record = HandRecord(
        "brag", 0, "2026-11-21T10:00:00", "Quick play", ["You", "Opponent 2", "Kessa Vrin"]
    )
    try:
        i18n.set_language("es")
        assert shown_names(record) == ["Tú", i18n.t("quick.opponent", number=2), "Kessa Vrin"]
        assert shown_label(record) == i18n.t("history.quick_play") != "Quick play"
        i18n.set_language("ja")
        jp = HandRecord("brag", 0, "2026-11-21T10:00:00", "Somewhere", ["Tú", "Rival 12"])
        assert shown_names(jp) == [i18n.t("campaign.you"), i18n.t("quick.opponent", number=12)]
        assert shown_label(jp) == "Somewhere"
    finally:
        i18n.set_language("en")
