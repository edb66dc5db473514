"""Quick play says in one line what the chosen rule set is about (issue 16 §4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game import games, i18n
from game.app import App
from game.help.pages import summary_key
from game.scenes.quick_play import QuickPlayScene

pytestmark = pytest.mark.usefixtures("data_home")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_rule_set_on_offer_has_its_line(make_app: Callable[..., App], lang: str) -> None:
    app = make_app((960, 600), lang)
    scene = QuickPlayScene(app)
    app.push(scene)
    app.step(0.016)
    for entry in games.all_games():
        scene.set_game(entry.id)
        presets = entry.table_preset_names if entry.has_presets else (scene.preset,)
        for preset in presets:
            if entry.has_presets:
                scene.set_preset(preset)
            app.step(0.016)
            rule_set = games.rule_set(entry.id, preset)
            assert scene.summary() == i18n.t(summary_key(rule_set)) != summary_key(rule_set)
            # The line sits between the rule set and the opponents, inside the form.
            assert scene.summary_rect.width > 0 and scene.summary_rect.bottom < app.size[1] // 2


def test_the_line_follows_the_chosen_rule_set(make_app: Callable[..., App]) -> None:
    app = make_app()
    scene = QuickPlayScene(app)
    app.push(scene)
    scene.set_game("sabacc")
    scene.set_preset("great-khan")
    assert "dice" in scene.summary().lower()
    scene.set_game("ninehalf")
    assert "9½" in scene.summary()


def test_quick_play_opens_at_the_game_and_rule_set_last_started(
    make_app: Callable[..., App],
) -> None:
    from game.scenes.table import TableScene

    app = make_app()
    scene = QuickPlayScene(app)
    app.push(scene)
    assert (scene.game, scene.preset) == ("sabacc", "classic")  # a first visit
    scene.set_game("sabacc")
    scene.set_preset("great-khan")
    scene.go_to_table()
    assert isinstance(app.top, TableScene) or app.top is not scene
    assert (app.settings.last_game, app.settings.last_preset) == ("sabacc", "great-khan")
    again = QuickPlayScene(app)
    assert (again.game, again.preset) == ("sabacc", "great-khan")
    # Kept in the settings file; a name this version does not know falls back.
    from game.storage.settings import from_json

    settings, problems = from_json(app.settings.to_json())
    assert (settings.last_game, settings.last_preset) == ("sabacc", "great-khan") and not problems
    app.settings.last_game, app.settings.last_preset = "chess", "blitz"
    assert (QuickPlayScene(app).game, QuickPlayScene(app).preset) == ("sabacc", "classic")
    app.settings.last_game, app.settings.last_preset = "brag", "whatever"
    assert QuickPlayScene(app).game == "brag"
    settings, problems = from_json({"last_game": "../../etc", "last_preset": 3})
    assert settings.last_game == "" and settings.last_preset == "" and problems


def test_stepping_through_rule_sets_shows_each_and_its_own_chips(
    make_app: Callable[..., App],
) -> None:
    """The arrow steps from rule set to rule set: the selector names each, the chip
    choices are the rule set's own (Kessel's few chips), and the form is rebuilt only
    when something besides the name changes."""
    app = make_app()
    scene = QuickPlayScene(app)
    app.push(scene)
    scene.set_game("sabacc")
    app.step(0.016)
    entry = games.get("sabacc")
    for preset in entry.table_preset_names:
        builds = scene._builds
        chips_before = entry.chip_options_for(scene.preset)
        if scene.preset != preset:
            scene.preset_selector.handle_press(scene.preset_selector.right)
        app.step(0.016)
        assert scene.preset == preset
        assert scene.preset_selector.value_button.text == i18n.t(entry.preset(preset).label_key)
        shown = [value for value, _ in scene.chip_selector.options]
        assert shown == list(entry.chip_options_for(preset))
        if entry.chip_options_for(preset) == chips_before:
            assert scene._builds == builds  # the same form, only the name changed
    scene.set_preset("classic")  # from outside the selector too
    assert scene.preset_selector.value_button.text == i18n.t(entry.preset("classic").label_key)
    assert [value for value, _ in scene.chip_selector.options] == [50, 100, 200, 500]
