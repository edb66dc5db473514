"""A table's banner ("Game 1", "Round won") and its warning box (a refused move).

``Notices`` (the table's ``notices``) counts the banner's seconds down at the table's
pace and fades it out, lets the warning expire, and draws both: the banner through
the table's ``banner_image`` / ``banner_centre`` hooks, the warning wrapped inside the
table's ``message_area``, edged in the palette's bad colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.kit import motion
from game.scenes.kit import text as kt
from game.scenes.kit.words import live
from game.ui.palette import Colour

if TYPE_CHECKING:
    from game.scenes.kit.table import Table


class Notices:
    def __init__(self, table: Table) -> None:
        self.t = table
        self.box: pygame.Rect | None = None  # where the warning was last drawn

    def tick(self, dt: float) -> None:
        t = self.t
        if t.banner_left > 0:
            # The banner keeps the table's pace: at a fast speed (autoplay) the moves it
            # announced ("You set the limit at 5.") were over long before its seconds were.
            t.banner_left -= dt * max(1.0, t.queue.speed)
            t.banner.alpha = max(0.0, min(1.0, t.banner_left / 0.3))
            if t.banner_left <= 0:
                t.banner.hide()
        if t.message is not None:
            words, left = t.message
            t.message = (words, left - dt) if left - dt > 0 else None

    def banner_image(self) -> pygame.Surface:
        """The banner shown now, in the language of the moment."""
        banner = self.t.banner
        return self.t.banner_image(live(banner.title), self.t.ink(banner.shade))

    def image_for(self, words: str, colour: Colour) -> pygame.Surface:
        """The banner inside the table's ``banner_width()``: on one line if a slightly
        smaller type allows, else on two, else three in smaller type."""
        t = self.t
        return motion.banner_image(live(words), "", colour, t.font_px(30), t.banner_width(), t.ink,
                            (t.px(20), t.px(8)))  # fmt: skip

    def banner_box(self) -> list[pygame.Rect]:
        """The banner's panel while it shows (none else)."""
        return [self.t.banner_rect(self.banner_image())] if self.t.banner.shown else []

    def draw_banner(self, surface: pygame.Surface) -> None:
        t = self.t
        if not t.banner.shown:
            return
        image = self.banner_image()
        if t.banner.alpha < 0.99:
            image = image.copy()
            image.set_alpha(round(255 * t.banner.alpha))
        surface.blit(image, image.get_rect(center=t.banner_centre()))

    def keep_clear(self) -> list[pygame.Rect]:
        """The banner and the warning box, where they show."""
        shown = self.t.message is not None and self.box is not None
        return self.banner_box() + ([self.box] if shown and self.box is not None else [])

    def draw_message(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """The warning box (a refused layout, say), edged in the palette's bad colour."""
        t = self.t
        if t.message is None:
            return
        words = live(t.message[0])  # in the language of the moment
        ink = t.ink
        size = t.font_px(18)
        # Wrapped to its area and kept in it (a box centred off the felt's middle, as
        # Brag's is, would otherwise run under the side panel and cut its words).
        area = t.message_area()
        lines = kt.wrap(words, size, max(t.px(120), area.width - t.px(36)))
        images = [kt.text(line, size, ink.text, True) for line in lines]
        w = min(max(i.get_width() for i in images) + t.px(36), area.width)
        h = sum(i.get_height() for i in images) + t.px(20)
        box = pygame.Rect(0, 0, w, h)
        box.center = centre
        box.clamp_ip(area)
        self.box = box
        pygame.draw.rect(surface, ink.panel, box, border_radius=10)
        pygame.draw.rect(surface, ink.bad, box, 2, border_radius=10)
        y = box.y + t.px(10)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()
