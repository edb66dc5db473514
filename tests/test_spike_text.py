"""Corellian Spike and Coruscant Shift in words: every event, action, card,
kind and option has text in en, ja and es, and hidden cards are never named."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n, spike_text
from game.rules import coruscant, spike
from game.rules import spike_cards as kc
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event
from game.rules.spike_rank import SPIKE_KINDS


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    before = i18n.get_language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def names(seat: int) -> str:
    return f"P{seat}"


def games() -> Iterator[tuple[Event, list[Any]]]:
    rng = random.Random(5)
    states: list[Any] = [
        spike.new_game(4, options=spike.SpikeOptions(fees="solo")),
        spike.new_game(3, chips=12),
        coruscant.new_game(4),
        coruscant.new_game(3, chips=20, options=coruscant.CoruscantOptions(selections=1)),
    ]
    for s in states:
        for _ in range(3000):
            who = s.to_act()
            legal: list[Any] = []
            if who == TERMINAL:
                break
            if who == CHANCE:
                events = s.sample_chance(rng)
            elif who == BETWEEN:
                if s.completed >= 6:
                    events = s.rebuy(0, 5)
                    break
                events = s.start_next()
            else:
                legal = s.legal_actions()
                events = s.apply(legal[rng.randrange(len(legal))])
            for e in events:
                yield e, legal


def test_every_event_and_action_has_words(language: str) -> None:
    said = 0
    for event, legal in games():
        for viewer in (None, 0, 1):
            text = spike_text.describe(event, viewer, names)
            if text is not None:
                # No key left unsaid ("spike.log.x"); "…and a spike." is a die's symbol.
                assert not re.search(r"spike\.\w", text) and "{" not in text, text
                said += 1
        for action in legal:
            label = spike_text.action_label(action)
            assert label and "spike." not in label
    assert said > 500


def test_hidden_cards_are_never_named() -> None:
    i18n.set_language("en")
    for event, _ in games():
        card = getattr(event, "card", None)
        if type(event).__name__ in ("CardDealt", "CardDrawn") and card is not None:
            owner = event.seat  # type: ignore[attr-defined]
            other = (owner + 1) % 3
            assert spike_text.card_name(card) not in (
                spike_text.describe(event, other, names) or ""
            )
            assert spike_text.card_name(card) in (spike_text.describe(event, owner, names) or "")


def test_cards_kinds_and_options(language: str) -> None:
    for card in range(kc.NUM_KINDS):
        assert "spike." not in spike_text.card_name(card)
    for kind in (*SPIKE_KINDS, "coruscant"):
        assert "spike." not in spike_text.rank_name(kind, 3)
    for option in (*spike_text.SPIKE_OPTIONS, *spike_text.CORUSCANT_OPTIONS):
        assert "spike." not in spike_text.option_name(option)
    for preset in spike_text.PRESETS:
        assert "preset." not in spike_text.preset_name(preset)
    if language == "en":
        assert spike_text.card_name("+7o") == "+7 circle"
        assert spike_text.card_name("-10s") == "−10 square"  # a true minus sign
        assert spike_text.rank_name("nulrhek", -2) == "Nulrhek (−2)"


def test_every_option_has_a_name() -> None:
    assert set(spike_text.SPIKE_OPTIONS) == set(spike.SpikeOptions.__dataclass_fields__) - {
        "preset"
    }
    assert set(spike_text.CORUSCANT_OPTIONS) == set(
        coruscant.CoruscantOptions.__dataclass_fields__
    ) - {"preset"}
