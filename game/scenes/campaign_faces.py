"""The characters at a campaign table, face to face: each opponent's portrait large
(96 px and more at 1280x720) beside their nameplate, where the felt has room for it,
in the expression of the moment. Where a seat has no such room its words come on a
speaker card with the face instead (``KitTable.draw_speech``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.portraits import portrait

SEATED_FACE = 100  # pixels at 1280x720
RING = (201, 161, 74)


def seat_places(
    bounds: pygame.Rect,
    plates: dict[int, pygame.Rect],
    seats: Sequence[int],
    avoid: Sequence[pygame.Rect],
    size: int,
    gap: int,
    tags: int = 0,
) -> dict[int, pygame.Rect]:
    """Where each of ``seats`` shows its face: beside its plate (outward first, then
    inward, below, above), inside ``bounds``, clear of ``avoid``, every plate and the
    faces placed before (``tags``: the height of the tags hung under a plate, which
    a face below it leaves room for); a seat with no such place is left out."""
    placed: dict[int, pygame.Rect] = {}
    blocked = [*avoid, *(r.inflate(gap, gap) for r in plates.values())]
    for seat in seats:
        plate = plates.get(seat)
        if plate is None:
            continue
        box = pygame.Rect(0, 0, size, size)
        outward_left = plate.centerx < bounds.centerx
        left = box.move_to(bottomright=(plate.left - gap, plate.bottom))
        right = box.move_to(bottomleft=(plate.right + gap, plate.bottom))
        below = box.move_to(midtop=(plate.centerx, plate.bottom + tags + gap))
        above = box.move_to(midbottom=(plate.centerx, plate.top - gap))
        sides = [left, right] if outward_left else [right, left]
        for spot in (*sides, below, above):
            if bounds.contains(spot) and spot.collidelist(blocked) < 0:
                placed[seat] = spot
                blocked.append(spot.inflate(gap, gap))
                break
    return placed


def draw_seated(
    surface: pygame.Surface, place: pygame.Rect, character_id: str, expression: str
) -> None:
    """A seated character's face with a thin brass ring."""
    surface.blit(portrait(character_id, place.width, expression), place)
    pygame.draw.circle(surface, RING, place.center, place.width // 2, 2)
