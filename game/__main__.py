"""``python -m game``: the desktop app (see game/cli.py for the flags)."""

from __future__ import annotations

import os
import sys

# Keep stdout clean for --version / --campaign-status, which scripts parse.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
