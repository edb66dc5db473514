"""Statistics: hands played and won per game, biggest pot, special hands, bankroll over time.

Stored as user_data_dir/stats.json (atomic writes). A file that cannot be taken whole
(not JSON, wrong shape, impossible counts) is moved aside as
``stats.json.corrupt-<timestamp>``; the good ``.bak`` is used when there is one, else the
counts that were sound are kept; the player is told. A file from a newer version is left
untouched and never written over (the player told once to update).

How a table uses this, at the end of every hand (Sabacc hand, Brag deal, Nine and a
Half deal), with the events the engine returned during that hand::

    stats.record_hand("sabacc", hand_events, seat=0, bankroll=None, notify=app.notify)

A Kessel round counts in its own entry, "kessel" (``entry_for``), not in Sabacc's.

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
from game.storage.files import (
    StorageError,
    move_aside,
    read_json,
    set_aside_bad_backup,
    tell_not_saved,
    tell_once,
    wait_for_writes,
    write_in_background,
)
from game.storage.settings import data_dir

STATS_FILE = "stats.json"
SCHEMA_VERSION = 1
GAMES = games.GAME_IDS  # a new book's entries; a rule set's that counts apart (Kessel's
# rounds, not Sabacc hands: games.stats_entries) is added when first counted, so a book
# written before it existed loads, and is written back, exactly as it was.
MAX_BANKROLL_POINTS = 1000
#: No count, pot or bankroll point in a real book comes near this; beyond it is damage.
MAX_COUNT = 10**12


#: ``MIGRATIONS[n]`` turns a schema-n stats book into a schema-(n+1) one, as the saves'
#: (game.storage.saves) do: add one whenever the book's shape changes and raise
#: SCHEMA_VERSION; an older book is brought up to date step by step when read, and
#: written back in the new shape at the next hand.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a book of an older schema) brought up to SCHEMA_VERSION; ValueError
    when a step is missing."""
    version = data["schema_version"]
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"no way to update a schema {version} stats book")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one hand meant for the player's seat."""

    won: bool = False
    collected: int = 0  # chips the player took in during the hand (pots, payments)
    winners: tuple[int, ...] = ()  # seats that won the hand
    pure_sabacc: bool = False
    idiots_array: bool = False
    zero_hand: bool = False  # Cloud City: exactly 0 with four or five cards
    crash: bool = False
    natural: bool = False
    # A game played in deals (Brag) is counted whole: ``game_over`` says whether this
    # deal ended it, ``game_won`` whether the seat won it (None: the hand is the game).
    game_over: bool = True
    game_won: bool | None = None


def counted(outcome: HandOutcome) -> tuple[int, int]:
    """What a finished unit adds to "played" and "won": a Brag deal that leaves its
    game going adds nothing (its points won no game), the deal that ends it one game."""
    if not outcome.game_over:
        return 0, 0
    won = outcome.won if outcome.game_won is None else outcome.game_won
    return 1, int(won)


def hand_ended(game: str, events: Iterable[Event]) -> bool:
    """Whether ``events`` include the end of a hand (Sabacc) or deal (Brag, Nine and a
    Half): the game's entry in game.games says which events end one."""
    return games.get(game).unit_ended(list(events))


def entry_for(game: str, events: Sequence[Event]) -> str:
    """The statistics entry a finished unit of ``game`` counts in ("kessel" for a
    Kessel round, else the game's own)."""
    return games.get(game).stats_id(events=events)


def rule_set_entry(game: str, preset: str | None) -> str | None:
    """The statistics line of one rule set, counted beside its game's totals
    ("sabacc:corellian-spike"); None for a game without rule sets or an unknown one.

    Kept in the book's ``games`` table next to the totals, so a book written before
    rule sets were counted loads as it is (its totals stand, its rule-set lines start
    at nought) and an older version reads this one's.

    >>> rule_set_entry("sabacc", "corellian-spike"), rule_set_entry("brag", "")
    ('sabacc:corellian-spike', None)
    """
    entry = games.get(game)
    if not entry.has_presets or not preset or preset not in entry.preset_names:
        return None
    return games.rule_set(game, preset)


def hands_counted(book: StatsBook) -> int:
    """Units counted over every game (its rule sets' lines are counted in it already)."""
    return sum(s.hands_played for entry, s in book.games.items() if ":" not in entry)


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
        played, won = counted(outcome)
        self.hands_played += played
        self.hands_won += won
        self.biggest_pot = max(self.biggest_pot, outcome.collected)
        self.pure_sabaccs += outcome.pure_sabacc
        self.idiots_arrays += outcome.idiots_array
        self.crashes += outcome.crash
        self.naturals += outcome.natural


@dataclass(slots=True)
class StatsBook:
    games: dict[str, GameStats] = field(default_factory=lambda: {g: GameStats() for g in GAMES})
    bankroll: list[int] = field(default_factory=list)  # campaign credits after each hand

    def record(
        self,
        game: str,
        outcome: HandOutcome,
        bankroll: int | None = None,
        rule_set: str | None = None,
    ) -> None:
        """Count ``outcome`` in the entry ``game`` and, when known, in its rule set's line
        (``rule_set_entry``)."""
        self.games.setdefault(game, GameStats()).add(outcome)
        if rule_set is not None:
            self.games.setdefault(rule_set, GameStats()).add(outcome)
        if bankroll is not None:
            self.bankroll.append(bankroll)
            del self.bankroll[:-MAX_BANKROLL_POINTS]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "games": {game: asdict(stats) for game, stats in self.games.items()},
            "bankroll": list(self.bankroll),
        }

    # Not saved: the file on disk is a newer version's (or unreadable), so never write it.
    locked: bool = False

    @classmethod
    def from_json(cls, data: Any) -> StatsBook:
        """Strict: ValueError for anything that is not a sound stats book of this schema."""
        book, problems = cls.salvage(data)
        if problems:
            raise ValueError(problems[0])
        return book

    @classmethod
    def salvage(cls, data: Any) -> tuple[StatsBook, list[str]]:
        """The book with every sound part of ``data`` and what was wrong (for the log)."""
        book = cls()
        version: Any = data.get("schema_version") if isinstance(data, dict) else None
        if isinstance(data, dict) and _is_count(version) and 1 <= version < SCHEMA_VERSION:
            try:
                data = migrate(dict(data))
            except (ValueError, TypeError, KeyError) as error:
                return book, [str(error)]
        if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
            return book, ["not a stats book of this version"]
        games, bankroll = data.get("games"), data.get("bankroll")
        problems: list[str] = []
        if not isinstance(games, dict):
            games = {}
            problems.append("stats book lacks its games")
        names = [f.name for f in fields(GameStats)]
        for game, counts in games.items():
            if not isinstance(counts, dict) or set(counts) != set(names):
                problems.append(f"stats for {str(game)[:40]!r} have the wrong keys")
                continue
            if not all(_is_count(counts[n]) for n in names) or len(str(game)) > 40:
                problems.append(f"stats for {str(game)[:40]!r} hold an impossible count")
                continue
            if counts["hands_won"] > counts["hands_played"]:
                problems.append(f"stats for {str(game)[:40]!r} win more hands than played")
                continue
            book.games[str(game)] = GameStats(**counts)
        if not isinstance(bankroll, list):
            problems.append("stats book lacks its bankroll")
        elif not all(_is_count(v) for v in bankroll):
            problems.append("bankroll points must be whole numbers of credits")
            book.bankroll = [v for v in bankroll if _is_count(v)][-MAX_BANKROLL_POINTS:]
        else:
            book.bankroll = bankroll[-MAX_BANKROLL_POINTS:]
        return book, problems


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def stats_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / STATS_FILE


def load_stats(
    directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> StatsBook:
    """The stats book; never raises (see the module docstring for a bad file)."""
    path = stats_path(directory)
    error = wait_for_writes(path)
    if error is not None:
        tell_not_saved(notify, path.parent, error.reason)
    got = read_json(path)
    if got.status == "missing":
        return StatsBook()
    if got.status == "io":
        tell_once(notify, f"io:{path}", i18n.t("data.unreadable_io", name=path.name))
        return StatsBook(locked=True)
    if got.status == "ok":
        data = got.data
        version = data.get("schema_version") if isinstance(data, dict) else None
        if _is_count(version) and isinstance(version, int) and version > SCHEMA_VERSION:
            tell_once(notify, f"newer:{path}", i18n.t("data.newer", name=path.name))
            return StatsBook(locked=True)
        book, problems = StatsBook.salvage(data)
        if not problems:
            return book
    else:
        book = StatsBook()
    # Damaged: keep the file aside, then the good backup or the sound part of it.
    used_backup = False
    backup = read_json(path.with_name(path.name + ".bak"))
    if backup.status == "ok":
        spare, spare_problems = StatsBook.salvage(backup.data)
        if not spare_problems:
            book, used_backup = spare, True
    set_aside_bad_backup(path, backup, used_backup)
    try:
        moved = move_aside(path)
    except StorageError:
        tell_once(notify, f"stuck:{path}", i18n.t("data.damaged_stuck", name=path.name))
        book.locked = True
        return book
    key = "data.damaged_backup" if used_backup else "data.damaged_moved"
    if notify is not None:
        notify(i18n.t(key, name=path.name, moved=moved.name))
    return book


def save_stats(
    book: StatsBook, directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> bool:
    if book.locked:
        return False
    path = stats_path(directory)
    # On the writer thread: the end of a hand must not wait for the disk's fsyncs. A
    # failure is told at the next save or load; every reader waits for it first.
    error = write_in_background(path, json.dumps(book.to_json()) + "\n")
    if error is not None:
        tell_not_saved(notify, path.parent, error.reason)
        return False
    return True


def record_hand(
    game: str,
    events: Sequence[Event],
    seat: int = 0,
    bankroll: int | None = None,
    directory: Path | None = None,
    notify: Callable[[str], None] | None = None,
    preset: str | None = None,
) -> HandOutcome:
    """Count one finished hand for the player in ``seat`` (and for its rule set
    ``preset``, on a line of its own); returns what it counted."""
    outcome = outcome_from_events(game, events, seat)
    book = load_stats(directory, notify)
    book.record(entry_for(game, events), outcome, bankroll, rule_set_entry(game, preset))
    save_stats(book, directory, notify)
    return outcome
