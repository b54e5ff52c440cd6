"""Dice Hospital variants (French text and dossier) and the solo mode (project content)."""

from __future__ import annotations

import random

import pytest
from dice_hospital_helpers import RED, G, activation, advance_to, new, refresh

from ludoteca.games.dice_hospital.content import content_for


def test_admissions_panic_starts_with_five_patients():
    """Variant: "Panique aux Admissions : au début du jeu, chaque gestionnaire reçoit 5 dés aux
    valeurs 3, 3, 4, 5 et 5 (au lieu de 3 dés)"."""
    s = new(3, seed=2, admissions_panic=True)
    assert all(len(pl["starting_dice"]) == 5 for pl in s.hospitals)
    for seat in range(3):
        action = s.legal_actions(seat)[0]
        assert sorted(action["values"]) == [3, 3, 4, 5, 5]
        s.apply(seat, action)
        assert sorted(v for v in s.hospitals[seat]["bed_value"] if v) == [3, 3, 4, 5, 5]
    assert sum(s.bag) == 54 - 15


def test_national_epidemic_adds_one_rolled_patient_per_claimed_ambulance():
    """Variant: "Épidémie Nationale : chaque fois qu'une ambulance est choisie, le/la gestionnaire
    doit lancer un dé supplémentaire et l'ajouter dans son hôpital"."""
    s = advance_to(new(2, seed=5, national_epidemic=True), "claim")
    seat = s.to_move[0]
    bag = sum(s.bag)
    s.apply(seat, {"type": "ambulance", "number": 2})
    assert len(s.hospitals[seat]["arriving"]) == 4 and sum(s.bag) == bag - 1
    assert 2 <= s.hospitals[seat]["arriving"][-1][1] <= 5
    plain = advance_to(new(2, seed=5), "claim")
    plain.apply(plain.to_move[0], {"type": "ambulance", "number": 2})
    assert len(plain.hospitals[plain.to_move[0] ^ 1]["arriving"]) == 3


def test_experimental_medicine_adds_eight_departments_and_twelve_specialists():
    """Variant: "Médecine Expérimentale : on ajoute les 8 tuiles Service et les 12 cartes
    Spécialistes de l'extension"."""
    s = new(2, seed=1, experimental_medicine=True)
    assert len(s.department_pile) + len(s.department_offer) == 32
    assert len(s.specialist_pile) + len(s.specialist_offer) == 36
    c = content_for({})
    assert set(c.experimental_department_tiles) <= set(s.department_pile + s.department_offer)
    t = new(2, seed=1)
    assert not set(c.experimental_department_tiles) & set(t.department_pile + t.department_offer)


@pytest.mark.parametrize("variant", sorted(G.variants))
def test_every_variant_plays_to_the_end(variant):
    """Every variant bundle listed in Game.variants plays complete games for 1-4 players."""
    for players in (1, 2, 3, 4):
        s = G.new(players, 7, G.variants[variant])
        rng = random.Random(players)
        while not s.is_over:
            seat = rng.choice(s.to_move)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert len(s.scores) == players and s.winners


def test_solo_three_ambulances_and_ambulance_1_allowed():
    """Solo (dossier): "1 player, 3 ambulances, offers as for 2 players; the solo player is always
    first player and may take ambulance 1 (blood bag as usual)"."""
    s = new(1, seed=3, extra_offer_timing="after-intake")
    advance_to(s, "claim")
    assert len(s.ambulances) == 3 and s.first_player == 0
    assert [a["number"] for a in s.legal_actions(0)] == [1, 2, 3]
    blood = s.hospitals[0]["blood_bags"]
    bag = sum(s.bag)
    s.apply(0, {"type": "ambulance", "number": 1})
    assert s.hospitals[0]["blood_bags"] == blood + 1 and s.first_player == 0
    assert sum(s.bag) == bag + 6
    assert len(s.department_offer) == 1 and len(s.specialist_offer) == 1
    advance_to(s, "reveal")
    assert s.to_move == (0,)


def test_solo_reports_face_up_and_rating_ladder():
    """Solo (dossier): a few medical reports face up (3) and a printed rating ladder."""
    s = new(1, seed=3)
    assert len(s.reports_face_up) == 3 and len(s.report_pile) == 12
    assert new(2, seed=3).reports_face_up == []
    t = activation(1, beds={0: (RED, 5, True)})
    t.hospitals[0].update(score=61, fatalities=0, blood_bags=0, administrator=-1)
    t.round = 8
    refresh(t)
    t.apply(0, {"type": "end"})
    assert t.is_over and t.view(0)["solo_title"]["en"] == "Attending physician"
