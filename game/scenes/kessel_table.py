"""The Kessel Sabacc table's hooks (the ``table`` of the ``kessel`` and
``kessel-shift`` presets in game.games); the table is the package
``game.scenes.kessel``."""

from __future__ import annotations

from game.scenes.kessel.replay import KesselReplay, create_replay
from game.scenes.kessel.scene import KesselTable, create, create_campaign, create_resumed

__all__ = [
    "KesselReplay",
    "KesselTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
]
