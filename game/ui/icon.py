"""The application icon, drawn by our code: two fanned Sabacc cards on a felt tile.

One drawing serves the window icon (``pygame.display.set_icon``) and the files the
build writes (``build/make_icon.py`` turns it into .png / .ico / .icns). No text: a
glyph reads at 16 px where letters do not, and no font is needed before the UI starts.
"""

from __future__ import annotations

import math

import pygame

from game.ui.palette import Colour

FELT: Colour = (22, 78, 52)
FELT_EDGE: Colour = (9, 38, 25)
BRASS: Colour = (201, 161, 74)
BRASS_LIGHT: Colour = (242, 200, 106)
GLASS_TOP: Colour = (36, 58, 74)
GLASS_BOTTOM: Colour = (12, 22, 32)
GLOW_COOL: Colour = (110, 214, 255)
GLOW_WARM: Colour = (255, 176, 72)

SUPERSAMPLE = 4  # draw large, then smoothscale: pygame.draw has no anti-aliased fills
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def _rotated(
    points: list[tuple[float, float]], centre: tuple[float, float], degrees: float
) -> list[tuple[float, float]]:
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


def _card(
    canvas: pygame.Surface, centre: tuple[float, float], size: float, degrees: float, glow: Colour
) -> None:
    """One tilted card: brass rim, dark glass, a glowing diamond (the Sabacc 'shift')."""
    width, height = size * 0.40, size * 0.56
    layer = pygame.Surface((round(width), round(height)), pygame.SRCALPHA)
    radius = max(2, round(size * 0.05))
    rim = max(2, round(size * 0.022))
    pygame.draw.rect(layer, BRASS, layer.get_rect(), border_radius=radius)
    inner = layer.get_rect().inflate(-2 * rim, -2 * rim)
    for row in range(inner.height):
        t = row / max(1, inner.height - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(GLASS_TOP, GLASS_BOTTOM, strict=True))
        pygame.draw.line(
            layer, colour, (inner.left, inner.top + row), (inner.right - 1, inner.top + row)
        )
    cx, cy = inner.center
    for scale, alpha in ((0.42, 70), (0.32, 140), (0.22, 255)):
        dx, dy = inner.width * scale, inner.height * scale * 0.8
        shape = [(cx, cy - dy), (cx + dx, cy), (cx, cy + dy), (cx - dx, cy)]
        halo = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(halo, (*glow, alpha), shape)
        layer.blit(halo, (0, 0))
    pygame.draw.polygon(
        layer,
        (255, 255, 255),
        [
            (cx, cy - inner.height * 0.08),
            (cx + inner.width * 0.06, cy),
            (cx, cy + inner.height * 0.08),
            (cx - inner.width * 0.06, cy),
        ],
    )
    turned = pygame.transform.rotate(layer, -degrees)
    canvas.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_icon(size: int = 256) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with per-pixel alpha."""
    if size < 1:
        raise ValueError(f"icon size must be positive, got {size}")
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = round(big * 0.03)
    tile = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    radius = round(big * 0.18)
    pygame.draw.rect(canvas, FELT_EDGE, tile, border_radius=radius)
    pygame.draw.rect(canvas, FELT, tile.inflate(-big * 0.06, -big * 0.06), border_radius=radius)
    pygame.draw.rect(canvas, BRASS, tile, width=max(1, round(big * 0.025)), border_radius=radius)
    pivot = (big * 0.5, big * 0.88)
    # Both cards turn about a point below the tile, like a hand of cards held in a fan.
    for degrees, glow in ((-17.0, GLOW_COOL), (17.0, GLOW_WARM)):
        (card_centre,) = _rotated([(pivot[0], big * 0.5)], pivot, degrees)
        _card(canvas, card_centre, big, degrees, glow)
    return pygame.transform.smoothscale(canvas, (size, size))
