"""Coached hands: a prepared deal on the real engine, played step by step with a coach.

A ``Lesson`` is pure data: the table (game, seats, dealer), the chance outcomes in the
order the engine asks for them (cards by code, die faces), the opponents' moves, and the
``Step``s of the coach. A step either explains (the player presses Continue) or asks for
one action; it names what the callout points at (``target``: "hand-total", "pots",
"shift-die", a seat...), so a table can place the callout beside it.

``CoachDriver`` runs a lesson on the real engine: it applies scripted chance and
scripted opponent moves, stops at each coach step, and accepts from the player only the
action the step asks for (anything else raises ``ValueError`` naming what to do, and
changes nothing). Chance is never sampled: the lesson plays the same every time, in
every language. No pygame here; the tables draw the callouts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event, GameState


@dataclass(frozen=True, slots=True)
class Step:
    """One coach callout: ``key`` is the catalog key of its words.

    ``wants`` is None for an explanation (the player continues) or a predicate on the
    player's action with ``wants_key`` naming it for the words ("Press Draw").
    ``when`` is the number of player turns before the step shows: steps with the same
    ``when`` show one after another before that turn's action.
    """

    key: str
    target: str
    when: int
    wants: Callable[[Any], bool] | None = None
    action: Any = None  # the action autoplay takes, and the one the step accepts
    # Cards the callout lays out under its words (codes of the lesson's game), to show
    # what the words describe: an example hand drawn with the table's own card art.
    cards: tuple[str, ...] = ()
    # The kind of event the step waits for in the middle of the others' play or of
    # chance (a Sudden Demise called at the showdown): the hand stops there until the
    # player has read it. "" : the step shows on the player's turn.
    at: str = ""


@dataclass(frozen=True, slots=True)
class NextUnit:
    """The player's "Next deal" between a lesson's units (a lesson of two deals)."""

    def __str__(self) -> str:
        return "next deal"


NEXT_UNIT = NextUnit()


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    game: str
    preset: str | None
    new_state: Callable[[], GameState]
    player: int
    chance: tuple[Any, ...]  # outcomes in the order the engine asks (see ``outcome_of``)
    moves: dict[int, tuple[Any, ...]]  # each opponent's moves in order
    steps: tuple[Step, ...]
    outcome_of: Callable[[GameState, Any], Any]  # scripted item -> engine outcome
    ends_with: str  # the kind of the event that ends the lesson's unit (HandEnded...)
    ending: tuple[Step, ...] = ()  # shown once the unit is over (why the winner won)
    # A short intro (game.help.intros) ends after this many player actions instead of
    # at the end of the unit, and its opponents play ``opponent(state)`` once their
    # scripted moves run out.
    stop_after: int | None = None
    opponent: Callable[[GameState], Any] | None = None
    # The house rules the lesson's table plays by (engine option, value), which the
    # real table it deals you in at plays by too.
    house_rules: tuple[tuple[str, Any], ...] = ()
    # How many units (hands, deals) the lesson plays: between them the player is asked
    # for ``NEXT_UNIT`` ("Next deal").
    units: int = 1


@dataclass
class CoachDriver:
    lesson: Lesson
    state: GameState = field(init=False)
    events: list[Event] = field(default_factory=list)
    turns: int = 0  # player actions taken so far
    shown: int = 0  # coach steps already acknowledged
    # A table drives a stepwise coach itself (``begin``, ``step_once`` at its own pace,
    # so each card and move animates); otherwise the coach runs on by itself.
    stepwise: bool = False
    started: bool = False
    _chance: int = 0
    _moves: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.state = self.lesson.new_state()
        if not self.stepwise:
            self.begin()
            self.advance()

    def begin(self) -> list[Event]:
        """Start the lesson's hand: Sabacc's match waits for its first hand; Brag's and
        Nine and a Half's deal at once (their chance comes next)."""
        if self.started:
            return []
        self.started = True
        events = list(self.state.start_next()) if self.state.to_act() == BETWEEN else []
        self.events += events
        return events

    # ------------------------------------------------------------------ reading
    @property
    def finished(self) -> bool:
        if not self.started:
            return False
        if self.lesson.stop_after is not None and self.turns >= self.lesson.stop_after:
            return self.state.to_act() != CHANCE  # the cards and dice of that move land first
        done = self.units_done >= self.lesson.units
        if self.state.to_act() in (BETWEEN, TERMINAL):
            return done or self.lesson.units == 1 or self.state.to_act() == TERMINAL
        return done

    @property
    def units_done(self) -> int:
        return sum(1 for event in self.events if event.kind == self.lesson.ends_with)

    def between_units(self) -> bool:
        """A unit is over and the next waits for the player's "Next deal"."""
        return self.started and not self.finished and self.state.to_act() == BETWEEN

    @property
    def over(self) -> bool:
        """The unit has ended and every closing word has been read."""
        return self.finished and self.shown >= len(self.lesson.steps) + len(self.lesson.ending)

    def current(self) -> Step | None:
        """The step the coach shows now (None: nothing to say, the hand runs on)."""
        steps = self.lesson.steps
        if self.paused():
            return steps[self.shown]
        if not self.finished and not self.waiting_for_player():
            return None  # the coach speaks when the table has caught up with the player
        if self.shown < len(steps) and steps[self.shown].when <= self.turns:
            return steps[self.shown]
        closing = self.shown - len(steps)
        if self.finished and 0 <= closing < len(self.lesson.ending):
            return self.lesson.ending[closing]
        return None

    def paused(self) -> bool:
        """The hand stands still for a step that waits for an event (``Step.at``)."""
        steps = self.lesson.steps
        if self.finished or self.shown >= len(steps):
            return False
        step = steps[self.shown]
        if not step.at or step.when > self.turns:
            return False
        return any(event.kind == step.at for event in self.events)

    def waiting_for_player(self) -> bool:
        if self.between_units():
            return True
        return not self.finished and self.state.to_act() == self.lesson.player

    # ------------------------------------------------------------------ moving
    def acknowledge(self) -> list[Event]:
        """Continue past an explanation."""
        step = self.current()
        if step is None or step.wants is not None:
            raise ValueError("the coach is waiting for an action, not for Continue")
        self.shown += 1
        return [] if self.stepwise else self.advance()

    def play(self, action: Any) -> list[Event]:
        """The player's action: only the one the coach asks for is taken."""
        step = self.current()
        if step is None or step.wants is None or not self.waiting_for_player():
            raise ValueError("the coach is not asking for an action now")
        if not step.wants(action):
            raise ValueError(f"the coach asks for another move here ({step.key})")
        if isinstance(action, NextUnit) != self.between_units():
            raise ValueError(f"the coach asks for another move here ({step.key})")
        if isinstance(action, NextUnit):
            events = list(self.state.start_next())
        else:
            events = list(self.state.apply(action))
        self.shown += 1
        self.turns += 1
        self.events += events
        return events if self.stepwise else events + self.advance()

    def allows(self, action: Any) -> bool:
        """Whether ``play(action)`` would be taken now."""
        step = self.current()
        return (
            step is not None
            and step.wants is not None
            and self.waiting_for_player()
            and bool(step.wants(action))
        )

    def advance(self) -> list[Event]:
        """Run chance and the opponents until the coach has something to say."""
        out: list[Event] = []
        for _ in range(10_000):
            happened = self.step_once()
            if happened is None:
                break
            out += happened
        return out

    def step_once(self) -> list[Event] | None:
        """One scripted chance outcome or opponent move (None: the player's turn, or
        the unit is over)."""
        if self.finished or not self.started or self.paused():
            return None
        actor = self.state.to_act()
        if actor in (self.lesson.player, BETWEEN):
            return None  # the player's move, or the player's "Next deal"
        if actor == CHANCE:
            if self._chance >= len(self.lesson.chance):
                raise RuntimeError(f"lesson {self.lesson.id} ran out of chance outcomes")
            item = self.lesson.chance[self._chance]
            self._chance += 1
            happened = list(self.state.apply_chance(self.lesson.outcome_of(self.state, item)))
        else:
            index = self._moves.get(actor, 0)
            moves = self.lesson.moves.get(actor, ())
            self._moves[actor] = index + 1
            if index < len(moves):
                move = moves[index]
            elif self.lesson.opponent is not None:
                move = self.lesson.opponent(self.state)
            else:
                raise RuntimeError(f"lesson {self.lesson.id}: seat {actor} has no move left")
            happened = list(self.state.apply(move))
        self.events += happened
        return happened

    def autoplay_action(self) -> Any:
        step = self.current()
        return None if step is None else step.action


# ----------------------------------------------------------------------------- Sabacc
def _sabacc_outcome(state: GameState, item: Any) -> Any:
    """Card codes become the engine's card numbers; ints (die faces, the index of the
    card a shift takes from a hand) pass as they are."""
    from game.rules import sabacc_cards as sc

    if isinstance(item, str):
        card = sc.parse(item)
        legal = [o for o, _ in state.chance_outcomes()]
        if card not in legal:
            raise RuntimeError(f"the lesson wants {item} but it is not in the deck now")
        return card
    return item


def sabacc_lesson() -> Lesson:
    """Classic Sabacc, three seats, a whole hand with the bomb-out penalty on (a local
    rule of Classic, RULES.md §1.4): you open the betting, draw a card that would bomb
    you out and discard another, a Sabacc Shift hands you a Pure Sabacc, Mabbet folds
    and pays the fee, you call the hand, and Tesk's 23 ties yours: in Sudden Demise his
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
        return sabacc.new_game(3, options=options, chips=30, seed_dealer=2)

    six = Discard(sc.parse("6f"))
    k = "lesson.sabacc."
    steps = (
        Step("coach.sabacc.welcome", "table", 0),
        Step(k + "total", "hand-total", 0),
        Step(k + "hand_pot", "hand-pot", 0),
        Step(k + "pots", "sabacc-pot", 0),
        Step(k + "lead_bet", "actions", 0, lambda a: a == Bet(2), Bet(2)),
        Step(k + "die", "shift-die", 1),
        Step(k + "draw", "actions", 1, lambda a: a == Draw(), Draw()),
        Step(k + "bomb", "hand-total", 2),
        Step(k + "discard", "hand", 2, lambda a: a == six, six),
        Step(k + "check", "actions", 3, lambda a: a == Check(), Check()),
        Step(k + "shift", "hand-total", 4),
        Step(k + "stand", "actions", 4, lambda a: a == Stand(), Stand()),
        Step(k + "call_bet", "seat:2", 5, lambda a: a == Call(), Call()),
        Step(k + "fold_fee", "seat:1", 6),
        Step(k + "call_hand", "actions", 6, lambda a: a == CallHand(), CallHand()),
        # The showdown stops at the tie, before Sudden Demise deals its cards.
        Step(k + "reveal", "seat:2", 7, at="SuddenDemise"),
    )
    return Lesson(
        id="sabacc",
        game="sabacc",
        preset="classic",
        new_state=table,
        player=0,
        # You 9c 6f (15), Mabbet 12s Queen (10), Tesk 14t 4c (18). Round 1: the die
        # shows 2; you draw the Mistress of Coins (28) and discard the 6 (22); Tesk
        # draws the 3 of Sabres (21). Round 2: the die shows 5: the shift takes
        # Mabbet's Queen, Tesk's 3 and your 9 and deals Endurance, the 5 of Sabres and
        # the 10 of Flasks: Tesk 23, you 13 + 10 = 23. Round 3: the die shows 1, you
        # call; Sudden Demise deals Tesk the 7 of Coins (30, bombed out) and you the
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


def _brag_hands() -> list[list[str]]:
    from game.rules import cards52

    rest = [cards52.code(c) for c in cards52.full_deck() if cards52.code(c) not in BRAG_YOURS]
    return [list(BRAG_YOURS), rest[0::3], rest[1::3], rest[2::3]]


def _good_layout(action: Any) -> bool:
    """Four valid sets, strongest on the left: what the coach asks for."""
    from game.rules import brag, cards52

    sets = getattr(action, "sets", None)
    if not sets or len(sets) != 4:
        return False
    return brag.is_valid_layout([[cards52.code(c) for c in s] for s in sets])


def brag_lesson() -> Lesson:
    """Thirteen Card Brag, four seats: lay out four sets, strongest first, and watch the
    four columns score."""
    from game.rules import brag

    hands = _brag_hands()
    deal = tuple(hands[i % 4][i // 4] for i in range(52))
    moves = {
        seat: (brag.SetLayout.from_codes(brag.best_layout(hands[seat])),) for seat in (1, 2, 3)
    }
    mine = brag.SetLayout.from_codes(BRAG_LAYOUT)
    steps = (
        Step("coach.brag.welcome", "table", 0),
        Step("coach.brag.hand", "hand", 0),
        Step("coach.brag.order", "slots", 0),
        Step("coach.brag.layout", "slots", 0, _good_layout, mine),
    )
    return Lesson(
        id="brag",
        game="brag",
        preset=None,
        new_state=lambda: brag.new_game(4, chips=50, dealer=3),
        player=0,
        chance=deal,
        moves=moves,
        steps=steps,
        outcome_of=_card52_outcome,
        ends_with="DealEnded",
        ending=(
            Step("coach.brag.column1", "column:0", 1),
            Step("coach.brag.column2", "column:1", 1),
            Step("coach.brag.column34", "column:2", 1),
            Step("coach.brag.score", "scores", 1),
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

    def go(key: str, target: str, when: int, action: Any) -> Step:
        return Step(key, target, when, lambda a: a == action, action)

    k = "lesson.ninehalf."
    steps = (
        Step("coach.ninehalf.welcome", "table", 0),
        Step("coach.ninehalf.dealer", "seat:3", 0),
        go("coach.ninehalf.ante", "actions", 0, Ante(1)),
        Step("coach.ninehalf.hole", "hand", 1),
        go("coach.ninehalf.hit", "actions", 1, Hit()),
        Step("coach.ninehalf.natural", "hand", 2),
        go("coach.ninehalf.stay", "actions", 2, Stay()),
        go("coach.ninehalf.bet", "actions", 3, Bet(5)),
        Step("coach.ninehalf.duty", "seat:3", 4),
        Step("coach.ninehalf.paid", "seat:0", 4),
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
        new_state=lambda: ninehalf.new_game(
            4, ninehalf.NineHalfOptions(rotate_every=1), chips=30, dealer=3
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


LESSONS: dict[str, Callable[[], Lesson]] = {
    "sabacc": sabacc_lesson,
    "brag": brag_lesson,
    "ninehalf": ninehalf_lesson,
}


def lesson(game: str) -> Lesson:
    """The coached first hand of ``game``, or the short intro of a Sabacc rule set."""
    from game.help.intros import INTROS, intro

    if game in INTROS:
        return intro(game)
    if game not in LESSONS:
        raise ValueError(f"no coached hand for {game!r}; choose from {', '.join(LESSONS)}")
    return LESSONS[game]()
