"""The Nine and a Half table played through synthetic input events (clicks and keys)."""

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
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.ninehalf_table import NineHalfTable, gap_between
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


def open_table(make_app: Callable[..., App], dealer: int, size: tuple[int, int] = (1280, 720),
               lang: str = "en", opponents: int = 3) -> tuple[App, NineHalfTable]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", opponents=("easy",) * opponents,
                                               starting_chips=40, seed=3))  # fmt: skip
    # Test set-up: a known dealer and a fixed limit, before the first frame is shown.
    table.state = nh.new_game(1 + opponents, nh.NineHalfOptions(dealer_sets_limit=False),
                              chips=40, dealer=dealer)  # fmt: skip
    table.anim.dealer = dealer
    app.push(table)
    return app, table


def record_human_actions(table: NineHalfTable) -> list[Any]:
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


def wait_for_turn(app: App, table: NineHalfTable, limit: int = 3000) -> None:
    for _ in range(limit):
        if table.idle() and table.awaiting_human() and table.controls:
            return
        app.step(1 / 60)
    raise AssertionError("the player's turn never came")


def click(app: App, table: NineHalfTable, key: str) -> None:
    events = table.click_control(key)
    assert events, f"no {key!r} control; shown: {sorted(table.widgets)}"
    post(app, events)


def test_a_deal_as_player_reaches_the_engine_as_the_right_actions(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app, dealer=2)
    human = record_human_actions(table)
    wait_for_turn(app, table)
    assert table.state.phase == nh.ANTE
    assert set(table.widgets) == {"minus", "value", "plus", "ante", "sitout"}
    assert table.widgets["value"].text == "Ante: 1 (1–3)"
    click(app, table, "plus")
    assert table.widgets["value"].text == "Ante: 2 (1–3)"
    post(app, press_key(pygame.K_a))  # the Ante button's shortcut
    assert human == [nh.Ante(2)]
    wait_for_turn(app, table)
    assert table.state.phase == nh.HIT
    assert set(table.widgets) <= {"hit", "stay"} and "stay" in table.widgets
    click(app, table, "stay")
    assert human[-1] == nh.Stay()
    wait_for_turn(app, table)
    assert table.state.phase == nh.BET
    # The bet stepper shows the limit.
    assert table.widgets["value"].text == "Bet: 1 (limit 10)"
    for _ in range(2):
        click(app, table, "plus")
    click(app, table, "bet")
    assert human == [nh.Ante(2), nh.Stay(), nh.Bet(3)]
    wait_for_turn(app, table)
    assert table.state.to_act() == BETWEEN
    assert set(table.widgets) == {"next", "leave"}
    # Chips are conserved and the table shows the engine's stacks.
    assert sum(table.state.chips) == 4 * 40
    assert table.anim.chips == table.state.chips
    assert table.state.completed == 1


def dealer_decision(app: App, table: NineHalfTable, human: list[Any]) -> None:
    """Ante/hit/bet are the computer players'; wait for the dealer's first decision."""
    wait_for_turn(app, table)
    assert table.state.phase == nh.DEALER and table.state.to_act() == 0
    assert human == []


def test_dealer_stop_appears_only_once_the_duty_is_met(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, dealer=0, opponents=4)
    human = record_human_actions(table)
    dealer_decision(app, table, human)
    view = table.state.view(0)
    players = [s for s in range(1, 5) if view.in_deal[s]]
    assert view.duty == len(players) // 2 >= 1
    assert "stop" not in table.widgets
    assert table.duty_text() == (f"Challenge at least {view.duty} more player" + ("s" if view.duty > 1 else ""),
                                 table.ink.bad)  # fmt: skip
    # Challenge by clicking a player's seat on the table.
    first = players[0]
    post(app, left_click(table.places.plates[first].center))
    assert human == [nh.Challenge(first)]
    wait_for_turn(app, table)
    if view.duty == 2:
        assert "stop" not in table.widgets
        click(app, table, "challenge")  # the button names the next open seat
        assert isinstance(human[-1], nh.Challenge) and human[-1].seat != first
        wait_for_turn(app, table)
    if table.state.to_act() == BETWEEN:
        return  # every player was challenged: the deal settled itself
    assert "stop" in table.widgets
    assert table.duty_text() == ("Duty met: you may stop", table.ink.good)
    if "draw" in table.widgets:
        # A draw puts the dealer back under duty: Stop goes away until one more challenge.
        click(app, table, "draw")
        assert human[-1] == nh.Draw()
        wait_for_turn(app, table)
        if table.state.to_act() == 0:
            assert "stop" not in table.widgets
            click(app, table, "challenge")
            wait_for_turn(app, table)
    if table.state.to_act() == 0:
        click(app, table, "stop")
        assert human[-1] == nh.Stop()
    wait_for_turn(app, table)
    assert table.state.to_act() == BETWEEN
    assert sum(table.state.chips) == 5 * 40


def layout_problems(app: App, table: NineHalfTable) -> list[str]:
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
    plates = list(table.places.plates.values())
    for a, b in combinations(plates, 2):
        if a.colliderect(b):
            problems.append(f"nameplates overlap: {a} {b}")
    for plate in plates:
        if not table.table.contains(plate):
            problems.append(f"nameplate {plate} leaves the table")
    return problems


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_layout_fits_at_every_size_with_ten_seats(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app, table = open_table(make_app, dealer=3, size=size, lang=lang, opponents=9)
    wait_for_turn(app, table)
    assert table.state.phase == nh.ANTE
    assert layout_problems(app, table) == []
    post(app, press_key(pygame.K_a))
    wait_for_turn(app, table)
    table.draw(app.screen)
    assert layout_problems(app, table) == []
    # The bet stepper's label is the longest ("ベット 1（リミット5）" was cut at 1024x640).
    click(app, table, "stay")
    wait_for_turn(app, table)
    assert table.state.phase == nh.BET
    for _ in range(4):
        click(app, table, "plus")
    assert layout_problems(app, table) == []


def test_autoplay_subprocess_plays_deals_and_saves_screenshots(tmp_path: Path) -> None:
    config = tmp_path / "config" / "sabacc-parlor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        json.dumps({"animation_speed": "instant"}), encoding="utf-8"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}  # fmt: skip
    shots, stats = tmp_path / "shots", tmp_path / "stats.json"
    done = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--game", "ninehalf", "--deals", "2",
         "--headless", "--screenshots", str(shots), "--frame-stats", str(stats), "--seed", "5"],
        env=env, capture_output=True, text=True, timeout=240, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    for phase in ("ninehalf-table", "ninehalf-deal-over", "results"):
        assert any(phase in name for name in names), f"no {phase} screenshot in {names}"
    assert json.loads(stats.read_text(encoding="utf-8"))["frames"] > 0


@pytest.mark.parametrize("opponents", [3, 5])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_long_hands_leave_every_nameplate_readable(
    make_app: Callable[..., App], size: tuple[int, int], opponents: int
) -> None:
    app, table = open_table(make_app, dealer=1, size=size, lang="es", opponents=opponents)
    app.step(1 / 60)
    for seat in range(table.num_seats):
        for count in range(1, 6):
            hand = table.places.card_rects(seat, count)
            assert table.table.contains(hand[0].unionall(hand)), (seat, count)
            for other, plate in table.places.plates.items():
                covered = [r for r in hand if r.colliderect(plate)]
                assert not covered, f"{count} cards of seat {seat} cover the plate of {other}"


def hand_footprint(table: NineHalfTable, seat: int, count: int) -> pygame.Rect:
    """The seat's cards and the value caption under them (the player's caption is beside)."""
    cards = table.places.card_rects(seat, count)
    area = cards[0].unionall(cards)
    if seat != 0:
        area.height += table.places.caption_h()
    return area


ALL_SIZES = [*SIZES, (3840, 2160)]


@pytest.mark.parametrize("opponents", [2, 3, 6, 9])
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_seat_keeps_its_cards_caption_and_stake_to_itself(
    make_app: Callable[..., App], size: tuple[int, int], opponents: int, lang: str
) -> None:
    """Up to seven cards a seat, at every window size and seat count: no hand or its
    caption reaches another seat's hand, caption, plate or stake, nor the centre's deck
    and prompts (at ten seats a diagonal hand used to cover its neighbour's caption)."""
    app, table = open_table(make_app, dealer=1, size=size, lang=lang, opponents=opponents)
    app.step(1 / 60)
    seats = range(table.num_seats)
    things: dict[str, pygame.Rect] = {"centre": table.places.centre_box}
    for seat in seats:
        things[f"plate {seat}"] = table.places.plate_zone(seat)
        things[f"stake {seat}"] = table.places.stake_boxes[seat]
        biggest = hand_footprint(table, seat, 7)
        for count in range(1, 8):
            footprint = hand_footprint(table, seat, count)
            assert table.places.hand_boxes[seat].contains(footprint), (seat, count)
            biggest.union_ip(footprint)
        things[f"hand {seat}"] = biggest
        if seat:
            # Nearer its own plate than any other: nobody takes it for a neighbour's hand.
            own = gap_between(biggest, table.places.plates[seat])
            assert all(
                own < gap_between(biggest, table.places.plates[s]) for s in seats if s != seat
            )
    things["your value"] = table.places.human_caption
    for (name_a, a), (name_b, b) in combinations(things.items(), 2):
        assert not a.colliderect(b), f"{name_a} {a} overlaps {name_b} {b}"
    for name, rect in things.items():
        assert table.table.contains(rect), f"{name} {rect} leaves the felt {table.table}"


@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_banner_wraps_between_the_seats_at_ten_seats(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app, table = open_table(make_app, dealer=1, size=size, lang="ja", opponents=9)
    app.step(1 / 60)
    text = "親（7½）が相手 4（バースト（10½））に勝ち、4を取ります。"
    image = table.banner_image(text, (255, 255, 255))
    panel = table.banner_rect(image)
    assert image.get_height() > table.font_px(24)  # more than one line: it had to wrap
    assert table.table.contains(panel)
    for seat in range(1, table.num_seats):
        assert not panel.colliderect(table.places.hand_boxes[seat]), (
            f"the banner covers seat {seat}'s hand"
        )
        assert not panel.colliderect(table.places.plates[seat]), (
            f"the banner covers seat {seat}'s plate"
        )


def test_a_challenge_result_shows_on_the_seats_own_plate(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, dealer=1, opponents=3)
    app.step(1 / 60)
    drawn: dict[int, tuple[str, Any]] = {}
    real = table.draw_plate

    def spy(surface: pygame.Surface, rect: pygame.Rect, seat: int, *args: Any) -> None:
        drawn[seat] = (args[2], args[4] if len(args) > 4 else None)
        real(surface, rect, seat, *args)

    table.draw_plate = spy  # type: ignore[method-assign]
    table.anim.results = [-4, None, 16, 0]
    table.draw_table(pygame.Surface(app.size))
    assert drawn[0] == ("−4", table.ink.bad)
    assert drawn[2] == ("+16", table.ink.good)
    assert drawn[3] == ("±0", table.ink.text)  # neither won nor lost: no colour
    assert drawn[1][1] is None  # the dealer's plate keeps its level


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_log_keeps_the_panel_as_the_buttons_come_and_go(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """The buttons are in the action bar on the felt (as at every table): the log runs
    to the panel's foot, the same whether the player has a decision or not."""
    app, table = open_table(make_app, dealer=2, size=size)
    wait_for_turn(app, table)
    buttons = [w.get_abs_rect() for w in table.widgets.values()]
    assert buttons and all(table.bar_rect.contains(b) for b in buttons)
    assert all(b.right <= table.side.rect.left for b in buttons)
    with_buttons = table.log_rect.copy()
    assert table.side.rect.bottom - with_buttons.bottom <= table.px(16)
    real_rows = table.legal_rows
    surface = pygame.Surface(app.size)
    table.legal_rows = lambda: []  # type: ignore[method-assign]
    table.rows_ui.refresh()
    table.draw(surface)
    assert table.widgets == {} and table.log_rect == with_buttons
    table.legal_rows = real_rows  # type: ignore[method-assign]
    table.rows_ui.refresh()
    table.draw(surface)
    assert table.widgets and table.log_rect == with_buttons


def beaten(seat: int, dealer: int, player_wins: bool, amount: int) -> nh.ChallengeSettled:
    return nh.ChallengeSettled(seat, dealer, "4S", "bust" if not player_wins else "normal",
                               14.0 if not player_wins else 7.5, "normal", 8.0, player_wins,
                               amount)  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "event", "line"),
    [
        ("en", beaten(0, 1, False, -4), "The dealer (8) beat you (bust, 14): −4"),
        ("es", beaten(0, 1, False, -4), "La banca (8) te gana (pasado, 14): −4"),
        ("ja", beaten(0, 1, False, -4), "あなた（バースト・14）は親（8）に負け、4を失います。"),
        ("en", beaten(0, 1, True, 3), "You (7½) beat the dealer (8): +3"),
        ("es", beaten(0, 1, True, 1), "Ganas a la banca (8) con 7½: +1"),
        ("en", beaten(2, 0, True, 3), "Odo Tarn (7½) beat you, the dealer (8): −3"),
        ("en", beaten(2, 0, False, -1), "As dealer you (8) beat Odo Tarn (bust, 14): +1"),
        ("es", beaten(2, 1, False, -2), "La banca (8) gana a Odo Tarn (pasado, 14): −2"),
    ],
)
def test_challenge_lines_speak_to_the_player_in_the_second_person(
    make_app: Callable[..., App], lang: str, event: nh.ChallengeSettled, line: str
) -> None:
    app, table = open_table(make_app, dealer=event.dealer, lang=lang)
    assert table.anim.challenge_text(event) == line


def test_a_computer_seat_is_named_while_it_thinks(
    make_app: Callable[..., App],
) -> None:
    """The bot's thinking pause keeps the animation queue busy; the table used to show
    nobody's turn during it. Now the status names the seat (and its plate glows)."""
    app, table = open_table(make_app, dealer=0)
    app.settings.animation_speed = "normal"
    table.queue.instant = False
    seen: set[int] = set()
    for _ in range(1200):
        app.step(1 / 60)
        actor = table.state.to_act()
        if actor > 0 and table.queue.busy and table.thinking == actor:
            assert table.status_text() == f"{table.seat_name(actor)} is thinking…"
            seen.add(actor)
        if len(seen) >= 2:
            break
    assert len(seen) >= 2, "no computer seat was ever shown thinking"


@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_fading_result_banner_never_shows_through_the_turn_line(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app, table = open_table(make_app, dealer=1, size=size)
    wait_for_turn(app, table)
    turn = table.status_text()
    assert turn  # the player's turn: the line says what to do
    table.announce("You lost 5 chips this deal.", "bad", 1.0)
    table.banner.alpha = 0.4  # half-way through its fade
    panel = table.banner_rect(table.banner_image(table.banner.title, table.ink.bad))
    drawn: list[tuple[str, pygame.Rect]] = []
    caption = table.caption

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = caption(surface, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    table.caption = spy  # type: ignore[method-assign]
    table.painter.draw_centre(pygame.Surface(app.size))
    for words, rect in drawn:
        assert not rect.colliderect(panel), f"{words!r} shows through the banner"
    # The deck and the limit stay in view above it.
    assert panel.top >= table.places.deck_pos[1] + table.places.card_h // 2
    # Once the banner has gone, the turn line is back.
    table.banner.hide()
    drawn.clear()
    table.painter.draw_centre(pygame.Surface(app.size))
    assert turn in [words for words, _ in drawn]


@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_result_keeps_clear_of_the_deck_and_the_limit(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app, table = open_table(make_app, dealer=0, size=size)
    app.step(1 / 60)
    table.announce("Kessa Vrin (Natural 9½) beat you, the dealer (3): −16", "bad", 1.0)
    panel = table.banner_rect(table.banner_image(table.banner.title, table.ink.bad))
    plaque = table.places.deck_pos[1] + table.places.card_h // 2 + table.px(6) + table.font_px(18)
    assert panel.top >= plaque, "the result covers the deck or the limit"
    assert not panel.colliderect(table.places.hand_boxes[table.human]), (
        "the result covers your hand"
    )


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_limit_banner_keeps_the_tables_pace_at_autoplay_speed(
    make_app: Callable[..., App], lang: str
) -> None:
    """At autoplay's pace "You set the limit at 5." was still across the felt after every
    ante and bet had been placed: the banner's seconds now run at the table's speed."""
    from game import i18n
    from game.scenes.kit.speed import AUTOPLAY_SPEED

    app, table = open_table(make_app, dealer=0, lang=lang)
    app.step(1 / 60)
    table.queue.finish_all()
    table.queue.instant, table.queue.speed = False, AUTOPLAY_SPEED  # as autoplay plays
    seats = range(1, table.num_seats)
    table.play([nh.LimitSet(0, 5), *(nh.Anted(s, 1) for s in seats),
                *(nh.BetPlaced(s, 2) for s in seats)])  # fmt: skip
    app.step(1 / 60)
    assert table.banner.shown and table.banner.title == i18n.t("nh.log.limit_you", limit=5)
    frames = 0
    while table.queue.busy and frames < 600:
        app.step(1 / 60)
        frames += 1
    app.step(1 / 60)
    assert frames < 600 and not table.banner.shown, f"{frames} frames"
    # At the player's own pace the banner keeps its full time.
    table.queue.speed = 1.0
    table.announce("x", "gold", 1.0)
    for _ in range(50):
        app.step(1 / 60)
    assert table.banner.shown
    app.close()
