"""Kessel Sabacc in words: card, token, action and event texts through ``game.i18n``.

No pygame: tables, logs and histories call :func:`describe` with the seat
watching (``None``: a spectator) and a function naming seats.  Events are
redacted for the viewer first, so a hidden card is never put into words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import join_list, t
from game.rules import kessel as kg
from game.rules import kessel_cards as kc
from game.rules import kessel_events as ev
from game.rules.base import Event

SeatName = Callable[[int], str]


def preset_name(preset: str) -> str:
    return t(f"preset.{preset}")


def family_name(family: str | int) -> str:
    name = kc.FAMILY_NAMES[family] if isinstance(family, int) else family
    return t(f"kessel.family.{name}")


def card_name(code: str | None) -> str:
    """``"s-imp:4"`` -> "Sand Impostor (4)" in the current language."""
    if code is None:
        return t("kessel.card.hidden")
    c, value = kc.parse_code(code)
    fam = family_name(kc.family_of(c))
    kind = kc.kind_of(c)
    if kind == kc.SYLOP:
        return t("kessel.card.sylop", family=fam)
    if kind == kc.IMPOSTOR:
        if value is None:
            return t("kessel.card.impostor", family=fam)
        return t("kessel.card.impostor_value", family=fam, value=value)
    return t("kessel.card.value", family=fam, value=kind)


def token_name(token: str) -> str:
    return t(f"kessel.token.{token}")


def token_help(token: str) -> str:
    return t(f"kessel.help.{token}")


def rank_name(kind: str, total: int) -> str:
    return t(f"kessel.kind.{kind}", total=total)


def _tokens(tokens: Sequence[str]) -> str:
    return join_list(token_name(x) for x in tokens)


def action_label(action: Any, seat_name: SeatName) -> str:
    """The words on a button for a legal action."""
    if isinstance(action, kg.Stand):
        return t("kessel.action.stand")
    if isinstance(action, kg.Draw):
        return t("kessel.action.draw", source=t(f"kessel.source.{action.source}"))
    if isinstance(action, kg.KeepDrawn):
        return t("kessel.action.keep")
    if isinstance(action, kg.ReturnDrawn):
        return t("kessel.action.return")
    if isinstance(action, kg.ChooseFace):
        return t("kessel.action.face", value=action.value)
    if isinstance(action, kg.PlayToken):
        if action.target is None:
            return t("kessel.action.play", token=token_name(action.token))
        return t(
            "kessel.action.play_on", token=token_name(action.token), target=seat_name(action.target)
        )
    if isinstance(action, kg.PickTokens):
        return t("kessel.action.pick", tokens=_tokens(action.tokens))
    if isinstance(action, kg.DraftToken):
        return t("kessel.action.draft", token=token_name(action.token))
    raise ValueError(f"{action!r} is not a Kessel action")


def describe(event: Event, viewer: int | None, seat_name: SeatName) -> str | None:
    """One log line for ``event`` as ``viewer`` may see it (``None``: nothing to say)."""
    e: Any = event.for_seat(viewer)
    mine = viewer is not None and getattr(e, "seat", None) == viewer
    if isinstance(e, ev.StartingPlayerDrawn):
        return t("kessel.log.starting", seat=seat_name(e.seat))
    if isinstance(e, ev.TokensChosen):
        if mine and e.tokens is not None and None not in e.tokens:
            return t("kessel.log.tokens_you", tokens=_tokens(e.tokens))
        return t("kessel.log.tokens", seat=seat_name(e.seat))
    if isinstance(e, ev.TokenDrafted):
        return t("kessel.log.drafted", seat=seat_name(e.seat), token=token_name(e.token))
    if isinstance(e, ev.RoundStarted):
        return t("kessel.log.round", round=e.round_no, seat=seat_name(e.starting))
    if isinstance(e, ev.CardDealt):
        if e.card is not None:
            return t("kessel.log.dealt_you", card=card_name(e.card))
        return t("kessel.log.dealt", seat=seat_name(e.seat), family=family_name(e.family))
    if isinstance(e, ev.DiscardStarted):
        return t("kessel.log.discard_start", card=card_name(e.card), family=family_name(e.family))
    if isinstance(e, ev.PileReshuffled):
        return t("kessel.log.reshuffle", family=family_name(e.family), count=e.cards)
    if isinstance(e, ev.TurnStarted):
        return t("kessel.log.turn", turn=e.turn)
    if isinstance(e, ev.TokenPlayed):
        if e.target is None:
            return t("kessel.log.token", seat=seat_name(e.seat), token=token_name(e.token))
        return t(
            "kessel.log.token_on",
            seat=seat_name(e.seat),
            token=token_name(e.token),
            target=seat_name(e.target),
        )
    if isinstance(e, ev.ChipsMoved):
        return _moved(e, seat_name)
    if isinstance(e, ev.ChipsDestroyed):
        return t(f"kessel.log.destroyed.{e.reason}", seat=seat_name(e.seat), count=e.amount)
    if isinstance(e, ev.Stood):
        return t("kessel.log.stand", seat=seat_name(e.seat))
    if isinstance(e, ev.DrewFromDeck):
        if e.card is not None:
            return t(
                "kessel.log.draw_deck_you", card=card_name(e.card), family=family_name(e.family)
            )
        return t("kessel.log.draw_deck", seat=seat_name(e.seat), family=family_name(e.family))
    if isinstance(e, ev.DrewFromDiscard):
        return t(
            "kessel.log.draw_discard",
            seat=seat_name(e.seat),
            card=card_name(e.card),
            family=family_name(e.family),
        )
    if isinstance(e, ev.CardDiscarded):
        key = "kessel.log.kept" if e.kept_drawn else "kessel.log.returned"
        return t(key, seat=seat_name(e.seat), card=card_name(e.card))
    if isinstance(e, ev.Embargoed):
        return t("kessel.log.embargo", seat=seat_name(e.seat))
    if isinstance(e, ev.HandExhausted):
        return t("kessel.log.exhausted", seat=seat_name(e.seat), by=seat_name(e.by))
    if isinstance(e, ev.HandsSwapped):
        return t("kessel.log.swapped", seat=seat_name(e.seat), other=seat_name(e.other))
    if isinstance(e, ev.HandReceived):
        if not mine:
            return None
        return t("kessel.log.received_you", cards=join_list(card_name(x) for x in e.cards))
    if isinstance(e, ev.RuleChanged):
        return t(f"kessel.log.rule.{e.rule}", seat=seat_name(e.seat), value=e.value)
    if isinstance(e, ev.DiceRolled):
        return t("kessel.log.dice", seat=seat_name(e.seat), first=e.dice[0], second=e.dice[1])
    if isinstance(e, ev.ImpostorResolved):
        return t(
            "kessel.log.impostor",
            seat=seat_name(e.seat),
            family=family_name(e.family),
            value=e.value,
        )
    if isinstance(e, ev.HandsRevealed):
        return t("kessel.log.reveal")
    if isinstance(e, ev.HandRanked):
        return t(
            "kessel.log.ranked",
            seat=seat_name(e.seat),
            cards=join_list(card_name(x) for x in e.cards),
            rank=rank_name(e.rank_kind, e.total),
        )
    if isinstance(e, ev.RoundWon):
        return t("kessel.log.round_won", winners=join_list(seat_name(s) for s in e.winners))
    if isinstance(e, ev.PlayerOut):
        return t("kessel.log.out", seat=seat_name(e.seat))
    if isinstance(e, ev.Rebought):
        return t("kessel.log.rebought", seat=seat_name(e.seat), count=e.amount)
    if isinstance(e, ev.GameWon):
        winners = join_list(seat_name(s) for s in e.winners)
        return t("kessel.log.game_won", winners=winners, count=e.credits)
    return None


def _moved(e: ev.ChipsMoved, seat_name: SeatName) -> str:
    if e.reason == "embezzlement":
        return t("kessel.log.embezzled", seat=seat_name(e.seat), dest=seat_name(e.dest_seat))
    if e.reason == "won":
        return t("kessel.log.pot_back", seat=seat_name(e.seat), count=e.amount)
    if e.source == "pot":
        return t("kessel.log.refund", seat=seat_name(e.seat), count=e.amount)
    return t("kessel.log.to_pot", seat=seat_name(e.seat), count=e.amount)
