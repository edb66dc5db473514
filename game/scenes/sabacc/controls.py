"""The Sabacc table's controls: the legal actions of the player's decision as buttons
(the action bar and the bet stepper), card clicks and digit keys, and the inputs
autoplay posts to make the same choices."""

from __future__ import annotations

import functools
import random
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ai import advice
from game import i18n
from game.rules import sabacc as sb
from game.rules import sabacc_cards as sc
from game.rules import sabacc_presets as sp
from game.scenes.kit.bar import (
    DIGIT_KEYS,
    ActionBar,
    ActionSpec,
    BetStepper,
    ButtonPool,
    relabel,
    warm_bar_looks,
)
from game.scenes.kit.ink import Role
from game.scenes.kit.inputs import click_events, key_events
from game.scenes.kit.words import tw
from game.scenes.sabacc.base import HUMAN
from game.scenes.sabacc.model import (
    action_label,
    bust_chance,
    draw_can_bomb,
    hand_name,
    hint_words,
)
from game.scenes.widgets import ButtonItem

if TYPE_CHECKING:
    from game.scenes.sabacc.scene import SabaccTable

#: Bar buttons kept hidden for later decisions (hidden ones cost a frame next to nothing).
SPARE_BUTTONS = 16
REFUSAL_SECONDS = 4.0  # how long the reason for a refused key shows above the bar


class SabaccControls:
    """Legal actions -> buttons (see the module docstring)."""

    def __init__(self, table: SabaccTable) -> None:
        self.t = table
        self.card_mode = ""  # "discard" / "field" when a card click is an action
        self.card_actions: dict[str, type] = {}
        self.amount_kinds: dict[str, Callable[[int], Any]] = {}
        self.spec_actions: dict[str, Any] = {}
        self.current_specs: list[ActionSpec] = []
        self.specs_language = ""  # the language the action bar's words are in
        self.refusal: tuple[str, float] | None = None  # why a key did nothing, for a while
        self.stepper: BetStepper | None = None
        self.stepper_rect: pygame.Rect | None = None
        self.stepper_items: tuple[ButtonItem, ButtonItem] | None = None
        self.built_signature: tuple[Any, ...] = ()
        self.spare_buttons: list[tuple[ButtonItem, str | None]] = []

    def card_numbers(self) -> dict[int, int]:
        """The digit key of each of the player's cards (by index in the hand): its place
        among the cards in hand. Locked cards keep theirs, so during a decision (the
        Two-Exchange's locks) a card's number never changes."""
        numbers: dict[int, int] = {}
        for index, card in enumerate(self.t.anim.model.seats[HUMAN].cards):
            if card.code is not None and not card.in_field:
                numbers[index] = len(numbers) + 1
        return numbers

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key for the decision: the bar's shortcuts, a card's digit while a card
        prompt is open ("its number": digits pick cards, never the bet), the stepper."""
        if self.t.bar.handle_key(event):
            return True
        if event.key in DIGIT_KEYS and self.card_mode and self.t.mode == "human":
            self.card_by_digit(DIGIT_KEYS[event.key])
            return True
        return (
            self.stepper is not None and self.t.mode == "human" and self.stepper.handle_key(event)
        )

    def tick(self, dt: float) -> None:
        """Time passes for the stepper's held keys and a refusal's words."""
        if self.stepper is not None:
            self.stepper.update(dt)
        if self.refusal is not None:
            words, left = self.refusal
            self.refusal = (words, left - dt) if left > dt else None

    def build(self) -> None:
        language = i18n.get_language()
        if self.t.mode in ("human", "between", "over") and self.specs_language != language:
            # A language switch: the same decision's buttons in the new words (the
            # card the player was choosing for stays chosen).
            mode, value = self.card_mode, self.stepper.value if self.stepper else None
            self.current_specs = self.specs()
            self.card_mode = mode or self.card_mode
            if value is not None and self.stepper is not None:
                self.stepper.set_value(value)
        self.specs_language = language
        self.spare_buttons = []
        self._build_bar(None)
        lay = self.t.places
        warm_bar_looks(self.t.app, lay.bar.height, two_rows=True)  # before the first decision
        assert lay.panel is not None
        self.t.build_panel(lay.panel)
        self.t.focus_safely(reset=True)
        if self.t.director is not None:
            self.t.director.built()

    def _build_bar(self, pool: ButtonPool | None) -> None:
        """The action bar and the bet stepper for ``current_specs`` (taking buttons
        from ``pool`` where they fit)."""
        lay = self.t.places
        self.t.bar = ActionBar(self.t.add_button, self.t.ring.add)
        self.t.bar.tip_width = self.t.tip_width()
        self.t.bar.on_refused = self.refused
        self.stepper_items = None
        specs = self.current_specs
        bar_rect = lay.bar.copy()
        self.stepper_rect = None
        if self.stepper is not None:
            step_w = lay.bar.height * 2 + lay.wpx(110)
            self.stepper_rect = pygame.Rect(lay.bar.x, lay.bar.y, step_w, lay.bar.height)
            bar_rect = pygame.Rect(
                self.stepper_rect.right + lay.wpx(16),
                lay.bar.y,
                lay.bar.right - self.stepper_rect.right - lay.wpx(16),
                lay.bar.height,
            )
        self.t.bar.build(bar_rect, specs, self.t.text_width, gap=lay.wpx(10), pool=pool)
        if self.stepper is not None and self.stepper_rect is not None:
            side = lay.bar.height

            def step_button(rect: pygame.Rect, label: str, delta: int) -> ButtonItem:
                item = pool.take(rect, label, None) if pool is not None else None
                if item is None:
                    return self.t.add_button(rect, label, lambda: self._step(delta))
                item.on_press = lambda: self._step(delta)
                self.t.ring.add(item)
                return item

            minus = step_button(pygame.Rect(self.stepper_rect.x, lay.bar.y, side, side), "−", -1)
            plus = step_button(
                pygame.Rect(self.stepper_rect.right - side, lay.bar.y, side, side), "+", 1
            )
            tip_w = self.t.tip_width()
            minus.button.set_tooltip(i18n.t("sabacc.tip.minus"), delay=0.6, wrap_width=tip_w)
            plus.button.set_tooltip(i18n.t("sabacc.tip.plus"), delay=0.6, wrap_width=tip_w)
            self.stepper.attach(minus, plus)
            self.stepper_items = (minus, plus)
            self._relabel_amount_buttons()
        self.built_signature = self._signature(specs)

    def resume(self) -> None:
        # Showing the scene showed every element: the spare buttons, and the bar
        # hidden while nothing is asked of the player, hide again.
        for item, _ in self.spare_buttons:
            item.button.hide()
        if self.t.mode == "wait" and self.t.container is not None:
            self._show_bar(False)

    def rebuild_bar(self) -> None:
        """A decision with other buttons: only the bar and the stepper are built again,
        from the old ones where they fit; the side panel and its log stay as they are."""
        old = list(self.t.bar.built)
        if self.stepper_items is not None:
            old += [(item, None) for item in self.stepper_items]
        gone = {id(item) for item, _ in old}
        current = self.t.ring.current
        if current is not None:
            current.set_focus(False)
        rest = [item for item in self.t.ring.items if id(item) not in gone]
        self.t.ring.items, self.t.ring.index = [], -1
        # The newest last: what the last bar showed is the likeliest to come back.
        pool = ButtonPool(self.spare_buttons + old, self.t.visible)
        self._build_bar(pool)
        self.spare_buttons = pool.keep(SPARE_BUTTONS)
        # The same order as a whole build: the decision's buttons, then the panel's.
        self.t.ring.items.extend(rest)
        self.t.focus_safely(reset=True)
        if self.t.director is not None:
            self.t.director.controls_changed()

    def action_buttons(self) -> list[tuple[str, bool, Any]]:
        return [
            (spec.key, spec.primary, self.t.bar.items[spec.key].button)
            for spec in self.t.bar.specs
            if spec.key in self.t.bar.items and not spec.reason  # a greyed one is no move
        ]

    def refused(self, reason: str) -> None:
        """The key of a greyed action: say why, above the bar and in the log."""
        self.refusal = (reason, REFUSAL_SECONDS)
        self.t.log.add(reason, "dim")

    def _step(self, delta: int) -> None:
        if self.stepper is not None:
            self.stepper.step(delta)

    def _relabel_amount_buttons(self) -> None:
        if self.stepper is None:
            return
        for spec in self.t.bar.specs:
            if spec.key in self.amount_kinds:
                label = action_label(self.amount_kinds[spec.key](self.stepper.value))
                spec.label = label
                button = self.t.bar.button(spec.key)
                if button is not None:
                    relabel(button, ActionBar.caption(spec))

    def specs(self) -> list[ActionSpec]:
        """The action bar's buttons: the decision's, or a replay's or a lesson's."""
        if self.t.director is not None:
            specs: list[ActionSpec] = self.t.director.rows(self.legal_specs)
            return specs
        return self.legal_specs()

    def legal_specs(self) -> list[ActionSpec]:
        """Buttons for exactly the legal actions of the current decision."""
        self.amount_kinds = {}
        self.spec_actions = {}
        self.card_actions = {}
        self.card_mode = ""
        specs: list[ActionSpec] = []
        if self.t.mode == "between":
            return [
                ActionSpec(
                    "next",
                    i18n.t("sabacc.next_hand"),
                    pygame.K_n,
                    "N",
                    i18n.t("sabacc.tip.next"),
                    self.t.next_hand,
                    True,
                ),
                ActionSpec(
                    "leave",
                    i18n.t("sabacc.leave"),
                    pygame.K_l,
                    "L",
                    i18n.t("sabacc.tip.leave"),
                    self.t.leave_table,
                ),
            ]
        if self.t.mode == "over":
            return [
                ActionSpec(
                    "leave",
                    i18n.t("sabacc.leave"),
                    pygame.K_l,
                    "L",
                    i18n.t("sabacc.tip.leave"),
                    self.t.leave_table,
                    True,
                )
            ]
        if self.t.mode != "human":
            self.stepper = None
            return specs
        view: sb.SabaccView = self.t.state.view(HUMAN)
        owe = max(0, view.level - view.round_bets[HUMAN])
        known: dict[type, tuple[str, int, str]] = {
            sb.Check: ("check", pygame.K_c, "C"),
            sb.Call: ("call", pygame.K_c, "C"),
            # Its own key: a habitual C (Check/Call) must never end the hand.
            sb.CallHand: ("callhand", pygame.K_a, "A"),
            sb.PassCall: ("passcall", pygame.K_p, "P"),
            sb.Fold: ("fold", pygame.K_f, "F"),
            sb.Draw: ("draw", pygame.K_d, "D"),
            sb.Stand: ("stand", pygame.K_s, "S"),
            sb.Keep: ("keep", pygame.K_k, "K"),
            sb.Exchange: ("exchange", pygame.K_x, "X"),
        }
        sides = {sb.LIGHT: (pygame.K_l, "L"), sb.DARK: (pygame.K_d, "D")}
        amount_keys = {sb.Bet: ("bet", pygame.K_b, "B"), sb.Raise: ("raise", pygame.K_r, "R")}
        amounts: dict[type, list[int]] = {}
        stepper_needed = False
        for action in self.t.legal:
            kind = type(action)
            if isinstance(getattr(action, "amount", None), int):
                amounts.setdefault(kind, []).append(action.amount)
                stepper_needed = True
            elif isinstance(getattr(action, "card", None), int):
                name = (
                    "discard"
                    if kind is sb.Discard
                    else "field"
                    if kind is sb.PlaceInField
                    else kind.__name__.lower()
                )
                self.card_actions[name] = kind
        used_amounts: set[type] = set()
        for action in self.t.legal:
            kind = type(action)
            if kind in amounts:
                if kind in used_amounts:
                    continue
                used_amounts.add(kind)
                key, shortcut, shown = amount_keys.get(kind, (kind.__name__.lower(), None, ""))
                self.amount_kinds[key] = kind
                specs.append(
                    ActionSpec(
                        key,
                        action_label(kind(max(amounts[kind]))),
                        shortcut,
                        shown,
                        i18n.t(f"sabacc.tip.{key}", cap=self.t.state.options.bet_cap),
                        functools.partial(self._submit_amount, kind),
                    )
                )
            elif kind in known:
                key, shortcut, shown = known[kind]
                self.spec_actions[key] = action
                specs.append(
                    ActionSpec(
                        key,
                        self._label(action, owe),
                        shortcut,
                        shown,
                        self._tip(key),
                        functools.partial(self.submit, action),
                        primary=key in ("check", "call", "draw", "keep"),
                    )
                )
            elif isinstance(getattr(action, "card", None), int):
                continue
            elif isinstance(action, sb.Declare):
                key = f"declare-{action.side}"
                shortcut, shown = sides.get(action.side, (None, ""))
                self.spec_actions[key] = action
                specs.append(
                    ActionSpec(
                        key,
                        action_label(action),
                        shortcut,
                        shown,
                        i18n.t("sabacc.tip.declare"),
                        functools.partial(self.submit, action),
                    )
                )
            else:
                key = f"other-{len(specs)}"
                self.spec_actions[key] = action
                specs.append(
                    ActionSpec(
                        key,
                        action_label(action),
                        None,
                        "",
                        "",
                        functools.partial(self.submit, action),
                    )
                )
        specs += self._unavailable(view, specs)
        # A card click is the action: at once when only one kind of card action is
        # legal (discard, Two-Exchange's lock, Teta's swap), else after a mode button.
        modes = {
            "field": ("sabacc.action.field", pygame.K_i, "I"),
            "lock": ("sabacc.mode.lock", None, ""),
            "exchangecard": ("sabacc.mode.exchangecard", pygame.K_e, "E"),
            "freeze": ("sabacc.mode.freeze", pygame.K_z, "Z"),
            "swap": ("sabacc.mode.swap", pygame.K_w, "W"),
        }
        # Freezing costs the Stake and locking in the field is a side option: those
        # always take a deliberate press first, never a stray click on a card.
        direct = [n for n in self.card_actions if n in ("discard", "lock", "swap")]
        if len(self.card_actions) == 1 and direct:
            self.card_mode = direct[0]
        for name in self.card_actions:
            if name in (self.card_mode, "discard"):
                continue
            label_key, shortcut, shown = modes.get(name, (name, None, ""))
            tip = "sabacc.tip.field" if name == "field" else f"sabacc.tip.{name}"
            specs.append(
                ActionSpec(
                    name,
                    i18n.t(label_key),
                    shortcut,
                    shown,
                    i18n.t(tip),
                    functools.partial(self._choose_card_mode, name),
                )
            )
        if "discard" in self.card_actions and not self.card_mode:
            self.card_mode = "discard"  # clicking a card discards it: no button needed
        if stepper_needed:
            low = min(min(v) for v in amounts.values())
            high = max(max(v) for v in amounts.values())
            start = self.stepper.value if self.stepper is not None else low
            self.stepper = BetStepper(low, high, start)
            self.stepper.listeners.append(lambda _v: self._relabel_amount_buttons())
        else:
            self.stepper = None
        return specs

    def _label(self, action: Any, owe: int) -> str:
        """A button's words; the Two-Exchange's exchange with every card locked keeps
        them all, and says so."""
        if isinstance(action, sb.Exchange) and not any(
            isinstance(a, sb.Lock) for a in self.t.legal
        ):
            return i18n.t("tables.exchange_none")
        return action_label(action, owe)

    def _tip(self, key: str) -> str:
        """A button's tooltip; calling the hand does different things by rule set."""
        flow = self.t.state.options.flow
        if key == "callhand" and flow in (sp.GREAT_KHAN_FLOW, sp.FORCE_FLOW):
            return i18n.t(f"tables.tip.callhand_{flow}")
        return i18n.t(f"sabacc.tip.{key}", fee=self.t.state.options.fold_fee)

    def _unavailable(self, view: sb.SabaccView, specs: list[ActionSpec]) -> list[ActionSpec]:
        """Betting actions a player looks for but may not take now, greyed, with why:
        only the lead opens the betting, and the lead may not fold."""
        if view.phase != sb.BETTING or view.options.open_betting:
            return []
        shown = {spec.key for spec in specs}
        out = []
        if sb.CHECK in self.t.legal and "bet" not in shown and view.lead != HUMAN:
            why = tw("tables.why.lead_opens", lead=self.t.anim.seat_name(view.lead))
            out.append(ActionSpec("bet", i18n.t("tables.bet"), pygame.K_b, "B", why,
                                  self._nothing, reason=why))  # fmt: skip
        if sb.FOLD not in self.t.legal and view.lead == HUMAN:
            why = tw("tables.why.lead_no_fold")
            out.append(ActionSpec("fold", action_label(sb.FOLD), pygame.K_f, "F", why,
                                  self._nothing, reason=why))  # fmt: skip
        return out

    @staticmethod
    def _nothing() -> None:
        """A greyed button's press (it cannot be pressed)."""

    def _choose_card_mode(self, name: str) -> None:
        self.card_mode = "" if self.card_mode == name else name

    def _submit_amount(self, kind: Callable[[int], Any]) -> None:
        if self.stepper is None:
            return
        wanted = self.stepper.value
        options = sorted(a.amount for a in self.t.legal if type(a) is kind)
        if not options:
            return
        amount = min(options, key=lambda n: abs(n - wanted))
        self.submit(kind(amount))

    def submit(self, action: Any) -> bool:
        """Send the player's action to the engine — only on their turn, with nothing
        still animating, and only an action the engine lists as legal."""
        if self.t.mode != "human" or self.t.queue.busy or self.t.state.to_act() != HUMAN:
            return False
        if action not in self.t.legal:
            return False
        self.t.sent.append(action)
        for seat in self.t.anim.model.seats:  # a shift's "old → new" marks last until now
            for card in seat.cards:
                card.shifted = None
        events = self.t.driver.human(action)
        self.set_mode("wait", ("wait",))
        self.t.play(events)
        return True

    def click_card(self, pos: tuple[int, int]) -> bool:
        """A click on one of the player's cards: discard it / lock it in the field."""
        if self.t.mode != "human" or not self.card_mode:
            return False
        seat = self.t.anim.model.seats[HUMAN]
        place = self.t.places.seats[HUMAN]
        for index in reversed(range(len(seat.cards))):  # topmost card first
            card = seat.cards[index]
            if card.code is None or card.in_field or card.locked:
                continue
            if place.card_rect(index, len(seat.cards)).collidepoint(pos):
                kind = self.card_actions.get(self.card_mode)
                if kind is None:
                    return False
                return self.submit(kind(sc.parse(card.code)))
        return False

    def card_by_digit(self, digit: int) -> bool:
        """The card numbered ``digit`` (``card_numbers``), if it may be picked now."""
        if not self.card_mode:
            return False
        cards = self.t.anim.model.seats[HUMAN].cards
        for index, number in self.card_numbers().items():
            card = cards[index]
            if number == digit and not card.locked and card.code is not None:
                kind = self.card_actions.get(self.card_mode)
                return kind is not None and self.submit(kind(sc.parse(card.code)))
        return False

    def set_mode(self, mode: str, decision: tuple[Any, ...]) -> None:
        if decision == self.t.decision:
            return
        self.t.pacer.progressed()
        self.t.mode, self.t.decision = mode, decision
        self.t.legal = self.t.state.legal_actions() if mode == "human" else []
        if mode == "human":
            self.t.anim.model.decision_phase = self.t.state.phase
            self.t.ask_hint()
        elif mode != "replay":
            self.t.hint.clear()
        self.current_specs = self.specs()
        self.specs_language = i18n.get_language()
        if self.t.container is None:
            return
        if mode == "wait":
            # Hide rather than destroy: the player's next decision often shows the same
            # buttons, and building pygame_gui buttons is the slowest thing a frame does.
            self._show_bar(False)
        elif self._signature(self.current_specs) == self.built_signature:
            self.rebind()
        else:
            self.rebuild_bar()

    def _signature(self, specs: list[ActionSpec]) -> tuple[Any, ...]:
        labels = tuple(
            (s.key, "" if s.key in self.amount_kinds else s.label, bool(s.reason)) for s in specs
        )
        return (labels, self.stepper is not None)

    def rebind(self) -> None:
        """Point the built buttons at the new decision's actions and show them."""
        self.t.bar.specs = self.current_specs
        for spec in self.current_specs:
            if not spec.reason:  # a greyed button keeps saying why
                self.t.bar.items[spec.key].on_press = spec.on_press
        if self.stepper is not None and self.stepper_items is not None:
            self.stepper.attach(*self.stepper_items)
            self._relabel_amount_buttons()
        self._show_bar(True)
        self.t.focus_safely(reset=True)
        if self.t.director is not None:
            self.t.director.controls_changed()

    def _show_bar(self, visible: bool) -> None:
        elements = list(self.t.bar.elements())
        if self.stepper_items is not None:
            elements += [item.button for item in self.stepper_items]
        for element in elements:
            if visible:
                element.show()
            else:
                element.hide()

    def inputs_for(self, action: Any) -> list[pygame.event.Event]:
        """The clicks and key presses that make this scene send ``action``."""
        if isinstance(getattr(action, "card", None), int):
            code = sc.code(action.card)
            seat = self.t.anim.model.seats[HUMAN]
            place = self.t.places.seats[HUMAN]
            events: list[pygame.event.Event] = []
            kind_name = next((n for n, k in self.card_actions.items() if k is type(action)), "")
            if kind_name and kind_name != "discard" and self.card_mode != kind_name:
                button = self.t.bar.button(kind_name)
                if button is not None:
                    events += click_events(button)
            for index, card in enumerate(seat.cards):
                if card.code == code and not card.in_field and not card.locked:
                    pos = place.card_rect(index, len(seat.cards)).center
                    events.append(
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
                    )
                    events.append(
                        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
                    )
                    return events
            return events
        for spec in self.t.bar.specs:
            if spec.key in self.amount_kinds and type(action) is self.amount_kinds[spec.key]:
                events = []
                if self.stepper is not None:
                    delta = action.amount - self.stepper.value
                    press = pygame.K_PLUS if delta > 0 else pygame.K_MINUS
                    for _ in range(abs(delta)):
                        events += key_events(press)
                button = self.t.bar.button(spec.key)
                return events + (click_events(button) if button is not None else [])
        for key, listed in self.spec_actions.items():
            if listed == action:
                button = self.t.bar.button(key)
                if button is not None:
                    return click_events(button)
        return []

    def ask_hint(self) -> None:
        """The hint for this decision: the hand's total and the chance a draw busts at
        once, the hard AI's choice from the worker thread (only while the box is open)."""
        t = self.t
        if t.mode != "human" or not t.panel.hint_open:
            return
        view: sb.SabaccView = t.state.view(HUMAN)
        rank = view.rank()
        facts: list[tuple[str, Role]] = [
            (i18n.t("sabacc.hint_total", hand=hand_name(rank.kind, rank.total)), "text"),
        ]
        if draw_can_bomb(view, t.legal):
            facts.append(
                (i18n.t("sabacc.hint_bust", percent=round(100 * bust_chance(view))), "text")
            )
        owe = max(0, view.level - view.round_bets[HUMAN])
        seed = zlib.crc32(repr(t.decision).encode())
        t.hint.request(
            ("hint", t.decision),
            facts,
            advice.advise,
            ("sabacc", t.hint_player, view, t.legal, random.Random(seed)),
            lambda advised: hint_words(advised, owe, t.anim.seat_name),
            synchronous=t.queue.instant,
        )

    def autoplay_step(self) -> None:
        """Play seat 0 with the AI by posting the inputs a player would make (the kit's
        ``Pacer``: a batch per decision, posted again if it did not take)."""
        t = self.t
        t.shots.flush()
        if not t.pacer.tick() or t.queue.busy:
            return
        if t.mode == "human":
            if t.pacer.sent_for(t.decision) or t.shots.pending:
                return  # the last inputs are on their way; the phase's picture comes first
            key = ("autoplay", t.decision)
            if t.worker.key != key:
                t.worker.start(key, t.autoplayer.choose, t.state.view(HUMAN), t.legal,
                               t.autoplay_rng)  # fmt: skip
            if t.worker.ready(key):
                t.pacer.post(self.inputs_for(t.worker.take()), t.decision)
        elif t.mode in ("between", "over") and not t.pacer.sent_for(t.decision):
            done = t.mode == "over" or t.hands_played >= t.config.rounds
            button = t.bar.button("leave" if done else "next")
            t.pacer.post(click_events(button) if button is not None else [], t.decision)
