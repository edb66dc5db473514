"""The Spike / Coruscant table's controls: only legal actions, each with a shortcut.

Corellian Spike: Stand, Gain, Junk; a click on one of the player's cards picks it for
a swap (with the draw pile or the top discard); after a gain, Keep or Discard.
Coruscant Shift: clicks (or 1-5) toggle cards into the selection, placed face down
with "Place selection". Betting in both: Check/Call, a stepper for Bet/Raise, and
Junk (Spike) or Fold (Coruscant).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n, spike_text
from game.rules import spike_base as sb
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.kit.table import Control
from game.scenes.kit.words import tw
from game.scenes.spike.paint import SpikePaint

DIGITS = {getattr(pygame, f"K_{d}"): d - 1 for d in range(1, 6)}


class SpikeControls(SpikePaint):
    # ------------------------------------------------------------- decisions
    def prepare_decision(self) -> None:
        """Reset the picks and the stepper when a new decision comes up."""
        key = (self.state.phase, self.progress)
        if self.stepper_for == key:
            return
        self.stepper_for = key
        self.pick = None
        self.toggled = set()
        amounts = self.bet_amounts()
        self.stepper = amounts[0] if amounts else 0

    def bet_amounts(self) -> list[int]:
        return sorted(
            a.amount for a in self.state.legal_actions() if isinstance(a, sb.Bet | sb.Raise)
        )

    def human_acts(self, action: Any) -> None:
        if self.state.to_act() != self.human or not self.idle():
            return
        if action not in self.state.legal_actions():
            return  # never reaches the engine: the controls offer only legal actions
        assert self.driver is not None
        self.pick = None
        self.toggled = set()
        events = self.driver.human(action)
        self.loop.mark_progress()
        self.play(events)

    def hand_card(self, index: int) -> int | None:
        """The engine's card at ``index`` of the player's shown hand."""
        hand = self.hands[self.human]
        if not 0 <= index < len(hand) or hand[index] is None:
            return None
        return kc.parse(str(hand[index]))

    def chosen_selection(self) -> sb.Select:
        cards = [kc.parse(c) for c in self.picks[self.human] if c]
        cards += [c for i in sorted(self.toggled) if (c := self.hand_card(i)) is not None]
        return sb.Select(tuple(sorted(cards)))

    # -------------------------------------------------------------- controls
    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        actor = self.state.to_act()
        if not self.idle():
            return []
        if actor in (BETWEEN, TERMINAL):
            key = "spiketable.next_hand" if self.coruscant else "spiketable.next_game"
            return self.loop.between_rows(
                i18n.t(key), i18n.t("spiketable.tip.next"), self.next_unit
            )
        if actor != self.human:
            return []
        self.prepare_decision()
        legal = self.state.legal_actions()
        phase = self.state.phase
        if phase == "cards":
            return self.card_rows(legal)
        if phase == "gained":
            rows = []
            if sb.KEEP_GAINED in legal:
                rows.append([Control("keep", i18n.t("spike.action.keep"),
                                     i18n.t("spiketable.tip.keep"),
                                     lambda: self.human_acts(sb.KEEP_GAINED), k.K_k, True)])  # fmt: skip
            rows.append([Control("drop", i18n.t("spike.action.discard_gained"),
                                 i18n.t("spiketable.tip.drop"),
                                 lambda: self.human_acts(sb.DISCARD_GAINED), k.K_d)])  # fmt: skip
            return rows
        if phase == "select":
            return self.select_rows()
        if phase == "betting":
            return self.bet_rows(legal)
        return []

    def card_rows(self, legal: list[Any]) -> list[list[Control]]:
        k = pygame
        rows = [[
            Control("stand", i18n.t("spike.action.stand"), i18n.t("spiketable.tip.stand"),
                    lambda: self.human_acts(sb.STAND), k.K_s, True),
            Control("gain", i18n.t("spiketable.gain"), i18n.t("spiketable.tip.gain"),
                    lambda: self.human_acts(sb.GAIN), k.K_g),
        ]]  # fmt: skip
        if sb.GAIN not in legal:
            rows[0].pop()
        card = self.hand_card(self.pick) if self.pick is not None else None
        if card is None:
            rows.append([Control("pick_hint", i18n.t("spiketable.pick_hint"))])
        else:
            name = spike_text.card_name(card)
            swaps = []
            if sb.SwapDraw(card) in legal:
                swaps.append(Control("swap_draw", i18n.t("spiketable.swap_draw"),
                                     i18n.t("spike.action.swap_draw", card=name),
                                     lambda c=card: self.human_acts(sb.SwapDraw(c)), k.K_w))  # type: ignore[misc]  # fmt: skip
            if sb.SwapDiscard(card) in legal:
                swaps.append(Control("swap_discard", i18n.t("spiketable.swap_discard"),
                                     i18n.t("spike.action.swap_discard", card=name),
                                     lambda c=card: self.human_acts(sb.SwapDiscard(c)), k.K_t))  # type: ignore[misc]  # fmt: skip
            if swaps:
                rows.append([Control("swap_with", i18n.t("spiketable.swap_with", card=name))])
            rows.append(swaps or [Control("pick_hint", i18n.t("spiketable.pick_hint"))])
        rows.append([Control("fold", i18n.t("spiketable.junk"), i18n.t("spiketable.tip.junk"),
                             lambda: self.human_acts(sb.FOLD), k.K_j)])  # fmt: skip
        return rows

    def select_rows(self) -> list[list[Control]]:
        k = pygame
        view = self.seen.view
        number = getattr(view, "selection_no", 1)
        chosen = self.chosen_selection()
        count = len(chosen.cards)
        key = "spiketable.selection_count" if number == 1 else "spiketable.selection_add"
        label = i18n.t(key, count=count, added=len(self.toggled))
        rows = [[Control("selection", label)]]
        # Always there, so the keyboard focus starts on it rather than on Fold.
        rows.append([Control("select", i18n.t("spiketable.place"), i18n.t("spiketable.tip.place"),
                             self.place_selection, k.K_RETURN, True)])  # fmt: skip
        rows.append([Control("fold", i18n.t("spike.action.fold"), i18n.t("spiketable.tip.fold"),
                             lambda: self.human_acts(sb.FOLD), k.K_f)])  # fmt: skip
        return rows

    def place_selection(self) -> None:
        chosen = self.chosen_selection()
        if chosen in self.state.legal_actions():
            self.human_acts(chosen)
        else:
            self.warn(tw("spiketable.select_hint"))

    def bet_rows(self, legal: list[Any]) -> list[list[Control]]:
        k = pygame
        first: list[Control] = []
        if sb.CALL in legal:
            owe = self.state.level - self.state.round_bets[self.human]
            first.append(Control("call", i18n.t("spiketable.call", count=owe),
                                 i18n.t("spiketable.tip.call"), lambda: self.human_acts(sb.CALL),
                                 k.K_c, True))  # fmt: skip
        elif sb.CHECK in legal:
            first.append(Control("check", i18n.t("spike.action.check"),
                                 i18n.t("spiketable.tip.check"), lambda: self.human_acts(sb.CHECK),
                                 k.K_c, True))  # fmt: skip
        fold_key = "spike.action.fold" if self.coruscant else "spiketable.junk"
        first.append(Control("fold", i18n.t(fold_key), i18n.t("spiketable.tip.fold"),
                             lambda: self.human_acts(sb.FOLD), k.K_f))  # fmt: skip
        rows = [first]
        amounts = self.bet_amounts()
        if amounts:
            self.stepper = min(max(self.stepper, amounts[0]), amounts[-1])
            raising = any(isinstance(a, sb.Raise) for a in legal)
            make: Callable[[int], Any] = sb.Raise if raising else sb.Bet
            key = "spike.action.raise" if raising else "spike.action.bet"
            confirm = Control("bet", i18n.t(key, count=self.stepper),
                              i18n.t("spiketable.tip.bet"),
                              lambda: self.human_acts(make(self.stepper)), k.K_b, weight=2.0)  # fmt: skip
            row = [confirm]
            if len(amounts) > 1:
                row.insert(0, Control("minus", "−", i18n.t("nh.tip.less"),
                                      lambda: self.nudge(amounts, -1), k.K_MINUS, weight=0.5))  # fmt: skip
                row.append(Control("plus", "+", i18n.t("nh.tip.more"),
                                   lambda: self.nudge(amounts, 1), k.K_EQUALS, weight=0.5))  # fmt: skip
            rows.append(row)
        return rows

    def nudge(self, values: list[int], step: int) -> None:
        ordered = sorted(values)
        i = ordered.index(self.stepper) if self.stepper in ordered else 0
        self.stepper = ordered[max(0, min(len(ordered) - 1, i + step))]

    # ------------------------------------------------------------------ input
    def toggle_card(self, index: int) -> None:
        """A click on the player's card: pick it for a swap, or toggle it in the selection."""
        if self.state.to_act() != self.human or not self.idle():
            return
        if index >= len(self.hands[self.human]):
            return
        phase = self.state.phase
        if phase == "cards":
            self.pick = None if self.pick == index else index
        elif phase == "select":
            if index in self.toggled:
                self.toggled.discard(index)
            elif len(self.toggled) + len(self.picks[self.human]) < 5:
                self.toggled.add(index)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.card_at(event.pos)
            if index is not None and self.state.to_act() == self.human and self.idle():
                self.toggle_card(index)
                return None
        elif (
            event.type == pygame.KEYDOWN
            and event.key in DIGITS
            and self.state.to_act() == self.human
            and self.idle()
        ):
            self.toggle_card(DIGITS[event.key])
            return None
        return super().process_event(event)

    def next_unit(self) -> None:
        assert self.driver is not None
        if self.state.to_act() != BETWEEN or self.driver.over():
            return
        self.loop.deal_next_unit()

    # --------------------------------------------------------------- autoplay
    def card_click(self, index: int) -> list[pygame.event.Event]:
        picks = len(self.picks[self.human])
        rects = self.card_rects(self.human, picks + len(self.hands[self.human]))
        rect = rects[picks + index]
        if index in self.toggled or index == self.pick:
            rect = rect.move(0, -self.lift)
        # Low on the card: the part no neighbour to the right covers.
        return left_click((rect.x + self.px(8), rect.bottom - self.px(10)))

    def index_of(self, card: int) -> int:
        return self.hands[self.human].index(kc.code(card))

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        between = self.loop.autoplay_between()
        if between is not None:
            return between
        if self.state.to_act() != self.human:
            return []
        self.prepare_decision()
        action = self.autoplay_bot.choose(
            self.state.view(self.human), self.state.legal_actions(), self.loop.seat_rng(0)
        )
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if isinstance(action, sb.Stand):
            plan.append(lambda: self.click_control("stand"))
        elif isinstance(action, sb.Gain):
            plan.append(lambda: press_key(pygame.K_g))  # the keyboard path
        elif isinstance(action, sb.KeepGained):
            plan.append(lambda: self.click_control("keep"))
        elif isinstance(action, sb.DiscardGained):
            plan.append(lambda: self.click_control("drop"))
        elif isinstance(action, sb.SwapDraw | sb.SwapDiscard):
            index = self.index_of(action.card)
            key = "swap_draw" if isinstance(action, sb.SwapDraw) else "swap_discard"
            plan.append(lambda: self.card_click(index))
            plan.append(lambda: self.click_control(key))
        elif isinstance(action, sb.Select):
            picked = [kc.code(c) for c in action.cards]
            for code in self.picks[self.human]:
                if code in picked:
                    picked.remove(code)
            for code in picked:
                index = self.hands[self.human].index(code)
                plan.append(lambda i=index: self.card_click(i))  # type: ignore[misc]
            plan.append(lambda: self.click_control("select"))
        elif isinstance(action, sb.Fold):
            plan.append(lambda: self.click_control("fold"))
        elif isinstance(action, sb.Check):
            plan.append(lambda: self.click_control("check"))
        elif isinstance(action, sb.Call):
            plan.append(lambda: self.click_control("call"))
        elif isinstance(action, sb.Bet | sb.Raise):
            amounts = self.bet_amounts()
            here = amounts.index(self.stepper) if self.stepper in amounts else 0
            plan += self.step_to("minus", "plus", here, amounts.index(action.amount))
            plan.append(lambda: self.click_control("bet"))
        return plan
