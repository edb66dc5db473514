"""Rendering figures: card cold vs cached, felt per size, a typical frame's blits.

    python bench/render.py

Prints medians in milliseconds.  A benchmark reports; it does not pass or fail.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui import cards, draw  # noqa: E402


def median_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1920, 1080))
    print("card render (ms, median)            cold     cached")
    for size in ((60, 90), (100, 150), (160, 240), (240, 360)):
        for code, render in (
            ("13c", cards.render_sabacc_card),
            ("evil-one", cards.render_sabacc_card),
            ("KH", cards.render_card52),
            ("7D", cards.render_card52),
        ):
            cold = median_ms(lambda r=render, c=code, s=size: r(c, s), 7, cards.clear_cache)  # type: ignore[misc]
            render(code, size)
            warm = median_ms(lambda r=render, c=code, s=size: r(c, s), 200)  # type: ignore[misc]
            print(f"  {code:9s} {size[0]:>3}x{size[1]:<3}               {cold:7.2f}  {warm:8.4f}")
    shift = median_ms(lambda: cards.render_shift_frame("7s", "demise", (160, 240), 0.5), 30)
    print(f"shift frame 160x240 (uncached)          {shift:7.2f}")
    print("felt render (ms, median)            cold     cached")
    for size in ((1280, 720), (1920, 1080), (3840, 2160)):
        cold = median_ms(lambda s=size: draw.render_felt(s), 3, draw.clear_cache)  # type: ignore[misc]
        draw.render_felt(size)
        warm = median_ms(lambda s=size: draw.render_felt(s), 100)  # type: ignore[misc]
        print(f"  {size[0]}x{size[1]:<5}                     {cold:7.2f}  {warm:8.4f}")

    # A typical Sabacc frame at 1080p: felt, 6 seats x 5 cards, nameplates, pot, a glow.
    card = (100, 150)
    hand = ["7c", "idiot", "13s", "demise", "2f"]
    for code in hand:
        cards.render_sabacc_card(code, card)
    felt = draw.render_felt((1920, 1080))

    def frame() -> None:
        screen.blit(felt, (0, 0))
        for seat in range(6):
            x0, y0 = 120 + seat * 290, 200 + (seat % 2) * 500
            for i, code in enumerate(hand):
                surf = (
                    cards.render_sabacc_card(code, card)
                    if seat == 0
                    else cards.render_sabacc_back(card)
                )
                screen.blit(surf, (x0 + i * 34, y0))
            screen.blit(
                draw.render_nameplate(f"Seat {seat}", 100 + seat, "Normal", seat == 2, (200, 56)),
                (x0, y0 + 160),
            )
        screen.blit(draw.render_pot(420, "Hand pot", (220, 110)), (850, 480))
        screen.blit(draw.render_chip_stack(137, 32), (1100, 500))
        screen.blit(cards.render_stasis_overlay(card, 0.3), (700, 460))
        screen.blit(draw.render_turn_indicator(40, 0.25), (600, 150))

    frame()
    print(f"typical frame blits 1920x1080 (ms)      {median_ms(frame, 100):7.2f}")


if __name__ == "__main__":
    main()
