"""The Kessel table's display model: what the player sees right now.

The model lags the engine: only animation steps change it (``animate``), and it
holds only what seat 0 has been told (``Event.for_seat(0)``): another seat's card is
``None`` (face down) until the reveal. Painting reads only it (``paint``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import i18n
from game.rules import kessel as kg
from game.rules import kessel_cards as kc

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


def rank_words(kind: str, total: int, pair: int) -> str:
    """A hand's name: "Pure Sabacc", "Sabacc 3/3", "difference 2"."""
    if kind == "sabacc" and pair:
        return i18n.t("kt.kind.sabacc_pair", value=pair)
    return i18n.t(f"kessel.kind.{kind}", total=total)


@dataclass
class KesselModel:
    """Every seat's chips, pot, cards, tokens and news, the piles, the round's facts,
    the rules in force, the dice and the motions under way (a reveal, a swap)."""

    seats: int
    human: int = 0
    chips: list[int] = field(default_factory=list)
    pots: list[int] = field(default_factory=list)
    in_game: list[bool] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    drawn: dict[int, tuple[str | None, int]] = field(default_factory=dict)
    discards: list[list[str]] = field(default_factory=lambda: [[], []])
    round_no: int = 0
    turn: int = 0
    starting: int = 0
    latest: list[str | None] = field(default_factory=list)
    #: The round's hands are shown: its turns and last moves are over.
    hands_shown: bool = False
    token_counts: list[int] = field(default_factory=list)
    my_tokens: list[str] = field(default_factory=list)
    round_tokens: list[list[str]] = field(default_factory=list)
    spent: list[list[str]] = field(default_factory=list)
    rules: dict[str, int] = field(default_factory=dict)  # markdown / cook-the-books / ... / prime
    immune: list[bool] = field(default_factory=list)
    embargoed: list[bool] = field(default_factory=list)
    dice: Dice | None = None
    ranks: list[tuple[str, int, int] | None] = field(default_factory=list)  # kind, diff, pair
    winners: tuple[int, ...] = ()
    flourish: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    hit: dict[int, float] = field(default_factory=dict)  # seat -> 0..1 flash of a token
    game_winners: tuple[int, ...] = ()
    queued_draw: set[int] = field(default_factory=set)  # draws queued, not yet settled
    reveal_p: float = 1.0
    revealing: bool = False
    swap_p: float = 1.0
    swapping: tuple[int, int] | None = None

    @classmethod
    def of(cls, state: kg.KesselState, human: int) -> KesselModel:
        """The model of the engine as it stands (a new or resumed table)."""
        n = len(state.chips)
        model = cls(n, human)
        model.chips = list(state.chips)
        model.pots = list(state.pots)
        model.in_game = list(state.in_game)
        model.new_round(state.round_no, state.starting)
        model.turn = state.turn
        model.token_counts = [len(t) for t in state.tokens]
        model.my_tokens = list(state.tokens[human])
        model.spent = [list(p) for p in state.played]
        return model

    def new_round(self, round_no: int, starting: int) -> None:
        """A round's fresh start: no cards, no news, no rules, no dice."""
        n = self.seats
        self.round_no, self.starting, self.turn = round_no, starting, 0
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

    def synced(self, state: kg.KesselState) -> None:
        """After a catch-up: the numbers from the engine."""
        self.chips = list(state.chips)
        self.pots = list(state.pots)
        self.in_game = list(state.in_game)
        self.my_tokens = list(state.tokens[self.human])
        self.token_counts = [len(t) for t in state.tokens]

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
