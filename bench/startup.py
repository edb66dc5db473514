"""Time from starting the program to its first rendered frame, from source and built.

    python bench/startup.py [--runs 7] [--dist dist] [--source-only]

Prints medians (the machine is noisy) of three measurements, each a fresh process:

- ``source, first flip``: ``python -c`` imports the game, wraps ``pygame.display.flip``
  and reports the instant the first frame is shown. Exact, but needs Python hooks.
- ``source, first screenshot`` and ``built, first screenshot``: the unmodified program
  with ``--autoplay --headless --screenshots DIR``; the time until the title's PNG
  appears. The autoplay driver waits a few frames (SETTLE_FRAMES) before that shot, so
  this is later than the first frame by a roughly fixed amount. The bench reports that
  offset as measured from source and subtracts it to estimate the built app's first frame.

All runs use the dummy video and audio drivers and a throw-away settings folder.
Goals: <= 1.5 s from source, <= 0.5 s from the onedir build (issues 8 and 29).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "sabacc-parlor"

# Runs the real command line in a fresh interpreter; the first flip prints and exits.
FIRST_FLIP_PROBE = """
import os, sys
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
_flip = pygame.display.flip
def _first_flip():
    _flip()
    sys.stdout.write("FIRST_FRAME\\n")
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = _first_flip
from game.cli import main
sys.exit(main(["--headless"]))
"""


def _environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
    )
    return env


def time_first_flip(python: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        process = subprocess.Popen(
            [python, "-c", FIRST_FLIP_PROBE],
            cwd=ROOT,
            env=_environment(Path(folder)),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - started
        process.wait(timeout=30)
    if line.strip() != "FIRST_FRAME":
        raise RuntimeError("the source run ended before drawing a frame")
    return elapsed


def time_first_screenshot(command: list[str], timeout: float = 30.0) -> float:
    """Seconds from launch until the first screenshot file exists; the process is killed."""
    with tempfile.TemporaryDirectory() as folder:
        shots = Path(folder) / "shots"
        args = [*command, "--autoplay", "--headless", "--hands", "1", "--screenshots", str(shots)]
        started = time.perf_counter()
        process = subprocess.Popen(
            args,
            cwd=folder,
            env=_environment(Path(folder)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while True:
                if shots.is_dir() and any(shots.iterdir()):
                    return time.perf_counter() - started
                if process.poll() is not None:
                    raise RuntimeError(f"{args[0]} exited ({process.returncode}) before a frame")
                if time.perf_counter() - started > timeout:
                    raise RuntimeError(f"no frame from {args[0]} within {timeout} s")
                time.sleep(0.002)
        finally:
            process.kill()
            process.wait()


def _median(samples: list[float]) -> str:
    return (
        f"median {statistics.median(samples):.3f} s "
        f"(min {min(samples):.3f}, max {max(samples):.3f}, n={len(samples)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="time to the first rendered frame")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="make dist's output")
    parser.add_argument("--source-only", action="store_true")
    args = parser.parse_args(argv)

    suffix = ".exe" if sys.platform == "win32" else ""
    built = args.dist.resolve() / APP_NAME / f"{APP_NAME}{suffix}"
    if not args.source_only and not built.is_file():
        print(f"{built} not found: run `make dist` first, or pass --source-only", file=sys.stderr)
        return 2

    # One untimed run each: the first start after a build or checkout reads cold files.
    source_command = [sys.executable, "-m", "game"]
    time_first_flip(sys.executable)
    time_first_screenshot(source_command)
    if not args.source_only:
        time_first_screenshot([str(built)])
    # Interleaved rounds, so that load from other work on the machine hits all alike.
    flips: list[float] = []
    source_shots: list[float] = []
    built_shots: list[float] = []
    for _ in range(args.runs):
        flips.append(time_first_flip(sys.executable))
        source_shots.append(time_first_screenshot(source_command))
        if not args.source_only:
            built_shots.append(time_first_screenshot([str(built)]))
    print(f"source, first flip:        {_median(flips)}")
    print(f"source, first screenshot:  {_median(source_shots)}")
    # A few frames at most; on a busy machine the noise can make the difference negative.
    offset = max(0.0, statistics.median(source_shots) - statistics.median(flips))
    print(f"  the screenshot comes about {offset:.3f} s after the first frame")
    if built_shots:
        print(f"built, first screenshot:   {_median(built_shots)}")
        estimate = statistics.median(built_shots) - offset
        print(f"built, first frame (est.): {estimate:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
