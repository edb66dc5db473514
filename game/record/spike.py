"""The record words of today's Sabacc of one deck (RULES.md §4): Corellian Spike's
engine (``spike``) and Coruscant Shift's (``coruscant``), the registry's ``record`` of
each (game.games)."""

from __future__ import annotations

from typing import Any

from game.record.sabacc import two_pots
from game.record.table import Started, number_at, out_seats, seats_out
from game.record.words import Cards, Family, RecordError, Verb, dice, number, two_dice, verbs
from game.rules import coruscant, spike
from game.rules import spike_base as sb
from game.rules import spike_cards as pc

_SPIKE_KINDS = {
    spike._DEAL: "deal",
    spike._FLIP: "flip",
    spike._GAIN: "gain",
    spike._SWAP: "swap-deal",
    spike._DICE: "dice",
    spike._SHIFT: "shift-deal",
    spike._BLIND: "blind",
}
_CORUSCANT_KINDS = {
    coruscant._DEAL: "deal",
    coruscant._GOLD: "gold-die",
    coruscant._SILVER: "silver-die",
    coruscant._SHIFT: "shift-deal",
}
_BETTING = (
    Verb("check", sb.Check),
    Verb("bet", sb.Bet, (("amount", "n"),)),
    Verb("call", sb.Call),
    Verb("raise", sb.Raise, (("amount", "n"),)),
    Verb("fold", sb.Fold),
    Verb("stand", sb.Stand),
)
_VERBS = verbs(
    *_BETTING,
    Verb("gain", sb.Gain),
    Verb("keep", sb.KeepGained),
    Verb("discard", sb.DiscardGained),
    Verb("swap", sb.SwapDraw, (("card", "c"),)),
    Verb("swap-discard", sb.SwapDiscard, (("card", "c"),)),
    Verb("select", sb.Select, (("cards", "cs"),)),
)


def _pending(kinds: dict[int, str]) -> Any:
    def pending(state: Any) -> tuple[str, int | None]:
        task = state.chance[0]
        return kinds[task[0]], (task[1] if task[1] >= 0 else None)

    return pending


def _spike_dice(value: Any) -> int:
    a, b = two_dice(value)
    return 6 * (a - 1) + (b - 1)


def _stave(value: Any) -> int:
    if value not in ("o", "t", "s"):
        raise RecordError(f"{value!r} is not a stave (o, t or s)")
    return pc.STAVES.index(value)


def _spike_start(state: Any) -> dict[str, Any]:
    return {
        "game": state.hand_no + 1,
        "games_completed": state.completed,
        "hand_pot": state.hand_pot,
        "sabacc_pot": state.sabacc_pot,
        "out": out_seats(state.in_match),
    }


def _coruscant_start(state: Any) -> dict[str, Any]:
    return {
        "hand": state.hand_no + 1,
        "hands_completed": state.completed,
        "pot": state.pot,
        "ante": state.ante_now,
        "ante_ladder_restarts": state.fresh_ladder,
        "out": out_seats(state.in_match),
    }


def _start_again(state: Any, table: dict[str, Any], seats: int, number_key: str,
                 done_key: str, started: Started) -> None:  # fmt: skip
    state.in_match = seats_out(table, seats)
    state.completed = number_at(table, done_key)
    # Started from the hand's own dealer: the deal does not pass on again.
    state.hand_no = 0
    started.start(state)
    state.hand_no = number_at(table, number_key, 1)


def _spike_set(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    state.hand_pot = number_at(table, "hand_pot")
    state.sabacc_pot = number_at(table, "sabacc_pot")
    _start_again(state, table, seats, "game", "games_completed", started)


def _coruscant_set(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    state.pot = number_at(table, "pot")
    state.ante_now = number_at(table, "ante", 1)
    fresh = table.get("ante_ladder_restarts")
    if not isinstance(fresh, bool):
        raise RecordError("table.ante_ladder_restarts must be true or false")
    state.fresh_ladder = fresh
    _start_again(state, table, seats, "hand", "hands_completed", started)


def _one_pot(state: Any, start: Any, out: dict[str, Any]) -> None:
    out["pots"] = {"pot": state.pot}


SPIKE = Family(
    name="spike",
    cards=Cards(pc.code, pc.parse),
    verbs=_VERBS,
    pending=_pending(_SPIKE_KINDS),
    start_words=_spike_start,
    set_table=_spike_set,
    chance_words={"dice": (lambda o: dice(o // 6 + 1, o % 6 + 1), _spike_dice)},
    result=two_pots,
)
CORUSCANT = Family(
    name="coruscant",
    cards=Cards(pc.code, pc.parse),
    verbs=_VERBS,
    pending=_pending(_CORUSCANT_KINDS),
    start_words=_coruscant_start,
    set_table=_coruscant_set,
    chance_words={
        "gold-die": (int, lambda value: number(value, "a gold die face")),
        "silver-die": (lambda o: pc.STAVES[o], _stave),
    },
    result=_one_pot,
)
