"""Painting each seat of the Sabacc table: its plate and tags, its cards (shifting,
locked, in the field), the shift marks, the turn chevron and the player's total. Reads
the display model and the layout only (``paint``)."""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.sabacc_rank import rank_cards
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.scenes.kit.plate import draw_plate
from game.scenes.kit.words import live
from game.scenes.sabacc.base import HUMAN, NAMED_KINDS
from game.scenes.sabacc.layout import SabaccLayout
from game.scenes.sabacc.model import CardView, SeatView, hand_name
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui.palette import Colour, get_palette

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable

PADLOCK_GOLD = get_palette("cantina").gold


class SeatPainter:
    """Draws the seats (see the module docstring)."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table
        #: Shift glitch frames drawn so far (dropped with the palette).
        self.shift_frames: dict[tuple[Any, ...], pygame.Surface] = {}
        #: Where each seat's plate tags landed, with their glossary terms.
        self.tag_marks: dict[int, list[Mark]] = {}
        self.rank_cache: dict[tuple[Any, ...], tuple[str, int]] = {}

    def _plate_tags(self, seat: int, h: int) -> list[pygame.Surface]:
        """The tags on ``seat``'s plate, right to left: the dealer's disc, "Lead", and
        in Force the side the seat plays for."""
        model, view = self.t.anim.model, self.t.anim.model.seats[seat]
        marker = max(9, int(h * 0.28))
        tags = []
        if model.hand_no and seat == model.dealer:
            tags.append(kt.pill(i18n.t("sabacc.dealer_mark"), marker, self.t.ink.panel,
                                (*self.t.ink.gold, 255)))  # fmt: skip
        if model.round_no and seat == model.lead and view.in_hand:
            tags.append(kt.pill(i18n.t("sabacc.lead_mark"), marker, self.t.ink.info,
                                (*self.t.ink.panel, 230)))  # fmt: skip
        if view.side:
            # Force: the side a seat plays for, light on pale, dark on deep violet.
            ink, fill = (
                ((40, 28, 12), (250, 236, 190, 255))
                if view.side == sb.LIGHT
                else ((226, 214, 255), (52, 30, 84, 255))
            )
            tags.append(kt.pill(i18n.t(f"sabacc.side.{view.side}"), marker, ink, fill))
        return tags

    def _plate_tag_terms(self, seat: int) -> list[str]:
        """The glossary term of each of ``_plate_tags``'s tags, in the same order."""
        model, view = self.t.anim.model, self.t.anim.model.seats[seat]
        terms = []
        if model.hand_no and seat == model.dealer:
            terms.append("dealer-puck")
        if model.round_no and seat == model.lead and view.in_hand:
            terms.append("lead")
        if view.side:
            terms.append("force-side")
        return terms

    def draw_seat(self, surface: pygame.Surface, lay: SabaccLayout, seat: int) -> None:
        model = self.t.anim.model
        view = model.seats[seat]
        place = lay.seats[seat]
        active = model.turn == seat and self.t.mode in ("human", "wait") and view.in_hand
        dim = view.out or (not view.in_hand and model.hand_no > 0)
        h = place.plate.height
        tags = self._plate_tags(seat, h)
        # Where each tag lands (the glossary's marks: ``glossary_marks``).
        terms = self._plate_tag_terms(seat)
        self.t.painter.felt_rects[seat] = []
        placed: list[Mark] = []
        self.tag_marks[seat] = placed
        # The tags stay beside the name while it keeps a readable size; the others
        # sit on the plate's edge, like a tab (below).
        name_w = kt.text(view.cast.name, max(10, int(h * 0.3)), self.t.ink.text, True).get_width()
        room = place.plate.width - (h + 2 if view.cast.face else h // 4) - h // 5 - 6
        room -= min(name_w, place.plate.width * 2 // 5)
        inline: list[pygame.Surface] = []
        for tag in tags:
            if sum(t.get_width() + 3 for t in inline) + tag.get_width() + 3 > room:
                break
            inline.append(tag)
        above = tags[len(inline) :]
        reserve = sum(tag.get_width() + 3 for tag in inline)
        # The seat's last action on its plate, where every table shows it (kit.plate):
        # in the lower line, in its colour, instead of the skill.
        # An opponent's plate too narrow for it whole hangs it in a tab under the plate
        # (where the hand's name shows after the reveal).
        news = live(view.status) if view.status else ""
        plate = place.plate
        tab = None
        if seat != HUMAN and not view.hand_label:
            tab = pygame.Rect(0, 0, plate.width + lay.px(16), max(10, lay.font - 2) + lay.px(6))
            tab.midtop = (plate.centerx, plate.bottom - lay.px(3))
        hung_tab = draw_plate(surface, plate, view.cast, view.chips, active, self.t.palette_name,
                              self.t.ink, dim=dim, expression=self.t.expression_of(seat),
                              reserve=reserve, news=news,
                              news_colour=self.t.ink(view.status_colour) if news else None,
                              news_tab=tab)  # fmt: skip
        if hung_tab is not None:
            placed.append(Mark(hung_tab, "status-tag"))
        elif news:
            placed.append(Mark(pygame.Rect(plate.centerx, plate.centery, plate.width // 2,
                                           plate.height // 2), "status-tag"))  # fmt: skip
        # Cards; an opponent's revealed hand fans wider so its values can be read.
        count = len(view.cards)
        if seat != HUMAN and count > 1 and any(c.code is not None for c in view.cards):
            room = round(place.plate.width * 1.25) - place.card[0]
            place = dataclasses.replace(
                place, step=max(place.step, min(round(place.card[0] * 0.72), room // (count - 1)))
            )
        hovered = self.t.painter.hovered_card() if seat == HUMAN else -1
        for index, card in enumerate(view.cards):
            rect = place.card_rect(index, count)
            if index == hovered:
                rect = rect.move(0, -lay.px(16))
            self._draw_card(surface, card, rect, dim)
        for index, card in enumerate(view.cards):
            if card.locked:
                # On the strip of the card that the next one leaves showing.
                rect = place.card_rect(index, count)
                shown_w = rect.width
                if index + 1 < count:
                    shown_w = min(shown_w, place.card_rect(index + 1, count).left - rect.left)
                words = i18n.t("sabacc.locked_mark")
                size = max(9, lay.font - 4)
                if kt.text(words, 9, self.t.ink.gold, True).get_width() <= shown_w - 4:
                    tag = kt.fit(words, shown_w - 4, size, self.t.ink.gold, bold=True)
                else:
                    # A tight fan (an opponent's five cards): the word would run under
                    # the next card's tag, so the strip shows a padlock instead.
                    tag = padlock(max(8, min(shown_w - 6, lay.font)), self.t.ink.gold)
                box = tag.get_rect(midbottom=(rect.left + shown_w // 2, rect.bottom - 3))
                surface.blit(
                    kt.panel(box.inflate(6, 2).size, self.t.ink, radius=4, alpha=235),
                    box.inflate(6, 2),
                )
                self.t.painter.felt_word(surface, tag, box, seat)
        self._draw_shift_marks(surface, lay, view, place, count, seat)
        if seat == HUMAN and self.t.inputs.card_mode and self.t.mode == "human":
            # Number the clickable cards: the digit keys pick them too.
            for index, number in self.t.inputs.card_numbers().items():
                if view.cards[index].locked:
                    continue  # a locked card keeps its number, so the others keep theirs
                rect = place.card_rect(index, count)
                tag = kt.pill(
                    str(number), max(10, lay.font - 2), self.t.ink.gold, (*self.t.ink.panel, 230)
                )
                self.t.painter.felt_word(
                    surface,
                    tag,
                    tag.get_rect(
                        midbottom=(
                            rect.centerx,
                            rect.top - 2 - (lay.px(16) if index == hovered else 0),
                        )
                    ),
                    seat,
                )
        # Dealer button, lead marker and Force side inside the plate, right of the name
        # (the plate keeps the name clear of them).
        right = place.plate.right - h // 5
        for n, tag in enumerate(inline):
            rect = tag.get_rect(midright=(right, place.plate.top + h * 0.3))
            self.t.painter.felt_word(surface, tag, rect, seat)
            placed.append(Mark(rect, terms[n]))
            right = rect.left - 3
        # The player's own plate has no cards above it: the rest sit on its top edge.
        # An opponent's cards lie just above the plate, so there they hang from the
        # bottom edge instead, clear of the cards' values.
        right = place.plate.right - h // 5
        hung = pygame.Rect(place.plate.right, place.plate.bottom, 0, 0)
        for n, tag in enumerate(above, start=len(inline)):
            if seat == HUMAN:
                rect = tag.get_rect(bottomright=(right, place.plate.top + h // 6))
            else:
                rect = tag.get_rect(topright=(right, place.plate.bottom - 2))
                hung = hung.union(rect)
            self.t.painter.felt_word(surface, tag, rect, seat)
            placed.append(Mark(rect, terms[n]))
            right = rect.left - 3
        # Status (last action) and, after the reveal, the hand's name.
        tag_size = max(10, lay.font - 2)
        below = place.plate.bottom + 3
        if seat == HUMAN:
            self._draw_total(surface, lay, view)
            below = place.plate.bottom + 3
        status = None
        if view.hand_label and seat != HUMAN:
            # After the reveal, the hand's name under the plate (the action is on it).
            status = kt.pill(
                live(view.hand_label),
                tag_size,
                self.t.ink(view.label_colour),
                (*self.t.ink.panel, 235),
            )
        if status is not None:
            rect = status.get_rect(midtop=(place.plate.centerx, below))
            if rect.colliderect(hung):
                # Beside the hanging tags while it stays under the plate, else below them.
                rect.right = hung.left - 3
                if rect.left < place.plate.left:
                    rect.centerx, rect.top = place.plate.centerx, hung.bottom + 2
            self.t.painter.felt_word(surface, status, rect, seat)
            placed.append(Mark(rect, "status-tag"))
        if view.winner:
            crown = kt.pill(
                i18n.t("sabacc.winner"), tag_size, self.t.ink.good, (*self.t.ink.panel, 235)
            )
            top = place.card_rect(0, max(1, count)).top
            crown_rect = crown.get_rect(midbottom=(place.centre[0], top - 2))
            self.t.painter.felt_word(surface, crown, crown_rect, seat)
            placed.append(Mark(crown_rect, "winner"))

    def draw_chevron(self, surface: pygame.Surface, lay: SabaccLayout, seat: int) -> None:
        """An opponent's turn: a pulsing chevron over their cards (the player's own turn
        shows as the glowing plate and the prompt above the buttons)."""
        view = self.t.anim.model.seats[seat]
        if not (self.t.mode in ("human", "wait") and view.in_hand):
            return
        place = lay.seats[seat]
        chevron = kt.memo(
            art.render_turn_indicator,
            max(14, place.plate.height // 2),
            round((self.t.clock % 1.0) * 16) / 16,
            self.t.palette_name,
        )
        surface.blit(
            chevron, chevron.get_rect(midbottom=(place.centre[0], place.card_rect(0, 1).top + 4))
        )

    def _draw_card(
        self, surface: pygame.Surface, card: CardView, rect: pygame.Rect, dim: bool
    ) -> None:
        size = rect.size
        if card.code is None:
            image = kt.memo(card_art.render_sabacc_back, size, self.t.palette_name)
            if card.glitch > 0:
                # A face-down card shifting: the back tears and flickers for a moment.
                phase = int(card.glitch * 10)
                image = self._shift_frame("back", "back", size, phase) or image
        elif card.shift_from is not None and card.shift_t < 1:
            step = int(card.shift_t * 16)
            key = (card.shift_from, card.code, size, step, self.t.anim.model.values)
            cached = self.shift_frames.get(key)
            if cached is None:
                if len(self.shift_frames) > 64:
                    self.shift_frames.clear()
                values = (
                    self.t.painter.face_value(card.shift_from),
                    self.t.painter.face_value(card.code),
                )
                cached = card_art.render_shift_frame(
                    card.shift_from, card.code, size, step / 16, self.t.palette_name, values
                )
                self.shift_frames[key] = cached
            image = cached
        else:
            image = self.t.painter.card_face(card.code, size)
        if dim and not card.in_field:
            image = _dimmed(image)
        surface.blit(image, rect)
        if card.in_field:
            shimmer = round(self.t.clock * 12) % 24 / 24  # the overlay has 24 cached phases
            overlay = kt.memo(card_art.render_stasis_overlay, size, shimmer, self.t.palette_name)
            margin = card_art.stasis_margin(size)
            surface.blit(overlay, (rect.x - margin, rect.y - margin))

    def _shift_frame(
        self, old: str, new: str, size: tuple[int, int], phase: int
    ) -> pygame.Surface | None:
        # Hidden cards glitch with a stand-in pair of faces tinted by the back colour.
        key = (old, new, size, phase)
        image = self.shift_frames.get(key)
        if image is None:
            image = card_art.render_shift_frame(
                "idiot", "star", size, 0.35 + phase * 0.03, self.t.palette_name
            )
            image = image.copy()
            back = kt.memo(card_art.render_sabacc_back, size, self.t.palette_name).copy()
            back.set_alpha(150)
            image.blit(back, (0, 0))
            self.shift_frames[key] = image
        return image

    def _draw_shift_marks(
        self, surface: pygame.Surface, lay: SabaccLayout, view: SeatView, place: Any, count: int,
        seat: int,
    ) -> None:  # fmt: skip
        """A shifted card's mark until the next action: "+7 → −13" on a card whose faces
        are known, "⇄ shifted" on a hidden one, on the strip of the card that shows."""
        size = max(9, lay.font - 4)
        for index, card in enumerate(view.cards):
            if card.shifted is None or card.shift_from is not None or card.glitch > 0:
                continue  # no mark, or the glitch is still playing
            rect = place.card_rect(index, count)
            shown_w = rect.width
            if index + 1 < count:
                shown_w = min(shown_w, place.card_rect(index + 1, count).left - rect.left)
            if card.shifted != "?" and card.code is not None:
                words = i18n.t("tables.shift_mark", old=self._card_value(card.shifted),
                               new=self._card_value(card.code))  # fmt: skip
            else:
                words = i18n.t("tables.shifted")
            tag = kt.pill(words, size, self.t.ink.info, (*self.t.ink.panel, 235))
            if tag.get_width() > shown_w:
                tag = kt.pill("⇄", size, self.t.ink.info, (*self.t.ink.panel, 235))
            bottom = rect.bottom - 3 - (lay.font + 4 if card.locked else 0)
            if card.code is not None and card_art.card_title(card.code) and rect.height >= 120:
                # A card big enough to print its name ("LA MODERACIÓN") under the value:
                # the mark sits on the picture instead, clear of the name and the value.
                bottom = rect.top + round(rect.height * 0.56)
            self.t.painter.felt_word(
                surface, tag, tag.get_rect(midbottom=(rect.left + shown_w // 2, bottom)), seat
            )

    def _card_value(self, code: str) -> str:
        """A card's value now, signed ("+7", "−13")."""
        return art.signed(self.t.anim.model.values[sc.parse(code)])

    def _draw_total(self, surface: pygame.Surface, lay: SabaccLayout, view: SeatView) -> None:
        counted = (c.counted_code() for c in view.cards)
        codes = tuple(code for code in counted if code is not None)
        if not codes:
            return
        kind, total = self.rank_codes(codes)
        badge = lay.total_badge
        surface.blit(kt.panel(badge.size, self.t.ink, radius=badge.height // 3), badge)
        special = kind in NAMED_KINDS
        colour = self.total_colour(kind, view.side)
        title = i18n.t("sabacc.your_total")
        if view.side and not special and kind != "bombed-out":
            title = f"{title} · {i18n.t(f'sabacc.side.{view.side}')}"
        caption = kt.fit(
            title,
            badge.width - lay.px(12),
            max(10, lay.font - 3),
            self.t.ink.dim,
        )
        self.t.painter.felt_word(
            surface, caption, caption.get_rect(midtop=(badge.centerx, badge.y + lay.px(4))), HUMAN
        )
        shown = live(view.hand_label) or (
            art.signed(total) if not special else hand_name(kind, total)
        )
        value = kt.fit(shown, badge.width - lay.px(12), lay.px(28), colour, bold=True)
        self.t.painter.felt_word(
            surface,
            value,
            value.get_rect(midbottom=(badge.centerx, badge.bottom - lay.px(4))),
            HUMAN,
        )

    def total_colour(self, kind: str, side: str) -> Colour:
        """The total's colour: gold for a named hand (``NAMED_KINDS``), the bad colour
        bombed out, else (Force) the colours of the player's side, or the text's."""
        if kind in NAMED_KINDS:
            return self.t.ink.gold
        if kind == "bombed-out":
            return self.t.ink.bad
        return SIDE_TEXT.get(side, self.t.ink.text)

    def rank_codes(self, codes: tuple[str, ...]) -> tuple[str, int]:
        cache = self.rank_cache
        key = (self.t.anim.model.values, *codes)  # a Random Sabacc rule change revalues
        found = cache.get(key)
        if found is None:
            cards = sc.parse_all(codes)
            rank = rank_cards(cards, self.t.anim.model.values, self.t.anim.model.options)
            found = (rank.kind, rank.total)
            if len(cache) > 256:
                cache.clear()
            cache[key] = found
        return found


_dim_cache: dict[int, pygame.Surface] = {}


def _dimmed(image: pygame.Surface) -> pygame.Surface:
    """A darker copy for folded seats (cached per source surface)."""
    key = id(image)
    out = _dim_cache.get(key)
    if out is None:
        out = image.copy()
        out.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_dim_cache) > 128:
            _dim_cache.clear()
        _dim_cache[key] = out
    return out


#: Force: a total's colour on the dark badge for each side (the plate tags' hues).
SIDE_TEXT: dict[str, Colour] = {sb.LIGHT: (250, 236, 190), sb.DARK: (196, 168, 255)}


@functools.lru_cache(maxsize=16)
def padlock(size: int, colour: Colour = PADLOCK_GOLD) -> pygame.Surface:
    """A small gold padlock, drawn by code: the locked mark where the word has no room."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, size * 4 // 9, size, size - size * 4 // 9)
    shackle = pygame.Rect(size // 5, 0, size - 2 * (size // 5), size * 8 // 9)
    pygame.draw.arc(image, colour, shackle, 0, math.pi, max(1, size // 7))
    pygame.draw.line(image, colour, (shackle.left, size // 2 - 1), (shackle.left, body.top),
                     max(1, size // 7))  # fmt: skip
    pygame.draw.line(image, colour, (shackle.right - 1, size // 2 - 1),
                     (shackle.right - 1, body.top), max(1, size // 7))  # fmt: skip
    pygame.draw.rect(image, colour, body, border_radius=max(1, size // 6))
    return image
