"""The session layer: quick-play and campaign drivers, table configuration, autosave,
statistics and hand-history recording. No pygame here: scenes drive a session, the
headless tools (``game.cli``) and tests can too.
"""

from game.session.config import (
    GAMES,
    LEVELS,
    LIMITS,
    PRESETS,
    GameLimits,
    QuickPlayConfig,
    SessionResult,
    config_from_json,
    config_to_json,
    default_options,
    engine_options,
)
from game.session.drivers import (
    QUICK_PLAY_LABEL,
    CampaignDriver,
    QuickDriver,
    TableDriver,
    decode_events,
    seat_rngs,
)

__all__ = [
    "GAMES",
    "LEVELS",
    "LIMITS",
    "PRESETS",
    "QUICK_PLAY_LABEL",
    "CampaignDriver",
    "GameLimits",
    "QuickDriver",
    "QuickPlayConfig",
    "SessionResult",
    "TableDriver",
    "config_from_json",
    "config_to_json",
    "decode_events",
    "default_options",
    "engine_options",
    "seat_rngs",
]
