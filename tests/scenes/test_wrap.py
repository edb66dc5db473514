"""The tables' log and banner wrapping: nothing lost, nothing wider than the line where
it can be helped, and Japanese broken by the kinsoku rules (。、）」 never start a line,
（「 never end one) — "。" alone on a line was seen in the Brag log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
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


# ------------------------------------------- Japanese broken by kinsoku everywhere
def _kinsoku_problems(lines: list[str]) -> list[str]:
    lines = [line.strip() for line in lines if line.strip()]
    return [
        f"{before!r} / {after!r}"
        for before, after in zip(lines, lines[1:], strict=False)
        if after[0] in NO_LINE_START or before[-1] in NO_LINE_END
    ]


def test_japanese_tooltips_break_by_kinsoku_not_with_hyphens(
    make_app: Callable[..., App],
) -> None:
    """pygame_gui split a Japanese tooltip anywhere, with a hyphen ("支払うべき-" then
    "-額…"), and could begin a line with "。" or "）"."""
    app = make_app((1280, 720), "ja")
    catalog = i18n.load_catalog("ja")
    tips = [text for key, text in sorted(catalog.items())
            if "tip" in key.split(".") and len(text) > 25]  # fmt: skip
    assert len(tips) >= 15
    for width in (300, 360, 420):
        for tip in tips:
            tooltip = app.manager.create_tool_tip(tip, (0, 0), (0, 0), None, None,
                                                  wrap_width=width)  # fmt: skip
            rows = [
                "".join(getattr(chunk, "text", "") for chunk in row.items)
                for row in tooltip.text_block.text_box_layout.layout_rows
            ]
            tooltip.kill()
            shown = "".join(rows).replace(" ", "")
            assert shown == tip.replace(" ", "").replace("<br>", ""), (width, rows)
            assert not _kinsoku_problems(rows), (width, rows)


@pytest.mark.parametrize("lang", ["ja", "en", "es"])
def test_venue_intros_break_by_the_shared_rules(
    make_app: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    """The venue screen wrapped its intro by hand: Japanese was cut between any two
    characters ("ヴァシュテ" / "ィ、ブラム"), so small kana and 、 began lines."""
    from game.campaign import Campaign
    from game.campaign.venues import VENUES
    from game.scenes.campaign_venue import VenueIntroScene

    app = make_app((1280, 720), lang)
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    scene = VenueIntroScene(app, campaign)
    app.push(scene)
    app.step(1 / 60)
    font = app.font_for("#centered")
    for venue in VENUES:
        text = i18n.t(f"venue.{venue.id}.intro")
        for width in range(420, 1000, 47):
            lines = scene._wrap(text, width)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert not _kinsoku_problems(lines), (venue.id, width, lines)
            assert all(font.size(line[:-1])[0] <= width for line in lines), (width, lines)
