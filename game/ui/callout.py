"""Callouts and speech bubbles: a box of words that points at something and never hides it.

``place_box`` chooses where a box of a given size goes: beside its target (below, above,
right, left, then the corners), inside the screen, covering neither the target nor any
rect in ``avoid`` (cards, buttons, the log); when nothing is free it takes the place that
covers least. ``draw_callout`` paints a coach's callout (a panel with a pointer to the
target); ``draw_bubble`` a character's speech bubble with a tail toward the speaker.
Drawing only: the scenes decide what to say and when.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Colour = tuple[int, int, int]

CALLOUT_FILL = (250, 238, 206)
CALLOUT_INK = (34, 24, 14)
CALLOUT_EDGE = (201, 161, 74)
BUBBLE_FILL = (246, 244, 236)
BUBBLE_INK = (28, 28, 32)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def place_box(
    screen: pygame.Rect,
    target: pygame.Rect,
    size: tuple[int, int],
    avoid: Sequence[pygame.Rect] = (),
    gap: int = 12,
) -> pygame.Rect:
    """Where a box of ``size`` goes: near ``target``, on screen, clear of what matters."""
    w, h = min(size[0], screen.width), min(size[1], screen.height)
    candidates = [
        pygame.Rect(target.centerx - w // 2, target.bottom + gap, w, h),  # below
        pygame.Rect(target.centerx - w // 2, target.top - gap - h, w, h),  # above
        pygame.Rect(target.right + gap, target.centery - h // 2, w, h),  # right
        pygame.Rect(target.left - gap - w, target.centery - h // 2, w, h),  # left
        pygame.Rect(target.right + gap, target.bottom + gap, w, h),
        pygame.Rect(target.left - gap - w, target.bottom + gap, w, h),
        pygame.Rect(target.right + gap, target.top - gap - h, w, h),
        pygame.Rect(target.left - gap - w, target.top - gap - h, w, h),
        pygame.Rect(screen.left + gap, screen.top + gap, w, h),
        pygame.Rect(screen.right - gap - w, screen.top + gap, w, h),
        pygame.Rect(screen.left + gap, screen.bottom - gap - h, w, h),
        pygame.Rect(screen.right - gap - w, screen.bottom - gap - h, w, h),
    ]
    keep_clear = [target, *avoid]
    best: tuple[int, int, pygame.Rect] | None = None
    for order, box in enumerate(candidates):
        box = box.clamp(screen)
        covered = sum(_overlap(box, other) for other in keep_clear)
        # Never on the target itself: count it many times over.
        covered += 50 * _overlap(box, target)
        if covered == 0:
            return box
        if best is None or (covered, order) < best[:2]:
            best = (covered, order, box)
    assert best is not None
    return best[2]


def pointer_line(
    box: pygame.Rect, target: pygame.Rect, width: int = 6
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The pointer's spine: from the middle of its base on the box's edge to its tip
    (None: the box touches the target and has no pointer)."""
    if box.colliderect(target):
        return None
    a, b, tip = _pointer(box, target, width)
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), tip


def pointer_crosses(
    box: pygame.Rect, target: pygame.Rect, rects: Sequence[pygame.Rect], width: int = 6
) -> list[pygame.Rect]:
    """The rects among ``rects`` that the pointer from ``box`` to ``target`` (its spine
    or either side of its triangle) would be drawn over."""
    if box.colliderect(target):
        return []
    a, b, tip = _pointer(box, target, width)
    spine = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    lines = ((spine, tip), (a, tip), (b, tip))
    return [r for r in rects if any(r.clipline(start, end) for start, end in lines)]


def _pointer(box: pygame.Rect, target: pygame.Rect, width: int) -> list[tuple[int, int]]:
    """A triangle from the box's edge nearest the target toward the target."""
    tx = max(target.left, min(target.right, box.centerx))
    ty = max(target.top, min(target.bottom, box.centery))
    if box.bottom <= target.top:
        base_y, tip = box.bottom - 1, (tx, target.top - 2)
        bx = max(box.left + width, min(box.right - width, tx))
        return [(bx - width, base_y), (bx + width, base_y), tip]
    if box.top >= target.bottom:
        base_y, tip = box.top + 1, (tx, target.bottom + 2)
        bx = max(box.left + width, min(box.right - width, tx))
        return [(bx - width, base_y), (bx + width, base_y), tip]
    if box.right <= target.left:
        base_x, tip = box.right - 1, (target.left - 2, ty)
        by = max(box.top + width, min(box.bottom - width, ty))
        return [(base_x, by - width), (base_x, by + width), tip]
    base_x, tip = box.left + 1, (target.right + 2, ty)
    by = max(box.top + width, min(box.bottom - width, ty))
    return [(base_x, by - width), (base_x, by + width), tip]


def draw_callout(
    surface: pygame.Surface,
    box: pygame.Rect,
    target: pygame.Rect | None,
    lines: Sequence[pygame.Surface],
    footer: pygame.Surface | None = None,
    padding: int = 12,
    under: Sequence[pygame.Rect] = (),
) -> None:
    """A coach's panel of rendered ``lines`` (and a ``footer`` such as "Step 3 of 12"),
    with a pointer to ``target`` unless the box already overlaps it. The pointer passes
    under the rects in ``under`` (a name or the turn's words stays readable)."""
    radius = max(6, padding)
    shadow = box.move(3, 4)
    shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=radius)
    surface.blit(shade, shadow.topleft)
    if target is not None and not box.colliderect(target):
        points = _pointer(box, target, max(6, padding))
        bounds = surface.get_rect()
        kept = [
            (clip.topleft, surface.subsurface(clip).copy())
            for clip in (r.clip(bounds) for r in under)
            if clip.width and clip.height
        ]
        pygame.draw.polygon(surface, CALLOUT_EDGE, points)
        for at, image in kept:
            surface.blit(image, at)
        # A ring around what is explained, so the eye finds it.
        pygame.draw.rect(surface, CALLOUT_EDGE, target.inflate(8, 8), 3, border_radius=8)
    pygame.draw.rect(surface, CALLOUT_FILL, box, border_radius=radius)
    pygame.draw.rect(surface, CALLOUT_EDGE, box, 3, border_radius=radius)
    y = box.top + padding
    for line in lines:
        surface.blit(line, (box.left + padding, y))
        y += line.get_height()
    if footer is not None:
        surface.blit(
            footer,
            (box.right - padding - footer.get_width(), box.bottom - padding - footer.get_height()),
        )


def draw_bubble(
    surface: pygame.Surface,
    box: pygame.Rect,
    speaker: pygame.Rect,
    lines: Sequence[pygame.Surface],
    padding: int = 10,
) -> None:
    """A speech bubble with a tail toward ``speaker`` (a portrait or nameplate)."""
    radius = max(8, padding + 4)
    if not box.colliderect(speaker):
        points = _pointer(box, speaker, max(5, padding - 2))
        pygame.draw.polygon(surface, BUBBLE_FILL, points)
        pygame.draw.lines(surface, (90, 90, 96), False, [points[0], points[2], points[1]], 2)
    pygame.draw.rect(surface, BUBBLE_FILL, box, border_radius=radius)
    pygame.draw.rect(surface, (90, 90, 96), box, 2, border_radius=radius)
    y = box.top + padding
    for line in lines:
        surface.blit(line, (box.centerx - line.get_width() // 2, y))
        y += line.get_height()


def box_size(lines: Sequence[pygame.Surface], padding: int, footer_h: int = 0) -> tuple[int, int]:
    width = max((line.get_width() for line in lines), default=0) + 2 * padding
    height = sum(line.get_height() for line in lines) + 2 * padding + footer_h
    return width, height
