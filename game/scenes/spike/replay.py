"""A recorded Spike game or Coruscant hand on its table (``kit.replay``): the deal
round the table is one step, as are the cards of a Sabacc Shift."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.app import App
from game.rules import coruscant, spike
from game.rules import sabacc_events as ev
from game.rules import spike_cards as kc
from game.rules.base import Event
from game.scenes.kit.replay import SEAT_FIELDS, Replay, ReplayHooks, open_replay, replay_config
from game.scenes.kit.table import Table
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

    def make(events: list[Event], start: Any) -> SpikeTable:
        config = replay_config("sabacc", len(record.seats), list(record.chips))
        config = dataclasses.replace(config, preset=record.preset or "corellian-spike")
        replay = Replay.factory(record, events, SpikeReplaySteps, start)
        return SpikeTable(app, config, director=replay)

    views = (spike.SpikeView, coruscant.CoruscantView)
    return open_replay(app, record, views, make, check_record)


class SpikeReplaySteps(ReplayHooks):
    """How a recorded Spike game or Coruscant hand is stepped through and how its
    table looked."""

    name = "spike-replay"

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, ev.CardDealt | ev.AntePaid):
            return type(previous) is type(event)
        if isinstance(event, ev.CardDrawn):
            return isinstance(previous, ev.CardDrawn) or previous.kind == "HandDissolved"
        return previous.kind == event.kind == "HandDissolved"

    def reset_view(self) -> None:
        super().reset_view()
        t, view = self.t, self.r.start_view
        model = t.anim.model
        model.clear(t.state)
        model.chips = self.r.start_chips()
        if view is not None:
            model.dealer = int(getattr(view, "dealer", getattr(view, "starter", 0)))
