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
    neutrophils") forbids exactly the actions that use the cell."""
    kind = action.get("type")
    organ = action.get("organ", action.get("target"))
    treated = [f"organs.{organ}"] if isinstance(organ, str) and organ in state.content.organs else []
    if kind in ("buy", "clear", "clear_tumour"):
        return [f"cells.{action['cell']}", *treated]
    if kind == "medical":
        return [f"medical.{action['card']}", *treated]
    if kind in ("spread_card", "expose"):
        return [f"pathogens.{action['card']}"]
    if kind == "discard":
        card = action["card"]
        return [f"medical.{card}" if card in state.content.medical else f"pathogens.{card}"]
    if kind == "spread":
        infections = state.infections[state.to_move[0]] if state.to_move else []
        index = action.get("infection")
        if isinstance(index, int) and 0 <= index < len(infections):
            return [f"pathogens.{infections[index]['pathogen']}"]
    return []
