"""A table's picture: the felt and its rail, the side panel's boxes, and the cached
layer of everything on the felt painted again part by part (``kit.layer``).

``Canvas`` (the table's ``canvas``) keeps the felt's picture (``draw_frame``), the side
panel drawn over its wood into one opaque picture (``draw_panel``: only the boxes
that changed are painted again), and, for the card tables, the ``PartLayer`` that
paints the felt, the table's ``draw_table`` and the panel as one picture.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.scenes.kit import felt
from game.scenes.kit import text as kt
from game.scenes.kit.layer import PartLayer
from game.scenes.kit.motion import draw_sprites
from game.scenes.kit.panel import PanelLayout, log_size
from game.scenes.kit.text import line_height
from game.ui import cards as card_art
from game.ui.draw import display_ready
from game.ui.palette import Colour

if TYPE_CHECKING:
    from game.scenes.kit.table import Table

#: How many of the log's newest lines a notice keeps clear of.
LOG_LINES_CLEAR = 3

_PANEL_RECTS = ("rect", "buttons", "info", "log", "hint", "controls")  # PanelLayout's


class Canvas:
    def __init__(self, table: Table) -> None:
        self.t = table
        # The felt picture last drawn (draw_frame) and the side panel drawn over its
        # wood into one opaque picture (draw_panel), with what each was drawn for.
        self.frame: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.panel_picture: tuple[tuple[Any, ...], pygame.Surface] | None = None
        # The felt, the table and the side panel: one cached picture painted again
        # part by part (``picture``).
        self.layer = PartLayer(self.paint, self.paint_panel, self.paint_area, panel_waits=True)
        # Where each caption lands (the ``?`` labels keep off words): the cached
        # picture's, noted when it is painted (kept while it is reused), and this frame's.
        self.sink: list[pygame.Rect] | None = None
        self.layer_captions: list[pygame.Rect] = []
        self.overlay_captions: list[pygame.Rect] = []

    def draw(self, surface: pygame.Surface) -> None:
        """A card table's frame: the cached picture, then what moves over it (the
        overlay, the sprites, the speech bubble, the banner, the ``?`` labels)."""
        t = self.t
        painted: list[pygame.Rect] = []
        self.sink = painted
        key = t.layer_key()
        if key is None:
            layer = self.layer.paint_whole(surface.get_size())
        else:
            layer = self.picture(surface.get_size(), key)
        if painted or key is None:
            self.layer_captions = painted
        surface.blit(layer, (0, 0))
        self.sink = self.overlay_captions = []
        t.draw_overlay(surface)
        draw_sprites(surface, t.sprites)
        t.draw_speech(surface, t._plates, t.speech_keep_clear())
        t.notices.draw_banner(surface)
        t.legend.draw_for(t, surface)

    def caption(self, surface: pygame.Surface, words: str, pos: tuple[int, int], size: float,
                colour: Colour | None, bold: bool, anchor: str, max_width: int | None,
                ) -> pygame.Rect:  # fmt: skip
        t = self.t
        colour = t.ink.text if colour is None else colour
        if max_width is not None:
            image = kt.fit(words, max_width, t.font_px(size), colour, bold)
        else:
            image = kt.text(words, t.font_px(size), colour, bold)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        if self.sink is not None:
            self.sink.append(rect)
        return rect

    def card(self, code: str | None, height: int) -> pygame.Surface:
        # The card library caches too, but binding its arguments costs more than the
        # blit; a plain dict keeps a frame cheap.
        t = self.t
        key = (code, height, t.palette_name)
        image = t._card_cache.get(key)
        if image is None:
            size = card_art.card_size(height)
            if code is None:
                image = card_art.render_card52_back(size, t.palette_name)
            else:
                image = card_art.render_card52(code, size, t.palette_name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()  # display format: blits several times faster
            if len(t._card_cache) > 600:
                t._card_cache.clear()
            t._card_cache[key] = image
        return image

    def draw_frame(self, surface: pygame.Surface, felt_rect: pygame.Rect, lay: PanelLayout) -> None:
        """The felt and the side panel's wood, one cached picture."""
        t = self.t
        key = (surface.get_size(), tuple(felt_rect), tuple(lay.rect), t.palette_name)
        image = felt.background(*key)
        self.frame = (key, image)
        surface.blit(image, (0, 0))

    def log_text_px(self, u: float | None = None) -> int:
        """The game log's text size: the player's setting, scaled with the table."""
        t = self.t
        return log_size(t.app.settings.log_text_size, t.table_u if u is None else u)

    def log_keep_clear(self, lay: PanelLayout, u: float) -> pygame.Rect:
        """The log's newest lines (its bottom, where a new line arrives): a notice
        ("Achievement: …") never covers them (``notice_keep_clear``)."""
        t = self.t
        rect = t.panel.log_rect(lay, u)
        size = self.log_text_px(u)
        height = min(rect.height, LOG_LINES_CLEAR * line_height(size) + max(6, size // 2) + 2)
        return pygame.Rect(rect.x, rect.bottom - height, rect.width, height)

    def draw_panel(
        self, surface: pygame.Surface, lay: PanelLayout, u: float, changes: bool = False
    ) -> None:
        """The facts, the log and the hint box on the panel's wood: one opaque picture,
        drawn again when what it shows changes, and then only in the boxes that changed
        (a log line leaves the facts as they are). The translucent boxes were alpha
        blended over the wood every frame (a fraction of a millisecond at 4K on a quiet
        machine, a few when memory is busy); an opaque picture is a plain copy.
        ``changes``: ``surface`` shows the picture as it was; copy only what changed."""
        t = self.t
        ink = t.ink
        title, info = t.panel_title(), t.info_lines() + t.campaign_lines()
        hint = t.hint.lines(ink) if t.panel.hint_open else []
        size = self.log_text_px(u)
        frame = self.frame
        if frame is None or frame[0][0] != surface.get_size() or frame[0][2] != tuple(lay.rect):
            # No felt picture under this panel (drawn some other way): boxes as they are.
            t.panel.draw(surface, lay, ink, u, title, info, t.log, size, hint)
            return
        whole = (frame[0], tuple(lay.log), tuple(lay.info), tuple(lay.hint), ink, u, size,
                 i18n.get_language())  # fmt: skip
        boxes = ((title, tuple(info)), (t.log.version, t.panel.hint_open),
                 (t.panel.hint_open, tuple(hint)))  # fmt: skip
        shift = (-lay.rect.x, -lay.rect.y)
        local = dataclasses.replace(
            lay, **{name: getattr(lay, name).move(shift) for name in _PANEL_RECTS}
        )
        picture = self.panel_picture
        changed: list[pygame.Rect] | None = []
        if picture is None or picture[0][0] != whole or picture[1].get_size() != lay.rect.size:
            image = picture[1] if picture is not None else None
            if image is None or image.get_size() != lay.rect.size:
                image = display_ready(pygame.Surface(lay.rect.size, 0, 32))
            image.blit(frame[1], (0, 0), lay.rect)
            t.panel.draw(image, local, ink, u, title, info, t.log, size, hint)
            picture = self.panel_picture = ((whole, boxes), image)
            changed = None
        elif picture[0][1] != boxes:
            # Each box that changed, painted again in its place: the wood, then every
            # box in order, clipped there (the same pixels as painting them all).
            image = picture[1]
            places = (local.info, local.log, local.hint)
            for old, new, place in zip(picture[0][1], boxes, places, strict=True):
                if old != new and place.width and place.height:
                    assert changed is not None
                    changed.append(place)
            for place in changed or []:
                image.set_clip(place)
                image.blit(frame[1], place, place.move(lay.rect.topleft))
                t.panel.draw(image, local, ink, u, title, info, t.log, size, hint)
            image.set_clip(None)
            picture = self.panel_picture = ((whole, boxes), image)
        if not changes or changed is None:
            surface.blit(picture[1], lay.rect)
            return
        for place in changed:
            surface.blit(picture[1], place.move(lay.rect.topleft), place)

    def picture(self, size: tuple[int, int], key: tuple[Any, ...]) -> pygame.Surface:
        """The felt, the table and the side panel, one cached picture painted again only
        where what it shows changed: everywhere when ``layer_key`` changes, only in a
        part's places (before and after) when just that part of ``layer_parts`` changes
        (a die turning, a seat's chips, a face), only the panel when just a log line
        arrives. A 4K picture is several milliseconds to paint whole."""
        t = self.t
        ink = t.ink
        panel = (t.log.version, t.panel.hint_open, tuple(t.hint.lines(ink)),
                 tuple(t.info_lines() + t.campaign_lines()), self.log_text_px(),
                 t.side.log.size)  # fmt: skip
        parts = t.layer_parts() + [
            (face, rect.inflate(t.px(4), t.px(4)))
            for face, rect in zip(t.voices.faces_key(), self.plate_places(), strict=False)
        ]
        whole = (*key, t.palette_name, size, len(parts))
        return self.layer.picture(
            size, whole, [sign for sign, _ in parts], [rect for _, rect in parts], panel,
            t.felt, t.side.rect,
        )  # fmt: skip

    def plate_places(self) -> list[pygame.Rect]:
        """Where each seat's plate is (a face on it changes on its own)."""
        plates = self.t._plates
        return [plates.get(seat, pygame.Rect(0, 0, 0, 0))
                for seat in range(len(self.t.table_cast()))]  # fmt: skip

    def paint(self, layer: pygame.Surface) -> None:
        """The whole cached picture: the felt, everything on it, the panel."""
        t = self.t
        self.draw_frame(layer, t.felt, t.side)
        t.draw_table(layer)
        self.draw_panel(layer, t.side, t.table_u)

    def paint_panel(self, layer: pygame.Surface) -> None:
        """The panel alone, over its picture as it was (only the boxes that changed)."""
        self.draw_panel(layer, self.t.side, self.t.table_u, changes=True)

    def paint_area(self, layer: pygame.Surface, rect: pygame.Rect) -> None:
        """The cached picture inside ``rect`` (the clip is set): the felt's picture
        copied, everything on it and the panel, in their order."""
        t = self.t
        frame = self.frame
        if frame is not None and frame[1].get_size() == layer.get_size():
            layer.blit(frame[1], rect, rect)
        else:
            self.draw_frame(layer, t.felt, t.side)
        t.draw_table(layer)
        if rect.colliderect(t.side.rect):
            self.draw_panel(layer, t.side, t.table_u)
