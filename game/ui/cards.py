"""Card faces drawn by code: Sabacc electronic cards and the 52-card deck.

Every face is drawn with pygame primitives on an oversampled surface, shrunk
with smoothscale (antialiasing), then given its text at the final size so the
digits stay crisp.  All renders are cached by (code, size, palette name): a
frame only blits.  Returned surfaces are shared; never draw on them.

Sabacc codes follow CONTRACT §1 (``7c``, ``15t``, ``idiot``, ``evil-one``,
``Lc``); 52-card codes too (``AS``, ``TD``, ``3H``).  Because ``7c`` means a
Sabacc card and ``7C`` a club and codes are case-insensitive, the two decks
have separate functions (``render_sabacc_card`` / ``render_card52``) and
``render_card`` takes the deck by name.

Suits are told apart by silhouette as well as colour: Coins a ringed disc,
Flasks a bottle, Sabres two crossed curved blades, Staves a staff with a knob;
spades, hearts, diamonds and clubs keep their familiar shapes.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import i18n
from game.ui.draw import (
    Point,
    Size,
    additive,
    blur,
    clip_to,
    glow_text,
    polygon,
    rotated,
    rounded_mask,
    signed,
    supersample_factor,
    surface_cache,
    vertical_gradient,
)
from game.ui.fonts import fit_text, render_text
from game.ui.palette import Colour, Palette, get_palette, mix, scale

# ---------------------------------------------------------------------------
# Sabacc codes
# ---------------------------------------------------------------------------

SUIT_NAMES = {"c": "Coins", "f": "Flasks", "s": "Sabres", "t": "Staves"}
RANK_TITLES = {12: "Commander", 13: "Mistress", 14: "Master", 15: "Ace"}

# code -> (value, display name); standard faces first, then Centran's extras.
FACE_CARDS: dict[str, tuple[int, str]] = {
    "idiot": (0, "The Idiot"),
    "queen": (-2, "Queen of Air and Darkness"),
    "endurance": (-8, "Endurance"),
    "balance": (-11, "Balance"),
    "demise": (-13, "Demise"),
    "moderation": (-14, "Moderation"),
    "evil-one": (-15, "The Evil One"),
    "star": (-17, "The Star"),
}
CENTRAN_FACES: dict[str, tuple[int, str]] = {
    "chance": (-6, "Chance"),
    "wheel": (-10, "The Wheel"),
    "starship": (-16, "The Destroyed Starship"),
    "satellite": (-18, "The Satellite"),
    "hazard": (-20, "Hazard"),
    "universe": (-21, "The Universe"),
}
ALL_FACES = {**FACE_CARDS, **CENTRAN_FACES}


@dataclass(frozen=True, slots=True)
class SabaccCard:
    code: str  # canonical: "7c", "idiot", "Lc"
    kind: str  # "suit" | "face" | "legate"
    value: int
    suit: str  # "c" "f" "s" "t", or "" for a face card
    name: str  # what the card calls itself: "7 of Coins", "Demise", "Legate of Staves"


def parse_sabacc(code: str) -> SabaccCard:
    """A Sabacc text code to its card; ``ValueError`` naming the code if it is not one."""
    if not isinstance(code, str):
        raise ValueError(f"unknown Sabacc card code {code!r}")
    t = code.strip().lower()
    if t in ALL_FACES:
        value, name = ALL_FACES[t]
        return SabaccCard(t, "face", value, "", name)
    if len(t) == 2 and t[0] == "l" and t[1] in SUIT_NAMES:
        return SabaccCard("L" + t[1], "legate", 11, t[1], f"Legate of {SUIT_NAMES[t[1]]}")
    if len(t) >= 2 and t[-1] in SUIT_NAMES and t[:-1].isdigit() and 1 <= int(t[:-1]) <= 15:
        value = int(t[:-1])
        title = RANK_TITLES.get(value, str(value))
        return SabaccCard(
            f"{value}{t[-1]}", "suit", value, t[-1], f"{title} of {SUIT_NAMES[t[-1]]}"
        )
    raise ValueError(f"unknown Sabacc card code {code!r}")


def sabacc_codes(centran: bool = False) -> list[str]:
    """Every distinct Sabacc face: the standard deck's, plus Centran's extras when asked."""
    suits = [f"{v}{s}" for s in SUIT_NAMES for v in range(1, 16)]
    faces = list(FACE_CARDS)
    if centran:
        return suits + [f"L{s}" for s in SUIT_NAMES] + faces + list(CENTRAN_FACES)
    return suits + faces


def card_size(height: int) -> Size:
    """The card size for a given height: the 2:3 proportion every card here uses."""
    return (max(20, round(height * 2 / 3)), max(30, height))


# ---------------------------------------------------------------------------
# Glyphs.  Each draws inside ``r`` on an oversampled surface.
# ---------------------------------------------------------------------------

Glyph = Callable[[pygame.Surface, pygame.Rect, Colour, Colour, Colour], None]


def _p(r: pygame.Rect, fx: float, fy: float) -> Point:
    """A point given as fractions of ``r``."""
    return (r.x + fx * r.w, r.y + fy * r.h)


def _circle(
    s: pygame.Surface, c: Colour, r: pygame.Rect, fx: float, fy: float, fr: float, width: int = 0
) -> None:
    pygame.draw.circle(s, c, _p(r, fx, fy), fr * min(r.w, r.h), width)


def _ellipse(
    s: pygame.Surface,
    c: Colour,
    r: pygame.Rect,
    fx: float,
    fy: float,
    fw: float,
    fh: float,
    width: int = 0,
) -> None:
    pygame.draw.ellipse(
        s, c, pygame.Rect(r.x + fx * r.w, r.y + fy * r.h, fw * r.w, fh * r.h), width
    )


def _line(s: pygame.Surface, c: Colour, r: pygame.Rect, a: Point, b: Point, fw: float) -> None:
    w = max(1, round(fw * min(r.w, r.h)))
    p, q = _p(r, *a), _p(r, *b)
    pygame.draw.line(s, c, p, q, w)
    # Round caps, so thick strokes do not end in ragged squares.
    pygame.draw.circle(s, c, p, w / 2)
    pygame.draw.circle(s, c, q, w / 2)


def _poly(s: pygame.Surface, c: Colour, r: pygame.Rect, pts: list[Point]) -> None:
    polygon(s, c, [_p(r, x, y) for x, y in pts])


def glyph_coins(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """A ringed disc: a solid coin with an engraved ring and a centre hole."""
    _circle(s, c, r, 0.5, 0.5, 0.46)
    _circle(s, dark, r, 0.5, 0.5, 0.33, max(1, int(min(r.w, r.h) * 0.06)))
    _circle(s, dark, r, 0.5, 0.5, 0.12)
    _circle(s, mix(c, light, 0.5), r, 0.5, 0.5, 0.46, max(1, int(min(r.w, r.h) * 0.025)))


def glyph_flasks(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """A round-bellied bottle with a long neck and a lip."""
    _ellipse(s, c, r, 0.14, 0.36, 0.72, 0.6)
    _poly(s, c, r, [(0.38, 0.1), (0.62, 0.1), (0.62, 0.45), (0.38, 0.45)])
    _poly(s, c, r, [(0.31, 0.03), (0.69, 0.03), (0.69, 0.12), (0.31, 0.12)])
    # The liquid inside, darker, with a bright meniscus line.
    inner = pygame.Rect(r.x + 0.22 * r.w, r.y + 0.44 * r.h, 0.56 * r.w, 0.46 * r.h)
    clip = s.get_clip()
    s.set_clip(pygame.Rect(inner.x, inner.y + inner.h * 0.35, inner.w, inner.h))
    pygame.draw.ellipse(s, dark, inner)
    s.set_clip(clip)
    _line(s, light, r, (0.26, 0.6), (0.74, 0.6), 0.03)


def _sabre(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, mirror: bool) -> None:
    """One curved blade from the lower corner up to the opposite upper corner."""

    def m(x: float, y: float) -> Point:
        return (1 - x, y) if mirror else (x, y)

    # A quadratic curve for the blade's spine; width tapers to a point.
    p0, p1, p2 = (0.2, 0.8), (0.28, 0.25), (0.88, 0.06)
    left, right = [], []
    n = 14
    for i in range(n + 1):
        t = i / n
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
        dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
        dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
        norm = math.hypot(dx, dy) or 1
        half = 0.065 * (1 - t**1.6) + 0.004
        # The blade is asymmetric: the cutting edge bulges, the back stays straighter.
        left.append(m(x - dy / norm * half * 1.3, y + dx / norm * half * 1.3))
        right.append(m(x + dy / norm * half * 0.6, y - dx / norm * half * 0.6))
    _poly(s, c, r, left + right[::-1])
    _line(s, c, r, m(0.08, 0.72), m(0.32, 0.9), 0.07)  # cross-guard
    _line(s, dark, r, m(0.2, 0.8), m(0.09, 0.95), 0.07)  # grip
    _circle(s, c, r, *m(0.08, 0.96), 0.05)  # pommel


def glyph_sabres(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """Two curved sabres crossed: an X silhouette no other suit has."""
    _sabre(s, r, c, dark, False)
    _sabre(s, r, c, dark, True)


def glyph_staves(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """An upright staff with a round knob, binding rings and a pointed foot."""
    _poly(s, c, r, [(0.4, 0.24), (0.6, 0.24), (0.57, 0.88), (0.5, 0.99), (0.43, 0.88)])
    _poly(s, c, r, [(0.3, 0.3), (0.7, 0.3), (0.62, 0.38), (0.38, 0.38)])  # collar under the knob
    _circle(s, c, r, 0.5, 0.17, 0.2)
    _circle(s, dark, r, 0.5, 0.17, 0.09)
    _circle(s, light, r, 0.45, 0.12, 0.03)
    for y in (0.5, 0.56, 0.76):
        _poly(s, dark, r, [(0.38, y), (0.62, y), (0.62, y + 0.03), (0.38, y + 0.03)])


SUIT_GLYPHS: dict[str, Glyph] = {
    "c": glyph_coins,
    "f": glyph_flasks,
    "s": glyph_sabres,
    "t": glyph_staves,
}


def _face_idiot(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """A jester: a three-pointed belled cap over a grinning face."""
    _poly(
        s,
        c,
        r,
        [
            (0.18, 0.46),
            (0.04, 0.12),
            (0.34, 0.3),
            (0.5, 0.02),
            (0.66, 0.3),
            (0.96, 0.12),
            (0.82, 0.46),
        ],
    )
    for x, y in ((0.04, 0.12), (0.5, 0.02), (0.96, 0.12)):
        _circle(s, light, r, x, y + 0.02, 0.06)
    _ellipse(s, light, r, 0.24, 0.4, 0.52, 0.54)
    _poly(s, c, r, [(0.2, 0.42), (0.8, 0.42), (0.78, 0.5), (0.22, 0.5)])  # the cap's band
    _circle(s, dark, r, 0.4, 0.63, 0.045)
    _circle(s, dark, r, 0.6, 0.63, 0.045)
    pygame.draw.arc(
        s,
        dark,
        pygame.Rect(r.x + 0.35 * r.w, r.y + 0.64 * r.h, 0.3 * r.w, 0.18 * r.h),
        math.pi,
        2 * math.pi,
        max(1, int(r.w * 0.035)),
    )


def _face_queen(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """The Queen of Air and Darkness: a hand mirror, half light and half dark."""
    oval = pygame.Rect(r.x + 0.22 * r.w, r.y + 0.02 * r.h, 0.56 * r.w, 0.68 * r.h)
    _poly(s, c, r, [(0.45, 0.66), (0.55, 0.66), (0.54, 0.95), (0.46, 0.95)])
    _circle(s, c, r, 0.5, 0.96, 0.05)
    pygame.draw.ellipse(s, c, oval.inflate(r.w * 0.08, r.w * 0.08))
    pygame.draw.ellipse(s, dark, oval)
    clip = s.get_clip()
    s.set_clip(pygame.Rect(oval.x, oval.y, oval.w // 2, oval.h))
    pygame.draw.ellipse(s, light, oval)
    s.set_clip(clip)


def _face_endurance(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """Endurance: a heater shield with a chevron, battered but standing."""
    _poly(s, c, r, [(0.14, 0.06), (0.86, 0.06), (0.86, 0.46), (0.5, 0.96), (0.14, 0.46)])
    _poly(s, dark, r, [(0.22, 0.13), (0.78, 0.13), (0.78, 0.44), (0.5, 0.85), (0.22, 0.44)])
    _poly(
        s, light, r, [(0.24, 0.5), (0.5, 0.3), (0.76, 0.5), (0.76, 0.62), (0.5, 0.42), (0.24, 0.62)]
    )


def _face_balance(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """Balance: a beam scale with two hanging pans."""
    _line(s, c, r, (0.5, 0.1), (0.5, 0.88), 0.06)
    _poly(s, c, r, [(0.28, 0.95), (0.72, 0.95), (0.5, 0.82)])
    _line(s, c, r, (0.08, 0.2), (0.92, 0.2), 0.05)
    _circle(s, light, r, 0.5, 0.1, 0.06)
    for x in (0.16, 0.84):
        _line(s, c, r, (x, 0.2), (x - 0.12, 0.56), 0.02)
        _line(s, c, r, (x, 0.2), (x + 0.12, 0.56), 0.02)
        pan = pygame.Rect(r.x + (x - 0.16) * r.w, r.y + 0.46 * r.h, 0.32 * r.w, 0.2 * r.h)
        clip = s.get_clip()
        s.set_clip(pygame.Rect(pan.x, pan.centery, pan.w, pan.h))
        pygame.draw.ellipse(s, c, pan)
        s.set_clip(clip)


def _face_demise(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """Demise: a skull."""
    _ellipse(s, light, r, 0.14, 0.04, 0.72, 0.68)
    _poly(s, light, r, [(0.3, 0.6), (0.7, 0.6), (0.66, 0.9), (0.34, 0.9)])
    _ellipse(s, dark, r, 0.24, 0.32, 0.2, 0.2)
    _ellipse(s, dark, r, 0.56, 0.32, 0.2, 0.2)
    _circle(s, c, r, 0.34, 0.42, 0.035)
    _circle(s, c, r, 0.66, 0.42, 0.035)
    _poly(s, dark, r, [(0.5, 0.54), (0.45, 0.65), (0.55, 0.65)])
    for i in range(4):
        x = 0.37 + i * 0.087
        _line(s, dark, r, (x, 0.74), (x, 0.88), 0.025)


def _face_moderation(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """Moderation: an hourglass, the sand half run through."""
    _poly(s, c, r, [(0.16, 0.04), (0.84, 0.04), (0.84, 0.11), (0.16, 0.11)])
    _poly(s, c, r, [(0.16, 0.89), (0.84, 0.89), (0.84, 0.96), (0.16, 0.96)])
    _poly(
        s,
        light,
        r,
        [(0.24, 0.11), (0.76, 0.11), (0.54, 0.5), (0.76, 0.89), (0.24, 0.89), (0.46, 0.5)],
    )
    _poly(s, c, r, [(0.36, 0.3), (0.64, 0.3), (0.5, 0.5)])
    _poly(s, c, r, [(0.5, 0.66), (0.72, 0.89), (0.28, 0.89)])
    _line(s, c, r, (0.5, 0.5), (0.5, 0.8), 0.015)


def _face_evil_one(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """The Evil One: a horned mask with slanted eyes."""
    _poly(s, c, r, [(0.22, 0.34), (0.04, 0.02), (0.36, 0.26)])
    _poly(s, c, r, [(0.78, 0.34), (0.96, 0.02), (0.64, 0.26)])
    _poly(s, dark, r, [(0.16, 0.28), (0.84, 0.28), (0.8, 0.62), (0.5, 0.96), (0.2, 0.62)])
    _poly(s, c, r, [(0.2, 0.31), (0.8, 0.31), (0.76, 0.6), (0.5, 0.9), (0.24, 0.6)])
    _poly(s, light, r, [(0.26, 0.44), (0.44, 0.5), (0.3, 0.54)])
    _poly(s, light, r, [(0.74, 0.44), (0.56, 0.5), (0.7, 0.54)])
    _poly(s, dark, r, [(0.36, 0.7), (0.64, 0.7), (0.5, 0.78)])


def _star_points(cx: float, cy: float, outer: float, inner: float, rays: int) -> list[Point]:
    pts = []
    for i in range(rays * 2):
        a = -math.pi / 2 + i * math.pi / rays
        rad = outer if i % 2 == 0 else inner
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def _face_star(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """The Star: a four-rayed star with a planet on its orbit."""
    _ellipse(s, c, r, 0.04, 0.3, 0.92, 0.4, max(1, int(r.w * 0.02)))
    _poly(s, light, r, _star_points(0.5, 0.5, 0.46, 0.1, 4))
    _poly(s, c, r, _star_points(0.5, 0.5, 0.2, 0.05, 4))
    _circle(s, c, r, 0.86, 0.62, 0.08)
    _circle(s, light, r, 0.84, 0.6, 0.025)


def _face_chance(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """Chance: a tumbling die."""
    sq = [(0.14, 0.14), (0.86, 0.14), (0.86, 0.86), (0.14, 0.86)]
    _poly(s, c, r, rotated(sq, (0.5, 0.5), 0.3))
    _poly(s, light, r, rotated([(0.2, 0.2), (0.8, 0.2), (0.8, 0.8), (0.2, 0.8)], (0.5, 0.5), 0.3))
    for px, py in ((0.32, 0.32), (0.68, 0.32), (0.5, 0.5), (0.32, 0.68), (0.68, 0.68)):
        ((x, y),) = rotated([(px, py)], (0.5, 0.5), 0.3)
        _circle(s, dark, r, x, y, 0.06)


def _face_wheel(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """The Wheel: a spoked wheel of fortune."""
    _circle(s, c, r, 0.5, 0.5, 0.46, max(2, int(min(r.w, r.h) * 0.08)))
    for i in range(8):
        a = i * math.pi / 4
        _line(s, c, r, (0.5, 0.5), (0.5 + 0.4 * math.cos(a), 0.5 + 0.4 * math.sin(a)), 0.035)
        _circle(s, light, r, 0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a), 0.04)
    _circle(s, light, r, 0.5, 0.5, 0.11)
    _circle(s, dark, r, 0.5, 0.5, 0.05)


def _face_starship(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """The Destroyed Starship: a wedge hull snapped in two along a jagged crack, with sparks."""
    crack = [(0.72, 0.52), (0.6, 0.46), (0.5, 0.55), (0.4, 0.45), (0.28, 0.5)]
    bow = [(0.5, 0.02), *crack]  # the front piece, knocked up and to the left
    stern = [*crack[::-1], (0.08, 0.92), (0.92, 0.92)]  # the back piece, listing to the right
    _poly(s, c, r, [(x - 0.04, y - 0.08) for x, y in rotated(bow, (0.5, 0.4), -0.22)])
    stern = rotated(stern, (0.5, 0.75), 0.12)
    _poly(s, c, r, [(x + 0.03, y + 0.04) for x, y in stern])
    _poly(
        s,
        dark,
        r,
        [
            (x + 0.03, y + 0.04)
            for x, y in rotated(
                [(0.42, 0.7), (0.58, 0.7), (0.56, 0.8), (0.44, 0.8)], (0.5, 0.75), 0.12
            )
        ],
    )
    for a in (0.2, 0.9, 2.3, 3.0, 3.8):
        x, y = 0.5 + 0.1 * math.cos(a), 0.5 + 0.05 * math.sin(a)
        _line(s, light, r, (x, y), (0.5 + 0.34 * math.cos(a), 0.5 + 0.16 * math.sin(a)), 0.02)


def _face_satellite(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """The Satellite: a body with two solar wings and a dish."""
    for x0 in (0.02, 0.64):
        _poly(s, c, r, [(x0, 0.38), (x0 + 0.34, 0.38), (x0 + 0.34, 0.62), (x0, 0.62)])
        for k in range(1, 3):
            _line(s, dark, r, (x0 + k * 0.113, 0.38), (x0 + k * 0.113, 0.62), 0.015)
        _line(s, dark, r, (x0, 0.5), (x0 + 0.34, 0.5), 0.015)
    _poly(
        s,
        light,
        r,
        rotated([(0.38, 0.38), (0.62, 0.38), (0.62, 0.62), (0.38, 0.62)], (0.5, 0.5), math.pi / 4),
    )
    _line(s, light, r, (0.5, 0.34), (0.5, 0.18), 0.025)
    pygame.draw.arc(
        s,
        light,
        pygame.Rect(r.x + 0.34 * r.w, r.y + 0.0 * r.h, 0.32 * r.w, 0.22 * r.h),
        math.pi,
        2 * math.pi,
        max(1, int(r.w * 0.04)),
    )


def _face_hazard(s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour) -> None:
    """Hazard: a warning triangle."""
    _poly(s, c, r, [(0.5, 0.04), (0.97, 0.92), (0.03, 0.92)])
    _poly(s, dark, r, [(0.5, 0.2), (0.84, 0.84), (0.16, 0.84)])
    _poly(s, light, r, [(0.46, 0.36), (0.54, 0.36), (0.52, 0.66), (0.48, 0.66)])
    _circle(s, light, r, 0.5, 0.75, 0.045)


def _face_universe(
    s: pygame.Surface, r: pygame.Rect, c: Colour, dark: Colour, light: Colour
) -> None:
    """The Universe: a two-armed spiral galaxy among stars."""
    for arm in (0, math.pi):
        for i in range(22):
            k = i / 21
            a = arm + k * 3.4
            rad = 0.06 + 0.38 * k
            _circle(
                s,
                c if i % 3 else light,
                r,
                0.5 + rad * math.cos(a),
                0.5 + rad * math.sin(a) * 0.8,
                0.075 * (1 - k) + 0.015,
            )
    _circle(s, light, r, 0.5, 0.5, 0.1)
    for x, y in ((0.1, 0.1), (0.9, 0.16), (0.14, 0.88), (0.86, 0.9)):
        _poly(s, light, r, _star_points(x, y, 0.05, 0.012, 4))


FACE_GLYPHS: dict[str, Glyph] = {
    "idiot": _face_idiot,
    "queen": _face_queen,
    "endurance": _face_endurance,
    "balance": _face_balance,
    "demise": _face_demise,
    "moderation": _face_moderation,
    "evil-one": _face_evil_one,
    "star": _face_star,
    "chance": _face_chance,
    "wheel": _face_wheel,
    "starship": _face_starship,
    "satellite": _face_satellite,
    "hazard": _face_hazard,
    "universe": _face_universe,
}


def _crown(s: pygame.Surface, r: pygame.Rect, c: Colour, light: Colour) -> None:
    """A three-pointed crown: the Legate's mark, and the King's."""
    _poly(
        s,
        c,
        r,
        [(0.1, 0.95), (0.05, 0.2), (0.3, 0.55), (0.5, 0.05), (0.7, 0.55), (0.95, 0.2), (0.9, 0.95)],
    )
    for x, y in ((0.05, 0.2), (0.5, 0.05), (0.95, 0.2)):
        _circle(s, light, r, x, y, 0.08)


# ---------------------------------------------------------------------------
# Sabacc card faces
# ---------------------------------------------------------------------------


def _glass_base(size: Size, ss: int, pal: Palette) -> tuple[pygame.Surface, pygame.Surface]:
    """The card's dark glass body at ``ss`` times ``size``, and its rounded mask."""
    W, H = size[0] * ss, size[1] * ss
    radius = int(W * 0.09)
    mask = rounded_mask((W, H), radius)
    body = pygame.Surface((W, H), pygame.SRCALPHA)
    body.blit(vertical_gradient((W, H), pal.glass_top, pal.glass_bottom), (0, 0))
    clip_to(body, mask)
    # A faint sheen across the upper glass, as on a polished display.
    sheen = pygame.Surface((W, H), pygame.SRCALPHA)
    polygon(sheen, (255, 255, 255, 16), [(0, 0), (W, 0), (W, H * 0.18), (0, H * 0.42)])
    body.blit(clip_to(sheen, mask), (0, 0))
    # Fine horizontal lines: the card is a screen.  Drawn on their own layer:
    # pygame.draw writes alpha instead of blending, which would punch holes.
    lines = pygame.Surface((W, H), pygame.SRCALPHA)
    for y in range(0, H, 3 * ss):
        pygame.draw.line(lines, (255, 255, 255, 9), (0, y), (W, y), ss)
    body.blit(clip_to(lines, mask), (0, 0))
    return body, mask


@surface_cache(64)
def _glass_face(size: Size, ss: int, palette: str) -> pygame.Surface:
    """``_glass_base`` shrunk to ``size``: every face of that size starts from it (a
    copy), so it is drawn once, not once per card."""
    body, _ = _glass_base(size, ss, get_palette(palette))
    return pygame.transform.smoothscale(body, size)


@surface_cache(64)
def _rim_glow(size: Size, glow: Colour) -> pygame.Surface:
    """The rim's blurred coloured edge at ``size``, shared by every card with that glow
    (the blur was a third of a face's cost)."""
    w, h = size
    radius = int(w * 0.09)
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(edge, (*glow, 255), edge.get_rect(), max(2, w // 22), border_radius=radius)
    return additive(clip_to(blur(edge, max(2, w // 16)), rounded_mask((w, h), radius)))


def _add_rim(card: pygame.Surface, glow: Colour, pal: Palette) -> None:
    """The glowing rim, added at final size: a blurred coloured edge plus a crisp line."""
    w, h = card.get_size()
    radius = int(w * 0.09)
    soft = _rim_glow((w, h), glow)
    card.blit(soft, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.rect(
        card,
        mix(glow, (255, 255, 255), 0.35),
        card.get_rect(),
        max(1, w // 80),
        border_radius=radius,
    )


def _draw_glyph_layer(
    size: Size,
    ss: int,
    glyph: Glyph,
    box: tuple[float, float, float, float],
    col: Colour,
    dark: Colour,
    light: Colour,
) -> pygame.Surface:
    """A glyph drawn oversampled in a fractional ``box`` of the card, shrunk to ``size``."""
    W, H = size[0] * ss, size[1] * ss
    layer = pygame.Surface((W, H), pygame.SRCALPHA)
    glyph(layer, pygame.Rect(box[0] * W, box[1] * H, box[2] * W, box[3] * H), col, dark, light)
    return pygame.transform.smoothscale(layer, size)


@surface_cache(256)
def _glyph_layers(
    glyph: Glyph,
    size: Size,
    box: tuple[float, float, float, float],
    col: Colour,
    palette: str,
    ss: int,
) -> tuple[pygame.Surface, pygame.Surface]:
    """A glyph at ``size`` and its blurred halo: the same for every card of a suit (the
    suit's glyph in the same place), so drawn once per suit and size."""
    pal = get_palette(palette)
    layer = _draw_glyph_layer(
        size, ss, glyph, box, col, scale(pal.glass_bottom, 1.0), mix(col, (255, 255, 255), 0.65)
    )
    return layer, additive(blur(layer, max(2, size[0] // 20)))


def _glyph_with_glow(
    card: pygame.Surface,
    glyph: Glyph,
    box: tuple[float, float, float, float],
    col: Colour,
    pal: Palette,
    ss: int,
) -> None:
    layer, halo = _glyph_layers(glyph, card.get_size(), box, col, pal.name, ss)
    card.blit(halo, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    card.blit(layer, (0, 0))


def _corner_index(
    card: pygame.Surface,
    text: str,
    colour: Colour,
    glyph: Glyph | None,
    glyph_col: Colour,
    pal: Palette,
    ss: int,
) -> None:
    """Value (and a mini suit glyph) in the top-left corner.

    Cards are held fanned left to right, so the top-left corner is often all a
    player sees of a card; the electronic cards keep the rest of the face for
    the big value and the glyph.
    """
    w, h = card.get_size()
    pad = max(3, w // 16)
    # Relatively larger on small cards: in a fanned hand the corner is the card.
    txt = render_text(text, max(9, int(h * (0.17 if h < 120 else 0.12))), colour, bold=True)
    card.blit(txt, (pad, pad - max(1, h // 80)))
    if glyph is not None:
        g = max(8, int(h * 0.085))
        layer = _draw_glyph_layer(
            (g, g),
            ss + 1,
            glyph,
            (0, 0, 1, 1),
            glyph_col,
            pal.glass_bottom,
            mix(glyph_col, (255, 255, 255), 0.6),
        )
        card.blit(
            layer, layer.get_rect(midtop=(pad + txt.get_width() / 2, pad + txt.get_height() * 0.85))
        )


def _title_breaks(title: str) -> list[tuple[str, str]]:
    """Every way to set ``title`` on two lines: at a space, or after a Japanese
    middle dot (katakana names have no spaces), or between kanji/kana."""
    splits: list[tuple[str, str]] = []
    for i, ch in enumerate(title):
        if ch == " ":
            splits.append((title[:i], title[i + 1 :]))
        elif ch == "・" and 0 < i < len(title) - 1:
            splits.append((title[: i + 1], title[i + 1 :]))
    if not splits and not title.isascii():
        splits = [(title[:i], title[i:]) for i in range(1, len(title))]
    return splits


def _card_title(card: pygame.Surface, title: str, y: float, colour: Colour) -> None:
    """A card's name under its value; long names take two lines rather than shrink away."""
    w, h = card.get_size()
    size = max(8, int(h * 0.06))
    text = " ".join(title.upper().split())
    one = render_text(text, size, colour, bold=True)
    splits = _title_breaks(text)
    if one.get_width() <= w * 0.86 or not splits:
        lines = [fit_text(text, int(w * 0.86), size, colour, bold=True)]
    else:
        # Split where the two halves are most even.
        best = min(splits, key=lambda pair: abs(len(pair[0]) - len(pair[1])))
        lines = [fit_text(part, int(w * 0.86), size, colour, bold=True) for part in best]
    total = sum(line.get_height() for line in lines) * 0.85
    ty = y - total / 2
    for line in lines:
        card.blit(line, line.get_rect(midtop=(w / 2, ty)))
        ty += line.get_height() * 0.85


def card_title(code: str) -> str:
    """The name printed on a Sabacc card in the current language ("" for plain 1-11)."""
    card = parse_sabacc(code)
    if card.kind == "face":
        return i18n.t(f"sabacc.card.{card.code}")
    if card.kind == "legate":
        return i18n.t("sabacc.card.legate_title")
    return i18n.t(f"sabacc.rank.{card.value}") if card.value in RANK_TITLES else ""


def _crown_glyph(
    surface: pygame.Surface, rect: pygame.Rect, col: Colour, dark: Colour, light: Colour
) -> None:
    """The Legate's crown as a glyph (one function, so its drawing is shared)."""
    _crown(surface, rect, col, light)


@surface_cache(1024)
def _sabacc_face(code: str, size: Size, palette: str, language: str, shown: int) -> pygame.Surface:
    # ``language`` is part of the cache key: the printed names are translated.
    # ``shown``: the value the electronic card displays (what it counts now).
    pal = get_palette(palette)
    card = parse_sabacc(code)
    w, h = size
    ss = supersample_factor(h)
    out = _glass_face(size, ss, pal.name).copy()
    small = h < 120  # at hand-fan sizes, drop the words and grow the glyph
    value_col = pal.negative if shown < 0 else pal.text
    if card.kind == "face":
        glow = pal.face_glow
        _add_rim(out, glow, pal)
        box = (0.2, 0.17, 0.6, 0.42) if not small else (0.16, 0.3, 0.68, 0.4)
        _glyph_with_glow(out, FACE_GLYPHS[card.code], box, glow, pal, ss)
        if small:
            glow_text(
                out,
                signed(shown),
                int(h * 0.2),
                (w / 2, h * 0.82),
                value_col,
                scale(glow, 0.5),
            )
        else:
            glow_text(
                out,
                signed(shown),
                int(h * 0.17),
                (w / 2, h * 0.7),
                value_col,
                scale(glow, 0.5),
            )
            _card_title(out, card_title(code), h * 0.86, mix(glow, (255, 255, 255), 0.55))
        _corner_index(out, signed(shown), value_col, None, glow, pal, ss)
        return out
    glow = pal.sabacc_suit(card.suit)
    _add_rim(out, glow, pal)
    glyph = SUIT_GLYPHS[card.suit]
    title = card_title(code)
    if card.kind == "legate":
        # The Legate: a crown over the suit glyph, so it never reads as a plain 11.
        _glyph_with_glow(
            out,
            _crown_glyph,
            (0.33, 0.2, 0.34, 0.14),
            pal.brass_light,
            pal,
            ss,
        )
        _glyph_with_glow(out, glyph, (0.3, 0.36, 0.4, 0.27), glow, pal, ss)
    else:
        _glyph_with_glow(
            out,
            glyph,
            (0.27, 0.2, 0.46, 0.31) if not small else (0.26, 0.36, 0.48, 0.32),
            glow,
            pal,
            ss,
        )
    value_y = 0.73 if not small else 0.82
    glow_text(
        out,
        signed(shown),
        int(h * (0.2 if not small else 0.22)),
        (w / 2, h * value_y),
        value_col,
        scale(glow, 0.55),
    )
    if title and not small:
        _card_title(out, title, h * 0.88, mix(glow, (255, 255, 255), 0.5))
    _corner_index(out, signed(shown), value_col, glyph, glow, pal, ss)
    return out


def render_sabacc_card(
    code: str, size: Size, palette: str = "cantina", value: int | None = None
) -> pygame.Surface:
    """A Sabacc card face at ``size`` (w, h); cached by (code, size, palette, language,
    value). Sabacc cards are electronic: ``value`` is what the card counts now when a
    rule has revalued it (Random Sabacc's Mirror), None for its own value."""
    card = parse_sabacc(code)
    return _sabacc_face(
        card.code,
        (int(size[0]), int(size[1])),
        get_palette(palette).name,
        i18n.get_language(),
        card.value if value is None else value,
    )


@surface_cache(64)
def render_sabacc_back(size: Size, palette: str = "cantina") -> pygame.Surface:
    """The face-down Sabacc card: a lattice of brass diamonds around a four-suit rosette."""
    pal = get_palette(palette)
    w, h = size
    ss = supersample_factor(h)
    W, H = w * ss, h * ss
    mask = rounded_mask((W, H), int(W * 0.09))
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.blit(vertical_gradient((W, H), pal.back_a, pal.back_b), (0, 0))
    line = mix(pal.back_a, pal.back_line, 0.35)
    step = W / 6
    for i in range(-8, 16):  # diagonal lattice both ways
        x = i * step
        pygame.draw.line(big, line, (x, 0), (x + H, H), max(1, ss))
        pygame.draw.line(big, line, (x, 0), (x - H, H), max(1, ss))
    inset = pygame.Rect(0, 0, W, H).inflate(-W * 0.12, -W * 0.12)
    pygame.draw.rect(big, pal.back_line, inset, max(1, ss * 2), border_radius=int(W * 0.06))
    cx, cy, rad = W / 2, H / 2, W * 0.3
    pygame.draw.circle(big, pal.back_b, (cx, cy), rad)
    pygame.draw.circle(big, pal.back_line, (cx, cy), rad, max(1, ss * 2))
    polygon(
        big, mix(pal.back_line, pal.back_b, 0.3), _star_points(cx, cy, rad * 0.92, rad * 0.22, 4)
    )
    for i, suit in enumerate("cfst"):
        a = -math.pi / 4 + i * math.pi / 2
        g = rad * 0.5
        gr = pygame.Rect(0, 0, g, g)
        gr.center = (round(cx + math.cos(a) * rad * 0.58), round(cy + math.sin(a) * rad * 0.58))
        SUIT_GLYPHS[suit](big, gr, pal.sabacc_suit(suit), pal.back_b, pal.text)
    clip_to(big, mask)
    out = pygame.transform.smoothscale(big, size)
    _add_rim(out, pal.back_line, pal)
    return out


# ---------------------------------------------------------------------------
# The value shift and the stasis field
# ---------------------------------------------------------------------------


def render_shift_frame(
    old_code: str,
    new_code: str,
    size: Size,
    t: float,
    palette: str = "cantina",
    values: tuple[int | None, int | None] = (None, None),
) -> pygame.Surface:
    """One frame of a card's value shifting from ``old_code`` to ``new_code``, ``t`` in 0..1.

    The face flickers and tears (bands slide sideways, the colour channels
    split, noise bands and scanlines cross it); band by band the new face
    replaces the old, then the glitch settles.  ``t <= 0`` is exactly the old
    face and ``t >= 1`` exactly the new one.  Noise is seeded from the codes and
    ``t``, so the same frame is always the same picture.  ``values``: what each
    face displays when a rule has revalued it (see ``render_sabacc_card``).
    """
    old = render_sabacc_card(old_code, size, palette, values[0])
    new = render_sabacc_card(new_code, size, palette, values[1])
    if t <= 0:
        return old
    if t >= 1:
        return new
    w, h = old.get_size()
    glitch = math.sin(math.pi * t)  # 0 at both ends, strongest mid-shift
    # Band thresholds depend only on the codes, so bands flip old->new monotonically over t.
    base_seed = zlib.crc32(f"{old_code}>{new_code}".encode())
    bands = max(6, h // 10)
    band_rng = random.Random(base_seed)
    thresholds = [0.3 + 0.4 * band_rng.random() for _ in range(bands)]
    rng = random.Random(base_seed ^ int(t * 10_000))
    frame = pygame.Surface((w, h), pygame.SRCALPHA)
    band_h = h / bands
    for i, threshold in enumerate(thresholds):
        src = new if t >= threshold else old
        y0, y1 = round(i * band_h), round((i + 1) * band_h)
        dx = round((rng.random() - 0.5) * 2 * glitch * w * 0.16) if rng.random() < glitch else 0
        frame.blit(src, (dx, y0), pygame.Rect(0, y0, w, y1 - y0))
    # Colour channel split: red one way, cyan the other.
    split = max(1, round(glitch * w * 0.05))
    red = frame.copy()
    red.fill((255, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    cyan = frame.copy()
    cyan.fill((0, 255, 255, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(red, (-split, 0))
    out.blit(cyan, (split, 0), special_flags=pygame.BLEND_RGBA_ADD)
    # Noise bands: short bright static streaks.
    for _ in range(int(glitch * 7)):
        y = rng.randrange(h)
        bh = rng.randint(1, max(1, h // 30))
        for _ in range(rng.randint(3, 9)):
            x = rng.randrange(w)
            v = rng.randint(120, 255)
            out.fill(
                (v, v, v, 0),
                (x, y, rng.randint(2, max(3, w // 5)), bh),
                special_flags=pygame.BLEND_RGBA_ADD,
            )
    # Scanlines, fading in with the glitch.
    dark = pygame.Surface((w, 1), pygame.SRCALPHA)
    dark.fill((0, 0, 0, int(110 * glitch)))
    for y in range(0, h, 3):
        out.blit(dark, (0, y))
    # Keep the torn bands inside the card's outline.
    return clip_to(out, rounded_mask((w, h), int(w * 0.09)))


STASIS_PHASES = 24


def stasis_margin(size: Size) -> int:
    """How far the stasis overlay reaches beyond the card on each side."""
    return max(4, size[0] // 10)


@surface_cache(256)
def _stasis_overlay(size: Size, phase: int, palette: str) -> pygame.Surface:
    pal = get_palette(palette)
    w, h = size
    m = stasis_margin(size)
    W, H = w + 2 * m, h + 2 * m
    card_rect = pygame.Rect(m, m, w, h)
    radius = int(w * 0.09)
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    shimmer = 0.5 + 0.5 * math.sin(phase / STASIS_PHASES * 2 * math.pi)
    # Soft cyan field around the card.
    halo = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(
        halo,
        (*pal.stasis, int(150 + 80 * shimmer)),
        card_rect.inflate(m, m),
        max(2, m // 2),
        border_radius=radius + m // 2,
    )
    out.blit(blur(halo, max(2, m // 2)), (0, 0))
    # A faint tint over the face with drifting diagonal interference lines.
    tint = pygame.Surface((W, H), pygame.SRCALPHA)
    tint.fill((*pal.stasis, 26))
    offset = phase / STASIS_PHASES * (w / 4)
    step = max(4, w // 8)
    for i in range(-h // step - 2, w // step + 3):
        x = m + i * step + offset
        pygame.draw.line(tint, (*pal.stasis, 40), (x, m), (x + h * 0.5, m + h), 1)
    inner_mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(inner_mask, (255, 255, 255, 255), card_rect, border_radius=radius)
    out.blit(clip_to(tint, inner_mask), (0, 0))
    # The frame itself, double-lined, with sparks running round it.
    pygame.draw.rect(
        out,
        mix(pal.stasis, (255, 255, 255), 0.4 + 0.3 * shimmer),
        card_rect.inflate(m // 2, m // 2),
        max(1, m // 5),
        border_radius=radius + m // 4,
    )
    pygame.draw.rect(
        out, (*pal.stasis, 180), card_rect.inflate(m, m), 1, border_radius=radius + m // 2
    )
    perimeter = 2 * (w + h)
    for k in range(4):
        d = ((phase / STASIS_PHASES) + k / 4) * perimeter % perimeter
        if d < w:
            p: Point = (m + d, m - m / 4)
        elif d < w + h:
            p = (m + w + m / 4, m + d - w)
        elif d < 2 * w + h:
            p = (m + w - (d - w - h), m + h + m / 4)
        else:
            p = (m - m / 4, m + h - (d - 2 * w - h))
        pygame.draw.circle(out, (255, 255, 255), p, max(1.5, m / 4))
        pygame.draw.circle(out, (*pal.stasis, 120), p, max(2.5, m / 2.2), 1)
    return out


def render_stasis_overlay(size: Size, t: float = 0.0, palette: str = "cantina") -> pygame.Surface:
    """The interference/stasis field for a card of ``size``; ``t`` loops 0..1.

    The overlay is ``stasis_margin(size)`` larger on every side: blit it at the
    card's position minus that margin.  Cached on 24 phases.
    """
    phase = int((t % 1.0) * STASIS_PHASES)
    return _stasis_overlay((int(size[0]), int(size[1])), phase, get_palette(palette).name)


def render_frozen_card(
    code: str, size: Size, t: float = 0.0, palette: str = "cantina"
) -> pygame.Surface:
    """A Sabacc card inside its stasis field, as one surface (margin included)."""
    overlay = render_stasis_overlay(size, t, palette)
    m = stasis_margin(size)
    out = pygame.Surface(overlay.get_size(), pygame.SRCALPHA)
    out.blit(render_sabacc_card(code, size, palette), (m, m))
    out.blit(overlay, (0, 0))
    return out


# ---------------------------------------------------------------------------
# The 52-card deck
# ---------------------------------------------------------------------------

RANKS52 = "A23456789TJQK"
SUITS52 = "SHDC"


def parse_card52(code: str) -> tuple[str, str]:
    """``"AS"``/``"10h"`` -> (rank char, suit char); ``ValueError`` naming a bad code."""
    if not isinstance(code, str):
        raise ValueError(f"unknown card code {code!r}")
    t = code.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS52 or t[1] not in SUITS52:
        raise ValueError(f"unknown card code {code!r}")
    return t[0], t[1]


def card52_codes() -> list[str]:
    return [r + s for s in SUITS52 for r in RANKS52]


def _heart(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    _circle(s, c, r, 0.29, 0.32, 0.25)
    _circle(s, c, r, 0.71, 0.32, 0.25)
    _poly(s, c, r, [(0.06, 0.42), (0.94, 0.42), (0.5, 0.96)])
    _poly(s, c, r, [(0.3, 0.3), (0.7, 0.3), (0.8, 0.56), (0.2, 0.56)])


def _spade(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    _circle(s, c, r, 0.29, 0.6, 0.24)
    _circle(s, c, r, 0.71, 0.6, 0.24)
    _poly(s, c, r, [(0.06, 0.52), (0.94, 0.52), (0.5, 0.02)])
    _poly(s, c, r, [(0.3, 0.62), (0.7, 0.62), (0.8, 0.42), (0.2, 0.42)])
    _poly(s, c, r, [(0.5, 0.62), (0.66, 0.98), (0.34, 0.98)])


def _diamond(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    _poly(s, c, r, [(0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)])


def _club(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    _circle(s, c, r, 0.5, 0.26, 0.23)
    _circle(s, c, r, 0.26, 0.58, 0.23)
    _circle(s, c, r, 0.74, 0.58, 0.23)
    _circle(s, c, r, 0.5, 0.52, 0.14)
    _poly(s, c, r, [(0.5, 0.55), (0.68, 0.98), (0.32, 0.98)])


PIP_SHAPES: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "S": _spade,
    "H": _heart,
    "D": _diamond,
    "C": _club,
}

# (x, y) in fractions of the pip field; y > 0.5 pips are drawn upside down, as printed decks do.
_PIP_LAYOUT: dict[str, list[Point]] = {
    "2": [(0.5, 0.0), (0.5, 1.0)],
    "3": [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    "4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "5": [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    "6": [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "7": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "8": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    "9": [
        (0, 0),
        (1, 0),
        (0, 1 / 3),
        (1, 1 / 3),
        (0.5, 0.5),
        (0, 2 / 3),
        (1, 2 / 3),
        (0, 1),
        (1, 1),
    ],
    "T": [
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ],
}


@surface_cache(256)
def _pip(suit: str, px: int, palette: str) -> pygame.Surface:
    pal = get_palette(palette)
    ss = 4
    big = pygame.Surface((px * ss, px * ss), pygame.SRCALPHA)
    PIP_SHAPES[suit](big, big.get_rect(), pal.suit52(suit))
    return pygame.transform.smoothscale(big, (px, px))


def _court_figure(
    s: pygame.Surface, r: pygame.Rect, rank: str, c: Colour, paper: Colour, pal: Palette
) -> None:
    """Half a court card: a stylised bust with the rank's headwear (drawn once, mirrored)."""
    skin = mix(paper, (236, 200, 160), 0.8)
    robe = c
    trim = pal.brass
    _ellipse(s, robe, r, 0.08, 0.62, 0.84, 0.9)  # shoulders run off the bottom into the mirror line
    _poly(s, trim, r, [(0.44, 0.62), (0.56, 0.62), (0.54, 1.0), (0.46, 1.0)])
    _ellipse(s, skin, r, 0.33, 0.3, 0.34, 0.38)
    _circle(s, (40, 30, 30), r, 0.44, 0.48, 0.025)
    _circle(s, (40, 30, 30), r, 0.56, 0.48, 0.025)
    _line(s, (150, 70, 60), r, (0.45, 0.59), (0.55, 0.59), 0.02)
    if rank == "K":
        _poly(
            s,
            trim,
            r,
            [
                (0.3, 0.34),
                (0.28, 0.08),
                (0.39, 0.2),
                (0.5, 0.02),
                (0.61, 0.2),
                (0.72, 0.08),
                (0.7, 0.34),
            ],
        )
        _ellipse(s, mix(skin, (90, 70, 50), 0.5), r, 0.36, 0.55, 0.28, 0.16)  # beard
    elif rank == "Q":
        _ellipse(s, scale(robe, 0.7), r, 0.26, 0.26, 0.48, 0.24)  # hair
        _ellipse(s, skin, r, 0.34, 0.32, 0.32, 0.36)
        pygame.draw.arc(
            s,
            trim,
            pygame.Rect(r.x + 0.3 * r.w, r.y + 0.16 * r.h, 0.4 * r.w, 0.3 * r.h),
            0.3,
            math.pi - 0.3,
            max(1, int(r.w * 0.05)),
        )
        for x in (0.36, 0.5, 0.64):
            _circle(s, trim, r, x, 0.17 if x == 0.5 else 0.2, 0.04)
    else:
        _poly(s, robe, r, [(0.28, 0.34), (0.34, 0.16), (0.72, 0.2), (0.74, 0.34)])  # cap
        _poly(s, trim, r, [(0.28, 0.32), (0.74, 0.32), (0.74, 0.37), (0.28, 0.37)])
        _line(s, trim, r, (0.7, 0.2), (0.9, 0.04), 0.04)  # feather


@surface_cache(1024)
def _card52_face(code: str, size: Size, palette: str) -> pygame.Surface:
    pal = get_palette(palette)
    rank, suit = code[0], code[1]
    w, h = size
    ss = supersample_factor(h)
    W, H = w * ss, h * ss
    colour = pal.suit52(suit)
    mask = rounded_mask((W, H), int(W * 0.08))
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.blit(vertical_gradient((W, H), pal.paper, scale(pal.paper, 0.93)), (0, 0))
    clip_to(big, mask)
    pygame.draw.rect(big, pal.paper_edge, big.get_rect(), max(1, ss), border_radius=int(W * 0.08))
    field = pygame.Rect(W * 0.26, H * 0.14, W * 0.48, H * 0.72)
    if rank in "JQK":
        frame = pygame.Rect(W * 0.2, H * 0.11, W * 0.6, H * 0.78)
        pygame.draw.rect(big, mix(pal.paper, colour, 0.1), frame)
        half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
        _court_figure(half, half.get_rect(), rank, colour, pal.paper, pal)
        big.blit(half, frame.topleft)
        big.blit(
            pygame.transform.rotate(half, 180), (frame.x, frame.y + frame.h - half.get_height())
        )
        pygame.draw.line(
            big, colour, (frame.x, frame.centery), (frame.right, frame.centery), max(1, ss)
        )
        pygame.draw.rect(big, colour, frame, max(2, ss * 2))
        pygame.draw.rect(big, pal.brass, frame.inflate(-ss * 6, -ss * 6), max(1, ss))
    out = pygame.transform.smoothscale(big, size)
    if rank == "A":
        px = int(w * (0.5 if suit != "D" else 0.46))
        pip = _pip(suit, px, palette)
        out.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
    elif rank in "JQK":
        # The rank letter on the figure's shoulder, so a court card names itself.
        letter = render_text(rank, max(8, int(h * 0.1)), colour, bold=True)
        pip = _pip(suit, max(6, int(w * 0.11)), palette)
        fx, fy = w * 0.27, h * 0.17
        out.blit(letter, (fx, fy))
        out.blit(pip, (fx, fy + letter.get_height() * 0.95))
    else:
        px = max(6, int(w * (0.2 if rank in "23" else 0.18)))
        pip = _pip(suit, px, palette)
        flipped = pygame.transform.rotate(pip, 180)
        fw, fh = field.w / ss, field.h / ss
        fx0, fy0 = field.x / ss, field.y / ss
        for fx, fy in _PIP_LAYOUT[rank]:
            img = flipped if fy > 0.5 else pip
            out.blit(
                img,
                img.get_rect(
                    center=(
                        fx0 + fx * fw,
                        fy0 + pip.get_height() / 2 + fy * (fh - pip.get_height()),
                    )
                ),
            )
    # Corner indices, top-left and (upside down) bottom-right.
    label = "10" if rank == "T" else rank
    small_card = h < 120
    corner = pygame.Surface(
        (max(1, int(w * (0.24 if small_card else 0.2))), max(1, int(h * 0.28))), pygame.SRCALPHA
    )
    txt = render_text(label, max(9, int(h * (0.16 if small_card else 0.13))), colour, bold=True)
    if txt.get_width() > corner.get_width():
        txt = pygame.transform.smoothscale(
            txt, (corner.get_width(), int(txt.get_height() * corner.get_width() / txt.get_width()))
        )
    corner.blit(txt, txt.get_rect(midtop=(corner.get_width() / 2, 0)))
    small = _pip(suit, max(6, int(w * 0.13)), palette)
    corner.blit(small, small.get_rect(midtop=(corner.get_width() / 2, txt.get_height() * 0.92)))
    pad = max(2, w // 30)
    out.blit(corner, (pad, pad))
    out.blit(
        pygame.transform.rotate(corner, 180),
        (w - pad - corner.get_width(), h - pad - corner.get_height()),
    )
    return out


def render_card52(code: str, size: Size, palette: str = "cantina") -> pygame.Surface:
    """A 52-card deck face (``AS``, ``TD``, ``10h``) at ``size``; cached."""
    rank, suit = parse_card52(code)
    return _card52_face(rank + suit, (int(size[0]), int(size[1])), get_palette(palette).name)


@surface_cache(64)
def render_card52_back(size: Size, palette: str = "cantina") -> pygame.Surface:
    """The 52-card back: a diamond lattice inside a white border, a medallion at the centre."""
    pal = get_palette(palette)
    w, h = size
    ss = supersample_factor(h)
    W, H = w * ss, h * ss
    mask = rounded_mask((W, H), int(W * 0.08))
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill(pal.paper)
    inner = pygame.Rect(0, 0, W, H).inflate(-W * 0.14, -W * 0.14)
    big.fill(pal.back52_a, inner)
    step = inner.w / 5
    for i in range(-10, 20):
        x = inner.x + i * step
        pygame.draw.line(
            big, pal.back52_b, (x, inner.y), (x + inner.h, inner.bottom), max(1, ss * 2)
        )
        pygame.draw.line(
            big, pal.back52_b, (x, inner.y), (x - inner.h, inner.bottom), max(1, ss * 2)
        )
    big.fill(pal.paper, pygame.Rect(0, 0, W, inner.y))  # tidy the lattice's overrun
    big.fill(pal.paper, pygame.Rect(0, inner.bottom, W, H - inner.bottom))
    big.fill(pal.paper, pygame.Rect(0, 0, inner.x, H))
    big.fill(pal.paper, pygame.Rect(inner.right, 0, W - inner.right, H))
    pygame.draw.rect(big, pal.back52_b, inner, max(1, ss * 2))
    med = pygame.Rect(0, 0, W * 0.44, H * 0.3)
    med.center = inner.center
    pygame.draw.ellipse(big, pal.paper, med)
    pygame.draw.ellipse(big, pal.back52_a, med.inflate(-ss * 6, -ss * 6))
    polygon(big, pal.paper, _star_points(med.centerx, med.centery, med.h * 0.36, med.h * 0.12, 4))
    pygame.draw.rect(big, pal.paper_edge, big.get_rect(), max(1, ss), border_radius=int(W * 0.08))
    return pygame.transform.smoothscale(clip_to(big, mask), size)


# ---------------------------------------------------------------------------
# One entry point for scenes
# ---------------------------------------------------------------------------


def render_card(
    code: str, size: Size, palette: str = "cantina", deck: str = "sabacc"
) -> pygame.Surface:
    """A face for ``code`` from ``deck`` ("sabacc" or "52"); ``"back"`` gives that deck's back."""
    if deck == "sabacc":
        return (
            render_sabacc_back(size, palette)
            if code == "back"
            else render_sabacc_card(code, size, palette)
        )
    if deck == "52":
        return (
            render_card52_back(size, palette)
            if code == "back"
            else render_card52(code, size, palette)
        )
    raise ValueError(f"unknown deck {deck!r}; use 'sabacc' or '52'")


def clear_cache() -> None:
    for fn in (
        _glass_face,
        _rim_glow,
        _glyph_layers,
        _sabacc_face,
        render_sabacc_back,
        _stasis_overlay,
        _pip,
        _card52_face,
        render_card52_back,
    ):
        fn.cache_clear()
