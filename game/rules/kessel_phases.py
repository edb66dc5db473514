"""Kessel Sabacc's names shared by its engine modules (RULES.md §4.1): the shift
tokens, the draw sources, the phases and the engine's chance tasks."""

from __future__ import annotations

TOKENS = (
    "free-draw",
    "refund",
    "extra-refund",
    "embezzlement",
    "major-fraud",
    "cook-the-books",
    "markdown",
    "prime-sabacc",
    "general-tariff",
    "target-tariff",
    "general-audit",
    "target-audit",
    "embargo",
    "immunity",
    "exhaustion",
    "direct-transaction",
)
TARGETED = ("target-tariff", "target-audit", "exhaustion", "direct-transaction")
TOKENS_EACH = 3

SOURCES = ("sand", "blood", "sand-discard", "blood-discard")

# -- phases ----------------------------------------------------------------------
SETUP = "setup"  # before the first round
PICKING = "picking"  # token_mode choose: each seat picks 3 in secret
DRAFTING = "drafting"  # token_mode draft: snake draft
TURN = "turn"  # a seat's turn: maybe a token, then Draw or Stand
DRAWN = "drawn"  # the drawer keeps or returns the drawn card
DIE = "die"  # a seat chooses a face of its 2d6
ROUND_OVER = "round-over"
GAME_OVER = "game-over"

# -- chance tasks ------------------------------------------------------------------
_START = 0
_TOKENS = 1
_DEAL = 2
_FLIP = 3
_DRAW = 4
_EXHAUST = 5
_ROLL = 6  # family: 0/1 one Impostor, 2 both (shared roll), 3 Prime Sabacc

_BOTH = 2
_PRIME = 3
