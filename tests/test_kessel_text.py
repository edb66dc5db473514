"""Kessel in words: every event, action, card and token has text in en, ja and es."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game import i18n, kessel_text
from game.rules import kessel
from game.rules import kessel_cards as kc
from game.rules import kessel_events as ev
from game.rules.base import BETWEEN, CHANCE, TERMINAL, Event


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    before = i18n.get_language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def names(seat: int) -> str:
    return f"P{seat}"


def games() -> Iterator[tuple[Event, list[object]]]:
    rng = random.Random(4)
    for mode in ("choose", "random", "draft"):
        for impostor_roll in ("per-card", "shared"):
            s = kessel.new_game(
                4, "kessel-shift", token_mode=mode, impostor_roll=impostor_roll, tax_to="pot"
            )
            while s.to_act() != TERMINAL:
                who = s.to_act()
                legal: list[object] = []
                if who == CHANCE:
                    events = s.sample_chance(rng)
                elif who == BETWEEN:
                    for seat in range(4):
                        if not s.can_continue(seat) and s.completed < 3:
                            yield from ((e, []) for e in s.rebuy(seat, 2))
                    events = s.start_next()
                else:
                    legal = list(s.legal_actions())
                    events = s.apply(legal[rng.randrange(len(legal))])
                for e in events:
                    yield e, legal
                if not events and legal:
                    yield ev.Stood(who), legal


def test_every_event_and_action_has_words(language: str) -> None:
    kinds = set()
    for event, legal in games():
        for viewer in (None, 0, 1):
            line = kessel_text.describe(event, viewer, names)
            if line is None:
                assert isinstance(event, ev.HandReceived)
                continue
            assert "kessel." not in line and "{" not in line, line
            kinds.add(event.kind)
        for action in legal:
            label = kessel_text.action_label(action, names)
            assert label and "kessel." not in label and "{" not in label
    # Every kind the engine can report in such games was put into words.
    assert len(kinds) >= 25


def test_hidden_cards_are_not_put_into_words() -> None:
    i18n.set_language("en")
    dealt = ev.CardDealt(2, "sand", "s4")
    assert "4" not in kessel_text.describe(dealt, 1, names)  # type: ignore[operator]
    assert kessel_text.describe(dealt, 2, names) == "You are dealt Sand 4."
    drew = ev.DrewFromDeck(2, "blood", "b-sylop", 1)
    assert "Sylop" not in (kessel_text.describe(drew, None, names) or "")


def test_card_and_token_names(language: str) -> None:
    for fam in kc.FAMILIES:
        for c in set(kc.deck(fam)):
            assert "kessel." not in kessel_text.card_name(kc.code(c))
    assert "kessel." not in kessel_text.card_name("b-imp:5")
    for tok in kessel.TOKENS:
        assert "kessel." not in kessel_text.token_name(tok)
        assert "kessel." not in kessel_text.token_help(tok)
    for preset in kessel.PRESETS:
        assert not kessel_text.preset_name(preset).startswith("preset.")
