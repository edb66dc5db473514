"""Translations: complete catalogs, matching placeholders, plurals, number formats."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from game import i18n


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
    # The seed's suit names (フラスコ, ステイヴ) and its lead, 親 ("ディーラー" deals).
    assert (ja["sabacc.suit.f"], ja["sabacc.suit.t"], ja["sabacc.lead_mark"]) == (
        "フラスコ",
        "ステイヴ",
        "親",
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
