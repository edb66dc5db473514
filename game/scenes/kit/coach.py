"""Coached hands at the real tables (issue 16): one mechanism for every game.

A lesson is the game's own table with a :class:`Coach` as its director
(``kit.director``). Its engine steps go to a :class:`CoachSession` instead of the
quick-play driver: the lesson's scripted chance and opponents
(``game.help.coach.CoachDriver``, stepwise, so every card and move still animates), and
from the player only the action the coach asks for -- anything else is refused in the
coach's words and changes nothing.

The coach's callout (``kit.coach_callout``) points at the rect the game's
:class:`CoachMarks` give for the step's target (``coach_rect``: the hand total, the
pots, a seat...) and never covers it. An explanation has Continue (and Enter /
Space); every step has "Skip the lesson", which goes back to where the lesson was
opened from. Under ``--autoplay`` the coach presses Continue and the table takes each
asked-for action through its own input path (the scripted player stands in for the
autoplay AI), saving a picture of every step as ``tutorial-<game>-NN-<key>.png``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from game import games, i18n
from game.app import App, Scene
from game.help.coach import NEXT_UNIT, CoachDriver, Lesson, NextUnit, Step, lesson
from game.rules.base import CHANCE, Event
from game.scenes.base import click_events
from game.scenes.kit.coach_callout import CalloutLayout, CoachCallout
from game.scenes.kit.director import Director, DirectorFactory
from game.session.config import QuickPlayConfig
from game.session.drivers import TableDriver

SHOT_FRAMES = 3  # frames a step is on screen (buttons drawn) before its picture
REPOST_FRAMES = 45  # press Continue again if the last press did not take


def _no_choice(*_args: Any) -> None:
    """The opponents' moves are scripted: there is nothing to think about."""
    return None


class ScriptedPlayer:
    """Stands in for the autoplay AI at a coached table: it chooses what the coach asks."""

    def __init__(self, coach: CoachDriver) -> None:
        self.coach = coach

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return self.coach.autoplay_action()


class CoachSession(TableDriver):
    """The table's driver during a lesson (see the module docstring)."""

    def __init__(
        self, coach: CoachDriver, names: list[str], refused: Callable[[Any], None]
    ) -> None:
        self.coach = coach
        self.game = coach.lesson.game
        self.names = names
        self.refused = refused
        self.last_hand = []
        self.hands_done = 0
        self.state = coach.state  # the same object all lesson long (stepwise)
        self.hand_events = []  # nothing to catch up with: the lesson starts at its first card

    def chance(self) -> list[Event]:
        events: list[Event] = self.coach.begin()  # Brag and Nine and a Half deal at once
        while self.coach.state.to_act() == CHANCE:
            happened = self.coach.step_once()
            if happened is None:
                break
            events += happened
        return events

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return _no_choice, ()

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        events = self.coach.begin()  # Nine and a Half's dealer moves first
        return events + (self.coach.step_once() or [])

    def human(self, action: Any) -> list[Event]:
        if not self.coach.allows(action):
            self.refused(action)
            return []
        return self.coach.play(action)

    def next_hand(self) -> list[Event]:
        if self.coach.allows(NEXT_UNIT):
            return self.coach.play(NEXT_UNIT)  # the lesson's next deal
        return self.coach.begin()

    def seat_rng(self, seat: int) -> random.Random:
        return random.Random(seat)

    def over(self) -> bool:
        return False  # the lesson ends with the coach's words, not "the match is over"

    def mid_hand(self) -> bool:
        return False


def refusal_key(step: Step) -> str:
    """The catalog key of why the coach refuses another move at ``step``."""
    return step.refusal or "coach.not_now"


def lesson_config(current: Lesson, state: Any) -> QuickPlayConfig:
    """The table's config for a lesson: its seats, chips and rule set."""
    seats = int(state.num_seats)
    return QuickPlayConfig(
        game=current.game,
        preset=current.preset or "classic",
        opponents=("normal",) * (seats - 1),
        starting_chips=int(state.chips[0]),
        seed=0,
        rounds=1,
        house_rules=tuple(sorted(current.house_rules)),
    )


def real_config(current: Lesson, state: Any, chips: int) -> QuickPlayConfig:
    """The real table a lesson deals you in at: the lesson's rules, seats, opponents and
    starting ``chips``, with cards shuffled as at any table (no seed)."""
    return replace(lesson_config(current, state), seed=None, starting_chips=chips)


def coached(
    current: Lesson,
    make: Callable[[QuickPlayConfig, DirectorFactory], Scene],
    marks: Callable[[Coach], CoachMarks],
) -> Scene:
    """The ``create_coached`` hook of a table module: the table ``make(config,
    director)`` makes, coached through ``current`` with the game's ``marks``."""
    driver = CoachDriver(current, stepwise=True)
    table = make(lesson_config(current, driver.state), Coach.factory(current, driver, marks))
    director = getattr(table, "director", None)
    assert isinstance(director, Coach)
    director.start()
    return table


def make_coached(app: App, game: str) -> Scene:
    """The coached table of ``game``'s lesson: the hook ``create_coached`` of the table
    module the registry names for the lesson's game and rule set."""
    current = lesson(game)
    module = importlib.import_module(games.get(current.game).table_module(current.preset))
    scene: Scene = module.create_coached(app, current)
    return scene


def mark_seen(app: App, lesson_id: str) -> None:
    """Remember that the player has met this lesson (quick play offers it once)."""
    seen = list(getattr(app.settings, "lessons_seen", ()))
    if lesson_id in seen:
        return
    app.settings.lessons_seen = (*seen, lesson_id)
    if not app.options.autoplay:
        app.save_settings()


class CoachMarks:
    """What a lesson needs of one game's table: where each coach target is
    (``coach_rect``: None is the whole table, no pointer), what the callout keeps clear
    of, which controls make the asked-for move. The defaults suit the kit's card
    tables; ``c`` is the coach, ``t`` the table."""

    name = ""  # the scene's name ("kessel-lesson")

    def __init__(self, coach: Coach) -> None:
        self.c = coach
        self.t: Any = coach.t

    # ------------------------------------------------------------ the callout
    def coach_rect(self, target: str) -> pygame.Rect | None:
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        """What the callout keeps clear of besides its target."""
        return []

    def coach_readable(self) -> list[pygame.Rect]:
        """What the callout's pointer must not be drawn over: what the callout keeps
        clear of, every name plate, and the table's own words (a table adds its turn
        prompt)."""
        places = getattr(self.t, "places", self.t)  # a table's layout role, else the table
        plates: dict[int, pygame.Rect] = getattr(places, "plates", None) or {}
        return [*self.coach_avoid(), *plates.values()]

    def coach_soft(self) -> list[pygame.Rect]:
        """What a callout keeps clear of when there is room (the table's middle)."""
        return []

    def coach_width(self) -> int:
        """The width of the callout's words (a crowded table asks for narrower)."""
        return round(400 * self.t.table_u)

    def coach_area(self) -> pygame.Rect:
        """Where callouts may go (the felt: the side panel's log stays readable)."""
        felt: pygame.Rect = self.t.felt
        return felt

    def coach_home(self) -> pygame.Rect:
        """Where a callout about the whole table sits (the felt's middle)."""
        felt: pygame.Rect = self.t.felt
        return felt

    def coach_card(self, code: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A card of the lesson's game drawn with the table's art (None: the table
        draws no cards in its callouts)."""
        return None

    def coach_actions_rect(self) -> pygame.Rect:
        """The table's controls (its action bar)."""
        column: pygame.Rect = self.t.column
        return column

    # ------------------------------------------------------------ the table
    def start(self) -> None:
        """The table is made: the scripted player stands in for the autoplay AI."""
        self.t.autoplay_bot = ScriptedPlayer(self.c.driver)

    def busy(self) -> bool:
        """The table is still showing something (the callout waits for it): cards and
        chips moving, or a banner ("You set the limit at 5.") still up. A banner
        belongs to its moment: the callout comes once it has faded, never over it."""
        return bool(self.t.queue.busy) or bool(self.t.banner.shown)

    def coach_keys(self, action: Any) -> set[str] | None:
        """The keys of the controls that make ``action`` (None: leave every control)."""
        return None

    def controls(self, legal: Callable[[], Any]) -> Any:
        """The table's controls (``legal`` gives its own): none while the coach talks
        or once the lesson is over (Continue is the coach's own), else ``rows``."""
        asked = self.c.asked()
        return [] if asked is None else self.rows(asked, legal)

    def rows(self, asked: Step, legal: Callable[[], list[list[Any]]]) -> list[list[Any]]:
        """The table's controls while the coach asks for ``asked``: only those of the
        asked-for move can be pressed; the rest are greyed with the coach's reason (as
        the Sabacc table's bar greys them)."""
        rows = legal()
        keys = {"next"} if isinstance(asked.action, NextUnit) else self.coach_keys(asked.action)
        if keys is None:
            return rows
        reason = i18n.t(refusal_key(asked))
        return [
            [
                control
                if control.on_press is None or control.key in keys
                else replace(control, primary=False, reason=reason)
                for control in row
            ]
            for row in rows
        ]

    def may_advance(self) -> bool:
        """Whether the table's engine loop moves on (an intro stands still once it has
        had its moment)."""
        return True

    def status_text(self) -> str | None:
        """The table's "whose turn" words (None: the table's own)."""
        return None

    def changed(self) -> None:
        """The step on show changed (a table greys the controls the coach does not want)."""

    def update(self, dt: float) -> None:
        """After the table's and the coach's update."""

    def refused(self, action: Any) -> None:
        """The coach refused the player's ``action`` (a table puts things back)."""


class Coach(Director):
    """The lesson ``current`` on ``table`` (see the module docstring); ``driver`` is
    the lesson's script, ``marks`` the game's :class:`CoachMarks`."""

    def __init__(
        self,
        table: Any,
        current: Lesson,
        driver: CoachDriver,
        marks: Callable[[Coach], CoachMarks],
    ) -> None:
        super().__init__(table)
        self.lesson = current
        self.driver = driver
        self.marks = marks(self)
        self.name = self.marks.name
        self.callout = CoachCallout(self)
        self.refusing = False  # the player's last move was refused (the callout says why)
        self._key: tuple[Any, ...] | None = None  # what the callout was laid out for
        self._number: int | None = None
        self._shots: set[int] = set()
        self._wait = 0
        self._pressed: tuple[Any, int] | None = None
        self.start_chips = int(driver.state.chips[0])
        self.saved: list[str] = []  # the step pictures taken (autoplay)

    @classmethod
    def factory(
        cls, current: Lesson, driver: CoachDriver, marks: Callable[[Coach], CoachMarks]
    ) -> DirectorFactory:
        """How a table is given this coach (its ``director`` argument)."""
        return lambda table: cls(table, current, driver, marks)

    def start(self) -> None:
        self.marks.start()

    def session(self, names: list[str]) -> CoachSession:
        """The table's driver for the lesson."""
        return CoachSession(self.driver, names, self.refuse)

    # ------------------------------------------------------------ what shows
    @property
    def steps_total(self) -> int:
        return len(self.lesson.steps) + len(self.lesson.ending)

    def visible_step(self) -> tuple[int, Step | None] | None:
        """(number, step) of the callout on show: (total + 1, None) once the lesson is
        over; None while the table plays on (cards flying, opponents moving)."""
        if self.marks.busy():
            return None
        if self.driver.over:
            return self.steps_total + 1, None
        step = self.driver.current()
        if step is None:
            return None
        return self.driver.shown + 1, step

    def refuse(self, action: Any) -> None:
        self.refusing = True
        self._key = None
        self.marks.refused(action)

    def asked(self) -> Step | None:
        """The action step on show (None: an explanation, or nothing)."""
        shown = self.visible_step()
        if shown is None or shown[1] is None or shown[1].wants is None:
            return None
        return shown[1]

    def callout_words(self, step: Step | None) -> tuple[str, str]:
        """The callout's words and, after a refused move, why ("": none refused)."""
        if step is None:
            # A whole hand's last word offers a real one; a rule set's short intro says done.
            done = "lesson.ready" if self.lesson.stop_after is None else "coach.done"
            return i18n.t(done), ""
        refusal = i18n.t(refusal_key(step)) if self.refusing else ""
        return i18n.t(step.key, **self.driver.facts(step)), refusal

    def layout(self, number: int, step: Step | None) -> CalloutLayout:
        """The callout of step ``number`` measured and placed (``CoachCallout.layout``)."""
        return self.callout.layout(number, step)

    def sync(self) -> None:
        """Lay the callout out again (and its buttons) when the step or window changed."""
        shown = self.visible_step()
        number = shown[0] if shown is not None else None
        if number != self._number:
            if number is not None:
                self.refusing = False  # a refusal belongs to the step it answered
            self._number = number
            self._key = None
            self.marks.changed()
        target = None
        if shown is not None and shown[1] is not None:
            rect = self.marks.coach_rect(shown[1].target)
            target = tuple(rect) if rect is not None else None
        key = (number, self.refusing, self.t.app.size, i18n.get_language(), target)
        if key != self._key:
            self._key = key
            self.callout.build()

    # ------------------------------------------------------------ the table's hooks
    def new_state(self, make: Callable[[], Any]) -> Any:
        return self.driver.state

    def attach_driver(self) -> None:
        self.t.driver = self.session(list(self.t.names))

    def may_advance(self) -> bool:
        return self.marks.may_advance()

    def rows(self, legal: Callable[[], Any]) -> Any:
        return self.marks.controls(legal)

    def status_text(self) -> str | None:
        return self.marks.status_text()

    def speaking(self) -> bool:
        return self.visible_step() is not None

    def built(self) -> None:
        self._key = None  # a resize or a new language: lay the callout out again
        self.marks.changed()

    def controls_changed(self) -> None:
        self.marks.changed()

    def update(self, dt: float) -> None:
        self.sync()
        self.marks.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.callout.draw(surface)

    def redraw_in(self) -> float | None:
        return 0.0 if self.visible_step() is None else None

    def picture_key(self) -> object:
        shown = self.visible_step()
        return shown[0] if shown is not None else None

    def whole_window(self) -> bool:
        return True  # the callout changes with the step

    def control_refused(self, control: Any) -> None:
        """A greyed control pressed: the coach says it wants another move."""
        self.refuse(None)

    # ------------------------------------------------------------ input
    def event(self, event: pygame.event.Event) -> bool:
        """The coach's own input: its buttons, Enter / Space to continue."""
        buttons = self.callout.buttons
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in buttons.items():
                if event.ui_element is button:
                    self.press(name)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            for name in ("continue", "deal"):
                if name in buttons:
                    self.press(name)
                    return True
        return False

    def press(self, name: str) -> None:
        if name == "continue":
            step = self.visible_step()
            if step is not None and step[1] is not None and step[1].wants is None:
                self.driver.acknowledge()
        elif name in ("skip", "finish"):
            self.leave()
            return
        elif name == "deal":
            self.deal_in()
            return
        self.sync()

    def deal_in(self) -> None:
        """The lesson is over: a real hand at a real table with the same rules and
        opponents takes the lesson's place (leaving it goes back where the lesson was
        opened from)."""
        app = self.t.app
        self.t.queue.clear()
        self.callout.kill_ui()
        mark_seen(app, self.lesson.id)
        if app.options.autoplay and getattr(app.options, "tutorial", None):
            app.quit(0)  # the coached hand was the run (CONTRACT §9)
            return
        config = real_config(self.lesson, self.driver.state, self.start_chips)
        app.open("table", config, replace=True)

    def leave(self) -> None:
        """Leave the lesson for the scene it was opened from (the CLI's run ends)."""
        app = self.t.app
        self.t.queue.clear()
        self.callout.kill_ui()
        mark_seen(app, self.lesson.id)
        if app.options.autoplay and getattr(app.options, "tutorial", None):
            app.quit(0)
            return
        app.pop_until(self.t)
        app.pop()

    # ------------------------------------------------------------ autoplay
    def autoplay_step(self) -> bool:
        """Under --autoplay: a picture of each step, then Continue (True), or False when
        the table's own autoplay should take the asked-for action now."""
        app = self.t.app
        if app.top is not self.t:
            return True
        self.sync()
        shown = self.visible_step()
        if shown is None:
            return True  # the table plays on; nothing to press
        number, step = shown
        if number not in self._shots:
            if self._wait < SHOT_FRAMES:
                self._wait += 1
                return True
            self._shots.add(number)
            self._wait = 0
            self.save_step_shot(number, step)
            return True
        if step is not None and step.wants is not None:
            return False
        name = "deal" if step is None else "continue"
        button = self.callout.buttons.get(name)
        last = self._pressed
        if button is None or (
            last is not None and last[0] == number and app.frame - last[1] < REPOST_FRAMES
        ):
            return True
        self._pressed = (number, app.frame)
        for event in click_events(button):
            pygame.event.post(event)
        return True

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """Between a lesson's deals autoplay presses Next deal, as the coach asks."""
        asked = self.asked()
        if asked is not None and isinstance(asked.action, NextUnit):
            return [lambda: self.t.click_control("next")]
        return []

    def save_step_shot(self, number: int, step: Step | None) -> None:
        app = self.t.app
        folder = app.options.screenshots
        if folder is None:
            return
        key = step.key.rsplit(".", 1)[-1] if step is not None else "done"
        name = f"tutorial-{self.lesson.id}-{number:02d}-{key}.png"
        folder.mkdir(parents=True, exist_ok=True)
        display = pygame.display.get_surface()
        pygame.image.save(display if display is not None else app.screen, str(folder / name))
        self.saved.append(name)
