"""Main menu: Quick play, Campaign, Statistics, Hand history, Rules & help, Settings, Quit."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

import pygame

from game import i18n
from game.app import App
from game.scenes.base import MenuScene, click_events, prepare_menu


class MainMenuScene(MenuScene):
    name = "main-menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.can_resume = False
        self.resume_failed = False  # --autoplay --resume: the saved table did not load
        self.quick_play_prepared = False

    def build(self) -> Iterator[None]:
        from game.scenes.quick_play import saved_table_waiting

        # A quick-play table left mid-session (quit, or the process killed) comes first.
        self.can_resume = saved_table_waiting()
        resume: list[tuple[str, Callable[[], None], bool]] = (
            [(i18n.t("menu.resume"), self.resume_table, True)] if self.can_resume else []
        )
        entries: list[tuple[str, Callable[[], None], bool]] = [
            *resume,
            (i18n.t("menu.quick_play"), self.quick_play, True),
            (i18n.t("menu.campaign"), self.campaign, True),
            (i18n.t("menu.statistics"), self.statistics, True),
            (i18n.t("menu.history"), self.history, True),
            (i18n.t("menu.rules"), self.rules, True),
            (i18n.t("menu.achievements"), self.achievements, True),
            (i18n.t("menu.settings"), self.settings, True),
            (i18n.t("menu.quit"), lambda: self.app.quit(0), True),
        ]
        width, height = self.app.size
        button_w = max(
            self.px(380), *(self.text_width(text) + self.px(56) for text, _, _ in entries)
        )
        # Buttons between the title and the hint line; in a short window (about 600
        # layout units, a large UI scale) they close up rather than run off the bottom.
        first, last = self.px(150), height - self.px(66)
        pitch = min(self.px(68), (last - first) // len(entries))
        row_h = min(self.px(54), pitch - self.px(8))
        total = len(entries) * pitch - (pitch - row_h)
        top = min(max(self.px(170), (height - total) // 2 + self.px(40)), last - total)
        top = max(first, top)
        self.buttons = {}
        for index, (text, action, enabled) in enumerate(entries):
            rect = pygame.Rect((width - button_w) // 2, top + index * pitch, button_w, row_h)
            item = self.add_button(rect, text, action, enabled, "#primary" if index == 0 else None)
            self.buttons[index] = item
            yield  # a few buttons a frame when opened by open_menu
        self.add_label(
            pygame.Rect(0, height - self.px(56), width, self.px(30)), i18n.t("menu.hint"), "#hint"
        )

    def update(self, dt: float) -> None:
        # Quick play, the usual next screen, is built out of sight while the menu shows
        # (prepare_menu: dropped if the player chooses another).
        if self.app.top is self and not self.quick_play_prepared:
            self.quick_play_prepared = True
            prepare_menu(self.app, "quick-play")

    def pause(self) -> None:
        super().pause()
        self.quick_play_prepared = False  # prepared again when the menu shows again

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("app.title"), self.px(92), 56)

    def go_back(self) -> None:
        # Esc on the main menu moves the focus to Quit rather than quitting at once.
        self.ring.focus(len(self.ring.items) - 1)

    def resume_table(self) -> None:
        if self.app.open("resumed-table", self._resume_failed) is None:
            self._resume_failed()

    def _resume_failed(self) -> None:
        self.resume_failed = True
        self.recreate_ui()  # the save was unusable: the Resume button goes

    def resume(self) -> None:
        # Back from a table: Resume appears or goes with the quick-play save.
        if self.container is not None:
            from game.scenes.quick_play import saved_table_waiting

            if saved_table_waiting() != self.can_resume:
                self.recreate_ui()
        super().resume()

    def quick_play(self) -> None:
        self.app.open("quick-play")

    def campaign(self) -> None:
        from game.campaign import Campaign

        journey = Campaign.load(notify=self.app.notify, seed=self.app.options.seed)
        if self.app.options.finale and not self.app.autoplay_finished:
            journey.start_at_finale(self.app.options.seed)  # --finale: the last venue
        self.app.open("campaign", journey)
        if journey.fresh:
            # A new journey begins with who the player is and what the road is for.
            self.app.open("campaign-opening", journey)

    def statistics(self) -> None:
        self.app.open("stats")

    def history(self) -> None:
        self.app.open("history")

    def rules(self) -> None:
        self.app.open("rules")

    def achievements(self) -> None:
        self.app.open("achievements")

    def settings(self) -> None:
        self.app.open("settings")

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        # Autoplay starts afresh, unless --resume asked for the saved table.
        first = 1 if self.can_resume else 0
        resuming = self.app.options.resume
        if resuming and not self.app.autoplay_finished and (self.resume_failed or not first):
            # Checked before the window opened, yet the table did not load after all.
            print("python -m game: the saved quick-play hand cannot be resumed", file=sys.stderr)
            self.app.quit(2)
            return []
        if getattr(self.app, "autoplay_finished", False):
            target = self.buttons[len(self.buttons) - 1]  # Quit
        elif resuming:
            target = self.buttons[0]  # Resume quick play
        elif self.app.options.campaign:
            target = self.buttons[first + 1]
        else:
            target = self.buttons[first]
        return click_events(target.button)
