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
from game.record.table import STARTED_BY_TABLE, dealer_of, result_words, start_words
from game.record.words import action_words, chance_word, family, options_words, pending
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
        self.rule_set = rule_set if game == "sabacc" else None
        self.family = family(game, rule_set or "")
        self.seats = seats
        self.label = label
        self.records: list[dict[str, Any]] = []
        self.hand: dict[str, Any] | None = None
        self._wins: list[int] = []
        self._skipping = False  # a hand that began before this writer: not recorded

    # ------------------------------------------------------------------ steps
    def before_start(self, state: Any) -> None:
        """``state.start_next()`` is about to be called."""
        if self.family in STARTED_BY_TABLE:
            self._open(state)
        self._skipping = False

    def chance(self, state: Any, outcome: Any) -> None:
        self._ensure_open(state)
        if self.hand is None:
            return
        kind, seat = pending(self.family, state)
        value = chance_word(self.family, kind, outcome)
        self.hand["moves"].append([kind, value] if seat is None else [kind, seat, value])

    def action(self, state: Any, seat: int, action: Any) -> None:
        self._ensure_open(state)
        if self.hand is None:
            return
        self.hand["moves"].append(action_words(self.family, seat, action))

    def after(self, state: Any, events: Sequence[Event]) -> dict[str, Any] | None:
        """After a step (``start_next`` included): the record of the hand it ended, if any."""
        from game import games

        hand = self.hand
        if hand is not None and hand["dealer"] == "?":
            hand["dealer"] = dealer_of(self.family, state)
        if not games.get(self.game).unit_ended(events, self.rule_set):
            if hand is not None and not hand["moves"] and state.to_act() in (BETWEEN, TERMINAL):
                self.hand = None  # the match ended instead of a hand starting
            return None
        if hand is None:
            self._skipping = False
            return None
        hand["result"] = result_words(self.family, state, self._wins)
        self.records.append(hand)
        self.hand = None
        return hand

    def partial(self) -> dict[str, Any] | None:
        """The hand in progress as a record without its result (None between hands)."""
        return None if self.hand is None else dict(self.hand)

    # ------------------------------------------------------------------ opening
    def _ensure_open(self, state: Any) -> None:
        if self.hand is not None or self._skipping:
            return
        if self.family in STARTED_BY_TABLE:
            self._skipping = True  # began before this writer saw its start
            return
        self._open(state)
        assert self.hand is not None
        self.hand["dealer"] = dealer_of(self.family, state)

    def _open(self, state: Any) -> None:
        self._wins = [int(w) for w in state.wins]
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
            dealer="?",  # known once the hand has started
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
    preset = rule_set if game == "sabacc" else None
    stack = chips if chips is not None else entry.sim_chips_for(preset)
    state: Any = entry.new_state(players, stack, preset)
    chance = random.Random(seed)
    per_seat = [levels[min(i, len(levels) - 1)] for i in range(players)]
    bots = [entry.make_player(level, preset=preset) for level in per_seat]
    seat_rngs = [random.Random(seed * 1_000_003 + 17 * (i + 1)) for i in range(players)]
    names = [f"Seat {i + 1}" for i in range(players)]
    writer = HandWriter(game, preset, seat_words(names, (), per_seat))
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
            events = []
            if state.to_act() == BETWEEN:
                writer.before_start(state)
                events = state.start_next()
        else:
            action = bots[who].choose(state.view(who), state.legal_actions(), seat_rngs[who])
            writer.action(state, who, action)
            events = state.apply(action)
        writer.after(state, events)
    return writer.records[:hands]
