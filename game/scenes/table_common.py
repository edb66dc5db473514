"""Where a table's engine steps go: the quick-play and campaign drivers, the table's
config in a save, and the player's grammar in log lines.

What every table *shows* is in ``game.scenes.kit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app import App
from game.rules.base import Event

# ------------------------------------------------------------------- engine drivers
# Where a table's engine steps go. A table never calls the engine for a step itself:
# it asks its driver, which applies the step and hands back the events to animate.
# ``QuickDriver`` runs the table's own quick-play match (autosaving it, and counting
# statistics and hand history at each hand's end); ``CampaignDriver`` sends every step
# through ``Campaign.step`` (which saves, counts and keeps history for the campaign).
# A computer seat's choice is split in two -- ``bot_job`` (what to compute, possibly on
# a worker thread) and ``bot_move`` (apply it) -- so a searching AI never freezes a frame.

QUICK_PLAY_LABEL = "history.quick_play"


#: Lines whose subject is not ``seat``: (who acts, who is acted on).
LINE_ROLES: dict[str, tuple[str, str]] = {
    "sabacc.log.hand": ("dealer", ""),
    "brag.log.paid": ("payer", "payee"),
    "nh.log.challenge": ("dealer", "seat"),
}


def personal(key: str, you: str, **params: Any) -> str:
    """``i18n.t(key)``, or its second-person form when the line is about the player:
    ``<key>_you`` when they act ("You raise to 7." rather than "You raises to 7."),
    ``<key>_to_you`` when they are acted on ("Tesk paid you 4 chips.").

    Who acts is ``seat`` unless LINE_ROLES says otherwise. A catalog without the form
    falls back to the plain line.
    """
    from game import i18n

    subject, target = LINE_ROLES.get(key, ("seat", ""))
    variant = ""
    if params.get(subject) == you:
        variant = f"{key}_you"
    elif target and params.get(target) == you:
        variant = f"{key}_to_you"
    if variant:
        words = i18n.t(variant, **params)
        if words != variant:
            return words
    return i18n.t(key, **params)


class TableDriver:
    """The protocol both drivers follow (see the comment above)."""

    game: str
    state: Any
    hand_events: list[Event]  # the engine's events of the hand in play (for a resume)
    last_hand: list[Event]  # the events of the last hand that ended
    hands_done: int  # hands (Sabacc) / deals (Brag, Nine and a Half) ended at this visit
    names: list[str]

    def chance(self) -> list[Event]:
        raise NotImplementedError

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        raise NotImplementedError

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        raise NotImplementedError

    def human(self, action: Any) -> list[Event]:
        raise NotImplementedError

    def next_hand(self) -> list[Event]:
        raise NotImplementedError

    def over(self) -> bool:
        """The sitting cannot go on: the only thing left is to leave."""
        return False

    def mid_hand(self) -> bool:
        return bool(self.hand_events)

    def end(self) -> None:
        """The player left the table normally."""

    def _ended(self, events: list[Event]) -> bool:
        from game.storage.stats import hand_ended

        return hand_ended(self.game, events)


class QuickDriver(TableDriver):
    """A quick-play match: one generator for chance and the computer seats (as the
    tables always had), autosaved to the quick-play slot whenever the player is to act
    and at each hand's end, with statistics and history recorded at each hand's end.

    ``table_data`` is the table's own JSON-ready data for the save (its config, seat
    names, hands played); ``extra_rngs`` the table's other generators (its autoplayer).
    """

    def __init__(
        self,
        app: App,
        game: str,
        state: Any,
        rng: Any,
        bots: dict[int, Any],
        names: list[str],
        table_data: Callable[[], dict[str, Any]],
        extra_rngs: dict[str, Any] | None = None,
        rebuy_to: int | None = None,
        hand_events: list[Event] | None = None,
        resumed_table: dict[str, Any] | None = None,
    ) -> None:
        from game.storage.saves import QUICK_PLAY, SaveSlot

        self.app = app
        self.game = game
        self.state = state
        self.rng = rng
        self.bots = bots
        self.names = names
        self.table_data = table_data
        self.extra_rngs = extra_rngs or {}
        self.rebuy_to = rebuy_to
        self.hand_events = list(hand_events or [])
        # As the hand in play began: from the save when a hand is resumed (the history
        # must show the hand's start, not the moment of the resume).
        self.start_chips = [int(c) for c in state.chips]
        self.start_view: Any = None  # the player's view, for the replay
        if self.hand_events and resumed_table is not None:
            from game.storage.serialize import hand_start

            self.start_chips, self.start_view = hand_start(resumed_table, state)
        self.preset = ""  # Sabacc's rule set, for the hand history
        self.last_hand = []
        self.hands_done = 0
        self.slot = SaveSlot(QUICK_PLAY, notify=app.notify)
        self.saving = True

    # ---------------------------------------------------------------- steps
    def chance(self) -> list[Event]:
        from game.rules.base import resolve_chance

        self._before()
        return self._after(resolve_chance(self.state, self.rng))

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        state = self.state
        return self.bots[seat].choose, (state.view(seat), state.legal_actions(), self.rng)

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        self._before()
        return self._after(list(self.state.apply(action)))

    def human(self, action: Any) -> list[Event]:
        self._before()
        return self._after(list(self.state.apply(action)))

    def next_hand(self) -> list[Event]:
        self._before()
        events: list[Event] = []
        if self.rebuy_to is not None:
            for seat in range(self.state.num_seats):
                if not self.state.can_continue(seat):
                    events.extend(self.state.rebuy(seat, self.rebuy_to))
        events.extend(self.state.start_next())
        return self._after(events)

    def _before(self) -> None:
        if not self.hand_events:
            self.start_chips = [int(c) for c in self.state.chips]
            self.start_view = self.state.view(0)

    def _after(self, events: list[Event]) -> list[Event]:
        self.hand_events.extend(events)
        ended = self._ended(events)
        if ended:
            self.last_hand, self.hand_events = self.hand_events, []
            self.hands_done += 1
            self._record(self.last_hand)
        if ended or self.state.to_act() == 0:
            self.autosave()
        return events

    def _record(self, events: list[Event]) -> None:
        from game import i18n
        from game.storage import history, stats

        notify = self.app.notify
        stats.record_hand(self.game, events, 0, notify=notify)
        history.record(
            self.game,
            events,
            0,
            i18n.t(QUICK_PLAY_LABEL),
            self.names,
            notify=notify,
            preset=self.preset,
            chips=self.start_chips,
            start_view=self.start_view,
        )

    # ---------------------------------------------------------------- saving
    def snapshot(self) -> Any:
        from game.storage.serialize import TableSnapshot, encode

        rngs = {"chance": self.rng, **self.extra_rngs}
        table = {
            **self.table_data(),
            "hand_events": [encode(e) for e in self.hand_events],
            "hand_start_chips": list(self.start_chips),
            "hand_start_view": None if self.start_view is None else encode(self.start_view),
        }
        return TableSnapshot(self.game, self.state, rngs, table)

    def autosave(self) -> bool:
        if not self.saving:
            return False
        return self.slot.autosave(self.snapshot())

    def end(self) -> None:
        self.saving = False
        self.slot.delete()


class CampaignDriver(TableDriver):
    """A campaign sitting: every step goes through ``Campaign.step``."""

    def __init__(self, campaign: Any, names: list[str]) -> None:
        self.campaign = campaign
        self.session = campaign.session or campaign.sit_down()
        self.game = self.session.game
        self.state = self.session.state
        self.names = names
        self.last_hand = []
        self.hands_done = 0

    @property
    def hand_events(self) -> list[Event]:  # type: ignore[override]
        return list(self.session.hand_events)

    def _step(self, action: Any = None) -> list[Event]:
        before = list(self.session.hand_events)
        events = self.campaign.step(action)
        if self._ended(events):
            self.last_hand = before + events
            self.hands_done += 1
        return events

    def chance(self) -> list[Event]:
        from game.rules.base import CHANCE

        events: list[Event] = []
        while self.state.to_act() == CHANCE:
            events.extend(self._step())
        return events

    def bot_job(self, seat: int) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return self.session.bot_job(seat)

    def bot_move(self, seat: int, action: Any) -> list[Event]:
        return self._step(action)

    def human(self, action: Any) -> list[Event]:
        return self._step(action)

    def next_hand(self) -> list[Event]:
        return self._step()

    def over(self) -> bool:
        return bool(self.session.over())

    def mid_hand(self) -> bool:
        return bool(self.session.hand_events)


def config_to_json(config: Any) -> dict[str, Any]:
    """A QuickPlayConfig as plain JSON (for the quick-play save)."""
    return {
        "game": config.game,
        "preset": config.preset,
        "opponents": list(config.opponents),
        "starting_chips": config.starting_chips,
        "seed": config.seed,
        "rounds": config.rounds,
        "house_rules": {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in config.house_rules
        },
    }


def config_from_json(data: Any) -> Any:
    """The QuickPlayConfig a save holds; SerializeError naming what is wrong."""
    from game.scenes.table import GAMES, LEVELS, QuickPlayConfig, engine_options
    from game.storage.saves import SaveFormatError, require
    from game.storage.serialize import SerializeError

    try:
        game = require(data, "game", str, "config")
        opponents = require(data, "opponents", list, "config")
        chips = require(data, "starting_chips", int, "config")
        seed = data.get("seed")
        config = QuickPlayConfig(
            game=game,
            preset=require(data, "preset", str, "config"),
            opponents=tuple(str(level) for level in opponents),
            starting_chips=chips,
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
            rounds=require(data, "rounds", int, "config"),
            house_rules=_house_rules_from_json(data.get("house_rules", {})),
        )
    except SaveFormatError as error:
        raise SerializeError(str(error)) from error
    if game not in GAMES or not all(level in LEVELS for level in config.opponents):
        raise SerializeError("saved table config names an unknown game or level")
    if config.house_rules:
        try:
            engine_options(config)  # the engine checks the saved house rules again
        except (TypeError, ValueError) as error:
            raise SerializeError(f"saved house rules do not load: {error}") from error
    return config


def _house_rules_from_json(data: Any) -> tuple[tuple[str, Any], ...]:
    """Saved house rules back to config pairs (saves from before house rules have
    none: an empty mapping).  Lists were tuples (Nine and a Half's limit choices)."""
    from game.storage.serialize import SerializeError

    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise SerializeError("saved house rules must map option names to values")
    pairs: list[tuple[str, Any]] = []
    for name, value in sorted(data.items()):
        if isinstance(value, list):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise SerializeError(f"saved house rule {name} holds a bad list")
            value = tuple(value)
        elif value is not None and not isinstance(value, bool | int | float | str):
            raise SerializeError(f"saved house rule {name} holds a bad value")
        pairs.append((name, value))
    return tuple(pairs)


def decode_events(encoded: Any) -> list[Event]:
    """Saved events (``serialize.encode``d) back to Events; SerializeError if damaged."""
    from game.storage.serialize import SerializeError, decode

    if not isinstance(encoded, list):
        raise SerializeError("saved hand events must be a list")
    events = [decode(item) for item in encoded]
    if not all(isinstance(e, Event) for e in events):
        raise SerializeError("saved hand holds something that is not an event")
    return events
