"""Nine and a Half computer players: legal, deterministic, dutiful, and reading cards."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from ai.base import Personality
from ai.ninehalf_ai import (
    FULL_DECK,
    SHIPPED,
    BestResponse,
    DealerPlan,
    add_cells,
    br_likelihood,
    challenge_values,
    hole_posterior,
    player_decision,
    shipped_mixture,
    unseen_counts,
    use_cells,
    with_coarse,
)
from ai.ninehalf_bots import make_player
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.ninehalf import (
    Ante,
    Bet,
    Challenge,
    ChallengeSettled,
    DealEnded,
    Draw,
    Hit,
    NineHalfOptions,
    NineHalfState,
    SetLimit,
    Stay,
    new_game,
)

FIXED = NineHalfOptions(dealer_sets_limit=False)
LEVELS = ("random", "easy", "normal", "hard")


def stacked(holes: list[str], dealer_card: str) -> NineHalfState:
    """Seat 0 deals (limit 10); every other seat antes 1 and gets its hole card."""
    state = new_game(len(holes) + 1, FIXED, chips=40)
    for _ in holes:
        state.apply(Ante(1))
    for code in [*holes, dealer_card]:
        state.apply_chance(code)
    return state


def play(levels: list[str], seed: int, deals: int) -> tuple[list[str], list[tuple[int, int]]]:
    """Play ``deals`` deals; returns every action taken and (challenges, duty) per deal."""
    rng = random.Random(seed)
    state = new_game(len(levels), NineHalfOptions(rotate_every=2), chips=20)
    players = [make_player(level) for level in levels]
    seat_rngs = [random.Random(seed * 31 + i) for i in range(len(levels))]
    log: list[str] = []
    duties: list[tuple[int, int]] = []
    while state.completed < deals:
        actor = state.to_act()
        if actor == TERMINAL:
            break
        if actor == BETWEEN:
            for seat in range(state.num_seats):
                if not state.can_continue(seat):
                    state.rebuy(seat, 20)
            state.start_next()
        elif actor == CHANCE:
            state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = players[actor].choose(state.view(actor), legal, seat_rngs[actor])
            assert action in legal, (levels[actor], action, legal)
            duty, made = state.duty, state.challenges
            events = state.apply(action)
            log.append(repr(action))
            for event in events:
                if isinstance(event, ChallengeSettled):
                    made += 1
                if isinstance(event, DealEnded) and duty:
                    duties.append((made, duty))
    return log, duties


@pytest.mark.parametrize("dealer_level", ["normal", "hard"])
def test_players_act_legally_and_the_dealer_always_meets_the_duty(dealer_level: str) -> None:
    levels = [dealer_level, "random", "easy", "normal", "hard", dealer_level]
    _, duties = play(levels, seed=5, deals=60)
    assert len(duties) > 30
    assert all(made >= duty for made, duty in duties)


def test_same_seed_same_choices() -> None:
    levels = ["hard", "normal", "easy", "random", "hard"]
    first, _ = play(levels, seed=9, deals=12)
    second, _ = play(levels, seed=9, deals=12)
    assert first == second
    third, _ = play(levels, seed=10, deals=12)
    assert first != third


def test_unseen_cards_and_a_hand_computed_posterior() -> None:
    # Seat 1 holds 9S, seat 2 holds 5H and draws 4C; the dealer shows QD.
    state = stacked(["9S", "5H"], "QD")
    state.apply(Stay())
    state.apply(Hit())
    state.apply_chance("4C")
    state.apply(Stay())
    state.apply(Bet(1))
    state.apply(Bet(1))
    view = state.view(0)
    counts = unseen_counts(view)
    # The dealer has seen QD and 4C: 50 cards left, three 4s and three Queens.
    assert sum(counts) == 50
    assert counts[4 - 2] == 3 and counts[12 - 2] == 3 and counts[5 - 2] == 4
    posterior = hole_posterior(counts)
    assert posterior[5 - 2] == pytest.approx(4 / 50)
    assert posterior[12 - 2] == pytest.approx(3 / 50)
    # Against the dealer's Q (strength 1 half point) seat 2 (face-up 4) loses
    # only when bust: a hole of 6, 7, 8, 9 or 10 (20 of 50 cards).  No hole
    # makes 9½, so nothing is doubled: 0.4 x 2 - 0.6 x 2 = -0.4 chips.
    values = challenge_values(posterior, [4], stake=2)
    assert values[1] == pytest.approx(-0.4)
    # A bust dealer (strength 0) loses to everyone: -2 chips.
    assert values[0] == pytest.approx(-2.0)


def test_behaviour_weights_the_posterior() -> None:
    counts = (4,) * 13
    likelihood = [1.0] * 13
    likelihood[9 - 2] = 3.0  # behaviour three times as likely with a 9 in the hole
    posterior = hole_posterior(counts, likelihood)
    assert posterior[9 - 2] == pytest.approx(12 / (48 + 12))
    assert posterior[2 - 2] == pytest.approx(4 / 60)
    # Behaviour no hole explains falls back on the cards alone.
    assert hole_posterior(counts, [0.0] * 13)[0] == pytest.approx(1 / 13)


def test_dealer_plan_draws_on_a_weak_total_and_stands_on_a_strong_one() -> None:
    # One player: the dealer gains 1 when above strength 10, loses 1 otherwise.
    values = {1: [1.0 if d > 10 else -1.0 for d in range(20)]}
    draw = [1 / 13] * 13
    plan = DealerPlan(values, draw)
    assert plan.best((1,), 18, 1) == pytest.approx(1.0)  # stand on 9: already ahead
    assert plan.draw_value((1,), 2, 1) > values[1][2]  # on 1 point a draw is better


def test_normal_dealer_challenges_a_face_up_bust_before_drawing() -> None:
    # Seat 1 draws a 10 face up: bust whatever the hole; the dealer shows a 2.
    state = stacked(["3S", "4H", "5D"], "2C")
    state.apply(Hit())
    state.apply_chance("TS")  # a drawn 10 ends the drawing
    state.apply(Stay())
    state.apply(Stay())
    for _ in range(3):
        state.apply(Bet(1))
    for level in ("normal", "hard"):
        dealer = make_player(level)
        action = dealer.choose(state.view(0), state.legal_actions(), random.Random(0))
        assert action == Challenge(1), level


def test_players_stay_on_nine_and_a_half_and_bet_the_top() -> None:
    state = stacked(["9S", "2H", "3D"], "7C")
    state.apply(Hit())
    state.apply_chance("JH")  # 9 + J = 9½, a Natural
    for level in ("normal", "hard"):
        player = make_player(level)
        assert player.choose(state.view(1), state.legal_actions(), random.Random(0)) == Stay()
    state.apply(Stay())
    state.apply(Stay())
    state.apply(Stay())
    normal = make_player("normal")
    assert normal.choose(state.view(1), state.legal_actions(), random.Random(0)) == Bet(10)
    # Hard bets for the challenge it wants: never the minimum on a Natural.
    hard = make_player("hard", Personality(bluff=0.0))
    bet = hard.choose(state.view(1), state.legal_actions(), random.Random(0))
    assert isinstance(bet, Bet) and bet.amount > 1


def test_players_hit_a_low_card_and_stay_on_nine() -> None:
    state = stacked(["2S", "9H", "3D"], "7C")
    for level in ("normal", "hard"):
        player = make_player(level)
        assert player.choose(state.view(1), state.legal_actions(), random.Random(0)) == Hit()
    state.apply(Stay())
    for level in ("normal", "hard"):
        player = make_player(level)
        assert player.choose(state.view(2), state.legal_actions(), random.Random(0)) == Stay()
    # Value per chip of a lone 9 against a 7 up-card is positive; of a 2, below it.
    nine = player_decision([9], 14, (4,) * 13, 14)[0]
    two = player_decision([2], 14, (4,) * 13, 14)[0]
    assert nine > 0 > two


def _dealer_choice(level: str, bets: tuple[int, int], **attrs: object) -> object:
    """Against the dealer's 8 two players stood on their one card and bet
    ``bets``; duty 1 of 2.  What does the dealer of ``level`` do first?"""
    state = stacked(["2S", "3H"], "8C")
    state.apply(Stay())
    state.apply(Stay())
    state.apply(Bet(bets[0]))
    state.apply(Bet(bets[1]))
    dealer = make_player(level)
    for name, value in attrs.items():
        setattr(dealer, name, value)
    return dealer.choose(state.view(0), state.legal_actions(), random.Random(0))


def test_hard_dealer_reads_bets() -> None:
    # Against our 8 a hard player stands on one card only with an 8 or a 9 and
    # then bets the top; a small bet after standing pat is a weak hand that
    # strayed.  So the hard dealer takes on the small bet, whichever seat
    # makes it; the normal dealer, blind to bets, takes on the top bet.
    assert _dealer_choice("hard", (10, 1)) == Challenge(2)
    assert _dealer_choice("hard", (1, 10)) == Challenge(1)
    assert _dealer_choice("hard", (10, 5)) == Challenge(2)
    assert _dealer_choice("hard", (5, 10)) == Challenge(1)
    assert _dealer_choice("normal", (10, 1)) == Challenge(1)


def test_personality_is_accepted_and_levels_are_named() -> None:
    bold = Personality("bold", caution=0.1, aggression=0.9, bluff=0.4)
    for level in LEVELS:
        assert make_player(level, bold).level == level
    state = stacked(["5S", "6H"], "4C")
    legal = state.legal_actions()
    assert make_player("hard", bold).choose(state.view(1), legal, random.Random(1)) in legal
    assert Draw() not in legal


def test_normal_and_hard_deal_at_the_smallest_limit_and_ante_the_most() -> None:
    # The dealer loses on average, so the expected-chips dealers keep bets small
    # and their players put the most in; easy keeps the default limit and ante 1.
    state = new_game(3, chips=40)
    legal = state.legal_actions()
    assert [
        make_player(lv).choose(state.view(0), legal, random.Random(0)) for lv in LEVELS[1:]
    ] == [
        SetLimit(10),
        SetLimit(5),
        SetLimit(5),
    ]
    state.apply(SetLimit(5))
    assert state.limit == 5
    legal = state.legal_actions()
    choices = [make_player(lv).choose(state.view(1), legal, random.Random(0)) for lv in LEVELS[1:]]
    assert choices == [Ante(1), Ante(3), Ante(3)]
    # With 3 chips a seat may ante only 2 (it must keep 1 to bet).
    short = new_game(3, chips=40)
    short.chips[1] = 3
    short.apply(SetLimit(5))
    assert make_player("normal").choose(
        short.view(1), short.legal_actions(), random.Random(0)
    ) == Ante(2)


@pytest.fixture
def table_dealer() -> Iterator[None]:
    """A dealer who challenges every hand on 9, except one it leaves alone:
    no hits and the top bet."""
    n = 10**7  # so many sightings that the shrinkage towards coarser cells is nil
    on_nine = (n,) + (0,) * 18 + (n,) + (0,) * 1
    cells = {(-1, up, -1, b): on_nine for up in range(21) for b in range(3)}
    cells[(-1, 0, -1, 2)] = (n,) + (0,) * 20
    use_cells(cells)
    yield
    use_cells(None)


@pytest.mark.usefixtures("table_dealer")
def test_best_response_plays_against_how_the_dealer_challenges() -> None:
    br = BestResponse(dealer_up=8, ante=3, top=5, counts=FULL_DECK)
    # A lone 2 would hit against a dealer standing on 9 who challenges all ...
    assert player_decision([2], 8, FULL_DECK, 18)[1]
    # ... but this dealer never challenges a hand that stood pat and bet the
    # top: the 2 stands and bets the top (a bluff the table pays for).
    hit_value, stand_value, hit = br.decide([2])
    assert not hit and stand_value == 0.0
    assert br.stand(4, 0, 0, False) == (0.0, 5)
    assert hit_value == 0.0
    # A 9 ties the dealer's 9 and ties go to the player: it wants the challenge, so it bets the most
    # that still gets challenged (half the limit, 2): 5 chips x 1 won.
    assert br.stand(18, 0, 0, False) == (pytest.approx(5.0, abs=1e-4), 2)
    # A face-up 9½ is paid double whatever the bet: the top, 8 x 2.
    assert br.stand(19, 19, 1, False) == (pytest.approx(16.0, abs=1e-4), 5)
    # A bust shown face up loses the stake: bet 1.
    assert br.stand(24, 24, 2, False) == (pytest.approx(-4.0, abs=1e-4), 1)


def test_hard_personalities_keep_their_character() -> None:
    # Over the same hands, the reckless hard player bets more and hits more
    # than the cautious one; a full bluffer bets the top even on a shown bust.
    from ai.personalities import CAUTIOUS, RECKLESS

    bets: dict[str, int] = {}
    hits: dict[str, int] = {}
    for who in (RECKLESS, CAUTIOUS):
        player = make_player("hard", Personality(who.name, who.caution, who.aggression, 0.0))
        bets[who.name] = hits[who.name] = 0
        for dealer, hole in itertools.product(("AC", "5C", "8C", "KC"), "23456789KA"):
            state = stacked([f"{hole}S", "4H"], dealer)
            action = player.choose(state.view(1), state.legal_actions(), random.Random(0))
            hits[who.name] += action == Hit()
            state.apply(Stay())
            state.apply(Stay())
            action = player.choose(state.view(1), state.legal_actions(), random.Random(0))
            assert isinstance(action, Bet)
            bets[who.name] += action.amount
    assert bets["reckless"] > bets["cautious"] + 25
    assert hits["reckless"] > hits["cautious"]
    state = stacked(["5S", "4H"], "8C")
    state.apply(Hit())
    state.apply_chance("8D")
    state.apply(Hit())
    state.apply_chance("4D")  # face-up 12: bust for all to see (and drawing ends)
    state.apply(Stay())
    honest = make_player("hard", Personality("honest", bluff=0.0))
    bluffer = make_player("hard", Personality("bluffer", bluff=1.0))
    legal = state.legal_actions()
    assert honest.choose(state.view(1), legal, random.Random(0)) == Bet(1)
    assert bluffer.choose(state.view(1), legal, random.Random(0)) == Bet(10)


@pytest.mark.usefixtures("table_dealer")
def test_the_hard_dealer_reads_players_by_the_table_they_answer() -> None:
    # Against the fixture's dealer, who leaves alone only a hand that stood pat
    # and bet the top, a best-responding player stands pat on a 6 or 7 with the
    # top bet (never challenged) and on a 9 with half the limit (a 9 wins every
    # challenge on 9): the model says so, card by card ...
    br = BestResponse(dealer_up=16, ante=1, top=10, counts=FULL_DECK)
    stands = [r for r in range(2, 15) if not br.decide([r])[2]]
    assert stands == [6, 7, 9]
    assert [br.stand(2 * r, 0, 0, False)[1] for r in stands] == [10, 10, 5]
    top = br_likelihood(16, 1, 10, (), 10)
    half = br_likelihood(16, 1, 10, (), 5)
    assert top[6 - 2] > top[9 - 2] and half[9 - 2] > half[6 - 2]
    # ... so a dealer on 8 modelling those players challenges the top bet (a 6
    # or 7 it beats) and leaves the half-limit bet (a 9) alone: the opposite of
    # what it does against the players of the shipped table.
    fixture = {"model_tables": (SHIPPED,)}
    assert _dealer_choice("hard", (10, 5), **fixture) == Challenge(1)
    assert _dealer_choice("hard", (5, 10), **fixture) == Challenge(2)


def test_hard_dealer_challenges_a_shown_bust_before_drawing() -> None:
    # Seat 1 shows 6 + 7 = 13 face up: bust whatever its hole card; seat 2
    # stood on one card.  The dealer's A (1) is weak, but a draw could bust
    # it too, and busts tie in the player's favour: challenge the bust first.
    state = stacked(["2S", "3H"], "AC")
    state.apply(Hit())
    state.apply_chance("6D")
    state.apply(Hit())
    state.apply_chance("7D")
    state.apply(Stay())
    state.apply(Bet(1))
    state.apply(Bet(1))
    legal = state.legal_actions()
    assert Draw() in legal
    assert make_player("hard").choose(state.view(0), legal, random.Random(0)) == Challenge(1)


def test_fictitious_play_tables_add_up() -> None:
    # The shipped rounds are summed cell by cell; coarse cells pool the fine ones.
    a = {(4, 6, 1, 0): (2,) + (1,) + (0,) * 19}
    b = {(4, 6, 1, 0): (3,) + (0,) * 19 + (2,), (8, 6, 1, 0): (1,) * 21}
    both = add_cells(a, b)
    assert both[(4, 6, 1, 0)] == (5, 1) + (0,) * 18 + (2,)
    coarse = with_coarse(both)
    assert coarse[(-1, 6, -1, 0)] == (6, 2) + (1,) * 18 + (3,)
    assert coarse[(-1, 6, 1, 0)] == coarse[(-1, 6, -1, 0)]
    ids = shipped_mixture()
    assert ids[-1] == SHIPPED and len(ids) >= 2
