"""Keyboard-reachable widgets built from pygame_gui buttons, and the focus ring.

Every interactive thing in a menu is a FocusItem: Up/Down/Tab move the focus, Enter or
Space activates, Left/Right change a Selector. A Selector is ``< value >``: three plain
buttons, so it works the same with mouse, keyboard and the autoplay driver, and never
opens a pop-up that could cover other widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton

T = TypeVar("T")


class FocusItem(Protocol):
    enabled: bool

    def elements(self) -> list[UIElement]: ...

    def set_focus(self, focused: bool) -> None: ...

    def activate(self) -> None: ...

    def nudge(self, delta: int) -> bool: ...

    def handle_press(self, element: Any) -> bool: ...


class ButtonItem:
    def __init__(
        self, button: UIButton, on_press: Callable[[], object], enabled: bool = True
    ) -> None:
        self.button = button
        self.on_press = on_press
        self.enabled = enabled
        if not enabled:
            button.disable()

    def elements(self) -> list[UIElement]:
        return [self.button]

    def set_focus(self, focused: bool) -> None:
        if focused:
            self.button.select()
        else:
            self.button.unselect()

    def activate(self) -> None:
        if self.enabled:
            self.on_press()

    def nudge(self, delta: int) -> bool:
        return False

    def handle_press(self, element: Any) -> bool:
        if element is self.button:
            self.activate()
            return True
        return False


class Selector(Generic[T]):
    """Choose one of ``options`` (value, label); calls ``on_change(value)`` on change."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        container: Any,
        rect: pygame.Rect,
        options: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], object],
        enabled: bool = True,
    ) -> None:
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.enabled = enabled
        arrow = max(28, rect.height)
        left = pygame.Rect(rect.x, rect.y, arrow, rect.height)
        right = pygame.Rect(rect.right - arrow, rect.y, arrow, rect.height)
        middle = pygame.Rect(left.right + 4, rect.y, rect.width - 2 * arrow - 8, rect.height)
        self.left = UIButton(
            left, "<", manager, container, object_id=ObjectID("#arrow", "@selector")
        )
        self.right = UIButton(
            right, ">", manager, container, object_id=ObjectID("#arrow", "@selector")
        )
        self.value_button = UIButton(
            middle, self.label, manager, container, object_id=ObjectID("#value", "@selector")
        )
        if not enabled:
            for element in self.elements():
                element.disable()

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    @property
    def label(self) -> str:
        return self.options[self.index][1]

    def elements(self) -> list[UIElement]:
        return [self.left, self.value_button, self.right]

    def set_focus(self, focused: bool) -> None:
        if focused:
            self.value_button.select()
        else:
            self.value_button.unselect()

    def activate(self) -> None:
        self.nudge(1)

    def nudge(self, delta: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        self.index = (self.index + delta) % len(self.options)
        self.value_button.set_text(self.label)
        self.on_change(self.value)
        return True

    def handle_press(self, element: Any) -> bool:
        if element is self.left:
            self.nudge(-1)
        elif element is self.right or element is self.value_button:
            self.nudge(1)
        else:
            return False
        return True


class FocusRing:
    """The keyboard focus over a scene's interactive items, in reading order."""

    def __init__(self, focus_first: bool = True) -> None:
        self.items: list[FocusItem] = []
        self.index = -1
        # False: the first item is not focused as it is added (a menu built out of
        # sight focuses once its looks are drawn: focus_first_item).
        self.focus_first = focus_first

    def add(self, item: FocusItem) -> FocusItem:
        self.items.append(item)
        if self.focus_first and self.index < 0 and item.enabled:
            self.focus(len(self.items) - 1)
        return item

    def focus_first_item(self) -> None:
        """Focus the first enabled item, when nothing is focused."""
        self.focus_first = True
        if self.index < 0:
            self.move(1)

    @property
    def current(self) -> FocusItem | None:
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def focus(self, index: int) -> None:
        if self.current is not None:
            self.current.set_focus(False)
        self.index = index
        if self.current is not None:
            self.current.set_focus(True)

    def focus_item(self, item: FocusItem) -> None:
        if item in self.items:
            self.focus(self.items.index(item))

    def move(self, delta: int) -> None:
        if not self.items:
            return
        index = self.index
        for _ in range(len(self.items)):
            index = (index + delta) % len(self.items)
            if self.items[index].enabled:
                self.focus(index)
                return

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_DOWN, pygame.K_TAB) and not (
            key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
        ):
            self.move(1)
        elif key == pygame.K_UP or key == pygame.K_TAB:
            self.move(-1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            current = self.current
            return current is not None and current.nudge(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.current is None:
                return False
            self.current.activate()
        else:
            return False
        return True

    def handle_press(self, element: Any) -> bool:
        for index, item in enumerate(self.items):
            if element in item.elements():
                # Focus first: the press may rebuild the whole scene (language change).
                if item.enabled and index != self.index:
                    self.focus(index)
                item.handle_press(element)
                return True
        return False

    def hover(self, element: Any) -> bool:
        """The mouse came over ``element``: the focus follows it, so a menu shows one
        highlighted item (hover and keyboard focus look the same)."""
        for index, item in enumerate(self.items):
            if element in item.elements():
                if item.enabled and index != self.index:
                    self.focus(index)
                return True
        return False

    def interactive_elements(self) -> list[UIElement]:
        return [element for item in self.items for element in item.elements()]
