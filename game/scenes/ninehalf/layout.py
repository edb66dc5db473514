"""Where everything sits on the Nine and a Half table.

Seats sit round an oval: the player at the bottom, the others clockwise from the
player's left. Each seat is a "pod": its nameplate, a box its hand always stays
inside (a long hand fans tighter instead of growing), the hand's caption under the
cards, and a spot for its stake. The pods are placed once per window size so that
no two of them touch, nor the centre (deck, limit, prompts).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.scenes.kit import text as kt
from game.scenes.kit.words import live
from game.ui.palette import Colour

if TYPE_CHECKING:
    from game.scenes.ninehalf.scene import NineHalfTable


def gap_between(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles' edges (0 when they touch or overlap)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return math.hypot(dx, dy)


class NineHalfLayout:
    """The table's places (``table.places``): the seats' pods, the centre, the
    banner's room, for the felt's size and the seat count."""

    HAND_SPAN = 3  # a hand box holds four cards at the normal fan; more fan tighter

    def __init__(self, table: NineHalfTable) -> None:
        self.t = table
        self.plates: dict[int, pygame.Rect] = {}
        self.hand_boxes: dict[int, pygame.Rect] = {}
        self.hand_side: dict[int, str] = {}
        self.stake_boxes: dict[int, pygame.Rect] = {}
        self.card_anchor: dict[int, tuple[int, int]] = {}
        self.stake_anchor: dict[int, tuple[int, int]] = {}
        self.centre_box = pygame.Rect(0, 0, 1, 1)
        self.human_caption = pygame.Rect(0, 0, 1, 1)
        self.banner_room = pygame.Rect(0, 0, 1, 1)
        self.deck_pos = (0, 0)
        self.plate_w = self.plate_h = self.gap = 1
        self.card_h = self.human_card_h = 1

    def px(self, value: float) -> int:
        return self.t.px(value)

    def font_px(self, size: float) -> int:
        return self.t.font_px(size)

    def layout(self) -> None:
        t = self.t.table
        n = self.t.num_seats
        self.plate_w = max(self.px(120), min(self.px(170), round(t.width / 5.4)))
        self.plate_h = self.px(54)
        self.gap = self.px(6)
        centre = t.center
        rx = t.width / 2 - self.plate_w / 2 - self.px(6)
        ry = t.height / 2 - self.plate_h / 2 - self.px(6)
        self.plates = {}
        # Room for the dealer's puck over the top seats' plates.
        overhang = self.px(13) * 3 // 2
        room = pygame.Rect(t.x, t.y + overhang, t.width, t.height - overhang)
        for seat in range(n):
            if seat == 0:
                px_, py_ = float(centre[0]), t.bottom - self.plate_h / 2 - self.px(4)
            else:
                # The others share the oval's upper part, clockwise from the player's left.
                span_start, span = math.radians(140), math.radians(260)
                angle = span_start + span * (seat - 0.5) / (n - 1)
                px_ = centre[0] + rx * math.cos(angle)
                py_ = centre[1] + ry * math.sin(angle)
            plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
            plate.center = (round(px_), round(py_))
            plate.clamp_ip(room)
            self.plates[seat] = plate
        self.human_card_h = max(self.px(56), min(self.px(170), round(t.height * 0.2)))
        card_h = max(self.px(56), min(self.px(130), round(t.height * (0.15 if n <= 6 else 0.13))))
        # The largest cards at which every pod has a place of its own.
        best: tuple[float, int] | None = None
        while True:
            overlap = self.place_pods(card_h)
            if best is None or overlap < best[0]:
                best = (overlap, card_h)
            if overlap == 0 or card_h <= self.px(44):
                break
            card_h = max(self.px(44), round(card_h * 0.92))
        if best[1] != card_h:
            self.place_pods(best[1])
        self.deck_pos = (centre[0], self.centre_box.y + self.card_h // 2)
        self.banner_room = self.free_band()

    def plate_zone(self, seat: int) -> pygame.Rect:
        """The plate with the dealer's puck on its top-right corner (any seat deals)."""
        plate = self.plates[seat]
        r = self.px(13)
        puck = pygame.Rect(0, 0, 2 * r, 2 * r)
        puck.center = (plate.right - r + self.px(4), plate.y - r // 2)
        return plate.union(puck)

    def caption_h(self) -> int:
        return kt.text("8½", self.font_px(13), self.t.ink.text, True).get_height()

    def place_pods(self, card_h: int) -> float:
        """Place the hand boxes and stakes for cards ``card_h`` high; the area still
        overlapping something (0: every pod is clear)."""
        t = self.t.table
        ink = self.t.ink
        self.card_h = card_h
        cw = round(card_h * 2 / 3)
        box_w = cw + self.HAND_SPAN * round(cw * 0.42)
        box_h = card_h + self.caption_h()
        self.hand_boxes = {}
        self.hand_side = {}
        # The centre: the deck and the prompts under it.
        lines = self.font_px(18) * 2 + self.font_px(14) + self.font_px(17) + self.px(24)
        centre_w = min(t.width - 2 * self.plate_w - self.px(40), self.px(270))
        self.centre_box = pygame.Rect(0, 0, max(self.px(120), centre_w), card_h + lines)
        self.centre_box.center = (t.centerx, t.centery - self.px(10))
        # The player's hand sits over their plate; the value caption to its right.
        plate = self.plates[0]
        hcw = round(self.human_card_h * 2 / 3)
        human_w = hcw + self.HAND_SPAN * round(hcw * 0.62)
        human = pygame.Rect(0, 0, human_w, self.human_card_h)
        human.midbottom = (plate.centerx, self.plate_zone(0).y - self.gap)  # over the puck
        self.hand_boxes[0], self.hand_side[0] = human, "above"
        value = i18n.t("nh.your_hand", value=i18n.t("nh.kind.bust", points="12½"))
        value_w = kt.text(value, self.font_px(18), ink.gold, True).get_width()
        line_h = self.font_px(18) * 3 // 2
        self.human_caption = pygame.Rect(human.right + self.px(12), human.centery - line_h // 2,
                                         value_w, line_h)  # fmt: skip
        self.centre_box.bottom = min(self.centre_box.bottom, human.y - self.gap)
        taken = [self.plate_zone(s) for s in self.plates]
        taken += [self.centre_box, human, self.human_caption]
        overlap = 0.0
        order = sorted(range(1, self.t.num_seats), key=lambda s: -self.plates[s].centery)
        for seat in order:
            box, side, hit = self.best_place(seat, box_w, box_h, taken)
            self.hand_boxes[seat], self.hand_side[seat] = box, side
            taken.append(box)
            overlap += hit
        self.stake_boxes = {}
        stake_size = (self.px(20) + self.px(6) + kt.text("99", self.font_px(14), ink.gold, True).get_width(),
                      self.px(22))  # fmt: skip
        for seat in range(self.t.num_seats):
            box, hit = self.stake_place(seat, stake_size, taken)
            self.stake_boxes[seat] = box
            taken.append(box)
            overlap += hit * 0.25  # a stake may tuck in; a hand must not
        self.card_anchor = {s: b.center for s, b in self.hand_boxes.items()}
        self.stake_anchor = {s: (b.x + self.px(10), b.centery) for s, b in self.stake_boxes.items()}
        return overlap

    def overlap_with(self, box: pygame.Rect, taken: list[pygame.Rect]) -> float:
        """Area of ``box`` over things already placed or off the felt."""
        hit = float(sum(box.clip(other).width * box.clip(other).height for other in taken))
        inside = box.clip(self.t.table)
        hit += 4 * (box.width * box.height - inside.width * inside.height)
        return hit

    def speech_keep_clear(self) -> list[pygame.Rect]:
        """A speech bubble (or the campaign's goal) stays off every hand and the centre."""
        return [*self.hand_boxes.values(), self.centre_box, self.human_caption]

    def best_place(
        self, seat: int, w: int, h: int, taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, str, float]:
        """The hand box's place by the plate that overlaps nothing, nearest the centre."""
        plate, g = self.plates[seat], self.gap
        zone = self.plate_zone(seat)
        centre = pygame.Vector2(self.t.table.center)
        box = pygame.Rect(0, 0, w, h)
        inward = 1 if plate.centerx < centre.x else -1
        shift = (w - plate.width) // 2 * inward
        candidates = [
            ("below", box.move_to(midtop=(plate.centerx, plate.bottom + g))),
            ("below", box.move_to(midtop=(plate.centerx + shift, plate.bottom + g))),
            ("above", box.move_to(midbottom=(plate.centerx, zone.y - g))),
            ("above", box.move_to(midbottom=(plate.centerx + shift, zone.y - g))),
            ("right", box.move_to(midleft=(plate.right + g, plate.centery))),
            ("right", box.move_to(topleft=(plate.right + g, plate.y))),
            ("right", box.move_to(bottomleft=(plate.right + g, plate.bottom))),
            ("left", box.move_to(midright=(plate.x - g, plate.centery))),
            ("left", box.move_to(topright=(plate.x - g, plate.y))),
            ("left", box.move_to(bottomright=(plate.x - g, plate.bottom))),
        ]

        def rank(candidate: tuple[str, pygame.Rect]) -> tuple[float, bool, bool, float]:
            place = candidate[1]
            # A hand nearer another seat's plate than its own would be read as theirs.
            own = gap_between(place, plate)
            others = min((gap_between(place, p) for s, p in self.plates.items() if s != seat),
                         default=own + 1000)  # fmt: skip
            outward = (pygame.Vector2(place.center) - plate.center).dot(
                centre - pygame.Vector2(plate.center)) < 0  # fmt: skip
            return (self.overlap_with(place, taken), others < own + self.px(14), outward,
                    centre.distance_to(place.center))  # fmt: skip

        side, place = min(candidates, key=rank)
        return place, side, self.overlap_with(place, taken)

    def stake_place(
        self, seat: int, size: tuple[int, int], taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, float]:
        """A free spot for the seat's chips: beside its plate or its hand, inward first."""
        plate, hand, g = self.plates[seat], self.hand_boxes[seat], self.gap
        centre = pygame.Vector2(self.t.table.center)
        box = pygame.Rect((0, 0), size)
        candidates = [
            box.move_to(midleft=(plate.right + g, plate.centery)),
            box.move_to(midright=(plate.x - g, plate.centery)),
            box.move_to(topleft=(plate.centerx + g, plate.bottom + g)),
            box.move_to(topright=(plate.centerx - g, plate.bottom + g)),
            box.move_to(bottomleft=(plate.centerx + g, plate.y - g)),
            box.move_to(bottomright=(plate.centerx - g, plate.y - g)),
            box.move_to(midleft=(hand.right + g, hand.centery)),
            box.move_to(midright=(hand.x - g, hand.centery)),
            box.move_to(midtop=(hand.centerx, hand.bottom + g)),
            box.move_to(midbottom=(hand.centerx, hand.y - g)),
        ]
        ranked = sorted(
            candidates,
            key=lambda c: (self.overlap_with(c, taken),
                           pygame.Vector2(c.center).distance_to(plate.center) + 0.3 * centre.distance_to(c.center)),
        )  # fmt: skip
        return ranked[0], self.overlap_with(ranked[0], taken)

    def free_band(self) -> pygame.Rect:
        """The widest stretch of felt across the centre that no plate or hand box
        touches: the banner's room (it may cover the deck and the prompts)."""
        t = self.t.table
        band = pygame.Rect(t.x, self.centre_box.y, t.width, self.centre_box.height)
        left, right = t.x, t.right
        for seat in self.plates:
            for rect in (self.plate_zone(seat), self.hand_boxes[seat]):
                if seat == 0 and rect is self.hand_boxes[0]:
                    continue
                if rect.colliderect(band):
                    if rect.centerx < t.centerx:
                        left = max(left, rect.right)
                    else:
                        right = min(right, rect.x)
        return pygame.Rect(
            left + self.px(6), band.y, max(self.px(160), right - left - self.px(12)), band.height
        )

    def banner_centre(self) -> tuple[int, int]:
        """Under the deck and the limit plaque (a result never hides them): below the
        deal and turn lines where the player's hand leaves room, else over them (the
        table then leaves them out while the banner shows, fading too); where there
        is no room even for that, the middle of the band."""
        room = self.banner_room
        banner = self.t.banner
        if not banner.shown:
            return room.center
        image = self.banner_image(banner.title, self.t.ink(banner.shade))
        half = image.get_height() // 2
        hand_top = self.hand_boxes[self.t.human].top
        below = self.centre_lines_bottom() + self.px(6) + half
        if below + half <= hand_top - self.px(2):
            return (room.centerx, below)
        plaque = self.deck_pos[1] + self.card_h // 2 + self.px(6) + kt.line_height(self.font_px(18))
        y = plaque + self.px(4) + half
        if y + half > hand_top:
            return room.center
        return (room.centerx, y)

    def centre_lines_bottom(self) -> int:
        """Where the words under the deck end: the limit plaque, the deal line, the turn
        line and the dealer's duty (their room kept while they are empty, so the
        banner does not jump)."""
        y = self.deck_pos[1] + self.card_h // 2 + self.px(6)
        y += kt.line_height(self.font_px(18)) + kt.line_height(self.font_px(14))
        y += self.px(6) + kt.line_height(self.font_px(18))
        return y + self.px(4) + kt.line_height(self.font_px(17))

    def banner_width(self) -> int:
        return self.banner_room.width

    def banner_image(self, words: str, colour: Colour) -> pygame.Surface:
        """The kit's banner, in smaller type where a long result would otherwise be too
        tall for the felt between the limit plaque and the player's hand (and so be
        put over the deck and the limit)."""
        from game.scenes.kit.motion import banner_image

        words = live(words)  # in the language of the moment
        plaque = self.deck_pos[1] + self.card_h // 2 + self.px(6) + kt.line_height(self.font_px(18))
        room = self.hand_boxes[self.t.human].top - plaque - self.px(4)
        image = None
        for size in (30, 26, 22):
            image = banner_image(
                words, "", colour, self.font_px(size), self.banner_width(), self.t.ink,
                (self.px(20), self.px(8)),
            )  # fmt: skip
            if image.get_height() <= room:
                break
        assert image is not None
        return image

    def card_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The seat's cards inside its hand box: a longer hand fans tighter (each card
        still shows its index), the fan starting by the plate."""
        box = self.hand_boxes[seat]
        h = self.human_card_h if seat == 0 else self.card_h
        cw = round(h * 2 / 3)
        step = round(cw * (0.62 if seat == 0 else 0.42))
        if count > 1:
            step = min(step, (box.width - cw) // (count - 1))
        width = cw + step * max(0, count - 1)
        side = self.hand_side[seat]
        if side == "right":
            x = box.x
        elif side == "left":
            x = box.right - width
        else:
            x = box.centerx - width // 2
        y = box.bottom - h if seat == 0 else box.y
        return [pygame.Rect(x + i * step, y, cw, h) for i in range(count)]

    def seat_at(self, pos: tuple[int, int]) -> int:
        for seat, plate in self.plates.items():
            area = plate.union(self.hand_boxes[seat])
            if area.collidepoint(pos):
                return seat
        return -1
