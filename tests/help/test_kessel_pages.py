"""The Kessel rules pages: real cards, ranked in the order the page claims."""

from __future__ import annotations

from game.help.pages import RULES_PRESETS, all_pages, page
from game.rules import sabacc


def test_kessel_pages_exist_and_rank_their_examples_best_first() -> None:
    assert {"kessel", "kessel-shift"} <= set(RULES_PRESETS)
    assert {"sabacc:kessel", "sabacc:kessel-shift"} <= set(all_pages())
    rows = [b for b in page("sabacc:kessel") if b.key.startswith("help.kessel.ranking.")]
    ranks = [sabacc.rank_hand(list(b.cards), preset="kessel") for b in rows]
    assert [r.kind for r in ranks] == [b.shows for b in rows]
    assert all(a >= b for a, b in zip(ranks, ranks[1:], strict=False))
    assert ranks[0] > ranks[1] > ranks[3] > ranks[4] > ranks[5]
    shift = [b.key for b in page("sabacc:kessel-shift")]
    assert "help.kessel-shift.tokens" in shift and "help.kessel-shift.tokens" not in [
        b.key for b in page("sabacc:kessel")
    ]
