"""What runs a table that is not live play: a hand from the history replayed
(``kit.replay.Replay``) or a lesson coached (``kit.coach.Coach``).

The game's ordinary table holds one as ``director`` (None at a live table) and asks it
at a few hook points: where the engine state and driver come from, the controls, the
frame's update and drawing, input, the pace of redraws, leaving and autoplay. Every
answer here is "as at a live table"; a replay or a coach says otherwise where it must.
The table calls ``start()`` once it is built (the factories ``create_replay`` and
``create_coached`` do).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.rules.base import Event

#: How a table is given its director: called with the table as it is made.
DirectorFactory = Callable[[Any], "Director"]


class Director:
    """The live table's answers (see the module docstring); ``t`` is the table."""

    #: The scene's name ("kessel-replay", "kessel-lesson").
    name = ""
    #: Only recorded events play (no engine, no hint, nothing saved).
    replaying = False

    def __init__(self, table: Any) -> None:
        self.t = table

    def start(self) -> None:
        """The table is made: set it up for the run (the factories call this)."""

    # ------------------------------------------------------------ the engine
    def new_state(self, make: Callable[[], Any]) -> Any:
        """The engine state the table plays."""
        return make()

    def attach_driver(self) -> None:
        """Give the table its driver (and the seats' names) instead of quick play's."""

    def may_advance(self) -> bool:
        """Whether the engine moves on when the table is idle."""
        return not self.replaying

    def animate(self, event: Event, route: Callable[[Event], None]) -> None:
        """Animate ``event`` with the table's ``route`` (a replay counts what it needs)."""
        route(event)

    def stakes_for(self, seat: int) -> int | None:
        """A seat's stake a replay counts from its events (None: ask the engine)."""
        return None

    # ------------------------------------------------------------ what shows
    def rows(self, legal: Callable[[], Any]) -> Any:
        """The controls on show (a card table's rows, Sabacc's bar specs): the table's
        own (``legal``) at a live table."""
        return legal()

    def acting(self) -> int | None:
        """The seat the table shows as deciding (None: the engine's)."""
        return None

    def status_text(self) -> str | None:
        """The table's "whose turn" words (None: the table's own)."""
        return None

    def speaking(self) -> bool:
        """A coach's callout is on show (a table's finale gives way to it)."""
        return False

    def built(self) -> None:
        """The table's widgets were built again (a resize, a new language)."""

    def controls_changed(self) -> None:
        """The table's controls were made again for a new decision (Sabacc's bar)."""

    def update(self, dt: float) -> None:
        """After the table's own update."""

    def draw(self, surface: pygame.Surface) -> None:
        """Over everything the table drew."""

    def redraw_in(self) -> float | None:
        """Seconds until the picture changes (None: as the table says)."""
        return None

    def picture_key(self) -> object:
        """What the director shows that the table's picture key does not."""
        return None

    def whole_window(self) -> bool:
        """The App sends the whole window to the screen, never just the turn marker."""
        return False

    # ------------------------------------------------------------ input
    def event(self, event: pygame.event.Event) -> bool:
        """The director's own input, before the table's (True: taken)."""
        return False

    def control_refused(self, control: Any) -> None:
        """A greyed control was pressed: say why."""
        self.t.warn(control.reason)

    def leave(self) -> None:
        """The table is left (Back, the pause menu's Leave)."""

    # ------------------------------------------------------------ autoplay
    def autoplay_step(self) -> bool:
        """Under --autoplay, each frame before the table's own (True: done for now)."""
        return False

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """The director's inputs for the human's decision (empty: the table's own)."""
        return []
