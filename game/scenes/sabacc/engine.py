"""The Sabacc table's engine loop: whose turn it is, the opponents thinking on the
worker thread, the chance steps, a new hand, and a hand under way caught up.

Each engine step's events go to the table's animations (``anim.play``); the
player's decision goes to the controls (``inputs.set_mode``). Nothing here draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.sabacc.base import HUMAN

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable

#: The phases whose first decision of the player's has its screenshot (--autoplay).
PHASE_SHOTS = {sb.BETTING: "bet", sb.DRAWING: "draw", sb.CALLING: "call"}


class SabaccLoop:
    """Runs the engine for the table (see the module docstring)."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table
        self.thinking: int | None = None  # the opponent whose delay is running
        self.think_left = 0.0

    def advance(self, dt: float) -> None:
        """One step when nothing animates: a chance step, a new hand, the player's
        decision, or an opponent's (its delay and its search run together)."""
        t = self.t
        state, inputs = t.state, t.inputs
        to_act = state.to_act()
        if to_act == CHANCE:
            t.play(t.driver.chance())
        elif to_act == BETWEEN:
            if state.hand_no == 0 and not t.driver.over():
                self.start_hand()
            elif t.driver.over() or not state.can_continue(HUMAN):
                inputs.set_mode("over", ("over", "broke"))
            else:
                inputs.set_mode("between", ("between", state.hand_no))
        elif to_act == TERMINAL:
            inputs.set_mode("over", ("over",))
        elif to_act == HUMAN:
            t.anim.model.turn = HUMAN
            self.thinking = None
            inputs.set_mode("human", ("human", state.hand_no, state.actions_taken))
            if state.phase in PHASE_SHOTS:
                t.shots.request(PHASE_SHOTS[state.phase])
        else:
            inputs.set_mode("wait", ("wait",))
            key = ("seat", to_act, state.hand_no, state.actions_taken)
            if t.worker.key != key:
                # The seat starts thinking: the on-screen delay and the AI's search
                # run together, the search on the worker thread.
                self.thinking = to_act
                t.anim.model.turn = to_act
                self.think_left = t.think_time()
                choose, args = t.driver.bot_job(to_act)
                t.worker.start(key, choose, *args, synchronous=t.queue.instant)
            self.think_left -= dt
            if self.think_left <= 0 and t.worker.ready(key):
                self.thinking = None
                t.play(t.driver.bot_move(to_act, t.worker.take()))

    def start_hand(self) -> None:
        t = self.t
        for seat in range(t.state.num_seats):
            if not t.state.in_match[seat]:
                t.anim.model.seats[seat].out = True
        t.inputs.set_mode("wait", ("wait",))
        t.play(t.driver.next_hand())

    def catch_up(self, events: list[Event]) -> None:
        """Show a hand already under way (a resumed save): its events play instantly,
        silently, then the numbers are set from the engine so nothing can drift."""
        t = self.t
        was_instant, was_muted = t.queue.instant, t.sounds.muted
        t.sounds.set_muted(True)
        t.queue.instant = True
        t.play(events)
        t.queue.instant = was_instant
        t.sounds.set_muted(was_muted)
        model, state = t.anim.model, t.state
        for seat, view in enumerate(model.seats):
            view.chips = int(state.chips[seat])
        model.hand_pot, model.sabacc_pot = int(state.hand_pot), int(state.sabacc_pot)
        model.deck = len(state.deck)
        model.discards = len(state.discards)
        model.discard_top = sc.code(state.discards[-1]) if state.discards else None
        model.banner.alpha = 0.0
