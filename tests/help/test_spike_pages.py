"""The Corellian Spike and Coruscant Shift rules pages hold to the engines' rankings."""

from __future__ import annotations

from game.help.pages import page
from game.rules import sabacc


def test_the_spike_ranking_examples_are_every_kind_best_first() -> None:
    rows = [
        b for b in page("sabacc:corellian-spike") if b.key.startswith("help.corellian-spike.kind.")
    ]
    ranks = [sabacc.rank_hand(list(b.cards), preset="corellian-spike") for b in rows]
    assert [r.kind for r in ranks] == [b.shows for b in rows]
    assert all(a > b for a, b in zip(ranks, ranks[1:], strict=False))
    assert len({b.shows for b in rows}) == 13  # every kind of RULES.md §4.2.6


def test_the_coruscant_examples_say_what_the_ranking_does() -> None:
    blocks = {b.key.rsplit(".", 1)[-1]: b.cards for b in page("sabacc:coruscant-shift") if b.cards}

    def rank(name: str, target: int, suit: str) -> object:
        return sabacc.rank_hand(
            list(blocks[name]), preset="coruscant-shift", target=target, suit=suit
        )

    assert rank("near", 10, "o") > rank("far", 10, "o")
    assert rank("suit", -5, "s") > sabacc.rank_hand(["-2o", "-3t"], preset="coruscant-shift",
                                                     target=-5, suit="s")  # fmt: skip
    assert rank("sylop", 0, "t") > sabacc.rank_hand(["+5s", "-5o"], preset="coruscant-shift",
                                                    target=0, suit="t")  # fmt: skip


def test_pages_of_a_deck_of_their_own_leave_out_the_common_sabacc_blocks() -> None:
    for name in ("sabacc:corellian-spike", "sabacc:coruscant-shift"):
        assert not any(b.key.startswith("help.sabacc.") for b in page(name))
