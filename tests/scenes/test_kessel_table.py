"""The Kessel table played through synthetic input (clicks and keys): what the
player sees, the shift-token target picker, layouts, and autoplay of both presets."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from game import games
from game.app import App
from game.rules import kessel as kg
from game.rules import kessel_events as ev
from game.rules.base import BETWEEN
from game.scenes.kessel_table import KesselTable
from game.scenes.kit.inputs import left_click
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")


def open_table(make_app: Callable[..., App], preset: str = "kessel", size: tuple[int, int] = (1280, 720),
               lang: str = "en", opponents: int = 3, seed: int = 5) -> tuple[App, KesselTable]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game="sabacc", preset=preset, opponents=("easy",) * opponents,
                             starting_chips=6, seed=seed)  # fmt: skip
    table = KesselTable(app, config)
    app.push(table)
    return app, table


def post(app: App, events: list[pygame.event.Event], frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    for _ in range(frames):
        app.step(1 / 60)


def wait_for_turn(app: App, table: KesselTable, limit: int = 3000) -> None:
    for _ in range(limit):
        if table.idle() and table.awaiting_human() and (table.controls or table.inputs.picking()):
            return
        app.step(1 / 60)
    raise AssertionError("the player's turn never came")


def spy_shown(table: KesselTable) -> list[Any]:
    """Every event the table animates (what the player is shown)."""
    shown: list[Any] = []
    animate = table.anim.animate

    def spy(event: Any) -> None:
        shown.append(event)
        animate(event)

    table.anim.animate = spy  # type: ignore[method-assign]
    return shown


def test_the_player_sees_only_their_own_cards_and_tokens(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "kessel-shift")
    shown = spy_shown(table)
    wait_for_turn(app, table)
    assert table.state.phase == kg.PICKING
    post(app, table.click_control("random"))
    post(app, table.click_control("confirm"))
    wait_for_turn(app, table)
    assert table.state.phase == kg.TURN
    engine = table.state
    mine = [kg.kc.code(c) for c in engine.hands[0]]
    assert table.anim.model.hands[0] == mine  # the player's own cards, face up
    for seat in range(1, table.num_seats):
        assert table.anim.model.hands[seat] == [None, None]  # everyone else's face down
        counts = table.anim.model.token_counts
        assert counts[seat] == len(engine.tokens[seat])  # how many, not which
    assert table.anim.model.my_tokens == engine.tokens[0]
    for event in shown:
        seat = getattr(event, "seat", 0)
        if seat == 0:
            continue
        if isinstance(event, ev.CardDealt | ev.DrewFromDeck):
            assert event.card is None, event
        if isinstance(event, ev.TokensChosen):
            assert event.tokens is None or set(event.tokens) == {None}, event
        if isinstance(event, ev.HandReceived):
            assert event.cards is None or None in event.cards, event
    # Nor does the log name a token another seat still holds in secret.
    from game.kessel_text import token_name

    words = " ".join(str(line) for line in table.log.lines)
    for seat in range(1, table.num_seats):
        for token in engine.tokens[seat]:
            if token not in engine.tokens[0] and not any(token in p for p in engine.played):
                assert token_name(token) not in words, token


def test_target_picker_plays_the_chosen_token_on_the_chosen_seat(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app, "kessel-shift", seed=11)
    wait_for_turn(app, table)
    # Tick Target Tariff, Refund and Exhaustion in the picker on the felt, then confirm.
    wanted = ("target-tariff", "refund", "exhaustion")
    for token in wanted:
        post(app, left_click(table.places.picker_rects()[kg.TOKENS.index(token)].center))
    assert sorted(table.inputs.picked) == sorted(wanted)
    post(app, table.click_control("confirm"))
    assert sorted(table.state.tokens[0]) == sorted(wanted)
    wait_for_turn(app, table)
    assert table.state.phase == kg.TURN and table.state.to_act() == 0
    chip = table.places.token_rects_mine[table.anim.model.my_tokens.index("target-tariff")]
    post(app, left_click(chip.center))
    assert table.inputs.targeting == "target-tariff"
    targets = table.inputs.target_seats()
    assert targets and 0 not in targets
    assert set(table.widgets) >= {"target", "cancel"}
    # Cancel steps back without playing anything.
    post(app, table.click_control("cancel"))
    assert table.inputs.targeting is None and "target-tariff" in table.state.tokens[0]
    post(app, left_click(chip.center))
    victim = targets[-1]
    before = list(table.state.chips)
    destroyed = table.state.destroyed
    post(app, left_click(table.places.plates[victim].center))
    wait_for_turn(app, table)
    paid = min(2, before[victim])
    assert table.state.chips[victim] == before[victim] - paid
    assert table.state.destroyed == destroyed + paid
    assert "target-tariff" not in table.state.tokens[0]
    assert [
        s for s in range(table.num_seats) if s != victim and table.state.chips[s] != before[s]
    ] == []
    assert table.anim.model.chips[victim] == table.state.chips[victim]  # the table shows it
    assert "target-tariff" in table.anim.model.round_tokens[0]


def layout_problems(app: App, table: KesselTable) -> list[str]:
    problems = []
    window = pygame.Rect((0, 0), app.size)
    widgets = list(table.widgets.values())
    for a, b in combinations(widgets, 2):
        if a.get_abs_rect().colliderect(b.get_abs_rect()):
            problems.append(f"{a.text!r} overlaps {b.text!r}")
    for widget in widgets:
        rect = widget.get_abs_rect()
        if not window.contains(rect) or rect.colliderect(table.table):
            problems.append(f"{widget.text!r} misplaced at {rect}")
        if isinstance(widget, UIButton | UILabel) and widget.font is not None:
            text_w, _ = widget.font.size(widget.text)
            if text_w > rect.width - 8:
                problems.append(f"{widget.text!r} is cut off ({text_w} > {rect.width})")
    things = (
        list(table.places.plates.values())
        + list(table.places.pods.values())
        + [table.places.centre_box, table.places.human_hand]
    )
    for a, b in combinations(things, 2):
        if a.colliderect(b):
            problems.append(f"overlap: {a} {b}")
    for rect in things + table.places.token_rects_mine:
        if not table.table.contains(rect):
            problems.append(f"{rect} leaves the table {table.table}")
    return problems


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("opponents", [1, 4, 7])
def test_layout_fits(make_app: Callable[..., App], size: tuple[int, int], opponents: int) -> None:
    app, table = open_table(make_app, size=size, opponents=opponents)
    wait_for_turn(app, table)
    assert layout_problems(app, table) == []


@pytest.mark.parametrize("lang", ["ja", "es"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_layout_fits_in_every_language(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app, table = open_table(make_app, size=size, lang=lang, opponents=4)
    wait_for_turn(app, table)
    assert layout_problems(app, table) == []


def test_resize_rebuilds_the_table(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, size=(1920, 1080))
    wait_for_turn(app, table)
    for w, h in ((960, 600), (1920, 1080)):
        assert app.window is not None
        app.window.size = (w, h)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        app.step(1 / 60)
        assert app.size == (w, h)
        assert table.table.right <= w and table.table.bottom <= h
        assert layout_problems(app, table) == []


def test_quick_play_offers_kessel_with_its_own_stocks(make_app: Callable[..., App]) -> None:
    from game.scenes.quick_play import QuickPlayScene

    entry = games.get("sabacc")
    assert {"kessel", "kessel-shift"} <= set(entry.table_preset_names)
    assert entry.chip_options_for("kessel") == (4, 5, 6, 8)
    assert entry.default_chips_for("kessel-shift") == 6
    app = make_app()
    scene = QuickPlayScene(app)
    app.push(scene)
    scene.set_preset("kessel")
    assert scene.chips == 6 and scene.config().starting_chips == 6
    scene.set_chips(4)
    scene.set_preset("classic")
    assert scene.chips == 100  # Sabacc's own stacks again
    # A stock is played for its buy-in's credits (RULES.md §4.1.2).
    state = entry.new_state(3, 4, "kessel")
    assert state.chips == [4, 4, 4] and state.options.buy_in == 50 and state.credits_pot == 150


def test_a_round_ends_with_every_pot_settled(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    for _ in range(12):
        wait_for_turn(app, table)
        if table.state.to_act() == BETWEEN:
            break
        if table.state.phase == kg.TURN:
            post(app, table.click_control("stand"))
        elif table.state.phase == kg.DRAWN:
            post(app, table.click_control("keep"))
        elif table.state.phase == kg.DIE:
            face = table.state.dice[0]
            post(app, left_click(table.painter.dice_rects[0].center))
            assert table.state.imp_values[0][0] == face or table.state.imp_values[0][1] == face
    assert table.state.to_act() == BETWEEN and table.state.completed == 1
    assert table.anim.model.pots == [0] * table.num_seats == table.state.pots
    assert table.anim.model.chips == table.state.chips
    assert table.anim.model.winners and all(
        table.anim.model.ranks[s] is not None for s in table.state.order
    )
    assert set(table.widgets) == {"next", "leave"}
    # The log speaks to the player in the second person.
    words = " ".join(str(line) for line in table.log.lines)
    assert "You " in words
    assert not re.search(
        r"\bYou (stands|draws|pays|loses|wins|keeps|takes|rolls|starts|has|is)\b", words
    )


# The command line once per table in make test (shift tokens on: the fuller flow); the
# plain preset's run is in make soak; in-process tests play rounds of both.
@pytest.mark.parametrize("preset", [pytest.param("kessel", marks=pytest.mark.slow), "kessel-shift"])
def test_autoplay_plays_rounds_records_them_and_saves_screenshots(
    tmp_path: Path, preset: str
) -> None:
    shots = tmp_path / "shots"
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--game", "sabacc", "--preset", preset, "--hands", "2",
         "--headless", "--screenshots", str(shots)],
        env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("reveal" in n for n in names) and any("results" in n for n in names)
    if preset == "kessel-shift":
        assert any("picking" in n for n in names)
    stats = json.loads(next((tmp_path / "data").rglob("stats.json")).read_text())
    text = json.dumps(stats)
    assert '"hands_played": 2' in text, text
    history = list((tmp_path / "data").rglob("*history*"))
    assert history, "the rounds were kept in the history"


def test_the_campaign_table_is_the_kessel_table_with_the_rounds_goal(
    tmp_path: Path, make_app: Callable[..., App]
) -> None:
    from game.campaign import Campaign, CampaignProgress
    from game.scenes.campaign_table import make_campaign_table
    from game.scenes.kessel_table import KesselTable

    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress = CampaignProgress(venue="spice-hollow", credits=300)
    campaign.sit_down()
    app = make_app()
    table = make_campaign_table(app, campaign)
    assert isinstance(table, KesselTable)
    assert table.state.chips == [6, 6, 6, 6]
    lines = [words for words, _ in table.campaign_lines()]
    assert lines[0] == "Rounds won: 0 / 5"


def test_a_recorded_round_replays_on_the_kessel_table(make_app: Callable[..., App]) -> None:
    from game.scenes.history import make_replay
    from game.scenes.kessel.scene import KesselTable
    from game.scenes.kit.replay import Replay
    from game.storage import history

    app, table = open_table(make_app, "kessel-shift")
    for _ in range(20):
        wait_for_turn(app, table)
        if table.state.to_act() == BETWEEN:
            break
        phase = table.state.phase
        if phase == kg.PICKING:
            post(app, table.click_control("random"))
            post(app, table.click_control("confirm"))
        elif phase == kg.TURN:
            post(app, table.click_control("stand"))
        elif phase == kg.DRAWN:
            post(app, table.click_control("keep"))
        elif phase == kg.DIE:
            post(app, left_click(table.painter.dice_rects[0].center))
    records = history.load("sabacc")
    record = records[-1]
    assert record.preset == "kessel-shift"
    replay = make_replay(app, record)
    assert isinstance(replay, KesselTable) and isinstance(replay.director, Replay)
    assert replay.name == "kessel-replay"
    app.push(replay)
    app.step(1 / 60)
    while not replay.director.at_end:
        replay.director.step_forward()
        app.step(1 / 60)
    replay.queue.finish_all()
    # The replay ends with the round's ranks and the stacks it left.
    assert replay.anim.model.winners == table.anim.model.winners
    assert replay.anim.model.chips == table.state.chips


def test_a_kessel_table_left_mid_round_resumes_exactly(make_app: Callable[..., App]) -> None:
    from game.scenes.quick_play import resume_quick_play

    app, table = open_table(make_app, "kessel-shift", seed=8)
    for _ in range(6):
        wait_for_turn(app, table)
        if table.state.phase == kg.PICKING:
            post(app, table.click_control("random"))
            post(app, table.click_control("confirm"))
        elif table.state.phase == kg.TURN and table.state.turn >= 1:
            break
    assert table.state.phase == kg.TURN and table.state.to_act() == 0
    hands = [list(h) for h in table.state.hands]
    tokens = list(table.state.tokens[0])
    resumed = resume_quick_play(app)
    assert isinstance(resumed, KesselTable)
    app.push(resumed)
    wait_for_turn(app, resumed)
    assert [list(h) for h in resumed.state.hands] == hands
    assert resumed.state.tokens[0] == tokens and resumed.anim.model.my_tokens == tokens
    assert resumed.anim.model.hands[0] == [kg.kc.code(c) for c in hands[0]]
    assert all(resumed.anim.model.hands[s] == [None, None] for s in range(1, resumed.num_seats))


def test_a_token_draft_for_eight_falls_back_to_the_presets_rules(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game="sabacc", preset="kessel-shift", opponents=("easy",) * 7,
                             starting_chips=6, seed=1, house_rules=(("token_mode", "draft"),))  # fmt: skip
    table = KesselTable(app, config)
    assert table.state.options.token_mode == "choose" and table.refused
    assert any("house rules" in str(line) for line in table.log.lines)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_reveal_takes_down_the_last_moves_and_the_turn(
    make_app: Callable[..., App], lang: str
) -> None:
    """ "Stood" beside a seat and "turn 2 of 3" over the piles stayed up once the hands
    were shown (and after the round was won)."""
    from game import i18n

    app, table = open_table(make_app, "kessel-shift", lang=lang, opponents=2)
    app.step(1 / 60)
    table.queue.finish_all()
    drawn: list[str] = []
    caption = table.caption

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(words)
        return caption(surface, words, *args, **kwargs)

    table.caption = spy  # type: ignore[method-assign]
    surface = pygame.Surface(app.screen.get_size())
    table.play([ev.RoundStarted(1, 1, (0, 1, 2)), ev.TurnStarted(2), ev.Stood(1), ev.Stood(2)])
    table.queue.finish_all()
    stood, turn = i18n.t("kt.latest.stand"), i18n.t("kt.facts", round=1, turn=2)
    assert [table.painter.plate_news(s)[0] for s in (1, 2)] == [stood, stood]  # up while it holds
    table.painter.draw_centre(surface)
    assert turn in drawn
    hands = (("s1", "b2"), ("s3", "b3"), ("s4", "b6"))
    table.play([ev.HandsRevealed(hands)])
    table.queue.finish_all()
    assert [table.painter.plate_news(s)[0] for s in (1, 2)] == ["", ""]  # not "Stood", not "Starts"
    drawn.clear()
    table.painter.draw_centre(surface)
    assert turn not in drawn and i18n.t("kt.facts_shown", round=1) in drawn
    app.step(1 / 60)
    app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_seats_pot_words_stay_clear_of_its_tokens(
    make_app: Callable[..., App], lang: str
) -> None:
    """Under a computer seat's cards its pot ("ポット1", "bote 1") and its tokens share a
    row: the words never run under the tokens it holds and played this round."""
    app, table = open_table(make_app, "kessel-shift", lang=lang, opponents=3)
    wait_for_turn(app, table)
    post(app, table.click_control("random"))
    post(app, table.click_control("confirm"))
    wait_for_turn(app, table)
    assert table.state.phase == kg.TURN
    seats = [seat for seat in range(table.num_seats) if seat != table.human]
    for seat in seats:
        table.anim.model.pots[seat] = 1
        table.anim.model.token_counts[seat] = 2
        table.anim.model.round_tokens[seat] = ["free-draw"]
    painted: list[tuple[str, pygame.Rect]] = []
    caption = table.caption

    def spy(surface: pygame.Surface, words: str, *rest: Any, **kw: Any) -> pygame.Rect:
        rect = caption(surface, words, *rest, **kw)
        painted.append((words, rect))
        return rect

    table.caption = spy  # type: ignore[method-assign]
    table.draw(app.screen)
    tokens = [m.rect for m in table.glossary_marks() if m.term in ("token-hidden", "token-played")]
    assert len(tokens) == 2 * len(seats)
    for seat in seats:
        x, y = table.places.pot_anchor(seat)
        pot = {
            (w, tuple(r)) for w, r in painted if r.centery == y and x < r.left < x + table.px(30)
        }
        assert len(pot) == 1, (seat, painted)
        words, rect = pot.pop()
        assert words.endswith("1")
        assert pygame.Rect(rect).collidelist(tokens) < 0, (lang, words, rect, tokens)
