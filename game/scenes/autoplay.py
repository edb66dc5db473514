"""The --autoplay driver: plays through the real scenes by posting input events.

It never calls scene methods that a player could not trigger: each step posts the
mouse clicks or key presses the top scene asks for (``autoplay_inputs()``), and they go
through pygame's event queue, pygame_gui and the scene's own event handling. A table
scene that needs finer control exposes ``autoplay_step()`` (called every frame).
"""

from __future__ import annotations

import sys

import pygame

from game.app import App, Scene
from game.scenes.base import menu_opening

STEP_FRAMES = 8  # frames between synthetic inputs: lets animations and screenshots happen
SETTLE_FRAMES = 3  # frames a new scene is shown before its screenshot
STUCK_FRAMES = 60 * 60  # a minute on one scene without progress means autoplay is broken


class AutoplayDriver:
    def __init__(self, app: App) -> None:
        self.app = app
        self.scene: Scene | None = None
        self.frames_on_scene = 0
        self.shot_taken = False
        self.visited: list[str] = []

    def __call__(self, app: App, dt: float) -> None:
        top = app.top
        if top is not self.scene:
            self.scene = top
            self.frames_on_scene = 0
            self.shot_taken = False
            if top is not None:
                self.visited.append(top.name)
        self.frames_on_scene += 1
        if top is None:
            return
        if not self.shot_taken and self.frames_on_scene > SETTLE_FRAMES:
            app.screenshot(top.name)
            self.shot_taken = True
        step = getattr(top, "autoplay_step", None)
        if callable(step):
            step()
            return
        if self.frames_on_scene > STUCK_FRAMES:
            print(f"autoplay stuck on scene {top.name!r}", file=sys.stderr)
            app.quit(1)
            return
        if menu_opening(app):
            return  # a player waits for the screen asked for to show
        if self.shot_taken and self.frames_on_scene % STEP_FRAMES == 0:
            for event in top.autoplay_inputs():
                pygame.event.post(event)
