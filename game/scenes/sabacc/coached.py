"""The Sabacc table in a coached hand (``game.scenes.kit.coach``): the lesson's deal,
what each coach target is on this table, and the action bar greyed but for the move
the coach asks for."""

from __future__ import annotations

from typing import Any, cast

import pygame

from game.app import App
from game.help.coach import Lesson
from game.rules import sabacc as sb
from game.scenes.kit.bar import ActionSpec
from game.scenes.kit.coach import CoachTable, ScriptedPlayer
from game.scenes.kit.shots import PhaseShots
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.scene import SabaccTable


class _NoShots(PhaseShots):
    """The lesson takes a picture of each step instead of each phase."""

    def request(self, phase: str) -> None:
        return None


class CoachedSabacc(CoachTable, SabaccTable):
    name = "sabacc-lesson"

    def coach_attach(self) -> None:
        seats = [seat.cast for seat in self.anim.model.seats]
        self.state = cast(sb.SabaccState, self.coach.state)
        self.driver = self.coach_session([seat.name for seat in seats])
        self.anim.model = self.anim.new_model(seats, [int(c) for c in self.state.chips])
        self.autoplayer = ScriptedPlayer(self.coach)
        self.shots = _NoShots(self.app, "sabacc")

    # ------------------------------------------------------------ targets
    def seat_rect(self, seat: int) -> pygame.Rect:
        place = self.places.seats[seat]
        count = max(1, len(self.anim.model.seats[seat].cards))
        rect = place.plate.union(place.card_rect(0, count)).union(place.card_rect(count - 1, count))
        if seat != HUMAN:  # the status tag under an opponent's plate ("Call 2")
            rect.height += round(30 * self.places.u)
        return rect

    def coach_rect(self, target: str) -> pygame.Rect | None:
        lay = self.places
        if target == "hand-total":
            return lay.total_badge.copy()
        if target == "pots":
            return lay.hand_pot.union(lay.sabacc_pot)
        if target == "sabacc-pot":
            return lay.sabacc_pot.copy()
        if target == "hand-pot":
            return lay.hand_pot.copy()
        if target == "shift-die":
            return lay.die.copy()
        if target == "actions":
            return lay.bar.copy()
        if target == "hand":
            return self.seat_rect(HUMAN)
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_card(self, code: str, size: tuple[int, int]) -> pygame.Surface | None:
        return self.painter.card_face(code, size)

    def coach_avoid(self) -> list[pygame.Rect]:
        lay = self.places
        seats = [self.seat_rect(seat) for seat in range(self.state.num_seats)]
        return [lay.bar, lay.total_badge, *seats]

    def coach_soft(self) -> list[pygame.Rect]:
        lay = self.places
        return [lay.hand_pot, lay.sabacc_pot, lay.deck, lay.discard, lay.die]

    def coach_area(self) -> pygame.Rect:
        return self.places.table.copy()

    def coach_home(self) -> pygame.Rect:
        return self.places.centre.copy()

    def draw_prompt(self, surface: pygame.Surface, lay: Any) -> None:
        if self.mode in ("between", "over"):
            return  # no next hand in a lesson: the coach has the last word
        super().draw_prompt(surface, lay)

    def coach_busy(self) -> bool:
        return bool(self.queue.busy) or bool(self.anim.model.flights)

    # ------------------------------------------------------------ controls
    def decision_specs(self) -> list[ActionSpec]:
        specs = super().decision_specs()
        if self.mode in ("between", "over"):
            return []  # the lesson ends with the coach's words, not a next hand
        return specs

    def controls_changed(self) -> None:
        self.coach_changed()

    def coach_changed(self) -> None:
        """Only the asked-for move's button can be pressed (the stepper stays free)."""
        asked = self.asked()
        for key, item in getattr(self.bar, "items", {}).items():
            wanted = asked is not None and self.coach_wants(key, asked.action)
            item.enabled = wanted
            if wanted:
                item.button.enable()
            else:
                item.button.disable()

    def coach_wants(self, key: str, action: Any) -> bool:
        if key in self.inputs.amount_kinds:
            return type(action) is self.inputs.amount_kinds[key]
        if key in self.inputs.card_actions:  # a mode button before a card click (Freeze, Lock...)
            return type(action) is self.inputs.card_actions[key]
        return bool(self.inputs.spec_actions.get(key) == action)

    def autoplay_step(self) -> None:
        if not self.coach_autoplay():
            super().autoplay_step()


def create_coached(app: App, current: Lesson) -> CoachedSabacc:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return CoachedSabacc(app, current)
