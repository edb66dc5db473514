"""Coached hands on the real tables: each plays to its end through the scene's own
input path, and the coach's callout never covers what it explains."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App, AppOptions
from game.help.coach import LESSONS
from game.help.intros import INTROS
from game.scenes.autoplay import AutoplayDriver
from game.scenes.kit.coach import Coach, make_coached
from game.scenes.main_menu import MainMenuScene

pytestmark = pytest.mark.usefixtures("data_home")

SIZES = [(1280, 720), (1920, 1080)]


def lesson_app(tmp_path: Path, game: str, size: tuple[int, int], lang: str) -> App:
    settings = tmp_path / f"settings-{game}-{lang}-{size[0]}.json"
    settings.write_text(
        json.dumps({"window_size": list(size), "language": lang, "animation_speed": "instant"}),
        encoding="utf-8",
    )
    return App(AppOptions(autoplay=True, tutorial=game, settings_file=settings, headless=True))


def play_lesson(app: App, game: str, each_frame: Callable[[Any], None] | None = None) -> Any:
    table = make_coached(app, game)
    assert isinstance(table.director, Coach)
    app.frame_hooks.append(AutoplayDriver(app))
    for scene in (MainMenuScene(app), table):
        app.push(scene)
    for _ in range(6000):
        if not app.running:
            break
        app.step(1 / 60)
        if each_frame is not None and app.running and app.top is table:
            each_frame(table)
    return table


@pytest.mark.parametrize("game", [*LESSONS, *INTROS])
def test_every_coached_hand_plays_to_its_end_on_its_table(tmp_path: Path, game: str) -> None:
    app = lesson_app(tmp_path, game, (1280, 720), "en")
    seen: list[str] = []

    def note(table: Any) -> None:
        shown = table.director.visible_step()
        # A banner belongs to its moment: never under a callout.
        assert shown is None or not banner_on_show(table), (shown, banner_on_show(table))
        if shown is not None and shown[1] is not None and shown[1].key not in seen:
            seen.append(shown[1].key)

    try:
        table = play_lesson(app, game, note)
        assert not app.running and app.exit_code == 0
        assert table.director.driver.over
        current = table.director.lesson
        assert seen == [step.key for step in (*current.steps, *current.ending)]
        assert game in app.settings.lessons_seen
        if game in INTROS:  # a rule set's intro plays on that rule set's table
            assert table.config.preset == game and table.state.options.preset == game
    finally:
        app.close()
        i18n.set_language("en")


def test_a_coached_hand_plays_through_in_japanese(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, "sabacc", (1280, 720), "ja")
    try:
        table = play_lesson(app, "sabacc")
        assert table.director.driver.over and app.exit_code == 0
        awarded = [
            e for e in table.director.driver.events if e.kind == "PotAwarded" and e.seat == 0
        ]
        assert [(e.pot, e.amount) for e in awarded] == [("hand", 13), ("sabacc", 17)]
    finally:
        app.close()
        i18n.set_language("en")


def banner_on_show(table: Any) -> str:
    """The words of the table's banner while it shows ("": none shows)."""
    model = getattr(getattr(table, "anim", None), "model", None)  # a Sabacc table's
    for banner in (getattr(table, "banner", None), getattr(model, "banner", None)):
        if banner is not None and banner.shown:
            return str(banner.title)
    return ""


WINDOWS = [(960, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ("en", "ja", "es")


def callout_checker(app: App, checked: dict[int, Any]) -> Callable[[Any], None]:
    """At each step's first frame: the callout as it is laid out in each language
    (measured and placed as the table places it, without building its widgets) is
    on the screen, clear of its target and of what the table keeps in view."""
    screen = pygame.Rect((0, 0), app.size)

    def check(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is None or shown[0] in checked:
            return
        for lang in LANGUAGES:
            with i18n.speaking(lang):  # the words and fonts of ``lang``; no UI rebuilt
                lay = table.director.layout(*shown)
                keep = [r for r in table.director.marks.coach_avoid() if r != lay.target]
            assert screen.contains(lay.box), (lang, shown, lay.box)
            if lay.target is not None:
                assert not lay.box.colliderect(lay.target), (lang, shown, lay.box, lay.target)
            # Nor over a name plate, your hand, the action bar...
            assert not [r for r in keep if lay.box.colliderect(r)], (lang, shown, lay.box)
            # Nor over any seat's laid-down sets (Brag's reveal talks about them).
            sets = [r for r in laid_sets(table) if lay.box.colliderect(r)]
            assert not sets, (lang, shown, lay.box, sets)
        pointer_check(table, shown)  # and the pointer, drawn, in the language played
        checked[shown[0]] = True

    return check


def laid_sets(table: Any) -> list[pygame.Rect]:
    """The cards of every opponent's set turned up at a Brag table's reveal, as the
    table draws them; none on the other tables."""
    brag: Any = table
    if getattr(brag, "game", "") != "brag":
        return []
    opp_sets, places = brag.anim.opp_sets, brag.places
    out = []
    h = places.opp_card_h
    for seat, row in places.opp_rows.items():
        top = row.y + (row.height - h) // 2
        for pos, cards in enumerate(opp_sets[seat]):
            if cards is not None and None not in cards:
                rects = places.set_card_rects(places.col_x[pos], top, h, 3)
                out.append(rects[0].union(rects[-1]))
    return out


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("game", [*LESSONS, *INTROS])
def test_no_callout_covers_its_target_in_any_language(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    """Every step of every lesson, at three window sizes, in English, Japanese and
    Spanish: one play-through per size, each step's callout placed in each language
    (and its pointer drawn in English crossing nothing the player reads)."""
    app = lesson_app(tmp_path, game, size, "en")
    checked: dict[int, Any] = {}
    try:
        table = play_lesson(app, game, callout_checker(app, checked))
        assert table.director.driver.over
        assert len(checked) == table.director.steps_total + 1
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("game", [*LESSONS, *INTROS])
def test_the_drawn_callout_never_covers_its_target(
    tmp_path: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    """The full sweep: the lesson played in that language at that size, and the
    callout the table built (widgets and all) checked at every step."""
    app = lesson_app(tmp_path, game, size, lang)
    checked: dict[int, Any] = {}

    def check(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is None or shown[0] in checked:
            return
        box, target = table.director.callout.rects()
        assert box is not None
        assert pygame.Rect((0, 0), app.size).contains(box)
        if target is not None:
            assert not box.colliderect(target), (shown, box, target)
        checked[shown[0]] = (box, target)

    try:
        table = play_lesson(app, game, check)
        assert table.director.driver.over
        assert len(checked) == table.director.steps_total + 1
    finally:
        app.close()
        i18n.set_language("en")


def pointer_check(table: Any, shown: Any) -> None:
    """The pointer from the callout to its target passes over no name plate, no turn
    prompt and nothing else the callout keeps clear of, or, where no place on the table
    is free of it, under them: their pixels stay as the table drew them."""
    from game.ui.callout import pointer_line

    box, target = table.director.callout.rects()
    if box is None or target is None:
        return
    line = pointer_line(box, target, table.director.callout.pointer_width())
    assert line is not None, (shown, box, target)
    crossed = [r for r in table.director.callout.pointer_clear(target) if r.clipline(*line)]
    if not crossed:
        return
    assert {tuple(r) for r in crossed} <= {tuple(r) for r in table.director.callout.under}
    size = table.app.size
    plain = pygame.Surface(size)
    coached = pygame.Surface(size)
    table.draw(coached)
    table.director.callout.box = None  # the callout draws nothing
    table.draw(plain)
    table.director.callout.box = box
    (x0, y0), (x1, y1) = line
    count = max(abs(x1 - x0), abs(y1 - y0), 1)
    spine = [(x0 + (x1 - x0) * i // count, y0 + (y1 - y0) * i // count) for i in range(count)]
    ring = target.inflate(12, 12)
    shade = box.move(3, 4).union(box).inflate(2, 2)
    for point in spine:
        if any(r.collidepoint(point) for r in crossed) and not (
            ring.collidepoint(point) or shade.collidepoint(point)
        ):
            assert coached.get_at(point) == plain.get_at(point), (shown[0], point)


@pytest.mark.parametrize(
    ("game", "size", "lang"),
    [
        ("kessel-shift", (1920, 1080), "ja"),  # once over your own name plate
        ("corellian-spike", (1280, 720), "es"),  # once over the turn prompt
    ],
)
def test_the_callouts_pointer_crosses_nothing_the_player_reads(
    tmp_path: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    """As ``test_no_callout_covers_its_target_in_any_language`` checks it in English,
    the pointer drawn in the two languages where it once crossed something."""
    app = lesson_app(tmp_path, game, size, lang)
    checked: set[int] = set()

    def check(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is None or shown[0] in checked:
            return
        checked.add(shown[0])
        pointer_check(table, shown)

    try:
        table = play_lesson(app, game, check)
        assert table.director.driver.over
        assert len(checked) == table.director.steps_total + 1
    finally:
        app.close()
        i18n.set_language("en")


def test_a_wrong_move_is_refused_in_the_coachs_words(tmp_path: Path) -> None:
    """At the first action step of the Sabacc lesson, Check is refused: nothing changes
    and the callout says so; the asked-for bet then goes through."""
    from game.rules.sabacc import Bet, Check

    app = lesson_app(tmp_path, "sabacc", (1280, 720), "en")
    app.options.autoplay = False
    try:
        table = make_coached(app, "sabacc")
        assert isinstance(table.director, Coach)
        app.push(table)
        for _ in range(400):
            app.step(1 / 60)
            step = table.director.asked()
            if step is not None:
                break
            shown = table.director.visible_step()
            if shown is not None and shown[1] is not None and shown[1].wants is None:
                table.director.press("continue")
        assert table.director.asked() is not None and table.director.asked().action == Bet(2)
        chips = list(table.state.chips)
        assert table.submit(Check()) is True  # the table sends it; the coach refuses
        for _ in range(5):
            app.step(1 / 60)
        assert list(table.state.chips) == chips and table.director.driver.turns == 0
        assert table.director.refusing
        # The callout says why, in the step's own words.
        _, refusal = table.director.callout_words(table.director.asked())
        assert refusal == (
            "Bet 2 for now: the pots the lesson counts later start from a 2-chip bet."
        )
        assert table.submit(Bet(2)) is True
        assert table.director.driver.turns == 1
    finally:
        app.close()


def press(app: App, button: Any) -> None:
    from game.scenes.base import click_events

    for event in click_events(button.button):
        pygame.event.post(event)
    for _ in range(3):
        app.step(1 / 60)


def test_quick_play_offers_each_lesson_once(app_with: Callable[..., App]) -> None:
    from game.scenes.lesson_offer import LessonOffer
    from game.scenes.quick_play import QuickPlayScene

    app = app_with(language="en", lessons_seen=[])
    assert app.settings.lessons_seen == ()
    app.push(MainMenuScene(app))
    quick = QuickPlayScene(app)
    app.push(quick)
    app.step(1 / 60)
    press(app, quick.start)
    offer = app.top
    assert isinstance(offer, LessonOffer) and offer.lesson_id == "sabacc"
    press(app, offer.play)
    assert (
        isinstance(getattr(app.top, "director", None), Coach)
        and app.top.director.lesson.id == "sabacc"
    )
    assert app.settings.lessons_seen == ("sabacc",)
    app.top.director.press("skip")  # back to quick play, which now starts the table at once
    assert app.top is quick
    press(app, quick.start)
    assert app.top.name == "sabacc-table"
    assert app.options.settings_file is not None
    saved = json.loads(app.options.settings_file.read_text("utf-8"))
    assert saved["lessons_seen"] == ["sabacc"]


def test_not_now_goes_to_the_table_and_is_remembered(app_with: Callable[..., App]) -> None:
    from game.scenes.quick_play import QuickPlayScene

    app = app_with(language="en", lessons_seen=["sabacc"])
    app.push(MainMenuScene(app))
    quick = QuickPlayScene(app)
    app.push(quick)
    quick.set_game("brag")
    app.step(1 / 60)
    press(app, quick.start)
    press(app, app.top.skip)
    assert app.top.name == "brag-table"
    assert app.settings.lessons_seen == ("sabacc", "brag")


def test_settings_refuse_a_damaged_lessons_list() -> None:
    from game.storage.settings import Settings, from_json

    assert from_json({"language": "ja"}) == (Settings(language="ja"), [])  # an older file
    settings, problems = from_json({"lessons_seen": ["sabacc", 3]})
    assert settings.lessons_seen == () and problems
    settings, problems = from_json({"lessons_seen": ["brag", "brag", "ninehalf"]})
    assert settings.lessons_seen == ("brag", "ninehalf") and not problems
    assert settings.to_json()["lessons_seen"] == ["brag", "ninehalf"]


def test_rules_replays_the_lesson_and_f1_opens_the_rules_at_the_table(
    app_with: Callable[..., App],
) -> None:
    from game.scenes.base import key_events
    from game.scenes.rules import RulesScene

    app = app_with(language="en")
    app.push(MainMenuScene(app))
    rules = RulesScene(app, "ninehalf")
    app.push(rules)
    app.step(1 / 60)
    assert rules.lesson_button is not None
    press(app, rules.lesson_button)
    table = app.top
    assert isinstance(table.director, Coach) and table.director.lesson.id == "ninehalf"
    for event in key_events(pygame.K_F1):
        pygame.event.post(event)
    for _ in range(3):
        app.step(1 / 60)
    at_table = app.top
    assert isinstance(at_table, RulesScene) and at_table.game == "ninehalf"
    assert at_table.lesson_button is None  # no lesson inside a lesson
    press(app, at_table.back)
    assert app.top is table
    table.director.press("skip")
    assert app.top is rules


def test_a_brag_layout_the_coach_did_not_ask_for_stays_on_the_table(tmp_path: Path) -> None:
    """Three good sets are a legal layout, but the coach asks for four: the cards stay
    in the slots, nothing reaches the engine, and the callout says why."""
    app = lesson_app(tmp_path, "brag", (1280, 720), "en")
    app.options.autoplay = False
    try:
        table = make_coached(app, "brag")
        app.push(table)
        for _ in range(400):
            app.step(1 / 60)
            if table.director.asked() is not None:
                break
            shown = table.director.visible_step()
            if shown is not None and shown[1] is not None and shown[1].wants is None:
                table.director.press("continue")
        assert table.director.asked() is not None
        for slot, cards in enumerate((("QS", "QH", "QD"), ("9H", "8H", "7H"), ("5C", "4D", "3S"))):
            for code in cards:
                assert table.inputs.place(code, slot)
        table.inputs.lay_down()
        app.step(1 / 60)
        assert table.director.refusing and table.arranging and table.director.driver.turns == 0
        assert table.director.callout_words(table.director.asked())[1].startswith(
            "Not that layout:"
        )
        for code in ("2C", "2D", "KS"):
            assert table.inputs.place(code, 3)
        table.inputs.lay_down()
        assert table.director.driver.turns == 1
    finally:
        app.close()


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_or_space_continues_an_explanation(tmp_path: Path, key: int) -> None:
    from game.scenes.base import key_events

    app = lesson_app(tmp_path, "ninehalf", (1280, 720), "en")
    app.options.autoplay = False
    try:
        table = make_coached(app, "ninehalf")
        app.push(table)
        for _ in range(400):
            app.step(1 / 60)
            if table.director.visible_step() is not None:
                break
        assert table.director.visible_step() == (1, table.director.lesson.steps[0])
        for event in key_events(key):
            pygame.event.post(event)
        for _ in range(3):
            app.step(1 / 60)
        assert table.director.driver.shown == 1
        assert table.director.visible_step() == (2, table.director.lesson.steps[1])
    finally:
        app.close()


def test_deal_me_in_deals_a_real_hand_at_the_lessons_rules(tmp_path: Path) -> None:
    """The lesson's last step deals a real hand (not the setup screen): the same rule
    set and house rules, the same opponents, cards no longer stacked."""
    app = lesson_app(tmp_path, "sabacc", (1280, 720), "en")
    table = make_coached(app, "sabacc")
    assert isinstance(table.director, Coach)
    app.frame_hooks.append(AutoplayDriver(app))
    app.push(MainMenuScene(app))
    app.push(table)
    try:
        for _ in range(6000):
            app.step(1 / 60)
            if table.director.visible_step() == (table.director.steps_total + 1, None):
                break
        assert table.director.driver.over and "deal" in table.director.callout.buttons
        names = [seat.name for seat in table.anim.model.seats]
        app.options.autoplay = False  # the player, not the CLI's run, presses it
        app.options.tutorial = None
        table.director.press("deal")
        for _ in range(3):
            app.step(1 / 60)
        real = app.top
        assert real.name == "sabacc-table" and real is not table
        assert real.config.preset == "classic" and real.config.seed is None
        assert dict(real.config.house_rules) == {"bombout_penalty": True}
        assert real.state.options.bombout_penalty
        assert [seat.name for seat in real.anim.model.seats] == names
        assert "sabacc" in app.settings.lessons_seen
    finally:
        app.close()
        i18n.set_language("en")


def test_the_offer_of_a_modern_rule_set_promises_a_whole_hand(
    app_with: Callable[..., App],
) -> None:
    from game.scenes.lesson_offer import LessonOffer

    app = app_with(language="en")
    whole = LessonOffer(app, "corellian-spike", lambda: None).question()
    assert (
        whole
        == "First time at Corellian Spike? Play a whole coached hand, from the deal to the payout."
    )
    short = LessonOffer(app, "centran", lambda: None).question()
    assert "what differs from Classic" in short


@pytest.mark.parametrize(
    ("game", "table_name", "chips"),
    [
        ("kessel-shift", "kessel-table", 6),
        ("coruscant-shift", "spike-table", 100),
        ("ninehalf", "ninehalf-table", 30),
    ],
)
def test_deal_me_in_opens_each_games_real_table(
    tmp_path: Path, game: str, table_name: str, chips: int
) -> None:
    app = lesson_app(tmp_path, game, (1280, 720), "en")
    app.options.autoplay = False
    app.options.tutorial = None
    try:
        table = make_coached(app, game)
        app.push(MainMenuScene(app))
        app.push(table)
        app.step(1 / 60)
        seats = table.state.num_seats
        table.director.deal_in()
        for _ in range(3):
            app.step(1 / 60)
        real = app.top
        assert real.name == table_name and getattr(real, "director", None) is None
        assert real.config.game == table.director.lesson.game
        assert real.config.preset == (table.director.lesson.preset or "classic")
        assert real.config.starting_chips == chips and real.state.num_seats == seats
    finally:
        app.close()
        i18n.set_language("en")


def test_the_ninehalf_table_takes_a_bet_of_your_own_size(tmp_path: Path) -> None:
    """At the coach's bet step the player steps the amount to 3 and bets: the
    table takes it (no refusal) and the dealer's payout step counts 4 chips doubled."""
    from game.rules.ninehalf import Bet

    app = lesson_app(tmp_path, "ninehalf", (1280, 720), "en")
    app.options.autoplay = False
    try:
        table = make_coached(app, "ninehalf")
        app.push(table)
        for _ in range(3000):
            app.step(1 / 60)
            step = table.director.asked()
            if step is not None and step.action == Bet(5):
                break
            if step is not None:
                table.human_acts(step.action)
            shown = table.director.visible_step()
            if shown is not None and shown[1] is not None and shown[1].wants is None:
                table.director.press("continue")
        assert table.director.asked() is not None and table.director.asked().action == Bet(5)
        for key in ("plus", "plus", "bet"):  # the stepper from 1 up to 3, then Bet
            for event in table.click_control(key):
                pygame.event.post(event)
            for _ in range(3):
                app.step(1 / 60)
        for _ in range(600):
            app.step(1 / 60)
            shown = table.director.visible_step()
            if shown is not None and shown[1] is not None:
                if shown[1].key == "coach.ninehalf.paid":
                    break
                if shown[1].wants is None:
                    table.director.press("continue")
        assert not table.director.refusing
        bets = [
            e.amount for e in table.director.driver.events if e.kind == "BetPlaced" and e.seat == 0
        ]
        assert bets == [3]
        assert table.director.callout_words(shown[1])[0].endswith("4 chips, paid double — 8 chips.")
    finally:
        app.close()
