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


def test_a_new_width_is_stretched_from_a_drawn_one_and_looks_the_same(
    make_app: Callable[..., App],
) -> None:
    """The action bar's buttons come in a new width with every label: the first of a
    look is drawn, the others are its ends with the middle stretched. Against pygame_gui
    drawing each itself: the same size and pixels, but for a few anti-aliased corner
    pixels a few levels of 255 apart."""
    from pygame_gui.core import ObjectID
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )
    from pygame_gui.elements import UIButton

    from game.scenes.kit.bar import BLOCKS, UNAVAILABLE

    app = make_app()
    closure = RoundedRectangleShape.redraw_state.__closure__  # type: ignore[attr-defined]
    assert closure is not None
    draw = next(c.cell_contents for c in closure if callable(c.cell_contents))
    blocks = [*BLOCKS.values(), *UNAVAILABLE.values()]
    compared = 0
    for height in (44, 90):
        for block in blocks:
            gui_shapes.clear()
            oid = ObjectID(block, None) if block else None
            first = UIButton(pygame.Rect(0, 0, 150, height), "Fold", app.manager, object_id=oid)
            other = UIButton(pygame.Rect(0, 0, 263, height), "Call", app.manager, object_id=oid)
            for state in ("normal", "hovered", "disabled"):
                first.drawable_shape.redraw_state(state, False)  # drawn: the look's donor
                other.drawable_shape.redraw_state(state, False)  # stretched from it
                ours = other.drawable_shape.states[state].surface.copy()
                draw(other.drawable_shape, state, False)
                theirs = other.drawable_shape.states[state].surface
                assert ours.get_size() == theirs.get_size()
                worst, differ = 0, 0
                for x in range(ours.get_width()):
                    for y in range(height):
                        a, b = ours.get_at((x, y)), theirs.get_at((x, y))
                        if a != b:
                            differ += 1
                            worst = max(worst, *(abs(a[i] - b[i]) for i in range(4)))
                assert worst <= 10 and differ <= 16, (block, height, state, worst, differ)
                compared += 1
            first.kill()
            other.kill()
    assert compared == 2 * len(blocks) * 3
    assert gui_shapes._donors  # one drawn per look, the rest stretched


def test_a_tables_button_looks_are_drawn_ahead_a_piece_per_frame(
    make_app: Callable[..., App],
) -> None:
    """Before the first decision every look of the action bar is drawn, one piece a
    frame; the decision's buttons then draw no background of their own."""
    from pygame_gui.core import ObjectID
    from pygame_gui.elements import UIButton

    from game.scenes.kit.bar import BLOCKS, UNAVAILABLE, warm_bar_looks

    app = make_app()
    gui_shapes.clear()
    elements = len(app.manager.get_root_container().elements)
    warm_bar_looks(app, 47)
    warm_bar_looks(app, 47)  # asked again: nothing more to do
    assert len(app.frame_hooks) == 1
    frames = 0
    while app.frame_hooks and frames < 200:
        for hook in list(app.frame_hooks):
            hook(app, 1 / 60)
        frames += 1
    looks = [*BLOCKS.values(), *UNAVAILABLE.values()]
    assert not app.frame_hooks and frames >= len(looks)  # spread over frames, then gone
    assert len(app.manager.get_root_container().elements) == elements  # nothing left
    donors = dict(gui_shapes._donors)
    assert len(donors) >= len(gui_shapes.WARM_STATES)  # looks share some colours
    for width, block in zip((131, 177, 203, 240, 99, 160), looks, strict=True):
        button = UIButton(
            pygame.Rect(0, 0, width, 47),
            "Raise",
            app.manager,
            object_id=ObjectID(block, None) if block else None,
        )
        for state in gui_shapes.WARM_STATES:
            button.drawable_shape.redraw_state(state)
        button.kill()
    assert gui_shapes._donors == donors  # every background a copy of one drawn ahead
