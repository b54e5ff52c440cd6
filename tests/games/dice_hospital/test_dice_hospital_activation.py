"""Phase 3 (hospital activation) of Dice Hospital, each test naming its rule."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    activation,
    beds_of,
    first_legal,
    give_department,
    give_specialist,
    refresh,
    types,
)

from ludoteca import IllegalAction

RED_WARD, YELLOW_WARD, GREEN_WARD, LOW, MID, HIGH = range(6)


def use(s, seat, dept, meeple, beds):
    s.apply(seat, {"type": "department", "dept": dept})
    s.apply(seat, {"type": "meeple", "meeple": meeple})
    for bed in beds:
        s.apply(seat, {"type": "patient", "bed": bed})


def test_activation_is_simultaneous_and_each_seat_ends_its_own():
    """Dossier: "in software every player's activation is pending at once (to_move holds all of
    them) and each ends their own"."""
    s = activation(3, beds={0: (RED, 3)})
    assert s.to_move == (0, 1, 2)
    s.apply(1, {"type": "end"})
    assert s.to_move == (0, 2)
    use(s, 0, RED_WARD, -1, [0])          # seat 0 keeps working while seat 2 still may too
    assert s.to_move == (0, 2)
    with pytest.raises(IllegalAction, match="not to move"):
        s.apply(1, {"type": "end"})


def test_treatment_adds_one_and_moves_to_the_treated_row():
    """Phase 3: "Cada vez que un paciente se cura, su valor aumenta en 1 punto" and the first
    treatment in a round moves it to the treated space below."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 3)})
    pl = s.hospitals[0]
    nurses = pl["nurses"]
    use(s, 0, RED_WARD, -1, [0])
    assert pl["bed_value"][0] == 4 and pl["bed_treated"][0] == 1 and pl["bed_treated"][1] == 0
    assert pl["nurses"] == nurses - 1 and pl["departments_used"][RED_WARD] == 1
    use(s, 0, MID, -1, [0])               # treated again the same round: still on the treated row
    assert pl["bed_value"][0] == 5 and pl["bed_treated"][0] == 1


def test_decision_steps_department_meeple_patients():
    """Decisions are small steps: department, then meeple, then patients; only departments that
    can fully resolve are offered."""
    s = activation(beds={0: (RED, 3)})
    legal = s.legal_actions(0)
    assert [a["dept"] for a in legal if a["type"] == "department"] == [RED_WARD, MID]
    s.apply(0, {"type": "department", "dept": RED_WARD})
    assert types(s.legal_actions(0)) == ["meeple"]
    s.apply(0, {"type": "meeple", "meeple": -1})
    assert s.legal_actions(0) == [{"type": "patient", "bed": 0}]


def test_each_department_once_per_round():
    """Phase 3: "Cada departamento solo se puede usar una vez por ronda"."""
    s = activation(beds={0: (RED, 2), 1: (RED, 2)})
    use(s, 0, RED_WARD, -1, [0])
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"department 0 \(Red triage\) has already been used"):
        s.apply(0, {"type": "department", "dept": RED_WARD})
    assert s.to_json() == before


def test_each_meeple_once_per_round():
    """Phase 3: "Cada meeple solo se puede colocar una vez por ronda"."""
    s = activation(beds={0: (RED, 2), 1: (GREEN, 2)})
    k = give_specialist(s, 0, "surgeon")
    give_specialist(s, 0, "oncologist")
    s.hospitals[0]["nurses"] = 0
    refresh(s)
    use(s, 0, RED_WARD, k, [0])
    s.apply(0, {"type": "skip"})
    s.apply(0, {"type": "department", "dept": GREEN_WARD})
    assert s.legal_actions(0) == [{"type": "meeple", "meeple": 1}]
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"specialist 0 \(Surgeon\) has already worked"):
        s.apply(0, {"type": "meeple", "meeple": k})
    with pytest.raises(IllegalAction, match="no nurse is left"):
        s.apply(0, {"type": "meeple", "meeple": -1})
    assert s.to_json() == before


def test_every_view_shows_which_meeple_works_each_department_until_the_shift_changes():
    """Phase 3: "debes colocar un meeple disponible de enfermero o de especialista en un departamento
    vacío" — it stays there, in sight of every player, until phase 6: "Mueve todos los meeples de
    enfermeros de regreso al departamento de enfermeros. Mueve todos los meeples especialistas a
    sus respectivas cartas de Especialista"."""
    s = activation(beds={0: (RED, 2), 1: (GREEN, 2)})
    k = give_specialist(s, 0, "surgeon")
    use(s, 0, RED_WARD, -1, [0])
    use(s, 0, GREEN_WARD, k, [1])
    for seat in (0, 1, None):
        departments = s.view(seat)["seats"][0]["departments"]
        assert departments[RED_WARD]["worker"] == {"kind": "nurse"}
        assert departments[GREEN_WARD]["worker"] == {"kind": "specialist", "index": k, "id": "surgeon"}
        assert departments[YELLOW_WARD]["worker"] is None
    while s.round == 1 and not s.is_over:  # on to the next round; the shift change frees everyone
        seat = s.to_move[0]
        s.apply(seat, first_legal(s, seat))
    assert all(d["worker"] is None for d in s.view(0)["seats"][0]["departments"])


def test_no_department_offered_without_a_free_meeple():
    """Phase 3: a department needs a meeple; with none left only blood bags and "end" remain."""
    s = activation(beds={0: (RED, 2)})
    s.hospitals[0]["nurses"] = 0
    s.hospitals[0]["blood_bags"] = 0
    refresh(s)
    assert s.legal_actions(0) == [{"type": "end"}]
    with pytest.raises(IllegalAction, match="every nurse and specialist has already worked"):
        s.apply(0, {"type": "department", "dept": RED_WARD})


def test_any_meeple_works_in_any_department():
    """Phase 3: "Cualquier enfermero o especialista puede colocarse en cualquier departamento de
    color; no hay correlación entre el departamento y los colores de los meeples"."""
    s = activation(beds={0: (GREEN, 3)})
    k = give_specialist(s, 0, "cardiologist")     # a red meeple
    s.apply(0, {"type": "department", "dept": GREEN_WARD})
    assert {"type": "meeple", "meeple": k} in s.legal_actions(0)
    s.apply(0, {"type": "meeple", "meeple": k})
    s.apply(0, {"type": "patient", "bed": 0})
    assert s.hospitals[0]["bed_value"][0] == 4


def test_group_effect_needs_its_exact_group():
    """French text: "il faut en avoir le bon nombre pour utiliser ce Service (... Anesthésie qui
    soigne 3 patients ne peut pas être utilisé avec seulement 2 patients)"."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 4)})
    anaesthetics = give_department(s, 0, "anaesthetics")
    assert {"type": "department", "dept": anaesthetics} not in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cannot be fully resolved"):
        s.apply(0, {"type": "department", "dept": anaesthetics})
    assert s.to_json() == before
    s.hospitals[0]["bed_colour"][2], s.hospitals[0]["bed_value"][2] = YELLOW, 5
    refresh(s)
    use(s, 0, anaesthetics, -1, [2, 0, 1])
    assert s.hospitals[0]["bed_value"][:3] == [4, 5, 6]


def test_group_effect_on_the_wrong_group_is_refused():
    """Dossier: "a department that treats a group needs that exact group" (Radiology: three
    patients of the same colour and value)."""
    s = activation(beds={0: (RED, 3), 1: (RED, 3), 2: (GREEN, 3), 3: (RED, 3), 4: (RED, 4)})
    radiology = give_department(s, 0, "radiology")
    s.apply(0, {"type": "department", "dept": radiology})
    s.apply(0, {"type": "meeple", "meeple": -1})
    assert beds_of(s.legal_actions(0)) == [0, 1, 3]
    s.apply(0, {"type": "patient", "bed": 0})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="does not match this effect|exact group"):
        s.apply(0, {"type": "patient", "bed": 2})
    with pytest.raises(IllegalAction, match="does not match|exact group"):
        s.apply(0, {"type": "patient", "bed": 4})
    assert s.to_json() == before
    s.apply(0, {"type": "patient", "bed": 3})
    s.apply(0, {"type": "patient", "bed": 1})
    assert [s.hospitals[0]["bed_value"][b] for b in (0, 1, 3)] == [4, 4, 4]


def test_multi_step_effect_may_overshoot_to_discharge():
    """French text: ENT "qui soigne un patient de 3 niveaux peut être utilisé avec un patient de
    niveau 5"; reaching 7 or more discharges it at once."""
    s = activation(beds={0: (YELLOW, 5)})
    ent = give_department(s, 0, "ent")
    use(s, 0, ent, -1, [0])
    assert s.hospitals[0]["bed_colour"][0] == -1 and s.hospitals[0]["discharged"] == [YELLOW]


def test_discharge_at_seven_is_immediate():
    """Phase 3: "Cuando un paciente recibe una curación y aumenta su valor a 7 o más ... se le da
    de alta del hospital de inmediato"."""
    s = activation(beds={0: (RED, 6), 1: (RED, 5)})
    use(s, 0, RED_WARD, -1, [0])
    assert s.hospitals[0]["bed_colour"][0] == -1 and s.hospitals[0]["discharged"] == [RED]
    use(s, 0, HIGH, -1, [1])
    assert s.hospitals[0]["bed_value"][1] == 6 and s.hospitals[0]["discharged"] == [RED]


def test_specialist_effect_is_optional_and_after_the_department():
    """Phase 3: after a specialist's department resolves "quizás sea posible activar también el
    efecto del propio especialista. Esto es opcional"."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 3)})
    k = give_specialist(s, 0, "cardiologist")
    use(s, 0, RED_WARD, k, [0])
    assert s.hospitals[0]["bed_value"][0] == 4
    assert s.legal_actions(0) == [{"type": "skip"}, {"type": "patient", "bed": 1}]
    s.apply(0, {"type": "skip"})
    assert s.hospitals[0]["bed_value"][1] == 3
    assert {"type": "department", "dept": GREEN_WARD} in s.legal_actions(0)


def test_specialist_effect_once_even_for_a_group():
    """Phase 3: "El efecto de un especialista solo se activa una única vez por ronda, incluso si el
    efecto curativo del departamento afecta a varios pacientes"."""
    s = activation(beds={0: (RED, 3), 1: (RED, 3), 2: (RED, 3), 3: (GREEN, 3), 4: (YELLOW, 3)})
    cardiology = give_department(s, 0, "cardiology")
    k = give_specialist(s, 0, "cardiologist")
    use(s, 0, cardiology, k, [0, 1, 2])
    s.apply(0, {"type": "patient", "bed": 3})
    assert s.hospitals[0]["bed_value"][3] == 4 and s.hospitals[0]["bed_value"][4] == 3
    assert s.hospitals[0]["activation"] == {"step": "idle"}
    assert "patient" not in types(s.legal_actions(0))


def test_blood_bag_treats_any_patient_by_one():
    """Blood bags: "Curar a cualquier paciente 1 punto" (counts as a treatment, dossier)."""
    s = activation(beds={0: (GREEN, 6), 1: (RED, 2)})
    s.hospitals[0]["blood_bags"] = 2
    supply = s.blood_supply
    refresh(s)
    s.apply(0, {"type": "blood", "bed": 1})
    assert s.legal_actions(0) == [{"type": "blood_use", "use": u} for u in ("treat", "yellow", "green")]
    s.apply(0, {"type": "blood_use", "use": "treat"})
    assert s.hospitals[0]["bed_value"][1] == 3 and s.hospitals[0]["bed_treated"][1] == 1
    s.apply(0, {"type": "blood", "bed": 0})
    s.apply(0, {"type": "blood_use", "use": "treat"})
    assert s.hospitals[0]["bed_colour"][0] == -1 and s.hospitals[0]["discharged"] == [GREEN]
    assert s.hospitals[0]["blood_bags"] == 0 and s.blood_supply == supply + 2


def test_blood_bag_changes_a_colour_until_the_end_of_the_phase():
    """Blood bags: "Cambiar temporalmente el color de cualquier dado hasta el final de esta
    fase" — declared before the treatment that needs it."""
    s = activation(2, beds={0: (GREEN, 3)})
    s.hospitals[0]["blood_bags"] = 1
    refresh(s)
    assert {"type": "department", "dept": RED_WARD} not in s.legal_actions(0)
    s.apply(0, {"type": "blood", "bed": 0})
    s.apply(0, {"type": "blood_use", "use": "red"})
    assert {"type": "department", "dept": RED_WARD} in s.legal_actions(0)
    assert {"type": "department", "dept": GREEN_WARD} not in s.legal_actions(0)
    use(s, 0, RED_WARD, -1, [0])
    assert s.hospitals[0]["bed_value"][0] == 4 and s.hospitals[0]["bed_colour"][0] == GREEN
    assert s.view(1)["seats"][0]["beds"][0]["tint"] == "red"
    s.apply(0, {"type": "end"})
    s.apply(1, {"type": "end"})
    assert s.hospitals[0]["bed_tint"][0] == -1


def test_blood_bag_you_do_not_have_is_refused():
    """Blood bags are spent from those you "hayas conseguido"."""
    s = activation(beds={0: (GREEN, 3)})
    s.hospitals[0]["blood_bags"] = 0
    refresh(s)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="you have no blood bag"):
        s.apply(0, {"type": "blood", "bed": 0})
    assert s.to_json() == before


def test_end_early_is_always_possible():
    """Phase 3: "puedes declarar que has terminado esta fase antes de haber colocado todos tus
    meeples"."""
    s = activation(beds={0: (GREEN, 3)})
    assert s.legal_actions(0)[-1] == {"type": "end"}
    s.apply(0, {"type": "end"})
    assert 0 not in s.to_move
