"""The card tables' engine loop (``CardLoop``, the table's ``loop``).

Chance and computer seats are played whenever the animation queue is idle; the human
seat (seat 0) waits for input, which is accepted only then. Every engine step goes
through the table's driver (``game.session.drivers``: quick play, a campaign sitting
or a resumed save), and its events are handed to the table's ``play``. The loop also
starts the next game or deal, leaves the table (results, or the campaign's flow),
and offers the bar between units (Next above Leave) and autoplay's press there.

Sabacc runs its own engine loop (``sabacc/scene.py``): it never uses this one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.cast import campaign_cast
from game.scenes.kit.rows import Control
from game.scenes.kit.speed import play_silently
from game.scenes.kit.worker import chosen
from game.session.config import config_to_json
from game.session.drivers import CampaignDriver, QuickDriver, decode_events

if TYPE_CHECKING:
    from game.scenes.kit.table import Table


class CardLoop:
    def __init__(self, table: Table) -> None:
        self.t = table
        self.caught_up = False  # a hand under way is shown once the table has its places
        self.hint_asked: tuple[Any, ...] | None = None  # the decision the hint is for

    # ------------------------------------------------------------- the driver
    def new_state(self, make: Callable[[], Any]) -> Any:
        """The engine state to play: the campaign's, the saved one, or ``make()``."""
        t = self.t
        if t.campaign is not None:
            session = t.campaign.session or t.campaign.sit_down()
            return session.state
        if t.resumed is not None:
            return t.resumed.state
        return make()

    def attach_driver(self, bots: dict[int, Any]) -> None:
        """Route the engine steps (call once ``table.state`` exists; see table_common)."""
        t = self.t
        if t.campaign is not None:
            t.cast = campaign_cast(t.campaign.session.seat_ids)
            t.names = [seat.name for seat in t.cast]
            t.driver = CampaignDriver(t.campaign, t.names)
        else:
            resumed = t.resumed
            saved = resumed.table.get("hand_events", []) if resumed else None
            t.driver = QuickDriver(
                t.app,
                t.game,
                t.state,
                t.rng,
                bots,
                t.names,
                self.save_data,
                rebuy_to=t.config.starting_chips,
                hand_events=decode_events(saved) if saved else None,
                resumed_table=resumed.table if resumed else None,
                resumed_rngs=resumed.rngs if resumed else None,
                seed=t.config.seed,
            )
        t.observe()

    def save_data(self) -> dict[str, Any]:
        return {"config": config_to_json(self.t.config), "names": self.t.names}

    def seat_rng(self, seat: int) -> random.Random:
        """The generator ``seat`` thinks with (seat 0: the autoplayer), never the deck's."""
        assert self.t.driver is not None
        return self.t.driver.seat_rng(seat)

    def catch_up(self) -> None:
        """Show a hand already under way (a resumed save or campaign sitting): its
        events play instantly, then ``synced()`` sets the numbers from the engine."""
        t = self.t
        assert t.driver is not None
        events = t.driver.hand_events
        if events:
            play_silently(t.queue, t.sounds, t.play, events)
        t.banner.hide()
        t.synced()

    def build(self) -> None:
        """The table has its places: show a hand already under way (once)."""
        if not self.caught_up and self.t.driver is not None:
            self.caught_up = True
            self.catch_up()

    def mark_progress(self) -> None:
        """An engine action was applied (autoplay watches ``table.progress``)."""
        t = self.t
        t.progress += 1
        t.pacer.progressed()
        t.auto.plan = []  # a new decision: plan it afresh from what is shown

    def deal_next_unit(self) -> None:
        """Start the next game or deal: re-buys whoever ran dry, then deals."""
        t = self.t
        assert t.driver is not None
        t.between_noted = False
        events = t.driver.next_hand()
        self.mark_progress()
        t.play(events)

    def bot_turn(self, seat: int) -> None:
        """A computer seat's move, through the driver."""
        t = self.t
        assert t.driver is not None
        if t.state.to_act() != seat:
            return
        choose, args = t.driver.bot_job(seat)
        # Chosen on the worker during the seat's thinking pause, when it was asked ahead.
        events = t.driver.bot_move(seat, chosen((t, seat, t.progress), choose, args))
        self.mark_progress()
        t.play(events)

    # ------------------------------------------------------------------ frames
    def update(self) -> None:
        """After the queue's step: move the engine on when idle, copy what it says,
        rebuild the controls for a new decision, and ask for the hint when it is open."""
        t = self.t
        if t.idle() and (t.director is None or t.director.may_advance()):
            t.advance()
        t.observe()
        t.rows_ui.refresh()
        t.hint.poll()
        decision = (t.progress, t.awaiting_human() and t.idle())
        if t.panel.hint_open and decision != self.hint_asked:
            self.hint_asked = decision
            if decision[1]:
                t.ask_hint()
            else:
                t.hint.clear()

    # ----------------------------------------------------------------- leaving
    def leave_now(self) -> None:
        """Leave for the results (quick play) or through the campaign flow."""
        t = self.t
        if t.campaign is not None:
            self.stand_up()
            return
        t.auto.flush()
        t.result.rounds_played = t.state.completed
        t.result.chips_end = list(t.state.chips)
        t.finished = True
        t.leave_table()

    def stand_up(self) -> bool:
        """Leave a campaign sitting between hands; False if a hand is under way."""
        t = self.t
        assert t.driver is not None
        mid_hand = t.driver.mid_hand() and not t.driver.over()
        if not mid_hand:
            t.auto.flush()
            t.finished = True
        return t.sitting.stand_up(mid_hand)

    def leave(self) -> bool:
        """Leaving through the pause menu: True when the table may go on to the
        results (quick play), with the standings as the stacks are now."""
        t = self.t
        if t.campaign is not None:
            self.stand_up()
            return False
        if t.driver is not None:
            t.driver.end()  # left normally: nothing to resume
        t.result.rounds_played = t.state.completed
        t.result.chips_end = list(t.state.chips)
        return True

    def autoplay_leaves(self) -> bool:
        """In the campaign, autoplay stands up after ``config.rounds`` hands, between
        hands (or when the sitting is over)."""
        t = self.t
        if t.campaign is None or t.driver is None:
            return False
        if t.driver.over():
            return True
        return t.driver.hands_done >= t.config.rounds and not t.driver.mid_hand()

    # ----------------------------------------------------- between the units
    def leave_control(self) -> Control:
        """Leave the table: back to the campaign (L) or on to the results (R)."""
        if self.t.campaign is not None:
            return Control("leave", i18n.t("campaign.leave_table"), "", self.leave_now, pygame.K_l)
        return Control("leave", i18n.t("cards.results"), i18n.t("cards.tip.results"),
                       self.leave_now, pygame.K_r)  # fmt: skip

    def between_rows(
        self, label: str, tip: str, on_next: Callable[[], None]
    ) -> list[list[Control]]:
        """The bar between units or at the match's end: Next (while the match goes
        on) above Leave."""
        t = self.t
        rows: list[list[Control]] = []
        if t.state.to_act() == BETWEEN and not (t.driver is not None and t.driver.over()):
            rows.append([Control("next", label, tip, on_next, pygame.K_n, primary=True)])
        rows.append([self.leave_control()])
        return rows

    def autoplay_between(self) -> list[Callable[[], list[pygame.event.Event]]] | None:
        """Between hands or at the match's end, the press autoplay makes: Leave once the
        run (or the campaign sitting) is done or there is no Next, else Next. None while
        a hand is in play."""
        t = self.t
        actor = t.state.to_act()
        if actor not in (BETWEEN, TERMINAL):
            return None
        done = t.state.completed >= t.config.rounds or actor == TERMINAL
        if self.autoplay_leaves() or "next" not in t.controls or (t.campaign is None and done):
            return [lambda: t.click_control("leave")]
        return [lambda: t.click_control("next")]

    def status_text(self) -> str:
        """Whose turn it is (the table's ``status_text``): "Waiting for Tesk…" while a
        computer seat thinks, what the player is to do on their turn, nothing while the
        table animates."""
        t = self.t
        actor = t.acting()
        if t.queue.busy:
            if actor >= 0 and actor == t.thinking:
                return i18n.t("cards.waiting", seat=t.seat_name(actor))
            return ""
        between, over, _ = t.turn_keys
        if actor == BETWEEN:
            return i18n.t(between) if between else ""
        if actor == TERMINAL:
            return i18n.t(over) if over else ""
        if actor == t.human:
            return t.my_turn_text()
        if actor >= 0:
            return i18n.t("cards.waiting", seat=t.seat_name(actor))
        return ""
