"""The goal plaque on a campaign table always says something: at the Meridian's
championship it names the round in play (how one reaches the final, then the final),
never a blank brass plate with an empty bar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.app import App
from game.campaign import Campaign
from game.scenes import campaign_plaque

pytestmark = pytest.mark.usefixtures("data_home")


def sit_at_meridian(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> tuple[Any, list[tuple[str, str, float]]]:
    from game.scenes.campaign_table import make_campaign_table

    drawn: list[tuple[str, str, float]] = []
    render = campaign_plaque.render_plaque

    def spy(heading: str, words: str, done: float, u: float, language: str) -> Any:
        drawn.append((heading, words, done))
        return render(heading, words, done, u, language)

    monkeypatch.setattr(campaign_plaque, "render_plaque", spy)
    app = make_app((1280, 720), lang=lang)
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = "meridian"
    campaign.progress.credits = 400
    campaign.sit_down()
    table: Any = make_campaign_table(app, campaign)
    app.push(table)
    for _ in range(3):
        app.step(1 / 60)
    app.draw(app.screen)
    return table, drawn


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Round 1: top 2 to the final"),
        ("ja", "1回戦：上位2人が決勝へ"),
        ("es", "Ronda 1: 2 mejores a la final"),
    ],
)
def test_the_championship_plaque_names_the_first_round(
    make_app: Callable[..., App],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    words: str,
) -> None:
    table, drawn = sit_at_meridian(make_app, tmp_path, monkeypatch, lang)
    assert table.felt_extras.plaque is not None, "no goal plaque on the championship table"
    assert drawn, "the plaque was never drawn"
    heading, figures, done = drawn[-1]
    assert heading == i18n.t("plaque.final")
    assert figures == words
    assert done == 0.0


def test_the_final_table_plaque_says_final_and_fills_half_the_bar(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.campaign.progress import CampaignProgress
    from game.campaign.tournament import Tournament

    progress = CampaignProgress(venue="meridian", tournament=Tournament(seed=1, round=1))
    assert campaign_plaque.goal_words(progress) == ("The championship", "The final table", 0.5)
    progress.finished = True
    assert campaign_plaque.goal_words(progress)[1:] == ("The final table", 1.0)
