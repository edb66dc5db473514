"""A small animation queue: the table shows each engine event at a readable pace.

The engine answers an action at once with a list of events; the table scene
turns each event into steps here (slide a card, flip it, roll a die, move
chips) and the queue plays them one after another while the rules have
already moved on (after kessel-sabacc's animation queue).

Steps:
- ``Tween(duration, on_update, ease, on_finish)``: calls ``on_update(p)`` with
  the eased progress ``p`` (0 -> 1) each update; ``on_update(1.0)`` is always
  the last call.
- ``Wait(duration)`` and ``Call(fn)`` (instant).
- ``Sequence(*steps)`` plays steps in turn, ``Parallel(*steps)`` together.

``AnimationQueue`` plays queued steps in order, with a ``speed`` multiplier and
an ``instant`` mode where every step completes at once (autoplay, tests, and
players who want no animation).  Time left over when a step finishes carries
into the next, so a long frame does not stretch the animation.

    >>> xs = []
    >>> q = AnimationQueue()
    >>> q.push(Tween(1.0, xs.append))
    >>> q.update(0.5); q.update(0.6)
    >>> xs
    [0.5, 1.0]
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import Protocol

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in(t: float) -> float:
    return t * t * t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow start, slow finish: the default for cards sliding across the table."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def back_out(t: float) -> float:
    """Overshoots a little and settles: for cards landing and chips popping."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def sine_pulse(t: float) -> float:
    """0 -> 1 -> 0: for a glow that swells and fades."""
    return math.sin(math.pi * t)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "ease-in": ease_in,
    "ease-out": ease_out,
    "ease-in-out": ease_in_out,
    "back-out": back_out,
}


def lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


def lerp_point(a: tuple[float, float], b: tuple[float, float], p: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


class Step(Protocol):
    """Anything the queue can play."""

    @property
    def done(self) -> bool: ...

    def advance(self, dt: float) -> float:
        """Move on by ``dt`` seconds; return the time left over once finished (else 0)."""
        ...

    def finish(self) -> None:
        """Jump to the end, running every remaining update and callback."""
        ...


class Tween:
    def __init__(
        self,
        duration: float,
        on_update: Callable[[float], object] | None = None,
        ease: Easing | str = ease_in_out,
        on_finish: Callable[[], object] | None = None,
    ) -> None:
        if duration < 0:
            raise ValueError(f"a tween cannot last {duration} s")
        self.duration = duration
        self.on_update = on_update
        self.ease: Easing = EASINGS[ease] if isinstance(ease, str) else ease
        self.on_finish = on_finish
        self.elapsed = 0.0
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    @property
    def progress(self) -> float:
        """Un-eased progress 0..1."""
        return 1.0 if self.duration == 0 else min(1.0, self.elapsed / self.duration)

    def advance(self, dt: float) -> float:
        if self._done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        if self.on_update is not None:
            self.on_update(self.ease(self.progress))
        return 0.0

    def finish(self) -> None:
        if self._done:
            return
        self._done = True
        self.elapsed = self.duration
        if self.on_update is not None:
            self.on_update(1.0)  # exactly the end, whatever the easing's arithmetic
        if self.on_finish is not None:
            self.on_finish()


class Wait(Tween):
    """A pause (lets a player read a result before the next step)."""

    def __init__(self, duration: float, on_finish: Callable[[], object] | None = None) -> None:
        super().__init__(duration, None, linear, on_finish)


class Call(Tween):
    """Run ``fn`` when the queue reaches this point; takes no time."""

    def __init__(self, fn: Callable[[], object]) -> None:
        super().__init__(0.0, None, linear, fn)


class Sequence:
    def __init__(self, *steps: Step, on_finish: Callable[[], object] | None = None) -> None:
        self.steps: deque[Step] = deque(steps)
        self.on_finish = on_finish
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def advance(self, dt: float) -> float:
        if self._done:
            return dt
        while self.steps:
            dt = self.steps[0].advance(dt)
            if not self.steps[0].done:
                return 0.0
            self.steps.popleft()
        self._complete()
        return dt

    def finish(self) -> None:
        while self.steps:
            self.steps.popleft().finish()
        self._complete()

    def _complete(self) -> None:
        if not self._done:
            self._done = True
            if self.on_finish is not None:
                self.on_finish()


class Parallel:
    """Steps that play at once; done when the longest is done."""

    def __init__(self, *steps: Step, on_finish: Callable[[], object] | None = None) -> None:
        self.steps = list(steps)
        self.on_finish = on_finish
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def advance(self, dt: float) -> float:
        if self._done:
            return dt
        leftovers = [step.advance(dt) for step in self.steps if not step.done]
        if all(step.done for step in self.steps):
            self._complete()
            # The group ended when its longest member did: the smallest leftover.
            return min(leftovers, default=dt)
        return 0.0

    def finish(self) -> None:
        for step in self.steps:
            step.finish()
        self._complete()

    def _complete(self) -> None:
        if not self._done:
            self._done = True
            if self.on_finish is not None:
                self.on_finish()


class AnimationQueue:
    """Plays steps in the order pushed.

    ``speed`` scales time (2.0 = twice as fast); ``instant`` finishes every
    step as soon as it is pushed or the mode is switched on.
    """

    def __init__(self, speed: float = 1.0, instant: bool = False) -> None:
        self._steps: deque[Step] = deque()
        self.speed = speed
        self._instant = instant

    @property
    def instant(self) -> bool:
        return self._instant

    @instant.setter
    def instant(self, value: bool) -> None:
        self._instant = value
        if value:
            self.finish_all()

    @property
    def busy(self) -> bool:
        """True while something is still playing: the scene waits before the next action."""
        return bool(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def push(self, *steps: Step) -> None:
        for step in steps:
            self._steps.append(step)
        if self._instant:
            self.finish_all()

    def then(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` once everything pushed so far has played."""
        self.push(Call(fn))

    def update(self, dt: float) -> None:
        if self._instant:
            self.finish_all()
            return
        dt *= max(0.0, self.speed)
        while self._steps:
            dt = self._steps[0].advance(dt)
            if not self._steps[0].done:
                return
            self._steps.popleft()

    def finish_all(self) -> None:
        """Complete every queued step now, in order, with all callbacks."""
        while self._steps:
            self._steps.popleft().finish()

    def clear(self) -> None:
        """Drop queued steps without running them (leaving a table, say)."""
        self._steps.clear()
