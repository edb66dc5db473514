"""Every test runs with the app's platform folders in a temporary place.

Tables write saves, statistics and history; no test may touch the real
user folders of whoever runs the suite.
"""

from __future__ import annotations

import os
import tempfile

_sandbox = tempfile.mkdtemp(prefix="sabacc-parlor-tests-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = os.path.join(_sandbox, _name.lower())
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import sound as _sound  # noqa: E402

# Tables make each effect at its first play, in the frame, as before: no background
# thread racing a test's frames (its own test turns warming on).
_sound.warm_in_background = False


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test() -> object:
    """A test that switches the language (an App with ``language: es``) must not leave
    the next test reading Spanish: every test starts and ends in English."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _computer_seats_think_in_the_frame() -> object:
    """Tables' computer seats choose at once in the caller: tests step frames as fast
    as they can, and on a loaded machine a worker thread could fall thousands of
    frames behind ("the hand never ended"). The worker itself is tested in test_kit.
    (Set by hand, not with monkeypatch: a test's own monkeypatch must be undone
    before the other fixtures' teardowns run.)"""
    from game.scenes.kit.worker import BackgroundChoice

    BackgroundChoice.inline = True
    yield
    BackgroundChoice.inline = False
