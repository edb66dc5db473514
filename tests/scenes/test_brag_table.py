"""The Thirteen Card Brag table played through synthetic input events.

Every decision of seat 0 here is a posted mouse click or key press that goes through
the App's event handling, pygame_gui and the scene; the tests then check what reached
the engine and what the player sees.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from game.app import App
from game.rules import brag
from game.scenes.brag_table import BragTable
from game.scenes.kit import text as kt
from game.scenes.kit.inputs import drag, left_click, press_key
from game.scenes.results import ResultsScene
from game.scenes.table import QuickPlayConfig
from game.ui import cards, fonts
from game.ui import draw as furniture

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, statistics and hand history go under tmp_path, never the user's folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def fresh_drawing_caches() -> None:
    """Each test's App re-initialises pygame; fonts cached by an earlier one are dead."""
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()


def open_table(make_app: Callable[..., App], size: tuple[int, int] = (1280, 720),
               lang: str = "en", opponents: int = 3, seed: int = 11) -> tuple[App, BragTable]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"  # the same code path, without the waiting
    table = BragTable(app, QuickPlayConfig(game="brag", opponents=("easy",) * opponents,
                                           starting_chips=50, seed=seed))  # fmt: skip
    app.push(table)
    return app, table


def record_human_actions(table: BragTable) -> list[Any]:
    """Wrap the engine's apply so the test sees every action seat 0 submits."""
    seen: list[Any] = []
    apply = table.state.apply

    def spy(action: Any) -> list[Any]:
        if table.state.to_act() == 0:
            seen.append(action)
        return apply(action)

    table.state.apply = spy  # type: ignore[method-assign]
    return seen


def post(app: App, events: list[pygame.event.Event], frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    for _ in range(frames):
        app.step(1 / 60)


def run_until(app: App, done: Callable[[], bool], limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(1 / 60)
    raise AssertionError("the table never reached the expected state")


def human_turn(table: BragTable) -> bool:
    return table.idle() and table.awaiting_human()


def click(app: App, table: BragTable, key: str) -> None:
    events = table.click_control(key)
    assert events, f"no {key!r} control on screen; shown: {sorted(table.widgets)}"
    post(app, events)


def test_a_whole_game_played_with_keys_and_clicks(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    human = record_human_actions(table)
    laid: list[tuple[tuple[str, ...], ...]] = []
    for _ in range(40):
        run_until(app, lambda: human_turn(table))
        actor = table.state.to_act()
        if table.anim.hold:
            post(app, press_key(pygame.K_SPACE))  # Continue after the reveal
        elif actor == brag.BETWEEN:
            break
        elif table.state.phase is brag.Phase.SETTING:
            post(app, press_key(pygame.K_a))  # Auto-arrange
            expected = brag.best_layout(table.anim.all_cards(), 3)
            # The same strengths as the engine's best layout (equal sets may swap cards).
            ranks = [brag.rank_set(s) for s in table.anim.slots if s]
            assert ranks == [brag.rank_set(s) for s in expected]
            shown = tuple(tuple(s) for s in table.anim.slots if s)
            click(app, table, "lay")
            laid.append(shown)
    assert table.state.to_act() == brag.BETWEEN
    assert table.state.completed == 1
    # Each press of "Lay down" reached the engine as exactly the sets on screen.
    assert len(human) == len(laid) >= 2
    for action, shown in zip(human, laid, strict=True):
        assert isinstance(action, brag.SetLayout)
        assert action == brag.SetLayout.from_codes(shown)
    # The winner reached the target and the chips the table shows are the engine's.
    assert max(table.state.scores) >= table.state.options.target
    assert table.anim.chips == table.state.chips
    assert sum(table.state.chips) == 4 * 50
    # "Leave for results" goes to the results screen with this table's figures.
    click(app, table, "leave")
    assert isinstance(app.top, ResultsScene)
    assert app.top.result.rounds_played == 1
    assert app.top.result.chips_end == table.state.chips
    # The finale: the game's final points beside the stacks, and who won it.
    results = app.top
    assert results.result.scores == list(table.state.scores)
    assert [label.text for label in results.standing_labels[0]][-1] == "Points"
    assert results.summary_labels[0].text.endswith("wins the game")


def stack_deal(table: BragTable, human_hand: list[str]) -> None:
    """Deal ``human_hand`` to seat 0 (the rest from the deck), through the scene's own path."""
    table.play(table.state.deal_fixed([human_hand]))


HAND = ["2S", "2H", "2D", "AS", "KS", "QS", "5C", "5D", "9H", "7C", "8D", "JC", "3H"]


def place_by_clicks(app: App, table: BragTable, cards: list[str], slot: int) -> None:
    for code in cards:
        post(app, table.inputs.click_card(code))
        assert table.inputs.picked == [code]
        post(app, left_click(table.places.slot_rects[slot].center))
        assert code in table.anim.slots[slot]


def test_out_of_order_layout_is_explained_and_not_submitted(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app)
    stack_deal(table, HAND)
    human = record_human_actions(table)
    run_until(app, lambda: human_turn(table) and table.state.to_act() == 0)
    place_by_clicks(app, table, ["5C", "5D", "9H"], 0)  # a pair first...
    place_by_clicks(app, table, ["2S", "2H", "2D"], 1)  # ...then a prial: out of order
    assert table.painter.slot_label(0)[0] == "Pair" and table.painter.slot_label(1)[0] == "Prial"
    click(app, table, "lay")
    assert table.message is not None
    assert "Out of order" in table.message[0] and "set 2 (Prial)" in table.message[0]
    # Nothing reached the engine: seat 0 is still to set, with no layout.
    assert human == []
    assert table.state.to_act() == 0
    assert table.state.view(0).layout is None and not table.anim.laid
    # Swapping the two sets by dragging makes it acceptable.
    click(app, table, "clear")
    assert table.anim.slots == [[], [], [], []] and len(table.anim.hand) == 13
    place_by_clicks(app, table, ["2S", "2H", "2D"], 0)
    start = next(rect for code, rect in table.places.hand_card_rects() if code == "5C")
    post(app, drag((start.x + 6, start.centery), table.places.slot_rects[1].center))
    assert table.anim.slots[1] == ["5C"]
    place_by_clicks(app, table, ["5D", "9H"], 1)
    click(app, table, "lay")
    assert human == [brag.SetLayout.from_codes([["2S", "2H", "2D"], ["5C", "5D", "9H"]])]


def test_only_legal_actions_are_offered(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, opponents=2, seed=4)
    # Three players: the spare-hand exchange comes first for whoever is asked.
    run_until(app, lambda: human_turn(table) and table.state.to_act() == 0)
    if table.state.phase is brag.Phase.EXCHANGE:
        legal = table.state.legal_actions()
        expected = {"keep"} | {f"swap{a.spare}" for a in legal if isinstance(a, brag.SwapHand)}
        assert set(table.widgets) == expected
        post(app, press_key(pygame.K_k))  # keep
        run_until(app, lambda: human_turn(table) and table.state.to_act() == 0)
    assert table.state.phase is brag.Phase.SETTING
    assert set(table.widgets) == {"lay", "auto", "clear", "sort"}
    for key, widget in table.widgets.items():
        assert isinstance(widget, UIButton)
        assert widget.tool_tip_text, f"{key} has no tooltip"


def layout_problems(app: App, table: BragTable) -> list[str]:
    problems = []
    window = pygame.Rect((0, 0), app.size)
    widgets = list(table.widgets.values())
    for a, b in combinations(widgets, 2):
        if a.get_abs_rect().colliderect(b.get_abs_rect()):
            problems.append(f"{a.text!r} overlaps {b.text!r}")
    for widget in widgets:
        rect = widget.get_abs_rect()
        if not window.contains(rect):
            problems.append(f"{widget.text!r} outside the window")
        if isinstance(widget, UIButton | UILabel) and widget.font is not None:
            text_w, _ = widget.font.size(widget.text)
            if text_w > rect.width - 8:
                problems.append(f"{widget.text!r} is cut off ({text_w} > {rect.width})")
        if rect.colliderect(table.table):
            problems.append(f"{widget.text!r} lies on the table")
    for slot in table.places.slot_rects:
        if not table.table.contains(slot):
            problems.append(f"slot {slot} leaves the table")
    for code, rect in table.places.hand_card_rects():
        if not window.contains(rect):
            problems.append(f"card {code} outside the window")
        if any(rect.colliderect(s) for s in table.places.slot_rects):
            problems.append(f"card {code} covers a set slot")
    plates = [table.places.plate_rect(s) for s in range(4)]
    for a, b in combinations(plates, 2):
        if a.colliderect(b):
            problems.append("two nameplates overlap")
    return problems


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_layout_fits_at_every_size(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app, table = open_table(make_app, size, lang)
    run_until(app, lambda: human_turn(table) and table.state.to_act() == 0)
    app.step(1 / 60)  # one more frame so the controls for this decision are built
    assert {"lay", "auto", "clear", "sort"} <= set(table.widgets)
    assert layout_problems(app, table) == []
    post(app, press_key(pygame.K_a))
    table.draw(app.screen)  # renders with every slot filled, under the dummy driver
    assert layout_problems(app, table) == []


def test_autoplay_subprocess_plays_a_game_and_saves_screenshots(tmp_path: Path) -> None:
    config = tmp_path / "config" / "sabacc-parlor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        json.dumps({"animation_speed": "instant"}), encoding="utf-8"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}  # fmt: skip
    shots, stats = tmp_path / "shots", tmp_path / "stats.json"
    done = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--game", "brag", "--games", "1",
         "--headless", "--screenshots", str(shots), "--frame-stats", str(stats), "--seed", "5"],
        env=env, capture_output=True, text=True, timeout=240, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    for phase in ("brag-table", "brag-setting", "brag-reveal", "brag-game-over", "results"):
        assert any(phase in name for name in names), f"no {phase} screenshot in {names}"
    assert json.loads(stats.read_text(encoding="utf-8"))["frames"] > 0


def test_log_wraps_japanese_between_characters_inside_the_panel(
    make_app: Callable[..., App],
) -> None:
    """A long Japanese log line with one space (a Latin name) used to split only at that
    space and run past the log panel's right edge; it now breaks between characters."""
    from game import resources
    from game.app import UI_FONT_LANGUAGE
    from game.scenes.kit.text import wrap

    make_app((1024, 640), "ja")
    line = "Kessa Vrinのクラッシュ宣言は失敗しました。次のディールでは親が交代し、新しいリミットが決まります。"
    width, size = 220, 15
    lines = wrap(line, size, width)
    font = resources.font(size, UI_FONT_LANGUAGE, False)
    assert len(lines) >= 3
    assert all(font.size(part)[0] <= width for part in lines)
    assert "".join(lines).replace(" ", "") == line.replace(" ", "")
    assert not any(part.startswith(("。", "、")) for part in lines)  # marks stay with their text


def test_the_reveal_stays_on_the_table_until_continue(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    for _ in range(12):
        run_until(app, lambda: human_turn(table))
        if table.anim.hold:
            break
        post(app, press_key(pygame.K_a))  # Auto-arrange
        click(app, table, "lay")
    assert table.anim.hold
    deal = table.anim.deal_no
    # The engine opened the next deal in the step that ended this one...
    assert table.state.deal_no == deal + 1
    # ...but the table still shows this deal's sets, winners and the player's slots.
    assert all(s is not None for row in table.anim.opp_sets[1:] for s in row[:3])
    assert any(isinstance(w, int) for w in table.anim.column_winner)
    assert any(table.anim.slots)
    assert set(table.widgets) == {"continue"}
    post(app, press_key(pygame.K_SPACE))
    assert not table.anim.hold and table.anim.deal_no == deal + 1
    assert table.anim.column_winner == ["", "", "", ""] and not any(table.anim.slots)


def test_a_set_turning_over_plays_its_slide(make_app: Callable[..., App]) -> None:
    # SetRevealed has a field named ``kind`` (the set's rank): the sound must still be found.
    app, table = open_table(make_app)
    table.queue.instant = False
    played: list[str] = []
    table.sounds.play = played.append  # type: ignore[method-assign]
    table.cue_sound(brag.SetRevealed(seat=1, position=0, cards=("2S", "3S", "4S"),
                                     kind="running-flush"))  # fmt: skip
    table.queue.finish_all()
    assert played == ["card_slide"]


ALL_SIZES = [*SIZES, (3840, 2160)]


def table_things(table: BragTable) -> dict[str, pygame.Rect]:
    """Everything on the felt that must not touch anything else, at its largest: each
    opponent's row of sets (and fan of 13 backs), the spare piles with their captions,
    the deck, the plates, the player's slots with their rank labels, and the hand."""
    things: dict[str, pygame.Rect] = {}
    for seat, row in table.places.opp_rows.items():
        fan = table.places.fan_card(seat, 0).union(table.places.fan_card(seat, 12))
        sets = [
            table.places.set_card_rects(table.places.col_x[p], fan.y, table.places.opp_card_h, 3)
            for p in range(4)
        ]
        things[f"opponent {seat}"] = fan.unionall([r for s in sets for r in s])
        things[f"plate {seat}"] = table.places.plate_rect(seat)
        assert row.contains(things[f"opponent {seat}"]), f"opponent {seat}'s cards leave the row"
    caption_h = kt.text("Ag", table.font_px(14), (0, 0, 0), True).get_height()
    lift = table.places.pile_lift()
    for index in range(4 - table.num_seats):
        x, y = table.places.spare_pos(index)
        w, h = round(table.places.opp_card_h * 2 / 3), table.places.opp_card_h
        pile = pygame.Rect(x - w // 2, y - h // 2 - lift, w + lift, h + lift)
        pile.height += table.px(4) + caption_h
        things[f"spare {index + 1}"] = pile
    deck = pygame.Rect(
        0, 0, round(table.places.deck_h * 2 / 3) + table.px(6), table.places.deck_h + table.px(6)
    )
    deck.center = table.places.deck_pos
    things["deck"] = deck
    things["your plate"] = table.places.plate_rect(0)
    label_h = kt.text("Ag", table.font_px(14), (0, 0, 0), True).get_height()
    for slot, rect in enumerate(table.places.slot_rects):
        outline = rect.inflate(table.px(8), table.px(8))
        outline.height += table.px(1) + label_h
        things[f"slot {slot + 1}"] = outline
    hand = [rect for _, rect in table.places.hand_card_rects()]
    things["hand"] = hand[0].unionall(hand)
    return things


@pytest.mark.parametrize("opponents", [1, 2, 3])
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_sets_spares_deck_and_hand_never_touch(
    make_app: Callable[..., App], size: tuple[int, int], opponents: int
) -> None:
    """With two or three players the spare hands used to sit on the opponents' sets
    (and, at 1024x640, on the log); the deck sat on the first slot."""
    app, table = open_table(make_app, size, "ja", opponents)
    table.anim.hand = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    things = table_things(table)
    for (name_a, a), (name_b, b) in combinations(things.items(), 2):
        assert not a.colliderect(b), f"{name_a} {a} overlaps {name_b} {b}"
    for name, rect in things.items():
        assert table.table.contains(rect), f"{name} {rect} leaves the felt {table.table}"


@pytest.mark.parametrize("opponents", [1, 3])
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_showdown_banner_leaves_every_set_readable(
    make_app: Callable[..., App], size: tuple[int, int], opponents: int
) -> None:
    app, table = open_table(make_app, size, "es", opponents)
    table.anim.laid, table.anim.hand = True, ["6S"]  # the reveal: only the discard is left
    text = "Grupo 3: gana Rival 2 (Escalera de color)."
    panel = table.banner_rect(table.banner_image(text, (255, 255, 255)))
    things = table_things(table)
    for name, rect in things.items():
        if name != "hand":  # the discards may sit under it
            assert not panel.colliderect(rect), f"the banner covers {name}"
    assert table.table.contains(panel)


def test_the_deal_shows_as_dealing_and_nobody_glows_until_the_cards_are_out(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app)
    table.queue.instant = False  # the real pace: the engine is far ahead of the table
    glowing: list[int] = []
    real = table.draw_plate

    def spy(surface: pygame.Surface, rect: pygame.Rect, seat: int, chips: int, active: bool,
            *args: Any) -> None:  # fmt: skip
        if active:
            glowing.append(seat)
        real(surface, rect, seat, chips, active, *args)

    table.draw_plate = spy  # type: ignore[method-assign]
    run_until(app, lambda: 0 < table.anim.dealt_so_far < 40)
    assert table.state.phase is brag.Phase.SETTING  # the engine dealt at once
    assert table.turn_text() == "Dealing…"
    table.draw_table(pygame.Surface(app.size))
    assert glowing == []
    # A card flies to where it will lie in the seat's fan, not to the middle of the row.
    seat = 1
    sent = table.anim.queued_fan[seat]
    assert sent == 13
    target = table.places.fan_card(seat, 12)
    assert (
        table.places.fan_card(seat, 0).y == target.y and target.x > table.places.fan_card(seat, 0).x
    )
    run_until(app, lambda: table.anim.dealt_so_far == 52 and table.idle())
    table.draw_table(pygame.Surface(app.size))
    assert glowing == [table.state.to_act()] or table.state.to_act() == 0


def test_the_deal_that_wins_the_game_ends_face_up_under_the_finale(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app)
    target = table.state.options.target
    table.state.scores = [target - 1] * 4  # the first set anyone takes wins the game
    for _ in range(12):
        run_until(app, lambda: human_turn(table))
        if table.state.to_act() == brag.BETWEEN:
            break
        post(app, press_key(pygame.K_a))  # Auto-arrange
        click(app, table, "lay")
    run_until(app, lambda: human_turn(table))
    assert table.state.to_act() == brag.BETWEEN and not table.anim.hold
    winner = table.state.scores.index(max(table.state.scores))
    assert table.anim.game_winner == winner
    # The game ended before the last sets were played: they were turned up all the same.
    assert table.anim.unplayed and max(table.anim.unplayed) == 3
    for seat in range(1, 4):
        laid = table.state.layouts[seat]
        if laid is None or table.anim.fouled[seat]:
            continue
        for pos in range(len(laid)):
            cards = table.anim.opp_sets[seat][pos]
            assert cards is not None and all(c is not None for c in cards), (seat, pos)
            assert table.anim.flip.get((seat, pos), 1.0) == 1.0
    # The finale names the winner on the table, beside Next game / Leave.
    surface = pygame.Surface(app.size)
    shown: list[str] = []
    fit = kt.fit

    def spy(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        shown.append(words)
        return fit(words, *args, **kwargs)

    kt.fit = spy  # type: ignore[assignment]
    try:
        table.draw_finale(surface)
    finally:
        kt.fit = fit  # type: ignore[assignment]
    name = "You win the game!" if winner == 0 else f"{table.seat_name(winner)} wins the game!"
    assert shown[0] == name
    assert {"next", "leave"} <= set(table.widgets)


def test_only_the_decisions_buttons_show_after_the_table_is_shown_again(
    make_app: Callable[..., App],
) -> None:
    """Buttons of earlier decisions kept for reuse stay out of sight, also after the
    pause menu (showing the scene again shows every element it has)."""
    app, table = open_table(make_app)
    run_until(app, lambda: human_turn(table))
    post(app, press_key(pygame.K_a))  # Auto-arrange
    click(app, table, "lay")
    run_until(app, lambda: human_turn(table) and table.anim.hold)
    table.pause()
    table.resume()
    assert table.container is not None
    shown = {
        e.text
        for e in table.container.elements
        if isinstance(e, UIButton)
        and e.visible
        and table.table.union(table.side.rect).colliderect(e.rect)
    }
    wanted = {w.text for w in table.widgets.values() if isinstance(w, UIButton)}
    panel = {"Menu", "Hint"}
    assert wanted <= shown
    assert not {t for t in shown - wanted - panel if not t.startswith("Speed")}, shown


def test_a_reused_button_shows_its_new_words_on_the_next_frame(
    make_app: Callable[..., App],
) -> None:
    """A button taken back for another decision is relabelled: focused, it must not
    show the old words for a few frames while pygame_gui redraws its states."""
    from pygame_gui.core import ObjectID

    from game.scenes.kit.bar import relabel

    app, table = open_table(make_app, lang="es")
    app.step(1 / 60)
    rect = pygame.Rect(10, 10, 220, 40)
    reused = UIButton(rect, "Bajar", app.manager, table.container, object_id=ObjectID("#primary"))
    fresh = UIButton(
        rect.move(0, 60), "Siguiente partida", app.manager, table.container,
        object_id=ObjectID("#primary"),
    )  # fmt: skip
    for button in (reused, fresh):
        button.select()
    for _ in range(10):
        app.step(1 / 60)  # every state drawn, the old words included
    relabel(reused, "Siguiente partida")
    app.step(1 / 60)
    assert pygame.image.tobytes(reused.image, "RGBA") == pygame.image.tobytes(fresh.image, "RGBA")
