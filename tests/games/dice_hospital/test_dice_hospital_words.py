"""Dice Hospital in words for players (issue 14): the prompt at each kind of decision, the log
with the table's names, a private choice read once by each seat, the end's breakdown, and the
catalogue and reference tables following the table's ``params``."""

from __future__ import annotations

from dice_hospital_helpers import RED, G, activation, advance_to, give_department, new, refresh, set_beds

from ludoteca.engine.i18n import visible

NAMES = ["Ana", "Bruno", "Chloé"]


def test_the_first_player_is_told_ambulance_1_is_barred():
    """French text: "Le/la gestionnaire ayant commencé le tour ne peut pas choisir l'ambulance
    n°1." The first player's prompt says so; the option lifting the ban lifts the words too."""
    s = advance_to(new(3, seed=4), "claim")
    seat = s.to_move[0]
    assert seat == s.first_player
    assert s.prompt(seat, "en") == "Choose an ambulance: 2, 3 or 4 — ambulance 1 is barred to the first player"
    assert s.prompt(seat, "es") == ("Elige una ambulancia: 2, 3 o 4 — la ambulancia 1 está vedada al jugador "
                                    "inicial")
    assert s.prompt(seat, "fr") == ("Choisissez une ambulance : 2, 3 ou 4 — l'ambulance 1 est interdite au "
                                    "premier joueur")
    lifted = advance_to(new(3, seed=4, first_player_may_take_ambulance_1=True), "claim")
    assert lifted.prompt(lifted.to_move[0], "en") == "Choose an ambulance: 1, 2, 3 or 4"
    others = [seat for seat in range(3) if seat not in s.to_move]
    assert all(s.prompt(other, "en") == "" for other in others)


def test_a_department_asks_for_its_exact_group_one_patient_at_a_time():
    """Dossier: "a department that treats a group needs that exact group"; Emergency room treats
    two patients of value 1-2 by 2 each (content.toml)."""
    s = activation(beds={0: (RED, 1), 4: (RED, 2)})
    dept = give_department(s, 0, "emergency")
    s.apply(0, {"type": "department", "dept": dept})
    assert s.prompt(0, "en") == "Emergency room: send a nurse or one of your specialists to work there"
    s.apply(0, {"type": "meeple", "meeple": -1})
    assert s.prompt(0, "en") == "Emergency room: choose 2 patients of value 1-2 to treat by +2 each"
    assert s.prompt(0, "es") == "Urgencias: elige 2 pacientes de valor 1 a 2 para curarlos en +2 cada uno"
    assert s.prompt(0, "fr") == "Urgences : choisissez 2 patients de valeur 1 à 2 à soigner de +2 chacun"
    s.apply(0, {"type": "patient", "bed": 0})
    assert s.prompt(0, "en") == "Emergency room: choose 1 more patient of value 1-2"


def test_a_full_hospital_asks_for_the_morgue_and_then_a_bed():
    """French text: "S'il n'y a plus assez de places pour tous les patients admis, des patients de
    l'hôpital doivent être déplacés vers la morgue"."""
    s = advance_to(new(2, seed=1), "place")
    seat = s.to_move[0]
    hospital = s.hospitals[seat]
    arriving = len(hospital["arriving"])
    set_beds(s, seat, {bed: (RED, 3) for bed in range(12 - arriving + 1)})
    assert s.prompt(seat, "en") == ("Your hospital is full: send 1 patient to the morgue to make room "
                                    "(each is a fatality)")
    s.apply(seat, {"type": "morgue", "bed": 0})
    colour, value = hospital["arriving"][0]
    name = ("red", "yellow", "green")[colour]
    assert s.prompt(seat, "en") == (f"Choose a free bed for the arriving {name} {value} "
                                    f"({arriving} patients still to admit)")


def test_the_administrator_choice_names_both_cards():
    """Set-up 11: two administrators dealt, one kept (the other back to the box)."""
    s = new(2, seed=1)
    s.apply(0, s.legal_actions(0)[0])
    names = [s.content.administrators[a]["name"]["en"] for a in s.administrator_hands[0]]
    assert s.prompt(0, "en") == f"Keep one administrator: {names[0]} or {names[1]} (the other goes back to the box)"


def test_a_kept_administrator_is_read_once_by_each_seat_and_named_only_to_its_owner():
    """The kept administrator stays secret until everybody has chosen: the table reads that a
    choice was made, the owner reads which (its private line replaces the public one)."""
    s = new(2, seed=1)
    s.apply(0, s.legal_actions(0)[0])
    kept = s.legal_actions(0)[0]["admin"]
    events = s.apply(0, {"type": "admin", "admin": kept})
    name = s.content.administrators[s.content.administrator_index(kept)]["name"]["en"]
    for seat in (0, 1, None):
        lines = [s.describe_event(e, "en", NAMES[:2]) for e in events if visible(e, seat)]
        assert len(lines) == 1
        assert (name in lines[0]) == (seat == 0), lines
    assert [s.describe_event(e, "en", NAMES[:2]) for e in events if visible(e, 1)] == \
        ["Ana kept an administrator (secret until everybody has chosen)"]


def test_log_lines_name_players_count_beds_from_1_and_open_each_round():
    s = new(2, seed=1)
    took = {"type": "ambulance", "seat": 1, "number": 2, "patients": [[0, 3], [1, 4], [2, 5]]}
    assert s.describe_event(took, "en", NAMES[:2]) == "Bruno took ambulance 2, with red 3, yellow 4 and green 5"
    assert s.describe_event(took, "fr", NAMES[:2]) == "Bruno a pris l'ambulance 2, avec rouge 3, jaune 4 et vert 5"
    admitted = {"type": "admitted", "seat": 0, "bed": 0, "colour": "green", "value": 2}
    assert s.describe_event(admitted, "es", NAMES[:2]) == "Ana ingresó un verde 2 en la cama 1"
    s = advance_to(s, "claim")
    while s.round == 1:
        seat = s.to_move[0]
        events = s.apply(seat, s.legal_actions(seat)[-1])
    opening = next(e for e in events if e["type"] == "round")
    assert opening["section"] is True
    assert s.describe_event(opening, "en") == "Round 2 began"


def end_position():
    """Round 8's activation: Ana (seat 0) holds the Heart foundation chair, a red 6 alone in her
    wards, 3 fatalities and 2 blood bags; Bruno's wards are empty."""
    s = activation()
    s.round = s.content.rules["rounds"]
    for seat, admin in ((0, "heart-foundation"), (1, "recruiter")):
        hospital = s.hospitals[seat]
        hospital.update(score=0, round_points=[], fatalities=0, blood_bags=0, nurses=3,
                        administrator=s.content.administrator_index(admin))
    s.hospitals[0].update(fatalities=3, blood_bags=2)
    set_beds(s, 0, {0: (RED, 6)})
    set_beds(s, 1, {})
    refresh(s)
    return s


def test_the_end_breakdown_counts_as_the_rule_book():
    """Spanish text: "Resta 2 puntos por cada ficha de fallecido en tu morgue"; French text:
    "chaque gestionnaire gagne 1 point par poche de sang restante, et perd 2 points par jeton
    Décès"; the discharge table's first patient is worth 1, empty wards +5; the Heart foundation
    chair adds 1 per red patient discharged."""
    s = end_position()
    for action in ({"type": "department", "dept": 0}, {"type": "meeple", "meeple": -1},
                   {"type": "patient", "bed": 0}, {"type": "end"}):
        s.apply(0, action)
    events = s.apply(1, {"type": "end"})
    assert s.is_over and s.scores == [3, 5]
    assert s.score_breakdown("en", NAMES[:2]) == [
        [("Round 8: 1 patient discharged", 1), ("Round 8: every ward empty", 5),
         ("Administrator Heart foundation chair", 1), ("3 fatalities × −2", -6), ("2 blood bags left × +1", 2)],
        [("Round 8: every ward empty", 5), ("0 fatalities × −2", 0), ("0 blood bags left × +1", 0)],
    ]
    assert [line for line, _ in s.score_breakdown("es")[0]] == [
        "Ronda 8: 1 paciente con alta", "Ronda 8: todas las habitaciones vacías",
        "Administrador Presidente de la fundación del corazón", "3 fallecidos × −2",
        "2 bolsas de sangre restantes × +1"]
    assert s.score_breakdown("fr")[1][0] == ("Manche 8 : toutes les chambres vides", 5)
    over = next(e for e in events if e["type"] == "game_over")
    assert s.describe_event(over, "en", NAMES[:2]) == "Game over. Ana 3 points, Bruno 5 points. Winner: Bruno"
    assert s.view(0)["scores"] == [3, 5]


def test_the_catalogue_and_reference_follow_the_tables_params():
    """A designer's change to a number shows in the tooltip and the reference table at once."""
    plain = {e["id"]: e for e in G.catalogue(None, "en")}
    assert plain["department:ent"]["text"].startswith("Treats 1 patient by +3.")
    assert ["Treatment", "+3"] in plain["department:ent"]["facts"]
    params = {"departments": {"ent": {"amount": 4}}, "rules": {"fatality_penalty": 3}}
    changed = {e["id"]: e for e in G.catalogue({"params": params}, "fr")}
    assert changed["department:ent"]["text"].startswith("Soigne 1 patient de +4.")
    assert ["Soin", "+4"] in changed["department:ent"]["facts"]
    assert ["À la fin", "−3"] in changed["piece:fatality"]["facts"]
    table = G.reference({"params": {"rules": {"discharge_points": [2, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5]}}}, "en")[0]
    assert table["title"] == "Discharge table"
    assert table["rows"][:2] == [["no. 1", "2", "2"], ["no. 2", "2", "4"]]
    assert "+5 when every ward is empty" in table["note"]
    kinds = {entry["id"].split(":")[0] for entry in G.catalogue({"events": True}, "en")}
    assert kinds == {"department", "specialist", "administrator", "event", "report", "ambulance", "die", "piece"}
    assert not any(e["id"].startswith("event:") for e in G.catalogue(None, "en"))
