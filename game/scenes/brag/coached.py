"""The Brag table in a coached hand (``game.scenes.kit.coach``): what each coach
target is on this table."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.help.coach import Lesson
from game.rules import brag
from game.scenes.brag.scene import BragTable
from game.scenes.kit.coach import CoachCardTable


class CoachedBrag(CoachCardTable, BragTable):
    name = "brag-lesson"

    def coach_rect(self, target: str) -> pygame.Rect | None:
        if target == "hand":
            return self.places.hand_rect.copy()
        if target == "slots":
            first, *rest = self.places.slot_rects
            return first.unionall(rest)
        if target.startswith("column:"):
            column = int(target.partition(":")[2])
            top = self.places.status_rect.bottom
            return pygame.Rect(
                self.places.col_x[column] - self.places.col_w // 2,
                top,
                self.places.col_w,
                self.places.human_row.bottom - top,
            )
        if target == "scores":
            plates = [self.places.plate_rect(seat) for seat in range(self.num_seats)]
            return plates[0].unionall(plates[1:])
        if target == "actions":
            return self.coach_actions_rect()
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        plates = [self.places.plate_rect(seat) for seat in range(self.num_seats)]
        # The action bar while it holds controls (while the coach talks it is empty,
        # and its strip at the foot of the felt is room for the callout).
        bar = [self.column] if self.widgets else []
        if self.anim.laid:
            return [self.places.human_row, *bar, *plates, *self.laid_set_rects()]
        return [self.places.hand_rect, *bar, *plates, *self.laid_set_rects()]

    def laid_set_rects(self) -> list[pygame.Rect]:
        """Every opponent's set turned up at the reveal, with its winner's glow: the
        coach talks about them, so it never covers one (backs laid face down while the
        player arranges are only furniture)."""
        out: list[pygame.Rect] = []
        h = self.places.opp_card_h
        for seat, row in self.places.opp_rows.items():
            top = row.y + (row.height - h) // 2
            for pos, cards in enumerate(self.anim.opp_sets[seat]):
                if cards is None or None in cards:
                    continue
                rects = self.places.set_card_rects(self.places.col_x[pos], top, h, 3)
                out.append(rects[0].union(rects[-1]).inflate(self.px(10), self.px(10)))
        return out

    def coach_soft(self) -> list[pygame.Rect]:
        rows = [self.places.opp_rows[seat] for seat in range(1, self.num_seats)]
        return [*rows, self.places.hand_rect]

    def coach_keys(self, action: Any) -> set[str] | None:
        """The controls that make the asked-for move. The coach asks the player to lay
        the sets out by hand: Auto-arrange is greyed."""
        if isinstance(action, brag.SetLayout):
            return {"lay", "clear", "sort"}
        key: str = self.inputs.action_control(action).key
        return {key}

    def apply_human(self, action: Any) -> None:
        if not self.coach.allows(action):
            self.anim.laid = False  # the cards stay in the slots to be arranged again
            self.refuse(action)
            return
        super().apply_human(action)

    def draw_finale(self, surface: pygame.Surface) -> None:
        """The game's finale (who won, the final scores) gives way to the coach, whose
        words say the same (as a banner does: never under a callout)."""
        if self.visible_step() is not None:
            self.painter.finale_rect = None
            return
        super().draw_finale(surface)

    def layer_key(self) -> tuple[Any, ...] | None:
        key = super().layer_key()
        return None if key is None else (*key, self.visible_step() is None)

    def advance(self) -> None:
        """The table holds a deal's reveal until Continue; in a lesson the coach's own
        Continue on its last word about the reveal moves on to the next deal."""
        if self.anim.hold and not self.coach.finished and self.coach.current() is None:
            self.inputs.continue_after_reveal()
        super().advance()

    def coach_home(self) -> pygame.Rect:
        return self.places.band if self.places.band.height > self.px(120) else self.table


def create_coached(app: App, current: Lesson) -> CoachedBrag:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return CoachedBrag(app, current)
