"""Storage tests: every test starts with nothing told yet (``files.tell_once``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.storage import files


@pytest.fixture(autouse=True)
def _fresh_notices() -> Iterator[None]:
    files.forget_told()
    yield
    files.forget_told()
