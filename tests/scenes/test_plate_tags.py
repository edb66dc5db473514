"""Issue 15: a nameplate's tags (the dealer's disc, "Lead", Force's side) never sit on
an opponent's revealed cards, in every language, at 1280x720 and larger."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App
from game.rules import sabacc as sb
from game.scenes.kit import text as kt
from game.scenes.sabacc.model import CardView
from game.scenes.table import QuickPlayConfig
from game.ui import cards, fonts
from game.ui import draw as furniture


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fonts.clear_caches()
    cards.clear_cache()
    furniture.clear_cache()
    return tmp_path / "data"


class Recording(pygame.Surface):
    """A surface that remembers where each image was drawn."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.drawn.append((source, pygame.Rect(rect)))
        return rect


def recording(pill: Callable[..., pygame.Surface], pills: dict[int, str]) -> Any:
    """``kit.text.pill`` that notes each tag's words by image."""

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = pill(text, *args, **kwargs)
        pills[id(image)] = text
        return image

    return spy


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_plate_tags_keep_off_an_opponents_revealed_cards(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    from game.scenes.sabacc_table import SabaccTable

    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset="force", seed=7, opponents=("easy",) * 3))
    app.push(table)
    table.queue.finish_all()
    model = table.anim.model
    model.hand_no, model.round_no = 1, 4
    words = {i18n.t("sabacc.lead_mark"), i18n.t("sabacc.side.light"), i18n.t("sabacc.side.dark")}
    for seat in (1, 2, 3):
        model.dealer = model.lead = seat  # the most tags one plate carries
        view = model.seats[seat]
        view.in_hand, view.side = True, (sb.DARK if seat % 2 else sb.LIGHT)
        view.cards = [CardView(code) for code in ("9c", "5f", "2t", "endurance")]
        view.status = i18n.t("sabacc.status.check") if seat == 2 else ""
        pills: dict[int, str] = {}
        pill = kt.pill
        kt.pill = recording(pill, pills)  # type: ignore[assignment]
        surface = Recording(app.size)
        try:
            table.painter.seats.draw_seat(surface, table.places, seat)
        finally:
            kt.pill = pill  # type: ignore[assignment]
        place = table.places.seats[seat]
        card_size = tuple(place.card)
        card_rects = [rect for image, rect in surface.drawn if image.get_size() == card_size]
        assert len(card_rects) >= 4
        tags = [(pills[id(image)], rect) for image, rect in surface.drawn if id(image) in pills]
        assert {text for text, _ in tags} >= {i18n.t("sabacc.lead_mark")}
        for text, rect in tags:
            if text not in words:
                continue
            for card in card_rects:
                assert not rect.colliderect(card), (seat, text, rect, card)
        shown = [rect for text, rect in tags if text not in words]  # the status pill
        for text, rect in tags:
            if text in words:
                assert all(not rect.colliderect(other) for other in shown), (seat, text)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_notices_keep_off_the_cards_of_every_seat(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """An achievement notice never covers a corner of the cards at the top seat (its
    revealed hand fans wide), nor anyone else's."""
    from game.scenes.sabacc_table import SabaccTable

    app = make_app(size, "ja")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset="force", seed=7, opponents=("easy",) * 3))
    app.push(table)
    table.queue.finish_all()
    for seat in (1, 2, 3):
        table.anim.model.seats[seat].cards = [CardView(c) for c in ("9c", "5f", "2t", "endurance")]
    cards_at: list[pygame.Rect] = []
    for seat in range(4):
        surface = Recording(app.size)
        table.painter.seats.draw_seat(surface, table.places, seat)
        size_ = tuple(table.places.seats[seat].card)
        cards_at += [rect for image, rect in surface.drawn if image.get_size() == size_]
    assert len(cards_at) >= 12
    table.painter.table_layer = None
    before = pygame.Surface(app.size)
    app.draw(before)
    for name in ("first-win", "comeback", "brag-crash"):
        app.notify(i18n.t("achievements.earned_notice", name=i18n.t(f"achievement.{name}.name")))
    after = pygame.Surface(app.size)
    app.draw(after)
    for rect in cards_at:
        rect = rect.clip(before.get_rect())
        assert pygame.image.tobytes(before.subsurface(rect), "RGB") == pygame.image.tobytes(
            after.subsurface(rect), "RGB"
        ), rect
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["es", "ja"])
def test_a_shift_mark_leaves_the_name_printed_on_the_players_card(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    """ "10 → −14" on the card a shift made Moderation: the mark keeps off the card's
    printed name ("LA MODERACIÓN") and its value, on the picture above them."""
    from game.scenes.sabacc_table import SabaccTable
    from game.ui.cards import card_title

    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(seed=7, opponents=("easy",) * 3))
    app.push(table)
    table.queue.finish_all()
    view = table.anim.model.seats[0]
    view.cards = [CardView("9c"), CardView("4c"), CardView("moderation", shifted="10f")]
    assert card_title("moderation")
    pills: dict[int, str] = {}
    pill = kt.pill
    kt.pill = recording(pill, pills)  # type: ignore[assignment]
    surface = Recording(app.size)
    try:
        table.painter.seats.draw_seat(surface, table.places, 0)
    finally:
        kt.pill = pill  # type: ignore[assignment]
    card_size = tuple(table.places.seats[0].card)
    cards_at = [rect for image, rect in surface.drawn if image.get_size() == card_size]
    marks = [rect for image, rect in surface.drawn if "→" in pills.get(id(image), "")]
    assert len(cards_at) == 3 and len(marks) == 1
    card, mark = cards_at[-1], marks[0]
    assert card.contains(mark)
    assert mark.bottom <= card.top + card.height * 0.6  # the value and the name lie below
