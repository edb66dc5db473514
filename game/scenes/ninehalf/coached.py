"""The Nine and a Half table in a coached hand (``game.scenes.kit.coach``): what each
coach target is on this table."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, Scene
from game.help.coach import Lesson
from game.rules import ninehalf as nh
from game.scenes.kit.coach import CoachMarks, coached
from game.scenes.ninehalf.scene import NineHalfTable


class NineHalfCoachMarks(CoachMarks):
    name = "ninehalf-lesson"

    def seat_rect(self, seat: int) -> pygame.Rect:
        rect: pygame.Rect = self.t.places.plate_zone(seat).union(self.t.places.hand_boxes[seat])
        return rect

    def coach_rect(self, target: str) -> pygame.Rect | None:
        if target == "hand":
            hand: pygame.Rect = self.t.places.hand_boxes[0].union(self.t.places.human_caption)
            return hand
        if target == "actions":
            return self.coach_actions_rect()
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        return [self.seat_rect(0), self.t.places.human_caption, self.t.column]

    def coach_keys(self, action: Any) -> set[str] | None:
        """The controls that make the asked-for move (its amount's − / + stay free)."""
        stepper = {"minus", "plus"}
        keys: dict[type, set[str]] = {
            nh.SetLimit: {"confirm_limit", *stepper},
            nh.Ante: {"ante", *stepper},
            nh.SitOut: {"sitout"},
            nh.Hit: {"hit"},
            nh.Stay: {"stay"},
            nh.Bet: {"bet", *stepper},
            nh.Challenge: {"challenge", "prev_target", "next_target"},
            nh.Draw: {"draw"},
            nh.Stop: {"stop"},
        }
        return keys.get(type(action))

    def coach_soft(self) -> list[pygame.Rect]:
        seats = [self.seat_rect(seat) for seat in range(1, self.t.num_seats)]
        return [*seats, self.t.places.centre_box]


def create_coached(app: App, current: Lesson) -> Scene:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return coached(
        current,
        lambda config, director: NineHalfTable(app, config, director=director),
        NineHalfCoachMarks,
    )
