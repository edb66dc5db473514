"""Find packaged files (assets/..., pygame_gui's bundled fonts) from source and when frozen.

Everything goes through here so that no module builds a path relative to the working
directory: under PyInstaller the files live below ``sys._MEIPASS`` instead of beside the
sources, and importlib.resources handles the source / installed cases.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

_FROZEN_ROOT: str | None = getattr(sys, "_MEIPASS", None)

# pygame_gui ships Noto fonts; Latin text uses Noto Sans, Japanese needs Noto Sans JP.
# The standalone build (build/sabacc_parlor.spec) keeps only these files plus Fira Code,
# and puts subsets of the two Noto Sans JP files in their place (same names, same
# folder) holding the characters of our catalogs: a new font here must be kept there too.
_FONT_FILES: dict[tuple[str, bool], str] = {
    ("latin", False): "NotoSans-Regular.ttf",
    ("latin", True): "NotoSans-Bold.ttf",
    ("ja", False): "NotoSansJP-Regular.otf",
    ("ja", True): "NotoSansJP-Bold.otf",
}


def _package_root(package: str) -> Traversable:
    if _FROZEN_ROOT is not None:
        # PyInstaller collects package data under a folder named after the package path.
        frozen = Path(_FROZEN_ROOT, *package.split("."))
        if frozen.exists():
            return frozen
    return resources.files(package)


def asset(*parts: str) -> Traversable:
    """A file under the top-level ``assets`` package, e.g. ``asset("locales", "en.json")``."""
    node = _package_root("assets")
    for part in parts:
        node = node / part
    return node


def read_text(*parts: str) -> str:
    return asset(*parts).read_text(encoding="utf-8")


def read_json(*parts: str) -> Any:
    return json.loads(read_text(*parts))


def asset_exists(*parts: str) -> bool:
    return asset(*parts).is_file()


def font_file(language: str = "en", bold: bool = False) -> str:
    """Filesystem path of the bundled Noto font able to show ``language``."""
    script = "ja" if language == "ja" else "latin"
    node = _package_root("pygame_gui.data") / _FONT_FILES[(script, bold)]
    # pygame.font.Font needs a real file or file object; packages installed as plain
    # directories (source, pip, PyInstaller) give real paths.
    return str(node)


@lru_cache(maxsize=64)
def font(size: int, language: str = "en", bold: bool = False) -> pygame.font.Font:
    """A cached font for our own drawing (titles, notices). Never SysFont: system fonts
    differ per machine and often lack Japanese glyphs."""
    import pygame  # imported here so that `python -m game.i18n` stays pygame-free

    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(font_file(language, bold), size)
    except (OSError, FileNotFoundError, pygame.error):
        # The default font has no Japanese glyphs but keeps the game running.
        return pygame.font.Font(None, size)


def clear_font_cache() -> None:
    """Fonts die with pygame.font.quit(); tests that re-initialise pygame call this."""
    font.cache_clear()
