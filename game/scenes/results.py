"""Results of a session at a table: rounds played, chips per seat, play again or menu."""

from __future__ import annotations

import pygame

from game import games, i18n
from game.app import App
from game.scenes.base import MenuScene, click_events
from game.scenes.table import game_name, make_table_scene
from game.session import SessionResult


class ResultsScene(MenuScene):
    name = "results"

    def __init__(self, app: App, result: SessionResult) -> None:
        super().__init__(app)
        self.result = result

    def lines(self) -> list[str]:
        config = self.result.config
        lines = [game_name(config.game)]
        if self.result.rounds_played:
            lines.append(i18n.t(games.get(config.game).played_key, count=self.result.rounds_played))
        for seat, chips in enumerate(self.result.chips_end):
            who = i18n.t("results.you") if seat == 0 else i18n.t("quick.opponent", number=seat)
            lines.append(i18n.t("results.seat_chips", seat=who, chips=chips, count=chips))
        if not self.result.chips_end:
            lines.append(i18n.t("results.no_hands"))
        return lines

    def build(self) -> None:
        width, height = self.app.size
        shown = self.lines()
        heading, lines = shown[0], shown[1:]
        rounds = lines[:1] if self.result.rounds_played else []
        seats = lines[len(rounds) :]
        heading_h = self.px(52)
        top, bottom = self.px(140), height - self.px(130)
        room = bottom - top - heading_h
        line_h = self.px(34)
        # Many seats (up to 10) at a large UI scale do not fit one under another above
        # the buttons: they go into two columns, filled top to bottom, left first.
        columns = 1 if len(lines) * line_h <= room else 2
        rows = len(rounds) + (len(seats) + columns - 1) // columns
        line_h = min(line_h, max(self.px(24), room // max(1, rows)))
        gap = self.px(32)
        widest = max((self.text_width(line, "#centered") for line in lines), default=0)
        column_w = widest + self.px(40)
        panel_w = max(
            self.text_width(heading, "#heading") + self.px(40),
            self.px(600),
            columns * column_w + (columns - 1) * gap,
        )
        panel_w = min(width - self.px(80), panel_w)
        column_w = (panel_w - (columns - 1) * gap) // columns
        x = (width - panel_w) // 2
        y = top + max(0, (room - line_h * rows) // 3)
        self.add_label(pygame.Rect(x, y, panel_w, heading_h), heading, "#heading")
        y += heading_h
        for line in rounds:
            self.add_label(pygame.Rect(x, y, panel_w, line_h), line, "#centered")
            y += line_h
        per_column = (len(seats) + columns - 1) // columns
        for index, line in enumerate(seats):
            column, row = divmod(index, per_column)
            rect = pygame.Rect(x + column * (column_w + gap), y + row * line_h, column_w, line_h)
            self.add_label(rect, line, "#centered")
        again, menu = i18n.t("results.play_again"), i18n.t("results.main_menu")
        button_w = max(
            self.px(220), self.text_width(again) + self.px(48), self.text_width(menu) + self.px(48)
        )
        by = height - self.px(110)
        gap = self.px(24)
        self.again = self.add_button(
            pygame.Rect(width // 2 - gap // 2 - button_w, by, button_w, self.px(52)),
            again,
            self.play_again,
            object_id="#primary",
        )
        self.menu = self.add_button(
            pygame.Rect(width // 2 + gap // 2, by, button_w, self.px(52)), menu, self.app.pop
        )

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("results.title"), self.px(80), 44)

    def play_again(self) -> None:
        self.app.replace(make_table_scene(self.app, self.result.config))

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ring.move(1)
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        self.app.autoplay_finished = True
        return click_events(self.menu.button)
