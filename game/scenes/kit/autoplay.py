"""Autoplay at a table: the player's seat is played by a computer player through the
same inputs a player makes (clicks and keys posted to pygame's queue), never by
calling the engine. ``Pacer`` is the one rhythm every table follows: one batch of
inputs at a time, a few frames apart so each shows on screen; a batch the table did
not take is posted again after a while; and a table where nothing has happened for
a long time ends the run with exit code 1 (a broken input path), never a hang.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pygame

from game.app import App

if TYPE_CHECKING:
    from game.campaign import Campaign

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
