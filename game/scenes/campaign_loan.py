"""Broke: borrow from the house at interest, or try the venue again from the start."""

from __future__ import annotations

import pygame

from game import i18n
from game.app import App
from game.campaign import Campaign
from game.scenes.base import MenuScene, click_events


class LoanScene(MenuScene):
    name = "campaign-loan"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign

    def build(self) -> None:
        width, height = self.app.size
        progress = self.campaign.progress
        lent, owed = progress.loan_offer()
        panel_w = min(width - self.px(120), self.px(820))
        x = (width - panel_w) // 2
        self.add_label(
            pygame.Rect(x, self.px(150), panel_w, self.px(34)),
            i18n.t("campaign.broke", credits=progress.credits, count=progress.credits),
            "#centered",
        )
        options = [
            (i18n.t("campaign.loan", lent=lent, owed=owed), self.borrow, progress.can_borrow()),
            (
                i18n.t(
                    "campaign.retry",
                    credits=progress.arrival_credits,
                    count=progress.arrival_credits,
                ),
                self.retry,
                not progress.seated,
            ),
            (i18n.t("common.back"), self.go_back, True),
        ]
        button_w = max(self.px(360), *(self.text_width(t) + self.px(48) for t, _, _ in options))
        button_w = min(button_w, width - self.px(80))
        y = self.px(240)
        self.items = []
        for text, action, enabled in options:
            rect = pygame.Rect((width - button_w) // 2, y, button_w, self.px(52))
            self.items.append(self.add_button(rect, text, action, enabled))
            y += self.px(66)
        if not progress.can_borrow():
            self.add_label(
                pygame.Rect(x, y, panel_w, self.px(30)), i18n.t("campaign.loan_refused"), "#hint"
            )

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("campaign.loan_title"), self.px(70), 40)

    def borrow(self) -> None:
        lent = self.campaign.take_loan()
        self.app.notify(i18n.t("campaign.loan_taken", lent=lent))
        self.app.pop()

    def retry(self) -> None:
        self.campaign.retry_venue()
        self.app.pop()

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        for item in self.items:
            if item.enabled:
                return click_events(item.button)
        return []
