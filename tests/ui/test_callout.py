"""Callouts find room beside what they explain and never cover it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.callout import box_size, draw_bubble, draw_callout, place_box

SCREEN = pygame.Rect(0, 0, 1280, 720)


def test_a_box_goes_below_its_target_when_there_is_room() -> None:
    target = pygame.Rect(600, 100, 80, 40)
    box = place_box(SCREEN, target, (300, 100))
    assert box.top >= target.bottom and box.centerx == target.centerx


def test_a_target_at_the_bottom_gets_its_box_above() -> None:
    target = pygame.Rect(600, 660, 80, 40)
    box = place_box(SCREEN, target, (300, 100))
    assert box.bottom <= target.top


def test_the_box_steps_around_what_must_stay_visible() -> None:
    target = pygame.Rect(600, 300, 80, 40)
    cards_below = pygame.Rect(400, 340, 500, 380)
    box = place_box(SCREEN, target, (300, 100), [cards_below])
    assert not box.colliderect(target) and not box.colliderect(cards_below)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 1240),
    st.integers(0, 680),
    st.integers(4, 300),
    st.integers(4, 200),
    st.integers(60, 600),
    st.integers(30, 300),
)
def test_a_box_is_always_on_screen_and_never_on_a_small_target(
    x: int, y: int, w: int, h: int, bw: int, bh: int
) -> None:
    target = pygame.Rect(x, y, w, h).clamp(SCREEN)
    box = place_box(SCREEN, target, (bw, bh))
    assert SCREEN.contains(box)
    if target.width <= 300 and target.height <= 200:
        assert not box.colliderect(target)


def test_drawing_paints_the_box_and_the_pointer() -> None:
    pygame.init()
    surface = pygame.Surface((1280, 720))
    line = pygame.Surface((200, 20))
    target = pygame.Rect(600, 100, 80, 40)
    size = box_size([line, line], 12)
    box = place_box(SCREEN, target, size)
    draw_callout(surface, box, target, [line, line])
    assert surface.get_at((box.left + 4, box.centery)) != (0, 0, 0, 255)
    between = (target.centerx, (target.bottom + box.top) // 2)
    assert surface.get_at(between) != (0, 0, 0, 255)  # the pointer crosses the gap
    bubble = place_box(SCREEN, target, size)
    draw_bubble(surface, bubble, target, [line])


@pytest.mark.parametrize("size", [(10, 10), (5000, 5000)])
def test_boxes_bigger_than_the_screen_are_cut_to_it(size: tuple[int, int]) -> None:
    box = place_box(SCREEN, pygame.Rect(10, 10, 5, 5), size)
    assert SCREEN.contains(box)
