"""The animation speed: the player's setting, cycled by the Speed button or V."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import i18n
from game.rules.base import Event
from game.storage.settings import Settings
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue

#: Seconds of animation are divided by this.
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 1.0}
ORDER = ("slow", "normal", "fast", "instant")
AUTOPLAY_SPEED = 8.0  # real animations, played briskly so an autoplay run takes seconds
THINK_SECONDS = 0.75  # a computer seat "thinks" this long (at speed 1) so a player can follow


def factor(setting: str, autoplay: bool = False) -> float:
    return AUTOPLAY_SPEED if autoplay else SPEEDS.get(setting, 1.0)


def next_speed(setting: str) -> str:
    return ORDER[(ORDER.index(setting) + 1) % len(ORDER)] if setting in ORDER else "normal"


def cycle(settings: Settings) -> str:
    """Step the setting on and return it (the caller saves the settings)."""
    settings.animation_speed = next_speed(settings.animation_speed)
    return settings.animation_speed


def label(setting: str) -> str:
    return i18n.t("sabacc.speed", speed=i18n.t(f"speed.{setting}"))


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


def apply_speed(table: Any) -> None:
    """The player's animation speed (Settings, or V) on a table's queue."""
    setting = table.app.settings.animation_speed
    table.queue.instant = setting == "instant"
    table.queue.speed = factor(setting, table.autoplay)


def cycle_speed(table: Any) -> None:
    """The Speed button or V: the next speed, saved, on the queue and the button."""
    setting = cycle(table.app.settings)
    apply_speed(table)
    table.app.save_settings()
    table.panel.show_speed(setting)
