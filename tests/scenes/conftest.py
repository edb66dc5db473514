"""Scene tests run without a display or sound device, with settings under tmp_path."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.app import App, AppOptions  # noqa: E402


@pytest.fixture
def app_with(tmp_path: Path) -> Iterator[Callable[..., App]]:
    """An App whose settings file holds exactly ``settings`` (ui_scale, high_contrast…)."""
    apps: list[App] = []

    def factory(**settings: Any) -> App:
        path = tmp_path / f"settings-{len(apps)}.json"
        path.write_text(json.dumps(settings), encoding="utf-8")
        app = App(AppOptions(settings_file=path))
        apps.append(app)
        return app

    yield factory
    for app in apps:
        app.close()
    i18n.set_language("en")


@pytest.fixture
def make_app(app_with: Callable[..., App]) -> Callable[..., App]:
    """An App with a window ``size`` and a ``lang`` (the shared factory below)."""

    def factory(size: tuple[int, int] = (1280, 720), lang: str = "en") -> App:
        # A player who has met every lesson: quick play goes straight to the table (the
        # lesson offer's own tests start from a settings file without lessons_seen).
        from game.help.coach import LESSONS

        return app_with(window_size=list(size), language=lang, lessons_seen=sorted(LESSONS))

    return factory


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, statistics and history under tmp_path; fresh drawing caches per App.
    Test files that write them use it for every test: ``pytestmark``."""
    from game.ui import cards, fonts
    from game.ui import draw as furniture

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()
    return tmp_path / "data"
