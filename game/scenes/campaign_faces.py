"""The characters at a campaign table, face to face: each opponent's portrait large
(96 px and more at 1280x720) beside their nameplate, where the felt has room for it,
in the expression of the moment. Where a seat has no such room its words come on a
speaker card with the face instead (``Table.draw_speech``, kit.voices).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game import i18n
from game.scenes.kit.plate import FACE_RING, draw_portrait

SEATED_FACE = 100  # pixels at 1280x720
RING = FACE_RING


def seat_places(
    bounds: pygame.Rect,
    plates: dict[int, pygame.Rect],
    seats: Sequence[int],
    avoid: Sequence[pygame.Rect],
    size: int,
    gap: int,
    tags: int = 0,
    strict: bool = False,
) -> dict[int, pygame.Rect]:
    """Where each of ``seats`` shows its face: beside its plate (outward first, then
    inward, below, above), inside ``bounds``, clear of ``avoid``, every plate and the
    faces placed before (``tags``: the height of the tags hung under a plate, which
    a face below it leaves room for); a seat with no such place is left out.
    ``strict``: a face a little way off is nearer its own plate than any other."""
    placed: dict[int, pygame.Rect] = {}
    blocked = [*avoid, *(r.inflate(gap, gap) for r in plates.values())]
    for seat in seats:
        plate = plates.get(seat)
        if plate is None:
            continue
        box = pygame.Rect(0, 0, size, size)
        outward_left = plate.centerx < bounds.centerx
        left = [box.move_to(bottomright=(plate.left - gap, plate.bottom)),
                box.move_to(topright=(plate.left - gap, plate.top))]  # fmt: skip
        right = [box.move_to(bottomleft=(plate.right + gap, plate.bottom)),
                 box.move_to(topleft=(plate.right + gap, plate.top))]  # fmt: skip
        below = box.move_to(midtop=(plate.centerx, plate.bottom + tags + gap))
        above = box.move_to(midbottom=(plate.centerx, plate.top - gap))
        sides = [*left, *right] if outward_left else [*right, *left]
        others = [r for s, r in plates.items() if s != seat] if strict else []
        near = _nearby(bounds, plate, size, others)
        for spot in (*sides, below, above, *near):
            if bounds.contains(spot) and spot.collidelist(blocked) < 0:
                placed[seat] = spot
                blocked.append(spot.inflate(gap, gap))
                break
    return placed


def _nearby(
    bounds: pygame.Rect, plate: pygame.Rect, size: int, others: Sequence[pygame.Rect] = ()
) -> list[pygame.Rect]:
    """Places for a face a little way from its plate (above its cards, say), nearest
    first: within about two faces of the plate, on a grid of a quarter face, and
    nearer its own plate than any other (a face by someone else's plate reads as
    theirs)."""
    step = max(4, size // 4)
    reach = 2 * size + max(plate.width, plate.height) // 2
    spots: list[tuple[float, pygame.Rect]] = []
    for x in range(bounds.left, bounds.right - size + 1, step):
        for y in range(bounds.top, bounds.bottom - size + 1, step):
            spot = pygame.Rect(x, y, size, size)
            far = pygame.Vector2(spot.center).distance_to(plate.center)
            if far <= reach and all(
                far < pygame.Vector2(spot.center).distance_to(other.center) for other in others
            ):
                spots.append((far, spot))
    spots.sort(key=lambda pair: pair[0])
    return [spot for _, spot in spots]


def draw_seated(
    surface: pygame.Surface, place: pygame.Rect, character_id: str, expression: str
) -> None:
    """A seated character's face with a thin brass ring."""
    draw_portrait(surface, place, character_id, expression)


class CampaignFelt:
    """What a campaign table adds on its felt: the characters' faces by their plates
    and the venue's goal on a plaque, placed once for the window's layout (where the
    felt is free) and drawn every frame in the expressions of the moment."""

    def __init__(self) -> None:
        self.key: Any = None
        self.seated: dict[int, pygame.Rect] = {}
        self.carried: set[int] = set()  # seats whose plate draws their face
        self.plaque: pygame.Rect | None = None

    def taken(self) -> list[pygame.Rect]:
        """The felt this draws on (a speech bubble keeps off it)."""
        return [*self.seated.values(), *([self.plaque] if self.plaque else [])]

    def draw(
        self,
        table: Any,
        surface: pygame.Surface,
        plates: dict[int, pygame.Rect],
        keep_clear: list[pygame.Rect],
    ) -> None:
        from game.scenes.campaign_plaque import goal_words, plaque_place, render_plaque

        progress = getattr(table.campaign, "progress", None)
        if progress is None:
            return
        u = table.table_u
        image = render_plaque(*goal_words(progress), u, i18n.get_language())
        bounds = table.voices.bounds(surface)
        cast = table.table_cast()
        key = (tuple(bounds), image.get_size(), tuple(tuple(r) for r in plates.values()))
        if self.key != key:
            self.key = key
            middle = pygame.Rect(0, 0, round(bounds.width * 0.44), round(bounds.height * 0.44))
            middle.center = bounds.center
            tags = [r.move(0, round(28 * u)) for r in plates.values()]  # "Folded", "Lead"
            avoid = [r.inflate(8, 8) for r in (*keep_clear, middle, *tags)]
            # The characters' faces first, by their plates; the plaque where none is.
            # A seat whose plate carries its face large (a portrait plate) keeps it there.
            carried = table.plate_faces()
            faced = [seat for seat in sorted(plates)
                     if seat < len(cast) and cast[seat].voice and seat not in carried]  # fmt: skip
            size = max(40, round(SEATED_FACE * u))
            self.seated = seat_places(bounds, plates, faced, avoid, size, round(6 * u),
                                      round(28 * u))  # fmt: skip
            if len(self.seated) < len(faced):
                # The top row first, right to left: a plate there has felt beside it
                # only (cards above, the middle below), and a crowded row (the final's
                # six) leaves that room on each plate's left.
                order = sorted(faced, key=lambda s: (plates[s].top, -plates[s].x))
                other = seat_places(bounds, plates, order, avoid, size, round(6 * u),
                                    round(28 * u), strict=True)  # fmt: skip
                if len(other) >= len(self.seated):
                    self.seated = other
            # A crowded table (the championship final: six) may leave a seat no room
            # outside the middle of the felt kept free: that seat's face may come into
            # it, still clear of what the table lies there (its keep_clear).
            left = [seat for seat in faced if seat not in self.seated]
            if left:
                free = [r.inflate(8, 8) for r in (*keep_clear, *tags, *self.seated.values())]
                self.seated.update(seat_places(bounds, plates, left, free, size,
                                               round(6 * u), round(28 * u), strict=True))  # fmt: skip
            self.carried = set(carried)
            self.seated.update(carried)
            avoid += [r.inflate(8, 8) for r in (*plates.values(), *self.seated.values())]
            far = [rect for seat, rect in plates.items() if seat != 0]
            self.plaque = plaque_place(bounds, image.get_size(), avoid, round(12 * u), far)
            if self.plaque is None:  # a crowded felt (the final): every place along its edges
                self.plaque = plaque_place(bounds, image.get_size(), avoid, round(12 * u),
                                           far, step=2)  # fmt: skip
        if self.plaque is not None:
            surface.blit(image, self.plaque)
        for seat, place in self.seated.items():
            if seat in self.carried:
                continue  # drawn with its plate
            draw_seated(surface, place, cast[seat].voice, table.expression_of(seat))
