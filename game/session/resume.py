"""Is there a quick-play hand to resume? Answered without a window and without
touching any file (``python -m game --autoplay --resume`` asks before it opens one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class WaitingTable:
    """The quick-play table a save holds: its game and rule set, and how many units
    (hands, games, deals) it had finished when it was saved."""

    game: str
    preset: str
    completed: int


def waiting_table(directory: Any = None) -> WaitingTable | str:
    """The table waiting in the quick-play save, or why there is none (one line)."""
    from game.session.config import config_from_json
    from game.storage.saves import QUICK_PLAY, SaveSlot
    from game.storage.serialize import SerializeError, TableSnapshot

    slot = SaveSlot(QUICK_PLAY, directory=directory)
    if not slot.path.exists():
        # A session that ended normally deletes its save (a .bak alone is no hand: the
        # game would not resume it either).
        return "no quick-play hand to resume"
    payload = slot.peek()  # the .bak stands in for a damaged file, as when the game loads
    if payload is None:
        return "the quick-play save cannot be read (python -m game --check-data says more)"
    table = payload.get("table") if payload is not None else None
    if not isinstance(table, dict):
        return "no quick-play hand to resume"
    try:
        snapshot = TableSnapshot.from_json(table)
        config = config_from_json(snapshot.table.get("config"))
    except (SerializeError, TypeError, ValueError, KeyError) as error:
        return f"the saved quick-play hand cannot be resumed: {error}"
    completed = getattr(snapshot.state, "completed", 0)
    if not isinstance(completed, int) or completed < 0:
        return "the saved quick-play hand cannot be resumed: its hand count is damaged"
    return WaitingTable(config.game, config.preset, completed)
