"""A sitting at a venue's table: the engine match, its generators and the characters' bots.

The table scene drives it: ``to_act()`` says who moves; ``step(action)`` applies a
chance step, a character's move, or the player's ``action`` (seat 0), and returns the
events. Between hands it re-buys characters who ran dry (they are regulars with deep
pockets; never in the tournament) and ``over()`` says when the sitting ends: the player
cannot pay for the next hand, the match is over, or the tournament round has run its
hands. ``snapshot()`` / ``from_snapshot()`` save and resume it mid-hand exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ai import make_player
from game import games
from game.campaign.tournament import PLAYER, Tournament
from game.campaign.venues import CHARACTERS, Venue, venue
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.storage.generators import SeededRandom
from game.storage.serialize import SerializeError, TableSnapshot, hand_start
from game.storage.stats import hand_ended


def new_state(game: str, options: Any, seats: int, chips: int, preset: str = "") -> Any:
    return games.get(game).new_state(seats, chips, preset or None, options=options)


@dataclass(slots=True)
class VenueSession:
    venue_id: str
    seat_ids: list[str]  # seat 0 is PLAYER, then character ids
    state: Any
    chance: random.Random
    seat_rngs: list[random.Random]
    hand_limit: int = 0  # tournament: hands in this round (0: play on)
    hand_events: list[Event] = field(default_factory=list)  # this hand's so far
    bots: list[Any] = field(default_factory=list)
    ended: bool = False  # the match cannot go on (nobody left to play the player)
    # As the hand in play began, for the hand history; saved with the table so a
    # hand resumed after a restart still records its real start.
    start_chips: list[int] = field(default_factory=list)
    start_view: Any = None
    records_seen: int = 0  # hand records the history has been given

    def __post_init__(self) -> None:
        from game.storage.journal import record

        self.state = record(self.game, self.state)  # keeps the moves made, for the save
        self.bots = [
            None
            if seat_id == PLAYER
            else make_player(
                self.venue.game,
                CHARACTERS[seat_id].level,
                CHARACTERS[seat_id].personality,
                self.venue.preset,
            )
            for seat_id in self.seat_ids
        ]
        describe = getattr(self.state, "describe", None)
        if describe is not None:
            from game import i18n
            from game.session.drivers import seat_words_of

            names = [
                i18n.t("campaign.you") if s == PLAYER else CHARACTERS[s].name for s in self.seat_ids
            ]
            describe(seat_words_of(names, self.bots), i18n.t(f"venue.{self.venue_id}.name"))
        writer = getattr(self.state, "writer", None)
        self.records_seen = len(writer.records) if writer is not None else 0

    @property
    def venue(self) -> Venue:
        return venue(self.venue_id)

    @property
    def game(self) -> str:
        return self.venue.game

    @property
    def opponents(self) -> list[str]:
        return self.seat_ids[1:]

    @classmethod
    def start(
        cls, venue_id: str, chips: int, seed: int, tournament: Tournament | None = None
    ) -> VenueSession:
        here = venue(venue_id)
        if tournament is not None:
            seat_ids = tournament.player_table()
            hand_limit = tournament.hands_this_round
        else:
            seat_ids = [PLAYER, *here.characters]
            hand_limit = 0
        state = new_state(here.game, here.options(), len(seat_ids), chips, here.preset)
        return cls(
            venue_id,
            seat_ids,
            state,
            SeededRandom(seed),
            [SeededRandom(seed * 1009 + 17 * i) for i in range(len(seat_ids))],
            hand_limit,
        )

    # ------------------------------------------------------------------ play
    def to_act(self) -> int:
        return int(self.state.to_act())

    def player_to_act(self) -> bool:
        return self.to_act() == 0

    def over(self) -> bool:
        """The sitting is finished (checked between hands)."""
        who = self.to_act()
        if who not in (BETWEEN, TERMINAL):
            return False
        if self.ended:
            return True
        if self.hand_limit and self.state.completed >= self.hand_limit:
            return True
        if not self.state.can_continue(0):
            return True
        if self.hand_limit:
            alive = [s for s in range(len(self.seat_ids)) if self.state.can_continue(s)]
            return len(alive) < 2 or who == TERMINAL
        return False

    def player_legal(self) -> list[Any]:
        return list(self.state.legal_actions()) if self.player_to_act() else []

    def suggest(self, rng: random.Random | None = None) -> Any:
        """The move a normal bot would make for the player (the autoplay's choice)."""
        adviser = make_player(self.game, "normal", preset=self.venue.preset)
        return adviser.choose(
            self.state.view(0), self.state.legal_actions(), rng or self.seat_rngs[0]
        )

    def bot_job(self, seat: int) -> tuple[Any, tuple[Any, ...]]:
        """What a character's choice needs: ``fn(*args)`` returns their action. A table
        runs it off the frame loop, then passes the action to ``step``."""
        return self.bots[seat].choose, (
            self.state.view(seat),
            self.state.legal_actions(),
            self.seat_rngs[seat],
        )

    def step(self, player_action: Any = None) -> list[Event]:
        """One engine step. The player's action is needed only when seat 0 is to act;
        for a character's turn it may be the action ``bot_job`` worked out (else the
        character chooses now)."""
        if not self.hand_events:
            self.start_chips = [int(c) for c in self.state.chips]
            self.start_view = self.state.view(0)
        who = self.to_act()
        if who == CHANCE:
            events = list(self.state.sample_chance(self.chance))
        elif who in (BETWEEN, TERMINAL):
            if self.over():
                return []
            events = self._between()
        elif who == 0:
            if player_action is None:
                raise ValueError("the player is to act")
            events = list(self.state.apply(player_action))
        else:
            action = player_action
            if action is None:
                choose, args = self.bot_job(who)
                action = choose(*args)
            events = list(self.state.apply(action))
        self.hand_events.extend(events)
        return events

    def _between(self) -> list[Event]:
        events: list[Event] = []
        if not self.hand_limit:
            for seat in range(1, len(self.seat_ids)):
                if not self.state.can_continue(seat):
                    events.extend(self.state.rebuy(seat, self.venue.table_chips))
        if self.to_act() == TERMINAL:
            self.ended = True  # nothing left to start: over() ends the sitting
            return events
        events.extend(self.state.start_next())
        return events

    def take_finished_hand(self) -> list[Event] | None:
        """The events of the hand that just ended (then forgotten), or None mid-hand."""
        if not hand_ended(self.game, self.hand_events):
            return None
        finished, self.hand_events = self.hand_events, []
        return finished

    def chips(self) -> int:
        return int(self.state.chips[0])

    def stacks(self) -> dict[str, int]:
        return {seat_id: int(c) for seat_id, c in zip(self.seat_ids, self.state.chips, strict=True)}

    # ------------------------------------------------------------------ saving
    def snapshot(self) -> TableSnapshot:
        rngs = {"chance": self.chance, **{f"seat{i}": r for i, r in enumerate(self.seat_rngs)}}
        return TableSnapshot(
            self.game,
            self.state,
            rngs,
            {
                "venue": self.venue_id,
                "seats": list(self.seat_ids),
                "hand_limit": self.hand_limit,
                "hand_events": [_encode_event(e) for e in self.hand_events],
                "hand_start_chips": list(self.start_chips),
                "hand_start_view": None
                if self.start_view is None
                else _encode_event(self.start_view),
            },
        )

    @classmethod
    def from_snapshot(cls, snapshot: TableSnapshot) -> VenueSession:
        from game.storage.saves import SaveFormatError, require

        table = snapshot.table
        try:
            venue_id = require(table, "venue", str, "table")
            seat_ids = require(table, "seats", list, "table")
            hand_limit = require(table, "hand_limit", int, "table")
            # A resumed 0.1.0 hand saved again keeps no events (the replay makes them).
            encoded = table.get("hand_events", [])
            if not isinstance(encoded, list):
                raise SaveFormatError("table.hand_events has the wrong type")
            here = venue(venue_id)
        except (SaveFormatError, ValueError) as error:
            raise SerializeError(str(error)) from error
        known = {PLAYER, *CHARACTERS}
        if not seat_ids or seat_ids[0] != PLAYER or not all(s in known for s in seat_ids):
            raise SerializeError("saved table seats are not the venue's")
        if snapshot.game != here.game or getattr(snapshot.state, "num_seats", -1) != len(seat_ids):
            raise SerializeError("saved table does not match its venue")
        rngs = snapshot.rngs
        names = ["chance", *(f"seat{i}" for i in range(len(seat_ids)))]
        if any(name not in rngs for name in names):
            raise SerializeError("saved table lacks a random generator")
        events = [_decode_event(item) for item in encoded]
        session = cls(
            venue_id,
            list(seat_ids),
            snapshot.state,
            rngs["chance"],
            [rngs[f"seat{i}"] for i in range(len(seat_ids))],
            hand_limit,
            events,
        )
        # Older saves lack the hand's start: the history then shows the resume's stacks.
        session.start_chips, session.start_view = hand_start(table, snapshot.state)
        return session


def _encode_event(event: Event) -> Any:
    from game.storage.serialize import encode

    return encode(event)


def _decode_event(data: Any) -> Event:
    from game.storage.serialize import decode

    event = decode(data)
    if not isinstance(event, Event):
        raise SerializeError("saved hand holds something that is not an event")
    return event
