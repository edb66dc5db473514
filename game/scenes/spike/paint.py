"""Painting the Spike / Coruscant table: the display model and ``seen`` (what the engine
has told the table), never the engine itself."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from game import i18n, spike_text
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import live
from game.scenes.spike.animate import SpikeAnimate
from game.ui import spike_cards as art
from game.ui import spike_dice
from game.ui.palette import mix

GOLD_FACES = (0, 0, 5, -5, 10, -10)
CAPTION_LINES = 3  # the player's caption right of their cards wraps to at most this many


class SpikePaint(SpikeAnimate):
    #: The Sabacc Shift's flash: (size and colour, a plain surface of that colour).
    _veil: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (a warning); the centre and each seat are parts of
        their own (``layer_parts``)."""
        return (self.app.size, self.hover, self.message[0] if self.message else None)

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre (piles, dice at rest, pots, the phase and whose turn it is) and
        each seat (plate, cards, gained card, the hand's name), each painted again on
        its own when it changes."""
        actor = self.acting()
        centre = (
            self.deck, tuple(self.discards[-1:]), self.dice, self.dice_spin >= 1.0,
            self.dice_round, self.round_no, self.spin_seed, self.target, self.suit,
            self.hand_pot, self.sabacc_pot, self.pot, self.ante, live(self.phase_note),
            self.status_text(),
        )  # fmt: skip
        parts: list[tuple[Any, pygame.Rect]] = [(centre, self.centre_place())]
        for seat in range(self.num_seats):
            sign: tuple[Any, ...] = (
                self.chips[seat], actor == seat and (not self.queue.busy or self.thinking == seat),
                self.notes[seat], live(self.notes[seat][0]), self.in_match[seat],
                seat in self.winners, self.folded[seat], self.dealer == seat,
                tuple(self.seat_cards(seat)), len(self.picks[seat]), self.revealed[seat],
                seat in self.dissolve, self.gained[seat], live(self.hand_names[seat]),
                self.label_shade[seat],
            )  # fmt: skip
            if seat == self.human:
                sign += (tuple(sorted(self.toggled)), self.pick, self.own_hand_text())
            parts.append((sign, self.seat_place(seat)))
        return parts

    def centre_place(self) -> pygame.Rect:
        """Everything the centre may paint."""
        w, h = self.px(128), self.pot_h
        rects = [self.deck_rect.inflate(self.px(12), self.px(12)),
                 self.discard_rect.inflate(self.px(60), self.px(12))]  # fmt: skip
        for pot in ("hand", "sabacc"):
            x, _ = self.pot_pos(pot)
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (x, self.pot_at[1])
            rects.append(rect.inflate(self.px(8), self.px(8)))
            rects.append(pygame.Rect(rect.right, rect.y, self.px(200), h))  # the ante
        for die in self.dice_rects:
            rects.append(die.inflate(die.width + self.px(16), die.height + self.px(16)))
        both = self.dice_rects[0].union(self.dice_rects[1])
        rects.append(pygame.Rect(both.centerx - self.px(90), both.bottom, self.px(180),
                                 self.font_px(11) * 2 + self.px(8)))  # fmt: skip
        room = min(self.table.width - 2 * self.plate_w, self.px(420))
        top = self.status_at[1]
        tall = self.font_px(12) + self.font_px(14) * 2 + self.font_px(17) * 2 + self.px(16)
        rects.append(pygame.Rect(self.table.centerx - room // 2 - self.px(4), top,
                                 room + self.px(8), tall))  # fmt: skip
        return rects[0].unionall(rects[1:])

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: its plate with ring and puck, its cards (the
        player's lifted), a gained card, the hand's name."""
        plate = self.plates[seat]
        box = self.hand_boxes[seat]
        h = self.human_card_h if seat == self.human else self.card_h
        rects = [plate.inflate(self.px(44), self.px(44))]
        count = len(self.seat_cards(seat))
        spot = pygame.Rect(0, 0, h, h + self.px(8))
        spot.center = self.gain_spot(seat)
        rects.append(spot.inflate(self.px(12), self.px(12)))
        if seat == self.human:
            top = box.y - self.lift - self.px(12)
            rects.append(pygame.Rect(box.x - self.px(12), top, self.table.right - box.x + self.px(12),
                                     box.bottom - top + self.px(12)))  # fmt: skip
            rects.append(pygame.Rect(box.right, box.centery - self.font_px(17) * 3,
                                     self.table.right - box.right, self.font_px(17) * 6))  # fmt: skip
        else:
            rects.append(box.inflate(self.px(16), self.px(28)))
            cards = self.card_rects(seat, max(1, count))
            wide = max(box.width, self.plate_w) + self.px(16)
            rects.append(pygame.Rect(box.centerx - wide // 2, cards[-1].bottom,
                                     wide, self.px(14) + self.font_px(13) * 2))  # fmt: skip
        return rects[0].unionall(rects[1:])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What moves every frame, over the cached table: the Sabacc Shift's flash and
        dissolving hands, rolling dice, and the turn marker."""
        if self.shift_flash > 0:
            # One plain veil kept, faded with its surface alpha: a 4K per-pixel-alpha
            # veil made and blended every frame cost tens of milliseconds (the two
            # blends differ by at most one step of a colour channel).
            colour = tuple(self.ink.info[:3])
            veil = self._veil
            if veil is None or veil[0] != (self.felt.size, colour):
                image = pygame.Surface(self.felt.size, 0, 32)
                image.fill(colour)
                veil = self._veil = ((self.felt.size, colour), image)
            veil[1].set_alpha(round(70 * self.shift_flash))
            surface.blit(veil[1], self.felt.topleft)
        for seat, fade in self.dissolve.items():
            self.draw_dissolving(surface, seat, fade)
        if self.dice_spin < 1.0:
            self.draw_dice(surface)
        if self.acting() == self.human and self.idle():
            plate = self.plates[self.human]
            self.draw_turn_marker(surface, (plate.x - self.px(2), plate.centery), "right")

    def speech_keep_clear(self) -> list[pygame.Rect]:
        return [self.hand_boxes[s] for s in self.hand_boxes]

    # ------------------------------------------------------------------ table
    def draw_table(self, surface: pygame.Surface) -> None:
        actor = self.acting()
        for seat in range(self.num_seats):
            self.draw_seat(surface, seat, actor)
        self.draw_centre(surface)

    def draw_seat(self, surface: pygame.Surface, seat: int, actor: int) -> None:
        plate = self.plates[seat]
        active = actor == seat and (not self.queue.busy or self.thinking == seat)
        text, shade = self.notes[seat]
        text = live(text)  # in the language of the moment
        absent = not self.in_match[seat]
        if absent:
            text, shade = i18n.t("spiketable.note.out"), "dim"
        if seat in self.winners:
            pygame.draw.rect(surface, self.ink.gold, plate.inflate(self.px(12), self.px(12)), 3,
                             border_radius=self.px(14))  # fmt: skip
        self.draw_plate(surface, plate, seat, self.chips[seat], active, text,
                        self.folded[seat] or absent, self.ink(shade) if text else None)  # fmt: skip
        if seat == self.dealer:
            self.draw_dealer_puck(surface, plate)
        cards = self.seat_cards(seat)
        if not cards:
            return
        h = self.human_card_h if seat == self.human else self.card_h
        rects = self.card_rects(seat, len(cards))
        picks = len(self.picks[seat])
        if seat in self.dissolve:
            return  # the overlay draws a dissolving hand, frame by frame
        for i, (code, rect) in enumerate(zip(cards, rects, strict=True)):
            image = self.card(code, h)
            at = rect.copy()
            picked = i < picks
            if seat == self.human:
                index = i - picks
                if picked or index in self.toggled or index == self.pick:
                    at = at.move(0, -self.lift)
            elif picked:
                at = at.move(0, self.px(6))  # the selection sits a little apart
            surface.blit(image, at)
            if picked and seat == self.human and not self.revealed[seat]:
                self.draw_tag(surface, i18n.t("spiketable.face_down"), at, self.ink.info)
            elif seat == self.human and (i - picks in self.toggled or i - picks == self.pick):
                pygame.draw.rect(surface, self.ink.gold, at.inflate(4, 4), 3, border_radius=8)
            elif picked and code is None and not self.revealed[seat]:
                pygame.draw.rect(surface, self.ink.info, at, 2, border_radius=6)
        if seat == self.human:
            gained = self.gained[seat]
            if gained is not False:
                spot = self.gain_spot(seat)
                image = self.card(gained if isinstance(gained, str) else None, h)
                rect = image.get_rect(center=spot)
                surface.blit(image, rect)
                pygame.draw.rect(surface, self.ink.gold, rect.inflate(4, 4), 3, border_radius=8)
                self.draw_tag(surface, i18n.t("spiketable.gained"), rect, self.ink.gold)
            self.draw_own_caption(surface, rects)
        else:
            if self.gained[seat] is not False:
                image = self.card(None, h)
                surface.blit(image, image.get_rect(center=self.gain_spot(seat)))
            self.draw_label(surface, seat, rects)

    def draw_dissolving(self, surface: pygame.Surface, seat: int, fade: float) -> None:
        """A hand of the Sabacc Shift: face up, glowing, drifting up as it fades."""
        cards = self.seat_cards(seat)
        h = self.human_card_h if seat == self.human else self.card_h
        for i, (code, rect) in enumerate(
            zip(cards, self.card_rects(seat, len(cards)), strict=True)
        ):
            image = self.card(code, h).copy()
            image.set_alpha(round(255 * (1 - fade)))
            rng = random.Random(seat * 31 + i)
            at = rect.move(
                round(rng.uniform(-1, 1) * fade * self.px(24)), -round(fade * self.px(30))
            )
            glow = at.inflate(self.px(6), self.px(6))
            pygame.draw.rect(surface, self.ink.info, glow, max(1, round(3 * (1 - fade))),
                             border_radius=self.px(8))  # fmt: skip
            surface.blit(image, at)

    def draw_tag(self, surface: pygame.Surface, words: str, card: pygame.Rect, colour: Any) -> None:
        size = self.font_px(11)
        image = kt.fit(words, card.width - self.px(4), size, self.ink.panel, True)
        box = image.get_rect(midbottom=(card.centerx, card.bottom - self.px(4))).inflate(6, 2)
        pygame.draw.rect(surface, colour, box, border_radius=4)
        surface.blit(image, image.get_rect(center=box.center))

    def label_layout(
        self, seat: int, rects: list[pygame.Rect]
    ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect] | None:
        """Another seat's revealed hand named under its cards: the words (shrunk to the
        seat's width), where they go and their backing, which ``?`` outlines."""
        text = live(self.hand_names[seat])  # in the language of the moment
        if not text:
            return None
        box = self.hand_boxes[seat]
        colour = self.ink.good if seat in self.winners else self.ink(self.label_shade[seat])
        image = kt.fit(text, max(box.width, self.plate_w), self.font_px(13), colour, True)
        at = image.get_rect(midtop=(box.centerx, rects[-1].bottom + self.px(8)))
        return image, at, at.inflate(self.px(8), self.px(2))

    def draw_label(self, surface: pygame.Surface, seat: int, rects: list[pygame.Rect]) -> None:
        label = self.label_layout(seat, rects)
        if label is None:
            return
        image, at, back = label
        pygame.draw.rect(surface, self.ink.panel, back, border_radius=self.px(6))
        surface.blit(image, at)

    def own_caption_lines(
        self, rects: list[pygame.Rect]
    ) -> tuple[int, list[tuple[str, pygame.Rect]]]:
        """The player's caption (``own_hand_text``) laid out right of their cards: wrapped
        to the felt left there, smaller where ``CAPTION_LINES`` lines do not hold it; its
        size and each line with the rect it fills (what is drawn and ``?`` outlines)."""
        text = self.own_hand_text()
        if not text:
            return 0, []
        x = rects[-1].right + self.px(14)
        if self.gained[self.human] is not False:
            x = self.gain_spot(self.human)[0] + self.human_card_h // 3 + self.px(12)
        room = max(self.px(80), self.table.right - x - self.px(6))
        size, floor = self.font_px(17), self.font_px(11)
        lines = kt.wrap(text, size, room, True)
        while len(lines) > CAPTION_LINES and size > floor:
            size = max(floor, int(size * 0.9))
            lines = kt.wrap(text, size, room, True)
        images = [kt.fit(line, room, size, self.ink.gold, True) for line in lines]
        y = rects[-1].centery - sum(image.get_height() for image in images) // 2
        out = []
        for line, image in zip(lines, images, strict=True):
            out.append((line, image.get_rect(topleft=(x, y))))
            y += image.get_height()
        return size, out

    def draw_own_caption(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """The player's own hand named (Spike) or its distance to the target (Coruscant),
        right of the cards."""
        size, lines = self.own_caption_lines(rects)
        colour = self.ink.good if self.human in self.winners else self.ink.gold
        for line, rect in lines:
            surface.blit(kt.fit(line, rect.width + 1, size, colour, True), rect)

    def own_hand_text(self) -> str:
        if self.hand_names[self.human]:
            return str(live(self.hand_names[self.human]))
        view = self.seen.view
        if view is None or self.folded[self.human]:
            return ""
        if self.coruscant:
            if self.target is None:
                return ""
            chosen = [c for c in self.picks[0] if c] + [
                c for i, c in enumerate(self.hands[0]) if i in self.toggled and c
            ]
            if not chosen:
                return ""
            total = sum(art_value(c) for c in chosen)
            return i18n.t("spiketable.yours", what=self.distance_text(total, tuple(chosen)))
        cards = [c for c in self.hands[0] if c]
        if len(cards) < 1:
            return ""
        rank = self.rank_of_cards(cards)
        return i18n.t("spiketable.your_hand", hand=spike_text.rank_name(rank.kind, rank.total))

    def rank_of_cards(self, cards: list[str]) -> Any:
        from game.rules import spike_cards as kc
        from game.rules.spike_rank import rank_spike_cards

        o = self.options
        return rank_spike_cards(kc.parse_all(cards), o.strict_one_pair, o.exact_named_hands)

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Corellian Spike / Coruscant Shift table now (kit.legend):
        plates, the dealer's puck, the piles, the pots, the dice, the selection's
        face-down tags, a gained card and the winners' outlines."""
        marks = [Mark(self.deck_rect, "deck"), Mark(self.discard_rect, "discard-pile")]
        w, h = self.px(128), self.pot_h
        for pot in ("hand",) if self.coruscant else ("hand", "sabacc"):
            x, _ = self.pot_pos(pot)
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (x, self.pot_at[1])
            term = "pot" if self.coruscant else f"{pot}-pot"
            marks.append(Mark(rect, term))
            if self.coruscant and self.ante:
                marks.append(Mark(pygame.Rect(rect.right + self.px(6), rect.centery - self.px(10),
                                              self.px(90), self.px(20)), "ante"))  # fmt: skip
        dice = self.dice_rects[0].union(self.dice_rects[1])
        if self.coruscant:
            marks.append(Mark(dice, "target-dice"))
        else:
            faces = self.dice
            same = faces is not None and faces[0] == faces[1] and self.dice_spin >= 1.0
            marks.append(Mark(dice, "sabacc-shift" if same else "spike-dice"))
        r = self.px(12)
        for seat in range(self.num_seats):
            plate = self.plates[seat]
            marks.append(Mark(plate, "nameplate"))
            if seat == self.dealer:
                centre = (plate.right - r + self.px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "dealer-puck"))  # fmt: skip
            if seat in self.winners:
                marks.append(Mark(plate.inflate(self.px(12), self.px(12)), "winner"))
            cards = self.seat_cards(seat)
            if not cards or seat in self.dissolve:
                continue
            picks = len(self.picks[seat])
            for rect in self.card_rects(seat, len(cards))[:picks]:
                if not self.revealed[seat]:
                    marks.append(Mark(rect, "selection"))
            if seat == self.human and self.gained[seat] is not False:
                spot = self.gain_spot(seat)
                image = self.card(None, self.human_card_h)
                marks.append(Mark(image.get_rect(center=spot), "gained-card"))
            rects = self.card_rects(seat, len(cards))
            if seat == self.human:
                lines = self.own_caption_lines(rects)[1]
                if lines:
                    hand_term = "coruscant-hand" if self.coruscant else "spike-hand"
                    boxes = [rect for _, rect in lines]
                    marks.append(Mark(boxes[0].unionall(boxes[1:]), hand_term))
            else:
                label = self.label_layout(seat, rects)
                if label is not None:
                    # Another seat's revealed hand: theirs, not "your selection".
                    term = "revealed-selection" if self.coruscant else "revealed-hand"
                    marks.append(Mark(label[2], term))
        return marks

    def draw_dealer_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        r = self.px(12)
        centre = (plate.right - r + self.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, self.palette.paper, centre, r)
        pygame.draw.circle(surface, self.palette.plate_edge, centre, r, 2)
        self.caption(surface, i18n.t("spiketable.dealer_mark"), centre, 13, self.ink.panel, True)

    # ----------------------------------------------------------------- centre
    def draw_centre(self, surface: pygame.Surface) -> None:
        back = self.card(None, self.pile_h)
        d = self.deck_rect
        if self.deck:
            for i in range(3):
                surface.blit(back, d.move(-i * 2, -i * 2))
        else:
            pygame.draw.rect(surface, self.ink.dim, d, 2, border_radius=self.px(6))
        self.caption(surface, i18n.format_number(self.deck), (d.centerx, d.bottom + self.px(2)),
                     12, self.ink.dim, False, "midtop")  # fmt: skip
        if self.discards:
            surface.blit(self.card(self.discards[-1], self.pile_h), self.discard_rect)
        else:
            pygame.draw.rect(surface, self.ink.dim, self.discard_rect, 2, border_radius=self.px(6))
        self.caption(surface, i18n.t("spiketable.discard"),
                     (self.discard_rect.centerx, self.discard_rect.bottom + self.px(2)), 12,
                     self.ink.dim, False, "midtop", self.discard_rect.width + self.px(30))  # fmt: skip
        if self.dice_spin >= 1.0:
            self.draw_dice(surface)
        self.draw_pots(surface)
        cx = self.table.centerx
        y = self.status_at[1] + self.font_px(12) + self.px(4)
        room = min(self.table.width - 2 * self.plate_w, self.px(420))
        if self.phase_note:
            rect = self.caption(surface, live(self.phase_note), (cx, y), 14, self.ink.dim, False,
                                "midtop", room)  # fmt: skip
            y = rect.bottom
        status = self.status_text()
        if status:
            self.caption(surface, status, (cx, y + self.px(2)), 17, self.ink.text, True, "midtop",
                         room)  # fmt: skip
        self.draw_message(surface, self.banner_centre())

    def draw_pots(self, surface: pygame.Surface) -> None:
        if self.coruscant:
            pots = [("hand", i18n.t("spiketable.pot"), self.pot)]
        else:
            pots = [("hand", i18n.t("spiketable.hand_pot"), self.hand_pot),
                    ("sabacc", i18n.t("spiketable.sabacc_pot"), self.sabacc_pot)]  # fmt: skip
        w, h = self.px(128), self.pot_h
        for pot, title, amount in pots:
            x, _ = self.pot_pos(pot)
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (x, self.pot_at[1])
            surface.blit(kt.panel(rect.size, self.ink, h // 3, 150), rect)
            pygame.draw.rect(surface, self.ink.brass, rect, 1, border_radius=h // 3)
            self.caption(surface, title.upper(), (rect.centerx, rect.y + self.px(4)), 11,
                         self.ink.brass, True, "midtop", w - self.px(16))  # fmt: skip
            if amount:
                stack = chip_image(amount, self.px(18), self.palette_name)
                surface.blit(stack, stack.get_rect(midbottom=(rect.centerx - self.px(10),
                                                              rect.bottom - self.px(6))))  # fmt: skip
            self.caption(surface, i18n.format_number(amount),
                         (rect.right - self.px(10), rect.bottom - self.px(5)), 16, self.ink.gold,
                         True, "bottomright")  # fmt: skip
        if self.coruscant and self.ante:
            x, y = self.pot_pos("hand")
            self.caption(surface, i18n.t("spiketable.ante", count=self.ante),
                         (x + w // 2 + self.px(8), self.pot_at[1] - h // 2), 13, self.ink.dim,
                         False, "midleft")  # fmt: skip

    def draw_dice(self, surface: pygame.Surface) -> None:
        size = self.die_size
        rolling = self.dice_spin < 1.0
        if self.coruscant:
            self.draw_coruscant_dice(surface, size, rolling)
            return
        if self.dice is None and not rolling:
            for rect in self.dice_rects:
                pygame.draw.rect(surface, self.ink.dim, rect, 1, border_radius=self.px(6))
            self.caption(surface, i18n.t("spiketable.spike_dice"),
                         (self.dice_rects[0].centerx, self.dice_rects[1].bottom + self.px(2)),
                         11, self.ink.dim, False, "midtop")  # fmt: skip
            return
        faces = self.dice or (1, 1)
        earlier = not rolling and self.dice_round != self.round_no  # last round's roll
        for k, rect in enumerate(self.dice_rects):
            image = spike_dice.render_spike_roll_frame(faces[k], size, self.dice_spin,
                                                       self.spin_seed + k * 5, self.palette_name)  # fmt: skip
            if earlier:
                image = image.copy()
                image.set_alpha(150)
            surface.blit(image, image.get_rect(center=rect.center))
        if not rolling and not earlier and faces[0] == faces[1]:
            # The same symbol twice: a Sabacc Shift, said under the pair (this round's
            # roll only: last round's shift is over).
            both = self.dice_rects[0].union(self.dice_rects[1]).inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, self.ink.info, both, 2, border_radius=self.px(8))
            self.caption(surface, i18n.t("spikedice.shift"), (both.centerx, both.bottom + self.px(2)),
                         11, self.ink.info, True, "midtop")  # fmt: skip

    def draw_coruscant_dice(self, surface: pygame.Surface, size: int, rolling: bool) -> None:
        gold, silver = self.dice_rects
        pal = self.palette
        target, suit = self.target, self.suit
        if rolling:
            rng = random.Random(self.spin_seed)
            target = rng.choice(GOLD_FACES)
            suit = rng.choice("ots")
        wobble = round(math.sin(self.dice_spin * 20) * 4 * (1 - self.dice_spin)) if rolling else 0
        for rect, body in ((gold, pal.gold), (silver, mix(pal.paper, (200, 205, 215), 0.5))):
            shown = rect.move(0, wobble)
            pygame.draw.rect(surface, mix(body, (0, 0, 0), 0.35), shown.move(0, 2),
                             border_radius=self.px(6))  # fmt: skip
            pygame.draw.rect(surface, body, shown, border_radius=self.px(6))
        if target is None or suit is None:
            self.caption(surface, "?", gold.center, 18, self.ink.panel, True)
            self.caption(surface, "?", silver.center, 18, self.ink.panel, True)
        else:
            self.caption(surface, _signed(target), gold.move(0, wobble).center, 17,
                         self.ink.panel, True, "center", gold.width - 4)  # fmt: skip
            art.fill_stave(surface, suit, silver.move(0, -wobble).center, size * 0.28,
                           self.ink.panel)  # fmt: skip
        label = i18n.t("spiketable.target_dice")
        self.caption(surface, label, (gold.union(silver).centerx, gold.bottom + self.px(3)), 11,
                     self.ink.dim, False, "midtop", self.px(120))  # fmt: skip


def art_value(code: str) -> int:
    from game.rules import spike_cards as kc

    return kc.value(kc.parse(code))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")
