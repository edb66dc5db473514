"""The Corellian Spike / Coruscant Shift table's hooks (``game.scenes.<game>_table``);
the table is the package ``game.scenes.spike``."""

from __future__ import annotations

from typing import Any

from game.scenes.spike.replay import SpikeReplaySteps, create_replay
from game.scenes.spike.scene import SpikeTable, create, create_campaign, create_resumed

__all__ = [
    "SpikeReplaySteps",
    "SpikeTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
]


def create_coached(app: Any, current: Any) -> Any:
    """A coached intro on this table (the hook ``game.scenes.kit.coach.make_coached``
    calls)."""
    from game.scenes.spike.coached import create_coached as coached

    return coached(app, current)
