"""Older imports: the player's grammar in log lines is in ``game.scenes.kit.words``; the
drivers and the table configuration are in ``game.session``; what every table *shows*
is in ``game.scenes.kit``.
"""

from __future__ import annotations

from game.scenes.kit.text import wrap  # noqa: E402,F401 - moved to the kit; old imports keep working

# The player's grammar moved to the kit's words, where the tables' log lines are said.
from game.scenes.kit.words import LINE_ROLES, personal  # noqa: F401

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
