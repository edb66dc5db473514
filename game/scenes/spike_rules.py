"""The house-rules pages of Corellian Spike (RULES.md §4.2.7) and Coruscant Shift
(§4.3.6): every option of each engine, its default first among the choices."""

from __future__ import annotations

from game.rules.spike import FEES
from game.scenes.house_rules import ON_OFF, HouseRule, Pages

SPIKE_PAGES: Pages = [
    (
        "play",
        (
            HouseRule("betting", key="spike_betting"),
            HouseRule("bet_after_dice", needs=lambda v: bool(v["betting"])),
            HouseRule("fees", FEES, key="spike_fees"),
        ),
    ),
    (
        "money",
        (
            HouseRule("hand_ante", (2, 1, 3, 5), "chips"),
            HouseRule("sabacc_ante", (1, 0, 2, 3), "chips"),
            HouseRule(
                "games_limit", (0, 5, 10, 20, 50), "hands", zero="house.no_limit", key="hands_limit"
            ),
        ),
    ),
    (
        "scoring",
        (HouseRule("strict_one_pair", ON_OFF), HouseRule("exact_named_hands", ON_OFF)),
    ),
]

CORUSCANT_PAGES: Pages = [
    (
        "play",
        (
            HouseRule("selections", (2, 1), "plain", key="coruscant_selections"),
            HouseRule("pure_sabacc", ON_OFF, key="coruscant_pure_sabacc"),
        ),
    ),
    (
        "money",
        (
            HouseRule("ante", (2, 1, 3, 5), "chips", key="coruscant_ante"),
            HouseRule("ante_step", ("dynamic", "fixed"), key="coruscant_ante_step"),
            HouseRule("min_bet", (1, 2, 5), "chips", key="coruscant_min_bet"),
            HouseRule("hands_limit", (0, 5, 10, 20, 50), "hands", zero="house.no_limit"),
        ),
    ),
]


def spike_pages(preset: str = "") -> Pages:
    return list(SPIKE_PAGES)


def coruscant_pages(preset: str = "") -> Pages:
    return list(CORUSCANT_PAGES)
