"""The words of a hand record: how each engine's chance outcomes, actions, options and
table are written in the game's own terms, and read back.

Everything the program calls by a class or a number is named here once: a record never
holds a class name, a module path or an engine's card number. Renaming an engine class
changes its family's imports, never a written record.

Families (one per engine), each a :class:`Family` in a module of its own that its game's
registry entry names (``record``, game.games): ``sabacc`` (every RULES.md §1 rule set,
game/record/sabacc.py), ``kessel`` (``kessel``, ``kessel-shift``), ``spike``
(``corellian-spike``) and ``coruscant`` (``coruscant-shift``, game/record/spike.py),
``brag`` and ``ninehalf``. This module holds the notation every family shares.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why, in plain words.

    Made with :meth:`of` from a message key (``records.why.*`` in
    assets/locales/<lang>/records.json) and its parameters, ``str()`` is the English
    words (what ``check`` prints) and :meth:`said` the same reason in the player's
    language. A parameter that is itself a RecordError is said in the same language;
    ``reason`` holds an engine's own (English) refusal, which ``said`` passes through
    ``engine_reason`` when given."""

    def __init__(self, message: str = "", key: str = "", **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(_english(key, params) if key else message)

    @classmethod
    def of(cls, key: str, **params: Any) -> RecordError:
        return cls("", "records.why." + key, **params)

    def said(self, engine_reason: Callable[[str], str] | None = None) -> str:
        from game import i18n

        if not self.key:
            return i18n.t("records.why.other", detail=str(self))
        params = {
            name: value.said(engine_reason) if isinstance(value, RecordError) else value
            for name, value in self.params.items()
        }
        if engine_reason is not None and isinstance(params.get("reason"), str):
            params["reason"] = engine_reason(params["reason"])
        return i18n.t(self.key, **params)


def _english(key: str, params: dict[str, Any]) -> str:
    from game import i18n

    with i18n.speaking("en"):
        return i18n.t(
            key, **{k: str(v) if isinstance(v, RecordError) else v for k, v in params.items()}
        )


def family(game: str, rule_set: str) -> Family:
    """The words of the engine that plays ``game`` under ``rule_set``: the ``record``
    of the game's registry entry (a rule set of RULES.md §4 has an engine of its own)."""
    from game import games

    if game not in games.GAME_IDS:
        raise RecordError(f"unknown game {game!r}")
    try:
        entry = games.get(game).member(rule_set or None)
    except ValueError as error:
        raise RecordError(f"{game} has no rule set {rule_set!r}") from error
    found: Family = games.load(entry.record)
    return found


# ------------------------------------------------------------------ card codes
@dataclass(frozen=True)
class Cards:
    """A family's card codes (CONTRACT §1): engine card <-> text."""

    code: Callable[[int], str]
    parse: Callable[[str], int]


# ------------------------------------------------------------------ chance steps
# A chance step is written ``[kind, value]`` or ``[kind, seat, value]`` (the seat the
# card goes to, or whose card a shift takes); each family says which kind its engine
# waits for (``Family.pending``).
def dice(a: int, b: int) -> list[int]:
    return [int(a), int(b)]


def two_dice(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and 1 <= v <= 6 for v in value)
    ):
        raise RecordError(f"{value!r} is not two dice (two faces 1 to 6)")
    return value[0], value[1]


def number(value: Any, what: str) -> int:
    if type(value) is not int:
        raise RecordError(f"{value!r} is not {what}")
    return value


_CARD_KINDS = {
    "deal",
    "shift",
    "shift-deal",
    "draw",
    "demise",
    "card",
    "dice-take",
    "dice-deal",
    "flip",
    "exhaust-deal",
    "gain",
    "swap-deal",
    "blind",
    "hit",
    "dealer-draw",
}


def chance_word(fam: Family, kind: str, outcome: Any) -> Any:
    """The written value of an engine's chance ``outcome`` of ``kind``."""
    own = fam.chance_words.get(kind)
    if own is not None:
        return own[0](outcome)
    if kind in _CARD_KINDS:
        return None if outcome == -1 else card_word(fam, outcome)
    if kind in ("die", "player-die"):
        return int(outcome)
    if kind == "dice":
        return dice(*divmod(int(outcome), 10))
    raise RecordError(f"no word for a {kind} step")


def chance_outcome(fam: Family, kind: str, value: Any) -> Any:
    """The engine's outcome for a written chance ``value`` of ``kind``."""
    own = fam.chance_words.get(kind)
    if own is not None:
        return own[1](value)
    if kind in _CARD_KINDS:
        if value is None and fam.no_card:
            return -1  # deck and discards both empty: no card
        return card_of(fam, value)
    if kind in ("die", "player-die"):
        return number(value, "a die's face")
    if kind == "dice":
        a, b = two_dice(value)
        return 10 * a + b
    raise RecordError(f"unknown chance step {kind!r}")


def card_word(fam: Family, card: int) -> str:
    return fam.cards.code(int(card))


def card_of(fam: Family, word: Any) -> int:
    if not isinstance(word, str):
        raise RecordError(f"{word!r} is not a card code")
    return _card_of(fam, word)


@functools.lru_cache(maxsize=4096)
def _card_of(fam: Family, word: str) -> int:
    try:
        return fam.cards.parse(word)
    except (ValueError, KeyError, IndexError) as error:
        raise RecordError.of("not_a_card", card=repr(word)) from error


# ------------------------------------------------------------------ actions
# An action is written ``[seat, verb, arguments...]``. Each verb names one move of
# RULES.md and the kinds of its arguments: "n" a whole number, "w" a word, "c" a card,
# "cs" a list of cards, "sets" a list of lists of cards, "ws" a list of words, "seat?"
# a seat or null.
@dataclass(frozen=True)
class Verb:
    word: str
    action: type
    args: tuple[tuple[str, str], ...] = ()  # (field, kind)


def verbs(*items: Verb) -> dict[str, Verb]:
    return {v.word: v for v in items}


# ------------------------------------------------------------------ a family
def _no_more(state: Any, start: Any, out: dict[str, Any]) -> None:
    """A hand's result with its winners and stacks only."""


def _dealer(state: Any) -> int | None:
    return int(state.dealer)


@dataclass(frozen=True, eq=False)
class Family:
    """One engine's record words, in its own module (game/record/<game>.py).

    ``pending(state) -> (kind, seat)``: the chance step ``state`` waits for;
    ``chance_words``: its own chance kinds, ``kind -> (outcome -> word, word ->
    outcome)``, before the kinds every family shares (cards, a die, two dice);
    ``start_words(state)``: what the table carries into a hand; ``set_table(state,
    table, seats, dealer, started)``: that table set on a fresh match and the hand
    started (game.record.table.begin); ``result(state, start, out)``: its own words of
    a hand's result (pots, scores) added to ``out``; ``own_state(seats, rule_set,
    options, stacks)``: a match built with the record's options as they are, for an
    engine the registry's factory would change them for.
    """

    name: str
    cards: Cards
    verbs: dict[str, Verb]
    pending: Callable[[Any], tuple[str, int | None]]
    start_words: Callable[[Any], dict[str, Any]]
    set_table: Callable[[Any, dict[str, Any], int, int | None, Any], None]
    chance_words: Mapping[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = field(
        default_factory=dict
    )
    # The hand begins when the last one is over (its antes are its first events): the
    # table is read just before the hand is started. False: a deal is read at its
    # first step (Brag deals a game's next deal itself; Nine and a Half's first deal
    # is dealt as the match is made).
    started_by_table: bool = True
    no_card: bool = False  # a card step may deal no card (written null): Sabacc's
    dealer_of: Callable[[Any], int | None] = _dealer
    result: Callable[[Any, Any, dict[str, Any]], None] = _no_more
    own_state: Callable[[int, str, Any, list[int]], Any] | None = None
    least_stack: int = 0  # the stack a new match needs at each seat (made, then set)
    first_deal_silent: bool = False  # a match's first deal is dealt unannounced
    # Its record's start holds all the table carries into the hand (with ``table.won``):
    # a save resumes from its last record alone (game.storage.journal).
    resumes_alone: bool = False

    @functools.cached_property
    def by_action(self) -> dict[type, Verb]:
        return {verb.action: verb for verb in self.verbs.values()}


def action_words(fam: Family, seat: int, action: Any) -> list[Any]:
    """``[seat, verb, arguments...]`` for an engine action."""
    verb = fam.by_action.get(type(action))
    if verb is None:
        raise RecordError(f"no word for the move {action!r}")
    out: list[Any] = [int(seat), verb.word]
    for name, kind in verb.args:
        value = getattr(action, name)
        if kind == "c":
            out.append(card_word(fam, value))
        elif kind == "cs":
            out.append([card_word(fam, c) for c in value])
        elif kind == "sets":
            out.append([[card_word(fam, c) for c in s] for s in value])
        elif kind == "ws":
            out.append(list(value))
        else:
            out.append(value)
    return out


def action_of(fam: Family, words: list[Any]) -> tuple[int, Any]:
    """``(seat, engine action)`` for ``[seat, verb, arguments...]``."""
    seat, verb_word, args = words[0], words[1], words[2:]
    verb = fam.verbs.get(verb_word) if isinstance(verb_word, str) else None
    if verb is None:
        raise RecordError(f"{verb_word!r} is not a move of this game")
    if len(args) != len(verb.args):
        raise RecordError(f"{verb.word} takes {len(verb.args)} argument(s), not {len(args)}")
    fields: dict[str, Any] = {}
    for (name, kind), value in zip(verb.args, args, strict=True):
        if kind == "n":
            fields[name] = number(value, f"a number for {verb.word}")
        elif kind == "w":
            if not isinstance(value, str):
                raise RecordError(f"{value!r} is not a word for {verb.word}")
            fields[name] = value
        elif kind == "seat?":
            fields[name] = None if value is None else number(value, "a seat")
        elif kind == "c":
            fields[name] = card_of(fam, value)
        elif kind == "cs":
            if not isinstance(value, list):
                raise RecordError(f"{verb.word} takes a list of cards")
            fields[name] = tuple(card_of(fam, c) for c in value)
        elif kind == "sets":
            if not isinstance(value, list) or not all(isinstance(s, list) for s in value):
                raise RecordError(f"{verb.word} takes a list of sets of cards")
            fields[name] = tuple(tuple(card_of(fam, c) for c in s) for s in value)
        elif kind == "ws":
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                raise RecordError(f"{verb.word} takes a list of words")
            fields[name] = tuple(value)
    try:
        return seat, verb.action(**fields)
    except (TypeError, ValueError) as error:
        raise RecordError(f"{verb.word}: {error}") from error


# ------------------------------------------------------------------ options
def options_words(options: Any) -> dict[str, Any]:
    """Every option by its RULES.md name (the rule set itself is the record's own)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(options):
        if f.name == "preset":
            continue
        value = getattr(options, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def options_of(game: str, rule_set: str, words: Any, lenient: bool = False) -> Any:
    """The engine options a record names; RecordError for an option this game lacks
    (``lenient``: such an option is left out)."""
    from game import games

    if not isinstance(words, dict):
        raise RecordError("options must be an object")
    try:
        base = games.get(game).default_options(rule_set)
    except (KeyError, ValueError) as error:
        raise RecordError(f"{game} has no rule set {rule_set!r}") from error
    known = {f.name: f for f in dataclasses.fields(base)}
    changes: dict[str, Any] = {}
    for name, value in words.items():
        if (name not in known or name == "preset") and lenient:
            continue
        if name not in known or name == "preset":
            raise RecordError(f"{game} has no option {name!r}")
        default = getattr(base, name)
        if isinstance(default, tuple) and isinstance(value, list):
            value = tuple(value)
        if isinstance(default, bool) != isinstance(value, bool) or (
            isinstance(default, int | float) and not isinstance(value, int | float)
        ):
            raise RecordError(f"option {name} has the wrong kind of value: {value!r}")
        if isinstance(default, str) and not isinstance(value, str):
            raise RecordError(f"option {name} has the wrong kind of value: {value!r}")
        changes[name] = value
    try:
        return dataclasses.replace(base, **changes)
    except (TypeError, ValueError) as error:
        raise RecordError(f"the options do not go together: {error}") from error
