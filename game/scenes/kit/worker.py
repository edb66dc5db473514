"""AI work off the frame loop: a computer seat's choice, the autoplayer's, the hint's."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.ui import frame_gate


class BackgroundChoice:
    """Runs a computer player's ``choose`` on a worker thread, one at a time.

    A searching AI can take longer than a frame; run in the frame it would freeze the
    table. The worker computes while the seat "thinks" on screen (the frame loop
    sleeps most of each frame, so the worker gets the time). Engines are pure and
    views immutable, so the worker touches nothing the frame loop draws. With
    ``synchronous`` (tests, "instant" speed) the call runs at once in the caller.
    """

    # Run every choice in the caller. Tests set it: they step frames without waiting
    # for a clock, and on a loaded machine thousands of frames can pass before a
    # worker thread has thought once.
    inline = False

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None
        self.key: Any = None

    def start(
        self, key: Any, fn: Callable[..., Any], *args: Any, synchronous: bool = False
    ) -> None:
        """Begin computing ``fn(*args)`` for ``key`` (a no-op if ``key`` is already running)."""
        if self.key == key and self._future is not None:
            return
        self.key = key
        if synchronous or self.inline:
            future: Future[Any] = Future()
            try:
                future.set_result(fn(*args))
            except Exception as error:  # delivered by result(), like a thread's
                future.set_exception(error)
            self._future = future
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-ai")
        self._future = self._pool.submit(fn, *args)

    def ready(self, key: Any) -> bool:
        return self.key == key and self._future is not None and self._future.done()

    def take(self) -> Any:
        """The finished result (re-raising the player's exception); clears the slot."""
        assert self._future is not None
        future, self._future, self.key = self._future, None, None
        return future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._future, self.key = None, None


# The kit tables' computer seats (Corellian Spike, Coruscant Shift...): one worker for
# all of them, one choice at a time.
_seats = BackgroundChoice()


def think_ahead(key: Any, choose: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """A computer seat starts its thinking pause: ``choose(*args)`` (the driver's
    ``bot_job``) begins on the worker, so the search runs between the pause's frames
    instead of inside the frame that ends it (a hard Coruscant seat: 7-10 ms). ``key``
    names the decision and holds the table (the table itself, the seat, the engine
    actions applied so far)."""
    _seats.start(key, choose, *args)


def chosen(key: Any, choose: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """The seat's choice when its pause ends: the worker's for ``key`` (waiting for it
    if it is still thinking: the frame gate stays open meanwhile, so the worker runs at
    full speed, and the move comes no later than computing it here would), else
    ``choose(*args)`` computed now. The same view and generator either way, so the
    same choice."""
    if _seats.key != key or _seats._future is None:
        return choose(*args)
    if not _seats._future.done():
        with frame_gate.waiting_for_workers():
            _seats._future.exception()  # waits; take() raises what the player raised
    return _seats.take()
