"""The Corellian Spike / Coruscant Shift table's hooks (``game.scenes.<game>_table``);
the table is the package ``game.scenes.spike``."""

from __future__ import annotations

from game.scenes.spike.replay import SpikeReplay, create_replay
from game.scenes.spike.scene import SpikeTable, create, create_campaign, create_resumed

__all__ = [
    "SpikeReplay",
    "SpikeTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
]
