"""Example hands the rules pages and the glossary both draw (no imports: either may
use them)."""

from __future__ import annotations

#: Corellian Spike's named hands, strongest first, each with an example hand (RULES.md
#: §4.2.6): the rules page and the glossary draw the same cards.
SPIKE_KIND_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("pure-sabacc", "sylop sylop"),
    ("full-sabacc", "+10o +10t -10s -10o sylop"),
    ("fleet", "+2o +2t -2s -2o sylop"),
    ("yee-haa", "+5o -5t sylop"),
    ("rhylet", "+2o +2t +2s -3o -3t"),
    ("squadron", "+1o +1t -1s -1o"),
    ("gee-whiz", "+1o +2t +3s +4o -10t"),
    ("straight-staves", "+7o -8t -9s +10o"),
    ("banthas-wild", "+4o +4t +4s -3o -9t"),
    ("rule-of-two", "+9o -9t +4s -4o"),
    ("one-pair", "+5o -5t"),
    ("sabacc", "+1o +8t -2s -7o"),
    ("nulrhek", "+4o -5t"),
)
