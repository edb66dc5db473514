"""Named personalities the campaign can give its characters.

A personality rides on top of a level (``make_player(game, level,
personality)``): it moves thresholds, it does not add or remove skill.

* ``caution``    — higher folds and calls the hand later, needs better odds;
* ``aggression`` — higher opens, raises and sizes bets up more readily;
* ``bluff``      — how often a weak hand bets or raises as if strong.
"""

from __future__ import annotations

from ai.base import Personality

STEADY = Personality("steady", caution=0.5, aggression=0.5, bluff=0.08)
CAUTIOUS = Personality("cautious", caution=0.85, aggression=0.25, bluff=0.02)
RECKLESS = Personality("reckless", caution=0.1, aggression=0.9, bluff=0.2)
BLUFFER = Personality("bluffer", caution=0.4, aggression=0.7, bluff=0.45)
CALCULATOR = Personality("calculator", caution=0.55, aggression=0.55, bluff=0.05)

# The bluffing a level's own play already stands for: where a level adds a
# character's bluffs of its own, it adds only what the character has above
# this (nothing for steady nor for the default character).
BASE_BLUFF = max(STEADY.bluff, Personality().bluff)

PERSONALITIES: dict[str, Personality] = {
    p.name: p for p in (STEADY, CAUTIOUS, RECKLESS, BLUFFER, CALCULATOR)
}


def personality(name: str) -> Personality:
    """The named personality; ``ValueError`` listing the names for an unknown one."""
    try:
        return PERSONALITIES[name]
    except KeyError:
        raise ValueError(
            f"unknown personality {name!r}; choose from {', '.join(PERSONALITIES)}"
        ) from None
