"""What the balance lab asks of Dice Hospital (``Game.progress``, ``seat_order``, ``telemetry``,
``content_keys``; LAB.md §7.3), read straight from the state's fields: cheap, no view built.

Every number here is public (hospitals are on the table), so charting them leaks nothing.
Why ``content_keys`` is needed: actions point at departments and specialists by their index in
an offer or in the seat's own hospital, so the generic match of action values against content
keys would find only the administrators.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .hospital import NURSE, STARTING_DEPARTMENTS

#: Phases of the first round in which the first player token has not moved yet.
BEFORE_FIRST_CLAIMS = ("setup", "reveal", "sort", "claim")


def progress(state: Any) -> tuple[int, int]:
    """(round now, rounds in the game)."""
    return state.round, state.content.rules["rounds"]


def seat_order(state: Any) -> list[int] | None:
    """The first round's order of play: clockwise from the first player drawn at set-up (the
    token moves with the lowest ambulance once the first claims are done; None after that)."""
    if state.round == 1 and state.phase in BEFORE_FIRST_CLAIMS:
        return state.turn_order()
    return None


def telemetry(state: Any, seat: int) -> dict[str, float]:
    """Per seat: score banked, patients in beds, untreated patients, patients discharged this
    round, fatalities, blood bags, department improvements and specialists owned."""
    hospital = state.hospitals[seat]
    colours, treated = hospital["bed_colour"], hospital["bed_treated"]
    return {
        "score": float(hospital["score"]),
        "patients": float(sum(1 for c in colours if c >= 0)),
        "untreated": float(sum(1 for c, t in zip(colours, treated, strict=True) if c >= 0 and not t)),
        "discharged": float(len(hospital["discharged"])),
        "fatalities": float(hospital["fatalities"]),
        "blood_bags": float(hospital["blood_bags"]),
        "departments": float(len(hospital["departments"]) - STARTING_DEPARTMENTS),
        "specialists": float(len(hospital["specialists"])),
    }


def _department_key(state: Any, index: int) -> str:
    content = state.content
    if index < STARTING_DEPARTMENTS:
        table = "starting_departments"
    elif index in content.department_tiles:
        table = "departments"
    else:
        table = "experimental_departments"
    return f"{table}.{content.department_ids[index]}"


def _specialist_key(state: Any, index: int) -> str:
    content = state.content
    table = "specialists" if index in content.specialist_cards else "experimental_specialists"
    return f"{table}.{content.specialist_ids[index]}"


def content_keys(state: Any, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
    """The content a player chooses with ``action`` (asked before it is applied): the
    administrator kept, the department or specialist taken or returned, the department used
    and the specialist sent to it.

    Seats activate at once, so an index is read in the hospital of ``seat`` (the one choosing);
    when the caller names no seat, of the first seat to move for which the action is legal."""
    kind = action.get("type")
    if kind == "admin":
        return [f"administrators.{action['admin']}"]
    if kind == "take":
        index = action.get("index")
        offer = state.offer(action.get("kind"))
        if isinstance(index, int) and 0 <= index < len(offer):
            key = _department_key if action["kind"] == "department" else _specialist_key
            return [key(state, offer[index])]
        return []
    if kind not in ("return", "department", "meeple") or (kind == "meeple" and action.get("meeple") == NURSE):
        return []
    what = "department" if kind == "department" or action.get("kind") == "department" else "specialist"
    index = action.get("dept") if kind == "department" else action.get("meeple", action.get("index"))
    key = _department_key if what == "department" else _specialist_key
    for mover in state.to_move if seat is None else (seat,):
        owned = state.owned(mover, what)
        if isinstance(index, int) and 0 <= index < len(owned) and action in state.legal_actions(mover, copy=False):
            return [key(state, owned[index])]
    return []
