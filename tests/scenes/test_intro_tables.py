"""The rule sets' intros on their tables: what the player sees at each special
moment (the total after a Random Sabacc rule change, the spike dice after a shift)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import i18n
from tests.scenes.test_coached_tables import lesson_app, play_lesson

pytestmark = pytest.mark.usefixtures("data_home")


def test_random_intro_your_total_follows_the_mirrored_rules(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, "random", (1280, 720), "en")
    totals: dict[str, tuple[str, int]] = {}

    def note(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is not None and shown[1] is not None:
            codes = tuple(c.counted_code() for c in table.anim.model.seats[0].cards)
            totals[shown[1].key] = table.painter.seats.rank_codes(tuple(c for c in codes if c))

    try:
        play_lesson(app, "random", note)
        assert totals["intros3.random.changed"] == ("normal", -19)
        assert totals["intros3.random.keep"] == ("pure-sabacc", -23)
    finally:
        app.close()
        i18n.set_language("en")


def test_spike_lesson_the_shift_step_shows_last_rounds_pair_of_dice(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, "corellian-spike", (1280, 720), "en")
    seen: dict[str, Any] = {}

    def note(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is not None and shown[1] is not None:
            model = table.anim.model
            seen.setdefault(shown[1].key, (model.dice, model.dice_round, model.round_no))

    try:
        play_lesson(app, "corellian-spike", note)
        assert seen["lesson.corellian-spike.dice"] == ((1, 2), 1, 2)  # no shift
        assert seen["lesson.corellian-spike.shift"] == ((3, 3), 2, 3)
    finally:
        app.close()
        i18n.set_language("en")
