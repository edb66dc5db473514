"""MenuScene: the shared frame of every menu — felt backdrop, one UIContainer per scene,
keyboard focus ring, and helpers to lay out buttons, selectors and labels."""

from __future__ import annotations

import collections
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIButton, UILabel

from game import resources
from game.app import CLEAR_ON_CLOSE, UI_FONT_LANGUAGE, App, Scene
from game.scenes.widgets import ButtonItem, FocusRing, Selector

T = TypeVar("T")

# A menu opened by ``open_menu`` builds its widgets until its frame is this long (the
# Quick play screen's 24 buttons took 38-47 ms in the frame of the click), a piece at
# least (the first of a look: 3-5 ms at 1280x720), or none when the frame was already
# that long (the next frame then does one).
BUILD_BUDGET_S = 0.003
# A form rebuilt behind the one on screen (rebuild_over_frames) may take this much more.
REBUILD_EXTRA_S = 0.003

FELT = (16, 58, 38)
FELT_DARK = (7, 28, 18)
WOOD = (58, 34, 20)
WOOD_DARK = (34, 19, 11)
BRASS = (201, 161, 74)
BRASS_LIGHT = (242, 200, 106)
CREAM = (243, 230, 200)
HC_BG = (0, 0, 0)
HC_TEXT = (255, 255, 102)

_backdrop_cache: dict[tuple[int, int, bool], pygame.Surface] = {}
_text_cache: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}


def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """``text`` in the UI face, rendered once: a title redrawn at rest costs a blit."""
    key = (text, size, bold, tuple(colour))
    image = _text_cache.get(key)
    if image is None:
        if len(_text_cache) > 256:
            _text_cache.clear()
        font = resources.font(size, UI_FONT_LANGUAGE, bold=bold)
        image = _text_cache[key] = font.render(text, True, colour)
    return image


def clear_text_cache() -> None:
    _text_cache.clear()


CLEAR_ON_CLOSE.append(clear_text_cache)


def backdrop(size: tuple[int, int], high_contrast: bool) -> pygame.Surface:
    """Green felt with a vignette inside a dark wooden rail and a brass inlay."""
    key = (size[0], size[1], high_contrast)
    cached = _backdrop_cache.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface(size, 0, 32)  # never the display's format (30-bit screens)
    width, height = size
    if high_contrast:
        surface.fill(HC_BG)
        pygame.draw.rect(surface, (255, 255, 255), surface.get_rect().inflate(-16, -16), width=2)
    else:
        surface.fill(WOOD_DARK)
        rail = max(10, min(width, height) // 48)
        felt = surface.get_rect().inflate(-2 * rail, -2 * rail)
        # Wood grain on the rail: thin darker lines (the felt is laid over them).
        for y in range(0, height, 5):
            shade = WOOD if (y // 5) % 3 else (70, 42, 24)
            pygame.draw.line(surface, shade, (0, y), (width, y))
        # Vignette: concentric rounded rects from the dark edge to the lit centre, each
        # inside the one before (drawn once: a first pass under the grain, as it was,
        # doubled the title's first frame, 12-15 ms at 1280x720, for the same picture).
        steps = 24
        for i in range(steps):
            f = i / (steps - 1)
            colour = tuple(round(d + (c - d) * f) for d, c in zip(FELT_DARK, FELT, strict=True))
            inset = round(f * min(felt.width, felt.height) * 0.32)
            pygame.draw.rect(surface, colour, felt.inflate(-inset, -inset), border_radius=rail * 2)
        pygame.draw.rect(surface, BRASS, felt, width=2, border_radius=rail * 2)
        pygame.draw.rect(
            surface, (96, 74, 40), felt.inflate(-8, -8), width=1, border_radius=rail * 2
        )
    if len(_backdrop_cache) > 8:
        _backdrop_cache.clear()
    _backdrop_cache[key] = surface
    return surface


def _shapes(elements: Iterable[Any]) -> Iterator[Any]:
    """The drawable shapes of ``elements`` and of everything inside them."""
    for element in list(elements):
        shape = getattr(element, "drawable_shape", None)
        if shape is not None:
            yield shape
        if isinstance(element, IContainerLikeInterface):
            yield from _shapes(getattr(element.get_container(), "elements", ()))


class _HiddenBuild:
    """A menu's widgets built out of sight a group per frame, within BUILD_BUDGET_S a
    frame all told: the groups, and the looks pygame_gui draws for each widget after it
    is built (hovered, selected, disabled...: one per widget per frame, whatever their
    number, in its own update) drawn here instead, as the budget allows."""

    def __init__(
        self, steps: Iterator[None], container: Callable[[], Any], budget: float = 0.0
    ) -> None:
        self.steps, self.container = steps, container
        self.budget = budget  # seconds a frame beyond BUILD_BUDGET_S
        self.built = False
        self.waited = False  # this frame's share was left to the next
        self.looks: collections.deque[tuple[Any, str]] = collections.deque()

    def advance(self, frame_started: float, one_piece: bool = False) -> bool:
        """One frame's share (the frame began at ``frame_started``, perf_counter), or
        ``one_piece`` only (a screen built ahead, before anyone asked for it): whether
        the menu is built, every look drawn."""
        full = frame_started + BUILD_BUDGET_S + self.budget
        deadline = frame_started if one_piece else full
        if BUILD_BUDGET_S > 0 and time.perf_counter() >= full and not self.waited:
            self.waited = True  # the frame is full already (a click that opened this)
            return False
        self.waited = False
        while True:
            # One piece at a time (at least one a frame): a look of a widget built, else
            # the next group of widgets. A new look (the first button of its kind) is
            # 3-5 ms: one piece, never several in one frame.
            if self.looks:
                shape, state = self.looks.popleft()
                if not shape.states[state].generated:  # not drawn on demand meanwhile
                    shape.redraw_state(state)
            elif self.built:
                return True
            else:
                self.built = next(self.steps, _DONE) is _DONE
                self._take_looks()
            if time.perf_counter() >= deadline:
                return False

    def _take_looks(self) -> None:
        container = self.container()
        if container is None:
            return
        for shape in _shapes(container.elements):
            queue = shape.states_to_redraw_queue
            while queue:
                self.looks.append((shape, queue.popleft()))


_DONE = object()


class _MenuOpening:
    """The frame hook that builds a menu's widgets a group per frame, then shows it; or,
    not ``wanted`` yet (``prepare_menu``), builds it and keeps it out of sight until it
    is asked for."""

    def __init__(
        self,
        app: App,
        scene: MenuScene,
        below: Scene | None,
        replace: bool,
        wanted: bool = True,
        name: str = "",
    ) -> None:
        self.app, self.scene, self.below, self.replace = app, scene, below, replace
        self.wanted, self.name = wanted, name
        self.start()

    def start(self) -> None:
        self.manager, self.size = self.app.manager, self.app.size
        self.build = _HiddenBuild(self.scene.build_steps(hidden=True), lambda: self.scene.container)

    def want(self, replace: bool) -> None:
        self.wanted, self.replace = True, replace
        self.app.wake()

    def __call__(self, app: App, dt: float) -> None:
        if app.top is not self.below:  # the screen that asked has gone: not wanted now
            app.frame_hooks.remove(self)
            self.scene.destroy_ui()
            return
        if app.manager is not self.manager or app.size != self.size:
            self.start()  # the language, scale or window changed meanwhile: lay out anew
        if not self.build.built or self.build.looks:
            app.wake()  # the next frames are busy: no resting until the menu is built
        if not self.build.advance(app.step_started, not self.wanted) or not self.wanted:
            return
        app.frame_hooks.remove(self)
        if self.scene.container is None:
            return
        if self.replace:
            app.replace(self.scene)
        else:
            app.push(self.scene)


class _Rebuild:
    """The frame hook of ``MenuScene.rebuild_over_frames``."""

    def __init__(self, scene: MenuScene, then: Callable[[], object] | None) -> None:
        self.scene, self.then = scene, then
        self.manager = scene.app.manager
        self.old = scene.container
        self.held: list[tuple[pygame.event.Event, tuple[str, tuple[int, int, int, int]]]] = []
        scene.container = None  # build_steps would kill the old widgets first
        # The form on screen is still: the new one may take a little more of a frame.
        self.build = _HiddenBuild(
            scene.build_steps(hidden=True), lambda: scene.container, REBUILD_EXTRA_S
        )
        self.swapped = False

    def hold(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        place = (type(element).__name__, tuple(element.get_abs_rect())) if element else ("", ())
        self.held.append((event, place))

    def drop(self) -> None:
        """Given up (built again, or the widgets thrown away): the old widgets go."""
        if self.old is not None:
            self.old.kill()
            self.old = None
        if self in self.scene.app.frame_hooks:
            self.scene.app.frame_hooks.remove(self)
        if self.scene._rebuild is self:  # noqa: SLF001
            self.scene._rebuild = None  # noqa: SLF001

    def __call__(self, app: App, dt: float) -> None:
        if app.manager is not self.manager:  # the UI was built anew meanwhile
            self.drop()
            return
        app.wake()
        done = self.build.advance(app.step_started)
        if self.build.built and not self.swapped:
            self.swap()  # shown as soon as built; its other looks drawn after, as budgeted
        if done:
            self.drop()

    def swap(self) -> None:
        """The new widgets take the old ones' place, and the input held meanwhile goes
        to them."""
        scene, held = self.scene, self.held
        self.held, self.swapped = [], True
        if self.old is not None:
            self.old.kill()
            self.old = None
        if scene._rebuild is self:  # noqa: SLF001
            scene._rebuild = None  # noqa: SLF001  # input goes to the new widgets now
        if scene.container is not None and scene.visible:
            scene.container.show()
            for tab in scene._open_tabs:  # noqa: SLF001
                tab.button.hide()
        if self.then is not None:
            self.then()
        scene.app.wake()
        new = {(type(e).__name__, tuple(e.get_abs_rect())): e for e in scene.interactive_elements()}
        for event, place in held:
            if getattr(event, "ui_element", None) is not None:
                if place not in new:
                    continue  # nothing in its place now
                event = pygame.event.Event(event.type, {**event.dict, "ui_element": new[place]})
            scene.process_event(event)


def open_menu(app: App, scene: MenuScene, replace: bool = False, name: str = "") -> MenuScene:
    """Push (or ``replace`` the top with) ``scene`` once its widgets are built, a group
    of them per frame while the screen that asked stays as it is: building a menu in the
    frame of the click froze the window for 20-47 ms (Quick play's 24 buttons, the
    results). A second request while one is building is ignored (a double click). The
    screen ``name`` built ahead (``prepare_menu``) is opened instead of ``scene``: at
    once, or as soon as the rest is built. With background work inline (tests) the
    scene is built and shown at once. Returns the scene opened (or being opened)."""
    from game.scenes.kit.worker import BackgroundChoice

    for hook in list(app.frame_hooks):
        if not isinstance(hook, _MenuOpening):
            continue
        if hook.wanted:
            return hook.scene
        if name and hook.name == name and hook.below is app.top:
            hook.want(replace)
            return hook.scene
        app.frame_hooks.remove(hook)  # built ahead for a screen the player did not choose
        hook.scene.destroy_ui()
    if BackgroundChoice.inline or app.top is None:
        if replace:
            app.replace(scene)
        else:
            app.push(scene)
        return scene
    app.frame_hooks.append(_MenuOpening(app, scene, app.top, replace))
    app.wake()
    return scene


def prepare_menu(app: App, name: str) -> None:
    """Build the menu screen ``name`` (game.scenes.screens) out of sight from now on, a
    piece a frame, for the ``app.open(name)`` the screen on top expects next (the main
    menu from the title, Quick play from the main menu): that screen then shows at
    once, and the pieces were drawn while the player looked at this one. Dropped when
    another screen takes the top first or another is opened."""
    from game.scenes.kit.worker import BackgroundChoice
    from game.scenes.screens import SCREENS, builder

    if BackgroundChoice.inline or app.top is None or SCREENS[name].how != "menu":
        return
    if any(isinstance(hook, _MenuOpening) for hook in app.frame_hooks):
        return
    scene = builder(name)(app)
    app.frame_hooks.append(_MenuOpening(app, scene, app.top, False, wanted=False, name=name))


def menu_opening(app: App) -> bool:
    """Whether a menu asked for is still being built (``open_menu``): the screen on top
    is about to change."""
    return any(isinstance(hook, _MenuOpening) and hook.wanted for hook in app.frame_hooks)


def click_events(element: UIElement) -> list[pygame.event.Event]:
    """A left click on the centre of ``element``: what a player's mouse would send."""
    pos = element.get_abs_rect().center
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
    ]


def key_events(key: int, mod: int = 0) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
    ]


class MenuScene(Scene):
    """A scene whose widgets live in one container so pause()/resume() can hide/show them."""

    title_key = ""
    # The keyboard focus follows the mouse (one highlighted item in a menu); tables keep
    # their focus where the keyboard put it.
    hover_focuses = True
    # A screen whose drawing changes only when it is built again (results, statistics):
    # the felt and the decor are drawn once into one picture, each frame blits it.
    cache_decor = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.container: pygame_gui.core.UIContainer | None = None
        self.ring = FocusRing()
        self.labels: list[UILabel] = []
        self.visible = False
        self._open_tab_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._open_tabs: list[ButtonItem] = []
        self._decor: pygame.Surface | None = None
        self._decor_key: tuple[Any, ...] = ()
        self._builds = 0
        self._rebuild: _Rebuild | None = None  # see rebuild_over_frames

    # -------------------------------------------------------------- lifecycle
    def resume(self) -> None:
        self.visible = True
        if self.container is None:
            self.recreate_ui()
        else:
            self.container.show()  # shows every element, the hidden open tab too
            for tab in self._open_tabs:
                tab.button.hide()
            self.ring.focus(self.ring.index)

    def pause(self) -> None:
        self._finish_rebuild()
        self.visible = False
        if self.container is not None:
            self.container.hide()

    def shutdown(self) -> None:
        self.visible = False
        self.destroy_ui()

    def destroy_ui(self) -> None:
        if self._rebuild is not None and self.container is not None:
            self._rebuild.drop()  # (not as the rebuild's own build begins: no widgets yet)
        if self.container is not None:
            self.container.kill()
            self.container = None

    def recreate_ui(self) -> None:
        for _ in self.build_steps():
            pass

    def rebuild_over_frames(self, then: Callable[[], object] | None = None) -> None:
        """``recreate_ui`` out of sight, a piece a frame (as ``open_menu`` builds), the
        widgets shown until then staying on screen, then ``then()``: a choice that
        changes the whole form (Quick play's game or rule set) rebuilt it in the frame
        of the click (20-40 ms). Input meanwhile waits and then goes to the new widgets
        (a press on an old one to the new one in its place). At once when the scene is
        not shown or background work runs inline (tests)."""
        from game.scenes.kit.worker import BackgroundChoice

        if self._rebuild is not None:
            self._rebuild.drop()
        if BackgroundChoice.inline or not self.visible or self.container is None:
            self.recreate_ui()
            if then is not None:
                then()
            return
        self._rebuild = _Rebuild(self, then)
        self.app.frame_hooks.append(self._rebuild)
        self.app.wake()

    def _finish_rebuild(self) -> None:
        """The rebuild under way completed at once (the scene is leaving the screen)."""
        rebuild = self._rebuild
        if rebuild is not None:
            while not rebuild.build.advance(-math.inf):
                pass
            rebuild.swap()

    def build_steps(self, hidden: bool = False) -> Iterator[None]:
        """``recreate_ui`` a group of widgets at a time (``build`` yields between groups).
        ``hidden``: the widgets are built out of sight for ``open_menu``, which spreads
        the steps over frames and then pushes the scene (``resume`` shows them)."""
        self.destroy_ui()
        focused = self.ring.index
        self.ring = FocusRing(focus_first=not hidden)
        self.labels = []
        self._open_tabs = []
        container = self.container = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.size),
            self.app.manager,
            starting_height=1,
            visible=0 if hidden else 1,
        )
        self._builds += 1
        steps = self.build()
        if steps is not None:
            for _ in steps:
                yield
                if self.container is not container:
                    return  # built again or destroyed meanwhile
        if hidden:
            yield  # the widgets' looks are drawn (see _HiddenBuild) before the focus shows
            if self.container is not container:
                return
        if 0 <= focused < len(self.ring.items) and self.ring.items[focused].enabled:
            self.ring.focus(focused)
        if hidden:  # built out of sight: its first item is focused now its looks are drawn
            self.ring.focus_first_item()
        if not self.visible and not hidden:
            container.hide()

    def build(self) -> Iterator[None] | None:
        """Create this scene's widgets inside ``self.container``; a long build may be a
        generator that yields between groups of widgets (see ``open_menu``)."""
        return None

    # ---------------------------------------------------------------- helpers
    @property
    def u(self) -> float:
        """One layout unit in pixels (1.0 at 1280x720 and UI scale 100%)."""
        return self.app.scale

    def px(self, value: float) -> int:
        return round(value * self.u)

    def text_width(self, text: str, block: str = "button") -> int:
        return self.app.font_for(block).size(text)[0]

    def add_button(
        self,
        rect: pygame.Rect,
        text: str,
        on_press: Callable[[], object],
        enabled: bool = True,
        object_id: str | None = None,
    ) -> ButtonItem:
        assert self.container is not None
        button = UIButton(
            rect,
            text,
            self.app.manager,
            self.container,
            object_id=ObjectID(object_id, None) if object_id else None,
        )
        item = ButtonItem(button, on_press, enabled)
        self.ring.add(item)
        return item

    def add_selector(
        self,
        rect: pygame.Rect,
        options: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], object],
        enabled: bool = True,
        container: Any = None,
    ) -> Selector[T]:
        """A selector in this scene's container (or ``container``, one inside it)."""
        assert self.container is not None
        selector: Selector[T] = Selector(
            self.app.manager, container or self.container, rect, options, value, on_change, enabled
        )
        self.ring.add(selector)
        return selector

    def add_label(
        self, rect: pygame.Rect, text: str, object_id: str | None = None, container: Any = None
    ) -> UILabel:
        assert self.container is not None
        label = UILabel(
            rect,
            text,
            self.app.manager,
            container or self.container,
            object_id=ObjectID(object_id, None) if object_id else None,
        )
        self.labels.append(label)
        return label

    def go_back(self) -> None:
        """Esc / Back: leave this menu."""
        self.app.pop()

    # ----------------------------------------------------------------- events
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self._rebuild is not None:
            self._rebuild.hold(event)  # for the new widgets, once they show
            return None
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED and self.hover_focuses:
            self.ring.hover(event.ui_element)
            return event
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.ring.handle_press(event.ui_element):
                return None
            return event
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
                return None
            if self.ring.handle_key(event):
                return None
        return event

    def redraw_in(self) -> float:
        """A menu changes only on input (the App redraws after input by itself)."""
        return math.inf

    def draw(self, surface: pygame.Surface) -> None:
        high_contrast = self.app.settings.high_contrast
        if not self.cache_decor:
            surface.blit(backdrop(surface.get_size(), high_contrast), (0, 0))
            self.draw_decor(surface)
            return
        key = (surface.get_size(), high_contrast, self._builds)
        if self._decor is None or key != self._decor_key:
            self._decor = backdrop(surface.get_size(), high_contrast).copy()
            self.draw_decor(self._decor)
            self._decor_key = key
        surface.blit(self._decor, (0, 0))

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Scene-specific drawing under the widgets (titles, ornaments)."""

    def draw_title(self, surface: pygame.Surface, text: str, center_y: int, size: int) -> None:
        points = max(16, round(size * self.u))
        colour = HC_TEXT if self.app.settings.high_contrast else BRASS_LIGHT
        shadow = rendered(text, points, (10, 6, 3), bold=True)
        image = rendered(text, points, colour, bold=True)
        rect = image.get_rect(center=(surface.get_width() // 2, center_y))
        surface.blit(shadow, rect.move(2, 3))
        surface.blit(image, rect)
        if not self.app.settings.high_contrast:
            # A brass rule under the title, like the inlay on the table rail.
            half = min(rect.width // 2 + self.px(40), surface.get_width() // 2 - self.px(40))
            y = rect.bottom + self.px(6)
            cx = surface.get_width() // 2
            pygame.draw.line(surface, BRASS, (cx - half, y), (cx + half, y), 2)
            pygame.draw.circle(surface, BRASS_LIGHT, (cx, y), 4)

    def show_open_tab(self, tab: ButtonItem) -> None:
        """Make ``tab`` the open page's tab: out of the focus ring and hidden, so that
        ``draw_open_tab`` can draw it as selected (a disabled button reads "unavailable")."""
        tab.enabled = False
        tab.button.disable()
        tab.button.hide()
        self._open_tabs.append(tab)

    def draw_open_tab(self, surface: pygame.Surface, tab: ButtonItem, joins: int = 0) -> None:
        """The open tab, drawn like a folder tab: the page's dark fill inside a bright
        edge, its name bold and underlined, and (with ``joins``, the y of the page's top
        edge) no line between it and the page it opens.

        It must not look like the keyboard focus (a filled brass button) nor like the
        other tabs, and must differ in shape and weight, not in hue alone, so it reads
        as selected in the colour-blind and high-contrast palettes too."""
        rect = tab.button.get_abs_rect()
        high_contrast = self.app.settings.high_contrast
        stem = max(0, joins - rect.bottom)
        key = (rect.size, tab.button.text, high_contrast, stem)
        image = self._open_tab_cache.get(key)
        if image is None:
            fill, ink, edge, width = (
                ((0, 0, 0), HC_TEXT, (255, 255, 255), 3)
                if high_contrast
                else ((20, 13, 8), BRASS_LIGHT, BRASS_LIGHT, 2)
            )
            height = rect.height + (stem + width if stem else 0)
            image = pygame.Surface((rect.width, height), pygame.SRCALPHA)
            radius = self.px(8)
            body = pygame.Rect(0, 0, rect.width, rect.height)
            if stem:
                # Square lower corners running into the page, over the page's border.
                pygame.draw.rect(image, fill, pygame.Rect(0, 0, rect.width, height))
                pygame.draw.rect(image, fill, body, border_radius=radius)
                pygame.draw.line(image, edge, (0, radius), (0, height - 1), width)
                pygame.draw.line(
                    image,
                    edge,
                    (rect.width - width, radius),
                    (rect.width - width, height - 1),
                    width,
                )
                top = pygame.Rect(0, 0, rect.width, radius * 2 + width)
                pygame.draw.rect(
                    image,
                    edge,
                    top,
                    width=width,
                    border_top_left_radius=radius,
                    border_top_right_radius=radius,
                )
                pygame.draw.rect(
                    image, fill, pygame.Rect(width, radius, rect.width - 2 * width, radius + width)
                )
            else:
                pygame.draw.rect(image, fill, body, border_radius=radius)
                pygame.draw.rect(image, edge, body, width=width, border_radius=radius)
            font = self.app.font_for("#primary")
            words = font.render(tab.button.text, True, ink)
            room = rect.width - 12
            if words.get_width() > room:
                words = pygame.transform.smoothscale(
                    words, (room, max(1, words.get_height() * room // words.get_width()))
                )
            place = words.get_rect(center=body.center)
            image.blit(words, place)
            underline_y = min(rect.height - width - 2, place.bottom - self.px(3))
            pygame.draw.line(
                image, ink, (place.left, underline_y), (place.right, underline_y), max(2, width - 1)
            )
            self._open_tab_cache = {key: image}
        surface.blit(image, rect.topleft)

    def interactive_elements(self) -> list[UIElement]:
        return self.ring.interactive_elements()

    def text_elements(self) -> list[Any]:
        """Everything showing text in a fixed rect (for the cut-off tests)."""
        return [*self.labels, *self.interactive_elements()]
