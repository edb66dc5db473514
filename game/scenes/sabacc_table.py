"""The Sabacc table's hooks (``game.scenes.<game>_table``); the table is the package
``game.scenes.sabacc``."""

from __future__ import annotations

from game.scenes.sabacc.coached import SabaccCoachMarks, create_coached
from game.scenes.sabacc.layout import SabaccLayout, compute_layout
from game.scenes.sabacc.model import action_label, bust_chance, card_name, hand_name
from game.scenes.sabacc.replay import SabaccReplaySteps, create_replay
from game.scenes.sabacc.scene import SabaccTable, create, create_campaign, create_resumed
from game.scenes.sabacc.seats import padlock

__all__ = [
    "SabaccCoachMarks",
    "create_coached",
    "SabaccLayout",
    "SabaccReplaySteps",
    "SabaccTable",
    "action_label",
    "bust_chance",
    "card_name",
    "compute_layout",
    "create",
    "create_campaign",
    "create_replay",
    "create_resumed",
    "hand_name",
    "padlock",
]
