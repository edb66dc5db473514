"""Named colours for the tables, in three palettes selectable by name.

``cantina`` is the default: a dark, warm smoke-filled table (deep green felt,
oiled wood, brass).  ``colorblind`` keeps the mood but takes every signal
colour from the Okabe-Ito set, which stays distinct under the common forms of
colour blindness.  ``high-contrast`` is for low vision and bright rooms: near
black and pure hues.

Colour is never the only signal: every Sabacc suit and every 52-card suit is
also drawn with its own silhouette (see ``cards.py``), so a palette only has
to make the shapes pleasant, not carry the meaning alone.

A ``Palette`` is frozen and hashable (tuples, no dicts) so renderers can use it,
or just its ``name``, in cache keys.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

SABACC_SUITS = "cfst"  # Coins, Flasks, Sabres, Staves (CONTRACT §1)
CARD52_SUITS = "SHDC"


@dataclass(frozen=True, slots=True)
class Palette:
    name: str
    # The table.
    felt: Colour
    felt_dark: Colour  # the vignette's edge
    felt_pattern: Colour  # the faint printed ring on the felt
    wood: Colour
    wood_dark: Colour
    brass: Colour
    brass_light: Colour
    text: Colour
    text_dim: Colour
    shadow: Colour
    # Sabacc electronic cards.
    glass_top: Colour
    glass_bottom: Colour
    sabacc_suit_glow: tuple[Colour, Colour, Colour, Colour]  # indexed like SABACC_SUITS
    face_glow: Colour  # the face cards (no suit)
    negative: Colour  # value text of negative cards
    back_a: Colour
    back_b: Colour
    back_line: Colour
    # 52-card deck.
    paper: Colour
    paper_edge: Colour
    card52_suit: tuple[Colour, Colour, Colour, Colour]  # indexed like CARD52_SUITS
    back52_a: Colour
    back52_b: Colour
    # Effects, chips, nameplates.
    stasis: Colour
    turn_glow: Colour
    plate: Colour
    plate_edge: Colour
    chips: tuple[Colour, Colour, Colour, Colour, Colour]  # 1, 5, 10, 25, 100
    chip_stripe: Colour
    die_body: Colour
    die_pip: Colour
    # The tables' words and panels (game.scenes.kit.ink): news, good and bad news,
    # information, and the dark boxes the words sit on.
    gold: Colour = (242, 200, 106)
    good: Colour = (140, 224, 150)
    bad: Colour = (240, 110, 96)
    info: Colour = (110, 220, 240)
    panel: Colour = (22, 14, 9)
    panel_edge: Colour = (140, 107, 62)

    def sabacc_suit(self, suit: str) -> Colour:
        return self.sabacc_suit_glow[SABACC_SUITS.index(suit)]

    def suit52(self, suit: str) -> Colour:
        return self.card52_suit[CARD52_SUITS.index(suit)]


CANTINA = Palette(
    name="cantina",
    felt=(22, 74, 58),
    felt_dark=(6, 22, 18),
    felt_pattern=(40, 100, 80),
    wood=(92, 52, 28),
    wood_dark=(44, 22, 10),
    brass=(196, 150, 72),
    brass_light=(246, 214, 140),
    text=(242, 232, 212),
    text_dim=(170, 160, 140),
    shadow=(0, 0, 0),
    glass_top=(34, 40, 52),
    glass_bottom=(10, 12, 18),
    # Coins gold, Flasks green, Sabres red, Staves blue: warm but well apart in hue.
    sabacc_suit_glow=((255, 196, 64), (96, 230, 140), (255, 92, 80), (96, 170, 255)),
    face_glow=(214, 120, 255),
    negative=(255, 140, 120),
    back_a=(52, 20, 28),
    back_b=(22, 8, 14),
    back_line=(196, 150, 72),
    paper=(250, 246, 234),
    paper_edge=(170, 160, 140),
    card52_suit=((24, 24, 30), (196, 28, 40), (196, 28, 40), (24, 24, 30)),
    back52_a=(120, 24, 32),
    back52_b=(70, 10, 18),
    stasis=(90, 230, 255),
    turn_glow=(255, 208, 96),
    plate=(26, 20, 16),
    plate_edge=(150, 112, 56),
    chips=((232, 228, 216), (200, 44, 44), (40, 96, 200), (40, 150, 80), (30, 30, 34)),
    chip_stripe=(250, 246, 234),
    die_body=(236, 228, 208),
    die_pip=(30, 24, 20),
)

# Okabe & Ito (2008) "Color Universal Design" set: orange, sky blue, bluish
# green, yellow, blue, vermillion, reddish purple.  Suit pairs are separated by
# lightness as well as hue so they survive even full colour blindness.
COLORBLIND = Palette(
    name="colorblind",
    felt=(28, 60, 70),
    felt_dark=(8, 18, 22),
    felt_pattern=(48, 86, 96),
    wood=(86, 56, 36),
    wood_dark=(40, 24, 14),
    brass=(200, 160, 90),
    brass_light=(246, 220, 160),
    text=(245, 240, 230),
    text_dim=(180, 176, 166),
    shadow=(0, 0, 0),
    glass_top=(36, 40, 48),
    glass_bottom=(10, 12, 16),
    sabacc_suit_glow=((240, 228, 66), (0, 158, 115), (213, 94, 0), (86, 180, 233)),
    face_glow=(204, 121, 167),
    negative=(230, 159, 0),
    back_a=(40, 30, 50),
    back_b=(16, 12, 22),
    back_line=(200, 160, 90),
    paper=(250, 248, 240),
    paper_edge=(160, 160, 160),
    # The four-colour deck: black spades, vermillion hearts, blue diamonds,
    # bluish-green clubs.
    card52_suit=((20, 20, 24), (213, 94, 0), (0, 114, 178), (0, 130, 95)),
    back52_a=(0, 84, 132),
    back52_b=(0, 44, 72),
    stasis=(86, 180, 233),
    turn_glow=(240, 228, 66),
    plate=(22, 22, 26),
    plate_edge=(150, 130, 90),
    chips=((236, 236, 230), (213, 94, 0), (0, 114, 178), (0, 158, 115), (26, 26, 30)),
    chip_stripe=(250, 250, 245),
    die_body=(240, 238, 230),
    die_pip=(20, 20, 24),
    gold=(240, 228, 66),
    good=(72, 200, 160),
    bad=(230, 140, 40),
    info=(86, 180, 233),
    panel=(16, 18, 22),
    panel_edge=(150, 130, 90),
)

HIGH_CONTRAST = Palette(
    name="high-contrast",
    felt=(0, 40, 24),
    felt_dark=(0, 8, 4),
    felt_pattern=(0, 70, 44),
    wood=(60, 40, 20),
    wood_dark=(20, 12, 4),
    brass=(255, 220, 0),
    brass_light=(255, 255, 160),
    text=(255, 255, 255),
    text_dim=(220, 220, 220),
    shadow=(0, 0, 0),
    glass_top=(0, 0, 0),
    glass_bottom=(0, 0, 0),
    sabacc_suit_glow=((255, 230, 0), (0, 255, 120), (255, 60, 60), (80, 180, 255)),
    face_glow=(255, 110, 255),
    negative=(255, 170, 0),
    back_a=(0, 0, 0),
    back_b=(0, 0, 0),
    back_line=(255, 220, 0),
    paper=(255, 255, 255),
    paper_edge=(0, 0, 0),
    card52_suit=((0, 0, 0), (210, 0, 0), (0, 70, 210), (0, 120, 0)),
    back52_a=(0, 0, 120),
    back52_b=(0, 0, 40),
    stasis=(0, 255, 255),
    turn_glow=(255, 255, 0),
    plate=(0, 0, 0),
    plate_edge=(255, 255, 255),
    chips=((255, 255, 255), (230, 0, 0), (0, 90, 255), (0, 170, 60), (0, 0, 0)),
    chip_stripe=(255, 255, 255),
    die_body=(255, 255, 255),
    die_pip=(0, 0, 0),
    gold=(255, 255, 0),
    good=(80, 255, 120),
    bad=(255, 110, 110),
    info=(0, 255, 255),
    panel=(0, 0, 0),
    panel_edge=(255, 255, 255),
)

PALETTES: dict[str, Palette] = {p.name: p for p in (CANTINA, COLORBLIND, HIGH_CONTRAST)}
DEFAULT = "cantina"


def get_palette(name: str | Palette = DEFAULT) -> Palette:
    """The palette called ``name`` (a ``Palette`` passes through unchanged).

    ``"cantina@glasswater"`` is a palette in a campaign venue's colours (game.ui.journey);
    renderers that cache by palette name get one entry per venue that way.
    """
    if isinstance(name, Palette):
        return name
    if "@" in name:
        from game.ui.venue_looks import VENUE_LOOKS, venue_palette

        base, venue_id = name.split("@", 1)
        if venue_id in VENUE_LOOKS:
            return venue_palette(get_palette(base), venue_id)
    try:
        return PALETTES[name]
    except KeyError:
        raise ValueError(f"unknown palette {name!r}; choose from {sorted(PALETTES)}") from None


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` blended toward ``b`` by ``t`` (0..1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def scale(c: Colour, k: float) -> Colour:
    """``c`` brightened (k > 1) or darkened (k < 1), clamped to 0..255."""
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))
