"""The Corellian Spike / Coruscant Shift table in a coached intro
(``game.scenes.kit.coach``): what each coach target is on this table (your hand, the
pots, the discard pile, the dice, a seat), and a table that stands still once the
intro has had its moment."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, Scene
from game.help.coach import Lesson
from game.rules import spike_base as sb
from game.scenes.kit.coach import CoachMarks, coached
from game.scenes.spike.scene import SpikeTable


class SpikeCoachMarks(CoachMarks):
    name = "spike-lesson"

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.t.human:
            return self.hand_rect()
        box = self.t.places.hand_boxes[seat]
        # The hand's name under the cards, as ``draw_label`` lays it out.
        label = pygame.Rect(
            0, 0, max(box.width, self.t.places.plate_w) + self.t.px(8), self.t.font_px(13)
        )
        label.height += self.t.px(4)
        label.midtop = (box.centerx, box.bottom + self.t.px(7))
        return self.t.places.plates[seat].union(box).union(label)

    def hand_rect(self) -> pygame.Rect:
        """Your cards (a picked one rises), your plate, and the words right of them."""
        count = max(
            1,
            len(self.t.anim.model.picks[self.t.human]) + len(self.t.anim.model.hands[self.t.human]),
        )
        cards = self.t.places.card_rects(self.t.human, count)
        rect = cards[0].unionall(cards[1:]).union(self.t.places.plates[self.t.human])
        if self.t.inputs.pick is not None or self.t.inputs.toggled:
            rect.top -= self.t.places.lift  # a picked card rises
        lines = [box for _, box in self.t.painter.own_caption_lines(cards)[1]]
        if lines:  # as ``draw_own_caption`` lays them out
            rect = rect.union(lines[0].unionall(lines[1:]))
        return rect

    def pots_rect(self) -> pygame.Rect:
        w, h = self.t.px(128), self.t.places.pot_h
        rects = []
        for pot in ("hand",) if self.t.coruscant else ("hand", "sabacc"):
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (self.t.places.pot_pos(pot)[0], self.t.places.pot_at[1])
            rects.append(rect)
        return rects[0].unionall(rects[1:])

    def coach_rect(self, target: str) -> pygame.Rect | None:
        if target == "hand":
            return self.hand_rect()
        if target == "pots":
            return self.pots_rect()
        if target == "piles":
            rect = self.t.places.deck_rect.union(self.t.places.discard_rect).inflate(
                self.t.px(8), self.t.px(8)
            )
            rect.height += self.t.font_px(12) + self.t.px(4)  # their names under them
            return rect
        if target == "discard":
            return self.t.places.discard_rect.inflate(self.t.px(8), self.t.px(8)).union(
                self.t.places.discard_rect.move(0, self.t.font_px(12) + self.t.px(4))
            )
        if target == "dice":
            first, second = self.t.places.dice_rects
            rect = first.union(second).inflate(self.t.px(8), self.t.px(8))
            rect.height += self.t.font_px(11) + self.t.px(4)  # their name under them
            return rect
        if target == "actions":
            return self.coach_actions_rect()
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        # The others' names and stocks stay readable (a plate, never its cards).
        return [self.hand_rect(), *(self.t.places.plates[s] for s in range(1, self.t.num_seats))]

    def update(self, dt: float) -> None:
        if self.t.banner.shown and self.c.visible_step() is not None:
            self.t.banner_left = 0.0  # "Game 1" gives way to the coach's words
            self.t.banner.hide()

    def coach_soft(self) -> list[pygame.Rect]:
        seats = [self.seat_rect(seat) for seat in range(1, self.t.num_seats)]
        centre = self.t.places.deck_rect.union(self.t.places.discard_rect).unionall(
            self.t.places.dice_rects
        )
        return [*seats, self.pots_rect(), centre, self.coach_prompt()]

    def coach_prompt(self) -> pygame.Rect:
        """The round and the turn's words under the piles ("Your turn: stand, gain...")."""
        room = min(self.t.table.width - 2 * self.t.places.plate_w, self.t.px(420))
        words = pygame.Rect(0, 0, room, self.t.font_px(14) + self.t.font_px(17) + self.t.px(8))
        words.midtop = (
            self.t.table.centerx,
            self.t.places.status_at[1] + self.t.font_px(12) + self.t.px(4),
        )
        return words.clip(words.move(0, self.t.px(3)))  # the piles' names end just above

    def coach_readable(self) -> list[pygame.Rect]:
        return [*super().coach_readable(), self.coach_prompt()]

    def coach_width(self) -> int:
        # Narrower than the kit's: the callout fits beside your cards, not on the others.
        return round(276 * self.t.table_u)

    def coach_home(self) -> pygame.Rect:
        """The wider side of the felt between the others' plates and your cards: room
        for a callout that covers nobody's cards."""
        t = self.t.table
        hand = self.hand_rect()
        top = max(self.t.places.plates[s].bottom for s in range(1, self.t.num_seats)) + self.t.px(8)
        height = max(1, hand.y - top)
        left = pygame.Rect(t.x, top, max(1, hand.x - t.x), height)
        right = pygame.Rect(hand.right, top, max(1, t.right - hand.right), height)
        shown = self.c.visible_step()
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

    def status_text(self) -> str | None:
        return "" if self.c.driver.finished else None

    def may_advance(self) -> bool:
        # The intro has had its moment: the others wait for the coach's words.
        return not self.c.driver.finished


def create_coached(app: App, current: Lesson) -> Scene:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return coached(
        current,
        lambda config, director: SpikeTable(app, config, director=director),
        SpikeCoachMarks,
    )
