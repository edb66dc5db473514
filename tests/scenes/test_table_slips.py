"""Slips a new player met at the tables (issue 24): each test plays the table the way a
player does (clicks and keys through the real scene) and checks what they would see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.app import App
from game.rules import kessel as kg
from game.rules.base import BETWEEN
from game.scenes.base import click_events
from game.scenes.kessel_table import KesselTable
from game.scenes.kit.inputs import left_click
from game.scenes.kit.log import GameLog
from game.scenes.kit.text import line_height
from game.scenes.ninehalf_table import NineHalfTable
from game.scenes.pause import ConfirmScene, PauseScene
from game.scenes.sabacc_table import SabaccTable
from game.scenes.spike_table import SpikeTable
from game.scenes.table import QuickPlayConfig

pytestmark = pytest.mark.usefixtures("data_home")


def sit(
    make_app: Callable[..., App],
    kind: type,
    preset: str = "classic",
    game: str = "sabacc",
    lang: str = "en",
    size: tuple[int, int] = (1280, 720),
    seed: int = 5,
    opponents: int = 2,
) -> tuple[App, Any]:
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"  # every animation completes at once
    config = QuickPlayConfig(game=game, preset=preset, opponents=("easy",) * opponents, seed=seed)
    table = kind(app, config)
    app.push(table)
    return app, table


def frames(app: App, count: int) -> None:
    for _ in range(count):
        app.step(1 / 60)


def until(app: App, done: Callable[[], bool], limit: int = 3000, autoplay: Any = None) -> None:
    """Frames until ``done``; with ``autoplay`` (a table), the AI plays the player's seat
    through the inputs a player makes."""
    for _ in range(limit):
        if done():
            return
        if autoplay is not None:
            autoplay.autoplay_step()
        app.step(1 / 60)
    raise AssertionError("the table never got there")


def kit_turn(table: Any) -> Callable[[], bool]:
    return lambda: table.idle() and table.awaiting_human() and bool(table.controls)


def click(app: App, button: Any) -> None:
    for event in click_events(button):
        pygame.event.post(event)
    frames(app, 3)


# ------------------------------------------------------------------------- the hint
def test_classic_hint_button_on_your_turn_shows_the_hint_at_once(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, SabaccTable, seed=4)
    until(app, lambda: table.mode == "human" and not table.queue.busy)
    click(app, table.panel.hint_button.button)
    shown = [words for words, _ in table.hint.lines(table.ink)]
    assert i18n.t("sabacc.hint_wait") not in shown
    assert shown[0].startswith("Your hand: Total"), shown


@pytest.mark.parametrize(
    ("kind", "preset", "game", "size"),
    [
        (SabaccTable, "classic", "sabacc", (1280, 720)),
        (KesselTable, "kessel", "sabacc", (1280, 720)),
        (KesselTable, "kessel", "sabacc", (1920, 1080)),
        (KesselTable, "kessel-shift", "sabacc", (1280, 720)),
        (SpikeTable, "corellian-spike", "sabacc", (1280, 720)),
        (NineHalfTable, "", "ninehalf", (1280, 720)),
    ],
)
def test_the_hint_box_leaves_the_log_room_for_lines(
    make_app: Callable[..., App], kind: type, preset: str, game: str, size: tuple[int, int]
) -> None:
    """With Hint on, the log still has room for four lines of text."""
    app, table = sit(make_app, kind, preset, game, size=size, opponents=3)
    if kind is SabaccTable:
        until(app, lambda: table.mode == "human" and not table.queue.busy)
        lay, u = table.places, table.table_u
    else:
        until(app, kit_turn(table))
        lay, u = table.side, table.table_u
    click(app, table.panel.hint_button.button)
    assert table.panel.hint_open
    log = table.panel.log_rect(lay, u)
    size = table.canvas.log_text_px()
    pad, rule = GameLog._frame(log.size, size, "Game log", table.ink)
    assert (log.height - rule - pad) // line_height(size) >= 4, (log, size)


# ----------------------------------------------------------------- leaving the table
def leave_question(app: App, table: Any) -> str:
    table.go_back()
    frames(app, 2)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.confirm_leave()
    frames(app, 2)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    question = confirm.question
    app.pop()
    app.pop()
    frames(app, 2)
    return question


def test_leaving_warns_of_a_lost_hand_only_while_one_is_in_play(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, SabaccTable, seed=4)
    until(app, lambda: table.mode == "human" and not table.queue.busy)
    assert leave_question(app, table) == "Leave the table? The hand in play is lost."
    until(app, lambda: table.mode == "between", autoplay=table, limit=6000)
    assert leave_question(app, table) == "Leave the table?"


def test_leaving_a_kit_table_between_hands_warns_of_nothing(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, NineHalfTable, "", "ninehalf", opponents=2)
    until(app, kit_turn(table))
    assert leave_question(app, table) == "Leave the table? The hand in play is lost."
    until(app, lambda: table.state.to_act() == BETWEEN and table.idle(), autoplay=table)
    assert leave_question(app, table) == "Leave the table?"


# --------------------------------------------------------------- the log's language
def test_kessel_log_lines_follow_a_switch_back_to_english(
    make_app: Callable[..., App],
) -> None:
    """The same seeded table played in Spanish then switched to English reads exactly
    like the table played in English from the start."""
    app, table = sit(make_app, KesselTable, "kessel", opponents=3)
    until(app, kit_turn(table))
    english = [line for line, _ in table.log.lines]
    app.close()
    i18n.set_language("es")
    app, table = sit(make_app, KesselTable, "kessel", lang="es", opponents=3)
    until(app, kit_turn(table))
    spanish = [line for line, _ in table.log.lines]
    assert len(spanish) == len(english) > 3 and spanish != english
    i18n.set_language("en")
    assert [line for line, _ in table.log.lines] == english


# ------------------------------------------------------------------ Kessel's tokens
def click_at(app: App, pos: tuple[int, int]) -> None:
    for event in left_click(pos):
        pygame.event.post(event)
    frames(app, 3)


def test_kessel_take_these_tokens_is_a_greyed_button_until_three_are_chosen(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, KesselTable, "kessel-shift", opponents=3)
    until(app, kit_turn(table))
    assert table.state.phase == kg.PICKING
    take = table.widgets["confirm"]
    assert isinstance(take, UIButton) and take.text == "Take these tokens"
    assert "unavailable" in str(take.object_ids), take.object_ids
    click_at(app, take.rect.center)
    assert table.state.phase == kg.PICKING  # nothing taken, and the player is told why
    assert table.message is not None and "three tokens" in table.message[0]
    for token in ("free-draw", "refund", "embargo"):
        click_at(app, table.places.picker_rects()[kg.TOKENS.index(token)].center)
    take = table.widgets["confirm"]
    assert isinstance(take, UIButton) and "unavailable" not in str(take.object_ids)
    click_at(app, take.rect.center)
    until(app, kit_turn(table))
    assert table.state.phase == kg.TURN


def test_kessel_prompt_after_free_draw_says_the_draw_is_free(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, KesselTable, "kessel-shift", opponents=3)
    until(app, kit_turn(table))
    for token in ("free-draw", "refund", "embargo"):
        click_at(app, table.places.picker_rects()[kg.TOKENS.index(token)].center)
    click_at(app, table.widgets["confirm"].rect.center)
    until(app, lambda: kit_turn(table)() and table.state.phase == kg.TURN)
    assert table.status_text() == "Your turn: draw (1 chip) or stand."
    click_at(
        app, table.places.token_rects_mine[table.anim.model.my_tokens.index("free-draw")].center
    )
    until(app, lambda: kit_turn(table)() and "free-draw" not in table.anim.model.my_tokens)
    assert table.status_text() == "Your turn: draw (free: Free Draw) or stand."


# --------------------------------------------------------------- the shift's label
def spy_events(table: Any) -> list[str]:
    """The names of the events the table plays, a shift roll marked (``DieRolled+``)."""
    seen: list[str] = []
    play = table.play

    def spy(events: list[Any]) -> None:
        seen.extend(type(e).__name__ + ("+" if getattr(e, "shift", False) else "") for e in events)
        play(events)

    table.play = spy
    return seen


def a_round_after_a_shift(seen: list[str], roll: str) -> bool:
    return roll in seen and "RoundStarted" in seen[seen.index(roll) :]


def test_classic_shift_label_is_gone_when_the_next_round_starts(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, SabaccTable, seed=1)
    seen = spy_events(table)
    turn = lambda: table.mode == "human" and not table.queue.busy  # noqa: E731
    until(app, lambda: turn() and a_round_after_a_shift(seen, "DieRolled+"), autoplay=table)
    assert table.anim.model.die_value is not None  # the die still lies there...
    assert table.anim.model.die_text == ""  # ...without last round's "Shift!"


def test_spike_shift_label_is_gone_when_the_next_round_starts(
    make_app: Callable[..., App],
) -> None:
    app, table = sit(make_app, SpikeTable, "corellian-spike", seed=9)
    seen = spy_events(table)
    until(
        app,
        lambda: kit_turn(table)() and a_round_after_a_shift(seen, "SpikeDiceRolled+"),
        autoplay=table,
    )
    dice = table.anim.model.dice
    assert dice is not None and dice[0] == dice[1]  # last round's shift
    said: list[str] = []
    caption = table.caption
    table.caption = lambda surface, words, *a, **k: (
        said.append(words)
        or caption(  # type: ignore[method-assign]
            surface, words, *a, **k
        )
    )
    table.painter.draw_dice(app.screen)
    assert "Sabacc Shift" not in said


# ------------------------------------------------------ Corellian Spike's one word
@pytest.mark.parametrize("lang", ["en", "es"])
def test_spike_log_names_the_symbols_the_dice_show(make_app: Callable[..., App], lang: str) -> None:
    from game.ui.spike_dice import symbol_of

    i18n.set_language(lang)
    app, table = sit(make_app, SpikeTable, "corellian-spike", lang=lang, seed=9)
    seen = spy_events(table)
    until(app, lambda: kit_turn(table)() and "SpikeDiceRolled+" in seen, autoplay=table)
    first, second = table.anim.model.dice  # what the dice on the felt show
    name = i18n.t(f"spikedice.symbol.{symbol_of(first)}")
    lines = [line for line, _ in table.log.lines if name in line]
    said = i18n.t("spike.log.shift", first=name, second=name)
    assert said in lines, lines
    assert not any(ch.isdigit() for ch in said)
    app.close()
    i18n.set_language("en")


def test_spike_says_junk_where_the_button_says_junk(make_app: Callable[..., App]) -> None:
    from game.rules import spike_base as sb

    app, table = sit(make_app, SpikeTable, "corellian-spike", seed=5)
    until(app, lambda: kit_turn(table)() and table.state.phase == "betting", autoplay=table)
    button = table.widgets["fold"]
    assert button.text == "Junk"
    click(app, table.panel.hint_button.button)
    until(app, lambda: table.hint.key is not None)
    from ai.advice import Advice

    # The words the hint box would use for the move, before its reason.
    assert table.hint._describe(Advice(sb.FOLD, None)).startswith("Junk")
    click_at(app, button.rect.center)
    until(app, lambda: table.idle())
    said = [line for line, _ in table.log.lines]
    assert any(line.startswith("You junk your hand: ") for line in said), said
    assert not any("fold" in line.lower() for line in said)


# ------------------------------------------------------------------- Brag's table
def brag_arranging(make_app: Callable[..., App], lang: str = "en") -> tuple[App, Any]:
    from game.scenes.brag_table import BragTable

    app, table = sit(make_app, BragTable, "", "brag", lang=lang, opponents=3)
    until(app, lambda: kit_turn(table)() and table.arranging)
    return app, table


@pytest.mark.parametrize("lang", ["en", "es"])
def test_brag_empty_sets_warning_stays_whole_on_the_felt(
    make_app: Callable[..., App], lang: str
) -> None:
    i18n.set_language(lang)
    app, table = brag_arranging(make_app, lang)
    click(app, table.widgets["clear"])
    click(app, table.widgets["lay"])
    assert table.message is not None and str(table.message[0]) == i18n.t("tables.brag_empty")
    app.draw(app.screen)
    box = table.notices.box
    assert box is not None and table.table.contains(box), (box, table.table)
    assert not box.colliderect(table.side.rect)
    i18n.set_language("en")


# ------------------------------------------------------------------------ replays
@pytest.mark.parametrize("game", ["ninehalf", "sabacc"])
def test_a_replay_has_no_hint_and_its_menu_button_goes_back(
    make_app: Callable[..., App], game: str
) -> None:
    from game.scenes.history import HistoryScene

    if game == "sabacc":
        app, table = sit(make_app, SabaccTable, seed=4)
        until(app, lambda: table.hands_played >= 1, autoplay=table, limit=6000)
    else:
        app, table = sit(make_app, NineHalfTable, "", "ninehalf", opponents=2)
        until(app, lambda: table.driver.hands_done >= 1, autoplay=table)
    frames(app, 3)
    history = HistoryScene(app, game)
    app.push(history)
    history.hand_buttons[0].activate()
    frames(app, 2)
    replay = app.top
    assert replay.replaying and replay is not history
    hint, menu = replay.panel.hint_button, replay.panel.menu
    assert not hint.button.visible and not hint.enabled
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    frames(app, 2)
    assert not replay.panel.hint_open
    assert menu.button.text == "Back"
    click(app, menu.button)
    assert app.top is history


BRAG_HAND = ["2S", "2H", "2D", "AS", "KS", "QS", "5C", "5D", "9H", "7C", "8D", "JC", "3H"]


def test_brag_clicks_pick_several_cards_and_a_set_takes_them_all(
    make_app: Callable[..., App],
) -> None:
    from game.scenes.brag_table import BragTable

    app, table = sit(make_app, BragTable, "", "brag", opponents=3)
    table.play(table.state.deal_fixed([BRAG_HAND]))  # the scene's own path, a known hand
    until(app, lambda: kit_turn(table)() and table.arranging)
    for code in ("2S", "2H", "2D", "AS"):
        click_at(app, table.inputs.card_centre(code))
    assert table.inputs.picked == ["2S", "2H", "2D", "AS"]
    click_at(app, table.places.slot_rects[0].center)
    assert table.anim.slots[0] == ["2S", "2H", "2D"]  # as many as the set holds...
    assert table.inputs.picked == ["AS"]  # ...the fourth still in hand, picked for the next set
    click_at(app, table.inputs.card_centre("KS"))
    click_at(app, table.inputs.card_centre("QS"))
    click_at(app, table.places.slot_rects[1].center)
    assert table.anim.slots[1] == ["AS", "KS", "QS"] and table.inputs.picked == []
    assert len(table.anim.hand) == 7


def test_brag_opponents_fans_stay_inside_one_set_column(make_app: Callable[..., App]) -> None:
    app, table = brag_arranging(make_app)
    fans = [seat for seat in range(1, table.num_seats) if table.anim.dealt[seat]]
    assert fans  # someone still arranging holds their 13 cards
    column = pygame.Rect(
        table.places.col_x[0] - table.places.col_w // 2, 0, table.places.col_w, table.app.size[1]
    )
    for seat in fans:
        for index in range(13):
            assert column.contains(table.places.fan_card(seat, index)), (seat, index)
