"""The limits issue 26 set on the shape of the program (STYLE.md, "The shape of the
program"): no class in ``game/`` longer than 600 lines, and every scene -- a table, a
replay, a lesson -- built by composition: at most 5 of our classes in its MRO and at
most 150 of our methods through them. A game's roles (layout, animation, painting,
controls) are collaborators of its table, and replays and lessons are collaborators of
the game's ordinary table, never subclasses.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import game
from game.app import Scene

ROOT = Path(__file__).resolve().parents[1]
MAX_CLASS_LINES = 600
MAX_OUR_BASES = 5
MAX_OUR_METHODS = 150


def _ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] in ("game", "ai")


def test_no_class_in_game_is_longer_than_600_lines() -> None:
    long = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} {lines}")
    assert not long, "classes over 600 lines: " + "; ".join(long)


def scene_classes() -> list[type]:
    """Every Scene subclass defined in game/ (each module imported once)."""
    for info in pkgutil.walk_packages(game.__path__, "game."):
        importlib.import_module(info.name)
    found: set[type] = set()
    todo = [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted((c for c in found if _ours(c)), key=lambda c: c.__qualname__)


def our_methods(cls: type) -> set[str]:
    names: set[str] = set()
    for base in cls.__mro__:
        if _ours(base):
            for name, value in vars(base).items():
                if inspect.isfunction(value) or isinstance(
                    value, property | staticmethod | classmethod
                ):
                    names.add(name)
    return names


def test_every_scene_is_built_by_composition() -> None:
    classes = scene_classes()
    assert len(classes) > 30  # the walk found the scenes (tables, menus, replays, lessons)
    wide = []
    for cls in classes:
        bases = [b.__qualname__ for b in cls.__mro__ if _ours(b)]
        methods = len(our_methods(cls))
        if len(bases) > MAX_OUR_BASES or methods > MAX_OUR_METHODS:
            wide.append(f"{cls.__module__}.{cls.__qualname__}: {' > '.join(bases)} ({methods})")
    assert not wide, "scenes over the limits:\n" + "\n".join(wide)


def test_replays_and_lessons_are_not_subclasses_of_a_table() -> None:
    """Every kind of table is one class; a replay or a lesson is that class with a
    collaborator attached (its name says which)."""
    tables = {c for c in scene_classes() if c.__name__.endswith("Table")}
    for cls in scene_classes():
        if cls in tables:
            continue
        under = [b.__name__ for b in cls.__mro__[1:] if b in tables and b.__name__ != "Table"]
        assert not under, f"{cls.__qualname__} subclasses the table {under[0]}"
