"""Hard Corellian Spike and Coruscant Shift players: the search over unseen
cards and the book of each opponent's betting (decisions a player notices)."""

from __future__ import annotations

import random
from typing import Any

from ai import coruscant_search, make_player, spike_search
from ai.coruscant_ai import CoruscantPlayer, unseen_cards
from ai.modern_reads import Book
from ai.spike_ai import SpikePlayer
from ai.spike_ai import unseen_cards as spike_unseen
from game import games
from game.rules import coruscant as co
from game.rules import sabacc_events as ev
from game.rules import spike
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.rules.spike_base import CALL, CHECK, FOLD, STAND, Bet, Raise, Select, SwapDiscard
from tests.ai.test_spike_ai import cards, coruscant_table


def spike_table(seat1: str, seat0: str, flip: str) -> spike.SpikeState:
    s = spike.new_game(2)
    s.start_next()
    a, b = cards(seat1), cards(seat0)
    for c in (a[0], b[0], a[1], b[1], *cards(flip)):
        s.apply_chance(c)
    return s


def _last_round_betting(seat1: str, seat0: str) -> spike.SpikeState:
    """Heads-up, both stood and checked through rounds 1 and 2 (no Shift)."""
    s = spike_table(seat1, seat0, flip="-5s")
    for _ in range(2):
        for action in (STAND, STAND, CHECK, CHECK):
            s.apply(action)
        s.apply_chance(1)  # no Sabacc Shift
    s.apply(STAND)
    s.apply(STAND)
    assert s.round_no == 3 and s.phase == spike.BETTING
    return s


def _loose(player: Any, seat: int) -> Any:
    """The player has seen ``seat`` bet or raise at each of its 20 turns."""
    player.book.bets[seat] = 20
    player.book.acts[seat] = 20
    return player


def test_spike_hard_calls_a_player_who_always_bets_and_folds_to_one_who_rarely_does() -> None:
    # Round 3, heads-up: hard holds +1 -2 (total -1); the other player bets 10.
    s = _last_round_betting("+9o +8t", "+1o -2t")
    s.apply(Bet(10))
    view, legal = s.view(0), s.legal_actions()
    assert SpikePlayer("hard").choose(view, legal, random.Random(1)) == FOLD
    assert _loose(SpikePlayer("hard"), 1).choose(view, legal, random.Random(1)) == CALL


def test_coruscant_hard_raises_a_player_who_always_bets_and_folds_to_one_who_rarely_does() -> None:
    # Target +10 in triangles, one selection: hard selected +6t (4 short); the
    # other player selected one card, then bet 8 after hard checked.
    s = coruscant_table(["+4t +5t +4o +3o +6t", "+3t +2o -7s -6o +1t"], 10, "t", selections=1)
    s.apply(Select(tuple(cards("+6t"))))
    s.apply(Select(tuple(cards("-7s"))))
    s.apply(CHECK)
    s.apply(Bet(8))
    view, legal = s.view(0), s.legal_actions()
    assert CoruscantPlayer("hard").choose(view, legal, random.Random(1)) == FOLD
    loose = _loose(CoruscantPlayer("hard"), 1).choose(view, legal, random.Random(1))
    assert isinstance(loose, Raise)


def test_the_book_counts_each_public_bet_once() -> None:
    s = _last_round_betting("+9o +8t", "+1o -2t")
    s.apply(Bet(10))
    book = Book()
    view = s.view(0)
    book.update(view)
    book.update(view)  # the same view again (a hint, a retry): nothing new
    assert book.bets == {1: 1}
    assert book.acts == {1: 3}  # two checks in rounds 1 and 2, this bet
    assert book.looseness(1) == 0.0  # one bet in three turns reads in full
    assert book.bet_rate(0) == 0.3  # never seen: the prior


def test_the_book_does_not_count_its_own_seat() -> None:
    book = Book()
    s = _last_round_betting("+9o +8t", "+1o -2t")
    s.apply(Bet(10))
    book.update(s.view(0))
    s.apply(CALL)
    book.update(s.view(0))
    assert any(isinstance(e, ev.Called) and e.seat == 0 for e in s.view(0).log)
    assert book.bets == {1: 1} and book.acts == {1: 3}  # seat 0's own call is not counted


def test_other_seats_hidden_cards_never_change_the_searches() -> None:
    a = _last_round_betting("+9o +8t", "+1o -2t")
    b = _last_round_betting("-3o +2t", "+1o -2t")
    assert a.view(0) == b.view(0)
    for state in (a, b):
        view = state.view(0)
        assert spike_search.equity(view, spike_unseen(view), 60, random.Random(5)) == (
            spike_search.equity(a.view(0), spike_unseen(a.view(0)), 60, random.Random(5))
        )
    c = coruscant_table(["+4t +5t +4o +3o +6t", "+3t +2o -7s -6o +1t"], 10, "t")
    d = coruscant_table(["+4t +5t +4o +3o +6t", "+9t +8o -1s -2o +7t"], 10, "t")
    for s in (c, d):
        s.apply(Select(tuple(cards("+6t"))))
    c.apply(Select(tuple(cards("-7s"))))
    d.apply(Select(tuple(cards("-1s"))))
    assert c.view(0) == d.view(0)
    got = [
        coruscant_search.equity(s.view(0), unseen_cards(s.view(0)), 80, random.Random(2), Book())
        for s in (c, d)
    ]
    assert got[0] == got[1]


def test_spike_hard_search_takes_the_discard_that_makes_sabacc() -> None:
    s = spike_table("+5o +3t", "+9o +9t", flip="-5s")
    view = s.view(1)
    action = spike_search.card_action(
        view, s.legal_actions(), spike_unseen(view), 40, random.Random(1)
    )
    assert action == SwapDiscard(cards("+3t")[0])


def _decisions(preset: str, seed: int, hands: int) -> list[Any]:
    state: Any = games.get("sabacc").new_state(4, 100, preset)
    players = [make_player("sabacc", "hard", preset=preset) for _ in range(4)]
    chance = random.Random(seed)
    rngs = [random.Random(seed * 31 + i) for i in range(4)]
    out: list[Any] = []
    while len(out) < 2000:
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            if state.completed >= hands or who == TERMINAL:
                break
            state.start_next()
        else:
            action = players[who].choose(state.view(who), state.legal_actions(), rngs[who])
            out.append((who, action))
            state.apply(action)
    return out


def test_same_seed_same_decisions() -> None:
    for preset in ("corellian-spike", "coruscant-shift"):
        first = _decisions(preset, 11, 3)
        assert len(first) > 20
        assert _decisions(preset, 11, 3) == first


def test_coruscant_search_reads_a_tight_bet_as_strength() -> None:
    s = coruscant_table(["+4t +5t +4o +3o +6t", "+3t +2o -7s -6o +1t"], 10, "t", selections=1)
    s.apply(Select(tuple(cards("+4t +5t"))))
    s.apply(Select(tuple(cards("-7s"))))
    s.apply(CHECK)
    checked = coruscant_search.equity(
        s.view(0), unseen_cards(s.view(0)), 200, random.Random(3), Book()
    )
    s.apply(Bet(8))
    assert s.phase == co.BETTING
    bet = coruscant_search.equity(s.view(0), unseen_cards(s.view(0)), 200, random.Random(3), Book())
    assert bet < checked


def test_personalities_ride_on_the_coruscant_search() -> None:
    # Target +10 in triangles: hard selected +4t +6t (exactly 10); the other
    # player, who bets now and then, bet 8 after hard checked.  Every hard
    # player raises; the reckless one raises more than the cautious one.
    from ai.personalities import CAUTIOUS, RECKLESS

    s = coruscant_table(["+4t +5t +4o +3o +6t", "+3t +2o -7s -6o +1t"], 10, "t", selections=1)
    s.apply(Select(tuple(cards("+4t +6t"))))
    s.apply(Select(tuple(cards("-7s"))))
    s.apply(CHECK)
    s.apply(Bet(8))
    view, legal = s.view(0), s.legal_actions()

    def choice(personality: Any) -> Any:
        player = make_player("sabacc", "hard", personality, preset="coruscant-shift")
        return player.choose(view, legal, random.Random(1))

    cautious, steady, reckless = choice(CAUTIOUS), choice(None), choice(RECKLESS)
    assert all(isinstance(a, Raise) for a in (cautious, steady, reckless))
    assert cautious.amount < steady.amount < reckless.amount


def _seated(hands: dict[int, str], dealer: int) -> co.CoruscantState:
    """Three seats, ``dealer`` starting; every seat has selected the cards before
    the bar ("+3o +4t | -2s ...") and the first betting round is open."""
    s = co.new_game(3, seed_dealer=dealer)
    s.start_next()
    order = [(dealer + k) % 3 for k in range(3)]
    parsed = {seat: cards(h.replace("|", "")) for seat, h in hands.items()}
    for i in range(5):
        for seat in order:
            s.apply_chance(parsed[seat][i])
    s.apply_chance(5)
    s.apply_chance(kc.STAVES.index("s"))
    for seat in order:
        s.apply(Select(tuple(cards(hands[seat].split("|")[0]))))
    assert s.phase == co.BETTING and s.to_act() == dealer
    return s


def test_coruscant_hard_plays_a_table_turned_round_alike() -> None:
    # Target +5 in squares.  Hard holds +3o +1s (4) and starts; on its left the
    # next player selected three cards, then the last player one.  Sitting in
    # seat 0 or seat 1 of the same table, hard sees the same deals and odds
    # (the search once dealt the opponents in seat-number order, so the same
    # table seen from seat 1 dealt its opponents' hands the other way round).
    me, left, last = "+3o +1s | -9t +8t -7o", "+2o +2t -1o | +10s -10o", "+6s | -3t +4o +7t -6s"
    a = _seated({0: me, 1: left, 2: last}, dealer=0)
    b = _seated({1: me, 2: left, 0: last}, dealer=1)
    va, vb = a.view(0), b.view(1)
    got = [
        coruscant_search.equity(v, unseen_cards(v), 200, random.Random(7), Book()) for v in (va, vb)
    ]
    assert got[0] == got[1]
    hard = [make_player("sabacc", "hard", preset="coruscant-shift") for _ in range(2)]
    assert hard[0].choose(va, a.legal_actions(), random.Random(3)) == hard[1].choose(
        vb, b.legal_actions(), random.Random(3)
    )
