"""Hand history: pick a game and one of its last 50 hands, then step through its events.

A table module offers ``create_replay(app, record) -> Scene | None`` to replay a hand
with its own animations (Sabacc, Brag and Nine and a Half all do; None means the record
was damaged and the player has been told). A game without one falls back to the stepper
here, which shows each event in words, with the cards it names drawn by game.ui.cards.
"""

from __future__ import annotations

import functools
import importlib
import re

import pygame

from game import games, i18n, resources
from game.app import UI_FONT_LANGUAGE, App, Scene
from game.rules.base import Event
from game.scenes.base import BRASS_LIGHT, CREAM, MenuScene, click_events
from game.scenes.campaign_table import describe
from game.storage import history
from game.storage.serialize import SerializeError

SHOWN = 8  # hands listed per page, newest first


def shown_names(record: history.HandRecord) -> list[str]:
    """The seats' names as the player reads them now: names the game itself gave
    ("You", "Opponent 2", in whatever language the hand was played in) follow the
    current language; a character's own name stays as it is."""
    you = {
        i18n.load_catalog(lang).get(key)
        for lang in i18n.LANGUAGES
        for key in ("campaign.you", "results.you")
    }
    numbered = []
    for lang in i18n.LANGUAGES:
        template = i18n.load_catalog(lang).get("quick.opponent", "")
        if "{number}" in template:
            head, _, tail = template.partition("{number}")
            numbered.append(re.compile(re.escape(head) + r"(\d+)" + re.escape(tail) + "$"))
    out = []
    for name in record.seats:
        if name in you:
            out.append(i18n.t("campaign.you"))
            continue
        match = next((m for m in (p.match(name) for p in numbered) if m), None)
        out.append(i18n.t("quick.opponent", number=int(match.group(1))) if match else name)
    return out


def shown_label(record: history.HandRecord) -> str:
    """Where the hand was played, in the current language when it is one of ours
    (quick play, a campaign venue)."""
    for lang in i18n.LANGUAGES:
        catalog = i18n.load_catalog(lang)
        for key, text in catalog.items():
            if text == record.label and (
                key == "history.quick_play" or (key.startswith("venue.") and key.endswith(".name"))
            ):
                return i18n.t(key)
    return record.label


def make_replay(app: App, record: history.HandRecord) -> Scene | None:
    module_name = games.get(record.game).table_module(record.preset or None)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        module = None
    create = getattr(module, "create_replay", None)
    if callable(create):
        scene: Scene | None = create(app, record)
        return scene
    try:
        return ReplayScene(app, record, record.events())
    except SerializeError as error:
        app.notify(i18n.t("history.damaged", detail=str(error)))
        return None


class HistoryScene(MenuScene):
    name = "history"

    def __init__(self, app: App, game: str = "sabacc") -> None:
        super().__init__(app)
        self.game = game
        self.records = history.load(game, notify=app.notify)

    def set_game(self, game: str) -> None:
        self.game = game
        self.records = history.load(game, notify=self.app.notify)
        self.recreate_ui()

    def build(self) -> None:
        width, height = self.app.size
        form_w = min(width - self.px(120), self.px(900))
        x = (width - form_w) // 2
        self.game_selector = self.add_selector(
            pygame.Rect(x, self.px(110), form_w, self.px(44)),
            [(g, i18n.t(games.get(g).name_key)) for g in history.GAMES],
            self.game,
            self.set_game,
        )
        y = self.px(170)
        self.hand_buttons = []
        newest = list(reversed(self.records))[:SHOWN]
        for record in newest:
            text = i18n.t(
                "history.entry",
                when=record.played_at.replace("T", " "),
                label=shown_label(record),
            )
            item = self.add_button(
                pygame.Rect(x, y, form_w, self.px(42)), text, functools.partial(self.open, record)
            )
            self.hand_buttons.append(item)
            y += self.px(48)
        if not newest:
            self.add_label(pygame.Rect(x, y, form_w, self.px(34)), i18n.t("history.empty"), "#hint")
        back = i18n.t("common.back")
        button_w = max(self.px(200), self.text_width(back) + self.px(48))
        self.back = self.add_button(
            pygame.Rect((width - button_w) // 2, height - self.px(80), button_w, self.px(50)),
            back,
            self.go_back,
        )

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("history.title"), self.px(56), 40)

    def open(self, record: history.HandRecord) -> None:
        scene = make_replay(self.app, record)
        if scene is not None:
            self.app.push(scene)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


def event_cards(event: Event) -> list[str | None]:
    """Card codes an event shows (None: a card face down to the player)."""
    cards: list[str | None] = []
    for name in ("card", "cards", "hole_card"):
        if not hasattr(event, name):
            continue
        value = getattr(event, name)
        if isinstance(value, str) or value is None:
            cards.append(value)
        elif isinstance(value, tuple | list):
            cards.extend(v if isinstance(v, str) or v is None else None for v in value)
    return cards


class ReplayScene(MenuScene):
    """Step through one hand's events: Left/Right or the Previous / Next buttons."""

    name = "replay"

    def __init__(self, app: App, record: history.HandRecord, events: list[Event]) -> None:
        super().__init__(app)
        self.record = record
        self.events = events
        self.index = 0

    def build(self) -> None:
        width, height = self.app.size
        texts = [i18n.t("history.previous"), i18n.t("common.back"), i18n.t("history.next")]
        button_w = max(self.px(180), *(self.text_width(t) + self.px(48) for t in texts))
        gap = self.px(16)
        x = (width - 3 * button_w - 2 * gap) // 2
        by = height - self.px(84)
        self.previous = self.add_button(
            pygame.Rect(x, by, button_w, self.px(50)), texts[0], self.step_back
        )
        self.back = self.add_button(
            pygame.Rect(x + button_w + gap, by, button_w, self.px(50)), texts[1], self.go_back
        )
        self.next = self.add_button(
            pygame.Rect(x + 2 * (button_w + gap), by, button_w, self.px(50)),
            texts[2],
            self.step_forward,
            object_id="#primary",
        )
        self.ring.focus_item(self.next)

    def step_forward(self) -> None:
        self.index = min(len(self.events) - 1, self.index + 1)

    def step_back(self) -> None:
        self.index = max(0, self.index - 1)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            (self.step_back if event.key == pygame.K_LEFT else self.step_forward)()
            return None
        return super().process_event(event)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t(f"game.{self.record.game}"), self.px(56), 40)
        font = resources.font(max(12, self.px(18)), UI_FONT_LANGUAGE)
        width = surface.get_width()
        header = i18n.t(
            "history.step",
            number=self.index + 1,
            total=len(self.events),
            label=shown_label(self.record),
        )
        image = font.render(header, True, BRASS_LIGHT)
        surface.blit(image, image.get_rect(center=(width // 2, self.px(110))))
        if self.record.seats:
            seats = " · ".join(f"{i}: {name}" for i, name in enumerate(shown_names(self.record)))
            image = font.render(seats, True, CREAM)
            surface.blit(image, image.get_rect(center=(width // 2, self.px(140))))
        if not self.events:
            return
        # The current event large, the ones before it fading above.
        y = self.px(200)
        for offset in range(-3, 1):
            i = self.index + offset
            if i < 0:
                continue
            colour = CREAM if offset == 0 else (130, 140, 120)
            line = font.render(describe(self.events[i]), True, colour)
            surface.blit(line, line.get_rect(center=(width // 2, y)), None)
            y += self.px(30)
        self.draw_cards(surface, event_cards(self.events[self.index]), y + self.px(20))

    def draw_cards(self, surface: pygame.Surface, codes: list[str | None], top: int) -> None:
        if not codes:
            return
        from game.ui import cards

        size = cards.card_size(self.px(150))
        gap = self.px(12)
        x = (surface.get_width() - len(codes) * (size[0] + gap) + gap) // 2
        entry, preset = games.get(self.record.game), self.record.preset or None
        for code in codes:
            try:
                if code is None:
                    image = entry.render_back(size, preset)
                else:
                    image = entry.render_card(code, size, preset)
            except (ValueError, KeyError):
                image = None
            if image is not None:
                surface.blit(image, (x, top))
            x += size[0] + gap

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        if self.index < len(self.events) - 1:
            return click_events(self.next.button)
        return click_events(self.back.button)
