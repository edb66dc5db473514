"""The campaign's journey: venues and the characters who sit at their tables.

Everything here is data of our own invention. Player-visible text lives in the
catalogs: ``venue.<id>.name``, ``venue.<id>.intro``, ``character.<id>.line``; a
character's name is a proper noun, the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai.base import Personality


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    level: str  # AI level: random, easy, normal, hard
    personality: Personality


@dataclass(frozen=True, slots=True)
class Venue:
    """A stop on the journey: its game and house rules, its stakes and its regulars.

    ``game`` is "sabacc", "brag" or "ninehalf"; ``preset`` the Sabacc rule set and
    ``house_rules`` option overrides for that game's options class (the local rules).
    Everyone at the table starts a sitting with ``buy_in`` chips; the venue is cleared
    when the player's net worth (credits + chips at the table - debt) reaches ``goal``.

    A venue whose chips only shrink (Kessel destroys them) sets ``rounds_goal``
    instead: it is cleared after that many rounds won there, each paying
    ``round_prize`` credits; the buy-in then seats the player with ``stock`` chips.
    """

    id: str
    game: str
    buy_in: int
    goal: int
    characters: tuple[str, ...]
    preset: str = "classic"
    house_rules: tuple[tuple[str, Any], ...] = ()
    tournament: bool = False  # the finale: a multi-table tournament instead of a table
    prize: int = 0  # tournament winnings
    rounds_goal: int = 0  # rounds to win here to travel on (0: the net-worth goal)
    round_prize: int = 0  # credits each round won pays
    stock: int = 0  # chips a sitting starts with, when not the buy-in

    @property
    def table_chips(self) -> int:
        """The chips a sitting (or a character's re-buy) starts with."""
        return self.stock or self.buy_in

    @property
    def rule_set(self) -> str:
        """The rule set this venue teaches ("sabacc:classic", "brag", ...)."""
        from game import games

        return games.rule_set(self.game, self.preset)

    def options(self) -> Any:
        """The engine options for this venue's house rules."""
        from game import games

        return games.get(self.game).options_with(self.preset, dict(self.house_rules))


def _p(name: str, caution: float, aggression: float, bluff: float) -> Personality:
    return Personality(name=name, caution=caution, aggression=aggression, bluff=bluff)


CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        # Brinewater Cantina: dockhands and a retired pilot.
        Character("mabbet", "Mabbet Quill", "easy", _p("careful", 0.75, 0.3, 0.05)),
        Character("tesk", "Tesk Orrin", "easy", _p("reckless", 0.2, 0.8, 0.3)),
        # The Lantern Hall: guild clerks who play Brag after the ledgers close.
        Character("odile", "Odile Farrow", "normal", _p("steady", 0.5, 0.5, 0.1)),
        Character("grell", "Grell Amsworth", "easy", _p("bold", 0.3, 0.75, 0.2)),
        Character("pim", "Pim Sorrel", "easy", _p("timid", 0.85, 0.2, 0.02)),
        # Orchid Terrace: a rooftop garden where Nine and a Half is dealt at dusk.
        Character("wen", "Wen Saiko", "normal", _p("patient", 0.7, 0.4, 0.1)),
        Character("dario", "Dario Vell", "normal", _p("showman", 0.35, 0.7, 0.35)),
        Character("hobb", "Hobb Ketter", "easy", _p("steady", 0.5, 0.5, 0.1)),
        Character("ysolde", "Ysolde Marr", "normal", _p("sharp", 0.55, 0.6, 0.15)),
        # Glasswater Casino: glass floors over a flooded quarry.
        Character("corvin", "Corvin Ash", "normal", _p("cold", 0.6, 0.55, 0.05)),
        Character("lutha", "Lutha Brenn", "normal", _p("gambler", 0.25, 0.8, 0.4)),
        Character("sabe", "Sabe Iskander", "hard", _p("steady", 0.5, 0.5, 0.12)),
        # The Drifting Crown: a river barge where the rules change with the current.
        Character("marguerite", "Marguerite Oyelaran", "hard", _p("sharp", 0.5, 0.65, 0.2)),
        Character("fenwick", "Fenwick Dray", "normal", _p("careful", 0.7, 0.35, 0.08)),
        Character("quenby", "Quenby Tallis", "hard", _p("bold", 0.3, 0.75, 0.25)),
        Character("jory", "Jory Pellam", "normal", _p("reckless", 0.2, 0.85, 0.3)),
        # Ember Dock: a smugglers' landing where Corellian Spike is dealt on crates.
        Character("rask", "Rask Vedder", "normal", _p("reckless", 0.25, 0.8, 0.3)),
        Character("nima", "Nima Coil", "normal", _p("sharp", 0.55, 0.6, 0.15)),
        Character("bodo", "Bodo Harth", "easy", _p("careful", 0.75, 0.3, 0.05)),
        # The Aurelia Lounge: a starliner's saloon, Coruscant Shift under the dome.
        Character("celestine", "Celestine Vaux", "hard", _p("cold", 0.6, 0.55, 0.08)),
        Character("idris", "Idris Pell", "normal", _p("patient", 0.7, 0.4, 0.1)),
        Character("mireille", "Mireille Dax", "hard", _p("showman", 0.35, 0.7, 0.3)),
        # Spice Hollow: a bar cut into an old spice mine, where Kessel is played.
        Character("vashti", "Vashti Kroll", "hard", _p("sharp", 0.5, 0.65, 0.2)),
        Character("bram", "Bram Oduya", "normal", _p("careful", 0.75, 0.3, 0.05)),
        Character("nell", "Nell Quarrow", "normal", _p("reckless", 0.2, 0.85, 0.3)),
        # Meridian Grand Salon: the championship's hosts.
        Character("ilse", "Ilse Varga", "hard", _p("cold", 0.6, 0.6, 0.1)),
        Character("tobias", "Tobias Renk", "hard", _p("showman", 0.35, 0.7, 0.3)),
        Character("amaru", "Amaru Quispe", "hard", _p("patient", 0.7, 0.45, 0.1)),
    )
}

VENUES: tuple[Venue, ...] = (
    Venue("brinewater", "sabacc", buy_in=20, goal=150, characters=("mabbet", "tesk")),
    Venue(
        "lantern-hall",
        "brag",
        buy_in=30,
        goal=200,
        characters=("odile", "grell", "pim"),
        house_rules=(("stake", 3), ("target", 7)),
    ),
    Venue(
        "orchid-terrace",
        "ninehalf",
        buy_in=30,
        goal=260,
        characters=("wen", "dario", "hobb", "ysolde"),
        house_rules=(("limit", 5), ("limit_choices", (3, 5, 8))),
    ),
    Venue(
        "glasswater",
        "sabacc",
        buy_in=40,
        goal=340,
        characters=("corvin", "lutha", "sabe"),
        preset="cloud-city",
        house_rules=(("bombout_penalty", True),),
    ),
    Venue(
        "ember-dock",
        "sabacc",
        buy_in=45,
        goal=390,
        # Tesk Orrin, the first rival, turns up on the docks: rivals recur.
        characters=("rask", "nima", "bodo", "tesk"),
        preset="corellian-spike",
    ),
    Venue(
        "drifting-crown",
        "sabacc",
        buy_in=50,
        goal=450,
        characters=("marguerite", "fenwick", "quenby", "jory"),
        preset="random",
        house_rules=(("value_rule", "suit-signs"),),
    ),
    Venue(
        "aurelia-lounge",
        "sabacc",
        buy_in=60,
        goal=520,
        characters=("celestine", "idris", "mireille", "dario"),  # Dario sails on
        preset="coruscant-shift",
    ),
    Venue(
        "spice-hollow",
        "sabacc",
        buy_in=60,
        goal=0,
        characters=("vashti", "bram", "nell"),
        preset="kessel-shift",
        rounds_goal=5,
        round_prize=30,
        stock=6,
    ),
    Venue(
        "meridian",
        "sabacc",
        buy_in=150,
        goal=0,
        characters=("ilse", "tobias", "amaru"),
        preset="classic",
        tournament=True,
        prize=1500,
    ),
)

VENUE_BY_ID: dict[str, Venue] = {v.id: v for v in VENUES}
START_CREDITS = 100


def venue(venue_id: str) -> Venue:
    try:
        return VENUE_BY_ID[venue_id]
    except KeyError:
        raise ValueError(f"no venue {venue_id!r}") from None


def next_venue(venue_id: str) -> Venue | None:
    index = [v.id for v in VENUES].index(venue_id)
    return VENUES[index + 1] if index + 1 < len(VENUES) else None
