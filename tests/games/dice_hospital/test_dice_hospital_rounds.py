"""Phases 2, 4, 5 and 6, the end of the game and the tie-breaks of Dice Hospital."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    activation,
    advance_to,
    give_department,
    new,
    refresh,
    set_beds,
)

from ludoteca import IllegalAction


def no_admins(s):
    for pl in s.hospitals:
        pl["administrator"] = -1
    refresh(s)


def end_activation(s):
    for seat in list(s.to_move):
        s.apply(seat, {"type": "end"})


# ---- phase 2: improvements ------------------------------------------------------------------
def claim(s, numbers):
    """Claim ambulances: ``numbers`` maps seat -> ambulance number."""
    while s.phase == "claim":
        seat = s.to_move[0]
        s.apply(seat, {"type": "ambulance", "number": numbers[seat]})


def test_improvements_in_ambulance_order():
    """Phase 2: "cada jugador, en el orden de su número de ambulancia y empezando por el número
    más bajo, puede realizar una mejora"."""
    s = advance_to(new(3, seed=11), "claim")
    first = s.to_move[0]
    numbers = {first: 4, (first + 1) % 3: 1, (first + 2) % 3: 3}
    claim(s, numbers)
    advance_to(s, "take")
    assert s.queue == sorted(numbers, key=numbers.get)


def test_take_a_department_or_a_specialist_with_its_meeple():
    """Phase 2: take one face-up department tile or specialist card; a specialist comes with a
    meeple of its colour (a new meeple ready to work this round)."""
    s = advance_to(new(3, seed=11), "take")
    seat = s.to_move[0]
    card = s.specialist_offer[0]
    s.apply(seat, {"type": "take", "kind": "specialist", "index": 0})
    assert s.hospitals[seat]["specialists"] == [card] and s.hospitals[seat]["specialists_used"] == [0]
    seat = s.to_move[0]
    tile = s.department_offer[0]
    s.apply(seat, {"type": "take", "kind": "department", "index": 0})
    assert s.hospitals[seat]["departments"][6:] == [tile]
    assert s.legal_actions(s.to_move[0])[-1] == {"type": "pass"}


def test_two_players_first_player_may_reveal_one_more_offer():
    """French text: "S'il n'y a que 2 gestionnaires, celui qui commence peut choisir de révéler une
    tuile Service ou une carte Spécialiste en plus"."""
    s = advance_to(new(2, seed=3, extra_offer_timing="after-intake"), "reveal")
    assert s.to_move == (s.first_player,) and s.first_player == s.queue[0]
    assert [a["kind"] for a in s.legal_actions(s.first_player)] == ["department", "specialist", "none"]
    top = s.specialist_pile[-1]
    s.apply(s.first_player, {"type": "reveal", "kind": "specialist"})
    assert s.specialist_offer[-1] == top and len(s.specialist_offer) == 2 and s.phase == "take"
    assert advance_to(new(3, seed=3), "take").reveals_left == 0


def test_return_one_improvement_for_a_blood_bag():
    """Phase 2: "cada jugador podrá devolver una mejora de hospital (incluida la que acaba de
    conseguir) a la parte baja de la pila ... y a cambio obtener 1 bolsa de sangre"."""
    s = advance_to(new(2, seed=3), "take")
    seat = s.to_move[0]
    tile = s.department_offer[0]
    s.apply(seat, {"type": "take", "kind": "department", "index": 0})
    s.apply(s.to_move[0], {"type": "pass"})
    assert s.phase == "return" and s.to_move == (seat,)
    legal = s.legal_actions(seat)
    assert legal == [{"type": "return", "kind": "department", "index": 6}, {"type": "keep"}]
    blood = s.hospitals[seat]["blood_bags"]
    s.apply(seat, {"type": "return", "kind": "department", "index": 6})
    assert s.department_pile[0] == tile and s.hospitals[seat]["departments"] == [0, 1, 2, 3, 4, 5]
    assert s.hospitals[seat]["blood_bags"] == blood + 1
    assert s.phase == "activate"


def test_starting_departments_cannot_be_returned():
    """Phase 2: only improvements (tiles and cards gained) can be returned, one per round."""
    s = advance_to(new(2, seed=3), "take")
    seat = s.to_move[0]
    s.apply(seat, {"type": "take", "kind": "specialist", "index": 0})
    s.apply(s.to_move[0], {"type": "pass"})
    with pytest.raises(IllegalAction):
        s.apply(seat, {"type": "return", "kind": "department", "index": 0})
    s.apply(seat, {"type": "return", "kind": "specialist", "index": 0})
    assert s.hospitals[seat]["specialists"] == [] and s.phase == "activate"


# ---- phase 4: neglect -------------------------------------------------------------------------
def test_neglect_costs_untreated_patients_one_level():
    """Phase 4: "Cada paciente sin tratar ... deben reducir su valor en 1 punto"; treated ones
    do not."""
    s = activation(beds={0: (RED, 4), 1: (GREEN, 3, True), 2: (YELLOW, 5)})
    no_admins(s)
    end_activation(s)
    pl = s.hospitals[0]
    assert pl["bed_value"][:3] == [3, 3, 4] and pl["bed_treated"][:3] == [0, 0, 0]


def test_neglect_to_death_at_zero():
    """Phase 4: "Si cualquier paciente de valor 1 se reduce a valor 0 ... se convierte en un
    fallecido. El dado se devuelve a la bolsa" and a fatality token goes to the morgue."""
    s = activation(beds={0: (RED, 1), 1: (GREEN, 2)})
    no_admins(s)
    set_beds(s, 1, {})
    red = s.bag[RED]
    events = s._neglect()
    pl = s.hospitals[0]
    assert pl["fatalities"] == 1 and pl["bed_colour"][0] == -1 and pl["bed_value"][1] == 1
    assert s.bag[RED] == red + 1
    assert {"type": "neglect", "seat": 0, "beds": [0, 1], "shielded": [], "died": [0]} in events


def test_super_resistant_virus_neglect_costs_two():
    """Variant (French text): "Virus super-résistant : chaque patient négligé perd 2 niveaux"."""
    s = activation(beds={0: (RED, 4), 1: (GREEN, 2)}, super_resistant_virus=True)
    no_admins(s)
    end_activation(s)
    pl = s.hospitals[0]
    assert pl["bed_value"][0] == 2 and pl["bed_colour"][1] == -1 and pl["fatalities"] == 1


# ---- phase 5: discharge -----------------------------------------------------------------------
CUMULATIVE = [1, 3, 5, 7, 9, 11, 14, 17, 21, 25, 30, 35]


@pytest.mark.parametrize("count", range(1, 13))
def test_discharge_table_every_step(count):
    """Phase 5 table (French text): 1st 1 point; 2nd-6th 2 each; 7th-8th 3; 9th-10th 4;
    11th-12th 5 — cumulative 1, 3, 5, 7, 9, 11, 14, 17, 21, 25, 30, 35."""
    s = activation(beds={0: (RED, 5, True)})
    no_admins(s)
    s.hospitals[0]["discharged"] = [RED] * count
    score = s.hospitals[0]["score"]
    end_activation(s)
    assert s.hospitals[0]["score"] - score == CUMULATIVE[count - 1]
    assert s.discharge_points(count) == CUMULATIVE[count - 1]


def test_french_example_seven_patients_make_fourteen_points():
    """French text: "si 7 patients sortent à la fin d'une manche, le score est de
    1 + 2 + 2 + 2 + 2 + 2 + 3 = 14 points"."""
    s = activation(beds={0: (RED, 6), 1: (RED, 5, True)})
    no_admins(s)
    s.hospitals[0]["discharged"] = [GREEN] * 6
    use_red = [{"type": "department", "dept": 0}, {"type": "meeple", "meeple": -1},
               {"type": "patient", "bed": 0}]
    for action in use_red:
        s.apply(0, action)
    assert len(s.hospitals[0]["discharged"]) == 7
    end_activation(s)
    assert s.hospitals[0]["score"] == 14


def test_empty_wards_bonus_five():
    """Phase 5: "cualquier jugador que termine esta fase con las cuatro habitaciones
    completamente vacías puntuará 5 puntos adicionales"; the dice go back to the bag."""
    s = activation(beds={})
    no_admins(s)
    s.hospitals[0]["discharged"] = [RED, YELLOW]
    set_beds(s, 1, {0: (RED, 5, True)})
    s.hospitals[1]["discharged"] = [RED, YELLOW]
    end_activation(s)
    assert s.hospitals[0]["score"] == 3 + 5 and s.hospitals[1]["score"] == 3
    assert s.hospitals[0]["discharged"] == []


def test_empty_wards_bonus_without_discharges_follows_the_option():
    """Phase 5 as written gives the +5 to any hospital with empty wards; the option
    empty_bonus_needs_discharge asks for at least one discharge that round too."""
    s = activation(beds={})
    no_admins(s)
    s._discharge()
    assert s.hospitals[0]["score"] == 5
    t = activation(beds={}, empty_bonus_needs_discharge=True)
    no_admins(t)
    t._discharge()
    assert t.hospitals[0]["score"] == 0
    t.hospitals[0]["discharged"] = [RED]
    t._discharge()
    assert t.hospitals[0]["score"] == 1 + 5


# ---- phase 6 and the end --------------------------------------------------------------------------
def test_shift_change_resets_rows_meeples_and_offers():
    """Phase 6: meeples go home, treated patients return to the untreated row, ambulances go
    back, unclaimed offers go to the bottom of their piles and new ones are drawn."""
    s = activation(beds={0: (RED, 3)})
    no_admins(s)
    for action in ({"type": "department", "dept": 0}, {"type": "meeple", "meeple": -1},
                   {"type": "patient", "bed": 0}):
        s.apply(0, action)
    offers = list(s.department_offer), list(s.specialist_offer)
    end_activation(s)
    pl = s.hospitals[0]
    assert s.round == 2 and pl["bed_treated"][0] == 0 and pl["bed_value"][0] == 4 and pl["ambulance"] == 0
    assert sorted(s.department_pile[:len(offers[0])]) == sorted(offers[0])
    assert sorted(s.specialist_pile[:len(offers[1])]) == sorted(offers[1])
    assert len(s.department_offer) == 1 and len(s.specialist_offer) == 1
    advance_to(s, "activate")
    assert pl["departments_used"] == [0] * 6 and pl["nurses"] == 3


def test_the_game_ends_after_round_eight_with_end_scoring():
    """End: after the 8th round (no shift change) −2 per fatality and +1 per blood bag kept."""
    s = activation(beds={0: (RED, 5, True)})
    no_admins(s)
    s.round = 8
    s.hospitals[0].update(score=20, fatalities=3, blood_bags=4)
    s.hospitals[1].update(score=10, fatalities=0, blood_bags=0)
    end_activation(s)
    assert s.is_over and s.to_move == ()
    assert s.scores == [20 - 6 + 4, 10]
    assert s.hospitals[0]["bed_treated"][0] == 1          # no shift change in round 8
    assert s.winners == [0]
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(0, {"type": "end"})


def test_eight_rounds_are_played():
    """Sequence: "El juego se desarrolla en una serie de 8 rondas"."""
    s = new(2, seed=9)
    rounds = set()
    while not s.is_over:
        rounds.add(s.round)
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[-1] if legal[-1]["type"] == "end" else legal[0])
    assert rounds == set(range(1, 9))


def finish_with(s, scores, beds):
    no_admins(s)
    for seat, patients in beds.items():
        set_beds(s, seat, patients)
    for seat, score in enumerate(scores):
        s.hospitals[seat].update(score=score, fatalities=0, blood_bags=0)
    s._end_game()


def test_tie_break_fewest_patients_left():
    """End: "el jugador empatado con el menor número de pacientes restantes en su hospital es
    declarado ganador"."""
    s = new(3, seed=1)
    finish_with(s, [10, 10, 9], {0: {0: (RED, 2), 1: (RED, 2)}, 1: {0: (RED, 6)}, 2: {}})
    assert s.winners == [1]


def test_tie_break_highest_total_value_then_shared():
    """End: then "el valor total más alto de todos los pacientes"; "Y si todavía persiste el
    empate, los jugadores comparten la victoria"."""
    s = new(3, seed=1)
    finish_with(s, [10, 10, 10], {0: {0: (RED, 2), 1: (RED, 5)}, 1: {0: (RED, 3), 1: (GREEN, 3)},
                                  2: {0: (RED, 6), 1: (RED, 1)}})
    assert s.winners == [0, 2]
    t = new(2, seed=1)
    finish_with(t, [7, 7], {0: {}, 1: {}})
    assert t.winners == [0, 1]


def test_several_improvements_with_the_same_name():
    """Phase 2: "Es posible tener varias mejoras de hospital con el mismo nombre"; each copy is
    its own department, usable once per round."""
    s = activation(beds={0: (RED, 2), 1: (GREEN, 3)})
    first = give_department(s, 0, "ent")
    second = give_department(s, 0, "ent")
    for dept, bed in ((first, 0), (second, 1)):
        s.apply(0, {"type": "department", "dept": dept})
        s.apply(0, {"type": "meeple", "meeple": -1})
        s.apply(0, {"type": "patient", "bed": bed})
    assert s.hospitals[0]["bed_value"][:2] == [5, 6]
