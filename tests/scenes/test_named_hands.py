"""Cloud City's zero hand has a name at the showdown, as Pure Sabacc and the Idiot's
Array do: a gold banner, its name on the hand's label, on the player's total badge and
in the log, and on the results screen's best hand, in English, Japanese and Spanish."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game import i18n
from game.app import App
from game.rules import sabacc
from game.rules import sabacc_cards as sc
from game.rules import sabacc_events as ev
from game.rules.sabacc_rank import rank_cards
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig
from game.session.summary import summarize

pytestmark = pytest.mark.usefixtures("data_home")

ZERO_CARDS = ("8c", "8s", "moderation", "queen")  # 8 + 8 - 14 - 2 = 0, four cards
NAMES = {"en": "Zero hand!", "ja": "ゼロの手！", "es": "¡Mano cero!"}


def cloud_city(make_app: Callable[..., App], lang: str) -> tuple[App, SabaccTable]:
    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset="cloud-city", opponents=("easy",) * 2,
                                             seed=3))  # fmt: skip
    app.push(table)
    table.queue.finish_all()
    return app, table


def banners(table: SabaccTable, events: list[Any]) -> list[tuple[str, str, str]]:
    """Each banner the table puts up while it plays ``events``."""
    seen: list[tuple[str, str, str]] = []
    table.play(events)
    banner = table.anim.model.banner
    for _ in range(400):
        if banner.title and (banner.title, banner.subtitle, banner.shade) not in seen:
            seen.append((banner.title, banner.subtitle, banner.shade))
        if not table.queue.busy:
            break
        table.queue.update(0.05)
    return seen


def test_the_engine_ranks_these_cards_a_zero_hand() -> None:
    options = sabacc.options_for("cloud-city")
    rank = rank_cards(sc.parse_all(ZERO_CARDS), sabacc.value_table(options), options)
    assert (rank.kind, rank.total) == ("zero", 0)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_an_opponents_zero_hand_is_named_at_the_showdown(
    make_app: Callable[..., App], lang: str
) -> None:
    app, table = cloud_city(make_app, lang)
    try:
        seat = table.seat_name(1)
        shown = banners(table, [ev.HandRevealed(1, ZERO_CARDS, "zero", 0)])
        name = NAMES[lang]
        assert i18n.t("sabacc.kind.zero") == name
        assert (name, seat, "gold") in shown
        view = table.anim.model.seats[1]
        assert view.hand_label == name and view.label_colour == "gold"
        assert name in table.log.lines[-1][0] and table.log.lines[-1][1] == "gold"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_your_zero_hand_is_named_on_your_total_badge(
    make_app: Callable[..., App], lang: str
) -> None:
    from game.scenes.sabacc.model import CardView

    app, table = cloud_city(make_app, lang)
    try:
        table.anim.model.seats[0].cards = [CardView(code) for code in ZERO_CARDS]
        kind, total = table.painter.seats.rank_codes(ZERO_CARDS)
        assert (kind, total) == ("zero", 0)
        assert table.painter.seats.total_colour(kind, "") == table.ink.gold
        written: list[str] = []
        from game.scenes.kit import text as kt

        original = kt.fit

        def spy(words: str, *args: Any, **kwargs: Any) -> Any:
            written.append(words)
            return original(words, *args, **kwargs)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kt, "fit", spy)
            import pygame

            table.painter.seats._draw_total(
                pygame.Surface(app.size), table.places, table.anim.model.seats[0]
            )
        assert NAMES[lang] in written
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_results_screen_names_a_hand_won_with_a_zero_hand(lang: str) -> None:
    events = [
        ev.HandRevealed(0, ZERO_CARDS, "zero", 0),
        ev.HandRevealed(1, ("10c", "9f"), "normal", 19),
        ev.PotAwarded(0, 12, "hand"),
        ev.HandEnded(hand_no=1, winners=(0,), reason="showdown"),
    ]
    hand = summarize("sabacc", 1, events, [30, 30], [42, 18])
    assert hand.special == "screens.special.zero_hand"
    try:
        i18n.set_language(lang)
        assert i18n.t(hand.special) == NAMES[lang].strip("!！¡")
    finally:
        i18n.set_language("en")
