"""The examples in docstrings and in the README run as tests (``make test``).

Every module of ``game`` and ``ai`` is imported here, inside the test sandbox of
conftest.py (platform folders in a temporary place, SDL's dummy drivers), so an
example that saves a file never touches a player's data.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def modules(package: str) -> list[str]:
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        if not info.name.endswith("__main__"):  # running it would start the program
            names.append(info.name)
    return sorted(names)


ALL = modules("game") + modules("ai")


def with_examples(name: str) -> bool:
    source = importlib.util.find_spec(name)
    path = Path(source.origin) if source and source.origin else None
    return path is not None and ">>>" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", [n for n in ALL if with_examples(n)])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_module_imports() -> None:
    """Doctest collection would miss a module that no longer imports."""
    for name in ALL:
        importlib.import_module(name)


def readme_examples() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    return "\n".join(block for block in blocks if ">>>" in block)


def test_readme_examples() -> None:
    """README's hand-evaluation examples (CONTRACT §2) give what they say."""
    examples = readme_examples()
    assert "rank_hand" in examples and "settle" in examples
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
    assert runner.tries >= 10
