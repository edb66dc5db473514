"""A seat's nameplate, the same at every table: the name, the chips, and on the right
the seat's skill and personality ("Normal · Steady"), or news for this seat (its last
action, a challenge's result) in its colour; a warm glow while it is the seat's turn.

The news is on the plate at every table; on a plate too narrow for it whole, it
hangs in a tab under the plate instead (``news_tab``: a table that has room there
says where), never cut short."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n
from game.scenes.kit.cast import Seat
from game.scenes.kit.ink import Ink
from game.scenes.kit.text import fit, fit_or_cut, note_overflow, text
from game.ui import draw as art
from game.ui.palette import Colour
from game.ui.portraits import portrait

# A table whose plates have the room may carry each seat's face large beside the plate
# (a portrait plate: ``portrait_split``, ``draw_portrait``), as a campaign seats its
# characters.
FACE_RING = (201, 161, 74)  # brass


def draw_portrait(surface: pygame.Surface, place: pygame.Rect, face: str, expression: str) -> None:
    """A seat's face large (``place``, square) in the expression of the moment, in a
    thin brass ring: beside its plate, or on the felt by it."""
    surface.blit(portrait(face, place.width, expression), place)
    pygame.draw.circle(surface, FACE_RING, place.center, place.width // 2, 2)


def portrait_split(rect: pygame.Rect, face_px: int, plate_h: int, gap: int
                   ) -> tuple[pygame.Rect, pygame.Rect]:  # fmt: skip
    """A portrait plate's two parts in ``rect``: the face (``face_px`` square, at the
    left, centred up and down) and the plate (``plate_h`` tall) in the rest."""
    face = pygame.Rect(rect.x, rect.centery - face_px // 2, face_px, face_px)
    plate = pygame.Rect(face.right + gap, rect.centery - plate_h // 2,
                        max(1, rect.right - face.right - gap), plate_h)  # fmt: skip
    return face, plate


@lru_cache(maxsize=256)
def plate_image(
    size: tuple[int, int],
    seat: Seat,
    chips: int,
    active: bool,
    palette: str,
    ink: Ink,
    name_room: float = 0.62,
    news: str = "",
    news_colour: Colour | None = None,
    dim: bool = False,
    language: str = "",
    corner: str = "",
    expression: str = "neutral",
    reserve: int = 0,
) -> pygame.Surface:
    """The plate of ``size`` with its glow margin round it (see :func:`draw_plate`).

    A seat with a face shows its portrait at the plate's left end, in ``expression``;
    ``reserve`` pixels at the top right are kept free for the table's own tags (the
    dealer's disc, "Lead")."""
    w, h = size
    with_face = bool(seat.face) and h >= 24
    inset = h - h // 4 + 2 if with_face else 0
    base = art.render_nameplate("", chips, "", active, size, palette, inset).copy()
    pad = (base.get_width() - size[0]) // 2
    plate = pygame.Rect(pad, pad, w, h)
    left = plate.x + h // 4
    if with_face:
        face = portrait(seat.face, h - 4, expression)
        if dim:
            face = face.copy()
            face.set_alpha(120)
        base.blit(face, (plate.x + 3, plate.y + 2))
        left = plate.x + h + 2
    right = plate.right - h // 4
    top_y, low_y = plate.y + h * 0.32, plate.y + h * 0.72
    # Top line: the corner tag ("Lead", a score) keeps its words; the name takes the
    # rest, shrinking and at last cut with "…" — never drawn under the tag.
    if reserve:
        right = plate.right - h // 5 - reserve - 2
    tag_rect = pygame.Rect(right, 0, 0, 0)
    if corner:
        tag = fit(corner, max(20, (right - left) // 2), max(8, int(h * 0.26)), ink.gold, True)
        tag_rect = base.blit(tag, tag.get_rect(midright=(right, top_y)))
    room_name = int(w * name_room) - (left - plate.x - h // 4)
    if with_face or corner or reserve:
        # Beside a portrait the name may run on to the corner tag (or the plate's end).
        room_name = max(room_name, tag_rect.left - (6 if corner else 0) - left)
    if corner or reserve:
        room_name = min(room_name, tag_rect.left - (6 if corner else 0) - left)
    name_colour = ink.dim if dim else ink.text
    floor = min(10, max(8, int(h * 0.26)))
    name = fit_or_cut(
        seat.name, max(12, room_name), max(10, int(h * 0.34)), name_colour, True, floor
    )
    name_rect = base.blit(name, name.get_rect(midleft=(left, top_y)))
    if (corner or reserve) and name_rect.right > tag_rect.left:
        note_overflow(f"plate {seat.name!r} runs under {corner or 'its tags'!r}")
    # Lower line: the chips (drawn by the plate art, after the inset) on the left, the
    # skill and personality (or the seat's news) on the right in what is left; a
    # note that cannot fit readably drops its personality, then itself.
    right = plate.right - h // 4
    chips_size = max(9, int(h * 0.3))
    chips_w = text(i18n.format_number(chips), chips_size, ink.gold, True).get_width()
    chips_right = plate.x + h // 4 + inset + max(8, int(h * 0.28)) + 4 + chips_w
    room = right - chips_right - max(6, h // 8)
    note: pygame.Surface | None
    if news and news_colour is not None:
        # The seat's news (a challenge's result) never shrinks below a readable size.
        note = fit_or_cut(news, max(12, room), max(10, int(h * 0.32)), news_colour, True, 10)
    else:
        note = _note(seat, room, max(8, int(h * 0.24)), ink)
    if note is not None:
        note_rect = base.blit(note, note.get_rect(midright=(right, low_y)))
        if note_rect.left < chips_right:
            note_overflow(f"plate {seat.name!r}: {seat.note()!r} over the chips")
    if pygame.display.get_surface() is not None:
        base = base.convert_alpha()
    return base


def _chips_right(h: int, chips: int, with_face: bool) -> int:
    """Where the chips' figure ends, from the plate's left edge."""
    inset = h - h // 4 + 2 if with_face else 0
    chips_w = text(i18n.format_number(chips), max(9, int(h * 0.3)), (0, 0, 0), True).get_width()
    return h // 4 + inset + max(8, int(h * 0.28)) + 4 + chips_w


def news_fits(size: tuple[int, int], seat: Seat, chips: int, news: str) -> bool:
    """Whether ``news`` shows whole on the plate's lower line at its readable size."""
    w, h = size
    room = w - h // 4 - _chips_right(h, chips, bool(seat.face) and h >= 24) - max(6, h // 8)
    return text(news, max(10, int(h * 0.32)), (0, 0, 0), True).get_width() <= room


def draw_news_tab(
    surface: pygame.Surface, tab: pygame.Rect, news: str, colour: Colour, size: int,
    palette: str,
) -> pygame.Rect:  # fmt: skip
    """The seat's news in a tab hung under its plate (``tab``: the room there), as wide
    as its words; returns the tab drawn."""
    from game.ui.palette import get_palette

    shades = get_palette(palette)
    pad = max(5, size // 2)
    words = fit(news, tab.width - 2 * pad, size, colour, True)
    box = tab.copy()
    box.width = min(tab.width, words.get_width() + 2 * pad + 4)
    box.centerx = tab.centerx
    # Drawn on its own picture, then blitted: a table may measure where it paints
    # with a stand-in that takes blits only.
    image = pygame.Surface(box.size, pygame.SRCALPHA)
    local = image.get_rect()
    pygame.draw.rect(image, shades.plate, local, border_radius=box.height // 2)
    pygame.draw.rect(image, shades.plate_edge, local, 1, border_radius=box.height // 2)
    image.blit(words, words.get_rect(center=local.center))
    surface.blit(image, box)
    return box


def _note(seat: Seat, room: int, size: int, ink: Ink) -> pygame.Surface | None:
    """The plate's small line in ``room``: "Normal · Steady", else "Normal", else none."""
    floor = min(size, 9)
    for words in (seat.note(), i18n.t(f"level.{seat.level}") if seat.level else ""):
        if not words:
            continue
        image = text(words, size, ink.dim)
        at = size
        while image.get_width() > room and at > floor:
            at -= 1
            image = text(words, at, ink.dim)
        if image.get_width() <= room:
            return image
    return None


def draw_plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seat: Seat,
    chips: int,
    active: bool,
    palette: str,
    ink: Ink,
    name_room: float = 0.62,
    news: str = "",
    news_colour: Colour | None = None,
    dim: bool = False,
    corner: str = "",
    expression: str = "neutral",
    reserve: int = 0,
    news_tab: pygame.Rect | None = None,
) -> pygame.Rect | None:
    """Draw the plate; with ``news_tab`` (room under the plate), news that the plate
    cannot show whole hangs there instead (returns the tab drawn, else None)."""
    tab = None
    crowded = news_tab is not None and not news_fits(rect.size, seat, chips, news)
    if news and news_colour is not None and news_tab is not None and crowded:
        size = max(10, int(news_tab.height * 0.66))
        tab = draw_news_tab(surface, news_tab, news, news_colour, size, palette)
        news, news_colour = "", None
    image = plate_image(rect.size, seat, chips, active, palette, ink, name_room, news,
                        news_colour, dim, i18n.get_language(), corner, expression,
                        reserve)  # fmt: skip
    pad_x = (image.get_width() - rect.width) // 2
    pad_y = (image.get_height() - rect.height) // 2
    surface.blit(image, (rect.x - pad_x, rect.y - pad_y))
    return tab
