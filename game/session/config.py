"""What a quick-play table is set up with, and the engine options that follow from it.

No pygame here: the menus build a :class:`QuickPlayConfig`, the tables and the
quick-play save read it back (``config_to_json`` / ``config_from_json``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game import games
from game.session.summary import SessionLog

GAMES = games.GAME_IDS
PRESETS = games.get("sabacc").table_preset_names
LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class GameLimits:
    min_opponents: int
    max_opponents: int
    chip_options: tuple[int, ...]
    default_chips: int


# The quick-play menu's choices, from each game's entry in the registry.
LIMITS: dict[str, GameLimits] = {
    game.id: GameLimits(
        game.table_seats[0] - 1, game.table_seats[1] - 1, game.chip_options, game.default_chips
    )
    for game in games.all_games()
}


@dataclass(frozen=True, slots=True)
class QuickPlayConfig:
    game: str = "sabacc"
    preset: str = "classic"
    opponents: tuple[str, ...] = ("normal", "normal", "normal")
    starting_chips: int = 100
    seed: int | None = None
    rounds: int = 1  # hands (sabacc), games (brag) or deals (ninehalf) under autoplay
    # The player's house rules: (engine option name, value) pairs that differ from the
    # game's (or the Sabacc preset's) defaults, sorted by name.  Values are plain JSON
    # kinds (bool, int, float, str) or tuples of ints, so the quick-play save holds them.
    house_rules: tuple[tuple[str, Any], ...] = ()
    # Campaign characters seated as the first opponents (a rival rematch): each plays at
    # its own level and personality, under its own name and face.  Empty: the regulars.
    rivals: tuple[str, ...] = ()


def seat_personality(config: QuickPlayConfig, seat: int) -> Any:
    """The personality opponent ``seat`` (1-based) plays with: a rival's own, else None
    (the game's default)."""
    from game.campaign.venues import CHARACTERS

    if 1 <= seat <= len(config.rivals):
        return CHARACTERS[config.rivals[seat - 1]].personality
    return None


def default_options(game: str, preset: str = "classic") -> Any:
    """The engine options a game (a Sabacc preset) is played by before any house rule."""
    return games.get(game).default_options(preset)


def engine_options(config: QuickPlayConfig) -> Any:
    """The options a quick-play table builds its engine with: the defaults plus the
    house rules.  ValueError (the engine's own reason) when they do not go together;
    TypeError when a house rule names no option of that game."""
    return games.get(config.game).options_with(config.preset, dict(config.house_rules))


@dataclass(slots=True)
class SessionResult:
    """What the results screen shows; tables fill it in as they play."""

    config: QuickPlayConfig
    rounds_played: int = 0
    chips_end: list[int] = field(default_factory=list)  # seat 0 is the player
    winner: int | None = None
    names: list[str] = field(default_factory=list)  # the seats' names (characters)
    log: SessionLog | None = None  # the session hand by hand (chart, pots, best hand)
    # Brag: the last game's points by seat (the finale's standings).
    scores: list[int] = field(default_factory=list)


def config_to_json(config: QuickPlayConfig) -> dict[str, Any]:
    """A QuickPlayConfig as plain JSON (for the quick-play save).

    >>> config_to_json(QuickPlayConfig(seed=7))["opponents"]
    ['normal', 'normal', 'normal']
    """
    return {
        "game": config.game,
        "preset": config.preset,
        "opponents": list(config.opponents),
        "starting_chips": config.starting_chips,
        "seed": config.seed,
        "rounds": config.rounds,
        "house_rules": {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in config.house_rules
        },
        "rivals": list(config.rivals),
    }


def config_from_json(data: Any) -> QuickPlayConfig:
    """The QuickPlayConfig a save holds; SerializeError naming what is wrong.

    >>> config = QuickPlayConfig(game="brag", opponents=("easy",), starting_chips=50)
    >>> config_from_json(config_to_json(config)) == config
    True
    """
    from game.storage.saves import SaveFormatError, require
    from game.storage.serialize import SerializeError

    try:
        game = require(data, "game", str, "config")
        opponents = require(data, "opponents", list, "config")
        chips = require(data, "starting_chips", int, "config")
        seed = data.get("seed")
        config = QuickPlayConfig(
            game=game,
            preset=require(data, "preset", str, "config"),
            opponents=tuple(str(level) for level in opponents),
            starting_chips=chips,
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
            rounds=require(data, "rounds", int, "config"),
            house_rules=_house_rules_from_json(data.get("house_rules", {})),
            rivals=_rivals_from_json(data.get("rivals", []), len(opponents)),
        )
    except SaveFormatError as error:
        raise SerializeError(str(error)) from error
    if game not in GAMES or not all(level in LEVELS for level in config.opponents):
        raise SerializeError("saved table config names an unknown game or level")
    if config.house_rules:
        try:
            engine_options(config)  # the engine checks the saved house rules again
        except (TypeError, ValueError) as error:
            raise SerializeError(f"saved house rules do not load: {error}") from error
    return config


def _rivals_from_json(data: Any, opponents: int) -> tuple[str, ...]:
    """Saved rivals (saves from before rematches have none): known characters only."""
    from game.campaign.venues import CHARACTERS
    from game.storage.serialize import SerializeError

    if not isinstance(data, list) or len(data) > opponents:
        raise SerializeError("saved rivals are not a list of the table's characters")
    if not all(isinstance(cid, str) and cid in CHARACTERS for cid in data):
        raise SerializeError("saved rivals name an unknown character")
    return tuple(data)


def _house_rules_from_json(data: Any) -> tuple[tuple[str, Any], ...]:
    """Saved house rules back to config pairs (saves from before house rules have
    none: an empty mapping).  Lists were tuples (Nine and a Half's limit choices)."""
    from game.storage.serialize import SerializeError

    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise SerializeError("saved house rules must map option names to values")
    pairs: list[tuple[str, Any]] = []
    for name, value in sorted(data.items()):
        if isinstance(value, list):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise SerializeError(f"saved house rule {name} holds a bad list")
            value = tuple(value)
        elif value is not None and not isinstance(value, bool | int | float | str):
            raise SerializeError(f"saved house rule {name} holds a bad value")
        pairs.append((name, value))
    return tuple(pairs)
