"""The campaign's look: each venue's felt, rail and light, its drawn backdrop, the travel map.

All drawn by code. ``venue_palette(base, venue_id)`` gives a table palette in the venue's
colours (only for the default palette: the colour-blind and high-contrast palettes keep
their own colours, because readability wins over mood). ``render_backdrop`` paints the
venue intro's scene; ``render_travel_map`` the chart of the journey's stops.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import pygame

from game.ui.palette import Colour, mix, scale

# Each venue's colours live below the palettes, which give a venue's table palette.
from game.ui.venue_looks import VENUE_LOOKS, VenueLook, venue_look, venue_palette  # noqa: F401


# ----------------------------------------------------------------------------- backdrops
def _rng(name: str) -> random.Random:
    return random.Random(zlib.crc32(name.encode("utf-8")))


def _sky(surface: pygame.Surface, top: Colour, bottom: Colour) -> None:
    w, h = surface.get_size()
    for y in range(h):
        pygame.draw.line(surface, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))


def _glow(surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int) -> None:
    """Soft light: concentric discs of growing intensity, added to what is below."""
    if radius < 2:
        return
    halo = pygame.Surface((radius * 2, radius * 2), 0, 32)  # never a 30-bit display format
    for r in range(radius, 0, -max(1, radius // 12)):
        strength = 0.3 * (1 - r / radius) ** 1.8
        pygame.draw.circle(halo, scale(colour, strength), (radius, radius), r)
    surface.blit(halo, (centre[0] - radius, centre[1] - radius), special_flags=pygame.BLEND_RGB_ADD)


def _cantina(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    # Back bar shelves with bottles, a counter, hanging lamps.
    shelf = scale(look.wood, 0.8)
    for row in range(3):
        y = int(h * (0.18 + row * 0.14))
        pygame.draw.rect(s, shelf, (0, y, w, max(2, h // 90)))
        x = rng.randint(0, w // 30)
        while x < w:
            bw = rng.randint(max(3, w // 90), max(4, w // 50))
            bh = rng.randint(h // 18, h // 9)
            colour = rng.choice(((60, 120, 80), (140, 70, 40), (80, 90, 150), (170, 150, 80)))
            pygame.draw.rect(s, colour, (x, y - bh, bw, bh), border_radius=max(1, bw // 3))
            pygame.draw.rect(
                s, scale(colour, 0.5), (x + bw // 3, y - bh - h // 40, bw // 3, h // 40)
            )
            x += bw + rng.randint(2, w // 40)
    pygame.draw.rect(s, look.wood, (0, int(h * 0.66), w, int(h * 0.34)))
    pygame.draw.rect(s, scale(look.wood, 1.3), (0, int(h * 0.66), w, max(3, h // 60)))
    for i in range(4):
        x = int(w * (0.15 + i * 0.23))
        pygame.draw.line(s, (30, 24, 20), (x, 0), (x, int(h * 0.08)), 2)
        pygame.draw.circle(s, look.light, (x, int(h * 0.09)), max(3, h // 45))
        _glow(s, look.light, (x, int(h * 0.1)), h // 5)


def _lanterns(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    # Tall arched windows and rows of paper lanterns.
    for i in range(5):
        x = int(w * (0.08 + i * 0.2))
        rect = pygame.Rect(x, int(h * 0.2), int(w * 0.1), int(h * 0.5))
        pygame.draw.rect(
            s,
            (30, 30, 60),
            rect,
            border_top_left_radius=rect.w // 2,
            border_top_right_radius=rect.w // 2,
        )
        pygame.draw.rect(
            s,
            look.wood_dark,
            rect,
            max(2, h // 120),
            border_top_left_radius=rect.w // 2,
            border_top_right_radius=rect.w // 2,
        )
    for row in range(2):
        y0 = int(h * (0.1 + row * 0.16))
        pygame.draw.arc(
            s, (40, 30, 20), (-w // 10, y0 - h // 10, int(w * 1.2), h // 5), math.pi, 2 * math.pi, 2
        )
        for i in range(9):
            x = int(w * (0.05 + i * 0.112)) + row * w // 20
            y = y0 + int(h * 0.04 * math.sin(i / 8 * math.pi))
            pygame.draw.ellipse(s, (220, 90, 50), (x - h // 40, y, h // 20, h // 16))
            _glow(s, look.light, (x, y + h // 30), h // 10)
    pygame.draw.rect(s, look.wood, (0, int(h * 0.74), w, int(h * 0.26)))


def _dusk(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    _glow(s, (255, 180, 120), (int(w * 0.7), int(h * 0.55)), h // 3)
    pygame.draw.circle(s, (255, 200, 150), (int(w * 0.7), int(h * 0.55)), h // 12)
    # City roofs, then the terrace rail and orchids.
    x = 0
    while x < w:
        bw = rng.randint(w // 20, w // 9)
        bh = rng.randint(h // 10, h // 4)
        pygame.draw.rect(s, (50, 30, 70), (x, int(h * 0.66) - bh, bw, bh + h))
        for _ in range(rng.randint(0, 4)):
            pygame.draw.rect(
                s,
                (255, 210, 140),
                (
                    x + rng.randint(2, max(3, bw - 6)),
                    int(h * 0.66) - rng.randint(4, max(5, bh - 4)),
                    3,
                    4,
                ),
            )
        x += bw
    pygame.draw.rect(s, look.wood_dark, (0, int(h * 0.7), w, int(h * 0.3)))
    for i in range(14):
        px = int(w * i / 13)
        pygame.draw.line(s, look.wood, (px, int(h * 0.62)), (px, int(h * 0.72)), max(2, w // 200))
    pygame.draw.line(s, look.wood, (0, int(h * 0.62)), (w, int(h * 0.62)), max(3, h // 80))
    for _ in range(18):
        cx, cy = rng.randint(0, w), rng.randint(int(h * 0.72), h)
        for k in range(5):
            a = k * 2 * math.pi / 5
            pygame.draw.circle(
                s,
                (230, 140, 200),
                (int(cx + math.cos(a) * h / 110), int(cy + math.sin(a) * h / 110)),
                max(2, h // 130),
            )
        pygame.draw.circle(s, (255, 230, 120), (cx, cy), max(1, h // 260))


def _water(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    # A glass floor over dark water: a grid of panes and slow ripples beneath.
    for _ in range(30):
        cx, cy = rng.randint(0, w), rng.randint(int(h * 0.45), h)
        r = rng.randint(h // 30, h // 8)
        pygame.draw.ellipse(
            s, mix(look.sky_bottom, look.light, 0.25), (cx - r, cy - r // 3, 2 * r, 2 * r // 3), 1
        )
    for i in range(0, 12):
        x = int(w * i / 11)
        pygame.draw.line(s, (120, 170, 200), (w // 2 + (x - w // 2) // 3, int(h * 0.42)), (x, h), 1)
    for j in range(6):
        y = int(h * 0.42 + (h * 0.58) * (j / 5) ** 1.6)
        pygame.draw.line(s, (120, 170, 200), (0, y), (w, y), 1)
    for i in range(6):
        x = int(w * (0.1 + i * 0.16))
        pygame.draw.line(s, (200, 220, 240), (x, 0), (x, int(h * 0.06)), 1)
        pygame.draw.polygon(
            s,
            (220, 240, 255),
            [(x - h // 40, int(h * 0.06)), (x + h // 40, int(h * 0.06)), (x, int(h * 0.1))],
        )
        _glow(s, look.light, (x, int(h * 0.09)), h // 7)


def _river(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    for _ in range(60):
        pygame.draw.circle(
            s, (230, 230, 240), (rng.randint(0, w), rng.randint(0, int(h * 0.45))), 1
        )
    pygame.draw.circle(s, (240, 236, 210), (int(w * 0.2), int(h * 0.2)), h // 14)
    _glow(s, (200, 210, 255), (int(w * 0.2), int(h * 0.2)), h // 4)
    pygame.draw.rect(s, (14, 30, 44), (0, int(h * 0.5), w, int(h * 0.5)))
    for _ in range(24):
        y = int(h * 0.52 + rng.random() * h * 0.45)
        x = rng.randint(0, w)
        pygame.draw.line(s, (200, 210, 230), (x, y), (x + rng.randint(w // 40, w // 12), y), 1)
    # The barge's deck rail and a string of lamps.
    pygame.draw.rect(s, look.wood_dark, (0, int(h * 0.78), w, int(h * 0.22)))
    pygame.draw.line(s, look.wood, (0, int(h * 0.74)), (w, int(h * 0.74)), max(3, h // 70))
    for i in range(7):
        x = int(w * (0.08 + i * 0.14))
        pygame.draw.line(s, look.wood, (x, int(h * 0.74)), (x, int(h * 0.8)), max(2, h // 150))
        pygame.draw.circle(
            s, look.light, (x, int(h * 0.34 + 0.03 * h * math.sin(i))), max(2, h // 70)
        )
        _glow(s, look.light, (x, int(h * 0.34 + 0.03 * h * math.sin(i))), h // 9)


def _salon(s: pygame.Surface, look: VenueLook, rng: random.Random) -> None:
    w, h = s.get_size()
    # Columns, drapes and three chandeliers.
    for i in range(7):
        x = int(w * (0.02 + i * 0.16))
        pygame.draw.rect(s, (70, 56, 60), (x, int(h * 0.12), w // 24, int(h * 0.7)))
        pygame.draw.rect(s, look.wood, (x - w // 120, int(h * 0.12), w // 24 + w // 60, h // 40))
    for side in (0, 1):
        x0 = 0 if side == 0 else w
        pts = [
            (x0, 0),
            (x0 + (1 - 2 * side) * w // 6, 0),
            (x0 + (1 - 2 * side) * w // 12, int(h * 0.8)),
            (x0, int(h * 0.8)),
        ]
        pygame.draw.polygon(s, (110, 24, 40), pts)
    for i in range(3):
        cx, cy = int(w * (0.25 + i * 0.25)), int(h * 0.16)
        pygame.draw.line(s, look.wood, (cx, 0), (cx, cy - h // 30), 2)
        for k in range(7):
            a = math.pi * k / 6
            x, y = int(cx + math.cos(a) * h / 12), int(cy + math.sin(a) * h / 40)
            pygame.draw.circle(s, (255, 250, 230), (x, y), max(2, h // 110))
        _glow(s, look.light, (cx, cy), h // 5)
    pygame.draw.rect(s, (40, 30, 36), (0, int(h * 0.8), w, int(h * 0.2)))
    for i in range(12):
        pygame.draw.line(
            s,
            look.wood_dark,
            (int(w * i / 11), int(h * 0.8)),
            (int(w * (i / 11 - 0.5) * 1.6 + w / 2), h),
            1,
        )


_MOTIFS = {
    "cantina": _cantina,
    "lanterns": _lanterns,
    "dusk": _dusk,
    "water": _water,
    "river": _river,
    "salon": _salon,
}


@lru_cache(maxsize=12)
def render_backdrop(venue_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The venue intro's scene, drawn for ``size`` (cached)."""
    # Scenes are drawn no smaller than 160x90 (their details need the room) and scaled.
    w, h = max(160, size[0]), max(90, size[1])
    look = venue_look(venue_id)
    surface = pygame.Surface((w, h), 0, 32)  # pygame.draw cannot draw on a 30-bit format
    _sky(surface, look.sky_top, look.sky_bottom)
    _MOTIFS[look.motif](surface, look, _rng(venue_id))
    # A vignette so text laid over the scene stays readable at the edges.
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(12):
        alpha = int(10 + i * 6)
        inset = int(min(w, h) * (0.5 - i * 0.04))
        if inset <= 0:
            break
        pygame.draw.rect(shade, (0, 0, 0, alpha), (0, 0, w, h), max(1, int(min(w, h) * 0.02)))
    surface.blit(shade, (0, 0))
    wanted = (max(1, size[0]), max(1, size[1]))
    if wanted != (w, h):
        return pygame.transform.smoothscale(surface, wanted)
    return surface


# ----------------------------------------------------------------------------- travel map
class StopState(StrEnum):
    CLEARED = "cleared"
    HERE = "here"
    NEXT = "next"  # the next stop on the route, not yet reached
    LOCKED = "locked"  # further on


@dataclass(frozen=True, slots=True)
class MapStop:
    venue_id: str
    label: pygame.Surface  # the stop's name, rendered by the scene in the UI's font
    state: StopState


def stop_points(size: tuple[int, int], venue_ids: list[str]) -> list[tuple[int, int]]:
    w, h = size
    margin_x, margin_y = w * 0.07, h * 0.12
    return [
        (
            int(margin_x + venue_look(v).map_pos[0] * (w - 2 * margin_x)),
            int(margin_y + venue_look(v).map_pos[1] * (h - 2 * margin_y)),
        )
        for v in venue_ids
    ]


def render_travel_map(
    size: tuple[int, int], stops: list[MapStop], ink: Colour, brass: Colour, t: float = 0.0
) -> pygame.Surface:
    """A chart of the journey: a winding route, a marker per venue, where you are now.

    Labels are placed below their stop and kept inside the chart. ``t`` (seconds) pulses
    the marker of the current stop; pass 0 for a still image.
    """
    w, h = max(64, size[0]), max(48, size[1])
    chart = pygame.Surface((w, h), pygame.SRCALPHA)
    paper = (34, 44, 52)
    pygame.draw.rect(chart, (*paper, 235), (0, 0, w, h), border_radius=max(4, h // 30))
    rng = _rng("chart")
    # Faint contour lines and a grid, so it reads as a navigator's chart.
    for _ in range(9):
        cx, cy, r = rng.randint(0, w), rng.randint(0, h), rng.randint(h // 8, h // 2)
        for k in range(3):
            pygame.draw.ellipse(
                chart,
                (*mix(paper, ink, 0.12), 255),
                (cx - r - k * 8, cy - r // 2 - k * 5, 2 * r + k * 16, r + k * 10),
                1,
            )
    step = max(24, w // 16)
    for x in range(0, w, step):
        pygame.draw.line(chart, (*mix(paper, ink, 0.07), 255), (x, 0), (x, h))
    for y in range(0, h, step):
        pygame.draw.line(chart, (*mix(paper, ink, 0.07), 255), (0, y), (w, y))
    pygame.draw.rect(
        chart, (*brass, 255), (0, 0, w, h), max(2, h // 160), border_radius=max(4, h // 30)
    )
    points = stop_points((w, h), [s.venue_id for s in stops])
    unit = max(4, min(w, h) // 40)
    # The route: solid where travelled, dashed ahead.
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        travelled = stops[i + 1].state in (StopState.CLEARED, StopState.HERE)
        colour = brass if travelled else mix(paper, ink, 0.45)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - h * 0.08 * (1 if i % 2 else -1))
        curve = [
            (
                (1 - u) ** 2 * a[0] + 2 * (1 - u) * u * mid[0] + u * u * b[0],
                (1 - u) ** 2 * a[1] + 2 * (1 - u) * u * mid[1] + u * u * b[1],
            )
            for u in (k / 24 for k in range(25))
        ]
        for k in range(len(curve) - 1):
            if travelled or k % 2 == 0:
                pygame.draw.line(chart, colour, curve[k], curve[k + 1], max(2, unit // 2))
    for stop, (x, y) in zip(stops, points, strict=True):
        look = venue_look(stop.venue_id)
        r = int(unit * 1.6)
        if stop.state is StopState.HERE:
            pulse = 0.5 + 0.5 * math.sin(t * 3.0)
            _glow(chart, look.light, (x, y), int(r * (3.2 + pulse)))
            pygame.draw.circle(chart, look.felt, (x, y), r + unit // 2)
            pygame.draw.circle(chart, brass, (x, y), r + unit // 2, max(2, unit // 2))
        elif stop.state is StopState.CLEARED:
            pygame.draw.circle(chart, look.felt, (x, y), r)
            pygame.draw.circle(chart, brass, (x, y), r, max(2, unit // 3))
            # A tick for a cleared stop.
            pygame.draw.lines(
                chart,
                ink,
                False,
                [(x - r // 2, y), (x - r // 8, y + r // 2), (x + r // 2, y - r // 2)],
                max(2, unit // 3),
            )
        else:
            colour = mix(paper, ink, 0.55 if stop.state is StopState.NEXT else 0.3)
            pygame.draw.circle(chart, paper, (x, y), r)
            pygame.draw.circle(chart, colour, (x, y), r, max(2, unit // 3))
        label = stop.label
        lx = min(max(4, x - label.get_width() // 2), w - label.get_width() - 4)
        ly = y + r + unit
        if ly + label.get_height() > h - 4:
            ly = y - r - unit - label.get_height()
        chart.blit(label, (lx, ly))
    return chart


def unlocked_styles(venues_cleared: list[str]) -> list[str]:
    """Venues whose look (felt, rail, card back) the player has unlocked by clearing
    them: a felt or card-back reward of that venue."""
    from game.campaign.rewards import RewardKind, unlocked_rewards

    looks = {
        r.venue
        for r in unlocked_rewards(venues_cleared)
        if r.kind in (RewardKind.FELT, RewardKind.CARD_BACK)
    }
    return [venue for venue in VENUE_LOOKS if venue in looks]
