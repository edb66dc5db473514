"""Sabacc's phases, chance steps and actions (the moves a seat can make).

Split from :mod:`game.rules.sabacc`, which re-exports every public name here:
``sabacc.Bet``, ``sabacc.CHECK`` and ``sabacc.BETTING`` are these.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import sabacc_cards as sc
from .base import whole_number

# -- phases -------------------------------------------------------------------
BETTING = "betting"
SHIFTING = "shifting"
CALLING = "calling"
DRAWING = "drawing"
DISCARDING = "discarding"  # the drawer, after drawing, discards or keeps
HITTING = "hitting"  # Two-Exchange: draw one card at a time until standing
EXCHANGING = "exchanging"  # Two-Exchange: lock cards, then exchange the rest
TURNS = "turns"  # Great Khan step 1: draw, exchange one card, or stay
DECLARING = "declaring"  # Force: Light or Dark on the first card
FINAL_DISCARD = "final-discard"  # Force: one face-up discard before scoring
SWAPPING = "swapping"  # Empress Teta: one swap each before the showdown
SHOWDOWN = "showdown"
HAND_OVER = "hand-over"
MATCH_OVER = "match-over"

# -- chance tasks ---------------------------------------------------------------
_DEAL = 0  # a card to a seat at the start of the hand
_DIE = 1  # the lead's shift die
_SHIFT_PICK = 2  # the card a shift takes from a seat
_SHIFT_DEAL = 3  # the replacement after a shift
_DRAW = 4  # the drawing phase's card
_DEMISE = 5  # a Sudden Demise card
_RULES = 6  # Random Sabacc: do the local rules change?
_CARD = 7  # one card to a seat mid-flow (hit, exchange, swap); the flow resumes
_DICE = 8  # Great Khan: the dealer's 2d6 (outcome 10 * first + second)
_PLAYER_DIE = 9  # Great Khan: the player die after doubles
_DICE_PICK = 10  # Great Khan: the random unfrozen card the dice take
_DICE_SWAP = 11  # Great Khan: the deck's card in exchange
_INVERT = 12  # Force: does the card just dealt come inverted? (1 yes, 0 no)

LIGHT = "light"
DARK = "dark"


# -- actions ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check:
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Call:
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Raise:
    amount: int  # how far above the current highest bet

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Fold:
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class CallHand:
    """Call the hand: everybody reveals (the calling phase)."""

    def __str__(self) -> str:
        return "call the hand"


@dataclass(frozen=True, slots=True)
class PassCall:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Stand:
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class PlaceInField:
    card: int

    def __str__(self) -> str:
        return f"field {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Lock:
    """Two-Exchange: lay a card face down; it stays through both exchanges."""

    card: int

    def __str__(self) -> str:
        return f"lock {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Two-Exchange: discard every unlocked card and receive as many."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class ExchangeCard:
    """Great Khan: swap one card with the deck (it goes face up on the pile)."""

    card: int

    def __str__(self) -> str:
        return f"exchange {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Freeze:
    """Great Khan: put a card in the stasis field (the Stake, once a turn)."""

    card: int

    def __str__(self) -> str:
        return f"freeze {sc.code(self.card)}"


@dataclass(frozen=True, slots=True)
class Declare:
    """Force: play for the Light (+23) or the Dark (-23)."""

    side: str

    def __str__(self) -> str:
        return f"declare {self.side}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Empress Teta: swap one card with the deck before the showdown."""

    card: int

    def __str__(self) -> str:
        return f"swap {sc.code(self.card)}"


Action = (
    Check
    | Bet
    | Call
    | Raise
    | Fold
    | CallHand
    | PassCall
    | Draw
    | Stand
    | Discard
    | Keep
    | PlaceInField
    | Lock
    | Exchange
    | ExchangeCard
    | Freeze
    | Declare
    | Swap
)

ACTION_TYPES: tuple[type, ...] = Action.__args__
_CARD_ACTIONS = (Discard, PlaceInField, Lock, ExchangeCard, Freeze, Swap)


def verify_form(action: object) -> None:
    """Is ``action`` a well-formed Sabacc action?  Whether it is legal *now*
    is the state's to say; this only refuses what no moment allows: another
    game's action, a card number past the deck, a fractional or non-numeric
    amount.  ``ValueError`` naming the problem (``TypeError`` for a field of
    the wrong Python type)."""
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"{action!r} is not a Sabacc action")
    if isinstance(action, _CARD_ACTIONS):
        sc.check_card(action.card)
    elif isinstance(action, Bet):
        whole_number(action.amount, "a bet")
    elif isinstance(action, Raise):
        whole_number(action.amount, "a raise")


CHECK = Check()
CALL = Call()
FOLD = Fold()
CALL_HAND = CallHand()
PASS_CALL = PassCall()
DRAW = Draw()
STAND = Stand()
KEEP = Keep()
EXCHANGE = Exchange()
STAY = STAND  # Great Khan's "stay" is a stand
DECLARE_LIGHT = Declare(LIGHT)
DECLARE_DARK = Declare(DARK)
_LOCKS = [Lock(c) for c in range(sc.NUM_CARD_KINDS)]
_EXCHANGES = [ExchangeCard(c) for c in range(sc.NUM_CARD_KINDS)]
_FREEZES = [Freeze(c) for c in range(sc.NUM_CARD_KINDS)]
_SWAPS = [Swap(c) for c in range(sc.NUM_CARD_KINDS)]
_BETS = [Bet(n) for n in range(0, 201)]
_RAISES = [Raise(n) for n in range(0, 201)]
_DISCARDS = [Discard(c) for c in range(sc.NUM_CARD_KINDS)]
_FIELDS = [PlaceInField(c) for c in range(sc.NUM_CARD_KINDS)]


def _bet(n: int) -> Bet:
    return _BETS[n] if n < len(_BETS) else Bet(n)


def _raise(n: int) -> Raise:
    return _RAISES[n] if n < len(_RAISES) else Raise(n)
