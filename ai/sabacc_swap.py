"""Empress Teta's swap before the showdown (RULES.md §1.7) for normal and hard.

After a call every player still in may swap one card with the deck, then the
hands are shown.  The easy player swaps away its worst card when far from
±23; ``normal`` and ``hard`` work the swap out exactly: for keeping and for
each card of the hand, the showdown share averaged over every card the deck
can give (the unseen cards, each by its count), against opponent hands
sampled and weighed by the opponent model (how each played this hand; the
seat that called the hand by how readily a hand that far from ±23 calls).  The opponents' ranks are worked out once per
sample, so each candidate hand is ranked once and compared.  A swap must
beat keeping by a hair, so equal choices keep the hand (and show nothing).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.rules import sabacc as sb
from game.rules.sabacc_rank import rank_cards

from . import sabacc_model as m
from .base import checkpoint

if TYPE_CHECKING:
    from .sabacc_ai import NormalSabaccPlayer

SAMPLES = 48  # opponent deals weighed by the opponent model


# How readily a seat calls the hand by its distance to ±23 (as measured for
# real players heads-up in bench/sabacc_arena.py); beyond: a long hand's call.
_CALL_BY_DISTANCE = (1.0, 0.98, 0.95, 0.87, 0.85, 0.7, 0.58, 0.55, 0.45)


def _caller_weight(distance: int) -> float:
    """How likely the seat that called the hand was to call with this hand."""
    if distance >= 99:
        return 0.02
    return _CALL_BY_DISTANCE[distance] if distance < len(_CALL_BY_DISTANCE) else 0.1


def _share(key: tuple[int, ...], bombed: bool, foes: Sequence[tuple[float, list[tuple]]]) -> float:
    """The weighted share of the pot a hand of rank ``key`` wins against ``foes``:
    (weight, [opponent keys]) per sample; ties share."""
    if bombed:
        return 0.0
    won = total = 0.0
    for w, keys in foes:
        total += w
        ties = 1
        for k in keys:
            if k > key:
                break
            if k == key:
                ties += 1
        else:
            won += w / ties
    return won / total if total > 0 else 0.0


def decide(
    player: NormalSabaccPlayer,
    view: sb.SabaccView,
    legal: Sequence[Any],
    rng: random.Random,
    deals: int = 0,
    replay: bool = False,
) -> Any:
    """Keep or swap the card whose swap has the best expected showdown share."""
    swaps = [a for a in legal if isinstance(a, sb.Swap)]
    if not swaps or sb.KEEP not in legal:
        return None
    pool = m.draw_pool(view)
    # Read the opponents even at ``normal``: by the call the hands still in have
    # been drawn and kept with care, and unread random hands would make a weak
    # hand look worth keeping.
    samples = m.sample_opponents(
        view,
        rng,
        deals or max(player.samples, SAMPLES),
        player.sharpness,
        m.unseen_cards(view),
        replay=replay,
    )
    values, opts = view.values, view.options
    foes: list[tuple[float, list[tuple]]] = []
    for smp in samples:
        checkpoint()
        w = smp.weight
        keys = []
        for seat, cards in smp.hidden.items():
            r = rank_cards(list(cards) + list(view.fields[seat]), values, opts)
            keys.append(r.key)
            if seat == view.caller:
                w *= _caller_weight(m.distance(r))
        foes.append((w, keys))
    if sum(w for w, _ in foes) <= 0.0:
        foes = [(1.0, keys) for _, keys in foes]
    field = list(view.fields[view.seat])
    now = view.rank()
    best: Any = sb.KEEP
    best_share = _share(now.key, now.bombed_out, foes) + 1e-6
    size = sum(pool.values())
    if size == 0:
        return sb.KEEP
    hand = list(view.hand)
    for action in swaps:
        rest = hand[:]
        rest.remove(action.card)
        share = 0.0
        for card, n in pool.items():
            r = rank_cards([*rest, card, *field], values, opts)
            share += n * _share(r.key, r.bombed_out, foes)
        share /= size
        if share > best_share:
            best, best_share = action, share
    return best
