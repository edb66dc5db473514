"""Statistics: hands played and won per game, biggest pot, special hands, bankroll over time.

Stored as user_data_dir/stats.json (atomic writes, a bad file moved aside as
``stats.json.corrupt-<timestamp>`` and a fresh book started, the player told).

How a table uses this, at the end of every hand (Sabacc hand, Brag deal, Nine and a
Half deal), with the events the engine returned during that hand::

    stats.record_hand("sabacc", hand_events, seat=0, bankroll=None, notify=app.notify)

``outcome_from_events`` reads what the player did from the events (won, chips collected,
Pure Sabacc, Idiot's Array, crash, Natural); ``bankroll`` (the campaign's credits after
the hand) adds a point to the bankroll chart. A full or read-only disk calls
``notify`` with a message and the game goes on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import games, i18n
from game.rules.base import Event
from game.storage.files import StorageError, atomic_write_text, move_aside
from game.storage.settings import data_dir

STATS_FILE = "stats.json"
SCHEMA_VERSION = 1
GAMES = games.GAME_IDS
MAX_BANKROLL_POINTS = 1000


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one hand meant for the player's seat."""

    won: bool = False
    collected: int = 0  # chips the player took in during the hand (pots, payments)
    winners: tuple[int, ...] = ()  # seats that won the hand
    pure_sabacc: bool = False
    idiots_array: bool = False
    crash: bool = False
    natural: bool = False


def hand_ended(game: str, events: Iterable[Event]) -> bool:
    """Whether ``events`` include the end of a hand (Sabacc) or deal (Brag, Nine and a
    Half): the game's entry in game.games says which events end one."""
    return games.get(game).unit_ended(list(events))


def outcome_from_events(game: str, events: Sequence[Event], seat: int = 0) -> HandOutcome:
    """Read one hand's events (as the engine returned them) for ``seat``."""
    outcome: HandOutcome = games.get(game).hand_outcome(events, seat)
    return outcome


@dataclass(slots=True)
class GameStats:
    hands_played: int = 0
    hands_won: int = 0
    biggest_pot: int = 0
    pure_sabaccs: int = 0
    idiots_arrays: int = 0
    crashes: int = 0
    naturals: int = 0

    def add(self, outcome: HandOutcome) -> None:
        self.hands_played += 1
        self.hands_won += outcome.won
        self.biggest_pot = max(self.biggest_pot, outcome.collected)
        self.pure_sabaccs += outcome.pure_sabacc
        self.idiots_arrays += outcome.idiots_array
        self.crashes += outcome.crash
        self.naturals += outcome.natural


@dataclass(slots=True)
class StatsBook:
    games: dict[str, GameStats] = field(default_factory=lambda: {g: GameStats() for g in GAMES})
    bankroll: list[int] = field(default_factory=list)  # campaign credits after each hand

    def record(self, game: str, outcome: HandOutcome, bankroll: int | None = None) -> None:
        self.games.setdefault(game, GameStats()).add(outcome)
        if bankroll is not None:
            self.bankroll.append(bankroll)
            del self.bankroll[:-MAX_BANKROLL_POINTS]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "games": {game: asdict(stats) for game, stats in self.games.items()},
            "bankroll": list(self.bankroll),
        }

    @classmethod
    def from_json(cls, data: Any) -> StatsBook:
        """Strict: ValueError for anything that is not a stats book of this schema."""
        if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
            raise ValueError("not a stats book of this version")
        games, bankroll = data.get("games"), data.get("bankroll")
        if not isinstance(games, dict) or not isinstance(bankroll, list):
            raise ValueError("stats book lacks games or bankroll")
        book = cls()
        names = [f.name for f in fields(GameStats)]
        for game, counts in games.items():
            if not isinstance(counts, dict) or set(counts) != set(names):
                raise ValueError(f"stats for {game!r} have the wrong keys")
            if not all(_is_count(counts[n]) for n in names):
                raise ValueError(f"stats for {game!r} hold a non-count")
            book.games[str(game)] = GameStats(**counts)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in bankroll):
            raise ValueError("bankroll points must be whole numbers")
        book.bankroll = bankroll[-MAX_BANKROLL_POINTS:]
        return book


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def stats_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / STATS_FILE


def load_stats(
    directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> StatsBook:
    """The stats book; never raises (a bad file is moved aside and a new book begun)."""
    path = stats_path(directory)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return StatsBook()
    except (OSError, UnicodeDecodeError) as error:
        if notify is not None:
            notify(i18n.t("notice.stats_unreadable", detail=str(error)))
        return StatsBook()
    try:
        return StatsBook.from_json(json.loads(text))
    except ValueError:  # JSONDecodeError is a ValueError too
        try:
            moved = move_aside(path)
        except StorageError as error:
            detail = str(error)
        else:
            detail = moved.name
        if notify is not None:
            notify(i18n.t("notice.stats_reset", detail=detail))
        return StatsBook()


def save_stats(
    book: StatsBook, directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> bool:
    try:
        atomic_write_text(stats_path(directory), json.dumps(book.to_json()) + "\n")
    except StorageError as error:
        if notify is not None:
            notify(i18n.t("notice.stats_not_saved", detail=str(error)))
        return False
    return True


def record_hand(
    game: str,
    events: Sequence[Event],
    seat: int = 0,
    bankroll: int | None = None,
    directory: Path | None = None,
    notify: Callable[[str], None] | None = None,
) -> HandOutcome:
    """Count one finished hand for the player in ``seat``; returns what it counted."""
    outcome = outcome_from_events(game, events, seat)
    book = load_stats(directory, notify)
    book.record(game, outcome, bankroll)
    save_stats(book, directory, notify)
    return outcome
