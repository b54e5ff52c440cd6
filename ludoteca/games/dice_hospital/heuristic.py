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
from typing import Any, NamedTuple

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
    if view.get("final_scores") is not None:
        return float(view["final_scores"][seat])
    pl = view["seats"][seat]
    act = pl["activation"]
    return worth(Facts(
        patients=[(b["value"], b["treated"]) for b in pl["beds"] if b is not None],
        beds=len(pl["beds"]), arriving=[v for _, v in pl["arriving"]], discharged=len(pl["discharged"]),
        activating=pl["activating"],
        meeples=pl["nurses"] + sum(1 for s in pl["specialists"] if not s["used"]),
        free=sum(1 for d in pl["departments"] if not d["used"]),
        begun=(act["resume"] if act["step"] == "blood_use" else act["step"]) != "idle",
        specialists=len(pl["specialists"]), departments=len(pl["departments"]),
        score=pl["score"], blood_bags=pl["blood_bags"], fatalities=pl["fatalities"],
    ), Clock(view["phase"], view["round"], view["rounds"], view["discharge_at"], view["discharge_points"]), w)


class Clock(NamedTuple):
    """Where the game stands, as ``progress`` reads it: the phase, the round and the rules."""

    phase: str
    round: int
    rounds: int
    discharge_at: int
    discharge_points: list[int] | tuple[int, ...]


class Facts(NamedTuple):
    """What ``progress`` reads of one hospital (all public): each patient as (value, treated),
    the beds, the values arriving, the discharges this round, whether it is still activating,
    its free meeples and departments and whether a department is begun, its improvements,
    score, blood bags and fatalities."""

    patients: tuple[tuple[int, Any], ...] | list[tuple[int, Any]]
    beds: int
    arriving: tuple[int, ...] | list[int]
    discharged: int
    activating: bool
    meeples: int
    free: int
    begun: bool
    specialists: int
    departments: int
    score: int
    blood_bags: int
    fatalities: int


def worth(pl: Facts, clock: Clock, w: Weights | None = None) -> float:
    """``progress`` of a hospital read into a ``Facts``: from a view or straight from the
    state (``evaluate_state``), the same arithmetic in the same order, so the same number."""
    w = w or WEIGHTS
    table = clock.discharge_points
    pending = sum(table[min(i, len(table) - 1)] for i in range(pl.discharged)) if pl.discharged else 0
    top = clock.discharge_at - 1
    value = 0.0
    patients = pl.patients
    phase = clock.phase
    before_neglect = phase in BEFORE_NEGLECT
    deaths = 0
    if phase == "activate" and not pl.activating:
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
    if pl.arriving:  # (adding the empty sum, 0, would change nothing)
        value += sum(w.patient * v / top for v in pl.arriving)
    if pl.activating:
        value += w.idle_meeple * min(pl.meeples, pl.free)
        if pl.begun:
            value += w.idle_meeple + w.begun
    rounds_left = clock.rounds - clock.round
    if rounds_left > 0 or phase in BEFORE_INTAKE:  # an ambulance is still to come
        # A patient neglect will kill is charged as dying, and its bed is free for the
        # ambulance: charging it twice made ending the activation (and the deaths) look good.
        free_beds = pl.beds - len(patients) + dying - len(pl.arriving)
        value -= w.full_bed * max(0, w.incoming - free_beds)
    improvements = w.specialist * pl.specialists + w.department * (pl.departments - 6)
    return (pl.score + pending + value + pl.blood_bags - 2 * (pl.fatalities + deaths)
            + improvements * uses_left(clock) / clock.rounds)


def uses_left(clock: Clock) -> int:
    """Activations still ahead in which an improvement can work.  During the activation this
    round's use is valued by the meeples still free, not here, so the count does not drop
    when the last seat ends its activation: ending one's own activation must not look good
    because it moves the clock on a rival's improvements (the early ends of issue 19)."""
    ahead = clock.rounds - clock.round
    return ahead + 1 if clock.phase in BEFORE_ACTIVATION else ahead


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Own progress minus the best rival's, read from the view alone (the greedy bots' value)."""
    values = [progress(view, s) for s in range(len(view["seats"]))]
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def evaluate_state(state: Any, seat: int) -> float:
    """``evaluate(state.view(seat), seat)`` read from a (determinized) state, for the bots: the
    same number (``worth`` of the same facts), read straight from the hospitals, all of it
    public (beds, patients arriving, discharges, meeples, improvements used, the activation
    step, score, blood bags, fatalities; the round and the rules).  The view also names every
    die, department, specialist, report and administrator, which cost more than the value."""
    values = [hospital_progress(state, hospital, s) for s, hospital in enumerate(state.hospitals)]
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def clock(state: Any) -> Clock:
    """The state's ``Clock`` (hashable: the discharge table as a tuple)."""
    rules = state.content.rules
    return Clock(state.phase, state.round, rules["rounds"], rules["discharge_at"], tuple(rules["discharge_points"]))


def hospital_progress(state: Any, hospital: dict[str, Any], seat: int, at: Clock | None = None) -> float:
    """``progress`` of ``hospital`` (seat ``seat``'s) read from the state, as its view shows it."""
    if state.final_scores is not None:
        return float(state.final_scores[seat])
    return worth(facts(hospital), at or clock(state))


def facts(hospital: dict[str, Any]) -> Facts:
    """What ``progress`` reads of a hospital, straight from the state's data (hashable)."""
    activation = hospital["activation"]
    step = activation["step"]
    # Built as a plain tuple of the fields in order: the keyword constructor is a Python call
    # that cost a third of this function, and bots read a hospital at every position.
    values, treated = hospital["bed_value"], hospital["bed_treated"]
    return _new(Facts, (
        tuple([(values[bed], treated[bed]) for bed, colour in enumerate(hospital["bed_colour"]) if colour >= 0]),
        len(hospital["bed_colour"]), tuple([v for _, v in hospital["arriving"]]),
        len(hospital["discharged"]), not hospital["activation_ended"],
        hospital["nurses"] + hospital["specialists_used"].count(0),
        hospital["departments_used"].count(0),
        (activation["resume"] if step == "blood_use" else step) != "idle",
        len(hospital["specialists"]), len(hospital["departments"]),
        hospital["score"], hospital["blood_bags"], hospital["fatalities"],
    ))


_new = tuple.__new__
