"""The table's furniture: felt, chips, pot, dice, nameplates, the turn marker.

Also the small drawing helpers that ``cards.py`` shares (gradients, rounded
masks, glows).  Every ``render_*`` function returns a cached surface keyed by
its arguments; the surfaces are shared, so callers blit them and never draw on
them.  Things that move every frame (a die mid-roll, the turn glow's pulse)
are cached on a quantised phase so a frame still only blits.

Shapes are drawn with plain ``pygame.draw`` on a surface ``ss`` times larger
and smoothscaled down: cheap antialiasing that works for every primitive.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable
from functools import lru_cache, update_wrapper
from typing import Any, Generic, ParamSpec, TypeVar

import pygame

from game import i18n
from game.i18n import format_number
from game.ui.fonts import fit_text, render_text
from game.ui.palette import Colour, Palette, get_palette, mix, scale

Size = tuple[int, int]
Point = tuple[float, float]

# ---------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------

P = ParamSpec("P")
R = TypeVar("R")


class SurfaceCache(Generic[P, R]):
    """An LRU cache whose key is the call with defaults filled in.

    ``functools.lru_cache`` keys ``f(1)`` and ``f(1, "cantina")`` apart, so the
    same picture could be drawn twice and ``is`` checks fail; binding to the
    signature first gives one entry per picture.  Lists become tuples so a
    size given as ``[w, h]`` is accepted.
    """

    def __init__(self, fn: Callable[P, R], maxsize: int) -> None:
        self._signature = inspect.signature(fn)
        self._cached = lru_cache(maxsize=maxsize)(fn)
        update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        key = [tuple(int(v) for v in a) if isinstance(a, list) else a for a in bound.args]
        return self._cached(*key)

    def cache_clear(self) -> None:
        self._cached.cache_clear()

    def cache_info(self) -> Any:
        return self._cached.cache_info()


def surface_cache(maxsize: int) -> Callable[[Callable[P, R]], SurfaceCache[P, R]]:
    def wrap(fn: Callable[P, R]) -> SurfaceCache[P, R]:
        return SurfaceCache(fn, maxsize)

    return wrap


def supersample_factor(height: int) -> int:
    """Small surfaces need more oversampling for smooth edges; big ones less."""
    return 3 if height < 200 else 2


def display_ready(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` converted to the display's format for fast blits, when that format is
    one pygame.draw can draw on; as it is (32-bit) headless or on a 30-bit screen."""
    display = pygame.display.get_surface()
    if display is None or display.get_bitsize() not in (24, 32):
        return surface
    return surface.convert()


def vertical_gradient(size: Size, top: Colour, bottom: Colour) -> pygame.Surface:
    """An opaque top-to-bottom gradient (drawn 2 px wide, then stretched)."""
    w, h = size
    strip = pygame.Surface((2, 64), 0, 32)  # never a 30-bit display format
    for y in range(64):
        strip.fill(mix(top, bottom, y / 63), (0, y, 2, 1))
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


def rounded_mask(size: Size, radius: int) -> pygame.Surface:
    """Opaque white inside a rounded rectangle, transparent outside."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def clip_to(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """``layer`` with everything outside ``mask`` made transparent (in place)."""
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


def blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft blur: two box blurs approximate a gaussian at a tenth of the cost."""
    if radius < 1:
        return surface.copy()
    once = pygame.transform.box_blur(surface, radius)
    return pygame.transform.box_blur(once, max(1, radius // 2))


def additive(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` with colour premultiplied by alpha, ready for an additive blit.

    Additive blending ignores alpha, so without this the invisible pixels of a
    text or glyph surface (which still carry colour) would light up as a box.
    """
    return surface.premul_alpha()


def glow_text(
    target: pygame.Surface,
    text: str,
    size: int,
    centre: Point,
    colour: Colour,
    glow: Colour,
    strength: int = 2,
) -> pygame.Rect:
    """Bold ``text`` centred at ``centre`` with a soft coloured halo behind it."""
    crisp = render_text(text, size, colour, bold=True)
    pad = max(2, size // 5)
    halo = pygame.Surface(
        (crisp.get_width() + 2 * pad, crisp.get_height() + 2 * pad), pygame.SRCALPHA
    )
    halo.blit(render_text(text, size, glow, bold=True), (pad, pad))
    halo = additive(blur(halo, max(1, size // 10)))
    rect = crisp.get_rect(center=(round(centre[0]), round(centre[1])))
    for _ in range(strength):
        target.blit(halo, (rect.x - pad, rect.y - pad), special_flags=pygame.BLEND_RGB_ADD)
    target.blit(crisp, rect)
    return rect


def polygon(surface: pygame.Surface, colour: tuple[int, ...], points: list[Point]) -> None:
    pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in points])


def rotated(points: list[Point], centre: Point, angle: float) -> list[Point]:
    """``points`` turned by ``angle`` radians about ``centre``."""
    cx, cy = centre
    c, s = math.cos(angle), math.sin(angle)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def signed(value: int) -> str:
    """A card value as a player reads it: a true minus sign for negatives."""
    return f"\u2212{-value}" if value < 0 else str(value)


# ---------------------------------------------------------------------------
# The felt table
# ---------------------------------------------------------------------------


@surface_cache(8)
def render_felt(size: Size, palette: str = "cantina") -> pygame.Surface:
    """The whole table for a window of ``size``: wood rim, brass inlay, felt, vignette."""
    pal = get_palette(palette)
    w, h = size
    out = pygame.Surface((w, h), 0, 32)
    out.fill(pal.wood_dark)
    rim = max(8, min(w, h) // 28)
    radius = min(w, h) // 8
    # Wood: a gradient with faint grain lines, so the rim does not look flat.
    wood = vertical_gradient((w, h), scale(pal.wood, 1.25), pal.wood_dark)
    grain = random.Random(1138)  # fixed seed: the table looks the same every run
    for _ in range(max(12, h // 6)):
        y = grain.randrange(h)
        pygame.draw.line(
            wood, scale(pal.wood, 0.8 + grain.random() * 0.4), (0, y), (w, y + grain.randint(-6, 6))
        )
    out.blit(clip_to(_with_alpha(wood), rounded_mask((w, h), radius)), (0, 0))
    # Felt with a radial vignette: computed on a small grid, smoothscaled up.
    felt_rect = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    gw, gh = 48, max(8, round(48 * felt_rect.height / max(1, felt_rect.width)))
    grid = pygame.Surface((gw, gh), 0, 32)
    for gy in range(gh):
        for gx in range(gw):
            dx = (gx + 0.5) / gw * 2 - 1
            dy = (gy + 0.5) / gh * 2 - 1
            d = min(1.0, math.hypot(dx * 0.9, dy))
            grid.set_at((gx, gy), mix(scale(pal.felt, 1.15), pal.felt_dark, d**1.8))
    felt = _with_alpha(pygame.transform.smoothscale(grid, felt_rect.size))
    # Felt nap: a tile of faint light and dark specks, repeated (one tile is
    # enough to break up the flat colour, and keeps a 4K table cheap to build).
    tile = _felt_nap()
    for ty in range(0, felt_rect.height, tile.get_height()):
        for tx in range(0, felt_rect.width, tile.get_width()):
            felt.blit(tile, (tx, ty))
    # A printed ring on the felt marks the pot / interference-field area.
    cx, cy = felt_rect.width // 2, felt_rect.height // 2
    ring = pygame.Rect(0, 0, felt_rect.width * 0.46, felt_rect.height * 0.42)
    ring.center = (cx, cy)
    pygame.draw.ellipse(felt, (*pal.felt_pattern, 255), ring, max(1, rim // 5))
    ring.inflate_ip(-rim, -rim)
    pygame.draw.ellipse(felt, (*mix(pal.felt_pattern, pal.felt, 0.5), 255), ring, 1)
    clip_to(felt, rounded_mask(felt_rect.size, max(4, radius - rim)))
    out.blit(felt, felt_rect)
    # Brass inlay where felt meets wood, with a darker bevel inside it.
    pygame.draw.rect(
        out, pal.brass, felt_rect.inflate(4, 4), 2, border_radius=max(4, radius - rim + 2)
    )
    pygame.draw.rect(out, pal.felt_dark, felt_rect, 1, border_radius=max(4, radius - rim))
    return out


@lru_cache(maxsize=1)
def _felt_nap() -> pygame.Surface:
    tile = pygame.Surface((128, 128), pygame.SRCALPHA)
    speck = random.Random(2187)
    for _ in range(128 * 128 // 60):
        shade = (255, 255, 255, 14) if speck.random() < 0.5 else (0, 0, 0, 22)
        tile.set_at((speck.randrange(128), speck.randrange(128)), shade)
    return tile


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    """A 32-bit copy with per-pixel alpha (works with or without a display)."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


# ---------------------------------------------------------------------------
# Chips and the pot
# ---------------------------------------------------------------------------

DENOMINATIONS = (100, 25, 10, 5, 1)  # largest first, for breaking an amount into chips


def chip_colour(denomination: int, pal: Palette) -> Colour:
    return pal.chips[(1, 5, 10, 25, 100).index(denomination)]


@surface_cache(64)
def render_chip(denomination: int, diameter: int, palette: str = "cantina") -> pygame.Surface:
    """One chip seen from slightly above: a coloured disc with edge stripes."""
    pal = get_palette(palette)
    ss = supersample_factor(diameter * 2)
    d = diameter * ss
    thick = max(2, d // 7)
    big = pygame.Surface((d, d + thick), pygame.SRCALPHA)
    base = chip_colour(denomination, pal)
    stripe = pal.chip_stripe if sum(base) < 600 else (200, 40, 40)
    # The chip's edge (visible below the top face) then the top face.
    edge = pygame.Rect(0, thick, d, d * 0.62)
    top = pygame.Rect(0, 0, d, d * 0.62)
    pygame.draw.ellipse(big, scale(base, 0.6), edge)
    pygame.draw.rect(big, scale(base, 0.6), (0, top.centery, d, thick))
    # Edge stripes: six light bars around the rim, as on a casino chip.
    for i in range(6):
        a = (i + 0.5) / 6 * math.pi
        x = d / 2 - math.cos(a) * d / 2 * 0.92
        pygame.draw.rect(big, stripe, (x - d * 0.035, top.centery, d * 0.07, thick + d * 0.2))
    pygame.draw.ellipse(big, base, top)
    for i in range(8):
        a = i / 8 * 2 * math.pi
        cx = d / 2 + math.cos(a) * d * 0.43
        cy = top.centery + math.sin(a) * d * 0.62 * 0.43
        pygame.draw.ellipse(
            big, stripe, pygame.Rect(0, 0, d * 0.1, d * 0.07).move(cx - d * 0.05, cy - d * 0.035)
        )
    inner = top.inflate(-d * 0.3, -d * 0.3 * 0.62)
    pygame.draw.ellipse(big, scale(base, 1.15), inner)
    pygame.draw.ellipse(big, stripe, inner, max(1, ss))
    out = pygame.transform.smoothscale(big, (diameter, round((d + thick) / ss)))
    if diameter >= 28:
        label = render_text(str(denomination), max(7, diameter // 4), _ink_on(base), bold=True)
        out.blit(label, label.get_rect(center=(diameter / 2, top.centery / ss)))
    return out


def _ink_on(c: Colour) -> Colour:
    """Black or white, whichever reads better on ``c``."""
    return (20, 20, 20) if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 150 else (250, 250, 250)


def break_into_chips(amount: int) -> list[tuple[int, int]]:
    """``amount`` as (denomination, count) pairs, largest first, fewest chips."""
    parts = []
    for d in DENOMINATIONS:
        n, amount = divmod(amount, d)
        if n:
            parts.append((d, n))
    return parts


@surface_cache(128)
def render_chip_stack(
    amount: int,
    diameter: int = 36,
    palette: str = "cantina",
    label: bool = True,
    max_per_stack: int = 10,
) -> pygame.Surface:
    """``amount`` as side-by-side stacks by denomination, with the amount beneath."""
    pal = get_palette(palette)
    chip = render_chip(1, diameter, palette)
    step = max(2, chip.get_height() // 6)  # vertical offset between chips in a stack
    parts = break_into_chips(max(0, amount))
    stacks = len(parts)
    tallest = max((min(n, max_per_stack) for _, n in parts), default=1)
    height = chip.get_height() + step * (tallest - 1)
    width = max(1, stacks) * (diameter + 4)
    label_surf = (
        render_text(format_number(amount), max(10, diameter // 2), pal.text, bold=True)
        if label
        else None
    )
    lh = label_surf.get_height() if label_surf else 0
    out = pygame.Surface(
        (max(width, label_surf.get_width() if label_surf else 0), height + lh), pygame.SRCALPHA
    )
    x0 = (out.get_width() - width) // 2
    for i, (denom, count) in enumerate(parts):
        img = render_chip(denom, diameter, palette)
        shown = min(
            count, max_per_stack
        )  # taller stacks would leave the table; the label says the rest
        for j in range(shown):
            out.blit(img, (x0 + i * (diameter + 4) + 2, height - img.get_height() - j * step))
    if label_surf:
        out.blit(label_surf, label_surf.get_rect(midtop=(out.get_width() // 2, height)))
    return out


@surface_cache(64)
def render_pot(amount: int, title: str, size: Size, palette: str = "cantina") -> pygame.Surface:
    """The pot zone: a translucent brass-edged lozenge with its name and chips."""
    pal = get_palette(palette)
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (*pal.felt_dark, 150), out.get_rect(), border_radius=h // 3)
    pygame.draw.rect(out, (*pal.brass, 220), out.get_rect(), max(1, h // 40), border_radius=h // 3)
    caption = fit_text(title.upper(), w - 16, max(9, h // 7), pal.brass_light, bold=True)
    out.blit(caption, caption.get_rect(midtop=(w // 2, h // 14)))
    stack = render_chip_stack(amount, max(14, min(h // 3, w // 6)), palette)
    room = h - caption.get_height() - h // 10
    if stack.get_height() > room:
        k = room / stack.get_height()
        stack = pygame.transform.smoothscale(stack, (max(1, int(stack.get_width() * k)), room))
    out.blit(stack, stack.get_rect(midbottom=(w // 2, h - h // 20)))
    return out


# ---------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------

# Pip positions on a d6 face, in thirds of the face.
_D6_PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


@surface_cache(128)
def render_die(
    sides: int, value: int, size: int, palette: str = "cantina", angle: int = 0
) -> pygame.Surface:
    """A die face: d6 with pips; d2 a coin, d4 a triangle, d8 an octagon, with numbers.

    ``angle`` (degrees) tilts the face, used by the roll animation.
    """
    if sides not in (2, 4, 6, 8) or not 1 <= value <= sides:
        raise ValueError(f"no face {value} on a d{sides}")
    pal = get_palette(palette)
    ss = supersample_factor(size)
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    body, ink = pal.die_body, pal.die_pip
    shade = scale(body, 0.7)
    if sides == 6:
        rect = pygame.Rect(s * 0.06, s * 0.06, s * 0.88, s * 0.88)
        pygame.draw.rect(big, shade, rect.move(0, s * 0.03), border_radius=int(s * 0.16))
        pygame.draw.rect(big, body, rect, border_radius=int(s * 0.16))
        for px, py in _D6_PIPS[value]:
            pygame.draw.circle(
                big, ink, (s * (0.27 + px * 0.23), s * (0.27 + py * 0.23)), s * 0.075
            )
    else:
        if sides == 2:
            pygame.draw.circle(big, shade, (c, c + s * 0.03), s * 0.44)
            pygame.draw.circle(big, pal.brass, (c, c), s * 0.44)
            pygame.draw.circle(big, pal.brass_light, (c, c), s * 0.36, max(1, s // 30))
        else:
            n = 3 if sides == 4 else 8
            r = s * (0.5 if sides == 4 else 0.46)
            start = -math.pi / 2 if sides == 4 else math.pi / 8
            cy = c + (s * 0.08 if sides == 4 else 0)
            pts = [
                (
                    c + r * math.cos(start + i * 2 * math.pi / n),
                    cy + r * math.sin(start + i * 2 * math.pi / n),
                )
                for i in range(n)
            ]
            polygon(big, shade, [(x, y + s * 0.03) for x, y in pts])
            polygon(big, body, pts)
            if sides == 8:  # facet lines suggest the octahedron's bevel
                inner = [(c + (x - c) * 0.7, c + (y - c) * 0.7) for x, y in pts]
                pygame.draw.polygon(
                    big, scale(body, 0.85), [(round(x), round(y)) for x, y in inner], max(1, ss)
                )
    if angle:
        big = pygame.transform.rotate(big, angle)
    out = pygame.transform.smoothscale(
        big, (round(big.get_width() / ss), round(big.get_height() / ss))
    )
    if sides != 6:
        ink_c = pal.wood_dark if sides == 2 else ink
        label = render_text(
            str(value), max(8, int(size * (0.4 if sides != 4 else 0.34))), ink_c, bold=True
        )
        cy = out.get_height() / 2 + (size * 0.1 if sides == 4 and not angle else 0)
        out.blit(label, label.get_rect(center=(out.get_width() / 2, cy)))
    return out


def render_dice_roll_frame(
    sides: int, final: int, size: int, t: float, seed: int = 0, palette: str = "cantina"
) -> pygame.Surface:
    """One frame of a die tumbling, ``t`` 0..1; at ``t >= 1`` the settled ``final`` face.

    Deterministic in (sides, final, t, seed): the faces shown mid-roll come from
    a generator seeded with those, so screenshots are repeatable.  Only 12
    phases exist, so every frame comes from the die cache.
    """
    if t >= 1:
        return render_die(sides, final, size, palette)
    phase = int(max(0.0, t) * 12)
    rng = random.Random(seed * 7919 + sides * 31 + final * 131 + phase)
    face = rng.randint(1, sides)
    wobble = int((1 - t) * 40)  # the tilt dies away as the die settles
    angle = (rng.randint(-wobble, wobble) // 10) * 10
    return render_die(sides, face, size, palette, angle)


# ---------------------------------------------------------------------------
# Nameplates and the turn indicator
# ---------------------------------------------------------------------------


@surface_cache(16)
def _plate_halo(size: Size, pad: int, glow: Colour) -> pygame.Surface:
    """The blurred glow round an active plate of ``size``: the same whoever's turn it is
    and whatever their chips, so blurred once (a few ms a plate at 4K)."""
    w, h = size
    halo = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    plate = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(halo, (*glow, 200), plate.inflate(pad, pad), border_radius=h // 3)
    return blur(halo, pad // 2 + 1)


@surface_cache(64)
def render_nameplate(
    name: str,
    chips: int,
    level: str = "",
    active: bool = False,
    size: Size = (200, 56),
    palette: str = "cantina",
    inset: int = 0,
) -> pygame.Surface:
    """A seat's plate: name, chip count, AI level; a warm glow while it is their turn.
    ``inset`` keeps the left part free (for a portrait)."""
    pal = get_palette(palette)
    w, h = size
    pad = max(6, h // 4) if active else 0
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    plate = pygame.Rect(pad, pad, w, h)
    if active:
        out.blit(_plate_halo((w, h), pad, pal.turn_glow), (0, 0))
    pygame.draw.rect(out, (*pal.plate, 235), plate, border_radius=h // 4)
    edge = pal.turn_glow if active else pal.plate_edge
    pygame.draw.rect(out, edge, plate, 2, border_radius=h // 4)
    name_s = fit_text(name, int(w * 0.62), max(10, int(h * 0.36)), pal.text, bold=True)
    out.blit(name_s, name_s.get_rect(midleft=(plate.x + h // 4, plate.y + h * 0.32)))
    chips_s = render_text(format_number(chips), max(9, int(h * 0.3)), pal.brass_light, bold=True)
    # A small chip icon before the count so the number reads as money.
    icon = render_chip(5, max(8, int(h * 0.28)), palette)
    ix = plate.x + h // 4 + inset
    out.blit(icon, icon.get_rect(midleft=(ix, plate.y + h * 0.72)))
    out.blit(chips_s, chips_s.get_rect(midleft=(ix + icon.get_width() + 4, plate.y + h * 0.72)))
    if level:
        lvl = fit_text(level, int(w * 0.34), max(8, int(h * 0.24)), pal.text_dim)
        out.blit(lvl, lvl.get_rect(midright=(plate.right - h // 4, plate.y + h * 0.72)))
    return out


@surface_cache(64)
def render_turn_indicator(
    size: int, t: float = 0.0, palette: str = "cantina", direction: str = "down"
) -> pygame.Surface:
    """A glowing chevron pointing at the seat to act; ``t`` (0..1 looping) pulses it.

    Call with ``t`` quantised (e.g. ``round(t * 16) / 16``) to reuse cached frames.
    """
    pal = get_palette(palette)
    pulse = 0.5 + 0.5 * math.sin(t * 2 * math.pi)
    pad = size // 3
    s = size + 2 * pad
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    pts = [
        (pad, pad + size * 0.25),
        (pad + size / 2, pad + size * 0.75),
        (pad + size, pad + size * 0.25),
        (pad + size / 2, pad + size * 0.45),
    ]
    halo = pygame.Surface((s, s), pygame.SRCALPHA)
    polygon(halo, (*pal.turn_glow, int(120 + 120 * pulse)), pts)
    out.blit(blur(halo, max(1, pad // 2)), (0, 0))
    polygon(out, mix(pal.turn_glow, (255, 255, 255), 0.4 * pulse), pts)
    turns = {"down": 0, "right": 90, "up": 180, "left": 270}
    if direction not in turns:
        raise ValueError(f"unknown direction {direction!r}")
    return pygame.transform.rotate(out, turns[direction]) if turns[direction] else out


def clear_cache() -> None:
    for fn in (
        render_felt,
        render_chip,
        render_chip_stack,
        render_pot,
        render_die,
        render_nameplate,
        _plate_halo,
        render_turn_indicator,
    ):
        fn.cache_clear()


def _on_language(language: str) -> None:
    # Text here is drawn in the language's font with its digit grouping, and the
    # caches are keyed by the text only: a language switch must redraw it.
    clear_cache()


i18n.add_listener(_on_language)
