"""The shared cache of pygame_gui button backgrounds draws exactly what pygame_gui drew."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.scenes.main_menu import MainMenuScene
from game.ui import gui_shapes


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_cached_background_gives_the_same_button_as_drawing_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app((3840, 2160))  # buttons far past pygame_gui's own cache limit
    menu = MainMenuScene(app)
    app.push(menu)
    gui_shapes.clear()
    seen = 0
    for item in menu.ring.items:
        button = item.button  # type: ignore[attr-defined]
        shape = button.drawable_shape
        for state in ("normal", "hovered", "disabled"):
            shape.redraw_state(state)  # drawn by pygame_gui, background remembered
            first = pixels(shape.states[state].surface)
            shape.redraw_state(state)  # the background copied from the cache
            assert pixels(shape.states[state].surface) == first, (button.text, state)
            seen += 1
    assert seen >= 12
    assert 0 < len(gui_shapes._backgrounds) <= seen  # same-sized buttons share one
