"""Translations: complete catalogs, matching placeholders, plurals, number formats."""

from __future__ import annotations

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
