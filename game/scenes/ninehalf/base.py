"""The Nine and a Half table's display model and what it knows of the engine.

The table is one scene built from role modules, each a class in one chain:
``NineHalfBase`` (this: the display model) -> ``NineHalfLayout`` (the seats' pods)
-> ``NineHalfAnimate`` (events -> steps) -> ``NineHalfPaint`` (draws the model) ->
``NineHalfControls`` (legal actions -> controls, input) -> ``NineHalfTable`` (the
engine loop, ``scene.py``).
"""

from __future__ import annotations

from typing import Any

from ai import make_player
from game import games, i18n
from game.app import App
from game.rules import ninehalf as nh
from game.scenes.kit.table import Table, half_points
from game.scenes.table import QuickPlayConfig, engine_options
from game.session.config import seat_personality
from game.storage.serialize import TableSnapshot


class NineHalfBase(Table):
    name = "ninehalf-table"
    game = "ninehalf"
    turn_keys = ("nh.turn.between", "nh.match_over", "nh.turn.{phase}")

    def __init__(
        self,
        app: App,
        config: QuickPlayConfig,
        campaign: Any = None,
        resume: TableSnapshot | None = None,
    ) -> None:
        super().__init__(app, config, campaign, resume)
        self.open_targets: list[int] = []
        self.register_handlers()
        n = self.num_seats
        self.state = self.new_state(
            lambda: games.get(self.game).new_state(
                n,
                config.starting_chips,
                options=engine_options(config),
                dealer=self.rng.randrange(n),
            )
        )
        self.options = self.state.options
        self.bots = {
            s: make_player("ninehalf", config.opponents[s - 1], seat_personality(config, s))
            for s in range(1, n)
        }
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
        self.deal_over = False  # the deal has been settled (its result is shown)
        self.dealer = self.state.dealer
        self.limit = self.state.limit
        self.deal_no = 1
        self.stepper = 1
        self.stepper_for = ""
        self.target = -1  # the seat the challenge button names
        self.hover_seat = -1
        self.between_noted = False
        self.thinking = -1  # no computer seat is thinking (kit: Table.thinking)
        self.say(self.you("nh.log.welcome", seat=self.seat_name(self.dealer)), "gold")

    def synced(self) -> None:
        self.chips = list(self.state.chips)
        self.dealer = self.state.dealer
        self.limit = self.state.limit

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

    def open_seats(self) -> list[int]:
        if self.state.phase != nh.DEALER or self.state.to_act() != self.human:
            return []
        return [a.seat for a in self.state.legal_actions() if isinstance(a, nh.Challenge)]

    def stakes_for(self, seat: int) -> int:
        """The seat's ante + bet as the engine has it (the display may lag behind)."""
        return self.state.antes[seat] + self.state.bets[seat]

    def observe(self) -> None:
        super().observe()
        self.open_targets = self.open_seats()  # the seats painting may show as challengeable

    def register_handlers(self) -> None:
        """Route each event type to its animation (``animate.py``)."""
