"""The journey's opening: who the player is, why they travel, their first rival and what
the road is for — four short pages over the venues' own scenes, skippable at any time.

Shown once, when a new journey starts (``Campaign.fresh``); Skip or Esc goes straight
to the map, Next (Enter) turns the page.
"""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import Campaign
from game.campaign.venues import CHARACTERS, VENUES
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events, rendered
from game.scenes.kit.text import wrap
from game.ui.journey import render_backdrop
from game.ui.portraits import portrait

#: The first rival: the Brinewater regular who remembers every hand he lost.
FIRST_RIVAL = "tesk"

#: (page key, the venue whose scene is behind it, who is shown)
PAGES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("you", VENUES[0].id, ()),
    ("why", VENUES[-1].id, ()),
    ("rival", VENUES[0].id, (FIRST_RIVAL,)),
    ("road", VENUES[-1].id, VENUES[-1].characters),
)

FACE_PX = 220  # a face in a scene of its own is at least 200 px tall at 1280x720


class CampaignOpeningScene(MenuScene):
    name = "campaign-opening"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.page = 0

    def build(self) -> None:
        width, height = self.app.size
        last = self.page == len(PAGES) - 1
        go = i18n.t("opening.begin" if last else "opening.next")
        skip = i18n.t("opening.skip")
        button_w = max(
            self.px(220), self.text_width(go) + self.px(48), self.text_width(skip) + self.px(48)
        )
        by = height - self.px(86)
        self.skip = self.add_button(
            pygame.Rect(width // 2 - self.px(12) - button_w, by, button_w, self.px(52)),
            skip,
            self.finish,
        )
        self.next = self.add_button(
            pygame.Rect(width // 2 + self.px(12), by, button_w, self.px(52)),
            go,
            self.turn,
            object_id="#primary",
        )
        self.ring.focus_item(self.next)

    # ------------------------------------------------------------------ moves
    def turn(self) -> None:
        if self.page >= len(PAGES) - 1:
            self.finish()
            return
        self.page += 1
        self.recreate_ui()

    def finish(self) -> None:
        """Skip or the last page: the map, and the opening is not shown again."""
        self.campaign.fresh = False
        self.app.pop()

    def go_back(self) -> None:
        self.finish()

    # ------------------------------------------------------------------ drawing
    def draw_decor(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        key, venue_id, faces = PAGES[self.page]
        high_contrast = self.app.settings.high_contrast
        title = i18n.t(f"opening.{key}.title")
        if not high_contrast:
            surface.blit(render_backdrop(venue_id, (width, height)), (0, 0))
            # The title on a dark band: the backdrop's lamps would swallow brass letters.
            words = rendered(title, max(16, round(40 * self.u)), (0, 0, 0), bold=True)
            band = pygame.Rect(0, 0, words.get_width() + self.px(48), words.get_height())
            band.center = (width // 2, self.px(56))
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (8, 6, 4, 210), shade.get_rect(), border_radius=self.px(12))
            surface.blit(shade, band)
        self.draw_title(surface, title, self.px(56), 40)
        # Where in the opening the player is: a dot per page.
        dots_y = height - self.px(100)
        for index in range(len(PAGES)):
            cx = width // 2 + (index - (len(PAGES) - 1) / 2) * self.px(22)
            colour = BRASS_LIGHT if index == self.page else (110, 96, 70)
            pygame.draw.circle(surface, colour, (round(cx), dots_y), self.px(5))
        body_px = max(12, self.px(23))
        body = resources.font(body_px, UI_FONT_LANGUAGE)
        face = self.px(FACE_PX) if len(faces) == 1 else self.px(150)
        text_w = width - self.px(200)
        if len(faces) == 1:
            text_w = width - self.px(160) - face - self.px(40)
        lines = wrap(i18n.t(f"opening.{key}.text"), body_px, text_w)
        quote_lines: list[str] = []
        if faces and key == "rival":
            quote = i18n.t("opening.rival.says", name=CHARACTERS[faces[0]].name)
            quote_lines = wrap(quote, body_px, text_w, bold=True)
        text_h = (len(lines) + len(quote_lines)) * body.get_linesize()
        if quote_lines:
            text_h += self.px(18)
        # The reading panel: dark glass over the scene, brass-edged.
        if len(faces) == 1:
            name_h = resources.font(max(12, self.px(20)), UI_FONT_LANGUAGE).get_linesize()
            panel_h = max(text_h, face + name_h) + self.px(48)
        elif faces:
            panel_h = text_h + face + self.px(110)
        else:
            panel_h = text_h + self.px(48)
        panel = pygame.Rect(self.px(60), 0, width - self.px(120), panel_h)
        panel.centery = (self.px(100) + height - self.px(110)) // 2
        if not high_contrast:
            shade = pygame.Surface(panel.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (8, 6, 4, 200), shade.get_rect(), border_radius=self.px(14))
            surface.blit(shade, panel.topleft)
            pygame.draw.rect(surface, BRASS, panel, 2, border_radius=self.px(14))
        y = panel.top + self.px(24)
        if len(faces) == 1:
            # The rival's face large beside what is said of them.
            character = faces[0]
            image = portrait(character, face, "smug")
            face_top = panel.top + self.px(24)
            surface.blit(image, (panel.left + self.px(30), face_top))
            name = resources.font(max(12, self.px(20)), UI_FONT_LANGUAGE, bold=True).render(
                CHARACTERS[character].name, True, BRASS_LIGHT
            )
            surface.blit(
                name,
                name.get_rect(midtop=(panel.left + self.px(30) + face // 2, face_top + face)),
            )
            x = panel.left + self.px(60) + face
            y = panel.centery - text_h // 2
            for line in lines:
                surface.blit(body.render(line, True, CREAM), (x, y))
                y += body.get_linesize()
            y += self.px(18)
            bold = resources.font(body_px, UI_FONT_LANGUAGE, bold=True)
            for line in quote_lines:
                surface.blit(bold.render(line, True, BRASS_LIGHT), (x, y))
                y += body.get_linesize()
            return
        for line in lines:
            image = body.render(line, True, CREAM)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += body.get_linesize()
        if key in ("you", "why"):
            self.draw_keepsake(surface, key, panel.bottom + self.px(16))
        if faces:
            # The hosts who wait at the end of the road, side by side.
            y += self.px(24)
            small = resources.font(max(11, self.px(18)), UI_FONT_LANGUAGE)
            gap = self.px(40)
            total = len(faces) * face + (len(faces) - 1) * gap
            x = (width - total) // 2
            for character in faces:
                surface.blit(portrait(character, face, "neutral"), (x, y))
                name = small.render(CHARACTERS[character].name, True, BRASS_LIGHT)
                surface.blit(name, name.get_rect(midtop=(x + face // 2, y + face + self.px(4))))
                x += face + gap

    def draw_keepsake(self, surface: pygame.Surface, key: str, top: int) -> None:
        """Under the words: the player's worn deck and a hundred credits ("you"), or
        the Salon's invitation with its seal ("why")."""
        from game.ui.cards import card_size, render_sabacc_card

        width = surface.get_width()
        room = surface.get_height() - self.px(120) - top
        if room < self.px(80):
            return
        if key == "you":
            size = card_size(min(self.px(150), room))
            cx = width // 2
            for index, code in enumerate(("7c", "idiot", "15s")):
                card = render_sabacc_card(code, size, f"cantina@{VENUES[0].id}")
                card = pygame.transform.rotate(card, (1 - index) * 12)
                surface.blit(card, card.get_rect(center=(cx + (index - 1) * size[0] * 0.6,
                                                         top + room // 2)))  # fmt: skip
            return
        letter = pygame.Rect(0, 0, min(self.px(420), width - self.px(200)), min(self.px(170), room))
        letter.center = (width // 2, top + room // 2)
        pygame.draw.rect(surface, (236, 226, 200), letter, border_radius=self.px(6))
        pygame.draw.rect(surface, BRASS, letter.inflate(-self.px(12), -self.px(12)), 2,
                         border_radius=self.px(4))  # fmt: skip
        heading = resources.font(max(12, self.px(26)), UI_FONT_LANGUAGE, bold=True)
        name = heading.render(i18n.t("venue.meridian.name"), True, (92, 60, 24))
        surface.blit(name, name.get_rect(midtop=(letter.centerx, letter.top + self.px(26))))
        for i in range(3):  # ruled lines of the invitation's script
            y = letter.top + self.px(80) + i * self.px(18)
            pygame.draw.line(surface, (170, 150, 116), (letter.left + self.px(40), y),
                             (letter.right - self.px(110), y), 2)  # fmt: skip
        seal = (letter.right - self.px(60), letter.bottom - self.px(50))
        pygame.draw.circle(surface, (150, 30, 36), seal, self.px(28))
        pygame.draw.circle(surface, (190, 60, 60), seal, self.px(20), 2)
        pygame.draw.polygon(surface, (232, 196, 110), [(seal[0], seal[1] - self.px(10)),
                            (seal[0] + self.px(9), seal[1] + self.px(7)),
                            (seal[0] - self.px(9), seal[1] + self.px(7))])  # fmt: skip

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        # Each page is shown (and its screenshot taken) before the next is turned.
        self.app.screenshot(f"campaign-opening-{self.page + 1}")
        return click_events(self.next.button)
