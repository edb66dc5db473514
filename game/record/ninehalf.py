"""The record words of Nine and a Half's engine (RULES.md §3; the registry's ``record``
of Nine and a Half, game.games)."""

from __future__ import annotations

from typing import Any

from game.record.table import Started, number_at
from game.record.words import Cards, Family, RecordError, Verb, verbs
from game.rules import cards52, ninehalf


def _pending(state: Any) -> tuple[str, int | None]:
    phase = state.phase
    return (
        "deal" if phase == ninehalf.DEAL else "hit" if phase == ninehalf.HIT else "dealer-draw"
    ), None


def _start_words(state: Any) -> dict[str, Any]:
    return {
        "deal": state.completed + 1,
        "dealer_deals": state.dealer_deals,
        "limit": state.limit,
        "limit_chosen": state.limit_chosen,
    }


def _set_table(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    limit_chosen = table.get("limit_chosen")
    if not isinstance(limit_chosen, bool):
        raise RecordError("table.limit_chosen must be true or false")
    state.dealer_deals = number_at(table, "dealer_deals")
    state.limit = number_at(table, "limit", 1)
    state.limit_chosen = limit_chosen
    state.completed = number_at(table, "deal", 1) - 1
    state.phase = ninehalf.PHASE_BETWEEN
    started.start(state)


NINEHALF = Family(
    name="ninehalf",
    cards=Cards(cards52.code, cards52.parse),
    verbs=verbs(
        Verb("limit", ninehalf.SetLimit, (("limit", "n"),)),
        Verb("ante", ninehalf.Ante, (("amount", "n"),)),
        Verb("sit-out", ninehalf.SitOut),
        Verb("hit", ninehalf.Hit),
        Verb("stay", ninehalf.Stay),
        Verb("bet", ninehalf.Bet, (("amount", "n"),)),
        Verb("challenge", ninehalf.Challenge, (("seat", "n"),)),
        Verb("draw", ninehalf.Draw),
        Verb("stop", ninehalf.Stop),
    ),
    pending=_pending,
    start_words=_start_words,
    set_table=_set_table,
    started_by_table=False,
    resumes_alone=True,
    # Made with stacks a new match accepts (two chips a seat); the hand's own are set next.
    least_stack=2,
    # A match's first deal is dealt as it is made, unannounced.
    first_deal_silent=True,
)
