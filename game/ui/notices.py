"""The notices at the foot of the window ("Saved", "A damaged file was moved aside",
"Achievement: ..."): where a stack of them goes, and drawing it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import resources
from game.ui.gui_manager import UI_FONT_LANGUAGE


def notice_spot(
    size: tuple[int, int], screen: tuple[int, int], keep_clear: list[pygame.Rect]
) -> tuple[int, int]:
    """Top-left corner for a stack of notices of ``size``: bottom centre of the screen,
    else a bottom corner, else the top (centre, then corners), the first that covers
    nothing in ``keep_clear``; if every spot covers something, the one that covers least.

    >>> notice_spot((100, 20), (800, 600), [])
    (350, 568)
    >>> notice_spot((100, 20), (800, 600), [pygame.Rect(0, 500, 800, 100)])
    (350, 12)
    """
    (w, h), (width, height), margin = size, screen, 12
    spots = [
        ((width - w) // 2, height - margin - h),
        (margin, height - margin - h),
        (width - margin - w, height - margin - h),
        ((width - w) // 2, margin),
        (margin, margin),
        (width - margin - w, margin),
    ]

    def covered(spot: tuple[int, int]) -> int:
        box = pygame.Rect(spot, size)
        return sum(c.w * c.h for c in (box.clip(r) for r in keep_clear))

    return min(spots, key=covered)  # min keeps the first of equals


def draw_notices(
    surface: pygame.Surface,
    notices: Sequence[tuple[str, float]],
    scale: float,
    keep_clear: list[pygame.Rect],
) -> None:
    """The newest three of ``notices`` (text, seconds left) stacked at the first spot
    that covers nothing in ``keep_clear`` (see ``notice_spot``)."""
    if not notices:
        return
    font = resources.font(max(14, round(16 * scale)), UI_FONT_LANGUAGE)
    width, height = surface.get_size()
    boxes: list[tuple[pygame.Surface, pygame.Rect]] = []
    y = 0
    for text, _ in reversed(notices[-3:]):  # the newest at the bottom
        again = getattr(text, "again", None)  # a notice that follows the language
        image = font.render(again() if callable(again) else text, True, (250, 236, 205))
        if image.get_width() > width - 40:
            image = pygame.transform.smoothscale(
                image,
                (width - 40, max(1, image.get_height() * (width - 40) // image.get_width())),
            )
        box = image.get_rect(midbottom=(0, y)).inflate(24, 10)
        boxes.append((image, box))
        y = box.top - 6
    stack = boxes[0][1].unionall([box for _, box in boxes])
    offset = notice_spot(stack.size, (width, height), keep_clear)
    for image, box in boxes:
        box = box.move(offset[0] - stack.x, offset[1] - stack.y)
        if offset[0] < (width - stack.w) // 2:  # in a corner: flush with its side
            box.x = offset[0]
        elif offset[0] > (width - stack.w) // 2:
            box.right = offset[0] + stack.w
        pygame.draw.rect(surface, (20, 12, 8), box, border_radius=6)
        pygame.draw.rect(surface, (176, 141, 87), box, width=1, border_radius=6)
        surface.blit(image, image.get_rect(center=box.center))
