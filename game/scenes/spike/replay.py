"""A recorded Spike game or Coruscant hand on its table (``kit.table.CardReplay``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from game import i18n
from game.app import App
from game.rules import coruscant, spike
from game.rules import sabacc_events as ev
from game.rules import spike_cards as kc
from game.rules.base import CHANCE, Event
from game.scenes.kit.table import SEAT_FIELDS, CardReplay, Table, replay_config
from game.scenes.spike.scene import SpikeTable
from game.storage import history
from game.storage.serialize import SerializeError

CARD_FIELDS = ("card", "cards")


def check_record(events: list[Event], seats: int) -> None:
    """SerializeError when an event names a seat the table does not have, or a card
    that is not a card of the Galaxy's Edge deck."""
    for event in events:
        for name in SEAT_FIELDS:
            value = getattr(event, name, None)
            if isinstance(value, int) and not isinstance(value, bool) and value >= seats:
                raise SerializeError(f"{event.kind} names seat {value} at a table of {seats}")
        for name in CARD_FIELDS:
            value = getattr(event, name, None)
            codes = value if isinstance(value, tuple | list) else [value]
            for code in codes:
                if isinstance(code, str):
                    try:
                        kc.parse(code)
                    except ValueError:
                        raise SerializeError(
                            f"{event.kind} holds {code!r}, which is not a card"
                        ) from None


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    try:
        events = record.events()
        start = record.view()
        if len(record.seats) < 2:
            raise SerializeError("the record names fewer than two seats")
        if start is not None and not isinstance(start, spike.SpikeView | coruscant.CoruscantView):
            raise SerializeError("the record's table view is of another game")
        check_record(events, len(record.seats))
        return SpikeReplay(app, record, events, start)
    except ValueError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


class SpikeReplay(CardReplay, SpikeTable):
    """One recorded game (Spike) or hand (Coruscant): the deal round the table is one
    step, as are the cards of a Sabacc Shift."""

    name = "spike-replay"

    def __init__(self, app: App, record: history.HandRecord, events: list[Event],
                 start: Any) -> None:  # fmt: skip
        self.begin_replay(record, events)
        self.start_view = start
        seats = len(record.seats)
        config = replay_config("sabacc", seats, list(record.chips))
        config = dataclasses.replace(config, preset=record.preset or "corellian-spike")
        super().__init__(app, config)
        self.finish_replay_setup()

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, ev.CardDealt | ev.AntePaid):
            return type(previous) is type(event)
        if isinstance(event, ev.CardDrawn):
            return isinstance(previous, ev.CardDrawn) or previous.kind == "HandDissolved"
        return previous.kind == event.kind == "HandDissolved"

    def reset_replay_view(self) -> None:
        model = self.anim.model
        model.clear(self.state)
        model.chips = self.start_chips(self.start_view)
        view = self.start_view
        if view is not None:
            model.dealer = int(getattr(view, "dealer", getattr(view, "starter", 0)))

    def acting(self) -> int:
        return CHANCE  # nobody decides in a replay: no seat glows

    def status_text(self) -> str:
        return self.step_text()
