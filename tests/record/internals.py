"""What a file written in our own notation must never hold: the program's names."""

from __future__ import annotations

import importlib
import sys
from typing import Any

#: Modules whose classes are looked for even when nothing has imported them yet.
MODULES = (
    "ai",
    "game.rules.base",
    "game.rules.brag",
    "game.rules.ninehalf",
    "game.rules.sabacc",
    "game.rules.sabacc_actions",
    "game.rules.sabacc_events",
    "game.rules.sabacc_presets",
    "game.rules.kessel",
    "game.rules.kessel_events",
    "game.rules.spike",
    "game.rules.spike_base",
    "game.rules.spike_events",
    "game.rules.coruscant",
    "game.session.drivers",
    "game.campaign.session",
)
MARKERS = {"$dc", "$obj", "$enum", "$tuple", "$dict", "internal", "gauss_next", "journal", "rngs"}


def class_names() -> set[str]:
    """Every class of the program's modules loaded now (engines, events, views, options,
    players, scenes...)."""
    for name in MODULES:
        importlib.import_module(name)
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if not (name.startswith("game.") or name == "ai" or name.startswith("ai.")):
            continue
        for attribute, value in list(vars(module).items()):
            if isinstance(value, type) and attribute[:1].isupper() and value.__module__ == name:
                found.add(attribute)
    return found


def internals(found: Any) -> set[str]:
    """Every text in ``found`` (keys and values) that names a part of the program: a
    module path, a class, a serializer's marker or a generator's state."""
    classes = class_names()
    assert {"SabaccState", "CardDealt", "BetPlaced", "SetLayout", "SabaccOptions"} <= classes
    texts: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                texts.add(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            texts.add(value)

    walk(found)
    return {
        text
        for text in texts
        if text in classes
        or text in MARKERS
        or "game." in text
        or "ai." in text
        or ("." in text and ":" in text and " " not in text)
    }
