"""Rules & help: every rule set's page, illustrated with real cards, scrolled like a book.

The words and card rows come from ``game.help.pages`` (pure data, checked against the
engines by the tests); this scene lays them out for the window and language and draws
them. A tab per game, a selector of Sabacc rule sets, and the page below: mouse wheel,
Page Up / Page Down, Home / End scroll it. Tables open it at their own page (F1).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.help.pages import GLOSSARY, RULES_PRESETS, Block, page, page_id, summary_key
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, HC_TEXT, MenuScene, click_events
from game.scenes.kit.text import wrap
from game.scenes.table import game_name
from game.scenes.widgets import ButtonItem, Selector

PAGE_FILL = (20, 13, 8)
HC_PAGE_FILL = (0, 0, 0)


@dataclass(frozen=True, slots=True)
class PageStyle:
    """Sizes in pixels for one layout of a page."""

    width: int
    text: int
    heading: int
    card_h: int
    gap: int
    high_contrast: bool
    palette: str


@functools.lru_cache(maxsize=8)
def render_page(page_name: str, style: PageStyle, language: str) -> pygame.Surface:
    """The whole page as one tall image (cached by page, layout and language)."""
    del language  # part of the cache key: the words come from the live catalog
    ink = HC_TEXT if style.high_contrast else CREAM
    head_ink = HC_TEXT if style.high_contrast else BRASS_LIGHT
    body = resources.font(style.text, UI_FONT_LANGUAGE)
    bold = resources.font(style.heading, UI_FONT_LANGUAGE, bold=True)
    pieces: list[tuple[pygame.Surface, int, int]] = []  # (image, x, y)
    y = 0
    game, _, preset = page_name.partition(":")
    for block in page(page_name):
        words = i18n.t(block.key)
        if block.kind == "h":
            y += style.gap if y else 0
            for line in wrap(words, style.heading, style.width, bold=True):
                image = bold.render(line, True, head_ink)
                pieces.append((image, 0, y))
                y += bold.get_linesize()
            rule = pygame.Surface((min(style.width, max(40, image.get_width())), 2), 0, 32)
            rule.fill(BRASS)
            pieces.append((rule, 0, y + 2))
            y += style.gap // 2 + 4
        elif block.kind == "term":
            y = _term_row(pieces, block.key, style, y, body, bold, ink, head_ink)
        elif block.kind == "p":
            for line in wrap(words, style.text, style.width):
                pieces.append((body.render(line, True, ink), 0, y))
                y += body.get_linesize()
            y += style.gap // 2
        else:
            row = _card_row(block, game, preset, style)
            caption_x = row.get_width() + style.gap
            room = style.width - caption_x
            if room < style.width // 3:  # a narrow page: the caption goes below the cards
                pieces.append((row, 0, y))
                y += row.get_height() + style.gap // 3
                for line in wrap(words, style.text, style.width):
                    pieces.append((body.render(line, True, ink), 0, y))
                    y += body.get_linesize()
            else:
                lines = wrap(words, style.text, room)
                text_h = len(lines) * body.get_linesize()
                top = y + max(0, (row.get_height() - text_h) // 2)
                pieces.append((row, 0, y))
                for index, line in enumerate(lines):
                    image = body.render(line, True, ink)
                    pieces.append((image, caption_x, top + index * body.get_linesize()))
                y += max(row.get_height(), text_h)
            y += style.gap
    surface = pygame.Surface((style.width, max(1, y)), pygame.SRCALPHA)
    for image, x, top in pieces:
        surface.blit(image, (x, top))
    return surface


def _term_row(
    pieces: list[tuple[pygame.Surface, int, int]],
    key: str,
    style: PageStyle,
    y: int,
    body: pygame.font.Font,
    bold: pygame.font.Font,
    ink: tuple[int, int, int],
    head_ink: tuple[int, int, int],
) -> int:
    """A glossary term: its drawn example in a column of its own, its word in bold and
    its sentence beside it (below it on a narrow page); the y after it."""
    from game.help import glossary
    from game.ui.glossary_art import render_example

    column = min(style.width // 3, style.card_h * 2)
    example = render_example(glossary.term(key).example, style.card_h * 3 // 4, style.palette)
    if example.get_width() > column:
        scale = column / example.get_width()
        example = pygame.transform.smoothscale(
            example, (column, max(1, round(example.get_height() * scale)))
        )
    x = column + style.gap
    room = style.width - x
    name, sentence = glossary.said(key)
    lines = [(line, bold, head_ink) for line in wrap(name, style.text, room, bold=True)]
    lines += [(line, body, ink) for line in wrap(sentence, style.text, room)]
    text_h = sum(font.get_linesize() for _, font, _ in lines)
    height = max(example.get_height(), text_h)
    pieces.append(
        (example, (column - example.get_width()) // 2, y + (height - example.get_height()) // 2)
    )
    top = y + (height - text_h) // 2
    for line, font, colour in lines:
        pieces.append((font.render(line, True, colour), x, top))
        top += font.get_linesize()
    return y + height + style.gap * 2 // 3


def _card_row(block: Block, game: str, preset: str, style: PageStyle) -> pygame.Surface:
    h = style.card_h
    w = h * 5 // 7
    step = w + max(4, w // 8)
    if len(block.cards) * step > style.width:  # many cards on a narrow page: overlap
        step = max(w // 3, (style.width - w) // max(1, len(block.cards) - 1))
    row = pygame.Surface((step * (len(block.cards) - 1) + w, h), pygame.SRCALPHA)
    for index, code in enumerate(block.cards):
        card = games.get(game).render_card(code, (w, h), preset or None, style.palette)
        row.blit(card, (index * step, 0))
    return row


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app: App, game: str = "sabacc", preset: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.preset = preset if preset in RULES_PRESETS else "classic"
        self.tabs: dict[str, ButtonItem] = {}
        self.preset_selector: Selector[str] | None = None
        self.page_rect = pygame.Rect(0, 0, 1, 1)
        self.page_top = 0
        self.scroll_y = 0

    @property
    def page_name(self) -> str:
        if self.game == GLOSSARY:
            return GLOSSARY
        return page_id(self.game, self.preset)

    def has_presets(self) -> bool:
        return self.game != GLOSSARY and games.get(self.game).has_presets

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        width, height = self.app.size
        margin = self.px(60)
        area_w = max(self.px(200), min(width - 2 * margin, self.px(1100)))
        x0 = (width - area_w) // 2
        tab_gap = self.px(12)
        # A tab per game, and the glossary's last.
        tab_ids = (*games.GAME_IDS, GLOSSARY)
        tab_w = (area_w - (len(tab_ids) - 1) * tab_gap) // len(tab_ids)
        tab_y, tab_h = self.px(96), self.px(46)
        self.tabs = {}
        for index, game in enumerate(tab_ids):
            rect = pygame.Rect(x0 + index * (tab_w + tab_gap), tab_y, tab_w, tab_h)
            title = i18n.t("glossary.title") if game == GLOSSARY else game_name(game)
            self.tabs[game] = self.add_button(rect, title, functools.partial(self.show, game))
        top = tab_y + tab_h + self.px(14)
        self.preset_selector = None
        if self.has_presets():
            options = [(p, i18n.t(f"preset.{p}")) for p in RULES_PRESETS]
            rect = pygame.Rect(
                x0 + self.px(16), top, min(area_w - self.px(32), self.px(460)), self.px(40)
            )
            self.preset_selector = self.add_selector(rect, options, self.preset, self.show_preset)
            top += self.px(52)
        bottom = height - self.px(84)
        self.page_rect = pygame.Rect(x0, top, area_w, max(self.px(60), bottom - top))
        self.page_top = tab_y + tab_h + self.px(14)
        back = i18n.t("common.back")
        button_w = max(self.px(180), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect(x0, bottom + self.px(10), button_w, self.px(48)), back, self.go_back
        )
        # The game's coached hand, replayed from here (not over a table in play).
        self.lesson_button: ButtonItem | None = None
        lesson_w = 0
        if self.lesson_offered():
            words = i18n.t("tutor.play_lesson")
            lesson_w = max(self.px(180), self.text_width(words) + self.px(48))
            rect = pygame.Rect(x0 + area_w - lesson_w, bottom + self.px(10), lesson_w, self.px(48))
            self.lesson_button = self.add_button(rect, words, self.play_lesson)
        hint_x = x0 + max(self.px(220), button_w + self.px(20))
        self.add_label(
            pygame.Rect(
                hint_x,
                bottom + self.px(14),
                x0 + area_w - hint_x - (lesson_w + self.px(12) if lesson_w else 0),
                self.px(30),
            ),
            i18n.t("rules.hint"),
            "#hint",
        )
        self.show_open_tab(self.tabs[self.game])
        self.scroll_by(0)

    def lesson_offered(self) -> bool:
        from game.help.coach import LESSONS
        from game.scenes.table import TableScene

        at_table = any(isinstance(scene, TableScene) for scene in self.app.stack)
        return self.game in LESSONS and not at_table

    def play_lesson(self) -> None:
        from game.scenes.lesson_offer import lesson_for

        preset = self.preset if self.has_presets() else None
        self.app.open("lesson", lesson_for(self.game, preset))

    def show(self, game: str) -> None:
        self.game = game
        self.scroll_y = 0
        self.recreate_ui()
        self.ring.focus_item(self.back)

    def show_preset(self, preset: str) -> None:
        self.preset = preset
        self.scroll_y = 0  # the selector keeps its focus; the page redraws from the top

    # ------------------------------------------------------------------ the page
    def style(self) -> PageStyle:
        inner = max(120, self.page_rect.width - 2 * self.px(24) - self.px(10))
        return PageStyle(
            width=inner,
            text=max(12, self.px(18)),
            heading=max(14, self.px(24)),
            card_h=max(42, self.px(104)),
            gap=max(6, self.px(18)),
            high_contrast=self.app.settings.high_contrast,
            palette=self.palette_name(),
        )

    def palette_name(self) -> str:
        settings = self.app.settings
        if settings.high_contrast:
            return "high-contrast"
        return "colorblind" if settings.colour_blind else "cantina"

    def page_image(self) -> pygame.Surface:
        return render_page(self.page_name, self.style(), i18n.get_language())

    def visible_height(self) -> int:
        return max(1, self.page_rect.height - 2 * self.px(16))

    def scroll_by(self, pixels: int) -> None:
        room = max(0, self.page_image().get_height() - self.visible_height())
        self.scroll_y = max(0, min(room, self.scroll_y + pixels))

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("rules.title"), self.px(50), 40)
        high_contrast = self.app.settings.high_contrast
        fill = HC_PAGE_FILL if high_contrast else PAGE_FILL
        pygame.draw.rect(surface, fill, self.page_rect, border_radius=self.px(8))
        edge = (255, 255, 255) if high_contrast else BRASS
        pygame.draw.rect(surface, edge, self.page_rect, 2, border_radius=self.px(8))
        if self.game in self.tabs:
            self.draw_open_tab(surface, self.tabs[self.game], self.page_top + 2)
        image = self.page_image()
        pad = self.px(16)
        view = pygame.Rect(0, self.scroll_y, image.get_width(), self.visible_height())
        view = view.clip(image.get_rect())
        surface.blit(image, (self.page_rect.x + self.px(24), self.page_rect.y + pad), view)
        self.draw_scrollbar(surface, image.get_height())
        if self.preset_selector is not None:
            summary = i18n.t(summary_key(self.preset))
            font = resources.font(max(11, self.px(16)), UI_FONT_LANGUAGE)
            x = int(self.preset_selector.right.get_abs_rect().right) + self.px(16)
            room = self.page_rect.right - x - self.px(8)
            lines = wrap(summary, max(11, self.px(16)), room) if room > self.px(120) else []
            y = self.page_rect.y - self.px(50)
            for line in lines[:2]:
                surface.blit(font.render(line, True, CREAM), (x, y))
                y += font.get_linesize()

    def draw_scrollbar(self, surface: pygame.Surface, content_h: int) -> None:
        visible = self.visible_height()
        if content_h <= visible:
            return
        track = pygame.Rect(
            self.page_rect.right - self.px(14),
            self.page_rect.y + self.px(12),
            self.px(6),
            self.page_rect.height - self.px(24),
        )
        pygame.draw.rect(surface, (60, 48, 34), track, border_radius=3)
        thumb_h = max(self.px(24), track.height * visible // content_h)
        room = content_h - visible
        thumb_y = track.y + (track.height - thumb_h) * self.scroll_y // max(1, room)
        pygame.draw.rect(
            surface, BRASS_LIGHT, (track.x, thumb_y, track.width, thumb_h), border_radius=3
        )

    # ----------------------------------------------------------------- input
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        step = self.visible_height() * 9 // 10
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_PAGEUP: -step,
                pygame.K_PAGEDOWN: step,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(event.y) * max(1, self.px(60)))
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)
