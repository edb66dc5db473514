"""Painting the Kessel table's shift tokens: each seat's stack (face down, then the
ones played this round), the player's own three slots and the token picker that
covers the felt before the first round of ``kessel-shift``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel as kg
from game.scenes.kessel.model import KesselModel
from game.scenes.kit import text as kt
from game.scenes.kit.legend import Mark
from game.ui import kessel_art

if TYPE_CHECKING:
    from game.scenes.kessel.scene import KesselTable


class KesselTokens:
    """The tokens' painting, and the picker's symbols and words for the glossary."""

    def __init__(self, table: KesselTable) -> None:
        self.t = table
        self.px = table.px
        self.font_px = table.font_px

    @property
    def m(self) -> KesselModel:
        return self.t.anim.model

    def picker_marks(self) -> list[Mark]:
        """The token picker's symbols: each chip's colour (what kind of token it is) and
        the frame of a token already picked; its names and sentences are words. The
        ``?`` labels name each colour once, at its first chip (the others show it on
        hover), so no leader line runs across the tokens' words."""
        marks: list[Mark] = []
        named: set[str] = set()
        rects = self.t.places.picker_rects()
        d = min(rects[0].height - self.px(8), self.px(44))
        for token, rect in zip(kg.TOKENS, rects, strict=True):
            chip = pygame.Rect(0, 0, d, d)
            chip.midleft = (rect.x + self.px(6), rect.centery)
            term = f"token-{kessel_art.TOKEN_GROUP[token]}"
            marks.append(Mark(chip, term, labelled=term not in named))
            named.add(term)
            if token in self.t.inputs.picked:
                marks.append(Mark(rect, "token-picked"))
        return marks

    def picker_keep_clear(self) -> list[pygame.Rect]:
        """The picker's words (its title, each token's name and sentence): the ``?``
        labels keep off them."""
        rects = self.t.places.picker_rects()
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

    def token_row_left(self, seat: int) -> int:
        """The left edge of a computer seat's tokens under its cards (face down, then
        the ones played this round); the pod's right edge when it shows none."""
        pod = self.t.places.pods[seat]
        if not self.t.options.shift_tokens:
            return pod.right
        d = self.px(18)
        x, _ = self.t.places.token_anchor(seat)
        left = x + d // 2
        if self.m.token_counts[seat]:
            left = x - (self.m.token_counts[seat] - 1) * (d // 2) - d // 2
        played = len(self.m.round_tokens[seat])
        if played:
            first = x - self.m.token_counts[seat] * (d // 2) - d
            left = first - (played - 1) * (d + self.px(6)) - (d + self.px(4)) // 2
        return left

    def draw_token_stack(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's unplayed tokens face down (how many, never which), and the ones it
        played this round face up beside them."""
        if not self.t.options.shift_tokens:
            return
        d = self.px(18)
        x, y = self.t.places.token_anchor(seat)
        for i in range(self.m.token_counts[seat]):
            chip = kessel_art.render_token_back(d, self.t.palette_name)
            surface.blit(chip, chip.get_rect(center=(x - i * (d // 2), y)))
        self.draw_played(surface, seat, (x - self.m.token_counts[seat] * (d // 2) - d, y), d)

    def draw_played(self, surface: pygame.Surface, seat: int, at: tuple[int, int], d: int) -> None:
        """The tokens ``seat`` played this round, right to left from ``at``."""
        x, y = at
        for token in reversed(self.m.round_tokens[seat]):
            chip = kessel_art.render_token_chip(token, d + self.px(4), self.t.palette_name)
            surface.blit(chip, chip.get_rect(center=(x, y)))
            x -= d + self.px(6)

    def draw_my_tokens(self, surface: pygame.Surface) -> None:
        if not self.t.options.shift_tokens:
            return
        playable = self.t.inputs.playable_tokens()
        for i, rect in enumerate(self.t.places.token_rects_mine):
            if i >= len(self.m.my_tokens):
                pygame.draw.circle(surface, self.t.ink.dim, rect.center, rect.width // 2, 1)
                continue
            token = self.m.my_tokens[i]
            lift = self.px(8) if token == self.t.inputs.targeting else 0
            chip = kessel_art.render_token_chip(token, rect.width, self.t.palette_name,
                                                dim=token not in playable)  # fmt: skip
            at = rect.move(0, -lift)
            if token in playable:
                pygame.draw.circle(
                    surface, self.t.ink.gold, at.center, rect.width // 2 + self.px(3), 2
                )
            surface.blit(chip, at)
            self.t.caption(surface, kt_words.token_name(token), (rect.centerx, rect.bottom + self.px(1)),
                         11, self.t.ink.text, False, "midtop",
                         max_width=max(rect.width + self.px(30), self.t.places.token_step - self.px(2)))  # fmt: skip

    def draw_picker(self, surface: pygame.Surface) -> None:
        inputs = self.t.inputs
        rects = self.t.places.picker_rects()
        area = self.t.places.picker_area()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*self.t.ink.panel[:3], 235))
        surface.blit(shade, area)
        pygame.draw.rect(surface, self.t.ink.gold, area, 2, border_radius=self.px(10))
        draft = self.t.seen.phase == kg.DRAFTING
        title = i18n.t("kt.picker.draft" if draft else "kt.picker.title", count=len(inputs.picked))
        self.t.caption(surface, title, (area.centerx, area.y + self.px(6)), 17, self.t.ink.gold, True, "midtop",
                     max_width=area.width - self.px(20))  # fmt: skip
        pool = self.t.seen.view.draft_pool if draft and self.t.seen.view is not None else kg.TOKENS
        d = min(rects[0].height - self.px(8), self.px(44))
        for token, rect in zip(kg.TOKENS, rects, strict=True):
            ticked = token in inputs.picked
            gone = draft and token not in pool
            colour = (
                self.t.ink.good
                if ticked
                else (self.t.ink.gold if rect.collidepoint(inputs.mouse) else self.t.ink.dim)
            )
            pygame.draw.rect(surface, colour, rect, 3 if ticked else 1, border_radius=self.px(8))
            chip = kessel_art.render_token_chip(token, d, self.t.palette_name, dim=gone)
            surface.blit(chip, chip.get_rect(midleft=(rect.x + self.px(6), rect.centery)))
            room = rect.width - d - self.px(16)
            name = kt.fit(kt_words.token_name(token), room, self.font_px(14), self.t.ink.text, True)
            surface.blit(
                name, name.get_rect(topleft=(rect.x + d + self.px(12), rect.y + self.px(6)))
            )
            yy = rect.y + self.px(6) + name.get_height()
            line_h = kt.text("Ag", self.font_px(11), self.t.ink.dim, False).get_height()
            lines = kt.wrap(kt_words.token_help(token), self.font_px(11), room)
            lines = lines[: max(1, (rect.bottom - yy - self.px(2)) // max(1, line_h))]
            for line in lines:
                image = kt.text(line, self.font_px(11), self.t.ink.dim, False)
                surface.blit(image, (rect.x + d + self.px(12), yy))
                yy += image.get_height()
