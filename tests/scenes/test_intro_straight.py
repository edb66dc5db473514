"""The Empress Teta intro shows a Straight, not only tells of it: the callout lays out
five cards of five consecutive values, drawn with the table's card art, that the
engine ranks a Straight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.help.intros import STRAIGHT_EXAMPLE
from game.rules import sabacc
from game.rules import sabacc_cards as sc
from game.rules.sabacc_rank import rank_cards
from tests.scenes.test_coached_tables import lesson_app, play_lesson

pytestmark = pytest.mark.usefixtures("data_home")
STEP = "showdown.empress-teta.straight"


def test_the_example_is_a_straight_the_engine_ranks_so() -> None:
    options = sabacc.options_for("empress-teta")
    rank = rank_cards(sc.parse_all(STRAIGHT_EXAMPLE), sabacc.value_table(options), options)
    assert rank.kind == "straight"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_straight_step_lays_out_the_five_cards(
    tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    app = lesson_app(tmp_path, "empress-teta", size, lang)
    seen: dict[str, Any] = {}

    def note(table: Any) -> None:
        shown = table.director.visible_step()
        if shown is None or shown[1] is None or shown[1].key != STEP or STEP in seen:
            return
        drawn: list[tuple[str, tuple[int, int]]] = []
        original = table.director.marks.coach_card

        def spy(code: str, card: tuple[int, int]) -> Any:
            drawn.append((code, card))
            return original(code, card)

        table.director.marks.coach_card = spy
        table.director._key = None  # lay the callout out again, watching
        box, target = table.director.callout.rects()
        del table.director.marks.coach_card
        seen[STEP] = (drawn, box, table.director.callout.lines, table.director.marks.coach_avoid())

    try:
        play_lesson(app, "empress-teta", note)
        assert STEP in seen, "the Straight step never showed"
        drawn, box, lines, avoid = seen[STEP]
        assert [code for code, _ in drawn] == list(STRAIGHT_EXAMPLE)
        width, height = drawn[0][1]
        assert height >= 60 * size[1] // 720  # big enough to read the values
        assert lines[-1].get_width() >= 5 * width  # one row, under the words
        assert box is not None and app.screen.get_rect().contains(box)
        assert not any(box.colliderect(rect) for rect in avoid), (box, avoid, app.size)
    finally:
        app.close()
        i18n.set_language("en")
