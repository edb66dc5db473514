"""The game log: what happened, newest at the bottom; the mouse wheel scrolls back.

Lines keep a colour *role* (``"gold"``, ``"bad"``), coloured from the palette when
drawn. The panel is drawn to a cached surface and redrawn only when a line arrives,
the view scrolls, the rect or the palette changes.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.scenes.kit.ink import Ink, Shade
from game.scenes.kit.text import display_ready, fit, line_height, panel, text, wrap

_DOUBLE_STOP = re.compile(r"([!?！？])[.。]")


def tidy(line: str) -> str:
    """A line as it reads: a name that ends in "!" ends the sentence too ("Pure
    Sabacc!", never "Pure Sabacc!.")."""
    return _DOUBLE_STOP.sub(r"\1", line)


class GameLog:
    def __init__(self, limit: int = 300) -> None:
        self.lines: list[tuple[str, Shade]] = []
        self.limit = limit
        self.scroll = 0  # lines scrolled back from the newest
        self.version = 0  # bumped on every change, so a cached picture knows it is stale
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[Any, ...] = ()

    def add(self, line: str, shade: Shade = "text") -> None:
        self.lines.append((tidy(line), shade))
        if len(self.lines) > self.limit:
            del self.lines[: len(self.lines) - self.limit]
        self.scroll = 0
        self.version += 1

    def remove_recent(self, line: str, within: int = 40) -> bool:
        """Take out the newest copy of ``line`` among the last ``within`` lines (a
        running tally about to be logged again, up to date)."""
        start = max(0, len(self.lines) - within)
        for index in range(len(self.lines) - 1, start - 1, -1):
            if self.lines[index][0] == line:
                del self.lines[index]
                self.version += 1
                return True
        return False

    def clear(self) -> None:
        self.lines = []
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
        key = (rect.size, size, title, self.version, ink)
        if self._cache is None or key != self._cache_key:
            self._cache = display_ready(self._render(rect.size, size, title, ink))
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
