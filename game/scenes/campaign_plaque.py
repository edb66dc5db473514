"""The venue's goal on the felt: a brass plaque with what it takes to travel on and a
bar of how far the player has come (net worth against the goal, rounds won, or the
championship's round), placed once per sitting where the felt is free.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from game import i18n
from game.campaign.tournament import QUALIFY
from game.scenes.kit.text import fit

BRASS = (201, 161, 74)
BRASS_LIGHT = (242, 206, 120)
BRASS_DARK = (96, 70, 30)
ENGRAVED = (46, 30, 12)


def goal_words(progress: Any) -> tuple[str, str, float]:
    """(heading, the figures, how far along 0..1) for the venue in play."""
    venue = progress.current
    if venue.tournament:
        # The round in play, never a blank plate: the first round says how one goes
        # through to the final, the final says it is the final.
        tournament = progress.tournament
        if progress.finished:
            return i18n.t("plaque.final"), i18n.t("final.title"), 1.0
        if tournament is not None and tournament.round:
            return i18n.t("plaque.final"), i18n.t("final.title"), 0.5
        return i18n.t("plaque.final"), i18n.t("plaque.first_round", top=QUALIFY), 0.0
    if venue.rounds_goal:
        won = progress.rounds_won
        words = i18n.t("plaque.rounds", won=won, goal=venue.rounds_goal)
        return i18n.t("plaque.met"), words, min(1.0, won / venue.rounds_goal)
    worth = progress.net_worth
    words = i18n.t("plaque.goal", worth=worth, goal=venue.goal)
    return i18n.t("plaque.met"), words, max(0.0, min(1.0, worth / max(1, venue.goal)))


@lru_cache(maxsize=16)
def render_plaque(heading: str, words: str, done: float, u: float, language: str) -> pygame.Surface:
    """The plaque: a brass plate with an engraved heading, the figures and a bar."""
    w, h = round(232 * u), round(62 * u)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.rect(out, (20, 12, 6, 110), rect.move(2, 3), border_radius=round(8 * u))
    plate = rect.inflate(-4, -4)
    pygame.draw.rect(out, BRASS, plate, border_radius=round(8 * u))
    pygame.draw.rect(out, BRASS_LIGHT, plate.inflate(-4, -4), 1, border_radius=round(7 * u))
    pygame.draw.rect(out, BRASS_DARK, plate, 2, border_radius=round(8 * u))
    for x in (plate.left + round(8 * u), plate.right - round(8 * u)):  # two screws
        pygame.draw.circle(out, BRASS_DARK, (x, plate.centery), max(2, round(3 * u)))
    room = plate.width - round(36 * u)
    top = fit(heading, room, max(9, round(12 * u)), BRASS_DARK, True)
    out.blit(top, top.get_rect(midtop=(plate.centerx, plate.top + round(4 * u))))
    figures = fit(words, room, max(10, round(16 * u)), ENGRAVED, True)
    out.blit(figures, figures.get_rect(midtop=(plate.centerx, plate.top + round(18 * u))))
    bar = pygame.Rect(0, 0, room, max(4, round(7 * u)))
    bar.midbottom = (plate.centerx, plate.bottom - round(6 * u))
    pygame.draw.rect(out, BRASS_DARK, bar, border_radius=bar.height // 2)
    if done > 0:
        fill = bar.inflate(-2, -2)
        fill.width = max(fill.height, round(fill.width * done))
        colour = (84, 170, 96) if done >= 1 else (250, 226, 150)
        pygame.draw.rect(out, colour, fill, border_radius=fill.height // 2)
    return out


def plaque_place(
    bounds: pygame.Rect,
    size: tuple[int, int],
    avoid: Sequence[pygame.Rect],
    gap: int,
    far_from: Sequence[pygame.Rect] = (),
    step: int = 0,
) -> pygame.Rect | None:
    """A free place along the felt's edges, clear of everything in ``avoid`` and as far
    as can be from ``far_from`` (the other seats: their words and faces go by them);
    None when the felt has no room (``step``: the spacing of the places tried, a
    third of the plaque's height unless given)."""
    w, h = size
    step = step or max(8, h // 3)
    spots: list[pygame.Rect] = []
    for x in (bounds.left + gap, bounds.right - gap - w):
        for y in range(bounds.top + gap, bounds.bottom - gap - h + 1, step):
            spots.append(pygame.Rect(x, y, w, h))
    for y in (bounds.top + gap, bounds.bottom - gap - h):
        for x in range(bounds.left + gap, bounds.right - gap - w + 1, step):
            spots.append(pygame.Rect(x, y, w, h))
    blocked = list(avoid)
    free = [spot for spot in spots if spot.collidelist(blocked) < 0]
    if not free:
        return None

    def distance(spot: pygame.Rect) -> float:
        if not far_from:
            return 0.0
        return min(
            max(r.left - spot.right, spot.left - r.right, 0)
            + max(r.top - spot.bottom, spot.top - r.bottom, 0)
            for r in far_from
        )

    return max(free, key=distance)
