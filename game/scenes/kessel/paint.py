"""Painting the Kessel table: the display model and ``seen`` (what the engine has told
the table), never the engine itself."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel as kg
from game.rules import kessel_cards as kc
from game.scenes.kessel.animate import KesselAnimate, pair_value
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image
from game.ui import draw as furniture
from game.ui import kessel_art


class KesselPaint(KesselAnimate):
    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (the token picker, a warning, the rules in force);
        the centre and each seat are parts of their own (``layer_parts``). Flying cards
        and chips are sprites over the picture."""
        return (
            self.app.size, tuple(self.picked), self.targeting, self.hover_seat,
            tuple(sorted(self.rules.items())), self.message[0] if self.message else None,
            self.picking(), self.mouse if self.picking() else None,
        )  # fmt: skip

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre's piles, its facts line, its status and dice, each seat (plate, news, pot, cards,
        tokens; the player's hand words and token slots) and a swap's path between two
        seats, each painted again on its own when it changes (motions quantised)."""

        def step(p: float, n: int = 12) -> int:
            return round(p * n)

        dice = self.dice
        views = self.seen.view
        actor = self.acting()
        reveal = (self.revealing, step(self.reveal_p, 16)) if self.revealing else None
        piles = (
            tuple(tuple(d[-2:]) for d in self.discards),
            tuple(self.can_click_pile(k) for k in self.piles),
            None if views is None else views.pile_sizes,
        )
        roll = (
            self.centre_status(), self.round_no,
            None if dice is None else (dice.faces, dice.chosen, dice.seat, dice.purpose,
                                       step(dice.roll)),
            self.choosing_face() if dice is not None else False,
        )  # fmt: skip
        box = self.centre_box
        parts: list[tuple[Any, pygame.Rect]] = [
            (piles, pygame.Rect(box.x - self.px(60), box.y - self.px(10), box.width + self.px(120),
                                self.facts_y - box.y + self.px(14))),
            ((self.round_no, self.turn, self.hands_shown), pygame.Rect(box.x - self.px(48), self.facts_y - self.px(2),
                                                     box.width + self.px(96), self.font_px(15) * 2)),
            (roll, self.dice_place()),
        ]  # fmt: skip
        for seat in range(self.num_seats):
            sign: tuple[Any, ...] = (
                self.chips[seat], self.pots[seat], self.in_game[seat], tuple(self.hands[seat]),
                self.drawn.get(seat), self.token_counts[seat], self.immune[seat],
                self.embargoed[seat], self.ranks[seat], seat in self.winners,
                self.latest[seat], self.starting == seat, tuple(self.round_tokens[seat]),
                tuple((k, step(p), v) for k, (p, v) in sorted(self.flourish.items())
                      if k[0] == seat),
                step(self.hit[seat]) if seat in self.hit else None, reveal,
                actor == seat and (not self.queue.busy or self.thinking == seat),
            )  # fmt: skip
            if seat == self.human:
                sign += (tuple(self.my_tokens), tuple(self.playable_tokens()),
                         self.hand_words())  # fmt: skip
            parts.append((sign, self.seat_place(seat)))
        swap = self.swapping
        path = pygame.Rect(0, 0, 0, 0)
        if swap is not None:
            rects = self.card_rects(swap[0]) + self.card_rects(swap[1])
            path = rects[0].unionall(rects[1:]).inflate(self.px(8), self.px(8))
        parts.append(((swap, step(self.swap_p, 16)), path))
        return parts

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

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: its plate with rings, news and puck, its pot,
        cards (with a Sylop's glow and label), drawn card and tokens."""
        plate = self.plates[seat]
        rects = [plate.inflate(self.px(44), self.px(44))]
        x, y = self.pot_anchor(seat)
        rects.append(pygame.Rect(x - self.px(16), y - self.px(40), self.px(150), self.px(80)))
        cards = self.card_rects(seat) + [self.drawn_place(seat)]
        rects += [card.inflate(self.px(36), self.px(36)) for card in cards]
        for (who, fam), (_, value) in self.flourish.items():
            if who == seat:
                rects.append(self.sylop_tag(cards[fam], value)[1].inflate(self.px(4), self.px(4)))
        if seat == self.human:
            hand = self.human_hand
            rects.append(pygame.Rect(hand.centerx - self.px(160), hand.y - self.font_px(16) * 2 - self.px(12),
                                     self.px(320), self.font_px(16) * 2 + self.px(12)))  # fmt: skip
            rects.append(self.drawn_rect.inflate(self.px(12), self.px(12)).move(0, 0))
            rects.append(pygame.Rect(self.drawn_rect.x - self.px(40), self.drawn_rect.y - self.font_px(14) * 2 - self.px(10),
                                     self.drawn_rect.width + self.px(80), self.font_px(14) * 2 + self.px(12)))  # fmt: skip
            for rect in self.token_rects_mine:
                rects.append(rect.inflate(self.px(40), self.px(24)).move(0, -self.px(8)))
                rects.append(pygame.Rect(rect.centerx - rect.width // 2 - self.px(24), rect.bottom,
                                         rect.width + self.px(48), self.font_px(11) * 2 + self.px(4)))  # fmt: skip
            anchor = (plate.x - self.px(40), plate.centery)
        else:
            rects.append(self.news_tag(seat).inflate(self.px(8), self.px(8)))
            anchor = self.token_anchor(seat)
        if self.options.shift_tokens:
            d = self.px(18)
            played = len(self.round_tokens[seat]) + 1
            reach = self.token_counts[seat] * (d // 2) + played * (d + self.px(8))
            rects.append(pygame.Rect(anchor[0] - reach - d, anchor[1] - d, reach + 2 * d, 2 * d))
        return rects[0].unionall(rects[1:])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.acting() == self.human and self.idle():
            plate = self.plates[self.human]
            self.draw_turn_marker(surface, (plate.x - self.px(2), plate.centery), "right")

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_centre(surface)
        targets = self.target_seats() if self.targeting else []
        for seat in range(self.num_seats):
            self.draw_seat(surface, seat, seat in targets)
        self.draw_mine(surface)
        if self.picking():
            self.draw_picker(surface)
        self.draw_message(surface, self.banner_centre())

    # -------------------------------------------------------------- the symbols
    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Kessel table now (kit.legend): the piles, plates, the
        first player's "1", each seat's pot, cards, drawn card, tokens (face down,
        played, the player's own with their rings), the dice and the rule badges."""
        if self.picking():
            return self.picker_marks()
        marks = [Mark(self.piles[family], "sand-blood") for family in ("sand", "blood")]
        marks += [Mark(self.piles[f"{family}-discard"], "discard-pile")
                  for family in ("sand", "blood")]  # fmt: skip
        r = self.px(11)
        d = self.px(18)
        for seat in range(self.num_seats):
            plate = self.plates[seat]
            marks.append(Mark(plate, "nameplate"))
            if seat == self.starting and self.in_game[seat]:
                centre = (plate.right - r + self.px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "kessel-first"))  # fmt: skip
            if self.pots[seat]:
                x, y = self.pot_anchor(seat)
                marks.append(Mark(pygame.Rect(x - self.px(10), y - self.px(12), self.px(70),
                                              self.px(24)), "kessel-pot"))  # fmt: skip
            news, colour = self.plate_news(seat)
            if news and seat != self.human and self.ranks[seat] is None:
                tag = self.news_tag(seat).copy()
                words = kt.fit(news, tag.width - self.px(10), self.font_px(12), colour, True)
                tag.width, tag.centerx = (
                    min(tag.width, words.get_width() + self.px(14)),
                    tag.centerx,
                )
                marks.append(Mark(tag, "plate-news"))
            if seat in self.hit:
                marks.append(Mark(plate.inflate(self.px(8), self.px(8)), "token-hit"))
            for fam, rect in enumerate(self.card_rects(seat)):
                if (seat, fam) in self.flourish:
                    marks.append(Mark(rect, "sylop"))
            if seat in self.winners:
                both = self.card_rects(seat)
                marks.append(Mark(both[0].union(both[1]), "winner"))
            if not self.options.shift_tokens:
                continue
            if seat == self.human:
                x, y = plate.x - self.px(40), plate.centery
            else:
                x, y = self.token_anchor(seat)
                if self.token_counts[seat]:
                    w = (self.token_counts[seat] - 1) * (d // 2) + d
                    marks.append(Mark(pygame.Rect(x - w + d // 2, y - d // 2, w, d),
                                      "token-hidden"))  # fmt: skip
                x -= self.token_counts[seat] * (d // 2) + d
            for _ in self.round_tokens[seat]:
                marks.append(Mark(pygame.Rect(x - d // 2 - 2, y - d // 2 - 2, d + 4, d + 4),
                                  "token-played"))  # fmt: skip
                x -= d + self.px(6)
        if self.drawn.get(self.human) is not None:
            marks.append(Mark(self.drawn_rect, "drawn-card"))
        hand_words = self.hand_words()
        if hand_words:
            hand = self.human_hand
            w = min(
                self.px(300), kt.text(hand_words, self.font_px(16), self.ink.gold, True).get_width()
            )
            h = self.font_px(16) + self.px(6)
            marks.append(Mark(pygame.Rect(hand.centerx - w // 2, hand.y - self.px(6) - h, w, h),
                              "kessel-hand"))  # fmt: skip
        if self.options.shift_tokens:
            playable = self.playable_tokens()
            for i, rect in enumerate(self.token_rects_mine):
                if i >= len(self.my_tokens):
                    term = "token-empty"
                elif self.my_tokens[i] in playable:
                    term = "token-playable"
                else:
                    term = "token-waiting"
                marks.append(Mark(rect, term))
        for rect in getattr(self, "dice_rects", []) if self.dice is not None else []:
            marks.append(Mark(rect, "impostor-dice"))
        if self.rule_badges():
            box = self.centre_box
            y = self.facts_y + self.font_px(15) + self.px(2)
            w = box.width + self.px(60)
            marks.append(Mark(pygame.Rect(box.centerx - w // 2, y, w, self.font_px(16)),
                              "rule-badges"))  # fmt: skip
        return marks

    def picker_marks(self) -> list[Mark]:
        """The token picker's symbols: each chip's colour (what kind of token it is) and
        the frame of a token already picked; its names and sentences are words. The
        ``?`` labels name each colour once, at its first chip (the others show it on
        hover), so no leader line runs across the tokens' words."""
        marks: list[Mark] = []
        named: set[str] = set()
        rects = self.picker_rects()
        d = min(rects[0].height - self.px(8), self.px(44))
        for token, rect in zip(kg.TOKENS, rects, strict=True):
            chip = pygame.Rect(0, 0, d, d)
            chip.midleft = (rect.x + self.px(6), rect.centery)
            term = f"token-{kessel_art.TOKEN_GROUP[token]}"
            marks.append(Mark(chip, term, labelled=term not in named))
            named.add(term)
            if token in self.picked:
                marks.append(Mark(rect, "token-picked"))
        return marks

    def picker_keep_clear(self) -> list[pygame.Rect]:
        """The picker's words (its title, each token's name and sentence): the ``?``
        labels keep off them."""
        rects = self.picker_rects()
        d = min(rects[0].height - self.px(8), self.px(44))
        area = rects[0].union(rects[-1]).inflate(self.px(24), self.px(60))
        area.y -= self.px(18)
        title = pygame.Rect(area.x, area.y, area.width, self.px(6) + self.font_px(17) + self.px(6))
        texts = [title]
        for rect in rects:
            left = rect.x + d + self.px(12)
            texts.append(pygame.Rect(left, rect.y + self.px(4), rect.right - left - self.px(2),
                                     rect.height - self.px(6)))  # fmt: skip
        return texts

    def legend_keep_clear(self) -> list[pygame.Rect]:
        rects = super().legend_keep_clear()
        return rects + self.picker_keep_clear() if self.picking() else rects

    # ------------------------------------------------------------------ seats
    def plate_news(self, seat: int) -> tuple[str, Any]:
        ink = self.ink
        if not self.in_game[seat]:
            return i18n.t("kt.out"), ink.bad
        rank = self.ranks[seat]
        if rank is not None:
            colour = ink.good if seat in self.winners else ink.text
            return self.rank_words(*rank), colour
        bits = []
        if self.immune[seat]:
            bits.append(i18n.t("kt.immune"))
        if self.embargoed[seat]:
            bits.append(i18n.t("kt.embargoed"))
        if self.latest[seat]:
            bits.append(i18n.t(f"kt.latest.{self.latest[seat]}"))
        if seat == self.starting and not bits and not self.hands_shown:  # the turns' news
            bits.append(i18n.t("kt.starts"))
        return " · ".join(bits), ink.gold

    def draw_seat(self, surface: pygame.Surface, seat: int, target: bool) -> None:
        plate = self.plates[seat]
        actor = self.acting()
        active = actor == seat and (not self.queue.busy or self.thinking == seat)
        if target:
            colour = self.ink.gold if seat == self.hover_seat else self.ink.good
            pygame.draw.rect(surface, colour, plate.inflate(self.px(14), self.px(14)), 3,
                             border_radius=self.px(14))  # fmt: skip
        if seat in self.hit:
            p = self.hit[seat]
            ring = plate.inflate(self.px(8 + 24 * p), self.px(8 + 24 * p))
            pygame.draw.rect(surface, self.ink.bad, ring, max(1, self.px(4 * (1 - p)) + 1),
                             border_radius=self.px(16))  # fmt: skip
        # The seat's news on its plate, as at every table (kit.plate); an opponent's
        # small plate that cannot show it whole hangs it in the tag under the plate.
        news, colour = self.plate_news(seat)
        tab = None if seat == self.human else self.news_tag(seat)
        self.draw_plate(surface, plate, seat, self.chips[seat], active, news,
                        not self.in_game[seat], colour if news else None, tab)  # fmt: skip
        if seat == self.starting and self.in_game[seat]:
            self.draw_puck(surface, plate)
        self.draw_pot(surface, seat)
        if seat == self.human:
            return
        rects = self.card_rects(seat)
        for fam, rect in enumerate(rects):
            self.draw_card(surface, seat, fam, rect, self.card_h)
        pending = self.drawn.get(seat)
        if pending is not None:
            code, fam = pending
            image = self.kcard(code, self.card_h, fam)
            surface.blit(image, image.get_rect(center=self.drawn_place(seat).center))
        if seat in self.winners:
            both = rects[0].union(rects[1]).inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, self.ink.good, both, 3, border_radius=self.px(8))
        self.draw_token_stack(surface, seat)

    def draw_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        r = self.px(11)
        centre = (plate.right - r + self.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, self.palette.paper, centre, r)
        pygame.draw.circle(surface, self.palette.plate_edge, centre, r, 2)
        self.caption(surface, "1", centre, 13, self.ink.panel, True)

    def draw_card(
        self, surface: pygame.Surface, seat: int, fam: int, rect: pygame.Rect, h: int
    ) -> None:
        code = self.hands[seat][fam]
        if code is False:
            pygame.draw.rect(surface, self.ink.dim, rect, 1, border_radius=self.px(6))
            return
        image = self.kcard(code if isinstance(code, str) else None, h, fam)
        if self.revealing:
            w = max(1, round(image.get_width() * abs(2 * self.reveal_p - 1)))
            image = pygame.transform.scale(image, (w, image.get_height()))
        if self.swapping is not None and seat in self.swapping:
            a, b = self.swapping
            other = self.card_rects(b if seat == a else a)[fam]
            p = self.swap_p
            pos = (rect.centerx + (other.centerx - rect.centerx) * p,
                   rect.centery + (other.centery - rect.centery) * p)  # fmt: skip
            surface.blit(image, image.get_rect(center=(round(pos[0]), round(pos[1]))))
        else:
            surface.blit(image, image.get_rect(center=rect.center))
        glow = self.flourish.get((seat, fam))
        if glow is not None:
            p, value = glow
            # It grows up and down only: sideways it would cross the neighbouring card.
            ring = rect.inflate(self.px(6), self.px(6 + 18 * p))
            pygame.draw.rect(surface, self.ink.gold, ring, max(2, self.px(5 * (1 - p)) + 2),
                             border_radius=self.px(10))  # fmt: skip
            lines, pill = self.sylop_tag(rect, value)
            radius = min(self.px(8), pill.height // 2)
            pygame.draw.rect(surface, self.ink.panel, pill, border_radius=radius)
            pygame.draw.rect(surface, self.ink.gold, pill, 1, border_radius=radius)
            y = pill.y + self.px(2)
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(pill.centerx, y)))
                y += line.get_height()

    def sylop_tag(self, card: pygame.Rect, value: int) -> tuple[list[pygame.Surface], pygame.Rect]:
        """The Sylop's "Sylop = 2" tag inside its own card's width (a neighbour's card
        lies a few pixels away): smaller type first, then two lines, then smaller
        still; its lines and its pill, low on the card."""
        words = i18n.t("kt.sylop_copies", value=value)
        pad = self.px(5)
        room = max(1, card.width - self.px(4) - 2 * pad)
        size = self.font_px(14)
        floor = max(8, self.font_px(11))
        lines = [kt.text(words, size, self.ink.gold, True)]
        while lines[0].get_width() > room and size > floor:
            size = max(floor, size - 1)
            lines = [kt.text(words, size, self.ink.gold, True)]
        if lines[0].get_width() > room:
            parts = kt.wrap(words, size, room, True)
            lines = [kt.fit(part, room, size, self.ink.gold, True) for part in parts]
            # A small card (a crowded table): smaller type until the lines fit on it.
            while sum(line.get_height() for line in lines) + self.px(8) > card.height and size > 8:
                size -= 1
                parts = kt.wrap(words, size, room, True)
                lines = [kt.fit(part, room, size, self.ink.gold, True) for part in parts]
        w = max(line.get_width() for line in lines) + 2 * pad
        h = sum(line.get_height() for line in lines) + self.px(4)
        pill = pygame.Rect(0, 0, min(w, card.width - self.px(4)), h)
        pill.midbottom = (card.centerx, card.bottom - self.px(2))
        return lines, pill

    def draw_pot(self, surface: pygame.Surface, seat: int) -> None:
        amount = self.pots[seat]
        if not amount:
            return
        at = self.pot_anchor(seat)
        image = chip_image(amount, self.px(20), self.palette_name)
        surface.blit(image, image.get_rect(center=at))
        left = at[0] + image.get_width() // 2 + self.px(3)
        words = i18n.t("kt.pot", count=amount)
        if seat != self.human:
            # The words stop short of the seat's tokens: a longer word for "pot" (ポット,
            # bote) shrinks a little, and where even that would run into the tokens the
            # chip keeps only its count (the "?" overlay names the pot).
            room = self.token_row_left(seat) - self.px(4) - left
            small = max(8, round(self.font_px(13) * 0.85))
            if kt.text(words, small, self.ink.gold, True).get_width() > room:
                words = str(amount)
            self.caption(surface, words, (left, at[1]), 13, self.ink.gold, True, "midleft",
                         max_width=max(1, room))  # fmt: skip
            return
        self.caption(surface, words, (left, at[1]), 13, self.ink.gold, True, "midleft")

    def token_row_left(self, seat: int) -> int:
        """The left edge of a computer seat's tokens under its cards (face down, then
        the ones played this round); the pod's right edge when it shows none."""
        pod = self.pods[seat]
        if not self.options.shift_tokens:
            return pod.right
        d = self.px(18)
        x, _ = self.token_anchor(seat)
        left = x + d // 2
        if self.token_counts[seat]:
            left = x - (self.token_counts[seat] - 1) * (d // 2) - d // 2
        played = len(self.round_tokens[seat])
        if played:
            first = x - self.token_counts[seat] * (d // 2) - d
            left = first - (played - 1) * (d + self.px(6)) - (d + self.px(4)) // 2
        return left

    def draw_token_stack(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's unplayed tokens face down (how many, never which), and the ones it
        played this round face up beside them."""
        if not self.options.shift_tokens:
            return
        d = self.px(18)
        x, y = self.token_anchor(seat)
        for i in range(self.token_counts[seat]):
            chip = kessel_art.render_token_back(d, self.palette_name)
            surface.blit(chip, chip.get_rect(center=(x - i * (d // 2), y)))
        self.draw_played(surface, seat, (x - self.token_counts[seat] * (d // 2) - d, y), d)

    def draw_played(self, surface: pygame.Surface, seat: int, at: tuple[int, int], d: int) -> None:
        """The tokens ``seat`` played this round, right to left from ``at``."""
        x, y = at
        for token in reversed(self.round_tokens[seat]):
            chip = kessel_art.render_token_chip(token, d + self.px(4), self.palette_name)
            surface.blit(chip, chip.get_rect(center=(x, y)))
            x -= d + self.px(6)

    # -------------------------------------------------------------- the player
    def draw_mine(self, surface: pygame.Surface) -> None:
        rects = self.card_rects(self.human)
        for fam, rect in enumerate(rects):
            self.draw_card(surface, self.human, fam, rect, self.human_card_h)
        if self.human in self.winners:
            both = rects[0].union(rects[1]).inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, self.ink.good, both, 3, border_radius=self.px(8))
        pending = self.drawn.get(self.human)
        if pending is not None:
            code, fam = pending
            image = self.kcard(code, self.human_card_h, fam)
            surface.blit(image, self.drawn_rect)
            pygame.draw.rect(surface, self.ink.gold, self.drawn_rect.inflate(self.px(6), self.px(6)),
                             3, border_radius=self.px(8))  # fmt: skip
            self.caption(surface, i18n.t("kt.drawn"), (self.drawn_rect.centerx, self.drawn_rect.y - self.px(4)),
                         14, self.ink.gold, True, "midbottom")  # fmt: skip
        words = self.hand_words()
        if words:
            self.caption(surface, words, (self.human_hand.centerx, self.human_hand.y - self.px(6)),
                         16, self.ink.gold, True, "midbottom", max_width=self.px(300))  # fmt: skip
        self.draw_my_tokens(surface)
        if self.options.shift_tokens:
            plate = self.plates[self.human]
            d = self.px(18)
            self.draw_played(surface, self.human, (plate.x - self.px(40), plate.centery), d)

    def hand_words(self) -> str:
        """What the player's hand is worth now ("Sabacc", "difference 2", Impostors)."""
        rank = self.ranks[self.human]
        if rank is not None:
            return i18n.t("kt.your_hand", value=self.rank_words(*rank))
        cards = self.hands[self.human]
        if not all(isinstance(c, str) for c in cards):
            return ""
        parsed = [kc.parse_code(str(c)) for c in cards]
        fraud = "major-fraud" in self.rules
        if any(kc.is_impostor(c) and v is None for c, v in parsed) and not fraud:
            return i18n.t("kt.your_hand_impostor")
        mods = kc.Modifiers(markdown="markdown" in self.rules, cook_the_books="cook-the-books" in self.rules,
                            prime=self.rules.get("prime-sabacc"), major_fraud=fraud)  # fmt: skip
        try:
            r = kc.rank_cards(parsed[0][0], parsed[1][0], parsed[0][1], parsed[1][1], mods)
        except ValueError:
            return ""
        pair = pair_value([str(c) for c in cards], fraud) if r.kind == kc.SABACC else 0
        return i18n.t("kt.your_hand", value=self.rank_words(r.kind, r.total, pair))

    def draw_my_tokens(self, surface: pygame.Surface) -> None:
        if not self.options.shift_tokens:
            return
        playable = self.playable_tokens()
        for i, rect in enumerate(self.token_rects_mine):
            if i >= len(self.my_tokens):
                pygame.draw.circle(surface, self.ink.dim, rect.center, rect.width // 2, 1)
                continue
            token = self.my_tokens[i]
            lift = self.px(8) if token == self.targeting else 0
            chip = kessel_art.render_token_chip(token, rect.width, self.palette_name,
                                                dim=token not in playable)  # fmt: skip
            at = rect.move(0, -lift)
            if token in playable:
                pygame.draw.circle(
                    surface, self.ink.gold, at.center, rect.width // 2 + self.px(3), 2
                )
            surface.blit(chip, at)
            self.caption(surface, kt_words.token_name(token), (rect.centerx, rect.bottom + self.px(1)),
                         11, self.ink.text, False, "midtop",
                         max_width=max(rect.width + self.px(30), self.token_step - self.px(2)))  # fmt: skip

    # --------------------------------------------------------------- the centre
    def draw_centre(self, surface: pygame.Surface) -> None:
        sizes = self.seen.view.pile_sizes if self.seen.view is not None else (0, 0)
        for fam, family in enumerate(("sand", "blood")):
            deck = self.piles[family]
            back = self.kcard(None, self.pile_h, fam)
            for i in range(3 if sizes[fam] else 0):
                surface.blit(
                    back, back.get_rect(center=(deck.centerx - i * 2, deck.centery - i * 2))
                )
            self.caption(surface, kt_words.family_name(family), (deck.centerx, deck.bottom + self.px(3)),
                         13, self.ink.text, True, "midtop")  # fmt: skip
            pile = self.piles[f"{family}-discard"]
            top = self.discards[fam][-1] if self.discards[fam] else None
            if top is None:
                pygame.draw.rect(surface, self.ink.dim, pile, 1, border_radius=self.px(6))
            else:
                surface.blit(self.kcard(top, self.pile_h), pile)
            self.caption(surface, i18n.t("kt.discards"), (pile.centerx, pile.bottom + self.px(3)),
                         12, self.ink.dim, False, "midtop")  # fmt: skip
            if self.can_click_pile(family) or self.can_click_pile(f"{family}-discard"):
                for key in (family, f"{family}-discard"):
                    if self.can_click_pile(key):
                        pygame.draw.rect(surface, self.ink.gold, self.piles[key].inflate(self.px(6), self.px(6)),
                                         2, border_radius=self.px(8))  # fmt: skip
        box = self.centre_box
        if self.hands_shown:  # the turns are over: "turn 2 of 3" is no longer the moment's
            facts = i18n.t("kt.facts_shown", round=max(1, self.round_no))
        else:
            facts = i18n.t("kt.facts", round=max(1, self.round_no), turn=max(1, self.turn))
        y = self.facts_y
        self.caption(surface, facts, (box.centerx, y), 15, self.ink.gold, True, "midtop",
                     max_width=box.width + self.px(80))  # fmt: skip
        badges = self.rule_badges()
        if badges:
            self.caption(surface, " · ".join(badges), (box.centerx, y + self.font_px(15) + self.px(2)), 14,
                         self.ink.bad, True, "midtop", max_width=box.width + self.px(120))  # fmt: skip
        status = self.centre_status()
        if status:
            self.caption(surface, status, (box.centerx, self.dice_y + self.px(4)), 15, self.ink.text, True,
                         "midtop", max_width=box.width + self.px(120))  # fmt: skip
        self.draw_dice(surface)

    def centre_status(self) -> str:
        """The centre's status line, or nothing while the dice or the banner hold the
        centre: the banner sits on the status line's place, so the status waits until
        it has faded rather than showing through it ("Round over." under "Round won")."""
        if self.dice is not None or self.banner.shown:
            return ""
        return self.status_text()

    def draw_dice(self, surface: pygame.Surface) -> None:
        dice = self.dice
        if dice is None:
            return
        size = self.dice_size
        cx = self.centre_box.centerx
        y = self.dice_y + size // 2 + self.px(2)
        self.dice_rects: list[pygame.Rect] = []
        for i, face in enumerate(dice.faces):
            image = furniture.render_dice_roll_frame(6, face, size, dice.roll, seed=i + 3 * self.round_no,
                                                     palette=self.palette_name)  # fmt: skip
            rect = image.get_rect(center=(cx + (i * 2 - 1) * (size // 2 + self.px(8)), y))
            surface.blit(image, rect)
            self.dice_rects.append(rect)
            if dice.roll >= 1.0 and dice.chosen == face:
                pygame.draw.rect(surface, self.ink.good, rect.inflate(self.px(8), self.px(8)), 3,
                                 border_radius=self.px(8))  # fmt: skip
            elif dice.roll >= 1.0 and self.choosing_face():
                pygame.draw.rect(surface, self.ink.gold, rect.inflate(self.px(8), self.px(8)), 2,
                                 border_radius=self.px(8))  # fmt: skip
        what = i18n.t(f"kt.dice.{dice.purpose}", seat=self.seat_name(dice.seat))
        self.caption(surface, what, (cx + size + self.px(24), y), 14, self.ink.text, True, "midleft",
                     max_width=self.px(220))  # fmt: skip

    def picker_area(self) -> pygame.Rect:
        """The token picker's panel (its cells and title)."""
        rects = self.picker_rects()
        area = rects[0].union(rects[-1]).inflate(self.px(24), self.px(60))
        area.y -= self.px(18)
        return area

    def felt_covered(self) -> bool:
        return self.picking()

    def speech_keep_clear(self) -> list[pygame.Rect]:
        picker = [self.picker_area()] if self.picking() else []
        return [*super().speech_keep_clear(), *picker]

    def draw_picker(self, surface: pygame.Surface) -> None:
        rects = self.picker_rects()
        area = self.picker_area()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*self.ink.panel[:3], 235))
        surface.blit(shade, area)
        pygame.draw.rect(surface, self.ink.gold, area, 2, border_radius=self.px(10))
        draft = self.seen.phase == kg.DRAFTING
        title = i18n.t("kt.picker.draft" if draft else "kt.picker.title", count=len(self.picked))
        self.caption(surface, title, (area.centerx, area.y + self.px(6)), 17, self.ink.gold, True, "midtop",
                     max_width=area.width - self.px(20))  # fmt: skip
        pool = self.seen.view.draft_pool if draft and self.seen.view is not None else kg.TOKENS
        d = min(rects[0].height - self.px(8), self.px(44))
        for token, rect in zip(kg.TOKENS, rects, strict=True):
            ticked = token in self.picked
            gone = draft and token not in pool
            colour = (
                self.ink.good
                if ticked
                else (self.ink.gold if rect.collidepoint(self.mouse_at()) else self.ink.dim)
            )
            pygame.draw.rect(surface, colour, rect, 3 if ticked else 1, border_radius=self.px(8))
            chip = kessel_art.render_token_chip(token, d, self.palette_name, dim=gone)
            surface.blit(chip, chip.get_rect(midleft=(rect.x + self.px(6), rect.centery)))
            room = rect.width - d - self.px(16)
            name = kt.fit(kt_words.token_name(token), room, self.font_px(14), self.ink.text, True)
            surface.blit(
                name, name.get_rect(topleft=(rect.x + d + self.px(12), rect.y + self.px(6)))
            )
            yy = rect.y + self.px(6) + name.get_height()
            line_h = kt.text("Ag", self.font_px(11), self.ink.dim, False).get_height()
            lines = kt.wrap(kt_words.token_help(token), self.font_px(11), room)
            lines = lines[: max(1, (rect.bottom - yy - self.px(2)) // max(1, line_h))]
            for line in lines:
                image = kt.text(line, self.font_px(11), self.ink.dim, False)
                surface.blit(image, (rect.x + d + self.px(12), yy))
                yy += image.get_height()

    def mouse_at(self) -> tuple[int, int]:
        return self.mouse

    def my_turn_text(self) -> str:
        if self.targeting:
            return i18n.t("kt.turn.target", token=kt_words.token_name(self.targeting))
        view = self.seen.view
        if self.seen.phase == kg.TURN and view is not None and view.free_draw:
            return i18n.t("kt.turn.turn_free")  # Free Draw played: this turn's draw costs nothing
        return super().my_turn_text()

    # Controls answer these (``controls.py``).
    def target_seats(self) -> list[int]:
        return []

    def playable_tokens(self) -> list[str]:
        return []

    def can_click_pile(self, key: str) -> bool:
        return False

    def choosing_face(self) -> bool:
        return False

    def picking(self) -> bool:
        return False
