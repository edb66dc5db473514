"""Two-Exchange (RULES.md §1.5) decisions of the normal and hard Sabacc players.

``decide`` answers for a :class:`~ai.sabacc_ai.NormalSabaccPlayer` (its level's
parameters are its attributes); ``None`` hands the decision to the easy player.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.rules import sabacc as sb
from game.rules.sabacc_rank import rank_cards

from . import sabacc_model as m

if TYPE_CHECKING:
    from .sabacc_ai import NormalSabaccPlayer


# -- Two-Exchange (RULES.md §1.5) ----------------------------------------------------
def decide(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
) -> Any:
    if view.phase == sb.HITTING:
        return _hit(player, view, legal) if player.two_exchange_hit else None
    if view.phase == sb.EXCHANGING:
        return _lock(player, view, legal, rng)
    if not player.two_exchange_bet:
        return None
    if not any(isinstance(a, sb.Bet | sb.Raise | sb.Call) for a in legal):
        return None
    samples = m.sample_opponents(
        view, rng, player.samples, player.sharpness, use_reads=player.reads
    )
    now = m.showdown_equity(view, samples)
    fair = 1.0 / max(1, sum(view.in_hand))
    e = player.exchange_keep * now + (1.0 - player.exchange_keep) * fair
    return player._wager(view, legal, rng, e)


def _hit(player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any]) -> Any:
    """Draw while one more card raises the exact expected quality (the
    drawn card stays: a draw that bombs out must be locked around)."""
    if sb.DRAW not in legal or len(view.my_cards) >= player.hit_limit:
        return sb.STAND
    pool = m.draw_pool(view)
    n = sum(pool.values())
    if n == 0:
        return sb.STAND
    hand = list(view.my_cards)
    vals, opts = view.values, view.options
    after = sum(k * m.quality(rank_cards([*hand, c], vals, opts)) for c, k in pool.items()) / n
    return sb.DRAW if after > m.quality(view.rank()) + 1e-9 else sb.STAND


def _lock(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
) -> Any:
    """Lock the next card of the keep set with the best expected quality
    once the rest is exchanged; exchange when the set is locked."""
    keep = m.best_lock_set(
        view.hand,
        view.locked,
        m.unseen_cards(view),
        view.values,
        view.options,
        rng,
        player.lock_samples,
    )
    todo = Counter(keep)
    todo.subtract(view.locked)
    for card in sorted(+todo):
        action = sb.Lock(card)
        if action in legal:
            return action
    return sb.EXCHANGE
