"""A recorded Kessel round on its table (``kit.table.CardReplay``)."""

from __future__ import annotations

from game.app import App
from game.rules import kessel as kg
from game.rules import kessel_events as ev
from game.rules.base import CHANCE, Event
from game.scenes.kessel.scene import KesselTable
from game.scenes.kit.table import CardReplay, Table, replay_config
from game.storage import history
from game.storage.serialize import SerializeError


def create_replay(app: App, record: history.HandRecord) -> Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    from game import i18n

    try:
        events = record.events()
        start = record.view()
        if len(record.seats) < 2:
            raise SerializeError("the record names fewer than two seats")
        if start is not None and not isinstance(start, kg.KesselView):
            raise SerializeError("the record's table view is of another game")
        for event in events:
            seat = getattr(event, "seat", None)
            if isinstance(seat, int) and not isinstance(seat, bool) and seat >= len(record.seats):
                raise SerializeError(f"{type(event).__name__} names seat {seat}")
        return KesselReplay(app, record, events, start)
    except ValueError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


class KesselReplay(CardReplay, KesselTable):
    """One recorded round on the Kessel table (see ``CardReplay``): the deal is one
    step, a draw and its keep-or-return another."""

    name = "kessel-replay"

    def __init__(
        self, app: App, record: history.HandRecord, events: list[Event], start: kg.KesselView | None
    ) -> None:
        self.begin_replay(record, events)
        self.start_view = start
        seats = len(record.seats)
        preset = record.preset if record.preset in kg.PRESETS else "kessel"
        config = replay_config("sabacc", seats, list(record.chips))
        from dataclasses import replace

        super().__init__(app, replace(config, preset=preset))
        self.finish_replay_setup()

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, ev.CardDealt | ev.DiscardStarted):
            return isinstance(previous, ev.CardDealt | ev.RoundStarted | ev.DiscardStarted)
        if isinstance(event, ev.CardDiscarded):
            return isinstance(previous, ev.DrewFromDeck | ev.DrewFromDiscard | ev.CardDiscarded)
        if isinstance(event, ev.ChipsMoved | ev.ChipsDestroyed | ev.PlayerOut):
            return not isinstance(previous, ev.TurnStarted)
        return isinstance(event, ev.TurnStarted)

    def reset_replay_view(self) -> None:
        self.reset_model()
        model = self.anim.model
        model.chips = self.start_chips(self.start_view)
        view = self.start_view
        if view is not None:
            model.pots = list(view.pots)
            model.in_game = list(view.in_game)
            model.my_tokens = list(view.tokens)
            model.token_counts = list(view.token_counts)

    def acting(self) -> int:
        return CHANCE

    def status_text(self) -> str:
        return self.step_text()
