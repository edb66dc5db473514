"""Each venue's own room at its table: the light of the place washed over the felt and
a few drawn details on the rail and in the felt's corners (rivets and glass rings at
the cantina, lanterns in the guild hall, orchids on the terrace...). Drawn by our code,
once per table size, as a transparent layer over ``render_felt``'s picture.

The details keep to the rail and the felt's far corners, where no table puts cards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui.journey import VENUE_LOOKS, VenueLook

Colour = tuple[int, int, int]
Size = tuple[int, int]


def _corners(w: int, h: int, inset: int) -> list[tuple[int, int]]:
    return [(inset, inset), (w - inset, inset), (inset, h - inset), (w - inset, h - inset)]


def _light(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """The room's light: a soft pool of its colour from above the table."""
    w, h = s.get_size()
    glow = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            d = math.hypot((x - 32) / 32, (y - 4) / 30)
            a = max(0.0, 1 - d) ** 1.6
            glow.set_at((x, y), (*look.light, int(44 * a)))
    inner = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    s.blit(pygame.transform.smoothscale(glow, inner.size), inner.topleft)


def _rivets(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    w, h = s.get_size()
    step = max(40, w // 18)
    colour = (214, 176, 96, 200)
    for x in range(rim * 4, w - rim * 4, step):
        for y in (rim // 2, h - rim // 2):
            pygame.draw.circle(s, colour, (x, y), max(2, rim // 7))
            pygame.draw.circle(s, (255, 230, 170, 160), (x - 1, y - 1), max(1, rim // 14))


def _rings(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """Glass rings left on the felt by a night of drinks."""
    w, h = s.get_size()
    for cx, cy in ((rim * 3, rim * 3), (w - rim * 3, h - rim * 3)):
        r = max(8, rim)
        pygame.draw.circle(s, (20, 12, 6, 60), (cx, cy), r, max(2, r // 5))
        pygame.draw.circle(s, (20, 12, 6, 40), (cx + r // 3, cy - r // 4), r - 2, max(1, r // 7))


def _lanterns(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    w, h = s.get_size()
    for cx, cy in _corners(w, h, rim // 2 + rim * 3):
        cy = rim // 2 if cy < h // 2 else h - rim // 2  # hung on the rail, by the corners
        halo = pygame.Surface((rim * 6, rim * 6), pygame.SRCALPHA)
        for r in range(rim * 3, 0, -2):
            pygame.draw.circle(
                halo, (*look.light, int(50 * (1 - r / (rim * 3)))), (rim * 3, rim * 3), r
            )
        s.blit(halo, (cx - rim * 3, cy - rim * 3))
        body = pygame.Rect(0, 0, max(6, rim // 2), max(9, rim * 3 // 4))
        body.center = (cx, cy)
        pygame.draw.rect(s, (255, 210, 120, 230), body, border_radius=2)
        pygame.draw.rect(s, (90, 54, 24, 255), body, 2, border_radius=2)


def _stitching(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """A guild ledger's ruled border stitched into the cloth."""
    w, h = s.get_size()
    inner = pygame.Rect(rim * 2, rim * 2, w - rim * 4, h - rim * 4)
    colour = (*look.light, 70)
    dash = max(6, rim // 2)
    for x in range(inner.left + rim * 3, inner.right - rim * 3, dash * 2):
        pygame.draw.line(s, colour, (x, inner.top), (x + dash, inner.top), 1)
        pygame.draw.line(s, colour, (x, inner.bottom), (x + dash, inner.bottom), 1)


def _orchids(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    w, h = s.get_size()
    rng = random.Random(7)
    for cx, cy in _corners(w, h, rim * 3):
        for _ in range(2):
            x, y = cx + rng.randint(-rim, rim), cy + rng.randint(-rim // 2, rim // 2)
            r = max(5, rim // 2)
            for k in range(5):
                a = k * 2 * math.pi / 5 + rng.random()
                px, py = x + math.cos(a) * r * 0.8, y + math.sin(a) * r * 0.8
                pygame.draw.circle(s, (214, 150, 220, 170), (round(px), round(py)), r // 2 + 1)
            pygame.draw.circle(s, (250, 220, 120, 220), (x, y), max(2, r // 3))


def _ripples(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """Light through a glass floor over water: arcs of ripple in the corners."""
    w, h = s.get_size()
    for cx, cy in ((rim * 3, h - rim * 3), (w - rim * 3, rim * 3)):
        for k in range(1, 5):
            r = k * rim * 1.1
            rect = pygame.Rect(0, 0, round(r * 2.4), round(r * 1.2))
            rect.center = (cx, cy)
            pygame.draw.ellipse(s, (*look.light, max(20, 90 - k * 18)), rect, 1)


def _rope(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """A mooring rope laid along the barge's rail."""
    w, h = s.get_size()
    y_top, y_bottom = rim // 2, h - rim // 2
    step = max(6, rim // 3)
    for y in (y_top, y_bottom):
        for x in range(rim * 4, w - rim * 4, step):
            pygame.draw.line(
                s,
                (196, 170, 120, 220),
                (x, y - rim // 6),
                (x + step, y + rim // 6),
                max(2, rim // 6),
            )
            pygame.draw.line(s, (120, 96, 60, 220), (x + step // 2, y - rim // 6), (x + step, y), 1)


def _compass(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    w, h = s.get_size()
    cx, cy, r = w - rim * 4, h - rim * 4, rim * 2
    for k in range(8):
        a = k * math.pi / 4
        length = r if k % 2 == 0 else r * 0.55
        pygame.draw.line(
            s,
            (*look.light, 90),
            (cx, cy),
            (cx + math.cos(a) * length, cy + math.sin(a) * length),
            2,
        )
    pygame.draw.circle(s, (*look.light, 70), (cx, cy), round(r * 0.7), 1)


def _embers(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """Sparks from the dock's braziers settled near the rail, and crate nails in it."""
    w, h = s.get_size()
    rng = random.Random(11)
    for _ in range(60):
        x = rng.randint(rim * 2, w - rim * 2)
        y = h - rim * 2 - int(abs(rng.gauss(0, rim * 1.4)))
        pygame.draw.circle(
            s,
            (255, 150 + rng.randint(0, 80), 60, rng.randint(60, 150)),
            (x, y),
            rng.choice((1, 1, 2)),
        )
    for x in range(rim * 5, w - rim * 5, max(60, w // 10)):
        for y in (rim // 2, h - rim // 2):
            pygame.draw.rect(s, (60, 56, 52, 230), (x - 2, y - 2, 5, 5))


def _stars(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """The starliner's dome reflected in the cloth: a scatter of small stars."""
    w, h = s.get_size()
    rng = random.Random(5)
    for _ in range(46):
        x, y = rng.randint(rim * 2, w - rim * 2), rng.randint(rim * 2, rim * 2 + h // 6)
        pygame.draw.circle(s, (235, 230, 255, rng.randint(50, 140)), (x, y), rng.choice((1, 1, 2)))


def _inlay(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """A second brass inlay inside the first, with diamonds at its corners."""
    w, h = s.get_size()
    inner = pygame.Rect(rim * 2, rim * 2, w - rim * 4, h - rim * 4)
    radius = min(w, h) // 10
    pygame.draw.rect(s, (214, 178, 96, 120), inner, 1, border_radius=radius)
    for cx, cy in _corners(w, h, rim * 2 + radius // 3):
        d = max(4, rim // 3)
        pygame.draw.polygon(
            s, (232, 196, 110, 200), [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
        )


def _rock(s: pygame.Surface, look: VenueLook, rim: int) -> None:
    """A rail cut from the mine's rock, and spice dust on the cloth."""
    w, h = s.get_size()
    rng = random.Random(3)
    for _ in range(220):
        x, y = rng.randint(0, w), rng.choice((rng.randint(0, rim), rng.randint(h - rim, h)))
        pygame.draw.circle(s, (30, 24, 20, rng.randint(60, 140)), (x, y), rng.choice((1, 2, 2, 3)))
    for _ in range(80):
        x, y = rng.randint(rim * 2, w - rim * 2), rng.randint(rim * 2, h - rim * 2)
        if abs(x - w / 2) < w * 0.3 and abs(y - h / 2) < h * 0.3:
            continue
        pygame.draw.circle(s, (226, 150, 70, rng.randint(40, 90)), (x, y), 1)


_DETAILS: dict[str, tuple[Callable[[pygame.Surface, VenueLook, int], None], ...]] = {
    "brinewater": (_rivets, _rings),
    "lantern-hall": (_stitching, _lanterns),
    "orchid-terrace": (_orchids,),
    "glasswater": (_ripples,),
    "drifting-crown": (_rope, _compass),
    "ember-dock": (_embers,),
    "aurelia-lounge": (_stars, _inlay),
    "spice-hollow": (_rock,),
    "meridian": (_inlay, _rivets),
}


@lru_cache(maxsize=4)
def render_room(venue_id: str, size: Size) -> pygame.Surface | None:
    """The venue's light and details over a table (felt and rail) of ``size``, or None
    for a name that is no venue."""
    look = VENUE_LOOKS.get(venue_id)
    if look is None:
        return None
    w, h = size
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    rim = max(8, min(w, h) // 28)  # render_felt's rail
    _light(out, look, rim)
    for detail in _DETAILS.get(venue_id, ()):
        detail(out, look, rim)
    return out
