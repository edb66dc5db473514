"""Statistics: hands played and won per game, special hands, and the bankroll chart."""

from __future__ import annotations

import pygame

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events, rendered
from game.storage.stats import GameStats, StatsBook, load_stats

ROWS = (
    ("hands_played", "stats.hands_played"),
    ("hands_won", "stats.hands_won"),
    ("biggest_pot", "stats.biggest_pot"),
    ("pure_sabaccs", "stats.pure_sabaccs"),
    ("idiots_arrays", "stats.idiots_arrays"),
    ("crashes", "stats.crashes"),
    ("naturals", "stats.naturals"),
)
# Counters that mean something only for some games (each game's entry names its own;
# a blank cell for the rest). Kessel counts apart from Sabacc, in a column of its own.
ENTRIES = dict(games.stats_entries())
GAMES = tuple(ENTRIES)  # the columns: Sabacc, Kessel Sabacc, Brag, Nine and a Half
SPECIAL = {key for specials in ENTRIES.values() for key in specials}


def chart_points(values: list[int], rect: pygame.Rect) -> list[tuple[int, int]]:
    """The bankroll line inside ``rect``: first hand at the left, highest value at the top."""
    if not values:
        return []
    low, high = min(0, *values), max(values)
    span = max(1, high - low)
    steps = max(1, len(values) - 1)
    return [
        (
            rect.left + round(i * rect.width / steps),
            rect.bottom - round((v - low) * rect.height / span),
        )
        for i, v in enumerate(values)
    ]


class StatsScene(MenuScene):
    name = "stats"
    cache_decor = True

    def __init__(self, app: App, book: StatsBook | None = None) -> None:
        super().__init__(app)
        self.book = book or load_stats(notify=app.notify)

    def build(self) -> None:
        width, height = self.app.size
        back = i18n.t("common.back")
        button_w = max(self.px(200), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(80), button_w, self.px(50)),
            back,
            self.go_back,
        )

    def chart_rect(self, surface: pygame.Surface) -> pygame.Rect:
        width, height = surface.get_size()
        top = self.px(110) + self.px(30) * (len(ROWS) + 1) + self.px(40)
        left = self.px(140)
        return pygame.Rect(left, top, width - left - self.px(90), height - top - self.px(150))

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("stats.title"), self.px(56), 40)
        font = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE, bold=True)
        width = surface.get_width()
        label_w = self.px(300)
        column_w = (width - self.px(160) - label_w) // len(GAMES)
        x0, y = self.px(80), self.px(110)
        # What each column shows, header first (blank cells as ""), as the player reads it.
        self.columns: list[list[str]] = []
        for index, game in enumerate(GAMES):
            self.columns.append([i18n.t(f"game.{game}")])
            image = bold.render(self.columns[-1][0], True, BRASS_LIGHT)
            surface.blit(
                image, image.get_rect(midtop=(x0 + label_w + column_w * index + column_w // 2, y))
            )
        for key, text_key in ROWS:
            y += self.px(30)
            surface.blit(font.render(i18n.t(text_key), True, CREAM), (x0, y))
            for index, game in enumerate(GAMES):
                if key in SPECIAL and key not in ENTRIES.get(game, ()):
                    self.columns[index].append("")
                    continue
                value = getattr(self.book.games.get(game, GameStats()), key)
                self.columns[index].append(i18n.format_number(value))
                image = font.render(self.columns[index][-1], True, CREAM)
                centre = x0 + label_w + column_w * index + column_w // 2
                surface.blit(image, image.get_rect(midtop=(centre, y)))
        self.axis_labels: list[tuple[str, pygame.Rect]] = []
        self.draw_chart(surface, self.chart_rect(surface), font)

    def draw_chart(
        self, surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font
    ) -> None:
        title = font.render(i18n.t("stats.bankroll"), True, BRASS_LIGHT)
        surface.blit(title, (rect.left, rect.top - self.px(28)))
        pygame.draw.rect(surface, (8, 34, 22), rect)
        pygame.draw.rect(surface, BRASS, rect, width=1)
        values = self.book.bankroll
        if len(values) < 2:
            hint = font.render(i18n.t("stats.no_bankroll"), True, CREAM)
            surface.blit(hint, hint.get_rect(center=rect.center))
            return
        inner = rect.inflate(-self.px(16), -self.px(16))
        points = chart_points(values, inner)
        self.draw_axes(surface, rect, inner, values)
        pygame.draw.lines(surface, BRASS_LIGHT, False, points, max(2, self.px(2)))
        # The latest bankroll, written beside the end of the line.
        image = rendered(i18n.format_number(values[-1]), max(12, self.px(15)), CREAM)
        surface.blit(image, image.get_rect(midleft=(rect.right + self.px(6), points[-1][1])))

    def draw_axes(
        self, surface: pygame.Surface, rect: pygame.Rect, inner: pygame.Rect, values: list[int]
    ) -> None:
        """Credits up the left side (0, half and the highest, with faint lines across)
        and the campaign's hands along the bottom (the first, middle and last), each
        axis named with its unit."""
        size = max(12, self.px(15))
        low, high = min(0, *values), max(values)
        ticks = sorted({low, 0, (low + high) // 2, high})
        widest = 0
        for value in ticks:
            y = chart_points([low, high, value], inner)[2][1]
            pygame.draw.line(surface, (40, 70, 50), (inner.left, y), (inner.right, y))
            image = rendered(i18n.format_number(value), size, CREAM)
            widest = max(widest, image.get_width())
            self.put(surface, image, image.get_rect(midright=(rect.left - self.px(6), y)), value)
        count = len(values)
        for hand in sorted({1, (count + 1) // 2, count}):
            x = inner.left + round((hand - 1) * inner.width / max(1, count - 1))
            pygame.draw.line(surface, BRASS, (x, rect.bottom), (x, rect.bottom + self.px(4)))
            image = rendered(i18n.format_number(hand), size, CREAM)
            self.put(surface, image, image.get_rect(midtop=(x, rect.bottom + self.px(6))), hand)
        x_name = rendered(i18n.t("screens.stats.axis_hands"), size, BRASS_LIGHT)
        line = rendered("0", size, CREAM).get_height()
        place = x_name.get_rect(midtop=(rect.centerx, rect.bottom + self.px(8) + line))
        self.put(surface, x_name, place, i18n.t("screens.stats.axis_hands"))
        y_name = pygame.transform.rotate(
            rendered(i18n.t("screens.stats.axis_credits"), size, BRASS_LIGHT), 90
        )
        place = y_name.get_rect(midright=(rect.left - self.px(14) - widest, rect.centery))
        self.put(surface, y_name, place, i18n.t("screens.stats.axis_credits"))

    def put(
        self, surface: pygame.Surface, image: pygame.Surface, place: pygame.Rect, what: object
    ) -> None:
        """Blit one of the chart's words or numbers and note where (for the tests)."""
        surface.blit(image, place)
        self.axis_labels.append((str(what), place))

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)
