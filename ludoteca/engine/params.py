"""Designer overrides of a game's content: ``options["params"]`` laid over the data file.

Why strict: a designer who mistypes ``neutrofil`` must be told, not silently ignored, or a whole
balance sweep measures nothing.  Every error names the full path of the bad entry.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any


def override(base: Mapping[str, Any], changes: Mapping[str, Any], path: str = "params") -> dict:
    """A deep copy of ``base`` with ``changes`` applied.

    Keys must exist in ``base``; leaves keep their kind (number, text, flag, list, mapping).

    >>> override({"cells": {"nk": {"cost": 2}}}, {"cells": {"nk": {"cost": 3}}})
    {'cells': {'nk': {'cost': 3}}}
    """
    if not isinstance(changes, Mapping):
        raise ValueError(f"{path}: expected a mapping, got {changes!r}")
    result = copy.deepcopy(dict(base))
    for key, value in changes.items():
        where = f"{path}.{key}"
        if key not in result:
            known = ", ".join(str(k) for k in sorted(result, key=str))
            raise ValueError(f"{where}: unknown key; known keys here: {known}")
        current = result[key]
        if isinstance(current, Mapping):
            result[key] = override(current, value, where)
        else:
            result[key] = _same_kind(where, current, value)
    return result


def _same_kind(where: str, current: Any, value: Any) -> Any:
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {value!r}")
        return value
    if isinstance(current, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where}: expected a number, got {value!r}")
        if isinstance(current, int) and isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"{where}: expected a whole number, got {value!r}")
            return int(value)
        return value
    if isinstance(current, str):
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text, got {value!r}")
        return value
    if isinstance(current, list):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        return copy.deepcopy(value)
    return value
