"""Pack the built app for download (what `make release` runs after `make dist`).

    python build/release.py [--dist dist]

Writes dist/sabacc-parlor-<version>-<os>-<arch>.tar.gz (.zip on Windows and macOS) and
dist/SHA256SUMS. The archive unpacks to one folder of that name holding the program,
LICENSE.txt and THIRD-PARTY-NOTICES.txt; on Linux also a desktop entry, a 256 px icon
and install-desktop-entry.sh; on macOS the "Sabacc Parlor.app" bundle, with
`sabacc-parlor` beside it pointing into the bundle so the same command line works on
every system.

This file also holds the few pieces each system needs, so the system-specific lines
stay together and small: the Windows version resource (used by the spec), the Linux
desktop entry and its install script (written into the app folder by build/build.py).
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

NAME = "sabacc-parlor"
TITLE = "Sabacc Parlor"
SUMMARY = "Sabacc, Thirteen Card Brag and Nine and a Half against computer opponents"
MAC_APP = f"{TITLE}.app"
MAC_BUNDLE_ID = "org.sabaccparlor.game"
LICENCE_FILES = ("LICENSE.txt", "THIRD-PARTY-NOTICES.txt")
DESKTOP_FILE = f"{NAME}.desktop"
ICON_FILE = f"{NAME}.png"
INSTALL_SCRIPT = "install-desktop-entry.sh"
SUMS = "SHA256SUMS"


def pyproject_version(root: Path = ROOT) -> str:
    """The one place the version is written; the app reads it from installed metadata."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)


def arch_name() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def release_stem(version: str) -> str:
    """sabacc-parlor-0.2.0-linux-x86_64: the archive's name and its one top folder."""
    return f"{NAME}-{version}-{os_name()}-{arch_name()}"


def archive_path(dist: Path, version: str) -> Path:
    suffix = ".tar.gz" if os_name() == "linux" else ".zip"
    return dist / f"{release_stem(version)}{suffix}"


# ----------------------------------------------------------------------------- Linux
def desktop_entry() -> str:
    """The menu entry (freedesktop.org Desktop Entry 1.4). Exec names the program on the
    PATH; install-desktop-entry.sh writes the unpacked folder's absolute path instead."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",
            f"Name={TITLE}",
            "GenericName=Card Games",
            f"Comment={SUMMARY}",
            f"Exec={NAME}",
            f"Icon={NAME}",
            "Terminal=false",
            "Categories=Game;CardGame;",
            "Keywords=sabacc;brag;cards;casino;",
            f"StartupWMClass={NAME}",
            "",
        ]
    )


# Places the entry and icon for this user (XDG data folder), pointing at this folder.
INSTALL_SCRIPT_TEXT = f"""\
#!/bin/sh
# Adds {TITLE} to your applications menu (for you only), run from this folder; run it
# again if you move the folder. To remove: delete {DESKTOP_FILE} and {ICON_FILE} from
# ~/.local/share/applications and ~/.local/share/icons/hicolor/256x256/apps.
set -eu
here=$(cd "$(dirname "$0")" && pwd); data=${{XDG_DATA_HOME:-$HOME/.local/share}}
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/{ICON_FILE}" "$data/icons/hicolor/256x256/apps/{ICON_FILE}"
sed "s|^Exec=.*|Exec=\\"$here/{NAME}\\"|" "$here/{DESKTOP_FILE}" > "$data/applications/{DESKTOP_FILE}"
echo "{TITLE} is in your applications menu."
"""


def write_linux_files(app_folder: Path, icon_png: Path) -> None:
    (app_folder / DESKTOP_FILE).write_text(desktop_entry(), encoding="utf-8")
    shutil.copyfile(icon_png, app_folder / ICON_FILE)
    script = app_folder / INSTALL_SCRIPT
    script.write_text(INSTALL_SCRIPT_TEXT, encoding="utf-8", newline="\n")
    script.chmod(0o755)


# --------------------------------------------------------------------------- Windows
def windows_version_file(version: str) -> str:
    """The .exe's version resource (Properties → Details) as a PyInstaller version file:
    the text form of PyInstaller's VSVersionInfo, which the spec hands to EXE(version=)."""
    numbers = tuple(int(part) for part in version.split(".")[:3]) + (0,)
    strings = {
        "CompanyName": "The Sabacc Parlor authors",
        "FileDescription": TITLE,
        "FileVersion": version,
        "InternalName": NAME,
        "LegalCopyright": "MIT licence; see LICENSE.txt",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": TITLE,
        "ProductVersion": version,
    }
    table = ",\n".join(f"        StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}),\n"
        "  kids=[\n"
        "    StringFileInfo([StringTable('040904B0', [\n"  # US English, UTF-16
        f"{table}\n"
        "    ])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])]),\n"
        "  ],\n"
        ")\n"
    )


# ----------------------------------------------------------------------------- macOS
def mac_info_plist(version: str) -> dict[str, object]:
    """Info.plist keys PyInstaller's BUNDLE does not set from its own arguments."""
    return {
        "CFBundleDisplayName": TITLE,
        "CFBundleName": TITLE,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHighResolutionCapable": True,
    }


def _stage_mac(dist: Path, stem: str) -> Path:
    """A folder with the .app, a `sabacc-parlor` link into it, and the licence files."""
    stage = dist / "release" / stem
    shutil.rmtree(stage.parent, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copytree(dist / MAC_APP, stage / MAC_APP, symlinks=True)
    (stage / NAME).symlink_to(f"{MAC_APP}/Contents/MacOS/{NAME}")
    for name in LICENCE_FILES:
        shutil.copyfile(dist / NAME / name, stage / name)
    return stage


# -------------------------------------------------------------------------- archives
def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def _zip_folder(folder: Path, target: Path, top: str) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, f"{top}/{path.relative_to(folder).as_posix()}")


def make_archive(dist: Path, version: str) -> Path:
    app_folder = dist / NAME
    missing = [n for n in (*LICENCE_FILES, "_internal") if not (app_folder / n).exists()]
    if missing:
        raise SystemExit(f"{app_folder} lacks {', '.join(missing)}: run `make dist` first")
    stem = release_stem(version)
    target = archive_path(dist, version)
    target.unlink(missing_ok=True)
    if os_name() == "linux":
        with tarfile.open(target, "w:gz", compresslevel=9) as archive:
            archive.add(app_folder, arcname=stem, filter=_tar_filter)
    elif os_name() == "macos":
        # ditto keeps the bundle's symlinks and extended attributes; Python's zipfile does not.
        stage = _stage_mac(dist, stem)
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(stage), str(target)], check=True)
    else:
        _zip_folder(app_folder, target, stem)
    return target


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(dist: Path, version: str) -> Path:
    """SHA256SUMS for this version's archives in dist (`sha256sum -c SHA256SUMS` checks)."""
    archives = sorted(
        p for p in dist.glob(f"{NAME}-{version}-*") if p.name.endswith((".tar.gz", ".zip"))
    )
    sums = dist / SUMS
    sums.write_text("".join(f"{sha256(p)}  {p.name}\n" for p in archives), encoding="utf-8")
    return sums


def release(dist: Path) -> Path:
    version = pyproject_version()
    target = make_archive(dist, version)
    sums = write_sums(dist, version)
    size = target.stat().st_size / 10**6
    print(f"[release] {target} ({size:.1f} MB); {sums}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build/release.py", description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where make dist built")
    args = parser.parse_args(argv)
    release(args.dist.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
