"""Sabacc events -> queued animation steps that change the display model.

Each engine event type has a handler (``EventRouter`` keyed by the event classes of
``game.rules.sabacc_events``); a handler pushes steps (flights, tweens, log lines,
banners) onto the animation queue. Nothing here draws, and nothing reads the engine
while drawing: the model is all ``paint`` sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules import sabacc as sb
from game.rules import sabacc_events as ev
from game.rules.base import Event
from game.scenes.kit import text as kt
from game.scenes.kit.cast import Seat
from game.scenes.kit.ink import Shade
from game.scenes.kit.motion import Flight, fly
from game.scenes.kit.words import live, refreshed, tw, words
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.flows import SabaccFlows
from game.scenes.sabacc.model import CardView, SeatView, TableModel, card_name
from game.scenes.sabacc.showdown import SabaccShowdown
from game.scenes.table_common import personal
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui.tween import Call, Parallel, Sequence, Step, Tween, Wait

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable


class SabaccAnimate:
    """Events to steps (see the module docstring); it keeps the display model."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table
        self.model = TableModel([])
        self.shifting: CardView | None = None  # the card a shift glitch is playing on
        #: Great Khan's rolls without doubles this hand, told on one log line.
        self.dice_group: list[tuple[int, int]] = []
        self.showdown = SabaccShowdown(table)
        self.flows = SabaccFlows(table)

    def new_model(self, cast: list[Seat], chips: list[int]) -> TableModel:
        """A display model for ``cast`` with these chips, at the engine's deck, dealer
        and rule set."""
        state = self.t.state
        model = TableModel(
            [
                SeatView(
                    seat.name,
                    seat.level,
                    c,
                    personality=seat.personality,
                    face=seat.face,
                    voice=seat.voice,
                )
                for seat, c in zip(cast, chips, strict=True)
            ]
        )
        model.deck = len(state.deck)
        model.dealer = state.dealer
        model.values, model.options = state.values, state.options
        return model

    def seat_name(self, seat: int) -> str:
        """The seat's name, said again after a language switch (``kit.words``)."""
        return words(lambda: self.model.seats[seat].name)

    def play(self, events: list[Event]) -> None:
        for event in events:
            self.t.router.route(event.for_seat(HUMAN))
        self.t.react([event.for_seat(HUMAN) for event in events])

    def push(self, *steps: Step) -> None:
        self.t.queue.push(*steps)

    def log_step(self, key: str, colour: Shade = "text", **params: Any) -> Call:
        """A log line as a queued step; lines about the player use the second person
        ("You check.") where the catalog has a ``<key>_you`` form."""

        def say() -> str:  # again in the language of the moment (kit.words)
            return personal(key, self.seat_name(HUMAN), **refreshed(params))

        return Call(lambda: self.t.log.add(words(say), colour))

    def register(self) -> None:
        """Route every engine event to its handler."""
        on = self.t.router.on
        on(ev.HandStarted, self._ev_hand_started)
        on(ev.AntePaid, self._ev_ante)
        on(ev.PlayerOut, self._ev_player_out)
        on(
            ev.Rebought,
            lambda e: self.push(
                self.log_step("sabacc.log.rebought", seat=self.seat_name(e.seat), amount=e.amount)
            ),
        )
        on(ev.CardDealt, self._ev_card_dealt)
        on(ev.RoundStarted, self._ev_round)
        on(ev.RulesChanged, self._ev_rules_changed)
        on(
            ev.Checked,
            lambda e: self._bet_step(
                e.seat, 0, "hand", tw("sabacc.status.check"), "sabacc.log.check"
            ),
        )
        on(
            ev.BetPlaced,
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                tw("sabacc.status.bet", amount=e.amount),
                "sabacc.log.bet",
            ),
        )
        on(
            ev.Called,
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                tw("sabacc.status.call", amount=e.amount),
                "sabacc.log.call",
            ),
        )
        on(
            ev.Raised,
            lambda e: self._bet_step(
                e.seat,
                e.amount,
                "hand",
                tw("sabacc.status.raise", amount=e.level),
                "sabacc.log.raise",
                level=e.level,
            ),
        )
        on(ev.Folded, self._ev_folded)
        on(ev.DieRolled, self._ev_die)
        on(ev.CardShifted, self._ev_shifted)
        on(ev.ShiftReturned, lambda e: None)
        on(
            ev.PassedCall,
            lambda e: self.push(
                self.status(e.seat, tw("sabacc.status.pass")),
                self.log_step("sabacc.log.pass", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on(ev.CardPlacedInField, self.ev_field)
        on(ev.CardDrawn, self._ev_drawn)
        on(
            ev.Stood,
            lambda e: self.push(
                self.status(e.seat, tw("sabacc.status.stand")),
                self.log_step("sabacc.log.stand", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on(
            ev.KeptAll,
            lambda e: self.push(self.status(e.seat, tw("sabacc.status.keep")), Wait(0.15)),
        )
        on(ev.CardDiscarded, self.ev_discarded)
        on(ev.DeckReshuffled, self._ev_reshuffled)
        self.showdown.register(on)  # the hand called, revealed and paid
        self.flows.register(on)  # the rule sets' own steps (RULES.md §1.5-1.7)

    def said(self, key: str, **params: Any) -> str:
        """``personal(key)`` for the player's seat, said again after a language switch."""
        return words(lambda: personal(key, self.seat_name(HUMAN), **refreshed(params)))

    def status(self, seat: int, words: str, colour: Shade = "text") -> Call:
        def set_status() -> None:
            view = self.model.seats[seat]
            view.status, view.status_colour = words, colour

        return Call(set_status)

    def chips(
        self, source: tuple[Any, ...], target: tuple[Any, ...], amount: int, duration: float = 0.3
    ) -> Step:
        """Chips sliding from ``source`` to ``target``; seat and pot numbers change as they move."""
        model = self.model

        def take() -> None:
            if source[0] == "seat":
                model.seats[source[1]].chips -= amount
            elif source == ("pot", "hand"):
                model.hand_pot -= amount
            elif source == ("pot", "sabacc"):
                model.sabacc_pot -= amount

        def land() -> None:
            if target[0] == "seat":
                model.seats[target[1]].chips += amount
            elif target == ("pot", "hand"):
                model.hand_pot += amount
            elif target == ("pot", "sabacc"):
                model.sabacc_pot += amount
            self.t.sounds.play("chip_clink")

        size = self.t.places.px(22)
        flight = Flight(
            lambda: kt.memo(art.render_chip_stack, amount, size, self.t.palette_name, False),
            source,
            target,
            lift=0.08,
        )
        return Sequence(Call(take), fly(model.flights, flight, duration, land))

    def _ev_hand_started(self, e: ev.HandStarted) -> None:
        def reset() -> None:
            self.t.shots.new_unit(e.hand_no)
            model = self.model
            model.hand_no, model.dealer, model.round_no = e.hand_no, e.dealer, 0
            model.phase = "sabacc.phase.deal"
            model.discard_top, model.discards = None, 0
            model.die_value = model.die2_value = None
            self.dice_group = []  # a new hand's rolls get a new line
            for seat, view in enumerate(model.seats):
                view.cards = []
                view.in_hand = seat in e.seats
                view.status = view.hand_label = view.side = ""
                view.winner = False
            dealer = self.seat_name(e.dealer)
            self.t.log.add(
                words(lambda: personal("sabacc.log.hand", self.seat_name(HUMAN),
                                       hand=e.hand_no, dealer=live(dealer))),
                "gold",
            )  # fmt: skip

        self.push(Call(reset))

    def _ev_ante(self, e: ev.AntePaid) -> None:
        steps: list[Step] = []
        if e.hand_pot:
            steps.append(self.chips(("seat", e.seat), ("pot", "hand"), e.hand_pot, 0.25))
        if e.sabacc_pot:
            steps.append(self.chips(("seat", e.seat), ("pot", "sabacc"), e.sabacc_pot, 0.3))
        if steps:
            self.push(Parallel(*steps))

    def _ev_player_out(self, e: ev.PlayerOut) -> None:
        def out() -> None:
            view = self.model.seats[e.seat]
            view.out, view.in_hand = True, False
            view.status, view.status_colour = tw("sabacc.status.out"), "bad"

        self.push(Call(out), self.log_step("sabacc.log.out", "bad", seat=self.seat_name(e.seat)))

    def card_to_seat(
        self, seat: int, code: str | None, duration: float, face_up: bool = False
    ) -> Step:
        """A card tossed from the deck to the end of ``seat``'s fan (face up only for the
        player's own cards and cards the rules show to everybody)."""
        model = self.model
        shown = code if (seat == HUMAN or face_up) else None

        def image() -> pygame.Surface:
            size = self.t.places.seats[seat].card
            return (
                self.t.painter.card_face(shown, size)
                if shown
                else kt.memo(card_art.render_sabacc_back, size, self.t.palette_name)
            )

        flight = Flight(image, ("deck",), ("slot", seat, 0), lift=0.1)

        def leave_deck() -> None:
            cards = model.seats[seat].cards
            spot = next((i for i, c in enumerate(cards) if c.returning), len(cards))
            flight.target = ("slot", seat, spot)
            model.deck = max(0, model.deck - 1)
            self.t.sounds.play("card_slide")

        def land() -> None:
            cards = model.seats[seat].cards
            waiting = next((c for c in cards if c.returning), None)
            if waiting is not None:  # the Two-Exchange redeal fills the card's place
                waiting.code, waiting.returning = shown, False
            else:
                cards.append(CardView(shown))
            self.t.sounds.play("card_flick")

        return Sequence(Call(leave_deck), fly(model.flights, flight, duration, land))

    def _ev_card_dealt(self, e: ev.CardDealt) -> None:
        steps: list[Step] = [self.card_to_seat(e.seat, e.card, 0.2)]
        if e.seat == HUMAN:
            steps.append(Call(self._maybe_deal_shot))
        self.push(*steps)

    def _maybe_deal_shot(self) -> None:
        if len(self.model.seats[HUMAN].cards) >= 2:
            self.t.shots.request("deal")

    def _ev_round(self, e: ev.RoundStarted) -> None:
        def begin() -> None:
            self.model.round_no, self.model.lead = e.round_no, e.lead
            self.model.phase = "sabacc.phase.betting"
            self.model.die_text = ""  # "Shift!" was the last round's roll, not this one's
            for view in self.model.seats:
                if view.in_hand and view.status_colour != "bad":
                    view.status = ""

        self.push(
            Call(begin),
            self.log_step(
                "sabacc.log.round", "gold", round=e.round_no, seat=self.seat_name(e.lead)
            ),
        )

    def _ev_rules_changed(self, e: ev.RulesChanged) -> None:
        rule = tw(f"sabacc.rule.{e.value_rule}")
        model = self.model

        def revalue() -> None:
            # Totals and card values on the table follow the new rule from here on.
            model.values = sb.value_table(model.options, e.value_rule)
            self.t.shots.request("rules")

        self.push(
            Call(revalue),
            self.log_step("sabacc.log.rules", "info", rule=rule),
            self.model.banner.steps(tw("sabacc.banner.rules"), rule, "info", 1.0),
        )

    def _bet_step(
        self, seat: int, amount: int, pot: str, status: str, log_key: str, **params: Any
    ) -> None:
        steps: list[Step] = [self.status(seat, status)]
        if amount:
            steps.append(self.chips(("seat", seat), ("pot", pot), amount))
        steps.append(self.log_step(log_key, seat=self.seat_name(seat), amount=amount, **params))
        steps.append(Wait(0.2))
        self.push(*steps)

    def _ev_folded(self, e: ev.Folded) -> None:
        def fold() -> None:
            view = self.model.seats[e.seat]
            view.in_hand = False
            view.status, view.status_colour = tw("sabacc.status.fold"), "dim"

        steps: list[Step] = [Call(fold)]
        if e.fee:
            steps.append(self.chips(("seat", e.seat), ("pot", "sabacc"), e.fee))
        steps.append(self.log_step("sabacc.log.fold", seat=self.seat_name(e.seat), fee=e.fee))
        self.push(*steps)

    def _ev_die(self, e: ev.DieRolled) -> None:
        model = self.model

        def start() -> None:
            model.phase = "sabacc.phase.shift"
            model.die_value, model.die_t, model.die_seed = (
                e.value,
                0.0,
                e.value * 17 + model.round_no,
            )
            model.die_text = ""
            self.t.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = tw("sabacc.shift_yes" if e.shift else "sabacc.shift_no")

        self.push(
            Call(start),
            Tween(0.8, roll, "linear", settle),
            self.log_step(
                "sabacc.log.die",
                "info" if e.shift else "text",
                seat=self.seat_name(e.seat),
                value=e.value,
            ),
            Wait(0.45),
        )

    def _ev_shifted(self, e: ev.CardShifted) -> None:
        model = self.model

        def begin() -> None:
            cards = model.seats[e.seat].cards
            candidates = [c for c in cards if not c.in_field and (e.old is None or c.code == e.old)]
            self.shifting = candidates[-1] if candidates else None
            if self.shifting is not None:
                card = self.shifting
                if e.new is not None:
                    card.shift_from, card.code, card.shift_t = e.old, e.new, 0.0
                else:
                    card.glitch = 1.0
            self.t.sounds.play("shift_hum")

        def glitch(p: float) -> None:
            card = self.shifting
            if card is None:
                return
            if e.new is not None:
                card.shift_t = p
                if p >= 0.45 and e.seat == HUMAN:
                    self.t.shots.request("shift")
            else:
                card.glitch = 1.0 - p

        def done() -> None:
            card = self.shifting
            if card is not None:
                card.shift_from, card.shift_t, card.glitch = None, 1.0, 0.0
                # Marked "old → new" (or "shifted" when hidden) until the next action.
                card.shifted = e.old if e.old is not None and e.new is not None else "?"

        duration = 0.9 if e.seat == HUMAN else 0.4
        steps: list[Step] = [Call(begin), Tween(duration, glitch, "linear", done)]
        if e.seat == HUMAN and e.old and e.new:
            old, new = card_name(e.old), card_name(e.new)
            key = "tables.shift_same" if old == new else "sabacc.log.shift_mine"
            steps.append(self.log_step(key, "info", old=old, new=new))
        else:
            steps.append(self.log_step("sabacc.log.shift", "dim", seat=self.seat_name(e.seat)))
        self.push(*steps)

    def ev_field(
        self, e: ev.CardPlacedInField | ev.CardFrozen, log_key: str = "sabacc.log.field"
    ) -> None:
        def lock() -> None:
            cards = self.model.seats[e.seat].cards
            match = next((c for c in cards if not c.in_field and c.code == e.card), None)
            if match is None:  # another seat's hidden card (public as it locks, or not)
                match = next((c for c in cards if not c.in_field and c.code is None), None)
            if match is not None:
                match.code, match.in_field = e.card, True
                cards.remove(match)
                cards.insert(sum(1 for c in cards if c.in_field), match)
            self.t.sounds.play("shift_hum")

        card = card_name(e.card) if e.card else ""
        self.push(
            Call(lock),
            self.log_step(log_key, "info", seat=self.seat_name(e.seat), card=card),
            Wait(0.3),
        )

    def _ev_drawn(self, e: ev.CardDrawn) -> None:
        def phase() -> None:
            self.model.phase = "sabacc.phase.draw"

        steps: list[Step] = [
            Call(phase),
            self.status(e.seat, tw("sabacc.status.draw")),
            self.card_to_seat(e.seat, e.card, 0.3),
        ]
        if e.seat == HUMAN and e.card:
            steps.append(self.log_step("sabacc.log.draw_mine", card=card_name(e.card)))
        else:
            steps.append(self.log_step("sabacc.log.draw", seat=self.seat_name(e.seat)))
        self.push(*steps)

    def ev_discarded(
        self,
        e: ev.CardDiscarded | ev.CardExchanged,
        log_key: str = "sabacc.log.discard",
        status_key: str = "sabacc.status.discard",
    ) -> None:
        model = self.model
        size_of = lambda: self.t.places.deck.size  # noqa: E731 - resolved at draw time
        flight = Flight(
            lambda: self.t.painter.card_face(e.card, size_of()),
            ("seat", e.seat),
            ("discard",),
            lift=0.1,
        )

        def pick() -> None:
            cards = model.seats[e.seat].cards
            match = next((c for c in cards if not c.in_field and c.code == e.card), None)
            if match is None:
                match = next(
                    (c for c in reversed(cards) if not c.in_field and c.code is None), None
                )
            if match is not None:
                index = cards.index(match)
                flight.source = ("slot", e.seat, index, len(cards))
                cards.remove(match)
            self.t.sounds.play("card_slide")

        def land() -> None:
            model.discard_top = e.card
            model.discards += 1

        self.push(
            Call(pick),
            self.status(e.seat, tw(status_key)),
            fly(model.flights, flight, 0.3, land),
            self.log_step(log_key, seat=self.seat_name(e.seat), card=card_name(e.card)),
        )

    def _ev_reshuffled(self, e: ev.DeckReshuffled) -> None:
        def reshuffle() -> None:
            self.model.deck += e.count
            self.model.discard_top, self.model.discards = None, 0

        self.push(
            Call(reshuffle), self.log_step("sabacc.log.reshuffle", "dim", count=e.count), Wait(0.3)
        )
