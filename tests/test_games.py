"""Walk the game registry: every entry and every rule set builds, plays a unit to its
end with every AI level, scores it, and names words that exist in every language."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

import ai
from game import games, i18n
from game.rules.base import BETWEEN, CHANCE, TERMINAL
from game.storage.stats import HandOutcome

ROOT = Path(__file__).resolve().parents[1]
CASES = [
    (game.id, variant) for game in games.all_games() for variant in (game.preset_names or ("",))
]


def play_one_unit(game: games.Game, preset: str, seats: int, seed: int) -> list:
    state = game.new_state(seats, game.sim_chips, preset or None)
    levels = ai.LEVELS
    bots = [game.make_player(levels[s % len(levels)], None, preset or None) for s in range(seats)]
    rngs = [random.Random(seed * 100 + s) for s in range(seats)]
    chance = random.Random(seed)
    if state.to_act() == BETWEEN:
        events = list(state.start_next())
    else:
        events = []
    for _ in range(5000):
        who = state.to_act()
        if who == CHANCE:
            events += state.sample_chance(chance)
        elif who in (BETWEEN, TERMINAL):
            break
        else:
            events += state.apply(
                bots[who].choose(state.view(who), state.legal_actions(), rngs[who])
            )
        if game.unit_ended(events, preset or None):
            return events
    raise AssertionError(f"{game.id} {preset}: no unit ended")


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_every_rule_set_plays_a_unit_to_its_end_and_scores_it(game_id: str, preset: str) -> None:
    game = games.get(game_id)
    for seats in (game.seats[0], min(game.seats[1], 5)):
        events = play_one_unit(game, preset, seats, seed=seats)
        outcome = game.hand_outcome(events, 0, preset or None)
        assert isinstance(outcome, HandOutcome)
        assert set(outcome.winners) <= set(range(seats))
        assert outcome.won == (0 in outcome.winners)


@pytest.mark.parametrize("game", games.every_game(), ids=lambda g: g.id)
def test_every_entry_names_what_it_brings(game: games.Game) -> None:
    """Every game, those of a family too (Kessel), names modules that exist."""
    for ref in (game.engine, game.options, game.ai, game.house_rules, game.outcome):
        assert callable(games.load(ref)), ref
    for ref in (game.card_face, game.card_back):
        assert callable(games.load(ref)), ref
    table = games.load(game.table)
    for hook in ("create", "create_campaign", "create_resumed"):
        assert callable(getattr(table, hook)), (game.id, hook)
    if game.reactions:
        assert callable(games.load(game.reactions)) and game.events.startswith("game.rules.")
    english = i18n.load_catalog("en")
    for pattern, key in games.load(game.refusals) if game.refusals else ():
        assert re.compile(pattern) and english.get(key), (game.id, key)
    low, high = game.seats
    assert 2 <= low <= game.table_seats[0] <= game.table_seats[1] <= high
    assert game.default_chips in game.chip_options
    # The command line's and the simulator's words for a unit (a family's game may
    # call its own otherwise: a Kessel round).
    units = ("hands", "games", "deals") if game in games.all_games() else ("hands", "rounds")
    assert game.unit in units and game.unit_ends
    # Rule sets without a table yet have no house-rules screen either.
    for variant in [v for v in game.variants if v.table_ready] or [games.Variant("")]:
        pages = game.house_rule_pages(variant.name or None)
        options = game.default_options(variant.name or None)
        names = {f.name for f in dataclasses.fields(options)}
        assert pages and all(rule.name in names for _, rules in pages for rule in rules)
    with pytest.raises(ValueError, match="seats"):
        game.new_state(low - 1, game.sim_chips)
    with pytest.raises(ValueError, match="seats"):
        game.new_state(high + 1, game.sim_chips)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_name_the_registry_gives_is_in_every_language(lang: str) -> None:
    catalog = i18n.load_catalog(lang)
    for game in games.all_games():
        keys = [game.name_key, game.rules_key, f"{game.played_key}_other"]
        keys += [variant.label_key for variant in game.variants]
        for key in keys:
            assert catalog.get(key), (lang, key)


def test_a_game_of_a_family_brings_its_own_engine_players_and_table() -> None:
    """Kessel, Corellian Spike and Coruscant Shift are games of Sabacc's family: a
    family's game plays its rule sets with its own factories, counts, stacks and pages,
    and the head's own rule sets keep the head's."""
    sabacc = games.get("sabacc")
    toy = dataclasses.replace(
        games.get("brag"),
        id="toy",
        chip_options=(7, 9),
        default_chips=7,
        rule_sets=(games.Variant("toy"), games.Variant("toy-two")),
        default_variant="toy",
        counts_apart=True,
    )
    game = dataclasses.replace(sabacc, family=(*sabacc.family, toy))
    assert game.preset_names[-2:] == ("toy", "toy-two")
    assert game.member("toy-two") is toy and game.member("classic") is game
    state = game.new_state(3, 50, "toy-two")
    assert type(state).__name__ == "BragState"
    assert type(game.make_player("easy", None, "toy")).__name__ == "BragPlayer"
    assert game.table_module("toy") == "game.scenes.brag_table"
    assert game.chip_options_for("toy") == (7, 9) and game.default_chips_for("toy-two") == 7
    assert type(game.new_state(3, 50, "classic")).__name__ == "SabaccState"
    assert game.table_module("classic") == "game.scenes.sabacc_table"
    events = play_one_unit(game, "toy", 3, seed=1)
    assert game.unit_ended(events, "toy")
    # Told only the events, the head finds the game they come from.
    assert game.unit_ended(events) and game.stats_id(events=events) == "toy"
    assert game.stats_id("toy") == "toy" and game.stats_id("classic") == "sabacc"
    with pytest.raises(ValueError, match="unknown sabacc preset 'nope'"):
        game.new_state(3, 50, "nope")


def test_unknown_games_are_refused_by_name() -> None:
    with pytest.raises(
        ValueError, match="unknown game 'chess'; choose from sabacc, brag, ninehalf"
    ):
        games.get("chess")
    with pytest.raises(ValueError, match="chess"):
        ai.make_player("chess", "easy")


def test_no_game_switch_outside_the_registry() -> None:
    """Menus, quick play, the campaign, statistics, history, the simulator and the
    command line ask the registry; none of them names a game to decide what to do."""
    switch = re.compile(r"""game\s*[!=]=\s*["']|game\s+(not\s+)?in\s+\(["']""")
    found = []
    for folder in ("game", "ai", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "game" / "games.py":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if switch.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_todays_sabacc_is_registered_with_its_own_engines_and_players() -> None:
    from game import games

    sabacc = games.get("sabacc")
    for name in ("kessel", "kessel-shift", "corellian-spike", "coruscant-shift"):
        assert name in sabacc.preset_names
        state = sabacc.new_state(4, sabacc.sim_chips_for(name), name)
        assert type(state).__module__ != "game.rules.sabacc"
        assert sabacc.make_player("easy", None, name).__class__.__module__.startswith("ai.")
    assert sabacc.sim_chips_for("kessel") == 6 and sabacc.sim_chips_for("classic") == 100
    # Kessel has its table; quick play and the window offer it with its own stocks.
    assert {"kessel", "kessel-shift", "classic"} <= set(sabacc.table_preset_names)
    assert sabacc.chip_options_for("kessel") == (4, 5, 6, 8)
    assert sabacc.chip_options_for("classic") == sabacc.chip_options
    # A Kessel round ends a unit and is read by Kessel's outcome, preset named or not.
    from game.rules import kessel_events as kev

    round_events = [kev.RoundWon((1,)), kev.ChipsMoved(1, 2, "pot", "stock", 1, "won")]
    assert sabacc.unit_ended(round_events) and sabacc.unit_ended(round_events, "kessel")
    outcome = sabacc.hand_outcome(round_events, 1)
    assert outcome.won and outcome.collected == 2
