"""The action bar (buttons for the legal actions, and only those) and the bet stepper.

bar = ActionBar(add_button)          # add_button: MenuScene.add_button
bar.build(rect, [ActionSpec("fold", "Fold", pygame.K_f, "F", "Give up", fold)], measure)
bar.handle_key(event)                # a shortcut key presses its button

Every table puts its bar in the same place, :func:`bar_place`: a strip across the
foot of the felt, inside the rail, under the player's own hand and nameplate (the
table lays its felt out above it). Tables whose decisions come as groups of controls
(a stepper, a column per pile) lay them out there with :func:`plan_groups`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from game.scenes.kit.felt import rail_width
from game.scenes.widgets import ButtonItem

#: The theme block of a button: (compact, primary) -> block ("button" is the default).
BLOCKS: dict[tuple[bool, bool], str | None] = {
    (False, False): None,
    (False, True): "#primary",
    (True, False): "#compact",
    (True, True): "#compact_primary",
}
UNAVAILABLE = {False: "#unavailable", True: "#compact_unavailable"}  # greyed, with a reason
COMPACT_RATIO = 0.8  # the compact type's size against the buttons' (assets/theme.json)
TIGHT_PAD = 14  # the least room each side of a label (the theme pads 12)
ROW_GAP = 2  # between the two rows of a crowded bar
TIP_WIDTH = 360  # a tooltip wraps here: lines across, not a tall column over the table


def bar_place(felt: pygame.Rect, u: float, ui: float) -> pygame.Rect:
    """Where the action bar is, the same rule at every table: across the foot of the
    felt ``felt`` (inside the rail, a pad in from each side), one row of buttons or
    two rows of compact ones high. ``u`` is the felt's unit, ``ui`` the buttons'."""
    pad = max(8, round(12 * u))
    rim = rail_width(felt.size) + pad // 2  # the wooden rail of the felt
    height = max(44, round(50 * ui))
    return pygame.Rect(
        felt.x + rim + pad, felt.bottom - rim - height, felt.width - 2 * (rim + pad), height
    )


#: One control of a group for :func:`plan_groups`: (words, a button?, primary?).
GroupItem = tuple[str, bool, bool]
LABEL_BLOCKS = {False: "#centered", True: "#hint"}  # a label's theme block (compact?)


def item_block(is_button: bool, primary: bool, compact: bool) -> str:
    """The theme block whose font draws an item (a button's, or a label's)."""
    if is_button:
        return BLOCKS[(compact, primary)] or "button"
    return LABEL_BLOCKS[compact]


def plan_groups(
    rect: pygame.Rect,
    groups: Sequence[Sequence[GroupItem]],
    measure: Callable[[str, str], int],
    gap: int = 10,
) -> tuple[list[list[pygame.Rect]], bool]:
    """Lay groups of controls out centred in the bar ``rect``, each control as wide
    as its words need (a group's controls side by side, a wider gap between groups),
    in the first form that fits, as :meth:`ActionBar.build` does: one row in the
    buttons' type, one row in the compact type, two rows of compact controls (half the
    bar's height each, split between groups where that fits), and only then an equal
    share of one row. Returns each control's rect (the groups' shape) and whether the
    compact type is used."""
    flat = [(g, item) for g, group in enumerate(groups) for item in group]
    if not flat:
        return [[] for _ in groups], False
    group_gap = gap * 2

    def widths(compact: bool, pad: int) -> list[int]:
        out = []
        for _, (words, is_button, primary) in flat:
            w = int(measure(words, item_block(is_button, primary, compact)))
            out.append(max(w + 2 * pad, rect.height // (2 if compact else 1)) if is_button
                       else w + pad)  # fmt: skip
        return out

    def row_width(indexes: list[int], wanted: list[int]) -> int:
        total = sum(wanted[i] for i in indexes)
        for a, b in zip(indexes, indexes[1:], strict=False):
            total += group_gap if flat[a][0] != flat[b][0] else gap
        return total

    every = list(range(len(flat)))
    plan: list[list[int]] | None = None
    wanted: list[int] = []
    compact = False
    roomy = rect.height // 2 + 8
    for compact, pad in ((False, roomy), (False, TIGHT_PAD), (True, roomy), (True, TIGHT_PAD)):
        wanted = widths(compact, pad)
        if row_width(every, wanted) <= rect.width:
            plan = [every]
            break
    if plan is None and len(flat) > 1:
        compact, wanted = True, widths(True, TIGHT_PAD)
        # Between groups first (a group stays whole on its row), else anywhere.
        cuts = [k for k in range(1, len(flat)) if flat[k][0] != flat[k - 1][0]]
        for candidates in (cuts, list(range(1, len(flat)))):
            if not candidates:
                continue
            k = min(candidates, key=lambda k: max(row_width(every[:k], wanted),
                                                  row_width(every[k:], wanted)))  # fmt: skip
            rows = [every[:k], every[k:]]
            if all(row_width(row, wanted) <= rect.width for row in rows):
                plan = rows
                break
    if plan is None:
        # Nothing fits: an equal share of one row (the fit test names the words).
        share = (rect.width - gap * (len(flat) - 1)) // len(flat)
        plan, wanted = [every], [share] * len(flat)
    height = rect.height if len(plan) == 1 else (rect.height - ROW_GAP) // 2
    out: list[list[pygame.Rect]] = [[] for _ in groups]
    y = rect.y
    for row in plan:
        x = rect.centerx - row_width(row, wanted) // 2
        for n, index in enumerate(row):
            if n:
                x += group_gap if flat[row[n - 1]][0] != flat[index][0] else gap
            out[flat[index][0]].append(pygame.Rect(x, y, wanted[index], height))
            x += wanted[index]
        y += height + ROW_GAP
    return out, compact


def _best_split(widths: list[int], gap: int) -> int:
    """Where to break ``widths`` into two rows so the wider row is narrowest."""

    def row(part: list[int]) -> int:
        return sum(part) + gap * max(0, len(part) - 1)

    return min(range(1, len(widths)), key=lambda k: max(row(widths[:k]), row(widths[k:])))


def warm_bar_looks(app: Any, height: int, two_rows: bool = False) -> None:
    """Draw the bar's button looks at ``height`` ahead of its first showing, a piece
    per frame (game.ui.gui_shapes.warm_looks), and load their fonts; ``two_rows``: the
    compact looks of a crowded bar's half-height rows too."""
    from game.ui import gui_shapes

    looks = [*BLOCKS.values(), *UNAVAILABLE.values()]
    for block in looks:
        app.font_for(block or "button")  # loaded now: the bar measures its labels with them
    gui_shapes.warm_looks(app, height, looks)
    if two_rows:
        compact = [BLOCKS[(True, False)], BLOCKS[(True, True)], UNAVAILABLE[True]]
        gui_shapes.warm_looks(app, (height - ROW_GAP) // 2, compact)


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
    #: Not possible now, and why ("Only the lead opens the betting"): the button shows
    #: greyed, and its key says the reason instead of acting.
    reason: str = ""


class ActionBar:
    """The row of buttons for the human's legal actions — and only those.

    ``add_button`` is the scene's ``MenuScene.add_button`` so the buttons join the focus
    ring (Tab/arrows/Enter) and clicks arrive through pygame_gui like any other button.
    """

    def __init__(
        self,
        add_button: Callable[..., ButtonItem],
        adopt: Callable[[ButtonItem], object] | None = None,
    ) -> None:
        self._add_button = add_button
        #: Puts a button taken back from the pool into the scene's focus ring.
        self._adopt = adopt
        self.specs: list[ActionSpec] = []
        self.items: dict[str, ButtonItem] = {}
        #: Each built button with its theme block, for ``pool`` (reuse by the next bar).
        self.built: list[tuple[ButtonItem, str | None]] = []
        self.compact = False  # the labels in the compact type
        self.rows = 1
        self.on_refused: Callable[[str], object] | None = None
        self.tip_width = TIP_WIDTH  # the scene scales it with its widgets

    def build(
        self,
        rect: pygame.Rect,
        specs: Sequence[ActionSpec],
        measure: Callable[..., int],
        gap: int = 10,
        pool: ButtonPool | None = None,
    ) -> pygame.Rect:
        """Lay ``specs`` out centred in ``rect`` so every label shows whole.

        ``measure(label, block)`` is the width of a label in a theme block (the scene's
        ``text_width``). The first form that fits is used: one row in the buttons'
        type, one row in the compact type, two rows in the compact type (each half
        the bar's height), and only then an equal share of one row. Returns the area
        the buttons take.

        With a ``pool`` (the buttons of the bar before), a button of the same size and
        look is moved and relabelled instead of built anew: building pygame_gui buttons
        is the slowest thing a frame does."""
        self.specs = list(specs)
        self.items = {}
        self.built = []
        if not self.specs:
            return pygame.Rect(rect.centerx, rect.y, 0, rect.height)
        labels = [self.caption(spec) for spec in self.specs]
        primary = [spec.primary for spec in self.specs]

        def width(label: str, is_primary: bool, compact: bool) -> int:
            block = BLOCKS[(compact, is_primary)] or "button"
            try:
                return int(measure(label, block))
            except TypeError:  # a measure that knows one type only
                return int(measure(label) * (COMPACT_RATIO if compact else 1.0))

        roomy, tight = rect.height // 2 + 8, TIGHT_PAD
        plan: list[list[tuple[int, int]]] | None = None  # rows of (spec index, width)
        compact = False
        for compact, pad in ((False, roomy), (False, tight), (True, roomy), (True, tight)):
            wanted = [
                width(label, p, compact) + 2 * pad for label, p in zip(labels, primary, strict=True)
            ]
            if sum(wanted) + gap * (len(wanted) - 1) <= rect.width:
                plan = [list(enumerate(wanted))]
                break
        row_h = (rect.height - ROW_GAP) // 2
        if plan is None and len(self.specs) > 1:
            compact = True
            wanted = [
                width(label, p, True) + 2 * TIGHT_PAD
                for label, p in zip(labels, primary, strict=True)
            ]
            split = _best_split(wanted, gap)
            rows = [list(enumerate(wanted))[:split], list(enumerate(wanted))[split:]]
            if all(sum(w for _, w in row) + gap * (len(row) - 1) <= rect.width for row in rows):
                plan = rows
        if plan is None:
            # Nothing fits: an equal share of one row (the fit test names the label).
            share = (rect.width - gap * (len(labels) - 1)) // len(labels)
            plan = [[(i, share) for i in range(len(labels))]]
        heights = [rect.height] if len(plan) == 1 else [row_h, row_h]
        used = pygame.Rect(rect.centerx, rect.y, 0, rect.height)
        y = rect.y
        for row, height in zip(plan, heights, strict=True):
            total = sum(w for _, w in row) + gap * (len(row) - 1)
            spare = max(0, rect.width - total)
            if len(plan) > 1 or compact:
                # Share what is left so the buttons do not huddle in the middle.
                grow = min(spare // len(row), rect.height)
                row = [(i, w + grow) for i, w in row]
                total += grow * len(row)
            x = rect.centerx - total // 2
            for index, w in row:
                spec = self.specs[index]
                button_rect = pygame.Rect(x, y, w, height)
                block = BLOCKS[(compact, spec.primary)]
                press = spec.on_press
                if spec.reason:
                    # Greyed, yet it hovers and takes focus: the tooltip says why, and
                    # a press says it again instead of acting.
                    block = UNAVAILABLE[compact]
                    press = functools.partial(self._refuse, spec.reason)
                item = pool.take(button_rect, labels[index], block) if pool is not None else None
                if item is None:
                    item = self._add_button(button_rect, labels[index], press, True, block)
                else:
                    item.on_press = press
                    if self._adopt is not None:
                        self._adopt(item)
                if spec.tooltip:
                    item.button.set_tooltip(spec.tooltip, delay=0.6, wrap_width=self.tip_width)
                elif pool is not None:
                    item.button.set_tooltip(None)
                self.built.append((item, block))
                self.items[spec.key] = item
                used.union_ip(button_rect)
                x += w + gap
            y += height + ROW_GAP
        self.compact, self.rows = compact, len(plan)
        return used

    @staticmethod
    def caption(spec: ActionSpec) -> str:
        return f"{spec.label}  [{spec.shortcut_label}]" if spec.shortcut_label else spec.label

    def button(self, key: str) -> UIButton | None:
        item = self.items.get(key)
        return item.button if item is not None else None

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A shortcut key presses its button (Shift and Ctrl combinations are left alone);
        the key of an action not possible now tells ``on_refused`` why."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        for spec in self.specs:
            if spec.shortcut is not None and event.key == spec.shortcut and not spec.reason:
                spec.on_press()
                return True
        for spec in self.specs:
            if spec.shortcut is not None and event.key == spec.shortcut:
                if self.on_refused is not None:
                    self.on_refused(spec.reason)
                return True
        return False

    def _refuse(self, reason: str) -> None:
        if self.on_refused is not None:
            self.on_refused(reason)

    def reasons(self) -> list[str]:
        """Why the greyed buttons cannot be pressed now."""
        return [spec.reason for spec in self.specs if spec.reason]

    def elements(self) -> list[UIElement]:
        return [item.button for item in self.items.values()]


OFF_SCREEN = (-30000, -30000)  # where spare buttons wait


def relabel(button: UIButton, text: str) -> None:
    """``set_text``, with the button's look in the new words at once: pygame_gui draws
    one state a frame after a change, so a focused or greyed button would show its old
    words for a few frames. The state on show is drawn now; the others when shown."""
    if button.text == text:
        return
    button.set_text(text)
    shape = getattr(button, "drawable_shape", None)
    queue = getattr(shape, "states_to_redraw_queue", None)
    if shape is None or queue is None:
        return
    for state_id in list(queue):
        shape.states[state_id].generated = False
    active = shape.active_state
    if active.state_id in queue:
        queue.remove(active.state_id)
        shape.redraw_state(active.state_id)
    active.has_fresh_surface = True


class ButtonPool:
    """Buttons of a bar being replaced, offered to the next one: a button of the wanted
    size and theme block is moved (and relabelled) rather than built; ``release`` kills
    the ones nobody took, ``keep`` hides them for a later bar (decisions come back:
    the same labels make the same buttons)."""

    def __init__(self, built: Sequence[tuple[ButtonItem, str | None]], visible: bool) -> None:
        self.free = list(built)
        self.visible = visible  # the scene shows: a reused button shows too

    def take(self, rect: pygame.Rect, label: str, block: str | None) -> ButtonItem | None:
        fits = [
            n
            for n, (item, b) in enumerate(self.free)
            if b == block and item.button.relative_rect.size == rect.size
        ]
        if not fits:
            return None
        # The same words first: nothing to draw again.
        same = [n for n in fits if self.free[n][0].button.text == label]
        item, _ = self.free.pop((same or fits)[0])
        button = item.button
        button.set_relative_position(rect.topleft)
        relabel(button, label)
        item.enabled = True
        button.enable()
        button.unselect()
        if self.visible:
            button.show()
        return item

    def release(self) -> None:
        self.keep(0)

    def keep(self, limit: int) -> list[tuple[ButtonItem, str | None]]:
        """Hide the last ``limit`` buttons nobody took and return them; kill the rest."""
        spare = self.free[-limit:] if limit > 0 else []
        for item, _ in self.free[: len(self.free) - len(spare)]:
            item.button.kill()
        for item, _ in spare:
            item.button.unselect()
            item.button.hide()
            # Off the screen too: a scene shown again shows all its elements.
            item.button.set_relative_position(OFF_SCREEN)
        self.free = []
        return spare


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
