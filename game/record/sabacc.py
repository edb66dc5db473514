"""The record words of Sabacc's engine: every rule set of RULES.md §1 (the registry's
``record`` of Sabacc, game.games; the notation is game.record.words')."""

from __future__ import annotations

from typing import Any

from game.record.table import Started, number_at, out_seats, seats_out
from game.record.words import Cards, Family, RecordError, Verb, verbs
from game.rules import sabacc_actions as sa
from game.rules import sabacc_cards as sc
from game.rules.sabacc_presets import VALUE_RULES

# The chance steps, from the engine's own queue of chance tasks.
_KINDS = {
    sa._DEAL: "deal",
    sa._DIE: "die",
    sa._SHIFT_PICK: "shift",
    sa._SHIFT_DEAL: "shift-deal",
    sa._DRAW: "draw",
    sa._DEMISE: "demise",
    sa._RULES: "rules",
    sa._CARD: "card",
    sa._DICE: "dice",
    sa._PLAYER_DIE: "player-die",
    sa._DICE_PICK: "dice-take",
    sa._DICE_SWAP: "dice-deal",
    sa._INVERT: "inverted",
}


def _pending(state: Any) -> tuple[str, int | None]:
    task = state.chance[0]
    return _KINDS[task[0]], (task[1] if task[1] >= 0 else None)


def _rule_of(value: Any) -> int:
    if value is None:
        return -1
    if value not in VALUE_RULES:
        raise RecordError(f"{value!r} is not a value rule")
    return VALUE_RULES.index(value)


def _inverted(value: Any) -> int:
    if not isinstance(value, bool):
        raise RecordError(f"{value!r} is not true or false")
    return 1 if value else 0


def _start_words(state: Any) -> dict[str, Any]:
    return {
        "hand": state.hand_no + 1,
        "hands_completed": state.completed,
        "hand_pot": state.hand_pot,
        "sabacc_pot": state.sabacc_pot,
        "value_rule": state.value_rule,
        "out": out_seats(state.in_match),
    }


def _set_table(
    state: Any, table: dict[str, Any], seats: int, dealer: int | None, started: Started
) -> None:
    from game.rules.sabacc_presets import value_table

    rule = table.get("value_rule", state.options.value_rule)
    if rule not in VALUE_RULES:
        raise RecordError(f"{rule!r} is not a value rule")
    state.hand_pot = number_at(table, "hand_pot")
    state.sabacc_pot = number_at(table, "sabacc_pot")
    state.in_match = seats_out(table, seats)
    state.value_rule = rule
    state.values = value_table(state.options, rule)
    state.completed = number_at(table, "hands_completed")
    state.hand_no = number_at(table, "hand", 1) - 1
    started.start(state)


def two_pots(state: Any, start: Any, out: dict[str, Any]) -> None:
    """The hand pot and the Sabacc pot left (Sabacc, Corellian Spike)."""
    out["pots"] = dict(hand=state.hand_pot, sabacc=state.sabacc_pot)  # the pots by name


SABACC = Family(
    name="sabacc",
    cards=Cards(sc.code, sc.parse),
    verbs=verbs(
        Verb("check", sa.Check),
        Verb("bet", sa.Bet, (("amount", "n"),)),
        Verb("call", sa.Call),
        Verb("raise", sa.Raise, (("amount", "n"),)),
        Verb("fold", sa.Fold),
        Verb("call-hand", sa.CallHand),
        Verb("pass-call", sa.PassCall),
        Verb("draw", sa.Draw),
        Verb("stand", sa.Stand),
        Verb("discard", sa.Discard, (("card", "c"),)),
        Verb("keep", sa.Keep),
        Verb("field", sa.PlaceInField, (("card", "c"),)),
        Verb("lock", sa.Lock, (("card", "c"),)),
        Verb("exchange", sa.Exchange),
        Verb("exchange-card", sa.ExchangeCard, (("card", "c"),)),
        Verb("freeze", sa.Freeze, (("card", "c"),)),
        Verb("declare", sa.Declare, (("side", "w"),)),
        Verb("swap", sa.Swap, (("card", "c"),)),
    ),
    pending=_pending,
    start_words=_start_words,
    set_table=_set_table,
    chance_words={
        "rules": (lambda o: None if o == -1 else VALUE_RULES[o], _rule_of),
        "inverted": (bool, _inverted),
    },
    no_card=True,
    result=two_pots,
)
