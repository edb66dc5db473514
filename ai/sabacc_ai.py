"""The strong Sabacc players: ``normal`` and ``hard``.

Both read only a :class:`~game.rules.sabacc.SabaccView` and use only the
``random.Random`` handed to ``choose``; neither looks at a clock, so the
same seed always gives the same decisions.

``normal`` reads the table with :mod:`ai.sabacc_model`: its showdown equity
against opponent hands sampled from the unseen cards and weighted by how
each opponent has played this hand, blended toward an even share by how
much can still change before anyone may call.  It bets, raises, calls and
folds on that equity against the pot odds, calls the hand when it is likely
ahead, always takes the free draw (a drawn card can be discarded again) and
keeps the best hand, and bluffs at its personality's rate.

``hard`` plays the same way where the answer is clear and searches where it
is not.  At every Classic-flow table (Classic, Random, Centran, Cloud City,
Figg, Empress Teta; heads-up or more seats) it plays the hand on: deals of
the unseen cards, drawn by the opponent model's weights, are played round
by round -- the shift, every non-lead seat's chance to call the hand (the
nearer its hand to ±23, the likelier, as measured for real players; its
own seat too), everybody's draw and best discard.  The mean final share
(calibrated against the share really won in ``bench/sabacc_arena.py``)
sizes value bets and raises, with calls on pot odds; a call of the hand is
made when the share now beats the played-on share of passing.  The opponent
model weighs each deal by the opponents' last draw decision and bets, and
(``replay_reads``) by the decision before it, replayed on every hand it may
have been made with.  Empress Teta's swap is weighed on the same deals.
Where the table is not played on, betting and calling deal the unseen cards
into engine states consistent with the view and play each candidate action
out on the engine's clones with a fast policy.  A hand that takes the Sabacc
pot stands.  Budgets are numbers of deals and playouts, never a time; the
deals shrink as the table grows so a decision costs about the same.

Phases these players do not model (presets with other turn structures) go
to the ``easy`` player; an answer that is not legal becomes a legal one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.rules import sabacc as sb
from game.rules import sabacc_presets as sp
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.sabacc_rank import HandRank, rank_cards

from . import sabacc_model as m
from .base import Personality, RandomPlayer, check_level, checkpoint
from .sabacc_bots import EasySabaccPlayer

_MODELLED = (sb.BETTING, sb.CALLING, sb.DRAWING, sb.DISCARDING)
_KNOWN = (
    sb.Check,
    sb.Bet,
    sb.Call,
    sb.Raise,
    sb.Fold,
    sb.CallHand,
    sb.PassCall,
    sb.Draw,
    sb.Stand,
    sb.Discard,
    sb.Keep,
    sb.PlaceInField,
)
_KHAN_KNOWN = (
    sb.Check,
    sb.Bet,
    sb.Call,
    sb.Raise,
    sb.Fold,
    sb.CallHand,
    sb.Draw,
    sb.Stand,
    sb.ExchangeCard,
    sb.Freeze,
)


class NormalSabaccPlayer:
    """Equity-and-pot-odds play (see the module doc).  The class attributes
    are the level's skill: ``hard`` turns on what ``normal`` leaves out."""

    samples = 16  # opponent deals per decision
    reads = False  # weigh the deals by how each opponent has played (the opponent model)
    sharpness = 6.0  # how strongly the opponent model trusts a read
    replay_reads = False  # also weigh the draw decision before the last (hard)
    call_base = 0.4  # showdown equity needed to call the hand
    adaptive_call = False  # heads-up, caution and penalty move the call threshold
    stand_within = 4  # stand instead of drawing this close to ±23 (-1: always draw)
    use_field = False  # lock a made hand in the interference field
    keep_now = 0.72  # how much of the showdown equity survives to the next call
    # Great Khan
    khan_freeze = False  # freeze a good hand when the dice's expected damage beats the Stake
    khan_pot_bonus = True  # value a Pure Sabacc by the Sabacc pot it wins
    khan_flat_bonus = 1.0  # without that: a Pure Sabacc is simply worth this much more
    khan_call_base = 0.5  # showdown equity needed to call a Great Khan hand
    khan_call_ev = True  # call only when the hand pot pays for the Stake
    call_margin = 0.0  # a played-on call: the share now must beat passing by this much
    khan_call_by_play_on = False

    def __init__(self, level: str = "normal", personality: Personality | None = None) -> None:
        self.level = level
        self.personality = personality or Personality()
        self._easy = EasySabaccPlayer("easy", self.personality)
        self.fallbacks = 0  # decisions handed to the easy player (tests watch this)
        # (hand number, showdown equity) per estimate, when a bench wants them
        self.trace: list[tuple[int, float]] | None = None
        # The last decision's estimates (None: not worked out): the expected share of
        # the hand pot it bet or called on, and the share if everybody showed now.
        # The hint quotes them as the reason for the move they chose (ai.advice).
        self.share: float | None = None
        self.share_now: float | None = None
        # Force: the share of the pot declaring each side would bring. Great Khan: the
        # turn's exact expectations (``m.turn_values``) and, for a freeze, the chance
        # the dice take a card before the showdown and the chips that would cost.
        self.side_shares: dict[str, float] | None = None
        self.turn_values: dict[str, Any] | None = None
        self.freeze_risk: tuple[float, float] | None = None

    # -- the one entry point ------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.share = self.share_now = None
        self.side_shares = self.turn_values = self.freeze_risk = None
        action: Any = None
        if isinstance(view, sb.SabaccView):
            flow = getattr(view, "flow", sp.CLASSIC_FLOW)
            if (
                flow == sp.CLASSIC_FLOW
                and view.phase in _MODELLED
                and all(isinstance(a, _KNOWN) for a in legal)
            ):
                action = self.decide(view, legal, rng)
            elif flow == sp.CLASSIC_FLOW and view.phase == sb.SWAPPING:
                action = self.swap(view, legal, rng)
            elif flow == sp.TWO_EXCHANGE_FLOW and view.phase in (
                sb.HITTING,
                sb.EXCHANGING,
                sb.BETTING,
            ):
                action = self.two_exchange(view, legal, rng)
            elif flow == sp.FORCE_FLOW and view.phase in (
                sb.DECLARING,
                sb.FINAL_DISCARD,
                sb.BETTING,
                sb.CALLING,
            ):
                action = self.force(view, legal, rng)
            elif (
                flow == sp.GREAT_KHAN_FLOW
                and view.phase in (sb.TURNS, sb.BETTING)
                and all(isinstance(a, _KHAN_KNOWN) for a in legal)
            ):
                action = self.khan(view, legal, rng)
        if action is None or action not in legal:
            self.fallbacks += 1
            action = self._fallback(view, legal, rng)
        return action

    def _fallback(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        try:
            action = self._easy.choose(view, legal, rng)
        except Exception:  # an unknown phase must never end a match
            action = None
        return action if action in legal else legal[0]

    def decide(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        if view.phase == sb.BETTING:
            return self.bet(view, legal, rng)
        if view.phase == sb.CALLING:
            return self.call_or_pass(view, legal, rng)
        if view.phase == sb.DRAWING:
            return self.draw(view, legal)
        return self.discard(view, legal)

    # -- reading the table -------------------------------------------------------
    def equity_now(self, view: sb.SabaccView, rng: random.Random) -> float:
        """Share of the hand pot if everybody revealed now."""
        samples = m.sample_opponents(
            view, rng, self.samples, self.sharpness, use_reads=self.reads, replay=self.replay_reads
        )
        self.share_now = m.showdown_equity(view, samples)
        return self.share_now

    def equity(self, view: sb.SabaccView, rng: random.Random) -> float:
        """Expected share of the hand pot by the end of the hand: the showdown
        equity now, pulled toward an even share by the shifts and draws still
        to come before anyone may call."""
        live = sum(view.in_hand)
        fair = 1.0 / max(1, live)
        now = self.equity_now(view, rng)
        # A shift may come before every call (betting comes first in a round),
        # and each round before calling is allowed adds draws for everybody.
        rounds_left = max(0, view.min_rounds - view.round_no)
        keep = self.keep_now * 0.7**rounds_left
        return self._traced(view, keep * now + (1.0 - keep) * fair)

    def _traced(self, view: sb.SabaccView, e: float) -> float:
        self.share = e
        if self.trace is not None:
            self.trace.append((view.hand_no, e))
        return e

    # -- betting -----------------------------------------------------------------
    def bet(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        if sb.CHECK in legal and not any(isinstance(a, sb.Bet) for a in legal):
            return sb.CHECK  # not the lead and nobody opened: checking is free
        return self._wager(view, legal, rng, self.equity(view, rng))

    def _wager(
        self,
        view: sb.SabaccView,
        legal: Sequence[Any],
        rng: random.Random,
        e: float,
        bluff_scale: float = 1.0,
        steal: int = 0,
    ) -> Any:
        """Open, raise, call or fold on the expected share ``e`` of the pot.

        ``bluff_scale`` scales the personality's bluffing rate; ``steal`` is an
        opening bet worth making for the antes alone (0: none), taken when it is
        bigger than what the equity asks for."""
        self.share = e  # the share this wager is made on (the hint quotes it)
        p = self.personality
        bets = [a for a in legal if isinstance(a, sb.Bet)]
        raises = [a for a in legal if isinstance(a, sb.Raise)]
        live = sum(view.in_hand)
        fair = 1.0 / max(1, live)
        edge = e / fair  # above 1: better than an even share
        bluffing = rng.random() < p.bluff * bluff_scale
        want = self._size(edge, p, bluffing)
        if bets:  # free to open
            if steal and steal <= len(bets) and steal > want:
                return bets[steal - 1]
            if want <= 0:
                return sb.CHECK
            return bets[min(want, len(bets)) - 1]
        if sb.CHECK in legal:
            return sb.CHECK
        owe = view.level - view.round_bets[view.seat]
        fee = min(view.options.fold_fee, view.chips[view.seat])
        pot = view.hand_pot
        if raises and want > 1 and (edge > 1.35 - 0.3 * p.aggression or bluffing):
            return raises[min(want - 1, len(raises)) - 1]
        if sb.CALL in legal:
            # Call when the expected return beats the fold fee, with a margin
            # that grows with caution.
            margin = (p.caution - 0.5) * 0.1 * (pot + owe)
            if e * (pot + owe) - owe >= -fee + margin or sb.FOLD not in legal:
                return sb.CALL
        if sb.FOLD in legal:
            return sb.FOLD
        return sb.CALL if sb.CALL in legal else legal[0]

    @staticmethod
    def _size(edge: float, p: Personality, bluffing: bool) -> int:
        """Chips to put in as an opening bet or raise (0: none)."""
        boost = 0.4 * (p.aggression - 0.5)
        if bluffing:
            edge = max(edge, 1.6)
        if edge > 2.0 - boost:
            return 3
        if edge > 1.6 - boost:
            return 2
        if edge > 1.25 - boost:
            return 1
        return 0

    # -- calling the hand ------------------------------------------------------------
    def call_threshold(self, view: sb.SabaccView) -> float:
        live = sum(view.in_hand)
        base = self.call_base
        if self.adaptive_call:
            base += 0.0 if live > 2 else 0.08
            base += 0.25 * (self.personality.caution - 0.5)
            if view.options.failed_call_penalty:
                base += 0.1
        # A hand nobody calls never ends: grow less picky as it drags on.
        late = max(0, view.round_no - view.min_rounds)
        if late >= 10:
            return -1.0  # call whatever the hand: only a call ends it
        return max(0.15, base - 0.04 * late)

    def call_or_pass(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        if sb.CALL_HAND not in legal:
            return sb.PASS_CALL
        e = self.equity_now(view, rng)
        return sb.CALL_HAND if e >= self.call_threshold(view) else sb.PASS_CALL

    # -- drawing and discarding ------------------------------------------------------
    def draw(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        fielded = self._field(view, legal) if self.use_field else None
        if fielded is not None:
            return fielded
        if sb.DRAW not in legal or m.distance(view.rank()) <= self.stand_within:
            return sb.STAND
        # A drawn card may be discarded straight away, so a draw never costs
        # the hand anything: look at one more card.
        return sb.DRAW

    def _field(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        """With an interference field, lock a made hand away from shifts once a
        call is near (a field card is public, so not earlier)."""
        places = [a for a in legal if isinstance(a, sb.PlaceInField)]
        if not places:
            return None
        rank = view.rank()
        if m.distance(rank) <= 1 and view.round_no + 1 >= view.min_rounds:
            return places[0]
        return None

    def discard(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        _, card = m.best_after_discard(view.hand, view.fields[view.seat], view.values, view.options)
        if card is None:
            return sb.KEEP
        action = sb.Discard(card)
        return action if action in legal else sb.KEEP

    # -- Empress Teta (RULES.md §1.7): one swap with the deck before the showdown ----
    def swap(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Worked out exactly over the cards the deck can give (``ai/sabacc_swap.py``)."""
        from . import sabacc_swap

        return sabacc_swap.decide(self, view, legal, rng)

    # -- Great Khan (RULES.md §1.6) ----------------------------------------------------
    def khan_value(self, view: sb.SabaccView) -> Any:
        """How a Great Khan seat scores a hand: its quality, and (``hard``) a
        Pure Sabacc or Idiot's Array worth the Sabacc pot it would sweep."""
        bonus = self.khan_flat_bonus
        if self.khan_pot_bonus:
            bonus = view.sabacc_pot / max(10.0, view.hand_pot + 10.0)

        def value(rank: HandRank) -> float:
            q = m.quality(rank)
            return q + bonus if rank.takes_sabacc_pot else q

        return value

    def khan(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        if self.khan_freeze:
            freeze = self._khan_freeze(view, legal)
        else:
            freeze = None  # the dice are left to luck
        if freeze is not None:
            return freeze
        if view.phase == sb.TURNS:
            return self._khan_turn(view, legal)
        return self._khan_bet(view, legal, rng)

    def _khan_turn(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        """Draw, exchange one card or stay: the best exact expectation."""
        pool = m.draw_pool(view)
        values = m.turn_values(view, pool, self.khan_value(view))
        self.turn_values = values
        best: Any = sb.STAY
        best_v = float(values["stay"])  # type: ignore[arg-type]
        draw = values.get("draw")
        if sb.DRAW in legal and isinstance(draw, float) and draw > best_v + 1e-9:
            best, best_v = sb.DRAW, draw
        swaps = values.get("exchange")
        if isinstance(swaps, dict):
            for card, v in swaps.items():
                action = sb.ExchangeCard(card)
                if action in legal and v > best_v + 1e-9:
                    best, best_v = action, v
        return best

    def _khan_freeze(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        """Freeze every unfrozen card of a good hand when the dice's expected
        damage before the showdown is worth more than the Stake (free once
        the Stake is paid this turn)."""
        freezes = [a for a in legal if isinstance(a, sb.Freeze)]
        if not freezes:
            return None
        rank = view.rank()
        if m.distance(rank) > 2:
            return None
        if view.stasis_paid:
            return freezes[0]
        hit = m.dice_hit_chance(view)
        if hit <= 0.0:
            return None
        live = sum(view.in_hand)
        # Rolls still to come before a showdown: the rest of this step and one
        # betting step (every turn is followed by a roll).
        rolls = 2 * live if view.phase == sb.TURNS else live + 1
        p_hit = 1.0 - (1.0 - hit) ** rolls
        pool = m.unseen_cards(view)
        value = self.khan_value(view)
        damage = m.dice_damage(view, pool, value)
        # Value is in units of the quality scale: one unit is about the hand pot
        # (plus the Sabacc pot, already in the bonus for a Pure Sabacc).
        chips_at_risk = damage * max(view.hand_pot + 4 * view.options.stake, 1)
        if p_hit * chips_at_risk > view.options.stake:
            self.freeze_risk = (p_hit, chips_at_risk)
            return freezes[0]
        return None

    def _khan_bet(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        rank = view.rank()
        # ``hard``: the share of playing the hand on (None: not played on).
        later = self.khan_played_on(view, rng) if view.caller < 0 else None
        if sb.CALL_HAND in legal:
            if rank.takes_sabacc_pot:
                return sb.CALL_HAND  # a lone Pure Sabacc wins the whole game
            e_now = self.equity_now(view, rng)
            late = view.round_no
            threshold = self.khan_call_base - 0.03 * late
            if self.adaptive_call:
                threshold += 0.25 * (self.personality.caution - 0.5)
                if sum(view.in_hand) == 2:
                    threshold += 0.08
            if later is not None and self.khan_call_by_play_on:
                # Call when the share now beats the share of playing on.
                threshold = later + self.call_margin + 0.2 * (self.personality.caution - 0.5)
            owe = view.level - view.round_bets[view.seat]
            gain = e_now * (view.hand_pot + owe) - owe - view.options.stake
            if e_now >= threshold and (gain > 0 or not self.khan_call_ev):
                return sb.CALL_HAND
        else:
            e_now = -1.0
        if view.caller >= 0:
            # Called: the showdown follows this betting step.
            e = e_now if e_now >= 0 else self.equity_now(view, rng)
        elif later is not None:
            e = self._traced(view, later)
        else:
            live = sum(view.in_hand)
            fair = 1.0 / max(1, live)
            now = e_now if e_now >= 0 else self.equity_now(view, rng)
            e = self.keep_now * now + (1.0 - self.keep_now) * fair
        return self._wager(view, legal, rng, e)

    def khan_played_on(self, view: sb.SabaccView, rng: random.Random) -> float | None:
        """``normal`` does not play a Great Khan hand on."""
        return None

    # -- Two-Exchange (RULES.md §1.5): ai/sabacc_twoex.py ------------------------------
    def two_exchange(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        from . import sabacc_twoex

        return sabacc_twoex.decide(self, view, legal, rng)

    # -- Force (RULES.md §1.7): ai/sabacc_force.py ----------------------------------------
    def force(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        from . import sabacc_force

        return sabacc_force.decide(self, view, legal, rng)


# -- the fast playout policy ----------------------------------------------------------
def playout_action(state: sb.SabaccState, rng: random.Random) -> Any:
    """A quick, sensible move for the seat to act in a search playout.

    It reads the state directly: in a playout every hand is a sampled guess,
    never a real hidden card.
    """
    seat = state.seat
    phase = state.phase
    if phase == sb.DRAWING:
        return sb.DRAW if (state.deck or state.discards) else sb.STAND
    cards = state.hands[seat] + state.fields[seat]
    if phase == sb.DISCARDING:
        if len(cards) <= 2:
            return sb.KEEP
        _, card = m.best_after_discard(
            state.hands[seat], state.fields[seat], state.values, state.options
        )
        return sb.KEEP if card is None else sb.Discard(card)
    d = m.distance(rank_cards(cards, state.values, state.options))
    if phase == sb.CALLING:
        patience = max(0, state.round_no - state.min_rounds)
        return sb.CALL_HAND if d <= 1 + patience // 3 else sb.PASS_CALL
    legal = state.legal_actions()
    if sb.CHECK in legal:
        if len(legal) > 2 and d <= 2:
            return legal[min(2, len(legal) - 1)]  # the lead opens with 2
        return sb.CHECK
    owe = state.level - state.round_bets[seat]
    if d <= 1 and sb.Raise(1) in legal and rng.random() < 0.5:
        return sb.Raise(1)
    if sb.CALL in legal and (d <= 6 or owe <= 1 or sb.FOLD not in legal):
        return sb.CALL
    return sb.FOLD if sb.FOLD in legal else legal[0]


def playout(state: sb.SabaccState, seat: int, rng: random.Random, limit: int = 400) -> int:
    """Play ``state`` to the end of the hand; the chips ``seat`` holds then."""
    for _ in range(limit):
        checkpoint()
        who = state.seat
        if who == CHANCE:
            state.sample_chance(rng)
        elif who in (BETWEEN, TERMINAL):
            break
        else:
            state.apply(playout_action(state, rng))
    return state.chips[seat]


def _share(mine: HandRank, theirs: Sequence[HandRank]) -> float:
    """The share of the hand pot ``mine`` takes against ``theirs`` at a showdown."""
    if mine.bombed_out:
        return 0.0
    best = max((r.key for r in theirs), default=mine.key)
    if mine.key < best:
        return 0.0
    return 1.0 / (1 + sum(1 for r in theirs if r.key == mine.key))


def _khan_turn(
    hand: list[int], frozen: int, deck: list[int], values: Sequence[int], options: Any
) -> None:
    """A quick Great Khan turn in a playout (the frozen cards lead the hand):
    stay near ±23; draw on a small total; else exchange the card whose loss
    leaves the total best placed (the card that bombs the hand, or the
    smallest one)."""
    rank = rank_cards(hand, values, options)
    if m.distance(rank) <= 3:
        return
    total = sum(values[c] for c in hand)
    if len(hand) < 5 and 0 < abs(total) <= 14:
        hand.append(deck.pop())
        return
    free = range(frozen, len(hand))
    if not free:
        return
    if total > 23:
        i = max(free, key=lambda j: values[hand[j]])
    elif total < -23:
        i = min(free, key=lambda j: values[hand[j]])
    else:
        i = min(free, key=lambda j: abs(values[hand[j]]))
    hand[i] = deck.pop()


# How readily a heads-up seat calls the hand by its distance to ±23 (measured
# for both hard and the independent reference player in bench/sabacc_arena.py).
_CALL_BY_DISTANCE = (1.0, 0.98, 0.95, 0.87, 0.85, 0.7, 0.58, 0.55, 0.45)


def _call_chance(distance: int, late: int) -> float:
    if distance >= 99:
        return 0.0
    if distance >= len(_CALL_BY_DISTANCE):
        return min(1.0, 0.1 + 0.1 * late)
    return min(1.0, _CALL_BY_DISTANCE[distance] + 0.1 * late)


class HardSabaccPlayer(NormalSabaccPlayer):
    """``normal`` plus determinized playouts for betting and calling."""

    samples = 64
    reads = True
    adaptive_call = True
    stand_within = -1
    use_field = True
    khan_freeze = True
    deals = 12  # determinizations per searched decision
    budget = 44  # playouts per searched decision, shared by the candidates

    rollout_deals = 96  # determinizations whose remaining draws are rolled out
    play_on_deals = 192  # heads-up Classic: deals played on round by round (0: rolled out)
    play_on_rounds = 4  # ... for at most this many rounds
    play_on_candidates = 3  # ... drawn by weight from this many times as many weighted deals
    play_on_calls = True  # heads-up Classic: call the hand by the played-on share of passing
    value_heads_up = True  # heads-up: bet for value by the rolled-out share
    play_on_multi = True  # 3+ live seats: play the hand on too (else: rolled out)
    replay_reads = True  # weigh deals by every draw decision since the deal, not the last only
    # heads-up: (share, chips) -- above the share, open or raise with the chips
    value_ladder: tuple[tuple[float, int], ...] = (
        (0.51, 1),
        (0.53, 2),
        (0.55, 3),
        (0.58, 5),
        (0.62, 7),
        (0.67, 10),
    )
    value_raise = 0.55  # heads-up share above which to raise
    khan_play_on = False  # Great Khan: bet and call by the played-on share (measured: no gain)
    khan_call_by_play_on = True  # ... and call when the share now beats it
    khan_rounds = 4  # ... played on for at most this many rounds
    khan_call_scale = 1.0  # ... each seat calling this much as readily as in Classic
    swap_deals = 96  # Empress Teta: weighted deals that weigh the swap before the showdown
    heads_up_stretch = 1.2  # heads-up: the played-on share's distance from even, scaled
    multi_shrink = 0.7  # 3+ live seats: a played-on share above the even one, scaled
    value_multi = False  # 3+ live seats: bet by the ladder too (else: normal's edge rule)
    value_stretch = 1.5  # ... each rung this many times as far above the even share
    roll_calls = False  # heads-up: call the hand by now against rolled on
    call_floor = 0.5  # ... only when at least this far ahead now
    call_slack = 0.03  # ... and the rolled-on share is at most this much better
    call_sure = 0.65  # ... or whenever this far ahead

    search_calling = True
    search_betting = False  # measured: playouts did not beat the equity rule here
    search_rounds = 4  # rounds past the first possible call that are searched
    search_margin = 0.1  # search a call only when the equity is this near the threshold

    def decide(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        if (
            view.phase == sb.CALLING
            and sb.CALL_HAND in legal
            and self.roll_calls
            and self.rollout_deals
            and sum(view.in_hand) == 2
        ):
            return self._roll_call(view, rng)
        if (
            view.phase == sb.CALLING
            and sb.CALL_HAND in legal
            and self.play_on_calls
            and self._plays_on(view)
            and view.round_no - view.min_rounds < self.search_rounds
        ):
            return self._play_on_call(view, rng)
        if view.phase == sb.CALLING and sb.CALL_HAND in legal and self.search_calling:
            if view.round_no - view.min_rounds >= self.search_rounds:
                # A long hand: the normal rule, whose patience ends every hand.
                return super().decide(view, legal, rng)
            e = self.equity_now(view, rng)
            threshold = self.call_threshold(view)
            if abs(e - threshold) > self.search_margin:
                # Clear either way: the equity rule (playouts only add noise here).
                return sb.CALL_HAND if e >= threshold else sb.PASS_CALL
            return self._search(view, [sb.CALL_HAND, sb.PASS_CALL], rng)
        if view.phase == sb.BETTING and self.search_betting:
            candidates = self._betting_candidates(view, legal, rng)
            if len(candidates) == 1:
                return candidates[0]
            return self._search(view, candidates, rng)
        return super().decide(view, legal, rng)

    def khan_played_on(self, view: sb.SabaccView, rng: random.Random) -> float | None:
        """Great Khan: the expected share of the hand pot by playing the hand
        on (:meth:`_khan_play_on`) over deals drawn by the opponent model."""
        if not self.khan_play_on or not self.play_on_deals or sum(view.in_hand) < 2:
            return None
        pool = m.unseen_cards(view)
        deals = self._resampled(view, rng, pool)
        if not deals:
            return None
        return sum(self._khan_play_on(view, smp, pool, rng) for smp in deals) / len(deals)

    def _khan_play_on(
        self, view: sb.SabaccView, smp: m.Sample, pool: Counter[int], rng: random.Random
    ) -> float:
        """One Great Khan deal played on to a showdown; the own share of it.

        Each round every live seat takes a quick turn (:func:`_khan_turn`),
        each turn followed by the dice (doubles, then the player die picks a
        seat from the dealer's left, one of whose unfrozen cards is swapped),
        then every seat in turn may call by :func:`_call_chance`."""
        me = view.seat
        n = view.num_seats
        live = [s for s in range(n) if s == me or s in smp.hidden]
        rest = Counter(pool)
        for cards in smp.hidden.values():
            rest.subtract(cards)
        deck = list((+rest).elements())
        rng.shuffle(deck)
        hands = {s: list(smp.hidden[s]) for s in live if s != me}
        mine = list(view.hand)
        for c in view.locked:
            mine.remove(c)
        hands[me] = list(view.locked) + mine
        frozen = {s: 0 for s in live}
        frozen[me] = len(view.locked)
        vals, opts = view.values, view.options
        dealt = [s for s in ((view.dealer + 1 + k) % n for k in range(n)) if view.dealt_in[s]]
        size = 2 if len(dealt) <= 2 else 4 if len(dealt) <= 4 else 6 if len(dealt) <= 6 else 8
        order = sorted(live, key=lambda s: (s - view.lead) % n)
        rnd = view.round_no
        # This round's turns are over once its betting has begun.
        first_turns = view.phase == sb.TURNS
        for r in range(self.khan_rounds):
            if r > 0 or first_turns:
                for s in order:
                    if not deck:
                        break
                    _khan_turn(hands[s], frozen[s], deck, vals, opts)
                    if deck and rng.random() < 1.0 / 6.0:
                        k = rng.randrange(size)
                        target = dealt[k] if k < len(dealt) else -1
                        if target in hands and len(hands[target]) > frozen[target]:
                            i = rng.randrange(frozen[target], len(hands[target]))
                            hands[target][i] = deck.pop()
            late = max(0, rnd + r - 2)
            if any(
                rng.random()
                < self.khan_call_scale
                * _call_chance(m.distance(rank_cards(hands[s], vals, opts)), late)
                for s in order
            ):
                break
        ranks = [rank_cards(hands[s], vals, opts) for s in live if s != me]
        return _share(rank_cards(hands[me], vals, opts), ranks)

    def swap(self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random) -> Any:
        """As ``normal`` (every card the deck can give), over ``swap_deals`` weighted
        deals of the opponents read with the replayed draws; 0: the easy player's
        rule of thumb (the bench's older hard)."""
        if not self.swap_deals:
            return None
        from . import sabacc_swap

        return sabacc_swap.decide(
            self, view, legal, rng, deals=self.swap_deals, replay=self.replay_reads
        )

    def draw(self, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
        # No draw and discard improves a hand that already takes the Sabacc pot.
        if sb.STAND in legal and m.distance(view.rank()) == 0:
            fielded = self._field(view, legal) if self.use_field else None
            return fielded if fielded is not None else sb.STAND
        return super().draw(view, legal)

    # -- the rolled-out share ---------------------------------------------------
    def equity(self, view: sb.SabaccView, rng: random.Random) -> float:
        """Expected share of the hand pot at the showdown, by playing the hand on.

        At a Classic-flow table (:meth:`_plays_on`), weighted deals of the
        unseen cards are played on round by round (:meth:`_play_on`): the
        shift, each non-lead seat's chance to call the hand (taken the more
        readily the nearer its hand is to ±23, as the players here really
        do), then everybody's draw.  So a lead who bets into a seat that may
        call right after counts the hands that call it, and a seat about to
        call counts its own call.  At 3+ seats a share above the even one is
        scaled by ``multi_shrink`` (the calibration of the arena bench).
        """
        if view.phase != sb.BETTING or not self._plays_on(view):
            return self._rolled_equity(view, rng)
        pool = m.unseen_cards(view)
        deals = self._resampled(view, rng, pool)
        if not deals:
            return super().equity(view, rng)
        e = sum(self._play_on(view, smp, pool, rng, shifted=False) for smp in deals) / len(deals)
        live = sum(view.in_hand)
        if live > 2 and e > 1.0 / live:
            # Calibration (bench/sabacc_arena.py): at bigger tables a share above
            # the even one is won less often than played on (the seats that stay
            # in against a bet hold more than the model deals them).
            e = 1.0 / live + (e - 1.0 / live) * self.multi_shrink
        elif live == 2:
            # Heads-up the played-on share is too timid either side of even.
            e = min(1.0, max(0.0, 0.5 + (e - 0.5) * self.heads_up_stretch))
        return self._traced(view, e)

    def _plays_on(self, view: sb.SabaccView) -> bool:
        """Whether this table is played on (:meth:`_play_on`): Classic-flow
        tables, heads-up or (``play_on_multi``) with more live seats."""
        live = sum(view.in_hand)
        if not self.play_on_deals or view.flow != sp.CLASSIC_FLOW or live < 2:
            return False
        return live == 2 or self.play_on_multi

    def _resampled(
        self, view: sb.SabaccView, rng: random.Random, pool: Counter[int]
    ) -> list[m.Sample]:
        """``play_on_deals`` deals drawn by weight from a larger weighted set
        (the opponent model): the rollouts go to the likely hands."""
        # The same number of cards played whatever the table's size.
        k = max(16, self.play_on_deals * 2 // max(2, sum(view.in_hand)))
        samples = m.sample_opponents(
            view, rng, k * self.play_on_candidates, self.sharpness, pool, replay=self.replay_reads
        )
        weights = [s.weight for s in samples]
        if sum(weights) <= 0.0:
            return []
        return rng.choices(samples, weights=weights, k=k)

    def _play_on(
        self,
        view: sb.SabaccView,
        smp: m.Sample,
        pool: Counter[int],
        rng: random.Random,
        shifted: bool,
    ) -> float:
        """One deal played on to a showdown; the own share of it.

        From the current round's betting (``shifted`` False) or from just
        after its own call was passed (``shifted`` True: the seats after it
        may still call, then the draws come).  Every live seat, the own one
        included, calls by :func:`_call_chance`; the first call ends the hand.
        """
        me = view.seat
        n = view.num_seats
        live = [s for s in range(n) if s == me or s in smp.hidden]
        rest = Counter(pool)
        for cards in smp.hidden.values():
            rest.subtract(cards)
        deck = list((+rest).elements())
        horizon = self.play_on_rounds
        need = horizon * 2 * len(live)
        if need > len(deck):
            return m.showdown_equity(view, [smp])
        fresh = rng.sample(deck, need)
        k = 0
        hands = {s: list(smp.hidden[s]) for s in live if s != me}
        hands[me] = list(view.hand)
        fields = {s: list(view.fields[s]) for s in live}
        vals, opts = view.values, view.options
        rnd, lead = view.round_no, view.lead
        if lead not in hands:
            lead = min(live, key=lambda s: (s - lead) % n)
        crowd = len(live)
        for first in [True] + [False] * (horizon - 1):
            order = sorted(live, key=lambda s: (s - lead) % n)
            if not (first and shifted):
                if rng.random() < 0.5:  # a Sabacc Shift: one random card of each hand swapped
                    for s in order:
                        if hands[s]:
                            hands[s][rng.randrange(len(hands[s]))] = fresh[k]
                        k += 1
                else:
                    k += len(order)
            if rnd >= view.min_rounds:
                callers = order[1:]
                if first and shifted:  # the own call was just passed
                    callers = callers[callers.index(me) + 1 :] if me in callers else []
                late = rnd - view.min_rounds
                if any(
                    rng.random() < _call_chance(m.distance(r), late)
                    for r in (rank_cards(hands[c] + fields[c], vals, opts) for c in callers)
                ):
                    break
            for s in order:
                hands[s].append(fresh[k])
                k += 1
                _, card = m.best_after_discard(hands[s], fields[s], vals, opts)
                if card is not None:
                    hands[s].remove(card)
            rnd += 1
            lead = order[1] if len(order) > 1 else lead
        ranks = {s: rank_cards(hands[s] + fields[s], vals, opts) for s in live}
        mine = ranks[me]
        if mine.bombed_out:
            # Heads-up, both bombed out counts as an even share (as measured).
            return 0.5 if crowd == 2 and all(r.bombed_out for r in ranks.values()) else 0.0
        best = max(r.key for r in ranks.values())
        if mine.key < best:
            return 0.0
        return 1.0 / sum(1 for r in ranks.values() if r.key == best)

    def _play_on_call(self, view: sb.SabaccView, rng: random.Random) -> Any:
        """Heads-up: call the hand when the share now beats the share of passing.

        Passing hands a draw to both and the next call to the opponent, who
        calls the more readily the better its hand: the same weighted deals
        are shown down now and played on from the draws (:meth:`_play_on`).
        """
        pool = m.unseen_cards(view)
        deals = self._resampled(view, rng, pool)
        if not deals:
            return super().decide(view, [sb.CALL_HAND, sb.PASS_CALL], rng)
        later = sum(self._play_on(view, smp, pool, rng, shifted=True) for smp in deals)
        later /= len(deals)
        now = m.showdown_equity(view, [m.Sample(d.hidden, 1.0) for d in deals])
        self.share_now = now  # the figure the hint's reason quotes (ai.advice)
        margin = self.call_margin + 0.2 * (self.personality.caution - 0.5)
        return sb.CALL_HAND if now >= later + margin else sb.PASS_CALL

    def _rolled_equity(self, view: sb.SabaccView, rng: random.Random) -> float:
        """Expected share of the hand pot at the showdown, by rolling the hand on.

        Weighted deals of the unseen cards (the opponent model) are played on
        for the shifts and draws still to come before a call is likely: a
        shift (half the rounds) swaps a random card of each live hand, and
        each live seat draws a card and keeps its best hand.  The mean share
        of the final showdown is the estimate (``bench/sabacc_arena.py``
        prints it against the share really won).
        """
        if not self.rollout_deals or sum(view.in_hand) != 2 or view.phase != sb.BETTING:
            return super().equity(view, rng)
        pool = m.unseen_cards(view)
        samples = m.sample_opponents(
            view, rng, self.rollout_deals, self.sharpness, pool, replay=self.replay_reads
        )
        draws = max(0, view.min_rounds - view.round_no) + 1
        total_w = won = 0.0
        for smp in samples:
            won += smp.weight * self._roll(view, smp, pool, draws, rng)
            total_w += smp.weight
        if total_w <= 0.0:
            return super().equity(view, rng)
        return self._traced(view, won / total_w)

    def _roll_call(self, view: sb.SabaccView, rng: random.Random) -> Any:
        """Heads-up: call when ahead now and the rolled-on hand would not be better.

        Waiting hands the next call to the opponent, who calls when ahead,
        so a lead now is worth a little more than the same lead later.
        """
        now = self.equity_now(view, rng)
        late = max(0, view.round_no - view.min_rounds)
        if late >= 10:
            return sb.CALL_HAND
        pool = m.unseen_cards(view)
        samples = m.sample_opponents(
            view, rng, self.rollout_deals, self.sharpness, pool, replay=self.replay_reads
        )
        total_w = won = 0.0
        for smp in samples:
            won += smp.weight * self._roll(view, smp, pool, 1, rng)
            total_w += smp.weight
        later = won / total_w if total_w > 0 else now
        want = self.call_floor + 0.25 * (self.personality.caution - 0.5) - 0.03 * late
        if now >= want and now >= later - self.call_slack:
            return sb.CALL_HAND
        return sb.CALL_HAND if now >= self.call_sure else sb.PASS_CALL

    def _roll(
        self,
        view: sb.SabaccView,
        smp: m.Sample,
        pool: Counter[int],
        draws: int,
        rng: random.Random,
    ) -> float:
        rest = Counter(pool)
        for cards in smp.hidden.values():
            rest.subtract(cards)
        deck = list((+rest).elements())
        seats = [view.seat, *smp.hidden]
        hands = {view.seat: list(view.hand), **{s: list(c) for s, c in smp.hidden.items()}}
        fields = {s: view.fields[s] for s in seats}
        need = draws * 2 * len(seats)
        if need > len(deck):
            return m.showdown_equity(view, [smp])
        fresh = rng.sample(deck, need)
        k = 0
        for _ in range(draws):
            if rng.random() < 0.5:  # a Sabacc Shift: one random card of each hand swapped
                for s in seats:
                    if hands[s]:
                        hands[s].pop(rng.randrange(len(hands[s])))
                        hands[s].append(fresh[k])
                    k += 1
            else:
                k += len(seats)
            for s in seats:
                hands[s].append(fresh[k])
                k += 1
                _, card = m.best_after_discard(hands[s], fields[s], view.values, view.options)
                if card is not None:
                    hands[s].remove(card)
        ranks = {
            s: rank_cards(hands[s] + list(fields[s]), view.values, view.options) for s in seats
        }
        mine = ranks[view.seat]
        if mine.bombed_out:
            return 0.0
        best = max(r.key for r in ranks.values())
        if mine.key < best:
            return 0.0
        return 1.0 / sum(1 for r in ranks.values() if r.key == best)

    def _wager(
        self,
        view: sb.SabaccView,
        legal: Sequence[Any],
        rng: random.Random,
        e: float,
        bluff_scale: float = 1.0,
        steal: int = 0,
    ) -> Any:
        self.share = e
        live = sum(view.in_hand)
        if (
            not self.value_heads_up
            or view.flow != sp.CLASSIC_FLOW
            or (live != 2 and not (self.value_multi and self._plays_on(view)))
        ):
            return super()._wager(view, legal, rng, e, bluff_scale, steal)
        # Every chip bet is won or lost at the showdown: bet for value by the
        # share, raise a clear favourite, call on pot odds.  The ladder is
        # heads-up's; at a bigger table each rung stands as far above the
        # even share, stretched by ``value_stretch``.
        fair = 1.0 / live

        def rung(share: float) -> float:
            # The ladder was set on the unstretched heads-up share.
            if live == 2:
                return 0.5 + (share - 0.5) * self.heads_up_stretch
            return fair + (share - 0.5) * self.value_stretch

        p = self.personality
        lean = 0.08 * (p.aggression - 0.5)
        bets = [a for a in legal if isinstance(a, sb.Bet)]
        raises = [a for a in legal if isinstance(a, sb.Raise)]
        shown = e  # the share the bet represents; calls weigh the real one
        if rng.random() < p.bluff * bluff_scale:
            shown = max(e, rung(0.63))  # represent a strong hand
        want = 0
        for share, chips in self.value_ladder:
            if shown > rung(share) - lean:
                want = chips
        if bets:
            return bets[min(want, len(bets)) - 1] if want else sb.CHECK
        if sb.CHECK in legal:
            return sb.CHECK
        if raises and shown > rung(self.value_raise) - lean:
            return raises[min(want, len(raises)) - 1]
        owe = view.level - view.round_bets[view.seat]
        fee = min(view.options.fold_fee, view.chips[view.seat])
        margin = (p.caution - 0.5) * 0.1 * (view.hand_pot + owe)
        if sb.CALL in legal and (
            e * (view.hand_pot + owe) - owe >= -fee + margin or sb.FOLD not in legal
        ):
            return sb.CALL
        return sb.FOLD if sb.FOLD in legal else (sb.CALL if sb.CALL in legal else legal[0])

    def _betting_candidates(
        self, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
    ) -> list[Any]:
        if sb.CHECK in legal and not any(isinstance(a, sb.Bet) for a in legal):
            return [sb.CHECK]
        heuristic = super().bet(view, legal, rng)
        out: list[Any] = [heuristic]
        for a in (sb.FOLD, sb.CALL, sb.CHECK, sb.Raise(1), sb.Raise(3), sb.Bet(1), sb.Bet(3)):
            if a in legal and a not in out:
                out.append(a)
        return out

    def _search(self, view: sb.SabaccView, candidates: list[Any], rng: random.Random) -> Any:
        pool = m.unseen_cards(view)
        samples = m.sample_opponents(
            view, rng, self.samples, self.sharpness, pool, replay=self.replay_reads
        )
        total = sum(s.weight for s in samples)
        if total <= 0:
            return candidates[0]
        weights = [s.weight for s in samples]
        per_action = max(2, self.budget // len(candidates))
        deals = rng.choices(samples, weights=weights, k=min(self.deals, per_action))
        me = view.seat
        scores = [0.0] * len(candidates)
        runs = [0] * len(candidates)
        # Each deal is played once per candidate with the same chance seed
        # (common random numbers), so differences come from the action.
        for rep in range(per_action):
            deal = deals[rep % len(deals)]
            seed = rng.getrandbits(32)
            base = m.state_from_view(view, deal.hidden, random.Random(seed))
            start = base.chips[me]
            for i, action in enumerate(candidates):
                state = base.clone()
                try:
                    state.apply(action)
                except ValueError:
                    scores[i] = float("-inf")
                    continue
                end = playout(state, me, random.Random(seed + 1))
                scores[i] += end - start
                runs[i] += 1
        best = max(
            range(len(candidates)),
            key=lambda i: (scores[i] / runs[i] if runs[i] else float("-inf"), -i),
        )
        return candidates[best]


def make_player(level: str, personality: Personality | None = None) -> Any:
    """A Sabacc player of ``level`` (random, easy, normal, hard)."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    if level == "easy":
        return EasySabaccPlayer("easy", personality)
    if level == "normal":
        return NormalSabaccPlayer("normal", personality)
    return HardSabaccPlayer("hard", personality)
