"""A Sabacc hand from the history, stepped through with the table's own animations
(``game.scenes.kit.replay``): one recorded event per step."""

from __future__ import annotations

import math

import pygame

from game.app import App
from game.scenes.kit.bar import ActionSpec
from game.scenes.kit.cast import named_cast
from game.scenes.kit.inputs import click_events
from game.scenes.kit.replay import Replay, ReplayHooks, recorded_events, shown_names
from game.scenes.sabacc.scene import SabaccTable
from game.scenes.table import QuickPlayConfig
from game.storage import history


class SabaccReplaySteps(ReplayHooks):
    """The Sabacc table's model, bar and pace in a replay (each event is a step)."""

    name = "sabacc-replay"

    def __init__(self, replay: Replay) -> None:
        super().__init__(replay)
        seats = max(2, len(replay.record.seats))
        chips = list(replay.record.chips)
        self.chips = chips if len(chips) == seats else [0] * seats
        self.names: list[str] = []

    def start(self) -> None:
        """The table is made: the seats named as the record names them."""
        t = self.t
        self.names = shown_names(self.r.record) or [s.name for s in t.anim.model.seats]
        t.mode = "replay"
        t.decision = ("replay",)
        t.inputs.current_specs = t.inputs.specs()

    def reset_view(self) -> None:
        t = self.t
        t.anim.model = t.anim.new_model(named_cast(self.names, len(self.chips)), self.chips)

    def hide_banner(self) -> None:
        self.t.anim.model.banner.alpha = 0.0

    def controls(self, specs: list[ActionSpec]) -> list[ActionSpec]:
        self.t.inputs.stepper = None
        return specs

    def relabel(self) -> None:
        t = self.t
        t.inputs.current_specs = t.inputs.specs()
        if t.container is not None:
            t.recreate_ui()

    def rest(self) -> float:
        """The field's shimmer and the faces as at a live table."""
        t = self.t
        if t.queue.busy or t.anim.model.flights:
            return 0.0
        field = any(card.in_field for seat in t.anim.model.seats for card in seat.cards)
        return float(min(1 / 6 if field else math.inf, t.moods_rest()))

    def built(self) -> None:
        """The bar's focus is the table's own."""

    def press(self, key: str) -> list[pygame.event.Event]:
        button = self.t.bar.button(key)
        return click_events(button) if button is not None else []


def create_replay(app: App, record: history.HandRecord) -> SabaccTable | None:
    """The hook ``game.scenes.history.make_replay`` calls."""
    events = recorded_events(app, record)
    if events is None:
        return None
    seats = max(2, len(record.seats))
    chips = list(record.chips) if len(record.chips) == seats else [0] * seats
    config = QuickPlayConfig(
        preset=record.preset or "classic",
        opponents=("normal",) * (seats - 1),
        starting_chips=max(chips),
    )
    table = SabaccTable(app, config, director=Replay.factory(record, events, SabaccReplaySteps))
    assert table.director is not None
    table.director.start()
    return table
