"""How good a hospital looks to one seat, from its view alone (the greedy bots' evaluation).

Why more than the score: points come only at discharge, several decisions after a patient is
treated, and fatalities come a phase or a round after the choice that caused them.  So each
patient is worth part of its discharge, beds that will be full when the next ambulance comes
cost their likely fatalities, and departments and specialists are worth the treatments they
will give in the rounds left.  The weights are the bots' tuning, not the game's numbers (those
are in ``content.toml``); ``docs/bots.md`` says how they were measured.  Only documented view
keys are read (docs/games/dice-hospital.md, "View keys"), so a bot using this cannot cheat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Phases in which this round's neglect is still to come.
BEFORE_NEGLECT = ("place", "reveal", "take", "return", "activate")
#: Phases in which this round's ambulance is still to come.
BEFORE_INTAKE = ("setup", "reveal", "sort", "claim")
#: Phases of a round before its activation: the round's use of every improvement is ahead.
BEFORE_ACTIVATION = ("setup", "reveal", "sort", "claim", "place", "take", "return")


@dataclass(frozen=True)
class Weights:
    patient: float = 1.25       # a patient at the top value, short of discharge
    untreated: float = 0.25     # an untreated patient before neglect
    dying: float = 2.0          # an untreated patient neglect will kill
    idle_meeple: float = 0.2    # a meeple that can still work this activation
    begun: float = 0.5          # a department begun (its treatment is on its way)
    specialist: float = 5.0     # a specialist (and its meeple) over the whole game
    department: float = 4.0     # a department over the whole game
    full_bed: float = 2.0       # each patient the next ambulance brings beyond the free beds
    incoming: int = 3           # patients the next ambulance brings


WEIGHTS = Weights()


def progress(view: dict[str, Any], seat: int, w: Weights | None = None) -> float:
    """Points banked and pending, plus what the hospital is worth in the rounds to come."""
    w = w or WEIGHTS
    pl = view["seats"][seat]
    if view.get("final_scores") is not None:
        return float(view["final_scores"][seat])
    table = view["discharge_points"]
    out = len(pl["discharged"])
    pending = sum(table[min(i, len(table) - 1)] for i in range(out))
    top = view["discharge_at"] - 1
    value = 0.0
    patients = [(b["value"], b["treated"]) for b in pl["beds"] if b is not None]
    before_neglect = view["phase"] in BEFORE_NEGLECT
    deaths = 0
    if view["phase"] == "activate" and not pl["activating"]:
        # Done activating: this round's neglect is certain, so the seat is valued as it will
        # stand once the round moves on (so that ending one's own activation, which brings a
        # rival's neglect about, does not look like a gain: the early ends of issue 19).
        after = [value - (0 if treated else 1) for value, treated in patients]
        deaths = sum(1 for value in after if value <= 0)
        patients = [(value, False) for value in after if value > 0]
    dying = 0
    for bed_value, treated in patients:
        value += w.patient * bed_value / top
        if before_neglect and not treated:
            value -= w.untreated
            if bed_value <= 1:
                value -= w.dying
                dying += 1
    value += sum(w.patient * v / top for _, v in pl["arriving"])
    if pl["activating"]:
        meeples = pl["nurses"] + sum(1 for s in pl["specialists"] if not s["used"])
        free = sum(1 for d in pl["departments"] if not d["used"])
        value += w.idle_meeple * min(meeples, free)
        act = pl["activation"]
        if (act["resume"] if act["step"] == "blood_use" else act["step"]) != "idle":
            value += w.idle_meeple + w.begun
    rounds_left = view["rounds"] - view["round"]
    if rounds_left > 0 or view["phase"] in BEFORE_INTAKE:  # an ambulance is still to come
        # A patient neglect will kill is charged as dying, and its bed is free for the
        # ambulance: charging it twice made ending the activation (and the deaths) look good.
        free_beds = len(pl["beds"]) - len(patients) + dying - len(pl["arriving"])
        value -= w.full_bed * max(0, w.incoming - free_beds)
    improvements = w.specialist * len(pl["specialists"]) + w.department * (len(pl["departments"]) - 6)
    return (pl["score"] + pending + value + pl["blood_bags"] - 2 * (pl["fatalities"] + deaths)
            + improvements * uses_left(view) / view["rounds"])


def uses_left(view: dict[str, Any]) -> int:
    """Activations still ahead in which an improvement can work.  During the activation this
    round's use is valued by the meeples still free, not here, so the count does not drop
    when the last seat ends its activation: ending one's own activation must not look good
    because it moves the clock on a rival's improvements (the early ends of issue 19)."""
    ahead = view["rounds"] - view["round"]
    return ahead + 1 if view["phase"] in BEFORE_ACTIVATION else ahead


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Own progress minus the best rival's, read from the view alone (the greedy bots' value)."""
    values = [progress(view, s) for s in range(len(view["seats"]))]
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def evaluate_state(state: Any, seat: int) -> float:
    """``evaluate(state.view(seat), seat)`` read from a (determinized) state, for the bots: the
    same number, built from a view cut down to the keys ``progress`` reads, all of them public
    (beds, patients arriving, discharges, meeples, improvements used, the activation step,
    score, blood bags, fatalities; the round and the rules).  The full view also names every
    die, department, specialist, report and administrator, which cost more than the value."""
    rules = state.content.rules
    light = {
        "phase": state.phase,
        "round": state.round,
        "rounds": rules["rounds"],
        "discharge_at": rules["discharge_at"],
        "discharge_points": rules["discharge_points"],
        "final_scores": state.final_scores,
        "seats": [_light_seat(hospital) for hospital in state.hospitals],
    }
    return evaluate(light, seat)


def _light_seat(hospital: Any) -> dict[str, Any]:
    activation = hospital["activation"]
    return {
        "beds": [None if colour < 0 else {"value": value, "treated": bool(treated)}
                 for colour, value, treated in zip(hospital["bed_colour"], hospital["bed_value"],
                                                   hospital["bed_treated"], strict=True)],
        "arriving": hospital["arriving"],
        "discharged": hospital["discharged"],
        "activating": not hospital["activation_ended"],
        "nurses": hospital["nurses"],
        "specialists": [{"used": bool(used)} for used in hospital["specialists_used"]],
        "departments": [{"used": bool(used)} for used in hospital["departments_used"]],
        "activation": {"step": activation["step"], "resume": activation.get("resume")},
        "score": hospital["score"],
        "blood_bags": hospital["blood_bags"],
        "fatalities": hospital["fatalities"],
    }
