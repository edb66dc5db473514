"""The Kessel table's display model and what it knows of the engine.

The table is one scene built from role modules, each a class in one chain:
``KesselBase`` (this: the display model) -> ``KesselLayout`` (where things sit) ->
``KesselAnimate`` (events -> steps) -> ``KesselPaint`` (draws the model) ->
``KesselControls`` (legal actions -> controls, pickers, input) -> ``KesselTable``
(the engine loop, ``scene.py``).

The model lags the engine: it changes only as each event's animation plays, and it
holds only what seat 0 has been told (``Event.for_seat(0)``): another seat's card is
``None`` (face down) until the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai import make_player
from game import games, i18n
from game.app import App
from game.rules import kessel as kg
from game.scenes.kit.table import Table
from game.scenes.kit.words import tw
from game.scenes.refusals import refusal
from game.scenes.table import QuickPlayConfig, engine_options
from game.storage.serialize import TableSnapshot

FAMILIES = ("sand", "blood")
Card = str | None | bool  # a code, None face down, False no card


@dataclass(slots=True)
class Dice:
    """The 2d6 on the table: whose, what for, the faces and the one taken."""

    seat: int
    faces: tuple[int, int]
    purpose: str  # "impostor" | "prime"
    chosen: int | None = None
    roll: float = 1.0  # 0..1 while tumbling


class KesselBase(Table):
    name = "kessel-table"
    game = "sabacc"
    turn_keys = ("kt.turn.between", "kt.turn.over", "kt.turn.{phase}")

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
        self.refused = ""  # house rules the engine refused for this table (the player is told)
        self.state = self.new_state(lambda: self.fresh_game(config, n))
        self.options: kg.KesselOptions = self.state.options
        preset = self.options.preset
        self.bots = {
            s: make_player("sabacc", config.opponents[s - 1], preset=preset) for s in range(1, n)
        }
        self.attach_driver(self.bots)
        if self.campaign is None and self.driver is not None:
            # Kessel is played to the last one standing: nobody buys back in.
            self.driver.rebuy_to = None  # type: ignore[attr-defined]
            self.driver.preset = preset  # type: ignore[attr-defined]
        self.autoplay_bot = make_player("sabacc", "normal", preset=preset)
        self.reset_model()
        self.say(self.you("kt.log.welcome", count=self.state.chips[0]), "gold")
        if self.refused:
            self.say(tw("kt.log.refused", reason=self.refused), "bad")

    def fresh_game(self, config: QuickPlayConfig, seats: int) -> kg.KesselState:
        """A new match by the config's rules; house rules the engine refuses for this
        table (a token draft for six or more) give way to the preset's defaults."""
        entry = games.get("sabacc")
        try:
            options = engine_options(config)
            state = entry.new_state(seats, config.starting_chips, config.preset, options)
        except (TypeError, ValueError) as error:
            self.refused = refusal(error)
            state = entry.new_state(seats, config.starting_chips, config.preset)
        assert isinstance(state, kg.KesselState)
        return state

    def reset_model(self) -> None:
        """The display model from the engine as it stands (a new or resumed table)."""
        n = self.num_seats
        st = self.state
        self.chips = list(st.chips)
        self.pots = list(st.pots)
        self.in_game = list(st.in_game)
        self.hands: list[list[Card]] = [[False, False] for _ in range(n)]
        self.drawn: dict[int, tuple[str | None, int]] = {}
        self.discards: list[list[str]] = [[], []]
        self.round_no = st.round_no
        self.turn = st.turn
        self.starting = st.starting
        self.latest: list[str | None] = [None] * n
        self.hands_shown = False  # the round's hands are shown: its turns and last moves are over
        self.token_counts = [len(t) for t in st.tokens]
        self.my_tokens: list[str] = list(st.tokens[self.human])
        self.round_tokens: list[list[str]] = [[] for _ in range(n)]
        self.spent: list[list[str]] = [list(p) for p in st.played]
        self.rules: dict[str, int] = {}  # markdown / cook-the-books / major-fraud / prime
        self.immune = [False] * n
        self.embargoed = [False] * n
        self.dice: Dice | None = None
        self.ranks: list[tuple[str, int, int] | None] = [None] * n  # kind, difference, pair
        self.winners: tuple[int, ...] = ()
        self.flourish: dict[tuple[int, int], tuple[float, int]] = {}
        self.hit: dict[int, float] = {}  # seat -> 0..1 flash of a token aimed at it
        self.game_winners: tuple[int, ...] = ()
        self.picked: list[str] = []  # the tokens ticked in the picker
        self.targeting: str | None = None  # a token waiting for its target
        self.hover_seat = -1
        self.mouse = (0, 0)
        self.queued_draw: set[int] = set()  # seats whose draw is queued, not yet settled
        self.reveal_p = 1.0
        self.revealing = False
        self.swap_p = 1.0
        self.swapping: tuple[int, int] | None = None
        self.between_noted = False
        self.thinking = -1

    def synced(self) -> None:
        st = self.state
        self.chips = list(st.chips)
        self.pots = list(st.pots)
        self.in_game = list(st.in_game)
        self.my_tokens = list(st.tokens[self.human])
        self.token_counts = [len(t) for t in st.tokens]

    def human_view(self) -> kg.KesselView:
        return self.state.view(self.human)

    def register_handlers(self) -> None:
        """Route each event type to its animation (``animate.py``)."""

    def rank_words(self, kind: str, total: int, pair: int) -> str:
        """A hand's name: "Pure Sabacc", "Sabacc 3/3", "difference 2"."""
        if kind == "sabacc" and pair:
            return i18n.t("kt.kind.sabacc_pair", value=pair)
        return i18n.t(f"kessel.kind.{kind}", total=total)

    def rule_badges(self) -> list[str]:
        """The rule changes in force this round, in words."""
        out = []
        for rule in ("markdown", "cook-the-books", "major-fraud"):
            if rule in self.rules:
                out.append(i18n.t(f"kessel.token.{rule}"))
        if "prime-sabacc" in self.rules:
            value = self.rules["prime-sabacc"]
            out.append(i18n.t("kt.prime_badge", value=value))
        return out
