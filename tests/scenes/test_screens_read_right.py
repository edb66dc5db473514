"""Issue 15, "every screen reads right": what a player notices in each language.

Joined lists use the language's separator; a banner showing when the language
changes is said again in the new language; an engine refusal reaches the player in
their language; achievement notices keep clear of a table's result; the player's
own cards are never tagged hidden; coached steps grey what the coach does not want.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.brag_table import BragTable
from game.scenes.kit import text as kt
from game.scenes.table import QuickPlayConfig
from game.ui import cards, fonts
from game.ui import draw as furniture


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def fresh_drawing_caches() -> None:
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()


def brag_table(make_app: Callable[..., App], lang: str = "en",
               size: tuple[int, int] = (1280, 720)) -> tuple[App, BragTable]:  # fmt: skip
    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    table = BragTable(app, QuickPlayConfig(game="brag", opponents=("easy",) * 3,
                                           starting_chips=50, seed=11))  # fmt: skip
    app.push(table)
    return app, table


def drawn_with(name: str, draw: Callable[[], Any]) -> list[str]:
    """Every text ``draw()`` renders through ``kit.text.<name>`` (``fit`` or ``text``)."""
    shown: list[str] = []
    render = getattr(kt, name)

    def spy(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        shown.append(words)
        return render(words, *args, **kwargs)

    setattr(kt, name, spy)
    try:
        draw()
    finally:
        setattr(kt, name, render)
    return shown


def shown_words(draw: Callable[[], Any]) -> list[str]:
    """Every text ``draw()`` fits onto the screen."""
    return drawn_with("fit", draw)


def shown_texts(draw: Callable[[], Any]) -> list[str]:
    """Every short text ``draw()`` renders."""
    return drawn_with("text", draw)


# ------------------------------------------------------------- list separators
def test_brag_final_points_are_listed_with_the_japanese_separator(
    make_app: Callable[..., App],
) -> None:
    app, table = brag_table(make_app, "ja")
    table.anim.scores, table.anim.game_winner, table.anim.hold = [7, 3, 2, 1], 0, False
    shown = shown_words(lambda: table.draw_finale(pygame.Surface(app.size)))
    points = [w for w in shown if w.startswith("最終得点")]
    assert points and "、" in points[0] and ", " not in points[0]
    assert ", " not in table.anim.score_text([7, 3, 2, 1])


def test_brags_finale_stands_alone_where_the_discards_lay(make_app: Callable[..., App]) -> None:
    """Once the game is won the finale box sits over the player's discards: the
    discarded card and its caption no longer peek out around it."""
    app, table = brag_table(make_app, "es")
    table.anim.laid, table.anim.hand = True, ["6S"]
    surface = pygame.Surface(app.size)
    assert i18n.t("brag.discarded") in shown_texts(lambda: table.draw_table(surface))
    table.anim.scores, table.anim.game_winner, table.anim.hold = [7, 3, 2, 1], 0, False
    drawn = shown_texts(lambda: table.draw_table(surface))
    assert i18n.t("brag.discarded") not in drawn


def test_lists_follow_the_language() -> None:
    i18n.set_language("ja")
    try:
        assert i18n.join_list(["A", "B", "C"]) == "A、B、C"
    finally:
        i18n.set_language("en")
    assert i18n.join_list(["A", "B"]) == "A, B"


# ------------------------------------------------------------ language switch
def banner_words(draw: Callable[[], Any]) -> list[str]:
    """The words of every banner ``draw()`` paints."""
    from game.scenes.kit import motion

    shown: list[str] = []
    make = motion.banner_image

    def spy(title: str, subtitle: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        shown.extend([title, subtitle])
        return make(title, subtitle, *args, **kwargs)

    motion.banner_image = spy  # type: ignore[assignment]
    try:
        draw()
    finally:
        motion.banner_image = make
    return [w for w in shown if w]


def test_a_card_table_banner_up_at_a_language_switch_shows_in_the_new_language(
    make_app: Callable[..., App],
) -> None:
    from game.scenes.kit.words import tw

    app, table = brag_table(make_app)
    table.announce(tw("nh.match_over"), "gold", 3.0)
    surface = pygame.Surface(app.size)
    assert banner_words(lambda: table.notices.draw_banner(surface)) == [i18n.t("nh.match_over")]
    english = i18n.t("nh.match_over")
    try:
        i18n.set_language("ja")  # the App rebuilds the scenes; the banner is still up
        app.step(1 / 60)
        assert table.banner.shown
        shown = banner_words(lambda: table.notices.draw_banner(surface))
        assert shown == [i18n.t("nh.match_over")] and shown[0] != english
    finally:
        i18n.set_language("en")


def test_a_sabacc_banner_up_at_a_language_switch_shows_in_the_new_language(
    make_app: Callable[..., App],
) -> None:
    from game.rules import sabacc_events as ev
    from game.scenes.sabacc_table import SabaccTable

    app = make_app((1280, 720), "en")
    table = SabaccTable(app, QuickPlayConfig(seed=5, opponents=("easy",) * 2))
    app.push(table)
    table.queue.finish_all()
    table.play([ev.HandEnded(hand_no=1, winners=(0,), reason="showdown")])
    for _ in range(40):  # until the banner has faded in (it holds 1.4 s)
        table.queue.update(0.05)
        if table.anim.model.banner.alpha >= 1.0:
            break
    english = i18n.t("sabacc.banner.you_win")
    assert table.anim.model.banner.shown and table.anim.model.banner.title == english
    try:
        i18n.set_language("es")
        app.step(1 / 60)
        shown = banner_words(
            lambda: table.anim.model.banner.draw(
                pygame.Surface(app.size), (400, 300), 30, 800, table.ink
            )  # fmt: skip
        )
        assert shown[0] == i18n.t("sabacc.banner.you_win") != english
        assert shown[1] == i18n.t("sabacc.reason.showdown")
    finally:
        i18n.set_language("en")


# ------------------------------------------------------- notices keep clear
def same(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    rect = rect.clip(a.get_rect())
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(
        b.subsurface(rect), "RGB"
    )


def notice_texts() -> list[str]:
    return [
        i18n.t("achievements.earned_notice", name=i18n.t(f"achievement.{name}.name"))
        for name in ("brag-crash", "first-win", "comeback")
    ]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_achievement_notices_never_cover_brags_finale_or_a_button(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app, table = brag_table(make_app, lang, size)
    table.anim.scores, table.anim.game_winner, table.anim.hold = [7, 3, 2, 1], 0, False
    before = pygame.Surface(app.size)
    app.draw(before)
    assert table.painter.finale_rect is not None
    keep = [table.painter.finale_rect, *table._plates.values()]
    for text in notice_texts():
        app.notify(text)
    after = pygame.Surface(app.size)
    app.draw(after)
    keep += [r for r in app.notice_keep_clear() if app.screen.get_rect().contains(r)]
    for rect in keep:
        assert same(before, after, rect), rect
    assert not same(before, after, before.get_rect())  # the notices show


def test_notices_on_a_menu_keep_off_its_buttons(make_app: Callable[..., App]) -> None:
    from game.scenes.main_menu import MainMenuScene

    app = make_app((1280, 720), "es")
    app.push(MainMenuScene(app))
    app.step(1 / 60)
    before = pygame.Surface(app.size)
    app.draw(before)
    for text in notice_texts():
        app.notify(text)
    after = pygame.Surface(app.size)
    app.draw(after)
    buttons = app.notice_keep_clear()
    assert buttons
    for rect in buttons:
        assert same(before, after, rect), rect
    assert not same(before, after, before.get_rect())


# ------------------------------------------------------------ engine refusals
def engine_refusals() -> list[ValueError]:
    """Refusals the engines give for what a player can try: a Brag layout, a house
    rule, a table the rules cannot seat."""
    import dataclasses

    from game.rules import brag, kessel, ninehalf

    found: list[ValueError] = []

    def catch(attempt: Callable[[], object]) -> None:
        try:
            attempt()
        except ValueError as error:
            found.append(error)
        else:
            raise AssertionError("the engine accepted it")

    catch(lambda: dataclasses.replace(ninehalf.NineHalfOptions(), max_ante=0))
    catch(lambda: dataclasses.replace(ninehalf.NineHalfOptions(), limit_choices=()))
    catch(lambda: dataclasses.replace(brag.BragOptions(), target=4))
    catch(lambda: kessel.new_game(6, "kessel-shift", token_mode="draft"))
    catch(lambda: kessel.new_game(3, "kessel", token_mode="sometimes"))
    return found


def looks_english(text: str) -> bool:
    import re

    return re.search(r"[A-Za-z]{3,}", text) is not None


def test_engine_refusals_reach_a_japanese_player_in_japanese() -> None:
    from game.scenes.refusals import refusal

    reasons = engine_refusals()
    assert len(reasons) == 5
    i18n.set_language("ja")
    try:
        for error in reasons:
            text = refusal(error)
            assert not looks_english(text), (str(error), text)
            assert text != i18n.t("refusal.other"), str(error)  # each one is known
        draft = refusal(reasons[3])
        assert "5人" in draft and "§4.1.8" in draft
        unknown = refusal(ValueError("a reason no table knows (RULES.md §9.9)"))
        assert not looks_english(unknown) and "§9.9" in unknown
    finally:
        i18n.set_language("en")
    assert refusal(reasons[0]) == "Highest ante must be at least 1."


def test_a_brag_layout_the_engine_refuses_is_explained_in_japanese(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = brag_table(make_app, "ja")
    for _ in range(3000):
        if table.idle() and table.awaiting_human() and table.arranging:
            break
        app.step(1 / 60)
    assert table.arranging
    hand = list(table.anim.hand)
    # Two sets the table's own check lets through (it is switched off here), which
    # the engine refuses: the same card in both.
    table.anim.slots = [hand[0:3], [hand[0], *hand[3:5]], [], []]
    monkeypatch.setattr(table.inputs, "layout_problem", lambda: None)
    table.inputs.lay_down()
    assert table.message is not None and not table.anim.laid
    shown = str(table.message[0])
    assert shown.startswith("出せません。") and not looks_english(shown), shown
    assert table.state.to_act() == 0 and table.state.view(0).layout is None


# ------------------------------------------------------------ whose turn
@pytest.mark.parametrize(
    ("game", "preset"),
    [("ninehalf", "classic"), ("sabacc", "kessel"), ("sabacc", "corellian-spike")],
)
def test_the_status_line_says_who_is_thinking_and_what_the_player_is_to_do(
    make_app: Callable[..., App], game: str, preset: str
) -> None:
    from game.scenes.table import make_table_scene
    from game.ui.tween import Wait

    app = make_app((1280, 720), "ja")
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game=game, preset=preset, opponents=("easy",) * 2, seed=7)
    table: Any = make_table_scene(app, config)
    app.push(table)
    for _ in range(4000):
        if not table.queue.busy and table.acting() == table.human:
            break
        app.step(1 / 60)
    words = table.status_text()
    assert words and words == table.my_turn_text() and not looks_english(words), words
    # A computer seat thinking is named (even while its pause plays).
    table.seen.to_act, table.thinking = 1, 1
    table.queue.push(Wait(1.0))
    assert table.status_text() == i18n.t("cards.waiting", seat=table.seat_name(1))


# ------------------------------------------------- Nine and a Half's hidden tag
def test_the_players_card_loses_its_hidden_tag_once_the_deal_is_over(
    make_app: Callable[..., App],
) -> None:
    """The player's face-down card is tagged "hidden" while the deal is played; a
    deal the dealer settles without turning it over (a stop, a bust) ends untagged."""
    from game.rules import ninehalf as nh
    from game.rules.base import BETWEEN
    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((1280, 720), "ja")
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, opponents=("easy",) * 3,
                                               starting_chips=40))  # fmt: skip
    table.state = nh.new_game(4, nh.NineHalfOptions(dealer_sets_limit=False), chips=40, dealer=1)
    table.anim.dealer = 1
    app.push(table)
    tagged_mid_deal = False
    for _ in range(3000):
        if table.state.to_act() == BETWEEN and table.idle():
            break
        tagged_mid_deal |= table.painter.hidden_tag_shown() and table.anim.seat_cards(0) != []
        if table.idle() and table.awaiting_human():
            key = next((k for k in ("ante", "stay", "bet") if k in table.widgets), None)
            for event in table.click_control(key) if key else []:
                pygame.event.post(event)
        app.step(1 / 60)
    assert table.state.to_act() == BETWEEN and tagged_mid_deal
    table.anim.flip.pop(0, None)  # as when the dealer never challenged the player
    assert table.anim.seat_cards(0)  # the player's cards are still on the table...
    drawn = shown_texts(lambda: table.draw_table(pygame.Surface(app.size)))
    assert i18n.t("nh.hidden") not in drawn  # ...without the tag
    assert not table.painter.hidden_tag_shown()


# ------------------------------------------------------------- coached steps
def coached(make_app: Callable[..., App], game: str, lang: str = "en") -> tuple[App, Any]:
    from game.scenes.kit.coach import make_coached

    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    table = make_coached(app, game)
    app.push(table)
    return app, table


def run_to_asked_step(app: App, table: Any, key: str) -> None:
    """Through the lesson (Continue on every explanation) to the step ``key`` asks for."""
    for _ in range(3000):
        shown = table.director.visible_step()
        if shown is not None and shown[1] is not None:
            if shown[1].key == key and not table.queue.busy and table.controls:
                return
            if shown[1].wants is None:
                table.director.press("continue")
            else:
                keys = table.director.marks.coach_keys(shown[1].action) or set()
                move = next(k for k in ("ante", "hit", "stay", "bet", "lay") if k in keys)
                for event in table.click_control(move):
                    pygame.event.post(event)
        app.step(1 / 60)
    raise AssertionError(f"the lesson never reached {key}")


def test_a_coached_nine_and_a_half_step_greys_the_moves_the_coach_does_not_want(
    make_app: Callable[..., App],
) -> None:
    from pygame_gui.elements import UIButton

    from game.scenes.kit.coach import refusal_key

    app, table = coached(make_app, "ninehalf", "ja")
    run_to_asked_step(app, table, "coach.ninehalf.hit")
    hit, stay = table.widgets["hit"], table.widgets["stay"]
    assert isinstance(hit, UIButton) and isinstance(stay, UIButton)
    # Greyed with the step's own reason (the lesson says why it wants the draw).
    why = i18n.t(refusal_key(table.director.asked()))
    assert why and why != i18n.t("coach.not_now")
    assert table.controls["stay"].reason == why
    assert "unavailable" in str(stay.object_ids) and "unavailable" not in str(hit.object_ids)
    assert stay.tool_tip_text == why
    state = table.state.view(0)
    post_click(app, table, "stay")  # refused in the coach's words, nothing played
    assert table.director.refusing and table.state.view(0) == state
    assert [key for key, _, _ in table.action_buttons()] == ["hit"]


def test_a_coached_brag_layout_greys_auto_arrange(make_app: Callable[..., App]) -> None:
    from game.scenes.kit.coach import refusal_key

    app, table = coached(make_app, "brag")
    run_to_asked_step(app, table, "coach.brag.layout")
    assert table.controls["auto"].reason == i18n.t(refusal_key(table.director.asked()))
    assert not table.controls["lay"].reason and not table.controls["clear"].reason
    post_click(app, table, "auto")
    assert table.anim.slots == [[], [], [], []] and table.director.refusing


def post_click(app: App, table: Any, key: str) -> None:
    for event in table.click_control(key):
        pygame.event.post(event)
    for _ in range(3):
        app.step(1 / 60)


def test_a_callout_blocked_beside_its_target_takes_the_nearest_free_place(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = coached(make_app, "ninehalf")
    area = table.director.marks.coach_area()
    target = pygame.Rect(area.right + 10, area.bottom - 100, 200, 40)  # beside the felt
    blocked = [
        pygame.Rect(area.left, area.bottom - 260, area.width, 260),  # the foot of the felt
        pygame.Rect(area.left, area.top, area.width * 3 // 5, area.bottom - 260),  # its left
    ]
    monkeypatch.setattr(table.director.marks, "coach_avoid", lambda: blocked)
    monkeypatch.setattr(table.director.marks, "coach_soft", lambda: [])
    # Only the blocked rects are furniture here (the real plates would also steer the
    # pointer: test_coached_tables checks that on every lesson).
    monkeypatch.setattr(table.director.marks, "coach_readable", lambda: blocked)
    size = (area.width // 3, 120)
    box = table.director.callout.place_callout(target, size, 14)
    assert not any(box.colliderect(r) for r in [target, *blocked])
    # The free strip is the felt's right above its foot: the callout sits low in it,
    # next to the target, not in the top corner.
    assert box.bottom >= area.bottom - 260 - 30, box


def test_table_notes_shown_when_the_language_changes_follow_it(
    make_app: Callable[..., App],
) -> None:
    """The Spike table's phase note and seat notes are drawn in the language of the
    moment."""
    from game.scenes.kit.words import live
    from game.scenes.table import make_table_scene

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    # Seeded so that an opponent acts before the player (an unseeded deal could leave
    # the player first to act, with no seat note on the table to read).
    config = QuickPlayConfig(
        game="sabacc", preset="corellian-spike", opponents=("easy",) * 2, seed=3
    )
    table: Any = make_table_scene(app, config)
    app.push(table)
    model = table.anim.model
    for _ in range(3000):
        if model.phase_note and any(text for text, _ in model.notes):
            break
        app.step(1 / 60)
    english = str(model.phase_note)
    assert english and looks_english(english)
    noted = [seat for seat, (text, _) in enumerate(model.notes) if text]
    assert noted
    try:
        i18n.set_language("ja")
        app.step(1 / 60)
        shown = shown_texts(lambda: table.draw_table(pygame.Surface(app.size)))
        note = live(model.phase_note)
        assert note != english and not looks_english(note)
        assert any(note in words for words in shown) or note in shown_words(
            lambda: table.draw_table(pygame.Surface(app.size))
        )
        for seat in noted:  # the seats' notes ("Stood", "Bet 2") too
            assert not looks_english(live(model.notes[seat][0])), model.notes[seat]
    finally:
        i18n.set_language("en")


def test_a_nine_and_a_half_banner_is_placed_by_its_words_in_the_new_language(
    make_app: Callable[..., App],
) -> None:
    from game.scenes.kit.words import tw
    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, opponents=("easy",) * 3,
                                               starting_chips=40))  # fmt: skip
    app.push(table)
    words = tw("nh.deal_lost", count=12)
    try:
        i18n.set_language("ja")
        app.step(1 / 60)
        table.announce(words, "bad", 3.0)
        placed = table.banner_centre()
        table.announce(str(i18n.t("nh.deal_lost", count=12)), "bad", 3.0)
        assert placed == table.banner_centre()
        image = table.banner_image(words, table.ink("bad"))
        assert image.get_size() == table.banner_image(i18n.t("nh.deal_lost", count=12),
                                                      table.ink("bad")).get_size()  # fmt: skip
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("game", "preset"),
    [("sabacc", "classic"), ("ninehalf", "classic"), ("sabacc", "kessel")],
)
def test_notices_keep_off_every_tables_plates_banner_and_controls(
    make_app: Callable[..., App], game: str, preset: str
) -> None:
    from game.scenes.table import make_table_scene

    app = make_app((1280, 720), "ja")
    app.settings.animation_speed = "instant"
    table: Any = make_table_scene(app, QuickPlayConfig(game=game, preset=preset, seed=4))
    app.push(table)
    for _ in range(120):
        app.step(1 / 60)
    before = pygame.Surface(app.size)
    app.draw(before)
    keep = app.notice_keep_clear()
    assert keep
    for text in notice_texts():
        app.notify(text)
    after = pygame.Surface(app.size)
    app.draw(after)
    for rect in keep:
        assert same(before, after, rect), rect
    assert not same(before, after, before.get_rect())  # the notices show


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_brag_speech_bubble_stays_off_the_status_line(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The top opponent's greeting went over "Game 1 · Deal 1 · first to 7" (seen at
    1280x720 in Japanese): a bubble keeps off the status line at the felt's top."""
    from game.campaign.voices import Bubble
    from game.ui import speaker

    app, table = brag_table(make_app, lang)
    app.step(0.016)
    top = min((s for s in range(table.num_seats) if s != table.human),
              key=lambda s: table.places.plate_rect(s).top)  # fmt: skip
    said = Bubble("odile", top, "voice.steady.sit_down.1", "sit_down", 0.0, 1e9)  # type: ignore[arg-type]
    moods = table.moods
    monkeypatch.setattr(moods, "bubble", lambda now: said)
    boxes: list[pygame.Rect] = []
    draw = speaker.draw_speaker
    monkeypatch.setattr(
        speaker,
        "draw_speaker",
        lambda surface, box, *a, **k: (boxes.append(box), draw(surface, box, *a, **k)),
    )
    table.draw_speech(app.screen, table._plates, table.speech_keep_clear())
    # The speaker card is drawn once into a picture of its own, then placed.
    assert boxes and table.voices.speech is not None
    boxes[0] = boxes[0].move(table.voices.speech[2])
    assert not boxes[0].colliderect(table.places.status_rect), (boxes, table.places.status_rect)
    assert not boxes[0].colliderect(table.places.plate_rect(top))
