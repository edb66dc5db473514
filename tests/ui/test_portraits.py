"""Portraits: stable per character, different between characters, every expression drawn."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.campaign.venues import CHARACTERS
from game.ui import portraits
from game.ui.portraits import Expression, Species, portrait, spec_for


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()
    portraits.clear_cache()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_character_looks_the_same_on_every_call_and_run() -> None:
    first = _pixels(portrait("mabbet", 96))
    portraits.clear_cache()
    assert _pixels(portrait("mabbet", 96)) == first
    # The spec is derived from a stable hash, not Python's salted hash().
    assert spec_for("mabbet") == spec_for("mabbet")
    assert spec_for("mabbet").skin in portraits._SKINS[spec_for("mabbet").species]


def test_every_campaign_character_has_a_face_of_their_own() -> None:
    faces = {_pixels(portrait(cid, 64)) for cid in CHARACTERS}
    assert len(faces) == len(CHARACTERS)
    species = {spec_for(cid).species for cid in CHARACTERS}
    assert Species.HUMAN in species and len(species) >= 4


@pytest.mark.parametrize("species", list(Species))
def test_each_expression_changes_the_face_but_not_the_plate(species: Species) -> None:
    images = {e: portrait("tesk", 90, e, species=species) for e in Expression}
    assert len({_pixels(image) for image in images.values()}) == len(Expression)
    for image in images.values():
        assert image.get_size() == (90, 90)
        # Outside the round plate stays transparent; the centre is painted.
        assert image.get_at((0, 0)).a == 0 and image.get_at((89, 89)).a == 0
        assert image.get_at((45, 45)).a >= 240


@pytest.mark.parametrize("size", [1, 8, 24, 300])
def test_any_size_draws(size: int) -> None:
    image = portrait("ilse", size, "happy")
    assert image.get_width() == max(8, size)


def test_an_unknown_expression_is_refused() -> None:
    with pytest.raises(ValueError):
        portrait("ilse", 40, "furious")
