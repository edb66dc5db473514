"""Fonts without ``pygame.font.SysFont``.

SysFont scans the system's font directories, which is slow and breaks in a
frozen (PyInstaller) app, and gives different glyphs on every machine.  We use
only fonts we ship or that our dependencies ship:

- ``"default"``: pygame-ce's built-in font, ``pygame.font.Font(None, size)``;
- ``"sans"`` / ``"sans-bold"``: Noto Sans from pygame_gui's package data;
- ``"jp"`` / ``"jp-bold"``: Noto Sans JP (kana and kanji for the Japanese UI);
  ``render_text`` picks it by itself for Japanese text and in the Japanese UI;
- ``"mono"``: Fira Code.

Package data is opened through ``importlib.resources`` so it works from a wheel,
a zip or a frozen bundle; when a file is missing we fall back to the default
font rather than fail, so text always draws.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources

import pygame

from game import i18n
from game.ui.palette import Colour

FONT_FILES: dict[str, tuple[str, str]] = {
    "sans": ("pygame_gui.data", "NotoSans-Regular.ttf"),
    "sans-bold": ("pygame_gui.data", "NotoSans-Bold.ttf"),
    "jp": ("pygame_gui.data", "NotoSansJP-Regular.otf"),
    "jp-bold": ("pygame_gui.data", "NotoSansJP-Bold.otf"),
    "mono": ("pygame_gui.data", "FiraCode-Regular.ttf"),
}
FONT_NAMES = ("default", *FONT_FILES)


@cache
def _font_bytes(name: str) -> bytes | None:
    """The font file's bytes, read once; None when the package lacks it."""
    package, filename = FONT_FILES[name]
    try:
        return resources.files(package).joinpath(filename).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return None


def has_font(name: str) -> bool:
    return name == "default" or (name in FONT_FILES and _font_bytes(name) is not None)


@lru_cache(maxsize=256)
def get_font(size: int, name: str = "sans") -> pygame.font.Font:
    """A font by (name, size), cached; the default font when ``name`` is unavailable."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(1, int(size))
    if name != "default":
        if name not in FONT_FILES:
            raise ValueError(f"unknown font {name!r}; choose from {FONT_NAMES}")
        data = _font_bytes(name)
        if data is not None:
            # A fresh BytesIO per Font: the Font reads from it lazily and keeps it.
            return pygame.font.Font(io.BytesIO(data), size)
    return pygame.font.Font(None, size)


@lru_cache(maxsize=4096)
def _latin_has_glyph(ch: str) -> bool:
    # pygame reports metrics even for missing glyphs (those of the .notdef box), so
    # compare the drawing with that of a character no font here has: same box, no glyph.
    font = get_font(16, "sans")
    box = font.render("\U0010fffd", False, (255, 255, 255))
    drawn = font.render(ch, False, (255, 255, 255))
    return drawn.get_size() != box.get_size() or pygame.image.tobytes(
        drawn, "RGBA"
    ) != pygame.image.tobytes(box, "RGBA")


def latin_font_lacks(text: str) -> bool:
    """True when Noto Sans has no glyph for some character of ``text`` (kana, kanji…)."""
    return any(not ch.isascii() and not _latin_has_glyph(ch) for ch in set(text))


def font_for_text(text: str, bold: bool = False, language: str | None = None) -> str:
    """The font name that can draw ``text``: Noto Sans JP in the Japanese UI (it covers
    Latin as well, so a line mixing a Japanese name with digits keeps one look) and for
    any text Noto Sans cannot show; Noto Sans otherwise."""
    lang = language if language is not None else i18n.get_language()
    japanese = lang == "ja" or latin_font_lacks(text)
    if japanese and has_font("jp"):
        return "jp-bold" if bold else "jp"
    return "sans-bold" if bold else "sans"


def render_text(
    text: str, size: int, colour: Colour, bold: bool = False, name: str | None = None
) -> pygame.Surface:
    """Antialiased ``text`` on a transparent surface, cached.

    ``name`` picks a font from ``FONT_NAMES``; by default the one ``font_for_text``
    chooses for the current language (bold when ``bold``).  The returned surface is
    shared: blit it, never draw on it.
    """
    if name is None:
        name = font_for_text(text, bold)
    return _render_text(text, int(size), tuple(colour), bold, name)


@lru_cache(maxsize=2048)
def _render_text(text: str, size: int, colour: Colour, bold: bool, name: str) -> pygame.Surface:
    font = get_font(size, name)
    if bold and name in ("default", "sans", "jp"):
        font.bold = True  # synthesised bold; this Font object is cached per (size, name)
        try:
            return font.render(text, True, colour)
        finally:
            font.bold = False
    return font.render(text, True, colour)


def fit_text(
    text: str, max_width: int, size: int, colour: Colour, bold: bool = False, min_size: int = 7
) -> pygame.Surface:
    """``render_text`` at the largest size <= ``size`` whose width fits ``max_width``."""
    surf = render_text(text, size, colour, bold)
    while surf.get_width() > max_width and size > min_size:
        size = max(min_size, int(size * 0.9))
        surf = render_text(text, size, colour, bold)
    return surf


def clear_caches() -> None:
    """Drop cached fonts and text (pygame.quit() invalidates every Font)."""
    _render_text.cache_clear()
    _latin_has_glyph.cache_clear()
    get_font.cache_clear()
