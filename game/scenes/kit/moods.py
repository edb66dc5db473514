"""Faces and voices at the table: how a seat reacts to what just happened.

``reactions(event)`` reads one engine event and says which seats react and how: the
expression their portrait takes for a few seconds (a big win, a bust, a shift) and the
moment their voice may speak (``game.campaign.voices.Moment``). ``Moods`` keeps the
expressions with their end times and the ``Chatter`` that rate-limits speech, and says
when the next change is due, so a table at rest sleeps until then.

Events are matched by their classes, one small reader per game in its table's
package, named by its registry entry (``game.games.Game.reactions``). A reader is
asked only once its game's events module is imported (an event of a module nobody
imported cannot exist): importing another game's rules at a table's first reaction
cost a frame of 100 ms or more.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from game import games
from game.campaign.voices import Bubble, Chatter, Moment
from game.rules.base import Event

MOOD_SECONDS = 4.0
BIG_POT = 10  # chips: a pot at least this big is a "big" win or loss

Reaction = tuple[int, str, Moment | None]  # (seat, expression, moment to speak of)
Reader = Callable[[Event, int], list[Reaction]]  # (event, the player's seat) -> reactions


def _readers() -> list[Reader]:
    """The readers of the games whose events module is imported (game.games: each
    game's ``reactions``, asked once its ``events`` exist)."""
    out = []
    for game in games.every_game():
        if game.reactions and game.events in sys.modules:
            reader = _LOADED.get(game.reactions)
            if reader is None:
                reader = _LOADED[game.reactions] = games.load(game.reactions)
            out.append(reader)
    return out


_LOADED: dict[str, Reader] = {}


def reactions(event: Event, human: int = 0) -> list[Reaction]:
    """Who reacts to ``event`` and how; seat -1 means "every opponent"."""
    out: list[Reaction] = []
    for read in _readers():
        out += read(event, human)
    return out


@dataclass
class Moods:
    """Expressions per seat until a time, and the table's one speech bubble."""

    seats: int
    speakers: dict[int, str]  # seat -> campaign character id (who has a voice)
    rng: random.Random
    human: int = 0
    faces: dict[int, tuple[str, float]] = field(default_factory=dict)
    chatter: Chatter = field(init=False)

    def __post_init__(self) -> None:
        self.chatter = Chatter(self.rng)

    def sit_down(self, now: float) -> None:
        """Everyone with a voice is seated: one of them greets the table."""
        for seat, character in sorted(self.speakers.items()):
            if self.chatter.speak(character, seat, Moment.SIT_DOWN, now) is not None:
                break

    def react(self, events: list[Event], now: float) -> None:
        for event in events:
            for seat, expression, moment in reactions(event, self.human):
                targets = [s for s in range(self.seats) if s != self.human] if seat < 0 else [seat]
                for target in targets:
                    self.faces[target] = (expression, now + MOOD_SECONDS)
                    character = self.speakers.get(target)
                    if moment is not None and character is not None:
                        self.chatter.speak(character, target, moment, now)

    def expression(self, seat: int, now: float) -> str:
        face = self.faces.get(seat)
        if face is None or now >= face[1]:
            return "neutral"
        return face[0]

    def bubble(self, now: float) -> Bubble | None:
        return self.chatter.current(now)

    def next_change(self, now: float) -> float:
        """Seconds until a face or the bubble changes (inf: nothing pending)."""
        times = [until - now for _, until in self.faces.values() if until > now]
        bubble = self.chatter.current(now)
        if bubble is not None:
            times.append(bubble.until - now)
        return max(0.0, min(times)) if times else math.inf
