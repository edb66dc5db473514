"""A hand from the history, replayed on the table it was played at.

The recorded events are the ones the player saw, so the engine is never asked and
nothing is saved, counted or recorded. Next (→) plays the next step with the table's
own animations and sounds; Previous (←) sets the table back to the hand's start and
replays the steps before instantly and muted; Play (P) plays the steps on by itself,
each after the last one's animation and a pause to read it, until Pause or the end;
Back (or Esc) leaves.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pygame

from game import i18n
from game.app import App
from game.rules.base import Event
from game.scenes.kit.bar import ActionSpec
from game.storage import history
from game.storage.serialize import SerializeError
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue

StepJoin = Callable[[Event, Event], bool]
#: Seconds auto-play rests on a step once its animation has ended (time to read it).
AUTO_PAUSE = 0.6


def group_steps(events: list[Event], joins: StepJoin | None = None) -> list[list[Event]]:
    """Cut a hand's events into replay steps: an event joins the step before it when
    ``joins(last event of that step, event)`` (a deal of 52 cards is one step)."""
    steps: list[list[Event]] = []
    for event in events:
        if steps and joins is not None and joins(steps[-1][-1], event):
            steps[-1].append(event)
        else:
            steps.append([event])
    return steps


class ReplaySteps:
    def __init__(self, record: history.HandRecord, events: list[Event],
                 joins: StepJoin | None = None) -> None:  # fmt: skip
        self.record = record
        self.steps = group_steps(events, joins)
        self.shown = 0  # steps played so far
        self.playing = False  # auto-play on
        self.rest = 0.0  # seconds auto-play has rested on the shown step

    def toggle(self) -> None:
        """Play / Pause; Play at the end starts again from the first step."""
        self.playing = not self.playing
        self.rest = AUTO_PAUSE  # the first step plays at once

    def tick(self, dt: float, busy: bool) -> str:
        """Auto-play's clock: "step" when the next step is due, "ended" when the last
        one has played (auto-play stops), "" otherwise."""
        if not self.playing:
            return ""
        if self.at_end:
            if busy:
                return ""
            self.playing = False
            return "ended"
        if busy:
            self.rest = 0.0
            return ""
        self.rest += dt
        if self.rest < AUTO_PAUSE:
            return ""
        self.rest = 0.0
        return "step"

    def next_in(self) -> float:
        """Seconds until auto-play changes the table (its next step, or its end):
        ``math.inf`` when paused."""
        if not self.playing:
            return math.inf
        return 0.0 if self.at_end else max(0.0, AUTO_PAUSE - self.rest)

    def play_label(self) -> str:
        return i18n.t("screens.replay.pause" if self.playing else "screens.replay.play")

    @property
    def at_end(self) -> bool:
        return self.shown >= len(self.steps)

    def next(self) -> list[Event]:
        """The next step's events (none at the end)."""
        if self.at_end:
            return []
        self.shown += 1
        return self.steps[self.shown - 1]

    def before(self, count: int) -> list[Event]:
        """Every event of the first ``count`` steps."""
        self.shown = count
        return [event for step in self.steps[:count] for event in step]

    def text(self) -> str:
        """The step prompt: "Step 3 of 12 · Quick play"."""
        return i18n.t("history.step", number=self.shown, total=len(self.steps),
                      label=shown_label(self.record))  # fmt: skip


def shown_names(record: history.HandRecord) -> list[str]:
    """The seats' names as the player reads them now: names the game itself gave
    ("You", "Opponent 2", in whatever language the hand was played in) follow the
    current language; a character's own name stays as it is."""
    you = {
        i18n.load_catalog(lang).get(key)
        for lang in i18n.LANGUAGES
        for key in ("campaign.you", "results.you")
    }
    numbered = []
    for lang in i18n.LANGUAGES:
        template = i18n.load_catalog(lang).get("quick.opponent", "")
        if "{number}" in template:
            head, _, tail = template.partition("{number}")
            numbered.append(re.compile(re.escape(head) + r"(\d+)" + re.escape(tail) + "$"))
    out = []
    for name in record.seats:
        if name in you:
            out.append(i18n.t("campaign.you"))
            continue
        match = next((m for m in (p.match(name) for p in numbered) if m), None)
        out.append(i18n.t("quick.opponent", number=int(match.group(1))) if match else name)
    return out


def shown_label(record: history.HandRecord) -> str:
    """Where the hand was played, in the current language when it is one of ours
    (quick play, a campaign venue)."""
    for lang in i18n.LANGUAGES:
        catalog = i18n.load_catalog(lang)
        for key, text in catalog.items():
            if text == record.label and (
                key == "history.quick_play" or (key.startswith("venue.") and key.endswith(".name"))
            ):
                return i18n.t(key)
    return record.label


def replay_specs(
    previous: Callable[[], object],
    forward: Callable[[], object],
    back: Callable[[], object],
    toggle: Callable[[], object] | None = None,
    play_label: str = "",
) -> list[ActionSpec]:
    specs = [
        ActionSpec("previous", i18n.t("history.previous"), pygame.K_LEFT, "←", "", previous),
        ActionSpec("next", i18n.t("history.next"), pygame.K_RIGHT, "→", "", forward, True),
    ]
    if toggle is not None:
        label = play_label or i18n.t("screens.replay.play")
        tip = i18n.t("screens.replay.play_tip")
        specs.append(ActionSpec("play", label, pygame.K_p, "P", tip, toggle))
    specs.append(ActionSpec("back", i18n.t("common.back"), None, "", "", back))
    return specs


def play_silently(
    queue: AnimationQueue, sounds: SoundBank, play: Callable[[list[Event]], None],
    events: list[Event],
) -> None:  # fmt: skip
    """Play ``events`` at once and without sound (catching up, stepping back)."""
    was_instant, was_muted = queue.instant, sounds.muted
    sounds.set_muted(True)
    queue.instant = True
    try:
        play(events)
    finally:
        queue.instant = was_instant
        sounds.set_muted(was_muted)


def recorded_events(app: App, record: history.HandRecord) -> list[Event] | None:
    """The record's events, or None after telling the player it is damaged."""
    try:
        return record.events()
    except SerializeError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None
