"""Faces and voices react to what happens at the table, and then rest."""

from __future__ import annotations

import math
import random

from game.campaign.voices import Moment
from game.rules import brag, ninehalf
from game.rules import sabacc_events as ev
from game.scenes.kit.cast import quick_cast
from game.scenes.kit.moods import MOOD_SECONDS, Moods, reactions


def test_a_big_pot_cheers_the_winner_and_a_bust_shocks() -> None:
    assert reactions(ev.PotAwarded(2, 30, "hand")) == [(2, "happy", Moment.BIG_WIN)]
    assert reactions(ev.PotAwarded(2, 3, "hand")) == [(2, "happy", Moment.HAND_WON)]
    busted = reactions(ev.HandRevealed(1, ("15c", "9s"), "bombed-out", 24))
    assert busted == [(1, "shocked", Moment.BOMB_OUT)]
    pure = reactions(ev.HandRevealed(0, ("15c", "8f"), "pure-sabacc", 23))
    assert (0, "happy", None) in pure and (-1, "worried", Moment.PLAYER_PURE) in pure
    assert reactions(ev.CardShifted(1, "2c", "15f")) == [(1, "smug", Moment.SHIFT_HELPED)]
    # A shift that hurts (a card far lower) shocks and may be spoken of; a small one stings.
    assert reactions(ev.CardShifted(1, "15f", "2c")) == [(1, "shocked", Moment.SHIFT_HURT)]
    assert reactions(ev.CardShifted(1, "5f", "3c")) == [(1, "grim", None)]


def test_other_games_react_too() -> None:
    settled = ninehalf.ChallengeSettled(1, 0, "9S", "natural", 9.5, "normal", 8.0, True, 12)
    assert reactions(settled) == [(1, "happy", Moment.BIG_WIN), (0, "grim", Moment.BIG_LOSS)]
    assert reactions(brag.ShowdownResult(0, 2, True)) == [(2, "smug", None)]


def test_faces_last_a_few_seconds_and_the_table_rests_after() -> None:
    moods = Moods(3, {}, random.Random(1))
    assert moods.next_change(0.0) == math.inf
    moods.react([ev.PotAwarded(1, 30, "hand")], now=10.0)
    assert moods.expression(1, 10.5) == "happy" and moods.expression(2, 10.5) == "neutral"
    assert moods.next_change(11.0) == MOOD_SECONDS - 1.0
    assert moods.expression(1, 10.0 + MOOD_SECONDS) == "neutral"
    assert moods.next_change(10.0 + MOOD_SECONDS) == math.inf


def test_only_campaign_characters_speak_and_one_at_a_time() -> None:
    quick = quick_cast(["easy", "normal"])
    assert all(seat.voice == "" for seat in quick) and quick[1].face == quick[1].name
    moods = Moods(3, {1: "tesk", 2: "mabbet"}, random.Random(4))
    moods.sit_down(0.0)
    bubble = moods.bubble(0.1)
    assert bubble is not None and bubble.seat == 1 and bubble.key.startswith("voice.reckless.")
    moods.react([ev.HandRevealed(2, ("15c", "9s"), "bombed-out", 24)], now=0.5)
    after = moods.bubble(0.6)
    assert after is not None and after.seat == 2 and after.moment is Moment.BOMB_OUT
    silent = Moods(3, {}, random.Random(4))
    silent.sit_down(0.0)
    silent.react([ev.PotAwarded(1, 50, "hand")], now=1.0)
    assert silent.bubble(1.1) is None


def test_a_kessel_round_reads_no_other_games_rules() -> None:
    """The faces react to a Kessel round without loading Brag, Nine and a Half or the
    Sabacc engine's events (loading them stalled the table's first reaction)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from game.rules import kessel_events as kev\n"
        "from game.scenes.kit.moods import reactions\n"
        "assert reactions(kev.RoundWon((1, 2))) == [(1, 'happy', 'hand_won'), (2, 'happy', 'hand_won')]\n"
        "loaded = [m for m in ('game.rules.brag', 'game.rules.ninehalf') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
