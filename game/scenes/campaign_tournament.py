"""The championship's board: the tables, the stacks after each round, what comes next."""

from __future__ import annotations

import pygame

from game import i18n, resources
from game.app import UI_FONT_LANGUAGE, App
from game.campaign import CHARACTERS, Campaign
from game.campaign.tournament import HOSTS, PLAYER
from game.campaign.voices import Moment
from game.scenes.base import BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.kit.text import wrap
from game.scenes.kit.worker import BackgroundChoice
from game.ui.journey import render_backdrop
from game.ui.portraits import portrait


def entrant_name(entrant: str) -> str:
    return i18n.t("campaign.you") if entrant == PLAYER else CHARACTERS[entrant].name


class TournamentScene(MenuScene):
    """``outcome``: "start", "round" (the first round is over), "won" or "lost"; or
    "pending": the player's table has just risen and the other tables finish the round
    on a worker (``Campaign.leave_table``), then the board shows how it ended."""

    name = "campaign-tournament"

    def __init__(self, app: App, campaign: Campaign, outcome: str) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.outcome = outcome
        self.worker: BackgroundChoice | None = None
        self.autoplay_frames = 0  # frames this board has shown under --autoplay
        tournament = campaign.progress.tournament
        self.seated_tables = [list(t) for t in tournament.tables] if tournament else []
        # The board shows the tournament as it stood when this screen opened, taken
        # before the worker starts: a decided championship leaves the progress at
        # once (the final has no other table to play), and its board keeps it.
        self.tournament = tournament
        self.last_results = (
            self.tournament.results[-1] if self.tournament and self.tournament.results else {}
        )
        if outcome == "pending":
            self.worker = BackgroundChoice()
            self.worker.start("round", campaign.leave_table)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.worker is not None and self.worker.ready("round"):
            self.outcome = self.worker.take()
            self.worker.close()
            self.worker = None
            # A decided championship leaves the progress; its board keeps the last round.
            self.tournament = self.campaign.progress.tournament or self.tournament
            self.last_results = (
                self.tournament.results[-1] if self.tournament and self.tournament.results else {}
            )
            self.recreate_ui()
            self.autoplay_frames = 0  # the board as it ended is shown before going on

    def redraw_in(self) -> float:
        return 0.25 if self.outcome == "pending" else super().redraw_in()

    def picture_key(self) -> object:
        """The board's outcome: the round decided, the App draws it at once (not the
        "other tables" wait, which a menu at rest would keep showing)."""
        return self.outcome

    def shutdown(self) -> None:
        if self.worker is not None:
            self.worker.close()
        super().shutdown()

    def build(self) -> None:
        width, height = self.app.size
        if self.outcome == "pending":
            return  # no button until the round is decided
        playing = self.outcome in ("start", "round")
        text = i18n.t("campaign.play_round" if self.outcome == "start" else "campaign.play_final")
        if not playing:
            text = i18n.t("common.back")
        if not playing:
            text = i18n.t("ending.see")
        button_w = max(self.px(260), self.text_width(text) + self.px(48))
        action = self.play if playing else self.ending
        x = (width - button_w) // 2
        if self.outcome == "lost":
            # The road may end here (the ending), or the player goes back to try again.
            back = i18n.t("common.back")
            button_w = max(button_w, self.text_width(back) + self.px(48))
            x = width // 2 + self.px(12)
            self.back = self.add_button(
                pygame.Rect(width // 2 - self.px(12) - button_w, height - self.px(96),
                            button_w, self.px(52)),
                back,
                self.app.pop,
            )  # fmt: skip
        self.next = self.add_button(
            pygame.Rect(x, height - self.px(96), button_w, self.px(52)),
            text,
            action,
            object_id="#primary",
        )
        self.ring.focus_item(self.next)

    def ending(self) -> None:
        """The championship is won: the journey's closing scene."""
        self.app.open("campaign-ending", self.campaign, won=self.outcome == "won", replace=True)

    def headline(self) -> str:
        return {
            "pending": i18n.t("final.pending"),
            "start": i18n.t("campaign.tournament_start"),
            "round": i18n.t("campaign.tournament_qualified"),
            "won": i18n.t("campaign.tournament_won", prize=self.campaign.progress.current.prize),
            "lost": i18n.t("campaign.tournament_lost"),
        }[self.outcome]

    def draw_decor(self, surface: pygame.Surface) -> None:
        if not self.app.settings.high_contrast:
            # The Salon itself behind the board, dimmed under dark glass.
            size = surface.get_size()
            surface.blit(render_backdrop("meridian", size), (0, 0))
            shade = pygame.Surface(size, pygame.SRCALPHA)
            panel = pygame.Rect(self.px(40), self.px(100), size[0] - self.px(80),
                                size[1] - self.px(210))  # fmt: skip
            pygame.draw.rect(shade, (8, 6, 4, 200), panel, border_radius=self.px(14))
            surface.blit(shade, (0, 0))
        self.draw_title(surface, i18n.t("venue.meridian.name"), self.px(56), 40)
        font = resources.font(max(12, self.px(20)), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(22)), UI_FONT_LANGUAGE, bold=True)
        width = surface.get_width()
        headline = bold.render(self.headline(), True, BRASS_LIGHT)
        surface.blit(headline, headline.get_rect(center=(width // 2, self.px(130))))
        tables = self.tournament.tables if self.tournament else []
        if self.outcome == "pending":
            tables = self.seated_tables  # as they sat: the worker is changing them
        if self.outcome == "round" and tables:
            self.draw_final_table(surface, tables[0])
            return
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

    def draw_final_table(self, surface: pygame.Surface, finalists: list[str]) -> None:
        """The final's own beat: the six who made it, face by face, their stacks below,
        and the hosts' word on what is at stake."""
        width = surface.get_width()
        font = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE)
        bold = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE, bold=True)
        size = self.px(110)
        gap = self.px(26)
        total = len(finalists) * size + (len(finalists) - 1) * gap
        x, y = (width - total) // 2, self.px(160)
        for entrant in finalists:
            if entrant == PLAYER:
                pygame.draw.circle(surface, (48, 40, 30), (x + size // 2, y + size // 2), size // 2)
                pygame.draw.circle(
                    surface, BRASS_LIGHT, (x + size // 2, y + size // 2), size // 2, 3
                )
                you = bold.render(i18n.t("campaign.you"), True, BRASS_LIGHT)
                surface.blit(you, you.get_rect(center=(x + size // 2, y + size // 2)))
            else:
                surface.blit(portrait(entrant, size, "grim"), (x, y))
            colour = BRASS_LIGHT if entrant == PLAYER else CREAM
            name = (bold if entrant == PLAYER else font).render(entrant_name(entrant), True, colour)
            if name.get_width() > size + gap:
                name = pygame.transform.smoothscale_by(name, (size + gap) / name.get_width())
            surface.blit(name, name.get_rect(midtop=(x + size // 2, y + size + self.px(6))))
            chips = self.last_results.get(entrant)
            if chips is not None:
                stack = font.render(i18n.t("common.chips", count=chips), True, (210, 200, 170))
                surface.blit(stack, stack.get_rect(midtop=(x + size // 2, y + size + self.px(30))))
            x += size + gap
        y += size + self.px(64)
        # The host's word for the final, face large as in any dialogue.
        # A host at the final table says it (else the first finalist who is not you).
        others = [e for e in finalists if e != PLAYER]
        host = next((h for h in HOSTS if h in finalists), others[0] if others else HOSTS[0])
        face = self.px(200)
        x = self.px(120)
        top = min(y, surface.get_height() - self.px(110) - face)
        surface.blit(portrait(host, face, "smug"), (x, top))
        body_px = max(12, self.px(21))
        body = resources.font(body_px, UI_FONT_LANGUAGE)
        bold = resources.font(body_px, UI_FONT_LANGUAGE, bold=True)
        text_x = x + face + self.px(30)
        room = width - text_x - self.px(100)
        from game.campaign.voices import line_keys, voice_of

        said = i18n.t(line_keys(voice_of(CHARACTERS[host]), Moment.FINAL_TABLE)[0])
        lines = [(bold, BRASS_LIGHT, CHARACTERS[host].name)]
        lines += [
            (body, CREAM, line) for line in wrap(i18n.t("final.quote", words=said), body_px, room)
        ]
        lines += [(body, (214, 204, 178), "")]
        lines += [
            (body, (214, 204, 178), line) for line in wrap(i18n.t("final.stakes"), body_px, room)
        ]
        ty = top + (face - len(lines) * body.get_linesize()) // 2
        for font, colour, words in lines:
            surface.blit(font.render(words, True, colour), (text_x, ty))
            ty += font.get_linesize()

    def play(self) -> None:
        if self.campaign.session is None:
            self.campaign.continue_tournament()
        self.app.open("campaign-table", self.campaign, replace=True)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        if self.outcome == "pending":
            return []
        return click_events(self.next.button)

    def autoplay_step(self) -> None:
        """Under --autoplay: wait for the other tables however long they take (the
        driver's "stuck" clock is for screens that wait on no one), then press on."""
        self.autoplay_frames += 1
        if self.outcome != "pending" and self.autoplay_frames == 8:
            self.app.screenshot(f"campaign-tournament-{self.outcome}")
        if self.outcome == "pending" or self.autoplay_frames < 16 or self.app.frame % 8:
            return
        if pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return  # a click is already on its way
        for event in self.autoplay_inputs():
            pygame.event.post(event)
