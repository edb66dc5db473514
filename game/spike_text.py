"""Corellian Spike and Coruscant Shift in words, through ``game.i18n``.

No pygame: tables, logs and histories call :func:`describe` with the seat
watching (``None``: a spectator) and a function naming seats.  Events are
redacted for the viewer first, so a hidden card is never put into words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import join_and, join_list, signed, t
from game.rules import coruscant, spike
from game.rules import sabacc_events as ev
from game.rules import spike_base as sb
from game.rules import spike_cards as kc
from game.rules import spike_events as sev
from game.rules.base import Event

SeatName = Callable[[int], str]

PRESETS = (spike.PRESET, coruscant.PRESET)  # the rule sets the spike table plays
SPIKE_OPTIONS = (
    "hand_ante",
    "sabacc_ante",
    "betting",
    "fees",
    "strict_one_pair",
    "exact_named_hands",
    "bet_after_dice",
    "games_limit",
)
CORUSCANT_OPTIONS = ("selections", "ante_step", "ante", "min_bet", "pure_sabacc", "hands_limit")


#: The spike dice's faces 1-6 as the symbols they show (RULES.md §4.2.1): a face's
#: number matters to no rule, so the table, the log and the rules name the symbol.
DIE_SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "spike")


def symbol_name(face: int) -> str:
    """The symbol on a spike die's ``face`` (1-6), in words ("circle")."""
    return t(f"spikedice.symbol.{DIE_SYMBOLS[face - 1]}")


def junks(preset: str) -> bool:
    """Whether giving up the hand is called junking it (Corellian Spike's word, at the
    bets as at the cards: its engine junks the hand) rather than folding (Coruscant)."""
    return preset == spike.PRESET


def preset_name(preset: str) -> str:
    return t(f"preset.{preset}")


def stave_name(stave: str) -> str:
    return t(f"spike.stave.{kc.STAVE_NAMES[kc.STAVES.index(stave)]}")


def card_name(code: str | int | None) -> str:
    """``"+7o"`` -> "+7 circle" in the current language; ``None`` -> a face-down card."""
    if code is None:
        return t("spike.card.hidden")
    card = kc.parse(code) if isinstance(code, str) else code
    if card == kc.SYLOP:
        return t("spike.card.sylop")
    value = kc.value(card)
    stave = kc.stave(card)
    assert stave is not None
    return t("spike.card.value", value=signed(value), stave=stave_name(stave))


def cards_text(codes: Sequence[str | int | None]) -> str:
    return join_list(card_name(c) for c in codes) if codes else t("spike.card.none")


def rank_name(kind: str, total: int) -> str:
    """The named hand shown at the reveal ("Yee-Haa", "Nulrhek (+3)")."""
    return t(f"spike.kind.{kind}", total=signed(total))


def option_name(option: str) -> str:
    return t(f"spike.option.{option}")


def action_label(action: Any, preset: str = "") -> str:
    """The words on a button for a legal action (at ``preset``'s table)."""
    if isinstance(action, sb.Check):
        return t("spike.action.check")
    if isinstance(action, sb.Bet):
        return t("spike.action.bet", count=action.amount)
    if isinstance(action, sb.Call):
        return t("spike.action.call")
    if isinstance(action, sb.Raise):
        return t("spike.action.raise", count=action.amount)
    if isinstance(action, sb.Fold):
        return t("spiketable.junk" if junks(preset) else "spike.action.fold")
    if isinstance(action, sb.Stand):
        return t("spike.action.stand")
    if isinstance(action, sb.Gain):
        return t("spike.action.gain")
    if isinstance(action, sb.KeepGained):
        return t("spike.action.keep")
    if isinstance(action, sb.DiscardGained):
        return t("spike.action.discard_gained")
    if isinstance(action, sb.SwapDraw):
        return t("spike.action.swap_draw", card=card_name(action.card))
    if isinstance(action, sb.SwapDiscard):
        return t("spike.action.swap_discard", card=card_name(action.card))
    if isinstance(action, sb.Select):
        return t("spike.action.select", cards=cards_text(action.cards))
    raise ValueError(f"{action!r} is not a Corellian Spike or Coruscant Shift action")


def describe(event: Event, viewer: int | None, seat_name: SeatName) -> str | None:
    """One log line for ``event`` as ``viewer`` may see it (``None``: nothing to say)."""
    e: Any = event.for_seat(viewer)
    seat = seat_name(e.seat) if isinstance(getattr(e, "seat", None), int) else ""
    if isinstance(e, ev.HandStarted):
        return t("spike.log.game", number=e.hand_no, seat=seat_name(e.dealer))
    if isinstance(e, ev.AntePaid):
        return t("spike.log.ante", seat=seat, count=e.hand_pot + e.sabacc_pot)
    if isinstance(e, ev.CardDealt):
        if e.card is not None:
            return t("spike.log.dealt_you", card=card_name(e.card))
        return t("spike.log.dealt", seat=seat)
    if isinstance(e, sev.DiscardStarted):
        return t("spike.log.discard_start", card=card_name(e.card))
    if isinstance(e, ev.RoundStarted):
        return t("spike.log.round", round=e.round_no)
    if isinstance(e, ev.Stood):
        return t("spike.log.stand", seat=seat)
    if isinstance(e, ev.CardDrawn):
        if e.card is not None:
            return t("spike.log.drew_you", card=card_name(e.card))
        return t("spike.log.drew", seat=seat)
    if isinstance(e, sev.GainKept):
        return t("spike.log.kept", seat=seat)
    if isinstance(e, ev.CardDiscarded):
        return t("spike.log.discarded", seat=seat, card=card_name(e.card))
    if isinstance(e, sev.DiscardTaken):
        return t("spike.log.took_discard", seat=seat, card=card_name(e.card))
    if isinstance(e, sev.FeePaid):
        return t("spike.log.fee", seat=seat, count=e.amount)
    if isinstance(e, sev.Junked):
        return t("spike.log.junk", seat=seat, cards=cards_text(e.cards))
    if isinstance(e, ev.Folded):
        return t("spike.log.fold", seat=seat)
    if isinstance(e, ev.PhaseStarted):
        return t(f"spike.log.phase.{e.phase}", number=e.number)
    if isinstance(e, ev.Checked):
        return t("spike.log.check", seat=seat)
    if isinstance(e, ev.BetPlaced):
        return t("spike.log.bet", seat=seat, count=e.amount)
    if isinstance(e, ev.Called):
        return t("spike.log.call", seat=seat, count=e.amount)
    if isinstance(e, ev.Raised):
        return t("spike.log.raise", seat=seat, count=e.amount, level=e.level)
    if isinstance(e, sev.SpikeDiceRolled):
        key = "spike.log.shift" if e.shift else "spike.log.dice"
        return t(key, first=symbol_name(e.first), second=symbol_name(e.second))
    if isinstance(e, sev.HandDissolved):
        return t("spike.log.dissolved", seat=seat, cards=cards_text(e.cards))
    if isinstance(e, ev.DeckReshuffled):
        return t("spike.log.reshuffle", count=e.count)
    if isinstance(e, ev.HandRevealed):
        return t(
            "spike.log.revealed",
            seat=seat,
            cards=cards_text(e.cards),
            rank=rank_name(e.hand_kind, e.total),
        )
    if isinstance(e, sev.BlindDraw):
        return t("spike.log.blind", seat=seat, card=card_name(e.card))
    if isinstance(e, ev.PotAwarded):
        return t(f"spike.log.pot.{e.pot}", seat=seat, count=e.amount)
    if isinstance(e, sev.PotSplit):
        names = join_and(seat_name(s) for s in e.seats)
        return t("spike.log.split", seats=names, each=e.each, count=e.left)
    if isinstance(e, sev.TargetRolled):
        return t(
            "spike.log.target",
            target=signed(e.target),
            stave=stave_name(e.suit),
        )
    if isinstance(e, sev.SelectionMade):
        if None not in e.cards:
            return t("spike.log.selected_you", number=e.number, cards=cards_text(e.cards))
        return t("spike.log.selected", seat=seat, number=e.number, count=len(e.cards))
    if isinstance(e, sev.CardsDiscarded):
        return t("spike.log.discarded_many", seat=seat, cards=cards_text(e.cards))
    if isinstance(e, sev.AnteRaised):
        return t("spike.log.ante_raised", count=e.ante)
    if isinstance(e, ev.HandEnded):
        return None
    if isinstance(e, ev.PlayerOut):
        return t("spike.log.out", seat=seat)
    if isinstance(e, ev.Rebought):
        return t("spike.log.rebought", seat=seat, count=e.amount)
    if isinstance(e, ev.MatchEnded):
        if e.winner is None:
            return t("spike.log.match_over")
        return t("spike.log.match_won", seat=seat_name(e.winner))
    return None
