"""A recorded Nine and a Half deal on its table (``kit.replay``). A hit and the card
it brings are one step, as are the hole cards dealt round the table."""

from __future__ import annotations

from collections.abc import Callable

from game.app import App
from game.rules import ninehalf as nh
from game.rules.base import Event
from game.scenes.kit.replay import Replay, ReplayHooks, open_replay, replay_config
from game.scenes.kit.table import Table
from game.scenes.ninehalf.scene import NineHalfTable
from game.storage import history


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""

    def make(events: list[Event], start: nh.NineHalfView | None) -> NineHalfTable:
        config = replay_config("ninehalf", len(record.seats), list(record.chips))
        replay = Replay.factory(record, events, NineHalfReplaySteps, start)
        return NineHalfTable(app, config, director=replay)

    return open_replay(app, record, nh.NineHalfView, make)


class NineHalfReplaySteps(ReplayHooks):
    """How a recorded Nine and a Half deal is stepped through and how its table looked."""

    name = "ninehalf-replay"

    def __init__(self, replay: Replay) -> None:
        super().__init__(replay)
        # Each seat's ante + bet as the recorded events put them down, for the chips a
        # challenge moves (a live table asks its engine).
        self.ledger = [0] * len(replay.record.seats)

    def joins_step(self, previous: Event, event: Event) -> bool:
        same_seat = getattr(previous, "seat", None) == getattr(event, "seat", -1)
        if isinstance(event, nh.HoleCardDealt):
            return isinstance(previous, nh.HoleCardDealt)
        if isinstance(event, nh.UpCardDealt):
            return isinstance(previous, nh.HitTaken) and same_seat
        if isinstance(event, nh.DrawingEnded):
            return isinstance(previous, nh.UpCardDealt) and same_seat
        if isinstance(event, nh.DealerCardDealt):
            return isinstance(previous, nh.DealerDrew)
        if isinstance(event, nh.StakeReturned | nh.Rebought):
            return type(previous) is type(event)
        if isinstance(event, nh.DealStarted):
            return isinstance(previous, nh.Rebought)
        return False

    def reset_view(self) -> None:
        super().reset_view()
        t, recorded = self.t, self.r.recorded
        model = t.anim
        model.chips = self.r.start_chips()
        self.ledger = [0] * t.num_seats
        model.clear_hands_view()
        model.dealer, model.limit, model.deal_no = self.start_facts()
        if not recorded or not isinstance(recorded[0], nh.DealStarted | nh.Rebought):
            # The match's first deal opens without an event: say what its start said.
            text = t.you("nh.log.deal", deal=model.deal_no, seat=t.seat_name(model.dealer))
            t.say(text, "gold")

    def start_facts(self) -> tuple[int, int, int]:
        """Dealer, limit and deal number as the deal began: from the start view, else
        (a record kept before the view was) from the first events that show them."""
        view = self.r.start_view
        if view is not None:
            return view.dealer, view.limit, view.completed + 1
        dealer, limit, deal = -1, 0, 0
        for event in self.r.recorded:
            if isinstance(event, nh.DealStarted):
                dealer, deal = (event.dealer, event.deal) if dealer < 0 else (dealer, deal)
            elif isinstance(event, nh.LimitSet | nh.DealerCardDealt) and dealer < 0:
                dealer = event.seat
            elif isinstance(event, nh.ChallengeSettled) and dealer < 0:
                dealer = event.dealer
            if isinstance(event, nh.LimitSet) and not limit:
                limit = event.limit
            if isinstance(event, nh.DealEnded) and not deal:
                deal = event.deal
        return max(0, dealer), limit or self.t.options.limit, max(1, deal)

    def animate(self, event: Event, route: Callable[[Event], None]) -> None:
        if isinstance(event, nh.DealStarted):
            self.ledger = [0] * self.t.num_seats
        elif isinstance(event, nh.Anted | nh.BetPlaced):
            self.ledger[event.seat] += event.amount
        route(event)
        if isinstance(event, nh.ChallengeSettled | nh.StakeReturned):
            self.ledger[event.seat] = 0

    def stakes_for(self, seat: int) -> int:
        return self.ledger[seat]
