"""A recorded Brag deal on the Brag table (``kit.replay``). A step is what the player
took in at once: the whole deal of cards, one seat setting, one column's reveal with
its winner, one round of payments."""

from __future__ import annotations

from dataclasses import fields

from game.app import App
from game.rules import brag
from game.rules.base import Event
from game.scenes.brag.scene import BragTable
from game.scenes.kit.replay import Replay, ReplayHooks, open_replay, replay_config
from game.scenes.kit.table import Table
from game.storage import history


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""

    def make(events: list[Event], start: brag.BragView | None) -> BragTable:
        rules = []
        if start is not None:
            rules = [(f.name, getattr(start.options, f.name)) for f in fields(start.options)]
        config = replay_config("brag", len(record.seats), list(record.chips), rules)
        replay = Replay.factory(record, this_deal(events), BragReplaySteps, start)
        return BragTable(app, config, director=replay)

    return open_replay(app, record, brag.BragView, make)


def this_deal(events: list[Event]) -> list[Event]:
    """The recorded events without the next deal's start: the engine opens the next
    deal in the step that ends this one, and the replay ends on this deal's reveal."""
    end = len(events)
    while end and isinstance(events[end - 1], brag.DealStarted | brag.GameStarted):
        end -= 1
    return events[:end] if any(isinstance(e, brag.DealEnded) for e in events[:end]) else events


class BragReplaySteps(ReplayHooks):
    """How a recorded Brag deal is stepped through and how its table looked."""

    name = "brag-replay"

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, brag.CardDealt):
            return isinstance(previous, brag.CardDealt)
        if isinstance(event, brag.SetRevealed):
            return isinstance(previous, brag.SetRevealed) and previous.position == event.position
        if isinstance(event, brag.ShowdownResult):
            return isinstance(previous, brag.SetRevealed)
        if isinstance(event, brag.PointsScored):
            return isinstance(previous, brag.ShowdownResult) and event.reason == "showdown"
        if isinstance(event, brag.ChipsPaid):
            return isinstance(previous, brag.ChipsPaid)
        return False

    def reset_view(self) -> None:
        super().reset_view()
        t, start = self.t, self.r.start_view
        anim = t.anim
        anim.hold = False
        anim.next_deal = None
        anim.game_winner = None
        t.inputs.by_suit = False
        anim.reset_deal_view()
        anim.queued_fan = [0] * t.num_seats
        anim.deal_queued = 0
        anim.chips = self.r.start_chips()
        if start is not None:
            anim.scores = list(start.scores)
            anim.game_no, anim.deal_no, anim.dealer = start.game, start.deal, start.dealer
        else:
            anim.scores, anim.game_no, anim.deal_no = self.derived_start()
        opening = (brag.DealStarted, brag.GameStarted, brag.Rebought)
        recorded = self.r.recorded
        first = recorded[0] if recorded else None
        if start is not None and not isinstance(first, opening):
            # The deal opened in the step that ended the one before: say what it said.
            text = t.you("brag.log.deal", deal=anim.deal_no, seat=t.seat_name(anim.dealer))
            t.say(text, "gold")

    def derived_start(self) -> tuple[list[int], int, int]:
        """Scores, game and deal numbers as the deal began, from the events alone (a
        record kept before the start view was): a seat's first score less its points."""
        n = self.t.num_seats
        scores: list[int | None] = [None] * n
        deal = game = 0
        for event in self.r.recorded:
            if isinstance(event, brag.GameStarted):
                game = game or event.game - 1
                break
            if isinstance(event, brag.DealStarted):
                deal = deal or event.deal
            elif isinstance(event, brag.PointsScored) and scores[event.seat] is None:
                scores[event.seat] = event.score - event.points
            elif isinstance(event, brag.DealEnded | brag.GameWon):
                deal = deal or getattr(event, "deal", 0)
                scores = [s if s is not None else event.scores[i] for i, s in enumerate(scores)]
        return [s or 0 for s in scores], max(1, game), max(1, deal)
