"""The colours of a table's words and panels, from the player's palette.

Every table colour comes from ``game.ui.palette`` so the high-contrast and
colour-blind palettes reach every table. Things that outlive a frame (log lines, a
seat's status) keep a *role* (``"gold"``, ``"bad"``) and are coloured when drawn, so
switching the palette recolours them too.

    >>> ink_for("cantina")("gold") == ink_for("cantina").gold
    True
    >>> ink_for("high-contrast").text
    (255, 255, 255)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from game.ui.palette import Colour, get_palette

Role = Literal["text", "dim", "gold", "brass", "good", "bad", "info"]
Shade = Role | Colour  # a role, or (rarely) a colour of the palette itself


@dataclass(frozen=True, slots=True)
class Ink:
    text: Colour
    dim: Colour
    gold: Colour
    brass: Colour
    good: Colour
    bad: Colour
    info: Colour
    panel: Colour
    edge: Colour
    plate: Colour

    def __call__(self, shade: Shade) -> Colour:
        """The colour of ``shade``: a role's colour, or the colour itself."""
        if isinstance(shade, str):
            colour: Colour = getattr(self, shade)
            return colour
        return shade


@lru_cache(maxsize=8)
def ink_for(palette: str) -> Ink:
    pal = get_palette(palette)
    return Ink(
        text=pal.text,
        dim=pal.text_dim,
        gold=pal.gold,
        brass=pal.brass,
        good=pal.good,
        bad=pal.bad,
        info=pal.info,
        panel=pal.panel,
        edge=pal.panel_edge,
        plate=pal.plate,
    )


def palette_name(high_contrast: bool, colour_blind: bool) -> str:
    """The palette the player chose in Settings."""
    if high_contrast:
        return "high-contrast"
    return "colorblind" if colour_blind else "cantina"
