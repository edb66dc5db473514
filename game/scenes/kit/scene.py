"""``KitTable``: the frame every table scene shares.

The felt with its rail on the left, the side panel on the right (Menu, Hint, Speed,
the table's facts, the log, the hint box), one animation queue run at the player's
speed, the sounds, the palette's ink, the hint worked out when the decision changes,
the phase screenshots, and standing up from a campaign table. A game's table adds
its layout, display model, animations, controls and painting.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from typing import Any

import pygame

from game import i18n
from game.app import App
from game.rules.base import Event
from game.scenes.kit import felt, speed
from game.scenes.kit.autoplay import autoplay_run_over
from game.scenes.kit.cast import Seat
from game.scenes.kit.events import EventRouter, describe_event
from game.scenes.kit.hint import Hint
from game.scenes.kit.ink import Ink, Shade, ink_for, palette_name
from game.scenes.kit.legend import Legend, Mark
from game.scenes.kit.log import GameLog
from game.scenes.kit.moods import Moods
from game.scenes.kit.panel import PanelLayout, SidePanel, log_size
from game.scenes.kit.text import line_height, table_unit
from game.scenes.table import TableScene, game_name
from game.session.config import QuickPlayConfig
from game.ui.draw import display_ready
from game.ui.palette import Colour
from game.ui.sound import SoundBank
from game.ui.tween import AnimationQueue, Call

#: Controls that give something up: the keyboard focus never lands on one by itself
#: (an Enter meant for the last decision must not fold the next).
DESTRUCTIVE = frozenset({"fold", "leave", "callhand", "sitout", "stop"})

#: A speaking character's face on their speaker card, at 1280x720 (pixels tall).
SPEAKER_FACE = 100

#: How many of the log's newest lines a notice keeps clear of.
LOG_LINES_CLEAR = 3

_PANEL_RECTS = ("rect", "buttons", "info", "log", "hint", "controls")  # PanelLayout's


def _reading(key: str, params: dict[str, Any]) -> float:
    """Seconds a bubble stays up: long enough to read its line in this language."""
    from game.campaign.voices import line_words, reading_seconds

    return reading_seconds(line_words(key, params))


class KitTable(TableScene):
    game = ""
    campaign: Any = None

    def __init__(self, app: App, config: QuickPlayConfig) -> None:
        super().__init__(app, config)
        self.autoplay = app.options.autoplay
        self.queue = AnimationQueue()
        self.log = GameLog()
        self.panel = SidePanel()
        self.hint = Hint()
        self.legend = Legend()  # the symbols' words: hover tooltips, ``?`` labels
        self.router = EventRouter(self.on_unknown)
        self.clock = 0.0
        volume = app.settings.master_volume * app.settings.effects_volume / 10000
        self.sounds = SoundBank(volume, init_mixer=app.audio_available)
        self._palette_seen = self.palette_name
        self._moods: Moods | None = None
        # What a campaign table draws on its felt (its faces, its goal): set by the
        # campaign when it seats the player (game.scenes.campaign_table).
        self.felt_extras: Any = None
        self._speech: tuple[Any, pygame.Surface, tuple[int, int]] | None = None  # drawn card
        self._words_refused: Any = None  # a bubble that found no room by its face
        # The felt picture last drawn (draw_frame) and the side panel drawn over its
        # wood into one opaque picture (draw_panel), with what each was drawn for.
        self._frame: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._panel_picture: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._untold: list[str] = []  # achievement notices waiting in the queue
        self.apply_speed()

    # ----------------------------------------------------------------- colours
    @property
    def palette_name(self) -> str:
        """The colour set the player chose (Settings): high contrast, colour-blind safe
        (Okabe-Ito signal colours), or the cantina's own."""
        settings = self.app.settings
        base = palette_name(settings.high_contrast, settings.colour_blind)
        session = getattr(self.campaign, "session", None) if self.campaign is not None else None
        venue = getattr(session, "venue_id", "")
        if venue and base == "cantina":
            return f"{base}@{venue}"  # each venue's own felt and rail (game.ui.journey)
        style = getattr(settings, "table_style", "")
        if self.campaign is None and style and base == "cantina":
            return f"{base}@{style}"  # a look the player unlocked on the journey
        return base

    @property
    def ink(self) -> Ink:
        return ink_for(self.palette_name)

    @property
    def table_u(self) -> float:
        return table_unit(self.app)

    # ------------------------------------------------------------ faces, voices
    def table_cast(self) -> list[Seat]:
        """Who sits at this table, seat by seat (subclasses)."""
        return []

    @property
    def moods(self) -> Moods:
        if self._moods is None:
            cast = self.table_cast()
            speakers = {seat: who.voice for seat, who in enumerate(cast) if who.voice}
            # Talk has its own generator: who speaks never changes a card or a bot.
            seed = (self.config.seed or 0) * 31 + len(cast)
            self._moods = Moods(len(cast), speakers, random.Random(seed), reading=_reading)
            opening = None
            greetings: list[Any] = []
            session = getattr(self.campaign, "session", None)
            if session is not None:
                from game.campaign.memory import greetings as remembered

                greetings, opening = remembered(self.campaign.progress, session.seat_ids)
            if opening is not None:
                self._moods.greet(opening, self.clock)
            else:
                self._moods.sit_down(self.clock, greetings)
            self._log_spoken()
        return self._moods

    def react(self, events: list[Event]) -> None:
        """Faces and voices answer ``events`` when their animations reach them; the
        notices of achievements they earned come after (``tell_earned``)."""
        if events:
            self.queue.push(Call(lambda: self._react_now(events)))
        self.tell_earned()

    def _react_now(self, events: list[Event]) -> None:
        self.moods.react(events, self.clock)
        self._log_spoken()

    def _log_spoken(self) -> None:
        """What was said stays in the log after its bubble is gone."""
        if self._moods is None:
            return
        cast = self.table_cast()
        for bubble in self._moods.take_spoken():
            name = cast[bubble.seat].name if bubble.seat < len(cast) else ""
            self.log.add(i18n.t("log.says", name=name, words=bubble.words()), "gold")

    def tell_earned(self) -> None:
        """Every table plays a step's events, then reacts: the achievements the step's
        hand earned (held by the driver) are told when the queue reaches this point,
        once the table has shown the result (the reveal, the pot, the banner). Told at
        the engine's step, "Achievement: Back from the brink" gave the hand away."""
        driver = getattr(self, "driver", None)
        for notice in driver.take_earned() if driver is not None else ():
            self._untold.append(notice)
            self.queue.push(Call(functools.partial(self._tell, notice)))

    def _tell(self, notice: str) -> None:
        if notice in self._untold:
            self._untold.remove(notice)
            self.app.notify(notice)

    def expression_of(self, seat: int) -> str:
        return self.moods.expression(seat, self.clock)

    def felt_covered(self) -> bool:
        """Whether a picker covers the felt now (Kessel's tokens): the faces on the
        felt wait under it, and a speaker card keeps off it."""
        return False

    def plate_faces(self) -> dict[int, pygame.Rect]:
        """Seats whose plate carries their face large (a portrait plate), and where the
        face is; a campaign places the other characters' faces on the felt."""
        return {}

    def faces_key(self) -> tuple[str, ...]:
        """Every seat's expression (part of a cached layer's signature)."""
        return tuple(self.expression_of(seat) for seat in range(len(self.table_cast())))

    def moods_rest(self) -> float:
        """Seconds until a face or a speech bubble changes (inf: none pending)."""
        return self.moods.next_change(self.clock) if self._moods is not None else math.inf

    def speech_bounds(self, surface: pygame.Surface) -> pygame.Rect:
        """Where a speech bubble may go: the felt inside the rail (never the panel)."""
        table = getattr(self, "table", None)
        if isinstance(table, pygame.Rect) and table.width > 1:
            return table
        felt = getattr(getattr(self, "places", None), "table", None)
        if isinstance(felt, pygame.Rect):
            from game.scenes.kit.felt import rail_width

            return felt.inflate(-2 * rail_width(felt.size), -2 * rail_width(felt.size))
        return surface.get_rect()

    def speech_spare(self) -> pygame.Rect | None:
        """Where a speaker card goes when the felt has no room: the side panel below
        its buttons (the facts and the top of the log)."""
        side = getattr(self, "side", None)
        if not isinstance(side, PanelLayout):
            side = getattr(getattr(self, "places", None), "panel", None)
        if not isinstance(side, PanelLayout) or side.info.width < 1:
            return None
        return pygame.Rect(
            side.info.left, side.info.top, side.info.width, side.log.bottom - side.info.top
        )

    def draw_speech(
        self,
        surface: pygame.Surface,
        plates: dict[int, pygame.Rect],
        keep_clear: list[pygame.Rect],
    ) -> None:
        """The one speech bubble: the speaker's face large (in the expression of the
        moment) beside the words, by their plate, off plates and cards."""
        seated: dict[int, pygame.Rect] = {}
        taken: list[pygame.Rect] = []
        if self.felt_extras is not None and not self.felt_covered():
            # A campaign table's faces and goal (campaign_faces.CampaignFelt).
            self.felt_extras.draw(self, surface, plates, keep_clear)
            seated, taken = self.felt_extras.seated, self.felt_extras.taken()
        if self._moods is None:
            return
        bubble = self._moods.bubble(self.clock)
        if bubble is None or bubble.seat not in plates:
            return
        u = self.table_u
        speaker = plates[bubble.seat]
        face = seated.get(bubble.seat)
        bounds = self.speech_bounds(surface)
        # The felt's middle holds what every seat watches (pots, deck, dice, the sets).
        middle = pygame.Rect(0, 0, round(bounds.width * 0.44), round(bounds.height * 0.44))
        middle.center = bounds.center
        # A plate's tags (its status, "Folded", "Lead") hang just under it.
        tags = round(28 * u)
        others = [r.union(r.move(0, tags)) for s, r in plates.items() if s != bubble.seat]
        avoid = [*others, *keep_clear, middle]
        avoid += [r for r in taken if face is None or r != face]
        if face is not None:
            # The face is at the table already: the words in a bubble beside it.
            here = face.union(speaker).union(speaker.move(0, tags))
            if self._draw_words(surface, bubble, here, bounds, avoid):
                return
            # No free felt by the face: the speaker card (over the panel if need be).
        expression = self._moods.expression(bubble.seat, self.clock)
        spare = self.speech_spare()
        key = (bubble, expression, i18n.get_language(), u, tuple(bounds), tuple(speaker),
               tuple(tuple(r) for r in avoid), None if spare is None else tuple(spare))  # fmt: skip
        if self._speech is None or self._speech[0] != key:
            self._speech = (
                key,
                *self._speaker_card(bubble, expression, speaker, bounds, avoid, spare),
            )
        surface.blit(self._speech[1], self._speech[2])

    def _draw_words(
        self,
        surface: pygame.Surface,
        bubble: Any,
        speaker: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
    ) -> bool:
        """A plain speech bubble by a seated face; False when the felt has no free
        place for it (the caller shows the speaker card instead)."""
        from game.scenes.kit.text import text, wrap
        from game.ui.callout import BUBBLE_INK, box_size, draw_bubble
        from game.ui.speaker import place_speaker

        u = self.table_u
        size = max(11, round(16 * u))
        key = ("words", bubble, i18n.get_language(), u, tuple(bounds), tuple(speaker),
               tuple(tuple(r) for r in avoid))  # fmt: skip
        if key == self._words_refused:
            return False
        if self._speech is None or self._speech[0] != key:
            words = wrap(bubble.words(), size, round(240 * u))
            lines = [text(line, size, BUBBLE_INK) for line in words]
            pad = max(6, round(9 * u))
            box, covered = place_speaker(bounds, speaker, box_size(lines, pad), avoid, round(8 * u))
            if covered:
                self._words_refused = key
                return False
            area = box.union(speaker)
            picture = pygame.Surface(area.size, pygame.SRCALPHA)
            shift = (-area.x, -area.y)
            draw_bubble(picture, box.move(shift), speaker.move(shift), lines, pad)
            self._speech = (key, picture, area.topleft)
        surface.blit(self._speech[1], self._speech[2])
        return True

    def _speaker_card(
        self,
        bubble: Any,
        expression: str,
        speaker: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
        spare: pygame.Rect | None,
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The speaker card drawn once for its place: (picture, where it goes)."""
        from game.scenes.kit.text import text, wrap
        from game.ui.callout import BUBBLE_INK
        from game.ui.speaker import draw_speaker, place_speaker, speaker_size

        u = self.table_u
        size = max(11, round(16 * u))
        cast = self.table_cast()
        who = cast[bubble.seat].name if bubble.seat < len(cast) else ""
        name = text(who, max(10, round(14 * u)), (120, 84, 30), True)
        pad = max(6, round(9 * u))
        face = max(40, round(SPEAKER_FACE * u))
        best: tuple[int, bool, pygame.Rect, list[pygame.Surface]] | None = None
        # Face beside the words; where the felt has no such room, face above them.
        for upright, wrap_px in ((False, 220), (True, 200)):
            words = wrap(bubble.words(), size, round(wrap_px * u))
            lines = [text(line, size, BUBBLE_INK) for line in words]
            card = speaker_size(face, lines, name, pad, upright)
            box, covered = place_speaker(bounds, speaker, card, avoid, round(8 * u))
            if best is None or covered < best[0]:
                best = (covered, upright, box, lines)
            if covered == 0:
                break
        assert best is not None
        covered, upright, box, lines = best
        tail = True
        if covered and spare is not None:
            # No free felt by the seat (a table full of cards): the card goes over the
            # panel's facts, which come back when it is gone.
            words = wrap(bubble.words(), size, min(round(200 * u), spare.width - 3 * pad))
            lines = [text(line, size, BUBBLE_INK) for line in words]
            upright, box = True, pygame.Rect((0, 0), speaker_size(face, lines, name, pad, True))
            box.midtop = spare.midtop
            box, tail = box.clamp(spare), False
        area = box.union(speaker) if tail else box
        picture = pygame.Surface(area.size, pygame.SRCALPHA)
        shift = (-area.x, -area.y)
        draw_speaker(picture, box.move(shift), speaker.move(shift), bubble.character_id,
                     expression, face, name, lines, pad, upright, tail)  # fmt: skip
        return picture, area.topleft

    # ------------------------------------------------------------------- speed
    def apply_speed(self) -> None:
        setting = self.app.settings.animation_speed
        self.queue.instant = setting == "instant"
        self.queue.speed = speed.factor(setting, self.autoplay)

    def think_time(self) -> float:
        if self.queue.instant:
            return 0.0
        return speed.THINK_SECONDS / max(0.1, self.queue.speed)

    def cycle_speed(self) -> None:
        setting = speed.cycle(self.app.settings)
        self.apply_speed()
        self.app.save_settings()
        self.panel.show_speed(setting)

    def toggle_hint(self) -> None:
        self.panel.toggle_hint()

    # --------------------------------------------------------------- lifecycle
    def resume(self) -> None:
        # Back from the pause menu or Settings: speed and colours may have changed.
        self.apply_speed()
        if self._palette_seen != self.palette_name:
            self._palette_seen = self.palette_name
            self.palette_changed()
        super().resume()
        if self.replaying and self.panel.hint_button is not None:
            self.panel.hint_button.button.hide()  # showing the scene showed it again

    def palette_changed(self) -> None:
        """Drop pictures drawn in the old palette (tables with caches of their own)."""

    def shutdown(self) -> None:
        self.hint.close()
        # Left before the queue reached them (a leave mid-reveal clears it): told now.
        for notice in list(self._untold):
            self._tell(notice)
        super().shutdown()

    # ------------------------------------------------------------------ events
    def on_unknown(self, event: Event) -> None:
        # An event of a preset this table does not know yet: tell it in the log.
        self.queue.push(Call(lambda: self.log.add(describe_event(event), "dim")))

    def log_line(self, words: str, shade: Shade = "text") -> Call:
        """A log line as a queued step."""
        return Call(lambda: self.log.add(words, shade))

    def common_key(self, event: pygame.event.Event) -> bool:
        """H opens the hint, V changes the speed, F1 the rules, ``?`` held labels every
        symbol on the table (every table)."""
        if self.legend.handle(event, self.clock):
            return True
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if event.key == pygame.K_h and not self.replaying:
            self.toggle_hint()
            return True
        if event.key == pygame.K_v:
            self.cycle_speed()
            return True
        if event.key == pygame.K_F1:
            self.open_rules()
            return True
        return False

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # The labels key's release and the mouse reach the legend whoever else takes them.
        if self.legend.handle(event, self.clock):
            return None
        result: pygame.event.Event | None = super().process_event(event)
        return result

    # ------------------------------------------------------------ the symbols
    def glossary_marks(self) -> list[Mark]:
        """Every symbol on the table now, with the glossary term that names it (each
        table declares its own, from its layout and display model)."""
        return []

    def legend_marks(self) -> list[Mark]:
        """What the legend names: the table's marks and the kit's own (the turn marker)."""
        marks = self.glossary_marks()
        marker: pygame.Rect | None = getattr(self, "marker_rect", None)
        if marker is not None and self.marker_shown():
            marks.append(Mark(marker, "turn-marker"))
        return marks

    def legend_keep_clear(self) -> list[pygame.Rect]:
        """Words on the table the ``?`` labels must not cover: the status lines each
        table notes as it draws them (``keep_text``); tables add their banner."""
        texts: dict[str, pygame.Rect | None] = self.__dict__.get("_legend_texts", {})
        return [rect for rect in texts.values() if rect is not None]

    def keep_text(self, name: str, rect: pygame.Rect | None) -> None:
        """Note where the table drew the words ``name`` (None: not shown now), so the
        ``?`` labels keep off them."""
        self.__dict__.setdefault("_legend_texts", {})[name] = rect

    def marker_shown(self) -> bool:
        """Whether the turn marker (``marker_rect``) is on the table now (card tables)."""
        return False

    def legend_area(self) -> pygame.Rect:
        """Where the ``?`` labels may go (the felt)."""
        felt_rect: pygame.Rect | None = getattr(self, "felt", None)
        return felt_rect if felt_rect is not None else pygame.Rect((0, 0), self.app.size)

    def draw_legend(self, surface: pygame.Surface) -> None:
        """Over everything the table drew: the labels while ``?`` is held, else the
        hovered symbol's tooltip."""
        legend = self.legend
        if not legend.held and legend.mouse is None:
            return
        marks = self.legend_marks()
        if marks:
            legend.draw(surface, marks, self.clock, self.ink, self.table_u, self.legend_area(),
                        self.legend_keep_clear())  # fmt: skip

    def open_rules(self) -> None:
        """F1: Rules & help at the page of the game and rule set being played (Back
        returns here)."""
        self.app.open("rules", self.config.game or self.game, self.config.preset)

    # --------------------------------------------------------------- the frame
    def picture_key(self) -> object:
        """What the table shows apart from its timed animations (the App draws at once
        when it changes, even at rest): the log, the hint box, the facts and the
        table's own (``table_key``): a move made without input (a coach's, a direct
        call) or a model change no tween carries shows in the next frame."""
        hint = (self.panel.hint_open, self.hint.key, self.hint.choice is None)
        return (self.log.version, hint, tuple(self.info_lines()), self.table_key())

    def table_key(self) -> object:
        """What the felt and the controls show, in short (tables)."""
        return None

    hint_tip = "kit.tip.hint"  # the Hint button's tooltip (Sabacc's also names the bust odds)

    def action_buttons(self) -> list[tuple[str, bool, Any]]:
        """The decision's controls as (key, primary, button), in order (tables)."""
        return []

    def focus_safely(self, reset: bool = False) -> None:
        """Keep the keyboard focus off a destructive control: after the controls are
        rebuilt (or with ``reset``, for a new decision) it goes to the decision's
        main action, else the first safe one, else nowhere."""
        buttons = self.action_buttons()
        risky = {id(b) for key, primary, b in buttons if key in DESTRUCTIVE and not primary}
        current = getattr(self.ring.current, "button", None)
        if not reset and id(current) not in risky:
            return
        safe = [(primary, b) for key, primary, b in buttons if key not in DESTRUCTIVE or primary]
        choice = next((b for primary, b in safe if primary), safe[0][1] if safe else None)
        for index, item in enumerate(self.ring.items):
            if choice is not None and getattr(item, "button", None) is choice:
                self.ring.focus(index)
                return
        self.ring.focus(-1)

    def recreate_ui(self) -> None:
        self.relabel_player()  # a language switch rebuilds the scene: name them anew
        super().recreate_ui()
        self.focus_safely()

    def relabel_player(self) -> None:
        """After a language switch, the player's seat in the new language (tables)."""

    def build_panel(self, lay: PanelLayout) -> None:
        self.panel.build(
            lay,
            self.add_button,
            self.go_back,
            self.cycle_speed,
            self.app.settings.animation_speed,
            self.hint_tip,
            self.tip_width(),
            self.toggle_hint,
        )
        # The Hint button also tells of the labels key (kit.legend).
        if self.panel.hint_button is not None and not self.replaying:
            tip = f"{i18n.t(self.hint_tip)}<br>{i18n.t('glossary.hold_key')}"
            self.panel.hint_button.button.set_tooltip(tip, delay=0.6, wrap_width=self.tip_width())
        if self.replaying:
            self.panel.as_replay(self.tip_width())

    #: A hand from the history, shown step by step: there is no decision to hint at,
    #: and the panel's first button goes back to the history (as Esc does).
    replaying = False

    def tip_width(self) -> int:
        """How wide a tooltip grows before it wraps: lines across, never a column."""
        return round(360 * self.u)

    def panel_title(self) -> str:
        session = getattr(self.campaign, "session", None) if self.campaign is not None else None
        if session is not None:
            return i18n.t(f"venue.{session.venue_id}.name")
        return game_name(self.config.game or self.game)

    def info_lines(self) -> list[tuple[str, Colour]]:
        """The facts box's lines (from the display model, never the engine)."""
        return []

    def draw_frame(self, surface: pygame.Surface, felt_rect: pygame.Rect, lay: PanelLayout) -> None:
        """The felt and the side panel's wood, one cached picture."""
        key = (surface.get_size(), tuple(felt_rect), tuple(lay.rect), self.palette_name)
        image = felt.background(*key)
        self._frame = (key, image)
        surface.blit(image, (0, 0))

    def log_text_px(self, u: float | None = None) -> int:
        """The game log's text size: the player's setting, scaled with the table."""
        return log_size(self.app.settings.log_text_size, self.table_u if u is None else u)

    def campaign_lines(self) -> list[tuple[str, Colour]]:
        """At a campaign table, the goal in sight: net worth against what it takes to
        travel on, the buy-in and what is owed."""
        progress = getattr(self.campaign, "progress", None) if self.campaign is not None else None
        if progress is None:
            return []
        venue = progress.current
        lines: list[tuple[str, Colour]] = []
        if not venue.tournament:
            lines.append(
                (
                    i18n.t("campaign.goal_line", worth=progress.net_worth, goal=venue.goal),
                    self.ink.gold,
                )
            )
        lines.append(
            (i18n.t("campaign.stake_line", buy_in=venue.buy_in, debt=progress.debt), self.ink.dim)
        )
        return lines

    def log_keep_clear(self, lay: PanelLayout, u: float) -> pygame.Rect:
        """The log's newest lines (its bottom, where a new line arrives): a notice
        ("Achievement: …") never covers them (``notice_keep_clear``)."""
        rect = self.panel.log_rect(lay, u)
        size = self.log_text_px(u)
        height = min(rect.height, LOG_LINES_CLEAR * line_height(size) + max(6, size // 2) + 2)
        return pygame.Rect(rect.x, rect.bottom - height, rect.width, height)

    def draw_panel(
        self, surface: pygame.Surface, lay: PanelLayout, u: float, changes: bool = False
    ) -> None:
        """The facts, the log and the hint box on the panel's wood: one opaque picture,
        drawn again when what it shows changes, and then only in the boxes that changed
        (a log line leaves the facts as they are). The translucent boxes were alpha
        blended over the wood every frame (a fraction of a millisecond at 4K on a quiet
        machine, a few when memory is busy); an opaque picture is a plain copy.
        ``changes``: ``surface`` shows the picture as it was; copy only what changed."""
        ink = self.ink
        title, info = self.panel_title(), self.info_lines() + self.campaign_lines()
        hint = self.hint.lines(ink) if self.panel.hint_open else []
        size = self.log_text_px(u)
        frame = self._frame
        if frame is None or frame[0][0] != surface.get_size() or frame[0][2] != tuple(lay.rect):
            # No felt picture under this panel (drawn some other way): boxes as they are.
            self.panel.draw(surface, lay, ink, u, title, info, self.log, size, hint)
            return
        whole = (frame[0], tuple(lay.log), tuple(lay.info), tuple(lay.hint), ink, u, size,
                 i18n.get_language())  # fmt: skip
        boxes = ((title, tuple(info)), (self.log.version, self.panel.hint_open),
                 (self.panel.hint_open, tuple(hint)))  # fmt: skip
        shift = (-lay.rect.x, -lay.rect.y)
        local = dataclasses.replace(
            lay, **{name: getattr(lay, name).move(shift) for name in _PANEL_RECTS}
        )
        picture = self._panel_picture
        changed: list[pygame.Rect] | None = []
        if picture is None or picture[0][0] != whole or picture[1].get_size() != lay.rect.size:
            image = picture[1] if picture is not None else None
            if image is None or image.get_size() != lay.rect.size:
                image = display_ready(pygame.Surface(lay.rect.size, 0, 32))
            image.blit(frame[1], (0, 0), lay.rect)
            self.panel.draw(image, local, ink, u, title, info, self.log, size, hint)
            picture = self._panel_picture = ((whole, boxes), image)
            changed = None
        elif picture[0][1] != boxes:
            # Each box that changed, painted again in its place: the wood, then every
            # box in order, clipped there (the same pixels as painting them all).
            image = picture[1]
            places = (local.info, local.log, local.hint)
            for old, new, place in zip(picture[0][1], boxes, places, strict=True):
                if old != new and place.width and place.height:
                    assert changed is not None
                    changed.append(place)
            for place in changed or []:
                image.set_clip(place)
                image.blit(frame[1], place, place.move(lay.rect.topleft))
                self.panel.draw(image, local, ink, u, title, info, self.log, size, hint)
            image.set_clip(None)
            picture = self._panel_picture = ((whole, boxes), image)
        if not changes or changed is None:
            surface.blit(picture[1], lay.rect)
            return
        for place in changed:
            surface.blit(picture[1], place.move(lay.rect.topleft), place)

    # ---------------------------------------------------------------- campaign
    def leave_blocked(self) -> str:
        """Why the table may not be left now ("" if it may): a campaign sitting is left
        between hands only (the pause menu says so before asking anything)."""
        driver = getattr(self, "driver", None)
        busy = driver is not None and driver.mid_hand() and not driver.over()
        return i18n.t("campaign.finish_hand_first") if self.campaign is not None and busy else ""

    def leave_question(self) -> str:
        """What the pause menu asks before leaving: a hand is lost only while one is in
        play (between hands, at the match's end or in a replay nothing is)."""
        if self.campaign is not None:
            return i18n.t("tables.stand_up_confirm")
        driver = getattr(self, "driver", None)
        if driver is not None and driver.mid_hand() and not driver.over():
            return i18n.t("pause.leave_confirm")
        return i18n.t("pause.leave_confirm_idle")

    def leave_campaign(self, mid_hand: bool) -> bool:
        """Stand up from a campaign sitting between hands; False if a hand is under way
        (standing up mid-hand would forfeit the chips in the pot)."""
        if mid_hand:
            self.app.notify(i18n.t("campaign.finish_hand_first"))
            return False
        self.queue.clear()
        self.app.pop_until(self)
        if self.autoplay:
            self.app.autoplay_finished = autoplay_run_over(self.app, self.campaign)
        self.app.open("campaign-table-left", self.campaign)
        return True
