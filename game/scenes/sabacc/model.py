"""The Sabacc table's display model: what the player sees right now.

Only animation steps change it (``animate``); painting reads only it (``paint``).
Colours are kept as roles (``"gold"``, ``"bad"``) and taken from the palette when drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.sabacc_presets import deck_of
from game.rules.sabacc_rank import rank_cards
from game.scenes.kit.cast import Seat
from game.scenes.kit.ink import Shade
from game.scenes.kit.motion import Banner, Flight
from game.scenes.kit.words import words
from game.ui import cards as card_art

SHIFT_LANDS = 0.7  # the share of a shift glitch after which the new face shows whole


@dataclass(slots=True)
class CardView:
    code: str | None  # None: a card this player may not see (drawn face down)
    in_field: bool = False
    shift_from: str | None = None  # the old face while a shift glitch plays
    shift_t: float = 1.0
    glitch: float = 0.0  # a face-down card flickering during a shift
    locked: bool = False  # Two-Exchange: laid face down, kept through both exchanges
    #: After a shift, until the next action: the card it was ("?" for a hidden card),
    #: so the table marks "old → new" on it.
    shifted: str | None = None
    #: Two-Exchange: an opponent's card gone back to the deck, shown face down in its
    #: place until the redeal brings the new one (the fan never empties meanwhile).
    returning: bool = False

    def counted_code(self) -> str | None:
        """The face the hand's total counts: the old one until the glitch lands (its
        bands have all turned by ``SHIFT_LANDS``), so the total never spoils it."""
        if self.shift_from is not None and self.shift_t < SHIFT_LANDS:
            return self.shift_from
        return self.code


@dataclass(slots=True)
class SeatView:
    name: str
    level: str
    chips: int
    cards: list[CardView] = field(default_factory=list)
    in_hand: bool = False
    out: bool = False
    status: str = ""
    status_colour: Shade = "text"
    hand_label: str = ""
    label_colour: Shade = "text"
    winner: bool = False
    side: str = ""  # Force: "light" / "dark" once declared or inverted
    personality: str = ""
    face: str = ""  # whose portrait the plate shows
    voice: str = ""  # the campaign character who speaks for this seat

    @property
    def cast(self) -> Seat:
        """Who sits here, for the nameplate."""
        return Seat(self.name, self.level, self.personality, self.face, self.voice)


@dataclass(slots=True)
class TableModel:
    """What the player sees right now; only animation steps change it."""

    seats: list[SeatView]
    hand_pot: int = 0
    sabacc_pot: int = 0
    deck: int = 0
    discard_top: str | None = None
    discards: int = 0
    die_value: int | None = None
    die_t: float = 1.0
    die_seed: int = 0
    die_text: str = ""
    die2_value: int | None = None  # Great Khan rolls two dice
    dealer: int = 0
    lead: int = 0
    hand_no: int = 0
    round_no: int = 0
    phase: str = ""
    turn: int | None = None
    flights: list[Flight] = field(default_factory=list)
    banner: Banner = field(default_factory=Banner)
    decision_phase: str = ""  # the engine's phase when the player was last asked to act
    values: Any = None  # the rule set's card values and options, to name a hand's total
    options: Any = None


def action_label(action: Any, owe: int = 0) -> str:
    """A button's text for any action: a catalog entry per kind, else ``str(action)``
    (so actions of presets added later still get a readable button)."""
    kind = type(action).__name__.lower()
    if isinstance(getattr(action, "side", None), str):
        kind = f"{kind}_{action.side}"  # Force: "declare_light" / "declare_dark"
    params: dict[str, Any] = {"amount": getattr(action, "amount", owe)}
    if hasattr(action, "card") and isinstance(action.card, int):
        params["card"] = card_name(sc.code(action.card))
    key = f"sabacc.action.{kind}"
    label = i18n.t(key, **params)
    return str(action) if label == key else label


def hand_name(kind: str, total: int) -> str:
    """A hand's name ("Pure Sabacc!", "Total 21") that follows the language."""
    return words(lambda: _hand_name(kind, total))


def _hand_name(kind: str, total: int) -> str:
    key = f"sabacc.kind.{kind}"
    label = i18n.t(key, total=total)
    return i18n.t("sabacc.kind.normal", total=total) if label == key else label


def card_name(code: str) -> str:
    """A card's name that follows the language (``kit.words``)."""
    return words(lambda: _card_name(code))


def _card_name(code: str) -> str:
    """A card's name in the player's language ("Mistress of Flasks", "フラスクのミストレス")."""
    if not code:
        return "?"
    card = card_art.parse_sabacc(code)
    if card.kind == "face":
        key = f"sabacc.card.{card.code}"
        name = i18n.t(key)
        return card.name if name == key else name
    suit = i18n.t(f"sabacc.suit.{card.suit}")
    if card.kind == "legate":
        return i18n.t("sabacc.card.legate", suit=suit)
    rank = i18n.t(f"sabacc.rank.{card.value}") if card.value >= 12 else str(card.value)
    return i18n.t("sabacc.card.suited", rank=rank, suit=suit)


def bust_chance(view: sb.SabaccView) -> float:
    """The chance that drawing one card bombs this hand out, over the cards this seat
    has not seen (the deck's make-up minus every card in sight)."""
    deck = deck_of(view.options)
    unseen = Counter(deck)
    seen: list[int] = list(view.hand) + list(view.discards)
    for seat in range(view.num_seats):
        revealed = view.revealed[seat] if seat != view.seat else None
        seen += list(revealed) if revealed is not None else list(view.fields[seat])
    for card in seen:
        if unseen[card] > 0:
            unseen[card] -= 1
    total = sum(unseen.values())
    if total == 0:
        return 0.0
    mine = list(view.my_cards)
    busts = sum(
        count
        for card, count in unseen.items()
        if count and rank_cards([*mine, card], view.values, view.options).bombed_out
    )
    return busts / total


def draw_can_bomb(view: sb.SabaccView, legal: list[Any]) -> bool:
    """Whether drawing now can bomb the hand out: a draw is on offer and the card is
    kept as it comes (not Classic's draw-then-discard, where the worst card goes)."""
    return sb.DRAW in legal and view.phase != sb.DRAWING


def hint_words(advised: Any, owe: int, seat_name: Callable[[int], str]) -> str:
    """The hint's suggestion as the button says it ("Call 3") with its reason, worked
    out from the numbers that chose it (``ai.advice``)."""
    from game.scenes.kit.hint import advice_words

    named: dict[str, Callable[[Any], str]] = {
        "hand": lambda kind: _hand_name(kind, 0).rstrip("!！").lstrip("¡"),
        "card": lambda card: _card_name(sc.code(card)),
    }
    return advice_words(action_label(advised.action, owe), advised.reason, seat_name, named)
