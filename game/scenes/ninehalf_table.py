"""The Nine and a Half (九点半) table (RULES.md §3).

Seats sit round an oval: the player at the bottom, the others clockwise from the
player's left.  Each seat shows its plate, its cards (the face-down card first), its
stake (ante + bet) and, after a challenge, what it won or lost.  The centre holds the
deck, the limit and, when the player deals, the duty counter ("challenge at least N
more").

Decisions use the action column: ante and bet steppers (the bet stepper shows the
limit), hit/stay, and as dealer draw / challenge / stop.  A dealer may also challenge
by clicking a player's seat.  Stop appears only once the duty is met.

``NineHalfReplay`` (``create_replay``) is a recorded deal stepped through on this table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from ai import make_player
from game import i18n
from game.app import App
from game.rules import ninehalf as nh
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.scenes.cards52_table_common import (
    DIM,
    GOLD,
    INK,
    LOSE,
    WIN,
    Cards52Replay,
    Cards52Table,
    Control,
    campaign_config,
    chip_image,
    half_points,
    left_click,
    open_replay,
    press_key,
    replay_config,
    resumed_config,
)
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage import history
from game.storage.serialize import TableSnapshot
from game.ui.tween import Tween, Wait


def gap_between(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles' edges (0 when they touch or overlap)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return math.hypot(dx, dy)


def create(app: App, config: QuickPlayConfig) -> NineHalfTable:
    return NineHalfTable(app, config)


def create_campaign(app: App, campaign: Any) -> NineHalfTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    return NineHalfTable(app, campaign_config(app, campaign, "ninehalf"), campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> NineHalfTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    return NineHalfTable(
        app, resumed_config(snapshot, nh.NineHalfState, "Nine and a Half"), resume=snapshot
    )


class NineHalfTable(Cards52Table):
    name = "ninehalf-table"
    game = "ninehalf"

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
    ) -> None:
        super().__init__(app, config, campaign, resume)
        n = self.num_seats
        self.state = self.new_state(
            lambda: nh.new_game(
                n, engine_options(config), chips=config.starting_chips, dealer=self.rng.randrange(n)
            )
        )
        self.options = self.state.options
        self.bots = {s: make_player("ninehalf", config.opponents[s - 1]) for s in range(1, n)}
        self.attach_driver(self.bots)
        self.autoplay_bot = make_player("ninehalf", "normal")
        # Display model (lags the engine while the animation plays).
        self.chips = list(self.state.chips)
        self.stakes = [0] * n
        self.hole: list[str | None | bool] = [False] * n  # False: no card, None: face down
        self.up: list[list[str]] = [[] for _ in range(n)]
        self.dealer_cards: list[str] = []
        self.results: list[int | None] = [None] * n
        self.sat_out = [False] * n
        self.flip: dict[int, float] = {}
        self.dealer = self.state.dealer
        self.limit = self.state.limit
        self.deal_no = 1
        self.stepper = 1
        self.stepper_for = ""
        self.target = -1  # the seat the challenge button names
        self.hover_seat = -1
        self.between_noted = False
        # The computer seat whose thinking pause is playing: it glows and is named in
        # the status line even though the queue is busy with its pause.
        self.thinking = -1
        self.say(self.you("nh.log.welcome", seat=self.seat_name(self.dealer)), GOLD)

    def synced(self) -> None:
        self.chips = list(self.state.chips)
        self.dealer = self.state.dealer
        self.limit = self.state.limit

    # ------------------------------------------------------------------ geometry
    # Each seat is a "pod": its nameplate, a box its hand always stays inside (a long
    # hand fans tighter instead of growing), the hand's caption under the cards, and
    # a spot for its stake.  The pods are placed once per window size so that no two
    # of them touch, nor the centre (deck, limit, prompts): at ten seats a diagonal
    # seat's hand used to run over its neighbour's caption.
    HAND_SPAN = 3  # a hand box holds four cards at the normal fan; more fan tighter

    def layout(self) -> None:
        t = self.table
        n = self.num_seats
        self.plate_w = max(self.px(120), min(self.px(170), round(t.width / 5.4)))
        self.plate_h = self.px(54)
        self.gap = self.px(6)
        centre = t.center
        rx = t.width / 2 - self.plate_w / 2 - self.px(6)
        ry = t.height / 2 - self.plate_h / 2 - self.px(6)
        self.plates: dict[int, pygame.Rect] = {}
        # Room for the dealer's puck over the top seats' plates.
        overhang = self.px(13) * 3 // 2
        room = pygame.Rect(t.x, t.y + overhang, t.width, t.height - overhang)
        for seat in range(n):
            if seat == 0:
                px_, py_ = float(centre[0]), t.bottom - self.plate_h / 2 - self.px(4)
            else:
                # The others share the oval's upper part, clockwise from the player's left.
                span_start, span = math.radians(140), math.radians(260)
                angle = span_start + span * (seat - 0.5) / (n - 1)
                px_ = centre[0] + rx * math.cos(angle)
                py_ = centre[1] + ry * math.sin(angle)
            plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
            plate.center = (round(px_), round(py_))
            plate.clamp_ip(room)
            self.plates[seat] = plate
        self.human_card_h = max(self.px(56), min(self.px(170), round(t.height * 0.2)))
        card_h = max(self.px(56), min(self.px(130), round(t.height * (0.15 if n <= 6 else 0.13))))
        # The largest cards at which every pod has a place of its own.
        best: tuple[float, int] | None = None
        while True:
            overlap = self.place_pods(card_h)
            if best is None or overlap < best[0]:
                best = (overlap, card_h)
            if overlap == 0 or card_h <= self.px(44):
                break
            card_h = max(self.px(44), round(card_h * 0.92))
        if best[1] != card_h:
            self.place_pods(best[1])
        self.deck_pos = (centre[0], self.centre_box.y + self.card_h // 2)
        self.banner_room = self.free_band()

    def plate_zone(self, seat: int) -> pygame.Rect:
        """The plate with the dealer's puck on its top-right corner (any seat deals)."""
        plate = self.plates[seat]
        r = self.px(13)
        puck = pygame.Rect(0, 0, 2 * r, 2 * r)
        puck.center = (plate.right - r + self.px(4), plate.y - r // 2)
        return plate.union(puck)

    def caption_h(self) -> int:
        return self.text.render("8½", self.font_px(13), INK, True).get_height()

    def place_pods(self, card_h: int) -> float:
        """Place the hand boxes and stakes for cards ``card_h`` high; the area still
        overlapping something (0: every pod is clear)."""
        t = self.table
        self.card_h = card_h
        cw = round(card_h * 2 / 3)
        box_w = cw + self.HAND_SPAN * round(cw * 0.42)
        box_h = card_h + self.caption_h()
        self.hand_boxes: dict[int, pygame.Rect] = {}
        self.hand_side: dict[int, str] = {}
        # The centre: the deck and the prompts under it.
        lines = self.font_px(18) * 2 + self.font_px(14) + self.font_px(17) + self.px(24)
        centre_w = min(t.width - 2 * self.plate_w - self.px(40), self.px(270))
        self.centre_box = pygame.Rect(0, 0, max(self.px(120), centre_w), card_h + lines)
        self.centre_box.center = (t.centerx, t.centery - self.px(10))
        # The player's hand sits over their plate; the value caption to its right.
        plate = self.plates[0]
        hcw = round(self.human_card_h * 2 / 3)
        human_w = hcw + self.HAND_SPAN * round(hcw * 0.62)
        human = pygame.Rect(0, 0, human_w, self.human_card_h)
        human.midbottom = (plate.centerx, self.plate_zone(0).y - self.gap)  # over the puck
        self.hand_boxes[0], self.hand_side[0] = human, "above"
        value = i18n.t("nh.your_hand", value=i18n.t("nh.kind.bust", points="12½"))
        value_w = self.text.render(value, self.font_px(18), GOLD, True).get_width()
        line_h = self.font_px(18) * 3 // 2
        self.human_caption = pygame.Rect(human.right + self.px(12), human.centery - line_h // 2,
                                         value_w, line_h)  # fmt: skip
        self.centre_box.bottom = min(self.centre_box.bottom, human.y - self.gap)
        taken = [self.plate_zone(s) for s in self.plates]
        taken += [self.centre_box, human, self.human_caption]
        overlap = 0.0
        order = sorted(range(1, self.num_seats), key=lambda s: -self.plates[s].centery)
        for seat in order:
            box, side, hit = self.best_place(seat, box_w, box_h, taken)
            self.hand_boxes[seat], self.hand_side[seat] = box, side
            taken.append(box)
            overlap += hit
        self.stake_boxes: dict[int, pygame.Rect] = {}
        stake_size = (self.px(20) + self.px(6) + self.text.render("99", self.font_px(14), GOLD, True).get_width(),
                      self.px(22))  # fmt: skip
        for seat in range(self.num_seats):
            box, hit = self.stake_place(seat, stake_size, taken)
            self.stake_boxes[seat] = box
            taken.append(box)
            overlap += hit * 0.25  # a stake may tuck in; a hand must not
        self.card_anchor = {s: b.center for s, b in self.hand_boxes.items()}
        self.stake_anchor = {s: (b.x + self.px(10), b.centery) for s, b in self.stake_boxes.items()}
        return overlap

    def overlap_with(self, box: pygame.Rect, taken: list[pygame.Rect]) -> float:
        """Area of ``box`` over things already placed or off the felt."""
        hit = float(sum(box.clip(other).width * box.clip(other).height for other in taken))
        inside = box.clip(self.table)
        hit += 4 * (box.width * box.height - inside.width * inside.height)
        return hit

    def best_place(
        self, seat: int, w: int, h: int, taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, str, float]:
        """The hand box's place by the plate that overlaps nothing, nearest the centre."""
        plate, g = self.plates[seat], self.gap
        zone = self.plate_zone(seat)
        centre = pygame.Vector2(self.table.center)
        box = pygame.Rect(0, 0, w, h)
        inward = 1 if plate.centerx < centre.x else -1
        shift = (w - plate.width) // 2 * inward
        candidates = [
            ("below", box.move_to(midtop=(plate.centerx, plate.bottom + g))),
            ("below", box.move_to(midtop=(plate.centerx + shift, plate.bottom + g))),
            ("above", box.move_to(midbottom=(plate.centerx, zone.y - g))),
            ("above", box.move_to(midbottom=(plate.centerx + shift, zone.y - g))),
            ("right", box.move_to(midleft=(plate.right + g, plate.centery))),
            ("right", box.move_to(topleft=(plate.right + g, plate.y))),
            ("right", box.move_to(bottomleft=(plate.right + g, plate.bottom))),
            ("left", box.move_to(midright=(plate.x - g, plate.centery))),
            ("left", box.move_to(topright=(plate.x - g, plate.y))),
            ("left", box.move_to(bottomright=(plate.x - g, plate.bottom))),
        ]

        def rank(candidate: tuple[str, pygame.Rect]) -> tuple[float, bool, bool, float]:
            place = candidate[1]
            # A hand nearer another seat's plate than its own would be read as theirs.
            own = gap_between(place, plate)
            others = min((gap_between(place, p) for s, p in self.plates.items() if s != seat),
                         default=own + 1000)  # fmt: skip
            outward = (pygame.Vector2(place.center) - plate.center).dot(
                centre - pygame.Vector2(plate.center)) < 0  # fmt: skip
            return (self.overlap_with(place, taken), others < own + self.px(14), outward,
                    centre.distance_to(place.center))  # fmt: skip

        side, place = min(candidates, key=rank)
        return place, side, self.overlap_with(place, taken)

    def stake_place(
        self, seat: int, size: tuple[int, int], taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, float]:
        """A free spot for the seat's chips: beside its plate or its hand, inward first."""
        plate, hand, g = self.plates[seat], self.hand_boxes[seat], self.gap
        centre = pygame.Vector2(self.table.center)
        box = pygame.Rect((0, 0), size)
        candidates = [
            box.move_to(midleft=(plate.right + g, plate.centery)),
            box.move_to(midright=(plate.x - g, plate.centery)),
            box.move_to(topleft=(plate.centerx + g, plate.bottom + g)),
            box.move_to(topright=(plate.centerx - g, plate.bottom + g)),
            box.move_to(bottomleft=(plate.centerx + g, plate.y - g)),
            box.move_to(bottomright=(plate.centerx - g, plate.y - g)),
            box.move_to(midleft=(hand.right + g, hand.centery)),
            box.move_to(midright=(hand.x - g, hand.centery)),
            box.move_to(midtop=(hand.centerx, hand.bottom + g)),
            box.move_to(midbottom=(hand.centerx, hand.y - g)),
        ]
        ranked = sorted(
            candidates,
            key=lambda c: (self.overlap_with(c, taken),
                           pygame.Vector2(c.center).distance_to(plate.center) + 0.3 * centre.distance_to(c.center)),
        )  # fmt: skip
        return ranked[0], self.overlap_with(ranked[0], taken)

    def free_band(self) -> pygame.Rect:
        """The widest stretch of felt across the centre that no plate or hand box
        touches: the banner's room (it may cover the deck and the prompts)."""
        t = self.table
        band = pygame.Rect(t.x, self.centre_box.y, t.width, self.centre_box.height)
        left, right = t.x, t.right
        for seat in self.plates:
            for rect in (self.plate_zone(seat), self.hand_boxes[seat]):
                if seat == 0 and rect is self.hand_boxes[0]:
                    continue
                if rect.colliderect(band):
                    if rect.centerx < t.centerx:
                        left = max(left, rect.right)
                    else:
                        right = min(right, rect.x)
        return pygame.Rect(
            left + self.px(6), band.y, max(self.px(160), right - left - self.px(12)), band.height
        )

    def banner_centre(self) -> tuple[int, int]:
        return self.banner_room.center

    def banner_width(self) -> int:
        return self.banner_room.width

    def seat_cards(self, seat: int) -> list[str | None]:
        if seat == self.dealer:
            return list(self.dealer_cards)
        cards: list[str | None] = []
        if self.hole[seat] is not False:
            hole = self.hole[seat]
            cards.append(hole if isinstance(hole, str) else None)
        cards.extend(self.up[seat])
        return cards

    def card_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The seat's cards inside its hand box: a longer hand fans tighter (each card
        still shows its index), the fan starting by the plate."""
        box = self.hand_boxes[seat]
        h = self.human_card_h if seat == 0 else self.card_h
        cw = round(h * 2 / 3)
        step = round(cw * (0.62 if seat == 0 else 0.42))
        if count > 1:
            step = min(step, (box.width - cw) // (count - 1))
        width = cw + step * max(0, count - 1)
        side = self.hand_side[seat]
        if side == "right":
            x = box.x
        elif side == "left":
            x = box.right - width
        else:
            x = box.centerx - width // 2
        y = box.bottom - h if seat == 0 else box.y
        return [pygame.Rect(x + i * step, y, cw, h) for i in range(count)]

    # ----------------------------------------------------------------- helpers
    def in_deal(self, seat: int) -> bool:
        return seat != self.dealer and self.hole[seat] is not False

    def my_value(self) -> nh.HandValue | None:
        if self.human == self.dealer:
            cards = self.dealer_cards
        else:
            hole = self.hole[self.human]
            if not isinstance(hole, str):
                return None
            cards = [hole, *self.up[self.human]]
        return nh.hand_value(cards, dealer=self.human == self.dealer) if cards else None

    def value_text(self, value: nh.HandValue) -> str:
        if value.kind == "bust":
            return i18n.t("nh.kind.bust", points=half_points(value.points))
        if value.kind in ("natural", "jack-ten"):
            return i18n.t(f"nh.kind.{value.kind}")
        return half_points(value.points)

    def human_view(self) -> nh.NineHalfView:
        return self.state.view(self.human)

    # -------------------------------------------------------------- engine flow
    def advance(self) -> None:
        actor = self.state.to_act()
        if actor == CHANCE:
            assert self.driver is not None
            events = self.driver.chance()
            self.mark_progress()
            self.play(events)
        elif actor in (BETWEEN, TERMINAL):
            if not self.between_noted:
                self.between_noted = True
                self.result.rounds_played = self.state.completed
                self.result.chips_end = list(self.state.chips)
                self.screenshot(f"deal-over-{min(self.state.completed, 3)}")
        elif actor != self.human:
            self.thinking = actor
            self.queue.push(Wait(0.4 if self.state.phase != nh.DEALER else 0.6))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.prepare_decision()
            self.screenshot(f"{self.state.phase}-{'dealer' if actor == self.dealer else 'player'}")

    def prepare_decision(self) -> None:
        """Reset the stepper and the challenge target for a new decision."""
        key = f"{self.state.phase}:{self.progress}"
        if self.stepper_for == key:
            return
        self.stepper_for = key
        phase = self.state.phase
        if phase == nh.LIMIT:
            choices = self.options.limit_choices
            self.stepper = self.options.limit if self.options.limit in choices else choices[0]
        else:
            self.stepper = 1
        open_seats = self.open_seats()
        self.target = open_seats[0] if open_seats else -1

    def open_seats(self) -> list[int]:
        if self.state.phase != nh.DEALER or self.state.to_act() != self.human:
            return []
        return [a.seat for a in self.state.legal_actions() if isinstance(a, nh.Challenge)]

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return actor in (BETWEEN, TERMINAL) or actor == self.human

    def ai_move(self, seat: int) -> None:
        self.thinking = -1
        self.bot_turn(seat)

    def apply_action(self, action: Any) -> None:
        assert self.driver is not None
        events = self.driver.human(action)
        self.mark_progress()
        self.play(events)

    def human_acts(self, action: Any) -> None:
        if self.state.to_act() != self.human or not self.idle():
            return
        if action not in self.state.legal_actions():
            return  # never reaches the engine: the controls offer only legal actions
        self.apply_action(action)

    def next_deal(self) -> None:
        assert self.driver is not None
        if self.state.to_act() != BETWEEN or self.driver.over():
            return
        self.deal_next_unit()

    # ---------------------------------------------------------------- animation
    def play(self, events: list[Event]) -> None:
        for event in events:
            self.cue_sound(event)
            self.animate(event.for_seat(self.human))

    def animate(self, event: Event) -> None:  # noqa: C901 - one branch per event kind
        q = self.queue
        name = self.seat_name
        if isinstance(event, nh.DealStarted):
            q.then(lambda: self.start_deal_view(event))
        elif isinstance(event, nh.LimitSet):
            text = self.you("nh.log.limit", seat=name(event.seat), limit=event.limit)
            q.then(lambda: self.limit_view(event.limit, text))
            q.push(Wait(0.6))
        elif isinstance(event, nh.Anted):
            q.push(self.chips_to_stake(event.seat, event.amount))
            q.then(
                lambda: self.say(
                    self.you("nh.log.ante", seat=name(event.seat), count=event.amount), DIM
                )
            )
        elif isinstance(event, nh.SatOut):
            q.then(lambda: self.sat_out_view(event.seat))
        elif isinstance(event, nh.HoleCardDealt):
            q.push(self.card_to(event.seat, event.card, hole=True))
        elif isinstance(event, nh.DealerCardDealt):
            q.push(self.card_to(event.seat, event.card, hole=False))
            text = i18n.t(
                "nh.log.dealer_card", seat=name(event.seat), total=half_points(event.total)
            )
            q.then(lambda: self.say(text, LOSE if event.bust else INK))
            if event.bust:
                q.then(lambda: self.announce(i18n.t("nh.dealer_bust", seat=name(event.seat)), LOSE))
                q.push(Wait(0.8))
        elif isinstance(event, nh.DealerTenBust):
            for player, paid in event.paid:
                q.push(self.chips_between(event.seat, player, paid))
        elif isinstance(event, nh.UpCardDealt):
            q.push(self.card_to(event.seat, event.card, hole=False))
        elif isinstance(event, nh.HitTaken):
            q.then(lambda: self.say(self.you("nh.log.hit", seat=name(event.seat)), DIM))
        elif isinstance(event, nh.Stayed):
            q.then(lambda: self.say(self.you("nh.log.stay", seat=name(event.seat)), DIM))
        elif isinstance(event, nh.DrawingEnded):
            q.then(lambda: self.say(self.you(f"nh.log.{event.reason}", seat=name(event.seat)), DIM))
        elif isinstance(event, nh.BetPlaced):
            q.push(self.chips_to_stake(event.seat, event.amount))
            q.then(
                lambda: self.say(self.you("nh.log.bet", seat=name(event.seat), count=event.amount))
            )
        elif isinstance(event, nh.DealerDrew):
            q.then(lambda: self.say(self.you("nh.log.draw", seat=name(event.seat)), DIM))
        elif isinstance(event, nh.ChallengeSettled):
            self.animate_challenge(event)
        elif isinstance(event, nh.DealerStopped):
            q.then(lambda: self.say(self.you("nh.log.stop", seat=name(event.seat)), GOLD))
        elif isinstance(event, nh.StakeReturned):
            q.push(self.stake_home(event.seat, event.amount))
        elif isinstance(event, nh.DealEnded):
            q.then(lambda: self.deal_ended_view(event))
            q.push(Wait(0.8))
        elif isinstance(event, nh.MatchOver):
            q.then(lambda: self.announce(i18n.t("nh.match_over"), GOLD, 3.0))
        elif isinstance(event, nh.Rebought):
            q.then(
                lambda: self.chips.__setitem__(event.seat, self.chips[event.seat] + event.amount)
            )
            q.then(lambda: self.log_line("cards.log.rebuy", DIM, seat=name(event.seat)))

    def limit_view(self, limit: int, text: str) -> None:
        self.limit = limit
        self.tell(text, GOLD, 1.6)

    def sat_out_view(self, seat: int) -> None:
        self.sat_out[seat] = True
        self.say(self.you("nh.log.sit_out", seat=self.seat_name(seat)), DIM)

    def tell(self, text: str, colour: tuple[int, int, int], seconds: float) -> None:
        """Into the log and across the table."""
        self.say(text, colour)
        self.announce(text, colour, seconds)

    def clear_hands_view(self) -> None:
        """An empty felt: no stakes, cards, results or seats sitting out."""
        n = self.num_seats
        self.stakes = [0] * n
        self.hole = [False] * n
        self.up = [[] for _ in range(n)]
        self.dealer_cards = []
        self.results = [None] * n
        self.sat_out = [False] * n
        self.flip = {}

    def start_deal_view(self, event: nh.DealStarted) -> None:
        self.deal_no = event.deal
        self.dealer = event.dealer
        self.clear_hands_view()
        text = self.you("nh.log.deal", deal=event.deal, seat=self.seat_name(event.dealer))
        self.say(text, GOLD)
        self.announce(text, GOLD, 1.2)

    def card_to(self, seat: int, code: str | None, hole: bool) -> Tween:
        h = self.human_card_h if seat == 0 else self.card_h
        count = len(self.seat_cards(seat))
        back = self.card(None, h)
        shown_face = code is not None and (not hole or seat == self.human)

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
        target = self.card_rects(seat, count + 1)[-1].center
        face = self.card(code, h) if shown_face else None
        return self.fly(back, self.deck_pos, target, 0.22, arrive, flip_to=face)

    def chips_to_stake(self, seat: int, amount: int) -> Tween:
        image = chip_image(amount, self.px(20), self.palette_name)

        def moved() -> None:
            self.chips[seat] -= amount
            self.stakes[seat] += amount

        return self.fly(image, self.plates[seat].center, self.stake_anchor[seat], 0.3, moved)

    def stake_home(self, seat: int, amount: int) -> Tween:
        image = chip_image(amount, self.px(20), self.palette_name)
        self.stakes_pending = True

        def home() -> None:
            self.stakes[seat] = 0
            self.chips[seat] += amount

        return self.fly(image, self.stake_anchor[seat], self.plates[seat].center, 0.3, home)

    def chips_between(self, payer: int, payee: int, amount: int) -> Tween:
        image = chip_image(amount, self.px(20), self.palette_name)

        def moved() -> None:
            self.chips[payer] -= amount
            self.chips[payee] += amount

        return self.fly(image, self.plates[payer].center, self.plates[payee].center, 0.4, moved)

    def animate_challenge(self, event: nh.ChallengeSettled) -> None:
        q = self.queue
        seat = event.seat

        def turn(p: float) -> None:
            self.hole[seat] = event.hole_card if p >= 0.5 else self.hole[seat]
            self.flip[seat] = p

        q.then(lambda: self.say(self.you("nh.log.challenge", dealer=self.seat_name(event.dealer),
                                        seat=self.seat_name(seat)), GOLD))  # fmt: skip
        q.push(Tween(0.35, turn, "ease-in-out"))
        text = self.challenge_text(event)
        good = event.player_wins == (seat == self.human) or (
            self.human == event.dealer and not event.player_wins
        )
        mine = self.human in (seat, event.dealer)
        colour = (WIN if good else LOSE) if mine else GOLD
        q.then(lambda: self.tell(text, colour, 1.4))
        stake = self.stakes_for(seat)

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
        q.then(lambda: self.screenshot("challenge"))

    def challenge_text(self, event: nh.ChallengeSettled) -> str:
        """The line that settles a challenge ("The dealer (8) beat Tesk (bust): −4"), in
        the second person when the player is in it: ``_you`` when they won ("You (7½)
        beat the dealer"), ``_to_you`` when they were beaten ("The dealer (8) beat
        you"), the chips then counted from their side."""
        key = "nh.player_wins" if event.player_wins else "nh.dealer_wins"
        winner, loser = (
            (event.seat, event.dealer) if event.player_wins else (event.dealer, event.seat)
        )
        count = abs(event.amount)
        if winner == self.human:
            key += "_you"
        elif loser == self.human:
            key += "_to_you"
        return i18n.t(
            key,
            seat=self.seat_name(event.seat),
            hand=self.kind_text(event.player_kind, event.player_points),
            dealer=self.kind_text(event.dealer_kind, event.dealer_points),
            count=count,
        )

    def stakes_for(self, seat: int) -> int:
        """The seat's ante + bet as the engine has it (the display may lag behind)."""
        return self.state.antes[seat] + self.state.bets[seat]

    def stake_to(self, seat: int, dealer: int) -> Tween:
        amount = self.stakes_for(seat)
        image = chip_image(max(1, amount), self.px(20), self.palette_name)

        def moved() -> None:
            self.stakes[seat] = 0
            self.chips[dealer] += amount

        return self.fly(image, self.stake_anchor[seat], self.plates[dealer].center, 0.4, moved)

    def kind_text(self, kind: str, points: float) -> str:
        return self.value_text(nh.HandValue(kind, points, 0))

    def deal_ended_view(self, event: nh.DealEnded) -> None:
        self.chips = list(event.chips)
        self.stakes = [0] * self.num_seats
        net = event.net[self.human]
        if net > 0:
            text, colour = i18n.t("nh.deal_won", count=net), WIN
        elif net < 0:
            text, colour = i18n.t("nh.deal_lost", count=-net), LOSE
        else:
            text, colour = i18n.t("nh.deal_even"), INK
        self.say(text, colour)
        self.announce(text, colour, 2.0)

    # ----------------------------------------------------------------- controls
    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        actor = self.state.to_act()
        if not self.idle():
            return []
        if actor in (BETWEEN, TERMINAL):
            rows = []
            if actor == BETWEEN and not (self.driver is not None and self.driver.over()):
                rows.append([Control("next", i18n.t("nh.next_deal"), i18n.t("nh.tip.next"),
                                     self.next_deal, k.K_n, primary=True)])  # fmt: skip
            if self.campaign is not None:
                rows.append([Control("leave", i18n.t("campaign.leave_table"), "",
                                     self.leave_now, k.K_l)])  # fmt: skip
            else:
                rows.append([Control("leave", i18n.t("cards.results"), i18n.t("cards.tip.results"),
                                     self.leave_now, k.K_r)])  # fmt: skip
            return rows
        if actor != self.human:
            return []
        self.prepare_decision()
        legal = self.state.legal_actions()
        phase = self.state.phase
        if phase == nh.LIMIT:
            choices = [a.limit for a in legal if isinstance(a, nh.SetLimit)]
            return self.stepper_rows(
                i18n.t("nh.limit_value", limit=self.stepper), choices,
                Control("confirm_limit", i18n.t("nh.set_limit"), i18n.t("nh.tip.limit"),
                        lambda: self.human_acts(nh.SetLimit(self.stepper)), k.K_RETURN, True),
            )  # fmt: skip
        if phase == nh.ANTE:
            antes = [a.amount for a in legal if isinstance(a, nh.Ante)]
            rows = self.stepper_rows(
                i18n.t("nh.ante_value", amount=self.stepper, top=max(antes)), antes,
                Control("ante", i18n.t("nh.ante"), i18n.t("nh.tip.ante"),
                        lambda: self.human_acts(nh.Ante(self.stepper)), k.K_a, True),
            )  # fmt: skip
            if nh.SitOut() in legal:
                rows.append([Control("sitout", i18n.t("nh.sit_out"), i18n.t("nh.tip.sit_out"),
                                     lambda: self.human_acts(nh.SitOut()), k.K_s)])  # fmt: skip
            return rows
        if phase == nh.HIT:
            rows = []
            if nh.Hit() in legal:
                rows.append([Control("hit", i18n.t("nh.hit"), i18n.t("nh.tip.hit"),
                                     lambda: self.human_acts(nh.Hit()), k.K_h, True)])  # fmt: skip
            rows.append([Control("stay", i18n.t("nh.stay"), i18n.t("nh.tip.stay"),
                                 lambda: self.human_acts(nh.Stay()), k.K_s)])  # fmt: skip
            return rows
        if phase == nh.BET:
            bets = [a.amount for a in legal if isinstance(a, nh.Bet)]
            label = i18n.t("nh.bet_value", amount=self.stepper, limit=self.limit)
            return self.stepper_rows(
                label, bets,
                Control("bet", i18n.t("nh.bet"), i18n.t("nh.tip.bet", limit=self.limit),
                        lambda: self.human_acts(nh.Bet(self.stepper)), k.K_b, True),
            )  # fmt: skip
        rows = []
        open_seats = self.open_seats()
        if open_seats:
            if self.target not in open_seats:
                self.target = open_seats[0]
            rows.append([
                Control("prev_target", "◀", i18n.t("nh.tip.target"), lambda: self.cycle(-1), k.K_LEFT, weight=0.5),
                Control("challenge", i18n.t("nh.challenge", seat=self.seat_name(self.target)),
                        i18n.t("nh.tip.challenge"), lambda: self.human_acts(nh.Challenge(self.target)),
                        k.K_c, True, weight=2.2),
                Control("next_target", "▶", i18n.t("nh.tip.target"), lambda: self.cycle(1), k.K_RIGHT, weight=0.5),
            ])  # fmt: skip
        if nh.Draw() in legal:
            rows.append([Control("draw", i18n.t("nh.draw"), i18n.t("nh.tip.draw"),
                                 lambda: self.human_acts(nh.Draw()), k.K_d)])  # fmt: skip
        if nh.Stop() in legal:
            rows.append([Control("stop", i18n.t("nh.stop"), i18n.t("nh.tip.stop"),
                                 lambda: self.human_acts(nh.Stop()), k.K_s)])  # fmt: skip
        return rows

    def stepper_rows(self, label: str, values: list[int], confirm: Control) -> list[list[Control]]:
        """The amount on a row of its own (the whole column's width: "ベット 5（リミット
        10）" did not fit between the buttons), then − [confirm] +."""
        k = pygame
        lo, hi = min(values), max(values)
        self.stepper = min(max(self.stepper, lo), hi)
        confirm.weight = 2.0
        row = [confirm]
        if len(values) > 1:
            row.insert(0, Control("minus", "−", i18n.t("nh.tip.less"),
                                  lambda: self.nudge(values, -1), k.K_MINUS, weight=0.5))  # fmt: skip
            row.append(Control("plus", "+", i18n.t("nh.tip.more"),
                               lambda: self.nudge(values, 1), k.K_EQUALS, weight=0.5))  # fmt: skip
        return [[Control("value", label)], row]

    def nudge(self, values: list[int], step: int) -> None:
        ordered = sorted(values)
        i = ordered.index(self.stepper) if self.stepper in ordered else 0
        self.stepper = ordered[max(0, min(len(ordered) - 1, i + step))]

    def cycle(self, step: int) -> None:
        seats = self.open_seats()
        if not seats:
            return
        i = seats.index(self.target) if self.target in seats else 0
        self.target = seats[(i + step) % len(seats)]

    # -------------------------------------------------------------------- input
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_seat = self.seat_at(event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.idle() and "minus" in self.controls:
                self.nudge_from_key(1 if event.key == pygame.K_RIGHT else -1)
                return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = self.seat_at(event.pos)
            if seat >= 0 and self.idle() and seat in self.open_seats():
                self.human_acts(nh.Challenge(seat))
                return None
        return super().process_event(event)

    def nudge_from_key(self, step: int) -> None:
        control = self.controls["plus" if step > 0 else "minus"]
        if control.on_press is not None:
            control.on_press()

    def seat_at(self, pos: tuple[int, int]) -> int:
        for seat, plate in self.plates.items():
            area = plate.union(self.hand_boxes[seat])
            if area.collidepoint(pos):
                return seat
        return -1

    # ------------------------------------------------------------------ drawing
    def layer_key(self) -> tuple[Any, ...] | None:
        return (
            self.app.size,
            tuple(self.chips),
            tuple(self.stakes),
            tuple(self.hole),
            tuple(tuple(u) for u in self.up),
            tuple(self.dealer_cards),
            tuple(self.results),
            tuple(self.sat_out),
            tuple(sorted((k, min(1.0, max(0.0, round(v * 2) / 2))) for k, v in self.flip.items())),
            self.dealer,
            self.limit,
            self.deal_no,
            self.hover_seat,
            self.target,
            self.queue.busy,
            self.thinking,
            self.acting(),
            self.status_text(),
            self.progress,
            self.message[0] if self.message else None,
        )

    def acting(self) -> int:
        """The seat the table shows as deciding (the engine's, at a live table)."""
        return int(self.state.to_act())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.acting() == self.human and self.idle():
            # Left of the plate: above it lie the player's own cards.
            plate = self.plates[self.human]
            self.draw_turn_marker(surface, (plate.x - self.px(2), plate.centery), "right")

    def draw_table(self, surface: pygame.Surface) -> None:
        actor = self.acting()
        challengeable = self.open_seats() if self.idle() else []
        for seat in range(self.num_seats):
            self.draw_seat(surface, seat, actor, seat in challengeable)
        self.draw_centre(surface)

    def draw_seat(self, surface: pygame.Surface, seat: int, actor: int, target: bool) -> None:
        plate = self.plates[seat]
        active = actor == seat and (not self.queue.busy or self.thinking == seat)
        note, note_colour = "", None
        if self.sat_out[seat]:
            note = i18n.t("nh.sitting_out")
        result = self.results[seat]
        if result is not None:
            # What a challenge won or lost the seat, on its own plate: it can never be
            # taken for a neighbour's, nor cover anyone's cards.
            note = f"+{result}" if result > 0 else (f"−{-result}" if result < 0 else "±0")
            note_colour = WIN if result > 0 else (LOSE if result < 0 else INK)
        if target:
            colour = (246, 214, 140) if seat in (self.hover_seat, self.target) else (120, 200, 140)
            pygame.draw.rect(surface, colour, plate.inflate(self.px(14), self.px(14)), 3,
                             border_radius=self.px(14))  # fmt: skip
        self.draw_plate(
            surface, plate, seat, self.chips[seat], active, note, self.sat_out[seat], note_colour
        )
        if seat == self.dealer:
            self.draw_dealer_puck(surface, plate)
        cards = self.seat_cards(seat)
        rects = self.card_rects(seat, len(cards))
        h = self.human_card_h if seat == 0 else self.card_h
        for i, (code, rect) in enumerate(zip(cards, rects, strict=True)):
            image = self.card(code, h)
            p = self.flip.get(seat, 1.0) if i == 0 and seat != self.dealer else 1.0
            if p < 1.0:
                w = max(1, round(image.get_width() * abs(2 * p - 1)))
                image = pygame.transform.scale(image, (w, image.get_height()))
            surface.blit(image, image.get_rect(center=rect.center))
        if seat == self.human and cards and self.human != self.dealer:
            # The player's own face-down card: a small tag so it is not taken for an up-card.
            tag = self.text.render(i18n.t("nh.hidden"), self.font_px(11), (40, 30, 20), True)
            box = tag.get_rect(midbottom=(rects[0].centerx, rects[0].bottom - self.px(4))).inflate(
                8, 2
            )
            pygame.draw.rect(surface, (246, 214, 140), box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        if cards:
            self.draw_value(surface, seat, rects)
        if self.stakes[seat]:
            image = chip_image(self.stakes[seat], self.px(20), self.palette_name)
            at = self.stake_anchor[seat]
            surface.blit(image, image.get_rect(center=at))
            # The amount beside the chips, where it cannot run into the cards.
            self.caption(surface, i18n.format_number(self.stakes[seat]),
                         (at[0] + image.get_width() // 2 + self.px(4), at[1]), 14, GOLD, True,
                         "midleft")  # fmt: skip

    def draw_value(self, surface: pygame.Surface, seat: int, rects: list[pygame.Rect]) -> None:
        if seat == self.human:
            value = self.my_value()
            if value is None:
                return
            text = i18n.t("nh.your_hand", value=self.value_text(value))
            colour = LOSE if value.kind == "bust" else (WIN if value.kind != "normal" else GOLD)
            self.caption(surface, text, (rects[-1].right + self.px(12), rects[-1].centery), 18, colour, True,
                         "midleft")  # fmt: skip
            return
        if seat == self.dealer:
            codes = self.dealer_cards
            value = nh.hand_value(codes, dealer=True)
            text = i18n.t("nh.dealer_total", value=self.value_text(value))
        else:
            hole = self.hole[seat]
            if isinstance(hole, str):
                value = nh.hand_value([hole, *self.up[seat]])
                text = self.value_text(value)
            elif self.up[seat]:
                shown = nh.hand_value(self.up[seat]).points
                text = i18n.t("nh.showing", value=half_points(shown))
            else:
                return
        self.caption(surface, text, (rects[0].centerx if len(rects) == 1 else (rects[0].x + rects[-1].right) // 2,
                                     rects[-1].bottom + self.px(1)), 13, INK, True, "midtop")  # fmt: skip

    def draw_dealer_puck(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        r = self.px(13)
        centre = (plate.right - r + self.px(4), plate.y - r // 2)
        pygame.draw.circle(surface, (250, 246, 234), centre, r)
        pygame.draw.circle(surface, (150, 112, 56), centre, r, 2)
        self.caption(surface, "D", centre, 14, (30, 20, 10), True)

    def draw_centre(self, surface: pygame.Surface) -> None:
        back = self.card(None, self.card_h)
        for i in range(3):
            surface.blit(
                back, back.get_rect(center=(self.deck_pos[0] - i * 2, self.deck_pos[1] - i * 2))
            )
        cx = self.table.centerx
        room = self.centre_box.width
        y = self.deck_pos[1] + back.get_height() // 2 + self.px(6)
        plaque = i18n.t("nh.limit_plaque", limit=self.limit)
        rect = self.caption(surface, plaque, (cx, y), 18, GOLD, True, "midtop", max_width=room)
        info = i18n.t("nh.deal_info", deal=self.deal_no, seat=self.seat_name(self.dealer))
        rect = self.caption(
            surface, info, (cx, rect.bottom), 14, DIM, False, "midtop", max_width=room
        )
        status = self.status_text()
        if status:
            rect = self.caption(surface, status, (cx, rect.bottom + self.px(6)), 18, INK, True, "midtop",
                                max_width=room)  # fmt: skip
        duty = self.duty_text()
        if duty:
            text, colour = duty
            self.caption(surface, text, (cx, rect.bottom + self.px(4)), 17, colour, True, "midtop",
                         max_width=room)  # fmt: skip
        self.draw_message(surface, self.banner_centre())

    def status_text(self) -> str:
        actor = self.acting()
        if self.queue.busy:
            if actor >= 0 and actor == self.thinking:
                return i18n.t("cards.waiting", seat=self.seat_name(actor))
            return ""
        if actor == BETWEEN:
            return i18n.t("nh.turn.between")
        if actor == TERMINAL:
            return i18n.t("nh.match_over")
        if actor == self.human:
            return i18n.t(f"nh.turn.{self.state.phase}")
        if actor >= 0:
            return i18n.t("cards.waiting", seat=self.seat_name(actor))
        return ""

    def duty_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The dealer's duty counter, shown while the player deals."""
        if self.human != self.dealer or self.state.phase != nh.DEALER or self.queue.busy:
            return None
        view = self.human_view()
        left = view.duty - view.challenges
        if left > 0:
            return i18n.t("nh.duty", count=left), LOSE
        if view.must_challenge:
            return i18n.t("nh.duty_after_draw"), LOSE
        return i18n.t("nh.duty_met"), WIN

    # ------------------------------------------------------------------ autoplay
    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        actor = self.state.to_act()
        if actor in (BETWEEN, TERMINAL):
            if self.autoplay_leaves() or "next" not in self.controls:
                return [lambda: self.click_control("leave")]
            if self.campaign is None and (
                self.state.completed >= self.config.rounds or actor == TERMINAL
            ):
                return [lambda: self.click_control("leave")]
            return [lambda: self.click_control("next")]
        if actor != self.human:
            return []
        self.prepare_decision()
        action = self.autoplay_bot.choose(
            self.human_view(), self.state.legal_actions(), self.seat_rng(0)
        )
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if isinstance(action, nh.SetLimit):
            plan += self.steps_to(action.limit, list(self.options.limit_choices))
            plan.append(lambda: self.click_control("confirm_limit"))
        elif isinstance(action, nh.Ante):
            plan += self.step_to("minus", "plus", self.stepper, action.amount)
            plan.append(lambda: press_key(pygame.K_a))  # the keyboard path
        elif isinstance(action, nh.SitOut):
            plan.append(lambda: self.click_control("sitout"))
        elif isinstance(action, nh.Hit):
            plan.append(lambda: press_key(pygame.K_h))
        elif isinstance(action, nh.Stay):
            plan.append(lambda: self.click_control("stay"))
        elif isinstance(action, nh.Bet):
            plan += self.step_to("minus", "plus", self.stepper, action.amount)
            plan.append(lambda: self.click_control("bet"))
        elif isinstance(action, nh.Challenge):
            plan.append(lambda s=action.seat: left_click(self.plates[s].center))  # type: ignore[misc]
        elif isinstance(action, nh.Draw):
            plan.append(lambda: self.click_control("draw"))
        elif isinstance(action, nh.Stop):
            plan.append(lambda: self.click_control("stop"))
        return plan

    def steps_to(self, wanted: int, values: list[int]) -> list[Any]:
        ordered = sorted(values)
        here = ordered.index(self.stepper) if self.stepper in ordered else 0
        there = ordered.index(wanted)
        return self.step_to("minus", "plus", here, there)


# ------------------------------------------------------------------------- replay
def create_replay(app: App, record: history.HandRecord) -> Cards52Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    return open_replay(
        app,
        record,
        nh.NineHalfView,
        lambda events, start: NineHalfReplay(app, record, events, start),
    )


class NineHalfReplay(Cards52Replay, NineHalfTable):
    """One recorded deal on the Nine and a Half table (see ``Cards52Replay``). A hit
    and the card it brings are one step, as are the hole cards dealt round the table."""

    name = "ninehalf-replay"

    def __init__(
        self,
        app: App,
        record: history.HandRecord,
        events: list[Event],
        start: nh.NineHalfView | None,
    ) -> None:
        self.begin_replay(record, events)
        self.start_view = start
        seats = len(record.seats)
        # Each seat's ante + bet as the recorded events put them down, for the chips a
        # challenge moves (a live table asks its engine).
        self.ledger = [0] * seats
        super().__init__(app, replay_config("ninehalf", seats, list(record.chips)))
        self.finish_replay_setup()

    def joins_step(self, previous: Event, event: Event) -> bool:
        same_seat = getattr(previous, "seat", None) == getattr(event, "seat", -1)
        if isinstance(event, nh.HoleCardDealt):
            return isinstance(previous, nh.HoleCardDealt)
        if isinstance(event, nh.UpCardDealt):
            return isinstance(previous, nh.HitTaken) and same_seat
        if isinstance(event, nh.DrawingEnded):
            return isinstance(previous, nh.UpCardDealt) and same_seat
        if isinstance(event, nh.DealerCardDealt):
            return isinstance(previous, nh.DealerDrew)
        if isinstance(event, nh.StakeReturned | nh.Rebought):
            return type(previous) is type(event)
        if isinstance(event, nh.DealStarted):
            return isinstance(previous, nh.Rebought)
        return False

    def reset_replay_view(self) -> None:
        self.chips = self.start_chips(self.start_view)
        self.ledger = [0] * self.num_seats
        self.clear_hands_view()
        self.dealer, self.limit, self.deal_no = self.start_facts()
        if not self.recorded or not isinstance(self.recorded[0], nh.DealStarted | nh.Rebought):
            # The match's first deal opens without an event: say what its start said.
            text = self.you("nh.log.deal", deal=self.deal_no, seat=self.seat_name(self.dealer))
            self.say(text, GOLD)

    def start_facts(self) -> tuple[int, int, int]:
        """Dealer, limit and deal number as the deal began: from the start view, else
        (a record kept before the view was) from the first events that show them."""
        view = self.start_view
        if view is not None:
            return view.dealer, view.limit, view.completed + 1
        dealer, limit, deal = -1, 0, 0
        for event in self.recorded:
            if isinstance(event, nh.DealStarted):
                dealer, deal = (event.dealer, event.deal) if dealer < 0 else (dealer, deal)
            elif isinstance(event, nh.LimitSet | nh.DealerCardDealt) and dealer < 0:
                dealer = event.seat
            elif isinstance(event, nh.ChallengeSettled) and dealer < 0:
                dealer = event.dealer
            if isinstance(event, nh.LimitSet) and not limit:
                limit = event.limit
            if isinstance(event, nh.DealEnded) and not deal:
                deal = event.deal
        return max(0, dealer), limit or self.options.limit, max(1, deal)

    def animate(self, event: Event) -> None:
        if isinstance(event, nh.DealStarted):
            self.ledger = [0] * self.num_seats
        elif isinstance(event, nh.Anted | nh.BetPlaced):
            self.ledger[event.seat] += event.amount
        super().animate(event)
        if isinstance(event, nh.ChallengeSettled | nh.StakeReturned):
            self.ledger[event.seat] = 0

    def stakes_for(self, seat: int) -> int:
        return self.ledger[seat]

    def acting(self) -> int:
        return CHANCE  # nobody decides in a replay: no seat glows

    def open_seats(self) -> list[int]:
        return []

    def duty_text(self) -> tuple[str, tuple[int, int, int]] | None:
        return None

    def status_text(self) -> str:
        return self.step_text()
