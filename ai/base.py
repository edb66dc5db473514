"""The one interface every computer player follows.

A player is given a seat's ``PlayerView`` (never the state), the legal
actions and an injected ``random.Random``, and returns one of the legal
actions.  Levels are ``random``, ``easy``, ``normal`` and ``hard``;
personalities are parameters on top (see ``Personality``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

LEVELS = ("random", "easy", "normal", "hard")


def _nothing() -> None:
    pass


_checkpoint: Callable[[], None] = _nothing


def checkpoint() -> None:
    """Called by the searches and table builds between steps of a few tens of
    microseconds each. Nothing by default; the app makes it wait while a frame is
    drawn when it runs on a worker thread (``set_checkpoint``), so a long search
    beside the frame loop does not take the interpreter from a frame. It never
    changes what is computed."""
    _checkpoint()


def set_checkpoint(hook: Callable[[], None] | None) -> None:
    """What ``checkpoint`` calls from now on (None: nothing). The hook must be cheap
    and must return: it may block for a while, never touch the search's state."""
    global _checkpoint
    _checkpoint = hook if hook is not None else _nothing


@dataclass(frozen=True, slots=True)
class Personality:
    """How a character plays on top of its level (all in 0..1)."""

    name: str = "steady"
    caution: float = 0.5  # higher: folds and stands earlier
    aggression: float = 0.5  # higher: bets and raises more
    bluff: float = 0.1  # how often it represents a hand it does not hold


class Player(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    level = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")
    return level
