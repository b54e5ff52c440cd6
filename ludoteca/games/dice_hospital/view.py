"""What one seat sees of a Dice Hospital game: every key readable and documented in
docs/games/dice-hospital.md ("View keys"), so boards, the terminal, the heuristic and the
encoder read the same names.

Hidden: the order of the face-down piles and of the dice bag (only their sizes show), and the
administrators dealt to the other seats and, until everybody has chosen, the one they kept.
Everything else at the table is public, including the activation step another seat is in.
"""

from __future__ import annotations

from typing import Any

from .content import COLOURS, MEEPLE_COLOURS
from .hospital import NURSE, Hospital


def view(state: Any, seat: int | None) -> dict[str, Any]:
    """The seat's view (``None``: a spectator).  ``state`` is a ``DiceHospitalState``; typed
    loosely so that this module does not import the state (which imports it)."""
    content = state.content
    rules = content.rules
    phase = state.phase
    return {
        "phase": phase,
        "scores": state.scores,
        "seats": [_seat(state, s, hospital, seat == s) for s, hospital in enumerate(state.hospitals)],
        "round": state.round,
        "rounds": rules["rounds"],
        "discharge_at": rules["discharge_at"],
        "discharge_points": list(rules["discharge_points"]),
        "beds_per_ward": rules["beds_per_ward"],
        "first_player": state.first_player,
        "bag": dict(zip(COLOURS, state.bag, strict=True)),
        "piles": {"departments": len(state.department_pile), "specialists": len(state.specialist_pile),
                  "events": len(state.event_pile), "reports": len(state.report_pile)},
        "offers": {"departments": [content.department_ids[d] for d in state.department_offer],
                   "specialists": [content.specialist_ids[k] for k in state.specialist_offer]},
        "ambulances": [{"number": i + 1, "patients": _dice(dice),
                        "owner": state.ambulance_owners[i] if i < len(state.ambulance_owners) else -1}
                       for i, dice in enumerate(state.ambulances)],
        "intake_line": _dice(state.intake_line),
        "sort_position": state.sort_position if phase == "sort" else None,
        "queue": list(state.queue) if phase in ("claim", "take") else [],
        "reveals_left": state.reveals_left,
        "event": content.events[state.event]["id"] if state.event >= 0 else None,
        "medical_reports": [content.reports[r]["id"] for r in state.reports_face_up],
        "blood_supply": state.blood_supply,
        "final_scores": list(state.final_scores) if state.final_scores is not None else None,
        "solo_title": state.solo_title() if state.players == 1 and state.final_scores else None,
    }


def _dice(dice: list[list[int]]) -> list[list[Any]]:
    return [[COLOURS[c], v] for c, v in dice]


def _seat(state: Any, seat: int, hospital: Hospital, mine: bool) -> dict[str, Any]:
    content = state.content
    admin = hospital["administrator"]
    revealed = mine or state.phase != "setup"
    return {
        "beds": [None if c < 0 else {"colour": COLOURS[c], "value": v, "treated": bool(t),
                                     "tint": COLOURS[x] if x >= 0 else None}
                 for c, v, t, x in zip(hospital["bed_colour"], hospital["bed_value"],
                                       hospital["bed_treated"], hospital["bed_tint"], strict=True)],
        "arriving": _dice(hospital["arriving"]),
        "ambulance": hospital["ambulance"] or None,
        "fatalities": hospital["fatalities"],
        "blood_bags": hospital["blood_bags"],
        "score": hospital["score"],
        "departments": [{"id": content.department_ids[d], "used": bool(u), "worker": _worker(w, hospital, content)}
                        for d, u, w in zip(hospital["departments"], hospital["departments_used"],
                                           hospital["department_workers"], strict=True)],
        "specialists": [{"id": content.specialist_ids[k],
                         "meeple": MEEPLE_COLOURS[content.specialist_meeple[k]], "used": bool(u)}
                        for k, u in zip(hospital["specialists"], hospital["specialists_used"], strict=True)],
        "nurses": hospital["nurses"],
        "administrator": content.administrators[admin]["id"] if admin >= 0 and revealed else None,
        "administrator_chosen": admin >= 0,
        "hand": [content.administrators[a]["id"] for a in state.administrator_hands[seat]] if mine else None,
        "starting_dice": [COLOURS[c] if c >= 0 else None for c in hospital["starting_dice"]],
        "discharged": [COLOURS[c] for c in hospital["discharged"]],
        "activation": _activation(hospital["activation"]),
        "activating": not hospital["activation_ended"],
        "reports": [content.reports[r]["id"] for r in hospital["reports"]],
    }


def _worker(meeple: int | None, hospital: Hospital, content: Any) -> dict[str, Any] | None:
    """Who works a department this round, as everyone at the table sees it: None, a nurse, or a
    specialist (its place in the hospital's ``specialists`` and its id)."""
    if meeple is None:
        return None
    if meeple == NURSE:
        return {"kind": "nurse"}
    return {"kind": "specialist", "index": meeple, "id": content.specialist_ids[hospital["specialists"][meeple]]}


def _activation(step: dict[str, Any]) -> dict[str, Any]:
    """The activation step with every key present (``None`` / ``[]`` when not in use)."""
    return {
        "step": step["step"],
        "department": step.get("department"),
        "meeple": step.get("meeple"),
        "chosen": list(step.get("chosen", ())),
        "treated": list(step.get("treated", ())),
        "trigger_values": list(step.get("trigger_values", ())),
        "trigger_colours": [COLOURS[c] for c in step.get("trigger_colours", ())],
        "bed": step.get("bed"),
        "resume": step.get("resume"),
    }
