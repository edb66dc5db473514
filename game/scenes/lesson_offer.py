"""The offer of a game's coached first hand, the first time the game is chosen in
quick play (or a Sabacc rule set's short intro, the first time it is chosen): *Play the lesson* opens it on the real table (back to quick play after),
*Not now* goes to the table asked for. Either way it is not offered again
(``Settings.lessons_seen``); Rules & help replays it any time."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.app import App, Scene
from game.help.coach import LESSONS
from game.scenes.base import click_events
from game.scenes.pause import OverlayScene
from game.scenes.table import game_name


def lesson_due(app: App, game: str, preset: str | None = None) -> str | None:
    """The lesson quick play should offer now: the game's first hand the first time the
    game is chosen, else the rule set's intro the first time it is; never under
    --autoplay."""
    from game.help.intros import INTROS

    if app.options.autoplay:
        return None
    seen = getattr(app.settings, "lessons_seen", ())
    for lesson_id in (game, preset):
        if lesson_id in (*LESSONS, *INTROS) and lesson_id not in seen:
            return lesson_id
    return None


def lesson_for(game: str, preset: str | None) -> str:
    """The lesson Rules & help replays for a page: the rule set's intro, or the game's
    first hand."""
    from game.help.intros import INTROS

    return preset if preset in INTROS else game


def lesson_table(app: App, lesson_id: str) -> Scene:
    """The coached hand's table through its opening (the screen "lesson"): pushed over
    the current scene, it pops back to it."""
    from game.help.coach import lesson
    from game.scenes.kit.coach import make_coached
    from game.scenes.opening import open_scene

    current = lesson(lesson_id)
    scene = open_scene(app, current.game, current.preset, lambda: make_coached(app, lesson_id))
    assert scene is not None
    return scene


class LessonOffer(OverlayScene):
    name = "lesson-offer"

    def __init__(
        self,
        app: App,
        lesson_id: str,
        not_now: Callable[[], None],
        room: pygame.Rect | None = None,
    ) -> None:
        super().__init__(app)
        self.lesson_id = lesson_id
        self.not_now = not_now
        # Where the offer may stand without covering what the screen below shows (quick
        # play's rows: the player's choices stay in sight); the centre when it is None
        # or too small.
        self.room = room
        self.keep_below_in_sight()

    def question(self) -> str:
        from game.help.intros_modern import MODERN_INTROS

        if self.lesson_id in LESSONS:
            return i18n.t("coach.offer", game=game_name(self.lesson_id))
        preset = i18n.t(f"preset.{self.lesson_id}")
        if self.lesson_id in MODERN_INTROS:  # a game of its own: a whole coached hand
            return i18n.t("lesson.offer_whole", preset=preset)
        return i18n.t("tutor.offer_intro", preset=preset)

    def build(self) -> None:
        row_h = self.px(50)
        play, skip = i18n.t("tutor.play_lesson"), i18n.t("tutor.not_now")
        question = self.question()
        button_w = max(self.px(200), *(self.text_width(t) + self.px(40) for t in (play, skip)))
        question_w = self.text_width(question, "#centered") + self.px(40)
        inner_w = max(2 * button_w + self.px(24), question_w)
        self.panel = self.panel_rect(inner_w, 2, row_h, self.px(10))
        top = self.px(40)
        compact = self.px(40 + 44 + 16 + 30) + row_h  # the question over the two buttons
        room = self.room
        fits = room is not None and room.height >= compact + self.px(16)
        if room is not None and fits and room.width >= self.panel.width:
            self.panel = pygame.Rect(0, 0, self.panel.width, compact)
            self.panel.center = room.center
            top = self.px(24)
        self.add_label(
            pygame.Rect(
                self.panel.x + self.px(10),
                self.panel.y + top,
                self.panel.width - self.px(20),
                self.px(44),
            ),
            question,
            "#centered",
        )
        y = self.panel.bottom - row_h - self.px(30)
        self.play = self.add_button(
            pygame.Rect(self.panel.centerx - self.px(12) - button_w, y, button_w, row_h),
            play,
            self.play_lesson,
            object_id="#primary",
        )
        self.skip = self.add_button(
            pygame.Rect(self.panel.centerx + self.px(12), y, button_w, row_h), skip, self.decline
        )

    def remember(self) -> None:
        from game.scenes.kit.coach import mark_seen

        mark_seen(self.app, self.lesson_id)

    def play_lesson(self) -> None:
        self.remember()
        self.app.pop()
        self.app.open("lesson", self.lesson_id)

    def decline(self) -> None:
        self.remember()
        self.app.pop()
        self.not_now()

    def go_back(self) -> None:
        self.app.pop()  # Esc: neither; the offer comes again next time

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ring.move(1)
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.skip.button)
