"""What a character says is quoted as each language quotes: “…” in English, «…» in
Spanish, 「…」 in Japanese — on the opening's card, the final table's board and in the
log that keeps every line said at a table."""

from __future__ import annotations

import re

import pytest

from game import i18n

SPOKEN = {
    "opening.rival.says": {"name": "Tesk Orrin"},
    "final.quote": {"words": "Sit."},
    "log.says": {"name": "Tesk Orrin", "words": "Sit."},
}
MARKS = {"en": ("“", "”"), "es": ("«", "»"), "ja": ("「", "」")}


@pytest.mark.parametrize("language", sorted(MARKS))
def test_a_characters_words_are_quoted_the_languages_way(language: str) -> None:
    opening, closing = MARKS[language]
    with i18n.speaking(language):
        for key, params in SPOKEN.items():
            said = i18n.t(key, **params)
            assert opening in said and closing in said, (language, key, said)
            assert said.index(opening) < said.rindex(closing), (language, key, said)


@pytest.mark.parametrize("language", ["es", "ja"])
def test_no_english_quotation_marks_in_spanish_or_japanese(language: str) -> None:
    catalog = i18n.load_all()[language]
    english = [key for key, words in catalog.items() if re.search('[“”"]', words)]
    assert english == []
