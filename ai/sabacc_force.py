"""Force Sabacc (RULES.md §1.7) decisions of the normal and hard Sabacc players.

``decide`` answers for a :class:`~ai.sabacc_ai.NormalSabaccPlayer` (its level's
parameters are its attributes); ``None`` hands the decision to the easy player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.rules import sabacc as sb

from . import sabacc_model as m

if TYPE_CHECKING:
    from .sabacc_ai import NormalSabaccPlayer


# -- Force (RULES.md §1.7) -------------------------------------------------------------
def decide(
    player: NormalSabaccPlayer, view: sb.SabaccView, legal: Sequence[Any], rng: random.Random
) -> Any:
    if view.phase == sb.DECLARING:
        light, dark = m.force_shares(
            view,
            rng,
            player.force_samples,
            [(None, sb.LIGHT), (None, sb.DARK)],
            player.force_invert,
        )
        return sb.DECLARE_DARK if dark > light else sb.DECLARE_LIGHT
    side = view.sides[view.seat] if view.sides else None
    if side is None:
        return None
    if view.phase == sb.FINAL_DISCARD:
        return _force_discard(player, view, legal, rng, side)
    if sb.CHECK in legal and not any(isinstance(a, sb.Bet) for a in legal):
        return sb.CHECK  # not the lead and nobody opened: checking is free
    e = m.force_shares(view, rng, player.force_samples, [(None, side)], player.force_invert)[0]
    return player._wager(view, legal, rng, e)


def _force_discard(
    player: NormalSabaccPlayer,
    view: sb.SabaccView,
    legal: Sequence[Any],
    rng: random.Random,
    side: str,
) -> Any:
    """Keep or discard the card that gives the best share under side
    scoring (letting go of an inverted card switches back)."""
    other = sb.DARK if side == sb.LIGHT else sb.LIGHT
    actions: list[Any] = [sb.KEEP]
    choices: list[tuple[tuple[int, ...] | None, str]] = [(view.my_cards, side)]
    for a in legal:
        if isinstance(a, sb.Discard):
            rest = list(view.my_cards)
            rest.remove(a.card)
            actions.append(a)
            choices.append((tuple(rest), other if a.card in view.my_inverted else side))
    if len(actions) == 1:
        return sb.KEEP
    shares = m.force_shares(view, rng, player.force_samples, choices, player.force_invert)
    best = max(range(len(actions)), key=lambda i: (shares[i], -i))
    return actions[best]
