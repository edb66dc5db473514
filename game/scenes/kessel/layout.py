"""Where everything sits on the Kessel table.

The player sits at the bottom, the others round the upper part of an oval. Each
opponent has a "pod" by their plate, on the side toward the centre: their Sand and
Blood cards, their pot (chips at risk) and their shift tokens. The centre holds the
four piles (Sand deck, Sand discards, Blood discards, Blood deck), the round's facts,
the rule changes in force and the dice. Cards shrink until no pod touches another,
a plate or the centre.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.scenes.kessel.scene import KesselTable


def gap_between(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles' edges (0 when they touch or overlap)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return math.hypot(dx, dy)


def overlap_area(box: pygame.Rect, others: list[pygame.Rect]) -> int:
    return sum(box.clip(o).width * box.clip(o).height for o in others)


class KesselLayout:
    """The table's places for its size and seat count (``layout`` after a resize)."""

    def __init__(self, table: KesselTable) -> None:
        self.t = table
        self.px = table.px
        self.font_px = table.font_px
        self.plates: dict[int, pygame.Rect] = {}
        self.pods: dict[int, pygame.Rect] = {}
        self.piles: dict[str, pygame.Rect] = {}
        self.token_rects_mine: list[pygame.Rect] = []

    def layout(self) -> None:
        t = self.t.table
        n = self.t.num_seats
        self.plate_w = max(self.px(124), min(self.px(168), round(t.width / 5.6)))
        self.plate_h = self.px(54)
        self.gap = self.px(6)
        centre = t.center
        rx = t.width / 2 - self.plate_w / 2 - self.px(4)
        ry = t.height / 2 - self.plate_h / 2 - self.px(4)
        self.plates = {}
        for seat in range(n):
            if seat == self.t.human:
                x, y = float(centre[0]), t.bottom - self.plate_h / 2 - self.px(4)
            else:
                start, span = math.radians(150), math.radians(240)
                angle = start + span * (seat - 0.5) / (n - 1)
                x, y = centre[0] + rx * math.cos(angle), centre[1] + ry * math.sin(angle)
            plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
            plate.center = (round(x), round(y))
            plate.clamp_ip(t)
            self.plates[seat] = plate
        # The player's cards over their plate, the drawn card beside them, the tokens right.
        self.human_card_h = max(self.px(70), min(self.px(160), round(t.height * 0.2)))
        hcw = round(self.human_card_h * 2 / 3)
        plate = self.plates[self.t.human]
        hand = pygame.Rect(0, 0, 2 * hcw + self.px(10), self.human_card_h)
        hand.midbottom = (plate.centerx, plate.y - self.px(8))
        self.human_hand = hand
        self.drawn_rect = pygame.Rect(
            hand.right + self.px(16), hand.y - self.px(8), hcw, self.human_card_h
        )
        self.token_d = max(self.px(30), min(self.px(46), round(self.human_card_h * 0.34)))
        self.human_pot = pygame.Rect(0, 0, self.px(64), self.px(40))
        self.human_pot.midright = (hand.x - self.px(12), hand.centery)
        self.token_rects_mine = []
        tx = max(self.drawn_rect.right, plate.right) + self.px(14)
        room = t.right - tx - self.px(16)
        self.token_d = min(self.token_d, room // 3 - self.px(4))
        # Room for the names under them when the felt allows.
        step = min(max(self.token_d + self.px(8), self.px(80)), (room - self.token_d) // 2)
        self.token_step = step  # a token's name may be as wide as the step to the next
        for i in range(3):
            r = pygame.Rect(0, 0, self.token_d, self.token_d)
            r.midleft = (tx + self.px(12) + i * step, plate.centery - self.px(4))
            self.token_rects_mine.append(r)
        card_h = max(self.px(50), min(self.px(110), round(t.height * 0.15)))
        best: tuple[int, int] | None = None
        while True:
            hits = self.place(card_h)
            if best is None or hits < best[0]:
                best = (hits, card_h)
            if hits == 0 or card_h <= self.px(44):
                break
            card_h = max(self.px(44), round(card_h * 0.92))
        if best[1] != card_h:
            self.place(best[1])

    def place(self, card_h: int) -> int:
        """Place the centre and every pod for opponents' cards ``card_h`` high; the area
        that still overlaps something (0: all clear)."""
        t = self.t.table
        self.card_h = card_h
        cw = round(card_h * 2 / 3)
        # The centre: four piles, then three lines (facts, rules, dice).
        self.pile_h = max(self.px(56), min(self.px(120), round(card_h * 1.05)))
        pcw = round(self.pile_h * 2 / 3)
        g = self.px(12)
        width = 4 * pcw + 2 * g + self.px(36)
        self.dice_size = max(self.px(30), round(self.pile_h * 0.42))
        height = self.pile_h + self.px(26) + self.font_px(15) * 2 + self.dice_size + self.px(14)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (t.centerx, self.human_hand.y - self.px(12) - self.font_px(16) * 3 // 2)
        box.y = max(box.y, t.y + self.px(4))
        if box.bottom > self.human_hand.y - self.px(4):
            box.centery = t.centery
        self.centre_box = box
        y = box.y
        self.piles = {}
        x = box.x
        for key in ("sand", "sand-discard", "blood-discard", "blood"):
            self.piles[key] = pygame.Rect(x, y, pcw, self.pile_h)
            x += pcw + (g + self.px(36) if key == "sand-discard" else g)
        self.facts_y = y + self.pile_h + self.px(22)
        self.dice_y = self.facts_y + self.font_px(15) * 2 + self.px(6)
        # A margin round the centre: a pod's pot and tokens are not read as the piles'.
        taken = [self.plate_area(s) for s in self.plates] + [box.inflate(self.px(28), self.px(28))]
        taken += [self.human_hand, self.drawn_rect]
        taken += self.token_rects_mine + [self.human_pot]
        hits = 0
        self.pods = {}
        self.pod_side: dict[int, str] = {}
        pod_w = 2 * cw + self.px(6)
        pod_h = card_h + self.font_px(13) + self.px(4) + self.px(24)
        for seat in sorted(self.plates, key=lambda s: self.plates[s].centery):
            if seat == self.t.human:
                continue
            pod, side = self.best_pod(seat, pod_w, pod_h, taken)
            self.pods[seat], self.pod_side[seat] = pod, side
            hits += overlap_area(pod, taken) + 4 * (pod.w * pod.h - pod.clip(t).w * pod.clip(t).h)
            hits += 40 * self.ambiguous(
                seat, pod
            )  # smaller cards rather than a pod read as a neighbour's
            taken.append(pod)
        return hits

    def best_pod(
        self, seat: int, w: int, h: int, taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, str]:
        plate, g = self.plate_area(seat), self.gap
        box = pygame.Rect(0, 0, w, h)
        centre = pygame.Vector2(self.t.table.center)
        candidates = [
            ("below", box.move_to(midtop=(plate.centerx, plate.bottom + g))),
            ("right", box.move_to(midleft=(plate.right + g, plate.centery))),
            ("left", box.move_to(midright=(plate.x - g, plate.centery))),
            ("above", box.move_to(midbottom=(plate.centerx, plate.y - g))),
            ("right", box.move_to(topleft=(plate.right + g, plate.y))),
            ("left", box.move_to(topright=(plate.x - g, plate.y))),
        ]
        t = self.t.table

        def rank(c: tuple[str, pygame.Rect]) -> tuple[int, bool, float]:
            r = c[1]
            off = r.w * r.h - r.clip(t).w * r.clip(t).h
            return (
                overlap_area(r, taken) + 4 * off,
                self.ambiguous(seat, r),
                centre.distance_to(r.center),
            )

        side, pod = min(candidates, key=rank)
        return pod, side

    def news_tag(self, seat: int) -> pygame.Rect:
        """Where an opponent's news ("Drew", "difference 2") hangs: a tag over the
        plate's lower edge, wider than the plate's own room beside the stock."""
        plate = self.plates[seat]
        tag = pygame.Rect(0, 0, plate.width + self.px(16), self.font_px(12) + self.px(6))
        tag.midtop = (plate.centerx, plate.bottom - self.px(3))
        return tag

    def plate_area(self, seat: int) -> pygame.Rect:
        """The plate with its news tag (nothing else is placed there)."""
        plate = self.plates[seat]
        return plate if seat == self.t.human else plate.union(self.news_tag(seat))

    def ambiguous(self, seat: int, pod: pygame.Rect) -> bool:
        """Whether ``pod`` sits as near another seat's plate as its own (it would be
        read as that seat's cards)."""
        own = gap_between(pod, self.plates[seat])
        others = [gap_between(pod, p) for s, p in self.plates.items() if s != seat]
        return bool(others) and min(others) < own + self.px(14)

    def card_rects(self, seat: int) -> list[pygame.Rect]:
        """The seat's Sand and Blood card places."""
        if seat == self.t.human:
            h = self.human_card_h
            cw = round(h * 2 / 3)
            hand = self.human_hand
            return [pygame.Rect(hand.x, hand.y, cw, h), pygame.Rect(hand.right - cw, hand.y, cw, h)]
        pod = self.pods[seat]
        cw = round(self.card_h * 2 / 3)
        return [
            pygame.Rect(pod.x, pod.y, cw, self.card_h),
            pygame.Rect(pod.x + cw + self.px(6), pod.y, cw, self.card_h),
        ]

    def pot_anchor(self, seat: int) -> tuple[int, int]:
        if seat == self.t.human:
            return self.human_pot.center
        pod = self.pods[seat]
        return (pod.x + self.px(14), pod.bottom - self.px(10))

    def token_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat's shift tokens sit (the player's own: their three slots)."""
        if seat == self.t.human:
            return self.token_rects_mine[0].center
        pod = self.pods[seat]
        return (pod.right - self.px(10), pod.bottom - self.px(10))

    def drawn_place(self, seat: int) -> pygame.Rect:
        """Where a seat's drawn card waits for keep or put back."""
        if seat == self.t.human:
            return self.drawn_rect
        rects = self.card_rects(seat)
        return rects[1].move(rects[1].width // 2, -self.px(12))

    def dice_place(self) -> pygame.Rect:
        """Everything the status line and the dice may paint, with what they are for."""
        box = self.centre_box
        size = self.dice_size
        wide = box.width + self.px(128)
        status = pygame.Rect(box.centerx - wide // 2, self.dice_y, wide, self.font_px(15) * 2)
        dice = pygame.Rect(0, 0, 2 * size + self.px(16) + 2 * size, 2 * size)
        dice.center = (box.centerx, self.dice_y + size // 2 + self.px(2))
        words = pygame.Rect(box.centerx + size + self.px(20), dice.y, self.px(230), dice.height)
        return status.unionall([dice, words])

    def seat_at(self, pos: tuple[int, int]) -> int:
        for seat, plate in self.plates.items():
            area = plate if seat == self.t.human else plate.union(self.pods[seat])
            if area.collidepoint(pos):
                return seat
        return -1

    def pile_at(self, pos: tuple[int, int]) -> str:
        for key, rect in self.piles.items():
            if rect.collidepoint(pos):
                return key
        return ""

    def picker_rects(self) -> list[pygame.Rect]:
        """The token picker's 16 cells, four by four over the centre of the felt."""
        t = self.t.table
        cols, rows = 4, 4
        w = min(self.px(190), (t.width - self.px(40)) // cols)
        h = min(self.px(86), (self.human_hand.y - t.y - self.px(70)) // rows)
        x0 = t.centerx - (cols * w) // 2
        y0 = t.y + self.px(44)
        return [pygame.Rect(x0 + (i % cols) * w, y0 + (i // cols) * h, w - self.px(6), h - self.px(6))
                for i in range(16)]  # fmt: skip

    def picker_area(self) -> pygame.Rect:
        """The token picker's panel (its cells and title)."""
        rects = self.picker_rects()
        area = rects[0].union(rects[-1]).inflate(self.px(24), self.px(60))
        area.y -= self.px(18)
        return area

    def banner_centre(self) -> tuple[int, int]:
        # Under the piles (they stay readable), over the round's facts and status.
        return (self.centre_box.centerx, self.dice_y + self.dice_size // 2)

    def banner_width(self) -> int:
        return max(self.centre_box.width + self.px(60), self.px(320))

    def speech_keep_clear(self) -> list[pygame.Rect]:
        """What a speech bubble must not cover: the centre, your cards, each pod, and
        the token picker while it is up."""
        picker = [self.picker_area()] if self.t.inputs.picking() else []
        return [self.centre_box, self.human_hand, *self.pods.values(), *picker]
