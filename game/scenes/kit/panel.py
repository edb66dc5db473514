"""The side panel every table has, right of the felt: Menu and Hint, the animation
speed, a box of facts about the table, the game log, the hint box when it is open,
and (for tables whose controls live here) rows of controls at the bottom."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import i18n
from game.scenes.kit import speed
from game.scenes.kit.ink import Ink
from game.scenes.kit.log import GameLog
from game.scenes.kit.text import draw_text_box
from game.scenes.widgets import ButtonItem
from game.ui.palette import Colour

LOG_SIZES = {"small": 12, "medium": 14, "large": 17}  # the log's text, before the table unit
Lines = Sequence[tuple[str, Colour]]


def sidebar_width(width: int, u: float) -> int:
    return max(220, min(round(width * 0.23), round(400 * u)))


@dataclass(slots=True)
class PanelLayout:
    rect: pygame.Rect
    buttons: pygame.Rect  # Menu | Hint, then Speed
    info: pygame.Rect
    log: pygame.Rect  # down to the controls (or the bottom)
    hint: pygame.Rect  # over the log's lower part while the hint is open
    controls: pygame.Rect  # empty unless the table has controls in the panel
    row_h: int
    gap: int


def panel_layout(
    sidebar: pygame.Rect, u: float, ui: float, info_lines: int = 3, controls_h: int = 0
) -> PanelLayout:
    pad = max(8, round(12 * u))
    row_h, gap = round(40 * ui), round(8 * ui)
    buttons = pygame.Rect(
        sidebar.x + pad, sidebar.y + pad, sidebar.width - 2 * pad, row_h * 2 + gap
    )
    line_h = round(28 * u)
    info = pygame.Rect(buttons.x, buttons.bottom + pad, buttons.width, line_h * (info_lines + 1))
    controls = pygame.Rect(buttons.x, sidebar.bottom - pad - controls_h, buttons.width, controls_h)
    log_bottom = (controls.top - pad) if controls_h else sidebar.bottom - pad
    log = pygame.Rect(
        buttons.x, info.bottom + pad, buttons.width, max(1, log_bottom - info.bottom - pad)
    )  # never negative, however small the window
    # The hint box never takes more than half of the log's place: the log stays readable.
    hint_h = max(1, min(round(220 * u), log.height // 2))
    hint = pygame.Rect(log.x, log.bottom - hint_h, log.width, hint_h)
    return PanelLayout(sidebar, buttons, info, log, hint, controls, row_h, gap)


@dataclass(slots=True)
class SidePanel:
    """The panel's buttons and boxes; ``draw`` reads only what it is given."""

    hint_open: bool = False
    menu: ButtonItem | None = None
    hint_button: ButtonItem | None = None
    speed_button: ButtonItem | None = None
    _info_cache: dict[tuple[Any, ...], pygame.Surface] = field(default_factory=dict)
    _hint_cache: dict[tuple[Any, ...], pygame.Surface] = field(default_factory=dict)

    def build(
        self,
        lay: PanelLayout,
        add_button: Callable[..., ButtonItem],
        on_menu: Callable[[], object],
        on_speed: Callable[[], object],
        speed_setting: str,
        hint_tip: str = "sabacc.tip.hint",
        tip_width: int | None = None,
        on_hint: Callable[[], object] | None = None,
    ) -> None:
        """``on_hint``: what the Hint button does (the table's own toggle, which asks
        for the hint at once when the box opens on the player's turn)."""
        half = (lay.buttons.width - lay.gap) // 2
        b = lay.buttons
        self.menu = add_button(
            pygame.Rect(b.x, b.y, half, lay.row_h), i18n.t("sabacc.menu"), on_menu
        )
        self.menu.button.set_tooltip(i18n.t("sabacc.tip.menu"), delay=0.6, wrap_width=tip_width)
        self.hint_button = add_button(
            pygame.Rect(b.right - half, b.y, half, lay.row_h),
            i18n.t("sabacc.hint"),
            on_hint or self.toggle_hint,
        )
        self.hint_button.button.set_tooltip(i18n.t(hint_tip), delay=0.6, wrap_width=tip_width)
        self.speed_button = add_button(
            pygame.Rect(b.x, b.y + lay.row_h + lay.gap, b.width, lay.row_h),
            speed.label(speed_setting),
            on_speed,
        )
        self.speed_button.button.set_tooltip(
            i18n.t("sabacc.tip.speed"), delay=0.6, wrap_width=tip_width
        )

    def as_replay(self, tip_width: int | None = None) -> None:
        """A replay's panel: no Hint (no decision to hint at) and Menu, which leaves the
        replay, says Back."""
        self.hint_open = False
        if self.hint_button is not None:
            self.hint_button.enabled = False  # out of the keyboard's ring too
            self.hint_button.button.hide()
        if self.menu is not None:
            if self.hint_button is not None:  # Back takes the whole row
                whole = self.menu.button.relative_rect.union(self.hint_button.button.relative_rect)
                self.menu.button.set_dimensions(whole.size)
            self.menu.button.set_text(i18n.t("common.back"))
            self.menu.button.set_tooltip(
                i18n.t("kit.tip.replay_back"), delay=0.6, wrap_width=tip_width
            )

    def toggle_hint(self) -> None:
        self.hint_open = not self.hint_open

    def show_speed(self, setting: str) -> None:
        if self.speed_button is not None:
            self.speed_button.button.set_text(speed.label(setting))

    def log_rect(self, lay: PanelLayout, u: float) -> pygame.Rect:
        if not self.hint_open:
            return lay.log
        return pygame.Rect(
            lay.log.x, lay.log.y, lay.log.width, lay.hint.top - lay.log.y - round(8 * u)
        )

    def draw(
        self,
        surface: pygame.Surface,
        lay: PanelLayout,
        ink: Ink,
        u: float,
        title: str,
        info: Lines,
        log: GameLog,
        log_size: int,
        hint: Lines,
    ) -> None:
        size = max(11, round(14 * u))
        draw_text_box(surface, lay.info, title, info, size, ink, self._info_cache)
        log.draw(surface, self.log_rect(lay, u), log_size, i18n.t("sabacc.log_title"), ink)
        if self.hint_open:
            draw_text_box(surface, lay.hint, i18n.t("sabacc.hint_title"), hint, size, ink,
                          self._hint_cache)  # fmt: skip


def log_size(setting: str, u: float) -> int:
    """The game log's text size: the player's setting, scaled with the table."""
    return max(10, round(LOG_SIZES.get(setting, 14) * u))
