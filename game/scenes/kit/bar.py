"""The action bar (buttons for the legal actions, and only those) and the bet stepper.

bar = ActionBar(add_button)          # add_button: MenuScene.add_button
bar.build(rect, [ActionSpec("fold", "Fold", pygame.K_f, "F", "Give up", fold)], measure)
bar.handle_key(event)                # a shortcut key presses its button
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from game.scenes.widgets import ButtonItem


@dataclass(slots=True)
class ActionSpec:
    """One button of the action bar: a legal action (or group) the player may take now."""

    key: str  # stable id ("check", "bet", ...) so tests and autoplay find the button
    label: str
    shortcut: int | None  # a pygame key, or None
    shortcut_label: str  # what the player reads for the key ("C")
    tooltip: str
    on_press: Callable[[], object]
    primary: bool = False


class ActionBar:
    """The row of buttons for the human's legal actions — and only those.

    ``add_button`` is the scene's ``MenuScene.add_button`` so the buttons join the focus
    ring (Tab/arrows/Enter) and clicks arrive through pygame_gui like any other button.
    """

    def __init__(self, add_button: Callable[..., ButtonItem]) -> None:
        self._add_button = add_button
        self.specs: list[ActionSpec] = []
        self.items: dict[str, ButtonItem] = {}

    def build(
        self,
        rect: pygame.Rect,
        specs: Sequence[ActionSpec],
        measure: Callable[[str], int],
        gap: int = 10,
    ) -> None:
        """Lay ``specs`` out centred in ``rect``; buttons share the width if it is short."""
        self.specs = list(specs)
        self.items = {}
        if not self.specs:
            return
        labels = [self.caption(spec) for spec in self.specs]
        pad = rect.height // 2 + 8
        wanted = [measure(label) + 2 * pad for label in labels]
        total = sum(wanted) + gap * (len(wanted) - 1)
        if total > rect.width:
            # Too wide: give every button an equal share (the text was measured to fit
            # the widest label; the layout tests catch a share that is still too small).
            share = (rect.width - gap * (len(wanted) - 1)) // len(wanted)
            wanted = [share] * len(wanted)
            total = rect.width
        x = rect.centerx - total // 2
        for spec, label, width in zip(self.specs, labels, wanted, strict=True):
            item = self._add_button(
                pygame.Rect(x, rect.y, width, rect.height),
                label,
                spec.on_press,
                True,
                "#primary" if spec.primary else None,
            )
            if spec.tooltip:
                item.button.set_tooltip(spec.tooltip, delay=0.6)
            self.items[spec.key] = item
            x += width + gap

    @staticmethod
    def caption(spec: ActionSpec) -> str:
        return f"{spec.label}  [{spec.shortcut_label}]" if spec.shortcut_label else spec.label

    def button(self, key: str) -> UIButton | None:
        item = self.items.get(key)
        return item.button if item is not None else None

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A shortcut key presses its button (Shift and Ctrl combinations are left alone)."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        for spec in self.specs:
            if spec.shortcut is not None and event.key == spec.shortcut:
                spec.on_press()
                return True
        return False

    def elements(self) -> list[UIElement]:
        return [item.button for item in self.items.values()]


# ---------------------------------------------------------------------- bet stepper
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}
TYPING_SECONDS = 1.2  # digits typed within this time build one number ("1" then "0" = 10)


class BetStepper:
    """An amount between ``low`` and ``high`` with − and + buttons; the cap is shown.

    Keys: + / = raise by one, − lowers, digits type an amount (clamped to the range).
    """

    def __init__(self, low: int, high: int, value: int) -> None:
        self.low, self.high = low, max(low, high)
        self.value = max(self.low, min(self.high, value))
        self.minus: ButtonItem | None = None
        self.plus: ButtonItem | None = None
        self._typed = ""
        self._typed_age = 0.0
        self.listeners: list[Callable[[int], object]] = []

    def attach(self, minus: ButtonItem, plus: ButtonItem) -> None:
        self.minus, self.plus = minus, plus
        self._refresh()

    def set_range(self, low: int, high: int) -> None:
        self.low, self.high = low, max(low, high)
        self.set_value(self.value)

    def set_value(self, value: int) -> None:
        clamped = max(self.low, min(self.high, value))
        changed = clamped != self.value
        self.value = clamped
        self._refresh()
        if changed:
            for listener in self.listeners:
                listener(self.value)

    def step(self, delta: int) -> None:
        self._typed = ""
        self.set_value(self.value + delta)

    def _refresh(self) -> None:
        for item, enabled in (
            (self.minus, self.value > self.low),
            (self.plus, self.value < self.high),
        ):
            if item is None:
                continue
            item.enabled = enabled
            if enabled:
                item.button.enable()
            else:
                item.button.disable()

    def update(self, dt: float) -> None:
        self._typed_age += dt

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in PLUS_KEYS:
            self.step(1)
            return True
        if event.key in MINUS_KEYS:
            self.step(-1)
            return True
        if event.key in DIGIT_KEYS:
            if self._typed_age > TYPING_SECONDS:
                self._typed = ""
            self._typed = (self._typed + str(DIGIT_KEYS[event.key]))[-3:]
            self._typed_age = 0.0
            self.set_value(int(self._typed))
            return True
        return False

    def elements(self) -> list[UIElement]:
        return [item.button for item in (self.minus, self.plus) if item is not None]
