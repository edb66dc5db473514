"""Only the registry (game/games.py) and the rules engines (game/rules) decide by a game's
or a rule set's name: everything else asks a registry entry. A name spelled out in a
comparison, an ``in`` test, a dict key, a subscript or a match case elsewhere is a list
of games kept by hand, which a new game or rule set would have to find and extend."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from game import games

ROOT = Path(__file__).resolve().parents[1]
NAMES = frozenset(g.id for g in games.every_game()) | frozenset(games.all_presets())

# Words that are also something else: the literal is fine when what it is compared
# with is named so. "sabacc" is a pot (the Sabacc pot), a Kessel hand's kind and the
# card art's deck; "random" is an AI level (CONTRACT §3).
OTHER_MEANINGS = {"sabacc": ("pot", "kind", "deck"), "random": ("level",)}

# Files allowed a list of games of their own: none. Nothing may be added here; a
# game's part of a file is named by its registry entry instead (docs/adding-a-game.md).
KNOWN: dict[str, frozenset[str]] = {}


def _literals(node: ast.AST) -> Iterator[ast.Constant]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _literals(item)


def _named(node: ast.AST) -> str:
    """The last name of ``node`` (``e.pot`` -> "pot"), "" for anything else."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _other_meaning(literal: str, operands: list[ast.AST]) -> bool:
    words = OTHER_MEANINGS.get(literal, ())
    for operand in operands:
        if any(word in _named(operand).lower() for word in words):
            return True
        # ("pot", "sabacc"): a place on the felt
        if any(c.value in words for c in _literals(operand)):
            return True
    return False


def decisions_by_name(source: str) -> list[tuple[int, str]]:
    """(line, name) of every game or rule-set name ``source`` decides by."""
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source)):
        operands: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            operands = [key for key in node.keys if key is not None]
        elif isinstance(node, ast.Subscript):
            operands = [node.slice]
        elif isinstance(node, ast.MatchValue):
            operands = [node.value]
        for operand in operands:
            for literal in _literals(operand):
                if literal.value in NAMES and not _other_meaning(literal.value, operands):
                    found.append((literal.lineno, literal.col_offset, literal.value))
    return [(line, name) for line, _, name in sorted(found)]


def test_the_scan_finds_every_way_of_deciding_by_name() -> None:
    source = (
        'if game == "brag": pass\n'
        'if preset in ("kessel", "figg"): pass\n'
        'PAGES = {"ninehalf": 1}\n'
        'pages = PAGES["corellian-spike"]\n'
        'match preset:\n    case "great-khan": pass\n'
        'if pot == "sabacc" or source == ("pot", "sabacc") or level == "random": pass\n'
        'if flow == "random": pass\n'
    )
    assert decisions_by_name(source) == [
        (1, "brag"),
        (2, "kessel"),
        (2, "figg"),
        (3, "ninehalf"),
        (4, "corellian-spike"),
        (6, "great-khan"),
        (8, "random"),
    ]


def test_only_the_registry_and_the_rules_decide_by_a_games_name() -> None:
    found = []
    for folder in ("game", "ai"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where == "game/games.py" or where.startswith("game/rules/"):
                continue
            allowed = KNOWN.get(where, frozenset())
            for line, name in decisions_by_name(path.read_text(encoding="utf-8")):
                if name not in allowed:
                    found.append(f"{where}:{line}: {name!r}")
    assert found == []
