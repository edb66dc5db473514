"""The hint: worked out when the player's decision changes, never while drawing.

``request`` starts the work (the hard AI's choice, on the worker thread) for a
decision; ``poll`` (from ``update``) collects it; ``lines`` is what the hint box shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game import i18n
from game.scenes.kit.ink import Ink, Role
from game.scenes.kit.worker import BackgroundChoice
from game.ui.palette import Colour


class Hint:
    def __init__(self) -> None:
        self.worker = BackgroundChoice()
        self.key: Any = None
        self.facts: Sequence[tuple[str, Role]] = []  # (words, role) known at once
        self.choice: str | None = None  # the AI's suggestion once it has arrived
        self.waiting = True  # no decision of the player's

    def clear(self) -> None:
        self.key, self.facts, self.choice, self.waiting = None, [], None, True

    def request(
        self,
        key: Any,
        facts: Sequence[tuple[str, Role]],
        choose: Callable[..., Any],
        args: tuple[Any, ...],
        describe: Callable[[Any], str],
        synchronous: bool = False,
    ) -> None:
        """A new decision: its facts now, the AI's choice (``describe(choose(*args))``) later."""
        if key == self.key:
            return
        self.key, self.facts, self.choice, self.waiting = key, facts, None, False
        self._describe = describe
        self.worker.start(key, choose, *args, synchronous=synchronous)
        self.poll()

    def poll(self) -> None:
        if self.key is not None and self.choice is None and self.worker.ready(self.key):
            try:
                self.choice = self._describe(self.worker.take())
            except Exception:  # a hint must never end the game; say it is unavailable
                self.choice = i18n.t("sabacc.hint_unavailable")

    def lines(self, ink: Ink) -> list[tuple[str, Colour]]:
        if self.waiting:
            return [(i18n.t("sabacc.hint_wait"), ink.dim)]
        out = [(words, ink(role)) for words, role in self.facts]
        if self.choice is not None:
            out.append((i18n.t("sabacc.hint_ai", action=self.choice), ink.gold))
        else:
            out.append((i18n.t("sabacc.hint_ai", action="…"), ink.dim))
        return out

    def close(self) -> None:
        self.worker.close()


def advice_words(
    label: str,
    reason: Any,
    seat_name: Callable[[int], str],
    named: Mapping[str, Callable[[Any], str]] | None = None,
) -> str:
    """The hint's line: the advised move as its button says it and, when the advice
    has one (``ai.advice.Reason``), its reason from the numbers that chose it, in the
    player's language ("Draw — a card improves your +14 62% of the time...").
    ``named`` says a parameter in words (a hand's kind, a card)."""
    if reason is None:
        return label
    params = dict(reason.params)
    if "seat" in params:
        params["seat"] = seat_name(params["seat"])
    for name, say in (named or {}).items():
        if name in params:
            params[name] = say(params[name])
    why = i18n.t(reason.key, **params)
    return i18n.t("tables.hint_with_reason", action=label, reason=why)
