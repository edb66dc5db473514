"""The house-rules pages of Kessel Sabacc (RULES.md §4.1.9): every option of the
engine, its default first among the choices; the shift-token rules only for
``kessel-shift``."""

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


def pages(preset: str) -> Pages:
    """The pages shown for ``preset`` ("kessel" or "kessel-shift")."""
    if preset == "kessel":
        return [("play", PLAY), ("scoring", SCORING)]
    if preset == "kessel-shift":
        return [("play", PLAY), ("scoring", SCORING), ("kt_tokens", TOKENS)]
    raise ValueError(f"no house rules for {preset!r} here; choose kessel or kessel-shift")
