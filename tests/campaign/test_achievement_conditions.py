"""Every achievement is earned by what its words say, read from a finished hand's
events: a near miss earns nothing, the real thing earns it.

Seen by a new player: "Three of a kind — win a Brag game holding a prial" after one
deal of a first-to-7 game that stood at 3/7, and in the deal another player won the
game in.
"""

from __future__ import annotations

from typing import Any

from game.campaign.rewards import ACHIEVEMENTS, AchievementBook, facts_from_events
from game.rules import brag, ninehalf
from game.rules import kessel_events as kev
from game.rules import sabacc_events as ev

PRIAL = (("3S", "3H", "3D"), ("AS", "KS", "QS"), ("JH", "TC", "9H"), ("7C", "7D", "4D"))
PLAIN = (("AS", "KS", "QS"), ("JH", "TC", "9H"), ("7C", "7D", "4D"), ("3S", "3H", "5D"))


def earned(
    game: str, events: list, chips_before: int = 50, times: int = 1, stack: int = 100
) -> list[str]:
    """The achievements a fresh book earns from ``times`` such hands (seat 0), at a
    table where everyone began with ``stack`` chips."""
    book = AchievementBook()
    new: list[str] = []
    for _ in range(times):
        new += book.record(facts_from_events(game, events, 0, chips_before, stack))
    return new


def test_every_achievement_is_covered_here() -> None:
    covered = {"first-win", "idiots-array", "pure-sabacc", "shift-survivor", "brag-crash",
               "brag-prial", "dealer-duty", "comeback", "big-pot"}  # fmt: skip
    assert {a.id for a in ACHIEVEMENTS} == covered


# ------------------------------------------------------------------------------ Brag
def brag_deal(sets: tuple, showdowns: tuple, scores: tuple, game_winner: int | None) -> list:
    """One Brag deal: seat 0 lays ``sets``; showdown ``i`` goes to ``showdowns[i]``."""
    events: list = [brag.LayoutSet(0, sets), brag.LayoutSet(1, PLAIN)]
    points = [0, 0, 0, 0]
    for position, winner in enumerate(showdowns):
        events.append(brag.ShowdownResult(position, winner, winner is not None))
        if winner is not None:
            points[winner] += 1
            events.append(brag.PointsScored(winner, 1, scores[winner], "showdown"))
    if game_winner is None:
        events.append(brag.DealEnded(1, scores))
    else:
        events.append(brag.GameWon(game_winner, scores))
        for loser in (s for s in range(4) if s != game_winner):
            events.append(brag.ChipsPaid(loser, game_winner, 10, "game"))
    return events


def test_brag_prial_needs_the_game_won_not_a_deal() -> None:
    # One deal of a first-to-7 game, the player at 3/7 holding a prial: no game won.
    first_deal = brag_deal(PRIAL, (0, 0, 1, 0), (3, 1, 0, 0), None)
    assert earned("brag", first_deal) == []
    # The deal another player reached 7 in, the player taking more of its showdowns.
    their_win = brag_deal(PRIAL, (0, 0, 1, None), (6, 7, 0, 0), game_winner=1)
    assert earned("brag", their_win) == []
    # The player wins the game holding a prial: earned (with the first win).
    mine = brag_deal(PRIAL, (0, 0, 1, 0), (7, 2, 0, 0), game_winner=0)
    assert earned("brag", mine) == ["first-win", "brag-prial"]
    # Won without a prial: the game counts, the prial does not.
    assert earned("brag", brag_deal(PLAIN, (0, 0, 1, 0), (7, 2, 0, 0), 0)) == ["first-win"]


def test_a_fouled_layout_holds_no_prial() -> None:
    events = brag_deal(PRIAL, (1, 1, 1, 1), (7, 7, 0, 0), game_winner=1)
    events.insert(2, brag.LayoutFouled(0, PRIAL))
    assert facts_from_events("brag", events, 0).hand_kind == ""


def test_brag_crash_is_all_four_showdowns_declared_or_not() -> None:
    three = brag_deal(PLAIN, (0, 0, 0, 1), (3, 1, 0, 0), None)
    assert "brag-crash" not in earned("brag", three)
    # All four taken in a game without crash scoring (no CrashMade event): a crash.
    four = brag_deal(PLAIN, (0, 0, 0, 0), (4, 0, 0, 0), None)
    assert earned("brag", four) == ["brag-crash"]


# ---------------------------------------------------------------------------- Sabacc
def sabacc_hand(kind: str, winner: int = 0, pot: int = 40, before: tuple = ()) -> list:
    return [
        *before,
        ev.HandRevealed(0, ("8c", "7f", "8s"), kind, 23),
        ev.HandRevealed(1, ("15c", "8f"), "normal", 23),
        ev.PotAwarded(winner, pot, "hand"),
        ev.HandEnded(3, (winner,), "showdown"),
    ]


def test_first_win_needs_a_win() -> None:
    assert earned("sabacc", sabacc_hand("normal", winner=1)) == []
    assert earned("sabacc", sabacc_hand("normal")) == ["first-win"]


def test_idiots_array_needs_the_win_with_it() -> None:
    assert "idiots-array" not in earned("sabacc", sabacc_hand("idiots-array", winner=1))
    assert "idiots-array" in earned("sabacc", sabacc_hand("idiots-array"))


def test_pure_sabacc_is_the_hand_won_with_after_a_sudden_demise() -> None:
    tied = sabacc_hand("pure-sabacc")
    # A tie at Pure Sabacc, settled by a sudden-demise card: the player wins with 22.
    tied.insert(2, ev.SuddenDemiseCard(0, "1c", "normal", 24))
    assert "pure-sabacc" not in earned("sabacc", tied)
    assert "pure-sabacc" in earned("sabacc", sabacc_hand("pure-sabacc"))


def test_shift_survivor_needs_the_shift_to_make_the_pure_sabacc() -> None:
    shifted_then_drew = (ev.CardShifted(0, "2c", "8s"), ev.CardDrawn(0, "7f"))
    drawn = sabacc_hand("pure-sabacc", before=shifted_then_drew)
    assert "shift-survivor" not in earned("sabacc", drawn)
    made = sabacc_hand("pure-sabacc", before=(ev.CardDrawn(0, "7f"), ev.CardShifted(0, "2c", "8s")))
    assert "shift-survivor" in earned("sabacc", made)
    lost = sabacc_hand("pure-sabacc", winner=1, before=(ev.CardShifted(0, "2c", "8s"),))
    assert "shift-survivor" not in earned("sabacc", lost)


def test_comeback_counts_the_chips_the_hand_began_with_after_a_rebuy() -> None:
    # Down to 3 chips, bought back in to 100 as the hand began: no comeback.
    rebought = sabacc_hand("normal", before=(ev.Rebought(0, 97),))
    assert "comeback" not in earned("sabacc", rebought, chips_before=3)
    assert "comeback" in earned("sabacc", sabacc_hand("normal"), chips_before=3)


def test_comeback_at_classic_is_a_tenth_of_the_starting_stack() -> None:
    won = sabacc_hand("normal")
    assert "comeback" not in earned("sabacc", won, chips_before=11)  # a near miss
    assert "comeback" in earned("sabacc", won, chips_before=10)
    assert "comeback" not in earned("sabacc", sabacc_hand("normal", winner=1), chips_before=10)
    # The stakes the player chose: 10 chips of a 500-chip start is nearly out...
    assert "comeback" in earned("sabacc", won, chips_before=10, stack=500)
    # ...10 chips of a 20-chip start (a campaign's first buy-in) is half of it.
    assert "comeback" not in earned("sabacc", won, chips_before=10, stack=20)
    assert "comeback" in earned("sabacc", won, chips_before=2, stack=20)


def kessel_round(winner: int = 0) -> list:
    return [
        kev.HandRanked(0, ("s2", "b2"), "sabacc", 0),
        kev.HandRanked(1, ("s5", "b1"), "no-sabacc", 4),
        kev.RoundWon((winner,)),
    ]


def test_comeback_at_kessel_is_the_last_chip_of_a_six_chip_stock() -> None:
    # A 6-chip stock: a round begun with 5 chips (after any loss at all) is no brink.
    assert "comeback" not in earned("sabacc", kessel_round(), chips_before=5, stack=6)
    assert "comeback" not in earned("sabacc", kessel_round(), chips_before=2, stack=6)
    assert "comeback" in earned("sabacc", kessel_round(), chips_before=1, stack=6)
    assert "comeback" not in earned("sabacc", kessel_round(winner=1), chips_before=1, stack=6)


def test_big_pot_is_a_hundred_chips() -> None:
    assert "big-pot" not in earned("sabacc", sabacc_hand("normal", pot=99))
    assert "big-pot" in earned("sabacc", sabacc_hand("normal", pot=100))


# -------------------------------------------------------------------- Nine and a Half
def challenge(seat: int, dealer: int) -> ninehalf.ChallengeSettled:
    return ninehalf.ChallengeSettled(seat, dealer, "9S", "normal", 9.0, "normal", 7.0, True, 2)


def test_dealer_duty_is_met_only_as_the_dealer_who_challenged_half() -> None:
    antes = [ninehalf.Anted(s, 1) for s in (1, 2, 3)]
    deal = [*antes, challenge(1, 0), ninehalf.DealEnded(1, (-2, 2, 0, 0), (38, 42, 40, 40))]
    assert earned("ninehalf", deal, times=5)[-1:] == ["dealer-duty"]
    # Bust on a ten: the deal ended before any duty.
    bust = [*antes, ninehalf.DealerTenBust(0, ((1, 1), (2, 1), (3, 1))),
            ninehalf.DealEnded(1, (-3, 1, 1, 1), (37, 41, 41, 41))]  # fmt: skip
    assert "dealer-duty" not in earned("ninehalf", bust, times=5)
    # Challenged as a player by another dealer.
    player = [*antes, challenge(0, 2), ninehalf.DealEnded(1, (2, 0, -2, 0), (42, 40, 38, 40))]
    assert "dealer-duty" not in earned("ninehalf", player, times=5)


BRINK = "Achievement: Back from the brink"


def test_a_kessel_match_earns_the_comeback_only_from_the_last_chip(
    tmp_path: Any, monkeypatch: Any
) -> None:
    """Quick play's own driver at a Kessel table (6-chip stocks): the rounds the player
    won from 2 to 5 chips earn nothing; one won from the last chip earns it."""
    import random

    import ai
    from game.rules import kessel
    from game.rules.base import BETWEEN, CHANCE
    from game.session import QuickDriver

    class Quiet:
        def notify(self, message: str) -> None:
            pass

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    state = kessel.new_game(3, "kessel")
    bots = {seat: ai.make_player("sabacc", "easy", preset="kessel") for seat in range(3)}
    driver = QuickDriver(Quiet(), "sabacc", state, random.Random(4), bots, ["You", "A", "B"],
                         dict, rebuy_to=6, seed=4)  # fmt: skip
    driver.saving = False
    began: list[tuple[int, bool]] = []  # each round: the player's chips, won
    while not any(chips == 1 and won for chips, won in began):
        assert driver.stack == 6 and len(began) < 40
        who = state.to_act()
        if who == CHANCE:
            driver.chance()
        elif who == BETWEEN:
            driver.next_hand()
        else:
            choose, args = driver.bot_job(who)
            done = driver.hands_done
            driver.bot_move(who, choose(*args))
            if driver.hands_done > done:
                facts = facts_from_events("sabacc", driver.last_hand, 0, driver.start_chips[0], 6)
                began.append((facts.chips_before, facts.player_won))
                told = driver.take_earned()
                assert (BRINK in told) == (began[-1] == (1, True)), (began, told)
    assert any(1 < chips <= 5 and won for chips, won in began), began  # the near misses
