"""A recorded Kessel round on its table (``kit.replay``): the deal is one step, a
draw and its keep-or-return another."""

from __future__ import annotations

from dataclasses import replace

from game.app import App
from game.rules import kessel as kg
from game.rules import kessel_events as ev
from game.rules.base import Event
from game.scenes.kessel.scene import KesselTable
from game.scenes.kit.replay import Replay, ReplayHooks, open_replay, replay_config
from game.scenes.kit.table import Table
from game.storage import history
from game.storage.serialize import SerializeError


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    preset = record.preset if record.preset in kg.PRESETS else "kessel"
    config = replace(replay_config("sabacc", len(record.seats), list(record.chips)),
                     preset=preset)  # fmt: skip

    def make(events: list[Event], start: kg.KesselView | None) -> KesselTable:
        replay = Replay.factory(record, events, KesselReplaySteps, start)
        return KesselTable(app, config, director=replay)

    return open_replay(app, record, kg.KesselView, make, check_seats)


def check_seats(events: list[Event], seats: int) -> None:
    """SerializeError when an event names a seat the recorded table does not have."""
    for event in events:
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and not isinstance(seat, bool) and seat >= seats:
            raise SerializeError(f"{type(event).__name__} names seat {seat}")


class KesselReplaySteps(ReplayHooks):
    """How a recorded Kessel round is stepped through and how its table looked."""

    name = "kessel-replay"

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, ev.CardDealt | ev.DiscardStarted):
            return isinstance(previous, ev.CardDealt | ev.RoundStarted | ev.DiscardStarted)
        if isinstance(event, ev.CardDiscarded):
            return isinstance(previous, ev.DrewFromDeck | ev.DrewFromDiscard | ev.CardDiscarded)
        if isinstance(event, ev.ChipsMoved | ev.ChipsDestroyed | ev.PlayerOut):
            return not isinstance(previous, ev.TurnStarted)
        return isinstance(event, ev.TurnStarted)

    def reset_view(self) -> None:
        super().reset_view()
        t, view = self.t, self.r.start_view
        t.reset_model()
        model = t.anim.model
        model.chips = self.r.start_chips()
        if view is not None:
            model.pots = list(view.pots)
            model.in_game = list(view.in_game)
            model.my_tokens = list(view.tokens)
            model.token_counts = list(view.token_counts)
