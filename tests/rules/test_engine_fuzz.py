"""Random illegal calls at random moments of random matches (issue 14).

Every game (Sabacc in all nine presets, Thirteen Card Brag, Nine and a Half)
is played by random legal moves; at random moments the fuzzer makes calls that
are not legal then — actions not among ``legal_actions()``, actions of another
game, card numbers past the deck, fractional and absurd amounts, chance
outcomes that are not on offer, re-buys of seats that do not exist, a new
hand mid-hand — and asserts that each is refused with ``ValueError``
(``TypeError`` for a value of the wrong Python type) and leaves the state
exactly as it was: every attribute, a clone taken before, every seat's view,
the legal moves, chips and cards.

A short run is part of ``make test``; ``make soak`` runs the long one.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from game.rules import brag, cards52, ninehalf
from game.rules import sabacc as sb
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.sabacc_presets import PRESET_NAMES, PRESETS

GAMES = [f"sabacc:{p}" for p in PRESET_NAMES] + ["brag", "ninehalf"]

# Values that are never a card, an amount or a seat — whatever the moment.
NOT_NUMBERS: list[Any] = [None, "3", "7c", b"1", (), [1], 1j, object()]
ODD_NUMBERS: list[Any] = [-1, -2, 0, 1.5, 2.0, -0.5, float("nan"), float("inf"), True, False]
HUGE: list[Any] = [52, 77, 78, 79, 99, 9999, 10**9, 10**30, -(10**30)]


# -- one fuzz case -----------------------------------------------------------------------
@dataclass
class Match:
    state: Any
    game: str
    start_chips: int


def new_match(game: str, rng: random.Random) -> Match:
    if game.startswith("sabacc:"):
        preset = game.split(":", 1)[1]
        options = PRESETS[preset]
        changes: dict[str, Any] = {
            "bombout_penalty": rng.random() < 0.5 or options.bombout_penalty,
            "failed_call_penalty": rng.random() < 0.5,
            "wookiee": rng.random() < 0.3,
        }
        if options.flow == "classic":
            changes["interference_field"] = rng.random() < 0.5
            changes["min_rounds"] = rng.randint(0, 3)
        chips = rng.choice([3, 8, 20, 60])
        players = rng.randint(2, 8)
        state: Any = sb.new_game(
            players,
            options=options.with_(**changes),
            chips=chips,
            seed_dealer=rng.randrange(players),
        )
        return Match(state, game, chips)
    if game == "brag":
        opts = brag.BragOptions(
            target=rng.choice([7, 10]),
            crash=rng.randint(0, 3),
            crash_must_declare=rng.random() < 0.5,
            six_pairs_redeal=rng.random() < 0.5,
            thirteen_card_run=rng.random() < 0.5,
            four_of_a_kind=rng.random() < 0.5,
            allow_foul=rng.random() < 0.5,
        )
        chips = rng.choice([5, 30, 100])
        players = rng.randint(2, 4)
        return Match(brag.new_game(players, opts, chips, rng.randrange(players)), game, chips)
    opts9 = ninehalf.NineHalfOptions(
        dealer_sets_limit=rng.random() < 0.5,
        allow_sit_out=rng.random() < 0.5,
        permanent_dealer=rng.random() < 0.2,
        max_ante=rng.randint(1, 3),
    )
    chips = rng.choice([2, 5, 40])
    players = rng.randint(3, 7)
    return Match(ninehalf.new_game(players, opts9, chips, rng.randrange(players)), game, chips)


# -- the snapshot ---------------------------------------------------------------------------
def _attributes(state: Any) -> dict[str, Any]:
    names: list[str] = []
    for klass in type(state).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    if hasattr(state, "__dict__"):
        names.extend(vars(state))
    return {name: _frozen(getattr(state, name)) for name in names}


def _frozen(value: Any) -> Any:
    """A copy of ``value`` that later changes to the state cannot reach:
    lists, dicts and sets become tuples; immutable values (numbers, text,
    frozen events and options) are kept; anything else is deep-copied."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, set):
        return frozenset(value)
    try:
        hash(value)
    except TypeError:
        return copy.deepcopy(value)
    return value


def _cards(state: Any) -> list[int]:
    for name in ("all_cards", "cards_in_play"):
        method = getattr(state, name, None)
        if method is not None:
            return sorted(method())
    raise AssertionError("no card census")


def snapshot(state: Any) -> tuple[Any, ...]:
    who = state.to_act()
    return (
        _attributes(state),
        who,
        [repr(a) for a in state.legal_actions()] if who >= 0 else [],
        [state.view(s) for s in range(state.num_seats)],
        tuple(state.chips),
        _cards(state),
        state.completed,
        tuple(state.wins),
    )


# -- illegal calls ----------------------------------------------------------------------------
Call = tuple[str, Callable[[], Any]]


def _numbers(rng: random.Random, top: int) -> list[Any]:
    return (
        rng.sample(NOT_NUMBERS, 2)
        + rng.sample(ODD_NUMBERS, 3)
        + rng.sample(HUGE, 2)
        + [rng.randint(0, top) for _ in range(3)]
    )


def _sabacc_actions(rng: random.Random) -> list[Any]:
    acts: list[Any] = [
        sb.CHECK,
        sb.CALL,
        sb.FOLD,
        sb.CALL_HAND,
        sb.PASS_CALL,
        sb.DRAW,
        sb.STAND,
        sb.KEEP,
        sb.EXCHANGE,
        sb.Declare(rng.choice(["light", "dark", "grey", "", None, 3])),
    ]
    for value in _numbers(rng, 77):
        kind = rng.choice(
            [sb.Discard, sb.PlaceInField, sb.Lock, sb.ExchangeCard, sb.Freeze, sb.Swap]
        )
        acts.append(kind(value))
    for value in _numbers(rng, 40):
        acts.append(rng.choice([sb.Bet, sb.Raise])(value))
    return acts


def _brag_layouts(state: brag.BragState, rng: random.Random) -> list[Any]:
    """Layouts refused at any moment (or a legal-looking one, outside the setting phase)."""
    seat = state.to_act()
    hand = state.hands[state.holder[seat]] if seat >= 0 else list(range(13))
    hand = list(hand) or list(range(13))
    outside = [c for c in range(52) if c not in hand]
    sets = [tuple(hand[i : i + 3]) for i in range(0, 12, 3)]
    bad = rng.choice([-1, 52, 9999, 2.5, None, "ZZ", True])
    layouts: list[Any] = [
        brag.SetLayout(((hand[0], hand[1], rng.choice(outside)),)),  # a card not held
        brag.SetLayout(((hand[0], hand[1], bad),)),  # no such card
        brag.SetLayout(((hand[0], hand[1], hand[2]), (hand[2], hand[3], hand[4]))),  # twice
        brag.SetLayout(((hand[0], hand[1]),)),  # two cards
        brag.SetLayout(((hand[0], hand[1], hand[2], hand[3]),)),  # four cards
        brag.SetLayout((*sets, sets[0])),  # five sets
        brag.SetLayout(rng.choice([None, "AS", 3])),  # not a layout at all
        brag.SetLayout((rng.choice(["ASKSQS", None, 7]),)),  # not a set at all
    ]
    if not state.options.allow_foul:
        fouled = list(reversed(sets))
        if not brag.is_valid_layout([cards52.codes(s) for s in fouled]):
            layouts.append(brag.SetLayout(tuple(fouled)))
    if state.phase is not brag.Phase.SETTING:
        layouts.append(brag.SetLayout(tuple(sets)))
        layouts.append(brag.SetLayout(()))
    return layouts


def _brag_actions(state: brag.BragState, rng: random.Random) -> list[Any]:
    acts: list[Any] = [brag.KeepHand(), brag.DemandRedeal(), brag.PlayOn()]
    acts += [brag.Declare(), brag.NoDeclare()]
    acts += [brag.SwapHand(v) for v in [0, 1, 2, 3, -1, 1.5, None, True]]
    return acts + _brag_layouts(state, rng)


def _ninehalf_actions(rng: random.Random) -> list[Any]:
    acts: list[Any] = [ninehalf.SitOut(), ninehalf.Hit(), ninehalf.Stay()]
    acts += [ninehalf.Draw(), ninehalf.Stop()]
    for value in _numbers(rng, 25) + [5, 10, 15, 20]:
        kind = rng.choice([ninehalf.SetLimit, ninehalf.Ante, ninehalf.Bet, ninehalf.Challenge])
        acts.append(kind(value))
    return acts


FOREIGN: list[Any] = [
    None,
    "check",
    3,
    sb.CHECK,
    sb.Bet(1),
    brag.KeepHand(),
    ninehalf.Bet(1),
    ninehalf.Stay(),
]


def _illegal_actions(match: Match, rng: random.Random) -> Iterator[Any]:
    state = match.state
    who = state.to_act()
    legal = {repr(a) for a in state.legal_actions()} if who >= 0 else set()
    if match.game == "brag":
        own: list[Any] = _brag_actions(state, rng)
    elif match.game == "ninehalf":
        own = _ninehalf_actions(rng)
    else:
        own = _sabacc_actions(rng)
    foreign = [a for a in FOREIGN if type(a).__module__ != type(own[0]).__module__]
    setting = match.game == "brag" and state.phase is brag.Phase.SETTING
    for action in own + foreign:
        if repr(action) in legal:
            continue
        if setting and isinstance(action, brag.SetLayout) and action in state.legal_actions():
            continue
        yield action


def _illegal_outcomes(match: Match, rng: random.Random) -> Iterator[Any]:
    state = match.state
    on_offer: set[str] = set()
    if state.to_act() == CHANCE:
        on_offer = {repr(o) for o, _ in state.chance_outcomes()}
    candidates = _numbers(rng, 77) + [-1, 11, 66, 0, 1, "AS", "7c", "ZZ"]
    for outcome in candidates:
        if repr(outcome) in on_offer:
            continue
        if isinstance(outcome, str) and match.game != "sabacc" and on_offer:
            try:
                if repr(cards52.parse(outcome)) in on_offer:
                    continue  # the 52-card engines take a card's code as well
            except ValueError:
                pass
        yield outcome


def illegal_calls(match: Match, rng: random.Random) -> list[Call]:
    state = match.state
    who = state.to_act()
    calls: list[Call] = []
    for action in _illegal_actions(match, rng):
        calls.append((f"apply({action!r})", lambda a=action: state.apply(a)))
    for outcome in _illegal_outcomes(match, rng):
        calls.append((f"apply_chance({outcome!r})", lambda o=outcome: state.apply_chance(o)))
    n = state.num_seats
    for seat in [n, 99, -1, 1.5, None, "0", True]:
        calls.append((f"rebuy({seat!r}, 5)", lambda s=seat: state.rebuy(s, 5)))
        calls.append((f"view({seat!r})", lambda s=seat: state.view(s)))
    for amount in [0, -5, 1.5, None, "5", True]:
        calls.append((f"rebuy(0, {amount!r})", lambda a=amount: state.rebuy(0, a)))
    if who not in (BETWEEN, TERMINAL):
        calls.append(("rebuy(0, 5) mid-hand", lambda: state.rebuy(0, 5)))
    if who != BETWEEN:
        calls.append(("start_next()", state.start_next))
    if who != CHANCE:
        calls.append(("sample_chance()", lambda: state.sample_chance(random.Random(0))))
    rng.shuffle(calls)
    return calls


def assert_refused(match: Match, name: str, call: Callable[[], Any]) -> None:
    state = match.state
    before = snapshot(state)
    clone = state.clone()
    try:
        call()
    except (ValueError, TypeError):
        pass
    else:
        raise AssertionError(f"{match.game}: {name} was accepted at {before[1]} ({_where(state)})")
    after = snapshot(state)
    assert after == before, f"{match.game}: {name} changed the state ({_where(state)})"
    assert _attributes(clone) == after[0], f"{match.game}: a clone differs after {name}"


def _where(state: Any) -> str:
    return f"phase {getattr(state, 'phase', '?')}, to act {state.to_act()}"


# -- random legal play ------------------------------------------------------------------------
def _rebuy_broke(match: Match) -> None:
    state = match.state
    for seat in range(state.num_seats):
        if not state.can_continue(seat):
            state.rebuy(seat, match.start_chips)


def step(match: Match, rng: random.Random) -> bool:
    """One legal step of the match; False when it is over."""
    state = match.state
    who = state.to_act()
    if who == TERMINAL:
        return False
    if who == CHANCE:
        state.sample_chance(rng)
    elif who == BETWEEN:
        _rebuy_broke(match)
        if state.to_act() == TERMINAL:
            return False
        state.start_next()
    else:
        state.apply(rng.choice(state.legal_actions()))
    return True


def fuzz(
    game: str,
    seed: int,
    steps: int,
    rate: float,
    per_point: int,
    make: Callable[[str, random.Random], Match] | None = None,
    calls: Callable[[Match, random.Random], list[Call]] | None = None,
) -> int:
    """Play a random match of ``game`` and fuzz it; the number of calls refused.
    ``make`` and ``calls`` stand in for this module's match and illegal calls (the
    modern engines' fuzz brings its own)."""
    make = make or new_match
    make_calls = calls or illegal_calls
    rng = random.Random(seed)
    match = make(game, rng)
    refused = 0
    for _ in range(steps):
        if rng.random() < rate:
            for name, call in make_calls(match, rng)[:per_point]:
                assert_refused(match, name, call)
                refused += 1
        if not step(match, rng):
            # Past the end as well: every call is refused.
            for name, call in make_calls(match, rng)[:per_point]:
                assert_refused(match, name, call)
                refused += 1
            break
    return refused


# -- the tests --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_illegal_calls_are_refused_and_change_nothing(game: str) -> None:
    refused = sum(fuzz(game, seed, steps=250, rate=0.08, per_point=6) for seed in range(2))
    assert refused > 60  # the fuzzer did reach the engine


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_illegal_calls_soak(game: str) -> None:
    for seed in range(1000, 1030):
        fuzz(game, seed, steps=1500, rate=0.1, per_point=12)


# -- the cases of issue 14, by name -----------------------------------------------------------
def _sabacc_at(preset: str, phase: str, seed: int = 0) -> sb.SabaccState:
    rng = random.Random(seed)
    for attempt in range(200):
        state = sb.new_game(3, preset=preset, chips=50, seed_dealer=attempt % 3)
        match = Match(state, f"sabacc:{preset}", 50)
        for _ in range(400):
            if state.phase == phase and state.to_act() >= 0:
                return state
            if not step(match, rng):
                break
    raise AssertionError(f"never reached {phase} in {preset}")


@pytest.mark.parametrize(
    ("preset", "phase", "make"),
    [
        ("classic", sb.DISCARDING, sb.Discard),
        ("two-exchange", sb.EXCHANGING, sb.Lock),
        ("great-khan", sb.TURNS, sb.ExchangeCard),
        ("great-khan", sb.TURNS, sb.Freeze),
        ("empress-teta", sb.SWAPPING, sb.Swap),
        ("force", sb.FINAL_DISCARD, sb.Discard),
    ],
)
@pytest.mark.parametrize("card", [78, 9999, -1])
def test_card_numbers_past_the_deck_name_the_card(
    preset: str, phase: str, make: Callable[[int], Any], card: int
) -> None:
    state = _sabacc_at(preset, phase)
    before = snapshot(state)
    with pytest.raises(ValueError, match=rf"no Sabacc card {card}\b"):
        state.apply(make(card))
    assert snapshot(state) == before


def test_place_in_field_past_the_deck() -> None:
    state = sb.new_game(3, options=PRESETS["classic"].with_(interference_field=True))
    match = Match(state, "sabacc:classic", 100)
    rng = random.Random(3)
    while not (state.phase == sb.DRAWING and state.to_act() >= 0):
        step(match, rng)
    for card in (78, 9999, -1):
        with pytest.raises(ValueError, match=rf"no Sabacc card {card}\b"):
            state.apply(sb.PlaceInField(card))


def test_discard_minus_one_names_no_other_card() -> None:
    state = _sabacc_at("classic", sb.DISCARDING)
    with pytest.raises(ValueError) as refused:
        state.apply(sb.Discard(-1))
    assert "Lt" not in str(refused.value) and "-1" in str(refused.value)


@pytest.mark.parametrize("preset", ["classic", "two-exchange", "great-khan"])
def test_fractional_bets_and_raises_are_refused(preset: str) -> None:
    state = _sabacc_at(preset, sb.BETTING)
    before = snapshot(state)
    for action in (sb.Bet(1.5), sb.Raise(1.5), sb.Bet(2.0)):  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="whole number"):
            state.apply(action)
    assert snapshot(state) == before
    assert all(isinstance(c, int) for c in state.chips)


def test_fractional_chance_outcomes_change_nothing() -> None:
    state = sb.new_game(3)
    state.start_next()
    # Empty the deck into the discards: a card for the deal would reshuffle them.
    state.discards, state.deck = state.deck, []
    before = snapshot(state)
    for outcome in (2.5, 9999, 78, -2):
        with pytest.raises(ValueError):
            state.apply_chance(outcome)
        assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.apply_chance("7c")  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_a_card_not_in_the_deck_does_not_reshuffle_the_discards() -> None:
    state = sb.new_game(3)
    state.start_next()
    rng = random.Random(5)
    state.sample_chance(rng)
    dealt = next(c for h in state.hands for c in h)
    # The deck runs out: the next card would come from the reshuffled discards.
    state.discards, state.deck = state.deck, []
    before = snapshot(state)
    with pytest.raises(ValueError, match="not in the deck"):
        state.apply_chance(dealt)  # in a hand, not among the discards
    assert snapshot(state) == before and state.deck == []


@pytest.mark.parametrize("game", ["sabacc:classic", "brag", "ninehalf"])
def test_rebuy_of_a_seat_that_does_not_exist(game: str) -> None:
    state: Any = {
        "sabacc:classic": lambda: sb.new_game(3, chips=100),
        "brag": lambda: brag.new_game(3, chips=100),
        "ninehalf": lambda: ninehalf.new_game(3, chips=40),
    }[game]()
    match = Match(state, game, 100)
    rng = random.Random(2)
    while state.to_act() != BETWEEN:
        assert step(match, rng)
    before = snapshot(state)
    for seat in (99, state.num_seats, -1):
        with pytest.raises(ValueError, match=f"no seat {seat}"):
            state.rebuy(seat, 5)
    with pytest.raises(ValueError, match="whole number"):
        state.rebuy(0, 1.5)
    assert snapshot(state) == before
    state.rebuy(0, 5)
    assert state.chips[0] == before[4][0] + 5


def test_brag_layout_with_a_card_past_the_deck() -> None:
    state = brag.new_game(4)
    match = Match(state, "brag", 100)
    with pytest.raises(ValueError, match=r"no card 9999\b"):
        state.apply_chance(9999)
    rng = random.Random(0)
    while state.phase is not brag.Phase.SETTING:
        step(match, rng)
    hand = state.hands[state.holder[state.to_act()]]
    before = snapshot(state)
    for bad in (52, 9999, -1):
        with pytest.raises(ValueError, match=rf"no card {bad}\b"):
            state.apply(brag.SetLayout(((hand[0], hand[1], bad),)))
    assert snapshot(state) == before


def test_ninehalf_fractional_ante_and_bet_are_refused() -> None:
    state = ninehalf.new_game(3, ninehalf.NineHalfOptions(dealer_sets_limit=False))
    before = snapshot(state)
    with pytest.raises(ValueError, match="whole number"):
        state.apply(ninehalf.Ante(1.5))  # type: ignore[arg-type]
    assert snapshot(state) == before
    state.apply(ninehalf.Ante(1))
    state.apply(ninehalf.Ante(1))
    for code in ("9S", "5H", "QD"):
        state.apply_chance(code)
    state.apply(ninehalf.Stay())
    state.apply(ninehalf.Stay())
    before = snapshot(state)
    for bet in (1.5, 2.0, True):
        with pytest.raises((ValueError, TypeError)):
            state.apply(ninehalf.Bet(bet))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"no card 9999\b"):
        state.apply_chance(9999)
    assert snapshot(state) == before
    assert state.chips == [40, 39, 39]


def test_ninehalf_limit_must_be_a_whole_number() -> None:
    state = ninehalf.new_game(3)
    assert state.phase == ninehalf.LIMIT
    with pytest.raises(ValueError, match="whole number"):
        state.apply(ninehalf.SetLimit(10.0))  # type: ignore[arg-type]
    state.apply(ninehalf.SetLimit(10))
    assert state.limit == 10 and type(state.limit) is int


@pytest.mark.parametrize(
    "make",
    [
        lambda: sb.new_game(3, chips=1.5),
        lambda: sb.new_game(2.5),
        lambda: sb.new_game(3, seed_dealer=9),
        lambda: brag.new_game(3, chips=2.5),
        lambda: brag.new_game(3, dealer=-1),
        lambda: ninehalf.new_game(3, chips=[40, 40, 2.5]),
        lambda: ninehalf.new_game(3.0),
        lambda: ninehalf.new_game(3, chips="40"),
    ],
)
def test_new_matches_refuse_fractional_or_absurd_arguments(make: Callable[[], Any]) -> None:
    with pytest.raises((ValueError, TypeError)):
        make()
