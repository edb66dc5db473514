"""Rules pages: every page exists in three languages and every card example is true."""

from __future__ import annotations

import pytest

from game import i18n
from game.help.pages import SABACC_PRESETS, all_pages, page, page_id, summary_key
from game.rules import brag, ninehalf, sabacc


@pytest.mark.parametrize("page_name", all_pages())
def test_every_block_has_words_in_every_language(page_name: str) -> None:
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        for block in page(page_name):
            assert catalog.get(block.key), f"{language} lacks {block.key}"


def _kind(page_name: str, key: str, cards: tuple[str, ...]) -> str:
    if page_name.startswith("sabacc:"):
        # The common blocks teach the standard ranking (RULES 1.2); a rule set's own
        # blocks show that rule set's twist.
        preset = "classic" if key.startswith("help.sabacc.") else page_name.split(":")[1]
        return sabacc.rank_hand(list(cards), preset=preset).kind
    if page_name == "brag":
        return brag.rank_set(list(cards)).kind
    return ninehalf.hand_value(list(cards), dealer=False).kind


@pytest.mark.parametrize("page_name", all_pages())
def test_every_card_example_shows_what_its_caption_claims(page_name: str) -> None:
    rows = [b for b in page(page_name) if b.kind == "cards"]
    assert rows, "every page shows real cards"
    for block in rows:
        if block.shows:
            assert _kind(page_name, block.key, block.cards) == block.shows, block.key


def test_the_sabacc_ranking_examples_are_in_ranking_order() -> None:
    ranks = [
        sabacc.rank_hand(list(b.cards), preset="classic")
        for b in page("sabacc:classic")
        if b.key.startswith("help.sabacc.ranking.")
    ]
    assert all(a > b for a, b in zip(ranks, ranks[1:], strict=False))


def test_the_brag_sets_are_in_ranking_order() -> None:
    sets = [brag.rank_set(list(b.cards)) for b in page("brag") if b.kind == "cards"]
    assert all(a > b for a, b in zip(sets, sets[1:], strict=False))


def test_pages_open_by_game_and_preset_and_every_rule_set_has_a_summary() -> None:
    assert page_id("sabacc", "figg") == "sabacc:figg"
    assert page_id("brag") == "brag"
    for rule_set in [*SABACC_PRESETS, "brag", "ninehalf"]:
        for language in i18n.LANGUAGES:
            assert i18n.load_catalog(language).get(summary_key(rule_set))
    with pytest.raises(ValueError):
        page("sabacc:nowhere")
    with pytest.raises(ValueError):
        page("classic")
