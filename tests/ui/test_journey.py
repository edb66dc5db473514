"""Venue looks, backdrops and the travel map: every venue its own colours, any size draws."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.campaign.venues import VENUES
from game.ui import draw
from game.ui.journey import (
    VENUE_LOOKS,
    MapStop,
    StopState,
    render_backdrop,
    render_travel_map,
    stop_points,
    venue_palette,
)
from game.ui.palette import get_palette


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def test_every_venue_has_a_look_of_its_own() -> None:
    assert set(VENUE_LOOKS) == {v.id for v in VENUES}
    felts = {look.felt for look in VENUE_LOOKS.values()}
    assert len(felts) == len(VENUES)


def test_a_venue_palette_changes_felt_and_rail_of_the_default_palette_only() -> None:
    base = get_palette("cantina")
    glass = get_palette("cantina@glasswater")
    assert glass.felt == VENUE_LOOKS["glasswater"].felt != base.felt
    assert glass.wood == VENUE_LOOKS["glasswater"].wood
    assert glass.paper == base.paper and glass.turn_glow == base.turn_glow
    # Readability wins over mood: the accessible palettes keep their own colours.
    for name in ("colorblind", "high-contrast"):
        assert venue_palette(get_palette(name), "glasswater") == get_palette(name)
    with pytest.raises(ValueError):
        get_palette("cantina@nowhere")


def test_the_felt_renders_in_a_venue_palette() -> None:
    plain = draw.render_felt((64, 48), "cantina")
    venue = draw.render_felt((64, 48), "cantina@orchid-terrace")
    assert plain.get_at((32, 24)) != venue.get_at((32, 24))


@pytest.mark.parametrize("venue", [v.id for v in VENUES])
@pytest.mark.parametrize("size", [(1, 1), (320, 180), (1920, 1080)])
def test_each_backdrop_draws_at_any_size(venue: str, size: tuple[int, int]) -> None:
    image = render_backdrop(venue, size)
    assert image.get_size() == size
    # Not a blank fill: the scene has more than a handful of colours.
    colours = {
        tuple(image.get_at((x, y)))
        for x in range(0, image.get_width(), 7)
        for y in range(0, image.get_height(), 7)
    }
    if size[0] >= 320:
        assert len(colours) > 20


def _stops(states: list[StopState]) -> list[MapStop]:
    label = pygame.Surface((90, 20))
    label.fill((255, 0, 255))  # a colour nothing else on the chart uses
    return [MapStop(v.id, label, s) for v, s in zip(VENUES, states, strict=True)]


@pytest.mark.parametrize("size", [(200, 120), (1000, 500), (2400, 1400)])
def test_the_map_keeps_every_stop_and_label_inside(size: tuple[int, int]) -> None:
    states = [StopState.CLEARED, StopState.HERE, StopState.NEXT]
    states += [StopState.LOCKED] * (len(VENUES) - 3)
    chart = render_travel_map(size, _stops(states), (230, 220, 200), (200, 160, 80))
    w, h = chart.get_size()
    for x, y in stop_points((w, h), [v.id for v in VENUES]):
        assert 0 < x < w and 0 < y < h
    magenta = [
        (x, y)
        for x in range(0, w, 3)
        for y in range(0, h, 3)
        if tuple(chart.get_at((x, y)))[:3] == (255, 0, 255)
    ]
    assert magenta  # labels are drawn, and (by construction) never past the edges
    assert all(0 <= x < w and 0 <= y < h for x, y in magenta)


def test_the_current_stop_stands_out() -> None:
    here = render_travel_map(
        (600, 300),
        _stops([StopState.HERE] + [StopState.LOCKED] * (len(VENUES) - 1)),
        (230, 220, 200),
        (200, 160, 80),
    )
    none = render_travel_map(
        (600, 300), _stops([StopState.LOCKED] * len(VENUES)), (230, 220, 200), (200, 160, 80)
    )
    x, y = stop_points((600, 300), [v.id for v in VENUES])[0]
    assert here.get_at((x, y)) != none.get_at((x, y))


def test_styles_unlock_with_their_venues_and_cards_take_the_venue_back() -> None:
    from game.ui.journey import unlocked_styles

    assert unlocked_styles([]) == []
    assert unlocked_styles(["brinewater", "lantern-hall", "glasswater"]) == [
        "brinewater",
        "lantern-hall",
        "glasswater",
    ]
    assert unlocked_styles(["drifting-crown"]) == []  # its reward is a house-rule set
    glass = get_palette("cantina@glasswater")
    assert glass.back_line == VENUE_LOOKS["glasswater"].light


def test_the_table_style_setting_is_checked_like_every_value() -> None:
    from game.storage.settings import from_json

    settings, problems = from_json({"table_style": "glasswater"})
    assert settings.table_style == "glasswater" and not problems
    bad, told = from_json({"table_style": "../../etc"})
    assert bad.table_style == "" and told
