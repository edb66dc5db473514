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
from typing import Any, Literal

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


def table_palette(settings: Any, campaign: Any) -> str:
    """A table's colour set: the player's choice (high contrast, colour-blind safe, or
    the cantina's own); the cantina's at a campaign venue is that venue's felt and rail,
    elsewhere the look the player unlocked on the journey (game.ui.journey)."""
    base = palette_name(settings.high_contrast, settings.colour_blind)
    session = getattr(campaign, "session", None) if campaign is not None else None
    venue = getattr(session, "venue_id", "")
    if venue and base == "cantina":
        return f"{base}@{venue}"
    style = getattr(settings, "table_style", "")
    if campaign is None and style and base == "cantina":
        return f"{base}@{style}"
    return base
