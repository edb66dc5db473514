"""The Sabacc table in a coached hand (``game.scenes.kit.coach``): the lesson's deal,
what each coach target is on this table, and the action bar greyed but for the move
the coach asks for."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, Scene
from game.help.coach import Lesson
from game.scenes.kit.coach import CoachMarks, ScriptedPlayer, coached
from game.scenes.kit.shots import PhaseShots
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.scene import SabaccTable


class _NoShots(PhaseShots):
    """The lesson takes a picture of each step instead of each phase."""

    def request(self, phase: str) -> None:
        return None


class SabaccCoachMarks(CoachMarks):
    name = "sabacc-lesson"

    def start(self) -> None:
        """The lesson's state, driver and players in place of quick play's."""
        t = self.t
        seats = [seat.cast for seat in t.anim.model.seats]
        t.state = self.c.driver.state
        t.driver = self.c.session([seat.name for seat in seats])
        t.anim.model = t.anim.new_model(seats, [int(c) for c in t.state.chips])
        t.autoplayer = ScriptedPlayer(self.c.driver)
        t.shots = _NoShots(t.app, "sabacc")

    # ------------------------------------------------------------ targets
    def seat_rect(self, seat: int) -> pygame.Rect:
        t = self.t
        place = t.places.seats[seat]
        count = max(1, len(t.anim.model.seats[seat].cards))
        rect: pygame.Rect = place.plate.union(place.card_rect(0, count))
        rect = rect.union(place.card_rect(count - 1, count))
        if seat != HUMAN:  # the status tag under an opponent's plate ("Call 2")
            rect.height += round(30 * t.places.u)
        return rect

    def coach_rect(self, target: str) -> pygame.Rect | None:
        lay = self.t.places
        named = {
            "hand-total": lay.total_badge,
            "sabacc-pot": lay.sabacc_pot,
            "hand-pot": lay.hand_pot,
            "shift-die": lay.die,
            "actions": lay.bar,
        }
        if target in named:
            rect: pygame.Rect = named[target].copy()
            return rect
        if target == "pots":
            pots: pygame.Rect = lay.hand_pot.union(lay.sabacc_pot)
            return pots
        if target == "hand":
            return self.seat_rect(HUMAN)
        if target.startswith("seat:"):
            return self.seat_rect(int(target.partition(":")[2]))
        return None

    def coach_card(self, code: str, size: tuple[int, int]) -> pygame.Surface | None:
        face: pygame.Surface = self.t.painter.card_face(code, size)
        return face

    def coach_avoid(self) -> list[pygame.Rect]:
        t = self.t
        lay = t.places
        seats = [self.seat_rect(seat) for seat in range(t.state.num_seats)]
        return [lay.bar, lay.total_badge, *seats]

    def coach_soft(self) -> list[pygame.Rect]:
        lay = self.t.places
        return [lay.hand_pot, lay.sabacc_pot, lay.deck, lay.discard, lay.die]

    def coach_area(self) -> pygame.Rect:
        area: pygame.Rect = self.t.places.table.copy()
        return area

    def coach_home(self) -> pygame.Rect:
        home: pygame.Rect = self.t.places.centre.copy()
        return home

    def busy(self) -> bool:
        return bool(self.t.queue.busy) or bool(self.t.anim.model.flights)

    def status_text(self) -> str | None:
        # No next hand in a lesson: the coach has the last word.
        return "" if self.t.mode in ("between", "over") else None

    # ------------------------------------------------------------ controls
    def controls(self, legal: Any) -> Any:
        specs = legal()
        if self.t.mode in ("between", "over"):
            return []  # the lesson ends with the coach's words, not a next hand
        return specs

    def changed(self) -> None:
        """Only the asked-for move's button can be pressed (the stepper stays free)."""
        asked = self.c.asked()
        bar = getattr(self.t, "bar", None)  # none before the table is first built
        for key, item in (bar.items if bar is not None else {}).items():
            wanted = asked is not None and self.wants(key, asked.action)
            item.enabled = wanted
            if wanted:
                item.button.enable()
            else:
                item.button.disable()

    def wants(self, key: str, action: Any) -> bool:
        t = self.t
        if key in t.inputs.amount_kinds:
            return type(action) is t.inputs.amount_kinds[key]
        if key in t.inputs.card_actions:  # a mode button before a card click (Freeze, Lock...)
            return type(action) is t.inputs.card_actions[key]
        return bool(t.inputs.spec_actions.get(key) == action)


def create_coached(app: App, current: Lesson) -> Scene:
    """The hook ``game.scenes.kit.coach.make_coached`` calls."""
    return coached(
        current,
        lambda config, director: SabaccTable(app, config, director=director),
        SabaccCoachMarks,
    )
