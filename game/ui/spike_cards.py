"""Card faces of the Galaxy's Edge deck (Corellian Spike, Coruscant Shift), drawn by code.

A card shows its sign and value (``+7``, ``−3``), its stave by silhouette as well as
colour (circle, triangle, square), green for positive and red for negative cards as
on the printed deck; the two Sylops (zero) carry a gold twin ring. The body is the
same dark glass as the Sabacc cards (``game.ui.cards``) and so is the back. Codes
follow RULES.md §4.0 (``+7o``, ``-3t``, ``+10s``, ``sylop``); renders are cached.

>>> import pygame; _ = pygame.init()
>>> render_spike_card("+7o", (60, 90)).get_size()
(60, 90)
"""

from __future__ import annotations

import math

import pygame

from game.rules import spike_cards as kc
from game.ui.cards import _add_rim, _glass_base, render_sabacc_back
from game.ui.draw import Size, polygon, supersample_factor, surface_cache
from game.ui.fonts import fit_text, render_text
from game.ui.palette import Colour, Palette, get_palette, mix

MINUS = "\u2212"


def sign_text(value: int) -> str:
    """``+7`` / ``−7`` (a true minus sign) / ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def card_colour(value: int, pal: Palette) -> Colour:
    """Green positive cards, red negative ones, gold Sylops."""
    if value > 0:
        return pal.good
    if value < 0:
        return pal.bad
    return pal.gold


def draw_stave(
    surface: pygame.Surface, stave: str, centre: tuple[float, float], r: float,
    colour: Colour | tuple[int, int, int, int], width: int,
) -> None:  # fmt: skip
    """A stave's silhouette: ``o`` a circle, ``t`` a triangle, ``s`` a square (outline)."""
    cx, cy = centre
    if stave == "o":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(r), width)
    elif stave == "t":
        pts = [(cx + r * math.cos(a), cy + r * 1.08 * math.sin(a) + r * 0.14)
               for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]  # fmt: skip
        pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in pts], width)
    else:
        side = r * 1.62
        rect = pygame.Rect(0, 0, round(side), round(side))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(1, round(r * 0.12)))


def fill_stave(
    surface: pygame.Surface, stave: str, centre: tuple[float, float], r: float, colour: Colour
) -> None:
    """A small filled stave mark (the corner index, the silver die)."""
    cx, cy = centre
    if stave == "o":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(1, round(r)))
    elif stave == "t":
        polygon(surface, colour, [(cx, cy - r), (cx + r * 0.98, cy + r * 0.8),
                                  (cx - r * 0.98, cy + r * 0.8)])  # fmt: skip
    else:
        side = max(2, round(r * 1.7))
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, rect)


@surface_cache(64)
def _spike_body(stave: str | None, colour: Colour, size: Size, palette: str) -> pygame.Surface:
    """The glass with its stave (or a Sylop's rings) and rim at ``size``: the same on
    every card of that stave and colour, so drawn once, not once per value."""
    pal = get_palette(palette)
    ss = supersample_factor(size[1])
    body, _mask = _glass_base(size, ss, pal)
    W, H = body.get_size()
    centre = (W / 2, H * 0.52)
    r = min(W, H) * 0.33
    if stave is None:  # a Sylop: two interlocked gold rings
        for dx in (-0.38, 0.38):
            pygame.draw.circle(body, colour, (round(centre[0] + dx * r), round(centre[1])),
                               round(r * 0.62), max(2, ss * 3))  # fmt: skip
    else:
        glow = pygame.Surface((W, H), pygame.SRCALPHA)
        draw_stave(glow, stave, centre, r * 1.05, (*colour, 60), 0)
        body.blit(glow, (0, 0))
        draw_stave(body, stave, centre, r, colour, max(2, ss * 3))
    out = pygame.transform.smoothscale(body, size)
    _add_rim(out, mix(colour, pal.brass, 0.4), pal)
    return out


@surface_cache(256)
def _spike_face(code: str, size: Size, palette: str) -> pygame.Surface:
    pal = get_palette(palette)
    card = kc.parse(code)
    value = kc.value(card)
    stave = kc.stave(card)
    colour = card_colour(value, pal)
    w, h = size
    out = _spike_body(stave, colour, size, palette).copy()
    # The value at the centre and in the top-left corner, in crisp final-size type.
    big = fit_text(sign_text(value), int(w * 0.5), max(8, int(h * 0.24)), pal.text, bold=True)
    out.blit(big, big.get_rect(center=(w / 2, h * 0.53)))
    corner = render_text(sign_text(value), max(7, int(h * 0.14)), colour, bold=True)
    pad = max(2, w // 14)
    out.blit(corner, (pad, pad // 2))
    mark = max(2, h * 0.045)
    mark_at = (pad + corner.get_width() / 2, pad // 2 + corner.get_height() + mark)
    if stave is not None:
        fill_stave(out, stave, mark_at, mark, colour)
    else:
        pygame.draw.circle(out, colour, (round(mark_at[0]), round(mark_at[1])), round(mark), 1)
    flipped = pygame.transform.rotate(corner, 180)
    out.blit(flipped, (w - pad - flipped.get_width(), h - pad // 2 - flipped.get_height()))
    return out


def render_spike_card(code: str, size: Size, palette: str = "cantina") -> pygame.Surface:
    """A Galaxy's Edge card face (``+7o``, ``-3t``, ``sylop``) at ``size``; cached."""
    card = kc.parse(code)
    return _spike_face(kc.code(card), (int(size[0]), int(size[1])), get_palette(palette).name)


def render_spike_back(size: Size, palette: str = "cantina") -> pygame.Surface:
    """The face-down card: the Sabacc back of the same glass deck."""
    return render_sabacc_back((int(size[0]), int(size[1])), palette)
