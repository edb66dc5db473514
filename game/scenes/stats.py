"""Statistics: hands played and won per game, special hands, and the bankroll chart."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events, rendered
from game.scenes.kit.text import wrap
from game.storage.stats import GameStats, StatsBook, load_stats

ROWS = (
    ("hands_played", "stats.col.played"),
    ("hands_won", "stats.col.won"),
    ("biggest_pot", "stats.col.biggest_pot"),
    ("pure_sabaccs", "stats.pure_sabaccs"),
    ("idiots_arrays", "stats.idiots_arrays"),
    ("crashes", "stats.crashes"),
    ("naturals", "stats.naturals"),
)  # the table's columns, after each line's name
# Counters that mean something only for some games (each game's entry names its own;
# a blank cell for the rest). Kessel counts apart from Sabacc, on lines of its own.
ENTRIES = dict(games.stats_entries())
GAMES = tuple(ENTRIES)  # the games' total lines: Sabacc, Kessel Sabacc, Brag, Nine and a Half
SPECIAL = {key for specials in ENTRIES.values() for key in specials}
TABLE_TOP, HEADER_H, CHART_MIN = 100, 46, 110  # layout units (1280x720 at 100%)


@dataclass(frozen=True, slots=True)
class StatLine:
    """One line of the table: a game's totals, or one of its rule sets below them."""

    name: str
    cells: tuple[str, ...]  # one per column of ROWS ("" where it means nothing)
    total: bool  # a game's totals (its rule sets follow, indented)


def _unit(entry_id: str) -> str:
    """What the entry counts: hands, games (Brag), rounds (Kessel), deals."""
    for game in games.all_games():
        for preset in game.preset_names or (None,):
            if game.stats_id(preset) == entry_id:
                return game.unit_for(preset)
    return "hands"


def _cells(
    counts: GameStats, specials: tuple[str, ...], only: tuple[str, ...] = ()
) -> tuple[str, ...]:
    return tuple(
        ""
        if (key in SPECIAL and key not in specials) or (only and key not in only)
        else i18n.format_number(getattr(counts, key))
        for key, _ in ROWS
    )


def heading_lines(words: str, size: int, width: int) -> list[str]:
    """A column's heading on one line, else two: a name written with "・" (ピュア・サバック)
    breaks after it rather than inside a word."""
    font = resources.font(size, UI_FONT_LANGUAGE, bold=True)
    if font.size(words)[0] <= width:
        return [words]
    cuts = [i + 1 for i, char in enumerate(words[:-1]) if char == "・"]
    for cut in sorted(cuts, key=lambda i: abs(len(words) - 2 * i)):
        first, second = words[:cut], words[cut:]
        if max(font.size(first)[0], font.size(second)[0]) <= width:
            return [first, second]
    return wrap(words, size, width, bold=True)


def _merged(parts: list[tuple[str, GameStats, tuple[str, ...]]]) -> GameStats:
    """Several rule sets' counts as one line: counts added, the biggest pot kept."""
    out = GameStats()
    for _, counts, _ in parts:
        for key, _ in ROWS:
            mine, theirs = getattr(out, key), getattr(counts, key)
            setattr(out, key, max(mine, theirs) if key == "biggest_pot" else mine + theirs)
    return out


def stat_lines(book: StatsBook, room: int | None = None) -> list[StatLine]:
    """Each game's totals, then every rule set of it that has been played, each on its
    own line (Classic, Corellian Spike…); hands counted before rule sets were kept
    show as one line of their own, so the lines add up to the totals. Past ``room``
    lines, a game's least played rule sets share one line ("Other rule sets")."""
    groups: list[tuple[str, tuple[str, ...], list[tuple[str, GameStats, tuple[str, ...]]]]] = []
    for entry_id, specials in ENTRIES.items():
        total = book.games.get(entry_id, GameStats())
        parts: list[tuple[str, GameStats, tuple[str, ...]]] = []
        for game in games.all_games():
            for variant in game.variants:
                if game.stats_id(variant.name) != entry_id:
                    continue
                counts = book.games.get(games.rule_set(game.id, variant.name))
                if counts is not None and counts != GameStats():
                    parts.append((i18n.t(variant.label_key), counts, ()))
        played = sum(counts.hands_played for _, counts, _ in parts)
        if played and total.hands_played > played:
            won = sum(counts.hands_won for _, counts, _ in parts)
            earlier = GameStats(total.hands_played - played, max(0, total.hands_won - won))
            parts.append((i18n.t("stats.earlier"), earlier, ("hands_played", "hands_won")))
        groups.append((entry_id, specials, parts))
    others: dict[str, list[tuple[str, GameStats, tuple[str, ...]]]] = {g[0]: [] for g in groups}

    def count() -> int:
        return sum(1 + len(parts) + bool(others[entry]) for entry, _, parts in groups)

    while room is not None and count() > room:
        entry, _, parts = max(groups, key=lambda g: len(g[2]) + len(others[g[0]]))
        if len(parts) + len(others[entry]) < 3:
            break
        parts.sort(key=lambda part: -part[1].hands_played)
        others[entry].append(parts.pop())
        if len(others[entry]) == 1 and parts:  # the new "Other" line takes one more
            others[entry].append(parts.pop())
    lines: list[StatLine] = []
    for entry_id, specials, parts in groups:
        total = book.games.get(entry_id, GameStats())
        name = i18n.t("stats.line", game=i18n.t(f"game.{entry_id}"),
                      unit=i18n.t(f"stats.unit.{_unit(entry_id)}"))  # fmt: skip
        lines.append(StatLine(name, _cells(total, specials), True))
        lines += [StatLine(words, _cells(counts, specials, only), False)
                  for words, counts, only in parts]  # fmt: skip
        rest = others[entry_id]
        if rest:
            only = rest[0][2] if all(part[2] for part in rest) else ()
            lines.append(StatLine(i18n.t("stats.other"), _cells(_merged(rest), specials, only),
                                  False))  # fmt: skip
    return lines


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

    # ------------------------------------------------------------------ the table
    def table_room(self, height: int) -> int:
        """Pixels the table may take, leaving the bankroll chart a useful height."""
        return height - self.px(TABLE_TOP + HEADER_H + 40 + 150 + CHART_MIN)

    def shown_lines(self, height: int) -> list[StatLine]:
        """The table's lines, as many as fit at the closest spacing (22 units)."""
        return stat_lines(self.book, max(len(GAMES), self.table_room(height) // self.px(24)))

    def table_pitch(self, height: int, count: int) -> int:
        """The table's line height: 30 px at 1280x720, closer when many rule sets have
        been played, so the bankroll chart keeps a useful height below."""
        return max(self.px(24), min(self.px(30), self.table_room(height) // max(1, count)))

    def chart_rect(self, surface: pygame.Surface) -> pygame.Rect:
        width, height = surface.get_size()
        count = len(self.shown_lines(height))
        top = self.px(TABLE_TOP + HEADER_H) + self.table_pitch(height, count) * count + self.px(40)
        left = self.px(140)
        return pygame.Rect(left, top, width - left - self.px(90), height - top - self.px(150))

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("stats.title"), self.px(56), 40)
        size = max(12, self.px(18))
        font = resources.font(size, UI_FONT_LANGUAGE)
        bold = resources.font(size, UI_FONT_LANGUAGE, bold=True)
        width, height = surface.get_size()
        x0, right = self.px(80), width - self.px(80)
        name_w = self.px(330)
        column_w = (right - x0 - name_w) // len(ROWS)
        top = self.px(TABLE_TOP)
        # The column headings, on up to two lines each, in smaller type.
        head_size = max(11, self.px(15))
        for index, (_, key) in enumerate(ROWS):
            centre = x0 + name_w + column_w * index + column_w // 2
            heading = heading_lines(i18n.t(key), head_size, column_w - self.px(6))
            for row, words in enumerate(heading[:2]):
                image = rendered(words, head_size, BRASS_LIGHT, True)
                surface.blit(image, image.get_rect(midtop=(centre, top + row * self.px(18))))
        lines = self.shown_lines(height)
        self.lines = lines
        pitch = self.table_pitch(height, len(lines))
        if pitch < self.px(30):  # closer lines, smaller type
            size = max(12, min(size, round(pitch * 0.64)))
            font = resources.font(size, UI_FONT_LANGUAGE)
            bold = resources.font(size, UI_FONT_LANGUAGE, bold=True)
        y = top + self.px(HEADER_H)
        for line in lines:
            if line.total:
                pygame.draw.line(surface, BRASS, (x0, y - self.px(3)), (right, y - self.px(3)))
            face, colour = (bold, BRASS_LIGHT) if line.total else (font, CREAM)
            indent = 0 if line.total else self.px(22)
            name = face.render(line.name, True, colour)
            if name.get_width() > name_w - indent - self.px(8):
                name = pygame.transform.smoothscale(
                    name, (name_w - indent - self.px(8), name.get_height())
                )
            surface.blit(name, (x0 + indent, y))
            for index, cell in enumerate(line.cells):
                if not cell:
                    continue
                image = face.render(cell, True, colour)
                centre = x0 + name_w + column_w * index + column_w // 2
                surface.blit(image, image.get_rect(midtop=(centre, y)))
            y += pitch
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
