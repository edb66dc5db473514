"""A word for every symbol (issue 27 item 4): each table kind at the player's turn
declares its symbols, each resolves to a glossary entry with words in every language;
a resting mouse shows the word, holding ? labels them all and releasing takes them
away; the glossary covers every label the tables draw and every game word in the logs;
the Rules & help Glossary page draws every term."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.help import glossary
from game.help.pages import GLOSSARY, page
from game.rules import kessel as kg
from game.scenes.kit.legend import HOVER_DELAY, is_legend_key
from game.scenes.table import QuickPlayConfig, make_table_scene

pytestmark = pytest.mark.usefixtures("data_home")

ROOT = Path(__file__).resolve().parents[2]

#: Every kind of table, with the symbols it must show at the player's first turn.
TABLES: dict[str, tuple[str, str | None, set[str]]] = {
    "classic": ("sabacc", "classic", {"hand-pot", "sabacc-pot", "nameplate", "dealer-puck",
                                       "lead", "your-total", "deck", "turn-marker"}),
    "great-khan": ("sabacc", "great-khan", {"khan-dice", "turn-marker", "sabacc-pot"}),
    "force": ("sabacc", "force", {"hand-pot", "sabacc-pot", "nameplate"}),
    "kessel": ("sabacc", "kessel", {"sand-blood", "kessel-first", "nameplate", "turn-marker"}),
    "kessel-shift": ("sabacc", "kessel-shift", {"token-playable", "token-hidden",
                                                 "kessel-first", "sand-blood"}),
    "corellian-spike": ("sabacc", "corellian-spike", {"spike-dice", "hand-pot", "sabacc-pot",
                                                      "dealer-puck", "spike-hand"}),
    "coruscant-shift": ("sabacc", "coruscant-shift", {"target-dice", "pot", "ante"}),
    "brag": ("brag", None, {"brag-slot", "brag-column", "brag-points", "nameplate"}),
    "ninehalf": ("ninehalf", None, {"dealer-puck", "nh-limit", "nameplate"}),
}  # fmt: skip


def at_turn(table: Any) -> bool:
    if not table.card_loop:  # Sabacc: its own engine loop and its mode
        return bool(table.mode == "human" and not table.queue.busy)
    return bool(table.awaiting_human() and table.idle())


def open_at_turn(make_app: Callable[..., App], name: str, lang: str = "en") -> tuple[App, Any]:
    game, preset, _ = TABLES[name]
    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    opponents = ("easy",) * (4 if game == "ninehalf" else 3)
    table = make_table_scene(app, QuickPlayConfig(game=game, preset=preset, seed=3,
                                                  opponents=opponents))  # fmt: skip
    app.push(table)
    for _ in range(2000):
        app.step(1 / 60)
        if at_turn(table):
            inputs = getattr(table, "inputs", None)  # Kessel's token picker
            if getattr(inputs, "picking", lambda: False)():
                inputs.human_acts(kg.PickTokens(("free-draw", "target-tariff", "immunity")))
                continue
            break
    assert at_turn(table), f"the {name} table never came to the player's turn"
    for _ in range(3):
        app.step(1 / 60)
    return app, table


def frame(app: App) -> bytes:
    app.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


def post(app: App, *events: pygame.event.Event, frames: int = 2) -> None:
    for event in events:
        app.handle_event(event)
    for _ in range(frames):
        app.step(1 / 60)


QUESTION_DOWN = pygame.event.Event(
    pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT, unicode="?", scancode=0
)
QUESTION_UP = pygame.event.Event(
    pygame.KEYUP, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0
)


@pytest.mark.parametrize("name", list(TABLES))
def test_every_symbol_at_the_players_turn_has_a_word_in_every_language(
    make_app: Callable[..., App], name: str
) -> None:
    app, table = open_at_turn(make_app, name)
    marks = table.legend.marks_of(table)
    terms = {mark.term for mark in marks}
    assert TABLES[name][2] <= terms, TABLES[name][2] - terms
    window = pygame.Rect((0, 0), app.size)
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for mark in marks:
            assert glossary.has_term(mark.term), mark.term
            assert catalog.get(glossary.name_key(mark.term)), (language, mark.term)
            assert catalog.get(glossary.text_key(mark.term)), (language, mark.term)
            assert window.contains(mark.rect) and mark.rect.width and mark.rect.height, mark


@pytest.mark.parametrize("name", ["classic", "kessel-shift", "ninehalf"])
def test_holding_question_mark_labels_the_table_and_letting_go_takes_them_away(
    make_app: Callable[..., App], name: str
) -> None:
    app, table = open_at_turn(make_app, name)
    clock = table.clock  # the turn marker pulses with it: compare frames at one moment
    before = frame(app)
    assert is_legend_key(QUESTION_DOWN)
    post(app, QUESTION_DOWN)
    assert table.legend.held
    table.clock = clock
    assert frame(app) != before
    # The labels are drawn in the glossary's words: the nameplate's label is on screen.
    from game.scenes.kit.legend import label_image, place_labels

    marks = table.legend.marks_of(table)
    sizes = {m.term: label_image(m.term, table.ink, table.table_u).get_size() for m in marks}
    places = place_labels(marks, sizes, table.legend_area(), 8)
    assert {term for term, _, _ in places} == {m.term for m in marks}
    felt = table.legend_area()
    assert all(felt.contains(box) for _, box, _ in places)
    post(app, QUESTION_UP)
    assert not table.legend.held
    table.clock = clock
    assert frame(app) == before


def test_a_resting_mouse_shows_the_symbols_word(make_app: Callable[..., App]) -> None:
    app, table = open_at_turn(make_app, "kessel-shift")
    ring = next(m for m in table.legend.marks_of(table) if m.term == "token-playable")
    before = frame(app)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=ring.rect.center, rel=(0, 0),
                                buttons=(0, 0, 0), touch=False)  # fmt: skip
    post(app, motion, frames=1)
    assert table.legend.hovered(table.legend.marks_of(table), table.clock) is None  # not yet
    for _ in range(round(HOVER_DELAY * 60) + 3):
        app.step(1 / 60)
    hovered = table.legend.hovered(table.legend.marks_of(table), table.clock)
    assert hovered is not None and hovered.term == "token-playable"
    assert frame(app) != before


# ------------------------------------------------------------------ words


def literal_keys(path: Path) -> set[str]:
    """The catalog keys a module names as string literals."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        words = node.value if isinstance(node, ast.Constant) else None
        if isinstance(words, str) and re.fullmatch(r"[a-z0-9_]+(\.[a-zA-Z0-9_-]+)+", words):
            out.add(words)
    return out


#: Words a table draws that are sentences about the moment (whose turn, what to do,
#: why a layout is refused), not a symbol: the glossary has no entry for them.
SENTENCES = {
    "sabacc.between_prompt", "sabacc.discard_prompt", "sabacc.field_prompt",
    "sabacc.over_prompt", "sabacc.stepper_max", "sabacc.thinking", "sabacc.unplayable",
    "sabacc.your_turn", "kt.facts", "kt.turn.target", "brag.problem.gap",
    "brag.problem.invalid", "brag.problem.order", "brag.status", "brag.turn.arrange",
    "brag.turn.dealing", "brag.turn.game_over", "brag.turn.reveal", "brag.turn.review",
    "brag.turn.showdown", "cards.waiting", "cards.your_turn", "polish2.brag.final_score",
    "polish2.brag.final_scores", "polish2.brag.finale", "polish2.brag.finale_you",
    "tables.brag_short", "nh.deal_info", "kt.picker.title", "kt.picker.draft", "kt.turn.turn_free",
    "kt.facts_shown",
}  # fmt: skip


@pytest.mark.parametrize("table", ["sabacc", "kessel", "spike", "brag", "ninehalf"])
def test_every_label_a_table_draws_is_in_the_glossary(table: str) -> None:
    catalog = i18n.load_catalog("en")
    # The painting (Sabacc paints its seats in a module of their own, Kessel its
    # tokens and their picker).
    painting = [ROOT / "game" / "scenes" / table / name
                for name in ("paint.py", "seats.py", "tokens.py")]  # fmt: skip
    keys = {
        k
        for path in painting
        if path.exists()
        for k in literal_keys(path)
        if k in catalog or f"{k}_other" in catalog
    }
    assert keys, "the table draws words"
    unexplained = sorted(k for k in keys - SENTENCES if glossary.explaining(k) is None)
    assert not unexplained, f"table words with no glossary entry: {unexplained}"


#: The catalog families that name a game's hands and tokens: every one is in the glossary.
TERM_FAMILIES = ("sabacc.kind.", "spike.kind.", "brag.kind.", "kessel.kind.", "kessel.token.",
                 "nh.kind.", "kessel.family.")  # fmt: skip
#: Capitalised words in log lines that are names, not game words.
NOT_TERMS = {"Thirteen Card Brag", "Half", "Nine and a Half"}


def test_every_hand_token_and_family_name_has_a_glossary_entry() -> None:
    catalog = i18n.load_catalog("en")
    names = [k for k in catalog if k.startswith(TERM_FAMILIES) and not k.endswith("_you")]
    assert len(names) > 40
    missing = sorted(k for k in names if glossary.explaining(k) is None)
    assert not missing, missing


def test_every_game_word_in_the_log_lines_has_a_glossary_entry() -> None:
    """A capitalised word inside a log line ("the Sabacc pot", "Sudden Demise", "Cook
    the Books") is a game word: it must be (part of) a glossary entry's name."""
    catalog = i18n.load_catalog("en")
    names = " | ".join(glossary.said(t.key)[0] for t in glossary.TERMS)
    logs = {k: v for k, v in catalog.items() if ".log." in k}
    assert len(logs) > 50
    missing = set()
    for key, line in logs.items():
        text = re.sub(r"\{[^}]*\}", "", line)
        for match in re.finditer(r"(?<![.!?:]\s)(?<!^)\b([A-Z][a-z'’]+(?:[\s-]+[A-Z][a-z'’]+)*)",
                                 text):  # fmt: skip
            word = match.group(1)
            if word not in NOT_TERMS and word not in names:
                missing.add((word, key))
    assert not missing, sorted(missing)


def test_the_glossary_page_draws_every_term_in_every_language() -> None:
    from game.ui.glossary_art import render_example

    blocks = page(GLOSSARY)
    assert {b.key for b in blocks if b.kind == "term"} == {t.key for t in glossary.TERMS}
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for block in blocks:
            if block.kind == "term":
                assert catalog.get(glossary.name_key(block.key)), (language, block.key)
                assert catalog.get(glossary.text_key(block.key)), (language, block.key)
            else:
                assert catalog.get(block.key), (language, block.key)
    pygame.init()
    for term in glossary.TERMS:
        image = render_example(term.example, 60)
        assert image.get_width() > 4 and image.get_height() > 4, term.key
        assert pygame.transform.average_color(image)[3] > 0, f"{term.key} draws nothing"


def test_rules_and_help_has_a_glossary_tab(make_app: Callable[..., App]) -> None:
    from game.scenes.rules import RulesScene

    app = make_app((1280, 720), "ja")
    rules = RulesScene(app, "sabacc")
    app.push(rules)
    app.step(0.016)
    assert rules.tabs[GLOSSARY].button.text == "用語集"
    rules.show(GLOSSARY)
    app.step(0.016)
    assert rules.page_name == GLOSSARY and rules.preset_selector is None
    assert rules.page_image().get_height() > 20 * rules.visible_height() // 3


def label_places(
    table: Any,
) -> tuple[list[tuple[str, pygame.Rect, list[pygame.Rect]]], list[pygame.Rect]]:
    """Where the held ``?`` puts each label now (as ``draw_labels`` does), and the words
    on the table it keeps off."""
    from game.scenes.kit.legend import label_image, place_labels

    marks = table.legend.marks_of(table)
    u = table.table_u
    sizes = {m.term: label_image(m.term, table.ink, u).get_size() for m in marks}
    keep = table.legend_keep_clear()
    return place_labels(marks, sizes, table.legend_area(), max(4, round(8 * u)), keep), keep


def felt_words(table: Any) -> list[pygame.Rect]:
    """Where a Classic-family table's picture puts words: every blit of an image the
    text functions made (the pots' names, "Discards", the deck's count, tags, the
    total), found by drawing the centre and the seats onto a surface that records."""
    from game.scenes.kit import text as kt
    from game.scenes.sabacc import paint

    made: set[int] = set()
    blits: list[tuple[int, pygame.Rect]] = []

    class Recorder(paint._Tracker):
        def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
                 flags: int = 0) -> pygame.Rect:  # fmt: skip
            rect = super().blit(source, dest, area, flags)
            blits.append((id(source), rect))
            return rect

    def spy(make: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def made_words(*args: Any, **kwargs: Any) -> pygame.Surface:
            image = make(*args, **kwargs)
            made.add(id(image))
            return image

        return made_words

    with pytest.MonkeyPatch.context() as patch:
        for name in ("text", "fit", "pill"):
            patch.setattr(kt, name, spy(getattr(kt, name)))
        surface: Any = Recorder()
        table.painter._draw_centre(surface, table.places)
        for seat in range(len(table.anim.model.seats)):
            table.painter.seats.draw_seat(surface, table.places, seat)
    return [rect for source, rect in blits if source in made]


@pytest.mark.parametrize("name", list(TABLES))
def test_the_labels_keep_off_each_other_and_the_tables_words_at_every_size(
    make_app: Callable[..., App], name: str
) -> None:
    # Brag's "Set column" tags sat over its status line, labels over a round banner.
    app, table = open_at_turn(make_app, name)
    for w, h in ((960, 600), (1920, 1080), (1280, 720)):
        assert app.window is not None
        app.window.size = (w, h)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        post(app, QUESTION_DOWN)
        frame(app)
        places, keep = label_places(table)
        assert keep, "the table's status line is among the words kept clear"
        boxes = [box for _, box, _ in places]
        for i, box in enumerate(boxes):
            assert table.legend_area().contains(box)
            others = [(places[j][0], other) for j, other in enumerate(boxes) if j != i]
            assert not [t for t, other in others if box.colliderect(other)], (w, places[i][0])
            assert not [k for k in keep if box.colliderect(k)], (w, places[i][0])
        if hasattr(table, "_draw_centre"):
            # Classic's family: the labels kept off only the prompt and the banner, and
            # covered the pots' names and "Discards" (the card tables keep off them all).
            words = felt_words(table)
            assert len(words) >= 4, "the pots' names, the deck's count and Discards"
            for term, box, _ in places:
                assert box.collidelist(words) < 0, (w, term, words[box.collidelist(words)])
        post(app, QUESTION_UP)


def test_the_token_pickers_chips_are_named_by_their_colour_once_each(
    make_app: Callable[..., App],
) -> None:
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = make_table_scene(app, QuickPlayConfig(game="sabacc", preset="kessel-shift", seed=3,
                                                  opponents=("easy",) * 3))  # fmt: skip
    app.push(table)
    for _ in range(2000):
        app.step(1 / 60)
        if at_turn(table) and table.inputs.picking():
            break
    assert table.inputs.picking()
    colours = {"token-economy", "token-rule", "token-charge", "token-hand", "token-defence"}
    marks = [m for m in table.legend.marks_of(table) if m.term in colours]
    assert len(marks) == len(kg.TOKENS)  # every chip says its colour on hover
    assert sorted(m.term for m in marks if m.labelled) == sorted(colours)  # one label each
    table.inputs.picked.append("immunity")
    frame(app)
    picked = [m for m in table.legend.marks_of(table) if m.term == "token-picked"]
    assert [m.rect for m in picked] == [table.places.picker_rects()[kg.TOKENS.index("immunity")]]
    # The labels keep off the picker's words (its title, each token's name and sentence).
    places, keep = label_places(table)
    assert {term for term, _, _ in places} == colours | {"token-picked", "turn-marker"}
    assert not [term for term, box, _ in places if box.collidelist(keep) >= 0]
