"""The coached lessons of the three games: Classic Sabacc, Thirteen Card Brag and Nine
and a Half, each a whole hand (two deals in Nine and a Half) played on the real engine
with stacked chance, to the reveal and the settlement. ``lesson(id)`` gives a game's
lesson or a Sabacc rule set's (``game.help.intros``). How a lesson runs is in
``game.help.coaching``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import games
from game.help.coaching import (
    NEXT_UNIT,
    CoachDriver,
    Lesson,
    NextUnit,
    Step,
)
from game.help.coaching import sabacc_outcome as _sabacc_outcome
from game.rules.base import GameState

__all__ = [
    "LESSONS",
    "NEXT_UNIT",
    "CoachDriver",
    "Lesson",
    "NextUnit",
    "Step",
    "brag_lesson",
    "lesson",
    "ninehalf_lesson",
    "sabacc_lesson",
]


# ----------------------------------------------------------------------------- Sabacc
def sabacc_lesson() -> Lesson:
    """Classic Sabacc, three seats, a whole hand with the bomb-out penalty on (a local
    rule of Classic, RULES.md §1.4): you open the betting, draw a card that would bomb
    you out and discard another, a Sabacc Shift hands you a Pure Sabacc, Kessa folds
    and pays the fee, you call the hand, and Odo's 23 ties yours: in Sudden Demise his
    card bombs him out (he pays the hand pot's worth into the Sabacc pot) and you take
    both pots."""
    from game.rules import sabacc
    from game.rules import sabacc_cards as sc
    from game.rules.sabacc import (
        Bet,
        Call,
        CallHand,
        Check,
        Discard,
        Draw,
        Fold,
        Keep,
        Stand,
    )

    def table() -> GameState:
        options = sabacc.options_for("classic").with_(**dict(SABACC_HOUSE_RULES))
        return games.get("sabacc").new_state(3, 30, "classic", options, dealer=2)

    six = Discard(sc.parse("6f"))
    k = "lesson.sabacc."

    def go(key: str, target: str, when: int, action: Any) -> Step:
        """A step that asks for ``action``; any other move is refused with the step's
        own reason (``lesson.sabacc.refuse.<step>``): the cards to come are stacked
        for this one (the chips the later words count, the 9 the shift takes)."""
        why = k + "refuse." + key.rpartition(".")[2]
        return Step(key, target, when, lambda a: a == action, action, refusal=why)

    steps = (
        Step("coach.sabacc.welcome", "table", 0),
        Step(k + "total", "hand-total", 0),
        Step(k + "hand_pot", "hand-pot", 0),
        Step(k + "pots", "sabacc-pot", 0),
        go(k + "lead_bet", "actions", 0, Bet(2)),
        Step(k + "die", "shift-die", 1),
        go(k + "draw", "actions", 1, Draw()),
        Step(k + "bomb", "hand-total", 2),
        go(k + "discard", "hand", 2, six),
        go(k + "check", "actions", 3, Check()),
        Step(k + "shift", "hand-total", 4),
        go(k + "stand", "actions", 4, Stand()),
        go(k + "call_bet", "seat:2", 5, Call()),
        Step(k + "fold_fee", "seat:1", 6),
        go(k + "call_hand", "actions", 6, CallHand()),
        # The showdown stops at the tie, before Sudden Demise deals its cards.
        Step(k + "reveal", "seat:2", 7, at="SuddenDemise"),
    )
    return Lesson(
        id="sabacc",
        game="sabacc",
        preset="classic",
        new_state=table,
        player=0,
        # You 9c 6f (15), Kessa 12s Queen (10), Odo 14t 4c (18). Round 1: the die
        # shows 2; you draw the Mistress of Coins (28) and discard the 6 (22); Odo
        # draws the 3 of Sabres (21). Round 2: the die shows 5: the shift takes
        # Kessa's Queen, Odo's 3 and your 9 and deals Endurance, the 5 of Sabres and
        # the 10 of Flasks: Odo 23, you 13 + 10 = 23. Round 3: the die shows 1, you
        # call; Sudden Demise deals Odo the 7 of Coins (30, bombed out) and you the
        # Queen (21).
        chance=(
            "9c",
            "12s",
            "14t",
            "6f",
            "queen",
            "4c",
            2,
            "13c",
            "3s",
            5,
            "queen",
            "3s",
            "9c",
            "endurance",
            "5s",
            "10f",
            1,
            "7c",
            "queen",
        ),
        moves={
            1: (Call(), Stand(), Check(), Stand(), Fold()),
            2: (Call(), Draw(), Keep(), Check(), Stand(), Bet(2)),
        },
        steps=steps,
        outcome_of=_sabacc_outcome,
        ends_with="HandEnded",
        ending=(
            Step(k + "demise", "seat:2", 7),
            Step(k + "pots_won", "seat:0", 7),
        ),
        house_rules=SABACC_HOUSE_RULES,
    )


# The lesson's table plays Classic with its bomb-out penalty (a local rule), and so
# does the real table it deals you in at.
SABACC_HOUSE_RULES: tuple[tuple[str, Any], ...] = (("bombout_penalty", True),)


# ----------------------------------------------------------------------------- Brag
def _card52_outcome(state: GameState, item: Any) -> Any:
    from game.rules import cards52

    card = cards52.parse(item)
    if card not in [o for o, _ in state.chance_outcomes()]:
        raise RuntimeError(f"the lesson wants {item} but it is not in the deck now")
    return card


BRAG_YOURS = ("QS", "QH", "QD", "9H", "8H", "7H", "5C", "4D", "3S", "2C", "2D", "KS", "6S")
BRAG_LAYOUT = (("QS", "QH", "QD"), ("9H", "8H", "7H"), ("5C", "4D", "3S"), ("2C", "2D", "KS"))


# The second deal: the best prial and three running flushes, and the others only runs
# and pairs: all four showdowns are yours, a crash.
BRAG_YOURS2 = ("3S", "3H", "3D", "AH", "KH", "QH", "JS", "TS", "9S", "8D", "7D", "6D", "2C")
BRAG_LAYOUT2 = (("3S", "3H", "3D"), ("AH", "KH", "QH"), ("JS", "TS", "9S"), ("8D", "7D", "6D"))


def _brag_hands() -> list[list[str]]:
    from game.rules import cards52

    rest = [cards52.code(c) for c in cards52.full_deck() if cards52.code(c) not in BRAG_YOURS]
    return [list(BRAG_YOURS), rest[0::3], rest[1::3], rest[2::3]]


def _brag_hands2() -> list[list[str]]:
    """Each opponent one card of every rank but 3 (suits turning round, so no running
    flush), and one of 3C, 4C, 5C: runs, and a pair at most."""
    from game.rules import cards52

    rest = [cards52.code(c) for c in cards52.full_deck() if cards52.code(c) not in BRAG_YOURS2]
    hands: list[list[str]] = [[], [], []]
    for i, rank in enumerate("2456789TJQKA"):
        cards = [c for c in rest if c[0] == rank]
        for k in range(3):
            hands[k].append(cards[(k + i) % 3])
    for k, extra in enumerate(("3C", "4C", "5C")):
        hands[k].append(extra)
    return [list(BRAG_YOURS2), *hands]


def _good_layout(action: Any) -> bool:
    """The coach's four sets, strongest on the left, or the same with the pair of 2s
    kept with the 6 of Spades and the King thrown away: either card is the pair's odd
    card, and the four showdowns go just the same (the player's own choice)."""
    from game.rules import cards52

    sets = getattr(action, "sets", None)
    if not sets or len(sets) != 4:
        return False
    laid = [frozenset(cards52.code(c) for c in s) for s in sets]
    asked = [frozenset(s) for s in BRAG_LAYOUT]
    return laid[:3] == asked[:3] and laid[3] in (asked[3], frozenset(("2C", "2D", "6S")))


def brag_lesson() -> Lesson:
    """Thirteen Card Brag, four seats, two deals. Deal 1: lay out four sets, strongest
    first, and watch the columns compared one by one: two points to you, two to Odo.
    Deal 2 (the deal passes left, so you set last): the best prial and three running
    flushes win all four columns, a crash (5 points): 7 wins the game, and the game is
    settled (each loser pays the stake, doubled for a loser with no points)."""
    from game.rules import brag

    hands, hands2 = _brag_hands(), _brag_hands2()
    deal = tuple(hands[i % 4][i // 4] for i in range(52))
    # Deal 2 is dealt from the new dealer's left: seat 1 first.
    deal2 = tuple(hands2[(i + 1) % 4][i // 4] for i in range(52))
    moves = {
        seat: (
            brag.SetLayout.from_codes(brag.best_layout(hands[seat])),
            brag.SetLayout.from_codes(brag.best_layout(hands2[seat])),
        )
        for seat in (1, 2, 3)
    }
    mine = brag.SetLayout.from_codes(BRAG_LAYOUT)
    mine2 = brag.SetLayout.from_codes(BRAG_LAYOUT2)
    steps = (
        Step("coach.brag.welcome", "table", 0),
        Step("coach.brag.hand", "hand", 0),
        Step("coach.brag.order", "slots", 0),
        Step("coach.brag.layout", "slots", 0, _good_layout, mine, refusal="coach.brag.refuse"),
        # Deal 1's reveal: the hand stands still on it until the player has read it.
        Step("lesson.brag.compare", "column:0", 1, at="DealEnded"),
        Step("coach.brag.column1", "column:0", 1, at="DealEnded"),
        Step("coach.brag.column2", "column:1", 1, at="DealEnded"),
        Step("coach.brag.column34", "column:2", 1, at="DealEnded"),
        Step("coach.brag.score", "scores", 1, at="DealEnded"),
        Step("lesson.brag.deal2", "hand", 1),
        Step(
            "lesson.brag.layout2",
            "slots",
            1,
            lambda a: a == mine2,
            mine2,
            refusal="lesson.brag.refuse2",
        ),
    )
    return Lesson(
        id="brag",
        game="brag",
        preset=None,
        new_state=lambda: games.get("brag").new_state(4, 50, dealer=3),
        player=0,
        chance=deal + deal2,
        moves=moves,
        steps=steps,
        outcome_of=_card52_outcome,
        ends_with="DealEnded",
        won_with="GameWon",
        units=2,
        ending=(
            Step("lesson.brag.crash", "scores", 2),
            Step("lesson.brag.settled", "scores", 2),
        ),
    )


# ----------------------------------------------------------------------------- Nine and a Half
def ninehalf_lesson() -> Lesson:
    """Nine and a Half, four seats, two deals. First as a player, with the dealer on
    your right: ante, a hidden 9 and a Queen make a Natural, bet the limit, and the
    dealer's challenge pays you double. Then the deal passes to you (in the lesson after
    one deal, not three): set the limit, read the cards showing, draw to 9, challenge
    Kessa's 8 and stop once your duty is done; Odo's hidden Natural goes unchallenged."""
    from game.rules import ninehalf
    from game.rules.ninehalf import Ante, Bet, Challenge, Draw, Hit, SetLimit, Stay, Stop

    k = "lesson.ninehalf."

    def go(key: str, target: str, when: int, action: Any, also: type | None = None) -> Step:
        """A step that asks for ``action``; a move of the type ``also`` (an ante or a
        bet of the player's own size: the cards and the dealer's play stay the same)
        is honoured; any other is refused with the step's reason."""
        why = k + "refuse." + key.rpartition(".")[2]

        def wants(a: Any) -> bool:
            return a == action or (also is not None and isinstance(a, also))

        return Step(key, target, when, wants, action, refusal=why)

    def paid(events: list[Any]) -> dict[str, Any]:
        """Your ante and bet, and what the dealer paid you for them (doubled)."""
        won = next(e.amount for e in events if e.kind == "ChallengeSettled" and e.seat == 0)
        return {"stake": won // 2, "won": won}

    steps = (
        Step("coach.ninehalf.welcome", "table", 0),
        Step("coach.ninehalf.dealer", "seat:3", 0),
        go("coach.ninehalf.ante", "actions", 0, Ante(1), also=Ante),
        Step("coach.ninehalf.hole", "hand", 1),
        go("coach.ninehalf.hit", "actions", 1, Hit()),
        Step("coach.ninehalf.natural", "hand", 2),
        go("coach.ninehalf.stay", "actions", 2, Stay()),
        go("coach.ninehalf.bet", "actions", 3, Bet(5), also=Bet),
        Step("coach.ninehalf.duty", "seat:3", 4),
        Step("coach.ninehalf.paid", "seat:0", 4, facts=paid),
        Step("coach.ninehalf.unchallenged", "seat:2", 4),
        go(k + "next", "actions", 4, NEXT_UNIT),
        go(k + "limit", "actions", 5, SetLimit(5)),
        Step(k + "your_card", "hand", 6),
        Step(k + "read", "seat:2", 6),
        go(k + "draw", "actions", 6, Draw()),
        go(k + "challenge", "seat:1", 7, Challenge(1)),
        go(k + "stop", "actions", 8, Stop()),
    )
    return Lesson(
        id="ninehalf",
        game="ninehalf",
        preset=None,
        # The deal passes after every deal here (three at a real table), so the
        # lesson's second deal is yours.
        new_state=lambda: games.get("ninehalf").new_state(
            4, 30, options=ninehalf.NineHalfOptions(rotate_every=1), dealer=3
        ),
        player=0,
        # Deal 1: your hidden 9, then the others' 4, King and the dealer's 6 face up;
        # your hit brings the Queen of Hearts (9 1/2), the 4's the 7 of Diamonds
        # (bust), and the dealer draws the 2 of Clubs. Deal 2, you deal: hidden 3, King
        # and 7, your 6 face up; Kessa hits a 5, Odo a 9; you draw the 3 of Hearts.
        chance=("9S", "4H", "KD", "6C", "QH", "7D", "2C", "3C", "KS", "7H", "6S", "5D", "9C", "3H"),
        moves={
            1: (Ante(1), Hit(), Stay(), Bet(1), Ante(1), Hit(), Stay(), Bet(2)),
            2: (Ante(2), Stay(), Bet(3), Ante(2), Hit(), Bet(5)),
            3: (SetLimit(5), Challenge(1), Draw(), Challenge(0), Stop(), Ante(1), Stay(), Bet(1)),
        },
        steps=steps,
        outcome_of=_card52_outcome,
        ends_with="DealEnded",
        ending=(Step(k + "kept", "seat:2", 9),),
        units=2,
    )


def _builder(ref: str) -> Callable[[], Lesson]:
    return lambda: games.load(ref)()


#: Every game's coached first hand, in the registry's order: the ``lesson`` its entry
#: names (game.games).
LESSONS: dict[str, Callable[[], Lesson]] = {
    game.id: _builder(game.lesson) for game in games.all_games() if game.lesson is not None
}


def lesson(game: str) -> Lesson:
    """The coached first hand of ``game``, or the short intro of a Sabacc rule set."""
    from game.help.intros import INTROS, intro

    if game in INTROS:
        return intro(game)
    if game not in LESSONS:
        raise ValueError(f"no coached hand for {game!r}; choose from {', '.join(LESSONS)}")
    return LESSONS[game]()
