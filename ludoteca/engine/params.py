"""Designer overrides of a game's content: ``options["params"]`` laid over the data file.

Why strict: a designer who mistypes ``neutrofil`` must be told, not silently ignored, or a whole
balance sweep measures nothing.  Every error names the full path of the bad entry.  Why ranges:
a number the rules cannot survive (a million rounds, a hand limit of 100,000) must be refused
before a game is built; every number a designer may change declares its lowest and highest
value in the content file's ``[ranges]`` table, and the lab's knobs read the same ranges.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

#: Dotted path pattern (``*`` matches one key) -> [lowest, highest].
Ranges = Mapping[str, Sequence[float]]


def override(base: Mapping[str, Any], changes: Mapping[str, Any], path: str = "params",
             ranges: Ranges | None = None) -> dict:
    """A deep copy of ``base`` with ``changes`` applied.

    Keys must exist in ``base``; leaves keep their kind (number, text, flag, list, mapping);
    with ``ranges``, every number changed must lie in its declared range (one with none
    declared cannot be changed).

    >>> override({"cells": {"nk": {"cost": 2}}}, {"cells": {"nk": {"cost": 3}}})
    {'cells': {'nk': {'cost': 3}}}
    >>> override({"cells": {"nk": {"cost": 2}}}, {"cells": {"nk": {"cost": 99}}},
    ...          ranges={"cells.*.cost": [0, 20]})
    Traceback (most recent call last):
    ValueError: params.cells.nk.cost: must be from 0 to 20; got 99
    """
    if not isinstance(changes, Mapping):
        raise ValueError(f"{path}: expected a mapping, got {_shown(changes)}")
    result = copy.deepcopy(dict(base))
    for key, value in changes.items():
        where = f"{path}.{key}"
        if key not in result:
            known = ", ".join(str(k) for k in sorted(result, key=str))
            raise ValueError(f"{where}: unknown key; known keys here: {known}")
        current = result[key]
        if isinstance(current, Mapping):
            result[key] = override(current, value, where, ranges)
        else:
            result[key] = _same_kind(where, current, value)
            if ranges is not None:
                check_range(where, result[key], ranges)
    return result


def range_of(where: str, ranges: Ranges) -> Sequence[float] | None:
    """The declared range for the dotted ``where`` (its leading ``params.`` ignored), or None."""
    parts = where.split(".")[1:] if where.startswith("params.") else where.split(".")
    best: Sequence[float] | None = None
    best_stars = len(parts) + 1
    for pattern, bounds in ranges.items():
        pieces = pattern.split(".")
        if len(pieces) == len(parts) and all(p in ("*", q) for p, q in zip(pieces, parts, strict=True)):
            stars = pieces.count("*")
            if stars < best_stars:  # the most specific pattern wins
                best, best_stars = bounds, stars
    return best


def check_range(where: str, value: Any, ranges: Ranges) -> None:
    """Refuse a number (or a list's numbers) outside the range declared for ``where``."""
    numbers = _numbers(value)
    if not numbers:
        return
    bounds = range_of(where, ranges)
    if bounds is None:
        raise ValueError(f"{where}: this number has no declared range, so it cannot be changed")
    low, high = bounds
    for number in numbers:
        if not low <= number <= high:
            raise ValueError(f"{where}: must be from {low:g} to {high:g}; got {_shown(number)}")


def unranged(base: Mapping[str, Any], ranges: Ranges, path: str = "") -> list[str]:
    """Every numeric leaf of ``base`` without a declared range (a test keeps this empty)."""
    missing: list[str] = []
    for key, value in base.items():
        where = f"{path}.{key}" if path else str(key)
        if isinstance(value, Mapping):
            missing += unranged(value, ranges, where)
        elif _numbers(value) and range_of(where, ranges) is None:
            missing.append(where)
    return missing


def _numbers(value: Any) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item)]
    if isinstance(value, Mapping):
        return [n for item in value.values() for n in _numbers(item)]
    return []


def _shown(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def _same_kind(where: str, current: Any, value: Any) -> Any:
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {_shown(value)}")
        return value
    if isinstance(current, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where}: expected a number, got {_shown(value)}")
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{where}: expected a finite number, got {_shown(value)}")
        if isinstance(current, int) and isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"{where}: expected a whole number, got {_shown(value)}")
            return int(value)
        return value
    if isinstance(current, str):
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text, got {_shown(value)}")
        return value
    if isinstance(current, list):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {_shown(value)}")
        return copy.deepcopy(value)
    return value
