"""Painting the Nine and a Half table: the display model and ``seen`` (what the engine
has told the table), never the engine itself."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.rules import ninehalf as nh
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image, half_points
from game.scenes.ninehalf.animate import NineHalfAnimate


class NineHalfPaint(NineHalfAnimate):
    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (a warning, the dealer, the deal); the centre and
        each seat are parts of their own (``layer_parts``)."""
        return (self.app.size, self.dealer, self.deal_no, self.deal_over, self.hover_seat,
                self.target, self.message[0] if self.message else None)  # fmt: skip

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre (deck, limit, the deal and turn lines) and each seat (plate,
        cards, value, stake), each painted again on its own when it changes."""
        centre = (self.limit, self.banner.shown, self.banner.title, self.status_text(),
                  self.duty_text(), self.queue.busy)  # fmt: skip
        box = self.centre_box
        parts: list[tuple[Any, pygame.Rect]] = [
            (centre, box.inflate(self.px(40), self.px(60)).move(0, self.px(20)))
        ]
        actor = self.acting()
        challengeable = self.open_targets if self.idle() else []
        for seat in range(self.num_seats):
            sign: tuple[Any, ...] = (
                self.chips[seat], actor == seat and (not self.queue.busy or self.thinking == seat),
                self.sat_out[seat], self.results[seat], seat in challengeable,
                tuple(self.seat_cards(seat)), self.flip_step(seat), self.stakes[seat],
                self.hole[seat], tuple(self.up[seat]), tuple(self.dealer_cards),
            )  # fmt: skip
            if seat == self.human:
                sign += (self.hidden_tag_shown(), self.my_value())
            parts.append((sign, self.seat_place(seat)))
        return parts

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: plate with ring and puck, cards, value, stake."""
        rects = [self.plates[seat].inflate(self.px(44), self.px(44))]
        hand = self.hand_boxes[seat]
        rects.append(hand.inflate(self.px(120), self.px(16)))
        rects.append(hand.move(0, hand.height).inflate(self.px(120), self.font_px(13)))
        stake = self.stake_boxes[seat]
        rects.append(stake.inflate(self.px(60), self.px(60)))
        if seat == self.human:
            rects.append(self.human_caption.inflate(self.px(120), self.px(24)))
        return rects[0].unionall(rects[1:])

    def flip_step(self, seat: int) -> float:
        """How far ``seat``'s hole card has turned, in twelfths: the cached picture shows
        the turn step by step and is painted again at each step."""
        return min(1.0, max(0.0, round(self.flip.get(seat, 1.0) * 12) / 12))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.acting() == self.human and self.idle():
            # Left of the plate: above it lie the player's own cards.
            plate = self.plates[self.human]
            self.draw_turn_marker(surface, (plate.x - self.px(2), plate.centery), "right")

    def draw_table(self, surface: pygame.Surface) -> None:
        self.__dict__["_text_marks"] = []  # the words drawn now (``glossary_marks``)
        actor = self.acting()
        challengeable = self.open_targets if self.idle() else []
        for seat in range(self.num_seats):
            self.draw_seat(surface, seat, actor, seat in challengeable)
        self.draw_centre(surface)

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Nine and a Half table now (kit.legend): plates and their
        green and yellow outlines, the dealer's puck, the hidden tag, hand values,
        stakes, a challenge's result, the limit plaque and the dealer's duty."""
        marks: list[Mark] = []
        challengeable = self.open_targets if self.idle() else []
        r = self.px(13)
        for seat in range(self.num_seats):
            plate = self.plates[seat]
            if seat in challengeable:
                chosen = seat in (self.hover_seat, self.target)
                marks.append(Mark(plate.inflate(self.px(14), self.px(14)),
                                  "nh-chosen" if chosen else "nh-challengeable"))  # fmt: skip
            marks.append(Mark(plate, "nameplate"))
            if self.results[seat] is not None:
                corner = pygame.Rect(0, 0, plate.width // 3, plate.height // 2)
                corner.topright = plate.topright
                marks.append(Mark(corner, "nh-result"))
            if seat == self.dealer:
                centre = (plate.right - r + self.px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "dealer-puck"))  # fmt: skip
            if self.stakes[seat]:
                x, y = self.stake_anchor[seat]
                marks.append(Mark(pygame.Rect(x - self.px(12), y - self.px(12), self.px(56),
                                              self.px(24)), "bet-chips"))  # fmt: skip
            cards = self.seat_cards(seat)
            if cards and seat == self.human and self.hidden_tag_shown():
                rect = self.card_rects(seat, len(cards))[0]
                marks.append(Mark(pygame.Rect(rect.x, rect.bottom - self.px(22), rect.width,
                                              self.px(20)), "nh-hidden"))  # fmt: skip
        marks += self.__dict__.get("_text_marks", [])
        return marks

    def draw_seat(self, surface: pygame.Surface, seat: int, actor: int, target: bool) -> None:
        plate = self.plates[seat]
        active = actor == seat and (not self.queue.busy or self.thinking == seat)
        note, note_colour = "", None
        if self.sat_out[seat]:
            note = i18n.t("nh.sitting_out")
        result = self.results[seat]
        if result is not None:
            # What a challenge won or lost the seat, on its own plate: it can never be
            # taken for a neighbour's, nor cover anyone's cards.
            note = f"+{result}" if result > 0 else (f"−{-result}" if result < 0 else "±0")
            note_colour = (
                self.ink.good if result > 0 else (self.ink.bad if result < 0 else self.ink.text)
            )
        if target:
            colour = self.ink.gold if seat in (self.hover_seat, self.target) else self.ink.good
            pygame.draw.rect(surface, colour, plate.inflate(self.px(14), self.px(14)), 3,
                             border_radius=self.px(14))  # fmt: skip
        self.draw_plate(
            surface, plate, seat, self.chips[seat], active, note, self.sat_out[seat], note_colour
        )
        if seat == self.dealer:
            self.draw_dealer_puck(surface, plate)
        cards = self.seat_cards(seat)
        rects = self.card_rects(seat, len(cards))
        h = self.human_card_h if seat == 0 else self.card_h
        for i, (code, rect) in enumerate(zip(cards, rects, strict=True)):
            image = self.card(code, h)
            p = self.flip_step(seat) if i == 0 and seat != self.dealer else 1.0
            if p < 1.0:
                w = max(1, round(image.get_width() * abs(2 * p - 1)))
                image = pygame.transform.scale(image, (w, image.get_height()))
            surface.blit(image, image.get_rect(center=rect.center))
        if seat == self.human and cards and self.hidden_tag_shown():
            # The player's own face-down card: a small tag so it is not taken for an up-card.
            tag = kt.text(i18n.t("nh.hidden"), self.font_px(11), self.ink.panel, True)
            box = tag.get_rect(midbottom=(rects[0].centerx, rects[0].bottom - self.px(4))).inflate(
                8, 2
            )
            pygame.draw.rect(surface, self.ink.gold, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        if cards:
            self.draw_value(surface, seat, rects)
        if self.stakes[seat]:
            image = chip_image(self.stakes[seat], self.px(20), self.palette_name)
            at = self.stake_anchor[seat]
            surface.blit(image, image.get_rect(center=at))
            # The amount beside the chips, where it cannot run into the cards.
            self.caption(surface, i18n.format_number(self.stakes[seat]),
                         (at[0] + image.get_width() // 2 + self.px(4), at[1]), 14, self.ink.gold, True,
                         "midleft")  # fmt: skip

    def hidden_tag_shown(self) -> bool:
        """Whether the player's own face-down card wears its "hidden" tag: while the
        others cannot see it and it still matters (not as dealer; never once a
        challenge turned it over, nor once the deal is over)."""
        return self.human != self.dealer and self.human not in self.flip and not self.deal_over

    def draw_value(self, surface: pygame.Surface, seat: int, rects: list[pygame.Rect]) -> None:
        if seat == self.human:
            value = self.my_value()
            if value is None:
                return
            text = i18n.t("nh.your_hand", value=self.value_text(value))
            colour = (
                self.ink.bad
                if value.kind == "bust"
                else (self.ink.good if value.kind != "normal" else self.ink.gold)
            )
            at = self.caption(surface, text, (rects[-1].right + self.px(12), rects[-1].centery), 18, colour,
                              True, "midleft")  # fmt: skip
            self._text_mark(at, "nh-value")
            return
        if seat == self.dealer:
            codes = self.dealer_cards
            value = nh.hand_value(codes, dealer=True)
            text = i18n.t("nh.dealer_total", value=self.value_text(value))
        else:
            hole = self.hole[seat]
            if isinstance(hole, str):
                value = nh.hand_value([hole, *self.up[seat]])
                text = self.value_text(value)
            elif self.up[seat]:
                shown = nh.hand_value(self.up[seat]).points
                text = i18n.t("nh.showing", value=half_points(shown))
            else:
                return
        at = self.caption(surface, text, (rects[0].centerx if len(rects) == 1 else (rects[0].x + rects[-1].right) // 2,
                                          rects[-1].bottom + self.px(1)), 13, self.ink.text, True, "midtop")  # fmt: skip
        self._text_mark(at, "nh-value")

    def _text_mark(self, rect: pygame.Rect, term: str) -> None:
        """Note where a word the glossary explains was drawn (``glossary_marks``)."""
        marks: list[Mark] = self.__dict__.setdefault("_text_marks", [])
        marks[:] = [m for m in marks if m.rect != rect] + [Mark(rect, term)]

    def draw_dealer_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        r = self.px(13)
        centre = (plate.right - r + self.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, self.palette.paper, centre, r)
        pygame.draw.circle(surface, self.palette.plate_edge, centre, r, 2)
        # The dealer's puck: "D", the banca's "B", 親.
        self.caption(surface, i18n.t("nh.dealer_mark"), centre, 14, self.ink.panel, True)

    def draw_centre(self, surface: pygame.Surface) -> None:
        back = self.card(None, self.card_h)
        for i in range(3):
            surface.blit(
                back, back.get_rect(center=(self.deck_pos[0] - i * 2, self.deck_pos[1] - i * 2))
            )
        cx = self.table.centerx
        room = self.centre_box.width
        y = self.deck_pos[1] + back.get_height() // 2 + self.px(6)
        plaque = i18n.t("nh.limit_plaque", limit=self.limit)
        rect = self.caption(
            surface, plaque, (cx, y), 18, self.ink.gold, True, "midtop", max_width=room
        )
        self._text_mark(rect, "nh-limit")
        banner = None
        if self.banner.shown:
            banner = self.banner_rect(
                self.banner_image(self.banner.title, self.ink(self.banner.shade))
            )
        if banner is not None and banner.top < self.centre_lines_bottom():
            # The banner sits over the deal and turn lines: they wait until it has
            # gone, so the two never show through each other while it fades.
            self.draw_message(surface, self.banner_centre())
            return
        info = self.you("nh.deal_info", deal=self.deal_no, seat=self.seat_name(self.dealer))
        rect = self.caption(
            surface, info, (cx, rect.bottom), 14, self.ink.dim, False, "midtop", max_width=room
        )
        status = self.status_text()
        if status:
            rect = self.caption(surface, status, (cx, rect.bottom + self.px(6)), 18, self.ink.text, True, "midtop",
                                max_width=room)  # fmt: skip
        duty = self.duty_text()
        if duty:
            text, colour = duty
            duty_rect = self.caption(surface, text, (cx, rect.bottom + self.px(4)), 17, colour, True,
                                     "midtop", max_width=room)  # fmt: skip
            self._text_mark(duty_rect, "nh-duty")
        self.draw_message(surface, self.banner_centre())

    def duty_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The dealer's duty counter, shown while the player deals."""
        if self.human != self.dealer or self.seen.phase != nh.DEALER or self.queue.busy:
            return None
        view = self.seen.view
        left = view.duty - view.challenges
        if left > 0:
            return i18n.t("nh.duty", count=left), self.ink.bad
        if view.must_challenge:
            return i18n.t("nh.duty_after_draw"), self.ink.bad
        return i18n.t("nh.duty_met"), self.ink.good
