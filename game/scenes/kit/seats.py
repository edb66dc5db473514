"""A table's seats as drawn: nameplates (kit.plate), portrait plates and the turn marker.

``Plates`` (the table's ``plates``) draws a seat's nameplate with the seat's face in
the expression of the moment, notes where each plate was drawn (the table's
``_plates``: speech bubbles and notices keep off them), splits a portrait plate into
the face and the plate, and draws the pulsing turn marker.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.scenes.kit import text as kt
from game.scenes.kit.cast import Seat
from game.scenes.kit.plate import draw_plate, draw_portrait, portrait_split
from game.ui import draw as furniture
from game.ui.palette import Colour

if TYPE_CHECKING:
    from game.scenes.kit.table import Table


class Plates:
    def __init__(self, table: Table) -> None:
        self.t = table

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        chips: int,
        active: bool,
        extra: str = "",
        dim: bool = False,
        extra_colour: Colour | None = None,
        news_tab: pygame.Rect | None = None,
    ) -> None:
        """A seat's nameplate: name, chips, skill and personality; ``extra`` (a score)
        top right, or news for the seat in ``extra_colour`` instead of the skill;
        glowing on their turn."""
        t = self.t
        cast = t.cast[seat] if seat < len(t.cast) else Seat(str(seat))
        t._plates[seat] = rect
        face = t.expression_of(seat)
        if t.portrait_px and seat != t.human and cast.face:
            # A portrait plate: the face large beside the plate, which then needs none.
            place, rect = portrait_split(rect, t.portrait_px, t.portrait_plate_h, t.px(4))
            draw_portrait(surface, place, cast.face, face)
            cast = dataclasses.replace(cast, face="")
        if extra_colour is not None:
            draw_plate(surface, rect, cast, chips, active, t.palette_name, t.ink,
                       news=extra, news_colour=extra_colour, dim=dim, expression=face,
                       news_tab=news_tab)  # fmt: skip
        else:
            draw_plate(surface, rect, cast, chips, active, t.palette_name, t.ink,
                       corner=extra, dim=dim, expression=face)  # fmt: skip

    def faces(self) -> dict[int, pygame.Rect]:
        """Seats whose plate carries their face large (a portrait plate), and where."""
        t = self.t
        if not t.portrait_px:
            return {}
        return {seat: portrait_split(rect, t.portrait_px, t.portrait_plate_h, t.px(4))[0]
                for seat, rect in t._plates.items()
                if seat != t.human and seat < len(t.cast) and t.cast[seat].face}  # fmt: skip

    def marker(self, surface: pygame.Surface, at: tuple[int, int], direction: str) -> None:
        """The pulsing chevron: over a plate pointing down, or (``"right"``) left of it."""
        t = self.t
        step = round((t.clock % 1.0) * 16) / 16
        image = kt.memo(furniture.render_turn_indicator, t.px(22), step, t.palette_name, direction)
        anchor = "midbottom" if direction == "down" else "midright"
        t.marker_rect = surface.blit(image, image.get_rect(**{anchor: at}))
