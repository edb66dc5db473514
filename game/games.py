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

A game's rule sets are :class:`Variant` names (the Sabacc presets of RULES.md §1). A
game of a *family* (Kessel, Corellian Spike, Coruscant Shift: Sabacc to the player,
RULES.md §4) is a whole :class:`Game` of its own, with its own engine, players, table,
pages, stacks and units, listed in its head's ``family``: the player, the command
line, saves and the simulator still name it as a rule set of its head (``--game
sabacc --preset kessel``), and the head answers every question about that rule set
with the member's entry (:meth:`Game.member`). Adding a game is one entry here plus
its own modules; docs/adding-a-game.md walks through it.

>>> [entry.id for entry in all_games()]
['sabacc', 'brag', 'ninehalf']
>>> get("brag").unit, get("brag").seats, get("ninehalf").table_seats
('games', (2, 4), (3, 10))
>>> get("sabacc").preset("great-khan").name
'great-khan'
>>> [game.id for game in get("sabacc").family]
['kessel', 'corellian-spike', 'coruscant-shift']
>>> get("sabacc").member("kessel-shift").unit, get("sabacc").stats_id("kessel-shift")
('rounds', 'kessel')
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
    """A rule set of a game (a Sabacc preset): a name its engine's options know.

    ``table_ready=False`` keeps it to the simulator until a table plays it;
    ``house_rules`` names its own house-rules pages (``(preset) -> pages``) when they
    are not its game's.
    """

    name: str
    table_ready: bool = True
    house_rules: Ref | None = None
    # Its short coached intro, ``() -> game.help.coaching.Lesson`` (game.help.intros);
    # None for its game's default rule set, whose lesson is the game's own.
    intro: Ref | None = None
    # Its page of the Rules & help screen, the blocks after its game's ``page_opening``
    # (game.help.pages).
    page: Ref | None = None

    @property
    def label_key(self) -> str:
        return f"preset.{self.name}"


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the collection; see the module's docstring.

    ``engine(seats, options, chips, dealer) -> GameState``; ``options(preset) ->`` the
    frozen options object (house rules are ``dataclasses.replace`` on it);
    ``ai(level, personality) -> Player``; ``table`` a scene module with
    ``create(app, config)``, ``create_campaign(app, campaign)``,
    ``create_resumed(app, snapshot)`` and optionally ``create_replay(app, record)``;
    ``house_rules(preset) -> pages`` for the house-rules screen; ``card_face(code,
    size, palette)`` and ``card_back(size)`` draw its cards (the history list).
    """

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
    # What one unit is called: "hands" | "games" | "deals" for a game the player picks
    # (the command-line flag and the JSON key); a family's game may call it otherwise
    # ("rounds": results.rounds, screens.unit.round).
    unit: str
    unit_ends: tuple[str, ...]  # event kinds that end one unit (hand, deal)
    outcome: Ref  # (events, seat) -> game.storage.stats.HandOutcome
    # The statistics screen's special counters that mean something for this game.
    special_stats: tuple[str, ...] = ()
    rule_sets: tuple[Variant, ...] = ()  # its own rule sets to choose from (empty: one)
    default_variant: str = ""
    # The games of its family (Kessel, Spike and Coruscant for Sabacc): each with its
    # own engine, players, table and pages, offered to the player as rule sets of
    # this one.
    family: tuple[Game, ...] = ()
    # A family's game whose units count in a statistics entry of their own, named
    # game.<id> (a Kessel round is no Sabacc hand), rather than in the head's.
    counts_apart: bool = False
    # How its seats' faces and voices react (game.scenes.kit.moods): ``reactions(event,
    # human) -> [(seat, expression, moment)]``, asked only once ``events`` (the module
    # its events come from) is imported: an event of a module nobody imported cannot
    # exist, and importing another game's rules at a table cost a long frame.
    reactions: Ref | None = None
    events: str = ""
    # Its engine's refusals a player can meet, in words (game.scenes.refusals): a
    # sequence of (pattern of the engine's reason, catalog key), asked before the
    # reasons every game shares.
    refusals: Ref | None = None
    # The short name its table, its cards and its hint go by (a glossary example's
    # "cards:spike:…", the table's ``advice.advise("spike", …)``): its id unless it
    # says otherwise (Corellian Spike and Coruscant Shift share one table and deck).
    short: str = ""
    # Why the hint's move, in numbers: ``(view, legal, action, player) -> Reason |
    # None`` (ai.advice).
    advice: Ref | None = None
    # Its coached first hand, ``() -> game.help.coaching.Lesson`` (game.help.coach).
    lesson: Ref | None = None
    # Its hand records' words (game.record.words.Family: its cards, chance steps,
    # moves and table in words), in game/record/<game>.py.
    record: Ref = ""
    # Its Rules & help page (a game without rule sets: each rule set names its own),
    # and the blocks every one of its rule sets' pages opens with (game.help.pages).
    page: Ref | None = None
    page_opening: Ref | None = None
    # How saves of schema 2 named it (read only to bring them over,
    # game.storage.legacy): the module of its engine's classes and its options class.
    legacy_engine: str = ""
    legacy_options: str = ""

    # ------------------------------------------------------------------ words
    @property
    def kind(self) -> str:
        """The short name its table, cards and hint go by (``short``, else its id)."""
        return self.short or self.id

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
        return self.member(preset).unit

    def played_key_for(self, preset: str | None = None) -> str:
        """The words "{count} rounds played" for ``preset`` (results.<unit>)."""
        return f"results.{self.unit_for(preset)}"

    def stats_id(self, preset: str | None = None, events: Sequence[Event] = ()) -> str:
        """The statistics entry a unit of ``preset`` counts in (Kessel's apart from
        Sabacc's); without a preset, the game ``events`` show (a Kessel round)."""
        game = self._by_events(events) if preset is None else self.member(preset)
        return game.id if game.counts_apart else self.id

    # --------------------------------------------------------------- rule sets
    @property
    def variants(self) -> tuple[Variant, ...]:
        """Every rule set offered under this game: its own, then its family's."""
        return self.rule_sets + tuple(v for game in self.family for v in game.variants)

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

    @property
    def games(self) -> tuple[Game, ...]:
        """This game and every game of its family."""
        return (self, *(game for member in self.family for game in member.games))

    def member(self, preset: str | None) -> Game:
        """The game that plays ``preset``: this one, or the game of its family whose
        rule set it is (Kessel for "kessel-shift"). ValueError for an unknown preset."""
        name = self.preset(preset).name
        for game in self.family:
            if name in game.preset_names:
                return game.member(name)
        return self

    def sim_chips_for(self, preset: str | None = None) -> int:
        return self.member(preset).sim_chips

    def chip_options_for(self, preset: str | None = None) -> tuple[int, ...]:
        """Quick play's starting stacks for ``preset`` (Kessel's few chips, say)."""
        return self.member(preset).chip_options

    def default_chips_for(self, preset: str | None = None) -> int:
        return self.member(preset).default_chips

    def _by_events(self, events: Sequence[Event]) -> Game:
        """The game of the family whose own end of unit ``events`` hold (a Kessel
        round's RoundWon), for callers that know the game but not the preset."""
        kinds = {e.kind for e in events}
        if not kinds & set(self.unit_ends):
            for game in self.family:
                if kinds & set(game.unit_ends):
                    return game
        return self

    def preset(self, name: str | None) -> Variant:
        """The rule set ``name`` (the default one for None or ""); a game without rule
        sets answers one plain variant whatever it is asked. ValueError for an unknown
        preset of a game that has them."""
        if not self.has_presets:
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

    # -------------------------------------------------------------- factories
    def default_options(self, preset: str | None = None) -> Any:
        """The engine options of ``preset`` before any house rule."""
        variant = self.preset(preset)
        return load(self.member(preset).options)(variant.name)

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
        game = self.member(preset)
        low, high = game.seats
        if not low <= seats <= high:
            raise ValueError(f"{self.id} seats {low} to {high} players, not {seats}")
        if options is None:
            options = self.default_options(preset)
        state: GameState = load(game.engine)(seats, options, chips, dealer)
        return state

    def make_player(self, level: str, personality: Any = None, preset: str | None = None) -> Any:
        return load(self.member(preset).ai)(level, personality)

    def table_module(self, preset: str | None = None) -> Ref:
        return self.member(preset).table

    def house_rule_pages(self, preset: str | None = None) -> Any:
        variant = self.preset(preset)
        return load(variant.house_rules or self.member(preset).house_rules)(variant.name)

    def render_card(
        self, code: str, size: tuple[int, int], preset: str | None = None, palette: str = "cantina"
    ) -> Any:
        """``code`` drawn as this game's card (a pygame Surface) in ``palette``."""
        return load(self.member(preset).card_face)(code, size, palette)

    def render_back(self, size: tuple[int, int], preset: str | None = None) -> Any:
        return load(self.member(preset).card_back)(size)

    # ------------------------------------------------------------------ units
    def unit_ended(self, events: Sequence[Event], preset: str | None = None) -> bool:
        """Whether ``events`` include the end of one unit (a hand, a deal)."""
        game = self._by_events(events) if preset is None else self.member(preset)
        return any(e.kind in game.unit_ends for e in events)

    def hand_outcome(
        self, events: Sequence[Event], seat: int = 0, preset: str | None = None
    ) -> Any:
        """What one finished unit meant for ``seat`` (a ``HandOutcome``)."""
        game = self._by_events(events) if preset is None else self.member(preset)
        read: Callable[..., Any] = load(game.outcome)
        return read(events, seat)


# ---------------------------------------------------------------- the entries
def _sabacc_game(id: str, **own: Any) -> Game:
    """A game of the Sabacc family: Sabacc's seats and stacks unless it says otherwise
    (RULES.md §4: each is played by 2 to 8), a hand its unit, counted with Sabacc's."""
    seats = {"seats": (2, 8), "table_seats": (2, 8), "chip_options": (50, 100, 200, 500)}
    stacks = {"default_chips": 100, "sim_chips": 100, "sim_units": 100, "unit": "hands"}
    ends = {"unit_ends": ("HandEnded",), "outcome": "game.session.outcomes:sabacc_outcome"}
    return Game(id=id, **{**seats, **stacks, **ends, **own})


# Today's Sabacc (RULES.md §4): games of Sabacc's family, each with its own deck,
# engine, players and table. A Kessel "hand" is one round; its chips are few (the
# buy-in's stock), and it destroys chips.
KESSEL = _sabacc_game(
    "kessel",
    engine="game.session.engines:kessel_state",
    options="game.session.engines:kessel_options",
    ai="ai.kessel_ai:make_player",
    table="game.scenes.kessel_table",
    house_rules="game.scenes.kessel_rules:kessel_pages",
    card_face="game.ui.kessel_art:render_kessel_card",
    card_back="game.ui.kessel_art:render_kessel_back",
    chip_options=(4, 5, 6, 8),  # the buy-ins' stocks (RULES.md §4.1.2)
    default_chips=6,
    sim_chips=6,
    unit="rounds",
    unit_ends=("RoundWon",),
    outcome="game.session.outcomes:kessel_outcome",
    special_stats=("pure_sabaccs",),
    rule_sets=(
        Variant(
            "kessel", intro="game.help.intros_modern:kessel", page="game.help.pages:KESSEL_COMMON"
        ),
        Variant(
            "kessel-shift",
            house_rules="game.scenes.kessel_rules:kessel_shift_pages",
            intro="game.help.intros_modern:kessel_shift",
            page="game.help.pages:KESSEL_SHIFT",
        ),
    ),
    default_variant="kessel",
    counts_apart=True,
    reactions="game.scenes.kessel.reactions:reactions",
    events="game.rules.kessel_events",
    refusals="game.scenes.kessel.refusals:REASONS",
    advice="ai.advice:kessel_reason",
    record="game.record.kessel:KESSEL",
)
CORELLIAN_SPIKE = _sabacc_game(
    "corellian-spike",
    engine="game.session.engines:spike_state",
    options="game.session.engines:spike_options",
    ai="ai.spike_ai:make_player",
    table="game.scenes.spike_table",
    house_rules="game.scenes.spike_rules:spike_pages",
    card_face="game.ui.spike_cards:render_spike_card",
    card_back="game.ui.spike_cards:render_spike_back",
    short="spike",
    advice="ai.advice:spike_reason",
    record="game.record.spike:SPIKE",
    rule_sets=(
        Variant(
            "corellian-spike",
            intro="game.help.intros_modern:corellian_spike",
            page="game.help.pages:CORELLIAN_SPIKE",
        ),
    ),
    default_variant="corellian-spike",
)
CORUSCANT_SHIFT = dataclasses.replace(
    CORELLIAN_SPIKE,  # the same table, cards and pages' module: its own engine and players
    id="coruscant-shift",
    engine="game.session.engines:coruscant_state",
    options="game.session.engines:coruscant_options",
    ai="ai.coruscant_ai:make_player",
    record="game.record.spike:CORUSCANT",
    house_rules="game.scenes.spike_rules:coruscant_pages",
    rule_sets=(
        Variant(
            "coruscant-shift",
            intro="game.help.intros_modern:coruscant_shift",
            page="game.help.pages:CORUSCANT_SHIFT",
        ),
    ),
    default_variant="coruscant-shift",
)

# Sabacc's rule sets of the one Sabacc engine (game/rules/sabacc_presets.py): RULES.md
# §1. A preset with a turn structure of its own shows its own house rules.
SABACC = _sabacc_game(
    "sabacc",
    engine="game.session.engines:sabacc_state",
    options="game.rules.sabacc_presets:options_for",
    ai="ai.sabacc_ai:make_player",
    table="game.scenes.sabacc_table",
    house_rules="game.scenes.house_rules:sabacc_pages",
    card_face="game.ui.cards:render_sabacc_card",
    card_back="game.ui.cards:render_sabacc_back",
    special_stats=("pure_sabaccs", "idiots_arrays"),
    rule_sets=(
        Variant("classic", page="game.help.pages:CLASSIC"),
        Variant(
            "two-exchange",
            house_rules="game.scenes.house_rules:two_exchange_pages",
            intro="game.help.intros:two_exchange",
            page="game.help.pages:TWO_EXCHANGE",
        ),
        Variant(
            "great-khan",
            house_rules="game.scenes.house_rules:great_khan_pages",
            intro="game.help.intros:great_khan",
            page="game.help.pages:GREAT_KHAN",
        ),
        Variant("centran", intro="game.help.intros:centran", page="game.help.pages:CENTRAN"),
        Variant(
            "force",
            house_rules="game.scenes.house_rules:force_pages",
            intro="game.help.intros:force",
            page="game.help.pages:FORCE",
        ),
        Variant(
            "cloud-city", intro="game.help.intros:cloud_city", page="game.help.pages:CLOUD_CITY"
        ),
        Variant("figg", intro="game.help.intros:figg", page="game.help.pages:FIGG"),
        Variant(
            "empress-teta",
            intro="game.help.intros:empress_teta",
            page="game.help.pages:EMPRESS_TETA",
        ),
        Variant("random", intro="game.help.intros:random_rules", page="game.help.pages:RANDOM"),
    ),
    default_variant="classic",
    family=(KESSEL, CORELLIAN_SPIKE, CORUSCANT_SHIFT),
    reactions="game.scenes.sabacc.reactions:reactions",
    events="game.rules.sabacc_events",
    refusals="game.scenes.sabacc.refusals:REASONS",
    advice="ai.advice:sabacc_reason",
    record="game.record.sabacc:SABACC",
    lesson="game.help.coach:sabacc_lesson",
    page_opening="game.help.pages:SABACC_COMMON",
    legacy_engine="game.rules.sabacc",
    legacy_options="game.rules.sabacc_presets:SabaccOptions",
)

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        SABACC,
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
            reactions="game.scenes.brag.reactions:reactions",
            events="game.rules.brag",
            refusals="game.scenes.brag.refusals:REASONS",
            advice="ai.advice:brag_reason",
            record="game.record.brag:BRAG",
            lesson="game.help.coach:brag_lesson",
            page="game.help.pages:BRAG",
            legacy_engine="game.rules.brag",
            legacy_options="game.rules.brag:BragOptions",
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
            reactions="game.scenes.ninehalf.reactions:reactions",
            events="game.rules.ninehalf",
            refusals="game.scenes.ninehalf.refusals:REASONS",
            advice="ai.advice:ninehalf_reason",
            record="game.record.ninehalf:NINEHALF",
            lesson="game.help.coach:ninehalf_lesson",
            page="game.help.pages:NINEHALF",
            legacy_engine="game.rules.ninehalf",
            legacy_options="game.rules.ninehalf:NineHalfOptions",
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


def every_game() -> list[Game]:
    """Every game with the games of its family (Kessel after Sabacc)."""
    return [game for head in GAMES.values() for game in head.games]


def stats_entries() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every statistics entry with its special counters, in the order the statistics
    screen shows them: each game, then the games of its family that count apart."""
    out: dict[str, tuple[str, ...]] = {}
    for head in GAMES.values():
        out[head.id] = head.special_stats
        for game in head.games:
            if game.counts_apart and game.id not in out:
                out[game.id] = game.special_stats
    return tuple(out.items())


def by_kind(kind: str) -> Game | None:
    """The game whose table, cards and hint go by ``kind`` ("spike": Corellian Spike,
    whose table and deck Coruscant Shift shares); None for none."""
    return next((game for game in every_game() if game.kind == kind), None)


def all_presets() -> tuple[str, ...]:
    """Every rule-set name of every game (the command line's ``--preset`` choices)."""
    return tuple(v.name for game in GAMES.values() for v in game.variants)


def tutorials() -> tuple[str, ...]:
    """What ``--tutorial`` plays: every game's coached first hand (game.help.coach),
    then every rule set's intro but a game's default one (game.help.intros)."""
    intros = (v.name for g in GAMES.values() for v in g.variants if v.name != g.default_variant)
    return (*GAMES, *intros)


def rule_set(game: str, preset: str) -> str:
    """A stable id of what is played: "sabacc:classic", "brag", "ninehalf"."""
    entry = get(game)
    return f"{game}:{preset}" if entry.has_presets else game
