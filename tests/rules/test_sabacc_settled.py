"""Points RULES.md settles for issue 14, with exact chips, cards and winners.

* §1.4 the failed-call penalty applies also when every hand bombs out, and on
  top of the caller's own bomb-out penalty;
* §1.6 in Great Khan two or more Pure Sabaccs or Idiot's Arrays win no game
  outright;
* §1.2 ``rank_hand`` refuses impossible hands;
* §1.4 Wookiee rules lift the bet cap and nothing else;
* chips left in the pots when a match ends go to the chip leader (§1.3: no
  chip vanishes), and the simulator counts chips across matches.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sabacc_helpers import deal, new, play, stand_all

from game import sim
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.rules.sabacc_presets import PRESET_NAMES, PRESETS, SabaccOptions


def to_calling(s: sb.SabaccState) -> None:
    """Quiet rounds (checks, no shift, nobody draws) until the calling phase."""
    while True:
        while s.phase == sb.BETTING and s.to_act() >= 0:
            s.apply(sb.CHECK)
        s.apply_chance(1)
        if s.phase == sb.CALLING:
            return
        stand_all(s)


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def deal_cards(state: sb.SabaccState, cards: dict[int, list[str]]) -> None:
    """Answer the deal's chance steps of a started hand with each seat's cards."""
    queues = {seat: list(codes) for seat, codes in cards.items()}
    while state.to_act() == CHANCE and state.chance[0][0] == 0:  # dealing
        state.apply_chance(sc.parse(queues[state.chance[0][1]].pop(0)))
    assert all(not q for q in queues.values()), "not every listed card was dealt"


def khan(players: int = 2, **changes: Any) -> sb.SabaccState:
    options = PRESETS["great-khan"].with_(**changes) if changes else None
    state = sb.new_game(players, preset="great-khan", options=options)
    state.start_next()
    return state


# -- §1.4 failed-call penalty ---------------------------------------------------------
def test_failed_call_penalty_when_every_hand_bombs_out() -> None:
    s = new(2, chips=20, failed_call_penalty=True)
    deal(s, {1: ["15c", "15f"], 0: ["15s", "14t"]})  # 30 and 29
    to_calling(s)
    assert s.to_act() == 1
    events = play(s, sb.CALL_HAND)  # seat 1 calls; nobody wins
    assert of(events, ev.PenaltyPaid) == [ev.PenaltyPaid(1, 2, "failed-call")]
    assert of(events, ev.PotMoved) == [ev.PotMoved(2, "hand", "sabacc")]
    assert events[-1] == ev.HandEnded(1, (), "all-bombed")
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([18, 16], 0, 6)


def test_failed_call_penalty_on_top_of_the_callers_bomb_out_when_all_bomb() -> None:
    s = new(2, chips=20, failed_call_penalty=True, bombout_penalty=True)
    deal(s, {1: ["15c", "15f"], 0: ["15s", "14t"]})
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert of(events, ev.PenaltyPaid) == [
        ev.PenaltyPaid(0, 2, "bombed-out"),
        ev.PenaltyPaid(1, 2, "bombed-out"),
        ev.PenaltyPaid(1, 2, "failed-call"),
    ]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([16, 14], 0, 10)


def test_failed_call_penalty_on_top_of_the_callers_bomb_out_when_another_wins() -> None:
    s = new(3, chips=20, failed_call_penalty=True, bombout_penalty=True)
    deal(s, {1: ["15c", "14c"], 2: ["10f", "9f"], 0: ["1c", "2c"]})  # 29, 19, 3
    to_calling(s)
    assert s.to_act() == 1
    events = play(s, sb.CALL_HAND)
    assert of(events, ev.PenaltyPaid) == [
        ev.PenaltyPaid(1, 3, "bombed-out"),
        ev.PenaltyPaid(1, 3, "failed-call"),
    ]
    assert of(events, ev.PotAwarded) == [ev.PotAwarded(2, 3, "hand")]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([18, 12, 21], 0, 9)


def test_failed_call_penalty_when_every_sudden_demise_hand_bombs_in_great_khan() -> None:
    s = khan(failed_call_penalty=True)
    deal_cards(s, {1: ["10c", "10f"], 0: ["10s", "10t"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.Bet(1), 12, sb.CALL_HAND, 12)  # seat 0 calls
    out = play(s, "15c", "14c")  # 35 and 34: every Sudden Demise hand bombs out
    assert of(out, ev.PenaltyPaid) == [ev.PenaltyPaid(0, 2, "failed-call")]
    assert of(out, ev.PotMoved) == [ev.PotMoved(2, "hand", "sabacc")]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([87, 94], 0, 19)


def test_no_failed_call_penalty_without_the_local_rule_when_all_bomb() -> None:
    s = new(2, chips=20)
    deal(s, {1: ["15c", "15f"], 0: ["15s", "14t"]})
    to_calling(s)
    events = play(s, sb.CALL_HAND)
    assert of(events, ev.PenaltyPaid) == []
    assert (s.chips, s.sabacc_pot) == ([18, 18], 4)


# -- §1.6 Great Khan: only a lone special hand wins the game -----------------------------
def test_great_khan_plus_and_minus_pure_sabacc_win_no_game() -> None:
    s = khan()
    deal_cards(s, {1: ["15c", "8c"], 0: ["evil-one", "endurance"]})  # +23 and -23
    play(s, sb.STAY, 12, sb.STAY, 12, sb.CALL_HAND, 12)
    out = play(s, sb.CHECK, 12)
    revealed = [(e.seat, e.hand_kind, e.total) for e in of(out, ev.HandRevealed)]
    assert sorted(revealed) == [(0, "pure-sabacc", -23), (1, "pure-sabacc", 23)]
    # +23 beats -23 and takes both pots (§1.2, §1.3), but the game goes on.
    assert of(out, ev.PotAwarded) == [ev.PotAwarded(1, 15, "sabacc")]
    assert of(out, ev.GameWon) == [] and of(out, ev.MatchEnded) == []
    assert s.to_act() == BETWEEN and s.chips == [95, 105]
    s.start_next()  # a new hand with the Stake
    assert (s.chips, s.sabacc_pot) == ([90, 100], 10)


def test_great_khan_idiots_array_and_pure_sabacc_win_no_game() -> None:
    s = khan()
    deal_cards(s, {1: ["idiot", "2c"], 0: ["evil-one", "endurance"]})
    play(s, sb.DRAW, "3c", 12, sb.STAY, 12, sb.CALL_HAND, 12)
    out = play(s, sb.CHECK, 12)
    assert of(out, ev.PotAwarded) == [ev.PotAwarded(1, 15, "sabacc")]
    assert of(out, ev.HandEnded)[0].winners == (1,)
    assert of(out, ev.GameWon) == [] and s.to_act() == BETWEEN


def test_great_khan_lone_special_hand_still_wins_the_game() -> None:
    s = khan()
    deal_cards(s, {1: ["idiot", "2c"], 0: ["10f", "9f"]})
    play(s, sb.DRAW, "3c", 12, sb.STAY, 12, sb.CALL_HAND, 12)
    out = play(s, sb.CHECK, 12)
    assert of(out, ev.GameWon) == [ev.GameWon(1)]
    assert s.to_act() == TERMINAL and s.chips == [95, 105]


def test_two_pure_sabaccs_in_classic_take_both_pots_as_before() -> None:
    s = new(3, chips=20)
    deal(s, {1: ["15c", "8c"], 2: ["evil-one", "endurance"], 0: ["1c", "2c"]})
    to_calling(s)
    events = play(s, sb.PASS_CALL, sb.CALL_HAND)
    assert of(events, ev.PotAwarded) == [ev.PotAwarded(1, 3, "hand"), ev.PotAwarded(1, 3, "sabacc")]
    assert s.to_act() == BETWEEN


# -- §1.2 impossible hands -------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rank_hand_refuses_a_second_seven_of_coins(preset: str) -> None:
    with pytest.raises(ValueError, match=r"'7c'.*7 of Coins"):
        sb.rank_hand(["7c", "7c", "9f"], preset=preset)


def test_rank_hand_refuses_three_stars_but_takes_two_in_the_standard_deck() -> None:
    with pytest.raises(ValueError, match="'star'.*only two"):
        sb.rank_hand(["star", "star", "star"])
    two = sb.rank_hand(["star", "star", "11c"])
    assert (two.kind, two.total) == ("pure-sabacc", -23)


def test_rank_hand_in_centran_takes_each_face_and_legate_once() -> None:
    with pytest.raises(ValueError, match="'star'.*only one"):
        sb.rank_hand(["star", "star"], preset="centran")
    with pytest.raises(ValueError, match="'Lc'"):
        sb.rank_hand(["Lc", "Lc", "1c"], preset="centran")
    r = sb.rank_hand(["Lc", "11c", "1f"], preset="centran")
    assert (r.kind, r.total) == ("pure-sabacc", 23)


# -- §1.4 Wookiee rules lift the bet cap only ---------------------------------------------
def test_wookiee_changes_no_option_but_the_cap() -> None:
    for preset in PRESET_NAMES:
        plain = PRESETS[preset]
        wookiee = plain.with_(wookiee=True)
        assert wookiee.capped is False
        assert wookiee.with_(wookiee=False) == plain


@pytest.mark.parametrize("preset", ["classic", "two-exchange", "great-khan", "force"])
def test_wookiee_plays_exactly_like_the_capped_game_below_the_cap(preset: str) -> None:
    """The same random moves (all legal under the cap) give the same events."""
    for seed in range(4):
        rng = random.Random(seed)
        capped = sb.new_game(4, preset=preset, chips=30)
        free = sb.new_game(4, options=PRESETS[preset].with_(wookiee=True), chips=30)
        for _ in range(600):
            who = capped.to_act()
            assert free.to_act() == who
            if who == TERMINAL:
                break
            if who == BETWEEN:
                for seat in range(4):
                    if not capped.can_continue(seat):
                        assert capped.rebuy(seat, 30) == free.rebuy(seat, 30)
                got = (capped.start_next(), free.start_next())
            elif who == CHANCE:
                outcome = rng.choice([o for o, _ in capped.chance_outcomes()])
                got = (capped.apply_chance(outcome), free.apply_chance(outcome))
            else:
                legal = capped.legal_actions()
                assert set(legal) <= set(free.legal_actions())
                action = rng.choice(legal)
                got = (capped.apply(action), free.apply(action))
            assert got[0] == got[1]
            assert (capped.chips, capped.hand_pot, capped.sabacc_pot) == (
                free.chips,
                free.hand_pot,
                free.sabacc_pot,
            )


def test_wookiee_lets_the_lead_bet_past_ten_with_exact_chips() -> None:
    s = new(3, chips=50, wookiee=True)
    deal(s, {1: ["10c", "11c"], 2: ["10f", "9f"], 0: ["star", "queen"]})
    events = play(s, sb.Bet(15), sb.CALL, sb.FOLD)
    assert of(events, ev.BetPlaced) == [ev.BetPlaced(1, 15)]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([47, 33, 33], 33, 4)
    capped = new(3, chips=50)
    deal(capped, {1: ["10c", "11c"], 2: ["10f", "9f"], 0: ["star", "queen"]})
    with pytest.raises(ValueError, match="10-chip cap"):
        capped.apply(sb.Bet(15))


# -- chips left in the pots when a match ends ----------------------------------------------
def test_pots_left_when_nobody_can_pay_the_stake_go_to_the_chip_leaders() -> None:
    s = sb.new_game(3, preset="great-khan", chips=20)
    s.chips = [3, 4, 4]  # nobody can pay the Stake of 5
    s.sabacc_pot = 7
    s.hand_pot = 2
    events = s.start_next()
    assert s.to_act() == TERMINAL
    # The two leaders share, odd chips first to the dealer's left (seat 1).
    assert of(events, ev.PotAwarded) == [
        ev.PotAwarded(1, 1, "hand"),
        ev.PotAwarded(2, 1, "hand"),
        ev.PotAwarded(1, 4, "sabacc"),
        ev.PotAwarded(2, 3, "sabacc"),
    ]
    assert (s.chips, s.hand_pot, s.sabacc_pot) == ([3, 9, 8], 0, 0)
    assert events[-1] == ev.MatchEnded(None)


def test_great_khan_small_stacks_hand_back_the_stakes_when_the_match_ends() -> None:
    s = sb.new_game(2, preset="great-khan", chips=6)
    s.start_next()
    assert (s.chips, s.sabacc_pot) == ([1, 1], 10)
    deal_cards(s, {1: ["10c", "9c"], 0: ["10f", "2f"]})
    play(s, sb.STAY, 12, sb.STAY, 12, sb.Bet(1), 12)
    play(s, sb.FOLD)  # seat 0 folds: seat 1 takes back the hand pot
    assert s.to_act() == BETWEEN and (s.chips, s.sabacc_pot) == ([1, 1], 10)
    events = s.start_next()  # nobody can pay the Stake: the match ends
    assert of(events, ev.PotAwarded) == [
        ev.PotAwarded(0, 5, "sabacc"),
        ev.PotAwarded(1, 5, "sabacc"),
    ]
    assert s.to_act() == TERMINAL and s.chips == [6, 6] and s.sabacc_pot == 0


def test_hands_limit_leaves_the_sabacc_pot_to_the_chip_leader() -> None:
    s = sb.new_game(3, options=SabaccOptions(hands_limit=1), chips=20)
    deal(s, {1: ["10c", "11c"], 2: ["10f", "9f"], 0: ["star", "queen"]})  # 21, 19, -19
    play(s, sb.Bet(2), sb.CALL, sb.CALL, 1)
    stand_all(s)
    to_calling(s)
    play(s, sb.CALL_HAND)
    assert (s.chips, s.sabacc_pot) == ([16, 25, 16], 3)
    events = s.start_next()
    assert of(events, ev.PotAwarded) == [ev.PotAwarded(1, 3, "sabacc")]
    assert events[-1] == ev.MatchEnded(None)
    assert s.chips == [16, 28, 16] and s.total_chips() == 60


def _great_khan_small_stacks(chips: int = 1) -> sim.SimConfig:
    # Re-buys of a stack below the Stake leave seats that cannot pay it, so
    # matches end with chips in the pots and new ones start.
    return sim.SimConfig("sabacc", "great-khan", 2, 30, 0, ["random"] * 2, chips)


@pytest.mark.parametrize("chips", [1, 6])
def test_simulator_counts_chips_across_great_khan_matches(chips: int) -> None:
    result = sim.run(_great_khan_small_stacks(chips))
    assert result.invariant_violations == 0


def test_simulator_sees_chips_a_match_keeps_in_its_pots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old engine's loss, put back: the check across matches must see it."""

    def keep_the_pots(self: sb.SabaccState, takers: tuple[int, ...], events: list[Event]) -> None:
        pass  # the match ends with its pots full, as before issue 14

    monkeypatch.setattr(sb.SabaccState, "_sweep_pots", keep_the_pots)
    result = sim.run(_great_khan_small_stacks())
    assert result.invariant_violations > 0
