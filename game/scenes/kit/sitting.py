"""Leaving a table: what the pause menu asks first, and standing up from a campaign
sitting (``Sitting``, the table's ``sitting``; every table, Sabacc's too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.scenes.kit.autoplay import autoplay_run_over

if TYPE_CHECKING:
    from game.scenes.kit.table import Table


class Sitting:
    def __init__(self, table: Table) -> None:
        self.t = table

    def mid_hand(self) -> bool:
        """A hand is in play (its chips would be lost by leaving now)."""
        driver = self.t.driver
        return driver is not None and driver.mid_hand() and not driver.over()

    def blocked(self) -> str:
        """Why the table may not be left now ("" if it may): a campaign sitting is left
        between hands only (the pause menu says so before asking anything)."""
        busy = self.t.campaign is not None and self.mid_hand()
        return i18n.t("campaign.finish_hand_first") if busy else ""

    def question(self) -> str:
        """What the pause menu asks before leaving: a hand is lost only while one is in
        play (between hands, at the match's end or in a replay nothing is)."""
        if self.t.campaign is not None:
            return i18n.t("tables.stand_up_confirm")
        return i18n.t("pause.leave_confirm" if self.mid_hand() else "pause.leave_confirm_idle")

    def stand_up(self, mid_hand: bool) -> bool:
        """Stand up from a campaign sitting between hands; False if a hand is under way
        (standing up mid-hand would forfeit the chips in the pot)."""
        t = self.t
        if mid_hand:
            t.app.notify(i18n.t("campaign.finish_hand_first"))
            return False
        t.queue.clear()
        t.app.pop_until(t)
        if t.autoplay:
            t.app.autoplay_finished = autoplay_run_over(t.app, t.campaign)
        t.app.open("campaign-table-left", t.campaign)
        return True
