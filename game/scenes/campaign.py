"""The campaign map: the journey's venues, the purse, and what the player can do next."""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import VENUES, Campaign
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.kit.text import wrap
from game.ui.journey import MapStop, StopState, render_travel_map


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
        # The venue's intro while the map shows (its imports froze the click's frame).
        from game.scenes import preload

        preload.warm_modules(
            "game.scenes.campaign_venue", "game.scenes.house_rules", "game.scenes.kit.text"
        )

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
            (i18n.t("menu.achievements"), self.achievements, True, None),
            (i18n.t("common.back"), self.go_back, True, None),
        ]
        if not progress.broke():
            # The loan office is offered when the purse cannot pay the buy-in, not before.
            del entries[2]
        button_w = max(self.px(300), *(self.text_width(e[0]) + self.px(48) for e in entries))
        x = width - button_w - self.px(70)
        y = self.px(150)
        self.buttons = []
        for text, action, enabled, object_id in entries:
            rect = pygame.Rect(x, y, button_w, self.px(50))
            self.buttons.append(self.add_button(rect, text, action, enabled, object_id))
            y += self.px(62)
        self.play_button, self.move_button = self.buttons[:2]
        self.broke_button = self.buttons[2] if len(self.buttons) == 6 else None
        self.back_button = self.buttons[-1]
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

    def map_stops(self, size: int) -> list[MapStop]:
        """The journey's stops for the travel map: cleared, here, the next one by name,
        the rest unknown until the road reaches them."""
        progress = self.campaign.progress
        font = resources.font(max(11, size), UI_FONT_LANGUAGE)
        bold = resources.font(max(11, size), UI_FONT_LANGUAGE, bold=True)
        ids = [v.id for v in VENUES]
        here = ids.index(progress.venue) if progress.venue in ids else 0
        stops = []
        for index, venue in enumerate(VENUES):
            if venue.id in progress.venues_cleared:
                state = StopState.CLEARED
            elif index == here:
                state = StopState.HERE
            elif index == here + 1:
                state = StopState.NEXT
            else:
                state = StopState.LOCKED
            known = state is not StopState.LOCKED
            words = venue_name(venue.id) if known else i18n.t("campaign.unknown_venue")
            colour = (
                BRASS_LIGHT if state is StopState.HERE else (CREAM if known else (140, 136, 120))
            )
            label = (bold if state is StopState.HERE else font).render(words, True, colour)
            stops.append(MapStop(venue.id, label, state))
        return stops

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("campaign.title"), self.px(56), 40)
        lines = self.purse_lines()
        x, top = self.px(50), self.px(106)
        right = surface.get_width() - self.px(40)
        if getattr(self, "buttons", None):
            right = int(self.buttons[0].button.get_abs_rect().left) - self.px(24)
        width = max(self.px(200), right - x)
        bottom = surface.get_height() - self.px(24)
        # The map takes what the purse lines leave; the lines close up (smaller type) in a
        # short window rather than push the map off the felt.
        size, pitch = self.px(20), self.px(28)
        if (bottom - top) - len(lines) * pitch < self.px(220):
            size, pitch = self.px(17), self.px(23)
        font = resources.font(max(11, size), UI_FONT_LANGUAGE)
        pitch = max(pitch, font.get_linesize() - 2)
        wrapped = [part for line in lines for part in wrap(line, max(11, size), width)]
        map_h = max(self.px(120), bottom - top - len(wrapped) * pitch - self.px(16))
        chart = render_travel_map(
            (width, map_h), self.map_stops(max(11, self.px(17))), CREAM, BRASS
        )
        surface.blit(chart, (x, top))
        y = top + map_h + self.px(12)
        for line in wrapped:
            surface.blit(font.render(line, True, CREAM), (x, y))
            y += pitch

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
        if venue.rounds_goal:
            lines.append(i18n.t("kt.campaign.goal", goal=venue.rounds_goal, won=progress.rounds_won,
                                prize=venue.round_prize))  # fmt: skip
        elif not venue.tournament:
            lines.append(i18n.t("campaign.goal", credits=venue.goal, worth=progress.net_worth))
        lines.append(i18n.t("campaign.hands_played", count=progress.hands_played))
        if progress.finished:
            lines.append(i18n.t("campaign.champion"))
        lines.append(
            i18n.t(
                "campaign.rules_learned",
                rules=i18n.join_list(rule_set_name(r) for r in progress.unlocked),
            )
        )
        return lines

    # ------------------------------------------------------------------ actions
    def play(self) -> None:
        progress = self.campaign.progress
        if progress.tournament is not None and progress.tournament.in_play:
            if self.campaign.session is None:
                self.campaign.continue_tournament()
            self.app.open("campaign-table", self.campaign)
        elif self.campaign.session is not None:
            self.app.open("campaign-table", self.campaign)
        else:
            self.app.open("venue-intro", self.campaign)

    def move_on(self) -> None:
        self.campaign.move_on()
        self.recreate_ui()

    def broke_options(self) -> None:
        self.app.open("loan", self.campaign)

    def statistics(self) -> None:
        self.app.open("stats")

    def achievements(self) -> None:
        self.app.open("achievements", None, list(self.campaign.progress.venues_cleared))

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
            if (
                item is not None
                and item.enabled
                and (item is not self.play_button or not self.move_button.enabled)
            ):
                return click_events(item.button)
        return click_events(self.back_button.button)
