"""The Spike / Coruscant table's words: the log's line for an event (in the second
person when the player acts) and a hand named at the reveal ("Sabacc, one pair"; a
Coruscant selection's distance to the target)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import i18n, spike_text
from game.rules import sabacc_events as ev
from game.rules.base import Event

#: The target and the suit a Coruscant hand is measured against (None: not rolled).
Goal = tuple[int | None, str | None]

# Lines said in the second person when the player acts: event kind -> key.
YOU_KEYS = {
    "Stood": "stand", "GainKept": "kept", "CardDiscarded": "discarded",
    "DiscardTaken": "took_discard", "Junked": "junk", "Folded": "fold", "Checked": "check",
    "BetPlaced": "bet", "Called": "call", "Raised": "raise", "HandDissolved": "dissolved",
    "HandRevealed": "revealed", "BlindDraw": "blind", "PotAwarded": "pot", "AntePaid": "ante",
    "CardsDiscarded": "discarded_many", "FeePaid": "fee",
}  # fmt: skip


def line(
    event: Event, human: int, coruscant: bool, seat_name: Callable[[int], str], goal: Goal
) -> str | None:
    """The log's words for ``event``: second person when the player acts."""
    e: Any = event
    key = YOU_KEYS.get(e.kind)
    if key is not None and getattr(e, "seat", None) == human:
        params: dict[str, Any] = {}
        if hasattr(e, "card") and isinstance(e.card, str):
            params["card"] = spike_text.card_name(e.card)
        if isinstance(getattr(e, "cards", None), tuple):
            params["cards"] = spike_text.cards_text(e.cards)
        if isinstance(e, ev.HandRevealed):
            params["rank"] = rank_text(e, coruscant, goal)
        if isinstance(e, ev.PotAwarded):
            key = f"pot.{e.pot}"
        for name in ("amount", "level"):
            if hasattr(e, name):
                params["count" if name == "amount" else name] = getattr(e, name)
        if isinstance(e, ev.AntePaid):
            params["count"] = e.hand_pot + e.sabacc_pot
        return i18n.t(f"spiketable.you.{key}", **params)
    if isinstance(e, ev.HandRevealed) and coruscant:
        return i18n.t("spike.log.revealed", seat=seat_name(e.seat),
                      cards=spike_text.cards_text(e.cards), rank=rank_text(e, coruscant, goal))  # fmt: skip
    return spike_text.describe(e, human, seat_name)


def rank_text(e: ev.HandRevealed, coruscant: bool, goal: Goal) -> str:
    """A revealed hand named (Spike) or measured against ``goal`` (Coruscant)."""
    if not coruscant:
        return spike_text.rank_name(e.hand_kind, e.total)
    return distance_text(e.total, tuple(c for c in e.cards if c), goal)


def distance_text(total: int, cards: tuple[str, ...], goal: Goal) -> str:
    """ "+9: 1 point from the target", "0: on the target · 2 of the suit" (``goal``:
    the target and suit meant)."""
    target_now, suit = goal
    target = target_now or 0
    away = abs(total - target)
    if away:
        text = i18n.t("spiketable.distance", total=signed(total), count=away)
    else:
        text = i18n.t("spiketable.on_target", total=signed(total))
    suited = sum(1 for c in cards if c == "sylop" or (suit and c.endswith(suit)))
    if cards and suited:
        text += " · " + i18n.t("spiketable.in_suit", count=suited)
    return text


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")
