"""A table's voices: the faces' moods, the one speech bubble, the earned notices.

``Voices`` (the table's ``voices``) seats the characters' moods (``kit.moods``) when
first asked, lets faces and voices answer a step's events when its animations reach
them, keeps what was said in the log, tells the achievements a hand earned once the
table has shown its result, and draws the speech bubble: the words by a seated face,
else the speaker card (the face large beside the words) where the felt has room, else
over the side panel's facts.
"""

from __future__ import annotations

import functools
import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules.base import Event
from game.scenes.kit.moods import Moods
from game.scenes.kit.panel import PanelLayout
from game.ui.tween import Call

if TYPE_CHECKING:
    from game.scenes.kit.table import Table

#: A speaking character's face on their speaker card, at 1280x720 (pixels tall).
SPEAKER_FACE = 100


def _reading(key: str, params: dict[str, Any]) -> float:
    """Seconds a bubble stays up: long enough to read its line in this language."""
    from game.campaign.voices import line_words, reading_seconds

    return reading_seconds(line_words(key, params))


class Voices:
    def __init__(self, table: Table) -> None:
        self.t = table
        self.moods_now: Moods | None = None  # seated when first asked (``moods``)
        self.speech: tuple[Any, pygame.Surface, tuple[int, int]] | None = None  # drawn card
        self.words_refused: Any = None  # a bubble that found no room by its face
        self.untold: list[str] = []  # achievement notices waiting in the queue

    @property
    def moods(self) -> Moods:
        if self.moods_now is None:
            t = self.t
            cast = t.table_cast()
            speakers = {seat: who.voice for seat, who in enumerate(cast) if who.voice}
            # Talk has its own generator: who speaks never changes a card or a bot.
            seed = (t.config.seed or 0) * 31 + len(cast)
            moods = self.moods_now = Moods(
                len(cast), speakers, random.Random(seed), reading=_reading
            )
            opening = None
            greetings: list[Any] = []
            session = getattr(t.campaign, "session", None)
            if session is not None:
                from game.campaign.memory import greetings as remembered

                greetings, opening = remembered(t.campaign.progress, session.seat_ids)
            if opening is not None:
                moods.greet(opening, t.clock)
            else:
                moods.sit_down(t.clock, greetings)
            self.log_spoken()
        return self.moods_now

    def react(self, events: list[Event]) -> None:
        """Faces and voices answer ``events`` when their animations reach them; the
        notices of achievements they earned come after (``tell_earned``)."""
        if events:
            self.t.queue.push(Call(lambda: self.react_now(events)))
        self.tell_earned()

    def react_now(self, events: list[Event]) -> None:
        self.moods.react(events, self.t.clock)
        self.log_spoken()

    def log_spoken(self) -> None:
        """What was said stays in the log after its bubble is gone."""
        if self.moods_now is None:
            return
        cast = self.t.table_cast()
        for bubble in self.moods_now.take_spoken():
            name = cast[bubble.seat].name if bubble.seat < len(cast) else ""
            self.t.log.add(i18n.t("log.says", name=name, words=bubble.words()), "gold")

    def tell_earned(self) -> None:
        """Every table plays a step's events, then reacts: the achievements the step's
        hand earned (held by the driver) are told when the queue reaches this point,
        once the table has shown the result (the reveal, the pot, the banner). Told at
        the engine's step, "Achievement: Back from the brink" gave the hand away."""
        driver = getattr(self.t, "driver", None)
        for notice in driver.take_earned() if driver is not None else ():
            self.untold.append(notice)
            self.t.queue.push(Call(functools.partial(self.tell, notice)))

    def tell(self, notice: str) -> None:
        if notice in self.untold:
            self.untold.remove(notice)
            self.t.app.notify(notice)

    def tell_all(self) -> None:
        """Left before the queue reached them (a leave mid-reveal clears it): told now."""
        for notice in list(self.untold):
            self.tell(notice)

    def faces_key(self) -> tuple[str, ...]:
        """Every seat's expression (part of a cached layer's signature)."""
        return tuple(self.t.expression_of(seat) for seat in range(len(self.t.table_cast())))

    def rest(self) -> float:
        """Seconds until a face or a speech bubble changes (inf: none pending)."""
        moods = self.moods_now
        return moods.next_change(self.t.clock) if moods is not None else math.inf

    def own_layout(self, name: str) -> Any:
        """Rect ``name`` of a table that lays itself out (Sabacc's ``places``)."""
        for holder in ("places", "layout"):
            value = getattr(getattr(self.t, holder, None), name, None)
            if value is not None:
                return value
        return None

    def bounds(self, surface: pygame.Surface) -> pygame.Rect:
        """Where a speech bubble may go: the felt inside the rail (never the panel)."""
        table = self.t.table
        if table.width > 1:
            return table
        felt = self.own_layout("table")
        if isinstance(felt, pygame.Rect):
            from game.scenes.kit.felt import rail_width

            return felt.inflate(-2 * rail_width(felt.size), -2 * rail_width(felt.size))
        return surface.get_rect()

    def spare(self) -> pygame.Rect | None:
        """Where a speaker card goes when the felt has no room: the side panel below
        its buttons (the facts and the top of the log)."""
        side = self.t.side if self.t.card_loop else self.own_layout("panel")
        if not isinstance(side, PanelLayout) or side.info.width < 1:
            return None
        return pygame.Rect(
            side.info.left, side.info.top, side.info.width, side.log.bottom - side.info.top
        )

    def draw(
        self,
        surface: pygame.Surface,
        plates: dict[int, pygame.Rect],
        keep_clear: list[pygame.Rect],
    ) -> None:
        """The one speech bubble: the speaker's face large (in the expression of the
        moment) beside the words, by their plate, off plates and cards."""
        t = self.t
        seated: dict[int, pygame.Rect] = {}
        taken: list[pygame.Rect] = []
        if t.felt_extras is not None and not t.felt_covered():
            # A campaign table's faces and goal (campaign_faces.CampaignFelt).
            t.felt_extras.draw(t, surface, plates, keep_clear)
            seated, taken = t.felt_extras.seated, t.felt_extras.taken()
        if self.moods_now is None:
            return
        bubble = self.moods_now.bubble(t.clock)
        if bubble is None or bubble.seat not in plates:
            return
        u = t.table_u
        speaker = plates[bubble.seat]
        face = seated.get(bubble.seat)
        bounds = self.bounds(surface)
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
            if self.words(surface, bubble, here, bounds, avoid):
                return
            # No free felt by the face: the speaker card (over the panel if need be).
        expression = self.moods_now.expression(bubble.seat, t.clock)
        spare = self.spare()
        key = (bubble, expression, i18n.get_language(), u, tuple(bounds), tuple(speaker),
               tuple(tuple(r) for r in avoid), None if spare is None else tuple(spare))  # fmt: skip
        if self.speech is None or self.speech[0] != key:
            self.speech = (
                key,
                *self.card(bubble, expression, speaker, bounds, avoid, spare),
            )
        surface.blit(self.speech[1], self.speech[2])

    def words(
        self,
        surface: pygame.Surface,
        bubble: Any,
        speaker: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
    ) -> bool:
        """A plain speech bubble by a seated face; False when the felt has no free
        place for it (the caller shows the speaker card instead)."""
        t = self.t
        from game.scenes.kit.text import text, wrap
        from game.ui.callout import BUBBLE_INK, box_size, draw_bubble
        from game.ui.speaker import place_speaker

        u = t.table_u
        size = max(11, round(16 * u))
        key = ("words", bubble, i18n.get_language(), u, tuple(bounds), tuple(speaker),
               tuple(tuple(r) for r in avoid))  # fmt: skip
        if key == self.words_refused:
            return False
        if self.speech is None or self.speech[0] != key:
            words = wrap(bubble.words(), size, round(240 * u))
            lines = [text(line, size, BUBBLE_INK) for line in words]
            pad = max(6, round(9 * u))
            box, covered = place_speaker(bounds, speaker, box_size(lines, pad), avoid, round(8 * u))
            if covered:
                self.words_refused = key
                return False
            area = box.union(speaker)
            picture = pygame.Surface(area.size, pygame.SRCALPHA)
            shift = (-area.x, -area.y)
            draw_bubble(picture, box.move(shift), speaker.move(shift), lines, pad)
            self.speech = (key, picture, area.topleft)
        surface.blit(self.speech[1], self.speech[2])
        return True

    def card(
        self,
        bubble: Any,
        expression: str,
        speaker: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
        spare: pygame.Rect | None,
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The speaker card drawn once for its place: (picture, where it goes)."""
        t = self.t
        from game.scenes.kit.text import text, wrap
        from game.ui.callout import BUBBLE_INK
        from game.ui.speaker import draw_speaker, place_speaker, speaker_size

        u = t.table_u
        size = max(11, round(16 * u))
        cast = t.table_cast()
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
