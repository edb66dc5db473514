"""The Nine and a Half table's controls: ante and bet steppers (the bet stepper shows
the limit), hit/stay, and as dealer draw / challenge / stop; a dealer may also
challenge by clicking a player's seat. Stop appears only once the duty is met."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.kit.table import Control

if TYPE_CHECKING:
    from game.scenes.ninehalf.scene import NineHalfTable


class NineHalfControls:
    """The table's inputs (``table.inputs``): the controls for the legal actions, the
    amount stepper and the challenge target, clicks on seats, the autoplay plan."""

    def __init__(self, table: NineHalfTable) -> None:
        self.t = table
        self.stepper = 1
        self.stepper_for = ""
        self.target = -1  # the seat the challenge button names
        self.hover_seat = -1

    def prepare_decision(self) -> None:
        """Reset the stepper and the challenge target for a new decision."""
        key = f"{self.t.state.phase}:{self.t.progress}"
        if self.stepper_for == key:
            return
        self.stepper_for = key
        phase = self.t.state.phase
        if phase == nh.LIMIT:
            choices = self.t.options.limit_choices
            self.stepper = self.t.options.limit if self.t.options.limit in choices else choices[0]
        else:
            self.stepper = 1
        open_seats = self.t.open_seats()
        self.target = open_seats[0] if open_seats else -1

    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        actor = self.t.state.to_act()
        if not self.t.idle():
            return []
        if actor in (BETWEEN, TERMINAL):
            return self.t.loop.between_rows(
                i18n.t("nh.next_deal"), i18n.t("nh.tip.next"), self.next_deal
            )
        if actor != self.t.human:
            return []
        self.prepare_decision()
        legal = self.t.state.legal_actions()
        phase = self.t.state.phase
        if phase == nh.LIMIT:
            choices = [a.limit for a in legal if isinstance(a, nh.SetLimit)]
            return self.stepper_rows(
                i18n.t("nh.limit_value", limit=self.stepper), choices,
                Control("confirm_limit", i18n.t("nh.set_limit"), i18n.t("nh.tip.limit"),
                        lambda: self.t.human_acts(nh.SetLimit(self.stepper)), k.K_RETURN, True),
            )  # fmt: skip
        if phase == nh.ANTE:
            antes = [a.amount for a in legal if isinstance(a, nh.Ante)]
            rows = self.stepper_rows(
                i18n.t("nh.ante_value", amount=self.stepper, top=max(antes)), antes,
                Control("ante", i18n.t("nh.ante"), i18n.t("nh.tip.ante"),
                        lambda: self.t.human_acts(nh.Ante(self.stepper)), k.K_a, True),
            )  # fmt: skip
            if nh.SitOut() in legal:
                rows.append([Control("sitout", i18n.t("nh.sit_out"), i18n.t("nh.tip.sit_out"),
                                     lambda: self.t.human_acts(nh.SitOut()), k.K_s)])  # fmt: skip
            return rows
        if phase == nh.HIT:
            rows = []
            if nh.Hit() in legal:
                rows.append([Control("hit", i18n.t("nh.hit"), i18n.t("nh.tip.hit"),
                                     lambda: self.t.human_acts(nh.Hit()), k.K_h, True)])  # fmt: skip
            rows.append([Control("stay", i18n.t("nh.stay"), i18n.t("nh.tip.stay"),
                                 lambda: self.t.human_acts(nh.Stay()), k.K_s)])  # fmt: skip
            return rows
        if phase == nh.BET:
            bets = [a.amount for a in legal if isinstance(a, nh.Bet)]
            label = i18n.t("nh.bet_value", amount=self.stepper, limit=self.t.anim.limit)
            return self.stepper_rows(
                label, bets,
                Control("bet", i18n.t("nh.bet"), i18n.t("nh.tip.bet", limit=self.t.anim.limit),
                        lambda: self.t.human_acts(nh.Bet(self.stepper)), k.K_b, True),
            )  # fmt: skip
        rows = []
        open_seats = self.t.open_seats()
        if open_seats:
            if self.target not in open_seats:
                self.target = open_seats[0]
            rows.append([
                Control("prev_target", "◀", i18n.t("nh.tip.target"), lambda: self.cycle(-1), k.K_LEFT, weight=0.5),
                Control("challenge", i18n.t("nh.challenge", seat=self.t.seat_name(self.target)),
                        i18n.t("nh.tip.challenge"), lambda: self.t.human_acts(nh.Challenge(self.target)),
                        k.K_c, True, weight=2.2),
                Control("next_target", "▶", i18n.t("nh.tip.target"), lambda: self.cycle(1), k.K_RIGHT, weight=0.5),
            ])  # fmt: skip
        if nh.Draw() in legal:
            rows.append([Control("draw", i18n.t("nh.draw"), i18n.t("nh.tip.draw"),
                                 lambda: self.t.human_acts(nh.Draw()), k.K_d)])  # fmt: skip
        if nh.Stop() in legal:
            rows.append([Control("stop", i18n.t("nh.stop"), i18n.t("nh.tip.stop"),
                                 lambda: self.t.human_acts(nh.Stop()), k.K_s)])  # fmt: skip
        return rows

    def stepper_rows(self, label: str, values: list[int], confirm: Control) -> list[list[Control]]:
        """The amount on a row of its own (the whole column's width: "ベット 5（リミット
        10）" did not fit between the buttons), then − [confirm] +."""
        k = pygame
        lo, hi = min(values), max(values)
        self.stepper = min(max(self.stepper, lo), hi)
        confirm.weight = 2.0
        row = [confirm]
        if len(values) > 1:
            row.insert(0, Control("minus", "−", i18n.t("nh.tip.less"),
                                  lambda: self.nudge(values, -1), k.K_MINUS, weight=0.5))  # fmt: skip
            row.append(Control("plus", "+", i18n.t("nh.tip.more"),
                               lambda: self.nudge(values, 1), k.K_EQUALS, weight=0.5))  # fmt: skip
        return [[Control("value", label)], row]

    def nudge(self, values: list[int], step: int) -> None:
        ordered = sorted(values)
        i = ordered.index(self.stepper) if self.stepper in ordered else 0
        self.stepper = ordered[max(0, min(len(ordered) - 1, i + step))]

    def cycle(self, step: int) -> None:
        seats = self.t.open_seats()
        if not seats:
            return
        i = seats.index(self.target) if self.target in seats else 0
        self.target = seats[(i + step) % len(seats)]

    def handle(self, event: pygame.event.Event) -> bool:
        """The table's own input before the kit's: the pointer over a seat, the arrow
        keys on a stepper, a click on a seat to challenge (True: taken)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_seat = self.t.places.seat_at(event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.t.idle() and "minus" in self.t.controls:
                self.nudge_from_key(1 if event.key == pygame.K_RIGHT else -1)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = self.t.places.seat_at(event.pos)
            if seat >= 0 and self.t.idle() and seat in self.t.open_seats():
                self.t.human_acts(nh.Challenge(seat))
                return True
        return False

    def nudge_from_key(self, step: int) -> None:
        control = self.t.controls["plus" if step > 0 else "minus"]
        if control.on_press is not None:
            control.on_press()

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        between = self.t.loop.autoplay_between()
        if between is not None:
            return between
        if self.t.state.to_act() != self.t.human:
            return []
        self.prepare_decision()
        action = self.t.autoplay_bot.choose(
            self.t.human_view(), self.t.state.legal_actions(), self.t.loop.seat_rng(0)
        )
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if isinstance(action, nh.SetLimit):
            plan += self.steps_to(action.limit, list(self.t.options.limit_choices))
            plan.append(lambda: self.t.click_control("confirm_limit"))
        elif isinstance(action, nh.Ante):
            plan += self.t.step_to("minus", "plus", self.stepper, action.amount)
            plan.append(lambda: press_key(pygame.K_a))  # the keyboard path
        elif isinstance(action, nh.SitOut):
            plan.append(lambda: self.t.click_control("sitout"))
        elif isinstance(action, nh.Hit):
            plan.append(lambda: press_key(pygame.K_h))
        elif isinstance(action, nh.Stay):
            plan.append(lambda: self.t.click_control("stay"))
        elif isinstance(action, nh.Bet):
            plan += self.t.step_to("minus", "plus", self.stepper, action.amount)
            plan.append(lambda: self.t.click_control("bet"))
        elif isinstance(action, nh.Challenge):
            plan.append(lambda s=action.seat: left_click(self.t.places.plates[s].center))  # type: ignore[misc]
        elif isinstance(action, nh.Draw):
            plan.append(lambda: self.t.click_control("draw"))
        elif isinstance(action, nh.Stop):
            plan.append(lambda: self.t.click_control("stop"))
        return plan

    def steps_to(self, wanted: int, values: list[int]) -> list[Any]:
        ordered = sorted(values)
        here = ordered.index(self.stepper) if self.stepper in ordered else 0
        there = ordered.index(wanted)
        return self.t.step_to("minus", "plus", here, there)

    def next_deal(self) -> None:
        t = self.t
        assert t.driver is not None
        if t.state.to_act() != BETWEEN or t.driver.over():
            return
        t.loop.deal_next_unit()
