"""What a player sees: the preset flows told in words with translated buttons, a 4K
table that reads like the 1280x720 one, results of ten seats that fit at the largest
UI scale, and a rules tab that looks selected rather than disabled."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import game.app as app_module
from game import i18n
from game.app import App
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.scenes.kit import text as kt
from game.scenes.kit.ink import ink_for
from game.scenes.results import ResultsScene, seat_names
from game.scenes.rules import RulesScene
from game.scenes.sabacc_table import SabaccTable, action_label, compute_layout
from game.scenes.settings import SettingsScene
from game.scenes.table import QuickPlayConfig, SessionResult

sys.path.insert(0, str(Path(__file__).parent))
from test_layout import check_scene  # noqa: E402

RAW_EVENT = re.compile(r"^[A-Z][A-Za-z]+\(")  # describe_event's fallback: "DiceRolled(first=3"


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize(
    ("preset", "told"),
    [
        ("great-khan", "The dealer rolls"),
        ("two-exchange", "Exchange 1: lock the cards to keep"),
        ("force", "plays for the"),
    ],
)
def test_preset_flows_are_told_in_words_not_raw_events(
    make_app: Callable[..., App], preset: str, told: str
) -> None:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset=preset, seed=5, opponents=("easy",) * 2))
    app.push(table)
    rng = random.Random(1)
    for _ in range(3000):
        if table.state.hand_no >= 2:
            break
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            assert table.submit(rng.choice(table.legal))
        app.step(1 / 60)
    lines = [words for words, _ in table.log.lines]
    assert table.state.hand_no >= 2, "the table never finished a hand"
    assert [line for line in lines if RAW_EVENT.match(line)] == []
    assert any(told in line for line in lines)


def test_preset_actions_have_translated_buttons() -> None:
    card = sc.parse("7c")
    actions = [
        sb.Lock(card),
        sb.Exchange(),
        sb.ExchangeCard(card),
        sb.Freeze(card),
        sb.Swap(card),
        sb.Declare(sb.LIGHT),
        sb.Declare(sb.DARK),
    ]
    try:
        for language in ("en", "ja", "es"):
            i18n.set_language(language)
            labels = [action_label(action) for action in actions]
            assert all(label != str(action) for label, action in zip(labels, actions, strict=True))
            assert len(set(labels)) == len(labels)
        i18n.set_language("en")
        assert action_label(sb.Freeze(card)) == "Freeze 7 of Coins"
        assert action_label(sb.Declare(sb.DARK)) == "Dark (−23)"
    finally:
        i18n.set_language("en")


def test_two_exchange_locks_by_clicking_a_card_and_marks_it(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset="two-exchange", seed=5, opponents=("easy",)))
    app.push(table)
    for _ in range(3000):
        if table.mode == "human" and not table.queue.busy:
            if any(isinstance(a, sb.Lock) for a in table.legal):
                break
            stand = [a for a in table.legal if not isinstance(a, sb.Fold | sb.Draw)]
            assert table.submit(stand[0])
        app.step(1 / 60)
    assert table.inputs.card_mode == "lock"  # the only card action: a click locks at once
    hand = table.anim.model.seats[0].cards
    rect = table.places.seats[0].card_rect(0, len(hand))
    assert table.inputs.click_card(rect.center)
    assert isinstance(table.sent[-1], sb.Lock)
    assert table.sent[-1].card == sc.parse(hand[0].code or "")
    for _ in range(30):
        app.step(1 / 60)
    assert hand[0].locked
    assert not table.inputs.click_card(rect.center)  # a locked card cannot be locked again


def test_a_4k_table_reads_like_the_1280_table(make_app: Callable[..., App]) -> None:
    small = make_app((1280, 720), "en")
    assert kt.table_unit(small) == pytest.approx(1.0)
    small_layout = compute_layout(small.size, kt.table_unit(small), 4, small.scale)
    small.close()
    big = make_app((3840, 2160), "en")
    unit = kt.table_unit(big)
    assert unit == pytest.approx(3.0)
    lay = compute_layout(big.size, unit, 4, big.scale)
    # Nameplates, pots, the log's box and its text grow with the window, three times over.
    assert lay.seats[1].plate.height == pytest.approx(3 * small_layout.seats[1].plate.height, 2)
    assert lay.hand_pot.width == pytest.approx(3 * small_layout.hand_pot.width, 2)
    assert lay.font == 3 * small_layout.font
    # Buttons keep the size their theme fonts were made for.
    assert lay.bar.height == max(38, round(50 * big.scale))


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_ten_seats_fit_the_smallest_window_at_the_largest_ui_scale(
    app_with: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # As if the menus were allowed to grow until the window holds 1000x600 layout units.
    monkeypatch.setattr(app_module, "LAYOUT_ROOM", (1000, 600))
    app = app_with(window_size=[960, 600], language=lang, ui_scale=2.0)
    assert app.effective_ui_scale == pytest.approx(1.2)
    chips = [40, 1234, 0, 77, 100, 250, 90, 60, 10, 139]
    crowded = ResultsScene(app, SessionResult(QuickPlayConfig(game="ninehalf"), 12, chips, 0))
    app.push(crowded)
    app.step(0.016)
    assert check_scene(app, crowded) == []
    # The standings: a heading and the ten seats, most chips first.
    rows = [[label.text for label in row] for row in crowded.standing_labels]
    names = seat_names(crowded.result)
    assert len(rows) == 11
    assert [row[:2] for row in rows[1:3]] == [
        [i18n.t("screens.results.rank", rank=1, name=names[1]), i18n.format_number(1234)],
        [i18n.t("screens.results.rank", rank=2, name=names[5]), "250"],
    ]
    few = ResultsScene(app, SessionResult(QuickPlayConfig(), 3, [130, 80, 90], 0))
    app.replace(few)
    app.step(0.016)
    assert len(few.standing_labels) == 4 and check_scene(app, few) == []
    settings = SettingsScene(app)
    app.push(settings)
    app.step(0.016)
    assert check_scene(app, settings) == []


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_open_rules_tab_looks_selected_not_disabled(
    app_with: Callable[..., App], high_contrast: bool
) -> None:
    app = app_with(window_size=[1280, 720], high_contrast=high_contrast, colour_blind=True)
    rules = RulesScene(app, "brag")
    app.push(rules)
    app.step(0.016)
    open_tab, other = rules.tabs["brag"], rules.tabs["sabacc"]
    assert not open_tab.enabled and not open_tab.button.visible  # drawn by the scene
    assert other.enabled and other.button.visible
    assert rules.ring.current is other  # the keyboard focus starts on a closed tab
    rect = open_tab.button.get_abs_rect()
    inside = (rect.x + 6, rect.centery)
    page = (0, 0, 0) if high_contrast else (20, 13, 8)
    assert tuple(app.screen.get_at(inside))[:3] == page  # the page's own fill...
    focused = other.button.get_abs_rect()
    assert tuple(app.screen.get_at((focused.x + 6, focused.centery)))[:3] != page
    # ...running down to the page it opens, with no gap of felt between them.
    for y in range(rect.bottom, rules.page_top):
        assert tuple(app.screen.get_at((rect.x + 6, y)))[:3] == page
    # Back from an overlay the open tab stays drawn, not shown as a dead button.
    app.push(SettingsScene(app))
    app.pop()
    app.step(0.016)
    assert not open_tab.button.visible
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    for _ in range(len(rules.ring.items)):
        app.handle_event(key)
        assert rules.ring.current is not open_tab


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "+1 chip", "−3 chips"), ("es", "+1 ficha", "−3 fichas")],
)
def test_history_counts_chips_in_the_singular_and_plural(
    app_with: Callable[..., App], lang: str, one: str, many: str
) -> None:
    from game.scenes.history import result_text
    from game.storage.history import HandRecord

    app_with(language=lang)
    won = HandRecord("brag", 0, "2026-11-21T10:00:00", chips=[5, 5], chips_after=[6, 4])
    lost = HandRecord("brag", 0, "2026-11-21T10:00:00", chips=[5, 5], chips_after=[2, 8])
    assert (result_text(won)[0], result_text(lost)[0]) == (one, many)


def test_the_padlock_mark_for_tight_fans_is_a_gold_lock_shape() -> None:
    """Where the word "Locked" has no room (an opponent's five locked cards), the strip
    shows a padlock: a solid body below, an open space inside the shackle above."""
    from game.scenes.sabacc_table import padlock

    lock = padlock(16)
    assert lock.get_size() == (16, 16)
    assert (
        lock.get_at((8, 13))[:3] == ink_for("cantina").gold and lock.get_at((8, 13)).a == 255
    )  # body
    assert lock.get_at((8, 4)).a == 0  # inside the shackle
    assert lock.get_at((0, 0)).a == 0 and lock.get_at((15, 0)).a == 0  # rounded top
