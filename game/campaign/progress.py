"""The player's journey: bankroll, venue, debts and rivals — pure data and rules, no I/O.

Money has three places: ``credits`` in the player's purse, ``at_table`` chips in front
of them at the venue's table (bought in with ``buy_in`` credits, cashed out when they
stand up), and ``debt`` owed for a loan. A venue is cleared when the net worth
(credits + at_table - debt) reaches its goal; moving on repays the debt.

Going broke (no chips at the table and not enough credits for the buy-in) offers a loan
of twice the buy-in at 25% interest, once at a time, or a retry of the venue: the
purse and debt go back to what they were on arrival.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.campaign.tournament import Tournament
from game.campaign.venues import START_CREDITS, VENUES, Venue, next_venue, venue
from game.storage.saves import SaveFormatError, require

LOAN_MULTIPLE = 2  # a loan is this many buy-ins
LOAN_INTEREST_PERCENT = 25


class CampaignError(ValueError):
    """A campaign move that is not allowed now (the message says why)."""


@dataclass(slots=True)
class Rival:
    hands: int = 0  # hands played at the same table
    their_wins: int = 0  # of those, hands this character won
    your_wins: int = 0  # of those, hands the player won


@dataclass(slots=True)
class Meeting:
    """The last sitting the player shared with a character: where, the hands each won,
    the chips each came away with (+/-), and how it went ("pure": the player made a
    Pure Sabacc; "bomb": the player bombed out; "" nothing to tell)."""

    venue: str
    sitting: int
    your_wins: int = 0
    their_wins: int = 0
    your_net: int = 0
    their_net: int = 0
    how: str = ""

    def to_json(self) -> list[Any]:
        return [self.venue, self.sitting, self.your_wins, self.their_wins,
                self.your_net, self.their_net, self.how]  # fmt: skip

    @classmethod
    def from_json(cls, data: Any) -> Meeting:
        if (
            not isinstance(data, list)
            or len(data) != 7
            or not isinstance(data[0], str)
            or not isinstance(data[6], str)
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in data[1:6])
        ):
            raise SaveFormatError("a rival's last meeting has the wrong shape")
        return cls(*data)


@dataclass(slots=True)
class CampaignProgress:
    venue: str = VENUES[0].id
    venues_cleared: list[str] = field(default_factory=list)
    credits: int = START_CREDITS
    at_table: int = 0
    debt: int = 0
    hands_played: int = 0
    arrival_credits: int = START_CREDITS
    arrival_debt: int = 0
    unlocked: list[str] = field(default_factory=lambda: [VENUES[0].rule_set])
    rivals: dict[str, Rival] = field(default_factory=dict)
    sittings: int = 0  # how many times the player sat down (each sitting has its own seed)
    seed: int = 0
    tournament: Tournament | None = None
    finished: bool = False  # the championship is won
    venue_wins: dict[str, int] = field(default_factory=dict)  # rounds won where they count
    # Each character's last sitting with the player (saves before 0.2 have none).
    meetings: dict[str, Meeting] = field(default_factory=dict)

    @property
    def rounds_won(self) -> int:
        """Rounds won at the current venue (toward a ``rounds_goal``)."""
        return self.venue_wins.get(self.venue, 0)

    # ------------------------------------------------------------------ reading
    @property
    def current(self) -> Venue:
        return venue(self.venue)

    @property
    def seated(self) -> bool:
        return self.at_table > 0 or (self.tournament is not None and self.tournament.in_play)

    @property
    def bankroll(self) -> int:
        return self.credits + self.at_table

    @property
    def net_worth(self) -> int:
        return self.bankroll - self.debt

    def cleared(self) -> bool:
        """The current venue's goal is met (the finale is cleared by winning it)."""
        if self.current.tournament:
            return self.finished
        if self.current.rounds_goal:
            return self.rounds_won >= self.current.rounds_goal
        return self.net_worth >= self.current.goal

    def can_afford(self) -> bool:
        return self.credits >= self.current.buy_in

    def broke(self) -> bool:
        return not self.seated and not self.can_afford()

    def can_borrow(self) -> bool:
        return self.broke() and self.debt == 0

    def loan_offer(self) -> tuple[int, int]:
        """(credits lent, credits owed) for a loan at this venue."""
        amount = LOAN_MULTIPLE * self.current.buy_in
        return amount, amount + amount * LOAN_INTEREST_PERCENT // 100

    def status(self) -> dict[str, Any]:
        """The line ``--campaign-status`` prints (CONTRACT §5)."""
        return {
            "venue": self.venue,
            "venues_cleared": len(self.venues_cleared),
            "credits": self.bankroll,
            "hands_played": self.hands_played,
        }

    # ------------------------------------------------------------------ moves
    def sit_down(self) -> int:
        """Buy in at the current venue; returns the chips the player starts with."""
        if self.seated:
            raise CampaignError("already seated at this venue's table")
        if self.finished:
            raise CampaignError("the championship is already won")
        if not self.can_afford():
            raise CampaignError("not enough credits for the buy-in")
        self.credits -= self.current.buy_in
        self.sittings += 1
        if self.current.tournament:
            self.tournament = Tournament.new(self.seed * 7919 + self.sittings)
            return self.tournament.stack
        self.at_table = self.current.table_chips
        return self.at_table

    def after_hand(
        self, chips: int, opponents: list[str], winners: list[str], player_won: bool
    ) -> None:
        """A hand ended at the table: the player holds ``chips``; rivals remember it."""
        if chips < 0:
            raise CampaignError("chips cannot be negative")
        if self.tournament is None:
            self.at_table = chips
        self.hands_played += 1
        if self.current.rounds_goal and player_won:
            self.venue_wins[self.venue] = self.rounds_won + 1
            self.credits += self.current.round_prize
        for character in opponents:
            rival = self.rivals.setdefault(character, Rival())
            rival.hands += 1
            rival.their_wins += character in winners
            rival.your_wins += player_won

    def stand_up(self) -> int:
        """Cash the table chips into credits; returns the chips cashed."""
        cashed = self.at_table
        self.credits += cashed
        self.at_table = 0
        return cashed

    def finish_tournament(self, won: bool) -> int:
        """The championship ended; returns the prize paid (0 if the player lost)."""
        if self.tournament is None:
            raise CampaignError("no tournament is being played")
        self.tournament = None
        if not won:
            return 0
        prize = self.current.prize
        self.credits += prize
        self.finished = True
        if self.venue not in self.venues_cleared:
            self.venues_cleared.append(self.venue)
        return prize

    def move_on(self) -> Venue:
        """Leave a cleared venue for the next one; the debt is repaid first."""
        if self.seated:
            raise CampaignError("stand up from the table first")
        if not self.cleared():
            raise CampaignError("this venue's goal is not met yet")
        following = next_venue(self.venue)
        if following is None:
            raise CampaignError("this is the last venue")
        self.credits -= self.debt
        self.debt = 0
        self.venues_cleared.append(self.venue)
        self.venue = following.id
        self.arrival_credits, self.arrival_debt = self.credits, self.debt
        if following.rule_set not in self.unlocked:
            self.unlocked.append(following.rule_set)
        return following

    def take_loan(self) -> int:
        """Borrow when broke; returns the credits lent."""
        if not self.can_borrow():
            raise CampaignError("a loan is offered only when broke and owing nothing")
        lent, owed = self.loan_offer()
        self.credits += lent
        self.debt += owed
        return lent

    def retry_venue(self) -> None:
        """Start the venue again with the purse and debt the player arrived with."""
        if self.seated:
            raise CampaignError("stand up from the table first")
        self.credits, self.debt = self.arrival_credits, self.arrival_debt
        self.tournament = None

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "venue": self.venue,
            "venues_cleared": list(self.venues_cleared),
            "credits": self.credits,
            "at_table": self.at_table,
            "debt": self.debt,
            "hands_played": self.hands_played,
            "arrival_credits": self.arrival_credits,
            "arrival_debt": self.arrival_debt,
            "unlocked": list(self.unlocked),
            "rivals": {
                name: [r.hands, r.their_wins, r.your_wins] for name, r in self.rivals.items()
            },
            "sittings": self.sittings,
            "seed": self.seed,
            "tournament": None if self.tournament is None else self.tournament.to_json(),
            "finished": self.finished,
            "venue_wins": dict(self.venue_wins),
            "meetings": {name: m.to_json() for name, m in self.meetings.items()},
        }

    @classmethod
    def from_json(cls, data: Any) -> CampaignProgress:
        """Strict: a missing key or a wrong type raises SaveFormatError (the save is set aside)."""
        where = "campaign"
        venue_id = require(data, "venue", str, where)
        if venue_id not in {v.id for v in VENUES}:
            raise SaveFormatError(f"unknown venue {venue_id!r}")
        ints = {
            name: require(data, name, int, where)
            for name in (
                "credits",
                "at_table",
                "debt",
                "hands_played",
                "arrival_credits",
                "arrival_debt",
                "sittings",
                "seed",
            )
        }
        if any(ints[name] < 0 for name in ("at_table", "debt", "hands_played", "sittings")):
            raise SaveFormatError("campaign counts cannot be negative")
        cleared = require(data, "venues_cleared", list, where)
        unlocked = require(data, "unlocked", list, where)
        if not all(isinstance(x, str) for x in [*cleared, *unlocked]):
            raise SaveFormatError("campaign lists must hold names")
        rivals_data = require(data, "rivals", dict, where)
        rivals: dict[str, Rival] = {}
        for name, counts in rivals_data.items():
            if (
                not isinstance(counts, list)
                or len(counts) != 3
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in counts)
            ):
                raise SaveFormatError(f"rival {name!r} has the wrong shape")
            rivals[name] = Rival(*counts)
        tournament_data = require(data, "tournament", (dict, type(None)), where)
        wins = data.get("venue_wins", {})  # saves before Kessel's venue have none
        if not isinstance(wins, dict) or not all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) and n >= 0
            for k, n in wins.items()
        ):
            raise SaveFormatError("campaign venue wins have the wrong shape")
        met = data.get("meetings", {})  # saves before the rivals' memory have none
        if not isinstance(met, dict):
            raise SaveFormatError("campaign meetings have the wrong shape")
        meetings = {str(name): Meeting.from_json(m) for name, m in met.items()}
        return cls(
            meetings=meetings,
            venue_wins=dict(wins),
            venue=venue_id,
            venues_cleared=list(cleared),
            unlocked=list(unlocked),
            rivals=rivals,
            tournament=None if tournament_data is None else Tournament.from_json(tournament_data),
            finished=require(data, "finished", bool, where),
            **ints,
        )
