"""Sabacc events -> queued animation steps that change the display model.

Each engine event type has a handler (``EventRouter`` keyed by the event classes of
``game.rules.sabacc_events``); a handler pushes steps (flights, tweens, log lines,
banners) onto the animation queue. Nothing here draws, and nothing reads the engine
while drawing: the model is all ``paint`` sees.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_events as ev
from game.rules.base import Event
from game.scenes.kit import text as kt
from game.scenes.kit.ink import Shade
from game.scenes.kit.motion import Flight, fly
from game.scenes.kit.words import live, refreshed, tw, words
from game.scenes.sabacc.base import HUMAN, NAMED_KINDS, SabaccBase
from game.scenes.sabacc.model import CardView, card_name, hand_name
from game.scenes.table_common import personal
from game.ui import cards as card_art
from game.ui import draw as art
from game.ui.tween import Call, Parallel, Sequence, Step, Tween, Wait


class SabaccAnimate(SabaccBase):
    """Events to steps (see the module docstring)."""

    def play(self, events: list[Event]) -> None:
        for event in events:
            self.router.route(event.for_seat(HUMAN))
        self.react([event.for_seat(HUMAN) for event in events])

    def _push(self, *steps: Step) -> None:
        self.queue.push(*steps)

    def _log(self, key: str, colour: Shade = "text", **params: Any) -> Call:
        """A log line as a queued step; lines about the player use the second person
        ("You check.") where the catalog has a ``<key>_you`` form."""

        def say() -> str:  # again in the language of the moment (kit.words)
            return personal(key, self.seat_name(HUMAN), **refreshed(params))

        return Call(lambda: self.log.add(words(say), colour))

    def _register_handlers(self) -> None:
        on = self.router.on
        on(ev.HandStarted, self._ev_hand_started)
        on(ev.AntePaid, self._ev_ante)
        on(ev.PlayerOut, self._ev_player_out)
        on(
            ev.Rebought,
            lambda e: self._push(
                self._log("sabacc.log.rebought", seat=self.seat_name(e.seat), amount=e.amount)
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
            lambda e: self._push(
                self._status(e.seat, tw("sabacc.status.pass")),
                self._log("sabacc.log.pass", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on(ev.HandCalled, self._ev_called)
        on(ev.CardPlacedInField, self._ev_field)
        on(ev.CardDrawn, self._ev_drawn)
        on(
            ev.Stood,
            lambda e: self._push(
                self._status(e.seat, tw("sabacc.status.stand")),
                self._log("sabacc.log.stand", seat=self.seat_name(e.seat)),
                Wait(0.25),
            ),
        )
        on(
            ev.KeptAll,
            lambda e: self._push(self._status(e.seat, tw("sabacc.status.keep")), Wait(0.15)),
        )
        on(ev.CardDiscarded, self._ev_discarded)
        on(ev.DeckReshuffled, self._ev_reshuffled)
        on(ev.HandRevealed, self._ev_revealed)
        on(ev.PenaltyPaid, self._ev_penalty)
        on(ev.SuddenDemise, self._ev_demise)
        on(ev.SuddenDemiseCard, self._ev_demise_card)
        on(ev.PotAwarded, self._ev_pot_awarded)
        on(ev.PotMoved, self._ev_pot_moved)
        on(ev.HandEnded, self._ev_hand_ended)
        on(ev.MatchEnded, self._ev_match_ended)
        # The preset flows (RULES.md §1.5-1.7): Two-Exchange, Great Khan, Force, Teta.
        on(ev.PhaseStarted, self._ev_phase)
        on(ev.CardLocked, self._ev_locked)
        on(ev.CardsExchanged, self._ev_cards_exchanged)
        on(ev.CardExchanged, self._ev_card_exchanged)
        on(ev.StakePaid, self._ev_stake)
        on(ev.CardFrozen, self._ev_frozen)
        on(ev.DiceRolled, self._ev_dice)
        on(ev.PlayerDieRolled, self._ev_player_die)
        on(ev.SideDeclared, lambda e: self._ev_side(e, "sabacc.log.side"))
        on(ev.CardInverted, lambda e: self._ev_side(e, "sabacc.log.inverted"))
        on(ev.SidesScored, self._ev_sides_scored)
        on(ev.GameWon, self._ev_game_won)

    def _said(self, key: str, **params: Any) -> str:
        """``personal(key)`` for the player's seat, said again after a language switch."""
        return words(lambda: personal(key, self.seat_name(HUMAN), **refreshed(params)))

    def _status(self, seat: int, words: str, colour: Shade = "text") -> Call:
        def set_status() -> None:
            view = self.model.seats[seat]
            view.status, view.status_colour = words, colour

        return Call(set_status)

    def _chips(
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
            self.sounds.play("chip_clink")

        size = self.layout.px(22)
        flight = Flight(
            lambda: kt.memo(art.render_chip_stack, amount, size, self.palette_name, False),
            source,
            target,
            lift=0.08,
        )
        return Sequence(Call(take), fly(model.flights, flight, duration, land))

    def _ev_hand_started(self, e: ev.HandStarted) -> None:
        def reset() -> None:
            self.shots.new_unit(e.hand_no)
            model = self.model
            model.hand_no, model.dealer, model.round_no = e.hand_no, e.dealer, 0
            model.phase = "sabacc.phase.deal"
            model.discard_top, model.discards = None, 0
            model.die_value = model.die2_value = None
            self.__dict__["_dice_group"] = []  # a new hand's rolls get a new line
            for seat, view in enumerate(model.seats):
                view.cards = []
                view.in_hand = seat in e.seats
                view.status = view.hand_label = view.side = ""
                view.winner = False
            dealer = self.seat_name(e.dealer)
            self.log.add(
                words(lambda: personal("sabacc.log.hand", self.seat_name(HUMAN),
                                       hand=e.hand_no, dealer=live(dealer))),
                "gold",
            )  # fmt: skip

        self._push(Call(reset))

    def _ev_ante(self, e: ev.AntePaid) -> None:
        steps: list[Step] = []
        if e.hand_pot:
            steps.append(self._chips(("seat", e.seat), ("pot", "hand"), e.hand_pot, 0.25))
        if e.sabacc_pot:
            steps.append(self._chips(("seat", e.seat), ("pot", "sabacc"), e.sabacc_pot, 0.3))
        if steps:
            self._push(Parallel(*steps))

    def _ev_player_out(self, e: ev.PlayerOut) -> None:
        def out() -> None:
            view = self.model.seats[e.seat]
            view.out, view.in_hand = True, False
            view.status, view.status_colour = tw("sabacc.status.out"), "bad"

        self._push(Call(out), self._log("sabacc.log.out", "bad", seat=self.seat_name(e.seat)))

    def _card_to_seat(
        self, seat: int, code: str | None, duration: float, face_up: bool = False
    ) -> Step:
        """A card tossed from the deck to the end of ``seat``'s fan (face up only for the
        player's own cards and cards the rules show to everybody)."""
        model = self.model
        shown = code if (seat == HUMAN or face_up) else None

        def image() -> pygame.Surface:
            size = self.layout.seats[seat].card
            return (
                self.card_face(shown, size)
                if shown
                else kt.memo(card_art.render_sabacc_back, size, self.palette_name)
            )

        flight = Flight(image, ("deck",), ("slot", seat, 0), lift=0.1)

        def leave_deck() -> None:
            cards = model.seats[seat].cards
            spot = next((i for i, c in enumerate(cards) if c.returning), len(cards))
            flight.target = ("slot", seat, spot)
            model.deck = max(0, model.deck - 1)
            self.sounds.play("card_slide")

        def land() -> None:
            cards = model.seats[seat].cards
            waiting = next((c for c in cards if c.returning), None)
            if waiting is not None:  # the Two-Exchange redeal fills the card's place
                waiting.code, waiting.returning = shown, False
            else:
                cards.append(CardView(shown))
            self.sounds.play("card_flick")

        return Sequence(Call(leave_deck), fly(model.flights, flight, duration, land))

    def _ev_card_dealt(self, e: ev.CardDealt) -> None:
        steps: list[Step] = [self._card_to_seat(e.seat, e.card, 0.2)]
        if e.seat == HUMAN:
            steps.append(Call(self._maybe_deal_shot))
        self._push(*steps)

    def _maybe_deal_shot(self) -> None:
        if len(self.model.seats[HUMAN].cards) >= 2:
            self.shots.request("deal")

    def _ev_round(self, e: ev.RoundStarted) -> None:
        def begin() -> None:
            self.model.round_no, self.model.lead = e.round_no, e.lead
            self.model.phase = "sabacc.phase.betting"
            self.model.die_text = ""  # "Shift!" was the last round's roll, not this one's
            for view in self.model.seats:
                if view.in_hand and view.status_colour != "bad":
                    view.status = ""

        self._push(
            Call(begin),
            self._log("sabacc.log.round", "gold", round=e.round_no, seat=self.seat_name(e.lead)),
        )

    def _ev_rules_changed(self, e: ev.RulesChanged) -> None:
        rule = tw(f"sabacc.rule.{e.value_rule}")
        model = self.model

        def revalue() -> None:
            # Totals and card values on the table follow the new rule from here on.
            model.values = sb.value_table(model.options, e.value_rule)
            self.shots.request("rules")

        self._push(
            Call(revalue),
            self._log("sabacc.log.rules", "info", rule=rule),
            self.model.banner.steps(tw("sabacc.banner.rules"), rule, "info", 1.0),
        )

    def _bet_step(
        self, seat: int, amount: int, pot: str, status: str, log_key: str, **params: Any
    ) -> None:
        steps: list[Step] = [self._status(seat, status)]
        if amount:
            steps.append(self._chips(("seat", seat), ("pot", pot), amount))
        steps.append(self._log(log_key, seat=self.seat_name(seat), amount=amount, **params))
        steps.append(Wait(0.2))
        self._push(*steps)

    def _ev_folded(self, e: ev.Folded) -> None:
        def fold() -> None:
            view = self.model.seats[e.seat]
            view.in_hand = False
            view.status, view.status_colour = tw("sabacc.status.fold"), "dim"

        steps: list[Step] = [Call(fold)]
        if e.fee:
            steps.append(self._chips(("seat", e.seat), ("pot", "sabacc"), e.fee))
        steps.append(self._log("sabacc.log.fold", seat=self.seat_name(e.seat), fee=e.fee))
        self._push(*steps)

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
            self.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = tw("sabacc.shift_yes" if e.shift else "sabacc.shift_no")

        self._push(
            Call(start),
            Tween(0.8, roll, "linear", settle),
            self._log(
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
            self._shifting = candidates[-1] if candidates else None
            if self._shifting is not None:
                card = self._shifting
                if e.new is not None:
                    card.shift_from, card.code, card.shift_t = e.old, e.new, 0.0
                else:
                    card.glitch = 1.0
            self.sounds.play("shift_hum")

        def glitch(p: float) -> None:
            card = self._shifting
            if card is None:
                return
            if e.new is not None:
                card.shift_t = p
                if p >= 0.45 and e.seat == HUMAN:
                    self.shots.request("shift")
            else:
                card.glitch = 1.0 - p

        def done() -> None:
            card = self._shifting
            if card is not None:
                card.shift_from, card.shift_t, card.glitch = None, 1.0, 0.0
                # Marked "old → new" (or "shifted" when hidden) until the next action.
                card.shifted = e.old if e.old is not None and e.new is not None else "?"

        duration = 0.9 if e.seat == HUMAN else 0.4
        steps: list[Step] = [Call(begin), Tween(duration, glitch, "linear", done)]
        if e.seat == HUMAN and e.old and e.new:
            old, new = card_name(e.old), card_name(e.new)
            key = "tables.shift_same" if old == new else "sabacc.log.shift_mine"
            steps.append(self._log(key, "info", old=old, new=new))
        else:
            steps.append(self._log("sabacc.log.shift", "dim", seat=self.seat_name(e.seat)))
        self._push(*steps)

    def _ev_called(self, e: ev.HandCalled) -> None:
        def calling() -> None:
            self.model.phase = "sabacc.phase.reveal"

        self._push(
            self._status(e.seat, tw("sabacc.status.called"), "gold"),
            Call(calling),
            self._log("sabacc.log.called", "gold", seat=self.seat_name(e.seat)),
            self.model.banner.steps(
                self._said("sabacc.banner.called", seat=self.seat_name(e.seat)),
                "",
                "gold",
                0.6,
            ),
        )

    def _ev_field(
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
            self.sounds.play("shift_hum")

        card = card_name(e.card) if e.card else ""
        self._push(
            Call(lock),
            self._log(log_key, "info", seat=self.seat_name(e.seat), card=card),
            Wait(0.3),
        )

    def _ev_phase(self, e: ev.PhaseStarted) -> None:
        phase = "exchange" if e.phase == "exchanging" else e.phase

        def begin() -> None:
            self.model.phase = f"sabacc.phase.{phase}"
            for view in self.model.seats:
                view.status = ""

        self._push(
            Call(begin),
            self._log(f"sabacc.log.phase.{phase}", "gold", number=e.number),
            Wait(0.2),
        )

    def _ev_locked(self, e: ev.CardLocked) -> None:
        def lock() -> None:
            cards = self.model.seats[e.seat].cards
            match = next((c for c in cards if not c.locked and c.code == e.card), None)
            if match is None:
                match = next((c for c in cards if not c.locked and c.code is None), None)
            if match is not None:
                match.locked = True

        card = card_name(e.card) if e.card else ""
        self._push(
            Call(lock),
            self._status(e.seat, tw("sabacc.status.lock")),
            self._log("sabacc.log.locked", seat=self.seat_name(e.seat), card=card),
            Wait(0.15),
        )

    def _ev_cards_exchanged(self, e: ev.CardsExchanged) -> None:
        """Two-Exchange: every unlocked card goes back into the deck, face down."""
        model = self.model
        count = len(e.cards)

        def send_back() -> None:
            view = model.seats[e.seat]
            if e.seat == HUMAN:
                view.cards = [c for c in view.cards if c.locked or c.in_field]
            else:
                # Face down in their places until the redeal, never an empty fan.
                for card in view.cards:
                    if not (card.locked or card.in_field):
                        card.code, card.returning = None, True
            model.deck += count
            if count:
                self.sounds.play("card_slide")

        if count:
            status = self._status(e.seat, tw("sabacc.status.exchange"))
            line = self._log("sabacc.log.exchanged", seat=self.seat_name(e.seat), count=count)
        else:
            status = self._status(e.seat, tw("tables.status.keeps_all"))
            line = self._log("tables.keeps_all", seat=self.seat_name(e.seat))
        self._push(Call(send_back), status, line, Wait(0.2))

    def _ev_card_exchanged(self, e: ev.CardExchanged) -> None:
        """Great Khan / Empress Teta: one card face up onto the discards (the new card
        arrives as a draw)."""
        self._ev_discarded(e, "sabacc.log.exchanged_card", "sabacc.status.exchange")

    def _ev_stake(self, e: ev.StakePaid) -> None:
        self._push(
            self._chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self._log("sabacc.log.stake", seat=self.seat_name(e.seat), amount=e.amount),
        )

    def _ev_frozen(self, e: ev.CardFrozen) -> None:
        self._push(self._status(e.seat, tw("sabacc.status.freeze"), "info"))
        self._ev_field(e, "sabacc.log.frozen")

    def _ev_dice(self, e: ev.DiceRolled) -> None:
        model = self.model

        def start() -> None:
            model.die_value, model.die2_value, model.die_t = e.first, e.second, 0.0
            model.die_seed = e.first * 17 + e.second * 5 + model.round_no
            model.die_text = ""
            self.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = ""  # the log says what the dice mean

        if e.doubles:
            line_words = tw("sabacc.log.dice_doubles", first=e.first, second=e.second)

            def log_doubles() -> None:
                self.__dict__["_dice_group"] = []  # the next plain rolls start a new line
                self.log.add(line_words, "info")

            line = Call(log_doubles)
        else:
            line = Call(lambda: self._log_plain_roll(e.first, e.second))
        self._push(
            Call(start),
            Tween(0.7, roll, "linear", settle),
            line,
            Wait(0.35 if e.doubles else 0.15),
        )

    def _log_plain_roll(self, first: int, second: int) -> None:
        """Great Khan rolls after every action: the rolls without doubles share one line
        ("The dealer rolls, no doubles: 3·5, 2·6"), kept as the newest dice line, until
        doubles come up or the hand ends."""
        group: list[tuple[int, int]] = self.__dict__.setdefault("_dice_group", [])
        if group:
            self.log.remove_recent(self._dice_line(group))
        group.append((first, second))
        rolls = list(group)
        self.log.add(words(lambda: self._dice_line(rolls)), "dim")

    @staticmethod
    def _dice_line(group: list[tuple[int, int]]) -> str:
        if len(group) == 1:
            return i18n.t("sabacc.log.dice", first=group[0][0], second=group[0][1])
        rolls = i18n.join_list(i18n.t("tables.roll", first=a, second=b) for a, b in group[-8:])
        return i18n.t("tables.dice_group", rolls=rolls)

    def _ev_player_die(self, e: ev.PlayerDieRolled) -> None:
        steps: list[Step] = []
        if e.target >= 0:
            steps.append(self._status(e.target, tw("sabacc.status.must_exchange"), "info"))
            steps.append(
                self._log(
                    "sabacc.log.player_die", "info", value=e.value, seat=self.seat_name(e.target)
                )
            )
        else:
            steps.append(self._log("sabacc.log.player_die_none", "dim", value=e.value))
        self._push(*steps, Wait(0.3))

    def _ev_side(self, e: Any, log_key: str) -> None:
        def choose() -> None:
            self.model.seats[e.seat].side = e.side

        self._push(
            Call(choose),
            self._log(
                log_key,
                "gold" if e.side == sb.LIGHT else "info",
                seat=self.seat_name(e.seat),
                side=tw(f"sabacc.side.{e.side}"),
            ),
            Wait(0.2),
        )

    def _ev_sides_scored(self, e: ev.SidesScored) -> None:
        verdict = tw(f"sabacc.verdict.{e.winner}")
        self._push(
            self._log("sabacc.log.sides", "gold", light=e.light, dark=e.dark, verdict=verdict),
            Wait(0.3),
        )

    def _ev_game_won(self, e: ev.GameWon) -> None:
        name = self.seat_name(e.seat)
        self._push(
            self._log("sabacc.log.game_won", "gold", seat=name),
            self.model.banner.steps(
                self._said("sabacc.banner.game_won", seat=name),
                "",
                "gold",
                1.2,
            ),
        )

    def _ev_drawn(self, e: ev.CardDrawn) -> None:
        def phase() -> None:
            self.model.phase = "sabacc.phase.draw"

        steps: list[Step] = [
            Call(phase),
            self._status(e.seat, tw("sabacc.status.draw")),
            self._card_to_seat(e.seat, e.card, 0.3),
        ]
        if e.seat == HUMAN and e.card:
            steps.append(self._log("sabacc.log.draw_mine", card=card_name(e.card)))
        else:
            steps.append(self._log("sabacc.log.draw", seat=self.seat_name(e.seat)))
        self._push(*steps)

    def _ev_discarded(
        self,
        e: ev.CardDiscarded | ev.CardExchanged,
        log_key: str = "sabacc.log.discard",
        status_key: str = "sabacc.status.discard",
    ) -> None:
        model = self.model
        size_of = lambda: self.layout.deck.size  # noqa: E731 - resolved at draw time
        flight = Flight(
            lambda: self.card_face(e.card, size_of()),
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
            self.sounds.play("card_slide")

        def land() -> None:
            model.discard_top = e.card
            model.discards += 1

        self._push(
            Call(pick),
            self._status(e.seat, tw(status_key)),
            fly(model.flights, flight, 0.3, land),
            self._log(log_key, seat=self.seat_name(e.seat), card=card_name(e.card)),
        )

    def _ev_reshuffled(self, e: ev.DeckReshuffled) -> None:
        def reshuffle() -> None:
            self.model.deck += e.count
            self.model.discard_top, self.model.discards = None, 0

        self._push(
            Call(reshuffle), self._log("sabacc.log.reshuffle", "dim", count=e.count), Wait(0.3)
        )

    def _ev_revealed(self, e: ev.HandRevealed) -> None:
        model = self.model
        label = hand_name(e.hand_kind, e.total)
        colour: Shade = (
            "gold"
            if e.hand_kind in NAMED_KINDS
            else "bad"
            if e.hand_kind == "bombed-out"
            else "text"
        )

        def reveal() -> None:
            model.phase = "sabacc.phase.reveal"
            view = model.seats[e.seat]
            fields = [c for c in view.cards if c.in_field]
            rest = list(e.cards)
            for card in fields:
                if card.code in rest:
                    rest.remove(card.code)
            # Cards already face up keep their places (a shifted card stays where it
            # was, never jumping to the end); hidden ones turn over in the engine's order.
            kept: list[CardView] = []
            for card in (c for c in view.cards if not c.in_field):
                if card.code is None:
                    kept.append(card)
                elif card.code in rest:
                    rest.remove(card.code)
                    kept.append(card)
            hidden = [c for c in kept if c.code is None]
            for card, code in zip(hidden, rest, strict=False):
                card.code = code
            extra = [CardView(code) for code in rest[len(hidden) :]]
            view.cards = fields + [c for c in kept if c.code is not None] + extra
            view.hand_label, view.label_colour = label, colour
            # The reveal has begun: the last bets ("Check") were the betting's, not its.
            for seat_view in model.seats:
                if seat_view.status_colour not in ("dim", "bad"):  # "Fold" and "Out" hold
                    seat_view.status = ""
            self.sounds.play("card_flick")
            self.shots.request("reveal")

        steps: list[Step] = [
            Call(reveal),
            self._log("sabacc.log.reveal", colour, seat=self.seat_name(e.seat), hand=label),
        ]
        if e.hand_kind in NAMED_KINDS:
            steps.append(model.banner.steps(label, self.seat_name(e.seat), "gold", 1.0))
        elif e.hand_kind == "bombed-out" and e.seat == HUMAN:
            steps.append(Call(lambda: self.sounds.play("bust_thud")))
            steps.append(model.banner.steps(label, self.seat_name(e.seat), "bad", 0.7))
        else:
            steps.append(Wait(0.45))
        self._push(*steps)

    def _ev_penalty(self, e: ev.PenaltyPaid) -> None:
        self._push(
            self._chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self._log(
                f"sabacc.log.penalty_{e.reason}",
                "bad",
                seat=self.seat_name(e.seat),
                amount=e.amount,
            ),
        )

    def _ev_demise(self, e: ev.SuddenDemise) -> None:
        names = words(lambda: i18n.join_list(self.seat_name(s) for s in e.seats))
        # The log says it as a sentence: "between you and Odo Tarn", "entre A y B".
        others = [s for s in e.seats if s != HUMAN]
        said = words(lambda: i18n.join_and(self.seat_name(s) for s in others))
        line = (
            self._log("tables.log.demise_you", "bad", seats=said)
            if HUMAN in e.seats
            else self._log("sabacc.log.demise", "bad", seats=said)
        )

        def shot() -> None:
            self.model.phase = "sabacc.phase.demise"
            self.shots.request("sudden-demise")

        self._push(
            line,
            self.model.banner.steps(tw("sabacc.banner.demise"), names, "bad", 1.2),
            Call(shot),
        )

    def _ev_demise_card(self, e: ev.SuddenDemiseCard) -> None:
        label = hand_name(e.hand_kind, e.total)
        colour: Shade = (
            "gold"
            if e.hand_kind in NAMED_KINDS
            else "bad"
            if e.hand_kind == "bombed-out"
            else "text"
        )

        def relabel() -> None:
            view = self.model.seats[e.seat]
            view.hand_label, view.label_colour = label, colour

        self._push(
            self._card_to_seat(e.seat, e.card, 0.35, face_up=True),
            Call(relabel),
            self._log(
                "sabacc.log.demise_card",
                colour,
                seat=self.seat_name(e.seat),
                card=card_name(e.card),
                hand=label,
            ),
            Wait(0.4),
        )

    def _ev_pot_awarded(self, e: ev.PotAwarded) -> None:
        def crown() -> None:
            self.model.seats[e.seat].winner = True
            self.sounds.play("win_fanfare" if e.seat == HUMAN else "chip_stack")

        key = "sabacc.log.won_sabacc" if e.pot == "sabacc" else "sabacc.log.won_hand"
        self._push(
            Call(crown),
            self._chips(("pot", e.pot), ("seat", e.seat), e.amount, 0.55),
            self._log(key, "good", seat=self.seat_name(e.seat), amount=e.amount),
        )

    def _ev_pot_moved(self, e: ev.PotMoved) -> None:
        self._push(
            self._chips(("pot", e.source), ("pot", e.target), e.amount, 0.5),
            self._log("sabacc.log.pot_moved", "dim", amount=e.amount),
        )

    def _ev_hand_ended(self, e: ev.HandEnded) -> None:
        names = words(lambda: i18n.join_list(self.seat_name(s) for s in e.winners))
        colour: Shade
        if e.reason == "all-bombed" or not e.winners:
            title, colour = tw("sabacc.banner.no_winner"), "bad"
        elif HUMAN in e.winners:
            title, colour = tw("sabacc.banner.you_win"), "good"
        else:
            title, colour = tw("sabacc.banner.wins", seat=names), "gold"
        subtitle = tw(f"sabacc.reason.{e.reason}")

        def finish() -> None:
            self.hands_played += 1
            self.model.phase = "sabacc.phase.over"
            self.model.turn = None
            self.result.rounds_played = self.hands_played
            self.result.chips_end = list(self.state.chips)

        self._push(
            self._log("sabacc.log.hand_end", colour, hand=e.hand_no, winners=names or "—"),
            Call(finish),
            self.model.banner.steps(title, subtitle, colour, 1.4),
        )

    def _ev_match_ended(self, e: ev.MatchEnded) -> None:
        title: str
        if e.winner is None:
            title = tw("sabacc.banner.match_over")
        else:
            title = self._said("sabacc.banner.match_won", seat=self.seat_name(e.winner))
        self.result.winner = e.winner
        self._push(
            self._log("sabacc.log.match", "gold", winner=title),
            self.model.banner.steps(title, "", "gold", 1.6),
        )
