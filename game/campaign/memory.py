"""Rivals who remember: each character keeps the last sitting shared with the player
(where, who won more hands, by how many chips, and how), and greets the player with it
when they meet again — at the next sitting, at a later venue, at the championship.

Pure: no pygame, no files. ``record_hand`` is called by the campaign as each hand ends;
``greetings`` gives a sitting's opening lines as (seat, catalog key, placeholders).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.campaign.progress import CampaignProgress, Meeting
from game.campaign.tournament import PLAYER
from game.campaign.voices import Moment
from game.rules.base import Event


def how_it_went(events: Sequence[Event], human: int = 0) -> str:
    """ "pure" when the player showed a Pure Sabacc, "bomb" when they bombed out."""
    for event in events:
        if getattr(event, "seat", None) != human:
            continue
        kind = getattr(event, "hand_kind", None) or getattr(event, "rank_kind", None)
        if kind == "pure-sabacc":
            return "pure"
        if kind == "bombed-out":
            return "bomb"
    return ""


def record_hand(
    progress: CampaignProgress,
    venue_id: str,
    seat_ids: Sequence[str],
    before: Sequence[int],
    after: Sequence[int],
    winners: Sequence[str],
    events: Sequence[Event] = (),
) -> None:
    """A hand ended at this sitting: every character at the table remembers it."""
    how = how_it_went(events)
    mine = after[0] - before[0] if before and after else 0
    for seat, character in enumerate(seat_ids):
        if character == PLAYER:
            continue
        met = progress.meetings.get(character)
        if met is None or met.venue != venue_id or met.sitting != progress.sittings:
            met = progress.meetings[character] = Meeting(venue_id, progress.sittings)
        met.your_wins += PLAYER in winners
        met.their_wins += character in winners
        met.your_net += mine
        if seat < len(before) and seat < len(after):
            met.their_net += after[seat] - before[seat]
        met.how = how or met.how


def memory_line(meeting: Meeting) -> tuple[str, dict[str, Any]]:
    """What a character says of the last meeting: the catalog key and its placeholders
    (``venue_id`` is named in the language of the moment when the line is shown)."""
    params: dict[str, Any] = {
        "venue_id": meeting.venue,
        "yours": meeting.your_wins,
        "theirs": meeting.their_wins,
        "chips": abs(meeting.your_net),
    }
    if meeting.how in ("pure", "bomb"):
        return f"memory.{meeting.how}", params
    yours, theirs, net = meeting.your_wins, meeting.their_wins, meeting.your_net
    even_sitting = meeting.sitting % 2 == 0
    if yours > theirs or (yours == theirs and net > 0):
        variant = 2 if net > 0 and (even_sitting or yours == theirs) else 1
        return f"memory.you_won.{variant}", params
    if theirs > yours or net < 0:
        variant = 2 if net < 0 and (even_sitting or yours == theirs) else 1
        return f"memory.they_won.{variant}", params
    return f"memory.even.{1 + meeting.sitting % 2}", params


def greetings(
    progress: CampaignProgress, seat_ids: Sequence[str]
) -> tuple[list[tuple[int, str, dict[str, Any]]], Moment | None]:
    """A sitting's opening: the lines of characters who remember an earlier sitting
    (the fiercest memory first), and the moment that opens the final table (or None)."""
    tournament = progress.tournament
    if tournament is not None and tournament.round == 1:
        return [], Moment.FINAL_TABLE
    lines = []
    for seat, character in enumerate(seat_ids):
        met = progress.meetings.get(character)
        if met is None or (met.venue == progress.venue and met.sitting == progress.sittings):
            continue  # never met, or this very sitting (a table resumed)
        if met.your_wins + met.their_wins == 0:
            continue
        key, params = memory_line(met)
        lines.append((abs(met.your_net) + 10 * met.sitting, seat, key, params))
    lines.sort(key=lambda item: -item[0])
    return [(seat, key, params) for _, seat, key, params in lines], None
