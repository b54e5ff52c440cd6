"""Set-up and phase 1 (patient intake) of Dice Hospital, each test naming its rule."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import GREEN, RED, YELLOW, advance_to, new, refresh, set_beds

from ludoteca import IllegalAction


@pytest.mark.parametrize("players,dice", [(4, 63), (3, 54), (2, 45), (1, 45)])
def test_setup_dice_in_the_bag_by_player_count(players, dice):
    """Set-up 9: "4 jugadores, usa todos los dados, 63 ... 3 jugadores retira 3 dados de cada
    color ... 2 jugadores, retira 6 dados de cada color"; solo plays as for two (dossier)."""
    s = new(players)
    drawn = sum(len(pl["starting_dice"]) for pl in s.hospitals)
    assert sum(s.bag) + drawn == dice


@pytest.mark.parametrize("players,offers", [(4, 3), (3, 2), (2, 1), (1, 1)])
def test_setup_offers_are_players_minus_one(players, offers):
    """Set-up 5-6: departments and specialists face up "igual al número de jugadores menos uno"."""
    s = new(players)
    assert len(s.department_offer) == offers and len(s.specialist_offer) == offers
    assert len(s.department_pile) == 24 - offers and len(s.specialist_pile) == 24 - offers


def test_setup_starting_patients_valued_3_4_5_by_the_player():
    """Set-up 10: 3 random dice set to 3, 4 and 5, each player deciding which die gets which."""
    s = new(2, seed=3)
    s.hospitals[0]["starting_dice"] = [RED, YELLOW, GREEN]
    refresh(s)
    legal = s.legal_actions(0)
    assert len(legal) == 6 and {tuple(sorted(a["values"])) for a in legal} == {(3, 4, 5)}
    s.apply(0, {"type": "start", "values": [5, 3, 4]})
    assert s.hospitals[0]["bed_colour"][:3] == [RED, YELLOW, GREEN] and s.hospitals[0]["bed_value"][:3] == [5, 3, 4]
    assert s.hospitals[0]["bed_treated"][:3] == [0, 0, 0]


def test_setup_same_coloured_dice_offer_one_assignment():
    """Set-up 10: with three dice of one colour every assignment is the same patients."""
    s = new(2, seed=3)
    s.hospitals[0]["starting_dice"] = [RED, RED, RED]
    refresh(s)
    assert s.legal_actions(0) == [{"type": "start", "values": [3, 4, 5]}]


def test_setup_two_administrators_dealt_one_kept_secretly():
    """Set-up 11: "reparte en secreto 2 cartas a cada jugador. Cada jugador elige 1"; the others
    go back to the box.  Others' choices stay hidden until everyone has chosen."""
    s = new(2, seed=5)
    assert all(len(hand) == 2 for hand in s.administrator_hands)
    for seat in (0, 1):
        s.apply(seat, s.legal_actions(seat)[0])
    keep = s.legal_actions(0)[1]
    assert keep["type"] == "admin"
    s.apply(0, keep)
    assert s.view(1)["seats"][0]["administrator"] is None
    assert s.view(0)["seats"][0]["administrator"] == keep["admin"]
    assert s.view(1)["seats"][0]["hand"] is None
    s.apply(1, s.legal_actions(1)[0])
    assert s.phase != "setup"
    assert s.view(1)["seats"][0]["administrator"] == keep["admin"]
    assert all(hand == [] for hand in s.administrator_hands)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_intake_players_plus_one_ambulances_of_three_dice(players):
    """Set-up 3 / phase 1: players + 1 ambulances, 3 dice drawn for each."""
    s = advance_to(new(players, seed=2), "claim")
    assert len(s.ambulances) == players + 1
    assert all(len(dice) == 3 for dice in s.ambulances)


def test_intake_rerolls_ones_and_sixes():
    """Phase 1: "Si alguno tiene un valor de 1 o 6, ese dado se vuelve a tirar hasta que
    obtengas un valor distinto de 1 o 6"."""
    s = new(2)
    rolls = iter([1, 6, 6, 1, 4])
    s.rng.randint = lambda a, b: next(rolls)
    assert s._roll() == 4
    for seed in range(20):
        t = advance_to(new(4, seed=seed), "claim")
        assert all(2 <= v <= 5 for dice in t.ambulances for _, v in dice)


def test_intake_fills_ambulances_in_ascending_order():
    """Phase 1: dice go lowest first into ambulance 1, then 2, and so on."""
    for seed in range(10):
        s = advance_to(new(3, seed=seed), "claim")
        values = [v for dice in s.ambulances for _, v in dice]
        assert values == sorted(values)


def test_intake_last_player_decides_tied_colours_at_a_boundary():
    """Phase 1: "Cuando haya varios dados del mismo valor pero de diferentes colores ... el
    jugador a la derecha del primer jugador decide en qué ambulancia se colocan"."""
    s = advance_to(new(2, seed=1), "claim")
    s.first_player = 0
    s.dice_per_ambulance = 3
    s.intake_line = [[RED, 2], [RED, 3], [RED, 4], [GREEN, 4], [YELLOW, 4], [RED, 5],
              [RED, 5], [RED, 5], [GREEN, 5]]
    s.sort_position = 0
    s._advance_sort()
    refresh(s)
    assert s.phase == "sort" and s.to_move == (1,)       # seat to the first player's right
    assert s.legal_actions(1) == [{"type": "sort", "colour": c} for c in ("red", "yellow", "green")]
    with pytest.raises(IllegalAction):
        s.apply(0, {"type": "sort", "colour": "green"})
    s.apply(1, {"type": "sort", "colour": "green"})
    # the 4s are settled (green to ambulance 1, red and yellow to ambulance 2); the 5s
    # straddle ambulances 2 and 3 with two colours: the same seat decides again.
    assert s.phase == "sort" and s.to_move == (1,)
    assert s.legal_actions(1) == [{"type": "sort", "colour": "red"},
                                  {"type": "sort", "colour": "green"}]
    s.apply(1, {"type": "sort", "colour": "green"})
    assert s.phase == "claim"
    assert s.ambulances[0] == [[RED, 2], [RED, 3], [GREEN, 4]]
    assert sorted(map(tuple, s.ambulances[1])) == [(RED, 4), (YELLOW, 4), (GREEN, 5)]
    assert s.ambulances[2] == [[RED, 5], [RED, 5], [RED, 5]]


def test_intake_tie_of_one_colour_needs_no_decision():
    """Phase 1: the decision only arises for equal values of *different* colours."""
    s = advance_to(new(2, seed=1), "claim")
    s.dice_per_ambulance = 3
    s.intake_line = [[RED, 2], [RED, 3], [RED, 4], [RED, 4], [RED, 4], [RED, 4], [GREEN, 5],
              [GREEN, 5], [GREEN, 5]]
    s.sort_position = 0
    s._advance_sort()
    assert s.phase == "claim"


def test_claim_in_turn_order_from_the_first_player():
    """Phase 1: "empezando por el primer jugador y continuando en sentido horario, cada jugador
    escoge una ambulancia"."""
    s = advance_to(new(3, seed=4), "claim")
    order = []
    while s.phase == "claim":
        seat = s.to_move[0]
        order.append(seat)
        s.apply(seat, s.legal_actions(seat)[-1])
    assert order == s.turn_order() or order == [(order[0] + k) % 3 for k in range(3)]
    assert order[0] != order[1] != order[2]


def test_first_player_may_not_take_ambulance_1():
    """French text: "Le/la gestionnaire ayant commencé le tour ne peut pas choisir l'ambulance
    n°1"; option first_player_may_take_ambulance_1 lifts it."""
    s = advance_to(new(3, seed=4), "claim")
    first = s.to_move[0]
    assert first == s.first_player
    assert [a["number"] for a in s.legal_actions(first)] == [2, 3, 4]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="first player may not take ambulance 1"):
        s.apply(first, {"type": "ambulance", "number": 1})
    assert s.to_json() == before
    t = advance_to(new(3, seed=4, first_player_may_take_ambulance_1=True), "claim")
    assert [a["number"] for a in t.legal_actions(t.to_move[0])] == [1, 2, 3, 4]


def test_ambulance_already_taken_is_refused():
    """Phase 1: each player takes a *different* ambulance."""
    s = advance_to(new(3, seed=4), "claim")
    s.apply(s.to_move[0], {"type": "ambulance", "number": 3})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="ambulance 3 is already taken"):
        s.apply(s.to_move[0], {"type": "ambulance", "number": 3})
    assert s.to_json() == before


def test_lowest_ambulance_gains_blood_bag_and_first_player():
    """Phase 1: "El jugador que reclama la ambulancia de menor valor consigue 1 bolsa de sangre
    ... Además obtiene la ficha de jugador inicial"; the unclaimed ambulance's dice go back."""
    s = advance_to(new(2, seed=8), "claim")
    first, other = s.to_move[0], 1 - s.to_move[0]
    bag = sum(s.bag)
    blood = [pl["blood_bags"] for pl in s.hospitals]
    s.apply(first, {"type": "ambulance", "number": 3})
    s.apply(other, {"type": "ambulance", "number": 2})
    assert s.first_player == other
    assert s.hospitals[other]["blood_bags"] == blood[other] + 1 and s.hospitals[first]["blood_bags"] == blood[first]
    assert sum(s.bag) == bag + 3           # ambulance 1 was not claimed: its dice return
    assert s.phase == "place"


def test_patients_are_placed_in_free_beds_lowest_first():
    """Phase 1: arriving patients go to any empty untreated space of any ward."""
    s = advance_to(new(2, seed=8), "place")
    seat = s.to_move[0]
    pl = s.hospitals[seat]
    arriving = [list(d) for d in pl["arriving"]]
    free = [b for b, c in enumerate(pl["bed_colour"]) if c < 0]
    assert [a["bed"] for a in s.legal_actions(seat)] == free
    s.apply(seat, {"type": "bed", "bed": 11})
    assert [pl["bed_colour"][11], pl["bed_value"][11]] == arriving[0] and pl["bed_treated"][11] == 0
    before = s.to_json()
    with pytest.raises(IllegalAction, match="bed 11 is taken"):
        s.apply(seat, {"type": "bed", "bed": 11})
    assert s.to_json() == before


def test_overflow_player_chooses_who_goes_to_the_morgue():
    """Phase 1: with too few beds "debes retirar pacientes a la morgue"; the player chooses whom
    (dossier); each is a fatality and the die returns to the bag."""
    s = advance_to(new(2, seed=8), "place")
    seat = s.to_move[0]
    set_beds(s, seat, {b: (RED, 3) for b in range(11)} | {0: (GREEN, 2)})
    pl = s.hospitals[seat]
    assert len(pl["arriving"]) == 3
    legal = s.legal_actions(seat)
    assert {a["type"] for a in legal} == {"morgue"} and len(legal) == 11
    with pytest.raises(IllegalAction, match="morgue first"):
        s.apply(seat, {"type": "bed", "bed": 11})
    green = s.bag[GREEN]
    s.apply(seat, {"type": "morgue", "bed": 0})
    assert pl["fatalities"] == 1 and pl["bed_colour"][0] == -1 and s.bag[GREEN] == green + 1
    s.apply(seat, {"type": "morgue", "bed": 5})
    assert {a["type"] for a in s.legal_actions(seat)} == {"bed"}
    assert [a["bed"] for a in s.legal_actions(seat)] == [0, 5, 11]


def test_setup_first_player_chosen_at_random():
    """Set-up 1: the first player "Se puede escoger uno al azar como alternativa" (seeded)."""
    firsts = {new(4, seed=seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new(4, seed=12).first_player == new(4, seed=12).first_player
