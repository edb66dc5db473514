"""Translations: complete catalogs, matching placeholders, plurals, number formats."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from game import i18n
from game.i18n.linebreak import NO_LINE_END, NO_LINE_START, break_lines, may_break
from game.scenes.table_common import personal


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_shipped_catalogs_are_complete() -> None:
    assert i18n.check_catalogs(i18n.load_all()) == []


def test_check_reports_missing_keys_and_placeholder_mismatch() -> None:
    catalogs = {
        "en": {"a": "Hello {name}", "b": "Bye", "n_one": "1 chip", "n_other": "{count} chips"},
        "ja": {"a": "こんにちは", "n_other": "{count}枚"},
        "es": {"a": "Hola {name}", "b": "Adiós", "n_other": "{count} fichas"},
    }
    problems = i18n.check_catalogs(catalogs)
    assert "ja: missing key 'b'" in problems
    assert any(p.startswith("ja: 'a' placeholders") for p in problems)
    assert "es: missing key 'n_one'" in problems
    # Japanese has no singular form, so n_one is not required there.
    assert not any("ja: missing key 'n_one'" in p for p in problems)
    assert len(problems) == 3


def test_check_command_exit_status() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game.i18n", "check"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "complete" in result.stdout


def test_plurals_per_language() -> None:
    assert i18n.t("common.chips", count=1) == "1 chip"
    assert i18n.t("common.chips", count=12500) == "12,500 chips"
    i18n.set_language("es")
    assert i18n.t("common.chips", count=1) == "1 ficha"
    assert i18n.t("common.chips", count=12500) == "12.500 fichas"
    assert i18n.t("common.chips", count=2000) == "2000 fichas"  # RAE: four digits unsplit
    i18n.set_language("ja")
    assert i18n.t("common.chips", count=1) == "1枚"


def test_game_vocabulary_in_rules() -> None:
    i18n.set_language("ja")
    text = i18n.t("rules.sabacc")
    for word in (
        "サバック",
        "ボム・アウト",
        "イデオット・アレイ",
        "ピュア・サバック",
        "サドン・デス",
    ):
        assert word in text
    assert all(w in i18n.t("rules.ninehalf") for w in ("九点半", "ナチュラル", "ジャックテン"))
    i18n.set_language("es")
    assert all(w in i18n.t("rules.sabacc") for w in ("Sabacc Puro", "Mano del Idiota", "Bombardeo"))


def test_missing_key_falls_back_to_english_then_to_the_key() -> None:
    i18n.load_catalog("ja")
    i18n._catalogs["ja"].pop("menu.quit")
    try:
        i18n.set_language("ja")
        assert i18n.t("menu.quit") == "Quit"
        assert i18n.t("no.such.key") == "no.such.key"
    finally:
        i18n._catalogs.pop("ja")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="klingon"):
        i18n.set_language("klingon")


def test_table_words_use_the_seed_vocabulary_too() -> None:
    # Not only the rules page: the banners, logs and card names a player reads at the table.
    ja = i18n.load_catalog("ja")
    assert ja["sabacc.kind.bombed-out"] == "ボム・アウト"
    assert ja["sabacc.kind.idiots-array"].startswith("イデオット・アレイ")
    assert ja["sabacc.kind.pure-sabacc"].startswith("ピュア・サバック")
    assert ja["sabacc.banner.demise"].startswith("サドン・デス")
    assert ja["nh.kind.jack-ten"] == "ジャックテン"
    assert "ナチュラル" in ja["nh.kind.natural"]
    # The seed's suit names (フラスコ, ステイヴ); the lead is 先手, next to the dealer's "D".
    assert (ja["sabacc.suit.f"], ja["sabacc.suit.t"], ja["sabacc.lead_mark"]) == (
        "フラスコ",
        "ステイヴ",
        "先手",
    )
    no_seed_word = [k for k, v in ja.items() if k.startswith("sabacc.") and "バスト" in v]
    assert no_seed_word == []  # Sabacc busts are ボム・アウト; バースト is 九点半's word
    es = i18n.load_catalog("es")
    assert es["sabacc.kind.idiots-array"] == "¡Mano del Idiota!"
    assert es["sabacc.kind.pure-sabacc"] == "¡Sabacc Puro!"
    assert es["sabacc.kind.bombed-out"] == "Bombardeo"


def test_japanese_messages_use_full_width_punctuation() -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    half_width = re.compile(r"[!?]|\([^)]*[\u3040-\u30ff\u4e00-\u9fff]|: ")
    odd = [
        key
        for key, value in i18n.load_catalog("ja").items()
        if japanese.search(value) and half_width.search(value)
    ]
    assert odd == []


# ----------------------------------------------------------------------- plurals
@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "You exchange 1 card.", "You exchange 2 cards."),
        ("es", "Intercambias 1 carta.", "Intercambias 2 cartas."),
        ("ja", "カードを1枚交換しました。", "カードを2枚交換しました。"),
    ],
)
def test_counted_log_lines_agree_with_their_number(lang: str, one: str, two: str) -> None:
    # "Cambias 1 cartas" was the bug: every count in a sentence picks its plural form.
    i18n.set_language(lang)
    you = i18n.t("results.you")
    assert personal("sabacc.log.exchanged", you, seat=you, count=1) == one
    assert personal("sabacc.log.exchanged", you, seat=you, count=2) == two


def test_every_counted_message_has_plural_forms() -> None:
    # Messages that show a number before a noun, whatever the parameter is called; the
    # table passes count= beside it (e.g. points=n, count=n).
    i18n.set_language("es")
    for key, params, one, many in [
        ("sabacc.log.reshuffle", {}, "(1 carta)", "(3 cartas)"),
        ("brag.log.points", {"seat": "Wen"}, "Wen suma 1 punto extra.", "Wen suma 3 puntos extra."),
        ("brag.log.laid", {"discarded": 4}, "Bajas 1 grupo", "Bajas 3 grupos"),
        ("results.seat_chips", {"seat": "Wen"}, "Wen: 1 ficha", "Wen: 3 fichas"),
        ("campaign.credits", {}, "Bolsa: 1 crédito", "Bolsa: 3 créditos"),
    ]:
        numbers = dict.fromkeys(("points", "sets", "chips", "credits"), 1)
        assert one in i18n.t(key, **params, **numbers, count=1), key
        numbers = dict.fromkeys(numbers, 3)
        assert many in i18n.t(key, **params, **numbers, count=3), key
    i18n.set_language("en")
    assert i18n.t("brag.log.laid", sets=1, discarded=4, count=1) == (
        "You laid down 1 set (discarded: 4)."
    )


def test_a_caller_without_count_still_reads_the_general_plural_form() -> None:
    # Until a call site passes count=, a plural-only key shows its _other form, not its key.
    assert i18n.t("results.seat_chips", seat="Wen", chips=40) == "Wen: 40 chips"


def test_check_flags_a_count_before_a_noun_without_plural_forms() -> None:
    catalogs = {
        "en": {"swap": "You swap {count} cards.", "deck": "Deck {count}"},
        "ja": {"swap": "{count}枚交換。", "deck": "山札 {count}"},
        "es": {"swap": "Cambias {count} cartas.", "deck": "Mazo {count}"},
    }
    problems = i18n.check_catalogs(catalogs)
    assert problems == [
        "en: 'swap' counts with {count} but has no _one/_other forms",
        "es: 'swap' counts with {count} but has no _one/_other forms",
    ]


# ------------------------------------------------------------------ terminology
def _japanese_values(prefixes: tuple[str, ...]) -> dict[str, str]:
    return {k: v for k, v in i18n.load_catalog("ja").items() if k.startswith(prefixes)}


def test_japanese_dealer_and_lead_are_different_words() -> None:
    # 親 is the banker of 九点半 (親と子); in Sabacc the dealer is ディーラー ("D") and the
    # player who acts first each round is 先手, never 親.
    sabacc = _japanese_values(("sabacc.", "rules.sabacc", "preset."))
    sabacc.update(
        {k: v for k, v in _japanese_values(("house.",)).items() if "ダイス" in v or "コール" in v}
    )
    assert [k for k, v in sabacc.items() if "親" in v] == []
    brag = _japanese_values(("brag.", "rules.brag", "house.six_pairs", "house.crash"))
    assert [k for k, v in brag.items() if "親" in v] == []
    ja = i18n.load_catalog("ja")
    assert ja["sabacc.dealer_mark"] == "D" and ja["sabacc.lead_mark"] == "先手"
    assert "先手" in ja["rules.sabacc"] and "ディーラー" in ja["rules.sabacc"]
    assert "先手" in ja["sabacc.log.round"] and "先手" in ja["sabacc.log.round_you"]
    assert "親" in ja["rules.ninehalf"] and "親" in ja["nh.dealer_total"]


def test_japanese_uses_one_word_per_thing() -> None:
    ja = i18n.load_catalog("ja")
    # Brag: the seed's ディール, ランニングフラッシュ, フォー・オブ・ア・カインド, 13枚のラン.
    brag_words = {k: v for k, v in ja.items() if k.startswith(("brag.", "rules.brag", "house."))}
    assert not [k for k, v in brag_words.items() if "配りの" in v or "次の配り" in v]
    assert "ランニング・フラッシュ" not in ja["rules.brag"]
    assert ja["brag.kind.running-flush"] == "ランニングフラッシュ"
    assert not [k for k, v in ja.items() if "フォーカード" in v]
    assert "13枚のラン" in ja["brag.run13"] and ja["house.thirteen_card_run"] == "13枚のラン"
    # Force Sabacc's sides are 光 and 闇 on the table and in the rules alike.
    assert "光と闇" in ja["rules.sabacc"] and "ライトとダーク" not in ja["rules.sabacc"]


def test_spanish_speaks_to_the_player_as_tu() -> None:
    # No vosotros ("Elegid bando", "quedaos con todas") and no usted anywhere.
    plural_or_formal = re.compile(
        r"\b(os|vosotros|vuestr\w*|usted(es)?)\b|\b\w+[aei]d\b(?<!dad)(?<!tad)(?<!red)|\w+aos\b"
    )
    assert plural_or_formal.search("Elegid bando") and plural_or_formal.search("quedaos")
    assert not plural_or_formal.search("la Oscuridad y la Ciudad Nube")
    es = i18n.load_catalog("es")
    words = {k: re.sub(r"\{\w+\}", "", v) for k, v in es.items()}  # not the placeholders
    assert [k for k, v in words.items() if plural_or_formal.search(v)] == []
    # Tooltips are instructions to "you": the imperative, as in the other tables' tips.
    assert es["sabacc.tip.stand"] == "Quédate con tus cartas tal como están."
    assert es["sabacc.tip.check"] == "Sigue sin apostar."


def test_spanish_keeps_shift_exchange_and_swap_apart() -> None:
    # Shift (the die changes cards) is "cambio"; Two-Exchange's exchanges are
    # "intercambio" (the seed's word); the single swap before the showdown is "canje".
    es = i18n.load_catalog("es")
    assert es["sabacc.shift_yes"] == "¡Cambio!"
    assert es["preset.two-exchange"] == "Doble intercambio"
    assert es["sabacc.phase.exchange"] == "Intercambio"
    assert es["sabacc.mode.swap"] == "Canjear"
    # Nine and a Half's dealer is la banca everywhere, its ante the apuesta inicial.
    assert "banquero" not in es["rules.ninehalf"] and "banca" in es["rules.ninehalf"]
    assert "entrada" not in es["rules.ninehalf"]
    # Brag's sets are "grupos" in the rules as at the table.
    assert "juegos de tres" not in es["rules.brag"] and "grupos de tres" in es["rules.brag"]


# ------------------------------------------------------------- line breaking
def _mono(text: str, bold: bool) -> int:
    """Every character 10 px wide, bold 11: a stand-in for the text box's fonts."""
    return len(text) * (11 if bold else 10)


def _lines(markup: str) -> list[str]:
    plain = re.sub(r"<(?!br>)[^>]*>", "", markup)
    return plain.split("<br>")


def _widths(markup: str) -> list[int]:
    """Each line's width under ``_mono``, bold where <b> says so."""
    widths, bold = [0], False
    for token in re.findall(r"<[^>]*>|.", markup):
        if token == "<br>":
            widths.append(0)
        elif token in ("<b>", "</b>"):
            bold = token == "<b>"
        else:
            widths[-1] += _mono(token, bold)
    return widths


def test_no_line_starts_with_closing_punctuation() -> None:
    text = "あいうえお、かきくけこ。さしすせそ"
    # A cut every 5 characters would start lines with 、 and 。; the marks stay behind.
    assert break_lines(text, 50, _mono) == "あいうえ<br>お、かきく<br>けこ。さし<br>すせそ"
    assert break_lines(text, 60, _mono) == "あいうえお、<br>かきくけこ。<br>さしすせそ"


def test_an_opening_bracket_stays_with_what_follows() -> None:
    assert break_lines("ああああ「かぎ」です", 50, _mono) == "ああああ<br>「かぎ」で<br>す"
    assert break_lines("1〜15の数", 40, _mono) == "1〜15<br>の数"  # a range reads as one


def test_a_bold_phrase_does_not_push_the_rest_to_a_new_line() -> None:
    # pygame_gui moved the whole run after a bold phrase down a line; now the line is
    # filled and the break lands inside the plain run.
    out = break_lines("<b>先手</b>がベットかチェックします。", 100, _mono)
    assert out == "<b>先手</b>がベットか<br>チェックします。"  # not チェッ|ク: small ッ stays


def test_latin_words_and_numbers_are_not_split_and_spaces_are_dropped() -> None:
    assert break_lines("合計は−23です", 40, _mono) == "合計は<br>−23で<br>す"
    assert break_lines("Page Up でスクロール", 80, _mono) == "Page Up<br>でスクロール"


def test_an_existing_break_starts_a_new_line() -> None:
    assert break_lines("あいう<br>えおかきく", 50, _mono) == "あいう<br>えおかきく"


def test_break_before_a_bold_phrase_goes_outside_its_tag() -> None:
    assert break_lines("ああああ<b>ボム</b>", 50, _mono) == "ああああ<br><b>ボム</b>"


@pytest.mark.parametrize("game", ["sabacc", "brag", "ninehalf"])
@pytest.mark.parametrize("width", [300, 517, 824])
def test_japanese_rules_break_only_where_japanese_allows(game: str, width: int) -> None:
    i18n.set_language("ja")
    for paragraph in i18n.t(f"rules.{game}").split("<br>"):
        out = break_lines(paragraph, width, _mono)
        assert out.replace("<br>", "") == paragraph  # breaks added, nothing else
        lines = _lines(out)
        for line, line_width in zip(lines, _widths(out), strict=True):
            assert line[:1] not in NO_LINE_START, line
            assert line[-1:] not in NO_LINE_END, line
            assert line_width <= width, line
        for before, after in zip(lines, lines[1:], strict=False):
            assert may_break(before[-1], after[0]), (before, after)


def test_topic_files_merge_and_a_repeated_key_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.i18n as i18n_module

    files = {
        ("locales", "xx.json"): {"a": "A"},
        ("locales", "xx", "one.json"): {"b": "B"},
        ("locales", "xx", "two.json"): {"a": "again"},
    }
    monkeypatch.setattr(i18n_module.resources, "read_json", lambda *parts: files[parts])
    monkeypatch.setattr(i18n_module, "catalog_files", lambda language: list(files)[:2])
    monkeypatch.setattr(i18n_module, "_catalogs", {})
    assert i18n_module.load_catalog("xx") == {"a": "A", "b": "B"}
    monkeypatch.setattr(i18n_module, "_catalogs", {})
    monkeypatch.setattr(i18n_module, "catalog_files", lambda language: list(files))
    with pytest.raises(ValueError, match="repeats the key 'a'"):
        i18n_module.load_catalog("xx")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_negative_total_shows_one_true_minus_sign_everywhere(lang: str) -> None:
    """Hands showed "Total -10" (a hyphen) beside reasons reading "−19": every total a player
    sees, on the table, in the hint box and the log, takes U+2212."""
    from game import spike_text
    from game.rules import spike_events as sev
    from game.scenes.sabacc.model import hand_name

    with i18n.speaking(lang):
        shown = [
            hand_name("normal", -10),  # the Sabacc table and its hint box
            i18n.t("sabacc.kind.normal", total=-10),
            spike_text.rank_name("nulrhek", -3),  # Spike's reveal and log
            spike_text.card_name("-7o"),
            spike_text.describe(sev.TargetRolled(-4, "o"), 0, lambda seat: "X") or "",
            i18n.format_number(-1250),
        ]
    for text in shown:
        assert "\u2212" in text, text
        assert not re.search(r"-\d", text), text
    assert i18n.signed(5) == "+5" and i18n.signed(0) == "0" and i18n.signed(-5) == "\u22125"
