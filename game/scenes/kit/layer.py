"""A table's cached picture, painted again part by part (``PartLayer``).

A table's felt, everything lying on it and its side panel are one picture, painted
whole only when its window changes (size, palette, language, layout: the ``whole``
signature) and otherwise only where a part that changed (the pots, a seat, a face)
was and now is, clipped there: the same pixels as a whole repaint, without copying a
4K picture again for one seat's chips. The side panel has a signature of its own: a
new log line paints just the panel.

The table owns one ``PartLayer`` (an attribute) and gives it how to paint: the whole
picture, the picture inside a clip (default: the whole painting, clipped) and the
panel alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import draw as art

#: Where a part paints: its places (one per part), or a function measuring part n's
#: place when asked (only for parts that changed, and all on a whole repaint).
Places = Sequence[pygame.Rect | None] | Callable[[int], pygame.Rect | None]


class PartLayer:
    """The cached picture, each part's signature and place, and the panel's signature.

    ``paint(image)`` paints the whole picture; ``paint_area(image, rect)`` paints it
    inside ``rect`` (the layer has set the clip; by default ``paint``);
    ``paint_panel(image)`` paints the side panel alone over the picture as it was.
    ``panel_waits``: a log line arriving with a change on the felt waits a frame, so no
    frame pays for both (the panel's log is the dearest box to paint).
    """

    #: More places than this, or most of the felt, and the picture is painted whole.
    MOST_PLACES = 4

    def __init__(
        self,
        paint: Callable[[pygame.Surface], object],
        paint_panel: Callable[[pygame.Surface], object],
        paint_area: Callable[[pygame.Surface, pygame.Rect], object] | None = None,
        panel_waits: bool = False,
    ) -> None:
        self.paint = paint
        self.paint_panel = paint_panel
        self.paint_area = paint_area or (lambda image, rect: paint(image))
        self.panel_waits = panel_waits
        self.image: pygame.Surface | None = None
        self.whole: Any = None  # None: paint the whole picture next time
        self.signs: tuple[Any, ...] = ()
        self.places: list[pygame.Rect | None] = []
        self.panel_key: Any = None
        self.panel_late = False  # the panel's picture waits a frame (``panel_waits``)
        self.painted: list[pygame.Rect] = []  # where the last picture() painted again

    @property
    def key(self) -> tuple[Any, ...]:
        """``(whole, signs)``: what the picture shows beside the panel."""
        return (self.whole, self.signs)

    @property
    def state(self) -> tuple[Any, ...] | None:
        """Everything remembered about the picture, None when it is to be painted
        whole: ``(whole, signs, places, panel_key)`` (it may be put back)."""
        if self.whole is None:
            return None
        return (self.whole, self.signs, tuple(self.places), self.panel_key)

    @state.setter
    def state(self, state: tuple[Any, ...] | None) -> None:
        if state is None:
            self.whole = None
            return
        self.whole, self.signs, places, self.panel_key = state
        self.places = list(places)

    def forget(self) -> None:
        """Paint the whole picture next time."""
        self.whole = None

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture's surface for ``size`` (the old one when it fits)."""
        if self.image is None or self.image.get_size() != size:
            self.image = art.display_ready(pygame.Surface(size, 0, 32))  # 30-bit screens too
        return self.image

    def paint_whole(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture painted whole and not remembered (a table whose picture changes
        every frame)."""
        image = self.surface(size)
        self.paint(image)
        self.whole = None
        self.panel_late = False
        self.painted = [image.get_rect()]
        return image

    def picture(
        self,
        size: tuple[int, int],
        whole: Any,
        signs: Sequence[Any],
        places: Places,
        panel_key: Any,
        felt: pygame.Rect,
        panel: pygame.Rect | None = None,
    ) -> pygame.Surface:
        """The picture for ``whole`` (the window's signature), the parts' ``signs`` and
        the panel's ``panel_key``, painted again only where it changed: whole when
        ``whole``, the size or the count of parts changed, else in each changed part's
        old and new places (past ``MOST_PLACES`` of them or three quarters of ``felt``,
        whole), then the panel when only ``panel_key`` changed. ``panel``: where the
        side panel is (a change there does not wait, see ``panel_waits``)."""
        signs, wanted = tuple(signs), panel_key
        self.painted = []
        place = places if callable(places) else places.__getitem__
        image = self.image
        if (
            image is None
            or self.whole is None
            or self.whole != whole
            or image.get_size() != size
            or len(self.signs) != len(signs)
        ):
            self.places = [place(part) for part in range(len(signs))]
            self._paint_whole(size)
        else:
            dirty = self._dirty(signs, place)
            late = bool(dirty) and not (panel is not None and panel.collidelist(dirty) >= 0)
            if self.panel_key != panel_key and self.panel_waits and late and not self.panel_late:
                panel_key, self.panel_late = self.panel_key, True
            elif self.panel_key != panel_key:
                # Before the parts: their repaint shows the panel's picture as it is.
                self.paint_panel(image)
                self.panel_late = False
            if not self._repaint(image, dirty, felt):
                self._paint_whole(size)
                panel_key = wanted
        if not callable(places):
            self.places = list(places)
        self.whole, self.signs, self.panel_key = whole, signs, panel_key
        assert self.image is not None
        return self.image

    def _paint_whole(self, size: tuple[int, int]) -> None:
        image = self.surface(size)
        self.paint(image)
        self.panel_late = False
        self.painted = [image.get_rect()]

    def _dirty(
        self, signs: tuple[Any, ...], place: Callable[[int], pygame.Rect | None]
    ) -> list[pygame.Rect]:
        """One rect per changed part, where it was and is now (two parts far apart,
        a seat and the pots, would make one rect spanning most of the felt)."""
        dirty: list[pygame.Rect] = []
        for part, (old, new) in enumerate(zip(self.signs, signs, strict=True)):
            if old == new:
                continue
            now = place(part)
            # An empty place holds nothing, wherever it is.
            rects = [rect for rect in (self.places[part], now) if rect]
            if rects:
                dirty.append(rects[0].unionall(rects[1:]))
            self.places[part] = now
        return dirty

    def _repaint(self, image: pygame.Surface, dirty: list[pygame.Rect], felt: pygame.Rect) -> bool:
        """Paint the picture again inside ``dirty`` only, clipped (the same pixels as a
        whole repaint). False, painting nothing, when that would cost more than
        painting it whole (most of the felt, or many places each painting the table)."""
        merged: list[pygame.Rect] = []
        for place in dirty:
            rect = place.clip(image.get_rect())
            if not rect.width or not rect.height:
                continue
            # Overlapping places are painted once, as one.
            while (hit := rect.collidelist(merged)) >= 0:
                rect = rect.union(merged.pop(hit))
            merged.append(rect)
        area = sum(rect.width * rect.height for rect in merged)
        if len(merged) > self.MOST_PLACES or area * 4 > felt.width * felt.height * 3:
            return False
        for rect in merged:
            image.set_clip(rect)
            self.paint_area(image, rect)
        image.set_clip(None)
        self.painted = merged
        return True
