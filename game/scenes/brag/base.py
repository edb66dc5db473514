"""The Brag table's display model and the player's unplaced cards.

The table is one scene built from role modules, each a class in one chain:
``BragBase`` (this: the display model) -> ``BragLayout`` (where things sit) ->
``BragAnimate`` (events -> steps) -> ``BragPaint`` (draws the model) ->
``BragControls`` (legal actions -> controls, arranging, input) -> ``BragTable``
(the engine loop, ``scene.py``).
"""

from __future__ import annotations

from typing import Any

from ai import make_player
from game import games
from game.app import App
from game.rules import brag
from game.scenes.kit.table import Table
from game.scenes.kit.words import tw
from game.scenes.table import QuickPlayConfig, engine_options
from game.session.config import seat_personality
from game.storage.serialize import TableSnapshot

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternate colours when sorted by suit
RANK_ORDER = {r: i for i, r in enumerate("23456789TJQKA")}
DRAG_THRESHOLD = 6


class BragBase(Table):
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
        self.bots = {
            seat: make_player("brag", config.opponents[seat - 1], seat_personality(config, seat))
            for seat in range(1, n)
        }
        self.attach_driver(self.bots)
        self.autoplay_bot = make_player("brag", "normal")
        # Display model: what the player has seen so far (it lags the engine).
        self.hand: list[str] = []  # the player's unplaced cards, in display order
        self.slots: list[list[str]] = [[], [], [], []]
        # The cards picked up from the hand, in the order clicked: a set's column then
        # takes as many as it has room for (one click per card, one for the set).
        self.picked: list[str] = []
        # The card in the hand the keyboard is on (←/→ move it, Space picks it up).
        self.card_focus: str | None = None
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
        self.unplayed: set[int] = set()  # sets turned up after the game was already won
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
        self.say(tw("brag.hint"), "dim")  # how to arrange, by mouse and by keys

    def synced(self) -> None:
        self.chips = list(self.state.chips)
        self.scores = list(self.state.scores)
        self.game_no = self.state.game_no
        self.hold = False
        self.next_deal = None

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

    def register_handlers(self) -> None:
        """Route each event type to its animation (``animate.py``)."""
