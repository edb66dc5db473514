"""Frame figures for the history, results and statistics screens at 1280x720, 1920x1080
and 3840x2160: milliseconds per frame (events, update and draw, as the App times them),
median and 95th percentile of 120 frames, after the first (the build) is left out.

    python bench/screens.py

A benchmark reports; it does not pass or fail.  Player data goes to a temporary folder.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HOME = Path(tempfile.mkdtemp(prefix="screens-bench-"))
os.environ["XDG_DATA_HOME"] = str(HOME / "data")
os.environ["XDG_CONFIG_HOME"] = str(HOME / "config")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App, AppOptions  # noqa: E402
from game.scenes.history import HistoryScene  # noqa: E402
from game.scenes.main_menu import MainMenuScene  # noqa: E402
from game.scenes.results import ResultsScene  # noqa: E402
from game.scenes.stats import StatsScene  # noqa: E402
from game.session import QuickPlayConfig, SessionResult  # noqa: E402
from game.session.summary import HandSummary, SessionLog  # noqa: E402
from game.storage.stats import StatsBook  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
FRAMES = 120


def session() -> SessionResult:
    """A 40-hand session of four seats (stacks made up, no engine needed)."""
    log = SessionLog(start=[100] * 4)
    stacks = [100] * 4
    for number in range(1, 41):
        winner = number % 4
        net = [(12 if seat == winner else -4) for seat in range(4)]
        stacks = [s + n for s, n in zip(stacks, net, strict=True)]
        log.hands.append(HandSummary(number, tuple(net), tuple(stacks), 12 + number, winner))
    config = QuickPlayConfig(opponents=("normal",) * 3)
    return SessionResult(config, 40, stacks, None, ["You", "A", "B", "C"], log)


def stats_book() -> StatsBook:
    book = StatsBook()
    book.bankroll = [500 + (i * 37) % 300 for i in range(400)]
    return book


def frames(app: App) -> tuple[float, float]:
    app.step(1 / 60)  # the build
    times = []
    for _ in range(FRAMES):
        app.wake()
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return times[len(times) // 2], times[int(0.95 * (len(times) - 1))]


def main() -> None:
    print(f"{'screen':10s} {'size':>10s} {'p50 ms':>8s} {'p95 ms':>8s}")
    for size in SIZES:
        folder = HOME / "config" / "sabacc-parlor"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "settings.json").write_text(json.dumps({"window_size": list(size)}))
        app = App(AppOptions(headless=True))
        app.push(MainMenuScene(app))
        app.step(1 / 60)
        scenes = (
            ("history", HistoryScene(app, "sabacc")),
            ("results", ResultsScene(app, session())),
            ("stats", StatsScene(app, stats_book())),
        )
        for name, scene in scenes:
            app.push(scene)
            p50, p95 = frames(app)
            app.pop()
            print(f"{name:10s} {size[0]:>5d}x{size[1]:<4d} {p50:8.2f} {p95:8.2f}")
        app.close()


if __name__ == "__main__":
    main()
