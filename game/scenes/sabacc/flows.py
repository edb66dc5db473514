"""The rule sets' own steps on the Sabacc table (RULES.md §1.5-1.7): Two-Exchange's
locks and exchanges, Great Khan's dice, the Force's sides, Empress Teta's swaps and
the Stake: their engine events -> queued animation steps (``animate``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_events as ev
from game.scenes.kit.words import tw, words
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.model import card_name
from game.ui.tween import Call, Step, Tween, Wait

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable


class SabaccFlows:
    """The preset flows' events to steps (see the module docstring)."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table

    def register(self, on: Callable[..., Any]) -> None:
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

    def _ev_phase(self, e: ev.PhaseStarted) -> None:
        phase = "exchange" if e.phase == "exchanging" else e.phase

        def begin() -> None:
            self.t.anim.model.phase = f"sabacc.phase.{phase}"
            for view in self.t.anim.model.seats:
                view.status = ""

        self.t.anim.push(
            Call(begin),
            self.t.anim.log_step(f"sabacc.log.phase.{phase}", "gold", number=e.number),
            Wait(0.2),
        )

    def _ev_locked(self, e: ev.CardLocked) -> None:
        def lock() -> None:
            cards = self.t.anim.model.seats[e.seat].cards
            match = next((c for c in cards if not c.locked and c.code == e.card), None)
            if match is None:
                match = next((c for c in cards if not c.locked and c.code is None), None)
            if match is not None:
                match.locked = True

        card = card_name(e.card) if e.card else ""
        self.t.anim.push(
            Call(lock),
            self.t.anim.status(e.seat, tw("sabacc.status.lock")),
            self.t.anim.log_step(
                "sabacc.log.locked", seat=self.t.anim.seat_name(e.seat), card=card
            ),
            Wait(0.15),
        )

    def _ev_cards_exchanged(self, e: ev.CardsExchanged) -> None:
        """Two-Exchange: every unlocked card goes back into the deck, face down."""
        model = self.t.anim.model
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
                self.t.sounds.play("card_slide")

        if count:
            status = self.t.anim.status(e.seat, tw("sabacc.status.exchange"))
            line = self.t.anim.log_step(
                "sabacc.log.exchanged", seat=self.t.anim.seat_name(e.seat), count=count
            )
        else:
            status = self.t.anim.status(e.seat, tw("tables.status.keeps_all"))
            line = self.t.anim.log_step("tables.keeps_all", seat=self.t.anim.seat_name(e.seat))
        self.t.anim.push(Call(send_back), status, line, Wait(0.2))

    def _ev_card_exchanged(self, e: ev.CardExchanged) -> None:
        """Great Khan / Empress Teta: one card face up onto the discards (the new card
        arrives as a draw)."""
        self.t.anim.ev_discarded(e, "sabacc.log.exchanged_card", "sabacc.status.exchange")

    def _ev_stake(self, e: ev.StakePaid) -> None:
        self.t.anim.push(
            self.t.anim.chips(("seat", e.seat), ("pot", "sabacc"), e.amount),
            self.t.anim.log_step(
                "sabacc.log.stake", seat=self.t.anim.seat_name(e.seat), amount=e.amount
            ),
        )

    def _ev_frozen(self, e: ev.CardFrozen) -> None:
        self.t.anim.push(self.t.anim.status(e.seat, tw("sabacc.status.freeze"), "info"))
        self.t.anim.ev_field(e, "sabacc.log.frozen")

    def _ev_dice(self, e: ev.DiceRolled) -> None:
        model = self.t.anim.model

        def start() -> None:
            model.die_value, model.die2_value, model.die_t = e.first, e.second, 0.0
            model.die_seed = e.first * 17 + e.second * 5 + model.round_no
            model.die_text = ""
            self.t.sounds.play("dice_rattle")

        def roll(p: float) -> None:
            model.die_t = p

        def settle() -> None:
            model.die_text = ""  # the log says what the dice mean

        if e.doubles:
            line_words = tw("sabacc.log.dice_doubles", first=e.first, second=e.second)

            def log_doubles() -> None:
                self.t.anim.dice_group = []  # the next plain rolls start a new line
                self.t.log.add(line_words, "info")

            line = Call(log_doubles)
        else:
            line = Call(lambda: self._log_plain_roll(e.first, e.second))
        self.t.anim.push(
            Call(start),
            Tween(0.7, roll, "linear", settle),
            line,
            Wait(0.35 if e.doubles else 0.15),
        )

    def _log_plain_roll(self, first: int, second: int) -> None:
        """Great Khan rolls after every action: the rolls without doubles share one line
        ("The dealer rolls, no doubles: 3·5, 2·6"), kept as the newest dice line, until
        doubles come up or the hand ends."""
        group = self.t.anim.dice_group
        if group:
            self.t.log.remove_recent(self._dice_line(group))
        group.append((first, second))
        rolls = list(group)
        self.t.log.add(words(lambda: self._dice_line(rolls)), "dim")

    @staticmethod
    def _dice_line(group: list[tuple[int, int]]) -> str:
        if len(group) == 1:
            return i18n.t("sabacc.log.dice", first=group[0][0], second=group[0][1])
        rolls = i18n.join_list(i18n.t("tables.roll", first=a, second=b) for a, b in group[-8:])
        return i18n.t("tables.dice_group", rolls=rolls)

    def _ev_player_die(self, e: ev.PlayerDieRolled) -> None:
        steps: list[Step] = []
        if e.target >= 0:
            steps.append(self.t.anim.status(e.target, tw("sabacc.status.must_exchange"), "info"))
            steps.append(
                self.t.anim.log_step(
                    "sabacc.log.player_die",
                    "info",
                    value=e.value,
                    seat=self.t.anim.seat_name(e.target),
                )
            )
        else:
            steps.append(self.t.anim.log_step("sabacc.log.player_die_none", "dim", value=e.value))
        self.t.anim.push(*steps, Wait(0.3))

    def _ev_side(self, e: Any, log_key: str) -> None:
        def choose() -> None:
            self.t.anim.model.seats[e.seat].side = e.side

        self.t.anim.push(
            Call(choose),
            self.t.anim.log_step(
                log_key,
                "gold" if e.side == sb.LIGHT else "info",
                seat=self.t.anim.seat_name(e.seat),
                side=tw(f"sabacc.side.{e.side}"),
            ),
            Wait(0.2),
        )

    def _ev_sides_scored(self, e: ev.SidesScored) -> None:
        verdict = tw(f"sabacc.verdict.{e.winner}")
        self.t.anim.push(
            self.t.anim.log_step(
                "sabacc.log.sides", "gold", light=e.light, dark=e.dark, verdict=verdict
            ),
            Wait(0.3),
        )

    def _ev_game_won(self, e: ev.GameWon) -> None:
        name = self.t.anim.seat_name(e.seat)
        self.t.anim.push(
            self.t.anim.log_step("sabacc.log.game_won", "gold", seat=name),
            self.t.anim.model.banner.steps(
                self.t.anim.said("sabacc.banner.game_won", seat=name),
                "",
                "gold",
                1.2,
            ),
        )
