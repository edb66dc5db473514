"""What a Sabacc seat can work out from its view alone.

Everything here reads a :class:`~game.rules.sabacc.SabaccView` (never a
state) and an injected ``random.Random``:

* the **unseen multiset** — the full deck minus the own cards, every
  interference field, the discard pile and any revealed hand;
* **exact probabilities** over that multiset: a draw bombing out
  (:func:`bust_probability`), a draw improving the hand once the best
  discard is made (:func:`draw_outcomes`), a Sabacc Shift helping or hurting
  (:func:`shift_effect`);
* an **opponent model**: hidden hands sampled from the unseen cards and
  weighted by how likely each opponent's public play this hand (keeping or
  discarding after a draw, standing, betting, raising, passing on a call) is
  with that hand (:func:`sample_opponents`);
* the **showdown equity** of the own hand against those weighted samples
  (:func:`showdown_equity`);
* :func:`state_from_view`, which deals sampled hidden cards into a real
  engine state consistent with the view, for search.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import Event
from game.rules.sabacc_presets import VALUE_RULES, SabaccOptions, deck_of, value_table
from game.rules.sabacc_rank import PURE_SABACC, HandRank, rank_cards

from .base import checkpoint

Card = int


# -- hand quality ---------------------------------------------------------------
def quality(rank: HandRank) -> float:
    """A hand's strength as one number in [0, 1]: 1 for a hand that takes the
    Sabacc pot, 0 for a bomb-out, otherwise falling with the distance to ±23."""
    if rank.takes_sabacc_pot:
        return 1.0
    if rank.bombed_out:
        return 0.0
    key = rank.key
    if key[0] >= 3:  # Cloud City's zero, Empress Teta's straight: near the top
        return 0.97
    # key[1] is minus the distance to the target.
    return max(0.02, 0.95 + 0.045 * key[1])


def distance(rank: HandRank) -> int:
    """Distance to the hand's target: 0 for a Sabacc-pot hand, 99 bombed out."""
    if rank.takes_sabacc_pot or (rank.key and rank.key[0] >= 3):
        return 0
    if rank.bombed_out:
        return 99
    return -rank.key[1]


def best_after_discard(
    cards: Sequence[Card], locked: Sequence[Card], values: Sequence[int], options: SabaccOptions
) -> tuple[HandRank, Card | None]:
    """The best rank reachable from ``cards`` (+ ``locked`` field cards) by keeping
    everything or discarding one unlocked card, never going below two cards.
    Returns the rank and the card to discard (``None``: keep all)."""
    whole = list(cards) + list(locked)
    best = rank_cards(whole, values, options)
    best_order = _order(best, len(whole))
    best_card: Card | None = None
    if len(whole) > 2:
        tried: set[Card] = set()
        for c in cards:
            if c in tried:
                continue
            tried.add(c)
            rest = whole[:]
            rest.remove(c)
            r = rank_cards(rest, values, options)
            order = _order(r, len(rest))
            if order > best_order:
                best, best_card, best_order = r, c, order
    return best, best_card


def _order(rank: HandRank, ncards: int) -> tuple[tuple[int, ...], int, int]:
    """Rank first; between equal ranks (bombed-out hands above all) the total
    nearer to ±23, then fewer cards — so a bombed hand sheds cards instead of
    growing without end."""
    return rank.key, -abs(abs(rank.total) - 23), -ncards


# -- the unseen cards -------------------------------------------------------------
def full_deck(options: SabaccOptions) -> list[Card]:
    return deck_of(options)


def unseen_cards(view: sb.SabaccView) -> Counter[Card]:
    """Every card this seat has not seen: full deck minus own cards, all
    fields, the discard pile and revealed hands."""
    pool = Counter(full_deck(view.options))
    pool.subtract(view.hand)
    for f in view.fields:
        pool.subtract(f)
    pool.subtract(view.discards)
    for s, shown in enumerate(view.revealed):
        if shown is not None and s != view.seat:
            rest = Counter(shown)
            rest.subtract(view.fields[s])
            pool.subtract(+rest)
    return +pool  # drop anything that went to zero (or below, defensively)


def draw_pool(view: sb.SabaccView) -> Counter[Card]:
    """Where this seat's next draw comes from, as far as it can tell: the
    unseen cards, or the known discard pile once the deck is empty."""
    if view.deck_size == 0 and view.discards:
        return Counter(view.discards)
    return unseen_cards(view)


def bust_probability(
    cards: Sequence[Card], pool: Counter[Card], values: Sequence[int], options: SabaccOptions
) -> float:
    """Exact chance that one more card from ``pool`` bombs out ``cards``."""
    n = sum(pool.values())
    if n == 0:
        return 0.0
    hand = list(cards)
    bad = 0
    for c, k in pool.items():
        if rank_cards(hand + [c], values, options).bombed_out:
            bad += k
    return bad / n


@dataclass(frozen=True, slots=True)
class DrawOutcomes:
    """Exact distribution of a draw followed by the best discard."""

    p_bust_kept: float  # the drawn card kept as is would bomb out
    p_better: float  # the best resulting hand beats the current one
    p_special: float  # the best resulting hand takes the Sabacc pot
    mean_quality: float  # expected quality() after the best discard


def draw_outcomes(view: sb.SabaccView, pool: Counter[Card] | None = None) -> DrawOutcomes:
    pool = draw_pool(view) if pool is None else pool
    n = sum(pool.values())
    field = view.fields[view.seat]
    now = view.rank()
    if n == 0:
        return DrawOutcomes(0.0, 0.0, float(now.takes_sabacc_pot), quality(now))
    bust = better = special = 0
    q = 0.0
    for c, k in pool.items():
        cards = list(view.hand) + [c]
        if rank_cards(cards + list(field), view.values, view.options).bombed_out:
            bust += k
        r, _ = best_after_discard(cards, field, view.values, view.options)
        if r.key > now.key:
            better += k
        if r.takes_sabacc_pot:
            special += k
        q += k * quality(r)
    return DrawOutcomes(bust / n, better / n, special / n, q / n)


def shift_effect(view: sb.SabaccView, pool: Counter[Card] | None = None) -> tuple[float, float]:
    """(P(better), P(worse)) for the own hand if a Sabacc Shift happens: one
    random card outside the field goes back into the deck and one is dealt."""
    pool = unseen_cards(view) if pool is None else pool
    hand = list(view.hand)
    if not hand:
        return 0.0, 0.0
    field = list(view.fields[view.seat])
    now = view.rank().key
    better = worse = 0.0
    for i, lost in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :] + field
        back = pool.copy()
        back[lost] += 1  # the lost card is shuffled back in first
        n = sum(back.values())
        for c, k in back.items():
            key = rank_cards(rest + [c], view.values, view.options).key
            if key > now:
                better += k / n
            elif key < now:
                worse += k / n
    return better / len(hand), worse / len(hand)


# -- Great Khan: turns, the dice and the stasis field ----------------------------------
def turn_values(
    view: sb.SabaccView, pool: Counter[Card], value: Callable[[HandRank], float]
) -> dict[str, float | dict[Card, float]]:
    """Exact expected ``value`` of each Great Khan turn over the draw pool:
    ``"stay"``, ``"draw"`` (one more card) and ``"exchange"`` (per unfrozen
    card: that card out, one dealt in).  Cards are never discarded after a
    Great Khan draw, so a draw that bombs out stays bombed out."""
    hand = list(view.hand)
    n = sum(pool.values())
    vals, opts = view.values, view.options
    stay = value(rank_cards(hand, vals, opts))
    out: dict[str, float | dict[Card, float]] = {"stay": stay}
    if n == 0:
        return out
    out["draw"] = sum(k * value(rank_cards(hand + [c], vals, opts)) for c, k in pool.items()) / n
    frozen = Counter(view.locked)
    swaps: dict[Card, float] = {}
    for x in dict.fromkeys(hand):
        if Counter(hand)[x] <= frozen[x]:
            continue  # every copy is frozen
        rest = hand[:]
        rest.remove(x)
        swaps[x] = sum(k * value(rank_cards(rest + [c], vals, opts)) for c, k in pool.items()) / n
    out["exchange"] = swaps
    return out


def dice_damage(
    view: sb.SabaccView, pool: Counter[Card], value: Callable[[HandRank], float]
) -> float:
    """Exact expected loss of ``value`` if the dice take one random unfrozen
    card of this hand and deal one from the deck in its place."""
    hand = list(view.hand)
    unfrozen = hand[:]
    for c in view.locked:
        if c in unfrozen:
            unfrozen.remove(c)
    n = sum(pool.values())
    if not unfrozen or n == 0:
        return 0.0
    vals, opts = view.values, view.options
    now = value(rank_cards(hand, vals, opts))
    after = 0.0
    for x in unfrozen:
        rest = hand[:]
        rest.remove(x)
        after += sum(k * value(rank_cards(rest + [c], vals, opts)) for c, k in pool.items()) / n
    return now - after / len(unfrozen)


def dice_hit_chance(view: sb.SabaccView) -> float:
    """Chance that one roll of the Great Khan dice exchanges one of this
    seat's cards: doubles (1 in 6) and the player die naming this seat,
    counted from the dealer's left among the seats dealt in (RULES.md §1.6)."""
    dealt = view.dealt_in
    n = sum(dealt)
    size = 2 if n <= 2 else 4 if n <= 4 else 6 if n <= 6 else 8
    order = [(view.dealer + 1 + k) % view.num_seats for k in range(view.num_seats)]
    order = [s for s in order if dealt[s]]
    if view.seat not in order or order.index(view.seat) >= size:
        return 0.0
    return 1.0 / 6.0 / size


# -- the opponent model -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reads:
    """What one opponent's public play this hand says about their hand."""

    last_draw: str = ""  # "keep", "discard", "stand" or "" (nothing yet / shifted since)
    discarded: Card | None = None  # the card discarded after the last draw
    aggression: int = 0  # bets and raises since their last draw decision
    calls: int = 0  # calls of a bet since their last draw decision
    passed_call: bool = False  # declined to call the hand this round
    # The draw decision before the last one (no shift since), replayed on the
    # hand it was made with: "" when there is none.
    earlier: str = ""
    earlier_discarded: Card | None = None
    earlier_aggression: int = 0  # bets and raises between that decision and the last


def read_log(view: sb.SabaccView) -> dict[int, Reads]:
    """Per opponent, the latest public signals from this hand's log."""
    state: dict[int, dict[str, object]] = {}

    def of(seat: int) -> dict[str, object]:
        return state.setdefault(
            seat,
            {
                "last": "",
                "card": None,
                "agg": 0,
                "calls": 0,
                "passed": False,
                "drew": False,
                "prev": "",
                "prev_card": None,
                "prev_agg": 0,
            },
        )

    def decided(d: dict[str, object], last: str, card: Card | None) -> None:
        # The decision so far becomes the earlier one (its hand is one draw back).
        d.update(prev=d["last"], prev_card=d["card"], prev_agg=d["agg"])
        d.update(last=last, card=card, agg=0, calls=0, passed=False)

    log: Sequence[Event] = view.log
    for e in log:
        if isinstance(e, ev.CardDrawn):
            d = of(e.seat)
            d["drew"] = True
        elif isinstance(e, ev.KeptAll):
            decided(of(e.seat), "keep", None)
        elif isinstance(e, ev.CardDiscarded):
            decided(of(e.seat), "discard", sc.parse(e.card))
        elif isinstance(e, ev.Stood):
            decided(of(e.seat), "stand", None)
        elif isinstance(e, ev.CardShifted):
            # The hand behind the draw decisions has changed by one unseen card.
            d = of(e.seat)
            d.update(last="", card=None, prev="", prev_card=None, prev_agg=0)
        elif isinstance(e, ev.BetPlaced | ev.Raised):
            d = of(e.seat)
            d["agg"] = int(d["agg"]) + 1  # type: ignore[call-overload]
        elif isinstance(e, ev.Called):
            d = of(e.seat)
            if e.amount > 0:
                d["calls"] = int(d["calls"]) + 1  # type: ignore[call-overload]
        elif isinstance(e, ev.PassedCall):
            of(e.seat)["passed"] = True
        elif isinstance(e, ev.RoundStarted):
            for d in state.values():
                d["passed"] = False
    out: dict[int, Reads] = {}
    for seat, d in state.items():
        card = d["card"]
        prev_card = d["prev_card"]
        out[seat] = Reads(
            last_draw=str(d["last"]),
            discarded=card if isinstance(card, int) else None,
            aggression=int(d["agg"]),  # type: ignore[call-overload]
            calls=int(d["calls"]),  # type: ignore[call-overload]
            passed_call=bool(d["passed"]),
            earlier=str(d["prev"]) if d["last"] else "",
            earlier_discarded=prev_card if isinstance(prev_card, int) else None,
            earlier_aggression=int(d["prev_agg"]),  # type: ignore[call-overload]
        )
    return out


def _draw_factor(
    hidden: Sequence[Card],
    field: Sequence[Card],
    kind: str,
    discarded: Card | None,
    q: float,
    values: Sequence[int],
    options: SabaccOptions,
    sharpness: float,
) -> float:
    """How likely one draw decision (keep, discard, stand) is if it left the
    hand ``hidden`` (+ ``field``), whose quality is ``q``."""
    if kind == "keep":
        best, card = best_after_discard(hidden, field, values, options)
        if card is not None:
            return math.exp(-sharpness * (quality(best) - q))
    elif kind == "discard" and discarded is not None:
        before = list(hidden) + [discarded]
        best, _ = best_after_discard(before, field, values, options)
        return math.exp(-sharpness * max(0.0, quality(best) - q))
    elif kind == "stand":
        return 0.25 + q * q
    return 1.0


def hands_before_last(hidden: Sequence[Card], reads: Reads) -> list[list[Card]]:
    """The hands the opponent may have held when making the draw decision
    before the last one, each as likely as the others: a stand changed
    nothing; a keep added one of the cards now held; a discard added one of
    them (or the discarded card itself) and took the discarded card away."""
    hand = list(hidden)
    if reads.last_draw == "stand":
        return [hand]
    if reads.last_draw == "keep":
        return [hand[:i] + hand[i + 1 :] for i in range(len(hand))] if len(hand) > 1 else []
    if reads.last_draw == "discard" and reads.discarded is not None:
        out = [hand]  # the discarded card was the one drawn
        out += [hand[:i] + hand[i + 1 :] + [reads.discarded] for i in range(len(hand))]
        return out
    return []


def hand_likelihood(
    hidden: Sequence[Card],
    field: Sequence[Card],
    reads: Reads,
    values: Sequence[int],
    options: SabaccOptions,
    sharpness: float = 6.0,
    replay: bool = False,
) -> float:
    """How likely this opponent's public play is if they hold ``hidden``.

    A sensible player keeps all after a draw only when no discard helps,
    discards the card whose loss helps most, stands when close to ±23, bets
    and raises on strong hands and passes on a call with weak ones.  Each
    signal is a soft factor so a bluff or a mistake never rules a hand out.
    With ``replay`` the draw decision before the last one, and the bets
    made after it, are weighed on every hand it may have been made with
    (:func:`hands_before_last`), averaged.
    """
    cards = list(hidden) + list(field)
    rank = rank_cards(cards, values, options)
    q = quality(rank)
    w = _draw_factor(hidden, field, reads.last_draw, reads.discarded, q, values, options, sharpness)
    if reads.aggression:
        w *= (0.2 + q**3) ** min(reads.aggression, 2)
    if reads.calls:
        w *= 0.5 + q
    if reads.passed_call:
        w *= 1.0 - 0.6 * q**6
    if replay and (reads.earlier or reads.earlier_aggression):
        before = hands_before_last(hidden, reads)
        if before:
            total = 0.0
            for h in before:
                qb = quality(rank_cards(h + list(field), values, options))
                f = _draw_factor(
                    h, field, reads.earlier, reads.earlier_discarded, qb, values, options, sharpness
                )
                if reads.earlier_aggression:
                    f *= (0.2 + qb**3) ** min(reads.earlier_aggression, 2)
                total += f
            w *= total / len(before)
    return w


@dataclass(frozen=True, slots=True)
class Sample:
    """One weighted guess at every live opponent's hidden cards."""

    hidden: dict[int, tuple[Card, ...]]
    weight: float


def opponents(view: sb.SabaccView) -> list[int]:
    return [s for s in range(view.num_seats) if s != view.seat and view.in_hand[s]]


def hidden_count(view: sb.SabaccView, seat: int) -> int:
    return max(0, view.card_counts[seat] - len(view.fields[seat]))


def sample_opponents(
    view: sb.SabaccView,
    rng: random.Random,
    samples: int,
    sharpness: float = 6.0,
    pool: Counter[Card] | None = None,
    use_reads: bool = True,
    replay: bool = False,
) -> list[Sample]:
    """``samples`` deals of the unseen cards to the live opponents, each
    weighted by the opponent model (every deal weighs the same when
    ``use_reads`` is off; ``replay``: see :func:`hand_likelihood`).  Folded seats hold cards too, but their cards never
    matter to this hand, so they stay in the unseen pool."""
    pool = unseen_cards(view) if pool is None else pool
    flat = list(pool.elements())
    foes = opponents(view)
    counts = {s: hidden_count(view, s) for s in foes}
    need = sum(counts.values())
    reads = read_log(view) if use_reads else {}
    out: list[Sample] = []
    if need > len(flat):  # cannot happen with a consistent view; stay safe
        return [Sample({s: () for s in foes}, 1.0)]
    for _ in range(samples):
        checkpoint()
        dealt = rng.sample(flat, need)
        hidden: dict[int, tuple[Card, ...]] = {}
        w = 1.0
        i = 0
        for s in foes:
            k = counts[s]
            cards = tuple(dealt[i : i + k])
            i += k
            hidden[s] = cards
            r = reads.get(s)
            if r is not None:
                w *= hand_likelihood(
                    cards, view.fields[s], r, view.values, view.options, sharpness, replay
                )
        out.append(Sample(hidden, w))
    return out


def showdown_equity(view: sb.SabaccView, samples: Sequence[Sample]) -> float:
    """The own share of the hand pot if everyone revealed now, averaged over
    the weighted samples (a tie counts as an equal share)."""
    mine = view.rank()
    if mine.bombed_out:
        return 0.0
    total_w = 0.0
    won = 0.0
    for smp in samples:
        best = True
        ties = 1
        for s, cards in smp.hidden.items():
            r = rank_cards(list(cards) + list(view.fields[s]), view.values, view.options)
            if r.key > mine.key:
                best = False
                break
            if r.key == mine.key:
                ties += 1
        total_w += smp.weight
        if best:
            won += smp.weight / ties
    return won / total_w if total_w > 0 else 0.0


# -- a state from a view, for search ------------------------------------------------
def _order_from(first: int, among: Sequence[bool], n: int) -> list[int]:
    return [(first + k) % n for k in range(n) if among[(first + k) % n]]


def _opened_this_round(view: sb.SabaccView) -> tuple[bool, int]:
    """Whether the round's betting is open and who bet or raised last."""
    opened = False
    last = -1
    for e in view.log:
        if isinstance(e, ev.RoundStarted):
            opened, last = False, -1
        elif isinstance(e, ev.BetPlaced | ev.Raised):
            opened, last = True, e.seat
    return opened, last


def _value_rule(view: sb.SabaccView) -> str:
    for rule in VALUE_RULES:
        if value_table(view.options, rule) == view.values:
            return rule
    return view.options.value_rule


def state_from_view(
    view: sb.SabaccView,
    hidden: Mapping[int, Sequence[Card]],
    rng: random.Random,
) -> sb.SabaccState:
    """A full engine state that agrees with ``view`` and deals ``hidden`` to
    the opponents (folded ones get random unseen cards).  Only the betting,
    calling, drawing and discarding phases of the classic flow are rebuilt.

    The engine has no constructor for this, so the adapter fills the public
    attributes itself (see the report: a ``SabaccState.from_view`` hook would
    keep this in step with the engine).
    """
    n = view.num_seats
    s = sb.SabaccState.__new__(sb.SabaccState)
    s.options = view.options
    s.num_seats = n
    s.chips = list(view.chips)
    s.completed = 0
    s.wins = [0] * n
    s.hand_pot = view.hand_pot
    s.sabacc_pot = view.sabacc_pot
    pool = unseen_cards(view)
    for cards in hidden.values():
        pool.subtract(cards)
    rest = list((+pool).elements())
    rng.shuffle(rest)
    hands: list[list[Card]] = []
    for seat in range(n):
        if seat == view.seat:
            hands.append(list(view.hand))
        elif seat in hidden:
            hands.append(list(hidden[seat]))
        else:
            k = hidden_count(view, seat)
            hands.append(rest[:k])
            rest = rest[k:]
    s.hands = hands
    s.fields = [list(f) for f in view.fields]
    s.deck = rest
    s.discards = list(view.discards)
    s.in_match = list(view.in_match)
    s.in_hand = list(view.in_hand)
    s.dealt_in = list(view.dealt_in)
    s.dealer = view.dealer
    s.lead = view.lead
    s.round_no = view.round_no
    s.min_rounds = view.min_rounds
    s.phase = view.phase
    s.seat = view.to_act
    s.level = view.level
    s.round_bets = list(view.round_bets)
    s.hand_bets = list(view.hand_bets)
    lead_before = view.hand_bets[view.lead] - view.round_bets[view.lead]
    s.cap_level = view.options.bet_cap - lead_before if view.options.capped else 10**9
    opened, last = _opened_this_round(view)
    s.opened = opened
    s.pending = _pending(view, opened, last)
    s.chance = []
    s.shift_taken = []
    s.value_rule = _value_rule(view)
    s.values = view.values
    s.revealed = list(view.revealed)
    s.demise = []
    s.demise_special = False
    s.caller = -1
    s.log = list(view.log)
    s.hand_no = view.hand_no
    s.actions_taken = 0
    # Attributes of the other preset flows; the Classic flow leaves them empty.
    extras: dict[str, object] = {
        "locked": [[] for _ in range(n)],
        "sides": [None] * n,
        "inverted": [[] for _ in range(n)],
        "exchange_no": 0,
        "stasis_paid": False,
        "tie_rounds": 0,
        "match_winner": -1,
    }
    for name, value in extras.items():
        if name in sb.SabaccState.__slots__:
            setattr(s, name, value)
    return s


def _pending(view: sb.SabaccView, opened: bool, last: int) -> list[int]:
    """The seats still to act in the current phase, in order, from the view."""
    n = view.num_seats
    live = view.in_hand
    me = view.to_act
    order = _order_from(view.lead, live, n)
    if view.phase == sb.BETTING:
        if not opened:
            if me == view.lead:
                return [me]
            stop = view.lead  # everyone after the lead's check, up to the lead
        else:
            stop = last
        out: list[int] = []
        for s in _order_from(me, live, n):
            if s == stop:
                break
            out.append(s)
        return out or [me]
    if view.phase == sb.CALLING:
        callers = [s for s in order if s != view.lead]
        return callers[callers.index(me) :] if me in callers else [me]
    if view.phase in (sb.DRAWING, sb.DISCARDING):
        return order[order.index(me) :] if me in order else [me]
    return [me]


# -- Force: sides (RULES.md §1.7) ------------------------------------------------------
FORCE_CARDS = 4


def _best_removal(cards: list[Card], values: Sequence[int], options: SabaccOptions) -> HandRank:
    """The best rank after keeping all or discarding one card (never the last)."""
    best = rank_cards(cards, values, options)
    if len(cards) > 1:
        for i in range(len(cards)):
            r = rank_cards(cards[:i] + cards[i + 1 :], values, options)
            if r.key > best.key:
                best = r
    return best


def force_share(ranks: Mapping[int, HandRank], sides: Mapping[int, str], me: int) -> float:
    """My share of the hand pot under Force scoring: the side with the larger
    sum of |total| over its live hands wins (a Pure Sabacc wins outright,
    +23 over -23) and its best hand takes the pot; even sides: the best
    hand at the table."""
    alive = [s for s, r in ranks.items() if not r.bombed_out]
    if me not in alive:
        return 0.0
    pures = [s for s in alive if ranks[s].kind == PURE_SABACC]
    winner: str | None = None
    if pures:
        top = max(ranks[s].key for s in pures)
        won = {sides[s] for s in pures if ranks[s].key == top}
        winner = won.pop() if len(won) == 1 else None
    else:
        score = {sb.LIGHT: 0, sb.DARK: 0}
        for s in alive:
            score[sides[s]] += abs(ranks[s].total)
        if score[sb.LIGHT] != score[sb.DARK]:
            winner = sb.LIGHT if score[sb.LIGHT] > score[sb.DARK] else sb.DARK
    contenders = alive if winner is None else [s for s in alive if sides[s] == winner]
    if me not in contenders:
        return 0.0
    best = max(ranks[s].key for s in contenders)
    if ranks[me].key != best:
        return 0.0
    return 1.0 / sum(1 for s in contenders if ranks[s].key == best)


def force_shares(
    view: sb.SabaccView,
    rng: random.Random,
    samples: int,
    choices: Sequence[tuple[tuple[Card, ...] | None, str]],
    invert: bool = False,
) -> list[float]:
    """Mean :func:`force_share` of each choice over ``samples`` deals of the
    unseen cards completing every live hand to four cards, each player then
    making their best discard.  A choice is (my final cards, my side), or
    (``None``, side): my hand is completed by the deal too.  Opponents who
    have not declared yet take the side of their first card's sign.
    ``invert``: future cards may come inverted and switch their holder's side."""
    pool = list(unseen_cards(view).elements())
    foes = opponents(view)
    me = view.seat
    vals, opts = view.values, view.options
    p_inv = opts.inverted_chance if invert else 0.0
    have = {s: hidden_count(view, s) for s in foes}
    future = {s: max(0, FORCE_CARDS - view.card_counts[s]) for s in foes}
    mine_future = max(0, FORCE_CARDS - len(view.my_cards))
    need = sum(have.values()) + sum(future.values()) + mine_future
    totals = [0.0] * len(choices)
    if need > len(pool) or samples <= 0:
        return [1.0 / max(1, len(foes) + 1)] * len(choices)
    for _ in range(samples):
        checkpoint()
        dealt = rng.sample(pool, need)
        i = 0
        ranks: dict[int, HandRank] = {}
        sides: dict[int, str] = {}
        for s in foes:
            k = have[s] + future[s]
            cards = list(dealt[i : i + k]) + list(view.fields[s])
            i += k
            side = view.sides[s] if view.sides else None
            if side is None:
                first = cards[0] if cards else 0
                side = sb.DARK if vals[first] < 0 else sb.LIGHT
            for _card in range(future[s]):
                if p_inv and rng.random() < p_inv:
                    side = sb.DARK if side == sb.LIGHT else sb.LIGHT
            ranks[s] = _best_removal(cards, vals, opts)
            sides[s] = side
        extra = list(dealt[i : i + mine_future])
        flips = sum(1 for _card in range(mine_future) if p_inv and rng.random() < p_inv)
        for j, (fixed, side) in enumerate(choices):
            if fixed is None:
                ranks[me] = _best_removal(list(view.my_cards) + extra, vals, opts)
                mine = side if flips % 2 == 0 else (sb.DARK if side == sb.LIGHT else sb.LIGHT)
            else:
                ranks[me] = rank_cards(list(fixed), vals, opts)
                mine = side
            sides[me] = mine
            totals[j] += force_share(ranks, sides, me)
    return [t / samples for t in totals]
