"""How a coached hand runs: a prepared deal on the real engine, played step by step.

A ``Lesson`` is pure data: the table (game, seats, dealer), the chance outcomes in the
order the engine asks for them (cards by code, die faces), the opponents' moves, and the
``Step``s of the coach. A step either explains (the player presses Continue) or asks for
one action; it names what the callout points at (``target``: "hand-total", "pots",
"shift-die", a seat...), so a table can place the callout beside it.

``CoachDriver`` runs a lesson on the real engine: it applies scripted chance (through
the engine's own ``apply_chance``, never by setting state) and scripted opponent moves,
stops at each coach step, and accepts from the player the action the step asks for, or
another that keeps the lesson's story (``Step.wants``); anything else raises
``ValueError`` naming the step's reason (``Step.refusal``), and changes nothing. Chance is
never sampled: the lesson plays the same every time, in every language. No pygame here;
the tables draw the callouts. The lessons themselves are in ``game.help.coach`` (the
games' whole hands) and ``game.help.intros`` (the Sabacc rule sets).
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
    # Why another move is refused here, in the coach's words (a catalog key; "": the
    # general "Not yet"). ``wants`` takes every move that keeps the lesson's story (a
    # bet of another size, the other of two equal discards); the rest are refused.
    refusal: str = ""
    # The numbers the step's words name, from what has happened (a choice the coach
    # honoured changes them: the chips a bet of your own size won).
    facts: Callable[[list[Event]], dict[str, Any]] | None = None


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
    # The kind of event that ends the last unit when it ends the game instead (Brag's
    # GameWon: the deal that wins the game has no DealEnded).
    won_with: str = ""


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
        ends = {self.lesson.ends_with, self.lesson.won_with or self.lesson.ends_with}
        return sum(1 for event in self.events if event.kind in ends)

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
        if not step.wants(action) or isinstance(action, NextUnit) != self.between_units():
            raise ValueError(f"the coach asks for another move here ({step.refusal or step.key})")
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

    def facts(self, step: Step) -> dict[str, Any]:
        """The numbers ``step``'s words name, as the hand has gone so far."""
        return step.facts(self.events) if step.facts is not None else {}

    def autoplay_action(self) -> Any:
        step = self.current()
        return None if step is None else step.action


def sabacc_outcome(state: GameState, item: Any) -> Any:
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
