"""Short coached intros of the Sabacc rule sets other than Classic (issue 16 §2).

Each is a ``game.help.coaching.Lesson`` played on the rule set's real table by the same
coach mechanism as the first hands: a prepared deal for you (the other cards come off
the deck in its own order, so it plays the same every time), a word on what differs
from Classic, and the rule set's own move made by the player on the table -- a lock and
exchange, a frozen card, a side declared, a wild five kept, a zero hand built, the Star
kept for +17, a swap after the call, play on after the rules change -- after which the
intro ends. Opponents check, stand or pass. Pure data, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import games
from game.help.coaching import Lesson, Step
from game.help.coaching import sabacc_outcome as _sabacc_outcome
from game.rules.base import GameState

PADDING = 60  # chance outcomes after the prepared cards: the deck's own order
STRAIGHT_EXAMPLE = ("3c", "4f", "5s", "6t", "7c")  # Empress Teta's Straight, 3 to 7


def _outcome_of(chance: tuple[Any, ...]) -> Callable[[GameState, Any], Any]:
    """A prepared card or die face; None takes the first outcome the engine lists that
    no prepared card is waiting for, so the others' cards never take yours."""
    from game.rules import sabacc_cards as sc

    reserved = {sc.parse(item) for item in chance if isinstance(item, str)}

    def outcome_of(state: GameState, item: Any) -> Any:
        if item is None:
            legal = [o for o, _ in state.chance_outcomes()]
            free = [o for o in legal if o not in reserved]
            return (free or legal)[0]
        return _sabacc_outcome(state, item)

    return outcome_of


def _calm(state: GameState) -> Any:
    """The opponents' play in an intro: check, stand, keep or pass; else the first move."""
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
    later: tuple[Any, ...] = (),
    seats: int = 3,
) -> Lesson:
    """``later``: the prepared chance after the deal (die faces, drawn cards, Random
    Sabacc's rule changes; None is the deck's own next card or a die's 1)."""

    def table() -> GameState:
        return games.get("sabacc").new_state(seats, 30, preset, dealer=seats - 1)

    # The deal goes round from your seat (the dealer's left): your cards are the first
    # and the one after a card to each other seat.
    deal = (yours[0],) + (None,) * (seats - 1) + (yours[1],) + (None,) * (seats - 1)
    chance = deal + later + (None,) * PADDING
    return Lesson(
        id=preset,
        game="sabacc",
        preset=preset,
        new_state=table,
        player=0,
        chance=chance,
        moves={},
        steps=steps,
        outcome_of=_outcome_of(chance),
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


def _go(key: str, target: str, when: int, action: Any) -> Step:
    """A step that asks for one plain move (check, stand, draw...)."""
    return Step(key, target, when, lambda a: a == action, action)


# Words shared by the plain moves on the way to each rule set's moment.
GO_CHECK = "intros3.go.check"
GO_DRAW = "intros3.go.draw"


def centran() -> Lesson:
    """Legate 11 and a 9 make 20; you draw a 5, which in Classic would bomb you out at
    25: in Centran the five is wild, so you keep it and it claims 3 for 23."""
    from game.rules.sabacc import CHECK, DRAW, KEEP

    k = "intros3.centran."
    steps = (
        Step("tutor.intro.centran.differs", "table", 0),
        _go(k + "check", "hand-total", 0, CHECK),
        _go(GO_DRAW, "actions", 1, DRAW),
        _go(k + "keep", "hand-total", 2, KEEP),
    )
    ending = (Step(k + "wild", "hand-total", 3),)
    # The first die shows 1 (no shift); your draw is the 5 of Coins.
    return _intro("centran", ("Lc", "9s"), steps, 3, ending, later=(1, "5c"))


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
    """Two 8s make 16; you keep Moderation (-14) and then the Queen (-2): four cards,
    total 0, which in Cloud City plays for zero."""
    from game.rules.sabacc import CHECK, DRAW, KEEP

    k = "intros3.cloud-city."
    steps = (
        Step("tutor.intro.cloud-city.differs", "table", 0),
        _go(k + "check", "hand-total", 0, CHECK),
        _go(GO_DRAW, "actions", 1, DRAW),
        _go(k + "keep-three", "hand-total", 2, KEEP),
        _go(GO_CHECK, "actions", 3, CHECK),
        _go(k + "draw-four", "actions", 4, DRAW),
        _go(k + "keep-four", "hand-total", 5, KEEP),
    )
    ending = (Step(k + "zero", "hand-total", 6),)
    # Dice show 1 (no shift); your draws are Moderation, then the Queen.
    later = (1, "moderation", 1, "queen")
    return _intro("cloud-city", ("8c", "8s"), steps, 6, ending, later=later)


def figg() -> Lesson:
    """A 6 and a 2 make 8; you draw The Star (-17 in Classic) and throw away the 2, for
    in Figg the Star counts +17: 6 + 17 = 23."""
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import CHECK, DRAW, Discard

    k = "intros3.figg."
    two = Discard(sc.parse("2s"))
    steps = (
        Step("tutor.intro.figg.differs", "table", 0),
        _go(k + "check", "hand-total", 0, CHECK),
        _go(GO_DRAW, "actions", 1, DRAW),
        _go(k + "discard", "hand", 2, two),
    )
    ending = (Step(k + "star", "hand-total", 3),)
    return _intro("figg", ("6c", "2s"), steps, 3, ending, later=(1, "star"))


def empress_teta() -> Lesson:
    """Two seats, so you may call in the second round: 12 and 9 make 21; you call, and
    before the showdown you swap the 9 with the deck for an 11: 23, both pots."""
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import CALL_HAND, CHECK, STAND, Swap

    k = "intros3.empress-teta."
    swap = Swap(sc.parse("9s"))
    steps = (
        Step("tutor.intro.empress-teta.differs", "table", 0),
        _go(k + "check", "hand-total", 0, CHECK),
        _go(k + "stand", "actions", 1, STAND),
        _go(GO_CHECK, "actions", 2, CHECK),
        _go(k + "call", "actions", 3, CALL_HAND),
        _go(k + "swap", "hand", 4, swap),
    )
    # The Straight is shown, not only told: five cards of five consecutive values.
    straight = Step("showdown.empress-teta.straight", "hand", 5, cards=STRAIGHT_EXAMPLE)
    ending = (Step(k + "won", "hand-total", 5), straight)
    # Dice show 1 twice (no shift); the swap brings the 11 of Flasks.
    later = (1, 1, "11f")
    return _intro("empress-teta", ("12c", "9s"), steps, 5, ending, later=later, seats=2)


def random_rules() -> Lesson:
    """10 and 9 make 19; after the first round the rules change to Mirror (every sign
    flips): now -19, and the 4 you draw counts -4, for -23."""
    from game.rules.sabacc import CHECK, DRAW, KEEP, STAND
    from game.rules.sabacc_presets import VALUE_RULES

    k = "intros3.random."
    steps = (
        Step("tutor.intro.random.differs", "table", 0),
        _go(k + "check", "hand-total", 0, CHECK),
        _go(k + "stand", "actions", 1, STAND),
        Step(k + "changed", "hand-total", 2),
        _go(GO_CHECK, "actions", 2, CHECK),
        _go(k + "draw", "actions", 3, DRAW),
        _go(k + "keep", "hand-total", 4, KEEP),
    )
    ending = (Step("tutor.intro.random.log", "table", 5),)
    # The die shows 1; after the round the rules turn to Mirror; the die shows 1
    # again and your draw is the 4 of Coins.
    later = (1, VALUE_RULES.index("mirror"), 1, "4c")
    return _intro("random", ("10s", "9c"), steps, 5, ending, later=later)


def _builder(ref: str) -> Callable[[], Lesson]:
    return lambda: games.load(ref)()


#: Every rule set's intro, in the registry's order: the rule sets' own ``intro``
#: (game.games.Variant), today's Sabacc on their own tables included (game.help.intros_modern).
INTROS: dict[str, Callable[[], Lesson]] = {
    variant.name: _builder(variant.intro)
    for game in games.all_games()
    for variant in game.variants
    if variant.intro is not None
}


def intro(preset: str) -> Lesson:
    if preset not in INTROS:
        raise ValueError(f"no intro for {preset!r}; choose from {', '.join(INTROS)}")
    return INTROS[preset]()
