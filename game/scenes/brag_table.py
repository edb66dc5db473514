"""The Brag table's hooks (``game.scenes.<game>_table``); the table is the package
``game.scenes.brag``."""

from __future__ import annotations

from game.scenes.brag.coached import BragCoachMarks, create_coached
from game.scenes.brag.replay import BragReplaySteps, create_replay, this_deal
from game.scenes.brag.scene import BragTable, create, create_campaign, create_resumed

__all__ = [
    "BragCoachMarks",
    "create_coached",
    "BragReplaySteps",
    "BragTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
    "this_deal",
]
