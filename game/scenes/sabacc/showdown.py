"""The end of a Sabacc hand on the table: the call, each hand revealed, the penalties,
Sudden Demise, the pots paid, the hand's and the match's banners: their engine events
-> queued animation steps (``animate``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import i18n
from game.rules import sabacc_events as ev
from game.scenes.kit.ink import Shade
from game.scenes.kit.words import tw, words
from game.scenes.sabacc.base import HUMAN, NAMED_KINDS
from game.scenes.sabacc.model import CardView, card_name, hand_name
from game.ui.tween import Call, Step, Wait

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable


class SabaccShowdown:
    """The hand's end, events to steps (see the module docstring)."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table

    def register(self, on: Callable[..., Any]) -> None:
        on(ev.HandCalled, self._ev_called)
        on(ev.HandRevealed, self._ev_revealed)
        on(ev.PenaltyPaid, self._ev_penalty)
        on(ev.SuddenDemise, self._ev_demise)
        on(ev.SuddenDemiseCard, self._ev_demise_card)
        on(ev.PotAwarded, self._ev_pot_awarded)
        on(ev.PotMoved, self._ev_pot_moved)
        on(ev.HandEnded, self._ev_hand_ended)
        on(ev.MatchEnded, self._ev_match_ended)

    def _ev_called(self, e: ev.HandCalled) -> None:
        def calling() -> None:
            self.t.anim.model.phase = "sabacc.phase.reveal"

        self.t.anim.push(
            self.t.anim.status(e.seat, tw("sabacc.status.called"), "gold"),
            Call(calling),
            self.t.anim.log_step("sabacc.log.called", "gold", seat=self.t.anim.seat_name(e.seat)),
            self.t.anim.model.banner.steps(
                self.t.anim.said("sabacc.banner.called", seat=self.t.anim.seat_name(e.seat)),
                "",
                "gold",
                0.6,
            ),
        )

    def _ev_revealed(self, e: ev.HandRevealed) -> None:
        model = self.t.anim.model
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
            self.t.sounds.play("card_flick")
            self.t.shots.request("reveal")

        steps: list[Step] = [
            Call(reveal),
            self.t.anim.log_step(
                "sabacc.log.reveal", colour, seat=self.t.anim.seat_name(e.seat), hand=label
            ),
        ]
        if e.hand_kind in NAMED_KINDS:
            steps.append(model.banner.steps(label, self.t.anim.seat_name(e.seat), "gold", 1.0))
        elif e.hand_kind == "bombed-out" and e.seat == HUMAN:
            steps.append(Call(lambda: self.t.sounds.play("bust_thud")))
            steps.append(model.banner.steps(label, self.t.anim.seat_name(e.seat), "bad", 0.7))
        else:
            steps.append(Wait(0.45))
        self.t.anim.push(*steps)

    def _ev_penalty(self, e: ev.PenaltyPaid) -> None:
        self.t.anim.push(
            self.t.anim.chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self.t.anim.log_step(
                f"sabacc.log.penalty_{e.reason}",
                "bad",
                seat=self.t.anim.seat_name(e.seat),
                amount=e.amount,
            ),
        )

    def _ev_demise(self, e: ev.SuddenDemise) -> None:
        names = words(lambda: i18n.join_list(self.t.anim.seat_name(s) for s in e.seats))
        # The log says it as a sentence: "between you and Odo Tarn", "entre A y B".
        others = [s for s in e.seats if s != HUMAN]
        said = words(lambda: i18n.join_and(self.t.anim.seat_name(s) for s in others))
        line = (
            self.t.anim.log_step("tables.log.demise_you", "bad", seats=said)
            if HUMAN in e.seats
            else self.t.anim.log_step("sabacc.log.demise", "bad", seats=said)
        )

        def shot() -> None:
            self.t.anim.model.phase = "sabacc.phase.demise"
            self.t.shots.request("sudden-demise")

        self.t.anim.push(
            line,
            self.t.anim.model.banner.steps(tw("sabacc.banner.demise"), names, "bad", 1.2),
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
            view = self.t.anim.model.seats[e.seat]
            view.hand_label, view.label_colour = label, colour

        self.t.anim.push(
            self.t.anim.card_to_seat(e.seat, e.card, 0.35, face_up=True),
            Call(relabel),
            self.t.anim.log_step(
                "sabacc.log.demise_card",
                colour,
                seat=self.t.anim.seat_name(e.seat),
                card=card_name(e.card),
                hand=label,
            ),
            Wait(0.4),
        )

    def _ev_pot_awarded(self, e: ev.PotAwarded) -> None:
        def crown() -> None:
            self.t.anim.model.seats[e.seat].winner = True
            self.t.sounds.play("win_fanfare" if e.seat == HUMAN else "chip_stack")

        key = "sabacc.log.won_sabacc" if e.pot == "sabacc" else "sabacc.log.won_hand"
        self.t.anim.push(
            Call(crown),
            self.t.anim.chips(("pot", e.pot), ("seat", e.seat), e.amount, 0.55),
            self.t.anim.log_step(key, "good", seat=self.t.anim.seat_name(e.seat), amount=e.amount),
        )

    def _ev_pot_moved(self, e: ev.PotMoved) -> None:
        self.t.anim.push(
            self.t.anim.chips(("pot", e.source), ("pot", e.target), e.amount, 0.5),
            self.t.anim.log_step("sabacc.log.pot_moved", "dim", amount=e.amount),
        )

    def _ev_hand_ended(self, e: ev.HandEnded) -> None:
        names = words(lambda: i18n.join_list(self.t.anim.seat_name(s) for s in e.winners))
        colour: Shade
        if e.reason == "all-bombed" or not e.winners:
            title, colour = tw("sabacc.banner.no_winner"), "bad"
        elif HUMAN in e.winners:
            title, colour = tw("sabacc.banner.you_win"), "good"
        else:
            title, colour = tw("sabacc.banner.wins", seat=names), "gold"
        subtitle = tw(f"sabacc.reason.{e.reason}")

        def finish() -> None:
            self.t.hands_played += 1
            self.t.anim.model.phase = "sabacc.phase.over"
            self.t.anim.model.turn = None
            self.t.result.rounds_played = self.t.hands_played
            self.t.result.chips_end = list(self.t.state.chips)

        self.t.anim.push(
            self.t.anim.log_step(
                "sabacc.log.hand_end", colour, hand=e.hand_no, winners=names or "—"
            ),
            Call(finish),
            self.t.anim.model.banner.steps(title, subtitle, colour, 1.4),
        )

    def _ev_match_ended(self, e: ev.MatchEnded) -> None:
        title: str
        if e.winner is None:
            title = tw("sabacc.banner.match_over")
        else:
            title = self.t.anim.said(
                "sabacc.banner.match_won", seat=self.t.anim.seat_name(e.winner)
            )
        self.t.result.winner = e.winner
        self.t.anim.push(
            self.t.anim.log_step("sabacc.log.match", "gold", winner=title),
            self.t.anim.model.banner.steps(title, "", "gold", 1.6),
        )
