"""The drawing library in every language: Japanese text gets a font that has its glyphs,
card names are translated and re-drawn on a language switch, and suits read by shape."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import cards, draw, fonts  # noqa: E402
from game.ui.palette import PALETTES, get_palette  # noqa: E402

WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    fonts.clear_caches()  # Font objects from an earlier pygame.quit() are dead
    pygame.display.init()
    pygame.font.init()
    yield
    i18n.set_language("en")
    fonts.clear_caches()
    cards.clear_cache()
    draw.clear_cache()
    pygame.quit()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_japanese_text_is_drawn_with_the_japanese_font_in_any_language() -> None:
    i18n.set_language("en")
    assert fonts.font_for_text("Lando", bold=True) == "sans-bold"
    # A Japanese player name at an English table must not come out as empty boxes.
    assert fonts.font_for_text("マラ・ジェイド") == "jp"
    auto = fonts.render_text("サバック・ポット", 20, WHITE, bold=True)
    explicit = fonts.render_text("サバック・ポット", 20, WHITE, bold=True, name="jp-bold")
    assert pixels(auto) == pixels(explicit)
    # In the Japanese UI Latin text uses the Japanese face too, so mixed lines match.
    i18n.set_language("ja")
    assert fonts.font_for_text("1,480") == "jp"


def test_pot_title_in_japanese_has_visible_glyphs() -> None:
    i18n.set_language("ja")
    title = i18n.t("sabacc.sabacc_pot")
    fallback = fonts.render_text(title, 20, WHITE, name="sans")  # tofu boxes, all alike
    real = fonts.render_text(title, 20, WHITE)
    assert pixels(real) != pixels(fallback)
    pot_ja = draw.render_pot(420, title, (220, 110))
    i18n.set_language("en")
    pot_en = draw.render_pot(420, i18n.t("sabacc.sabacc_pot"), (220, 110))
    assert pixels(pot_ja) != pixels(pot_en)


def test_every_printed_card_name_is_in_every_catalog() -> None:
    codes = cards.sabacc_codes(centran=True)
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        catalog = i18n.load_catalog(language)
        for code in codes:
            title = cards.card_title(code)
            card = cards.parse_sabacc(code)
            if card.kind == "suit" and card.value <= 11:
                assert title == ""
            else:
                assert title and title in catalog.values(), (language, code, title)
    i18n.set_language("ja")
    assert cards.card_title("demise") == "デマイズ"  # the seed's own word, not a kanji gloss
    assert cards.card_title("15c") == "エース"
    i18n.set_language("es")
    assert cards.card_title("idiot") == "El Idiota"
    assert cards.card_title("Lf") == "Legado"


def test_card_faces_follow_the_language_and_keep_one_cache_entry_each() -> None:
    size = (100, 150)
    english = cards.render_sabacc_card("demise", size)
    i18n.set_language("ja")
    japanese = cards.render_sabacc_card("demise", size)
    assert pixels(japanese) != pixels(english)
    i18n.set_language("en")
    assert cards.render_sabacc_card("demise", size) is english
    # Plain numbered cards print no name, so they look the same in every language.
    plain_en = cards.render_sabacc_card("7c", size)
    i18n.set_language("es")
    assert pixels(cards.render_sabacc_card("7c", size)) == pixels(plain_en)


def test_long_japanese_names_break_at_the_middle_dot() -> None:
    breaks = cards._title_breaks("クイーン・オブ・エア・アンド・ダークネス")
    assert ("クイーン・オブ・エア・", "アンド・ダークネス") in breaks
    assert all(first.endswith("・") for first, _ in breaks)
    assert cards._title_breaks("THE EVIL ONE") == [("THE", "EVIL ONE"), ("THE EVIL", "ONE")]


def test_chip_counts_are_grouped_the_way_each_language_writes_numbers() -> None:
    i18n.set_language("en")
    english = draw.render_nameplate("Han", 12000, "", False, (230, 58))
    i18n.set_language("es")  # 12.000, not 12,000
    spanish = draw.render_nameplate("Han", 12000, "", False, (230, 58))
    assert pixels(spanish) != pixels(english)
    # Four digits stay unsplit in Spanish (RAE), so 1480 draws the same digits as "1480".
    assert i18n.format_number(1480) == "1480"


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_suits_are_told_apart_by_shape_alone(palette: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Give every suit the same colour: the cards must still differ (the glyph's shape).
    base = get_palette(palette)
    grey = dataclasses.replace(base, name="test-grey", sabacc_suit_glow=((200, 200, 200),) * 4)
    monkeypatch.setitem(PALETTES, "test-grey", grey)
    faces = [
        pixels(cards.render_sabacc_card(f"7{suit}", (100, 150), "test-grey")) for suit in "cfst"
    ]
    assert len(set(faces)) == 4
    faces52 = [pixels(cards.render_card52(f"7{suit}", (100, 150), palette)) for suit in "SHDC"]
    assert len(set(faces52)) == 4
