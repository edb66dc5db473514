"""The Spike / Coruscant table's controls: only legal actions, each with a shortcut.

Corellian Spike: Stand, Gain, Junk; a click on one of the player's cards picks it for
a swap (with the draw pile or the top discard); after a gain, Keep or Discard.
Coruscant Shift: clicks (or 1-5) toggle cards into the selection, placed face down
with "Place selection". Betting in both: Check/Call, a stepper for Bet/Raise, and
Junk (Spike) or Fold (Coruscant).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, spike_text
from game.rules import spike_base as sb
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.kit.table import Control
from game.scenes.kit.words import tw
from game.scenes.spike.model import SpikeModel

if TYPE_CHECKING:
    from game.scenes.spike.scene import SpikeTable

DIGITS = {getattr(pygame, f"K_{d}"): d - 1 for d in range(1, 6)}


class SpikeControls:
    """The player's controls from the legal actions, their card picks, and the
    autoplayer's plan of clicks and keys."""

    def __init__(self, table: SpikeTable) -> None:
        self.t = table
        # The player's picks: the card a swap would put down (Spike), the cards
        # toggled into the selection (Coruscant).
        self.pick: int | None = None
        self.toggled: set[int] = set()
        self.stepper = 0
        self.stepper_for: tuple[Any, ...] = ()
        self.hover: int | None = None

    @property
    def model(self) -> SpikeModel:
        return self.t.anim.model

    # ------------------------------------------------------------- decisions
    def prepare_decision(self) -> None:
        """Reset the picks and the stepper when a new decision comes up."""
        key = (self.t.state.phase, self.t.progress)
        if self.stepper_for == key:
            return
        self.stepper_for = key
        self.pick = None
        self.toggled = set()
        amounts = self.bet_amounts()
        self.stepper = amounts[0] if amounts else 0

    def bet_amounts(self) -> list[int]:
        return sorted(
            a.amount for a in self.t.state.legal_actions() if isinstance(a, sb.Bet | sb.Raise)
        )

    def human_acts(self, action: Any) -> None:
        if self.t.state.to_act() != self.t.human or not self.t.idle():
            return
        if action not in self.t.state.legal_actions():
            return  # never reaches the engine: the controls offer only legal actions
        assert self.t.driver is not None
        self.pick = None
        self.toggled = set()
        events = self.t.driver.human(action)
        self.t.loop.mark_progress()
        self.t.play(events)

    def hand_card(self, index: int) -> int | None:
        """The engine's card at ``index`` of the player's shown hand."""
        hand = self.model.hands[self.t.human]
        if not 0 <= index < len(hand) or hand[index] is None:
            return None
        return kc.parse(str(hand[index]))

    def chosen_selection(self) -> sb.Select:
        cards = [kc.parse(c) for c in self.model.picks[self.t.human] if c]
        cards += [c for i in sorted(self.toggled) if (c := self.hand_card(i)) is not None]
        return sb.Select(tuple(sorted(cards)))

    # -------------------------------------------------------------- controls
    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        actor = self.t.state.to_act()
        if not self.t.idle():
            return []
        if actor in (BETWEEN, TERMINAL):
            key = "spiketable.next_hand" if self.t.coruscant else "spiketable.next_game"
            return self.t.loop.between_rows(
                i18n.t(key), i18n.t("spiketable.tip.next"), self.next_unit
            )
        if actor != self.t.human:
            return []
        self.prepare_decision()
        legal = self.t.state.legal_actions()
        phase = self.t.state.phase
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
        view = self.t.seen.view
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
        if chosen in self.t.state.legal_actions():
            self.human_acts(chosen)
        else:
            self.t.warn(tw("spiketable.select_hint"))

    def bet_rows(self, legal: list[Any]) -> list[list[Control]]:
        k = pygame
        first: list[Control] = []
        if sb.CALL in legal:
            owe = self.t.state.level - self.t.state.round_bets[self.t.human]
            first.append(Control("call", i18n.t("spiketable.call", count=owe),
                                 i18n.t("spiketable.tip.call"), lambda: self.human_acts(sb.CALL),
                                 k.K_c, True))  # fmt: skip
        elif sb.CHECK in legal:
            first.append(Control("check", i18n.t("spike.action.check"),
                                 i18n.t("spiketable.tip.check"), lambda: self.human_acts(sb.CHECK),
                                 k.K_c, True))  # fmt: skip
        fold_key = "spike.action.fold" if self.t.coruscant else "spiketable.junk"
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
        if self.t.state.to_act() != self.t.human or not self.t.idle():
            return
        if index >= len(self.model.hands[self.t.human]):
            return
        phase = self.t.state.phase
        if phase == "cards":
            self.pick = None if self.pick == index else index
        elif phase == "select":
            if index in self.toggled:
                self.toggled.discard(index)
            elif len(self.toggled) + len(self.model.picks[self.t.human]) < 5:
                self.toggled.add(index)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The index (in the player's hand) of the player's card under ``pos``."""
        m, places = self.model, self.t.places
        picks = len(m.picks[0])
        rects = places.card_rects(0, picks + len(m.hands[0]))
        for i in range(len(rects) - 1, picks - 1, -1):
            rect = rects[i]
            if i - picks in self.toggled or i - picks == self.pick:
                rect = rect.move(0, -places.lift)
            if rect.collidepoint(pos):
                return i - picks
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or a digit on the player's cards (True: used up); the pointer's
        card is noted as it moves."""
        t = self.t
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.card_at(event.pos)
            if index is not None and t.state.to_act() == t.human and t.idle():
                self.toggle_card(index)
                return True
        elif (
            event.type == pygame.KEYDOWN
            and event.key in DIGITS
            and t.state.to_act() == t.human
            and t.idle()
        ):
            self.toggle_card(DIGITS[event.key])
            return True
        return False

    def next_unit(self) -> None:
        assert self.t.driver is not None
        if self.t.state.to_act() != BETWEEN or self.t.driver.over():
            return
        self.t.loop.deal_next_unit()

    # --------------------------------------------------------------- autoplay
    def card_click(self, index: int) -> list[pygame.event.Event]:
        m, places = self.model, self.t.places
        picks = len(m.picks[self.t.human])
        rects = places.card_rects(self.t.human, picks + len(m.hands[self.t.human]))
        rect = rects[picks + index]
        if index in self.toggled or index == self.pick:
            rect = rect.move(0, -places.lift)
        # Low on the card: the part no neighbour to the right covers.
        return left_click((rect.x + self.t.px(8), rect.bottom - self.t.px(10)))

    def index_of(self, card: int) -> int:
        return self.model.hands[self.t.human].index(kc.code(card))

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        between = self.t.loop.autoplay_between()
        if between is not None:
            return between
        if self.t.state.to_act() != self.t.human:
            return []
        self.prepare_decision()
        action = self.t.autoplay_bot.choose(
            self.t.state.view(self.t.human), self.t.state.legal_actions(), self.t.loop.seat_rng(0)
        )
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if isinstance(action, sb.Stand):
            plan.append(lambda: self.t.click_control("stand"))
        elif isinstance(action, sb.Gain):
            plan.append(lambda: press_key(pygame.K_g))  # the keyboard path
        elif isinstance(action, sb.KeepGained):
            plan.append(lambda: self.t.click_control("keep"))
        elif isinstance(action, sb.DiscardGained):
            plan.append(lambda: self.t.click_control("drop"))
        elif isinstance(action, sb.SwapDraw | sb.SwapDiscard):
            index = self.index_of(action.card)
            key = "swap_draw" if isinstance(action, sb.SwapDraw) else "swap_discard"
            plan.append(lambda: self.card_click(index))
            plan.append(lambda: self.t.click_control(key))
        elif isinstance(action, sb.Select):
            picked = [kc.code(c) for c in action.cards]
            for code in self.model.picks[self.t.human]:
                if code in picked:
                    picked.remove(code)
            for code in picked:
                index = self.model.hands[self.t.human].index(code)
                plan.append(lambda i=index: self.card_click(i))  # type: ignore[misc]
            plan.append(lambda: self.t.click_control("select"))
        elif isinstance(action, sb.Fold):
            plan.append(lambda: self.t.click_control("fold"))
        elif isinstance(action, sb.Check):
            plan.append(lambda: self.t.click_control("check"))
        elif isinstance(action, sb.Call):
            plan.append(lambda: self.t.click_control("call"))
        elif isinstance(action, sb.Bet | sb.Raise):
            amounts = self.bet_amounts()
            here = amounts.index(self.stepper) if self.stepper in amounts else 0
            plan += self.t.step_to("minus", "plus", here, amounts.index(action.amount))
            plan.append(lambda: self.t.click_control("bet"))
        return plan
