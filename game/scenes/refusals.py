"""An engine's refusal in the player's language.

The rules engines stay pure: an illegal action or option raises ``ValueError`` with an
English reason that names the rule (see shared/CONTRACT.md). The few refusals a
player can meet (a Brag layout the engine turns down, a house rule or a table the
engine cannot play) come through here: the rule the reason names is matched to a
catalog key (``refusal.*`` in assets/locales/<lang>/refusals.json), its numbers and
names kept as parameters, and said again after a language switch (``kit.words``).
A reason this table does not know still reaches the player in their language, with
the rules section when it names one.

    >>> from game import i18n
    >>> str(refusal("max_ante must be at least 1"))
    'Highest ante must be at least 1.'
    >>> i18n.set_language("ja")
    >>> str(refusal(ValueError("the token draft is for at most 5 players (RULES.md §4.1.8)")))
    'シフトトークンのドラフトは5人までです（ルール§4.1.8）。'
    >>> i18n.set_language("en")
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game import i18n
from game.scenes.kit.words import Words, refreshed, words

# (pattern of the engine's reason, catalog key); the pattern's named groups are the
# message's parameters. The first that matches wins.
REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        # Thirteen Card Brag: a layout (RULES.md §2)
        (r"^at most four sets may be laid out", "refusal.brag.four_sets"),
        (r"^set (?P<set>\d+) does not have exactly 3 cards", "refusal.brag.three_cards"),
        (r"^card (?P<card>\S+) is not in your hand", "refusal.card_not_in_hand"),
        (r"^card (?P<card>\S+) is used twice|^a card is used twice", "refusal.brag.used_twice"),
        (r"^set (?P<set>\d+) is not a valid set", "refusal.brag.invalid_set"),
        (
            r"^fouled layout: set (?P<set>\d+) is stronger than set (?P<previous>\d+)",
            "refusal.brag.fouled",
        ),  # fmt: skip
        # Kessel Sabacc (RULES.md §4.1)
        (r"token draft is for at most (?P<most>\d+) players", "refusal.kessel.token_draft"),
        (r"^Kessel is played by (?P<low>\d+) to (?P<high>\d+) players", "refusal.seats"),
        (r"is for (?P<low>\d+) to (?P<high>\d+) players", "refusal.seats"),
        # Options a house rule sets
        (r"^(?P<option>[a-z_]+) must be at least (?P<count>\d+)", "refusal.at_least"),
        (r"^a limit must be at least (?P<count>\d+)", "refusal.limit_at_least"),
        (r"^the dealer needs at least one limit", "refusal.ninehalf.limits"),
        (r"^ties need at least one round", "refusal.sabacc.tie_rounds"),
        (r"cannot be negative", "refusal.negative"),
        (r"is a probability", "refusal.probability"),
        (r"^Kessel option (?P<option>[a-z_]+)=", "refusal.choice"),
        (
            r"^unknown .*; choose from|must be one of|must be '|must be 0 |has 1 or 2",
            "refusal.choice_plain",
        ),  # fmt: skip
    )
)
SECTION = re.compile(r"RULES\.md (?P<section>§[\d.]+)")


def option_name(option: str) -> Words:
    """A house rule's name as the house-rules screen shows it ("house.max_ante", or a
    game's own "house.kt_token_mode"); "this house rule" when it has none."""

    def say() -> str:
        catalog = i18n.load_catalog(i18n.DEFAULT_LANGUAGE)  # the one with every key
        keys = [f"house.{option}"] + sorted(
            key for key in catalog if key.startswith("house.") and key.endswith(f"_{option}")
        )
        for key in keys:
            if key.count(".") == 1 and key in catalog:
                return i18n.t(key)
        return i18n.t("refusal.this_rule")

    return words(say)


PARAMS: dict[str, Callable[[str], Any]] = {
    "option": option_name,
    "set": int,
    "previous": int,
    "count": int,
    "most": int,
    "low": int,
    "high": int,
}


def refusal(reason: BaseException | str) -> Words:
    """The engine's ``reason`` (a ValueError or its text) in the player's language."""
    text = str(reason)
    for pattern, key in REASONS:
        match = pattern.search(text)
        if match is not None:
            params = {
                name: PARAMS.get(name, str)(value)
                for name, value in match.groupdict().items()
                if value is not None
            }
            section = SECTION.search(text)
            if section is not None:
                params["section"] = section["section"]
            return _said(key, params)
    section = SECTION.search(text)
    if section is not None:
        return _said("refusal.other_section", {"section": section["section"]})
    return _said("refusal.other", {})


def _said(key: str, params: dict[str, Any]) -> Words:
    return words(lambda: i18n.t(key, **refreshed(params)))
