"""The Nine and a Half table's hooks (``game.scenes.<game>_table``); the table is the
package ``game.scenes.ninehalf``."""

from __future__ import annotations

from game.scenes.ninehalf.coached import NineHalfCoachMarks, create_coached
from game.scenes.ninehalf.layout import gap_between
from game.scenes.ninehalf.replay import NineHalfReplaySteps, create_replay
from game.scenes.ninehalf.scene import NineHalfTable, create, create_campaign, create_resumed

__all__ = [
    "NineHalfCoachMarks",
    "create_coached",
    "NineHalfReplaySteps",
    "NineHalfTable",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
    "gap_between",
]
