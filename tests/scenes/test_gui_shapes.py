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


def test_a_large_background_drawn_at_2x_looks_like_pygame_guis_own(
    make_app: Callable[..., App],
) -> None:
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )

    app = make_app((3840, 2160))
    menu = MainMenuScene(app)
    app.push(menu)
    shape = menu.ring.items[0].button.drawable_shape  # type: ignore[attr-defined]
    width, height = shape.containing_rect.size
    assert width * height >= gui_shapes.LARGE
    compared = 0
    for state in ("normal", "hovered", "disabled"):
        ours = gui_shapes.fast_background(shape, state)
        assert ours is not None
        # pygame_gui's own drawing, without text (the wrapped method's original path).
        gui_shapes.clear()
        original = RoundedRectangleShape.redraw_state.__closure__  # type: ignore[attr-defined]
        assert original is not None
        draw = next(c.cell_contents for c in original if callable(c.cell_contents))
        draw(shape, state, False)
        theirs = shape.states[state].surface
        assert ours.get_size() == theirs.get_size()
        total = 0
        for x in range(0, width, 7):
            for y in range(0, height, 3):
                a, b = ours.get_at((x, y)), theirs.get_at((x, y))
                total += sum(abs(a[i] - b[i]) for i in range(4))
        samples = len(range(0, width, 7)) * len(range(0, height, 3))
        assert total / samples / 4 < 3.0, state  # under 3 levels of 255 on average
        compared += 1
    assert compared == 3
