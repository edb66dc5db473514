"""``python -m game.i18n check``: every English key and placeholder exists in ja and es."""

from __future__ import annotations

import sys

from game.i18n import check_catalogs, load_all


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["check"]:
        print("usage: python -m game.i18n check", file=sys.stderr)
        return 2
    try:
        catalogs = load_all()
    except (OSError, ValueError) as error:
        print(f"cannot read catalogs: {error}", file=sys.stderr)
        return 1
    problems = check_catalogs(catalogs)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} translation problem(s)")
        return 1
    counts = ", ".join(f"{lang} {len(cat)}" for lang, cat in catalogs.items())
    print(f"translations complete ({counts} messages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
