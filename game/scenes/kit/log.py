"""The game log: what happened, newest at the bottom; the mouse wheel scrolls back.

Lines keep a colour *role* (``"gold"``, ``"bad"``), coloured from the palette when
drawn. The panel is drawn to a cached surface and redrawn only when a line arrives,
the view scrolls, the rect or the palette changes. A line arriving at the bottom
moves the picture up and renders only the new rows (at 4K a whole render cost a few
milliseconds a line); the pixels are the very ones of a whole render.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game import i18n
from game.scenes.kit.ink import Ink, Shade
from game.scenes.kit.text import fit, line_height, panel, text, wrap
from game.scenes.kit.words import live
from game.ui.palette import Colour

#: One row of the log box: its words, their colour and the row's top edge.
_Row = tuple[str, Colour, int]
_RADIUS = 10  # the log box's corners (``panel``'s default)

_DOUBLE_STOP = re.compile(r"([!?！？])[.。]")


def tidy(line: str) -> str:
    """A line as it reads: a name that ends in "!" ends the sentence too ("Pure
    Sabacc!", never "Pure Sabacc!.")."""
    return _DOUBLE_STOP.sub(r"\1", line)


class GameLog:
    def __init__(self, limit: int = 300) -> None:
        self._entries: list[tuple[str, Shade]] = []  # as said (``Words`` say it again)
        self._shown: list[tuple[str, Shade]] = []  # as read in ``_language``
        self._language = i18n.get_language()
        self.limit = limit
        self.scroll = 0  # lines scrolled back from the newest
        self.version = 0  # bumped on every change, so a cached picture knows it is stale
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[Any, ...] = ()
        self._rows: list[_Row] = []  # what the cached picture shows, bottom row first
        self._rows_scrolled = False  # ... and whether it shows the "more below" mark
        self._rows_fit = False  # ... and whether no row is taller than its line

    @property
    def lines(self) -> list[tuple[str, Shade]]:
        """Every line as it reads in the language of the moment (``Words`` lines are
        said again after a language switch; plain ones stay as they were)."""
        language = i18n.get_language()
        if language != self._language:
            self._language = language
            self._shown = [(tidy(live(line)), shade) for line, shade in self._entries]
        return self._shown

    def add(self, line: str, shade: Shade = "text") -> None:
        self._entries.append((line, shade))
        self.lines.append((tidy(str(line)), shade))
        if len(self._entries) > self.limit:
            cut = len(self._entries) - self.limit
            del self._entries[:cut]
            del self._shown[:cut]
        self.scroll = 0
        self.version += 1

    def remove_recent(self, line: str, within: int = 40) -> bool:
        """Take out the newest copy of ``line`` among the last ``within`` lines (a
        running tally about to be logged again, up to date)."""
        shown = self.lines
        start = max(0, len(shown) - within)
        for index in range(len(shown) - 1, start - 1, -1):
            if shown[index][0] == tidy(str(line)):
                del self._entries[index]
                del shown[index]
                self.version += 1
                return True
        return False

    def clear(self) -> None:
        self._entries, self._shown = [], []
        self.scroll = 0
        self.version += 1

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + lines))
        self.version += 1

    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(event.y * 2)
            return True
        return False

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, size: int, title: str, ink: Ink
    ) -> None:
        key = (rect.size, size, title, self.version, ink, i18n.get_language())
        if self._cache is None or key != self._cache_key:
            # Not converted to the display's format: the side panel copies the log once
            # into its own cached picture, and converting a 4K log costs more (~5 ms)
            # than that one blit saves.
            rows = self._layout(rect.size, size, title, ink)
            old = self._cache_key
            same = bool(old) and old[:3] == key[:3] and old[4:] == key[4:]
            if not (same and self._follow(rows, size, title, ink)):
                self._cache = self._render(rect.size, size, title, ink, rows)
                line_h = line_height(size)
                self._rows_fit = all(
                    text(part, size, colour).get_height() <= line_h for part, colour, _ in rows
                )
            self._rows, self._rows_scrolled = rows, bool(self.scroll)
            self._cache_key = key
        assert self._cache is not None
        surface.blit(self._cache, rect)

    @staticmethod
    def _frame(box: tuple[int, int], size: int, title: str, ink: Ink) -> tuple[int, int]:
        """The padding, and the row of the rule under the title."""
        pad = max(6, size // 2)
        heading = fit(title, box[0] - 2 * pad, size, ink.gold, bold=True)
        return pad, pad // 2 + heading.get_height() + 2

    def _layout(self, box: tuple[int, int], size: int, title: str, ink: Ink) -> list[_Row]:
        """The rows the box shows, bottom row first."""
        pad, top = self._frame(box, size, title, ink)
        line_h = line_height(size)
        y = box[1] - pad
        rows: list[_Row] = []
        end = len(self.lines) - self.scroll
        for words, shade in reversed(self.lines[max(0, end - 60) : end]):
            wrapped = wrap(words, size, box[0] - 2 * pad)
            if y - line_h * len(wrapped) < top + 2:
                break  # show whole entries only, never the tail of a cut one
            for part in reversed(wrapped):
                y -= line_h
                rows.append((part, ink(shade), y))
        return rows

    def _render(
        self, box: tuple[int, int], size: int, title: str, ink: Ink, rows: list[_Row]
    ) -> pygame.Surface:
        out = panel(box, ink).copy()
        pad, top = self._frame(box, size, title, ink)
        out.blit(fit(title, box[0] - 2 * pad, size, ink.gold, bold=True), (pad, pad // 2))
        pygame.draw.line(out, ink.edge, (pad, top), (box[0] - pad, top))
        for part, colour, y in rows:
            out.blit(text(part, size, colour), (pad, y))
        if self.scroll:
            more = text("▼", size, ink.gold)
            out.blit(more, more.get_rect(bottomright=(box[0] - pad, box[1] - 2)))
        return out

    def _follow(self, rows: list[_Row], size: int, title: str, ink: Ink) -> bool:
        """Bring the cached picture (same box, size and palette) up to ``rows`` by
        moving its lines up and painting only where that is not the new picture: the
        rows that arrived at the bottom (and the corners there, which do not move), and
        above the top row, where whole entries went out. False, with the picture
        untouched, where the old rows are not the new ones moved up, the view is
        scrolled back, or a row is taller than its line."""
        image, old = self._cache, self._rows
        if image is None or not rows or self.scroll or self._rows_scrolled or not self._rows_fit:
            return False
        plain = [row[:2] for row in rows]
        before = [row[:2] for row in old]
        new = next(
            k for k in range(len(plain) + 1)
            if len(before) >= len(plain) - k and plain[k:] == before[: len(plain) - k]
        )  # fmt: skip
        if new == len(plain):
            return False  # nothing kept: a whole render is no dearer
        line_h = line_height(size)
        if any(text(part, size, colour).get_height() > line_h for part, colour, _ in rows[:new]):
            return False  # rows would overlap: what shows depends on the order drawn
        box = image.get_size()
        pad, rule = self._frame(box, size, title, ink)
        corner = _RADIUS + 1  # rows of the box's rounded corners (and its edge line)
        if rule + 1 < corner:
            return False
        shift = new * line_h
        lines = pygame.Rect(0, rule + 1, box[0], box[1] - rule - 1)
        image.set_clip(lines)
        image.scroll(0, -shift)
        low = min(box[1] - corner, box[1] - pad) - shift
        background = panel(box, ink)
        for band in (
            pygame.Rect(0, low, box[0], box[1] - low),
            pygame.Rect(0, lines.top, box[0], rows[-1][2] - lines.top),
        ):
            band = band.clip(lines)
            if band.height <= 0:
                continue
            image.set_clip(band)
            image.fill((0, 0, 0, 0))  # then the box's own pixels, exactly
            image.blit(background, band, band, special_flags=pygame.BLEND_RGBA_ADD)
            for part, colour, y in rows:
                if y < band.bottom and y + line_h > band.top:
                    image.blit(text(part, size, colour), (pad, y))
        image.set_clip(None)
        return True
