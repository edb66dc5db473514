"""The campaign map: the journey's venues, the purse, and what the player can do next."""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import VENUES, Campaign
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.kit.text import wrap


def venue_name(venue_id: str) -> str:
    return i18n.t(f"venue.{venue_id}.name")


def rule_set_name(rule_set: str) -> str:
    if rule_set.startswith("sabacc:"):
        return i18n.t("campaign.sabacc_rules", preset=i18n.t(f"preset.{rule_set[7:]}"))
    return i18n.t(f"game.{rule_set}")


class CampaignScene(MenuScene):
    name = "campaign"

    def __init__(self, app: App, campaign: Campaign | None = None) -> None:
        super().__init__(app)
        self.campaign = campaign or Campaign.load(notify=app.notify, seed=app.options.seed)

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        width, height = self.app.size
        progress = self.campaign.progress
        if progress.tournament is not None and progress.tournament.in_play:
            play_text = i18n.t("campaign.tournament_continue")
        elif self.campaign.session is not None:
            play_text = i18n.t("campaign.resume_table")
        else:
            play_text = i18n.t("campaign.sit_down")
        can_play = (
            self.campaign.session is not None
            or progress.seated
            or (progress.can_afford() and not progress.finished)
        )
        entries = [
            (play_text, self.play, can_play, "#primary"),
            (i18n.t("campaign.move_on"), self.move_on, self._can_move_on(), None),
            (i18n.t("campaign.broke_options"), self.broke_options, progress.broke(), None),
            (i18n.t("menu.statistics"), self.statistics, True, None),
            (i18n.t("common.back"), self.go_back, True, None),
        ]
        button_w = max(self.px(300), *(self.text_width(e[0]) + self.px(48) for e in entries))
        x = width - button_w - self.px(70)
        y = self.px(150)
        self.buttons = []
        for text, action, enabled, object_id in entries:
            rect = pygame.Rect(x, y, button_w, self.px(50))
            self.buttons.append(self.add_button(rect, text, action, enabled, object_id))
            y += self.px(62)
        self.play_button, self.move_button, self.broke_button, _, self.back_button = self.buttons
        # Start on the first thing the player can do.
        for index, item in enumerate(self.ring.items):
            if item.enabled:
                self.ring.focus(index)
                break

    def _can_move_on(self) -> bool:
        progress = self.campaign.progress
        return (
            self.campaign.session is None
            and not progress.seated
            and not progress.current.tournament
            and progress.cleared()
        )

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("campaign.title"), self.px(62), 40)
        progress = self.campaign.progress
        lines = self.purse_lines()
        x, y = self.px(80), self.px(140)
        # The route and the purse share the left column; in a short window (a large UI
        # scale) they close up -- smaller steps and type -- rather than run off the felt.
        room = surface.get_height() - self.px(24) - y
        stop_pitch, line_pitch, size = self.px(50), self.px(30), self.px(20)
        if 5 * stop_pitch + self.px(46) + len(lines) * line_pitch > room:
            stop_pitch, line_pitch, size = self.px(40), self.px(26), self.px(18)
        font = resources.font(max(12, size), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, size), UI_FONT_LANGUAGE, bold=True)
        line_pitch = max(line_pitch, font.get_linesize() - 2)
        for index, venue in enumerate(VENUES):
            cleared = venue.id in progress.venues_cleared
            here = venue.id == progress.venue
            reached = cleared or here
            colour = BRASS_LIGHT if here else (CREAM if reached else (120, 120, 110))
            # The road between stops, like a route on a chart.
            cy = y + self.px(14)
            pygame.draw.circle(surface, colour, (x, cy), self.px(9), 0 if reached else 2)
            if index + 1 < len(VENUES):
                pygame.draw.line(
                    surface, BRASS, (x, cy + self.px(10)), (x, cy + stop_pitch - self.px(10)), 2
                )
            mark = "✓ " if cleared else ""
            text = mark + (venue_name(venue.id) if reached else i18n.t("campaign.unknown_venue"))
            surface.blit((bold if here else font).render(text, True, colour), (x + self.px(22), y))
            y += stop_pitch
        y += self.px(46) - stop_pitch + self.px(16)
        # Long lines (every rule set learned) wrap before the column of buttons.
        right = surface.get_width() - self.px(40)
        if getattr(self, "buttons", None):
            right = int(self.buttons[0].button.get_abs_rect().left) - self.px(24)
        for line in lines:
            for part in wrap(line, max(12, size), right - x):
                surface.blit(font.render(part, True, CREAM), (x, y))
                y += line_pitch

    def purse_lines(self) -> list[str]:
        """The purse, the goal and what the player has learned, one fact a line."""
        progress = self.campaign.progress
        venue = progress.current
        lines = [
            i18n.t("campaign.credits", credits=progress.credits, count=progress.credits),
            i18n.t("campaign.at_table", chips=progress.at_table),
            i18n.t("campaign.debt", debt=progress.debt, count=progress.debt),
            i18n.t("campaign.buy_in", credits=venue.buy_in),
        ]
        if not venue.tournament:
            lines.append(i18n.t("campaign.goal", credits=venue.goal, worth=progress.net_worth))
        lines.append(i18n.t("campaign.hands_played", count=progress.hands_played))
        if progress.finished:
            lines.append(i18n.t("campaign.champion"))
        lines.append(
            i18n.t(
                "campaign.rules_learned",
                rules=", ".join(rule_set_name(r) for r in progress.unlocked),
            )
        )
        return lines

    # ------------------------------------------------------------------ actions
    def play(self) -> None:
        from game.scenes.campaign_table import make_campaign_table
        from game.scenes.campaign_venue import VenueIntroScene

        progress = self.campaign.progress
        if progress.tournament is not None and progress.tournament.in_play:
            if self.campaign.session is None:
                self.campaign.continue_tournament()
            self.app.push(make_campaign_table(self.app, self.campaign))
        elif self.campaign.session is not None:
            self.app.push(make_campaign_table(self.app, self.campaign))
        else:
            self.app.push(VenueIntroScene(self.app, self.campaign))

    def move_on(self) -> None:
        self.campaign.move_on()
        self.recreate_ui()

    def broke_options(self) -> None:
        from game.scenes.campaign_loan import LoanScene

        self.app.push(LoanScene(self.app, self.campaign))

    def statistics(self) -> None:
        from game.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def resume(self) -> None:
        # Coming back from a table or the loan office: the buttons depend on the purse.
        if self.container is not None:
            self.recreate_ui()
        super().resume()

    # ------------------------------------------------------------------ autoplay
    def autoplay_inputs(self) -> list[pygame.event.Event]:
        if self.app.autoplay_finished:
            return click_events(self.back_button.button)
        for item in (self.play_button, self.move_button, self.broke_button):
            if item.enabled and (item is not self.play_button or not self.move_button.enabled):
                return click_events(item.button)
        return click_events(self.back_button.button)
