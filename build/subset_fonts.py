"""Cut Noto Sans JP down to the characters the game shows, and check fonts cover them.

    python build/subset_fonts.py OUT_DIR     # writes NotoSansJP-{Regular,Bold}.otf subsets

pygame_gui ships the whole Noto Sans JP (about 4.5 MB per weight). The app draws every
UI string with it (it covers Latin-1 too), so the standalone build keeps only:
- every character of our catalogs (assets/locales/*.json) and of pygame_gui's own
  en/ja/es messages;
- every non-ASCII character written in our sources (card symbols, signs);
- whole blocks that text built at run time may use: ASCII, Latin-1, Latin Extended-A,
  general punctuation, kana, CJK punctuation and full-width forms.
A kanji added to a catalog later is picked up by the next build, and the build fails if
a subset lacks any character it needs.

fontTools is imported only inside ``subset_font``: it is a build-time dependency (the
``build`` extra). Reading a font's character map (``font_characters``) is plain Python so
that the fast test can check the fonts without fontTools.
"""

from __future__ import annotations

import json
import os
import struct
import sys
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

# pygame_gui imports pygame, which greets on stdout unless told not to.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "ja", "es")
JP_FONTS = ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf")

# Blocks kept whole: cheap (a few hundred glyphs) and they cover text made at run time
# (numbers, names, punctuation) that no catalog spells out.
KEPT_BLOCKS: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 (Spanish)
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2010, 0x205E),  # general punctuation: dashes, quotes, ellipsis
    (0x20A0, 0x20CF),  # currency signs
    (0x2190, 0x2193),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x3000, 0x303F),  # CJK punctuation
    (0x3041, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF01, 0xFF5E),  # full-width ASCII forms
)

# Characters that are layout, not glyphs: never looked up in a font.
NOT_DRAWN = frozenset("\n\r\t\u200b\ufeff")


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def catalog_characters(path: Path) -> set[str]:
    """Every drawn character of the message strings in a JSON catalog."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {ch for text in _strings(data) for ch in text} - NOT_DRAWN


def pygame_gui_translations() -> Path | None:
    """pygame_gui's own message catalogs (file dialog, colour picker...)."""
    try:
        node = resources.files("pygame_gui.data.translations")
    except ModuleNotFoundError:
        return None
    return Path(str(node))


def source_characters(root: Path = ROOT) -> set[str]:
    """Non-ASCII characters written anywhere in our Python sources."""
    found: set[str] = set()
    for package in ("game", "ai"):
        for path in sorted((root / package).rglob("*.py")):
            found.update(ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7E)
    return found - NOT_DRAWN


def required_characters(
    locales: Path | None = None, gui_translations: Path | None = None
) -> set[str]:
    """Characters the Japanese UI font must have: our catalogs and pygame_gui's messages.

    By default from the source tree; a build checks its bundle against the catalogs that
    went into that bundle (``_internal/assets/locales``), which is what players see.
    """
    locales = locales or ROOT / "assets" / "locales"
    gui_translations = gui_translations or pygame_gui_translations()
    needed: set[str] = set()
    for language in LANGUAGES:
        needed |= catalog_characters(locales / f"{language}.json")
        for topic in sorted((locales / language).glob("*.json")):
            needed |= catalog_characters(topic)
        if gui_translations is not None:
            extra = gui_translations / f"pygame-gui.{language}.json"
            if extra.is_file():
                needed |= catalog_characters(extra)
    return needed


def wanted_characters(root: Path = ROOT) -> set[str]:
    """What the subset keeps: the required characters plus whole blocks and source symbols."""
    wanted = required_characters(root / "assets" / "locales") | source_characters(root)
    for first, last in KEPT_BLOCKS:
        wanted.update(chr(code) for code in range(first, last + 1))
    return wanted


# --------------------------------------------------------------------- cmap reading
def font_characters(path: Path | str) -> set[int]:
    """Code points that the font maps to a real glyph (not .notdef).

    Reads the OpenType ``cmap`` table directly (formats 4 and 12), which is all the
    fonts we ship use; good enough to check coverage without fontTools.
    """
    data = Path(path).read_bytes()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    cmap_offset = None
    for index in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        raise ValueError(f"{path}: no cmap table")
    _version, subtables = struct.unpack_from(">HH", data, cmap_offset)
    chosen: dict[int, int] = {}
    for index in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * index)
        if (platform, encoding) in ((3, 1), (3, 10), (0, 3), (0, 4)):
            table = cmap_offset + offset
            (fmt,) = struct.unpack_from(">H", data, table)
            chosen.setdefault(fmt, table)
    if 12 in chosen:
        return _cmap_format12(data, chosen[12])
    if 4 in chosen:
        return _cmap_format4(data, chosen[4])
    raise ValueError(f"{path}: no Unicode cmap in format 4 or 12")


def _cmap_format12(data: bytes, table: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, table + 12)
    found: set[int] = set()
    for index in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, table + 16 + 12 * index)
        found.update(code for code in range(first, last + 1) if glyph + code - first != 0)
    return found


def _cmap_format4(data: bytes, table: int) -> set[int]:
    (seg_x2,) = struct.unpack_from(">H", data, table + 6)
    count = seg_x2 // 2
    ends_at = table + 14
    starts_at = ends_at + seg_x2 + 2
    deltas_at = starts_at + seg_x2
    range_offsets_at = deltas_at + seg_x2
    found: set[int] = set()
    for seg in range(count):
        (end,) = struct.unpack_from(">H", data, ends_at + 2 * seg)
        (start,) = struct.unpack_from(">H", data, starts_at + 2 * seg)
        (delta,) = struct.unpack_from(">h", data, deltas_at + 2 * seg)
        range_offset_pos = range_offsets_at + 2 * seg
        (range_offset,) = struct.unpack_from(">H", data, range_offset_pos)
        for code in range(start, end + 1):
            if code == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = range_offset_pos + range_offset + 2 * (code - start)
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            if glyph:
                found.add(code)
    return found


def missing_characters(font_path: Path | str, characters: Iterable[str]) -> list[str]:
    """The characters (sorted) that the font cannot draw."""
    have = font_characters(font_path)
    return sorted(ch for ch in set(characters) if ord(ch) not in have)


# ------------------------------------------------------------------------- subsetting
def source_font(name: str) -> Path:
    return Path(str(resources.files("pygame_gui.data") / name))


def subset_font(source: Path, target: Path, characters: Iterable[str]) -> None:
    """Write ``source`` cut down to ``characters`` (those it has) at ``target``."""
    from fontTools import subset  # type: ignore[import-untyped]  # build-time only, untyped

    options = subset.Options()
    options.name_IDs = ["*"]  # keep the family name and the licence text
    options.name_languages = ["*"]
    options.notdef_outline = True  # a missing glyph draws as a box, not as nothing
    options.glyph_names = False
    options.hinting = True
    options.layout_features = ["*"]  # kerning, vertical and proportional forms
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in characters))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(target), options)


def build_subsets(out_dir: Path, root: Path = ROOT) -> dict[str, Path]:
    """Subset both weights of Noto Sans JP into ``out_dir``; verify them; return paths.

    Raises SystemExit naming the characters when a subset misses one the game needs.
    A subset is rebuilt only when its character list or source font changed.
    """
    wanted = wanted_characters(root)
    required = required_characters(root / "assets" / "locales")
    stamp_text = "".join(sorted(wanted))
    written: dict[str, Path] = {}
    for name in JP_FONTS:
        source = source_font(name)
        target = out_dir / name
        stamp = out_dir / f"{name}.chars"
        signature = f"{source.stat().st_size}:{source.stat().st_mtime_ns}\n{stamp_text}"
        if not (target.is_file() and stamp.is_file() and stamp.read_text("utf-8") == signature):
            subset_font(source, target, wanted)
            stamp.write_text(signature, encoding="utf-8")
        missing = missing_characters(target, required)
        if missing:
            raise SystemExit(
                f"{target.name} lacks {len(missing)} character(s) the game shows: "
                + " ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
            )
        written[name] = target
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python build/subset_fonts.py OUT_DIR", file=sys.stderr)
        return 2
    for name, path in build_subsets(Path(argv[0])).items():
        size = path.stat().st_size
        print(
            f"{path}: {size / 1024:.0f} KiB (from {source_font(name).stat().st_size / 1024:.0f} KiB)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
