"""Workers give way to the frame loop while it draws a frame (game.ui.frame_gate): a
worker's import waits for the frame's end, never longer than LONGEST_WAIT, and never
twice in one frame (the frame may be waiting for that very worker)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator

import pytest

from game.ui import frame_gate


@pytest.fixture
def gate() -> Iterator[None]:
    frame_gate.install()
    yield
    frame_gate.frame_ends()


def _worker(action: str) -> tuple[threading.Thread, list[float]]:
    done: list[float] = []

    def work() -> None:
        if action == "import":
            sys.modules.pop("json.tool", None)
            import json.tool  # noqa: F401  # a module not imported yet: through the finders
        else:
            frame_gate.give_way()
            frame_gate.give_way()
        done.append(time.perf_counter())

    thread = threading.Thread(target=work, daemon=True)
    return thread, done


@pytest.mark.parametrize("action", ["import", "give_way"])
def test_a_worker_waits_for_the_frame_to_end(gate: None, action: str) -> None:
    frame_gate.frame_begins()
    thread, done = _worker(action)
    thread.start()
    time.sleep(0.01)
    assert not done  # held while the frame is drawn
    ended = time.perf_counter()
    frame_gate.frame_ends()
    thread.join(1)
    assert done and done[0] >= ended


def test_a_long_frame_holds_a_worker_back_once_and_briefly(
    gate: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(frame_gate, "LONGEST_WAIT", 0.2)
    frame_gate.frame_begins()
    thread, done = _worker("give_way")
    started = time.perf_counter()
    thread.start()
    thread.join(1)  # the frame never ends here: the worker goes on by itself
    assert done
    took = done[0] - started
    # One wait of LONGEST_WAIT, not two (the second give_way in the same frame is free).
    assert 0.18 <= took < 0.38


def test_the_loop_itself_never_waits(gate: None) -> None:
    frame_gate.frame_begins()
    started = time.perf_counter()
    frame_gate.give_way()
    assert time.perf_counter() - started < 0.005
