"""Every Sabacc preset on the one engine (RULES.md §1.5-1.7, issue 3).

Hands are stacked with explicit chance outcomes: a card code for a card, an
int for a die (Great Khan's 2d6 as ``10 * first + second``) or for Force's
inverted-card chance (1 inverted, 0 upright).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.rules.sabacc_presets import PRESET_NAMES, PRESETS, VALUE_RULES

# -- helpers -----------------------------------------------------------------------
ACTION_TYPES: tuple[type, ...] = sb.Action.__args__  # type: ignore[attr-defined]


def play(state: sb.SabaccState, *steps: Any) -> list[Event]:
    """Feed actions and chance outcomes in order; each must fit the moment."""
    events: list[Event] = []
    for step in steps:
        if state.to_act() == CHANCE:
            assert not isinstance(step, ACTION_TYPES), f"chance is due, not {step}"
            outcome = sc.parse(step) if isinstance(step, str) else step
            events += state.apply_chance(outcome)
        else:
            assert isinstance(step, ACTION_TYPES), f"seat {state.to_act()} acts, not {step!r}"
            events += state.apply(step)
    return events


def deal(state: sb.SabaccState, cards: dict[int, list[str]]) -> list[Event]:
    """Answer the deal's chance steps with each seat's listed cards in turn."""
    queues = {seat: list(codes) for seat, codes in cards.items()}
    events: list[Event] = []
    while state.to_act() == CHANCE and state.chance[0][0] == 0:  # dealing
        seat = state.chance[0][1]
        events += state.apply_chance(sc.parse(queues[seat].pop(0)))
    assert all(not q for q in queues.values()), "not every listed card was dealt"
    return events


def hand(state: sb.SabaccState, seat: int) -> list[str]:
    return sorted(sc.codes(state.cards_of(seat)))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def new(preset: str, players: int = 3, **changes: Any) -> sb.SabaccState:
    options = PRESETS[preset].with_(**changes) if changes else None
    state = sb.new_game(players, preset=preset, options=options)
    state.start_next()
    return state


# -- Two-Exchange (RULES.md §1.5) -----------------------------------------------------
def test_two_exchange_antes_five_and_five_every_hand() -> None:
    s = new("two-exchange")
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([90, 90, 90], 15, 15)
    assert s.ante_due() == 10  # even though the Sabacc pot holds chips


def test_two_exchange_full_hand_lock_exchange_bet_and_pure_sabacc() -> None:
    s = new("two-exchange")  # dealer 0: seat 1 plays first
    deal(s, {1: ["10c", "9c"], 2: ["8f", "7f"], 0: ["star", "queen"]})
    assert s.phase == sb.HITTING and s.to_act() == 1
    play(s, sb.DRAW, "2c", sb.STAND)  # 21
    play(s, sb.DRAW, "6f", sb.STAND)  # 21
    play(s, sb.STAND)
    assert s.phase == sb.EXCHANGING and s.exchange_no == 1
    play(s, sb.Lock(sc.parse("10c")), sb.Lock(sc.parse("9c")), sb.Lock(sc.parse("2c")))
    out = play(s, sb.EXCHANGE)
    assert of(out, ev.CardsExchanged)[0].cards == ()
    play(s, sb.Lock(sc.parse("8f")), sb.Lock(sc.parse("7f")), sb.EXCHANGE)
    play(s, sb.Lock(sc.parse("star")), sb.EXCHANGE)
    # Replacements come only after everyone has exchanged, seat by seat.
    assert s.chance == [(7, 2), (7, 0)]
    play(s, "8s", "endurance")
    assert hand(s, 2) == ["7f", "8f", "8s"] and hand(s, 0) == ["endurance", "star"]
    assert s.phase == sb.BETTING and s.to_act() == 1
    play(s, sb.Bet(3), sb.Raise(2), sb.FOLD, sb.CALL)
    assert (s.chips, s.hand_pot) == ([90, 85, 85], 25)
    assert s.phase == sb.EXCHANGING and s.exchange_no == 2
    # Locked cards never change: seat 1 has nothing left to exchange.
    assert s.legal_actions() == [sb.EXCHANGE]
    play(s, sb.EXCHANGE)
    play(s, sb.Lock(sc.parse("8s")), sb.EXCHANGE)
    out = play(s)
    assert s.to_act() == BETWEEN
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([90, 85, 125], 0, 0)
    assert s.wins == [0, 0, 1]


def _two_player_two_exchange(seat1: list[str], seat0: list[str]) -> sb.SabaccState:
    s = new("two-exchange", players=2)
    deal(s, {1: seat1, 0: seat0})
    return s


def _locks(*codes: str) -> list[sb.Action]:
    return [sb.Lock(sc.parse(c)) for c in codes]


def test_two_exchange_bomb_out_costs_a_chip_per_point_beyond_23() -> None:
    s = _two_player_two_exchange(["15c", "14c"], ["10f", "10s"])
    play(s, sb.STAND, sb.STAND, *_locks("15c", "14c"), sb.EXCHANGE)
    play(s, *_locks("10f", "10s"), sb.EXCHANGE, sb.Bet(1), sb.CALL, sb.EXCHANGE, sb.EXCHANGE)
    assert s.to_act() == BETWEEN
    fines = [(e.seat, e.amount) for e in s.log if isinstance(e, ev.PenaltyPaid)]
    assert fines == [(1, 6)]  # 29 is 6 beyond 23
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([101, 83], 0, 16)


def test_two_exchange_total_zero_pays_five() -> None:
    s = _two_player_two_exchange(["10c", "balance"], ["10f", "10s"])
    play(s, sb.DRAW, "1f", sb.STAND, sb.STAND)  # seat 1: 10 - 11 + 1 = 0
    lock_all = [sb.Lock(sc.parse(c)) for c in ("10c", "balance", "1f")]
    play(s, *lock_all, sb.EXCHANGE, sb.Lock(sc.parse("10f")), sb.Lock(sc.parse("10s")))
    play(s, sb.EXCHANGE, sb.Bet(2), sb.CALL, sb.EXCHANGE, sb.EXCHANGE)
    assert [(e.seat, e.amount) for e in s.log if isinstance(e, ev.PenaltyPaid)] == [(1, 5)]
    assert (s.chips, s.sabacc_pot) == ([102, 83], 15)  # seat 0 takes the 14-chip pot


def test_two_exchange_everyone_checks_so_the_hand_pot_feeds_the_sabacc_pot() -> None:
    s = _two_player_two_exchange(["10c", "9c"], ["10f", "9f"])
    play(s, sb.STAND, sb.STAND, sb.EXCHANGE, sb.EXCHANGE, "10c", "9c", "10f", "9f")
    out = play(s, sb.CHECK, sb.CHECK)
    assert of(out, ev.PotMoved) == [ev.PotMoved(10, "hand", "sabacc")]
    assert of(out, ev.HandEnded)[0].reason == "all-checked"
    assert (s.chips, s.hand_pot, s.sabacc_pot, s.wins) == ([90, 90], 0, 20, [0, 0])


def _tied_two_exchange() -> sb.SabaccState:
    s = _two_player_two_exchange(["10c", "10f"], ["10s", "10t"])
    locks1 = [sb.Lock(sc.parse(c)) for c in ("10c", "10f")]
    locks0 = [sb.Lock(sc.parse(c)) for c in ("10s", "10t")]
    play(s, sb.STAND, sb.STAND, *locks1, sb.EXCHANGE, *locks0, sb.EXCHANGE)
    play(s, sb.Bet(1), sb.CALL, sb.EXCHANGE, sb.EXCHANGE)
    assert s.to_act() == CHANCE  # 20 against 20: a tie card each
    return s


def test_two_exchange_tie_card_wins_even_beyond_23() -> None:
    s = _tied_two_exchange()
    out = play(s, "4c", "1c")  # seat 1: 24 (1 beyond), seat 0: 21 (2 short)
    assert of(out, ev.PenaltyPaid) == []  # tie cards cost no fine
    assert of(out, ev.HandEnded)[0].winners == (1,)
    assert (s.chips, s.sabacc_pot) == ([89, 101], 10)


def test_two_exchange_ties_repeat_until_decided() -> None:
    s = _tied_two_exchange()
    out = play(s, "1c", "1f")  # 21 and 21: still tied
    assert len(of(out, ev.SuddenDemise)) == 1 and s.to_act() == CHANCE
    out = play(s, "5c", "queen")  # 26 (3 beyond) beats 19 (4 short)
    assert of(out, ev.HandEnded)[0].winners == (1,)
    assert s.chips == [89, 101]


def test_two_exchange_locked_cards_are_face_down_for_the_others() -> None:
    s = _two_player_two_exchange(["10c", "9c"], ["10f", "9f"])
    play(s, sb.STAND, sb.STAND)
    out = play(s, sb.Lock(sc.parse("10c")))
    assert out == [ev.CardLocked(1, "10c")] and out[0].for_seat(0) == ev.CardLocked(1, None)
    assert s.view(0).locked_counts == (0, 1) and s.view(0).locked == ()
    assert s.view(1).locked == (sc.parse("10c"),)
    before = s.clone()
    with pytest.raises(ValueError, match="unlocked"):
        s.apply(sb.Lock(sc.parse("10c")))
    with pytest.raises(ValueError, match="lock cards"):
        s.apply(sb.CHECK)
    assert s.view(1) == before.view(1)


# -- Great Khan (RULES.md §1.6) ---------------------------------------------------------
def test_great_khan_stake_dice_freeze_exchange_and_call() -> None:
    s = new("great-khan")  # dealer 0; turns start at seat 1
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([95, 95, 95], 0, 15)
    deal(s, {1: ["10c", "9c"], 2: ["8f", "7f"], 0: ["6s", "5s"]})
    assert s.phase == sb.TURNS and s.to_act() == 1
    out = play(s, sb.DRAW, "3c", 12)
    assert of(out, ev.DiceRolled) == [ev.DiceRolled(1, 2, False)]
    # Seat 2 freezes both cards for one Stake, then stays; doubles then name
    # seat 2 (the D4 counts from the dealer's left), whose cards are all
    # frozen: nothing happens and nobody re-rolls.
    out = play(s, sb.Freeze(sc.parse("8f")), sb.Freeze(sc.parse("7f")))
    assert of(out, ev.StakePaid) == [ev.StakePaid(2, 5, "freeze")]
    assert (s.chips[2], s.sabacc_pot) == (90, 20)
    assert s.view(0).locked_counts == (0, 0, 2)
    out = play(s, sb.STAY, 33, 2)
    assert of(out, ev.PlayerDieRolled) == [ev.PlayerDieRolled(2, -1)]
    # Seat 0 exchanges its 5 (face up on the pile); doubles name seat 1,
    # which loses its 9 of Coins to the deck for a 2 of Flasks.
    out = play(s, sb.ExchangeCard(sc.parse("5s")), "11s", 44, 1, "9c", "2f")
    assert of(out, ev.CardExchanged) == [ev.CardExchanged(0, "5s")]
    assert of(out, ev.CardShifted) == [ev.CardShifted(1, "9c", "2f")]
    assert s.discards == [sc.parse("5s")]
    assert hand(s, 1) == ["10c", "2f", "3c"] and hand(s, 0) == ["11s", "6s"]
    assert s.phase == sb.BETTING and s.to_act() == 1
    play(s, sb.Bet(2), 16, sb.CALL, 25)
    out = play(s, sb.CALL_HAND, 36)  # match 2 and pay the Stake again
    assert of(out, ev.StakePaid) == [ev.StakePaid(0, 5, "call")]
    # Revealed: 15, 15 and 17: seat 0 takes the hand pot, never the Sabacc pot.
    assert s.to_act() == BETWEEN
    assert of(s.log, ev.HandEnded)[0].winners == (0,)
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([94, 93, 88], 0, 25)


def test_great_khan_lone_pure_sabacc_wins_the_game() -> None:
    s = new("great-khan", players=2)
    deal(s, {1: ["15c", "8c"], 0: ["10f", "2f"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.CALL_HAND, 12)
    out = play(s, sb.CHECK, 12)
    assert of(out, ev.PotAwarded) == [ev.PotAwarded(1, 15, "sabacc")]
    assert of(out, ev.GameWon) == [ev.GameWon(1)]
    assert of(out, ev.MatchEnded) == [ev.MatchEnded(1)]
    assert s.to_act() == TERMINAL and s.chips == [95, 105]


def test_great_khan_bombed_out_pays_the_stake() -> None:
    s = new("great-khan", players=2)
    deal(s, {1: ["15c", "14c"], 0: ["10s", "10t"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.Bet(2), 12, sb.CALL_HAND, 12)
    assert [(e.seat, e.amount) for e in s.log if isinstance(e, ev.PenaltyPaid)] == [(1, 5)]
    assert (s.chips, s.sabacc_pot) == ([92, 88], 20)


def test_great_khan_sudden_demise_all_bombed_feeds_sabacc_pot_without_fines() -> None:
    s = new("great-khan", players=2)
    deal(s, {1: ["10c", "10f"], 0: ["10s", "10t"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.Bet(1), 12, sb.CALL_HAND, 12)
    out = play(s, "15c", "14c")  # 35 and 34
    assert of(out, ev.PenaltyPaid) == []
    assert of(out, ev.PotMoved) == [ev.PotMoved(2, "hand", "sabacc")]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([89, 94], 0, 17)


def test_great_khan_fold_win_never_takes_the_sabacc_pot() -> None:
    s = new("great-khan", players=2)
    deal(s, {1: ["15c", "8c"], 0: ["10f", "2f"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.Bet(3), 12)
    out = play(s, sb.FOLD)  # no dice once the hand is won
    assert s.to_act() == BETWEEN and of(out, ev.DiceRolled) == []
    assert (s.chips, s.sabacc_pot) == ([95, 95], 10)


def test_great_khan_dice_and_freezing_rules_refuse_bad_moves() -> None:
    s = new("great-khan", players=2)
    deal(s, {1: ["15c", "8c"], 0: ["10f", "2f"]})
    with pytest.raises(ValueError, match="unfrozen"):
        s.apply(sb.Freeze(sc.parse("1c")))
    play(s, sb.Freeze(sc.parse("15c")))
    with pytest.raises(ValueError, match="stasis field"):
        s.apply(sb.ExchangeCard(sc.parse("15c")))
    play(s, sb.STAY)
    with pytest.raises(ValueError, match="2d6"):
        s.apply_chance(17)
    assert [o for o, _ in s.chance_outcomes()][:3] == [11, 12, 13]
    play(s, 11)
    assert [o for o, _ in s.chance_outcomes()] == [1, 2]  # a D2 for two players
    play(s, 2)  # seat 0 (the dealer) exchanges: only unfrozen cards can go
    assert {sc.code(c) for c, _ in s.chance_outcomes()} == {"10f", "2f"}


def test_great_khan_ace_option() -> None:
    khan = PRESETS["great-khan"].with_(ace_low_option=True)
    values = sb.value_table(khan)
    r = sb.rank_cards([sc.parse(c) for c in ("15c", "15f", "7c")], values, khan)
    assert (r.kind, r.total) == ("pure-sabacc", 23)  # one Ace counts 1
    plain = sb.rank_hand(["15c", "15f", "7c"], preset="great-khan")
    assert (plain.kind, plain.total) == ("bombed-out", 37)


# -- Force (RULES.md §1.7) ------------------------------------------------------------------
def _force_to_the_call() -> sb.SabaccState:
    s = new("force")  # dealer 0; seat 1 leads and is dealt first
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([98, 98, 98], 3, 3)
    assert len(s.chance) == 3  # one card each
    deal(s, {1: ["10c"], 2: ["star"], 0: ["9f"]})
    assert s.phase == sb.DECLARING
    play(s, sb.DECLARE_LIGHT, sb.DECLARE_DARK, sb.DECLARE_LIGHT)
    play(s, sb.CHECK, sb.CHECK, sb.CHECK)
    assert hand(s, 1) == ["10c"] and s.to_act() == CHANCE
    out = play(s, "9c", 0, "queen", 0, "8f", 1)  # seat 0's 8 comes inverted
    assert of(out, ev.CardInverted) == [ev.CardInverted(0, "dark")]
    assert s.view(1).sides == ("dark", "light", "dark")
    assert s.view(1).inverted_counts == (1, 0, 0)
    play(s, sb.CHECK, sb.CHECK, sb.CHECK)
    play(s, "2c", 0, "endurance", 0, "3f", 0)
    play(s, sb.CHECK, sb.CHECK, sb.CHECK)
    assert s.phase == sb.CALLING and s.to_act() == 0  # after round 3 anyone may call
    play(s, sb.PASS_CALL, sb.CALL_HAND)
    assert s.to_act() == CHANCE  # the fourth card, then no more betting
    return s


def test_force_even_sides_leave_it_to_the_best_hands() -> None:
    s = _force_to_the_call()
    play(s, "1c", 0, "1f", 0, "2f", 0)
    assert s.phase == sb.FINAL_DISCARD and s.to_act() == 1
    out = play(s, sb.KEEP, sb.Discard(sc.parse("1f")), sb.KEEP)
    assert ev.CardDiscarded(2, "1f") in out  # shown to everybody
    # Seat 2 (star, queen, endurance: -27) bombed out and scores nothing, so
    # light's 22 (seat 1) meets dark's 22 (seat 0, whose inverted 8 made it
    # dark): even sides, and the two 22s play a Sudden Demise.
    assert of(out, ev.SidesScored)[0] == ev.SidesScored(22, 22, "even")
    assert of(out, ev.SuddenDemise)[0].seats == (1, 0)


def test_force_sides_decide_before_hands() -> None:
    s = _force_to_the_call()
    play(s, "1c", 0, "4f", 0, "2f", 0)  # seat 2: -17 - 2 - 8 + 4 = -23
    out = play(s, sb.KEEP, sb.Discard(sc.parse("endurance")), sb.KEEP)
    # Seat 2 lets its Pure Sabacc go (-15): dark = 15 + 22 (seat 0, inverted)
    # = 37 beats light's 22, so seat 0's 22 wins though seat 1 holds 22 too.
    assert of(out, ev.SidesScored)[0] == ev.SidesScored(22, 37, "dark")
    assert of(out, ev.HandEnded)[0].winners == (0,)
    assert (s.chips, s.sabacc_pot) == ([101, 98, 98], 3)


def test_force_discarding_the_inverted_card_switches_back() -> None:
    s = _force_to_the_call()
    play(s, "1c", 0, "4f", 0, "2f", 0)
    out = play(s, sb.KEEP, sb.Discard(sc.parse("endurance")), sb.Discard(sc.parse("8f")))
    assert s.side_of(0) == "light"
    # Light: 22 + 14 = 36 against dark 15: seat 1 holds light's best hand.
    assert of(out, ev.SidesScored)[0] == ev.SidesScored(36, 15, "light")
    assert of(out, ev.HandEnded)[0].winners == (1,)


def test_force_pure_sabacc_wins_for_its_side_outright() -> None:
    s = _force_to_the_call()
    play(s, "1c", 0, "4f", 0, "2f", 0)
    out = play(s, sb.KEEP, sb.KEEP, sb.Discard(sc.parse("8f")))  # seat 2 at -23
    assert of(out, ev.SidesScored)[0] == ev.SidesScored(36, 23, "pure-dark")
    assert of(out, ev.HandEnded)[0].winners == (2,)
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([98, 98, 104], 0, 0)


def test_force_without_a_call_bets_a_fourth_round() -> None:
    s = new("force", players=2, inverted_chance=0.0)
    deal(s, {1: ["10c"], 0: ["9f"]})
    play(s, sb.DECLARE_LIGHT, sb.DECLARE_LIGHT, sb.CHECK, sb.CHECK, "9c", "8f")
    play(s, sb.CHECK, sb.CHECK, "2c", "3f", sb.CHECK, sb.CHECK)
    play(s, sb.PASS_CALL, sb.PASS_CALL, "1c", "1f")
    assert s.phase == sb.BETTING and len(s.hands[0]) == 4
    play(s, sb.CHECK, sb.CHECK)
    assert s.phase == sb.FINAL_DISCARD
    with pytest.raises(ValueError, match="discard one card"):
        s.apply(sb.DRAW)
    fresh = new("force", players=2)
    deal(fresh, {1: ["10c"], 0: ["9f"]})
    with pytest.raises(ValueError, match="declare Light or Dark"):
        fresh.apply(sb.Declare("grey"))


# -- Classic-flow presets: Empress Teta, Cloud City, Figg, Centran, Random ---------------------
def _classic_two_player(preset: str, seat1: list[str], seat0: list[str]) -> sb.SabaccState:
    """Two players to the round-2 call (min rounds 2), no shifts, no draws."""
    s = new(preset, players=2)
    deal(s, {1: seat1, 0: seat0})
    play(s, sb.CHECK, sb.CHECK, 1, sb.STAND, sb.STAND)
    if s.to_act() == CHANCE:  # Random Sabacc: the rules stay as they are
        play(s, -1)
    play(s, sb.CHECK, sb.CHECK, 2)
    assert s.phase == sb.CALLING and s.to_act() == 1
    return s


def test_empress_teta_swaps_one_card_before_the_showdown() -> None:
    s = _classic_two_player("empress-teta", ["10c", "9c"], ["8f", "7f"])
    play(s, sb.CALL_HAND)
    assert s.phase == sb.SWAPPING and s.to_act() == 0
    out = play(s, sb.Swap(sc.parse("7f")), "8c", sb.Swap(sc.parse("9c")), "13c")
    assert of(out, ev.CardExchanged) == [ev.CardExchanged(0, "7f"), ev.CardExchanged(1, "9c")]
    assert sc.codes(s.discards) == [] and s.to_act() == BETWEEN  # back in the deck
    revealed = {e.seat: (e.cards, e.hand_kind) for e in of(out, ev.HandRevealed)}
    assert revealed[1] == (("10c", "13c"), "pure-sabacc")
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([98, 102], 0, 0)


def test_empress_teta_straight_ranks_below_pure_sabacc_above_the_rest() -> None:
    straight = sb.rank_hand(["1c", "2f", "3s", "4t", "5c"], preset="empress-teta")
    assert (straight.kind, straight.total) == ("straight", 15)
    assert not straight.takes_sabacc_pot
    assert straight > sb.rank_hand(["12c", "10f"], preset="empress-teta")
    assert straight < sb.rank_hand(["12c", "11f"], preset="empress-teta")
    assert sb.rank_hand(["1c", "2f", "3s", "4t", "5c"], preset="classic").kind == "normal"


def test_cloud_city_zero_hand_at_the_showdown() -> None:
    s = new("cloud-city", players=2)
    deal(s, {1: ["10c", "queen"], 0: ["10f", "11f"]})
    play(s, sb.CHECK, sb.CHECK, 1, sb.DRAW, "endurance", sb.KEEP, sb.STAND)
    play(s, sb.CHECK, sb.CHECK, 3, sb.PASS_CALL, sb.STAND, sb.DRAW, "idiot", sb.KEEP)
    play(s, sb.CHECK, sb.CHECK, 3)
    out = play(s, sb.CALL_HAND)  # seat 0 calls; seat 1 holds 10 - 2 - 8 + 0 in four cards
    revealed = {e.seat: (e.hand_kind, e.total) for e in of(out, ev.HandRevealed)}
    assert revealed == {1: ("zero", 0), 0: ("normal", 21)}
    assert of(out, ev.HandEnded)[0].winners == (1,)
    assert (s.chips, s.sabacc_pot) == ([98, 100], 2)  # zero never takes the Sabacc pot


def test_cloud_city_ranking() -> None:
    zero = sb.rank_hand(["10c", "queen", "endurance", "idiot"], preset="cloud-city")
    assert zero.kind == "zero" and zero > sb.rank_hand(["12c", "10f"], preset="cloud-city")
    assert zero < sb.rank_hand(["12c", "11f"], preset="cloud-city")
    assert sb.rank_hand(["10c", "queen", "endurance"], preset="cloud-city").bombed_out
    near_zero = sb.rank_hand(["10c", "queen", "endurance", "1c"], preset="cloud-city")
    assert near_zero > sb.rank_hand(["11c", "10f"], preset="cloud-city")  # 1 from 0 v 2 from 23
    two_off = sb.rank_hand(["10c", "queen", "endurance", "2c"], preset="cloud-city")
    assert two_off < sb.rank_hand(["11c", "10f"], preset="cloud-city")  # equal: ±23 wins


def test_figg_odd_faces_count_positive_at_the_showdown() -> None:
    s = _classic_two_player("figg", ["balance", "12c"], ["10f", "9f"])
    assert s.view(1).my_total == 1  # the printed values during play
    out = play(s, sb.CALL_HAND)
    revealed = {e.seat: (e.hand_kind, e.total) for e in of(out, ev.HandRevealed)}
    assert revealed[1] == ("pure-sabacc", 23)
    assert (s.chips, s.sabacc_pot) == ([98, 102], 0)
    figg = [sb.rank_hand([c, "1c"], preset="figg").total for c in sb.sc.FACE_CODES]
    assert figg == [1, -1, -7, 12, 14, -13, 16, 18]


def test_centran_deck_wild_fives_and_legates() -> None:
    s = sb.new_game(3, preset="centran")
    census = Counter(sc.codes(s.all_cards()))
    assert len(s.all_cards()) == 78 and census["universe"] == 1 and census["idiot"] == 1
    assert census["Lt"] == 1
    assert sb.rank_hand(["5c", "10c"], preset="centran").kind == "pure-sabacc"
    # Two wild fives with The Star: claiming 1 + 1 gives -15, nearer -23 than
    # the +13 that claiming 15 + 15 would give.
    assert sb.rank_hand(["5c", "5f", "star"], preset="centran").total == -15
    legate = sb.rank_hand(["Lc", "10c"], preset="centran")
    assert legate > sb.rank_hand(["11c", "10f"], preset="centran")
    assert legate == sb.rank_hand(["Lf", "10s"], preset="centran")
    assert sb.rank_hand(["idiot", "2c", "5f"], preset="centran").kind == "idiots-array"


def test_random_sabacc_announces_each_rule_change() -> None:
    s = new("random", players=2)
    deal(s, {1: ["10s", "9c"], 0: ["8f", "7f"]})
    play(s, sb.CHECK, sb.CHECK, 1, sb.STAND, sb.STAND)
    out = play(s, VALUE_RULES.index("suit-signs"))
    assert of(out, ev.RulesChanged) == [ev.RulesChanged("suit-signs")]
    assert s.view(1).my_total == -1  # the 10 of Sabres now counts -10


# -- rank_hand for every preset ---------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rank_hand_every_preset(preset: str) -> None:
    assert sb.rank_hand(["idiot", "2c", "3s"], preset=preset).kind == "idiots-array"
    assert sb.rank_hand(["15c", "8f"], preset=preset).kind == "pure-sabacc"
    assert sb.rank_hand(["15c", "15f"], preset=preset).kind == "bombed-out"
    if PRESETS[preset].deck == "standard":
        for card in ("universe", "Lc"):
            with pytest.raises(ValueError, match=card):
                sb.rank_hand(["1c", card], preset=preset)


def test_rank_hand_refuses_unknown_presets_and_codes() -> None:
    with pytest.raises(ValueError, match="unknown Sabacc preset 'poker'"):
        sb.rank_hand(["1c"], preset="poker")
    with pytest.raises(ValueError, match="'16c'"):
        sb.rank_hand(["16c"], preset="centran")


def test_simulator_refuses_unknown_preset() -> None:
    from game import sim

    with pytest.raises(SystemExit) as exit_info:
        sim.main(["--game", "sabacc", "--preset", "pazaak", "--players", "5"])
    assert exit_info.value.code == 2


def test_every_preset_is_playable_in_the_simulator() -> None:
    from game import sim

    for preset in PRESET_NAMES:
        levels = ["easy", "random", "easy", "random", "easy"]
        result = sim.run(sim.SimConfig("sabacc", preset, 5, 12, 3, levels, 100))
        assert result.invariant_violations == 0, preset
        assert result.actions > 0 and 1 <= sum(result.wins) <= 12 * 5, preset


# -- invariants under random play, every preset -------------------------------------------------
def _random_match(preset: str, seed: int, hands: int, players: int) -> tuple[Any, list[Any]]:
    """Random play with invariant checks at every step; returns the state and
    the full event record (for replay)."""
    rng = random.Random(seed)
    state = sb.new_game(players, preset=preset, seed_dealer=seed % players)
    census = Counter(state.all_cards())
    total = state.total_chips()
    record: list[Any] = []
    steps_in_hand = 0
    while state.completed < hands:
        who = state.to_act()
        if who == TERMINAL:
            break
        if who == BETWEEN:
            for s in range(players):
                if not state.can_continue(s):
                    state.rebuy(s, 50)
                    total += 50
            record += state.start_next()
            steps_in_hand = 0
        elif who == CHANCE and steps_in_hand % 2:
            # Chance is explicit: the listed outcomes are a distribution and
            # each of them can be applied (what a search enumerates).
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            weights = [p for _, p in outcomes]
            record += state.apply_chance(rng.choices(outcomes, weights)[0][0])
        elif who == CHANCE:
            record += state.sample_chance(rng)
        else:
            if steps_in_hand % 3 == 0:
                _assert_no_leak(state, who, rng)
                _assert_illegal_refused(state)
            legal = state.legal_actions()
            assert legal, f"{preset}: seat {who} has no legal action in {state.phase}"
            record += state.apply(legal[rng.randrange(len(legal))])
        steps_in_hand += 1
        assert steps_in_hand < 3000, f"{preset}: a hand did not end"
        assert state.total_chips() == total
        assert Counter(state.all_cards()) == census
        assert min(state.chips) >= 0 and state.hand_pot >= 0 and state.sabacc_pot >= 0
    return state, record


# One of every kind of action, for the check that whatever is not listed as
# legal is refused with a ValueError and changes nothing.
PROBES: list[Any] = [
    sb.CHECK, sb.CALL, sb.FOLD, sb.Bet(1), sb.Raise(1), sb.CALL_HAND, sb.PASS_CALL,
    sb.DRAW, sb.STAND, sb.KEEP, sb.EXCHANGE, sb.DECLARE_LIGHT, sb.Declare("grey"),
    sb.Lock(0), sb.ExchangeCard(0), sb.Freeze(0), sb.Swap(0), sb.Discard(0),
    sb.PlaceInField(0), sb.Bet(10_000),
]  # fmt: skip


def _assert_illegal_refused(state: sb.SabaccState) -> None:
    legal = state.legal_actions()
    seat = state.to_act()
    for probe in PROBES:
        if probe in legal:
            continue
        before = (state.view(seat), state.total_chips(), state.chips[:], state.phase)
        with pytest.raises(ValueError):
            state.apply(probe)
        assert (state.view(seat), state.total_chips(), state.chips, state.phase) == before


def _assert_no_leak(state: sb.SabaccState, seat: int, rng: random.Random) -> None:
    """Swap other seats' hidden cards for deck cards: the seat's view and the
    public log must not change."""
    before = state.view(seat)
    other = state.clone()
    for s in range(state.num_seats):
        if s == seat or other.revealed[s] is not None:
            continue
        for i, card in enumerate(other.hands[s]):
            if not other.deck:
                break
            j = rng.randrange(len(other.deck))
            new_card = other.deck[j]
            other.deck[j] = card
            other.hands[s][i] = new_card
            for marks in (other.locked[s], other.inverted[s]):
                if card in marks:
                    marks[marks.index(card)] = new_card
    assert other.view(seat) == before


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_invariants_under_random_play(preset: str, seed: int, players: int) -> None:
    state, record = _random_match(preset, seed, 3, players)
    assert state.completed == 3 or state.to_act() == TERMINAL
    # Seeded replay: the same seed and choices give the same match.
    again, record_again = _random_match(preset, seed, 3, players)
    assert record_again == record and again.chips == state.chips


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_events_hide_private_cards(preset: str) -> None:
    state, record = _random_match(preset, 11, 2, 4)
    for event in record:
        for viewer in (None, 0):
            seen = event.for_seat(viewer)
            owner = getattr(event, "seat", None)
            for name in type(event)._private:
                if viewer is None or owner != viewer:
                    value = getattr(seen, name)
                    hidden = value is None or all(v is None for v in value)
                    assert hidden, (preset, event)
