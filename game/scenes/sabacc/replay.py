"""A Sabacc hand from the history, stepped through with the table's own animations
(``game.scenes.kit.replay``): one recorded event per step."""

from __future__ import annotations

import math

import pygame

from game.app import App
from game.rules.base import Event
from game.scenes.kit import text as kt
from game.scenes.kit.bar import ActionSpec
from game.scenes.kit.cast import named_cast
from game.scenes.kit.inputs import click_events
from game.scenes.kit.replay import ReplaySteps, play_silently, recorded_events, replay_specs
from game.scenes.sabacc.layout import SabaccLayout
from game.scenes.sabacc.scene import SabaccTable
from game.scenes.table import QuickPlayConfig
from game.storage import history


class SabaccReplay(SabaccTable):
    name = "sabacc-replay"

    def __init__(self, app: App, record: history.HandRecord, events: list[Event]) -> None:
        seats = max(2, len(record.seats))
        chips = list(record.chips) if len(record.chips) == seats else [0] * seats
        config = QuickPlayConfig(
            preset=record.preset or "classic",
            opponents=("normal",) * (seats - 1),
            starting_chips=max(chips),
        )
        super().__init__(app, config, replay=True)
        self.record = record
        self.events = events
        self.replay = ReplaySteps(record, events)
        from game.scenes.kit.replay import shown_names

        self.names = shown_names(record) or [s.name for s in self.anim.model.seats]
        self.start_chips = chips
        self._reset_model()
        self.mode = "replay"
        self.decision = ("replay",)
        self.inputs.current_specs = self.decision_specs()

    @property
    def shown(self) -> int:
        """Events played so far."""
        return self.replay.shown

    def _reset_model(self) -> None:
        cast = named_cast(self.names, len(self.start_chips))
        self.anim.model = self.anim.new_model(cast, self.start_chips)
        self.log.clear()

    def decision_specs(self) -> list[ActionSpec]:
        if self.mode != "replay":
            return super().decision_specs()
        self.inputs.stepper = None
        return replay_specs(self.step_back, self.step_forward, self.app.pop,
                            self.toggle_play, self.replay.play_label())  # fmt: skip

    def update(self, dt: float) -> None:
        self.clock += dt
        self.queue.update(dt)  # the engine never moves: only recorded events play
        tick = self.replay.tick(dt, self.queue.busy)
        if tick == "step":
            self.step_forward()
        elif tick == "ended":
            self._relabel_play()

    def redraw_in(self) -> float:
        """A replay rests between its steps: until auto-play's next one, or (paused)
        the player's key; the field's shimmer and the faces as at a live table."""
        if self.queue.busy or self.anim.model.flights:
            return 0.0
        field = any(card.in_field for seat in self.anim.model.seats for card in seat.cards)
        return min(1 / 6 if field else math.inf, self.moods_rest(), self.replay.next_in())

    def toggle_play(self) -> None:
        """Play / Pause: the steps play on by themselves (from the start again when the
        hand has been played to its end)."""
        if not self.replay.playing and self.replay.at_end:
            self.queue.clear()
            self._reset_model()
            self.replay.before(0)
            self.anim.model.banner.alpha = 0.0
        self.replay.toggle()
        self._relabel_play()

    def _relabel_play(self) -> None:
        self.inputs.current_specs = self.decision_specs()
        if self.container is not None:
            self.recreate_ui()

    def step_forward(self) -> None:
        self.queue.finish_all()  # a quick reader skips the rest of the last animation
        self.play(self.replay.next())

    def step_back(self) -> None:
        target = max(0, self.replay.shown - 1)
        self.queue.clear()
        self._reset_model()
        play_silently(self.queue, self.sounds, self.play, self.replay.before(target))
        self.anim.model.banner.alpha = 0.0

    def go_back(self) -> None:
        self.app.pop()

    def leave_table(self) -> None:
        self.app.pop()

    def draw_prompt(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        image = kt.fit(self.replay.text(), lay.table.width - lay.px(40), lay.font, self.ink.gold,
                       bold=True)  # fmt: skip
        surface.blit(image, image.get_rect(center=(lay.table.centerx, lay.prompt_y)))

    def autoplay_step(self) -> None:
        """Under --autoplay: step to the end (a picture of the last step), then leave."""
        if self.app.frame % 6 or pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return
        key = "back" if self.replay.at_end else "next"
        if key == "back":
            self.app.screenshot("sabacc-replay-end")
        button = self.bar.button(key)
        if button is not None:
            for event in click_events(button):
                pygame.event.post(event)


def create_replay(app: App, record: history.HandRecord) -> SabaccTable | None:
    """The hook ``game.scenes.history.make_replay`` calls."""
    events = recorded_events(app, record)
    return None if events is None else SabaccReplay(app, record, events)
