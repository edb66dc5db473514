"""No computer player can reach a card it may not see, in any game.

Two proofs, for every game and level:

* at real decision points, a second state that differs only in another
  seat's hidden cards gives the seat the same view, and the player makes the
  same decision with the same random seed — so nothing hidden steers it;
* the view handed to a player holds no reference to the state or to any of
  its mutable parts, so a player could not reach hidden cards through it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ai import make_player
from game.rules import brag, coruscant, kessel, ninehalf, sabacc, spike
from game.rules.base import BETWEEN, CHANCE, TERMINAL, GameState

Perturb = Callable[[Any, int, random.Random], bool]


def _swap_sabacc(state: sabacc.SabaccState, seat: int, rng: random.Random) -> bool:
    """Trade a card of another seat's hidden hand for a deck card."""
    others = [
        s
        for s in range(state.num_seats)
        if s != seat and state.hands[s] and state.revealed[s] is None
    ]
    locked = getattr(state, "locked", None)
    for s in rng.sample(others, len(others)):
        free = [c for c in state.hands[s] if not (locked and c in locked[s])]
        swaps = [c for c in state.deck if c not in state.hands[s]]
        if free and swaps:
            old, new = rng.choice(free), rng.choice(swaps)
            state.hands[s][state.hands[s].index(old)] = new
            state.deck[state.deck.index(new)] = old
            return True
    return False


def _swap_ninehalf(state: ninehalf.NineHalfState, seat: int, rng: random.Random) -> bool:
    """Trade another player's face-down card for a deck card."""
    others = [
        s
        for s, card in enumerate(state.hole)
        if s != seat and card is not None and not state.challenged[s]
    ]
    if not others or not state.deck:
        return False
    s = rng.choice(others)
    i = rng.randrange(len(state.deck))
    state.hole[s], state.deck[i] = state.deck[i], state.hole[s]
    return True


def _swap_brag(state: brag.BragState, seat: int, rng: random.Random) -> bool:
    """Trade one card between two hands the seat does not hold, before any
    of them is laid out."""
    if state.revealed_sets or any(lay is not None for lay in state.layouts):
        return False
    mine = state.holder[seat]
    slots = [i for i, h in enumerate(state.hands) if h and i != mine]
    if len(slots) < 2:
        return False
    a, b = rng.sample(slots, 2)
    i, j = rng.randrange(len(state.hands[a])), rng.randrange(len(state.hands[b]))
    state.hands[a][i], state.hands[b][j] = state.hands[b][j], state.hands[a][i]
    return True


def _swap_kessel(state: kessel.KesselState, seat: int, rng: random.Random) -> bool:
    """Trade another seat's hidden card for a draw-pile card, and change its
    secretly chosen shift tokens."""
    if state.revealed:
        return False
    changed = False
    others = [s for s in state.order if s != seat and len(state.hands[s]) == 2]
    for s in rng.sample(others, len(others)):
        fam = rng.randrange(2)
        pile = state.piles[fam]
        swaps = [i for i, c in enumerate(pile) if c != state.hands[s][fam]]
        if swaps:
            i = rng.choice(swaps)
            state.hands[s][fam], pile[i] = pile[i], state.hands[s][fam]
            changed = True
            break
    if not state.tokens_public:
        for s in range(state.num_seats):
            if s != seat and state.tokens[s]:
                unused = [t for t in kessel.TOKENS if t not in state.tokens[s]]
                state.tokens[s][rng.randrange(len(state.tokens[s]))] = rng.choice(unused)
                changed = True
    return changed


def _swap_modern(state: Any, seat: int, rng: random.Random) -> bool:
    """Corellian Spike / Coruscant Shift: trade a card another seat holds
    unseen (in hand or in a face-down selection) for a draw-pile card."""
    others = [
        s
        for s in range(state.num_seats)
        if s != seat and state.revealed[s] is None and state.in_hand[s]
    ]
    for s in rng.sample(others, len(others)):
        piles = [state.hands[s]] + ([state.selected[s]] if hasattr(state, "selected") else [])
        piles = [p for p in piles if p]
        if piles and state.deck:
            pile = rng.choice(piles)
            i, j = rng.randrange(len(pile)), rng.randrange(len(state.deck))
            old = pile[i]
            pile[i], state.deck[j] = state.deck[j], old
            new_cards = getattr(state, "new_cards", None)
            if new_cards is not None and old in new_cards[s]:
                new_cards[s][new_cards[s].index(old)] = pile[i]
            return True
    return False


def _new(game: str, preset: str | None) -> GameState:
    if preset in ("kessel", "kessel-shift"):
        return kessel.new_game(4, preset)
    if preset == "corellian-spike":
        return spike.new_game(4)
    if preset == "coruscant-shift":
        return coruscant.new_game(4)
    if game == "sabacc":
        return sabacc.new_game(4, preset=preset or "classic")
    if game == "brag":
        return brag.new_game(4)  # type: ignore[no-any-return]
    return ninehalf.new_game(5)  # type: ignore[no-any-return]


PERTURB: dict[str, Perturb] = {
    "sabacc": _swap_sabacc,
    "brag": _swap_brag,
    "ninehalf": _swap_ninehalf,
    "kessel": _swap_kessel,
    "kessel-shift": _swap_kessel,
    "corellian-spike": _swap_modern,
    "coruscant-shift": _swap_modern,
}


def decision_points(
    game: str, preset: str | None, levels: list[str], seed: int, units: int
) -> Iterator[tuple[GameState, int, Any]]:
    """Play a match, yielding (state, seat, player) before every decision."""
    state = _new(game, preset)
    chance = random.Random(seed)
    players = [make_player(game, level, preset=preset) for level in levels]
    rngs = [random.Random(seed * 31 + i) for i in range(len(levels))]
    for _ in range(20_000):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if state.completed >= units or who == TERMINAL:
                return
            for s in range(state.num_seats):
                if not state.can_continue(s):
                    state.rebuy(s, 100)
            state.start_next()
        else:
            yield state, who, players[who]
            state.apply(players[who].choose(state.view(who), state.legal_actions(), rngs[who]))


CASES = [
    ("sabacc", "classic", 6),
    ("sabacc", "centran", 3),
    ("sabacc", "great-khan", 3),
    ("sabacc", "two-exchange", 3),
    ("sabacc", "force", 3),
    ("sabacc", "corellian-spike", 3),
    ("sabacc", "coruscant-shift", 3),
    ("brag", None, 2),
    ("ninehalf", None, 12),
    ("sabacc", "kessel", 8),
    ("sabacc", "kessel-shift", 8),
]


@pytest.mark.parametrize(("game", "preset", "units"), CASES)
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_hidden_cards_never_change_a_decision(
    game: str, preset: str | None, units: int, level: str
) -> None:
    players = 5 if game == "ninehalf" else 4
    levels = [level] * players
    rng = random.Random(7)
    checked = 0
    budget = 12 if level == "hard" else 40
    for state, seat, player in decision_points(game, preset, levels, 3, units):
        if checked >= budget or rng.random() > 0.5:
            continue
        other = state.clone()
        if not PERTURB.get(preset or "", PERTURB[game])(other, seat, rng):
            continue
        view = state.view(seat)
        assert other.view(seat) == view, "a view changed with another seat's hidden cards"
        legal = state.legal_actions()
        assert other.legal_actions() == legal
        seed = rng.getrandbits(32)
        a = player.choose(view, legal, random.Random(seed))
        b = player.choose(other.view(seat), other.legal_actions(), random.Random(seed))
        assert a == b
        state.clone().apply(a)  # and the engine accepts it
        checked += 1
    assert checked > 0


def _references(obj: Any, seen: set[int]) -> Iterator[Any]:
    """Every object reachable from ``obj`` through containers and dataclass slots."""
    if id(obj) in seen or isinstance(obj, str | int | float | bool | type(None)):
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _references(k, seen)
            yield from _references(v, seen)
    elif isinstance(obj, list | tuple | set | frozenset):
        for item in obj:
            yield from _references(item, seen)
    else:
        names = list(getattr(obj, "__dict__", {}))
        for cls in type(obj).__mro__:
            names += [n for n in getattr(cls, "__slots__", ()) if isinstance(n, str)]
        for name in names:
            if hasattr(obj, name):
                yield from _references(getattr(obj, name), seen)


@pytest.mark.parametrize(("game", "preset", "units"), CASES)
def test_views_hold_no_reference_to_the_state(game: str, preset: str | None, units: int) -> None:
    players = 5 if game == "ninehalf" else 4
    looked = 0
    for state, seat, _ in decision_points(game, preset, ["easy"] * players, 5, units):
        mutable = {id(v) for v in vars_of(state) if isinstance(v, list | dict | set)}
        for ref in _references(state.view(seat), set()):
            assert ref is not state
            assert not isinstance(ref, type(state))
            # A shared list would let a player read (or change) the state.
            assert id(ref) not in mutable or not isinstance(ref, list | dict | set)
        looked += 1
        if looked >= 30:
            break
    assert looked > 0


def vars_of(state: Any) -> Iterator[Any]:
    names = list(getattr(state, "__dict__", {}))
    for cls in type(state).__mro__:
        names += [n for n in getattr(cls, "__slots__", ()) if isinstance(n, str)]
    for name in names:
        if hasattr(state, name):
            value = getattr(state, name)
            yield value
            if isinstance(value, list):
                yield from (v for v in value if isinstance(v, list | dict | set))
