"""The spike dice show six symbols, each its own shape and colour, so a matching pair
(a Sabacc Shift) reads at a glance at every table size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import spike_dice  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("size", [28, 42, 64])
def test_every_face_is_a_different_picture(size: int) -> None:
    faces = [_pixels(spike_dice.render_spike_die(face, size)) for face in range(1, 7)]
    assert len(set(faces)) == 6
    assert spike_dice.render_spike_die(3, size).get_size() == (size, size)


def test_each_symbol_has_its_own_colour_too() -> None:
    colours = [spike_dice.SYMBOL_COLOURS[spike_dice.symbol_of(f)] for f in range(1, 7)]
    assert len(set(colours)) == 6


def test_a_settled_roll_shows_the_rolled_face_and_a_tumble_is_repeatable() -> None:
    settled = spike_dice.render_spike_roll_frame(5, 40, 1.0)
    assert _pixels(settled) == _pixels(spike_dice.render_spike_die(5, 40))
    a = spike_dice.render_spike_roll_frame(2, 40, 0.3, seed=4)
    b = spike_dice.render_spike_roll_frame(2, 40, 0.3, seed=4)
    assert _pixels(a) == _pixels(b)


def test_no_seventh_face() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        spike_dice.symbol_of(7)
