"""The words of a hand record: how each engine's chance outcomes, actions, options and
table are written in the game's own terms, and read back.

Everything the program calls by a class or a number is named here once: a record never
holds a class name, a module path or an engine's card number. Renaming an engine class
changes this table's imports, never a written record.

Families (one per engine): ``sabacc`` (every RULES.md §1 rule set), ``kessel``
(``kessel``, ``kessel-shift``), ``spike`` (``corellian-spike``), ``coruscant``
(``coruscant-shift``), ``brag`` and ``ninehalf``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules import brag, cards52, coruscant, kessel, ninehalf, spike
from game.rules import kessel_cards as kc
from game.rules import sabacc_actions as sa
from game.rules import sabacc_cards as sc
from game.rules import spike_base as sb
from game.rules import spike_cards as pc
from game.rules.sabacc_presets import VALUE_RULES


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


def family(game: str, rule_set: str) -> str:
    """Which engine plays ``game`` under ``rule_set`` (a game without rule sets is its
    own family; the rule sets of RULES.md §4 have engines of their own)."""
    from game import games

    if game not in games.GAME_IDS:
        raise RecordError(f"unknown game {game!r}")
    if not games.get(game).has_presets:
        return game
    return {
        "kessel": "kessel",
        "kessel-shift": "kessel",
        "corellian-spike": "spike",
        "coruscant-shift": "coruscant",
    }.get(rule_set, "sabacc")


# ------------------------------------------------------------------ card codes
@dataclass(frozen=True)
class Cards:
    """A family's card codes (CONTRACT §1): engine card <-> text."""

    code: Callable[[int], str]
    parse: Callable[[str], int]


def _kessel_parse(text: str) -> int:
    card, value = kc.parse_code(text)
    if value is not None:
        raise ValueError(f"{text!r}: a card from a pile has no Impostor value yet")
    return card


CARDS = {
    "sabacc": Cards(sc.code, sc.parse),
    "kessel": Cards(lambda c: kc.code(c), _kessel_parse),
    "spike": Cards(pc.code, pc.parse),
    "coruscant": Cards(pc.code, pc.parse),
    "brag": Cards(cards52.code, cards52.parse),
    "ninehalf": Cards(cards52.code, cards52.parse),
}


def card_word(fam: str, card: int) -> str:
    return CARDS[fam].code(int(card))


def card_of(fam: str, word: Any) -> int:
    if not isinstance(word, str):
        raise RecordError(f"{word!r} is not a card code")
    return _card_of(fam, word)


@functools.lru_cache(maxsize=4096)
def _card_of(fam: str, word: str) -> int:
    try:
        return CARDS[fam].parse(word)
    except (ValueError, KeyError, IndexError) as error:
        raise RecordError.of("not_a_card", card=repr(word)) from error


# ------------------------------------------------------------------ chance steps
# A chance step is written ``[kind, value]`` or ``[kind, seat, value]`` (the seat the
# card goes to, or whose card a shift takes). Kinds by family, from the engine's own
# queue of chance tasks:
_SABACC_KINDS = {
    sa._DEAL: "deal",
    sa._DIE: "die",
    sa._SHIFT_PICK: "shift",
    sa._SHIFT_DEAL: "shift-deal",
    sa._DRAW: "draw",
    sa._DEMISE: "demise",
    sa._RULES: "rules",
    sa._CARD: "card",
    sa._DICE: "dice",
    sa._PLAYER_DIE: "player-die",
    sa._DICE_PICK: "dice-take",
    sa._DICE_SWAP: "dice-deal",
    sa._INVERT: "inverted",
}
_KESSEL_KINDS = {
    kessel._START: "first-player",
    kessel._TOKENS: "tokens",
    kessel._DEAL: "deal",
    kessel._FLIP: "flip",
    kessel._DRAW: "draw",
    kessel._EXHAUST: "exhaust-deal",
    kessel._ROLL: "dice",
}
_SPIKE_KINDS = {
    spike._DEAL: "deal",
    spike._FLIP: "flip",
    spike._GAIN: "gain",
    spike._SWAP: "swap-deal",
    spike._DICE: "dice",
    spike._SHIFT: "shift-deal",
    spike._BLIND: "blind",
}
_CORUSCANT_KINDS = {
    coruscant._DEAL: "deal",
    coruscant._GOLD: "gold-die",
    coruscant._SILVER: "silver-die",
    coruscant._SHIFT: "shift-deal",
}


def pending(fam: str, state: Any) -> tuple[str, int | None]:
    """The chance step ``state`` waits for: its kind and the seat it concerns."""
    if fam == "brag":
        return "deal", None
    if fam == "ninehalf":
        phase = state.phase
        return (
            "deal" if phase == ninehalf.DEAL else "hit" if phase == ninehalf.HIT else "dealer-draw"
        ), None
    task = state.chance[0]
    kinds = {
        "sabacc": _SABACC_KINDS,
        "kessel": _KESSEL_KINDS,
        "spike": _SPIKE_KINDS,
        "coruscant": _CORUSCANT_KINDS,
    }[fam]
    seat = task[1] if task[1] >= 0 else None
    return kinds[task[0]], seat


def _dice(a: int, b: int) -> list[int]:
    return [int(a), int(b)]


def _two_dice(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and 1 <= v <= 6 for v in value)
    ):
        raise RecordError(f"{value!r} is not two dice (two faces 1 to 6)")
    return value[0], value[1]


def _number(value: Any, what: str) -> int:
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


def chance_word(fam: str, kind: str, outcome: Any) -> Any:
    """The written value of an engine's chance ``outcome`` of ``kind``."""
    if kind in _CARD_KINDS:
        return None if outcome == -1 else card_word(fam, outcome)
    if kind in ("die", "player-die", "first-player", "gold-die"):
        return int(outcome)
    if kind == "dice":
        if fam == "spike":
            return _dice(outcome // 6 + 1, outcome % 6 + 1)
        return _dice(*divmod(int(outcome), 10))
    if kind == "rules":
        return None if outcome == -1 else VALUE_RULES[outcome]
    if kind == "inverted":
        return bool(outcome)
    if kind == "silver-die":
        return pc.STAVES[outcome]
    if kind == "tokens":
        return list(outcome)
    raise RecordError(f"no word for a {kind} step")


def chance_outcome(fam: str, kind: str, value: Any) -> Any:
    """The engine's outcome for a written chance ``value`` of ``kind``."""
    if kind in _CARD_KINDS:
        if value is None and fam == "sabacc":
            return -1  # deck and discards both empty: no card
        return card_of(fam, value)
    if kind in ("die", "player-die"):
        return _number(value, "a die's face")
    if kind == "first-player":
        return _number(value, "a seat")
    if kind == "gold-die":
        return _number(value, "a gold die face")
    if kind == "dice":
        a, b = _two_dice(value)
        return 6 * (a - 1) + (b - 1) if fam == "spike" else 10 * a + b
    if kind == "rules":
        if value is None:
            return -1
        if value not in VALUE_RULES:
            raise RecordError(f"{value!r} is not a value rule")
        return VALUE_RULES.index(value)
    if kind == "inverted":
        if not isinstance(value, bool):
            raise RecordError(f"{value!r} is not true or false")
        return 1 if value else 0
    if kind == "silver-die":
        if value not in ("o", "t", "s"):
            raise RecordError(f"{value!r} is not a stave (o, t or s)")
        return pc.STAVES.index(value)
    if kind == "tokens":
        if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
            raise RecordError(f"{value!r} is not a list of shift tokens")
        return tuple(value)
    raise RecordError(f"unknown chance step {kind!r}")


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


def _verbs(*items: Verb) -> dict[str, Verb]:
    return {v.word: v for v in items}


_MODERN_BETTING = (
    Verb("check", sb.Check),
    Verb("bet", sb.Bet, (("amount", "n"),)),
    Verb("call", sb.Call),
    Verb("raise", sb.Raise, (("amount", "n"),)),
    Verb("fold", sb.Fold),
    Verb("stand", sb.Stand),
)
VERBS: dict[str, dict[str, Verb]] = {
    "sabacc": _verbs(
        Verb("check", sa.Check),
        Verb("bet", sa.Bet, (("amount", "n"),)),
        Verb("call", sa.Call),
        Verb("raise", sa.Raise, (("amount", "n"),)),
        Verb("fold", sa.Fold),
        Verb("call-hand", sa.CallHand),
        Verb("pass-call", sa.PassCall),
        Verb("draw", sa.Draw),
        Verb("stand", sa.Stand),
        Verb("discard", sa.Discard, (("card", "c"),)),
        Verb("keep", sa.Keep),
        Verb("field", sa.PlaceInField, (("card", "c"),)),
        Verb("lock", sa.Lock, (("card", "c"),)),
        Verb("exchange", sa.Exchange),
        Verb("exchange-card", sa.ExchangeCard, (("card", "c"),)),
        Verb("freeze", sa.Freeze, (("card", "c"),)),
        Verb("declare", sa.Declare, (("side", "w"),)),
        Verb("swap", sa.Swap, (("card", "c"),)),
    ),
    "kessel": _verbs(
        Verb("stand", kessel.Stand),
        Verb("draw", kessel.Draw, (("source", "w"),)),
        Verb("keep", kessel.KeepDrawn),
        Verb("return", kessel.ReturnDrawn),
        Verb("token", kessel.PlayToken, (("token", "w"), ("target", "seat?"))),
        Verb("face", kessel.ChooseFace, (("value", "n"),)),
        Verb("pick-tokens", kessel.PickTokens, (("tokens", "ws"),)),
        Verb("draft", kessel.DraftToken, (("token", "w"),)),
    ),
    "spike": _verbs(
        *_MODERN_BETTING,
        Verb("gain", sb.Gain),
        Verb("keep", sb.KeepGained),
        Verb("discard", sb.DiscardGained),
        Verb("swap", sb.SwapDraw, (("card", "c"),)),
        Verb("swap-discard", sb.SwapDiscard, (("card", "c"),)),
        Verb("select", sb.Select, (("cards", "cs"),)),
    ),
    "brag": _verbs(
        Verb("layout", brag.SetLayout, (("sets", "sets"),)),
        Verb("swap", brag.SwapHand, (("spare", "n"),)),
        Verb("keep", brag.KeepHand),
        Verb("redeal", brag.DemandRedeal),
        Verb("play-on", brag.PlayOn),
        Verb("declare", brag.Declare),
        Verb("no-declare", brag.NoDeclare),
    ),
    "ninehalf": _verbs(
        Verb("limit", ninehalf.SetLimit, (("limit", "n"),)),
        Verb("ante", ninehalf.Ante, (("amount", "n"),)),
        Verb("sit-out", ninehalf.SitOut),
        Verb("hit", ninehalf.Hit),
        Verb("stay", ninehalf.Stay),
        Verb("bet", ninehalf.Bet, (("amount", "n"),)),
        Verb("challenge", ninehalf.Challenge, (("seat", "n"),)),
        Verb("draw", ninehalf.Draw),
        Verb("stop", ninehalf.Stop),
    ),
}
VERBS["coruscant"] = VERBS["spike"]
_BY_ACTION = {fam: {v.action: v for v in verbs.values()} for fam, verbs in VERBS.items()}


def action_words(fam: str, seat: int, action: Any) -> list[Any]:
    """``[seat, verb, arguments...]`` for an engine action."""
    verb = _BY_ACTION[fam].get(type(action))
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


def action_of(fam: str, words: list[Any]) -> tuple[int, Any]:
    """``(seat, engine action)`` for ``[seat, verb, arguments...]``."""
    seat, verb_word, args = words[0], words[1], words[2:]
    verb = VERBS[fam].get(verb_word) if isinstance(verb_word, str) else None
    if verb is None:
        raise RecordError(f"{verb_word!r} is not a move of this game")
    if len(args) != len(verb.args):
        raise RecordError(f"{verb.word} takes {len(verb.args)} argument(s), not {len(args)}")
    fields: dict[str, Any] = {}
    for (name, kind), value in zip(verb.args, args, strict=True):
        if kind == "n":
            fields[name] = _number(value, f"a number for {verb.word}")
        elif kind == "w":
            if not isinstance(value, str):
                raise RecordError(f"{value!r} is not a word for {verb.word}")
            fields[name] = value
        elif kind == "seat?":
            fields[name] = None if value is None else _number(value, "a seat")
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
