"""Rules & help: a readable summary of each game's rules with examples."""

from __future__ import annotations

import functools
from functools import cache

import pygame
from pygame_gui.elements import UITextBox

from game import games, i18n
from game.app import App
from game.i18n.linebreak import Measure, break_lines
from game.scenes.base import MenuScene, click_events
from game.scenes.table import GAMES, game_name
from game.scenes.widgets import ButtonItem


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app: App, game: str = games.DEFAULT_GAME) -> None:
        super().__init__(app)
        self.game = game
        self.tabs: dict[str, ButtonItem] = {}
        self.text_box: UITextBox | None = None
        self.page_top = 0

    def build(self) -> None:
        width, height = self.app.size
        margin = self.px(60)
        area_w = min(width - 2 * margin, self.px(1100))
        x0 = (width - area_w) // 2
        tab_gap = self.px(12)
        tab_w = (area_w - (len(GAMES) - 1) * tab_gap) // len(GAMES)
        tab_y, tab_h = self.px(110), self.px(46)
        for index, game in enumerate(GAMES):
            rect = pygame.Rect(x0 + index * (tab_w + tab_gap), tab_y, tab_w, tab_h)
            self.tabs[game] = self.add_button(
                rect, game_name(game), functools.partial(self.show, game)
            )
        top = tab_y + tab_h + self.px(14)
        bottom = height - self.px(90)
        rules_text = i18n.t(games.get(self.game).rules_key)
        japanese = i18n.get_language() == "ja"
        self.text_box = UITextBox(
            rules_text,
            pygame.Rect(x0, top, area_w, bottom - top),
            self.app.manager,
            container=self.container,
            # Japanese has no spaces: a paragraph is one long "word" that must break
            # between characters, not with the hyphens pygame_gui adds for English.
            allow_split_dashes=not japanese,
        )
        if japanese:
            # pygame_gui would cut Japanese wherever the pixels run out ("、" opening a
            # line, a gap after every bold phrase): set the breaks ourselves.
            self.text_box.set_text(
                break_lines(rules_text, _wrap_width(self.text_box), _measure(self.text_box))
            )
        self.add_label(
            pygame.Rect(
                x0 + self.px(220), bottom + self.px(14), area_w - self.px(220), self.px(30)
            ),
            i18n.t("rules.hint"),
            "#hint",
        )
        back = i18n.t("common.back")
        button_w = max(self.px(180), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect(x0, bottom + self.px(10), button_w, self.px(48)), back, self.go_back
        )
        # The open page's tab is drawn selected (draw_decor); focus skips it.
        self.show_open_tab(self.tabs[self.game])
        self.page_top = top

    def show(self, game: str) -> None:
        self.game = game
        self.recreate_ui()
        self.ring.focus_item(self.back)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("rules.title"), self.px(58), 40)
        if self.game in self.tabs:
            self.draw_open_tab(surface, self.tabs[self.game], self.page_top + 2)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(-1 if event.key == pygame.K_PAGEUP else 1)
            return None
        return super().process_event(event)

    def scroll(self, pages: int) -> None:
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        if bar is None:
            return
        step = bar.visible_percentage * 0.9
        start = max(0.0, min(1.0 - bar.visible_percentage, bar.start_percentage + pages * step))
        bar.set_scroll_from_start_percentage(start)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


def _wrap_width(box: UITextBox) -> int:
    """The width the box lays text out in, as if it had a scroll bar (long rules do; a
    line that fits either way is never cut again by pygame_gui)."""
    width = int(box.text_wrap_rect.width)
    if box.scroll_bar is None:
        width -= int(box.scroll_bar_width)
    return max(1, width - 2)


def _measure(box: UITextBox) -> Measure:
    """Text widths in the box's own regular and bold faces, one character at a time
    (cached): a line's width is the sum, within a pixel or two of the drawn run."""
    style = box.parser.default_style
    fonts = box.ui_theme.get_font_dictionary()

    @cache
    def glyph(char: str, bold: bool) -> int:
        font = fonts.find_font(
            font_size=style["font_size"],
            font_name=style["font_name"],
            bold=bold,
            italic=style["italic"],
            antialiased=style["antialiased"],
            script=style["script"],
            direction=style["direction"],
        )
        return int(font.get_rect(char).width)

    def measure(text: str, bold: bool) -> int:
        return sum(glyph(char, bold) for char in text)

    return measure
