"""Coached hands at the real tables (issue 16): one mechanism for every game.

A coached table is the game's own table class with :class:`CoachTable` mixed in
before it (``class CoachedSabacc(CoachTable, SabaccTable)``). Its engine steps go to
a :class:`CoachSession` instead of the quick-play driver: the lesson's scripted chance
and opponents (``game.help.coach.CoachDriver``, stepwise, so every card and move still
animates), and from the player only the action the coach asks for -- anything else is
refused in the coach's words and changes nothing.

The coach's callout (``game.ui.callout``) points at the rect the table gives for the
step's target (``coach_rect``: the hand total, the pots, a seat...) and never covers
it. An explanation has Continue (and Enter / Space); every step has "Skip the
lesson", which goes back to where the lesson was opened from. Under ``--autoplay``
the table presses Continue and takes each asked-for action through its own input
path (the scripted player stands in for the autoplay AI), saving a picture of every
step as ``tutorial-<game>-NN-<key>.png``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game import games, i18n
from game.app import App, Scene
from game.help.coach import NEXT_UNIT, CoachDriver, Lesson, NextUnit, Step, lesson
from game.rules.base import CHANCE, Event
from game.scenes.base import click_events
from game.session.config import QuickPlayConfig
from game.session.drivers import TableDriver
from game.ui.callout import CALLOUT_INK, box_size, draw_callout, place_box, pointer_crosses

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


@dataclass
class CalloutLayout:
    """A coach callout measured and placed (``CoachTable.coach_layout``)."""

    lines: list[pygame.Surface]
    footer: pygame.Surface
    labels: list[tuple[str, str]]  # (button name, its words)
    widths: list[int]
    button_h: int
    gap: int
    pad: int
    row_w: int
    box: pygame.Rect
    target: pygame.Rect | None


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


class CoachTable:
    """The coach's part of a coached table (mixed in before the table's class).

    A table gives ``coach_rect(target)`` (None: the whole table, no pointer) and
    ``coach_avoid()`` (what the callout should keep clear of besides its target); it
    calls ``coach_attach()`` once its state exists, unless its driver hooks do it.
    """

    app: App
    coach: CoachDriver
    lesson: Lesson
    queue: Any
    table_u: float

    def __init__(self, app: App, current: Lesson) -> None:
        self.lesson = current
        self.coach = CoachDriver(current, stepwise=True)
        self.coach_refused = False
        self._coach_ui: pygame_gui.core.UIContainer | None = None
        self._coach_buttons: dict[str, UIButton] = {}
        self._coach_key: tuple[Any, ...] | None = None
        self._coach_number: int | None = None
        self._coach_box: pygame.Rect | None = None
        self._coach_target: pygame.Rect | None = None
        self._coach_under: list[pygame.Rect] = []  # what the pointer passes under
        self._coach_lines: list[pygame.Surface] = []
        self._coach_footer: pygame.Surface | None = None
        self._coach_shots: set[int] = set()
        self._coach_wait = 0
        self._coach_pressed: tuple[Any, int] | None = None
        self.coach_start_chips = 0
        self.coach_saved: list[str] = []  # the step pictures taken (autoplay)
        self.coach_start_chips = int(self.coach.state.chips[0])
        super().__init__(app, lesson_config(current, self.coach.state))  # type: ignore[call-arg]
        self.coach_attach()

    # ------------------------------------------------------------ table hooks
    def coach_rect(self, target: str) -> pygame.Rect | None:
        return None

    def coach_avoid(self) -> list[pygame.Rect]:
        return []

    def coach_readable(self) -> list[pygame.Rect]:
        """What the callout's pointer must not be drawn over: what the callout keeps
        clear of, every name plate, and the table's own words (a table adds its turn
        prompt)."""
        places = getattr(self, "places", self)  # a table's layout role, else the table
        plates: dict[int, pygame.Rect] = getattr(places, "plates", None) or {}
        return [*self.coach_avoid(), *plates.values()]

    def coach_pointer_clear(self, target: pygame.Rect) -> list[pygame.Rect]:
        """``coach_readable`` less the target and what lies inside it (the tests check
        the pointer crosses none of these)."""
        return [r for r in self.coach_readable() if r != target and not target.contains(r)]

    def coach_pointer_width(self) -> int:
        """Half the width of the pointer's base (as ``draw_callout`` draws it)."""
        return max(8, round(14 * self.table_u))

    def coach_attach(self) -> None:
        """The table is built: put the lesson's state, driver and players in place."""

    def coach_card(self, code: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A card of the lesson's game drawn with the table's art (None: the table
        draws no cards in its callouts)."""
        return None

    def coach_cards(self, codes: tuple[str, ...], width: int, pad: int) -> pygame.Surface | None:
        """A step's example cards side by side, as wide as the callout's words, with a
        little room above them (``Step.cards``)."""
        gap = max(4, pad // 2)
        count = len(codes)
        card_w = min(round(60 * self.table_u), (width - gap * (count - 1)) // count)
        card_h = card_w * 3 // 2
        row = pygame.Surface(((card_w + gap) * count - gap, card_h + pad), pygame.SRCALPHA)
        for index, code in enumerate(codes):
            image = self.coach_card(code, (card_w, card_h))
            if image is None:
                return None
            row.blit(image, (index * (card_w + gap), pad))
        return row

    def coach_changed(self) -> None:
        """The step on show changed (a table greys the controls the coach does not want)."""

    def coach_session(self, names: list[str]) -> CoachSession:
        return CoachSession(self.coach, names, self.refuse)

    # ------------------------------------------------------------ what shows
    @property
    def steps_total(self) -> int:
        return len(self.lesson.steps) + len(self.lesson.ending)

    def coach_busy(self) -> bool:
        """The table is still showing something (the callout waits for it): cards and
        chips moving, or a banner ("You set the limit at 5.") still up. A banner
        belongs to its moment: the callout comes once it has faded, never over it."""
        return bool(self.queue.busy) or self.banner_up()

    def banner_up(self) -> bool:
        """A banner of the table's (``kit.table``'s, or a Sabacc model's) is on show."""
        model = getattr(getattr(self, "anim", None), "model", None)  # a Sabacc table's
        for banner in (getattr(self, "banner", None), getattr(model, "banner", None)):
            if banner is not None and banner.shown:
                return True
        return False

    def visible_step(self) -> tuple[int, Step | None] | None:
        """(number, step) of the callout on show: (total + 1, None) once the lesson is
        over; None while the table plays on (cards flying, opponents moving)."""
        if self.coach_busy():
            return None
        if self.coach.over:
            return self.steps_total + 1, None
        step = self.coach.current()
        if step is None:
            return None
        return self.coach.shown + 1, step

    def refuse(self, action: Any) -> None:
        self.coach_refused = True
        self._coach_key = None

    def asked(self) -> Step | None:
        """The action step on show (None: an explanation, or nothing)."""
        shown = self.visible_step()
        if shown is None or shown[1] is None or shown[1].wants is None:
            return None
        return shown[1]

    # ------------------------------------------------------------ the callout
    def _coach_layout_key(self) -> tuple[Any, ...]:
        shown = self.visible_step()
        size = self.app.size
        target = None
        if shown is not None and shown[1] is not None:
            rect = self.coach_rect(shown[1].target)
            target = tuple(rect) if rect is not None else None
        return (shown[0] if shown else None, self.coach_refused, size, i18n.get_language(), target)

    def coach_sync(self) -> None:
        """Lay the callout out again (and its buttons) when the step or window changed."""
        shown = self.visible_step()
        number = shown[0] if shown is not None else None
        if number != self._coach_number:
            if number is not None:
                self.coach_refused = False  # a refusal belongs to the step it answered
            self._coach_number = number
            self._coach_key = None
            self.coach_changed()
        key = self._coach_layout_key()
        if key != self._coach_key:
            self._coach_key = key
            self._build_coach()

    def coach_layout(self, number: int, step: Step | None) -> CalloutLayout:
        """The callout of step ``number`` in the current language and window: its words,
        footer and buttons measured, and where it goes (no widgets made: the tests
        check the placement at every step in every language this way)."""
        best: CalloutLayout | None = None
        best_hidden = 0
        # Where the table has no room for the callout clear of what it must keep in
        # view, the words wrap narrower (a taller box fits beside the target), or
        # wider (a low box fits in a strip of free felt, as under Brag's sets).
        for share in (1.0, 0.8, 0.65, 0.5, 1.35, 1.7):
            lay = self._coach_layout(number, step, round(self.coach_width() * share))
            hidden = sum(lay.box.clip(r).width * lay.box.clip(r).height for r in self.coach_avoid())
            if best is None or hidden < best_hidden:
                best, best_hidden = lay, hidden
            if hidden == 0:
                break
        assert best is not None
        return best

    def callout_words(self, step: Step | None) -> tuple[str, str]:
        """The callout's words and, after a refused move, why ("": none refused)."""
        if step is None:
            # A whole hand's last word offers a real one; a rule set's short intro says done.
            done = "lesson.ready" if self.lesson.stop_after is None else "coach.done"
            return i18n.t(done), ""
        refusal = i18n.t(refusal_key(step)) if self.coach_refused else ""
        return i18n.t(step.key, **self.coach.facts(step)), refusal

    def _coach_layout(self, number: int, step: Step | None, width: int) -> CalloutLayout:
        from game.scenes.kit.text import text, wrap

        u = self.table_u
        size = max(12, round(17 * u))
        pad = max(8, round(14 * u))
        words, refusal = self.callout_words(step)
        row = self.coach_cards(step.cards, width, pad) if step is not None and step.cards else None
        if row is not None:
            width = min(width, row.get_width())  # the words as wide as the cards: a slim box
        lines = [text(line, size, CALLOUT_INK) for line in wrap(words, size, width)]
        if row is not None:
            lines.append(row)
        if refusal:
            bad = (170, 30, 24)
            lines += [text(line, size, bad, True) for line in wrap(refusal, size, width)]
        footer_words = (
            i18n.t("coach.step", step=number, total=self.steps_total)
            if step is not None
            else i18n.t("coach.title")
        )
        footer = text(footer_words, max(11, round(14 * u)), (110, 84, 40))
        # The buttons under the words: Skip always, Continue for an explanation, and
        # once the lesson is over, Back and "Deal me in" (a real hand at these rules).
        labels: list[tuple[str, str]] = []
        if step is None:
            labels.append(("finish", i18n.t("tutor.finish")))
            labels.append(("deal", i18n.t("lesson.deal_me_in")))
        else:
            labels.append(("skip", i18n.t("coach.skip")))
            if step.wants is None:
                labels.append(("continue", i18n.t("coach.continue")))
        font = self.app.font_for("button")
        button_h = max(30, round(38 * self.app.scale))
        widths = [font.size(label)[0] + round(36 * self.app.scale) for _, label in labels]
        gap = round(10 * u)
        row_w = sum(widths) + gap * (len(widths) - 1)
        w, h = box_size(lines, pad, footer.get_height() + gap + button_h + gap)
        w = max(w, row_w + 2 * pad, footer.get_width() + 2 * pad)
        target = self.coach_rect(step.target) if step is not None else None
        if target is None:
            box = self.place_free((w, h))
        else:
            box = self.place_callout(target, (w, h), round(14 * u))
        return CalloutLayout(lines, footer, labels, widths, button_h, gap, pad, row_w, box, target)

    def _build_coach(self) -> None:
        self._kill_coach_ui()
        self._coach_box = None
        shown = self.visible_step()
        if shown is None:
            return
        lay = self.coach_layout(*shown)
        box, target, pad = lay.box, lay.target, lay.pad
        lines, footer, labels, widths = lay.lines, lay.footer, lay.labels, lay.widths
        button_h, gap, row_w = lay.button_h, lay.gap, lay.row_w
        screen = pygame.Rect((0, 0), self.app.size)
        self._coach_box, self._coach_target = box, target
        self._coach_under = (
            pointer_crosses(
                box, target, self.coach_pointer_clear(target), self.coach_pointer_width()
            )
            if target is not None
            else []
        )
        self._coach_lines, self._coach_footer = lines, footer
        self._coach_ui = pygame_gui.core.UIContainer(screen, self.app.manager, starting_height=20)
        x = box.right - pad - row_w
        y = box.bottom - pad - button_h
        for (name, label), bw in zip(labels, widths, strict=True):
            primary = name in ("continue", "deal")
            self._coach_buttons[name] = UIButton(
                pygame.Rect(x, y, bw, button_h),
                label,
                self.app.manager,
                self._coach_ui,
                object_id=ObjectID("#primary", None) if primary else None,
            )
            x += bw + gap
        if not getattr(self, "visible", True):
            self._coach_ui.hide()

    def place_callout(self, target: pygame.Rect, size: tuple[int, int], gap: int) -> pygame.Rect:
        """Beside ``target`` on the felt, clear of what the table must keep in view
        (``coach_avoid``) and, when there is room, of its other furniture
        (``coach_soft``); else in the felt's free middle; the nearest such place to the
        target wins, among those whose pointer crosses nothing the player reads
        (``coach_readable``) when there are such. Never on the target."""
        area = self.coach_area()
        hard = [target, *self.coach_avoid()]
        soft = self.coach_soft()
        w, h = size
        t = target
        spots = [
            (t.centerx - w // 2, t.bottom + gap),
            (t.centerx - w // 2, t.top - gap - h),
            (t.right + gap, t.centery - h // 2),
            (t.left - gap - w, t.centery - h // 2),
            (t.right + gap, t.bottom + gap),
            (t.left - gap - w, t.bottom + gap),
            (t.right + gap, t.top - gap - h),
            (t.left - gap - w, t.top - gap - h),
            (t.right - w, t.bottom + gap),
            (t.left, t.bottom + gap),
            (t.right - w, t.top - gap - h),
            (t.left, t.top - gap - h),
        ]
        m = gap
        spots += [
            (area.left + m, area.top + m),
            (area.right - m - w, area.top + m),
            (area.left + m, area.bottom - m - h),
            (area.right - m - w, area.bottom - m - h),
        ]
        # And every place on a grid over the area: when the spots beside the target
        # are taken, the free place nearest to it (not a far corner) is among these.
        steps = 12
        spots += [
            (area.left + (area.width - w) * i // steps, area.top + (area.height - h) * j // steps)
            for i in range(steps + 1)
            for j in range(steps + 1)
        ]
        tries = [pygame.Rect(x, y, w, h).clamp(area) for x, y in spots]
        tries.append(place_box(area, target, size, [*hard[1:], *soft], gap))
        home = self.coach_home()
        for fx in (0.5, 0.3, 0.7):
            for fy in (0.5, 0.35, 0.65, 0.2, 0.8):
                box = pygame.Rect((0, 0), size)
                box.center = (
                    home.left + round(home.width * fx),
                    home.top + round(home.height * fy),
                )
                tries.append(box.clamp(area))

        def covered(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(box.clip(r).width * box.clip(r).height for r in rects)

        def distance(box: pygame.Rect) -> float:
            dx = max(0, box.left - t.right, t.left - box.right)
            dy = max(0, box.top - t.bottom, t.top - box.bottom)
            return float(dx * dx + dy * dy)

        # Clear of what must stay in view; then near the target, covering as little of
        # the rest of the table as it can (a far corner costs as much as a card covered).
        def cost(box: pygame.Rect) -> float:
            return distance(box) ** 0.5 + 0.03 * covered(box, soft)

        readable = self.coach_pointer_clear(target)
        width = self.coach_pointer_width()

        def crossed(box: pygame.Rect) -> int:
            """What the player could not read with the callout here: a rect under
            the box counts more than one the pointer passes over."""
            hidden = sum(1 for r in readable if box.colliderect(r))
            return 10 * hidden + len(pointer_crosses(box, target, readable, width))

        clear = [box for box in tries if covered(box, hard) == 0]
        if clear:
            # A box or pointer over a name or the turn's words costs more than any
            # distance (when every place has a pointer over one, it is drawn under).
            least = min(crossed(box) for box in clear)
            clear = [box for box in clear if crossed(box) == least]
            best = min(clear, key=cost)
            # Then slide it closer to the target, as far as it stays clear.
            for step in (32, 16, 8, 4, 2, 1):
                moved = True
                while moved:
                    moved = False
                    for dx, dy in ((step, 0), (-step, 0), (0, step), (0, -step)):
                        box = best.move(dx, dy)
                        if (
                            area.contains(box)
                            and covered(box, hard) == 0
                            and cost(box) < cost(best)
                            and crossed(box) <= least
                        ):
                            best, moved = box, True
            return best
        apart = [b for b in tries if not b.colliderect(target)]
        return min(apart or tries, key=lambda b: covered(b, hard))

    def place_free(self, size: tuple[int, int]) -> pygame.Rect:
        """A callout about the whole table: in the middle of ``coach_home``, or the
        place nearest to it clear of what the table must keep in view (and of its
        other furniture, when there is room)."""
        area, home, hard = self.coach_area(), self.coach_home(), self.coach_avoid()
        w, h = size
        box = pygame.Rect(0, 0, w, h)
        box.center = home.center
        box = box.clamp(area)  # a narrow home: the box stays on the felt
        if not any(box.colliderect(r) for r in hard):
            return box
        steps = 16
        tries = [
            pygame.Rect(
                area.left + (area.width - w) * i // steps,
                area.top + (area.height - h) * j // steps,
                w,
                h,
            )
            for i in range(steps + 1)
            for j in range(steps + 1)
        ]
        x, y = home.center
        # Clear of the table's furniture too when there is such a place (the others'
        # cards), else of what must stay in view.
        for keep in ([*hard, *self.coach_soft()], hard):
            clear = [b for b in tries if not any(b.colliderect(r) for r in keep)]
            if clear:
                return min(clear, key=lambda b: (b.centerx - x) ** 2 + (b.centery - y) ** 2)
        return box

    def coach_area(self) -> pygame.Rect:
        """Where callouts may go (the felt: the side panel's log stays readable)."""
        felt: pygame.Rect | None = getattr(self, "felt", None)
        return felt if felt is not None else pygame.Rect((0, 0), self.app.size)

    def coach_soft(self) -> list[pygame.Rect]:
        """What a callout keeps clear of when there is room (the table's middle)."""
        return []

    def coach_width(self) -> int:
        """The width of the callout's words (a crowded table asks for narrower)."""
        return round(400 * self.table_u)

    def coach_home(self) -> pygame.Rect:
        """Where a callout about the whole table sits (the felt's middle)."""
        felt: pygame.Rect | None = getattr(self, "felt", None)
        return felt if felt is not None else pygame.Rect((0, 0), self.app.size)

    def _kill_coach_ui(self) -> None:
        if self._coach_ui is not None:
            self._coach_ui.kill()
        self._coach_ui = None
        self._coach_buttons = {}

    def draw_coach(self, surface: pygame.Surface) -> None:
        box = self._coach_box
        if box is None or self.visible_step() is None:
            return
        pad = max(8, round(14 * self.table_u))
        draw_callout(
            surface, box, self._coach_target, self._coach_lines, None, pad, self._coach_under
        )
        if self._coach_footer is not None:
            button_h = max(30, round(38 * self.app.scale))
            y = (
                box.bottom
                - pad
                - button_h
                - round(10 * self.table_u)
                - self._coach_footer.get_height()
            )
            surface.blit(self._coach_footer, (box.left + pad, y))

    def coach_rects(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """(callout box, its target) as laid out now (the tests check they never meet)."""
        self.coach_sync()
        return self._coach_box, self._coach_target

    # ------------------------------------------------------------ input
    def coach_event(self, event: pygame.event.Event) -> bool:
        """The coach's own input: its buttons, Enter / Space to continue."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self._coach_buttons.items():
                if event.ui_element is button:
                    self.coach_press(name)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            if "continue" in self._coach_buttons:
                self.coach_press("continue")
                return True
            if "deal" in self._coach_buttons:
                self.coach_press("deal")
                return True
        return False

    def coach_press(self, name: str) -> None:
        if name == "continue":
            step = self.visible_step()
            if step is not None and step[1] is not None and step[1].wants is None:
                self.coach.acknowledge()
        elif name in ("skip", "finish"):
            self.end_lesson()
            return
        elif name == "deal":
            self.deal_in()
            return
        self.coach_sync()

    def deal_in(self) -> None:
        """The lesson is over: a real hand at a real table with the same rules and
        opponents takes the lesson's place (leaving it goes back where the lesson was
        opened from)."""
        self.queue.clear()
        self._kill_coach_ui()
        mark_seen(self.app, self.lesson.id)
        if self.app.options.autoplay and getattr(self.app.options, "tutorial", None):
            self.app.quit(0)  # the coached hand was the run (CONTRACT §9)
            return
        config = real_config(self.lesson, self.coach.state, self.coach_start_chips)
        self.app.open("table", config, replace=True)

    def end_lesson(self) -> None:
        """Leave the lesson for the scene it was opened from (the CLI's run ends)."""
        self.queue.clear()
        self._kill_coach_ui()
        mark_seen(self.app, self.lesson.id)
        if self.app.options.autoplay and getattr(self.app.options, "tutorial", None):
            self.app.quit(0)
            return
        self.app.pop_until(self)  # type: ignore[arg-type]
        self.app.pop()

    def leave_table(self) -> None:
        self.end_lesson()

    # ------------------------------------------------------------ autoplay
    def coach_autoplay(self) -> bool:
        """Under --autoplay: a picture of each step, then Continue (True), or False when
        the table's own autoplay should take the asked-for action now."""
        if self.app.top is not self:
            return True
        self.coach_sync()
        shown = self.visible_step()
        if shown is None:
            return True  # the table plays on; nothing to press
        number, step = shown
        if number not in self._coach_shots:
            if self._coach_wait < SHOT_FRAMES:
                self._coach_wait += 1
                return True
            self._coach_shots.add(number)
            self._coach_wait = 0
            self.save_step_shot(number, step)
            return True
        if step is not None and step.wants is not None:
            return False
        name = "deal" if step is None else "continue"
        button = self._coach_buttons.get(name)
        pressed = (number, self.app.frame)
        last = self._coach_pressed
        if button is None or (
            last is not None and last[0] == number and self.app.frame - last[1] < REPOST_FRAMES
        ):
            return True
        self._coach_pressed = pressed
        for event in click_events(button):
            pygame.event.post(event)
        return True

    def save_step_shot(self, number: int, step: Step | None) -> None:
        folder = self.app.options.screenshots
        if folder is None:
            return
        key = step.key.rsplit(".", 1)[-1] if step is not None else "done"
        name = f"tutorial-{self.lesson.id}-{number:02d}-{key}.png"
        folder.mkdir(parents=True, exist_ok=True)
        display = pygame.display.get_surface()
        pygame.image.save(display if display is not None else self.app.screen, str(folder / name))
        self.coach_saved.append(name)

    # ------------------------------------------------------------ lifecycle
    def pause(self) -> None:
        super().pause()  # type: ignore[misc]
        if self._coach_ui is not None:
            self._coach_ui.hide()

    def resume(self) -> None:
        super().resume()  # type: ignore[misc]
        if self._coach_ui is not None:
            self._coach_ui.show()

    def shutdown(self) -> None:
        self._kill_coach_ui()
        super().shutdown()  # type: ignore[misc]

    def recreate_ui(self) -> None:
        super().recreate_ui()  # type: ignore[misc]
        self._coach_key = None  # a resize or a new language: lay the callout out again

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.coach_event(event):
            return None
        result: pygame.event.Event | None = super().process_event(event)  # type: ignore[misc]
        return result

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        self.coach_sync()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        self.draw_coach(surface)

    def redraw_in(self) -> float:
        return 0.0 if self.visible_step() is None else super().redraw_in()  # type: ignore[misc]

    def picture_key(self) -> object:
        shown = self.visible_step()
        return (super().picture_key(), shown[0] if shown is not None else None)  # type: ignore[misc]

    def animated_rects(self) -> list[pygame.Rect] | None:
        return None  # the callout changes with the step: the whole window


class CoachCardTable(CoachTable):
    """The coach's hooks for the card tables (Brag, Nine and a Half): the lesson's state
    and driver, the table's controls only while the coach asks for an action, and no
    phase pictures of their own."""

    controls: dict[str, Any]
    column: pygame.Rect
    driver: TableDriver | None

    def new_state(self, make: Callable[[], Any]) -> Any:
        return self.coach.state

    def attach_driver(self, bots: dict[int, Any]) -> None:
        names: list[str] = getattr(self, "names", [])
        self.driver = self.coach_session(names)
        self.observe()  # type: ignore[attr-defined]

    def coach_attach(self) -> None:
        self.autoplay_bot = ScriptedPlayer(self.coach)

    def legal_rows(self) -> list[Any]:
        asked = self.asked()
        if asked is None:
            return []  # the coach is talking, or the lesson is over: Continue is its own
        rows: list[Any] = super().legal_rows()  # type: ignore[misc]
        keys = {"next"} if isinstance(asked.action, NextUnit) else self.coach_keys(asked.action)
        if keys is None:
            return rows
        # Only the controls of the asked-for move can be pressed; the rest are greyed
        # with the coach's reason (as the Sabacc table's bar greys them).
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

    def coach_keys(self, action: Any) -> set[str] | None:
        """The keys of the controls that make ``action`` (None: leave every control)."""
        return None

    def control_refused(self, control: Any) -> None:
        """A greyed control pressed: the coach says it wants another move."""
        self.refuse(None)

    def screenshot(self, label: str) -> None:
        """The lesson takes a picture of each step instead (``save_step_shot``)."""

    def autoplay_step(self) -> None:
        if not self.coach_autoplay():
            super().autoplay_step()  # type: ignore[misc]

    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]:
        """Between a lesson's deals autoplay presses Next deal, as the coach asks."""
        asked = self.asked()
        if asked is not None and isinstance(asked.action, NextUnit):
            return [lambda: self.click_control("next")]  # type: ignore[attr-defined]
        plan: list[Callable[[], list[pygame.event.Event]]] = super().autoplay_plan()  # type: ignore[misc]
        return plan

    def coach_actions_rect(self) -> pygame.Rect:
        """The controls at the foot of the side panel."""
        return self.column
