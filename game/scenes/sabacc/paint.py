"""Painting the Sabacc table: reads the display model and the layout, nothing else.

It never asks the engine anything and never starts work: the hint, the totals' rule
set and the player's phase are in the model (``animate`` and ``controls`` put them
there when the state changes).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any, cast

import pygame

from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.sabacc_rank import rank_cards
from game.scenes.kit import text as kt
from game.scenes.kit.layer import PartLayer
from game.scenes.kit.legend import Mark
from game.scenes.kit.motion import flight_point
from game.scenes.kit.plate import draw_plate
from game.scenes.kit.words import live
from game.scenes.sabacc.animate import SabaccAnimate
from game.scenes.sabacc.base import HUMAN, NAMED_KINDS
from game.scenes.sabacc.layout import SabaccLayout
from game.scenes.sabacc.model import CardView, SeatView, hand_name
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui.palette import Colour, get_palette

PADLOCK_GOLD = get_palette("cantina").gold


class _Tracker:
    """Stands for a surface to measure where a drawing paints (blits only)."""

    def __init__(self) -> None:
        self.box: pygame.Rect | None = None

    def blit(
        self, source: pygame.Surface, dest: Any, area: Any = None, flags: int = 0
    ) -> pygame.Rect:
        size = pygame.Rect(area).size if area is not None else source.get_size()
        rect = pygame.Rect(dest[0], dest[1], *size)
        self.mark(rect)
        return rect

    def mark(self, rect: pygame.Rect) -> None:
        self.box = rect.copy() if self.box is None else self.box.union(rect)


def frame_rect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int,
               radius: int) -> None:  # fmt: skip
    """``pygame.draw.rect`` that a ``_Tracker`` measures."""
    if isinstance(surface, _Tracker):
        surface.mark(rect)
    else:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


class SabaccPaint(SabaccAnimate):
    """Draws the model (see the module docstring)."""

    #: The cached picture (a class default: a table may be drawn before its
    #: ``__init__`` is through).
    _table_layer: PartLayer | None = None

    def _anchor(self, anchor: tuple[Any, ...]) -> tuple[float, float]:
        lay = self.layout
        kind = anchor[0]
        if kind == "deck":
            return lay.deck.center
        if kind == "discard":
            return lay.discard.center
        if kind == "pot":
            return (lay.hand_pot if anchor[1] == "hand" else lay.sabacc_pot).center
        if kind == "seat":
            return lay.seats[anchor[1]].plate.center
        if kind == "slot":
            seat, index = anchor[1], anchor[2]
            count = anchor[3] if len(anchor) > 3 else index + 1
            return lay.seats[seat].card_rect(index, count).center
        return lay.centre.center

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """Notices keep off the plates and the cards, the action bar, the banner and
        the log's newest lines."""
        lay = self.layout
        assert lay.panel is not None
        rects = [place.plate for place in lay.seats] + [lay.bar]
        for seat, place in enumerate(lay.seats):
            # The seat's cards, as far as a revealed hand fans (see _draw_seat).
            count = len(self.model.seats[seat].cards)
            if count:
                fan = place.card_rect(0, count).union(place.card_rect(count - 1, count))
                if seat != HUMAN:  # a revealed hand fans out to 1.25 plates wide
                    fan.inflate_ip(max(0, round(place.plate.width * 1.25) - fan.width), 0)
                rects.append(fan)
        rects.append(self.canvas.log_keep_clear(lay.panel, lay.u))
        banner = self.model.banner
        if banner.shown:
            image = banner.image(lay.px(44), lay.table.width - lay.px(40), self.ink)
            rects.append(image.get_rect(center=lay.centre.center))
        return rects

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay.panel is not None
        if self.unplayable:
            self.canvas.draw_frame(surface, lay.table, lay.panel)
            self._draw_unplayable(surface, lay)
            return
        # The felt, the panel, the pots and the seats are one cached picture, drawn
        # again only when what it shows changes (its signature); what moves every
        # frame (flights, the turn chevron, the prompt, speech, the banner) goes over it.
        # The side panel has a signature of its own: a new log line only copies the
        # panel's picture again (nothing else is drawn over the panel). kit.layer.PartLayer
        # keeps the picture and paints it again part by part.
        size = surface.get_size()
        window, parts = self.layer_signature(size)
        layer = self._table_layer
        if layer is None:
            layer = self._table_layer = PartLayer(self.draw_still, self._paint_panel)
        image = layer.picture(size, window, parts, self._part_box, self.panel_signature(),
                              lay.table)  # fmt: skip
        surface.blit(image, (0, 0))
        self.draw_moving(surface)
        self.draw_legend(surface)

    def _paint_panel(self, surface: pygame.Surface) -> None:
        """The side panel alone, over the cached picture."""
        lay = self.layout
        assert lay.panel is not None
        self.canvas.draw_panel(surface, lay.panel, lay.u)

    def _part_box(self, part: int) -> pygame.Rect | None:
        """Where part ``part`` of the picture (0: the centre, 1 + n: seat n) paints:
        the same drawing, with every blit only measured."""
        tracker = _Tracker()
        target = cast(pygame.Surface, tracker)
        if part == 0:
            self._draw_centre(target, self.layout)
        else:
            self._draw_seat(target, self.layout, part - 1)
        return tracker.box

    def draw_still(self, surface: pygame.Surface) -> None:
        """What the cached picture shows: everything that stays put between changes."""
        lay = self.layout
        assert lay.panel is not None
        self.canvas.draw_frame(surface, lay.table, lay.panel)
        # The panel first: an opaque picture over its wood; nothing else is drawn there.
        self.canvas.draw_panel(surface, lay.panel, lay.u)
        self._draw_centre(surface, lay)
        for seat in range(len(self.model.seats)):
            self._draw_seat(surface, lay, seat)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the cached picture every frame."""
        lay = self.layout
        if self.model.die_value is not None and self.model.die_t < 1:
            self._draw_dice(surface, lay)
        turn = self.model.turn
        if turn is not None and turn != HUMAN and turn < len(self.model.seats):
            self._draw_chevron(surface, lay, turn)
        for flight in self.model.flights:
            image = flight.image()
            point = flight_point(
                self._anchor(flight.source),
                self._anchor(flight.target),
                flight.progress,
                flight.lift,
            )
            surface.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))
        self._draw_prompt(surface, lay)
        plates = {seat: place.plate for seat, place in enumerate(lay.seats)}
        cards = [
            place.card_rect(i, len(self.model.seats[seat].cards))
            for seat, place in enumerate(lay.seats)
            if seat < len(self.model.seats)
            for i in range(len(self.model.seats[seat].cards))
        ]
        # Where each seat's cards lie (dealt or still to come: a hand fans out to five
        # cards, and past five it overlaps within that width) and the centre's things.
        # A campaign face placed at the first deal stays clear of the widest hand.
        zones = [
            place.card_rect(0, n).union(place.card_rect(n - 1, n))
            for seat, place in enumerate(lay.seats)
            if seat < len(self.model.seats)
            for n in [max(5, len(self.model.seats[seat].cards))]
        ]
        centre = [lay.deck, lay.discard, lay.die, lay.hand_pot, lay.sabacc_pot, lay.total_badge]
        self.draw_speech(surface, plates, [*cards, *zones, *centre, lay.bar])
        self.model.banner.draw(
            surface, lay.centre.center, lay.px(44), lay.table.width - lay.px(40), self.ink
        )

    def layer_signature(self, size: tuple[int, int]) -> tuple[Any, ...]:
        """Everything ``draw_still`` shows beside the panel, so the cached picture is
        drawn again exactly when one of them changes: ``(window, parts)``, parts being
        the centre (pots, deck, die) and each seat (chips, cards, tags, face)."""
        model, lay = self.model, self.layout
        window = (size, id(lay), tuple(lay.table), self.palette_name, i18n.get_language())
        centre = (model.hand_pot, model.sabacc_pot, model.deck, model.discard_top,
                  model.die_value, model.die_t >= 1, model.die_seed, live(model.die_text),
                  model.die2_value,
                  model.values if model.discard_top is not None else None)  # fmt: skip
        seats = [self._seat_signature(seat) for seat in range(len(model.seats))]
        return (window, (centre, *seats))

    def _seat_signature(self, seat: int) -> tuple[Any, ...]:
        """What ``_draw_seat`` reads for ``seat``."""
        model = self.model
        view = model.seats[seat]
        shimmer, shifted, face_up = -1, False, False
        cards = []
        for card in view.cards:
            shifting = card.shift_from is not None and card.shift_t < 1
            cards.append(
                (card.code, card.in_field, card.shift_from,
                 int(card.shift_t * 16) if shifting else -1, card.counted_code(),
                 int(card.glitch * 10) if card.glitch > 0 else -1, card.locked,
                 card.shifted, card.returning)
            )  # fmt: skip
            if card.in_field:
                shimmer = round(self.clock * 12) % 24  # the field's shimmer
            shifted = shifted or card.shifted is not None
            face_up = face_up or card.code is not None
        active = model.turn == seat and self.mode in ("human", "wait") and view.in_hand
        dim = view.out or (not view.in_hand and model.hand_no > 0)
        human = (self.mode, self.card_mode, self._hovered_card()) if seat == HUMAN else None
        return (
            view.name, view.level, view.chips, tuple(cards), view.in_hand, view.out,
            live(view.status), view.status_colour, live(view.hand_label), view.label_colour,
            view.winner, view.side, view.personality, view.face, view.voice,
            self.expression_of(seat), active, dim, bool(model.hand_no) and seat == model.dealer,
            bool(model.round_no) and seat == model.lead,
            model.values if seat == HUMAN or face_up else None, human, shimmer,
        )  # fmt: skip

    def panel_signature(self) -> tuple[Any, ...]:
        """Everything the side panel shows (the log, the facts, the hint box)."""
        ink, lay = self.ink, self.layout
        hint = tuple(self.hint.lines(ink)) if self.panel.hint_open else ()
        return (self.log.version, self.panel.hint_open, hint, self.panel_title(),
                tuple(self.info_lines() + self.campaign_lines()), self.canvas.log_text_px(lay.u),
                i18n.get_language(), self.palette_name)  # fmt: skip

    def _hovered_card(self) -> int:
        """The index of the player's card under the mouse while a card is to be picked,
        else -1 (it is drawn raised)."""
        if not (self.card_mode and self.mode == "human") or not self.model.seats:
            return -1
        hover = pygame.mouse.get_pos()
        cards = self.model.seats[HUMAN].cards
        count = len(cards)
        place = self.layout.seats[HUMAN]
        for index in reversed(range(count)):
            card = cards[index]
            if (
                card.code
                and not card.in_field
                and place.card_rect(index, count).collidepoint(hover)
            ):
                return index
        return -1

    def _draw_unplayable(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        assert lay.panel is not None
        words = i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{self.config.preset}"))
        for i, line in enumerate(kt.wrap(words, lay.font + 4, lay.table.width - lay.px(120))):
            image = kt.text(line, lay.font + 4, self.ink.gold, bold=True)
            surface.blit(
                image,
                image.get_rect(
                    center=(lay.table.centerx, lay.table.centery - lay.px(40) + i * lay.px(32))
                ),
            )
        self.canvas.draw_panel(surface, lay.panel, lay.u)

    def _felt_word(
        self, surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, part: int
    ) -> None:
        """Words on the felt (part -1: the centre, else a seat), noted where they land:
        the ``?`` labels keep off them (``legend_keep_clear``)."""
        surface.blit(image, rect)
        self.__dict__.setdefault("_felt_words", {}).setdefault(part, []).append(rect)

    def felt_words(self) -> list[pygame.Rect]:
        """Where the felt's words are now: the piles' and pots' names, the die's, each
        seat's tags, status, card numbers and marks, the player's total."""
        words: dict[int, list[pygame.Rect]] = self.__dict__.get("_felt_words", {})
        seats = len(self.model.seats)
        return [rect for part, rects in words.items() if part < seats for rect in rects]

    def _draw_centre(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        model = self.model
        self.__dict__.setdefault("_felt_words", {})[-1] = []
        # The deck: a few backs offset to look like a pile, with the count on it.
        back = kt.memo(card_art.render_sabacc_back, lay.deck.size, self.palette_name)
        for k in range(min(3, max(1, model.deck // 20 + 1)) if model.deck else 0):
            surface.blit(back, lay.deck.move(-k * 2, -k * 2))
        small = max(10, lay.font - 3)
        count = kt.pill(
            i18n.t("sabacc.deck", count=model.deck), small, self.ink.text, (*self.ink.panel, 210)
        )
        self._felt_word(
            surface, count, count.get_rect(midtop=(lay.deck.centerx, lay.deck.bottom + 3)), -1
        )
        if model.discard_top is not None:
            surface.blit(self.card_face(model.discard_top, lay.discard.size), lay.discard)
        else:
            frame_rect(surface, self.ink.edge, lay.discard, 1, lay.discard.width // 10)
        caption = kt.pill(i18n.t("sabacc.discards"), small, self.ink.dim, (*self.ink.panel, 180))
        self._felt_word(
            surface,
            caption,
            caption.get_rect(midtop=(lay.discard.centerx, lay.discard.bottom + 3)),
            -1,
        )
        if model.die_value is not None and model.die_t >= 1:
            self._draw_dice(surface, lay)
        # The two pots, apart and named: the hand pot is won every hand, the Sabacc pot
        # only with Pure Sabacc or an Idiot's Array.
        for rect, amount, key, colour in (
            (lay.hand_pot, model.hand_pot, "sabacc.hand_pot", self.ink.gold),
            (lay.sabacc_pot, model.sabacc_pot, "sabacc.sabacc_pot", self.ink.info),
        ):
            surface.blit(kt.memo(art.render_pot, amount, "", rect.size, self.palette_name), rect)
            frame_rect(surface, colour, rect, 2, rect.height // 3)
            title = kt.fit(
                i18n.t(key), rect.width - lay.px(20), max(10, lay.font - 2), colour, bold=True
            )
            self._felt_word(
                surface, title, title.get_rect(midtop=(rect.centerx, rect.y + lay.px(5))), -1
            )

    def _draw_dice(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        """The die (Great Khan: two) where the shift die sits; rolling, it is drawn over
        the cached picture each frame (only the landed die is part of it). Nothing the
        picture holds after the die (the pots, the seats) reaches its place."""
        model = self.model
        assert model.die_value is not None
        small = max(10, lay.font - 3)
        # The roll has 12 distinct frames; quantising t lets the memo hold them.
        t = 1.0 if model.die_t >= 1 else int(model.die_t * 12) / 12
        die = kt.memo(
            art.render_dice_roll_frame,
            6,
            model.die_value,
            lay.die.width,
            t,
            model.die_seed,
            self.palette_name,
        )
        centre = lay.die.center
        if model.die2_value is not None:
            # Great Khan's two dice side by side where the shift die sits.
            second = kt.memo(
                art.render_dice_roll_frame,
                6,
                model.die2_value,
                lay.die.width,
                t,
                model.die_seed + 7,
                self.palette_name,
            )
            half = lay.die.width // 2 + 3
            surface.blit(second, second.get_rect(center=(centre[0] + half, centre[1])))
            centre = (centre[0] - half, centre[1])
        surface.blit(die, die.get_rect(center=centre))
        if model.die_text and model.die_t >= 1:
            tag = kt.pill(live(model.die_text), small, self.ink.info, (*self.ink.panel, 210))
            self._felt_word(
                surface, tag, tag.get_rect(midtop=(lay.die.centerx, lay.die.bottom + 3)), -1
            )

    def card_numbers(self) -> dict[int, int]:
        """The digit key of each of the player's cards (by index in the hand): its place
        among the cards in hand. Locked cards keep theirs, so during a decision (the
        Two-Exchange's locks) a card's number never changes."""
        numbers: dict[int, int] = {}
        for index, card in enumerate(self.model.seats[HUMAN].cards):
            if card.code is not None and not card.in_field:
                numbers[index] = len(numbers) + 1
        return numbers

    def _plate_tags(self, seat: int, h: int) -> list[pygame.Surface]:
        """The tags on ``seat``'s plate, right to left: the dealer's disc, "Lead", and
        in Force the side the seat plays for."""
        model, view = self.model, self.model.seats[seat]
        marker = max(9, int(h * 0.28))
        tags = []
        if model.hand_no and seat == model.dealer:
            tags.append(kt.pill(i18n.t("sabacc.dealer_mark"), marker, self.ink.panel,
                                (*self.ink.gold, 255)))  # fmt: skip
        if model.round_no and seat == model.lead and view.in_hand:
            tags.append(kt.pill(i18n.t("sabacc.lead_mark"), marker, self.ink.info,
                                (*self.ink.panel, 230)))  # fmt: skip
        if view.side:
            # Force: the side a seat plays for, light on pale, dark on deep violet.
            ink, fill = (
                ((40, 28, 12), (250, 236, 190, 255))
                if view.side == sb.LIGHT
                else ((226, 214, 255), (52, 30, 84, 255))
            )
            tags.append(kt.pill(i18n.t(f"sabacc.side.{view.side}"), marker, ink, fill))
        return tags

    def _plate_tag_terms(self, seat: int) -> list[str]:
        """The glossary term of each of ``_plate_tags``'s tags, in the same order."""
        model, view = self.model, self.model.seats[seat]
        terms = []
        if model.hand_no and seat == model.dealer:
            terms.append("dealer-puck")
        if model.round_no and seat == model.lead and view.in_hand:
            terms.append("lead")
        if view.side:
            terms.append("force-side")
        return terms

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Sabacc table now (kit.legend): plates, tags, pots, the
        deck and discards, the die, the player's total, fields, locks and shifts."""
        lay, model = self.layout, self.model
        if self.unplayable or lay.panel is None:
            return []
        marks = [Mark(lay.hand_pot, "hand-pot"), Mark(lay.sabacc_pot, "sabacc-pot")]
        if model.deck:
            marks.append(Mark(lay.deck, "deck"))
        marks.append(Mark(lay.discard, "discard-pile"))
        if model.die_value is not None and model.die2_value is not None:
            # Great Khan's two dice, side by side where the shift die sits (_draw_dice).
            half = lay.die.width // 2 + 3
            marks.append(Mark(lay.die.inflate(2 * half, 0), "khan-dice"))
        elif model.die_value is not None:
            marks.append(Mark(lay.die, "shift-die"))
        turn = model.turn
        for seat, place in enumerate(lay.seats[: len(model.seats)]):
            view = model.seats[seat]
            marks.append(Mark(place.plate, "nameplate"))
            marks += self.__dict__.get("_tag_marks", {}).get(seat, [])
            count = len(view.cards)
            for index, card in enumerate(view.cards):
                rect = place.card_rect(index, count)
                if card.in_field:
                    marks.append(Mark(rect, "interference-field"))
                elif card.locked:
                    marks.append(Mark(rect, "locked"))
                elif card.shifted is not None:
                    marks.append(Mark(rect, "shift"))
            if turn == seat and self.mode in ("human", "wait") and view.in_hand:
                # The plate glows while its seat decides (_draw_seat's ``active``).
                marks.append(Mark(place.plate.inflate(6, 6), "turn-marker"))
            if turn is not None and turn == seat and seat != HUMAN and view.in_hand:
                top = place.card_rect(0, 1).top
                size = max(14, place.plate.height // 2)
                marks.append(Mark(pygame.Rect(place.centre[0] - size // 2, top - size, size, size),
                                  "turn-marker"))  # fmt: skip
        human = model.seats[HUMAN]
        if any(c.counted_code() is not None for c in human.cards):
            codes = tuple(c for c in (card.counted_code() for card in human.cards) if c)
            kind, _ = self._rank_codes(codes)
            term = ("named-hand" if kind in NAMED_KINDS
                    else "bombed-out" if kind == "bombed-out" else "your-total")  # fmt: skip
            marks.append(Mark(lay.total_badge, term))
        if self.card_mode and self.mode == "human":
            place = lay.seats[HUMAN]
            for index in self.card_numbers():
                rect = place.card_rect(index, len(human.cards))
                marks.append(Mark(pygame.Rect(rect.centerx - 10, rect.top - 24, 20, 22),
                                  "card-number"))  # fmt: skip
        return marks

    def legend_keep_clear(self) -> list[pygame.Rect]:
        """The prompt above the buttons, every word on the felt (``felt_words``: the
        pots' names, "Discards", the tags and marks) and, while it shows, the banner."""
        rects = super().legend_keep_clear() + self.felt_words()
        lay, banner = self.layout, self.model.banner
        if banner.shown:
            image = banner.image(lay.px(44), lay.table.width - lay.px(40), self.ink)
            rects.append(image.get_rect(center=lay.centre.center))
        return rects

    def legend_area(self) -> pygame.Rect:
        lay = self.layout
        return pygame.Rect(0, 0, lay.sidebar.x, lay.size[1])

    def _draw_seat(self, surface: pygame.Surface, lay: SabaccLayout, seat: int) -> None:
        model = self.model
        view = model.seats[seat]
        place = lay.seats[seat]
        active = model.turn == seat and self.mode in ("human", "wait") and view.in_hand
        dim = view.out or (not view.in_hand and model.hand_no > 0)
        h = place.plate.height
        tags = self._plate_tags(seat, h)
        # Where each tag lands (the glossary's marks: ``glossary_marks``).
        terms = self._plate_tag_terms(seat)
        self.__dict__.setdefault("_felt_words", {})[seat] = []
        placed: list[Mark] = []
        self.__dict__.setdefault("_tag_marks", {})[seat] = placed
        # The tags stay beside the name while it keeps a readable size; the others
        # sit on the plate's edge, like a tab (below).
        name_w = kt.text(view.cast.name, max(10, int(h * 0.3)), self.ink.text, True).get_width()
        room = place.plate.width - (h + 2 if view.cast.face else h // 4) - h // 5 - 6
        room -= min(name_w, place.plate.width * 2 // 5)
        inline: list[pygame.Surface] = []
        for tag in tags:
            if sum(t.get_width() + 3 for t in inline) + tag.get_width() + 3 > room:
                break
            inline.append(tag)
        above = tags[len(inline) :]
        reserve = sum(tag.get_width() + 3 for tag in inline)
        # The seat's last action on its plate, where every table shows it (kit.plate):
        # in the lower line, in its colour, instead of the skill.
        # An opponent's plate too narrow for it whole hangs it in a tab under the plate
        # (where the hand's name shows after the reveal).
        news = live(view.status) if view.status else ""
        plate = place.plate
        tab = None
        if seat != HUMAN and not view.hand_label:
            tab = pygame.Rect(0, 0, plate.width + lay.px(16), max(10, lay.font - 2) + lay.px(6))
            tab.midtop = (plate.centerx, plate.bottom - lay.px(3))
        hung_tab = draw_plate(surface, plate, view.cast, view.chips, active, self.palette_name,
                              self.ink, dim=dim, expression=self.expression_of(seat),
                              reserve=reserve, news=news,
                              news_colour=self.ink(view.status_colour) if news else None,
                              news_tab=tab)  # fmt: skip
        if hung_tab is not None:
            placed.append(Mark(hung_tab, "status-tag"))
        elif news:
            placed.append(Mark(pygame.Rect(plate.centerx, plate.centery, plate.width // 2,
                                           plate.height // 2), "status-tag"))  # fmt: skip
        # Cards; an opponent's revealed hand fans wider so its values can be read.
        count = len(view.cards)
        if seat != HUMAN and count > 1 and any(c.code is not None for c in view.cards):
            room = round(place.plate.width * 1.25) - place.card[0]
            place = dataclasses.replace(
                place, step=max(place.step, min(round(place.card[0] * 0.72), room // (count - 1)))
            )
        hovered = self._hovered_card() if seat == HUMAN else -1
        for index, card in enumerate(view.cards):
            rect = place.card_rect(index, count)
            if index == hovered:
                rect = rect.move(0, -lay.px(16))
            self._draw_card(surface, card, rect, dim)
        for index, card in enumerate(view.cards):
            if card.locked:
                # On the strip of the card that the next one leaves showing.
                rect = place.card_rect(index, count)
                shown_w = rect.width
                if index + 1 < count:
                    shown_w = min(shown_w, place.card_rect(index + 1, count).left - rect.left)
                words = i18n.t("sabacc.locked_mark")
                size = max(9, lay.font - 4)
                if kt.text(words, 9, self.ink.gold, True).get_width() <= shown_w - 4:
                    tag = kt.fit(words, shown_w - 4, size, self.ink.gold, bold=True)
                else:
                    # A tight fan (an opponent's five cards): the word would run under
                    # the next card's tag, so the strip shows a padlock instead.
                    tag = padlock(max(8, min(shown_w - 6, lay.font)), self.ink.gold)
                box = tag.get_rect(midbottom=(rect.left + shown_w // 2, rect.bottom - 3))
                surface.blit(
                    kt.panel(box.inflate(6, 2).size, self.ink, radius=4, alpha=235),
                    box.inflate(6, 2),
                )
                self._felt_word(surface, tag, box, seat)
        self._draw_shift_marks(surface, lay, view, place, count, seat)
        if seat == HUMAN and self.card_mode and self.mode == "human":
            # Number the clickable cards: the digit keys pick them too.
            for index, number in self.card_numbers().items():
                if view.cards[index].locked:
                    continue  # a locked card keeps its number, so the others keep theirs
                rect = place.card_rect(index, count)
                tag = kt.pill(
                    str(number), max(10, lay.font - 2), self.ink.gold, (*self.ink.panel, 230)
                )
                self._felt_word(
                    surface,
                    tag,
                    tag.get_rect(
                        midbottom=(
                            rect.centerx,
                            rect.top - 2 - (lay.px(16) if index == hovered else 0),
                        )
                    ),
                    seat,
                )
        # Dealer button, lead marker and Force side inside the plate, right of the name
        # (the plate keeps the name clear of them).
        right = place.plate.right - h // 5
        for n, tag in enumerate(inline):
            rect = tag.get_rect(midright=(right, place.plate.top + h * 0.3))
            self._felt_word(surface, tag, rect, seat)
            placed.append(Mark(rect, terms[n]))
            right = rect.left - 3
        # The player's own plate has no cards above it: the rest sit on its top edge.
        # An opponent's cards lie just above the plate, so there they hang from the
        # bottom edge instead, clear of the cards' values.
        right = place.plate.right - h // 5
        hung = pygame.Rect(place.plate.right, place.plate.bottom, 0, 0)
        for n, tag in enumerate(above, start=len(inline)):
            if seat == HUMAN:
                rect = tag.get_rect(bottomright=(right, place.plate.top + h // 6))
            else:
                rect = tag.get_rect(topright=(right, place.plate.bottom - 2))
                hung = hung.union(rect)
            self._felt_word(surface, tag, rect, seat)
            placed.append(Mark(rect, terms[n]))
            right = rect.left - 3
        # Status (last action) and, after the reveal, the hand's name.
        tag_size = max(10, lay.font - 2)
        below = place.plate.bottom + 3
        if seat == HUMAN:
            self._draw_total(surface, lay, view)
            below = place.plate.bottom + 3
        status = None
        if view.hand_label and seat != HUMAN:
            # After the reveal, the hand's name under the plate (the action is on it).
            status = kt.pill(
                live(view.hand_label), tag_size, self.ink(view.label_colour), (*self.ink.panel, 235)
            )
        if status is not None:
            rect = status.get_rect(midtop=(place.plate.centerx, below))
            if rect.colliderect(hung):
                # Beside the hanging tags while it stays under the plate, else below them.
                rect.right = hung.left - 3
                if rect.left < place.plate.left:
                    rect.centerx, rect.top = place.plate.centerx, hung.bottom + 2
            self._felt_word(surface, status, rect, seat)
            placed.append(Mark(rect, "status-tag"))
        if view.winner:
            crown = kt.pill(
                i18n.t("sabacc.winner"), tag_size, self.ink.good, (*self.ink.panel, 235)
            )
            top = place.card_rect(0, max(1, count)).top
            crown_rect = crown.get_rect(midbottom=(place.centre[0], top - 2))
            self._felt_word(surface, crown, crown_rect, seat)
            placed.append(Mark(crown_rect, "winner"))

    def _draw_chevron(self, surface: pygame.Surface, lay: SabaccLayout, seat: int) -> None:
        """An opponent's turn: a pulsing chevron over their cards (the player's own turn
        shows as the glowing plate and the prompt above the buttons)."""
        view = self.model.seats[seat]
        if not (self.mode in ("human", "wait") and view.in_hand):
            return
        place = lay.seats[seat]
        chevron = kt.memo(
            art.render_turn_indicator,
            max(14, place.plate.height // 2),
            round((self.clock % 1.0) * 16) / 16,
            self.palette_name,
        )
        surface.blit(
            chevron, chevron.get_rect(midbottom=(place.centre[0], place.card_rect(0, 1).top + 4))
        )

    def _draw_card(
        self, surface: pygame.Surface, card: CardView, rect: pygame.Rect, dim: bool
    ) -> None:
        size = rect.size
        if card.code is None:
            image = kt.memo(card_art.render_sabacc_back, size, self.palette_name)
            if card.glitch > 0:
                # A face-down card shifting: the back tears and flickers for a moment.
                phase = int(card.glitch * 10)
                image = self._shift_frame("back", "back", size, phase) or image
        elif card.shift_from is not None and card.shift_t < 1:
            step = int(card.shift_t * 16)
            key = (card.shift_from, card.code, size, step, self.model.values)
            cached = self._shift_frames.get(key)
            if cached is None:
                if len(self._shift_frames) > 64:
                    self._shift_frames.clear()
                values = (self.face_value(card.shift_from), self.face_value(card.code))
                cached = card_art.render_shift_frame(
                    card.shift_from, card.code, size, step / 16, self.palette_name, values
                )
                self._shift_frames[key] = cached
            image = cached
        else:
            image = self.card_face(card.code, size)
        if dim and not card.in_field:
            image = _dimmed(image)
        surface.blit(image, rect)
        if card.in_field:
            shimmer = round(self.clock * 12) % 24 / 24  # the overlay has 24 cached phases
            overlay = kt.memo(card_art.render_stasis_overlay, size, shimmer, self.palette_name)
            margin = card_art.stasis_margin(size)
            surface.blit(overlay, (rect.x - margin, rect.y - margin))

    def _shift_frame(
        self, old: str, new: str, size: tuple[int, int], phase: int
    ) -> pygame.Surface | None:
        # Hidden cards glitch with a stand-in pair of faces tinted by the back colour.
        key = (old, new, size, phase)
        image = self._shift_frames.get(key)
        if image is None:
            image = card_art.render_shift_frame(
                "idiot", "star", size, 0.35 + phase * 0.03, self.palette_name
            )
            image = image.copy()
            back = kt.memo(card_art.render_sabacc_back, size, self.palette_name).copy()
            back.set_alpha(150)
            image.blit(back, (0, 0))
            self._shift_frames[key] = image
        return image

    def _draw_shift_marks(
        self, surface: pygame.Surface, lay: SabaccLayout, view: SeatView, place: Any, count: int,
        seat: int,
    ) -> None:  # fmt: skip
        """A shifted card's mark until the next action: "+7 → −13" on a card whose faces
        are known, "⇄ shifted" on a hidden one, on the strip of the card that shows."""
        size = max(9, lay.font - 4)
        for index, card in enumerate(view.cards):
            if card.shifted is None or card.shift_from is not None or card.glitch > 0:
                continue  # no mark, or the glitch is still playing
            rect = place.card_rect(index, count)
            shown_w = rect.width
            if index + 1 < count:
                shown_w = min(shown_w, place.card_rect(index + 1, count).left - rect.left)
            if card.shifted != "?" and card.code is not None:
                words = i18n.t("tables.shift_mark", old=self._card_value(card.shifted),
                               new=self._card_value(card.code))  # fmt: skip
            else:
                words = i18n.t("tables.shifted")
            tag = kt.pill(words, size, self.ink.info, (*self.ink.panel, 235))
            if tag.get_width() > shown_w:
                tag = kt.pill("⇄", size, self.ink.info, (*self.ink.panel, 235))
            bottom = rect.bottom - 3 - (lay.font + 4 if card.locked else 0)
            if card.code is not None and card_art.card_title(card.code) and rect.height >= 120:
                # A card big enough to print its name ("LA MODERACIÓN") under the value:
                # the mark sits on the picture instead, clear of the name and the value.
                bottom = rect.top + round(rect.height * 0.56)
            self._felt_word(
                surface, tag, tag.get_rect(midbottom=(rect.left + shown_w // 2, bottom)), seat
            )

    def _card_value(self, code: str) -> str:
        """A card's value now, signed ("+7", "−13")."""
        return art.signed(self.model.values[sc.parse(code)])

    def _draw_total(self, surface: pygame.Surface, lay: SabaccLayout, view: SeatView) -> None:
        counted = (c.counted_code() for c in view.cards)
        codes = tuple(code for code in counted if code is not None)
        if not codes:
            return
        kind, total = self._rank_codes(codes)
        badge = lay.total_badge
        surface.blit(kt.panel(badge.size, self.ink, radius=badge.height // 3), badge)
        special = kind in NAMED_KINDS
        colour = self.total_colour(kind, view.side)
        title = i18n.t("sabacc.your_total")
        if view.side and not special and kind != "bombed-out":
            title = f"{title} · {i18n.t(f'sabacc.side.{view.side}')}"
        caption = kt.fit(
            title,
            badge.width - lay.px(12),
            max(10, lay.font - 3),
            self.ink.dim,
        )
        self._felt_word(
            surface, caption, caption.get_rect(midtop=(badge.centerx, badge.y + lay.px(4))), HUMAN
        )
        shown = live(view.hand_label) or (
            art.signed(total) if not special else hand_name(kind, total)
        )
        value = kt.fit(shown, badge.width - lay.px(12), lay.px(28), colour, bold=True)
        self._felt_word(
            surface,
            value,
            value.get_rect(midbottom=(badge.centerx, badge.bottom - lay.px(4))),
            HUMAN,
        )

    def total_colour(self, kind: str, side: str) -> Colour:
        """The total's colour: gold for a named hand (``NAMED_KINDS``), the bad colour
        bombed out, else (Force) the colours of the player's side, or the text's."""
        if kind in NAMED_KINDS:
            return self.ink.gold
        if kind == "bombed-out":
            return self.ink.bad
        return SIDE_TEXT.get(side, self.ink.text)

    def _rank_codes(self, codes: tuple[str, ...]) -> tuple[str, int]:
        cache: dict[tuple[Any, ...], tuple[str, int]] = self.__dict__.setdefault("_rank_cache", {})
        key = (self.model.values, *codes)  # a Random Sabacc rule change revalues
        found = cache.get(key)
        if found is None:
            cards = sc.parse_all(codes)
            rank = rank_cards(cards, self.model.values, self.model.options)
            found = (rank.kind, rank.total)
            if len(cache) > 256:
                cache.clear()
            cache[key] = found
        return found

    def _draw_prompt(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        """The turn indicator in words, just above the action bar."""
        if self.mode == "human":
            phase = i18n.t(f"sabacc.phase.{self.model.decision_phase}")
            words = i18n.t("sabacc.your_turn", phase=phase)
            if self.card_mode == "discard":
                words = i18n.t("sabacc.discard_prompt")
            elif self.card_mode == "field":
                words = i18n.t("sabacc.field_prompt")
            elif self.card_mode:
                words = i18n.t(f"sabacc.prompt.{self.card_mode}")
            colour = self.ink.gold
            bar = getattr(self, "bar", None)
            if bar is not None and bar.reasons() and not self.card_mode:
                # What the greyed buttons cannot do now, and why.
                words = " · ".join([words, *bar.reasons()])
            refusal = getattr(self, "refusal", None)
            if refusal is not None:
                words, colour = refusal[0], self.ink.bad
        elif self.mode == "between":
            words, colour = i18n.t("sabacc.between_prompt"), self.ink.text
        elif self.mode == "over":
            words, colour = i18n.t("sabacc.over_prompt"), self.ink.text
        elif self.model.turn is not None and self.model.turn != HUMAN and self.thinking is not None:
            words, colour = (
                i18n.t("sabacc.thinking", seat=self.seat_name(self.model.turn)),
                self.ink.dim,
            )
        else:
            self.keep_text("prompt", None)
            return
        image = kt.fit(words, lay.table.width - lay.px(40), lay.font, colour, bold=True)
        prompt = image.get_rect(center=(lay.table.centerx, lay.prompt_y))
        surface.blit(image, prompt)
        self.keep_text("prompt", prompt)
        if (
            self.stepper is not None
            and getattr(self, "stepper_rect", None) is not None
            and self.mode == "human"
        ):
            rect = self.stepper_rect
            assert rect is not None
            middle = pygame.Rect(
                rect.x + rect.height, rect.y, rect.width - 2 * rect.height, rect.height
            )
            surface.blit(kt.panel(middle.size, self.ink, radius=6, alpha=230), middle)
            amount = kt.text(
                str(self.stepper.value), max(12, int(rect.height * 0.48)), self.ink.gold, bold=True
            )
            surface.blit(amount, amount.get_rect(midtop=(middle.centerx, middle.y + 1)))
            cap = kt.fit(
                i18n.t("sabacc.stepper_max", max=self.stepper.high),
                middle.width - 6,
                max(9, int(rect.height * 0.26)),
                self.ink.dim,
            )
            surface.blit(cap, cap.get_rect(midbottom=(middle.centerx, middle.bottom - 2)))


_dim_cache: dict[int, pygame.Surface] = {}


def _dimmed(image: pygame.Surface) -> pygame.Surface:
    """A darker copy for folded seats (cached per source surface)."""
    key = id(image)
    out = _dim_cache.get(key)
    if out is None:
        out = image.copy()
        out.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_dim_cache) > 128:
            _dim_cache.clear()
        _dim_cache[key] = out
    return out


#: Force: a total's colour on the dark badge for each side (the plate tags' hues).
SIDE_TEXT: dict[str, Colour] = {sb.LIGHT: (250, 236, 190), sb.DARK: (196, 168, 255)}


@functools.lru_cache(maxsize=16)
def padlock(size: int, colour: Colour = PADLOCK_GOLD) -> pygame.Surface:
    """A small gold padlock, drawn by code: the locked mark where the word has no room."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, size * 4 // 9, size, size - size * 4 // 9)
    shackle = pygame.Rect(size // 5, 0, size - 2 * (size // 5), size * 8 // 9)
    pygame.draw.arc(image, colour, shackle, 0, math.pi, max(1, size // 7))
    pygame.draw.line(image, colour, (shackle.left, size // 2 - 1), (shackle.left, body.top),
                     max(1, size // 7))  # fmt: skip
    pygame.draw.line(image, colour, (shackle.right - 1, size // 2 - 1),
                     (shackle.right - 1, body.top), max(1, size // 7))  # fmt: skip
    pygame.draw.rect(image, colour, body, border_radius=max(1, size // 6))
    return image
