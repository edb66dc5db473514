"""Engine states, events and views <-> plain JSON, never pickle (the codec of old saves).

The encoder walks values generically, so SabaccState, BragState and NineHalfState (and
attributes a future preset adds) are saved without the engines knowing about files:

- ``None``, ``bool``, ``int``, ``str`` and finite ``float`` stay as they are;
  lists stay lists.
- ``tuple`` -> ``{"$tuple": [...]}``, ``set``/``frozenset`` -> ``{"$set"/"$frozenset": [...]}``,
  ``dict`` -> ``{"$dict": [[key, value], ...]}`` (keys need not be strings),
  a non-finite float -> ``{"$float": "inf"}``.
- An ``Enum`` member -> ``{"$enum": "module:Qualname", "value": ...}``.
- A dataclass instance (options, actions, events) ->
  ``{"$dc": "module:Qualname", "fields": {...}}``, rebuilt through its constructor so its
  own validation runs again.
- Any other object (an engine state, with ``__slots__`` or a ``__dict__``) ->
  ``{"$obj": "module:Qualname", "attrs": {...}}``, rebuilt with ``cls.__new__`` and
  ``setattr`` — no constructor, no engine edits.

Only classes defined in an allow-listed module (``ALLOWED_MODULES``: the rules engines
and the AI) are encoded or decoded; a save naming anything else is refused with
SerializeError, so a crafted save can never make the game import or build arbitrary code.

Only the saves of 0.1.0 and a hand it left in play hold engine states this way (see
game.storage.serialize and game.storage.journal); hand records hold none.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import math
import threading
from collections.abc import Callable
from typing import Any

#: Module prefixes whose classes may appear in a save.
ALLOWED_MODULES: tuple[str, ...] = ("game.rules.", "ai.")

_MARKERS = ("$tuple", "$set", "$frozenset", "$dict", "$float", "$enum", "$dc", "$obj")


class SerializeError(ValueError):
    """A value cannot be saved, or saved JSON cannot be turned back into one."""


# ------------------------------------------------------------------ classes by name
def _allowed_module(module: str) -> bool:
    return any(module.startswith(prefix) for prefix in ALLOWED_MODULES)


def type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def resolve_type(name: Any) -> type:
    """The class a save names, only from an allow-listed module; SerializeError otherwise."""
    if not isinstance(name, str) or name.count(":") != 1:
        raise SerializeError(f"bad class name in save: {name!r}")
    module_name, qualname = name.split(":")
    if not _allowed_module(module_name):
        raise SerializeError(f"class {name} is not allowed in a save")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise SerializeError(f"unknown module in save: {module_name}") from error
    for part in qualname.split("."):
        if part.startswith("__"):
            raise SerializeError(f"bad class name in save: {name!r}")
        target = getattr(target, part, None)
    # The class must really live where the save says (no re-exports of other modules).
    if not isinstance(target, type) or target.__module__ != module_name:
        raise SerializeError(f"unknown class in save: {name}")
    return target


def _check_encodable(cls: type) -> None:
    if not _allowed_module(cls.__module__):
        raise SerializeError(f"cannot save a value of type {cls.__module__}.{cls.__qualname__}")


# ------------------------------------------------------------------------- encode
def encode(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring for the shapes)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, enum.Enum):
        _check_encodable(type(value))
        return {"$enum": type_name(type(value)), "value": encode(value.value)}
    if isinstance(value, int | str):
        # Plain builtins only: an int/str subclass from elsewhere would lose its type.
        if type(value) not in (int, str):
            raise SerializeError(f"cannot save a value of type {type(value).__qualname__}")
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"$float": repr(value)}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, tuple):
        return {"$tuple": [encode(item) for item in value]}
    if isinstance(value, frozenset | set):
        marker = "$frozenset" if isinstance(value, frozenset) else "$set"
        # Sorted by their JSON text so the same set always saves the same way.
        items = sorted((encode(item) for item in value), key=_sort_key)
        return {marker: items}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    cls = type(value)
    _check_encodable(cls)
    if dataclasses.is_dataclass(value):
        return {
            "$dc": type_name(cls),
            "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    return {"$obj": type_name(cls), "attrs": {name: encode(v) for name, v in _attributes(value)}}


class Later:
    """JSON-ready data made when it is written rather than when the save is taken: an
    autosave hands the encoding of a table's views and events to the file writer's
    thread (game.storage.files), so the frame that takes the save only gathers them.
    ``make`` must read only values nobody changes any more (frozen views and events, a
    generator's state tuple). ``json_default`` resolves it inside ``json.dumps``; it is
    made once, whichever thread asks first."""

    __slots__ = ("_lock", "_make", "_made")

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make: Callable[[], Any] | None = make
        self._made: Any = None
        self._lock = threading.Lock()

    def value(self) -> Any:
        with self._lock:
            if self._make is not None:
                self._made, self._make = self._make(), None
            return self._made


def encode_later(value: Any) -> Later:
    """``encode(value)`` made when written; ``value`` must be frozen (a view, an event)."""
    return Later(lambda: encode(value))


def json_default(value: Any) -> Any:
    """``json.dumps(..., default=json_default)``: a ``Later`` written as what it makes."""
    if isinstance(value, Later):
        return value.value()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _copied(value: Any) -> Any:
    """Plain JSON data copied (``Later`` values kept as they are); SerializeError for
    anything else, as ``json.dumps`` would refuse it."""
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise SerializeError("table data is not plain JSON: a key is not a string")
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise SerializeError(f"table data is not plain JSON: {value!r}")
    if value is None or isinstance(value, str | int | float | Later):
        return value
    raise SerializeError(f"table data is not plain JSON: a {type(value).__qualname__}")


def resolved(data: Any) -> Any:
    """``data`` with every ``Later`` in it made: plain JSON data again."""
    return json.loads(json.dumps(data, default=json_default))


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        names.extend(s for s in slots if s not in ("__dict__", "__weakref__"))
    return names


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    """Every attribute an object holds: its filled slots, then its ``__dict__``."""
    found: list[tuple[str, Any]] = []
    for name in _slot_names(type(obj)):
        try:
            found.append((name, getattr(obj, name)))
        except AttributeError:
            continue  # a slot never assigned stays unassigned
    found.extend(getattr(obj, "__dict__", {}).items())
    return found


# ------------------------------------------------------------------------- decode
def decode(data: Any) -> Any:
    """The value ``encode`` turned into ``data``; SerializeError for anything malformed."""
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        return data
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        raise SerializeError(f"unexpected {type(data).__name__} in save")
    markers = [key for key in data if key in _MARKERS]
    if len(markers) != 1:
        raise SerializeError(f"unrecognised object in save: keys {sorted(data)[:4]}")
    marker = markers[0]
    body = data[marker]
    if marker == "$tuple":
        return tuple(decode(item) for item in _list(body, marker))
    if marker == "$set":
        return {decode(item) for item in _list(body, marker)}
    if marker == "$frozenset":
        return frozenset(decode(item) for item in _list(body, marker))
    if marker == "$dict":
        pairs = _list(body, marker)
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs):
            raise SerializeError("a saved mapping must hold [key, value] pairs")
        return {decode(k): decode(v) for k, v in pairs}
    if marker == "$float":
        if body not in ("inf", "-inf", "nan"):
            raise SerializeError(f"bad float in save: {body!r}")
        return float(body)
    cls = resolve_type(body)
    if marker == "$enum":
        if not issubclass(cls, enum.Enum):
            raise SerializeError(f"{body} is not an enumeration")
        try:
            return cls(decode(data.get("value")))
        except ValueError as error:
            raise SerializeError(f"bad value for {body}: {error}") from error
    if marker == "$dc":
        return _decode_dataclass(cls, data.get("fields"))
    return _decode_object(cls, data.get("attrs"))


def _list(body: Any, marker: str) -> list[Any]:
    if not isinstance(body, list):
        raise SerializeError(f"{marker} must hold a list")
    return body


def _decode_dataclass(cls: type, saved: Any) -> Any:
    if not dataclasses.is_dataclass(cls) or not isinstance(saved, dict):
        raise SerializeError(f"bad saved dataclass {cls.__qualname__}")
    known = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(saved) - set(known)
    if unknown:
        raise SerializeError(f"{cls.__qualname__} has no field {sorted(unknown)[0]!r}")
    values = {name: decode(value) for name, value in saved.items()}
    init_args = {name: v for name, v in values.items() if known[name].init}
    try:
        obj = cls(**init_args)
    except (TypeError, ValueError) as error:
        # A missing field without default, or a value its own validation rejects.
        raise SerializeError(f"cannot rebuild {cls.__qualname__}: {error}") from error
    for name, value in values.items():
        if not known[name].init:
            object.__setattr__(obj, name, value)
    return obj


def _decode_object(cls: type, saved: Any) -> Any:
    if dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum) or not isinstance(saved, dict):
        raise SerializeError(f"bad saved object {cls.__qualname__}")
    obj = cls.__new__(cls)
    slots = set(_slot_names(cls))
    has_dict = hasattr(obj, "__dict__")
    for name, value in saved.items():
        if not isinstance(name, str) or (name not in slots and not has_dict):
            raise SerializeError(f"{cls.__qualname__} has no attribute {name!r}")
        object.__setattr__(obj, name, decode(value))
    # A slot the class declares but the save lacks: the engine grew since this save.
    missing = slots - set(saved)
    if missing:
        raise SerializeError(
            f"saved {cls.__qualname__} lacks attribute {sorted(missing)[0]!r} "
            "(saved by another version of the game)"
        )
    return obj
