"""Rewards & achievements: what the journey has unlocked, and every achievement's progress.

Two columns: on the left the rewards of the campaign (earned ones in full colour with a
sample of the card back or felt they give, the rest as locked rows saying which venue
unlocks them); on the right the achievements, each with its medal, its name, how to earn
it and its progress ("3 / 5"). It reads the saves once when it opens and never writes.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign.rewards import (
    ACHIEVEMENTS,
    REWARDS,
    AchievementBook,
    Reward,
    RewardKind,
    achievements_slot,
    load_book,
    reward_config,
)
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, HC_TEXT, MenuScene, click_events
from game.scenes.kit.text import wrap
from game.ui.journey import venue_look

LOCKED = (130, 124, 110)


def map_known(cleared: set[str]) -> set[str]:
    """The venues the travel map names: those cleared, where the player is and the next
    stop; the rest stay unknown until the road reaches them."""
    from game.campaign.venues import VENUES

    ids = [v.id for v in VENUES]
    here = next((i for i, v in enumerate(ids) if v not in cleared), len(ids) - 1)
    return set(cleared) | set(ids[here : here + 2])


def unknown_swatch(size: int) -> pygame.Surface:
    """A locked reward of a venue the map hides: a question mark on a dark tile."""
    swatch = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = swatch.get_rect().inflate(-2, -2)
    pygame.draw.rect(swatch, (48, 40, 32), rect, border_radius=size // 6)
    pygame.draw.rect(swatch, (120, 108, 86), rect, max(1, size // 14), border_radius=size // 6)
    mark = resources.font(max(10, size * 2 // 3), UI_FONT_LANGUAGE, bold=True).render(
        "?", True, (170, 156, 126)
    )
    swatch.blit(mark, mark.get_rect(center=rect.center))
    return swatch


def reward_swatch(reward: Reward, size: int) -> pygame.Surface:
    """A small picture of what the reward gives: a felt square, a card back, a medal."""
    look = venue_look(reward.venue)
    swatch = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = swatch.get_rect().inflate(-2, -2)
    if reward.kind is RewardKind.FELT:
        pygame.draw.rect(swatch, look.felt, rect, border_radius=size // 6)
        pygame.draw.rect(swatch, look.wood, rect, max(2, size // 8), border_radius=size // 6)
    elif reward.kind is RewardKind.CARD_BACK:
        card = pygame.Rect(0, 0, size * 5 // 7, size)
        card.center = rect.center
        pygame.draw.rect(swatch, look.felt_dark, card, border_radius=size // 8)
        pygame.draw.rect(swatch, look.light, card, max(1, size // 14), border_radius=size // 8)
        pygame.draw.polygon(
            swatch,
            look.light,
            [
                (card.centerx, card.top + size // 5),
                (card.right - size // 7, card.centery),
                (card.centerx, card.bottom - size // 5),
                (card.left + size // 7, card.centery),
            ],
            max(1, size // 14),
        )
    elif reward.kind is RewardKind.HOUSE_RULES:
        pygame.draw.rect(swatch, (230, 220, 196), rect.inflate(-size // 4, 0), border_radius=3)
        for i in range(4):
            y = rect.top + size // 5 + i * size // 6
            pygame.draw.line(
                swatch, (90, 70, 50), (rect.left + size // 4, y), (rect.right - size // 4, y), 2
            )
    else:  # a rematch: two crossed cards
        for angle, colour in ((-14, look.felt), (14, look.wood)):
            sleeve = pygame.Surface((size * 4 // 7, size * 4 // 5), pygame.SRCALPHA)
            pygame.draw.rect(sleeve, colour, sleeve.get_rect(), border_radius=size // 10)
            pygame.draw.rect(sleeve, BRASS_LIGHT, sleeve.get_rect(), 2, border_radius=size // 10)
            turned = pygame.transform.rotate(sleeve, angle)
            swatch.blit(turned, turned.get_rect(center=rect.center))
    return swatch


def medal(size: int, earned: bool) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    colour = BRASS_LIGHT if earned else LOCKED
    pygame.draw.circle(image, (40, 28, 16), centre, size // 2)
    pygame.draw.circle(image, colour, centre, size // 2 - 2, max(2, size // 10))
    points = []
    for k in range(10):
        r = (size * 0.32) if k % 2 == 0 else (size * 0.14)
        a = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    if earned:
        pygame.draw.polygon(image, colour, points)
    else:
        pygame.draw.polygon(image, colour, points, 1)
    return image


class AchievementsScene(MenuScene):
    name = "achievements"

    def __init__(
        self,
        app: App,
        book: AchievementBook | None = None,
        venues_cleared: list[str] | None = None,
    ) -> None:
        super().__init__(app)
        self.book = book if book is not None else load_book(achievements_slot(notify=app.notify))
        rivals: dict[str, Any] = {}
        if venues_cleared is None:
            venues_cleared, rivals = _journey_from_save()
        self.cleared = set(venues_cleared)
        # Unlocked rewards that open a table: house-rule sets and the rematch.
        self.playable = [
            (reward, config)
            for reward in REWARDS
            if reward.venue in self.cleared
            and (config := reward_config(reward, rivals)) is not None
        ]

    def build(self) -> None:
        width, height = self.app.size
        back = i18n.t("common.back")
        button_w = max(self.px(200), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(76), button_w, self.px(50)),
            back,
            self.go_back,
        )
        # One "Play" button per unlocked reward that opens a table, under the rewards.
        self.play_buttons = []
        if self.playable:
            left = self._panels(width, height)[0]
            size = self.px(40)
            gap = self.px(8)
            bottom = left.bottom - self.px(10)
            for index, (reward, config) in enumerate(reversed(self.playable)):
                label = play_label(reward, config)
                rect = pygame.Rect(0, 0, left.width - self.px(24), size)
                rect.bottomright = (left.right - self.px(12), bottom - index * (size + gap))
                button = self.add_button(rect, label, partial(self.play, config))
                self.play_buttons.append((reward, rect, button))
            self.play_buttons.reverse()

    def _panels(self, width: int, height: int) -> tuple[pygame.Rect, pygame.Rect]:
        top, bottom = self.px(100), height - self.px(96)
        gap = self.px(30)
        left = pygame.Rect(self.px(50), top, (width - 2 * self.px(50) - gap) * 2 // 5, bottom - top)
        right = pygame.Rect(
            left.right + gap, top, width - self.px(50) - left.right - gap, bottom - top
        )
        return left, right

    def play(self, config: Any) -> None:
        """Open the quick-play table a reward gives (its house rules, or the rematch)."""
        self.app.open("table", config)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("achievements.title"), self.px(50), 40)
        width, height = surface.get_size()
        high_contrast = self.app.settings.high_contrast
        ink = HC_TEXT if high_contrast else CREAM
        head = HC_TEXT if high_contrast else BRASS_LIGHT
        left, right = self._panels(width, height)
        for rect, title in ((left, "achievements.rewards"), (right, "achievements.list")):
            pygame.draw.rect(surface, (20, 13, 8), rect, border_radius=self.px(8))
            pygame.draw.rect(surface, BRASS, rect, 2, border_radius=self.px(8))
            label = resources.font(max(11, self.px(17)), UI_FONT_LANGUAGE, bold=True)
            surface.blit(
                label.render(i18n.t(title), True, head),
                (rect.x + self.px(16), rect.y + self.px(10)),
            )
        earned_count = sum(1 for a in ACHIEVEMENTS if a.id in self.book.earned)
        font = resources.font(max(11, self.px(17)), UI_FONT_LANGUAGE)
        count = font.render(
            i18n.t("achievements.count", earned=earned_count, total=len(ACHIEVEMENTS)), True, ink
        )
        surface.blit(count, (right.right - count.get_width() - self.px(16), right.y + self.px(10)))
        known = map_known(self.cleared)
        rewards = [
            (
                reward_swatch(reward, self._icon()),
                i18n.t(f"reward.{reward.id}.name"),
                ""
                if reward.venue in self.cleared
                else i18n.t("achievements.unlock_at", venue=i18n.t(f"venue.{reward.venue}.name")),
                "",
                reward.venue in self.cleared,
            )
            if reward.venue in known
            else (  # a venue the map still hides: its reward too
                unknown_swatch(self._icon()),
                i18n.t("achievements.unknown_reward"),
                i18n.t("achievements.unlock_unknown"),
                "",
                False,
            )
            for reward in REWARDS
        ]
        achievements = []
        for achievement in ACHIEVEMENTS:
            earned = achievement.id in self.book.earned
            done, target = self.book.progress(achievement.id)
            achievements.append(
                (
                    medal(self._icon(), earned),
                    i18n.t(f"achievement.{achievement.id}.name"),
                    i18n.t(f"achievement.{achievement.id}.how"),
                    i18n.t("achievements.progress", done=done, target=target),
                    earned,
                )
            )
        rows_area = left.copy()
        if self.play_buttons:
            # The rows stop above the Play buttons.
            rows_area.height = min(r.top for _, r, _ in self.play_buttons) - left.y - self.px(6)
        self._draw_rows(surface, rows_area, rewards, ink)
        self._draw_rows(surface, right, achievements, ink)

    def _icon(self) -> int:
        return max(16, self.px(34))

    def _draw_rows(
        self,
        surface: pygame.Surface,
        panel: pygame.Rect,
        rows: list[tuple[pygame.Surface, str, str, str, bool]],
        ink: tuple[int, int, int],
    ) -> None:
        """Rows of icon, name, note and a right-aligned figure, every line shown: the type
        shrinks until all of them fit the panel."""
        area = pygame.Rect(
            panel.x + self.px(14),
            panel.y + self.px(42),
            panel.width - self.px(28),
            panel.height - self.px(50),
        )
        icon = self._icon()
        text_x = area.x + icon + self.px(12)
        for size in range(max(11, self.px(17)), 8, -1):
            bold = resources.font(size, UI_FONT_LANGUAGE, bold=True)
            small = resources.font(max(8, size - 2), UI_FONT_LANGUAGE)
            laid = []
            total = 0
            for image, name, note, figure, lit in rows:
                figure_w = small.size(figure)[0] + self.px(10) if figure else 0
                room = area.right - text_x - figure_w
                names = wrap(name, size, room, bold=True)
                notes = wrap(note, max(8, size - 2), room) if note else []
                height = max(
                    icon, len(names) * bold.get_linesize() + len(notes) * small.get_linesize()
                )
                laid.append((image, names, notes, figure, lit, height))
                total += height + self.px(6)
            if total <= area.height:
                break
        spare = max(0, area.height - total) // max(1, len(rows))
        y = area.y
        for image, names, notes, figure, lit, height in laid:
            if not lit:
                image = image.copy()
                image.set_alpha(110)
            surface.blit(image, (area.x, y))
            line_y = y
            for line in names:
                surface.blit(bold.render(line, True, ink if lit else LOCKED), (text_x, line_y))
                line_y += bold.get_linesize()
            for line in notes:
                surface.blit(small.render(line, True, ink if lit else LOCKED), (text_x, line_y))
                line_y += small.get_linesize()
            if figure:
                number = small.render(figure, True, ink if lit else LOCKED)
                surface.blit(number, (area.right - number.get_width(), y))
            y += height + self.px(6) + min(spare, self.px(10))

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


def play_label(reward: Reward, config: Any) -> str:
    """A Play button's words: "Play the Glasswater house rules", "Rematch: Ilse Varga"."""
    from game.campaign.venues import CHARACTERS

    if reward.kind is RewardKind.REMATCH:
        return i18n.t("achievements.rematch", name=CHARACTERS[config.rivals[0]].name)
    return i18n.t("achievements.play_rules", venue=i18n.t(f"venue.{reward.venue}.name"))


def _cleared_from_save() -> list[str]:
    """The venues the saved campaign has cleared (none when there is no readable save)."""
    return _journey_from_save()[0]


def _journey_from_save() -> tuple[list[str], dict[str, Any]]:
    """The venues the saved campaign has cleared and its rivals' record (none when there
    is no readable save).

    Reads only, like ``--campaign-status``: a bad save is the campaign screen's to set
    aside and report."""
    from game.campaign.campaign import campaign_slot
    from game.campaign.progress import CampaignProgress
    from game.storage.saves import SaveFormatError

    payload = campaign_slot().peek()
    if payload is None:
        return [], {}
    try:
        progress = CampaignProgress.from_json(payload["campaign"])
    except (SaveFormatError, KeyError, TypeError):
        return [], {}
    return list(progress.venues_cleared), dict(progress.rivals)
