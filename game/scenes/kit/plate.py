"""A seat's nameplate, the same at every table: the name, the chips, and on the right
the seat's skill and personality ("Normal · Steady"), or news for this seat (a
challenge's result) in its colour; a warm glow while it is the seat's turn."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n
from game.scenes.kit.cast import Seat
from game.scenes.kit.ink import Ink
from game.scenes.kit.text import fit, text
from game.ui import draw as art
from game.ui.palette import Colour


@lru_cache(maxsize=256)
def plate_image(
    size: tuple[int, int],
    seat: Seat,
    chips: int,
    active: bool,
    palette: str,
    ink: Ink,
    name_room: float = 0.62,
    news: str = "",
    news_colour: Colour | None = None,
    dim: bool = False,
    language: str = "",
    corner: str = "",
) -> pygame.Surface:
    """The plate of ``size`` with its glow margin round it (see :func:`draw_plate`)."""
    base = art.render_nameplate("", chips, "", active, size, palette).copy()
    pad = (base.get_width() - size[0]) // 2
    w, h = size
    plate = pygame.Rect(pad, pad, w, h)
    name = fit(seat.name, int(w * name_room), max(10, int(h * 0.34)),
               ink.dim if dim else ink.text, bold=True)  # fmt: skip
    base.blit(name, name.get_rect(midleft=(plate.x + h // 4, plate.y + h * 0.32)))
    if corner:
        room_right = w - h // 2 - name.get_width() - 8
        tag = fit(corner, max(20, room_right), max(8, int(h * 0.26)), ink.gold, bold=True)
        base.blit(tag, tag.get_rect(midright=(plate.right - h // 4, plate.y + h * 0.32)))
    chips_w = text(i18n.format_number(chips), max(9, int(h * 0.3)), ink.gold, True).get_width()
    room = w - h // 2 - chips_w - max(8, int(h * 0.28)) - 12
    if news and news_colour is not None:
        note = fit(news, max(20, room), max(10, int(h * 0.32)), news_colour, bold=True)
    else:
        note = fit(seat.note(), max(20, room), max(8, int(h * 0.24)), ink.dim)
    base.blit(note, note.get_rect(midright=(plate.right - h // 4, plate.y + h * 0.72)))
    if pygame.display.get_surface() is not None:
        base = base.convert_alpha()
    return base


def draw_plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seat: Seat,
    chips: int,
    active: bool,
    palette: str,
    ink: Ink,
    name_room: float = 0.62,
    news: str = "",
    news_colour: Colour | None = None,
    dim: bool = False,
    corner: str = "",
) -> None:
    image = plate_image(rect.size, seat, chips, active, palette, ink, name_room, news,
                        news_colour, dim, i18n.get_language(), corner)  # fmt: skip
    pad_x = (image.get_width() - rect.width) // 2
    pad_y = (image.get_height() - rect.height) // 2
    surface.blit(image, (rect.x - pad_x, rect.y - pad_y))
