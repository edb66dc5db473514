"""Kessel events -> queued steps that change the display model (one handler per event
type, through the kit's ``EventRouter``). Every event is redacted for the player
(``Event.for_seat``) before it is animated or put into words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel_cards as kc
from game.rules import kessel_events as ev
from game.rules.base import Event
from game.scenes.kessel.model import FAMILIES, Card, Dice, KesselModel, pair_value
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import said_again, tw, words
from game.ui import kessel_art
from game.ui.tween import Tween, Wait

if TYPE_CHECKING:
    from game.scenes.kessel.scene import KesselTable

# Lines told in the second person when the player acts (``kt.log.<name>_you``).
_YOU_LINES = {ev.Stood: "stand", ev.DrewFromDeck: "draw_deck", ev.DrewFromDiscard: "draw_discard",
              ev.TokenPlayed: "token"}  # fmt: skip


def family_index(family: str) -> int:
    return FAMILIES.index(family)


def sylop_copy(cards: tuple[str, str], markdown: bool) -> tuple[int, int] | None:
    """(the Sylop's family, the value it takes) for a hand with one Sylop; None otherwise."""
    parsed = [kc.parse_code(c) for c in cards]
    sylops = [i for i, (c, _) in enumerate(parsed) if kc.is_sylop(c)]
    if len(sylops) != 1:
        return None
    other_card, other_value = parsed[1 - sylops[0]]
    if markdown:
        return sylops[0], 0
    kind = kc.kind_of(other_card)
    value = other_value if kind == kc.IMPOSTOR else kind
    return sylops[0], int(value or 6)


class KesselAnimate:
    """Engine events -> queued steps that change the display model (``model``)."""

    def __init__(self, table: KesselTable) -> None:
        self.t = table
        self.px = table.px
        self.model = KesselModel.of(table.state, table.human)
        self._cards: dict[tuple[str, int, str], pygame.Surface] = {}
        self.register_handlers()

    def reset(self) -> None:
        """The model from the engine as it stands (a new, resumed or replayed table)."""
        self.model = KesselModel.of(self.t.state, self.t.human)

    def kcard(self, code: str | None, height: int, family: int = -1) -> pygame.Surface:
        """A Kessel card (``None``: its back, in its family's colour when known)."""
        key = (f"{code}|{family}", height, self.t.palette_name)
        image = self._cards.get(key)
        if image is None:
            size = (round(height * 2 / 3), height)
            if code is None:
                image = kessel_art.render_kessel_back(size, self.t.palette_name, family)
            else:
                image = kessel_art.render_kessel_card(code, size, self.t.palette_name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            if len(self._cards) > 600:
                self._cards.clear()
            self._cards[key] = image
        return image

    def play(self, events: list[Event]) -> None:
        shown = [event.for_seat(self.t.human) for event in events]
        for event in shown:
            self.t.cue_sound(event)
            self.animate(event)
        self.t.react(shown)

    def animate(self, event: Event) -> None:
        self.t.router.route(event)
        # Said again in the language of the moment after a switch (the log re-renders).
        words = said_again(lambda: self.words_for(event))
        if words:
            shade: Shade = "dim" if isinstance(event, ev.CardDealt | ev.TurnStarted) else "text"
            self.t.queue.then(lambda: self.t.say(words, shade))

    def words_for(self, event: Event) -> str | None:
        """The log line of ``event`` as the player may read it."""
        name = _YOU_LINES.get(type(event))
        if name is not None and getattr(event, "seat", None) == self.t.human:
            if isinstance(event, ev.TokenPlayed):
                if event.target is None:
                    return i18n.t("kt.log.token_you", token=kt_words.token_name(event.token))
                return i18n.t("kt.log.token_on_you", token=kt_words.token_name(event.token),
                              target=self.t.seat_name(event.target))  # fmt: skip
            if isinstance(event, ev.DrewFromDeck | ev.DrewFromDiscard):
                return i18n.t(f"kt.log.{name}_you", card=kt_words.card_name(event.card),
                              family=kt_words.family_name(event.family))  # fmt: skip
            return i18n.t(f"kt.log.{name}_you")
        if isinstance(event, ev.DiceRolled) and event.seat == self.t.human:
            return i18n.t("kt.log.dice_you", first=event.dice[0], second=event.dice[1])
        if isinstance(event, ev.ImpostorResolved) and event.seat == self.t.human:
            return i18n.t(
                "kt.log.impostor_you", family=kt_words.family_name(event.family), value=event.value
            )
        mine = self.second_person(event)
        if mine is not None:
            return mine
        if isinstance(event, ev.RoundWon) and self.t.human in event.winners:
            others = [self.t.seat_name(s) for s in event.winners if s != self.t.human]
            if not others:
                return i18n.t("kt.log.round_won_you")
            return i18n.t("kt.log.round_won_with_you", winners=i18n.join_list(others))
        if isinstance(event, ev.CardDealt) and event.seat != self.t.human:
            return None  # one line per round for the deal, not one per card
        return kt_words.describe(event, self.t.human, self.t.seat_name)

    def second_person(self, event: Event) -> str | None:
        """The log line of an event about the player, told to them ("You lose your pot")."""
        you, t, name = self.t.human, i18n.t, self.t.seat_name
        if isinstance(event, ev.StartingPlayerDrawn) and event.seat == you:
            return t("kt.log.starting_you")
        if isinstance(event, ev.RoundStarted) and event.starting == you:
            return t("kt.log.round_you", round=event.round_no)
        if isinstance(event, ev.CardDiscarded) and event.seat == you:
            key = "kt.log.kept_you" if event.kept_drawn else "kt.log.returned_you"
            return t(key, card=kt_words.card_name(event.card))
        if isinstance(event, ev.ChipsMoved):
            if event.reason == "embezzlement":
                if event.dest_seat == you:
                    return t("kt.log.embezzled_you", seat=name(event.seat))
                if event.seat == you:
                    return t("kt.log.embezzled_from_you", dest=name(event.dest_seat))
            elif event.seat == you and event.reason == "won":
                return t("kt.log.pot_back_you", count=event.amount)
            elif event.seat == you and event.source == "pot" and event.dest == "stock":
                return t("kt.log.refund_you", count=event.amount)
        if isinstance(event, ev.ChipsDestroyed) and event.seat == you:
            return t(f"kt.log.destroyed_you.{event.reason}", count=event.amount)
        if isinstance(event, ev.PlayerOut) and event.seat == you:
            return t("kt.log.out_you")
        if isinstance(event, ev.RuleChanged) and event.rule == "immunity" and event.seat == you:
            return t("kt.log.immune_you")
        if isinstance(event, ev.Embargoed) and event.seat == you:
            return t("kt.log.embargo_you")
        if isinstance(event, ev.HandExhausted):
            if event.seat == you:
                return t("kt.log.exhausted_you", by=name(event.by))
            if event.by == you:
                return t("kt.log.exhausted_by_you", seat=name(event.seat))
        if isinstance(event, ev.HandsSwapped) and you in (event.seat, event.other):
            other = event.other if event.seat == you else event.seat
            return t("kt.log.swapped_you", other=name(other))
        if isinstance(event, ev.GameWon) and event.winners == (you,):
            return t("kt.log.game_won_you", count=event.credits)
        return None

    def register_handlers(self) -> None:
        self.t.router.fallback = lambda event: None
        on = self.t.router.on
        on(ev.StartingPlayerDrawn, self.on_starting)
        on(ev.TokensChosen, self.on_tokens_chosen)
        on(ev.TokenDrafted, self.on_token_drafted)
        on(ev.RoundStarted, self.on_round_started)
        on(ev.CardDealt, self.on_card_dealt)
        on(ev.DiscardStarted, self.on_discard_started)
        on(ev.PileReshuffled, self.on_reshuffled)
        on(ev.TurnStarted, self.on_turn_started)
        on(ev.TokenPlayed, self.on_token_played)
        on(ev.ChipsMoved, self.on_chips_moved)
        on(ev.ChipsDestroyed, self.on_chips_destroyed)
        on(ev.Stood, self.on_stood)
        on(ev.DrewFromDeck, self.on_drew_deck)
        on(ev.DrewFromDiscard, self.on_drew_discard)
        on(ev.CardDiscarded, self.on_card_discarded)
        on(ev.Embargoed, self.on_embargoed)
        on(ev.HandExhausted, self.on_exhausted)
        on(ev.HandsSwapped, self.on_swapped)
        on(ev.HandReceived, self.on_received)
        on(ev.RuleChanged, self.on_rule_changed)
        on(ev.DiceRolled, self.on_dice_rolled)
        on(ev.ImpostorResolved, self.on_impostor)
        on(ev.HandsRevealed, self.on_revealed)
        on(ev.HandRanked, self.on_ranked)
        on(ev.RoundWon, self.on_round_won)
        on(ev.PlayerOut, self.on_player_out)
        on(ev.Rebought, self.on_rebought)
        on(ev.GameWon, self.on_game_won)

    # ------------------------------------------------------------------ helpers
    def tell(self, text: str, shade: Shade, seconds: float) -> None:
        # As long as the moment it belongs to, at the table's speed.
        self.t.announce(text, shade, seconds / max(1.0, self.t.queue.speed))

    def flash(self, seat: int, seconds: float = 0.6) -> Tween:
        """A ring pulsing round ``seat``'s plate (a token aimed at them)."""

        def pulse(p: float) -> None:
            if p >= 1.0:
                self.model.hit.pop(seat, None)
            else:
                self.model.hit[seat] = p

        return Tween(seconds, pulse, "linear")

    def chips_fly(self, start: tuple[int, int], end: tuple[int, int], amount: int,
                  done: object) -> Tween:  # fmt: skip
        image = chip_image(max(1, amount), self.px(20), self.t.palette_name)
        return self.t.fly(image, start, end, 0.3, done)  # type: ignore[arg-type]

    def place_of(self, seat: int, where: str) -> tuple[int, int]:
        return (
            self.t.places.plates[seat].center
            if where == "stock"
            else self.t.places.pot_anchor(seat)
        )

    # ----------------------------------------------------------------- handlers
    def on_starting(self, event: ev.StartingPlayerDrawn) -> None:
        self.t.queue.then(lambda: setattr(self.model, "starting", event.seat))

    def on_tokens_chosen(self, event: ev.TokensChosen) -> None:
        def chosen() -> None:
            self.model.token_counts[event.seat] = len(event.tokens) if event.tokens else 3
            if event.seat == self.t.human and event.tokens and None not in event.tokens:
                self.model.my_tokens = list(event.tokens)
                self.t.inputs.picked = []

        self.t.queue.then(chosen)

    def on_token_drafted(self, event: ev.TokenDrafted) -> None:
        def drafted() -> None:
            self.model.token_counts[event.seat] += 1
            if event.seat == self.t.human:
                self.model.my_tokens.append(event.token)

        self.t.queue.then(drafted)

    def on_round_started(self, event: ev.RoundStarted) -> None:
        def start() -> None:
            self.model.new_round(event.round_no, event.starting)
            key = "kt.round_banner_you" if event.starting == self.t.human else "kt.round_banner"
            self.tell(
                tw(key, round=event.round_no, seat=self.t.seat_name(event.starting)), "gold", 1.2
            )

        self.t.queue.then(start)
        self.t.queue.push(Wait(0.3))

    def on_card_dealt(self, event: ev.CardDealt) -> None:
        places = self.t.places
        fam = family_index(event.family)
        seat = event.seat
        h = places.human_card_h if seat == self.t.human else places.card_h
        back = self.kcard(None, h, fam)
        face = self.kcard(event.card, h) if event.card is not None else None
        pile = places.piles[event.family].center

        def arrive() -> None:
            self.model.hands[seat][fam] = event.card

        target = places.card_rects(seat)[fam].center
        self.t.queue.push(self.t.fly(back, pile, target, 0.16, arrive, flip_to=face))

    def on_discard_started(self, event: ev.DiscardStarted) -> None:
        places = self.t.places
        fam = family_index(event.family)
        back = self.kcard(None, places.pile_h, fam)
        face = self.kcard(event.card, places.pile_h)
        start = places.piles[event.family].center
        end = places.piles[f"{event.family}-discard"].center
        self.t.queue.push(self.t.fly(back, start, end, 0.2, lambda: self.model.discards[fam].append(event.card),
                                 flip_to=face))  # fmt: skip
        self.t.queue.then(lambda: self.t.screenshot(f"deal-{min(self.model.round_no, 2)}"))

    def on_reshuffled(self, event: ev.PileReshuffled) -> None:
        fam = family_index(event.family)
        self.t.queue.then(
            lambda: self.model.discards.__setitem__(fam, self.model.discards[fam][-1:])
        )

    def on_turn_started(self, event: ev.TurnStarted) -> None:
        def turn() -> None:
            self.model.turn = event.turn
            self.model.latest = [None] * self.t.num_seats

        self.t.queue.then(turn)

    def on_token_played(self, event: ev.TokenPlayed) -> None:
        places = self.t.places
        seat, token = event.seat, event.token
        chip = kessel_art.render_token_chip(token, self.px(40), self.t.palette_name)
        start = places.token_anchor(seat)
        if seat == self.t.human and token in self.model.my_tokens:
            start = places.token_rects_mine[self.model.my_tokens.index(token)].center
        end = (
            places.plates[event.target].center
            if event.target is not None
            else places.centre_box.center
        )

        def landed() -> None:
            self.model.token_counts[seat] = max(0, self.model.token_counts[seat] - 1)
            self.model.round_tokens[seat].append(token)
            self.model.spent[seat].append(token)
            if seat == self.t.human and token in self.model.my_tokens:
                self.model.my_tokens.remove(token)
            self.t.inputs.targeting = None

        name = words(lambda: kt_words.token_name(token))
        if event.target is None:
            text = tw("kt.token_banner", seat=self.t.seat_name(seat), token=name)
        else:
            text = tw("kt.token_banner_on", seat=self.t.seat_name(seat), token=name,
                      target=self.t.seat_name(event.target))  # fmt: skip
        self.t.queue.then(lambda: self.tell(text, "gold", 1.6))
        self.t.queue.push(self.t.fly(chip, start, end, 0.45, landed))
        if event.target is not None:
            self.t.queue.push(self.flash(event.target))
        self.t.queue.then(lambda: self.t.screenshot("token"))

    def on_chips_moved(self, event: ev.ChipsMoved) -> None:
        start = self.place_of(event.seat, event.source)
        end = self.place_of(event.dest_seat, event.dest)

        def moved() -> None:
            if event.source == "stock":
                self.model.chips[event.seat] -= event.amount
            else:
                self.model.pots[event.seat] -= event.amount
            if event.dest == "stock":
                self.model.chips[event.dest_seat] += event.amount
            else:
                self.model.pots[event.dest_seat] += event.amount

        self.t.queue.push(self.chips_fly(start, end, event.amount, moved))

    def on_chips_destroyed(self, event: ev.ChipsDestroyed) -> None:
        start = self.place_of(event.seat, event.source)
        end = (start[0], start[1] - self.px(40))

        def gone() -> None:
            if event.source == "stock":
                self.model.chips[event.seat] -= event.amount
            else:
                self.model.pots[event.seat] -= event.amount

        self.t.queue.push(self.chips_fly(start, end, event.amount, gone))
        if event.reason in ("tariff", "audit"):
            self.t.queue.push(self.flash(event.seat, 0.4))

    def pay_draw(self, seat: int, paid: int) -> None:
        if not paid:
            return

        def moved() -> None:
            self.model.chips[seat] -= paid
            self.model.pots[seat] += paid

        self.t.queue.push(
            self.chips_fly(
                self.t.places.plates[seat].center, self.t.places.pot_anchor(seat), paid, moved
            )
        )

    def on_stood(self, event: ev.Stood) -> None:
        self.t.queue.then(lambda: self.model.latest.__setitem__(event.seat, "stand"))

    def on_drew_deck(self, event: ev.DrewFromDeck) -> None:
        places = self.t.places
        seat, fam = event.seat, family_index(event.family)
        self.model.queued_draw.add(seat)
        self.pay_draw(seat, event.paid)
        h = places.human_card_h if seat == self.t.human else places.card_h
        back = self.kcard(None, h, fam)
        face = self.kcard(event.card, h) if event.card is not None else None

        def arrive() -> None:
            self.model.latest[seat] = "draw"
            self.model.drawn[seat] = (event.card, fam)

        self.t.queue.push(self.t.fly(back, places.piles[event.family].center,
                                 places.drawn_place(seat).center, 0.25, arrive, flip_to=face))  # fmt: skip

    def on_drew_discard(self, event: ev.DrewFromDiscard) -> None:
        places = self.t.places
        seat, fam = event.seat, family_index(event.family)
        self.model.queued_draw.add(seat)
        self.pay_draw(seat, event.paid)
        h = places.human_card_h if seat == self.t.human else places.card_h
        image = self.kcard(event.card, h)

        def lift() -> None:
            if self.model.discards[fam]:
                self.model.discards[fam].pop()

        def arrive() -> None:
            self.model.latest[seat] = "draw"
            self.model.drawn[seat] = (event.card, fam)

        self.t.queue.then(lift)
        self.t.queue.push(self.t.fly(image, places.piles[f"{event.family}-discard"].center,
                                 places.drawn_place(seat).center, 0.25, arrive))  # fmt: skip

    def on_card_discarded(self, event: ev.CardDiscarded) -> None:
        places = self.t.places
        seat, fam = event.seat, family_index(event.family)
        h = places.pile_h
        face = self.kcard(event.card, h)
        pile = places.piles[f"{event.family}-discard"].center

        after_draw = seat in self.model.queued_draw
        self.model.queued_draw.discard(seat)

        def lift() -> None:
            pending = self.model.drawn.pop(seat, None)
            if not after_draw:
                self.model.hands[seat][fam] = False  # an Exhaustion empties the hand
            elif event.kept_drawn and pending is not None:
                self.model.hands[seat][fam] = pending[0]  # None: face down to the player

        rects = places.card_rects(seat)
        begin = (
            rects[fam].center
            if event.kept_drawn or not after_draw
            else places.drawn_place(seat).center
        )
        self.t.queue.then(lift)
        self.t.queue.push(
            self.t.fly(face, begin, pile, 0.22, lambda: self.model.discards[fam].append(event.card))
        )

    def on_embargoed(self, event: ev.Embargoed) -> None:
        self.t.queue.then(lambda: self.model.embargoed.__setitem__(event.seat, True))
        self.t.queue.push(self.flash(event.seat))

    def on_exhausted(self, event: ev.HandExhausted) -> None:
        self.t.queue.push(self.flash(event.seat))

    def on_swapped(self, event: ev.HandsSwapped) -> None:
        a, b = event.seat, event.other

        def swap(p: float) -> None:
            self.model.swap_p = p
            self.model.swapping = (a, b) if p < 1.0 else None
            if p >= 1.0:
                ha: list[Card] = [c if c is False else None for c in self.model.hands[a]]
                hb: list[Card] = [c if c is False else None for c in self.model.hands[b]]
                # Both hands are face down to the player but their own, which
                # HandReceived shows next.
                self.model.hands[a], self.model.hands[b] = hb, ha

        self.t.queue.push(Tween(0.5, swap, "ease-in-out"))
        self.t.queue.push(self.flash(b))

    def on_received(self, event: ev.HandReceived) -> None:
        if event.seat != self.t.human or any(c is None for c in event.cards):
            return
        self.t.queue.then(lambda: self.model.hands.__setitem__(self.t.human, list(event.cards)))

    def on_rule_changed(self, event: ev.RuleChanged) -> None:
        def changed() -> None:
            if event.rule == "immunity":
                self.model.immune[event.seat] = True
            else:
                self.model.rules[event.rule] = event.value
            if self.model.dice is not None and self.model.dice.purpose == "prime":
                self.model.dice.chosen = event.value

        self.t.queue.then(changed)
        self.t.queue.push(Wait(0.3))

    def on_dice_rolled(self, event: ev.DiceRolled) -> None:
        def roll(p: float) -> None:
            if p == 0 or self.model.dice is None:
                self.t.banner_left = min(self.t.banner_left, 0.2)  # the dice need the centre
            if (
                self.model.dice is None
                or self.model.dice.faces != event.dice
                or self.model.dice.seat != event.seat
            ):
                self.model.dice = Dice(event.seat, event.dice, event.purpose)
            self.model.dice.roll = p

        self.t.queue.push(Tween(0.6, roll, "linear"))
        self.t.queue.then(lambda: self.t.screenshot(f"dice-{event.purpose}"))

    def on_impostor(self, event: ev.ImpostorResolved) -> None:
        fam = family_index(event.family)

        def chosen() -> None:
            if self.model.dice is not None:
                self.model.dice.chosen = event.value
            code = self.model.hands[event.seat][fam]
            if isinstance(code, str):
                self.model.hands[event.seat][fam] = f"{code.split(':')[0]}:{event.value}"

        self.t.queue.then(chosen)
        self.t.queue.push(Wait(0.45))

    def on_revealed(self, event: ev.HandsRevealed) -> None:
        def turn(p: float) -> None:
            self.model.reveal_p = p
            self.model.revealing = p < 1.0
            if p >= 0.5:
                # The hands are shown: the turns are over, and so is each seat's last
                # move ("Stood"); the round's facts say only the round.
                self.model.hands_shown = True
                self.model.latest = [None] * self.t.num_seats
                for seat, cards in enumerate(event.hands):
                    if cards is not None:
                        for fam in (0, 1):
                            if self.model.hands[seat][fam] is None or seat == self.t.human:
                                self.model.hands[seat][fam] = cards[fam]
            if p >= 1.0:
                self.model.drawn = {}

        self.t.queue.push(Tween(0.5, turn, "ease-in-out"))
        self.t.queue.then(lambda: self.t.screenshot("reveal"))

    def on_ranked(self, event: ev.HandRanked) -> None:
        seat = event.seat
        copy = sylop_copy(event.cards, "markdown" in self.model.rules)

        def ranked() -> None:
            self.model.hands[seat] = list(event.cards)
            pair = pair_value(event.cards, "major-fraud" in self.model.rules)
            self.model.ranks[seat] = (event.rank_kind, event.total, pair)
            self.model.dice = None

        self.t.queue.then(ranked)
        if copy is not None:
            fam, value = copy

            def glow(p: float) -> None:
                self.model.flourish[(seat, fam)] = (p, value)

            self.t.queue.push(Tween(0.8, glow, "ease-out"))
            self.t.queue.then(lambda: self.t.screenshot("sylop"))

    def on_round_won(self, event: ev.RoundWon) -> None:
        def won() -> None:
            self.model.winners = event.winners
            names = words(lambda: i18n.join_list(self.t.seat_name(s) for s in event.winners))
            mine = self.t.human in event.winners
            key = "kt.round_won_you" if mine else "kt.round_won"
            self.tell(tw(key, winners=names), "good" if mine else "gold", 2.2)

        self.t.queue.then(won)
        self.t.queue.push(Wait(0.5))

    def on_player_out(self, event: ev.PlayerOut) -> None:
        self.t.queue.then(lambda: self.model.in_game.__setitem__(event.seat, False))

    def on_rebought(self, event: ev.Rebought) -> None:
        def back() -> None:
            self.model.chips[event.seat] += event.amount
            self.model.in_game[event.seat] = True

        self.t.queue.then(back)

    def on_game_won(self, event: ev.GameWon) -> None:
        def won() -> None:
            self.model.game_winners = event.winners
            names = words(lambda: i18n.join_list(self.t.seat_name(s) for s in event.winners))
            mine = self.t.human in event.winners
            key = "kt.game_won_you" if mine else "kt.game_won"
            self.tell(tw(key, winners=names, count=event.credits), "good" if mine else "gold", 3.0)

        self.t.queue.then(won)
        self.t.queue.push(Wait(0.6))
