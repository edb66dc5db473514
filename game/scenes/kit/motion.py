"""Things that move: banners that fade in and out, flights across the felt.

A :class:`Flight` travels between two named anchors the scene resolves every frame
(``("seat", 2)``, ``("pot", "hand")``), so a flight in the air survives a resize. A
:class:`Sprite` is a flight with fixed points (a card or chips from here to there).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.scenes.kit.ink import Ink, Shade
from game.scenes.kit.text import fit, wrap
from game.scenes.kit.words import live
from game.ui.palette import Colour
from game.ui.tween import Sequence as StepSequence
from game.ui.tween import Tween, Wait, ease_out

Point = tuple[float, float]


@dataclass(slots=True)
class Banner:
    """A big centred message ("Pure Sabacc!", "Game won!") that fades in and out."""

    title: str = ""
    subtitle: str = ""
    shade: Shade = "gold"
    alpha: float = 0.0

    def steps(self, title: str, subtitle: str, shade: Shade, hold: float) -> StepSequence:
        def start() -> None:
            self.title, self.subtitle, self.shade = title, subtitle, shade

        def fade(p: float) -> None:
            self.alpha = p

        def out(p: float) -> None:
            self.alpha = 1.0 - p

        return StepSequence(
            Tween(0.0, None, on_finish=start),
            Tween(0.22, fade, "ease-out"),
            Wait(hold),
            Tween(0.28, out, "ease-in"),
        )

    def show(self, title: str, shade: Shade = "gold", subtitle: str = "") -> None:
        """At once, fully shown (a banner that a table fades by its own clock)."""
        self.title, self.subtitle, self.shade, self.alpha = title, subtitle, shade, 1.0

    def hide(self) -> None:
        self.alpha = 0.0

    @property
    def shown(self) -> bool:
        return self.alpha > 0.01 and bool(self.title)

    def image(self, size: int, width: int, ink: Ink) -> pygame.Surface:
        # Said afresh: a banner up when the language changes shows in the new one.
        title, subtitle = live(self.title), live(self.subtitle)
        return banner_image(title, subtitle, ink(self.shade), size, width, ink)

    def draw(
        self, surface: pygame.Surface, centre: tuple[int, int], size: int, width: int, ink: Ink
    ) -> None:
        if not self.shown:
            return
        image = self.image(size, width, ink)
        if self.alpha < 0.99:
            image = image.copy()
            image.set_alpha(round(255 * self.alpha))
        surface.blit(image, image.get_rect(center=centre))


@lru_cache(maxsize=32)
def banner_image(
    title: str,
    subtitle: str,
    colour: Colour,
    size: int,
    width: int,
    ink: Ink,
    pad: tuple[int, int] | None = None,
) -> pygame.Surface:
    """The banner's panel: the title on up to three lines (smaller type before more
    lines), the subtitle under it, inside ``width``; ``pad`` round the words (default:
    the type size across, half of it above and below)."""
    pad_x, pad_y = pad if pad is not None else (size, size // 2)
    room = max(40, width - 2 * pad_x)
    big = size
    lines = wrap(title, big, room, bold=True)
    for most, smallest in ((1, size * 4 // 5), (2, size * 2 // 3), (3, size // 2)):
        while len(lines) > most and big > smallest:
            big = max(smallest, round(big * 0.9))
            lines = wrap(title, big, room, bold=True)
    images = [fit(line, room, big, colour, bold=True) for line in lines]
    small = fit(subtitle, room, max(10, size // 2), ink.text) if subtitle else None
    text_h = sum(i.get_height() for i in images) + (small.get_height() + 4 if small else 0)
    h = text_h + 2 * pad_y
    w = min(width, max([i.get_width() for i in images] + [small.get_width() if small else 0])
            + 2 * pad_x)  # fmt: skip
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = min(h // 4, size)
    pygame.draw.rect(out, (*ink.panel, 230), out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, colour, out.get_rect(), 2, border_radius=radius)
    y = pad_y
    for image in images:
        out.blit(image, image.get_rect(midtop=(w // 2, y)))
        y += image.get_height()
    if small is not None:
        out.blit(small, small.get_rect(midtop=(w // 2, y + 4)))
    return out


@dataclass(slots=True)
class Flight:
    """Something travelling across the table (a card, some chips) between two anchors."""

    image: Callable[[], pygame.Surface]
    source: tuple[Any, ...]
    target: tuple[Any, ...]
    progress: float = 0.0
    lift: float = 0.12  # how high the arc rises, as a share of the distance


def flight_point(start: Point, end: Point, p: float, lift: float) -> Point:
    """A point on a shallow arc from ``start`` to ``end`` (cards are tossed, not slid)."""
    x = start[0] + (end[0] - start[0]) * p
    y = start[1] + (end[1] - start[1]) * p
    distance = math.hypot(end[0] - start[0], end[1] - start[1])
    return (x, y - math.sin(math.pi * p) * distance * lift)


def fly(
    flights: list[Flight], flight: Flight, duration: float, on_land: Callable[[], object] | None
) -> Tween:
    """A tween that moves ``flight`` along its arc and removes it when it lands."""

    def move(p: float) -> None:
        flight.progress = p
        if flight not in flights:
            flights.append(flight)

    def land() -> None:
        if flight in flights:
            flights.remove(flight)
        if on_land is not None:
            on_land()

    return Tween(duration, move, "ease-in-out", land)


@dataclass(slots=True)
class Sprite:
    """A card or chip stack in flight between two fixed points, drawn above the table."""

    image: pygame.Surface
    pos: Point
    scale_x: float = 1.0


def fly_sprite(
    sprites: list[Sprite],
    image: pygame.Surface,
    start: Point,
    end: Point,
    duration: float,
    on_finish: Callable[[], object] | None = None,
    flip_to: pygame.Surface | None = None,
) -> Tween:
    """A tween moving ``image`` from ``start`` to ``end`` (turning over to ``flip_to``)."""
    sprite = Sprite(image, start)

    def update(p: float) -> None:
        if sprite not in sprites and p < 1.0:
            sprites.append(sprite)
        sprite.pos = (start[0] + (end[0] - start[0]) * p, start[1] + (end[1] - start[1]) * p)
        if flip_to is not None:
            # Turn over half-way: the width shrinks to nothing, then the face grows.
            sprite.scale_x = abs(1 - 2 * p)
            if p >= 0.5:
                sprite.image = flip_to

    def finish() -> None:
        if sprite in sprites:
            sprites.remove(sprite)
        if on_finish is not None:
            on_finish()

    return Tween(duration, update, ease_out, finish)


def draw_sprites(surface: pygame.Surface, sprites: list[Sprite]) -> None:
    for sprite in sprites:
        image = sprite.image
        if sprite.scale_x < 0.999:
            w = max(1, round(image.get_width() * sprite.scale_x))
            image = pygame.transform.scale(image, (w, image.get_height()))
        surface.blit(image, image.get_rect(center=(round(sprite.pos[0]), round(sprite.pos[1]))))
