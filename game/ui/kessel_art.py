"""Kessel Sabacc drawn by code: Sand and Blood cards, their backs, shift-token chips.

Sand cards are pale gold with dark ink, Blood cards deep red with light ink, so the
two families read apart by colour and by their corner mark (a square for Sand, a drop
for Blood). A value card shows its number and that many pips; an Impostor a masked
diamond (with the value it took once resolved); a Sylop a ringed void. Codes follow
RULES.md §4.0 (``s4``, ``b-imp``, ``s-imp:3``, ``b-sylop``). Cached like game.ui.cards.
"""

from __future__ import annotations

import math

import pygame

from game.rules import kessel_cards as kc
from game.ui.draw import Size, clip_to, polygon, rounded_mask, supersample_factor, surface_cache
from game.ui.fonts import render_text
from game.ui.palette import Colour, get_palette, mix, scale

# (body top, body bottom, ink, accent) per family.
FAMILY_COLOURS: dict[int, tuple[Colour, Colour, Colour, Colour]] = {
    kc.SAND: ((238, 210, 150), (206, 164, 96), (70, 46, 20), (150, 100, 40)),
    kc.BLOOD: ((176, 40, 52), (112, 18, 32), (255, 232, 224), (240, 150, 140)),
}

# Token families: what a chip's colour says (economy, rules, charges, hands, defence).
TOKEN_GROUP = {
    "free-draw": "economy", "refund": "economy", "extra-refund": "economy",
    "embezzlement": "charge", "major-fraud": "rule", "cook-the-books": "rule",
    "markdown": "rule", "prime-sabacc": "rule", "general-tariff": "charge",
    "target-tariff": "charge", "general-audit": "charge", "target-audit": "charge",
    "embargo": "hand", "immunity": "defence", "exhaustion": "hand",
    "direct-transaction": "hand",
}  # fmt: skip
GROUP_COLOURS: dict[str, Colour] = {
    "economy": (70, 160, 96),
    "rule": (128, 86, 190),
    "charge": (196, 72, 58),
    "hand": (58, 120, 196),
    "defence": (200, 170, 60),
}


def _corner_mark(
    s: pygame.Surface, family: int, centre: tuple[float, float], r: float, c: Colour
) -> None:
    x, y = centre
    if family == kc.SAND:
        pygame.draw.rect(s, c, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    else:
        polygon(s, c, [(x, y - r * 1.35), (x + r, y + r * 0.2), (x - r, y + r * 0.2)])
        pygame.draw.circle(s, c, (x, y + r * 0.25), r)


def _pips(s: pygame.Surface, value: int, box: pygame.Rect, c: Colour) -> None:
    """``value`` pips in two columns (1-6) inside ``box``."""
    r = box.w * 0.09
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.3, 0.5), (0.7, 0.5)],
        3: [(0.2, 0.5), (0.5, 0.5), (0.8, 0.5)],
        4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
        5: [(0.2, 0.3), (0.5, 0.3), (0.8, 0.3), (0.3, 0.7), (0.7, 0.7)],
        6: [(0.2, 0.3), (0.5, 0.3), (0.8, 0.3), (0.2, 0.7), (0.5, 0.7), (0.8, 0.7)],
    }[value]
    for fx, fy in spots:
        pygame.draw.circle(s, c, (box.x + box.w * fx, box.y + box.h * fy), r)


def _impostor(s: pygame.Surface, r: pygame.Rect, ink: Colour, accent: Colour) -> None:
    cx, cy = r.center
    w, h = r.w * 0.34, r.h * 0.3
    polygon(s, accent, [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)])
    polygon(
        s, ink, [(cx, cy - h * 0.72), (cx + w * 0.72, cy), (cx, cy + h * 0.72), (cx - w * 0.72, cy)]
    )
    # the mask's eyes
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, w * 0.42, h * 0.22)
        eye.center = (round(cx + side * w * 0.3), round(cy - h * 0.08))
        pygame.draw.ellipse(s, accent, eye)


def _sylop(s: pygame.Surface, r: pygame.Rect, ink: Colour, accent: Colour) -> None:
    cx, cy = r.center
    rad = r.w * 0.3
    for i in range(4):
        pygame.draw.circle(
            s, accent if i % 2 == 0 else ink, (cx, cy), rad * (1 - i * 0.2), max(2, int(rad * 0.09))
        )
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.line(s, accent, (cx + math.cos(a) * rad * 1.1, cy + math.sin(a) * rad * 1.1),
                         (cx + math.cos(a) * rad * 1.35, cy + math.sin(a) * rad * 1.35), max(2, int(rad * 0.08)))  # fmt: skip


@surface_cache(256)
def _face(code: str, size: Size, palette: str) -> pygame.Surface:
    card, value = kc.parse_code(code)
    family, kind = kc.family_of(card), kc.kind_of(card)
    top, bottom, ink, accent = FAMILY_COLOURS[family]
    pal = get_palette(palette)
    w, h = size
    ss = supersample_factor(h)
    W, H = w * ss, h * ss
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    for y in range(0, H, max(1, ss)):
        pygame.draw.rect(big, mix(top, bottom, y / max(1, H)), (0, y, W, max(1, ss)))
    inner = pygame.Rect(0, 0, W, H).inflate(-W * 0.1, -W * 0.1)
    pygame.draw.rect(big, scale(accent, 0.9), inner, max(1, ss * 2), border_radius=int(W * 0.06))
    art = pygame.Rect(0, 0, W * 0.8, H * 0.5)
    art.center = (W // 2, int(H * 0.52))
    if kind == kc.IMPOSTOR:
        _impostor(big, art, ink, accent)
    elif kind == kc.SYLOP:
        _sylop(big, art, ink, accent)
    else:
        _pips(big, kind, art.inflate(-art.w * 0.1, -art.h * 0.35).move(0, art.h * 0.3), ink)
    _corner_mark(big, family, (W * 0.2, H * 0.1), W * 0.045, accent)
    _corner_mark(big, family, (W * 0.8, H * 0.9), W * 0.045, accent)
    pygame.draw.rect(big, pal.paper_edge, big.get_rect(), max(1, ss), border_radius=int(W * 0.08))
    out = pygame.transform.smoothscale(clip_to(big, rounded_mask((W, H), int(W * 0.08))), size)
    # The number crisp at the final size: a value card's value, an Impostor's once known.
    number = str(kind) if kind not in (kc.IMPOSTOR, kc.SYLOP) else (str(value) if value else "")
    if number:
        px = max(8, int(h * (0.3 if kind not in (kc.IMPOSTOR, kc.SYLOP) else 0.2)))
        image = render_text(number, px, ink if kind != kc.IMPOSTOR else top, bold=True)
        ty = h * (0.36 if kind not in (kc.IMPOSTOR, kc.SYLOP) else 0.86)
        if kind == kc.IMPOSTOR:
            badge = image.get_rect(center=(w / 2, h * 0.52)).inflate(6, 2)
            pygame.draw.ellipse(out, ink, badge)
            out.blit(image, image.get_rect(center=badge.center))
        else:
            out.blit(image, image.get_rect(center=(w / 2, ty)))
    return out


def render_kessel_card(code: str, size: Size, palette: str = "cantina") -> pygame.Surface:
    """A Kessel card's face (``s4``, ``b-imp``, ``s-imp:3``, ``b-sylop``) at ``size``."""
    card, value = kc.parse_code(code)
    return _face(kc.code(card, value), (int(size[0]), int(size[1])), get_palette(palette).name)


@surface_cache(32)
def _back(size: Size, palette: str, family: int) -> pygame.Surface:
    pal = get_palette(palette)
    w, h = size
    ss = supersample_factor(h)
    W, H = w * ss, h * ss
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    if family < 0:
        a, b = (60, 44, 40), (30, 24, 24)
        accents = [FAMILY_COLOURS[kc.SAND][1], FAMILY_COLOURS[kc.BLOOD][0]]
    else:
        top, bottom, _, accent = FAMILY_COLOURS[family]
        a, b = scale(bottom, 0.55), scale(bottom, 0.3)
        accents = [accent, top]
    for y in range(0, H, max(1, ss)):
        pygame.draw.rect(big, mix(a, b, y / max(1, H)), (0, y, W, max(1, ss)))
    inner = pygame.Rect(0, 0, W, H).inflate(-W * 0.14, -W * 0.14)
    pygame.draw.rect(big, accents[0], inner, max(1, ss * 2), border_radius=int(W * 0.05))
    cx, cy = W / 2, H / 2
    for i in range(3):
        rad = W * (0.3 - i * 0.08)
        pygame.draw.circle(big, accents[i % 2], (cx, cy), rad, max(1, ss * 2))
    polygon(
        big,
        accents[0],
        [(cx, cy - W * 0.12), (cx + W * 0.08, cy), (cx, cy + W * 0.12), (cx - W * 0.08, cy)],
    )
    pygame.draw.rect(big, pal.paper_edge, big.get_rect(), max(1, ss), border_radius=int(W * 0.08))
    return pygame.transform.smoothscale(clip_to(big, rounded_mask((W, H), int(W * 0.08))), size)


def render_kessel_back(size: Size, palette: str = "cantina", family: int = -1) -> pygame.Surface:
    """A Kessel card's back: Sand's gold or Blood's red (``family``), or both (-1)."""
    return _back((int(size[0]), int(size[1])), get_palette(palette).name, family)


def _token_glyph(
    s: pygame.Surface, token: str, c: tuple[float, float], r: float, ink: Colour
) -> None:
    x, y = c
    lw = max(2, int(r * 0.14))
    if token == "free-draw":
        pygame.draw.rect(
            s,
            ink,
            pygame.Rect(x - r * 0.35, y - r * 0.5, r * 0.7, r),
            lw,
            border_radius=int(r * 0.1),
        )
        pygame.draw.line(s, ink, (x - r * 0.6, y + r * 0.6), (x + r * 0.6, y - r * 0.6), lw)
    elif token in ("refund", "extra-refund"):
        arrows = 1 if token == "refund" else 2
        for k in range(arrows):
            dx = (k - (arrows - 1) / 2) * r * 0.5
            polygon(
                s,
                ink,
                [
                    (x + dx, y - r * 0.6),
                    (x + dx + r * 0.3, y - r * 0.1),
                    (x + dx - r * 0.3, y - r * 0.1),
                ],
            )
            pygame.draw.line(s, ink, (x + dx, y - r * 0.1), (x + dx, y + r * 0.55), lw)
    elif token == "embezzlement":
        pygame.draw.circle(s, ink, (x + r * 0.25, y), r * 0.32, lw)
        pygame.draw.line(s, ink, (x - r * 0.65, y), (x - r * 0.1, y), lw)
        polygon(
            s, ink, [(x - r * 0.05, y), (x - r * 0.3, y - r * 0.22), (x - r * 0.3, y + r * 0.22)]
        )
    elif token == "major-fraud":
        _impostor(s, pygame.Rect(x - r, y - r, 2 * r, 2 * r), ink, mix(ink, (0, 0, 0), 0.5))
    elif token == "cook-the-books":
        pygame.draw.rect(s, ink, pygame.Rect(x - r * 0.55, y - r * 0.4, r * 1.1, r * 0.8), lw)
        pygame.draw.line(s, ink, (x, y - r * 0.4), (x, y + r * 0.4), lw)
        pygame.draw.arc(
            s, ink, pygame.Rect(x - r * 0.6, y - r * 0.75, r * 1.2, r * 0.7), 0.2, 2.9, lw
        )
    elif token == "markdown":
        polygon(
            s, ink, [(x, y + r * 0.6), (x + r * 0.35, y + r * 0.1), (x - r * 0.35, y + r * 0.1)]
        )
        pygame.draw.line(s, ink, (x, y + r * 0.1), (x, y - r * 0.55), lw)
        pygame.draw.circle(s, ink, (x + r * 0.45, y - r * 0.35), r * 0.2, lw)
    elif token == "prime-sabacc":
        box = pygame.Rect(x - r * 0.5, y - r * 0.5, r, r)
        pygame.draw.rect(s, ink, box, lw, border_radius=int(r * 0.15))
        for fx, fy in ((0.3, 0.3), (0.7, 0.7), (0.5, 0.5)):
            pygame.draw.circle(s, ink, (box.x + box.w * fx, box.y + box.h * fy), r * 0.09)
    elif token in ("general-tariff", "target-tariff", "general-audit", "target-audit"):
        if "tariff" in token:
            for k in range(3):
                pygame.draw.ellipse(
                    s,
                    ink,
                    pygame.Rect(x - r * 0.45, y + r * (0.25 - k * 0.25), r * 0.9, r * 0.35),
                    lw,
                )
        else:
            eye = pygame.Rect(x - r * 0.6, y - r * 0.3, r * 1.2, r * 0.6)
            pygame.draw.ellipse(s, ink, eye, lw)
            pygame.draw.circle(s, ink, (x, y), r * 0.16)
        if token.startswith("target"):
            pygame.draw.circle(s, ink, (x, y), r * 0.82, max(1, lw // 2))
            for a in range(4):
                ang = a * math.pi / 2
                pygame.draw.line(s, ink, (x + math.cos(ang) * r * 0.7, y + math.sin(ang) * r * 0.7),
                                 (x + math.cos(ang) * r * 0.95, y + math.sin(ang) * r * 0.95), lw)  # fmt: skip
    elif token == "embargo":
        pygame.draw.circle(s, ink, (x, y), r * 0.55, lw)
        pygame.draw.line(s, ink, (x - r * 0.39, y + r * 0.39), (x + r * 0.39, y - r * 0.39), lw)
    elif token == "immunity":
        polygon(s, ink, [(x - r * 0.5, y - r * 0.5), (x + r * 0.5, y - r * 0.5), (x + r * 0.5, y),
                         (x, y + r * 0.65), (x - r * 0.5, y)])  # fmt: skip
    elif token == "exhaustion":
        pygame.draw.arc(
            s, ink, pygame.Rect(x - r * 0.55, y - r * 0.55, r * 1.1, r * 1.1), 0.4, 5.4, lw
        )
        polygon(
            s,
            ink,
            [(x + r * 0.55, y - r * 0.05), (x + r * 0.3, y - r * 0.4), (x + r * 0.75, y - r * 0.4)],
        )
    elif token == "direct-transaction":
        for sign in (-1, 1):
            yy = y + sign * r * 0.25
            pygame.draw.line(s, ink, (x - r * 0.55, yy), (x + r * 0.55, yy), lw)
            tip = x + sign * r * 0.6
            polygon(
                s,
                ink,
                [
                    (tip, yy),
                    (tip - sign * r * 0.25, yy - r * 0.18),
                    (tip - sign * r * 0.25, yy + r * 0.18),
                ],
            )


@surface_cache(96)
def _token_chip(token: str, diameter: int, palette: str, dim: bool) -> pygame.Surface:
    ss = supersample_factor(diameter * 2)
    d = diameter * ss
    big = pygame.Surface((d, d), pygame.SRCALPHA)
    base = GROUP_COLOURS[TOKEN_GROUP[token]]
    if dim:
        base = mix(base, (60, 60, 60), 0.65)
    c = (d / 2, d / 2)
    # A hexagonal chip: a dark rim, the group's colour, a light inner ring.
    hexagon = [(c[0] + d * 0.48 * math.cos(a * math.pi / 3 + math.pi / 6),
                c[1] + d * 0.48 * math.sin(a * math.pi / 3 + math.pi / 6)) for a in range(6)]  # fmt: skip
    polygon(big, scale(base, 0.5), hexagon)
    inner = [(c[0] + (x - c[0]) * 0.86, c[1] + (y - c[1]) * 0.86) for x, y in hexagon]
    polygon(big, base, inner)
    pygame.draw.circle(big, scale(base, 1.35), c, d * 0.33, max(1, ss * 2))
    _token_glyph(big, token, c, d * 0.3, (250, 246, 236) if not dim else (180, 180, 180))
    return pygame.transform.smoothscale(big, (diameter, diameter))


def render_token_chip(
    token: str, diameter: int, palette: str = "cantina", dim: bool = False
) -> pygame.Surface:
    """A shift token as a hexagonal chip coloured by what it does (``dim``: spent)."""
    if token not in TOKEN_GROUP:
        raise ValueError(f"unknown shift token {token!r}")
    return _token_chip(token, max(8, int(diameter)), get_palette(palette).name, dim)
