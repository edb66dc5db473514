"""Each campaign venue's look: its felt, rail and light, its sky and what its backdrop
shows (game.ui.journey draws them), and its table palette. Below game.ui.palette, which
gives ``"cantina@<venue>"`` palettes through ``venue_palette``: nothing here imports it
but for types.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.palette import Colour, Palette


@dataclass(frozen=True, slots=True)
class VenueLook:
    felt: Colour
    felt_dark: Colour
    felt_pattern: Colour
    wood: Colour
    wood_dark: Colour
    light: Colour  # the colour of the room's light, washed over the backdrop
    sky_top: Colour
    sky_bottom: Colour
    motif: str  # what the backdrop shows
    map_pos: tuple[float, float]  # where the stop sits on the travel map (0..1)


VENUE_LOOKS: dict[str, VenueLook] = {
    # A dockside cantina: the classic green baize, dark wood, smoky amber light.
    "brinewater": VenueLook(
        (22, 74, 58),
        (6, 22, 18),
        (40, 100, 80),
        (92, 52, 28),
        (44, 22, 10),
        (255, 186, 96),
        (34, 28, 30),
        (70, 48, 36),
        "cantina",
        (0.06, 0.72),
    ),
    # A guild hall after hours: oxblood cloth, walnut, lantern gold.
    "lantern-hall": VenueLook(
        (96, 30, 34),
        (30, 8, 10),
        (128, 50, 52),
        (78, 50, 30),
        (36, 20, 10),
        (255, 204, 120),
        (26, 20, 30),
        (60, 40, 44),
        "lanterns",
        (0.17, 0.40),
    ),
    # A rooftop garden at dusk: violet cloth, pale bamboo, rose light.
    "orchid-terrace": VenueLook(
        (64, 40, 90),
        (20, 10, 32),
        (96, 66, 124),
        (170, 140, 90),
        (96, 74, 40),
        (255, 150, 170),
        (60, 40, 100),
        (230, 120, 110),
        "dusk",
        (0.28, 0.74),
    ),
    # Glass floors over a flooded quarry: deep teal-blue cloth, steel rail, cold light.
    "glasswater": VenueLook(
        (18, 60, 92),
        (4, 16, 30),
        (40, 94, 130),
        (110, 118, 128),
        (50, 56, 64),
        (140, 210, 255),
        (10, 24, 44),
        (20, 70, 100),
        "water",
        (0.39, 0.36),
    ),
    # A river barge: olive cloth, tarred planks, lamplight and moon.
    "drifting-crown": VenueLook(
        (58, 70, 34),
        (16, 20, 8),
        (86, 100, 56),
        (70, 50, 34),
        (30, 20, 12),
        (240, 220, 160),
        (16, 22, 40),
        (40, 60, 80),
        "river",
        (0.61, 0.38),
    ),
    # A smugglers' landing: rust-red cloth on crates, gunmetal rail, sodium-orange lamps.
    "ember-dock": VenueLook(
        (104, 46, 26),
        (34, 12, 6),
        (140, 74, 44),
        (84, 88, 92),
        (38, 40, 44),
        (255, 160, 70),
        (22, 18, 24),
        (90, 50, 30),
        "water",
        (0.50, 0.72),
    ),
    # A starliner's saloon: sea-green cloth, white-gold rail, starlight through the dome.
    "aurelia-lounge": VenueLook(
        (20, 86, 84),
        (4, 26, 26),
        (46, 120, 116),
        (196, 176, 120),
        (110, 92, 50),
        (200, 220, 255),
        (8, 10, 30),
        (30, 40, 90),
        "salon",
        (0.72, 0.74),
    ),
    # A bar cut into an old spice mine: rust cloth, iron rail, ember light.
    "spice-hollow": VenueLook(
        (110, 58, 30),
        (36, 16, 8),
        (140, 84, 48),
        (70, 60, 56),
        (30, 26, 24),
        (255, 140, 70),
        (30, 16, 14),
        (90, 44, 26),
        "cantina",
        (0.83, 0.42),
    ),
    # The championship salon: midnight-blue cloth, gilded rail, chandelier white.
    "meridian": VenueLook(
        (24, 30, 70),
        (6, 8, 24),
        (50, 58, 110),
        (150, 118, 54),
        (80, 60, 20),
        (255, 240, 210),
        (20, 16, 30),
        (70, 50, 60),
        "salon",
        (0.94, 0.22),
    ),
}


def venue_look(venue_id: str) -> VenueLook:
    return VENUE_LOOKS.get(venue_id, VENUE_LOOKS["brinewater"])


def venue_palette(base: Palette, venue_id: str) -> Palette:
    """The table palette for a venue: its felt and rail on the default palette only."""
    if base.name != "cantina" or venue_id not in VENUE_LOOKS:
        return base
    look = VENUE_LOOKS[venue_id]
    return replace(
        base,
        name=f"cantina@{venue_id}",
        felt=look.felt,
        felt_dark=look.felt_dark,
        felt_pattern=look.felt_pattern,
        wood=look.wood,
        wood_dark=look.wood_dark,
        # The venue's card back: its deep felt and its light.
        back_a=look.felt_dark,
        back_b=look.felt,
        back_line=look.light,
    )
