"""What the balance lab asks of Immunity (``Game.progress``, ``seat_order``, ``telemetry``,
``content_keys``; LAB.md §7.3), read straight from the state's fields: cheap, no view built.

The numbers are public ones (every body is on the table), so a chart of them leaks nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .phases import BEFORE


def progress(state: Any) -> tuple[int, int]:
    """(turn on the life line now, turns in the game): a round is a turn of five phases."""
    return state.turn, len(state.content.life_line)


def seat_order(state: Any) -> list[int] | None:
    """The first turn's order of play, rolled on the die in its phase 1 (None before that)."""
    if state.phase == BEFORE or not state.turn:
        return None
    return list(state.order)


def telemetry(state: Any, seat: int) -> dict[str, float]:
    """Per seat: health (the score), organ damage, oxygen income, immune defence, cells owned,
    infection counters, tumours and pathogens in memory."""
    return {
        "health": float(-state.health_penalty(seat)),
        "damage": float(sum(state.damage[seat].values())),
        "oxygen_income": float(state.oxygen_income(seat)),
        "defence": float(state.defence(seat)),
        "cells": float(sum(state.cells[seat].values())),
        "infection_counters": float(sum(i["counters"] for i in state.infections[seat])),
        "tumours": float(sum(state.tumours[seat].values())),
        "memory": float(len(state.memory[seat])),
    }


def content_keys(state: Any, action: Mapping[str, Any]) -> list[str]:
    """The content the player uses with ``action``: the cell bought or put to work, the medical
    card played, the pathogen spread, exposed or discarded, and the organ a cell or card treats.

    The generic match misses the pathogen of a ``spread`` (an infection index).  The infection a
    cell or card attacks is not counted (it is not chosen content), so a lab restriction ("never
    neutrophils") forbids exactly the actions that use the cell.

    The lab asks this at every action, so the key strings are made once per content (a table,
    not an f-string per call): a random-bot action costs ~40 us and the lab may add 2."""
    keys = _TABLES.get(state.content) or _table(state.content)
    kind = action["type"]
    if kind == "buy" or kind == "clear" or kind == "clear_tumour":
        found = [keys.cells[action["cell"]]]
    elif kind == "medical":
        found = [keys.medical[action["card"]]]
    elif kind == "spread_card" or kind == "expose":
        return [keys.pathogens[action["card"]]]
    elif kind == "discard":
        card = action["card"]
        return [keys.medical.get(card) or keys.pathogens[card]]
    elif kind == "spread":
        infections = state.infections[state.to_move[0]] if state.to_move else []
        index = action.get("infection")
        if isinstance(index, int) and 0 <= index < len(infections):
            return [keys.pathogens[infections[index]["pathogen"]]]
        return []
    else:
        return []
    organ = keys.organs.get(action.get("organ", action.get("target")))  # type: ignore[arg-type]
    if organ is not None:
        found.append(organ)
    return found


class _Keys:
    """``"cells.neutrophil"`` and the like for every card of one content, made once."""

    def __init__(self, content: Any) -> None:
        self.cells = {c: f"cells.{c}" for c in content.cell_ids}
        self.medical = {c: f"medical.{c}" for c in content.medical}
        self.pathogens = {c: f"pathogens.{c}" for c in content.pathogens}
        self.organs = {o: f"organs.{o}" for o in content.organs}


#: One key table per content object (a designer's params make a new content; a lab run few).
_TABLES: dict[Any, _Keys] = {}


def _table(content: Any) -> _Keys:
    if len(_TABLES) > 64:
        _TABLES.clear()
    table = _TABLES[content] = _Keys(content)
    return table
