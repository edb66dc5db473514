"""Storage tests: every test starts with nothing told yet (``files.tell_once``) and in
English (an App started on 0.1.0's settings switches to Spanish)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.storage import files


@pytest.fixture(autouse=True)
def _fresh_notices() -> Iterator[None]:
    files.forget_told()
    i18n.set_language("en")
    yield
    files.forget_told()
    i18n.set_language("en")
