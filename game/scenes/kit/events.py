"""The event router: each engine event goes to the handler registered for its type.

Handlers take the event classes themselves (``on(sb.Folded, self.folded)`` with
``def folded(self, e: sb.Folded)``), so mypy checks every field a handler reads.
A type nobody registered falls to the fallback (the log), so an event of a preset the
table does not know yet is told rather than crashing the table.

    >>> from dataclasses import dataclass
    >>> from game.rules.base import Event
    >>> @dataclass(frozen=True)
    ... class Knock(Event):
    ...     seat: int
    >>> seen: list[str] = []
    >>> router = EventRouter(lambda e: seen.append("?"))
    >>> router.on(Knock, lambda e: seen.append(f"knock {e.seat}"))
    >>> router.route(Knock(2))
    >>> seen
    ['knock 2']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.rules.base import Event

E = TypeVar("E", bound=Event)


class EventRouter:
    def __init__(self, fallback: Callable[[Event], object]) -> None:
        self._handlers: dict[type[Event], Callable[[Any], object]] = {}
        self.fallback = fallback

    def on(self, kind: type[E], handler: Callable[[E], object]) -> None:
        self._handlers[kind] = handler

    def handles(self, kind: type[Event]) -> bool:
        return kind in self._handlers

    def route(self, event: Event) -> None:
        for kind in type(event).__mro__:
            handler = self._handlers.get(kind)
            if handler is not None:
                handler(event)
                return
        self.fallback(event)


def describe_event(event: Event) -> str:
    """A plain fallback description of any event: its kind and fields."""
    try:
        fields_text = ", ".join(f"{k}={v}" for k, v in event.to_dict().items() if k != "kind")
    except TypeError:
        fields_text = ""
    return f"{event.kind}({fields_text})"
