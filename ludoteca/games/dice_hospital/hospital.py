"""One player's hospital: the per-seat data every rules module reads, under names that say what
they hold (the docs page lists them too).  Everything here is public once the set-up is
over; the administrators dealt to a seat are secret and live apart, in the state's
``administrator_hands``.

Why parallel lists for the beds: the hot paths (legal actions, apply, clone) touch only small
ints, and a clone is one marshal copy.  A bed is empty when its colour is ``NO_PATIENT``.

======================  ========================================================================
key                     meaning
======================  ========================================================================
``bed_colour``          per bed: the patient's colour (index in ``COLOURS``), -1 = empty bed
``bed_value``           per bed: the patient's value (0 for an empty bed)
``bed_treated``         per bed: 1 when the patient is on the treated row this round
``bed_tint``            per bed: the colour a blood bag gave it until the end of this
                        activation phase, -1 = its own colour
``arriving``            ``[colour, value]`` of patients still to be placed, lowest value first
``ambulance``           the ambulance number claimed this round (0 = none)
``fatalities``          fatality tokens in the morgue
``blood_bags``          blood bags held
``score``               points banked so far (final scoring adds fatalities and blood bags)
``departments``         department type (index in the content) per tile owned; 0-5 the printed six
``departments_used``    per owned department: 1 when used this round
``department_workers``  per owned department: the meeple that worked it this round (-1 a nurse,
                        k the specialist at ``specialists[k]``), None = nobody yet
``specialists``         specialist type per card owned (each brings its meeple)
``specialists_used``    per owned specialist: 1 when its meeple worked this round
``nurses``              nurses still at the nurses' station this round
``administrator``       the administrator kept (index in the content), -1 = none yet
``starting_dice``       colours of the starting dice still to be valued (set-up)
``setup_done``          the set-up choices are made
``discharged``          colours discharged this round (scored in phase 5)
``activation``          the activation step in progress (see ``idle_activation`` and
                        :mod:`.activation`)
``activation_ended``    the seat has ended (or not begun) its activation this round
``return_decided``      the seat has returned an improvement or kept them all this round
``reports``             medical reports scored (solo; indices in the content)
``round_stats``         this round's facts the solo medical reports check
``round_points``        per round scored: where its points came from (discharge table, empty
                        wards, administrator, event, medical reports), for the end's breakdown
======================  ========================================================================
"""

from __future__ import annotations

from typing import Any

Hospital = dict[str, Any]
NO_PATIENT = -1
NO_TINT = -1
#: The meeple value of a nurse in actions and the activation step (specialists are 0, 1, ...).
NURSE = -1
#: The printed starting departments every hospital owns (indices 0-5 of its departments).
STARTING_DEPARTMENTS = 6
#: The steps of one department's activation, in order (``activation["step"]``).
ACTIVATION_STEPS: tuple[str, ...] = ("idle", "meeple", "patients", "specialist",
                                     "specialist_more", "blood_use")


def idle_activation() -> dict[str, Any]:
    """The activation step between departments: nothing chosen yet."""
    return {"step": "idle"}


def new_hospital(beds: int) -> Hospital:
    """An empty starting hospital with its six printed departments."""
    return {
        "bed_colour": [NO_PATIENT] * beds, "bed_value": [0] * beds,
        "bed_treated": [0] * beds, "bed_tint": [NO_TINT] * beds,
        "arriving": [], "ambulance": 0,
        "fatalities": 0, "blood_bags": 0, "score": 0,
        "departments": list(range(STARTING_DEPARTMENTS)),
        "departments_used": [0] * STARTING_DEPARTMENTS,
        "department_workers": [None] * STARTING_DEPARTMENTS,
        "specialists": [], "specialists_used": [],
        "nurses": 0,
        "administrator": -1, "starting_dice": [], "setup_done": False,
        "discharged": [],
        "activation": idle_activation(), "activation_ended": True, "return_decided": True,
        "reports": [], "round_stats": {}, "round_points": [],
    }


def admit(hospital: Hospital, bed: int, colour: int, value: int) -> None:
    """Lay a patient on the untreated row of ``bed``."""
    hospital["bed_colour"][bed] = colour
    hospital["bed_value"][bed] = value
    hospital["bed_treated"][bed] = 0
    hospital["bed_tint"][bed] = NO_TINT


def clear_bed(hospital: Hospital, bed: int) -> int:
    """Empty ``bed`` (discharge or death); returns the colour of the die that left."""
    colour = hospital["bed_colour"][bed]
    hospital["bed_colour"][bed] = NO_PATIENT
    hospital["bed_value"][bed] = 0
    hospital["bed_treated"][bed] = 0
    hospital["bed_tint"][bed] = NO_TINT
    return colour


def occupied_beds(hospital: Hospital) -> list[int]:
    """The beds with a patient, in bed order."""
    return [bed for bed, colour in enumerate(hospital["bed_colour"]) if colour >= 0]


def patients_left(hospital: Hospital) -> list[int]:
    """The values of the patients in the hospital (the end-of-game tie-break counts them)."""
    return [v for c, v in zip(hospital["bed_colour"], hospital["bed_value"], strict=True) if c >= 0]
