"""Where everything sits on the Brag table.

Top to bottom: a status line; one row per opponent (their plate, then their four
sets in the showdown columns); the player's row (plate and the four set slots, each
with a live rank label); the player's unplaced cards. The four columns line up so
that each showdown is read straight down a column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.kit import text as kt

if TYPE_CHECKING:
    from game.scenes.brag.scene import BragTable


class BragLayout:
    """The table's places role (``table.places``): its rects for a size and seat count."""

    def __init__(self, table: BragTable) -> None:
        self.t = table

    def layout(self) -> None:
        t = self.t.table
        opponents = self.t.num_seats - 1
        spares = max(0, 4 - self.t.num_seats)
        self.status_rect = pygame.Rect(t.x, t.y, t.width, self.t.px(34))
        header = self.t.px(18)  # the "Set 1".."Set 4" captions over the columns
        self.plate_w = max(self.t.px(150), min(self.t.px(190), t.width // 5))
        if self.t.campaign is not None:
            # The journey's characters on portrait plates: each face large beside the
            # plate (which then carries no small one), a row each.
            self.t.portrait_px, self.t.portrait_plate_h = self.t.px(100), self.t.px(58)
            self.plate_w = (
                self.t.portrait_px
                + self.t.px(4)
                + max(self.t.px(140), t.width // 6 + self.t.px(12))
            )
        # Heights: opponent rows get small cards, the player's slots and hand bigger
        # ones; with fewer than four players the spare hands have a row of their own
        # under the opponents (their piles and captions), so they never cover a set.
        room = t.height - self.status_rect.height - header - self.t.px(12)
        rows = opponents + (1.3 if spares else 0.0)
        unit = room / (rows * 0.72 + 2.55)
        self.opp_card_h = max(self.t.px(46), min(round(unit * 0.62), self.t.px(110)))
        hand_h = round(unit * 0.95)
        cols_w = t.width - self.plate_w - self.t.px(24)
        # Width per slot: a set is a card and two thirds of overlap (2 card widths).
        by_width = round(cols_w / 4 / 2.25 * 1.5)
        self.slot_card_h = max(self.t.px(60), min(hand_h, by_width, self.t.px(190)))
        by_hand_width = round((t.width - self.t.px(20)) / (1 + 12 * 0.6) * 1.5)
        self.hand_card_h = max(self.t.px(60), min(hand_h, by_hand_width, self.t.px(200)))
        self.col_w = cols_w // 4
        x0 = t.x + self.plate_w + self.t.px(24)
        self.col_x = [x0 + i * self.col_w + self.col_w // 2 for i in range(4)]
        y = self.status_rect.bottom + header
        self.opp_rows: dict[int, pygame.Rect] = {}
        row_h = max(self.opp_card_h + self.t.px(10), self.t.portrait_px + self.t.px(6))
        for seat in range(1, self.t.num_seats):
            self.opp_rows[seat] = pygame.Rect(t.x, y, t.width, row_h)
            y += row_h
        self.spare_row = pygame.Rect(t.x, y, t.width, 0)
        if spares:
            caption = kt.text("Ag", self.t.font_px(14), self.t.ink.gold, True).get_height()
            self.spare_row.height = self.opp_card_h + self.pile_lift() + caption + self.t.px(10)
            y = self.spare_row.bottom
        self.hand_rect = pygame.Rect(
            t.x,
            t.bottom - self.hand_card_h - self.t.px(16),
            t.width,
            self.hand_card_h + self.t.px(16),
        )
        label_h = self.t.px(24)
        slot_top = max(
            y + self.t.px(8), self.hand_rect.y - label_h - self.t.px(8) - self.slot_card_h
        )
        self.human_row = pygame.Rect(t.x, slot_top, t.width, self.slot_card_h + label_h)
        cw = round(self.slot_card_h * 2 / 3)
        self.slot_rects = [
            pygame.Rect(cx - cw, slot_top, 2 * cw + self.t.px(4), self.slot_card_h)
            for cx in self.col_x
        ]
        # The free felt between the opponents (and spares) and the player's sets.
        self.band = pygame.Rect(t.x, y, t.width, max(0, slot_top - self.t.px(4) - y))
        # The deck sits in the nameplates' column, between the last opponent's plate and
        # the player's, clear of every set.
        plate = self.plate_rect(self.t.human)
        above = self.plate_rect(opponents).bottom if opponents else self.status_rect.bottom
        self.deck_h = max(self.t.px(30), min(self.opp_card_h, plate.y - above - self.t.px(16)))
        self.deck_pos = (t.x + self.plate_w // 2, (above + plate.y) // 2)

    def pile_lift(self) -> int:
        """How far a full spare pile (13 cards, each a little up and right) rises."""
        return 12 * max(1, round(self.t.u))

    def banner_centre(self) -> tuple[int, int]:
        anim = self.t.anim
        x = self.col_x[0] - self.col_w // 2 + 2 * self.col_w
        one_line = kt.text("Ag", self.t.font_px(30), self.t.ink.gold, True).get_height()
        if self.band.height >= one_line + self.t.px(16):
            # In the free felt between the opponents' sets and the player's own.
            return (x, self.band.centery)
        if anim.laid or not anim.hand:
            # Over the player's hand row, which holds only the discards by now.
            return (x, self.hand_rect.centery)
        return (x, (self.status_rect.bottom + self.human_row.y) // 2)

    def banner_width(self) -> int:
        return 4 * self.col_w

    def message_centre(self) -> tuple[int, int]:
        """The refusal box: over the opponents' face-down sets, clear of the slots."""
        top = self.status_rect.bottom
        return (self.col_x[0] - self.col_w // 2 + 2 * self.col_w, (top + self.human_row.y) // 2)

    def message_area(self) -> pygame.Rect:
        """The warning box stays over the four set columns, clear of the plates."""
        left = self.col_x[0] - self.col_w // 2
        return pygame.Rect(left, self.t.table.y, 4 * self.col_w, self.t.table.height)

    def set_card_rects(self, centre_x: int, top: int, height: int, count: int) -> list[pygame.Rect]:
        """Three overlapping cards of one set, centred on ``centre_x``."""
        cw = round(height * 2 / 3)
        step = round(cw * 0.55)
        width = cw + step * (count - 1)
        x = centre_x - width // 2
        return [pygame.Rect(x + i * step, top, cw, height) for i in range(count)]

    def hand_card_rects(self) -> list[tuple[str, pygame.Rect]]:
        anim = self.t.anim
        h = self.hand_card_h
        cw = round(h * 2 / 3)
        n = len(anim.hand)
        if not n:
            return []
        step = min(round(cw * 0.62), (self.hand_rect.width - self.t.px(20) - cw) // max(1, n - 1))
        width = cw + step * (n - 1)
        x = self.hand_rect.centerx - width // 2
        y = self.hand_rect.bottom - h - self.t.px(2)
        out = []
        for i, code in enumerate(anim.hand):
            lift = self.t.px(14) if code in self.t.inputs.picked else 0
            out.append((code, pygame.Rect(x + i * step, y - lift, cw, h)))
        return out

    def slot_card_rects(self, slot: int) -> list[tuple[str, pygame.Rect]]:
        cards = self.t.anim.slots[slot]
        rects = self.set_card_rects(self.col_x[slot], self.slot_rects[slot].y, self.slot_card_h, 3)
        return list(zip(cards, rects, strict=False))

    def card_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The card under ``pos`` and where it lies: -1 the hand, 0..3 a slot."""
        for code, rect in reversed(self.hand_card_rects()):
            if rect.collidepoint(pos):
                return code, -1
        for slot in range(4):
            for code, rect in reversed(self.slot_card_rects(slot)):
                if rect.collidepoint(pos):
                    return code, slot
        return None

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        for slot, rect in enumerate(self.slot_rects):
            if rect.inflate(self.t.px(16), self.t.px(16)).collidepoint(pos):
                return slot
        return None

    def spare_pos(self, index: int) -> tuple[int, int]:
        """The centre of spare hand ``index``'s pile (the bottom card), in the spare row."""
        return (self.col_x[1 + index], self.spare_row.y + self.pile_lift() + self.opp_card_h // 2)

    def fan_card(self, seat: int, index: int) -> pygame.Rect:
        """Where card ``index`` of an opponent's fan of backs lies during the deal and
        while they arrange: all 13 inside the first set's column, never across the
        columns' edges."""
        row = self.opp_rows[seat]
        h = self.opp_card_h
        cw = round(h * 2 / 3)
        room = self.col_w - self.t.px(12)  # the column, less a little air at each edge
        step = max(1, min(cw // 3, (room - cw) // 12))
        width = cw + 12 * step
        top = row.y + (row.height - h) // 2
        return pygame.Rect(self.col_x[0] - width // 2 + index * step, top, cw, h)

    def plate_centre(self, seat: int) -> tuple[int, int]:
        return self.plate_rect(seat).center

    def plate_rect(self, seat: int) -> pygame.Rect:
        h = max(self.t.px(58), self.t.portrait_px)
        if seat == self.t.human:
            h = self.t.px(58)
            row = self.human_row
            # Under portrait plates, level with the slots' foot: room for the deck above.
            drop = self.slot_card_h - h if self.t.portrait_px else (self.slot_card_h - h) // 2
            return pygame.Rect(row.x, row.y + drop, self.plate_w, h)
        row = self.opp_rows[seat]
        return pygame.Rect(
            row.x, row.centery - min(h, row.height - 4) // 2, self.plate_w, min(h, row.height - 4)
        )

    def speech_keep_clear(self) -> list[pygame.Rect]:
        """A speech bubble stays off the status line (the game, deal and target at the
        top of the felt, and what is happening at its right), the sets' columns, the
        player's hand and the deck."""
        left = self.col_x[0] - self.col_w // 2
        columns = pygame.Rect(left, self.status_rect.bottom, self.t.table.right - left,
                              self.human_row.bottom - self.status_rect.bottom)  # fmt: skip
        deck = pygame.Rect(0, 0, self.plate_w, self.deck_h + self.t.px(12))
        deck.center = self.deck_pos
        return [self.status_rect, columns, self.hand_rect, deck]
