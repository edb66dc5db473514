"""The campaign's table: the real game table when it offers a campaign hook, else a
simple stand-in that shows the hand as text and lets the house adviser play each move.

A real table module ``game.scenes.<game>_table`` plugs in by defining
``create_campaign(app, campaign) -> Scene``: it drives ``campaign.step(action)`` (which
saves, counts statistics and keeps the hand history) and calls
``campaign_table.leave(app, campaign)`` when the player stands up or ``session.over()``.

The stand-in works the same way for ``--autoplay --campaign --hands N``: each player
move is a click on its "Adviser's move" button, posted through the event queue; after N
hands it clicks "Leave the table".
"""

from __future__ import annotations

import importlib
import math

import pygame

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App, Scene
from game.campaign import Campaign
from game.campaign.tournament import PLAYER
from game.campaign.venues import CHARACTERS
from game.rules.base import Event
from game.scenes.base import CREAM, MenuScene, click_events

# The autoplay run's counting moved to the kit, whose tables count with it.
from game.scenes.kit.autoplay import autoplay_rounds_left, autoplay_run_over  # noqa: F401

STEP_SECONDS = 0.12  # pace of the characters' moves, so a watcher can follow
LOG_LINES = 12


def make_campaign_table(app: App, campaign: Campaign) -> Scene:
    venue = campaign.progress.current
    module_name = games.get(venue.game).table_module(venue.preset)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        module = None
    create = getattr(module, "create_campaign", None)
    if callable(create):
        scene: Scene = create(app, campaign)
        if hasattr(scene, "felt_extras"):
            from game.scenes.campaign_faces import CampaignFelt

            scene.felt_extras = CampaignFelt()  # the characters face to face, the goal
        return scene
    return CampaignTableScene(app, campaign)


def open_campaign_table(app: App, campaign: Campaign) -> Scene:
    """The scene to put on the stack to sit at the campaign's table: its opening (the
    felt and a shuffling deck while it is set up over a few frames), or the table at
    once when background work runs inline (tests)."""
    from game.scenes.opening import open_scene

    venue = campaign.progress.current
    scene = open_scene(
        app, venue.game, venue.preset, lambda: make_campaign_table(app, campaign), venue=venue.id
    )
    assert scene is not None
    return scene


def leave(app: App, campaign: Campaign) -> None:
    """Stand up: cash out (or end the tournament round) and show the journey again."""
    if campaign.progress.tournament is not None:
        # The other tables play the round out (seconds of the hosts' thinking): on a
        # worker, while the board says so, never in a frozen frame.
        app.open("tournament", campaign, "pending", replace=True)
        return
    campaign.leave_table()
    app.pop()


def describe(event: Event) -> str:
    """One line for an engine event: its kind and fields, as the stand-in's log shows it."""
    data = event.to_dict()
    kind = data.pop("kind")
    fields = ", ".join(f"{k}={_short(v)}" for k, v in data.items())
    return f"{kind}({fields})"


def _short(value: object) -> str:
    if isinstance(value, tuple | list):
        return "[" + " ".join("?" if v is None else str(v) for v in value) + "]"
    return str(value)


class CampaignTableScene(MenuScene):
    name = "campaign-table"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.session = campaign.session or campaign.sit_down()
        self.log: list[str] = []
        self.clock = 0.0
        self.hands_this_visit = 0
        self.autoplay_target = app.options.hands or 1

    def names(self) -> list[str]:
        return [
            i18n.t("campaign.you") if s == PLAYER else CHARACTERS[s].name
            for s in self.session.seat_ids
        ]

    def build(self) -> None:
        width, height = self.app.size
        adviser, leave_text = i18n.t("campaign.adviser_move"), i18n.t("campaign.leave_table")
        button_w = max(
            self.px(260),
            self.text_width(adviser) + self.px(48),
            self.text_width(leave_text) + self.px(48),
        )
        by = height - self.px(90)
        self.adviser = self.add_button(
            pygame.Rect(width // 2 + self.px(12), by, button_w, self.px(52)),
            adviser,
            self.adviser_move,
            object_id="#primary",
        )
        self.leave_button = self.add_button(
            pygame.Rect(width // 2 - self.px(12) - button_w, by, button_w, self.px(52)),
            leave_text,
            self.leave_table,
        )

    # ------------------------------------------------------------------ moves
    def adviser_move(self) -> None:
        if self.session.player_to_act():
            self._record(self.campaign.step(self.session.suggest()))

    def leave_table(self) -> None:
        # Standing up mid-hand would forfeit chips in the pot: only between hands.
        if self.session.to_act() >= 0 and not self.session.over():
            self.app.notify(i18n.t("campaign.finish_hand_first"))
            return
        if self.session.to_act() < 0 and not self.session.over() and self.session.hand_events:
            self.app.notify(i18n.t("campaign.finish_hand_first"))
            return
        leave(self.app, self.campaign)

    def _record(self, events: list[Event]) -> None:
        for event in events:
            # The player sees only what their seat may know: others' cards stay hidden.
            self.log.append(describe(event.for_seat(0)))
            if event.kind in ("HandEnded", "DealEnded"):
                self.hands_this_visit += 1
        del self.log[:-LOG_LINES]

    def update(self, dt: float) -> None:
        self.clock += dt
        fast = self.app.options.autoplay
        budget = 40 if fast else 1
        if not fast and self.clock < STEP_SECONDS:
            return
        self.clock = 0.0
        for _ in range(budget):
            if self.session.player_to_act() or self.session.over():
                return
            if (
                fast
                and self.hands_this_visit >= self.autoplay_target
                and not self.session.hand_events
            ):
                return
            self._record(self.campaign.step())

    def redraw_in(self) -> float:
        # The computer players move every STEP_SECONDS until the player is to act.
        if self.session.player_to_act() or self.session.over():
            return math.inf
        return 0.0

    # ------------------------------------------------------------------ drawing
    def draw_decor(self, surface: pygame.Surface) -> None:
        venue = self.campaign.progress.current
        self.draw_title(surface, i18n.t(f"venue.{venue.id}.name"), self.px(54), 36)
        font = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE)
        small = resources.font(max(11, self.px(15)), UI_FONT_LANGUAGE)
        x, y = self.px(70), self.px(110)
        for seat, (name, chips) in enumerate(
            zip(self.names(), self.session.state.chips, strict=True)
        ):
            marker = "▶ " if self.session.to_act() == seat else "   "
            line = f"{marker}{name} — {i18n.t('common.chips', count=int(chips))}"
            surface.blit(font.render(line, True, CREAM), (x, y))
            y += self.px(28)
        y += self.px(12)
        status = i18n.t(
            "campaign.table_status",
            hands=self.campaign.progress.hands_played,
            credits=self.campaign.progress.credits,
        )
        surface.blit(font.render(status, True, CREAM), (x, y))
        y += self.px(36)
        for line in self.log:
            image = small.render(line, True, (210, 200, 170))
            surface.blit(
                image, (x, y), pygame.Rect(0, 0, surface.get_width() - 2 * x, image.get_height())
            )
            y += self.px(22)

    # ------------------------------------------------------------------ autoplay
    def autoplay_step(self) -> None:
        """Under --autoplay: click the adviser when the player is to act, leave after N hands."""
        if pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return  # a click is already on its way
        if self.app.frame % 4:
            return
        done = self.hands_this_visit >= self.autoplay_target and not self.session.hand_events
        if done or self.session.over():
            self.app.autoplay_finished = True
            self.app.screenshot("campaign-table-end")
            for event in click_events(self.leave_button.button):
                pygame.event.post(event)
        elif self.session.player_to_act():
            for event in click_events(self.adviser.button):
                pygame.event.post(event)
