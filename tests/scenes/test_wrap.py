"""The tables' log and banner wrapping: nothing lost, nothing wider than the line where
it can be helped, and Japanese broken by the kinsoku rules (。、）」 never start a line,
（「 never end one) — "。" alone on a line was seen in the Brag log."""

from __future__ import annotations

import pygame
import pytest

from game import resources
from game.app import UI_FONT_LANGUAGE
from game.i18n.linebreak import NO_LINE_END, NO_LINE_START
from game.scenes.kit.text import wrap

TEXTS = [
    "あなたが予備の手札と交換しました。",
    "親（7½）が相手 4（バースト（10½））に勝ち、4を取ります。",
    "Kessa Vrinのクラッシュ宣言は失敗しました。次のディールでは親が交代し、新しいリミットが決まります。",
    "Opponent 1 raises to 12 and everyone else must answer or fold.",
]


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.init()


@pytest.mark.parametrize("text", TEXTS)
def test_every_width_keeps_the_words_and_the_kinsoku_rules(text: str) -> None:
    font = resources.font(15, UI_FONT_LANGUAGE)
    for width in range(110, 340, 6):
        lines = wrap(text, 15, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for before, after in zip(lines, lines[1:], strict=False):
            assert after[0] not in NO_LINE_START, (width, lines)
            assert before[-1] not in NO_LINE_END, (width, lines)
        # Only a hanging mark may pass the edge, by one character at most.
        for line in lines:
            assert font.size(line[:-1])[0] <= width, (width, line)


def test_the_full_stop_goes_down_with_the_last_characters() -> None:
    font = resources.font(15, UI_FONT_LANGUAGE)
    text = TEXTS[0]
    width = font.size(text[:-1])[0]  # everything but "。" fits on the first line
    lines = wrap(text, 15, width)
    assert len(lines) == 2 and lines[1].endswith("た。") and len(lines[1]) >= 2
