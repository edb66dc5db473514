"""What a player reads on the Kessel table's centre and cards: the Sylop's value tag
stays on its own card, and the round's banner never shows through the status line."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules import kessel as kg
from game.rules.base import BETWEEN
from game.scenes.kit.inputs import left_click
from tests.scenes.test_kessel_table import open_table, post, wait_for_turn

pytestmark = pytest.mark.usefixtures("data_home")


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("opponents", [3, 7])
def test_the_sylop_tag_stays_on_its_own_card(
    make_app: Callable[..., App], size: tuple[int, int], lang: str, opponents: int
) -> None:
    app, table = open_table(make_app, size=size, lang=lang, opponents=opponents)
    app.step(1 / 60)
    for seat in range(table.num_seats):
        cards = table.places.card_rects(seat)
        for fam, card in enumerate(cards):
            for value in (2, 6):
                lines, pill = table.painter.sylop_tag(card, value)
                assert card.left <= pill.left and pill.right <= card.right, (seat, fam, pill, card)
                assert card.top <= pill.top and pill.bottom <= card.bottom
                assert all(line.get_width() <= pill.width for line in lines)
                assert all(not pill.colliderect(other) for other in cards if other is not card)
    # Painted with the glow on a card of every seat: the cached picture shows it.
    table.anim.model.flourish = {(seat, 1): (1.0, 2) for seat in range(table.num_seats)}
    app.step(1 / 60)
    table.draw(app.screen)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_round_banner_and_the_status_line_never_overlap(
    make_app: Callable[..., App], lang: str
) -> None:
    app, table = open_table(make_app, lang=lang, opponents=3)
    app.settings.animation_speed = "normal"
    both_asked = seen_after = 0
    for _ in range(12):
        wait_for_turn(app, table)
        if table.state.to_act() == BETWEEN:
            break
        if table.state.phase == kg.TURN:
            post(app, table.click_control("stand"), frames=0)
        elif table.state.phase == kg.DRAWN:
            post(app, table.click_control("keep"), frames=0)
        elif table.state.phase == kg.DIE:
            post(app, left_click(table.painter.dice_rects[0].center), frames=0)
        for _frame in range(1200):
            app.step(1 / 60)
            status = table.painter.centre_status()
            shown = table.banner.shown
            if shown and table.status_text():
                both_asked += 1  # the status would have shown through the banner
            if status and shown:
                image = table.banner_image(table.banner.title, table.ink.gold)
                words = pygame.Rect(
                    0, 0, table.places.centre_box.width + table.px(120), table.font_px(15) * 2
                )
                words.midtop = (table.places.centre_box.centerx, table.places.dice_y + table.px(4))
                assert not table.banner_rect(image).colliderect(words), status
            if status and not shown and table.state.to_act() == BETWEEN:
                seen_after += 1
            if table.idle() and table.awaiting_human() and not shown:
                break
    assert table.state.to_act() == BETWEEN
    assert both_asked, "the round's banner was never up with a status to show"
    assert seen_after, "the status line came back once the banner had gone"
    assert table.painter.centre_status() == i18n.t("kt.turn.between")
