"""Hand history: the last 50 hands of each game, as hand records, for the replay viewer.

One file per game, user_data_dir/history/<game>.json, written atomically:
``{"schema_version": 2, "hands": [record, ...]}`` where each hand is a hand record
(game.record, docs/record-format.md): the game's own words, no class names. The viewer
gets real Event objects by replaying the record through the rules engine
(``HandRecord.events()``: as the player saw them, other seats' hidden cards blanked).

Hands kept by schema 1 (0.1.0 and after, before records) were their events as the
program's classes; they stay as they were written, readable while those classes exist,
until 50 newer hands have pushed them out. ``HandRecord.record`` is None for them.

How a table uses this, at the end of every hand, with the events of that hand::

    history.record("sabacc", hand_events, seat=0, label="Brinewater Cantina",
                   seats=["You", "Mabbet Quill", ...], notify=app.notify, hand=record)

(``hand``: the hand's record; without one the hand is kept as schema 1 kept it.)

``load(game)`` returns the HandRecords, oldest first; ``HandRecord.events()`` decodes them.
A file that cannot be taken whole is moved aside (``<game>.json.corrupt-<timestamp>``):
the good ``.bak`` is used when there is one, else the hands that were sound are kept; the
player is told. A newer version's file is left untouched and never written over.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import games, i18n
from game.rules.base import Event
from game.storage.files import (
    StorageError,
    move_aside,
    nesting_ok,
    read_json,
    set_aside_bad_backup,
    tell_not_saved,
    tell_once,
    wait_for_writes,
    write_in_background,
    writes_settled,
)
from game.storage.serialize import SerializeError, decode, encode
from game.storage.settings import data_dir

KEEP = 50
MAX_SEATS = 16
MAX_CHIPS = 10**12
SCHEMA_VERSION = 2
#: Schemas this version reads (1: events by class; 2: hand records).
READS = (1, 2)
GAMES = games.GAME_IDS


@dataclass(slots=True)
class HandRecord:
    game: str
    seat: int  # the player's seat
    played_at: str  # local time, ISO 8601
    label: str = ""  # where it was played (a venue, "Quick play")
    seats: list[str] = field(default_factory=list)  # names by seat, for the viewer
    encoded_events: list[Any] = field(default_factory=list)
    preset: str = ""  # the Sabacc rule set (the replay ranks hands by it)
    chips: list[int] = field(default_factory=list)  # stacks by seat as the hand began
    # The player's view of the table as the hand began (encoded; None in records from
    # before it was kept): what the events alone do not say -- the dealer, the limit,
    # the game's scores and numbers, the house rules.
    start_view: Any = None
    # Stacks by seat as the hand ended (empty in records from before it was kept).
    chips_after: list[int] = field(default_factory=list)
    # The hand record (game.record); None for a hand kept before records existed.
    record: dict[str, Any] | None = None
    _replayed: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def from_record(cls, hand: dict[str, Any]) -> HandRecord:
        """The history's row for a hand record (checked for shape; replayed on demand)."""
        game, seats, stacks = hand.get("game"), hand.get("seats"), hand.get("stacks")
        result = hand.get("result")
        if (
            game not in GAMES
            or not isinstance(seats, list)
            or not 2 <= len(seats) <= MAX_SEATS
            or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)
            or not isinstance(stacks, list)
            or len(stacks) != len(seats)
            or not all(type(c) is int and 0 <= c <= MAX_CHIPS for c in stacks)
            or not isinstance(result, dict)
            or not isinstance(hand.get("moves"), list)
            or not nesting_ok(hand, 8)
        ):
            raise ValueError("a hand record has a missing or wrong field")
        after = result.get("stacks")
        if (
            not isinstance(after, list)
            or len(after) != len(seats)
            or not all(type(c) is int and 0 <= c <= MAX_CHIPS for c in after)
        ):
            raise ValueError("a hand record's result has impossible stacks")
        humans = [i for i, s in enumerate(seats) if s.get("player") == "human"]
        label, when = hand.get("label", ""), hand.get("played_at", "")
        rule_set = hand.get("rule_set")
        return cls(
            game,
            humans[0] if humans else 0,
            when if isinstance(when, str) else "",
            label if isinstance(label, str) else "",
            [s["name"] for s in seats],
            [],
            rule_set if isinstance(rule_set, str) else "",
            list(stacks),
            None,
            list(after),
            hand,
        )

    def _replay(self) -> Any:
        from game.record.replay import replay
        from game.record.words import RecordError

        if self._replayed is None:
            try:
                self._replayed = replay(self.record)
            except (RecordError, ValueError, TypeError, KeyError, IndexError) as error:
                raise SerializeError(f"the hand does not replay: {error}") from error
        return self._replayed

    def net(self, seat: int | None = None) -> int | None:
        """Chips ``seat`` (the player's, by default) won (+) or lost (-) in the hand,
        re-buys left out; None when the record does not say (older records)."""
        seat = self.seat if seat is None else seat
        if not (0 <= seat < len(self.chips) and seat < len(self.chips_after)):
            return None
        if self.record is not None:
            return self.chips_after[seat] - self.chips[seat]  # a record holds no re-buy
        bought = 0
        for item in self.encoded_events:
            fields = item.get("fields") if isinstance(item, dict) else None
            kind = str(item.get("$dc", "")).rpartition(":")[2] if isinstance(item, dict) else ""
            if kind == "Rebought" and isinstance(fields, dict) and fields.get("seat") == seat:
                amount = fields.get("amount")
                bought += amount if isinstance(amount, int) else 0
        return self.chips_after[seat] - self.chips[seat] - bought

    def events(self) -> list[Event]:
        """The hand's events; SerializeError if the stored data is damaged."""
        if self.record is not None:
            return [e.for_seat(self.seat) for e in self._replay().events]
        decoded = [decode(item) for item in self.encoded_events]
        if not all(isinstance(e, Event) for e in decoded):
            raise SerializeError("history holds something that is not an event")
        return decoded

    def view(self) -> Any:
        """The start view (a game's PlayerView) or None; SerializeError if damaged."""
        if self.record is not None:
            return self._replay().before.view(self.seat)
        return None if self.start_view is None else decode(self.start_view)

    def to_json(self) -> dict[str, Any]:
        if self.record is not None:
            return self.record
        # An older record stays as it was written (no end stacks: no key).
        after = {"chips_after": list(self.chips_after)} if self.chips_after else {}
        return {
            "game": self.game,
            "seat": self.seat,
            "played_at": self.played_at,
            "label": self.label,
            "seats": list(self.seats),
            "events": self.encoded_events,
            "preset": self.preset,
            "chips": list(self.chips),
            "start_view": self.start_view,
            **after,
        }

    @classmethod
    def from_json(cls, data: Any) -> HandRecord:
        if not isinstance(data, dict):
            raise ValueError("a hand record must be an object")
        if "format" in data:
            return cls.from_record(data)
        game, seat, when = data.get("game"), data.get("seat"), data.get("played_at")
        label, seats, events = data.get("label", ""), data.get("seats", []), data.get("events")
        preset, chips = data.get("preset", ""), data.get("chips", [])
        after = data.get("chips_after", [])
        if (
            not isinstance(game, str)
            or not isinstance(seat, int)
            or isinstance(seat, bool)
            or not isinstance(when, str)
            or not isinstance(label, str)
            or not isinstance(seats, list)
            or not all(isinstance(s, str) for s in seats)
            or not isinstance(events, list)
            or not isinstance(preset, str)
            or not isinstance(chips, list)
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in chips)
            or not isinstance(after, list)
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in after)
        ):
            raise ValueError("a hand record has a missing or wrong field")
        # Values, not only shapes: a seat and stacks a table can show, events a replay
        # can walk (nesting bounded), short texts.
        if (
            game not in GAMES
            or not 0 <= seat < MAX_SEATS
            or len(seats) > MAX_SEATS
            or len(chips) > MAX_SEATS
            or len(after) > MAX_SEATS
            or (seats and seat >= len(seats))
            or (chips and seat >= len(chips))
            or not all(0 <= c <= MAX_CHIPS for c in (*chips, *after))
            or any(len(text) > 200 for text in (when, label, preset, *seats))
            or not nesting_ok(events, 16)
            or not nesting_ok(data.get("start_view"), 16)
        ):
            raise ValueError("a hand record holds an impossible value")
        _check_events(events, len(seats) or len(chips) or MAX_SEATS)
        start_view = data.get("start_view")  # decoded (and checked) when a replay opens
        fields = (game, seat, when, label, list(seats), events, preset, list(chips))
        return cls(*fields, start_view, list(after))


#: Event fields that name a seat (a single one, or several).
SEAT_FIELDS = ("seat", "dealer", "payer", "payee", "winner", "caller", "lead")
SEATS_FIELDS = ("winners", "seats", "players", "out")


def _check_events(events: list[Any], seats: int) -> None:
    """Values, not only shapes: every seat an event names is at the recorded table and
    every number is one a game could reach (a hand-edited seat 99 would otherwise
    break the replay half-way); ValueError otherwise."""
    for event in events:
        fields = event.get("fields") if isinstance(event, dict) else None
        if not isinstance(fields, dict):
            raise ValueError("a recorded event is not an event")
        for name, value in fields.items():
            named = [value] if name in SEAT_FIELDS else []
            if name in SEATS_FIELDS and isinstance(value, dict):
                named = value.get("$tuple", [])  # encoded tuples of seats
            elif name in SEATS_FIELDS and isinstance(value, list):
                named = value
            for seat in named:
                if isinstance(seat, int) and not isinstance(seat, bool) and seat >= seats:
                    raise ValueError("a recorded event names a seat the table lacks")
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CHIPS:
                raise ValueError("a recorded event holds an impossible number")


#: The records of each history file as last read or written whole, by the digest of the
#: file's bytes: a hand's end (and the history screen) skips parsing and checking 50
#: hands again when the file is still exactly what was read or written (~20 ms).
_known: dict[Path, tuple[str, list[HandRecord]]] = {}


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha1(path.read_bytes()).hexdigest()
    except OSError:
        return None


def history_path(game: str, directory: Path | None = None) -> Path:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    return (directory or data_dir() / "history") / f"{game}.json"


def load(
    game: str, directory: Path | None = None, notify: Callable[[str], None] | None = None
) -> list[HandRecord]:
    """The kept hands of ``game``, oldest first; never raises for a bad file."""
    return _load(game, directory, notify)[0]


def _salvage(game: str, data: Any) -> tuple[list[HandRecord], bool]:
    """The sound records in ``data`` and whether all of it was sound."""
    if not isinstance(data, dict) or data.get("schema_version") not in READS:
        return [], False
    hands = data.get("hands")
    if not isinstance(hands, list):
        return [], False
    records: list[HandRecord] = []
    whole = True
    for hand in hands:
        try:
            record = HandRecord.from_json(hand)
        except ValueError:
            whole = False
            continue
        if record.game != game:
            whole = False
            continue
        records.append(record)
    return records[-KEEP:], whole


def warm(game: str, directory: Path | None = None) -> None:
    """Read ``game``'s history ahead (on a worker, as a table opens), so the first hand's
    end only checks that the file is unchanged instead of reading and checking 50 hands
    in its frame. A file that is missing, newer or needs repair is left for then: only
    ``_load`` tells the player and sets a damaged file aside."""
    path = history_path(game, directory)
    if not writes_settled(path):
        return  # being written, or its write failed (then _load tells the player)
    digest = _digest(path)  # before the read: a write meanwhile only makes it stale
    known = _known.get(path)
    if digest is None or (known is not None and known[0] == digest):
        return
    got = read_json(path)
    if got.status != "ok":
        return
    version = got.data.get("schema_version") if isinstance(got.data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        return
    records, whole = _salvage(game, got.data)
    if whole:
        _known[path] = (digest, list(records))


def _load(
    game: str, directory: Path | None, notify: Callable[[str], None] | None
) -> tuple[list[HandRecord], bool]:
    """``(records, writable)``: not writable when the file is a newer version's or
    cannot be read or set aside (it must not be written over)."""
    path = history_path(game, directory)
    error = wait_for_writes(path)
    if error is not None:
        tell_not_saved(notify, path.parent, error.reason)
    digest = _digest(path)
    known = _known.get(path)
    if digest is not None and known is not None and known[0] == digest:
        return list(known[1]), True
    got = read_json(path)
    if got.status == "missing":
        return [], True
    if got.status == "io":
        tell_once(notify, f"io:{path}", i18n.t("data.unreadable_io", name=path.name))
        return [], False
    records: list[HandRecord] = []
    if got.status == "ok":
        data = got.data
        version = data.get("schema_version") if isinstance(data, dict) else None
        if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
            tell_once(notify, f"newer:{path}", i18n.t("data.newer", name=path.name))
            return [], False
        records, whole = _salvage(game, data)
        if whole:
            if digest is not None:
                _known[path] = (digest, list(records))
            return records, True
    backup = read_json(path.with_name(path.name + ".bak"))
    used_backup = False
    if backup.status == "ok":
        spare, whole = _salvage(game, backup.data)
        if whole:
            records, used_backup = spare, True
    set_aside_bad_backup(path, backup, used_backup)
    try:
        moved = move_aside(path)
    except StorageError:
        tell_once(notify, f"stuck:{path}", i18n.t("data.damaged_stuck", name=path.name))
        return records, False
    if notify is not None:
        key = "data.damaged_backup" if used_backup else "data.damaged_moved"
        notify(i18n.t(key, name=path.name, moved=moved.name))
    return records, True


def record(
    game: str,
    events: Sequence[Event],
    seat: int = 0,
    label: str = "",
    seats: Sequence[str] = (),
    directory: Path | None = None,
    notify: Callable[[str], None] | None = None,
    preset: str = "",
    chips: Sequence[int] = (),
    start_view: Any = None,
    chips_after: Sequence[int] = (),
    hand: dict[str, Any] | None = None,
) -> HandRecord:
    """Keep one finished hand (the newest 50 per game stay); returns the record.

    ``preset`` (Sabacc's rule set), ``chips`` (the stacks as the hand began) and
    ``start_view`` (``state.view(seat)`` as the hand began) let the replay viewer set
    the table as it was; ``chips_after`` (the stacks as it ended) gives each row of the
    history its result in chips. ``hand``: the hand's record, kept instead of the
    events (its label set to ``label``)."""
    if hand is not None:
        return _keep(game, HandRecord.from_record({**hand, "label": label}), directory, notify)
    try:
        encoded_view = None if start_view is None else encode(start_view)
    except SerializeError:
        encoded_view = None  # the replay derives what it can from the events instead
    hand_row = HandRecord(
        game,
        seat,
        time.strftime("%Y-%m-%dT%H:%M:%S"),
        label,
        list(seats),
        [encode(event.for_seat(seat)) for event in events],
        preset,
        [int(c) for c in chips],
        encoded_view,
        [int(c) for c in chips_after],
    )
    return _keep(game, hand_row, directory, notify)


def _keep(
    game: str, hand: HandRecord, directory: Path | None, notify: Callable[[str], None] | None
) -> HandRecord:
    kept, writable = _load(game, directory, notify)
    if not writable:
        return hand
    hands = [*kept, hand][-KEEP:]
    path = history_path(game, directory)

    def text() -> str:
        made = json.dumps(
            {"schema_version": SCHEMA_VERSION, "hands": [h.to_json() for h in hands]},
            ensure_ascii=False,
            separators=(",", ":"),
        )
        _known[path] = (hashlib.sha1((made + "\n").encode("utf-8")).hexdigest(), hands)
        return made + "\n"

    # On the writer thread, the JSON of the kept hands too: the end of a hand must not
    # wait for the disk's fsyncs nor for encoding 50 hands. A failure is told at the
    # next record or load; every reader waits for it first.
    error = write_in_background(path, text)
    if error is not None:
        tell_not_saved(notify, path.parent, error.reason)
    return hand
