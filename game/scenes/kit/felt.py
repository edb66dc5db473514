"""The felt with its wooden rail, and the side panel's wood beside it: one picture per
window size and palette, drawn once and blitted every frame."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.scenes.base import backdrop
from game.ui import draw as art
from game.ui.palette import get_palette, scale


def rail_width(size: tuple[int, int]) -> int:
    """How wide the felt's wooden rail is (``render_felt``'s rim) for a felt of ``size``."""
    return max(8, min(size) // 28)


@lru_cache(maxsize=4)
def background(
    size: tuple[int, int],
    felt: tuple[int, int, int, int],
    sidebar: tuple[int, int, int, int],
    palette: str,
) -> pygame.Surface:
    """The felt (rail, brass inlay, vignette) in ``felt`` and the side panel's dark wood
    in ``sidebar``, separated by a brass line."""
    felt_rect, side_rect = pygame.Rect(felt), pygame.Rect(sidebar)
    out = pygame.Surface(size, 0, 32)  # never a 30-bit display format
    if palette == "high-contrast":
        out.blit(backdrop(felt_rect.size, True), felt_rect.topleft)
    else:
        out.blit(art.render_felt(felt_rect.size, palette), felt_rect.topleft)
        if "@" in palette:  # a journey venue's own room: its light and a few details
            from game.ui.rooms import render_room

            room = render_room(palette.split("@", 1)[1], felt_rect.size)
            if room is not None:
                out.blit(room, felt_rect.topleft)
    pal = get_palette(palette)
    side = art.vertical_gradient(side_rect.size, scale(pal.wood, 0.55), scale(pal.wood_dark, 0.5))
    out.blit(side, side_rect.topleft)
    pygame.draw.line(out, pal.brass, side_rect.topleft, side_rect.bottomleft, 2)
    return art.display_ready(out)
