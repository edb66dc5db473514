"""What every role of the Sabacc table knows: its state, its model and its layout.

The table is one scene built from role modules, each a class in one chain:
``SabaccAnimate`` (events -> steps, ``animate.py``) -> ``SabaccPaint`` (draws the
model, ``paint.py``) -> ``SabaccControls`` (legal actions -> buttons, ``controls.py``)
-> ``SabaccTable`` (lifecycle, input, the engine loop, ``scene.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.campaign import Campaign
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.scenes.kit import text as kt
from game.scenes.kit.autoplay import Pacer
from game.scenes.kit.bar import ActionBar, ActionSpec, BetStepper
from game.scenes.kit.shots import PhaseShots
from game.scenes.kit.table import Table
from game.scenes.kit.text import table_unit
from game.scenes.kit.words import player_names, words
from game.scenes.kit.worker import BackgroundChoice
from game.scenes.sabacc.layout import SabaccLayout, compute_layout
from game.scenes.sabacc.model import CardView, TableModel
from game.scenes.widgets import ButtonItem
from game.session.drivers import TableDriver
from game.ui import cards as card_art

HUMAN = 0
SPECIAL_KINDS = ("idiots-array", "pure-sabacc")
#: Hands with a name of their own: gold, named on the total's badge and announced with
#: a banner at the showdown (Cloud City's zero hand and Empress Teta's Straight rank
#: above every ordinary hand, though they do not take the Sabacc pot).
NAMED_KINDS = (*SPECIAL_KINDS, "zero", "straight")


class SabaccBase(Table):
    name = "sabacc-table"
    game = "sabacc"
    card_loop = False  # its own engine loop and action bar (scene.py, controls.py)
    hint_tip = "sabacc.tip.hint"

    state: sb.SabaccState
    driver: TableDriver
    campaign: Campaign | None
    model: TableModel
    shots: PhaseShots
    rng: random.Random
    autoplay_rng: random.Random
    bots: dict[int, Any]
    autoplayer: Any
    hint_player: Any
    worker: BackgroundChoice
    replaying: bool
    unplayable: str
    hands_played: int
    sent: list[Any]
    # The decision the player faces, and the controls built for it.
    mode: str  # wait | human | between | over | replay
    decision: tuple[Any, ...]
    legal: list[Any]
    card_mode: str
    card_actions: dict[str, type]
    amount_kinds: dict[str, Callable[[int], Any]]
    spec_actions: dict[str, Any]
    current_specs: list[ActionSpec]
    _specs_language: str  # the language the action bar's words are in
    refusal: tuple[str, float] | None  # why a key did nothing, shown for a while
    bar: ActionBar
    stepper: BetStepper | None
    stepper_rect: pygame.Rect | None
    _stepper_items: tuple[ButtonItem, ButtonItem] | None
    _built_signature: tuple[Any, ...]
    thinking: int | None
    think_left: float
    _shifting: CardView | None
    _layout: SabaccLayout | None
    _shift_frames: dict[tuple[Any, ...], pygame.Surface]
    pacer: Pacer

    @property
    def layout(self) -> SabaccLayout:  # type: ignore[override]  # not the card tables' hook
        size = self.app.size
        unit = table_unit(self.app)
        lay = self._layout
        # A campaign table (its characters' faces by their plates) leaves them room.
        faces = round(106 * unit) if getattr(self, "felt_extras", None) is not None else 0
        if (lay is None or lay.size != size or lay.u != unit or lay.ui != self.u
                or self.__dict__.get("_layout_faces") != faces):  # fmt: skip
            self._layout_faces = faces
            lay = self._layout = compute_layout(
                size, unit, self.state.num_seats, self.u, 3 + len(self.campaign_lines()), faces
            )
        return lay

    def face_value(self, code: str) -> int | None:
        """The value a face-up card displays when a rule has revalued it (Random
        Sabacc's Mirror, a venue's suit signs): what it counts now, as the engine's
        value table says; None when that is the card's own value."""
        values = self.model.values
        if values is None:
            return None
        value = int(values[sc.parse(code)])
        return None if value == card_art.parse_sabacc(code).value else value

    def card_face(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        """A face-up card as the table draws it: its current value on the glass."""
        return kt.memo(card_art.render_sabacc_card, code, size, self.palette_name,
                       self.face_value(code))  # fmt: skip

    def seat_name(self, seat: int) -> str:
        """The seat's name, said again after a language switch (``kit.words``)."""
        return words(lambda: self.model.seats[seat].name)

    def relabel_player(self) -> None:
        """After a language switch, the player's seat in the new language."""
        view = self.model.seats[0]
        if view.name in player_names():
            view.name = i18n.t("campaign.you" if self.campaign is not None else "results.you")

    def next_hand(self) -> None:
        """Deal the next hand (between hands; ``scene.py``)."""
