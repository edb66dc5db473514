"""Force Sabacc (RULES.md §1.7) decisions of the normal and hard Sabacc players.

``decide`` answers for a :class:`~ai.sabacc_ai.NormalSabaccPlayer` in every
Force phase it is shown — declaring, betting, calling the hand and the final
discard; ``None`` hands the decision to the easy player.  What each level
does is its row of :data:`SKILLS`.

Everything rests on the **share**: the own part of the hand pot under side
scoring, averaged over deals of the unseen cards that complete every live
hand to four cards, each player then making their best discard.  A share is
only won when the own side wins *and* the own hand is the best on it.
``normal`` bets, calls and folds on its share against the pot odds, calls the
hand on a strong share and keeps or discards for the best share.

``hard`` adds:

* **fold equity**: as the lead it opens big enough that an opponent calling
  by the pot odds needs 60% of the pot to call.  Four or so hands
  share a Force pot, so nearly everyone folds and the antes are taken
  (measured over 32 x 150 hands: hard − normal +0.96 ±0.46 chips a hand
  with it, +0.13 ±0.23 without);
* **reads** (:func:`deal_weight`): a declared side says which sign the first
  card has, and a bet, raise, call or call of the hand says the cards held
  at that moment were promising;
* **a searched call**: calling only skips the fourth betting round (the same
  cards come either way), so each determinization (the opponents' cards
  dealt consistently with the view) is played to the end of the hand on the
  engine's clones, once per answer with the same chance, under a fast Force
  policy for every seat.  The budget is a number of playouts, never a time;
* more deals per share, inverted cards expected, a close Light-or-Dark
  choice settled on many deals, and no bluffs (its own fold-equity bets do
  that job).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.sabacc_presets import SabaccOptions
from game.rules.sabacc_rank import PURE_SABACC, rank_cards

from . import sabacc_model as m
from .personalities import BASE_BLUFF

if TYPE_CHECKING:
    from .sabacc_ai import NormalSabaccPlayer

Card = int
FORCE_CARDS = 4  # every Force hand grows to four cards (RULES.md §1.7)
# The quality of a total (:func:`ai.sabacc_model.quality`), offset so a list serves.
_Q_OFFSET = 128
_QUALITY = [
    0.0
    if t == 0 or abs(t) > 23
    else 1.0
    if abs(t) == 23
    else max(0.02, 0.95 - 0.045 * (23 - abs(t)))
    for t in range(-_Q_OFFSET, _Q_OFFSET + 1)
]


@dataclass(frozen=True, slots=True)
class ForceSkill:
    """One level's Force play (see the module doc)."""

    samples: int  # deals completing every hand per share estimate
    invert: bool  # expect future cards to come inverted now and then
    reads: bool  # weigh the deals by each opponent's declaration and bets
    call_share: float  # call the hand with at least this share (unsearched)
    search_calls: bool  # settle a call by playouts
    deals: int  # determinizations per searched decision
    budget: int  # playouts per searched decision, shared by the answers
    bluff_scale: float  # the personality's bluffing rate times this
    declare_samples: int  # deals for the Light-or-Dark choice (a close call)
    steal_share: float  # open big enough that calling needs this share by the pot odds (0: never)


SKILLS: dict[str, ForceSkill] = {
    "normal": ForceSkill(
        samples=16,
        invert=False,
        reads=False,
        call_share=0.5,
        search_calls=False,
        deals=0,
        budget=0,
        bluff_scale=1.0,
        declare_samples=16,
        steal_share=0.0,
    ),
    "hard": ForceSkill(
        samples=96,
        invert=True,
        reads=True,
        call_share=0.5,
        search_calls=True,
        deals=12,
        budget=40,
        bluff_scale=0.0,
        declare_samples=400,
        steal_share=0.6,
    ),
}


# What caution adds to hard's search of the call (steady adds nothing): the
# chips a playout calling must win more per unit of caution above the middle.
CALL_CAUTION_CHIPS = 1.5


def skill_of(player: NormalSabaccPlayer) -> ForceSkill:
    return SKILLS.get(player.level, SKILLS["normal"])


def _other(side: str) -> str:
    return sb.DARK if side == sb.LIGHT else sb.LIGHT


# -- the one entry point ------------------------------------------------------------
def decide(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
) -> Any:
    skill = skill_of(player)
    if view.phase == sb.DECLARING:
        many = replace(skill, samples=skill.declare_samples)
        light, dark = shares(view, rng, many, [(None, sb.LIGHT), (None, sb.DARK)])
        player.side_shares = {sb.LIGHT: light, sb.DARK: dark}  # the hint quotes them
        return sb.DECLARE_DARK if dark > light else sb.DECLARE_LIGHT
    side = view.sides[view.seat] if view.sides else None
    if side is None:
        return None
    if view.phase == sb.FINAL_DISCARD:
        return _final_discard(view, legal, rng, skill, side)
    if view.phase == sb.CALLING:
        return _call_or_pass(skill, view, legal, rng, side, player.personality.caution)
    if view.phase != sb.BETTING:
        return None
    if sb.CHECK in legal and not any(isinstance(a, sb.Bet) for a in legal):
        return sb.CHECK  # not the lead and nobody opened: checking is free
    e = shares(view, rng, skill, [(None, side)])[0]
    return wager(player, skill, view, legal, rng, e)


def wager(
    player: NormalSabaccPlayer,
    skill: ForceSkill,
    view: sb.SabaccView,
    legal: Sequence[Any],
    rng: random.Random,
    e: float,
) -> Any:
    """Open, raise, call or fold on the expected share ``e`` of the pot: the
    equity rule of :meth:`NormalSabaccPlayer._wager`, with the level's bluffing
    rate and fold-equity opening."""
    steal = _steal_size(view, skill.steal_share)
    scale = skill.bluff_scale
    bluff = player.personality.bluff
    if scale == 0.0 and bluff > BASE_BLUFF:
        # A level that does not bluff of itself (hard): a bluffing character
        # still bluffs, by as much as it bluffs above the default one.
        scale = (bluff - BASE_BLUFF) / bluff
    return player._wager(view, legal, rng, e, scale, steal)


def _steal_size(view: sb.SabaccView, share: float) -> int:
    """The opening bet that a player calling by the pot odds only calls with
    at least ``share`` of the pot (0: none).  Early in a Force hand nobody's
    share is far from even, so such a bet mostly takes the antes at once."""
    if share <= 0.0:
        return 0
    pot = view.hand_pot
    fee = min(view.options.fold_fee, view.chips[view.seat])
    # A caller puts in b to win pot + b, saving the fee: (b - fee) / (pot + b) >= share.
    return max(1, math.ceil((share * pot + fee) / (1.0 - share)))


def _final_discard(
    view: sb.SabaccView,
    legal: Sequence[Any],
    rng: random.Random,
    skill: ForceSkill,
    side: str,
) -> Any:
    """Keep or discard the card that gives the best share under side
    scoring (letting go of an inverted card switches back)."""
    actions: list[Any] = [sb.KEEP]
    choices: list[tuple[tuple[Card, ...] | None, str]] = [(view.my_cards, side)]
    for a in legal:
        if isinstance(a, sb.Discard):
            rest = list(view.my_cards)
            rest.remove(a.card)
            actions.append(a)
            choices.append((tuple(rest), _other(side) if a.card in view.my_inverted else side))
    if len(actions) == 1:
        return sb.KEEP
    found = shares(view, rng, skill, choices)
    best = max(range(len(actions)), key=lambda i: (found[i], -i))
    return actions[best]


def _call_or_pass(
    skill: ForceSkill,
    view: sb.SabaccView,
    legal: Sequence[Any],
    rng: random.Random,
    side: str,
    caution: float = 0.5,
) -> Any:
    """Calling skips the fourth betting round: the same cards come either way.
    Unsearched, a strong share calls (the hand is likely won as it stands)."""
    if sb.CALL_HAND not in legal:
        return sb.PASS_CALL
    if skill.search_calls and skill.budget > 0:
        # Caution calls later: the call must win this many chips a playout more.
        lean = -CALL_CAUTION_CHIPS * (caution - 0.5)
        return search(view, [sb.CALL_HAND, sb.PASS_CALL], rng, skill, lean)
    e = shares(view, rng, skill, [(None, side)])[0]
    return sb.CALL_HAND if e >= skill.call_share else sb.PASS_CALL


# -- the share under side scoring ---------------------------------------------------
# A hand as the share needs it: (order key, |total|, Pure Sabacc?, bombed out?).
Hand = tuple[Any, int, bool, bool]
_BOMBED: Hand = (0, 0, False, True)


def _plain_force(options: SabaccOptions) -> bool:
    """Whether a hand's rank is its total alone (but for the Idiot's Array):
    then ranks are small integers and the share is quick to work out."""
    return not (
        options.wild_fives
        or options.figg_faces
        or options.ace_low_option
        or options.zero_hands
        or options.straights
        or options.legate_tiebreak
    )


def _plain_total(total: int) -> Hand:
    if total == 0 or total > 23 or total < -23:
        return _BOMBED
    if total == 23:
        return (501, 23, True, False)  # +23 beats -23
    if total == -23:
        return (500, 23, True, False)
    # Nearer ±23 first; at equal distance the positive total.
    return (100 + 2 * (abs(total) - 23) + (1 if total > 0 else 0), abs(total), False, False)


_PLAIN = [_plain_total(t) for t in range(-_Q_OFFSET, _Q_OFFSET + 1)]


def _plain_hand(cards: Sequence[Card], values: Sequence[int]) -> Hand:
    """The rank of ``cards`` as an integer key (same order as
    :func:`~game.rules.sabacc_rank.rank_cards` when :func:`_plain_force`)."""
    total = 0
    for c in cards:
        total += values[c]
    if len(cards) == 3 and sc.IDIOT in cards:
        ranks = sorted(sc.rank_of(c) or 0 for c in cards if c != sc.IDIOT)
        if ranks == [2, 3]:
            return (1000, abs(total), False, False)  # Idiot's Array: above everything
    return _PLAIN[total + _Q_OFFSET]


def _ranked_hand(cards: Sequence[Card], values: Sequence[int], options: SabaccOptions) -> Hand:
    r = rank_cards(cards, values, options)
    if r.bombed_out:
        return (r.key, 0, False, True)  # keys stay tuples, comparable with each other
    return (r.key, abs(r.total), r.kind == PURE_SABACC, False)


def _hand(cards: Sequence[Card], values: Sequence[int], options: SabaccOptions) -> Hand:
    if _plain_force(options):
        return _plain_hand(cards, values)
    return _ranked_hand(cards, values, options)


def _best_hand(cards: list[Card], values: Sequence[int], options: SabaccOptions) -> Hand:
    """The best hand of keeping all or discarding one card (never the last)."""
    if _plain_force(options) and sc.IDIOT not in cards:
        # The quick way: every candidate is a total (no Idiot's Array to find).
        whole = 0
        for c in cards:
            whole += values[c]
        best = _PLAIN[whole + _Q_OFFSET]
        if len(cards) > 1:
            for c in cards:
                h = _PLAIN[whole - values[c] + _Q_OFFSET]
                if h[0] > best[0]:
                    best = h
        return best
    best = _hand(cards, values, options)
    if len(cards) > 1:
        for i in range(len(cards)):
            h = _hand(cards[:i] + cards[i + 1 :], values, options)
            if h[0] > best[0]:
                best = h
    return best


def force_share(hands: dict[int, Hand], sides: dict[int, str], me: int) -> float:
    """My share of the hand pot: the side with the larger sum of |total| over
    its live hands wins (a Pure Sabacc wins outright, +23 over -23) and its
    best hand takes the pot; even sides: the best hand at the table."""
    mine = hands[me]
    if mine[3]:
        return 0.0
    alive = [s for s, h in hands.items() if not h[3]]
    pures = [s for s in alive if hands[s][2]]
    winner: str | None = None
    if pures:
        top = max(hands[s][0] for s in pures)
        won = {sides[s] for s in pures if hands[s][0] == top}
        winner = won.pop() if len(won) == 1 else None
    else:
        light = sum(hands[s][1] for s in alive if sides[s] == sb.LIGHT)
        dark = sum(hands[s][1] for s in alive if sides[s] != sb.LIGHT)
        if light != dark:
            winner = sb.LIGHT if light > dark else sb.DARK
    if winner is not None and sides[me] != winner:
        return 0.0
    best = mine[0]
    ties = 0
    for s in alive:
        if winner is None or sides[s] == winner:
            key = hands[s][0]
            if key > best:
                return 0.0
            if key == best:
                ties += 1
    return 1.0 / ties


def _discarded_already(view: sb.SabaccView) -> set[int]:
    """Seats that have made their final discard (or kept) this hand."""
    done: set[int] = set()
    started = False
    for e in view.log:
        if isinstance(e, ev.PhaseStarted) and e.phase == sb.FINAL_DISCARD:
            started = True
        elif started and isinstance(e, ev.KeptAll | ev.CardDiscarded):
            done.add(e.seat)
    return done


def shares(
    view: sb.SabaccView,
    rng: random.Random,
    skill: ForceSkill,
    choices: Sequence[tuple[tuple[Card, ...] | None, str]],
) -> list[float]:
    """Mean share of each choice over ``skill.samples`` deals of the unseen
    cards completing every live hand to four cards.  A choice is (my final
    cards, my side), or (``None``, side): the deal completes my hand too and
    I make my best discard.  Opponents who have not declared yet take the
    side of their first card's sign; one who has made the final discard
    keeps what is left.  With ``skill.reads`` each deal weighs as much as
    the opponents' public play makes it likely (:func:`deal_weight`)."""
    pool = list(m.unseen_cards(view).elements())
    foes = m.opponents(view)
    me = view.seat
    vals, opts = view.values, view.options
    p_inv = opts.inverted_chance if skill.invert else 0.0
    have = {s: m.hidden_count(view, s) for s in foes}
    future = {s: max(0, FORCE_CARDS - view.card_counts[s]) for s in foes}
    mine_future = max(0, FORCE_CARDS - len(view.my_cards))
    need = sum(have.values()) + sum(future.values()) + mine_future
    if need > len(pool) or skill.samples <= 0:
        return [1.0 / max(1, len(foes) + 1)] * len(choices)
    done = _discarded_already(view) if view.phase == sb.FINAL_DISCARD else set()
    signals = read_signals(view) if skill.reads else {}
    fixed_hands = [None if fixed is None else _hand(fixed, vals, opts) for fixed, _ in choices]
    mine_now = list(view.my_cards)
    totals = [0.0] * len(choices)
    weight_sum = 0.0
    for _ in range(skill.samples):
        dealt = rng.sample(pool, need)
        i = 0
        hands: dict[int, Hand] = {}
        sides: dict[int, str] = {}
        w = 1.0
        for s in foes:
            held = dealt[i : i + have[s]]
            i += have[s]
            cards = held + dealt[i : i + future[s]]
            i += future[s]
            side = view.sides[s] if view.sides else None
            if side is None:
                side = sb.DARK if cards and vals[cards[0]] < 0 else sb.LIGHT
            for _card in range(future[s]):
                if p_inv and rng.random() < p_inv:
                    side = _other(side)
            hands[s] = _hand(cards, vals, opts) if s in done else _best_hand(cards, vals, opts)
            sides[s] = side
            if s in signals:
                w *= deal_weight(held, signals[s], vals)
        flips = sum(1 for _card in range(mine_future) if p_inv and rng.random() < p_inv)
        completed: Hand | None = None
        weight_sum += w
        for j, (_fixed, side) in enumerate(choices):
            mine = fixed_hands[j]
            if mine is None:
                if completed is None:
                    completed = _best_hand(mine_now + dealt[i : i + mine_future], vals, opts)
                mine = completed
                side = side if flips % 2 == 0 else _other(side)
            hands[me] = mine
            sides[me] = side
            totals[j] += w * force_share(hands, sides, me)
    if weight_sum <= 0:
        return [1.0 / max(1, len(foes) + 1)] * len(choices)
    return [t / weight_sum for t in totals]


# -- reading the opponents ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Signals:
    """One opponent's public play this hand, by the cards held at the time."""

    declared: str | None  # the side declared on the first card
    strong: tuple[int, ...]  # card counts at each bet, raise or call of the hand
    called: tuple[int, ...]  # card counts at each call of a bet
    passed: tuple[int, ...]  # card counts at each pass on calling the hand


def read_signals(view: sb.SabaccView) -> dict[int, Signals]:
    """Per opponent, what this hand's log says (the round number is the
    number of cards each player held when acting)."""
    declared: dict[int, str] = {}
    strong: dict[int, list[int]] = {}
    called: dict[int, list[int]] = {}
    passed: dict[int, list[int]] = {}
    cards_now = 0
    for e in view.log:
        if isinstance(e, ev.RoundStarted):
            cards_now = e.round_no
        elif isinstance(e, ev.SideDeclared):
            declared[e.seat] = e.side
        elif isinstance(e, ev.BetPlaced | ev.Raised | ev.HandCalled):
            strong.setdefault(e.seat, []).append(max(1, cards_now))
        elif isinstance(e, ev.Called) and e.amount > 0:
            called.setdefault(e.seat, []).append(max(1, cards_now))
        elif isinstance(e, ev.PassedCall):
            passed.setdefault(e.seat, []).append(max(1, cards_now))
    out: dict[int, Signals] = {}
    for s in m.opponents(view):
        out[s] = Signals(
            declared.get(s),
            tuple(strong.get(s, ())),
            tuple(called.get(s, ())),
            tuple(passed.get(s, ())),
        )
    return out


def deal_weight(held: Sequence[Card], sig: Signals, values: Sequence[int]) -> float:
    """How likely an opponent's public play is if they hold ``held`` (in the
    order dealt: the first card first).  Soft factors, so a bluff or a
    mistake never rules a hand out."""
    w = 1.0
    if sig.declared is not None and held:
        leans_dark = values[held[0]] < 0
        w *= 0.85 if leans_dark == (sig.declared == sb.DARK) else 0.15
    for k in sig.strong:
        w *= 0.2 + potential(_values(held[:k], values)) ** 3
    for k in sig.called:
        w *= 0.5 + potential(_values(held[:k], values))
    for k in sig.passed:
        w *= 1.0 - 0.6 * potential(_values(held[:k], values)) ** 6
    return w


def _values(cards: Sequence[Card], values: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(values[c] for c in cards))


def _deck_values() -> list[tuple[int, float]]:
    """Each card value of a full standard deck with its probability."""
    counts = Counter(sc.BASE_VALUES[c] for c in sc.standard_deck())
    n = sum(counts.values())
    return sorted((v, k / n) for v, k in counts.items())


_DECK_VALUES = _deck_values()


def _final_quality(whole: int, held: Sequence[int]) -> float:
    """The quality of four cards summing to ``whole`` after the best discard."""
    best = _QUALITY[whole + _Q_OFFSET]
    for v in held:
        q = _QUALITY[whole - v + _Q_OFFSET]
        if q > best:
            best = q
    return best


@lru_cache(maxsize=4096)
def potential(held: tuple[int, ...]) -> float:
    """The expected quality of a Force hand holding cards of these values
    (sorted) once it has four cards and its best discard is made, the other
    cards drawn from a full standard deck: exact, one card at a time."""
    if len(held) >= FORCE_CARDS:
        return _final_quality(sum(held), held)
    if len(held) == FORCE_CARDS - 1:
        total = sum(held)
        return sum(p * _final_quality(total + v, (*held, v)) for v, p in _DECK_VALUES)
    return sum(p * potential(tuple(sorted((*held, v)))) for v, p in _DECK_VALUES)


# -- search: determinized playouts on engine clones ---------------------------------
def state_from_view(
    view: sb.SabaccView, hidden: dict[int, tuple[Card, ...]], rng: random.Random
) -> sb.SabaccState:
    """:func:`ai.sabacc_model.state_from_view` with the Force attributes the
    Classic adapter leaves empty: declared sides, inverted cards, the caller
    and who is still to decide on calling the hand."""
    s = m.state_from_view(view, hidden, rng)
    n = view.num_seats
    s.sides = []
    s.inverted = [[] for _ in range(n)]
    for seat in range(n):
        now = view.sides[seat] if view.sides else None
        count = view.inverted_counts[seat] if view.inverted_counts else 0
        s.sides.append(_other(now) if now is not None and count % 2 else now)
        if seat == view.seat:
            s.inverted[seat] = list(view.my_inverted)
        else:
            # Which of their cards came inverted is public but not their face;
            # never the first card, which is dealt before any inversion.
            s.inverted[seat] = list(s.hands[seat][1 : 1 + count])
    s.caller = view.caller
    if view.phase == sb.CALLING:
        order = [(view.lead + k) % n for k in range(n) if view.in_hand[(view.lead + k) % n]]
        s.pending = order[order.index(view.seat) :] if view.seat in order else [view.seat]
    return s


def playout_action(state: sb.SabaccState, rng: random.Random) -> Any:
    """A quick, sensible Force move for the seat to act in a playout (it reads
    the sampled state: every hidden card there is a guess)."""
    seat = state.seat
    phase = state.phase
    cards = state.hands[seat]
    vals = state.values
    if phase == sb.DECLARING:
        return sb.DECLARE_DARK if cards and vals[cards[0]] < 0 else sb.DECLARE_LIGHT
    if phase == sb.FINAL_DISCARD:
        now = rank_cards(cards, vals, state.options)
        best: Any = sb.KEEP
        best_key = now.key
        if len(cards) > 1:
            for c in dict.fromkeys(cards):
                rest = list(cards)
                rest.remove(c)
                key = rank_cards(rest, vals, state.options).key
                if key > best_key:
                    best, best_key = sb.Discard(c), key
        return best
    if phase == sb.CALLING:
        d = m.distance(rank_cards(cards, vals, state.options))
        return sb.CALL_HAND if d <= 3 else sb.PASS_CALL
    q = potential(_values(cards, vals))
    legal = state.legal_actions()
    if sb.CHECK in legal:
        if len(legal) > 2 and q > 0.7:
            return legal[min(2, len(legal) - 1)]  # the lead opens with 2
        return sb.CHECK
    owe = state.level - state.round_bets[seat]
    if q > 0.85 and sb.Raise(1) in legal and rng.random() < 0.5:
        return sb.Raise(1)
    if sb.CALL in legal and (q > 0.45 or owe <= 1 or sb.FOLD not in legal):
        return sb.CALL
    return sb.FOLD if sb.FOLD in legal else legal[0]


def playout(state: sb.SabaccState, seat: int, chance: random.Random, policy: random.Random) -> int:
    """Play ``state`` to the end of the hand; the chips ``seat`` holds then.
    Chance and the policy draw from separate generators so two answers
    played from one deal see the same cards."""
    for _ in range(400):
        who = state.seat
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            break
        else:
            state.apply(playout_action(state, policy))
    return state.chips[seat]


def _sample_hidden(
    view: sb.SabaccView, rng: random.Random, count: int, reads: bool
) -> list[tuple[dict[int, tuple[Card, ...]], float]]:
    """``count`` guesses at the opponents' cards now, each with its weight."""
    pool = list(m.unseen_cards(view).elements())
    foes = m.opponents(view)
    have = {s: m.hidden_count(view, s) for s in foes}
    need = sum(have.values())
    if need > len(pool):
        return []
    signals = read_signals(view) if reads else {}
    out: list[tuple[dict[int, tuple[Card, ...]], float]] = []
    for _ in range(count):
        dealt = rng.sample(pool, need)
        hidden: dict[int, tuple[Card, ...]] = {}
        w = 1.0
        i = 0
        for s in foes:
            held = tuple(dealt[i : i + have[s]])
            i += have[s]
            hidden[s] = held
            if s in signals:
                w *= deal_weight(held, signals[s], view.values)
        out.append((hidden, w))
    return out


def search(
    view: sb.SabaccView,
    candidates: list[Any],
    rng: random.Random,
    skill: ForceSkill,
    lean: float = 0.0,
) -> Any:
    """The candidate with the best mean chip result over ``skill.budget``
    playouts (common random numbers: every candidate sees the same deals);
    ``lean`` chips a playout are added to the first candidate's result."""
    guesses = _sample_hidden(view, rng, max(skill.deals, 1) * 4, skill.reads)
    weights = [w for _, w in guesses]
    if not guesses or sum(weights) <= 0:
        return candidates[0]
    per_answer = max(2, skill.budget // len(candidates))
    deals = rng.choices([h for h, _ in guesses], weights=weights, k=min(skill.deals, per_answer))
    me = view.seat
    scores = [0.0] * len(candidates)
    for rep in range(per_answer):
        seed = rng.getrandbits(32)
        base = state_from_view(view, deals[rep % len(deals)], random.Random(seed))
        start = base.chips[me]
        for i, action in enumerate(candidates):
            state = base.clone()
            state.apply(action)
            end = playout(state, me, random.Random(seed + 1), random.Random(seed + 2))
            scores[i] += end - start
    if lean:
        scores[0] += lean * per_answer
    best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
    return candidates[best]
