"""Writing hand records as a match is played.

A :class:`HandWriter` is told every step a table, a simulator or a save's replay takes
(``before_start`` just before ``start_next()``, ``chance`` / ``action`` just before a
chance outcome or a move is applied, ``after`` with the events of each step) and keeps
one record per hand: ``records`` holds the finished hands, ``partial()`` the hand in
progress. :func:`simulate` plays seeded computer hands and returns their records (the
``export`` tool's and the tests' source of hands).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from game.record import FORMAT, VERSION
from game.record.table import dealer_of, result_words, start_words
from game.record.words import action_words, chance_word, family, options_words
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event


def seat_words(
    names: Sequence[str],
    humans: Sequence[int] = (),
    levels: Sequence[str | None] = (),
    personalities: Sequence[str | None] = (),
) -> list[dict[str, Any]]:
    """The record's seats: name, human or computer, and a computer's level and personality."""
    out: list[dict[str, Any]] = []
    for seat, name in enumerate(names):
        entry: dict[str, Any] = {"name": str(name)}
        if seat in humans:
            entry["player"] = "human"
        else:
            entry["player"] = "computer"
            level = levels[seat] if seat < len(levels) else None
            personality = personalities[seat] if seat < len(personalities) else None
            if level:
                entry["level"] = str(level)
            if personality:
                entry["personality"] = str(personality)
        out.append(entry)
    return out


class _Start:
    """What a hand's result is measured from: the wins and (Brag) scores as it began."""

    def __init__(self, state: Any) -> None:
        self.wins = [int(w) for w in state.wins]
        self.scores = [int(p) for p in getattr(state, "scores", ())]


class HandWriter:
    """Keeps the records of a match's hands (see the module docstring)."""

    def __init__(
        self,
        game: str,
        rule_set: str | None,
        seats: list[dict[str, Any]],
        label: str = "",
    ) -> None:
        self.game = game
        from game import games

        self.rule_set = rule_set if games.get(game).has_presets else None
        self.family = family(game, rule_set or "")
        self.seats = seats
        self.label = label
        self.records: list[dict[str, Any]] = []
        self.hand: dict[str, Any] | None = None
        # The events that end a hand of this rule set, looked up once (asked every step).
        self._unit_ends: frozenset[str] | None = None
        if self.rule_set:
            self._unit_ends = frozenset(games.get(game).member(self.rule_set).unit_ends)
        self._start: Any = None  # the table as the hand began (wins, scores)

    # ------------------------------------------------------------------ steps
    def begin_match(self, state: Any) -> None:
        """``state`` is a match's very start: a Brag or Nine and a Half match is already
        in its first deal (its record starts now); a Sabacc match waits for its start."""
        if not self.family.started_by_table and state.to_act() not in (BETWEEN, TERMINAL):
            self._open(state)

    def before_start(self, state: Any) -> None:
        """``state.start_next()`` is about to be called."""
        if self.family.started_by_table:
            self._open(state)

    def chance(self, state: Any, outcome: Any) -> None:
        """A chance ``outcome`` is about to be applied (``drop_last`` if it is refused)."""
        if self.hand is None:
            return
        kind, seat = self.family.pending(state)
        value = chance_word(self.family, kind, outcome)
        self.hand["moves"].append([kind, value] if seat is None else [kind, seat, value])

    def action(self, state: Any, seat: int, action: Any) -> None:
        """``action`` is about to be applied (``drop_last`` if it is refused)."""
        if self.hand is None:
            return
        self.hand["moves"].append(action_words(self.family, seat, action))

    def drop_last(self) -> None:
        """The engine refused the step just written: forget it."""
        if self.hand is not None and self.hand["moves"]:
            self.hand["moves"].pop()

    def after(
        self, state: Any, events: Sequence[Event], started: bool = False
    ) -> dict[str, Any] | None:
        """After a step (``started``: it was ``start_next``): the record of the hand it
        ended, if any."""
        from game import games

        hand = self.hand
        if started:
            if hand is not None and hand["dealer"] == "?":
                hand["dealer"] = dealer_of(self.family, state)
            if state.to_act() in (BETWEEN, TERMINAL):
                if hand is not None and not hand["moves"]:
                    self.hand = None  # the match ended instead of a hand starting
                return None
            if hand is None and not self.family.started_by_table:
                self._open(state)
            return None
        if self._unit_ends is not None:
            if not any(e.kind in self._unit_ends for e in events):
                return None
        elif not games.get(self.game).unit_ended(events, self.rule_set):
            return None
        if hand is None:
            self._open_next(state)
            return None
        hand["result"] = result_words(self.family, state, self._start)
        self.records.append(hand)
        self.hand = None
        self._open_next(state)
        return hand

    def _open_next(self, state: Any) -> None:
        # Brag deals the game's next deal itself: its record starts at once.
        if not self.family.started_by_table and state.to_act() not in (BETWEEN, TERMINAL):
            self._open(state)

    def partial(self) -> dict[str, Any] | None:
        """The hand in progress as a record without its result (None between hands)."""
        if self.hand is None:
            return None
        return {**self.hand, "moves": list(self.hand["moves"])}

    # ------------------------------------------------------------------ opening
    def _open(self, state: Any) -> None:
        self._start = _Start(state)
        record: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rule_set": self.rule_set,
            "options": options_words(state.options),
            "played_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        if self.label:
            record["label"] = self.label
        record.update(
            seats=[dict(s) for s in self.seats],
            stacks=[int(c) for c in state.chips],
            # Known once the hand has started (a Brag or Nine and a Half deal: now).
            dealer="?" if self.family.started_by_table else dealer_of(self.family, state),
            table=start_words(self.family, state),
            moves=[],
        )
        self.hand = record


# ------------------------------------------------------------------ seeded hands
def simulate(
    game: str,
    rule_set: str | None = None,
    players: int = 4,
    hands: int = 3,
    seed: int = 1,
    levels: Sequence[str] = ("easy",),
    chips: int | None = None,
) -> list[dict[str, Any]]:
    """``hands`` records of seeded computer hands (the simulator's loop, with re-buys
    between hands), in the order they were played."""
    from game import games

    entry = games.get(game)
    preset = rule_set if entry.has_presets else None
    stack = chips if chips is not None else entry.sim_chips_for(preset)
    state: Any = entry.new_state(players, stack, preset)
    chance = random.Random(seed)
    per_seat = [levels[min(i, len(levels) - 1)] for i in range(players)]
    bots = [entry.make_player(level, preset=preset) for level in per_seat]
    seat_rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(players)]
    names = [f"Seat {i + 1}" for i in range(players)]
    writer = HandWriter(game, preset, seat_words(names, (), per_seat))
    writer.begin_match(state)
    for _ in range(100_000):
        if len(writer.records) >= hands:
            break
        who = state.to_act()
        if who == CHANCE:
            outcome = state.sample_outcome(chance)
            writer.chance(state, outcome)
            events = state.apply_chance(outcome)
        elif who in (BETWEEN, TERMINAL):
            for seat in range(players):
                if who == BETWEEN and not state.can_continue(seat):
                    state.rebuy(seat, stack)
            if state.to_act() == TERMINAL:
                # A match that is over starts again with the same stacks.
                old = state
                state = entry.new_state(players, stack, preset)
                state.chips = [c if c > 0 else stack for c in old.chips]
                writer.begin_match(state)
            if state.to_act() == BETWEEN:
                writer.before_start(state)
                writer.after(state, state.start_next(), started=True)
            continue
        else:
            action = bots[who].choose(state.view(who), state.legal_actions(), seat_rngs[who])
            writer.action(state, who, action)
            events = state.apply(action)
        writer.after(state, events)
    return writer.records[:hands]
