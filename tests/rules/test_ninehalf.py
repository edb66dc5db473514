"""Nine and a Half (RULES.md §3): stacked-deck rules tests and random-game invariants."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.ninehalf_bots import make_player
from game.rules import cards52, ninehalf
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.rules.ninehalf import (
    Ante,
    Bet,
    Challenge,
    ChallengeSettled,
    DealerTenBust,
    Draw,
    DrawingEnded,
    Hit,
    HoleCardDealt,
    MatchOver,
    NineHalfOptions,
    NineHalfState,
    SetLimit,
    SitOut,
    StakeReturned,
    Stay,
    Stop,
    new_game,
)

FIXED_LIMIT = NineHalfOptions(dealer_sets_limit=False)


def table(n: int = 4, chips: Any = 40, dealer: int = 0, **opts: Any) -> NineHalfState:
    """A match whose first deal waits for antes (limit 10 unless told)."""
    opts.setdefault("dealer_sets_limit", False)
    return new_game(n, NineHalfOptions(**opts), chips=chips, dealer=dealer)


def antes(state: NineHalfState, *amounts: int | None) -> None:
    """Each asked player in turn antes ``amount`` or sits out (``None``)."""
    for amount in amounts:
        state.apply(SitOut() if amount is None else Ante(amount))


def deal(state: NineHalfState, *codes: str) -> list[Event]:
    events: list[Event] = []
    for code in codes:
        assert state.to_act() == CHANCE, f"no card due for {code}"
        events += state.apply_chance(code)
    return events


def stay_all(state: NineHalfState) -> None:
    while state.phase == ninehalf.HIT:
        state.apply(Stay())


def bets(state: NineHalfState, *amounts: int) -> None:
    for amount in amounts:
        state.apply(Bet(amount))


def snapshot(state: NineHalfState) -> dict[str, Any]:
    return copy.deepcopy(vars(state))


def started(hole: list[str], dealer_card: str, n: int | None = None, **opts: Any) -> NineHalfState:
    """Seat 0 deals; every other seat antes 1 and gets ``hole`` cards in order."""
    state = table(n or len(hole) + 1, **opts)
    antes(state, *[1] * len(hole))
    deal(state, *hole, dealer_card)
    return state


# ---------------------------------------------------------------------------
# Hand values and settlement (CONTRACT §2)


def test_hand_values() -> None:
    jt = ninehalf.hand_value(["JS", "TD"])
    assert (jt.kind, jt.points) == ("jack-ten", 10.5)
    assert ninehalf.hand_value(["TD", "JS"]).kind == "jack-ten"
    assert ninehalf.hand_value(["JS", "TD"], dealer=True).kind == "bust"
    assert ninehalf.hand_value(["QS", "TD"]).kind == "bust"
    assert ninehalf.hand_value(["KS", "TD"]).kind == "bust"
    nat = ninehalf.hand_value(["5C", "4D", "JS"])
    assert (nat.kind, nat.points) == ("natural", 9.5)
    assert ninehalf.hand_value(["9S", "QH"], dealer=True).kind == "normal"
    assert ninehalf.hand_value(["AS", "KH"]).points == 1.5
    assert ninehalf.hand_value(["TS"]).kind == "bust"
    assert ninehalf.hand_value(["7S", "2H", "AD"]).kind == "bust"  # 10
    assert ninehalf.hand_value(["9S"]).kind == "normal"
    assert ninehalf.hand_value(["10h", "js"]).kind == "jack-ten"  # codes per CONTRACT §1


def test_bad_codes_name_the_code() -> None:
    with pytest.raises(ValueError, match="ZZ"):
        ninehalf.hand_value(["ZZ"])
    with pytest.raises(ValueError, match="1X"):
        ninehalf.settle(dealer=["9S"], player=["1X"])
    state = started(["2S", "3S"], "4S")
    state.apply(Hit())
    with pytest.raises(ValueError, match="QQ"):
        state.apply_chance("QQ")


def test_settle_contract_example_tie_and_natural_double() -> None:
    assert ninehalf.settle(dealer=["9S", "QH"], player=["5C", "4D", "JS"], ante=1, bet=3) == 8


@pytest.mark.parametrize(
    ("dealer", "player", "ante", "bet", "gain"),
    [
        (["9S", "QH"], ["9C"], 1, 3, -4),  # dealer 9½ beats 9
        (["7S"], ["7H"], 2, 5, 7),  # a tie goes to the player
        (["5S", "8S"], ["8H", "5D"], 1, 1, 2),  # bust vs bust: player
        (["5S"], ["8H", "5D"], 3, 2, -5),  # player bust loses
        (["JH", "TC"], ["3D"], 1, 4, 5),  # dealer's J+10 is bust
        (["9S", "QH"], ["JS", "TD"], 1, 2, 6),  # Jack-Ten doubles, beats 9½
        (["4S"], ["9C", "KD"], 1, 10, 22),  # Natural doubles
        (["9S", "QH"], ["QS", "TD"], 1, 2, -3),  # Q+10 is just bust
    ],
)
def test_settle(dealer: list[str], player: list[str], ante: int, bet: int, gain: int) -> None:
    assert ninehalf.settle(dealer=dealer, player=player, ante=ante, bet=bet) == gain


# ---------------------------------------------------------------------------
# Ante, deal, dealer's ten


def test_ante_and_sit_out() -> None:
    state = table(4)
    assert state.to_act() == 1  # from the dealer's left
    antes(state, 2, None, 3)
    assert state.chips == [40, 38, 40, 37]
    assert state.stakes == [0, 2, 0, 3]
    deal(state, "AS", "2H", "5D")  # seat 1, seat 3, then the dealer
    assert state.hole == [None, cards52.parse("AS"), None, cards52.parse("2H")]
    assert state.dealer_cards == [cards52.parse("5D")]
    assert state.to_act() == 1
    assert state.duty == 1  # two players in the deal
    stay_all(state)
    bets(state, 1, 1)
    assert Challenge(2) not in state.legal_actions()
    with pytest.raises(ValueError, match="not a player"):
        state.apply(Challenge(2))


def test_ante_limits() -> None:
    state = table(4, chips=[40, 40, 3, 40])
    assert state.legal_actions() == [Ante(1), Ante(2), Ante(3), SitOut()]
    before = snapshot(state)
    with pytest.raises(ValueError, match="ante"):
        state.apply(Ante(4))
    with pytest.raises(ValueError, match="ante"):
        state.apply(Ante(0))
    assert snapshot(state) == before
    state.apply(Ante(1))
    assert state.legal_actions() == [Ante(1), Ante(2), SitOut()]  # keeps a chip to bet
    no_sit = table(3, allow_sit_out=False)
    assert SitOut() not in no_sit.legal_actions()
    with pytest.raises(ValueError, match="sitting out"):
        no_sit.apply(SitOut())


def test_everyone_sits_out_ends_the_deal() -> None:
    state = table(3)
    antes(state, None, None)
    assert state.to_act() == BETWEEN
    assert state.chips == [40, 40, 40]
    assert state.completed == 1


def test_dealer_ten_up_card_pays_antes_and_ends_deal() -> None:
    state = table(4)
    antes(state, 1, 2, 3)
    events = deal(state, "5S", "6S", "7S", "TD")
    assert state.to_act() == BETWEEN
    assert state.chips == [34, 41, 42, 43]
    assert state.wins == [0, 1, 1, 1]
    assert state.completed == 1
    bust = [e for e in events if isinstance(e, DealerTenBust)]
    assert bust and bust[0].paid == ((1, 1), (2, 2), (3, 3))
    assert state.bets == [0, 0, 0, 0]  # no betting after a dealer's ten


def test_dealer_ten_short_pays_when_broke() -> None:
    state = table(4, chips=[4, 40, 40, 40])
    antes(state, 3, 3, 3)
    deal(state, "5S", "6S", "7S", "TH")
    assert state.chips == [0, 43, 41, 40]  # pays from the left until empty; antes come back
    assert state.total_chips() == 124


# ---------------------------------------------------------------------------
# Hit or stay


def test_drawn_nine_or_ten_ends_drawing() -> None:
    state = started(["AS", "AH", "AD"], "5C")
    state.apply(Hit())
    events = deal(state, "9C")
    assert DrawingEnded(1, "nine-or-ten") in events
    assert state.to_act() == 2
    state.apply(Hit())
    deal(state, "JC")  # ½: seat 2 keeps drawing
    assert state.to_act() == 2 and Hit() in state.legal_actions()
    state.apply(Hit())
    deal(state, "TC")
    assert state.to_act() == 3


def test_face_up_total_nine_ends_drawing() -> None:
    state = started(["AS", "AH"], "5C")
    state.apply(Hit())
    deal(state, "5D")
    state.apply(Hit())
    events = deal(state, "4D")  # face-up 9 (the hidden Ace not counted)
    assert DrawingEnded(1, "face-up-nine") in events
    assert state.to_act() == 2
    state.apply(Hit())
    deal(state, "8D")
    state.apply(Hit())
    deal(state, "QD")  # face-up 8½: still free to hit
    assert state.to_act() == 2 and state.legal_actions() == [Hit(), Stay()]
    state.apply(Stay())
    assert state.phase == ninehalf.BET


def test_bust_player_may_keep_hitting() -> None:
    # A hidden 8 plus face-up 5 is bust, but stopping the player would show it.
    state = started(["8S", "AH"], "5C")
    state.apply(Hit())
    deal(state, "5D")
    assert state.legal_actions() == [Hit(), Stay()]


# ---------------------------------------------------------------------------
# Bets


def test_bets_one_to_limit_even_when_bust() -> None:
    state = started(["8S", "AH"], "5C")
    state.apply(Hit())
    deal(state, "7D")  # seat 1 bust (15)
    stay_all(state)
    assert state.legal_actions() == [Bet(b) for b in range(1, 11)]
    before = snapshot(state)
    with pytest.raises(ValueError, match="limit"):
        state.apply(Bet(11))
    with pytest.raises(ValueError, match="at least 1"):
        state.apply(Bet(0))
    assert snapshot(state) == before
    bets(state, 10, 1)
    assert state.chips == [40, 29, 38]
    assert state.phase == ninehalf.DEALER


def test_bet_capped_by_chips_left() -> None:
    state = table(3, chips=[40, 5, 40])
    antes(state, 2, 1)
    deal(state, "2S", "3S", "4S")
    stay_all(state)
    assert state.legal_actions() == [Bet(1), Bet(2), Bet(3)]
    with pytest.raises(ValueError, match="chips"):
        state.apply(Bet(4))


def test_dealer_sets_limit_for_whole_turn() -> None:
    state = new_game(3, NineHalfOptions())
    assert state.phase == ninehalf.LIMIT and state.to_act() == 0
    assert state.legal_actions() == [SetLimit(5), SetLimit(10), SetLimit(15), SetLimit(20)]
    with pytest.raises(ValueError, match="limit 7"):
        state.apply(SetLimit(7))
    state.apply(SetLimit(5))
    for _ in range(3):
        assert state.phase == ninehalf.ANTE  # no new limit inside the turn
        antes(state, 1, 1)
        deal(state, "2S", "3S", "4S")
        stay_all(state)
        assert state.legal_actions() == [Bet(b) for b in range(1, 6)]
        bets(state, 5, 5)
        state.apply(Challenge(1))
        state.apply(Stop())
        state.start_next()
    assert state.dealer == 1 and state.phase == ninehalf.LIMIT and state.to_act() == 1


# ---------------------------------------------------------------------------
# The dealer's duty


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 7, 8, 9])
def test_duty_is_half_the_players_rounded_down(players: int) -> None:
    state = table(10)
    antes(state, *([1] * players + [None] * (9 - players)))
    deal(state, *[f"{r}S" for r in "A23456789"[:players]], "QH")
    stay_all(state)
    bets(state, *[1] * players)
    duty = players // 2
    assert state.duty == duty
    for seat in range(1, duty + 1):
        assert Stop() not in state.legal_actions()
        before = snapshot(state)
        with pytest.raises(ValueError, match=f"challenge at least {duty} of the {players}"):
            state.apply(Stop())
        assert snapshot(state) == before
        state.apply(Challenge(seat))
    assert Stop() in state.legal_actions()
    state.apply(Stop())
    assert state.to_act() == BETWEEN


def test_draw_after_duty_requires_one_more_challenge() -> None:
    state = started(["2S", "3S", "4S", "5S"], "AH")
    stay_all(state)
    bets(state, 1, 1, 1, 1)
    state.apply(Challenge(1))
    state.apply(Challenge(2))
    assert Stop() in state.legal_actions()
    state.apply(Draw())
    deal(state, "AD")
    assert Stop() not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(ValueError, match="draws must challenge at least one more"):
        state.apply(Stop())
    assert snapshot(state) == before
    state.apply(Challenge(4))
    assert Stop() in state.legal_actions()


def test_draw_before_challenging_counts_in_the_duty() -> None:
    state = started(["2S", "3S", "4S", "5S"], "AH")
    stay_all(state)
    bets(state, 1, 1, 1, 1)
    state.apply(Draw())
    deal(state, "8H")  # dealer 9
    state.apply(Challenge(1))
    assert Stop() not in state.legal_actions()  # duty is 2
    state.apply(Challenge(2))
    state.apply(Stop())
    assert state.chips == [44, 38, 38, 40, 40]


def test_bust_dealer_cannot_draw_and_loses_every_challenge() -> None:
    state = started(["8H", "2S"], "5S")
    state.apply(Hit())
    deal(state, "5D")  # seat 1: 13, bust
    stay_all(state)
    bets(state, 2, 3)
    state.apply(Draw())
    deal(state, "8S")  # dealer 13, bust
    assert Draw() not in state.legal_actions()
    assert Stop() not in state.legal_actions()  # still owes a challenge
    with pytest.raises(ValueError, match="bust"):
        state.apply(Draw())
    events = state.apply(Challenge(1))  # bust vs bust: the player
    settled = [e for e in events if isinstance(e, ChallengeSettled)][0]
    assert settled.player_wins and settled.amount == 3
    state.apply(Stop())
    assert state.chips == [37, 43, 40]


def test_deal_ends_when_everyone_is_challenged() -> None:
    state = started(["2S", "3S"], "9H")
    stay_all(state)
    bets(state, 1, 1)
    state.apply(Challenge(1))
    state.apply(Challenge(2))
    assert state.to_act() == BETWEEN
    assert state.chips == [44, 38, 38]
    assert state.wins == [1, 0, 0]


# ---------------------------------------------------------------------------
# Special hands, ties and settlement


def test_natural_and_jack_ten_double_dealer_nine_half_plain() -> None:
    state = started(["JS", "9H", "5C"], "9S")
    state.apply(Hit())
    deal(state, "TD")  # seat 1: J + 10 (a drawn 10 ends the drawing)
    state.apply(Hit())
    deal(state, "QC")  # seat 2: 9½, a Natural
    state.apply(Stay())
    state.apply(Stay())
    bets(state, 2, 3, 4)
    state.apply(Draw())
    deal(state, "JD")  # the dealer's 9½ is a plain 9½
    events = state.apply(Challenge(1))
    events += state.apply(Challenge(2))
    events += state.apply(Challenge(3))
    settled = {e.seat: e for e in events if isinstance(e, ChallengeSettled)}
    assert settled[1].player_kind == "jack-ten" and settled[1].amount == 6
    assert settled[2].player_kind == "natural" and settled[2].amount == 8
    assert settled[2].dealer_kind == "normal" and settled[2].dealer_points == 9.5
    assert settled[3].amount == -5
    assert state.chips == [31, 46, 48, 35]


def test_dealer_jack_ten_is_bust() -> None:
    state = started(["3D", "2D"], "JH")
    stay_all(state)
    bets(state, 4, 1)
    state.apply(Draw())
    deal(state, "TC")
    assert state.view(0).dealer_cards == ("JH", "TC")
    state.apply(Challenge(1))
    state.apply(Stop())
    assert state.chips == [35, 45, 40]


def test_ties_go_to_the_player() -> None:
    state = started(["7H", "6H"], "7S")
    stay_all(state)
    bets(state, 5, 5)
    state.apply(Challenge(1))  # 7 vs 7: player
    state.apply(Challenge(2))  # 6 vs 7: dealer
    assert state.chips == [40, 46, 34]


def test_dealer_nine_half_beats_player_nine() -> None:
    state = started(["9C", "2C"], "9S")
    stay_all(state)
    bets(state, 3, 1)
    state.apply(Draw())
    deal(state, "QH")
    state.apply(Challenge(1))
    state.apply(Stop())
    assert state.chips == [44, 36, 40]


def test_unchallenged_players_exchange_nothing() -> None:
    state = started(["9C", "2C", "TC"], "3S")
    stay_all(state)
    bets(state, 10, 7, 3)
    assert state.chips == [40, 29, 32, 36]
    events = state.apply(Challenge(2))  # duty 1 met
    events += state.apply(Stop())
    assert StakeReturned(1, 11) in events and StakeReturned(3, 4) in events
    assert state.chips == [48, 40, 32, 40]
    assert state.wins == [1, 0, 0, 0]


def test_broke_dealer_pays_what_they_have() -> None:
    state = started(["9C", "8C"], "2S", chips=[3, 40, 40])
    stay_all(state)
    bets(state, 1, 1)
    state.apply(Challenge(1))  # player wins 2
    state.apply(Challenge(2))  # player wins 2, dealer has 1 left
    assert state.chips == [0, 42, 41]
    assert state.total_chips() == 83


# ---------------------------------------------------------------------------
# Turns, dealers, the match


def quick_deal(state: NineHalfState) -> None:
    """A deal where every player sits out."""
    while state.phase == ninehalf.ANTE:
        state.apply(SitOut())
    assert state.to_act() == BETWEEN


def test_dealer_rotates_every_three_deals() -> None:
    state = table(4)
    dealers = []
    for _ in range(9):
        dealers.append(state.dealer)
        quick_deal(state)
        state.start_next()
    assert dealers == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert state.dealer == 3


def test_rotate_every_option_and_permanent_dealer() -> None:
    every_one = table(3, rotate_every=1)
    every_two = table(3, rotate_every=2)
    permanent = table(3, permanent_dealer=True, dealer=2)
    seen: dict[str, list[int]] = {"one": [], "two": [], "perm": []}
    for _ in range(6):
        for name, state in (("one", every_one), ("two", every_two), ("perm", permanent)):
            seen[name].append(state.dealer)
            quick_deal(state)
            state.start_next()
    assert seen["one"] == [0, 1, 2, 0, 1, 2]
    assert seen["two"] == [0, 0, 1, 1, 2, 2]
    assert seen["perm"] == [2] * 6


def test_broke_dealer_gives_up_the_deal_and_broke_seats_are_skipped() -> None:
    state = started(["9C", "8C"], "2S", chips=[3, 40, 40])
    stay_all(state)
    bets(state, 1, 1)
    state.apply(Challenge(1))
    state.apply(Challenge(2))
    state.start_next()  # seat 0 has 0 chips: seat 1 deals now
    assert state.dealer == 1 and state.dealer_deals == 0
    assert state.order == [2]  # seat 0 is not asked to ante


def test_match_ends_when_fewer_than_two_can_continue_and_rebuy() -> None:
    state = started(["2C", "3C"], "9S", chips=[40, 2, 2])
    stay_all(state)
    bets(state, 1, 1)
    state.apply(Challenge(1))
    state.apply(Challenge(2))
    assert state.chips == [44, 0, 0]
    assert state.to_act() == BETWEEN
    rebought = state.clone()
    rebought.rebuy(1, 40)
    rebought.start_next()
    assert rebought.to_act() != TERMINAL and rebought.order == [1]
    events = state.start_next()
    assert events == [MatchOver((44, 0, 0))]
    assert state.to_act() == TERMINAL


def test_illegal_moves_raise_and_leave_state_unchanged() -> None:
    state = table(3)
    before = snapshot(state)
    for bad in (Hit(), Bet(1), Challenge(1), Stop(), Draw()):
        with pytest.raises(ValueError):
            state.apply(bad)
    with pytest.raises(ValueError, match="no card"):
        state.apply_chance("AS")
    with pytest.raises(ValueError, match="not over"):
        state.start_next()
    assert snapshot(state) == before
    antes(state, 1, 1)
    deal(state, "AS")
    with pytest.raises(ValueError, match="AS is not in the deck"):
        state.apply_chance("AS")


def test_new_game_checks() -> None:
    with pytest.raises(ValueError, match="3 to"):
        new_game(2)
    with pytest.raises(ValueError, match="3 to 10"):
        new_game(11, NineHalfOptions(decks=1))
    big = new_game(12)
    assert len(big.deck) == 104
    assert len(new_game(10).deck) == 52
    with pytest.raises(ValueError, match="2 chips"):
        new_game(3, chips=1)


def test_views_hide_face_down_cards_until_challenged() -> None:
    state = started(["7H", "6H"], "7S")
    assert state.view(1).face_down == (None, "7H", None)
    assert state.view(2).face_down == (None, None, "6H")
    assert state.view(0).face_down == (None, None, None)
    stay_all(state)
    bets(state, 1, 1)
    state.apply(Challenge(1))
    state.apply(Stop())
    for seat in range(3):
        assert state.view(seat).face_down[1] == "7H"
        assert state.view(seat).face_down[2] == (None if seat != 2 else "6H")
    hole = HoleCardDealt(1, "7H")
    assert hole.for_seat(2) == HoleCardDealt(1, None)
    assert hole.for_seat(1) == hole


def test_clone_is_independent() -> None:
    state = started(["7H", "6H"], "7S")
    copy_ = state.clone()
    copy_.apply(Hit())
    copy_.apply_chance("2D")
    assert state.up == [[], [], []] and state.to_act() == 1
    assert copy_.up[1] == [cards52.parse("2D")]
    assert len(state.deck) == len(copy_.deck) + 1


def test_chance_outcomes_cover_the_deck() -> None:
    state = table(12)
    antes(state, *[1] * 11)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert all(abs(p - 1 / 52) < 1e-12 for _, p in outcomes)  # two of each of 104


# ---------------------------------------------------------------------------
# Random games: invariants


def _visible_strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, tuple):
        out: set[str] = set()
        for item in value:
            out |= _visible_strings(item)
        return out
    return set()


def _check_view_leaks(state: NineHalfState) -> None:
    for viewer in range(state.num_seats):
        view = state.view(viewer)
        shown: set[str] = set()
        for name in view.__slots__:
            shown |= _visible_strings(getattr(view, name))
        for seat, card in enumerate(state.hole):
            if card is None or seat == viewer or state.challenged[seat]:
                continue
            assert view.face_down[seat] is None
            if state.decks == 1:  # with two decks the twin card may be shown fairly
                assert cards52.code(card) not in shown, (viewer, seat)


def play(
    seed: int, levels: list[str], deals: int, check: bool = True
) -> tuple[list[str], NineHalfState]:
    """Play ``deals`` deals; returns a log of every event and the final state."""
    rng = random.Random(seed)
    state = new_game(len(levels), NineHalfOptions(rotate_every=2), chips=12)
    players = [make_player(level) for level in levels]
    full = sorted(cards52.full_deck(state.decks))
    total = state.total_chips()
    log: list[str] = []
    steps_in_deal = 0
    while state.completed < deals:
        actor = state.to_act()
        if actor == TERMINAL:
            break
        if actor == BETWEEN:
            for seat in range(state.num_seats):
                if not state.can_continue(seat):
                    state.rebuy(seat, 12)
                    total += 12
            events = state.start_next()
            steps_in_deal = 0
        elif actor == CHANCE:
            events = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            assert legal
            action = players[actor].choose(state.view(actor), legal, rng)
            assert action in legal
            events = state.apply(action)
        steps_in_deal += 1
        assert steps_in_deal < 500, "a deal did not end"
        log.extend(repr(e) for e in events)
        if check:
            assert state.total_chips() == total
            assert all(c >= 0 for c in state.chips)
            assert sorted(state.cards_in_play()) == full
            for viewer in range(state.num_seats):
                for event in events:
                    hidden = event.for_seat(viewer)
                    if isinstance(hidden, HoleCardDealt) and hidden.seat != viewer:
                        assert hidden.card is None
            _check_view_leaks(state)
    return log, state


levels_strategy = st.lists(st.sampled_from(["random", "easy"]), min_size=3, max_size=10)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), levels=levels_strategy)
def test_random_games_keep_invariants(seed: int, levels: list[str]) -> None:
    _, state = play(seed, levels, deals=4)
    assert state.completed == 4
    assert sum(state.wins) <= 4 * state.num_seats


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_two_deck_table_keeps_invariants(seed: int) -> None:
    play(seed, ["random", "easy"] * 6, deals=2)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), levels=levels_strategy)
def test_same_seed_same_game(seed: int, levels: list[str]) -> None:
    first, a = play(seed, levels, deals=5, check=False)
    second, b = play(seed, levels, deals=5, check=False)
    assert first == second
    assert a.chips == b.chips and a.wins == b.wins


def test_long_match_without_rebuys_reaches_terminal() -> None:
    rng = random.Random(11)
    state = new_game(3, FIXED_LIMIT, chips=6)
    players = [make_player("random") for _ in range(3)]
    for _ in range(200_000):
        actor = state.to_act()
        if actor == TERMINAL:
            break
        if actor == BETWEEN:
            state.start_next()
        elif actor == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(players[actor].choose(state.view(actor), state.legal_actions(), rng))
    assert state.to_act() == TERMINAL
    assert sum(state.chips) == 18
    assert sum(1 for s in range(3) if state.can_continue(s)) < 2


def test_easy_bots_follow_rules_of_thumb() -> None:
    easy = make_player("easy")
    rng = random.Random(0)
    state = started(["2C", "9C"], "5S")
    assert easy.choose(state.view(1), state.legal_actions(), rng) == Hit()  # 2 < 6
    state.apply(Stay())
    assert easy.choose(state.view(2), state.legal_actions(), rng) == Stay()  # 9
    state.apply(Stay())
    # Dealer side: with duty 1 the dealer challenges the weakest-looking first.
    state.apply(Bet(1))
    state.apply(Bet(1))
    assert easy.choose(state.view(0), state.legal_actions(), rng) == Draw()  # 5 < 6
    for level in ("normal", "hard", "random"):
        assert make_player(level).level == level
    with pytest.raises(ValueError):
        make_player("grandmaster")
