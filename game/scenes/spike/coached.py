"""The Corellian Spike / Coruscant Shift table in a coached intro
(``game.scenes.kit.coach``): what each coach target is on this table (your hand, the
pots, the discard pile, the dice, a seat), and a table that stands still once the
intro has had its moment."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.help.coach import Lesson
from game.rules import spike_base as sb
from game.scenes.kit.coach import CoachCardTable
from game.scenes.spike.scene import SpikeTable


class CoachedSpike(CoachCardTable, SpikeTable):
    name = "spike-lesson"

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.human:
            return self.hand_rect()
        box = self.places.hand_boxes[seat]
        # The hand's name under the cards, as ``draw_label`` lays it out.
        label = pygame.Rect(
            0, 0, max(box.width, self.places.plate_w) + self.px(8), self.font_px(13)
        )
        label.height += self.px(4)
        label.midtop = (box.centerx, box.bottom + self.px(7))
        return self.places.plates[seat].union(box).union(label)

    def hand_rect(self) -> pygame.Rect:
        """Your cards (a picked one rises), your plate, and the words right of them."""
        count = max(
            1, len(self.anim.model.picks[self.human]) + len(self.anim.model.hands[self.human])
        )
        cards = self.places.card_rects(self.human, count)
        rect = cards[0].unionall(cards[1:]).union(self.places.plates[self.human])
        if self.inputs.pick is not None or self.inputs.toggled:
            rect.top -= self.places.lift  # a picked card rises
        lines = [box for _, box in self.painter.own_caption_lines(cards)[1]]
        if lines:  # as ``draw_own_caption`` lays them out
            rect = rect.union(lines[0].unionall(lines[1:]))
        return rect

    def pots_rect(self) -> pygame.Rect:
        w, h = self.px(128), self.places.pot_h
        rects = []
        for pot in ("hand",) if self.coruscant else ("hand", "sabacc"):
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (self.places.pot_pos(pot)[0], self.places.pot_at[1])
            rects.append(rect)
        return rects[0].unionall(rects[1:])

    def coach_rect(self, target: str) -> pygame.Rect | None:
        if target == "hand":
            return self.hand_rect()
        if target == "pots":
            return self.pots_rect()
        if target == "piles":
            rect = self.places.deck_rect.union(self.places.discard_rect).inflate(
                self.px(8), self.px(8)
            )
            rect.height += self.font_px(12) + self.px(4)  # their names under them
            return rect
        if target == "discard":
            return self.places.discard_rect.inflate(self.px(8), self.px(8)).union(
                self.places.discard_rect.move(0, self.font_px(12) + self.px(4))
            )
        if target == "dice":
            first, second = self.places.dice_rects
            rect = first.union(second).inflate(self.px(8), self.px(8))
            rect.height += self.font_px(11) + self.px(4)  # their name under them
            return rect
        if target == "actions":
            return self.coach_actions_rect()
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        # The others' names and stocks stay readable (a plate, never its cards).
        return [self.hand_rect(), *(self.places.plates[s] for s in range(1, self.num_seats))]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.banner.shown and self.visible_step() is not None:
            self.banner_left = 0.0  # "Game 1" gives way to the coach's words
            self.banner.hide()

    def coach_soft(self) -> list[pygame.Rect]:
        seats = [self.seat_rect(seat) for seat in range(1, self.num_seats)]
        centre = self.places.deck_rect.union(self.places.discard_rect).unionall(
            self.places.dice_rects
        )
        return [*seats, self.pots_rect(), centre, self.coach_prompt()]

    def coach_prompt(self) -> pygame.Rect:
        """The round and the turn's words under the piles ("Your turn: stand, gain...")."""
        room = min(self.table.width - 2 * self.places.plate_w, self.px(420))
        words = pygame.Rect(0, 0, room, self.font_px(14) + self.font_px(17) + self.px(8))
        words.midtop = (
            self.table.centerx,
            self.places.status_at[1] + self.font_px(12) + self.px(4),
        )
        return words.clip(words.move(0, self.px(3)))  # the piles' names end just above

    def coach_readable(self) -> list[pygame.Rect]:
        # What the callout keeps clear of, every name plate (the layout's), the turn prompt.
        plates = self.places.plates.values()
        return [*self.coach_avoid(), *plates, self.coach_prompt()]

    def coach_width(self) -> int:
        # Narrower than the kit's: the callout fits beside your cards, not on the others.
        return round(276 * self.table_u)

    def coach_home(self) -> pygame.Rect:
        """The wider side of the felt between the others' plates and your cards: room
        for a callout that covers nobody's cards."""
        t = self.table
        hand = self.hand_rect()
        top = max(self.places.plates[s].bottom for s in range(1, self.num_seats)) + self.px(8)
        height = max(1, hand.y - top)
        left = pygame.Rect(t.x, top, max(1, hand.x - t.x), height)
        right = pygame.Rect(hand.right, top, max(1, t.right - hand.right), height)
        shown = self.visible_step()
        target = self.coach_rect(shown[1].target) if shown and shown[1] else None
        # The side the step's target is not on (the dice sit left of the piles).
        sides = [r for r in (left, right) if target is None or not r.colliderect(target)]
        return max(sides or [left, right], key=lambda r: r.width)

    def coach_keys(self, action: Any) -> set[str]:
        if isinstance(action, sb.SwapDiscard):
            return {"swap_discard"}
        if isinstance(action, sb.SwapDraw):
            return {"swap_draw"}
        if isinstance(action, sb.Select):
            return {"select"}
        named = {sb.Stand: "stand", sb.Gain: "gain", sb.KeepGained: "keep",
                 sb.DiscardGained: "drop", sb.Check: "check", sb.Call: "call"}  # fmt: skip
        key = named.get(type(action))
        return {key} if key else set()

    def status_text(self) -> str:
        return "" if self.coach.finished else str(super().status_text())

    def advance(self) -> None:
        if self.coach.finished:
            return  # the intro has had its moment: the others wait for the coach's words
        super().advance()


def create_coached(app: App, current: Lesson) -> CoachedSpike:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return CoachedSpike(app, current)
