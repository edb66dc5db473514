"""Short coached intros of today's Sabacc rule sets (issue 18 §4): Kessel, Kessel with
shift tokens, Corellian Spike and Coruscant Shift.

The same mechanism as ``game.help.intros``: a ``game.help.coaching.Lesson`` on the rule
set's real table, a prepared deal for you (the other cards come off the deck in its own
order), words on what differs, one scripted moment, then the intro ends. Kessel draws
from a discard pile and keeps the card; Kessel with shift tokens plays a Target Tariff
on a chosen seat; Corellian Spike swaps a card with the discard pile for a zero total,
then the spike dice show a pair and a Sabacc Shift deals every hand again; Coruscant
Shift reads the gold and silver dice and places a selection face down.
Pure data, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import games
from game.help.coaching import Lesson, Step
from game.rules.base import GameState

PADDING = 80  # chance outcomes after the prepared ones: the deck's own order


#: Kessel's stock at its default buy-in of 150 credits (RULES.md §4.1.2).
KESSEL_STOCK = 6


def _calm(state: GameState) -> Any:
    """The opponents' play in an intro: stand, check or call; else the first move."""
    legal = state.legal_actions()
    for name in ("Stand", "Check", "Call"):
        for action in legal:
            if type(action).__name__ == name:
                return action
    return legal[0]


def _outcomes(parse: Callable[[str], int], chance: tuple[Any, ...]) -> Callable[..., Any]:
    """The lesson's ``outcome_of``: a card code (Kessel's "s2", Spike's "+5o") becomes
    its card; a seat, a roll, a die face or a tuple of shift tokens passes as it is;
    None takes the first outcome the engine lists that no prepared card is waiting for,
    so the others' cards never take yours."""
    reserved = {parse(item) for item in chance if isinstance(item, str)}

    def outcome_of(state: GameState, item: Any) -> Any:
        legal = [o for o, _ in state.chance_outcomes()]
        if item is None:
            free = [o for o in legal if o not in reserved]
            return (free or legal)[0]
        if isinstance(item, str):
            item = parse(item)
        if item not in legal:
            raise RuntimeError(f"the intro wants {item!r} but the table cannot give it now")
        return item

    return outcome_of


def _kessel_outcome(chance: tuple[Any, ...]) -> Callable[..., Any]:
    from game.rules import kessel_cards as kc

    return _outcomes(kc.parse, chance)


def _spike_outcome(chance: tuple[Any, ...]) -> Callable[..., Any]:
    from game.rules import spike_cards as kc

    return _outcomes(kc.parse, chance)


def _lesson(
    preset: str,
    new_state: Callable[[], GameState],
    chance: tuple[Any, ...],
    outcome_of: Callable[[GameState, Any], Any],
    steps: tuple[Step, ...],
    stop_after: int | None,
    ending: tuple[Step, ...],
    moves: dict[int, tuple[Any, ...]] | None = None,
) -> Lesson:
    """``stop_after`` None: a whole hand, played to the reveal and the settlement."""
    return Lesson(
        id=preset,
        game="sabacc",
        preset=preset,
        new_state=new_state,
        player=0,
        chance=chance + (None,) * PADDING,
        moves=moves or {},
        steps=steps,
        outcome_of=outcome_of,
        ends_with="HandEnded",
        ending=ending,
        stop_after=stop_after,
        opponent=_calm,
    )


def kessel() -> Lesson:
    """A whole round of Kessel: you hold Sand 1 and Blood 4 (a difference of 3), take
    the Impostor off the Blood discard and stand; Kessa keeps the Sand Sylop, Odo draws
    a Blood 1 and puts it back. At the reveal your Impostor's dice show 1 and 6: you
    choose 1, and Sand 1 with Blood 1 is the best Sabacc. Kessa's Sylop Sabacc of 2s
    loses and pays 1; Odo's difference of 2 costs him 2."""
    from game.rules import kessel as kg

    def table() -> GameState:
        return games.get("sabacc").new_state(3, KESSEL_STOCK, "kessel")

    # You start (seat 0); each seat is dealt Sand then Blood; then the two discards;
    # Kessa's draw from the Sand deck, Odo's from the Blood deck, and your Impostor's
    # dice (10 * first + second).
    chance = (0, "s1", "b4", "s6", "b2", "s5", "b3", "s3", "b-imp", "s-sylop", "b1", 16)
    k = "lesson.kessel."
    steps = (
        Step(k + "welcome", "piles", 0),
        Step(k + "hand", "hand", 0),
        Step(k + "pot", "pot", 0),
        _go(k + "draw", "piles", 0, kg.Draw("blood-discard")),
        _go(k + "keep", "hand", 1, kg.KeepDrawn()),
        _go(k + "stand", "actions", 1, kg.Stand()),
        Step(k + "returned", "piles", 2),
        _go(k + "last", "actions", 2, kg.Stand()),
        _go(k + "impostor", "dice", 3, kg.ChooseFace(1)),
    )
    ending = (
        Step(k + "sylop", "seat:1", 4),
        Step(k + "won", "hand", 4),
        Step(k + "losing", "seat:2", 4),
    )
    moves = {
        1: (kg.Draw("sand"), kg.KeepDrawn(), kg.Stand(), kg.Stand()),
        2: (kg.Stand(), kg.Draw("blood"), kg.ReturnDrawn(), kg.Stand()),
    }
    return _lesson("kessel", table, chance, _kessel_outcome(chance), steps, None, ending, moves)


KESSEL_SHIFT_TOKENS = ("free-draw", "target-tariff", "immunity")
ODO_TOKENS = ("refund", "general-tariff", "embargo")


def kessel_shift() -> Lesson:
    """A whole round of Kessel with shift tokens: you hold Free Draw, Target Tariff and
    Immunity. Immunity first, so Odo's General Tariff charges Kessa but not you; then
    your Target Tariff costs Kessa 2; in the last turn Free Draw brings a Sand 1 for
    nothing, and Sand 1 with Blood 1 beats Kessa's 4s and Odo's 2s."""
    from game.rules import kessel as kg

    def table() -> GameState:
        sabacc = games.get("sabacc")
        options = sabacc.options_with("kessel-shift", {"token_mode": "random"})
        return sabacc.new_state(3, KESSEL_STOCK, "kessel-shift", options)

    # You start; the tokens (yours, Kessa's: the first set the engine lists, Odo's);
    # the deal, Sand then Blood to each seat; the two discards; Odo's Blood draw,
    # Kessa's Sand draw and yours.
    chance: tuple[Any, ...] = (0, KESSEL_SHIFT_TOKENS, None, ODO_TOKENS)
    chance += ("s3", "b1", "s4", "b4", "s2", "b6", "s6", "b5", "b2", "s5", "s1")
    k = "lesson.kessel-shift."
    tariff = kg.PlayToken("target-tariff", 1)
    steps = (
        Step("intros2.kessel-shift.differs", "piles", 0),
        Step(k + "tokens", "tokens", 0),
        _go(k + "immunity", "tokens", 0, kg.PlayToken("immunity")),
        _go(k + "stand", "actions", 1, kg.Stand()),
        Step(k + "shielded", "seat:2", 2),
        _go(k + "tariff", "tokens", 2, tariff),
        _go(k + "stand2", "actions", 3, kg.Stand()),
        _go(k + "free_draw", "tokens", 4, kg.PlayToken("free-draw")),
        _go(k + "draw", "piles", 5, kg.Draw("sand")),
        _go(k + "keep", "hand", 6, kg.KeepDrawn()),
    )
    ending = (Step(k + "won", "seat:1", 7), Step(k + "spent", "tokens", 7))
    moves = {
        1: (kg.Stand(), kg.Draw("sand"), kg.ReturnDrawn(), kg.Stand()),
        2: (
            kg.PlayToken("general-tariff"),
            kg.Draw("blood"),
            kg.KeepDrawn(),
            kg.Stand(),
            kg.Stand(),
        ),
    }
    return _lesson(
        "kessel-shift", table, chance, _kessel_outcome(chance), steps, None, ending, moves
    )


def _go(key: str, target: str, when: int, action: Any) -> Step:
    """A step that asks for one move."""
    return Step(key, target, when, lambda a: a == action, action)


def corellian_spike() -> Lesson:
    """A whole game of Corellian Spike, three rounds: you swap the +8 for the -5 on the
    discard pile (+5 -5: zero, a Sabacc), gain a Sylop (a Yee-Haa, a named hand); Odo
    junks; the spike dice show doubles and the Sabacc Shift deals you +6 -4 +1 (a
    Nulrhek of +3); a -3 brings you back to zero, which beats Kessa's Nulrhek of +1
    and takes both pots."""
    from game.rules import spike
    from game.rules import spike_base as sb
    from game.rules import spike_cards as kc

    def table() -> GameState:
        return games.get("sabacc").new_state(3, 100, "corellian-spike", dealer=2)

    # The deal goes round from your seat (left of the dealer): your cards are the
    # first and the fourth; then the card that starts the discard pile. Round 1's dice
    # show 1 and 2; round 2: you gain the Sylop, the dice show two 3s and the Sabacc
    # Shift deals you three cards and Kessa two; round 3: you gain the -3 and the dice
    # show 1 and 3.
    chance: tuple[Any, ...] = ("+5o", "+2t", "-7o", "+8t", "-4s", "+9o", "-5s", SPIKE_MISS, "sylop")
    chance += (SHIFT_DOUBLES, "+6o", "-4t", "+1s", "+9s", "-8o", "-3s", SPIKE_MISS + 1)
    k = "lesson.corellian-spike."
    swap = spike.SwapDiscard(kc.parse("+8t"))
    steps = (
        Step("intros2.corellian-spike.differs", "piles", 0),
        Step("intros2.corellian-spike.pots", "pots", 0),
        Step(k + "hand", "hand", 0),
        _go(k + "swap", "discard", 0, swap),
        Step(k + "zero", "hand", 1),
        _go(k + "check", "actions", 1, sb.CHECK),
        Step(k + "dice", "dice", 2),
        _go(k + "gain", "piles", 2, sb.GAIN),
        _go(k + "keep", "hand", 3, sb.KEEP_GAINED),
        Step(k + "junked", "seat:2", 4),
        _go(k + "check2", "actions", 4, sb.CHECK),
        _go(k + "call", "actions", 5, sb.CALL),
        Step(k + "shift", "dice", 6),
        Step(k + "nulrhek", "hand", 6),
        _go(k + "gain2", "piles", 6, sb.GAIN),
        _go(k + "keep2", "hand", 7, sb.KEEP_GAINED),
        _go(k + "check3", "actions", 8, sb.CHECK),
    )
    ending = (Step(k + "reveal", "seat:1", 9), Step(k + "pots_won", "pots", 9))
    moves = {
        1: (sb.STAND, sb.CHECK, sb.STAND, sb.Bet(2), sb.STAND, sb.CHECK),
        2: (sb.STAND, sb.CHECK, sb.FOLD),
    }
    outcome = _spike_outcome(chance)
    return _lesson("corellian-spike", table, chance, outcome, steps, None, ending, moves)


SHIFT_DOUBLES = 6 * 2 + 2  # the spike dice's outcome for two 3s: a Sabacc Shift
SPIKE_MISS = 1  # the spike dice's outcome for a 1 and a 2: no shift


CORUSCANT_DEAL = (
    # Five rounds from Kessa, the starting player: Kessa, Odo, you.
    ("+5o", "-10t", "+8s"),
    ("+3t", "+4o", "+9o"),
    ("-3o", "+6t", "-6t"),
    ("+7t", "-2o", "-1s"),
    ("+9t", "-9s", "+2t"),
)
CORUSCANT_FIRST = ("+8s", "-1s")
CORUSCANT_NEW = ("-2s", "+10o", "-7t")


def coruscant_shift() -> Lesson:
    """A whole hand of Coruscant Shift: the gold die sets the target +5 and the silver
    die squares. You place the +8 and -1 of squares (+7), the shift refills your hand,
    and the new -2 of squares makes +5 on the target with three squares; Kessa's +5 has
    none, so the suit decides for you."""
    from game.rules import coruscant
    from game.rules import spike_base as sb
    from game.rules import spike_cards as kc

    def table() -> GameState:
        return games.get("sabacc").new_state(3, 100, "coruscant-shift", dealer=1)

    def pick(*codes: str) -> Any:
        return coruscant.Select(tuple(sorted(kc.parse(c) for c in codes)))

    deal = tuple(card for row in CORUSCANT_DEAL for card in row)
    # Then the gold die (+5) and the silver die (2: squares); the shift deals Kessa
    # four cards and Odo two from the deck's own order, then your three.
    chance = (*deal, 5, 2, None, None, None, None, None, None, *CORUSCANT_NEW)
    first, second = pick(*CORUSCANT_FIRST), pick(*CORUSCANT_FIRST, "-2s")

    def same(wanted: Any) -> Callable[[Any], bool]:
        def wants(action: Any) -> bool:
            cards = getattr(action, "cards", None)
            return cards is not None and tuple(sorted(cards)) == wanted.cards

        return wants

    k = "lesson.coruscant-shift."
    steps = (
        Step("intros2.coruscant-shift.differs", "piles", 0),
        Step(k + "dice", "dice", 0),
        Step(k + "hand", "hand", 0),
        Step(k + "select", "hand", 0, same(first), first),
        Step(k + "hidden", "seat:1", 1),
        _go(k + "call", "actions", 1, sb.CALL),
        Step(k + "shift", "hand", 2),
        Step(k + "second", "hand", 2, same(second), second),
        _go(k + "call2", "actions", 3, sb.CALL),
    )
    ending = (Step(k + "reveal", "seat:1", 4), Step(k + "won", "pots", 4))
    moves = {
        1: (pick("+5o"), sb.Bet(2), pick("+5o"), sb.Bet(3)),
        2: (pick("+4o", "+6t", "-2o"), sb.CALL, pick("+4o", "+6t", "-2o"), sb.FOLD),
    }
    outcome = _spike_outcome(chance)
    return _lesson("coruscant-shift", table, chance, outcome, steps, None, ending, moves)


def _builder(ref: str) -> Callable[[], Lesson]:
    return lambda: games.load(ref)()


#: The intros of today's Sabacc (Kessel, Corellian Spike, Coruscant Shift), each a
#: game of its own on its own table: the rule sets whose ``intro`` is in this module.
MODERN_INTROS: dict[str, Callable[[], Lesson]] = {
    variant.name: _builder(variant.intro)
    for game in games.all_games()
    for variant in game.variants
    if variant.intro is not None and variant.intro.startswith(__name__ + ":")
}
