"""The Kessel Sabacc table's hooks (the ``table`` of the ``kessel`` and
``kessel-shift`` presets in game.games); the table is the package
``game.scenes.kessel``."""

from __future__ import annotations

from typing import Any

from game.scenes.kessel.replay import KesselReplaySteps, create_replay
from game.scenes.kessel.scene import KesselTable, create, create_campaign, create_resumed

__all__ = [
    "KesselReplaySteps",
    "KesselTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
]


def create_coached(app: Any, current: Any) -> Any:
    """A coached intro on this table (the hook ``game.scenes.kit.coach.make_coached``
    calls)."""
    from game.scenes.kessel.coached import create_coached as coached

    return coached(app, current)
