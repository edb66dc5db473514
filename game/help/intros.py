"""Short coached intros of the Sabacc rule sets other than Classic (issue 16 §2).

Each is a ``game.help.coach.Lesson`` played on the rule set's real table by the same
coach mechanism as the first hands: a prepared deal for you (the other cards come off
the deck in its own order, so it plays the same every time), a word on what differs
from Classic, and one scripted moment -- a lock and exchange, a frozen card, a side
declared, the Star counting +17... -- after which the intro ends. Opponents check,
stand or call. Pure data, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.help.coach import Lesson, Step, _sabacc_outcome
from game.help.intros_modern import MODERN_INTROS
from game.rules.base import GameState

PADDING = 60  # chance outcomes after the prepared cards: the deck's own order


def _outcome(state: GameState, item: Any) -> Any:
    """A prepared card or die face; None takes the first outcome the engine lists."""
    if item is None:
        return state.chance_outcomes()[0][0]
    return _sabacc_outcome(state, item)


def _calm(state: GameState) -> Any:
    """The opponents' play in an intro: check, stand, keep or call; else the first move."""
    legal = state.legal_actions()
    for name in ("Check", "Stand", "Keep", "Call", "PassCall", "Exchange"):
        for action in legal:
            if type(action).__name__ == name:
                return action
    return legal[0]


def _intro(
    preset: str,
    yours: tuple[str, str],
    steps: tuple[Step, ...],
    stop_after: int,
    ending: tuple[Step, ...] = (),
) -> Lesson:
    from game.rules import sabacc

    def table() -> GameState:
        return sabacc.new_game(3, preset=preset, chips=30, seed_dealer=2)

    # The deal goes round from your seat: your cards are the first and the fourth.
    deal = (yours[0], None, None, yours[1])
    return Lesson(
        id=preset,
        game="sabacc",
        preset=preset,
        new_state=table,
        player=0,
        chance=deal + (None,) * PADDING,
        moves={},
        steps=steps,
        outcome_of=_outcome,
        ends_with="HandEnded",
        ending=ending,
        stop_after=stop_after,
        opponent=_calm,
    )


def _is(kind: str) -> Callable[[Any], bool]:
    return lambda action: type(action).__name__ == kind


def two_exchange() -> Lesson:
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import Exchange, Lock, Stand

    keep = sc.parse("11c")
    steps = (
        Step("tutor.intro.two-exchange.differs", "table", 0),
        Step("tutor.intro.two-exchange.stand", "actions", 0, lambda a: a == Stand(), Stand()),
        Step("tutor.intro.two-exchange.lock", "hand", 1, lambda a: a == Lock(keep), Lock(keep)),
        Step("tutor.intro.two-exchange.exchange", "actions", 2, _is("Exchange"), Exchange()),
    )
    after = (Step("tutor.intro.two-exchange.after", "hand", 3),)
    return _intro("two-exchange", ("11c", "3s"), steps, 3, after)


def great_khan() -> Lesson:
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import Freeze

    frozen = sc.parse("15f")
    steps = (
        Step("tutor.intro.great-khan.differs", "table", 0),
        Step(
            "tutor.intro.great-khan.freeze",
            "hand",
            0,
            lambda a: a == Freeze(frozen),
            Freeze(frozen),
        ),
        Step("tutor.intro.great-khan.dice", "hand", 1),
    )
    return _intro("great-khan", ("15f", "4c"), steps, 1)


def centran() -> Lesson:
    from game.rules.sabacc import Check

    steps = (
        Step("tutor.intro.centran.differs", "table", 0),
        Step("tutor.intro.centran.hand", "hand", 0),
        Step("tutor.intro.centran.check", "actions", 0, lambda a: a == Check(), Check()),
    )
    return _intro("centran", ("Lc", "5s"), steps, 1)


def force() -> Lesson:
    from game.rules.sabacc import DECLARE_LIGHT

    steps = (
        Step("tutor.intro.force.differs", "table", 0),
        Step(
            "tutor.intro.force.declare", "actions", 0, lambda a: a == DECLARE_LIGHT, DECLARE_LIGHT
        ),
        Step("tutor.intro.force.sides", "table", 1),
    )
    return _intro("force", ("12c", "9f"), steps, 1)


def cloud_city() -> Lesson:
    from game.rules.sabacc import Check

    steps = (
        Step("tutor.intro.cloud-city.differs", "table", 0),
        Step("tutor.intro.cloud-city.hand", "hand-total", 0),
        Step("tutor.intro.cloud-city.check", "actions", 0, lambda a: a == Check(), Check()),
    )
    return _intro("cloud-city", ("8c", "8s"), steps, 1)


def figg() -> Lesson:
    from game.rules.sabacc import Check

    steps = (
        Step("tutor.intro.figg.differs", "table", 0),
        Step("tutor.intro.figg.star", "hand", 0),
        Step("tutor.intro.figg.check", "actions", 0, lambda a: a == Check(), Check()),
    )
    return _intro("figg", ("star", "6c"), steps, 1)


def empress_teta() -> Lesson:
    from game.rules.sabacc import Check

    steps = (
        Step("tutor.intro.empress-teta.differs", "table", 0),
        Step("tutor.intro.empress-teta.straight", "hand", 0),
        Step("tutor.intro.empress-teta.check", "actions", 0, lambda a: a == Check(), Check()),
    )
    return _intro("empress-teta", ("4c", "5f"), steps, 1)


def random_rules() -> Lesson:
    from game.rules.sabacc import Check

    steps = (
        Step("tutor.intro.random.differs", "table", 0),
        Step("tutor.intro.random.log", "actions", 0, lambda a: a == Check(), Check()),
    )
    return _intro("random", ("10s", "9c"), steps, 1)


INTROS: dict[str, Callable[[], Lesson]] = {
    "two-exchange": two_exchange,
    "great-khan": great_khan,
    "centran": centran,
    "force": force,
    "cloud-city": cloud_city,
    "figg": figg,
    "empress-teta": empress_teta,
    "random": random_rules,
}
# Today's rule sets (Kessel, Corellian Spike, Coruscant Shift) on their own tables.
INTROS.update(MODERN_INTROS)


def intro(preset: str) -> Lesson:
    if preset not in INTROS:
        raise ValueError(f"no intro for {preset!r}; choose from {', '.join(INTROS)}")
    return INTROS[preset]()
