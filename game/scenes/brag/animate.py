"""Brag events -> queued steps that change the display model (one handler per event
type, through the kit's ``EventRouter``), and the display model itself: what the
player has seen so far (it lags the engine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.rules import brag
from game.rules.base import Event
from game.scenes.brag.base import RANK_ORDER, SUIT_ORDER
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import words
from game.ui.tween import Tween, Wait

if TYPE_CHECKING:
    from game.scenes.brag.scene import BragTable


class BragAnimate:
    """The table's animation role (``table.anim``) and the display model it keeps."""

    def __init__(self, table: BragTable) -> None:
        self.t = table
        n = table.num_seats
        state = table.state
        self.hand: list[str] = []  # the player's unplaced cards, in display order
        self.slots: list[list[str]] = [[], [], [], []]
        self.dealt = [0] * n  # cards shown in front of each seat during the deal
        # Counted as the deal's events are queued, ahead of the animation: cards sent
        # toward each seat's fan, and in all (``dealing_shown`` compares the arrivals).
        self.queued_fan = [0] * n
        self.deal_queued = 0
        self.spare_cards = 0
        self.dealt_so_far = 0
        self.opp_sets: list[list[tuple[str | None, ...] | None]] = [[None] * 4 for _ in range(n)]
        self.has_set = [False] * n
        self.fouled = [False] * n
        self.flip: dict[tuple[int, int], float] = {}
        self.column_winner: list[int | None | str] = ["", "", "", ""]  # "" = not yet shown
        self.active_column = -1
        self.unplayed: set[int] = set()  # sets turned up after the game was already won
        self.scores = list(state.scores)
        self.chips = list(state.chips)
        self.laid = False
        self.hold = False  # the reveal stays up until the player presses Continue
        self.next_deal: tuple[int, int] | None = None  # (deal, dealer) shown after Continue
        self.deal_no = state.deal_no
        self.dealer = state.dealer
        self.game_no = 1
        self.game_winner: int | None = None

    def synced(self) -> None:
        """After a catch-up: the numbers from the engine."""
        self.chips = list(self.t.state.chips)
        self.scores = list(self.t.state.scores)
        self.game_no = self.t.state.game_no
        self.hold = False
        self.next_deal = None

    def all_cards(self) -> list[str]:
        return self.hand + [c for s in self.slots for c in s]

    def sort_hand(self) -> None:
        if self.t.inputs.by_suit:
            self.hand.sort(key=lambda c: (SUIT_ORDER[c[1]], -RANK_ORDER[c[0]]))
        else:
            self.hand.sort(key=lambda c: (-RANK_ORDER[c[0]], SUIT_ORDER[c[1]]))

    def play(self, events: list[Event]) -> None:
        for event in events:
            self.t.cue_sound(event)
            self.animate(event.for_seat(self.t.human))
        self.t.react([event.for_seat(self.t.human) for event in events])

    def register_handlers(self) -> None:
        """One handler per event type (the router skips the rest, as the table always did)."""
        self.t.router.fallback = lambda event: None
        on = self.t.router.on
        on(brag.GameStarted, self.on_game_started)
        on(brag.DealStarted, self.on_deal_started)
        on(brag.CardDealt, self.on_card_dealt)
        on(brag.HandKept, self.on_hand_kept)
        on(brag.HandSwapped, self.on_hand_swapped)
        on(brag.ThirteenCardRun, self.on_thirteen_card_run)
        on(brag.RedealDemanded, self.on_redeal_demanded)
        on(brag.LayoutSet, self.on_layout_set)
        on(brag.CrashDeclaration, self.on_crash_declaration)
        on(brag.LayoutFouled, self.on_layout_fouled)
        on(brag.SetRevealed, self.on_set_revealed)
        on(brag.SetShown, self.on_set_shown)
        on(brag.ShowdownResult, self.on_showdown_result)
        on(brag.PointsScored, self.on_points_scored)
        on(brag.CrashMade, self.on_crash_made)
        on(brag.CrashFailed, self.on_crash_failed)
        on(brag.FourOfAKind, self.on_four_of_a_kind)
        on(brag.ChipsPaid, self.on_chips_paid)
        on(brag.DealEnded, self.on_deal_ended)
        on(brag.GameWon, self.on_game_won)
        on(brag.Rebought, self.on_rebought)

    def animate(self, event: Event) -> None:
        self.t.router.route(event)

    def on_game_started(self, event: brag.GameStarted) -> None:
        q = self.t.queue
        q.then(lambda: self.start_game_view(event.game))

    def on_deal_started(self, event: brag.DealStarted) -> None:
        q = self.t.queue
        self.queued_fan = [0] * self.t.num_seats  # this deal's cards fly to fresh fans
        self.deal_queued = 0
        q.then(lambda: self.start_deal_view(event.deal, event.dealer))

    def on_card_dealt(self, event: brag.CardDealt) -> None:
        q = self.t.queue
        self.deal_queued += 1
        q.push(self.deal_card_step(event))

    def on_hand_kept(self, event: brag.HandKept) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("brag.log.kept", seat=name(event.seat))))

    def on_hand_swapped(self, event: brag.HandSwapped) -> None:
        q = self.t.queue
        q.then(lambda: self.swap_view(event))
        q.push(Wait(0.5))

    def on_thirteen_card_run(self, event: brag.ThirteenCardRun) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(
            lambda: self.t.announce(self.t.you("brag.run13", seat=name(event.seat)), seconds=2.0)
        )
        q.push(Wait(2.0))

    def on_redeal_demanded(self, event: brag.RedealDemanded) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.announce(self.t.you("brag.redeal", seat=name(event.seat))))
        q.push(Wait(1.2))

    def on_layout_set(self, event: brag.LayoutSet) -> None:
        q = self.t.queue
        q.then(lambda: self.layout_set_view(event))
        q.push(Wait(0.15))

    def on_crash_declaration(self, event: brag.CrashDeclaration) -> None:
        q = self.t.queue
        name = self.t.seat_name
        key = "brag.log.declared" if event.declared else "brag.log.not_declared"
        q.then(lambda: self.t.say(self.t.you(key, seat=name(event.seat))))

    def on_layout_fouled(self, event: brag.LayoutFouled) -> None:
        q = self.t.queue
        q.then(lambda: self.fouled_view(event))
        q.push(Wait(1.0))

    def on_set_revealed(self, event: brag.SetRevealed) -> None:
        q = self.t.queue
        q.then(lambda: self.reveal_start(event))
        if event.seat == self.t.human:
            q.push(Wait(0.12))  # the player's own set is already face up
        else:
            q.push(self.flip_step(event.seat, event.position))

    def on_set_shown(self, event: brag.SetShown) -> None:
        """A set left unplayed when the game was won mid-reveal: turned up all the same,
        so the deal that ends the game ends in full view."""
        q = self.t.queue
        q.then(lambda: self.shown_start(event))
        if event.seat != self.t.human:
            q.push(self.flip_step(event.seat, event.position))

    def on_showdown_result(self, event: brag.ShowdownResult) -> None:
        q = self.t.queue
        q.then(lambda: self.showdown_view(event))
        q.push(Wait(1.1))

    def on_points_scored(self, event: brag.PointsScored) -> None:
        q = self.t.queue
        q.then(lambda: self.points_view(event))

    def on_crash_made(self, event: brag.CrashMade) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(
            lambda: self.t.announce(self.t.you("brag.crash", seat=name(event.seat)), "good", 2.2)
        )
        q.then(lambda: self.t.say(self.t.you("brag.crash", seat=name(event.seat)), "gold"))
        q.push(Wait(2.0))

    def on_crash_failed(self, event: brag.CrashFailed) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(
            lambda: self.t.say(self.t.you("brag.log.crash_failed", seat=name(event.seat)), "bad")
        )

    def on_four_of_a_kind(self, event: brag.FourOfAKind) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("brag.log.four", seat=name(event.seat)), "gold"))

    def on_chips_paid(self, event: brag.ChipsPaid) -> None:
        q = self.t.queue
        q.push(self.chips_step(event))

    def on_deal_ended(self, event: brag.DealEnded) -> None:
        q = self.t.queue
        q.push(Wait(0.6))
        q.then(lambda: self.deal_ended_view(event))

    def on_game_won(self, event: brag.GameWon) -> None:
        q = self.t.queue
        q.then(lambda: self.game_won_view(event))
        q.push(Wait(1.2))

    def on_rebought(self, event: brag.Rebought) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.set_chips(event.seat, self.chips[event.seat] + event.amount))
        q.then(lambda: self.t.log_say("cards.log.rebuy", "dim", seat=name(event.seat)))

    def start_game_view(self, game: int) -> None:
        self.game_no = game
        self.scores = [0] * self.t.num_seats
        self.t.say(self.t.you("brag.log.game", game=game), "gold")

    def start_deal_view(self, deal: int, dealer: int) -> None:
        if self.hold:
            # The engine starts the next deal in the same step that ends this one; the
            # reveal stays on the table until the player presses Continue.
            self.next_deal = (deal, dealer)
            return
        self.reset_deal_view()
        self.deal_no = deal
        self.dealer = dealer
        self.t.say(self.t.you("brag.log.deal", deal=deal, seat=self.t.seat_name(dealer)), "gold")

    def reset_deal_view(self) -> None:
        inputs = self.t.inputs
        self.hand = []
        self.slots = [[], [], [], []]
        inputs.picked = []
        inputs.card_focus = None
        inputs.dragging = None
        inputs.pressed = None
        self.dealt = [0] * self.t.num_seats
        self.spare_cards = 0
        self.dealt_so_far = 0
        self.opp_sets = [[None] * 4 for _ in range(self.t.num_seats)]
        self.has_set = [False] * self.t.num_seats
        self.fouled = [False] * self.t.num_seats
        self.flip = {}
        self.column_winner = ["", "", "", ""]
        self.active_column = -1
        self.unplayed = set()
        self.laid = False
        self.t.message = None

    def deal_card_step(self, event: brag.CardDealt) -> Tween:
        places = self.t.places
        seat = event.seat
        height = places.opp_card_h
        if seat == self.t.human:
            target: tuple[float, float] = places.hand_rect.center
            height = places.hand_card_h
        elif seat < 0:
            target = places.spare_pos(event.slot - self.t.num_seats)
        else:
            # Onto the seat's fan, where the card will lie (computed as it is queued:
            # the cards before it are queued before it).
            target = places.fan_card(seat, self.queued_fan[seat]).center
            self.queued_fan[seat] += 1
        back = self.t.card(None, height)

        def arrive() -> None:
            self.dealt_so_far += 1
            if seat == self.t.human and event.card is not None:
                self.hand.append(event.card)
                self.sort_hand()
            elif seat < 0:
                self.spare_cards += 1
            else:
                self.dealt[seat] += 1

        face = self.t.card(event.card, height) if seat == self.t.human and event.card else None
        return self.t.fly(back, places.deck_pos, target, 0.07, arrive, flip_to=face)

    def dealing_shown(self) -> bool:
        """Whether the cards are still flying out (the engine has long finished the deal
        and may already wait on a seat: nobody glows until the table shows the deal)."""
        return self.dealt_so_far < self.deal_queued

    def swap_view(self, event: brag.HandSwapped) -> None:
        self.t.say(self.t.you("brag.log.swapped", seat=self.t.seat_name(event.seat)), "gold")
        if event.seat == self.t.human and all(c is not None for c in event.cards):
            self.hand = [c for c in event.cards if c is not None]
            self.sort_hand()

    def layout_set_view(self, event: brag.LayoutSet) -> None:
        self.has_set[event.seat] = True
        if event.seat == self.t.human:
            self.show_own_layout(event)
        else:
            for pos in range(len(event.sets)):
                self.opp_sets[event.seat][pos] = (None, None, None)
            self.t.say(self.t.you("brag.log.set", seat=self.t.seat_name(event.seat)), "dim")
            self.dealt[event.seat] = 0
        if all(self.has_set):
            self.t.screenshot(f"all-set-{min(self.deal_no, 3)}")

    def show_own_layout(self, event: brag.LayoutSet) -> None:
        """The player's sets in their slots. Laid through the slots they are there
        already; a replay (or a move made without the slots) puts them there now."""
        sets = [list(s) for s in event.sets if s is not None and all(c is not None for c in s)]
        if not sets or {frozenset(s) for s in sets} == {frozenset(s) for s in self.slots if s}:
            return
        used = {c for s in sets for c in s}
        self.hand = [c for c in self.all_cards() if c not in used]
        self.sort_hand()
        self.slots = sets + [[] for _ in range(4 - len(sets))]
        self.t.inputs.picked = []
        self.laid = True
        self.t.say(self.t.you("brag.log.laid", sets=len(sets), discarded=len(self.hand)), "text")

    def fouled_view(self, event: brag.LayoutFouled) -> None:
        self.fouled[event.seat] = True
        self.t.say(self.t.you("brag.log.fouled", seat=self.t.seat_name(event.seat)), "bad")

    def reveal_start(self, event: brag.SetRevealed) -> None:
        self.active_column = event.position
        if event.seat != self.t.human:
            self.opp_sets[event.seat][event.position] = tuple(event.cards)
            self.flip[(event.seat, event.position)] = 0.0

    def shown_start(self, event: brag.SetShown) -> None:
        self.unplayed.add(event.position)
        self.active_column = -1
        if event.seat != self.t.human:
            self.opp_sets[event.seat][event.position] = tuple(event.cards)
            self.flip[(event.seat, event.position)] = 0.0

    def flip_step(self, seat: int, pos: int) -> Tween:
        def update(p: float) -> None:
            self.flip[(seat, pos)] = p

        return Tween(0.3, update, "ease-in-out")

    def showdown_view(self, event: brag.ShowdownResult) -> None:
        pos = event.position
        self.column_winner[pos] = event.winner
        if event.winner is None:
            self.t.say(self.t.you("brag.log.tie", set=pos + 1), "dim")
            self.t.announce(self.t.you("brag.log.tie", set=pos + 1), "dim", 1.0)
            return
        kind = self.revealed_kind(event.winner, pos)
        text = self.t.you(
            "brag.log.wins_set", seat=self.t.seat_name(event.winner), set=pos + 1, kind=kind
        )
        colour: Shade = "good" if event.winner == self.t.human else "gold"
        self.t.say(text, colour)
        self.t.announce(text, colour, 1.1)
        if pos == 3:
            self.t.screenshot(f"reveal-{min(self.deal_no, 3)}")

    def revealed_kind(self, seat: int, pos: int) -> str:
        cards = self.slots[pos] if seat == self.t.human else self.opp_sets[seat][pos]
        if not cards or any(c is None for c in cards):
            return ""
        return i18n.t(f"brag.kind.{brag.rank_set([c for c in cards if c]).kind}")

    def points_view(self, event: brag.PointsScored) -> None:
        self.scores[event.seat] = event.score
        if event.reason != "showdown":
            self.t.say(
                self.t.you(
                    "brag.log.points", seat=self.t.seat_name(event.seat), points=event.points
                ),
                "gold",
            )

    def chips_step(self, event: brag.ChipsPaid) -> Tween:
        places = self.t.places
        start = places.plate_centre(event.payer)
        end = places.plate_centre(event.payee)
        image = chip_image(event.amount, self.t.px(22), self.t.palette_name)

        def paid() -> None:
            self.set_chips(event.payer, self.chips[event.payer] - event.amount)
            self.set_chips(event.payee, self.chips[event.payee] + event.amount)
            self.t.say(
                self.t.you(
                    "brag.log.paid",
                    payer=self.t.seat_name(event.payer),
                    payee=self.t.seat_name(event.payee),
                    count=event.amount,
                ),
                "dim",
            )

        return self.t.fly(image, start, end, 0.5, paid)

    def set_chips(self, seat: int, amount: int) -> None:
        self.chips[seat] = amount

    def deal_ended_view(self, event: brag.DealEnded) -> None:
        self.scores = list(event.scores)
        self.hold = True  # the player reads the reveal, then presses Continue
        self.t.say(self.t.you("brag.log.scores", scores=self.score_text(event.scores)), "text")

    def score_text(self, scores: tuple[int, ...] | list[int]) -> str:
        return words(
            lambda: i18n.join_list(f"{self.t.seat_name(s)} {p}" for s, p in enumerate(scores))
        )

    def game_won_view(self, event: brag.GameWon) -> None:
        self.scores = list(event.scores)
        self.game_winner = event.winner
        text = self.t.you("brag.game_won", seat=self.t.seat_name(event.winner))
        colour: Shade = "good" if event.winner == self.t.human else "gold"
        self.t.say(text, colour)
        self.t.banner_left = 0.0  # the last set's toast gives way to the finale
        self.t.banner.hide()
        # The finale stays on the table (draw_finale) until the player moves on.
        self.t.screenshot(f"finale-{event.winner == self.t.human}")
