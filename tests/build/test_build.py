"""The standalone build: fonts that cover our text, the icon files, and a smoke run.

Fast tests check what the build relies on from source. The slow ones (``-m slow``; run by
.ci/run after ``make test``) build the app with PyInstaller, or take the one named by
SABACC_PARLOR_DIST (a dist folder from ``make dist``), copy it elsewhere and run it with
an environment that has no Python of ours in it.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import resources  # noqa: E402
from game.ui.icon import draw_icon  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BUILD_DIR = ROOT / "build"


def _load(name: str) -> ModuleType:
    """Import a script from build/ (a folder of scripts, not a package)."""
    if str(BUILD_DIR) not in sys.path:
        sys.path.insert(0, str(BUILD_DIR))
    spec = importlib.util.spec_from_file_location(f"_sabacc_{name}", BUILD_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


subset_fonts = _load("subset_fonts")
make_icon = _load("make_icon")
build_script = _load("build")
release = _load("release")
notices = _load("notices")


def _catalog_strings(language: str) -> list[str]:
    folder = ROOT / "assets" / "locales"
    files = [folder / f"{language}.json", *sorted((folder / language).glob("*.json"))]
    data = [json.loads(path.read_text("utf-8")) for path in files]
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, str):
            found.append(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return found


# ------------------------------------------------------------------------ fonts (fast)
@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("language", ["ja", "en", "es"])
def test_every_catalog_character_is_in_the_ui_font(language: str, bold: bool) -> None:
    # The app draws every UI string with the Japanese font (UI_FONT_LANGUAGE), so a
    # character it lacks shows as an empty box in that language.
    font_path = resources.font_file("ja", bold=bold)
    have = subset_fonts.font_characters(font_path)
    missing = {
        ch
        for text in _catalog_strings(language)
        for ch in text
        if ch not in subset_fonts.NOT_DRAWN and ord(ch) not in have
    }
    assert missing == set(), f"{Path(font_path).name} lacks {sorted(missing)}"


def test_the_japanese_catalog_really_needs_kanji_and_kana() -> None:
    # Guards the test above against passing on an empty or ASCII-only catalog.
    text = "".join(_catalog_strings("ja"))
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text)
    assert any("\u3041" <= ch <= "\u30ff" for ch in text)


def test_font_characters_tells_a_latin_font_from_a_japanese_one() -> None:
    latin = resources.font_file("en")
    japanese = resources.font_file("ja")
    assert subset_fonts.missing_characters(latin, "Aあ賭") == ["あ", "賭"]
    assert subset_fonts.missing_characters(japanese, "Aあ賭ñ¿") == []


def test_the_subset_keeps_every_catalog_character_and_whole_kana() -> None:
    wanted = subset_fonts.wanted_characters()
    for language in ("en", "ja", "es"):
        assert set("".join(_catalog_strings(language))) - subset_fonts.NOT_DRAWN <= wanted
    assert {"ヴ", "ゐ", "¿", "€", "…"} <= wanted  # blocks kept whole, not just used letters
    assert "\n" not in wanted


def test_subset_font_writes_a_font_with_just_those_characters(tmp_path: Path) -> None:
    pytest.importorskip("fontTools", reason="fontTools comes with the build extra")
    source = Path(resources.font_file("ja"))
    target = tmp_path / "tiny.otf"
    subset_fonts.subset_font(source, target, "AB賭")
    assert subset_fonts.font_characters(target) == {ord("A"), ord("B"), ord("賭")}
    assert target.stat().st_size < source.stat().st_size // 20


# ------------------------------------------------------------------------- icon (fast)
def test_icon_is_square_with_transparent_corners_and_an_opaque_middle() -> None:
    for size in (16, 64, 256):
        icon = draw_icon(size)
        assert icon.get_size() == (size, size)
        assert icon.get_at((0, 0)).a == 0
        assert icon.get_at((size // 2, size // 2)).a == 255


def test_ico_holds_every_size_as_png() -> None:
    images = {size: make_icon.png_bytes(size) for size in (16, 32, 256)}
    data = make_icon.ico_bytes(images)
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 3)
    sides = []
    for index in range(count):
        width, _h, _c, _r, _p, _bpp, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert length == len(images[width or 256])
        sides.append(width or 256)
    assert sides == [16, 32, 256]


def test_icns_length_fields_add_up() -> None:
    images = {128: make_icon.png_bytes(128), 256: make_icon.png_bytes(256)}
    data = make_icon.icns_bytes(images)
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    position, kinds = 8, []
    while position < len(data):
        kinds.append(data[position : position + 4])
        position += struct.unpack_from(">I", data, position + 4)[0]
    assert position == len(data)
    assert kinds == [b"ic07", b"ic08"]


def test_png_bytes_round_trip_through_pygame() -> None:
    image = pygame.image.load(io.BytesIO(make_icon.png_bytes(48)), "icon.png")
    assert image.get_size() == (48, 48)


def test_version_has_one_source() -> None:
    from game.scenes.title import app_version

    assert app_version() == build_script.pyproject_version()


# -------------------------------------------------------------------- the built app (slow)
def _player_environment(home: Path) -> dict[str, str]:
    """What a player's desktop gives the program: no virtualenv, no PYTHONPATH, our files
    nowhere on any path, settings under a fresh home."""
    env = {
        "PATH": os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir()),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "LANG": "C.UTF-8",
    }
    for name in ("SYSTEMROOT", "TEMP", "TMP"):  # Windows cannot start a process without
        if name in os.environ:
            env[name] = os.environ[name]
    return env


@pytest.fixture(scope="module")
def dist_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    prebuilt = os.environ.get("SABACC_PARLOR_DIST")
    if prebuilt:
        yield Path(prebuilt).resolve()
        return
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("needs the build extra (make dist installs it)")
    distpath = tmp_path_factory.mktemp("dist")
    build_script.build(distpath=distpath)
    yield distpath


@pytest.fixture(scope="module")
def player_copy(dist_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app folder copied somewhere else, as a player would unzip it."""
    target = tmp_path_factory.mktemp("downloads") / build_script.NAME
    shutil.copytree(build_script.app_folder(dist_path), target, symlinks=True)
    return target


def _run(player_copy: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    executable = build_script.app_executable(player_copy.parent)
    return subprocess.run(
        [str(executable), *args],
        cwd=home,
        env=_player_environment(home),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_built_app_plays_a_hand_of_sabacc_and_exits_0(player_copy: Path, tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    result = _run(
        player_copy,
        tmp_path,
        *("--autoplay", "--game", "sabacc", "--preset", "classic", "--hands", "1"),
        *("--headless", "--screenshots", str(shots)),
    )
    assert result.returncode == 0, result.stderr[-4000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("title" in name for name in names)
    assert any("table" in name for name in names)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="a windowed .exe has no console to print to")
def test_built_app_shows_the_pyproject_version(player_copy: Path, tmp_path: Path) -> None:
    result = _run(player_copy, tmp_path, "--version")
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.strip() == build_script.pyproject_version()


@pytest.mark.slow
def test_built_app_ships_the_subset_fonts_and_none_of_the_unused_ones(dist_path: Path) -> None:
    data = build_script.bundled_data_root(dist_path) / "pygame_gui" / "data"
    fonts = sorted(p.name for p in data.iterdir() if p.suffix in (".ttf", ".otf"))
    assert fonts == [
        "FiraCode-Regular.ttf",
        "NotoSans-Bold.ttf",
        "NotoSans-Regular.ttf",
        "NotoSansJP-Bold.otf",
        "NotoSansJP-Regular.otf",
    ]
    bundle = build_script.bundled_data_root(dist_path)
    required = subset_fonts.required_characters(
        bundle / "assets" / "locales", data / "translations"
    )
    assert "賭" in required  # the bundled Japanese catalog was read
    for name in subset_fonts.JP_FONTS:
        assert subset_fonts.missing_characters(data / name, required) == []
        # The full face is about 4.5 MB; a subset of a few hundred characters is far less.
        assert (data / name).stat().st_size < 1_000_000


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="the size budget is set for Linux")
def test_built_app_fits_the_download_budget(dist_path: Path) -> None:
    size = build_script.folder_size(build_script.app_folder(dist_path))
    assert size <= 50 * 10**6, f"{size / 10**6:.1f} MB"


@pytest.mark.slow
def test_the_notices_name_every_library_the_app_folder_holds(dist_path: Path) -> None:
    folder = build_script.app_folder(dist_path)
    text = (folder / notices.FILE_NAME).read_text(encoding="utf-8")
    libraries = [p.name for p in folder.rglob("*") if p.is_file() and notices.is_shared_library(p)]
    assert len(libraries) > 10
    assert [name for name in libraries if name not in text] == []
    assert f"Sabacc Parlor {build_script.pyproject_version()}: third-party notices" in text
    assert (folder / "LICENSE.txt").read_text() == (ROOT / "LICENSE").read_text()


def _unpack(archive: Path, into: Path) -> None:
    if archive.name.endswith(".tar.gz"):
        import tarfile

        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="tar")
    elif sys.platform == "darwin":  # ditto restores the .app bundle's links
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    else:
        shutil.unpack_archive(archive, into)


@pytest.mark.slow
def test_the_release_archive_unpacks_to_one_folder_that_plays(
    dist_path: Path, tmp_path: Path
) -> None:
    version = build_script.pyproject_version()
    archive = release.archive_path(dist_path, version)
    if not archive.is_file():  # `make release` made it; a fresh build in a temporary dist did not
        release.make_archive(dist_path, version)
    assert archive.stat().st_size <= 25 * 10**6, f"{archive.stat().st_size / 10**6:.1f} MB"
    unpacked = tmp_path / "unpacked"
    _unpack(archive, unpacked)
    [folder] = list(unpacked.iterdir())
    assert folder.name == release.release_stem(version)
    present = {p.name for p in folder.iterdir()}
    assert {"LICENSE.txt", "THIRD-PARTY-NOTICES.txt"} <= present
    if sys.platform == "linux":
        assert {release.DESKTOP_FILE, release.ICON_FILE, release.INSTALL_SCRIPT} <= present
        icon = pygame.image.load(str(folder / release.ICON_FILE))
        assert icon.get_size() == (256, 256)
    home = tmp_path / "home"
    home.mkdir()
    program = folder / ("sabacc-parlor.exe" if sys.platform == "win32" else "sabacc-parlor")
    result = subprocess.run(
        [str(program), "--autoplay", "--game", "sabacc", "--hands", "1", "--headless"],
        cwd=home,
        env=_player_environment(home),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-4000:]
