"""Painting the Spike / Coruscant table (``table.painter``): the display model and
``seen`` (what the engine has told the table), never the engine itself."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, spike_text
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import live
from game.scenes.spike import words as spike_words
from game.scenes.spike.model import SpikeModel
from game.ui import spike_cards as art
from game.ui import spike_dice
from game.ui.palette import mix

if TYPE_CHECKING:
    from game.scenes.spike.scene import SpikeTable

GOLD_FACES = (0, 0, 5, -5, 10, -10)
CAPTION_LINES = 3  # the player's caption right of their cards wraps to at most this many


class SpikePaint:
    """Draws the felt from the display model (``anim.model``) into the places the
    layout gives (``places``); the kit table caches the picture part by part."""

    def __init__(self, table: SpikeTable) -> None:
        self.t = table
        #: The Sabacc Shift's flash: (size and colour, a plain surface of that colour).
        self._veil: tuple[tuple[Any, ...], pygame.Surface] | None = None

    @property
    def model(self) -> SpikeModel:
        return self.t.anim.model

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (a warning); the centre and each seat are parts of
        their own (``layer_parts``)."""
        t = self.t
        return (t.app.size, t.inputs.hover, t.message[0] if t.message else None)

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre (piles, dice at rest, pots, the phase and whose turn it is) and
        each seat (plate, cards, gained card, the hand's name), each painted again on
        its own when it changes."""
        t, m = self.t, self.model
        actor = t.acting()
        centre = (
            m.deck, tuple(m.discards[-1:]), m.dice, m.dice_spin >= 1.0,
            m.dice_round, m.round_no, m.spin_seed, m.target, m.suit,
            m.hand_pot, m.sabacc_pot, m.pot, m.ante, live(m.phase_note),
            t.status_text(),
        )  # fmt: skip
        parts: list[tuple[Any, pygame.Rect]] = [(centre, self.centre_place())]
        for seat in range(t.num_seats):
            sign: tuple[Any, ...] = (
                m.chips[seat], actor == seat and (not t.queue.busy or t.thinking == seat),
                m.notes[seat], live(m.notes[seat][0]), m.in_match[seat],
                seat in m.winners, m.folded[seat], m.dealer == seat,
                tuple(m.seat_cards(seat)), len(m.picks[seat]), m.revealed[seat],
                seat in m.dissolve, m.gained[seat], live(m.hand_names[seat]),
                m.label_shade[seat],
            )  # fmt: skip
            if seat == t.human:
                sign += (tuple(sorted(t.inputs.toggled)), t.inputs.pick, self.own_hand_text())
            parts.append((sign, self.seat_place(seat)))
        return parts

    def centre_place(self) -> pygame.Rect:
        """Everything the centre may paint."""
        t, p, px = self.t, self.t.places, self.t.px
        w, h = px(128), p.pot_h
        rects = [p.deck_rect.inflate(px(12), px(12)), p.discard_rect.inflate(px(60), px(12))]
        for pot in ("hand", "sabacc"):
            x, _ = p.pot_pos(pot)
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (x, p.pot_at[1])
            rects.append(rect.inflate(px(8), px(8)))
            rects.append(pygame.Rect(rect.right, rect.y, px(200), h))  # the ante
        for die in p.dice_rects:
            rects.append(die.inflate(die.width + px(16), die.height + px(16)))
        both = p.dice_rects[0].union(p.dice_rects[1])
        rects.append(pygame.Rect(both.centerx - px(90), both.bottom, px(180),
                                 t.font_px(11) * 2 + px(8)))  # fmt: skip
        room = min(t.table.width - 2 * p.plate_w, px(420))
        top = p.status_at[1]
        tall = t.font_px(12) + t.font_px(14) * 2 + t.font_px(17) * 2 + px(16)
        rects.append(pygame.Rect(t.table.centerx - room // 2 - px(4), top, room + px(8), tall))
        return rects[0].unionall(rects[1:])

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: its plate with ring and puck, its cards (the
        player's lifted), a gained card, the hand's name."""
        t, p, px = self.t, self.t.places, self.t.px
        plate = p.plates[seat]
        box = p.hand_boxes[seat]
        h = p.card_height(seat)
        rects = [plate.inflate(px(44), px(44))]
        count = len(self.model.seat_cards(seat))
        spot = pygame.Rect(0, 0, h, h + px(8))
        spot.center = p.gain_spot(seat)
        rects.append(spot.inflate(px(12), px(12)))
        if seat == t.human:
            top = box.y - p.lift - px(12)
            rects.append(pygame.Rect(box.x - px(12), top, t.table.right - box.x + px(12),
                                     box.bottom - top + px(12)))  # fmt: skip
            rects.append(pygame.Rect(box.right, box.centery - t.font_px(17) * 3,
                                     t.table.right - box.right, t.font_px(17) * 6))  # fmt: skip
        else:
            rects.append(box.inflate(px(16), px(28)))
            cards = p.card_rects(seat, max(1, count))
            wide = max(box.width, p.plate_w) + px(16)
            rects.append(pygame.Rect(box.centerx - wide // 2, cards[-1].bottom,
                                     wide, px(14) + t.font_px(13) * 2))  # fmt: skip
        return rects[0].unionall(rects[1:])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What moves every frame, over the cached table: the Sabacc Shift's flash and
        dissolving hands, rolling dice, and the turn marker."""
        t, m = self.t, self.model
        if m.shift_flash > 0:
            # One plain veil kept, faded with its surface alpha: a 4K per-pixel-alpha
            # veil made and blended every frame cost tens of milliseconds (the two
            # blends differ by at most one step of a colour channel).
            colour = tuple(t.ink.info[:3])
            veil = self._veil
            if veil is None or veil[0] != (t.felt.size, colour):
                image = pygame.Surface(t.felt.size, 0, 32)
                image.fill(colour)
                veil = self._veil = ((t.felt.size, colour), image)
            veil[1].set_alpha(round(70 * m.shift_flash))
            surface.blit(veil[1], t.felt.topleft)
        for seat, fade in m.dissolve.items():
            self.draw_dissolving(surface, seat, fade)
        if m.dice_spin < 1.0:
            self.draw_dice(surface)
        if t.acting() == t.human and t.idle():
            plate = t.places.plates[t.human]
            t.draw_turn_marker(surface, (plate.x - t.px(2), plate.centery), "right")

    # ------------------------------------------------------------------ table
    def draw_table(self, surface: pygame.Surface) -> None:
        actor = self.t.acting()
        for seat in range(self.t.num_seats):
            self.draw_seat(surface, seat, actor)
        self.draw_centre(surface)

    def draw_seat(self, surface: pygame.Surface, seat: int, actor: int) -> None:
        t, p, m, ink = self.t, self.t.places, self.model, self.t.ink
        plate = p.plates[seat]
        active = actor == seat and (not t.queue.busy or t.thinking == seat)
        text, shade = m.notes[seat]
        text = live(text)  # in the language of the moment
        absent = not m.in_match[seat]
        if absent:
            text, shade = i18n.t("spiketable.note.out"), "dim"
        if seat in m.winners:
            pygame.draw.rect(surface, ink.gold, plate.inflate(t.px(12), t.px(12)), 3,
                             border_radius=t.px(14))  # fmt: skip
        t.draw_plate(surface, plate, seat, m.chips[seat], active, text,
                     m.folded[seat] or absent, ink(shade) if text else None)  # fmt: skip
        if seat == m.dealer:
            self.draw_dealer_puck(surface, plate)
        cards = m.seat_cards(seat)
        if not cards:
            return
        h = p.card_height(seat)
        rects = p.card_rects(seat, len(cards))
        picks = len(m.picks[seat])
        if seat in m.dissolve:
            return  # the overlay draws a dissolving hand, frame by frame
        chosen = t.inputs.toggled | {t.inputs.pick}  # the player's picked cards
        for i, (code, rect) in enumerate(zip(cards, rects, strict=True)):
            image = t.card(code, h)
            at = rect.copy()
            picked = i < picks
            if seat == t.human and (picked or i - picks in chosen):
                at = at.move(0, -p.lift)
            elif seat != t.human and picked:
                at = at.move(0, t.px(6))  # the selection sits a little apart
            surface.blit(image, at)
            if picked and seat == t.human and not m.revealed[seat]:
                self.draw_tag(surface, i18n.t("spiketable.face_down"), at, ink.info)
            elif seat == t.human and i - picks in chosen:
                pygame.draw.rect(surface, ink.gold, at.inflate(4, 4), 3, border_radius=8)
            elif picked and code is None and not m.revealed[seat]:
                pygame.draw.rect(surface, ink.info, at, 2, border_radius=6)
        if seat == t.human:
            gained = m.gained[seat]
            if gained is not False:
                image = t.card(gained if isinstance(gained, str) else None, h)
                rect = image.get_rect(center=p.gain_spot(seat))
                surface.blit(image, rect)
                pygame.draw.rect(surface, ink.gold, rect.inflate(4, 4), 3, border_radius=8)
                self.draw_tag(surface, i18n.t("spiketable.gained"), rect, ink.gold)
            self.draw_own_caption(surface, rects)
        else:
            if m.gained[seat] is not False:
                image = t.card(None, h)
                surface.blit(image, image.get_rect(center=p.gain_spot(seat)))
            self.draw_label(surface, seat, rects)

    def draw_dissolving(self, surface: pygame.Surface, seat: int, fade: float) -> None:
        """A hand of the Sabacc Shift: face up, glowing, drifting up as it fades."""
        t, p = self.t, self.t.places
        cards = self.model.seat_cards(seat)
        h = p.card_height(seat)
        for i, (code, rect) in enumerate(zip(cards, p.card_rects(seat, len(cards)), strict=True)):
            image = t.card(code, h).copy()
            image.set_alpha(round(255 * (1 - fade)))
            rng = random.Random(seat * 31 + i)
            at = rect.move(round(rng.uniform(-1, 1) * fade * t.px(24)), -round(fade * t.px(30)))
            glow = at.inflate(t.px(6), t.px(6))
            pygame.draw.rect(surface, t.ink.info, glow, max(1, round(3 * (1 - fade))),
                             border_radius=t.px(8))  # fmt: skip
            surface.blit(image, at)

    def draw_tag(self, surface: pygame.Surface, words: str, card: pygame.Rect, colour: Any) -> None:
        t = self.t
        image = kt.fit(words, card.width - t.px(4), t.font_px(11), t.ink.panel, True)
        box = image.get_rect(midbottom=(card.centerx, card.bottom - t.px(4))).inflate(6, 2)
        pygame.draw.rect(surface, colour, box, border_radius=4)
        surface.blit(image, image.get_rect(center=box.center))

    def label_layout(
        self, seat: int, rects: list[pygame.Rect]
    ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect] | None:
        """Another seat's revealed hand named under its cards: the words (shrunk to the
        seat's width), where they go and their backing, which ``?`` outlines."""
        t, m = self.t, self.model
        text = live(m.hand_names[seat])  # in the language of the moment
        if not text:
            return None
        box = t.places.hand_boxes[seat]
        colour = t.ink.good if seat in m.winners else t.ink(m.label_shade[seat])
        image = kt.fit(text, max(box.width, t.places.plate_w), t.font_px(13), colour, True)
        at = image.get_rect(midtop=(box.centerx, rects[-1].bottom + t.px(8)))
        return image, at, at.inflate(t.px(8), t.px(2))

    def draw_label(self, surface: pygame.Surface, seat: int, rects: list[pygame.Rect]) -> None:
        label = self.label_layout(seat, rects)
        if label is None:
            return
        image, at, back = label
        pygame.draw.rect(surface, self.t.ink.panel, back, border_radius=self.t.px(6))
        surface.blit(image, at)

    def own_caption_lines(
        self, rects: list[pygame.Rect]
    ) -> tuple[int, list[tuple[str, pygame.Rect]]]:
        """The player's caption (``own_hand_text``) laid out right of their cards: wrapped
        to the felt left there, smaller where ``CAPTION_LINES`` lines do not hold it; its
        size and each line with the rect it fills (what is drawn and ``?`` outlines)."""
        t, p = self.t, self.t.places
        text = self.own_hand_text()
        if not text:
            return 0, []
        x = rects[-1].right + t.px(14)
        if self.model.gained[t.human] is not False:
            x = p.gain_spot(t.human)[0] + p.human_card_h // 3 + t.px(12)
        room = max(t.px(80), t.table.right - x - t.px(6))
        size, floor = t.font_px(17), t.font_px(11)
        lines = kt.wrap(text, size, room, True)
        while len(lines) > CAPTION_LINES and size > floor:
            size = max(floor, int(size * 0.9))
            lines = kt.wrap(text, size, room, True)
        images = [kt.fit(line, room, size, t.ink.gold, True) for line in lines]
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
        ink = self.t.ink
        colour = ink.good if self.t.human in self.model.winners else ink.gold
        for line, rect in lines:
            surface.blit(kt.fit(line, rect.width + 1, size, colour, True), rect)

    def own_hand_text(self) -> str:
        t, m = self.t, self.model
        if m.hand_names[t.human]:
            return str(live(m.hand_names[t.human]))
        view = t.seen.view
        if view is None or m.folded[t.human]:
            return ""
        if t.coruscant:
            if m.target is None:
                return ""
            toggled = t.inputs.toggled
            chosen = [c for c in m.picks[0] if c] + [
                c for i, c in enumerate(m.hands[0]) if i in toggled and c
            ]
            if not chosen:
                return ""
            total = sum(art_value(c) for c in chosen)
            return i18n.t(
                "spiketable.yours",
                what=spike_words.distance_text(total, tuple(chosen), (m.target, m.suit)),
            )
        cards = [c for c in m.hands[0] if c]
        if len(cards) < 1:
            return ""
        rank = self.rank_of_cards(cards)
        return i18n.t("spiketable.your_hand", hand=spike_text.rank_name(rank.kind, rank.total))

    def rank_of_cards(self, cards: list[str]) -> Any:
        from game.rules import spike_cards as kc
        from game.rules.spike_rank import rank_spike_cards

        o = self.t.options
        return rank_spike_cards(kc.parse_all(cards), o.strict_one_pair, o.exact_named_hands)

    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Corellian Spike / Coruscant Shift table now (kit.legend):
        plates, the dealer's puck, the piles, the pots, the dice, the selection's
        face-down tags, a gained card and the winners' outlines."""
        t, p, m, px = self.t, self.t.places, self.model, self.t.px
        marks = [Mark(p.deck_rect, "deck"), Mark(p.discard_rect, "discard-pile")]
        for pot in ("hand",) if t.coruscant else ("hand", "sabacc"):
            rect = p.pot_rect(pot)
            marks.append(Mark(rect, "pot" if t.coruscant else f"{pot}-pot"))
            if t.coruscant and m.ante:
                marks.append(Mark(pygame.Rect(rect.right + px(6), rect.centery - px(10),
                                              px(90), px(20)), "ante"))  # fmt: skip
        dice = p.dice_rects[0].union(p.dice_rects[1])
        if t.coruscant:
            marks.append(Mark(dice, "target-dice"))
        else:
            faces = m.dice
            same = faces is not None and faces[0] == faces[1] and m.dice_spin >= 1.0
            marks.append(Mark(dice, "sabacc-shift" if same else "spike-dice"))
        r = px(12)
        for seat in range(t.num_seats):
            plate = p.plates[seat]
            marks.append(Mark(plate, "nameplate"))
            if seat == m.dealer:
                centre = (plate.right - r + px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "dealer-puck"))  # fmt: skip
            if seat in m.winners:
                marks.append(Mark(plate.inflate(px(12), px(12)), "winner"))
            cards = m.seat_cards(seat)
            if not cards or seat in m.dissolve:
                continue
            picks = len(m.picks[seat])
            for rect in p.card_rects(seat, len(cards))[:picks]:
                if not m.revealed[seat]:
                    marks.append(Mark(rect, "selection"))
            if seat == t.human and m.gained[seat] is not False:
                image = t.card(None, p.human_card_h)
                marks.append(Mark(image.get_rect(center=p.gain_spot(seat)), "gained-card"))
            rects = p.card_rects(seat, len(cards))
            if seat == t.human:
                lines = self.own_caption_lines(rects)[1]
                if lines:
                    hand_term = "coruscant-hand" if t.coruscant else "spike-hand"
                    boxes = [rect for _, rect in lines]
                    marks.append(Mark(boxes[0].unionall(boxes[1:]), hand_term))
            else:
                label = self.label_layout(seat, rects)
                if label is not None:
                    # Another seat's revealed hand: theirs, not "your selection".
                    term = "revealed-selection" if t.coruscant else "revealed-hand"
                    marks.append(Mark(label[2], term))
        return marks

    def draw_dealer_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        t = self.t
        r = t.px(12)
        centre = (plate.right - r + t.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, t.palette.paper, centre, r)
        pygame.draw.circle(surface, t.palette.plate_edge, centre, r, 2)
        t.caption(surface, i18n.t("spiketable.dealer_mark"), centre, 13, t.ink.panel, True)

    # ----------------------------------------------------------------- centre
    def draw_centre(self, surface: pygame.Surface) -> None:
        t, p, m, ink, px = self.t, self.t.places, self.model, self.t.ink, self.t.px
        back = t.card(None, p.pile_h)
        d = p.deck_rect
        if m.deck:
            for i in range(3):
                surface.blit(back, d.move(-i * 2, -i * 2))
        else:
            pygame.draw.rect(surface, ink.dim, d, 2, border_radius=px(6))
        t.caption(surface, i18n.format_number(m.deck), (d.centerx, d.bottom + px(2)), 12,
                  ink.dim, False, "midtop")  # fmt: skip
        pile = p.discard_rect
        if m.discards:
            surface.blit(t.card(m.discards[-1], p.pile_h), pile)
        else:
            pygame.draw.rect(surface, ink.dim, pile, 2, border_radius=px(6))
        t.caption(surface, i18n.t("spiketable.discard"), (pile.centerx, pile.bottom + px(2)), 12,
                  ink.dim, False, "midtop", pile.width + px(30))  # fmt: skip
        if m.dice_spin >= 1.0:
            self.draw_dice(surface)
        self.draw_pots(surface)
        cx = t.table.centerx
        y = p.status_at[1] + t.font_px(12) + px(4)
        room = min(t.table.width - 2 * p.plate_w, px(420))
        if m.phase_note:
            rect = t.caption(surface, live(m.phase_note), (cx, y), 14, ink.dim, False, "midtop",
                             room)  # fmt: skip
            y = rect.bottom
        status = t.status_text()
        if status:
            t.caption(surface, status, (cx, y + px(2)), 17, ink.text, True, "midtop", room)
        t.notices.draw_message(surface, t.banner_centre())

    def draw_pots(self, surface: pygame.Surface) -> None:
        t, p, m, ink, px = self.t, self.t.places, self.model, self.t.ink, self.t.px
        if t.coruscant:
            pots = [("hand", i18n.t("spiketable.pot"), m.pot)]
        else:
            pots = [("hand", i18n.t("spiketable.hand_pot"), m.hand_pot),
                    ("sabacc", i18n.t("spiketable.sabacc_pot"), m.sabacc_pot)]  # fmt: skip
        w, h = px(128), p.pot_h
        for pot, title, amount in pots:
            rect = p.pot_rect(pot)
            surface.blit(kt.panel(rect.size, ink, h // 3, 150), rect)
            pygame.draw.rect(surface, ink.brass, rect, 1, border_radius=h // 3)
            t.caption(surface, title.upper(), (rect.centerx, rect.y + px(4)), 11, ink.brass, True,
                      "midtop", w - px(16))  # fmt: skip
            if amount:
                stack = chip_image(amount, px(18), t.palette_name)
                surface.blit(stack, stack.get_rect(midbottom=(rect.centerx - px(10),
                                                              rect.bottom - px(6))))  # fmt: skip
            t.caption(surface, i18n.format_number(amount), (rect.right - px(10), rect.bottom - px(5)),
                      16, ink.gold, True, "bottomright")  # fmt: skip
        if t.coruscant and m.ante:
            x, y = p.pot_pos("hand")
            t.caption(surface, i18n.t("spiketable.ante", count=m.ante),
                      (x + w // 2 + px(8), p.pot_at[1] - h // 2), 13, ink.dim, False,
                      "midleft")  # fmt: skip

    def draw_dice(self, surface: pygame.Surface) -> None:
        t, p, m, ink, px = self.t, self.t.places, self.model, self.t.ink, self.t.px
        size = p.die_size
        rolling = m.dice_spin < 1.0
        if t.coruscant:
            self.draw_coruscant_dice(surface, size, rolling)
            return
        first, second = p.dice_rects
        if m.dice is None and not rolling:
            for rect in p.dice_rects:
                pygame.draw.rect(surface, ink.dim, rect, 1, border_radius=px(6))
            t.caption(surface, i18n.t("spiketable.spike_dice"),
                      (first.centerx, second.bottom + px(2)), 11, ink.dim, False,
                      "midtop")  # fmt: skip
            return
        faces = m.dice or (1, 1)
        earlier = not rolling and m.dice_round != m.round_no  # last round's roll
        for k, rect in enumerate(p.dice_rects):
            image = spike_dice.render_spike_roll_frame(faces[k], size, m.dice_spin,
                                                       m.spin_seed + k * 5, t.palette_name)  # fmt: skip
            if earlier:
                image = image.copy()
                image.set_alpha(150)
            surface.blit(image, image.get_rect(center=rect.center))
        if not rolling and not earlier and faces[0] == faces[1]:
            # The same symbol twice: a Sabacc Shift, said under the pair (this round's
            # roll only: last round's shift is over).
            both = first.union(second).inflate(px(8), px(8))
            pygame.draw.rect(surface, ink.info, both, 2, border_radius=px(8))
            t.caption(surface, i18n.t("spikedice.shift"), (both.centerx, both.bottom + px(2)), 11,
                      ink.info, True, "midtop")  # fmt: skip

    def draw_coruscant_dice(self, surface: pygame.Surface, size: int, rolling: bool) -> None:
        t, m, ink, px = self.t, self.model, self.t.ink, self.t.px
        gold, silver = t.places.dice_rects
        pal = t.palette
        target, suit = m.target, m.suit
        if rolling:
            rng = random.Random(m.spin_seed)
            target = rng.choice(GOLD_FACES)
            suit = rng.choice("ots")
        wobble = round(math.sin(m.dice_spin * 20) * 4 * (1 - m.dice_spin)) if rolling else 0
        for rect, body in ((gold, pal.gold), (silver, mix(pal.paper, (200, 205, 215), 0.5))):
            shown = rect.move(0, wobble)
            pygame.draw.rect(surface, mix(body, (0, 0, 0), 0.35), shown.move(0, 2),
                             border_radius=px(6))  # fmt: skip
            pygame.draw.rect(surface, body, shown, border_radius=px(6))
        if target is None or suit is None:
            t.caption(surface, "?", gold.center, 18, ink.panel, True)
            t.caption(surface, "?", silver.center, 18, ink.panel, True)
        else:
            t.caption(surface, spike_words.signed(target), gold.move(0, wobble).center, 17,
                      ink.panel, True, "center", gold.width - 4)  # fmt: skip
            art.fill_stave(surface, suit, silver.move(0, -wobble).center, size * 0.28, ink.panel)
        label = i18n.t("spiketable.target_dice")
        t.caption(surface, label, (gold.union(silver).centerx, gold.bottom + px(3)), 11, ink.dim,
                  False, "midtop", px(120))  # fmt: skip


def art_value(code: str) -> int:
    from game.rules import spike_cards as kc

    return kc.value(kc.parse(code))
