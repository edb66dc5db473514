"""Keys that are safe at the Sabacc table: digits pick cards while a card prompt is
open (never the bet box), a card's number stays put while the Two-Exchange's locks
are made, "Call the hand" has its own key (C stays Check/Call), and a rebuilt action
bar never puts the keyboard focus on Fold."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.scenes.base import key_events
from game.scenes.kit.table import DESTRUCTIVE
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def open_table(make_app: Callable[..., App], preset: str, seed: int = 5) -> tuple[App, SabaccTable]:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset=preset, seed=seed, opponents=("easy",) * 2))
    app.push(table)
    return app, table


def play_until(app: App, table: SabaccTable, wanted: Callable[[list[object]], bool],
               frames: int = 6000) -> None:  # fmt: skip
    """Play safe random moves (never fold, never call the hand) until ``wanted(legal)``."""
    rng = random.Random(2)
    for _ in range(frames):
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            if wanted(table.legal):
                return
            calm = [a for a in table.legal if not isinstance(a, sb.Fold | sb.CallHand)]
            assert table.submit(rng.choice(calm or table.legal))
        app.step(1 / 60)
    raise AssertionError("the decision never came")


def press(app: App, key: int, frames: int = 3) -> None:
    for event in key_events(key):
        pygame.event.post(event)
    for _ in range(frames):
        app.step(1 / 60)


def test_digits_pick_a_card_while_the_freeze_prompt_is_open(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "great-khan")
    play_until(app, table, lambda legal: any(isinstance(a, sb.Freeze) for a in legal)
               and any(isinstance(a, sb.Bet | sb.Raise) for a in legal))  # fmt: skip
    assert table.inputs.stepper is not None  # a bet box is showing too
    bet_before = table.inputs.stepper.value
    press(app, pygame.K_z)  # "Freeze a card": the prompt asks for its number
    assert table.inputs.card_mode == "freeze"
    hand = [c.code for c in table.anim.model.seats[0].cards if c.code and not c.in_field]
    press(app, pygame.K_2)
    assert isinstance(table.sent[-1], sb.Freeze)
    assert table.sent[-1].card == sc.parse(hand[1] or "")
    assert table.inputs.stepper is None or table.inputs.stepper.value == bet_before


def test_two_exchange_numbers_stay_put_while_locking(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "two-exchange")
    play_until(app, table, lambda legal: any(isinstance(a, sb.Lock) for a in legal))
    codes = [c.code for c in table.anim.model.seats[0].cards]
    numbers = table.inputs.card_numbers()
    assert sorted(numbers.values()) == list(range(1, len(codes) + 1))
    press(app, pygame.K_1)
    assert isinstance(table.sent[-1], sb.Lock) and table.sent[-1].card == sc.parse(codes[0] or "")
    for _ in range(200):  # the opponents lock too; wait for the player's next lock
        if table.mode == "human" and not table.queue.busy:
            break
        app.step(1 / 60)
    assert any(isinstance(a, sb.Lock) for a in table.legal)  # the next lock
    assert table.inputs.card_numbers() == numbers  # card 2 is still card 2
    press(app, pygame.K_2)
    assert table.sent[-1] == sb.Lock(sc.parse(codes[1] or ""))
    press(app, pygame.K_1)  # the locked card 1 cannot be locked again
    assert table.sent[-1] == sb.Lock(sc.parse(codes[1] or ""))


def test_call_the_hand_has_its_own_key(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "great-khan")
    play_until(app, table, lambda legal: sb.CALL_HAND in legal)
    spec = next(s for s in table.bar.specs if s.key == "callhand")
    others = {s.shortcut for s in table.bar.specs if s.key != "callhand"}
    assert spec.shortcut not in others
    assert spec.shortcut_label == "A" and pygame.K_c in others
    press(app, pygame.K_c)  # a habitual C checks or calls, never ends the hand
    assert isinstance(table.sent[-1], sb.Check | sb.Call)


def test_call_the_hand_key_calls_it(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "great-khan")
    play_until(app, table, lambda legal: sb.CALL_HAND in legal)
    press(app, pygame.K_a)
    assert table.sent[-1] == sb.CALL_HAND


def test_a_rebuilt_bar_never_focuses_fold(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "classic")
    play_until(app, table, lambda legal: sb.FOLD in legal)
    fold = table.bar.button("fold")
    assert fold is not None
    item = next(i for i in table.ring.items if getattr(i, "button", None) is fold)
    table.ring.focus_item(item)  # the player tabbed to Fold on the last decision
    table.recreate_ui()  # a new decision (or a resize) rebuilds the bar
    focused = getattr(table.ring.current, "button", None)
    risky = [table.bar.button(k) for k in DESTRUCTIVE]
    assert focused is not None and all(focused is not b for b in risky)
    # Enter on the new focus never folds.
    press(app, pygame.K_RETURN)
    assert table.sent == [] or not isinstance(table.sent[-1], sb.Fold)


def test_a_card_table_focuses_the_decisions_main_action(make_app: Callable[..., App]) -> None:
    from game.rules import ninehalf as nh
    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, opponents=("easy",) * 3,
                                               starting_chips=40))  # fmt: skip
    table.state = nh.new_game(4, nh.NineHalfOptions(dealer_sets_limit=False), chips=40, dealer=0)
    table.anim.dealer = 0
    app.push(table)
    for _ in range(3000):
        app.step(1 / 60)
        if "challenge" in table.widgets and table.idle():
            break
    assert "challenge" in table.widgets
    focused = getattr(table.ring.current, "button", None)
    assert focused is table.widgets["challenge"]  # not ◀, not Stop
