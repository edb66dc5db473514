"""The player's grammar in log lines. The drivers and the table configuration that
used to live here are in ``game.session`` (re-exported here for older imports); what
every table *shows* is in ``game.scenes.kit``.
"""

from __future__ import annotations

from typing import Any

# The drivers, the table configuration and their save format live in game.session (no
# pygame there); these names stay importable from here while the tables move over.
from game.session.config import _house_rules_from_json, config_from_json, config_to_json  # noqa: F401
from game.session.drivers import (  # noqa: F401
    QUICK_PLAY_LABEL,
    CampaignDriver,
    QuickDriver,
    TableDriver,
    decode_events,
)

#: Lines whose subject is not ``seat``: (who acts, who is acted on).
LINE_ROLES: dict[str, tuple[str, str]] = {
    "sabacc.log.hand": ("dealer", ""),
    "brag.log.paid": ("payer", "payee"),
    "nh.log.challenge": ("dealer", "seat"),
}


def personal(key: str, you: str, **params: Any) -> str:
    """``i18n.t(key)``, or its second-person form when the line is about the player:
    ``<key>_you`` when they act ("You raise to 7." rather than "You raises to 7."),
    ``<key>_to_you`` when they are acted on ("Tesk paid you 4 chips.").

    Who acts is ``seat`` unless LINE_ROLES says otherwise. A catalog without the form
    falls back to the plain line.
    """
    from game import i18n

    subject, target = LINE_ROLES.get(key, ("seat", ""))
    variant = ""
    if params.get(subject) == you:
        variant = f"{key}_you"
    elif target and params.get(target) == you:
        variant = f"{key}_to_you"
    if variant:
        words = i18n.t(variant, **params)
        if words != variant:
            return words
    return i18n.t(key, **params)
