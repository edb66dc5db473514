"""Write the app icon (game/ui/icon.py's drawing) as icon.png, icon.ico and icon.icns.

    python build/make_icon.py OUT_DIR

PyInstaller wants .ico on Windows and .icns on macOS. Both formats can hold PNG images
as they are, so we write them ourselves from pygame's PNGs instead of adding Pillow to
the build.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui.icon import ICON_SIZES, draw_icon  # noqa: E402

# .icns entry types that hold PNG data, by pixel size (Apple's "ic07".."ic10").
ICNS_TYPES: dict[int, bytes] = {128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def png_bytes(size: int) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico holding one PNG per size (allowed since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        # Width/height 0 means 256 in the ICO directory.
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An .icns holding PNG entries (macOS 10.7+ reads these directly)."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
        for size, data in sorted(images.items())
        if size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> dict[str, Path]:
    """Write icon.png (256 px), icon.ico and icon.icns into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    ico_images = {size: png_bytes(size) for size in ICON_SIZES}
    icns_images = {size: png_bytes(size) for size in ICNS_TYPES if size <= 512}
    paths = {
        "png": out_dir / "icon.png",
        "ico": out_dir / "icon.ico",
        "icns": out_dir / "icon.icns",
    }
    paths["png"].write_bytes(ico_images[256])
    paths["ico"].write_bytes(ico_bytes(ico_images))
    paths["icns"].write_bytes(icns_bytes(icns_images))
    return paths


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python build/make_icon.py OUT_DIR", file=sys.stderr)
        return 2
    for path in write_icons(Path(argv[0])).values():
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
