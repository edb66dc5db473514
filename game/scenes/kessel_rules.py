"""The house-rules pages of Kessel Sabacc (RULES.md §4.1.9): every option of the
engine, its default first among the choices; the shift-token rules only for
Kessel Shift (game.games names which pages each rule set shows)."""

from __future__ import annotations

from game.scenes.house_rules import ON_OFF, HouseRule, Pages

PLAY = (
    HouseRule("early_reveal", ON_OFF, key="kt_early_reveal"),
    HouseRule("impostor_roll", ("per-card", "shared"), key="kt_impostor_roll"),
)
SCORING = (
    HouseRule("diff_tiebreak", ("lower-cards", "none"), key="kt_diff_tiebreak"),
    HouseRule("sylop_bonus", ON_OFF, key="kt_sylop_bonus"),
)
TOKENS = (
    HouseRule("token_mode", ("choose", "random", "draft"), key="kt_token_mode"),
    HouseRule("tax_to", ("burn", "pot"), key="kt_tax_to"),
    HouseRule("embezzle_from", ("pot", "stock"), key="kt_embezzle_from"),
    HouseRule("audit_timing", ("retrospective", "prospective"), key="kt_audit_timing"),
    HouseRule("cook_keeps_pure", ON_OFF, key="kt_cook_keeps_pure"),
    HouseRule("prime_above_pure", ON_OFF, key="kt_prime_above_pure"),
)


def kessel_pages(preset: str = "") -> Pages:
    return [("play", PLAY), ("scoring", SCORING)]


def kessel_shift_pages(preset: str = "") -> Pages:
    """Kessel's pages and the shift tokens' (RULES.md §4.1.8)."""
    return [*kessel_pages(), ("kt_tokens", TOKENS)]
