"""A venue's introduction: where the player is, the house rules, the buy-in and the regulars."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UILabel

from game import games, i18n
from game.app import App
from game.campaign import CHARACTERS, Campaign
from game.campaign.venues import Venue
from game.scenes.base import MenuScene, click_events, rendered
from game.scenes.campaign import venue_name
from game.ui.journey import render_backdrop
from game.ui.portraits import portrait

FACE_PX = 200  # a regular's face on the intro, at 1280x720


def house_rules_line(venue: Venue) -> str:
    entry = games.get(venue.game)
    if entry.has_presets:
        game = i18n.t("campaign.sabacc_rules", preset=i18n.t(entry.preset(venue.preset).label_key))
    else:
        game = i18n.t(entry.name_key)
    if venue.tournament:
        return i18n.t("campaign.tournament_rules", game=game)
    return game


class VenueIntroScene(MenuScene):
    name = "campaign-venue"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        # The table's modules (its game's rules, AI, scene) and the journey's own, while
        # the intro is read: taking the seat imported them in one frame (~150 ms).
        from game.scenes import preload

        venue = campaign.progress.current
        preload.warm(venue.game, venue.preset)
        preload.warm_modules(
            "game.storage.journal", "game.session.drivers", "game.scenes.campaign_table",
            "game.scenes.campaign_faces", "game.scenes.campaign_plaque", "game.scenes.opening",
        )  # fmt: skip

    def build(self) -> None:
        width, height = self.app.size
        venue = self.campaign.progress.current
        self.character_labels: list[UILabel] = []
        self.panel_bottom = self.px(400)
        panel_w = min(width - self.px(120), self.px(900))
        x = (width - panel_w) // 2
        y = self.px(120)
        self.add_label(
            pygame.Rect(x, y, panel_w, self.px(34)), house_rules_line(venue), "#centered"
        )
        y += self.px(44)
        # The intro text, wrapped by hand: pygame_gui labels are one line.
        for line in self._wrap(i18n.t(f"venue.{venue.id}.intro"), panel_w):
            self.add_label(pygame.Rect(x, y, panel_w, self.px(30)), line, "#centered")
            y += self.px(30)
        y += self.px(14)
        self.add_label(
            pygame.Rect(x, y, panel_w, self.px(30)),
            i18n.t("campaign.buy_in", credits=venue.buy_in),
            "#centered",
        )
        y += self.px(40)
        self.panel_bottom = y + self.px(6)
        # The regulars face to face: each portrait large, the name and manner under it.
        count = max(1, len(venue.characters))
        gap = self.px(20)
        column = min(self.px(240), (width - self.px(80) - gap * (count - 1)) // count)
        self.faces_top = y + self.px(14)
        # Down to the buttons: a long intro (or a small window) makes the faces smaller.
        room = height - self.px(104) - 2 * self.px(30) - self.px(6) - self.faces_top
        self.face_px = max(self.px(60), min(self.px(FACE_PX), column - self.px(8), room))
        left = (width - count * column - (count - 1) * gap) // 2
        line_h = self.px(30)
        for index, character_id in enumerate(venue.characters):
            character = CHARACTERS[character_id]
            x = left + index * (column + gap)
            top = self.faces_top + self.face_px + self.px(6)
            self.add_label(pygame.Rect(x, top, column, line_h), character.name, "#centered")
            style = i18n.t(
                "campaign.character_manner",
                level=i18n.t(f"level.{character.level}"),
                style=i18n.t(f"personality.{character.personality.name}"),
            )
            label = self.add_label(pygame.Rect(x, top + line_h, column, line_h), style, "#hint")
            self.character_labels.append(label)
        self.faces_left = left
        self.faces_column = column + gap
        sit, back = i18n.t("campaign.take_seat"), i18n.t("common.back")
        button_w = max(
            self.px(220), self.text_width(sit) + self.px(48), self.text_width(back) + self.px(48)
        )
        by = height - self.px(96)
        self.back = self.add_button(
            pygame.Rect(width // 2 - self.px(12) - button_w, by, button_w, self.px(52)),
            back,
            self.go_back,
        )
        self.sit = self.add_button(
            pygame.Rect(width // 2 + self.px(12), by, button_w, self.px(52)),
            sit,
            self.take_seat,
            enabled=self.campaign.progress.can_afford(),
            object_id="#primary",
        )
        if self.sit.enabled:
            self.ring.focus_item(self.sit)

    def _wrap(self, text: str, width: int) -> list[str]:
        """The intro's lines for the "#centered" labels: the shared line breaking (Latin
        at spaces, Japanese by the kinsoku rules: no line starts with "。" or "）")."""
        from game.scenes.house_rules import theme_font_size
        from game.scenes.kit.text import wrap

        return wrap(text, theme_font_size(self.app, "#centered"), width - self.px(20))

    def draw_decor(self, surface: pygame.Surface) -> None:
        # The venue itself behind the words: its own scene, dimmed under a reading panel.
        venue = self.campaign.progress.current
        title = venue_name(self.campaign.progress.venue)
        if not self.app.settings.high_contrast:
            surface.blit(render_backdrop(venue.id, surface.get_size()), (0, 0))
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            panel_w = min(surface.get_width() - self.px(80), self.px(960))
            panel = pygame.Rect(
                (surface.get_width() - panel_w) // 2,
                self.px(100),
                panel_w,
                max(self.px(60), self.panel_bottom - self.px(100)),
            )
            pygame.draw.rect(shade, (8, 6, 4, 190), panel, border_radius=self.px(12))
            # The name on a dark band of its own: a brass lamp of the backdrop behind a
            # letter of the same brass would swallow it.
            words = rendered(title, max(16, round(40 * self.u)), (0, 0, 0), bold=True)
            band = pygame.Rect(0, 0, words.get_width() + self.px(48), words.get_height())
            band.center = (surface.get_width() // 2, self.px(56))
            pygame.draw.rect(shade, (8, 6, 4, 200), band, border_radius=self.px(12))
            surface.blit(shade, (0, 0))
        self.draw_title(surface, title, self.px(56), 40)
        # Each regular's face, large, above their name.
        size = getattr(self, "face_px", 0)
        for index, character_id in enumerate(venue.characters):
            if size <= 0:
                break
            column = self.faces_column - self.px(20)
            x = self.faces_left + index * self.faces_column + (column - size) // 2
            face = portrait(character_id, size, "neutral")
            surface.blit(face, (x, self.faces_top))
            if not self.app.settings.high_contrast:
                # A dark slip under the name and manner, off the backdrop's lines.
                slip = pygame.Rect(0, 0, column, self.px(64))
                slip.midtop = (x + size // 2, self.faces_top + size + self.px(4))
                shade = pygame.Surface(slip.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (8, 6, 4, 170), shade.get_rect(), border_radius=self.px(8))
                surface.blit(shade, slip)

    def take_seat(self) -> None:
        if self.campaign.progress.current.tournament:
            self.campaign.sit_down()
            self.app.open("tournament", self.campaign, "start", replace=True)
            return
        self.campaign.sit_down()
        self.app.open("campaign-table", self.campaign, replace=True)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events((self.sit if self.sit.enabled else self.back).button)
