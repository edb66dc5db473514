"""Translation layer: every player-visible string goes through ``t(key, **params)``.

Catalogs are flat JSON objects: assets/locales/<lang>.json plus one file per topic in
assets/locales/<lang>/*.json (so each feature keeps its words in its own file); a key
defined in two files of one language is an error. Messages use ``{name}``
placeholders. A message that depends on a number has ``<key>_one`` / ``<key>_other``
variants chosen by ``count`` (pass it beside the number's own name: ``points=n, count=n``);
Japanese has no plural, so it only needs ``_other``. ``python -m game.i18n check`` flags a
``{count}`` before a noun that has no such variants.
Integers passed as parameters are formatted for the language (1,234 / 12.345).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from game import resources

LANGUAGES: tuple[str, ...] = ("en", "ja", "es")
DEFAULT_LANGUAGE = "en"

# Plural categories per language (CLDR, integers only: all we need for chips and hands).
_PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "es": lambda n: "one" if n == 1 else "other",
    "ja": lambda n: "other",
}
PLURAL_SUFFIXES = ("_one", "_other")

_catalogs: dict[str, dict[str, str]] = {}
_language = DEFAULT_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def catalog_files(language: str) -> list[tuple[str, ...]]:
    """Resource paths of one language's catalog: the main file, then its topic files."""
    paths: list[tuple[str, ...]] = [("locales", f"{language}.json")]
    folder = resources.asset("locales", language)
    if folder.is_dir():
        names = sorted(node.name for node in folder.iterdir() if node.name.endswith(".json"))
        paths.extend(("locales", language, name) for name in names)
    return paths


def load_catalog(language: str) -> dict[str, str]:
    if language not in _catalogs:
        merged: dict[str, str] = {}
        for parts in catalog_files(language):
            data = resources.read_json(*parts)
            name = "/".join(parts[1:])
            if not isinstance(data, dict):
                raise ValueError(f"catalog {name} is not a JSON object")
            for key, value in data.items():
                if str(key) in merged:
                    raise ValueError(f"catalog {name} repeats the key {key!r}")
                merged[str(key)] = str(value)
        _catalogs[language] = merged
    return _catalogs[language]


def set_language(language: str) -> None:
    """Switch the live language; listeners (the App) rebuild their UI."""
    global _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose from {', '.join(LANGUAGES)}")
    load_catalog(language)
    _language = language
    for listener in list(_listeners):
        listener(language)


def get_language() -> str:
    return _language


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """``t()`` in ``language`` for a moment, without telling the listeners: words made
    before the App has switched to the player's language (the settings' own notices).
    An unknown language leaves the current one."""
    global _language
    before = _language
    if language in LANGUAGES:
        load_catalog(language)
        _language = language
    try:
        yield
    finally:
        _language = before


def add_listener(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def remove_listener(listener: Callable[[str], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def plural_category(count: int, language: str | None = None) -> str:
    return _PLURAL_RULES[language or _language](abs(count))


def format_number(value: int | float, language: str | None = None) -> str:
    """Group digits the way the language's readers expect; a negative number takes the
    true minus sign (U+2212), as the hints' reasons and the cards show it, not a hyphen."""
    lang = language or _language
    if value < 0:
        return "\u2212" + format_number(-value, lang)
    if isinstance(value, float) and not value.is_integer():
        text = f"{value:,.1f}"
    else:
        text = f"{int(value):,}"
    if lang == "es":
        # Spanish: dot for thousands, comma for decimals; RAE leaves 4-digit numbers whole.
        if abs(value) < 10000:
            text = text.replace(",", "")
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def signed(value: int) -> str:
    """A total or value with its sign always shown: "+5", "−5" (true minus), "0"."""
    return "+" + format_number(value) if value > 0 else format_number(value)


class _Params(dict[str, Any]):
    """Leaves an unknown placeholder visible instead of crashing a frame."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _lookup(key: str, language: str) -> str | None:
    catalog = load_catalog(language)
    if key in catalog:
        return catalog[key]
    return None


def _choose(key: str, params: dict[str, Any], language: str) -> str | None:
    """The message for ``key`` in ``language``: the plural form ``count`` selects, else the
    plain key, else the ``_other`` form (a caller that has not passed ``count`` yet still
    reads the general form rather than the raw key)."""
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        found = _lookup(f"{key}_{plural_category(count, language)}", language)
        if found is not None:
            return found
    return _lookup(key, language) or _lookup(f"{key}_other", language)


def t(key: str, **params: Any) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in.

    Falls back to English, then to the key itself, so a missing translation shows up
    as readable-but-wrong text rather than an exception mid-game.
    """
    lang = _language
    message = _choose(key, params, lang)
    if message is None and lang != DEFAULT_LANGUAGE:
        message = _choose(key, params, DEFAULT_LANGUAGE)
    if message is None:
        return key
    shown = _Params(
        {
            name: format_number(value, lang)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else value
            for name, value in params.items()
        }
    )
    return message.format_map(shown)


def join_list(items: Iterable[str]) -> str:
    """``items`` joined with the language's list separator ("a, b" / "a、b")."""
    return t("tables.list_sep").join(items)


def join_and(items: Iterable[str]) -> str:
    """``items`` as a sentence lists them: "a, b and c" / "a、bとc" / "a, b y c"."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    return join_list(words[:-1]) + t("tables.list_and") + words[-1]


_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# "{count} cards", "{count} cartas": a counted noun after the number needs plural forms.
# ("Deck {count}" and Japanese counters such as "{count}枚" do not.)
_COUNTED_NOUN = re.compile(r"\{count\} [^\W\d_]")


def placeholders(message: str) -> set[str]:
    """Names used as ``{name}`` in a message (``{{`` escapes are ignored)."""
    names: set[str] = set()
    for _, field, _, _ in string.Formatter().parse(message):
        if field is not None and _FIELD.match(field):
            names.add(field)
    return names


def check_catalogs(catalogs: dict[str, dict[str, str]]) -> list[str]:
    """Problems found comparing every shipped language against English (CONTRACT §6)."""
    problems: list[str] = []
    english = catalogs[DEFAULT_LANGUAGE]
    for lang in sorted(catalogs):
        for key, message in catalogs[lang].items():
            if not key.endswith(PLURAL_SUFFIXES) and _COUNTED_NOUN.search(message):
                # "Cambias {count} cartas" reads "Cambias 1 cartas" when count is 1.
                problems.append(
                    f"{lang}: {key!r} counts with {{count}} but has no _one/_other forms"
                )
    for lang in sorted(catalogs):
        if lang == DEFAULT_LANGUAGE:
            continue
        catalog = catalogs[lang]
        has_one = _PLURAL_RULES.get(lang, _PLURAL_RULES["en"])(1) == "one"
        for key, en_message in english.items():
            if key.endswith("_one") and not has_one:
                # Languages without a singular form only need the _other variant.
                continue
            if key not in catalog:
                problems.append(f"{lang}: missing key {key!r}")
                continue
            expected = placeholders(en_message)
            if key.endswith("_one"):
                # English often writes "1 hand" without {count}; compare with _other.
                other = english.get(key[: -len("_one")] + "_other", en_message)
                expected = placeholders(other) | expected
                found = placeholders(catalog[key])
                if not found <= expected:
                    problems.append(
                        f"{lang}: {key!r} uses unknown placeholders {sorted(found - expected)}"
                    )
                continue
            found = placeholders(catalog[key])
            if found != expected:
                problems.append(
                    f"{lang}: {key!r} placeholders {sorted(found)} differ from English {sorted(expected)}"
                )
    return problems


def load_all() -> dict[str, dict[str, str]]:
    return {lang: load_catalog(lang) for lang in LANGUAGES}
