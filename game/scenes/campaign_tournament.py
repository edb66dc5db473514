"""The championship's board: the tables, the stacks after each round, what comes next."""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import CHARACTERS, Campaign
from game.campaign.tournament import PLAYER
from game.scenes.base import BRASS_LIGHT, CREAM, MenuScene, click_events


def entrant_name(entrant: str) -> str:
    return i18n.t("campaign.you") if entrant == PLAYER else CHARACTERS[entrant].name


class TournamentScene(MenuScene):
    """``outcome``: "start", "round" (the first round is over), "won" or "lost"."""

    name = "campaign-tournament"

    def __init__(self, app: App, campaign: Campaign, outcome: str) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.outcome = outcome
        # The board shows the tournament as it stood when this screen opened.
        self.tournament = campaign.progress.tournament
        self.last_results = (
            self.tournament.results[-1] if self.tournament and self.tournament.results else {}
        )

    def build(self) -> None:
        width, height = self.app.size
        playing = self.outcome in ("start", "round")
        text = i18n.t("campaign.play_round" if self.outcome == "start" else "campaign.play_final")
        if not playing:
            text = i18n.t("common.back")
        if self.outcome == "won":
            text = i18n.t("ending.see")
        button_w = max(self.px(260), self.text_width(text) + self.px(48))
        action = self.play if playing else (self.ending if self.outcome == "won" else self.app.pop)
        self.next = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(96), button_w, self.px(52)),
            text,
            action,
            object_id="#primary",
        )

    def ending(self) -> None:
        """The championship is won: the journey's closing scene."""
        self.app.open("campaign-ending", self.campaign, replace=True)

    def headline(self) -> str:
        return {
            "start": i18n.t("campaign.tournament_start"),
            "round": i18n.t("campaign.tournament_qualified"),
            "won": i18n.t("campaign.tournament_won", prize=self.campaign.progress.current.prize),
            "lost": i18n.t("campaign.tournament_lost"),
        }[self.outcome]

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("venue.meridian.name"), self.px(62), 40)
        font = resources.font(max(12, self.px(20)), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(22)), UI_FONT_LANGUAGE, bold=True)
        width = surface.get_width()
        headline = bold.render(self.headline(), True, BRASS_LIGHT)
        surface.blit(headline, headline.get_rect(center=(width // 2, self.px(130))))
        tables = self.tournament.tables if self.tournament else []
        if self.outcome == "start" or not self.last_results:
            columns = tables
        else:
            columns = [list(self.last_results)]
        column_w = (width - self.px(160)) // max(1, len(columns))
        for index, table in enumerate(columns):
            x, y = self.px(80) + index * column_w, self.px(180)
            for entrant in table:
                chips = self.last_results.get(entrant)
                line = entrant_name(entrant) + ("" if chips is None else f" — {chips}")
                colour = BRASS_LIGHT if entrant == PLAYER else CREAM
                surface.blit(font.render(line, True, colour), (x, y))
                y += self.px(28)

    def play(self) -> None:
        if self.campaign.session is None:
            self.campaign.continue_tournament()
        self.app.open("campaign-table", self.campaign, replace=True)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.next.button)
