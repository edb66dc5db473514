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

# The turn structures (RULES.md §1.4-1.7).  Each is a named flow hook in the one
# engine (game/rules/sabacc.py): the antes, deck, betting helpers, showdown,
# Sudden Demise, events and views are shared.
# Players and tables name a flow by these, never by its spelling.
CLASSIC_FLOW = "classic"
TWO_EXCHANGE_FLOW = "two-exchange"
GREAT_KHAN_FLOW = "great-khan"
FORCE_FLOW = "force"
FLOWS = (CLASSIC_FLOW, TWO_EXCHANGE_FLOW, GREAT_KHAN_FLOW, FORCE_FLOW)
BOMBOUT_FINES = ("hand-pot", "per-point", "stake")
TIE_BREAKS = ("sudden-demise", "extra-cards")

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
    fairy_empress: bool = False  # §1.8: the two Queens count -22 and top the |22| hands
    negative_wins_ties: bool = False  # §1.8: at equal |total| the negative total wins
    # -- flow hooks (RULES.md §1.5-1.7) ------------------------------------
    flow: str = "classic"  # one of FLOWS: which turn structure a hand follows
    sabacc_ante_always: bool = False  # Two-Exchange, Great Khan: the Sabacc ante every hand
    open_betting: bool = False  # poker-style betting: anyone may open, check or raise
    stake: int = 0  # Great Khan: the Stake paid to call, to freeze, and as a bomb-out fine
    bombout_fine: str = "hand-pot"  # one of BOMBOUT_FINES (when bombout_penalty is on)
    zero_fine: int = 5  # "per-point" fines: what a total of exactly 0 costs
    demise_penalty: bool = True  # bombing out in Sudden Demise pays the fine too
    demise_fallback: bool = True  # all Sudden Demise players bombed: best hand of all wins
    tie_break: str = "sudden-demise"  # one of TIE_BREAKS
    tie_rounds_limit: int = 8  # "extra-cards": rounds of tie cards before the pot is split
    all_check_no_winner: bool = False  # Two-Exchange: nobody bets -> hand pot to Sabacc pot
    dice_exchange: bool = True  # Great Khan: the 2d6 + player die after every turn
    stasis_field: bool = True  # Great Khan: freezing cards for the Stake
    round_limit: int = 0  # Great Khan: after this many rounds the dealer calls (0: never)
    sabacc_wins_match: bool = False  # Great Khan: a lone Pure Sabacc / Array wins the game
    inverted_chance: float = 0.0  # Force: chance a card after the first comes inverted
    swap_before_showdown: bool = False  # Empress Teta: one swap each after the call
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
        if self.flow not in FLOWS:
            raise ValueError(f"unknown Sabacc flow {self.flow!r}; choose from {', '.join(FLOWS)}")
        if self.bombout_fine not in BOMBOUT_FINES:
            raise ValueError(f"unknown bomb-out fine {self.bombout_fine!r}")
        if self.tie_break not in TIE_BREAKS:
            raise ValueError(f"unknown tie break {self.tie_break!r}")
        if self.stake < 0 or self.zero_fine < 0 or self.round_limit < 0:
            raise ValueError("stakes, fines and round limits cannot be negative")
        if self.tie_rounds_limit < 1:
            raise ValueError("ties need at least one round of extra cards")
        if not 0.0 <= self.inverted_chance <= 1.0:
            raise ValueError("the inverted-card chance is a probability (0 to 1)")
        if not 0.0 <= self.random_change_chance <= 1.0:
            raise ValueError("the rule-change chance is a probability (0 to 1)")

    @property
    def capped(self) -> bool:
        return not self.wookiee and self.bet_cap > 0

    def with_(self, **changes: object) -> SabaccOptions:
        return replace(self, **changes)  # type: ignore[arg-type]


CLASSIC = SabaccOptions()

# Two-Exchange (RULES.md §1.5): 5 + 5 antes every hand, draw until standing,
# lock-and-exchange twice around one poker-style betting round, per-point
# bomb-out fines and ties broken by extra cards even beyond ±23.  Folding is
# free (the seed names no fee); the per-hand bet cap is a house rule (20).
# "The first player is drawn at random": the match's first dealer is drawn by
# whoever starts it (new_game's seed_dealer), the dealer's left plays first,
# and the deal passes left each hand.
TWO_EXCHANGE = SabaccOptions(
    preset="two-exchange",
    flow="two-exchange",
    hand_ante=5,
    sabacc_ante=5,
    sabacc_ante_always=True,
    open_betting=True,
    fold_fee=0,
    bet_cap=20,
    bombout_penalty=True,
    bombout_fine="per-point",
    demise_penalty=False,
    tie_break="extra-cards",
    all_check_no_winner=True,
)

# Great Khan (RULES.md §1.6): the Stake (5) into the Sabacc pot every hand,
# draw / exchange / stay turns and fold / bet / call betting with the dice
# after every turn, the stasis field for the Stake.  The dealer calls after
# ten rounds (a house rule so that every hand ends).
GREAT_KHAN = SabaccOptions(
    preset="great-khan",
    flow="great-khan",
    hand_ante=0,
    sabacc_ante=5,
    sabacc_ante_always=True,
    open_betting=True,
    stake=5,
    fold_fee=0,
    bet_cap=20,
    bombout_penalty=True,
    bombout_fine="stake",
    demise_penalty=False,
    demise_fallback=False,
    round_limit=10,
    sabacc_wins_match=True,
)

PRESETS: dict[str, SabaccOptions] = {
    "classic": CLASSIC,
    "random": SabaccOptions(preset="random", random_sabacc=True),
    "two-exchange": TWO_EXCHANGE,
    "great-khan": GREAT_KHAN,
    "centran": SabaccOptions(
        preset="centran", deck="centran", wild_fives=True, legate_tiebreak=True
    ),
    "force": SabaccOptions(preset="force", flow="force", inverted_chance=1 / 8),
    "cloud-city": SabaccOptions(preset="cloud-city", zero_hands=True),
    "figg": SabaccOptions(preset="figg", figg_faces=True),
    "empress-teta": SabaccOptions(preset="empress-teta", straights=True, swap_before_showdown=True),
}

# Every preset's whole flow of play runs on the one engine.
PLAYABLE_PRESETS = PRESET_NAMES


def deck_of(options: SabaccOptions) -> list[sc.Card]:
    """The cards of ``options``' deck, in order: the standard 76 or Centran's 78."""
    return sc.centran_deck() if options.deck == "centran" else sc.standard_deck()


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
