"""The journey's end: the championship won, the road behind, the rivals met, the numbers.

Shown once the Meridian Grand Salon's final is won: the salon's scene behind a reading
panel, the champion's line, the rivals' portraits with how the hands between you went,
and the journey's statistics (venues, hands, the purse, achievements), then back to the
campaign screen.
"""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import Campaign
from game.campaign.rewards import ACHIEVEMENTS, achievements_slot, load_book, unlocked_rewards
from game.campaign.venues import CHARACTERS, VENUES
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.kit.text import wrap
from game.ui.journey import render_backdrop
from game.ui.portraits import portrait


class CampaignEndingScene(MenuScene):
    name = "campaign-ending"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        book = load_book(achievements_slot(directory=campaign.slot.directory, notify=app.notify))
        self.achievements = len([a for a in ACHIEVEMENTS if a.id in book.earned])

    def build(self) -> None:
        width, height = self.app.size
        text = i18n.t("ending.continue")
        button_w = max(self.px(260), self.text_width(text) + self.px(48))
        self.done = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(84), button_w, self.px(52)),
            text,
            self.app.pop,
            object_id="#primary",
        )

    def rivals(self) -> list[tuple[str, int, int]]:
        """(character, their wins, your wins) for the three you met most, most first."""
        rivals = self.campaign.progress.rivals
        known = [
            (cid, r.their_wins, r.your_wins, r.hands)
            for cid, r in rivals.items()
            if cid in CHARACTERS
        ]
        known.sort(key=lambda item: (-item[3], item[0]))
        return [(cid, theirs, yours) for cid, theirs, yours, _ in known[:3]]

    def stat_lines(self) -> list[str]:
        progress = self.campaign.progress
        return [
            i18n.t("ending.venues", done=len(progress.venues_cleared) + 1, total=len(VENUES)),
            i18n.t("ending.hands", count=progress.hands_played),
            i18n.t("ending.purse", credits=progress.bankroll),
            i18n.t("ending.rewards", count=len(unlocked_rewards(progress.venues_cleared))),
            i18n.t("ending.achievements", done=self.achievements, total=len(ACHIEVEMENTS)),
        ]

    def draw_decor(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        if not self.app.settings.high_contrast:
            surface.blit(render_backdrop("meridian", (width, height)), (0, 0))
            shade = pygame.Surface((width, height), pygame.SRCALPHA)
            panel = pygame.Rect(
                self.px(60), self.px(96), width - self.px(120), height - self.px(200)
            )
            pygame.draw.rect(shade, (8, 6, 4, 205), panel, border_radius=self.px(14))
            surface.blit(shade, (0, 0))
            pygame.draw.rect(surface, BRASS, panel, 2, border_radius=self.px(14))
        self.draw_title(surface, i18n.t("ending.title"), self.px(56), 44)
        body = resources.font(max(12, self.px(20)), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(22)), UI_FONT_LANGUAGE, bold=True)
        y = self.px(120)
        for line in wrap(i18n.t("ending.story"), max(12, self.px(20)), width - self.px(200)):
            image = body.render(line, True, CREAM)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += body.get_linesize()
        # The rivals, face by face.
        rivals = self.rivals()
        y += self.px(16)
        if rivals:
            title = bold.render(i18n.t("ending.rivals"), True, BRASS_LIGHT)
            surface.blit(title, title.get_rect(midtop=(width // 2, y)))
            y += bold.get_linesize() + self.px(6)
            size = self.px(84)
            column = (width - self.px(200)) // len(rivals)
            for index, (cid, theirs, yours) in enumerate(rivals):
                cx = self.px(100) + column * index + column // 2
                surface.blit(
                    portrait(cid, size, "smug" if theirs > yours else "grim"), (cx - size // 2, y)
                )
                name = body.render(CHARACTERS[cid].name, True, CREAM)
                surface.blit(name, name.get_rect(midtop=(cx, y + size + self.px(4))))
                score = body.render(
                    i18n.t("ending.rival_score", yours=yours, theirs=theirs), True, BRASS_LIGHT
                )
                surface.blit(
                    score, score.get_rect(midtop=(cx, y + size + self.px(4) + body.get_linesize()))
                )
            y += size + self.px(12) + 2 * body.get_linesize()
        # The journey in numbers, two columns.
        y += self.px(24)
        body = resources.font(max(12, self.px(22)), UI_FONT_LANGUAGE)
        lines = self.stat_lines()
        half = (len(lines) + 1) // 2
        for index, line in enumerate(lines):
            col = 0 if index < half else 1
            x = width // 2 + (-self.px(20) if col == 0 else self.px(20))
            row = index if col == 0 else index - half
            image = body.render(line, True, CREAM)
            place = (
                (x - image.get_width(), y + row * body.get_linesize())
                if col == 0
                else (x, y + row * body.get_linesize())
            )
            surface.blit(image, place)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.done.button)
