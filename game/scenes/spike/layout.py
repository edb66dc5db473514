"""Where everything sits on the Spike / Coruscant table (``table.places``).

The player sits at the bottom, their cards over their plate and the hand's name to
the right; the others round the upper part of an oval, clockwise from the player's
left, each with a row of small cards under the plate (a longer hand fans tighter).
The centre holds the draw pile, the discard pile, the dice and the pots.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.scenes.spike.scene import SpikeTable

MAX_CARDS = 5


#: How much of each of the player's cards shows beside the next: a five-card hand
#: leaves room beside it on the felt above the action bar (a lesson's callout).
HUMAN_FAN = 0.66


class SpikeLayout:
    """The rects of the table for its size and seat count (``layout`` after a resize)."""

    def __init__(self, table: SpikeTable) -> None:
        self.t = table
        self.plate_w = self.plate_h = self.gap = 1
        self.human_card_h = self.card_h = self.pile_h = self.die_size = self.pot_h = 1
        self.lift = 0
        self.plates: dict[int, pygame.Rect] = {}
        self.hand_boxes: dict[int, pygame.Rect] = {}
        self.deck_rect = self.discard_rect = pygame.Rect(0, 0, 1, 1)
        self.dice_rects = [pygame.Rect(0, 0, 1, 1), pygame.Rect(0, 0, 1, 1)]
        self.pot_at = self.status_at = (0, 0)
        self.banner_room = pygame.Rect(0, 0, 1, 1)

    def layout(self) -> None:
        t, px = self.t.table, self.t.px
        n = self.t.num_seats
        self.plate_w = max(px(124), min(px(188), round(t.width / (5.0 if n <= 5 else 5.6))))
        self.plate_h = px(54)
        self.gap = px(6)
        self.human_card_h = max(px(64), min(px(160), round(t.height * 0.2)))
        self.card_h = max(px(40), min(px(96), round(t.height * (0.12 if n <= 5 else 0.1))))
        self.lift = round(self.human_card_h * 0.16)  # a picked card rises this much
        self.plates = {}
        plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
        plate.midbottom = (t.centerx, t.bottom - px(4))
        self.plates[0] = plate
        cx, cy = t.center
        # A crowded table (eight seats on a small felt) takes smaller cards until no
        # opponent's cards lie on a neighbour's plate.
        while self.place_opponents() and self.card_h > px(30):
            self.card_h = max(px(30), round(self.card_h * 0.9))
        hcw = round(self.human_card_h * 2 / 3)
        human = pygame.Rect(0, 0, hcw + (MAX_CARDS - 1) * round(hcw * HUMAN_FAN), self.human_card_h)
        human.midbottom = (plate.centerx, plate.y - self.gap - px(14))
        self.hand_boxes[0] = human
        # The centre, top to bottom: the pots, the piles and the dice, then the phase
        # and whose turn it is, between the seats above and the player's cards.
        font_px = self.t.font_px
        self.pot_h = px(62)
        lines_h = font_px(12) + font_px(14) + font_px(17) * 3 // 2 + px(14)
        column = pygame.Rect(0, 0, px(440), 1)
        column.centerx = cx
        above = [
            self.hand_boxes[s].bottom + self.caption_px() + px(8)
            for s in range(1, n)
            if self.hand_boxes[s].colliderect(column.inflate(0, 4000))
        ]
        free_top = max([t.y + px(8), *above])
        free_bottom = human.y - self.lift - px(4)
        room = free_bottom - free_top - self.pot_h - px(8) - lines_h
        ch = max(px(40), min(px(110), round(t.height * 0.15), room))
        self.pile_h = ch
        block = self.pot_h + px(8) + ch + lines_h
        block_top = free_top + max(0, (free_bottom - free_top - block) // 2)
        self.pot_at = (cx, block_top + self.pot_h)
        centre_y = block_top + self.pot_h + px(8) + ch // 2
        pw = round(ch * 2 / 3)
        self.deck_rect = pygame.Rect(0, 0, pw, ch)
        self.deck_rect.center = (cx - pw // 2 - px(14), centre_y)
        self.discard_rect = self.deck_rect.move(pw + px(28), 0)
        die = max(px(26), round(ch * 0.42))
        self.die_size = die
        x = self.discard_rect.right + px(24)
        self.dice_rects = [
            pygame.Rect(x, centre_y - die - px(3), die, die),
            pygame.Rect(x, centre_y + px(3), die, die),
        ]
        if self.t.coruscant:
            # The gold and silver dice side by side, left of the piles.
            x = self.deck_rect.x - px(24) - 2 * die - px(8)
            self.dice_rects = [
                pygame.Rect(x, centre_y - die // 2, die, die),
                pygame.Rect(x + die + px(8), centre_y - die // 2, die, die),
            ]
        self.status_at = (cx, self.deck_rect.bottom + px(2))
        # The banner sits over the pots: the piles and the dice stay in sight.
        self.banner_room = pygame.Rect(
            t.x + px(10), self.pot_at[1] - self.pot_h, t.width - px(20), self.pot_h
        )

    def place_opponents(self) -> bool:
        """Place the opponents' plates and card boxes round the felt; whether a box
        lies on another seat's plate."""
        t, n, px = self.t.table, self.t.num_seats, self.t.px
        cx, cy = t.center
        rx = t.width / 2 - self.plate_w / 2 - px(6)
        pod_h = self.plate_h + self.gap + self.card_h + self.caption_px() + px(4)
        ry = t.height / 2 - px(10)
        top = t.y + px(16)  # room for the dealer's puck
        for seat in range(1, n):
            angle = math.radians(160 + 220 * (seat - 0.5) / (n - 1))
            x = cx + rx * math.cos(angle)
            y = cy + ry * math.sin(angle)
            rect = pygame.Rect(0, 0, self.plate_w, self.plate_h)
            rect.center = (round(x), round(y))
            rect.top = max(top, rect.top)
            rect.bottom = min(rect.bottom, t.bottom - pod_h + self.plate_h - self.human_card_h)
            rect.clamp_ip(t)
            self.plates[seat] = rect
        self.hand_boxes = {}
        for seat in range(1, n):
            p = self.plates[seat]
            cw = round(self.card_h * 2 / 3)
            box = pygame.Rect(0, 0, cw + (MAX_CARDS - 1) * round(cw * 0.45), self.card_h)
            box.midtop = (p.centerx, p.bottom + self.gap)
            box.clamp_ip(t)
            self.hand_boxes[seat] = box
        return any(
            box.colliderect(self.plates[other])
            for seat, box in self.hand_boxes.items()
            for other in range(1, n)
            if other != seat
        )

    def caption_px(self) -> int:
        return self.t.font_px(13) + self.t.px(4)

    def banner_centre(self) -> tuple[int, int]:
        return self.banner_room.center

    def banner_width(self) -> int:
        return min(self.banner_room.width, self.t.px(620))

    def card_height(self, seat: int) -> int:
        """The height of the seat's cards (the player's are larger)."""
        return self.human_card_h if seat == self.t.human else self.card_h

    def card_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The seat's cards inside its hand box: a longer hand fans tighter."""
        box = self.hand_boxes[seat]
        h = self.human_card_h if seat == 0 else self.card_h
        cw = round(h * 2 / 3)
        step = round(cw * (HUMAN_FAN if seat == 0 else 0.45))
        if count > 1:
            step = min(step, (box.width - cw) // (count - 1))
        width = cw + step * max(0, count - 1)
        x = box.centerx - width // 2
        return [pygame.Rect(x + i * step, box.y, cw, h) for i in range(count)]

    def hand_centre(self, seat: int) -> tuple[int, int]:
        return self.hand_boxes[seat].center

    def pot_pos(self, pot: str) -> tuple[int, int]:
        x, y = self.pot_at
        if self.t.coruscant:
            return (x, y - self.t.px(12))
        dx = self.t.px(70)
        return (x - dx if pot == "hand" else x + dx, y - self.t.px(12))

    def pot_rect(self, pot: str) -> pygame.Rect:
        """The pot's box over the pots' line."""
        rect = pygame.Rect(0, 0, self.t.px(128), self.pot_h)
        rect.midbottom = (self.pot_pos(pot)[0], self.pot_at[1])
        return rect

    def gain_spot(self, seat: int) -> tuple[int, int]:
        """Where a gained card waits: just right of the seat's row, set apart."""
        count = len(self.t.anim.model.seat_cards(seat))
        slot = self.card_rects(seat, count + 1)[-1] if count else self.hand_boxes[seat]
        h = self.card_height(seat)
        right = (self.card_rects(seat, count)[-1].right if count else slot.x) + h // 3 + self.gap
        if seat == self.t.human:
            return (right + self.gap, slot.centery - self.lift)
        return (right, slot.centery + h // 4)
