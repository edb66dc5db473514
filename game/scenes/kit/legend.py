"""A word for every symbol: the table's hover tooltips and the ``?`` labels.

Each table says where its symbols are (``Table.glossary_marks``: a ``Mark`` per
badge, ring, outline, pot or coloured label, from its layout and display model, each
naming a ``game.help.glossary`` term). The kit does the rest, once for every table:

- resting the mouse on a symbol shows its word and one sentence (after ``HOVER_DELAY``);
- holding ``?`` (shift + /, or / alone) labels every symbol on the table at once:
  each term's word in a tag with a leader line to every place it applies, over a
  light veil; releasing the key takes them away.

Nothing here changes the game: the marks are read, never acted on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.help import glossary
from game.scenes.kit import text as kt
from game.scenes.kit.ink import Ink

HOVER_DELAY = 0.4  # seconds the mouse rests on a symbol before its word shows
VEIL_ALPHA = 110


@dataclass(frozen=True, slots=True)
class Mark:
    """A symbol on the table: where it is and the glossary term that names it. One
    not ``labelled`` shows its word on hover but gets no ``?`` label of its own (a
    symbol repeated many times: the label points at one of them)."""

    rect: pygame.Rect
    term: str
    labelled: bool = True


def is_legend_key(event: pygame.event.Event) -> bool:
    """Whether a KEYDOWN is the labels key: ``?`` in any keyboard layout, or ``/``."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return False
    return getattr(event, "unicode", "") == "?" or event.key in (pygame.K_SLASH, pygame.K_QUESTION)


def term_words(term: str) -> tuple[str, str]:
    """The term's word and its sentence in the language of the moment."""
    return glossary.said(term)


class Legend:
    """The hover and the held key's state (the table feeds it input and its clock)."""

    def __init__(self) -> None:
        self.held_key: int | None = None  # the key holding the labels up
        self.mouse: tuple[int, int] | None = None
        self.moved_at = 0.0  # the table's clock when the mouse last moved
        self.texts: dict[str, pygame.Rect | None] = {}  # ``keep_text``

    def keep_text(self, name: str, rect: pygame.Rect | None) -> None:
        """Note where the table drew the words ``name`` (None: not shown now), so the
        ``?`` labels keep off them."""
        self.texts[name] = rect

    def marks_of(self, table: Any) -> list[Mark]:
        """What the legend names at ``table``: its marks (``glossary_marks``) and the
        kit's own (the turn marker, drawn on the player's turn while nothing moves)."""
        marks: list[Mark] = table.glossary_marks()
        marker = table.marker_rect
        if marker is not None and table.acting() == table.human and table.idle():
            marks.append(Mark(marker, "turn-marker"))
        return marks

    def kit_keep_clear(self, table: Any) -> list[pygame.Rect]:
        """Words at ``table`` no ``?`` label covers: the status lines noted as drawn
        (``keep_text``), every caption on the table and, while it shows, the banner."""
        rects = [rect for rect in self.texts.values() if rect is not None]
        rects += table.canvas.layer_captions + table.canvas.overlay_captions
        return rects + table.notices.banner_box()

    @property
    def held(self) -> bool:
        return self.held_key is not None

    def handle(self, event: pygame.event.Event, clock: float) -> bool:
        """Take the labels key (down and up) and note the mouse; True if consumed."""
        if is_legend_key(event):
            self.held_key = event.key
            return True
        if event.type == pygame.KEYUP and self.held_key is not None and event.key == self.held_key:
            self.held_key = None
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            self.moved_at = clock
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.held_key = None  # the key's release goes to another window
            self.mouse = None
        return False

    def hovered(self, marks: Sequence[Mark], clock: float) -> Mark | None:
        """The mark under a resting mouse (the smallest, when marks nest)."""
        if self.mouse is None or clock - self.moved_at < HOVER_DELAY:
            return None
        under = [m for m in marks if m.rect.collidepoint(self.mouse)]
        return min(under, key=lambda m: m.rect.width * m.rect.height, default=None)

    def active(self, marks: Sequence[Mark], clock: float) -> bool:
        return self.held or self.hovered(marks, clock) is not None

    def draw_for(self, table: Any, surface: pygame.Surface) -> None:
        """Over everything ``table`` drew: its marks (``marks_of``) labelled in its
        ``legend_area``, off its ``legend_keep_clear``; or the hovered one's tooltip."""
        if not self.held and self.mouse is None:
            return
        marks = self.marks_of(table)
        if marks:
            self.draw(surface, marks, table.clock, table.ink, table.table_u, table.legend_area(),
                      table.legend_keep_clear())  # fmt: skip

    def draw(
        self, surface: pygame.Surface, marks: Sequence[Mark], clock: float, ink: Ink, u: float,
        area: pygame.Rect | None = None, keep_clear: Sequence[pygame.Rect] = (),
    ) -> list[pygame.Rect]:  # fmt: skip
        """The labels (key held) or the hovered symbol's tooltip; the rects drawn.
        ``keep_clear``: words on the table (a status line, a banner) no label covers."""
        if self.held:
            return draw_labels(surface, marks, ink, u, area or surface.get_rect(), keep_clear)
        mark = self.hovered(marks, clock)
        if mark is None or self.mouse is None:
            return []
        return [draw_tooltip(surface, mark, self.mouse, ink, u)]


def tooltip_image(term: str, ink: Ink, u: float) -> pygame.Surface:
    """The tooltip's box: the word in bold, then its sentence, wrapped."""
    name, sentence = term_words(term)
    width = max(160, round(340 * u))
    size, head = max(11, round(15 * u)), max(12, round(16 * u))
    pad = max(6, round(10 * u))
    title = kt.fit(name, width, head, ink.gold, True)
    lines = [kt.text(line, size, ink.text) for line in kt.wrap(sentence, size, width)]
    w = max([title.get_width(), *(line.get_width() for line in lines)]) + 2 * pad
    h = title.get_height() + sum(line.get_height() for line in lines) + 2 * pad + 2
    box = kt.panel((w, h), ink, radius=max(6, round(8 * u)), alpha=240)
    box.blit(title, (pad, pad))
    y = pad + title.get_height() + 2
    for line in lines:
        box.blit(line, (pad, y))
        y += line.get_height()
    return box


def draw_tooltip(
    surface: pygame.Surface, mark: Mark, mouse: tuple[int, int], ink: Ink, u: float
) -> pygame.Rect:
    image = tooltip_image(mark.term, ink, u)
    gap = max(8, round(14 * u))
    rect = image.get_rect(topleft=(mouse[0] + gap, mouse[1] + gap))
    bounds = surface.get_rect()
    if rect.right > bounds.right:
        rect.right = mouse[0] - gap
    if rect.bottom > bounds.bottom:
        rect.bottom = mouse[1] - gap
    rect.clamp_ip(bounds)
    pygame.draw.rect(surface, ink.gold, mark.rect.inflate(4, 4), 1, border_radius=6)
    surface.blit(image, rect)
    return rect


def label_image(term: str, ink: Ink, u: float) -> pygame.Surface:
    name, _ = term_words(term)
    return kt.pill(name, max(10, round(13 * u)), ink.gold, (*ink.panel, 240))


def grouped(marks: Sequence[Mark], near: int = 10**9) -> list[tuple[str, list[pygame.Rect]]]:
    """The marks by term, in the order each term first appears; symbols of one term
    farther than ``near`` from the first of a group start a group (a label) of their
    own, so no leader line crosses the whole table."""
    out: list[tuple[str, list[pygame.Rect]]] = []
    for mark in marks:
        for term, rects in out:
            first = rects[0].center
            dx, dy = mark.rect.centerx - first[0], mark.rect.centery - first[1]
            if term == mark.term and dx * dx + dy * dy <= near * near:
                rects.append(mark.rect)
                break
        else:
            out.append((mark.term, [mark.rect]))
    return out


def place_labels(
    marks: Sequence[Mark], sizes: dict[str, tuple[int, int]], area: pygame.Rect, gap: int,
    keep_clear: Sequence[pygame.Rect] = (),
) -> list[tuple[str, pygame.Rect, list[pygame.Rect]]]:  # fmt: skip
    """A place for each term's label: beside its first symbol (above, below, left,
    right, then further out), inside ``area``, off every other label and every rect of
    ``keep_clear`` (words the table shows) and, where it can, off every symbol; when
    no place beside the symbol is free, the nearest free place around it. (term, label
    rect, the symbols it points at)."""
    symbols = [m.rect for m in marks]
    placed: list[pygame.Rect] = []
    out: list[tuple[str, pygame.Rect, list[pygame.Rect]]] = []

    def cost(box: pygame.Rect) -> int:
        hard = sum(_overlap(box, p) for p in placed) + sum(_overlap(box, k) for k in keep_clear)
        return hard * 100 + sum(_overlap(box, s) for s in symbols)

    labelled = [m for m in marks if m.labelled]
    for term, rects in grouped(labelled, max(area.width, area.height) // 7):
        w, h = sizes[term]
        anchor = rects[0]
        best: pygame.Rect | None = None
        best_cost = 10**9
        for reach in (gap, gap * 3, gap * 6, gap * 10):
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
                box = pygame.Rect(0, 0, w, h)
                box.center = anchor.center
                if dx < 0:
                    box.right = anchor.left - reach
                elif dx > 0:
                    box.left = anchor.right + reach
                if dy < 0:
                    box.bottom = anchor.top - reach
                elif dy > 0:
                    box.top = anchor.bottom + reach
                box.clamp_ip(area)
                found = cost(box) + reach
                if found < best_cost:
                    best, best_cost = box, found
            if best_cost <= reach:
                break
        assert best is not None
        if best_cost >= 100:
            best = _free_place(best, anchor, area, max(6, h * 2 // 3), cost) or best
        placed.append(best)
        out.append((term, best, rects))
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def _free_place(
    box: pygame.Rect, anchor: pygame.Rect, area: pygame.Rect, step: int,
    cost: Callable[[pygame.Rect], int],
) -> pygame.Rect | None:  # fmt: skip
    """The place nearest ``anchor`` (rings of ``step``) where ``box`` covers no label
    and none of the words kept clear, and the least of the symbols; None if none."""
    best: pygame.Rect | None = None
    best_key = (10**9, 10**9)
    reach = max(area.width, area.height)
    for ring in range(1, reach // step + 1):
        r = ring * step
        for x in range(-r, r + 1, step):
            for y in (-r, r) if abs(x) != r else range(-r, r + 1, step):
                trial = box.copy()
                trial.center = (anchor.centerx + x, anchor.centery + y)
                trial.clamp_ip(area)
                found = cost(trial)
                if found >= 100:
                    continue
                key = (found, ring)
                if key < best_key:
                    best, best_key = trial, key
        if best is not None and best_key[0] == 0:
            break
        if best is not None and ring * step > 3 * max(box.width, box.height):
            break
    return best


_LAST: dict[str, Any] = {}


def _placed(
    marks: Sequence[Mark], sizes: dict[str, tuple[int, int]], area: pygame.Rect, gap: int,
    keep_clear: Sequence[pygame.Rect],
) -> list[tuple[str, pygame.Rect, list[pygame.Rect]]]:  # fmt: skip
    """``place_labels``, worked out again only when what it places changes (the labels
    are drawn every frame while the key is held)."""
    key = (
        tuple((tuple(m.rect), m.term, m.labelled) for m in marks), tuple(sorted(sizes.items())),
        tuple(area), gap, tuple(tuple(r) for r in keep_clear),
    )  # fmt: skip
    if _LAST.get("key") != key:
        _LAST["key"], _LAST["places"] = key, place_labels(marks, sizes, area, gap, keep_clear)
    found: list[tuple[str, pygame.Rect, list[pygame.Rect]]] = _LAST["places"]
    return found


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    return (min(max(point[0], rect.left), rect.right), min(max(point[1], rect.top), rect.bottom))


def draw_labels(
    surface: pygame.Surface, marks: Sequence[Mark], ink: Ink, u: float, area: pygame.Rect,
    keep_clear: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:  # fmt: skip
    """Every symbol named at once: a veil, each symbol outlined, each term's tag with a
    leader line to every place it applies."""
    if not marks:
        return []
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, VEIL_ALPHA))
    surface.blit(veil, area)
    images = {term: label_image(term, ink, u) for term, _ in grouped(marks)}
    sizes = {term: image.get_size() for term, image in images.items()}
    width = max(1, round(1.5 * u))
    drawn = []
    places = _placed(marks, sizes, area, max(4, round(8 * u)), keep_clear)
    for _, _, rects in places:
        for rect in rects:
            pygame.draw.rect(surface, ink.gold, rect.inflate(2, 2), width, border_radius=5)
    for term, box, rects in places:
        for rect in rects:
            start = _nearest(box, rect.center)
            end = _nearest(rect, box.center)
            if not box.colliderect(rect):
                pygame.draw.line(surface, ink.gold, start, end, width)
                pygame.draw.circle(surface, ink.gold, end, max(2, round(3 * u)))
        surface.blit(images[term], box)
        drawn.append(box)
    return drawn
