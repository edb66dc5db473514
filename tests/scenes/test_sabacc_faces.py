"""Sabacc cards are electronic: after Random Sabacc's rules turn to Mirror, the faces
the table paints (the player's cards, the discard pile, a revealed hand) show the value
each card counts now, not the value printed in Classic."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules import sabacc_cards as sc
from game.rules.sabacc_presets import value_table
from game.ui import cards as card_art
from tests.scenes.test_coached_tables import lesson_app, play_lesson
from tests.scenes.test_sabacc_layer import cached, fresh, open_table

pytestmark = pytest.mark.usefixtures("data_home")


def painted_values(table: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The value painted on each face-up card in a full redraw of the table."""
    seen: dict[str, int] = {}
    original = card_art.render_sabacc_card

    def spy(code: str, size: Any, palette: str = "cantina", value: int | None = None) -> Any:
        seen[code] = card_art.parse_sabacc(code).value if value is None else value
        return original(code, size, palette, value)

    with monkeypatch.context() as patch:
        patch.setattr(card_art, "render_sabacc_card", spy)
        surface = pygame.Surface(table.app.size, 0, 32)
        table.painter.draw_still(surface)
    return seen


def test_after_the_mirror_change_the_faces_show_the_values_that_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = lesson_app(tmp_path, "random", (1280, 720), "en")
    seen: dict[str, dict[str, int]] = {}
    engine: dict[str, dict[str, int]] = {}

    def note(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is None or shown[1] is None or shown[1].key in seen:
            return
        key = shown[1].key
        seen[key] = painted_values(table, monkeypatch)
        codes = [c.code for c in table.anim.model.seats[0].cards if c.code]
        engine[key] = {code: table.state.values[sc.parse(code)] for code in codes}

    try:
        play_lesson(app, "random", note)
    finally:
        app.close()
        i18n.set_language("en")
    # Before the change the 10 of Sabres and the 9 of Coins show +10 and +9 ...
    assert seen["intros3.random.check"]["10s"] == 10
    assert seen["intros3.random.check"]["9c"] == 9
    # ... after it every sign has flipped: the faces say -10 and -9, as the engine counts.
    after = seen["intros3.random.changed"]
    assert after["10s"] == -10 and after["9c"] == -9
    for key in ("intros3.random.changed", "intros3.random.keep"):
        for code, value in engine[key].items():
            assert seen[key][code] == value, (key, code)
    assert seen["intros3.random.keep"]["4c"] == -4  # the drawn 4 shows -4


def test_the_cached_picture_is_repainted_when_the_rules_revalue_the_cards(
    make_app: Callable[..., App],
) -> None:
    app, scene = open_table(make_app)
    scene.anim.model.discard_top = "7s"
    assert cached(scene) == fresh(scene)
    scene.anim.model.values = value_table(scene.anim.model.options, "mirror")
    assert cached(scene) == fresh(scene)  # the hand, the discard pile: -7 now
    mine = [c.code for c in scene.anim.model.seats[0].cards if c.code]
    shown = painted_values(scene, pytest.MonkeyPatch())
    assert shown["7s"] == -7
    assert all(shown[code] == -card_art.parse_sabacc(code).value for code in mine)


def mirrored_hand() -> list[Any]:
    """A Random Sabacc hand whose rules turn to Mirror at the first chance to change."""
    import random

    from ai import make_player
    from game.rules import sabacc
    from game.rules.base import BETWEEN, CHANCE
    from game.rules.sabacc_presets import VALUE_RULES

    state = sabacc.new_game(3, preset="random")
    rng = random.Random(4)
    bots = [make_player("sabacc", "easy") for _ in range(3)]
    events = list(state.start_next())
    while state.to_act() != BETWEEN:
        who = state.to_act()
        if who == CHANCE:
            if state.chance[0][0] == sabacc._RULES:  # the rules change once, to Mirror
                mirror = VALUE_RULES.index("mirror")
                events.extend(state.apply_chance(mirror if state.value_rule == "standard" else -1))
            else:
                events.extend(state.sample_chance(rng))
        else:
            events.extend(
                state.apply(bots[who].choose(state.view(who), state.legal_actions(), rng))
            )
    assert any(e.kind == "RulesChanged" for e in events)
    return events


def test_the_hand_history_replay_shows_the_mirrored_values(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.sabacc_table import create_replay
    from game.storage import history

    events = mirrored_hand()
    record = history.record("sabacc", events, 0, "Test", ["You", "A", "B"], preset="random")
    app = make_app((1280, 720), "en")
    replay = create_replay(app, record)
    assert replay is not None
    app.push(replay)
    while not replay.director.at_end:
        replay.director.step_forward()
    replay.queue.finish_all()
    shown = painted_values(replay, monkeypatch)
    mine = [c.code for c in replay.anim.model.seats[0].cards if c.code]
    assert mine
    values = value_table(replay.anim.model.options, "mirror")
    for code in mine:
        assert shown[code] == values[sc.parse(code)] == -card_art.parse_sabacc(code).value
