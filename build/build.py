"""Build the standalone app with PyInstaller (what `make dist` / `make dist-onefile` run).

    python build/build.py                 # onedir, windowed:   dist/sabacc-parlor/
    python build/build.py --onefile       # one file, windowed: dist/onefile/sabacc-parlor
    python build/build.py --console       # keep a console (to read tracebacks on Windows)
    python build/build.py --clean         # forget PyInstaller's cache first

Steps: check the installed version matches pyproject, draw the icon, subset Noto Sans JP
(verified against every catalog), run PyInstaller with build/sabacc_parlor.spec, check
the bundle's fonts again, put LICENSE.txt and THIRD-PARTY-NOTICES.txt (build/notices.py)
beside the program (and on Linux the desktop entry, icon and its install script), and
print its size. `build/release.py` then packs that folder for download. Work files go to build/work/ and the
app to dist/, both ignored by git. Needs the ``build`` extra (PyInstaller, fontTools).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import notices  # noqa: E402
import release  # noqa: E402
import subset_fonts  # noqa: E402
from release import pyproject_version  # noqa: E402

NAME = "sabacc-parlor"
SPEC = HERE / "sabacc_parlor.spec"


def default_distpath(onefile: bool) -> Path:
    return ROOT / "dist" / "onefile" if onefile else ROOT / "dist"


def app_folder(distpath: Path) -> Path:
    """The onedir app folder a player downloads (zip it as it is)."""
    return distpath / NAME


def app_executable(distpath: Path, onefile: bool = False) -> Path:
    """The program a player double-clicks."""
    suffix = ".exe" if sys.platform == "win32" else ""
    if onefile:
        return distpath / f"{NAME}{suffix}"
    return app_folder(distpath) / f"{NAME}{suffix}"


def bundled_data_root(distpath: Path) -> Path:
    """Where PyInstaller (>= 6) puts data files in a onedir build."""
    return app_folder(distpath) / "_internal"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def check_metadata_version() -> str:
    """The frozen app shows the version from copied package metadata; it must be current."""
    wanted = pyproject_version()
    try:
        installed = importlib.metadata.version(NAME)
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit(f"{NAME} is not installed; run `pip install -e .[build]` first") from None
    if installed != wanted:
        raise SystemExit(
            f"installed metadata says {installed} but pyproject.toml says {wanted}; "
            "reinstall (`pip install -e .[build]`) so the app shows the right version"
        )
    return wanted


def verify_bundle(distpath: Path) -> None:
    """The bundle's JP fonts must cover every catalog; the dropped fonts must be gone."""
    bundle = bundled_data_root(distpath)
    data = bundle / "pygame_gui" / "data"
    # Against the catalogs inside the bundle: a catalog edited during the build must not
    # slip past the check by being newer than the subset but older than the check.
    required = subset_fonts.required_characters(
        bundle / "assets" / "locales", data / "translations"
    )
    for name in subset_fonts.JP_FONTS:
        missing = subset_fonts.missing_characters(data / name, required)
        if missing:
            raise SystemExit(f"bundled {name} lacks: {' '.join(missing)}")
    stray = sorted(p.name for p in data.glob("*") if p.suffix in (".ttf", ".otf"))
    unwanted = [name for name in stray if "KR" in name or "SC" in name or "Italic" in name]
    if unwanted:
        raise SystemExit(f"bundle still holds unused fonts: {', '.join(unwanted)}")


def finish_app_folder(folder: Path, version: str, icon_png: Path) -> None:
    """Put beside the program what a download must carry: our licence, the third-party
    notices written from what this build bundled, and on Linux the menu entry and icon."""
    shutil.copyfile(ROOT / "LICENSE", folder / "LICENSE.txt")
    try:
        entries = notices.write_notices(folder, folder / notices.FILE_NAME, version)
    except notices.NoticeError as error:
        raise SystemExit(f"[build] {error}") from None
    print(f"[build] {notices.FILE_NAME}: {len(entries)} components")
    if sys.platform == "linux":
        release.write_linux_files(folder, icon_png)


def build(
    onefile: bool = False,
    console: bool = False,
    clean: bool = False,
    distpath: Path | None = None,
    workpath: Path | None = None,
) -> Path:
    """Build the app and return the path of its executable."""
    distpath = (distpath or default_distpath(onefile)).resolve()
    workpath = (
        workpath or ROOT / "build" / "work" / ("onefile" if onefile else "onedir")
    ).resolve()
    started = time.perf_counter()
    version = check_metadata_version()
    if sys.platform == "linux" and shutil.which("strip") is None:
        # The spec strips Python's own libraries with it; without it the app is ~25 MB larger.
        print("[build] warning: `strip` (Debian package binutils) not found", file=sys.stderr)

    step = time.perf_counter()
    from make_icon import write_icons  # pygame import: only when building

    icons = write_icons(workpath / "icons")
    fonts = subset_fonts.build_subsets(workpath / "fonts")
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 1024:.0f} KiB" for p in fonts.values())
    print(f"[build] icon and font subsets ({sizes}): {time.perf_counter() - step:.1f} s")

    step = time.perf_counter()
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level=WARN",
        f"--distpath={distpath}",
        f"--workpath={workpath / 'pyinstaller'}",
        *(["--clean"] if clean else []),
        str(SPEC),
        "--",
        f"--fonts={workpath / 'fonts'}",
        f"--icons={icons['png'].parent}",
        *(["--onefile"] if onefile else []),
        *(["--console"] if console else []),
    ]
    subprocess.run(command, cwd=ROOT, check=True)
    print(f"[build] PyInstaller: {time.perf_counter() - step:.1f} s")

    executable = app_executable(distpath, onefile)
    if not executable.is_file():
        raise SystemExit(f"PyInstaller finished but {executable} is missing")
    if not onefile:
        verify_bundle(distpath)
        finish_app_folder(app_folder(distpath), version, icons["png"])
    shipped = executable if onefile else app_folder(distpath)
    print(
        f"[build] {NAME} {version}: {shipped} "
        f"({folder_size(shipped) / 2**20:.1f} MiB) in {time.perf_counter() - started:.1f} s"
    )
    return executable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file")
    parser.add_argument("--console", action="store_true", help="debug build with a console")
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's cache first")
    parser.add_argument("--distpath", type=Path, help="where the app goes (default dist/)")
    parser.add_argument("--workpath", type=Path, help="work folder (default build/work/)")
    args = parser.parse_args(argv)
    build(args.onefile, args.console, args.clean, args.distpath, args.workpath)
    return 0


if __name__ == "__main__":
    sys.exit(main())
