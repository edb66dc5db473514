"""The shape of the imports in ``game/`` (STYLE.md, "The shape of the program"): no import
circle anywhere, imports inside functions included (``if TYPE_CHECKING:`` blocks aside);
the table kit imports nothing above itself; screens open each other by name
(``app.open``, game.scenes.screens), never by importing each other.

Read from the source with ``ast``: nothing is imported, so this takes milliseconds.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Circles being taken apart on other branches. Remove each entry once its circle is
#: gone: a circle that no longer exists fails the test below as well.
KNOWN_CIRCLES: list[frozenset[str]] = []

#: What the kit builds on outside itself in game.scenes: the menus' frame (MenuScene and
#: its helpers), the widgets, the table base class (TableScene) and the registry of
#: screens (names only) that ``app.open`` reads.
KIT_FOUNDATION = frozenset(
    {"game.scenes.base", "game.scenes.widgets", "game.scenes.table", "game.scenes.screens"}
)


def module_files(root: Path) -> dict[str, Path]:
    files = {}
    for path in sorted((root / "game").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _type_checking(node.test):
            for other in node.orelse:
                yield from import_nodes(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from import_nodes(node)


def imported(module: str, path: Path, node: ast.Import | ast.ImportFrom, files: dict) -> set[str]:
    """The modules of ``game`` that one import statement of ``module`` loads by name."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in files}
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        source = ".".join([*package, *([node.module] if node.module else [])])
    else:
        source = node.module or ""
    found = set()
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        if submodule in files:
            found.add(submodule)
        elif source in files:
            found.add(source)
    return found


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def import_graph(root: Path = ROOT) -> dict[str, frozenset[str]]:
    """Module -> the modules of ``game`` it imports (each at most once)."""
    files = module_files(root)
    graph = {}
    for module, path in files.items():
        tree = parsed(path)
        targets: set[str] = set()
        for node in import_nodes(tree):
            targets |= imported(module, path, node, files)
        graph[module] = frozenset(targets - {module})
    return graph


def circles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each as its
    shortest circle through its first module, ``[a, b, c, a]``, then any other members."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:  # recursion depth stays far below the limit here
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    out = []
    for group in groups:
        circle = _circle_through(group, graph)
        out.append(circle + sorted(group - set(circle)))
    return out


def _circle_through(group: set[str], graph: dict[str, frozenset[str]]) -> list[str]:
    """The shortest circle from the group's first module back to itself (breadth first)."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module] & group):
            if target == start:
                return [*paths[module], start]
            if target not in paths:
                paths[target] = [*paths[module], target]
                queue.append(target)
    return sorted(group)  # not reached: a strongly connected group has a circle


def _also(found: list[str]) -> str:
    rest = found[found.index(found[0], 1) + 1 :]
    return f" (in one knot with {', '.join(rest)})" if rest else ""


def reached_from(graph: dict[str, frozenset[str]], modules: set[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


# --------------------------------------------------------------------------- the tests
def test_the_finder_sees_a_circle_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from game import b\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from . import c\n", encoding="utf-8")
    (package / "c.py").write_text("import game.a\n", encoding="utf-8")
    (package / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game import a\n",
        encoding="utf-8",
    )
    (package / "e.py").write_text("from game.a import x\n", encoding="utf-8")
    graph = import_graph.__wrapped__(tmp_path)
    assert circles(graph) == [["game.a", "game.b", "game.c", "game.a"]]
    assert graph["game.d"] == frozenset()  # a TYPE_CHECKING import is no circle
    assert graph["game.e"] == {"game.a"}


def test_no_import_circle_in_game() -> None:
    found = circles(import_graph())
    new = [c for c in found if not any(set(c) <= known for known in KNOWN_CIRCLES)]
    lines = [" -> ".join(c[: c.index(c[0], 1) + 1]) + _also(c) for c in new]
    assert not new, "import circles in game/:\n" + "\n".join(lines)
    gone = [known for known in KNOWN_CIRCLES if not any(set(c) <= known for c in found)]
    assert not gone, f"these circles are gone: take them out of KNOWN_CIRCLES: {gone}"


def test_the_kit_imports_nothing_above_itself() -> None:
    """Not even through another module: what the kit reaches in game.scenes is itself and
    the frame it builds on; never a screen, the command line or the simulator."""
    graph = import_graph()
    kit = {m for m in graph if m == "game.scenes.kit" or m.startswith("game.scenes.kit.")}
    reached = reached_from(graph, kit)
    above = sorted(
        m
        for m in reached - kit - KIT_FOUNDATION
        if m.startswith("game.scenes") or m in ("game.cli", "game.sim", "game.__main__")
    )
    assert not above, f"the kit reaches {above}"
    # The foundation itself reaches nothing above the kit either.
    assert reached_from(graph, set(KIT_FOUNDATION)) - kit <= KIT_FOUNDATION | {
        m for m in graph if not m.startswith("game.scenes")
    }


def test_no_scene_imports_a_screen_to_open_it() -> None:
    """What a screen's registry entry builds is named only there: no other scene module
    imports it (``from game.scenes.rules import RulesScene``) or reaches it through its
    module (``rules.RulesScene``)."""
    from game.scenes.screens import SCREENS

    builders = {tuple(s.target.split(":")) for s in SCREENS.values()}
    graph_files = module_files(ROOT)
    found = []
    for module, path in graph_files.items():
        if not module.startswith("game.scenes") or module == "game.scenes.screens":
            continue
        tree = parsed(path)
        aliases: dict[str, str] = {}  # a screen module imported whole, by its local name
        for node in import_nodes(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    if (node.module, alias.name) in builders and node.module != module:
                        found.append(f"{module} imports {node.module}:{alias.name}")
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        for use in ast.walk(tree):
            if isinstance(use, ast.Attribute) and isinstance(use.value, ast.Name):
                owner = aliases.get(use.value.id)
                if owner is not None and (owner, use.attr) in builders:
                    found.append(f"{module} uses {owner}:{use.attr}")
    assert not found, "screens opened by import, not by name:\n" + "\n".join(found)
