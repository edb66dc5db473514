"""The spike dice of Corellian Spike (RULES.md §4.2.1): six symbols, not pips.

A face's number matters to no rule; only whether the two dice match (a Sabacc
Shift). So each face is a shape of its own colour -- circle, triangle, square,
diamond, star, spike -- that reads at a glance, even at a die of 30 pixels, and a
matching pair is plain to see. Drawn here, no outside art; cached by size.
"""

from __future__ import annotations

import math
import random

import pygame

from game.spike_text import DIE_SYMBOLS
from game.ui.draw import polygon, supersample_factor, surface_cache
from game.ui.palette import Colour, get_palette, mix, scale

SYMBOLS = DIE_SYMBOLS  # the log and the rules name the same symbols
# Each symbol has its own hue as well as its own shape.
SYMBOL_COLOURS: dict[str, Colour] = {
    "circle": (214, 160, 40),
    "triangle": (200, 60, 60),
    "square": (50, 110, 200),
    "diamond": (40, 150, 90),
    "star": (140, 70, 180),
    "spike": (30, 30, 40),
}


def symbol_of(face: int) -> str:
    """The symbol on ``face`` (1-6)."""
    if not 1 <= face <= 6:
        raise ValueError(f"a spike die shows faces 1 to 6, not {face}")
    return SYMBOLS[face - 1]


def _star(
    c: float, r_out: float, r_in: float, points: int, turn: float
) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = turn + i * math.pi / points
        out.append((c + r * math.cos(a), c + r * math.sin(a)))
    return out


def _symbol(surface: pygame.Surface, name: str, s: float, colour: Colour) -> None:
    """``name`` drawn in the middle of a face ``s`` pixels square."""
    c = s / 2
    r = s * 0.3
    if name == "circle":
        pygame.draw.circle(surface, colour, (c, c), r)
    elif name == "triangle":
        cy = c + r * 0.2
        pts = [(c + r * 1.15 * math.cos(a), cy + r * 1.15 * math.sin(a)) for a in
               (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]  # fmt: skip
        polygon(surface, colour, pts)
    elif name == "square":
        side = r * 1.6
        pygame.draw.rect(surface, colour, pygame.Rect(c - side / 2, c - side / 2, side, side))
    elif name == "diamond":
        polygon(surface, colour, [(c, c - r * 1.2), (c + r * 0.9, c), (c, c + r * 1.2),
                                  (c - r * 0.9, c)])  # fmt: skip
    elif name == "star":
        polygon(surface, colour, _star(c, r * 1.2, r * 0.5, 5, -math.pi / 2))
    else:  # the spike: a four-pointed burst
        polygon(surface, colour, _star(c, r * 1.25, r * 0.32, 4, -math.pi / 2))


@surface_cache(64)
def render_spike_die(
    face: int, size: int, palette: str = "cantina", angle: int = 0
) -> pygame.Surface:
    """A spike die showing ``face`` (1-6) as its symbol, ``size`` pixels square;
    ``angle`` (degrees) tilts it while it rolls."""
    name = symbol_of(face)
    pal = get_palette(palette)
    ss = supersample_factor(size)
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    body = mix(pal.die_body, (250, 246, 236), 0.5)
    rect = pygame.Rect(s * 0.06, s * 0.06, s * 0.88, s * 0.88)
    pygame.draw.rect(big, scale(body, 0.7), rect.move(0, s * 0.03), border_radius=int(s * 0.16))
    pygame.draw.rect(big, body, rect, border_radius=int(s * 0.16))
    colour = SYMBOL_COLOURS[name]
    face_img = pygame.Surface((s, s), pygame.SRCALPHA)
    _symbol(face_img, name, s, scale(colour, 0.55))  # a dark rim keeps the shape crisp
    inner = pygame.Surface((s, s), pygame.SRCALPHA)
    _symbol(inner, name, s * 0.8, colour)
    face_img.blit(inner, (s * 0.1, s * 0.1))
    big.blit(face_img, (0, 0))
    if angle:
        big = pygame.transform.rotate(big, angle)
    return pygame.transform.smoothscale(
        big, (round(big.get_width() / ss), round(big.get_height() / ss))
    )


def render_spike_roll_frame(
    face: int, size: int, t: float, seed: int = 0, palette: str = "cantina"
) -> pygame.Surface:
    """One frame of a spike die tumbling, ``t`` 0..1; at ``t >= 1`` the settled ``face``.
    Deterministic in its arguments, and only 12 phases, so frames come from the cache."""
    if t >= 1:
        return render_spike_die(face, size, palette)
    phase = int(max(0.0, t) * 12)
    rng = random.Random(seed * 7919 + face * 131 + phase)
    shown = rng.randint(1, 6)
    wobble = int((1 - t) * 40)
    angle = (rng.randint(-wobble, wobble) // 10) * 10
    return render_spike_die(shown, size, palette, angle)
