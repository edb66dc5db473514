"""Spike and Coruscant events -> queued steps that change the display model (one
handler per event type, through the kit's ``EventRouter``).

Routing is decided when an event is queued (its animation may play later): a card
drawn right after a seat's discard completes a swap, one drawn during a Sabacc Shift
refills a dissolved hand, any other drawn card is a gain waiting for keep or discard.
The hands dissolved by one Sabacc Shift dissolve together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import i18n, spike_text
from game.rules import sabacc_events as ev
from game.rules import spike_events as sev
from game.rules.base import Event
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import said_again, tw, words
from game.scenes.spike import words as spike_words
from game.scenes.spike.model import SpikeModel
from game.ui.tween import Parallel, Tween, Wait

if TYPE_CHECKING:
    from game.scenes.spike.scene import SpikeTable


class SpikeAnimate:
    """Engine events -> steps on the table's queue; owns the display model (``model``),
    which only these steps change."""

    def __init__(self, table: SpikeTable) -> None:
        self.t = table
        n = table.num_seats
        self.model = SpikeModel(n, table.state, table.coruscant)
        # Queue-time bookkeeping (routing is decided when an event is queued).
        self.incoming = [0] * n  # cards on their way to each seat's row
        self.swap_pending = [False] * n
        self.gain_pending = [False] * n
        self.took_discard = [False] * n
        self.shifting = False  # cards drawn now refill a Sabacc Shift's hands
        self.register_handlers()

    def play(self, events: list[Event]) -> None:
        seen = [event.for_seat(self.t.human) for event in events]
        i = 0
        while i < len(seen):
            event = seen[i]
            self.t.cue_sound(event)
            if isinstance(event, sev.HandDissolved):
                batch = [event]
                while i + 1 < len(seen) and isinstance(seen[i + 1], sev.HandDissolved):
                    i += 1
                    batch.append(seen[i])  # type: ignore[arg-type]
                self.dissolve_hands(batch)
            else:
                self.animate(event)
            i += 1
        self.t.react(seen)

    def animate(self, event: Event) -> None:
        self.t.router.route(event)
        line = self.said(event)
        if line:
            shade: Shade = "gold" if isinstance(event, ev.PotAwarded | sev.PotSplit) else "text"
            if isinstance(event, ev.CardDealt | ev.CardDrawn | ev.AntePaid):
                shade = "dim"
            self.t.queue.then(lambda: self.t.say(line, shade))

    def said(self, event: Event) -> str | None:
        """The log's line for ``event``, said again after a language switch (with this
        hand's target and suit, as they are now)."""
        t, goal = self.t, (self.model.target, self.model.suit)
        return said_again(lambda: spike_words.line(event, t.human, t.coruscant, t.seat_name, goal))

    def register_handlers(self) -> None:
        self.t.router.fallback = lambda event: None
        on = self.t.router.on
        on(ev.HandStarted, self.on_hand_started)
        on(ev.AntePaid, self.on_ante)
        on(ev.CardDealt, self.on_dealt)
        on(sev.DiscardStarted, self.on_discard_started)
        on(ev.RoundStarted, self.on_round)
        on(ev.PhaseStarted, self.on_phase)
        on(ev.Stood, lambda e: self.note(e.seat, "spiketable.note.stand"))
        on(ev.CardDrawn, self.on_drawn)
        on(sev.GainKept, self.on_kept)
        on(ev.CardDiscarded, self.on_discarded)
        on(sev.DiscardTaken, self.on_took_discard)
        on(sev.FeePaid, lambda e: self.t.queue.push(self.chips_to_pot(e.seat, e.amount, "hand")))
        on(sev.Junked, self.on_junked)
        on(ev.Folded, self.on_folded)
        on(ev.Checked, lambda e: self.note(e.seat, "spiketable.note.check"))
        on(ev.BetPlaced, lambda e: self.on_bet(e.seat, e.amount, "spiketable.note.bet"))
        on(ev.Called, lambda e: self.on_bet(e.seat, e.amount, "spiketable.note.call"))
        on(ev.Raised, lambda e: self.on_bet(e.seat, e.amount, "spiketable.note.raise"))
        on(sev.SpikeDiceRolled, self.on_spike_dice)
        on(ev.DeckReshuffled, self.on_reshuffled)
        on(ev.HandRevealed, self.on_revealed)
        on(sev.BlindDraw, self.on_blind)
        on(ev.PotAwarded, self.on_pot_awarded)
        on(sev.PotSplit, self.on_split)
        on(ev.HandEnded, self.on_hand_ended)
        on(
            ev.PlayerOut,
            lambda e: self.t.queue.then(lambda: self.model.in_match.__setitem__(e.seat, False)),
        )
        on(ev.Rebought, self.on_rebought)
        on(ev.MatchEnded, self.on_match_ended)
        on(sev.TargetRolled, self.on_target)
        on(sev.SelectionMade, self.on_selection)
        on(sev.CardsDiscarded, self.on_cards_discarded)
        on(sev.AnteRaised, lambda e: self.t.queue.then(lambda: setattr(self.model, "ante", e.ante)))

    # ------------------------------------------------------------ small steps
    def clear_notes(self) -> None:
        """A new phase: last actions fade, but a seat that folded or junked says so."""
        m = self.model
        m.notes = [note if m.folded[seat] else ("", "text") for seat, note in enumerate(m.notes)]

    def note(self, seat: int, key: str, shade: Shade = "text", **params: Any) -> None:
        text = tw(key, **params)  # said again after a language switch
        self.t.queue.then(lambda: self.model.notes.__setitem__(seat, (text, shade)))

    def chips_to_pot(self, seat: int, amount: int, pot: str, sabacc: int = 0) -> Tween:
        image = chip_image(amount + sabacc, self.t.px(20), self.t.palette_name)

        def moved() -> None:
            self.model.chips[seat] -= amount + sabacc
            if self.t.coruscant:
                self.model.pot += amount
            else:
                self.model.hand_pot += amount
                self.model.sabacc_pot += sabacc

        places = self.t.places
        return self.t.fly(image, places.plates[seat].center, places.pot_pos(pot), 0.25, moved)

    def card_flight(
        self, seat: int, code: str | None, start: tuple[float, float], arrive: Any,
        face_up: bool = False, duration: float = 0.2,
    ) -> Tween:  # fmt: skip
        """A card flying from ``start`` into the seat's row (face up if ``face_up`` or
        it is the player's own)."""
        h = self.t.places.card_height(seat)
        count = len(self.model.seat_cards(seat)) + self.incoming[seat]
        self.incoming[seat] += 1
        target = self.t.places.card_rects(seat, count + 1)[-1].center

        def land() -> None:
            self.incoming[seat] = max(0, self.incoming[seat] - 1)
            arrive()

        shown = code if (face_up or seat == self.t.human) else None
        back = self.t.card(None, h)
        face = self.t.card(shown, h) if shown is not None else None
        return self.t.fly(back, start, target, duration, land, flip_to=face)

    def from_hand(self, seat: int, code: str | None) -> None:
        """Take ``code`` (a face-down card for another seat) out of the seat's row."""
        hand = self.model.hands[seat]
        index = hand.index(code) if code in hand else (hand.index(None) if None in hand else -1)
        if index >= 0:
            hand.pop(index)

    def to_discard(self, code: str, start: tuple[int, int], duration: float = 0.22) -> Tween:
        image = self.t.card(code, self.t.places.pile_h)

        def land() -> None:
            self.model.discards.append(code)

        return self.t.fly(image, start, self.t.places.discard_rect.center, duration, land)

    # ---------------------------------------------------------------- handlers
    def on_hand_started(self, event: ev.HandStarted) -> None:
        self.incoming = [0] * self.t.num_seats
        self.swap_pending = [False] * self.t.num_seats
        self.gain_pending = [False] * self.t.num_seats
        self.took_discard = [False] * self.t.num_seats
        self.shifting = False

        def start() -> None:
            m = self.model
            kept = m.chips, m.in_match, m.hand_pot, m.sabacc_pot, m.pot
            m.clear(self.t.state)
            m.chips, m.in_match, m.hand_pot, m.sabacc_pot, m.pot = kept
            m.game_no = event.hand_no
            m.dealer = event.dealer
            m.discards = []
            key = "spiketable.game_started" if not self.t.coruscant else "spiketable.hand_started"
            self.t.announce(tw(key, number=event.hand_no), "gold", 1.0)

        self.t.queue.then(start)
        self.t.queue.push(Wait(0.3))

    def on_ante(self, event: ev.AntePaid) -> None:
        self.t.queue.push(self.chips_to_pot(event.seat, event.hand_pot, "hand", event.sabacc_pot))

    def on_dealt(self, event: ev.CardDealt) -> None:
        seat, code = event.seat, event.card

        def arrive() -> None:
            self.model.hands[seat].append(code)
            self.model.deck -= 1

        start = self.t.places.deck_rect.center
        duration = 0.12 if self.t.coruscant else 0.18
        self.t.queue.push(self.card_flight(seat, code, start, arrive, duration=duration))

    def on_discard_started(self, event: sev.DiscardStarted) -> None:
        def land() -> None:
            self.model.discards.append(event.card)
            self.model.deck -= 1

        back = self.t.card(None, self.t.places.pile_h)
        face = self.t.card(event.card, self.t.places.pile_h)
        places = self.t.places
        self.t.queue.push(
            self.t.fly(back, places.deck_rect.center, places.discard_rect.center, 0.3, land, face)
        )
        self.t.queue.then(lambda: self.t.screenshot("deal"))

    def on_round(self, event: ev.RoundStarted) -> None:
        self.shifting = False

        def start() -> None:
            self.model.round_no = event.round_no
            self.clear_notes()
            if event.round_no == 1:
                self.model.dice = None  # a new game; later rounds show the last roll, dimmed
            self.model.phase_note = tw("spiketable.round", round=event.round_no)

        self.t.queue.then(start)

    def on_phase(self, event: ev.PhaseStarted) -> None:
        self.shifting = False
        phase = event.phase

        def start() -> None:
            self.clear_notes()
            self.model.phase_note = tw(f"spiketable.phase.{phase}", number=event.number)
            if phase == "shift":
                self.t.announce(tw("spiketable.phase.shift", number=event.number), "info", 1.0)

        self.t.queue.then(start)

    def on_drawn(self, event: ev.CardDrawn) -> None:
        seat, code = event.seat, event.card
        if self.shifting or self.t.coruscant or self.swap_pending[seat]:
            self.swap_pending[seat] = False

            def arrive() -> None:
                self.model.hands[seat].append(code)
                self.model.deck -= 1

            self.t.queue.push(self.card_flight(seat, code, self.t.places.deck_rect.center, arrive))
            return
        # A gain: the card waits beside the hand until kept or discarded.
        self.gain_pending[seat] = True
        h = self.t.places.card_height(seat)

        def held() -> None:
            self.model.gained[seat] = code
            self.model.deck -= 1

        face = self.t.card(code, h) if code is not None else None
        places = self.t.places
        self.t.queue.push(self.t.fly(self.t.card(None, h), places.deck_rect.center,
                                     places.gain_spot(seat), 0.25, held, face))  # fmt: skip
        self.note(seat, "spiketable.note.gain")

    def on_kept(self, event: sev.GainKept) -> None:
        seat = event.seat
        self.gain_pending[seat] = False

        def keep() -> None:
            card = self.model.gained[seat]
            self.model.gained[seat] = False
            self.model.hands[seat].append(card if isinstance(card, str) else None)

        self.t.queue.then(keep)

    def on_discarded(self, event: ev.CardDiscarded) -> None:
        seat, code = event.seat, event.card
        if self.gain_pending[seat]:
            self.gain_pending[seat] = False

            def drop() -> None:
                self.model.gained[seat] = False

            self.t.queue.then(drop)
            self.t.queue.push(self.to_discard(code, self.t.places.gain_spot(seat)))
            self.note(seat, "spiketable.note.gain_drop")
            return
        # After taking the top discard the put-down card ends the swap; otherwise a
        # draw-pile card follows.
        self.swap_pending[seat] = not self.took_discard[seat]
        self.took_discard[seat] = False
        self.t.queue.then(lambda: self.from_hand(seat, code))
        self.t.queue.push(self.to_discard(code, self.t.places.hand_centre(seat)))
        self.note(seat, "spiketable.note.swap")

    def on_took_discard(self, event: sev.DiscardTaken) -> None:
        seat, code = event.seat, event.card
        self.swap_pending[seat] = False
        self.took_discard[seat] = True

        def take() -> None:
            if self.model.discards:
                self.model.discards.pop()

        self.t.queue.then(take)

        def arrive() -> None:
            self.model.hands[seat].append(code if seat == self.t.human else None)

        start = self.t.places.discard_rect.center
        self.t.queue.push(self.card_flight(seat, code, start, arrive, face_up=False))
        self.note(seat, "spiketable.note.swap")

    def on_junked(self, event: sev.Junked) -> None:
        seat = event.seat
        self.t.queue.push(self.scatter(seat, list(event.cards)))
        self.t.queue.then(lambda: self.model.folded.__setitem__(seat, True))
        self.note(seat, "spiketable.note.junk", "bad")

    def scatter(self, seat: int, cards: list[str]) -> Tween:
        """The seat's cards fly face up to the discard pile, all at once."""
        rects = self.t.places.card_rects(seat, max(1, len(self.model.seat_cards(seat))))
        flights: list[Tween] = []
        for i, code in enumerate(cards):
            start = rects[min(i, len(rects) - 1)].center
            flights.append(self.to_discard(code, start, 0.3))
        self.t.queue.then(lambda: self.model.hands.__setitem__(seat, []))
        return Parallel(*flights) if flights else Wait(0)  # type: ignore[return-value]

    def on_folded(self, event: ev.Folded) -> None:
        seat = event.seat

        def fold() -> None:
            self.model.folded[seat] = True
            self.model.hands[seat] = []
            self.model.picks[seat] = []

        self.t.queue.then(fold)
        self.note(seat, "spiketable.note.fold", "bad")
        self.t.queue.push(Wait(0.2))

    def on_bet(self, seat: int, amount: int, key: str) -> None:
        self.t.queue.push(self.chips_to_pot(seat, amount, "hand"))
        self.note(seat, key, "gold", count=amount)

    def on_spike_dice(self, event: sev.SpikeDiceRolled) -> None:
        self.t.queue.push(self.spin_dice((event.first, event.second)))
        self.t.queue.then(lambda: self.t.screenshot("dice"))
        if event.shift:
            self.shifting = True

            def flash(p: float) -> None:
                self.model.shift_flash = 1.0 - p

            self.t.queue.then(lambda: self.t.announce(tw("spiketable.shift"), "info", 1.4))
            self.t.queue.push(Tween(0.5, flash))
        self.t.queue.push(Wait(0.25))

    def spin_dice(self, faces: tuple[int, int]) -> Tween:
        def spin(p: float) -> None:
            self.model.dice_spin = p
            self.model.spin_seed = int(p * 12)

        def roll() -> None:
            self.model.dice = faces
            self.model.dice_round = self.model.round_no

        def settle() -> None:
            roll()
            self.model.dice_spin = 1.0

        self.t.queue.then(roll)
        return Tween(0.6, spin, "ease-out", settle)

    def dissolve_hands(self, batch: list[sev.HandDissolved]) -> None:
        """The Sabacc Shift: every hand turns face up, glows and dissolves together,
        then its cards lie on the discard pile."""
        for event in batch:
            line = self.said(event)
            if line:
                self.t.queue.then(lambda line=line: self.t.say(line, "info"))  # type: ignore[misc]

        def show() -> None:
            for event in batch:
                self.model.hands[event.seat] = list(event.cards)
                self.model.dissolve[event.seat] = 0.0

        def fade(p: float) -> None:
            for event in batch:
                self.model.dissolve[event.seat] = p

        def gone() -> None:
            for event in batch:
                self.model.hands[event.seat] = []
                self.model.discards.extend(event.cards)
            self.model.dissolve = {}

        self.t.queue.then(show)
        self.t.queue.then(lambda: self.t.screenshot("shift"))
        self.t.queue.push(Wait(0.45))
        self.t.queue.push(Tween(0.8, fade, "ease-in", gone))

    def on_reshuffled(self, event: ev.DeckReshuffled) -> None:
        def refill() -> None:
            self.model.deck = event.count
            self.model.discards = self.model.discards[-1:]

        self.t.queue.then(refill)

    def on_revealed(self, event: ev.HandRevealed) -> None:
        seat = event.seat
        # This hand's target and suit, said again after a language switch.
        goal = (self.model.target, self.model.suit)
        text = words(lambda: spike_words.rank_text(event, self.t.coruscant, goal))

        def turn(p: float) -> None:
            self.model.phase_note = tw("spiketable.phase.reveal")
            if p >= 0.5 and not self.model.revealed[seat]:
                self.model.revealed[seat] = True
                if self.t.coruscant:
                    self.model.picks[seat] = list(event.cards)
                    self.model.hands[seat] = []
                else:
                    self.model.hands[seat] = list(event.cards)
                self.model.hand_names[seat] = text
                zero = event.total == 0 or self.t.coruscant
                self.model.label_shade[seat] = "gold" if zero else "text"

        self.t.queue.push(Tween(0.3, turn))
        self.t.queue.push(Wait(0.15))

    def on_blind(self, event: sev.BlindDraw) -> None:
        seat, code = event.seat, event.card
        places = self.t.places
        h = places.card_h
        box = places.hand_boxes[seat]
        spot = (
            (box.centerx, box.bottom + h // 3) if seat != self.t.human else places.gain_spot(seat)
        )
        face = self.t.card(code, h)
        self.t.queue.push(self.t.fly(self.t.card(None, h), places.deck_rect.center, spot, 0.3,
                                     lambda: setattr(self.model, "deck", self.model.deck - 1),
                                     face))  # fmt: skip
        self.t.queue.push(Wait(0.4))
        self.t.queue.push(self.to_discard(code, spot))
        self.note(seat, "spiketable.note.blind", "info")

    def on_pot_awarded(self, event: ev.PotAwarded) -> None:
        seat, amount, pot = event.seat, event.amount, event.pot
        image = chip_image(amount, self.t.px(24), self.t.palette_name)

        def won() -> None:
            self.model.chips[seat] += amount
            self.model.winners.add(seat)
            if self.t.coruscant:
                self.model.pot -= amount
            elif pot == "sabacc":
                self.model.sabacc_pot -= amount
            else:
                self.model.hand_pot -= amount

        places = self.t.places
        self.t.queue.push(
            self.t.fly(image, places.pot_pos(pot), places.plates[seat].center, 0.45, won)
        )

    def on_split(self, event: sev.PotSplit) -> None:
        def split() -> None:
            for seat in event.seats:
                self.model.chips[seat] += event.each
                self.model.winners.add(seat)
            self.model.pot = event.left

        self.t.queue.then(split)

    def on_hand_ended(self, event: ev.HandEnded) -> None:
        winners = event.winners
        names = words(lambda: i18n.join_list(self.t.seat_name(s) for s in winners))
        if event.reason == "split":
            text = tw("spiketable.split", seats=names)
        elif self.t.human in winners:
            text = tw("spiketable.you_won")
        else:
            text = tw("spiketable.won", seat=names)
        shade: Shade = "good" if self.t.human in winners else "gold"

        def end() -> None:
            self.model.winners = set(winners)
            self.model.gained = [False] * self.t.num_seats
            # The hand is won: its last bets and its phase ("Bets 6", "Betting") are over.
            self.clear_notes()
            self.model.phase_note = ""
            self.t.say(text, shade)
            self.t.announce(text, shade, 1.8)

        self.t.queue.then(end)
        self.t.queue.push(Wait(0.6))
        self.t.queue.then(lambda: self.t.screenshot("reveal" if event.reason != "fold" else "fold"))

    def on_rebought(self, event: ev.Rebought) -> None:
        def rebuy() -> None:
            self.model.chips[event.seat] += event.amount
            self.model.in_match[event.seat] = True

        self.t.queue.then(rebuy)

    def on_match_ended(self, event: ev.MatchEnded) -> None:
        self.t.queue.then(lambda: self.t.announce(tw("spiketable.match_over"), "gold", 3.0))

    # ------------------------------------------------------------- Coruscant
    def on_target(self, event: sev.TargetRolled) -> None:
        def spin(p: float) -> None:
            self.model.dice_spin = p
            self.model.spin_seed = int(p * 12)

        def settle() -> None:
            self.model.target, self.model.suit = event.target, event.suit
            self.model.dice_spin = 1.0

        self.t.queue.then(lambda: setattr(self.model, "target", None))
        self.t.queue.push(Tween(0.6, spin, "ease-out", settle))
        target = spike_words.signed(event.target)
        stave = words(lambda: spike_text.stave_name(event.suit))
        self.t.queue.then(lambda: self.t.announce(
            tw("spiketable.target", target=target, stave=stave), "gold", 1.4))  # fmt: skip
        self.t.queue.then(lambda: self.t.screenshot("target"))

    def on_selection(self, event: sev.SelectionMade) -> None:
        seat, number = event.seat, event.number

        def place() -> None:
            picks, hand = self.model.picks[seat], self.model.hands[seat]
            new = len(event.cards) - len(picks)
            if seat == self.t.human:
                for code in event.cards:
                    if code in hand and code not in picks:
                        hand.remove(code)
                        picks.append(code)
                self.t.inputs.toggled = set()
                if number == 1:
                    self.model.locked = len(picks)
            else:
                for _ in range(max(0, new)):
                    if hand:
                        hand.pop()
                    picks.append(None)
            self.model.notes[seat] = (tw("spiketable.note.selected", count=len(picks)), "info")

        self.t.queue.then(place)
        self.t.queue.push(Wait(0.12))

    def on_cards_discarded(self, event: sev.CardsDiscarded) -> None:
        seat = event.seat
        start = self.t.places.hand_centre(seat)

        def take() -> None:
            for code in event.cards:
                self.from_hand(seat, code)

        self.t.queue.then(take)
        flights = [self.to_discard(code, start, 0.25) for code in event.cards]
        if flights:
            self.t.queue.push(Parallel(*flights))
