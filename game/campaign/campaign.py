"""The campaign as the scenes use it: progress + its save slot + the sitting in play.

Every change is saved at once: sitting down, each engine step of a hand (so a killed
process resumes mid-hand), each hand's end (with statistics and hand history), standing
up, moving on, loans and retries. A disk that refuses writes is told to the player once
(through ``notify``) and the campaign goes on unsaved.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import games
from game.campaign.progress import CampaignError, CampaignProgress
from game.campaign.session import VenueSession
from game.campaign.tournament import PLAYER
from game.campaign.venues import CHARACTERS, START_CREDITS, VENUES
from game.rules.base import Event
from game.storage import history, stats
from game.storage.saves import CAMPAIGN, SaveFormatError, SaveSlot, require


def _validate(payload: dict[str, Any]) -> None:
    CampaignProgress.from_json(require(payload, "campaign", dict))


def campaign_slot(
    directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> SaveSlot:
    return SaveSlot(CAMPAIGN, directory, notify, _validate)


def campaign_status(directory: Path | None = None) -> dict[str, Any]:
    """``--campaign-status``: the current save's summary, or {} when there is none.

    Reads only: a bad save is left for the game to set aside and tell the player about.
    """
    payload = campaign_slot(directory).peek()
    if payload is None:
        return {}
    try:
        progress = CampaignProgress.from_json(payload["campaign"])
    except (SaveFormatError, KeyError):
        return {}
    from game.campaign.rewards import achievements_slot, unlocked_rewards

    status = progress.status()
    status["unlocked"] = [r.id for r in unlocked_rewards(progress.venues_cleared)]
    book = achievements_slot(directory=directory).peek()
    earned = book.get("earned") if isinstance(book, dict) else None
    status["achievements"] = len(earned) if isinstance(earned, dict) else 0
    return status


class Campaign:
    def __init__(
        self,
        progress: CampaignProgress,
        slot: SaveSlot,
        data_directory: Path | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.progress = progress
        self.slot = slot
        self.data_directory = data_directory  # stats and history (None: user_data_dir)
        self.notify = notify
        self.session: VenueSession | None = None
        # A journey begun just now (no save was found, or a new one was asked for): the
        # map opens with the journey's opening, once.
        self.fresh = False

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(
        cls,
        directory: Path | None = None,
        notify: Callable[[str], None] | None = None,
        seed: int | None = None,
        data_directory: Path | None = None,
    ) -> Campaign:
        """The saved campaign (resuming a sitting mid-hand), or a new one.

        A bad save is moved aside and the player told (by the slot); a new journey starts.
        """
        slot = campaign_slot(directory, notify)
        result = slot.read()
        if result.payload is None:
            progress = CampaignProgress(seed=seed if seed is not None else int(time.time()))
            campaign = cls(progress, slot, data_directory, notify)
            campaign.fresh = True
            campaign.save()
            return campaign
        progress = CampaignProgress.from_json(result.payload["campaign"])
        campaign = cls(progress, slot, data_directory, notify)
        snapshot = slot.load_table()
        if snapshot is not None:
            try:
                campaign.session = VenueSession.from_snapshot(snapshot)
            except (ValueError, KeyError, TypeError, IndexError):  # SerializeError included
                slot.set_aside()  # the player told; the file kept as .corrupt-<time>
        if campaign.session is None and progress.seated:
            campaign._restart_sitting()
        return campaign

    def _restart_sitting(self) -> None:
        """A sitting whose hand could not be restored starts a fresh hand with the chips
        the player had when the last hand ended."""
        chips = self.progress.at_table
        if self.progress.tournament is not None:
            chips = self.progress.tournament.stack
        if chips <= 0:
            return
        self.session = VenueSession.start(
            self.progress.venue, chips, self._sitting_seed(), self.progress.tournament
        )
        self.save()

    # ------------------------------------------------------------------ saving
    def save(self) -> bool:
        payload: dict[str, Any] = {
            "kind": CAMPAIGN,
            "campaign": self.progress.to_json(),
            "table": None if self.session is None else self.session.snapshot().to_json(),
        }
        return self.slot.write(payload)

    # ------------------------------------------------------------------ the table
    def _sitting_seed(self) -> int:
        return (
            self.progress.seed * 1_000_003 + self.progress.sittings * 7 + self.progress.hands_played
        )

    def sit_down(self) -> VenueSession:
        if self.session is not None:
            return self.session
        chips = self.progress.sit_down()
        self.session = VenueSession.start(
            self.progress.venue, chips, self._sitting_seed(), self.progress.tournament
        )
        self.save()
        return self.session

    def step(
        self, player_action: Any = None, earned: Callable[[str], None] | None = None
    ) -> list[Event]:
        """One engine step at the table; a finished hand updates progress, stats, history.
        ``earned`` takes the notices of achievements the hand earned (else ``notify``)."""
        session = self.session
        if session is None:
            raise CampaignError("not seated")
        events = session.step(player_action)
        finished = session.take_finished_hand()
        if finished is not None:
            self._hand_finished(session, finished, earned)
        # Saved wherever the game waits for the player, and at each hand's end. Between
        # those, the generators' states make the replay from the last save identical,
        # so a kill anywhere resumes exactly where the player was.
        if finished is not None or session.player_to_act() or session.over():
            self.save()
        return events

    def _hand_finished(
        self,
        session: VenueSession,
        events: list[Event],
        earned: Callable[[str], None] | None = None,
    ) -> None:
        outcome = stats.outcome_from_events(session.game, events, 0)
        winners = [session.seat_ids[s] for s in outcome.winners if s < len(session.seat_ids)]
        self.progress.after_hand(session.chips(), session.opponents, winners, outcome.won)
        from game.campaign.memory import record_hand

        record_hand(
            self.progress,
            session.venue_id,
            session.seat_ids,
            session.start_chips,
            [int(c) for c in session.state.chips],
            winners,
            events,
        )
        directory = self.data_directory
        book = stats.load_stats(directory, self.notify)
        rule_set = stats.rule_set_entry(session.game, session.venue.preset)
        book.record(
            stats.entry_for(session.game, events), outcome, self.progress.bankroll, rule_set
        )
        stats.save_stats(book, directory, self.notify)
        from game.campaign.rewards import record_achievements

        before = session.start_chips[0] if getattr(session, "start_chips", None) else 0
        record_achievements(
            session.game,
            events,
            0,
            before,
            directory=self.slot.directory,
            notify=self.notify,
            earned=earned,
            stack=session.venue.table_chips,
        )
        from game import i18n

        names = [
            i18n.t("campaign.you") if s == PLAYER else CHARACTERS[s].name for s in session.seat_ids
        ]
        from game.session.drivers import hand_record

        hand, session.records_seen = hand_record(session.state, session.records_seen)
        history.record(
            session.game,
            events,
            0,
            i18n.t(f"venue.{session.venue_id}.name"),
            names,
            None if directory is None else directory / "history",
            self.notify,
            games.get(session.game).preset_or_blank(session.venue.preset),
            session.start_chips,
            start_view=session.start_view,
            chips_after=[int(c) for c in session.state.chips],
            hand=hand,
        )

    def leave_table(self) -> str:
        """End the sitting; returns what happened: "cashed", "round", "won" or "lost"."""
        session = self.session
        if session is None:
            raise CampaignError("not seated")
        self.session = None
        tournament = self.progress.tournament
        if tournament is None:
            self.progress.stand_up()
            self.save()
            return "cashed"
        tournament.finish_round(session.stacks())
        outcome = "round"
        if tournament.eliminated:
            self.progress.finish_tournament(False)
            outcome = "lost"
        elif tournament.winner is not None:
            self.progress.finish_tournament(True)
            outcome = "won"
        self.save()
        return outcome

    def continue_tournament(self) -> VenueSession:
        """Sit at the next round's table (the final) of the tournament in play."""
        tournament = self.progress.tournament
        if tournament is None or not tournament.in_play or self.session is not None:
            raise CampaignError("no tournament round to play")
        self.session = VenueSession.start(
            self.progress.venue, tournament.stack, self._sitting_seed(), tournament
        )
        self.save()
        return self.session

    # ------------------------------------------------------------------ journey
    def move_on(self) -> None:
        self.progress.move_on()
        self.save()

    def take_loan(self) -> int:
        lent = self.progress.take_loan()
        self.save()
        return lent

    def retry_venue(self) -> None:
        self.progress.retry_venue()
        self.save()

    def abandon(self) -> None:
        """Start a new journey (the old save is replaced, its .bak kept)."""
        self.session = None
        self.progress = CampaignProgress(seed=int(time.time()))
        self.fresh = True
        self.save()

    def start_at_finale(self, seed: int | None = None) -> None:
        """``--finale``: a fresh journey that starts at the last venue, every earlier
        stop behind it and the final's buy-in in the purse (the old save keeps its .bak)."""
        self.session = None
        self.fresh = True
        progress = CampaignProgress(seed=seed if seed is not None else int(time.time()))
        progress.venues_cleared = [v.id for v in VENUES[:-1]]
        progress.venue = VENUES[-1].id
        progress.unlocked = list(dict.fromkeys(v.rule_set for v in VENUES))
        progress.credits = progress.arrival_credits = VENUES[-1].buy_in + START_CREDITS
        self.progress = progress
        self.save()
