"""The Thirteen Card Brag table (RULES.md §2).

Layout, top to bottom: a status line; one row per opponent (their plate, then their
four sets in the showdown columns); the player's row (plate and the four set slots,
each with a live rank label); the player's unplaced cards.  The four columns line up
so that each showdown is read straight down a column.

The player arranges by clicking a card and then a slot, by dragging, or with the
keyboard (Left/Right pick a card, 1-4 put it in a slot).  "Lay down" checks the
layout on a copy of the engine first: an out-of-order layout is explained on screen
and never submitted.  The reveal then turns over one column at a time and marks its
winner; points, crashes and payments follow, and the reveal stays on the table until
the player presses Continue.

``BragReplay`` (``create_replay``) is a recorded deal stepped through on this table.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pygame

from ai import make_player
from game import i18n
from game.app import App
from game.rules import brag, cards52
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
    drag,
    left_click,
    open_replay,
    replay_config,
    resumed_config,
)
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage import history
from game.storage.serialize import TableSnapshot
from game.ui.tween import Tween, Wait

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternate colours when sorted by suit
RANK_ORDER = {r: i for i, r in enumerate("23456789TJQKA")}
DRAG_THRESHOLD = 6


def create(app: App, config: QuickPlayConfig) -> BragTable:
    return BragTable(app, config)


def create_campaign(app: App, campaign: Any) -> BragTable:
    """The hook ``game.scenes.campaign_table.make_campaign_table`` calls."""
    return BragTable(app, campaign_config(app, campaign, "brag"), campaign=campaign)


def create_resumed(app: App, snapshot: TableSnapshot) -> BragTable:
    """A quick-play table from its save (``game.scenes.quick_play.resume_quick_play``)."""
    return BragTable(app, resumed_config(snapshot, brag.BragState, "Brag"), resume=snapshot)


class BragTable(Cards52Table):
    name = "brag-table"
    game = "brag"

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
            lambda: brag.new_game(
                n, engine_options(config), chips=config.starting_chips, dealer=self.rng.randrange(n)
            )
        )
        self.bots = {seat: make_player("brag", config.opponents[seat - 1]) for seat in range(1, n)}
        self.attach_driver(self.bots)
        self.autoplay_bot = make_player("brag", "normal")
        # Display model: what the player has seen so far (it lags the engine).
        self.hand: list[str] = []  # the player's unplaced cards, in display order
        self.slots: list[list[str]] = [[], [], [], []]
        self.selected: str | None = None
        self.by_suit = False
        self.pressed: tuple[str, tuple[int, int]] | None = None  # card, where pressed
        self.dragging: str | None = None
        self.mouse = (0, 0)
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
        self.scores = list(self.state.scores)
        self.chips = list(self.state.chips)
        self.laid = False
        self.hold = False  # the reveal stays up until the player presses Continue
        self.next_deal: tuple[int, int] | None = None  # (deal, dealer) shown after Continue
        self.deal_no = self.state.deal_no
        self.dealer = self.state.dealer
        self.game_no = 1
        self.game_winner: int | None = None
        self.between_noted = False
        self.say(self.you("brag.log.welcome", target=self.state.options.target))

    def synced(self) -> None:
        self.chips = list(self.state.chips)
        self.scores = list(self.state.scores)
        self.game_no = self.state.game_no
        self.hold = False
        self.next_deal = None

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        t = self.table
        opponents = self.num_seats - 1
        spares = max(0, 4 - self.num_seats)
        self.status_rect = pygame.Rect(t.x, t.y, t.width, self.px(34))
        header = self.px(18)  # the "Set 1".."Set 4" captions over the columns
        self.plate_w = max(self.px(150), min(self.px(190), t.width // 5))
        # Heights: opponent rows get small cards, the player's slots and hand bigger
        # ones; with fewer than four players the spare hands have a row of their own
        # under the opponents (their piles and captions), so they never cover a set.
        room = t.height - self.status_rect.height - header - self.px(12)
        rows = opponents + (1.3 if spares else 0.0)
        unit = room / (rows * 0.72 + 2.55)
        self.opp_card_h = max(self.px(46), min(round(unit * 0.62), self.px(110)))
        hand_h = round(unit * 0.95)
        cols_w = t.width - self.plate_w - self.px(24)
        # Width per slot: a set is a card and two thirds of overlap (2 card widths).
        by_width = round(cols_w / 4 / 2.25 * 1.5)
        self.slot_card_h = max(self.px(60), min(hand_h, by_width, self.px(190)))
        by_hand_width = round((t.width - self.px(20)) / (1 + 12 * 0.6) * 1.5)
        self.hand_card_h = max(self.px(60), min(hand_h, by_hand_width, self.px(200)))
        self.col_w = cols_w // 4
        x0 = t.x + self.plate_w + self.px(24)
        self.col_x = [x0 + i * self.col_w + self.col_w // 2 for i in range(4)]
        y = self.status_rect.bottom + header
        self.opp_rows: dict[int, pygame.Rect] = {}
        row_h = self.opp_card_h + self.px(10)
        for seat in range(1, self.num_seats):
            self.opp_rows[seat] = pygame.Rect(t.x, y, t.width, row_h)
            y += row_h
        self.spare_row = pygame.Rect(t.x, y, t.width, 0)
        if spares:
            caption = self.text.render("Ag", self.font_px(14), GOLD, True).get_height()
            self.spare_row.height = self.opp_card_h + self.pile_lift() + caption + self.px(10)
            y = self.spare_row.bottom
        self.hand_rect = pygame.Rect(
            t.x, t.bottom - self.hand_card_h - self.px(16), t.width, self.hand_card_h + self.px(16)
        )
        label_h = self.px(24)
        slot_top = max(y + self.px(8), self.hand_rect.y - label_h - self.px(8) - self.slot_card_h)
        self.human_row = pygame.Rect(t.x, slot_top, t.width, self.slot_card_h + label_h)
        cw = round(self.slot_card_h * 2 / 3)
        self.slot_rects = [
            pygame.Rect(cx - cw, slot_top, 2 * cw + self.px(4), self.slot_card_h)
            for cx in self.col_x
        ]
        # The free felt between the opponents (and spares) and the player's sets.
        self.band = pygame.Rect(t.x, y, t.width, max(0, slot_top - self.px(4) - y))
        # The deck sits in the nameplates' column, between the last opponent's plate and
        # the player's, clear of every set.
        plate = self.plate_rect(self.human)
        above = self.plate_rect(opponents).bottom if opponents else self.status_rect.bottom
        self.deck_h = max(self.px(30), min(self.opp_card_h, plate.y - above - self.px(16)))
        self.deck_pos = (t.x + self.plate_w // 2, (above + plate.y) // 2)

    def pile_lift(self) -> int:
        """How far a full spare pile (13 cards, each a little up and right) rises."""
        return 12 * max(1, round(self.u))

    def banner_centre(self) -> tuple[int, int]:
        x = self.col_x[0] - self.col_w // 2 + 2 * self.col_w
        one_line = self.text.render("Ag", self.font_px(30), GOLD, True).get_height()
        if self.band.height >= one_line + self.px(16):
            # In the free felt between the opponents' sets and the player's own.
            return (x, self.band.centery)
        if self.laid or not self.hand:
            # Over the player's hand row, which holds only the discards by now.
            return (x, self.hand_rect.centery)
        return (x, (self.status_rect.bottom + self.human_row.y) // 2)

    def banner_width(self) -> int:
        return 4 * self.col_w

    def message_centre(self) -> tuple[int, int]:
        """The refusal box: over the opponents' face-down sets, clear of the slots."""
        top = self.status_rect.bottom
        return (self.col_x[0] - self.col_w // 2 + 2 * self.col_w, (top + self.human_row.y) // 2)

    def set_card_rects(self, centre_x: int, top: int, height: int, count: int) -> list[pygame.Rect]:
        """Three overlapping cards of one set, centred on ``centre_x``."""
        cw = round(height * 2 / 3)
        step = round(cw * 0.55)
        width = cw + step * (count - 1)
        x = centre_x - width // 2
        return [pygame.Rect(x + i * step, top, cw, height) for i in range(count)]

    def hand_card_rects(self) -> list[tuple[str, pygame.Rect]]:
        h = self.hand_card_h
        cw = round(h * 2 / 3)
        n = len(self.hand)
        if not n:
            return []
        step = min(round(cw * 0.62), (self.hand_rect.width - self.px(20) - cw) // max(1, n - 1))
        width = cw + step * (n - 1)
        x = self.hand_rect.centerx - width // 2
        y = self.hand_rect.bottom - h - self.px(2)
        out = []
        for i, code in enumerate(self.hand):
            lift = self.px(14) if code == self.selected else 0
            out.append((code, pygame.Rect(x + i * step, y - lift, cw, h)))
        return out

    def slot_card_rects(self, slot: int) -> list[tuple[str, pygame.Rect]]:
        cards = self.slots[slot]
        rects = self.set_card_rects(self.col_x[slot], self.slot_rects[slot].y, self.slot_card_h, 3)
        return list(zip(cards, rects, strict=False))

    def card_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The card under ``pos`` and where it lies: -1 the hand, 0..3 a slot."""
        for code, rect in reversed(self.hand_card_rects()):
            if rect.collidepoint(pos):
                return code, -1
        for slot in range(4):
            for code, rect in reversed(self.slot_card_rects(slot)):
                if rect.collidepoint(pos):
                    return code, slot
        return None

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        for slot, rect in enumerate(self.slot_rects):
            if rect.inflate(self.px(16), self.px(16)).collidepoint(pos):
                return slot
        return None

    # ----------------------------------------------------------------- arranging
    @property
    def arranging(self) -> bool:
        return self.state.phase is brag.Phase.SETTING and not self.laid and bool(self.all_cards())

    def all_cards(self) -> list[str]:
        return self.hand + [c for s in self.slots for c in s]

    def sort_hand(self) -> None:
        if self.by_suit:
            self.hand.sort(key=lambda c: (SUIT_ORDER[c[1]], -RANK_ORDER[c[0]]))
        else:
            self.hand.sort(key=lambda c: (-RANK_ORDER[c[0]], SUIT_ORDER[c[1]]))

    def place(self, code: str, slot: int) -> bool:
        """Move ``code`` into ``slot`` (from the hand or another slot)."""
        if not self.arranging or len(self.slots[slot]) >= 3 or code in self.slots[slot]:
            return False
        self.take(code)
        self.slots[slot].append(code)
        self.selected = None
        self.message = None
        return True

    def take(self, code: str) -> None:
        if code in self.hand:
            self.hand.remove(code)
        for s in self.slots:
            if code in s:
                s.remove(code)

    def to_hand(self, code: str) -> None:
        if not self.arranging:
            return
        self.take(code)
        self.hand.append(code)
        self.sort_hand()
        self.message = None

    def auto_arrange(self) -> None:
        if not self.arranging:
            return
        cards = self.all_cards()
        sets = brag.best_layout(cards, self.num_seats - 1)
        used = {c for s in sets for c in s}
        self.slots = [list(s) for s in sets] + [[] for _ in range(4 - len(sets))]
        self.hand = [c for c in cards if c not in used]
        self.sort_hand()
        self.selected = None
        self.message = None
        self.say(self.you("brag.log.auto"), DIM)

    def clear_slots(self) -> None:
        if not self.arranging:
            return
        self.hand = self.all_cards()
        self.slots = [[], [], [], []]
        self.sort_hand()
        self.selected = None
        self.message = None

    def toggle_sort(self) -> None:
        self.by_suit = not self.by_suit
        self.sort_hand()

    def slot_label(self, slot: int) -> tuple[str, tuple[int, int, int]]:
        cards = self.slots[slot]
        if not cards:
            return i18n.t("brag.slot_empty"), DIM
        if len(cards) < 3:
            return i18n.t("brag.slot_count", count=len(cards)), DIM
        rank = brag.rank_set(cards)
        text = i18n.t(f"brag.kind.{rank.kind}")
        return text, (WIN if rank.valid else LOSE)

    def layout_problem(self) -> str | None:
        """Why the arranged slots cannot be laid down, in the player's language."""
        filled = [s for s in self.slots if s]
        last = max((i for i, s in enumerate(self.slots) if s), default=-1)
        for i in range(last + 1):
            if not self.slots[i]:
                return i18n.t("brag.problem.gap", set=i + 1)
        previous: brag.SetRank | None = None
        for i, cards in enumerate(filled):
            if len(cards) != 3:
                return i18n.t("brag.problem.short", set=i + 1)
            rank = brag.rank_set(cards)
            if not rank.valid:
                return i18n.t("brag.problem.invalid", set=i + 1)
            if previous is not None and rank > previous:
                return i18n.t(
                    "brag.problem.order",
                    set=i + 1,
                    previous=i,
                    kind=i18n.t(f"brag.kind.{rank.kind}"),
                    previous_kind=i18n.t(f"brag.kind.{previous.kind}"),
                )
            previous = rank
        return None

    def lay_down(self) -> None:
        if not self.arranging or self.state.to_act() != self.human:
            return
        problem = self.layout_problem()
        action = brag.SetLayout.from_codes([s for s in self.slots if s])
        if problem is None:
            # The engine has the last word; ask a copy so nothing is submitted on a refusal.
            try:
                self.state.clone().apply(action)
            except ValueError as error:
                problem = str(error)
        if problem is not None:
            self.warn(i18n.t("brag.refused", reason=problem))
            self.say(i18n.t("brag.refused", reason=problem), LOSE)
            return
        self.laid = True
        self.selected = None
        discarded = len(self.hand)
        self.say(self.you("brag.log.laid", sets=len(action.sets), discarded=discarded), INK)
        self.apply_human(action)

    # -------------------------------------------------------------- engine flow
    def apply_human(self, action: Any) -> None:
        assert self.driver is not None
        events = self.driver.human(action)
        self.mark_progress()
        self.play(events)

    def ai_move(self, seat: int) -> None:
        self.bot_turn(seat)

    def advance(self) -> None:
        if self.hold:
            return
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
                self.result.winner = self.game_winner
                self.screenshot(f"game-over-{self.state.completed}")
        elif actor != self.human:
            think = 0.45 if self.state.phase is not brag.Phase.SETTING else 0.55
            self.queue.push(Wait(think))
            self.queue.then(lambda: self.ai_move(actor))
        else:
            self.screenshot(f"{self.state.phase.value}-{min(self.deal_no, 3)}")

    def awaiting_human(self) -> bool:
        actor = self.state.to_act()
        return self.hold or actor in (BETWEEN, TERMINAL) or actor == self.human

    def next_game(self) -> None:
        assert self.driver is not None
        if self.state.to_act() != BETWEEN or self.driver.over():
            return
        self.game_winner = None
        self.deal_next_unit()

    def continue_after_reveal(self) -> None:
        self.hold = False
        upcoming, self.next_deal = self.next_deal, None
        if upcoming is not None:
            self.start_deal_view(*upcoming)
        else:
            self.reset_deal_view()

    # ------------------------------------------------------------- animation
    def play(self, events: list[Event]) -> None:
        for event in events:
            self.cue_sound(event)
            self.animate(event.for_seat(self.human))

    def animate(self, event: Event) -> None:  # noqa: C901 - one branch per event kind
        q = self.queue
        name = self.seat_name
        if isinstance(event, brag.GameStarted):
            q.then(lambda: self.start_game_view(event.game))
        elif isinstance(event, brag.DealStarted):
            self.queued_fan = [0] * self.num_seats  # this deal's cards fly to fresh fans
            self.deal_queued = 0
            q.then(lambda: self.start_deal_view(event.deal, event.dealer))
        elif isinstance(event, brag.CardDealt):
            self.deal_queued += 1
            q.push(self.deal_card_step(event))
        elif isinstance(event, brag.HandKept):
            q.then(lambda: self.say(self.you("brag.log.kept", seat=name(event.seat))))
        elif isinstance(event, brag.HandSwapped):
            q.then(lambda: self.swap_view(event))
            q.push(Wait(0.5))
        elif isinstance(event, brag.ThirteenCardRun):
            q.then(
                lambda: self.announce(self.you("brag.run13", seat=name(event.seat)), seconds=2.0)
            )
            q.push(Wait(2.0))
        elif isinstance(event, brag.RedealDemanded):
            q.then(lambda: self.announce(self.you("brag.redeal", seat=name(event.seat))))
            q.push(Wait(1.2))
        elif isinstance(event, brag.LayoutSet):
            q.then(lambda: self.layout_set_view(event))
            q.push(Wait(0.15))
        elif isinstance(event, brag.CrashDeclaration):
            key = "brag.log.declared" if event.declared else "brag.log.not_declared"
            q.then(lambda: self.say(self.you(key, seat=name(event.seat))))
        elif isinstance(event, brag.LayoutFouled):
            q.then(lambda: self.fouled_view(event))
            q.push(Wait(1.0))
        elif isinstance(event, brag.SetRevealed):
            q.then(lambda: self.reveal_start(event))
            if event.seat == self.human:
                q.push(Wait(0.12))  # the player's own set is already face up
            else:
                q.push(self.flip_step(event.seat, event.position))
        elif isinstance(event, brag.ShowdownResult):
            q.then(lambda: self.showdown_view(event))
            q.push(Wait(1.1))
        elif isinstance(event, brag.PointsScored):
            q.then(lambda: self.points_view(event))
        elif isinstance(event, brag.CrashMade):
            q.then(lambda: self.announce(self.you("brag.crash", seat=name(event.seat)), WIN, 2.2))
            q.then(lambda: self.say(self.you("brag.crash", seat=name(event.seat)), GOLD))
            q.push(Wait(2.0))
        elif isinstance(event, brag.CrashFailed):
            q.then(lambda: self.say(self.you("brag.log.crash_failed", seat=name(event.seat)), LOSE))
        elif isinstance(event, brag.FourOfAKind):
            q.then(lambda: self.say(self.you("brag.log.four", seat=name(event.seat)), GOLD))
        elif isinstance(event, brag.ChipsPaid):
            q.push(self.chips_step(event))
        elif isinstance(event, brag.DealEnded):
            q.push(Wait(0.6))
            q.then(lambda: self.deal_ended_view(event))
        elif isinstance(event, brag.GameWon):
            q.then(lambda: self.game_won_view(event))
            q.push(Wait(1.2))
        elif isinstance(event, brag.Rebought):
            q.then(lambda: self.set_chips(event.seat, self.chips[event.seat] + event.amount))
            q.then(lambda: self.log_line("cards.log.rebuy", DIM, seat=name(event.seat)))

    # ---- model updates (run by the queue when the animation reaches them)
    def start_game_view(self, game: int) -> None:
        self.game_no = game
        self.scores = [0] * self.num_seats
        self.say(self.you("brag.log.game", game=game), GOLD)

    def start_deal_view(self, deal: int, dealer: int) -> None:
        if self.hold:
            # The engine starts the next deal in the same step that ends this one; the
            # reveal stays on the table until the player presses Continue.
            self.next_deal = (deal, dealer)
            return
        self.reset_deal_view()
        self.deal_no = deal
        self.dealer = dealer
        self.say(self.you("brag.log.deal", deal=deal, seat=self.seat_name(dealer)), GOLD)
        if deal == 1:
            self.say(i18n.t("brag.hint"), DIM)

    def reset_deal_view(self) -> None:
        self.hand = []
        self.slots = [[], [], [], []]
        self.selected = None
        self.dragging = None
        self.pressed = None
        self.dealt = [0] * self.num_seats
        self.spare_cards = 0
        self.dealt_so_far = 0
        self.opp_sets = [[None] * 4 for _ in range(self.num_seats)]
        self.has_set = [False] * self.num_seats
        self.fouled = [False] * self.num_seats
        self.flip = {}
        self.column_winner = ["", "", "", ""]
        self.active_column = -1
        self.laid = False
        self.message = None

    def deal_card_step(self, event: brag.CardDealt) -> Tween:
        seat = event.seat
        height = self.opp_card_h
        if seat == self.human:
            target: tuple[float, float] = self.hand_rect.center
            height = self.hand_card_h
        elif seat < 0:
            target = self.spare_pos(event.slot - self.num_seats)
        else:
            # Onto the seat's fan, where the card will lie (computed as it is queued:
            # the cards before it are queued before it).
            target = self.fan_card(seat, self.queued_fan[seat]).center
            self.queued_fan[seat] += 1
        back = self.card(None, height)

        def arrive() -> None:
            self.dealt_so_far += 1
            if seat == self.human and event.card is not None:
                self.hand.append(event.card)
                self.sort_hand()
            elif seat < 0:
                self.spare_cards += 1
            else:
                self.dealt[seat] += 1

        face = self.card(event.card, height) if seat == self.human and event.card else None
        return self.fly(back, self.deck_pos, target, 0.07, arrive, flip_to=face)

    def dealing_shown(self) -> bool:
        """Whether the cards are still flying out (the engine has long finished the deal
        and may already wait on a seat: nobody glows until the table shows the deal)."""
        return self.dealt_so_far < self.deal_queued

    def spare_pos(self, index: int) -> tuple[int, int]:
        """The centre of spare hand ``index``'s pile (the bottom card), in the spare row."""
        return (self.col_x[1 + index], self.spare_row.y + self.pile_lift() + self.opp_card_h // 2)

    def fan_card(self, seat: int, index: int) -> pygame.Rect:
        """Where card ``index`` of an opponent's fan of backs lies during the deal."""
        row = self.opp_rows[seat]
        h = self.opp_card_h
        cw = round(h * 2 / 3)
        step = min(cw // 3, (self.col_x[3] - self.col_x[0]) // 13)
        top = row.y + (row.height - h) // 2
        return pygame.Rect(self.col_x[0] - cw // 2 + index * step, top, cw, h)

    def swap_view(self, event: brag.HandSwapped) -> None:
        self.say(self.you("brag.log.swapped", seat=self.seat_name(event.seat)), GOLD)
        if event.seat == self.human and all(c is not None for c in event.cards):
            self.hand = [c for c in event.cards if c is not None]
            self.sort_hand()

    def layout_set_view(self, event: brag.LayoutSet) -> None:
        self.has_set[event.seat] = True
        if event.seat == self.human:
            self.show_own_layout(event)
        else:
            for pos in range(len(event.sets)):
                self.opp_sets[event.seat][pos] = (None, None, None)
            self.say(self.you("brag.log.set", seat=self.seat_name(event.seat)), DIM)
            self.dealt[event.seat] = 0
        if all(self.has_set):
            self.screenshot(f"all-set-{min(self.deal_no, 3)}")

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
        self.selected = None
        self.laid = True
        self.say(self.you("brag.log.laid", sets=len(sets), discarded=len(self.hand)), INK)

    def fouled_view(self, event: brag.LayoutFouled) -> None:
        self.fouled[event.seat] = True
        self.say(self.you("brag.log.fouled", seat=self.seat_name(event.seat)), LOSE)

    def reveal_start(self, event: brag.SetRevealed) -> None:
        self.active_column = event.position
        if event.seat != self.human:
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
            self.say(self.you("brag.log.tie", set=pos + 1), DIM)
            self.announce(self.you("brag.log.tie", set=pos + 1), DIM, 1.0)
            return
        kind = self.revealed_kind(event.winner, pos)
        text = i18n.t(
            "brag.log.wins_set", seat=self.seat_name(event.winner), set=pos + 1, kind=kind
        )
        colour = WIN if event.winner == self.human else GOLD
        self.say(text, colour)
        self.announce(text, colour, 1.1)
        if pos == 3:
            self.screenshot(f"reveal-{min(self.deal_no, 3)}")

    def revealed_kind(self, seat: int, pos: int) -> str:
        cards = self.slots[pos] if seat == self.human else self.opp_sets[seat][pos]
        if not cards or any(c is None for c in cards):
            return ""
        return i18n.t(f"brag.kind.{brag.rank_set([c for c in cards if c]).kind}")

    def points_view(self, event: brag.PointsScored) -> None:
        self.scores[event.seat] = event.score
        if event.reason != "showdown":
            self.say(
                self.you("brag.log.points", seat=self.seat_name(event.seat), points=event.points),
                GOLD,
            )

    def chips_step(self, event: brag.ChipsPaid) -> Tween:
        start = self.plate_centre(event.payer)
        end = self.plate_centre(event.payee)
        image = chip_image(event.amount, self.px(22), self.palette_name)

        def paid() -> None:
            self.set_chips(event.payer, self.chips[event.payer] - event.amount)
            self.set_chips(event.payee, self.chips[event.payee] + event.amount)
            self.say(
                self.you(
                    "brag.log.paid",
                    payer=self.seat_name(event.payer),
                    payee=self.seat_name(event.payee),
                    count=event.amount,
                ),
                DIM,
            )

        return self.fly(image, start, end, 0.5, paid)

    def set_chips(self, seat: int, amount: int) -> None:
        self.chips[seat] = amount

    def deal_ended_view(self, event: brag.DealEnded) -> None:
        self.scores = list(event.scores)
        self.hold = True  # the player reads the reveal, then presses Continue
        self.say(
            self.you("brag.log.scores", scores=self.score_text(event.scores)),
            INK,
        )

    def score_text(self, scores: tuple[int, ...] | list[int]) -> str:
        return ", ".join(f"{self.seat_name(s)} {p}" for s, p in enumerate(scores))

    def game_won_view(self, event: brag.GameWon) -> None:
        self.scores = list(event.scores)
        self.game_winner = event.winner
        text = self.you("brag.game_won", seat=self.seat_name(event.winner))
        colour = WIN if event.winner == self.human else GOLD
        self.announce(text, colour, 3.0)
        self.say(text, colour)

    def plate_centre(self, seat: int) -> tuple[int, int]:
        return self.plate_rect(seat).center

    def plate_rect(self, seat: int) -> pygame.Rect:
        h = self.px(58)
        if seat == self.human:
            row = self.human_row
            return pygame.Rect(row.x, row.y + (self.slot_card_h - h) // 2, self.plate_w, h)
        row = self.opp_rows[seat]
        return pygame.Rect(
            row.x, row.centery - min(h, row.height - 4) // 2, self.plate_w, min(h, row.height - 4)
        )

    # ----------------------------------------------------------------- controls
    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        campaign = self.campaign is not None
        leave = Control("leave", i18n.t("campaign.leave_table"), "", self.leave_now, k.K_l)
        if not campaign:
            leave = Control("leave", i18n.t("cards.results"), i18n.t("cards.tip.results"),
                            self.leave_now, k.K_r)  # fmt: skip
        if self.hold:
            rows = [[Control("continue", i18n.t("brag.continue"), i18n.t("brag.tip.continue"),
                             self.continue_after_reveal, k.K_SPACE, primary=True)]]  # fmt: skip
            if campaign:
                rows.append([leave])  # a campaign sitting may end after any deal
            return rows
        actor = self.state.to_act()
        if actor in (BETWEEN, TERMINAL):
            rows = []
            if actor == BETWEEN and not (self.driver is not None and self.driver.over()):
                rows.append([Control("next", i18n.t("brag.next_game"), i18n.t("brag.tip.next"),
                                     self.next_game, k.K_n, primary=True)])  # fmt: skip
            rows.append([leave])
            return rows
        phase = self.state.phase
        if phase is brag.Phase.SETTING and self.arranging:
            mine = actor == self.human and self.idle()
            rows = [
                [
                    Control(
                        "auto",
                        i18n.t("brag.auto"),
                        i18n.t("brag.tip.auto"),
                        self.auto_arrange,
                        k.K_a,
                    ),  # fmt: skip
                    Control(
                        "clear",
                        i18n.t("brag.clear"),
                        i18n.t("brag.tip.clear"),
                        self.clear_slots,
                        k.K_c,
                    ),  # fmt: skip
                ],
                [
                    Control(
                        "sort",
                        i18n.t("brag.sort_rank" if self.by_suit else "brag.sort_suit"),
                        i18n.t("brag.tip.sort"),
                        self.toggle_sort,
                        k.K_s,
                    )
                ],  # fmt: skip
            ]
            if mine:
                rows.insert(0, [Control("lay", i18n.t("brag.lay"), i18n.t("brag.tip.lay"),
                                        self.lay_down, k.K_l, primary=True)])  # fmt: skip
            return rows
        if actor != self.human or not self.idle():
            return []
        legal = self.state.legal_actions()
        rows = []
        for action in legal:
            rows.append([self.action_control(action)])
        return rows

    def action_control(self, action: Any) -> Control:
        k = pygame

        def do(a: Any = action) -> None:
            if self.state.to_act() == self.human:
                self.apply_human(a)

        if isinstance(action, brag.KeepHand):
            return Control("keep", i18n.t("brag.keep"), i18n.t("brag.tip.keep"), do, k.K_k, True)
        if isinstance(action, brag.SwapHand):
            return Control(f"swap{action.spare}", i18n.t("brag.swap", number=action.spare + 1),
                           i18n.t("brag.tip.swap"), do, k.K_1 + action.spare)  # fmt: skip
        if isinstance(action, brag.DemandRedeal):
            return Control("redeal", i18n.t("brag.demand_redeal"), i18n.t("brag.tip.redeal"),
                           do, k.K_r)  # fmt: skip
        if isinstance(action, brag.PlayOn):
            return Control("play_on", i18n.t("brag.play_on"), "", do, k.K_p, True)
        if isinstance(action, brag.Declare):
            return Control("declare", i18n.t("brag.declare"), i18n.t("brag.tip.declare"),
                           do, k.K_d)  # fmt: skip
        return Control("no_declare", i18n.t("brag.no_declare"), "", do, k.K_n, True)

    # ------------------------------------------------------------------- input
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.pressed is not None and self.dragging is None:
                code, start = self.pressed
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD:
                    self.dragging = code
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.arranging:
            hit = self.card_at(event.pos)
            if hit is not None:
                self.pressed = (hit[0], event.pos)
                self.mouse = event.pos
                return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.arranging:
            if self.mouse_up(event.pos):
                return None
        elif event.type == pygame.KEYDOWN and self.arranging and self.arrange_key(event.key):
            return None
        return super().process_event(event)

    def mouse_up(self, pos: tuple[int, int]) -> bool:
        pressed, dragged = self.pressed, self.dragging
        self.pressed = None
        self.dragging = None
        slot = self.slot_at(pos)
        if dragged is not None:
            if slot is not None:
                self.place(dragged, slot)
            elif self.hand_rect.collidepoint(pos):
                self.to_hand(dragged)
            return True
        if pressed is not None:
            code = pressed[0]
            if code in self.hand:
                self.selected = None if self.selected == code else code
            elif self.selected is not None and slot is not None and len(self.slots[slot]) < 3:
                # With a card picked up, a click anywhere on a set puts it there.
                self.place(self.selected, slot)
            else:
                self.to_hand(code)
            return True
        if slot is not None and self.selected is not None:
            self.place(self.selected, slot)
            return True
        return False

    def arrange_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand:
            step = 1 if key == pygame.K_RIGHT else -1
            if self.selected not in self.hand:
                self.selected = self.hand[0 if step > 0 else -1]
            else:
                i = self.hand.index(self.selected)
                self.selected = self.hand[(i + step) % len(self.hand)]
            return True
        if pygame.K_1 <= key <= pygame.K_4 and self.selected is not None:
            self.place(self.selected, key - pygame.K_1)
            return True
        if key == pygame.K_BACKSPACE:
            for slot in reversed(self.slots):
                if slot:
                    self.to_hand(slot[-1])
                    return True
        return False

    # ------------------------------------------------------------------ drawing
    def layer_key(self) -> tuple[Any, ...] | None:
        return (
            self.app.size,
            tuple(self.hand),
            tuple(tuple(s) for s in self.slots),
            self.selected,
            self.dragging,
            self.mouse if self.dragging else None,
            self.laid,
            self.hold,
            tuple(self.dealt),
            self.spare_cards,
            self.dealt_so_far,
            bool(self.sprites),
            str(self.opp_sets),
            tuple(sorted((k, min(1.0, max(0.0, round(v * 2) / 2))) for k, v in self.flip.items())),
            tuple(self.column_winner),
            self.active_column,
            tuple(self.scores),
            tuple(self.chips),
            tuple(self.fouled),
            self.message[0] if self.message else None,
            self.turn_text(),
            self.state.to_act(),
            self.game_no,
            self.deal_no,
            self.by_suit,
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # Sets turning over are drawn here, every frame, over the cached table.
        for (seat, pos), p in self.flip.items():
            cards = self.opp_sets[seat][pos]
            if 0.0 < p < 1.0 and cards is not None and seat in self.opp_rows:
                row = self.opp_rows[seat]
                top = row.y + (row.height - self.opp_card_h) // 2
                self.draw_set(
                    surface, seat, pos, cards, self.col_x[pos], top, self.opp_card_h, True
                )
        mine = self.state.to_act() == self.human and not self.hold and not self.laid
        if mine and self.arranging and not self.dealing_shown():
            plate = self.plate_rect(self.human)
            self.draw_turn_marker(surface, (plate.centerx, plate.y - self.px(2)))

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_status(surface)
        self.draw_columns(surface)
        for seat in range(1, self.num_seats):
            self.draw_opponent(surface, seat)
        self.draw_human(surface)
        if self.spare_cards:
            self.draw_spares(surface)
        if self.dealt_so_far < 52 and (self.sprites or any(self.dealt) or self.hand):
            back = self.card(None, self.deck_h)
            step = max(1, round(self.u * 2))
            for i in range(3):
                at = (self.deck_pos[0] - i * step, self.deck_pos[1] - i * step)
                surface.blit(back, back.get_rect(center=at))
        self.draw_message(surface, self.message_centre())

    def draw_status(self, surface: pygame.Surface) -> None:
        r = self.status_rect
        target = self.state.options.target
        left = i18n.t("brag.status", game=self.game_no, deal=max(1, self.deal_no), target=target)
        self.caption(surface, left, (r.x + self.px(4), r.centery), 16, GOLD, True, "midleft")
        turn = self.turn_text()
        if turn:
            self.caption(surface, turn, (r.right - self.px(4), r.centery), 17, INK, True, "midright",
                         max_width=r.width // 2)  # fmt: skip

    def turn_text(self) -> str:
        if self.hold:
            return i18n.t("brag.turn.review")
        if self.queue.busy:
            # The engine is ahead of the animation: say what the table is showing.
            if self.active_column >= 0:
                return i18n.t("brag.turn.showdown", set=self.active_column + 1)
            if self.dealing_shown():
                return i18n.t("brag.turn.dealing")
            if all(self.has_set):
                return i18n.t("brag.turn.reveal")
        actor = self.state.to_act()
        if actor in (BETWEEN, TERMINAL):
            return i18n.t("brag.turn.game_over")
        if actor == CHANCE or self.state.phase is brag.Phase.DEALING:
            return i18n.t("brag.turn.dealing")
        if self.state.phase is brag.Phase.SETTING and not self.laid:
            return i18n.t("brag.turn.arrange")
        if actor == self.human:
            return i18n.t("cards.your_turn")
        return i18n.t("cards.waiting", seat=self.seat_name(actor))

    def draw_columns(self, surface: pygame.Surface) -> None:
        top = self.status_rect.bottom
        bottom = self.human_row.bottom
        for pos, cx in enumerate(self.col_x):
            rect = pygame.Rect(
                cx - self.col_w // 2 + self.px(3), top, self.col_w - self.px(6), bottom - top
            )
            if pos == self.active_column and self.column_winner[pos] == "":
                pygame.draw.rect(surface, (246, 214, 140), rect, 2, border_radius=10)
            else:
                pygame.draw.rect(surface, (40, 80, 60), rect, 1, border_radius=10)
            label = i18n.t("brag.set_n", number=pos + 1)
            winner = self.column_winner[pos]
            colour = DIM
            if isinstance(winner, int):
                label = f"{label} · {self.seat_name(winner)}"
                colour = WIN if winner == self.human else GOLD
            elif winner is None:
                label = f"{label} · {i18n.t('brag.tie')}"
            self.caption(surface, label, (cx, top - self.px(1)), 12, colour, True, "midtop",
                         max_width=self.col_w - self.px(10))  # fmt: skip

    def draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        row = self.opp_rows[seat]
        active = self.state.to_act() == seat and not self.hold and not self.dealing_shown()
        score = i18n.t(
            "brag.points_short", points=self.scores[seat], target=self.state.options.target
        )
        self.draw_plate(surface, self.plate_rect(seat), seat, self.chips[seat], active, score)
        h = self.opp_card_h
        top = row.y + (row.height - h) // 2
        if self.dealt[seat]:
            # During the deal: a growing fan of backs in front of the seat.
            back = self.card(None, h)
            for i in range(self.dealt[seat]):
                surface.blit(back, self.fan_card(seat, i))
            return
        for pos in range(4):
            cards = self.opp_sets[seat][pos]
            if cards is None:
                continue
            self.draw_set(surface, seat, pos, cards, self.col_x[pos], top, h)
        if self.fouled[seat]:
            self.caption(surface, i18n.t("brag.fouled"), (self.col_x[1] + self.col_w // 2, row.centery),
                         18, LOSE, True)  # fmt: skip

    def draw_set(
        self,
        surface: pygame.Surface,
        seat: int,
        pos: int,
        cards: tuple[str | None, ...] | list[str],
        cx: int,
        top: int,
        h: int,
        moving: bool = False,
    ) -> None:
        rects = self.set_card_rects(cx, top, h, 3)
        p = self.flip.get((seat, pos), 1.0 if all(c is not None for c in cards) else 0.0)
        if 0.0 < p < 1.0 and not moving:
            return  # turning over: draw_overlay shows it
        winner = self.column_winner[pos] == seat
        if winner:
            glow = rects[0].union(rects[-1]).inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, (246, 214, 140), glow, 3, border_radius=self.px(8))
        for code, rect in zip(cards, rects, strict=False):
            face_up = p >= 0.5 and code is not None
            image = self.card(code if face_up else None, h)
            squash = abs(2 * p - 1) if 0.0 < p < 1.0 else 1.0
            if squash < 0.999:
                image = pygame.transform.scale(
                    image, (max(1, round(image.get_width() * squash)), image.get_height())
                )
            surface.blit(image, image.get_rect(center=rect.center))
        if p >= 1.0 and all(c is not None for c in cards) and seat != self.human:
            kind = brag.rank_set([c for c in cards if c is not None]).kind
            colour = GOLD if winner else INK
            image = self.text.fit(
                i18n.t(f"brag.kind.{kind}"),
                self.col_w - self.px(16),
                self.font_px(12),
                colour,
                True,
            )
            pill = image.get_rect(midbottom=(cx, rects[0].bottom - self.px(3))).inflate(
                self.px(10), self.px(2)
            )
            pygame.draw.rect(surface, (20, 14, 10), pill, border_radius=pill.height // 2)
            surface.blit(image, image.get_rect(center=pill.center))

    def draw_human(self, surface: pygame.Surface) -> None:
        active = self.state.to_act() == self.human and not self.hold and not self.laid
        active = active and not self.dealing_shown()
        score = i18n.t("brag.points_short", points=self.scores[0], target=self.state.options.target)
        plate = self.plate_rect(self.human)
        self.draw_plate(surface, plate, self.human, self.chips[0], active, score)
        for slot, rect in enumerate(self.slot_rects):
            hover = self.dragging is not None and rect.inflate(
                self.px(16), self.px(16)
            ).collidepoint(self.mouse)
            target = self.selected is not None and len(self.slots[slot]) < 3
            edge = (246, 214, 140) if hover or target else (96, 120, 100)
            outline = rect.inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, (10, 40, 28), outline, border_radius=self.px(8))
            pygame.draw.rect(surface, edge, outline, 2, border_radius=self.px(8))
            if not self.slots[slot]:
                self.caption(surface, str(slot + 1), rect.center, 28, (60, 100, 80), True)
            cards = [c for c in self.slots[slot] if c != self.dragging]
            if len(cards) == 3 and self.laid:
                self.draw_set(
                    surface, self.human, slot, cards, self.col_x[slot], rect.y, self.slot_card_h
                )
            else:
                for code, card_rect in zip(
                    cards,
                    self.set_card_rects(self.col_x[slot], rect.y, self.slot_card_h, 3),
                    strict=False,
                ):
                    surface.blit(self.card(code, self.slot_card_h), card_rect)
            text, colour = self.slot_label(slot)
            self.caption(surface, text, (self.col_x[slot], outline.bottom + self.px(1)), 14, colour, True,
                         "midtop", max_width=self.col_w - self.px(8))  # fmt: skip
        discard = self.laid and self.hand
        for code, rect in self.hand_card_rects():
            if code == self.dragging:
                continue
            image = self.card(code, self.hand_card_h)
            if code == self.selected:
                pygame.draw.rect(
                    surface,
                    (255, 208, 96),
                    rect.inflate(self.px(6), self.px(6)),
                    3,
                    border_radius=self.px(8),
                )
            surface.blit(image, rect)
            if discard:
                veil = self.veil(rect.size)
                surface.blit(veil, rect)
        rects = self.hand_card_rects()
        if discard and rects:
            first = rects[0][1]
            self.caption(surface, i18n.t("brag.discarded"), (first.x - self.px(10), first.centery), 15, DIM, True,
                         "midright")  # fmt: skip
        if self.dragging is not None:
            image = self.card(self.dragging, self.slot_card_h)
            surface.blit(image, image.get_rect(center=self.mouse))

    _veils: dict[tuple[int, int], pygame.Surface] = {}

    def veil(self, size: tuple[int, int]) -> pygame.Surface:
        veil = self._veils.get(size)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 130))
            self._veils[size] = veil
        return veil

    def draw_spares(self, surface: pygame.Surface) -> None:
        spares = 4 - self.num_seats
        per = self.spare_cards // max(1, spares)
        back = self.card(None, self.opp_card_h)
        step = max(1, round(self.u))
        for index in range(spares):
            x, y = self.spare_pos(index)
            for i in range(min(per, 13)):
                surface.blit(back, back.get_rect(center=(x + i * step, y - i * step)))
            self.caption(surface, i18n.t("brag.spare", number=index + 1),
                         (x, y + self.opp_card_h // 2 + self.px(4)), 14, GOLD, True, "midtop",
                         max_width=self.col_w - self.px(8))  # fmt: skip

    # ------------------------------------------------------------------ autoplay
    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        if self.autoplay_leaves() and (self.hold or self.state.to_act() in (BETWEEN, TERMINAL)):
            return [lambda: self.click_control("leave")]
        if self.hold:
            return [lambda: self.click_control("continue")]
        actor = self.state.to_act()
        if actor in (BETWEEN, TERMINAL):
            if self.campaign is None and (
                self.state.completed >= self.config.rounds or actor == TERMINAL
            ):
                return [lambda: self.click_control("leave")]
            if "next" in self.controls:
                return [lambda: self.click_control("next")]
            return [lambda: self.click_control("leave")]
        if actor != self.human:
            return []
        view = self.state.view(self.human)
        action = self.autoplay_bot.choose(view, self.state.legal_actions(), self.seat_rng(0))
        if isinstance(action, brag.SetLayout):
            return self.plan_layout([cards52.codes(s) for s in action.sets])
        key = self.action_control(action).key
        return [lambda: self.click_control(key)]

    def plan_layout(self, sets: list[list[str]]) -> list[Callable[[], list[pygame.event.Event]]]:
        plan: list[Callable[[], list[pygame.event.Event]]] = []
        if any(self.slots):
            plan.append(lambda: self.click_control("clear"))
        for index, cards in enumerate(sets):
            for n, code in enumerate(cards):
                if n == 0:
                    # The first card of each set is dragged, the others clicked: both paths.
                    plan.append(functools.partial(self.drag_card, code, index))
                else:
                    plan.append(functools.partial(self.click_card, code))
                    plan.append(functools.partial(self.click_slot, index))
        plan.append(lambda: self.click_control("lay"))
        return plan

    def click_slot(self, slot: int) -> list[pygame.event.Event]:
        return left_click(self.slot_rects[slot].center)

    def card_centre(self, code: str) -> tuple[int, int] | None:
        for c, rect in self.hand_card_rects():
            if c == code:
                # Aim at the part of the card not covered by its right-hand neighbour.
                return (rect.x + self.px(10), rect.centery)
        return None

    def click_card(self, code: str) -> list[pygame.event.Event]:
        at = self.card_centre(code)
        return left_click(at) if at is not None else []

    def drag_card(self, code: str, slot: int) -> list[pygame.event.Event]:
        at = self.card_centre(code)
        if at is None:
            return []
        return drag(at, self.slot_rects[slot].center)


# ------------------------------------------------------------------------- replay
def create_replay(app: App, record: history.HandRecord) -> Cards52Table | None:
    """The hook ``game.scenes.history.make_replay`` calls (None: the record is damaged,
    and the player has been told)."""
    return open_replay(
        app, record, brag.BragView, lambda events, start: BragReplay(app, record, events, start)
    )


def this_deal(events: list[Event]) -> list[Event]:
    """The recorded events without the next deal's start: the engine opens the next
    deal in the step that ends this one, and the replay ends on this deal's reveal."""
    end = len(events)
    while end and isinstance(events[end - 1], brag.DealStarted | brag.GameStarted):
        end -= 1
    return events[:end] if any(isinstance(e, brag.DealEnded) for e in events[:end]) else events


class BragReplay(Cards52Replay, BragTable):
    """One recorded deal on the Brag table (see ``Cards52Replay``). A step is what the
    player took in at once: the whole deal of cards, one seat setting, one column's
    reveal with its winner, one round of payments."""

    name = "brag-replay"

    def __init__(
        self,
        app: App,
        record: history.HandRecord,
        events: list[Event],
        start: brag.BragView | None,
    ) -> None:
        self.begin_replay(record, this_deal(events))
        self.start_view = start
        seats = len(record.seats)
        rules = []
        if start is not None:
            rules = [(f.name, getattr(start.options, f.name)) for f in fields(start.options)]
        super().__init__(app, replay_config("brag", seats, list(record.chips), rules))
        self.finish_replay_setup()

    def joins_step(self, previous: Event, event: Event) -> bool:
        if isinstance(event, brag.CardDealt):
            return isinstance(previous, brag.CardDealt)
        if isinstance(event, brag.SetRevealed):
            return isinstance(previous, brag.SetRevealed) and previous.position == event.position
        if isinstance(event, brag.ShowdownResult):
            return isinstance(previous, brag.SetRevealed)
        if isinstance(event, brag.PointsScored):
            return isinstance(previous, brag.ShowdownResult) and event.reason == "showdown"
        if isinstance(event, brag.ChipsPaid):
            return isinstance(previous, brag.ChipsPaid)
        return False

    def reset_replay_view(self) -> None:
        self.hold = False
        self.next_deal = None
        self.game_winner = None
        self.by_suit = False
        self.reset_deal_view()
        self.queued_fan = [0] * self.num_seats
        self.deal_queued = 0
        self.chips = self.start_chips(self.start_view)
        if self.start_view is not None:
            self.scores = list(self.start_view.scores)
            self.game_no, self.deal_no, self.dealer = (
                self.start_view.game, self.start_view.deal, self.start_view.dealer,
            )  # fmt: skip
        else:
            self.scores, self.game_no, self.deal_no = self.derived_start()
        opening = (brag.DealStarted, brag.GameStarted, brag.Rebought)
        first = self.recorded[0] if self.recorded else None
        if self.start_view is not None and not isinstance(first, opening):
            # The deal opened in the step that ended the one before: say what it said.
            text = self.you("brag.log.deal", deal=self.deal_no, seat=self.seat_name(self.dealer))
            self.say(text, GOLD)

    def derived_start(self) -> tuple[list[int], int, int]:
        """Scores, game and deal numbers as the deal began, from the events alone (a
        record kept before the start view was): a seat's first score less its points."""
        n = self.num_seats
        scores: list[int | None] = [None] * n
        deal = game = 0
        for event in self.recorded:
            if isinstance(event, brag.GameStarted):
                game = game or event.game - 1
                break
            if isinstance(event, brag.DealStarted):
                deal = deal or event.deal
            elif isinstance(event, brag.PointsScored) and scores[event.seat] is None:
                scores[event.seat] = event.score - event.points
            elif isinstance(event, brag.DealEnded | brag.GameWon):
                deal = deal or getattr(event, "deal", 0)
                scores = [s if s is not None else event.scores[i] for i, s in enumerate(scores)]
        return [s or 0 for s in scores], max(1, game), max(1, deal)

    @property
    def arranging(self) -> bool:
        return False  # the recorded layout is shown; nothing is arranged here

    def turn_text(self) -> str:
        return self.step_text()
