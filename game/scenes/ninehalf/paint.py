"""Painting the Nine and a Half table: the display model and ``seen`` (what the engine
has told the table), never the engine itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules import ninehalf as nh
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image, half_points

if TYPE_CHECKING:
    from game.scenes.ninehalf.scene import NineHalfTable


class NineHalfPaint:
    """The table's painter (``table.painter``): draws the display model
    (``table.anim``) in the places (``table.places``)."""

    def __init__(self, table: NineHalfTable) -> None:
        self.t = table
        self.open_targets: list[int] = []  # the seats painting may show as challengeable
        self.text_marks: list[Mark] = []  # the words drawn now (``glossary_marks``)

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (a warning, the dealer, the deal); the centre and
        each seat are parts of their own (``layer_parts``)."""
        t, m, inputs = self.t, self.t.anim, self.t.inputs
        return (t.app.size, m.dealer, m.deal_no, m.deal_over, inputs.hover_seat,
                inputs.target, t.message[0] if t.message else None)  # fmt: skip

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre (deck, limit, the deal and turn lines) and each seat (plate,
        cards, value, stake), each painted again on its own when it changes."""
        t, m = self.t, self.t.anim
        centre = (m.limit, t.banner.shown, t.banner.title, t.status_text(), t.duty_text(),
                  t.queue.busy)  # fmt: skip
        box = t.places.centre_box
        parts: list[tuple[Any, pygame.Rect]] = [
            (centre, box.inflate(t.px(40), t.px(60)).move(0, t.px(20)))
        ]
        actor = t.acting()
        challengeable = self.open_targets if t.idle() else []
        for seat in range(t.num_seats):
            sign: tuple[Any, ...] = (
                m.chips[seat], actor == seat and (not t.queue.busy or t.thinking == seat),
                m.sat_out[seat], m.results[seat], seat in challengeable,
                tuple(m.seat_cards(seat)), self.flip_step(seat), m.stakes[seat],
                m.hole[seat], tuple(m.up[seat]), tuple(m.dealer_cards),
            )  # fmt: skip
            if seat == t.human:
                sign += (self.hidden_tag_shown(), m.my_value())
            parts.append((sign, self.seat_place(seat)))
        return parts

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: plate with ring and puck, cards, value, stake."""
        t, at = self.t, self.t.places
        rects = [at.plates[seat].inflate(t.px(44), t.px(44))]
        hand = at.hand_boxes[seat]
        rects.append(hand.inflate(t.px(120), t.px(16)))
        rects.append(hand.move(0, hand.height).inflate(t.px(120), t.font_px(13)))
        stake = at.stake_boxes[seat]
        rects.append(stake.inflate(t.px(60), t.px(60)))
        if seat == t.human:
            rects.append(at.human_caption.inflate(t.px(120), t.px(24)))
        return rects[0].unionall(rects[1:])

    def flip_step(self, seat: int) -> float:
        """How far ``seat``'s hole card has turned, in twelfths: the cached picture shows
        the turn step by step and is painted again at each step."""
        return min(1.0, max(0.0, round(self.t.anim.flip.get(seat, 1.0) * 12) / 12))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        t = self.t
        if t.acting() == t.human and t.idle():
            # Left of the plate: above it lie the player's own cards.
            plate = t.places.plates[t.human]
            t.draw_turn_marker(surface, (plate.x - t.px(2), plate.centery), "right")

    def draw_table(self, surface: pygame.Surface) -> None:
        self.text_marks = []  # the words drawn now (``glossary_marks``)
        actor = self.t.acting()
        challengeable = self.open_targets if self.t.idle() else []
        for seat in range(self.t.num_seats):
            self.draw_seat(surface, seat, actor, seat in challengeable)
        self.draw_centre(surface)

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Nine and a Half table now (kit.legend): plates and their
        green and yellow outlines, the dealer's puck, the hidden tag, hand values,
        stakes, a challenge's result, the limit plaque and the dealer's duty."""
        t, m, at = self.t, self.t.anim, self.t.places
        marks: list[Mark] = []
        challengeable = self.open_targets if t.idle() else []
        r = t.px(13)
        for seat in range(t.num_seats):
            plate = at.plates[seat]
            if seat in challengeable:
                chosen = seat in (t.inputs.hover_seat, t.inputs.target)
                marks.append(Mark(plate.inflate(t.px(14), t.px(14)),
                                  "nh-chosen" if chosen else "nh-challengeable"))  # fmt: skip
            marks.append(Mark(plate, "nameplate"))
            if m.results[seat] is not None:
                corner = pygame.Rect(0, 0, plate.width // 3, plate.height // 2)
                corner.topright = plate.topright
                marks.append(Mark(corner, "nh-result"))
            if seat == m.dealer:
                centre = (plate.right - r + t.px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "dealer-puck"))  # fmt: skip
            if m.stakes[seat]:
                x, y = at.stake_anchor[seat]
                marks.append(Mark(pygame.Rect(x - t.px(12), y - t.px(12), t.px(56), t.px(24)),
                                  "bet-chips"))  # fmt: skip
            cards = m.seat_cards(seat)
            if cards and seat == t.human and self.hidden_tag_shown():
                rect = at.card_rects(seat, len(cards))[0]
                marks.append(Mark(pygame.Rect(rect.x, rect.bottom - t.px(22), rect.width,
                                              t.px(20)), "nh-hidden"))  # fmt: skip
        marks += self.text_marks
        return marks

    def draw_seat(self, surface: pygame.Surface, seat: int, actor: int, target: bool) -> None:
        t, m, at, ink = self.t, self.t.anim, self.t.places, self.t.ink
        plate = at.plates[seat]
        active = actor == seat and (not t.queue.busy or t.thinking == seat)
        note, note_colour = "", None
        if m.sat_out[seat]:
            note = i18n.t("nh.sitting_out")
        result = m.results[seat]
        if result is not None:
            # What a challenge won or lost the seat, on its own plate: it can never be
            # taken for a neighbour's, nor cover anyone's cards.
            note = f"+{result}" if result > 0 else (f"−{-result}" if result < 0 else "±0")
            note_colour = ink.good if result > 0 else (ink.bad if result < 0 else ink.text)
        if target:
            colour = ink.gold if seat in (t.inputs.hover_seat, t.inputs.target) else ink.good
            pygame.draw.rect(surface, colour, plate.inflate(t.px(14), t.px(14)), 3,
                             border_radius=t.px(14))  # fmt: skip
        t.draw_plate(
            surface, plate, seat, m.chips[seat], active, note, m.sat_out[seat], note_colour
        )
        if seat == m.dealer:
            self.draw_dealer_puck(surface, plate)
        cards = m.seat_cards(seat)
        rects = at.card_rects(seat, len(cards))
        h = at.human_card_h if seat == 0 else at.card_h
        for i, (code, rect) in enumerate(zip(cards, rects, strict=True)):
            image = t.card(code, h)
            p = self.flip_step(seat) if i == 0 and seat != m.dealer else 1.0
            if p < 1.0:
                w = max(1, round(image.get_width() * abs(2 * p - 1)))
                image = pygame.transform.scale(image, (w, image.get_height()))
            surface.blit(image, image.get_rect(center=rect.center))
        if seat == t.human and cards and self.hidden_tag_shown():
            # The player's own face-down card: a small tag so it is not taken for an up-card.
            tag = kt.text(i18n.t("nh.hidden"), t.font_px(11), ink.panel, True)
            box = tag.get_rect(midbottom=(rects[0].centerx, rects[0].bottom - t.px(4))).inflate(
                8, 2
            )
            pygame.draw.rect(surface, ink.gold, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        if cards:
            self.draw_value(surface, seat, rects)
        if m.stakes[seat]:
            image = chip_image(m.stakes[seat], t.px(20), t.palette_name)
            spot = at.stake_anchor[seat]
            surface.blit(image, image.get_rect(center=spot))
            # The amount beside the chips, where it cannot run into the cards.
            t.caption(surface, i18n.format_number(m.stakes[seat]),
                      (spot[0] + image.get_width() // 2 + t.px(4), spot[1]), 14, ink.gold, True,
                      "midleft")  # fmt: skip

    def hidden_tag_shown(self) -> bool:
        """Whether the player's own face-down card wears its "hidden" tag: while the
        others cannot see it and it still matters (not as dealer; never once a
        challenge turned it over, nor once the deal is over)."""
        human, m = self.t.human, self.t.anim
        return human != m.dealer and human not in m.flip and not m.deal_over

    def draw_value(self, surface: pygame.Surface, seat: int, rects: list[pygame.Rect]) -> None:
        t, m, ink = self.t, self.t.anim, self.t.ink
        if seat == t.human:
            value = m.my_value()
            if value is None:
                return
            text = i18n.t("nh.your_hand", value=m.value_text(value))
            colour = (
                ink.bad
                if value.kind == "bust"
                else (ink.good if value.kind != "normal" else ink.gold)
            )
            at = t.caption(surface, text, (rects[-1].right + t.px(12), rects[-1].centery), 18, colour,
                           True, "midleft")  # fmt: skip
            self._text_mark(at, "nh-value")
            return
        if seat == m.dealer:
            value = nh.hand_value(m.dealer_cards, dealer=True)
            text = i18n.t("nh.dealer_total", value=m.value_text(value))
        else:
            hole = m.hole[seat]
            if isinstance(hole, str):
                value = nh.hand_value([hole, *m.up[seat]])
                text = m.value_text(value)
            elif m.up[seat]:
                shown = nh.hand_value(m.up[seat]).points
                text = i18n.t("nh.showing", value=half_points(shown))
            else:
                return
        at = t.caption(surface, text, (rects[0].centerx if len(rects) == 1 else (rects[0].x + rects[-1].right) // 2,
                                       rects[-1].bottom + t.px(1)), 13, ink.text, True, "midtop")  # fmt: skip
        self._text_mark(at, "nh-value")

    def _text_mark(self, rect: pygame.Rect, term: str) -> None:
        """Note where a word the glossary explains was drawn (``glossary_marks``)."""
        self.text_marks[:] = [m for m in self.text_marks if m.rect != rect] + [Mark(rect, term)]

    def draw_dealer_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        t = self.t
        r = t.px(13)
        centre = (plate.right - r + t.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, t.palette.paper, centre, r)
        pygame.draw.circle(surface, t.palette.plate_edge, centre, r, 2)
        # The dealer's puck: "D", the banca's "B", 親.
        t.caption(surface, i18n.t("nh.dealer_mark"), centre, 14, t.ink.panel, True)

    def draw_centre(self, surface: pygame.Surface) -> None:
        t, m, at, ink = self.t, self.t.anim, self.t.places, self.t.ink
        back = t.card(None, at.card_h)
        for i in range(3):
            surface.blit(
                back, back.get_rect(center=(at.deck_pos[0] - i * 2, at.deck_pos[1] - i * 2))
            )
        cx = t.table.centerx
        room = at.centre_box.width
        y = at.deck_pos[1] + back.get_height() // 2 + t.px(6)
        plaque = i18n.t("nh.limit_plaque", limit=m.limit)
        rect = t.caption(surface, plaque, (cx, y), 18, ink.gold, True, "midtop", max_width=room)
        self._text_mark(rect, "nh-limit")
        banner = None
        if t.banner.shown:
            banner = t.banner_rect(at.banner_image(t.banner.title, t.ink(t.banner.shade)))
        if banner is not None and banner.top < at.centre_lines_bottom():
            # The banner sits over the deal and turn lines: they wait until it has
            # gone, so the two never show through each other while it fades.
            t.notices.draw_message(surface, at.banner_centre())
            return
        info = t.you("nh.deal_info", deal=m.deal_no, seat=t.seat_name(m.dealer))
        rect = t.caption(
            surface, info, (cx, rect.bottom), 14, ink.dim, False, "midtop", max_width=room
        )
        status = t.status_text()
        if status:
            rect = t.caption(surface, status, (cx, rect.bottom + t.px(6)), 18, ink.text, True, "midtop",
                             max_width=room)  # fmt: skip
        duty = t.duty_text()
        if duty:
            text, colour = duty
            duty_rect = t.caption(surface, text, (cx, rect.bottom + t.px(4)), 17, colour, True,
                                  "midtop", max_width=room)  # fmt: skip
            self._text_mark(duty_rect, "nh-duty")
        t.notices.draw_message(surface, at.banner_centre())
