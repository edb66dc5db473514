"""The synthetic inputs autoplay and the tests post: what a player's mouse and keys send."""

from __future__ import annotations

import pygame

from game.scenes.base import click_events, key_events

Point = tuple[float, float]

__all__ = ["click_events", "drag", "key_events", "left_click", "press_key"]


def left_click(pos: Point) -> list[pygame.event.Event]:
    """A mouse click at ``pos``, as a player's mouse sends it."""
    at = (round(pos[0]), round(pos[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False),
    ]


def drag(start: Point, end: Point, steps: int = 4) -> list[pygame.event.Event]:
    """Press at ``start``, move in a few steps, release at ``end``."""
    a = (round(start[0]), round(start[1]))
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)]
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps),
             round(start[1] + (end[1] - start[1]) * i / steps))  # fmt: skip
        events.append(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
        )
    b = (round(end[0]), round(end[1]))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False))
    return events


def press_key(key: int) -> list[pygame.event.Event]:
    return key_events(key)
