"""The Great Khan and Force pages explain the Stake, freezing and calling the hand
(RULES.md §1.6, §1.7), in every language, with the keys and words the table uses."""

from __future__ import annotations

import pytest

from game import i18n
from game.help.pages import page


def _blocks(page_name: str) -> list[tuple[str, str]]:
    return [(b.kind, b.key) for b in page(page_name)]


def test_great_khan_page_has_stake_freeze_and_call_sections() -> None:
    blocks = _blocks("sabacc:great-khan")
    for part in ("stake", "freeze", "call"):
        heading = ("h", f"polish2.help.great-khan.{part}")
        assert heading in blocks
        # Each heading is followed by its paragraph.
        assert blocks[blocks.index(heading) + 1] == ("p", f"polish2.help.great-khan.{part}.text")


def test_force_page_explains_the_call() -> None:
    blocks = _blocks("sabacc:force")
    assert blocks[-2:] == [("h", "polish2.help.force.call"), ("p", "polish2.help.force.call.text")]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_words_name_the_buttons_and_keys_of_the_table(language: str) -> None:
    catalog = i18n.load_catalog(language)
    freeze = catalog["polish2.help.great-khan.freeze.text"]
    assert f"{catalog['sabacc.mode.freeze']} [Z]" in freeze
    assert "[A]" in catalog["polish2.help.great-khan.call.text"]
    force = catalog["polish2.help.force.call.text"]
    assert "[A]" in force and "[P]" in force
    for key in ("stake", "freeze", "call"):
        assert catalog[f"polish2.help.great-khan.{key}"].strip()
