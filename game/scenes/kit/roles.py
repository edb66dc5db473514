"""What the kit ``Table`` asks of a card table's roles (STYLE.md, "Scenes"): the game's
painter draws the felt's contents and names its symbols, its inputs turn the legal
actions into rows of controls, take the game's own picks and clicks, and plan the
autoplayed hand. The table calls them directly; a game's table only makes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.scenes.kit.legend import Mark
    from game.scenes.kit.rows import Control


class CardPainter(Protocol):
    def layer_key(self) -> tuple[Any, ...] | None: ...
    def layer_parts(self) -> list[tuple[Any, pygame.Rect]]: ...
    def draw_table(self, surface: pygame.Surface) -> None: ...
    def draw_overlay(self, surface: pygame.Surface) -> None: ...
    def glossary_marks(self) -> list[Mark]: ...


class CardInputs(Protocol):
    def legal_rows(self) -> list[list[Control]]: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def autoplay_plan(self) -> list[Callable[[], list[pygame.event.Event]]]: ...
