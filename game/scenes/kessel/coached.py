"""The Kessel table in a coached intro (``game.scenes.kit.coach``): what each coach
target is on this table (the piles, your hand, your pot, your shift tokens, a seat),
and a table that stands still once the intro has had its moment."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.help.coach import Lesson
from game.rules import kessel as kg
from game.scenes.kessel.scene import KesselTable
from game.scenes.kit import text as kt
from game.scenes.kit.coach import CoachCardTable


class CoachedKessel(CoachCardTable, KesselTable):
    name = "kessel-lesson"

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.human:
            return self.hand_rect()
        return self.places.plates[seat].union(self.places.pods[seat])

    def hand_rect(self) -> pygame.Rect:
        """Your two cards, the card just drawn and the words over them."""
        rect = self.places.human_hand.union(self.places.drawn_rect).union(
            self.places.plates[self.human]
        )
        rect.top -= self.font_px(16) * 3 // 2 + self.px(6)
        return rect

    def coach_rect(self, target: str) -> pygame.Rect | None:
        if target == "hand":
            return self.hand_rect()
        if target == "piles":
            first, *rest = self.places.piles.values()
            rect = first.unionall(rest)
            rect.height += self.font_px(13) + self.px(6)  # their names under them
            return rect
        if target == "pot":
            return self.places.human_pot.copy()
        if target == "tokens":
            first, *rest = self.places.token_rects_mine
            rect = first.unionall(rest)
            rect.height += self.font_px(11) + self.px(4)  # the token names
            return rect
        if target == "actions":
            return self.coach_actions_rect()
        if target == "dice":
            return self.places.dice_place()
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        # The others' names and stocks stay readable (a plate, never its cards).
        hard = [self.hand_rect(), *(self.places.plates[s] for s in self.places.pods)]
        if self.anim.model.pots[self.human]:
            hard.append(self.places.human_pot)  # an empty pot is only a place
        if self.options.shift_tokens:
            hard.append(self.coach_rect("tokens") or self.places.human_pot)
        return hard

    def coach_prompt(self) -> pygame.Rect:
        """The round's facts and the turn's words under the piles ("Your turn: draw...")."""
        box = self.places.centre_box
        status = self.status_text() or ""
        wide = max(
            kt.fit(
                status, box.width + self.px(120), self.font_px(15), self.ink.text, True
            ).get_width(),
            box.width,
        )
        words = pygame.Rect(
            0,
            self.places.facts_y,
            wide,
            self.places.dice_y + self.px(6) + self.font_px(15) - self.places.facts_y,
        )
        words.centerx = box.centerx
        return words

    def coach_readable(self) -> list[pygame.Rect]:
        return [*super().coach_readable(), *self.places.plates.values(), self.coach_prompt()]

    def coach_soft(self) -> list[pygame.Rect]:
        seats = [self.seat_rect(seat) for seat in self.places.pods]
        return [*seats, self.places.centre_box]

    def coach_width(self) -> int:
        # Narrower than the kit's: the callout fits beside your cards, not on the others.
        return round(330 * self.table_u)

    def coach_home(self) -> pygame.Rect:
        return self.table.copy()

    def legal_rows(self) -> list[Any]:
        asked = self.asked()
        if asked is not None and isinstance(asked.action, kg.PlayToken):
            tokens = self.inputs.playable_tokens()  # the panel's token button shows the asked one
            if asked.action.token in tokens:
                self.inputs.token_choice = tokens.index(asked.action.token)
        return super().legal_rows()

    def coach_keys(self, action: Any) -> set[str]:
        if isinstance(action, kg.Draw):
            return {f"draw_{action.source}"}
        if isinstance(action, kg.KeepDrawn):
            return {"keep"}
        if isinstance(action, kg.ReturnDrawn):
            return {"return"}
        if isinstance(action, kg.Stand):
            return {"stand"}
        if isinstance(action, kg.ChooseFace):
            return {f"face{action.value}"}
        if isinstance(action, kg.PlayToken):
            return {"token", "prev_token", "next_token", "target", "prev_target", "next_target",
                    "cancel"}  # fmt: skip
        return set()

    def status_text(self) -> str:
        return "" if self.coach.finished else str(super().status_text())

    def advance(self) -> None:
        if self.coach.finished:
            return  # the intro has had its moment: the others wait for the coach's words
        super().advance()


def create_coached(app: App, current: Lesson) -> CoachedKessel:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return CoachedKessel(app, current)
