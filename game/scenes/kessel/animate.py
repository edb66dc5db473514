"""Kessel events -> queued steps that change the display model (one handler per event
type, through the kit's ``EventRouter``). Every event is redacted for the player
(``Event.for_seat``) before it is animated or put into words."""

from __future__ import annotations

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel_cards as kc
from game.rules import kessel_events as ev
from game.rules.base import Event
from game.scenes.kessel.base import FAMILIES, Card, Dice
from game.scenes.kessel.layout import KesselLayout
from game.scenes.kit.ink import Shade
from game.scenes.kit.table import chip_image
from game.scenes.kit.words import said_again, tw, words
from game.ui import kessel_art
from game.ui.tween import Tween, Wait

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


def pair_value(cards: tuple[str, str] | list[str], fraud: bool = False) -> int:
    """The value of a Sabacc pair ("s-sylop", "b-imp:4" -> 4); 0 for two Sylops."""
    values = []
    for code in cards:
        card, value = kc.parse_code(code)
        kind = kc.kind_of(card)
        if kind == kc.IMPOSTOR:
            values.append(6 if fraud or value is None else value)
        elif kind != kc.SYLOP:
            values.append(kind)
    return values[0] if values else 0


class KesselAnimate(KesselLayout):
    def kcard(self, code: str | None, height: int, family: int = -1) -> pygame.Surface:
        """A Kessel card (``None``: its back, in its family's colour when known)."""
        key = (f"{code}|{family}", height, self.palette_name)
        image = self._card_cache.get(key)
        if image is None:
            size = (round(height * 2 / 3), height)
            if code is None:
                image = kessel_art.render_kessel_back(size, self.palette_name, family)
            else:
                image = kessel_art.render_kessel_card(code, size, self.palette_name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            if len(self._card_cache) > 600:
                self._card_cache.clear()
            self._card_cache[key] = image
        return image

    def play(self, events: list[Event]) -> None:
        shown = [event.for_seat(self.human) for event in events]
        for event in shown:
            self.cue_sound(event)
            self.animate(event)
        self.react(shown)

    def animate(self, event: Event) -> None:
        self.router.route(event)
        # Said again in the language of the moment after a switch (the log re-renders).
        words = said_again(lambda: self.words_for(event))
        if words:
            shade: Shade = "dim" if isinstance(event, ev.CardDealt | ev.TurnStarted) else "text"
            self.queue.then(lambda: self.say(words, shade))

    def words_for(self, event: Event) -> str | None:
        """The log line of ``event`` as the player may read it."""
        name = _YOU_LINES.get(type(event))
        if name is not None and getattr(event, "seat", None) == self.human:
            if isinstance(event, ev.TokenPlayed):
                if event.target is None:
                    return i18n.t("kt.log.token_you", token=kt_words.token_name(event.token))
                return i18n.t("kt.log.token_on_you", token=kt_words.token_name(event.token),
                              target=self.seat_name(event.target))  # fmt: skip
            if isinstance(event, ev.DrewFromDeck | ev.DrewFromDiscard):
                return i18n.t(f"kt.log.{name}_you", card=kt_words.card_name(event.card),
                              family=kt_words.family_name(event.family))  # fmt: skip
            return i18n.t(f"kt.log.{name}_you")
        if isinstance(event, ev.DiceRolled) and event.seat == self.human:
            return i18n.t("kt.log.dice_you", first=event.dice[0], second=event.dice[1])
        if isinstance(event, ev.ImpostorResolved) and event.seat == self.human:
            return i18n.t(
                "kt.log.impostor_you", family=kt_words.family_name(event.family), value=event.value
            )
        mine = self.second_person(event)
        if mine is not None:
            return mine
        if isinstance(event, ev.RoundWon) and self.human in event.winners:
            others = [self.seat_name(s) for s in event.winners if s != self.human]
            if not others:
                return i18n.t("kt.log.round_won_you")
            return i18n.t("kt.log.round_won_with_you", winners=i18n.join_list(others))
        if isinstance(event, ev.CardDealt) and event.seat != self.human:
            return None  # one line per round for the deal, not one per card
        return kt_words.describe(event, self.human, self.seat_name)

    def second_person(self, event: Event) -> str | None:
        """The log line of an event about the player, told to them ("You lose your pot")."""
        you, t, name = self.human, i18n.t, self.seat_name
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
        self.router.fallback = lambda event: None
        on = self.router.on
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
        self.announce(text, shade, seconds / max(1.0, self.queue.speed))

    def flash(self, seat: int, seconds: float = 0.6) -> Tween:
        """A ring pulsing round ``seat``'s plate (a token aimed at them)."""

        def pulse(p: float) -> None:
            if p >= 1.0:
                self.hit.pop(seat, None)
            else:
                self.hit[seat] = p

        return Tween(seconds, pulse, "linear")

    def chips_fly(self, start: tuple[int, int], end: tuple[int, int], amount: int,
                  done: object) -> Tween:  # fmt: skip
        image = chip_image(max(1, amount), self.px(20), self.palette_name)
        return self.fly(image, start, end, 0.3, done)  # type: ignore[arg-type]

    def place_of(self, seat: int, where: str) -> tuple[int, int]:
        return self.plates[seat].center if where == "stock" else self.pot_anchor(seat)

    def drawn_place(self, seat: int) -> pygame.Rect:
        if seat == self.human:
            return self.drawn_rect
        rects = self.card_rects(seat)
        return rects[1].move(rects[1].width // 2, -self.px(12))

    # ----------------------------------------------------------------- handlers
    def on_starting(self, event: ev.StartingPlayerDrawn) -> None:
        self.queue.then(lambda: setattr(self, "starting", event.seat))

    def on_tokens_chosen(self, event: ev.TokensChosen) -> None:
        def chosen() -> None:
            self.token_counts[event.seat] = len(event.tokens) if event.tokens else 3
            if event.seat == self.human and event.tokens and None not in event.tokens:
                self.my_tokens = list(event.tokens)
                self.picked = []

        self.queue.then(chosen)

    def on_token_drafted(self, event: ev.TokenDrafted) -> None:
        def drafted() -> None:
            self.token_counts[event.seat] += 1
            if event.seat == self.human:
                self.my_tokens.append(event.token)

        self.queue.then(drafted)

    def on_round_started(self, event: ev.RoundStarted) -> None:
        def start() -> None:
            n = self.num_seats
            self.round_no, self.starting, self.turn = event.round_no, event.starting, 0
            self.hands = [[False, False] for _ in range(n)]
            self.drawn = {}
            self.discards = [[], []]
            self.ranks = [None] * n
            self.winners = ()
            self.rules = {}
            self.immune = [False] * n
            self.embargoed = [False] * n
            self.round_tokens = [[] for _ in range(n)]
            self.latest = [None] * n
            self.dice = None
            self.flourish = {}
            self.revealing = False
            self.hands_shown = False
            key = "kt.round_banner_you" if event.starting == self.human else "kt.round_banner"
            self.tell(
                tw(key, round=event.round_no, seat=self.seat_name(event.starting)), "gold", 1.2
            )

        self.queue.then(start)
        self.queue.push(Wait(0.3))

    def on_card_dealt(self, event: ev.CardDealt) -> None:
        fam = family_index(event.family)
        seat = event.seat
        h = self.human_card_h if seat == self.human else self.card_h
        back = self.kcard(None, h, fam)
        face = self.kcard(event.card, h) if event.card is not None else None
        pile = self.piles[event.family].center

        def arrive() -> None:
            self.hands[seat][fam] = event.card

        target = self.card_rects(seat)[fam].center
        self.queue.push(self.fly(back, pile, target, 0.16, arrive, flip_to=face))

    def on_discard_started(self, event: ev.DiscardStarted) -> None:
        fam = family_index(event.family)
        back = self.kcard(None, self.pile_h, fam)
        face = self.kcard(event.card, self.pile_h)
        start = self.piles[event.family].center
        end = self.piles[f"{event.family}-discard"].center
        self.queue.push(self.fly(back, start, end, 0.2, lambda: self.discards[fam].append(event.card),
                                 flip_to=face))  # fmt: skip
        self.queue.then(lambda: self.screenshot(f"deal-{min(self.round_no, 2)}"))

    def on_reshuffled(self, event: ev.PileReshuffled) -> None:
        fam = family_index(event.family)
        self.queue.then(lambda: self.discards.__setitem__(fam, self.discards[fam][-1:]))

    def on_turn_started(self, event: ev.TurnStarted) -> None:
        def turn() -> None:
            self.turn = event.turn
            self.latest = [None] * self.num_seats

        self.queue.then(turn)

    def on_token_played(self, event: ev.TokenPlayed) -> None:
        seat, token = event.seat, event.token
        chip = kessel_art.render_token_chip(token, self.px(40), self.palette_name)
        start = self.token_anchor(seat)
        if seat == self.human and token in self.my_tokens:
            start = self.token_rects_mine[self.my_tokens.index(token)].center
        end = (
            self.plates[event.target].center if event.target is not None else self.centre_box.center
        )

        def landed() -> None:
            self.token_counts[seat] = max(0, self.token_counts[seat] - 1)
            self.round_tokens[seat].append(token)
            self.spent[seat].append(token)
            if seat == self.human and token in self.my_tokens:
                self.my_tokens.remove(token)
            self.targeting = None

        name = words(lambda: kt_words.token_name(token))
        if event.target is None:
            text = tw("kt.token_banner", seat=self.seat_name(seat), token=name)
        else:
            text = tw("kt.token_banner_on", seat=self.seat_name(seat), token=name,
                      target=self.seat_name(event.target))  # fmt: skip
        self.queue.then(lambda: self.tell(text, "gold", 1.6))
        self.queue.push(self.fly(chip, start, end, 0.45, landed))
        if event.target is not None:
            self.queue.push(self.flash(event.target))
        self.queue.then(lambda: self.screenshot("token"))

    def on_chips_moved(self, event: ev.ChipsMoved) -> None:
        start = self.place_of(event.seat, event.source)
        end = self.place_of(event.dest_seat, event.dest)

        def moved() -> None:
            if event.source == "stock":
                self.chips[event.seat] -= event.amount
            else:
                self.pots[event.seat] -= event.amount
            if event.dest == "stock":
                self.chips[event.dest_seat] += event.amount
            else:
                self.pots[event.dest_seat] += event.amount

        self.queue.push(self.chips_fly(start, end, event.amount, moved))

    def on_chips_destroyed(self, event: ev.ChipsDestroyed) -> None:
        start = self.place_of(event.seat, event.source)
        end = (start[0], start[1] - self.px(40))

        def gone() -> None:
            if event.source == "stock":
                self.chips[event.seat] -= event.amount
            else:
                self.pots[event.seat] -= event.amount

        self.queue.push(self.chips_fly(start, end, event.amount, gone))
        if event.reason in ("tariff", "audit"):
            self.queue.push(self.flash(event.seat, 0.4))

    def pay_draw(self, seat: int, paid: int) -> None:
        if not paid:
            return

        def moved() -> None:
            self.chips[seat] -= paid
            self.pots[seat] += paid

        self.queue.push(
            self.chips_fly(self.plates[seat].center, self.pot_anchor(seat), paid, moved)
        )

    def on_stood(self, event: ev.Stood) -> None:
        self.queue.then(lambda: self.latest.__setitem__(event.seat, "stand"))

    def on_drew_deck(self, event: ev.DrewFromDeck) -> None:
        seat, fam = event.seat, family_index(event.family)
        self.queued_draw.add(seat)
        self.pay_draw(seat, event.paid)
        h = self.human_card_h if seat == self.human else self.card_h
        back = self.kcard(None, h, fam)
        face = self.kcard(event.card, h) if event.card is not None else None

        def arrive() -> None:
            self.latest[seat] = "draw"
            self.drawn[seat] = (event.card, fam)

        self.queue.push(self.fly(back, self.piles[event.family].center,
                                 self.drawn_place(seat).center, 0.25, arrive, flip_to=face))  # fmt: skip

    def on_drew_discard(self, event: ev.DrewFromDiscard) -> None:
        seat, fam = event.seat, family_index(event.family)
        self.queued_draw.add(seat)
        self.pay_draw(seat, event.paid)
        h = self.human_card_h if seat == self.human else self.card_h
        image = self.kcard(event.card, h)

        def lift() -> None:
            if self.discards[fam]:
                self.discards[fam].pop()

        def arrive() -> None:
            self.latest[seat] = "draw"
            self.drawn[seat] = (event.card, fam)

        self.queue.then(lift)
        self.queue.push(self.fly(image, self.piles[f"{event.family}-discard"].center,
                                 self.drawn_place(seat).center, 0.25, arrive))  # fmt: skip

    def on_card_discarded(self, event: ev.CardDiscarded) -> None:
        seat, fam = event.seat, family_index(event.family)
        h = self.pile_h
        face = self.kcard(event.card, h)
        pile = self.piles[f"{event.family}-discard"].center

        after_draw = seat in self.queued_draw
        self.queued_draw.discard(seat)

        def lift() -> None:
            pending = self.drawn.pop(seat, None)
            if not after_draw:
                self.hands[seat][fam] = False  # an Exhaustion empties the hand
            elif event.kept_drawn and pending is not None:
                self.hands[seat][fam] = pending[0]  # None: face down to the player

        rects = self.card_rects(seat)
        begin = (
            rects[fam].center
            if event.kept_drawn or not after_draw
            else self.drawn_place(seat).center
        )
        self.queue.then(lift)
        self.queue.push(
            self.fly(face, begin, pile, 0.22, lambda: self.discards[fam].append(event.card))
        )

    def on_embargoed(self, event: ev.Embargoed) -> None:
        self.queue.then(lambda: self.embargoed.__setitem__(event.seat, True))
        self.queue.push(self.flash(event.seat))

    def on_exhausted(self, event: ev.HandExhausted) -> None:
        self.queue.push(self.flash(event.seat))

    def on_swapped(self, event: ev.HandsSwapped) -> None:
        a, b = event.seat, event.other

        def swap(p: float) -> None:
            self.swap_p = p
            self.swapping = (a, b) if p < 1.0 else None
            if p >= 1.0:
                ha: list[Card] = [c if c is False else None for c in self.hands[a]]
                hb: list[Card] = [c if c is False else None for c in self.hands[b]]
                # Both hands are face down to the player but their own, which
                # HandReceived shows next.
                self.hands[a], self.hands[b] = hb, ha

        self.queue.push(Tween(0.5, swap, "ease-in-out"))
        self.queue.push(self.flash(b))

    def on_received(self, event: ev.HandReceived) -> None:
        if event.seat != self.human or any(c is None for c in event.cards):
            return
        self.queue.then(lambda: self.hands.__setitem__(self.human, list(event.cards)))

    def on_rule_changed(self, event: ev.RuleChanged) -> None:
        def changed() -> None:
            if event.rule == "immunity":
                self.immune[event.seat] = True
            else:
                self.rules[event.rule] = event.value
            if self.dice is not None and self.dice.purpose == "prime":
                self.dice.chosen = event.value

        self.queue.then(changed)
        self.queue.push(Wait(0.3))

    def on_dice_rolled(self, event: ev.DiceRolled) -> None:
        def roll(p: float) -> None:
            if p == 0 or self.dice is None:
                self.banner_left = min(self.banner_left, 0.2)  # the dice need the centre
            if self.dice is None or self.dice.faces != event.dice or self.dice.seat != event.seat:
                self.dice = Dice(event.seat, event.dice, event.purpose)
            self.dice.roll = p

        self.queue.push(Tween(0.6, roll, "linear"))
        self.queue.then(lambda: self.screenshot(f"dice-{event.purpose}"))

    def on_impostor(self, event: ev.ImpostorResolved) -> None:
        fam = family_index(event.family)

        def chosen() -> None:
            if self.dice is not None:
                self.dice.chosen = event.value
            code = self.hands[event.seat][fam]
            if isinstance(code, str):
                self.hands[event.seat][fam] = f"{code.split(':')[0]}:{event.value}"

        self.queue.then(chosen)
        self.queue.push(Wait(0.45))

    def on_revealed(self, event: ev.HandsRevealed) -> None:
        def turn(p: float) -> None:
            self.reveal_p = p
            self.revealing = p < 1.0
            if p >= 0.5:
                # The hands are shown: the turns are over, and so is each seat's last
                # move ("Stood"); the round's facts say only the round.
                self.hands_shown = True
                self.latest = [None] * self.num_seats
                for seat, cards in enumerate(event.hands):
                    if cards is not None:
                        for fam in (0, 1):
                            if self.hands[seat][fam] is None or seat == self.human:
                                self.hands[seat][fam] = cards[fam]
            if p >= 1.0:
                self.drawn = {}

        self.queue.push(Tween(0.5, turn, "ease-in-out"))
        self.queue.then(lambda: self.screenshot("reveal"))

    def on_ranked(self, event: ev.HandRanked) -> None:
        seat = event.seat
        copy = sylop_copy(event.cards, "markdown" in self.rules)

        def ranked() -> None:
            self.hands[seat] = list(event.cards)
            pair = pair_value(event.cards, "major-fraud" in self.rules)
            self.ranks[seat] = (event.rank_kind, event.total, pair)
            self.dice = None

        self.queue.then(ranked)
        if copy is not None:
            fam, value = copy

            def glow(p: float) -> None:
                self.flourish[(seat, fam)] = (p, value)

            self.queue.push(Tween(0.8, glow, "ease-out"))
            self.queue.then(lambda: self.screenshot("sylop"))

    def on_round_won(self, event: ev.RoundWon) -> None:
        def won() -> None:
            self.winners = event.winners
            names = words(lambda: i18n.join_list(self.seat_name(s) for s in event.winners))
            mine = self.human in event.winners
            key = "kt.round_won_you" if mine else "kt.round_won"
            self.tell(tw(key, winners=names), "good" if mine else "gold", 2.2)

        self.queue.then(won)
        self.queue.push(Wait(0.5))

    def on_player_out(self, event: ev.PlayerOut) -> None:
        self.queue.then(lambda: self.in_game.__setitem__(event.seat, False))

    def on_rebought(self, event: ev.Rebought) -> None:
        def back() -> None:
            self.chips[event.seat] += event.amount
            self.in_game[event.seat] = True

        self.queue.then(back)

    def on_game_won(self, event: ev.GameWon) -> None:
        def won() -> None:
            self.game_winners = event.winners
            names = words(lambda: i18n.join_list(self.seat_name(s) for s in event.winners))
            mine = self.human in event.winners
            key = "kt.game_won_you" if mine else "kt.game_won"
            self.tell(tw(key, winners=names, count=event.credits), "good" if mine else "gold", 3.0)

        self.queue.then(won)
        self.queue.push(Wait(0.6))
