"""Command line of the desktop app (CONTRACT §4, §5).

Parsing happens before pygame is imported so that --headless can set the SDL drivers
first and --version / --campaign-status never open a window.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from game import games

GAMES = games.GAME_IDS
PRESETS = games.all_presets()
LANGUAGES = ("en", "ja", "es")
# Every game's coached first hand (game.help.coach.LESSONS), then the rule sets'
# intros (game.help.intros.INTROS), as the registry lists them.
LESSONS = GAMES
INTROS: tuple[str, ...] = games.tutorials()[len(GAMES) :]


class OneLineParser(argparse.ArgumentParser):
    """argparse prints usage and the error on two lines; scripts want one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


# Every number is bounded: a typo never asks for a run that does not end.
MAX_ROUNDS = 100_000
MAX_SEED = 2**63 - 1


def _positive(text: str) -> int:
    digits = text.strip().lstrip("+")
    if not digits.isdigit() or len(digits) > 19 or not 1 <= int(digits) <= MAX_ROUNDS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {MAX_ROUNDS}, got {text[:40]!r}"
        )
    return int(digits)


def _seed(text: str) -> int:
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or len(digits) > 19 or abs(int(text)) > MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"expected a whole number within ±{MAX_SEED}, got {text[:40]!r}"
        )
    return int(text)


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog="python -m game", description="Sabacc Parlor")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--autoplay", action="store_true", help="play the human seat with the AI")
    parser.add_argument("--game", choices=GAMES, default=None, help="default sabacc")
    parser.add_argument("--preset", choices=PRESETS, default=None, help="Sabacc rule set")
    parser.add_argument("--hands", type=_positive, help="Sabacc hands to play (autoplay)")
    parser.add_argument("--games", type=_positive, help="Brag games to play (autoplay)")
    parser.add_argument("--deals", type=_positive, help="Nine and a Half deals to play (autoplay)")
    parser.add_argument("--headless", action="store_true", help="no window or sound device")
    parser.add_argument("--screenshots", type=Path, metavar="DIR")
    parser.add_argument("--frame-stats", type=Path, metavar="FILE")
    parser.add_argument("--lang", choices=LANGUAGES)
    parser.add_argument("--seed", type=_seed)
    parser.add_argument("--campaign", action="store_true", help="play on in the campaign")
    parser.add_argument(
        "--finale",
        action="store_true",
        help="with --autoplay --campaign: a fresh journey's last venue, played through "
        "with the ending",
    )
    parser.add_argument("--campaign-status", action="store_true", help="print the save as JSON")
    parser.add_argument("--check-data", action="store_true", help="report the data files as JSON")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --autoplay: play on from the quick-play hand in progress "
        "(--hands/--games/--deals N: how many, the one in progress first)",
    )
    parser.add_argument(
        "--tutorial",
        choices=LESSONS + INTROS,
        help="open at the coached first hand of that game, or a Sabacc rule set's intro "
        "(with --autoplay: play it through, a screenshot of every step, then exit)",
    )
    return parser


def parse(argv: list[str]) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.finale and not (args.autoplay and args.campaign):
        parser.error("--finale is a route of --autoplay --campaign; add both")
    if args.resume:
        # The save says which game; any one count flag says how many to play.
        if not args.autoplay:
            parser.error("--resume plays on under --autoplay; add --autoplay")
        clashing = [f"--{n}" for n in ("game", "preset", "campaign") if getattr(args, n)]
        if clashing:
            parser.error(f"--resume plays the saved table; leave out {' and '.join(clashing)}")
        counts = [unit for unit in games.UNITS if getattr(args, unit) is not None]
        if len(counts) > 1:
            parser.error("--resume takes one of --hands, --games or --deals")
        return args
    if args.tutorial is not None:
        clashing = [f"--{n}" for n in ("game", "preset", "campaign") if getattr(args, n)]
        if clashing:
            parser.error(f"--tutorial plays its own table; leave out {' and '.join(clashing)}")
        args.game = args.tutorial
        return args
    if args.campaign and args.game not in (None, games.DEFAULT_GAME):
        parser.error("--campaign plays the journey's own games; leave out --game")
    game = games.get(args.game or games.DEFAULT_GAME)
    args.game = game.id
    # Flags that belong to another game are a mistake worth telling about.
    if args.preset is not None and args.preset not in game.preset_names:
        if not game.has_presets:
            parser.error(f"--preset does not apply to --game {game.id}")
        parser.error(f"--preset {args.preset} is not a {game.id} rule set")
    if args.preset is not None and args.preset not in game.table_preset_names:
        parser.error(f"--preset {args.preset} has no table yet (the simulator plays it)")
    for unit in games.UNITS:
        if unit != game.unit and getattr(args, unit) is not None:
            parser.error(f"--{unit} does not apply to --game {game.id}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.version:
        from game.scenes.title import app_version

        print(app_version())
        return 0
    if args.check_data:  # one JSON line; reads only (game.storage.check)
        from game.storage.check import main as check_data

        return check_data()
    if args.campaign_status:
        import json

        from game.campaign.campaign import campaign_status

        # Reads the save without opening a window or changing any file.
        print(json.dumps(campaign_status(), ensure_ascii=False))
        return 0
    if args.resume:
        from game.session.resume import WaitingTable, waiting_table

        waiting = waiting_table()
        if not isinstance(waiting, WaitingTable):
            print(f"python -m game: {waiting}", file=sys.stderr)
            return 2
        count = next((getattr(args, u) for u in games.UNITS if getattr(args, u) is not None), 1)
        for unit in games.UNITS:
            setattr(args, unit, None)
        setattr(args, games.get(waiting.game).unit, count)
        args.game, args.preset = waiting.game, waiting.preset
    if args.headless:
        # Must happen before pygame initialises its video and audio subsystems.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    return run(args)


def run(args: argparse.Namespace) -> int:
    from game.app import App, AppOptions
    from game.scenes.autoplay import AutoplayDriver
    from game.storage import logs

    logs.setup()
    log_start(args)

    options = AppOptions(
        autoplay=args.autoplay,
        game=args.game,
        preset=args.preset or "classic",
        hands=args.hands,
        games=args.games,
        deals=args.deals,
        headless=args.headless,
        screenshots=args.screenshots,
        frame_stats=args.frame_stats,
        lang=args.lang,
        seed=args.seed,
        campaign=args.campaign,
        resume=args.resume,
        finale=args.finale,
        tutorial=args.tutorial,
    )
    app = App(options)
    if options.autoplay:
        app.frame_hooks.append(AutoplayDriver(app))
    try:
        code = app.run(first_scenes(app))
    except Exception:
        logs.log.exception("the app stopped on an error")
        raise
    logs.log.info("app closed with exit code %d", code)
    logs.shutdown()
    return code


def first_scenes(app: Any) -> list[Any]:
    """The title, or with --tutorial the main menu and the lesson's table over it."""
    if app.options.tutorial is None:
        from game.scenes.title import TitleScene

        return [TitleScene(app)]
    from game.help.coach import lesson
    from game.scenes.kit.coach import make_coached
    from game.scenes.main_menu import MainMenuScene
    from game.scenes.opening import open_scene

    # The lesson's table opens over a few frames, as from the menu (built in the first
    # frame it froze the window before anything showed).
    current = lesson(app.options.tutorial)
    table = open_scene(
        app, current.game, current.preset, lambda: make_coached(app, app.options.tutorial)
    )
    return [MainMenuScene(app), table]


def log_start(args: argparse.Namespace) -> None:
    """What a maintainer needs from a player's log: versions, platform, how it started."""
    import platform
    from importlib import metadata

    import pygame

    from game.scenes.title import app_version
    from game.storage import logs

    logs.log.info(
        "Sabacc Parlor %s on %s, Python %s, pygame-ce %s (SDL %s), pygame-gui %s",
        app_version(),
        platform.platform(),
        platform.python_version(),
        pygame.version.ver,
        ".".join(map(str, pygame.get_sdl_version())),
        _version(metadata, "pygame_gui"),
    )
    flags = {k: v for k, v in vars(args).items() if v not in (None, False)}
    logs.log.info("started with %s", flags or "no flags")


def _version(metadata: Any, package: str) -> str:
    try:
        return str(metadata.version(package))
    except metadata.PackageNotFoundError:  # a frozen build without the dist-info
        return "?"
