"""House rules: every engine switch a player cares about, for one game (one Sabacc preset).

Quick play opens this screen for the chosen game and preset.  Each rule is a
``< value >`` selector on a page of related rules (money, local rules, scoring...);
the line under the rows explains the rule under the focus or the mouse.  A change is
checked by building the engine's own options (``SabaccOptions`` / ``BragOptions`` /
``NineHalfOptions``): a combination the engine refuses is shown with its reason and the
previous value stays.  What the player chose goes back to quick play as overrides of
the preset's defaults (only the values that differ), and from there into
``QuickPlayConfig.house_rules`` and the table's engine.

Engine-internal switches (``flow``, ``deck``, the Sudden Demise fallbacks...) are not
shown: they are what makes a preset that preset, not a house rule.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UILabel

from game import games, i18n
from game.app import App
from game.rules import brag
from game.rules.sabacc_presets import PRESETS as SABACC_PRESETS
from game.rules.sabacc_presets import TIE_BREAKS, VALUE_RULES
from game.scenes.base import MenuScene, click_events
from game.scenes.kit.text import wrap
from game.scenes.refusals import refusal
from game.scenes.table import game_name
from game.scenes.widgets import ButtonItem, Selector
from game.session import default_options

Values = Mapping[str, Any]
HINT_LINES = 2
ON_OFF = (False, True)


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One engine option as the player sees it.

    name   -- the field of the engine's options class.
    key    -- the stem of its text keys: ``house.<key>`` (label) and ``house.<key>.hint``;
              enum values read ``house.<key>.<value>``.
    unit   -- how a number reads: "chips", "hands", "rounds", "deals", "points",
              "decks", "one_in" (a chance), "plain", "list"; "" for on/off and enums.
    zero   -- the text key for the value 0 when it means something else (no limit...).
    needs  -- the rule only matters when this holds for the current values (otherwise
              the selector is shown greyed out).
    also   -- options that always take the same value (Great Khan's Stake is also its
              Sabacc-pot ante).
    """

    name: str
    choices: tuple[Any, ...] = ON_OFF
    unit: str = ""
    zero: str = ""
    needs: Callable[[Values], bool] | None = None
    also: tuple[str, ...] = ()
    key: str = ""

    @property
    def text_key(self) -> str:
        return f"house.{self.key or self.name}"

    def label(self) -> str:
        return i18n.t(self.text_key)

    def hint(self) -> str:
        return i18n.t(f"{self.text_key}.hint")

    def value_text(self, value: Any) -> str:
        if isinstance(value, bool):
            return i18n.t("common.on" if value else "common.off")
        if self.zero and value == 0:
            return i18n.t(self.zero)
        if self.unit == "":
            return i18n.t(f"{self.text_key}.{value}")
        if self.unit == "chips":
            return i18n.t("common.chips", count=value)
        if self.unit == "one_in":
            return i18n.t("house.unit.one_in", n=round(1 / value))
        if self.unit == "list":
            return " / ".join(i18n.format_number(v) for v in value)
        if self.unit == "plain":
            return i18n.format_number(value)
        return i18n.t(f"house.unit.{self.unit}", count=value)

    def options(self, current: Any) -> list[tuple[Any, str]]:
        """The selector's choices; a value from elsewhere (a preset default that is not
        among the usual choices) is kept in its place so the selector never lies."""
        values = list(self.choices)
        if current not in values:
            values.append(current)
            if all(isinstance(v, int | float) for v in values):
                values.sort()
        return [(value, self.value_text(value)) for value in values]

    def applies(self, values: Values) -> bool:
        return self.needs is None or self.needs(values)


# -------------------------------------------------------------------- Sabacc rules
HAND_ANTE = HouseRule("hand_ante", (0, 1, 2, 3, 5, 10), "chips")
SABACC_ANTE = HouseRule("sabacc_ante", (0, 1, 2, 3, 5, 10), "chips")
FOLD_FEE = HouseRule("fold_fee", (0, 1, 2, 3, 5), "chips", zero="house.free")
BET_CAP = HouseRule("bet_cap", (5, 10, 20, 30, 50), "chips", needs=lambda v: not v["wookiee"])
WOOKIEE = HouseRule("wookiee")
HANDS_LIMIT = HouseRule("hands_limit", (0, 5, 10, 20, 50), "hands", zero="house.no_limit")
VALUE_RULE = HouseRule("value_rule", VALUE_RULES)
RANDOM_SABACC = HouseRule("random_sabacc")
RANDOM_CHANCE = HouseRule(
    "random_change_chance",
    (1 / 12, 1 / 6, 1 / 4, 1 / 3, 1 / 2),
    "one_in",
    needs=lambda v: bool(v["random_sabacc"]),
)
INTERFERENCE_FIELD = HouseRule("interference_field")
MIN_ROUNDS = HouseRule("min_rounds", (0, 1, 2, 3, 4, 5, 6, 8), "rounds", zero="house.per_player")
BOMBOUT_PENALTY = HouseRule("bombout_penalty")
FAILED_CALL_PENALTY = HouseRule("failed_call_penalty")
BOMBOUT_FINE = HouseRule(
    "bombout_fine", ("hand-pot", "per-point"), needs=lambda v: bool(v["bombout_penalty"])
)
ZERO_FINE = HouseRule(
    "zero_fine",
    (1, 2, 3, 5, 10),
    "chips",
    needs=lambda v: bool(v["bombout_penalty"]) and v["bombout_fine"] == "per-point",
)
TIE_BREAK = HouseRule("tie_break", TIE_BREAKS)
TIE_ROUNDS = HouseRule(
    "tie_rounds_limit", (2, 4, 8, 12), "rounds", needs=lambda v: v["tie_break"] == "extra-cards"
)
ALL_CHECK_NO_WINNER = HouseRule("all_check_no_winner")
# Great Khan: the Stake is paid into the Sabacc pot every hand, so it is the ante too.
STAKE = HouseRule("stake", (1, 2, 3, 5, 10), "chips", also=("sabacc_ante",))
DICE_EXCHANGE = HouseRule("dice_exchange")
STASIS_FIELD = HouseRule("stasis_field")
ACE_LOW = HouseRule("ace_low_option")
ROUND_LIMIT = HouseRule("round_limit", (0, 5, 10, 15, 20), "rounds", zero="house.never")
SABACC_WINS_MATCH = HouseRule("sabacc_wins_match")
INVERTED_CHANCE = HouseRule(
    "inverted_chance", (0.0, 1 / 12, 1 / 8, 1 / 6, 1 / 4), "one_in", zero="common.off"
)

# RULES.md §1.8: canon options of other rule books, for every preset ranking by §1.2.
FAIRY_EMPRESS = HouseRule("fairy_empress")
NEGATIVE_WINS_TIES = HouseRule("negative_wins_ties")
CANON = (FAIRY_EMPRESS, NEGATIVE_WINS_TIES)

MONEY = (HAND_ANTE, SABACC_ANTE, FOLD_FEE, BET_CAP, WOOKIEE, HANDS_LIMIT)
CLASSIC_LOCAL = (VALUE_RULE, RANDOM_SABACC, RANDOM_CHANCE, INTERFERENCE_FIELD, MIN_ROUNDS)
# What makes a Classic-flow preset itself (Centran's wild fives, Figg's faces...): the
# scoring switches its options turn on, shown so a player can try it without.
PRESET_SCORING = (
    HouseRule("wild_fives"),
    HouseRule("legate_tiebreak"),
    HouseRule("zero_hands"),
    HouseRule("figg_faces"),
    HouseRule("straights"),
    HouseRule("swap_before_showdown"),
)

# ---------------------------------------------------------------------- Brag rules
BRAG_PAGES: tuple[tuple[str, tuple[HouseRule, ...]], ...] = (
    (
        "scoring",
        (
            HouseRule("target", brag.TARGETS, "points"),
            HouseRule("crash", brag.CRASH_METHODS),
            HouseRule("crash_must_declare", needs=lambda v: v["crash"] != 0),
            HouseRule("four_of_a_kind"),
            HouseRule(
                "four_of_a_kind_bonus",
                (1, 2, 3, 5, 10),
                "chips",
                needs=lambda v: bool(v["four_of_a_kind"]),
            ),
            HouseRule("four_of_a_kind_point", needs=lambda v: bool(v["four_of_a_kind"])),
        ),
    ),
    (
        "money",
        (
            HouseRule("payment", brag.PAYMENTS),
            HouseRule("stake", (1, 2, 5, 10, 20, 50), "chips", key="brag_stake"),
            HouseRule("rate", (1, 2, 3, 5), "chips", needs=lambda v: v["payment"] == "per-point"),
            HouseRule("double_for_zero"),
            HouseRule("treble_if_all_zero"),
        ),
    ),
    (
        "deal",
        (
            HouseRule("six_pairs_redeal"),
            HouseRule("thirteen_card_run"),
            HouseRule("allow_foul"),
        ),
    ),
)

# ----------------------------------------------------------- Nine and a Half rules
NINEHALF_PAGES: tuple[tuple[str, tuple[HouseRule, ...]], ...] = (
    (
        "dealer",
        (
            HouseRule("permanent_dealer"),
            HouseRule(
                "rotate_every",
                (1, 2, 3, 4, 5, 10),
                "deals",
                needs=lambda v: not v["permanent_dealer"],
            ),
            HouseRule("dealer_sets_limit"),
            HouseRule(
                "limit_choices",
                ((5, 10, 15, 20), (5, 10), (10, 20, 30), (3, 5, 10)),
                "list",
                needs=lambda v: bool(v["dealer_sets_limit"]),
            ),
            HouseRule(
                "limit",
                (3, 5, 10, 15, 20),
                "plain",
                needs=lambda v: not v["dealer_sets_limit"],
                key="fixed_limit",
            ),
        ),
    ),
    (
        "money",
        (
            HouseRule("max_ante", (1, 2, 3, 5), "chips"),
            HouseRule("allow_sit_out"),
            HouseRule("decks", (0, 1, 2), "decks", zero="house.auto"),
        ),
    ),
)


Pages = list[tuple[str, tuple[HouseRule, ...]]]


def house_rule_pages(game: str, preset: str = "") -> Pages:
    """The pages of house rules shown for ``game`` (and its rule set ``preset``, its
    default one for ""): the registry (game.games) names the function that lists them."""
    pages: Pages = games.get(game).house_rule_pages(preset or None)
    return pages


def brag_pages(preset: str = "") -> Pages:
    return list(BRAG_PAGES)


def ninehalf_pages(preset: str = "") -> Pages:
    return list(NINEHALF_PAGES)


def sabacc_pages(preset: str) -> Pages:
    """A Classic-flow preset's pages (RULES.md §1.4): only the switches its turns read,
    and the scoring switches that make it itself."""
    options = SABACC_PRESETS[preset]
    own = tuple(rule for rule in PRESET_SCORING if getattr(options, rule.name))
    return [
        ("local", CLASSIC_LOCAL),
        ("money", MONEY),
        ("scoring", (BOMBOUT_PENALTY, FAILED_CALL_PENALTY, *own, *CANON)),
    ]


def two_exchange_pages(preset: str = "") -> Pages:
    """Two-Exchange Sabacc's (RULES.md §1.5)."""
    return [
        ("money", MONEY),
        (
            "scoring",
            (
                BOMBOUT_PENALTY,
                BOMBOUT_FINE,
                ZERO_FINE,
                TIE_BREAK,
                TIE_ROUNDS,
                ALL_CHECK_NO_WINNER,
                *CANON,
            ),
        ),
    ]


def great_khan_pages(preset: str = "") -> Pages:
    """Great Khan's (RULES.md §1.6): its dice, its Stake."""
    return [
        ("dice", (DICE_EXCHANGE, STASIS_FIELD, ACE_LOW, ROUND_LIMIT)),
        ("money", (STAKE, BET_CAP, WOOKIEE, HANDS_LIMIT)),
        ("scoring", (BOMBOUT_PENALTY, FAILED_CALL_PENALTY, SABACC_WINS_MATCH, *CANON)),
    ]


def force_pages(preset: str = "") -> Pages:
    """Force Sabacc's (RULES.md §1.7)."""
    return [
        ("play", (INVERTED_CHANCE, BOMBOUT_PENALTY, FAILED_CALL_PENALTY)),
        ("money", MONEY),
    ]


def all_house_rules(game: str, preset: str = "") -> list[HouseRule]:
    return [rule for _, rules in house_rule_pages(game, preset) for rule in rules]


def checked_overrides(base: Any, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``overrides`` without the values equal to ``base``'s, after the engine accepted
    them (ValueError with the engine's reason otherwise)."""
    dataclasses.replace(base, **overrides)  # the options' own __post_init__ checks
    return {name: value for name, value in overrides.items() if getattr(base, name) != value}


class HouseRulesScene(MenuScene):
    """The house rules of one game (one Sabacc preset), grouped in pages."""

    name = "house-rules"

    def __init__(
        self,
        app: App,
        game: str,
        preset: str,
        house_rules: Mapping[str, Any],
        on_change: Callable[[dict[str, Any]], object],
    ) -> None:
        super().__init__(app)
        self.game = game
        self.preset = preset
        self.base = default_options(game, preset)
        self.pages = house_rule_pages(game, preset)
        self.on_change = on_change
        self.overrides = checked_overrides(self.base, house_rules)
        self.page = 0
        self.message = ""  # the last refusal, or the reset notice
        self.selectors: dict[str, Selector[Any]] = {}
        self.rows: list[tuple[HouseRule, Selector[Any]]] = []  # this page, top to bottom
        self.tabs: list[ButtonItem] = []
        self.hint_labels: list[UILabel] = []
        self.message_label: UILabel | None = None
        self.hint_box = pygame.Rect(0, 0, 1, 1)
        self._shade: pygame.Surface | None = None  # the hint box's backing, drawn once
        self._hint_shown: HouseRule | None | str = "-"

    # ----------------------------------------------------------------- values
    @property
    def options(self) -> Any:
        """The engine options these house rules make."""
        return dataclasses.replace(self.base, **self.overrides)

    def values(self) -> dict[str, Any]:
        options = self.options
        return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        width, height = self.app.size
        margin = self.px(60)
        form_w = min(width - 2 * margin, self.px(980))
        x0 = (width - form_w) // 2
        title = game_name(self.game)
        entry = games.get(self.game)
        if entry.has_presets:
            label = i18n.t(entry.preset(self.preset).label_key)
            title = i18n.t("house.subtitle", game=title, preset=label)
        self.add_label(pygame.Rect(x0, self.px(88), form_w, self.px(32)), title, "#centered")

        top = self.px(134)
        self.tabs = []
        if len(self.pages) > 1:
            tab_gap, tab_h = self.px(12), self.px(42)
            tab_w = (form_w - (len(self.pages) - 1) * tab_gap) // len(self.pages)
            for index, (group, _) in enumerate(self.pages):
                rect = pygame.Rect(x0 + index * (tab_w + tab_gap), top, tab_w, tab_h)
                tab = self.add_button(
                    rect,
                    i18n.t(f"house.group.{group}"),
                    functools.partial(self.show_page, index),
                )
                if index == self.page:
                    self.show_open_tab(tab)  # drawn selected in draw_decor
                self.tabs.append(tab)
            top += tab_h + self.px(18)

        button_h = self.px(50)
        buttons_y = height - self.px(24) - button_h
        hint_line_h, message_h = self.px(24), self.px(28)
        # Under the rows: the hint (the focused rule explained), then the last refusal.
        # Both sit right under the longest page so they never jump between pages.
        below = self.px(8) + HINT_LINES * hint_line_h + self.px(8) + message_h + self.px(12)
        longest = max(len(page_rules) for _, page_rules in self.pages)
        pitch = min(self.px(56), (buttons_y - below - top) // longest)
        row_h = min(self.px(44), pitch - self.px(8))
        hint_y = top + longest * pitch + self.px(8)
        message_y = hint_y + HINT_LINES * hint_line_h + self.px(8)

        values = self.values()
        rules = self.pages[self.page][1]
        every_rule = all_house_rules(self.game, self.preset)
        label_w = max(self.text_width(r.label(), "label") for r in every_rule) + self.px(24)
        label_w = min(label_w, form_w - self.px(300))
        self.selectors = {}
        self.rows = []
        for index, rule in enumerate(rules):
            y = top + index * pitch
            self.add_label(pygame.Rect(x0, y, label_w, row_h), rule.label())
            selector: Selector[Any] = self.add_selector(
                pygame.Rect(x0 + label_w, y, form_w - label_w, row_h),
                rule.options(values[rule.name]),
                values[rule.name],
                functools.partial(self.set_rule, rule),
                enabled=rule.applies(values),
            )
            self.selectors[rule.name] = selector
            self.rows.append((rule, selector))

        self.hint_box = pygame.Rect(
            x0, hint_y - self.px(4), form_w, HINT_LINES * hint_line_h + self.px(8)
        )
        self.hint_labels = [
            self.add_label(
                pygame.Rect(x0, hint_y + line * hint_line_h, form_w, hint_line_h), "", "#hint"
            )
            for line in range(HINT_LINES)
        ]
        self.message_label = self.add_label(
            pygame.Rect(x0, message_y, form_w, message_h), self.message or " "
        )
        self._hint_shown = "-"
        self._show_hint()

        back, reset = i18n.t("common.back"), i18n.t("house.reset")
        back_w = max(self.px(180), self.text_width(back) + self.px(48))
        reset_w = max(self.px(180), self.text_width(reset) + self.px(48))
        self.reset_button = self.add_button(
            pygame.Rect(x0 + form_w - reset_w, buttons_y, reset_w, button_h),
            reset,
            self.reset,
        )
        self.back = self.add_button(
            pygame.Rect(x0, buttons_y, back_w, button_h), back, self.go_back, object_id="#primary"
        )
        # Open on the first rule, not on a page tab.
        if self.selectors and self.ring.current not in self.selectors.values():
            first = next((s for s in self.selectors.values() if s.enabled), None)
            if first is not None:
                self.ring.focus_item(first)

    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("house.title"), self.px(52), 38)
        radius = self.px(6)
        if self.tabs and 0 <= self.page < len(self.tabs):
            tab = self.tabs[self.page]
            self.draw_open_tab(surface, tab, int(tab.button.get_abs_rect().bottom) + self.px(8))
        if self._shade is None or self._shade.get_size() != self.hint_box.size:
            self._shade = pygame.Surface(self.hint_box.size, pygame.SRCALPHA)
            pygame.draw.rect(
                self._shade, (0, 0, 0, 70), self._shade.get_rect(), border_radius=radius
            )
        surface.blit(self._shade, self.hint_box.topleft)
        if self.message and self.message_label is not None:
            # A warm frame marks the refusal (or the reset notice) as news, not a hint.
            rect = self.message_label.get_abs_rect().inflate(self.px(8), self.px(2))
            pygame.draw.rect(surface, (120, 52, 30), rect, border_radius=radius)

    # ------------------------------------------------------------------- hints
    def _rule_in_view(self) -> HouseRule | None:
        """The rule the player is looking at: under the mouse, else under the focus."""
        for rule, selector in self.rows:
            if any(getattr(e, "hovered", False) for e in selector.elements()):
                return rule
        current = self.ring.current
        return next((rule for rule, selector in self.rows if selector is current), None)

    def _show_hint(self) -> None:
        rule = self._rule_in_view()
        if rule is self._hint_shown or not self.hint_labels:
            return
        self._hint_shown = rule
        words = rule.hint() if rule is not None else i18n.t("house.keys")
        lines = self.hint_lines(words)
        for index, label in enumerate(self.hint_labels):
            label.set_text(lines[index] if index < len(lines) else " ")

    def hint_lines(self, words: str) -> list[str]:
        """``words`` broken to the hint line's width (Japanese between characters);
        more than HINT_LINES lines is a text to shorten (a test checks every hint)."""
        width = int(self.hint_labels[0].get_abs_rect().width) if self.hint_labels else 1
        width -= self.px(8)
        return wrap(words, theme_font_size(self.app, "#hint"), width)

    def update(self, dt: float) -> None:
        self._show_hint()

    # ----------------------------------------------------------------- changes
    def set_rule(self, rule: HouseRule, value: Any) -> None:
        changes = {rule.name: value, **{name: value for name in rule.also}}
        try:
            overrides = checked_overrides(self.base, {**self.overrides, **changes})
        except ValueError as error:
            self.refuse(rule, refusal(error))
            return
        self.overrides = overrides
        had_message = bool(self.message)
        self.message = ""
        if had_message and self.message_label is not None:
            self.message_label.set_text(" ")
        self.on_change(dict(self.overrides))
        self._show_value(rule)
        self._refresh_enabled()

    def _show_value(self, rule: HouseRule) -> None:
        """The selector shows the rule's value now in force (a nudge already moved it;
        a refusal or a call from code may not have)."""
        selector = self.selectors.get(rule.name)
        if selector is None:
            return
        current = getattr(self.options, rule.name)
        values = [value for value, _ in selector.options]
        if current in values and values.index(current) != selector.index:
            selector.index = values.index(current)
            selector.value_button.set_text(selector.label)

    def _refresh_enabled(self) -> None:
        """Grey out the rules that no longer matter (Wookiee rules: no bet cap) and bring
        back the ones that do, without rebuilding the page (that costs a visible frame)."""
        values = self.values()
        for rule, selector in self.rows:
            enabled = rule.applies(values)
            if enabled == selector.enabled:
                continue
            selector.enabled = enabled
            for element in selector.elements():
                if enabled:
                    element.enable()
                else:
                    element.disable()

    def refuse(self, rule: HouseRule, reason: str) -> None:
        """The engine said no: put the selector back and say why."""
        self._show_value(rule)
        self.message = i18n.t("house.refused", rule=rule.label(), reason=reason)
        if self.message_label is not None:
            self.message_label.set_text(self.message)

    def reset(self) -> None:
        self.overrides = {}
        self.message = i18n.t("house.reset_done")
        self.on_change({})
        focused = self.ring.index
        self.recreate_ui()
        self.ring.focus(focused)

    def show_page(self, index: int) -> None:
        self.page = index
        self.message = ""
        self.ring.index = -1  # focus the new page's first rule (see build)
        self.recreate_ui()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = -1 if event.key == pygame.K_PAGEUP else 1
            self.show_page((self.page + step) % len(self.pages))
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        return click_events(self.back.button)


def theme_font_size(app: App, block: str) -> int:
    """The point size pygame_gui draws ``block`` at now (what App.font_for measures with)."""
    entries = app.theme.get(block, {}).get("font") or app.theme["button"]["font"]
    language = i18n.get_language()
    entry = next((e for e in entries if e["locale"] == language), entries[0])
    return int(entry["size"])
