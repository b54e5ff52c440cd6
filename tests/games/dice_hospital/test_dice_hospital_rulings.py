"""Issue 13's Dice Hospital rulings, each test building the position and quoting its rule:
the shift change brings the staff home, blood bags at any moment of an activation, Board Game
Arena's timing for the two-player extra offer, and solo's blood bag for ambulance 1 only."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    activation,
    advance_to,
    give_department,
    give_specialist,
    new,
    refresh,
    types,
)

from ludoteca import IllegalAction

YELLOW_WARD = 1


def end_everyone(s) -> None:
    for seat in list(s.to_move):
        s.apply(seat, {"type": "end"})


# ---- 1. phase 6: the staff comes home at the shift change ----------------------------------------
def test_shift_change_sends_nurses_and_specialists_home_before_the_next_intake():
    """Phase 6: "Mueve todos los meeples de enfermeros de regreso al departamento de enfermeros.
    Mueve todos los meeples especialistas a sus respectivas cartas de Especialista" — so during
    the next round's intake and improvements every meeple is home and every department free."""
    s = activation(beds={0: (RED, 3), 1: (YELLOW, 3)})
    for pl in s.hospitals:
        pl["administrator"] = -1
    spec = give_specialist(s, 0, "surgeon")
    s.apply(0, {"type": "department", "dept": 0})
    s.apply(0, {"type": "meeple", "meeple": -1})
    s.apply(0, {"type": "patient", "bed": 0})
    s.apply(0, {"type": "department", "dept": YELLOW_WARD})
    s.apply(0, {"type": "meeple", "meeple": spec})
    s.apply(0, {"type": "patient", "bed": 1})
    if s.hospitals[0]["activation"]["step"] == "specialist":
        s.apply(0, {"type": "skip"})
    pl = s.hospitals[0]
    assert pl["nurses"] == 2 and pl["departments_used"][:2] == [1, 1] and pl["specialists_used"] == [1]
    end_everyone(s)
    assert s.round == 2 and s.phase in ("reveal", "sort", "claim")
    assert pl["nurses"] == 3 and pl["departments_used"] == [0] * 6 and pl["specialists_used"] == [0]
    seen = s.view(1)["seats"][0]
    assert seen["nurses"] == 3
    assert not any(d["used"] for d in seen["departments"]) and not seen["specialists"][0]["used"]


# ---- 2. blood bags at any moment of the activation -----------------------------------------------
def oncologist_position(**options):
    """Seat 0: a yellow 3 the Yellow triage can treat with the Oncologist, a green 4, one bag."""
    s = activation(beds={0: (YELLOW, 3), 1: (GREEN, 4)}, **options)
    spec = give_specialist(s, 0, "oncologist")
    s.hospitals[0]["blood_bags"] = 1
    refresh(s)
    s.apply(0, {"type": "department", "dept": YELLOW_WARD})
    s.apply(0, {"type": "meeple", "meeple": spec})
    s.apply(0, {"type": "patient", "bed": 0})
    return s


def test_blood_bag_between_the_department_and_its_specialist():
    """"Una bolsa de sangre puede devolverse al suministro general en cualquier momento de tu
    activación"; "Les poches de sang peuvent être défaussées à tout moment": after the Yellow
    triage treated the yellow patient, a bag makes the green patient yellow just before the
    Oncologist's treatment applies to it ("inmediatamente antes de que estés a punto de aplicar
    un efecto curativo a ese dado")."""
    s = oncologist_position()
    pl = s.hospitals[0]
    assert pl["bed_value"][0] == 4 and pl["activation"]["step"] == "specialist"
    assert s.legal_actions(0) == [{"type": "skip"}, {"type": "blood", "bed": 0}, {"type": "blood", "bed": 1}]
    s.apply(0, {"type": "blood", "bed": 1})
    assert s.view(0)["seats"][0]["activation"]["resume"] == "specialist"
    s.apply(0, {"type": "blood_use", "use": "yellow"})
    assert pl["activation"]["step"] == "specialist"
    assert {"type": "patient", "bed": 1} in s.legal_actions(0)
    s.apply(0, {"type": "patient", "bed": 1})
    assert pl["bed_value"][:2] == [4, 5] and pl["bed_treated"][:2] == [1, 1]
    assert pl["blood_bags"] == 0 and pl["activation"] == {"step": "idle"}


def test_blood_bags_between_departments_only_is_an_option():
    """The restriction of earlier versions stays as option ``blood_bags_between_departments_only``:
    with it the Oncologist has no yellow patient to treat and its effect is gone."""
    s = oncologist_position(blood_bags_between_departments_only=True)
    assert s.hospitals[0]["activation"] == {"step": "idle"}
    s.apply(0, {"type": "department", "dept": 2})             # Green triage, for the green 4
    assert "blood" not in types(s.legal_actions(0))
    with pytest.raises(IllegalAction, match="blood_bags_between_departments_only"):
        s.apply(0, {"type": "blood", "bed": 1})


def test_blood_bag_inside_a_group_keeps_the_group_completable():
    """Dermatology treats two green patients: one green chosen, a bag may turn the yellow patient
    green before the second is chosen; the chosen patient cannot take a bag any more, and a bag
    that would leave no second green patient is refused ("si no es posible resolver el efecto del
    departamento en su totalidad, no se puede activar")."""
    s = activation(beds={0: (GREEN, 3), 1: (GREEN, 4), 2: (YELLOW, 2)})
    dermatology = give_department(s, 0, "dermatology")
    s.hospitals[0]["blood_bags"] = 2
    refresh(s)
    s.apply(0, {"type": "department", "dept": dermatology})
    s.apply(0, {"type": "meeple", "meeple": -1})
    s.apply(0, {"type": "patient", "bed": 0})
    legal = s.legal_actions(0)
    assert {"type": "blood", "bed": 0} not in legal and {"type": "blood", "bed": 1} in legal
    with pytest.raises(IllegalAction, match="already chosen"):
        s.apply(0, {"type": "blood", "bed": 0})
    s.apply(0, {"type": "blood", "bed": 1})
    assert types(s.legal_actions(0)) == ["blood_use"] and s.legal_actions(0) == [
        {"type": "blood_use", "use": "treat"}]     # red or yellow would leave no second green
    with pytest.raises(IllegalAction, match="impossible to complete"):
        s.apply(0, {"type": "blood_use", "use": "red"})
    s.apply(0, {"type": "blood_use", "use": "treat"})
    s.apply(0, {"type": "blood", "bed": 2})
    s.apply(0, {"type": "blood_use", "use": "green"})
    assert s.hospitals[0]["activation"]["step"] == "patients"
    s.apply(0, {"type": "patient", "bed": 2})
    pl = s.hospitals[0]
    assert pl["bed_value"][:3] == [4, 5, 3] and pl["bed_treated"][:3] == [1, 1, 1]
    assert pl["blood_bags"] == 0


# ---- 3. two players: the extra offer at the start of the round (Board Game Arena) ---------------
def test_two_players_extra_offer_is_revealed_at_the_start_of_the_round():
    """French text: "S'il n'y a que 2 gestionnaires, celui qui commence peut choisir de révéler
    une tuile Service ou une carte Spécialiste en plus"; Board Game Arena has the round's first
    player do it at the start of the round, before the ambulances are chosen (the default)."""
    s = advance_to(new(2, seed=3), "reveal")
    first = s.first_player
    assert s.round == 1 and s.to_move == (first,) and s.ambulances == [] and s.intake_line == []
    top = s.department_pile[-1]
    s.apply(first, {"type": "reveal", "kind": "department"})
    assert s.department_offer[-1] == top and len(s.department_offer) == 2
    assert s.phase in ("sort", "claim") and s.reveals_left == 0
    advance_to(s, "take")               # no second reveal after the intake
    assert len(s.department_offer) == 2
    advance_to(s, "activate")
    end_everyone(s)
    assert s.round == 2 and s.phase == "reveal" and s.to_move == (s.first_player,)


def test_two_players_extra_offer_after_the_intake_is_an_option():
    """Option ``extra_offer_timing = "after-intake"``: the new first player reveals it after the
    ambulances are claimed (this project's earlier timing)."""
    s = new(2, seed=3, extra_offer_timing="after-intake")
    advance_to(s, "claim")
    assert s.reveals_left == 0
    advance_to(s, "reveal")
    assert s.ambulances == [] and s.to_move == (s.first_player,) and s.queue[0] == s.first_player


# ---- 4. solo: the blood bag comes with ambulance 1 ------------------------------------------------
@pytest.mark.parametrize("number,any_ambulance,gained", [(1, False, 1), (2, False, 0), (3, False, 0),
                                                         (2, True, 1)])
def test_solo_blood_bag_only_for_ambulance_1(number, any_ambulance, gained):
    """French text: "Tout gestionnaire qui prend l'ambulance n°1 reçoit une poche de sang" — solo
    takes a blood bag only with ambulance 1; option ``solo_blood_any_ambulance`` gives it for
    any ambulance (the lowest claimed, as the Spanish text says for several players)."""
    s = advance_to(new(1, seed=3, solo_blood_any_ambulance=any_ambulance), "claim")
    blood = s.hospitals[0]["blood_bags"]
    events = s.apply(0, {"type": "ambulance", "number": number})
    assert s.hospitals[0]["blood_bags"] == blood + gained and s.first_player == 0
    event = next(e for e in events if e["type"] == "first_player")
    assert event["blood"] == gained
    assert s.describe_event(event) == ("Player 1 became first player and gained a blood bag" if gained
                                       else "Player 1 became first player")
