"""Quick play set-up: game, Sabacc preset and its house rules, opponents and their
levels, starting chips."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from game import games, i18n
from game.app import App, Scene
from game.help.pages import summary_key
from game.scenes import preload
from game.scenes.base import CREAM, HC_TEXT, MenuScene, click_events
from game.scenes.kit.text import fit
from game.scenes.opening import open_scene
from game.scenes.widgets import Selector
from game.session import LEVELS, LIMITS, QuickPlayConfig

MAX_LEVEL_COLUMNS = 3


def _last_played(app: App) -> tuple[str, str]:
    """The game and rule set quick play was last started with, when they still exist and
    have a table; else the default game's default rule set."""
    game, preset = app.settings.last_game, app.settings.last_preset
    if game not in games.GAME_IDS:
        return games.DEFAULT_GAME, "classic"
    entry = games.get(game)
    if entry.has_presets and preset not in entry.table_preset_names:
        preset = "classic"
    return game, preset or "classic"


class QuickPlayScene(MenuScene):
    name = "quick-play"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        if app.options.autoplay:
            self.game, self.preset = app.options.game, "classic"
        else:  # the game and rule set quick play was last started with
            self.game, self.preset = _last_played(app)
        self.opponent_count = app.settings.default_opponents
        self.levels: list[str] = ["normal"] * 9
        self.chips = LIMITS[self.game].default_chips
        # House rules per game (and Sabacc preset): each keeps its own changes.
        self.house_rules: dict[tuple[str, str], dict[str, Any]] = {}
        self.free_area: pygame.Rect | None = None  # below the rows (set as they are built)
        self.shown = False
        self._clamp()

    def _clamp(self) -> None:
        limits = LIMITS[self.game]
        self.opponent_count = max(
            limits.min_opponents, min(limits.max_opponents, self.opponent_count)
        )
        entry = games.get(self.game)
        if entry.has_presets and self.preset not in entry.table_preset_names:
            self.preset = entry.preset(None).name
        # A rule set may play with its own stacks (Kessel's few chips).
        if self.chips not in entry.chip_options_for(self.preset):
            self.chips = entry.default_chips_for(self.preset)
        # Its table's modules are imported meanwhile, off the frame loop.
        preload.warm(self.game, self.preset)

    def config(self) -> QuickPlayConfig:
        options = self.app.options
        return QuickPlayConfig(
            game=self.game,
            preset=self.preset,
            opponents=tuple(self.levels[: self.opponent_count]),
            starting_chips=self.chips,
            seed=options.seed,
            rounds=options.rounds() if options.game == self.game else 1,
            house_rules=tuple(sorted(self.current_house_rules().items())),
        )

    def rules_key(self) -> tuple[str, str]:
        return (self.game, games.get(self.game).preset_or_blank(self.preset))

    def current_house_rules(self) -> dict[str, Any]:
        return dict(self.house_rules.get(self.rules_key(), {}))

    # ------------------------------------------------------------------ layout
    def build(self) -> Iterator[None]:
        # Everything fits in about 600 layout units of height (issue: UI scale): four
        # rows, the opponents' levels three to a line with their captions beside them,
        # and one line of buttons.
        width, height = self.app.size
        limits = LIMITS[self.game]
        margin = self.px(60)
        form_w = min(width - 2 * margin, self.px(1000))
        x0 = (width - form_w) // 2
        row_h, gap = self.px(42), self.px(10)
        label_texts = [
            i18n.t("quick.game"),
            i18n.t("quick.preset"),
            i18n.t("quick.opponents"),
            i18n.t("quick.chips"),
        ]
        label_w = max(self.text_width(text, "label") for text in label_texts) + self.px(24)
        selector_w = form_w - label_w
        sx = x0 + label_w
        y = self.px(108)

        def row(text: str) -> pygame.Rect:
            nonlocal y
            self.add_label(pygame.Rect(x0, y, label_w, row_h), text)
            rect = pygame.Rect(sx, y, selector_w, row_h)
            y += row_h + gap
            return rect

        # Each ``yield``: a group of widgets built, the next may wait for the next frame
        # (open_menu).
        self.game_selector = self.add_selector(
            row(label_texts[0]),
            [(g.id, i18n.t(g.name_key)) for g in games.all_games()],
            self.game,
            self.set_game,
        )
        yield
        entry = games.get(self.game)
        preset_options = (
            [(v.name, i18n.t(v.label_key)) for v in entry.variants if v.table_ready]
            if entry.has_presets
            else [(self.preset, i18n.t("quick.preset_na"))]
        )
        self.preset_selector = self.add_selector(
            row(label_texts[1]),
            preset_options,
            self.preset,
            self.set_preset,
            enabled=entry.has_presets,
        )
        yield
        # One line saying what the chosen rule set is about (drawn in draw_decor).
        self.summary_rect = pygame.Rect(sx, y - gap + self.px(2), selector_w, self.px(24))
        y += self.px(24)
        counts = range(limits.min_opponents, limits.max_opponents + 1)
        self.add_selector(
            row(label_texts[2]),
            [(n, i18n.format_number(n)) for n in counts],
            self.opponent_count,
            self.set_opponents,
        )
        yield
        self.chip_selector = self.add_selector(
            row(label_texts[3]),
            [(c, i18n.t("common.chips", count=c)) for c in entry.chip_options_for(self.preset)],
            self.chips,
            self.set_chips,
        )
        yield
        # Opponent levels in a grid, three to a line, each with its caption beside it.
        y += self.px(2)
        self.add_label(pygame.Rect(x0, y, form_w, self.px(28)), i18n.t("quick.levels"))
        y += self.px(34)
        col_gap = self.px(16)
        cell_w = (form_w - (MAX_LEVEL_COLUMNS - 1) * col_gap) // MAX_LEVEL_COLUMNS
        cell_h, line_pitch = self.px(40), self.px(48)
        captions = [
            i18n.t("quick.opponent", number=seat + 1) for seat in range(limits.max_opponents)
        ]
        caption_w = min(
            max(self.text_width(text, "label") for text in captions) + self.px(12), cell_w // 2
        )
        level_options = [(level, i18n.t(f"level.{level}")) for level in LEVELS]
        for seat in range(self.opponent_count):
            col, line = seat % MAX_LEVEL_COLUMNS, seat // MAX_LEVEL_COLUMNS
            cx = x0 + col * (cell_w + col_gap)
            cy = y + line * line_pitch
            self.add_label(pygame.Rect(cx, cy, caption_w, cell_h), captions[seat])
            self.add_selector(
                pygame.Rect(cx + caption_w, cy, cell_w - caption_w, cell_h),
                level_options,
                self.levels[seat],
                functools.partial(self.set_level, seat),
            )
            yield
        rows_bottom = y + ((self.opponent_count + MAX_LEVEL_COLUMNS - 1) // MAX_LEVEL_COLUMNS) * (
            line_pitch
        )
        back, start = i18n.t("common.back"), i18n.t("quick.start")
        changed = len(self.current_house_rules())
        rules_text = (
            i18n.t("quick.house_rules_changed", count=changed)
            if changed
            else i18n.t("quick.house_rules")
        )
        button_w = max(
            self.px(200), self.text_width(back) + self.px(48), self.text_width(start) + self.px(48)
        )
        rules_w = max(self.px(200), self.text_width(rules_text) + self.px(48))
        button_h = self.px(52)
        by = height - self.px(24) - button_h
        # Below the rows and above the buttons: where an offer may stand (the lesson's)
        # and leave every row in sight.
        self.free_area = pygame.Rect(x0, rows_bottom, form_w, max(0, by - rows_bottom))
        self.back = self.add_button(pygame.Rect(x0, by, button_w, button_h), back, self.go_back)
        self.rules_button = self.add_button(
            pygame.Rect(x0 + (form_w - rules_w) // 2, by, rules_w, button_h),
            rules_text,
            self.open_house_rules,
        )
        self.start = self.add_button(
            pygame.Rect(x0 + form_w - button_w, by, button_w, button_h),
            start,
            self.start_game,
            object_id="#primary",
        )

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("quick.title"), self.px(62), 40)
        words = self.summary()
        if words:
            ink = HC_TEXT if self.app.settings.high_contrast else CREAM
            line = fit(words, self.summary_rect.width, max(10, self.px(17)), ink)
            surface.blit(line, line.get_rect(midleft=self.summary_rect.midleft))

    def summary(self) -> str:
        """The chosen rule set in one line ("" when there is none to say)."""
        key = summary_key(games.rule_set(self.game, self.preset))
        words = i18n.t(key)
        return "" if words == key else words

    # ----------------------------------------------------------------- changes
    def set_game(self, game: str) -> None:
        self.game = game
        self._clamp()
        # The number of opponents and the chip choices depend on the game: rebuild
        # (over a few frames, the form as it was shown until then).
        self.rebuild_over_frames(lambda: self.ring.focus_item(self.game_selector))

    def _preset_shows(self) -> tuple[Any, ...]:
        """What the form shows that a rule set changes besides its own name and the
        summary line (drawn each frame): the chip choices and the House rules button,
        which counts this rule set's own changes."""
        entry = games.get(self.game)
        return (entry.chip_options_for(self.preset), self.chips, len(self.current_house_rules()))

    def set_preset(self, preset: str) -> None:
        shown = self._preset_shows()
        self.preset = preset
        self._clamp()
        selector: Selector[str] = self.preset_selector
        if self._preset_shows() == shown and preset in [v for v, _ in selector.options]:
            if selector.value != preset:  # set from outside the selector
                selector.index = [v for v, _ in selector.options].index(preset)
                selector.value_button.set_text(selector.label)
            return  # nothing else on the form changes: no rebuild (25-50 ms a click)
        self.rebuild_over_frames()  # the focus stays where it was

    def set_opponents(self, count: int) -> None:
        self.opponent_count = count
        self.rebuild_over_frames()

    def set_chips(self, chips: int) -> None:
        self.chips = chips

    def set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level

    def open_house_rules(self) -> None:
        key = self.rules_key()

        def keep(overrides: dict[str, Any]) -> None:
            self.house_rules[key] = overrides

        self.app.open("house-rules", self.game, self.preset, self.current_house_rules(), keep)

    def resume(self) -> None:
        # Back from the house rules: the button shows how many rules changed. (Not on
        # the first showing: open_menu has just built the widgets.)
        if self.container is not None and self.shown:
            focused = self.ring.index
            self.recreate_ui()
            self.ring.focus(focused)
        super().resume()
        self.shown = True

    def start_game(self) -> None:
        from game.scenes.lesson_offer import lesson_due

        due = lesson_due(self.app, self.game, games.get(self.game).preset_or_blank(self.preset))
        if due is not None:  # the first time: offer the coached hand (or the rule set's intro)
            self.app.open("lesson-offer", due, self.go_to_table, self.free_area)
            return
        self.go_to_table()

    def go_to_table(self) -> None:
        settings = self.app.settings
        if not self.app.options.autoplay and (settings.last_game, settings.last_preset) != (
            self.game,
            self.preset,
        ):
            settings.last_game, settings.last_preset = self.game, self.preset
            self.app.save_settings()
        self.app.open("table", self.config(), replace=True)

    # ---------------------------------------------------------------- autoplay
    def autoplay_inputs(self) -> list[pygame.event.Event]:
        wanted_game = self.app.options.game
        if self.game != wanted_game:
            return click_events(self.game_selector.right)
        selector: Selector[str] = self.preset_selector
        if games.get(self.game).has_presets and self.preset != self.app.options.preset:
            return click_events(selector.right)
        return click_events(self.start.button)


# ---------------------------------------------------------------------- resume
def saved_table_waiting() -> bool:
    """Whether a quick-play table was left mid-session (the main menu offers Resume)."""
    from game.storage.saves import QUICK_PLAY, SaveSlot

    payload = SaveSlot(QUICK_PLAY).peek()
    return payload is not None and isinstance(payload.get("table"), dict)


def saved_table_game() -> tuple[str, str | None] | None:
    """The game and rule set of the saved quick-play table (None when the save does
    not say them plainly)."""
    from game.storage.saves import QUICK_PLAY, SaveSlot

    payload = SaveSlot(QUICK_PLAY).peek()
    table = payload.get("table") if payload is not None else None
    if not isinstance(table, dict):
        return None
    game = table.get("game")
    inner = table.get("table")
    config = inner.get("config") if isinstance(inner, dict) else None
    preset = config.get("preset") if isinstance(config, dict) else None
    if not isinstance(game, str) or game not in games.GAMES:
        return None
    return game, preset if isinstance(preset, str) else None


def open_resumed(app: App, failed: Callable[[], None]) -> Scene | None:
    """The scene to push to resume the saved quick-play table: its opening (the felt and
    a shuffling deck while the save is read and the table set up over a few frames),
    which calls ``failed`` if the save no longer loads; or, when background work runs
    inline (tests) or the save does not say its game, the table itself (None: the save
    did not load)."""
    which = saved_table_game()
    if which is None:
        return resume_quick_play(app)
    game, preset = which
    return open_scene(app, game, preset, lambda: resume_quick_play(app), failed)


def resume_quick_play(app: App) -> Scene | None:
    """The saved quick-play table, exactly as it was left; None (the player told, the
    save set aside) when there is none or it no longer loads."""
    import importlib

    from game.storage.saves import QUICK_PLAY, SaveSlot
    from game.storage.serialize import SerializeError

    slot = SaveSlot(QUICK_PLAY, notify=app.notify)
    snapshot = slot.load_table()
    if snapshot is None:
        slot.delete()
        return None
    try:
        if snapshot.game not in games.GAMES:
            raise SerializeError(f"unknown game {snapshot.game!r}")
        config = snapshot.table.get("config")
        preset = config.get("preset") if isinstance(config, dict) else None
        module = importlib.import_module(
            games.get(snapshot.game).table_module(preset if isinstance(preset, str) else None)
        )
        options = app.options
        if options.autoplay and options.resume and isinstance(config, dict):
            # --autoplay --resume --hands N: N more, counting the one in progress.
            done = getattr(snapshot.state, "completed", 0)
            config["rounds"] = int(done) + options.rounds()
        scene: Scene = module.create_resumed(app, snapshot)
    except (SerializeError, KeyError, TypeError, ValueError, IndexError):
        slot.set_aside()  # the player told; the file kept as quickplay.json.corrupt-<time>
        return None
    return scene
