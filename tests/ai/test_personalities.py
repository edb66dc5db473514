"""Personalities keep their character on top of the stronger hard play.

For each game, a stated situation where the reckless hard player bets, raises
or calls (or draws, or swaps) and the cautious hard player checks or folds
(or stands, or keeps), with the steady player where it has always been.
Bluffing is set to nothing where a test is about the lines, not the bluffs.
"""

from __future__ import annotations

import itertools
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ai import make_player
from ai import sabacc_force as sf
from ai.brag_bots import BragPlayer
from ai.coruscant_ai import CoruscantPlayer
from ai.personalities import BLUFFER, CAUTIOUS, RECKLESS, STEADY
from ai.sabacc_ai import HardSabaccPlayer
from ai.spike_ai import SpikePlayer
from game.rules import brag, spike
from game.rules import coruscant as co
from game.rules import sabacc as sb
from game.rules import spike_cards as kc
from game.rules.base import CHANCE
from game.rules.sabacc_presets import options_for
from game.rules.spike_base import CALL, CHECK, FOLD, STAND, Bet, Select
from tests.ai.test_spike_ai import coruscant_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from kessel_helpers import deal, new  # noqa: E402

CHARACTERS = (RECKLESS, STEADY, CAUTIOUS)


def plain(p: Any) -> Any:
    """The personality without its bluffs: only its lines move."""
    return replace(p, bluff=0.0)


def cards(text: str) -> list[int]:
    return [kc.parse(c) for c in text.split()]


# -- Corellian Spike ---------------------------------------------------------------------
def spike_last_round(seat1: str, seat0: str) -> spike.SpikeState:
    """Heads-up, both stood and checked through two rounds; seat 1 opens the third."""
    s = spike.new_game(2)
    s.start_next()
    a, b = cards(seat1), cards(seat0)
    for c in (a[0], b[0], a[1], b[1], *cards("-5s")):
        s.apply_chance(c)
    for _ in range(2):
        s.apply(STAND)
        s.apply(STAND)
        s.apply(CHECK)
        s.apply(CHECK)
        s.apply_chance(1)  # no Sabacc Shift
    s.apply(STAND)
    s.apply(STAND)
    assert s.round_no == 3 and s.phase == spike.BETTING
    return s


def test_spike_reckless_hard_opens_a_middling_hand_the_others_check() -> None:
    # +1 -2 (total -1) wins about 42% of the time: under steady's line (55%).
    s = spike_last_round("+1o -2t", "+9s +8s")
    view, legal = s.view(1), s.legal_actions()
    assert 0.35 < SpikePlayer("hard").read_equity(view) < 0.55
    chosen = {
        p.name: SpikePlayer("hard", plain(p)).choose(view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert isinstance(chosen["reckless"], Bet)
    assert chosen["steady"] == CHECK and chosen["cautious"] == CHECK


def test_spike_reckless_hard_calls_a_bet_the_others_fold() -> None:
    # +8 -7 (total +1) facing a 2-chip bet: the pot asks a quarter, and the bet
    # reads strong (about 16% left to win): only the reckless player stays in.
    s = spike_last_round("+9s +8s", "+8o -7t")
    s.apply(Bet(2))
    view, legal = s.view(0), s.legal_actions()
    chosen = {
        p.name: SpikePlayer("hard", plain(p)).choose(view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert chosen == {"reckless": CALL, "steady": FOLD, "cautious": FOLD}


# -- Coruscant Shift ---------------------------------------------------------------------
def coruscant_one_selection(sel0: str, sel1: str) -> co.CoruscantState:
    """Heads-up, target 10 in Staves, one selection each made; betting next."""
    s = coruscant_table(["+4t +6t -9s -8o +1s", "+3t +2o -7s -6o +1t"], 10, "t", selections=1)
    s.apply(Select(tuple(cards(sel0))))
    s.apply(Select(tuple(cards(sel1))))
    return s


def test_coruscant_reckless_hard_opens_eleven_the_others_check() -> None:
    # 11 against a target of 10; the other player kept three cards.
    s = coruscant_one_selection("+4t +6t +1s", "+3t +2o -7s")
    view, legal = s.view(0), s.legal_actions()
    chosen = {
        p.name: CoruscantPlayer("hard", plain(p)).choose(view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert isinstance(chosen["reckless"], Bet)
    assert chosen["steady"] == CHECK and chosen["cautious"] == CHECK


def test_coruscant_cautious_hard_folds_a_thin_call_the_others_make(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search says this call wins a hair more often than its price (pot odds);
    # the character's line decides: cautious wants a margin, the others call.
    from ai import coruscant_search

    s = coruscant_one_selection("+4t +6t", "+3t +2o +1t")
    s.apply(Bet(2))
    view, legal = s.view(1), s.legal_actions()
    price = 2 / (view.pot + 2)
    monkeypatch.setattr(coruscant_search, "equity", lambda *a, **k: price + 0.05)
    chosen = {
        p.name: CoruscantPlayer("hard", plain(p)).choose(view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert chosen == {"reckless": CALL, "steady": CALL, "cautious": FOLD}


# -- Classic, four at the table (hard's equity rule) ---------------------------------------
def classic_view(**changes: Any) -> sb.SabaccView:
    state = sb.new_game(4, seed_dealer=3)
    state.start_next()
    rng = random.Random(1)
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    return replace(state.view(state.to_act()), **changes)


def test_classic_hard_three_handed_reckless_opens_cautious_checks() -> None:
    # Three still in, a 40% share (an even share is a third): a small edge.
    view = classic_view(in_hand=(True, True, True, False))
    legal = [sb.CHECK] + [sb.Bet(n) for n in range(1, 11)]
    chosen = {
        p.name: HardSabaccPlayer("hard", plain(p))._wager(view, legal, random.Random(0), 0.4)
        for p in CHARACTERS
    }
    assert chosen == {"reckless": sb.Bet(1), "steady": sb.CHECK, "cautious": sb.CHECK}


def test_classic_hard_three_handed_cautious_folds_where_steady_calls() -> None:
    # 2 chips to call into a pot of 10 with 9% of it, the fold costs 1 chip:
    # 0.09 x 12 - 2 = -0.92 beats folding (-1) by a little.
    view = classic_view(in_hand=(True, True, True, False), hand_pot=10)
    view = replace(view, level=view.round_bets[view.seat] + 2)
    legal = [sb.CALL, sb.FOLD, sb.Raise(1)]
    chosen = {
        p.name: HardSabaccPlayer("hard", plain(p))._wager(view, legal, random.Random(0), 0.09)
        for p in CHARACTERS
    }
    assert chosen == {"reckless": sb.CALL, "steady": sb.CALL, "cautious": sb.FOLD}


# -- Great Khan ---------------------------------------------------------------------------
def test_great_khan_hard_reckless_calls_the_hand_cautious_plays_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = classic_view(
        in_hand=(True, True, True, False), round_no=2, hand_pot=30, caller=-1, level=0
    )
    view = replace(view, round_bets=(0, 0, 0, 0), options=options_for("great-khan"))
    legal = [sb.CALL_HAND, sb.CHECK]
    chosen = {}
    for p in CHARACTERS:
        player = HardSabaccPlayer("hard", plain(p))
        # A 48% share of the showdown now (the threshold: 0.5 - 0.03 per round,
        # moved by caution); the pot pays for the Stake either way.
        monkeypatch.setattr(player, "equity_now", lambda v, r: 0.48)
        chosen[p.name] = player._khan_bet(view, legal, random.Random(0))
    assert chosen["reckless"] == sb.CALL_HAND
    assert chosen["steady"] == sb.CALL_HAND  # 0.48 >= 0.44, as before
    assert chosen["cautious"] == sb.CHECK


# -- Force --------------------------------------------------------------------------------
def force_betting_view() -> sb.SabaccView:
    """A Force hand at its first betting decision (sides declared), pot raised to 40."""
    state = sb.new_game(4, preset="force")
    chance = random.Random(11)
    state.start_next()
    while not (state.phase == sb.BETTING and state.to_act() >= 0):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        else:
            state.apply(sb.DECLARE_LIGHT if who % 2 == 0 else sb.DECLARE_DARK)
    return replace(state.view(state.to_act()), hand_pot=40)


def test_force_hard_reckless_opens_a_small_edge_cautious_checks() -> None:
    view = force_betting_view()
    legal = [sb.CHECK, sb.Bet(1), sb.Bet(2)]  # the steal would ask more than allowed
    skill = sf.SKILLS["hard"]
    chosen = {
        p.name: sf.wager(HardSabaccPlayer("hard", p), skill, view, legal, random.Random(0), 0.3)
        for p in CHARACTERS
    }
    assert chosen == {"reckless": sb.Bet(1), "steady": sb.CHECK, "cautious": sb.CHECK}


def test_force_hard_bluffer_still_bluffs_steady_does_not() -> None:
    # Hard Force does not bluff of itself; a bluffer bluffs what it bluffs above
    # the default character (steady and the default: never).
    view = force_betting_view()
    legal = [sb.CHECK, sb.Bet(1), sb.Bet(2)]
    skill = sf.SKILLS["hard"]
    opened = {}
    for p in (BLUFFER, STEADY, CAUTIOUS):
        player = HardSabaccPlayer("hard", p)
        rng = random.Random(4)
        opened[p.name] = sum(
            sf.wager(player, skill, view, legal, rng, 0.05) != sb.CHECK for _ in range(100)
        )
    assert opened["steady"] == 0 and opened["cautious"] == 0
    assert 25 <= opened["bluffer"] <= 50  # (0.45 - 0.1) of the time
    default = HardSabaccPlayer("hard")  # the character a table gives when none is named
    rng = random.Random(4)
    assert all(sf.wager(default, skill, view, legal, rng, 0.05) == sb.CHECK for _ in range(100))


def test_force_hard_caution_calls_the_hand_later(monkeypatch: pytest.MonkeyPatch) -> None:
    # The playouts find calling the hand better than playing on by a chip in
    # two playouts of five: 0.4 chip a playout (caution asks 0.5 more).
    calls = itertools.count()

    def playout(state: sb.SabaccState, seat: int, *_: Any) -> int:
        if state.caller != seat:
            return state.chips[seat]
        return state.chips[seat] + (1 if next(calls) % 5 < 2 else 0)

    monkeypatch.setattr(sf, "playout", playout)
    state = sb.new_game(4, preset="force")
    chance = random.Random(11)
    state.start_next()
    while not (state.phase == sb.CALLING and state.to_act() >= 0):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif state.phase == sb.DECLARING:
            state.apply(sb.DECLARE_LIGHT if who % 2 == 0 else sb.DECLARE_DARK)
        else:
            state.apply(sb.CHECK)
    who = state.to_act()
    view, legal = state.view(who), state.legal_actions()
    assert sb.CALL_HAND in legal
    chosen = {
        p.name: sf.decide(HardSabaccPlayer("hard", p), view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert chosen == {"reckless": sb.CALL_HAND, "steady": sb.CALL_HAND, "cautious": sb.PASS_CALL}


# -- Kessel -------------------------------------------------------------------------------
def test_kessel_hard_reckless_draws_where_cautious_stands() -> None:
    s = new(3)
    deal(s, {0: "s2 b4", 1: "s3 b4", 2: "s5 b6"})
    chosen = {
        p.name: make_player("sabacc", "hard", p, preset="kessel").choose(
            s.view(0), s.legal_actions(), random.Random(1)
        )
        for p in CHARACTERS
    }
    assert type(chosen["reckless"]).__name__ == "Draw"
    assert type(chosen["steady"]).__name__ == "Draw"
    assert type(chosen["cautious"]).__name__ == "Stand"


def test_kessel_hard_stands_on_a_one_one_sabacc_whatever_its_character() -> None:
    # A 1/1 Sabacc already wins: no character pays to draw on it (the reckless
    # hard once drew from the Sand discard every time).
    for seed in range(8):
        s = new(3)
        deal(s, {0: "s1 b1", 1: "s3 b4", 2: "s4 b2"})
        for p in CHARACTERS:
            chosen = make_player("sabacc", "hard", p, preset="kessel").choose(
                s.view(0), s.legal_actions(), random.Random(seed)
            )
            assert type(chosen).__name__ == "Stand", (p.name, seed, chosen)


# -- Thirteen Card Brag -------------------------------------------------------------------
def test_brag_hard_reckless_swaps_a_near_even_hand_cautious_keeps_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = brag.new_game(3, brag.BragOptions(), chips=100, dealer=0)
    poor = ["2D", "2C", "3S", "3D", "5S", "5H", "6H", "8S", "8H", "9C", "JS", "KS", "KD"]
    state.deal_fixed([[], poor])
    view, legal = state.view(1), state.legal_actions()
    chosen = {}
    for p in CHARACTERS:
        player = BragPlayer("hard", p)
        # Own hand worth 0.98 of what the unseen spare hand is worth.
        monkeypatch.setattr(player, "_values", lambda v, r: (0.98, 1.0))
        chosen[p.name] = player.choose(view, legal, random.Random(0))
    assert isinstance(chosen["reckless"], brag.SwapHand)
    assert isinstance(chosen["steady"], brag.SwapHand)
    assert chosen["cautious"] == brag.KeepHand()


# -- Nine and a Half (normal; hard's solved bets have their test in test_ninehalf_ai) -----
def test_ninehalf_normal_reckless_bets_up_a_poor_hand_the_others_bet_the_least() -> None:
    from ai import ninehalf_bots
    from game.rules import ninehalf as nh

    # Seat 0 deals with a King showing; seat 1 stood on a hidden 2, seat 2 on a 4.
    state = nh.new_game(3, nh.NineHalfOptions(dealer_sets_limit=False), chips=40)
    for _ in range(2):
        state.apply(nh.Ante(1))
    for code in ("2S", "4H", "KC"):
        state.apply_chance(code)
    state.apply(nh.Stay())
    state.apply(nh.Stay())
    view, legal = state.view(1), state.legal_actions()
    chosen = {
        p.name: ninehalf_bots.make_player("normal", plain(p)).choose(view, legal, random.Random(0))
        for p in CHARACTERS
    }
    assert chosen == {"reckless": nh.Bet(5), "steady": nh.Bet(1), "cautious": nh.Bet(1)}
