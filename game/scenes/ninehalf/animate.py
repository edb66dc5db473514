"""Nine and a Half events -> queued steps that change the display model (one handler
per event type, through the kit's ``EventRouter``); the display model itself (it lags
the engine while the animation plays)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.rules import ninehalf as nh
from game.rules.base import Event
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import chip_image, half_points
from game.scenes.kit.words import tw, words
from game.ui.tween import Tween, Wait

if TYPE_CHECKING:
    from game.scenes.ninehalf.scene import NineHalfTable


class NineHalfAnimate:
    """The table's animation (``table.anim``): each engine event's steps, and the
    display model they change, which painting reads."""

    def __init__(self, table: NineHalfTable) -> None:
        self.t = table
        n = table.num_seats
        self.chips = [0] * n
        self.stakes = [0] * n
        self.hole: list[str | None | bool] = [False] * n  # False: no card, None: face down
        self.up: list[list[str]] = [[] for _ in range(n)]
        self.dealer_cards: list[str] = []
        self.results: list[int | None] = [None] * n
        self.sat_out = [False] * n
        self.flip: dict[int, float] = {}
        self.deal_over = False  # the deal has been settled (its result is shown)
        self.dealer = 0
        self.limit = 0
        self.deal_no = 1
        self.register_handlers()

    def synced(self) -> None:
        """Chips, dealer and limit as the engine has them (the start, a catch-up)."""
        state = self.t.state
        self.chips = list(state.chips)
        self.dealer = state.dealer
        self.limit = state.limit

    # ------------------------------------------------------------ display model
    def seat_cards(self, seat: int) -> list[str | None]:
        if seat == self.dealer:
            return list(self.dealer_cards)
        cards: list[str | None] = []
        if self.hole[seat] is not False:
            hole = self.hole[seat]
            cards.append(hole if isinstance(hole, str) else None)
        cards.extend(self.up[seat])
        return cards

    def my_value(self) -> nh.HandValue | None:
        human = self.t.human
        if human == self.dealer:
            cards = self.dealer_cards
        else:
            hole = self.hole[human]
            if not isinstance(hole, str):
                return None
            cards = [hole, *self.up[human]]
        return nh.hand_value(cards, dealer=human == self.dealer) if cards else None

    def value_text(self, value: nh.HandValue) -> str:
        if value.kind == "bust":
            return i18n.t("nh.kind.bust", points=half_points(value.points))
        if value.kind in ("natural", "jack-ten"):
            return i18n.t(f"nh.kind.{value.kind}")
        return half_points(value.points)

    # ------------------------------------------------------------ events -> steps
    def play(self, events: list[Event]) -> None:
        t = self.t
        for event in events:
            t.cue_sound(event)
            t.animate(event.for_seat(t.human))
        t.react([event.for_seat(t.human) for event in events])

    def register_handlers(self) -> None:
        """One handler per event type (the router skips the rest, as the table always did)."""
        self.t.router.fallback = lambda event: None
        on = self.t.router.on
        on(nh.DealStarted, self.on_deal_started)
        on(nh.LimitSet, self.on_limit_set)
        on(nh.Anted, self.on_anted)
        on(nh.SatOut, self.on_sat_out)
        on(nh.HoleCardDealt, self.on_hole_card_dealt)
        on(nh.DealerCardDealt, self.on_dealer_card_dealt)
        on(nh.DealerTenBust, self.on_dealer_ten_bust)
        on(nh.UpCardDealt, self.on_up_card_dealt)
        on(nh.HitTaken, self.on_hit_taken)
        on(nh.Stayed, self.on_stayed)
        on(nh.DrawingEnded, self.on_drawing_ended)
        on(nh.BetPlaced, self.on_bet_placed)
        on(nh.DealerDrew, self.on_dealer_drew)
        on(nh.ChallengeSettled, self.on_challenge_settled)
        on(nh.DealerStopped, self.on_dealer_stopped)
        on(nh.StakeReturned, self.on_stake_returned)
        on(nh.DealEnded, self.on_deal_ended)
        on(nh.MatchOver, self.on_match_over)
        on(nh.Rebought, self.on_rebought)

    def on_deal_started(self, event: nh.DealStarted) -> None:
        q = self.t.queue
        q.then(lambda: self.start_deal_view(event))

    def on_limit_set(self, event: nh.LimitSet) -> None:
        q = self.t.queue
        name = self.t.seat_name
        text = self.t.you("nh.log.limit", seat=name(event.seat), limit=event.limit)
        q.then(lambda: self.limit_view(event.limit, text))
        q.push(Wait(0.6))

    def on_anted(self, event: nh.Anted) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.push(self.chips_to_stake(event.seat, event.amount))
        q.then(
            lambda: self.t.say(
                self.t.you("nh.log.ante", seat=name(event.seat), count=event.amount), "dim"
            )
        )

    def on_sat_out(self, event: nh.SatOut) -> None:
        q = self.t.queue
        q.then(lambda: self.sat_out_view(event.seat))

    def on_hole_card_dealt(self, event: nh.HoleCardDealt) -> None:
        q = self.t.queue
        q.push(self.card_to(event.seat, event.card, hole=True))

    def on_dealer_card_dealt(self, event: nh.DealerCardDealt) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.push(self.card_to(event.seat, event.card, hole=False))
        text = self.t.you(
            "nh.log.dealer_card", seat=name(event.seat), total=half_points(event.total)
        )
        q.then(lambda: self.t.say(text, "bad" if event.bust else "text"))
        if event.bust:
            q.then(lambda: self.t.announce(tw("nh.dealer_bust", seat=name(event.seat)), "bad"))
            q.push(Wait(0.8))

    def on_dealer_ten_bust(self, event: nh.DealerTenBust) -> None:
        q = self.t.queue
        for player, paid in event.paid:
            q.push(self.chips_between(event.seat, player, paid))

    def on_up_card_dealt(self, event: nh.UpCardDealt) -> None:
        q = self.t.queue
        q.push(self.card_to(event.seat, event.card, hole=False))

    def on_hit_taken(self, event: nh.HitTaken) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("nh.log.hit", seat=name(event.seat)), "dim"))

    def on_stayed(self, event: nh.Stayed) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("nh.log.stay", seat=name(event.seat)), "dim"))

    def on_drawing_ended(self, event: nh.DrawingEnded) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(
            lambda: self.t.say(self.t.you(f"nh.log.{event.reason}", seat=name(event.seat)), "dim")
        )

    def on_bet_placed(self, event: nh.BetPlaced) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.push(self.chips_to_stake(event.seat, event.amount))
        q.then(
            lambda: self.t.say(self.t.you("nh.log.bet", seat=name(event.seat), count=event.amount))
        )

    def on_dealer_drew(self, event: nh.DealerDrew) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("nh.log.draw", seat=name(event.seat)), "dim"))

    def on_challenge_settled(self, event: nh.ChallengeSettled) -> None:
        self.animate_challenge(event)

    def on_dealer_stopped(self, event: nh.DealerStopped) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.t.say(self.t.you("nh.log.stop", seat=name(event.seat)), "gold"))

    def on_stake_returned(self, event: nh.StakeReturned) -> None:
        q = self.t.queue
        q.push(self.stake_home(event.seat, event.amount))

    def on_deal_ended(self, event: nh.DealEnded) -> None:
        q = self.t.queue
        q.then(lambda: self.deal_ended_view(event))
        q.push(Wait(0.8))

    def on_match_over(self, event: nh.MatchOver) -> None:
        q = self.t.queue
        q.then(lambda: self.t.announce(tw("nh.match_over"), "gold", 3.0))

    def on_rebought(self, event: nh.Rebought) -> None:
        q = self.t.queue
        name = self.t.seat_name
        q.then(lambda: self.chips.__setitem__(event.seat, self.chips[event.seat] + event.amount))
        q.then(lambda: self.t.log_say("cards.log.rebuy", "dim", seat=name(event.seat)))

    def limit_view(self, limit: int, text: str) -> None:
        self.limit = limit
        self.tell(text, "gold", 1.6)

    def sat_out_view(self, seat: int) -> None:
        self.sat_out[seat] = True
        self.t.say(self.t.you("nh.log.sit_out", seat=self.t.seat_name(seat)), "dim")

    def tell(self, text: str, colour: Shade, seconds: float) -> None:
        """Into the log and across the table."""
        self.t.say(text, colour)
        self.t.announce(text, colour, seconds)

    def clear_hands_view(self) -> None:
        """An empty felt: no stakes, cards, results or seats sitting out."""
        n = self.t.num_seats
        self.stakes = [0] * n
        self.hole = [False] * n
        self.up = [[] for _ in range(n)]
        self.dealer_cards = []
        self.results = [None] * n
        self.sat_out = [False] * n
        self.flip = {}
        self.deal_over = False

    def start_deal_view(self, event: nh.DealStarted) -> None:
        self.deal_no = event.deal
        self.dealer = event.dealer
        self.clear_hands_view()
        text = self.t.you("nh.log.deal", deal=event.deal, seat=self.t.seat_name(event.dealer))
        self.t.say(text, "gold")
        self.t.announce(text, "gold", 1.2)

    def card_to(self, seat: int, code: str | None, hole: bool) -> Tween:
        h = self.t.places.human_card_h if seat == 0 else self.t.places.card_h
        count = len(self.seat_cards(seat))
        back = self.t.card(None, h)
        shown_face = code is not None and (not hole or seat == self.t.human)

        def arrive() -> None:
            if seat == self.dealer:
                assert code is not None
                self.dealer_cards.append(code)
            elif hole:
                self.hole[seat] = code  # None: face down to everyone else
            else:
                assert code is not None
                self.up[seat].append(code)

        # Computed at play time: the fan may have grown since this event was queued.
        target = self.t.places.card_rects(seat, count + 1)[-1].center
        face = self.t.card(code, h) if shown_face else None
        return self.t.fly(back, self.t.places.deck_pos, target, 0.22, arrive, flip_to=face)

    def chips_to_stake(self, seat: int, amount: int) -> Tween:
        image = chip_image(amount, self.t.px(20), self.t.palette_name)

        def moved() -> None:
            self.chips[seat] -= amount
            self.stakes[seat] += amount

        at = self.t.places
        return self.t.fly(image, at.plates[seat].center, at.stake_anchor[seat], 0.3, moved)

    def stake_home(self, seat: int, amount: int) -> Tween:
        image = chip_image(amount, self.t.px(20), self.t.palette_name)

        def home() -> None:
            self.stakes[seat] = 0
            self.chips[seat] += amount

        at = self.t.places
        return self.t.fly(image, at.stake_anchor[seat], at.plates[seat].center, 0.3, home)

    def chips_between(self, payer: int, payee: int, amount: int) -> Tween:
        image = chip_image(amount, self.t.px(20), self.t.palette_name)

        def moved() -> None:
            self.chips[payer] -= amount
            self.chips[payee] += amount

        plates = self.t.places.plates
        return self.t.fly(image, plates[payer].center, plates[payee].center, 0.4, moved)

    def animate_challenge(self, event: nh.ChallengeSettled) -> None:
        q = self.t.queue
        seat = event.seat

        def turn(p: float) -> None:
            self.hole[seat] = event.hole_card if p >= 0.5 else self.hole[seat]
            self.flip[seat] = p

        q.then(lambda: self.t.say(self.t.you("nh.log.challenge", dealer=self.t.seat_name(event.dealer),
                                        seat=self.t.seat_name(seat)), "gold"))  # fmt: skip
        q.push(Tween(0.35, turn, "ease-in-out"))
        text = self.challenge_text(event)
        good = event.player_wins == (seat == self.t.human) or (
            self.t.human == event.dealer and not event.player_wins
        )
        mine = self.t.human in (seat, event.dealer)
        colour: Shade = ("good" if good else "bad") if mine else "gold"
        q.then(lambda: self.tell(text, colour, 1.4))
        stake = self.t.stakes_for(seat)

        def settle() -> None:
            self.results[seat] = event.amount

        if event.player_wins:
            q.push(
                self.chips_between(event.dealer, seat, event.amount)
                if event.amount > 0
                else Wait(0)
            )
            q.push(self.stake_home(seat, stake) if stake else Wait(0))
        else:
            q.push(self.stake_to(seat, event.dealer))
        q.then(settle)
        q.push(Wait(0.5))
        q.then(lambda: self.t.screenshot("challenge"))

    def challenge_text(self, event: nh.ChallengeSettled) -> str:
        """``_challenge_text`` that follows the language (``kit.words``)."""
        return words(lambda: self._challenge_text(event))

    def _challenge_text(self, event: nh.ChallengeSettled) -> str:
        """The line that settles a challenge ("The dealer (8) beat Tesk (bust): −4"), in
        the second person when the player is in it: ``_you`` when they won ("You (7½)
        beat the dealer"), ``_to_you`` when they were beaten ("The dealer (8) beat
        you"), the chips then counted from their side."""
        key = "nh.player_wins" if event.player_wins else "nh.dealer_wins"
        winner, loser = (
            (event.seat, event.dealer) if event.player_wins else (event.dealer, event.seat)
        )
        count = abs(event.amount)
        if winner == self.t.human:
            key += "_you"
        elif loser == self.t.human:
            key += "_to_you"
        return i18n.t(
            key,
            seat=self.t.seat_name(event.seat),
            hand=self.kind_text(event.player_kind, event.player_points, inline=True),
            dealer=self.kind_text(event.dealer_kind, event.dealer_points, inline=True),
            count=count,
        )

    def stake_to(self, seat: int, dealer: int) -> Tween:
        amount = self.t.stakes_for(seat)
        image = chip_image(max(1, amount), self.t.px(20), self.t.palette_name)

        def moved() -> None:
            self.stakes[seat] = 0
            self.chips[dealer] += amount

        at = self.t.places
        return self.t.fly(image, at.stake_anchor[seat], at.plates[dealer].center, 0.4, moved)

    def kind_text(self, kind: str, points: float, inline: bool = False) -> str:
        """A hand's value in words; ``inline`` inside brackets ("bust, 11½", never
        "(bust (11½))")."""
        if inline and kind == "bust":
            return i18n.t("tables.nh_bust_inline", points=half_points(points))
        return self.value_text(nh.HandValue(kind, points, 0))

    def deal_ended_view(self, event: nh.DealEnded) -> None:
        self.deal_over = True  # nothing is hidden any more: the tag goes (hidden_tag_shown)
        self.chips = list(event.chips)
        self.stakes = [0] * self.t.num_seats
        net = event.net[self.t.human]
        colour: Shade
        if net > 0:
            text, colour = tw("nh.deal_won", count=net), "good"
        elif net < 0:
            text, colour = tw("nh.deal_lost", count=-net), "bad"
        else:
            text, colour = tw("nh.deal_even"), "text"
        self.t.say(text, colour)
        self.t.announce(text, colour, 2.0)
