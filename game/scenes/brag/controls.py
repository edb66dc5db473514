"""The Brag table's controls and input: arranging the thirteen cards (click cards, then
a set's column takes them all; drag one; or keys), the legal actions as controls, and
the inputs autoplay posts.

"Lay down" checks the layout on a copy of the engine first: an out-of-order layout is
explained on screen and never submitted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules import brag, cards52
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.brag.base import DRAG_THRESHOLD
from game.scenes.kit.inputs import drag, left_click
from game.scenes.kit.table import Control
from game.scenes.kit.words import tw
from game.scenes.refusals import refusal

if TYPE_CHECKING:
    from game.scenes.brag.scene import BragTable

#: The keys that put cards in a set (the number row and the keypad).
SET_KEYS = {
    **{pygame.K_1 + n: n for n in range(4)},
    **{key: n for n, key in enumerate((pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4))},
}


class BragControls:
    """The table's inputs role (``table.inputs``): arranging, the controls, autoplay."""

    def __init__(self, table: BragTable) -> None:
        self.t = table
        # The cards picked up from the hand, in the order clicked: a set's column then
        # takes as many as it has room for (one click per card, one for the set).
        self.picked: list[str] = []
        # The card in the hand the keyboard is on (←/→ move it, Space picks it up).
        self.card_focus: str | None = None
        self.by_suit = False
        self.pressed: tuple[str, tuple[int, int]] | None = None  # card, where pressed
        self.dragging: str | None = None
        self.mouse = (0, 0)

    def place(self, code: str, slot: int) -> bool:
        """Move ``code`` into ``slot`` (from the hand or another slot)."""
        anim = self.t.anim
        if not self.t.arranging or len(anim.slots[slot]) >= 3 or code in anim.slots[slot]:
            return False
        self.take(code)
        anim.slots[slot].append(code)
        if code in self.picked:
            self.picked.remove(code)
        self.t.message = None
        return True

    def place_picked(self, slot: int) -> bool:
        """The picked cards into ``slot``, in the order picked, as many as it holds (the
        rest stay picked for another set)."""
        placed = False
        for code in list(self.picked):
            placed = self.place(code, slot) or placed
        return placed

    def take(self, code: str) -> None:
        anim = self.t.anim
        if code in anim.hand:
            anim.hand.remove(code)
        for s in anim.slots:
            if code in s:
                s.remove(code)

    def to_hand(self, code: str) -> None:
        anim = self.t.anim
        if not self.t.arranging:
            return
        self.take(code)
        anim.hand.append(code)
        anim.sort_hand()
        self.t.message = None

    def auto_arrange(self) -> None:
        anim = self.t.anim
        if not self.t.arranging:
            return
        cards = anim.all_cards()
        sets = brag.best_layout(cards, self.t.num_seats - 1)
        used = {c for s in sets for c in s}
        anim.slots = [list(s) for s in sets] + [[] for _ in range(4 - len(sets))]
        anim.hand = [c for c in cards if c not in used]
        anim.sort_hand()
        self.picked = []
        self.t.message = None
        self.t.say(self.t.you("brag.log.auto"), "dim")

    def clear_slots(self) -> None:
        anim = self.t.anim
        if not self.t.arranging:
            return
        anim.hand = anim.all_cards()
        anim.slots = [[], [], [], []]
        anim.sort_hand()
        self.picked = []
        self.t.message = None

    def toggle_sort(self) -> None:
        self.by_suit = not self.by_suit
        self.t.anim.sort_hand()

    def lay_down(self) -> None:
        anim = self.t.anim
        if not self.t.arranging or self.t.state.to_act() != self.t.human:
            return
        if not any(anim.slots):
            # Nothing in the sets would throw the whole hand away: say so, and take a
            # second press (while the warning shows) as meaning it.
            empty = tw("tables.brag_empty")
            if self.t.message is None or self.t.message[0] != empty:
                self.t.warn(empty)
                self.t.say(empty, "bad")
                return
        problem = self.layout_problem()
        action = brag.SetLayout.from_codes([s for s in anim.slots if s])
        if problem is None:
            # The engine has the last word; ask a copy so nothing is submitted on a refusal.
            try:
                self.t.state.clone().apply(action)
            except ValueError as error:
                problem = refusal(error)  # the engine's reason, in the player's language
        if problem is not None:
            self.t.warn(tw("brag.refused", reason=problem))
            self.t.say(tw("brag.refused", reason=problem), "bad")
            return
        anim.laid = True
        self.picked = []
        discarded = len(anim.hand)
        self.t.say(self.t.you("brag.log.laid", sets=len(action.sets), discarded=discarded), "text")
        self.t.apply_human(action)

    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        campaign = self.t.campaign is not None
        leave = self.t.loop.leave_control()
        if self.t.anim.hold:
            rows = [[Control("continue", i18n.t("brag.continue"), i18n.t("brag.tip.continue"),
                             self.continue_after_reveal, k.K_SPACE, primary=True)]]  # fmt: skip
            if campaign:
                rows.append([leave])  # a campaign sitting may end after any deal
            return rows
        actor = self.t.state.to_act()
        if actor in (BETWEEN, TERMINAL):
            rows = []
            if actor == BETWEEN and not (self.t.driver is not None and self.t.driver.over()):
                rows.append([Control("next", i18n.t("brag.next_game"), i18n.t("brag.tip.next"),
                                     self.next_game, k.K_n, primary=True)])  # fmt: skip
            rows.append([leave])
            return rows
        phase = self.t.state.phase
        if phase is brag.Phase.SETTING and self.t.arranging:
            mine = actor == self.t.human and self.t.idle()
            rows = [
                [
                    Control(
                        "auto",
                        i18n.t("brag.auto"),
                        i18n.t("brag.tip.auto"),
                        self.auto_arrange,
                        k.K_a,
                    ),  # fmt: skip
                    Control(
                        "clear",
                        i18n.t("brag.clear"),
                        i18n.t("brag.tip.clear"),
                        self.clear_slots,
                        k.K_c,
                    ),  # fmt: skip
                ],
                [
                    Control(
                        "sort",
                        i18n.t("brag.sort_rank" if self.by_suit else "brag.sort_suit"),
                        i18n.t("brag.tip.sort"),
                        self.toggle_sort,
                        k.K_s,
                    )
                ],  # fmt: skip
            ]
            if mine:
                rows.insert(0, [Control("lay", i18n.t("brag.lay"), i18n.t("brag.tip.lay"),
                                        self.lay_down, k.K_l, primary=True)])  # fmt: skip
            return rows
        if actor != self.t.human or not self.t.idle():
            return []
        legal = self.t.state.legal_actions()
        rows = []
        for action in legal:
            rows.append([self.action_control(action)])
        return rows

    def action_control(self, action: Any) -> Control:
        k = pygame

        def do(a: Any = action) -> None:
            if self.t.state.to_act() == self.t.human:
                self.t.apply_human(a)

        if isinstance(action, brag.KeepHand):
            return Control("keep", i18n.t("brag.keep"), i18n.t("brag.tip.keep"), do, k.K_k, True)
        if isinstance(action, brag.SwapHand):
            return Control(f"swap{action.spare}", i18n.t("brag.swap", number=action.spare + 1),
                           i18n.t("brag.tip.swap"), do, k.K_1 + action.spare)  # fmt: skip
        if isinstance(action, brag.DemandRedeal):
            return Control("redeal", i18n.t("brag.demand_redeal"), i18n.t("brag.tip.redeal"),
                           do, k.K_r)  # fmt: skip
        if isinstance(action, brag.PlayOn):
            return Control("play_on", i18n.t("brag.play_on"), "", do, k.K_p, True)
        if isinstance(action, brag.Declare):
            return Control("declare", i18n.t("brag.declare"), i18n.t("brag.tip.declare"),
                           do, k.K_d)  # fmt: skip
        return Control("no_declare", i18n.t("brag.no_declare"), "", do, k.K_n, True)

    def handle(self, event: pygame.event.Event) -> bool:
        """Arranging by mouse and keys; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.pressed is not None and self.dragging is None:
                code, start = self.pressed
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD:
                    self.dragging = code
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.t.arranging:
            hit = self.t.places.card_at(event.pos)
            if hit is not None:
                self.pressed = (hit[0], event.pos)
                self.mouse = event.pos
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.t.arranging:
            return self.mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN and self.t.arranging:
            return self.arrange_key(event.key)
        return False

    def mouse_up(self, pos: tuple[int, int]) -> bool:
        anim, places = self.t.anim, self.t.places
        pressed, dragged = self.pressed, self.dragging
        self.pressed = None
        self.dragging = None
        slot = places.slot_at(pos)
        if dragged is not None:
            if slot is not None:
                self.place(dragged, slot)
            elif places.hand_rect.collidepoint(pos):
                self.to_hand(dragged)
            return True
        if pressed is not None:
            code = pressed[0]
            if code in anim.hand:
                # A click picks a card up (or puts it back down); several may be picked.
                if code in self.picked:
                    self.picked.remove(code)
                else:
                    self.picked.append(code)
            elif self.picked and slot is not None and len(anim.slots[slot]) < 3:
                # With cards picked up, a click anywhere on a set puts them there.
                self.place_picked(slot)
            else:
                self.to_hand(code)
            return True
        if slot is not None and self.picked:
            self.place_picked(slot)
            return True
        return False

    def arrange_key(self, key: int) -> bool:
        """The keyboard arranges as the mouse does: ←/→ move along the hand, Space picks
        the card there up (or puts it back: several may be picked), 1-4 put the picked
        cards (or, with none picked, the card there) in that set, Enter in the first set
        with room; Backspace takes the last card placed back."""
        anim = self.t.anim
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and anim.hand:
            step = 1 if key == pygame.K_RIGHT else -1
            if self.card_focus not in anim.hand:
                self.card_focus = anim.hand[0 if step > 0 else -1]
            else:
                i = anim.hand.index(self.card_focus)
                self.card_focus = anim.hand[(i + step) % len(anim.hand)]
            return True
        if key == pygame.K_SPACE and anim.hand:
            if self.card_focus not in anim.hand:
                self.card_focus = anim.hand[0]
            code = self.card_focus
            if code in self.picked:
                self.picked.remove(code)
            else:
                self.picked.append(code)
            return True
        slot = SET_KEYS.get(key)
        if slot is None and key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.picked:
            slot = next((n for n, cards in enumerate(anim.slots) if len(cards) < 3), None)
        if slot is not None:
            if not self.picked and self.card_focus in anim.hand:
                self.picked = [self.card_focus]
            if not self.picked:
                return False
            at = anim.hand.index(self.card_focus) if self.card_focus in anim.hand else 0
            self.place_picked(slot)
            if self.card_focus not in anim.hand:  # placed: the focus stays where it was
                self.card_focus = anim.hand[min(at, len(anim.hand) - 1)] if anim.hand else None
            return True
        if key == pygame.K_BACKSPACE:
            for slot_cards in reversed(anim.slots):
                if slot_cards:
                    self.to_hand(slot_cards[-1])
                    return True
        return False

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        anim = self.t.anim
        if self.t.loop.autoplay_leaves() and (
            anim.hold or self.t.state.to_act() in (BETWEEN, TERMINAL)
        ):
            return [lambda: self.t.click_control("leave")]
        if anim.hold:
            return [lambda: self.t.click_control("continue")]
        between = self.t.loop.autoplay_between()
        if between is not None:
            return between
        if self.t.state.to_act() != self.t.human:
            return []
        view = self.t.state.view(self.t.human)
        action = self.t.autoplay_bot.choose(
            view, self.t.state.legal_actions(), self.t.loop.seat_rng(0)
        )
        if isinstance(action, brag.SetLayout):
            return self.plan_layout([cards52.codes(s) for s in action.sets])
        key = self.action_control(action).key
        return [lambda: self.t.click_control(key)]

    def plan_layout(self, sets: list[list[str]]) -> list[Callable[[], list[pygame.event.Event]]]:
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if any(self.t.anim.slots):
            plan.append(lambda: self.t.click_control("clear"))
        for index, cards in enumerate(sets):
            for n, code in enumerate(cards):
                if n == 0:
                    # The first card of each set is dragged, the others picked up by
                    # clicks and put in with one click on the set: both paths.
                    plan.append(functools.partial(self.drag_card, code, index))
                else:
                    plan.append(functools.partial(self.click_card, code))
            if len(cards) > 1:
                plan.append(functools.partial(self.click_slot, index))
        plan.append(lambda: self.t.click_control("lay"))
        return plan

    def click_slot(self, slot: int) -> list[pygame.event.Event]:
        return left_click(self.t.places.slot_rects[slot].center)

    def card_centre(self, code: str) -> tuple[int, int] | None:
        for c, rect in self.t.places.hand_card_rects():
            if c == code:
                # Aim at the part of the card not covered by its right-hand neighbour.
                return (rect.x + self.t.px(10), rect.centery)
        return None

    def click_card(self, code: str) -> list[pygame.event.Event]:
        at = self.card_centre(code)
        return left_click(at) if at is not None else []

    def drag_card(self, code: str, slot: int) -> list[pygame.event.Event]:
        at = self.card_centre(code)
        if at is None:
            return []
        return drag(at, self.t.places.slot_rects[slot].center)

    def next_game(self) -> None:
        assert self.t.driver is not None
        if self.t.state.to_act() != BETWEEN or self.t.driver.over():
            return
        self.t.anim.game_winner = None
        self.t.loop.deal_next_unit()

    def continue_after_reveal(self) -> None:
        anim = self.t.anim
        anim.hold = False
        upcoming, anim.next_deal = anim.next_deal, None
        if upcoming is not None:
            anim.start_deal_view(*upcoming)
        else:
            anim.reset_deal_view()

    def layout_problem(self) -> str | None:
        """Why the arranged slots cannot be laid down, in the player's language."""
        anim = self.t.anim
        filled = [s for s in anim.slots if s]
        last = max((i for i, s in enumerate(anim.slots) if s), default=-1)
        for i in range(last + 1):
            if not anim.slots[i]:
                return tw("brag.problem.gap", set=i + 1)
        previous: brag.SetRank | None = None
        for i, cards in enumerate(filled):
            if len(cards) != 3:
                return tw("tables.brag_short", set=i + 1, have=len(cards),
                              missing=3 - len(cards))  # fmt: skip
            rank = brag.rank_set(cards)
            if not rank.valid:
                return tw("brag.problem.invalid", set=i + 1)
            if previous is not None and rank > previous:
                return tw(
                    "brag.problem.order",
                    set=i + 1,
                    previous=i,
                    kind=tw(f"brag.kind.{rank.kind}"),
                    previous_kind=tw(f"brag.kind.{previous.kind}"),
                )
            previous = rank
        return None
