"""The house-rules screen of quick play: changes made with the keyboard reach the table's
engine, reset restores the preset, refused values stay refused with the engine's reason,
every page fits the window in every language, and a quick-play save keeps the rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from test_layout import check_scene  # tests/scenes is on sys.path (rootdir conftest)

from game import i18n
from game.app import App
from game.rules import brag, sabacc
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN, CHANCE
from game.scenes import house_rules as hr
from game.scenes import table_common as tc
from game.scenes.brag_table import BragTable
from game.scenes.house_rules import HouseRule, HouseRulesScene, house_rule_pages
from game.scenes.ninehalf_table import NineHalfTable
from game.scenes.quick_play import QuickPlayScene, resume_quick_play
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import PRESETS, QuickPlayConfig, engine_options
from game.storage.saves import QUICK_PLAY, SaveSlot
from game.storage.serialize import SerializeError

pytestmark = pytest.mark.usefixtures("data_home")


# ------------------------------------------------------------------ keyboard helpers
def press(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def focus(app: App, wanted: Callable[[Any], bool]) -> None:
    """Down arrow until the focused item is the one wanted (as a player would)."""
    scene = app.top
    assert isinstance(scene, QuickPlayScene | HouseRulesScene)
    for _ in range(len(scene.ring.items) + 1):
        if scene.ring.current is not None and wanted(scene.ring.current):
            return
        press(app, pygame.K_DOWN)
    raise AssertionError("no focusable item matched")


def focus_rule(app: App, name: str) -> None:
    scene = app.top
    assert isinstance(scene, HouseRulesScene)
    focus(app, lambda item: item is scene.selectors.get(name))


def open_quick_play(make_app: Callable[..., App], game: str = "sabacc") -> tuple[App, Any]:
    app = make_app((1280, 720))
    app.settings.animation_speed = "instant"
    quick = QuickPlayScene(app)
    app.push(quick)
    app.step(1 / 60)
    for _ in range(3):  # the game selector has the focus: Right until the game is shown
        if quick.game == game:
            break
        press(app, pygame.K_RIGHT)
    assert quick.game == game
    return app, quick


def open_house_rules(app: App, quick: QuickPlayScene) -> HouseRulesScene:
    focus(app, lambda item: item is quick.rules_button)
    press(app, pygame.K_RETURN)
    screen = app.top
    assert isinstance(screen, HouseRulesScene)
    return screen


def start_table(app: App, quick: QuickPlayScene) -> Any:
    press(app, pygame.K_ESCAPE)  # back to quick play
    assert app.top is quick
    focus(app, lambda item: item is quick.start)
    press(app, pygame.K_RETURN)
    return app.top


def lead_bets(state: sabacc.SabaccState) -> list[int]:
    """The opening bets the first lead may make (chance played out with a fixed seed)."""
    import random

    state = state.clone()
    rng = random.Random(4)
    while state.to_act() in (CHANCE, BETWEEN):
        if state.to_act() == BETWEEN:
            state.start_next()
        else:
            state.sample_chance(rng)
    return [a.amount for a in state.legal_actions() if isinstance(a, sabacc.Bet)]


# --------------------------------------------------------------------------- tests
def test_wookiee_rules_chosen_by_keyboard_lift_the_bet_cap_at_the_table(
    make_app: Callable[..., App],
) -> None:
    app, quick = open_quick_play(make_app)
    screen = open_house_rules(app, quick)
    assert [group for group, _ in screen.pages] == ["local", "money", "scoring"]
    press(app, pygame.K_PAGEDOWN)  # the "Stakes & money" page
    focus_rule(app, "wookiee")
    # The hint line explains the focused rule.
    assert screen.hint_labels[0].text == screen.hint_lines(hr.WOOKIEE.hint())[0]
    assert screen.selectors["bet_cap"].enabled
    press(app, pygame.K_RIGHT)
    assert screen.overrides == {"wookiee": True}
    assert not screen.selectors["bet_cap"].enabled  # no cap to set any more
    assert screen.selectors["wookiee"].label == i18n.t("common.on")
    table = start_table(app, quick)
    assert isinstance(table, SabaccTable)
    assert table.config.house_rules == (("wookiee", True),)
    assert table.state.options.wookiee is True
    assert table.state.options.preset == "classic"
    assert max(lead_bets(table.state)) > 10
    # Without the house rule the same table caps the lead's opening bet at 10.
    plain = sabacc.new_game(4, "classic", chips=100, seed_dealer=0)
    assert max(lead_bets(plain)) == 10


def test_brag_target_of_eleven_reaches_the_engine(make_app: Callable[..., App]) -> None:
    app, quick = open_quick_play(make_app, "brag")
    screen = open_house_rules(app, quick)
    focus_rule(app, "target")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert screen.selectors["target"].label == i18n.t("house.unit.points", count=11)
    table = start_table(app, quick)
    assert isinstance(table, BragTable)
    assert isinstance(table.state, brag.BragState)
    assert table.state.options.target == 11
    assert table.state.options.payment == "fixed"  # the rest stays standard


def test_ninehalf_permanent_dealer_reaches_the_engine(make_app: Callable[..., App]) -> None:
    app, quick = open_quick_play(make_app, "ninehalf")
    screen = open_house_rules(app, quick)
    focus_rule(app, "permanent_dealer")
    assert screen.selectors["rotate_every"].enabled
    press(app, pygame.K_RIGHT)
    assert not screen.selectors["rotate_every"].enabled  # the deal never passes
    table = start_table(app, quick)
    assert isinstance(table, NineHalfTable)
    assert isinstance(table.state, nh.NineHalfState)
    assert table.state.options.permanent_dealer is True
    assert table.state.options.rotate_every == 3


def test_each_preset_keeps_its_own_house_rules_and_reset_restores_the_defaults(
    make_app: Callable[..., App],
) -> None:
    app, quick = open_quick_play(make_app)
    screen = open_house_rules(app, quick)
    focus_rule(app, "interference_field")
    press(app, pygame.K_RIGHT)
    focus_rule(app, "min_rounds")
    press(app, pygame.K_RIGHT)  # one per player -> 1 round
    assert screen.overrides == {"interference_field": True, "min_rounds": 1}
    press(app, pygame.K_ESCAPE)
    assert quick.config().house_rules == (("interference_field", True), ("min_rounds", 1))
    assert quick.rules_button.button.text == i18n.t("quick.house_rules_changed", count=2)
    # Another preset starts from its own defaults.
    quick.set_preset("great-khan")
    assert quick.config().house_rules == ()
    quick.set_preset("classic")
    assert len(quick.config().house_rules) == 2

    screen = open_house_rules(app, quick)
    assert screen.selectors["interference_field"].label == i18n.t("common.on")
    focus(app, lambda item: item is screen.reset_button)
    press(app, pygame.K_RETURN)
    assert screen.overrides == {}
    assert screen.selectors["interference_field"].label == i18n.t("common.off")
    assert screen.selectors["min_rounds"].label == i18n.t("house.per_player")
    assert screen.message_label is not None
    assert screen.message_label.text == i18n.t("house.reset_done")
    press(app, pygame.K_ESCAPE)
    assert quick.config().house_rules == ()
    assert quick.rules_button.button.text == i18n.t("quick.house_rules")


def test_a_value_the_engine_refuses_is_put_back_with_the_reason(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shipped choices are all valid; offer an ante of 0, which the engine refuses.
    pages = (("money", (HouseRule("max_ante", (0, 1, 2, 3), "chips"),)),)
    monkeypatch.setattr(hr, "NINEHALF_PAGES", pages)
    app, quick = open_quick_play(make_app, "ninehalf")
    screen = open_house_rules(app, quick)
    focus_rule(app, "max_ante")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert screen.overrides == {"max_ante": 1}
    press(app, pygame.K_LEFT)  # 0: refused
    assert screen.overrides == {"max_ante": 1}
    assert screen.selectors["max_ante"].label == i18n.t("common.chips", count=1)
    assert screen.message_label is not None
    # The engine's reason, in the player's words (its rule named as the screen names it).
    assert i18n.t("refusal.at_least", option=i18n.t("house.max_ante"), count=1) in (
        screen.message_label.text
    )
    assert screen.message_label.text.startswith(i18n.t("house.max_ante"))
    table = start_table(app, quick)
    assert table.state.options.max_ante == 1


def test_options_shown_per_preset_are_the_ones_it_uses() -> None:
    def names(game: str, preset: str = "classic") -> set[str]:
        return {rule.name for _, rules in house_rule_pages(game, preset) for rule in rules}

    classic = names("sabacc")
    assert {
        "value_rule",
        "random_sabacc",
        "wookiee",
        "interference_field",
        "min_rounds",
        "bombout_penalty",
        "failed_call_penalty",
        "hand_ante",
        "fold_fee",
        "hands_limit",
    } <= classic
    assert not {"flow", "deck", "stake", "dice_exchange"} & classic
    assert {"stake", "ace_low_option", "dice_exchange", "stasis_field"} <= names(
        "sabacc", "great-khan"
    )
    assert "inverted_chance" in names("sabacc", "force")
    assert {"tie_break", "bombout_fine", "zero_fine"} <= names("sabacc", "two-exchange")
    assert "interference_field" not in names("sabacc", "two-exchange")
    assert "wild_fives" in names("sabacc", "centran")
    assert names("brag") == {
        f.name for f in __import__("dataclasses").fields(brag.BragOptions)
    }  # every Brag option is a house rule
    assert names("ninehalf") == {
        f.name for f in __import__("dataclasses").fields(nh.NineHalfOptions)
    }
    # Great Khan's Stake is also its Sabacc-pot ante.
    options = engine_options(
        QuickPlayConfig(preset="great-khan", house_rules=(("sabacc_ante", 3), ("stake", 3)))
    )
    assert (options.stake, options.sabacc_ante, options.flow) == (3, 3, "great-khan")


LAYOUT_SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", LAYOUT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_page_fits_and_every_hint_fits_its_lines(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app = make_app(size, lang)
    problems: list[str] = []
    games = [("sabacc", p) for p in PRESETS] + [("brag", "classic"), ("ninehalf", "classic")]
    seen: set[tuple[str, ...]] = set()  # Classic-flow presets share most pages: check once
    for game, preset in games:
        for page, (_, rules) in enumerate(house_rule_pages(game, preset)):
            names = tuple(rule.name for rule in rules)
            if names in seen:
                continue
            seen.add(names)
            screen = HouseRulesScene(app, game, preset, {}, lambda overrides: None)
            screen.page = page
            app.push(screen)
            if page == 0:
                app.step(1 / 60)  # drawn: a crash in draw() fails here
            problems += [f"{game}/{preset} p{page}: {p}" for p in check_scene(app, screen)]
            for rule, _ in screen.rows:
                if len(screen.hint_lines(rule.hint())) > hr.HINT_LINES:
                    problems.append(f"{rule.name}: hint needs more than {hr.HINT_LINES} lines")
            if not seen - {names}:  # the first page: a long refusal fits its line too
                screen.refuse(hr.WOOKIEE, "a long reason given by the engine in plain English")
                problems += check_scene(app, screen)
            app.pop()
    assert problems == []


def test_quick_play_save_with_house_rules_resumes_with_them(
    make_app: Callable[..., App],
) -> None:
    app = make_app((1024, 640))
    app.settings.animation_speed = "instant"
    rules = (("max_ante", 5), ("permanent_dealer", True))
    config = QuickPlayConfig(
        game="ninehalf", opponents=("easy",) * 3, starting_chips=40, seed=2, house_rules=rules
    )
    table = NineHalfTable(app, config)
    app.push(table)
    slot = SaveSlot(QUICK_PLAY)
    for _ in range(600):
        if slot.exists():
            break
        if table.idle() and table.state.to_act() == 0:
            table.human_acts(table.state.legal_actions()[0])  # e.g. the dealer's limit
        app.step(1 / 60)
    assert slot.exists(), "the table saves once the player has acted"
    saved = json.loads(slot.path.read_text(encoding="utf-8"))
    assert saved["table"]["table"]["config"]["house_rules"] == {
        "max_ante": 5,
        "permanent_dealer": True,
    }
    app.close()

    app = make_app((1024, 640))
    resumed = resume_quick_play(app)
    assert isinstance(resumed, NineHalfTable)
    assert resumed.config.house_rules == rules
    assert resumed.state.options.permanent_dealer is True
    assert resumed.state.options.max_ante == 5


def test_saved_configs_from_before_house_rules_still_load() -> None:
    old = {
        "game": "sabacc",
        "preset": "force",
        "opponents": ["easy", "hard"],
        "starting_chips": 100,
        "seed": 3,
        "rounds": 1,
    }
    config = tc.config_from_json(old)
    assert config.house_rules == () and config.preset == "force"
    choices = {"limit_choices": [10, 20, 30], "dealer_sets_limit": True}
    nine = tc.config_from_json({**old, "game": "ninehalf", "house_rules": choices})
    assert nine.house_rules == (("dealer_sets_limit", True), ("limit_choices", (10, 20, 30)))
    assert tc.config_from_json(tc.config_to_json(nine)) == nine
    with pytest.raises(SerializeError, match="house rules"):
        tc.config_from_json({**old, "house_rules": {"no_such_rule": 1}})
    with pytest.raises(SerializeError, match="house rules"):
        tc.config_from_json({**old, "house_rules": {"inverted_chance": 3.0}})
