"""Painting the Kessel table: the display model and ``seen`` (what the engine has told
the table), never the engine itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel_cards as kc
from game.scenes.kessel.model import KesselModel, pair_value, rank_words
from game.scenes.kessel.tokens import KesselTokens
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.table import chip_image
from game.ui import draw as furniture

if TYPE_CHECKING:
    from game.scenes.kessel.scene import KesselTable


class KesselPaint:
    """Draws the felt from the display model (``t.anim.model``) and ``t.seen``; the
    tokens and the token picker are ``tokens``'s."""

    def __init__(self, table: KesselTable) -> None:
        self.t = table
        self.px = table.px
        self.font_px = table.font_px
        self.tokens = KesselTokens(table)
        self.dice_rects: list[pygame.Rect] = []  # where the dice were last drawn

    @property
    def m(self) -> KesselModel:
        return self.t.anim.model

    def layer_key(self) -> tuple[Any, ...] | None:
        """What the whole felt shows (the token picker, a warning, the rules in force);
        the centre and each seat are parts of their own (``layer_parts``). Flying cards
        and chips are sprites over the picture."""
        inputs = self.t.inputs
        return (
            self.t.app.size, tuple(inputs.picked), inputs.targeting, inputs.hover_seat,
            tuple(sorted(self.m.rules.items())), self.t.message[0] if self.t.message else None,
            inputs.picking(), inputs.mouse if inputs.picking() else None,
        )  # fmt: skip

    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]:
        """The centre's piles, its facts line, its status and dice, each seat (plate, news, pot, cards,
        tokens; the player's hand words and token slots) and a swap's path between two
        seats, each painted again on its own when it changes (motions quantised)."""
        places = self.t.places
        inputs = self.t.inputs

        def step(p: float, n: int = 12) -> int:
            return round(p * n)

        dice = self.m.dice
        views = self.t.seen.view
        actor = self.t.acting()
        reveal = (self.m.revealing, step(self.m.reveal_p, 16)) if self.m.revealing else None
        piles = (
            tuple(tuple(d[-2:]) for d in self.m.discards),
            tuple(inputs.can_click_pile(k) for k in places.piles),
            None if views is None else views.pile_sizes,
        )
        roll = (
            self.centre_status(), self.m.round_no,
            None if dice is None else (dice.faces, dice.chosen, dice.seat, dice.purpose,
                                       step(dice.roll)),
            inputs.choosing_face() if dice is not None else False,
        )  # fmt: skip
        box = places.centre_box
        parts: list[tuple[Any, pygame.Rect]] = [
            (piles, pygame.Rect(box.x - self.px(60), box.y - self.px(10), box.width + self.px(120),
                                places.facts_y - box.y + self.px(14))),
            ((self.m.round_no, self.m.turn, self.m.hands_shown), pygame.Rect(box.x - self.px(48), places.facts_y - self.px(2),
                                                     box.width + self.px(96), self.font_px(15) * 2)),
            (roll, places.dice_place()),
        ]  # fmt: skip
        for seat in range(self.t.num_seats):
            sign: tuple[Any, ...] = (
                self.m.chips[seat], self.m.pots[seat], self.m.in_game[seat], tuple(self.m.hands[seat]),
                self.m.drawn.get(seat), self.m.token_counts[seat], self.m.immune[seat],
                self.m.embargoed[seat], self.m.ranks[seat], seat in self.m.winners,
                self.m.latest[seat], self.m.starting == seat, tuple(self.m.round_tokens[seat]),
                tuple((k, step(p), v) for k, (p, v) in sorted(self.m.flourish.items())
                      if k[0] == seat),
                step(self.m.hit[seat]) if seat in self.m.hit else None, reveal,
                actor == seat and (not self.t.queue.busy or self.t.thinking == seat),
            )  # fmt: skip
            if seat == self.t.human:
                sign += (tuple(self.m.my_tokens), tuple(inputs.playable_tokens()),
                         self.hand_words())  # fmt: skip
            parts.append((sign, self.seat_place(seat)))
        swap = self.m.swapping
        path = pygame.Rect(0, 0, 0, 0)
        if swap is not None:
            rects = places.card_rects(swap[0]) + places.card_rects(swap[1])
            path = rects[0].unionall(rects[1:]).inflate(self.px(8), self.px(8))
        parts.append(((swap, step(self.m.swap_p, 16)), path))
        return parts

    def seat_place(self, seat: int) -> pygame.Rect:
        """Everything a seat may paint: its plate with rings, news and puck, its pot,
        cards (with a Sylop's glow and label), drawn card and tokens."""
        places = self.t.places
        plate = places.plates[seat]
        rects = [plate.inflate(self.px(44), self.px(44))]
        x, y = places.pot_anchor(seat)
        rects.append(pygame.Rect(x - self.px(16), y - self.px(40), self.px(150), self.px(80)))
        cards = places.card_rects(seat) + [places.drawn_place(seat)]
        rects += [card.inflate(self.px(36), self.px(36)) for card in cards]
        for (who, fam), (_, value) in self.m.flourish.items():
            if who == seat:
                rects.append(self.sylop_tag(cards[fam], value)[1].inflate(self.px(4), self.px(4)))
        if seat == self.t.human:
            hand = places.human_hand
            rects.append(pygame.Rect(hand.centerx - self.px(160), hand.y - self.font_px(16) * 2 - self.px(12),
                                     self.px(320), self.font_px(16) * 2 + self.px(12)))  # fmt: skip
            rects.append(places.drawn_rect.inflate(self.px(12), self.px(12)).move(0, 0))
            rects.append(pygame.Rect(places.drawn_rect.x - self.px(40), places.drawn_rect.y - self.font_px(14) * 2 - self.px(10),
                                     places.drawn_rect.width + self.px(80), self.font_px(14) * 2 + self.px(12)))  # fmt: skip
            for rect in places.token_rects_mine:
                rects.append(rect.inflate(self.px(40), self.px(24)).move(0, -self.px(8)))
                rects.append(pygame.Rect(rect.centerx - rect.width // 2 - self.px(24), rect.bottom,
                                         rect.width + self.px(48), self.font_px(11) * 2 + self.px(4)))  # fmt: skip
            anchor = (plate.x - self.px(40), plate.centery)
        else:
            rects.append(places.news_tag(seat).inflate(self.px(8), self.px(8)))
            anchor = places.token_anchor(seat)
        if self.t.options.shift_tokens:
            d = self.px(18)
            played = len(self.m.round_tokens[seat]) + 1
            reach = self.m.token_counts[seat] * (d // 2) + played * (d + self.px(8))
            rects.append(pygame.Rect(anchor[0] - reach - d, anchor[1] - d, reach + 2 * d, 2 * d))
        return rects[0].unionall(rects[1:])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.t.acting() == self.t.human and self.t.idle():
            plate = self.t.places.plates[self.t.human]
            self.t.draw_turn_marker(surface, (plate.x - self.px(2), plate.centery), "right")

    def draw_table(self, surface: pygame.Surface) -> None:
        inputs = self.t.inputs
        self.draw_centre(surface)
        targets = inputs.target_seats() if inputs.targeting else []
        for seat in range(self.t.num_seats):
            self.draw_seat(surface, seat, seat in targets)
        self.draw_mine(surface)
        if inputs.picking():
            self.tokens.draw_picker(surface)
        self.t.notices.draw_message(surface, self.t.places.banner_centre())

    # -------------------------------------------------------------- the symbols
    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the Kessel table now (kit.legend): the piles, plates, the
        first player's "1", each seat's pot, cards, drawn card, tokens (face down,
        played, the player's own with their rings), the dice and the rule badges."""
        places = self.t.places
        if self.t.inputs.picking():
            return self.tokens.picker_marks()
        marks = [Mark(places.piles[family], "sand-blood") for family in ("sand", "blood")]
        marks += [Mark(places.piles[f"{family}-discard"], "discard-pile")
                  for family in ("sand", "blood")]  # fmt: skip
        r = self.px(11)
        d = self.px(18)
        for seat in range(self.t.num_seats):
            plate = places.plates[seat]
            marks.append(Mark(plate, "nameplate"))
            if seat == self.m.starting and self.m.in_game[seat]:
                centre = (plate.right - r + self.px(4), plate.y - r // 2)
                marks.append(Mark(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                  "kessel-first"))  # fmt: skip
            if self.m.pots[seat]:
                x, y = places.pot_anchor(seat)
                marks.append(Mark(pygame.Rect(x - self.px(10), y - self.px(12), self.px(70),
                                              self.px(24)), "kessel-pot"))  # fmt: skip
            news, colour = self.plate_news(seat)
            if news and seat != self.t.human and self.m.ranks[seat] is None:
                tag = places.news_tag(seat).copy()
                words = kt.fit(news, tag.width - self.px(10), self.font_px(12), colour, True)
                tag.width, tag.centerx = (
                    min(tag.width, words.get_width() + self.px(14)),
                    tag.centerx,
                )
                marks.append(Mark(tag, "plate-news"))
            if seat in self.m.hit:
                marks.append(Mark(plate.inflate(self.px(8), self.px(8)), "token-hit"))
            for fam, rect in enumerate(places.card_rects(seat)):
                if (seat, fam) in self.m.flourish:
                    marks.append(Mark(rect, "sylop"))
            if seat in self.m.winners:
                both = places.card_rects(seat)
                marks.append(Mark(both[0].union(both[1]), "winner"))
            if not self.t.options.shift_tokens:
                continue
            if seat == self.t.human:
                x, y = plate.x - self.px(40), plate.centery
            else:
                x, y = places.token_anchor(seat)
                if self.m.token_counts[seat]:
                    w = (self.m.token_counts[seat] - 1) * (d // 2) + d
                    marks.append(Mark(pygame.Rect(x - w + d // 2, y - d // 2, w, d),
                                      "token-hidden"))  # fmt: skip
                x -= self.m.token_counts[seat] * (d // 2) + d
            for _ in self.m.round_tokens[seat]:
                marks.append(Mark(pygame.Rect(x - d // 2 - 2, y - d // 2 - 2, d + 4, d + 4),
                                  "token-played"))  # fmt: skip
                x -= d + self.px(6)
        if self.m.drawn.get(self.t.human) is not None:
            marks.append(Mark(places.drawn_rect, "drawn-card"))
        hand_words = self.hand_words()
        if hand_words:
            hand = places.human_hand
            w = min(
                self.px(300),
                kt.text(hand_words, self.font_px(16), self.t.ink.gold, True).get_width(),
            )
            h = self.font_px(16) + self.px(6)
            marks.append(Mark(pygame.Rect(hand.centerx - w // 2, hand.y - self.px(6) - h, w, h),
                              "kessel-hand"))  # fmt: skip
        if self.t.options.shift_tokens:
            playable = self.t.inputs.playable_tokens()
            for i, rect in enumerate(places.token_rects_mine):
                if i >= len(self.m.my_tokens):
                    term = "token-empty"
                elif self.m.my_tokens[i] in playable:
                    term = "token-playable"
                else:
                    term = "token-waiting"
                marks.append(Mark(rect, term))
        for rect in self.dice_rects if self.m.dice is not None else []:
            marks.append(Mark(rect, "impostor-dice"))
        if self.m.rule_badges():
            box = places.centre_box
            y = places.facts_y + self.font_px(15) + self.px(2)
            w = box.width + self.px(60)
            marks.append(Mark(pygame.Rect(box.centerx - w // 2, y, w, self.font_px(16)),
                              "rule-badges"))  # fmt: skip
        return marks

    # ------------------------------------------------------------------ seats
    def plate_news(self, seat: int) -> tuple[str, Any]:
        ink = self.t.ink
        if not self.m.in_game[seat]:
            return i18n.t("kt.out"), ink.bad
        rank = self.m.ranks[seat]
        if rank is not None:
            colour = ink.good if seat in self.m.winners else ink.text
            return rank_words(*rank), colour
        bits = []
        if self.m.immune[seat]:
            bits.append(i18n.t("kt.immune"))
        if self.m.embargoed[seat]:
            bits.append(i18n.t("kt.embargoed"))
        if self.m.latest[seat]:
            bits.append(i18n.t(f"kt.latest.{self.m.latest[seat]}"))
        if seat == self.m.starting and not bits and not self.m.hands_shown:  # the turns' news
            bits.append(i18n.t("kt.starts"))
        return " · ".join(bits), ink.gold

    def draw_seat(self, surface: pygame.Surface, seat: int, target: bool) -> None:
        places = self.t.places
        plate = places.plates[seat]
        actor = self.t.acting()
        active = actor == seat and (not self.t.queue.busy or self.t.thinking == seat)
        if target:
            colour = self.t.ink.gold if seat == self.t.inputs.hover_seat else self.t.ink.good
            pygame.draw.rect(surface, colour, plate.inflate(self.px(14), self.px(14)), 3,
                             border_radius=self.px(14))  # fmt: skip
        if seat in self.m.hit:
            p = self.m.hit[seat]
            ring = plate.inflate(self.px(8 + 24 * p), self.px(8 + 24 * p))
            pygame.draw.rect(surface, self.t.ink.bad, ring, max(1, self.px(4 * (1 - p)) + 1),
                             border_radius=self.px(16))  # fmt: skip
        # The seat's news on its plate, as at every table (kit.plate); an opponent's
        # small plate that cannot show it whole hangs it in the tag under the plate.
        news, colour = self.plate_news(seat)
        tab = None if seat == self.t.human else places.news_tag(seat)
        self.t.draw_plate(surface, plate, seat, self.m.chips[seat], active, news,
                        not self.m.in_game[seat], colour if news else None, tab)  # fmt: skip
        if seat == self.m.starting and self.m.in_game[seat]:
            self.draw_puck(surface, plate)
        self.draw_pot(surface, seat)
        if seat == self.t.human:
            return
        rects = places.card_rects(seat)
        for fam, rect in enumerate(rects):
            self.draw_card(surface, seat, fam, rect, places.card_h)
        pending = self.m.drawn.get(seat)
        if pending is not None:
            code, fam = pending
            image = self.t.anim.kcard(code, places.card_h, fam)
            surface.blit(image, image.get_rect(center=places.drawn_place(seat).center))
        if seat in self.m.winners:
            both = rects[0].union(rects[1]).inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, self.t.ink.good, both, 3, border_radius=self.px(8))
        self.tokens.draw_token_stack(surface, seat)

    def draw_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        r = self.px(11)
        centre = (plate.right - r + self.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, self.t.palette.paper, centre, r)
        pygame.draw.circle(surface, self.t.palette.plate_edge, centre, r, 2)
        self.t.caption(surface, "1", centre, 13, self.t.ink.panel, True)

    def draw_card(
        self, surface: pygame.Surface, seat: int, fam: int, rect: pygame.Rect, h: int
    ) -> None:
        code = self.m.hands[seat][fam]
        if code is False:
            pygame.draw.rect(surface, self.t.ink.dim, rect, 1, border_radius=self.px(6))
            return
        image = self.t.anim.kcard(code if isinstance(code, str) else None, h, fam)
        if self.m.revealing:
            w = max(1, round(image.get_width() * abs(2 * self.m.reveal_p - 1)))
            image = pygame.transform.scale(image, (w, image.get_height()))
        if self.m.swapping is not None and seat in self.m.swapping:
            a, b = self.m.swapping
            other = self.t.places.card_rects(b if seat == a else a)[fam]
            p = self.m.swap_p
            pos = (rect.centerx + (other.centerx - rect.centerx) * p,
                   rect.centery + (other.centery - rect.centery) * p)  # fmt: skip
            surface.blit(image, image.get_rect(center=(round(pos[0]), round(pos[1]))))
        else:
            surface.blit(image, image.get_rect(center=rect.center))
        glow = self.m.flourish.get((seat, fam))
        if glow is not None:
            p, value = glow
            # It grows up and down only: sideways it would cross the neighbouring card.
            ring = rect.inflate(self.px(6), self.px(6 + 18 * p))
            pygame.draw.rect(surface, self.t.ink.gold, ring, max(2, self.px(5 * (1 - p)) + 2),
                             border_radius=self.px(10))  # fmt: skip
            lines, pill = self.sylop_tag(rect, value)
            radius = min(self.px(8), pill.height // 2)
            pygame.draw.rect(surface, self.t.ink.panel, pill, border_radius=radius)
            pygame.draw.rect(surface, self.t.ink.gold, pill, 1, border_radius=radius)
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
        lines = [kt.text(words, size, self.t.ink.gold, True)]
        while lines[0].get_width() > room and size > floor:
            size = max(floor, size - 1)
            lines = [kt.text(words, size, self.t.ink.gold, True)]
        if lines[0].get_width() > room:
            parts = kt.wrap(words, size, room, True)
            lines = [kt.fit(part, room, size, self.t.ink.gold, True) for part in parts]
            # A small card (a crowded table): smaller type until the lines fit on it.
            while sum(line.get_height() for line in lines) + self.px(8) > card.height and size > 8:
                size -= 1
                parts = kt.wrap(words, size, room, True)
                lines = [kt.fit(part, room, size, self.t.ink.gold, True) for part in parts]
        w = max(line.get_width() for line in lines) + 2 * pad
        h = sum(line.get_height() for line in lines) + self.px(4)
        pill = pygame.Rect(0, 0, min(w, card.width - self.px(4)), h)
        pill.midbottom = (card.centerx, card.bottom - self.px(2))
        return lines, pill

    def draw_pot(self, surface: pygame.Surface, seat: int) -> None:
        amount = self.m.pots[seat]
        if not amount:
            return
        at = self.t.places.pot_anchor(seat)
        image = chip_image(amount, self.px(20), self.t.palette_name)
        surface.blit(image, image.get_rect(center=at))
        left = at[0] + image.get_width() // 2 + self.px(3)
        words = i18n.t("kt.pot", count=amount)
        if seat != self.t.human:
            # The words stop short of the seat's tokens: a longer word for "pot" (ポット,
            # bote) shrinks a little, and where even that would run into the tokens the
            # chip keeps only its count (the "?" overlay names the pot).
            room = self.tokens.token_row_left(seat) - self.px(4) - left
            small = max(8, round(self.font_px(13) * 0.85))
            if kt.text(words, small, self.t.ink.gold, True).get_width() > room:
                words = str(amount)
            self.t.caption(surface, words, (left, at[1]), 13, self.t.ink.gold, True, "midleft",
                         max_width=max(1, room))  # fmt: skip
            return
        self.t.caption(surface, words, (left, at[1]), 13, self.t.ink.gold, True, "midleft")

    # -------------------------------------------------------------- the player
    def draw_mine(self, surface: pygame.Surface) -> None:
        places = self.t.places
        rects = places.card_rects(self.t.human)
        for fam, rect in enumerate(rects):
            self.draw_card(surface, self.t.human, fam, rect, places.human_card_h)
        if self.t.human in self.m.winners:
            both = rects[0].union(rects[1]).inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, self.t.ink.good, both, 3, border_radius=self.px(8))
        pending = self.m.drawn.get(self.t.human)
        if pending is not None:
            code, fam = pending
            image = self.t.anim.kcard(code, places.human_card_h, fam)
            surface.blit(image, places.drawn_rect)
            pygame.draw.rect(surface, self.t.ink.gold, places.drawn_rect.inflate(self.px(6), self.px(6)),
                             3, border_radius=self.px(8))  # fmt: skip
            self.t.caption(surface, i18n.t("kt.drawn"), (places.drawn_rect.centerx, places.drawn_rect.y - self.px(4)),
                         14, self.t.ink.gold, True, "midbottom")  # fmt: skip
        words = self.hand_words()
        if words:
            self.t.caption(surface, words, (places.human_hand.centerx, places.human_hand.y - self.px(6)),
                         16, self.t.ink.gold, True, "midbottom", max_width=self.px(300))  # fmt: skip
        self.tokens.draw_my_tokens(surface)
        if self.t.options.shift_tokens:
            plate = places.plates[self.t.human]
            d = self.px(18)
            self.tokens.draw_played(
                surface, self.t.human, (plate.x - self.px(40), plate.centery), d
            )

    def hand_words(self) -> str:
        """What the player's hand is worth now ("Sabacc", "difference 2", Impostors)."""
        rank = self.m.ranks[self.t.human]
        if rank is not None:
            return i18n.t("kt.your_hand", value=rank_words(*rank))
        cards = self.m.hands[self.t.human]
        if not all(isinstance(c, str) for c in cards):
            return ""
        parsed = [kc.parse_code(str(c)) for c in cards]
        fraud = "major-fraud" in self.m.rules
        if any(kc.is_impostor(c) and v is None for c, v in parsed) and not fraud:
            return i18n.t("kt.your_hand_impostor")
        mods = kc.Modifiers(markdown="markdown" in self.m.rules, cook_the_books="cook-the-books" in self.m.rules,
                            prime=self.m.rules.get("prime-sabacc"), major_fraud=fraud)  # fmt: skip
        try:
            r = kc.rank_cards(parsed[0][0], parsed[1][0], parsed[0][1], parsed[1][1], mods)
        except ValueError:
            return ""
        pair = pair_value([str(c) for c in cards], fraud) if r.kind == kc.SABACC else 0
        return i18n.t("kt.your_hand", value=rank_words(r.kind, r.total, pair))

    # --------------------------------------------------------------- the centre
    def draw_centre(self, surface: pygame.Surface) -> None:
        places = self.t.places
        inputs = self.t.inputs
        sizes = self.t.seen.view.pile_sizes if self.t.seen.view is not None else (0, 0)
        for fam, family in enumerate(("sand", "blood")):
            deck = places.piles[family]
            back = self.t.anim.kcard(None, places.pile_h, fam)
            for i in range(3 if sizes[fam] else 0):
                surface.blit(
                    back, back.get_rect(center=(deck.centerx - i * 2, deck.centery - i * 2))
                )
            self.t.caption(surface, kt_words.family_name(family), (deck.centerx, deck.bottom + self.px(3)),
                         13, self.t.ink.text, True, "midtop")  # fmt: skip
            pile = places.piles[f"{family}-discard"]
            top = self.m.discards[fam][-1] if self.m.discards[fam] else None
            if top is None:
                pygame.draw.rect(surface, self.t.ink.dim, pile, 1, border_radius=self.px(6))
            else:
                surface.blit(self.t.anim.kcard(top, places.pile_h), pile)
            self.t.caption(surface, i18n.t("kt.discards"), (pile.centerx, pile.bottom + self.px(3)),
                         12, self.t.ink.dim, False, "midtop")  # fmt: skip
            if inputs.can_click_pile(family) or inputs.can_click_pile(f"{family}-discard"):
                for key in (family, f"{family}-discard"):
                    if inputs.can_click_pile(key):
                        pygame.draw.rect(surface, self.t.ink.gold, places.piles[key].inflate(self.px(6), self.px(6)),
                                         2, border_radius=self.px(8))  # fmt: skip
        box = places.centre_box
        if self.m.hands_shown:  # the turns are over: "turn 2 of 3" is no longer the moment's
            facts = i18n.t("kt.facts_shown", round=max(1, self.m.round_no))
        else:
            facts = i18n.t("kt.facts", round=max(1, self.m.round_no), turn=max(1, self.m.turn))
        y = places.facts_y
        self.t.caption(surface, facts, (box.centerx, y), 15, self.t.ink.gold, True, "midtop",
                     max_width=box.width + self.px(80))  # fmt: skip
        badges = self.m.rule_badges()
        if badges:
            self.t.caption(surface, " · ".join(badges), (box.centerx, y + self.font_px(15) + self.px(2)), 14,
                         self.t.ink.bad, True, "midtop", max_width=box.width + self.px(120))  # fmt: skip
        status = self.centre_status()
        if status:
            self.t.caption(surface, status, (box.centerx, places.dice_y + self.px(4)), 15, self.t.ink.text, True,
                         "midtop", max_width=box.width + self.px(120))  # fmt: skip
        self.draw_dice(surface)

    def centre_status(self) -> str:
        """The centre's status line, or nothing while the dice or the banner hold the
        centre: the banner sits on the status line's place, so the status waits until
        it has faded rather than showing through it ("Round over." under "Round won")."""
        if self.m.dice is not None or self.t.banner.shown:
            return ""
        return self.t.status_text()

    def draw_dice(self, surface: pygame.Surface) -> None:
        places = self.t.places
        dice = self.m.dice
        if dice is None:
            return
        size = places.dice_size
        cx = places.centre_box.centerx
        y = places.dice_y + size // 2 + self.px(2)
        self.dice_rects = []
        for i, face in enumerate(dice.faces):
            image = furniture.render_dice_roll_frame(6, face, size, dice.roll, seed=i + 3 * self.m.round_no,
                                                     palette=self.t.palette_name)  # fmt: skip
            rect = image.get_rect(center=(cx + (i * 2 - 1) * (size // 2 + self.px(8)), y))
            surface.blit(image, rect)
            self.dice_rects.append(rect)
            if dice.roll >= 1.0 and dice.chosen == face:
                pygame.draw.rect(surface, self.t.ink.good, rect.inflate(self.px(8), self.px(8)), 3,
                                 border_radius=self.px(8))  # fmt: skip
            elif dice.roll >= 1.0 and self.t.inputs.choosing_face():
                pygame.draw.rect(surface, self.t.ink.gold, rect.inflate(self.px(8), self.px(8)), 2,
                                 border_radius=self.px(8))  # fmt: skip
        what = i18n.t(f"kt.dice.{dice.purpose}", seat=self.t.seat_name(dice.seat))
        self.t.caption(surface, what, (cx + size + self.px(24), y), 14, self.t.ink.text, True, "midleft",
                     max_width=self.px(220))  # fmt: skip
