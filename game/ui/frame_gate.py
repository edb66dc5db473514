"""Background work gives way to the frame loop while it draws a frame; work too long
for any frame waits for the loop to be at rest.

Python runs one thread at a time (the GIL). A worker thread busy importing a table's
modules, setting a table up or making the sound effects took the GIL every half
millisecond from the frame loop (``sys.setswitchinterval``): a frame needing 14 ms of
the loop's own CPU took 30-45 ms on the clock while a worker ran beside it. So the App
closes this gate while it steps and shows a frame (``App.run``), and workers call
``give_way()`` between pieces of their work: inside a frame they wait for its end.
The loop sleeps most of each 60 fps period (a frame takes 1-3 ms), so the work goes
on at almost full speed between frames.

Every import a worker makes is such a piece (``install()`` puts a finder first on
``sys.meta_path`` that gives way and finds nothing itself), and so is every step of a
computer player's search or table build (``ai.base.checkpoint``, which ``install()``
points at ``give_way``; a step takes tens of microseconds). A worker never waits
longer than ``LONGEST_WAIT``, and only once a frame: the frame may itself be waiting
for that worker (importing a module the worker is halfway through).
"""

from __future__ import annotations

import _thread
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

from ai import base as ai_base

LONGEST_WAIT = 0.03

_between_frames = threading.Event()
_between_frames.set()
_frame = 0  # the frames begun so far
_waited_out = -1  # the frame a worker last waited the longest for
_idle_jobs: list[Callable[[], object]] = []  # see when_idle


def frame_begins() -> None:
    """The loop starts a frame (its events, update, drawing and showing)."""
    global _frame
    _frame += 1
    _between_frames.clear()


def frame_ends() -> None:
    _between_frames.set()


@contextlib.contextmanager
def drawing() -> Iterator[None]:
    """The loop makes and shows a frame (``frame_begins`` ... ``frame_ends``)."""
    frame_begins()
    try:
        yield
    finally:
        frame_ends()


@contextlib.contextmanager
def waiting_for_workers() -> Iterator[None]:
    """The loop, inside a frame, blocks until a worker's result is ready: the gate
    opens meanwhile (else the worker would give way to the very frame waiting for it,
    ``LONGEST_WAIT`` at a time) and closes again after."""
    was_in_frame = in_frame()
    _between_frames.set()
    try:
        yield
    finally:
        if was_in_frame:
            _between_frames.clear()


def when_idle(job: Callable[[], object]) -> None:
    """Run ``job`` once, in a later step of the App's loop at rest (one that draws
    nothing: no input for a while and nothing on screen changing), a job a step: work
    too long for a frame that no picture waits for there (a full garbage collection)."""
    if job not in _idle_jobs:
        _idle_jobs.append(job)


def idle_job() -> None:
    """The loop is at rest: the next job ``when_idle`` was given, if any."""
    if _idle_jobs:
        _idle_jobs.pop(0)()


def in_frame() -> bool:
    return not _between_frames.is_set()


def give_way() -> None:
    """From a worker thread: while the loop is inside a frame, wait for it to end (at
    most LONGEST_WAIT, once per frame). On the loop's own thread: nothing."""
    global _waited_out
    if _between_frames.is_set() or threading.current_thread() is threading.main_thread():
        return
    frame = _frame
    if _waited_out == frame:
        return  # this frame may be waiting for us
    if not _between_frames.wait(LONGEST_WAIT):
        _waited_out = frame


class _GiveWayFinder:
    """First on ``sys.meta_path``: a worker's import waits for the frame to end, then
    the usual finders find the module."""

    @staticmethod
    def find_spec(
        name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        give_way()
        return None


def install() -> None:
    """Make every import on a worker thread, and every step of a computer player's
    search or table build there (``ai.base.checkpoint``), give way to frames (once per
    process)."""
    ai_base.set_checkpoint(give_way)
    if not any(isinstance(finder, _GiveWayFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _GiveWayFinder())


def spawn(work: Callable[[], object]) -> threading.Event:
    """Run ``work`` on a new worker thread; the Event is set when it has returned.

    ``threading.Thread.start`` waits until the new thread is running: on a busy machine
    the frame that started a table's set-up waited 4-5 ms for the scheduler. This one
    does not wait. ``work`` must catch its own exceptions."""
    done = threading.Event()

    def run() -> None:
        try:
            work()
        finally:
            done.set()

    _thread.start_new_thread(run, ())
    return done
