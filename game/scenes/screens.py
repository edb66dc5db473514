"""Every screen by name: a scene opens another with ``app.open("results", result)``, never
by importing it (STYLE.md, "Scenes": screens that imported each other to open each other
made one import circle of eight modules).

Each entry names the callable that builds the screen as ``"module:callable"``, imported
only when the screen is first opened, and says how it goes on the stack:

- ``push``: pushed at once (``replace=True``: it replaces the top instead);
- ``menu``: its widgets are built a group per frame while the screen that asked stays,
  then it is pushed or replaces the top (``game.scenes.base.open_menu``);
- ``call``: the callable puts what it opens on the stack itself.

A table's callable gives its opening (``game.scenes.opening``): the felt and a shuffling
deck while the table is set up over a few frames, or the table itself when background
work runs inline (tests). A callable giving None opens nothing (a save that no longer
loads): ``app.open`` then returns None and the caller says why.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from game.app import App, Scene

How = Literal["push", "menu", "call"]


@dataclass(frozen=True, slots=True)
class Screen:
    target: str  # "module:callable" building the screen
    how: How = "push"


SCREENS: dict[str, Screen] = {
    # The menus
    "main-menu": Screen("game.scenes.main_menu:MainMenuScene", "menu"),
    "quick-play": Screen("game.scenes.quick_play:QuickPlayScene", "menu"),
    "house-rules": Screen("game.scenes.house_rules:HouseRulesScene"),
    "lesson-offer": Screen("game.scenes.lesson_offer:LessonOffer"),
    "stats": Screen("game.scenes.stats:StatsScene"),
    "history": Screen("game.scenes.history:HistoryScene"),
    "rules": Screen("game.scenes.rules:RulesScene"),
    "achievements": Screen("game.scenes.achievements:AchievementsScene"),
    "settings": Screen("game.scenes.settings:SettingsScene"),
    # At a table
    "pause": Screen("game.scenes.pause:PauseScene"),
    "results": Screen("game.scenes.results:ResultsScene", "menu"),
    # Tables, each through its opening
    "table": Screen("game.scenes.opening:open_table"),
    "resumed-table": Screen("game.scenes.quick_play:open_resumed"),
    "lesson": Screen("game.scenes.lesson_offer:lesson_table"),
    "campaign-table": Screen("game.scenes.campaign_table:open_campaign_table"),
    # The campaign
    "campaign": Screen("game.scenes.campaign:CampaignScene"),
    "campaign-opening": Screen("game.scenes.campaign_opening:CampaignOpeningScene"),
    "venue-intro": Screen("game.scenes.campaign_venue:VenueIntroScene"),
    "loan": Screen("game.scenes.campaign_loan:LoanScene"),
    "tournament": Screen("game.scenes.campaign_tournament:TournamentScene"),
    "campaign-ending": Screen("game.scenes.campaign_ending:CampaignEndingScene"),
    # Standing up from a campaign table: the tournament's standings, else the journey.
    "campaign-table-left": Screen("game.scenes.campaign_table:leave", "call"),
}


def _resolve(target: str) -> Callable[..., Any]:
    module_name, _, name = target.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module_name), name)
    return found


def builder(name: str) -> Callable[..., Any]:
    """The callable that builds the screen ``name`` (ValueError naming the known ones)."""
    screen = SCREENS.get(name)
    if screen is None:
        raise ValueError(f"no screen named {name!r}; choose from {sorted(SCREENS)}")
    return _resolve(screen.target)


def open_screen(
    app: App, name: str, *args: Any, replace: bool = False, **kwargs: Any
) -> Scene | None:
    """Build the screen ``name`` with ``args`` and put it on ``app``'s stack as its entry
    says; the scene opened (an opening, for a table), or None when nothing opened."""
    made = builder(name)(app, *args, **kwargs)
    how = SCREENS[name].how
    if how == "call" or made is None:
        return made
    if how == "menu":
        # By name as well: game.scenes.base builds on game.app, which opens screens here.
        open_menu = _resolve("game.scenes.base:open_menu")
        made = open_menu(app, made, replace=replace, name=name)  # or the one built ahead
    elif replace:
        app.replace(made)
    else:
        app.push(made)
    return made
