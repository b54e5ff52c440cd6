"""``lab knobs``: every tunable number of a game with its value, path and declared range.

The list comes from the content file and its ``[ranges]`` (the same ranges
:func:`ludoteca.engine.params.override` enforces), so a knob listed here is exactly a path a
designer may put in ``params`` and a sweep may move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import game as get_game
from ludoteca.engine.params import range_of

from .gamedata import shipped_content


@dataclass(frozen=True)
class Knob:
    path: str
    value: Any
    kind: str
    low: float | None
    high: float | None


def knobs(game_id: str, pattern: str | None = None) -> list[Knob]:
    """The numeric leaves of the game's content, in file order; ``pattern`` filters (``cells.*.cost``)."""
    import fnmatch

    data, ranges = shipped_content(get_game(game_id))
    found: list[Knob] = []

    def walk(node: Mapping[str, Any], path: str) -> None:
        for key, value in node.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(value, Mapping):
                walk(value, where)
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                bounds = range_of(where, ranges)
                found.append(Knob(where, value, "whole" if isinstance(value, int) else "number",
                                  bounds[0] if bounds else None, bounds[1] if bounds else None))

    walk(data, "")
    if pattern:
        found = [k for k in found if fnmatch.fnmatchcase(k.path, pattern)]
    return found


def set_path(params: dict[str, Any], where: str, value: Any) -> None:
    """Put ``value`` at the dotted knob path ``where`` of a params table, making tables on the way."""
    parts = where.split(".")
    node = params
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value
