"""Sabacc presets: each rule set is a frozen bundle of options (RULES.md §1).

A preset is data.  The engine reads these switches; where a rule set differs
in shape (how a hand is scored, which deck), the option names the hook.
Every option here is shown in the game's house-rules screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import sabacc_cards as sc

PRESET_NAMES = (
    "classic",
    "two-exchange",
    "great-khan",
    "centran",
    "force",
    "cloud-city",
    "figg",
    "empress-teta",
    "random",
)

# Value rules a venue (or Random Sabacc) can switch between (RULES.md §1.4,
# "Suit signs" and "Random Sabacc").  Each maps a card to its value.
VALUE_RULES = ("standard", "suit-signs", "high-ranks", "mirror")


@dataclass(frozen=True, slots=True)
class SabaccOptions:
    """Every switch of the Sabacc engine.  Defaults are Classic (§1.4)."""

    preset: str = "classic"
    # -- deck and values -------------------------------------------------
    deck: str = "standard"  # "standard" (76 cards) or "centran" (78 cards)
    value_rule: str = "standard"  # one of VALUE_RULES; "suit-signs" is the local rule
    # -- money -----------------------------------------------------------
    hand_ante: int = 1
    sabacc_ante: int = 1  # paid only while the Sabacc pot is empty
    fold_fee: int = 1
    bet_cap: int = 10  # per player per hand; None-like 0 means no cap
    wookiee: bool = False  # Wookiee rules: no cap on bets
    # -- local rules -----------------------------------------------------
    interference_field: bool = False
    min_rounds: int = 0  # 0: the number of players in the hand
    bombout_penalty: bool = False
    failed_call_penalty: bool = False
    random_sabacc: bool = False
    random_change_chance: float = 1 / 6  # per round, when random_sabacc is on
    # -- ranking hooks (RULES.md §1.6-1.7) --------------------------------
    zero_hands: bool = False  # Cloud City Casino: 4-5 card hands may play for zero
    figg_faces: bool = False  # Ecclessis Figg: odd-valued faces count positive
    straights: bool = False  # Empress Teta: five consecutive ranks
    wild_fives: bool = False  # Centran: each 5 claims any value 1-15
    legate_tiebreak: bool = False  # Centran: a Legate beats an ordinary 11
    ace_low_option: bool = False  # Great Khan: an Ace may count 1 or 15
    # -- match -----------------------------------------------------------
    hands_limit: int = 0  # 0: play until one player holds every chip

    def __post_init__(self) -> None:
        if self.deck not in ("standard", "centran"):
            raise ValueError(f"unknown deck {self.deck!r}")
        if self.value_rule not in VALUE_RULES:
            raise ValueError(f"unknown value rule {self.value_rule!r}")
        if self.hand_ante < 0 or self.sabacc_ante < 0 or self.fold_fee < 0:
            raise ValueError("antes and fees cannot be negative")
        if self.bet_cap < 0 or self.min_rounds < 0 or self.hands_limit < 0:
            raise ValueError("caps, rounds and limits cannot be negative")

    @property
    def capped(self) -> bool:
        return not self.wookiee and self.bet_cap > 0

    def with_(self, **changes: object) -> SabaccOptions:
        return replace(self, **changes)  # type: ignore[arg-type]


CLASSIC = SabaccOptions()

PRESETS: dict[str, SabaccOptions] = {
    "classic": CLASSIC,
    "random": SabaccOptions(preset="random", random_sabacc=True),
    "two-exchange": SabaccOptions(preset="two-exchange", hand_ante=5, sabacc_ante=5),
    "great-khan": SabaccOptions(preset="great-khan"),
    "centran": SabaccOptions(
        preset="centran", deck="centran", wild_fives=True, legate_tiebreak=True
    ),
    "force": SabaccOptions(preset="force"),
    "cloud-city": SabaccOptions(preset="cloud-city", zero_hands=True),
    "figg": SabaccOptions(preset="figg", figg_faces=True),
    "empress-teta": SabaccOptions(preset="empress-teta", straights=True),
}

# The presets whose whole flow of play runs on this engine today.  The others
# rank hands already (rank_hand) and get their own turn structure in the
# preset hooks.
PLAYABLE_PRESETS = ("classic", "random", "centran", "cloud-city", "figg", "empress-teta")


def options_for(preset: str) -> SabaccOptions:
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(
            f"unknown Sabacc preset {preset!r}; choose from {', '.join(PRESET_NAMES)}"
        ) from None


def value_table(options: SabaccOptions, value_rule: str | None = None) -> tuple[int, ...]:
    """The value of every card kind under ``value_rule`` (default: the options')."""
    rule = value_rule or options.value_rule
    values = list(sc.BASE_VALUES)
    if rule == "suit-signs":
        # Sabres and Staves count negative; Coins and Flasks stay positive.
        for card in range(sc.FIRST_FACE):
            if card // 15 in (2, 3):
                values[card] = -values[card]
        for legate in (sc.FIRST_LEGATE + 2, sc.FIRST_LEGATE + 3):
            values[legate] = -values[legate]
    elif rule == "high-ranks":
        # A venue remap: Commander, Mistress, Master and Ace all count 10.
        for card in range(sc.FIRST_FACE):
            if card % 15 + 1 >= 12:
                values[card] = 10
    elif rule == "mirror":
        # Every sign flips: suit cards negative, face cards positive.
        values = [-v for v in values]
    return tuple(values)
