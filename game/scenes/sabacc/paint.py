"""Painting the Sabacc table: reads the display model and the layout, nothing else
(the felt's middle, the cached picture, the prompt and the symbols' marks here; each
seat's plate and cards in ``seats.py``).

It never asks the engine anything and never starts work: the hint, the totals' rule
set and the player's phase are in the model (``animate`` and ``controls`` put them
there when the state changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game import i18n
from game.rules import sabacc_cards as sc
from game.scenes.kit import text as kt
from game.scenes.kit.layer import PartLayer
from game.scenes.kit.legend import Mark
from game.scenes.kit.motion import flight_point
from game.scenes.kit.words import live
from game.scenes.sabacc.base import HUMAN, NAMED_KINDS
from game.scenes.sabacc.layout import SabaccLayout
from game.scenes.sabacc.seats import SeatPainter
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui.palette import Colour

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable


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


class SabaccPaint:
    """Draws the model (see the module docstring); the seats are ``seats.py``'s."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table
        self.seats = SeatPainter(table)
        self.table_layer: PartLayer | None = None  # the cached picture
        #: Where the felt's words landed, by part (-1: the centre, else a seat).
        self.felt_rects: dict[int, list[pygame.Rect]] = {}

    def face_value(self, code: str) -> int | None:
        """The value a face-up card displays when a rule has revalued it (Random
        Sabacc's Mirror, a venue's suit signs): what it counts now, as the engine's
        value table says; None when that is the card's own value."""
        values = self.t.anim.model.values
        if values is None:
            return None
        value = int(values[sc.parse(code)])
        return None if value == card_art.parse_sabacc(code).value else value

    def card_face(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        """A face-up card as the table draws it: its current value on the glass."""
        return kt.memo(card_art.render_sabacc_card, code, size, self.t.palette_name,
                       self.face_value(code))  # fmt: skip

    def _anchor(self, anchor: tuple[Any, ...]) -> tuple[float, float]:
        lay = self.t.places
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
        lay = self.t.places
        assert lay.panel is not None
        rects = [place.plate for place in lay.seats] + [lay.bar]
        for seat, place in enumerate(lay.seats):
            # The seat's cards, as far as a revealed hand fans (see _draw_seat).
            count = len(self.t.anim.model.seats[seat].cards)
            if count:
                fan = place.card_rect(0, count).union(place.card_rect(count - 1, count))
                if seat != HUMAN:  # a revealed hand fans out to 1.25 plates wide
                    fan.inflate_ip(max(0, round(place.plate.width * 1.25) - fan.width), 0)
                rects.append(fan)
        rects.append(self.t.canvas.log_keep_clear(lay.panel, lay.u))
        banner = self.t.anim.model.banner
        if banner.shown:
            image = banner.image(lay.px(44), lay.table.width - lay.px(40), self.t.ink)
            rects.append(image.get_rect(center=lay.centre.center))
        return rects

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.t.places
        assert lay.panel is not None
        if self.t.unplayable:
            self.t.canvas.draw_frame(surface, lay.table, lay.panel)
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
        layer = self.table_layer
        if layer is None:
            layer = self.table_layer = PartLayer(self.draw_still, self._paint_panel)
        image = layer.picture(size, window, parts, self._part_box, self.panel_signature(),
                              lay.table)  # fmt: skip
        surface.blit(image, (0, 0))
        self.draw_moving(surface)
        self.t.legend.draw_for(self.t, surface)
        if self.t.director is not None:
            self.t.director.draw(surface)

    def _paint_panel(self, surface: pygame.Surface) -> None:
        """The side panel alone, over the cached picture."""
        lay = self.t.places
        assert lay.panel is not None
        self.t.canvas.draw_panel(surface, lay.panel, lay.u)

    def _part_box(self, part: int) -> pygame.Rect | None:
        """Where part ``part`` of the picture (0: the centre, 1 + n: seat n) paints:
        the same drawing, with every blit only measured."""
        tracker = _Tracker()
        target = cast(pygame.Surface, tracker)
        if part == 0:
            self._draw_centre(target, self.t.places)
        else:
            self.seats.draw_seat(target, self.t.places, part - 1)
        return tracker.box

    def draw_still(self, surface: pygame.Surface) -> None:
        """What the cached picture shows: everything that stays put between changes."""
        lay = self.t.places
        assert lay.panel is not None
        self.t.canvas.draw_frame(surface, lay.table, lay.panel)
        # The panel first: an opaque picture over its wood; nothing else is drawn there.
        self.t.canvas.draw_panel(surface, lay.panel, lay.u)
        self._draw_centre(surface, lay)
        for seat in range(len(self.t.anim.model.seats)):
            self.seats.draw_seat(surface, lay, seat)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the cached picture every frame."""
        lay = self.t.places
        if self.t.anim.model.die_value is not None and self.t.anim.model.die_t < 1:
            self._draw_dice(surface, lay)
        turn = self.t.anim.model.turn
        if turn is not None and turn != HUMAN and turn < len(self.t.anim.model.seats):
            self.seats.draw_chevron(surface, lay, turn)
        for flight in self.t.anim.model.flights:
            image = flight.image()
            point = flight_point(
                self._anchor(flight.source),
                self._anchor(flight.target),
                flight.progress,
                flight.lift,
            )
            surface.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))
        self.draw_prompt(surface, lay)
        plates = {seat: place.plate for seat, place in enumerate(lay.seats)}
        cards = [
            place.card_rect(i, len(self.t.anim.model.seats[seat].cards))
            for seat, place in enumerate(lay.seats)
            if seat < len(self.t.anim.model.seats)
            for i in range(len(self.t.anim.model.seats[seat].cards))
        ]
        # Where each seat's cards lie (dealt or still to come: a hand fans out to five
        # cards, and past five it overlaps within that width) and the centre's things.
        # A campaign face placed at the first deal stays clear of the widest hand.
        zones = [
            place.card_rect(0, n).union(place.card_rect(n - 1, n))
            for seat, place in enumerate(lay.seats)
            if seat < len(self.t.anim.model.seats)
            for n in [max(5, len(self.t.anim.model.seats[seat].cards))]
        ]
        centre = [lay.deck, lay.discard, lay.die, lay.hand_pot, lay.sabacc_pot, lay.total_badge]
        self.t.draw_speech(surface, plates, [*cards, *zones, *centre, lay.bar])
        self.t.anim.model.banner.draw(
            surface, lay.centre.center, lay.px(44), lay.table.width - lay.px(40), self.t.ink
        )

    def layer_signature(self, size: tuple[int, int]) -> tuple[Any, ...]:
        """Everything ``draw_still`` shows beside the panel, so the cached picture is
        drawn again exactly when one of them changes: ``(window, parts)``, parts being
        the centre (pots, deck, die) and each seat (chips, cards, tags, face)."""
        model, lay = self.t.anim.model, self.t.places
        window = (size, id(lay), tuple(lay.table), self.t.palette_name, i18n.get_language())
        centre = (model.hand_pot, model.sabacc_pot, model.deck, model.discard_top,
                  model.die_value, model.die_t >= 1, model.die_seed, live(model.die_text),
                  model.die2_value,
                  model.values if model.discard_top is not None else None)  # fmt: skip
        seats = [self._seat_signature(seat) for seat in range(len(model.seats))]
        return (window, (centre, *seats))

    def _seat_signature(self, seat: int) -> tuple[Any, ...]:
        """What ``_draw_seat`` reads for ``seat``."""
        model = self.t.anim.model
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
                shimmer = round(self.t.clock * 12) % 24  # the field's shimmer
            shifted = shifted or card.shifted is not None
            face_up = face_up or card.code is not None
        active = model.turn == seat and self.t.mode in ("human", "wait") and view.in_hand
        dim = view.out or (not view.in_hand and model.hand_no > 0)
        human = (
            (self.t.mode, self.t.inputs.card_mode, self.hovered_card()) if seat == HUMAN else None
        )
        return (
            view.name, view.level, view.chips, tuple(cards), view.in_hand, view.out,
            live(view.status), view.status_colour, live(view.hand_label), view.label_colour,
            view.winner, view.side, view.personality, view.face, view.voice,
            self.t.expression_of(seat), active, dim, bool(model.hand_no) and seat == model.dealer,
            bool(model.round_no) and seat == model.lead,
            model.values if seat == HUMAN or face_up else None, human, shimmer,
        )  # fmt: skip

    def panel_signature(self) -> tuple[Any, ...]:
        """Everything the side panel shows (the log, the facts, the hint box)."""
        ink, lay = self.t.ink, self.t.places
        hint = tuple(self.t.hint.lines(ink)) if self.t.panel.hint_open else ()
        return (self.t.log.version, self.t.panel.hint_open, hint, self.t.panel_title(),
                tuple(self.t.info_lines() + self.t.campaign_lines()), self.t.canvas.log_text_px(lay.u),
                i18n.get_language(), self.t.palette_name)  # fmt: skip

    def hovered_card(self) -> int:
        """The index of the player's card under the mouse while a card is to be picked,
        else -1 (it is drawn raised)."""
        if not (self.t.inputs.card_mode and self.t.mode == "human") or not self.t.anim.model.seats:
            return -1
        hover = pygame.mouse.get_pos()
        cards = self.t.anim.model.seats[HUMAN].cards
        count = len(cards)
        place = self.t.places.seats[HUMAN]
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
        words = i18n.t("sabacc.unplayable", preset=i18n.t(f"preset.{self.t.config.preset}"))
        for i, line in enumerate(kt.wrap(words, lay.font + 4, lay.table.width - lay.px(120))):
            image = kt.text(line, lay.font + 4, self.t.ink.gold, bold=True)
            surface.blit(
                image,
                image.get_rect(
                    center=(lay.table.centerx, lay.table.centery - lay.px(40) + i * lay.px(32))
                ),
            )
        self.t.canvas.draw_panel(surface, lay.panel, lay.u)

    def felt_word(
        self, surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, part: int
    ) -> None:
        """Words on the felt (part -1: the centre, else a seat), noted where they land:
        the ``?`` labels keep off them (``legend_keep_clear``)."""
        surface.blit(image, rect)
        self.felt_rects.setdefault(part, []).append(rect)

    def felt_words(self) -> list[pygame.Rect]:
        """Where the felt's words are now: the piles' and pots' names, the die's, each
        seat's tags, status, card numbers and marks, the player's total."""
        words = self.felt_rects
        seats = len(self.t.anim.model.seats)
        return [rect for part, rects in words.items() if part < seats for rect in rects]

    def _draw_centre(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        model = self.t.anim.model
        self.felt_rects[-1] = []
        # The deck: a few backs offset to look like a pile, with the count on it.
        back = kt.memo(card_art.render_sabacc_back, lay.deck.size, self.t.palette_name)
        for k in range(min(3, max(1, model.deck // 20 + 1)) if model.deck else 0):
            surface.blit(back, lay.deck.move(-k * 2, -k * 2))
        small = max(10, lay.font - 3)
        count = kt.pill(
            i18n.t("sabacc.deck", count=model.deck),
            small,
            self.t.ink.text,
            (*self.t.ink.panel, 210),
        )
        self.felt_word(
            surface, count, count.get_rect(midtop=(lay.deck.centerx, lay.deck.bottom + 3)), -1
        )
        if model.discard_top is not None:
            surface.blit(self.card_face(model.discard_top, lay.discard.size), lay.discard)
        else:
            frame_rect(surface, self.t.ink.edge, lay.discard, 1, lay.discard.width // 10)
        caption = kt.pill(
            i18n.t("sabacc.discards"), small, self.t.ink.dim, (*self.t.ink.panel, 180)
        )
        self.felt_word(
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
            (lay.hand_pot, model.hand_pot, "sabacc.hand_pot", self.t.ink.gold),
            (lay.sabacc_pot, model.sabacc_pot, "sabacc.sabacc_pot", self.t.ink.info),
        ):
            surface.blit(kt.memo(art.render_pot, amount, "", rect.size, self.t.palette_name), rect)
            frame_rect(surface, colour, rect, 2, rect.height // 3)
            title = kt.fit(
                i18n.t(key), rect.width - lay.px(20), max(10, lay.font - 2), colour, bold=True
            )
            self.felt_word(
                surface, title, title.get_rect(midtop=(rect.centerx, rect.y + lay.px(5))), -1
            )

    def _draw_dice(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        """The die (Great Khan: two) where the shift die sits; rolling, it is drawn over
        the cached picture each frame (only the landed die is part of it). Nothing the
        picture holds after the die (the pots, the seats) reaches its place."""
        model = self.t.anim.model
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
            self.t.palette_name,
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
                self.t.palette_name,
            )
            half = lay.die.width // 2 + 3
            surface.blit(second, second.get_rect(center=(centre[0] + half, centre[1])))
            centre = (centre[0] - half, centre[1])
        surface.blit(die, die.get_rect(center=centre))
        if model.die_text and model.die_t >= 1:
            tag = kt.pill(live(model.die_text), small, self.t.ink.info, (*self.t.ink.panel, 210))
            self.felt_word(
                surface, tag, tag.get_rect(midtop=(lay.die.centerx, lay.die.bottom + 3)), -1
            )

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Sabacc table now (kit.legend): plates, tags, pots, the
        deck and discards, the die, the player's total, fields, locks and shifts."""
        lay, model = self.t.places, self.t.anim.model
        if self.t.unplayable or lay.panel is None:
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
            marks += self.seats.tag_marks.get(seat, [])
            count = len(view.cards)
            for index, card in enumerate(view.cards):
                rect = place.card_rect(index, count)
                if card.in_field:
                    marks.append(Mark(rect, "interference-field"))
                elif card.locked:
                    marks.append(Mark(rect, "locked"))
                elif card.shifted is not None:
                    marks.append(Mark(rect, "shift"))
            if turn == seat and self.t.mode in ("human", "wait") and view.in_hand:
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
            kind, _ = self.seats.rank_codes(codes)
            term = ("named-hand" if kind in NAMED_KINDS
                    else "bombed-out" if kind == "bombed-out" else "your-total")  # fmt: skip
            marks.append(Mark(lay.total_badge, term))
        if self.t.inputs.card_mode and self.t.mode == "human":
            place = lay.seats[HUMAN]
            for index in self.t.inputs.card_numbers():
                rect = place.card_rect(index, len(human.cards))
                marks.append(Mark(pygame.Rect(rect.centerx - 10, rect.top - 24, 20, 22),
                                  "card-number"))  # fmt: skip
        return marks

    def keep_clear(self) -> list[pygame.Rect]:
        """The prompt above the buttons, every word on the felt (``felt_words``: the
        pots' names, "Discards", the tags and marks) and, while it shows, the banner."""
        rects = self.felt_words()
        lay, banner = self.t.places, self.t.anim.model.banner
        if banner.shown:
            image = banner.image(lay.px(44), lay.table.width - lay.px(40), self.t.ink)
            rects.append(image.get_rect(center=lay.centre.center))
        return rects

    def legend_area(self) -> pygame.Rect:
        lay = self.t.places
        return pygame.Rect(0, 0, lay.sidebar.x, lay.size[1])

    def draw_prompt(self, surface: pygame.Surface, lay: SabaccLayout) -> None:
        """The turn indicator in words, just above the action bar (a replay's step; none
        when a lesson's coach has the last word)."""
        t, model, inputs, ink = self.t, self.t.anim.model, self.t.inputs, self.t.ink
        said = t.director.status_text() if t.director is not None else None
        if said is not None:
            words, colour = said, ink.gold
            if not said:
                t.legend.keep_text("prompt", None)
                return
        elif t.mode == "human":
            phase = i18n.t(f"sabacc.phase.{model.decision_phase}")
            words = i18n.t("sabacc.your_turn", phase=phase)
            if inputs.card_mode == "discard":
                words = i18n.t("sabacc.discard_prompt")
            elif inputs.card_mode == "field":
                words = i18n.t("sabacc.field_prompt")
            elif inputs.card_mode:
                words = i18n.t(f"sabacc.prompt.{inputs.card_mode}")
            colour = ink.gold
            if t.bar.reasons() and not inputs.card_mode:
                # What the greyed buttons cannot do now, and why.
                words = " · ".join([words, *t.bar.reasons()])
            if inputs.refusal is not None:
                words, colour = inputs.refusal[0], ink.bad
        elif t.mode == "between":
            words, colour = i18n.t("sabacc.between_prompt"), ink.text
        elif t.mode == "over":
            words, colour = i18n.t("sabacc.over_prompt"), ink.text
        elif model.turn is not None and model.turn != HUMAN and t.engine.thinking is not None:
            words, colour = i18n.t("sabacc.thinking", seat=t.anim.seat_name(model.turn)), ink.dim
        else:
            t.legend.keep_text("prompt", None)
            return
        image = kt.fit(words, lay.table.width - lay.px(40), lay.font, colour, bold=True)
        prompt = image.get_rect(center=(lay.table.centerx, lay.prompt_y))
        surface.blit(image, prompt)
        t.legend.keep_text("prompt", prompt)
        rect, stepper = inputs.stepper_rect, inputs.stepper
        if stepper is not None and rect is not None and t.mode == "human":
            middle = pygame.Rect(
                rect.x + rect.height, rect.y, rect.width - 2 * rect.height, rect.height
            )
            surface.blit(kt.panel(middle.size, ink, radius=6, alpha=230), middle)
            amount = kt.text(str(stepper.value), max(12, int(rect.height * 0.48)), ink.gold,
                             bold=True)  # fmt: skip
            surface.blit(amount, amount.get_rect(midtop=(middle.centerx, middle.y + 1)))
            cap = kt.fit(
                i18n.t("sabacc.stepper_max", max=stepper.high),
                middle.width - 6,
                max(9, int(rect.height * 0.26)),
                ink.dim,
            )
            surface.blit(cap, cap.get_rect(midbottom=(middle.centerx, middle.bottom - 2)))
