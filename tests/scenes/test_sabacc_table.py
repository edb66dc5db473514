"""The Sabacc table scene: inputs reach the engine as the right actions, only legal
actions are offered, nothing overlaps at three window sizes, hidden cards stay hidden,
and the autoplay of one hand exits 0 with its screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import Event
from game.rules.sabacc_rank import rank_cards
from game.scenes.base import key_events
from game.scenes.sabacc_table import SabaccTable, bust_chance, compute_layout
from game.scenes.table import QuickPlayConfig
from game.ui.tween import Wait

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, statistics and hand history go under tmp_path, never the user's folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def open_table(
    make_app: Callable[..., App],
    size: tuple[int, int] = (1280, 720),
    lang: str = "en",
    seed: int = 4,
    opponents: int = 2,
) -> tuple[App, SabaccTable]:
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"  # every animation completes at once
    scene = SabaccTable(app, QuickPlayConfig(seed=seed, opponents=("easy",) * opponents))
    app.push(scene)
    return app, scene


def run_until(app: App, condition: Callable[[], bool], frames: int = 400) -> None:
    for _ in range(frames):
        if condition():
            return
        app.step(1 / 60)
    raise AssertionError("the table never reached the expected point")


def human_turn(scene: SabaccTable) -> Callable[[], bool]:
    return lambda: scene.mode == "human" and not scene.queue.busy


KEY_FOR = {
    sb.Check: pygame.K_c,
    sb.Call: pygame.K_c,
    sb.CallHand: pygame.K_a,
    sb.PassCall: pygame.K_p,
    sb.Fold: pygame.K_f,
    sb.Draw: pygame.K_d,
    sb.Stand: pygame.K_s,
    sb.Keep: pygame.K_k,
    sb.Bet: pygame.K_b,
    sb.Raise: pygame.K_r,
}


def keyboard_inputs(scene: SabaccTable, action: object) -> list[pygame.event.Event]:
    """What a keyboard player presses for ``action`` (shortcut, stepper keys, digit)."""
    events: list[pygame.event.Event] = []
    if isinstance(action, sb.Discard):
        hand = [c.code for c in scene.anim.model.seats[0].cards if c.code and not c.in_field]
        return key_events(getattr(pygame, f"K_{hand.index(sc.code(action.card)) + 1}"))
    if isinstance(action, sb.Bet | sb.Raise):
        assert scene.inputs.stepper is not None
        for digit in str(action.amount):
            events += key_events(getattr(pygame, f"K_{digit}"))
    return events + key_events(KEY_FOR[type(action)])


def choose(scene: SabaccTable, turn: int) -> object:
    """A varied but simple player: bets and raises 2, draws once, calls when allowed."""
    legal = scene.legal
    for kind in (sb.CallHand, sb.Bet, sb.Raise, sb.Discard, sb.Draw, sb.Call, sb.Check):
        options = [a for a in legal if isinstance(a, kind)]
        if kind in (sb.Bet, sb.Raise) and options:
            return next((a for a in options if a.amount == 2), options[0])
        if kind is sb.Draw and options and turn % 2:
            return options[0]
        if kind is sb.Discard and options:
            return options[-1]
        if options and kind not in (sb.Draw,):
            return options[0]
    return legal[0]


SEAT0_EVENT = {
    sb.Check: ev.Checked,
    sb.Call: ev.Called,
    sb.Bet: ev.BetPlaced,
    sb.Raise: ev.Raised,
    sb.Fold: ev.Folded,
    sb.CallHand: ev.HandCalled,
    sb.PassCall: ev.PassedCall,
    sb.Draw: ev.CardDrawn,
    sb.Stand: ev.Stood,
    sb.Keep: ev.KeptAll,
    sb.Discard: ev.CardDiscarded,
}


def test_a_whole_hand_played_with_keys_and_clicks_reaches_the_engine(
    make_app: Callable[..., App],
) -> None:
    app, scene = open_table(make_app, seed=4)
    turn = 0
    while scene.hands_played == 0:
        run_until(app, lambda: human_turn(scene)() or scene.hands_played > 0)
        if scene.hands_played:
            break
        action = choose(scene, turn)
        before = len(scene.sent)
        # Alternate: even decisions by keyboard, odd ones by mouse clicks.
        inputs = (
            keyboard_inputs(scene, action) if turn % 2 == 0 else scene.inputs.inputs_for(action)
        )
        assert inputs, f"no input makes {action}"
        for event in inputs:
            pygame.event.post(event)
        run_until(app, lambda n=before: len(scene.sent) > n, frames=10)
        assert scene.sent[-1] == action
        turn += 1
    assert turn >= 4
    # The engine's own log of this hand shows seat 0 doing exactly what was sent.
    mine = [e for e in scene.state.log if getattr(e, "seat", None) == 0]
    expected = [SEAT0_EVENT[type(a)] for a in scene.sent if type(a) is not sb.Draw]
    done = [
        type(e) for e in mine if type(e) in SEAT0_EVENT.values() and type(e) is not ev.CardDrawn
    ]
    assert done == expected
    for action, event in zip(
        [a for a in scene.sent if isinstance(a, sb.Bet)],
        [e for e in mine if isinstance(e, ev.BetPlaced)],
        strict=True,
    ):
        assert event.amount == action.amount
    # After the animations the display model agrees with the engine to the chip.
    assert [s.chips for s in scene.anim.model.seats] == scene.state.chips
    assert (scene.anim.model.hand_pot, scene.anim.model.sabacc_pot) == (
        scene.state.hand_pot,
        scene.state.sabacc_pot,
    )


def test_input_is_ignored_while_animating_or_out_of_turn(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app, seed=4)
    run_until(app, human_turn(scene))
    scene.queue.instant = False
    scene.queue.push(Wait(5.0))  # something still playing
    taken = scene.state.actions_taken
    assert not scene.submit(scene.legal[0])
    scene.queue.clear()
    scene.queue.instant = True
    assert not scene.submit(sb.Raise(99))  # not a legal action
    assert scene.state.actions_taken == taken
    assert scene.submit(scene.legal[0])
    assert scene.state.actions_taken == taken + 1


def test_only_legal_actions_become_buttons(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app, seed=9, opponents=3)
    seen: set[str] = set()
    for _ in range(12):
        run_until(app, lambda: human_turn(scene)() or scene.hands_played > 0)
        if scene.hands_played:
            break
        legal = scene.legal
        # Greyed buttons (Bet for a seat that may not open, Fold for the lead) say why
        # and cannot be pressed; every other button is a legal action.
        keys = {spec.key for spec in scene.bar.specs if not spec.reason}
        greyed = [s for s in scene.bar.specs if s.reason]
        simple = {
            "check": sb.Check,
            "call": sb.Call,
            "fold": sb.Fold,
            "callhand": sb.CallHand,
            "passcall": sb.PassCall,
            "draw": sb.Draw,
            "stand": sb.Stand,
            "keep": sb.Keep,
            "bet": sb.Bet,
            "raise": sb.Raise,
        }
        wanted = {key for key, kind in simple.items() if any(isinstance(a, kind) for a in legal)}
        assert keys == wanted
        assert len(scene.bar.elements()) == len(wanted) + len(greyed)
        amounts = [a.amount for a in legal if isinstance(a, sb.Bet | sb.Raise)]
        if amounts:
            assert scene.inputs.stepper is not None
            assert (scene.inputs.stepper.low, scene.inputs.stepper.high) == (
                min(amounts),
                max(amounts),
            )
        else:
            assert scene.inputs.stepper is None
        # A discard is a click on the card, never a button.
        assert scene.inputs.card_mode == (
            "discard" if any(isinstance(a, sb.Discard) for a in legal) else ""
        )
        seen |= keys
        scene.submit(choose(scene, len(seen)))
    assert {"check", "bet"} <= seen or {"call", "fold"} <= seen


def test_unknown_actions_get_a_button_and_unknown_events_go_to_the_log(
    make_app: Callable[..., App],
) -> None:
    @dataclass(frozen=True)
    class Surrender:
        def __str__(self) -> str:
            return "surrender half"

    @dataclass(frozen=True)
    class ForceDeclared(Event):
        seat: int
        side: str

    app, scene = open_table(make_app, seed=4)
    run_until(app, human_turn(scene))
    scene.legal = [sb.STAND, Surrender()]
    specs = scene.inputs.specs()
    assert [spec.label for spec in specs] == ["Stand", "surrender half"]
    scene.play([ForceDeclared(2, "light")])
    assert "ForceDeclared" in scene.log.lines[-1][0] and "light" in scene.log.lines[-1][0]


def test_other_seats_hidden_cards_never_reach_the_display(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app, seed=6, opponents=3)
    for _ in range(6):
        run_until(app, lambda: human_turn(scene)() or scene.hands_played > 0)
        if scene.hands_played:
            break
        mine = sorted(c.code for c in scene.anim.model.seats[0].cards if c.code)
        assert mine == sorted(sc.codes(scene.state.cards_of(0)))
        for seat in range(1, 4):
            assert all(c.code is None for c in scene.anim.model.seats[seat].cards if not c.in_field)
            assert len(scene.anim.model.seats[seat].cards) == len(scene.state.cards_of(seat))
        scene.submit(choose(scene, 1))


def test_hint_reports_bust_chance_from_unseen_cards() -> None:
    state = sb.new_game(2)
    state.start_next()
    # Seat 0 gets the Star and the Idiot (total -17); seat 1 gets two Coins.
    mine = [sc.STAR, sc.IDIOT]
    theirs = [sc.parse("5c"), sc.parse("9c")]
    while state.chance:
        seat = state.chance[0][1]
        state.apply_chance((mine if seat == 0 else theirs).pop())
    view = state.view(0)
    deck = sc.standard_deck()
    for card in (sc.STAR, sc.IDIOT):
        deck.remove(card)  # seat 0 cannot see seat 1's Coins: they count as unseen
    busts = sum(
        1
        for card in deck
        if rank_cards([sc.STAR, sc.IDIOT, card], view.values, view.options).bombed_out
    )
    assert bust_chance(view) == pytest.approx(busts / len(deck))
    assert 0 < busts < len(deck)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_layout_has_no_overlaps(size: tuple[int, int]) -> None:
    u = max(0.8, min(size[0] / 1280, size[1] / 720))
    for seats in range(2, 9):
        lay = compute_layout(size, u, seats)
        boxes: list[tuple[str, pygame.Rect]] = [
            ("deck", lay.deck),
            ("discard", lay.discard),
            ("die", lay.die),
            ("hand pot", lay.hand_pot),
            ("sabacc pot", lay.sabacc_pot),
            ("bar", lay.bar),
            ("total", lay.total_badge),
        ]
        for seat, place in enumerate(lay.seats):
            cards = 6 if seat == 0 else 5
            fan = place.card_rect(0, cards).union(place.card_rect(cards - 1, cards))
            boxes.append((f"seat {seat} plate", place.plate))
            boxes.append((f"seat {seat} cards", fan))
        for name, box in boxes:
            assert lay.table.contains(box), f"{seats} seats: {name} leaves the felt {box}"
        for (a, ra), (b, rb) in combinations(boxes, 2):
            assert not ra.colliderect(rb), f"{seats} seats at {size}: {a} overlaps {b}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_buttons_fit_without_overlap_in_every_language(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app, scene = open_table(make_app, size=size, seed=4, opponents=7)
    run_until(app, human_turn(scene))
    window = pygame.Rect((0, 0), app.size)
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)  # the App rebuilds every scene's widgets
        app.step(1 / 60)
        elements = [e for e in scene.interactive_elements() if e.visible]
        assert len(elements) >= 5
        for a, b in combinations(elements, 2):
            assert not a.get_abs_rect().colliderect(b.get_abs_rect()), f"{a.text} / {b.text}"
        for element in elements:
            rect = element.get_abs_rect()
            assert window.contains(rect)
            text_w, text_h = element.font.size(element.text)
            assert text_w <= rect.width - 8 and text_h <= rect.height, (lang, element.text, rect)


def test_every_phase_draws_under_the_dummy_driver(make_app: Callable[..., App]) -> None:
    app, scene = open_table(make_app, seed=4)
    scene.toggle_hint()
    phases: set[str] = set()
    for _ in range(2000):
        app.step(1 / 60)
        phases.add(scene.state.phase)
        if scene.mode == "human":
            scene.submit(choose(scene, len(phases)))
        if scene.hands_played:
            break
    assert {sb.BETTING, sb.DRAWING} <= phases
    assert scene.hands_played == 1
    run_until(app, lambda: scene.mode == "between", frames=20)
    assert scene.bar.button("next") is not None and scene.bar.button("leave") is not None


def test_autoplay_of_one_hand_exits_0_with_screenshots(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    stats = tmp_path / "fs.json"
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    command = [sys.executable, "-m", "game", "--autoplay", "--game", "sabacc"]
    command += ["--preset", "classic", "--hands", "1", "--headless", "--seed", "3"]
    command += ["--screenshots", str(shots), "--frame-stats", str(stats)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    joined = " ".join(names)
    for part in ("sabacc-table", "sabacc-1-deal", "sabacc-1-bet", "results"):
        assert part in joined, names
    assert names.index(next(n for n in names if "results" in n)) > names.index(
        next(n for n in names if "sabacc-1-deal" in n)
    )
    summary = json.loads(stats.read_text(encoding="utf-8"))
    assert summary["frames"] > 100 and summary["p50_ms"] > 0


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_reveal_takes_down_a_seats_last_bet_but_not_its_fold(
    make_app: Callable[..., App], lang: str
) -> None:
    """An opponent's "Check" stayed beside its seat at the reveal, under its hand's name."""
    app, scene = open_table(make_app, lang=lang)
    app.step(1 / 60)
    scene.queue.finish_all()
    seats = scene.anim.model.seats
    scene.play([ev.Checked(1), ev.Checked(0), ev.Folded(2, 0)])
    scene.queue.finish_all()
    assert seats[1].status == i18n.t("sabacc.status.check")  # up while the betting lasts
    cards = ("3c", "7c")
    scene.play([ev.HandRevealed(1, cards, "normal", 10)])
    scene.queue.finish_all()
    assert seats[1].status == "" and seats[0].status == ""  # not yet shown, no "Check" either
    assert seats[1].hand_label == i18n.t("sabacc.kind.normal", total=10)
    assert seats[2].status == i18n.t("sabacc.status.fold")
    app.step(1 / 60)
    app.close()


def test_the_keyboard_focus_waits_for_a_decision_not_on_menu(
    make_app: Callable[..., App],
) -> None:
    """A table that opens with the computers to act has nothing to focus: Menu must not
    light up as if chosen (a menu built out of sight focuses its first item; a table
    does not)."""
    app, scene = open_table(make_app)
    app.step(1 / 60)
    menu = next(item for item in scene.ring.items if getattr(item, "button", None) is not None)
    assert scene.ring.current is not menu
    run_until(app, human_turn(scene))
    current = scene.ring.current
    assert current is not None and current is not menu  # the decision's main action
