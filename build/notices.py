"""Write THIRD-PARTY-NOTICES.txt for a built app: everything the download bundles, with
each licence's text.

    python build/notices.py APP_FOLDER OUT_FILE     # APP_FOLDER: dist/sabacc-parlor

build/build.py runs this after PyInstaller, on the app it has just made, so the notices
name what is really inside, in the versions really inside:

- Python packages: every top-level package or module in the bundle that an installed
  distribution provides (pygame-ce, pygame-gui and what it needs, platformdirs), with
  its name, version and licence from its metadata (importlib.metadata) and the licence
  files it installed. PyInstaller's bootloader (the program that starts the app) always.
- Python itself: the LICENSE.txt of the interpreter that ran the build.
- Native libraries: every shared library file in the folder (SDL and the codecs that
  pygame-ce's wheel bundles, the C runtime pieces PyInstaller collects), each matched to
  its project in LIBRARIES. A library that matches nothing stops the build: add it there
  with its licence, so the notices never miss a file.
- Fonts: every font file, named from its own name table (family, version, copyright,
  licence line), with the licence files pygame-gui ships beside its fonts.

Licence texts that no installed package carries (pygame-ce's wheel holds none, nor do the
libraries it bundles) are kept in build/licenses/, copied from the projects' own texts.
"""

from __future__ import annotations

import importlib.metadata
import platform
import re
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LICENSES = HERE / "licenses"
OWN_DISTRIBUTION = "sabacc-parlor"
FILE_NAME = "THIRD-PARTY-NOTICES.txt"
RULE = "=" * 78


@dataclass(frozen=True)
class Library:
    """A native library's project: which file names are its, and its licence."""

    pattern: str  # searched in the lower-cased file name
    name: str
    licence: str
    copyright: str
    home: str
    texts: tuple[str, ...]  # files in build/licenses/


_ZLIB = ("Zlib.txt",)
_BSD = ("BSD-3-Clause.txt",)
_MIT = ("MIT.txt",)
_LGPL = ("LGPL-2.1.txt",)
SDL_COPYRIGHT = "Copyright (C) 1997-2024 Sam Lantinga <slouken@libsdl.org>"

# First match wins, so the SDL satellites come before SDL itself and opusfile before opus.
LIBRARIES: tuple[Library, ...] = (
    Library("sdl2_image", "SDL_image", "Zlib", SDL_COPYRIGHT, "https://github.com/libsdl-org/SDL_image", _ZLIB),
    Library("sdl2_mixer", "SDL_mixer", "Zlib", SDL_COPYRIGHT, "https://github.com/libsdl-org/SDL_mixer", _ZLIB),
    Library("sdl2_ttf", "SDL_ttf", "Zlib", SDL_COPYRIGHT, "https://github.com/libsdl-org/SDL_ttf", _ZLIB),
    Library("sdl2", "SDL", "Zlib", SDL_COPYRIGHT, "https://www.libsdl.org", _ZLIB),
    Library("flac", "FLAC", "BSD-3-Clause", "Copyright (C) 2000-2009 Josh Coalson; Copyright (C) 2011-2024 Xiph.Org Foundation", "https://xiph.org/flac/", _BSD),
    Library("brotli", "Brotli", "MIT", "Copyright (c) 2009, 2010, 2013-2016 by the Brotli Authors", "https://github.com/google/brotli", _MIT),
    Library("fluidsynth", "FluidSynth", "LGPL-2.1-or-later", "Copyright (C) 2003-2024 Peter Hanappe, Josh Green, Tom Moebert and others", "https://www.fluidsynth.org", _LGPL),
    Library("freetype", "FreeType", "FTL", "Portions of this software are copyright (C) The FreeType Project (www.freetype.org). All rights reserved.", "https://freetype.org", ("FTL.txt",)),
    Library("harfbuzz", "HarfBuzz", "MIT-style (HarfBuzz)", "Copyright (C) 2005-2024 Behdad Esfahbod, Google, Red Hat and the HarfBuzz authors", "https://harfbuzz.github.io", ("HarfBuzz-MIT.txt",)),
    Library("jpeg", "libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", "This software is based in part on the work of the Independent JPEG Group. Copyright (C) 1991-2020 Thomas G. Lane, Guido Vollbeding; Copyright (C) 2009-2024 D. R. Commander", "https://libjpeg-turbo.org", ("IJG.txt", "BSD-3-Clause.txt", "Zlib.txt")),
    Library("mpg123", "mpg123", "LGPL-2.1-only", "Copyright (c) 1995-2024 Michael Hipp, Thomas Orgis and the mpg123 project", "https://www.mpg123.de", _LGPL),
    Library("opusfile", "opusfile", "BSD-3-Clause", "Copyright (c) 1994-2013 Xiph.Org Foundation and contributors", "https://opus-codec.org", _BSD),
    Library("opus", "Opus", "BSD-3-Clause", "Copyright 2001-2023 Xiph.Org, Skype Limited, Octasic, Jean-Marc Valin, Timothy B. Terriberry, CSIRO, Gregory Maxwell, Mark Borgerding, Erik de Castro Lopo and others", "https://opus-codec.org", _BSD),
    Library("ogg", "Ogg", "BSD-3-Clause", "Copyright (c) 2002 Xiph.org Foundation", "https://xiph.org/ogg/", _BSD),
    Library("vorbis", "Vorbis", "BSD-3-Clause", "Copyright (c) 2002-2020 Xiph.org Foundation", "https://xiph.org/vorbis/", _BSD),
    Library("png", "libpng", "libpng-2.0", "Copyright (c) 1995-2024 The PNG Reference Library Authors", "http://www.libpng.org/pub/png/libpng.html", ("libpng-2.0.txt",)),
    Library("sharpyuv", "libwebp", "BSD-3-Clause", "Copyright (c) 2010, Google Inc. All rights reserved.", "https://chromium.googlesource.com/webm/libwebp", _BSD),
    Library("webp", "libwebp", "BSD-3-Clause", "Copyright (c) 2010, Google Inc. All rights reserved.", "https://chromium.googlesource.com/webm/libwebp", _BSD),
    Library("sndfile", "libsndfile", "LGPL-2.1-or-later", "Copyright (C) 1999-2024 Erik de Castro Lopo and the libsndfile contributors", "https://libsndfile.github.io/libsndfile/", _LGPL),
    Library("tiff", "LibTIFF", "libtiff", "Copyright (c) 1988-1997 Sam Leffler; Copyright (c) 1991-1997 Silicon Graphics, Inc.", "https://libtiff.gitlab.io/libtiff/", ("libtiff.txt",)),
    Library("wavpack", "WavPack", "BSD-3-Clause", "Copyright (c) 1998-2024 David Bryant", "https://www.wavpack.com", _BSD),
    Library("xmp", "libxmp", "MIT", "Copyright (C) 1996-2024 Claudio Matsuoka, Hipolito Carvalho and the libxmp authors", "https://xmp.sourceforge.net", _MIT),
    Library("modplug", "libmodplug", "Public domain", "The libmodplug authors have placed their code in the public domain.", "https://github.com/Konstanty/libmodplug", ()),
    Library("portmidi", "PortMidi", "MIT", "Copyright (c) 1999-2000 Ross Bencina and Phil Burk; Copyright (c) 2001-2009 Roger B. Dannenberg", "https://github.com/PortMidi/portmidi", _MIT),
    Library("gme", "Game_Music_Emu", "LGPL-2.1-or-later", "Copyright (C) 2003-2009 Shay Green and the libgme authors", "https://github.com/libgme/game-music-emu", _LGPL),
    Library("ffi", "libffi", "MIT", "Copyright (c) 1996-2024 Anthony Green, Red Hat, Inc and others", "https://sourceware.org/libffi/", _MIT),
    Library("bz2", "bzip2", "bzip2-1.0.6", "Copyright (C) 1996-2019 Julian R Seward", "https://sourceware.org/bzip2/", ("bzip2-1.0.6.txt",)),
    Library("lzma", "XZ Utils (liblzma)", "Public domain", "liblzma has been put into the public domain by its authors.", "https://tukaani.org/xz/", ()),
    Library("expat", "Expat", "MIT", "Copyright (c) 1998-2000 Thai Open Source Software Center Ltd and Clark Cooper; Copyright (c) 2001-2024 Expat maintainers", "https://libexpat.github.io", _MIT),
    Library("winpthread", "mingw-w64 winpthreads", "MIT", "Copyright (c) 2011 mingw-w64 project", "https://www.mingw-w64.org", _MIT),
    # The C and C++ runtimes a library was compiled against; copied from the build machine.
    Library("stdc++|gcc_s|quadmath|gomp", "GCC runtime libraries", "GPL-3.0-or-later WITH GCC-exception-3.1", "Copyright (C) Free Software Foundation, Inc.", "https://gcc.gnu.org", ("GCC-exception-3.1.txt", "GPL-3.0.txt")),
    Library("vcruntime|msvcp|ucrtbase|api-ms-win|concrt", "Microsoft Visual C++ runtime", "Microsoft Visual C++ Redistributable terms", "Copyright (c) Microsoft Corporation. Redistributed as the Visual C++ Redistributable files that Python for Windows ships.", "https://learn.microsoft.com/cpp/windows/latest-supported-vc-redist", ()),
    Library(r"^(lib)?z\.|^zlib", "zlib", "Zlib", "Copyright (C) 1995-2024 Jean-loup Gailly and Mark Adler", "https://zlib.net", _ZLIB),
)  # fmt: skip

# The interpreter's own library: told under Python, not as a library of its own.
PYTHON_LIBRARY = re.compile(r"^(lib)?python3(\.?\d+)?[._]|^python$|^python3\d*\.dll$")
# Python extension modules belong to their package (or to Python's standard library).
EXTENSION_MODULE = re.compile(r"\.(cpython-\d+[^.]*|abi3)\.so$|\.pyd$")

# Packages whose installed files hold no licence text: the text their licence names.
FALLBACK_TEXTS: dict[str, tuple[str, ...]] = {"pygame-ce": _LGPL}
LICENCE_FILE = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors)[^/]*$", re.IGNORECASE)

# Said once for the libraries under the LGPL (pygame-ce, FluidSynth, mpg123, libsndfile).
LGPL_NOTE = (
    "These libraries are separate files in the app's folder (_internal), unmodified from "
    "the pygame-ce wheel; you may replace them with compatible builds of your own. Their "
    "source code is at the project addresses given."
)


@dataclass
class Entry:
    title: str
    licence: str
    home: str = ""
    lines: list[str] = field(default_factory=list)  # copyright and file lines
    inline: list[tuple[str, str]] = field(default_factory=list)  # (label, text)
    shared: list[str] = field(default_factory=list)  # build/licenses/ files


class NoticeError(Exception):
    """The bundle holds something the notices cannot account for."""


def is_shared_library(path: Path) -> bool:
    name = path.name
    if EXTENSION_MODULE.search(name.lower()):
        return False
    return (
        bool(re.search(r"\.so(\.\d+)*$", name))
        or name.lower().endswith((".dll", ".dylib"))
        or name == "Python"  # macOS: the interpreter framework's library
    )


def library_for(file_name: str) -> Library | None:
    lowered = file_name.lower()
    for library in LIBRARIES:
        if re.search(library.pattern, lowered):
            return library
    return None


def native_libraries(app_folder: Path) -> tuple[dict[str, list[str]], list[str]]:
    """{project name: [file names]} of the bundle's shared libraries, and the Python ones."""
    found: dict[str, list[str]] = {}
    python_files: list[str] = []
    unknown: list[str] = []
    for path in sorted(app_folder.rglob("*")):
        if not path.is_file() or not is_shared_library(path):
            continue
        if PYTHON_LIBRARY.search(path.name.lower()):
            python_files.append(path.name)
            continue
        library = library_for(path.name)
        if library is None:
            unknown.append(str(path.relative_to(app_folder)))
            continue
        names = found.setdefault(library.name, [])
        if path.name not in names:
            names.append(path.name)
    if unknown:
        raise NoticeError(
            "no licence known for bundled "
            + ", ".join(unknown)
            + ": add its project to LIBRARIES in build/notices.py"
        )
    return found, python_files


def bundled_distributions(internal: Path) -> list[importlib.metadata.Distribution]:
    """The installed distributions whose top-level packages or modules are in the bundle."""
    providers = importlib.metadata.packages_distributions()
    names: set[str] = set()
    for path in internal.iterdir():
        top = path.name.split(".")[0]
        for name in providers.get(top, []):
            names.add(name)
    result = []
    for name in sorted(names, key=str.lower):
        distribution = importlib.metadata.distribution(name)
        if _canonical(distribution.metadata["Name"]) != OWN_DISTRIBUTION:
            result.append(distribution)
    return result


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _licence_of(distribution: importlib.metadata.Distribution) -> str:
    metadata: Any = distribution.metadata  # an email.message.Message underneath
    expression = metadata.get("License-Expression")
    if expression:
        return str(expression)
    declared = (metadata.get("License") or "").strip()
    if declared and "\n" not in declared and len(declared) < 120:
        return declared
    classifiers = [
        c.rsplit("::", 1)[-1].strip()
        for c in metadata.get_all("Classifier") or []
        if c.startswith("License ::")
    ]
    return " / ".join(classifiers) or "see the licence text below"


def _home_of(
    distribution: importlib.metadata.Distribution, labels: tuple[str, ...] = ("homepage",)
) -> str:
    metadata: Any = distribution.metadata
    urls = [u.split(",", 1) for u in metadata.get_all("Project-URL") or []]
    for label, url in urls:
        if label.strip().lower() in labels:
            return url.strip()
    if metadata.get("Home-page"):
        return str(metadata["Home-page"])
    return urls[0][1].strip() if urls else ""


def package_entry(distribution: importlib.metadata.Distribution) -> Entry:
    name = str(distribution.metadata["Name"])
    entry = Entry(
        f"{name} {distribution.version}", _licence_of(distribution), _home_of(distribution)
    )
    for file in distribution.files or []:
        text_path = str(file).replace("\\", "/")
        in_metadata = ".dist-info/" in text_path or ".egg-info/" in text_path
        if in_metadata and LICENCE_FILE.search(text_path):
            entry.inline.append((Path(text_path).name, file.read_text(encoding="utf-8")))
    if "LGPL" in entry.licence:
        entry.lines.append(
            "Its modules (the pygame folder in _internal) are separate files that you may "
            "replace with compatible builds of your own; its source code is at "
            + _home_of(distribution, ("source", "repository", "homepage"))
            + "."
        )
    if not entry.inline:
        fallback = FALLBACK_TEXTS.get(_canonical(name))
        if fallback is None:
            raise NoticeError(f"{name} installed no licence file: add its text to FALLBACK_TEXTS")
        entry.shared.extend(fallback)
    return entry


def python_licence_file() -> Path:
    base = Path(sys.base_prefix)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [
        base / "LICENSE.txt",  # Windows
        base / "lib" / version / "LICENSE.txt",  # Linux, macOS, pyenv, the CI's Pythons
        base / "Lib" / "LICENSE.txt",
        Path("/usr/share/doc") / version / "copyright",  # Debian's system Python
    ]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise NoticeError(f"Python's LICENSE.txt not found under {base}")


def python_entry(python_files: list[str]) -> Entry:
    entry = Entry(
        f"Python {platform.python_version()}",
        "PSF-2.0 (and the licences of the parts listed in its text)",
        "https://www.python.org",
    )
    entry.lines.append("Copyright (c) 2001-2024 Python Software Foundation. All rights reserved.")
    entry.lines.append(
        "Files: the interpreter"
        + (f" ({', '.join(sorted(set(python_files)))})" if python_files else "")
        + " and the standard library modules the app uses."
    )
    entry.inline.append(("LICENSE.txt", python_licence_file().read_text(encoding="utf-8")))
    return entry


def pyinstaller_entry() -> Entry:
    distribution = importlib.metadata.distribution("pyinstaller")
    entry = package_entry(distribution)
    entry.title = f"PyInstaller {distribution.version} bootloader"
    entry.licence = "GPL-2.0-or-later WITH Bootloader-exception"
    entry.lines.append(
        "The program that starts the app (sabacc-parlor, sabacc-parlor.exe) is PyInstaller's "
        "bootloader; its licence's bootloader exception allows distributing it with any program."
    )
    return entry


def library_entries(found: dict[str, list[str]]) -> list[Entry]:
    entries = []
    by_name = {library.name: library for library in LIBRARIES}
    for name, files in found.items():
        library = by_name[name]
        entry = Entry(library.name, library.licence, library.home, shared=list(library.texts))
        entry.lines.append(library.copyright)
        entry.lines.append("Files: " + ", ".join(sorted(files)))
        if "LGPL" in library.licence:
            entry.lines.append(LGPL_NOTE)
        entries.append(entry)
    return entries


OFL = "OFL-1.1"
GNU_FREEFONT = "GPL WITH Font-exception-2.0 (GNU FreeFont)"
# GNU FreeFont's exception, for pygame's default font (freesansbold.ttf: the fallback the
# game draws with when a font file cannot be read).
FONT_EXCEPTION = """\
As a special exception, if you create a document which uses this font, and embed this
font or unaltered portions of this font into the document, this font does not by itself
cause the resulting document to be covered by the GNU General Public License. This
exception does not however invalidate any other reasons why the document might be
covered by the GNU General Public License. If you modify this font, you may extend this
exception to your version of the font, but you are not obligated to do so. If you do not
wish to do so, delete this exception statement from your version."""


def font_licence(description: str) -> str:
    """The licence a font's name table (entry 13) names, as a short identifier."""
    if "Open Font License" in description:
        return OFL
    if "GNU General Public License" in description:
        return GNU_FREEFONT
    raise NoticeError(f"a bundled font has a licence the notices do not know: {description!r}")


def font_entries(internal: Path) -> list[Entry]:
    """The bundled fonts by family, from their name tables, with pygame-gui's licence files."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # build extra

    families: dict[str, Entry] = {}
    for path in sorted(internal.rglob("*")):
        if path.suffix.lower() not in (".ttf", ".otf"):
            continue
        font = TTFont(path, lazy=True)
        names = font["name"]

        def name(number: int, names: object = names) -> str:
            value = names.getDebugName(number)  # type: ignore[attr-defined]
            return str(value).strip() if value else ""

        family = name(1) or path.stem
        entry = families.get(family)
        if entry is None:
            licence = font_licence(name(13))
            entry = families[family] = Entry(f"Font: {family}", licence, name(14))
            if licence != OFL:
                entry.shared.append("GPL-3.0.txt")
                entry.inline.append(("Font exception", FONT_EXCEPTION))
            entry.lines.append(name(0))
            entry.lines.append(f"Version: {name(5).split(';')[0]}")
            entry.lines.append("Files:")
        entry.lines[-1] += f" {path.name}"
        font.close()
    for entry in families.values():
        if "JP" in entry.title:
            entry.lines.append(
                "Cut down for this download to the characters the game uses (a modified "
                "version under the same licence)."
            )
    # The fonts come from pygame-gui, which installs their licences in data/licenses.
    installed = importlib.metadata.distribution("pygame_gui").files or []
    texts = [file for file in installed if "/data/licenses/" in str(file).replace("\\", "/")]
    texts.sort(key=lambda file: file.name)
    if families and not texts:
        raise NoticeError("fonts bundled but pygame_gui installed no font licence text")
    for entry in (entry for entry in families.values() if entry.licence == OFL):
        first = entry.title.split(": ", 1)[1].split()[0]  # "Noto", "Fira"
        wanted = [t for t in texts if t.name.lower().startswith(first.lower())] or texts
        entry.inline.append((wanted[0].name, wanted[0].read_text(encoding="utf-8")))
    return list(families.values())


def collect(app_folder: Path) -> list[Entry]:
    internal = app_folder / "_internal"
    if not internal.is_dir():
        internal = app_folder
    found, python_files = native_libraries(app_folder)
    entries = [python_entry(python_files), pyinstaller_entry()]
    entries += [package_entry(d) for d in bundled_distributions(internal)]
    entries += sorted(library_entries(found), key=lambda entry: entry.title.lower())
    entries += font_entries(internal)
    return entries


def _indent(text: str) -> str:
    return textwrap.indent(text.strip("\n"), "    ", lambda line: True)


def render(entries: list[Entry], version: str) -> str:
    shared: list[str] = []
    for entry in entries:
        shared += [name for name in entry.shared if name not in shared]
    out = [
        f"Sabacc Parlor {version}: third-party notices",
        "",
        "The standalone Sabacc Parlor download bundles the programs, libraries and fonts",
        "listed here. Each keeps its own licence, given below with its text. Sabacc",
        "Parlor's own code and drawn art are under the MIT licence in LICENSE.",
        "This file is written by the build from what it bundled (build/notices.py).",
        "",
        "Contents",
    ]
    for number, entry in enumerate(entries, 1):
        out.append(f"  {number:>2}. {entry.title} ({entry.licence})")
    if shared:
        out.append("  Licence texts: " + ", ".join(Path(name).stem for name in shared))
    for number, entry in enumerate(entries, 1):
        out += ["", RULE, f"{number}. {entry.title}", RULE, f"Licence: {entry.licence}"]
        if entry.home:
            out.append(f"Home: {entry.home}")
        out += [line for line in entry.lines if line]
        for name in entry.shared:
            out.append(f"Licence text: '{Path(name).stem}' at the end of this file.")
        for label, text in entry.inline:
            out += ["", f"--- {label} ---", "", _indent(text)]
    for name in shared:
        out += ["", RULE, f"Licence text: {Path(name).stem}", RULE, ""]
        out.append(_indent((LICENSES / name).read_text(encoding="utf-8")))
    return "\n".join(out) + "\n"


def write_notices(app_folder: Path, out_file: Path, version: str) -> list[Entry]:
    entries = collect(app_folder)
    out_file.write_text(render(entries, version), encoding="utf-8")
    return entries


def main(argv: Iterable[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python build/notices.py APP_FOLDER OUT_FILE", file=sys.stderr)
        return 2
    version = importlib.metadata.version(OWN_DISTRIBUTION)
    try:
        entries = write_notices(Path(args[0]), Path(args[1]), version)
    except NoticeError as error:
        print(f"notices: {error}", file=sys.stderr)
        return 1
    print(f"{args[1]}: {len(entries)} components")
    return 0


if __name__ == "__main__":
    sys.exit(main())
