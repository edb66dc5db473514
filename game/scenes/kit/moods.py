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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

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


def _bluffs(watch: HandWatch, event: Event) -> list[Reaction]:
    """Sabacc's bluff called: a seat that raised this hand, showed its cards and lost."""
    ev = sys.modules.get("game.rules.sabacc_events")  # no Sabacc events, no bluffs
    if ev is None:
        return []
    if isinstance(event, ev.HandStarted):
        watch.raised.clear()
        watch.shown.clear()
        watch.spoke = False
    elif isinstance(event, ev.Raised):
        watch.raised.add(event.seat)
    elif isinstance(event, ev.HandRevealed) and event.hand_kind != "bombed-out":
        watch.shown.add(event.seat)
    elif isinstance(event, ev.HandEnded) and event.reason in ("showdown", "split"):
        losers = (watch.raised & watch.shown) - set(event.winners)
        return [(seat, "shocked", Moment.BLUFF_CALLED) for seat in sorted(losers)]
    return []


@dataclass
class HandWatch:
    """What a hand has shown so far (who raised, who showed), for reactions that need
    more than one event, and whether anyone has spoken in it yet."""

    raised: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    spoke: bool = False


#: Moments that close a hand: if nobody has spoken in the hand yet, one of them is said.
_HAND_CLOSERS = frozenset(
    {Moment.HAND_WON, Moment.HAND_LOST, Moment.BIG_WIN, Moment.BIG_LOSS, Moment.BLUFF_CALLED}
)


@dataclass
class Moods:
    """Expressions per seat until a time, and the table's one speech bubble.

    ``spoken`` collects the bubbles said since the table last took them (the log keeps
    each line)."""

    seats: int
    speakers: dict[int, str]  # seat -> campaign character id (who has a voice)
    rng: random.Random
    human: int = 0
    reading: Callable[[str, dict[str, Any]], float] | None = None  # seconds to read a line
    faces: dict[int, tuple[str, float]] = field(default_factory=dict)
    chatter: Chatter = field(init=False)
    watch: HandWatch = field(default_factory=HandWatch)
    spoken: list[Bubble] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.chatter = Chatter(self.rng, reading=self.reading)

    def sit_down(
        self, now: float, greetings: Sequence[tuple[int, str, dict[str, Any]]] = ()
    ) -> None:
        """Everyone with a voice is seated: one of them greets the table — with what
        they remember of the player when ``greetings`` (seat, key, params) has any."""
        for seat, key, params in greetings:
            character = self.speakers.get(seat)
            if character is not None:
                said = self.chatter.say(character, seat, key, params, Moment.SIT_DOWN, now)
                if said is not None:
                    self.spoken.append(said)
                    return
        for seat, character in sorted(self.speakers.items()):
            said = self.chatter.speak(character, seat, Moment.SIT_DOWN, now)
            if said is not None:
                self.spoken.append(said)
                break

    def greet(self, moment: Moment, now: float) -> None:
        """A sitting's own opening line (the final table): the first voice says it."""
        for seat, character in sorted(self.speakers.items()):
            said = self.chatter.speak(character, seat, moment, now, force=True)
            if said is not None:
                self.spoken.append(said)
                return

    def react(self, events: list[Event], now: float) -> None:
        for event in events:
            found = reactions(event, self.human) + _bluffs(self.watch, event)
            for seat, expression, moment in found:
                targets = [s for s in range(self.seats) if s != self.human] if seat < 0 else [seat]
                for target in targets:
                    self.faces[target] = (expression, now + MOOD_SECONDS)
                    character = self.speakers.get(target)
                    if moment is None or character is None:
                        continue
                    # About a line a hand: a hand nobody has spoken in gets its closing word.
                    force = moment in _HAND_CLOSERS and not self.watch.spoke
                    said = self.chatter.speak(character, target, moment, now, force=force)
                    if said is not None:
                        self.watch.spoke = True
                        self.spoken.append(said)
            if any(moment in _HAND_CLOSERS for _, _, moment in found):
                self.watch.spoke = False  # the next hand starts without a word said

    def take_spoken(self) -> list[Bubble]:
        said, self.spoken = self.spoken, []
        return said

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
