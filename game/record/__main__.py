"""``python -m game.record export|check`` (CONTRACT §10).

    python -m game.record export [--game sabacc|brag|ninehalf] [--out FILE]
    python -m game.record check FILE

``export`` writes the player's hand history as records, one JSON object a line (to
stdout without ``--out``); hands kept before records existed cannot be written and are
counted on stderr. ``check`` replays every record of FILE and prints one line per record
``{"index": i, "ok": true|false, "why": "..."}``; exit 0 when all hold, 1 when any does
not, 2 when the file cannot be read or the arguments are wrong (one line, no traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from game import games


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"game.record: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game.record", description="Hand records: export and check")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    export = commands.add_parser("export", help="write the hand history as records")
    export.add_argument("--game", choices=games.GAME_IDS, help="one game (default: every game)")
    export.add_argument("--out", type=Path, help="the file to write (default: stdout)")
    check = commands.add_parser("check", help="replay every record of FILE")
    check.add_argument("file", type=Path)
    return parser


def read_lines(path: Path) -> list[str]:
    """The file's lines (blank ones left out); OSError / UnicodeDecodeError when it
    cannot be read."""
    text = path.read_bytes().decode("utf-8")
    return [line for line in text.splitlines() if line.strip()]


def check_lines(lines: list[str]) -> list[dict[str, Any]]:
    """One ``{"index", "ok", "why"}`` per line, in order."""
    from game.record.replay import RecordError, check

    out: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as error:
            bad = RecordError.of("not_json", detail=str(error))
            out.append({"index": index, "ok": False, "why": str(bad)})
            continue
        ok, why = check(record)
        out.append({"index": index, "ok": ok, "why": why})
    return out


def _check(path: Path) -> int:
    try:
        lines = read_lines(path)
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        print(f"game.record: cannot read {path}: {reason}", file=sys.stderr)
        return 2
    if not lines:
        print(f"game.record: {path} holds no records", file=sys.stderr)
        return 2
    results = check_lines(lines)
    for result in results:
        print(json.dumps(result, ensure_ascii=False))
    return 0 if all(r["ok"] for r in results) else 1


def _export(game: str | None, out: Path | None) -> int:
    from game.storage import history

    records: list[dict[str, Any]] = []
    older = 0
    for name in [game] if game else list(games.GAME_IDS):
        for hand in history.load(name):
            if hand.record is None:
                older += 1
            else:
                records.append(hand.record)
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            print(f"game.record: cannot write {out}: {error.strerror or error}", file=sys.stderr)
            return 2
        print(f"game.record: {len(records)} records written to {out}", file=sys.stderr)
    if older:
        print(
            f"game.record: {older} older hands (kept before records) have no record to export",
            file=sys.stderr,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "check":
        return _check(args.file)
    return _export(args.game, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
