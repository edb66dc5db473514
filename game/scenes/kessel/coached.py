"""The Kessel table in a coached intro (``game.scenes.kit.coach``): what each coach
target is on this table (the piles, your hand, your pot, your shift tokens, a seat),
and a table that stands still once the intro has had its moment."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, Scene
from game.help.coach import Lesson, Step
from game.rules import kessel as kg
from game.scenes.kessel.scene import KesselTable
from game.scenes.kit import text as kt
from game.scenes.kit.coach import CoachMarks, coached


class KesselCoachMarks(CoachMarks):
    name = "kessel-lesson"

    def seat_rect(self, seat: int) -> pygame.Rect:
        t = self.t
        if seat == t.human:
            return self.hand_rect()
        rect: pygame.Rect = t.places.plates[seat].union(t.places.pods[seat])
        return rect

    def hand_rect(self) -> pygame.Rect:
        """Your two cards, the card just drawn and the words over them."""
        t = self.t
        rect: pygame.Rect = t.places.human_hand.union(t.places.drawn_rect).union(
            t.places.plates[t.human]
        )
        rect.top -= t.font_px(16) * 3 // 2 + t.px(6)
        return rect

    def coach_rect(self, target: str) -> pygame.Rect | None:
        t = self.t
        if target == "hand":
            return self.hand_rect()
        if target == "piles":
            first, *rest = t.places.piles.values()
            rect: pygame.Rect = first.unionall(rest)
            rect.height += t.font_px(13) + t.px(6)  # their names under them
            return rect
        if target == "pot":
            pot: pygame.Rect = t.places.human_pot.copy()
            return pot
        if target == "tokens":
            first, *rest = t.places.token_rects_mine
            rect = first.unionall(rest)
            rect.height += t.font_px(11) + t.px(4)  # the token names
            return rect
        if target == "actions":
            return self.coach_actions_rect()
        if target == "dice":
            dice: pygame.Rect = t.places.dice_place()
            return dice
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        # The others' names and stocks stay readable (a plate, never its cards).
        t = self.t
        hard = [self.hand_rect(), *(t.places.plates[s] for s in t.places.pods)]
        if t.anim.model.pots[t.human]:
            hard.append(t.places.human_pot)  # an empty pot is only a place
        if t.options.shift_tokens:
            hard.append(self.coach_rect("tokens") or t.places.human_pot)
        return hard

    def coach_prompt(self) -> pygame.Rect:
        """The round's facts and the turn's words under the piles ("Your turn: draw...")."""
        t = self.t
        box = t.places.centre_box
        status = t.status_text() or ""
        wide = max(
            kt.fit(status, box.width + t.px(120), t.font_px(15), t.ink.text, True).get_width(),
            box.width,
        )
        words = pygame.Rect(
            0, t.places.facts_y, wide, t.places.dice_y + t.px(6) + t.font_px(15) - t.places.facts_y
        )
        words.centerx = box.centerx
        return words

    def coach_readable(self) -> list[pygame.Rect]:
        return [*super().coach_readable(), self.coach_prompt()]

    def coach_soft(self) -> list[pygame.Rect]:
        seats = [self.seat_rect(seat) for seat in self.t.places.pods]
        return [*seats, self.t.places.centre_box]

    def coach_width(self) -> int:
        # Narrower than the kit's: the callout fits beside your cards, not on the others.
        return round(330 * self.t.table_u)

    def coach_home(self) -> pygame.Rect:
        home: pygame.Rect = self.t.table.copy()
        return home

    def rows(self, asked: Step, legal: Any) -> list[list[Any]]:
        t = self.t
        if isinstance(asked.action, kg.PlayToken):
            tokens = t.inputs.playable_tokens()  # the panel's token button shows the asked one
            if asked.action.token in tokens:
                t.inputs.token_choice = tokens.index(asked.action.token)
        return super().rows(asked, legal)

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

    def status_text(self) -> str | None:
        return "" if self.c.driver.finished else None

    def may_advance(self) -> bool:
        # The intro has had its moment: the others wait for the coach's words.
        return not self.c.driver.finished


def create_coached(app: App, current: Lesson) -> Scene:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return coached(
        current,
        lambda config, director: KesselTable(app, config, director=director),
        KesselCoachMarks,
    )
