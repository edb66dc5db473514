"""A recorded Brag deal on the Brag table (``kit.table.CardReplay``)."""

from __future__ import annotations

from dataclasses import fields

from game.app import App
from game.rules import brag
from game.rules.base import Event
from game.scenes.brag.scene import BragTable
from game.scenes.kit.table import CardReplay, Table, open_replay, replay_config
from game.storage import history


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    return open_replay(
        app, record, brag.BragView, lambda events, start: BragReplay(app, record, events, start)
    )


def this_deal(events: list[Event]) -> list[Event]:
    """The recorded events without the next deal's start: the engine opens the next
    deal in the step that ends this one, and the replay ends on this deal's reveal."""
    end = len(events)
    while end and isinstance(events[end - 1], brag.DealStarted | brag.GameStarted):
        end -= 1
    return events[:end] if any(isinstance(e, brag.DealEnded) for e in events[:end]) else events


class BragReplay(CardReplay, BragTable):
    """One recorded deal on the Brag table (see ``CardReplay``). A step is what the
    player took in at once: the whole deal of cards, one seat setting, one column's
    reveal with its winner, one round of payments."""

    name = "brag-replay"

    def __init__(
        self,
        app: App,
        record: history.HandRecord,
        events: list[Event],
        start: brag.BragView | None,
    ) -> None:
        self.begin_replay(record, this_deal(events))
        self.start_view = start
        seats = len(record.seats)
        rules = []
        if start is not None:
            rules = [(f.name, getattr(start.options, f.name)) for f in fields(start.options)]
        super().__init__(app, replay_config("brag", seats, list(record.chips), rules))
        self.finish_replay_setup()

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

    def reset_replay_view(self) -> None:
        self.anim.hold = False
        self.anim.next_deal = None
        self.anim.game_winner = None
        self.inputs.by_suit = False
        self.anim.reset_deal_view()
        self.anim.queued_fan = [0] * self.num_seats
        self.anim.deal_queued = 0
        self.anim.chips = self.start_chips(self.start_view)
        if self.start_view is not None:
            self.anim.scores = list(self.start_view.scores)
            self.anim.game_no, self.anim.deal_no, self.anim.dealer = (
                self.start_view.game, self.start_view.deal, self.start_view.dealer,
            )  # fmt: skip
        else:
            self.anim.scores, self.anim.game_no, self.anim.deal_no = self.derived_start()
        opening = (brag.DealStarted, brag.GameStarted, brag.Rebought)
        first = self.recorded[0] if self.recorded else None
        if self.start_view is not None and not isinstance(first, opening):
            # The deal opened in the step that ended the one before: say what it said.
            text = self.you(
                "brag.log.deal", deal=self.anim.deal_no, seat=self.seat_name(self.anim.dealer)
            )
            self.say(text, "gold")

    def derived_start(self) -> tuple[list[int], int, int]:
        """Scores, game and deal numbers as the deal began, from the events alone (a
        record kept before the start view was): a seat's first score less its points."""
        n = self.num_seats
        scores: list[int | None] = [None] * n
        deal = game = 0
        for event in self.recorded:
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

    @property
    def arranging(self) -> bool:
        return False  # the recorded layout is shown; nothing is arranged here

    def turn_text(self) -> str:
        return self.step_text()
