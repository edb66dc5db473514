"""The Sabacc table says why: betting actions a player looks for but may not take are
greyed with the reason (only the lead opens, the lead may not fold) and their keys
say it; the hint names the action as its button does ("Call 3", not "Call 0"), with
a one-line reason, and gives bomb-out odds only where a draw can bomb you out."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from ai import advice
from game import i18n
from game.app import App
from game.rules import sabacc as sb
from game.scenes.base import key_events
from game.scenes.sabacc.model import draw_can_bomb, hint_words
from game.scenes.sabacc_table import SabaccTable, action_label
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def open_table(make_app: Callable[..., App], preset: str = "classic", seed: int = 5
               ) -> tuple[App, SabaccTable]:  # fmt: skip
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset=preset, seed=seed, opponents=("easy",) * 2))
    app.push(table)
    return app, table


def play_until(app: App, table: SabaccTable, wanted: Callable[[sb.SabaccView], bool],
               frames: int = 8000) -> sb.SabaccView:  # fmt: skip
    rng = random.Random(3)
    for _ in range(frames):
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            view = table.state.view(0)
            if wanted(view):
                return view
            calm = [a for a in table.legal if not isinstance(a, sb.Fold | sb.CallHand)]
            assert table.submit(rng.choice(calm or table.legal))
        app.step(1 / 60)
    raise AssertionError("the decision never came")


def unopened_betting(lead: bool) -> Callable[[sb.SabaccView], bool]:
    return lambda v: v.phase == sb.BETTING and v.level == 0 and (v.lead == 0) == lead


def test_only_the_lead_opens_says_so(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    view = play_until(app, table, unopened_betting(lead=False))
    bet = next(s for s in table.bar.specs if s.key == "bet")
    assert bet.reason == f"Only the lead opens the betting ({table.seat_name(view.lead)})"
    button = table.bar.button("bet")
    assert button is not None  # greyed, not missing: its tooltip says why
    assert any("unavailable" in i for i in button.object_ids if i)
    assert button.tool_tip_text == bet.reason
    sent = len(table.sent)
    for event in key_events(pygame.K_b):
        pygame.event.post(event)
    app.step(1 / 60)
    assert len(table.sent) == sent  # nothing reached the engine
    assert table.inputs.refusal is not None and table.inputs.refusal[0] == bet.reason
    assert table.log.lines[-1][0] == bet.reason
    table.inputs.refusal = None
    table.bar.items["bet"].activate()  # a click (or Enter on it) says it too
    assert len(table.sent) == sent and table.inputs.refusal is not None


def test_the_lead_sees_why_there_is_no_fold(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    play_until(app, table, unopened_betting(lead=True))
    fold = next(s for s in table.bar.specs if s.key == "fold")
    assert fold.reason == "The lead may not fold"
    assert sb.FOLD not in table.legal


def test_the_hint_names_the_amount_the_button_shows() -> None:
    numbers = {"pot": 12, "owe": 3, "need": 20, "win": 35, "total": "+21", "gap": 2}
    advised = advice.Advice(sb.CALL, advice.Reason("advice.sabacc.call_odds", numbers))
    words = hint_words(advised, 3, str)
    assert words.startswith(action_label(sb.CALL, 3) + " — ")
    assert action_label(sb.CALL, 3) == "Call 3"
    assert words == "Call 3 — a pot of 12 for your 3: you need 20% and win about 35%"
    i18n.set_language("es")
    try:
        assert hint_words(advised, 3, str).startswith("Igualar 3: ")
    finally:
        i18n.set_language("en")


def test_bomb_out_odds_only_where_a_draw_can_bomb(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "classic")
    view = play_until(app, table, lambda v: v.phase == sb.DRAWING)
    assert not draw_can_bomb(view, table.legal)  # Classic: draw, then discard the worst
    table.panel.hint_open = True
    table.ask_hint()
    assert not any("bombs you out" in words for words, _ in table.hint.facts)
    app2, khan = open_table(make_app, "great-khan")
    view = play_until(app2, khan, lambda v: sb.DRAW in khan.legal)
    assert draw_can_bomb(view, khan.legal)


def test_brag_lay_down_says_what_is_missing(make_app: Callable[..., App]) -> None:
    from game.scenes.brag_table import BragTable

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = BragTable(app, QuickPlayConfig(game="brag", seed=7, opponents=("easy",) * 3))
    app.push(table)
    for _ in range(600):
        app.step(1 / 60)
        if table.arranging and table.idle() and table.state.to_act() == 0:
            break
    assert table.arranging and not any(table.anim.slots)
    table.inputs.lay_down()  # empty sets: a warning, not a thrown-away hand
    assert not table.anim.laid and table.message is not None
    assert table.message[0].startswith("Your sets are empty")
    table.anim.slots[0] = table.anim.hand[:2]
    table.anim.hand = table.anim.hand[2:]
    table.inputs.lay_down()
    assert not table.anim.laid and table.message is not None
    assert table.message[0] == "Not laid down. Set 1 has 2 of 3 cards: add 1 more."
    table.inputs.clear_slots()
    table.inputs.lay_down()
    table.inputs.lay_down()  # pressed again while the warning shows: the player means it
    assert table.anim.laid
