"""The Corellian Spike and Coruscant Shift table, played through its real inputs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import games
from game.app import App
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.quick_play import QuickPlayScene
from game.scenes.spike_table import SpikeTable
from game.scenes.table import QuickPlayConfig, make_table_scene
from game.ui import cards, fonts
from game.ui import draw as furniture

PRESETS = ("corellian-spike", "coruscant-shift")


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def fresh_drawing_caches() -> None:
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()


def open_table(
    make_app: Callable[..., App], preset: str, size: tuple[int, int] = (1280, 720),
    opponents: int = 3, lang: str = "en",
) -> tuple[App, SpikeTable]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game="sabacc", preset=preset, opponents=("normal",) * opponents,
                             starting_chips=100, seed=11, rounds=9)  # fmt: skip
    table = make_table_scene(app, config)
    assert isinstance(table, SpikeTable)
    app.push(table)
    return app, table


def hidden_cards_shown(table: SpikeTable) -> list[str]:
    """Other seats' cards the table would draw face up before they are revealed."""
    leaks = []
    for seat in range(1, table.num_seats):
        if table.anim.model.revealed[seat]:
            continue
        shown = [
            c for c in table.anim.model.hands[seat] + table.anim.model.picks[seat] if c is not None
        ]
        if table.anim.model.dissolve.get(seat) is not None:
            shown = []  # a Sabacc Shift turns every hand face up on the discard pile
        if isinstance(table.anim.model.gained[seat], str):
            shown.append(str(table.anim.model.gained[seat]))
        leaks += [f"seat {seat}: {c}" for c in shown]
    return leaks


def play(app: App, table: SpikeTable, units: int, limit: int = 40000) -> list[str]:
    """Play ``units`` games/hands, the player's moves through the table's own inputs
    (the autoplayer's plan of clicks and keys); every frame checked for leaks."""
    leaks: list[str] = []
    for _ in range(limit):
        actor = table.state.to_act()
        done = actor == TERMINAL or (actor == BETWEEN and table.state.completed >= units)
        if done and table.idle():
            return leaks
        if table.idle() and table.awaiting_human() and table.controls:
            for step in table.autoplay_plan():
                for event in step():
                    pygame.event.post(event)
                app.step(1 / 60)
                app.step(1 / 60)
        app.step(1 / 60)
        leaks += hidden_cards_shown(table)
    raise AssertionError(f"{units} units not played; phase {table.state.phase}")


@pytest.mark.parametrize("preset", PRESETS)
def test_games_play_through_the_table_and_keep_every_chip(
    make_app: Callable[..., App], preset: str
) -> None:
    app, table = open_table(make_app, preset)
    leaks = play(app, table, 2)
    assert leaks == []
    state = table.state
    assert state.completed >= 2
    # The table shows the engine's stacks and pots, chip for chip.
    assert table.anim.model.chips == list(state.chips)
    if preset == "corellian-spike":
        assert (table.anim.model.hand_pot, table.anim.model.sabacc_pot) == (
            state.hand_pot,
            state.sabacc_pot,
        )
    else:
        assert table.anim.model.pot == state.pot


@pytest.mark.parametrize("preset", PRESETS)
def test_opponents_cards_stay_face_down_until_the_reveal(
    make_app: Callable[..., App], preset: str
) -> None:
    app, table = open_table(make_app, preset, opponents=2)
    drawn: list[tuple[str | None, int]] = []
    real = table.card

    def spy(code: str | None, height: int) -> pygame.Surface:
        drawn.append((code, height))
        return real(code, height)

    table.card = spy  # type: ignore[method-assign]
    assert play(app, table, 1) == []
    # The player's own cards are drawn face up; the opponents' only once revealed.
    assert any(code is not None for code, h in drawn if h == table.places.human_card_h)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_survives_resizes_mid_game(
    make_app: Callable[..., App], preset: str, size: tuple[int, int]
) -> None:
    app, table = open_table(make_app, preset, opponents=5)
    for _ in range(200):
        app.step(1 / 60)
    assert app.window is not None
    app.window.size = size
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(1 / 60)
    assert app.size == size
    # Everything the table places stays on the felt.
    for rect in [*table.places.plates.values(), *table.places.hand_boxes.values(), table.places.deck_rect,
                 table.places.discard_rect, *table.places.dice_rects]:  # fmt: skip
        assert table.felt.contains(rect), rect
    assert play(app, table, 1) == []


@pytest.mark.parametrize("preset", PRESETS)
def test_quick_play_offers_both_presets_and_their_house_rules(
    make_app: Callable[..., App], preset: str
) -> None:
    sabacc = games.get("sabacc")
    assert preset in sabacc.table_preset_names
    app = make_app((1280, 720))
    quick = QuickPlayScene(app)
    app.push(quick)
    app.step(1 / 60)
    quick.set_preset(preset)
    quick.open_house_rules()
    from game.scenes.house_rules import HouseRulesScene

    assert isinstance(app.top, HouseRulesScene)
    app.step(1 / 60)
    app.pop()
    quick.start_game()
    assert isinstance(app.top, SpikeTable)
    assert app.top.preset == preset


# The real command line for one preset in make test, both in make soak (the in-process
# autoplay tests play both presets through the same scene).
@pytest.mark.parametrize(
    "preset", [pytest.param("corellian-spike", marks=pytest.mark.slow), "coruscant-shift"]
)
def test_autoplay_subprocess_plays_the_preset_through_the_real_scene(
    tmp_path: Path, preset: str
) -> None:
    config = tmp_path / "config" / "sabacc-parlor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        json.dumps({"animation_speed": "instant"}), encoding="utf-8"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}  # fmt: skip
    shots, stats = tmp_path / "shots", tmp_path / "stats.json"
    done = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--game", "sabacc", "--preset", preset,
         "--hands", "2", "--headless", "--screenshots", str(shots), "--frame-stats", str(stats),
         "--seed", "5"],
        env=env, capture_output=True, text=True, timeout=240, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    short = "spike" if preset == "corellian-spike" else "coruscant"
    for phase in (f"{short}-betting", f"{short}-reveal", "results"):
        assert any(phase in name for name in names), f"no {phase} screenshot in {names}"
    # Statistics and the hand history recorded the hands under this rule set.
    data = tmp_path / "data" / "sabacc-parlor"
    hands = json.loads((data / "history" / "sabacc.json").read_text(encoding="utf-8"))["hands"]
    assert [hand["rule_set"] for hand in hands] == [preset, preset]
    stats = json.loads((data / "stats.json").read_text(encoding="utf-8"))
    assert stats["games"]["sabacc"]["hands_played"] == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_a_recorded_game_replays_on_the_table_to_the_same_end(
    make_app: Callable[..., App], preset: str
) -> None:
    from game.scenes.history import make_replay
    from game.scenes.kit.replay import Replay
    from game.scenes.spike_table import SpikeTable
    from game.storage import history

    app, table = open_table(make_app, preset, opponents=2)
    play(app, table, 1)
    end = (
        [table.anim.model.seat_cards(seat) for seat in range(table.num_seats)],
        list(table.anim.model.chips),
    )
    (record,) = history.load("sabacc")
    assert record.preset == preset and record.chips == [100, 100, 100]
    from game.scenes.history import HistoryScene

    listing = HistoryScene(app, "sabacc")  # the hand in the list, drawn with its own cards
    app.push(listing)
    for _ in range(3):
        app.step(1 / 60)
    app.pop()
    replay = make_replay(app, record)
    assert isinstance(replay, SpikeTable) and isinstance(replay.director, Replay)
    assert replay.name == "spike-replay"
    app.push(replay)
    app.step(1 / 60)
    while not replay.director.at_end:
        replay.director.step_forward()
        app.step(1 / 60)
    replay.queue.finish_all()
    assert [replay.anim.model.seat_cards(s) for s in range(replay.num_seats)] == end[0]
    assert replay.anim.model.chips == end[1]


@pytest.mark.parametrize(("venue", "preset"), [("ember-dock", "corellian-spike"),
                                                ("aurelia-lounge", "coruscant-shift")])  # fmt: skip
def test_each_variant_has_a_campaign_venue_whose_table_plays_it(
    make_app: Callable[..., App], tmp_path: Path, venue: str, preset: str
) -> None:
    from game.campaign import Campaign
    from game.campaign.venues import VENUE_BY_ID
    from game.scenes.campaign_table import make_campaign_table

    assert VENUE_BY_ID[venue].preset == preset
    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"
    campaign = Campaign.load(tmp_path / "saves", seed=4, data_directory=tmp_path / "data")
    campaign.progress.venue = venue
    table = make_campaign_table(app, campaign)
    assert isinstance(table, SpikeTable) and table.preset == preset
    app.push(table)
    from game.campaign.venues import CHARACTERS

    names = [table.seat_name(s) for s in range(table.num_seats)]
    assert names[1:] == [CHARACTERS[c].name for c in VENUE_BY_ID[venue].characters]
    before = campaign.progress.hands_played
    assert play(app, table, 1) == []
    assert campaign.progress.hands_played == before + 1


def players_actions(table: SpikeTable) -> list[object]:
    """What reaches the engine from the player's seat."""
    sent: list[object] = []
    apply = table.state.apply

    def spy(action: object) -> list[object]:
        if table.state.to_act() == 0:
            sent.append(action)
        return list(apply(action))

    table.state.apply = spy  # type: ignore[method-assign]
    return sent


def wait_for(app: App, table: SpikeTable, phase: str, limit: int = 5000) -> None:
    for _ in range(limit):
        if table.idle() and table.state.to_act() == 0 and table.state.phase == phase:
            app.step(1 / 60)
            return
        app.step(1 / 60)
    raise AssertionError(f"no {phase} decision came")


def test_a_selection_is_made_by_clicking_cards_then_placing_them(
    make_app: Callable[..., App],
) -> None:
    from game.rules import spike_base as sb
    from game.rules import spike_cards as kc

    app, table = open_table(make_app, "coruscant-shift", opponents=2)
    wait_for(app, table, "select")
    hand = list(table.anim.model.hands[0])
    sent = players_actions(table)
    # Nothing chosen: placing only says what to do.
    for event in table.click_control("select"):
        pygame.event.post(event)
    app.step(1 / 60)
    app.step(1 / 60)
    assert sent == [] and table.message is not None
    for index in (3, 1):
        for event in table.inputs.card_click(index):
            pygame.event.post(event)
        app.step(1 / 60)
        app.step(1 / 60)
    assert table.inputs.toggled == {1, 3}
    assert table.widgets["selection"].text == "Selection: 2 cards"
    for event in table.click_control("select"):
        pygame.event.post(event)
    app.step(1 / 60)
    app.step(1 / 60)
    chosen = tuple(sorted(kc.parse(str(hand[i])) for i in (1, 3)))
    assert sent == [sb.Select(chosen)]


def test_a_swap_picks_a_card_then_the_pile(make_app: Callable[..., App]) -> None:
    from game.rules import spike_base as sb
    from game.rules import spike_cards as kc

    app, table = open_table(make_app, "corellian-spike", opponents=2)
    wait_for(app, table, "cards")
    assert "swap_draw" not in table.widgets and "pick_hint" in table.widgets
    first = kc.parse(str(table.anim.model.hands[0][0]))
    sent = players_actions(table)
    for event in table.inputs.card_click(0):
        pygame.event.post(event)
    app.step(1 / 60)
    app.step(1 / 60)
    assert table.inputs.pick == 0 and "swap_draw" in table.widgets
    for event in table.click_control("swap_draw"):
        pygame.event.post(event)
    app.step(1 / 60)
    app.step(1 / 60)
    assert sent == [sb.SwapDraw(first)]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_table_left_mid_game_resumes_with_the_same_cards_and_chips(
    make_app: Callable[..., App], preset: str
) -> None:
    from game.scenes.quick_play import resume_quick_play
    from game.storage.saves import QUICK_PLAY, SaveSlot

    app, table = open_table(make_app, preset, opponents=2)
    wait_for(app, table, "cards" if preset == "corellian-spike" else "select")
    SaveSlot(QUICK_PLAY).flush()  # autosaves land on a writer thread
    slot = SaveSlot(QUICK_PLAY).path
    saved = slot.read_text(encoding="utf-8")
    assert json.loads(saved)["table"]["hand"]["moves"], "the save is mid-game"
    mine, chips = list(table.anim.model.hands[0]), list(table.state.chips)
    app.close()

    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"
    resumed = resume_quick_play(app)
    assert isinstance(resumed, SpikeTable) and resumed.preset == preset
    app.push(resumed)
    for _ in range(5):
        app.step(1 / 60)
    assert resumed.anim.model.hands[0] == mine and list(resumed.state.chips) == chips
    assert resumed.anim.model.chips == chips and hidden_cards_shown(resumed) == []
    assert play(app, resumed, 1) == []


def test_a_split_coruscant_pot_counts_for_each_winner() -> None:
    from game.rules import sabacc_events as ev
    from game.rules import spike_events as sev

    events = [sev.PotSplit((0, 2), 7, 1), ev.HandEnded(3, (0, 2), "split")]
    outcome = games.get("sabacc").hand_outcome(events, 0)
    assert outcome.won and outcome.collected == 7 and outcome.winners == (0, 2)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_hint_names_the_hand_and_a_legal_move(
    make_app: Callable[..., App], preset: str
) -> None:
    from game import spike_text

    app, table = open_table(make_app, preset, opponents=2)
    wait_for(app, table, "cards" if preset == "corellian-spike" else "select")
    if preset == "coruscant-shift":
        for event in table.inputs.card_click(0):
            pygame.event.post(event)
        app.step(1 / 60)
        app.step(1 / 60)
    table.toggle_hint()
    for _ in range(30):
        app.step(1 / 60)
    words = " ".join(text for text, _ in table.hint.lines(table.ink))
    labels = {spike_text.action_label(a, preset) for a in table.state.legal_actions()}
    assert any(label in words for label in labels), words
    assert ("Your hand:" if preset == "corellian-spike" else "Your selection:") in words


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "size", [(960, 600), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_nothing_on_the_felt_overlaps_at_any_table_size(
    make_app: Callable[..., App], preset: str, size: tuple[int, int]
) -> None:
    app = make_app(size)
    for opponents in range(1, 8):
        config = QuickPlayConfig(game="sabacc", preset=preset, opponents=("easy",) * opponents)
        table = make_table_scene(app, config)
        assert isinstance(table, SpikeTable)
        app.push(table)
        app.step(1 / 60)
        seats = range(table.num_seats)
        zones = {f"plate {s}": table.places.plates[s] for s in seats}
        zones |= {f"hand {s}": table.places.hand_boxes[s] for s in seats}
        pots = [pygame.Rect(0, 0, table.px(128), table.places.pot_h) for _ in range(2)]
        for pot, rect in zip(("hand", "sabacc"), pots, strict=True):
            rect.midbottom = (table.places.pot_pos(pot)[0], table.places.pot_at[1])
        centre = [
            table.places.deck_rect,
            table.places.discard_rect,
            *table.places.dice_rects,
            *pots,
        ]
        zones |= {f"centre {i}": r for i, r in enumerate(centre)}
        names = list(zones)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                (kind_a, key_a), (kind_b, key_b) = a.split(), b.split()
                if "centre" in (kind_a, kind_b):
                    if kind_a == kind_b:
                        continue  # the centre's own pieces
                elif key_a == key_b:
                    continue  # a seat's own plate and cards
                assert not zones[a].colliderect(zones[b]), (opponents, a, b)
        app.pop()


@pytest.mark.parametrize(
    ("preset", "rules"),
    [
        ("corellian-spike", (("bet_after_dice", True), ("fees", "solo"))),
        ("corellian-spike", (("betting", False),)),
        ("coruscant-shift", (("pure_sabacc", True), ("selections", 1))),
    ],
    ids=["dice-first-fees", "no-betting", "one-selection"],
)
def test_house_rules_play_through_the_table(
    make_app: Callable[..., App], preset: str, rules: tuple[tuple[str, object], ...]
) -> None:
    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game="sabacc", preset=preset, opponents=("normal",) * 2,
                             seed=8, rounds=9, house_rules=rules)  # fmt: skip
    table = make_table_scene(app, config)
    assert isinstance(table, SpikeTable)
    app.push(table)
    assert all(getattr(table.state.options, name) == value for name, value in rules)
    assert play(app, table, 2) == []
    assert table.anim.model.chips == list(table.state.chips)


def test_a_tie_broken_by_a_blind_draw_shows_the_cards_and_the_winner(
    make_app: Callable[..., App],
) -> None:
    from game.rules import sabacc_events as ev
    from game.rules import spike_events as sev

    app, table = open_table(make_app, "corellian-spike", opponents=1)
    app.step(1 / 60)
    table.queue.finish_all()
    chips = list(table.anim.model.chips)
    pots = table.anim.model.hand_pot, table.anim.model.sabacc_pot
    table.play([
        ev.HandRevealed(0, ("+5o", "-5t"), "one-pair", 0),
        ev.HandRevealed(1, ("+5s", "-5o"), "one-pair", 0),
        sev.BlindDraw(0, "-2t"),
        sev.BlindDraw(1, "+2o"),
        ev.PotAwarded(1, pots[0], "hand"),
        ev.PotAwarded(1, pots[1], "sabacc"),
        ev.HandEnded(1, (1,), "showdown"),
    ])  # fmt: skip
    table.queue.finish_all()  # (no frame: the engine's own game would move on)
    assert table.anim.model.hands[1] == ["+5s", "-5o"] and table.anim.model.revealed[1]
    assert table.anim.model.hand_names[1] == "Sabacc, one pair"
    assert table.anim.model.discards[-2:] == ["-2t", "+2o"]
    assert table.anim.model.chips[1] == chips[1] + sum(pots) and table.anim.model.winners == {1}
    assert (table.anim.model.hand_pot, table.anim.model.sabacc_pot) == (0, 0)


def _widget_problems(app: App, scene: Any) -> list[str]:
    """Buttons and labels whose words are wider (or taller) than their box."""
    from pygame_gui.elements import UIButton, UILabel

    problems = []
    for element in scene.text_elements():
        if not element.visible or not isinstance(element, UIButton | UILabel):
            continue
        if element.font is None or not element.text:
            continue
        rect = element.get_abs_rect()
        text_w, text_h = element.font.size(element.text)
        room = rect.width - (12 if isinstance(element, UIButton) else 0)
        if text_w > room or text_h > rect.height:
            problems.append(f"{element.text!r} needs {text_w}x{text_h}, box {rect.size}")
    return problems


def _drawn_problems(app: App, table: Any) -> list[str]:
    """Draw the whole table afresh and collect the words that did not fit."""
    from game.scenes.kit import plate as kit_plate
    from game.scenes.kit import text as kt
    from game.scenes.kit.motion import banner_image

    kit_plate.plate_image.cache_clear()
    banner_image.cache_clear()
    kt.clear_caches()
    table.canvas.layer.state = table.canvas.layer.image = None
    table.panel._info_cache.clear()
    table.panel._hint_cache.clear()
    kt.overflows = []
    try:
        app.draw(app.screen)
        return list(kt.overflows)
    finally:
        kt.overflows = None


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("preset", PRESETS)
def test_every_phase_fits_its_boxes_in_every_language(
    make_app: Callable[..., App], preset: str, lang: str
) -> None:
    problems: list[str] = []
    for size in [(960, 600), (1920, 1080)]:
        app, table = open_table(make_app, preset, size, opponents=3, lang=lang)
        seen: set[tuple[str, ...]] = set()
        for _ in range(20000):
            if table.state.completed >= 1 and table.idle() and table.awaiting_human():
                break
            app.step(1 / 60)
            if table.idle() and table.awaiting_human() and table.controls:
                shown = tuple(sorted(c.text for c in table.controls.values()))
                if shown not in seen:
                    seen.add(shown)
                    found = _widget_problems(app, table) + _drawn_problems(app, table)
                    problems += [f"{size} [{' | '.join(shown)}] {p}" for p in found]
                    if table.state.phase in ("cards", "select"):
                        # A card picked for a swap, cards toggled into the selection.
                        table.inputs.pick, table.inputs.toggled = 1, {0, 1}
                        app.step(1 / 60)
                        app.step(1 / 60)
                        found = _widget_problems(app, table) + _drawn_problems(app, table)
                        problems += [f"{size} [picked] {p}" for p in found]
                        table.inputs.pick, table.inputs.toggled = None, set()
                        app.step(1 / 60)
                        app.step(1 / 60)
                for step in table.autoplay_plan():
                    for event in step():
                        pygame.event.post(event)
                    app.step(1 / 60)
                    app.step(1 / 60)
        assert len(seen) >= 3
        app.close()
    assert sorted(set(problems)) == [], "\n".join(sorted(set(problems)))


# ------------------------------------------------------------- the reveal's words
def reveal_all(table: SpikeTable) -> None:
    """Every seat's selection turned face up: the player's five cards right on the
    target (-10 of squares, the longest words: "-10: justo en el objetivo · 3 del palo"),
    the others near it or far from it."""
    from game.rules import sabacc_events as ev

    table.queue.finish_all()
    table.anim.model.target, table.anim.model.suit = -10, "s"
    table.play([
        ev.HandRevealed(0, ("-10t", "-4s", "+4s", "-3s", "+3t"), "coruscant", -10),
        ev.HandRevealed(1, ("-10s", "-3s", "+3s"), "coruscant", -10),
        ev.HandRevealed(2, ("+9o", "-7t"), "coruscant", 2),
        ev.HandRevealed(3, ("-9s", "sylop"), "coruscant", -9),
    ])  # fmt: skip
    table.queue.finish_all()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_others_revealed_selections_are_labelled_theirs_not_yours(
    make_app: Callable[..., App], lang: str
) -> None:
    # The ? labels and the hover called every revealed selection "Tu selección".
    from game.help import glossary
    from game.scenes.kit.legend import HOVER_DELAY

    app, table = open_table(make_app, "coruscant-shift", lang=lang)
    app.step(1 / 60)
    reveal_all(table)
    app.step(1 / 60)
    words = [
        m
        for m in table.legend.marks_of(table)
        if m.term in ("coruscant-hand", "revealed-selection")
    ]
    above = table.places.hand_boxes[0].y  # the others' words sit above the player's cards
    theirs = [m for m in words if m.rect.bottom < above]
    ours = [m for m in words if m.rect.bottom >= above]
    assert len(theirs) == 3 and {m.term for m in theirs} == {"revealed-selection"}
    assert len(ours) == 1 and ours[0].term == "coruscant-hand"
    word = glossary.said("revealed-selection")[0]
    assert word == {"en": "Revealed selection", "es": "Selección revelada"}[lang]
    assert (
        glossary.said("coruscant-hand")[0] == {"en": "Your selection", "es": "Tu selección"}[lang]
    )
    # Resting the mouse on another seat's words names them the same way.
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=theirs[0].rect.center, rel=(0, 0),
                                buttons=(0, 0, 0), touch=False)  # fmt: skip
    app.handle_event(motion)
    for _ in range(round(HOVER_DELAY * 60) + 3):
        app.step(1 / 60)
    hovered = table.legend.hovered(table.legend.marks_of(table), table.clock)
    assert hovered is not None and hovered.term == "revealed-selection"


def full_frame(app: App, table: SpikeTable) -> pygame.Surface:
    """The whole table painted afresh (no part kept from an earlier frame)."""
    table.canvas.layer.state = table.canvas.layer.image = None
    app.draw(app.screen)
    return app.screen.copy()


def pixels(image: pygame.Surface, box: pygame.Rect | None = None) -> bytes:
    return pygame.image.tobytes(image if box is None else image.subsurface(box), "RGB")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_reveal_texts_fit_their_boxes_at_every_size(
    make_app: Callable[..., App], lang: str
) -> None:
    # At 960x600 in Spanish the player's "-10: justo en el objetivo · 3 del palo" wrapped
    # out of the box ? outlines, and the others' words were wider than theirs.
    app, table = open_table(make_app, "coruscant-shift", (960, 600), lang=lang)
    app.step(1 / 60)
    reveal_all(table)
    for w, h in ((960, 600), (1280, 720), (1920, 1080)):
        assert app.window is not None
        app.window.size = (w, h)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        app.step(1 / 60)
        words = {"coruscant-hand", "revealed-selection"}
        boxes = [m.rect for m in table.legend.marks_of(table) if m.term in words]
        assert len(boxes) == 4, (w, lang)
        for seat in range(4):  # each seat's words lie on the felt, in what it repaints
            place = table.painter.seat_place(seat)
            assert [box for box in boxes if place.contains(box) and table.table.contains(box)]
        with_words = full_frame(app, table)
        table.painter.draw_label = lambda *args: None  # type: ignore[method-assign]
        table.painter.draw_own_caption = lambda *args: None  # type: ignore[method-assign]
        without = full_frame(app, table)
        del table.painter.draw_label, table.painter.draw_own_caption
        for box in boxes:  # each text drew something inside its box...
            assert pixels(with_words, box) != pixels(without, box), (w, lang, box)
        for image in (with_words, without):  # ...and nothing outside it
            for box in boxes:
                image.fill((0, 0, 0), box)
        assert pixels(with_words) == pixels(without), (w, lang)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_won_hand_takes_down_its_last_bets_and_its_phase(
    make_app: Callable[..., App], lang: str
) -> None:
    """ "Bets 6" beside a seat and "Betting" over the pots stayed up after the hand was won."""
    from game import i18n
    from game.rules import sabacc_events as ev

    app, table = open_table(make_app, "corellian-spike", opponents=1, lang=lang)
    app.step(1 / 60)
    table.queue.finish_all()
    table.play([ev.PhaseStarted("betting", 1), ev.BetPlaced(1, 6)])
    table.queue.finish_all()
    betting, bets = i18n.t("spiketable.phase.betting"), i18n.t("spiketable.note.bet", count=6)
    assert (
        table.anim.model.phase_note == betting and table.anim.model.notes[1][0] == bets
    )  # up while it holds
    table.play([
        ev.Folded(0, 0),
        ev.PotAwarded(1, table.anim.model.hand_pot, "hand"),
        ev.HandEnded(1, (1,), "fold"),
    ])  # fmt: skip
    table.queue.finish_all()
    assert table.anim.model.phase_note == "" and table.anim.model.notes[1][0] == ""
    assert table.anim.model.notes[0][0] == i18n.t("spiketable.note.fold")  # a fold still says so
    app.step(1 / 60)
    app.close()
