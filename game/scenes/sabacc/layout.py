"""Where everything sits on the Sabacc table for one window size (rebuilt on resize)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.scenes.kit.felt import rail_width
from game.scenes.kit.panel import PanelLayout, panel_layout, sidebar_width
from game.ui import cards as card_art


@dataclass(slots=True)
class SeatPlace:
    """Where one seat sits: the centre of its card fan and its nameplate."""

    centre: tuple[int, int]
    plate: pygame.Rect
    card: tuple[int, int]
    step: int  # horizontal offset between fanned cards
    max_width: int = 10**6  # a long hand overlaps more rather than grow past this

    def card_rect(self, index: int, count: int) -> pygame.Rect:
        step = self.step
        if count > 1:
            step = min(step, (self.max_width - self.card[0]) // (count - 1))
        width = self.card[0] + step * max(0, count - 1)
        left = self.centre[0] - width // 2 + step * index
        return pygame.Rect(left, self.centre[1] - self.card[1] // 2, *self.card)


@dataclass(slots=True)
class SabaccLayout:
    """Every rectangle of the table for one window size (rebuilt on resize)."""

    size: tuple[int, int]
    u: float
    table: pygame.Rect
    sidebar: pygame.Rect
    bar: pygame.Rect
    side_buttons: pygame.Rect
    info: pygame.Rect
    log: pygame.Rect
    hint: pygame.Rect
    centre: pygame.Rect
    deck: pygame.Rect
    discard: pygame.Rect
    die: pygame.Rect
    hand_pot: pygame.Rect
    sabacc_pot: pygame.Rect
    total_badge: pygame.Rect
    prompt_y: int
    seats: list[SeatPlace]
    font: int
    #: The unit of pygame_gui widgets (action bar, sidebar buttons): the App's UI scale,
    #: which sets their theme fonts. ``u`` (the felt's furniture) follows the window
    #: further, so a 4K table reads like the 1280x720 one instead of shrinking.
    ui: float = 0.0
    panel: PanelLayout | None = None

    def px(self, value: float) -> int:
        return round(value * self.u)

    def wpx(self, value: float) -> int:
        """``value`` widget units in pixels."""
        return round(value * (self.ui or self.u))


def _side_split(opponents: int) -> tuple[int, int, int]:
    """Opponents on the left rail, along the top and on the right rail, clockwise."""
    return {1: (0, 1, 0), 2: (0, 2, 0), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2)}.get(
        opponents, (2, opponents - 4, 2)
    )


def compute_layout(
    size: tuple[int, int],
    u: float,
    seats: int,
    ui: float | None = None,
    info_lines: int = 3,
    face_room: int = 0,
) -> SabaccLayout:
    """Seat 0 (the player) at the bottom; the others clockwise: up the left rail, along
    the top, down the right rail; deck, die and the two pots in the middle.

    ``u`` sizes what the table draws itself; ``ui`` (default ``u``) sizes the pygame_gui
    buttons, whose fonts come from the App's theme. ``face_room`` (a campaign table:
    the width of a character's face beside a plate) spreads a top row too tight for
    it along the whole top, each plate right of the middle of its slot, the face's
    room on its left, and a lone seat on each rail high on it, the room below."""
    width, height = size
    ui = u if ui is None else ui
    pad = max(8, round(12 * u))
    side_w = sidebar_width(width, u)
    table = pygame.Rect(0, 0, width - side_w, height)
    sidebar = pygame.Rect(table.right, 0, side_w, height)
    rim = rail_width(table.size) + pad // 2  # the wooden rail of the felt
    bar_h = max(44, round(50 * ui))  # room for two rows of compact buttons
    bar = pygame.Rect(rim + pad, height - rim - bar_h, table.width - 2 * (rim + pad), bar_h)
    # The player's hand: big cards above the action bar, plate left, total right.
    me_h = round(min(height * 0.2, table.width * 0.17))
    me_card = card_art.card_size(me_h)
    prompt_h = round(26 * u)
    me_cy = bar.top - pad // 2 - prompt_h - me_h // 2
    me_plate = pygame.Rect((0, 0), (round(190 * u), round(52 * u)))
    me_plate.midleft = (rim + pad, me_cy + round(10 * u))
    badge = pygame.Rect(0, 0, round(170 * u), round(64 * u))
    badge.midright = (table.right - rim - pad, me_cy + round(10 * u))
    me_place = SeatPlace(
        ((me_plate.right + badge.left) // 2, me_cy),
        me_plate,
        me_card,
        round(me_card[0] * 0.8),
        badge.left - me_plate.right - 2 * pad,
    )
    # Opponents: small face-down fans over their plates, along the rails.
    left_n, top_n, right_n = _side_split(seats - 1)
    crowded = 0.85 if seats >= 7 else 1.0
    op_h = max(44, round(height * 0.1 * crowded))
    op_card = card_art.card_size(op_h)
    op_step = max(10, round(op_card[0] * 0.42))
    op_plate = (round(168 * u * crowded), round(46 * u))
    tag_h = round(26 * u)
    block_w = max(op_plate[0], op_card[0] + op_step * 4) + pad
    block_h = op_h + op_plate[1] + round(4 * u) + tag_h  # cards, plate, status tag
    area = pygame.Rect(rim, rim, table.width - 2 * rim, height - 2 * rim)
    places: list[SeatPlace] = [me_place]

    def place_at(cx: int, top: int) -> SeatPlace:
        plate = pygame.Rect((0, 0), op_plate)
        plate.midtop = (cx, top + op_h + round(4 * u))
        return SeatPlace((cx, top + op_h // 2), plate, op_card, op_step, block_w - pad)

    # The rails run from under the top row down to just above the player's plate.
    rail_bottom = min(me_plate.top, badge.top) - pad - block_h
    side_tops = _spread(area.top + block_h + pad, rail_bottom, max(left_n, right_n))
    top_left = area.left + (block_w if left_n else 0)
    top_right = area.right - (block_w if right_n else 0)
    slot = (top_right - top_left) / max(1, top_n)
    shift = 0
    if face_room and top_n >= 3 and slot < block_w + face_room <= area.width / top_n:
        top_left, slot, shift = area.left, area.width / top_n, face_room // 2
        if max(left_n, right_n) == 1:
            side_tops = [area.top + block_h + pad]  # high on its rail: the face below
    left_x = area.left + block_w // 2
    right_x = area.right - block_w // 2
    for i in range(left_n):  # clockwise from the player: up the left rail
        places.append(place_at(left_x, side_tops[left_n - 1 - i]))
    for i in range(top_n):
        places.append(place_at(round(top_left + slot * (i + 0.5)) + shift, area.top))
    for i in range(right_n):  # then down the right rail
        places.append(place_at(right_x, side_tops[i]))
    # The middle: deck, discards and die in a row above the two pots, centred in the
    # space between the top row, the rails and the player's cards.
    centre = pygame.Rect(
        area.left + (block_w if left_n else 0),
        area.top + block_h,
        max(0, area.width - (block_w if left_n else 0) - (block_w if right_n else 0)),
        max(0, (me_cy - me_h // 2 - pad) - (area.top + block_h)),
    )  # never negative, however small the window (a Surface of a pot would fail)
    small_h = round(22 * u)  # the captions under deck, discards and die
    pot_w = max(1, min(round(200 * u), (centre.width - 3 * pad) // 2))
    pot_h = max(1, min(round(104 * u), centre.height // 2))
    pile_h = max(30, min(op_h, centre.height - pot_h - small_h - 2 * pad))
    pile = card_art.card_size(pile_h)
    stack_h = pile[1] + small_h + pad + pot_h
    top = centre.top + max(0, (centre.height - stack_h) // 2)
    pots_y = top + pile[1] + small_h + pad
    hand_pot = pygame.Rect(centre.centerx - pad // 2 - pot_w, pots_y, pot_w, pot_h)
    sabacc_pot = pygame.Rect(centre.centerx + pad // 2, pots_y, pot_w, pot_h)
    deck = pygame.Rect(0, top, *pile)
    deck.centerx = hand_pot.centerx
    discard = pygame.Rect(0, top, *pile)
    discard.centerx = centre.centerx
    die_size = round(min(pile[1] * 0.75, 56 * u))
    die = pygame.Rect(0, 0, die_size, die_size)
    die.center = (sabacc_pot.centerx, discard.centery)
    side = panel_layout(sidebar, u, ui, info_lines)
    return SabaccLayout(
        size=size,
        u=u,
        table=table,
        sidebar=sidebar,
        bar=bar,
        side_buttons=side.buttons,
        info=side.info,
        log=side.log,
        hint=side.hint,
        centre=centre,
        deck=deck,
        discard=discard,
        die=die,
        hand_pot=hand_pot,
        sabacc_pot=sabacc_pot,
        total_badge=badge,
        prompt_y=bar.top - pad // 2 - prompt_h // 2,
        seats=places,
        font=max(12, round(16 * u)),
        ui=ui,
        panel=side,
    )


def _spread(first: int, last: int, count: int) -> list[int]:
    """``count`` evenly spaced values from ``first`` to ``last``."""
    if count <= 1:
        return [max(first, (first + last) // 2) if count else first]
    step = (last - first) / (count - 1)
    return [round(first + step * i) for i in range(count)]
