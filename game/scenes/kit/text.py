"""Text on the table: rendered once, fitted to a width, wrapped into lines.

The one place a table breaks lines: Latin at spaces, Japanese between characters
under the kinsoku rules of :mod:`game.i18n.linebreak`. Every function caches, so a
frame only blits.

    >>> from game.scenes.kit.text import wrap
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from game import resources
from game.app import DESIGN_SIZE, UI_FONT_LANGUAGE, App
from game.i18n.linebreak import NO_LINE_END, NO_LINE_START
from game.scenes.kit.ink import Ink
from game.ui.palette import Colour


def table_unit(app: App) -> float:
    """The layout unit of what a table draws itself (nameplates, pots, log, cards).

    The menus' unit (``App.scale``) stops growing at the size class of a 2048x1152
    window; a table keeps growing with the window, so at 2560x1440 or 4K it reads
    like the 1280x720 table, only sharper. The player's UI scale applies on top.
    """
    width, height = app.size
    window = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    return app.scale * max(1.0, window / app.base_scale)


#: The fit tests set this to a list: every text drawn wider than its box, or cut
#: short, is noted here (what, and by how much), so a test can fail on it.
overflows: list[str] | None = None


def note_overflow(what: str) -> None:
    """Tell a watching test that ``what`` did not fit its box."""
    if overflows is not None:
        overflows.append(what)


@lru_cache(maxsize=4096)
def text(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``words`` rendered once in the UI face (Noto Sans JP covers en/ja/es); shared surface."""
    font = resources.font(max(6, size), UI_FONT_LANGUAGE, bold)
    image = font.render(words, True, colour)
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()  # display format: blits several times faster
    return image


def fit(
    words: str, max_width: int, size: int, colour: Colour, bold: bool = False
) -> pygame.Surface:
    """``text`` at the largest size <= ``size`` that fits ``max_width`` (never cut off)."""
    surface = text(words, size, colour, bold)
    while surface.get_width() > max_width and size > 8:
        size = max(8, int(size * 0.9))
        surface = text(words, size, colour, bold)
    if surface.get_width() > max_width:
        note_overflow(f"{words!r}: {surface.get_width()} px in {max_width}")
    return surface


def fit_or_cut(
    words: str, max_width: int, size: int, colour: Colour, bold: bool = False, floor: int = 10
) -> pygame.Surface:
    """``words`` shrunk to fit ``max_width`` but never below ``floor`` px: past that the
    end is cut with "…" (a long name on a crowded plate), never drawn over its
    neighbour."""
    surface = text(words, size, colour, bold)
    while surface.get_width() > max_width and size > floor:
        size = max(floor, int(size * 0.9))
        surface = text(words, size, colour, bold)
    cut = words
    while surface.get_width() > max_width and len(cut) > 1:
        cut = cut[:-1].rstrip()
        surface = text(cut + "…", size, colour, bold)
    return surface


def line_height(size: int) -> int:
    return int(resources.font(max(6, size), UI_FONT_LANGUAGE).get_linesize())


_WRAP_TOKENS = re.compile(r"\s+|[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+")


@lru_cache(maxsize=2048)
def _wrap(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    font = resources.font(max(6, size), UI_FONT_LANGUAGE, bold)
    if font.size(words)[0] <= width:
        return (words,)

    def fits(tokens: list[str]) -> bool:
        return bool(font.size("".join(tokens).rstrip())[0] <= width)

    def may_break(before: list[str], after: list[str]) -> bool:
        return (
            bool(before) and before[-1][-1] not in NO_LINE_END and after[0][0] not in NO_LINE_START
        )

    lines: list[str] = []
    line: list[str] = []
    for token in _WRAP_TOKENS.findall(words):
        if token.isspace():
            if line and not fits([*line, token]):
                lines.append("".join(line).rstrip())
                line = []
            elif line:
                line.append(token)
            continue
        if not line or fits([*line, token]):
            line.append(token)
            continue
        carried = [token]
        while line and not may_break(line, carried) and len(carried) < 3:
            carried.insert(0, line.pop())
        if line and may_break(line, carried):
            lines.append("".join(line).rstrip())
            line = carried
        else:
            line = [*line, *carried]  # nothing may move: the mark hangs
        while len(line) == 1 and font.size(line[0])[0] > width and len(line[0]) > 1:
            # One overlong word: cut it where it overflows.
            word = line[0]
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            lines.append(word[:cut])
            line = [word[cut:]]
    if "".join(line).strip():
        lines.append("".join(line).rstrip())
    return tuple(lines)


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``words`` into lines no wider than ``width``.

    Latin words break at spaces; Japanese breaks between characters (a mixed
    line like "Kessa Vrinが2に上げる。" does both) under the kinsoku rules of
    game.i18n.linebreak: 。、）」 and small kana never start a line, （「 never ends
    one. Where the break would fall on such a pair, the last characters of the line
    move down with it; a mark that cannot move hangs past the edge instead. A single
    word wider than the line is cut by character.
    """
    return list(_wrap(words, size, width, bold))


@lru_cache(maxsize=256)
def pill(words: str, size: int, colour: Colour, fill: tuple[int, int, int, int]) -> pygame.Surface:
    """A rounded tag with ``words`` in it (seat status, hand names, chips owed)."""
    label = text(words, size, colour, bold=True)
    pad_x, pad_y = max(6, size // 2), max(2, size // 5)
    out = pygame.Surface(
        (label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y), pygame.SRCALPHA
    )
    radius = out.get_height() // 2
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, (*colour, 200), out.get_rect(), 1, border_radius=radius)
    out.blit(label, (pad_x, pad_y))
    return out


def tag(words: str, size: int, ink: Ink, shade: Colour, alpha: int = 220) -> pygame.Surface:
    """A ``pill`` on the palette's dark panel colour."""
    return pill(words, size, shade, (*ink.panel, alpha))


@lru_cache(maxsize=64)
def panel(size: tuple[int, int], ink: Ink, radius: int = 10, alpha: int = 215) -> pygame.Surface:
    """A dark translucent box with a brass edge (log, hint, info, banners)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (*ink.panel, alpha), out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, ink.edge, out.get_rect(), 1, border_radius=radius)
    return out


_memo: dict[tuple[Any, ...], Any] = {}


def display_ready(image: pygame.Surface) -> pygame.Surface:
    """``image`` in the display's format when there is a display (blits several times
    faster); as it is otherwise (tests without a window)."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def memo(fn: Callable[..., pygame.Surface], *args: Any) -> pygame.Surface:
    """``fn(*args)`` remembered by its positional arguments.

    game.ui's caches bind every call to its signature first (about 50 µs); a table
    blits dozens of cards, plates and chips per frame, so it asks here instead.
    """
    key = (fn, *args)
    hit = _memo.get(key)
    if hit is None:
        if len(_memo) > 4096:
            _memo.clear()
        hit = _memo[key] = fn(*args)
    return hit


def clear_caches() -> None:
    """Forget every rendered surface (a new App re-initialises pygame's fonts)."""
    text.cache_clear()
    pill.cache_clear()
    panel.cache_clear()
    _wrap.cache_clear()
    _memo.clear()


def _box_holds(
    rect: pygame.Rect, title: str, lines: Sequence[tuple[str, Colour]], size: int
) -> bool:
    pad = max(6, size // 2)
    title_h = resources.font(max(6, size), UI_FONT_LANGUAGE, True).get_height()
    count = sum(len(wrap(words, size, rect.width - 2 * pad)) for words, _ in lines)
    return pad // 2 + title_h + 4 + count * line_height(size) <= rect.height - 2


def draw_text_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    lines: Sequence[tuple[str, Colour]],
    size: int,
    ink: Ink,
    cache: dict[tuple[Any, ...], pygame.Surface],
) -> None:
    """A titled panel of wrapped lines (the info and hint boxes), cached by its content."""
    key = (rect.size, title, tuple(lines), size, ink)
    image = cache.get(key)
    if image is None:
        image = panel(rect.size, ink).copy()
        # The type shrinks (to three quarters at most) until every line shows.
        smallest = max(9, size * 3 // 4)
        while size > smallest and not _box_holds(rect, title, lines, size):
            size -= 1
        pad = max(6, size // 2)
        heading = fit(title, rect.width - 2 * pad, size, ink.gold, bold=True)
        image.blit(heading, (pad, pad // 2))
        y = pad // 2 + heading.get_height() + 4
        line_h = line_height(size)
        for words, colour in lines:
            for part in wrap(words, size, rect.width - 2 * pad):
                if y + line_h > rect.height - 2:
                    note_overflow(f"{title!r} box cuts {part!r}")
                    break
                image.blit(text(part, size, colour), (pad, y))
                y += line_h
        image = display_ready(image)
        cache.clear()  # one picture per box at a time
        cache[key] = image
    surface.blit(image, rect)
