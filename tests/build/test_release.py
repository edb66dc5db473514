"""The download around the app: version, licence and notices, the archive and its
per-system pieces (build/release.py, build/notices.py). Fast: no PyInstaller run; the
built app's own archive is checked by the slow tests in test_build.py."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_DIR = ROOT / "build"


def _load(name: str) -> ModuleType:
    if str(BUILD_DIR) not in sys.path:
        sys.path.insert(0, str(BUILD_DIR))
    spec = importlib.util.spec_from_file_location(f"_sabacc_{name}", BUILD_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


release = _load("release")
notices = _load("notices")


# --------------------------------------------------------------------------- version
def test_the_changelog_has_a_section_for_this_version_and_an_unreleased_one() -> None:
    version = release.pyproject_version()
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert headings[0] == "Unreleased"
    assert headings[1] == version  # the newest release is the one pyproject names
    assert "0.1.0" in headings


def test_the_installed_app_and_the_command_line_say_the_pyproject_version() -> None:
    version = release.pyproject_version()
    assert importlib.metadata.version("sabacc-parlor") == version
    result = subprocess.run(
        [sys.executable, "-m", "game", "--version"], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout.strip()) == (0, version)


def test_the_licence_is_mit_and_covers_the_drawn_art() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    assert "draws" in text and "THIRD-PARTY-NOTICES.txt" in text


# -------------------------------------------------------------------------- notices
def _fake_app(tmp_path: Path, names: list[str]) -> Path:
    app = tmp_path / "sabacc-parlor"
    for name in names:
        path = app / "_internal" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"\x7fELF")
    return app


def test_every_bundled_library_is_named_with_its_project_and_python_modules_are_not(
    tmp_path: Path,
) -> None:
    app = _fake_app(
        tmp_path,
        [
            "libSDL2-2-50d19f93.0.so.0.3200.10",
            "pygame_ce.libs/libSDL2_mixer-2-6719e6f6.0.so.0.800.2",
            "libvorbisfile-07b6198b.so.3.3.8",
            "libopusfile-96d7a9c0.so.0.4.5",
            "libz.so.1",
            "SDL2_ttf.dll",  # Windows names
            "zlib1.dll",
            "python311.dll",
            "libpython3.11.so.1.0",
            "pygame/base.cpython-311-x86_64-linux-gnu.so",  # pygame-ce's own module
            "_ctypes.pyd",
        ],
    )
    found, python_files = notices.native_libraries(app)
    assert found == {
        "SDL": ["libSDL2-2-50d19f93.0.so.0.3200.10"],
        "SDL_mixer": ["libSDL2_mixer-2-6719e6f6.0.so.0.800.2"],
        "SDL_ttf": ["SDL2_ttf.dll"],
        "Vorbis": ["libvorbisfile-07b6198b.so.3.3.8"],
        "opusfile": ["libopusfile-96d7a9c0.so.0.4.5"],
        "zlib": ["libz.so.1", "zlib1.dll"],
    }
    assert sorted(python_files) == ["libpython3.11.so.1.0", "python311.dll"]


def test_a_library_the_notices_do_not_know_stops_the_build(tmp_path: Path) -> None:
    app = _fake_app(tmp_path, ["libSDL2-2.0.so.0", "libmystery-1a2b.so.3"])
    with pytest.raises(notices.NoticeError, match="libmystery-1a2b.so.3"):
        notices.native_libraries(app)


def test_every_licence_text_a_library_names_is_kept() -> None:
    for library in notices.LIBRARIES:
        for name in library.texts:
            assert (notices.LICENSES / name).stat().st_size > 300, name


def test_package_notices_come_from_installed_metadata() -> None:
    gui = notices.package_entry(importlib.metadata.distribution("pygame_gui"))
    assert gui.title == f"pygame_gui {importlib.metadata.version('pygame_gui')}"
    assert gui.licence == "MIT"
    assert any("Permission is hereby granted" in text for _label, text in gui.inline)
    # pygame-ce's wheel carries no licence file: its LGPL text is kept in build/licenses.
    pygame_ce = notices.package_entry(importlib.metadata.distribution("pygame-ce"))
    assert "LGPL" in pygame_ce.licence
    assert pygame_ce.shared == ["LGPL-2.1.txt"]
    assert any("replace" in line for line in pygame_ce.lines)


def test_the_notices_file_gives_each_text_and_the_fonts_from_their_own_tables(
    tmp_path: Path,
) -> None:
    pytest.importorskip("fontTools", reason="fontTools comes with the build extra")
    from game import resources

    app = _fake_app(tmp_path, ["libSDL2-2.0.so.0", "libfreetype.so.6"])
    fonts = app / "_internal" / "pygame_gui" / "data"
    fonts.mkdir(parents=True)
    shutil.copyfile(resources.font_file("en"), fonts / "NotoSans-Regular.ttf")
    out = tmp_path / "THIRD-PARTY-NOTICES.txt"
    notices.write_notices(app, out, "9.8.7")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("Sabacc Parlor 9.8.7: third-party notices")
    for needle in (
        "Python Software Foundation",  # Python's own LICENSE.txt
        "Bootloader Exception",  # PyInstaller's COPYING.txt
        "Files: libSDL2-2.0.so.0",
        "Licence text: Zlib",
        "FreeType Project",
        "Font: Noto Sans (OFL-1.1)",
        "SIL OPEN FONT LICENSE Version 1.1",
    ):
        assert needle in text, needle


# --------------------------------------------------------------------------- archive
def test_the_archive_is_named_by_version_system_and_processor() -> None:
    stem = release.release_stem("0.2.0")
    assert re.fullmatch(r"sabacc-parlor-0\.2\.0-(linux|windows|macos)-[a-z0-9_]+", stem)
    assert "amd64" not in stem and "aarch64" not in stem


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS archives are made with ditto")
def test_the_archive_unpacks_to_one_folder_with_the_app_and_a_checksum(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    app = _fake_app(dist, ["libSDL2-2.0.so.0"])
    program = app / "sabacc-parlor"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    for name in release.LICENCE_FILES:
        (app / name).write_text(name)
    target = release.make_archive(dist, "0.2.0")
    sums = release.write_sums(dist, "0.2.0")
    stem = release.release_stem("0.2.0")
    if target.suffix == ".gz":
        with tarfile.open(target) as archive:
            members = {m.name: m for m in archive.getmembers()}
        assert all(name == stem or name.startswith(stem + "/") for name in members)
        assert members[f"{stem}/sabacc-parlor"].mode & 0o111  # still runs once unpacked
        assert members[f"{stem}/sabacc-parlor"].uname == ""  # not the builder's user name
        assert f"{stem}/LICENSE.txt" in members and f"{stem}/_internal/libSDL2-2.0.so.0" in members
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    assert sums.read_text() == f"{digest}  {target.name}\n"


def test_make_archive_refuses_a_folder_without_the_notices(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _fake_app(dist, ["libSDL2-2.0.so.0"])
    with pytest.raises(SystemExit, match="THIRD-PARTY-NOTICES.txt"):
        release.make_archive(dist, "0.2.0")


# ---------------------------------------------------------------------- per system
def test_the_linux_menu_entry_is_valid() -> None:
    entry = release.desktop_entry()
    keys = dict(line.split("=", 1) for line in entry.splitlines()[1:] if "=" in line)
    assert entry.startswith("[Desktop Entry]\n")
    assert (keys["Type"], keys["Name"], keys["Icon"]) == (
        "Application",
        "Sabacc Parlor",
        "sabacc-parlor",
    )
    assert keys["Categories"].split(";")[:2] == ["Game", "CardGame"]


def test_desktop_file_validate_accepts_the_entry(tmp_path: Path) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate (Debian: desktop-file-utils) is not installed")
    path = tmp_path / release.DESKTOP_FILE
    path.write_text(release.desktop_entry(), encoding="utf-8")
    result = subprocess.run([validator, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
def test_the_install_script_puts_the_entry_and_icon_in_the_users_menu(tmp_path: Path) -> None:
    from game.ui.icon import draw_icon  # noqa: F401  (pygame import kept out of collection)

    make_icon = _load("make_icon")
    folder = tmp_path / "Games" / "sabacc parlor 0.2.0"  # a space, as a player's folder may have
    folder.mkdir(parents=True)
    icon = tmp_path / "icon.png"
    icon.write_bytes(make_icon.png_bytes(256))
    release.write_linux_files(folder, icon)
    data = tmp_path / "share"
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(data)}
    result = subprocess.run(
        [str(folder / release.INSTALL_SCRIPT)], env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    installed = (data / "applications" / release.DESKTOP_FILE).read_text(encoding="utf-8")
    assert f'Exec="{folder}/sabacc-parlor"\n' in installed
    placed = data / "icons" / "hicolor" / "256x256" / "apps" / release.ICON_FILE
    assert placed.read_bytes() == icon.read_bytes()
    assert placed.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_windows_version_resource_names_the_app_and_its_version() -> None:
    text = release.windows_version_file("0.2.0")
    calls: list[tuple[str, tuple[object, ...], dict[str, object]]] = []

    def record(name: str):  # type: ignore[no-untyped-def]
        def make(
            *args: object, **kwargs: object
        ) -> tuple[str, tuple[object, ...], dict[str, object]]:
            calls.append((name, args, kwargs))
            return name, args, kwargs

        return make

    kinds = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct")
    namespace = {name: record(name) for name in (*kinds, "VarFileInfo", "VarStruct")}
    eval(text, namespace)  # how PyInstaller reads a version file
    strings = {args[0]: args[1] for name, args, _ in calls if name == "StringStruct"}
    assert strings["ProductVersion"] == strings["FileVersion"] == "0.2.0"
    assert strings["OriginalFilename"] == "sabacc-parlor.exe"
    fixed = next(kwargs for name, _, kwargs in calls if name == "FixedFileInfo")
    assert fixed["filevers"] == (0, 2, 0, 0)


def test_the_mac_bundle_says_its_version() -> None:
    plist = release.mac_info_plist("0.2.0")
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "0.2.0"
    assert release.MAC_BUNDLE_ID.count(".") == 2
