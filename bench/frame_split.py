"""Frame time split by screen, wall clock and CPU: the autoplay run ``--frame-stats``
measures, with each frame's process CPU time beside its wall time, so a busy machine
(other programs taking the cores, waits on the disk) shows as the gap between the two.

    python bench/frame_split.py [--size 1280x720] [--preset classic] [--hands 3]

Prints the 50th and 95th percentiles per screen and overall, in milliseconds. Player
data goes to a temporary folder. A benchmark reports; it does not pass or fail.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HOME = Path(tempfile.mkdtemp(prefix="frame-split-"))
for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
    os.environ[name] = str(HOME / name.lower())
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import app as app_module  # noqa: E402
from game import cli  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--hands", type=int, default=3)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    folder = HOME / "xdg_config_home" / "sabacc-parlor"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"window_size": [width, height]}))

    frames: list[tuple[str, float, float]] = []
    step = app_module.App.step

    def timed_step(self: app_module.App, dt: float) -> bool:
        wall, cpu = time.perf_counter(), time.process_time()
        drew = step(self, dt)
        name = type(self.top).__name__ if self.top is not None else "-"
        frames.append(
            (name, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
        )
        return drew

    app_module.App.step = timed_step  # type: ignore[method-assign]
    with contextlib.suppress(SystemExit):
        cli.main(
            ["--autoplay", "--headless", "--game", "sabacc", "--preset", args.preset,
             "--hands", str(args.hands)]
        )  # fmt: skip
    by_screen: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
    for name, wall, cpu in frames:
        by_screen[name].append((wall, cpu))
    print(f"{args.size} {args.preset}, {args.hands} hands")
    print(
        f"{'screen':22s} {'frames':>6s} {'wall p50':>9s} {'wall p95':>9s} {'cpu p50':>8s} {'cpu p95':>8s}"
    )
    rows = [("all", [(w, c) for _, w, c in frames]), *by_screen.items()]
    for name, values in rows:
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        print(
            f"{name:22s} {len(values):6d} {percentile(walls, 0.5):9.2f} "
            f"{percentile(walls, 0.95):9.2f} {percentile(cpus, 0.5):8.2f} "
            f"{percentile(cpus, 0.95):8.2f}"
        )


if __name__ == "__main__":
    main()
