"""The record words of Thirteen Card Brag's engine (RULES.md §2; the registry's
``record`` of Brag, game.games)."""

from __future__ import annotations

from typing import Any

from game.record.table import Started, number_at
from game.record.words import Cards, Family, RecordError, Verb, verbs
from game.rules import brag, cards52


def _pending(state: Any) -> tuple[str, int | None]:
    return "deal", None


def _start_words(state: Any) -> dict[str, Any]:
    return {
        "game": state.game_no,
        "deal": state.deal_no,
        "games_completed": state.completed,
        "scores": list(state.scores),
    }


def _result(state: Any, start: Any, out: dict[str, Any]) -> None:
    """A deal that ends no game is won by whoever scored most points in it."""
    if not out["winners"]:
        gained = [now - before for now, before in zip(state.scores, start.scores, strict=True)]
        best = max(gained) if gained else 0
        out["winners"] = [s for s, g in enumerate(gained) if best > 0 and g == best]
    out["scores"] = list(state.scores)


def _set_table(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    scores = table.get("scores")
    if (
        not isinstance(scores, list)
        or len(scores) != seats
        or not all(type(p) is int and p >= 0 for p in scores)
    ):
        raise RecordError("table.scores must hold points per seat")
    state.scores = list(scores)
    state.game_no = number_at(table, "game", 1)
    state.deal_no = number_at(table, "deal", 1)
    state.completed = number_at(table, "games_completed")
    started.before = state.clone()


BRAG = Family(
    name="brag",
    cards=Cards(cards52.code, cards52.parse),
    verbs=verbs(
        Verb("layout", brag.SetLayout, (("sets", "sets"),)),
        Verb("swap", brag.SwapHand, (("spare", "n"),)),
        Verb("keep", brag.KeepHand),
        Verb("redeal", brag.DemandRedeal),
        Verb("play-on", brag.PlayOn),
        Verb("declare", brag.Declare),
        Verb("no-declare", brag.NoDeclare),
    ),
    pending=_pending,
    start_words=_start_words,
    set_table=_set_table,
    started_by_table=False,
    resumes_alone=True,
    result=_result,
)
