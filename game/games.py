"""The game registry: one entry per game, the only place that says "if this game…".

Menus, quick play, the campaign, statistics, history, the simulator and the command
line read a game's entry instead of naming the game. An entry says how to build the
engine (and with which options), how many seats it takes, which computer players and
which table scene play it, how a unit (a Sabacc *hand*, a Brag *game*, a Nine and a
Half *deal*) ends and what it scored, and the words players read for it.

Everything a game brings of its own is named by a ``"module:attribute"`` path and
imported only when used, so this module stays light (no pygame, no engines loaded):
the simulator and ``--check-data`` never import a table scene, and a table module is
imported only when the table opens.

A Sabacc rule set is a :class:`Variant` of the Sabacc entry. A variant with its own
deck and flow (Kessel, Corellian Spike, Coruscant Shift) names its own engine, AI,
table and house-rules pages; whatever it leaves out is the game's. Adding a variant is
one ``Variant(...)`` entry plus its own modules (see ``_MODERN_SABACC`` below): its
engine behind the one signature of game.session.engines, its players, and, once it has
one, its table scene (``table_ready=False`` keeps it to the simulator until then).

>>> [entry.id for entry in all_games()]
['sabacc', 'brag', 'ninehalf']
>>> get("brag").unit, get("brag").seats, get("ninehalf").table_seats
('games', (2, 4), (3, 10))
>>> get("sabacc").preset("great-khan").name
'great-khan'
>>> get("ninehalf").unit_ended([])
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from game.rules.base import Event, GameState

#: A "module:attribute" path, imported when first used.
Ref = str


def load(ref: Ref) -> Any:
    """The attribute ``ref`` names ("game.rules.brag:new_game"); a bare module path
    ("game.scenes.brag_table") is the module itself."""
    module_name, _, attribute = ref.partition(":")
    module = import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True, slots=True)
class Variant:
    """A rule set of a game (a Sabacc preset). Any field left ``None`` is the game's.

    ``engine(seats, options, chips, dealer) -> GameState``; ``options(name) ->``
    the frozen options object (house rules are ``dataclasses.replace`` on it);
    ``ai(level, personality) -> Player``; ``table`` a scene module with
    ``create(app, config)``, ``create_campaign(app, campaign)``,
    ``create_resumed(app, snapshot)`` and optionally ``create_replay(app, record)``;
    ``house_rules(preset) -> pages`` for the house-rules screen; ``card_face(code,
    size)`` and ``card_back(size)`` draw its cards (the history list).
    """

    name: str
    engine: Ref | None = None
    options: Ref | None = None
    ai: Ref | None = None
    table: Ref | None = None
    house_rules: Ref | None = None
    card_face: Ref | None = None
    card_back: Ref | None = None
    unit_ends: tuple[str, ...] | None = None
    outcome: Ref | None = None
    sim_chips: int | None = None  # the simulator's starting stack, when not the game's
    table_ready: bool = True  # False: playable in the simulator, no table scene yet
    chip_options: tuple[int, ...] | None = None  # quick play's stacks, when not the game's
    default_chips: int | None = None
    # A rule set that is a game of its own to the player (Kessel): what one unit is
    # called ("rounds": results.rounds, screens.unit.round), and the statistics entry
    # it counts in, named game.<stats_id>, with its own special counters.
    unit: str | None = None
    stats_id: str | None = None
    special_stats: tuple[str, ...] | None = None

    @property
    def label_key(self) -> str:
        return f"preset.{self.name}"


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the collection; see the module's docstring."""

    id: str
    engine: Ref
    options: Ref
    ai: Ref
    table: Ref
    house_rules: Ref
    card_face: Ref
    card_back: Ref
    seats: tuple[int, int]  # fewest and most players the engine seats (RULES.md)
    table_seats: tuple[int, int]  # fewest and most at a quick-play table
    chip_options: tuple[int, ...]  # the quick-play menu's starting stacks
    default_chips: int  # quick play's starting stack
    sim_chips: int  # the simulator's starting stack
    sim_units: int  # the simulator's default length
    unit: str  # "hands" | "games" | "deals": the command-line flag and the JSON key
    unit_ends: tuple[str, ...]  # event kinds that end one unit (hand, deal)
    outcome: Ref  # (events, seat) -> game.storage.stats.HandOutcome
    # The statistics screen's special counters that mean something for this game.
    special_stats: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()  # rule sets to choose from (empty: just one)
    default_variant: str = ""

    # ------------------------------------------------------------------ words
    @property
    def name_key(self) -> str:
        return f"game.{self.id}"

    @property
    def rules_key(self) -> str:
        """The rules page of the Rules & help screen."""
        return f"rules.{self.id}"

    @property
    def played_key(self) -> str:
        """The words "{count} hands played" (results.hands, results.games, results.deals)."""
        return f"results.{self.unit}"

    def unit_for(self, preset: str | None = None) -> str:
        """What one unit of ``preset`` is called: "hands", a Kessel round "rounds"."""
        unit = self.preset(preset).unit if self.variants else None
        return unit or self.unit

    def played_key_for(self, preset: str | None = None) -> str:
        """The words "{count} rounds played" for ``preset`` (results.<unit>)."""
        return f"results.{self.unit_for(preset)}"

    def stats_id(self, preset: str | None = None, events: Sequence[Event] = ()) -> str:
        """The statistics entry a unit of ``preset`` counts in (Kessel's apart from
        Sabacc's); without a preset, the rule set ``events`` show (a Kessel round)."""
        if not self.variants:
            return self.id
        variant = self._variant_by_events(events) if preset is None else self.preset(preset)
        return variant.stats_id if variant is not None and variant.stats_id else self.id

    # --------------------------------------------------------------- variants
    @property
    def has_presets(self) -> bool:
        return bool(self.variants)

    @property
    def preset_names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.variants)

    @property
    def table_preset_names(self) -> tuple[str, ...]:
        """The rule sets a table can seat the player at (quick play, the campaign)."""
        return tuple(v.name for v in self.variants if v.table_ready)

    def sim_chips_for(self, preset: str | None = None) -> int:
        chips = self.preset(preset).sim_chips if self.variants else None
        return self.sim_chips if chips is None else chips

    def chip_options_for(self, preset: str | None = None) -> tuple[int, ...]:
        """Quick play's starting stacks for ``preset`` (Kessel's few chips, say)."""
        options = self.preset(preset).chip_options if self.variants else None
        return self.chip_options if options is None else options

    def default_chips_for(self, preset: str | None = None) -> int:
        chips = self.preset(preset).default_chips if self.variants else None
        return self.default_chips if chips is None else chips

    def _variant_by_events(self, events: Sequence[Event]) -> Variant | None:
        """The rule set whose own end of unit ``events`` hold (a Kessel round's
        RoundWon), for callers that know the game but not the preset."""
        kinds = {e.kind for e in events}
        if kinds & set(self.unit_ends):
            return None
        for variant in self.variants:
            if variant.unit_ends and kinds & set(variant.unit_ends):
                return variant
        return None

    def preset(self, name: str | None) -> Variant:
        """The variant ``name`` (the default one for None or ""); a game without rule
        sets answers one plain variant whatever it is asked. ValueError for an unknown
        preset of a game that has them."""
        if not self.variants:
            return Variant(name or "")
        wanted = name or self.default_variant
        for variant in self.variants:
            if variant.name == wanted:
                return variant
        raise ValueError(
            f"unknown {self.id} preset {wanted!r}; choose from {', '.join(self.preset_names)}"
        )

    def preset_or_blank(self, name: str) -> str:
        """``name`` for a game with rule sets, "" for one without (history, save keys)."""
        return name if self.has_presets else ""

    def _pick(self, field: str, preset: str | None) -> Ref:
        chosen: Ref | None = getattr(self.preset(preset), field)
        if chosen is not None:
            return chosen
        ref: Ref = getattr(self, field)
        return ref

    # -------------------------------------------------------------- factories
    def default_options(self, preset: str | None = None) -> Any:
        """The engine options of ``preset`` before any house rule."""
        variant = self.preset(preset)
        return load(self._pick("options", preset))(variant.name)

    def options_with(self, preset: str | None, house_rules: dict[str, Any]) -> Any:
        """The defaults plus ``house_rules``: ValueError (the engine's reason) when they
        do not go together, TypeError when a rule names no option of this game."""
        base = self.default_options(preset)
        return dataclasses.replace(base, **house_rules) if house_rules else base

    def new_state(
        self,
        seats: int,
        chips: int | Sequence[int],
        preset: str | None = None,
        options: Any = None,
        dealer: int = 0,
    ) -> GameState:
        """A fresh match waiting for its first deal; ValueError for a bad seat count.
        ``chips``: every seat's stack, or one per seat (see game.session.engines)."""
        low, high = self.seats
        if not low <= seats <= high:
            raise ValueError(f"{self.id} seats {low} to {high} players, not {seats}")
        if options is None:
            options = self.default_options(preset)
        state: GameState = load(self._pick("engine", preset))(seats, options, chips, dealer)
        return state

    def make_player(self, level: str, personality: Any = None, preset: str | None = None) -> Any:
        return load(self._pick("ai", preset))(level, personality)

    def table_module(self, preset: str | None = None) -> Ref:
        return self._pick("table", preset)

    def house_rule_pages(self, preset: str | None = None) -> Any:
        return load(self._pick("house_rules", preset))(self.preset(preset).name)

    def render_card(
        self, code: str, size: tuple[int, int], preset: str | None = None, palette: str = "cantina"
    ) -> Any:
        """``code`` drawn as this game's card (a pygame Surface) in ``palette``."""
        return load(self._pick("card_face", preset))(code, size, palette)

    def render_back(self, size: tuple[int, int], preset: str | None = None) -> Any:
        return load(self._pick("card_back", preset))(size)

    # ------------------------------------------------------------------ units
    def unit_ended(self, events: Sequence[Event], preset: str | None = None) -> bool:
        """Whether ``events`` include the end of one unit (a hand, a deal)."""
        if preset is None and self.variants:
            variant = self._variant_by_events(events)
        else:
            variant = self.preset(preset) if self.variants else None
        ends = variant.unit_ends if variant and variant.unit_ends else self.unit_ends
        return any(e.kind in ends for e in events)

    def hand_outcome(
        self, events: Sequence[Event], seat: int = 0, preset: str | None = None
    ) -> Any:
        """What one finished unit meant for ``seat`` (a ``HandOutcome``)."""
        if preset is None and self.variants:
            variant = self._variant_by_events(events)
            preset = variant.name if variant is not None and variant.outcome else None
        read: Callable[..., Any] = load(self._pick("outcome", preset))
        return read(events, seat)


# ---------------------------------------------------------------- the entries
# Sabacc rule sets of the one Sabacc engine (game/rules/sabacc_presets.py): RULES.md §1.
_SABACC_PRESETS = (
    "classic",
    "two-exchange",
    "great-khan",
    "centran",
    "force",
    "cloud-city",
    "figg",
    "empress-teta",
    "random",
)

# Today's Sabacc (RULES.md §4): each with its own deck, engine and players. A Kessel
# "hand" is one round; its chips are few (the buy-in's stock), and it destroys chips.
_MODERN_SABACC = (
    *(
        Variant(
            name,
            engine="game.session.engines:kessel_state",
            options="game.session.engines:kessel_options",
            ai="ai.kessel_ai:make_player",
            unit_ends=("RoundWon",),
            outcome="game.session.outcomes:kessel_outcome",
            sim_chips=6,
            table="game.scenes.kessel_table",
            house_rules="game.scenes.kessel_rules:pages",
            card_face="game.ui.kessel_art:render_kessel_card",
            card_back="game.ui.kessel_art:render_kessel_back",
            chip_options=(4, 5, 6, 8),  # the buy-ins' stocks (RULES.md §4.1.2)
            default_chips=6,
            unit="rounds",
            stats_id="kessel",
            special_stats=("pure_sabaccs",),
        )
        for name in ("kessel", "kessel-shift")
    ),
    Variant(
        "corellian-spike",
        engine="game.session.engines:spike_state",
        options="game.session.engines:spike_options",
        ai="ai.spike_ai:make_player",
        house_rules="game.scenes.spike_rules:pages",
        table="game.scenes.spike_table",
        card_face="game.ui.spike_cards:render_spike_card",
        card_back="game.ui.spike_cards:render_spike_back",
    ),
    Variant(
        "coruscant-shift",
        engine="game.session.engines:coruscant_state",
        options="game.session.engines:coruscant_options",
        ai="ai.coruscant_ai:make_player",
        house_rules="game.scenes.spike_rules:pages",
        table="game.scenes.spike_table",
        card_face="game.ui.spike_cards:render_spike_card",
        card_back="game.ui.spike_cards:render_spike_back",
    ),
)

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game(
            id="sabacc",
            engine="game.session.engines:sabacc_state",
            options="game.rules.sabacc_presets:options_for",
            ai="ai.sabacc_ai:make_player",
            table="game.scenes.sabacc_table",
            house_rules="game.scenes.house_rules:sabacc_pages",
            card_face="game.ui.cards:render_sabacc_card",
            card_back="game.ui.cards:render_sabacc_back",
            seats=(2, 8),
            table_seats=(2, 8),
            chip_options=(50, 100, 200, 500),
            default_chips=100,
            sim_chips=100,
            sim_units=100,
            unit="hands",
            unit_ends=("HandEnded",),
            outcome="game.session.outcomes:sabacc_outcome",
            special_stats=("pure_sabaccs", "idiots_arrays"),
            variants=(*(Variant(name) for name in _SABACC_PRESETS), *_MODERN_SABACC),
            default_variant="classic",
        ),
        Game(
            id="brag",
            engine="game.session.engines:brag_state",
            options="game.session.engines:brag_options",
            ai="ai.brag_bots:make_player",
            table="game.scenes.brag_table",
            house_rules="game.scenes.house_rules:brag_pages",
            card_face="game.ui.cards:render_card52",
            card_back="game.ui.cards:render_card52_back",
            seats=(2, 4),
            table_seats=(2, 4),
            chip_options=(20, 50, 100),
            default_chips=50,
            sim_chips=100,
            sim_units=20,
            unit="games",
            # A deal that wins the game ends with GameWon instead of DealEnded (no deal
            # follows): that ends the deal too, or its history and statistics entry
            # would run on into the next game's first deal.
            unit_ends=("DealEnded", "GameWon"),
            outcome="game.session.outcomes:brag_outcome",
            special_stats=("crashes",),
        ),
        Game(
            id="ninehalf",
            engine="game.session.engines:ninehalf_state",
            options="game.session.engines:ninehalf_options",
            ai="ai.ninehalf_bots:make_player",
            table="game.scenes.ninehalf_table",
            house_rules="game.scenes.house_rules:ninehalf_pages",
            card_face="game.ui.cards:render_card52",
            card_back="game.ui.cards:render_card52_back",
            seats=(3, 20),  # two decks above ten players (RULES §3)
            table_seats=(3, 10),
            chip_options=(30, 40, 50),
            default_chips=40,
            sim_chips=40,
            sim_units=100,
            unit="deals",
            unit_ends=("DealEnded",),
            outcome="game.session.outcomes:ninehalf_outcome",
            special_stats=("naturals",),
        ),
    )
}

GAME_IDS: tuple[str, ...] = tuple(GAMES)
DEFAULT_GAME = "sabacc"
UNITS: tuple[str, ...] = tuple(dict.fromkeys(game.unit for game in GAMES.values()))


def all_games() -> list[Game]:
    return list(GAMES.values())


def get(game: str) -> Game:
    """The entry of ``game``; ValueError naming the choices for an unknown one."""
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}") from None


def stats_entries() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every statistics entry with its special counters, in the order the statistics
    screen shows them: each game, then its rule sets that count apart (Kessel)."""
    out: dict[str, tuple[str, ...]] = {}
    for game in GAMES.values():
        out[game.id] = game.special_stats
        for variant in game.variants:
            if variant.stats_id and variant.stats_id not in out:
                out[variant.stats_id] = variant.special_stats or ()
    return tuple(out.items())


def all_presets() -> tuple[str, ...]:
    """Every rule-set name of every game (the command line's ``--preset`` choices)."""
    return tuple(v.name for game in GAMES.values() for v in game.variants)


def rule_set(game: str, preset: str) -> str:
    """A stable id of what is played: "sabacc:classic", "brag", "ninehalf"."""
    entry = get(game)
    return f"{game}:{preset}" if entry.has_presets else game
