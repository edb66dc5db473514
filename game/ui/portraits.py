"""Character portraits drawn by code: a bust on a round plate, seeded per character.

Nothing here is an outside asset. A portrait is described by a ``PortraitSpec`` (species,
skin, eyes, hair, clothing, accessory) that ``spec_for(character_id)`` derives from a stable
hash of the id, so a character looks the same on every run, machine and version; a
``Expression`` changes only the brows, eyes and mouth, so the face stays recognisable
when it reacts to a big win, a bust or a shift.

Drawing happens at three times the asked size and is smooth-scaled down, which gives soft
edges without per-primitive antialiasing. ``portrait()`` caches by (spec, expression, size).
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
_SUPERSAMPLE = 3


class Species(StrEnum):
    """Our own peoples of the Sabacc tables (none is taken from anyone's canon)."""

    HUMAN = "human"
    SCALED = "scaled"  # brow ridges and a crest of scales, no hair
    FURRED = "furred"  # tall ears, a muzzle, fur that frames the face
    HORNED = "horned"  # two swept horns through the hair
    TENDRIL = "tendril"  # head-tendrils that fall to the shoulders
    DROID = "droid"  # a plated head with lamp eyes


class Expression(StrEnum):
    NEUTRAL = "neutral"
    HAPPY = "happy"  # a pot won
    SMUG = "smug"  # a bluff that worked, a good shift
    GRIM = "grim"  # a pot lost
    SHOCKED = "shocked"  # bombed out, a shift that hurt
    WORRIED = "worried"  # low on chips


HAIR_STYLES = ("bald", "crop", "long", "bun", "crest", "swept")
ACCESSORIES = ("none", "goggles", "earring", "scar", "cap", "monocle", "hood")

_SKINS: dict[Species, tuple[Colour, ...]] = {
    Species.HUMAN: ((241, 206, 176), (224, 172, 130), (186, 130, 90), (141, 92, 62), (96, 62, 42)),
    Species.SCALED: ((110, 150, 96), (86, 128, 140), (160, 122, 84), (128, 96, 150)),
    Species.FURRED: ((170, 128, 86), (120, 98, 80), (214, 190, 150), (90, 80, 76)),
    Species.HORNED: ((196, 112, 104), (150, 140, 190), (220, 180, 150), (120, 160, 150)),
    Species.TENDRIL: ((110, 170, 200), (200, 150, 90), (170, 120, 180), (120, 180, 130)),
    Species.DROID: ((170, 176, 184), (196, 162, 96), (120, 128, 140), (210, 210, 214)),
}
_HAIR = (
    (30, 26, 24),
    (84, 56, 36),
    (160, 110, 60),
    (214, 190, 130),
    (200, 200, 206),
    (130, 40, 40),
    (60, 70, 120),
)
_EYES = ((70, 110, 60), (60, 90, 140), (90, 60, 40), (160, 120, 40), (150, 60, 60), (80, 160, 170))
_CLOTH = (
    (120, 46, 46),
    (46, 70, 120),
    (60, 100, 70),
    (130, 100, 50),
    (80, 60, 110),
    (50, 50, 56),
    (150, 120, 90),
    (40, 90, 100),
)
_PLATES = ((58, 74, 88), (76, 60, 84), (62, 84, 70), (88, 72, 56), (70, 70, 78))


@dataclass(frozen=True, slots=True)
class PortraitSpec:
    species: Species
    skin: Colour
    eyes: Colour
    hair: Colour
    hair_style: str
    cloth: Colour
    trim: Colour
    plate: Colour
    accessory: str
    face_width: float  # 0.8 .. 1.15, relative head width
    jaw: float  # 0 round .. 1 square

    def with_(self, **changes: object) -> PortraitSpec:
        return replace(self, **changes)  # type: ignore[arg-type]


def _seed(character_id: str) -> int:
    # zlib.crc32 is stable across runs and platforms (hash() is salted per process).
    return zlib.crc32(character_id.encode("utf-8"))


def _lighter(colour: Colour, amount: float) -> Colour:
    return (
        min(255, int(colour[0] + (255 - colour[0]) * amount)),
        min(255, int(colour[1] + (255 - colour[1]) * amount)),
        min(255, int(colour[2] + (255 - colour[2]) * amount)),
    )


def _darker(colour: Colour, amount: float) -> Colour:
    return (
        int(colour[0] * (1 - amount)),
        int(colour[1] * (1 - amount)),
        int(colour[2] * (1 - amount)),
    )


def spec_for(character_id: str, species: Species | None = None) -> PortraitSpec:
    """The stable look of a character: the same id always gives the same spec."""
    rng = random.Random(_seed(character_id))
    # Most regulars are human; the other peoples share the rest of the tables.
    kind = species or rng.choices(list(Species), weights=(7, 3, 3, 3, 3, 2))[0]
    cloth = rng.choice(_CLOTH)
    style = rng.choice(HAIR_STYLES)
    if kind in (Species.SCALED, Species.DROID):
        style = "bald"
    elif kind is Species.TENDRIL:
        style = rng.choice(("bald", "crop"))
    accessory = rng.choice(ACCESSORIES)
    if kind is Species.DROID and accessory in ("scar", "earring"):
        accessory = "none"
    return PortraitSpec(
        species=kind,
        skin=rng.choice(_SKINS[kind]),
        eyes=rng.choice(_EYES),
        hair=rng.choice(_HAIR),
        hair_style=style,
        cloth=cloth,
        trim=rng.choice(((200, 170, 90), (210, 210, 215), (170, 90, 60), (90, 150, 170))),
        plate=rng.choice(_PLATES),
        accessory=accessory,
        face_width=round(rng.uniform(0.84, 1.12), 3),
        jaw=round(rng.uniform(0.0, 1.0), 3),
    )


# ----------------------------------------------------------------------------- drawing
def _ellipse(
    surface: pygame.Surface,
    colour: Colour,
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    width: int = 0,
) -> None:
    rect = pygame.Rect(0, 0, max(1, int(2 * rx)), max(1, int(2 * ry)))
    rect.center = (int(cx), int(cy))
    pygame.draw.ellipse(surface, colour, rect, width)


def _arc_points(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 16
) -> list[tuple[float, float]]:
    return [
        (
            cx + rx * math.cos(start + (end - start) * i / steps),
            cy + ry * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    ]


def _thick_line(
    surface: pygame.Surface, colour: Colour, points: list[tuple[float, float]], width: int
) -> None:
    if len(points) >= 2:
        pygame.draw.lines(surface, colour, False, points, max(1, width))
        for x, y in (points[0], points[-1]):
            pygame.draw.circle(surface, colour, (int(x), int(y)), max(1, width // 2))


def _draw(spec: PortraitSpec, expression: Expression, size: int) -> pygame.Surface:
    s = size
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    cx = s / 2
    # The plate: a round backdrop with a rim, so portraits sit well on any felt.
    pygame.draw.circle(surface, spec.plate, (int(cx), int(cx)), int(s * 0.49))
    pygame.draw.circle(surface, _lighter(spec.plate, 0.12), (int(cx), int(s * 0.42)), int(s * 0.36))
    pygame.draw.circle(
        surface, _darker(spec.plate, 0.35), (int(cx), int(cx)), int(s * 0.49), max(1, s // 40)
    )
    clip = pygame.Surface((s, s), pygame.SRCALPHA)
    skin = spec.skin
    shade = _darker(skin, 0.22)
    head_cy = s * 0.43
    head_rx = s * 0.19 * spec.face_width
    head_ry = s * 0.235

    # Shoulders and clothing.
    _ellipse(clip, spec.cloth, cx, s * 0.98, s * 0.42, s * 0.26)
    _ellipse(clip, _darker(spec.cloth, 0.25), cx, s * 0.99, s * 0.42, s * 0.26, max(1, s // 60))
    pygame.draw.polygon(
        clip,
        spec.trim,
        [
            (cx - s * 0.12, s * 0.74),
            (cx, s * 0.86),
            (cx + s * 0.12, s * 0.74),
            (cx + s * 0.08, s * 0.72),
            (cx, s * 0.80),
            (cx - s * 0.08, s * 0.72),
        ],
    )
    if spec.accessory == "hood":
        _ellipse(
            clip, _darker(spec.cloth, 0.15), cx, head_cy + s * 0.02, head_rx * 1.55, head_ry * 1.35
        )
    # Neck.
    pygame.draw.rect(clip, shade, (int(cx - s * 0.07), int(s * 0.6), int(s * 0.14), int(s * 0.14)))

    # Behind the head: long hair, tendrils, ears.
    if spec.hair_style == "long":
        _ellipse(clip, spec.hair, cx, head_cy + s * 0.08, head_rx * 1.3, head_ry * 1.25)
    if spec.species is Species.TENDRIL:
        for side in (-1, 1):
            base_x = cx + side * head_rx * 0.75
            pts = [
                (base_x + side * s * 0.02 * math.sin(i / 2), head_cy + i * s * 0.045)
                for i in range(7)
            ]
            _thick_line(clip, _darker(skin, 0.1), pts, int(s * 0.085))
    if spec.species is Species.FURRED:
        for side in (-1, 1):
            ear = [
                (cx + side * head_rx * 0.35, head_cy - head_ry * 0.7),
                (cx + side * head_rx * 1.05, head_cy - head_ry * 1.45),
                (cx + side * head_rx * 1.0, head_cy - head_ry * 0.35),
            ]
            pygame.draw.polygon(clip, skin, ear)
            inner = [
                (
                    x * 0.7 + (cx + side * head_rx * 0.8) * 0.3,
                    y * 0.7 + (head_cy - head_ry * 0.8) * 0.3,
                )
                for x, y in ear
            ]
            pygame.draw.polygon(clip, _lighter(skin, 0.35), inner)
    elif spec.species is not Species.DROID:
        for side in (-1, 1):
            _ellipse(
                clip, shade, cx + side * head_rx * 0.98, head_cy + s * 0.01, s * 0.035, s * 0.055
            )

    # The head.
    _ellipse(clip, skin, cx, head_cy, head_rx, head_ry)
    if spec.jaw > 0.5 and spec.species is not Species.FURRED:
        jaw = int(head_rx * (0.6 + 0.3 * spec.jaw))
        pygame.draw.rect(
            clip,
            skin,
            (int(cx - jaw), int(head_cy), 2 * jaw, int(head_ry * 0.75)),
            border_bottom_left_radius=int(s * 0.06),
            border_bottom_right_radius=int(s * 0.06),
        )
    if spec.species is Species.DROID:
        pygame.draw.rect(
            clip,
            _darker(skin, 0.3),
            (
                int(cx - head_rx * 0.8),
                int(head_cy + head_ry * 0.35),
                int(head_rx * 1.6),
                int(s * 0.05),
            ),
            border_radius=4,
        )
        for i in range(-2, 3):
            x = cx + i * head_rx * 0.3
            pygame.draw.line(
                clip,
                _darker(skin, 0.45),
                (x, head_cy + head_ry * 0.38),
                (x, head_cy + head_ry * 0.38 + s * 0.04),
                max(1, s // 90),
            )
        pygame.draw.line(
            clip,
            _lighter(skin, 0.4),
            (cx - head_rx * 0.6, head_cy - head_ry * 0.75),
            (cx + head_rx * 0.2, head_cy - head_ry * 0.85),
            max(1, s // 70),
        )
    if spec.species is Species.SCALED:
        for row in range(3):
            for col in range(-2, 3):
                _ellipse(
                    clip,
                    _darker(skin, 0.12),
                    cx + col * head_rx * 0.32 + row % 2 * head_rx * 0.16,
                    head_cy - head_ry * (0.85 - row * 0.18),
                    s * 0.03,
                    s * 0.02,
                )
    if spec.species is Species.FURRED:
        _ellipse(
            clip, _lighter(skin, 0.3), cx, head_cy + head_ry * 0.45, head_rx * 0.55, head_ry * 0.35
        )
        _ellipse(clip, (40, 30, 30), cx, head_cy + head_ry * 0.25, s * 0.03, s * 0.02)

    # Hair on top.
    style = spec.hair_style
    if style in ("crop", "long", "bun", "swept"):
        top = _arc_points(
            cx, head_cy - head_ry * 0.15, head_rx * 1.04, head_ry * 0.95, math.pi, 2 * math.pi
        )
        pygame.draw.polygon(
            clip,
            spec.hair,
            [
                *top,
                (cx + head_rx, head_cy - head_ry * 0.1),
                (cx - head_rx, head_cy - head_ry * 0.1),
            ],
        )
        if style == "swept":
            pygame.draw.polygon(
                clip,
                spec.hair,
                [
                    (cx - head_rx * 1.05, head_cy - head_ry * 0.4),
                    (cx + head_rx * 0.4, head_cy - head_ry * 1.15),
                    (cx + head_rx * 0.2, head_cy - head_ry * 0.45),
                ],
            )
        if style == "bun":
            pygame.draw.circle(
                clip, spec.hair, (int(cx), int(head_cy - head_ry * 1.1)), int(s * 0.07)
            )
    elif style == "crest":
        for i in range(-2, 3):
            pygame.draw.polygon(
                clip,
                spec.hair,
                [
                    (cx + i * s * 0.03 - s * 0.02, head_cy - head_ry * 0.8),
                    (cx + i * s * 0.03, head_cy - head_ry * 1.35 + abs(i) * s * 0.03),
                    (cx + i * s * 0.03 + s * 0.02, head_cy - head_ry * 0.8),
                ],
            )
    if spec.species is Species.HORNED:
        for side in (-1, 1):
            horn = [
                (cx + side * head_rx * 0.45, head_cy - head_ry * 0.7),
                (cx + side * head_rx * 1.25, head_cy - head_ry * 1.3),
                (cx + side * head_rx * 0.75, head_cy - head_ry * 0.55),
            ]
            pygame.draw.polygon(clip, (226, 214, 190), horn)
            pygame.draw.polygon(clip, (150, 136, 112), horn, max(1, s // 90))
    if spec.accessory == "cap":
        cap = _arc_points(
            cx, head_cy - head_ry * 0.35, head_rx * 1.08, head_ry * 0.75, math.pi, 2 * math.pi
        )
        pygame.draw.polygon(clip, _darker(spec.cloth, 0.2), cap)
        pygame.draw.rect(
            clip,
            spec.trim,
            (
                int(cx - head_rx * 1.15),
                int(head_cy - head_ry * 0.42),
                int(head_rx * 2.3),
                max(2, int(s * 0.03)),
            ),
            border_radius=3,
        )

    _face(clip, spec, expression, cx, head_cy, head_rx, head_ry, s)
    surface.blit(clip, (0, 0))
    # Trim everything outside the round plate.
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (int(cx), int(cx)), int(s * 0.49))
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(
        surface, _darker(spec.plate, 0.45), (int(cx), int(cx)), int(s * 0.49), max(1, s // 36)
    )
    return surface


def _face(
    clip: pygame.Surface,
    spec: PortraitSpec,
    expression: Expression,
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    s: int,
) -> None:
    eye_y = cy - ry * 0.05
    eye_dx = rx * 0.42
    eye_r = s * 0.032
    line = max(1, s // 55)
    ink = (34, 26, 24)
    wide = expression is Expression.SHOCKED
    for side in (-1, 1):
        ex = cx + side * eye_dx
        if spec.species is Species.DROID:
            glow = (
                (255, 90, 60)
                if expression in (Expression.GRIM, Expression.SHOCKED)
                else (120, 230, 255)
            )
            pygame.draw.circle(clip, (30, 34, 40), (int(ex), int(eye_y)), int(eye_r * 1.5))
            pygame.draw.circle(
                clip, glow, (int(ex), int(eye_y)), int(eye_r * (1.2 if wide else 0.9))
            )
            continue
        open_ry = eye_r * (1.25 if wide else 0.55 if expression is Expression.SMUG else 0.9)
        _ellipse(clip, (245, 242, 236), ex, eye_y, eye_r * 1.35, open_ry)
        pygame.draw.circle(clip, spec.eyes, (int(ex), int(eye_y)), int(min(eye_r * 0.8, open_ry)))
        pygame.draw.circle(clip, ink, (int(ex), int(eye_y)), int(min(eye_r * 0.4, open_ry * 0.6)))
        pygame.draw.circle(
            clip,
            (255, 255, 255),
            (int(ex + eye_r * 0.3), int(eye_y - eye_r * 0.3)),
            max(1, int(eye_r * 0.18)),
        )
        # Brows carry most of the mood.
        tilt = {
            Expression.NEUTRAL: 0.0,
            Expression.HAPPY: -0.1,
            Expression.SMUG: 0.25,
            Expression.GRIM: 0.45,
            Expression.SHOCKED: -0.35,
            Expression.WORRIED: -0.45,
        }[expression]
        lift = s * (0.06 if wide else 0.045)
        inner = (ex - side * eye_r * 1.3, eye_y - lift + tilt * s * 0.03)
        outer = (ex + side * eye_r * 1.4, eye_y - lift - tilt * s * 0.02)
        if expression is Expression.SMUG and side == 1:
            inner, outer = (inner[0], inner[1] - s * 0.02), (outer[0], outer[1] - s * 0.02)
        brow = spec.hair if spec.hair_style != "bald" else _darker(spec.skin, 0.45)
        _thick_line(clip, brow, [inner, outer], max(2, int(s * 0.022)))
    if spec.accessory == "goggles":
        for side in (-1, 1):
            pygame.draw.circle(
                clip,
                (70, 60, 48),
                (int(cx + side * eye_dx), int(eye_y)),
                int(eye_r * 2.0),
                line * 2,
            )
        pygame.draw.line(
            clip,
            (70, 60, 48),
            (cx - eye_dx + eye_r * 2, eye_y),
            (cx + eye_dx - eye_r * 2, eye_y),
            line * 2,
        )
    elif spec.accessory == "monocle":
        pygame.draw.circle(clip, spec.trim, (int(cx + eye_dx), int(eye_y)), int(eye_r * 1.9), line)
    elif spec.accessory == "scar":
        pygame.draw.line(
            clip,
            _darker(spec.skin, 0.35),
            (cx - eye_dx - eye_r, eye_y - eye_r * 2.5),
            (cx - eye_dx + eye_r * 0.5, eye_y + eye_r * 2.2),
            line,
        )
    elif spec.accessory == "earring":
        pygame.draw.circle(
            clip, spec.trim, (int(cx + rx * 0.98), int(cy + s * 0.07)), max(2, int(s * 0.018))
        )

    # Nose.
    if spec.species not in (Species.FURRED, Species.DROID):
        _thick_line(
            clip,
            _darker(spec.skin, 0.25),
            [
                (cx, eye_y + s * 0.01),
                (cx - s * 0.015, cy + ry * 0.3),
                (cx + s * 0.01, cy + ry * 0.33),
            ],
            line,
        )
    # Mouth.
    mouth_y = cy + ry * (0.58 if spec.species is not Species.FURRED else 0.62)
    width = rx * 0.42
    lips = (120, 50, 50) if spec.species is Species.HUMAN else _darker(spec.skin, 0.45)
    if spec.species is Species.DROID:
        lips = (30, 34, 40)
    if expression is Expression.HAPPY:
        _ellipse(clip, (90, 30, 34), cx, mouth_y, width, s * 0.035)
        _ellipse(
            clip,
            spec.skin if spec.species is not Species.DROID else _darker(spec.skin, 0.3),
            cx,
            mouth_y - s * 0.018,
            width * 1.05,
            s * 0.03,
        )
        _thick_line(
            clip,
            lips,
            _arc_points(cx, mouth_y - s * 0.01, width, s * 0.045, 0.15, math.pi - 0.15),
            line,
        )
    elif expression is Expression.SMUG:
        _thick_line(
            clip,
            lips,
            [
                (cx - width, mouth_y + s * 0.005),
                (cx + width * 0.3, mouth_y + s * 0.01),
                (cx + width, mouth_y - s * 0.025),
            ],
            line + 1,
        )
    elif expression is Expression.GRIM:
        _thick_line(
            clip,
            lips,
            _arc_points(cx, mouth_y + s * 0.035, width, s * 0.03, math.pi + 0.3, 2 * math.pi - 0.3),
            line + 1,
        )
    elif expression is Expression.SHOCKED:
        _ellipse(clip, (70, 24, 28), cx, mouth_y + s * 0.005, width * 0.45, s * 0.04)
    elif expression is Expression.WORRIED:
        pts = [
            (cx - width + i * width / 4, mouth_y + (s * 0.008 if i % 2 else -s * 0.004))
            for i in range(9)
        ]
        _thick_line(clip, lips, pts, line)
    else:
        _thick_line(
            clip, lips, [(cx - width * 0.8, mouth_y), (cx + width * 0.8, mouth_y)], line + 1
        )


@lru_cache(maxsize=256)
def _cached(spec: PortraitSpec, expression: Expression, size: int) -> pygame.Surface:
    big = _draw(spec, expression, size * _SUPERSAMPLE)
    return pygame.transform.smoothscale(big, (size, size))


def portrait(
    character_id: str,
    size: int,
    expression: Expression | str = Expression.NEUTRAL,
    species: Species | None = None,
) -> pygame.Surface:
    """The character's portrait, ``size`` pixels square (transparent outside the plate)."""
    return _cached(spec_for(character_id, species), Expression(expression), max(8, int(size)))


def portrait_of(
    spec: PortraitSpec, size: int, expression: Expression | str = Expression.NEUTRAL
) -> pygame.Surface:
    return _cached(spec, Expression(expression), max(8, int(size)))


def clear_cache() -> None:
    _cached.cache_clear()
