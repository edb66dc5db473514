"""The decision's controls in the action bar: ``Control`` rows made into buttons.

A card table describes the player's decision as rows of :class:`Control` (only legal
actions are ever described), each with a keyboard shortcut and a tooltip. ``BarRows``
(the table's ``rows_ui``) builds them into the action bar on the felt (``kit.bar``:
the same place at every table), builds them again when the decision changes (from the
old buttons where they fit: building pygame_gui buttons is the slowest thing a frame
does), and says which press is refused and why.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game import i18n
from game.rules.base import TERMINAL
from game.scenes.kit.bar import (
    BLOCKS,
    LABEL_BLOCKS,
    OFF_SCREEN,
    UNAVAILABLE,
    plan_groups,
    relabel,
    warm_bar_looks,
)
from game.scenes.kit.inputs import left_click
from game.scenes.kit.keys import key_name
from game.scenes.kit.panel import PanelLayout, panel_layout
from game.scenes.kit.speed import cycle_speed
from game.scenes.widgets import ButtonItem

if TYPE_CHECKING:
    from game.scenes.kit.table import Table

#: Controls that give something up: the keyboard focus never lands on one by itself
#: (an Enter meant for the last decision must not fold the next).
DESTRUCTIVE = frozenset({"fold", "leave", "callhand", "sitout", "stop"})

SPARE_CONTROLS = 12  # old control buttons kept hidden for a later decision

Spare = list[tuple[UIButton, str | None]]


@dataclass(slots=True)
class Control:
    """One widget in the controls. ``on_press`` None makes it a plain label."""

    key: str
    text: str
    tooltip: str = ""
    on_press: Callable[[], object] | None = None
    shortcut: int | None = None
    primary: bool = False
    weight: float = 1.0  # share of the row's width
    # Why it cannot be pressed now (a coached step asks for another move): greyed,
    # its tooltip says why and a press (or its key) says it again instead of acting.
    reason: str = ""


@dataclass(slots=True)
class Seen:
    """What the engine has told the table (copied in ``update``; painting reads this)."""

    to_act: int = TERMINAL
    phase: Any = None
    options: Any = None
    view: Any = None  # the player's view


def rows_signature(rows: list[list[Control]]) -> tuple[Any, ...]:
    return tuple(
        tuple((c.key, c.text, c.tooltip, c.primary, c.on_press is None, c.reason) for c in row)
        for row in rows
    )


def take_button(
    spare: Spare | None, rect: pygame.Rect, text: str, block: str | None, visible: bool
) -> UIButton | None:
    """An old button of ``rect``'s size and ``block`` from ``spare`` (one with the same
    words first), moved and relabelled."""
    if not spare:
        return None
    fits = [n for n, (b, k) in enumerate(spare) if k == block and b.relative_rect.size == rect.size]
    if not fits:
        return None
    same = [n for n in fits if spare[n][0].text == text]
    button, _ = spare.pop((same or fits)[-1])
    button.set_relative_position(rect.topleft)
    relabel(button, text)
    button.enable()
    button.unselect()
    if visible:
        button.show()
    return button


class BarRows:
    """Builds the table's ``rows`` into ``widgets`` / ``controls`` in its action bar."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.signature: tuple[Any, ...] = ()
        self.spare: Spare = []
        self.blocks: dict[int, str | None] = {}

    def panel(self) -> PanelLayout:
        """The side panel's layout (the log fills the panel: the controls are in the
        action bar on the felt)."""
        t = self.t
        width, height = t.app.size
        sidebar = pygame.Rect(t.felt.right, 0, width - t.felt.right, height)
        return panel_layout(sidebar, t.table_u, t.u, 3 + len(t.campaign_lines()))

    def start(self) -> None:
        """A fresh build of the scene: the decision's controls and the panel."""
        t = self.t
        self.spare, self.blocks = [], {}
        t.rows = self.decision()
        self.signature = rows_signature(t.rows)
        self.build()

    def build(self, spare: Spare | None = None) -> None:
        """The decision's controls in the action bar (``kit.bar.bar_place``): each row
        the table gives is a group, the groups side by side (``kit.bar.plan_groups``);
        with ``spare`` (old buttons), one of the same size and look is moved and
        relabelled rather than built (the panel stays)."""
        t = self.t
        assert t.container is not None
        t.widgets, t.controls, self.blocks = {}, {}, {}
        t.side = self.panel()
        t.column = t.bar_rect
        t.log_rect = t.side.log
        groups = [[(c.text, c.on_press is not None, c.primary) for c in row] for row in t.rows]
        places, compact = plan_groups(t.bar_rect, groups, t.text_width, t.px(10))
        for row, rects in zip(t.rows, places, strict=True):
            for control, rect in zip(row, rects, strict=True):
                t.controls[control.key] = control
                if control.on_press is None:
                    t.widgets[control.key] = t.add_label(rect, control.text, LABEL_BLOCKS[compact])
                    continue
                block = (
                    UNAVAILABLE[compact] if control.reason else BLOCKS[(compact, control.primary)]
                )
                button = self.button(rect, control, block, spare)
                self.blocks[id(button)] = block
                t.widgets[control.key] = button
        if spare is None:
            # After the controls, so the keyboard focus starts on the decision, not on Menu.
            t.build_panel(t.side)
            # The looks of later decisions, drawn ahead (a crowded bar's compact rows too).
            warm_bar_looks(t.app, t.bar_rect.height, two_rows=True)

    def rebuild(self) -> bool:
        """A new decision: only its controls are built again, from the old buttons where
        they fit; the panel's buttons stay. False, nothing done, when the panel's
        buttons must move: the whole scene is built again."""
        t = self.t
        side, old_side = self.panel(), t.side
        if t.container is None or (side.buttons, side.row_h, side.gap) != (
            old_side.buttons,
            old_side.row_h,
            old_side.gap,
        ):
            return False
        old = list(t.widgets.values())
        gone = {id(widget) for widget in old}
        if t.ring.current is not None:
            t.ring.current.set_focus(False)
        rest = [item for item in t.ring.items if id(getattr(item, "button", None)) not in gone]
        t.ring.items, t.ring.index = [], -1
        spare = self.spare + [(w, self.blocks.get(id(w))) for w in old if isinstance(w, UIButton)]
        for widget in old:
            if not isinstance(widget, UIButton):
                widget.kill()
        t.labels = [label for label in t.labels if id(label) not in gone]
        self.build(spare)
        # Unused buttons wait hidden for a later decision (the newest kept).
        keep = spare[-SPARE_CONTROLS:]
        for button, _ in spare[: len(spare) - len(keep)]:
            button.kill()
        for button, _ in keep:
            button.unselect()
            button.hide()
            # Off the screen too: a scene shown again shows all its elements.
            button.set_relative_position(OFF_SCREEN)
        self.spare = keep
        t.ring.items.extend(rest)
        return True

    def hide_spare(self) -> None:
        for button, _ in self.spare:
            button.hide()  # showing the scene showed its spare buttons too

    def button(
        self, rect: pygame.Rect, control: Control, block: str | None, spare: Spare | None
    ) -> UIButton:
        t = self.t
        assert t.container is not None and control.on_press is not None
        tooltip = control.reason or control.tooltip
        if control.shortcut is not None and not control.reason:
            hint = i18n.t("cards.shortcut", shortcut=key_name(control.shortcut))
            tooltip = f"{tooltip}<br>{hint}" if tooltip else hint
        button = take_button(spare, rect, control.text, block, t.visible)
        if button is None:
            button = UIButton(rect, control.text, t.app.manager, t.container,
                              object_id=ObjectID(block, None) if block else None)  # fmt: skip
        elif not tooltip:
            button.set_tooltip(None)
        if tooltip:
            button.set_tooltip(tooltip, wrap_width=t.tip_width())
        press = control.on_press
        if control.reason:
            press = functools.partial(t.control_refused, control)

        def guarded() -> None:
            # A press while cards are still flying would act on a table the player
            # has not seen yet: only an idle table takes input.
            if t.accepts_input():
                press()

        t.ring.add(ButtonItem(button, guarded))
        return button

    def decision(self) -> list[list[Control]]:
        """The controls on show: the decision's legal ones, or a replay's or a
        lesson's (the table's director)."""
        t = self.t
        if t.director is not None:
            rows: list[list[Control]] = t.director.rows(t.legal_rows)
            return rows
        return t.legal_rows()

    def refresh(self) -> None:
        """Rebuild the controls when the set of legal actions changed."""
        t = self.t
        rows = self.decision() if t.accepts_input() else []
        signature = rows_signature(rows)
        if signature != self.signature:
            t.rows = rows
            self.signature = signature
            if t.container is not None:
                if not self.rebuild():
                    t.recreate_ui()
                # A new decision: the keyboard focus starts on its main action.
                t.focus_safely(reset=True)

    def shortcut(self, event: pygame.event.Event) -> bool:
        """A control's key pressed (only while the table takes input)."""
        t = self.t
        if event.type != pygame.KEYDOWN or not t.accepts_input():
            return False
        for control in list(t.controls.values()):
            if control.shortcut == event.key and control.on_press is not None:
                if control.reason:
                    t.control_refused(control)
                else:
                    control.on_press()
                return True
        return False

    def refocus(self) -> None:
        """After a rebuild: the keyboard focus belongs to the decision's controls; with
        none on screen, nothing is focused (the side panel's Menu is not a move)."""
        t = self.t
        panel = (t.panel.menu, t.panel.hint_button, t.panel.speed_button)
        if id(t.ring.current) in {id(b) for b in panel}:
            t.ring.focus(0 if t.rows else -1)

    def focus_safely(self, reset: bool = False) -> None:
        """Keep the keyboard focus off a destructive control: after the controls are
        rebuilt (or with ``reset``, for a new decision) it goes to the decision's
        main action, else the first safe one, else nowhere."""
        ring = self.t.ring
        buttons = self.t.action_buttons()
        risky = {id(b) for key, primary, b in buttons if key in DESTRUCTIVE and not primary}
        if not reset and id(getattr(ring.current, "button", None)) not in risky:
            return
        safe = [(primary, b) for key, primary, b in buttons if key not in DESTRUCTIVE or primary]
        choice = next((b for primary, b in safe if primary), safe[0][1] if safe else None)
        for index, item in enumerate(ring.items):
            if choice is not None and getattr(item, "button", None) is choice:
                ring.focus(index)
                return
        ring.focus(-1)

    def build_panel(self, lay: PanelLayout) -> None:
        """The side panel's buttons: Menu, Hint (Back in a replay) and Speed."""
        t = self.t
        tip_width = t.tip_width()
        # A replay's first button leaves it, as Esc does (nothing to pause).
        back = t.director.leave if t.director is not None and t.replaying else t.go_back
        t.panel.build(lay, t.add_button, back, lambda: cycle_speed(t),
                      t.app.settings.animation_speed, t.hint_tip, tip_width,
                      t.toggle_hint)  # fmt: skip
        # The Hint button also tells of the labels key (kit.legend).
        if t.panel.hint_button is not None and not t.replaying:
            tip = f"{i18n.t(t.hint_tip)}<br>{i18n.t('glossary.hold_key')}"
            t.panel.hint_button.button.set_tooltip(tip, delay=0.6, wrap_width=tip_width)
        if t.replaying:
            t.panel.as_replay(tip_width)

    def click(self, key: str) -> list[pygame.event.Event]:
        """The mouse events of a click on control ``key`` (none when it is not shown)."""
        widget = self.t.widgets.get(key)
        return [] if widget is None else left_click(widget.get_abs_rect().center)
