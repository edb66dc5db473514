"""What the campaign's characters say, and when: voices in words, never in the way of play.

Each character speaks with one of the five voices that match the AI personalities
(steady, cautious, reckless, bluffer, calculator). A table reports *moments* (sat down,
won a big pot, bombed out, a shift that helped...) and a ``Chatter`` decides whether
anyone speaks: one bubble at a time, a pause between bubbles, the same line never
twice in a row. Words live in the catalogs as ``voice.<voice>.<moment>.<n>``.

Pure: no pygame, no clock. Time comes in as seconds from the caller, chance as a
``random.Random`` of the table's own (never the dealing RNG).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.campaign.venues import CHARACTERS, Character


class Voice(StrEnum):
    STEADY = "steady"
    CAUTIOUS = "cautious"
    RECKLESS = "reckless"
    BLUFFER = "bluffer"
    CALCULATOR = "calculator"


class Moment(StrEnum):
    SIT_DOWN = "sit_down"
    BIG_WIN = "big_win"  # this character won a big pot
    BIG_LOSS = "big_loss"  # this character lost a big pot
    BOMB_OUT = "bomb_out"
    SHIFT_HELPED = "shift_helped"
    SHIFT_HURT = "shift_hurt"
    PLAYER_PURE = "player_pure"  # the player made a Pure Sabacc (or the game's best hand)
    LEAVE_BROKE = "leave_broke"
    HAND_WON = "hand_won"  # this character won an ordinary hand
    HAND_LOST = "hand_lost"  # this character lost a hand to the player
    BLUFF_CALLED = "bluff_called"  # this character raised on a weak hand and was called
    FINAL_TABLE = "final_table"  # sat down at the championship's final table
    PLAYER_BIG_WIN = "player_big_win"  # the player took a big pot


# How many lines each voice has per moment (keys ``voice.<voice>.<moment>.1`` .. n).
LINES_PER_MOMENT = 2

# The campaign's characters carry descriptive personality names; each maps to a voice.
_VOICE_OF_PERSONALITY: dict[str, Voice] = {
    "steady": Voice.STEADY,
    "careful": Voice.CAUTIOUS,
    "timid": Voice.CAUTIOUS,
    "patient": Voice.CAUTIOUS,
    "cautious": Voice.CAUTIOUS,
    "reckless": Voice.RECKLESS,
    "bold": Voice.RECKLESS,
    "gambler": Voice.RECKLESS,
    "showman": Voice.BLUFFER,
    "bluffer": Voice.BLUFFER,
    "sharp": Voice.CALCULATOR,
    "cold": Voice.CALCULATOR,
    "calculator": Voice.CALCULATOR,
}


def voice_of(character: Character) -> Voice:
    """The voice that matches the character's AI personality."""
    name = character.personality.name
    if name in _VOICE_OF_PERSONALITY:
        return _VOICE_OF_PERSONALITY[name]
    # An unnamed personality: read it from its numbers, as the AI plays it.
    p = character.personality
    if p.bluff >= 0.3:
        return Voice.BLUFFER
    if p.aggression >= 0.7:
        return Voice.RECKLESS
    if p.caution >= 0.7:
        return Voice.CAUTIOUS
    return Voice.STEADY


#: A bubble stays up at least this long, longer for a long line (``reading_seconds``).
MIN_SECONDS = 3.5


def reading_seconds(words: str) -> float:
    """Seconds a player needs to read ``words`` in a bubble: 3.5 at least, then about
    14 characters a second (Japanese, denser, about 7)."""
    dense = sum(1 for ch in words if ord(ch) > 0x2E80)
    return max(MIN_SECONDS, 1.5 + (len(words) - dense) / 14 + dense / 7)


def line_keys(voice: Voice, moment: Moment) -> list[str]:
    return [f"voice.{voice}.{moment}.{n}" for n in range(1, LINES_PER_MOMENT + 1)]


# Moments worth breaking the quiet for, most important first; a bubble that is showing
# gives way only to a moment that matters more.
_PRIORITY: dict[Moment, int] = {
    Moment.PLAYER_PURE: 6,
    Moment.LEAVE_BROKE: 5,
    Moment.BOMB_OUT: 4,
    Moment.BIG_WIN: 3,
    Moment.SHIFT_HURT: 3,
    Moment.SHIFT_HELPED: 2,
    Moment.BIG_LOSS: 2,
    Moment.SIT_DOWN: 1,
    Moment.FINAL_TABLE: 5,
    Moment.PLAYER_BIG_WIN: 4,
    Moment.BLUFF_CALLED: 4,
    Moment.HAND_WON: 1,
    Moment.HAND_LOST: 1,
}


@dataclass(frozen=True, slots=True)
class Bubble:
    """One speech bubble: who says it, the catalog key, and when it shows."""

    character_id: str
    seat: int
    key: str
    moment: Moment
    shown_at: float
    until: float
    params: tuple[tuple[str, Any], ...] = ()  # the line's placeholders (a memory's venue)

    def words(self) -> str:
        """The line in the language of the moment."""
        return line_words(self.key, dict(self.params))


def line_words(key: str, params: dict[str, Any]) -> str:
    """A line from the catalog; a ``venue_id`` placeholder becomes the venue's name."""
    from game import i18n

    params = dict(params)
    if "venue_id" in params:  # a place is named in the language of the moment
        params["venue"] = i18n.t(f"venue.{params.pop('venue_id')}.name")
    return i18n.t(key, **params)


@dataclass
class Chatter:
    """Rate-limits the table's talk: one bubble at a time, a quiet gap between two.

    ``speak`` returns the new bubble or None; the table draws ``current(now)``. A bubble
    stays up ``show_seconds``, or longer when ``reading`` (seconds to read a line, by
    its key and placeholders) says the line needs it.
    """

    rng: random.Random
    show_seconds: float = 3.2
    reading: Callable[[str, dict[str, Any]], float] | None = None
    quiet_seconds: float = 4.0
    chance: float = 0.7  # not every moment gets a word: talk that never stops is noise
    _bubble: Bubble | None = None
    _last_key: dict[str, str] = field(default_factory=dict)
    _quiet_until: float = 0.0

    def current(self, now: float) -> Bubble | None:
        if self._bubble is not None and now >= self._bubble.until:
            self._bubble = None
        return self._bubble

    def speak(
        self, character_id: str, seat: int, moment: Moment, now: float, force: bool = False
    ) -> Bubble | None:
        """A line for ``moment`` in the character's voice, or None (quiet). ``force``: a
        moment that must get its word (the hand's only line) skips the quiet gap and
        the chance, never a weightier bubble that is showing."""
        character = CHARACTERS.get(character_id)
        if character is None or not self._may_speak(moment, now, force):
            return None
        always = force or moment in (
            Moment.SIT_DOWN,
            Moment.LEAVE_BROKE,
            Moment.PLAYER_PURE,
            Moment.FINAL_TABLE,
            Moment.BOMB_OUT,
            Moment.BLUFF_CALLED,
            Moment.PLAYER_BIG_WIN,
        )
        if not always and self.rng.random() > self.chance:
            return None
        keys = line_keys(voice_of(character), moment)
        last = self._last_key.get(character_id)
        choices = [k for k in keys if k != last] or keys
        key = self.rng.choice(choices)
        self._last_key[character_id] = key
        return self._show(character_id, seat, key, (), moment, now)

    def say(
        self,
        character_id: str,
        seat: int,
        key: str,
        params: dict[str, Any],
        moment: Moment,
        now: float,
    ) -> Bubble | None:
        """A given line (a memory of the last meeting) for ``moment``, if the table may talk."""
        if character_id not in CHARACTERS or not self._may_speak(moment, now, True):
            return None
        return self._show(character_id, seat, key, tuple(sorted(params.items())), moment, now)

    def _may_speak(self, moment: Moment, now: float, force: bool) -> bool:
        showing = self.current(now)
        if showing is not None and _PRIORITY[moment] <= _PRIORITY[showing.moment]:
            return False
        quiet = showing is None and now < self._quiet_until
        return not (quiet and not force and moment is not Moment.PLAYER_PURE)

    def _show(
        self,
        character_id: str,
        seat: int,
        key: str,
        params: tuple[tuple[str, Any], ...],
        moment: Moment,
        now: float,
    ) -> Bubble:
        seconds = self.show_seconds
        if self.reading is not None:
            seconds = max(seconds, self.reading(key, dict(params)))
        bubble = Bubble(character_id, seat, key, moment, now, now + seconds, params)
        self._bubble = bubble
        self._quiet_until = bubble.until + self.quiet_seconds
        return bubble

    def clear(self) -> None:
        self._bubble = None
