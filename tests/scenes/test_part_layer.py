"""kit.layer.PartLayer on its own, with a toy table: coloured boxes (the parts) on a
felt and a panel strip. Only the changed parts' old and new places are painted
again, the panel alone when only it changes, and the picture is always the same,
pixel for pixel, as one painted whole."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.scenes.kit.layer import PartLayer

SIZE = (320, 200)
FELT = pygame.Rect(0, 0, 240, 200)
PANEL = pygame.Rect(240, 0, 80, 200)


@dataclass
class Toy:
    """Boxes on a felt (each a part: its place and colour) and a panel of one shade."""

    boxes: list[tuple[pygame.Rect, tuple[int, int, int]]]
    panel: int = 40
    whole: int = 0  # whole paintings
    areas: list[pygame.Rect] = field(default_factory=list)  # clipped paintings
    panels: int = 0  # the panel painted alone

    def paint(self, image: pygame.Surface) -> None:
        self.whole += 1
        self._paint(image)

    def _paint(self, image: pygame.Surface) -> None:
        image.fill((0, 90, 40), FELT)
        # A stripe across the whole felt: a clipped painting must leave it whole.
        pygame.draw.line(image, (200, 200, 0), FELT.topleft, FELT.bottomright, 3)
        self._paint_panel(image)
        for rect, colour in self.boxes:
            image.fill(colour, rect)

    def _paint_panel(self, image: pygame.Surface) -> None:
        image.fill((self.panel, self.panel, self.panel), PANEL)

    def paint_area(self, image: pygame.Surface, rect: pygame.Rect) -> None:
        assert image.get_clip() == rect
        self.areas.append(rect)
        self._paint(image)

    def paint_panel(self, image: pygame.Surface) -> None:
        self.panels += 1
        self._paint_panel(image)

    def layer(self, panel_waits: bool = False) -> PartLayer:
        return PartLayer(self.paint, self.paint_panel, self.paint_area, panel_waits)

    def picture(self, layer: PartLayer, size: tuple[int, int] = SIZE) -> pygame.Surface:
        signs = [(tuple(rect), colour) for rect, colour in self.boxes]
        places = [rect.copy() for rect, _ in self.boxes]
        return layer.picture(size, ("window", size), signs, places, self.panel, FELT, PANEL)

    def afresh(self, size: tuple[int, int] = SIZE) -> bytes:
        image = pygame.Surface(size, 0, 32)
        self._paint(image)
        return pygame.image.tobytes(image, "RGB")


def pixels(image: pygame.Surface) -> bytes:
    return pygame.image.tobytes(image, "RGB")


def toy() -> Toy:
    return Toy([(pygame.Rect(10 + 45 * n, 20, 30, 40), (200, 40 * n, 60)) for n in range(5)])


def test_only_the_changed_parts_places_are_painted_again() -> None:
    table = toy()
    layer = table.layer()
    assert pixels(table.picture(layer)) == table.afresh()
    assert (table.whole, table.areas) == (1, [])
    table.picture(layer)  # nothing changed: nothing painted
    assert (table.whole, table.areas, table.panels) == (1, [], 0)
    table.boxes[1] = (table.boxes[1][0], (10, 10, 250))  # a part's colour
    assert pixels(table.picture(layer)) == table.afresh()
    assert table.areas == [pygame.Rect(55, 20, 30, 40)]
    assert layer.painted == [pygame.Rect(55, 20, 30, 40)]
    table.areas.clear()
    table.boxes[3] = (pygame.Rect(145, 120, 30, 40), table.boxes[3][1])  # a part moves
    assert pixels(table.picture(layer)) == table.afresh()
    assert table.areas == [pygame.Rect(145, 20, 30, 140)]  # where it was and is now
    table.areas.clear()
    table.boxes[0] = (pygame.Rect(10, 20, 20, 20), table.boxes[0][1])  # shrinks
    table.boxes[4] = (table.boxes[4][0], (0, 0, 0))  # and another, far away
    assert pixels(table.picture(layer)) == table.afresh()
    assert table.areas == [pygame.Rect(10, 20, 30, 40), pygame.Rect(190, 20, 30, 40)]
    assert table.whole == 1 and table.panels == 0


def test_the_panel_alone_is_painted_when_only_it_changes() -> None:
    table = toy()
    layer = table.layer()
    table.picture(layer)
    table.panel = 90
    assert pixels(table.picture(layer)) == table.afresh()
    assert (table.whole, table.areas, table.panels) == (1, [], 1)


def test_painted_whole_on_a_new_window_or_many_changes() -> None:
    table = toy()
    layer = table.layer()
    table.picture(layer)
    assert pixels(table.picture(layer, (400, 240))) == table.afresh((400, 240))
    assert table.whole == 2
    table.boxes = [(rect, (9, 9, 9)) for rect, _ in table.boxes]  # five places at once
    assert pixels(table.picture(layer, (400, 240))) == table.afresh((400, 240))
    assert (table.whole, table.areas) == (3, [])
    table.boxes.append((pygame.Rect(5, 150, 10, 10), (1, 2, 3)))  # one part more
    assert pixels(table.picture(layer, (400, 240))) == table.afresh((400, 240))
    assert (table.whole, table.areas) == (4, [])
    layer.forget()
    table.picture(layer, (400, 240))
    assert table.whole == 5


def test_a_panel_change_with_a_felt_change_waits_one_frame() -> None:
    table = toy()
    layer = table.layer(panel_waits=True)
    table.picture(layer)
    table.panel = 90
    table.boxes[2] = (table.boxes[2][0], (0, 0, 0))
    table.picture(layer)
    assert layer.panel_late and table.panels == 0 and len(table.areas) == 1
    assert pixels(table.picture(layer)) == table.afresh()  # the next frame
    assert not layer.panel_late and table.panels == 1 and table.whole == 1


def test_its_state_can_be_put_back() -> None:
    table = toy()
    layer = table.layer()
    table.picture(layer)
    kept = layer.state
    layer.state = None
    table.picture(layer)
    assert table.whole == 2
    layer.state = kept
    table.picture(layer)
    assert table.whole == 2 and table.areas == []
