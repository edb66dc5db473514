"""An engine's refusal in the player's language.

The rules engines stay pure: an illegal action or option raises ``ValueError`` with an
English reason that names the rule (see shared/CONTRACT.md). The few refusals a
player can meet (a Brag layout the engine turns down, a house rule or a table the
engine cannot play) come through here: the rule the reason names is matched to a
catalog key (``refusal.*`` in assets/locales/<lang>/refusals.json), its numbers and
names kept as parameters, and said again after a language switch (``kit.words``).
A reason this table does not know still reaches the player in their language, with
the rules section when it names one.

    >>> from game import games, i18n
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

from game import games, i18n
from game.scenes.kit.words import Words, refreshed, words

# (pattern of the engine's reason, catalog key) that every game's options may give; the
# pattern's named groups are the message's parameters.
SHARED: tuple[tuple[str, str], ...] = (
    (r"is for (?P<low>\d+) to (?P<high>\d+) players", "refusal.seats"),
    # Options a house rule sets
    (r"^(?P<option>[a-z_]+) must be at least (?P<count>\d+)", "refusal.at_least"),
    (r"^a limit must be at least (?P<count>\d+)", "refusal.limit_at_least"),
    (r"cannot be negative", "refusal.negative"),
    (r"is a probability", "refusal.probability"),
    (
        r"^unknown .*; choose from|must be one of|must be '|must be 0 |has 1 or 2",
        "refusal.choice_plain",
    ),  # fmt: skip
)


def _reasons() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each game's own reasons (its registry entry's ``refusals``), then the shared
    ones. The first that matches wins."""
    own = [
        pair for game in games.every_game() if game.refusals for pair in games.load(game.refusals)
    ]
    return tuple((re.compile(pattern), key) for pattern, key in (*own, *SHARED))


REASONS = _reasons()
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
