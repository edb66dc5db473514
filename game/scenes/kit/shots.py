"""Screenshots of each phase of a hand under ``--screenshots``."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.app import App


@dataclass(slots=True)
class PhaseShots:
    """Screenshots of each phase of a hand under ``--screenshots`` (once per phase per hand).

    ``request(phase)`` marks a phase; the picture is saved by ``flush()`` on a later
    frame, after the frame showing that phase has been drawn (the autoplay hook runs
    before drawing, so saving at once would catch the previous frame).
    """

    app: App
    prefix: str
    unit: int = 0
    taken: set[str] = field(default_factory=set)
    pending: list[tuple[str, int]] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)

    def new_unit(self, unit: int) -> None:
        self.unit = unit
        self.taken = set()

    def request(self, phase: str) -> None:
        if self.app.options.screenshots is None or phase in self.taken:
            return
        self.taken.add(phase)
        self.pending.append((phase, self.app.frame))

    def flush(self) -> None:
        # pygame_gui draws a new button only after its first update: wait two frames.
        while self.pending and self.pending[0][1] + 1 < self.app.frame:
            phase, _ = self.pending.pop(0)
            path = self.app.screenshot(f"{self.prefix}-{self.unit}-{phase}")
            if path is not None:
                self.saved.append(path.name)
