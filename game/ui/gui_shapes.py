"""One shared cache of pygame_gui's rounded-rectangle backgrounds, at any size.

pygame_gui draws each state of a rounded button (normal, hovered, selected, active,
disabled) four times oversized and scales it down, one state per element per frame
after the element is built. Its own shape cache only keeps shapes under 40,000 pixels,
and lives with one UIManager. At 4K a table's action bar is rebuilt with buttons ten
times that size, so each rebuild cost tens of milliseconds a frame for several frames.

``install()`` wraps ``RoundedRectangleShape.redraw_state`` so that a background (shape,
size, borders, colours, corners: pygame_gui's own cache id) is drawn once per process
and copied after that; the state's text is added on top as before. ``clear()`` drops
the surfaces (they die with ``pygame.quit()``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import pygame

LIMIT = 256  # backgrounds kept (a 4K button is ~1 MB)
# Past pygame_gui's own cache limit (40,000 pixels: a button at 1440p and up) a plain
# background is drawn here at 2x, not pygame_gui's 4x: the same picture to the eye
# (tests/scenes/test_gui_shapes.py compares them) for a sixth of the work.
LARGE = 40_000

_backgrounds: OrderedDict[str, pygame.Surface] = OrderedDict()
# A background of each look (all but the width) that others are stretched from.
_donors: OrderedDict[str, pygame.Surface] = OrderedDict()
_installed = False


def clear() -> None:
    _backgrounds.clear()
    _donors.clear()
    _warmed_looks.clear()


def install() -> None:
    """Wrap pygame_gui's rounded rectangles once per process (a no-op if its internals
    are not the ones this was written for: then pygame_gui draws as it always did)."""
    global _installed
    if _installed:
        return
    try:
        from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
            RoundedRectangleShape,
        )
    except ImportError:
        return
    original = getattr(RoundedRectangleShape, "redraw_state", None)
    if original is None or not hasattr(RoundedRectangleShape, "finalise_images_and_text"):
        return

    def redraw_state(self: Any, state_str: str, add_text: bool = True) -> None:
        key = _cache_key(self, state_str)
        if key is None:
            original(self, state_str, add_text)
            return
        cached = _backgrounds.get(key)
        if cached is None:
            # The background (and no text yet), then remember a copy of it.
            family, keep = _family(self, state_str)
            donor = _donors.get(family) if family is not None else None
            background: pygame.Surface | None = None
            if donor is not None and self.containing_rect.width >= 2 * keep:
                # Another width of the same look: its ends and a stretched middle.
                background = stretched(donor, self.containing_rect.width, keep)
            else:
                large = self.containing_rect.width * self.containing_rect.height >= LARGE
                background = fast_background(self, state_str) if large else None
            if background is None:
                original(self, state_str, False)
            else:
                self.states[state_str].surface = background
            drawn = self.states[state_str].surface
            _backgrounds[key] = drawn.copy()
            if len(_backgrounds) > LIMIT:
                _backgrounds.popitem(last=False)
            if family is not None and donor is None and drawn.get_width() > 2 * keep:
                _donors[family] = drawn.copy()
                if len(_donors) > LIMIT:
                    _donors.popitem(last=False)
        else:
            _backgrounds.move_to_end(key)
            self.states[state_str].surface = cached.copy()
        if add_text:
            self.finalise_images_and_text(
                f"{state_str}_images",
                state_str,
                f"{state_str}_text",
                f"{state_str}_text_shadow",
                True,
            )
        self.states[state_str].has_fresh_surface = True
        self.states[state_str].generated = True

    RoundedRectangleShape.redraw_state = redraw_state  # type: ignore[method-assign]
    _installed = True


def fast_background(shape: Any, state_str: str) -> pygame.Surface | None:
    """A plain rounded background (one border width, one corner radius, flat colours)
    drawn at 2x, smoothed down and laid on the shape's shadow; None for anything else."""
    theming = shape.theming
    border, fill = theming[f"{state_str}_border"], theming[f"{state_str}_bg"]
    if not isinstance(border, pygame.Color) or not isinstance(fill, pygame.Color):
        return None
    widths, radii = set(shape.border_widths.values()), set(shape.shape_corner_radius)
    if len(widths) != 1 or len(radii) != 1:
        return None
    width, height = shape.containing_rect.size
    shadow, area = shape.shadow_width, shape.click_area_shape
    if area.width <= 0 or area.height <= 0:
        return None
    border_width = widths.pop()
    radius = min(radii.pop(), area.width // 2, area.height // 2)
    ss = 2
    big = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA, 32)
    outer = pygame.Rect(shadow * ss, shadow * ss, area.width * ss, area.height * ss)
    if border_width > 0:
        pygame.draw.rect(big, border, outer, border_radius=radius * ss)
    inner = outer.inflate(-2 * border_width * ss, -2 * border_width * ss)
    if inner.width > 0 and inner.height > 0:
        shrink = min(inner.width / outer.width, inner.height / outer.height)
        pygame.draw.rect(big, fill, inner, border_radius=int(radius * shrink) * ss)
    base = shape.base_surface
    out = base.copy() if base is not None else pygame.Surface((width, height), pygame.SRCALPHA, 32)
    out.blit(pygame.transform.smoothscale(big, (width, height)), (0, 0))
    return out


WARM_STATES = ("normal", "hovered", "selected", "active", "disabled")
_warmed_looks: set[tuple[int, int, str | None]] = set()  # (manager, height, block)


def warm_looks(app: Any, height: int, blocks: Iterable[str | None]) -> None:
    """Ahead of a table's first decision: a background of each of ``blocks`` (theme
    blocks) at ``height``, in every state, drawn a piece per frame (an app frame hook,
    ~2 ms each) while the table deals. The decision's buttons are then stretched
    copies (``stretched``) rather than drawn in the frame that shows them."""
    if not _installed:
        return
    manager = app.manager
    jobs = []
    for block in dict.fromkeys(blocks):
        look = (id(manager), height, block)
        if look not in _warmed_looks:
            _warmed_looks.add(look)
            jobs.append(block)
    if not jobs:
        return
    from pygame_gui.core import ObjectID
    from pygame_gui.elements import UIButton

    work: dict[str, Any] = {"button": None, "states": []}

    def hook(app: Any, dt: float) -> None:
        button = work["button"]
        if app.manager is not manager:  # the UI was built anew (language, scale)
            if button is not None:
                button.kill()
            jobs.clear()
        elif button is not None and work["states"]:
            button.drawable_shape.redraw_state(work["states"].pop(0), False)
            return
        if button is not None:
            button.kill()
            work["button"] = None
        if not jobs:
            app.frame_hooks.remove(hook)
            return
        block = jobs.pop(0)
        rect = pygame.Rect(-10_000, -10_000, max(4 * height, 120), height)
        object_id = ObjectID(block, None) if block else None
        work["button"] = UIButton(rect, "", manager, object_id=object_id, visible=0)
        work["states"] = [state for state in WARM_STATES if state != "normal"]

    app.frame_hooks.append(hook)


def stretched(donor: pygame.Surface, width: int, keep: int) -> pygame.Surface:
    """``donor`` made ``width`` wide: its ``keep`` columns at each end (the rounded
    corners, borders and shadow) as they are, the straight middle stretched between.
    A button's first picture at a new width costs a copy, not a redraw of every state
    (~2 ms each); pygame_gui's own redraw differs only in a few anti-aliased corner
    pixels, by a few levels of 255 (tests/scenes/test_gui_shapes.py)."""
    source_width, height = donor.get_size()
    out = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    out.blit(donor, (0, 0), pygame.Rect(0, 0, keep, height))
    out.blit(donor, (width - keep, 0), pygame.Rect(source_width - keep, 0, keep, height))
    if width > 2 * keep:
        column = donor.subsurface(pygame.Rect(source_width // 2, 0, 1, height))
        out.blit(pygame.transform.scale(column, (width - 2 * keep, height)), (keep, 0))
    return out


def _family(shape: Any, state_str: str) -> tuple[str | None, int]:
    """The look of the state's background without its width, and how many columns at
    each end are not plain middle (None: not a shape that stretches)."""
    radii = shape.shape_corner_radius
    widths = shape.border_widths
    try:
        corner = max(radii) if isinstance(radii, list | tuple) else int(radii)
        border = max(widths.values()) if isinstance(widths, dict) else int(widths)
    except (TypeError, ValueError):
        return None, 0
    keep = int(shape.shadow_width) + int(corner) + int(border) + 2
    key = _cache_key(shape, state_str, width=0)
    return key, keep


def _cache_key(shape: Any, state_str: str, width: int | None = None) -> str | None:
    """pygame_gui's own cache id for this state's background, or None where the state
    is not a plain background (filled bars, images, an empty rect). The base under it
    (transparent, or the shadow) follows from the size and shadow width in the id."""
    theming = shape.theming
    rect = shape.containing_rect
    if rect.width <= 0 or rect.height <= 0:
        return None
    if "filled_bar" in theming or "filled_bar_width_percentage" in theming:
        return None
    if theming.get(f"{state_str}_images"):
        return None
    return "|".join(
        (
            shape.shape_cache.build_cache_id(
                "rounded_rectangle",
                rect.size if width is None else (width, rect.height),
                shape.shadow_width,
                shape.border_widths,
                theming[f"{state_str}_border"],
                theming[f"{state_str}_bg"],
                shape.shape_corner_radius,
            ),
            str(theming.get("border_overlap", 0)),
        )
    )
