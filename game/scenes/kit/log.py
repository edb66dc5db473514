"""The game log: what happened, newest at the bottom; the mouse wheel scrolls back.

Lines keep a colour *role* (``"gold"``, ``"bad"``), coloured from the palette when
drawn. The panel is drawn to a cached surface and redrawn only when a line arrives,
the view scrolls, the rect or the palette changes.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game import i18n
from game.scenes.kit.ink import Ink, Shade
from game.scenes.kit.text import fit, line_height, panel, text, wrap
from game.scenes.kit.words import live

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
            self._cache = self._render(rect.size, size, title, ink)
            self._cache_key = key
        surface.blit(self._cache, rect)

    def _render(self, box: tuple[int, int], size: int, title: str, ink: Ink) -> pygame.Surface:
        out = panel(box, ink).copy()
        pad = max(6, size // 2)
        heading = fit(title, box[0] - 2 * pad, size, ink.gold, bold=True)
        out.blit(heading, (pad, pad // 2))
        top = pad // 2 + heading.get_height() + 2
        pygame.draw.line(out, ink.edge, (pad, top), (box[0] - pad, top))
        line_h = line_height(size)
        y = box[1] - pad
        end = len(self.lines) - self.scroll
        for words, shade in reversed(self.lines[max(0, end - 60) : end]):
            wrapped = wrap(words, size, box[0] - 2 * pad)
            if y - line_h * len(wrapped) < top + 2:
                break  # show whole entries only, never the tail of a cut one
            for part in reversed(wrapped):
                y -= line_h
                out.blit(text(part, size, ink(shade)), (pad, y))
        if self.scroll:
            more = text("▼", size, ink.gold)
            out.blit(more, more.get_rect(bottomright=(box[0] - pad, box[1] - 2)))
        return out
