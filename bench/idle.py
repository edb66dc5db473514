"""Idle cost: the CPU share the game takes while nothing moves (issue 15).

    python bench/idle.py [--seconds 4] [--size 1280x720] [--always-draw]

Runs the real App loop (headless unless DISPLAY is set and --window is given) on the
title screen and at each table waiting for the player (every Sabacc table kind: Classic,
Great Khan's dice, Kessel and Kessel Shift, Corellian Spike and Coruscant Shift;
Brag; Nine and a Half), and prints, per screen, the process CPU time divided by wall
time over ``--seconds`` once the screen is at rest (1.0 = one whole core). ``--always-draw`` turns resting off: the cost of drawing every
frame, as the game did before. Goal: at most 0.05 at rest.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

WARMUP_LIMIT = 60.0  # seconds of play before a table must be waiting for the player
SETTLE = 1.5  # seconds at rest before measuring (the App's REST_AFTER and a margin)


def measure(screen: str, seconds: float, size: tuple[int, int], always_draw: bool) -> float:
    from game.app import App, AppOptions, Scene
    from game.scenes.main_menu import MainMenuScene
    from game.scenes.table import QuickPlayConfig, make_table_scene
    from game.scenes.title import TitleScene

    folder = Path(tempfile.mkdtemp(prefix="idle-bench-"))
    os.environ["XDG_DATA_HOME"] = str(folder / "data")
    settings = folder / "settings.json"
    settings.write_text(json.dumps({"window_size": list(size)}), encoding="utf-8")
    app = App(AppOptions(settings_file=settings))
    if always_draw:
        app.may_rest = lambda: False  # type: ignore[method-assign]
    scenes: list[Scene]
    if screen == "title":
        scenes = [TitleScene(app)]
    else:
        game, _, preset = screen.partition(":")
        config = QuickPlayConfig(game=game, preset=preset or "classic", seed=11)
        scenes = [MainMenuScene(app), make_table_scene(app, config)]
    started = time.perf_counter()
    rest_since: float | None = None
    window: dict[str, float] = {}

    def hook(app: App, dt: float) -> None:
        nonlocal rest_since
        now = time.perf_counter()
        top = app.top
        if "wall" not in window:
            at_rest = top is not None and top.redraw_in() > 0
            if now - started > WARMUP_LIMIT:
                raise SystemExit(f"{screen}: never came to rest")
            if not at_rest:
                rest_since = None
                return
            rest_since = rest_since or now
            if now - rest_since >= SETTLE:
                window["wall"], window["cpu"] = now, time.process_time()
                window["frames"] = len(app.stats.frame_ms)
            return
        if now - window["wall"] >= seconds:
            window["share"] = (time.process_time() - window["cpu"]) / (now - window["wall"])
            window["drawn"] = (len(app.stats.frame_ms) - window["frames"]) / (now - window["wall"])
            app.quit(0)

    app.frame_hooks.append(hook)
    app.run(scenes)
    print(
        f"{screen:24s} cpu {window['share'] * 100:5.1f}% of a core, "
        f"{window['drawn']:5.1f} frames/s drawn"
    )
    return window["share"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--always-draw", action="store_true", help="never rest (before)")
    parser.add_argument("--window", action="store_true", help="a real window on $DISPLAY")
    parser.add_argument(
        "--screens",
        default=",".join(
            (
                "title",
                "sabacc:classic",
                "sabacc:great-khan",
                "sabacc:kessel",
                "sabacc:kessel-shift",
                "sabacc:corellian-spike",
                "sabacc:coruscant-shift",
                "brag",
                "ninehalf",
            )
        ),
        help="comma-separated: title, or game[:rule set]",
    )
    args = parser.parse_args()
    if not (args.window and os.environ.get("DISPLAY")):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    width, height = (int(v) for v in args.size.lower().split("x"))
    worst = max(
        measure(screen, args.seconds, (width, height), args.always_draw)
        for screen in args.screens.split(",")
    )
    print(f"worst: {worst * 100:.1f}% of a core (goal at rest: at most 5%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
