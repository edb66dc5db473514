"""Overlays: the pause menu at a table and a yes/no confirmation."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.app import App
from game.scenes.base import MenuScene, click_events

if TYPE_CHECKING:
    from game.scenes.table import TableScene


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 5, 3, alpha))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, high_contrast: bool) -> None:
    pygame.draw.rect(surface, (0, 0, 0) if high_contrast else (36, 22, 13), rect, border_radius=14)
    edge = (255, 255, 255) if high_contrast else (201, 161, 74)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=14)


class OverlayScene(MenuScene):
    """A centred panel over the dimmed scene below."""

    transparent = True
    panel = pygame.Rect(0, 0, 0, 0)
    # The screen below as it looked with its widgets (``keep_below_in_sight``): a menu
    # below hides its widgets while the overlay is up, which would leave only its felt.
    below: pygame.Surface | None = None

    def keep_below_in_sight(self) -> None:
        """Picture the screen below now, widgets and all, to show it dimmed under this
        overlay (call before the overlay is pushed: pushing hides the widgets below)."""
        app = self.app
        base = next((s for s in reversed(app.stack) if not s.transparent), None)
        if base is None:
            return
        picture = pygame.Surface(app.size)
        base.draw(picture)
        app.manager.draw_ui(picture)
        self.below = picture

    def panel_rect(self, inner_w: int, rows: int, row_h: int, gap: int) -> pygame.Rect:
        width, height = self.app.size
        panel_w = min(width - self.px(40), inner_w + self.px(80))
        panel_h = self.px(110) + rows * (row_h + gap)
        return pygame.Rect((width - panel_w) // 2, (height - panel_h) // 2, panel_w, panel_h)

    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None and self.below.get_size() == surface.get_size():
            surface.blit(self.below, (0, 0))
        dim(surface)
        draw_panel(surface, self.panel, self.app.settings.high_contrast)


class PauseScene(OverlayScene):
    name = "pause"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def build(self) -> None:
        entries: list[tuple[str, Callable[[], object]]] = [
            (i18n.t("pause.resume"), self.app.pop),
            (i18n.t("menu.rules"), self.open_rules),
            (i18n.t("menu.settings"), self.open_settings),
            (i18n.t("pause.leave"), self.confirm_leave),
        ]
        row_h, gap = self.px(50), self.px(12)
        inner_w = max(self.px(320), *(self.text_width(text) + self.px(48) for text, _ in entries))
        self.panel = self.panel_rect(inner_w, len(entries), row_h, gap)
        self.add_label(
            pygame.Rect(self.panel.x, self.panel.y + self.px(18), self.panel.width, self.px(50)),
            i18n.t("pause.title"),
            "#heading",
        )
        y = self.panel.y + self.px(84)
        button_w = min(inner_w, self.panel.width - self.px(40))
        self.buttons = []
        for text, action in entries:
            rect = pygame.Rect(self.panel.centerx - button_w // 2, y, button_w, row_h)
            self.buttons.append(self.add_button(rect, text, action))
            y += row_h + gap

    def open_rules(self) -> None:
        # At the table's own rule set (a Kessel table's rules, not Classic's).
        config = self.table.config
        self.app.open("rules", config.game, config.preset)

    def open_settings(self) -> None:
        self.app.open("settings")

    def confirm_leave(self) -> None:
        # One rule, one message: a table that may not be left now says why at once,
        # instead of asking first and refusing after.
        blocked = getattr(self.table, "leave_blocked", None)
        reason = blocked() if callable(blocked) else ""
        if reason:
            self.app.notify(reason)
            return
        question = getattr(self.table, "leave_question", None)
        words = question() if callable(question) else i18n.t("pause.leave_confirm")
        self.app.push(ConfirmScene(self.app, words, self.table.leave_table))

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.buttons[3].button)


class ConfirmScene(OverlayScene):
    name = "confirm"

    def __init__(self, app: App, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes

    def build(self) -> None:
        row_h = self.px(50)
        yes, no = i18n.t("common.yes"), i18n.t("common.no")
        button_w = max(
            self.px(150), self.text_width(yes) + self.px(40), self.text_width(no) + self.px(40)
        )
        question_w = self.text_width(self.question, "#centered") + self.px(40)
        inner_w = max(2 * button_w + self.px(24), question_w)
        self.panel = self.panel_rect(inner_w, 2, row_h, self.px(10))
        self.add_label(
            pygame.Rect(
                self.panel.x + self.px(10),
                self.panel.y + self.px(40),
                self.panel.width - self.px(20),
                self.px(44),
            ),
            self.question,
            "#centered",
        )
        y = self.panel.bottom - row_h - self.px(30)
        # "No" first: the safe answer has the initial focus.
        self.no = self.add_button(
            pygame.Rect(self.panel.centerx + self.px(12), y, button_w, row_h), no, self.app.pop
        )
        self.yes = self.add_button(
            pygame.Rect(self.panel.centerx - self.px(12) - button_w, y, button_w, row_h),
            yes,
            self.confirm,
            object_id="#primary",
        )

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # Left/Right move between the two answers, as the buttons sit side by side.
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ring.move(1)
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.yes.button)
