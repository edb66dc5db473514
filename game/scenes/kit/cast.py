"""Who sits at a table: each seat's name, skill (AI level) and personality.

Quick play seats the house regulars (the same names at every game); the campaign
seats its characters; a replay shows the names the history kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import i18n

HUMAN = 0
#: The house regulars of quick play, clockwise from the player.
REGULARS = (
    "Kessa Vrin",
    "Odo Tarn",
    "Mira Solt",
    "Jax Ordo",
    "Tev Rallis",
    "Nima Kor",
    "Bex Dunn",
    "Lio Marsk",
    "Rhea Vantis",
    "Dov Esker",
    "Sela Quorn",
)
DEFAULT_PERSONALITY = "steady"  # ai.base.Personality(): how a quick-play seat plays


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    level: str = ""  # "random" / "easy" / "normal" / "hard"; "" for the player or unknown
    personality: str = ""  # ai.base.Personality.name; "" when unknown
    face: str = ""  # whose portrait the plate shows (a character id or a regular's name)
    voice: str = ""  # the campaign character who speaks for this seat ("" : silent)

    def note(self) -> str:
        """The plate's small line: "Normal · Steady" (translated)."""
        parts = []
        if self.level:
            parts.append(i18n.t(f"level.{self.level}"))
        if self.personality:
            style = i18n.t(f"personality.{self.personality}")
            parts.append(style[:1].upper() + style[1:])  # "Steady" on the plate
        return " · ".join(parts)


def quick_cast(
    levels: tuple[str, ...] | list[str], rivals: tuple[str, ...] | list[str] = ()
) -> list[Seat]:
    """The player and the regulars at a quick-play table with these opponents' levels;
    ``rivals`` (campaign character ids) take the first seats under their own names,
    faces, voices and personalities (a rematch)."""
    from game.campaign.venues import CHARACTERS

    seats = [Seat(i18n.t("results.you"))]
    regulars = iter(name for name in REGULARS)
    for i, level in enumerate(levels):
        if i < len(rivals):
            c = CHARACTERS[rivals[i]]
            seats.append(Seat(c.name, c.level, c.personality.name, face=c.id, voice=c.id))
            continue
        name = next(regulars, "") or i18n.t("quick.opponent", number=i + 1)
        seats.append(Seat(name, level, DEFAULT_PERSONALITY, face=name))
    return seats


def campaign_cast(seat_ids: list[str]) -> list[Seat]:
    """The campaign's characters at this sitting, the player first."""
    from game.campaign.tournament import PLAYER
    from game.campaign.venues import CHARACTERS

    seats = []
    for seat_id in seat_ids:
        if seat_id == PLAYER:
            seats.append(Seat(i18n.t("campaign.you")))
        else:
            c = CHARACTERS[seat_id]
            seats.append(Seat(c.name, c.level, c.personality.name, face=c.id, voice=c.id))
    return seats


def named_cast(names: list[str], count: int) -> list[Seat]:
    """Seats known only by name (a replay, an older save); unnamed seats get regulars'."""
    seats = [Seat(name, face=name if index else "") for index, name in enumerate(names[:count])]
    for seat in range(len(seats), count):
        name = REGULARS[seat - 1] if 0 < seat <= len(REGULARS) else str(seat)
        seats.append(Seat(name, face=name))
    return seats
