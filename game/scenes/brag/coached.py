"""The Brag table in a coached hand (``game.scenes.kit.coach``): what each coach
target is on this table."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, Scene
from game.help.coach import Lesson
from game.rules import brag
from game.scenes.brag.scene import BragTable
from game.scenes.kit.coach import CoachMarks, coached


class BragCoachMarks(CoachMarks):
    name = "brag-lesson"

    def coach_rect(self, target: str) -> pygame.Rect | None:
        t = self.t
        if target == "hand":
            hand: pygame.Rect = t.places.hand_rect.copy()
            return hand
        if target == "slots":
            first, *rest = t.places.slot_rects
            slots: pygame.Rect = first.unionall(rest)
            return slots
        if target.startswith("column:"):
            column = int(target.partition(":")[2])
            top = t.places.status_rect.bottom
            return pygame.Rect(
                t.places.col_x[column] - t.places.col_w // 2,
                top,
                t.places.col_w,
                t.places.human_row.bottom - top,
            )
        if target == "scores":
            plates = [t.places.plate_rect(seat) for seat in range(t.num_seats)]
            scores: pygame.Rect = plates[0].unionall(plates[1:])
            return scores
        if target == "actions":
            return self.coach_actions_rect()
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        t = self.t
        plates = [t.places.plate_rect(seat) for seat in range(t.num_seats)]
        # The action bar while it holds controls (while the coach talks it is empty,
        # and its strip at the foot of the felt is room for the callout).
        bar = [t.column] if t.widgets else []
        if t.anim.laid:
            return [t.places.human_row, *bar, *plates, *self.laid_set_rects()]
        return [t.places.hand_rect, *bar, *plates, *self.laid_set_rects()]

    def laid_set_rects(self) -> list[pygame.Rect]:
        """Every opponent's set turned up at the reveal, with its winner's glow: the
        coach talks about them, so it never covers one (backs laid face down while the
        player arranges are only furniture)."""
        t = self.t
        out: list[pygame.Rect] = []
        h = t.places.opp_card_h
        for seat, row in t.places.opp_rows.items():
            top = row.y + (row.height - h) // 2
            for pos, cards in enumerate(t.anim.opp_sets[seat]):
                if cards is None or None in cards:
                    continue
                rects = t.places.set_card_rects(t.places.col_x[pos], top, h, 3)
                out.append(rects[0].union(rects[-1]).inflate(t.px(10), t.px(10)))
        return out

    def coach_soft(self) -> list[pygame.Rect]:
        t = self.t
        rows = [t.places.opp_rows[seat] for seat in range(1, t.num_seats)]
        return [*rows, t.places.hand_rect]

    def coach_keys(self, action: Any) -> set[str] | None:
        """The controls that make the asked-for move. The coach asks the player to lay
        the sets out by hand: Auto-arrange is greyed."""
        if isinstance(action, brag.SetLayout):
            return {"lay", "clear", "sort"}
        key: str = self.t.inputs.action_control(action).key
        return {key}

    def refused(self, action: Any) -> None:
        self.t.anim.laid = False  # the cards stay in the slots to be arranged again

    def may_advance(self) -> bool:
        """The table holds a deal's reveal until Continue; in a lesson the coach's own
        Continue on its last word about the reveal moves on to the next deal."""
        t, driver = self.t, self.c.driver
        if t.anim.hold and not driver.finished and driver.current() is None:
            t.inputs.continue_after_reveal()
        return True

    def coach_home(self) -> pygame.Rect:
        t = self.t
        home: pygame.Rect = t.places.band if t.places.band.height > t.px(120) else t.table
        return home


def create_coached(app: App, current: Lesson) -> Scene:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return coached(
        current,
        lambda config, director: BragTable(app, config, director=director),
        BragCoachMarks,
    )
