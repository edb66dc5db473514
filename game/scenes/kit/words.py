"""Words that follow the language: a string that remembers how it was made.

A table keeps what it says (log lines, a seat's status, a revealed hand's name) as
``Words``: a ``str`` like any other, plus ``again()``, which says it afresh in the
language of the moment. After the player switches language mid-session the log and
the table re-render every such line in the new language.

    >>> w = words(lambda: "Hello")
    >>> w, w.again()
    ('Hello', 'Hello')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import i18n


class Words(str):
    """A string that can be said again (see the module docstring)."""

    again: Callable[[], str]


def words(make: Callable[[], str]) -> Words:
    """``make()`` now, and again whenever asked."""
    out = Words(make())
    out.again = make
    return out


def said_again(make: Callable[[], str | None]) -> Words | None:
    """``make()`` as ``Words`` (a table's line for an event, say), or ``None`` when it
    says nothing. ``make`` must depend only on what it was given, never on a table's
    later state: it is asked again after a language switch.

        >>> said_again(lambda: None) is None
        True
        >>> said_again(lambda: "Tesk stands.").again()
        'Tesk stands.'
    """
    first = make()
    if not first:
        return None
    return words(lambda: make() or first)


def live(value: Any) -> Any:
    """``value`` in the language of the moment (a plain value as it is)."""
    return value.again() if isinstance(value, Words) else value


def refreshed(params: dict[str, Any]) -> dict[str, Any]:
    return {name: live(value) for name, value in params.items()}


def tw(key: str, **params: Any) -> Words:
    """``i18n.t(key, **params)`` that follows the language (its params too)."""
    return words(lambda: i18n.t(key, **refreshed(params)))


def player_names() -> set[str]:
    """What the player's seat is called in every language ("You", "あなた", "Tú")."""
    names = set()
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        names |= {catalog.get("results.you", ""), catalog.get("campaign.you", "")}
    return names - {""}


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
