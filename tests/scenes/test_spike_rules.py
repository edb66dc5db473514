"""House rules of Corellian Spike and Coruscant Shift: every engine option, its
default first, in words in every language, and every choice accepted by the engine."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from game import games, i18n
from game.rules.coruscant import CoruscantOptions
from game.rules.spike import SpikeOptions
from game.scenes.house_rules import house_rule_pages

OPTIONS = {"corellian-spike": SpikeOptions(), "coruscant-shift": CoruscantOptions()}


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    before = i18n.get_language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


@pytest.mark.parametrize("preset", list(OPTIONS))
def test_every_option_once_with_its_default_first_among_the_choices(preset: str) -> None:
    rules = [rule for _, rules in house_rule_pages("sabacc", preset) for rule in rules]
    fields = {f.name for f in dataclasses.fields(OPTIONS[preset])} - {"preset"}
    assert sorted(rule.name for rule in rules) == sorted(fields)
    for rule in rules:
        default = getattr(OPTIONS[preset], rule.name)
        if isinstance(default, bool):  # switches read off / on, like every other screen
            assert rule.choices == (False, True), rule.name
        else:
            assert rule.choices[0] == default, rule.name


@pytest.mark.parametrize("preset", list(OPTIONS))
def test_every_choice_is_accepted_and_reads_well(preset: str, language: str) -> None:
    sabacc = games.get("sabacc")
    for group, rules in house_rule_pages("sabacc", preset):
        assert not i18n.t(f"house.group.{group}").startswith("house.")
        for rule in rules:
            assert not rule.label().startswith("house."), rule.text_key
            assert not rule.hint().startswith("house."), rule.text_key
            for value in rule.choices:
                options = sabacc.options_with(preset, {rule.name: value})
                assert getattr(options, rule.name) == value
                text = rule.value_text(value)
                assert text and not text.startswith("house."), (rule.name, value)
