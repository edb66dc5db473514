"""The hint's reason: why the advised move, from the numbers that chose it.

The hint asks the hard player for a move; ``advise`` then says why in numbers the
player can check: the chance that a card improves (or ruins) the hand, the pot
against the price of staying in, the share of the pot the player's own estimate
gave the move (Sabacc quotes ``NormalSabaccPlayer.share``, the very figure its bet,
call or fold was decided on), and what the others showed (a raise, a face-up card).

A ``Reason`` is a catalog key (``advice.<game>.<why>``) and its numbers; the table
says it in the player's language. The reason is picked for the move: a stand is
never explained by the price of a call, a fold never by a free check.

    >>> percent(0.4267), percent(0.001), percent(0.9999)
    (43, 1, 99)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.sabacc_presets import FORCE_FLOW, GREAT_KHAN_FLOW


@dataclass(frozen=True, slots=True)
class Reason:
    key: str  # catalog key, "advice.<game>.<why>"
    params: dict[str, Any] = field(default_factory=dict)  # numbers; "seat" is a seat index


@dataclass(frozen=True, slots=True)
class Advice:
    action: Any
    reason: Reason | None  # None: the move needs no reason (or has none worth saying)


def percent(p: float) -> int:
    """A chance as a whole percent, never 0 or 100 for what is merely unlikely or likely."""
    value = round(100 * p)
    if 0 < p < 1:
        value = min(99, max(1, value))
    return value


def advise(
    game: str,
    player: Any,
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
) -> Advice:
    """``player``'s move for ``view`` and the reason for it (the hint's worker job)."""
    action = player.choose(view, legal, rng)
    explain = explainer(game)
    try:
        reason = explain(view, legal, action, player) if explain is not None else None
    except (ValueError, KeyError, IndexError, ZeroDivisionError):
        reason = None  # the move stands on its own; a reason is never worth a crash
    return Advice(action, reason)


def explainer(kind: str) -> Callable[[Any, Sequence[Any], Any, Any], Reason | None] | None:
    """The reasons of the table ``kind`` ("sabacc", "spike"...): the ``advice`` its
    registry entry names (game.games), None for a table without reasons."""
    from game import games

    entry = games.by_kind(kind)
    if entry is None or entry.advice is None:
        return None
    found: Callable[[Any, Sequence[Any], Any, Any], Reason | None] = games.load(entry.advice)
    return found


# ----------------------------------------------------------------------- Sabacc
def sabacc_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Classic Sabacc and its rule sets (RULES.md §1)."""
    from game.rules import sabacc as sb

    from . import sabacc_model as m

    rank = view.rank()
    total, seat = view.my_total, view.seat
    gap = 23 - abs(rank.total)
    owe = max(0, view.level - view.round_bets[seat])
    pot = view.hand_pot
    share = getattr(player, "share", None)
    now = getattr(player, "share_now", None)
    live = sum(view.in_hand)
    base = {"total": _signed(total), "gap": gap, "pot": pot, "owe": owe}
    if isinstance(action, sb.Declare):
        return _declare_reason(view, action, player)
    if rank.takes_sabacc_pot and not isinstance(action, sb.Fold):
        return Reason("advice.sabacc.special", {**base, "hand": rank.kind})
    if getattr(view, "flow", "") == GREAT_KHAN_FLOW and view.phase == sb.TURNS:
        return _khan_turn_reason(view, action, player, base)
    if isinstance(action, sb.Check):
        return Reason("advice.sabacc.check_free", base)
    if isinstance(action, sb.Call | sb.Fold):
        need = owe / (pot + owe) if pot + owe else 0.0
        numbers = {**base, "need": percent(need)}
        raiser = _raiser(view)
        if share is None:
            return None
        numbers["win"] = percent(share)
        if isinstance(action, sb.Fold):
            if raiser is not None:
                return Reason("advice.sabacc.fold_raised",
                              {**numbers, "seat": raiser, "level": view.level})  # fmt: skip
            return Reason("advice.sabacc.fold_odds", numbers)
        if share >= need:
            return Reason("advice.sabacc.call_odds", numbers)
        fee = min(view.options.fold_fee, view.chips[seat])
        if fee <= 0:
            return None  # a free fold is no reason to call (Two-Exchange calls by value)
        return Reason("advice.sabacc.call_fee", {**numbers, "fee": fee})
    if isinstance(action, sb.Bet | sb.Raise):
        if share is None:
            return None
        fair = 1 / max(1, live)
        numbers = {**base, "win": percent(share), "fair": percent(fair), "others": live - 1}
        key = "advice.sabacc.bet_value" if share > fair else "advice.sabacc.bet_bluff"
        return Reason(key, numbers)
    if isinstance(action, sb.CallHand | sb.PassCall):
        if now is None and getattr(view, "flow", "") == FORCE_FLOW and view.sides:
            now = _force_share(view, player)  # Force's search keeps no share
        if now is None:
            return None
        key = "advice.sabacc.callhand" if isinstance(action, sb.CallHand) else "advice.sabacc.pass"
        return Reason(key, {**base, "win": percent(now)})
    outcomes = m.draw_outcomes(view)
    improve, bust = percent(outcomes.p_better), percent(outcomes.p_bust_kept)
    numbers = {**base, "improve": improve, "bust": bust}
    keeps_drawn = view.phase != sb.DRAWING  # Classic's draw may be discarded at once
    if isinstance(action, sb.Draw | sb.Exchange | sb.ExchangeCard):
        if rank.bombed_out:
            return Reason("advice.sabacc.draw_bombed", numbers)
        if keeps_drawn:
            return Reason("advice.sabacc.draw_risk", numbers)
        return Reason("advice.sabacc.draw_free", numbers)
    if isinstance(action, sb.Stand):
        if outcomes.p_bust_kept >= outcomes.p_better and keeps_drawn:
            return Reason("advice.sabacc.stand_risk", numbers)
        return Reason("advice.sabacc.stand_close", numbers)
    if isinstance(action, sb.Keep):
        return Reason("advice.sabacc.keep_all", numbers)
    if isinstance(action, sb.Discard):
        rest = list(view.hand)
        rest.remove(action.card)
        after = sum(view.values[c] for c in [*rest, *view.fields[seat]])
        return Reason("advice.sabacc.discard", {**numbers, "new": _signed(after),
                                                 "card": action.card})  # fmt: skip
    if isinstance(action, sb.PlaceInField | sb.Lock | sb.Freeze):
        return Reason("advice.sabacc.field", numbers)
    return None


def _force_share(view: Any, player: Any) -> float | None:
    """Force (RULES.md §1.7): the share of the pot on the player's side once every hand
    is completed, over the deals the Force player weighs (a seeded sample: the same
    position always gives the same figure)."""
    from . import sabacc_force as force

    side = view.sides[view.seat]
    if side is None:
        return None
    skill = force.skill_of(player)
    return force.shares(view, random.Random(view.seat), skill, [(None, side)])[0]


def _declare_reason(view: Any, action: Any, player: Any) -> Reason | None:
    """Force (RULES.md §1.7): Light or Dark by the share of the pot each side brings
    (``sabacc_force.decide`` weighs both over the same deals)."""
    from game.rules import sabacc as sb

    shares = getattr(player, "side_shares", None)
    if not shares or not view.hand:
        return None
    card = view.hand[0]
    dark = action.side == sb.DARK
    return Reason(
        "advice.sabacc.declare_dark" if dark else "advice.sabacc.declare_light",
        {"card": card, "value": _signed(view.values[card]),
         "light": percent(shares[sb.LIGHT]), "dark": percent(shares[sb.DARK])},
    )  # fmt: skip


def _khan_turn_reason(view: Any, action: Any, player: Any, base: dict[str, Any]) -> Reason | None:
    """A Great Khan turn (RULES.md §1.6): draw, exchange one card, stay or freeze, by
    the exact expectation over the draw pile that chose it (``m.turn_values``); the
    reason quotes that pile's odds of a better hand and of bombing out."""
    from game.rules import sabacc as sb
    from game.rules.sabacc_rank import rank_cards

    from . import sabacc_model as m

    if isinstance(action, sb.Freeze):
        if view.stasis_paid:
            return Reason("advice.sabacc.khan_freeze_paid", base)
        risk = getattr(player, "freeze_risk", None)
        if risk is None:
            return None
        loss = risk[0] * risk[1]
        return Reason("advice.sabacc.khan_freeze", {**base, "hit": percent(risk[0]),
                      "loss": f"{loss:.1f}", "stake": view.options.stake})  # fmt: skip
    values = getattr(player, "turn_values", None)
    if values is None:
        return None
    khan_value = getattr(player, "khan_value", None)
    value = khan_value(view) if khan_value is not None else m.quality
    pool = m.draw_pool(view)
    hand = list(view.hand)
    now = value(rank_cards(hand, view.values, view.options))
    bombed = view.rank().bombed_out

    def odds(rest: list[int]) -> dict[str, int]:
        n = sum(pool.values())
        better = bust = 0
        for card, k in pool.items():
            after = rank_cards([*rest, card], view.values, view.options)
            better += k if value(after) > now + 1e-9 else 0
            bust += k if after.bombed_out else 0
        return {"improve": percent(better / n) if n else 0, "bust": percent(bust / n) if n else 0}

    if isinstance(action, sb.Draw):
        key = "advice.sabacc.draw_bombed" if bombed else "advice.sabacc.draw_risk"
        return Reason(key, {**base, **odds(hand)})
    if isinstance(action, sb.ExchangeCard):
        rest = list(hand)
        rest.remove(action.card)
        key = "advice.sabacc.khan_exchange_bombed" if bombed else "advice.sabacc.khan_exchange"
        return Reason(key, {**base, **odds(rest), "card": action.card})
    if isinstance(action, sb.Stand):
        if "draw" in values:
            return Reason("advice.sabacc.khan_stay", {**base, **odds(hand)})
        return Reason("advice.sabacc.khan_stay_full", base)
    return None


def _raiser(view: Any) -> int | None:
    """The other seat that set this round's bet (its raise is what the player faces)."""
    bets = view.round_bets
    top = max(bets) if bets else 0
    if top <= 0 or view.round_bets[view.seat] >= top:
        return None
    for seat, amount in enumerate(bets):
        if seat != view.seat and amount == top and view.in_hand[seat]:
            return seat
    return None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


# ----------------------------------------------------------------------- Kessel
def kessel_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Kessel Sabacc (RULES.md §4.1): the difference now, and what a card does to it."""
    from game.rules import kessel as kg
    from game.rules import kessel_cards as kc

    from .kessel_ai import unseen

    mods = kc.Modifiers(markdown=view.markdown, cook_the_books=view.cook, prime=view.prime,
                        major_fraud=view.fraud)  # fmt: skip

    def rank_of(hand: Sequence[int]) -> Any:
        try:
            return kc.rank_cards(hand[0], hand[1], None, None, mods)
        except ValueError:
            return None  # an Impostor: no value until the reveal

    now = rank_of(view.hand)
    if isinstance(action, kg.PlayToken):
        return _token_reason(getattr(player, "token_why", None))
    if isinstance(action, kg.Draw | kg.Stand):
        if now is None:
            return Reason("advice.kessel.impostor", {})
        counts = unseen(view)
        chances = []
        for fam in (0, 1):
            better = seen = 0
            for kind, n in enumerate(counts[fam]):
                if not n:
                    continue
                hand = list(view.hand)
                hand[fam] = kc.card(fam, kind)
                after = rank_of(hand)
                seen += n
                if after is not None and after > now:
                    better += n
            chances.append(better / seen if seen else 0.0)
        diff = now.total
        numbers = {"diff": diff, "sand": percent(chances[0]), "blood": percent(chances[1]),
                   "cost": 0 if view.free_draw else 1}  # fmt: skip
        if now.kind != kc.NO_SABACC:
            # A draw on a Sabacc looks for a stronger one (the card may go back).
            key = "better_sabacc" if isinstance(action, kg.Draw) else "hold_sabacc"
            return Reason(f"advice.kessel.{key}", numbers)
        if isinstance(action, kg.Draw):
            return Reason("advice.kessel.draw", numbers)
        return Reason("advice.kessel.stand", numbers)
    if isinstance(action, kg.KeepDrawn | kg.ReturnDrawn) and view.drawn is not None:
        fam = view.drawn_family if view.drawn_family is not None else kc.family_of(view.drawn)
        hand = list(view.hand)
        hand[fam] = view.drawn
        after = rank_of(hand)
        if now is None or after is None:
            return Reason("advice.kessel.impostor", {})
        numbers = {"old": now.total, "new": after.total}
        if after.kind != kc.NO_SABACC:
            return Reason("advice.kessel.keep_sabacc", numbers)
        key = "advice.kessel.keep" if isinstance(action, kg.KeepDrawn) else "advice.kessel.return"
        return Reason(key, numbers)
    return None


_TOKEN_REASONS = {
    "free-draw": "free_draw", "refund": "refund", "extra-refund": "refund",
    "embezzlement": "embezzle", "major-fraud": "rule", "cook-the-books": "rule",
    "markdown": "rule", "prime-sabacc": "prime", "exhaustion": "exhaustion",
    "direct-transaction": "swap", "general-tariff": "tariff", "target-tariff": "tariff",
    "general-audit": "tariff", "target-audit": "tariff", "embargo": "embargo",
    "immunity": "immunity",
}  # fmt: skip


def _token_reason(why: dict[str, Any] | None) -> Reason | None:
    """A shift token (RULES.md §4.1) by the gain that chose it (``KesselPlayer._token``):
    the chips it is worth to the plan, the chance to win, and what the token weighed."""
    if not why:
        return None
    kind = _TOKEN_REASONS.get(why["token"])
    if kind is None:
        return None
    numbers = {"win": percent(why["win"]), "gain": _chips(why["gain"])}
    for name in ("back", "pot", "players", "outs", "due", "held", "seat"):
        if name in why:
            numbers[name] = why[name]
    if "after" in why:
        numbers["after"] = percent(why["after"])
    if kind == "tariff" and not why.get("outs"):
        kind = "last"  # nobody goes out: played before the round ends with it unused
    return Reason(f"advice.kessel.token_{kind}", numbers)


def _chips(value: float, places: int = 1) -> str:
    """Chips expected, to ``places`` decimals, signed ("+1.2", "−0.4").

    >>> _chips(1.23), _chips(-0.4), _chips(0.01), _chips(0.977, 2)
    ('+1.2', '−0.4', '0', '+0.98')
    """
    scaled = round(value * 10**places)
    if scaled == 0:
        return "0"
    return ("+" if scaled > 0 else "−") + f"{abs(scaled) / 10**places:.{places}f}"


# ---------------------------------------------------------------- Corellian Spike
def spike_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Corellian Spike (RULES.md §4.2): the total's distance from 0, the pot and price."""
    from game.rules import coruscant as co
    from game.rules import spike as sp
    from game.rules import spike_base as base
    from game.rules import spike_cards as kc

    if isinstance(view, co.CoruscantView):
        return coruscant_reason(view, legal, action, player)
    if not isinstance(view, sp.SpikeView):
        return None
    from .spike_ai import unseen_cards

    total = sum(kc.value(c) for c in view.hand)
    owe = max(0, view.level - view.round_bets[view.seat])
    pot = view.hand_pot
    numbers: dict[str, Any] = {"total": _signed(total), "distance": abs(total), "pot": pot,
                               "owe": owe}  # fmt: skip
    if isinstance(action, base.Check):
        return Reason("advice.spike.check_free", numbers)
    # At total 0 there is no distance to name: "your total 0 is 0 from zero" read oddly.
    at_zero = "_zero" if total == 0 else ""
    if isinstance(action, base.Fold):
        return Reason("advice.spike.fold" + at_zero, numbers)
    if isinstance(action, base.Call):
        return Reason("advice.spike.call" + at_zero, numbers)
    if isinstance(action, base.Bet | base.Raise):
        return Reason("advice.spike.bet" + at_zero, numbers)
    pool = unseen_cards(view)
    closer = sum(1 for c in pool if abs(total + kc.value(c)) < abs(total))
    numbers["closer"] = percent(closer / len(pool)) if pool else 0
    if isinstance(action, base.Stand):
        return Reason("advice.spike.stand" if total else "advice.spike.zero", numbers)
    if isinstance(action, base.Gain):
        return Reason("advice.spike.gain", numbers)
    if isinstance(action, base.KeepGained | base.DiscardGained) and view.gained is not None:
        after = total + kc.value(view.gained)
        key = "advice.spike.keep" if isinstance(action, base.KeepGained) else "advice.spike.discard"
        return Reason(key, {**numbers, "new": _signed(after)})
    if isinstance(action, base.SwapDiscard) and view.discards:
        after = total - kc.value(action.card) + kc.value(view.discards[-1])
        return Reason("advice.spike.swap", {**numbers, "new": _signed(after)})
    if isinstance(action, base.SwapDraw):
        rest = total - kc.value(action.card)
        closer = sum(1 for c in pool if abs(rest + kc.value(c)) < abs(total))
        numbers["closer"] = percent(closer / len(pool)) if pool else 0
        return Reason("advice.spike.swap_draw", numbers)
    return None


# ---------------------------------------------------------------- Coruscant Shift
def coruscant_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Coruscant Shift (RULES.md §4.3): a selection by its distance from the target
    and (the first, before the shift) its chance to win; a bet, call, fold or check
    by the chance of winning the player's search gave it against the price."""
    from game.rules import spike_base as base
    from game.rules import spike_cards as kc

    target = view.target or 0
    if isinstance(action, base.Select):
        total = sum(kc.value(c) for c in action.cards)
        suit = kc.STAVES[view.suit_index]
        suited = sum(1 for c in action.cards if c == kc.SYLOP or kc.stave(c) == suit)
        numbers: dict[str, Any] = {"total": _signed(total), "target": _signed(target),
                                   "distance": abs(total - target), "suited": suited,
                                   "stave": kc.STAVE_NAMES[view.suit_index]}  # fmt: skip
        chance = getattr(player, "select_chance", None)
        if chance is not None:
            return Reason("advice.coruscant.select_odds", {**numbers, "win": percent(chance)})
        return Reason("advice.coruscant.select", numbers)
    win = getattr(player, "win_chance", None)
    if win is None:
        return None
    owe = max(0, view.level - view.round_bets[view.seat])
    need = owe / (view.pot + owe) if view.pot + owe else 0.0
    numbers = {"win": percent(win), "need": percent(need), "owe": owe, "pot": view.pot}
    if isinstance(action, base.Check):
        return Reason("advice.coruscant.check", numbers)
    if isinstance(action, base.Fold):
        return Reason("advice.sabacc.fold_odds", numbers)
    if isinstance(action, base.Call):
        return Reason("advice.sabacc.call_odds", numbers)
    if isinstance(action, base.Bet | base.Raise):
        if getattr(player, "bluffed", False):
            return Reason("advice.sabacc.bet_bluff", numbers)
        return Reason("advice.coruscant.bet", numbers)
    return None


# ------------------------------------------------------------------ Nine and a Half
def ninehalf_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Nine and a Half (RULES.md §3): what a hit does, what the others show, and for
    the dealer the chips each of its options was expected to bring."""
    from game.rules import ninehalf as nh

    from .ninehalf_ai import unseen_counts

    if view.seat == view.dealer and isinstance(action, nh.SetLimit | nh.Draw | nh.Stop
                                               | nh.Challenge):  # fmt: skip
        return _dealer_reason(view, action, player)

    if isinstance(action, nh.Ante):
        worths = getattr(player, "ante_worths", None)
        if not worths or action.amount not in worths:
            return None
        other = min(worths) if action.amount != min(worths) else max(worths)
        return Reason("advice.ninehalf.ante", {
            # To a hundredth: the antes' worths are often within a tenth of each other.
            "amount": action.amount, "worth": _chips(worths[action.amount], 2),
            "other": other, "other_worth": _chips(worths[other], 2),
        })  # fmt: skip
    mine = nh.hand_value(list(view.my_cards), dealer=view.seat == view.dealer)
    points = _half(mine.points)
    if isinstance(action, nh.Hit | nh.Stay):
        bust = _bust_chance(view, dealer=False, counts=unseen_counts(view))
        numbers = {"value": points, "bust": bust}
        if isinstance(action, nh.Hit):
            return Reason("advice.ninehalf.hit", numbers)
        return Reason("advice.ninehalf.stay", numbers)
    if isinstance(action, nh.Bet):
        bet = getattr(player, "bet_numbers", None)
        if bet is None:
            return None
        numbers = {"value": points, "amount": action.amount, "worth": _chips(bet["worth"]),
                   "challenged": percent(bet["challenged"]), "win": percent(bet["win"])}  # fmt: skip
        if bet["bluffed"]:
            return Reason("advice.ninehalf.bet_bluff", numbers)
        key = "advice.ninehalf.bet_high" if action.amount > 1 else "advice.ninehalf.bet_low"
        return Reason(key, numbers)
    return None


def _dealer_reason(view: Any, action: Any, player: Any) -> Reason | None:
    """The dealer's limit, draw, stop or challenge by the expected chips that chose it
    (``ExpectedChipsPlayer._limit`` and ``_dealer``): the chosen option against the best
    option of another kind, a challenge's chance to be won, a card's chance to bust."""
    from game.rules import ninehalf as nh

    from .ninehalf_ai import unseen_counts

    if isinstance(action, nh.SetLimit):
        worths = getattr(player, "limit_worths", None)
        if not worths or action.limit not in worths or len(worths) < 2:
            return None
        other = max(worths) if action.limit != max(worths) else min(worths)
        return Reason("advice.ninehalf.limit", {
            "limit": action.limit, "worth": _chips(worths[action.limit], 2),
            "other": other, "other_worth": _chips(worths[other], 2),
        })  # fmt: skip
    numbers = getattr(player, "dealer_numbers", None)
    if numbers is None:
        return None
    options: list[tuple[float, Any]] = numbers["options"]
    worth = next(value for value, option in options if option == action)
    others = [(value, option) for value, option in options if type(option) is not type(action)]
    kinds = {type(option) for _, option in options}
    challenges = [(value, option) for value, option in options if isinstance(option, nh.Challenge)]
    mine = nh.hand_value(list(view.dealer_cards), dealer=True)
    value = _half(mine.points)
    if isinstance(action, nh.Challenge):
        seat = action.seat
        up = view.face_up[seat]
        shown = _half(nh.hand_value(list(up)).points) if up else "0"
        gain = numbers["gains"][seat]
        params = {"seat": seat, "shown": shown, "value": value,
                  "win": percent(numbers["wins"][seat]), "gain": _chips(gain)}  # fmt: skip
        if nh.Draw in kinds:
            draw = next(v for v, option in others if isinstance(option, nh.Draw))
            places = _places(worth, draw)
            return Reason("advice.ninehalf.dealer_challenge_draw", {
                **params, "worth": _chips(worth, places), "draw": _chips(draw, places)})  # fmt: skip
        if nh.Stop in kinds:
            return Reason("advice.ninehalf.dealer_challenge_stop", params)
        key = "dealer_challenge_bust" if mine.kind == "bust" else "dealer_challenge_owed"
        return Reason(f"advice.ninehalf.{key}", {**params, "count": numbers["need"]})
    if isinstance(action, nh.Draw):
        bust = _bust_chance(view, dealer=True, counts=unseen_counts(view))
        other, best = others[0]
        places = _places(worth, other)
        params = {"value": value, "bust": bust, "worth": _chips(worth, places),
                  "other": _chips(other, places)}  # fmt: skip
        if isinstance(best, nh.Challenge):
            return Reason("advice.ninehalf.dealer_draw_challenge", {**params, "seat": best.seat})
        return Reason("advice.ninehalf.dealer_draw_stop", params)
    if isinstance(action, nh.Stop) and challenges:
        other, best = challenges[0]
        if nh.Draw in kinds:
            draw = next(v for v, option in others if isinstance(option, nh.Draw))
            return Reason("advice.ninehalf.dealer_stop", {
                "draw": _chips(draw), "other": _chips(other), "seat": best.seat})  # fmt: skip
        return Reason("advice.ninehalf.dealer_stop_nodraw",
                      {"other": _chips(other), "seat": best.seat})  # fmt: skip
    return None


def _places(a: float, b: float) -> int:
    """Decimals that tell two expected amounts apart (one, or two when they round alike)."""
    return 1 if _chips(a) != _chips(b) else 2


def _bust_chance(view: Any, dealer: bool, counts: Sequence[int]) -> int:
    """The percent chance that one more card busts this seat's hand."""
    from game.rules import ninehalf as nh

    left = sum(counts)
    bust = 0
    for index, n in enumerate(counts):
        after = nh.hand_value([*view.my_cards, "23456789TJQKA"[index] + "S"], dealer=dealer)
        bust += n if after.kind == "bust" else 0
    return percent(bust / left) if left else 0


def _half(points: float) -> str:
    whole = int(points)
    if points - whole >= 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole)


# ------------------------------------------------------------------------- Brag
def brag_reason(view: Any, legal: Sequence[Any], action: Any, player: Any) -> Reason | None:
    """Thirteen Card Brag (RULES.md §2): the layout leads with its strongest set."""
    from game.rules import brag, cards52

    if not isinstance(action, brag.SetLayout) or not action.sets:
        return None
    lead = brag.rank_set(list(cards52.codes(action.sets[0])))
    return Reason("advice.brag.layout", {"kind": lead.kind, "sets": len(action.sets)})


__all__ = ["Advice", "Reason", "advise", "explainer", "percent"]
