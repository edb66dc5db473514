"""A recorded Nine and a Half deal on its table (``kit.table.CardReplay``)."""

from __future__ import annotations

from game.app import App
from game.rules import ninehalf as nh
from game.rules.base import CHANCE, Event
from game.scenes.kit.table import CardReplay, Table, open_replay, replay_config
from game.scenes.ninehalf.scene import NineHalfTable
from game.storage import history


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    return open_replay(
        app,
        record,
        nh.NineHalfView,
        lambda events, start: NineHalfReplay(app, record, events, start),
    )


class NineHalfReplay(CardReplay, NineHalfTable):
    """One recorded deal on the Nine and a Half table (see ``CardReplay``). A hit
    and the card it brings are one step, as are the hole cards dealt round the table."""

    name = "ninehalf-replay"

    def __init__(
        self,
        app: App,
        record: history.HandRecord,
        events: list[Event],
        start: nh.NineHalfView | None,
    ) -> None:
        self.begin_replay(record, events)
        self.start_view = start
        seats = len(record.seats)
        # Each seat's ante + bet as the recorded events put them down, for the chips a
        # challenge moves (a live table asks its engine).
        self.ledger = [0] * seats
        super().__init__(app, replay_config("ninehalf", seats, list(record.chips)))
        self.finish_replay_setup()

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

    def reset_replay_view(self) -> None:
        model = self.anim
        model.chips = self.start_chips(self.start_view)
        self.ledger = [0] * self.num_seats
        model.clear_hands_view()
        model.dealer, model.limit, model.deal_no = self.start_facts()
        if not self.recorded or not isinstance(self.recorded[0], nh.DealStarted | nh.Rebought):
            # The match's first deal opens without an event: say what its start said.
            text = self.you("nh.log.deal", deal=model.deal_no, seat=self.seat_name(model.dealer))
            self.say(text, "gold")

    def start_facts(self) -> tuple[int, int, int]:
        """Dealer, limit and deal number as the deal began: from the start view, else
        (a record kept before the view was) from the first events that show them."""
        view = self.start_view
        if view is not None:
            return view.dealer, view.limit, view.completed + 1
        dealer, limit, deal = -1, 0, 0
        for event in self.recorded:
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
        return max(0, dealer), limit or self.options.limit, max(1, deal)

    def animate(self, event: Event) -> None:
        if isinstance(event, nh.DealStarted):
            self.ledger = [0] * self.num_seats
        elif isinstance(event, nh.Anted | nh.BetPlaced):
            self.ledger[event.seat] += event.amount
        super().animate(event)
        if isinstance(event, nh.ChallengeSettled | nh.StakeReturned):
            self.ledger[event.seat] = 0

    def stakes_for(self, seat: int) -> int:
        return self.ledger[seat]

    def acting(self) -> int:
        return CHANCE  # nobody decides in a replay: no seat glows

    def open_seats(self) -> list[int]:
        return []

    def duty_text(self) -> tuple[str, tuple[int, int, int]] | None:
        return None

    def status_text(self) -> str:
        return self.step_text()
