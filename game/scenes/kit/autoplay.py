"""Autoplay at a table: the player's seat is played by a computer player through the
same inputs a player makes (clicks and keys posted to pygame's queue), never by
calling the engine. ``Pacer`` is the one rhythm every table follows: one batch of
inputs at a time, a few frames apart so each shows on screen; a batch the table did
not take is posted again after a while; and a table where nothing has happened for
a long time ends the run with exit code 1 (a broken input path), never a hang.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.app import App

if TYPE_CHECKING:
    from game.campaign import Campaign
    from game.scenes.kit.table import Table

INPUT_FRAMES = 4  # frames between two batches of inputs: each shows on screen
RETRY_FRAMES = 45  # re-post a batch the table did not take (a dropped click)
STUCK_FRAMES = 60 * 90  # no progress for this long means a broken input path


class Pacer:
    def __init__(self, app: App, where: str, gap: int = INPUT_FRAMES) -> None:
        self.app = app
        self.where = where
        self.gap = gap
        self.idle_frames = 0
        self.wait = 0
        self.posted: tuple[Any, int] | None = None  # (decision, frame) of the last batch

    def tick(self) -> bool:
        """A frame passes: whether the table may post now (False while it waits, or
        once the run has been ended as stuck)."""
        self.idle_frames += 1
        if self.idle_frames > STUCK_FRAMES:
            print(f"autoplay: no progress at the {self.where}", file=sys.stderr)
            self.app.quit(1)
            return False
        if self.wait > 0:
            self.wait -= 1
            return False
        return True

    def progressed(self) -> None:
        """Something happened at the table (an action reached the engine)."""
        self.idle_frames = 0

    def sent_for(self, decision: Any) -> bool:
        """Whether a batch for ``decision`` went out recently (wait for it to take)."""
        return (
            self.posted is not None
            and self.posted[0] == decision
            and self.app.frame - self.posted[1] < RETRY_FRAMES
        )

    def post(self, events: list[pygame.event.Event], decision: Any = None) -> None:
        for event in events:
            pygame.event.post(event)
        self.wait = self.gap
        self.posted = (decision, self.app.frame)


# ------------------------------------------------ --autoplay --campaign --hands N
def autoplay_rounds_left(app: App, campaign: Campaign) -> int:
    """Under ``--autoplay --campaign --hands N``: hands still to play in this run. The
    run counts from the campaign's hands at its first table, so a sitting that ends
    early (the player lost the buy-in) is followed by another until N are played."""
    if app.options.finale and campaign.progress.tournament is not None:
        # --finale plays each round of the championship to its end.
        return max(1, campaign.progress.tournament.hands_this_round)
    target = app.options.hands or 1
    if app.autoplay_campaign_start is None:
        app.autoplay_campaign_start = campaign.progress.hands_played
    return max(1, target - (campaign.progress.hands_played - app.autoplay_campaign_start))


def autoplay_run_over(app: App, campaign: Campaign) -> bool:
    """Whether the autoplay run is done as a table is left: N hands played, or a
    sitting that played no hand at all (nothing more would come of sitting again)."""
    if app.options.finale:
        return False  # --finale runs on to the ending, which ends the run
    start = app.autoplay_campaign_start
    played = campaign.progress.hands_played
    before, app.autoplay_last_hands = app.autoplay_last_hands, played
    if start is None or played == before:
        return True
    return played - start >= (app.options.hands or 1)


class AutoHand:
    """A card table's autoplayed hand (the table's ``auto``): one input at a time for
    the human's decision (the table's ``autoplay_plan``), through the ``Pacer``, and
    one picture per phase label (``shot``), taken once that moment is on screen."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.plan: list[Callable[[], list[pygame.event.Event]]] = []
        self.shots: set[str] = set()
        self.pending: list[tuple[str, int]] = []

    def step(self) -> None:
        """Called every frame under --autoplay: one input at a time, through the queue."""
        t = self.t
        if t.app.top is not t:
            return
        if self.pending:
            due = [(label, frames - 1) for label, frames in self.pending]
            for label, frames in due:
                if frames <= 0:
                    t.app.screenshot(label)
            self.pending = [(label, frames) for label, frames in due if frames > 0]
            return  # no input until the picture of this moment is taken
        if not t.pacer.tick():
            return
        if not t.idle() or not t.awaiting_human():
            return
        if not self.plan:
            plan = t.director.autoplay_plan() if t.director is not None else []
            self.plan = plan or t.autoplay_plan()
            if not self.plan:
                return
        t.pacer.post(self.plan.pop(0)())

    def shot(self, label: str) -> None:
        """Under autoplay, one picture per phase label (and per round for the first two)."""
        t = self.t
        if not t.app.options.autoplay or label in self.shots:
            return
        self.shots.add(label)
        # The screen still holds the previous frame: take the picture two frames on,
        # once this state has been drawn (with its controls).
        self.pending.append((f"{t.game}-{label}", 2))

    def flush(self) -> None:
        """Take any picture still waiting (the table is about to be left)."""
        for label, _ in self.pending:
            self.t.app.screenshot(label)
        self.pending = []
