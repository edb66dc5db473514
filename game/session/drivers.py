"""Where a table's engine steps go.

A table never calls the engine for a step itself: it asks its driver, which applies
the step and hands back the events to animate. :class:`QuickDriver` runs the table's
own quick-play match (autosaving it, and counting statistics and hand history at each
hand's end); :class:`CampaignDriver` sends every step through ``Campaign.step`` (which
saves, counts and keeps history for the campaign). A computer seat's choice is split
in two -- ``bot_job`` (what to compute, possibly on a worker thread) and ``bot_move``
(apply it) -- so a searching AI never freezes a frame.

Every seat thinks with its own generator (``seat_rng``), never the dealing one: how
long or how often a bot (or the autoplayer, or the hint) thinks never changes the
cards dealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from game.rules.base import Event

QUICK_PLAY_LABEL = "history.quick_play"


class Notifier(Protocol):
    """Whoever tells the player about a save or record that failed (the App)."""

    def notify(self, message: str) -> None: ...


def seat_rngs(seats: int, seed: int | None, chance: random.Random) -> dict[int, random.Random]:
    """One generator per seat, seeded from the table's seed (the same seed gives the
    same bots). An unseeded table seeds them from a copy of the dealing generator, so
    the deck's generator itself is never drawn from.

    >>> a = seat_rngs(3, 7, random.Random(7))
    >>> b = seat_rngs(3, 7, random.Random(7))
    >>> [a[s].random() == b[s].random() for s in range(3)]
    [True, True, True]
    """
    from game.storage.generators import SeededRandom

    if seed is None:
        copy = random.Random()
        copy.setstate(chance.getstate())
        roots = [copy.getrandbits(64) for _ in range(seats)]
        return {seat: SeededRandom(roots[seat], seat) for seat in range(seats)}
    return {seat: SeededRandom(seed, seat) for seat in range(seats)}


def seat_words_of(names: list[str], bots: dict[int, Any] | list[Any]) -> list[dict[str, Any]]:
    """A hand record's seats: the player at seat 0, each computer seat's level and
    personality as its bot plays them."""
    from game.record.writer import seat_words

    players = dict(enumerate(bots)) if isinstance(bots, list) else bots
    levels: list[str | None] = []
    personalities: list[str | None] = []
    for seat in range(len(names)):
        bot = players.get(seat)
        levels.append(getattr(bot, "level", None) if bot is not None else None)
        personality = getattr(bot, "personality", None) if bot is not None else None
        personalities.append(getattr(personality, "name", None))
    return seat_words(names, (0,), levels, personalities)


def hand_record(state: Any, seen: int) -> tuple[dict[str, Any] | None, int]:
    """The record of the hand that just ended at a recorded table (None when it has none,
    e.g. a hand resumed from an old save) and the count of records now kept."""
    writer = getattr(state, "writer", None)
    records = getattr(writer, "records", None)
    if not isinstance(records, list) or len(records) <= seen:
        return None, len(records) if isinstance(records, list) else seen
    return records[-1], len(records)


def hand_ended(game: str, events: list[Event]) -> bool:
    from game import games

    return games.get(game).unit_ended(events)


class TableDriver:
    """The protocol both drivers follow (see the module's docstring)."""

    game: str
    state: Any
    hand_events: list[Event]  # the engine's events of the hand in play (for a resume)
    last_hand: list[Event]  # the events of the last hand that ended
    hands_done: int  # hands (Sabacc) / deals (Brag, Nine and a Half) ended at this visit
    names: list[str]

    #: Notices of achievements the last hand earned, held for the table: it tells them
    #: once it has shown that hand's result (``Table.react``).
    earned: list[str]

    def take_earned(self) -> list[str]:
        held = list(getattr(self, "earned", ()))
        self.earned = []
        return held

    def chance(self) -> list[Event]:
        raise NotImplementedError

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        raise NotImplementedError

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        raise NotImplementedError

    def human(self, action: Any) -> list[Event]:
        raise NotImplementedError

    def next_hand(self) -> list[Event]:
        raise NotImplementedError

    def seat_rng(self, seat: int) -> random.Random:
        """The generator ``seat`` thinks with (seat 0: the autoplayer and the hint)."""
        raise NotImplementedError

    def over(self) -> bool:
        """The sitting cannot go on: the only thing left is to leave."""
        return False

    def mid_hand(self) -> bool:
        return bool(self.hand_events)

    def end(self) -> None:
        """The player left the table normally."""

    def _ended(self, events: list[Event]) -> bool:
        return hand_ended(self.game, events)


class QuickDriver(TableDriver):
    """A quick-play match: ``rng`` deals (chance only); every seat thinks with its own
    generator. Autosaved to the quick-play slot whenever the player is to act and at
    each hand's end, with statistics and history recorded at each hand's end.

    ``table_data`` is the table's own JSON-ready data for the save (its config, seat
    names, hands played); ``extra_rngs`` the table's other generators (its autoplayer);
    ``resumed_rngs`` the generators of a resumed save (the seats' ones come back from
    it); ``seed`` the table's seed, from which the seats' generators are seeded.
    """

    def __init__(
        self,
        app: Notifier,
        game: str,
        state: Any,
        rng: random.Random,
        bots: dict[int, Any],
        names: list[str],
        table_data: Callable[[], dict[str, Any]],
        extra_rngs: dict[str, random.Random] | None = None,
        rebuy_to: int | None = None,
        hand_events: list[Event] | None = None,
        resumed_table: dict[str, Any] | None = None,
        resumed_rngs: dict[str, random.Random] | None = None,
        seed: int | None = None,
        stack: int | None = None,
    ) -> None:
        from game.storage.journal import record
        from game.storage.saves import QUICK_PLAY, SaveSlot

        self.app = app
        self.game = game
        self.state = record(game, state)  # keeps the moves made, for the save
        self.rng = rng
        self.bots = bots
        self.names = names
        self.table_data = table_data
        self.extra_rngs = extra_rngs or {}
        self.seat_rngs = seat_rngs(int(state.num_seats), seed, rng)
        for seat in self.seat_rngs:
            saved = (resumed_rngs or {}).get(f"seat{seat}")
            if saved is not None:
                self.seat_rngs[seat] = saved
        self.rebuy_to = rebuy_to
        # The stack every seat began the match with (the stakes an achievement's "nearly
        # out" is measured against): given, else the re-buy's, else the largest now.
        self.stack = stack or rebuy_to or max(int(c) for c in state.chips)
        self.hand_events = list(hand_events or [])
        # As the hand in play began: from the save when a hand is resumed (the history
        # must show the hand's start, not the moment of the resume).
        self.start_chips = [int(c) for c in state.chips]
        self.start_view: Any = None  # the player's view, for the replay
        if self.hand_events and resumed_table is not None:
            from game.storage.serialize import hand_start

            self.start_chips, self.start_view = hand_start(resumed_table, state)
        self.preset = ""  # Sabacc's rule set, for the hand history
        from game.session.summary import SessionLog

        self.session_log = SessionLog()  # the hands of this sitting, for the results
        self.last_hand = []
        self.hands_done = 0
        self.earned = []
        self.slot = SaveSlot(QUICK_PLAY, notify=app.notify)
        # The slot's first look at the file on disk (read, checked, its hand replayed:
        # 20+ ms for a long save) happens now, as the table is set up, not in the frame
        # of the table's first autosave.
        self.slot.current()
        # What a hand's end uses, imported now rather than in the frame the first hand
        # ends (tens of ms of module loading there).
        from importlib import import_module

        for module in ("campaign.rewards", "session.outcomes", "storage.history"):
            import_module(f"game.{module}")

        self.saving = True
        from game import i18n

        describe = getattr(self.state, "describe", None)
        if describe is not None:
            describe(seat_words_of(names, bots), i18n.t(QUICK_PLAY_LABEL))
        self.records_seen = len(getattr(getattr(self.state, "writer", None), "records", []))

    # ---------------------------------------------------------------- steps
    def chance(self) -> list[Event]:
        from game.rules.base import resolve_chance

        self._before()
        return self._after(resolve_chance(self.state, self.rng))

    def seat_rng(self, seat: int) -> random.Random:
        return self.seat_rngs[seat]

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        state = self.state
        return self.bots[seat].choose, (
            state.view(seat),
            state.legal_actions(),
            self.seat_rngs[seat],
        )

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        self._before()
        return self._after(list(self.state.apply(action)))

    def human(self, action: Any) -> list[Event]:
        self._before()
        return self._after(list(self.state.apply(action)))

    def next_hand(self) -> list[Event]:
        self._before()
        events: list[Event] = []
        if self.rebuy_to is not None:
            for seat in range(self.state.num_seats):
                if not self.state.can_continue(seat):
                    events.extend(self.state.rebuy(seat, self.rebuy_to))
        events.extend(self.state.start_next())
        return self._after(events)

    def _before(self) -> None:
        if not self.hand_events:
            self.start_chips = [int(c) for c in self.state.chips]
            self.start_view = self.state.view(0)

    def _after(self, events: list[Event]) -> list[Event]:
        self.hand_events.extend(events)
        ended = self._ended(events)
        if ended:
            self.last_hand, self.hand_events = self.hand_events, []
            self.hands_done += 1
            self._record(self.last_hand)
        if ended or self.state.to_act() == 0:
            self.autosave()
        return events

    def _record(self, events: list[Event]) -> None:
        from game import i18n
        from game.storage import history, stats

        notify = self.app.notify
        end_chips = [int(c) for c in self.state.chips]
        self.session_log.add(self.game, events, self.start_chips, end_chips)
        preset = self.preset or self._table_preset()
        stats.record_hand(self.game, events, 0, notify=notify, preset=preset)
        from game.campaign.rewards import record_achievements

        record_achievements(
            self.game,
            events,
            0,
            self.start_chips[0],
            notify=notify,
            earned=self.earned.append,
            stack=self.stack,
        )
        hand, self.records_seen = hand_record(self.state, self.records_seen)
        history.record(
            self.game,
            events,
            0,
            i18n.t(QUICK_PLAY_LABEL),
            self.names,
            notify=notify,
            preset=preset,
            chips=self.start_chips,
            start_view=self.start_view,
            chips_after=end_chips,
            hand=hand,
        )

    def _table_preset(self) -> str:
        """The rule set in the table's own saved config (a table that does not set
        ``preset``): the history row names it and the replay opens its table."""
        from game import games

        config = self.table_data().get("config")
        preset = config.get("preset") if isinstance(config, dict) else None
        return games.get(self.game).preset_or_blank(preset) if isinstance(preset, str) else ""

    # ---------------------------------------------------------------- saving
    def snapshot(self, later: bool = False) -> Any:
        """The table as it is now. ``later``: its events and start view (frozen) are
        encoded when the save is written, on the writer thread (serialize.Later)."""
        from game.storage.serialize import TableSnapshot, encode, encode_later

        rngs = {
            "chance": self.rng,
            **self.extra_rngs,
            **{f"seat{seat}": rng for seat, rng in self.seat_rngs.items()},
        }
        view: Any = None
        if self.start_view is not None:
            view = encode_later(self.start_view) if later else encode(self.start_view)
        table = {
            **self.table_data(),
            "hand_events": encode_later(list(self.hand_events))
            if later
            else [encode(e) for e in self.hand_events],
            "hand_start_chips": list(self.start_chips),
            "hand_start_view": view,
        }
        return TableSnapshot(self.game, self.state, rngs, table)

    def autosave(self) -> bool:
        if not self.saving:
            return False
        return self.slot.autosave(self.snapshot(later=True))

    def end(self) -> None:
        self.saving = False
        self.slot.delete()


class CampaignDriver(TableDriver):
    """A campaign sitting: every step goes through ``Campaign.step``."""

    def __init__(self, campaign: Any, names: list[str]) -> None:
        self.campaign = campaign
        self.session = campaign.session or campaign.sit_down()
        self.game = self.session.game
        self.state = self.session.state
        self.names = names
        self.last_hand = []
        self.hands_done = 0
        self.earned = []

    @property
    def hand_events(self) -> list[Event]:  # type: ignore[override]
        return list(self.session.hand_events)

    def _step(self, action: Any = None) -> list[Event]:
        before = list(self.session.hand_events)
        events = self.campaign.step(action, earned=self.earned.append)
        if self._ended(events):
            self.last_hand = before + events
            self.hands_done += 1
        return events

    def chance(self) -> list[Event]:
        from game.rules.base import CHANCE

        events: list[Event] = []
        while self.state.to_act() == CHANCE:
            events.extend(self._step())
        return events

    def seat_rng(self, seat: int) -> random.Random:
        rng: random.Random = self.session.seat_rngs[seat]
        return rng

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        job: tuple[Callable[..., Any], tuple[Any, ...]] = self.session.bot_job(seat)
        return job

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        return self._step(action)

    def human(self, action: Any) -> list[Event]:
        return self._step(action)

    def next_hand(self) -> list[Event]:
        return self._step()

    def over(self) -> bool:
        return bool(self.session.over())

    def mid_hand(self) -> bool:
        return bool(self.session.hand_events)


def decode_events(encoded: Any) -> list[Event]:
    """Saved events (``serialize.encode``d) back to Events; SerializeError if damaged."""
    from game.storage.serialize import SerializeError, decode

    if not isinstance(encoded, list):
        raise SerializeError("saved hand events must be a list")
    events = [decode(item) for item in encoded]
    if not all(isinstance(e, Event) for e in events):
        raise SerializeError("saved hand holds something that is not an event")
    return events
