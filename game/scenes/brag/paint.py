"""Painting the Brag table: the display model and ``seen`` (what the engine has told
the table), never the engine itself."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.rules import brag
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.scenes.brag.animate import BragAnimate
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.words import tw


class BragPaint(BragAnimate):
    finale_rect: pygame.Rect | None = None  # where the finale was last drawn

    def result_rects(self) -> list[pygame.Rect]:
        """The finale stays up until the player moves on: notices keep off it."""
        return [self.finale_rect] if self.finale_rect is not None else []

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (the game's result, a warning); the status line,
        the columns, each seat's row, the deck and the spare hands are parts of their
        own (``layer_parts``)."""
        speaking = self.director is not None and self.director.speaking()  # a lesson's coach
        return (self.app.size, self.hold, self.game_winner, tuple(self.scores),
                self.message[0] if self.message else None, speaking)  # fmt: skip

    def turned(self, key: tuple[int, int]) -> tuple[bool, bool]:
        """How ``draw_table`` shows a set's turn: not begun, over (between, the overlay
        draws it)."""
        p = self.flip[key]
        return (p <= 0.0, p >= 1.0)

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The status line, each column's frame, each seat's row, the deck and the spare
        hands, each painted again on its own when it changes."""
        target = self.seen.options.target
        parts: list[tuple[Any, pygame.Rect]] = [
            ((self.game_no, self.deal_no, target, self.turn_text()),
             self.status_rect.inflate(0, self.px(4)))
        ]  # fmt: skip
        top, bottom = self.status_rect.bottom, self.human_row.bottom
        for pos, cx in enumerate(self.col_x):
            sign: tuple[Any, ...] = (pos == self.active_column, self.column_winner[pos],
                                     pos in self.unplayed)  # fmt: skip
            column = pygame.Rect(
                cx - self.col_w // 2, top - self.px(4), self.col_w, bottom - top + self.px(8)
            )
            parts.append((sign, column))  # fmt: skip
        winners = tuple(self.column_winner)
        hidden = self.dealing_shown()
        for seat in range(1, self.num_seats):
            sign = (
                self.chips[seat], self.seen.to_act == seat and not hidden, self.dealt[seat],
                str(self.opp_sets[seat]), winners, self.fouled[seat],
                tuple(sorted((k, self.turned(k)) for k in self.flip if k[0] == seat)),
            )  # fmt: skip
            row = self.opp_rows[seat].inflate(0, self.px(40))
            parts.append((sign, row.union(self.plate_rect(seat).inflate(self.px(44), self.px(44)))))
        mine = (
            self.chips[0], self.seen.to_act == self.human and not self.laid and not hidden,
            tuple(self.hand), tuple(tuple(slot) for slot in self.slots), tuple(self.picked),
            self.card_focus, self.dragging, self.mouse if self.dragging else None, self.laid, self.by_suit,
            winners, tuple(self.slot_label(slot) for slot in range(4)),
            tuple(sorted((k, self.turned(k)) for k in self.flip if k[0] == self.human)),
        )  # fmt: skip
        area = self.human_row.union(self.hand_rect).inflate(0, self.px(40))
        parts.append(
            (mine, area.union(self.plate_rect(self.human).inflate(self.px(44), self.px(44))))
        )
        deck = self.dealt_so_far < 52 and (bool(self.sprites) or any(self.dealt) or bool(self.hand))
        place = pygame.Rect(0, 0, self.deck_h + self.px(20), self.deck_h + self.px(20))
        place.center = self.deck_pos
        parts.append((deck, place))
        spares = (
            self.spare_row.inflate(0, self.px(20))
            if self.spare_row.height
            else pygame.Rect(0, 0, 0, 0)
        )
        parts.append((self.spare_cards, spares))
        return parts

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # Sets turning over are drawn here, every frame, over the cached table.
        for (seat, pos), p in self.flip.items():
            cards = self.opp_sets[seat][pos]
            if 0.0 < p < 1.0 and cards is not None and seat in self.opp_rows:
                row = self.opp_rows[seat]
                top = row.y + (row.height - self.opp_card_h) // 2
                self.draw_set(
                    surface, seat, pos, cards, self.col_x[pos], top, self.opp_card_h, True
                )
        mine = self.seen.to_act == self.human and not self.hold and not self.laid
        if mine and self.arranging and not self.dealing_shown():
            plate = self.plate_rect(self.human)
            self.draw_turn_marker(surface, (plate.centerx, plate.y - self.px(2)))

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Brag table now (kit.legend): plates with their points, the
        set columns and their labels' colours, the slots and their labels' colours, the
        winning sets' glow, fouled hands, discards and the spare hands."""
        marks: list[Mark] = []
        top = self.status_rect.bottom
        label_h = self.font_px(14)
        for pos, cx in enumerate(self.col_x):
            label = pygame.Rect(
                cx - self.col_w // 2 + self.px(6), top, self.col_w - self.px(12), label_h
            )
            winner = self.column_winner[pos]
            if isinstance(winner, int):
                marks.append(
                    Mark(label, "brag-won-you" if winner == self.human else "brag-won-other")
                )
            else:
                marks.append(Mark(label, "brag-column"))
        for seat in range(self.num_seats):
            plate = self.plate_rect(seat)
            marks.append(Mark(plate, "nameplate"))
            corner = pygame.Rect(0, 0, plate.width // 3, plate.height // 2)
            corner.topright = plate.topright
            marks.append(Mark(corner, "brag-points"))
        for seat in range(1, self.num_seats):
            row = self.opp_rows[seat]
            h = self.opp_card_h
            card_top = row.y + (row.height - h) // 2
            if self.fouled[seat]:
                marks.append(Mark(pygame.Rect(self.col_x[1], row.centery - self.px(12),
                                              self.col_w, self.px(24)), "brag-fouled"))  # fmt: skip
            for pos in range(4):
                if self.column_winner[pos] == seat and self.opp_sets[seat][pos] is not None:
                    rects = self.set_card_rects(self.col_x[pos], card_top, h, 3)
                    marks.append(Mark(rects[0].union(rects[-1]), "winner"))
        for slot, rect in enumerate(self.slot_rects):
            outline = rect.inflate(self.px(8), self.px(8))
            label = pygame.Rect(0, 0, self.col_w - self.px(12), self.font_px(16))
            label.midtop = (self.col_x[slot], outline.bottom + self.px(1))
            cards = self.slots[slot]
            if len(cards) == 3:
                term = "brag-valid" if brag.rank_set(cards).valid else "brag-invalid"
                marks.append(Mark(label, term))
            else:
                marks.append(Mark(outline, "brag-slot"))
        held = [rect for _, rect in self.hand_card_rects()]
        if self.laid and self.hand and held:
            marks.append(Mark(held[0].unionall(held), "brag-discarded"))
        if self.spare_cards:
            for index in range(4 - self.num_seats):
                x, y = self.spare_pos(index)
                back = pygame.Rect(0, 0, self.opp_card_h * 5 // 7, self.opp_card_h)
                back.center = (x, y)
                marks.append(Mark(back, "brag-spare"))
        return marks

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_status(surface)
        self.draw_columns(surface)
        for seat in range(1, self.num_seats):
            self.draw_opponent(surface, seat)
        self.draw_human(surface)
        if self.spare_cards:
            self.draw_spares(surface)
        if self.dealt_so_far < 52 and (self.sprites or any(self.dealt) or self.hand):
            back = self.card(None, self.deck_h)
            step = max(1, round(self.u * 2))
            for i in range(3):
                at = (self.deck_pos[0] - i * step, self.deck_pos[1] - i * step)
                surface.blit(back, back.get_rect(center=at))
        self.draw_finale(surface)
        self.draw_message(surface, self.message_centre())

    def draw_finale(self, surface: pygame.Surface) -> None:
        """Who won the game, and the final scores, on the table until the player moves
        on: over the player's discards, clear of every set (in a lesson it gives way to
        the coach, whose words say the same)."""
        self.finale_rect = None
        if self.game_winner is None or self.hold:
            return
        if self.director is not None and self.director.speaking():
            return
        ink = self.ink
        mine = self.game_winner == self.human
        title = i18n.t("polish2.brag.finale", seat=self.seat_name(self.game_winner))
        if mine:
            title = i18n.t("polish2.brag.finale_you")
        width = self.banner_width()
        big = kt.fit(
            title, width - self.px(40), self.font_px(30), ink.good if mine else ink.gold, True
        )
        scores = i18n.join_list(
            i18n.t("polish2.brag.final_score", seat=self.seat_name(s), points=p)
            for s, p in enumerate(self.scores)
        )
        small = kt.fit(i18n.t("polish2.brag.final_scores", scores=scores), width - self.px(40),
                       self.font_px(16), ink.text, False)  # fmt: skip
        h = big.get_height() + small.get_height() + self.px(20)
        box = pygame.Rect(0, 0, max(big.get_width(), small.get_width()) + self.px(48), h)
        x = self.col_x[0] - self.col_w // 2 + 2 * self.col_w
        box.center = (
            (x, self.band.centery) if self.band.height >= h else (x, self.hand_rect.centery)
        )
        self.finale_rect = box
        pygame.draw.rect(surface, ink.panel, box, border_radius=self.px(12))
        edge = ink.good if mine else ink.gold
        pygame.draw.rect(surface, edge, box, 3, border_radius=self.px(12))
        surface.blit(big, big.get_rect(midtop=(box.centerx, box.y + self.px(8))))
        surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - self.px(8))))

    def draw_status(self, surface: pygame.Surface) -> None:
        r = self.status_rect
        target = self.seen.options.target
        left = i18n.t("brag.status", game=self.game_no, deal=max(1, self.deal_no), target=target)
        self.caption(
            surface, left, (r.x + self.px(4), r.centery), 16, self.ink.gold, True, "midleft"
        )
        turn = self.turn_text()
        if turn:
            self.caption(surface, turn, (r.right - self.px(4), r.centery), 17, self.ink.text, True, "midright",
                         max_width=r.width // 2)  # fmt: skip

    def turn_text(self) -> str:
        said = self.director.status_text() if self.director is not None else None
        if said is not None:
            return said  # a replay's step
        if self.hold:
            return i18n.t("brag.turn.review")
        if self.queue.busy:
            # The engine is ahead of the animation: say what the table is showing.
            if self.active_column >= 0:
                return i18n.t("brag.turn.showdown", set=self.active_column + 1)
            if self.dealing_shown():
                return i18n.t("brag.turn.dealing")
            if all(self.has_set):
                return i18n.t("brag.turn.reveal")
        actor = self.seen.to_act
        if actor in (BETWEEN, TERMINAL):
            return i18n.t("brag.turn.game_over")
        if actor == CHANCE or self.seen.phase is brag.Phase.DEALING:
            return i18n.t("brag.turn.dealing")
        if self.seen.phase is brag.Phase.SETTING and not self.laid:
            return i18n.t("brag.turn.arrange")
        if actor == self.human:
            return i18n.t("cards.your_turn")
        return i18n.t("cards.waiting", seat=self.seat_name(actor))

    def draw_columns(self, surface: pygame.Surface) -> None:
        top = self.status_rect.bottom
        bottom = self.human_row.bottom
        for pos, cx in enumerate(self.col_x):
            rect = pygame.Rect(
                cx - self.col_w // 2 + self.px(3), top, self.col_w - self.px(6), bottom - top
            )
            if pos == self.active_column and self.column_winner[pos] == "":
                pygame.draw.rect(surface, self.ink.gold, rect, 2, border_radius=10)
            else:
                pygame.draw.rect(surface, self.ink.edge, rect, 1, border_radius=10)
            label = i18n.t("brag.set_n", number=pos + 1)
            winner = self.column_winner[pos]
            colour = self.ink.dim
            if isinstance(winner, int):
                label = f"{label} · {self.seat_name(winner)}"
                colour = self.ink.good if winner == self.human else self.ink.gold
            elif winner is None:
                label = f"{label} · {i18n.t('brag.tie')}"
            elif pos in self.unplayed:
                label = f"{label} · {i18n.t('polish2.brag.unplayed')}"
            self.caption(surface, label, (cx, top - self.px(1)), 12, colour, True, "midtop",
                         max_width=self.col_w - self.px(10))  # fmt: skip

    def draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        row = self.opp_rows[seat]
        active = self.seen.to_act == seat and not self.hold and not self.dealing_shown()
        score = i18n.t(
            "brag.points_short", points=self.scores[seat], target=self.seen.options.target
        )
        self.draw_plate(surface, self.plate_rect(seat), seat, self.chips[seat], active, score)
        h = self.opp_card_h
        top = row.y + (row.height - h) // 2
        if self.dealt[seat]:
            # During the deal: a growing fan of backs in front of the seat.
            back = self.card(None, h)
            for i in range(self.dealt[seat]):
                surface.blit(back, self.fan_card(seat, i))
            return
        for pos in range(4):
            cards = self.opp_sets[seat][pos]
            if cards is None:
                continue
            self.draw_set(surface, seat, pos, cards, self.col_x[pos], top, h)
        if self.fouled[seat]:
            self.caption(surface, i18n.t("brag.fouled"), (self.col_x[1] + self.col_w // 2, row.centery),
                         18, self.ink.bad, True)  # fmt: skip

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
        rects = self.set_card_rects(cx, top, h, 3)
        p = self.flip.get((seat, pos), 1.0 if all(c is not None for c in cards) else 0.0)
        if 0.0 < p < 1.0 and not moving:
            return  # turning over: draw_overlay shows it
        winner = self.column_winner[pos] == seat
        if winner:
            glow = rects[0].union(rects[-1]).inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, self.ink.gold, glow, 3, border_radius=self.px(8))
        for code, rect in zip(cards, rects, strict=False):
            face_up = p >= 0.5 and code is not None
            image = self.card(code if face_up else None, h)
            squash = abs(2 * p - 1) if 0.0 < p < 1.0 else 1.0
            if squash < 0.999:
                image = pygame.transform.scale(
                    image, (max(1, round(image.get_width() * squash)), image.get_height())
                )
            surface.blit(image, image.get_rect(center=rect.center))
        if p >= 1.0 and all(c is not None for c in cards) and seat != self.human:
            kind = brag.rank_set([c for c in cards if c is not None]).kind
            colour = self.ink.gold if winner else self.ink.text
            image = kt.fit(
                i18n.t(f"brag.kind.{kind}"),
                self.col_w - self.px(16),
                self.font_px(12),
                colour,
                True,
            )
            pill = image.get_rect(midbottom=(cx, rects[0].bottom - self.px(3))).inflate(
                self.px(10), self.px(2)
            )
            pygame.draw.rect(surface, self.ink.panel, pill, border_radius=pill.height // 2)
            surface.blit(image, image.get_rect(center=pill.center))

    def draw_human(self, surface: pygame.Surface) -> None:
        active = self.seen.to_act == self.human and not self.hold and not self.laid
        active = active and not self.dealing_shown()
        score = i18n.t("brag.points_short", points=self.scores[0], target=self.seen.options.target)
        plate = self.plate_rect(self.human)
        self.draw_plate(surface, plate, self.human, self.chips[0], active, score)
        for slot, rect in enumerate(self.slot_rects):
            hover = self.dragging is not None and rect.inflate(
                self.px(16), self.px(16)
            ).collidepoint(self.mouse)
            target = bool(self.picked) and len(self.slots[slot]) < 3
            edge = self.ink.gold if hover or target else self.ink.edge
            outline = rect.inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, self.palette.felt_dark, outline, border_radius=self.px(8))
            pygame.draw.rect(surface, edge, outline, 2, border_radius=self.px(8))
            if not self.slots[slot]:
                self.caption(
                    surface, str(slot + 1), rect.center, 28, self.palette.felt_pattern, True
                )
            cards = [c for c in self.slots[slot] if c != self.dragging]
            if len(cards) == 3 and self.laid:
                self.draw_set(
                    surface, self.human, slot, cards, self.col_x[slot], rect.y, self.slot_card_h
                )
            else:
                for code, card_rect in zip(
                    cards,
                    self.set_card_rects(self.col_x[slot], rect.y, self.slot_card_h, 3),
                    strict=False,
                ):
                    surface.blit(self.card(code, self.slot_card_h), card_rect)
            text, colour = self.slot_label(slot)
            self.caption(surface, text, (self.col_x[slot], outline.bottom + self.px(1)), 14, colour, True,
                         "midtop", max_width=self.col_w - self.px(8))  # fmt: skip
        discard = self.laid and self.hand
        if discard and self.game_winner is not None and not self.hold:
            return  # the game is over: the finale stands where the discards lay
        for code, rect in self.hand_card_rects():
            if code == self.dragging:
                continue
            image = self.card(code, self.hand_card_h)
            if code in self.picked:
                pygame.draw.rect(
                    surface,
                    self.palette.turn_glow,
                    rect.inflate(self.px(6), self.px(6)),
                    3,
                    border_radius=self.px(8),
                )
            surface.blit(image, rect)
            if discard:
                veil = self.veil(rect.size)
                surface.blit(veil, rect)
        rects = self.hand_card_rects()
        focus = next((rect for code, rect in rects if code == self.card_focus), None)
        if focus is not None and not discard and self.card_focus != self.dragging:
            self.draw_card_focus(surface, focus)  # over its neighbours: the whole card
        if discard and rects:
            first = rects[0][1]
            self.caption(surface, i18n.t("brag.discarded"), (first.x - self.px(10), first.centery), 15, self.ink.dim, True,
                         "midright")  # fmt: skip
        if self.dragging is not None:
            image = self.card(self.dragging, self.slot_card_h)
            surface.blit(image, image.get_rect(center=self.mouse))

    _veils: dict[tuple[int, int], pygame.Surface] = {}

    def veil(self, size: tuple[int, int]) -> pygame.Surface:
        veil = self._veils.get(size)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 130))
            self._veils[size] = veil
        return veil

    def draw_spares(self, surface: pygame.Surface) -> None:
        spares = 4 - self.num_seats
        per = self.spare_cards // max(1, spares)
        back = self.card(None, self.opp_card_h)
        step = max(1, round(self.u))
        for index in range(spares):
            x, y = self.spare_pos(index)
            for i in range(min(per, 13)):
                surface.blit(back, back.get_rect(center=(x + i * step, y - i * step)))
            self.caption(surface, i18n.t("brag.spare", number=index + 1),
                         (x, y + self.opp_card_h // 2 + self.px(4)), 14, self.ink.gold, True, "midtop",
                         max_width=self.col_w - self.px(8))  # fmt: skip

    def draw_card_focus(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Where the keyboard is in the hand: a frame round the whole card, over its
        neighbours, and a mark pointing down at it (a picked card glows and rises; the
        two can be the same card)."""
        ink = self.ink.info  # not the pick's glow, and seen against a card's white
        pygame.draw.rect(surface, ink, rect.inflate(self.px(4), self.px(4)), max(3, self.px(3)),
                         border_radius=self.px(8))  # fmt: skip
        tip = (rect.centerx, rect.top - self.px(4))
        half = self.px(7)
        points = [tip, (tip[0] - half, tip[1] - half), (tip[0] + half, tip[1] - half)]
        pygame.draw.polygon(surface, ink, points)

    def slot_label(self, slot: int) -> tuple[str, tuple[int, int, int]]:
        cards = self.slots[slot]
        if not cards:
            return i18n.t("brag.slot_empty"), self.ink.dim
        if len(cards) < 3:
            return i18n.t("brag.slot_count", count=len(cards)), self.ink.dim
        rank = brag.rank_set(cards)
        text = i18n.t(f"brag.kind.{rank.kind}")
        return text, (self.ink.good if rank.valid else self.ink.bad)

    def layout_problem(self) -> str | None:
        """Why the arranged slots cannot be laid down, in the player's language."""
        filled = [s for s in self.slots if s]
        last = max((i for i, s in enumerate(self.slots) if s), default=-1)
        for i in range(last + 1):
            if not self.slots[i]:
                return tw("brag.problem.gap", set=i + 1)
        previous: brag.SetRank | None = None
        for i, cards in enumerate(filled):
            if len(cards) != 3:
                return tw("tables.brag_short", set=i + 1, have=len(cards),
                              missing=3 - len(cards))  # fmt: skip
            rank = brag.rank_set(cards)
            if not rank.valid:
                return tw("brag.problem.invalid", set=i + 1)
            if previous is not None and rank > previous:
                return tw(
                    "brag.problem.order",
                    set=i + 1,
                    previous=i,
                    kind=tw(f"brag.kind.{rank.kind}"),
                    previous_kind=tw(f"brag.kind.{previous.kind}"),
                )
            previous = rank
        return None
