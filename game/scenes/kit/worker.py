"""AI work off the frame loop: a computer seat's choice, the autoplayer's, the hint's."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any


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
