"""The strong Sabacc players (ai/sabacc_ai.py) and their model (ai/sabacc_model.py)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from ai import make_player
from ai import sabacc_model as m
from ai.personalities import BLUFFER, CAUTIOUS, PERSONALITIES, personality
from ai.sabacc_ai import HardSabaccPlayer, NormalSabaccPlayer
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.sabacc_presets import CLASSIC, PRESET_NAMES, options_for

P = sc.parse


def cards(*codes: str) -> list[int]:
    return [P(c) for c in codes]


def play(
    preset: str, levels: list[str], hands: int, seed: int, record: list[Any] | None = None
) -> tuple[sb.SabaccState, list[Any]]:
    """A match of ``hands`` hands; every action is checked against the legal list."""
    state = sb.new_game(len(levels), preset=preset)
    chance = random.Random(seed)
    players = [make_player("sabacc", level) for level in levels]
    rngs = [random.Random(seed * 7 + i) for i in range(len(levels))]
    for _ in range(200_000):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if state.completed >= hands:
                break
            for s in range(state.num_seats):
                if not state.can_continue(s):
                    state.rebuy(s, 100)
            if who == TERMINAL:
                break
            state.start_next()
        else:
            legal = state.legal_actions()
            action = players[who].choose(state.view(who), legal, rngs[who])
            assert action in legal, f"{levels[who]} chose {action} not in {legal}"
            if record is not None:
                record.append((who, action))
            state.apply(action)
    return state, players


def table_view(**changes: Any) -> sb.SabaccView:
    """A real Classic view of seat 0 at its first decision, with ``changes``."""
    state = sb.new_game(4, seed_dealer=3)
    state.start_next()
    rng = random.Random(1)
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    return replace(state.view(state.to_act()), **changes)


# -- exact probabilities ----------------------------------------------------------------
def test_bust_probability_counts_each_unseen_card() -> None:
    hand = cards("15c", "7c")  # 22
    # +1 -> 23 fine; +2 -> 24 bombs; Queen -> 20 fine; Idiot -> 22 fine.
    pool = Counter(cards("1f", "2f", "queen", "idiot"))
    assert m.bust_probability(hand, pool, CLASSIC_VALUES, CLASSIC) == pytest.approx(1 / 4)
    # Multiplicity counts: three 2s and one 1.
    pool = Counter(cards("2f", "2s", "2t", "1f"))
    assert m.bust_probability(hand, pool, CLASSIC_VALUES, CLASSIC) == pytest.approx(3 / 4)
    # A total of exactly 0 bombs out too: 2 + Queen (-2).
    pool = Counter(cards("queen", "queen", "5c"))
    assert m.bust_probability(cards("1c", "1f"), pool, CLASSIC_VALUES, CLASSIC) == pytest.approx(
        2 / 3
    )


CLASSIC_VALUES = sb.SabaccState(CLASSIC, 2, 10, 0).values


def test_shift_effect_on_a_pure_sabacc() -> None:
    # 10 + 13 = 23.  Losing the 10 (half the time), the deck holds 10f, 3c
    # and the lost 10c: 23, 16, 23 -- worse 1/3.  Losing the 13: 10f, 3c,
    # 13c give 20, 13, 23 -- worse 2/3.  Nothing beats a Pure Sabacc.
    view = table_view(hand=tuple(cards("10c", "13c")))
    pool = Counter(cards("10f", "3c"))
    better, worse = m.shift_effect(view, pool)
    assert better == 0.0
    assert worse == pytest.approx((1 / 3 + 2 / 3) / 2)


def test_draw_outcomes_with_the_best_discard() -> None:
    # 15 + 6 = 21.  Drawing the 2 makes 23 (keep all).  The 9 makes 30; no
    # discard beats 21 (15 + 9 bombs, 6 + 9 = 15), so it goes back.  The Star
    # makes 4; discarding it returns to 21.
    view = table_view(hand=tuple(cards("15c", "6c")))
    pool = Counter(cards("2f", "9f", "star"))
    out = m.draw_outcomes(view, pool)
    assert out.p_better == pytest.approx(1 / 3)
    assert out.p_special == pytest.approx(1 / 3)
    assert out.p_bust_kept == pytest.approx(1 / 3)  # keeping the 9 would be 30


def test_unseen_cards_remove_everything_public() -> None:
    view = table_view(
        hand=tuple(cards("15c", "6c")),
        discards=tuple(cards("star", "1f")),
        fields=(tuple(cards("2c")), (), tuple(cards("star")), ()),
    )
    pool = m.unseen_cards(view)
    assert sum(pool.values()) == 76 - 2 - 2 - 2
    assert pool[P("star")] == 0  # both Stars are on the table
    assert pool[P("15c")] == 0 and pool[P("1f")] == 0 and pool[P("2c")] == 0
    assert pool[P("queen")] == 2


# -- the opponent model ------------------------------------------------------------------
def test_an_opponent_who_kept_all_is_read_as_strong() -> None:
    reads = m.Reads(last_draw="keep")
    strong = m.hand_likelihood(cards("15c", "8c"), (), reads, CLASSIC_VALUES, CLASSIC)
    # 15 + 12 = 27 bombs; discarding either card would have helped.
    weak = m.hand_likelihood(cards("15c", "12c", "1c"), (), reads, CLASSIC_VALUES, CLASSIC)
    assert strong == pytest.approx(1.0)
    assert weak < 0.05


def test_state_from_view_rebuilds_the_real_state() -> None:
    """With the true hidden cards, the adapter's state offers the same actions
    and plays the same way as the real one."""
    state = sb.new_game(4)
    state.start_next()
    chance = random.Random(3)
    bot = make_player("sabacc", "easy")
    rng = random.Random(4)
    checked = 0
    while state.completed < 6:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
            continue
        if who == BETWEEN:
            state.start_next()
            continue
        view = state.view(who)
        hidden = {s: tuple(state.hands[s]) for s in range(4) if s != who}
        copy = m.state_from_view(view, hidden, random.Random(0))
        assert copy.pending == state.pending
        assert copy.opened == state.opened
        assert copy.cap_level == state.cap_level or not state.options.capped
        assert copy.legal_actions() == state.legal_actions()
        assert sorted(copy.all_cards()) == sorted(state.all_cards())
        action = bot.choose(view, state.legal_actions(), rng)
        state.apply(action)
        copy.apply(action)
        assert copy.to_act() == state.to_act() and copy.phase == state.phase
        checked += 1
    assert checked > 100


# -- players ---------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_normal_players_only_play_legal_actions(preset: str) -> None:
    state, players = play(preset, ["normal", "easy", "normal", "random"], 12, seed=5)
    assert state.completed >= 1
    if preset in ("classic", "random", "centran", "cloud-city", "figg", "great-khan"):
        # These flows are modelled: nothing was handed to the easy player.
        assert players[0].fallbacks == 0 and players[2].fallbacks == 0


@pytest.mark.parametrize(
    "preset", ["classic", "centran", "great-khan", "force", "empress-teta", "cloud-city"]
)
def test_hard_players_only_play_legal_actions(preset: str) -> None:
    state, players = play(preset, ["hard", "normal", "hard", "easy"], 3, seed=9)
    assert state.completed >= 1
    if preset in ("classic", "centran", "empress-teta", "cloud-city"):
        assert players[0].fallbacks == 0


def test_interference_field_table() -> None:
    opts = CLASSIC.with_(interference_field=True)
    state = sb.SabaccState(opts, 3, 100, 0)
    players = [make_player("sabacc", "hard") for _ in range(3)]
    rng = random.Random(2)
    placed = 0
    while state.completed < 15:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(rng)
        elif who in (BETWEEN, TERMINAL):
            for s in range(3):
                if not state.can_continue(s):
                    state.rebuy(s, 100)
            state.start_next()
        else:
            legal = state.legal_actions()
            action = players[who].choose(state.view(who), legal, rng)
            assert action in legal
            placed += isinstance(action, sb.PlaceInField)
            state.apply(action)
    assert placed > 0  # made hands go into the field before a call


def test_decisions_are_deterministic_for_a_seed() -> None:
    first: list[Any] = []
    second: list[Any] = []
    play("classic", ["hard", "normal", "normal", "easy"], 3, seed=21, record=first)
    play("classic", ["hard", "normal", "normal", "easy"], 3, seed=21, record=second)
    assert first == second and len(first) > 30


def test_a_pure_sabacc_calls_and_a_bombed_hand_does_not() -> None:
    player = NormalSabaccPlayer()
    legal = [sb.CALL_HAND, sb.PASS_CALL]
    strong = table_view(phase=sb.CALLING, hand=tuple(cards("15c", "8c")), round_no=5)
    weak = table_view(phase=sb.CALLING, hand=tuple(cards("15c", "12c")), round_no=5)
    rng = random.Random(1)
    assert player.choose(strong, legal, rng) == sb.CALL_HAND
    assert player.choose(weak, legal, rng) == sb.PASS_CALL
    assert HardSabaccPlayer().choose(strong, legal, rng) == sb.CALL_HAND


def test_far_hands_draw_and_the_best_card_is_discarded() -> None:
    player = NormalSabaccPlayer()
    rng = random.Random(1)
    view = table_view(phase=sb.DRAWING, hand=tuple(cards("15c", "2c")))
    assert player.choose(view, [sb.DRAW, sb.STAND], rng) == sb.DRAW
    # 21 is within normal's standing distance; hard looks at one more card anyway.
    near = table_view(phase=sb.DRAWING, hand=tuple(cards("15c", "6c")))
    assert player.choose(near, [sb.DRAW, sb.STAND], rng) == sb.STAND
    assert HardSabaccPlayer().choose(near, [sb.DRAW, sb.STAND], rng) == sb.DRAW
    # 15 + 5 + 8 = 28: dropping the 5 makes 23.
    view = table_view(phase=sb.DISCARDING, hand=tuple(cards("15c", "5c", "8f")))
    legal = [sb.KEEP] + [sb.Discard(c) for c in cards("15c", "5c", "8f")]
    assert player.choose(view, legal, rng) == sb.Discard(P("5c"))


def test_bluffer_opens_weak_hands_more_often_than_cautious() -> None:
    # The lead, holding a bombed-out hand, may check or bet.
    view = table_view(hand=tuple(cards("15c", "14c")))
    assert view.to_act == view.seat == view.lead
    legal = [sb.CHECK] + [sb.Bet(n) for n in range(1, 11)]
    opened = {}
    for who in (BLUFFER, CAUTIOUS):
        player = NormalSabaccPlayer("normal", who)
        rng = random.Random(8)
        opened[who.name] = sum(player.choose(view, legal, rng) != sb.CHECK for _ in range(200))
    assert opened["bluffer"] > 60
    assert opened["cautious"] < 15


def test_personalities_are_named() -> None:
    assert set(PERSONALITIES) >= {"steady", "cautious", "reckless", "bluffer", "calculator"}
    assert personality("bluffer") is BLUFFER
    with pytest.raises(ValueError, match="unknown personality 'shy'"):
        personality("shy")
    player = make_player("sabacc", "normal", BLUFFER)
    assert isinstance(player, NormalSabaccPlayer) and player.personality is BLUFFER
    assert isinstance(make_player("sabacc", "hard"), HardSabaccPlayer)


def test_a_bombed_hand_sheds_a_card_instead_of_growing() -> None:
    # 15 + 14 + 13 bombs whatever is dropped; dropping the 15 comes nearest.
    player = NormalSabaccPlayer()
    view = table_view(phase=sb.DISCARDING, hand=tuple(cards("15c", "14c", "13c")))
    legal = [sb.KEEP] + [sb.Discard(c) for c in cards("15c", "14c", "13c")]
    assert player.choose(view, legal, random.Random(1)) == sb.Discard(P("15c"))


def test_easy_sheds_the_worst_card_of_a_bombed_hand() -> None:
    # 15 + 14 + 13 = 42: every discard still bombs, dropping the 15 comes nearest.
    easy = make_player("sabacc", "easy")
    view = table_view(phase=sb.DISCARDING, hand=tuple(cards("15c", "14c", "13c")))
    legal = [sb.KEEP] + [sb.Discard(c) for c in cards("15c", "14c", "13c")]
    assert easy.choose(view, legal, random.Random(1)) == sb.Discard(P("15c"))


# -- Great Khan ----------------------------------------------------------------------------
def khan_view(**changes: Any) -> sb.SabaccView:
    """A real Great Khan view of the first seat to take a turn, with ``changes``."""
    state = sb.new_game(4, preset="great-khan", seed_dealer=3)
    state.start_next()
    rng = random.Random(1)
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    assert state.phase == sb.TURNS
    return replace(state.view(state.to_act()), **changes)


def test_dice_hit_chance_counts_from_the_dealers_left() -> None:
    view = khan_view()
    # Four dealt in: doubles (1/6) and a d4 naming this seat (1/4).
    assert m.dice_hit_chance(view) == pytest.approx(1 / 24)
    two = khan_view(dealt_in=(True, False, False, True), seat=0, dealer=3)
    assert m.dice_hit_chance(two) == pytest.approx(1 / 12)


def test_turn_values_are_exact_over_the_pool() -> None:
    view = khan_view(hand=tuple(cards("15c", "6c")), locked=())  # 21
    pool = Counter(cards("2f", "3f", "8f", "queen"))  # 23, 24 bombed, 29 bombed, 19
    value = NormalSabaccPlayer().khan_value(view)
    got = m.turn_values(view, pool, value)
    q = m.quality
    r = lambda *codes: sb.rank_cards(cards(*codes), view.values, view.options)  # noqa: E731
    assert got["stay"] == pytest.approx(value(r("15c", "6c")))
    draw = (value(r("15c", "6c", "2f")) + 0 + 0 + q(r("15c", "6c", "queen"))) / 4
    assert got["draw"] == pytest.approx(draw)
    swaps = got["exchange"]
    assert isinstance(swaps, dict) and set(swaps) == set(cards("15c", "6c"))
    # Frozen cards are never offered for an exchange.
    frozen = m.turn_values(replace(view, locked=(P("15c"),)), pool, value)
    assert set(frozen["exchange"]) == {P("6c")}  # type: ignore[arg-type]


def test_khan_turn_exchanges_towards_a_pure_sabacc() -> None:
    # 15 + 6 = 21 and only 8s unseen: exchanging the 6 makes 23, drawing bombs.
    view = khan_view(hand=tuple(cards("15c", "6c")), locked=())
    legal = [sb.DRAW, sb.STAY, sb.ExchangeCard(P("15c")), sb.ExchangeCard(P("6c"))]
    player = NormalSabaccPlayer()
    pool = Counter(cards("8c", "8f", "8s", "8t"))
    assert m.turn_values(view, pool, player.khan_value(view))["draw"] == 0.0
    only_eights = replace(
        view,
        discards=tuple(
            c for c in m.unseen_cards(view).elements() if c not in cards("8c", "8f", "8s", "8t")
        ),
    )
    assert player.choose(only_eights, legal, random.Random(1)) == sb.ExchangeCard(P("6c"))


def test_hard_freezes_a_pure_sabacc_and_calls_it() -> None:
    view = khan_view(hand=tuple(cards("15c", "8c")), locked=(), sabacc_pot=40)
    freezes = [sb.Freeze(c) for c in cards("15c", "8c")]
    legal = [sb.DRAW, sb.STAY, *[sb.ExchangeCard(c) for c in cards("15c", "8c")], *freezes]
    rng = random.Random(3)
    assert HardSabaccPlayer().choose(view, legal, rng) in freezes
    # normal leaves the dice to luck and stays on its 23.
    assert NormalSabaccPlayer().choose(view, legal, rng) == sb.STAY
    betting = replace(view, phase=sb.BETTING)
    bet_legal = [sb.CHECK, sb.Bet(1), sb.Bet(2), sb.CALL_HAND, sb.FOLD]
    assert NormalSabaccPlayer().choose(betting, bet_legal, rng) == sb.CALL_HAND
    # A weak hand does not pay the Stake to call a tiny hand pot.
    weak = replace(betting, hand=tuple(cards("9c", "4c")), hand_pot=2)
    assert HardSabaccPlayer().choose(weak, bet_legal, rng) != sb.CALL_HAND


# -- Two-Exchange and Force ----------------------------------------------------------
def _play_flow(preset: str, level: str, hands: int = 3) -> tuple[Any, int, int]:
    """``hands`` hands of ``preset`` with ``level`` in every seat (every action
    checked legal by ``_play``); the players and the decisions made."""
    record: list[Any] = []
    _, players = play(preset, [level] * 4, hands, 5, record)
    calls = sum(1 for _, a in record if isinstance(a, sb.CallHand | sb.PassCall))
    return players, len(record), calls


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_force_decisions_are_legal_and_none_go_to_easy(level: str) -> None:
    players, decisions, calls = _play_flow("force", level)
    assert decisions > 30 and calls > 0
    # Every Force phase, calling the hand included, is ai/sabacc_force.py's.
    assert sum(p.fallbacks for p in players) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_two_exchange_locks_are_its_own(level: str) -> None:
    players, decisions, _ = _play_flow("two-exchange", level)
    assert decisions > 30
    # Hitting, both exchanges and betting are all its own (ai/sabacc_twoex.py).
    assert sum(p.fallbacks for p in players) == 0


def _cards_by_value(values: Any, wanted: tuple[int, ...]) -> list[int]:
    deck = m.full_deck(options_for("two-exchange"))
    out: list[int] = []
    for v in wanted:
        out.append(next(c for c in deck if values[c] == v and c not in out))
    return out


def test_heads_up_hard_keeps_its_personality() -> None:
    # Heads-up, hard bets for value by its share of the pot; the reckless
    # character opens on a share the cautious one checks, and a bluffer opens
    # a bombed-out hand more often than the cautious player.
    from ai.personalities import RECKLESS

    view = table_view(in_hand=(True, True, False, False))
    assert view.to_act == view.seat == view.lead
    legal = [sb.CHECK] + [sb.Bet(n) for n in range(1, 11)]
    steady = {}
    for who in (RECKLESS, CAUTIOUS):
        player = HardSabaccPlayer("hard", replace(who, bluff=0.0))
        steady[who.name] = player._wager(view, legal, random.Random(0), 0.51)
    assert isinstance(steady["reckless"], sb.Bet) and steady["cautious"] == sb.CHECK
    bombed = replace(view, hand=tuple(cards("15c", "14c")))
    opened = {}
    for who in (BLUFFER, CAUTIOUS):
        player = HardSabaccPlayer("hard", who)
        rng = random.Random(8)
        opened[who.name] = sum(player.choose(bombed, legal, rng) != sb.CHECK for _ in range(60))
    # (a bombed hand can still draw back to ±23, so even cautious opens it now and then)
    assert opened["bluffer"] > opened["cautious"] + 10


# -- heads-up Classic: positions a player knows -------------------------------------------
def heads_up_view(me_lead: bool, **changes: Any) -> sb.SabaccView:
    """Seat 0's view of a real two-seat Classic hand moved on to its second
    round (the call is open), seat 0 the lead or not, ``changes`` applied."""
    state = sb.new_game(2, seed_dealer=1)
    state.start_next()
    rng = random.Random(3)
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    view = replace(state.view(0), round_no=2, lead=0 if me_lead else 1, to_act=0)
    return replace(view, **changes)


def drawn_twice(view: sb.SabaccView) -> sb.SabaccView:
    """The opponent (seat 1) has drawn twice and kept every card: four cards."""
    from game.rules import sabacc_events as ev

    history = (
        ev.CardDrawn(1, None),
        ev.KeptAll(1),
        ev.RoundStarted(2, view.lead),
        ev.CardDrawn(1, None),
        ev.KeptAll(1),
    )
    counts = (view.card_counts[0], 4)
    return replace(view, log=(*view.log, *history), card_counts=counts)


def test_heads_up_hard_calls_a_made_pure_sabacc_and_passes_a_bombed_hand() -> None:
    legal = [sb.CALL_HAND, sb.PASS_CALL]
    player = HardSabaccPlayer()
    pure = drawn_twice(heads_up_view(False, phase=sb.CALLING, hand=tuple(cards("15c", "8f"))))
    bombed = replace(pure, hand=tuple(cards("15c", "14f")))  # 29: a draw may still save it
    for seed in range(4):
        assert player.choose(pure, legal, random.Random(seed)) == sb.CALL_HAND
        assert player.choose(bombed, legal, random.Random(seed)) == sb.PASS_CALL


def test_heads_up_hard_stands_on_23_and_draws_to_21() -> None:
    player = HardSabaccPlayer()
    legal = [sb.DRAW, sb.STAND]
    pure = heads_up_view(True, phase=sb.DRAWING, hand=tuple(cards("15c", "8f")))
    assert player.choose(pure, legal, random.Random(1)) == sb.STAND
    near = heads_up_view(True, phase=sb.DRAWING, hand=tuple(cards("15c", "6f")))
    assert player.choose(near, legal, random.Random(1)) == sb.DRAW


BUST = ("15c", "14f", "13c", "12f")  # 54: no single discard saves it


def test_heads_up_hard_bets_on_a_pure_sabacc_and_checks_a_bust() -> None:
    player = HardSabaccPlayer("hard", replace(personality("steady"), bluff=0.0))
    legal = [sb.CHECK] + [sb.Bet(n) for n in range(1, 11)]
    pure = drawn_twice(heads_up_view(True, phase=sb.BETTING, hand=tuple(cards("15c", "8f"))))
    bust = replace(pure, hand=tuple(cards(*BUST)), card_counts=(4, 4))
    for seed in range(4):
        bet = player.choose(pure, legal, random.Random(seed))
        assert isinstance(bet, sb.Bet) and bet.amount >= 3
        assert player.choose(bust, legal, random.Random(seed)) == sb.CHECK


def test_heads_up_hard_folds_a_bust_to_a_big_bet_and_calls_it_with_23() -> None:
    from game.rules import sabacc_events as ev

    player = HardSabaccPlayer("hard", replace(personality("steady"), bluff=0.0))
    facing = heads_up_view(
        False,
        phase=sb.BETTING,
        level=10,
        round_bets=(0, 10),
        hand_bets=(0, 10),
        hand_pot=12,
        hand=tuple(cards(*BUST)),
        card_counts=(4, 2),
    )
    bust = drawn_twice(facing)
    bust = replace(bust, log=(*bust.log, ev.BetPlaced(1, 10)))
    pure = replace(bust, hand=tuple(cards("15c", "8f")), card_counts=(2, 4))
    legal = [sb.CALL, sb.FOLD]
    for seed in range(4):
        assert player.choose(bust, legal, random.Random(seed)) == sb.FOLD
        assert player.choose(pure, legal, random.Random(seed)) == sb.CALL


# -- the replayed reads and tables of three or more -------------------------------------
def test_read_log_keeps_the_decision_before_the_last_until_a_shift() -> None:
    from game.rules import sabacc_events as ev

    view = table_view()
    log = (
        ev.CardDrawn(1, None),
        ev.CardDiscarded(1, "15c"),
        ev.BetPlaced(1, 2),
        ev.RoundStarted(2, 1),
        ev.CardDrawn(1, None),
        ev.KeptAll(1),
    )
    reads = m.read_log(replace(view, log=(*view.log, *log)))[1]
    assert (reads.last_draw, reads.earlier, reads.earlier_discarded) == (
        "keep",
        "discard",
        P("15c"),
    )
    assert reads.earlier_aggression == 1 and reads.aggression == 0
    shifted = m.read_log(replace(view, log=(*view.log, *log, ev.CardShifted(1, None, None))))[1]
    assert (shifted.last_draw, shifted.earlier) == ("", "")


def test_hands_before_the_last_decision() -> None:
    hand = cards("15c", "8c", "1f")
    keep = m.hands_before_last(hand, m.Reads(last_draw="keep"))
    assert sorted(map(sorted, keep)) == sorted(
        map(sorted, [cards("8c", "1f"), cards("15c", "1f"), cards("15c", "8c")])
    )
    tossed = m.hands_before_last(hand, m.Reads(last_draw="discard", discarded=P("2c")))
    assert len(tossed) == 4 and hand in tossed and cards("8c", "1f", "2c") in tossed
    assert m.hands_before_last(hand, m.Reads(last_draw="stand")) == [hand]


def test_a_replayed_keep_reads_the_hand_it_was_made_with() -> None:
    # Stood after keeping all the round before: the hand then was this hand,
    # so a keep that would have been a mistake with it weighs it down.
    reads = m.Reads(last_draw="stand", earlier="keep")
    bust = cards("15c", "12c", "1c")  # 28: discarding the 12 would have made 16
    flat = m.hand_likelihood(bust, (), reads, CLASSIC_VALUES, CLASSIC)
    replayed = m.hand_likelihood(bust, (), reads, CLASSIC_VALUES, CLASSIC, replay=True)
    assert replayed < 0.05 * flat
    made = cards("15c", "8c")
    assert m.hand_likelihood(made, (), reads, CLASSIC_VALUES, CLASSIC, replay=True) == (
        pytest.approx(m.hand_likelihood(made, (), reads, CLASSIC_VALUES, CLASSIC))
    )


def test_four_seat_hard_plays_the_hand_on_and_bets_a_pure_sabacc() -> None:
    # The last round before the hand may be called: a shift may still come.
    view = replace(table_view(), round_no=4)
    assert view.to_act == view.seat == view.lead and sum(view.in_hand) == 4
    player = HardSabaccPlayer("hard", replace(personality("steady"), bluff=0.0))
    player.trace = []
    legal = [sb.CHECK] + [sb.Bet(n) for n in range(1, 11)]
    pure = replace(view, hand=tuple(cards("15c", "8f")))
    bust = replace(view, hand=tuple(cards(*BUST)), card_counts=(4, *view.card_counts[1:]))
    for seed in range(3):
        assert isinstance(player.choose(pure, legal, random.Random(seed)), sb.Bet)
        assert player.choose(bust, legal, random.Random(seed)) == sb.CHECK
    shares = [e for _, e in player.trace]
    assert len(shares) == 6 and min(shares[0::2]) > 0.4 and max(shares[1::2]) < 0.15
    assert player.fallbacks == 0


def test_three_seat_hard_calls_a_pure_sabacc_and_passes_a_bust() -> None:
    view = replace(table_view(), phase=sb.CALLING, round_no=5, lead=1, to_act=0)
    view = replace(view, in_hand=(True, True, True, False))
    legal = [sb.CALL_HAND, sb.PASS_CALL]
    player = HardSabaccPlayer()
    pure = replace(view, hand=tuple(cards("15c", "8f")))
    bust = replace(view, hand=tuple(cards(*BUST)), card_counts=(4, *view.card_counts[1:]))
    for seed in range(3):
        assert player.choose(pure, legal, random.Random(seed)) == sb.CALL_HAND
        assert player.choose(bust, legal, random.Random(seed)) == sb.PASS_CALL


def test_empress_teta_hard_keeps_a_pure_sabacc_and_swaps_out_of_a_bust() -> None:
    teta = options_for("empress-teta")
    view = replace(table_view(), options=teta, phase=sb.SWAPPING)
    player = HardSabaccPlayer()
    pure = replace(view, hand=tuple(cards("15c", "8f")))
    legal = [sb.KEEP, sb.Swap(P("15c")), sb.Swap(P("8f"))]
    bust = replace(view, hand=tuple(cards("15c", "14f", "1c")))  # 30: swapping the 14 helps
    bust_legal = [sb.KEEP, *(sb.Swap(c) for c in bust.hand)]
    for seed in range(3):
        assert player.choose(pure, legal, random.Random(seed)) == sb.KEEP
        assert player.choose(bust, bust_legal, random.Random(seed)) in (
            sb.Swap(P("15c")),
            sb.Swap(P("14f")),
        )
    assert player.fallbacks == 0


def test_great_khan_hard_plays_the_hand_on() -> None:
    state = sb.new_game(4, preset="great-khan", seed_dealer=2)
    state.start_next()
    rng = random.Random(5)
    while state.to_act() == CHANCE:
        state.sample_chance(rng)
    view = state.view(state.to_act())
    assert view.phase == sb.TURNS and not view.locked
    player = HardSabaccPlayer()
    assert player.khan_played_on(view, random.Random(3)) is None  # off: no measured gain
    player.khan_play_on = True
    near = replace(view, hand=tuple(cards("15c", "7f")))
    bust = replace(view, hand=tuple(cards("15c", "14f", "13c")))
    shares = [player.khan_played_on(v, random.Random(3)) for v in (near, bust)]
    assert all(s is not None and 0.0 <= s <= 1.0 for s in shares)
    assert shares[0] > shares[1] + 0.1  # type: ignore[operator]
    assert NormalSabaccPlayer().khan_played_on(near, random.Random(3)) is None


@pytest.mark.parametrize("preset", ["empress-teta", "cloud-city"])
def test_hidden_cards_never_change_a_four_seat_hard_decision(preset: str) -> None:
    from tests.ai.test_no_peeking import _swap_sabacc

    state = sb.new_game(4, preset=preset)
    chance = random.Random(4)
    players = [make_player("sabacc", "hard") for _ in range(4)]
    rng = random.Random(6)
    checked: Counter[str] = Counter()
    for _ in range(20_000):
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
            continue
        if who in (BETWEEN, TERMINAL):
            if state.completed >= 4:
                break
            for s in range(4):
                if not state.can_continue(s):
                    state.rebuy(s, 100)
            state.start_next()
            continue
        view, legal = state.view(who), state.legal_actions()
        if state.phase in (sb.SWAPPING, sb.BETTING, sb.CALLING) and checked[state.phase] < 4:
            other = state.clone()
            if _swap_sabacc(other, who, rng):
                assert other.view(who) == view
                seed = rng.getrandbits(32)
                a = players[who].choose(view, legal, random.Random(seed))
                b = players[who].choose(other.view(who), legal, random.Random(seed))
                assert a == b
                checked[state.phase] += 1
        state.apply(players[who].choose(view, legal, rng))
    assert checked[sb.BETTING] and checked[sb.CALLING]
    if preset == "empress-teta":
        assert checked[sb.SWAPPING]
