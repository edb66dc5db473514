"""The coach's callout (``kit.coach``): its words, example cards, footer and buttons
measured, placed beside the step's target on the felt clear of what the table must
keep in view (the game's ``CoachMarks``), its buttons made and the callout drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game import i18n
from game.help.coach import Step
from game.ui.callout import CALLOUT_INK, box_size, draw_callout, place_box, pointer_crosses

if TYPE_CHECKING:
    from game.scenes.kit.coach import Coach


@dataclass
class CalloutLayout:
    """A coach callout measured and placed (``CoachCallout.layout``)."""

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


class CoachCallout:
    """The callout of the step on show (see the module docstring)."""

    def __init__(self, coach: Coach) -> None:
        self.coach = coach
        self.t: Any = coach.t
        self.marks = coach.marks
        self.ui: pygame_gui.core.UIContainer | None = None
        self.buttons: dict[str, UIButton] = {}
        self.box: pygame.Rect | None = None
        self.target: pygame.Rect | None = None
        self.under: list[pygame.Rect] = []  # what the pointer passes under
        self.lines: list[pygame.Surface] = []
        self.footer: pygame.Surface | None = None

    def pointer_clear(self, target: pygame.Rect) -> list[pygame.Rect]:
        """``coach_readable`` less the target and what lies inside it (the tests check
        the pointer crosses none of these)."""
        readable = self.marks.coach_readable()
        return [r for r in readable if r != target and not target.contains(r)]

    def pointer_width(self) -> int:
        """Half the width of the pointer's base (as ``draw_callout`` draws it)."""
        return max(8, round(14 * self.t.table_u))

    def layout(self, number: int, step: Step | None) -> CalloutLayout:
        """The callout of step ``number`` in the current language and window: its words,
        footer and buttons measured, and where it goes (no widgets made: the tests
        check the placement at every step in every language this way)."""
        best: CalloutLayout | None = None
        best_hidden = 0
        # Where the table has no room for the callout clear of what it must keep in
        # view, the words wrap narrower (a taller box fits beside the target), or
        # wider (a low box fits in a strip of free felt, as under Brag's sets).
        for share in (1.0, 0.8, 0.65, 0.5, 1.35, 1.7):
            lay = self._layout(number, step, round(self.marks.coach_width() * share))
            hidden = sum(
                lay.box.clip(r).width * lay.box.clip(r).height for r in self.marks.coach_avoid()
            )
            if best is None or hidden < best_hidden:
                best, best_hidden = lay, hidden
            if hidden == 0:
                break
        assert best is not None
        return best

    def _layout(self, number: int, step: Step | None, width: int) -> CalloutLayout:
        from game.scenes.kit.text import text, wrap

        u = self.t.table_u
        size = max(12, round(17 * u))
        pad = max(8, round(14 * u))
        words, refusal = self.coach.callout_words(step)
        row = self.cards(step.cards, width, pad) if step is not None and step.cards else None
        if row is not None:
            width = min(width, row.get_width())  # the words as wide as the cards: a slim box
        lines = [text(line, size, CALLOUT_INK) for line in wrap(words, size, width)]
        if row is not None:
            lines.append(row)
        if refusal:
            bad = (170, 30, 24)
            lines += [text(line, size, bad, True) for line in wrap(refusal, size, width)]
        footer_words = (
            i18n.t("coach.step", step=number, total=self.coach.steps_total)
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
        font = self.t.app.font_for("button")
        button_h = max(30, round(38 * self.t.app.scale))
        widths = [font.size(label)[0] + round(36 * self.t.app.scale) for _, label in labels]
        gap = round(10 * u)
        row_w = sum(widths) + gap * (len(widths) - 1)
        w, h = box_size(lines, pad, footer.get_height() + gap + button_h + gap)
        w = max(w, row_w + 2 * pad, footer.get_width() + 2 * pad)
        target = self.marks.coach_rect(step.target) if step is not None else None
        if target is None:
            box = self.place_free((w, h))
        else:
            box = self.place_callout(target, (w, h), round(14 * u))
        return CalloutLayout(lines, footer, labels, widths, button_h, gap, pad, row_w, box, target)

    def build(self) -> None:
        self.kill_ui()
        self.box = None
        shown = self.coach.visible_step()
        if shown is None:
            return
        lay = self.layout(*shown)
        box, target, pad = lay.box, lay.target, lay.pad
        lines, footer, labels, widths = lay.lines, lay.footer, lay.labels, lay.widths
        button_h, gap, row_w = lay.button_h, lay.gap, lay.row_w
        screen = pygame.Rect((0, 0), self.t.app.size)
        self.box, self.target = box, target
        self.under = (
            pointer_crosses(box, target, self.pointer_clear(target), self.pointer_width())
            if target is not None
            else []
        )
        self.lines, self.footer = lines, footer
        if self.t.container is None:
            return  # the table is not built yet: its ``built`` lays the callout out again
        # In the table's own container: hidden, shown and removed with the table.
        self.ui = pygame_gui.core.UIContainer(
            screen, self.t.app.manager, starting_height=20, container=self.t.container
        )
        x = box.right - pad - row_w
        y = box.bottom - pad - button_h
        for (name, label), bw in zip(labels, widths, strict=True):
            primary = name in ("continue", "deal")
            self.buttons[name] = UIButton(
                pygame.Rect(x, y, bw, button_h),
                label,
                self.t.app.manager,
                self.ui,
                object_id=ObjectID("#primary", None) if primary else None,
            )
            x += bw + gap
        if not self.t.visible:
            self.ui.hide()

    def place_callout(self, target: pygame.Rect, size: tuple[int, int], gap: int) -> pygame.Rect:
        """Beside ``target`` on the felt, clear of what the table must keep in view
        (``coach_avoid``) and, when there is room, of its other furniture
        (``coach_soft``); else in the felt's free middle; the nearest such place to the
        target wins, among those whose pointer crosses nothing the player reads
        (``coach_readable``) when there are such. Never on the target."""
        area = self.marks.coach_area()
        hard = [target, *self.marks.coach_avoid()]
        soft = self.marks.coach_soft()
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
        home = self.marks.coach_home()
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

        readable = self.pointer_clear(target)
        width = self.pointer_width()

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
        area, home, hard = (
            self.marks.coach_area(),
            self.marks.coach_home(),
            self.marks.coach_avoid(),
        )
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
        for keep in ([*hard, *self.marks.coach_soft()], hard):
            clear = [b for b in tries if not any(b.colliderect(r) for r in keep)]
            if clear:
                return min(clear, key=lambda b: (b.centerx - x) ** 2 + (b.centery - y) ** 2)
        return box

    def cards(self, codes: tuple[str, ...], width: int, pad: int) -> pygame.Surface | None:
        """A step's example cards side by side, as wide as the callout's words, with a
        little room above them (``Step.cards``)."""
        gap = max(4, pad // 2)
        count = len(codes)
        card_w = min(round(60 * self.t.table_u), (width - gap * (count - 1)) // count)
        card_h = card_w * 3 // 2
        row = pygame.Surface(((card_w + gap) * count - gap, card_h + pad), pygame.SRCALPHA)
        for index, code in enumerate(codes):
            image = self.marks.coach_card(code, (card_w, card_h))
            if image is None:
                return None
            row.blit(image, (index * (card_w + gap), pad))
        return row

    def kill_ui(self) -> None:
        if self.ui is not None:
            self.ui.kill()
        self.ui = None
        self.buttons = {}

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        if box is None or self.coach.visible_step() is None:
            return
        pad = max(8, round(14 * self.t.table_u))
        draw_callout(surface, box, self.target, self.lines, None, pad, self.under)
        if self.footer is not None:
            button_h = max(30, round(38 * self.t.app.scale))
            y = box.bottom - pad - button_h - round(10 * self.t.table_u) - self.footer.get_height()
            surface.blit(self.footer, (box.left + pad, y))

    def rects(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """(callout box, its target) as laid out now (the tests check they never meet)."""
        self.coach.sync()
        return self.box, self.target
