"""A hand from the history, replayed on the table it was played at.

A replay is the game's ordinary table with a :class:`Replay` as its director
(``kit.director``). The recorded events are the ones the player saw, so the engine is
never asked and nothing is saved, counted or recorded. Next (→) plays the next step
with the table's own animations and sounds; Previous (←) sets the table back to the
hand's start and replays the steps before instantly and muted; Play (P) plays the
steps on by itself, each after the last one's animation and a pause to read it, until
Pause or the end; Back (or Esc) leaves. A game says how its events group into steps
and how its display looked as the hand began with a small :class:`ReplayHooks`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.app import App
from game.rules import cards52
from game.rules.base import CHANCE, Event
from game.scenes.kit.bar import ActionBar, ActionSpec
from game.scenes.kit.cast import named_cast
from game.scenes.kit.director import Director, DirectorFactory
from game.scenes.kit.rows import Control
from game.scenes.kit.speed import play_silently
from game.scenes.kit.table import Table
from game.session.config import QuickPlayConfig
from game.storage import history
from game.storage.serialize import SerializeError

StepJoin = Callable[[Event, Event], bool]
#: Seconds auto-play rests on a step once its animation has ended (time to read it).
AUTO_PAUSE = 0.6


def group_steps(events: list[Event], joins: StepJoin | None = None) -> list[list[Event]]:
    """Cut a hand's events into replay steps: an event joins the step before it when
    ``joins(last event of that step, event)`` (a deal of 52 cards is one step)."""
    steps: list[list[Event]] = []
    for event in events:
        if steps and joins is not None and joins(steps[-1][-1], event):
            steps[-1].append(event)
        else:
            steps.append([event])
    return steps


def shown_names(record: history.HandRecord) -> list[str]:
    """The seats' names as the player reads them now: names the game itself gave
    ("You", "Opponent 2", in whatever language the hand was played in) follow the
    current language; a character's own name stays as it is."""
    you = {
        i18n.load_catalog(lang).get(key)
        for lang in i18n.LANGUAGES
        for key in ("campaign.you", "results.you")
    }
    numbered = []
    for lang in i18n.LANGUAGES:
        template = i18n.load_catalog(lang).get("quick.opponent", "")
        if "{number}" in template:
            head, _, tail = template.partition("{number}")
            numbered.append(re.compile(re.escape(head) + r"(\d+)" + re.escape(tail) + "$"))
    out = []
    for name in record.seats:
        if name in you:
            out.append(i18n.t("campaign.you"))
            continue
        match = next((m for m in (p.match(name) for p in numbered) if m), None)
        out.append(i18n.t("quick.opponent", number=int(match.group(1))) if match else name)
    return out


def shown_label(record: history.HandRecord) -> str:
    """Where the hand was played, in the current language when it is one of ours
    (quick play, a campaign venue)."""
    for lang in i18n.LANGUAGES:
        catalog = i18n.load_catalog(lang)
        for key, text in catalog.items():
            if text == record.label and (
                key == "history.quick_play" or (key.startswith("venue.") and key.endswith(".name"))
            ):
                return i18n.t(key)
    return record.label


def replay_specs(
    previous: Callable[[], object],
    forward: Callable[[], object],
    back: Callable[[], object],
    toggle: Callable[[], object] | None = None,
    play_label: str = "",
) -> list[ActionSpec]:
    specs = [
        ActionSpec("previous", i18n.t("history.previous"), pygame.K_LEFT, "←", "", previous),
        ActionSpec("next", i18n.t("history.next"), pygame.K_RIGHT, "→", "", forward, True),
    ]
    if toggle is not None:
        label = play_label or i18n.t("screens.replay.play")
        tip = i18n.t("screens.replay.play_tip")
        specs.append(ActionSpec("play", label, pygame.K_p, "P", tip, toggle))
    specs.append(ActionSpec("back", i18n.t("common.back"), None, "", "", back))
    return specs


def recorded_events(app: App, record: history.HandRecord) -> list[Event] | None:
    """The record's events, or None after telling the player it is damaged."""
    try:
        return record.events()
    except SerializeError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


# ------------------------------------------------------------- checking a record
SEAT_FIELDS = ("seat", "dealer", "payer", "payee", "winner")
CARD_FIELDS = ("card", "cards", "hole_card", "sets")


def check_record(events: list[Event], seats: int) -> None:
    """SerializeError when an event names a seat the recorded table does not have, or
    a card that is not a card (a damaged record would otherwise fail half-way through
    an animation, or in the middle of drawing a frame)."""
    for event in events:
        for name in SEAT_FIELDS:
            value = getattr(event, name, None)
            if isinstance(value, int) and not isinstance(value, bool) and value >= seats:
                what = type(event).__name__
                raise SerializeError(f"{what} names seat {value} at a table of {seats}")
        for name in CARD_FIELDS:
            for code in _card_codes(getattr(event, name, None)):
                try:
                    known = cards52.code(cards52.parse(code)) == code
                except ValueError:
                    known = False
                if not known:
                    what = type(event).__name__
                    raise SerializeError(f"{what} holds {code!r}, which is not a card")


def _card_codes(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple | list):
        return [code for item in value for code in _card_codes(item)]
    return []  # None: a card face down


def replay_config(
    game: str, seats: int, chips: list[int], house_rules: Any = ()
) -> QuickPlayConfig:
    """The config a replay builds its (never played) engine with: the recorded seat
    count and options, so everything the table reads from them is as it was."""
    return QuickPlayConfig(
        game=game,
        opponents=("normal",) * (seats - 1),
        starting_chips=max([1, *chips]),
        house_rules=tuple(house_rules),
    )


def open_replay(
    app: App,
    record: history.HandRecord,
    view_type: type | tuple[type, ...],
    make: Callable[[list[Event], Any], Table],
    check: Callable[[list[Event], int], None] = check_record,
) -> Table | None:
    """The ``create_replay`` hook of the card tables: decode and ``check`` the record,
    then ``make(events, start_view)`` and start the replay; a damaged record is
    reported to the player (``history.damaged``) and gives None."""
    try:
        events = record.events()
        start = record.view()
        if len(record.seats) < 2:
            raise SerializeError("the record names fewer than two seats")
        if start is not None and not isinstance(start, view_type):
            raise SerializeError("the record's table view is of another game")
        check(events, len(record.seats))
        table = make(events, start)
    except ValueError as error:  # SerializeError, or an engine refusing the recorded table
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None
    assert table.director is not None
    table.director.start()
    return table


# ------------------------------------------------------------------ the replay
class ReplayHooks:
    """What a replay needs of one game's table; the defaults suit the kit's card
    tables (``kit.table.Table``). ``r`` is the replay, ``t`` the table."""

    name = ""  # the scene's name ("kessel-replay")

    def __init__(self, replay: Replay) -> None:
        self.r = replay
        self.t = replay.t

    def start(self) -> None:
        """The table is made (before the view is set as the hand began)."""

    def joins_step(self, previous: Event, event: Event) -> bool:
        """Whether ``event`` plays in the same step as ``previous`` (default: never)."""
        return False

    def reset_view(self) -> None:
        """Set the display as it was when the hand began (a game adds its model)."""
        t = self.t
        t.sprites = []
        t.banner.hide()
        t.message = None

    def hide_banner(self) -> None:
        """A banner belongs to the moment it was shown (after a silent catch-up)."""
        self.t.banner.hide()

    def controls(self, specs: list[ActionSpec]) -> Any:
        """The replay's controls as the table lays them out: one group in its bar."""
        return [
            [
                Control(s.key, ActionBar.caption(s), s.tooltip, s.on_press, s.shortcut, s.primary)
                for s in specs
            ]
        ]

    def relabel(self) -> None:
        """Play became Pause or back (the card tables see it in their controls)."""

    def rest(self) -> float:
        """Seconds the table itself may rest (0: it animates)."""
        t = self.t
        if t.queue.busy or t.banner_left > 0 or t.message is not None:
            return 0.0
        return float(min(1 / 6, t.moods_rest()))

    def built(self) -> None:
        """Enter or Space steps on: the keyboard focus starts on Next."""
        t = self.t
        next_button = t.widgets.get("next")
        for item in t.ring.items:
            if getattr(item, "button", None) is next_button:
                t.ring.focus_item(item)

    def press(self, key: str) -> list[pygame.event.Event]:
        """The clicks on the replay's control ``key`` (autoplay)."""
        events: list[pygame.event.Event] = self.t.click_control(key)
        return events

    def animate(self, event: Event, route: Callable[[Event], None]) -> None:
        route(event)

    def stakes_for(self, seat: int) -> int | None:
        return None


class Replay(Director):
    """A recorded hand played on ``table`` step by step (see the module docstring)."""

    replaying = True

    def __init__(
        self,
        table: Any,
        record: history.HandRecord,
        events: list[Event],
        hooks: Callable[[Replay], ReplayHooks],
        start_view: Any = None,
    ) -> None:
        super().__init__(table)
        self.record = record
        self.recorded = events
        self.start_view = start_view  # the player's view as the hand began
        self.hooks = hooks(self)
        self.name = self.hooks.name
        self.steps = group_steps(events, self.hooks.joins_step)
        self.shown = 0  # steps played so far
        self.playing = False  # auto-play on
        self.rest = 0.0  # seconds auto-play has rested on the shown step

    @classmethod
    def factory(
        cls,
        record: history.HandRecord,
        events: list[Event],
        hooks: Callable[[Replay], ReplayHooks],
        start_view: Any = None,
    ) -> DirectorFactory:
        """How a table is given this replay (its ``director`` argument)."""
        return lambda table: cls(table, record, events, hooks, start_view)

    def start(self) -> None:
        self.hooks.start()
        self.restart_view()

    # ------------------------------------------------------------ the steps
    @property
    def at_end(self) -> bool:
        return self.shown >= len(self.steps)

    def next(self) -> list[Event]:
        """The next step's events (none at the end)."""
        if self.at_end:
            return []
        self.shown += 1
        return self.steps[self.shown - 1]

    def before(self, count: int) -> list[Event]:
        """Every event of the first ``count`` steps."""
        self.shown = count
        return [event for step in self.steps[:count] for event in step]

    def text(self) -> str:
        """The step prompt: "Step 3 of 12 · Quick play"."""
        return i18n.t("history.step", number=self.shown, total=len(self.steps),
                      label=shown_label(self.record))  # fmt: skip

    def start_chips(self, view: Any = None) -> list[int]:
        """The stacks as the hand began: the record's, else the start view's."""
        seats = int(self.t.num_seats)
        chips = list(self.record.chips)
        if len(chips) == seats:
            return chips
        from_view = list(getattr(view or self.start_view, "chips", ()))
        return from_view if len(from_view) == seats else [0] * seats

    # ------------------------------------------------------------ auto-play
    def tick(self, dt: float, busy: bool) -> str:
        """Auto-play's clock: "step" when the next step is due, "ended" when the last
        one has played (auto-play stops), "" otherwise."""
        if not self.playing:
            return ""
        if self.at_end:
            if busy:
                return ""
            self.playing = False
            return "ended"
        if busy:
            self.rest = 0.0
            return ""
        self.rest += dt
        if self.rest < AUTO_PAUSE:
            return ""
        self.rest = 0.0
        return "step"

    def next_in(self) -> float:
        """Seconds until auto-play changes the table (its next step, or its end):
        ``math.inf`` when paused."""
        if not self.playing:
            return math.inf
        return 0.0 if self.at_end else max(0.0, AUTO_PAUSE - self.rest)

    def play_label(self) -> str:
        return i18n.t("screens.replay.pause" if self.playing else "screens.replay.play")

    def toggle_play(self) -> None:
        """Play / Pause (from the first step again when the hand has played to its end);
        the controls relabel themselves."""
        if not self.playing and self.at_end:
            self.show_steps(0)
        self.playing = not self.playing
        self.rest = AUTO_PAUSE  # the first step plays at once
        self.hooks.relabel()

    # ------------------------------------------------------------ stepping
    def step_forward(self) -> None:
        self.t.queue.finish_all()  # a quick reader skips the rest of the last step
        self.t.play(self.next())

    def step_back(self) -> None:
        self.show_steps(max(0, self.shown - 1))

    def show_steps(self, count: int) -> None:
        """The table as it stood after ``count`` steps: from the hand's start, the
        steps replayed instantly and without sound."""
        self.restart_view()
        t = self.t
        play_silently(t.queue, t.sounds, t.play, self.before(count))
        self.hooks.hide_banner()

    def restart_view(self) -> None:
        self.t.queue.clear()
        self.t.log.clear()
        self.shown = 0
        self.hooks.reset_view()

    # ------------------------------------------------------------ the table's hooks
    def attach_driver(self) -> None:
        """No engine moves: the seats are named as the record names them."""
        t = self.t
        t.cast = named_cast(shown_names(self.record), t.num_seats)
        t.names = [seat.name for seat in t.cast]
        t.driver = None

    def animate(self, event: Event, route: Callable[[Event], None]) -> None:
        self.hooks.animate(event, route)

    def stakes_for(self, seat: int) -> int | None:
        return self.hooks.stakes_for(seat)

    def specs(self) -> list[ActionSpec]:
        """Previous, Next, Play, Back (``replay_specs``, in every table's order)."""
        return replay_specs(self.step_back, self.step_forward, self.leave, self.toggle_play,
                            self.play_label())  # fmt: skip

    def rows(self, legal: Callable[[], Any]) -> Any:
        return self.hooks.controls(self.specs())

    def status_text(self) -> str:
        return self.text()

    def acting(self) -> int:
        """Nobody decides in a replay: no seat glows."""
        return CHANCE

    def built(self) -> None:
        self.hooks.built()

    def update(self, dt: float) -> None:
        tick = self.tick(dt, self.t.queue.busy)
        if tick == "step":
            self.step_forward()
        elif tick == "ended":
            self.hooks.relabel()

    def redraw_in(self) -> float:
        """A replay rests between its steps, whatever its recorded table's turn: until
        auto-play's next step, or (paused) the player's key."""
        return min(self.hooks.rest(), self.next_in())

    def event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()  # Esc leaves a replay (no pause menu: nothing to pause)
            return True
        return False

    def leave(self) -> None:
        self.t.queue.clear()
        self.t.finished = True
        self.t.app.pop()

    def autoplay_step(self) -> bool:
        """Under --autoplay: step to the end (a picture of the last step), then leave."""
        t = self.t
        if t.app.top is not t or t.app.frame % 6:
            return True
        if pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return True
        key = "back" if self.at_end else "next"
        if key == "back":
            if t.queue.busy:
                return True  # the last step's animation ends before the picture
            t.app.screenshot(f"{t.game}-replay-end")
        for event in self.hooks.press(key):
            pygame.event.post(event)
        return True
