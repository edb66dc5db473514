"""A character's speaker card: their face large, in the expression of the moment, beside
what they say — a speech bubble with a portrait, with its tail toward their seat.

Drawing only; ``speaker_size`` says how big the card is for ``place_box`` to place it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.callout import BUBBLE_FILL, _pointer
from game.ui.portraits import portrait

EDGE = (90, 90, 96)


def speaker_size(
    face: int,
    lines: Sequence[pygame.Surface],
    name: pygame.Surface,
    padding: int,
    upright: bool = False,
) -> tuple[int, int]:
    """The card's size: face left of the words, or (``upright``) above them."""
    words_w = max([name.get_width(), *(line.get_width() for line in lines)])
    words_h = name.get_height() + sum(line.get_height() for line in lines)
    if upright:
        return max(face, words_w) + 2 * padding, face + words_h + 3 * padding
    return face + words_w + 3 * padding, max(face, words_h) + 2 * padding


def draw_speaker(
    surface: pygame.Surface,
    box: pygame.Rect,
    seat_rect: pygame.Rect,
    character_id: str,
    expression: str,
    face: int,
    name: pygame.Surface,
    lines: Sequence[pygame.Surface],
    padding: int,
    upright: bool = False,
    tail: bool = True,
) -> pygame.Rect:
    """The card in ``box`` (with a tail toward the seat unless ``tail`` is False);
    returns where the face was drawn."""
    radius = max(8, padding + 4)
    if tail and not box.colliderect(seat_rect):
        points = _pointer(box, seat_rect, max(5, padding - 2))
        pygame.draw.polygon(surface, BUBBLE_FILL, points)
        pygame.draw.lines(surface, EDGE, False, [points[0], points[2], points[1]], 2)
    pygame.draw.rect(surface, BUBBLE_FILL, box, border_radius=radius)
    pygame.draw.rect(surface, EDGE, box, 2, border_radius=radius)
    if upright:
        at = pygame.Rect(box.centerx - face // 2, box.top + padding, face, face)
        surface.blit(portrait(character_id, face, expression), at)
        y = at.bottom + padding
        for line in (name, *lines):
            surface.blit(line, (box.centerx - line.get_width() // 2, y))
            y += line.get_height()
        return at
    at = pygame.Rect(box.left + padding, box.centery - face // 2, face, face)
    surface.blit(portrait(character_id, face, expression), at)
    x = at.right + padding
    words_h = name.get_height() + sum(line.get_height() for line in lines)
    y = box.centery - words_h // 2
    surface.blit(name, (x, y))
    y += name.get_height()
    for line in lines:
        surface.blit(line, (x, y))
        y += line.get_height()
    return at


def _cover(box: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    total = 0
    for other in others:
        clip = box.clip(other)
        total += clip.width * clip.height
    return total


def place_speaker(
    bounds: pygame.Rect,
    seat_rect: pygame.Rect,
    size: tuple[int, int],
    avoid: Sequence[pygame.Rect],
    gap: int = 8,
) -> tuple[pygame.Rect, int]:
    """Where a speaker card goes: by the speaker's plate if there is room, else along
    the felt's edges nearest it — inside ``bounds``, covering neither the speaker's
    plate nor anything in ``avoid`` (other plates, cards, controls) when any place is
    free; otherwise the place that covers least. Returns it and the area it covers."""
    w, h = min(size[0], bounds.width), min(size[1], bounds.height)
    t = seat_rect
    xs = (t.centerx - w // 2, t.left, t.right - w, bounds.left + gap, bounds.right - gap - w)
    candidates: list[pygame.Rect] = []
    for y in (t.bottom + gap, t.top - gap - h):
        candidates += [pygame.Rect(x, y, w, h) for x in xs]
    for x in (t.right + gap, t.left - gap - w):
        for y in (t.centery - h // 2, t.top, t.bottom - h):
            candidates.append(pygame.Rect(x, y, w, h))
    keep = [t, *avoid]
    best: tuple[int, int, pygame.Rect] | None = None
    reach = max(gap * 3, min(w, h) // 2)  # a card further off than this reads as no one's
    for order, box in enumerate(candidates):
        box = box.clamp(bounds)
        covered = _cover(box, keep) + 50 * _cover(box, [t])
        dx = max(t.left - box.right, box.left - t.right, 0)
        dy = max(t.top - box.bottom, box.top - t.bottom, 0)
        if max(dx, dy) > reach:
            covered += w * h  # pushed far from the seat by the felt's edge: a last resort
        if covered == 0:
            return box, 0
        if best is None or (covered, order) < best[:2]:
            best = (covered, order, box)
    assert best is not None
    return best[2], best[0]
