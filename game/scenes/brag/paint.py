"""Painting the Brag table: the display model and ``seen`` (what the engine has told
the table), never the engine itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules import brag
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark

if TYPE_CHECKING:
    from game.scenes.brag.scene import BragTable


class BragPaint:
    """The table's painter role (``table.painter``): draws the display model."""

    def __init__(self, table: BragTable) -> None:
        self.t = table
        self.finale_rect: pygame.Rect | None = None  # where the finale was last drawn

    def result_rects(self) -> list[pygame.Rect]:
        """The finale stays up until the player moves on: notices keep off it."""
        return [self.finale_rect] if self.finale_rect is not None else []

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (the game's result, a warning); the status line,
        the columns, each seat's row, the deck and the spare hands are parts of their
        own (``layer_parts``)."""
        anim, director = self.t.anim, self.t.director
        speaking = director is not None and director.speaking()  # a lesson's coach
        return (self.t.app.size, anim.hold, anim.game_winner, tuple(anim.scores),
                self.t.message[0] if self.t.message else None, speaking)  # fmt: skip

    def turned(self, key: tuple[int, int]) -> tuple[bool, bool]:
        """How ``draw_table`` shows a set's turn: not begun, over (between, the overlay
        draws it)."""
        p = self.t.anim.flip[key]
        return (p <= 0.0, p >= 1.0)

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The status line, each column's frame, each seat's row, the deck and the spare
        hands, each painted again on its own when it changes."""
        anim, places, inputs = self.t.anim, self.t.places, self.t.inputs
        target = self.t.seen.options.target
        parts: list[tuple[Any, pygame.Rect]] = [
            ((anim.game_no, anim.deal_no, target, self.t.turn_text()),
             places.status_rect.inflate(0, self.t.px(4)))
        ]  # fmt: skip
        top, bottom = places.status_rect.bottom, places.human_row.bottom
        for pos, cx in enumerate(places.col_x):
            sign: tuple[Any, ...] = (pos == anim.active_column, anim.column_winner[pos],
                                     pos in anim.unplayed)  # fmt: skip
            column = pygame.Rect(
                cx - places.col_w // 2,
                top - self.t.px(4),
                places.col_w,
                bottom - top + self.t.px(8),
            )
            parts.append((sign, column))  # fmt: skip
        winners = tuple(anim.column_winner)
        hidden = anim.dealing_shown()
        for seat in range(1, self.t.num_seats):
            sign = (
                anim.chips[seat], self.t.seen.to_act == seat and not hidden, anim.dealt[seat],
                str(anim.opp_sets[seat]), winners, anim.fouled[seat],
                tuple(sorted((k, self.turned(k)) for k in anim.flip if k[0] == seat)),
            )  # fmt: skip
            row = places.opp_rows[seat].inflate(0, self.t.px(40))
            parts.append(
                (sign, row.union(places.plate_rect(seat).inflate(self.t.px(44), self.t.px(44))))
            )
        mine = (
            anim.chips[0], self.t.seen.to_act == self.t.human and not anim.laid and not hidden,
            tuple(anim.hand), tuple(tuple(slot) for slot in anim.slots), tuple(inputs.picked),
            inputs.card_focus, inputs.dragging, inputs.mouse if inputs.dragging else None, anim.laid, inputs.by_suit,
            winners, tuple(self.slot_label(slot) for slot in range(4)),
            tuple(sorted((k, self.turned(k)) for k in anim.flip if k[0] == self.t.human)),
        )  # fmt: skip
        area = places.human_row.union(places.hand_rect).inflate(0, self.t.px(40))
        parts.append(
            (
                mine,
                area.union(places.plate_rect(self.t.human).inflate(self.t.px(44), self.t.px(44))),
            )
        )
        deck = anim.dealt_so_far < 52 and (
            bool(self.t.sprites) or any(anim.dealt) or bool(anim.hand)
        )
        place = pygame.Rect(0, 0, places.deck_h + self.t.px(20), places.deck_h + self.t.px(20))
        place.center = places.deck_pos
        parts.append((deck, place))
        spares = (
            places.spare_row.inflate(0, self.t.px(20))
            if places.spare_row.height
            else pygame.Rect(0, 0, 0, 0)
        )
        parts.append((anim.spare_cards, spares))
        return parts

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # Sets turning over are drawn here, every frame, over the cached table.
        anim, places = self.t.anim, self.t.places
        for (seat, pos), p in anim.flip.items():
            cards = anim.opp_sets[seat][pos]
            if 0.0 < p < 1.0 and cards is not None and seat in places.opp_rows:
                row = places.opp_rows[seat]
                top = row.y + (row.height - places.opp_card_h) // 2
                self.draw_set(
                    surface, seat, pos, cards, places.col_x[pos], top, places.opp_card_h, True
                )
        mine = self.t.seen.to_act == self.t.human and not anim.hold and not anim.laid
        if mine and self.t.arranging and not anim.dealing_shown():
            plate = places.plate_rect(self.t.human)
            self.t.draw_turn_marker(surface, (plate.centerx, plate.y - self.t.px(2)))

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Brag table now (kit.legend): plates with their points, the
        set columns and their labels' colours, the slots and their labels' colours, the
        winning sets' glow, fouled hands, discards and the spare hands."""
        anim, places = self.t.anim, self.t.places
        marks: list[Mark] = []
        top = places.status_rect.bottom
        label_h = self.t.font_px(14)
        for pos, cx in enumerate(places.col_x):
            label = pygame.Rect(
                cx - places.col_w // 2 + self.t.px(6), top, places.col_w - self.t.px(12), label_h
            )
            winner = anim.column_winner[pos]
            if isinstance(winner, int):
                marks.append(
                    Mark(label, "brag-won-you" if winner == self.t.human else "brag-won-other")
                )
            else:
                marks.append(Mark(label, "brag-column"))
        for seat in range(self.t.num_seats):
            plate = places.plate_rect(seat)
            marks.append(Mark(plate, "nameplate"))
            corner = pygame.Rect(0, 0, plate.width // 3, plate.height // 2)
            corner.topright = plate.topright
            marks.append(Mark(corner, "brag-points"))
        for seat in range(1, self.t.num_seats):
            row = places.opp_rows[seat]
            h = places.opp_card_h
            card_top = row.y + (row.height - h) // 2
            if anim.fouled[seat]:
                marks.append(Mark(pygame.Rect(places.col_x[1], row.centery - self.t.px(12),
                                              places.col_w, self.t.px(24)), "brag-fouled"))  # fmt: skip
            for pos in range(4):
                if anim.column_winner[pos] == seat and anim.opp_sets[seat][pos] is not None:
                    rects = places.set_card_rects(places.col_x[pos], card_top, h, 3)
                    marks.append(Mark(rects[0].union(rects[-1]), "winner"))
        for slot, rect in enumerate(places.slot_rects):
            outline = rect.inflate(self.t.px(8), self.t.px(8))
            label = pygame.Rect(0, 0, places.col_w - self.t.px(12), self.t.font_px(16))
            label.midtop = (places.col_x[slot], outline.bottom + self.t.px(1))
            cards = anim.slots[slot]
            if len(cards) == 3:
                term = "brag-valid" if brag.rank_set(cards).valid else "brag-invalid"
                marks.append(Mark(label, term))
            else:
                marks.append(Mark(outline, "brag-slot"))
        held = [rect for _, rect in places.hand_card_rects()]
        if anim.laid and anim.hand and held:
            marks.append(Mark(held[0].unionall(held), "brag-discarded"))
        if anim.spare_cards:
            for index in range(4 - self.t.num_seats):
                x, y = places.spare_pos(index)
                back = pygame.Rect(0, 0, places.opp_card_h * 5 // 7, places.opp_card_h)
                back.center = (x, y)
                marks.append(Mark(back, "brag-spare"))
        return marks

    def draw_table(self, surface: pygame.Surface) -> None:
        anim, places = self.t.anim, self.t.places
        self.draw_status(surface)
        self.draw_columns(surface)
        for seat in range(1, self.t.num_seats):
            self.draw_opponent(surface, seat)
        self.draw_human(surface)
        if anim.spare_cards:
            self.draw_spares(surface)
        if anim.dealt_so_far < 52 and (self.t.sprites or any(anim.dealt) or anim.hand):
            back = self.t.card(None, places.deck_h)
            step = max(1, round(self.t.u * 2))
            for i in range(3):
                at = (places.deck_pos[0] - i * step, places.deck_pos[1] - i * step)
                surface.blit(back, back.get_rect(center=at))
        self.t.draw_finale(surface)
        self.t.notices.draw_message(surface, places.message_centre())

    def draw_finale(self, surface: pygame.Surface) -> None:
        """Who won the game, and the final scores, on the table until the player moves
        on: over the player's discards, clear of every set (in a lesson it gives way to
        the coach, whose words say the same)."""
        anim, places = self.t.anim, self.t.places
        self.finale_rect = None
        if anim.game_winner is None or anim.hold:
            return
        if self.t.director is not None and self.t.director.speaking():
            return
        ink = self.t.ink
        mine = anim.game_winner == self.t.human
        title = i18n.t("polish2.brag.finale", seat=self.t.seat_name(anim.game_winner))
        if mine:
            title = i18n.t("polish2.brag.finale_you")
        width = places.banner_width()
        big = kt.fit(
            title, width - self.t.px(40), self.t.font_px(30), ink.good if mine else ink.gold, True
        )
        scores = i18n.join_list(
            i18n.t("polish2.brag.final_score", seat=self.t.seat_name(s), points=p)
            for s, p in enumerate(anim.scores)
        )
        small = kt.fit(i18n.t("polish2.brag.final_scores", scores=scores), width - self.t.px(40),
                       self.t.font_px(16), ink.text, False)  # fmt: skip
        h = big.get_height() + small.get_height() + self.t.px(20)
        box = pygame.Rect(0, 0, max(big.get_width(), small.get_width()) + self.t.px(48), h)
        x = places.col_x[0] - places.col_w // 2 + 2 * places.col_w
        box.center = (
            (x, places.band.centery) if places.band.height >= h else (x, places.hand_rect.centery)
        )
        self.finale_rect = box
        pygame.draw.rect(surface, ink.panel, box, border_radius=self.t.px(12))
        edge = ink.good if mine else ink.gold
        pygame.draw.rect(surface, edge, box, 3, border_radius=self.t.px(12))
        surface.blit(big, big.get_rect(midtop=(box.centerx, box.y + self.t.px(8))))
        surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - self.t.px(8))))

    def draw_status(self, surface: pygame.Surface) -> None:
        anim = self.t.anim
        r = self.t.places.status_rect
        target = self.t.seen.options.target
        left = i18n.t("brag.status", game=anim.game_no, deal=max(1, anim.deal_no), target=target)
        self.t.caption(
            surface, left, (r.x + self.t.px(4), r.centery), 16, self.t.ink.gold, True, "midleft"
        )
        turn = self.t.turn_text()
        if turn:
            self.t.caption(surface, turn, (r.right - self.t.px(4), r.centery), 17, self.t.ink.text, True, "midright",
                         max_width=r.width // 2)  # fmt: skip

    def turn_text(self) -> str:
        director = self.t.director
        said = director.status_text() if director is not None else None
        if said is not None:
            return said  # a replay's step
        anim = self.t.anim
        if anim.hold:
            return i18n.t("brag.turn.review")
        if self.t.queue.busy:
            # The engine is ahead of the animation: say what the table is showing.
            if anim.active_column >= 0:
                return i18n.t("brag.turn.showdown", set=anim.active_column + 1)
            if anim.dealing_shown():
                return i18n.t("brag.turn.dealing")
            if all(anim.has_set):
                return i18n.t("brag.turn.reveal")
        actor = self.t.seen.to_act
        if actor in (BETWEEN, TERMINAL):
            return i18n.t("brag.turn.game_over")
        if actor == CHANCE or self.t.seen.phase is brag.Phase.DEALING:
            return i18n.t("brag.turn.dealing")
        if self.t.seen.phase is brag.Phase.SETTING and not anim.laid:
            return i18n.t("brag.turn.arrange")
        if actor == self.t.human:
            return i18n.t("cards.your_turn")
        return i18n.t("cards.waiting", seat=self.t.seat_name(actor))

    def draw_columns(self, surface: pygame.Surface) -> None:
        anim, places = self.t.anim, self.t.places
        top = places.status_rect.bottom
        bottom = places.human_row.bottom
        for pos, cx in enumerate(places.col_x):
            rect = pygame.Rect(
                cx - places.col_w // 2 + self.t.px(3),
                top,
                places.col_w - self.t.px(6),
                bottom - top,
            )
            if pos == anim.active_column and anim.column_winner[pos] == "":
                pygame.draw.rect(surface, self.t.ink.gold, rect, 2, border_radius=10)
            else:
                pygame.draw.rect(surface, self.t.ink.edge, rect, 1, border_radius=10)
            label = i18n.t("brag.set_n", number=pos + 1)
            winner = anim.column_winner[pos]
            colour = self.t.ink.dim
            if isinstance(winner, int):
                label = f"{label} · {self.t.seat_name(winner)}"
                colour = self.t.ink.good if winner == self.t.human else self.t.ink.gold
            elif winner is None:
                label = f"{label} · {i18n.t('brag.tie')}"
            elif pos in anim.unplayed:
                label = f"{label} · {i18n.t('polish2.brag.unplayed')}"
            self.t.caption(surface, label, (cx, top - self.t.px(1)), 12, colour, True, "midtop",
                         max_width=places.col_w - self.t.px(10))  # fmt: skip

    def draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        anim, places = self.t.anim, self.t.places
        row = places.opp_rows[seat]
        active = self.t.seen.to_act == seat and not anim.hold and not anim.dealing_shown()
        score = i18n.t(
            "brag.points_short", points=anim.scores[seat], target=self.t.seen.options.target
        )
        self.t.draw_plate(surface, places.plate_rect(seat), seat, anim.chips[seat], active, score)
        h = places.opp_card_h
        top = row.y + (row.height - h) // 2
        if anim.dealt[seat]:
            # During the deal: a growing fan of backs in front of the seat.
            back = self.t.card(None, h)
            for i in range(anim.dealt[seat]):
                surface.blit(back, places.fan_card(seat, i))
            return
        for pos in range(4):
            cards = anim.opp_sets[seat][pos]
            if cards is None:
                continue
            self.draw_set(surface, seat, pos, cards, places.col_x[pos], top, h)
        if anim.fouled[seat]:
            self.t.caption(surface, i18n.t("brag.fouled"), (places.col_x[1] + places.col_w // 2, row.centery),
                         18, self.t.ink.bad, True)  # fmt: skip

    def draw_set(
        self,
        surface: pygame.Surface,
        seat: int,
        pos: int,
        cards: tuple[str | None, ...] | list[str],
        cx: int,
        top: int,
        h: int,
        moving: bool = False,
    ) -> None:
        anim, places = self.t.anim, self.t.places
        rects = places.set_card_rects(cx, top, h, 3)
        p = anim.flip.get((seat, pos), 1.0 if all(c is not None for c in cards) else 0.0)
        if 0.0 < p < 1.0 and not moving:
            return  # turning over: draw_overlay shows it
        winner = anim.column_winner[pos] == seat
        if winner:
            glow = rects[0].union(rects[-1]).inflate(self.t.px(10), self.t.px(10))
            pygame.draw.rect(surface, self.t.ink.gold, glow, 3, border_radius=self.t.px(8))
        for code, rect in zip(cards, rects, strict=False):
            face_up = p >= 0.5 and code is not None
            image = self.t.card(code if face_up else None, h)
            squash = abs(2 * p - 1) if 0.0 < p < 1.0 else 1.0
            if squash < 0.999:
                image = pygame.transform.scale(
                    image, (max(1, round(image.get_width() * squash)), image.get_height())
                )
            surface.blit(image, image.get_rect(center=rect.center))
        if p >= 1.0 and all(c is not None for c in cards) and seat != self.t.human:
            kind = brag.rank_set([c for c in cards if c is not None]).kind
            colour = self.t.ink.gold if winner else self.t.ink.text
            image = kt.fit(
                i18n.t(f"brag.kind.{kind}"),
                places.col_w - self.t.px(16),
                self.t.font_px(12),
                colour,
                True,
            )
            pill = image.get_rect(midbottom=(cx, rects[0].bottom - self.t.px(3))).inflate(
                self.t.px(10), self.t.px(2)
            )
            pygame.draw.rect(surface, self.t.ink.panel, pill, border_radius=pill.height // 2)
            surface.blit(image, image.get_rect(center=pill.center))

    def draw_human(self, surface: pygame.Surface) -> None:
        anim, places, inputs = self.t.anim, self.t.places, self.t.inputs
        active = self.t.seen.to_act == self.t.human and not anim.hold and not anim.laid
        active = active and not anim.dealing_shown()
        score = i18n.t(
            "brag.points_short", points=anim.scores[0], target=self.t.seen.options.target
        )
        plate = places.plate_rect(self.t.human)
        self.t.draw_plate(surface, plate, self.t.human, anim.chips[0], active, score)
        for slot, rect in enumerate(places.slot_rects):
            hover = inputs.dragging is not None and rect.inflate(
                self.t.px(16), self.t.px(16)
            ).collidepoint(inputs.mouse)
            target = bool(inputs.picked) and len(anim.slots[slot]) < 3
            edge = self.t.ink.gold if hover or target else self.t.ink.edge
            outline = rect.inflate(self.t.px(8), self.t.px(8))
            pygame.draw.rect(surface, self.t.palette.felt_dark, outline, border_radius=self.t.px(8))
            pygame.draw.rect(surface, edge, outline, 2, border_radius=self.t.px(8))
            if not anim.slots[slot]:
                self.t.caption(
                    surface, str(slot + 1), rect.center, 28, self.t.palette.felt_pattern, True
                )
            cards = [c for c in anim.slots[slot] if c != inputs.dragging]
            if len(cards) == 3 and anim.laid:
                self.draw_set(
                    surface,
                    self.t.human,
                    slot,
                    cards,
                    places.col_x[slot],
                    rect.y,
                    places.slot_card_h,
                )
            else:
                for code, card_rect in zip(
                    cards,
                    places.set_card_rects(places.col_x[slot], rect.y, places.slot_card_h, 3),
                    strict=False,
                ):
                    surface.blit(self.t.card(code, places.slot_card_h), card_rect)
            text, colour = self.slot_label(slot)
            self.t.caption(surface, text, (places.col_x[slot], outline.bottom + self.t.px(1)), 14, colour, True,
                         "midtop", max_width=places.col_w - self.t.px(8))  # fmt: skip
        discard = anim.laid and anim.hand
        if discard and anim.game_winner is not None and not anim.hold:
            return  # the game is over: the finale stands where the discards lay
        for code, rect in places.hand_card_rects():
            if code == inputs.dragging:
                continue
            image = self.t.card(code, places.hand_card_h)
            if code in inputs.picked:
                pygame.draw.rect(
                    surface,
                    self.t.palette.turn_glow,
                    rect.inflate(self.t.px(6), self.t.px(6)),
                    3,
                    border_radius=self.t.px(8),
                )
            surface.blit(image, rect)
            if discard:
                veil = self.veil(rect.size)
                surface.blit(veil, rect)
        rects = places.hand_card_rects()
        focus = next((rect for code, rect in rects if code == inputs.card_focus), None)
        if focus is not None and not discard and inputs.card_focus != inputs.dragging:
            self.draw_card_focus(surface, focus)  # over its neighbours: the whole card
        if discard and rects:
            first = rects[0][1]
            self.t.caption(surface, i18n.t("brag.discarded"), (first.x - self.t.px(10), first.centery), 15, self.t.ink.dim, True,
                         "midright")  # fmt: skip
        if inputs.dragging is not None:
            image = self.t.card(inputs.dragging, places.slot_card_h)
            surface.blit(image, image.get_rect(center=inputs.mouse))

    _veils: dict[tuple[int, int], pygame.Surface] = {}

    def veil(self, size: tuple[int, int]) -> pygame.Surface:
        veil = self._veils.get(size)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 130))
            self._veils[size] = veil
        return veil

    def draw_spares(self, surface: pygame.Surface) -> None:
        places = self.t.places
        spares = 4 - self.t.num_seats
        per = self.t.anim.spare_cards // max(1, spares)
        back = self.t.card(None, places.opp_card_h)
        step = max(1, round(self.t.u))
        for index in range(spares):
            x, y = places.spare_pos(index)
            for i in range(min(per, 13)):
                surface.blit(back, back.get_rect(center=(x + i * step, y - i * step)))
            self.t.caption(surface, i18n.t("brag.spare", number=index + 1),
                         (x, y + places.opp_card_h // 2 + self.t.px(4)), 14, self.t.ink.gold, True, "midtop",
                         max_width=places.col_w - self.t.px(8))  # fmt: skip

    def draw_card_focus(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Where the keyboard is in the hand: a frame round the whole card, over its
        neighbours, and a mark pointing down at it (a picked card glows and rises; the
        two can be the same card)."""
        ink = self.t.ink.info  # not the pick's glow, and seen against a card's white
        pygame.draw.rect(surface, ink, rect.inflate(self.t.px(4), self.t.px(4)), max(3, self.t.px(3)),
                         border_radius=self.t.px(8))  # fmt: skip
        tip = (rect.centerx, rect.top - self.t.px(4))
        half = self.t.px(7)
        points = [tip, (tip[0] - half, tip[1] - half), (tip[0] + half, tip[1] - half)]
        pygame.draw.polygon(surface, ink, points)

    def slot_label(self, slot: int) -> tuple[str, tuple[int, int, int]]:
        cards = self.t.anim.slots[slot]
        if not cards:
            return i18n.t("brag.slot_empty"), self.t.ink.dim
        if len(cards) < 3:
            return i18n.t("brag.slot_count", count=len(cards)), self.t.ink.dim
        rank = brag.rank_set(cards)
        text = i18n.t(f"brag.kind.{rank.kind}")
        return text, (self.t.ink.good if rank.valid else self.t.ink.bad)
