"""A contact sheet of everything the tables draw, for screenshots and review.

    python -m game.ui.gallery OUT.png [--palette colorblind] [--card-height 150] [--lang ja]

Runs headless (SDL dummy video driver); writes one PNG.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the SDL driver must be chosen before import)

from game import i18n  # noqa: E402
from game.ui import cards, draw  # noqa: E402
from game.ui.fonts import render_text  # noqa: E402
from game.ui.palette import PALETTES, get_palette  # noqa: E402


def build_sheet(palette: str = "cantina", card_height: int = 150) -> pygame.Surface:
    pal = get_palette(palette)
    cw, ch = cards.card_size(card_height)
    gap = max(6, cw // 10)
    cols = 16
    width = cols * (cw + gap) + gap * 3
    small = cards.card_size(90)
    big = cards.card_size(360)
    rows_h = [
        30,  # title
        4 * (ch + gap),  # suits
        ch + 30 + gap,  # faces
        ch + 30 + gap,  # centran
        ch + 30 + gap,  # backs, shift
        ch + 40 + gap,  # stasis, dice, chips
        4 * (ch + gap) + 30,  # 52 deck
        small[1] + 30 + gap,  # small sizes
        big[1] + 60,  # 4K size, nameplates
    ]
    height = sum(rows_h) + gap * 4
    # Draw on a transparent layer first, then lay it on a felt cut to the content.
    sheet = pygame.Surface((width, height), pygame.SRCALPHA)
    y = gap * 2
    x0 = gap * 2

    def caption(text: str, x: int, yy: int) -> None:
        sheet.blit(render_text(text, 16, pal.brass_light, bold=True), (x, yy))

    caption(f"Sabacc Parlor — gallery — palette '{palette}'", x0, y)
    y += 30
    for suit in "cfst":
        for v in range(1, 16):
            sheet.blit(
                cards.render_sabacc_card(f"{v}{suit}", (cw, ch), palette),
                (x0 + (v - 1) * (cw + gap), y),
            )
        y += ch + gap
    caption("Face cards", x0, y)
    y += 24
    for i, code in enumerate(cards.FACE_CARDS):
        sheet.blit(cards.render_sabacc_card(code, (cw, ch), palette), (x0 + i * (cw + gap), y))
    caption("Centran", x0 + 8 * (cw + gap), y - 24)
    for i, code in enumerate(["Lc", "Lf", "Ls", "Lt"]):
        sheet.blit(
            cards.render_sabacc_card(code, (cw, ch), palette), (x0 + (8 + i) * (cw + gap), y)
        )
    y += ch + gap + 6
    for i, code in enumerate(cards.CENTRAN_FACES):
        sheet.blit(cards.render_sabacc_card(code, (cw, ch), palette), (x0 + i * (cw + gap), y))
    caption("Backs", x0 + 7 * (cw + gap), y - 24)
    sheet.blit(cards.render_sabacc_back((cw, ch), palette), (x0 + 7 * (cw + gap), y))
    sheet.blit(cards.render_card52_back((cw, ch), palette), (x0 + 8 * (cw + gap), y))
    caption("Value shift 7s -> demise, t = 0, .25, .5, .75, 1", x0 + 10 * (cw + gap), y - 24)
    for i, t in enumerate((0.0, 0.25, 0.5, 0.75, 1.0)):
        frame = cards.render_shift_frame("7s", "demise", (cw, ch), t, palette)
        sheet.blit(frame, (x0 + (10 + i) * (cw + gap), y))
    y += ch + gap + 30
    caption("Stasis field", x0, y - 24)
    m = cards.stasis_margin((cw, ch))
    for i, (code, t) in enumerate((("15c", 0.0), ("star", 0.3))):
        sheet.blit(
            cards.render_frozen_card(code, (cw, ch), t, palette),
            (x0 + i * (cw + gap + 2 * m), y - m),
        )
    dx = x0 + 2 * (cw + gap + 2 * m) + gap
    caption("Dice: d2 d4 d6 d8, a d6 mid-roll", dx, y - 24)
    dsize = ch // 3
    for i, (sides, value) in enumerate(
        ((2, 1), (2, 2), (4, 3), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (6, 6), (8, 7))
    ):
        die = draw.render_die(sides, value, dsize, palette)
        sheet.blit(die, (dx + (i % 5) * (dsize + gap), y + (i // 5) * (dsize + gap)))
    for i, t in enumerate((0.1, 0.4, 0.7)):
        die = draw.render_dice_roll_frame(6, 4, dsize, t, seed=3, palette=palette)
        sheet.blit(die, (dx + (5 + i) * (dsize + gap), y))
    cx = dx + 9 * (dsize + gap)
    caption("Chips and pot", cx, y - 24)
    for amount in (1, 37, 180, 1265):
        stack = draw.render_chip_stack(amount, 32, palette)
        sheet.blit(stack, stack.get_rect(bottomleft=(cx, y + ch)))
        cx += stack.get_width() + gap * 2
    pot = draw.render_pot(420, i18n.t("sabacc.sabacc_pot"), (220, 110), palette)
    sheet.blit(pot, (cx, y))
    y += ch + 40 + gap
    caption("52-card deck", x0, y - 24)
    for s_i, suit in enumerate("SHDC"):
        for r_i, rank in enumerate("A23456789TJQK"):
            sheet.blit(
                cards.render_card52(rank + suit, (cw, ch), palette),
                (x0 + r_i * (cw + gap), y + s_i * (ch + gap)),
            )
    y += 4 * (ch + gap) + 30
    caption("Small (60x90): the size of a fanned hand", x0, y - 24)
    for i, code in enumerate(["1c", "8f", "12s", "15t", "Lc", "idiot", "evil-one", "universe"]):
        sheet.blit(cards.render_sabacc_card(code, small, palette), (x0 + i * (small[0] + gap), y))
    for i, code in enumerate(["AS", "TH", "7D", "QC", "KH", "JS"]):
        sheet.blit(cards.render_card52(code, small, palette), (x0 + (9 + i) * (small[0] + gap), y))
    sheet.blit(cards.render_sabacc_back(small, palette), (x0 + 15 * (small[0] + gap), y))
    sheet.blit(cards.render_card52_back(small, palette), (x0 + 16 * (small[0] + gap), y))
    y += small[1] + gap + 30
    caption("Large (240x360), nameplates, turn indicator", x0, y - 24)
    for i, code in enumerate(["13c", "queen", "Lt", "KS"]):
        surf = (
            cards.render_card52(code, big, palette)
            if code == "KS"
            else cards.render_sabacc_card(code, big, palette)
        )
        sheet.blit(surf, (x0 + i * (big[0] + gap), y))
    px = x0 + 4 * (big[0] + gap)
    for i, (name, chips, level, active) in enumerate(
        (
            ("Lando", 1480, i18n.t("level.hard"), True),
            ("マラ・ジェイド", 95, i18n.t("level.normal"), False),
            ("Ms. Tyrinne Valorum-Keshet", 12000, i18n.t("level.easy"), False),
        )
    ):
        plate = draw.render_nameplate(name, chips, level, active, (230, 58), palette)
        sheet.blit(plate, (px, y + i * 80))
    arrow = draw.render_turn_indicator(48, 0.25, palette)
    sheet.blit(arrow, (px + 260, y))
    used = y + big[1] + gap * 3
    table = draw.render_felt((width, used), palette).copy()
    table.blit(sheet, (0, 0), pygame.Rect(0, 0, width, used))
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.gallery", description=__doc__)
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--palette", default="cantina", choices=sorted(PALETTES))
    parser.add_argument("--card-height", type=int, default=150)
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    args = parser.parse_args(argv)
    i18n.set_language(args.lang)
    pygame.display.init()
    pygame.font.init()
    sheet = build_sheet(args.palette, args.card_height)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
