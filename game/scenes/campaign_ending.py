"""The journey's end: the road behind, what became of the player and the rivals met,
the numbers, then the credits.

Shown when the Meridian Grand Salon's championship is decided (won: the champion's
story; lost: the road ends without the crown, and the map still offers another try):
the salon's scene behind a reading panel, the rivals' portraits with how the hands
between you went and what became of each, the journey's statistics (venues, hands, the
purse, achievements); then a page of credits. "Back to the journey" skips the rest.
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
from game.scenes.widgets import ButtonItem
from game.ui.journey import render_backdrop
from game.ui.portraits import portrait


class CampaignEndingScene(MenuScene):
    name = "campaign-ending"

    def __init__(self, app: App, campaign: Campaign, won: bool = True) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.won = won
        self.page = 0  # 0: the story, rivals and numbers; 1: the credits
        book = load_book(achievements_slot(directory=campaign.slot.directory, notify=app.notify))
        self.achievements = len([a for a in ACHIEVEMENTS if a.id in book.earned])

    def build(self) -> None:
        width, height = self.app.size
        text, credits = i18n.t("ending.continue"), i18n.t("ending.credits")
        button_w = max(
            self.px(260),
            self.text_width(text) + self.px(48),
            self.text_width(credits) + self.px(48),
        )
        by = height - self.px(84)
        self.next: ButtonItem | None = None
        if self.page == 0:
            self.done = self.add_button(
                pygame.Rect(width // 2 - self.px(12) - button_w, by, button_w, self.px(52)),
                text,
                self.finish,
            )
            self.next = self.add_button(
                pygame.Rect(width // 2 + self.px(12), by, button_w, self.px(52)),
                credits,
                self.show_credits,
                object_id="#primary",
            )
            self.ring.focus_item(self.next)
        else:
            self.done = self.add_button(
                pygame.Rect((width - button_w) // 2, by, button_w, self.px(52)),
                text,
                self.finish,
                object_id="#primary",
            )

    def show_credits(self) -> None:
        self.page = 1
        self.recreate_ui()

    def finish(self) -> None:
        if self.app.options.autoplay:
            self.app.autoplay_finished = True  # the journey's end ends an autoplay run
        self.app.pop()

    def go_back(self) -> None:
        self.finish()

    def epilogue(self, character_id: str) -> str:
        """What became of a rival: a line in their voice's manner."""
        from game.campaign.voices import voice_of

        voice = voice_of(CHARACTERS[character_id])
        return i18n.t(f"epilogue.{voice}", name=CHARACTERS[character_id].name)

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

    def venues_done(self) -> int:
        """The venues behind the player: those cleared, the Salon counted once won."""
        progress = self.campaign.progress
        done = set(progress.venues_cleared) & {v.id for v in VENUES}
        if self.won:
            done.add(VENUES[-1].id)
        return len(done)

    def stat_lines(self) -> list[str]:
        progress = self.campaign.progress
        return [
            i18n.t("ending.venues", done=self.venues_done(), total=len(VENUES)),
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
        if self.page == 1:
            self.draw_credits(surface)
            return
        heading = "ending.title" if self.won else "ending.title_lost"
        self.draw_title(surface, i18n.t(heading), self.px(56), 44)
        body_px = max(12, self.px(19))
        body = resources.font(body_px, UI_FONT_LANGUAGE)
        small_px = max(11, self.px(16))
        small = resources.font(small_px, UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(21)), UI_FONT_LANGUAGE, bold=True)
        y = self.px(112)
        story = i18n.t("ending.story" if self.won else "ending.story_lost")
        for line in wrap(story, body_px, width - self.px(200)):
            image = body.render(line, True, CREAM)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += body.get_linesize()
        # The rivals, face by face, and what became of each.
        rivals = self.rivals()
        y += self.px(10)
        if rivals:
            label = bold.render(i18n.t("ending.rivals"), True, BRASS_LIGHT)
            surface.blit(label, label.get_rect(midtop=(width // 2, y)))
            y += bold.get_linesize() + self.px(4)
            size = self.px(104)
            column = (width - self.px(200)) // len(rivals)
            tallest = 0
            for index, (cid, theirs, yours) in enumerate(rivals):
                cx = self.px(100) + column * index + column // 2
                mood = "smug" if theirs > yours else "grim"
                surface.blit(portrait(cid, size, mood), (cx - size // 2, y))
                line_y = y + size + self.px(2)
                name = body.render(CHARACTERS[cid].name, True, CREAM)
                surface.blit(name, name.get_rect(midtop=(cx, line_y)))
                line_y += body.get_linesize()
                score = small.render(
                    i18n.t("ending.rival_score", yours=yours, theirs=theirs), True, BRASS_LIGHT
                )
                surface.blit(score, score.get_rect(midtop=(cx, line_y)))
                line_y += small.get_linesize()
                for line in wrap(self.epilogue(cid), small_px, column - self.px(24))[:3]:
                    image = small.render(line, True, (214, 204, 178))
                    surface.blit(image, image.get_rect(midtop=(cx, line_y)))
                    line_y += small.get_linesize()
                tallest = max(tallest, line_y - y)
            y += tallest
        # The journey in numbers, two columns.
        y += self.px(14)
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

    def draw_credits(self, surface: pygame.Surface) -> None:
        """The credits: who made the game, with what, and thanks; all drawn here."""
        width = surface.get_width()
        self.draw_title(surface, i18n.t("ending.credits"), self.px(56), 44)
        body_px = max(12, self.px(21))
        body = resources.font(body_px, UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(24)), UI_FONT_LANGUAGE, bold=True)
        y = self.px(130)
        for index in range(1, 6):
            heading, words = i18n.t(f"credits.{index}.title"), i18n.t(f"credits.{index}.text")
            image = bold.render(heading, True, BRASS_LIGHT)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += bold.get_linesize()
            for line in wrap(words, body_px, width - self.px(240)):
                image = body.render(line, True, CREAM)
                surface.blit(image, image.get_rect(midtop=(width // 2, y)))
                y += body.get_linesize()
            y += self.px(14)
        # The hosts and the first rival see the player off.
        size = self.px(64)
        faces = ["tesk", *VENUES[-1].characters]
        x = (width - len(faces) * (size + self.px(16))) // 2
        for cid in faces:
            surface.blit(portrait(cid, size, "happy"), (x, y))
            x += size + self.px(16)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        self.app.screenshot(f"campaign-ending-{self.page + 1}")
        if self.next is not None:
            return click_events(self.next.button)
        return click_events(self.done.button)
