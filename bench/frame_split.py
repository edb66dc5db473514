"""Frame time split by screen, wall clock and CPU: the autoplay run ``--frame-stats``
measures, with each frame's CPU time beside its wall time, so a busy machine (other
programs taking the cores, waits on the disk) shows as the gap between the two.

    python bench/frame_split.py [--size 1280x720] [--preset classic] [--hands 3]
                                [--seed 5] [--runs 3]

Prints the 50th and 95th percentiles per screen and overall, in milliseconds: wall
clock, the process's CPU (every thread: the computer players' worker and the save
writer too) and the frame loop's own thread's CPU, the steadiest figure on a shared
machine. ``--runs N`` plays the same seeded run N times, each in a fresh process, and
prints the median of each figure. Player data goes to a temporary folder. A benchmark
reports; it does not pass or fail.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLUMNS = ("wall p50", "wall p95", "cpu p95", "loop p50", "loop p95")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else 0.0


def one_run(args: argparse.Namespace) -> dict[str, list[float]]:
    """Play the run in this process; per screen (and "all"): frames and the COLUMNS."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = Path(tempfile.mkdtemp(prefix="frame-split-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        os.environ[name] = str(home / name.lower())
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game import app as app_module
    from game import cli

    width, height = (int(v) for v in args.size.split("x"))
    folder = home / "xdg_config_home" / "sabacc-parlor"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"window_size": [width, height]}))

    frames: list[tuple[str, float, float, float]] = []
    step = app_module.App.step

    def timed_step(self: app_module.App, dt: float) -> bool:
        wall, cpu, loop = time.perf_counter(), time.process_time(), time.thread_time()
        drew = step(self, dt)
        name = type(self.top).__name__ if self.top is not None else "-"
        frames.append(
            (
                name,
                (time.perf_counter() - wall) * 1000,
                (time.process_time() - cpu) * 1000,
                (time.thread_time() - loop) * 1000,
            )
        )
        return drew

    app_module.App.step = timed_step  # type: ignore[method-assign]
    with contextlib.suppress(SystemExit):
        cli.main(
            ["--autoplay", "--headless", "--game", args.game, "--preset", args.preset,
             "--hands", str(args.hands), "--seed", str(args.seed)]
        )  # fmt: skip
    by_screen: dict[str, list[tuple[str, float, float, float]]] = collections.defaultdict(list)
    for frame in frames:
        by_screen[frame[0]].append(frame)
    out: dict[str, list[float]] = {}
    for name, values in [("all", frames), *by_screen.items()]:
        walls, cpus, loops = ([v[i] for v in values] for i in (1, 2, 3))
        out[name] = [
            len(values),
            percentile(walls, 0.5),
            percentile(walls, 0.95),
            percentile(cpus, 0.95),
            percentile(loops, 0.5),
            percentile(loops, 0.95),
        ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--game", default="sabacc")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(one_run(args)))
        return
    runs = []
    for _ in range(args.runs):
        command = [sys.executable, __file__, "--json", *sys.argv[1:]]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"{args.size} {args.preset}, {args.hands} hands, seed {args.seed}, ", end="")
    print(f"median of {args.runs} run{'s' if args.runs > 1 else ''}")
    print(f"{'screen':22s} {'frames':>6s} " + " ".join(f"{c:>9s}" for c in COLUMNS))
    for name in runs[0]:
        rows = [run[name] for run in runs if name in run]
        figures = [statistics.median(row[i] for row in rows) for i in range(len(rows[0]))]
        print(f"{name:22s} {figures[0]:6.0f} " + " ".join(f"{v:9.2f}" for v in figures[1:]))


if __name__ == "__main__":
    main()
